// Whole transforms of 16 ... 32768 points on the CUDA cores in fp32, one
// block per transform (16 points: one per thread; 32 ... 256 points: several to a warp; 2^15: a
// cluster of two blocks, sm_90):
// the single pass of these lengths where its stages
// are fp32 arithmetic (the fp32 mode's default stages; the radix-4 schedule
// in any mode, which the tensor-core modes' default takes where it is faster:
// plan::problem_max_radix).  cuda_core_transform_kernel (4096 points, below)
// came first; cuda_core_transform_8192_kernel, cuda_core_short_transform_kernel
// (512 ... 2048), cuda_core_warp_transform_kernel (128, 256), cuda_core_16_point_kernel,
// cuda_core_eight_thread_kernel (32, 64) and cuda_core_transform_16384_kernel follow its scheme.
//
// 4096 points, why: three radix-16 steps with 16 points per thread in registers and two
// exchanges through a padded shared-memory tile took 0.218 ms for 2^26
// fp16 elements (H100 r279, the prototype of this kernel), 0.83x the split
// mode's radix-16 tensor-core products at the same relL2 (2.78e-4), and
// 0.34x the tile kernel the fp32 mode ran before; with its twiddles from
// four reads (twiddle, below) 0.199 ms (r288; docs/BENCHMARKS.md, the
// thirty-third session).
//
// N = 4096 = 16^3, input n = n0 + 16 n1 + 256 n2, output k = k0 + 16 k1 + 256 k2:
//   stage 1: thread t = n0 + 16 n1 takes n2 (stride 256), DFT -> k0, twiddle w_4096^(t k0);
//   stage 2: thread n0 + 16 k0 takes n1 (stride 16), DFT -> k1, twiddle w_256^(n0 k1);
//   stage 3: thread k0 + 16 k1 takes n0, DFT -> k2; output k0 + 16 k1 + 256 k2 (natural order).
#pragma once

#include <cstdint>
#include <type_traits>

#include "cuda/arch/bulk_copy_sm90.cuh"
#include "cuda/arch/cluster_sm90.cuh"
#include "cuda/arch/copy_sm80.cuh"  // dynamic_shared_bytes
#include "cuda/stockham_pass.cuh"  // PassParameters
#include "cuda/storage.cuh"
#include "plan/twiddles.hpp"  // power_order_count, power_order_offset

namespace tensorfft::cuda {

constexpr int cuda_core_transform_log2_length = 12;
constexpr int cuda_core_transform_threads = 256;
constexpr int cuda_core_row_pitch = 17;  // stage 3 reads a row of 16 per thread: an odd pitch spreads the banks
constexpr int cuda_core_transform_shared_bytes = cuda_core_transform_threads * cuda_core_row_pitch * 8;

namespace cuda_core {

// a * w_4 = a * (0, Sign): the direction's quarter turn.
template <int Sign>
__device__ __forceinline__ float2 quarter_turn(float2 a) {
  return {-Sign * a.y, Sign * a.x};
}
template <int Sign>
__device__ __forceinline__ void dft4(float2& a0, float2& a1, float2& a2, float2& a3) {
  const float2 s02 = complex_add(a0, a2), d02 = complex_subtract(a0, a2), s13 = complex_add(a1, a3);
  const float2 d13 = quarter_turn<Sign>(complex_subtract(a1, a3));
  a0 = complex_add(s02, s13);
  a2 = complex_subtract(s02, s13);
  a1 = complex_add(d02, d13);
  a3 = complex_subtract(d02, d13);
}
// 8-point DFT in registers, natural order in and out: 4-point DFTs E, O of
// the even and odd points, then X[k] = E[k] + w_8^k O[k], X[k + 4] = E[k] -
// w_8^k O[k] (k < 4).
template <int Sign>
__device__ __forceinline__ void dft8(float2 (&x)[8]) {
  constexpr float r2 = 0.70710678118654752f;
  float2 e0 = x[0], e1 = x[2], e2 = x[4], e3 = x[6], o0 = x[1], o1 = x[3], o2 = x[5], o3 = x[7];
  dft4<Sign>(e0, e1, e2, e3);
  dft4<Sign>(o0, o1, o2, o3);
  o1 = complex_multiply(o1, float2{r2, Sign * r2});
  o2 = quarter_turn<Sign>(o2);
  o3 = complex_multiply(o3, float2{-r2, Sign * r2});
  x[0] = complex_add(e0, o0);
  x[4] = complex_subtract(e0, o0);
  x[1] = complex_add(e1, o1);
  x[5] = complex_subtract(e1, o1);
  x[2] = complex_add(e2, o2);
  x[6] = complex_subtract(e2, o2);
  x[3] = complex_add(e3, o3);
  x[7] = complex_subtract(e3, o3);
}

// 16-point DFT in registers, natural order in and out, as 4 x 4: n = 4 n1 +
// n0, k = k0 + 4 k1, with w_16^(n0 k0) between; the roots are constants of
// the direction (Sign -1 forward, +1 inverse), no table reads.  The shared
// small_fft<16> with the plan's roots-of-sixteen table instead ran this
// kernel 1.07x ... 1.09x slower in fp16/bf16 storage (H100 r287; 128
// registers instead of 110 ... 113).
template <int Sign>
__device__ __forceinline__ void dft16(float2 (&x)[16]) {
  constexpr float c1 = 0.92387953251128674f, s1 = 0.38268343236508978f, r2 = 0.70710678118654752f;
#pragma unroll
  for (int n0 = 0; n0 < 4; ++n0) dft4<Sign>(x[n0], x[n0 + 4], x[n0 + 8], x[n0 + 12]);  // over n1: k0 at n0 + 4 k0
  const float2 w1{c1, Sign * s1}, w2{r2, Sign * r2}, w3{s1, Sign * c1}, w6{-r2, Sign * r2}, w9{-c1, -Sign * s1};
  x[5] = complex_multiply(x[5], w1);
  x[9] = complex_multiply(x[9], w2);
  x[13] = complex_multiply(x[13], w3);
  x[6] = complex_multiply(x[6], w2);
  x[10] = quarter_turn<Sign>(x[10]);  // w_16^4
  x[14] = complex_multiply(x[14], w6);
  x[7] = complex_multiply(x[7], w3);
  x[11] = complex_multiply(x[11], w6);
  x[15] = complex_multiply(x[15], w9);
  float2 y[16];
#pragma unroll
  for (int k0 = 0; k0 < 4; ++k0) {  // over n0: output k0 + 4 k1
    float2 a0 = x[4 * k0], a1 = x[4 * k0 + 1], a2 = x[4 * k0 + 2], a3 = x[4 * k0 + 3];
    dft4<Sign>(a0, a1, a2, a3);
    y[k0] = a0;
    y[k0 + 4] = a1;
    y[k0 + 8] = a2;
    y[k0 + 12] = a3;
  }
#pragma unroll
  for (int i = 0; i < 16; ++i) x[i] = y[i];
}

// The DFT of 2, 4, 8 or 16 points in registers, natural order in and out.
template <int Sign, int R>
__device__ __forceinline__ void small_dft(float2 (&y)[R]) {
  static_assert(R == 2 || R == 4 || R == 8 || R == 16, "radix 2, 4, 8 or 16");
  if constexpr (R == 2) {
    const float2 difference = complex_subtract(y[0], y[1]);
    y[0] = complex_add(y[0], y[1]);
    y[1] = difference;
  } else if constexpr (R == 4) {
    dft4<Sign>(y[0], y[1], y[2], y[3]);
  } else if constexpr (R == 8) {
    dft8<Sign>(y);
  } else {
    dft16<Sign>(y);
  }
}

// x[k] *= w^k, k = 1 ... 15, from w^1, w^2, w^4 and w^8 and products of
// them (at most three deep).
__device__ __forceinline__ void twiddle_by_powers(float2 (&x)[16], float2 w1, float2 w2, float2 w4, float2 w8) {
  float2 w[16];
  w[1] = w1;
  w[2] = w2;
  w[4] = w4;
  w[8] = w8;
  w[3] = complex_multiply(w[1], w[2]);
  w[5] = complex_multiply(w[1], w[4]);
  w[6] = complex_multiply(w[2], w[4]);
  w[7] = complex_multiply(w[3], w[4]);
#pragma unroll
  for (int k = 9; k < 16; ++k) w[k] = complex_multiply(w[k - 8], w[8]);
#pragma unroll
  for (int k = 1; k < 16; ++k) x[k] = complex_multiply(x[k], w[k]);
}

// x[k] *= base w^k, k = 0 ... 15: the factors u_k from base w, base w^2,
// base w^4, base w^8 and products of them (at most four deep, as base
// times the powers above), 31 products instead of 42; each u_k (k < 8) is
// applied to x[k] and, times w^8, to x[k + 8] as soon as it is made, so
// that few factors are live at once.
__device__ __forceinline__ void twiddle_by_powers(float2 (&x)[16], float2 base, float2 w1, float2 w2, float2 w4,
                                                  float2 w8) {
  const auto apply = [&](int k, float2 u) {
    x[k] = complex_multiply(x[k], u);
    x[k + 8] = complex_multiply(x[k + 8], complex_multiply(u, w8));
  };
  const float2 u1 = complex_multiply(base, w1), u2 = complex_multiply(base, w2), u3 = complex_multiply(u1, w2);
  apply(0, base);
  apply(1, u1);
  apply(2, u2);
  apply(3, u3);
  apply(4, complex_multiply(base, w4));
  apply(5, complex_multiply(u1, w4));
  apply(6, complex_multiply(u2, w4));
  apply(7, complex_multiply(u3, w4));
}

// x[k] *= w^(e k), k = 1 ... 15, from four table reads (w^e, w^2e, w^4e,
// w^8e) and products of them: fewer registers than fifteen reads in
// flight.  H100 r288: 72 registers instead of 110 ... 113, so three blocks
// per SM instead of two: fp16/bf16 storage 0.90x ... 0.92x the time; fp32
// storage the same time, relL2 1.38e-7 instead of 1.25e-7 (cuFFT fp32
// 1.87e-7).  Capped at 64 registers (four blocks) 0.94x ... 0.97x.
__device__ __forceinline__ void twiddle(float2 (&x)[16], const float2* __restrict__ table, int e) {
  const float2 w1 = __ldg(table + e), w2 = __ldg(table + 2 * e), w4 = __ldg(table + 4 * e), w8 = __ldg(table + 8 * e);
  twiddle_by_powers(x, w1, w2, w4, w8);
}

// The twiddles of the whole-transform kernels' radix-16 steps (512 ... 16384
// points) in power order (PassParameters::power_order_twiddles,
// plan::power_order_roots: the same rounded w_N, so the same values): the
// step of stride s = 1, 16 or 256, whose thread i (i < count = N / (16 s))
// multiplies x[k] by w_N^(s i k), finds w_N^(2^j s i) at
// plan::power_order_offset(s) + j count + i (j < 4).  twiddle()'s reads of
// w_N^e, w_N^2e, w_N^4e, w_N^8e from the w_N table spread a warp's 32
// neighbouring i over up to 32 lines a read (at s = 16, e = 16 i); here
// each read is one run of 32 neighbouring entries.  H200 r497 (A/B, three
// rounds, split): 16384 / 2^15 points 0.80x / 0.86x ... 0.87x the time in
// fp16/bf16 storage, fp32 storage 8192 / 16384 0.94x / 0.87x, 512 ... 4096
// points 0.94x ... 0.96x (fp32 storage 0.99x); the same relL2.  (ncu r495:
// the table's loads were among the 16384-point kernel's top stalls, whose
// L1 was 70% busy with mio_throttle its largest stall.)
// x[k] *= w_N^(s i k), k = 1 ... 15, from the power-order table.
template <int Log2Length, int Stride>
__device__ __forceinline__ void step_twiddle(float2 (&x)[16], const float2* __restrict__ power_order, int i) {
  constexpr int count = plan::power_order_count(Log2Length, Stride);
  const float2* p = power_order + plan::power_order_offset(Log2Length, Stride) + i;
  twiddle_by_powers(x, __ldg(p), __ldg(p + count), __ldg(p + 2 * count), __ldg(p + 3 * count));
}

// w_32^j (0 < j < 16) as constants of the direction (Sign -1 forward, +1 inverse).
template <int Sign>
__device__ __forceinline__ float2 root_of_32(int j) {
  constexpr float c[9] = {1.0f,                 0.98078528040323044f, 0.92387953251128674f,
                          0.83146961230254524f, 0.70710678118654752f, 0.55557023301960218f,
                          0.38268343236508978f, 0.19509032201612827f, 0.0f};  // cos(2 pi i / 32)
  // w_32^j = (cos, Sign sin), sin(2 pi j / 32) = cos(2 pi (8 - j) / 32)
  const float cosine = j <= 8 ? c[j] : -c[16 - j], sine = j <= 8 ? c[8 - j] : c[j - 8];
  return float2{cosine, Sign * sine};
}

// Lane h (0 or 1) of a pair computing the 32-point DFT of v (natural order;
// row(j) reads v_j): a radix-2 step of decimation in frequency, z_j = (v_j +
// (-1)^h v_(j + 16)) w_32^(j h) with the roots as constants, then a
// 16-point DFT, leaving X[2 k' + h] in x[k'].  Both lanes read all of v.
template <int Sign, typename Row>
__device__ __forceinline__ void half_of_32_point_dft(float2 (&x)[16], int h, const Row& row) {
  const float sign = h ? -1.0f : 1.0f;
#pragma unroll
  for (int j = 0; j < 16; ++j) {
    const float2 first = row(j), second = row(j + 16);
    float2 z{fmaf(sign, second.x, first.x), fmaf(sign, second.y, first.y)};
    if (j > 0) {
      const float2 turned = complex_multiply(z, root_of_32<Sign>(j));
      z = h ? turned : z;
    }
    x[j] = z;
  }
  dft16<Sign>(x);
}

// One thread's 32-point DFT of v (row(j) reads v_j, each once): the radix-2
// step of half_of_32_point_dft for both h at once, z_j^(h) in even (h = 0)
// and odd (h = 1); a 16-point DFT of each then gives X[2 k'] and X[2 k' + 1]
// (the caller runs them, so that one half can be stored before the other is
// computed).  The same arithmetic, so the same results, as the pair's.
template <int Sign, typename Row>
__device__ __forceinline__ void radix_2_step_of_32_point_dft(float2 (&even)[16], float2 (&odd)[16], const Row& row) {
#pragma unroll
  for (int j = 0; j < 16; ++j) {
    const float2 first = row(j), second = row(j + 16);
    even[j] = complex_add(first, second);
    const float2 difference = complex_subtract(first, second);
    odd[j] = j > 0 ? complex_multiply(difference, root_of_32<Sign>(j)) : difference;
  }
}

// What the kernels below read from PassParameters: the packed input and
// output, the w_N table (fp32, the direction's sign) and the normalization.
template <typename Storage>
struct TransformArguments {
  const Storage* input;
  Storage* output;
  const float2* twiddles;
  float scale;
};
template <typename Storage>
__device__ __forceinline__ TransformArguments<Storage> transform_arguments(const PassParameters& params) {
  return {static_cast<const Storage*>(params.input), static_cast<Storage*>(params.output),
          static_cast<const float2*>(params.inner_twiddles), static_cast<float>(params.scale)};
}

// Shared memory of InputFetch: the staging buffer, then the barrier.
__host__ __device__ constexpr int input_fetch_shared_bytes(int length, int storage_bytes) {
  return length * storage_bytes + 16;
}
// A kernel's shared memory: its tile, then (with_fetch) InputFetch's.
constexpr int shared_bytes_with_fetch(int tile_bytes, int log2_length, int storage_bytes, bool with_fetch) {
  return tile_bytes + (with_fetch ? input_fetch_shared_bytes(1 << log2_length, storage_bytes) : 0);
}

// A block's input transforms, each fetched into shared memory by the copy
// engine while the block computes the one before (sm_90, a 16-byte aligned
// input, and a launch that allotted the buffer: the executor leaves it out
// where the device's shared memory per block is too small; otherwise load
// reads device memory).  Holds the staging buffer (staging_bytes) and then
// the copy's barrier (8 bytes) at offset `offset` of the dynamic shared
// memory `shared`.  Transform j's elements are input[j * TransformStride +
// i], i < Length (a block's slice of a longer transform where the stride is
// longer).
template <typename Storage, int Length, int TransformStride = Length>
class InputFetch {
 public:
  static constexpr unsigned staging_bytes = Length * sizeof(Storage);

