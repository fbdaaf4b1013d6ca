// The page: reads a record (pasted, opened, dropped) or a WXF case, rules it through the
// WebAssembly judge (judge.js), and shows the board, the moves and the rulings in words.
// A record the judge refuses leaves the page as it was and shows the reason by the input.
"use strict";

const state = {
  judge: null,
  lang: "en",
  notation: "wxf",
  source: null,   // {kind: "record", bytes, name} or {kind: "moves", fen, moves, name}
  games: [],      // ruling objects, one per game of the source
  gameIndex: 0,
  view: null,     // the shown game: {ruling, json, game (a judge.Game), texts}
  ply: 0,
};
const ui = {};

function words() { return XQ_WORDS[state.lang]; }
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([k, v]) => (k === "class" ? (node.className = v) : node.setAttribute(k, v)));
  children.forEach((c) => node.append(c));
  return node;
}

// ---- Input ---------------------------------------------------------------------------------

const FEN_LINE = /^\s*((?:[rnbakcpheRNBAKCPHE1-9]+\/){9}[rnbakcpheRNBAKCPHE1-9]+)([^\n]*)/;

// A FEN line and ICCS moves after it ("moves" or commas allowed), or null for any other text.
function fenAndMoves(text) {
  const match = FEN_LINE.exec(text);
  if (!match) return null;
  let head = match[1] + match[2];
  let tail = text.slice(match.index + match[0].length);
  const split = head.indexOf(" moves ");
  if (split >= 0) { tail = head.slice(split + 7) + " " + tail; head = head.slice(0, split); }
  const moves = tail.split(/[\s,]+/).filter((t) => t !== "" && t !== "moves");
  return { fen: head.trim(), moves };
}

function showError(message) {
  ui.inputError.textContent = message;
  ui.inputError.hidden = !message;
}

function ntimes() { return Number(ui.ntimes.value); }

// Rules `source`; on success it becomes the page's game, else the page keeps what it had.
function openSource(source) {
  let games;
  try {
    games = source.kind === "moves" ? [judgeMoves(source)] : judgeBytes(source);
  } catch (e) {
    showError(e.message);
    return false;
  }
  state.source = source;
  state.wxfCase = null;
  renderExpected();
  state.games = games;
  const broken = games.filter((g) => g.value.error).map((g) => g.value.error);
  showError(broken.length ? words().gameBroken + broken.join("; ") : "");
  renderStatus();
  selectGame(0, "end");
  return true;
}

function renderStatus() {
  if (!state.source) return;
  ui.status.textContent = words().loaded(state.games.length) + (state.source.name ? ` · ${state.source.name}` : "");
}

function judgeMoves(source) {
  const game = new state.judge.Game();
  try {
    game.setFen(source.fen);
    source.moves.forEach((m) => game.play(m));
    const r = game.ruling(ntimes());
    return { value: r.value, text: r.json };
  } finally {
    game.free();
  }
}

function judgeBytes(source) {
  const r = state.judge.judgeRecord(source.bytes, ntimes());
  // A line without moves is the whole record refused (no game found, an unreadable XQF).
  const parsed = r.lines.map((text) => ({ value: JSON.parse(text), text }));
  const games = parsed.filter((g) => Array.isArray(g.value.moves));
  if (games.length === 0) throw new Error((parsed.find((g) => g.value.error) || { value: {} }).value.error || r.error || "no game in this record");
  return games;
}

function openText() {
  const text = ui.record.value;
  if (text.trim() === "") { showError(words().emptyInput); return; }
  ui.caseSelect.value = "";
  const fm = fenAndMoves(text);
  openSource(fm ? { kind: "moves", fen: fm.fen, moves: fm.moves, name: "" }
                : { kind: "record", bytes: new TextEncoder().encode(text), name: "" });
}

async function openFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  ui.caseSelect.value = "";
  openSource({ kind: "record", bytes, name: file.name });
}

