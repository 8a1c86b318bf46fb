#!/bin/bash
# bench/stream_bench.sh - `jumpsweep sweep` through the CLI, streaming to HDF5: wall time, lanes/s,
# lane-steps/s (the sum of the file's airtimes, as bench/bench.c counts them) and peak resident
# memory (/usr/bin/time -v), for a small grid, a 1e8-lane grid and the 1.2e9-lane sms grid of
# issue 16, the small grid run again after the big ones.  On a shared machine the wall clock
# follows the other jobs' load; the CPU seconds (user + system) and lane-steps per CPU second
# much less so: compare those.  Writes bench/results_stream.txt.
#
# usage: bench/stream_bench.sh [JUMPSWEEP] [GRIDS]     GRIDS: "small mid big" (default all three)
# The big grid takes ~15 minutes on 2 cores and writes a ~100 MB file under $TMPDIR.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../build/jumpsweep}
grids=${2:-"small mid big small"}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/stream_bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
out=$here/results_stream.txt

declare -A args=(
	[small]="sms --axis fwd=-1000:-991 --axis spin=0:255 --hold 0:255"
	[mid]="sms --axis fwd=-1000:-831 --axis spin=0:255 --hold 0:255"
	[big]="sms --axis fwd=-1000:1000 --axis spin=0:255 --hold 0:255"
)

# The sum of airtime over the file, read a slab of the leading dimensions at a time.
steps() {
	/usr/bin/python3 - "$1" <<'PY'
import sys, h5py, numpy as np
with h5py.File(sys.argv[1], "r") as f:
    a = f["sms/airtime"]
    n = int(np.prod(a.shape))
    total = 0
    for i in range(a.shape[0]):
        for j in range(0, a.shape[1], 16):
            total += int(a[i, j:j + 16].astype(np.int64).sum())
    print(n, total)
PY
}

{
	echo "# jumpsweep stream bench: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, $("$bin" --version 2>&1 | head -1)"
	echo "# lane-steps = the sum of the file's airtimes (frames from take-off to landing), as bench/bench.c"
	echo "# peak RSS = /usr/bin/time -v's maximum resident set size; time includes writing the file"
	echo "# lane-steps/cpu-s = lane-steps per CPU second (user + system, all threads)"
	echo "# load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
	printf '%-6s %11s %8s %8s %10s %13s %15s %12s %10s  %s\n' grid lanes wall-s cpu-s lanes/s \
		lane-steps/s lane-steps/cpu-s "peak RSS" "file" command
} >"$out.part"
for g in $grids; do
	f=$tmp/$g.h5
	rm -f "$f"
	cmd="jumpsweep sweep ${args[$g]} -o $g.h5 -q"
	/usr/bin/time -v "$bin" sweep ${args[$g]} -o "$f" -q 2>"$tmp/time" || {
		echo "$g: failed"; cat "$tmp/time"; exit 1; }
	secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0;
		for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$tmp/time")
	rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$tmp/time")
	cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$tmp/time")
	read -r lanes total < <(steps "$f")
	size=$(stat -c %s "$f")
	printf '%-6s %11d %8.1f %8.1f %10.3g %13.3g %15.3g %9.1f MB %7.1f MB  %s\n' "$g" "$lanes" \
		"$secs" "$cpu" "$(echo "$lanes / $secs" | bc -l)" "$(echo "$total / $secs" | bc -l)" \
		"$(echo "$total / $cpu" | bc -l)" "$(echo "$rss / 1024" | bc -l)" \
		"$(echo "$size / 1048576" | bc -l)" "$cmd" | tee -a "$out.part"
	rm -f "$f"
done
mv "$out.part" "$out"
echo "wrote $out"
