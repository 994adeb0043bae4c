// Prototype (not library code): a 4096-point complex FFT with fp32 arithmetic
// on the CUDA cores, reading and writing fp16 (or fp32) storage, timed beside
// cuFFT in the same run and measured against cuFFT fp64 of the unrounded input.
// Question it answers: how fast can an fp32-accurate transform of fp16 storage
// be without tensor cores, against tensorfft's split mode (0.257 ms, r273) and
// cuFFT fp16 (0.189 ms) at 2^26 elements?
//   nvcc -std=c++17 -O3 -arch=sm_90 cuda_core_4096.cu -lcufft -o cuda_core_4096 && ./cuda_core_4096
// One 256-thread block per transform, three radix-16 stages (16 points per
// thread in registers, two shared-memory exchanges), twiddles from a table.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cufft.h>
#include <cufftXt.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define CK(x) do { auto e_ = (x); if (e_ != 0) { std::printf("error %d: %s at line %d\n", (int)e_, #x, __LINE__); std::exit(1); } } while (0)

constexpr int N = 4096, THREADS = 256, PAD = 17;

__device__ __forceinline__ float2 cmul(float2 a, float2 b) { return {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x}; }

// Forward radix-4 DFT in place (w4 = -i).
__device__ __forceinline__ void dft4(float2& a0, float2& a1, float2& a2, float2& a3) {
  const float2 s02{a0.x + a2.x, a0.y + a2.y}, d02{a0.x - a2.x, a0.y - a2.y};
  const float2 s13{a1.x + a3.x, a1.y + a3.y}, d13{a1.x - a3.x, a1.y - a3.y};
  a0 = {s02.x + s13.x, s02.y + s13.y};
  a2 = {s02.x - s13.x, s02.y - s13.y};
  a1 = {d02.x + d13.y, d02.y - d13.x};  // d02 - i d13
  a3 = {d02.x - d13.y, d02.y + d13.x};  // d02 + i d13
}

// Forward 16-point DFT in registers, natural order in and out: n = 4 n1 + n0, k = k0 + 4 k1.
__device__ __forceinline__ void dft16(float2 (&x)[16]) {
  constexpr float c1 = 0.92387953251128674f, s1 = 0.38268343236508978f, r2 = 0.70710678118654752f;
#pragma unroll
  for (int n0 = 0; n0 < 4; ++n0) dft4(x[n0], x[n0 + 4], x[n0 + 8], x[n0 + 12]);  // over n1 -> k0 at n0 + 4 k0
  // w16^(n0 k0)
  const float2 w1{c1, -s1}, w2{r2, -r2}, w3{s1, -c1}, w6{-r2, -r2}, w9{-c1, s1};
  x[1 + 4 * 1] = cmul(x[1 + 4 * 1], w1);
  x[1 + 4 * 2] = cmul(x[1 + 4 * 2], w2);
  x[1 + 4 * 3] = cmul(x[1 + 4 * 3], w3);
  x[2 + 4 * 1] = cmul(x[2 + 4 * 1], w2);
  x[2 + 4 * 2] = {x[2 + 4 * 2].y, -x[2 + 4 * 2].x};  // w16^4 = -i
  x[2 + 4 * 3] = cmul(x[2 + 4 * 3], w6);
  x[3 + 4 * 1] = cmul(x[3 + 4 * 1], w3);
  x[3 + 4 * 2] = cmul(x[3 + 4 * 2], w6);
  x[3 + 4 * 3] = cmul(x[3 + 4 * 3], w9);
  float2 y[16];
#pragma unroll
  for (int k0 = 0; k0 < 4; ++k0) {  // over n0 -> k1; element (n0, k0) sits at n0 + 4 k0
    float2 a0 = x[0 + 4 * k0], a1 = x[1 + 4 * k0], a2 = x[2 + 4 * k0], a3 = x[3 + 4 * k0];
    dft4(a0, a1, a2, a3);
    y[k0 + 0] = a0; y[k0 + 4] = a1; y[k0 + 8] = a2; y[k0 + 12] = a3;
  }
#pragma unroll
  for (int i = 0; i < 16; ++i) x[i] = y[i];
}

template <typename S> __device__ __forceinline__ float2 load(const S* p);
template <> __device__ __forceinline__ float2 load<__half2>(const __half2* p) { return __half22float2(*p); }
template <> __device__ __forceinline__ float2 load<float2>(const float2* p) { return *p; }
template <typename S> __device__ __forceinline__ void store(S* p, float2 v);
template <> __device__ __forceinline__ void store<__half2>(__half2* p, float2 v) { *p = __floats2half2_rn(v.x, v.y); }
template <> __device__ __forceinline__ void store<float2>(float2* p, float2 v) { *p = v; }