function openCase(id) {
  const c = window.XQ_WXF_CASES.find((x) => String(x.id) === String(id));
  if (!c) return;
  ui.ntimes.value = "1";  // the cases' convention: the first repetition is ruled
  ui.record.value = c.fen + "\n" + c.moves.join(" ");
  if (openSource({ kind: "moves", fen: c.fen, moves: c.moves, name: caseLabel(c) })) state.wxfCase = c;
  renderExpected();
}

// A WXF case carries the ruling the rules manual gives: shown beside the judge's own.
function renderExpected() {
  const c = state.wxfCase;
  ui.expected.hidden = !c;
  if (c) ui.expected.textContent = words().expected(c.expected.offender ? sideName(c.expected.offender) : null);
}

function caseLabel(c) {
  const diagrams = c.diagrams.length ? ` (diagram ${c.diagrams.join(", ")})` : "";
  return `${c.id} · ${c.topic}${diagrams}`;
}

// ---- The shown game -----------------------------------------------------------------------

function selectGame(index, where) {
  const ruling = state.games[index].value;
  const game = new state.judge.Game();
  try {
    game.setFen(ruling.fen);
    ruling.moves.forEach((m) => game.play(m));
  } catch (e) {
    game.free();
    showError(e.message);
    return;
  }
  if (state.view) state.view.game.free();
  state.gameIndex = index;
  state.view = { ruling, json: state.games[index].text, game, texts: {}, strips: {} };
  state.ply = where === "end" ? ruling.moves.length : 0;
  renderGameList();
  renderView();
}

function moveTexts() {
  const v = state.view;
  if (!v.texts[state.notation]) v.texts[state.notation] = v.game.movesText(state.notation);
  return v.texts[state.notation];
}

function goTo(ply) {
  if (!state.view) return;
  state.ply = Math.max(0, Math.min(ply, state.view.ruling.moves.length));
  render();
}

// The diagrams (the library's, diagram/) in the page's language: Chinese file numerals and
// captions, or WXF's Arabic numerals and English captions.
function diagramOptions(extra) {
  return `labels=${state.lang} lang=${state.lang}${extra ? " " + extra : ""}`;
}

// The strip of boards of ruling `index`'s cycle, drawn once per language.
function cycleStrip(index) {
  const v = state.view, key = `${state.lang}:${index}`;
  if (!v.strips[key]) v.strips[key] = v.game.cycleSvg(ntimes(), index, diagramOptions("size=22 columns=4"));
  return v.strips[key];
}

// ---- Rendering ----------------------------------------------------------------------------

function render() {
  if (!state.view) return;
  const v = state.view, w = words(), total = v.ruling.moves.length;
  const texts = moveTexts();
  ui.board.innerHTML = v.game.positionSvg(state.ply, diagramOptions());
  ui.plyLabel.textContent = w.plyLabel(state.ply, total, state.ply > 0 ? texts[state.ply - 1] : "");
  renderMoves(texts);
}

// Everything of the shown game, the rulings too (render() alone follows the steps).
function renderView() {
  renderRulings();
  ui.json.textContent = state.view.json;
  render();
}

function renderGameList() {
  ui.gameSelect.replaceChildren(...state.games.map((g, i) => {
    const tags = g.value.tags || {};
    const who = tags.Red || tags.Black ? ` ${tags.Red || "?"} – ${tags.Black || "?"}` : "";
    return el("option", { value: String(i) }, `${words().game} ${g.value.game}${who}`);
  }));
  ui.gameSelect.value = String(state.gameIndex);
  ui.gameRow.hidden = state.games.length < 2;
  // The record's own words (players, event, date), in UTF-8 whatever the file's encoding.
  const tags = state.view.ruling.tags || {};
  const players = tags.Red || tags.Black ? `${tags.Red || "?"} – ${tags.Black || "?"}` : "";
  ui.gameInfo.textContent = [players, tags.Event, tags.Date, tags.Result].filter(Boolean).join(" · ");
}

