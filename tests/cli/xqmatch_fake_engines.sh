#!/usr/bin/env bash
# Black-box test of xqmatch's arbiter against misbehaving engines: tests/match/fake_engine.py
# plays real moves (through a child xqengine) and then, on its third move of every game, plays
# an illegal move, sends garbage, hangs, crashes or oversteps its clock; or it never completes
# the handshake. For each mode the script checks that the fake loses every game, on the side it
# played, for the right reason (the "Finished" line, the PGN's Termination tag and ending
# comment, the PGN's PlyCount), that -recover plays the whole match and that without it an
# engine failure ends the match after that game with exit status 1, that an engine that never
# starts stops the match before any game is scored, and that no process is left.
# A last match checks that a move made within the time margin, which leaves the mover's clock
# below zero, does not cost the opponent the game.
# Usage: bash xqmatch_fake_engines.sh <build/bin dir> <source dir>
#
# The matches run at once (they mostly wait on timeouts), so the whole script takes about as
# long as its slowest match: the handshake timeout of 10 s.
set -uo pipefail
bin=$(cd "$1" && pwd)
src="$2"
. "$(dirname "$0")/lib/match.sh"

# The system's python3 (scripts/install-deps.sh installs it) starts the fakes: a version
# manager's python3 shim on PATH (pyenv) is a shell script that, with a dozen fakes starting at
# once on a busy machine, took longer than the 10 s handshake.
py=/usr/bin/python3
[ -x "$py" ] || py="$(command -v python3)" || { echo "FAIL: the fake engine needs python3"; exit 1; }
xq_test_dir fake
# Every process of this test has $tmp in its command line: the fake, its child xqengine (a
# link in $tmp), the xqengine opponent and xqmatch itself. pgrep can thus find ours only.
sed "1s|.*|#!$py|" "$src/tests/match/fake_engine.py" > "$tmp/fake_engine.py"
chmod +x "$tmp/fake_engine.py"

# match NAME MODE [xqmatch options...]: fake (engine 1) against xqengine (engine 2) in the
# background; output in $tmp/NAME.{out,err,pgn,rc}. The fake lingers: it is gone afterwards
# only if xqmatch killed it. Unclocked moves time out after 1 s.
match() {
  local name=$1 mode=$2
  shift 2
  (
    timeout 60 "$bin/xqmatch" -engine cmd="$tmp/fake_engine.py $mode --after 3 --linger --engine $tmp/xqengine" \
      name=fake timeout=1 -engine cmd="$tmp/xqengine" name=xq -each proto=uci depth=2 \
      -pgnout "$tmp/$name.pgn" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
    echo $? >"$tmp/$name.rc"
  ) &
}

# check NAME GAMES RC REASON TERMINATION [PLIES_AS_RED PLIES_AS_BLACK]: the match NAME played
# GAMES games, all lost by the fake for REASON, the text after "Red"/"Black" (or its beginning),
# and exited with RC. Game k has the fake as Red when k is odd (colours alternate).
check() {
  local name=$1 games=$2 rc=$3 reason=$4 term=$5 red_plies=${6:-4} black_plies=${7:-5}
  local out="$tmp/$name.out" pgn="$tmp/$name.pgn"
  [ -f "$tmp/$name.rc" ] || { fail "$name: the match did not end"; return; }
  local got_rc
  got_rc=$(cat "$tmp/$name.rc")
  [ "$got_rc" = "$rc" ] || fail "$name: exit status $got_rc, expected $rc (stderr: $(tail -2 "$tmp/$name.err" | tr '\n' '|'))"
  [ "$(grep -c '^Finished game ' "$out")" = "$games" ] ||
    fail "$name: $(grep -c '^Finished game ' "$out") games finished, expected $games"
  [ "$(grep -c '^Started game ' "$out")" = "$games" ] ||
    fail "$name: $(grep -c '^Started game ' "$out") games started, expected $games"
  grep -q "^Score of fake vs xq: 0 - $games - 0 " "$out" ||
    fail "$name: expected 'Score of fake vs xq: 0 - $games - 0', got '$(grep '^Score of' "$out")'"
  xq_pgn_games "$pgn" >"$tmp/$name.games"
  [ "$(wc -l <"$tmp/$name.games")" = "$games" ] || fail "$name: $(wc -l <"$tmp/$name.games") PGN records, expected $games"
  local k side result pairing plies
  for k in $(seq "$games"); do
    if [ $((k % 2)) = 1 ]; then side=Red result=0-1 pairing="fake vs xq" plies=$red_plies
    else side=Black result=1-0 pairing="xq vs fake" plies=$black_plies; fi
    local line="Finished game $k ($pairing): $result {$side$reason"
    grep -qF "$line" "$out" || fail "$name: no line '$line...}' in: $(grep "^Finished game $k " "$out")"
    local rec
    rec=$(awk -F'\t' -v k="$k" '$1 == k' "$tmp/$name.games")
    [ -n "$rec" ] || { fail "$name: no PGN record of game $k"; continue; }
    IFS=$'\t' read -r _ red black res termination plycount _ moves ending _ <<<"$rec"
    [ "$red vs $black" = "$pairing" ] || fail "$name: PGN game $k has $red vs $black, expected $pairing"
    [ "$res" = "$result" ] || fail "$name: PGN game $k result $res, expected $result"
    [ "$termination" = "$term" ] || fail "$name: PGN game $k Termination '$termination', expected '$term'"
    [ "$plycount" = "$plies" ] || fail "$name: PGN game $k PlyCount $plycount, expected $plies"
    [ "$moves" = "$plycount" ] || fail "$name: PGN game $k has $moves moves, its PlyCount says $plycount"
    case "$ending" in "$side$reason"*) ;; *) fail "$name: PGN game $k ends with {$ending}, expected {$side$reason...}" ;; esac
  done
}

