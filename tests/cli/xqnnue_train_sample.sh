#!/usr/bin/env bash
# The network's data and trainer end to end on small inputs: xqdatagen writes the binary
# format (the same bytes as its text converted; shards concatenated hold the same games; a
# cut file resumes to the same bytes); xqnnue_data converts the committed sample and refuses
# damage; xqnnue_train on the sample brings the validation loss well below the untrained
# network's within a few seconds, writes an xqengine network with its provenance, continues a
# stopped run to the same bytes, and refuses bad data and another run's checkpoint.
# Usage: bash xqnnue_train_sample.sh <build/bin dir> <source dir>
set -uo pipefail
bin="$1"
src="$2"
. "$(dirname "$0")/lib/harness.sh"
xq_scratch

# Data generation in both formats: the binary file is the text file converted.
gen() { "$bin/xqdatagen" --games 3 --nodes 300 --max-plies 60 "$@" 2> /dev/null; }
gen --threads 2 --out "$tmp/g.txt" || fail "xqdatagen text failed"
gen --threads 2 --format binary --out "$tmp/g.xqd" || fail "xqdatagen binary failed"
"$bin/xqnnue_data" to-binary "$tmp/g.txt" --out "$tmp/g2.xqd" 2> /dev/null || fail "to-binary of xqdatagen's text failed"
cmp -s "$tmp/g.xqd" "$tmp/g2.xqd" || fail "xqdatagen --format binary differs from its text converted"
# Shards: every game once, the same games as one run.
for i in 1 2; do gen --threads 1 --format binary --shard $i/2 --out "$tmp/s$i.xqd" || fail "shard $i failed"; done
cat "$tmp/s1.xqd" "$tmp/s2.xqd" > "$tmp/s.xqd"
"$bin/xqnnue_data" to-text "$tmp/s.xqd" --out "$tmp/s.txt" 2> /dev/null || fail "to-text of the shards failed"
blocks() { awk '/^# game /{ print $3 "\t" buf $0; buf = ""; next } !/^# xqdatagen/{ buf = buf $0 "|" }' "$1" | sort -n; }
[ "$(blocks "$tmp/s.txt")" = "$(blocks "$tmp/g.txt")" ] || fail "the shards' games differ from one run's"
grep -q "shard 2/2" "$tmp/s.txt" || fail "a shard's header does not name it"
"$bin/xqdatagen" --games 3 --shard 3/2 --out "$tmp/bad.xqd" 2> "$tmp/err" && fail "--shard 3/2 was accepted"
grep -q "i/n with 1 <= i <= n" "$tmp/err" || fail "--shard 3/2: no clear error: $(cat "$tmp/err")"
# --eval: the embedded network plays other games than the classical evaluation, and its
# hash joins the header, so a classical file is not continued with the network.
gen --threads 1 --eval embedded --out "$tmp/net.txt" || fail "xqdatagen --eval embedded failed"
grep -q "^# xqdatagen .* network [0-9a-f]\{16\}$" "$tmp/net.txt" || fail "--eval embedded: the header names no network: $(head -1 "$tmp/net.txt")"
[ "$(blocks "$tmp/net.txt")" != "$(blocks "$tmp/g.txt")" ] || fail "--eval embedded played the classical games"
"$bin/xqdatagen" --games 4 --nodes 300 --max-plies 60 --eval embedded --out "$tmp/g.txt" 2> "$tmp/err" && fail "a classical file was continued with the network"
head -c 100 "$tmp/g.xqd" > "$tmp/junk.nnue"
"$bin/xqdatagen" --games 1 --eval "$tmp/junk.nnue" --out "$tmp/j.txt" 2> "$tmp/err" && fail "--eval accepted a file that is not a network"
grep -q "junk.nnue" "$tmp/err" || fail "--eval junk: no clear error: $(cat "$tmp/err")"
# A file cut inside a game resumes to the same bytes.
head -c $(( $(stat -c %s "$tmp/g.xqd") - 100 )) "$tmp/g.xqd" > "$tmp/cut.xqd"
gen --threads 1 --format binary --out "$tmp/cut.xqd" || fail "resuming a cut binary file failed"
cmp -s "$tmp/cut.xqd" "$tmp/g.xqd" || fail "a cut binary file resumed to other bytes"

