#!/usr/bin/env bash
# Black-box test of xqmatch -resume: a 4-game match between two node-limited xqengines
# (deterministic) is played whole; the same match stopped after its first pair (by a smaller
# -games, by an odd -games that leaves half a pair, and by SIGTERM in the middle of a game) and
# resumed must play only the missing games, under their own numbers, and end with the whole
# match's counts, Elo and SPRT lines. A resume whose settings differ, a file that is missing, not
# JSON, from before -resume, or names pairs this match does not have is refused with status 2,
# plays nothing and leaves the file as it was. Counts that the SPRT has already decided play
# nothing. A round robin resumed after its first round ends as the whole one.
# Usage: bash xqmatch_resume.sh <build/bin dir> <source dir>
set -uo pipefail
bin=$(cd "$1" && pwd)
. "$(dirname "$0")/lib/match.sh"
xq_need python3 python3
xq_test_dir resume

start_fen='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
printf '%s moves h2e2 h9g7\n%s moves c3c4 g6g5\n' "$start_fen" "$start_fen" >"$tmp/book.txt"
args=(-engine cmd="$tmp/xqengine" name=a nodes=2000 -engine cmd="$tmp/xqengine" name=b nodes=1000
  -each proto=uci -openings file="$tmp/book.txt" -sprt elo0=0 elo1=10)
match() { timeout 120 "$bin/xqmatch" "${args[@]}" "$@"; }
summary() { grep -E '^(Ptnml|Score of|Elo difference|SPRT)' "$1"; }
started() { sed -n 's/^Started game \([0-9]*\) of \([0-9]*\) .*/\1of\2/p' "$1" | sort -n | tr '\n' ' '; }
# A results file's counts and finished pairs, one line, for comparing files.
counts() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(json.dumps([r["counts"], r["finished"]], sort_keys=True))' "$1"; }

match -games 4 -resultsout "$tmp/whole.json" >"$tmp/whole.out" 2>"$tmp/whole.err" ||
  fail "the whole match: exit status $?: $(tail -2 "$tmp/whole.err" | tr '\n' '|')"
summary "$tmp/whole.out" >"$tmp/whole.summary"
[ "$(wc -l <"$tmp/whole.summary")" = 4 ] || fail "the whole match printed no Ptnml/Score/Elo/SPRT summary"
grep -q '^Score of a vs b: .* 4$' "$tmp/whole.summary" || fail "the whole match did not count 4 games: $(grep '^Score' "$tmp/whole.summary")"
[ "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["finished"]["pairs"])' "$tmp/whole.json")" = "[0, 1]" ] ||
  fail "the whole match's file does not list pairs 0 and 1 as finished: $(head -c 300 "$tmp/whole.json")"

# resume_check LABEL FILE OUT: the resumed run OUT played games 3 and 4 only and ends as the whole match.
resume_check() {
  local label=$1 file=$2 out=$3
  [ "$(started "$out")" = "3of4 4of4 " ] || fail "$label: the resumed run started games '$(started "$out")', expected 3 and 4 of 4"
  grep -q "^Resuming from $file: 1 game pairs already played, 2 games to play" "$out" ||
    fail "$label: no 'Resuming from' line: $(head -1 "$out")"
  if ! diff <(summary "$out") "$tmp/whole.summary" >/dev/null; then
    fail "$label: the resumed match's summary differs from the whole match's:"
    diff <(summary "$out") "$tmp/whole.summary"
  fi
  [ "$(counts "$file")" = "$(counts "$tmp/whole.json")" ] ||
    fail "$label: the results file after resuming differs from the whole match's: $(counts "$file")"
}

# 1. Stopped by a smaller -games, resumed with the whole -games (same file, written back).
match -games 2 -resultsout "$tmp/part.json" >"$tmp/part.out" 2>&1 || fail "the 2-game run: exit status $?"
match -games 4 -resume "$tmp/part.json" >"$tmp/resumed.out" 2>"$tmp/resumed.err" ||
  fail "resume of the 2-game run: exit status $?: $(tail -2 "$tmp/resumed.err" | tr '\n' '|')"
