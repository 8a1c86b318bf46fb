"""The Python package against the CLI: the same engine, so the same bits, attributes and messages.

Run by ctest (test_python) with Debian's python3 -m pytest; JS_BIN is the jumpsweep built beside
the library the package loads.  Every expected value here is the CLI's own output for the same
arguments (the CLI is tested against the disassemblies' figures in the C suites), plus figures
derived by hand where noted.
"""
import json
import os
import subprocess
import threading
from pathlib import Path

import numpy as np
import pytest
import xarray as xr

import jumpsweep as js
from jumpsweep import _lib

ROOT = Path(__file__).resolve().parents[2]
BIN = os.environ.get("JS_BIN", str(ROOT / "build" / "jumpsweep"))


def cli(*args, ok=True):
    p = subprocess.run([BIN, *args], capture_output=True, text=True)
    if ok:
        assert p.returncode == 0, p.stderr
    return p


def cli_sweep(tmp_path, model, *args):
    path = tmp_path / f"{model}.h5"
    cli("sweep", model, *args, "-q", "-o", str(path))
    with xr.open_dataset(path, group=model) as ds:
        return ds.load()


def assert_same(py, ref):
    """Identical values, coordinates and attributes, and the same dtypes throughout."""
    xr.testing.assert_identical(py, ref)
    for name in list(py.variables):
        assert py[name].dtype == ref[name].dtype, name
    for name in ("rise_sub", "apex_frame", "airtime", "flags"):
        assert np.array_equal(py[name].values, ref[name].values), name
    assert np.array_equal(py.rise.values.view(np.int64), ref.rise.values.view(np.int64))


def test_library_and_header():
    """The package binds the library from the header built beside it (the same declarations as
    the source tree's), and reports the CLI's version."""
    beside = _lib.lib_path.parent / "jumpsweep.h"
    src = ROOT / "sweep" / "engine" / "jumpsweep.h"
    assert beside.exists() and _lib.declarations(beside) == _lib.declarations(src)
    assert _lib.lib.jumpsweep_api_version() == _lib.API_VERSION
    assert js.version() == cli("--version").stdout.split()[-1]


@pytest.mark.parametrize("model", [m for m in js.models().index])
def test_sweep_default_grid_equals_cli(tmp_path, model):
    """Every model's default grid: the Dataset equals the CLI's HDF5 group bit for bit."""
    assert_same(js.sweep(model), cli_sweep(tmp_path, model))


# Grids of other shapes: axis ranges by range(), names, holds, sequences (the sequence dimension
# and its sequence_text coordinate), a frame limit.
GRIDS = [
    ("smb1", dict(vx=range(0, 41), env="air", hold=range(0, 41)),
     ["--axis", "vx=0:40", "--axis", "env=air", "--hold", "0:40"]),
    ("smw", dict(vx=48, jump=["spin"], hold=5), ["--axis", "vx=48", "--axis", "jump=spin",
                                                   "--hold", "5"]),
    ("smw", dict(vx=range(40, 64), jump=["normal", "spin"], spx=range(0, 16)),
     ["--axis", "vx=40:63", "--axis", "jump=normal:spin", "--axis", "spx=0:15"]),
    ("sotn", dict(seq=["J5", "J3.J", "J40"], leap="on"),
     ["--seq", "J5", "--seq", "J3.J", "--seq", "J40", "--axis", "leap=on"]),
    ("celeste", dict(dt="fna", hold="0:20", frames=64),
     ["--axis", "dt=fna", "--hold", "0:20", "--frames", "64"]),
]


@pytest.mark.parametrize("model,kw,args", GRIDS, ids=[f"{g[0]}-{i}" for i, g in enumerate(GRIDS)])
def test_sweep_grids_equal_cli(tmp_path, model, kw, args):
    assert_same(js.sweep(model, **kw), cli_sweep(tmp_path, model, *args))


def test_every_isa_path_same_bits():
    ref = js.sweep("sm64", isa="reference", threads=1)
    for isa in ("scalar", "sse4", "avx2", "avx512", "auto"):
        try:
            ds = js.sweep("sm64", isa=isa, threads=2)
        except ValueError as e:  # a path this CPU lacks: said so, one line
            assert "cannot run that path" in str(e)
            continue
        assert_same(ds, ref)


