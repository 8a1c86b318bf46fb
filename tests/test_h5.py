#!/usr/bin/python3
"""tests/test_h5.py - the HDF5 files `jumpsweep sweep` writes, read back with h5py and xarray.

Usage: /usr/bin/python3 tests/test_h5.py [PATH/TO/jumpsweep]   (or $JS_BIN)

Run it with Debian's /usr/bin/python3 (python3-h5py, python3-numpy, python3-xarray, and for
xarray python3-netcdf4 and/or python3-h5netcdf), not a pyenv python without those packages.

What it checks:
  - the layout (sweep/engine/h5.c): root attributes, the model group's attributes, one dimension scale
    per axis and for the pattern, attached to every dimension of every data variable, units and
    long_name, dtypes, chunking + shuffle + deflate 4, no _FillValue;
  - xarray opens the group (every installed engine) with the right dims and coordinates;
  - values: SMB1 rows 0-1 (vx 0..15, air) for every hold 0..40 against an independent byte-level
    re-implementation of the jump written here from docs/models.md (not from kernels/smb1.c);
    Celeste's seed figures (seeds/004, "Simulating the jump code": apex 7 px tapped / 27 px held,
    airtimes 15 / 39 updates with the (float)0.0166667 step; 29 px held with an exact 1/60 step);
  - a sequence grid (--seq): the `sequence` scale and `sequence_text` coordinate;
  - reach (`jumpsweep reach`, `map`): the <model>/reach group -- start-condition scales, the
    rise_sub scale, dense per-rise variables, the witness dimension -- against the reachable set
    of SMB1 rows 0-1 derived here (only the first release matters, so it is the holds' set, from
    the independent smb1_air_jump), every witness replayed through `jumpsweep trace --seq`, a
    budget overflow (exit 3, marked incomplete), and map's reach groups for every model (each
    hold lane's rise is in its start condition's reachable set);
  - failure handling: an unwritable path exits 1 with a one-line message and leaves nothing,
    and no temporary file is left beside a finished output.
"""
import os
import shutil
import subprocess
import sys
import tempfile

try:
    import h5py
    import numpy as np
    import xarray as xr
except ImportError as e:  # a python without the Debian packages
    sys.exit(f"test_h5.py: {e}; run it with /usr/bin/python3 (python3-h5py, python3-xarray)")

PASSED = 0
FAILED = 0


def check(cond, what):
    global PASSED, FAILED
    if cond:
        PASSED += 1
    else:
        FAILED += 1
        print(f"FAIL: {what}", file=sys.stderr)
    return cond


def check_eq(got, want, what):
    return check(got == want, f"{what}: got {got!r}, expected {want!r}")


def attr_str(obj, name):
    v = obj.attrs.get(name)
    if isinstance(v, bytes):
        v = v.decode()
    return v


# ---- SMB1, independently: docs/models.md "smb1", byte by byte as ImposeGravity does it. ----
#
# Rows 0,1 (|X speed| < $10): PlayerYSpdData $FC.00, JumpMForceData $20, FallMForceData $70
# (seed claims 21, 22).  Take-off (InitJS) on a new A press on the ground: YMF_Dummy and MoveForce
# cleared, origin := Y, speed := $FC.00, force := $20.  Every airborne frame, the press frame
# included: the gravity switch (JumpSwimSub: speed >= 0 -> fall force; else A held now and last
# frame -> keep; else (origin - Y) mod 256 >= DiffToHaltJump (1) -> fall force), then
# ImposeGravity (fraction += MoveForce with carry; Y += speed + carry with the sign-extended high
# byte; MoveForce += force with carry into speed; clamp when speed - 4 has bit 7 clear and
# MoveForce >= $80 -> 4.00), then landing (speed not negative and Y back at or below the origin:
# LandPlyr snaps Y_Position to the tile, keeps YMF_Dummy).  Mario stands at Y = $01B0 (the
# model's notes), a tile boundary.  Rise in 1/256 px = origin - Y (24-bit, fraction included).

def smb1_air_jump(hold, n_frames=256):
    """(rise_sub, apex_frame, airtime) of a jump held on frames 0..hold-1, rows 0-1."""
    SPEED, JUMP_FORCE, FALL_FORCE = 0xFC, 0x20, 0x70
    y_high, y_pos, frac = 0x01, 0xB0, 0
    speed = moveforce = force = 0
    origin_high = origin_pos = 0
    airborne = took_off = False
    prev_a = False
    rise = apex = airtime = 0
    for f in range(n_frames):
        a = f < hold
        if a and not prev_a and not airborne and not took_off:  # CheckForJumping -> InitJS
            frac = moveforce = 0
            origin_high, origin_pos = y_high, y_pos
            speed, force = SPEED, JUMP_FORCE
            airborne = took_off = True
        if airborne:
            # JumpSwimSub: the one-way gravity switch
            if not speed & 0x80:
                force = FALL_FORCE
            elif not (a and prev_a) and ((origin_pos - y_pos) & 0xFF) >= 1:
                force = FALL_FORCE
            # ImposeGravity, byte by byte
            t = frac + moveforce
            frac, c = t & 0xFF, t >> 8
            ext = 0xFF if speed & 0x80 else 0x00
            t = y_pos + speed + c
            y_pos, c = t & 0xFF, t >> 8
            y_high = (y_high + ext + c) & 0xFF
            t = moveforce + force
            moveforce, c = t & 0xFF, t >> 8
            speed = (speed + c) & 0xFF
            if not ((speed - 4) & 0x80) and moveforce >= 0x80:
                speed, moveforce = 4, 0
            # PlayerBGCollision -> LandPlyr
            landed = not speed & 0x80 and (y_high << 8 | y_pos) >= (origin_high << 8 | origin_pos)
            if landed:
                y_pos &= 0xF0
                speed = moveforce = 0
                airborne = False
            height = (origin_high << 16 | origin_pos << 8) - (y_high << 16 | y_pos << 8 | frac)
            if height > rise:
                rise, apex = height, f
            if landed:
                airtime = f + 1
                break
        prev_a = a
    return rise, apex, airtime


