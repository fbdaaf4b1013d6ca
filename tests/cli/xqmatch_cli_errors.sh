#!/usr/bin/env bash
# Black-box test of xqmatch's answers to bad command lines: each must end at once with exit
# status 2 and an error that names the problem, before any engine starts. An engine binary
# that does not exist is only found when the match starts: the match stops with exit status 1
# and an error naming the command, and no game is played or scored (no forfeit, no Elo line).
# Usage: bash xqmatch_cli_errors.sh <build/bin dir> <source dir>
set -uo pipefail
bin=$(cd "$1" && pwd)
. "$(dirname "$0")/lib/harness.sh"
xq_scratch xqmatch_cli
xqe="$bin/xqengine"
checked=0

# rejects "MESSAGE" ARGS...: xqmatch ARGS exits with status 2 and MESSAGE (a fixed string) on
# stderr, says nothing on stdout, and starts no game.
rejects() {
  local message=$1
  shift
  timeout 20 "$bin/xqmatch" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local rc=$?
  checked=$((checked + 1))
  [ "$rc" = 2 ] || fail "xqmatch $* exits with $rc, expected 2 (stderr: $(head -2 "$tmp/err" | tr '\n' '|'))"
  grep -qF -- "$message" "$tmp/err" || fail "xqmatch $*: stderr lacks '$message': $(head -2 "$tmp/err" | tr '\n' '|')"
  [ -s "$tmp/out" ] && fail "xqmatch $*: printed on stdout: $(head -2 "$tmp/out" | tr '\n' '|')"
}

two=(-engine cmd="$xqe" name=a -engine cmd="$xqe" name=b)
rejects "unknown option '-bogus'" "${two[@]}" -each depth=1 -bogus
rejects "unknown option '-game'" "${two[@]}" -each depth=1 -game 2
rejects "unexpected 'extra'" "${two[@]}" -each depth=1 -games 2 extra
rejects "engine 1 has no cmd=" -engine name=a depth=1 -engine cmd="$xqe" name=b depth=1
rejects "at least two -engine options are needed" -engine cmd="$xqe" depth=1
rejects "unknown engine key 'command'" -engine command="$xqe" depth=1 -engine cmd="$xqe" name=b depth=1
rejects "expected key=value, got 'depth'" "${two[@]}" -each depth
rejects "has no limit" "${two[@]}"
for tc in abc 0 1+x 40/ /60 -5 1:xx 1e999; do
  rejects "malformed time control" "${two[@]}" -each tc="$tc"
done
rejects "st takes a positive number of seconds" "${two[@]}" -each st=0
rejects "unknown protocol 'uxi'" "${two[@]}" -each depth=1 proto=uxi
rejects "depth must be an integer from 1 to 1000" "${two[@]}" -each depth=0
rejects "-games must be an integer" "${two[@]}" -each depth=1 -games many
rejects "-concurrency must be an integer from 1 to 256" "${two[@]}" -each depth=1 -concurrency 0
rejects "-shard takes i/n" "${two[@]}" -each depth=1 -shard 3/2
rejects "-pgnout needs a value" "${two[@]}" -each depth=1 -pgnout
rejects "two engines are named 'x'" -engine cmd="$xqe" name=x -engine cmd="$xqe" name=x -each depth=1
rejects "'$tmp/no_such_results.json' does not exist" merge "$tmp/no_such_results.json"
rejects "'$tmp' is a directory, not a file" merge "$tmp"

# No arguments: the usage, exit status 2.
timeout 20 "$bin/xqmatch" >"$tmp/out" 2>&1 </dev/null
rc=$?
[ "$rc" = 2 ] || fail "xqmatch without arguments exits with $rc, expected 2"
grep -q "^usage: xqmatch -engine" "$tmp/out" || fail "xqmatch without arguments prints no usage"

# A missing engine binary (either side): the error names the engine and its command, the match
# stops at once with status 1, and nothing is scored: no game, no forfeit, no Elo line.
for order in first second; do
  if [ "$order" = first ]; then engines=(-engine cmd="$tmp/no_such_engine" name=ghost -engine cmd="$xqe" name=xq)
  else engines=(-engine cmd="$xqe" name=xq -engine cmd="$tmp/no_such_engine" name=ghost); fi
  timeout 20 "$bin/xqmatch" "${engines[@]}" -each depth=1 -games 4 -pgnout "$tmp/ghost.pgn" >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
  [ "$rc" = 1 ] || fail "missing engine ($order): exit status $rc, expected 1"
  grep -qF "Error: cannot start engine ghost (cmd=$tmp/no_such_engine): cannot start '$tmp/no_such_engine': No such file or directory; stopping the match" "$tmp/err" ||
    fail "missing engine ($order): stderr does not name the engine and its command: $(head -3 "$tmp/err" | tr '\n' '|')"
  grep -qE '^(Started|Finished) game' "$tmp/out" && fail "missing engine ($order): a game was played: $(head -2 "$tmp/out" | tr '\n' '|')"
  grep -qE '^(Score of|Elo difference)' "$tmp/out" && fail "missing engine ($order): a score was printed: $(grep -E '^(Score|Elo)' "$tmp/out" | tr '\n' '|')"
  [ -s "$tmp/ghost.pgn" ] && fail "missing engine ($order): a PGN record was written"
  rm -f "$tmp/ghost.pgn"
