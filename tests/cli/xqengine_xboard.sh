#!/usr/bin/env bash
# Black-box test: xqengine as a CECP (XBoard protocol v2) engine inside a real XBoard.
# Usage: bash xqengine_xboard.sh <build/bin dir> <source dir>
#
# XBoard runs headless (xvfb-run, -noGUI) a 2-game match of xqengine against MaxQi, with its
# own legality checks, mate detection and claim verification on (-testClaims: a false claim
# forfeits the game with "False win claim" or "False draw claim"). Both games must finish with
# a result, with no illegal move, no false claim and no crash in the saved PGN, and the debug
# log must show xqengine never rejecting one of XBoard's moves or commands. Fails at once,
# naming the package, when xboard, xvfb-run or MaxQi (Debian xboard, xvfb, fairymax) is missing.
set -uo pipefail
bin=$(cd "$1" && pwd)
src="$2"
source "$src/tests/cli/lib/match.sh"

xq_need xboard xboard
xq_need xvfb xvfb-run
xq_need fairymax maxqi
xboard=$(command -v xboard || echo /usr/games/xboard)
maxqi=$(command -v maxqi || echo /usr/games/maxqi)

xq_test_dir xboard
# XBoard waits on an error dialog when an engine does not start: find that out first.
printf 'xboard\nprotover 2\nquit\n' | timeout 10 "$tmp/xqengine" 2>/dev/null | grep -q 'done=1' || {
  fail "$tmp/xqengine does not answer protover 2 with its features"
  xq_finish "xqengine in XBoard"
}
pgn="$tmp/games.pgn"
log="$tmp/xboard.debug"
# MaxQi reads its piece definitions (qmax.ini) from its working directory.
maxqi_dir=/usr/share/games/fairymax
[ -f "$maxqi_dir/qmax.ini" ] || maxqi_dir="$tmp"

# 10 s + 0.1 s a move for each side: two games take about a minute.
timeout -k 10 300 xvfb-run -a "$xboard" -variant xiangqi \
  -fcp "$tmp/xqengine" -fd "$tmp" -firstProtocolVersion 2 \
  -scp "$maxqi" -sd "$maxqi_dir" -secondProtocolVersion 2 \
  -tc 0:10 -inc 0.1 -matchGames 2 -noGUI -xexit -saveSettingsOnExit false \
  -testClaims true -checkMates true -autoCallFlag true \
  -saveGameFile "$pgn" -debug -nameOfDebugFile "$log" >"$tmp/xboard.out" 2>&1
rc=$?
if [ "$rc" != 0 ]; then
  fail "xboard exit status $rc (124: the match did not finish in 300 s): $(tail -3 "$tmp/xboard.out" | tr '\n' '|')"
  # What each side last said and was told: which engine went silent, and in what position.
  echo "--- the last lines of XBoard's debug log:"
  grep -E '^[0-9]+ (<|>)(first|second)' "$log" 2>/dev/null | tail -25
  echo "--- the unfinished game so far:"
  awk '/^\[Event /{n++} n==2' "$pgn" 2>/dev/null | tail -15
fi

games=$(grep -c '^\[Event ' "$pgn" 2>/dev/null)
[ "$games" = 2 ] || fail "expected 2 games in the PGN, found ${games:-none}"
# No file-name globbing from here on: an unfinished game's result is "*".
set -f
results=$(grep '^\[Result ' "$pgn" 2>/dev/null | sed 's/^\[Result "//; s/"\]$//')
for r in $results; do
  case "$r" in 1-0|0-1|1/2-1/2) ;; *) fail "a game did not finish: result '$r'" ;; esac
done
[ "$(grep -c '^\[White "xqengine' "$pgn" 2>/dev/null)" = 1 ] || fail "xqengine did not play Red (White) exactly once"

# XBoard's words for what must never happen: an illegal move (by either side, or a move one
# side rejected), a false claim, a crash.
bad=$(grep -n -i -E 'illegal|false (win|draw|illegal)|forfeit|exited unexpectedly|crash' "$pgn" 2>/dev/null)
[ -z "$bad" ] || fail "the PGN records a failure: $(printf '%s' "$bad" | head -3 | tr '\n' '|')"
# With -autoCallFlag XBoard ends a game whose side to move overstays its clock (a silent engine
# would otherwise hang the match); xqengine must never be that side.
late=$(awk '/^\[White /{white = $0} /flag fell|on time/{print white ": " $0}' "$pgn" 2>/dev/null |
  awk '(/White "xqengine/ && /White.s flag fell|Black wins on time/) || (!/White "xqengine/ && /Black.s flag fell|White wins on time/)')
[ -z "$late" ] || fail "xqengine lost on time: $(printf '%s' "$late" | head -2 | tr '\n' '|')"
# xqengine's own replies: never an "Illegal move" for a move XBoard sent, nor an "Error".
rejected=$(grep -E '<first : (Illegal move|Error|tellusererror)' "$log" 2>/dev/null)
[ -z "$rejected" ] || fail "xqengine rejected XBoard's input: $(printf '%s' "$rejected" | head -3 | tr '\n' '|')"
# Every result xqengine claimed is the result XBoard recorded for one of the games.
while read -r claim; do
  token=${claim%% *}
  printf '%s\n' $results | grep -qx -- "$token" || fail "xqengine claimed '$claim', not a recorded result"
done < <(grep -o -E '<first : (1-0|0-1|1/2-1/2) \{[^}]*\}' "$log" 2>/dev/null | sed 's/^<first : //')

# The same pairing under xqmatch, which speaks CECP itself and rules by the WXF judge.
if [ -x "$bin/xqmatch" ]; then
  timeout -k 10 120 "$bin/xqmatch" -engine cmd="$tmp/xqengine" name=xq proto=xboard \
    -engine cmd="$maxqi" dir="$maxqi_dir" name=maxqi proto=xboard -each tc=5+0.05 -games 2 \
    -pgnout "$tmp/xqmatch.pgn" >"$tmp/xqmatch.out" 2>&1 || fail "xqmatch exit status $?: $(tail -3 "$tmp/xqmatch.out" | tr '\n' '|')"
  [ "$(grep -c '^Finished game' "$tmp/xqmatch.out")" = 2 ] || fail "xqmatch: not 2 finished games"
  # xqengine's side is Red in "(xq vs maxqi)", Black in "(maxqi vs xq)"; MaxQi's own false
  # draw claims are its business.
  awk '/^Finished game/ { side = index($0, "(xq vs") ? "Red" : "Black"
         if ($0 ~ side " (makes|sends|disconnects|loses on time|.s connection stalls)") print }' "$tmp/xqmatch.out" |
    grep . && fail "xqmatch: xqengine failed in a game"
  echo "xqmatch: $(grep '^Score' "$tmp/xqmatch.out")"
fi

xq_check_no_processes
echo "endings: $(grep -o -E '\{[^{}]*\} (1-0|0-1|1/2-1/2)$' "$pgn" 2>/dev/null | tr '\n' '|')"
echo "results: $(printf '%s ' $results); claims by xqengine: $(grep -c -E '<first : (1-0|0-1|1/2-1/2) ' "$log" 2>/dev/null)"
xq_finish "xqengine in XBoard"