# The committed sample: 48 games, 6,573 positions; back to text byte for byte.
sample="$src/tests/data/tuning_sample.txt"
"$bin/xqnnue_data" to-binary "$sample" --out "$tmp/sample.xqd" 2> "$tmp/conv.err" || fail "to-binary of the sample failed"
grep -q "^48 games, 6573 positions" "$tmp/conv.err" || fail "sample: $(cat "$tmp/conv.err")"
"$bin/xqnnue_data" to-text "$tmp/sample.xqd" --out "$tmp/sample.txt" 2> /dev/null || fail "to-text failed"
cmp -s "$tmp/sample.txt" "$sample" || fail "the sample does not come back byte for byte"
head -c 5000 "$tmp/sample.xqd" > "$tmp/short.xqd"
"$bin/xqnnue_data" info "$tmp/short.xqd" > /dev/null 2> "$tmp/err" && fail "info accepted a truncated file"
grep -q "ends inside a chunk" "$tmp/err" || fail "truncated file: no clear error: $(cat "$tmp/err")"
"$bin/xqnnue_data" to-binary "$tmp/short.xqd" --out "$tmp/x.xqd" 2> "$tmp/err" && fail "to-binary accepted binary input"
[ -e "$tmp/x.xqd" ] && fail "a failed conversion left its output"

# Training: the validation loss falls well below the untrained network's (the target the
# search scores alone, --lambda 0: 43 games' results teach little about 5 others).
train() { "$bin/xqnnue_train" --data "$tmp/sample.xqd" --epochs 4 --batch 256 --lr 3e-3 --validation 0.1 --seed 3 --lambda 0 "$@"; }
start=$(date +%s)
train --out "$tmp/a.nnue" > "$tmp/a.txt" 2> "$tmp/a.err" || fail "xqnnue_train failed: $(cat "$tmp/a.err")"
seconds=$(( $(date +%s) - start ))
[ "$seconds" -le 60 ] || fail "4 epochs on the sample took $seconds s"
untrained=$(sed -n 's/^untrained validation //p' "$tmp/a.txt")
last=$(sed -n 's/^epoch 4 train [0-9.]* validation \([0-9.]*\).*/\1/p' "$tmp/a.txt")
[ "$(grep -c '^epoch ' "$tmp/a.txt")" = 4 ] || fail "want 4 epoch lines: $(cat "$tmp/a.txt")"
awk -v u="$untrained" -v l="$last" 'BEGIN { exit !(l > 0 && l < 0.6 * u) }' || fail "validation loss $last is not below 0.6 x untrained $untrained"
grep -q '^K [0-9.]* (fitted)' "$tmp/a.txt" || fail "K was not fitted: $(cat "$tmp/a.txt")"
grep -q 'positions/s [1-9]' "$tmp/a.txt" || fail "no speed printed"
[ "$(head -c 4 "$tmp/a.nnue")" = XQNN ] || fail "the network file does not start with XQNN"
grep -aq "data sample.xqd" "$tmp/a.nnue" || fail "the description does not name the data"
grep -aq "4:0.0" "$tmp/a.nnue" || fail "the description does not hold the losses"
# Stopped after 2 epochs and run again: the same file.
train --out "$tmp/b.nnue" --stop-after 2 > "$tmp/b.txt" 2> /dev/null || fail "the stopped run failed"
grep -q "stopped after epoch 2 of 4" "$tmp/b.txt" || fail "--stop-after 2: $(cat "$tmp/b.txt")"
[ -e "$tmp/b.nnue" ] && fail "a stopped run wrote a network"
train --out "$tmp/b.nnue" > "$tmp/b2.txt" 2> /dev/null || fail "the resumed run failed"
grep -q "resumed from .* after epoch 2" "$tmp/b2.txt" || fail "not resumed: $(cat "$tmp/b2.txt")"
cmp -s "$tmp/a.nnue" "$tmp/b.nnue" || fail "the resumed run wrote another network"
# Refining a network (--init): the start loss is the network's own, far below the untrained
# one, the description names the start file, and a file that is no network is refused first.
"$bin/xqnnue_train" --data "$tmp/sample.xqd" --batch 256 --lr 3e-4 --validation 0.1 --seed 3 --lambda 0 --out "$tmp/r.nnue" --epochs 1 --checkpoint none --init "$tmp/a.nnue" > "$tmp/r.txt" 2> "$tmp/r.err" || fail "--init failed: $(cat "$tmp/r.err")"
grep -q '^start: a.nnue fnv [0-9a-f]\{16\}$' "$tmp/r.txt" || fail "--init: no start line: $(cat "$tmp/r.txt")"
startloss=$(sed -n 's/^start validation //p' "$tmp/r.txt")
awk -v s="$startloss" -v u="$untrained" -v l="$last" 'BEGIN { exit !(s > 0 && s < 0.7 * u && s < 1.1 * l) }' ||
  fail "--init: start loss $startloss is not the network's ($last; untrained $untrained)"
