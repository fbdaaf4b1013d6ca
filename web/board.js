// A plain board drawn from a FEN and ICCS moves (a stand-in until the diagrams of capi's
// xqj_position_svg reach the WebAssembly build).
"use strict";

const XQ_PIECES = { K: "帥", A: "仕", B: "相", E: "相", N: "傌", H: "傌", R: "俥", C: "炮", P: "兵",
                    k: "將", a: "士", b: "象", e: "象", n: "馬", h: "馬", r: "車", c: "砲", p: "卒" };

// board[rank][file], rank 0 Red's back rank.
function boardFromFen(fen) {
  const board = Array.from({ length: 10 }, () => Array(9).fill(null));
  const rows = fen.split(" ")[0].split("/");
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "9") file += Number(ch);
      else board[9 - i][file++] = ch;
    }
  });
  return board;
}

function square(name) { return { file: name.charCodeAt(0) - 97, rank: Number(name[1]) }; }

function boardAfter(fen, moves, ply) {
  const board = boardFromFen(fen);
  for (const move of moves.slice(0, ply)) {
    const from = square(move.slice(0, 2)), to = square(move.slice(2, 4));
    board[to.rank][to.file] = board[from.rank][from.file];
    board[from.rank][from.file] = null;
  }
  return board;
}

// marks: {move: "h2e2" or null, chased: ["g8"], chasing: ["g6"]}
function boardSvg(fen, moves, ply, marks) {
  const s = 40, m = 30, w = 8 * s + 2 * m, h = 9 * s + 2 * m;
  const x = (f) => m + f * s, y = (r) => m + (9 - r) * s;
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" class="board">`,
               `<rect width="${w}" height="${h}" fill="#f3d9a4"/>`];
  const line = (x1, y1, x2, y2) => out.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#5a3b1a"/>`);
  for (let r = 0; r < 10; ++r) line(x(0), y(r), x(8), y(r));
  for (let f = 0; f < 9; ++f) {
    if (f === 0 || f === 8) line(x(f), y(0), x(f), y(9));
    else { line(x(f), y(0), x(f), y(4)); line(x(f), y(5), x(f), y(9)); }
  }
  line(x(3), y(0), x(5), y(2)); line(x(5), y(0), x(3), y(2));
  line(x(3), y(7), x(5), y(9)); line(x(5), y(7), x(3), y(9));
  const board = boardAfter(fen, moves, ply);
  const ring = (sq, cls) => {
    const p = square(sq);
    out.push(`<circle class="mark ${cls}" data-square="${sq}" cx="${x(p.file)}" cy="${y(p.rank)}" r="${s * 0.48}" fill="none" stroke-width="3"/>`);
  };
  for (let r = 0; r < 10; ++r) {
    for (let f = 0; f < 9; ++f) {
      const p = board[r][f];
      if (!p) continue;
      const red = p === p.toUpperCase();
      const sq = String.fromCharCode(97 + f) + r;
      out.push(`<g class="piece ${red ? "red" : "black"}" data-square="${sq}">` +
               `<circle cx="${x(f)}" cy="${y(r)}" r="${s * 0.42}" fill="#fbeccb" stroke="${red ? "#c01010" : "#202020"}" stroke-width="2"/>` +
               `<text x="${x(f)}" y="${y(r)}" dy="0.35em" text-anchor="middle" font-size="${s * 0.5}" fill="${red ? "#c01010" : "#202020"}">${XQ_PIECES[p]}</text></g>`);
    }
  }
  if (marks) {
    (marks.chased || []).forEach((sq) => ring(sq, "chased"));
    (marks.chasing || []).forEach((sq) => ring(sq, "chasing"));
    if (marks.move) {
      const a = square(marks.move.slice(0, 2)), b = square(marks.move.slice(2, 4));
      out.push(`<line class="arrow" data-move="${marks.move}" x1="${x(a.file)}" y1="${y(a.rank)}" x2="${x(b.file)}" y2="${y(b.rank)}" stroke="#1a6fd1" stroke-width="4" opacity="0.6"/>`);
    }
  }
  out.push("</svg>");
  return out.join("");
}
