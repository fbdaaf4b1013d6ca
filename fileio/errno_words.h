#pragma once
// errno in words, for the read and write errors of this folder (not part of its interface).

#include <cerrno>
#include <cstring>
#include <string>

namespace xq::fileio::detail {

// errno after a failed open, read, write, close or rename says more than a stream does
// ("Permission denied", "No space left on device"); callers set errno = 0 before the call.
inline std::string errno_words() { return errno != 0 ? std::strerror(errno) : "unknown error"; }

}  // namespace xq::fileio::detail
