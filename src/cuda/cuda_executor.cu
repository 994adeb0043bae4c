// The CUDA executor: turns the plan's passes into stockham_pass_kernel
// launches, uploads the twiddle and DFT tables once at plan time, and owns
// the workspace between passes (fp32, or fp64 for the fp64 mode).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "cuda/stockham_pass.cuh"
#include "plan/executors.hpp"
#include "plan/twiddles.hpp"
#include "precision/split.hpp"

namespace tensorfft {
namespace {

using cuda::PassParameters;

void check(cudaError_t status, const char* what, Status failure = Status::execution_failed) {
  if (status != cudaSuccess) {
    throw Error(failure, std::string(what) + " failed: " + cudaGetErrorString(status));
  }
}

// The smallest tile (elements) worth a block, and the largest tile.
constexpr int target_tile_elements = 2048;

using KernelFunction = void (*)(PassParameters);

struct KernelChoice {
  KernelFunction single, first, middle, last;
};

template <ComputeMode Mode, typename Storage, typename Intermediate>
KernelChoice kernels_for() {
  return {&cuda::stockham_pass_kernel<Mode, Storage, Storage>,
          &cuda::stockham_pass_kernel<Mode, Storage, Intermediate>,
          &cuda::stockham_pass_kernel<Mode, Intermediate, Intermediate>,
          &cuda::stockham_pass_kernel<Mode, Intermediate, Storage>};
}

template <ComputeMode Mode>
KernelChoice kernels_for_storage(StorageType storage) {
  switch (storage) {
    case StorageType::complex_fp16: return kernels_for<Mode, __half2, float2>();
    case StorageType::complex_bf16: return kernels_for<Mode, __nv_bfloat162, float2>();
    default: return kernels_for<Mode, float2, float2>();
  }
}

KernelChoice choose_kernels(const Problem& problem) {
  switch (problem.mode) {
    case ComputeMode::split_fp16: return kernels_for_storage<ComputeMode::split_fp16>(problem.storage);
    case ComputeMode::single_fp16: return kernels_for_storage<ComputeMode::single_fp16>(problem.storage);
    case ComputeMode::fp32: return kernels_for_storage<ComputeMode::fp32>(problem.storage);
    case ComputeMode::fp64: return kernels_for<ComputeMode::fp64, double2, double2>();
  }
  throw Error(Status::internal_error, "no kernel for the compute mode");
}

struct Launch {
  KernelFunction kernel;
  PassParameters parameters;  // input/output filled at execution
  int input_buffer;           // -1 = caller's input, 0/1 = workspace halves
  int output_buffer;          // -2 = caller's output
  dim3 grid, block;
  std::size_t shared_bytes;
};

class CudaExecutor final : public Executor {
 public:
  explicit CudaExecutor(const PlanImplementation& plan) : plan_(plan) {
    const Problem& problem = plan.problem;
    const bool fp64 = problem.mode == ComputeMode::fp64;
    const std::size_t complex_bytes = fp64 ? 16 : 8;
    const int sign = plan::direction_sign(problem.direction);
    const plan::AxisSchedule& axis = plan.axes.at(0);
    const std::int64_t n = axis.size;
    check(cudaGetDevice(&device_), "cudaGetDevice", Status::no_device);
    check(cudaDeviceGetAttribute(&max_shared_, cudaDevAttrMaxSharedMemoryPerBlockOptin, device_),
          "cudaDeviceGetAttribute");
    int sm_count = 0;
    check(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device_), "cudaDeviceGetAttribute");

