// Every option the engine offers, declared once (options.cpp's table): its name in each
// protocol, its type, range or choices, default, and the action that writes the setting
// (settings.h). The UCI and UCCI handshakes, CECP's "feature option" lines, setoption parsing
// and the checking of values all come from the table, so adding an option is one row and the
// code that reads its setting.
//
// setoption, as GUIs send it: "setoption name Move Overhead value 100" (UCI),
// "setoption moveoverhead 100" (UCCI), and the UCI names without the words "name" and
// "value" ("setoption Move Overhead 100", as one common GUI writes even under UCI). The name
// is the longest run of leading words that names an option, ignoring case; the value is the
// rest of the line as written (file paths keep their spaces). A bad value is refused with the
// reason and the option keeps its old value.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace xq::frontend {

class EngineCore;

enum class OptionType { Check, Spin, Combo, Button, String };
enum class OptionProtocol { Uci, Ucci, Cecp };

// A value that passed the row's checks: `text` (a combo's choice as the table spells it),
// and `on` for a check, `number` for a spin.
struct OptionValue {
  std::string text;
  bool on = false;
  std::int64_t number = 0;
};

// What an action may use besides the settings: the core, and the dialect's voice.
struct OptionContext {
  EngineCore& core;
  std::function<void(const std::string&)> note;  // tells the GUI something (not an error)
  std::function<void()> new_game;                // the dialect's whole "new game" (UCCI newgame)
};

// Applies a checked value; "" or why it could not (the setting is then unchanged).
using OptionAction = std::function<std::string(OptionContext&, const OptionValue&)>;

struct Option {
  std::string uci;   // the UCI name ("Move Overhead"); "": not a UCI option
  std::string ucci;  // the UCCI name ("moveoverhead"); "": not a UCCI option
  std::string cecp;  // the name in CECP's "feature option"; "": not offered under CECP
  OptionType type = OptionType::Check;
  std::string default_value;       // as handshakes show it: "false", "16", "wxf", "" (button)
  // UCCI's default when it differs (e.g. a book on under UCCI, as ElephantEye has it, but off
  // under UCI, as Stockfish-family match runners expect); "": the same as default_value.
  std::string ucci_default;
  std::int64_t min = 0, max = 0;   // spin
  std::vector<std::string> vars;   // combo, in the order handshakes list them
  std::string unit;                // spin: named in the range error ("MB", "ms")
  bool listed = true;              // false: accepted but left out of handshakes
  OptionAction apply;

  // The name errors use: the UCI one, else the UCCI one, else the CECP one.
  const std::string& display_name() const;
  // The default under `protocol` (CECP has UCI's).
  const std::string& default_in(OptionProtocol protocol) const;
};

// Builds a row: OptionRow("Hash", "hashsize").spin(16, 1, 4096, "MB").does(action).
class OptionRow {
 public:
  OptionRow(std::string uci, std::string ucci) {
    o_.uci = std::move(uci);
    o_.ucci = std::move(ucci);
  }
  OptionRow& cecp(std::string name) { return o_.cecp = std::move(name), *this; }
  OptionRow& check(bool on) { return set(OptionType::Check, on ? "true" : "false"); }
  OptionRow& spin(std::int64_t value, std::int64_t min, std::int64_t max, std::string unit = "") {
    o_.min = min, o_.max = max, o_.unit = std::move(unit);
    return set(OptionType::Spin, std::to_string(value));
  }
  OptionRow& combo(std::string value, std::vector<std::string> vars) {
    o_.vars = std::move(vars);
    return set(OptionType::Combo, std::move(value));
  }
  OptionRow& button() { return set(OptionType::Button, ""); }
  OptionRow& string(std::string value) { return set(OptionType::String, std::move(value)); }
  OptionRow& unlisted() { return o_.listed = false, *this; }
  OptionRow& ucci_default(std::string value) { return o_.ucci_default = std::move(value), *this; }
  Option does(OptionAction action) {
    o_.apply = std::move(action);
    return o_;
  }

 private:
  OptionRow& set(OptionType type, std::string value) {
    o_.type = type;
    o_.default_value = std::move(value);
    return *this;
  }
  Option o_;
};

// The table: the fixed rows, then (tuning builds) one spin per search parameter.
const std::vector<Option>& option_table();

// The handshake lines: "option name Hash type spin default 16 min 1 max 4096" (UCI),
// "option hashsize type spin min 1 max 4096 default 16" (UCCI), and CECP's
// feature option="Sixty Move Rule -check 1", in table order.
std::vector<std::string> option_lines(OptionProtocol protocol, const std::vector<Option>& table = option_table());

// The spellings `protocol` accepts for `option` (its own name; an option both UCI and UCCI
// know answers to either spelling under either); none when the protocol does not offer it.
std::vector<std::string> accepted_names(const Option& option, OptionProtocol protocol);

// The arguments of a setoption line (everything after the word "setoption", as written) or of
// CECP's "option NAME=VALUE", applied: "" or the error to report (unknown option, bad value,
// failed action), the old value kept.
// `table`: option_table(), or a test's own.
std::string set_option(std::string_view args, OptionProtocol protocol, OptionContext& context,
                       const std::vector<Option>& table = option_table());

// The GUI chose `protocol`: rows whose UCCI default differs from the UCI one take that
// protocol's default (the settings start with UCI's). Errors go to the log: a default is
// always a good value (a test checks).
void apply_protocol_defaults(OptionProtocol protocol, OptionContext& context,
                             const std::vector<Option>& table = option_table());

// Checks `text` against the row's type and range; "" or the problem.
std::string check_value(const Option& option, const std::string& text, OptionValue& out);

}  // namespace xq::frontend
