#include "checkpoint.h"

#include <cstring>

#include "fileio/read_file.h"
#include "fileio/write_file.h"

namespace xq::nnue_train {

namespace {

constexpr std::uint32_t VERSION = 1;

std::uint64_t fnv1a64(const std::string& bytes, std::size_t n) {
  std::uint64_t h = 14695981039346656037ULL;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ std::uint8_t(bytes[i])) * 1099511628211ULL;
  return h;
}

void put(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += char((v >> (8 * i)) & 0xFF);
}

void put_text(std::string& out, const std::string& text) {
  put(out, text.size(), 4);
  out += text;
}

void put_floats(std::string& out, const std::vector<float>& v) {
  for (float x : v) {
    std::uint32_t bits;
    std::memcpy(&bits, &x, 4);
    put(out, bits, 4);
  }
}

// A bounds-checked little-endian cursor.
struct Reader {
  const std::string& bytes;
  std::size_t at = 0;
  bool ok = true;
  std::uint64_t get(int n) {
    if (!ok || bytes.size() - at < std::size_t(n)) return ok = false, 0;
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= std::uint64_t(std::uint8_t(bytes[at++])) << (8 * i);
    return v;
  }
  std::string text() {
    const std::size_t n = get(4);
    if (!ok || bytes.size() - at < n) return ok = false, "";
    at += n;
    return bytes.substr(at - n, n);
  }
  void floats(std::vector<float>& v, std::size_t n) {
    v.resize(n);
    for (float& x : v) {
      const auto bits = std::uint32_t(get(4));
      std::memcpy(&x, &bits, 4);
    }
  }
};

}  // namespace

bool save_checkpoint(const std::string& path, const Checkpoint& c, std::string& error) {
  std::string out = "XQNC";
  put(out, VERSION, 4);
  put_text(out, c.settings);
  put(out, std::uint64_t(c.epochs_done), 4);
  put(out, c.adam.step, 8);
  put_text(out, c.history);
  put(out, c.net.params.size(), 8);
  put_floats(out, c.net.params);
  put_floats(out, c.adam.m);
  put_floats(out, c.adam.v);
  put(out, fnv1a64(out, out.size()), 8);
  error = fileio::replace_file(path, out);
  return error.empty();
}

bool load_checkpoint(const std::string& path, Checkpoint& out, std::string& error) {
  std::string bytes;
  if (std::string why = fileio::read_file(path, bytes); !why.empty()) return error = why, false;
  const auto fail = [&](const std::string& what) { return error = path + ": " + what, false; };
  if (bytes.size() < 16 || bytes.compare(0, 4, "XQNC") != 0) return fail("not a trainer checkpoint");
  Reader r{bytes, 4};
  if (const auto v = r.get(4); v != VERSION) return fail("checkpoint version " + std::to_string(v) + ", this build reads 1");
  Checkpoint c;
  c.settings = r.text();
  c.epochs_done = int(r.get(4));
  c.adam.step = r.get(8);
  c.history = r.text();
  const std::uint64_t n = r.get(8);
  if (!r.ok) return fail("truncated");
  if (n != PARAM_COUNT) return fail("holds " + std::to_string(n) + " parameters, this network has " + std::to_string(PARAM_COUNT));
  if (bytes.size() != r.at + 3 * 4 * n + 8) return fail("truncated or too long");
  if (fnv1a64(bytes, bytes.size() - 8) != Reader{bytes, bytes.size() - 8}.get(8)) return fail("checksum mismatch");
  r.floats(c.net.params, n);
  r.floats(c.adam.m, n);
  r.floats(c.adam.v, n);
  out = std::move(c);
  return true;
}

}  // namespace xq::nnue_train
