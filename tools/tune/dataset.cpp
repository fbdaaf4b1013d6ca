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

void load(Dataset& data, const std::string& path, const search::EvalModel& model, long limit) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::string line, error;
  Position pos;
  while (std::getline(in, line) && (limit <= 0 || long(data.entries.size()) < limit)) {
    const auto s = datagen::parse_sample(line, error);
    if (!s) {
      data.skipped += !error.empty();
      continue;
    }
    if (!set_fen(pos, s->fen).ok) {
      ++data.skipped;
      continue;
    }
    add_position(data, pos, s->result, s->score, model);
  }
}

}  // namespace xq::tune