// n = n0 + 16 n1 + 256 n2, k = k0 + 16 k1 + 256 k2:
//   stage 1 over n2 (thread t = n0 + 16 n1), twiddle w4096^(t k0);
//   stage 2 over n1 (thread n0 + 16 k0),      twiddle w256^(n0 k1);
//   stage 3 over n0 (thread k0 + 16 k1),      outputs k2.
// Prefetch: the next transform's inputs are loaded (raw, in the storage type)
// right after this one's, so their latency overlaps this transform's stages.
template <typename S, bool Prefetch = false>
__global__ void __launch_bounds__(THREADS) fft4096(const S* __restrict__ in, S* __restrict__ out,
                                                   const float2* __restrict__ w, long long transforms) {
  __shared__ float2 tile[THREADS * PAD];
  const int t = threadIdx.x;
  S raw[16];
  if (Prefetch && blockIdx.x < transforms) {
#pragma unroll
    for (int m = 0; m < 16; ++m) raw[m] = in[blockIdx.x * N + t + 256 * m];
  }
  for (long long b = blockIdx.x; b < transforms; b += gridDim.x) {
    const S* src = in + b * N;
    float2 x[16];
    if (Prefetch) {
#pragma unroll
      for (int m = 0; m < 16; ++m) x[m] = load(raw + m);
      const long long next = b + gridDim.x;
      if (next < transforms) {
#pragma unroll
        for (int m = 0; m < 16; ++m) raw[m] = in[next * N + t + 256 * m];
      }
    } else {
#pragma unroll
      for (int m = 0; m < 16; ++m) x[m] = load(src + t + 256 * m);
    }
    dft16(x);
#pragma unroll
    for (int k0 = 1; k0 < 16; ++k0) x[k0] = cmul(x[k0], __ldg(w + t * k0));
    __syncthreads();  // the previous transform's stage-3 reads are done
#pragma unroll
    for (int k0 = 0; k0 < 16; ++k0) tile[k0 * 256 + t] = x[k0];
    __syncthreads();
    const int n0 = t & 15, k0 = t >> 4;
#pragma unroll
    for (int n1 = 0; n1 < 16; ++n1) x[n1] = tile[k0 * 256 + n0 + 16 * n1];
    dft16(x);
#pragma unroll
    for (int k1 = 1; k1 < 16; ++k1) x[k1] = cmul(x[k1], __ldg(w + 16 * n0 * k1));
    __syncthreads();
#pragma unroll
    for (int k1 = 0; k1 < 16; ++k1) tile[(k0 + 16 * k1) * PAD + n0] = x[k1];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 16; ++i) x[i] = tile[t * PAD + i];
    dft16(x);
    S* dst = out + b * N;
#pragma unroll
    for (int k2 = 0; k2 < 16; ++k2) store(dst + t + 256 * k2, x[k2]);
  }
}

