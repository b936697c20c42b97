// The listing view kind (a kernel's SASS): its lines drawn in a fixed-width font with their class's
// colour, the legend of classes, the banner; the keys and the wheel scroll it, the export holds
// the lines in sight, a line's tooltip has its whole text, and an empty listing says why.
#include "views/listing_renderer.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QImage>
#include <QKeyEvent>
#include <QPainter>
#include <QTest>

#include "views/figure_chrome.h"
#include "views/listing_figure.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

View listing(int lines) {
  View v;
  v.id = "sass";
  v.title = "SASS of the focus variant";
  v.kind = ViewKind::Listing;
  v.listing.caption = "BLOCK 256, sm_90";
  v.listing.states = {{"global", "Global memory"}, {"float", "Floating point"}};
  for (int i = 0; i < lines; ++i)
    v.listing.lines.push_back({"/*" + std::to_string(i * 16) + "*/  " + (i % 3 == 0 ? "LDG.E R4" : "FFMA R1") + " ;",
                               i % 3 == 0 ? 0 : (i % 3 == 1 ? 1 : -1)});
  return v;
}

QImage render(ViewRenderer& renderer, QSize size) {
  QImage image(size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  QPainter painter(&image);
  renderer.renderTo(painter, QRectF(QPointF(0, 0), QSizeF(size)));
  return image;
}

std::vector<QString> drawnLines() {
  std::vector<QString> lines;
  for (const DrawnFigureText& t : figureTextAudit())
    if (t.role == QStringLiteral("listing line")) lines.push_back(t.full);
  return lines;
}

}  // namespace

TEST(ListingRenderer, DrawsTheLinesInSightWithTheBannerAndTheClassesLegend) {
  ListingRenderer r;
  r.show(listing(500), QStringLiteral("Compiled for the NVIDIA H200 (NVRTC), the code it ran"), Provenance::Measured);
  EXPECT_TRUE(r.titleText().contains(QStringLiteral("Compiled for the NVIDIA H200")));
  ASSERT_EQ(r.figure().legendEntries().size(), 2u);
  setFigureTextAudit(true);
  figureTextAudit().clear();
  render(r, QSize(1280, 720));
  const auto lines = drawnLines();
  bool positionSaid = false;
  for (const DrawnFigureText& t : figureTextAudit())
    positionSaid = positionSaid || t.full.startsWith(QStringLiteral("lines 1-"));
  setFigureTextAudit(false);
  ASSERT_GT(lines.size(), 20u) << "a projector's height shows a screenful";
  EXPECT_LT(lines.size(), 60u) << "only the lines in sight are drawn";
  EXPECT_EQ(lines.front(), QStringLiteral("/*0*/  LDG.E R4 ;"));
  EXPECT_TRUE(positionSaid) << "which lines are in sight";
}

TEST(ListingRenderer, KeysAndTheWheelScrollAndTheExportHoldsTheLinesInSight) {
  ListingRenderer r;
  r.show(listing(500), QStringLiteral("banner"), Provenance::Measured);
  QWidget* canvas = r.widget();
  canvas->resize(900, 600);
  QTest::keyClick(canvas, Qt::Key_PageDown);
  const int page = r.figure().firstLine();
  EXPECT_GT(page, 10);
  QTest::keyClick(canvas, Qt::Key_Down);
  EXPECT_EQ(r.figure().firstLine(), page + 1);
  QTest::keyClick(canvas, Qt::Key_End);
  const int last = r.figure().firstLine();
  EXPECT_EQ(last + r.figure().linesInSight(QRectF(canvas->rect())), 500) << "the last line at the bottom, not past it";
  QTest::keyClick(canvas, Qt::Key_Home);
  EXPECT_EQ(r.figure().firstLine(), 0);
  QWheelEvent down(QPointF(100, 300), canvas->mapToGlobal(QPointF(100, 300)), QPoint(), QPoint(0, -240), Qt::NoButton,
                   Qt::NoModifier, Qt::NoScrollPhase, false);
  QApplication::sendEvent(canvas, &down);
  EXPECT_EQ(r.figure().firstLine(), 6) << "three lines a notch";

  r.scrollTo(100);
  setFigureTextAudit(true);
  figureTextAudit().clear();
  render(r, QSize(900, 600));
  const auto lines = drawnLines();
  setFigureTextAudit(false);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.front(), QStringLiteral("/*1600*/  FFMA R1 ;")) << "the export starts where the reader is";

  // The next result of the same view (a focus move) keeps the place; another view starts at the top.
  r.show(listing(500), QStringLiteral("banner"), Provenance::Measured);
  EXPECT_EQ(r.figure().firstLine(), 100);
  View other = listing(500);
  other.id = "other";
  r.show(other, QStringLiteral("banner"), Provenance::Measured);
  EXPECT_EQ(r.figure().firstLine(), 0);
}

TEST(ListingRenderer, ALinesTooltipHasItsWholeTextAndClass) {
  ListingFigure figure;
  figure.setView(listing(50), QStringLiteral("banner"), Provenance::Measured);
  const QRectF area(0, 0, 900, 600);
  int line = -1;
  for (qreal y = 0; y < 600 && line < 0; y += 2) line = figure.lineAt(QPointF(200, y), area);
  ASSERT_EQ(line, 0) << "the first line drawn is line 0";
  EXPECT_EQ(figure.describeLine(0), QStringLiteral("Line 1: /*0*/  LDG.E R4 ;\nGlobal memory"));
  EXPECT_EQ(figure.describeLine(2), QStringLiteral("Line 3: /*32*/  FFMA R1 ;")) << "no class, no class line";
  EXPECT_EQ(figure.lineAt(QPointF(200, 5), area), -1) << "the title is not a line";
}

TEST(ListingRenderer, AnEmptyListingSaysWhyItIsEmpty) {
  View v = listing(0);
  v.listing.caption = "No SASS of BLOCK 256 for sm_90: cuobjdump is not on this machine.";
  ListingRenderer r;
  r.show(v, QStringLiteral("banner"), Provenance::Simulated);
  EXPECT_EQ(r.figure().emptyMessage(), QString::fromStdString(v.listing.caption));
}
