// xqbookgen: our opening books (book/README.md). `build` makes an .xqb book from PGN games
// with ICCS moves; `probe` lists what a book (ours or ElephantEye's BOOK.DAT) offers in a
// position. The match openings are a different thing, made by xqbook (data/openings/).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli_parse.h"
#include "book/book.h"
#include "book/builder.h"
#include "book/pgn_games.h"
#include "book/xqb_format.h"
#include "engine/notation.h"
#include "fileio/read_file.h"
#include "fileio/write_file.h"

namespace {

int build(const std::vector<std::string>& inputs, const xq::book::BuildOptions& options, const std::string& output) {
  xq::book::Builder builder(options);
  for (const std::string& path : inputs) {
    std::string text;
    if (const std::string error = xq::fileio::read_file(path, text); !error.empty())
      return std::cerr << "xqbookgen: " << error << "\n", 1;
    for (const std::string& problem : builder.add(xq::book::read_pgn_games(text)))
      std::cerr << "xqbookgen: " << path << ": " << problem << "\n";
  }
  const std::vector<xq::book::Entry> entries = builder.entries();
  const std::string bytes = xq::book::xqb::write(entries);
  if (const std::string error = xq::fileio::write_file(output, bytes); !error.empty())
    return std::cerr << "xqbookgen: " << error << "\n", 1;
  std::cerr << "xqbookgen: " << builder.games() << " games, " << entries.size() << " book moves, " << bytes.size()
            << " bytes -> " << output << "\n";
  return 0;
}

int probe(const std::string& path, const std::string& fen, const std::vector<std::string>& moves) {
  std::string bytes, error;
  if (error = xq::fileio::read_file(path, bytes); !error.empty()) return std::cerr << "xqbookgen: " << error << "\n", 1;
  const auto book = xq::book::parse_book(bytes, path, error);
  if (!book) return std::cerr << "xqbookgen: '" << path << "': " << error << "\n", 1;
  xq::Position pos;
  if (!fen.empty()) {
    if (const xq::FenResult fr = xq::set_fen(pos, fen); !fr.ok) return std::cerr << "xqbookgen: bad FEN: " << fr.error << "\n", 1;
  }
  for (const std::string& m : moves) {
    const xq::MoveResult mr = xq::parse_move(pos, m);
    if (!mr.ok()) return std::cerr << "xqbookgen: move '" << m << "': " << mr.error << "\n", 1;
    pos.do_move(mr.move);
  }
  std::cout << "# " << xq::book::format_name(book->format()) << ", " << book->size() << " rows; " << xq::to_fen(pos) << "\n";
  for (const xq::book::BookMove& b : book->moves(pos))
    std::cout << xq::move_to_string(b.move) << " weight " << b.weight << " wins " << b.wins << " draws " << b.draws
              << " losses " << b.losses << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Opening books: build an .xqb book from PGN games, or list a book's moves in a position"};
  app.require_subcommand(1);

  std::vector<std::string> inputs;
  std::string output;
  xq::book::BuildOptions options;
  CLI::App* b = app.add_subcommand("build", "make an .xqb book from PGN files with ICCS moves");
  b->add_option("pgn", inputs, "PGN files")->required();
  b->add_option("-o,--output", output, "the book file")->required();
  b->add_option("--max-plies", options.max_plies, "positions of each game's first N plies")->check(CLI::Range(1, 400));
  b->add_option("--min-games", options.min_games, "keep a move played in at least N games")->check(CLI::Range(1, 1000000));

  std::string book, fen;
  std::vector<std::string> moves;
  CLI::App* p = app.add_subcommand("probe", "list a book's moves in a position (default: the start)");
  p->add_option("book", book, "an .xqb book or ElephantEye's BOOK.DAT")->required();
  p->add_option("--fen", fen, "the position");
  p->add_option("--moves", moves, "ICCS moves played from it");

  if (const auto status = xq::tools::parse_command_line(app, argc, argv)) return *status;
  if (b->parsed()) return build(inputs, options, output);
  return probe(book, fen, moves);
}