template <typename Kernel>
float median_ms(Kernel&& run, int repeats = 25) {
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  for (int i = 0; i < 3; ++i) run();
  CK(cudaDeviceSynchronize());
  std::vector<float> ms;
  for (int i = 0; i < repeats; ++i) {
    CK(cudaEventRecord(a)); run(); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
    float m; CK(cudaEventElapsedTime(&m, a, b)); ms.push_back(m);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

int main(int argc, char** argv) {
  const int log2_total = argc > 1 ? std::atoi(argv[1]) : 26;
  const long long total = 1LL << log2_total, transforms = total / N;
  const long long checked = std::min<long long>(transforms, 64);  // transforms compared with fp64
  // Input: uniform [-1, 1) parts, unrounded copy for the reference.
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> ref_in(2 * checked * N);
  std::vector<__half2> h16(total);
  std::vector<float2> h32(total);
  for (long long i = 0; i < total; ++i) {
    const double re = u(rng), im = u(rng);
    if (i < checked * N) ref_in[2 * i] = re, ref_in[2 * i + 1] = im;
    h16[i] = __floats2half2_rn((float)re, (float)im);
    h32[i] = {(float)re, (float)im};
  }
  // Twiddles w4096^e, e < 4096, rounded once from double.
  std::vector<float2> tw(N);
  for (int e = 0; e < N; ++e) tw[e] = {(float)std::cos(-2 * M_PI * e / N), (float)std::sin(-2 * M_PI * e / N)};
  float2* d_tw; CK(cudaMalloc(&d_tw, N * sizeof(float2)));
  CK(cudaMemcpy(d_tw, tw.data(), N * sizeof(float2), cudaMemcpyHostToDevice));
  // fp64 reference of the first `checked` transforms.
  cufftDoubleComplex* d_ref; CK(cudaMalloc(&d_ref, checked * N * sizeof(cufftDoubleComplex)));
  CK(cudaMemcpy(d_ref, ref_in.data(), checked * N * sizeof(cufftDoubleComplex), cudaMemcpyHostToDevice));
  cufftHandle z; CK(cufftPlan1d(&z, N, CUFFT_Z2Z, (int)checked));
  CK(cufftExecZ2Z(z, d_ref, d_ref, CUFFT_FORWARD));
  std::vector<double> ref(2 * checked * N);
  CK(cudaMemcpy(ref.data(), d_ref, ref.size() * sizeof(double), cudaMemcpyDeviceToHost));
  const auto rel_l2 = [&](const std::vector<float2>& y) {
    double num = 0, den = 0;
    for (long long i = 0; i < checked * N; ++i) {
      const double dr = y[i].x - ref[2 * i], di = y[i].y - ref[2 * i + 1];
      num += dr * dr + di * di; den += ref[2 * i] * ref[2 * i] + ref[2 * i + 1] * ref[2 * i + 1];
    }
    return std::sqrt(num / den);
  };
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  std::printf("N = 4096, batch %lld (2^%d elements), %d SMs\n", transforms, log2_total, sms);
  std::printf("%-34s %9s %9s %10s\n", "case", "ms", "TB/s", "relL2");
  for (int storage = 0; storage < 2; ++storage) {
    const bool half = storage == 0;
    const size_t bytes = total * (half ? 4 : 8);
    void *d_in, *d_out; CK(cudaMalloc(&d_in, bytes)); CK(cudaMalloc(&d_out, bytes));
    CK(cudaMemcpy(d_in, half ? (void*)h16.data() : (void*)h32.data(), bytes, cudaMemcpyHostToDevice));
    const auto result = [&]() {
      std::vector<float2> y(checked * N);
      if (half) {
        std::vector<__half2> yh(checked * N);
        CK(cudaMemcpy(yh.data(), d_out, yh.size() * 4, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < y.size(); ++i) y[i] = __half22float2(yh[i]);
      } else {
        CK(cudaMemcpy(y.data(), d_out, y.size() * 8, cudaMemcpyDeviceToHost));
      }
      return y;
    };
    // Prototype, with the grid as wide as the batch and as the resident blocks.
    for (int grid_kind = 0; grid_kind < 3; ++grid_kind) {  // 0: one block per transform, 1: resident blocks, 2: resident + prefetch
      const bool prefetch = grid_kind == 2;
      int per_sm = 0;
      if (half) CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, prefetch ? fft4096<__half2, true> : fft4096<__half2>, THREADS, 0));
      else CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, prefetch ? fft4096<float2, true> : fft4096<float2>, THREADS, 0));
      const long long grid = grid_kind == 0 ? transforms : std::min<long long>(transforms, (long long)per_sm * sms);
      const auto run = [&]() {
        if (half) (prefetch ? fft4096<__half2, true> : fft4096<__half2>)<<<(unsigned)grid, THREADS>>>((const __half2*)d_in, (__half2*)d_out, d_tw, transforms);
        else (prefetch ? fft4096<float2, true> : fft4096<float2>)<<<(unsigned)grid, THREADS>>>((const float2*)d_in, (float2*)d_out, d_tw, transforms);
      };
      CK(cudaMemset(d_out, 0xff, bytes));
      run(); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
      const double err = rel_l2(result());
      const float ms = median_ms(run);
      char name[64];
      std::snprintf(name, sizeof name, "cuda-core %s, grid %lld (%d/SM)%s", half ? "fp16" : "fp32", grid, per_sm, prefetch ? " prefetch" : "");
      std::printf("%-34s %9.4f %9.3f %10.3e\n", name, ms, 2.0 * bytes / ms / 1e9, err);
    }
    // cuFFT in the same storage.
    cufftHandle h; CK(cufftCreate(&h));
    long long n = N; size_t ws;
    const cudaDataType type = half ? CUDA_C_16F : CUDA_C_32F;
    CK(cufftXtMakePlanMany(h, 1, &n, nullptr, 1, 0, type, nullptr, 1, 0, type, transforms, &ws, type));
    const auto run_cufft = [&]() { CK(cufftXtExec(h, d_in, d_out, CUFFT_FORWARD)); };
    CK(cudaMemset(d_out, 0xff, bytes));
    run_cufft(); CK(cudaDeviceSynchronize());
    const double err = rel_l2(result());
    const float ms = median_ms(run_cufft);
    std::printf("%-34s %9.4f %9.3f %10.3e\n", half ? "cufft fp16" : "cufft fp32", ms, 2.0 * bytes / ms / 1e9, err);
    cufftDestroy(h); cudaFree(d_in); cudaFree(d_out);
  }
  return 0;
}
