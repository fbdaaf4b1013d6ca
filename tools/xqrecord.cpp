// xqrecord: game records converted between formats and notations.
//   xqrecord [--to iccs|wxf|chinese] FILE...
// Reads PGN (any notation, UTF-8/GB18030/Big5), XQF or DhtmlXQ, told by content, and writes
// every game as UTF-8 PGN in the chosen notation to stdout. A broken game is written up to the
// last move read, with its error on stderr; the exit status is then 1 (3: a file unreadable).
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli_parse.h"
#include "fileio/read_file.h"
#include "records/pgn_writer.h"
#include "records/record.h"

namespace {

int convert_file(const std::string& path, xq::records::Notation notation) {
  std::string bytes;
  if (const std::string error = xq::fileio::read_file(path, bytes, xq::fileio::record_rules()); !error.empty()) {
    std::cerr << "xqrecord: " << error << "\n";
    return 3;
  }
  const xq::records::RecordFile f = xq::records::read_record(bytes);
  if (!f.error.empty()) {
    std::cerr << "xqrecord: " << path << ": " << f.error << "\n";
    return 1;
  }
  int status = 0;
  for (const auto& g : f.games) {
    if (!g.error.empty()) {
      std::cerr << "xqrecord: " << path << ": " << g.error << "\n";
      status = 1;
    }
    std::cout << xq::records::write_pgn(g, notation);
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Converts game records (PGN, XQF, DhtmlXQ) to PGN in one notation"};
  std::string to = "iccs";
  std::vector<std::string> files;
  app.add_option("--to", to, "notation of the moves written: iccs, wxf or chinese")
      ->check(CLI::IsMember({"iccs", "wxf", "chinese"}));
  app.add_option("files", files, "record files; - reads the standard input")->required();
  if (const auto status = xq::tools::parse_command_line(app, argc, argv)) return *status;
  const auto notation = to == "wxf"       ? xq::records::Notation::Wxf
                        : to == "chinese" ? xq::records::Notation::Chinese
                                          : xq::records::Notation::Iccs;
  int status = 0;
  for (const auto& f : files) status = std::max(status, convert_file(f, notation));
  return status;
}
