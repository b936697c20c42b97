#include "controllers/export_controller.h"

#include <QBuffer>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QMessageBox>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QStandardPaths>
#include <QSvgGenerator>

#include <exception>
#include <memory>
#include <sstream>

#include "qt_text.h"
#include "views/figure_chrome.h"
#include "views/view_chart.h"
#include "views/view_renderer.h"
#include "warpscope/file_write.h"
#include "warpscope/recording.h"
#include "warpscope/registry.h"
#include "warpscope/slide_check.h"
#include "warpscope/writers.h"

namespace warpscope::ui {

namespace {

/// A figure off screen: the renderer of the view's kind, fed the view (and the moment to
/// draw), painted onto any device at the export's logical size. A figure of a lecture slide's
/// parameters carries the slide's verdict under the chart (issue 28: the claim's check travels
/// with the figure, as the window shows it).
class OffscreenFigure {
 public:
  OffscreenFigure(const RunResult& result, const View& view, QSize size, std::optional<double> cursorTime,
                  bool withVerdicts = true)
      : renderer_(makeViewRenderer(view.kind)), size_(size) {
    renderer_->show(view, bannerFor(result, view), provenanceFor(result, view));
    if (cursorTime && isAnimated(view.kind)) renderer_->setCursorTime(*cursorTime);
    if (withVerdicts)
      for (const std::string& line : verdictsOfSlidesShown(LabRegistry::builtin(), result)) verdicts_ << toQ(line);
  }
  /// Paints at the logical size, scaled to fill `target`.
  void paint(QPainter& painter, const QRectF& target) {
    painter.save();
    painter.translate(target.topLeft());
    painter.scale(target.width() / size_.width(), target.height() / size_.height());
    const QRectF whole(QPointF(0, 0), QSizeF(size_));
    const qreal footer = verdictHeight(painter);
    renderer_->renderTo(painter, whole.adjusted(0, 0, 0, -footer));
    if (footer > 0) {
      painter.setFont(verdictFont());
      painter.setPen(QColor(0x33, 0x33, 0x33));
      painter.drawText(whole.adjusted(kVerdictMargin, whole.height() - footer, -kVerdictMargin, -kVerdictMargin / 2),
                       Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, verdicts_.join(QLatin1Char('\n')));
    }
    painter.restore();
  }
  [[nodiscard]] const QStringList& verdicts() const { return verdicts_; }

 private:
  static constexpr qreal kVerdictMargin = 16;
  static QFont verdictFont() {
    QFont font;
    font.setPixelSize(figure_font::kBanner);
    return font;
  }
  /// The room the verdict lines take, wrapped to the figure's width (0 without a slide's verdict).
  qreal verdictHeight(QPainter& painter) const {
    if (verdicts_.isEmpty()) return 0;
    painter.save();
    painter.setFont(verdictFont());
    const QRectF room(0, 0, size_.width() - 2 * kVerdictMargin, size_.height());
    const qreal text = painter.boundingRect(room, Qt::TextWordWrap, verdicts_.join(QLatin1Char('\n'))).height();
    painter.restore();
    return text + 1.5 * kVerdictMargin;
  }

