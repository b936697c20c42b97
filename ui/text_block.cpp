#include "text_block.h"

#include <QAbstractTextDocumentLayout>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QMenu>
#include <QMimeData>
#include <QMouseEvent>
#include <QPainter>
#include <QTextDocumentFragment>
#include <QTextOption>

#include <cmath>
#include <memory>

namespace warpscope::ui {

TextBlock::TextBlock(QWidget* parent) : QWidget(parent) {
  // As a word-wrapped QLabel: its size policy, and the document set up as QLabel sets up its own
  // (no margin, wrapped at words), so the text lies exactly where the label put it.
  QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred, QSizePolicy::Label);
  policy.setHeightForWidth(true);
  setSizePolicy(policy);
  setFocusPolicy(Qt::ClickFocus);  // a click gives it the keys for Ctrl+C, as a selectable label
  setCursor(Qt::IBeamCursor);
  doc_.setUndoRedoEnabled(false);
  doc_.setDocumentMargin(0);
  doc_.setDefaultFont(font());
  QTextOption option = doc_.defaultTextOption();
  option.setAlignment(Qt::AlignLeft);
  option.setWrapMode(QTextOption::WordWrap);
  doc_.setDefaultTextOption(option);
}

bool TextBlock::setHtml(const QString& html) { return setSource(html, true); }

bool TextBlock::setPlainText(const QString& text) { return setSource(text, false); }

void TextBlock::clear() { setSource(QString(), false); }

bool TextBlock::setSource(const QString& text, bool rich) {
  if (text == source_ && rich == rich_) return false;
  const int oldHeight = laidOutWidth_ >= 0 ? documentHeight() : -1;
  const bool edit = !rich && !rich_ && !source_.isEmpty() && !text.isEmpty();
  const QString old = source_;
  source_ = text;
  rich_ = rich;
  selection_ = QTextCursor();
  if (edit) {
    // Plain text to plain text: only what changed is replaced, so only its paragraphs are laid
    // out and shaped again (a focus move changes one note of several: the whole text set anew
    // was 1.5 ms of the coalescing lab's move here, about 4 ms on the H100 host's CPU).
    replaceChangedPart(old, text);
  } else {
    if (rich) {
      doc_.setHtml(text);
    } else {
      doc_.setPlainText(text);
    }
    laidOutWidth_ = -1;
  }
  otherHeights_.clear();
  // Laid out once, at the width it is shown at; the same height needs no new window layout.
  if (isVisible() && width() > 0) {
    layOutAt(width());
    if (documentHeight() == oldHeight) {
      update();
      return false;
    }
  }
  updateGeometry();
  update();
  return true;
}

void TextBlock::replaceChangedPart(const QString& old, const QString& text) {
  qsizetype prefix = 0;
  const qsizetype shorter = std::min(old.size(), text.size());
  while (prefix < shorter && old[prefix] == text[prefix]) ++prefix;
  if (prefix > 0 && old[prefix - 1].isHighSurrogate()) --prefix;  // never half a character
  qsizetype suffix = 0;
  while (suffix < shorter - prefix && old[old.size() - 1 - suffix] == text[text.size() - 1 - suffix]) ++suffix;
  if (suffix > 0 && old[old.size() - suffix].isLowSurrogate()) --suffix;
  // Document positions are the text's (a paragraph break is one position, as the '\n' it was).
  QTextCursor cursor(&doc_);
  cursor.setPosition(static_cast<int>(prefix));
  cursor.setPosition(static_cast<int>(old.size() - suffix), QTextCursor::KeepAnchor);
  cursor.insertText(text.mid(prefix, text.size() - suffix - prefix));
}

void TextBlock::layOutAt(int width) const {
  if (width == laidOutWidth_) return;
  doc_.setTextWidth(width);
  laidOutWidth_ = width;
}

int TextBlock::documentHeight() const { return static_cast<int>(std::ceil(doc_.size().height())); }

int TextBlock::heightForWidth(int width) const {
  if (source_.isEmpty()) return 0;
  width = std::max(0, width);
  if (laidOutWidth_ < 0 || width == laidOutWidth_ || !isVisible()) {
    layOutAt(width);
    return documentHeight();
  }
  // Another width than the one shown: a scroll area tries its widget with and without its
  // vertical bar on every new text. Measured on a copy, so the shown layout stays as it is and
  // each width is laid out once per text, not once per question.
  if (const auto known = otherHeights_.constFind(width); known != otherHeights_.cend()) return *known;
  const std::unique_ptr<QTextDocument> copy(doc_.clone());
  copy->setTextWidth(width);
  const int height = static_cast<int>(std::ceil(copy->size().height()));
  if (otherHeights_.size() > 8) otherHeights_.clear();  // a window being resized
  otherHeights_.insert(width, height);
  return height;
}

