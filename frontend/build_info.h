// How this executable was built, in one line for bench's output: a speed figure means little
// without the compiler, its profile and the instruction set it was allowed (scripts/configure.sh
// and the CMake options XQ_PGO_PROFILE and XQ_NATIVE), and the network kernels the CPU runs.
#pragma once

#include <string>

#include "nnue/kernels.h"

namespace xq::frontend {

inline std::string compiler_name() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "g++ " __VERSION__;
#else
  return "an unknown compiler";
#endif
}

inline std::string build_description() {
  std::string out = compiler_name();
  while (!out.empty() && out.back() == ' ') out.pop_back();  // __clang_version__ ends in a space
#ifdef XQ_PGO_BUILD
  out += ", profile-guided";
#else
  out += ", no profile";
#endif
#ifdef XQ_NATIVE_BUILD
  out += ", for this CPU (-march=native)";
#else
  out += ", portable x86-64";
#endif
  out += std::string(", network kernels ") + nnue::simd_name(nnue::active_simd());
  return out;
}

}  // namespace xq::frontend
