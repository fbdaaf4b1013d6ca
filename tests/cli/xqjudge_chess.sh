#!/usr/bin/env bash
# Black-box test of `xqjudge --variant chess`: feeds real JSON lines and checks each answer with jq.
# Usage: bash xqjudge_chess.sh <build/bin> <source dir>. Exits non-zero on any mismatch.
set -uo pipefail
bin=${1:?usage: xqjudge_chess.sh <bin dir> <source dir>}
judge="$bin/xqjudge"
[ -x "$judge" ] || { echo "FAIL: $judge not found"; exit 1; }
START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
fail=0; checks=0

# check <name> <input line> <jq expression that must print true>
check() {
  local out
  out=$(printf '%s\n' "$2" | "$judge" --variant chess 2>/dev/null)
  checks=$((checks+1))
  if [ "$(printf '%s' "$out" | jq -c "$3" 2>/dev/null)" = "true" ]; then
    echo "ok   $1"
  else
    echo "FAIL $1"; echo "     input:  $2"; echo "     output: $out"; echo "     wanted: $3"; fail=1
  fi
}
game() {  # game <fen> <moves as a JSON array body> [extra JSON fields]
  printf '{"fen": "%s", "moves": [%s]%s}' "$1" "$2" "${3:-}"
}
ongoing='.result == null and .reason == null'

check "start position, nothing to rule" "$(game "$START" '')" \
  "$ongoing and .claimable == [] and .halfmove_clock == 0 and .repetitions == 1"
check "threefold by transposition is claimable" \
  "$(game "$START" '"g1f3","g8f6","b1c3","b8c6","c3b1","c6b8","f3g1","f6g8","b1c3","b8c6","g1f3","g8f6","f3g1","f6g8","c3b1","c6b8"')" \
  "$ongoing and .claimable == [\"threefold_repetition\"] and .repetitions == 3 and .halfmove_clock == 16"
check "threefold claimed with the intended move (9.2.1 a)" \
  "$(game "$START" '"g1f3","g8f6","f3g1","f6g8","g1f3","g8f6","f3g1"' ', "claim_with": "f6g8"')" \
  "$ongoing and .claimable == [\"threefold_repetition\"] and .repetitions == 2"
check "fivefold ends the game" \
  "$(game "$START" '"g1f3","g8f6","f3g1","f6g8","g1f3","g8f6","f3g1","f6g8","g1f3","g8f6","f3g1","f6g8","g1f3","g8f6","f3g1","f6g8"')" \
  '.result == "draw" and .reason == "fivefold_repetition" and .repetitions == 5 and .claimable == []'
check "double push with no legal e.p. reply: same position" \
  "$(game "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" '"e2e4","e8d8","e1d1","d8e8","d1e1"')" '.repetitions == 2'
check "double push allowing e.p.: a different position" \
  "$(game "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1" '"e2e4","e8d8","e1d1","d8e8","d1e1"')" '.repetitions == 1'
check "king out and back lost castling rights: a different position" \
  "$(game "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1" '"e1f1","e8d8","f1e1","d8e8"')" '.repetitions == 1 and .halfmove_clock == 4'
check "fifty-move rule claimable at 100" \
  "$(game "6k1/8/8/8/8/8/4P3/R5K1 w - - 99 80" '"a1b1"')" \
  "$ongoing and .claimable == [\"fifty_move\"] and .halfmove_clock == 100"
check "fifty-move rule claimable with the move that makes 100" \
  "$(game "6k1/8/8/8/8/8/4P3/R5K1 w - - 98 80" '"a1b1"' ', "claim_with": "g8f8"')" \
  "$ongoing and .claimable == [\"fifty_move\"] and .halfmove_clock == 99"
check "a pawn move does not complete the fifty moves" \
  "$(game "6k1/8/8/8/8/8/4P3/R5K1 w - - 99 80" '' ', "claim_with": "e2e4"')" '.claimable == []'
check "mate with the 100th halfmove wins" \
  "$(game "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80" '"a1a8"')" \
  '.result == "white" and .reason == "checkmate" and .claimable == [] and .halfmove_clock == 100'
check "mate with the 150th halfmove wins" \
  "$(game "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100" '"a1a8"')" '.result == "white" and .reason == "checkmate"'
check "75-move rule is automatic" \
  "$(game "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100" '"a1a2"')" \
  '.result == "draw" and .reason == "seventy_five_move" and .halfmove_clock == 150'
check "stalemate" "$(game "7k/5Q2/8/6K1/8/8/8/8 w - - 0 1" '"g5g6"')" '.result == "draw" and .reason == "stalemate"'
check "black mates" "$(game "$START" '"f2f3","e7e5","g2g4","d8h4"')" '.result == "black" and .reason == "checkmate"'
check "capture into K+B v K is a dead position" \
  "$(game "8/8/4k3/8/8/4K3/3r4/2B5 w - - 0 1" '"e3d2"')" '.result == "draw" and .reason == "insufficient_material"'
