#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS] - build the libFuzzer harnesses with clang (ASan + UBSan) and fuzz
# each target for SECONDS (default 30; $JS_FUZZ_SECONDS too): fuzz_model once per model with
# the model fixed, then the parsers (args, claims, case).  Two targets run at a time.
#
# A bug (lane kernel != reference, a field out of range, a sanitizer report, a crash) fails the
# run and leaves its input in build-fuzz/artifacts/; replay it with
#   build-fuzz/fuzz/fuzz_<target> build-fuzz/artifacts/<file>   (JS_FUZZ_MODEL=<id> for a model)
# Findings (the game's arithmetic breaking a model's rule) do not fail it: their reproducers are
# written to build-fuzz/findings/<model>-<rule>.case for `jumpsweep explain`.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-${JS_FUZZ_SECONDS:-30}}
build=$here/build-fuzz
bash "$here/scripts/deps.sh" fuzz
# -gline-tables-only, not -g: clang 14 crashes on full debug info of the AVX-512 kernels (sm64).
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fsanitize=fuzzer-no-link -gline-tables-only"
CC=clang cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DJS_FUZZ=ON -DJS_TESTS=OFF \
  -DJS_WERROR=OFF "-DCMAKE_C_FLAGS=$san" "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" >/dev/null
cmake --build "$build" -j"$(nproc)" --target fuzz_model fuzz_args fuzz_claims fuzz_case fuzz_movie jumpsweep
rm -rf "$build/work" "$build/artifacts" "$build/findings" "$build/logs"
mkdir -p "$build/work" "$build/artifacts" "$build/findings" "$build/logs"
export JS_FUZZ_FINDINGS=$build/findings
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# One job: NAME BIN DICT CORPUS [env...]
run_one() {
  local name=$1 bin=$2 dict=$3 corpus=$4
  local work=$build/work/$name
  mkdir -p "$work"
  cp -r "$corpus/." "$work/"
  if "$bin" -max_total_time="$secs" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
       -dict="$dict" -artifact_prefix="$build/artifacts/$name-" "$work" >"$build/logs/$name.log" 2>&1; then
    printf 'fuzz %-10s ok   %s\n' "$name" "$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/logs/$name.log" | grep -o '[0-9]*$') runs"
  else
    printf 'fuzz %-10s FAIL (log: %s)\n' "$name" "$build/logs/$name.log"
    grep -E '^BUG|ERROR|runtime error' "$build/logs/$name.log" | head -5
    return 1
  fi
}
export -f run_one
export build secs

jobs=()
for d in "$here"/fuzz/corpus/model/*/; do
  id=$(basename "$d")
  jobs+=("JS_FUZZ_MODEL=$id run_one $id $build/fuzz/fuzz_model $here/fuzz/dict/model.dict $d")
done
for t in args claims case movie; do
  jobs+=("run_one $t $build/fuzz/fuzz_$t $here/fuzz/dict/$t.dict $here/fuzz/corpus/$t")
done
status=0
printf '%s\n' "${jobs[@]}" | xargs -P "$(nproc)" -I{} bash -c '{}' || status=1
n=$(ls "$build/findings" | wc -l)
echo "fuzz: $n finding(s) in $build/findings (jumpsweep explain FILE)"
ls "$build/findings" | sed 's/^/  /'
exit $status
