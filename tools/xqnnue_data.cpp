// xqnnue_data: the network's training data (tools/datagen/training_data.h) from the text
// format and back, and a check of binary files.
//
//   xqnnue_data to-binary gen0/*.txt --out gen0.xqd     text files -> one binary file
//   xqnnue_data to-text gen0.xqd --out gen0.txt          binary -> text (xqtune reads it)
//   xqnnue_data info gen0.xqd                            headers, games, positions; every chunk checked
//
// The output is written to "<out>.tmp" and renamed only when every input converted, so a
// bad input leaves no half-written file and an existing output untouched.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <CLI/CLI.hpp>

#include "cli_parse.h"
#include "datagen/convert.h"
#include "fileio/read_file.h"
#include "fileio/write_file.h"

namespace {

using namespace xq::datagen;

// Runs `convert` on each input in turn into <out>.tmp, then renames it to <out>.
template <class Convert>
int convert_files(const std::vector<std::string>& inputs, const std::string& out_path, Convert convert) {
  const std::string tmp = out_path + ".tmp";
  std::ofstream out;
  if (const std::string why = xq::fileio::open_output(tmp, out, std::ios::binary | std::ios::trunc); !why.empty())
    return std::cerr << "xqnnue_data: " << why << "\n", 1;
  ConvertStats stats;
  for (const std::string& path : inputs) {
    std::ifstream in;
    std::string error = xq::fileio::open_input(path, in);
    if (error.empty() && !convert(in, out, stats, error)) error = error.empty() ? "failed" : error;
    if (!error.empty()) {
      out.close();
      std::filesystem::remove(tmp);
      std::cerr << "xqnnue_data: " << path << ": " << error << " (nothing written)\n";
      return 1;
    }
  }
  out.close();
  if (!out) return std::cerr << "xqnnue_data: writing '" << tmp << "' failed (a full disk?)\n", 1;
  if (const std::string why = xq::fileio::rename_over(tmp, out_path); !why.empty()) return std::cerr << "xqnnue_data: " << why << "\n", 1;
  std::fprintf(stderr, "%llu games, %llu positions written to %s", (unsigned long long)stats.games,
               (unsigned long long)stats.positions, out_path.c_str());
  if (stats.dropped) std::fprintf(stderr, " (%llu positions of unfinished games left out)", (unsigned long long)stats.dropped);
  std::fprintf(stderr, "\n");
  return 0;
}

int info(const std::vector<std::string>& inputs) {
  int bad = 0;
  for (const std::string& path : inputs) {
    std::ifstream in;
    if (const std::string error = xq::fileio::open_input(path, in); !error.empty()) {
      std::cerr << "xqnnue_data: " << error << "\n";
      ++bad;
      continue;
    }
    ChunkReader reader(in);
    unsigned long long games = 0, positions = 0, wins[3] = {};
    for (Chunk c;;) {
      const auto status = reader.next(c);
      if (status == ChunkReader::Status::End) break;
      if (status != ChunkReader::Status::Chunk) {
        std::cerr << "xqnnue_data: " << path << ": " << reader.error() << "\n";
        ++bad;
        break;
      }
      if (c.kind == ChunkKind::Header) {
        std::cout << path << ": header: " << c.header << "\n";
      } else {
        ++games;
        positions += c.game.positions.size();
        ++wins[int(c.game.result * 2)];
      }
    }
    std::cout << path << ": " << games << " games, " << positions << " positions; Red won " << wins[2] << ", drawn "
              << wins[1] << ", Black won " << wins[0] << "\n";
  }
  return bad ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"xqnnue_data: the network's training data (tools/datagen/training_data.h)"};
  app.require_subcommand(1);
  std::vector<std::string> inputs;
  std::string out;
  auto* to_binary = app.add_subcommand("to-binary", "text files (tools/datagen/sample_format.h) -> one binary file");
  to_binary->add_option("inputs", inputs, "text files")->required();
  to_binary->add_option("--out", out, "binary file to write")->required();
  auto* to_text = app.add_subcommand("to-text", "binary files -> one text file");
  to_text->add_option("inputs", inputs, "binary files")->required();
  to_text->add_option("--out", out, "text file to write")->required();
  auto* check = app.add_subcommand("info", "headers, games and positions of binary files; checks every chunk");
  check->add_option("inputs", inputs, "binary files")->required();
  if (const auto status = xq::tools::parse_command_line(app, argc, argv)) return *status;
  if (*to_binary) return convert_files(inputs, out, text_to_binary);
  if (*to_text) return convert_files(inputs, out, binary_to_text);
  return info(inputs);
}
