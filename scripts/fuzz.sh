#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS] - build the libFuzzer harnesses with clang and fuzz each target for
# SECONDS (default 30; $JS_FUZZ_SECONDS too), two targets at a time (docs/fuzzing.md).
#
# Two builds:
#   build-fuzz-ubsan/  UBSan only (the arithmetic checks: signed overflow, shifts, conversions)
#                      and edge coverage without comparison tracing: fuzz_model, the fast one;
#   build-fuzz/        ASan + UBSan (memory safety besides): fuzz_model and the parsers.
# Each model's target (fuzz_model with the model fixed) fuzzes 2/3 of SECONDS in the UBSan build,
# then 1/3 in the ASan build starting from the corpus the first part grew, so every input the
# fast build kept also runs under ASan.  The parsers (args, claims, case, movie) fuzz SECONDS in
# the ASan build.
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
ubuild=$here/build-fuzz-ubsan
bash "$here/scripts/deps.sh" fuzz
# -gline-tables-only, not -g: clang 14 crashes on full debug info of the AVX-512 kernels (sm64).
cov="-fsanitize=fuzzer-no-link -gline-tables-only"
ubsan="-fsanitize=undefined -fno-sanitize-recover=undefined"
CC=clang cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DJS_FUZZ=ON -DJS_TESTS=OFF \
  -DJS_WERROR=OFF "-DCMAKE_C_FLAGS=-fsanitize=address $ubsan $cov" \
  "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" >/dev/null
CC=clang cmake -S "$here" -B "$ubuild" -DCMAKE_BUILD_TYPE=Release -DJS_FUZZ=ON -DJS_TESTS=OFF \
  -DJS_WERROR=OFF "-DCMAKE_C_FLAGS=$ubsan $cov -fno-sanitize-coverage=trace-cmp" \
  "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=undefined" >/dev/null
cmake --build "$ubuild" -j"$(nproc)" --target fuzz_model
cmake --build "$build" -j"$(nproc)" --target fuzz_model fuzz_args fuzz_claims fuzz_case fuzz_movie jumpsweep
rm -rf "$build/work" "$build/artifacts" "$build/findings" "$build/logs"
mkdir -p "$build/work" "$build/artifacts" "$build/findings" "$build/logs"
export JS_FUZZ_FINDINGS=$build/findings
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# One libFuzzer run: NAME LOG BIN DICT WORKDIR SECONDS; prints "RUNS RUNS/S" or fails.
fuzz_run() {
  local name=$1 log=$2 bin=$3 dict=$4 work=$5 t=$6
  if "$bin" -max_total_time="$t" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
       -dict="$dict" -artifact_prefix="$build/artifacts/$name-" "$work" >"$log" 2>&1; then
    local runs
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
    printf '%s runs (%s/s)' "$runs" "$((runs / t))"
  else
    printf 'fuzz %-10s FAIL (log: %s)\n' "$name" "$log" >&2
    grep -E '^BUG|ERROR|runtime error' "$log" | head -5 >&2
    return 1
  fi
}

# One job: NAME BIN DICT CORPUS [UBSAN_BIN] (the model targets name the UBSan build too).
run_one() {
  local name=$1 bin=$2 dict=$3 corpus=$4 ubin=${5:-}
  local work=$build/work/$name out
  mkdir -p "$work"
  cp -r "$corpus/." "$work/"
  if [ -n "$ubin" ]; then
    local t1=$((secs * 2 / 3)) t2
    [ "$t1" -ge 1 ] || t1=1
    t2=$((secs - t1)); [ "$t2" -ge 1 ] || t2=1
    out=$(fuzz_run "$name" "$build/logs/$name.ubsan.log" "$ubin" "$dict" "$work" "$t1") || return 1
    out="ubsan $out, asan+ubsan $(fuzz_run "$name" "$build/logs/$name.log" "$bin" "$dict" "$work" "$t2")" || return 1
  else
    out=$(fuzz_run "$name" "$build/logs/$name.log" "$bin" "$dict" "$work" "$secs") || return 1
  fi
  printf 'fuzz %-10s ok   %s\n' "$name" "$out"
}
export -f run_one fuzz_run
export build secs

jobs=()
for d in "$here"/fuzz/corpus/model/*/; do
  id=$(basename "$d")
  jobs+=("JS_FUZZ_MODEL=$id run_one $id $build/fuzz/fuzz_model $here/fuzz/dict/model.dict $d $ubuild/fuzz/fuzz_model")
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