check "K+B v K+B on opposite colours plays on" \
  "$(game "2b5/8/4k3/8/8/4K3/8/2B5 w - - 0 1" '')" "$ongoing"
check "K+N v K+N plays on" "$(game "8/8/3nk3/8/8/4K3/8/6N1 w - - 0 1" '')" "$ongoing"

# Bad lines: one {"error"} each, naming the problem.
check "malformed JSON, in the parser's words without its tag" '{"fen": ' '.error | test("^malformed JSON: parse error at") and (test("json.exception") | not)'
check "not an object" '[1,2]' '.error | test("expected a JSON object")'
check "missing fen" '{"moves": []}' '.error | test("missing field \"fen\"")'
check "missing moves" "{\"fen\": \"$START\"}" '.error | test("missing field \"moves\"")'
check "moves not strings" "$(game "$START" '1')" '.error | test("moves\\[0\\] is not a string")'
check "bad FEN" "$(game "8/8/8/8/8/8/8/K7 w - - 0 1" '')" '.error | test("bad FEN: missing black king")'
check "illegal move names its index" "$(game "$START" '"e2e4","e7e5","e4e5"')" \
  '.error | test("moves\\[2\\] ..e4e5..: illegal move")'
check "malformed move names its index" "$(game "$START" '"e2e4","e7"')" '.error | test("moves\\[1\\] ..e7..: malformed")'
check "move after checkmate" "$(game "$START" '"f2f3","e7e5","g2g4","d8h4","a2a3"')" \
  '.error | test("moves\\[4\\].*after the game ended \\(checkmate\\)")'
check "claim_with must be legal" "$(game "$START" '' ', "claim_with": "e2e5"')" '.error | test("claim_with .e2e5.: illegal")'

# Deeply nested JSON in any field: once a stack overflow (dump() recursed once per level). Each
# such line gets an error and the next line is still answered, in the same run, exit status 0.
brackets() { printf '%*s' "$1" '' | tr ' ' "$2"; }
nest() { echo "$(brackets "$1" '[')$(brackets "$1" ']')"; }  # <n> arrays, one inside the other
deep=$(nest 100000)
out=$(printf '%s\n' "$(game "$START" "$deep")" "{\"fen\": $deep, \"moves\": []}" \
  "$(game "$START" '' ", \"claim_with\": $deep")" "$(game "$START" '"f2f3","e7e5","g2g4","d8h4"')" \
  "$(game "$START" "[$(brackets 10000 '1' | sed 's/1/1,/g')1]")" "$(game "$START" '"e2e4"')" |
  "$judge" --variant chess 2>/dev/null); rc=$?
checks=$((checks+1))
want='["nested","nested","nested","black","long","ongoing"]'
got=$(printf '%s\n' "$out" | jq -s -c 'map(if .error then (if (.error | test("nested deeper than 16 levels")) then "nested"
  elif (.error | test("moves\\[0\\] is not a string: \\[1,1,.*\\.\\.\\.$")) and (.error | length) < 120 then "long" else .error end)
  elif .result then .result elif .halfmove_clock == 0 and .repetitions == 1 then "ongoing" else . end)' 2>/dev/null)
if [ "$rc" = 0 ] && [ "$got" = "$want" ]; then
  echo "ok   deep nesting in moves[0], fen and claim_with, then valid lines answered"
else
  echo "FAIL deep nesting in moves[0], fen and claim_with, then valid lines answered"
  echo "     exit status $rc, got $got, wanted $want"; fail=1
fi
check "16 levels parse" "$(game "$START" "$(nest 14)")" '.error | test("moves\\[0\\] is not a string")'
check "17 levels do not" "$(game "$START" "$(nest 15)")" '.error | test("nested deeper than 16 levels")'

# Issue 24: "startpos" is the start position; an unknown (misspelled) key is an error naming it.
check "fen startpos" "$(game startpos '"g1f3","g8f6","f3g1","f6g8"')" \
  "$ongoing and .repetitions == 2 and .halfmove_clock == 4"
check "misspelled key" "$(game "$START" '"g1f3"' ', "claimWith": "g8f6"')" \
  '(keys == ["error"]) and (.error | test("unknown field \"claimWith\"")) and (.error | test("\"claim_with\""))'

# Several lines in one run: blank lines are skipped, every other line gets exactly one answer.
out=$(printf '%s\n\n   \n%s\nnot json\n' "$(game "$START" '')" "$(game "$START" '"e2e4"')" | "$judge" --variant chess)
checks=$((checks+1))
if [ "$(printf '%s\n' "$out" | wc -l)" = 3 ] && [ "$(printf '%s\n' "$out" | sed -n 3p | jq -r 'has("error")')" = true ]; then
  echo "ok   blank lines skipped, one answer per other line"
else
  echo "FAIL blank lines skipped, one answer per other line"; echo "$out"; fail=1
fi

echo "$checks checks, $([ $fail = 0 ] && echo all passed || echo FAILURES)"
[ "$checks" -ge 31 ] || { echo "FAIL: only $checks checks ran"; fail=1; }
exit $fail
