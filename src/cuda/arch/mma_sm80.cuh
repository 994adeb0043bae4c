// Warp-level tensor-core products (with arch/copy_sm80.cuh, the only inline
// PTX of tensorfft).
// Fragment layouts (PTX ISA, "Matrix Fragments for mma.m16n8k16"), with
// group = lane / 4 and quad = lane % 4:
//   A (M16 x K16, row major), 4 x b32 = 8 halves:
//     a[0] = (row group,     cols 2quad, 2quad+1)   a[1] = (row group+8, same cols)
//     a[2] = (row group,     cols 2quad+8, +9)      a[3] = (row group+8, cols 2quad+8, +9)
//   B (K16 x N8, column major), 2 x b32 = 4 halves:
//     b[0] = (rows 2quad, 2quad+1, col group)       b[1] = (rows 2quad+8, +9, col group)
//   C/D (M16 x N8), 4 x f32:
//     c[0], c[1] = (row group,   cols 2quad, 2quad+1)
//     c[2], c[3] = (row group+8, cols 2quad, 2quad+1)
#pragma once

#include <cstdint>

namespace tensorfft::cuda::arch {

// D = A * B + C with fp16 operands and fp32 accumulation (sm_80 and later).
struct SM80_16x8x16_F32F16F16F32_TN {
  __device__ __forceinline__ static void multiply_accumulate(float (&d)[4], const std::uint32_t (&a)[4],
                                                             const std::uint32_t (&b)[2]) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
        "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#else
    __trap();  // the executor refuses devices below sm_80 before launching
#endif
  }
};

}  // namespace tensorfft::cuda::arch
