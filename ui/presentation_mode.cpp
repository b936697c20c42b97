#include "presentation_mode.h"

#include <QMainWindow>
#include <QStatusBar>
#include <QLabel>

#include <algorithm>

#include "param_panel.h"
#include "ui_scale.h"

namespace warpscope::ui {

PresentationMode::PresentationMode(Parts parts, std::function<void()> redraw, QWidget* stripParent)
    : QObject(stripParent), parts_(parts), redraw_(std::move(redraw)), strip_(new QLabel(stripParent)) {
  // Wrapped, never wider than the window: a lab with many parameters takes a second line
  // instead of pushing the window past a 1280-pixel projector.
  strip_->setWordWrap(true);
  strip_->setTextFormat(Qt::RichText);
  strip_->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
  strip_->setContentsMargins(6, 2, 6, 2);
  strip_->setToolTip(tr("Show the parameters (F6)"));
  strip_->setVisible(false);
  connect(strip_, &QLabel::linkActivated, this, [this] { setLeftPanelVisible(true); });
}

void PresentationMode::setActive(bool on) {
  if (on == active_) return;
  active_ = on;
  QMainWindow* window = parts_.window;
  if (on) {
    scaleBefore_ = uiScale();
    maximizedBefore_ = window->isMaximized();
    setTypeScale(std::max(scaleBefore_, kPresentationTypeScale));
    setLeftPanelVisible(false);
    parts_.scalarArea->setVisible(false);  // the numbers come back with the desk layout
    window->statusBar()->setVisible(false);  // the chart's banner says what ran; the height goes to it
    window->showFullScreen();
  } else {
    setTypeScale(scaleBefore_);
    setLeftPanelVisible(true);
    parts_.scalarArea->setVisible(true);
    window->statusBar()->setVisible(true);
    if (maximizedBefore_) window->showMaximized(); else window->showNormal();
  }
  emit activeChanged(on);
}

void PresentationMode::setTypeScale(double scale) {
  setUiScale(scale);
  redraw_();
}

void PresentationMode::setLeftPanelVisible(bool visible) {
  parts_.leftPanel->setVisible(visible);
  strip_->setVisible(!visible);
  updateStrip();
}

void PresentationMode::updateStrip() {
  if (!strip_->isVisible()) return;
  strip_->setText(tr("%1 &nbsp; <a href=\"#parameters\">Parameters (F6)</a>")
                      .arg(parts_.params->summary().toHtmlEscaped()));
}

}  // namespace warpscope::ui