# check_stopped NAME REASON TERMINATION PLIES: without -recover, game 1 (the fake as Red) was
# the only one; the match stopped with exit status 1 and said why.
check_stopped() {
  check "$1" 1 1 "$2" "$3" "$4"
  grep -q "^Error: engine fake failed .*stopping the match" "$tmp/$1.err" ||
    fail "$1: stderr does not say the match stopped: $(head -3 "$tmp/$1.err" | tr '\n' '|')"
}

start=$SECONDS
match illegal illegal -games 4 -recover
match illegal_norecover illegal -games 4
match garbage garbage -games 4 -recover
match garbage_norecover garbage -games 4
match crash crash -games 4 -recover
match crash_norecover crash -games 4
match hang hang -games 4 -recover -concurrency 2
match hang_norecover hang -games 4
match slow slow -games 4 -recover -each tc=2+0.01
match slow_norecover slow -games 2 -each tc=2+0.01
match nohandshake nohandshake -games 2 -recover
match nohandshake_norecover nohandshake -games 2
# The late fake's third move comes 0.2 s after its flag, within its 1 s margin: the move stands
# and its clock is below zero when xqengine (which has 2 s) is asked to move next.
(
  timeout 60 "$bin/xqmatch" -engine cmd="$tmp/fake_engine.py late --after 3 --linger --engine $tmp/xqengine" \
    name=fake tc=0.5+0.1 timemargin=1000 -engine cmd="$tmp/xqengine" name=xq depth=2 tc=2+0.1 \
    -games 1 -maxmoves 15 -pgnout "$tmp/late.pgn" >"$tmp/late.out" 2>"$tmp/late.err"
  echo $? >"$tmp/late.rc"
) &
wait
echo "matches played in $((SECONDS - start)) s"

# An illegal move is a loss, not a broken engine: the match goes on without -recover too.
check illegal 4 0 " makes an illegal move: a0b9" "rules infraction"
check illegal_norecover 4 0 " makes an illegal move: a0b9" "rules infraction"
check garbage 4 0 " sends garbage: " "rules infraction"
check_stopped garbage_norecover " sends garbage: " "rules infraction" 4
check crash 4 0 " disconnects" "abandoned"
check_stopped crash_norecover " disconnects" "abandoned" 4
check hang 4 0 "'s connection stalls" "stalled connection"
check_stopped hang_norecover "'s connection stalls" "stalled connection" 4
# A flag fall is a loss too; the slow fake still answers "stop", so nothing needs a restart.
check slow 4 0 " loses on time" "time forfeit"
check slow_norecover 2 0 " loses on time" "time forfeit"
# An engine that never completed a handshake is a wrong command line, not a crash to recover
# from: even with -recover the match stops at once with status 1 and an error naming the
# command, and no game is played or scored (no forfeit).
for name in nohandshake nohandshake_norecover; do
  [ "$(cat "$tmp/$name.rc" 2>/dev/null)" = 1 ] || fail "$name: exit status $(cat "$tmp/$name.rc" 2>/dev/null), expected 1"
  grep -qF "Error: cannot start engine fake (cmd=$tmp/fake_engine.py nohandshake" "$tmp/$name.err" ||
    fail "$name: stderr does not name the engine's command: $(head -2 "$tmp/$name.err" | tr '\n' '|')"
  grep -q "no 'uciok'" "$tmp/$name.err" ||
    fail "$name: stderr does not name the missing uciok: $(head -2 "$tmp/$name.err" | tr '\n' '|')"
  grep -qE '^(Started|Finished) game|^Score of' "$tmp/$name.out" && fail "$name: a game was played or scored: $(head -2 "$tmp/$name.out" | tr '\n' '|')"
  [ -s "$tmp/$name.pgn" ] && fail "$name: a PGN record was written"
done

# A move within the time margin leaves the mover's clock below zero; the opponent must still
# get a clock it can use and play on. xqengine refuses "go wtime -90 ..." (a negative time) and
# never answers, so a runner that passes the negative clock on makes it lose on time.
late_rc=$(cat "$tmp/late.rc" 2>/dev/null)
late_end=$(grep '^Finished game 1 ' "$tmp/late.out")
late_plies=$(xq_pgn_games "$tmp/late.pgn" | cut -f6)
[ "$late_rc" = 0 ] || fail "late: exit status $late_rc, expected 0 ($(grep -m1 '^Error' "$tmp/late.err"))"
case "$late_end" in
  *"Black loses on time"*) fail "late: xqengine (Black, 2 s left) loses on time right after the fake's late move: $late_end" ;;
  "") fail "late: game 1 did not finish" ;;
esac
[ "${late_plies:-0}" -gt 5 ] || fail "late: the game ended at ply ${late_plies:-?}, right after the late move (ply 5)"

# No process may survive its match: the lingering fakes only go when killed.
xq_check_no_processes

xq_finish "xqmatch against fake engines"
