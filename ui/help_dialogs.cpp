#include "help_dialogs.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "qt_text.h"

namespace warpscope::ui {
namespace {

QString row(const QString& keys, const QString& what) {
  return QStringLiteral("<tr><td style='padding-right:16px'><b>%1</b></td><td>%2</td></tr>")
      .arg(keys.toHtmlEscaped(), what.toHtmlEscaped());
}

/// A non-modal dialog around a text browser: the class can keep it open beside the window.
void showBrowser(QWidget* parent, const QString& title, const auto& fill) {
  auto* dialog = new QDialog(parent);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setWindowTitle(title);
  auto* browser = new QTextBrowser(dialog);
  browser->setOpenExternalLinks(true);
  fill(*browser);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
  QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
  auto* layout = new QVBoxLayout(dialog);
  layout->addWidget(browser);
  layout->addWidget(buttons);
  dialog->resize(720, 560);
  dialog->show();
}

}  // namespace

QString keyboardSheetHtml(const QMenuBar* menus) {
  QString html = QStringLiteral("<table>");
  for (QAction* menuAction : menus->actions()) {
    const QMenu* menu = menuAction->menu();
    if (!menu) continue;
    QString rows;
    for (QAction* action : menu->actions())
      if (!action->shortcut().isEmpty())
        rows += row(action->shortcut().toString(QKeySequence::NativeText), action->text().remove(QLatin1Char('&')));
    if (!rows.isEmpty())
      html += QStringLiteral("<tr><td colspan=2><h3>%1</h3></td></tr>").arg(menuAction->text().remove(QLatin1Char('&'))) + rows;
  }
  html += QStringLiteral("<tr><td colspan=2><h3>%1</h3></td></tr>").arg(QObject::tr("Anywhere"));
  html += row(QObject::tr("Ctrl+PgDown / Ctrl+PgUp"), QObject::tr("Next / previous view (chart tab)"));
  html += row(QObject::tr("F6"), QObject::tr("Open the parameters in presentation mode"));
  html += row(QObject::tr("Tab / Shift+Tab"), QObject::tr("Move between the lists, parameters and chart"));
  html += row(QObject::tr("Arrow keys, PgUp, PgDn"), QObject::tr("Move a focused slider (a Focus parameter reruns one point)"));
  html += row(QObject::tr("Space"), QObject::tr("Play or pause an animated view (timeline, page map) when it has the focus"));
  html += QStringLiteral("</table>");
  return html;
}

void showKeyboardSheet(QWidget* parent, const QMenuBar* menus) {
  const QString html = keyboardSheetHtml(menus);
  showBrowser(parent, QObject::tr("Keyboard shortcuts"), [&](QTextBrowser& b) { b.setHtml(html); });
}

QString labPageMarkdown(const LabSpec& lab) {
  if (lab.docPage.empty()) return {};
  QFile page(QStringLiteral(":/docs/") + toQ(lab.docPage));
  if (!page.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(page.readAll());
}

void showLabPage(QWidget* parent, const LabSpec& lab) {
  QString markdown = labPageMarkdown(lab);
  if (markdown.isEmpty())
    markdown = QObject::tr("# %1\n\n%2\n\n(This lab has no page in docs/labs yet.)").arg(toQ(lab.title), toQ(lab.summary));
  showBrowser(parent, QObject::tr("About %1").arg(toQ(lab.title)), [&](QTextBrowser& b) { b.setMarkdown(markdown); });
}

}  // namespace warpscope::ui
