// The judge of capi/xqjudge.h in the browser: small JavaScript handles over the WebAssembly
// module that xqjudge.js builds (scripts/build-web.sh). Every failed call throws a JudgeError
// with the library's own message, so the page can show it next to the input.
"use strict";

class JudgeError extends Error {}

// Loads the module once; resolves to {version, Game, judgeRecord}.
async function loadJudge() {
  const m = await XQJudgeModule();
  const fn = {
    version: m.cwrap("xqj_version", "string", []),
    gameNew: m.cwrap("xqj_game_new", "number", []),
    gameFree: m.cwrap("xqj_game_free", null, ["number"]),
    setFen: m.cwrap("xqj_set_fen", "number", ["number", "string"]),
    play: m.cwrap("xqj_play", "number", ["number", "string"]),
    plyCount: m.cwrap("xqj_ply_count", "number", ["number"]),
    lastError: m.cwrap("xqj_last_error", "string", ["number"]),
    rulingJson: m.cwrap("xqj_ruling_json", "number", ["number", "number", "number"]),
    movesText: m.cwrap("xqj_moves_text", "number", ["number", "string", "number"]),
    positionSvg: m.cwrap("xqj_position_svg", "number", ["number", "number", "string", "number"]),
    cycleSvg: m.cwrap("xqj_cycle_svg", "number", ["number", "number", "number", "string", "number"]),
    judgeRecord: m.cwrap("xqj_judge_record", "number", ["number", "number", "number", "number", "number"]),
    freeString: m.cwrap("xqj_free_string", null, ["number"]),
  };

  // Calls `call(out)` with room for one char* result and returns that string (or null),
  // freed on the library's side.
  function withOutString(call) {
    const out = m._malloc(4);
    try {
      m.setValue(out, 0, "i32");
      const status = call(out);
      const ptr = m.getValue(out, "i32");
      const text = ptr ? m.UTF8ToString(ptr) : null;
      if (ptr) fn.freeString(ptr);
      return { status, text };
    } finally {
      m._free(out);
    }
  }

  // One game: a start position and the moves played from it.
  class Game {
    constructor() {
      this.handle = fn.gameNew();
      if (!this.handle) throw new JudgeError("out of memory");
    }
    free() {
      if (this.handle) fn.gameFree(this.handle);
      this.handle = 0;
    }
    check(status) {
      if (status !== 0) throw new JudgeError(fn.lastError(this.handle));
    }
    setFen(fen) { this.check(fn.setFen(this.handle, fen)); }
    play(move) { this.check(fn.play(this.handle, move)); }
    plyCount() { return fn.plyCount(this.handle); }
    // The ruling of the game so far: the object of `xqjudge --record --json`.
    ruling(ntimes) {
      const r = withOutString((out) => fn.rulingJson(this.handle, ntimes, out));
      this.check(r.status);
      return { json: r.text, value: JSON.parse(r.text) };
    }
    // The board after `ply` moves as SVG, drawn by the library (diagram/): the move's arrow,
    // the chased pieces and their chasers ringed. options: as xqj_position_svg's.
    positionSvg(ply, options) {
      const r = withOutString((out) => fn.positionSvg(this.handle, ply, options, out));
      this.check(r.status);
      return r.text;
    }
    // The repeating cycle of ruling number `ruling` as a strip of boards.
    cycleSvg(ntimes, ruling, options) {
      const r = withOutString((out) => fn.cycleSvg(this.handle, ntimes, ruling, options, out));
      this.check(r.status);
      return r.text;
    }
    // The moves as written in "iccs", "wxf" or "chinese".
    movesText(notation) {
      const r = withOutString((out) => fn.movesText(this.handle, notation, out));
      this.check(r.status);
      return r.text.split("\n").filter((line) => line !== "");
    }
  }

  // A record file's bytes (any format and encoding the readers know) ruled game by game:
  // {status, lines: [json text per game], error}. status 4 with lines: some game broke.
  function judgeRecord(bytes, ntimes) {
    const data = m._malloc(Math.max(bytes.length, 1));
    const errOut = m._malloc(4);
    try {
      m.HEAPU8.set(bytes, data);
      m.setValue(errOut, 0, "i32");
      const r = withOutString((out) => fn.judgeRecord(data, bytes.length, ntimes, out, errOut));
      const errPtr = m.getValue(errOut, "i32");
      const error = errPtr ? m.UTF8ToString(errPtr) : null;
      if (errPtr) fn.freeString(errPtr);
      const lines = (r.text || "").split("\n").filter((line) => line !== "");
      return { status: r.status, lines, error };
    } finally {
      m._free(data);
      m._free(errOut);
    }
  }

  return { version: fn.version(), Game, judgeRecord };
}
