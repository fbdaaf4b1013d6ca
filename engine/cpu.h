// What the CPU offers beyond the plain x86-64 the default build targets. Asked at start-up by
// the code that has a faster path for it (the network's kernels, the move picker's selection),
// each keeping the answer in a constant of its own.
#pragma once

namespace xq {

// True when the CPU runs AVX2 instructions (always false off x86).
bool cpu_has_avx2();
// True when the CPU and the operating system run AVX-512 with its 16- and 8-bit lanes (AVX512F
// and AVX512BW; always false off x86).
bool cpu_has_avx512bw();
// True on an Intel CPU (the network's kernels choose their width by it; always false off x86).
bool cpu_is_intel();

}  // namespace xq
