#!/usr/bin/env bash
# Issue 8's hardening case: a GUI sends a game of 100,000 reversible moves. The engine reads
# it, keeps answering, and searches from it with the Sixty Move Rule off (the search must
# not walk the whole game at every node) and on (the game is past the natural limit: every
# line is a draw, yet a legal move is still given). Speed is measured in
# bench/long_history.py, not here; the timeout only catches a hang.
# Usage: bash xqengine_long_game.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1"
. "$(dirname "$0")/lib/harness.sh"

walk=$("$bin/xqrandpos" --walk 100000 --seed 11) || { echo "FAIL: xqrandpos --walk"; exit 1; }
for rule in false true; do
  out=$(printf 'uci\nsetoption name Sixty Move Rule value %s\nposition startpos moves %s\nisready\ngo depth 8\nisready\nd\nquit\n' \
          "$rule" "$walk" | timeout 120 "$bin/xqengine")
  status=$?
  [ $status -eq 0 ] || fail "Sixty Move Rule $rule: the engine exited with $status"
  grep -q '^info string' <<< "$out" && fail "Sixty Move Rule $rule: $(grep '^info string' <<< "$out" | head -2)"
  [ "$(grep -c '^readyok' <<< "$out")" -eq 2 ] || fail "Sixty Move Rule $rule: isready was not answered twice"
  best=$(grep '^bestmove' <<< "$out" | awk '{print $2}')
  [[ "$best" =~ ^[a-i][0-9][a-i][0-9]$ ]] || fail "Sixty Move Rule $rule: no move in '$(grep '^bestmove' <<< "$out")'"
  grep -q '^FEN: .* 100000 50001$' <<< "$out" || fail "Sixty Move Rule $rule: the game was not kept: $(grep '^FEN' <<< "$out")"
  # The move must be legal in the final position: the engine accepts it on top of the game.
  check=$(printf 'uci\nposition startpos moves %s %s\nisready\nquit\n' "$walk" "$best" | timeout 60 "$bin/xqengine")
  grep -q '^info string' <<< "$check" && fail "Sixty Move Rule $rule: bestmove $best is not legal after the game"
done

xq_finish "xqengine long game"
