#include "labs/coalescing/coalescing_cuda.h"

#include <algorithm>
#include <memory>
#include <random>
#include <sstream>

#include "cuda/ceilings.h"
#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/kernels/fill_words.h"
#include "cuda/run_errors.h"
#include "cuda/timing.h"
#include "labs/coalescing/coalescing_kernels.h"
#include "labs/coalescing/coalescing_lab.h"
#include "labs/coalescing/coalescing_model.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

namespace {

constexpr const char* kLoadSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
constexpr const char* kLoadRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
constexpr const char* kStoreSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum";
constexpr const char* kStoreRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum";
constexpr const char* kDramRead = "dram__bytes_read.sum";
constexpr const char* kDramWrite = "dram__bytes_write.sum";

/// The source and destination, kept between runs (a slider step must not reallocate gigabytes).
struct CoalescingBuffers : cuda::LabState {
  std::unique_ptr<cuda::DeviceBuffer> in;
  std::unique_ptr<cuda::DeviceBuffer> out;
  cuda::DeviceBuffer mismatches{sizeof(unsigned long long)};
  std::uint64_t seed = 0;
  std::size_t filledBytes = 0;
};

/// Elements a launch copies at this stride: enough that the sectors one launch reads are at least
/// 4 x the L2 (so the sweep measures DRAM, not L2), a multiple of the kernel's quantum, and no more
/// than the buffers hold.
unsigned long long elementsFor(const DeviceInfo& device, const CoalescingPlan& plan, int stride,
                               const MemoryTransactions& rule, std::size_t bufferBytes) {
  const WarpFootprint f = coalescingFootprint(plan, stride, rule);
  const double readBytesPerElement = f.sectors * static_cast<double>(rule.sectorBytes) / 32.0;
  const auto wanted = static_cast<unsigned long long>(4.0 * static_cast<double>(device.l2Bytes) / readBytesPerElement);
  const unsigned long long fits =
      (bufferBytes / static_cast<std::size_t>(plan.elementBytes) - static_cast<std::size_t>(plan.offsetElements)) /
      static_cast<unsigned long long>(stride);
  const unsigned long long quantum = coalescingElementQuantum(plan.elementBytes);
  return std::max(quantum, std::min(wanted + quantum - 1, fits) / quantum * quantum);
}

std::size_t spanBytes(const CoalescingPlan& plan, unsigned long long elements, int stride) {
  return static_cast<std::size_t>(plan.offsetElements + (elements - 1) * static_cast<unsigned long long>(stride) + 1) *
         static_cast<std::size_t>(plan.elementBytes);
}

/// Buffers for the largest stride a run can ask for, capped at 40% of the free memory for both.
CoalescingBuffers& buffersFor(cuda::DeviceContext& context, const CoalescingPlan& plan, const MemoryTransactions& rule,
                              bool* capped) {
  CoalescingBuffers& b = context.labState<CoalescingBuffers>();
  const int widest = kSeedStride;
  const unsigned long long unlimited = elementsFor(context.info, plan, widest, rule, ~std::size_t{0} / 2);
  std::size_t want = (spanBytes(plan, unlimited, widest) + 255) / 256 * 256;
  std::size_t freeBytes = 0, totalBytes = 0;
  if (b.in && b.in->bytes() >= want) {
    *capped = false;
    return b;
  }
  b.in.reset();
  b.out.reset();
  WS_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
  const std::size_t cap = freeBytes / 5 / 256 * 256;  // 40% of the free memory for the two
  *capped = want > cap;
  want = std::min(want, cap);
  b.in = std::make_unique<cuda::DeviceBuffer>(want);
  b.out = std::make_unique<cuda::DeviceBuffer>(want);
  b.seed = std::random_device{}() | (static_cast<std::uint64_t>(std::random_device{}()) << 32);
  WS_CUDA_CHECK(cuda::launchFillRandom(b.in->as<std::uint32_t>(), want / 4, b.seed));
  b.filledBytes = want;
  return b;
}

void checkCopy(CoalescingBuffers& b, const CoalescingPlan& plan, unsigned long long elements, int stride,
               const std::string& what) {
  const std::size_t words = (spanBytes(plan, elements, stride) + 3) / 4 + 64;  // and a little past the end
  WS_CUDA_CHECK(cudaMemset(b.mismatches.get(), 0, sizeof(unsigned long long)));
  WS_CUDA_CHECK(cuda::launchCountStridedMismatches(b.out->as<std::uint32_t>(), std::min(words, b.out->bytes() / 4),
                                                   plan.elementBytes, elements, static_cast<unsigned>(stride),
                                                   static_cast<unsigned>(plan.offsetElements), b.seed,
                                                   b.mismatches.as<unsigned long long>()));
  unsigned long long wrong = 0;
  WS_CUDA_CHECK(cudaMemcpy(&wrong, b.mismatches.get(), sizeof wrong, cudaMemcpyDeviceToHost));
  if (wrong != 0)
    throw cuda::CheckFailed("coalescing check failed (" + what + "): " + std::to_string(wrong) +
                            " destination words wrong (every copied element must equal the source, every other "
                            "word keep the poison)");
}

void poison(CoalescingBuffers& b, const CoalescingPlan& plan, unsigned long long elements, int stride) {
  const std::size_t words = std::min((spanBytes(plan, elements, stride) + 3) / 4 + 64, b.out->bytes() / 4);
  WS_CUDA_CHECK(cuda::launchFillWords(b.out->as<std::uint32_t>(), words, cuda::kPoisonWord));
}

/// The 2D case on the GPU: for each mapping, the matrix (the source's first side x side random
/// words) copied to the poisoned destination, the counters read in launches of their own, then
/// timed, then every word checked. Returns the words checked.
long long measureMatrix(cuda::DeviceContext& context, CoalescingBuffers& b, CoalescingRun& run,
                        const cuda::TimingPolicy& policy, RunMonitor& monitor) {
  const auto side = static_cast<unsigned long long>(run.plan.matrixSide);
  const unsigned long long elements = side * side;
  const std::size_t words = std::min<std::size_t>(elements + 64, b.out->bytes() / 4);  // and a little past the end
  if (elements * kMatrixElementBytes > b.in->bytes())
    throw BadInputError("matrix_side " + std::to_string(side) + " needs " +
                        std::to_string(elements * kMatrixElementBytes >> 20) + " MiB per buffer; this GPU's buffers hold " +
                        std::to_string(b.in->bytes() >> 20) + " MiB: choose a smaller matrix_side");
  long long checked = 0;
  for (CoalescingMatrixPoint& p : run.matrix) {
    const int mapping = static_cast<int>(p.mapping);
    const auto launch = [&] {
      WS_CUDA_CHECK(cuda::launchMatrixCopy(mapping, static_cast<unsigned>(side), b.in->get(), b.out->get()));
    };
    WS_CUDA_CHECK(cuda::launchFillWords(b.out->as<std::uint32_t>(), words, cuda::kPoisonWord));
    const cuda::CounterReading c = cuda::readCounters(context, {kLoadSectors, kLoadRequests}, launch);
    const cuda::TimingStats t = cuda::timeLaunches(launch, policy, &monitor.token());
    WS_CUDA_CHECK(cudaMemset(b.mismatches.get(), 0, sizeof(unsigned long long)));
    // Every word of the matrix must be the source's (a mapping that missed or repeated an element
    // leaves poison), and the words past it the poison.
    WS_CUDA_CHECK(cuda::launchCountStridedMismatches(b.out->as<std::uint32_t>(), words, kMatrixElementBytes, elements, 1, 0,
                                                     b.seed, b.mismatches.as<unsigned long long>()));
    unsigned long long wrong = 0;
    WS_CUDA_CHECK(cudaMemcpy(&wrong, b.mismatches.get(), sizeof wrong, cudaMemcpyDeviceToHost));
    if (wrong != 0)
      throw cuda::CheckFailed("coalescing check failed (2D, " + matrixMappingName(p.mapping) + ", side " +
                              std::to_string(side) + "): " + std::to_string(wrong) + " destination words wrong");
    checked += static_cast<long long>(words);
    const cuda::RateStats useful = cuda::ratesFrom(t, 2.0 * static_cast<double>(elements) * kMatrixElementBytes / 1e9);
    p.usefulGBs = useful.median;
    p.usefulGBsMin = useful.min;
    p.usefulGBsMax = useful.max;
    if (c.ok() && c.value(kLoadRequests) > 0) p.loadSectorsPerRequest = c.value(kLoadSectors) / c.value(kLoadRequests);
  }
  return checked;
}

}  // namespace

