#pragma once
/// \file export_controller.h
/// Exports what is on screen: the current view as PNG (2x device pixel ratio, for slides),
/// SVG or PDF, and the result's data as CSV or JSON through the backend's writers (the same
/// bytes the CLI writes). Images are rendered from the result by the renderer of the view's
/// kind (the one the window uses), not grabbed from the widget, so an export looks the same
/// whatever the window size, the banner is always inside it, and an animated view shows the
/// frame the window's animation is at. Every figure carries its run (recording.h: PNG in an iTXt
/// chunk, SVG in its metadata element, PDF in its XMP metadata), so File > Open, `warpscope FILE`
/// and `warpscope-cli show` bring back the lab, view, parameters and result.

#include <QObject>
#include <QSize>
#include <QString>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "warpscope/recording.h"
#include "warpscope/result.h"

QT_BEGIN_NAMESPACE
class QPainter;
class QRectF;
class QWidget;
QT_END_NAMESPACE

namespace warpscope::ui {

/// CsvWide: the view's data one column per series (xy and bars views; writers.h CsvLayout::Wide).
enum class ExportFormat { Png, Svg, Pdf, Csv, CsvWide, Json };

/// The format a path's extension names (case-insensitive; .csv is the long CSV), or nullopt.
std::optional<ExportFormat> exportFormatForPath(const QString& path);
/// "png", "svg", ...: the extension of a format.
QString exportExtension(ExportFormat format);
/// "PNG image (*.png)": the file-dialog filter of a format.
QString exportFilter(ExportFormat format);

/// The logical size exported charts are laid out at (PNG pixels are twice this).
inline constexpr QSize kExportChartSize{1280, 800};

/// Writes `result` to `path`. Images show the view `viewId` (the first view when empty or
/// unknown); for an animated view `cursorTime` is the moment drawn (nullopt: the view's own
/// starting point). Returns an empty string on success, otherwise a message naming the file
/// and why.
QString exportResult(const RunResult& result, const QString& viewId, const QString& path,
                     ExportFormat format, QSize logicalSize = kExportChartSize,
                     std::optional<double> cursorTime = std::nullopt);

/// Paints `view` of `result` as an export draws it (the renderer of its kind at `logicalSize`,
/// the moment `cursorTime` of an animated view), scaled into `target` of `painter`, without the
/// slide's verdict under it (the handout sets its own): the handout's figures, as vectors.
void paintExportFigure(QPainter& painter, const RunResult& result, const View& view, const QRectF& target,
                       QSize logicalSize = kExportChartSize, std::optional<double> cursorTime = std::nullopt);

/// The run a figure carries (recording.h): the whole result, the view drawn, made now.
Recording figureRecording(const RunResult& result, const View& view);

/// An XMP packet (a PDF's document metadata) with `title` and the runs' XML elements
/// (recording.h runXmlElement), in order.
QByteArray xmpWithRuns(const QString& title, const std::vector<std::string>& runElements);

class ExportController : public QObject {
  Q_OBJECT

 public:
  /// What to export: the result on display (null before the first) and the selected view.
  using ResultSource = std::function<const RunResult*()>;
  using ViewSource = std::function<QString()>;
  /// The on-screen animation's position when the selected view is animated.
  using CursorSource = std::function<std::optional<double>()>;

  ExportController(ResultSource result, ViewSource view, QWidget* dialogParent,
                   QObject* parent = nullptr, CursorSource cursor = {});

  /// Asks for a file name (suggesting lab_view.ext) and exports; errors open a dialog,
  /// because the user is waiting on this file.
  void exportInteractively(ExportFormat format);
  /// Exports without dialogs (tests, --export). Returns the error message, empty on success.
  QString exportTo(const QString& path, ExportFormat format) const;

 signals:
  void exported(const QString& path);
  void exportFailed(const QString& message);

 private:
  ResultSource result_;
  ViewSource view_;
  CursorSource cursor_;
  QWidget* dialogParent_;
  QString lastDirectory_;
};

}  // namespace warpscope::ui
