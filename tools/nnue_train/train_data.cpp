#include "train_data.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "datagen/convert.h"
#include "datagen/training_data.h"
#include "engine/notation.h"
#include "eval/material_scale.h"
#include "engine/random.h"
#include "fileio/read_file.h"

namespace xq::nnue_train {

namespace {

using datagen::Chunk;
using datagen::ChunkReader;
using datagen::PackedPosition;

Entry make_entry(const PackedPosition& p, double red_result) {
  Entry e;
  for (int i = 0; i < 8; ++i) e.occupied_low |= std::uint64_t(p.occupancy[std::size_t(i)]) << (8 * i);
  for (int i = 8; i < 12; ++i) e.occupied_high |= std::uint32_t(p.occupancy[std::size_t(i)]) << (8 * (i - 8));
  std::memcpy(e.pieces, p.pieces.data(), 16);
  e.score = p.score;
  e.side = std::uint8_t(p.side);
  const int red = red_result >= 1 ? 2 : red_result <= 0 ? 0 : 1;
  e.result = std::uint8_t(p.side == RED ? red : 2 - red);
  return e;
}

bool in_check(const PackedPosition& p) {
  Position pos;
  return set_fen(pos, datagen::to_fen(p)).ok && pos.in_check();
}

// Whether game number g is held out for validation.
bool held_out(std::uint64_t g, std::uint64_t seed, double fraction) {
  std::uint64_t state = seed * 0x9E3779B97F4A7C15ULL ^ (g + 1) * 0xD1B54A32D192ED03ULL;
  return double(splitmix64(state) >> 11) * 0x1.0p-53 < fraction;
}

// Chunks from one stream into `out`; false with `error` on a bad chunk.
bool read_chunks(std::istream& in, const LoadFilter& filter, double fraction, std::uint64_t seed, DataSet& out,
                 std::string& error) {
  ChunkReader reader(in);
  for (Chunk c;;) {
    const auto status = reader.next(c);
    if (status == ChunkReader::Status::End) return true;
    if (status != ChunkReader::Status::Chunk) return error = reader.error(), false;
    if (c.kind == datagen::ChunkKind::Header) {
      out.stats.headers.push_back(c.header);
      continue;
    }
    const bool validation = held_out(out.stats.games++, seed, fraction);
    ++(validation ? out.stats.validation_games : out.stats.train_games);
    auto& dest = validation ? out.validation : out.train;
    for (const PackedPosition& p : c.game.positions) {
      ++out.stats.positions;
      if (p.ply < filter.min_ply) ++out.stats.skipped_ply;
      else if (p.score > filter.max_score || p.score < -filter.max_score) ++out.stats.skipped_score;
      else if (filter.skip_in_check && in_check(p)) ++out.stats.skipped_check;
      else {
        dest.push_back(make_entry(p, c.game.result));
        if (filter.unscale_material)
          dest.back().score = unscale_by_material(dest.back().score, entry_attacking_material(dest.back()));
      }
    }
  }
}

bool load_file(const std::string& path, const LoadFilter& filter, double fraction, std::uint64_t seed, DataSet& out,
               std::string& error) {
  std::ifstream in;
  if (error = fileio::open_input(path, in); !error.empty()) return false;
  char magic[4] = {};
  in.read(magic, 4);
  in.clear();
  in.seekg(0);
  if (std::memcmp(magic, "XQTD", 4) == 0) {
    if (!read_chunks(in, filter, fraction, seed, out, error)) return error = path + ": " + error, false;
    return true;
  }
  // Text: converted in memory first, so both formats take one path.
  std::stringstream binary;
  datagen::ConvertStats stats;
  if (!datagen::text_to_binary(in, binary, stats, error)) return error = path + ": " + error, false;
  out.stats.dropped_unfinished += stats.dropped;
  if (!read_chunks(binary, filter, fraction, seed, out, error)) return error = path + " (converted): " + error, false;
  return true;
}

}  // namespace

bool load_data(const std::vector<std::string>& paths, const LoadFilter& filter, double validation_fraction,
               std::uint64_t seed, DataSet& out, std::string& error) {
  DataSet data;
  for (const std::string& path : paths)
    if (!load_file(path, filter, validation_fraction, seed, data, error)) return false;
  out = std::move(data);
  return true;
}

int entry_pieces(const Entry& e, EntryPiece* out) {
  int n = 0;
  const auto add = [&](std::uint64_t bits, int base) {
    for (; bits; bits &= bits - 1, ++n)
      out[n] = {Piece((e.pieces[n / 2] >> (n % 2 * 4)) & 15), base + __builtin_ctzll(bits)};
  };
  add(e.occupied_low, 0);
  add(e.occupied_high, 64);
  return n;
}

int entry_attacking_material(const Entry& e) {
  EntryPiece placed[32];
  const int n = entry_pieces(e, placed);
  int material = 0;
  for (int i = 0; i < n; ++i) {
    const PieceType t = type_of(placed[i].piece);
    if (t == ROOK) material += eval::ROOK_ATTACK_VALUE;
    else if (t == CANNON || t == HORSE) material += eval::MINOR_ATTACK_VALUE;
  }
  return material;
}

std::int16_t unscale_by_material(int score, int material) {
  const double v = std::round(double(score) * eval::MATERIAL_SCALE_DIV / (eval::MATERIAL_SCALE_BASE + material));
  return std::int16_t(std::clamp(v, -32767.0, 32767.0));
}

std::string entry_fen(const Entry& e) {
  Position pos;
  pos.clear();
  EntryPiece placed[32];
  const int n = entry_pieces(e, placed);
  for (int i = 0; i < n; ++i) pos.put_piece(placed[i].piece, placed[i].square);
  pos.set_side(Color(e.side));
  pos.reset_history();
  return to_fen(pos);
}

}  // namespace xq::nnue_train