# ---- helpers ----

def run(js_bin, args, expect_rc=0):
    p = subprocess.run([js_bin] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=600)
    ok = check(p.returncode == expect_rc,
               f"jumpsweep {' '.join(args)}: exit {p.returncode}, expected {expect_rc}; "
               f"stderr: {p.stderr.strip()}")
    return p, ok


def engines():
    """xarray engines installed here (netcdf4 and/or h5netcdf)."""
    found = []
    for mod, eng in (("netCDF4", "netcdf4"), ("h5netcdf", "h5netcdf")):
        try:
            __import__(mod)
            found.append(eng)
        except ImportError:
            pass
    return found


DATA_VARS = {  # name -> (dtype, units or None = model-dependent)
    "rise": ("float64", None),
    "rise_sub": ("int64", None),
    "apex_frame": ("int32", "frames"),
    "airtime": ("int32", "frames"),
    "flags": ("uint32", "1"),
}


def check_layout(path, model, dims, command_word, tmpdir):
    """The schema of sweep/engine/h5.c in `path`, group `model`, expected dims [(name, len)]."""
    f = h5py.File(path, "r")
    # root attributes
    check_eq(attr_str(f, "created_by"), "jumpsweep", "root created_by")
    check(attr_str(f, "version") not in (None, ""), "root version present")
    cmd = attr_str(f, "command") or ""
    check("sweep" in cmd and model in cmd and command_word in cmd, f"root command: {cmd!r}")
    check(attr_str(f, "isa") in ("scalar", "sse4", "avx2", "avx512", "reference"),
          f"root isa: {attr_str(f, 'isa')!r}")
    check(model in f and isinstance(f[model], h5py.Group), f"group /{model}")
    g = f[model]
    # group attributes
    for name in ("game", "platform", "character", "unit", "frame", "sources", "notes", "claims",
                 "pattern", "flag_meanings"):
        check(isinstance(attr_str(g, name), str), f"/{model} attribute {name} is a string")
    check(int(g.attrs["sub_per_unit"]) >= 1, f"/{model} sub_per_unit")
    check(float(g.attrs["fps"]) > 0, f"/{model} fps")
    check(int(g.attrs["n_frames"]) >= 1, f"/{model} n_frames")
    check_eq(attr_str(g, "pattern"), "hold", f"/{model} pattern")
    check(all(c.startswith(model + "/") for c in attr_str(g, "claims").split(",")),
          f"/{model} claims are {model}/... ids: {attr_str(g, 'claims')!r}")
    masks = [int(m) for m in g.attrs["flag_masks"]]
    names = [n.decode() if isinstance(n, bytes) else str(n) for n in g.attrs["flag_names"]]
    check_eq(len(masks), len(names), f"/{model} flag_masks vs flag_names")
    want = " ".join(f"bit{m.bit_length() - 1}={n}" for m, n in zip(masks, names))
    check_eq(attr_str(g, "flag_meanings"), want, f"/{model} flag_meanings")
    check(masks[:3] == [1, 2, 4] and names[:3] == ["no_takeoff", "not_landed", "below_start"],
          f"/{model} common flags: {list(zip(masks, names))[:3]}")
    # one sentence per named bit, in flag_names order (model.h JS_FLAG_WHAT_* for bits 0..3)
    what = [d.decode() if isinstance(d, bytes) else str(d) for d in g.attrs["flag_descriptions"]]
    check_eq(len(what), len(names), f"/{model} flag_descriptions vs flag_names")
    check(all(d.endswith(".") and len(d) > 20 for d in what),
          f"/{model} flag_descriptions are sentences: {what}")
    check_eq(what[0], "The character never left the ground within the frame limit.",
             f"/{model} flag_descriptions[0] (JS_FLAG_WHAT_NO_TAKEOFF)")
    check(float(g.attrs["character_height"]) >= 0, f"/{model} character_height")
    check(isinstance(attr_str(g, "character_height_source"), str),
          f"/{model} character_height_source")
    unit, spu = attr_str(g, "unit"), int(g.attrs["sub_per_unit"])

    # dimension scales
    for i, (dname, dlen) in enumerate(dims):
        check(dname in g, f"/{model}/{dname} scale exists")
        s = g[dname]
        check(h5py.h5ds.is_scale(s.id), f"/{model}/{dname} is a dimension scale")
        check_eq(s.shape, (dlen,), f"/{model}/{dname} shape")
        check_eq(attr_str(s, "NAME"), dname, f"/{model}/{dname} NAME")
        check(isinstance(attr_str(s, "long_name"), str), f"/{model}/{dname} long_name")
        if s.dtype.kind != "O":
            check(isinstance(attr_str(s, "units"), str), f"/{model}/{dname} units")
    check_eq(attr_str(g["hold"], "units"), "frames", f"/{model}/hold units")

    # data variables
    shape = tuple(n for _, n in dims)
    for name, (dtype, units) in DATA_VARS.items():
        check(name in g, f"/{model}/{name} exists")
        d = g[name]
        check_eq(str(d.dtype), dtype, f"/{model}/{name} dtype")
        check_eq(d.shape, shape, f"/{model}/{name} shape")
        if units is None:
            units = unit if name == "rise" else (f"1/{spu} {unit}" if spu != 1 else unit)
        check_eq(attr_str(d, "units"), units, f"/{model}/{name} units")
        check(isinstance(attr_str(d, "long_name"), str), f"/{model}/{name} long_name")
        check("_FillValue" not in d.attrs, f"/{model}/{name} has no _FillValue")
        check(d.chunks is not None and all(1 <= c <= n for c, n in zip(d.chunks, shape)),
              f"/{model}/{name} chunked within the shape: {d.chunks}")
        check_eq((d.compression, d.compression_opts, d.shuffle), ("gzip", 4, True),
                 f"/{model}/{name} filters")
        for i, (dname, _) in enumerate(dims):
            attached = [sc.name for sc in d.dims[i].values()]
            check_eq(attached, [f"/{model}/{dname}"], f"/{model}/{name} dim {i} scale")
    fl = g["flags"]
    check_eq([int(m) for m in fl.attrs["flag_masks"]], masks, f"/{model}/flags flag_masks")
    check_eq(attr_str(fl, "flag_meanings"), " ".join(names), f"/{model}/flags flag_meanings")
    rise, rise_sub = g["rise"][...], g["rise_sub"][...]
    check(np.array_equal(rise, rise_sub / spu), f"/{model} rise == rise_sub / {spu}")
    leftovers = [n for n in os.listdir(tmpdir) if ".tmp-" in n]
    check_eq(leftovers, [], "temporary files left beside the outputs")
    out = {k: g[k][...] for k in DATA_VARS}
    out["unit"], out["sub_per_unit"] = unit, spu
    f.close()
    return out


