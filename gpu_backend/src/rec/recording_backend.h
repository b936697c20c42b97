#pragma once
/// \file recording_backend.h
/// Recorded real-GPU runs as a device (rec:h200): a run is answered with exactly what was
/// measured, or refused with what the recordings do hold; never a substitute.

#include <memory>
#include <string>

#include "warpscope/backend.h"

namespace warpscope::rec {

/// One device per subfolder of `root` ("h200" -> rec:h200) holding *.wsrec files (what
/// `warpscope-cli record` writes). Folders without a readable recording are left out, with the
/// reason in unavailableDevices(). Files are read when a run first asks for that device.
std::unique_ptr<Backend> makeRecordingBackend(const std::string& root);

/// Where the shipped recordings are: $WARPSCOPE_RECORDINGS, else the source tree's
/// resources/recordings/devices, else ./resources/recordings/devices. Empty when none exists.
std::string defaultRecordingsRoot();

/// "rec:h200" -> "sim:h200": the model of the GPU a recorded device was recorded on.
std::string modelDeviceFor(const std::string& recordedDeviceId);

}  // namespace warpscope::rec
