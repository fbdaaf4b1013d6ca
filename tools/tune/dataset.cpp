#include "dataset.h"

#include <fstream>
#include <stdexcept>

#include "datagen/sample_format.h"
#include "engine/notation.h"

namespace xq::tune {

void add_position(Dataset& data, const Position& pos, double result, int score, const search::EvalModel& model) {
  const search::EvalTrace t = search::trace(pos, model);
  Entry e;
  e.first = std::uint32_t(data.terms.size());
  for (int i = 0; i < search::PARAM_NB; ++i)
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

void load(Dataset& data, const std::string& path, const search::EvalModel& model, long limit, const Holdout& holdout) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::string line, error;
  Position pos;
  long game = 0;
  const auto read = [&] { return long(data.entries.size() + (holdout.data ? holdout.data->entries.size() : 0)); };
  bool hold = holdout.data && held_out(game, holdout.fraction);
  while (std::getline(in, line) && (limit <= 0 || read() < limit)) {
    const auto s = datagen::parse_sample(line, error);
    if (!s) {
      if (line.rfind("# game ", 0) == 0) hold = holdout.data && held_out(++game, holdout.fraction);
      data.skipped += !error.empty();
      continue;
    }
    if (!set_fen(pos, s->fen).ok) {
      ++data.skipped;
      continue;
    }
    add_position(hold ? *holdout.data : data, pos, s->result, s->score, model);
  }
}

}  // namespace xq::tune
