#!/usr/bin/env python3
"""notebooks/build_notebooks.py - writes the notebooks of this folder from the cells below.

The .ipynb files are committed unexecuted; scripts/notebooks.sh (and the test) executes them
headless on a fresh `jumpsweep map` file.  Edit the cells here, then run this script
(/usr/bin/python3, Debian's python3-nbformat) to regenerate them."""
import os
import nbformat as nbf

HERE = os.path.dirname(os.path.abspath(__file__))

SETUP = r'''
# Inputs: the atlas written by `jumpsweep map` and where the PNG figures go.
import os, math
import numpy as np
import h5py
import xarray as xr
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

ATLAS = os.environ.get("JS_ATLAS", "../atlas.h5")
FIGDIR = os.environ.get("JS_FIGDIR", "figures")
os.makedirs(FIGDIR, exist_ok=True)
with h5py.File(ATLAS, "r") as f:
    MODELS = [k for k in f.keys() if isinstance(f[k], h5py.Group) and "rise" in f[k]]
    ROOT = {k: (v.decode() if isinstance(v, bytes) else v) for k, v in f.attrs.items()}
print("atlas:", ATLAS, "| written by:", ROOT.get("command"), "| version", ROOT.get("version"),
      "| lane path", ROOT.get("isa"))
print("models:", ", ".join(MODELS))

def open_model(m):
    return xr.open_dataset(ATLAS, group=m)

def save(fig, name):
    path = os.path.join(FIGDIR, name + ".png")
    fig.savefig(path, dpi=110, bbox_inches="tight")
    print("wrote", path)

def start_conditions(da, per_axis=4, limit=16):
    """Start conditions to draw one curve each: every value of a named axis, up to `per_axis`
    evenly spread values of a numeric one (first and last included), at most `limit` in all."""
    dims = [d for d in da.dims if d not in ("hold", "sequence")]
    idx = [dict()]
    for d in dims:
        vals = list(da[d].values)
        if da[d].dtype.kind in "iuf" and len(vals) > per_axis:
            vals = [vals[round(k * (len(vals) - 1) / (per_axis - 1))] for k in range(per_axis)]
        idx = [dict(i, **{d: v}) for i in idx for v in vals]
    return idx[:limit]

def label(sel):
    return ", ".join(f"{k}={v}" for k, v in sel.items()) or "default"
'''

