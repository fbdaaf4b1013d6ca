// libFuzzer target: any bytes as CECP (XBoard) command lines (protocol_fuzz.h says what is
// checked).
#include "protocol_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  xq::fuzz::run_protocol(std::string(reinterpret_cast<const char*>(data), size), "xboard\nprotover 2\n", "ping 77",
                         "\npong 77\n");
  return 0;
}
