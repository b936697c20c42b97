// The numbers panel's text blocks: drawn exactly as the word-wrapped, selectable QLabel they
// replace (same height for a width, same pixels), laid out without asking the window for a new
// layout when a new text keeps the height, and selectable for copying.
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QImage>
#include <QLabel>
#include <QTest>
#include <QVBoxLayout>

#include <gtest/gtest.h>

#include "text_block.h"

using namespace warpscope::ui;

namespace {

const QString kTable = QStringLiteral(
    "<table cellspacing='0' cellpadding='2'><tr><td>Useful bandwidth (read + write):</td>"
    "<td style='padding-left:8px; padding-right:28px'><b>2,985 GB/s</b></td><td>Sectors per request:</td>"
    "<td style='padding-left:8px; padding-right:28px'><b>4 sectors</b></td></tr></table>"
    "<table cellspacing='0' cellpadding='3' style='margin-top:8px'><tr><th></th>"
    "<th style='padding-left:14px; text-align:right'>rate</th></tr><tr><td><b>Model</b></td>"
    "<td style='padding-left:14px' align='right'>1.374 G/s</td></tr></table>");
const QString kNotes = QStringLiteral(
    "At stride 1 with 4-byte elements from offset 0, one warp's 32 accesses (128 bytes) touch 4 sectors in 1 line: "
    "128 bytes move for 128 used (100%).  ·  Model: each warp's load and store touch the sectors the 32-byte rule "
    "counts, blended with the streaming limit as a 4-norm.");

/// A label as the numbers panel had them, and a text block, side by side in one window.
struct Pair {
  QWidget window;
  QLabel* label = new QLabel(&window);
  TextBlock* block = new TextBlock(&window);
  Pair(const QString& text, bool rich) {
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (rich) label->setTextFormat(Qt::RichText);
    label->setText(text);
    if (rich) {
      block->setHtml(text);
    } else {
      block->setPlainText(text);
    }
    window.resize(1000, 600);
    window.show();
  }
};

}  // namespace

TEST(TextBlock, TakesTheHeightAWrappedLabelTakesAtEveryWidth) {
  for (const bool rich : {true, false}) {
    Pair p(rich ? kTable : kNotes, rich);
    for (int width : {300, 520, 777, 1200})
      EXPECT_EQ(p.block->heightForWidth(width), p.label->heightForWidth(width)) << (rich ? "table" : "notes") << " at " << width;
  }
}

TEST(TextBlock, DrawsTheSamePixelsAsTheLabel) {
  for (const bool rich : {true, false}) {
    Pair p(rich ? kTable : kNotes, rich);
    QPalette grey = p.label->palette();
    grey.setColor(QPalette::WindowText, QColor(0x55, 0x55, 0x55));
    p.label->setPalette(grey);
    p.block->setPalette(grey);
    const int width = 640;
    const int height = p.label->heightForWidth(width);
    p.label->setGeometry(0, 0, width, height);
    p.block->setGeometry(0, height + 10, width, height);
    const QImage a = p.label->grab().toImage();
    const QImage b = p.block->grab().toImage();
    ASSERT_EQ(a.size(), b.size());
    EXPECT_TRUE(a == b) << (rich ? "table" : "notes");
  }
}

TEST(TextBlock, ANewTextOfTheSameHeightAsksForNoNewLayout) {
  QWidget window;
  auto* layout = new QVBoxLayout(&window);
  auto* block = new TextBlock(&window);
  layout->addWidget(block);
  block->setHtml(kTable);
  window.resize(900, 400);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QCoreApplication::sendPostedEvents();
  struct Counter : QObject {
    int layoutRequests = 0;
    bool eventFilter(QObject*, QEvent* e) override {
      layoutRequests += e->type() == QEvent::LayoutRequest ? 1 : 0;
      return false;
    }
  } counter;
  window.installEventFilter(&counter);
  QString next = kTable;
  block->setHtml(next.replace(QStringLiteral("2,985"), QStringLiteral("1,012")));
  QCoreApplication::sendPostedEvents();
  EXPECT_EQ(counter.layoutRequests, 0);
  EXPECT_TRUE(block->toPlainText().contains(QStringLiteral("1,012 GB/s")));
  block->setPlainText(kNotes);  // taller: the panel must make room
  QCoreApplication::sendPostedEvents();
  EXPECT_GE(counter.layoutRequests, 1);
}

TEST(TextBlock, SelectAllAndCopyPutTheTextOnTheClipboard) {
  Pair p(kTable, true);
  p.block->setGeometry(0, 0, 800, p.block->heightForWidth(800));
  p.block->setFocus();
  QTest::keyClick(p.block, Qt::Key_A, Qt::ControlModifier);
  EXPECT_TRUE(p.block->selectedText().contains(QStringLiteral("2,985 GB/s")));
  QTest::keyClick(p.block, Qt::Key_C, Qt::ControlModifier);
  EXPECT_TRUE(QApplication::clipboard()->text().contains(QStringLiteral("Sectors per request")));
}

// A new plain text replaces only the part that changed (a focus move changes one note of
// several); what is shown must be what the whole new text set afresh shows.
TEST(TextBlock, ANewPlainTextReplacedInPlaceReadsAndDrawsAsTheTextSetAfresh) {
  const QString first = QStringLiteral("At stride 1, 4 sectors.\nModel: the 32-byte rule.\nSimulated 😀 here.");
  const QStringList nexts = {QStringLiteral("At stride 12, 48 sectors.\nModel: the 32-byte rule.\nSimulated 😀 here."),
                             QStringLiteral("At stride 1, 4 sectors.\nModel: the 32-byte rule.\nSimulated 😁 here."),
                             QStringLiteral("One note now."),
                             QStringLiteral("At stride 1, 4 sectors.\n\nModel: the 32-byte rule.\nSimulated 😀 here.\nAnd more.")};
  for (const QString& next : nexts) {
    QWidget window;
    auto* edited = new TextBlock(&window);
    auto* fresh = new TextBlock(&window);
    edited->setGeometry(0, 0, 400, 200);
    fresh->setGeometry(0, 210, 400, 200);
    window.resize(420, 420);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    edited->setPlainText(first);
    edited->setPlainText(next);
    fresh->setPlainText(next);
    EXPECT_EQ(edited->toPlainText(), next);
    EXPECT_EQ(edited->heightForWidth(400), fresh->heightForWidth(400)) << next.toStdString();
    EXPECT_TRUE(edited->grab().toImage() == fresh->grab().toImage()) << next.toStdString();
  }
}