grep -aq "init a.nnue fnv" "$tmp/r.nnue" || fail "--init: the description does not name the start network"
# Its own K, the start's and the result's, are printed and written down; --keep-scale trains in
# the start's (its settings say so), and without --init it is refused with a reason.
startk=$(sed -n "s/^start network's own K \([0-9.]*\)\$/\1/p" "$tmp/r.txt")
[ -n "$startk" ] || fail "--init: no start network's own K: $(cat "$tmp/r.txt")"
grep -q "^trained network's own K [0-9.]* (start $startk)\$" "$tmp/r.txt" || fail "--init: no trained network's own K: $(cat "$tmp/r.txt")"
grep -aq "own K [0-9.]* start $startk" "$tmp/r.nnue" || fail "--init: the description does not hold the own K"
"$bin/xqnnue_train" --data "$tmp/sample.xqd" --batch 256 --lr 3e-4 --validation 0.1 --seed 3 --lambda 0 --out "$tmp/ks.nnue" --epochs 1 --checkpoint none --init "$tmp/a.nnue" --keep-scale > "$tmp/ks.txt" 2> "$tmp/ks.err" || fail "--keep-scale failed: $(cat "$tmp/ks.err")"
grep -q "^start network's own K $startk (kept: " "$tmp/ks.txt" || fail "--keep-scale: the start's K is not kept: $(cat "$tmp/ks.txt")"
grep -aq "k-out $startk" "$tmp/ks.nnue" || fail "--keep-scale: the settings do not name k-out $startk"
"$bin/xqnnue_train" --data "$tmp/sample.xqd" --out "$tmp/d.nnue" --keep-scale > /dev/null 2> "$tmp/err" && fail "--keep-scale without --init was accepted"
grep -q "keep-scale needs --init" "$tmp/err" || fail "--keep-scale without --init: no clear error: $(cat "$tmp/err")"
"$bin/xqnnue_train" --data "$tmp/sample.xqd" --out "$tmp/d.nnue" --init "$tmp/short.xqd" > /dev/null 2> "$tmp/err" && fail "a data file was accepted as a start network"
grep -q "start network .*short.xqd: " "$tmp/err" || fail "bad --init: no clear error: $(cat "$tmp/err")"
"$bin/xqnnue_train" --data "$tmp/sample.xqd" --out "$tmp/d.nnue" --init "$tmp/missing.nnue" > /dev/null 2> "$tmp/err" && fail "a missing start network was accepted"
grep -q "the start network: .*missing.nnue.* does not exist" "$tmp/err" || fail "missing --init: no clear error: $(cat "$tmp/err")"
[ -e "$tmp/d.nnue" ] && fail "a refused --init wrote a network"
# Another run's checkpoint, and corrupt data, are refused; nothing is written.
train --out "$tmp/b.nnue" --wd 0.02 > /dev/null 2> "$tmp/err" && fail "another run's checkpoint was accepted"
grep -q "belongs to another run" "$tmp/err" || fail "other checkpoint: no clear error: $(cat "$tmp/err")"
"$bin/xqnnue_train" --data "$tmp/short.xqd" --out "$tmp/c.nnue" > /dev/null 2> "$tmp/err" && fail "truncated data was accepted"
grep -q "short.xqd: the file ends inside a chunk" "$tmp/err" || fail "truncated data: no clear error: $(cat "$tmp/err")"
[ -e "$tmp/c.nnue" ] && fail "a failed run wrote a network"
# An output in a missing folder is refused before any training, with the reason; so is a
# conversion's.
"$bin/xqnnue_train" --data "$tmp/sample.xqd" --out "$tmp/no/dir/n.nnue" --epochs 50 > "$tmp/out" 2> "$tmp/err" && fail "an output in a missing folder was accepted"
grep -qF "xqnnue_train: the network file: cannot write '$tmp/no/dir/n.nnue.part': No such file or directory" "$tmp/err" ||
  fail "missing output folder: no clear error: $(cat "$tmp/err")"
grep -q '^epoch ' "$tmp/out" && fail "missing output folder: it trained first"
"$bin/xqnnue_data" to-binary "$sample" --out "$tmp/no/dir/x.xqd" 2> "$tmp/err" && fail "to-binary into a missing folder was accepted"
grep -qF "xqnnue_data: cannot write '$tmp/no/dir/x.xqd.tmp': No such file or directory" "$tmp/err" ||
  fail "to-binary into a missing folder: no clear error: $(cat "$tmp/err")"

xq_finish "xqnnue_data/xqnnue_train"
