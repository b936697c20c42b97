// Exports write valid files of every kind, and images carry the banner.
#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QSvgRenderer>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "controllers/export_controller.h"
#include "fake_backend.h"
#include "views/demo_views.h"
#include "views/grid_figure.h"
#include "warpscope/recording.h"
#include "warpscope/lectures.h"
#include "warpscope/registry.h"
#include "warpscope/session.h"
#include "warpscope/writers.h"

#include <set>
#include <sstream>

using namespace warpscope;
using namespace warpscope::ui;

namespace {

RunResult sampleResult() {
  const LabSpec& lab = LabRegistry::builtin().get("latency-arith");
  RunRequest r{lab.id, test::kFakeDeviceId, defaultParams(lab.params), RunScope::FullSweep};
  return test::fakeResult(r);
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
  return f.readAll();
}

struct ExportFixture {
  QTemporaryDir dir;
  RunResult result = sampleResult();
  /// Set WARPSCOPE_UI_TEST_ARTIFACTS=DIR to keep the exported files for a look.
  QString folder() const {
    const QString keep = qEnvironmentVariable("WARPSCOPE_UI_TEST_ARTIFACTS");
    return keep.isEmpty() ? dir.path() : keep;
  }
  QString write(const QString& name) {
    const QString path = QDir(folder()).filePath(name);
    const QString error = exportResult(result, QString(), path, *exportFormatForPath(path));
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    return path;
  }
};

}  // namespace

TEST(Export, PngDecodesAtTwiceTheLogicalSize) {
  ExportFixture f;
  const QImage image(f.write(QStringLiteral("chart.png")));
  ASSERT_FALSE(image.isNull());
  EXPECT_EQ(image.size(), kExportChartSize * 2);
  // Something was drawn: not a blank white page.
  int dark = 0;
  for (int y = 0; y < image.height(); y += 8)
    for (int x = 0; x < image.width(); x += 8) dark += qGray(image.pixel(x, y)) < 128;
  EXPECT_GT(dark, 50);
}

TEST(Export, SvgParsesAndCarriesTheBanner) {
  ExportFixture f;
  const QString path = f.write(QStringLiteral("chart.svg"));
  const QByteArray bytes = readAll(path);
  EXPECT_TRUE(bytes.startsWith("<?xml") || bytes.startsWith("<svg"));
  QSvgRenderer renderer(path);
  EXPECT_TRUE(renderer.isValid());
  EXPECT_TRUE(bytes.contains(QByteArray::fromStdString(f.result.banner())))
      << "the banner is part of the drawing";
}

// Issue 28: a figure of a lecture slide's parameters carries the slide's verdict with its numbers,
// drawn under the chart and in the SVG's description; a figure of other parameters judges nothing.
TEST(Export, AFigureOfASlideCarriesItsVerdictAndOtherParametersNone) {
  ExportFixture f;
  Session session;
  const PresetRef ref = getPreset(session.registry(), "volkov-ilp-peak-with-fewer-threads");
  CancelToken never;
  RunOutcome run = session.run({ref.lab->id, "sim:h200", presetParams(*ref.lab, *ref.preset), RunScope::FullSweep}, {}, never);
  ASSERT_TRUE(run.ok()) << run.error().message;
  f.result = run.result();
  const QByteArray slide = readAll(f.write(QStringLiteral("slide.svg")));
  EXPECT_TRUE(slide.contains("More ILP: peak with fewer threads: Holds on H200 SXM (model): Threads per SM for 90% of peak"))
      << "the verdict in the description";
  EXPECT_TRUE(slide.contains("Holds on H200 SXM (model)")) << "and drawn";
  f.result.params["threads_per_block"] = 288;
  const QByteArray other = readAll(f.write(QStringLiteral("other.svg")));
  EXPECT_FALSE(other.contains("Holds on")) << "other parameters are no slide's claim";
}

TEST(Export, PdfStartsWithThePdfMagic) {
  ExportFixture f;
  const QByteArray bytes = readAll(f.write(QStringLiteral("chart.pdf")));
  EXPECT_TRUE(bytes.startsWith("%PDF"));
  EXPECT_GT(bytes.size(), 1000);
}

std::string writerBytes(const ResultWriter& writer, const RunResult& result) {
  std::ostringstream out;
  writer.write(result, out);
  return out.str();
}

