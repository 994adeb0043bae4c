// Where an execution's fixed time goes: host submission, per-execution events, bursts, graphs; tensorfft and cuFFT.
#include <tensorfft/tensorfft.hpp>
#include <cuda_runtime.h>
#include <cufft.h>
#include <cufftXt.h>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <vector>
#include <functional>
#include <string>
#define CK(x) do { auto e = (x); if (e != 0) { std::printf("error %d at %s:%d\n", (int)e, __FILE__, __LINE__); std::exit(1);} } while (0)
using namespace tensorfft;
struct Result { double host_us, event_us, burst_us, graph_us; };
Result measure(const std::function<void(cudaStream_t)>& run, cudaStream_t s) {
  Result r{};
  cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  for (int i = 0; i < 5; ++i) run(s);
  CK(cudaStreamSynchronize(s));
  std::vector<double> host, ev;
  for (int i = 0; i < 30; ++i) {
    CK(cudaEventRecord(a, s));
    auto t0 = std::chrono::steady_clock::now();
    run(s);
    auto t1 = std::chrono::steady_clock::now();
    CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
    float ms; CK(cudaEventElapsedTime(&ms, a, b));
    host.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count()); ev.push_back(ms * 1000);
  }
  std::sort(host.begin(), host.end()); std::sort(ev.begin(), ev.end());
  r.host_us = host[15]; r.event_us = ev[15];
  std::vector<double> bursts;
  for (int k = 0; k < 5; ++k) {
    CK(cudaEventRecord(a, s)); for (int i = 0; i < 50; ++i) run(s); CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
    float ms; CK(cudaEventElapsedTime(&ms, a, b)); bursts.push_back(ms * 1000 / 50);
  }
  std::sort(bursts.begin(), bursts.end()); r.burst_us = bursts[2];
  cudaGraph_t g; cudaGraphExec_t ge;
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  for (int i = 0; i < 20; ++i) run(s);
  CK(cudaStreamEndCapture(s, &g)); CK(cudaGraphInstantiate(&ge, g, 0));
  CK(cudaGraphLaunch(ge, s)); CK(cudaStreamSynchronize(s));
  std::vector<double> gr;
  for (int k = 0; k < 5; ++k) {
    CK(cudaEventRecord(a, s)); CK(cudaGraphLaunch(ge, s)); CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
    float ms; CK(cudaEventElapsedTime(&ms, a, b)); gr.push_back(ms * 1000 / 20);
  }
  std::sort(gr.begin(), gr.end()); r.graph_us = gr[2];
  cudaGraphExecDestroy(ge); cudaGraphDestroy(g);
  return r;
}
int main() {
  struct Case { std::vector<long long> sizes; long long batch; StorageType st; const char* name; };
  std::vector<Case> cases = {
    {{4096}, 64, StorageType::complex_fp16, "4096 x64 fp16"},
    {{4096}, 1024, StorageType::complex_fp16, "4096 x1024 fp16"},
    {{4096}, 16384, StorageType::complex_fp16, "4096 x16384 fp16"},
    {{4096}, 1024, StorageType::complex_fp32, "4096 x1024 fp32"},
    {{1024, 1024}, 4, StorageType::complex_fp32, "1024^2 x4 fp32"},
    {{1024, 1024}, 64, StorageType::complex_fp32, "1024^2 x64 fp32"},
    {{262144}, 16, StorageType::complex_fp16, "2^18 x16 fp16"},
    {{262144}, 256, StorageType::complex_fp16, "2^18 x256 fp16"},
    {{128, 128, 128}, 2, StorageType::complex_fp16, "128^3 x2 fp16"},
  };
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  std::printf("%-18s %-9s %8s %8s %8s %8s\n", "case", "library", "host_us", "event_us", "burst_us", "graph_us");
  for (auto& c : cases) {
    long long elements = c.batch; for (auto n : c.sizes) elements *= n;
    size_t bytes = elements * (c.st == StorageType::complex_fp32 ? 8 : 4);
    void *in, *out; CK(cudaMalloc(&in, bytes)); CK(cudaMalloc(&out, bytes)); CK(cudaMemset(in, 0, bytes));
    Problem p; p.sizes.assign(c.sizes.begin(), c.sizes.end()); p.batch = c.batch; p.storage = c.st;
    Plan plan = make_plan(p, Backend::cuda);
    auto rt = measure([&](cudaStream_t st) { plan.execute(in, out, st); }, s);
    std::printf("%-18s %-9s %8.1f %8.1f %8.1f %8.1f\n", c.name, "tensorfft", rt.host_us, rt.event_us, rt.burst_us, rt.graph_us);
    cufftHandle h; CK(cufftCreate(&h));
    std::vector<long long> n(c.sizes.begin(), c.sizes.end()); size_t ws;
    cudaDataType t = c.st == StorageType::complex_fp32 ? CUDA_C_32F : CUDA_C_16F;
    CK(cufftXtMakePlanMany(h, (int)n.size(), n.data(), nullptr, 1, 0, t, nullptr, 1, 0, t, c.batch, &ws, t));
    CK(cufftSetStream(h, s));
    auto rc = measure([&](cudaStream_t st) { cufftSetStream(h, st); CK(cufftXtExec(h, in, out, CUFFT_FORWARD)); }, s);
    std::printf("%-18s %-9s %8.1f %8.1f %8.1f %8.1f\n", c.name, "cufft", rc.host_us, rc.event_us, rc.burst_us, rc.graph_us);
    cufftDestroy(h); cudaFree(in); cudaFree(out);
  }
}
