#pragma once
/// \file uvm_host_link.h
/// The links bytes cross in the UVM model, and what one transfer costs: a fixed per-copy cost
/// (copy-engine setup, page-table updates of the VA block, the driver's bookkeeping) plus bytes at
/// the link's bandwidth. Migrations are serialised per fault batch, as the driver services a batch
/// block by block and waits for each block's copies (one fixed cost per block, however many
/// ranges it copies) before it replays.

#include <cstdint>

#include "labs/um_common/um_model.h"
#include "labs/um_common/um_trace.h"

namespace warpscope::labs::um {

class HostLink {
 public:
  explicit HostLink(const UvmParams& p) : params_(p) {}
  /// GB/s of the path from -> to: the host link between the CPU and a GPU, the peer link between GPUs.
  [[nodiscard]] double bandwidthGBs(Processor from, Processor to) const {
    const bool peer = from != Processor::Cpu && to != Processor::Cpu;
    return peer ? params_.peerGBs : params_.linkGBs;
  }
  /// Microseconds for `bytes` on the path, without the fixed per-transfer cost.
  [[nodiscard]] double bytesUs(std::uint64_t bytes, Processor from, Processor to) const {
    return static_cast<double>(bytes) / (bandwidthGBs(from, to) * 1e3);
  }
  /// Microseconds for one migration transfer of `bytes` (GB/s = 1000 bytes per microsecond).
  [[nodiscard]] double transferUs(std::uint64_t bytes, Processor from, Processor to) const {
    return params_.transferOverheadUs + static_cast<double>(bytes) / (bandwidthGBs(from, to) * 1e3);
  }
  /// A cudaMemcpy of `bytes` from pinned (or pageable) host memory: one copy.
  [[nodiscard]] double memcpyUs(std::uint64_t bytes, bool pageable) const {
    return params_.transferOverheadUs + static_cast<double>(bytes) / ((pageable ? params_.pageableGBs : params_.linkGBs) * 1e3);
  }
  /// A GPU reading `bytes` of remote-mapped memory (host memory over the link, or a peer's over NVLink).
  [[nodiscard]] double remoteReadUs(std::uint64_t bytes, bool peer) const {
    return static_cast<double>(bytes) / ((peer ? params_.peerGBs : params_.remoteAccessGBs) * 1e3);
  }

 private:
  const UvmParams& params_;
};

}  // namespace warpscope::labs::um
