"""jumpsweep from Python: the engine the jumpsweep command runs, returning pandas and xarray objects.

    import jumpsweep as js
    js.models()                                   # the table `jumpsweep list` prints
    ds = js.sweep("smb1", vx=range(0, 41), env="air", hold=range(0, 41))
    ds.rise.sel(vx=16, hold=10)                   # px, exact (rise_sub in 1/256 px)
    js.trace("celeste", dt="fna", seq="J12")      # one jump, frame by frame
    js.find("smw", rise=67, vx="pspeed", jump="normal")
    js.reach("celeste", dt="fna")

Axes are keyword arguments named as in `jumpsweep list MODEL`: an int, a name ("air"), a range
with step 1, or a list of consecutive values.  Every function runs the same C code as the CLI
(libjumpsweep.so, docs/python.md), gives the same bits, and raises ValueError with the CLI's
one-line message on bad input.
"""
import io
import json
import os
import tempfile

import numpy as np
import pandas as pd
import xarray as xr

from . import _lib
from ._lib import JumpsweepError, ffi, lib

__all__ = ["models", "model", "sweep", "trace", "reach", "find", "check", "version",
           "JumpsweepError", "Model"]

__version__ = ffi.string(lib.jumpsweep_version()).decode()


def version():
    """The engine's version (the CLI's `jumpsweep --version`)."""
    return __version__


# ---- models ----

_MODELS = None


def _model_docs():
    global _MODELS
    if _MODELS is None:
        _MODELS = json.loads(_lib.take_string(lib.jumpsweep_models_json()))
    return _MODELS


class Model:
    """One model's metadata: what `jumpsweep list MODEL` prints.

    Attributes: id, game, platform, character, unit, sub_per_unit, fps, tile, frame, sources,
    notes, claims (list), default_hold, default_frames, character_height(_source), buttons
    (dict: sequence letter -> controller button), movie_formats, and the tables axes, flags,
    fields and rules (pandas DataFrames)."""

    def __init__(self, doc):
        for k, v in doc.items():
            if k not in ("axes", "flags", "fields", "rules"):
                setattr(self, k, v)
        self.axes = pd.DataFrame(doc["axes"], columns=[
            "name", "unit", "long_name", "min", "max", "default_lo", "default_hi", "names",
            "button", "values"]).set_index("name")
        self.flags = pd.DataFrame(doc["flags"], columns=["bit", "mask", "name", "description"])
        self.flags["mask"] = self.flags["mask"].astype(np.uint32)
        self.fields = pd.DataFrame(doc["fields"], columns=["name", "min", "max", "why",
                                                           "value_names"])
        self.rules = pd.DataFrame(doc["rules"], columns=["name", "what"])

    def __repr__(self):
        return (f"<jumpsweep.Model {self.id}: {self.game} ({self.platform}), {self.character}; "
                f"axes {', '.join(self.axes.index)}>")


def models():
    """Every model, one row each (the table `jumpsweep list` prints), indexed by id."""
    rows = []
    for d in _model_docs():
        rows.append({
            "id": d["id"], "game": d["game"], "platform": d["platform"],
            "character": d["character"], "unit": d["unit"], "sub_per_unit": d["sub_per_unit"],
            "fps": d["fps"], "axes": " ".join(a["name"] for a in d["axes"]),
            "default_hold": d["default_hold"], "default_frames": d["default_frames"],
            "buttons": " ".join(d["buttons"]), "movie_formats": d["movie_formats"],
            "claims": len(d["claims"]),
        })
    return pd.DataFrame(rows).set_index("id")


def model(id):
    """One model's metadata (Model): axes, units, flags, start fields, rules, sources."""
    return _model_of(id)


def _model_of(id):  # (find's argument `model` shadows model())
    for d in _model_docs():
        if d["id"] == id:
            return Model(d)
    known = " ".join(d["id"] for d in _model_docs())
    raise ValueError(f"unknown model '{id}' (models: {known})")


# ---- arguments in the CLI's words ----

def _axis_names(model_id, name):
    for d in _model_docs():
        if d["id"] == model_id:
            for a in d["axes"]:
                if a["name"] == name:
                    return a["names"]
    return []