RunResult measureCoalescing(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  const CoalescingPlan plan = coalescingPlan(request.params, request.scope);
  const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(device);
  if (!profile || !profile->mechanisms.count("memory_transactions"))
    throw BadInputError("coalescing needs a device profile with the memory_transactions mechanism for " + device.name);
  CoalescingRun run = coalescingModelRun(*profile, plan);  // the model's series, then the measurement
  run.measured = true;
  const std::size_t steps = plan.strides.size() + 1 + (plan.matrix ? 1 : 0);

  monitor.step(0, steps, "buffers and the cudaMemcpy ceiling");
  bool capped = false;
  CoalescingBuffers& b = buffersFor(context, plan, run.rule, &capped);
  const std::size_t ceilingBytes = std::min<std::size_t>(b.in->bytes(), std::size_t{1} << 30);
  run.memcpyGBs = cuda::memcpyCeiling(context, b.out->get(), b.in->get(), ceilingBytes, &monitor.token()).gbpsMedian;

  const cuda::TimingPolicy policy;
  long long wordsChecked = 0;
  std::vector<std::pair<std::string, std::string>> labels = {
      {kLoadSectors, "global load sectors"}, {kLoadRequests, "global load requests"},
      {kStoreSectors, "global store sectors"}, {kStoreRequests, "global store requests"},
      {kDramRead, "DRAM bytes read"}, {kDramWrite, "DRAM bytes written"}};
  cuda::CounterReading focusReading;
  for (std::size_t i = 0; i < plan.strides.size(); ++i) {
    const int stride = plan.strides[i];
    monitor.step(i + 1, steps, "stride " + std::to_string(stride));
    CoalescingPoint& p = run.points[i];
    const unsigned long long elements = elementsFor(device, plan, stride, run.rule, b.in->bytes());
    if (stride == plan.focusStride) run.elements = static_cast<long long>(elements);
    const auto launch = [&] {
      WS_CUDA_CHECK(cuda::launchStridedCopy(plan.elementBytes, elements, static_cast<unsigned>(stride),
                                            static_cast<unsigned>(plan.offsetElements), b.in->get(), b.out->get()));
    };
    // One poison, then the counted launches (relaunched for each pass the metrics need: the copy
    // gives the same result every time) and the timed ones, then one check of every word.
    poison(b, plan, elements, stride);
    const cuda::CounterReading c =
        request.scope == RunScope::FocusOnly
            ? cuda::countersSkippedOnFocusMove()
            : cuda::readCounters(context, {kLoadSectors, kLoadRequests, kStoreSectors, kStoreRequests, kDramRead, kDramWrite},
                                 launch);
    const cuda::TimingStats t = cuda::timeLaunches(launch, policy, &monitor.token());
    checkCopy(b, plan, elements, stride, "stride " + std::to_string(stride));
    wordsChecked += static_cast<long long>(spanBytes(plan, elements, stride) / 4);
    const double usefulBytes = 2.0 * static_cast<double>(elements) * plan.elementBytes;
    const cuda::RateStats useful = cuda::ratesFrom(t, usefulBytes / 1e9);
    p.usefulGBs = useful.median;
    p.usefulGBsMin = useful.min;
    p.usefulGBsMax = useful.max;
    p.movedGBs = 0;
    if (stride == plan.focusStride) focusReading = c;
    if (!c.ok()) continue;
    p.loadSectorsPerRequest = c.value(kLoadSectors) / c.value(kLoadRequests);
    p.storeSectorsPerRequest = c.value(kStoreSectors) / c.value(kStoreRequests);
    p.movedGBs = (c.value(kDramRead) + c.value(kDramWrite)) / usefulBytes * p.usefulGBs;
  }
  long long matrixWordsChecked = 0;
  if (plan.matrix) {
    monitor.step(steps - 1, steps, "2D case: thread per column and thread per row");
    matrixWordsChecked = measureMatrix(context, b, run, policy, monitor);
  }
  monitor.done();

  RunResult result = assembleCoalescingResult(device, request.params, run, request.scope);
  result.provenance = Provenance::Measured;
  cuda::addCounterScalars(result, focusReading, labels);
  std::ostringstream notes;
  notes.precision(4);
  notes << "Each point copies " << run.elements << " elements at the focus stride (more at small strides): enough that "
        << "one launch reads at least 4 x the " << device.l2Bytes / (1 << 20) << " MiB L2 of sectors, so the sweep "
        << "measures DRAM. Timed with CUDA events: " << policy.warmups << " warm-ups, the median of up to "
        << policy.reps << " launches (spread: fastest and slowest). cudaMemcpy device-to-device of "
        << (ceilingBytes >> 20) << " MiB: " << run.memcpyGBs << " GB/s.";
  if (capped) notes << " The buffers are capped at 40% of the free device memory, so the widest strides copy fewer elements.";
  result.notes.push_back(notes.str());
  result.notes.push_back("Checked: the destination poisoned before every point; after its counted and timed launches "
                         "(each writes the same values), all " + std::to_string(wordsChecked) +
                         " words up to the last copied element compared on the device (copied elements equal the "
                         "source's random words, every other word the poison), 0 wrong.");
  if (plan.matrix)
    result.notes.push_back("2D case: each mapping copies the whole matrix once per launch, timed the same way (median of "
                           "the timed launches, spread: fastest and slowest); its sectors per request read in launches "
                           "of their own; after them all " + std::to_string(matrixWordsChecked) +
                           " destination words compared on the device (the matrix equal to the source's random "
                           "words, the words past it the poison), 0 wrong.");
  result.notes.push_back("Model series: the sector rule and the DRAM model with the parameters of " + profile->info.name +
                         " (the closest simulator profile).");
  return result;
}

}  // namespace warpscope::labs
