#pragma once
// A fixed H100-like device for tests of lab plans and assembly (no profile file, no GPU).
#include "warpscope/device.h"

inline warpscope::DeviceInfo hopperLikeTestDevice() {
  warpscope::DeviceInfo d;
  d.id = "test:hopper";
  d.name = "Test Hopper";
  d.smCount = 132;
  d.fp32LanesPerSm = 128;
  d.schedulersPerSm = 4;
  d.registersPerSm = 65536;
  d.sharedMemPerSmBytes = 228 * 1024;
  d.sharedMemPerBlockMaxBytes = 227 * 1024;
  d.reservedSharedMemPerBlockBytes = 1024;
  d.maxThreadsPerSm = 2048;
  d.maxBlocksPerSm = 32;
  d.maxThreadsPerBlock = 1024;
  d.smClockMhz = 1980;
  d.dramBandwidthGBs = 4800;
  return d;
}