  // Every thread of the block; starts the block's first transform, first_transform.
  __device__ InputFetch(unsigned char* shared, int offset, const Storage* input, std::int64_t count,
                        std::int64_t first_transform = blockIdx.x)
      : input_(input),
        count_(count),
        staging_(reinterpret_cast<Storage*>(shared + offset)),
        barrier_(reinterpret_cast<std::uint64_t*>(shared + offset + staging_bytes)),
        active_(arch::device_has_bulk_copies && (reinterpret_cast<std::uintptr_t>(input) & 15) == 0 &&
                arch::dynamic_shared_bytes() >=
                    static_cast<std::uint32_t>(offset + input_fetch_shared_bytes(Length, sizeof(Storage)))) {
    if (active_) {
      if (threadIdx.x == 0) arch::initialize_copy_barrier(barrier_);
      __syncthreads();
      start(first_transform);
    }
  }
  // x[m] = element first + stride m of `transform` (the one started last).
  __device__ void load(float2 (&x)[16], std::int64_t transform, int first, int stride) {
    using Traits = StorageTraits<Storage>;
    if (active_) {
      wait();
#pragma unroll
      for (int m = 0; m < 16; ++m) x[m] = Traits::widen(staging_[first + stride * m]);
    } else {
      const Storage* source = input_ + transform * TransformStride + first;
#pragma unroll
      for (int m = 0; m < 16; ++m) x[m] = Traits::load(source + stride * m);
    }
  }
  // Whether the copies run (else load reads device memory).
  __device__ bool active() const { return active_; }
  // Every thread, where active: until the transform started last is in staging().
  __device__ void wait() {
    arch::wait_for_bulk_copy(barrier_, parity_);
    parity_ ^= 1;
  }
  __device__ const Storage* staging() const { return staging_; }
  // Every thread, after a block barrier behind every thread's load: fetches
  // `transform` (if the batch has it) into the staging buffer.
  __device__ void start(std::int64_t transform) {
    if (active_ && threadIdx.x == 0 && transform < count_) {
      arch::start_bulk_copy(staging_, input_ + transform * TransformStride, staging_bytes, barrier_);
    }
  }

