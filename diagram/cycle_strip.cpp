#include "diagram/cycle_strip.h"

#include <algorithm>
#include <utility>

#include "diagram/diagram.h"
#include "diagram/palette.h"
#include "judge/judge.h"

namespace xq::diagram {
namespace {

// The offender's class over its window: what its repetition is called.
judge::Level offence(const judge::RulingPoint& r) {
  judge::Level level = judge::Level::Idle;
  for (const auto& w : r.windows)
    if (w.player == r.offender) level = std::max(level, w.level);
  return level;
}

std::string english_heading(const judge::RulingPoint& r) {
  const std::string moves = "Moves " + std::to_string(r.cycle_from) + "-" + std::to_string(r.cycle_to) + ": ";
  if (r.draw) return moves + "drawn by repetition";
  const std::string side = side_name(r.offender);
  const judge::Level level = offence(r);
  const std::string what = level == judge::Level::Check   ? "perpetual check"
                           : level == judge::Level::Chase ? "perpetual chase"
                                                          : "a forbidden repetition";
  return moves + side + " must vary (" + what + ")";
}

std::string chinese_heading(const judge::RulingPoint& r) {
  const std::string moves = "第" + std::to_string(r.cycle_from) + "-" + std::to_string(r.cycle_to) + "步循環：";
  if (r.draw) return moves + "判和";
  const std::string side = r.offender == RED ? "紅方" : "黑方";
  const judge::Level level = offence(r);
  const std::string what = level == judge::Level::Check ? "長將" : level == judge::Level::Chase ? "長捉" : "禁著";
  return moves + side + what + "，須變著";
}

const char* class_word(PlyStatus s, Language language) {
  const bool zh = language == Language::Chinese;
  switch (s) {
    case PlyStatus::Check: return zh ? "將" : "check";
    case PlyStatus::Chase: return zh ? "捉" : "chase";
    case PlyStatus::Idle: return zh ? "閒" : "idle";
    default: return zh ? "？" : "?";
  }
}

struct Layout {
  double board_w, board_h, caption_h, heading_h, gap;
  int columns, rows;
  double width() const { return columns * board_w + (columns - 1) * gap; }
  double height() const { return heading_h + rows * (caption_h + board_h) + (rows - 1) * gap; }
  Point frame(int i) const {
    return {(i % columns) * (board_w + gap), heading_h + (i / columns) * (caption_h + board_h + gap)};
  }
};

Layout layout(const Geometry& g, const Options& opts, int frames) {
  Layout l{g.width(), g.height(), g.square() * 0.8, g.square() * 1.6, g.square() * 0.3, 1, 1};
  l.columns = std::max(1, std::min(opts.columns, frames));
  l.rows = std::max(1, (frames + l.columns - 1) / l.columns);
  return l;
}

std::string text_style(const Geometry& g, double size) {
  return attr("font-size", g.square() * size) + " " + attr("fill", palette::CAPTION) + " " +
         attr("font-family", palette::CJK_FONTS);
}

// What the rings mean, under the heading: a picture must read without the README.
void draw_legend(SvgWriter& w, const Geometry& g, double y, Language language) {
  const bool zh = language == Language::Chinese;
  const std::pair<MarkKind, const char*> items[] = {{MarkKind::Chasing, zh ? "捉子" : "chasing"},
                                                    {MarkKind::Chased, zh ? "被捉" : "chased"},
                                                    {MarkKind::Checking, zh ? "將軍" : "giving check"}};
  w.open("g", attr("class", "legend"));
  double x = g.square() * 0.45;
  for (const auto& [kind, word] : items) {
    w.circle({x, y}, g.square() * 0.2, ring_style(g, kind));
    w.text({x + g.square() * 0.35, y + g.square() * 0.13}, word, text_style(g, 0.36));
    x += g.square() * 2.4;
  }
  w.close("g");
}

void draw_frame(SvgWriter& w, const Geometry& g, const Layout& l, int index, const Position& pos, const Position& start,
                const judge::CycleMove& cm, const Options& opts) {
  const Point at = l.frame(index);
  w.open("g", attr("class", "frame") + " " + attr("data-ply", cm.ply) + " " +
                  attr("transform", "translate(" + number(at.x) + "," + number(at.y) + ")"));
  w.text({g.square() * 0.2, l.caption_h * 0.7}, frame_caption(start, cm, opts.language), text_style(g, 0.4));
  w.open("g", attr("transform", "translate(0," + number(l.caption_h) + ")"));
  draw_position(w, g, pos, move_marks(pos), opts);
  w.close("g");
  w.close("g");
}

}  // namespace

std::string cycle_heading(const judge::RulingPoint& ruling, Language language) {
  return language == Language::Chinese ? chinese_heading(ruling) : english_heading(ruling);
}

std::string frame_caption(const Position& start, const judge::CycleMove& move, Language language) {
  // PGN numbering: Red's moves "22.", Black's "22...", counted from the start's move number.
  const int k = move.ply - 1 + (start.side_to_move() == BLACK ? 1 : 0);
  const std::string number = std::to_string(start.fullmove_number() + k / 2) + (k % 2 ? "..." : ".");
  const std::string iccs = move_to_string(move.move);
  const char* word = class_word(move.status, language);
  if (language == Language::Chinese) return "第" + std::to_string(move.ply) + "步 (" + number + ") " + iccs + "：" + word;
  return "move " + std::to_string(move.ply) + " (" + number + ") " + iccs + ": " + word;
}

std::string cycle_svg(const Position& start, const std::vector<Move>& moves, const judge::RulingPoint& ruling,
                      const Options& opts) {
  const Geometry g(opts);
  const Layout l = layout(g, opts, int(ruling.moves.size()));
  SvgWriter w;
  w.raw(svg_open(l.width(), l.height()));
  w.open("g", attr("class", "cycle") + " " + attr("data-from-ply", ruling.cycle_from) + " " +
                  attr("data-to-ply", ruling.cycle_to));
  w.empty("rect", attr("width", l.width()) + " " + attr("height", l.height()) + " " + attr("fill", "#ffffff"));
  w.text({g.square() * 0.2, g.square() * 0.6}, cycle_heading(ruling, opts.language), text_style(g, 0.5));
  draw_legend(w, g, g.square() * 1.15, opts.language);
  Position pos = judged_root(start);
  int frame = 0;
  for (int ply = 1; ply <= ruling.cycle_to && ply <= int(moves.size()); ++ply) {
    judge::play(pos, moves[ply - 1]);
    if (ply < ruling.cycle_from || frame >= int(ruling.moves.size())) continue;
    draw_frame(w, g, l, frame, pos, start, ruling.moves[frame], opts);
    ++frame;
  }
  w.close("g");
  w.close("svg");
  return std::move(w.str());
}

}  // namespace xq::diagram
