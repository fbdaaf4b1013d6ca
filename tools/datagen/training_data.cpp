#include "training_data.h"

#include <array>
#include <cstring>
#include <fstream>

#include "fileio/read_file.h"

namespace xq::datagen {

namespace {

constexpr char MAGIC[4] = {'X', 'Q', 'T', 'D'};
constexpr std::size_t CHUNK_HEAD = 12, GAME_HEAD = 12;
constexpr std::uint32_t MAX_PAYLOAD = 64u << 20;

const char* const REASONS[] = {"unknown", "mate", "repetition", "natural limit", "move limit", "resign"};

void put(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += char((v >> (8 * i)) & 0xFF);
}

std::uint64_t get(const std::uint8_t* in, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= std::uint64_t(in[i]) << (8 * i);
  return v;
}

std::string chunk(ChunkKind kind, const std::string& payload) {
  std::string out(MAGIC, 4);
  put(out, TRAINING_DATA_VERSION, 2);
  put(out, std::uint16_t(kind), 2);
  put(out, payload.size(), 4);
  out += payload;
  put(out, fnv1a32(payload.data(), payload.size()), 4);
  return out;
}

int result_code(double result) { return result >= 1 ? 2 : result <= 0 ? 0 : 1; }

// The game payload's fields; false with `error` when it is no game.
bool parse_game(const std::string& payload, GameRecord& g, std::string& error) {
  if (payload.size() < GAME_HEAD) return error = "game chunk shorter than its 12-byte head", false;
  const auto* p = reinterpret_cast<const std::uint8_t*>(payload.data());
  g.index = std::uint32_t(get(p, 4));
  if (p[4] > 2) return error = "result code " + std::to_string(p[4]) + " is not 0, 1 or 2", false;
  g.result = p[4] / 2.0;
  if (p[5] > std::uint8_t(EndReason::Resign)) return error = "end reason " + std::to_string(p[5]) + " is unknown", false;
  g.reason = EndReason(p[5]);
  g.plies = std::uint16_t(get(p + 6, 2));
  const std::uint64_t n = get(p + 8, 4);
  if (GAME_HEAD + n * PACKED_SIZE != payload.size())
    return error = "game " + std::to_string(g.index) + " says " + std::to_string(n) + " positions but holds " +
                   std::to_string(payload.size() - GAME_HEAD) + " bytes of them",
           false;
  g.positions.resize(n);
  for (std::size_t i = 0; i < n; ++i)
    if (!decode(p + GAME_HEAD + i * PACKED_SIZE, g.positions[i], error))
      return error = "game " + std::to_string(g.index) + " position " + std::to_string(i) + ": " + error, false;
  return true;
}

}  // namespace

std::uint32_t fnv1a32(const void* data, std::size_t size) {
  std::uint32_t h = 2166136261u;
  const auto* p = static_cast<const std::uint8_t*>(data);
  for (std::size_t i = 0; i < size; ++i) h = (h ^ p[i]) * 16777619u;
  return h;
}

EndReason end_reason(const std::string& text) {
  for (std::size_t i = 1; i < std::size(REASONS); ++i)
    if (text == REASONS[i]) return EndReason(i);
  return EndReason::Unknown;
}

const char* end_reason_text(EndReason r) { return REASONS[std::size_t(r)]; }

std::string header_chunk(const std::string& text) { return chunk(ChunkKind::Header, text); }

std::string game_chunk(const GameRecord& g) {
  std::string payload;
  payload.reserve(GAME_HEAD + g.positions.size() * PACKED_SIZE);
  put(payload, g.index, 4);
  put(payload, std::uint64_t(result_code(g.result)), 1);
  put(payload, std::uint64_t(g.reason), 1);
  put(payload, g.plies, 2);
  put(payload, g.positions.size(), 4);
  std::uint8_t rec[PACKED_SIZE];
  for (const PackedPosition& p : g.positions) {
    encode(p, rec);
    payload.append(reinterpret_cast<const char*>(rec), PACKED_SIZE);
  }
  return chunk(ChunkKind::Game, payload);
}

ChunkReader::Status ChunkReader::fail(Status s, const std::string& what) {
  error_ = what + " (chunk at byte " + std::to_string(offset_) + ")";
  return s;
}

ChunkReader::Status ChunkReader::next(Chunk& out) {
  std::array<std::uint8_t, CHUNK_HEAD> head;
  in_.read(reinterpret_cast<char*>(head.data()), CHUNK_HEAD);
  const auto got = std::size_t(in_.gcount());
  if (got == 0) return Status::End;
  if (got < CHUNK_HEAD) return fail(Status::Truncated, "the file ends inside a chunk's head");
  if (std::memcmp(head.data(), MAGIC, 4) != 0)
    return fail(Status::Corrupt, offset_ == 0 ? "not xqengine training data (no XQTD magic)" : "no XQTD magic where a chunk should start");
  if (const auto v = get(head.data() + 4, 2); v != TRAINING_DATA_VERSION)
    return fail(Status::Corrupt, "format version " + std::to_string(v) + ", this build reads " + std::to_string(TRAINING_DATA_VERSION));
  const auto kind = get(head.data() + 6, 2);
  if (kind != std::uint16_t(ChunkKind::Header) && kind != std::uint16_t(ChunkKind::Game))
    return fail(Status::Corrupt, "unknown chunk kind " + std::to_string(kind));
  const auto length = get(head.data() + 8, 4);
  if (length > MAX_PAYLOAD) return fail(Status::Corrupt, "chunk length " + std::to_string(length) + " is beyond 64 MiB");
  std::string payload(length, '\0');
  std::uint8_t sum[4];
  const std::string truncated = "the file ends inside a chunk of " + std::to_string(CHUNK_HEAD + length + 4) + " bytes";
  in_.read(payload.data(), std::streamsize(length));
  if (std::uint64_t(in_.gcount()) != length) return fail(Status::Truncated, truncated);
  in_.read(reinterpret_cast<char*>(sum), 4);
  if (in_.gcount() != 4) return fail(Status::Truncated, truncated);
  if (get(sum, 4) != fnv1a32(payload.data(), payload.size())) return fail(Status::Corrupt, "checksum mismatch");
  Chunk c;
  c.kind = ChunkKind(kind);
  if (c.kind == ChunkKind::Header) {
    c.header = std::move(payload);
  } else if (std::string why; !parse_game(payload, c.game, why)) {
    return fail(Status::Corrupt, why);
  }
  out = std::move(c);
  offset_ += CHUNK_HEAD + length + 4;
  return Status::Chunk;
}

bool read_training_file(const std::string& path, std::vector<Chunk>& out, std::string& error) {
  std::ifstream in;
  if (error = fileio::open_input(path, in); !error.empty()) return false;
  ChunkReader reader(in);
  std::vector<Chunk> chunks;
  for (Chunk c;;) {
    const auto s = reader.next(c);
    if (s == ChunkReader::Status::End) break;
    if (s != ChunkReader::Status::Chunk) return error = path + ": " + reader.error(), false;
    chunks.push_back(std::move(c));
  }
  out = std::move(chunks);
  return true;
}

}  // namespace xq::datagen