 private:
  const Storage* input_;
  std::int64_t count_;
  Storage* staging_;
  std::uint64_t* barrier_;
  bool active_;
  std::uint32_t parity_ = 0;  // of the barrier's phase that the next copy completes
};

// Stage 1's arithmetic on the thread's 16 loaded points t + T m: a 16-point
// DFT over m, twiddles w_N^(t k0) (apply_twiddles(x): step_twiddle's; the
// plane kernel's stage 1 takes w_N^(e k0) instead), written to tile[k0 *
// region + t] between two block barriers (the first: the previous
// transform's last step has read the tile).
template <int Sign, typename ApplyTwiddles>
__device__ __forceinline__ void radix_16_step_into_tile(float2 (&x)[16], float2* tile, int region,
                                                        const ApplyTwiddles& apply_twiddles, int t) {
  dft16<Sign>(x);
  apply_twiddles(x);
  __syncthreads();
#pragma unroll
  for (int k = 0; k < 16; ++k) tile[k * region + t] = x[k];
  __syncthreads();
}

// Stage 1 of the kernels with an InputFetch: the thread's 16 points t + T m
// (T threads) of the block's transform through radix_16_step_into_tile; then
// the fetch of the block's next transform starts.
template <int Sign, typename Storage, int Length, typename ApplyTwiddles>
__device__ __forceinline__ void first_radix_16_step(InputFetch<Storage, Length>& fetch, float2 (&x)[16],
                                                    float2* tile, int region, const ApplyTwiddles& apply_twiddles,
                                                    std::int64_t transform, int t, int t_count) {
  fetch.load(x, transform, t, t_count);
  radix_16_step_into_tile<Sign>(x, tile, region, apply_twiddles, t);
  fetch.start(transform + gridDim.x);
}

}  // namespace cuda_core

// Transforms params.total_columns packed 4096-point transforms (a single
// contiguous pass: stride_before 1, one column per transform) from
// params.input to params.output, in place too: a block reads its whole
// transform before it writes any of it.  params.power_order_twiddles: w_4096
// in power order (cuda_core::step_twiddle; fp32, the direction's sign, Sign); params.scale the
// normalization.  A persistent loop over transforms; the launch allots
// cuda_core_transform_shared_bytes of dynamic shared memory.
// Two blocks per SM as the bound (ptxas then takes 72 registers: three fit).
// Not four (64 registers, no spills: H100 r365 1.04x ... 1.06x slower), nor
// the next transform's loads issued into registers at the start of each
// (78 registers: r366 1.15x slower), nor streaming cache hints (r365), nor
// the w_4096^e its steps read copied into shared memory once per block and
// read there (r405, three rounds: 1.18x ... 1.21x slower in fp16/bf16
// storage, 1.06x in fp32 storage; cuda_core_transform_8192_kernel so in fp32
// storage 1.03x slower), as the 8192-point pass of fp16/bf16 storage does.
// On a memory-rich device (the H200) cuda_core_short_transform_kernel's
// shape runs 4096 points instead (cuda_executor.cu, cuda_core_kernel).
template <typename Storage, int Sign>
__global__ void __launch_bounds__(cuda_core_transform_threads, 2)
    cuda_core_transform_kernel(PassParameters params) {
  using Traits = StorageTraits<Storage>;
  constexpr int n = 1 << cuda_core_transform_log2_length, t_count = cuda_core_transform_threads;
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  float2* const tile = reinterpret_cast<float2*>(shared_bytes);
  const auto [input, output, twiddles, scale] = cuda_core::transform_arguments<Storage>(params);
  const int t = threadIdx.x, n0 = t & 15, high = t >> 4;
  for (std::int64_t transform = blockIdx.x; transform < params.total_columns; transform += gridDim.x) {
    const Storage* source = input + transform * n;
    float2 x[16];
#pragma unroll
    for (int m = 0; m < 16; ++m) x[m] = Traits::load(source + t + t_count * m);
    cuda_core::dft16<Sign>(x);
    cuda_core::step_twiddle<cuda_core_transform_log2_length, 1>(x, params.power_order_twiddles, t);
    __syncthreads();  // the previous transform's stage 3 has read the tile
#pragma unroll
    for (int k0 = 0; k0 < 16; ++k0) tile[k0 * t_count + t] = x[k0];
    __syncthreads();
    // Stage 2: thread n0 + 16 k0 (k0 = high) takes n1.
#pragma unroll
    for (int n1 = 0; n1 < 16; ++n1) x[n1] = tile[high * t_count + n0 + 16 * n1];
    cuda_core::dft16<Sign>(x);
    cuda_core::step_twiddle<cuda_core_transform_log2_length, 16>(x, params.power_order_twiddles, n0);
    __syncthreads();
#pragma unroll
    for (int k1 = 0; k1 < 16; ++k1) tile[(high + 16 * k1) * cuda_core_row_pitch + n0] = x[k1];
    __syncthreads();
    // Stage 3: thread t = k0 + 16 k1 takes n0 (its row).
#pragma unroll
    for (int i = 0; i < 16; ++i) x[i] = tile[t * cuda_core_row_pitch + i];
    cuda_core::dft16<Sign>(x);
    Storage* destination = output + transform * n;
#pragma unroll
    for (int k2 = 0; k2 < 16; ++k2) {
      const float2 value = scale == 1.0f ? x[k2] : float2{x[k2].x * scale, x[k2].y * scale};
      Traits::store(destination + t + t_count * k2, value);
    }
  }
}

// Whole 8192-point transforms, the same way with 512 threads of 16 points:
// two radix-16 steps, then 32-point DFTs, each by a pair of neighbouring
// lanes (a 16-point DFT each, then a radix-2 step across the pair through
// shuffles).  The single pass of N = 8192 where its stages are fp32
// arithmetic: the fp32 mode's default stages, or the radix-4 schedule
// (plan::problem_max_radix: the split mode's default at 8192), in fp32
// storage; in fp16/bf16 storage cuda_core_pass_kernel's tiles of two rows
// took 0.97x ... 0.985x its time (H100 r378), so the executor runs those.
//
// Why: H100 r294 (docs/BENCHMARKS.md, the thirty-fourth session), 2^26
// elements: split_fp16 fp32 storage 0.398 ms against its radix-16
// tensor-core products' 0.435 (0.91x, relL2 1.51e-7 against 1.81e-7), bf16
// 0.96x, fp16 1.00x (0.269 ms, the same relL2), and with stage 3's
// twiddles as constants (r298, r303) fp16 0.245 ms, bf16 0.248; the fp32
// mode's tile kernel took 1.17 ms (fp32 storage).
//
// N = 8192 = 16 x 16 x 32, input n = t + 512 m (t < 512, m < 16), t = a + 32 b:
//   stage 1: thread t takes m, DFT -> k0, twiddle w_8192^(t k0);
//   stage 2: thread a + 32 k0 takes b, DFT -> k1, twiddle w_512^(a k1);
//   stage 3: the pair (h = 0, 1) of row r = k0 + 16 k1 (thread h + 2 r) does
//     the row's 32-point DFT: in 4-byte storage each lane reads the whole row,
//     z_j = (x_j + (-1)^h x_(j + 16)) w_32^(j h), DFT over j -> X[r + 256 (2 k' + h)];
//     in fp32 storage lane h takes a = h + 2 j, DFT over j -> j2, twiddle
//     w_32^(h j2), then X[r + 256 (j2 + 16 c)] = Y_0[j2] + (-1)^c Y_1[j2]:
//     lane h keeps j2 in [8 h, 8 h + 8) for both c and sends the partner the
//     other eight (shuffles).
// The tile holds region k0 (cuda_core_8192_region elements) for each k0:
// stage 1 writes it in b order, stage 2 (one warp per region) reads it and
// writes it back as 16 rows k1 of pitch 34, so only a warp barrier lies
// between them; the region size (545 or 546) and the row pitch 34 spread
// stage 3's rows over the banks.
// On sm_90 the copy engine fetches the block's next transform into shared
// memory (arch::start_bulk_copy) while it computes this one: H100 r294, fp32
// storage 0.93x the time of loading in stage 1, fp16 / bf16 0.96x / 0.97x
// (the same fetch made the 4096-point kernel 1.10x slower: not there);
// without it, r367: 1.14x slower in fp16/bf16, 1.08x in fp32 storage.  Nor
// did stage 3's rows read as 16-byte pairs pay (r367: 1.00x ... 1.01x; its
// 8-byte reads already take one wavefront per request).
constexpr int cuda_core_8192_log2_length = 13;
constexpr int cuda_core_8192_threads = 512;
constexpr int cuda_core_8192_row_pitch = 34;
constexpr int cuda_core_8192_region = 546;
constexpr int cuda_core_8192_tile_bytes = 16 * cuda_core_8192_region * 8;
constexpr int cuda_core_8192_shared_bytes(int storage_bytes, bool with_fetch) {
  return cuda_core::shared_bytes_with_fetch(cuda_core_8192_tile_bytes, cuda_core_8192_log2_length, storage_bytes,
                                            with_fetch);
}

// Transforms params.total_columns packed 8192-point transforms as
// cuda_core_transform_kernel does 4096-point ones, in place too; the launch
// allots cuda_core_8192_shared_bytes(sizeof(Storage), with_fetch).
template <typename Storage, int Sign>
__global__ void __launch_bounds__(cuda_core_8192_threads, 2)
    cuda_core_transform_8192_kernel(PassParameters params) {
  using Traits = StorageTraits<Storage>;
  constexpr int n = 1 << cuda_core_8192_log2_length, t_count = cuda_core_8192_threads;
  // Stage 3 in 4-byte storage: both lanes of a pair read the whole row (a
  // radix-2 step of decimation in frequency, w_32^(j h) as constants, then
  // a 16-point DFT; no shuffles): H100 r303 0.98x the time of the pair
  // exchange with its twiddles folded after it (r298: 0.93x / 0.94x of the
  // exchange with table twiddles); fp32 storage keeps the exchange with
  // table twiddles (the others 1.02x / 1.03x slower there).  Its rows want
  // an odd region size (the 16 rows of a warp in 16 pairs of banks), the
  // exchange's stride-2 reads 2 mod 16.
  constexpr bool whole_rows = sizeof(Storage) == 4;
  constexpr int pitch = cuda_core_8192_row_pitch, region = whole_rows ? 545 : cuda_core_8192_region;
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  float2* const tile = reinterpret_cast<float2*>(shared_bytes);
  const auto [input, output, twiddles, scale] = cuda_core::transform_arguments<Storage>(params);
  const int t = threadIdx.x, a = t & 31, k0 = t >> 5, h = t & 1, row = t >> 1;
  constexpr int log2_n = cuda_core_8192_log2_length;
  const float2* const power_order = params.power_order_twiddles;
  const auto stage_one_twiddles = [power_order, t](float2 (&y)[16]) {
    cuda_core::step_twiddle<log2_n, 1>(y, power_order, t);
  };
  cuda_core::InputFetch<Storage, n> fetch(shared_bytes, cuda_core_8192_tile_bytes, input, params.total_columns);
  for (std::int64_t transform = blockIdx.x; transform < params.total_columns; transform += gridDim.x) {
    float2 x[16];
    cuda_core::first_radix_16_step<Sign>(fetch, x, tile, region, stage_one_twiddles, transform, t, t_count);
    // Stage 2: thread a + 32 k0 (warp k0) takes b from region k0 and writes it back.
    float2* const own = tile + k0 * region;
#pragma unroll
    for (int b = 0; b < 16; ++b) x[b] = own[a + 32 * b];
    cuda_core::dft16<Sign>(x);
    cuda_core::step_twiddle<log2_n, 16>(x, power_order, a);  // w_512 = w_8192^16
    __syncwarp();  // every lane has read the region
#pragma unroll
    for (int k1 = 0; k1 < 16; ++k1) own[k1 * pitch + a] = x[k1];
    __syncthreads();
    if constexpr (whole_rows) {  // Stage 3: thread h + 2 r takes row r, z_j = (x_j + (-1)^h x_(j+16)) w_32^(j h)
      const float2* const whole_row = tile + (row & 15) * region + (row >> 4) * pitch;
      cuda_core::half_of_32_point_dft<Sign>(x, h, [&](int j) { return whole_row[j]; });  // Y[2 k' + h] at k'
      Storage* destination = output + transform * n + row + 256 * h;
#pragma unroll
      for (int k = 0; k < 16; ++k) {
        const float2 value = scale == 1.0f ? x[k] : float2{x[k].x * scale, x[k].y * scale};
        Traits::store(destination + 512 * k, value);
      }
      continue;
    }
    // Stage 3: thread h + 2 r takes a = h + 2 j of row r = k0 + 16 k1.
    const float2* const pair_row = tile + (row & 15) * region + (row >> 4) * pitch + h;
#pragma unroll
    for (int j = 0; j < 16; ++j) x[j] = pair_row[2 * j];
    cuda_core::dft16<Sign>(x);
    cuda_core::step_twiddle<log2_n, 256>(x, power_order, h);  // w_32 = w_8192^256 (lane 0: by 1)
    Storage* destination = output + transform * n + row;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      const float2 kept = h ? x[8 + i] : x[i];  // Y_h[8 h + i]
      const float2 sent = h ? x[i] : x[8 + i];  // Y_h[8 (1 - h) + i], the partner's
      const float2 received{__shfl_xor_sync(0xffffffffu, sent.x, 1), __shfl_xor_sync(0xffffffffu, sent.y, 1)};
      const float2 y0 = h ? received : kept, y1 = h ? kept : received;
      float2 low = complex_add(y0, y1), high = complex_subtract(y0, y1);
      if (scale != 1.0f) {
        low = {low.x * scale, low.y * scale};
        high = {high.x * scale, high.y * scale};
      }
      const int j2 = 8 * h + i;
      Traits::store(destination + 256 * j2, low);
      Traits::store(destination + 256 * (j2 + 16), high);
    }
  }
}

