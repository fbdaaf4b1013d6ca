// The C API of xqjudge.h over the judge, the record readers and xqjudge --record's JSON
// (tools/record_judge.h). Every entry point catches what the C++ below may throw, so that no
// exception crosses into C; a failed call leaves the game as it was.
#include "xqjudge.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <sstream>
#include <string>

#include "diagram/cycle_strip.h"
#include "diagram/diagram.h"
#include "diagram/options.h"
#include "engine/notation.h"
#include "engine/position.h"
#include "judge/game_review.h"
#include "records/game.h"
#include "records/move_text.h"
#include "tools/record_judge.h"

struct xqj_game {
  std::string fen = xq::Position::START_FEN;  // the start position as set
  xq::Position pos;                           // the start position with the moves played
  std::vector<xq::Move> moves;
  std::string error;
};

namespace {

constexpr int MAX_NTIMES = 100;

// A copy the caller frees with xqj_free_string (malloc'd: C code may not own a delete).
char* c_string(const std::string& text) {
  char* out = static_cast<char*>(std::malloc(text.size() + 1));
  if (out) std::memcpy(out, text.c_str(), text.size() + 1);
  return out;
}

xqj_status fail(xqj_game* game, xqj_status status, std::string message) {
  if (game) game->error = std::move(message);
  return status;
}

// Runs `body` with every exception turned into a status: nothing may unwind into C.
template <class Body>
xqj_status guarded(xqj_game* game, Body&& body) {
  try {
    if (game) game->error.clear();
    return body();
  } catch (const std::bad_alloc&) {
    return fail(game, XQJ_ERR_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return fail(game, XQJ_ERR_INTERNAL, std::string("internal error: ") + e.what());
  } catch (...) {
    return fail(game, XQJ_ERR_INTERNAL, "internal error");
  }
}

// The game's start position, as set (set_fen accepted it when it was set).
xq::Position start_of(const xqj_game* game) {
  xq::Position start;
  xq::set_fen(start, game->fen);
  return start;
}

// Diagram options from the C string; false with the game's error set when a word is bad.
bool diagram_options(xqj_game* game, const char* text, xq::diagram::Options& opts) {
  const std::string error = xq::diagram::parse_options(text ? text : "", opts);
  if (!error.empty()) fail(game, XQJ_ERR_ARGUMENT, error);
  return error.empty();
}

xq::tools::RecordJudgeOptions options(int ntimes) {
  xq::tools::RecordJudgeOptions opts;
  opts.json = true;
  opts.ntimes = ntimes;
  return opts;
}

}  // namespace

extern "C" {

const char* xqj_version(void) { return "1.1.0"; }

xqj_game* xqj_game_new(void) {
  try {
    auto* game = new xqj_game;
    xq::set_fen(game->pos, game->fen);
    return game;
  } catch (...) {
    return nullptr;
  }
}

void xqj_game_free(xqj_game* game) { delete game; }

xqj_status xqj_set_fen(xqj_game* game, const char* fen) {
  if (!game || !fen) return fail(game, XQJ_ERR_ARGUMENT, "xqj_set_fen: a NULL argument");
  return guarded(game, [&] {
    const std::string text = std::strcmp(fen, "startpos") == 0 ? std::string(xq::Position::START_FEN) : std::string(fen);
    xq::Position pos;
    const xq::FenResult r = xq::set_fen(pos, text);
    if (!r.ok) return fail(game, XQJ_ERR_FEN, "bad FEN '" + text + "': " + r.error);
    game->fen = xq::to_fen(pos);
    game->pos = pos;
    game->moves.clear();
    return XQJ_OK;
  });
}

xqj_status xqj_play(xqj_game* game, const char* move) {
  if (!game || !move) return fail(game, XQJ_ERR_ARGUMENT, "xqj_play: a NULL argument");
  return guarded(game, [&] {
    const xq::MoveResult r = xq::parse_move(game->pos, move);
    if (!r.ok())
      return fail(game, XQJ_ERR_MOVE, "move " + std::to_string(game->moves.size() + 1) + " '" + move + "': " + r.error);
    game->pos.do_move(r.move);
    game->moves.push_back(r.move);
    return XQJ_OK;
  });
}

int xqj_ply_count(const xqj_game* game) { return game ? int(game->moves.size()) : -1; }

xqj_status xqj_moves_text(xqj_game* game, const char* notation, char** text) {
  if (!game || !notation || !text) return fail(game, XQJ_ERR_ARGUMENT, "xqj_moves_text: a NULL argument");
  *text = nullptr;
  return guarded(game, [&] {
    const std::string name = notation;
    const xq::records::Notation n = name == "iccs"      ? xq::records::Notation::Iccs
                                    : name == "wxf"     ? xq::records::Notation::Wxf
                                    : name == "chinese" ? xq::records::Notation::Chinese
                                                        : xq::records::Notation::Unknown;
    if (n == xq::records::Notation::Unknown)
      return fail(game, XQJ_ERR_ARGUMENT, "notation '" + name + "' is not iccs, wxf or chinese");
    // Each move is written in the position it was played from, so the start is replayed.
    xq::Position pos;
    xq::set_fen(pos, game->fen);
    std::string out;
    for (const xq::Move m : game->moves) {
      out += xq::records::write_move(pos, m, n) + "\n";
      pos.do_move(m);
    }
    *text = c_string(out);
    return *text ? XQJ_OK : fail(game, XQJ_ERR_MEMORY, "out of memory");
  });
}

const char* xqj_last_error(const xqj_game* game) { return game ? game->error.c_str() : "a NULL game"; }

xqj_status xqj_ruling_json(xqj_game* game, int ntimes, char** json) {
  if (!game || !json) return fail(game, XQJ_ERR_ARGUMENT, "xqj_ruling_json: a NULL argument");
  *json = nullptr;
  if (ntimes < 1 || ntimes > MAX_NTIMES)
    return fail(game, XQJ_ERR_ARGUMENT, "ntimes " + std::to_string(ntimes) + " is not in 1.." + std::to_string(MAX_NTIMES));
  return guarded(game, [&] {
    xq::records::GameRecord record;
    record.number = 1;
    record.start_fen = game->fen;
    record.moves = game->moves;
    record.comments.assign(game->moves.size() + 1, "");
    record.notation = "iccs";
    *json = c_string(xq::tools::judge_game_json("", record, options(ntimes)));
    return *json ? XQJ_OK : fail(game, XQJ_ERR_MEMORY, "out of memory");
  });
}

xqj_status xqj_judge_record(const char* bytes, size_t length, int ntimes, char** json_lines, char** error) {
  if (json_lines) *json_lines = nullptr;
  if (error) *error = nullptr;
  auto report = [&](xqj_status status, const std::string& message) {
    if (error) *error = c_string(message);
    return status;
  };
  if ((!bytes && length > 0) || !json_lines) return report(XQJ_ERR_ARGUMENT, "xqj_judge_record: a NULL argument");
  if (ntimes < 1 || ntimes > MAX_NTIMES)
    return report(XQJ_ERR_ARGUMENT, "ntimes " + std::to_string(ntimes) + " is not in 1.." + std::to_string(MAX_NTIMES));
  try {
    std::ostringstream out;
    std::string file_error;
    const int status =
        xq::tools::judge_record_bytes("", std::string(bytes ? bytes : "", length), options(ntimes), out, &file_error);
    *json_lines = c_string(out.str());
    if (!*json_lines) return report(XQJ_ERR_MEMORY, "out of memory");
    if (status == 0) return XQJ_OK;
    // A file unread as a whole says why; a broken game says it on its own line.
    return report(XQJ_ERR_RECORD, file_error.empty() ? "a game in the record is broken: see its line's \"error\""
                                                     : "the record cannot be read: " + file_error);
  } catch (const std::bad_alloc&) {
    return report(XQJ_ERR_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return report(XQJ_ERR_INTERNAL, std::string("internal error: ") + e.what());
  } catch (...) {
    return report(XQJ_ERR_INTERNAL, "internal error");
  }
}

xqj_status xqj_position_svg(xqj_game* game, int ply, const char* options, char** svg) {
  if (!game || !svg) return fail(game, XQJ_ERR_ARGUMENT, "xqj_position_svg: a NULL argument");
  *svg = nullptr;
  const int count = int(game->moves.size());
  if (ply < -1 || ply > count)
    return fail(game, XQJ_ERR_ARGUMENT, "ply " + std::to_string(ply) + " is not in -1.." + std::to_string(count));
  return guarded(game, [&] {
    xq::diagram::Options opts;
    if (!diagram_options(game, options, opts)) return XQJ_ERR_ARGUMENT;
    *svg = c_string(xq::diagram::game_position_svg(start_of(game), game->moves, ply < 0 ? count : ply, opts));
    return *svg ? XQJ_OK : fail(game, XQJ_ERR_MEMORY, "out of memory");
  });
}

xqj_status xqj_cycle_svg(xqj_game* game, int ntimes, int ruling, const char* options, char** svg) {
  if (!game || !svg) return fail(game, XQJ_ERR_ARGUMENT, "xqj_cycle_svg: a NULL argument");
  *svg = nullptr;
  if (ntimes < 1 || ntimes > MAX_NTIMES)
    return fail(game, XQJ_ERR_ARGUMENT, "ntimes " + std::to_string(ntimes) + " is not in 1.." + std::to_string(MAX_NTIMES));
  return guarded(game, [&] {
    xq::diagram::Options opts;
    if (!diagram_options(game, options, opts)) return XQJ_ERR_ARGUMENT;
    const xq::Position start = start_of(game);
    xq::Position pos = start;
    const xq::judge::GameReview review = xq::judge::review_game(pos, game->moves, ntimes);
    const int n = int(review.rulings.size());
    if (ruling < 0 || ruling >= n)
      return fail(game, XQJ_ERR_ARGUMENT, "ruling " + std::to_string(ruling) + " does not exist: the game has " +
                                              std::to_string(n) + (n == 1 ? " ruling" : " rulings") + " with ntimes " +
                                              std::to_string(ntimes));
    *svg = c_string(xq::diagram::cycle_svg(start, game->moves, review.rulings[ruling], opts));
    return *svg ? XQJ_OK : fail(game, XQJ_ERR_MEMORY, "out of memory");
  });
}

void xqj_free_string(char* text) { std::free(text); }

}  // extern "C"
