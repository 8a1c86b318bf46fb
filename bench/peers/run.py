#!/usr/bin/python3
"""bench/peers/run.py - jsbench and the Python peers side by side, in one run, on the same grids.

    /usr/bin/python3 bench/peers/run.py [--build DIR] [--min-time S] [--rounds N] [--model ID]...
                                        [--out PREFIX] [--readme README.md]

For each model (smb1, smw, sm64, celeste) on its default grid:
  1. the peers are checked bit for bit against the reference (check.py; any mismatch: exit 1 and
     no table is written);
  2. each peer is timed as jsbench times a path: a warm-up call first (numba's JIT compile is not
     counted), then samples of k calls (k doubled until a sample lasts 20 ms) for at least
     --min-time seconds and at least 3 samples, the fastest sample's time per call; one thread by
     the calling thread's CPU time (time.thread_time, jsbench's CLOCK_THREAD_CPUTIME_ID), the
     2-thread prange peer by wall clock;
  3. `jsbench --model ID --threads 1` times the reference, avx2 and avx512 in the same run.
Rates are lane-steps per second as jsbench counts them: the sum over lanes of the airtime (frames
from take-off to landing), divided by the time of one pass over the grid.  With --rounds N the
whole measurement is repeated N times; the table holds each column's median, the ratios of those
medians and, in parentheses, each ratio's range over the rounds.

Writes PREFIX.txt and PREFIX.csv (default bench/results_peers), and with --readme the table into
README.md's Speed section (between its peers-table markers).  Run it with Debian's python3, which
has numba and h5py: /usr/bin/python3.
"""
import argparse
import csv
import io
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

try:
    import numba
except ImportError:
    sys.exit("peers: numba is not installed for this python (Debian: python3-numba; run /usr/bin/python3)")
import numpy as np  # noqa: E402

import check  # noqa: E402
import common  # noqa: E402

PEERS = ("numpy", "numba", "prange")
PATHS = ("reference", "avx2", "avx512")
PRANGE_THREADS = 2


def time_peer(fn, ax, hold, n_frames, min_time, wall):
    """Seconds per call of the fastest sample (jsbench's run())."""
    clock = time.perf_counter if wall else time.thread_time
    fn(ax, hold, n_frames)  # warm-up: numba compiles here
    k = 1
    while True:
        w0 = time.perf_counter()
        for _ in range(k):
            fn(ax, hold, n_frames)
        if time.perf_counter() - w0 >= 0.02 or k >= 1 << 20:
            break
        k *= 2
    best, samples, t0 = float("inf"), 0, time.perf_counter()
    while True:
        c0 = clock()
        for _ in range(k):
            fn(ax, hold, n_frames)
        dt = (clock() - c0) / k
        if 0 < dt < best:
            best = dt
        samples += 1
        if time.perf_counter() - t0 >= min_time and samples >= 3:
            return best


def jsbench(build, model, min_time, n_lanes, steps):
    """jsbench's one-thread lane-steps/s for the reference, avx2 and avx512 (None where this CPU
    has no such path).  Checks that jsbench counts the same lane-steps (its jumps/s and
    lane-steps/s give steps per jump)."""
    with tempfile.NamedTemporaryFile(suffix=".csv") as f:
        cmd = [os.path.join(build, "jsbench"), "--model", model, "--threads", "1", "--no-disasm",
               "--min-time", str(min_time), "--csv", f.name]
        subprocess.run(cmd, check=True, capture_output=True)
        rows = list(csv.DictReader(io.StringIO(open(f.name).read())))
    out = {p: None for p in PATHS}
    for r in rows:
        if r["path"] in out and r["threads"] == "1":
            out[r["path"]] = float(r["lane_steps_per_s"])
            per_jump = float(r["lane_steps_per_s"]) / float(r["jumps_per_s"])
            if abs(per_jump * n_lanes - steps) > 1e-4 * steps:
                sys.exit(f"peers: jsbench counts {per_jump * n_lanes:.0f} lane-steps on {model}'s "
                         f"grid, the peers {steps}")
    return out


def measure(build, model, min_time, tmp):
    mod = check.module(model)
    path = os.path.join(tmp, f"{model}.h5")
    check.sweep(os.path.join(build, "jumpsweep"), model, [], path)
    ax, hold, n_frames, ref = common.read_grid(path, model, mod.AXES)
    for peer in ("numba", "prange", "numpy"):
        got, sel = check.run_peer(mod, peer, ax, hold, n_frames)
        if not sel.all():
            sys.exit(f"peers: the {peer} {model} peer does not model every lane of the default grid")
        msgs = common.compare(f"{model} {peer}", got, ref, mod.FLAGS_MODELLED)
        if msgs:
            sys.exit("peers: MISMATCH " + "\npeers: MISMATCH ".join(msgs))
    steps = int(ref[2].astype(np.int64).sum())
    rates = {}
    fns = {"numpy": mod.run_numpy, "numba": mod.run_numba, "prange": mod.run_prange}
    for peer in PEERS:
        rates[peer] = steps / time_peer(fns[peer], ax, hold, n_frames, min_time, peer == "prange")
    rates.update(jsbench(build, model, min_time, hold.size, steps))
    return rates, hold.size, n_frames, steps


def fmt(x):
    return "n/a" if x is None else f"{x:.3g}"