// Whole 512-, 1024- and 2048-point transforms, one block of T = N / 16
// threads each (16 points per thread; 64 registers, so 16 blocks of 64
// threads or 8 of 128 per SM; 1.25x those blocks by launch bounds, 48
// registers, ran 1.05x ... 1.07x slower at 1024 and 2048 points, H100
// r365), several blocks per SM: two radix-16 steps,
// then radix R = N / 256 (2, 4, 8; 16 at 4096 points, which the executor
// runs here on memory-rich devices: plan::memory_rich_bytes_per_sm_cycle),
// each thread taking 16 / R rows of R;
// the copy engine fetches the block's next transform as in
// cuda_core_transform_8192_kernel.  The single pass of these lengths where
// its stages are fp32 arithmetic: the fp32 mode's default stages, or the
// radix-4 schedule (plan::problem_max_radix: the tensor-core modes' default
// at 512 ... 2048 points in fp16/bf16 storage).
//
// Why: H100 r296 (docs/BENCHMARKS.md, the thirty-fourth session), 2^26
// elements, split_fp16: fp16 / bf16 storage N = 1024 0.93x / 0.93x the time
// of its tensor-core products, 2048 0.88x / 0.87x, at the same relL2; the
// bulk copies 0.98x ... 0.97x of loading in stage 1.  N = 512 ran 1.09x
// slower than the tensor cores there on the resident blocks, 0.95x on eight
// times as many (r360, the forty-first session).  fp32 storage keeps its
// tensor-core products (1.06x ... 1.08x slower here in r296, 1.02x on
// the larger grid in r359); the fp32 mode takes it at 512 ... 2048
// (0.41x ... 0.57x of its tile kernel's time in r284).
//
// N = 16 T, T = 16 R, input n = t + T m (t < T, m < 16), t = a + R b (a < R, b < 16):
//   stage 1: thread t takes m, DFT -> k0, twiddle w_N^(t k0);
//   stage 2: thread k0 + 16 a takes b, DFT -> k1, twiddle w_T^(a k1);
//   stage 3: thread k0 + 16 c takes rows k1 = c + R q (q < 16 / R), a DFT
//     of R over a each; output k0 + 16 k1 + 256 k2 = t + T q + 256 k2.
// The tile holds 16 regions k0 of T + 1 elements (odd: each half warp's 16
// k0 fall in 16 pairs of banks): t in stage 1, 16 a + k1 after stage 2.
constexpr int cuda_core_short_min_log2_length = 9, cuda_core_short_max_log2_length = 12;
constexpr int cuda_core_short_tile_bytes(int log2_length) { return 16 * ((1 << log2_length) / 16 + 1) * 8; }
template <int Log2Length>
struct CudaCoreShortShape {
  static constexpr int length = 1 << Log2Length, threads = length / 16, last_radix = length / 256;
  static constexpr int region = threads + 1;
  static constexpr int tile_bytes = cuda_core_short_tile_bytes(Log2Length);
  static_assert(tile_bytes == 16 * region * 8, "16 regions of T + 1 elements");
};
constexpr int cuda_core_short_shared_bytes(int log2_length, int storage_bytes, bool with_fetch) {
  return cuda_core::shared_bytes_with_fetch(cuda_core_short_tile_bytes(log2_length), log2_length, storage_bytes,
                                            with_fetch);
}

// Transforms params.total_columns packed transforms of 2^Log2Length points
// as cuda_core_transform_kernel does 4096-point ones, in place too; the
// launch allots cuda_core_short_shared_bytes(Log2Length, sizeof(Storage), with_fetch).
template <typename Storage, int Sign, int Log2Length>
__global__ void __launch_bounds__(CudaCoreShortShape<Log2Length>::threads,
                                  1024 / CudaCoreShortShape<Log2Length>::threads)
    cuda_core_short_transform_kernel(PassParameters params) {
  using Traits = StorageTraits<Storage>;
  using Shape = CudaCoreShortShape<Log2Length>;
  constexpr int n = Shape::length, t_count = Shape::threads, radix = Shape::last_radix, region = Shape::region;
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  float2* const tile = reinterpret_cast<float2*>(shared_bytes);
  const auto [input, output, twiddles, scale] = cuda_core::transform_arguments<Storage>(params);
  const int t = threadIdx.x, k0 = t & 15, c = t >> 4;
  const float2* const power_order = params.power_order_twiddles;
  const auto stage_one_twiddles = [power_order, t](float2 (&y)[16]) {
    cuda_core::step_twiddle<Log2Length, 1>(y, power_order, t);
  };
  cuda_core::InputFetch<Storage, n> fetch(shared_bytes, Shape::tile_bytes, input, params.total_columns);
  for (std::int64_t transform = blockIdx.x; transform < params.total_columns; transform += gridDim.x) {
    float2 x[16];
    cuda_core::first_radix_16_step<Sign>(fetch, x, tile, region, stage_one_twiddles, transform, t, t_count);
    // Stage 2: thread k0 + 16 a (a = c) takes b.
#pragma unroll
    for (int b = 0; b < 16; ++b) x[b] = tile[k0 * region + c + radix * b];
    cuda_core::dft16<Sign>(x);
    cuda_core::step_twiddle<Log2Length, 16>(x, power_order, c);  // w_T = w_N^16
    __syncthreads();
#pragma unroll
    for (int k1 = 0; k1 < 16; ++k1) tile[k0 * region + 16 * c + k1] = x[k1];
    __syncthreads();
    // Stage 3: rows k1 = c + R q.
    Storage* destination = output + transform * n + t;
#pragma unroll
    for (int q = 0; q < 16 / radix; ++q) {
      float2 y[radix];
#pragma unroll
      for (int a = 0; a < radix; ++a) y[a] = tile[k0 * region + 16 * a + c + radix * q];
      cuda_core::small_dft<Sign>(y);
#pragma unroll
      for (int k2 = 0; k2 < radix; ++k2) {
        const float2 value = scale == 1.0f ? y[k2] : float2{y[k2].x * scale, y[k2].y * scale};
        Traits::store(destination + t_count * q + 256 * k2, value);
      }
    }
  }
}

// Whole 128- and 256-point transforms, several to a warp: T = N / 16 threads
// (8 or 16) each hold 16 points, so a warp holds G = 32 / T transforms and
// exchanges them through its own part of the tile with warp barriers only.
// A radix-16 step, then the DFT of T (8: two rows of 8 per thread; 16: one
// row).  Blocks of 256 threads, each taking the next 8 G transforms (a
// grid-stride loop: the executor launches eight times the resident blocks);
// loads straight from device memory into registers, 16 per thread in
// flight, 56 registers (five blocks by launch bounds, 48 registers: H100
// r365 1.02x ... 1.10x slower; the next transforms' loads issued ahead into
// registers, r366: 1.00x ... 1.06x slower).  The single pass of these lengths where its stages
// are fp32 arithmetic: the radix-4 schedule (plan::problem_max_radix: the
// tensor-core modes' default in fp16/bf16 storage) or the fp32 mode's
// default stages.
//
// Why: H100 r360 (docs/BENCHMARKS.md, the forty-first session; A/B, three
// rounds, 2^26 elements), split_fp16 fp16 / bf16 storage N = 128 0.93x /
// 0.92x the time of its tensor-core products, 256 0.95x / 0.94x, relL2 the
// same (the storage floor); single_fp16 1.00x / 0.93x and 0.98x / 0.97x
// with relL2 2.78e-4 instead of 3.6e-4 (fp16); on the grid meant (r363:
// r360's launches had a block per 16 x 32 transforms, 2 ... 4 rounds of the
// resident blocks with a partial last one) fp16 128 / 256 0.190 ms, 1.04x /
// 1.03x cuFFT fp16 (was 1.19x / 1.10x in r356), bf16 0.81x / 0.88x cuFFT
// bf16.  In fp32 storage it ran 1.04x / 1.01x their time (r359): not taken there.
//
// N = 16 T, input n = t + T m (t < T, m < 16):
//   stage 1: thread t takes m, DFT -> k0, twiddle w_N^(t k0), tile[k0 (T + 1) + t];
//   stage 2: thread t takes rows k0 = t + T r (r < 16 / T), the DFT of T over
//     the row -> k1; output k0 + 16 k1.
// A transform's tile is 16 rows of T + 1 elements (odd: stage 2's lanes read
// rows in distinct banks), padded to 8 mod 16 elements where two transforms
// share a half warp (T = 8), so that their lanes' writes fall in distinct banks.
//
// 32 and 64 points (T = 2, 4) ran here too, with staged copies (H200 r426 ... r432): a thread group's run of
// one transform's points (8 ... 32 bytes) is too short for a warp's loads to be coalesced (T = 1, 2, 4
// straight from device memory: 1.5x ... 5.4x slower than the tensor-core kernels, r416), so the block's
// whole run of transforms moved between device memory and the tiles in 16-byte vectors (cuda_core::
// StagedRun, which cuda_core_16_point_kernel keeps); split 0.84x ... 0.92x the time of the tensor-core
// kernels (r426/r427).  cuda_core_eight_thread_kernel (below) runs them since, without staging: r436/r437
// 0.75x ... 0.79x the time of the staged copies in fp16/bf16, 0.92x / 0.99x in fp32 storage (32 / 64).
// Staged copies at 128 and 256 points ran 1.31x ... 1.47x slower in fp16/bf16, 1.00x ... 1.02x in fp32 (r426).
// A transform's tile is padded to T mod 16 elements (T < 16), so that the
// 16 / T transforms of a half warp fall in distinct banks.
constexpr int cuda_core_warp_min_log2_length = 7, cuda_core_warp_max_log2_length = 8;
constexpr int cuda_core_warp_threads = 256;
constexpr int cuda_core_warp_transforms_per_block(int log2_length) {
  return cuda_core_warp_threads >> (log2_length - 4);
}
// One transform's tile: 16 rows of T + 1 elements, padded to T mod 16 (above).
constexpr int cuda_core_warp_transform_tile(int log2_length) {
  const int threads_per_transform = 1 << (log2_length - 4);
  return 16 * (threads_per_transform + 1) + threads_per_transform % 16;
}
template <int Log2Length>
struct CudaCoreWarpShape {
  static constexpr int length = 1 << Log2Length, threads_per_transform = length / 16;
  static constexpr int transforms_per_warp = 32 / threads_per_transform;
  static constexpr int transforms_per_block = cuda_core_warp_transforms_per_block(Log2Length);
  static constexpr int pitch = threads_per_transform + 1;
  static constexpr int transform_tile = cuda_core_warp_transform_tile(Log2Length);
  static_assert(transform_tile % 16 == threads_per_transform % 16, "bank layout");
};
constexpr int cuda_core_warp_shared_bytes(int log2_length) {
  return cuda_core_warp_transforms_per_block(log2_length) * cuda_core_warp_transform_tile(log2_length) * 8;
}

