#!/usr/bin/env bash
# Black-box test of xqmatch -shard and xqmatch merge: a 4-game match between two
# node-limited xqengines (deterministic) is played whole, and as shards 1/2 and 2/2 at once
# with GNU parallel. Each shard must play its own pair of games, the same games as the whole
# match (same moves and results under the same round numbers), and merging the two results
# files must give the whole match's counts. merge must refuse files whose settings differ and
# a shard given twice.
# Usage: bash xqmatch_shards.sh <build/bin dir> <source dir>
set -uo pipefail
bin=$(cd "$1" && pwd)
. "$(dirname "$0")/lib/match.sh"

xq_need parallel parallel
parallel --version 2>/dev/null | grep -q 'GNU parallel' ||
  { echo "FAIL: 'parallel' is not GNU parallel (Debian package parallel, not moreutils)"; exit 1; }
xq_test_dir shards

# Two openings, one per pair of games. 2000 nodes against 1000 from these gives wins and a loss.
start_fen='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
printf '%s moves h2e2 h9g7\n%s moves c3c4 g6g5\n' "$start_fen" "$start_fen" >"$tmp/book.txt"
printf '%s\n' -engine cmd="$tmp/xqengine" name=a nodes=2000 -engine cmd="$tmp/xqengine" name=b nodes=1000 \
  -each proto=uci -games 4 -openings file="$tmp/book.txt" >"$tmp/args"
mapfile -t args <"$tmp/args"

start=$SECONDS
timeout 60 "$bin/xqmatch" "${args[@]}" -pgnout "$tmp/whole.pgn" -resultsout "$tmp/whole.json" \
  >"$tmp/whole.out" 2>"$tmp/whole.err" &
whole_pid=$!
timeout 60 parallel --will-cite -j2 "timeout 60 $bin/xqmatch $(tr '\n' ' ' <"$tmp/args") -shard {}/2" \
  "-pgnout $tmp/shard{}.pgn -resultsout $tmp/shard{}.json >$tmp/shard{}.out 2>$tmp/shard{}.err" ::: 1 2
rc=$?
[ "$rc" = 0 ] || fail "parallel: exit status $rc (shard 1: $(tail -1 "$tmp/shard1.err"); shard 2: $(tail -1 "$tmp/shard2.err"))"
wait "$whole_pid"
rc=$?
[ "$rc" = 0 ] || fail "whole match: exit status $rc: $(tail -2 "$tmp/whole.err" | tr '\n' '|')"
echo "whole match and two shards played in $((SECONDS - start)) s"

# Shard i plays pair i: games 2i-1 and 2i, numbered as in the whole match.
for i in 1 2; do
  started=$(sed -n 's/^Started game \([0-9]*\) of \([0-9]*\) .*/\1of\2/p' "$tmp/shard$i.out" | tr '\n' ' ')
  [ "$started" = "$((2 * i - 1))of4 $((2 * i))of4 " ] || fail "shard $i/2 started games '$started', expected $((2 * i - 1)) and $((2 * i)) of 4"
done
xq_pgn_games "$tmp/whole.pgn" | cut -f1,4,10 | sort -n >"$tmp/whole.games"
cat "$tmp/shard1.pgn" "$tmp/shard2.pgn" >"$tmp/shards.pgn"
xq_pgn_games "$tmp/shards.pgn" | cut -f1,4,10 | sort -n >"$tmp/shards.games"
[ "$(wc -l <"$tmp/whole.games")" = 4 ] || fail "the whole match recorded $(wc -l <"$tmp/whole.games") games, expected 4"
if ! diff -q "$tmp/whole.games" "$tmp/shards.games" >/dev/null; then
  fail "the shards played other games than the whole match (round, result, moves):"
  diff "$tmp/whole.games" "$tmp/shards.games" | cut -c1-100 | head -6
fi

# The merged counts are the whole match's: same Ptnml, Score and Elo lines.
timeout 20 "$bin/xqmatch" merge "$tmp/shard1.json" "$tmp/shard2.json" >"$tmp/merged.out" 2>"$tmp/merged.err"
rc=$?
[ "$rc" = 0 ] || fail "merge: exit status $rc: $(head -2 "$tmp/merged.err" | tr '\n' '|')"
grep -E '^(Ptnml|Score of|Elo difference)' "$tmp/whole.out" >"$tmp/whole.summary"
grep -E '^(Ptnml|Score of|Elo difference)' "$tmp/merged.out" >"$tmp/merged.summary"
[ "$(wc -l <"$tmp/whole.summary")" = 3 ] || fail "the whole match printed no Ptnml/Score/Elo summary"
grep -q '^Score of a vs b: [0-9]* - [0-9]* - [0-9]*  *\[[0-9.]*\] 4$' "$tmp/whole.summary" ||
  fail "the whole match's Score line does not count 4 games: $(grep '^Score' "$tmp/whole.summary")"
if ! diff -q "$tmp/whole.summary" "$tmp/merged.summary" >/dev/null; then
  fail "merged shards differ from the whole match:"
  diff "$tmp/whole.summary" "$tmp/merged.summary"
fi
echo "whole and merged: $(grep '^Score' "$tmp/merged.summary")"

# merge refuses results of another match: here shard 2 played with b at 500 nodes.
sed "s/nodes=1000/nodes=500/" "$tmp/args" >"$tmp/args2"
mapfile -t args2 <"$tmp/args2"
timeout 60 "$bin/xqmatch" "${args2[@]}" -shard 2/2 -resultsout "$tmp/other.json" >/dev/null 2>"$tmp/other.err"
[ -s "$tmp/other.json" ] || fail "the other match wrote no results file: $(tail -1 "$tmp/other.err")"
timeout 20 "$bin/xqmatch" merge "$tmp/shard1.json" "$tmp/other.json" >"$tmp/bad.out" 2>"$tmp/bad.err"
rc=$?
[ "$rc" = 2 ] || fail "merge of different settings: exit status $rc, expected 2"
grep -q 'differ' "$tmp/bad.err" || fail "merge of different settings: no message saying so: $(head -2 "$tmp/bad.err" | tr '\n' '|')"
grep -q '^Score of' "$tmp/bad.out" && fail "merge of different settings printed a score"

# A shard given twice would count its games twice.
timeout 20 "$bin/xqmatch" merge "$tmp/shard1.json" "$tmp/shard1.json" "$tmp/shard2.json" >"$tmp/dup.out" 2>"$tmp/dup.err"
rc=$?
[ "$rc" = 2 ] || fail "merge of shard 1/2 twice: exit status $rc, expected 2 (it printed: $(grep '^Score' "$tmp/dup.out"))"

xq_finish "xqmatch shards and merge"