resume_check "after -games 2" "$tmp/part.json" "$tmp/resumed.out"

# 2. Half a pair: game 3 of a 3-game run is played again with its partner, not counted twice.
match -games 3 -resultsout "$tmp/odd.json" >"$tmp/odd.out" 2>&1 || fail "the 3-game run: exit status $?"
grep -q '^Score of a vs b: .* 3$' "$tmp/odd.out" || fail "the 3-game run did not count 3 games"
match -games 4 -resume "$tmp/odd.json" >"$tmp/odd-resumed.out" 2>&1 || fail "resume of the 3-game run: exit status $?"
resume_check "after -games 3" "$tmp/odd.json" "$tmp/odd-resumed.out"

# 3. SIGTERM during game 3, once the first pair's results are on disk.
# Not through match(): $! must be timeout's, which passes the signal on to xqmatch.
timeout 120 "$bin/xqmatch" "${args[@]}" -games 4 -resultsout "$tmp/term.json" >"$tmp/term.out" 2>&1 &
pid=$!
for _ in $(seq 600); do
  grep -q '^Started game 3 ' "$tmp/term.out" && break
  sleep 0.05
done
kill -TERM "$pid"
wait "$pid"
rc=$?
grep -q '^Finished game 3 .*: \* {Game interrupted}' "$tmp/term.out" ||
  echo "note: game 3 finished before SIGTERM reached it; the file then holds its half pair"
grep -q '^Finished game 4' "$tmp/term.out" && fail "game 4 was played after SIGTERM"
[ "$rc" = 143 ] || fail "the match stopped by SIGTERM: exit status $rc, expected 143"
match -games 4 -resume "$tmp/term.json" >"$tmp/term-resumed.out" 2>&1 || fail "resume after SIGTERM: exit status $?"
resume_check "after SIGTERM" "$tmp/term.json" "$tmp/term-resumed.out"
[ -e "$tmp/term.json.part" ] && fail "a side file term.json.part was left behind"

# refused LABEL PATTERN FILE ARGS...: status 2, an error naming the problem, no game, the file unchanged.
refused() {
  local label=$1 pattern=$2 file=$3
  shift 3
  local before=""
  [ -e "$file" ] && before=$(md5sum <"$file")
  match "$@" -resume "$file" >"$tmp/refused.out" 2>"$tmp/refused.err"
  local rc=$?
  [ "$rc" = 2 ] || fail "$label: exit status $rc, expected 2"
  grep -q -- "$pattern" "$tmp/refused.err" || fail "$label: no error matching '$pattern': $(head -2 "$tmp/refused.err" | tr '\n' '|')"
  grep -q '^Started game' "$tmp/refused.out" && fail "$label: games were played"
  [ -e "$file" ] && [ "$(md5sum <"$file")" != "$before" ] && fail "$label: the results file was changed"
}
cp "$tmp/whole.json" "$tmp/whole.copy"
sed 's/nodes=1000/nodes=500/' <(printf '%s\n' "${args[@]}") >"$tmp/args2"
saved=("${args[@]}")
mapfile -t args <"$tmp/args2"
refused "other settings" 'differ from this match.s at key "engines\[1\].nodes"' "$tmp/whole.copy" -games 4
args=("${saved[@]}")
refused "fewer games" 'pair 1 is not one of this match' "$tmp/whole.copy" -games 2
refused "a missing file" 'does not exist\|cannot\|no such' "$tmp/nothing.json" -games 4
printf '{"settings": ' >"$tmp/broken.json"
refused "broken JSON" 'not valid JSON' "$tmp/broken.json" -games 4
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); del r["finished"]; json.dump(r, open(sys.argv[2], "w"))' \
  "$tmp/whole.json" "$tmp/old.json"
