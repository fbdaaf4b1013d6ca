#!/usr/bin/env bash
# Black-box test of `xqjudge` (Xiangqi): JSON lines in, one JSON line out per input line.
# Usage: bash xqjudge_xiangqi.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1/xqjudge"
src="$2"
. "$(dirname "$0")/lib/harness.sh"
# expect <description> <jq filter that must be true> <output line>
expect() {
  if ! echo "$3" | jq -e "$2" >/dev/null 2>&1; then fail "$1: '$2' does not hold for: $3"; fi
}
judge() { printf '%s\n' "$@" | "$bin" 2>/dev/null; }

PERPETUAL_CHECK='{"fen": "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w", "moves": ["h8h9", "f9f8", "h9h8", "f8f9", "h8h9", "f9f8"]}'
CHASE='{"fen": "3aka3/7R1/7c1/9/9/9/9/9/4A4/3AK1p2 b", "moves": ["h7c7", "h8c8", "c7h7", "c8h8", "h7c7", "h8c8"]}'
UNDECIDED='{"fen": "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w", "moves": ["h8h9", "f9f8", "h9h8"]}'

# Good lines: a perpetual check (WXF: the checking side loses), a perpetual chase, no repetition.
out=$(judge "$PERPETUAL_CHECK")
expect "perpetual check" '.result == "loss" and .side_to_move == "red" and .offender == "red"' "$out"
expect "perpetual check" '.red == "check" and (.black | type) == "string"' "$out"
expect "perpetual check explanation" '.explanation | test("gave check") and test("Red loses")' "$out"
out=$(judge "$CHASE")
expect "perpetual chase" '.result == "win" and .side_to_move == "black" and .offender == "red"' "$out"
expect "perpetual chase" '.red == "chase" and .black == "idle"' "$out"
expect "perpetual chase explanation" '.explanation | test("rook on .. chased the black cannon") and test("Red loses")' "$out"
out=$(judge "$UNDECIDED")
expect "undecided" '.result == "undecided" and .offender == null and .side_to_move == "black"' "$out"
expect "undecided explanation" '.explanation | test("not occurred before")' "$out"
expect "documented keys in order" '[keys_unsorted[]] == ["result","side_to_move","offender","red","black","explanation"]' "$out"
out=$(judge "${PERPETUAL_CHECK%\}}, \"ntimes\": 2}")
expect "ntimes 2 needs a second cycle" '.result == "undecided"' "$out"

# Bad lines: each gets {"error": ...} naming the problem.
expect "malformed JSON, without the parser's tag" '.error | test("^malformed JSON: parse error at") and (test("json.exception") | not)' "$(judge '{"fen": "9/9", "moves": [')"
expect "not an object" '.error | test("JSON object")' "$(judge '["h2e2"]')"
expect "missing fen" '.error | test("missing field \"fen\"")' "$(judge '{"moves": []}')"
expect "moves not an array" '.error | test("\"moves\" must be an array")' "$(judge '{"fen": "4k4/9/9/9/9/9/9/9/9/4K4 w", "moves": "h2e2"}')"
expect "ntimes out of range" '.error | test("ntimes 0 is out of range")' "$(judge '{"fen": "4k4/9/9/9/9/9/9/9/9/3K5 w", "moves": [], "ntimes": 0}')"
expect "bad FEN" '.error | test("bad FEN: unknown piece letter .x.")' "$(judge '{"fen": "4k4/9/9/9/4x4/9/9/9/9/3K5 w", "moves": []}')"
expect "illegal move with its index" '(.error | test("moves\\[2\\]")) and (.error | test("h9h1")) and (.error | test("illegal"))' \
  "$(judge '{"fen": "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w", "moves": ["h8h9", "f9f8", "h9h1"]}')"
expect "malformed move with its index" '.error | test("moves\\[0\\].*zz.*malformed")' \
  "$(judge '{"fen": "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w", "moves": ["zz"]}')"
expect "error lines carry only the error" '(keys == ["error"])' "$(judge 'garbage')"

