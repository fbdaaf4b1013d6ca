#!/usr/bin/env bash
# The strength-level ladder (issue 23): measures xqengine's Skill Levels against each other and
# anchors them to maxqi (Debian's fairymax) at 1 s per move, then fits one rating per level
# (bench/ladder_fit.py) for README's table and frontend/strength.h.
#
#   bench/skill_ladder.sh ENGINE GAMES MAXQI_GAMES LEVEL... [-- more xqmatch arguments]
#   TOP_NODES=200000 nohup nice bash bench/skill_ladder.sh build/bin/xqengine 100 200 0 2 4 6 8 10 12 14 16 18 20 &
#   LADDER_DIR=bench/results/strength/ladder_X bench/skill_ladder.sh ... 0 2 4 ... 20
# With LADDER_DIR an earlier ladder is continued: its frozen engine plays, the matches whose
# results are there already are not played again, and the fit takes all of them (so a
# coarse ladder can be refined with the levels in between).
#
# Matches, each with paired openings from the shipped book and both cores:
#   - every measured level against the one below it (the chain the ratings hang on) and
#     against the one two steps below it (the "beats the level two steps down" check);
#   - maxqi at 1 s per move (with a 1 s margin, so that a busy machine costs it no game on
#     time) against the lowest three levels (the anchor: maxqi is rated 1500). Give it about
#     200 games each (MAXQI_GAMES): it wins 75-92 % of them, and 30 left the 2026-11-25
#     ladder's scale about 200 Elo off.
# Levels play on node budgets (search/skill.h), so their games do not depend on the machine's
# load; full strength (level 20) plays TOP_NODES nodes a move (default 300000, about what a
# move of 10+0.1 gets on this machine). maxqi thinks on the clock: run the ladder on an idle
# machine, or its anchor is weaker than stated.
# Output: bench/results/strength/ladder_<stamp>/ (each match's log, PGN and JSON) and
# ladder_<stamp>.md (the fitted table, from bench/ladder_fit.py).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 5 ] || { sed -n 2,8p "$0" >&2; exit 2; }
args="$*"
engine="$(realpath "$1")" games="$2" maxqi_games="$3"
shift 3
levels=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do levels+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
extra=("$@")
[ ${#levels[@]} -ge 2 ] || { echo "skill_ladder: want at least two levels" >&2; exit 2; }
top_nodes="${TOP_NODES:-300000}"
# A clock the node budgets always run out before (xqmatch wants some limit on every engine).
LEVEL_TC=600+5
maxqi=/usr/games/maxqi
[ -x "$maxqi" ] || { echo "skill_ladder: $maxqi is missing (Debian package fairymax)" >&2; exit 1; }
match="${XQMATCH:-build/bin/xqmatch}"
stamp="$(date +%F_%H%M)"
dir="${LADDER_DIR:-bench/results/strength/ladder_$stamp}"
stamp="$(basename "$dir")"
stamp="${stamp#ladder_}"
mkdir -p "$dir"
# A frozen copy: a rebuild during the ladder must not change the engine half-way, and a
# continued ladder plays the engine it began with.
[ -x "$dir/xqengine.bin" ] || cp "$engine" "$dir/xqengine.bin"
source_engine="$engine"
engine="$(realpath "$dir/xqengine.bin")"
# shellcheck source=bench/adjudication.sh
source bench/adjudication.sh   # ADJ (the script runs from the top folder, see the cd above)
# shellcheck source=scripts/signature.sh
source scripts/signature.sh   # bench_signature
common=(-concurrency 2 -openings file=data/openings/balanced.txt order=sequential -ratinginterval 0 $ADJ "${extra[@]}")

# The engine keys of a level: a node budget of its own below 20, TOP_NODES at full strength.
level_keys() {
  if [ "$1" -ge 20 ]; then
    echo "nodes=$top_nodes"
  else
    echo "option.Skill Level=$1"
  fi
}

# play NAME -engine ... -engine ... [more]: one match, its log, PGN and JSON in $dir.
play() {
  local name=$1
  shift
  if [ -s "$dir/$name.json" ]; then
    echo "== $name: played before"
    { grep -m1 '^Score of' "$dir/$name.log" || zgrep -m1 '^Score of' "$dir/$name.log.gz"; } 2>/dev/null || true
    return
  fi
  echo "== $name: $(date -u '+%F %T UTC')"
  "$match" "$@" -pgnout "$dir/$name.pgn" -resultsout "$dir/$name.json" \
    > "$dir/$name.log" 2>&1 || { echo "match $name failed: $(tail -3 "$dir/$name.log")" >&2; exit 1; }
  grep -m1 '^Score of' "$dir/$name.log"
}

level_match() {
  local hi=$1 lo=$2
  play "L$hi-vs-L$lo" -engine cmd="$engine" name="L$hi" "$(level_keys "$hi")" \
    -engine cmd="$engine" name="L$lo" "$(level_keys "$lo")" -each proto=uci tc="$LEVEL_TC" -games "$games" "${common[@]}"
}

{
  echo "# skill ladder $stamp: $(date -u '+%F %T UTC')"
  echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "# engine: $source_engine (commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . || echo ', uncommitted changes'))"
  echo "# bench: $(bench_signature "$engine") nodes"
  echo "# levels: ${levels[*]}  games per match: $games  maxqi games: $maxqi_games  top nodes: $top_nodes"
  echo "# command: $0 $args (xqmatch ${common[*]})"
  # The anchor: the lowest three levels (two when only two are measured). -recover: maxqi
  # sometimes dies mid-match (a lost game, then a fresh maxqi for the next one).
  for low in "${levels[@]:0:3}"; do
    play "maxqi-vs-L$low" -engine cmd="$maxqi" name=maxqi proto=xboard st=1 timemargin=1000 \
      -engine cmd="$engine" name="L$low" proto=uci tc="$LEVEL_TC" "$(level_keys "$low")" \
      -games "$maxqi_games" -recover "${common[@]}"
  done
  for ((i = 1; i < ${#levels[@]}; ++i)); do
    level_match "${levels[i]}" "${levels[i - 1]}"
    [ "$i" -ge 2 ] && level_match "${levels[i]}" "${levels[i - 2]}"
  done
} 2>&1 | tee -a "$dir/ladder.log"
python3 bench/ladder_fit.py --anchor maxqi=1500 "$dir"/*.json | tee "bench/results/strength/ladder_$stamp.md"