def _values(model_id, name, v):
    """An axis value or range as the text of --axis NAME=...: "A", "A:B" or names."""
    if isinstance(v, (bool, np.bool_)):
        raise ValueError(f"--axis {name}: {v!r} is not an axis value")
    if isinstance(v, (int, np.integer, str)):
        return str(v)
    if isinstance(v, range):
        if v.step != 1 or len(v) == 0:
            raise ValueError(f"--axis {name}: {v!r}: a range of consecutive values (step 1, "
                             f"not empty) is needed")
        return f"{v.start}:{v.stop - 1}"
    if isinstance(v, (list, tuple, np.ndarray)):
        vals = list(v)
        if not vals:
            raise ValueError(f"--axis {name}: no values")
        if all(isinstance(x, (int, np.integer)) and not isinstance(x, bool) for x in vals):
            if vals != list(range(vals[0], vals[0] + len(vals))):
                raise ValueError(f"--axis {name}: {vals!r}: the engine sweeps consecutive values "
                                 f"(give range(a, b) and select from the result)")
            return f"{vals[0]}:{vals[-1]}"
        if all(isinstance(x, str) for x in vals):
            names = _axis_names(model_id, name)
            if len(vals) == 1 or not names:
                return str(vals[0]) if len(vals) == 1 else ",".join(vals)  # the engine says why
            idx = [names.index(x) if x in names else -1 for x in vals]
            if -1 in idx or idx != list(range(idx[0], idx[0] + len(idx))):
                raise ValueError(f"--axis {name}: {vals!r}: give consecutive names in the "
                                 f"axis' order ({', '.join(names)})")
            return f"{vals[0]}:{vals[-1]}"
    raise ValueError(f"--axis {name}: {v!r} is not an int, a name, a range or a list of them")


def _axis_args(model_id, axes):
    return _lib.CStrings([f"{k}={_values(model_id, k, v)}" for k, v in axes.items()])


def _hold(hold):
    if hold is None:
        return None
    if isinstance(hold, (int, np.integer)) and not isinstance(hold, bool):
        return str(hold)
    if isinstance(hold, range):
        if hold.step != 1 or len(hold) == 0:
            raise ValueError(f"--hold {hold!r}: a range of consecutive holds is needed")
        return f"{hold.start}:{hold.stop - 1}"
    if isinstance(hold, str):
        return hold
    raise ValueError(f"--hold {hold!r}: give an int, range(a, b) or 'A:B'")


def _frames(frames):
    if frames is None:
        return 0
    if isinstance(frames, bool) or not isinstance(frames, (int, np.integer)) or frames < 1:
        raise ValueError(f"--frames {frames!r}: must be 1..4096")
    return int(frames)


def _threads(threads):
    if threads is None:
        return 0
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1:
        raise ValueError(f"--threads {threads!r}: must be 1..1024")
    return int(threads)


# ---- sweep ----

_TYPES = {"str": str, "i32": np.int32, "i64": np.int64, "f64": np.float64}


def _attrs(pairs):
    out = {}
    for name, typ, value in pairs:
        if typ == "u32[]":
            out[name] = np.array(value, dtype=np.uint32)
        elif typ == "str[]":
            out[name] = list(value)
        else:
            out[name] = _TYPES[typ](value)
    return out


def _dataset(doc, arrays):
    coords = {}
    for c in doc["coords"]:
        dtype = object if c["dtype"] == "str" else np.dtype(c["dtype"])
        coords[c["name"]] = xr.Variable(tuple(c["dims"]), np.array(c["values"], dtype=dtype),
                                        _attrs(c["attrs"]))
    data = {v["name"]: xr.Variable(tuple(doc["dims"]), arrays[v["name"]], _attrs(v["attrs"]))
            for v in doc["vars"]}
    return xr.Dataset(data, coords=coords, attrs=_attrs(doc["attrs"]))


def sweep(model, *, hold=None, seq=None, seq_file=None, frames=None, isa="auto", threads=None,
          **axes):
    """Every combination of the axes with every hold (or input sequence), one lane each.

    model: a model id (models()).  hold: int, range(a, b) or "A:B" (default 0..the model's
    default hold); or seq: one --seq text or a list of them; or seq_file: a text file of
    sequences or an emulator movie.  frames: the frame limit.  isa: "auto", "scalar", "sse4",
    "avx2", "avx512" or "reference"; threads: OpenMP threads (default all).

    Returns an xarray.Dataset with the variables, coordinates, units and attributes of the HDF5
    group `jumpsweep sweep` writes (rise, rise_sub, apex_frame, airtime, flags over the axes and
    hold / sequence), so ds.to_netcdf(path, group=model) writes what the CLI writes.  The arrays
    are allocated here and filled by the engine in place."""
    if seq is not None and isinstance(seq, str):
        seq = [seq]
    seqs = _lib.CStrings(list(seq) if seq is not None else [])
    args = _axis_args(model, axes)
    err = _lib.err_buffer()
    out = ffi.new("jumpsweep_grid **")
    hold_c = _lib.cstr(_hold(hold))
    _lib.check(lib.jumpsweep_grid_new(_lib.cstr(model), args.ptr, args.n, hold_c, seqs.ptr,
                                      seqs.n, _lib.cstr(seq_file), _frames(frames), out, err,
                                      len(err)), err)
    grid = ffi.gc(out[0], lib.jumpsweep_grid_free)
    doc = json.loads(_lib.take_string(lib.jumpsweep_grid_json(grid)))
    shape = tuple(doc["shape"])
    arrays = {v["name"]: np.empty(shape, dtype=np.dtype(v["dtype"])) for v in doc["vars"]}

    def ptr(name, ctype):
        return ffi.cast(ctype, ffi.from_buffer(arrays[name]))

    _lib.check(lib.jumpsweep_sweep(grid, _lib.cstr(isa), _threads(threads),
                                   ptr("rise_sub", "int64_t *"), ptr("rise", "double *"),
                                   ptr("apex_frame", "int32_t *"), ptr("airtime", "int32_t *"),
                                   ptr("flags", "uint32_t *"), err, len(err)), err)
    return _dataset(doc, arrays)


