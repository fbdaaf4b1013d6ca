#!/usr/bin/env bash
# Black-box test: the PGN that `xqmatch -pgnout` writes loads in XBoard with every move.
# Usage: bash xqmatch_pgn_xboard.sh <build/bin dir> <source dir> [games.pgn]
# With a third argument the script checks that file instead of playing a match.
#
# XBoard runs headless under xvfb-run with its debug log on. For each game the log must show
# the Xiangqi variant, every move of the record as "Parsed <move> into <move>" in order (XBoard
# checks each one's legality on its own board, so the whole game was replayed), no illegal
# move, and the record's result as the game end. XBoard does not exit after loading a game, so
# the script stops it once the log says "LoadGame(): on exit", with SIGKILL: XBoard's SIGTERM
# handler can hang, and a killed XBoard saves no settings.
set -uo pipefail
bin="$1"
. "$(dirname "$0")/lib/harness.sh"

xq_need xboard xboard
xq_need xvfb xvfb-run
xboard=$(command -v xboard || echo /usr/games/xboard)

xq_scratch

# The moves of game $2 in PGN file $1, one per line: no tags, comments, move numbers or result.
pgn_moves() {
  awk -v want="$2" '
    depth == 0 && /^\[Event "/ { game++ }
    game != want { next }
    depth == 0 && /^\[[A-Za-z0-9_]+ "/ { next }
    {
      text = ""
      for (i = 1; i <= length($0); i++) {
        c = substr($0, i, 1)
        if (depth) { if (c == "}") depth = 0; continue }
        if (c == "{") { depth = 1; continue }
        if (c == ";") break
        text = text c
      }
      n = split(text, t, " ")
      for (i = 1; i <= n; i++)
        if (t[i] !~ /\./ && t[i] !~ /^(1-0|0-1|1\/2-1\/2|\*)$/) print t[i]
    }' "$1"
}

# The result token that ends game $2's movetext.
pgn_result() {
  awk -v want="$2" '/^\[Event "/ { game++ } game == want && /^\[Result "/ { sub(/^\[Result "/, ""); sub(/"\].*/, ""); print }' "$1"
}

# Loads game $2 of $1 in XBoard; the debug log goes to $3. Stops XBoard (a process this
# script started, found as the child of its xvfb-run, which then stops its X server) once the
# load is over or after 60 s.
xboard_load() {
  local log="$3"
  timeout -k 5 90 xvfb-run -a "$xboard" -ncp -saveSettingsOnExit false -lgf "$1" -lgi "$2" -td 0 \
    -debug -nameOfDebugFile "$log" >"$log.out" 2>&1 &
  local tpid=$! xvfb xb
  for _ in $(seq 600); do
    grep -q "LoadGame(): on exit" "$log" 2>/dev/null && break
    kill -0 "$tpid" 2>/dev/null || break
    sleep 0.1
  done
  xvfb=$(pgrep -P "$tpid" 2>/dev/null)
  xb=$([ -n "$xvfb" ] && pgrep -P "$xvfb" -x xboard 2>/dev/null)
  # Without pgrep, timeout's own signal (then SIGKILL 5 s later) ends the whole group.
  if [ -n "$xb" ]; then kill -KILL "$xb"; else kill "$tpid" 2>/dev/null; fi
  wait "$tpid" 2>/dev/null
}

# Checks XBoard's reading of game $2 of $1 against the record.
check_game() {
  local pgn="$1" n="$2" log="$tmp/xboard_$2.log" failures_before=$failures
  pgn_moves "$pgn" "$n" >"$tmp/expected"
  local count result
  count=$(wc -l <"$tmp/expected")
  result=$(pgn_result "$pgn" "$n")
  xboard_load "$pgn" "$n" "$log"
  if ! grep -q "LoadGame(): on exit" "$log" 2>/dev/null; then
    fail "game $n: XBoard did not finish loading (debug log: $(tail -3 "$log" 2>/dev/null | tr '\n' '|'))"
    return
  fi
  grep -q "as variant xiangqi" "$log" || fail "game $n: XBoard did not switch to the xiangqi variant"
  grep -E '^Parsed [^ ]+ into ' "$log" | awk '{ print $2 }' >"$tmp/parsed"
  grep -E '^Parsed [^ ]+ into ' "$log" | awk '$2 != $4 { print }' | head -3 | grep . &&
    fail "game $n: XBoard read a move as another move"
  grep -q IllegalMove "$log" && fail "game $n: XBoard found an illegal move: $(grep -m1 IllegalMove "$log")"
  if ! diff -q "$tmp/expected" "$tmp/parsed" >/dev/null; then
    fail "game $n: XBoard read $(wc -l <"$tmp/parsed") of $count moves; first difference:"
    diff "$tmp/expected" "$tmp/parsed" | head -4
  fi
  # The game end entry may span lines (the ending comment); its last token is the result, of
  # which XBoard's reader keeps "1/2" for a draw.
  local end
  end=$(awk '/^Parsed game end:/ { on = 1 } on && /^GameEnds\(/ { exit } on { print }' "$log" | tr '\n' ' ' |
        awk '{ print $NF }')
  local want="$result"
  [ "$want" = "1/2-1/2" ] && want="1/2"
  [ "$end" = "$want" ] || fail "game $n: XBoard's game end is '$end', the record's result '$result'"
  [ "$failures" = "$failures_before" ] && echo "game $n: XBoard loaded all $count moves, result $end"
}

if [ $# -ge 3 ]; then
  pgn="$3"
  games=$(grep -c '^\[Event "' "$pgn")
else
  pgn="$tmp/games.pgn"
  games=2
  timeout -k 10 600 "$bin/xqmatch" -engine cmd="$bin/xqengine" name=a -engine cmd="$bin/xqengine" name=b \
    -each proto=uci tc=1+0.01 -games $games -pgnout "$pgn" >"$tmp/match.out" 2>&1
  rc=$?
  [ "$rc" = 0 ] || fail "xqmatch exit status $rc: $(tail -5 "$tmp/match.out")"
  [ "$(grep -c '^\[Event "' "$pgn" 2>/dev/null)" = "$games" ] || fail "expected $games records in the PGN"
fi

[ "$failures" = 0 ] && for n in $(seq "$games"); do
  check_game "$pgn" "$n"
  [ "$(wc -l <"$tmp/expected")" -gt 0 ] || fail "game $n: the record has no moves"
done

xq_finish "xqmatch PGN in XBoard"
