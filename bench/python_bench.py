#!/usr/bin/python3
"""bench/python_bench.py [JUMPSWEEP] - the Python package's cost against the CLI's, side by side.

Same grid, same engine, one run: 10^6-lane sweeps (GRIDS: sm64 and smw) timed as
  cli        `jumpsweep sweep ... -o FILE` (the whole command: start, run, HDF5 write)
  python     jumpsweep.sweep(...) -> xarray.Dataset (in memory)
  python+nc  jumpsweep.sweep(...).to_netcdf(FILE, group=MODEL) (the CLI's output, from Python)
and the per-call overhead: jumpsweep.sweep on a 1-lane grid.  Fastest of REPS repetitions each.
Writes bench/results_python.txt.  Run: PYTHONPATH=python /usr/bin/python3 bench/python_bench.py
"""
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import jumpsweep as js

ROOT = Path(__file__).resolve().parents[1]
BIN = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "build" / "jumpsweep")
REPS = int(os.environ.get("REPS", "5"))

# (model, Python axes, CLI arguments): about 10^6 lanes each
GRIDS = [
    ("sm64", dict(fwd=range(-15000, 1000), action="jump", hold=range(0, 64)),
     ["--axis", "fwd=-15000:999", "--axis", "action=jump", "--hold", "0:63"]),
    ("smw", dict(vx=range(0, 64), jump=["normal", "spin"], spx=range(0, 16), hold=range(0, 128)),
     ["--axis", "vx=0:63", "--axis", "jump=normal:spin", "--axis", "spx=0:15", "--hold", "0:127"]),
]


def best(fn):
    times = []
    for _ in range(REPS):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times), max(times)


def main():
    lines = [f"# jumpsweep {js.version()} python_bench: fastest (and slowest) of {REPS} runs, "
             f"wall seconds, one run side by side; library {js._lib.lib_path.name}",
             f"# machine: {os.cpu_count()} CPUs; threads: all (OpenMP default) in both",
             f"{'model':8} {'lanes':>9} {'cli':>14} {'python':>14} {'python+nc':>14} "
             f"{'python/cli':>10} {'python+nc/cli':>13}"]
    with tempfile.TemporaryDirectory() as tmp:
        for model, kw, args in GRIDS:
            ds = js.sweep(model, **kw)
            lanes = ds.rise.size
            path = os.path.join(tmp, "cli.h5")
            npath = os.path.join(tmp, "py.nc")

            def run_cli():
                if os.path.exists(path):
                    os.unlink(path)
                subprocess.run([BIN, "sweep", model, *args, "-q", "-o", path], check=True)

            def run_nc():
                if os.path.exists(npath):
                    os.unlink(npath)
                js.sweep(model, **kw).to_netcdf(npath, group=model)

            c = best(run_cli)
            p = best(lambda: js.sweep(model, **kw))
            n = best(run_nc)
            lines.append(f"{model:8} {lanes:9d} {c[0]:7.3f} ({c[1]:.3f}) {p[0]:7.3f} ({p[1]:.3f}) "
                         f"{n[0]:7.3f} ({n[1]:.3f}) {p[0] / c[0]:10.2f} {n[0] / c[0]:13.2f}")
        one = best(lambda: js.sweep("smb1", vx=0, env="air", hold=1))
        lines.append(f"per call: jumpsweep.sweep of a 1-lane grid {one[0] * 1e6:.0f} us "
                     f"(grid, description, Dataset)")
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    (ROOT / "bench" / "results_python.txt").write_text(text)


if __name__ == "__main__":
    main()
