#include "handout.h"

#include <QBuffer>
#include <QDate>
#include <QDir>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

#include <exception>

#include "chart_panel.h"
#include "controllers/export_controller.h"
#include "qt_text.h"
#include "warpscope/claim_check.h"
#include "warpscope/file_write.h"
#include "warpscope/params.h"
#include "warpscope/prediction.h"

namespace warpscope::ui {

HandoutInput readHandoutRuns(const Lecture& lecture, const LabRegistry& registry, const QString& dir) {
  HandoutInput input;
  input.lecture = &lecture;
  for (std::size_t i = 0; i < lecture.presetIds.size(); ++i) {
    HandoutSlide slide;
    slide.slide = lectureSlide(registry, lecture, i);
    const QString file = QDir(dir).filePath(QStringLiteral("%1.wsrec").arg(i + 1, 2, 10, QLatin1Char('0')));
    try {
      slide.run = readRunFile(fromQ(file));
      if (!slide.slide || slide.run->result.labId != slide.slide.lab->id) {
        slide.problem = QObject::tr("%1 holds another lab's run").arg(file);
        slide.run.reset();
      }
    } catch (const std::exception& e) {
      slide.problem = toQ(e.what());
    }
    input.slides.push_back(std::move(slide));
  }
  return input;
}

namespace {

/// A4 at 300 dpi, drawn top to bottom: each block's height comes from its wrapped text.
class PageWriter {
 public:
  explicit PageWriter(QPdfWriter& pdf) : pdf_(pdf), painter_(&pdf) {
    page_ = QRectF(0, 0, pdf.width(), pdf.height()).adjusted(kMargin, kMargin, -kMargin, -kMargin);
    y_ = page_.top();
  }
  [[nodiscard]] bool ok() const { return painter_.isActive(); }
  QPainter& painter() { return painter_; }
  [[nodiscard]] const QRectF& page() const { return page_; }
  [[nodiscard]] qreal y() const { return y_; }
  void skip(qreal points) { y_ += dots(points); }
  void newPage() {
    pdf_.newPage();
    y_ = page_.top();
    ++pages_;
  }
  [[nodiscard]] int pages() const { return pages_; }

