#pragma once
/// \file meta_types.h
/// Backend value types that cross threads in queued signals (worker -> GUI) or are recorded by
/// QSignalSpy in tests must be known to Qt's meta-type system.

#include <QList>
#include <QMetaType>

#include "warpscope/backend.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

Q_DECLARE_METATYPE(warpscope::RunRequest)
Q_DECLARE_METATYPE(warpscope::RunResult)
Q_DECLARE_METATYPE(warpscope::RunError)
Q_DECLARE_METATYPE(warpscope::DeviceInfo)
Q_DECLARE_METATYPE(warpscope::ParamSet)

namespace warpscope::ui {
/// Registers the types above once; safe to call repeatedly.
void registerMetaTypes();
}  // namespace warpscope::ui
