#include "convert.h"

#include <cstdio>
#include <sstream>
#include <vector>

#include "engine/notation.h"

namespace xq::datagen {

namespace {

// "# game <index> result <r> plies <n> positions <k> <reason words>".
bool parse_game_line(const std::string& line, GameRecord& g, std::uint64_t& count, std::string& error) {
  std::istringstream in(line.substr(7));
  std::string w_result, w_plies, w_positions, result;
  long long index = -1, plies = -1, positions = -1;
  in >> index >> w_result >> result >> w_plies >> plies >> w_positions >> positions;
  if (!in || w_result != "result" || w_plies != "plies" || w_positions != "positions" || index < 0 ||
      index > 0xFFFFFFFFLL || plies < 0 || plies > 65535 || positions < 0)
    return error = "want '# game <index> result <r> plies <n> positions <k> <reason>'", false;
  if (result != "1" && result != "0" && result != "0.5") return error = "result '" + result + "' is not 1, 0.5 or 0", false;
  std::string reason, word;
  while (in >> word) reason += (reason.empty() ? "" : " ") + word;
  g.index = std::uint32_t(index);
  g.result = result == "1" ? 1 : result == "0" ? 0 : 0.5;
  g.plies = std::uint16_t(plies);
  g.reason = end_reason(reason);
  count = std::uint64_t(positions);
  return true;
}

// Where a line stops being text: a control byte anywhere, or any non-ASCII byte outside a
// comment (positions and game lines are ASCII). npos for a text line. A file of another kind
// (random bytes, a network, an archive) is then named as such, not quoted back as garbage.
std::size_t first_non_text(const std::string& line) {
  const bool comment = !line.empty() && line[0] == '#';
  for (std::size_t i = 0; i < line.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(line[i]);
    if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7F || (c >= 0x80 && !comment)) return i;
  }
  return std::string::npos;
}

}  // namespace

bool pack_sample(const Sample& s, PackedPosition& out, std::string& error) {
  Position pos;
  if (const FenResult fr = set_fen(pos, s.fen); !fr.ok) return error = "FEN: " + fr.error, false;
  const Color stm = pos.side_to_move();
  const int ply = s.ply >= 0 ? s.ply : 2 * (pos.fullmove_number() - 1) + (stm == BLACK);
  return pack(pos, stm == RED ? s.score : -s.score, ply, out, error);
}

bool text_to_binary(std::istream& in, std::ostream& out, ConvertStats& stats, std::string& error) {
  GameRecord game;
  std::vector<double> results;  // each pending sample's result, checked against the game line
  std::string line, why;
  for (long number = 1; std::getline(in, line); ++number) {
    const auto fail = [&](const std::string& what) { return error = "line " + std::to_string(number) + ": " + what, false; };
    if (const std::size_t at = first_non_text(line); at != std::string::npos) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", unsigned(static_cast<unsigned char>(line[at])));
      return fail(std::string("byte ") + hex + " at column " + std::to_string(at + 1) +
                  " is not text: neither xqengine binary training data (XQTD) nor xqdatagen's text");
    }
    if (line.rfind("# xqdatagen", 0) == 0) {
      out << header_chunk(line.substr(2));
    } else if (line.rfind("# game ", 0) == 0) {
      std::uint64_t count = 0;
      if (!parse_game_line(line, game, count, why)) return fail(why);
      if (count != game.positions.size())
        return fail("the game line says " + std::to_string(count) + " positions, its block has " + std::to_string(game.positions.size()));
      for (double r : results)
        if (r != game.result) return fail("a position's result differs from the game's");
      out << game_chunk(game);
      ++stats.games;
      stats.positions += count;
      game.positions.clear();
      results.clear();
    } else if (const auto s = parse_sample(line, why)) {
      PackedPosition p;
      if (!pack_sample(*s, p, why)) return fail(why);
      game.positions.push_back(p);
      results.push_back(s->result);
    } else if (!why.empty()) {
      return fail(why);
    }
  }
  stats.dropped += game.positions.size();
  if (!out) return error = "write failed", false;
  return true;
}

bool binary_to_text(std::istream& in, std::ostream& out, ConvertStats& stats, std::string& error) {
  ChunkReader reader(in);
  for (Chunk c;;) {
    const auto status = reader.next(c);
    if (status == ChunkReader::Status::End) break;
    if (status != ChunkReader::Status::Chunk) return error = reader.error(), false;
    if (c.kind == ChunkKind::Header) {
      out << "# " << c.header << "\n";
      continue;
    }
    const GameRecord& g = c.game;
    for (const PackedPosition& p : g.positions)
      out << format_sample({to_fen(p), g.result, p.side == RED ? p.score : -p.score, p.ply}) << "\n";
    out << "# game " << g.index << " result " << result_text(g.result) << " plies " << g.plies << " positions "
        << g.positions.size() << " " << end_reason_text(g.reason) << "\n";
    ++stats.games;
    stats.positions += g.positions.size();
  }
  if (!out) return error = "write failed", false;
  return true;
}

}  // namespace xq::datagen
