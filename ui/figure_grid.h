#pragma once
/// \file figure_grid.h
/// The numbers under the chart as aligned columns of short texts, drawn from pre-laid-out text
/// (QStaticText, one per cell, laid out again only when its text changes).
///
/// Why not rich text: every focus move changes a few of the numbers, and a QTextDocument table
/// (TextBlock) parses its HTML and lays out and shapes every cell again: 2.5-3.3 ms of a move on
/// this machine's simulator and 5-9 ms on the H100 host's (perf, issue 27: a quarter of the
/// window's part of an in-place update). Here a move re-shapes the cells whose text changed.
/// Selection is of the whole grid (Ctrl+A, Ctrl+C or the context menu copy every figure as
/// tab-separated lines, which paste into a spreadsheet as a table).

#include <QFont>
#include <QStaticText>
#include <QString>
#include <QWidget>

#include <vector>

namespace warpscope::ui {

struct FigureCell {
  QString text;
  bool bold = false;
  bool alignRight = false;
};

/// Rows of cells whose columns line up: each column as wide as its widest cell.
struct FigureSection {
  std::vector<std::vector<FigureCell>> rows;
  std::vector<int> gapBefore;  ///< Pixels left of each column (missing: 0).
  int rowPadding = 2;          ///< Pixels above and below each row's text.
  int marginTop = 0;           ///< Pixels above the section.
};

class FigureGrid : public QWidget {
  Q_OBJECT

 public:
  explicit FigureGrid(QWidget* parent = nullptr);

  /// Shows `sections`, one under another. Cells whose text did not change keep their layout;
  /// true when the grid's height changed (a layout was asked for).
  bool setSections(std::vector<FigureSection> sections);
  void clear() { setSections({}); }

  /// Every cell's text, a line per row, tab-separated (tests, accessibility, copying).
  [[nodiscard]] QString toPlainText() const;
  [[nodiscard]] bool allSelected() const { return allSelected_; }

  [[nodiscard]] QSize sizeHint() const override;
  [[nodiscard]] QSize minimumSizeHint() const override { return {0, contentHeight()}; }

 public slots:
  void copyAll() const;
  void selectAll();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void changeEvent(QEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
  void focusOutEvent(QFocusEvent* event) override;

 private:
  /// A cell as laid out: its text ready to draw and its size.
  struct LaidOutCell {
    QString text;
    bool bold = false;
    bool alignRight = false;
    QStaticText staticText;
    QSizeF size;
  };
  struct LaidOutSection {
    std::vector<std::vector<LaidOutCell>> rows;
    std::vector<int> columnX;      ///< Each column's left edge.
    std::vector<int> columnWidth;  ///< Each column's width.
    int top = 0;                   ///< The first row's top.
    int rowHeight = 0;
    int rowPadding = 0;
  };

  /// Lays `cell` out in its font unless it is laid out with this text and weight already.
  void layOut(LaidOutCell& cell, const FigureCell& source);
  /// Columns and rows placed from the cells' sizes.
  void placeSections();
  [[nodiscard]] int contentHeight() const { return height_; }

  std::vector<FigureSection> given_;
  std::vector<LaidOutSection> sections_;
  QFont boldFont_;
  int height_ = 0;
  int width_ = 0;
  bool allSelected_ = false;
};

}  // namespace warpscope::ui
