# Sourced by bench/nps_ab.sh and bench/nps_search.sh: the builds take turns, round after
# round, so that a slow spell of a shared machine hits all of them; each round's figure is
# printed, then each build's median.
#   nps_rounds ROUNDS HEADER MEASURE BINARY...   MEASURE BINARY prints one nodes/s figure
nps_rounds() {
  local rounds=$1 header=$2 measure=$3 b nps i
  shift 3
  for b in "$@"; do
    [ -x "$b" ] || { echo "$0: not an executable: $b" >&2; exit 2; }
  done
  declare -A runs
  echo "# $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $rounds rounds$header"
  for ((i = 1; i <= rounds; ++i)); do
    for b in "$@"; do
      nps=$("$measure" "$b")
      [ -n "$nps" ] || { echo "$0: $b gave no nodes/s figure" >&2; exit 1; }
      echo "$b $nps"
      runs[$b]+="$nps "
    done
  done
  echo "# median nodes/s"
  for b in "$@"; do
    echo "$b $(tr ' ' '\n' <<<"${runs[$b]}" | grep . | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : int((v[NR/2]+v[NR/2+1])/2)}')"
  done
}