def ratio(a, b):
    return None if a is None or b is None else a / b


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    p.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"))
    p.add_argument("--min-time", type=float, default=0.5)
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--model", action="append", choices=check.MODELS)
    p.add_argument("--out", default=os.path.join(HERE, "..", "results_peers"))
    p.add_argument("--readme", metavar="FILE",
                   help="also put the table into FILE (README.md) between its peers-table markers")
    a = p.parse_args()
    if a.rounds < 1 or a.min_time <= 0:
        sys.exit("peers: --rounds and --min-time must be positive")
    for exe in ("jsbench", "jumpsweep"):
        if not os.access(os.path.join(a.build, exe), os.X_OK):
            sys.exit(f"peers: no {exe} in {a.build} (build the project, or pass --build DIR)")
    numba.set_num_threads(min(PRANGE_THREADS, numba.config.NUMBA_NUM_THREADS))
    models = a.model or list(check.MODELS)
    runs = {m: [] for m in models}
    info = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rnd in range(a.rounds):
            for m in models:
                rates, lanes, frames, steps = measure(a.build, m, a.min_time, tmp)
                runs[m].append(rates)
                info[m] = (lanes, frames, steps)
                print(f"round {rnd + 1}/{a.rounds} {m}: " +
                      ", ".join(f"{k} {fmt(v)}" for k, v in rates.items()), flush=True)
    cols = PEERS + PATHS
    table = {}
    for m in models:
        med = {}
        for c in cols:
            vals = [r[c] for r in runs[m] if r[c] is not None]
            med[c] = statistics.median(vals) if vals else None
        table[m] = med

    def spread(m, path, base):
        rs = [ratio(r[path], r[base]) for r in runs[m]]
        rs = [x for x in rs if x is not None]
        return "" if len(rs) < 2 else f" ({min(rs):.2f}-{max(rs):.2f})"

    heads = ["model", "numpy", "numba 1 thread", f"numba prange {PRANGE_THREADS} threads",
             "jsbench reference", "avx2", "avx512", "reference ×numba", "avx2 ×numba",
             "avx512 ×numba", "avx2 ×ref", "avx512 ×ref"]
    lines = []
    lines.append(f"# jsbench and the Python peers (bench/peers/) in one run: lane-steps/s (frames of "
                 f"jumps from take-off to landing per second) on each model's default grid")
    lines.append(f"# {cpu_name()}; numba {numba.__version__}, numpy {np.__version__}, Python "
                 f"{platform.python_version()}; min-time {a.min_time} s; {a.rounds} round(s), "
                 f"median shown" + ("; ratio spread over rounds in ()" if a.rounds > 1 else ""))
    lines.append("# timing: fastest sample; 1 thread by the thread's CPU time (numba's compile "
                 f"excluded: warm-up call), numba prange on {PRANGE_THREADS} threads by wall clock; "
                 "every peer bit-identical to the reference on these grids (rise, apex, airtime, flags)")
    for m in models:
        lanes, frames, steps = info[m]
        lines.append(f"# {m}: {lanes} lanes x {frames} frames, {steps} lane-steps")
    lines.append("| " + " | ".join(heads) + " |")
    lines.append("|" + "---|" * len(heads))
    rows = []
    for m in models:
        t = table[m]
        rx = [ratio(t["reference"], t["numba"]), ratio(t["avx2"], t["numba"]),
              ratio(t["avx512"], t["numba"]), ratio(t["avx2"], t["reference"]),
              ratio(t["avx512"], t["reference"])]
        sp = [spread(m, "reference", "numba"), spread(m, "avx2", "numba"),
              spread(m, "avx512", "numba"), spread(m, "avx2", "reference"),
              spread(m, "avx512", "reference")]
        cells = [m] + [fmt(t[c]) for c in cols] + \
            [("n/a" if x is None else f"{x:.2f}") + s for x, s in zip(rx, sp)]
        lines.append("| " + " | ".join(cells) + " |")
        rows.append([m] + [t[c] for c in cols] + rx)
    text = "\n".join(lines) + "\n"
    with open(a.out + ".txt", "w") as f:
        f.write(text)
    with open(a.out + ".csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["model", "numpy", "numba_1t", f"numba_prange_{PRANGE_THREADS}t", "reference",
                    "avx2", "avx512", "reference_x_numba", "avx2_x_numba", "avx512_x_numba",
                    "avx2_x_reference", "avx512_x_reference"])
        for r in rows:
            w.writerow([r[0]] + ["" if x is None else f"{x:.6g}" for x in r[1:]])
    if a.readme:
        put_readme(a.readme, [l for l in lines if not l.startswith("# ")])
    sys.stdout.write(text)
    return 0


BEGIN = "<!-- peers table: written by bench/peers/run.py --readme README.md -->"
END = "<!-- end of peers table -->"


def put_readme(path, table):
    """Replaces the lines between BEGIN and END in path with the table."""
    text = open(path).read()
    i, j = text.find(BEGIN), text.find(END)
    if i < 0 or j < i:
        sys.exit(f"peers: {path} has no peers-table markers ({BEGIN} ... {END})")
    head = text[:i + len(BEGIN)]
    with open(path, "w") as f:
        f.write(head + "\n" + "\n".join(table) + "\n" + text[j:])


if __name__ == "__main__":
    sys.exit(main())