def test_trace_peaks_at_the_sweeps_rise():
    """The same jump through both front-end calls: trace's highest height_sub is the sweep's
    rise_sub, hold by hold (smb1 from a standstill)."""
    ds = js.sweep("smb1", vx=0, env="air", hold=range(1, 41))
    for h in (1, 5, 10, 20, 40):
        tr = js.trace("smb1", vx=0, env="air", hold=h)
        assert tr.height_sub.max() == int(ds.rise_sub.sel(vx=0, env="air", hold=h))


def test_netcdf_round_trip(tmp_path):
    """ds.to_netcdf writes what the CLI writes: read back, it is the same Dataset."""
    for model, kw in (("smw", {}), ("sotn", dict(seq=["J5", "J3.J"]))):
        ds = js.sweep(model, **kw)
        path = tmp_path / f"{model}.nc"
        ds.to_netcdf(path, group=model)
        with xr.open_dataset(path, group=model) as back:
            assert_same(back.load(), ds)


def test_trace_equals_cli():
    df = js.trace("celeste", dt="fna", seq="J12")
    text = cli("trace", "celeste", "--axis", "dt=fna", "--seq", "J12").stdout
    lines = text.splitlines()
    assert list(df.columns) == lines[1].split(",")
    assert len(df) == len(lines) - 2
    # every row prints back to the CLI's text, column by column
    for i, line in enumerate(lines[2:]):
        cells = line.split(",")
        assert int(df.frame[i]) == int(cells[0])
        assert df.input[i] == cells[1]
        assert int(df.height_sub[i]) == int(cells[2])
        assert df.flag_names[i] == cells[6]
    # (df.flags is pandas' own DataFrame.flags: the column is df["flags"])
    assert df["grounded"].dtype == bool and df["flags"].dtype == np.uint32
    assert df.attrs["units"]["height_sub"].startswith("1/")
    # --start settings
    st = js.trace("smb1", hold=10, start={"speed": 2})
    ref = cli("trace", "smb1", "--hold", "10", "--start", "speed=2").stdout.splitlines()
    assert len(st) == len(ref) - 2


def test_find_equals_cli():
    """The issue's question: 67 px in SMW at P-speed, normal jump: J9.33 (apex frame 20, airtime
    42), and the nearest rises of the spin jump (1071/16 and 1074/16 px)."""
    ds = js.find("smw", rise=67, vx="pspeed", jump="normal")
    best = ds.sel(answer="best").squeeze()
    assert str(best.witness.values) == "J9.33"
    assert int(best.apex_frame) == 20 and int(best.airtime) == 42
    q = cli("find", "smw", "--axis", "vx=pspeed", "--axis", "jump=normal", "--rise", "67",
            "-q").stdout.split()
    assert q[:3] == ["canonical", str(67 * 16), "J9.33"]
    spin = js.find("smw", rise=67, vx="pspeed", jump="spin").squeeze()
    assert not bool(spin.exact)
    assert int(spin.rise_sub.sel(answer="below")) == 1071
    assert int(spin.rise_sub.sel(answer="above")) == 1074
    c27 = js.find("celeste", rise=27, dt="fna").squeeze()
    assert str(c27.witness.sel(answer="best").values) == "J12.5J.17"


def test_reach_equals_cli(tmp_path):
    ds = js.reach("celeste", dt="fna")
    path = tmp_path / "r.h5"
    cli("reach", "celeste", "--axis", "dt=fna", "-q", "-o", str(path))
    with xr.open_dataset(path, group="celeste/reach") as ref:
        ref = ref.load()
    # the run's own measurements (time, bytes) differ from run to run; the sets do not
    timing = [v for v in ds.variables if v in ("seconds", "peak_bytes")]
    xr.testing.assert_identical(ds.drop_vars(timing), ref.drop_vars(timing))
    assert "J" in str(ds.witness_text.values[0])


def test_check_equals_cli():
    df = js.check(game="smb1")
    ref = json.loads(cli("check", "--game", "smb1", "--format", "json").stdout)
    assert list(df.claim.unique()) == [c["id"] for c in ref]
    assert (df.verdict == "pass").all()
    assert len(df) == sum(len(c["checks"]) for c in ref)
    one = js.check(claim="smb1/subpixel-gravity")
    assert set(one.claim) == {"smb1/subpixel-gravity"}


def test_models_table():
    t = js.models()
    assert len(t) == 22 and list(t.index[:3]) == ["smb1", "smw", "sm64"]
    m = js.model("smw")
    assert m.sub_per_unit == 16 and "vx" in m.axes.index
    assert list(m.axes.loc["jump", "names"]) == ["normal", "spin"]
    assert m.flags.set_index("name").loc["relaunch", "mask"] == 8


