#!/usr/bin/env bash
# Black-box test of xqmatch with real engines: two xqengine instances play 4 short games
# (tc=1+0.01, two at once). Every recorded move must be legal (xqengine replays each game),
# PlyCount must count the moves, and the PGN's results, the "Finished" lines, the Score line
# and the results file must tell the same story. Then a match is interrupted by SIGTERM:
# xqmatch must exit at once with the summary, record the running games with result "*", and
# leave no engine running.
# Usage: bash xqmatch_real_games.sh <build/bin dir> <source dir>
set -uo pipefail
bin=$(cd "$1" && pwd)
. "$(dirname "$0")/lib/match.sh"

xq_test_dir real
# The engines run as $tmp/xqengine, so pgrep finds this test's processes and no one else's.

# Replays every game of PGN $1 (summary from xq_pgn_games in $2) through xqengine; a move it
# rejects gives "info string error". Its board display must then show the game's last move
# played: the FEN's side to move alternates with the number of moves.
check_legal() {
  local label=$1 games=$2 round red black result term plies fen moves
  while IFS=$'\t' read -r round red black result term plies fen _ _ moves; do
    local n
    n=$(wc -w <<<"$moves")
    [ "$n" = "$plies" ] || fail "$label game $round: $n moves, PlyCount $plies"
    local pos="position startpos"
    [ "$fen" != "-" ] && pos="position fen $fen"
    [ "$n" -gt 0 ] && pos="$pos moves$moves"
    local shown
    shown=$(printf 'uci\n%s\nd\nquit\n' "$pos" | timeout 10 "$tmp/xqengine" 2>&1)
    if grep -q "info string error" <<<"$shown"; then
      fail "$label game $round: xqengine rejects a move: $(grep -m1 'info string error' <<<"$shown")"
      continue
    fi
    local side expect=w
    side=$(sed -n 's/^FEN: [^ ]* \([wb]\).*/\1/p' <<<"$shown")
    [ $((n % 2)) = 1 ] && expect=b
    [ "$side" = "$expect" ] || fail "$label game $round: after $n moves xqengine shows '$side' to move, expected $expect"
  done <"$games"
}

# --- 1. Four real games, two at a time. -recover: an engine that loses on time and then
# misses "stop" (see xqmatch_fake_engines.sh, "late") must not cut the match short here.
start=$SECONDS
timeout 120 "$bin/xqmatch" -engine cmd="$tmp/xqengine" name=a -engine cmd="$tmp/xqengine" name=b \
  -each proto=uci tc=1+0.01 -games 4 -concurrency 2 -recover -pgnout "$tmp/games.pgn" -resultsout "$tmp/r.json" \
  >"$tmp/match.out" 2>"$tmp/match.err"
rc=$?
echo "4 games in $((SECONDS - start)) s"
[ "$rc" = 0 ] || fail "xqmatch exit status $rc: $(tail -3 "$tmp/match.err" | tr '\n' '|')"
xq_pgn_games "$tmp/games.pgn" | sort -n >"$tmp/games.txt"
[ "$(wc -l <"$tmp/games.txt")" = 4 ] || fail "$(wc -l <"$tmp/games.txt") PGN records, expected 4"
[ "$(grep -c '^Finished game ' "$tmp/match.out")" = 4 ] || fail "expected 4 'Finished game' lines"
check_legal "match" "$tmp/games.txt"

# a's wins, losses and draws from the PGN must match the Score line and the results file.
wins=0 losses=0 draws=0 rounds=""
while IFS=$'\t' read -r round red black result term plies fen _ _ moves; do
  rounds="$rounds $round"
  case "$result" in
    1-0) [ "$red" = a ] && wins=$((wins + 1)) || losses=$((losses + 1)) ;;
    0-1) [ "$black" = a ] && wins=$((wins + 1)) || losses=$((losses + 1)) ;;
    1/2-1/2) draws=$((draws + 1)) ;;
    *) fail "game $round: result '$result' in a match that ran to its end" ;;
  esac
  [ "$term" = unterminated ] && fail "game $round: Termination unterminated"
  grep -q "^Finished game $round ($red vs $black): $result {" "$tmp/match.out" ||
    fail "game $round: the PGN says $red vs $black $result, the output: $(grep "^Finished game $round " "$tmp/match.out")"
