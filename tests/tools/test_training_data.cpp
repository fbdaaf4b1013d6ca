// The binary training format (tools/datagen/training_data.h): positions from real games pack
// into records that give back their FEN; games round-trip through chunks, and files
// concatenate; the committed text sample converts to binary and back byte for byte; every
// kind of damage is refused with its reason; xqdatagen's binary file resumes after a crash.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "datagen/convert.h"
#include "datagen/game_file.h"
#include "datagen/selfplay.h"
#include "datagen/training_data.h"
#include "engine/notation.h"

using namespace xq;
using namespace xq::datagen;

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A short self-play game at a small budget (deterministic: seed and settings).
const GameOutcome& sample_game() {
  static const GameOutcome g = [] {
    search::TranspositionTable tt(1);
    search::Searcher searcher(tt);
    SelfPlaySettings s;
    s.nodes = 300;
    s.max_plies = 80;
    return play_game(Opening{}, 12345, s, tt, searcher);
  }();
  return g;
}

GameRecord record_of(const GameOutcome& g, std::uint32_t index) {
  GameRecord r;
  r.index = index;
  r.result = g.result;
  r.reason = end_reason(g.reason);
  r.plies = std::uint16_t(g.plies);
  for (const Sample& s : g.samples) {
    PackedPosition p;
    std::string error;
    REQUIRE(pack_sample(s, p, error));
    r.positions.push_back(p);
  }
  return r;
}

// A game of one position.
GameRecord one_position_game(const std::string& fen) {
  GameOutcome g;
  g.samples.push_back({fen, 0.5, 0, 0});
  return record_of(g, 0);
}

// Reads every chunk of `bytes`; the status of the last read and the reader's error.
ChunkReader::Status read_bytes(const std::string& bytes, std::vector<Chunk>& chunks, std::string& error) {
  std::istringstream in(bytes);
  ChunkReader reader(in);
  for (Chunk c;;) {
    const auto s = reader.next(c);
    if (s != ChunkReader::Status::Chunk) return error = reader.error(), s;
    chunks.push_back(c);
  }
}

void put32(std::string& bytes, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes[at + std::size_t(i)] = char(v >> (8 * i));
}

// A game chunk whose payload was changed by `edit`, with the checksum made right again, so
// that the reader gets past the checksum to the payload's own checks.
std::string edited_game(const GameRecord& g, void (*edit)(std::string&)) {
  std::string bytes = game_chunk(g);
  std::string payload = bytes.substr(12, bytes.size() - 16);
  edit(payload);
  bytes = bytes.substr(0, 8);
  for (int i = 0; i < 4; ++i) bytes += char(payload.size() >> (8 * i));
  bytes += payload + "0000";
  put32(bytes, bytes.size() - 4, fnv1a32(payload.data(), payload.size()));
  return bytes;
}

}  // namespace

TEST_CASE("training data: records give back the positions of a real game", "[training_data]") {
  const GameOutcome& g = sample_game();
  REQUIRE(g.samples.size() >= 10);
  for (const Sample& s : g.samples) {
    INFO(s.fen);
    PackedPosition p;
    std::string error;
    REQUIRE(pack_sample(s, p, error));
    std::uint8_t bytes[PACKED_SIZE];
    encode(p, bytes);
    PackedPosition back;
    REQUIRE(decode(bytes, back, error));
    CHECK(to_fen(back) == s.fen);
    Position pos;
    REQUIRE(set_fen(pos, s.fen).ok);
    CHECK(back.side == pos.side_to_move());
    CHECK(back.score == (pos.side_to_move() == RED ? s.score : -s.score));  // the side to move's view
    CHECK(back.ply == s.ply);
    // From the start position the ply is what the move number says.
    CHECK(back.ply == 2 * (back.fullmove - 1) + (back.side == BLACK));
  }
}

