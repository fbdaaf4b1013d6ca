#include "game_file.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "convert.h"

namespace xq::datagen {

std::string GameFile::header() const {
  return format_ == FileFormat::Text ? "# " + settings_ + "\n" : header_chunk(settings_);
}

std::set<int> GameFile::resume() const { return format_ == FileFormat::Text ? resume_text() : resume_binary(); }

std::set<int> GameFile::resume_text() const {
  std::set<int> done;
  std::ifstream in(path_, std::ios::binary);
  if (!in) return done;
  const std::string header = "# " + settings_;
  std::string line;
  std::uintmax_t keep = 0, offset = 0;
  bool first = true;
  while (std::getline(in, line)) {
    offset += line.size() + 1;
    if (first) {
      if (line != header) throw std::runtime_error(path_ + " was made with other settings:\n  " + line + "\nnot\n  " + header);
      keep = offset;
      first = false;
    } else if (line.rfind("# game ", 0) == 0 && !in.eof()) {
      done.insert(std::stoi(line.substr(7)));
      keep = offset;
    }
  }
  in.close();
  if (first) return done;  // empty file: start afresh
  std::filesystem::resize_file(path_, keep);
  return done;
}

std::set<int> GameFile::resume_binary() const {
  std::set<int> done;
  std::ifstream in(path_, std::ios::binary);
  if (!in) return done;
  ChunkReader reader(in);
  std::uint64_t keep = 0;
  for (Chunk c;;) {
    const auto status = reader.next(c);
    if (status == ChunkReader::Status::End) break;
    if (status == ChunkReader::Status::Truncated) break;  // a game cut short by a crash: play it again
    if (status == ChunkReader::Status::Corrupt) throw std::runtime_error(path_ + ": " + reader.error());
    if (keep == 0 && (c.kind != ChunkKind::Header || c.header != settings_))
      throw std::runtime_error(path_ + " was made with other settings:\n  " +
                               (c.kind == ChunkKind::Header ? c.header : std::string("(no header)")) + "\nnot\n  " + settings_);
    if (keep != 0 && c.kind != ChunkKind::Game) throw std::runtime_error(path_ + ": a second header inside the file");
    if (c.kind == ChunkKind::Game) done.insert(int(c.game.index));
    keep = reader.offset();
  }
  in.close();
  if (std::filesystem::file_size(path_) != keep) std::filesystem::resize_file(path_, keep);
  return done;
}

std::string GameFile::game(int index, const GameOutcome& g) const {
  if (format_ == FileFormat::Text) {
    std::string block;
    for (const Sample& s : g.samples) block += format_sample(s) + "\n";
    return block + "# game " + std::to_string(index) + " result " + result_text(g.result) + " plies " +
           std::to_string(g.plies) + " positions " + std::to_string(g.samples.size()) + " " + g.reason + "\n";
  }
  GameRecord r;
  r.index = std::uint32_t(index);
  r.result = g.result;
  r.reason = end_reason(g.reason);
  r.plies = std::uint16_t(g.plies);
  std::string error;
  for (const Sample& s : g.samples) {
    PackedPosition p;
    if (!pack_sample(s, p, error)) throw std::runtime_error("game " + std::to_string(index) + ": " + error);
    r.positions.push_back(p);
  }
  return game_chunk(r);
}

}  // namespace xq::datagen
