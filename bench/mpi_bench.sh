#!/usr/bin/env bash
# bench/mpi_bench.sh SERIAL_JUMPSWEEP MPI_JUMPSWEEP [OUT] - MPI scaling on this machine
# (docs/cluster.md): one sweep grid and one reach run by the serial build, and by the
# -DJS_MPI=ON build under mpirun with 1, 2 and 4 ranks (4 oversubscribed on a 2-core machine),
# one OpenMP thread per rank (and the serial build with 1 and 2 threads); and one reach of one
# start condition (reach1: its layered search split over the ranks) by the serial build with 1
# thread and mpirun -n 1, 2, 4.  Records wall and CPU
# seconds (/usr/bin/time: the ranks are mpirun's children) and checks that every file is the
# serial one (h5diff).  Writes OUT (default bench/results_mpi.txt).
set -euo pipefail
serial=$(realpath "$1") mpi=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
out=${3:-$here/results_mpi.txt}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
sweep=(sweep sms --axis fwd=-1000:-971 --axis spin=0:255 --hold 0:255)
reach=(reach smb1 --axis vx=0:40 --axis env=air:swim --frames 60)
reach1=(reach smw --axis vx=20 --axis jump=normal --axis spx=0 --frames 60)
{
	echo "# bench/mpi_bench.sh, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "# sweep: ${sweep[*]} ($(( 9 * 30 * 256 * 256 )) lanes); reach: ${reach[*]} (82 start conditions)"
	echo "# reach1: ${reach1[*]} (one start condition, 144,161 states)"
	printf '%-6s %-22s %8s %8s %8s  %s\n' what run wall_s cpu_s peak_MB file
} >"$out"
# one RUN: label, then the command; the file to compare
one() {
	local what=$1 label=$2 file=$3
	shift 3
	/usr/bin/time -f '%e %U %S %M' -o "$work/t" "$@" >/dev/null 2>"$work/err" ||
		{ cat "$work/err" >&2; exit 1; }
	read -r wall user sys rss <"$work/t"
	local same=same
	if [ "$what" = sweep ]; then
		h5diff --exclude-attribute / "$work/ref.h5" "$file" >/dev/null || same=DIFFERENT
	elif [ "$what" = reach1 ]; then
		h5diff --exclude-attribute / --exclude-path /smw/reach/seconds \
			--exclude-attribute /smw/reach/vx --exclude-attribute /smw/reach/jump \
			--exclude-attribute /smw/reach/spx "$work/ref_1.h5" "$file" >/dev/null || same=DIFFERENT
	else
		h5diff --exclude-attribute / --exclude-path /smb1/reach/seconds \
			--exclude-attribute /smb1/reach/vx --exclude-attribute /smb1/reach/env \
			"$work/ref_r.h5" "$file" >/dev/null || same=DIFFERENT
	fi
	printf '%-6s %-22s %8.2f %8.2f %8d  %s\n' "$what" "$label" "$wall" \
		"$(echo "$user + $sys" | bc)" $((rss / 1024)) "$same" | tee -a "$out"
}
"$serial" "${sweep[@]}" -o "$work/ref.h5" -q
"$serial" "${reach[@]}" -o "$work/ref_r.h5" -q
"$serial" "${reach1[@]}" -o "$work/ref_1.h5" -q
for what in sweep reach; do
	if [ $what = sweep ]; then args=("${sweep[@]}"); ref=$work/x.h5; else args=("${reach[@]}"); ref=$work/x.h5; fi
	one $what "serial, 1 thread" "$ref" "$serial" "${args[@]}" -o "$ref" -q -j 1
	one $what "serial, 2 threads" "$ref" "$serial" "${args[@]}" -o "$ref" -q -j 2
	for n in 1 2 4; do
		one $what "mpirun -n $n, 1 thread" "$ref" mpirun --oversubscribe -n $n "$mpi" "${args[@]}" \
			-o "$ref" -q -j 1
	done
done
for n in 0 1 2 4; do
	if [ $n = 0 ]; then
		one reach1 "serial, 1 thread" "$work/x.h5" "$serial" "${reach1[@]}" -o "$work/x.h5" -q -j 1
	else
		one reach1 "mpirun -n $n, 1 thread" "$work/x.h5" mpirun --oversubscribe -n $n "$mpi" \
			"${reach1[@]}" -o "$work/x.h5" -q -j 1
	fi
done
echo "# peak_MB: the largest process (mpirun's or one rank's; /usr/bin/time %M)" >>"$out"
