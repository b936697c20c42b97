// warpscope-kernel 1
// title: Matrix transpose: naive, tiled, padded
// summary: out = transpose(in) for an N x N float matrix, in 32 x 32 tiles. The naive kernel
// summary: writes a column for every row it reads (uncoalesced stores); the tiled one stages a tile
// summary: in shared memory so both sides coalesce, but reads the tile's columns from one bank;
// summary: one word of padding per tile row spreads them over all 32 banks.
//
// param N: 256..8K, x2, default 4K, unit floats, label Matrix side, focus, arg int
// param variant: naive=0|tiled=1|padded=2, default padded, label Kernel, focus, template
// param ROWS: 4|8|16|32, default 8, unit rows, label Thread rows per tile, help "Each thread moves 32 / ROWS elements of its tile column", define
//
// kernel: transpose<variant>
// grid: ceil_div(N, 32), ceil_div(N, 32)
// block: 32, ROWS
// buffer in: float[N * N] random(-1, 1)
// buffer out: float[N * N] output
// args: in, out, N
// bytes: 2 * 4 * N * N
//
// # The reference: one element per thread in 32 x 32 blocks, on the kernel's grid.
// reference: transpose_reference
// reference block: 32, 32
// check: out, exact
// counters: l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum, dram__bytes_write.sum

#define TILE 32
#ifndef ROWS
#define ROWS 8
#endif

/// variant 0: naive (reads rows, writes columns); 1: a shared-memory tile; 2: the tile padded by
/// one word per row, so a column of the tile lies in 32 different banks.
template <int VARIANT>
__global__ void __launch_bounds__(TILE * ROWS) transpose(const float* __restrict__ in, float* __restrict__ out, int n) {
  const int x = blockIdx.x * TILE + threadIdx.x;
  const int y0 = blockIdx.y * TILE + threadIdx.y;
  if constexpr (VARIANT == 0) {
    for (int r = 0; r < TILE; r += ROWS) {
      const int y = y0 + r;
      if (x < n && y < n) out[static_cast<size_t>(x) * n + y] = in[static_cast<size_t>(y) * n + x];
    }
  } else {
    __shared__ float tile[TILE][TILE + (VARIANT == 2 ? 1 : 0)];
    for (int r = 0; r < TILE; r += ROWS) {
      const int y = y0 + r;
      if (x < n && y < n) tile[threadIdx.y + r][threadIdx.x] = in[static_cast<size_t>(y) * n + x];
    }
    __syncthreads();
    // The transposed tile: block (bx, by) writes tile (by, bx) of out.
    const int tx = blockIdx.y * TILE + threadIdx.x;
    const int ty0 = blockIdx.x * TILE + threadIdx.y;
    for (int r = 0; r < TILE; r += ROWS) {
      const int ty = ty0 + r;
      if (tx < n && ty < n) out[static_cast<size_t>(ty) * n + tx] = tile[threadIdx.x][threadIdx.y + r];
    }
  }
}

/// The reference: one element per thread, nothing shared.
__global__ void transpose_reference(const float* in, float* out, int n) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n) out[static_cast<size_t>(x) * n + y] = in[static_cast<size_t>(y) * n + x];
}
