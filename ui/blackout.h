#pragma once
/// \file blackout.h
/// B blacks the projector out, W whites it (as presentation programs do): a plain black or white
/// sheet over the whole window, so the room looks at the speaker or the board. Any key or click
/// takes it away; nothing under it changes.

#include <QColor>
#include <QWidget>

namespace warpscope::ui {

class Blackout : public QWidget {
  Q_OBJECT

 public:
  /// Covers `window` (and follows its size) while shown.
  explicit Blackout(QWidget* window);

  /// Covers the window in `colour` (black or white) and takes the keyboard.
  void cover(const QColor& colour);
  [[nodiscard]] bool covering() const { return isVisible(); }
  [[nodiscard]] QColor colour() const { return colour_; }

 signals:
  void uncovered();

 protected:
  /// Every key is the sheet's while it covers: a shortcut (PageDown, R) must not act unseen.
  bool event(QEvent* event) override;
  void paintEvent(QPaintEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void uncover();
  QColor colour_ = Qt::black;
};

}  // namespace warpscope::ui