def check_xarray(path, model, dims, h5vals, coord_values):
    """xarray opens the group with every installed engine, with the same dims and values."""
    engs = engines()
    check(engs != [], "an xarray engine for HDF5 (python3-netcdf4 or python3-h5netcdf)")
    for eng in engs:
        try:
            ds = xr.open_dataset(path, group=model, engine=eng)
        except Exception as e:  # report and go on with the other engine
            check(False, f"xarray ({eng}) open_dataset({path}, group={model!r}): {e}")
            continue
        with ds:
            want_dims = dict(dims)
            check_eq(dict(ds.sizes), want_dims, f"xarray ({eng}) {model} dims")
            for name in DATA_VARS:
                check_eq(ds[name].dims, tuple(n for n, _ in dims), f"xarray ({eng}) {name} dims")
                check(np.array_equal(ds[name].values, h5vals[name]),
                      f"xarray ({eng}) {name} values equal h5py's")
                check("_FillValue" not in ds[name].attrs and
                      ds[name].encoding.get("_FillValue") is None,
                      f"xarray ({eng}) {name} no fill value")
            check_eq(ds["rise"].attrs.get("units"), h5vals["unit"], f"xarray ({eng}) rise units")
            for dname, _ in dims:
                check(dname in ds.coords and dname in ds.indexes,
                      f"xarray ({eng}) {dname} is an index coordinate")
            for cname, values in coord_values.items():
                got = [v.decode() if isinstance(v, bytes) else v for v in ds[cname].values.tolist()]
                check_eq(got, values, f"xarray ({eng}) coordinate {cname}")
            yield eng, ds


