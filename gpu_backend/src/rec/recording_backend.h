#pragma once
/// \file recording_backend.h
/// Recorded real-GPU runs as a device (rec:h200): a run is answered with exactly what was
/// measured, or refused with what the recordings do hold; never a substitute.

#include <memory>
#include <string>
#include <vector>

#include "warpscope/backend.h"

namespace warpscope::rec {

/// One device per subfolder of `root` ("h200" -> rec:h200) holding *.wsrec files (what
/// `warpscope-cli record` writes). Folders without a readable recording are left out, with the
/// reason in unavailableDevices(). Files are read when a run first asks for that device.
std::unique_ptr<Backend> makeRecordingBackend(const std::string& root);
/// The same over several roots, in order: a device name an earlier root holds replaces the
/// later roots' folder of that name.
std::unique_ptr<Backend> makeRecordingBackend(const std::vector<std::string>& roots);

/// Where the shipped recordings are: beside the installed program (BIN/../share/warpscope/
/// recordings, found from /proc/self/exe, so an installed tree can move), else the source tree's
/// resources/recordings/devices (running from a build folder), else ./resources/recordings/devices.
/// Empty when none exists.
std::string shippedRecordingsRoot();

/// The roots makeRecordingBackend() reads: $WARPSCOPE_RECORDINGS (one folder or several,
/// separated by ':'), added to the shipped recordings and first, so a user's folder named like a
/// shipped one (h200) replaces it; then shippedRecordingsRoot().
std::vector<std::string> defaultRecordingsRoots();

/// "rec:h200" -> "sim:h200": the model of the GPU a recorded device was recorded on.
std::string modelDeviceFor(const std::string& recordedDeviceId);

}  // namespace warpscope::rec