# Bad input: ValueError carrying the CLI's one-line message for the same arguments.
ERRORS = [
    (lambda: js.sweep("nope"), ["sweep", "nope", "-o", "/dev/null"]),
    (lambda: js.sweep("smb1", vx=999), ["sweep", "smb1", "--axis", "vx=999", "-o", "/dev/null"]),
    (lambda: js.sweep("smb1", speed=1), ["sweep", "smb1", "--axis", "speed=1", "-o", "/dev/null"]),
    (lambda: js.sweep("smb1", hold="5:2"), ["sweep", "smb1", "--hold", "5:2", "-o", "/dev/null"]),
    (lambda: js.sweep("smw", seq="JD"), ["sweep", "smw", "--seq", "JD", "-o", "/dev/null"]),
    (lambda: js.sweep("smb1", seq="J?"), ["sweep", "smb1", "--seq", "J?", "-o", "/dev/null"]),
    (lambda: js.sweep("smb1", hold=3, seq="J"),
     ["sweep", "smb1", "--hold", "3", "--seq", "J", "-o", "/dev/null"]),
    (lambda: js.trace("smb1", vx=range(0, 3)), ["trace", "smb1", "--axis", "vx=0:2"]),
    (lambda: js.trace("smb1", start={"nofield": 1}), ["trace", "smb1", "--start", "nofield=1"]),
    (lambda: js.find("smw", rise="x"), ["find", "smw", "--rise", "x"]),
    (lambda: js.find("smw", rise=67, airtime="0"), ["find", "smw", "--rise", "67", "--airtime", "0"]),
    (lambda: js.check(claim="smb1/none", claims=ROOT / "claims"),
     ["check", "--claim", "smb1/none", "--claims", str(ROOT / "claims")]),
    (lambda: js.check(game="none", claims=ROOT / "claims"),
     ["check", "--game", "none", "--claims", str(ROOT / "claims")]),
]


@pytest.mark.parametrize("call,args", ERRORS, ids=[" ".join(e[1][:2]) + str(i)
                                                   for i, e in enumerate(ERRORS)])
def test_errors_are_the_clis(call, args):
    p = cli(*args, ok=False)
    assert p.returncode == 2
    with pytest.raises(ValueError) as e:
        call()
    assert p.stderr.strip() == "jumpsweep: " + str(e.value)
    assert "\n" not in str(e.value)


def test_python_side_errors():
    with pytest.raises(ValueError) as e:
        js.model("nope")
    assert "jumpsweep: " + str(e.value) == cli("list", "nope", ok=False).stderr.strip()
    for call in (lambda: js.sweep("smb1", vx=[0, 2]), lambda: js.sweep("smb1", vx=range(0, 9, 2)),
                 lambda: js.sweep("smb1", vx=1.5), lambda: js.sweep("smb1", frames=0),
                 lambda: js.sweep("smw", jump=["spin", "normal"]),
                 lambda: js.sweep("smb1", threads=0), lambda: js.model("nope")):
        with pytest.raises(ValueError):
            call()
    with pytest.raises(js.JumpsweepError, match="cannot read"):
        js.sweep("smb1", seq_file="/nonexistent/seqs.txt")


def test_gil_released_during_a_sweep():
    """While C runs a sweep the interpreter's other threads keep running."""
    done = []
    t = threading.Thread(target=lambda: done.append(js.sweep("sm64", fwd=range(0, 1001),
                                                             hold=range(0, 21), threads=1)))
    spins = 0
    t.start()
    while t.is_alive():
        spins += 1
    t.join()
    assert done and spins > 1000


def test_finds_its_library_from_the_build_tree():
    """No environment variable: the package loads a libjumpsweep.so of this repository's build
    trees (build/, build-test/, build*/)."""
    env = {k: v for k, v in os.environ.items() if k != "JUMPSWEEP_LIB"}
    env["PYTHONPATH"] = str(ROOT / "python")
    p = subprocess.run(["/usr/bin/python3", "-W", "ignore", "-c",
                        "import jumpsweep; print(jumpsweep._lib.lib_path)"],
                       capture_output=True, text=True, env=env, cwd="/")
    assert p.returncode == 0, p.stderr
    path = Path(p.stdout.strip())
    assert path.exists() and ROOT in path.parents