// The window's CSV is the CLI's, byte for byte: the '#' lines naming the run and the axes, then
// the view's table under its unchanged header row.
TEST(Export, CsvIsTheTableOfTheViewOnScreenUnderItsMetadataLines) {
  ExportFixture f;
  const QByteArray bytes = readAll(f.write(QStringLiteral("data.csv")));
  EXPECT_EQ(bytes.toStdString(), writerBytes(*makeCsvWriter(), f.result));
  EXPECT_TRUE(bytes.startsWith("# format: warpscope-view-csv 1")) << bytes.left(400).toStdString();
  EXPECT_TRUE(bytes.contains("\n# lab: latency-arith\n")) << bytes.left(600).toStdString();
  EXPECT_TRUE(bytes.contains("\n# x: ")) << bytes.left(600).toStdString();
  EXPECT_TRUE(bytes.contains("\n# layout: long\n"));
  EXPECT_TRUE(bytes.contains("\nview,series,series_key,x,y,y_min,y_max\n")) << bytes.left(600).toStdString();
}

TEST(Export, WideCsvHasAColumnPerSeriesLikeTheCliWide) {
  ExportFixture f;
  const QString path = f.dir.filePath(QStringLiteral("wide.csv"));
  ASSERT_TRUE(exportResult(f.result, QString(), path, ExportFormat::CsvWide).isEmpty());
  const QByteArray bytes = readAll(path);
  EXPECT_EQ(bytes.toStdString(), writerBytes(*makeCsvWriter("", CsvLayout::Wide), f.result));
  EXPECT_TRUE(bytes.contains("\n# layout: wide\n"));
  EXPECT_FALSE(bytes.contains("\nview,series,")) << "not the long table";
  EXPECT_EQ(exportExtension(ExportFormat::CsvWide), QStringLiteral("csv"));
  EXPECT_EQ(exportFormatForPath(QStringLiteral("a.csv")), ExportFormat::Csv) << "a .csv path is the long CSV";
}

TEST(Export, WideCsvOfATimelineIsRefusedNamingItsKindAndWritesNothing) {
  QTemporaryDir dir;
  const RunResult result = demoResult();
  const View* timeline = nullptr;
  for (const View& v : result.views)
    if (v.kind == ViewKind::Timeline) timeline = &v;
  ASSERT_NE(timeline, nullptr);
  const QString path = dir.filePath(QStringLiteral("timeline.csv"));
  const QString error = exportResult(result, QString::fromStdString(timeline->id), path, ExportFormat::CsvWide);
  EXPECT_TRUE(error.contains(path) && error.contains(QStringLiteral("writes xy and bars views")) &&
              error.contains(QStringLiteral("is a timeline")))
      << error.toStdString();
  EXPECT_FALSE(QFileInfo::exists(path));
}

TEST(Export, JsonParsesAndNamesTheLab) {
  ExportFixture f;
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(readAll(f.write(QStringLiteral("data.json"))), &error);
  ASSERT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
  ASSERT_TRUE(doc.isObject());
  EXPECT_TRUE(QJsonDocument(doc).toJson().contains("latency-arith"));
}

TEST(Export, UnwritablePathReturnsAMessageNamingTheFile) {
  ExportFixture f;
  const QString path = f.dir.filePath(QStringLiteral("no/such/dir/chart.png"));
  const QString error = exportResult(f.result, QString(), path, ExportFormat::Png);
  EXPECT_FALSE(error.isEmpty());
  EXPECT_TRUE(error.contains(path));
}

TEST(Export, FormatFollowsTheExtensionCaseInsensitively) {
  EXPECT_EQ(exportFormatForPath(QStringLiteral("a.PNG")), ExportFormat::Png);
  EXPECT_EQ(exportFormatForPath(QStringLiteral("a.svg")), ExportFormat::Svg);
  EXPECT_EQ(exportFormatForPath(QStringLiteral("a.pdf")), ExportFormat::Pdf);
  EXPECT_EQ(exportFormatForPath(QStringLiteral("a.csv")), ExportFormat::Csv);
  EXPECT_EQ(exportFormatForPath(QStringLiteral("a.json")), ExportFormat::Json);
  EXPECT_FALSE(exportFormatForPath(QStringLiteral("a.bmp")).has_value());
}

