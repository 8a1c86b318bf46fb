#!/usr/bin/env bash
# scripts/test.sh - the tests on a fresh Debian machine: install what is needed, build with
# warnings as errors, run every test (Criterion suites, the HDF5 read-back, the CLI) with ctest.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build-test
bash "$here/scripts/build.sh" "$build" -DJS_WERROR=ON
cd "$build"
ctest --output-on-failure -j"$(nproc)"
