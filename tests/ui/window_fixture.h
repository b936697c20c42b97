#pragma once
// The real window over the fake backend, shown, with its first full run on screen.
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

#include "controllers/run_controller.h"
#include "fake_backend.h"
#include "main_window.h"

namespace warpscope::test {

struct WindowFixture {
  std::shared_ptr<FakeBackendState> state = std::make_shared<FakeBackendState>();
  ui::RunController runs{[s = state] { return makeFakeSession(s); }};
  ui::MainWindow window;
  QSignalSpy displayed{&window, &ui::MainWindow::resultDisplayed};
  QSignalSpy queued{&runs, &ui::RunController::runQueued};

  explicit WindowFixture(ui::StartupChoice startup = {}) : window(&runs, std::move(startup)) {
    window.show();
    EXPECT_TRUE(QTest::qWaitFor([&] { return displayed.count() >= 1; }, 5000)) << "first full run shown";
  }
  bool waitIdle() { return QTest::qWaitFor([&] { return !runs.isBusy(); }, 5000); }
};

}  // namespace warpscope::test
