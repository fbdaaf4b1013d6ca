# Shared set-up of the tests that run matches (tests/cli/xqmatch_*.sh, xqengine_xboard.sh);
# sourced, never run alone. Besides harness.sh's fail and xq_finish:
#   xq_test_dir NAME  a fresh temp dir in $tmp, removed at exit together with every process whose
#                     command line names it; $tmp/xqengine links to the build's engine. Engines
#                     run under $tmp, so pgrep finds this test's processes and no one else's.
#   xq_check_no_processes  fails if any process of this test outlived its match
#   xq_pgn_games PGN  one line per record, tab-separated: round, red, black, result,
#                     termination, plycount, FEN ("-": the start position), the number of
#                     moves in the movetext, its last comment ("-": none), the moves (each
#                     after a space; last, so that `read` gives them whole)
. "$(dirname "${BASH_SOURCE[0]}")/harness.sh"

xq_cleanup() {
  local pid
  for pid in $(pgrep -f "$tmp/"); do kill -KILL "$pid" 2>/dev/null; done
  rm -rf "$tmp"
}

xq_test_dir() {
  tmp=$(mktemp -d "/tmp/xqmatch_$1.XXXXXX")
  trap xq_cleanup EXIT
  ln -s "$bin/xqengine" "$tmp/xqengine"
}

# Zombies do not match (their command line is empty), so a short wait lets the last exits of
# engines that were told to quit, or killed after a grace period, be reaped.
xq_check_no_processes() {
  for _ in $(seq 30); do
    pgrep -f "$tmp/" >/dev/null || return 0
    sleep 0.1
  done
  local left
  left=$(pgrep -af "$tmp/")  # before the sed below, whose own command line names $tmp/
  fail "processes left after the matches:"
  printf '%s\n' "$left" | sed "s|$tmp/||g" | head -10
}

xq_pgn_games() {
  awk '
    function tag() { v = $0; sub(/^\[[A-Za-z]+ "/, "", v); sub(/"\][ \t\r]*$/, "", v); return v }
    function flush() {
      if (!n) return
      t = text; ending = "-"; count = 0; moves = ""
      while (match(t, /\{[^}]*\}/)) { ending = substr(t, RSTART + 1, RLENGTH - 2); t = substr(t, 1, RSTART - 1) " " substr(t, RSTART + RLENGTH) }
      k = split(t, w, " ")
      for (i = 1; i <= k; i++) if (w[i] !~ /\./ && w[i] !~ /^(1-0|0-1|1\/2-1\/2|\*)$/) { count++; moves = moves " " w[i] }
      print round "\t" red "\t" black "\t" result "\t" term "\t" plies "\t" fen "\t" count "\t" ending "\t" moves
    }
    /^\[Event "/ { flush(); n++; text = ""; fen = "-"; next }
    /^\[Round "/ { round = tag(); next }
    /^\[White "/ { red = tag(); next }
    /^\[Black "/ { black = tag(); next }
    /^\[Result "/ { result = tag(); next }
    /^\[Termination "/ { term = tag(); next }
    /^\[PlyCount "/ { plies = tag(); next }
    /^\[FEN "/ { fen = tag(); next }
    /^\[/ { next }
    { text = text " " $0 }
    END { flush() }' "$1"
}
