#!/usr/bin/python3
"""bench/peers/check.py - the Python peers against jumpsweep's reference, bit for bit.

    check.py JUMPSWEEP [--grid default|test] [--model ID]... [--peer numba|prange|numpy]...

For each model, `JUMPSWEEP sweep MODEL --reference` writes the reference's results on the grid
(the model's default grid, or the test grid below) to an HDF5 file; each peer then runs the same
lanes (read from the file's scales) and must give the same rise_sub, apex_frame, airtime and flags
on every lane.  Every peer models every flag of its model (FLAGS_MODELLED), so flags are compared
whole.  Exit 0 when all agree, 1 on any mismatch (one line per difference), 77 when numba is not
installed (ctest reports the test skipped).

The test grid (ctest peers_bitexact) is small and reaches rules the default grids do not: smb1's
row boundaries, smw's subpixel axis, sm64's negative forward speeds, the SH version, chain = on
(numba only: the numpy peer models chain = off) and the flying triple jump, celeste cut at 20
frames (lanes still in the air).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

try:
    import numba  # noqa: F401
except ImportError:
    print("peers: numba is not installed (Debian: python3-numba); skipped")
    sys.exit(77)

import numpy as np  # noqa: E402

import common  # noqa: E402

MODELS = ("smb1", "smw", "sm64", "celeste")
PEERS = ("numba", "prange", "numpy")
TEST_GRID = {
    "smb1": ["--axis", "vx=7:29", "--hold", "0:40"],
    "smw": ["--axis", "vx=20:39", "--axis", "spx=0:15", "--hold", "0:24"],
    "sm64": ["--axis", "action=jump:flying_triple", "--axis", "fwd=-20:36",
             "--axis", "version=us:sh", "--axis", "chain=off:on", "--hold", "0:12"],
    "celeste": ["--hold", "0:20", "--frames", "20"],
}


def module(model):
    return __import__(model)


def sweep(jumpsweep, model, extra, path):
    cmd = [jumpsweep, "sweep", model, "--reference", "-q", "-o", path] + extra
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"peers: {' '.join(cmd)} failed: {r.stderr.strip()}")


def run_peer(mod, peer, ax, hold, n_frames):
    """A peer's results on the lanes it models, and those lanes (a boolean mask)."""
    sel = np.ones(hold.size, bool)
    if peer == "numpy" and hasattr(mod, "NUMPY_LANES"):
        sel = mod.NUMPY_LANES(ax)
    f = {"numba": mod.run_numba, "prange": mod.run_prange, "numpy": mod.run_numpy}[peer]
    a = np.ascontiguousarray(ax[:, sel])
    h = np.ascontiguousarray(hold[sel])
    return f(a, h, n_frames), sel


def check_model(jumpsweep, model, grid, peers, tmp, verbose=True):
    """Returns the number of mismatches (0 when every peer agrees)."""
    mod = module(model)
    path = os.path.join(tmp, f"{model}.h5")
    sweep(jumpsweep, model, TEST_GRID[model] if grid == "test" else [], path)
    ax, hold, n_frames, ref = common.read_grid(path, model, mod.AXES)
    bad = 0
    for peer in peers:
        t0 = time.perf_counter()
        got, sel = run_peer(mod, peer, ax, hold, n_frames)
        msgs = common.compare(f"{model} {peer}", got, tuple(r[sel] for r in ref), mod.FLAGS_MODELLED)
        for m in msgs:
            print("peers: MISMATCH " + m)
        bad += len(msgs)
        if verbose and not msgs:
            print(f"peers: {model} {peer}: {int(sel.sum())} lanes x {n_frames} frames ({grid} grid) "
                  f"equal to the reference, flags whole ({time.perf_counter() - t0:.1f} s with the "
                  f"first call's compile)")
    return bad


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    p.add_argument("jumpsweep")
    p.add_argument("--grid", choices=("default", "test"), default="default")
    p.add_argument("--model", action="append", choices=MODELS)
    p.add_argument("--peer", action="append", choices=PEERS)
    a = p.parse_args()
    if not os.access(a.jumpsweep, os.X_OK):
        sys.exit(f"peers: {a.jumpsweep} is not an executable jumpsweep")
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for model in a.model or MODELS:
            bad += check_model(a.jumpsweep, model, a.grid, a.peer or PEERS, tmp)
    if bad:
        print(f"peers: {bad} mismatch(es)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
