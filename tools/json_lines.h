// The loop both xqjudge variants share: one JSON answer per non-blank input line.
#pragma once

#include <cstddef>
#include <exception>
#include <initializer_list>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

namespace xq::tools {

// A request is two levels deep (an object holding an array of strings). nlohmann's parser keeps
// its own stack, but dump() and copies recurse once per level, so a line of 100000 '[' would
// overflow ours: nesting deeper than this is refused while parsing, before any such value exists.
constexpr int MAX_JSON_DEPTH = 16;

struct JsonTooDeep : std::runtime_error {
  JsonTooDeep()
      : std::runtime_error("JSON nested deeper than " + std::to_string(MAX_JSON_DEPTH) +
                           " levels (a request needs 2)") {}
};

// Json::parse(line), throwing JsonTooDeep instead of building a value nested deeper than
// MAX_JSON_DEPTH; syntax errors throw Json::parse_error as usual.
template <class Json>
Json parse_json_line(const std::string& line) {
  return Json::parse(line, [](int depth, typename Json::parse_event_t event, Json&) {
    // depth counts the containers around the one opening: the top-level value is at depth 0.
    const bool opens = event == Json::parse_event_t::object_start || event == Json::parse_event_t::array_start;
    if (opens && depth >= MAX_JSON_DEPTH) throw JsonTooDeep();
    return true;
  });
}

// One request line parsed into `j`, which must be a JSON object: "" when it is, else the problem
// in words (nested too deep, the parser's message without its "[json.exception...]" tag, or the
// type found instead of an object). Both xqjudge variants read their requests with it.
template <class Json>
std::string parse_request_object(const std::string& line, Json& j) {
  try {
    j = parse_json_line<Json>(line);
  } catch (const JsonTooDeep& e) {
    return e.what();
  } catch (const typename Json::parse_error& e) {
    // what() reads "[json.exception.parse_error.101] parse error at ..."; keep the plain part.
    const std::string what = e.what();
    const std::size_t tag_end = what.find("] ");
    return "malformed JSON: " + (tag_end == std::string::npos ? what : what.substr(tag_end + 2));
  }
  if (!j.is_object()) return "expected a JSON object {\"fen\": ..., \"moves\": [...]}, got " + std::string(j.type_name());
  return "";
}

// A value's JSON text for an error message, cut after `max_bytes` (and marked "..."): an error
// line stays short whatever the input held. The cut never splits a UTF-8 character.
template <class Json>
std::string json_excerpt(const Json& value, std::size_t max_bytes = 40) {
  const std::string text = value.dump(-1, ' ', false, Json::error_handler_t::replace);
  if (text.size() <= max_bytes) return text;
  std::size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + "...";
}

// The first key of the object `j` not in `known`, as an error naming it and the keys that
// are read ("" when every key is known): a misspelled "nTimes" must not silently fall back to
// the default.
template <class Json>
std::string unknown_key_error(const Json& j, std::initializer_list<const char*> known) {
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool found = false;
    for (const char* k : known) found = found || it.key() == k;
    if (found) continue;
    std::string list;
    for (const char* k : known) list += std::string(list.empty() ? "" : ", ") + '"' + k + '"';
    return "unknown field " + json_excerpt(Json(it.key())) + " (the fields are " + list + ")";
  }
  return "";
}

// A request's "fen": the FEN itself, or "startpos" for the variant's start position (as
// xqengine's "position startpos" and xqmatch's openings write it).
inline std::string fen_or_startpos(const std::string& fen, const char* start_fen) {
  return fen == "startpos" ? std::string(start_fen) : fen;
}

// Reads lines from `in` until EOF and writes answer(line) for each non-blank one, flushed at
// once (callers may be talking to us through a pipe). Returns false only on an I/O failure.
template <class Answer>
bool run_json_lines(std::istream& in, std::ostream& out, Answer answer) {
  // The answer's own JSON type: an ordered_json keeps its documented key order.
  using Json = std::invoke_result_t<Answer, const std::string&>;
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r\n") == std::string::npos) continue;
    Json reply;
    try {
      reply = answer(line);
    } catch (const std::exception& e) {  // a bug of ours must cost one line, not the run
      reply = {{"error", std::string("internal error: ") + e.what()}};
    }
    // replace: an error may quote invalid UTF-8 from the input, which dump() would reject.
    out << reply.dump(-1, ' ', false, Json::error_handler_t::replace) << '\n' << std::flush;
    if (!out) return false;
  }
  return !in.bad() && bool(out);
}

}  // namespace xq::tools