# Deeply nested JSON: once a stack overflow (dump() recursed once per level). Now each such line
# gets an error, the next line is still answered, and a bad value is quoted only in part.
brackets() { printf '%*s' "$1" '' | tr ' ' "$2"; }
nest() { echo "$(brackets "$1" '[')$(brackets "$1" ']')"; }  # <n> arrays, one inside the other
DEEP_MOVE="{\"fen\": \"3aka3/7R1/7c1/9/9/9/9/9/4A4/3AK1p2 b\", \"moves\": [$(nest 100000)]}"
DEEP_NTIMES="${PERPETUAL_CHECK%\}}, \"ntimes\": $(nest 100000)}"
WIDE_NTIMES="${PERPETUAL_CHECK%\}}, \"ntimes\": [$(brackets 10000 '1' | sed 's/1/1,/g')1]}"
out=$(judge "$DEEP_MOVE" "$DEEP_NTIMES" "$CHASE" "$WIDE_NTIMES" "$PERPETUAL_CHECK"); rc=$?
[ "$rc" = 0 ] || fail "deep nesting: exit status $rc"
[ "$(echo "$out" | wc -l)" = 5 ] || fail "deep nesting: expected 5 lines, got: $(echo "$out" | cut -c1-200)"
expect "nested arrays in moves[0]" '.error | test("nested deeper than 16 levels")' "$(echo "$out" | sed -n 1p)"
expect "nested arrays in ntimes" '.error | test("nested deeper than 16 levels")' "$(echo "$out" | sed -n 2p)"
expect "answered after deep nesting" '.result == "win" and .offender == "red" and .red == "chase"' "$(echo "$out" | sed -n 3p)"
expect "a long bad ntimes is quoted in part" '(.error | test("got \\[1,1,1,.*\\.\\.\\.$")) and (.error | length) < 120' \
  "$(echo "$out" | sed -n 4p)"
expect "answered after a long bad value" '.result == "loss" and .offender == "red"' "$(echo "$out" | sed -n 5p)"
# The limit is 16 levels: the object, "moves" and 14 arrays parse; one more does not.
expect "16 levels parse" '.error | test("moves\\[0\\] is not a string")' \
  "$(judge "{\"fen\": \"4k4/9/9/9/9/9/9/9/9/4K4 w\", \"moves\": [$(nest 14)]}")"
expect "17 levels do not" '.error | test("nested deeper than 16 levels")' \
  "$(judge "{\"fen\": \"4k4/9/9/9/9/9/9/9/9/4K4 w\", \"moves\": [$(nest 15)]}")"

# Empty input: no output, exit 0. Blank lines are skipped without output.
out=$(printf '' | "$bin"); rc=$?
[ "$rc" = 0 ] && [ -z "$out" ] || fail "empty input: rc=$rc output='$out'"
out=$(printf '\n   \n\n' | "$bin"); rc=$?
[ "$rc" = 0 ] && [ -z "$out" ] || fail "blank lines: rc=$rc output='$out'"

# A mix of good and bad lines: one answer per line, in order, and the tool goes on; exit 0.
out=$(judge "$PERPETUAL_CHECK" 'not json' "$CHASE" '{"fen": "bad"}' "$UNDECIDED"); rc=$?
[ "$rc" = 0 ] || fail "mixed input: exit status $rc"
[ "$(echo "$out" | wc -l)" = 5 ] || fail "mixed input: expected 5 lines, got: $out"
[ "$(echo "$out" | jq -r '.result // "error"' | tr '\n' ' ')" = "loss error win error undecided " ] ||
  fail "mixed input: wrong answers: $out"

# The natural move limit: 60 moves by each side (120 plies) without a capture draws, counted
# from the FEN's halfmove clock; a mate on the move that reaches it still wins; a decided
# repetition is ruled first; a move after the limit has drawn the game is an error.
SHUFFLE='3k5/9/9/9/9/9/9/9/9/R3K4 w - -'  # Red's rook and Black's king can step back and forth
natural() { judge "{\"fen\": \"$SHUFFLE $1 1\", \"moves\": $2}"; }
expect "natural limit: 119 plies go on" '.result == "undecided"' "$(natural 118 '["a0a1"]')"
out=$(natural 119 '["a0a1"]')
expect "natural limit: 120 plies draw" '.result == "draw" and .offender == null and .side_to_move == "black"' "$out"
expect "natural limit: in words" \
  '.explanation | test("halfmove clock of 119, then 1 move; that reaches the natural move limit of 60 moves by each side \\(120 plies\\), so the game is drawn")' "$out"