    // Host copies of every table, then one upload.
    std::vector<unsigned char> tables;
    auto append = [&tables](const void* data, std::size_t bytes) {
      const std::size_t offset = (tables.size() + 255) / 256 * 256;
      tables.resize(offset + bytes);
      std::memcpy(tables.data() + offset, data, bytes);
      return offset;
    };
    auto append_roots = [&](std::int64_t count, std::int64_t step, std::int64_t length) {
      std::vector<double> values(static_cast<std::size_t>(2 * count));
      std::vector<float> values32(static_cast<std::size_t>(2 * count));
      for (std::int64_t i = 0; i < count; ++i) {
        const auto w = plan::unit_root(i * step, length, sign);
        values[2 * i] = static_cast<double>(w.real());
        values[2 * i + 1] = static_cast<double>(w.imag());
        values32[2 * i] = static_cast<float>(w.real());
        values32[2 * i + 1] = static_cast<float>(w.imag());
      }
      return fp64 ? append(values.data(), values.size() * sizeof(double))
                  : append(values32.data(), values32.size() * sizeof(float));
    };
    // DFT matrices: split (hi, lo) for the tensor modes, full precision for scalar ones.
    std::vector<float> split_table(2 * 2 * cuda::dft_table_entries);
    std::vector<double> table64(2 * cuda::dft_table_entries);
    std::vector<float> table32(2 * cuda::dft_table_entries);
    for (int radix : {2, 4, 8, 16}) {
      const auto matrix = plan::dft_matrix(radix, sign);
      const int offset = cuda::dft_table_offset(radix);
      for (int i = 0; i < radix * radix; ++i) {
        const float re = static_cast<float>(matrix[i].real()), im = static_cast<float>(matrix[i].imag());
        const precision::HiLo re_parts = precision::split_hi_lo(re), im_parts = precision::split_hi_lo(im);
        float* hi = &split_table[2 * 2 * offset];
        float* lo = hi + 2 * radix * radix;
        hi[2 * i] = re_parts.hi;
        hi[2 * i + 1] = im_parts.hi;
        lo[2 * i] = re_parts.lo;
        lo[2 * i + 1] = im_parts.lo;
        table64[2 * (offset + i)] = static_cast<double>(matrix[i].real());
        table64[2 * (offset + i) + 1] = static_cast<double>(matrix[i].imag());
        table32[2 * (offset + i)] = re;
        table32[2 * (offset + i) + 1] = im;
      }
    }
    const std::size_t split_offset = append(split_table.data(), split_table.size() * sizeof(float));
    const std::size_t dft_offset = fp64 ? append(table64.data(), table64.size() * sizeof(double))
                                        : append(table32.data(), table32.size() * sizeof(float));

