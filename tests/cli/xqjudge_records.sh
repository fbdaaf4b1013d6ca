#!/usr/bin/env bash
# Black-box test of `xqjudge --record`: real records in each format ruled game by game, the
# JSON fields a page draws from, --at, and broken input (exit status 1 or 3, clear messages).
# Usage: bash xqjudge_records.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1/xqjudge"
data="$2/tests/data/records"
. "$(dirname "$0")/lib/harness.sh"
xq_scratch
# pick <JSON lines> <jq condition>: the line that meets it
pick() { echo "$1" | jq -c "select($2)"; }
# expect <description> <jq filter that must be true> <JSON>
expect() {
  if ! echo "$3" | jq -e "$2" >/dev/null 2>&1; then fail "$1: '$2' does not hold for: ${3:0:400}"; fi
}

# XQF: the encrypted sample, a handicap game.
out=$("$bin" --record "$data/SAMPLE.XQF" --json)
expect "xqf game" '.notation == "xqf" and (.moves | length) == 75 and .recorded_result == "1-0"' "$out"
expect "xqf start" '.fen | startswith("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w")' "$out"
expect "xqf tags in UTF-8" '.tags.Red == "许银川"' "$out"
expect "xqf comments in UTF-8" '.comments[0].after_ply == 0 and (.comments[0].text | test("象棋让九子")) and (.comments | length) > 10' "$out"
expect "documented keys" '[keys_unsorted[]] == ["file","game","tags","notation","fen","moves","comments","recorded_result","error","rulings","end","result_check"]' "$out"

# A real perpetual chase (Liu Dahua's games, game 198): Red's rook chases the black cannon g8/h8.
all=$("$bin" --record "$data/liu_dahua_1125_iccs.pgn" --json)
status=$?
[ "$status" -eq 0 ] || fail "1125 games: exit status $status, expected 0"
[ "$(echo "$all" | wc -l)" -eq 1125 ] || fail "1125 games: expected one JSON line per game"
g198=$(echo "$all" | jq -c 'select(.game == 198)')
expect "ruling point" '.rulings | length == 1' "$g198"
expect "ruling" '.rulings[0] | .ply == 52 and .move_number == "26b" and .ruling == "must_vary" and .must_vary == "red"' "$g198"
expect "windows" '.rulings[0].windows | map({player, class}) | sort_by(.player) == [{"player":"black","class":"idle"},{"player":"red","class":"chase"}]' "$g198"
expect "cycle moves" '.rulings[0] | .cycle.from_ply == .moves[0].ply and .cycle.to_ply == .moves[-1].ply' "$g198"
expect "chasing and chased" '.rulings[0].moves[0] | .mover == "red" and .class == "chase" and .chasing == ["g6"] and .chased == ["g8"]' "$g198"
expect "end" '.end.result == "0-1" and .end.reason == "repetition" and .result_check == "undecided"' "$g198"
# A drawn repetition that ends a game (game 97): both sides idle, no one must vary.
g97=$(echo "$all" | jq -c 'select(.game == 97)')
expect "drawn repetition" '.rulings[-1].ruling == "draw" and .rulings[-1].must_vary == null and .rulings[-1].game_went_on == false' "$g97"
expect "drawn end" '.end.result == "1/2-1/2" and .end.reason == "repetition"' "$g97"
# Every game is read whole.
expect "no errors" 'map(select(.error != null)) | length == 0' "$(echo "$all" | jq -s -c '.')"
text=$("$bin" --record "$data/liu_dahua_1125_iccs.pgn" | awk '/^== game 198 /{p=1} /^== game 199 /{p=0} p')
echo "$text" | grep -q "after 26... g8h8: Red must vary (perpetual chase" || fail "text: the ruling line is missing: $text"
echo "$text" | grep -q "the game ended in this repetition" || fail "text: the game's end in the repetition is missing"

# --at: the same game stopped at the ruling; before it no ruling applies.
out=$("$bin" --record "$data/liu_dahua_1125_iccs.pgn" --json --at 26b | jq -c 'select(.game == 198)')
expect "--at 26b" '(.moves | length) == 52 and .end.reason == "repetition" and .end.result == "0-1"' "$out"
out=$("$bin" --record "$data/liu_dahua_1125_iccs.pgn" --json --at 20r | jq -c 'select(.game == 198)')
expect "--at 20r" '(.moves | length) == 39 and (.rulings | length) == 0 and .end.result == null' "$out"

