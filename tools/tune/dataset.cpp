#include "dataset.h"

#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "datagen/sample_format.h"
#include "engine/notation.h"
#include "fileio/read_file.h"

namespace xq::tune {

void add_position(Dataset& data, const Position& pos, double result, int score, const eval::EvalModel& model) {
  const eval::EvalTrace t = eval::trace(pos, model);
  Entry e;
  e.first = std::uint32_t(data.terms.size());
  for (int i = 0; i < eval::PARAM_NB; ++i)
    if (const int c = t.coeff[RED][i] - t.coeff[BLACK][i]; c != 0) data.terms.push_back({std::uint16_t(i), std::int16_t(c)});
  e.count = std::uint16_t(data.terms.size() - e.first);
  e.phase = std::uint8_t(t.phase);
  e.scale[RED] = std::uint8_t(t.scale[RED]);
  e.scale[BLACK] = std::uint8_t(t.scale[BLACK]);
  e.result = float(result);
  e.score = float(score);
  data.entries.push_back(e);
}

bool held_out(long game, double fraction) {
  // splitmix64's finaliser: neighbouring game numbers land far apart.
  std::uint64_t z = std::uint64_t(game) + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return double(z >> 11) * 0x1.0p-53 < fraction;
}

void load(Dataset& data, const std::string& path, const eval::EvalModel& model, long limit, const Holdout& holdout) {
  std::ifstream in;
  if (std::string error = fileio::open_input(path, in, false); !error.empty()) throw std::runtime_error(error);
  std::string line, error;
  Position pos;
  // A game's positions come before the line that names it: keep them until then.
  std::vector<datagen::Sample> block;
  const auto read = [&] { return long(data.entries.size() + (holdout.data ? holdout.data->entries.size() : 0)); };
  const auto flush = [&](Dataset& to) {
    for (const datagen::Sample& s : block) {
      if (limit > 0 && read() >= limit) break;
      if (set_fen(pos, s.fen).ok) add_position(to, pos, s.result, s.score, model);
      else ++data.skipped;
    }
    block.clear();
  };
  while ((limit <= 0 || read() < limit) && std::getline(in, line)) {
    if (auto s = datagen::parse_sample(line, error)) {
      block.push_back(std::move(*s));
    } else if (line.rfind("# game ", 0) == 0 && holdout.data) {
      const long game = std::strtol(line.c_str() + 7, nullptr, 10);
      flush(held_out(game % std::max(1L, holdout.book_lines), holdout.fraction) ? *holdout.data : data);
    } else {
      data.skipped += !error.empty();
      if (line.rfind("# game ", 0) == 0) flush(data);
    }
  }
  flush(data);
}

}  // namespace xq::tune
