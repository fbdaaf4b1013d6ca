#!/usr/bin/env bash
# Makes a network from nothing (issue 20): self-play positions in binary shards in a cache
# folder outside the repository, a manifest of them, training, and data/nnue/<name>.nnue with
# its manifest next to it. Every step resumes: run the same command again after a stop (the
# end of a session) and it continues where it was. How it all fits: tools/nnue_train/README.md.
#
#   bash scripts/make_nnue.sh                        # everything with the settings below
#   SHARDS=4 SHARD=2/4 bash scripts/make_nnue.sh     # only generate shard 2 of 4 (another machine), then stop
#   TEXT='/root/.cache/xqjudge/nnue/gen0/*.txt' NAME=gen0 bash scripts/make_nnue.sh
#                                                    # train on existing text data instead of generating
#
# The next generation plays its data with the last network and learns from both:
#   NAME=gen1 EVAL=data/nnue/gen0.nnue EXTRA_DATA=/root/.cache/xqjudge/nnue/gen0/data.xqd SEED=2 \
#     bash scripts/make_nnue.sh
#
# Settings (environment): NAME (gen0), GAMES (40000: about 140 positions a game at 5000
# nodes), NODES (5000), SEED (1), RANDOM_PLIES (4: random moves after the book line, 0..N),
# BOOK (empty: xqdatagen's own, data/openings/balanced.txt), EVAL (classical: both sides'
# evaluation in self-play; or a network file, or embedded), EXTRA_DATA (more training files,
# binary or text, trained on with the new data), SHARDS (1), SHARD (empty: all), THREADS (2), EPOCHS (30),
# BATCH (16384), LR (0.001), LR_FINAL (0.00005), LAMBDA (0.3), MIN_PLY (0), VALIDATION (0.02),
# TRAIN_SEED (1), BUILD (build), XQ_CACHE (/root/.cache/xqjudge/nnue), TEXT (empty), OUT_DIR
# (data/nnue: where the network and its manifest go), INIT (empty: random start weights; or a
# network file the training refines, xqnnue_train --init: give a lower LR with it).
set -euo pipefail
cd "$(dirname "$0")/.."
NAME="${NAME:-gen0}"
GAMES="${GAMES:-40000}" NODES="${NODES:-5000}" SEED="${SEED:-1}" SHARDS="${SHARDS:-1}" SHARD="${SHARD:-}"
THREADS="${THREADS:-2}" EPOCHS="${EPOCHS:-30}" BATCH="${BATCH:-16384}" LR="${LR:-0.001}" LR_FINAL="${LR_FINAL:-0.00005}"
LAMBDA="${LAMBDA:-0.3}" MIN_PLY="${MIN_PLY:-0}" VALIDATION="${VALIDATION:-0.02}" TRAIN_SEED="${TRAIN_SEED:-1}"
BUILD="${BUILD:-build}" TEXT="${TEXT:-}" OUT_DIR="${OUT_DIR:-data/nnue}"
RANDOM_PLIES="${RANDOM_PLIES:-4}" BOOK="${BOOK:-}" EVAL="${EVAL:-classical}" EXTRA_DATA="${EXTRA_DATA:-}"
INIT="${INIT:-}"
init_arg=()
[ -z "$INIT" ] || init_arg=(--init "$INIT")
book_arg=()
[ -z "$BOOK" ] || book_arg=(--book "$BOOK")
cache="${XQ_CACHE:-/root/.cache/xqjudge/nnue}/$NAME"
bin="$BUILD/bin"
mkdir -p "$cache" "$OUT_DIR"
log() { echo "make_nnue: $*" >&2; }

# Step 1. The tools (Release, portable: no -march=native).
if [ ! -x "$bin/xqdatagen" ] || [ ! -x "$bin/xqnnue_data" ] || [ ! -x "$bin/xqnnue_train" ]; then
  log "building the tools in $BUILD"
  cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release > /dev/null
  cmake --build "$BUILD" -j"$THREADS" --target xqdatagen xqnnue_data xqnnue_train
fi

shard_file() { echo "$cache/shard-$1-of-$SHARDS.xqd"; }
# Games of shard i: the indices i-1, i-1+n, ... below GAMES.
shard_games() { echo $(( (GAMES - $1 + SHARDS) / SHARDS )); }