  std::unique_ptr<ViewRenderer> renderer_;
  QSize size_;
  QStringList verdicts_;
};

}  // namespace

Recording figureRecording(const RunResult& result, const View& view) {
  const RunRequest request{result.labId, result.deviceId, ParamSet(result.params), RunScope::FullSweep};
  DeviceInfo device;
  device.id = result.deviceId;
  device.name = result.deviceName;
  device.kind = result.provenance == Provenance::Measured ? DeviceKind::Cuda : DeviceKind::Simulator;
  Recording recording = makeRecording(request, result, device);
  recording.viewId = view.id;
  return recording;
}

namespace {

Recording figureRun(const RunResult& result, const View& view) { return figureRecording(result, view); }

QByteArray toBytes(const std::string& text) { return QByteArray(text.data(), static_cast<qsizetype>(text.size())); }

/// Through the one writer (file_write.h), not QSaveFile: QSaveFile follows a symlink and renames
/// over whatever it names, a device or a FIFO included; the one writer replaces only a regular
/// file, keeps its mode, and ignores SIGXFSZ so a file-size limit is an error, not a killed window.
QString writeBytes(const QString& path, const QByteArray& bytes) {
  try {
    writeFileAtomically(path.toStdString(), std::string(bytes.constData(), static_cast<std::size_t>(bytes.size())));
  } catch (const FileWriteError& e) {
    return toQ(e.what());
  }
  return {};
}

QString exportPng(OffscreenFigure& chart, QSize size, const QString& path, const Recording& run) {
  constexpr qreal kDpr = 2.0;  // crisp on HiDPI screens and when scaled up on a projector
  QImage image(size * kDpr, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(kDpr);
  image.fill(Qt::white);
  {
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    chart.paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
  }
  QByteArray png;
  QBuffer buffer(&png);
  buffer.open(QIODevice::WriteOnly);
  QImageWriter writer(&buffer, "png");
  if (!writer.write(image)) return QObject::tr("Cannot write %1: %2").arg(path, writer.errorString());
  // The run rides in an iTXt chunk: any viewer shows the image, Warpscope reopens the run.
  return writeBytes(path, toBytes(embedRunInPng(std::string_view(png.constData(), static_cast<std::size_t>(png.size())), run)));
}

QString exportSvg(OffscreenFigure& chart, QSize size, const QString& path, const RunResult& result,
                  const View& view, const Recording& run) {
  // QSvgGenerator writes straight to its output device; render into memory so a failed write
  // never leaves half a file behind.
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QSvgGenerator svg;
  svg.setOutputDevice(&buffer);
  svg.setSize(size);
  svg.setViewBox(QRect(QPoint(0, 0), size));
  svg.setTitle(toQ(view.title));
  svg.setDescription(bannerFor(result, view) +
                     (chart.verdicts().isEmpty() ? QString() : QStringLiteral("\n") + chart.verdicts().join(QLatin1Char('\n'))));
  {
    QPainter painter(&svg);
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    chart.paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
  }
  // The run goes in the SVG's metadata element (SVG 1.1, 21), where renderers ignore it.
  const qsizetype end = bytes.lastIndexOf("</svg>");
  if (end < 0) return QObject::tr("Cannot export %1: the SVG generator wrote no closing tag").arg(path);
  bytes.insert(end, toBytes("<metadata>" + runXmlElement(run) + "</metadata>\n"));
  return writeBytes(path, bytes);
}

/// An XMP packet (the PDF's document metadata) with the title and the run.
QByteArray xmpWithRun(const QString& title, const Recording& run) { return xmpWithRuns(title, {runXmlElement(run)}); }

QString exportPdf(OffscreenFigure& chart, QSize size, const QString& path, const RunResult& result,
                  const View& view, const Recording& run) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  {
    QPdfWriter pdf(&buffer);
    const QString title = toQ(view.title) + QStringLiteral(" — ") + bannerFor(result, view);
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("Warpscope"));
    pdf.setDocumentXmpMetadata(xmpWithRun(title, run));
    // A page with the chart's own aspect ratio: the figure drops into notes without margins.
    pdf.setPageSize(QPageSize(QSizeF(size) * 0.25, QPageSize::Millimeter, QString(), QPageSize::ExactMatch));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setResolution(300);
    QPainter painter(&pdf);
    const QRectF page(QPointF(0, 0), QSizeF(pdf.width(), pdf.height()));
    painter.fillRect(page, Qt::white);
    chart.paint(painter, page);
  }
  return writeBytes(path, bytes);
}

QString exportData(const RunResult& result, const QString& viewId, const QString& path, ExportFormat format) {
  std::ostringstream out;
  try {
    // A CSV is the table of the view on screen (the same bytes as the CLI's, '#' lines first);
    // the JSON is the whole run.
    const auto writer = format == ExportFormat::Csv       ? makeCsvWriter(fromQ(viewId))
                        : format == ExportFormat::CsvWide ? makeCsvWriter(fromQ(viewId), CsvLayout::Wide)
                                                          : makeJsonWriter();
    writer->write(result, out);
  } catch (const std::exception& e) {
    return QObject::tr("Cannot export %1: %2").arg(path, toQ(e.what()));
  }
  const std::string text = out.str();
  return writeBytes(path, QByteArray(text.data(), static_cast<qsizetype>(text.size())));
}

}  // namespace

QByteArray xmpWithRuns(const QString& title, const std::vector<std::string>& runElements) {
  QByteArray runs;
  for (const std::string& element : runElements) runs += toBytes(element) + '\n';
  return QByteArrayLiteral("<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?>\n"
                           "<x:xmpmeta xmlns:x='adobe:ns:meta/'>\n"
                           "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>\n"
                           "<rdf:Description rdf:about='' xmlns:dc='http://purl.org/dc/elements/1.1/'>\n"
                           "<dc:title><rdf:Alt><rdf:li xml:lang='x-default'>") +
         title.toHtmlEscaped().toUtf8() + QByteArrayLiteral("</rdf:li></rdf:Alt></dc:title>\n") + runs +
         QByteArrayLiteral("</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end='w'?>");
}

void paintExportFigure(QPainter& painter, const RunResult& result, const View& view, const QRectF& target,
                       QSize logicalSize, std::optional<double> cursorTime) {
  OffscreenFigure figure(result, view, logicalSize, cursorTime, false);
  figure.paint(painter, target);
}