# ---- trace ----

def trace(model, *, hold=None, seq=None, seq_file=None, start=None, frames=None, **axes):
    """One jump frame by frame (`jumpsweep trace`): a pandas DataFrame with the columns frame,
    input (a --seq item), height_sub, height, grounded, flags, flag_names and the model's own
    state columns, one row per frame through the landing.  Axes take one value each; hold one
    hold (default: held throughout) or seq one sequence; start: {"field": value} settings of
    the start state (`jumpsweep list MODEL` names the fields).  df.attrs["units"] maps each
    column to its unit."""
    args = _axis_args(model, axes)
    starts = _lib.CStrings([f"{k}={v}" for k, v in (start or {}).items()])
    err = _lib.err_buffer()
    out = ffi.new("char **")
    _lib.check(lib.jumpsweep_trace_csv(_lib.cstr(model), args.ptr, args.n, _lib.cstr(_hold(hold)),
                                       _lib.cstr(seq), _lib.cstr(seq_file), starts.ptr, starts.n,
                                       _frames(frames), out, err, len(err)), err)
    text = _lib.take_string(out[0])
    first, _, body = text.partition("\n")
    units = {}
    for item in first[len("# units: "):].split("; "):
        col, _, unit = item.partition(": ")
        units[col] = unit
    df = pd.read_csv(io.StringIO(body), dtype={"input": str, "flag_names": str},
                     keep_default_na=False)
    df["grounded"] = df["grounded"].astype(bool)
    df["flags"] = df["flags"].astype(np.uint32)
    df.attrs["units"] = units
    df.attrs["model"] = model
    return df


# ---- reach and find ----

def _budget(max_memory):
    if max_memory is None:
        return None
    if isinstance(max_memory, (int, np.integer)) and not isinstance(max_memory, bool):
        return str(int(max_memory))
    return str(max_memory)


def reach(model, *, frames=None, max_memory=None, max_states=0, canonical=False, threads=None,
          **axes):
    """Every reachable apex (`jumpsweep reach`): for each start condition (the model's non-input
    axes) every distinct rise over all input sequences, with its airtime and apex-frame ranges
    and a witness sequence.  Returns the xarray.Dataset of the HDF5 group /MODEL/reach (the
    variables of docs/reach.md; witness_text holds the witnesses as strings, indexed by
    witness_index).  ds.attrs["complete"] is 0 when a budget (max_memory: bytes or "4G";
    max_states: nodes) cut a set short; such sets are marked in ds.complete."""
    args = _axis_args(model, axes)
    err = _lib.err_buffer()
    incomplete = ffi.new("int *")
    with tempfile.TemporaryDirectory(prefix="jumpsweep-") as tmp:
        path = os.path.join(tmp, "reach.h5")
        _lib.check(lib.jumpsweep_reach_h5(_lib.cstr(model), args.ptr, args.n, _frames(frames),
                                          _lib.cstr(_budget(max_memory)), int(max_states),
                                          int(bool(canonical)), _threads(threads),
                                          path.encode(), incomplete, err, len(err)), err)
        with xr.open_dataset(path, group=f"{model}/reach") as ds:
            ds = ds.load()
    return ds


_ANSWERS = ("best", "shortest", "longest", "below", "above")