// Timeline, grid and bars views export through the same renderer as the window, as PNG, SVG
// and PDF, with the banner inside.
TEST(Export, EveryAnimatedBarsAndListingKindExportsToEveryImageFormat) {
  QTemporaryDir dir;
  RunResult result = demoResult();
  View listing;  // a kernel's SASS (issue 33)
  listing.id = "sass";
  listing.title = "SASS of the focus variant";
  listing.kind = ViewKind::Listing;
  listing.listing.caption = "BLOCK 256, sm_90: 2 instructions";
  listing.listing.states = {{"global", "Global memory"}};
  listing.listing.lines = {{"/*0000*/  LDG.E.128 R4, desc[UR4][R2.64] ;", 0}, {"/*0010*/  EXIT ;", -1}};
  result.views.push_back(listing);
  for (const View& v : result.views) {
    for (const char* ext : {"png", "svg", "pdf"}) {
      SCOPED_TRACE(v.id + "." + ext);
      const QString path = dir.filePath(QString::fromStdString(v.id) + QLatin1Char('.') + QLatin1String(ext));
      const QString error = exportResult(result, QString::fromStdString(v.id), path, *exportFormatForPath(path));
      ASSERT_TRUE(error.isEmpty()) << error.toStdString();
      const QByteArray bytes = readAll(path);
      if (QLatin1String(ext) == QLatin1String("png")) {
        const QImage image(path);
        ASSERT_FALSE(image.isNull());
        EXPECT_EQ(image.size(), kExportChartSize * 2);
      } else if (QLatin1String(ext) == QLatin1String("svg")) {
        EXPECT_TRUE(QSvgRenderer(path).isValid());
        EXPECT_TRUE(bytes.contains(QByteArray::fromStdString(result.banner())));
      } else {
        EXPECT_TRUE(bytes.startsWith("%PDF"));
      }
    }
  }
}

TEST(Export, AnAnimatedViewExportsTheFrameAtTheCursor) {
  QTemporaryDir dir;
  const RunResult result = demoResult();
  const QString first = dir.filePath(QStringLiteral("first.png"));
  const QString later = dir.filePath(QStringLiteral("later.png"));
  ASSERT_TRUE(exportResult(result, QStringLiteral("page-map"), first, ExportFormat::Png, kExportChartSize, 0.0).isEmpty());
  ASSERT_TRUE(exportResult(result, QStringLiteral("page-map"), later, ExportFormat::Png, kExportChartSize, 150.0).isEmpty());
  EXPECT_NE(QImage(first), QImage(later)) << "frame 1 and frame 7 differ";
  const QString timelineEnd = dir.filePath(QStringLiteral("end.png"));
  const QString timelineMid = dir.filePath(QStringLiteral("mid.png"));
  ASSERT_TRUE(exportResult(result, QStringLiteral("warp-timeline"), timelineEnd, ExportFormat::Png).isEmpty());
  ASSERT_TRUE(exportResult(result, QStringLiteral("warp-timeline"), timelineMid, ExportFormat::Png, kExportChartSize, 600.0).isEmpty());
  EXPECT_NE(QImage(timelineEnd), QImage(timelineMid)) << "the cursor and the faded spans are in the figure";
  if (const QString keep = qEnvironmentVariable("WARPSCOPE_UI_TEST_ARTIFACTS"); !keep.isEmpty())
    for (const View& v : result.views)
      exportResult(result, QString::fromStdString(v.id), QDir(keep).filePath(QString::fromStdString(v.id) + QStringLiteral(".png")),
                   ExportFormat::Png, kExportChartSize, v.kind == ViewKind::Grid ? 150.0 : 800.0);
}

// ---- figures that carry their run --------------------------------------------------------

namespace {

std::string jsonOf(const RunResult& result) {
  std::ostringstream out;
  makeJsonWriter()->write(result, out);
  return out.str();
}

}  // namespace

TEST(Export, EveryFigureFormatGivesBackItsRunViewAndParameters) {
  for (const char* name : {"figure.png", "figure.svg", "figure.pdf"}) {
    ExportFixture f;
    const QString path = QDir(f.folder()).filePath(QString::fromLatin1(name));
    const std::string viewId = f.result.views.back().id;
    ASSERT_TRUE(exportResult(f.result, QString::fromStdString(viewId), path, *exportFormatForPath(path)).isEmpty());
    const Recording back = readRunFile(path.toStdString());
    EXPECT_EQ(jsonOf(back.result), jsonOf(f.result)) << name;
    EXPECT_EQ(back.viewId, viewId) << name;
    EXPECT_EQ(back.request.labId, f.result.labId) << name;
    EXPECT_EQ(back.request.params.values(), f.result.params) << name;
  }
}

