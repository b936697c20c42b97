// The user's own kernel in the window (issue 33; docs/your-kernel.md): File > Open kernel...
// (or `warpscope --kernel FILE.cu`) makes the file's header the lab on screen; every run of it
// carries the file's text to the backend, which compiles it in the GPU worker (or, without a
// GPU, compiles only). A file that cannot be read or a header that cannot be used is said in
// the message bar, naming the line, and nothing on screen changes.
#include <QFileDialog>
#include <QFileInfo>

#include "lab_list.h"
#include "main_window.h"
#include "message_bar.h"
#include "param_panel.h"
#include "qt_text.h"
#include "warpscope/kernel_source.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

void MainWindow::openKernelFileInteractively() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open your kernel"), QFileInfo(kernelPath_).path(),
                                                    tr("CUDA sources (*.cu *.cuh);;All files (*)"));
  if (!path.isEmpty()) openKernelFile(path);
}

QString MainWindow::openKernelFile(const QString& path) {
  KernelSource kernel;
  try {
    kernel = readKernelSource(fromQ(path));
  } catch (const BadInputError& e) {
    const QString message = tr("Cannot open %1: %2").arg(QFileInfo(path).fileName(), toQ(e.what()));
    messageBar_->showMessage(message, MessageBar::Level::Error);
    return message;
  }
  return openKernel(std::move(kernel), path);
}

QString MainWindow::openExampleKernel(const QString& fileName) {
  const labs::LabDefinition* definition = LabRegistry::builtin().userKernelLab();
  if (definition && definition->exampleKernels)
    for (KernelSource& example : definition->exampleKernels())
      if (toQ(example.fileName) == fileName) return openKernel(std::move(example), QString());
  const QString message = tr("No example kernel %1 in this Warpscope").arg(fileName);
  messageBar_->showMessage(message, MessageBar::Level::Error);
  return message;
}

QString MainWindow::openKernel(KernelSource kernel, const QString& path) {
  const labs::LabDefinition* definition = LabRegistry::builtin().userKernelLab();
  if (!definition) return tr("this Warpscope has no lab for your own kernel");
  const QString name = toQ(kernel.fileName);
  // Parse everything before touching the window: a bad header changes nothing.
  LabSpec spec;
  try {
    RunRequest request;
    request.labId = definition->spec.id;
    request.kernel = kernel;
    spec = definition->specFor(request);
  } catch (const BadInputError& e) {
    const QString message = tr("Cannot open %1: %2").arg(name, toQ(e.what()));
    messageBar_->showMessage(message, MessageBar::Level::Error);
    return message;
  }
  const bool reload = kernelLab_ && lab_ == &*kernelLab_ && !path.isEmpty() && QFileInfo(path) == QFileInfo(kernelPath_);
  const ParamSet previous = reload ? paramPanel_->values() : ParamSet{};
  adoptKernel(std::move(spec), std::move(kernel), path);
  ParamSet values = defaultParams(kernelLab_->params);
  for (const auto& [id, value] : previous.values())
    if (const ParamSpec* p = findParam(kernelLab_->params, id); p && p->accepts(value)) values.set(id, value);
  // `--kernel FILE --view ID`: the view asked for, when the kernel's header gives it.
  QString viewId;
  if (!path.isEmpty() && path == startup_.kernelPath && kernelLab_->findView(fromQ(startup_.viewId)))
    viewId = startup_.viewId;
  switchLab(*kernelLab_, values, viewId);
  const QString what = path.isEmpty() ? tr("Opened the example %1").arg(name)
                                      : (reload ? tr("Reloaded %1") : tr("Opened %1")).arg(name);
  messageBar_->showMessage(tr("%1: %2 params from its header; each variant is compiled when first run.")
                               .arg(what)
                               .arg(kernelLab_->params.size()),
                           MessageBar::Level::Info);
  return {};
}

const LabSpec& MainWindow::adoptKernel(LabSpec spec, KernelSource kernel, const QString& path) {
  // Another kernel's values mean nothing for this one (a reload keeps the valid ones itself).
  valuesByLab_.erase(spec.id);
  lab_ = nullptr;  // the declaration is new even where the lab id is the same: the controls are rebuilt
  kernelLab_ = std::move(spec);
  kernel_ = std::move(kernel);
  kernelPath_ = path;
  labList_->retitle(*kernelLab_);
  return *kernelLab_;
}

const LabSpec& MainWindow::labOfSlide(const PresetRef& slide) {
  if (!slide.kernelLab) return *slide.lab;
  // The same kernel (its text, whatever its file is called) keeps its controls, its compiled
  // variants and the file it came from.
  if (kernelLab_ && kernel_.text == slide.lab->kernel.text) return *kernelLab_;
  return adoptKernel(*slide.lab, slide.lab->kernel, QString());
}

bool MainWindow::showsLabOf(const PresetRef& slide) const {
  if (!slide.kernelLab) return slide.lab == lab_;
  return kernelLab_ && lab_ == &*kernelLab_ && kernel_.text == slide.lab->kernel.text;
}

void MainWindow::reloadKernelFile() {
  if (kernelPath_.isEmpty()) {
    messageBar_->showMessage(tr("No kernel file is open (an example or a slide's kernel is not a file): File > Open kernel… opens one."),
                             MessageBar::Level::Info);
    return;
  }
  openKernelFile(kernelPath_);
}

const LabSpec* MainWindow::shownKernelLab(const QString& labId) const {
  return kernelLab_ && toQ(kernelLab_->id) == labId ? &*kernelLab_ : nullptr;
}

void MainWindow::attachKernel(RunRequest& request) const {
  if (kernelLab_ && lab_ == &*kernelLab_) request.kernel = kernel_;
}

}  // namespace warpscope::ui
