#!/usr/bin/env bash
# scripts/deps.sh - install (as root, via apt-get) or name the Debian packages jumpsweep needs.
set -euo pipefail
pkgs=(gcc g++ make cmake pkg-config libhdf5-dev hdf5-tools libcriterion-dev libjansson-dev zlib1g-dev
      python3 python3-numpy python3-numba python3-h5py python3-xarray python3-netcdf4 python3-pandas
      python3-cffi python3-pytest
      python3-matplotlib jupyter-nbconvert python3-nbclient python3-nbformat python3-ipykernel)
# python3-numba: bench/peers/ (the numba peers of the speed table, ctest peers_bitexact).
# scripts/fuzz.sh: clang with libFuzzer and the sanitizer runtimes, and clang's OpenMP.
[ "${1:-}" = fuzz ] && pkgs+=(clang libclang-rt-14-dev libomp-14-dev)
# -DJS_MPI=ON (docs/cluster.md): Open MPI and the parallel HDF5.  Installing them switches the
# hdf5.pc alternative to the MPI one; the default build still finds the serial HDF5 (CMake's
# FindHDF5 asks h5cc first), and only -DJS_MPI=ON asks for h5pcc.
[ "${1:-}" = mpi ] && pkgs+=(openmpi-bin libopenmpi-dev libhdf5-openmpi-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "jumpsweep: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "jumpsweep: missing Debian packages: ${missing[*]} (run: sudo apt-get install ${missing[*]})" >&2
  exit 1
fi