function renderMoves(texts) {
  const cyclePlies = new Set();
  state.view.ruling.rulings.forEach((r) => r.moves.forEach((m) => cyclePlies.add(m.ply)));
  const items = texts.map((t, i) => {
    const ply = i + 1;
    const cls = ["move", ply === state.ply ? "current" : "", cyclePlies.has(ply) ? "in-cycle" : ""].join(" ").trim();
    const item = el("li", { class: cls, "data-ply": String(ply) }, t);
    item.addEventListener("click", () => goTo(ply));
    return item;
  });
  ui.moves.replaceChildren(...items);
  const current = ui.moves.querySelector(".current");
  if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
}

function sideName(side) { return side === "red" ? words().red : words().black; }

function renderRulings() {
  const w = words(), r = state.view.ruling;
  const blocks = r.rulings.map((ruling, i) => {
    const mover = ruling.must_vary;
    const cls = mover ? ruling.windows.find((x) => x.player === mover).class : null;
    const head = ruling.ruling === "must_vary" ? w.mustVary(sideName(mover), w.classes[cls]) : w.drawn;
    const windows = ruling.windows.map((x) =>
      `${sideName(x.player)}: ${w.classes[x.class] || x.class}${x.victims.length ? " → " + x.victims.join(", ") : ""}`);
    const button = el("button", { type: "button", class: "to-cycle" }, w.toCycle);
    button.addEventListener("click", () => goTo(ruling.cycle.from_ply));
    // The cycle drawn: open for the first ruling, the others on request.
    const strip = el("details", { class: "strip" }, el("summary", {}, w.cycleDrawn));
    const fill = () => { if (!strip.querySelector("svg")) strip.insertAdjacentHTML("beforeend", cycleStrip(i)); };
    strip.addEventListener("toggle", () => { if (strip.open) fill(); });
    strip.addEventListener("click", (e) => {  // a board of the strip opens that move on the big board
      const frame = e.target.closest && e.target.closest("[data-ply]");
      if (frame) goTo(Number(frame.dataset.ply));
    });
    if (i === 0) { strip.open = true; fill(); }
    return el("section", { class: "ruling-item", "data-index": String(i) },
      el("h3", {}, `${w.afterMove(ruling.move_number, moveTexts()[ruling.ply - 1])}: ${head}`),
      el("p", { class: "cycle" }, `${w.cycle(ruling.cycle.from_ply, ruling.cycle.to_ply)} · ${windows.join(" · ")}`),
      strip, el("p", { class: "explanation" }, ruling.explanation), button);
  });
  if (blocks.length === 0) blocks.push(el("p", { class: "none" }, w.noRuling));
  ui.rulings.replaceChildren(...blocks);
  ui.verdict.textContent = verdict(r);
  ui.verdict.dataset.offender = offender(r) || "";
  // The end's explanation, unless the last ruling above already says the same.
  const last = r.rulings[r.rulings.length - 1];
  const endText = r.end && r.end.result ? r.end.explanation : "";
  ui.endText.textContent = last && last.explanation === endText ? "" : endText;
}

// The side that loses by the repetition the game ended in, or null.
function offender(r) {
  if (!r.end || r.end.reason !== "repetition") return null;
  return { "1-0": "black", "0-1": "red" }[r.end.result] || null;
}

function verdict(r) {
  const w = words();
  if (!r.end || !r.end.result) return w.endNone;
  const loser = offender(r);
  const result = r.end.result === "1/2-1/2" ? (state.lang === "zh" ? "和棋" : "draw") : r.end.result;
  const reason = state.lang === "zh" ? { repetition: "重复局面", no_legal_move: "无子可动", natural_limit: "自然限着" }[r.end.reason] || r.end.reason
                                     : r.end.reason.replace(/_/g, " ");
  const who = loser ? (state.lang === "zh" ? `${sideName(loser)}负` : `${sideName(loser)} loses`) : "";
  return `${w.end}: ${result} (${reason})${who ? " · " + who : ""}`;
}