    const KernelChoice kernels = choose_kernels(problem);
    const std::size_t pass_count = axis.passes.size();
    std::int64_t stride_before = 1;
    struct PendingOffsets {
      std::size_t coarse, fine, inner;
    };
    std::vector<PendingOffsets> offsets;
    for (std::size_t index = 0; index < pass_count; ++index) {
      const plan::Pass& pass = axis.passes[index];
      const std::int64_t length = axis.pass_length(pass);
      Launch launch{};
      PassParameters& p = launch.parameters;
      p.transform_size = n;
      p.pass_length = static_cast<int>(length);
      p.columns_per_transform = n / length;
      p.total_columns = p.columns_per_transform * problem.batch;
      p.stride_before = stride_before;
      p.stage_count = pass.stage_count;
      for (int s = 0; s < pass.stage_count; ++s) p.radices[s] = axis.stages[pass.first_stage + s].radix;
      p.scale = index + 1 == pass_count ? static_cast<double>(plan.scale) : 1.0;
      const std::int64_t twiddle_length = stride_before * length;
      PendingOffsets pending{0, 0, 0};
      if (stride_before > 1) {
        p.fine_bits = 0;
        while ((std::int64_t{1} << p.fine_bits) < std::min<std::int64_t>(twiddle_length, 1024)) ++p.fine_bits;
        const std::int64_t fine_count = std::int64_t{1} << p.fine_bits;
        pending.coarse = append_roots(twiddle_length / fine_count, fine_count, twiddle_length);
        pending.fine = append_roots(fine_count, 1, twiddle_length);
      }
      pending.inner = append_roots(length, 1, length);
      offsets.push_back(pending);
      // Tile: enough columns for ~target_tile_elements, within the columns there are.
      // A multi-pass tile reads columns that lie N/P apart: at least
      // plan::min_columns_per_tile of them make each access a whole sector.
      const std::int64_t min_columns = pass_count > 1 ? plan::min_columns_per_tile : 1;
      std::int64_t tile_columns = std::max<std::int64_t>(min_columns, target_tile_elements / length);
      while (tile_columns > 1 && tile_columns / 2 >= p.total_columns) tile_columns /= 2;
      p.tile_columns = static_cast<int>(tile_columns);
      const std::int64_t elements = length * tile_columns;
      const bool tensor = problem.mode == ComputeMode::split_fp16 || problem.mode == ComputeMode::single_fp16;
      int threads;
      if (tensor) {
        const std::int64_t mma_groups = (elements + 127) / 128;
        threads = static_cast<int>(32 * ((mma_groups + cuda::mma_groups_per_warp - 1) / cuda::mma_groups_per_warp));
      } else {
        threads = static_cast<int>(std::clamp<std::int64_t>(elements / 16, 32, cuda::max_threads_per_block));
        threads = (threads + 31) / 32 * 32;
      }
      if (threads > cuda::max_threads_per_block) {
        throw Error(Status::internal_error, "pass of length " + std::to_string(length) + " needs " +
                                                std::to_string(threads) + " threads: " + plan.description);
      }
      launch.block = dim3(threads);
      launch.shared_bytes = static_cast<std::size_t>(elements) * complex_bytes * (tensor ? 1 : 2);
      if (launch.shared_bytes > static_cast<std::size_t>(max_shared_)) {
        throw Error(Status::not_supported, "pass of length " + std::to_string(length) + " needs " +
                                               std::to_string(launch.shared_bytes) + " bytes of shared memory; the "
                                               "device allows " + std::to_string(max_shared_) + ": " +
                                               plan.description);
      }
      const std::int64_t tiles = (p.total_columns + tile_columns - 1) / tile_columns;
      const std::int64_t resident = static_cast<std::int64_t>(sm_count) * 32;
      launch.grid = dim3(static_cast<unsigned>(std::min<std::int64_t>(tiles, std::max<std::int64_t>(resident, 1))));
      launch.kernel = pass_count == 1 ? kernels.single
                      : index == 0    ? kernels.first
                      : index + 1 == pass_count ? kernels.last
                                                : kernels.middle;
      launch.input_buffer = index == 0 ? -1 : static_cast<int>((index - 1) % 2);
      launch.output_buffer = index + 1 == pass_count ? -2 : static_cast<int>(index % 2);
      // Several passes may share one kernel function: allow the device's
      // maximum once, so a later pass never lowers an earlier one's limit.
      check(cudaFuncSetAttribute(reinterpret_cast<const void*>(launch.kernel),
                                 cudaFuncAttributeMaxDynamicSharedMemorySize, max_shared_),
            "cudaFuncSetAttribute");
      launches_.push_back(launch);
      stride_before *= length;
    }

    // Upload tables.
    check(cudaMalloc(&tables_, std::max<std::size_t>(tables.size(), 1)), "cudaMalloc of the plan's tables",
          Status::allocation_failed);
    check(cudaMemcpy(tables_, tables.data(), tables.size(), cudaMemcpyHostToDevice), "cudaMemcpy of the tables");
    const auto at = [this](std::size_t offset) { return static_cast<const void*>(static_cast<char*>(tables_) + offset); };
    for (std::size_t index = 0; index < launches_.size(); ++index) {
      PassParameters& p = launches_[index].parameters;
      p.dft_split_table = static_cast<const float*>(at(split_offset));
      p.dft_table = at(dft_offset);
      p.inner_twiddles = at(offsets[index].inner);
      if (p.stride_before > 1) {
        p.pass_twiddles_coarse = at(offsets[index].coarse);
        p.pass_twiddles_fine = at(offsets[index].fine);
      }
    }