namespace cuda_core {

// 16-byte vectors of Storage elements, widened to float2 and narrowed back.
template <typename Storage>
struct StorageVector {
  static constexpr int elements = 16 / sizeof(Storage);
  __device__ static void widen(const uint4& bits, float2 (&values)[elements]) {
    Storage stored[elements];
    memcpy(stored, &bits, 16);
#pragma unroll
    for (int i = 0; i < elements; ++i) values[i] = StorageTraits<Storage>::widen(stored[i]);
  }
  __device__ static uint4 narrow(const float2 (&values)[elements]) {
    Storage stored[elements];
#pragma unroll
    for (int i = 0; i < elements; ++i) stored[i] = StorageTraits<Storage>::narrow(values[i]);
    uint4 bits;
    memcpy(&bits, stored, 16);
    return bits;
  }
};

// Staged copies of a block's run of packed transforms of Length points, one per thread of the Threads, between
// device memory and the transforms' tiles in shared memory (TransformTile float2 apart, points in natural
// order), in 16-byte vectors, neighbouring lanes on neighbouring vectors (both pointers 16-byte aligned).
// `bits` holds the run's vectors from load to to_tiles; with LoadsAhead the next run's loads are issued
// before this run's stages (start, then into_tiles per run).  cuda_core_16_point_kernel's (below).
template <typename Storage, int Length, int TransformTile, int Threads, bool LoadsAhead>
struct StagedRun {
  using Vector = StorageVector<Storage>;
  static constexpr int vector_elements = Vector::elements, vectors_per_transform = Length / vector_elements;
  static constexpr int vectors_per_thread = vectors_per_transform;  // a run holds one transform per thread
  static_assert(TransformTile % 2 == 0, "16-byte aligned tiles");
  uint4 bits[vectors_per_thread];

  // Vector i of a run: its transform's tile, from point E (i mod n / E).
  __device__ static float2* vector_in_tile(float2* block_tile, int i) {
    return block_tile + (i / vectors_per_transform) * TransformTile + (i % vectors_per_transform) * vector_elements;
  }
  // The run of transforms first ... (of count; those past it read as zeros) into bits.
  __device__ void load(const Storage* input, std::int64_t first, std::int64_t count) {
    const uint4* source = reinterpret_cast<const uint4*>(input + first * Length);
    const std::int64_t vectors = (count - first) * vectors_per_transform;
#pragma unroll
    for (int j = 0; j < vectors_per_thread; ++j) {
      const int i = threadIdx.x + Threads * j;
      bits[j] = i < vectors ? __ldg(source + i) : uint4{0, 0, 0, 0};
    }
  }
  // bits, widened, into the tiles (a block barrier before: the previous run has left them; one after).
  __device__ void to_tiles(float2* block_tile) const {
#pragma unroll
    for (int j = 0; j < vectors_per_thread; ++j) {
      float2 values[vector_elements];
      Vector::widen(bits[j], values);
      float2* destination = vector_in_tile(block_tile, threadIdx.x + Threads * j);
#pragma unroll
      for (int e = 0; e < vector_elements; e += 2) {
        *reinterpret_cast<float4*>(destination + e) = {values[e].x, values[e].y, values[e + 1].x, values[e + 1].y};
      }
    }
  }
  // Every thread, before the runs (with LoadsAhead: loads the block's first run, `first`).
  __device__ void start(const Storage* input, std::int64_t first, std::int64_t count) {
    if (LoadsAhead && first < count) load(input, first, count);
  }
  // Every thread: the run from `first` into the tiles, between two block barriers (the first: the previous
  // run has left them); with LoadsAhead then the loads of the block's next run, first + step.
  __device__ void into_tiles(const Storage* input, float2* block_tile, std::int64_t first, std::int64_t step,
                             std::int64_t count) {
    if (!LoadsAhead) load(input, first, count);
    __syncthreads();
    to_tiles(block_tile);
    __syncthreads();
    if (LoadsAhead && first + step < count) load(input, first + step, count);
  }
  // The tiles' results (a block barrier before) to the run of transforms first ... (of count).
  __device__ static void store(Storage* output, float2* block_tile, std::int64_t first, std::int64_t count) {
    uint4* run = reinterpret_cast<uint4*>(output + first * Length);
    const std::int64_t vectors = (count - first) * vectors_per_transform;
#pragma unroll
    for (int j = 0; j < vectors_per_thread; ++j) {
      const int i = threadIdx.x + Threads * j;
      if (i < vectors) {
        const float2* source = vector_in_tile(block_tile, i);
        float2 values[vector_elements];
#pragma unroll
        for (int e = 0; e < vector_elements; e += 2) {
          const float4 both = *reinterpret_cast<const float4*>(source + e);
          values[e] = make_float2(both.x, both.y);
          values[e + 1] = make_float2(both.z, both.w);
        }
        run[i] = Vector::narrow(values);
      }
    }
  }
};

// Whether both pointers allow staged copies.
__device__ __forceinline__ bool sixteen_byte_aligned(const void* input, const void* output) {
  return ((reinterpret_cast<std::uintptr_t>(input) | reinterpret_cast<std::uintptr_t>(output)) & 15) == 0;
}

}  // namespace cuda_core

// Transforms params.total_columns packed transforms of 2^Log2Length points,
// in place too (a warp reads its transforms whole before it writes them);
// the launch allots cuda_core_warp_shared_bytes(Log2Length).
template <typename Storage, int Sign, int Log2Length>
__global__ void __launch_bounds__(cuda_core_warp_threads, 4) cuda_core_warp_transform_kernel(PassParameters params) {
  using Traits = StorageTraits<Storage>;
  using Shape = CudaCoreWarpShape<Log2Length>;
  constexpr int n = Shape::length, t_count = Shape::threads_per_transform, rows = 16 / t_count;
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  const auto [input, output, twiddles, scale] = cuda_core::transform_arguments<Storage>(params);
  const int t = threadIdx.x % t_count, slot = threadIdx.x / t_count;  // slot: the thread's transform in the block
  float2* const tile = reinterpret_cast<float2*>(shared_bytes) + slot * Shape::transform_tile;
  const std::int64_t count = params.total_columns;
  for (std::int64_t first = std::int64_t{blockIdx.x} * Shape::transforms_per_block; first < count;
       first += std::int64_t{gridDim.x} * Shape::transforms_per_block) {
    const std::int64_t transform = first + slot;
    const bool present = transform < count;  // every lane takes part in the warp barriers
    float2 x[16];
    const Storage* source = input + transform * n + t;
#pragma unroll
    for (int m = 0; m < 16; ++m) x[m] = present ? Traits::load(source + t_count * m) : float2{0.0f, 0.0f};
    cuda_core::dft16<Sign>(x);
    cuda_core::twiddle(x, twiddles, t);
    __syncwarp();  // the previous transforms' stage 2 has read the tile
#pragma unroll
    for (int k0 = 0; k0 < 16; ++k0) tile[k0 * Shape::pitch + t] = x[k0];
    __syncwarp();
    Storage* destination = output + transform * n + t;
#pragma unroll
    for (int r = 0; r < rows; ++r) {  // row k0 = t + T r
      float2 y[t_count];
#pragma unroll
      for (int i = 0; i < t_count; ++i) y[i] = tile[(t + t_count * r) * Shape::pitch + i];
      cuda_core::small_dft<Sign>(y);
      if (present) {
#pragma unroll
        for (int k1 = 0; k1 < t_count; ++k1) {
          const float2 value = scale == 1.0f ? y[k1] : float2{y[k1].x * scale, y[k1].y * scale};
          Traits::store(destination + t_count * r + 16 * k1, value);
        }
      }
    }
  }
}

// Whole 16-point transforms, one per thread (a 16-point DFT in registers), with
// staged copies (cuda_core::StagedRun, loads ahead in 4-byte storage): a thread's
// 16 points are too few for its own loads to be coalesced.  A transform's
// tile is 18 elements, so that a quarter warp's 16-byte reads of eight
// transforms fall in distinct banks.  Where a pointer is not 16-byte aligned
// each thread loads and stores its own points.  Blocks of 256 threads, a
// grid-stride loop over runs of 256 transforms.  The single pass of 16 points
// where its stages are fp32 arithmetic (the radix-4 schedule, the fp32
// mode's default stages).  H200 r432 (A/B, three rounds, against the
// tensor-core kernels): split 0.86x / 0.94x / 0.94x the time in fp16 / bf16 /
// fp32 storage, single_fp16 1.00x / 0.96x / 0.98x (relL2 2.0e-4 -> 6.6e-8 in
// fp32 storage); the fp32 mode 0.98x cuFFT fp32 (1.76x before, r428).
constexpr int cuda_core_16_point_log2_length = 4;
constexpr int cuda_core_16_point_threads = 256, cuda_core_16_point_tile = 18;
constexpr int cuda_core_16_point_shared_bytes = cuda_core_16_point_threads * cuda_core_16_point_tile * 8;
template <typename Storage, int Sign>
__global__ void __launch_bounds__(cuda_core_16_point_threads, sizeof(Storage) == 4 ? 3 : 4)
    cuda_core_16_point_kernel(PassParameters params) {
  using Traits = StorageTraits<Storage>;
  constexpr int n = 16, threads = cuda_core_16_point_threads;
  using Run = cuda_core::StagedRun<Storage, n, cuda_core_16_point_tile, threads, sizeof(Storage) == 4>;
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  const auto [input, output, twiddles, scale] = cuda_core::transform_arguments<Storage>(params);
  (void)twiddles;  // one radix-16 step: none
  float2* const block_tile = reinterpret_cast<float2*>(shared_bytes);
  float2* const tile = block_tile + threadIdx.x * cuda_core_16_point_tile;
  const std::int64_t count = params.total_columns;
  const std::int64_t run_step = std::int64_t{gridDim.x} * threads;
  const bool staged = cuda_core::sixteen_byte_aligned(input, output);
  Run run;
  if (staged) run.start(input, std::int64_t{blockIdx.x} * threads, count);
  for (std::int64_t first = std::int64_t{blockIdx.x} * threads; first < count; first += run_step) {
    const std::int64_t transform = first + threadIdx.x;
    float2 x[16];
    if (staged) {
      run.into_tiles(input, block_tile, first, run_step, count);
#pragma unroll
      for (int m = 0; m < 16; m += 2) {
        const float4 both = *reinterpret_cast<const float4*>(tile + m);
        x[m] = make_float2(both.x, both.y);
        x[m + 1] = make_float2(both.z, both.w);
      }
    } else {
#pragma unroll
      for (int m = 0; m < 16; ++m) x[m] = transform < count ? Traits::load(input + transform * n + m) : float2{0.0f, 0.0f};
    }
    cuda_core::dft16<Sign>(x);
#pragma unroll
    for (int k = 0; k < 16; ++k) {
      if (scale != 1.0f) x[k] = float2{x[k].x * scale, x[k].y * scale};
    }
    if (staged) {  // the thread's own tile: no barrier before it writes there
#pragma unroll
      for (int k = 0; k < 16; k += 2) {
        *reinterpret_cast<float4*>(tile + k) = {x[k].x, x[k].y, x[k + 1].x, x[k + 1].y};
      }
      __syncthreads();
      Run::store(output, block_tile, first, count);
    } else if (transform < count) {
#pragma unroll
      for (int k = 0; k < 16; ++k) Traits::store(output + transform * n + k, x[k]);
    }
  }
}

