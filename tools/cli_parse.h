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

// Parses argv into `app`. Nothing when the program should go on; otherwise the exit status,
// with the help printed (--help) or the error on stderr and a pointer to --help.
inline std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
    return std::nullopt;
  } catch (const CLI::RequiredError& missing) {
    // What no option took is still held when the required check throws.
    const std::vector<std::string> extras = app.remaining();
    if (extras.empty()) return app.exit(missing);
    std::cerr << (extras.size() > 1 ? "The following arguments were not expected:" : "The following argument was not expected:");
    for (const std::string& word : extras) std::cerr << ' ' << word;
    std::cerr << "\nAlso: " << missing.what() << "\nRun with --help for more information.\n";
    return static_cast<int>(CLI::ExitCodes::ExtrasError);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
}

}  // namespace xq::tools