PER_GAME = [
    ("md", "# Per game: rise and airtime against frames held\n\n"
           "For every model in the atlas: the rise at the apex and the airtime against the number of "
           "frames the jump button is held (frame 0 is the press), one curve per start condition "
           "(start speed, environment, ...), then a heatmap of the rise over (hold × the first swept "
           "axis). Rises are in each game's own unit (`units` attribute), airtimes in the game's "
           "frames (`fps` attribute: frames per second)."),
    ("code", SETUP),
    ("code", r'''
for m in MODELS:
    ds = open_model(m)
    if "hold" not in ds.dims:
        continue
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, 4))
    for sel in start_conditions(ds.rise):
        took = (ds.flags.sel(sel) & 1) == 0          # bit 0: no_takeoff
        a1.plot(ds.hold, ds.rise.sel(sel).where(took), marker=".", label=label(sel))
        a2.plot(ds.hold, ds.airtime.sel(sel).where(took), marker=".", label=label(sel))
    a1.set(xlabel="frames held", ylabel=f"rise ({ds.rise.attrs.get('units')})",
           title=f"{m}: {ds.attrs.get('game')} — rise")
    a2.set(xlabel="frames held", ylabel="airtime (frames)",
           title=f"{m}: airtime at {float(ds.attrs.get('fps')):.4g} frames/s")
    a2.legend(fontsize=7, loc="lower right")
    save(fig, f"{m}_rise_airtime")
    plt.close(fig)
'''),
    ("code", r'''
for m in MODELS:
    ds = open_model(m)
    if "hold" not in ds.dims:
        continue
    axes = [d for d in ds.rise.dims if d != "hold" and ds.sizes[d] > 1]
    if not axes:
        continue
    x = axes[0]
    rest = {d: ds[d].values[0] for d in ds.rise.dims if d not in ("hold", x)}
    r = ds.rise.sel(rest)
    fig, ax = plt.subplots(figsize=(7, 4))
    im = ax.pcolormesh(ds.hold, np.arange(ds.sizes[x]), r.transpose(x, "hold"), shading="nearest")
    ax.set_yticks(np.arange(ds.sizes[x])[:: max(1, ds.sizes[x] // 10)])
    ax.set_yticklabels([str(v) for v in ds[x].values][:: max(1, ds.sizes[x] // 10)])
    ax.set(xlabel="frames held", ylabel=f"{x} ({ds[x].attrs.get('units', '')})",
           title=f"{m}: rise over hold × {x}" + (f" ({label(rest)})" if rest else ""))
    fig.colorbar(im, ax=ax, label=f"rise ({ds.rise.attrs.get('units')})")
    save(fig, f"{m}_rise_heatmap")
    plt.close(fig)
'''),
    ("code", r'''
# The reachable apex set (every jump-button sequence, `jumpsweep reach`) against the hold-only
# curve, for models whose atlas group has a reach/ subgroup.
with h5py.File(ATLAS, "r") as f:
    REACH = [m for m in MODELS if "reach" in f[m]]
print("models with reachable sets:", ", ".join(REACH) or "none")
for m in REACH:
    with h5py.File(ATLAS, "r") as f:
        g = f[m]["reach"]
        rises = g["rise"][...] if "rise" in g else None
        sub = float(f[m].attrs["sub_per_unit"])
        unit = f[m].attrs["unit"]
        unit = unit.decode() if isinstance(unit, bytes) else unit
    if rises is None:
        continue
    ds = open_model(m)
    hold_rises = np.unique(ds.rise.values[(ds.flags.values & 1) == 0])
    fig, ax = plt.subplots(figsize=(8, 2.6))
    ax.eventplot([np.asarray(rises, dtype=float).ravel() / sub, hold_rises], colors=["C0", "C3"],
                 lineoffsets=[1, 0], linelengths=0.8)
    ax.set_yticks([0, 1]); ax.set_yticklabels(["hold-only", "reachable"])
    ax.set(xlabel=f"rise ({unit})", title=f"{m}: {len(np.unique(rises))} reachable rises vs "
           f"{len(hold_rises)} from holds")
    save(fig, f"{m}_reach_vs_hold")
    plt.close(fig)
'''),
    ("md", "## Computed on the spot: the Python package\n\n"
           "The atlas answers what `jumpsweep map` swept. A new question does not need a round trip "
           "through the shell: `import jumpsweep` runs the same engine in this process and returns "
           "xarray and pandas objects (docs/python.md). Here: SMW's rise over every take-off speed "
           "× frames held, normal against spin jump, and the canonical input for a 67 px jump at "
           "P-speed."),
    ("code", r'''
import sys
sys.path.insert(0, os.environ.get("JS_PYTHON", "../python"))
import jumpsweep as js

live = js.sweep("smw", vx=range(0, 64), jump=["normal", "spin"], hold=range(0, 41))
fig, axs = plt.subplots(1, 2, figsize=(12, 4), sharey=True)
for ax, jump in zip(axs, live.jump.values):
    r = live.rise.sel(jump=jump).squeeze()
    im = ax.pcolormesh(live.hold, live.vx, r.transpose("vx", "hold"), shading="nearest")
    ax.set(xlabel="frames held", title=f"smw {jump} jump: rise ({live.rise.attrs['units']})")
axs[0].set_ylabel(f"vx ({live.vx.attrs['units']})")
fig.colorbar(im, ax=axs, label="rise (px)")
save(fig, "smw_rise_live")
plt.close(fig)

answer = js.find("smw", rise=67, vx="pspeed", jump="normal").squeeze()
answer[["witness", "apex_frame", "airtime", "held", "presses"]].to_dataframe()
'''),
]