def test_smb1(js_bin, tmpdir):
    path = os.path.join(tmpdir, "s.h5")
    _, ok = run(js_bin, ["sweep", "smb1", "--axis", "vx=0:40", "--hold", "0:40", "-o", path])
    if not ok:
        return
    dims = [("vx", 41), ("env", 3), ("hold", 41)]
    v = check_layout(path, "smb1", dims, "vx=0:40", tmpdir)
    with h5py.File(path, "r") as f:
        g = f["smb1"]
        check_eq(attr_str(g, "game"), "Super Mario Bros.", "smb1 game")
        check_eq((v["unit"], v["sub_per_unit"]), ("px", 256), "smb1 unit, sub_per_unit")
        check_eq(g["vx"][...].tolist(), list(range(41)), "smb1 vx values")
        check_eq(attr_str(g["vx"], "units"), "1/16 px/frame", "smb1 vx units")
        check_eq(g["env"].asstr()[...].tolist(), ["air", "swim", "whirlpool"], "smb1 env names")
        check_eq(g["env_index"][...].tolist(), [0, 1, 2], "smb1 env_index")
        check_eq(g["hold"][...].tolist(), list(range(41)), "smb1 hold values")
        check_eq([sc.name for sc in g["env_index"].dims[0].values()], ["/smb1/env"],
                 "smb1 env_index attached to env")
        check_eq(attr_str(g["rise"], "coordinates"), "env_index", "smb1 rise coordinates")
        # flag 8's sentence (kernels/smb1.c flag_what) next to its name; small Mario's 16 px
        names = [n.decode() if isinstance(n, bytes) else n for n in g.attrs["flag_names"]]
        what = [d.decode() if isinstance(d, bytes) else d for d in g.attrs["flag_descriptions"]]
        check_eq(what[names.index("fall_over_4")],
                 "The fall speed was above 4.00 px/frame after ImposeGravity.",
                 "smb1 flag_descriptions fall_over_4")
        check_eq(float(g.attrs["character_height"]), 16.0, "smb1 character_height (small Mario)")

    # Values: rows 0 (vx 0..8) and 1 (vx 9..15) in air, every hold, against smb1_air_jump.
    air = 0
    full = smb1_air_jump(40)
    # A full held jump: the jump force holds for the whole rise (-4.00 + $20/frame takes 32
    # frames to reach speed 0, fewer than 40), so hold 40 is the full-height jump.
    check_eq(full[0], 66 * 256, "smb1 independent model: full held jump rises 66 px")
    mismatches = []
    for vx in range(16):
        for hold in range(41):
            want = smb1_air_jump(hold)
            got = (int(v["rise_sub"][vx, air, hold]), int(v["apex_frame"][vx, air, hold]),
                   int(v["airtime"][vx, air, hold]))
            if got != want:
                mismatches.append((vx, hold, got, want))
    check(not mismatches, "smb1 rows 0-1 (vx 0..15, air) rise_sub/apex_frame/airtime vs the "
          f"independent ImposeGravity re-implementation: {mismatches[:5]} (vx, hold, got, want)")
    check_eq(int(v["rise_sub"][:16, air, 40].min()), full[0], "smb1 vx 0..15 hold 40 rise_sub")
    check(bool(np.all(v["flags"][:, :, 0] & 1)), "smb1 hold 0: no_takeoff flag everywhere")
    check(not np.any(v["flags"][:16, air, 1:] & 3), "smb1 air jumps take off and land")

    coords = {"env": ["air", "swim", "whirlpool"], "env_index": [0, 1, 2],
              "vx": list(range(41)), "hold": list(range(41))}
    for eng, ds in check_xarray(path, "smb1", dims, v, coords):
        r = ds["rise_sub"].sel(env="air", hold=40, vx=slice(0, 15)).values
        check(bool(np.all(r == full[0])), f"xarray ({eng}) smb1 .sel(env='air', hold=40)")
        check_eq(float(ds["rise"].sel(env="air", hold=40, vx=0)), full[0] / 256,
                 f"xarray ({eng}) smb1 rise in px")
        check("env_index" in ds.coords, f"xarray ({eng}) env_index is a coordinate")


def test_celeste(js_bin, tmpdir):
    path = os.path.join(tmpdir, "c.h5")
    _, ok = run(js_bin, ["sweep", "celeste", "--hold", "1:40", "-o", path])
    if not ok:
        return
    with h5py.File(path, "r") as f:
        g = f["celeste"]
        dnames = [sc.name.rsplit("/", 1)[1] for sc in
                  (g["rise"].dims[i][0] for i in range(g["rise"].ndim))]
        dims = [(n, g[n].shape[0]) for n in dnames]
    check_eq(dims[-1], ("hold", 40), "celeste pattern dimension")
    v = check_layout(path, "celeste", dims, "1:40", tmpdir)
    with h5py.File(path, "r") as f:
        g = f["celeste"]
        check_eq(g["hold"][...].tolist(), list(range(1, 41)), "celeste hold values")
        # The other axes: dt = fna ((float)0.0166667, the seed's step); numeric axes at 0 (e.g.
        # Down not held), else their first value.
        index = []
        exact = None
        for name, n in dims[:-1]:
            s = g[name]
            vals = s.asstr()[...].tolist() if s.dtype.kind == "O" else s[...].tolist()
            if name == "dt":
                check("fna" in vals, f"celeste dt has fna: {vals}")
                index.append(vals.index("fna") if "fna" in vals else 0)
                exact = vals.index("exact") if "exact" in vals else None
            else:
                index.append(vals.index(0) if 0 in vals else 0)
    at = tuple(index)
    # Seed 004 (Celeste page): "Simulating the jump code (flat ground, no lift boost,
    # (float)0.0166667 step) gives apexes of 7 px tapped and 27 px held, airtimes 15 and 39 updates;
    # an exact 1/60 s step gives 29 px held in 40."  Tapped = hold 1 (index 0), held = hold 40.
    check_eq(float(v["rise"][at + (0,)]), 7.0, "celeste tapped apex (seed: 7 px)")
    check_eq(int(v["airtime"][at + (0,)]), 15, "celeste tapped airtime (seed: 15 updates)")
    check_eq(float(v["rise"][at + (39,)]), 27.0, "celeste held apex (seed: 27 px)")
    check_eq(int(v["airtime"][at + (39,)]), 39, "celeste held airtime (seed: 39 updates)")
    if exact is not None:
        ex = list(at)
        ex[[n for n, _ in dims].index("dt")] = exact
        check_eq(float(v["rise"][tuple(ex) + (39,)]), 29.0,
                 "celeste held apex, exact 1/60 step (seed: 29 px)")
    for eng, ds in check_xarray(path, "celeste", dims, v, {"hold": list(range(1, 41))}):
        sel = {n: ds[n].values[i] for (n, _), i in zip(dims[:-1], index)}
        r = ds["rise"].sel(**sel)
        check_eq((float(r.sel(hold=1)), float(r.sel(hold=40))), (7.0, 27.0),
                 f"xarray ({eng}) celeste rise at hold 1 and 40")


