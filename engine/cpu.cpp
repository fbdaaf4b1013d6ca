#include "cpu.h"

namespace xq {

bool cpu_has_avx2() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();  // may run before libgcc's constructors have filled the CPU data
  return __builtin_cpu_supports("avx2") != 0;
#else
  return false;
#endif
}

bool cpu_has_avx512bw() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  // libgcc also checks that the system saves the 512-bit registers (XCR0), not only CPUID.
  return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512bw") != 0;
#else
  return false;
#endif
}

bool cpu_is_intel() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  return __builtin_cpu_is("intel") != 0;
#else
  return false;
#endif
}

}  // namespace xq
