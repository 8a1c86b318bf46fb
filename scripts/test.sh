#!/usr/bin/env bash
# scripts/test.sh - the tests on a fresh Debian machine: install what is needed, build with
# warnings as errors, run every test (Criterion suites, the HDF5 read-back, the CLI) with ctest;
# then the MPI build (-DJS_MPI=ON, docs/cluster.md: its jumpsweep only) and its test, mpirun
# -n 1/2/3 against the serial build's files (tests/mpi_same.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build-test
bash "$here/scripts/build.sh" "$build" -DJS_WERROR=ON
cd "$build"
ctest --output-on-failure -j"$(nproc)"

# MPI: after the serial build (which stays serial: FindHDF5 asks h5cc, the serial wrapper, even
# with the MPI packages installed; -DJS_MPI=ON asks for h5pcc).
# Not root and the packages missing: said, and skipped (CI runs as root and installs them).
if ! bash "$here/scripts/deps.sh" mpi; then
	echo "scripts/test.sh: the MPI test (tests/mpi_same.sh) skipped: no MPI packages" >&2
	exit 0
fi
mpi=$here/build-test-mpi
cmake -S "$here" -B "$mpi" -DCMAKE_BUILD_TYPE=Release -DJS_WERROR=ON -DJS_MPI=ON \
	-DJS_SERIAL_BIN="$build/jumpsweep" >/dev/null
cmake --build "$mpi" -j"$(nproc)" --target jumpsweep
cd "$mpi"
ctest --output-on-failure -R '^mpi_'
