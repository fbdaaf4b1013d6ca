// What `xqengine --help` and the `help` command print: what the engine is, its protocols, the
// commands a person types, what the command line takes, and where README explains more.
#pragma once

#include <string>
#include <string_view>

namespace xq::frontend {

std::string help_text();

// The commands `xqengine <command> [args]` runs from the command line (then it exits); any
// other first argument is a mistake the shell hears about.
bool is_command_line_command(std::string_view word);

}  // namespace xq::frontend
