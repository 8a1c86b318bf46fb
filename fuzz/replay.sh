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
# A start from standing is its own kind of finding (fuzz_model.c): smb1's seeds hold one, the 4.xx
# fall that fuzz/findings/smb1-fall_cap.case keeps and claims/smb1.json checks in play
# (smb1/fall-over-4-short-jump).  It is written as <model>-<rule>-standing.case, with no start line.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
JS_FUZZ_MODEL=smb1 JS_FUZZ_FINDINGS=$tmp "$bin/replay_model" "$corpus/model/smb1" >/dev/null 2>&1
f=$tmp/smb1-fall_cap-standing.case
if ! grep -q '^# start: from standing' "$f" || ! grep -qx 'input .J4.J6.J51' "$f" ||
   ! grep -qx 'break fall_cap 22' "$f" || grep -q '^start ' "$f"; then
  echo "fuzz_replay: smb1's standing-start fall_cap finding is missing or wrong" >&2
  exit 1
fi
echo "fuzz_replay: every corpus replayed"
