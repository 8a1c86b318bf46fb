#!/usr/bin/env bash
# tests/mpi_same.sh SERIAL_JUMPSWEEP MPI_JUMPSWEEP - `mpirun -n 1/2/3` gives the one-process files.
#
# The expected files come from the default (serial) build, whose sweeps every other test checks
# against the models' references.  For each case the serial binary and `mpirun --oversubscribe
# -n N` of the -DJS_MPI=ON binary run the same command line (both as `jumpsweep` on PATH, in
# sibling directories, so the file's `command` attribute matches), and h5diff must find no
# difference (every dataset's values, every attribute); for sweeps h5dump -p -H must show the
# same chunks, filters and compressed sizes.  reach: the same, less the wall-clock `seconds`
# (and the scales' REFERENCE_LIST attributes, which hold object addresses: parallel HDF5
# allocates datasets early, so the addresses differ; the attachments are checked by name with
# h5py), and the same table (less its times).  Errors: the one-process status and one line.
set -euo pipefail
if [ -z "${1:-}" ] || [ ! -x "$1" ]; then
	echo "mpi_same: no serial jumpsweep given (configure with -DJS_SERIAL_BIN=PATH); skipped"
	exit 77
fi
serial=$(realpath "$1") mpi=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
mkdir -p "$work/bin-s" "$work/bin-m"
ln -s "$serial" "$work/bin-s/jumpsweep"
ln -s "$mpi" "$work/bin-m/jumpsweep"
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
# run DIR N ARGS...: N = 0 the serial binary, else mpirun -n N; stdout in DIR/out.txt
run() {
	local dir=$1 n=$2
	shift 2
	rm -rf "$dir" && mkdir -p "$dir"
	if [ "$n" = 0 ]; then
		(cd "$dir" && PATH="$work/bin-s:$PATH" jumpsweep "$@" >out.txt 2>err.txt)
	else
		(cd "$dir" && PATH="$work/bin-m:$PATH" timeout 300 mpirun --oversubscribe -n "$n" \
			jumpsweep "$@" >out.txt 2>err.txt)
	fi
}
layout() { h5dump -p -H "$1" | grep -E 'CHUNKED|SIZE|FILTERS|DEFLATE|SHUFFLE|LEVEL|DATASPACE'; }

# sweeps: chunks cutting the first and a middle dimension, fewer chunks than ranks (one chunk:
# smb1's default grid), named axes with sequences (the strings rank 0 writes after the close),
# numeric axes with sequences
sweeps=("sweep sms --axis fwd=0:2 --axis spin=0:40 --hold 0:200"
	"sweep sms --axis action=jump:second --axis fwd=-200:200 --axis spin=0 --hold 0:255"
	"sweep smb1"
	"sweep celeste --seq J10.5J --seq J3 --seq [JD]4.2J --seq J40 --seq ."
	"sweep smw --seq J --seq J12 --seq J5.3J9")
for args in "${sweeps[@]}"; do
	run "$work/s" 0 $args -o a.h5 -q || fail "serial: $args"
	for n in 1 2 3; do
		run "$work/m$n" "$n" $args -o a.h5 -q && st=0 || st=$?
		if [ "$st" != 0 ]; then
			fail "mpirun -n $n $args: exit $st: $(cat "$work/m$n/err.txt")"
			continue
		fi
		h5diff "$work/s/a.h5" "$work/m$n/a.h5" >/dev/null ||
			fail "mpirun -n $n $args: h5diff: $(h5diff "$work/s/a.h5" "$work/m$n/a.h5" | head -3)"
		cmp -s <(layout "$work/s/a.h5") <(layout "$work/m$n/a.h5") ||
			fail "mpirun -n $n $args: chunks, filters or compressed sizes differ"
		[ -s "$work/m$n/err.txt" ] && fail "mpirun -n $n $args: stderr: $(cat "$work/m$n/err.txt")"
	done
	echo "ok: $args (-n 1, 2, 3)"