ACROSS = [
    ("md", "# Across games: rise and airtime side by side\n\n"
           "Each game's full jump (the longest hold of its default grid, first start condition) in "
           "its own unit and frames, then normalised: rises in tiles (16 px on the NES and Genesis, "
           "8 px in Celeste and Sonic Advance 2: the `tile` attribute where a model gives one), "
           "rises in character heights (the `character_height` attribute, with its source in "
           "`character_height_source`: small Mario's 16 px, Sonic's 38 px, Madeline's 11 px, "
           "Samus's 30 px (NES) and 31 px (GBA), Alucard's 46 px, Mario's 160 units in Super "
           "Mario 64 and Sunshine, Banjo's 115 units; the 3D games have no tiles) and "
           "airtimes in seconds (frames / `fps`), with each game's frame rate written out. Tiles "
           "differ in size between games (an 8 px tile makes a jump look twice as high as the "
           "same jump in 16 px tiles), so the character heights are the fairer yardstick; every "
           "model has one (a model without would be left out of that panel)."),
    ("code", SETUP),
    ("code", r'''
rows = []
for m in MODELS:
    ds = open_model(m)
    if "hold" not in ds.dims:
        continue
    first = {d: ds[d].values[0] for d in ds.rise.dims if d != "hold"}
    r = ds.rise.sel(first)
    a = ds.airtime.sel(first)
    fps = float(ds.attrs.get("fps"))
    unit = ds.rise.attrs.get("units")
    tile = float(ds.attrs.get("tile", 0.0))   # one level tile in the model's unit (0: none)
    height = float(ds.attrs.get("character_height", 0.0))  # the character's height (0: none)
    rows.append(dict(model=m, game=ds.attrs.get("game"), unit=unit, fps=fps, tile=tile,
                     height=height, height_source=ds.attrs.get("character_height_source", ""),
                     tap=float(r.sel(hold=1)) if 1 in ds.hold else float("nan"),
                     full=float(r.max()), air_full=int(a.where(r == r.max()).max()),
                     air_tap=int(a.sel(hold=1)) if 1 in ds.hold else 0))
for row in rows:
    heights = f"{row['full'] / row['height']:5.2f} heights" if row["height"] > 0 else "   no height"
    print(f"{row['model']:8s} {row['game']:28s} full rise {row['full']:9.3f} {row['unit']:10s} "
          f"= {heights}  airtime {row['air_full']:4d} frames @ {row['fps']:.4g}/s = "
          f"{row['air_full']/row['fps']:.3f} s")
print()
for row in rows:
    if row["height"] > 0:
        print(f"{row['model']:8s} height {row['height']:g} {row['unit']}: {row['height_source']}")
'''),
    ("code", r'''
fig, axs = plt.subplots(1, 4, figsize=(20, 0.45 * len(rows) + 1.5), sharey=True)
names = [f"{r['model']} ({r['fps']:.4g} fps)" for r in rows]
y = np.arange(len(rows))
def bars(ax, tap, full, title, xlabel):
    ax.barh(y - 0.2, tap, 0.4, label="tap (hold 1)")
    ax.barh(y + 0.2, full, 0.4, label="full hold")
    ax.set(title=title, xlabel=xlabel)
    ax.legend(fontsize=8, loc="lower right")
bars(axs[0], [r["tap"] for r in rows], [r["full"] for r in rows], "rise in each game's unit",
     "rise (px; sm64: world units)")
bars(axs[1], [r["tap"] / r["tile"] if r["tile"] > 0 else np.nan for r in rows],
     [r["full"] / r["tile"] if r["tile"] > 0 else np.nan for r in rows],
     "rise in level tiles", "tiles (tile attribute; none for sm64)")
bars(axs[2], [r["tap"] / r["height"] if r["height"] > 0 else np.nan for r in rows],
     [r["full"] / r["height"] if r["height"] > 0 else np.nan for r in rows],
     "rise in character heights", "character heights (character_height attribute)")
bars(axs[3], [r["air_tap"] / r["fps"] for r in rows], [r["air_full"] / r["fps"] for r in rows],
     "airtime in seconds", "frames / fps")
axs[0].set_yticks(y); axs[0].set_yticklabels(names, fontsize=9); axs[0].invert_yaxis()
save(fig, "across_games")
plt.close(fig)
'''),
]

BENCH = [
    ("md", "# The step core's speed\n\n"
           "Lane-steps per second (frames of jumps from take-off to landing) per model, per path "
           "(the scalar reference and the lane kernel on each ISA) and thread count, from "
           "`jsbench --csv` (default: the committed measurement `bench/results.csv`; set JS_BENCH to "
           "read another)."),
    ("code", r'''
import os, csv
import numpy as np
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
BENCH = os.environ.get("JS_BENCH", "../bench/results.csv")
FIGDIR = os.environ.get("JS_FIGDIR", "figures")
os.makedirs(FIGDIR, exist_ok=True)
rows = list(csv.DictReader(open(BENCH)))
models = list(dict.fromkeys(r["model"] for r in rows))
paths = list(dict.fromkeys(r["path"] for r in rows))
threads = sorted({int(r["threads"]) for r in rows})
print(len(rows), "measurements;", "models:", models, "paths:", paths, "threads:", threads)
'''),
    ("code", r'''
fig, axs = plt.subplots(1, len(threads), figsize=(6 * len(threads), 4), squeeze=False)
for ax, t in zip(axs[0], threads):
    x = np.arange(len(models))
    w = 0.8 / len(paths)
    for k, p in enumerate(paths):
        v = [next((float(r["lane_steps_per_s"]) for r in rows if r["model"] == m and r["path"] == p
                   and int(r["threads"]) == t), np.nan) for m in models]
        ax.bar(x + (k - (len(paths) - 1) / 2) * w, v, w, label=p)
    ax.set_yscale("log")
    ax.set_xticks(x); ax.set_xticklabels(models)
    ax.set(title=f"{t} thread(s)", ylabel="lane-steps per second")
    ax.legend(fontsize=8)
fig.savefig(os.path.join(FIGDIR, "bench_lane_steps.png"), dpi=110, bbox_inches="tight")
print("wrote", os.path.join(FIGDIR, "bench_lane_steps.png"))
'''),
]


def write(name, cells):
    nb = nbf.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    for kind, src in cells:
        src = src.strip("\n")
        nb.cells.append(nbf.v4.new_markdown_cell(src) if kind == "md" else nbf.v4.new_code_cell(src))
    nbf.write(nb, os.path.join(HERE, name))


if __name__ == "__main__":
    write("per_game.ipynb", PER_GAME)
    write("across_games.ipynb", ACROSS)
    write("bench.ipynb", BENCH)
