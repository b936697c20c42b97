#pragma once
/// \file help_dialogs.h
/// Help > Keyboard shortcuts (a sheet of every key the window answers) and Help > About this
/// lab (the lab's page from docs/labs, embedded in the application).

#include <QString>

#include "warpscope/lab.h"

QT_BEGIN_NAMESPACE
class QMenuBar;
class QWidget;
QT_END_NAMESPACE

namespace warpscope::ui {

/// Every menu action with a shortcut, then the keys that belong to no menu item.
QString keyboardSheetHtml(const QMenuBar* menus);
void showKeyboardSheet(QWidget* parent, const QMenuBar* menus);

/// The lab's page (LabSpec::docPage) as Markdown from the embedded docs, or "" when missing.
QString labPageMarkdown(const LabSpec& lab);
void showLabPage(QWidget* parent, const LabSpec& lab);

}  // namespace warpscope::ui