done

# map without the reachable sets: every model's default grid, and the table
run "$work/s" 0 map --no-reach -o a.h5 || fail "serial map"
run "$work/m2" 2 map --no-reach -o a.h5 || fail "mpirun -n 2 map: $(cat "$work/m2/err.txt")"
h5diff "$work/s/a.h5" "$work/m2/a.h5" >/dev/null || fail "map -n 2: h5diff"
strip_secs() { sed -E 's/[0-9]+\.[0-9]{3}$//' "$1"; }
cmp -s <(strip_secs "$work/s/out.txt") <(strip_secs "$work/m2/out.txt") || fail "map -n 2: table differs"
echo "ok: map --no-reach (-n 2)"

# [NS="N..."] reach_same MODEL WANT_STATUS ARGS...: the serial file, table, messages and exit
# status from mpirun -n N for each N of NS (default 1 2 3)
# the table: the header's time and threads, and the seconds column, dropped
table() { grep -v "^reach $2:" "$1" | sed -E 's/ +[0-9]+\.[0-9]{3}  / /'; }
reach_same() {
	local model=$1 want=$2 st
	shift 2
	local args="$*"
	run "$work/s" 0 $args -o r.h5 && st=0 || st=$?
	[ "$st" = "$want" ] || fail "serial $args: exit $st, want $want"
	# the scales' REFERENCE_LIST (object addresses) differ: every non-input axis of the model
	local excl=(--exclude-path /$model/reach/seconds) ax
	for ax in $(h5ls "$work/s/r.h5/$model/reach" | awk '$2 == "Dataset" {print $1}'); do
		excl+=(--exclude-attribute "/$model/reach/$ax")
	done
	local ns=${NS:-1 2 3}
	for n in $ns; do
		run "$work/m$n" "$n" $args -o r.h5 && st=0 || st=$?
		if [ "$st" != "$want" ]; then
			fail "mpirun -n $n $args: exit $st, want $want: $(cat "$work/m$n/err.txt")"
			continue
		fi
		h5diff "${excl[@]}" "$work/s/r.h5" "$work/m$n/r.h5" >/dev/null ||
			fail "-n $n $args: h5diff: $(h5diff "${excl[@]}" "$work/s/r.h5" "$work/m$n/r.h5" | head -3)"
		/usr/bin/python3 - "$work/s/r.h5" "$work/m$n/r.h5" <<'PY' || fail "-n $n $args: scales"
import sys, h5py
def scales(path):
    out = {}
    with h5py.File(path, "r") as f:
        def visit(name, obj):
            if isinstance(obj, h5py.Dataset):
                out[name] = [[s.name for s in d.values()] for d in obj.dims]
                for k, v in obj.attrs.items():
                    if k not in ("REFERENCE_LIST", "DIMENSION_LIST"):
                        out[name + "@" + k] = repr(v)
        f.visititems(visit)
    return out
a, b = scales(sys.argv[1]), scales(sys.argv[2])
sys.exit(0 if a == b else 1)
PY
		cmp -s <(table "$work/s/out.txt" "$model") <(table "$work/m$n/out.txt" "$model") ||
			fail "-n $n $args: table differs"
		cmp -s <(grep '^jumpsweep' "$work/s/err.txt") <(grep '^jumpsweep' "$work/m$n/err.txt") ||
			fail "-n $n $args: the messages differ"
	done
	echo "ok: $args (-n ${ns// /, })"
}