done <"$tmp/games.txt"
[ "$rounds" = " 1 2 3 4" ] || fail "PGN rounds are$rounds, expected 1 2 3 4"
score="Score of a vs b: $wins - $losses - $draws "
grep -q "^$score" "$tmp/match.out" || fail "the PGN gives '$score', the output '$(grep '^Score of' "$tmp/match.out")'"
# The results file's counts, without the nested "red" counts (Red games only).
counts=$(tr -d ' \n' <"$tmp/r.json" | grep -o '"counts":{.*}' | sed 's/"red":{[^}]*}//; s/"settings":.*//')
for key in wins:$wins losses:$losses draws:$draws; do
  grep -q "\"${key%%:*}\":${key#*:}[,}]" <<<"$counts" ||
    fail "results file: expected \"${key%%:*}\": ${key#*:} in $(cut -c1-120 <<<"$counts")"
done

# --- 2. SIGTERM in the middle of two games.
timeout 60 "$bin/xqmatch" -engine cmd="$tmp/xqengine" name=a -engine cmd="$tmp/xqengine" name=b \
  -each proto=uci tc=10+0.1 -games 4 -concurrency 2 -pgnout "$tmp/term.pgn" \
  >"$tmp/term.out" 2>"$tmp/term.err" &
tpid=$!
for _ in $(seq 100); do
  [ "$(grep -c '^Started game ' "$tmp/term.out" 2>/dev/null)" = 2 ] && break
  sleep 0.1
done
sleep 1.5  # a few moves into both games
xqmatch_pid=$(pgrep -P "$tpid" -f "$bin/xqmatch")
if [ -z "$xqmatch_pid" ]; then
  fail "SIGTERM: xqmatch is not running before the signal: $(tr '\n' '|' <"$tmp/term.out")"
else
  kill -TERM "$xqmatch_pid"
  sent=$SECONDS
  for _ in $(seq 50); do kill -0 "$tpid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$tpid" 2>/dev/null; then
    fail "SIGTERM: xqmatch still runs 5 s after the signal"
    kill -KILL "$xqmatch_pid" 2>/dev/null
  fi
  wait "$tpid"
  rc=$?
  echo "SIGTERM: xqmatch left after $((SECONDS - sent)) s with status $rc"
  [ "$rc" = 143 ] || fail "SIGTERM: exit status $rc, expected 143 (128 + SIGTERM)"
  grep -q "^Score of a vs b: 0 - 0 - 0 " "$tmp/term.out" ||
    fail "SIGTERM: no 'Score of a vs b: 0 - 0 - 0' summary: $(tail -3 "$tmp/term.out" | tr '\n' '|')"
  grep -q '^Started game 3 ' "$tmp/term.out" && fail "SIGTERM: a new game started after the signal"
  xq_pgn_games "$tmp/term.pgn" | sort -n >"$tmp/term.txt"
  [ "$(wc -l <"$tmp/term.txt")" = 2 ] || fail "SIGTERM: $(wc -l <"$tmp/term.txt") PGN records, expected the 2 running games"
  while IFS=$'\t' read -r round red black result term plies fen _ _ moves; do
    [ "$result" = "*" ] || fail "SIGTERM: game $round recorded as '$result', expected '*'"
    [ "$term" = unterminated ] || fail "SIGTERM: game $round Termination '$term', expected unterminated"
    [ "$plies" -gt 0 ] || fail "SIGTERM: game $round has no moves (the signal came 1.5 s into it)"
    grep -q "^Finished game $round ($red vs $black): \* {Game interrupted}" "$tmp/term.out" ||
      fail "SIGTERM: no 'Finished game $round ... * {Game interrupted}' line"
  done <"$tmp/term.txt"
  check_legal "SIGTERM" "$tmp/term.txt"
fi

# No engine may outlive its match (quit, then SIGKILL after a grace period).
xq_check_no_processes

xq_finish "xqmatch real games and SIGTERM"