done

# A file that is not an engine at all (it exits at once): the handshake fails quickly.
printf '#!/bin/sh\nexit 0\n' >"$tmp/quitter"
chmod +x "$tmp/quitter"
start=$SECONDS
timeout 20 "$bin/xqmatch" -engine cmd="$tmp/quitter" name=quitter -engine cmd="$xqe" name=xq \
  -each depth=1 -games 2 >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
[ "$rc" = 1 ] || fail "engine that exits at once: exit status $rc, expected 1"
[ $((SECONDS - start)) -le 5 ] || fail "engine that exits at once: xqmatch took $((SECONDS - start)) s to notice"
grep -q "exited during the handshake" "$tmp/err" ||
  fail "engine that exits at once: stderr does not say so: $(head -3 "$tmp/err" | tr '\n' '|')"

# unwritable OPTION FILE WRITTEN WHAT: a two-game match whose OPTION names FILE in a missing
# folder exits with status 1 and says why WRITTEN (the path it tried) could not be written.
unwritable() {
  local option=$1 file=$2 written=$3 what=$4
  timeout 60 "$bin/xqmatch" "${two[@]}" -each depth=1 -games 2 "$option" "$file" >"$tmp/out" 2>"$tmp/err" </dev/null
  local rc=$?
  [ "$rc" = 1 ] || fail "unwritable $option: exit status $rc, expected 1"
  grep -qF "Error: the $what: cannot write '$written': No such file or directory" "$tmp/err" ||
    fail "unwritable $option: stderr does not say why: $(head -3 "$tmp/err" | tr '\n' '|')"
}
# The PGN file is opened before any game starts: none is played.
unwritable -pgnout "$tmp/no/such/dir/games.pgn" "$tmp/no/such/dir/games.pgn" "PGN file"
grep -qE '^(Started|Finished) game' "$tmp/out" && fail "unwritable -pgnout: a game was played"
# The results file (written aside, then renamed over) is written once before the first game
# too: a path that cannot be written stops the match before any game is played.
unwritable -resultsout "$tmp/no/such/dir/r.json" "$tmp/no/such/dir/r.json.part" "results file"
grep -qE '^(Started|Finished) game' "$tmp/out" && fail "unwritable -resultsout: a game was played"

# A results file that stops being writable during the match (its folder removed once the first
# write has been made: the engines start after it, and the first one's command removes the
# folder) costs no game: every game is still played and scored, the error is named, the summary
# printed, and the exit status is 1 because the last state could not be kept.
mkdir -p "$tmp/vanishing"
printf '#!/bin/sh\nrm -rf "%s"\nexec "%s" "$@"\n' "$tmp/vanishing" "$xqe" >"$tmp/remover"
chmod +x "$tmp/remover"
timeout 60 "$bin/xqmatch" -engine cmd="$tmp/remover" name=a -engine cmd="$xqe" name=b -each depth=1 -games 4 \
  -resultsout "$tmp/vanishing/r.json" >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
[ "$rc" = 1 ] || fail "results folder removed mid-match: exit status $rc, expected 1"
[ -d "$tmp/vanishing" ] && fail "results folder removed mid-match: the folder is still there (the test did not remove it)"
grep -qF "Error: the results file: cannot write '$tmp/vanishing/r.json.part': No such file or directory" "$tmp/err" ||
  fail "results folder removed mid-match: stderr does not say why: $(head -3 "$tmp/err" | tr '\n' '|')"
[ "$(grep -c '^Finished game' "$tmp/out")" = 4 ] ||
  fail "results folder removed mid-match: $(grep -c '^Finished game' "$tmp/out") of 4 games finished"
grep -qE '^Score of a vs b: [0-9]+ - [0-9]+ - [0-9]+' "$tmp/out" ||
  fail "results folder removed mid-match: no final score: $(tail -3 "$tmp/out" | tr '\n' '|')"

echo "$checked bad command lines rejected"
xq_finish "xqmatch bad command lines"
