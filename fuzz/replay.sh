#!/usr/bin/env bash
# fuzz/replay.sh BIN_DIR CORPUS_DIR - replays every seed corpus through the harnesses' replay
# mains (ctest: fuzz_replay).  corpus/model/<id>/ runs with JS_FUZZ_MODEL=<id>.
set -euo pipefail
bin=$1 corpus=$2
for d in "$corpus"/model/*/; do
  id=$(basename "$d")
  JS_FUZZ_MODEL=$id "$bin/replay_model" "$d" >/dev/null
done
"$bin/replay_model" "$corpus/model-any" >/dev/null
for t in args claims case movie; do
  "$bin/replay_$t" "$corpus/$t" >/dev/null
done
echo "fuzz_replay: every corpus replayed"
