// libFuzzer target: any bytes as UCI command lines (protocol_fuzz.h says what is checked).
#include "protocol_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  xq::fuzz::run_protocol(std::string(reinterpret_cast<const char*>(data), size), "uci\n", "isready", "\nreadyok\n");
  return 0;
}