    // Workspace: one intermediate array between two passes, two when passes
    // must ping-pong (3 or more passes).
    const std::size_t intermediate = static_cast<std::size_t>(n) * static_cast<std::size_t>(problem.batch) * complex_bytes;
    half_workspace_ = pass_count >= 2 ? intermediate : 0;
    workspace_bytes_ = pass_count >= 3 ? 2 * intermediate : half_workspace_;
    if (workspace_bytes_ > 0) {
      check(cudaMalloc(&own_workspace_, workspace_bytes_),
            ("cudaMalloc of the " + std::to_string(workspace_bytes_) + "-byte workspace").c_str(),
            Status::allocation_failed);
    }
  }

  ~CudaExecutor() override {
    if (tables_) cudaFree(tables_);
    if (own_workspace_) cudaFree(own_workspace_);
  }

  std::size_t workspace_bytes() const override { return workspace_bytes_; }
  void* own_workspace() const override { return own_workspace_; }

  void check_pointers(const void* input, const void* output) const override {
    for (const auto& [pointer, name] : {std::pair<const void*, const char*>{input, "input"}, {output, "output"}}) {
      cudaPointerAttributes attributes{};
      const cudaError_t status = cudaPointerGetAttributes(&attributes, pointer);
      if (status != cudaSuccess || attributes.type == cudaMemoryTypeHost ||
          attributes.type == cudaMemoryTypeUnregistered) {
        cudaGetLastError();  // clear the sticky-free error of the query
        throw Error(Status::invalid_value, std::string(name) +
                                               " pointer is not device memory: the CUDA backend needs "
                                               "cudaMalloc'd (or managed) buffers");
      }
    }
  }

  void execute(const void* input, void* output, void* stream, void* workspace) const override {
    const auto cuda_stream = static_cast<cudaStream_t>(stream);
    char* buffers[2] = {static_cast<char*>(workspace), static_cast<char*>(workspace) + half_workspace_};
    for (const Launch& launch : launches_) {
      PassParameters p = launch.parameters;
      p.input = launch.input_buffer < 0 ? input : buffers[launch.input_buffer];
      p.output = launch.output_buffer == -2 ? output : buffers[launch.output_buffer];
      launch.kernel<<<launch.grid, launch.block, launch.shared_bytes, cuda_stream>>>(p);
      check(cudaGetLastError(), "kernel launch");
    }
  }

 private:
  const PlanImplementation& plan_;
  int device_ = 0;
  int max_shared_ = 0;
  std::vector<Launch> launches_;
  void* tables_ = nullptr;
  void* own_workspace_ = nullptr;
  std::size_t half_workspace_ = 0;
  std::size_t workspace_bytes_ = 0;
};

}  // namespace

bool cuda_available(std::string* reason) {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    cudaGetLastError();
    if (reason) {
      *reason = status != cudaSuccess ? std::string("no usable CUDA device (") + cudaGetErrorString(status) + ")"
                                      : std::string("no CUDA device found");
    }
    return false;
  }
  int device = 0, major = 0, minor = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device);
  if (major < 8) {
    if (reason) {
      *reason = "CUDA device " + std::to_string(device) + " has compute capability " + std::to_string(major) + "." +
                std::to_string(minor) + ", below the 8.0 the tensor-core kernels need";
    }
    return false;
  }
  cudaDeviceProp properties{};
  cudaGetDeviceProperties(&properties, device);
  if (reason) {
    *reason = std::string("CUDA device ") + std::to_string(device) + " (" + properties.name + ", sm_" +
              std::to_string(major) + std::to_string(minor) + ")";
  }
  return true;
}

bool cuda_supports(const PlanImplementation& plan, std::string* reason) {
  if (plan.problem.sizes.size() != 1) {
    if (reason) *reason = "the CUDA executor runs rank-1 transforms only so far";
    return false;
  }
  if (!plan.input_layout.packed || !plan.output_layout.packed) {
    if (reason) *reason = "the CUDA executor runs packed layouts only so far";
    return false;
  }
  return true;
}

std::unique_ptr<Executor> make_cuda_executor(const PlanImplementation& plan) {
  std::string reason;
  if (!cuda_supports(plan, &reason)) throw Error(Status::not_supported, reason + ": " + plan.description);
  return std::make_unique<CudaExecutor>(plan);
}

}  // namespace tensorfft
