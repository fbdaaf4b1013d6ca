// libFuzzer target: any bytes as UCCI command lines (protocol_fuzz.h says what is checked).
#include "protocol_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  xq::fuzz::run_protocol(std::string(reinterpret_cast<const char*>(data), size), "ucci\nsetoption usemillisec true\n",
                         "isready", "\nreadyok\n");
  return 0;
}
