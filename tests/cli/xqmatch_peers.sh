#!/usr/bin/env bash
# Black-box test of xqmatch over CECP and against the real peers we measure against:
#  1. a scripted CECP engine that claims a draw instead of moving loses every game by a false
#     claim ("rules infraction"), and the match goes on (a false claim is no engine failure);
#  2. xqengine against MaxQi (proto=xboard) and Fairy-Stockfish (proto=uci-fsf, proto=ucci):
#     2 games each at tc=1+0.01, both games finished, the Score and Elo lines last.
# Peers that are not installed are skipped with a message (scripts/install-deps.sh installs them).
# Usage: bash xqmatch_peers.sh <build/bin dir> <source dir>
set -uo pipefail
bin=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
. "$(dirname "$0")/lib/match.sh"

xq_test_dir peers
cp "$src/tests/match/fake_cecp.py" "$tmp/fake_cecp.py"

# 1. False claims.
timeout 60 "$bin/xqmatch" -engine cmd="$tmp/fake_cecp.py claim --engine $tmp/xqengine" name=claimer proto=xboard \
  -engine cmd="$tmp/xqengine" name=xq proto=uci -each tc=2+0.02 -games 2 -pgnout "$tmp/claim.pgn" \
  > "$tmp/claim.out" 2> "$tmp/claim.err"
rc=$?
[ "$rc" = 0 ] || fail "false claim: exit status $rc, expected 0 ($(tr '\n' '|' < "$tmp/claim.err"))"
grep -q '^Finished game 1 (claimer vs xq): 0-1 {Red makes a false claim: 1/2-1/2 (Draw by repetition)}$' "$tmp/claim.out" ||
  fail "false claim: game 1 is not lost by the claimer: $(grep '^Finished game 1' "$tmp/claim.out")"
grep -q '^Finished game 2 (xq vs claimer): 1-0 {Black makes a false claim' "$tmp/claim.out" ||
  fail "false claim: game 2 was not played or not lost by the claimer: $(grep '^Finished game 2' "$tmp/claim.out")"
[ "$(grep -c '^\[Termination "rules infraction"\]' "$tmp/claim.pgn")" = 2 ] ||
  fail "false claim: the PGN does not give both games a rules-infraction termination"
grep -q '^Score of claimer vs xq: 0 - 2 - 0' "$tmp/claim.out" || fail "false claim: $(grep '^Score' "$tmp/claim.out")"

# 2. Real peers, two games each.
peer() {  # peer NAME PROTO COMMAND
  local name=$1 proto=$2 cmd=$3
  [ -x "$cmd" ] || { fail "$name: $cmd is not installed (scripts/install-deps.sh installs it)"; return; }
  timeout 120 "$bin/xqmatch" -engine cmd="$tmp/xqengine" name=xq proto=uci -engine cmd="$cmd" name="$name" proto="$proto" \
    -each tc=1+0.01 -games 2 -pgnout "$tmp/$name.pgn" > "$tmp/$name.out" 2> "$tmp/$name.err"
  local rc=$?
  [ "$rc" = 0 ] || fail "$name: exit status $rc ($(tr '\n' '|' < "$tmp/$name.err"))"
  [ "$(grep -c '^Finished game' "$tmp/$name.out")" = 2 ] || fail "$name: not 2 finished games"
  grep '^Finished game' "$tmp/$name.out" | grep -q -E 'illegal|garbage|disconnects|stalls|fails to start' &&
    fail "$name: a game ended by an engine failure: $(grep '^Finished' "$tmp/$name.out" | tr '\n' '|')"
  [ "$(grep -c '^\[Event ' "$tmp/$name.pgn")" = 2 ] || fail "$name: the PGN does not hold 2 games"
  tail -2 "$tmp/$name.out" | head -1 | grep -q "^Score of xq vs $name: " || fail "$name: the Score line is not second to last"
  tail -1 "$tmp/$name.out" | grep -q '^Elo difference: ' || fail "$name: the Elo line is not last"
  echo "$name ($proto): $(grep '^Score' "$tmp/$name.out")"
}
peer maxqi xboard /usr/games/maxqi
peer fsf-uci uci-fsf /usr/games/fairy-stockfish
peer fsf-ucci ucci /usr/games/fairy-stockfish

[ -z "$(pgrep -f "$tmp/")" ] || fail "processes left behind: $(pgrep -af "$tmp/" | tr '\n' '|')"
xq_finish "xqmatch peers"