def find(model, *, rise=None, rise_sub=None, highest=False, apex_frame=None, airtime=None,
         frames=None, max_memory=None, max_states=0, threads=None, **axes):
    """The input for a rise (`jumpsweep find`): per start condition, the canonical witness of the
    rise (the fewest button-frames held, then presses, then first), the canonical witnesses of
    its shortest and longest airtime, or, when no sequence gives it, the nearest rises below and
    above.  rise: a length in the model's unit (67, 27.5, "67.01"); or rise_sub: sub-units; or
    highest=True.  apex_frame, airtime: F or (F, G) or "F:G".

    Returns an xarray.Dataset over the start axes and answer = best, shortest, longest, below,
    above, with witness (the --seq text, "" where none), found, rise, rise_sub, apex_frame,
    airtime, held, presses, proven; and exact and complete over the start axes."""
    def window(v, what):
        if v is None:
            return None
        if isinstance(v, (tuple, list)):
            if len(v) != 2:
                raise ValueError(f"{what} {v!r}: give F or (F, G)")
            return f"{v[0]}:{v[1]}"
        return str(v)

    if rise is not None and not isinstance(rise, str):
        rise = repr(float(rise)) if isinstance(rise, float) else str(rise)
    args = _axis_args(model, axes)
    err = _lib.err_buffer()
    out = ffi.new("char **")
    _lib.check(lib.jumpsweep_find_json(
        _lib.cstr(model), args.ptr, args.n, _lib.cstr(rise),
        _lib.cstr(None if rise_sub is None else int(rise_sub)), int(bool(highest)),
        _lib.cstr(window(apex_frame, "--apex-frame")), _lib.cstr(window(airtime, "--airtime")),
        _frames(frames), _lib.cstr(_budget(max_memory)), int(max_states), _threads(threads),
        out, err, len(err)), err)
    rows = json.loads(_lib.take_string(out[0]))
    m = _model_of(model)
    start_axes = [a for a, r in m.axes.iterrows() if r["button"] is None]
    # the start conditions' coordinates, in C order over the start axes
    coords = {}
    for a in start_axes:
        seen = []
        for r in rows:
            if r["start"][a] not in seen:
                seen.append(r["start"][a])
        coords[a] = seen
    shape = tuple(len(coords[a]) for a in start_axes)
    n_ans = len(_ANSWERS)
    fields = {"rise_sub": (np.int64, 0), "rise": (np.float64, np.nan),
              "apex_frame": (np.int32, -1), "airtime": (np.int32, 0), "held": (np.int32, -1),
              "presses": (np.int32, -1), "proven": (bool, False), "frames": (np.int32, 0)}
    data = {k: np.full(shape + (n_ans,), fill, dtype=dt) for k, (dt, fill) in fields.items()}
    witness = np.full(shape + (n_ans,), "", dtype=object)
    found = np.zeros(shape + (n_ans,), dtype=bool)
    exact = np.zeros(shape, dtype=bool)
    complete = np.zeros(shape, dtype=bool)
    for r in rows:
        idx = tuple(coords[a].index(r["start"][a]) for a in start_axes)
        exact[idx] = r["exact"]
        complete[idx] = r["complete"]
        for k, name in enumerate(_ANSWERS):
            w = r[name]
            if w is None:
                continue
            found[idx + (k,)] = True
            witness[idx + (k,)] = w["witness"]
            for f in fields:
                data[f][idx + (k,)] = w[f]
    dims = tuple(start_axes) + ("answer",)
    unit = m.unit
    attrs_of = {
        "rise": {"units": unit, "long_name": "the rise of the answer"},
        "rise_sub": {"units": f"1/{m.sub_per_unit} {unit}" if m.sub_per_unit != 1 else unit,
                     "long_name": "the rise of the answer (exact)"},
        "apex_frame": {"units": "frames", "long_name": "first frame at the apex"},
        "airtime": {"units": "frames", "long_name": "frames from take-off through the landing "
                                                     "frame (0: in the air at the frame limit)"},
        "held": {"units": "frames", "long_name": "button-frames held"},
        "presses": {"units": "1", "long_name": "presses (a button going down)"},
        "proven": {"long_name": "canonical proven (False: ends in a settled state's constant "
                                "input)"},
        "frames": {"units": "frames", "long_name": "length of the witness"},
    }
    ds = xr.Dataset(
        {**{k: (dims, v, attrs_of[k]) for k, v in data.items()},
         "witness": (dims, witness, {"long_name": "input sequence in --seq form (jumpsweep trace "
                                                  "MODEL --seq TEXT replays it)"}),
         "found": (dims, found, {"long_name": "this answer exists"}),
         "exact": (tuple(start_axes), exact, {"long_name": "some sequence gives the rise asked"}),
         "complete": (tuple(start_axes), complete,
                      {"long_name": "the search covered every sequence (no budget cut)"})},
        coords={**{a: coords[a] for a in start_axes}, "answer": list(_ANSWERS)},
        attrs={"model": model, "unit": unit, "sub_per_unit": m.sub_per_unit,
               "question": (f"rise {rise}" if rise is not None else
                            f"rise_sub {rise_sub}" if rise_sub is not None else "highest")})
    return ds


from ._check import check  # noqa: E402  (needs the helpers above)