// ---- Language -----------------------------------------------------------------------------

function applyLanguage() {
  const w = words();
  document.documentElement.lang = state.lang === "zh" ? "zh-CN" : "en";
  document.title = w.title;
  document.querySelectorAll("[data-i18n]").forEach((node) => {
    const text = w[node.dataset.i18n];
    if (typeof text === "string") node.textContent = text;
  });
  ui.record.placeholder = w.inputHint;
  fillCases();
  renderStatus();
  renderExpected();
  if (state.view) { renderGameList(); renderView(); }
}

function fillCases() {
  const keep = ui.caseSelect.value;
  const options = [el("option", { value: "" }, words().chooseCase)];
  (window.XQ_WXF_CASES || []).forEach((c) => options.push(el("option", { value: String(c.id) }, caseLabel(c))));
  ui.caseSelect.replaceChildren(...options);
  ui.caseSelect.value = keep;
}

// ---- Wiring -------------------------------------------------------------------------------

function bind() {
  ui.judgeButton.addEventListener("click", openText);
  ui.fileInput.addEventListener("change", () => { if (ui.fileInput.files[0]) openFile(ui.fileInput.files[0]); });
  ui.caseSelect.addEventListener("change", () => { if (ui.caseSelect.value) openCase(ui.caseSelect.value); });
  ui.ntimes.addEventListener("change", () => { if (state.source) openSource(state.source); });
  ui.gameSelect.addEventListener("change", () => selectGame(Number(ui.gameSelect.value), "end"));
  ui.notation.addEventListener("change", () => { state.notation = ui.notation.value; if (state.view) renderView(); });
  ui.lang.addEventListener("click", () => {
    state.lang = state.lang === "en" ? "zh" : "en";
    state.notation = state.lang === "zh" ? "chinese" : "wxf";
    ui.notation.value = state.notation;
    applyLanguage();
  });
  ui.first.addEventListener("click", () => goTo(0));
  ui.prev.addEventListener("click", () => goTo(state.ply - 1));
  ui.next.addEventListener("click", () => goTo(state.ply + 1));
  ui.last.addEventListener("click", () => goTo(Infinity));
  document.addEventListener("keydown", (e) => {
    if (["TEXTAREA", "INPUT", "SELECT"].includes(document.activeElement.tagName)) return;
    const step = { ArrowLeft: () => goTo(state.ply - 1), ArrowRight: () => goTo(state.ply + 1),
                   Home: () => goTo(0), End: () => goTo(Infinity) }[e.key];
    if (step) { e.preventDefault(); step(); }
  });
  const drop = ui.dropZone;
  ["dragenter", "dragover"].forEach((t) => drop.addEventListener(t, (e) => { e.preventDefault(); drop.classList.add("dragging"); }));
  ["dragleave", "drop"].forEach((t) => drop.addEventListener(t, () => drop.classList.remove("dragging")));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    if (e.dataTransfer.files[0]) openFile(e.dataTransfer.files[0]);
  });
}

async function main() {
  ["record", "judgeButton", "fileInput", "dropZone", "caseSelect", "ntimes", "inputError", "status",
   "gameRow", "gameSelect", "gameInfo", "notation", "lang", "board", "plyLabel", "first", "prev", "next", "last",
   "moves", "rulings", "verdict", "expected", "endText", "json"].forEach((id) => { ui[id] = document.getElementById(id); });
  bind();
  applyLanguage();
  ui.status.textContent = words().loading;
  try {
    state.judge = await loadJudge();
  } catch (e) {
    showError(words().loadFailed + (e && e.message ? e.message : String(e)));
    return;
  }
  ui.status.textContent = `xqjudge ${state.judge.version}`;
  ui.judgeButton.disabled = false;
  document.body.dataset.ready = "true";
}

main();
