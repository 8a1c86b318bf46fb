#!/usr/bin/env bash
# scripts/asan_tests.sh [CTEST_ARGS...] - every test once more, built with clang under
# AddressSanitizer (LeakSanitizer on) and UndefinedBehaviorSanitizer, in build-asan/: an invalid
# access, a leak (the error paths included: the CLI tests run jumpsweep's failures), or undefined
# arithmetic fails the test that hit it.  CI runs it after scripts/test.sh (docs/fuzzing.md).
#
# Left out: `notebooks` (jupyter executing the notebooks on a full `jumpsweep map`: ten minutes
# under ASan, and the map it draws runs the same sweep and reach code the CLI tests run) and
# `atlas_reach` (a Python check of that map's file), `test_python` (Debian's python3 cannot load an
# ASan-built libjumpsweep.so: the runtime must come first; the C API it calls is the CLI's engine,
# run here by the other tests) and `peers_bitexact` (numba's own code; the CLI under it is run by
# the other tests).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build-asan
bash "$here/scripts/deps.sh" fuzz
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
# -gline-tables-only, not -g: clang 14 crashes on full debug info of the AVX-512 kernels (sm64).
CC=clang cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DJS_WERROR=OFF \
  "-DCMAKE_C_FLAGS=$san -gline-tables-only" "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined" >/dev/null
cmake --build "$build" -j"$(nproc)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1
# LLVM's libomp keeps the thread descriptors of a pool whose size changed (test_stream runs 1, 2,
# 3 and 5 threads) until exit: its own memory, allocated inside libomp, never ours.
printf 'leak:libomp.so\n' > "$build/lsan.supp"
export LSAN_OPTIONS=suppressions=$build/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
cd "$build"
ctest --output-on-failure -j"$(nproc)" -E '^(notebooks|atlas_reach|test_python|peers_bitexact)$' "$@"