# reach: start conditions over the ranks (26 starts, dealt round-robin)
reach_same smb1 0 reach smb1 --axis vx=0:12 --axis env=air:swim --frames 60 --rises
# one start, fewer starts than ranks: its layered search split over the ranks (states owned by
# hash, a frontier exchange per frame).  smw: 68,525 nodes, no settle hook; smb1: the settle hook
one="reach smw --axis vx=20 --axis jump=normal --axis spx=0 --frames 32"
reach_same smw 0 $one --rises
NS=3 reach_same smb1 0 reach smb1 --axis vx=24 --axis env=air --frames 80 --rises
# ... and its budgets: the search stops on the same node as in one process (exit 3, the same
# message, the same partial set and peak estimate): the node budget (frame 31, 15 rises), the
# memory budget (frame 31), the memory budget before any landing (frame 29, no rise at all).
# One rank count each, to keep CI short (by hand: each at -n 2, 3 and 4)
NS=3 reach_same smw 3 $one --max-states 62000
NS=2 reach_same smw 3 $one --max-memory 3700K
NS=3 reach_same smw 3 $one --max-memory 3M

# errors: the one-process status, one line from rank 0, no temporary file
err_case() {
	local want=$1 text=$2
	shift 2
	run "$work/e" 2 "$@" && st=0 || st=$?
	local lines
	lines=$(grep -c '^jumpsweep: ' "$work/e/err.txt" || true)
	[ "$st" = "$want" ] || fail "mpirun -n 2 $*: exit $st, want $want"
	[ "$lines" = 1 ] && grep -q "^jumpsweep: $text" "$work/e/err.txt" ||
		fail "mpirun -n 2 $*: want one line '$text': $(grep '^jumpsweep' "$work/e/err.txt")"
	ls "$work/e" | grep -q tmp- && fail "mpirun -n 2 $*: a temporary file is left"
	echo "ok: error exit $want: $*"
}
err_case 2 "unknown model 'nosuch'" sweep nosuch -o a.h5
err_case 1 "cannot create '/nonexistent/a.h5'" sweep smb1 -o /nonexistent/a.h5
err_case 2 "trace runs in one process" trace smb1

# A write that fails on some ranks (the file size limit, EFBIG, as a full disk gives ENOSPC):
# one line naming the file and the cause, exit 1, the previous file untouched, no temporary
# file, and no hang.  The limits (sh's 512-byte blocks) make it fail while parallel HDF5
# allocates the datasets at their creation (8: the axis scales; 300, 700: the variables; these
# hung before: a rank failed its share of the fill and skipped the barrier the others waited
# in), and in the collective writes of the chunks (1000).  Open MPI's shared-memory transport
# is off: its own backing files would meet the limit first.
fault_case() {
	local n=$1 blocks=$2 dir=$work/f
	rm -rf "$dir" && mkdir -p "$dir" && echo previous >"$dir/a.h5"
	(cd "$dir" && timeout 120 mpirun --mca btl self,tcp -n "$n" sh -c "ulimit -f $blocks; exec \
		'$mpi' sweep sm64 --axis fwd=-20000:1000 --hold 0:60 -o a.h5 -q" >out.txt 2>err.txt) &&
		st=0 || st=$?
	local what="mpirun -n $n, ulimit -f $blocks"
	[ "$st" = 1 ] || fail "$what: exit $st, want 1 (124: it hung)"
	[ "$(grep -c '^jumpsweep: ' "$dir/err.txt")" = 1 ] &&
		grep -Eq "^jumpsweep: cannot (create|write|finish) .*'a.h5.*\(HDF5: .*(File too large|the file size limit \(ulimit -f\) is $((blocks * 512)) bytes)" \
			"$dir/err.txt" ||
		fail "$what: want one line naming a.h5 and the limit: $(grep '^jumpsweep' "$dir/err.txt")"
	[ "$(cat "$dir/a.h5")" = previous ] || fail "$what: the previous a.h5 was changed"
	ls "$dir" | grep -q tmp- && fail "$what: a temporary file is left"
	echo "ok: $what: $(grep '^jumpsweep' "$dir/err.txt")"
}
for blocks in 8 300 700 1000; do
	fault_case 2 "$blocks"
done
fault_case 3 700
[ "$fails" = 0 ] || { echo "$fails failures" >&2; exit 1; }
echo "all the same"