// Whole 32- and 64-point transforms, eight threads of M = N / 8 points each per transform, 32 transforms to
// a block of 256 threads, a grid-stride loop over runs of 32.  Thread t loads its points t + 8 m straight
// from device memory: one warp's load covers four transforms' runs of eight neighbouring elements (64 bytes in
// fp32 storage), so no staging is needed; a radix-M step, the twiddles w_N^(t k0) (read once per thread), an
// exchange through the transform's tile with warp barriers only, and a radix-8 step whose outputs
// neighbouring lanes store side by side.  48 registers at 64 points, 40 at 32 (six blocks by launch bounds,
// 40 registers at 64, ran 1.00x ... 1.11x slower: H200 r438).  The single pass of these lengths where its
// stages are fp32 arithmetic (the radix-4 schedule: plan::problem_max_radix; the fp32 mode's default
// stages).
//
// Why: the warp kernel's 16 x T (T = 2, 4 threads of 16 points) reads runs of T elements per transform, too
// short to load straight (1.5x ... 5.4x slower, H200 r416), so it staged the block's whole run through
// shared memory in 16-byte vectors (r426).  Here eight threads read runs of eight, and the staging's shared
// stores and loads and block barriers go.  H200 r436 (A/B, three rounds, 2^26 elements, against the staged
// warp kernel, 64 points): split fp16 / bf16 0.747x / 0.746x the time (0.138 ms against 0.185), fp32
// storage 0.989x (1.047x cuFFT fp32), relL2 the same in fp16/bf16 and 8.4e-8 instead of 9.5e-8 in fp32
// storage; r437 (32 points): 0.78x / 0.79x, fp32 storage 0.918x.  At 16 points (eight threads of two, r440)
// fp16/bf16 ran 1.39x ... 1.42x slower than cuda_core_16_point_kernel's staged copies, fp32 storage 0.986x:
// 16 points keep that kernel.
//
// N = 8 M, input n = t + 8 m (t < 8, m < M), output k = k0 + M k1 (k0 < M, k1 < 8):
//   stage 1: thread t takes m, DFT -> k0, twiddle w_N^(t k0), tile[k0 * 9 + t];
//   stage 2, M = 8: thread t takes row k0 = t, the DFT over the row -> k1; outputs t + 8 k1;
//   stage 2, M = 4: thread t takes row k0 = t mod 4 and half h = t / 4 of its outputs: a radix-2 step of
//     decimation in frequency, z_j = (y_j + (-1)^h y_(j + 4)) w_8^(j h) (j < 4), then a DFT of 4 over j ->
//     k', output k0 + 4 (2 k' + h) = t + 8 k'.
// So thread t stores outputs t + 8 k (k < M) in both.  A transform's tile is M rows of 9 elements (odd:
// stage 2's lanes read rows in distinct banks), padded to 8 mod 16 elements, so that the two transforms of a
// half warp fall in distinct banks.
constexpr int cuda_core_eight_thread_min_log2_length = 5, cuda_core_eight_thread_max_log2_length = 6;
constexpr int cuda_core_eight_thread_threads = 256, cuda_core_eight_thread_pitch = 9;
constexpr int cuda_core_eight_thread_transforms_per_block = cuda_core_eight_thread_threads / 8;
constexpr int cuda_core_eight_thread_tile(int log2_length) {
  const int rows = 1 << (log2_length - 3), elements = rows * cuda_core_eight_thread_pitch;
  return elements + (8 - elements % 16 + 16) % 16;
}
constexpr int cuda_core_eight_thread_shared_bytes(int log2_length) {
  return cuda_core_eight_thread_transforms_per_block * cuda_core_eight_thread_tile(log2_length) * 8;
}
template <typename Storage, int Sign, int Log2Length>
__global__ void __launch_bounds__(cuda_core_eight_thread_threads, 4)
    cuda_core_eight_thread_kernel(PassParameters params) {
  using Traits = StorageTraits<Storage>;
  constexpr int n = 1 << Log2Length, M = n / 8, pitch = cuda_core_eight_thread_pitch;
  constexpr int per_block = cuda_core_eight_thread_transforms_per_block;
  constexpr int transform_tile = cuda_core_eight_thread_tile(Log2Length);
  static_assert(M == 4 || M == 8, "32 or 64 points");
  static_assert(transform_tile % 16 == 8 && transform_tile >= M * pitch, "bank layout");
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  const auto [input, output, twiddles, scale] = cuda_core::transform_arguments<Storage>(params);
  const int t = threadIdx.x & 7, slot = threadIdx.x >> 3;  // slot: the thread's transform in the block
  float2* const tile = reinterpret_cast<float2*>(shared_bytes) + slot * transform_tile;
  float2 roots[M];  // w_N^(t k0)
#pragma unroll
  for (int k0 = 1; k0 < M; ++k0) roots[k0] = __ldg(twiddles + t * k0);
  const std::int64_t count = params.total_columns;
  for (std::int64_t first = std::int64_t{blockIdx.x} * per_block; first < count;
       first += std::int64_t{gridDim.x} * per_block) {
    const std::int64_t transform = first + slot;
    const bool present = transform < count;  // every lane takes part in the warp barriers
    float2 x[M];
    const Storage* const source = input + transform * n + t;
#pragma unroll
    for (int m = 0; m < M; ++m) x[m] = present ? Traits::load(source + 8 * m) : float2{0.0f, 0.0f};
    cuda_core::small_dft<Sign>(x);
#pragma unroll
    for (int k0 = 1; k0 < M; ++k0) x[k0] = complex_multiply(x[k0], roots[k0]);
    __syncwarp();  // the previous transforms' stage 2 has read the tile
#pragma unroll
    for (int k0 = 0; k0 < M; ++k0) tile[k0 * pitch + t] = x[k0];
    __syncwarp();
    if constexpr (M == 8) {
#pragma unroll
      for (int j = 0; j < 8; ++j) x[j] = tile[t * pitch + j];
      cuda_core::dft8<Sign>(x);
    } else {
      constexpr float r2 = 0.70710678118654752f;
      const float2 eighth_turns[4] = {{1.0f, 0.0f}, {r2, Sign * r2}, {0.0f, Sign * 1.0f}, {-r2, Sign * r2}};  // w_8^j
      const int h = t >> 2;
      const float2* const row = tile + (t & 3) * pitch;
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        const float2 low = row[j], high = row[j + 4];
        x[j] = h ? complex_multiply(complex_subtract(low, high), eighth_turns[j]) : complex_add(low, high);
      }
      cuda_core::dft4<Sign>(x[0], x[1], x[2], x[3]);
    }
    if (!present) continue;
    Storage* const destination = output + transform * n + t;
#pragma unroll
    for (int k = 0; k < M; ++k) {
      const float2 value = scale == 1.0f ? x[k] : float2{x[k].x * scale, x[k].y * scale};
      Traits::store(destination + 8 * k, value);
    }
  }
}

// Whole 16384-point transforms, one block of 1024 threads (16 points each)
// per transform, one block per SM: a radix-16 step over the input's
// slowest digit, then in each of its 16 outputs k0 the 1024-point transform
// of cuda_core_short_transform_kernel, by the 64 threads of group k0 on
// region k0 of the tile; the last step (radix 4) takes its rows across the
// regions, so that neighbouring lanes write neighbouring outputs.
//
// N = 16384 = 16 x 1024, input n = t + 1024 m (t < 1024, m < 16), t = u + 64 m' (u < 64),
// u = c + 4 b (c < 4, b < 16):
//   stage 1: thread t takes m, DFT -> k0, twiddle w_16384^(t k0);
//   stage 2: thread u of group g = k0 takes m', DFT -> k0', twiddle w_1024^(u k0');
//   stage 3: thread k0' + 16 c of group g takes b, DFT -> k1', twiddle w_64^(c k1');
//   stage 4: thread t takes the rows (g = t mod 16, k0' + 16 k1' = t / 16 + 64 q),
//     q < 4, a DFT of 4 over c each; output g + 16 (k0' + 16 k1' + 256 k2')
//     = t + 1024 q + 4096 k2'.
// Regions of 1041 elements (1 mod 16 pairs of banks: stage 4's 16 lanes of
// one row fall in 16 pairs): t in stage 1, 65 k0' + u after stage 2, 65 k0'
// + 16 c + k1' after stage 3.
constexpr int cuda_core_16384_log2_length = 14;
constexpr int cuda_core_16384_threads = 1024;
constexpr int cuda_core_16384_region = 1041, cuda_core_16384_row_pitch = 65;
constexpr int cuda_core_16384_tile_bytes = 16 * cuda_core_16384_region * 8;
static_assert(cuda_core_16384_tile_bytes == plan::cuda_core_16384_tile_bytes, "pass_limits sizes this tile");
// The contiguous lengths C of the planes (R x C = 16384 points, R = 16384 / C) the CUDA-core plane kernel
// runs (cuda_core_transform_16384_kernel's PlaneColumns; plan::cuda_core_plane_shape).
constexpr int cuda_core_plane_min_log2_columns = 6, cuda_core_plane_max_log2_columns = 8;
static_assert((1 << cuda_core_plane_min_log2_columns) == plan::cuda_core_plane_min_columns &&
                  (1 << cuda_core_plane_max_log2_columns) == plan::cuda_core_plane_max_columns,
              "the plan's planes are the kernel's");