# A recorded result that the rules contradict: Red loses a perpetual check but the record says 1-0.
cat > "$tmp/check.pgn" <<'PGN'
[Event "perpetual check"]
[FEN "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w"]
[Result "1-0"]
1. R2+1 K6+1 2. R2-1 K6-1 3. R2+1 K6+1 4. R2-1 K6-1 5. R2+1 K6+1 6. R2-1 1-0
PGN
out=$("$bin" --record "$tmp/check.pgn" --json)
expect "wxf record" '.notation == "wxf" and .recorded_result == "1-0"' "$out"
expect "contradicted" '.end.result == "0-1" and .result_check == "contradicts"' "$out"
expect "perpetual check" '.rulings[0].must_vary == "red" and any(.rulings[0].windows[]; .player == "red" and .class == "check")' "$out"
"$bin" --record "$tmp/check.pgn" | grep -q "CONTRADICTS the rules" || fail "text: the contradiction is not said"

# Several formats at once, by content: a DhtmlXQ page and a GB18030 PGN under misleading names.
cp "$data/dhtmlxq/44.html" "$tmp/page.pgn"
cp "$data/ccgc_01.pgn" "$tmp/game.xqf"
out=$("$bin" --record "$tmp/page.pgn" "$tmp/game.xqf" --json)
expect "dhtmlxq by content" '.notation == "dhtmlxq" and (.moves | length) == 127' "$(pick "$out" '.file | endswith("page.pgn")')"
expect "pgn by content" '.notation == "chinese" and .recorded_result == "0-1"' "$(pick "$out" '.file | endswith("game.xqf")')"

# Broken input: the broken game is named, the others are judged; exit status 1.
printf '[Event "a"]\n1. h2e2 h9g7 *\n[Event "b"]\n1. h2e2 h9g7 2. h2h9 *\n[Event "c"]\n1. c3c4 *\n' > "$tmp/broken.pgn"
out=$("$bin" --record "$tmp/broken.pgn" --json)
status=$?
[ "$status" -eq 1 ] || fail "broken game: exit status $status, expected 1"
[ "$(echo "$out" | wc -l)" -eq 3 ] || fail "broken game: the three games should all be reported"
expect "broken game named" '.error | test("game 2") and test("move 2 \\(Red\\)") and test("h2h9")' "$(pick "$out" '.game == 2')"
expect "others judged" '.error == null and (.moves | length) == 1' "$(pick "$out" '.game == 3')"
head -c 3000 "$data/SAMPLE.XQF" | head -c 1500 > "$tmp/short.xqf"
out=$("$bin" --record "$tmp/short.xqf" --json)
expect "truncated xqf" '.error | test("truncated")' "$out"
head -c 500 /dev/urandom > "$tmp/noise.bin"
printf '\xff\xfe\x00' >> "$tmp/noise.bin"
"$bin" --record "$tmp/noise.bin" --json > "$tmp/noise.out"
status=$?
[ "$status" -eq 1 ] || fail "garbage: exit status $status, expected 1"
expect "garbage" '.error | type == "string"' "$(cat "$tmp/noise.out")"
"$bin" --record "$tmp/missing.pgn" > /dev/null 2> "$tmp/err"
status=$?
[ "$status" -eq 3 ] || fail "missing file: exit status $status, expected 3"
grep -q "'$tmp/missing.pgn' does not exist" "$tmp/err" || fail "missing file: no message"
"$bin" --record "$tmp" > /dev/null 2> "$tmp/err"
status=$?
[ "$status" -eq 3 ] || fail "a directory: exit status $status, expected 3"
grep -q "'$tmp' is a directory, not a file" "$tmp/err" || fail "a directory: no message naming it: $(cat "$tmp/err")"
"$bin" --record "$tmp/check.pgn" --at 41x > /dev/null 2> "$tmp/err" && fail "--at 41x should be refused"
grep -q "move number" "$tmp/err" || fail "--at 41x: no message naming the problem"
"$bin" --json < /dev/null > /dev/null 2>&1
[ $? -eq 2 ] || fail "--json without --record should be refused"

xq_finish "xqjudge --record"