refused "a file from before -resume" 'no "finished"' "$tmp/old.json" -games 4
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); r["finished"]["pairs"]=[0,0]; json.dump(r, open(sys.argv[2], "w"))' \
  "$tmp/whole.json" "$tmp/twice.json"
refused "a pair named twice" 'pair 0 twice' "$tmp/twice.json" -games 4
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); r["finished"]["encounters"][0]["wins"]+=1; json.dump(r, open(sys.argv[2], "w"))' \
  "$tmp/whole.json" "$tmp/extra.json"
refused "counts that are not the pairs'" 'not those of its 2 finished pairs' "$tmp/extra.json" -games 4

# Counts the SPRT has decided: 200 pairs won twice over. Nothing is played; the summary says H1.
python3 - "$tmp/whole.json" "$tmp/decided.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
r["finished"] = {"pairs": list(range(200)),
                 "encounters": [{"wins": 400, "losses": 0, "draws": 0,
                                 "red": {"wins": 200, "losses": 0, "draws": 0}, "pentanomial": [0, 0, 0, 0, 200]}]}
json.dump(r, open(sys.argv[2], "w"))
EOF
match -games 400 -resume "$tmp/decided.json" >"$tmp/decided.out" 2>&1 || fail "resume of decided counts: exit status $?"
grep -q '^The SPRT had already decided: nothing to play' "$tmp/decided.out" || fail "decided counts: no message saying so"
grep -q '^Started game' "$tmp/decided.out" && fail "decided counts: games were played"
grep -q '^SPRT: .*H1 was accepted' "$tmp/decided.out" || fail "decided counts: the SPRT line does not accept H1: $(grep '^SPRT' "$tmp/decided.out")"
grep -q '^Score of a vs b: 400 - 0 - 0' "$tmp/decided.out" || fail "decided counts: the Score line is not the file's"

# A round robin of three engines stopped after its first round and resumed for the second ends
# with the whole tournament's rating table (and each pairing's Score line).
rr=(-engine cmd="$tmp/xqengine" name=d1 depth=1 -engine cmd="$tmp/xqengine" name=d2 depth=2
  -engine cmd="$tmp/xqengine" name=d3 depth=3 -each proto=uci -tournament round-robin -games 2
  -openings file="$tmp/book.txt" -ratinginterval 0)
rr_lines() { grep -E '^(Score of|Rank|  *[0-9] )' "$1"; }
timeout 120 "$bin/xqmatch" "${rr[@]}" -rounds 2 -resultsout "$tmp/rr.json" >"$tmp/rr.out" 2>&1 || fail "the whole round robin: exit status $?"
timeout 120 "$bin/xqmatch" "${rr[@]}" -rounds 1 -resultsout "$tmp/rr1.json" >/dev/null 2>&1 || fail "round 1: exit status $?"
timeout 120 "$bin/xqmatch" "${rr[@]}" -rounds 2 -resume "$tmp/rr1.json" >"$tmp/rr2.out" 2>&1 || fail "round 2 resumed: exit status $?"
[ "$(started "$tmp/rr2.out")" = "7of12 8of12 9of12 10of12 11of12 12of12 " ] ||
  fail "the resumed round robin started games '$(started "$tmp/rr2.out")', expected 7 to 12 of 12"
[ "$(rr_lines "$tmp/rr.out" | wc -l)" -ge 7 ] || fail "the whole round robin printed no table: $(tail -3 "$tmp/rr.out" | tr '\n' '|')"
if ! diff <(rr_lines "$tmp/rr2.out") <(rr_lines "$tmp/rr.out") >/dev/null; then
  fail "the resumed round robin ends otherwise than the whole one:"
  diff <(rr_lines "$tmp/rr2.out") <(rr_lines "$tmp/rr.out")
fi

xq_check_no_processes
xq_finish "xqmatch -resume"
