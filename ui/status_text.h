#pragma once
/// \file status_text.h
/// One line of text in the status bar that a new text only repaints. A QLabel given a new text
/// asks its parent's layout to run again, and in a status bar that lays the whole main window out
/// (and repaints it): twice a focus move, a third of the window's part of it (issue 27). The line
/// keeps one height; a text wider than the line ends in "…" and is whole in the tool tip.

#include <QString>
#include <QWidget>

namespace warpscope::ui {

class StatusText : public QWidget {
 public:
  /// `alignment`: Qt::AlignLeft or Qt::AlignRight (vertically centred either way). With a
  /// `widest` text the line is exactly that wide (in the font of the moment); else it takes the
  /// width its layout gives it.
  explicit StatusText(Qt::Alignment alignment, QString widest = {}, QWidget* parent = nullptr);

  void setText(const QString& text);
  [[nodiscard]] QString text() const { return text_; }

  [[nodiscard]] QSize sizeHint() const override;
  [[nodiscard]] QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  QString text_;
  Qt::Alignment alignment_;
  QString widest_;
};

}  // namespace warpscope::ui
