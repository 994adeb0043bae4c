// Prototype (not library code): whole complex FFTs of N = R^S * (a last radix)
// points in one pass with fp32 arithmetic on the CUDA cores, reading and
// writing fp16 or fp32 storage; timed beside cuFFT in the same run, relL2
// against cuFFT fp64 of the unrounded input (the first 64 transforms).
// Self-sorting (Stockham) stages through one padded shared-memory tile per
// transform; every thread holds one radix-R vector per stage in registers.
//   nvcc -std=c++17 -O3 -arch=sm_90 cuda_core_fft.cu -lcufft -o cuda_core_fft && ./cuda_core_fft
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

__device__ __forceinline__ float2 cmul(float2 a, float2 b) { return {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x}; }
__device__ __forceinline__ float2 cadd(float2 a, float2 b) { return {a.x + b.x, a.y + b.y}; }
__device__ __forceinline__ float2 csub(float2 a, float2 b) { return {a.x - b.x, a.y - b.y}; }
__device__ __forceinline__ float2 minus_i(float2 a) { return {a.y, -a.x}; }

// Forward DFTs in registers, natural order in and out.
__device__ __forceinline__ void dft2(float2& a, float2& b) { const float2 s = cadd(a, b); b = csub(a, b); a = s; }
__device__ __forceinline__ void dft4(float2& a0, float2& a1, float2& a2, float2& a3) {
  const float2 s02 = cadd(a0, a2), d02 = csub(a0, a2), s13 = cadd(a1, a3), d13 = minus_i(csub(a1, a3));
  a0 = cadd(s02, s13); a2 = csub(s02, s13); a1 = cadd(d02, d13); a3 = csub(d02, d13);
}
template <int R> __device__ __forceinline__ void dft(float2 (&x)[R]);
template <> __device__ __forceinline__ void dft<2>(float2 (&x)[2]) { dft2(x[0], x[1]); }
template <> __device__ __forceinline__ void dft<4>(float2 (&x)[4]) { dft4(x[0], x[1], x[2], x[3]); }
template <> __device__ __forceinline__ void dft<8>(float2 (&x)[8]) {
  // n = 2 n1 + n0: radix 4 over n1 for each n0, twiddle w8^(n0 k0), radix 2 over n0; k = k0 + 4 k1.
  constexpr float r2 = 0.70710678118654752f;
  dft4(x[0], x[2], x[4], x[6]);
  dft4(x[1], x[3], x[5], x[7]);
  x[3] = {r2 * (x[3].x + x[3].y), r2 * (x[3].y - x[3].x)};     // w8^1
  x[5] = minus_i(x[5]);                                         // w8^2
  x[7] = {r2 * (x[7].y - x[7].x), -r2 * (x[7].x + x[7].y)};    // w8^3
  float2 y[8];
#pragma unroll
  for (int k0 = 0; k0 < 4; ++k0) { float2 a = x[2 * k0], b = x[2 * k0 + 1]; dft2(a, b); y[k0] = a; y[k0 + 4] = b; }
#pragma unroll
  for (int i = 0; i < 8; ++i) x[i] = y[i];
}
template <> __device__ __forceinline__ void dft<16>(float2 (&x)[16]) {
  constexpr float c1 = 0.92387953251128674f, s1 = 0.38268343236508978f, r2 = 0.70710678118654752f;
#pragma unroll
  for (int n0 = 0; n0 < 4; ++n0) dft4(x[n0], x[n0 + 4], x[n0 + 8], x[n0 + 12]);
  const float2 w1{c1, -s1}, w2{r2, -r2}, w3{s1, -c1}, w6{-r2, -r2}, w9{-c1, s1};
  x[5] = cmul(x[5], w1); x[9] = cmul(x[9], w2); x[13] = cmul(x[13], w3);
  x[6] = cmul(x[6], w2); x[10] = minus_i(x[10]); x[14] = cmul(x[14], w6);
  x[7] = cmul(x[7], w3); x[11] = cmul(x[11], w6); x[15] = cmul(x[15], w9);
  float2 y[16];
#pragma unroll
  for (int k0 = 0; k0 < 4; ++k0) {
    float2 a0 = x[4 * k0], a1 = x[4 * k0 + 1], a2 = x[4 * k0 + 2], a3 = x[4 * k0 + 3];
    dft4(a0, a1, a2, a3);
    y[k0] = a0; y[k0 + 4] = a1; y[k0 + 8] = a2; y[k0 + 12] = a3;
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

// One padded float2 slot after every 16: a stride of 16 points becomes 17
// (bank-conflict-free strided stages; an 8-byte access is served per half warp).
__device__ __forceinline__ int pad(int i) { return i + (i >> 4); }

// Stage j of radix R with M points left (M = N / K, K = R_0 ... R_{j-1}):
// vector u = m' + (M/R) k' (m' < M/R, k' < K) takes points m' + (M/R) d + M k'
// (d < R), its DFT output e gets w_M^(m' e) and goes to m' + (M/R)(k' + K e).
// The first stage reads the input, the last writes the output (w_M^0 = 1).
template <int N, int R, int M, int Threads, bool First, bool Last, typename S>
__device__ __forceinline__ void stage(const S* __restrict__ in, S* __restrict__ out, float2* tile,
                                      const float2* w) {
  constexpr int K = N / M, vectors = N / R, per_thread = (vectors + Threads - 1) / Threads;
  // The table's address, opaque to the compiler: its loads stay in this stage
  // (hoisted above the barriers, every stage's twiddles would be live at once).
#ifndef HOIST_TWIDDLES
  asm volatile("" : "+l"(w));
#endif
  float2 x[per_thread][R];
#pragma unroll
  for (int v = 0; v < per_thread; ++v) {
    const int u = threadIdx.x + v * Threads;
    if (vectors % Threads != 0 && u >= vectors) break;
    const int m = u % (M / R), k = u / (M / R);
#pragma unroll
    for (int d = 0; d < R; ++d) {
      const int i = m + (M / R) * d + M * k;
      x[v][d] = First ? load(in + i) : tile[pad(i)];
    }
    dft<R>(x[v]);
    if (!Last) {
#pragma unroll
      for (int e = 1; e < R; ++e) x[v][e] = cmul(x[v][e], __ldg(w + (N / M) * m * e));
    }
  }
  if (!First) __syncthreads();  // every read of the tile is done
#pragma unroll
  for (int v = 0; v < per_thread; ++v) {
    const int u = threadIdx.x + v * Threads;
    if (vectors % Threads != 0 && u >= vectors) break;
    const int m = u % (M / R), k = u / (M / R);
#pragma unroll
    for (int e = 0; e < R; ++e) {
      const int i = m + (M / R) * (k + K * e);
      if (Last) store(out + i, x[v][e]); else tile[pad(i)] = x[v][e];
    }
  }
  if (!Last) __syncthreads();
}

template <int N, int R, int M, int Threads, bool First, typename S>
__device__ __forceinline__ void stages(const S* in, S* out, float2* tile, const float2* w) {
  if constexpr (M <= R) {
    stage<N, M, M, Threads, First, true>(in, out, tile, w);  // the last radix: what is left
  } else {
    stage<N, R, M, Threads, First, false>(in, out, tile, w);
    stages<N, R, M / R, Threads, false>(in, out, tile, w);
  }
}

#ifndef TARGET_REGISTERS
#define TARGET_REGISTERS 64
#endif
constexpr int min_blocks(int threads) { return 65536 / (threads * TARGET_REGISTERS) > 0 ? 65536 / (threads * TARGET_REGISTERS) : 1; }
template <int N, int R, int Threads, typename S, int MinBlocks = min_blocks(Threads)>
__global__ void __launch_bounds__(Threads, MinBlocks) fft_kernel(const S* __restrict__ in, S* __restrict__ out,
                                                      const float2* __restrict__ w, long long transforms) {
  extern __shared__ float2 tile[];
  for (long long b = blockIdx.x; b < transforms; b += gridDim.x) {
    stages<N, R, N, Threads, true>(in + b * N, out + b * N, tile, w);
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

struct Data {
  long long total;
  std::vector<double> unrounded;  // the first `checked` elements
  std::vector<__half2> h16;
  std::vector<float2> h32;
};

template <int N, int R, int Threads>
void run_case(const Data& data, int sms) {
  const long long transforms = data.total / N, checked = std::min<long long>(transforms, 64);
  std::vector<float2> tw(N);
  for (int e = 0; e < N; ++e) tw[e] = {(float)std::cos(-2 * M_PI * e / N), (float)std::sin(-2 * M_PI * e / N)};
  float2* d_tw; CK(cudaMalloc(&d_tw, N * sizeof(float2)));
  CK(cudaMemcpy(d_tw, tw.data(), N * sizeof(float2), cudaMemcpyHostToDevice));
  cufftDoubleComplex* d_ref; CK(cudaMalloc(&d_ref, checked * N * sizeof(cufftDoubleComplex)));
  CK(cudaMemcpy(d_ref, data.unrounded.data(), checked * N * sizeof(cufftDoubleComplex), cudaMemcpyHostToDevice));
  cufftHandle z; CK(cufftPlan1d(&z, N, CUFFT_Z2Z, (int)checked));
  CK(cufftExecZ2Z(z, d_ref, d_ref, CUFFT_FORWARD));
  std::vector<double> ref(2 * checked * N);
  CK(cudaMemcpy(ref.data(), d_ref, ref.size() * sizeof(double), cudaMemcpyDeviceToHost));
  cufftDestroy(z); cudaFree(d_ref);
  const size_t smem = (N + N / 16) * sizeof(float2);
  for (int storage = 0; storage < 2; ++storage) {
    const bool half = storage == 0;
    const size_t bytes = data.total * (half ? 4 : 8);
    void *d_in, *d_out; CK(cudaMalloc(&d_in, bytes)); CK(cudaMalloc(&d_out, bytes));
    CK(cudaMemcpy(d_in, half ? (const void*)data.h16.data() : (const void*)data.h32.data(), bytes, cudaMemcpyHostToDevice));
    const auto rel_l2 = [&]() {
      std::vector<float2> y(checked * N);
      if (half) {
        std::vector<__half2> yh(checked * N);
        CK(cudaMemcpy(yh.data(), d_out, yh.size() * 4, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < y.size(); ++i) y[i] = __half22float2(yh[i]);
      } else {
        CK(cudaMemcpy(y.data(), d_out, y.size() * 8, cudaMemcpyDeviceToHost));
      }
      double num = 0, den = 0;
      for (long long i = 0; i < checked * N; ++i) {
        const double dr = y[i].x - ref[2 * i], di = y[i].y - ref[2 * i + 1];
        num += dr * dr + di * di; den += ref[2 * i] * ref[2 * i] + ref[2 * i + 1] * ref[2 * i + 1];
      }
      return std::sqrt(num / den);
    };
    auto kernel = half ? (void*)fft_kernel<N, R, Threads, __half2> : (void*)fft_kernel<N, R, Threads, float2>;
    CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    cudaFuncAttributes attributes; CK(cudaFuncGetAttributes(&attributes, kernel));
    int per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Threads, smem));
    const long long grid = std::min<long long>(transforms, (long long)per_sm * sms);
    const auto run = [&]() {
      if (half) fft_kernel<N, R, Threads, __half2><<<(unsigned)grid, Threads, smem>>>((const __half2*)d_in, (__half2*)d_out, d_tw, transforms);
      else fft_kernel<N, R, Threads, float2><<<(unsigned)grid, Threads, smem>>>((const float2*)d_in, (float2*)d_out, d_tw, transforms);
    };
    CK(cudaMemset(d_out, 0xff, bytes));  // poison: an unwritten element is NaN
    run(); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
    const double err = rel_l2();
    const float ms = median_ms(run);
    cufftHandle h; CK(cufftCreate(&h));
    long long n = N; size_t ws;
    const cudaDataType type = half ? CUDA_C_16F : CUDA_C_32F;
    CK(cufftXtMakePlanMany(h, 1, &n, nullptr, 1, 0, type, nullptr, 1, 0, type, transforms, &ws, type));
    const auto run_cufft = [&]() { CK(cufftXtExec(h, d_in, d_out, CUFFT_FORWARD)); };
    CK(cudaMemset(d_out, 0xff, bytes));
    run_cufft(); CK(cudaDeviceSynchronize());
    const double cufft_err = rel_l2();
    const float cufft_ms = median_ms(run_cufft);
    std::printf("%6d %4s  R=%-2d %4d thr %3d reg %d/SM | %8.4f ms %6.3f TB/s relL2 %.3e | cufft %8.4f ms relL2 %.3e | ratio %.3f\n",
                N, half ? "fp16" : "fp32", R, Threads, attributes.numRegs, per_sm, ms, 2.0 * bytes / ms / 1e9, err,
                cufft_ms, cufft_err, ms / cufft_ms);
    cufftDestroy(h); cudaFree(d_in); cudaFree(d_out);
  }
  cudaFree(d_tw);
}

int main(int argc, char** argv) {
  const int log2_total = argc > 1 ? std::atoi(argv[1]) : 26;
  Data data;
  data.total = 1LL << log2_total;
  const long long checked_elements = 64LL << 14;
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  data.unrounded.resize(2 * checked_elements);
  data.h16.resize(data.total);
  data.h32.resize(data.total);
  for (long long i = 0; i < data.total; ++i) {
    const double re = u(rng), im = u(rng);
    if (i < checked_elements) data.unrounded[2 * i] = re, data.unrounded[2 * i + 1] = im;
    data.h16[i] = __floats2half2_rn((float)re, (float)im);
    data.h32[i] = {(float)re, (float)im};
  }
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  std::printf("2^%d elements per case, %d SMs; relL2 over the first 64 transforms\n", log2_total, sms);
  run_case<1024, 8, 128>(data, sms);
  run_case<1024, 16, 64>(data, sms);
  run_case<2048, 8, 256>(data, sms);
  run_case<4096, 16, 256>(data, sms);
  run_case<4096, 8, 512>(data, sms);
  run_case<4096, 4, 1024>(data, sms);
  run_case<8192, 8, 1024>(data, sms);
  run_case<8192, 16, 512>(data, sms);
  run_case<16384, 8, 1024>(data, sms);
  run_case<16384, 16, 1024>(data, sms);
  return 0;
}
