#pragma once
/// \file text_block.h
/// A block of rich or plain text wrapped to its width, drawn as a word-wrapped QLabel draws it
/// (the same QTextDocument, no margin, the foreground colour as text colour) and selectable with
/// the mouse, but laid out once per text and width.
///
/// Why not a QLabel: the numbers panel under the chart takes new text with every focus move, and
/// a word-wrapped rich-text QLabel then measures its document at three widths for its size hints
/// and at the layout's width for heightForWidth, each time laying the whole document out twice
/// (once at the width asked, once back at its own). For the coalescing lab's table and notes that
/// was 25-30 ms of a 35 ms in-place update (perf, sim:h100). Here the document is laid out at the
/// width it is shown at; a new text whose height did not change asks for no new layout of the
/// window at all.

#include <QHash>
#include <QTextCursor>
#include <QTextDocument>
#include <QWidget>

namespace warpscope::ui {

class TextBlock : public QWidget {
  Q_OBJECT

 public:
  explicit TextBlock(QWidget* parent = nullptr);

  /// Shows `html` (Qt's rich-text subset, as QLabel takes it); nothing happens when it is the
  /// text shown already. True when the new text changed the height: a layout was asked for.
  bool setHtml(const QString& html);
  /// Shows `text` as plain text, wrapped at word boundaries; returns as setHtml.
  bool setPlainText(const QString& text);
  void clear();
  /// The text as given to setHtml or setPlainText.
  [[nodiscard]] const QString& text() const { return source_; }
  /// What a reader sees, without markup (tests, accessibility, copying).
  [[nodiscard]] QString toPlainText() const { return doc_.toPlainText(); }
  /// The selected text ("" when nothing is selected).
  [[nodiscard]] QString selectedText() const;

  [[nodiscard]] bool hasHeightForWidth() const override { return true; }
  [[nodiscard]] int heightForWidth(int width) const override;
  [[nodiscard]] QSize sizeHint() const override;
  [[nodiscard]] QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
  void changeEvent(QEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;

 private:
  bool setSource(const QString& text, bool rich);
  /// Turns the shown plain text `old` into `text` by replacing only the part between their
  /// common beginning and end.
  void replaceChangedPart(const QString& old, const QString& text);
  /// Lays the document out at `width` unless it already is (the one place a layout happens).
  void layOutAt(int width) const;
  [[nodiscard]] int documentHeight() const;
  [[nodiscard]] int positionAt(const QPoint& point) const;
  void copySelection() const;
  void selectAll();

  // Laid out on demand from const size queries, hence mutable.
  mutable QTextDocument doc_;
  mutable int laidOutWidth_ = -1;
  mutable QHash<int, int> otherHeights_;  ///< Width -> height of this text at widths not shown.
  QString source_;
  bool rich_ = false;
  QTextCursor selection_;
  bool selecting_ = false;
};

}  // namespace warpscope::ui
