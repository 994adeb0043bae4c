// Probe (not part of the library): do two passes of a 1024 x 1024 2D transform run faster when one persistent
// kernel interleaves them plane by plane, so that the second pass reads the first one's intermediates from L2?
// Synthetic passes with the real passes' access pattern (16 columns x 1024 rows strided, then 16 contiguous rows),
// a shared-memory exchange and a permutation, no FFT arithmetic.  Usage: l2fuse [planes]
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("CUDA %s: %s (line %d)\n", #x, cudaGetErrorString(e_), __LINE__); std::exit(1); } } while (0)
constexpr int N1 = 1024, N2 = 1024, TC = 16, THREADS = 512, PER = N1 * TC / THREADS, TILES = N2 / TC;
constexpr int PITCH = N1 + 4;  // smem column pitch (float2)
constexpr size_t SMEM = size_t(TC) * PITCH * 8;
static_assert(N1 == N2, "square planes");

__device__ __forceinline__ float2 widen(float2 v) { return v; }
__device__ __forceinline__ float2 widen(__half2 v) { return __half22float2(v); }
template <typename T> __device__ __forceinline__ T narrow(float2 v);
template <> __device__ __forceinline__ float2 narrow<float2>(float2 v) { return v; }
template <> __device__ __forceinline__ __half2 narrow<__half2>(float2 v) { return __float22half2_rn(v); }
__device__ __forceinline__ float2 mix(float2 a, int k) {  // a little arithmetic per element
  const float c = 1.0f - 1e-7f * k, s = 1e-7f * k;
  return {a.x * c - a.y * s, a.x * s + a.y * c};
}

// Pass A: columns tile*TC ... +TC of a plane, all N1 rows (stride N2): in -> mid.
template <typename In>
__device__ __forceinline__ void tile_a(const In* in, float2* mid, long long plane, int tile, float2* smem) {
  const long long base = plane * N1 * N2 + tile * TC;
  const int t = threadIdx.x;
  float2 v[PER];
#pragma unroll
  for (int i = 0; i < PER; ++i) {
    const int e = t + THREADS * i, col = e % TC, row = e / TC;
    v[i] = widen(in[base + (long long)row * N2 + col]);
  }
#pragma unroll
  for (int i = 0; i < PER; ++i) {
    const int e = t + THREADS * i, col = e % TC, row = e / TC;
    smem[col * PITCH + row] = v[i];
  }
  __syncthreads();
#pragma unroll
  for (int i = 0; i < PER; ++i) {
    const int e = t + THREADS * i, col = e % TC, row = e / TC;
    const int from = (row * 33 + col) & (N1 - 1);
    mid[base + (long long)row * N2 + col] = mix(smem[col * PITCH + from], row);
  }
  __syncthreads();
}
// Pass B: rows tile*TC ... +TC of a plane, contiguous: mid -> out.  discard: the mid lines are dropped from L2
// without a write-back once read (mid is a workspace).
template <typename Out>
__device__ __forceinline__ void tile_b(float2* mid, Out* out, long long plane, int tile, float2* smem, bool discard) {
  const long long base = plane * N1 * N2 + (long long)tile * TC * N2;
  const int t = threadIdx.x;
  float2 v[PER];
#pragma unroll
  for (int i = 0; i < PER; ++i) v[i] = __ldcg(mid + base + t + THREADS * i);
#pragma unroll
  for (int i = 0; i < PER; ++i) {
    const int e = t + THREADS * i, row = e / N2, k = e % N2;
    smem[row * PITCH + k] = v[i];
  }
  __syncthreads();
  if (discard) {  // TC * N2 * 8 bytes = lines of 128 bytes
    for (int line = t; line < TC * N2 * 8 / 128; line += THREADS) {
      const char* p = reinterpret_cast<const char*>(mid + base) + line * 128;
      asm volatile("discard.global.L2 [%0], 128;" ::"l"(p) : "memory");
    }
  }
#pragma unroll
  for (int i = 0; i < PER; ++i) {
    const int e = t + THREADS * i, row = e / N2, k = e % N2;
    const int from = (k * 17 + 5) & (N2 - 1);
    out[base + e] = narrow<Out>(mix(smem[row * PITCH + from], k));
  }
  __syncthreads();
}

template <typename In>
__global__ void __launch_bounds__(THREADS, 1) pass_a_kernel(const In* in, float2* mid, int planes) {
  extern __shared__ float2 smem[];
  for (long long item = blockIdx.x; item < (long long)planes * TILES; item += gridDim.x)
    tile_a(in, mid, item / TILES, int(item % TILES), smem);
}
template <typename Out>
__global__ void __launch_bounds__(THREADS, 1) pass_b_kernel(float2* mid, Out* out, int planes, bool discard) {
  extern __shared__ float2 smem[];
  for (long long item = blockIdx.x; item < (long long)planes * TILES; item += gridDim.x)
    tile_b(mid, out, item / TILES, int(item % TILES), smem, discard);
}

// One persistent kernel: tiles handed out in order by a ticket; slots of TILES tiles: A(0 .. lag-1), then
// A(p + lag), B(p) alternately, then the last B.  B(p) waits for done[p] == TILES (every A tile of plane p).
template <typename In, typename Out>
__global__ void __launch_bounds__(THREADS, 1)
    fused_kernel(const In* in, float2* mid, Out* out, unsigned* ticket, unsigned* done, int planes, int lag, bool discard) {
  extern __shared__ float2 smem[];
  __shared__ unsigned item_shared;
  const unsigned total = 2u * planes * TILES;
  for (;;) {
    if (threadIdx.x == 0) item_shared = atomicAdd(ticket, 1u);
    __syncthreads();
    const unsigned item = item_shared;
    if (item >= total) break;
    const int slot = int(item / TILES), tile = int(item % TILES);
    bool is_a;
    int plane;
    if (slot < lag) {
      is_a = true, plane = slot;
    } else if (slot - lag < 2 * (planes - lag)) {
      const int j = slot - lag;
      is_a = (j & 1) == 0, plane = is_a ? lag + j / 2 : j / 2;
    } else {
      is_a = false, plane = planes - lag + (slot - lag - 2 * (planes - lag));
    }
    if (is_a) {
      tile_a(in, mid, plane, tile, smem);  // ends with __syncthreads
      if (threadIdx.x == 0) {
        __threadfence();
        atomicAdd(done + plane, 1u);
      }
    } else {
      if (threadIdx.x == 0) {
        unsigned seen;
        for (;;) {
          asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(seen) : "l"(done + plane) : "memory");
          if (seen >= TILES) break;
          __nanosleep(100);
        }
      }
      __syncthreads();
      tile_b(mid, out, plane, tile, smem, discard);
    }
  }
}
__global__ void copy_kernel(const float4* in, float4* out, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) out[i] = in[i];
}
__global__ void fill(unsigned* p, long long words, unsigned seed, bool halves) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < words; i += (long long)gridDim.x * blockDim.x) {
    unsigned x = (unsigned)i * 2654435761u + seed; x ^= x >> 13; x *= 0x5bd1e995u; x ^= x >> 15;
    p[i] = halves ? ((x & 0x83ff83ffu) | 0x38003800u) : ((x & 0x807fffffu) | 0x3e000000u);
  }
}

