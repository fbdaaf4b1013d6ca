// Command-line parsing for the tools built on CLI11. CLI11 checks for missing required options
// before it looks at the arguments it does not know, so a mistyped option name ("xqdatagen
// --game 10", or "xqrecord --bogus") was answered only with "--games is required" or "files is
// required", and the typo itself went unmentioned. Here the unknown argument is named first,
// with the missing option after it.
#pragma once

#include <CLI/CLI.hpp>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace xq::tools {

// Every wrong command line exits with this status, as xqengine's and xqmatch's do (CLI11's own
// codes, 105 to 109 by the kind of mistake, told a script nothing it could use).
constexpr int USAGE_ERROR = 2;

// Parses argv into `app`. Nothing when the program should go on; otherwise the exit status:
// 0 with the help printed (--help), USAGE_ERROR with the error on stderr and a pointer to --help.
inline std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
  const auto usage = [](int cli11_code) { return cli11_code == 0 ? 0 : USAGE_ERROR; };
  try {
    app.parse(argc, argv);
    return std::nullopt;
  } catch (const CLI::RequiredError& missing) {
    // What no option took is still held when the required check throws.
    const std::vector<std::string> extras = app.remaining();
    if (extras.empty()) return usage(app.exit(missing));
    std::cerr << (extras.size() > 1 ? "The following arguments were not expected:" : "The following argument was not expected:");
    for (const std::string& word : extras) std::cerr << ' ' << word;
    std::cerr << "\nAlso: " << missing.what() << "\nRun with --help for more information.\n";
    return USAGE_ERROR;
  } catch (const CLI::ParseError& e) {
    return usage(app.exit(e));
  }
}

}  // namespace xq::tools
