"""bench/peers/common.py - what every peer shares: the grid read from a jumpsweep HDF5 file, the
per-lane accounting of kernels/model.h (js_acc_*), and the bit-for-bit comparison.

A peer is the physics of one model written again in Python, the way a Python user would write it:
numba (a plain loop per lane, compiled with @njit) and numpy (array operations over every lane,
one frame at a time).  Each model module (smb1.py, smw.py, sm64.py, celeste.py) has

    AXES                       the model's axis names, in its axis order
    FLAGS_MODELLED             the flag bits the peers model (compared; all of them in each)
    run_numba(ax, hold, n)     one thread: for each lane, step frames until it lands
    run_prange(ax, hold, n)    the same loop over lanes with numba.prange
    run_numpy(ax, hold, n)     numpy over all lanes, one frame at a time
    NUMPY_LANES(ax)            (optional) the lanes the numpy peer models; the others are refused

ax is an int32 array [n_axes, lanes] (axis values in the model's units / name indices), hold an
int32 array [lanes] (the jump is held on frames 0..hold-1: a hold grid), n the frame limit.  Each
returns (rise int64, apex_frame int32, airtime int32, flags uint32), as jumpsweep's HDF5 holds them.
"""
import numpy as np
from numba import njit

# kernels/model.h common flags
NO_TAKEOFF = 1 << 0
NOT_LANDED = 1 << 1
BELOW_START = 1 << 2
RELAUNCH = 1 << 3


@njit
def acc_frame(rise, apex, air, flags, took_off, landed, f, height, grounded, fl):
    """js_acc_frame for one lane, on plain values (the caller keeps them in locals).  Returns the
    six updated; the caller stops stepping the lane once landed, as js_reference_run does."""
    if not grounded:
        took_off = True
    if took_off:
        lands = grounded or (fl & RELAUNCH) != 0
        flags |= fl
        if height < 0 and not lands:
            flags |= BELOW_START
        if height > rise:
            rise = height
            apex = f
        if lands:
            landed = True
            air = f + 1
    return rise, apex, air, flags, took_off, landed


@njit
def acc_store(out, i, rise, apex, air, flags, took_off, landed):
    """js_acc_finish, and the lane's results stored in out = (rise, apex, airtime, flags)."""
    if not took_off:
        flags |= NO_TAKEOFF
    elif not landed:
        flags |= NOT_LANDED
    out[0][i] = rise
    out[1][i] = apex
    out[2][i] = air
    out[3][i] = flags


def outputs(n):
    return (np.zeros(n, np.int64), np.zeros(n, np.int32), np.zeros(n, np.int32),
            np.zeros(n, np.uint32))


class NumpyAcc:
    """js_acc over all lanes at once (numpy peers)."""

    def __init__(self, n):
        self.rise = np.zeros(n, np.int64)
        self.apex = np.zeros(n, np.int32)
        self.air = np.zeros(n, np.int32)
        self.flags = np.zeros(n, np.uint32)
        self.took_off = np.zeros(n, bool)
        self.landed = np.zeros(n, bool)

    def frame(self, f, height, grounded, fl):
        live = ~self.landed
        self.took_off |= live & ~grounded
        on = live & self.took_off
        lands = grounded | ((fl & RELAUNCH) != 0)
        self.flags |= np.where(on, fl, 0).astype(np.uint32)
        self.flags |= np.where(on & (height < 0) & ~lands, BELOW_START, 0).astype(np.uint32)
        up = on & (height > self.rise)
        self.rise = np.where(up, height, self.rise)
        self.apex = np.where(up, f, self.apex)
        ends = on & lands
        self.air = np.where(ends, f + 1, self.air)
        self.landed |= ends

    def done(self, f, hold):
        """Every lane has landed, or stands with no press left (it never takes off: model.h)."""
        return bool(np.all(self.landed | (~self.took_off & (hold <= f + 1))))

    def finish(self):
        fl = self.flags.copy()
        fl |= np.where(~self.took_off, NO_TAKEOFF, 0).astype(np.uint32)
        fl |= np.where(self.took_off & ~self.landed, NOT_LANDED, 0).astype(np.uint32)
        return self.rise, self.apex, self.air, fl


def read_grid(path, model, axes):
    """The grid of a `jumpsweep sweep` file: per-lane axis values [n_axes, lanes], holds [lanes],
    the frame limit, and the results (rise_sub, apex_frame, airtime, flags), flattened in lane
    order (C order over axes..., hold)."""
    import h5py
    with h5py.File(path, "r") as h:
        g = h[model]
        if g.attrs["pattern"] not in (b"hold", "hold"):
            raise SystemExit(f"{path}: /{model} is not a hold sweep")
        scales = []
        for a in axes:
            key = a + "_index" if (a + "_index") in g else a
            scales.append(np.asarray(g[key][()], np.int32))
        hold = np.asarray(g["hold"][()], np.int32)
        mesh = np.meshgrid(*scales, hold, indexing="ij")
        ax = np.stack([m.ravel() for m in mesh[:-1]]).astype(np.int32)
        ref = tuple(np.asarray(g[k][()]).ravel() for k in ("rise_sub", "apex_frame", "airtime", "flags"))
        n_frames = int(g.attrs["n_frames"])
    return np.ascontiguousarray(ax), np.ascontiguousarray(mesh[-1].ravel().astype(np.int32)), \
        n_frames, ref


def compare(name, got, ref, flag_mask=0xFFFFFFFF):
    """Bit for bit: rise, apex_frame, airtime equal, and flags equal on flag_mask.  Returns a list of
    one-line messages (empty when they agree)."""
    labels = ("rise_sub", "apex_frame", "airtime", "flags")
    msgs = []
    for lab, g, r in zip(labels, got, ref):
        g = np.asarray(g).astype(np.int64)
        r = np.asarray(r).astype(np.int64)
        if lab == "flags":
            g = g & flag_mask
            r = r & flag_mask
        bad = np.nonzero(g != r)[0]
        if bad.size:
            i = bad[0]
            msgs.append(f"{name}: {lab} differs on {bad.size} of {r.size} lanes; first lane {i}: "
                        f"peer {g[i]:#x} reference {r[i]:#x}" if lab == "flags" else
                        f"{name}: {lab} differs on {bad.size} of {r.size} lanes; first lane {i}: "
                        f"peer {g[i]} reference {r[i]}")
    return msgs