TEST(Export, FigureOfAnOpenedFigureCarriesTheSameRun) {
  ExportFixture f;
  const QString first = f.write(QStringLiteral("first.svg"));
  const RunResult reopened = readRunFile(first.toStdString()).result;
  const QString second = QDir(f.folder()).filePath(QStringLiteral("second.png"));
  ASSERT_TRUE(exportResult(reopened, QString(), second, ExportFormat::Png).isEmpty());
  EXPECT_EQ(jsonOf(readRunFile(second.toStdString()).result), jsonOf(f.result));
}

TEST(Export, PageMapInSvgAndPdfIsVectorsInTheLegendsColours) {
  // Today's bug was a blurred 32x32 JPEG in the PDF with colours the legend does not have.
  ExportFixture f;
  f.result = syntheticPageMapResult(64, 64, 2000);  // drawn as a raster on screen
  for (const char* name : {"page-map.svg", "page-map.pdf"}) {
    const QString path = QDir(f.folder()).filePath(QString::fromLatin1(name));
    ASSERT_TRUE(exportResult(f.result, QStringLiteral("page-map"), path, *exportFormatForPath(path)).isEmpty());
    const QByteArray bytes = readAll(path);
    EXPECT_FALSE(bytes.contains("<image")) << name;
    EXPECT_FALSE(bytes.contains("/Subtype /Image")) << name;
  }
  // Drawn back from the SVG, the cells' pixels are legend colours (or the white between them).
  QSvgRenderer svg(QDir(f.folder()).filePath(QStringLiteral("page-map.svg")));
  QImage image(kExportChartSize, QImage::Format_ARGB32);
  image.fill(Qt::white);
  {
    QPainter painter(&image);
    svg.render(&painter);
  }
  if (!qEnvironmentVariable("WARPSCOPE_UI_TEST_ARTIFACTS").isEmpty())
    image.save(QDir(f.folder()).filePath(QStringLiteral("page-map-svg-rendered.png")));
  const View* map = f.result.findView("page-map");
  ASSERT_NE(map, nullptr);
  GridFigure figure;
  figure.setView(*map, QString(), Provenance::Simulated);
  std::set<QRgb> legend;
  for (std::size_t s = 0; s < map->grid.states.size(); ++s) legend.insert(figure.stateColor(static_cast<int>(s)).rgb());
  // The middle of the cell area: far from labels and legend.
  int inLegend = 0;
  for (int x = 560; x < 720; x += 8) inLegend += legend.count(image.pixel(x, 400)) ? 1 : 0;
  EXPECT_GT(inLegend, 15);
}

// Issue 29: the export's QSaveFile renamed over a FIFO (and, through a symlink, over a device) and
// made a 0600 file 0644; the one writer (file_write.h) refuses what is not a regular file.
TEST(Export, AFifoOrALinkToOneIsRefusedWithAMessageAndStaysAFifo) {
  QTemporaryDir dir;
  const RunResult result = sampleResult();
  const QString fifo = dir.filePath(QStringLiteral("pipe.csv"));
  ASSERT_EQ(::mkfifo(fifo.toLocal8Bit().constData(), 0644), 0);
  const QString link = dir.filePath(QStringLiteral("link.json"));
  ASSERT_TRUE(QFile::link(fifo, link));
  for (const QString& path : {fifo, link}) {
    const QString error = exportResult(result, QString(), path, *exportFormatForPath(path));
    EXPECT_TRUE(error.contains(path) && error.contains(QStringLiteral("not a regular file"))) << error.toStdString();
  }
  struct stat info{};
  ASSERT_EQ(::lstat(fifo.toLocal8Bit().constData(), &info), 0);
  EXPECT_TRUE(S_ISFIFO(info.st_mode));
  EXPECT_TRUE(QFileInfo(link).isSymLink());
  EXPECT_EQ(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot).size(), 2);
}

TEST(Export, AReplacedFileKeepsItsMode) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("private.csv"));
  { QFile f(path); ASSERT_TRUE(f.open(QIODevice::WriteOnly)); f.write("old"); }
  ASSERT_EQ(::chmod(path.toLocal8Bit().constData(), 0600), 0);
  ASSERT_TRUE(exportResult(sampleResult(), QString(), path, ExportFormat::Csv).isEmpty());
  struct stat info{};
  ASSERT_EQ(::stat(path.toLocal8Bit().constData(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);
  EXPECT_NE(readAll(path), QByteArray("old"));
}