template <typename In, typename Out>
void run_config(const char* name, int planes, int sms, bool mid_is_out) {
  const long long elements = (long long)planes * N1 * N2;
  In* in; Out* out; float2* mid; unsigned* counters;
  CK(cudaMalloc(&in, elements * sizeof(In)));
  CK(cudaMalloc(&out, elements * sizeof(Out)));
  if (mid_is_out) mid = reinterpret_cast<float2*>(out); else CK(cudaMalloc(&mid, elements * 8));
  CK(cudaMalloc(&counters, (planes + 1) * 4));
  fill<<<1024, 256>>>(reinterpret_cast<unsigned*>(in), elements * sizeof(In) / 4, 7, sizeof(In) == 4);
  CK(cudaGetLastError());
  CK(cudaFuncSetAttribute(pass_a_kernel<In>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(SMEM)));
  CK(cudaFuncSetAttribute(pass_b_kernel<Out>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(SMEM)));
  CK(cudaFuncSetAttribute(fused_kernel<In, Out>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(SMEM)));
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  std::vector<unsigned char> reference(elements * sizeof(Out)), got(elements * sizeof(Out));
  auto time = [&](const char* label, auto&& launch, bool check) {
    std::vector<float> t;
    const int runs = getenv("L2FUSE_RUNS") ? std::atoi(getenv("L2FUSE_RUNS")) : 23, warmups = runs > 3 ? 3 : 0;
    for (int r = 0; r < runs; ++r) {
      CK(cudaMemsetAsync(counters, 0, (planes + 1) * 4));
      CK(cudaEventRecord(a)); launch(); CK(cudaGetLastError()); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
      float ms; CK(cudaEventElapsedTime(&ms, a, b)); if (r >= warmups) t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    const char* verdict = "";
    if (check) {
      CK(cudaMemset(out, 0xff, elements * sizeof(Out)));
      CK(cudaMemsetAsync(counters, 0, (planes + 1) * 4));
      launch(); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(got.data(), out, got.size(), cudaMemcpyDeviceToHost));
      verdict = std::memcmp(got.data(), reference.data(), got.size()) == 0 ? "same bits" : "DIFFERENT";
    }
    std::printf("%-6s %-34s median %.4f ms  min %.4f  %s\n", name, label, t[t.size() / 2], t[0], verdict);
    return t[t.size() / 2];
  };
  const long long copy_bytes = elements * (sizeof(In) < sizeof(Out) ? sizeof(In) : sizeof(Out));
  time("copy (in -> out)", [&] { copy_kernel<<<sms * 8, 512>>>(reinterpret_cast<const float4*>(in), reinterpret_cast<float4*>(out), copy_bytes / 16); }, false);
  auto separate = [&](bool discard) {
    pass_a_kernel<In><<<sms, THREADS, SMEM>>>(in, mid, planes);
    pass_b_kernel<Out><<<sms, THREADS, SMEM>>>(mid, out, planes, discard);
  };
  separate(false); CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(reference.data(), out, reference.size(), cudaMemcpyDeviceToHost));
  time("separate kernels", [&] { separate(false); }, true);
  if (!mid_is_out) time("separate kernels, discard", [&] { separate(true); }, true);
  for (int lag : {planes, 1, 2, 3}) {
    for (bool discard : {false, true}) {
      if (discard && mid_is_out) continue;
      char label[64];
      std::snprintf(label, sizeof label, "fused lag %d%s", lag, discard ? ", discard" : "");
      time(label, [&] { fused_kernel<In, Out><<<sms, THREADS, SMEM>>>(in, mid, out, counters, counters + 1, planes, lag, discard); }, true);
    }
  }
  CK(cudaFree(in)); CK(cudaFree(out)); if (!mid_is_out) CK(cudaFree(mid)); CK(cudaFree(counters));
}

int main(int argc, char** argv) {
  const int planes = argc > 1 ? std::atoi(argv[1]) : 64;
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int l2; CK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
  std::printf("%d planes of %d x %d, %d SMs, L2 %d MB\n", planes, N1, N2, sms, l2 >> 20);
  run_config<float2, float2>("fp32", planes, sms, true);
  run_config<float2, float2>("fp32ws", planes, sms, false);
  run_config<__half2, __half2>("fp16", planes, sms, false);
  return 0;
}
