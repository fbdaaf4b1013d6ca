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

}  // namespace xq