TEST_CASE("training data: games round-trip through chunks and files concatenate", "[training_data]") {
  const GameRecord game = record_of(sample_game(), 7);
  GameRecord empty;
  empty.index = 8;
  empty.result = 0;
  empty.reason = EndReason::Resign;
  const std::string file1 = header_chunk("xqdatagen test") + game_chunk(game), file2 = header_chunk("second") + game_chunk(empty);
  std::vector<Chunk> chunks;
  std::string error;
  REQUIRE(read_bytes(file1 + file2, chunks, error) == ChunkReader::Status::End);
  REQUIRE(chunks.size() == 4);
  CHECK(chunks[0].header == "xqdatagen test");
  CHECK(chunks[2].header == "second");
  const GameRecord& back = chunks[1].game;
  CHECK(back.index == 7);
  CHECK(back.result == game.result);
  CHECK(back.reason == game.reason);
  CHECK(back.plies == game.plies);
  REQUIRE(back.positions.size() == game.positions.size());
  CHECK(game_chunk(back) == game_chunk(game));
  CHECK(chunks[3].game.positions.empty());
  CHECK(chunks[3].game.reason == EndReason::Resign);
  CHECK(chunks[3].game.result == 0);
}

TEST_CASE("training data: damage is refused with its reason", "[training_data]") {
  const GameRecord game = record_of(sample_game(), 3);
  const std::string good = header_chunk("h") + game_chunk(game);
  const auto refused = [](const std::string& bytes, ChunkReader::Status want, const std::string& words) {
    std::vector<Chunk> chunks;
    std::string error;
    const auto status = read_bytes(bytes, chunks, error);
    INFO(error);
    CHECK(status == want);
    CHECK(error.find(words) != std::string::npos);
  };
  using S = ChunkReader::Status;
  refused("# xqdatagen 1 seed 1\nrnbakabnr/9 | 1 | 0\n", S::Corrupt, "not xqengine training data");
  std::string bytes = good;
  bytes[4] = 2;
  refused(bytes, S::Corrupt, "format version 2");
  bytes = good;
  bytes[6] = 9;
  refused(bytes, S::Corrupt, "unknown chunk kind 9");
  refused(good.substr(0, good.size() - 1), S::Truncated, "ends inside a chunk");
  refused(good.substr(0, good.size() - 30), S::Truncated, "ends inside a chunk");
  refused(good + "XQT", S::Truncated, "ends inside a chunk's head");
  bytes = good;
  bytes[good.size() - 40] ^= 1;
  refused(bytes, S::Corrupt, "checksum mismatch");
  refused(good + "junk and more junk", S::Corrupt, "no XQTD magic where a chunk should start");
  // Payload errors behind a right checksum.
  refused(edited_game(game, [](std::string& p) { p[8] = char(p[8] + 1); }), S::Corrupt, "says");
  refused(edited_game(game, [](std::string& p) { p[4] = 3; }), S::Corrupt, "result code 3");
  refused(edited_game(game, [](std::string& p) { p[5] = 6; }), S::Corrupt, "end reason 6");
  refused(edited_game(game, [](std::string& p) { p[12 + 11] = char(0x80); }), S::Corrupt, "beyond square 89");
  refused(edited_game(game, [](std::string& p) { p[12 + 35] = 2; }), S::Corrupt, "flags byte");
  refused(edited_game(game, [](std::string& p) { p[12 + 32] = 0, p[12 + 33] = 0; }), S::Corrupt, "move number 0");
  // Piece codes: 8 is a colour without a type; the start position's fifth piece is the red
  // king (e0): as an advisor it makes three; a lone rook and king lose their king.
  const GameRecord start = one_position_game(Position::START_FEN);
  refused(edited_game(start, [](std::string& p) { p[12 + 12] = char((p[12 + 12] & 0xF0) | 8); }), S::Corrupt, "code 8 is no piece");
  refused(edited_game(start, [](std::string& p) { p[12 + 14] = char((p[12 + 14] & 0xF0) | 2); }), S::Corrupt, "too many red advisors");
  const GameRecord few = one_position_game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
  refused(edited_game(few, [](std::string& p) { p[12 + 12] = char((p[12 + 12] & 0x0F) | 0x20); }), S::Corrupt, "a king is missing");
  refused(edited_game(few, [](std::string& p) { p[12 + 14] = 5; }), S::Corrupt, "after the last occupied square");
}

