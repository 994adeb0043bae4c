// Probe r485: what limits tiles of 4096 rows x 4 columns of 8-byte elements, rows 64 KB apart (8192^2's strided
// 4096-point pass moves them at 2.3 TB/s, 1024 x 16 tiles at 3.5): the L2 prefetch hint, 16-byte accesses,
// the order of tiles, and loads or stores alone.  One block of 512 threads per SM, persistent, 32 elements a
// thread (a tile of 16384), columns fastest.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("CUDA %s: %s (line %d)\n", #x, cudaGetErrorString(e_), __LINE__); std::exit(1); } } while (0)
constexpr int N = 8192, THREADS = 512, PER = 16384 / THREADS;
enum Load { plain, hint128, hint256, vector16 };
template <int kind>
__device__ __forceinline__ float2 load(const float2* p) {
  float2 v;
  if constexpr (kind == hint128) asm("ld.global.nc.L2::128B.v2.f32 {%0, %1}, [%2];" : "=f"(v.x), "=f"(v.y) : "l"(p));
  else if constexpr (kind == hint256) asm("ld.global.nc.L2::256B.v2.f32 {%0, %1}, [%2];" : "=f"(v.x), "=f"(v.y) : "l"(p));
  else v = __ldg(p);
  return v;
}
// C columns, loads of kind `kind`; `grouped`: a block takes four neighbouring column groups in a row; what = 0
// load and store, 1 loads only (one store a thread), 2 stores only.
template <int C, int kind, int grouped, int what>
__global__ void __launch_bounds__(THREADS, 1) move(const float2* __restrict__ in, float2* __restrict__ out) {
  constexpr int R = 16384 / C;
  constexpr long long groups = N / C, sets = N / R, tiles = groups * sets;
  float2 acc{0.f, 0.f};
  for (long long i = blockIdx.x; i < tiles; i += gridDim.x) {
    long long tile = i;
    if constexpr (grouped) {  // block b's i-th tile: groups 4 (b + grid (i / 4)) + i mod 4 ... as one stream
      const long long n = (i - blockIdx.x) / gridDim.x;  // this block's tile count so far
      tile = 4 * (blockIdx.x + gridDim.x * (n / 4)) + n % 4;
      if (tile >= tiles) break;
    }
    const long long group = tile % groups, set = tile / groups;
    float2 v[PER];
    if constexpr (kind == vector16) {  // two neighbouring columns a thread, 16-byte accesses
#pragma unroll
      for (int j = 0; j < PER / 2; ++j) {
        const int e = threadIdx.x + THREADS * j, column = 2 * (e % (C / 2)), row = e / (C / 2);
        const float4* p = reinterpret_cast<const float4*>(in + (set * R + row) * (long long)N + group * C + column);
        float4 w;
        if (what != 2) asm("ld.global.nc.L2::128B.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(w.x), "=f"(w.y), "=f"(w.z), "=f"(w.w) : "l"(p));
        else w = float4{1.f, 2.f, 3.f, 4.f};
        v[2 * j] = float2{w.x, w.y}; v[2 * j + 1] = float2{w.z, w.w};
      }
      if (what == 1) { for (int j = 0; j < PER; ++j) { acc.x += v[j].x; acc.y += v[j].y; } continue; }
#pragma unroll
      for (int j = 0; j < PER / 2; ++j) {
        const int e = threadIdx.x + THREADS * j, column = 2 * (e % (C / 2)), row = e / (C / 2);
        *reinterpret_cast<float4*>(out + (set * R + row) * (long long)N + group * C + column) = float4{v[2 * j].x * 0.5f, v[2 * j].y, v[2 * j + 1].x, v[2 * j + 1].y};
      }
      continue;
    }
#pragma unroll
    for (int j = 0; j < PER; ++j) {
      const int e = threadIdx.x + THREADS * j, column = e % C, row = e / C;
      v[j] = what != 2 ? load<kind>(in + (set * R + row) * (long long)N + group * C + column) : float2{1.f, (float)j};
    }
    if (what == 1) { for (int j = 0; j < PER; ++j) { acc.x += v[j].x; acc.y += v[j].y; } continue; }
#pragma unroll
    for (int j = 0; j < PER; ++j) {
      const int e = threadIdx.x + THREADS * j, column = e % C, row = e / C;
      out[(set * R + row) * (long long)N + group * C + column] = float2{v[j].x * 0.5f, v[j].y};
    }
  }
  if (what == 1) out[blockIdx.x * (long long)THREADS + threadIdx.x] = acc;
}

int main() {
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const size_t bytes = size_t(N) * N * sizeof(float2);
  float2 *in, *out; CK(cudaMalloc(&in, bytes)); CK(cudaMalloc(&out, bytes));
  CK(cudaMemset(in, 0, bytes));
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  auto time = [&](const char* name, double moved, auto&& launch) {
    std::vector<float> t;
    for (int r = 0; r < 13; ++r) {
      CK(cudaEventRecord(a)); launch(); CK(cudaGetLastError()); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
      float ms; CK(cudaEventElapsedTime(&ms, a, b)); if (r >= 3) t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    const float ms = t[t.size() / 2];
    std::printf("%-52s %.4f ms  %.2f TB/s\n", name, ms, moved * bytes / ms / 1e9);
  };
  auto run = [&](const char* name, double moved, auto kernel) { time(name, moved, [&] { kernel<<<sms, THREADS>>>(in, out); }); };
  run("4096x4 load+store plain", 2, move<4, plain, 0, 0>);
  run("4096x4 load+store plain grouped", 2, move<4, plain, 1, 0>);
  run("4096x4 load+store L2::128B", 2, move<4, hint128, 0, 0>);
  run("4096x4 load+store 16-byte L2::128B", 2, move<4, vector16, 0, 0>);
  run("1024x16 load+store plain", 2, move<16, plain, 0, 0>);
  run("1024x16 load+store L2::128B", 2, move<16, hint128, 0, 0>);
  run("4096x4 loads only plain", 1, move<4, plain, 0, 1>);
  run("4096x4 loads only L2::128B", 1, move<4, hint128, 0, 1>);
  run("4096x4 loads only 16-byte", 1, move<4, vector16, 0, 1>);
  run("1024x16 loads only plain", 1, move<16, plain, 0, 1>);
  run("4096x4 stores only plain", 1, move<4, plain, 0, 2>);
  run("4096x4 stores only 16-byte", 1, move<4, vector16, 0, 2>);
  run("1024x16 stores only plain", 1, move<16, plain, 0, 2>);
  return 0;
}