expect "natural limit: documented keys in order" '[keys_unsorted[]] == ["result","side_to_move","offender","red","black","explanation"]' "$out"
expect "natural limit: 121 plies draw" '.result == "draw"' "$(natural 121 '[]')"
expect "natural limit: 60 moves each from 0" '.result == "draw"' \
  "$(natural 0 "[$(for i in $(seq 30); do printf '"a0a1","d9d8","a1a0","d8d9",'; done | sed 's/,$//')]")"
expect "natural limit: a move after it is an error" \
  '.error | test("moves\\[1\\] .*already drawn by the natural move limit \\(120 plies without a capture\\)")' \
  "$(natural 119 '["a0a1", "d9d8"]')"
out=$(judge '{"fen": "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 119 80", "moves": ["b0b9"]}')
expect "natural limit: a mate on the 120th ply wins" '.result == "loss" and .side_to_move == "black" and .offender == null' "$out"
expect "natural limit: the mate in words" '.explanation | test("Black is checkmated") and test("Black loses")' "$out"
out=$(judge "${PERPETUAL_CHECK/ w\"/ w - - 114 1\"}")  # its sixth move is the 120th ply
expect "natural limit: a perpetual check on the 120th ply still loses" '.result == "loss" and .offender == "red"' "$out"
expect "natural limit: mentioned after the repetition" '.explanation | test("Red loses") and test("repetition is ruled first")' "$out"
expect "bad halfmove clock" '.error | test("bad FEN: bad halfmove clock .-1.")' "$(natural -1 '[]')"
expect "too many FEN fields" '.error | test("bad FEN: FEN has 7 fields")' "$(natural '0 1' '[]')"

# The diagram replay agrees on every case.
out=$("$bin" --replay "$src/data/wxf_diagrams"); rc=$?
last=$(echo "$out" | tail -1)
echo "$last" | grep -Eq '^173/173 cases agree \([0-9.]+ ms\)$' || fail "replay: last line is '$last'"
[ "$rc" = 0 ] || fail "replay: exit status $rc"
[ "$(echo "$out" | tail -n +2 | grep -c ' ok$')" = 173 ] || fail "replay: expected 173 rows marked ok"
echo "$out" | grep -q 'FAIL$' && fail "replay: a row is marked FAIL"

# Issue 24, first contact. A misspelled key is an error naming it, never a silent default.
expect "misspelled key" '.error | test("unknown field \"nTimes\"") and test("\"ntimes\"")' \
  "$(judge "${PERPETUAL_CHECK%\}}, \"nTimes\": 2}")"
expect "unknown key" '(keys == ["error"]) and (.error | test("unknown field \"comment\""))' \
  "$(judge '{"fen": "startpos", "moves": [], "comment": "x"}')"
# "startpos" is the start position, as in xqengine and xqmatch: the same answer as its FEN.
START_MOVES='"moves": ["h2e2", "h9g7", "e2h2", "g7h9", "h2e2", "h9g7", "e2h2", "g7h9"]'
by_name=$(judge "{\"fen\": \"startpos\", $START_MOVES}")
by_fen=$(judge "{\"fen\": \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\", $START_MOVES}")
expect "fen startpos" '.result == "draw" and .red == "idle" and .black == "idle"' "$by_name"
[ "$by_name" = "$by_fen" ] || fail "fen startpos: '$by_name' differs from the start FEN's '$by_fen'"
# --help describes the input: every key, what ntimes counts, the output fields.
help=$("$bin" --help); rc=$?
[ "$rc" = 0 ] || fail "--help: exit status $rc"
for word in '"fen"' startpos '"moves"' '"ntimes"' 'earlier occurrences' '"claim_with"' side_to_move offender explanation \
  claimable halfmove_clock repetitions '"error"' README.md; do
  grep -qF -- "$word" <<<"$help" || fail "--help does not mention $word"
done
# --replay on a folder that is missing or holds no case: an error on stderr, no table, status 1.
empty=$(mktemp -d)
for dir in "$empty/missing" "$empty"; do
  "$bin" --replay "$dir" >"$empty.out" 2>"$empty.err" </dev/null; rc=$?
  [ "$rc" = 1 ] || fail "--replay $dir: exit status $rc, expected 1"
  [ -s "$empty.out" ] && fail "--replay $dir: printed on stdout: $(head -2 "$empty.out" | tr '\n' '|')"
  grep -qF "error: no WXF cases in '$dir'" "$empty.err" || fail "--replay $dir: no error naming the folder: $(cat "$empty.err")"
done
rm -rf "$empty" "$empty.out" "$empty.err"

xq_finish "xqjudge xiangqi"