TEST_CASE("training data: the committed text sample converts to binary and back byte for byte", "[training_data]") {
  const std::string path = std::string(XQ_DATA_DIR) + "/../tests/data/tuning_sample.txt";
  const std::string text = read_all(path);
  REQUIRE(text.size() > 100000);
  std::istringstream in(text);
  std::stringstream binary;
  ConvertStats stats;
  std::string error;
  REQUIRE(text_to_binary(in, binary, stats, error));
  CHECK(stats.games == 48);
  CHECK(stats.positions == 6573);
  CHECK(stats.dropped == 0);
  CHECK(binary.str().size() < text.size() * 6 / 10);
  std::ostringstream back;
  ConvertStats back_stats;
  REQUIRE(binary_to_text(binary, back, back_stats, error));
  CHECK(back.str() == text);
  CHECK(back_stats.positions == 6573);
}

TEST_CASE("training data: the converter refuses bad text, naming the line", "[training_data]") {
  const auto refused = [](const std::string& text, const std::string& words) {
    std::istringstream in(text);
    std::ostringstream out;
    ConvertStats stats;
    std::string error;
    CHECK_FALSE(text_to_binary(in, out, stats, error));
    INFO(error);
    CHECK(error.find(words) != std::string::npos);
  };
  const std::string start = std::string(Position::START_FEN);
  refused("# xqdatagen 1\n" + start + " | 1 | 10\n# game 0 result 1 plies 9 positions 2 mate\n", "line 3: the game line says 2");
  refused(start + " | 1 | ten\n", "line 1: score 'ten'");
  refused(start + " | 0 | 10\n# game 0 result 1 plies 9 positions 1 mate\n", "line 2: a position's result");
  refused("rnbakabnr/9/9 w - - 0 1 | 1 | 10\n", "line 1: FEN");
  refused(start + " | 1 | 40000\n", "does not fit 16 bits");
  refused("# game x result 1\n", "line 1: want '# game");
  // Another kind of file is named as such at its first byte that is not text, not quoted.
  refused(std::string("XQNN\0\x01\x02", 7), "line 1: byte 0x00 at column 5 is not text");
  refused(start + " | 1 | 10\n\xFC\x8D\x86 | 1 | 3\n", "line 2: byte 0xFC at column 1 is not text");
  // Comments may hold any UTF-8 (a book's or a note's name); the line is still read.
  std::istringstream note("# a note: \xE8\xB1\xA1\xE6\xA3\x8B\n" + start + " | 1 | 10\n# game 0 result 1 plies 9 positions 1 mate\n");
  std::ostringstream note_out;
  ConvertStats note_stats;
  std::string note_error;
  CHECK(text_to_binary(note, note_out, note_stats, note_error));
  CHECK(note_stats.games == 1);
  // A block after the last game line is a game cut short: left out and counted.
  std::istringstream in(start + " | 1 | 10\n# game 0 result 1 plies 9 positions 1 mate\n" + start + " | 0 | 3\n");
  std::ostringstream out;
  ConvertStats stats;
  std::string error;
  REQUIRE(text_to_binary(in, out, stats, error));
  CHECK(stats.games == 1);
  CHECK(stats.dropped == 1);
}

TEST_CASE("training data: xqdatagen's binary file resumes after a crash and refuses other settings", "[training_data]") {
  const std::string path = (std::filesystem::temp_directory_path() / ("xq_td_" + std::to_string(getpid()) + ".xqd")).string();
  const GameOutcome& g = sample_game();
  const GameFile file(FileFormat::Binary, path, "xqdatagen test settings");
  const std::string whole = file.header() + file.game(0, g) + file.game(1, g);
  const auto write = [&](const std::string& bytes) { std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes; };

  write(whole);
  CHECK(file.resume() == std::set<int>{0, 1});
  CHECK(read_all(path) == whole);
  // A game cut short by a crash is cut off, the games before it kept.
  write(whole.substr(0, whole.size() - 10));
  CHECK(file.resume() == std::set<int>{0});
  CHECK(read_all(path) == file.header() + file.game(0, g));
  // Other settings, or damage before the end, stop the run and leave the file alone.
  write(whole);
  CHECK_THROWS_WITH(GameFile(FileFormat::Binary, path, "other").resume(), Catch::Contains("other settings"));
  std::string damaged = whole;
  damaged[file.header().size() + 50] ^= 1;
  write(damaged);
  CHECK_THROWS_WITH(file.resume(), Catch::Contains("checksum mismatch"));
  CHECK(read_all(path) == damaged);
  std::filesystem::remove(path);
}