  /// Wrapped text at `points` (bold or not, in `colour`); returns its height.
  qreal text(const QString& text, qreal points, bool bold = false, const QColor& colour = QColor(0x11, 0x11, 0x11)) {
    if (text.isEmpty()) return 0;
    QFont font;
    font.setPixelSize(static_cast<int>(dots(points)));
    font.setBold(bold);
    painter_.setFont(font);
    painter_.setPen(colour);
    const QRectF room(page_.left(), y_, page_.width(), page_.bottom() - y_);
    const QRectF used = painter_.boundingRect(room, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
    painter_.drawText(room, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
    y_ += used.height() + dots(points * 0.35);
    return used.height();
  }
  /// An empty box `height` points tall across the page, with `label` in it.
  void box(const QString& label, qreal height) {
    const QRectF r(page_.left(), y_, page_.width(), dots(height));
    painter_.setPen(QPen(QColor(0x66, 0x66, 0x66), dots(0.8)));
    painter_.drawRect(r);
    QFont font;
    font.setPixelSize(static_cast<int>(dots(9)));
    painter_.setFont(font);
    painter_.drawText(r.adjusted(dots(6), dots(4), -dots(6), -dots(4)), Qt::AlignLeft | Qt::AlignTop, label);
    y_ = r.bottom() + dots(8);
  }
  /// The rest of the page's width at the figure's aspect ratio, at most `maxShare` of the page.
  QRectF figureRect(QSize logical, qreal maxShare) {
    qreal w = page_.width();
    qreal h = w * logical.height() / logical.width();
    if (h > page_.height() * maxShare) {
      h = page_.height() * maxShare;
      w = h * logical.width() / logical.height();
    }
    const QRectF r(page_.left() + (page_.width() - w) / 2, y_, w, h);
    y_ = r.bottom() + dots(8);
    return r;
  }
  void footer(const QString& text) {
    QFont font;
    font.setPixelSize(static_cast<int>(dots(8)));
    painter_.setFont(font);
    painter_.setPen(QColor(0x77, 0x77, 0x77));
    painter_.drawText(QRectF(page_.left(), page_.bottom() - dots(10), page_.width(), dots(10) + kMargin / 2),
                      Qt::AlignLeft | Qt::AlignTop, text);
  }
  [[nodiscard]] qreal dots(qreal points) const { return points * pdf_.resolution() / 72.0; }

 private:
  static constexpr qreal kMargin = 180;  // 15 mm at 300 dpi
  QPdfWriter& pdf_;
  QPainter painter_;
  QRectF page_;
  qreal y_ = 0;
  int pages_ = 1;
};

QString deviceOf(const HandoutInput& input) {
  for (const HandoutSlide& s : input.slides)
    if (s.run) return toQ(s.run->result.banner());
  return QObject::tr("no slide could be run");
}

/// The slide's verdict and the answer its data gives, as the window shows them.
struct SlideReading {
  QString verdict;
  QColor colour;
  QString answer;
};

SlideReading readSlide(const HandoutSlide& s) {
  SlideReading reading{QString(), QColor(0x55, 0x55, 0x55), QString()};
  if (!s.run) return reading;
  const PresetSpec& preset = *s.slide.preset;
  const PredictionReveal reveal = revealAnswer(preset, s.run->result);
  if (!preset.checks.empty()) reading.verdict = toQ(verdictLine(reveal.verdict, s.run->result));
  if (reveal.verdict.kind == ClaimVerdict::Kind::Holds) reading.colour = QColor(0x1b, 0x6e, 0x20);
  if (reveal.verdict.kind == ClaimVerdict::Kind::DoesNotHold)
    reading.colour = reveal.verdict.explained() ? QColor(0x8a, 0x4b, 0x00) : QColor(0xa0, 0x10, 0x10);
  if (reveal.rightAnswer >= 0)
    reading.answer = QObject::tr("The data: %1, %2").arg(toQ(answerLetter(reveal.rightAnswer)),
                                                        toQ(preset.answers[static_cast<std::size_t>(reveal.rightAnswer)].text));
  return reading;
}

QString answersText(const PresetSpec& preset, const QString& mark) {
  QStringList lines;
  for (std::size_t i = 0; i < preset.answers.size(); ++i)
    lines << QStringLiteral("%1%2   %3").arg(mark, toQ(answerLetter(static_cast<int>(i))), toQ(preset.answers[i].text));
  return lines.join(QLatin1Char('\n'));
}

void writeCover(PageWriter& w, const HandoutInput& input) {
  w.skip(60);
  w.text(toQ(input.lecture->title), 24, true);
  w.text(toQ(input.lecture->source), 11, false, QColor(0x44, 0x44, 0x44));
  w.skip(20);
  w.text(QObject::tr("Device: %1").arg(deviceOf(input)), 12);
  w.text(QObject::tr("Made: %1").arg(QDate::currentDate().toString(Qt::ISODate)), 12);
  QString tool = QObject::tr("unknown");
  for (const HandoutSlide& s : input.slides)
    if (s.run) tool = QStringLiteral("%1 (%2)").arg(toQ(s.run->toolVersion), toQ(s.run->toolCommit));
  w.text(QObject::tr("Warpscope %1").arg(tool), 12);
  w.skip(20);
  QStringList contents;
  for (std::size_t i = 0; i < input.slides.size(); ++i)
    if (input.slides[i].slide) contents << QStringLiteral("%1. %2").arg(i + 1).arg(toQ(input.slides[i].slide.preset->title));
  w.text(QObject::tr("%n slide(s)", nullptr, static_cast<int>(input.slides.size())), 12, true);
  w.text(contents.join(QLatin1Char('\n')), 11);
  w.skip(10);
  w.text(QObject::tr("Every figure carries its run: `warpscope THIS.pdf --page N` reopens page N's figure with its "
                     "lab, parameters and numbers."),
         9, false, QColor(0x55, 0x55, 0x55));
}

void writePredictionPage(PageWriter& w, const HandoutInput& input, std::size_t index) {
  const PresetSpec& preset = *input.slides[index].slide.preset;
  w.text(QObject::tr("Before class: predict slide %1 of %2").arg(index + 1).arg(input.slides.size()), 10, false,
         QColor(0x55, 0x55, 0x55));
  w.text(toQ(preset.title), 16, true);
  w.text(toQ(preset.question), 13, true);
  w.text(answersText(preset, QStringLiteral("☐  ")), 12);
  w.skip(6);
  w.box(QObject::tr("Why do you expect it? (what limits the GPU here)"), 150);
  w.box(QObject::tr("After class: what the data showed, and what surprised you"), 150);
  w.footer(QObject::tr("%1 · predictions").arg(toQ(input.lecture->title)));
}

void writeSlidePage(PageWriter& w, const HandoutInput& input, std::size_t index) {
  const HandoutSlide& s = input.slides[index];
  const PresetSpec& preset = *s.slide.preset;
  w.text(QObject::tr("%1 · slide %2 of %3").arg(toQ(input.lecture->title)).arg(index + 1).arg(input.slides.size()), 9,
         false, QColor(0x55, 0x55, 0x55));
  w.text(toQ(preset.title), 16, true);
  w.text(toQ(preset.claim), 12, true);
  if (s.run) {
    const RunResult& r = s.run->result;
    const View* view = r.findView(preset.view);
    if (!view && !r.views.empty()) {
      // A run without the slide's view (a user's kernel compiled only has no time): another of its
      // views, said as such rather than passed off as the slide's.
      view = &r.views.front();
      w.text(QObject::tr("This run has no view '%1' (%2); shown instead: %3")
                 .arg(toQ(preset.view), toQ(r.banner()), toQ(view->title)),
             9.5, false, QColor(0xa0, 0x10, 0x10));
    }
    if (view) {
      std::optional<double> at;
      double start = 0, end = 0;
      if (preset.animationAt >= 0 && animationSpan(*view, &start, &end)) at = start + preset.animationAt * (end - start);
      paintExportFigure(w.painter(), r, *view, w.figureRect(kExportChartSize, 0.45), kExportChartSize, at);
    }
  } else {
    w.text(QObject::tr("No figure: %1").arg(s.problem), 11, false, QColor(0xa0, 0x10, 0x10));
  }
  const SlideReading reading = readSlide(s);
  w.text(reading.verdict, 9.5, false, reading.colour);
  // An instructor's own slide may say nothing here: no empty "Look at:" then.
  if (!preset.lookAt.empty()) w.text(QObject::tr("Look at: %1").arg(toQ(preset.lookAt)), 10);
  if (!preset.question.empty()) {
    w.text(toQ(preset.question), 10.5, true);
    w.text(answersText(preset, QString()), 10);
    w.text(reading.answer, 10.5, true, reading.colour);
  }
  if (!preset.source.empty()) w.text(QObject::tr("Source: %1").arg(toQ(preset.source)), 8.5, false, QColor(0x55, 0x55, 0x55));
  // The page's own run says what made it: a slide of a user's kernel on a simulator was compiled,
  // not simulated, and a slide taken from another GPU's recording names that GPU.
  const QString madeBy = s.run ? toQ(s.run->result.banner()) : deviceOf(input);
  w.footer(QObject::tr("Warpscope · %1 · page %2").arg(madeBy).arg(w.pages()));
}

}  // namespace

QString writeHandout(const HandoutInput& input, const QString& path, int* pages) {
  if (!input.lecture) return QObject::tr("Cannot write %1: no lecture").arg(path);
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  int written = 0;
  {
    QPdfWriter pdf(&buffer);
    const QString title = toQ(input.lecture->title) + QStringLiteral(" — ") + deviceOf(input);
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("Warpscope"));
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setResolution(300);
    // The runs, in the order of the pages that show them (the cover and prediction pages show none).
    // Each run names its page: the cover, then the prediction pages, then a page a slide.
    int page = 1;
    if (input.predictionBoxes)
      for (const HandoutSlide& s : input.slides) page += s.slide && !s.slide.preset->question.empty() ? 1 : 0;
    std::vector<std::string> runs;
    for (const HandoutSlide& s : input.slides) {
      if (!s.slide) continue;
      ++page;
      if (!s.run) continue;
      Recording figure = *s.run;  // as recorded (device, date), with the view the page draws
      figure.viewId = s.slide.preset->view;
      runs.push_back(runXmlElement(figure, page));
    }
    pdf.setDocumentXmpMetadata(xmpWithRuns(title, runs));
    PageWriter w(pdf);
    if (!w.ok()) return QObject::tr("Cannot write %1: the PDF could not be started").arg(path);
    writeCover(w, input);
    if (input.predictionBoxes)
      for (std::size_t i = 0; i < input.slides.size(); ++i)
        if (input.slides[i].slide && !input.slides[i].slide.preset->question.empty()) {
          w.newPage();
          writePredictionPage(w, input, i);
        }
    for (std::size_t i = 0; i < input.slides.size(); ++i) {
      if (!input.slides[i].slide) continue;
      w.newPage();
      writeSlidePage(w, input, i);
    }
    written = w.pages();
  }
  try {
    writeFileAtomically(fromQ(path), std::string(bytes.constData(), static_cast<std::size_t>(bytes.size())));
  } catch (const FileWriteError& e) {
    return toQ(e.what());
  }
  if (pages) *pages = written;
  return {};
}

}  // namespace warpscope::ui