def test_sequence(js_bin, tmpdir):
    """A sequence grid: the `sequence` scale and `sequence_text` along it."""
    path = os.path.join(tmpdir, "q.h5")
    seqs = ["J40", "J", "J3.2J5"]
    args = ["sweep", "smb1", "--axis", "vx=0:1", "--axis", "env=air"]
    for q in seqs:
        args += ["--seq", q]
    _, ok = run(js_bin, args + ["-o", path])
    if not ok:
        return
    with h5py.File(path, "r") as f:
        g = f["smb1"]
        check_eq(attr_str(g, "pattern"), "sequence", "sequence grid: pattern attribute")
        check("hold" not in g, "sequence grid: no hold scale")
        check_eq(g["sequence"][...].tolist(), [0, 1, 2], "sequence grid: sequence values")
        check(h5py.h5ds.is_scale(g["sequence"].id), "sequence grid: sequence is a scale")
        check_eq(g["sequence_text"].asstr()[...].tolist(), seqs, "sequence grid: sequence_text")
        check_eq([sc.name for sc in g["sequence_text"].dims[0].values()], ["/smb1/sequence"],
                 "sequence grid: sequence_text attached to sequence")
        d = g["rise_sub"]
        check_eq(d.shape, (2, 1, 3), "sequence grid: rise_sub shape")
        check_eq([d.dims[i][0].name for i in range(3)], ["/smb1/vx", "/smb1/env", "/smb1/sequence"],
                 "sequence grid: rise_sub scales")
        check_eq(attr_str(d, "coordinates"), "env_index sequence_text",
                 "sequence grid: coordinates attribute")
        # "J40" is hold 40, "J" is hold 1 (the independent model above).
        check_eq(d[:, 0, 0].tolist(), [smb1_air_jump(40)[0]] * 2, "sequence grid: J40 rise_sub")
        check_eq(d[:, 0, 1].tolist(), [smb1_air_jump(1)[0]] * 2, "sequence grid: J rise_sub")
    for eng in engines():
        try:
            with xr.open_dataset(path, group="smb1", engine=eng) as ds:
                check_eq(dict(ds.sizes), {"vx": 2, "env": 1, "sequence": 3},
                         f"xarray ({eng}) sequence grid dims")
                check("sequence_text" in ds.coords, f"xarray ({eng}) sequence_text is a coordinate")
                check_eq(ds["sequence_text"].values.tolist(), seqs,
                         f"xarray ({eng}) sequence_text values")
        except Exception as e:
            check(False, f"xarray ({eng}) sequence grid: {e}")


def smb1_air_reach(n_frames=256):
    """SMB1 rows 0-1 on land, every sequence with the press on frame 0, independently: the jump
    force switches to the fall force once A is let go (or the speed turns non-negative) and
    nothing switches it back, and an airborne press starts nothing on land; so a sequence's jump
    is the hold of its first release, and the reachable set is the holds' set.  Returns
    {rise_sub: [airtime min, max, apex min, max]}."""
    out = {}
    for hold in range(1, n_frames + 1):
        r, apex, air = smb1_air_jump(hold, n_frames)
        e = out.setdefault(r, [air, air, apex, apex])
        e[0], e[1] = min(e[0], air), max(e[1], air)
        e[2], e[3] = min(e[2], apex), max(e[3], apex)
    return out


def trace_rise(js_bin, model, axes, seq):
    """Replays an input sequence through `jumpsweep trace` and accounts it like js_acc:
    (rise_sub, airtime or 0)."""
    args = ["trace", model]
    for a in axes:
        args += ["--axis", a]
    p = subprocess.run([js_bin] + args + ["--seq", seq], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=60)
    if p.returncode != 0:
        return None, None
    rows = [r for r in p.stdout.splitlines() if not r.startswith("#")]  # the "# units:" line
    head = rows[0].split(",")
    ih, ig = head.index("height_sub"), head.index("grounded")
    rise, took = 0, False
    for line in rows[1:]:
        c = line.split(",")
        h, g = int(c[ih]), int(c[ig])
        took = took or not g
        if not took:
            continue
        rise = max(rise, h)
        if g:
            return rise, int(c[0]) + 1
    return rise, 0


REACH_DENSE = {"reachable": "uint8", "airtime_min": "int32", "airtime_max": "int32",
               "apex_frame_min": "int32", "apex_frame_max": "int32", "flags": "uint32",
               "witness_index": "int32"}
REACH_PER_START = {"n_rises": "int32", "rise_min_sub": "int64", "rise_max_sub": "int64",
                   "rise_min": "float64", "rise_max": "float64", "states": "uint64",
                   "settled": "uint64", "frame_states": "uint64", "layered": "uint8",
                   "peak_states": "uint64", "peak_bytes": "uint64",
                   "airborne_at_limit": "uint64", "no_takeoff": "uint64", "seconds": "float64",
                   "complete": "uint8", "frames_done": "int32"}