// The points of each transform that the kernel's fetch brings into shared memory (a block of a cluster of
// Parts: its slice): all, but in fp32 storage, whose 128 KB do not fit beside the tile, the first half
// (stage 1's points m < 8 of the transform or of the block's slice).  H100 r382 (three rounds, fp32
// storage 2^14 points): split_fp16 0.92x the time of loading every point at the transform's start (0.429
// ms against 0.466), the fp32 mode 0.91x, single_fp16 1.00x; relL2 the same.  r394 (three rounds, 2^15
// points, Parts = 2): split_fp16 0.94x (0.673 ms against 0.718), the fp32 mode 0.93x; relL2 the same.
constexpr int cuda_core_16384_fetched_points(int storage_bytes) {
  return storage_bytes == 8 ? (1 << cuda_core_16384_log2_length) / 2 : 1 << cuda_core_16384_log2_length;
}
constexpr int cuda_core_16384_shared_bytes(int storage_bytes, bool with_fetch) {
  return cuda_core_16384_tile_bytes +
         (with_fetch ? cuda_core::input_fetch_shared_bytes(cuda_core_16384_fetched_points(storage_bytes), storage_bytes)
                     : 0);
}

namespace cuda_core {

// Inputs of half h of a transform of 2 x 16384 points (cuda_core_transform_16384_kernel
// with Parts = 2): x[m] = y_h[t + 1024 m], where y_h[n] = x[n] + (-1)^h x[n + 16384],
// times w_32768^(h n): one radix-2 step of decimation in frequency, whose 16384-point
// DFT of y_h is X[2 k + h].  w_32768^(h n) = w_32768^(h t) w_32^(h m); the first
// factor is the same for all sixteen points and is left to the caller (after the
// DFT over m), the second is applied here.  `element(r, m)` = x[16384 r + t + 1024 m];
// `part_roots(e)` = w_32768^e.
template <typename Element, typename Roots>
__device__ __forceinline__ void load_half(float2 (&x)[16], const Element& element, int h, const Roots& part_roots) {
#pragma unroll
  for (int m = 0; m < 16; ++m) {
    float2 y[2];
#pragma unroll
    for (int r = 0; r < 2; ++r) y[r] = element(r, m);
    x[m] = h ? complex_subtract(y[0], y[1]) : complex_add(y[0], y[1]);
  }
  if (h != 0) {  // w_32^(h m) = w_32768^(1024 h m)
    twiddle_by_powers(x, part_roots(1024 * h), part_roots(2048 * h), part_roots(4096 * h), part_roots(8192 * h));
  }
}

// Stage 2 of a plane of R x C points (cuda_core_transform_16384_kernel's PlaneColumns = C = 64 Cr, R = 16 Rr,
// Cr Rr = 16): x[h + Cr j] holds the point of row index n2 = u + 64 h (h < Cr) and column index n1 = j + Rr m
// (j < Rr; stage 1 took the DFT over m and twiddled by w_R^(j k_a)).  The Rr-point DFT over j completes the
// column's R points (K1 = k_a + 16 kc); then the row's first step of decimation in frequency, the Cr-point
// DFT over h times w_C^(kb u), leaves in x[row] the input of the 64-point DFT over u whose outputs K2' give
// K2 = kb + Cr K2': row = kb + Cr kc, or kc + 4 kb where Cr = 4 (plane_row: so that stage 4's lanes can take
// all four kb of a run of outputs, each half warp from rows 16 banks apart).  `table`: w_16384^i (w_C =
// w_16384^(16384 / C)).
template <int Columns>
__host__ __device__ constexpr int plane_row(int kb, int kc) {
  return Columns == 256 ? kc + 4 * kb : kb + (Columns / 64) * kc;
}
template <int Sign, int Columns>
__device__ __forceinline__ void plane_column_and_row_step(float2 (&x)[16], const float2* __restrict__ table, int u) {
  constexpr int row_radix = Columns / 64, column_radix = 16 / row_radix;
  static_assert(row_radix * column_radix == 16 && row_radix <= 4, "planes of 64, 128 or 256 columns");
  // The Radix-point DFT of x[first + stride i], i < Radix, in place.
  const auto strided_dft = [&x](auto radix, int first, int stride) {
    constexpr int points = decltype(radix)::value;
    float2 y[points];
#pragma unroll
    for (int i = 0; i < points; ++i) y[i] = x[first + stride * i];
    small_dft<Sign, points>(y);
#pragma unroll
    for (int i = 0; i < points; ++i) x[first + stride * i] = y[i];
  };
  if constexpr (column_radix > 1) {
#pragma unroll
    for (int h = 0; h < row_radix; ++h) strided_dft(std::integral_constant<int, column_radix>{}, h, row_radix);
  }
  if constexpr (row_radix > 1) {
    float2 w[row_radix];  // w_C^(kb u)
#pragma unroll
    for (int kb = 1; kb < row_radix; ++kb) w[kb] = __ldg(table + (16384 / Columns) * kb * u);
#pragma unroll
    for (int kc = 0; kc < column_radix; ++kc) {
      strided_dft(std::integral_constant<int, row_radix>{}, row_radix * kc, 1);
#pragma unroll
      for (int kb = 1; kb < row_radix; ++kb) x[kb + row_radix * kc] = complex_multiply(x[kb + row_radix * kc], w[kb]);
    }
  }
  if constexpr (Columns == 256) {  // x[kb + 4 kc] -> x[plane_row(kb, kc)] (registers renamed, no moves)
    float2 y[16];
#pragma unroll
    for (int k = 0; k < 16; ++k) y[plane_row<Columns>(k % 4, k / 4)] = x[k];
#pragma unroll
    for (int k = 0; k < 16; ++k) x[k] = y[k];
  }
}

}  // namespace cuda_core

