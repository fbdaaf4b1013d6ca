// Training positions in binary (".xqd"), for the network trainer (xqnnue_train); written by
// `xqdatagen --format binary` and by `xqnnue_data convert` from the text format
// (sample_format.h). About 37 bytes a position against about 75 as text, and no parsing.
//
// A file is a sequence of chunks, so files concatenate: `cat a.xqd b.xqd > all.xqd` is a
// valid file, which is how shards merge. Integers are little-endian. A chunk:
//
//   offset 0    char[4]  "XQTD"
//          4    u16      format version = 1
//          6    u16      kind: 1 = header, 2 = game
//          8    u32      payload length L (at most 64 MiB)
//          12   L bytes  payload
//          12+L u32      FNV-1a 32 of the payload
//
// Header payload: UTF-8 text, the generator and the settings that decide the games (xqdatagen
// starts each file with one; a concatenation holds several).
//
// Game payload, one game's positions in the order played:
//   0   u32  game index (xqdatagen: picks the book line and the seed)
//   4   u8   result for Red: 0 Black won, 1 draw, 2 Red won
//   5   u8   how it ended: 0 unknown, 1 mate, 2 repetition, 3 natural limit, 4 move limit, 5 resign
//   6   u16  plies the game lasted
//   8   u32  positions n
//   12  n records of 36 bytes:
//       0   u8[12] occupancy: bit s % 8 of byte s / 8 is set when square s (rank * 9 + file, as in
//                  engine/types.h) holds a piece; bits 90-95 are zero
//       12  u8[16] the pieces on the occupied squares in ascending square order, two a byte, the
//                  first in the low nibble; code = colour * 8 + type (engine/types.h: 1-7 Red
//                  king, advisor, elephant, horse, rook, cannon, pawn; 9-15 Black); unused
//                  nibbles zero
//       28  i16  search score in centipawns FOR THE SIDE TO MOVE (the text format's is Red's)
//       30  u16  ply: plies played since the game's start position (converted text: from the
//                move number, 2 * (fullmove - 1) + (1 if Black is to move), which is the same
//                for games from the start position, as xqdatagen's book lines are)
//       32  u16  fullmove number (FEN field 6)
//       34  u8   plies since the last capture (FEN field 5)
//       35  u8   flags: bit 0 side to move (0 Red, 1 Black); other bits zero
//
// Readers refuse a file that does not start with the magic, another version, an unknown kind,
// a truncated chunk, a checksum mismatch, a game whose length disagrees with its count, and a
// record that is no position (spare bits, bad piece codes, too many pieces, a missing king),
// naming the offset.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "packed_position.h"

namespace xq::datagen {

constexpr std::uint16_t TRAINING_DATA_VERSION = 1;

enum class EndReason : std::uint8_t { Unknown, Mate, Repetition, NaturalLimit, MoveLimit, Resign };
// xqdatagen's words ("mate", "repetition", ...) and back; Unknown for anything else.
EndReason end_reason(const std::string& text);
const char* end_reason_text(EndReason r);

struct GameRecord {
  std::uint32_t index = 0;
  double result = 0.5;  // for Red: 1, 0.5 or 0
  EndReason reason = EndReason::Unknown;
  std::uint16_t plies = 0;
  std::vector<PackedPosition> positions;
};

// A whole chunk, ready to write.
std::string header_chunk(const std::string& text);
std::string game_chunk(const GameRecord& game);

enum class ChunkKind : std::uint16_t { Header = 1, Game = 2 };

struct Chunk {
  ChunkKind kind = ChunkKind::Header;
  std::string header;  // kind == Header
  GameRecord game;     // kind == Game
};

// Reads chunks one by one from a stream (a file, or the concatenation of several).
class ChunkReader {
 public:
  enum class Status { Chunk, End, Truncated, Corrupt };

  explicit ChunkReader(std::istream& in) : in_(in) {}
  // Chunk: `out` holds the next chunk. End: the stream ended between chunks. Truncated: it
  // ended inside a chunk. Corrupt: anything else wrong. On Truncated and Corrupt, error()
  // names the problem and its offset, and offset() is where the bad chunk starts.
  Status next(Chunk& out);
  const std::string& error() const { return error_; }
  std::uint64_t offset() const { return offset_; }

 private:
  Status fail(Status s, const std::string& what);
  std::istream& in_;
  std::uint64_t offset_ = 0;  // start of the chunk being read
  std::string error_;
};

// Every chunk of a file (tests and small files; the trainer streams with ChunkReader).
// False with `error` on a file that cannot be read or any bad chunk.
bool read_training_file(const std::string& path, std::vector<Chunk>& out, std::string& error);

std::uint32_t fnv1a32(const void* data, std::size_t size);

}  // namespace xq::datagen