def check_reach_group(f, model, start_dims, what):
    """The layout of /<model>/reach; returns it as a dict of numpy arrays."""
    g = f[model + "/reach"]
    gn = "/" + model + "/reach"
    for name in ("description", "inputs", "take_off"):
        check(isinstance(attr_str(g, name), str), f"{what}: attribute {name}")
    for name in ("n_frames", "max_states", "max_memory", "complete"):
        check(name in g.attrs, f"{what}: attribute {name}")
    names = [n for n, _ in start_dims] + ["rise_sub"]
    for n in names + ["witness"]:
        check(n in g and h5py.h5ds.is_scale(g[n].id), f"{what}: {n} is a dimension scale")
    check_eq(g["rise_sub"].dtype.name, "int64", f"{what}: rise_sub dtype")
    rs = g["rise_sub"][...]
    check(bool(np.all(np.diff(rs) > 0)), f"{what}: rise_sub ascending, distinct")
    check_eq([sc.name for sc in g["rise"].dims[0].values()], [gn + "/rise_sub"],
             f"{what}: rise attached to rise_sub")
    check_eq([sc.name for sc in g["witness_text"].dims[0].values()], [gn + "/witness"],
             f"{what}: witness_text attached to witness")
    shape = tuple(n for _, n in start_dims)
    for name, dt in REACH_DENSE.items():
        d = g[name]
        check_eq(d.dtype.name, dt, f"{what}: {name} dtype")
        check_eq(d.shape, shape + (len(rs),), f"{what}: {name} shape")
        check_eq([d.dims[i][0].name for i in range(d.ndim)], [gn + "/" + n for n in names],
                 f"{what}: {name} scales")
        check(isinstance(attr_str(d, "long_name"), str), f"{what}: {name} long_name")
    for name, dt in REACH_PER_START.items():
        d = g[name]
        check_eq(d.dtype.name, dt, f"{what}: {name} dtype")
        check_eq(d.shape, shape, f"{what}: {name} shape")
    v = {name: g[name][...] for name in list(REACH_DENSE) + list(REACH_PER_START)}
    v["rise_sub"] = rs
    v["witness_text"] = g["witness_text"].asstr()[...]
    v["witness_frames"] = g["witness_frames"][...]
    reach = v["reachable"].astype(bool)
    check(np.array_equal(reach.sum(axis=-1), v["n_rises"]), f"{what}: n_rises = reachable count")
    check(np.array_equal(reach, v["witness_index"] >= 0), f"{what}: a witness per reachable rise")
    check_eq(sorted(set(v["witness_index"][reach].tolist())), list(range(len(v["witness_text"]))),
             f"{what}: every witness used")
    check_eq(len(set(v["witness_text"].tolist())), len(v["witness_text"]),
             f"{what}: each witness text stored once")
    for idx in np.ndindex(shape):
        if v["n_rises"][idx]:
            r = rs[reach[idx]]
            check((int(r.min()), int(r.max())) ==
                  (int(v["rise_min_sub"][idx]), int(v["rise_max_sub"][idx])),
                  f"{what}: rise_min/max_sub at {idx}")
    return v