// Transforms params.total_columns packed transforms of Parts x 16384 points
// as cuda_core_transform_kernel does 4096-point ones, in place too; the
// launch allots cuda_core_16384_shared_bytes(sizeof(Storage), with_fetch).
// Parts = 1 in fp32 storage: the copy engine brings the first half
// of the next transform (cuda_core_16384_fetched_points), and stage 1 loads
// the second half from device memory before it waits for the copy.
// Parts = 2 (sm_90): a cluster of two blocks per transform (the launch gives
// clusters of two), block h of the cluster computing outputs X[2 k + h] as
// the 16384-point DFT of cuda_core::load_half's y_h, which needs all of the
// transform's input: one read and one write of device memory, where two
// passes would write and read the intermediates once more.  In fp16/bf16
// storage (with the fetch) the copy engine brings the block's own half of
// its next transform (x[16384 h + i], i < 16384) into its shared memory,
// and the other half is loaded from device memory (L2: the other block's
// copy brought it) before the wait for it; in fp32 storage, whose half does
// not fit beside the tile, the copy brings the first half of the block's
// own half (points m < 8), and the rest is loaded from device memory after
// the wait (the other block's quarter from L2).  In place too: a
// cluster barrier lies between every block's reads of a transform and any
// block's writes of it.  params.power_order_twiddles: w_16384 in power order (the planes' first two steps:
// params.inner_twiddles, w_16384);
// params.pass_twiddles_coarse / fine: w_(16384 Parts), as for a pass
// twiddle.
// Why (H100, docs/BENCHMARKS.md, the thirty-fifth session): 2^15 points
// split_fp16 fp16 / bf16 0.86x / 0.87x the time of the tensor cores'
// paired halves at the same relL2 (r311), fp32 storage 0.95x their two
// passes (r315, relL2 1.75e-7 against 2.50e-7), the fp32 mode 0.51x its
// two passes (r312).  2^16 as a cluster of four blocks ran 1.12x ... 1.50x
// slower than the tensor cores' two passes (r311) and 1.24x ... 1.46x
// slower than two passes of 256 points on the CUDA cores (the fp32 mode,
// r348): removed.  Outputs exchanged through distributed shared memory for
// contiguous stores ran 1.12x ... 1.16x slower (r308).
// PlaneColumns = C (Parts = 1): the 2D DFT of each plane of R x C points, R = 16384 / C, C = 64, 128 or 256
// (the last two axes of a 2D/3D transform, the plan's plane pass) instead, in the same four steps: n = n2 + C
// n1 with t = n2 + C j (j < R / 16), n1 = j + (R / 16) m.  Stage 1 is the column DFT over m with w_R^(j k_a)
// (k_a = the region g); stage 2 the column's DFT over j and the row's first step
// (cuda_core::plane_column_and_row_step), row k0' = plane_row(kb, kc); stages 3 and 4 the row's 64-point
// DFT over u as the 1D transform's.  Stage 4's lanes take k1' and kb (or g's low bit), so that a warp writes
// runs of 16 or 32 neighbouring outputs.  Output: the storage type, or the plan's intermediate elements where
// later axes follow.
template <typename Storage, int Sign, int Parts = 1, typename Output = Storage, int PlaneColumns = 0>
__global__ void __launch_bounds__(cuda_core_16384_threads, 1)
    cuda_core_transform_16384_kernel(PassParameters params) {
  using Traits = StorageTraits<Storage>;
  using OutputTraits = StorageTraits<Output>;
  constexpr bool plane = PlaneColumns > 0;
  static_assert(!plane || Parts == 1, "a plane is one block's");
  static_assert(plane || std::is_same_v<Output, Storage>, "a 1D transform writes its storage type");
  constexpr int n = 1 << cuda_core_16384_log2_length, t_count = cuda_core_16384_threads;
  constexpr int region = cuda_core_16384_region, pitch = cuda_core_16384_row_pitch;
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  float2* const tile = reinterpret_cast<float2*>(shared_bytes);
  const auto [input, output, twiddles, scale] = cuda_core::transform_arguments<Storage>(params);
  const int t = threadIdx.x, u = t & 63, k0_local = u & 15, c = u >> 4;
  float2* const own = tile + (t >> 6) * region;  // group g's region
  // w_R^(j k_a) = w_16384^(C j k_a) (C j = t - n2), or w_16384^(t k0)
  constexpr int log2_n = cuda_core_16384_log2_length;
  const float2* const power_order = params.power_order_twiddles;  // planes: stage 3 only
  const auto stage_one_twiddles = [table = twiddles, power_order, t](float2 (&y)[16]) {
    if constexpr (plane) {
      cuda_core::twiddle(y, table, t & ~(PlaneColumns - 1));
    } else {
      cuda_core::step_twiddle<log2_n, 1>(y, power_order, t);
    }
  };
  static_assert(Parts == 1 || Parts == 2, "one block per transform, or a cluster of two");
  const int h = Parts > 1 ? static_cast<int>(blockIdx.x % Parts) : 0;  // the block's half (rank in the cluster)
  const std::int64_t first_transform = blockIdx.x / Parts, transform_step = gridDim.x / Parts;
  const auto* coarse = static_cast<const float2*>(params.pass_twiddles_coarse);
  const auto* fine = static_cast<const float2*>(params.pass_twiddles_fine);
  const auto part_roots = [&](int e) {  // w_32768^e
    return complex_multiply(__ldg(coarse + (e >> params.fine_bits)), __ldg(fine + (e & ((1 << params.fine_bits) - 1))));
  };
  // Slice h of transform j is input[j * n * Parts + n h + i]; the fetch starts the block's first transform.
  // A cluster's blocks fetch their own half of 4-byte elements; of fp32 storage's, its first half (a quarter).
  constexpr bool reads_slices = Parts == 2 && sizeof(Storage) == 4;
  // fp32 storage's whole transforms fetch their first half (points m < 8 of stage 1), the rest loaded.
  constexpr int fetched_points = cuda_core_16384_fetched_points(sizeof(Storage));
  constexpr bool fetches_half = Parts == 1 && fetched_points < n;
  constexpr bool fetches_quarter = Parts == 2 && fetched_points < n;
  cuda_core::InputFetch<Storage, fetched_points, n * Parts> fetch(shared_bytes, cuda_core_16384_tile_bytes,
                                                                  input + n * h, params.total_columns, first_transform);
  const bool quarter_fetch = fetches_quarter && fetch.active();
  // The cluster barrier's wait: before the stores where each block's own half arrives by copy (4-byte
  // elements), else right after stage 1 (below).
  const bool waits_before_stores = reads_slices && fetch.active();
  for (std::int64_t transform = first_transform; transform < params.total_columns; transform += transform_step) {
    float2 x[16];
    if constexpr (fetches_half) {
      const Storage* source = input + transform * n + t;
      Storage upper[8];  // points m >= 8, loaded before the wait for the fetched half
#pragma unroll
      for (int m = 8; m < 16; ++m) upper[m - 8] = source[1024 * m];
      if (fetch.active()) {
        fetch.wait();
#pragma unroll
        for (int m = 0; m < 8; ++m) x[m] = Traits::widen(fetch.staging()[t + 1024 * m]);
      } else {
#pragma unroll
        for (int m = 0; m < 8; ++m) x[m] = Traits::load(source + 1024 * m);
      }
#pragma unroll
      for (int m = 8; m < 16; ++m) x[m] = Traits::widen(upper[m - 8]);
      cuda_core::radix_16_step_into_tile<Sign>(x, tile, region, stage_one_twiddles, t);
      fetch.start(transform + transform_step);
    } else if constexpr (Parts == 1) {
      cuda_core::first_radix_16_step<Sign>(fetch, x, tile, region, stage_one_twiddles, transform, t, t_count);
    } else {  // stage 1 of y_h (first_radix_16_step's, with the half's w_32768^(h t) after the DFT)
      const Storage* source = input + transform * (n * Parts) + t;
      if (reads_slices && fetch.active()) {  // the own half from staging, the other from device memory (L2)
        if constexpr (reads_slices) {
          Storage other[16];  // loaded before the wait for the own half
#pragma unroll
          for (int m = 0; m < 16; ++m) other[m] = source[n * (1 - h) + 1024 * m];
          fetch.wait();
          const Storage* staging = fetch.staging() + t;
          const auto from_halves = [&](int r, int m) {
            return Traits::widen(r == h ? staging[1024 * m] : other[m]);
          };
          cuda_core::load_half(x, from_halves, h, part_roots);
        }
      } else if (quarter_fetch) {  // points m < 8 of the own half from staging, the rest from device memory
        fetch.wait();
        const Storage* staging = fetch.staging() + t;
        const auto load_with_quarter = [&](auto own_half) {
          constexpr int own = decltype(own_half)::value;
          const auto from_quarter = [&](int r, int m) {
            return r == own && m < 8 ? Traits::widen(staging[1024 * m]) : Traits::load(source + n * r + 1024 * m);
          };
          cuda_core::load_half(x, from_quarter, own, part_roots);
        };
        if (h == 0) {
          load_with_quarter(std::integral_constant<int, 0>{});
        } else {
          load_with_quarter(std::integral_constant<int, 1>{});
        }
      } else {
        const auto from_memory = [&](int r, int m) { return Traits::load(source + n * r + 1024 * m); };
        cuda_core::load_half(x, from_memory, h, part_roots);
      }
      cuda_core::dft16<Sign>(x);
      stage_one_twiddles(x);
      if (h != 0) {
        const float2 part_twiddle = part_roots(h * t);
#pragma unroll
        for (int k = 0; k < 16; ++k) x[k] = complex_multiply(x[k], part_twiddle);
      }
      arch::arrive_at_cluster_barrier();  // this block has read the transform's input
      __syncthreads();  // the previous transform's last step has read the tile
#pragma unroll
      for (int k = 0; k < 16; ++k) tile[k * region + t] = x[k];
      __syncthreads();
      fetch.start(transform + transform_step);  // staging is free
      // Every block has read the input, so the outputs may overwrite it (in place).  Reading most
      // of it from device memory (fp32 storage), the blocks wait here, which keeps them in step for
      // L2's sake (fp32 storage N = 2^15: 0.85x the time of waiting before the stores, H100 r309 /
      // r311); with their own half fetched (4-byte elements), before the stores (fp16 0.98x).
      if (!waits_before_stores) arch::wait_for_cluster();
    }
    // Stage 2: thread u of group g takes m'.
#pragma unroll
    for (int m = 0; m < 16; ++m) x[m] = own[u + 64 * m];
    if constexpr (plane) {
      cuda_core::plane_column_and_row_step<Sign, PlaneColumns>(x, twiddles, u);
    } else {
      cuda_core::dft16<Sign>(x);
      cuda_core::step_twiddle<log2_n, 16>(x, power_order, u);  // w_1024 = w_16384^16
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 16; ++k) own[k * pitch + u] = x[k];
    __syncthreads();
    // Stage 3: thread k0' + 16 c of group g takes b.
#pragma unroll
    for (int b = 0; b < 16; ++b) x[b] = own[k0_local * pitch + c + 4 * b];
    cuda_core::dft16<Sign>(x);
    cuda_core::step_twiddle<log2_n, 256>(x, power_order, c);  // w_64 = w_16384^256
    __syncthreads();
#pragma unroll
    for (int k1 = 0; k1 < 16; ++k1) own[k0_local * pitch + 16 * c + k1] = x[k1];
    __syncthreads();
    // Stage 4: rows (g = t mod 16, k0' + 16 k1' = t / 16 + 64 q); output k = t + 1024 q + 4096 k2'
    // of the block's 16384-point DFT, X[Parts k + h] of the transform.
    if constexpr (plane) {
      // Rows (g, plane_row(kb, kc)), Cr = C / 64 values of kb, 16 / Cr of kc; output kb + Cr k1' + 16 Cr k2'
      // + C (g + 16 kc).  Each lane takes one k1' and one kb, a warp 32 neighbouring outputs (16 where Cr =
      // 1), the rest from r = q + 4 warp.  Cr = 1 or 2: lane k1' + 16 b, b = kb (Cr = 2) or g's low bit;
      // Cr = 4: lane i + 8 (kb's high bit) + 16 (kb's low bit), k1' = i + 8 (r mod 2), so that each half
      // warp reads rows 16 banks apart (plane_row).
      constexpr int row_radix = PlaneColumns / 64;
      const int lane = t & 31;
      Output* const plane_output = static_cast<Output*>(params.output) + transform * n;
#pragma unroll
      for (int q = 0; q < 4; ++q) {
        const int r = q + 4 * (t >> 5);
        int kb = 0, kc = 0, g = 0, k1 = 0;
        if constexpr (row_radix == 4) {
          kb = ((lane >> 4) & 1) | (((lane >> 3) & 1) << 1);
          k1 = (lane & 7) + 8 * (r & 1);
          kc = (r >> 1) & 3;
          g = r >> 3;
        } else {
          // rho = (the row's index) + 16 g, of 256, with bit P = b (P = 0: kb where Cr = 2, else g's low bit)
          constexpr int bit = row_radix > 1 ? 0 : 4;
          const int b = lane >> 4;
          const int rho = (r & ((1 << bit) - 1)) | (b << bit) | ((r >> bit) << (bit + 1));
          kb = (rho & 15) % row_radix;
          kc = (rho & 15) / row_radix;
          g = rho >> 4;
          k1 = lane & 15;
        }
        const float2* const row = tile + g * region + cuda_core::plane_row<PlaneColumns>(kb, kc) * pitch + k1;
        float2 y[4];
#pragma unroll
        for (int a = 0; a < 4; ++a) y[a] = row[16 * a];
        cuda_core::dft4<Sign>(y[0], y[1], y[2], y[3]);
        Output* const destination = plane_output + kb + row_radix * k1 + PlaneColumns * (g + 16 * kc);
#pragma unroll
        for (int k2 = 0; k2 < 4; ++k2) {
          const float2 value = scale == 1.0f ? y[k2] : float2{y[k2].x * scale, y[k2].y * scale};
          OutputTraits::store(destination + 16 * row_radix * k2, value);
        }
      }
      continue;
    }
    const float2* const rows = tile + (t & 15) * region;
    Storage* destination = output + transform * (n * Parts) + Parts * t + h;
    if (waits_before_stores) arch::wait_for_cluster();
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const int row = (t >> 4) + 64 * q, k0_row = row & 15, k1_row = row >> 4;
      float2 y[4];
#pragma unroll
      for (int a = 0; a < 4; ++a) y[a] = rows[k0_row * pitch + 16 * a + k1_row];
      cuda_core::dft4<Sign>(y[0], y[1], y[2], y[3]);
#pragma unroll
      for (int k2 = 0; k2 < 4; ++k2) {
        const float2 value = scale == 1.0f ? y[k2] : float2{y[k2].x * scale, y[k2].y * scale};
        Traits::store(destination + Parts * (1024 * q + 4096 * k2), value);
      }
    }
  }
}

}  // namespace tensorfft::cuda