# Step 2. The data: generated shard by shard (resumable), or converted from text.
if [ -n "$TEXT" ]; then
  # shellcheck disable=SC2086  # TEXT is a glob on purpose
  files=( $TEXT )
  [ -e "${files[0]}" ] || { log "no files match TEXT='$TEXT'"; exit 1; }
  start=$SECONDS
  "$bin/xqnnue_data" to-binary "${files[@]}" --out "$cache/data.xqd"
  log "converted ${#files[@]} text files in $((SECONDS - start)) s"
  sources=("${files[@]}")
else
  if [ -n "$SHARD" ]; then list="${SHARD%/*}"; [ "${SHARD#*/}" = "$SHARDS" ] || { log "SHARD=$SHARD but SHARDS=$SHARDS"; exit 1; }
  else list=$(seq 1 "$SHARDS"); fi
  for i in $list; do
    start=$SECONDS
    nice -n 10 "$bin/xqdatagen" --games "$GAMES" --nodes "$NODES" --seed "$SEED" --threads "$THREADS" \
      --random-plies "$RANDOM_PLIES" "${book_arg[@]}" --eval "$EVAL" \
      --format binary --shard "$i/$SHARDS" --out "$(shard_file "$i")"
    log "shard $i/$SHARDS: $((SECONDS - start)) s"
  done
  if [ -n "$SHARD" ]; then
    log "shard $SHARD done: copy $(shard_file "${SHARD%/*}") into $cache on the training machine"
    exit 0
  fi
  sources=()
  for i in $(seq 1 "$SHARDS"); do
    f=$(shard_file "$i")
    [ -e "$f" ] || { log "missing $f (generate it: SHARD=$i/$SHARDS)"; exit 1; }
    have=$("$bin/xqnnue_data" info "$f" | sed -n 's/.*: \([0-9]*\) games, .*/\1/p')
    [ "$have" = "$(shard_games "$i")" ] || { log "$f holds $have games, want $(shard_games "$i"): run it again"; exit 1; }
    sources+=("$f")
  done
  cat "${sources[@]}" > "$cache/data.xqd.tmp" && mv "$cache/data.xqd.tmp" "$cache/data.xqd"
fi

# Step 3. The manifest: what the data is, so that the network's provenance can name it.
manifest="$cache/manifest.txt"
{
  echo "# make_nnue $NAME: data manifest"
  echo "commit $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  if [ -n "$TEXT" ]; then echo "source text: $TEXT"
  else echo "xqdatagen --games $GAMES --nodes $NODES --seed $SEED --threads $THREADS --random-plies $RANDOM_PLIES ${book_arg[*]} --eval $EVAL --format binary --shard i/$SHARDS"; fi
  [ -z "$EXTRA_DATA" ] || echo "trained together with: $EXTRA_DATA"
  [ -z "$INIT" ] || echo "refining: $INIT sha256 $(sha256sum "$INIT" | cut -d' ' -f1)"
  for f in "${sources[@]}"; do
    echo "file $(basename "$f") sha256 $(sha256sum "$f" | cut -d' ' -f1) bytes $(stat -c %s "$f")"
  done
  "$bin/xqnnue_data" info "$cache/data.xqd" | sed "s|$cache/||"
  echo "data.xqd sha256 $(sha256sum "$cache/data.xqd" | cut -d' ' -f1)"
} > "$manifest"
cat "$manifest" >&2

# Step 4. Training (resumes from $cache/$NAME.ckpt), then the network and its manifest.
start=$SECONDS
# shellcheck disable=SC2086  # EXTRA_DATA is a list of files on purpose
"$bin/xqnnue_train" --data "$cache/data.xqd" $EXTRA_DATA --out "$cache/$NAME.nnue" --checkpoint "$cache/$NAME.ckpt" \
  --epochs "$EPOCHS" --batch "$BATCH" --threads "$THREADS" --lr "$LR" --lr-final "$LR_FINAL" --lambda "$LAMBDA" \
  --min-ply "$MIN_PLY" --validation "$VALIDATION" --seed "$TRAIN_SEED" "${init_arg[@]}" --note "scripts/make_nnue.sh NAME=$NAME" \
  | tee -a "$cache/train.log"
log "training: $((SECONDS - start)) s"
cp "$cache/$NAME.nnue" "$OUT_DIR/$NAME.nnue"
{ cat "$manifest"; echo "# training (the last run's output)"; tail -n $((EPOCHS + 6)) "$cache/train.log"; } > "$OUT_DIR/$NAME.manifest.txt"
log "wrote $OUT_DIR/$NAME.nnue and $OUT_DIR/$NAME.manifest.txt"