def test_reach(js_bin, tmpdir):
    # SMB1 rows 0-1 on land: the reachable set against the independent derivation above.
    path = os.path.join(tmpdir, "r.h5")
    p, ok = run(js_bin, ["reach", "smb1", "--axis", "vx=0:15", "--axis", "env=air", "-o", path])
    if not ok:
        return
    check("reach smb1: 16 start conditions" in p.stdout, f"reach summary: {p.stdout[:200]!r}")
    want = smb1_air_reach()
    with h5py.File(path, "r") as f:
        check_eq(attr_str(f["smb1"], "game"), "Super Mario Bros.", "reach alone: model group")
        check("rise_sub" not in f["smb1"], "reach alone: no sweep variables")
        v = check_reach_group(f, "smb1", [("vx", 16), ("env", 1)], "smb1 reach")
        g = f["smb1/reach"]
        check_eq((int(g.attrs["n_frames"]), attr_str(g, "inputs"), int(g.attrs["complete"])),
                 (256, "J", 1), "smb1 reach attributes")
        check_eq(g["env"].asstr()[...].tolist(), ["air"], "smb1 reach env scale")
    rs = v["rise_sub"]
    bad = []
    for vx in range(16):
        got = {}
        for k in np.flatnonzero(v["reachable"][vx, 0]):
            got[int(rs[k])] = [int(v["airtime_min"][vx, 0, k]), int(v["airtime_max"][vx, 0, k]),
                               int(v["apex_frame_min"][vx, 0, k]),
                               int(v["apex_frame_max"][vx, 0, k])]
        if got != want:
            bad.append(vx)
    check(not bad, f"smb1 rows 0-1 reachable sets = the holds' sets (independent): vx {bad}")
    check(bool(np.all(v["complete"] == 1)) and not np.any(v["flags"]),
          "smb1 land jumps: complete, all landed")
    check_eq(int(v["rise_max_sub"][0, 0]), 66 * 256, "smb1 highest reachable rise: 66 px")
    # Every witness of vx=0 and vx=9 replays through trace to its rise and airtime.
    replay_bad = []
    for vx in (0, 9):
        for k in np.flatnonzero(v["reachable"][vx, 0]):
            w = v["witness_text"][v["witness_index"][vx, 0, k]]
            r, air = trace_rise(js_bin, "smb1", [f"vx={vx}", "env=air"], w)
            if r != int(rs[k]) or not (v["airtime_min"][vx, 0, k] <= air <=
                                       v["airtime_max"][vx, 0, k]):
                replay_bad.append((vx, int(rs[k]), w, r, air))
    check(not replay_bad, f"smb1 witnesses replay through trace: {replay_bad[:3]}")
    for eng in engines():
        try:
            with xr.open_dataset(path, group="smb1/reach", engine=eng) as ds:
                check_eq(dict(ds.sizes)["vx"], 16, f"xarray ({eng}) reach vx")
                check("rise" in ds.coords and "rise_sub" in ds.indexes,
                      f"xarray ({eng}) reach rise_sub index, rise coordinate")
                got = ds["reachable"].sel(vx=0, env="air")
                check_eq(sorted(int(x) for x in got["rise_sub"].values[got.values == 1]),
                         sorted(want), f"xarray ({eng}) reach .sel(vx=0, env='air')")
        except Exception as e:
            check(False, f"xarray ({eng}) reach group: {e}")

    # Celeste: Down is a button explored every frame, not a start condition.
    path = os.path.join(tmpdir, "rc.h5")
    _, ok = run(js_bin, ["reach", "celeste", "-o", path])
    if ok:
        with h5py.File(path, "r") as f:
            v = check_reach_group(f, "celeste", [("dt", 2)], "celeste reach")
            check("down" not in f["celeste/reach"], "celeste reach: no down axis")
            check_eq(attr_str(f["celeste/reach"], "inputs"), "JD", "celeste reach inputs")
            dts = f["celeste/reach/dt"].asstr()[...].tolist()
        fna = dts.index("fna")
        check_eq((int(v["rise_min_sub"][fna]), int(v["rise_max_sub"][fna])), (7, 27),
                 "celeste reach fna: 7..27 px (the seed's tap and full hold)")
        k = int(np.flatnonzero(v["rise_sub"] == 7)[0])
        check_eq(int(v["airtime_min"][fna, k]), 15, "celeste reach: the tap's 15 updates")

    # reach --canonical: the canonical witnesses (docs/find.md), and those of each rise's
    # shortest and longest airtime, indexes into the one witness_text.  Celeste's 27 px: J12.5J.17
    # (the var-jump timer's 12 updates, then once at the apex for the half gravity), shortest
    # J12.5J.14D2 (Down: the fast fall), longest J12.5J10.12.
    path = os.path.join(tmpdir, "rcc.h5")
    _, ok = run(js_bin, ["reach", "celeste", "--axis", "dt=fna", "--canonical", "-o", path])
    if ok:
        with h5py.File(path, "r") as f:
            g = f["celeste/reach"]
            check_eq(int(g.attrs["canonical"]), 1, "reach --canonical: attribute canonical")
            text = g["witness_text"].asstr()[...]
            rs = g["rise_sub"][...]
            k = int(np.flatnonzero(rs == 27)[0])
            got = [text[g[n][0, k]] for n in ("witness_index", "witness_short_index",
                                                "witness_long_index")]
            check_eq(got, ["J12.5J.17", "J12.5J.14D2", "J12.5J10.12"],
                     "reach --canonical: celeste 27 px witnesses")
            reach = g["reachable"][...].astype(bool)
            check(bool(np.all((g["witness_short_index"][...] >= 0) == reach)),
                  "reach --canonical: every celeste rise lands: a shortest witness each")
        for eng in engines():
            try:
                with xr.open_dataset(path, group="celeste/reach", engine=eng) as ds:
                    check("witness_long_index" in ds, f"xarray ({eng}) reach --canonical")
            except Exception as e:
                check(False, f"xarray ({eng}) reach --canonical group: {e}")

    # A budget overflow: exit 3, one line, the file written and the set marked incomplete.
    path = os.path.join(tmpdir, "rb.h5")
    p, ok = run(js_bin, ["reach", "smb1", "--axis", "vx=0", "--axis", "env=swim",
                         "--max-states", "20000", "-o", path], expect_rc=3)
    check(len(p.stderr.strip().splitlines()) == 1 and "node budget exceeded" in p.stderr,
          f"budget overflow: one line: {p.stderr!r}")
    if ok:
        with h5py.File(path, "r") as f:
            v = check_reach_group(f, "smb1", [("vx", 1), ("env", 1)], "smb1 swim reach")
            check_eq(int(f["smb1/reach"].attrs["complete"]), 0, "budget overflow: group complete=0")
        check_eq(int(v["complete"][0, 0]), 0, "budget overflow: complete 0")
        check(0 < int(v["frames_done"][0, 0]) < 256, "budget overflow: frames_done")
        check(int(v["states"][0, 0]) <= 20000, "budget overflow: states within the budget")
        for k in np.flatnonzero(v["reachable"][0, 0])[:5]:
            w = v["witness_text"][v["witness_index"][0, 0, k]]
            r, _ = trace_rise(js_bin, "smb1", ["vx=0", "env=swim"], w)
            check_eq(r, int(v["rise_sub"][k]), f"budget overflow: witness {w} is real")

    # map: every model's reach group over its default start conditions; each hold lane's rise is
    # in its start condition's reachable set (a hold is one of the sequences).
    path = os.path.join(tmpdir, "atlas.h5")
    p = subprocess.run([js_bin, "map", "--max-states", "50000", "-o", path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=900)
    check(p.returncode in (0, 3), f"map: exit {p.returncode}: {p.stderr[-300:]}")
    check("reachable apexes" in p.stdout, "map summary: the reach table")
    if p.returncode not in (0, 3):
        return
    with h5py.File(path, "r") as f:
        for model in f:
            g = f[model]
            check("reach" in g, f"map: {model}/reach")
            if "reach" not in g:
                continue
            r = g["reach"]
            axes = [sc.name.rsplit("/", 1)[1] for sc in
                    (g["rise_sub"].dims[i][0] for i in range(g["rise_sub"].ndim - 1))]
            start = [a for a in axes if a in r]
            for a in start:
                check(np.array_equal(r[a][...], g[a][...]), f"map: {model} reach {a} = sweep's")
            check_eq(r["n_rises"].shape, tuple(g[a].shape[0] for a in start),
                     f"map: {model} reach start dims")
            check(f"{model} " in p.stdout.split("reachable apexes")[-1],
                  f"map summary: a reach row for {model}")
            # hold lanes vs the reachable sets
            rs = r["rise_sub"][...]
            reach = r["reachable"][...].astype(bool)
            comp = r["complete"][...]
            lanes = g["rise_sub"][...]
            fl = g["flags"][...]
            holds = g["hold"][...] if "hold" in g else None
            if holds is None:
                continue
            missing = 0
            for idx in np.ndindex(lanes.shape):
                sidx = tuple(idx[axes.index(a)] for a in start)
                if holds[idx[-1]] < 1 or fl[idx] & 1 or not comp[sidx]:
                    continue
                k = np.searchsorted(rs, lanes[idx])
                if k >= len(rs) or rs[k] != lanes[idx] or not reach[sidx + (k,)]:
                    missing += 1
            check(missing == 0, f"map: {model} hold lanes' rises in the reachable sets "
                  f"({missing} missing)")


def test_failures(js_bin, tmpdir):
    # An output directory that does not exist: exit 1, one line naming the path, nothing left.
    bad = "/nonexistent/dir/x.h5"
    p, _ = run(js_bin, ["sweep", "smb1", "--hold", "0:2", "-o", bad], expect_rc=1)
    lines = p.stderr.strip().splitlines()
    check(len(lines) == 1 and bad in lines[0] and "cannot create" in lines[0],
          f"unwritable output: one line naming it: {p.stderr!r}")
    check(not os.path.exists("/nonexistent"), "unwritable output: nothing created")
    sub = os.path.join(tmpdir, "missing", "x.h5")
    before = sorted(os.listdir(tmpdir))
    p, _ = run(js_bin, ["sweep", "smb1", "--hold", "0:2", "-o", sub], expect_rc=1)
    check_eq(sorted(os.listdir(tmpdir)), before, "missing directory: nothing left behind")
    # An existing output is replaced only by a complete file (rename), and nothing temporary stays.
    out = os.path.join(tmpdir, "again.h5")
    run(js_bin, ["sweep", "smb1", "--hold", "0:2", "-o", out])
    run(js_bin, ["sweep", "smb1", "--hold", "0:3", "-o", out])
    with h5py.File(out, "r") as f:
        check_eq(f["smb1/hold"][...].tolist(), [0, 1, 2, 3], "rewritten output has the new grid")
    check_eq([n for n in os.listdir(tmpdir) if ".tmp-" in n], [], "no temporary files left")
    check_eq(oct(os.stat(out).st_mode & 0o777), oct(0o666 & ~current_umask()),
             "output mode follows the umask (not mkstemp's 0600)")


def current_umask():
    m = os.umask(0)
    os.umask(m)
    return m


def main():
    js_bin = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("JS_BIN")
    if not js_bin:
        sys.exit("usage: test_h5.py PATH/TO/jumpsweep (or set JS_BIN)")
    if not (os.path.isfile(js_bin) and os.access(js_bin, os.X_OK)):
        sys.exit(f"test_h5.py: {js_bin!r} is not an executable jumpsweep")
    js_bin = os.path.abspath(js_bin)
    print(f"xarray engines: {', '.join(engines()) or 'none'}")
    tmpdir = tempfile.mkdtemp(prefix="test_h5.")
    try:
        for test in (test_smb1, test_celeste, test_sequence, test_reach, test_failures):
            before = FAILED
            try:
                test(js_bin, tmpdir)
            except Exception as e:  # a crash is one failure, the others still run
                check(False, f"{test.__name__} raised {type(e).__name__}: {e}")
            print(f"{test.__name__}: {'ok' if FAILED == before else 'FAILED'}")
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    print(f"{PASSED} passed, {FAILED} failed")
    sys.exit(1 if FAILED else 0)


if __name__ == "__main__":
    main()
