#pragma once
/// \file vector_state.h
/// Qt's drawing code leaves the upper halves of the AVX registers dirty on the GUI thread, and a
/// thread started from it inherits that state. On the lent H200's host CPU every SSE-encoded
/// instruction then pays a state transition: glibc's fmaf ran 50x slower (2M calls: 8 -> 397 ms),
/// which made the limiter's host check of a K = 1024 focus run take 390 ms in the window against
/// 57 ms in the CLI. vzeroupper ends the dirty state; the run thread clears it before each run.

namespace warpscope::ui {

/// Clears the upper halves of the AVX registers on this thread (no-op without AVX).
void clearUpperVectorState();

}  // namespace warpscope::ui