std::optional<ExportFormat> exportFormatForPath(const QString& path) {
  const QString ext = QFileInfo(path).suffix().toLower();
  if (ext == QLatin1String("png")) return ExportFormat::Png;
  if (ext == QLatin1String("svg")) return ExportFormat::Svg;
  if (ext == QLatin1String("pdf")) return ExportFormat::Pdf;
  if (ext == QLatin1String("csv")) return ExportFormat::Csv;
  if (ext == QLatin1String("json")) return ExportFormat::Json;
  return std::nullopt;
}

QString exportExtension(ExportFormat format) {
  switch (format) {
    case ExportFormat::Png: return QStringLiteral("png");
    case ExportFormat::Svg: return QStringLiteral("svg");
    case ExportFormat::Pdf: return QStringLiteral("pdf");
    case ExportFormat::Csv:
    case ExportFormat::CsvWide: return QStringLiteral("csv");
    case ExportFormat::Json: return QStringLiteral("json");
  }
  return {};
}

QString exportFilter(ExportFormat format) {
  switch (format) {
    case ExportFormat::Png: return QObject::tr("PNG image (*.png)");
    case ExportFormat::Svg: return QObject::tr("SVG drawing (*.svg)");
    case ExportFormat::Pdf: return QObject::tr("PDF document (*.pdf)");
    case ExportFormat::Csv: return QObject::tr("CSV table (*.csv)");
    case ExportFormat::CsvWide: return QObject::tr("CSV table, one column per series (*.csv)");
    case ExportFormat::Json: return QObject::tr("JSON result (*.json)");
  }
  return {};
}

QString exportResult(const RunResult& result, const QString& viewId, const QString& path,
                     ExportFormat format, QSize logicalSize, std::optional<double> cursorTime) {
  if (format == ExportFormat::Csv || format == ExportFormat::CsvWide || format == ExportFormat::Json) {
    const QString csvView = result.findView(fromQ(viewId)) ? viewId : QString();
    return exportData(result, csvView, path, format);
  }
  const View* view = result.findView(fromQ(viewId));
  if (!view && !result.views.empty()) view = &result.views.front();
  if (!view) return QObject::tr("Cannot export %1: the result has no chart").arg(path);
  OffscreenFigure chart(result, *view, logicalSize, cursorTime);
  try {
    const Recording run = figureRun(result, *view);
    switch (format) {
      case ExportFormat::Png: return exportPng(chart, logicalSize, path, run);
      case ExportFormat::Svg: return exportSvg(chart, logicalSize, path, result, *view, run);
      case ExportFormat::Pdf: return exportPdf(chart, logicalSize, path, result, *view, run);
      default: break;
    }
  } catch (const std::exception& e) {
    return QObject::tr("Cannot export %1: %2").arg(path, toQ(e.what()));
  }
  return QObject::tr("Cannot export %1: unknown format").arg(path);
}

ExportController::ExportController(ResultSource result, ViewSource view, QWidget* dialogParent,
                                   QObject* parent, CursorSource cursor)
    : QObject(parent),
      result_(std::move(result)),
      view_(std::move(view)),
      cursor_(std::move(cursor)),
      dialogParent_(dialogParent) {}

QString ExportController::exportTo(const QString& path, ExportFormat format) const {
  const RunResult* result = result_();
  if (!result) return tr("Nothing to export yet: no run has finished.");
  return exportResult(*result, view_(), path, format, kExportChartSize,
                      cursor_ ? cursor_() : std::optional<double>());
}

void ExportController::exportInteractively(ExportFormat format) {
  const RunResult* result = result_();
  if (!result) {
    QMessageBox::information(dialogParent_, tr("Export"), tr("Nothing to export yet: no run has finished."));
    return;
  }
  if (lastDirectory_.isEmpty())
    lastDirectory_ = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
  QString base = toQ(result->labId);
  // Images and CSV show one view: their name says which.
  if (format != ExportFormat::Json && !view_().isEmpty()) base += QLatin1Char('_') + view_();
  if (format == ExportFormat::CsvWide) base += QStringLiteral("_wide");
  const QString suggested = QDir(lastDirectory_).filePath(base + QLatin1Char('.') + exportExtension(format));
  QString path = QFileDialog::getSaveFileName(dialogParent_, tr("Export"), suggested, exportFilter(format));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + exportExtension(format);
  lastDirectory_ = QFileInfo(path).absolutePath();
  const QString error = exportTo(path, format);
  if (error.isEmpty()) {
    emit exported(path);
  } else {
    emit exportFailed(error);
    QMessageBox::warning(dialogParent_, tr("Export failed"), error);
  }
}

}  // namespace warpscope::ui