QSize TextBlock::sizeHint() const {
  // At the width it has (or about 80 characters before it has one): asking for another width
  // would lay the document out again for a number only the scroll area's first size reads.
  const int width = this->width() > 0 ? this->width() : fontMetrics().averageCharWidth() * 80;
  return {width, heightForWidth(width)};
}

QSize TextBlock::minimumSizeHint() const {
  // The width follows the panel (a table wider than it is cut at its edge, as with the label
  // in a scroll area without a horizontal bar); the height is heightForWidth's.
  return {0, 0};
}

void TextBlock::paintEvent(QPaintEvent*) {
  if (source_.isEmpty()) return;
  layOutAt(width());
  QPainter painter(this);
  painter.setClipRect(rect());
  QAbstractTextDocumentLayout::PaintContext context;
  context.palette = palette();
  // QLabel draws its text in the foreground colour (a style sheet's or palette's "color").
  context.palette.setColor(QPalette::Text, palette().color(foregroundRole()));
  if (selection_.hasSelection()) {
    QAbstractTextDocumentLayout::Selection selected;
    selected.cursor = selection_;
    selected.format.setBackground(palette().brush(QPalette::Highlight));
    selected.format.setForeground(palette().brush(QPalette::HighlightedText));
    context.selections.append(selected);
  }
  doc_.documentLayout()->draw(&painter, context);
}

void TextBlock::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::FontChange) {
    // The window's type scale (Ctrl+= / Ctrl+-, presenting) reaches the text through the font.
    doc_.setDefaultFont(font());
    laidOutWidth_ = -1;
    otherHeights_.clear();
    updateGeometry();
    update();
  }
}

int TextBlock::positionAt(const QPoint& point) const {
  layOutAt(width());
  const int at = doc_.documentLayout()->hitTest(QPointF(point), Qt::FuzzyHit);
  return at < 0 ? 0 : at;
}

QString TextBlock::selectedText() const { return selection_.hasSelection() ? selection_.selection().toPlainText() : QString(); }

void TextBlock::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return QWidget::mousePressEvent(event);
  selection_ = QTextCursor(&doc_);
  selection_.setPosition(positionAt(event->position().toPoint()));
  selecting_ = true;
  update();
}

void TextBlock::mouseMoveEvent(QMouseEvent* event) {
  if (!selecting_) return QWidget::mouseMoveEvent(event);
  selection_.setPosition(positionAt(event->position().toPoint()), QTextCursor::KeepAnchor);
  update();
}

void TextBlock::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton) selecting_ = false;
  QWidget::mouseReleaseEvent(event);
}

void TextBlock::mouseDoubleClickEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return QWidget::mouseDoubleClickEvent(event);
  selection_ = QTextCursor(&doc_);
  selection_.setPosition(positionAt(event->position().toPoint()));
  selection_.select(QTextCursor::WordUnderCursor);
  update();
}

void TextBlock::keyPressEvent(QKeyEvent* event) {
  if (event->matches(QKeySequence::Copy)) return copySelection();
  if (event->matches(QKeySequence::SelectAll)) return selectAll();
  QWidget::keyPressEvent(event);
}

void TextBlock::contextMenuEvent(QContextMenuEvent* event) {
  QMenu menu(this);
  QAction* copy = menu.addAction(tr("&Copy"), this, &TextBlock::copySelection);
  copy->setEnabled(selection_.hasSelection());
  menu.addAction(tr("Select All"), this, &TextBlock::selectAll);
  menu.exec(event->globalPos());
}

void TextBlock::copySelection() const {
  if (!selection_.hasSelection()) return;
  // Rich and plain, as a label's selection is copied: a table pastes as a table where it can.
  const QTextDocumentFragment fragment = selection_.selection();
  auto* mime = new QMimeData;
  mime->setText(fragment.toPlainText());
  if (rich_) mime->setHtml(fragment.toHtml());
  QGuiApplication::clipboard()->setMimeData(mime);
}

void TextBlock::selectAll() {
  selection_ = QTextCursor(&doc_);
  selection_.select(QTextCursor::Document);
  update();
}

}  // namespace warpscope::ui
