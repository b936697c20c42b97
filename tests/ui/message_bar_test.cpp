// The window's message bar shows its whole text: a message that wraps gets the lines it needs
// above the chart panel, which takes all the room it is given (a second line was cut at 1280 px).
#include "message_bar.h"

#include <gtest/gtest.h>

#include <QLabel>
#include <QTest>

#include "window_fixture.h"

using namespace warpscope;
using namespace warpscope::ui;

TEST(MessageBar, AMessageThatWrapsGetsTheLinesItNeedsInTheWindow) {
  test::WindowFixture f;
  f.window.resize(1280, 720);
  MessageBar* bar = f.window.messageBar();
  // One line first, as "Connecting to HOST: ..." is before the offer replaces it.
  bar->showMessage(QStringLiteral("Connecting to gpu-without-worker: starting ssh"), MessageBar::Level::Info);
  QTest::qWait(50);
  for (const QString& text :
       {QStringLiteral("gpu-without-worker has no warpscope-cli on its PATH. Install Warpscope's worker there "
                       "(into ~/.cache/warpscope/, no root needed)?"),
        QStringLiteral("A message long enough to wrap at this width: ") + QString(40, QLatin1Char('w')) +
            QStringLiteral(" and then some more words ") + QString(60, QLatin1Char('x')) +
            QStringLiteral(" and a last few words to finish it.")}) {
    bar->showMessage(text, MessageBar::Level::Warning, QStringLiteral("Install"), [] {});
    // At once, as a screenshot or an export may grab the window right after a message.
    (void)f.window.grab();
    const QLabel* label = bar->findChild<QLabel*>();
    ASSERT_NE(label, nullptr);
    const int needed = label->heightForWidth(label->width());
    EXPECT_GT(needed, label->fontMetrics().lineSpacing()) << "the text wraps";
    EXPECT_GE(label->height(), needed) << "a line of the message is cut";
    EXPECT_LE(label->geometry().bottom(), bar->height()) << "the label runs past the bar";
  }
}
