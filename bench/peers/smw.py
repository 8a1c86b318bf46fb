"""bench/peers/smw.py - Super Mario World (SNES, NTSC) normal and spin jump, vertical axis, written
again in Python from the physics kernels/smw.c models (SMWDisX bank_00.asm): the move
CODE_00DC4F (speed << 4 into the subpixel, the sign-extended high nybble plus the carry into the
16-bit Y), the floor snap CODE_00EDF7, the jump start CODE_00D5F2 / CODE_00D630 after the
collision (a press on the landing frame relaunches), the gravity and cap CODE_00D928.

Every flag of the model is modelled (fall_capped, repress, landing_jump, relaunch).
"""
import numpy as np
from numba import njit, prange

from common import RELAUNCH, NumpyAcc, acc_frame, acc_store, outputs

AXES = ("vx", "jump", "spx")
FLAGS_MODELLED = 0xFFFFFFFF

TAKEOFF = np.array([0xb0, 0xb6, 0xae, 0xb4, 0xab, 0xb2, 0xa9, 0xb0,
                    0xa6, 0xae, 0xa4, 0xab, 0xa1, 0xa9, 0x9f, 0xa6], np.int64)  # DATA_00D2BD
GRAVITY = (0x06, 0x03)    # DATA_00D7A5: button up / held
CAP = 0x40                # DATA_00D7AF, both entries
GROUND_Y = 0x0140
AIR_JUMP, AIR_FALL = 0x0b, 0x24
F_FALL_CAPPED = 1 << 8
F_REPRESS = 1 << 9
F_LANDING_JUMP = 1 << 10


@njit
def pos16(y_pos, y_spx):
    """Y in 1/16 px as the game's signed compares read it (around the floor row)."""
    rel = (y_pos - GROUND_Y) & 0xffff
    if rel >= 0x8000:
        rel -= 0x10000
    return (rel + GROUND_Y) * 16 + (y_spx >> 4)


@njit
def lane(vx, spin_kind, spx, hold, n_frames, out, i):
    y_pos = GROUND_Y
    y_spx = (spx & 15) << 4
    speed = GRAVITY[0]        # a standing frame with the button up: $00 + gravity
    in_air = 0
    prev = 0
    origin = (GROUND_Y << 4) | (y_spx >> 4)
    up = TAKEOFF[((vx >> 2) & 0xfe) + (1 if spin_kind else 0)]
    rise, apex, air, flags, took_off, landed = 0, 0, 0, 0, False, False
    for f in range(n_frames):
        held = 1 if f < hold else 0
        press = held == 1 and prev == 0
        was_air = in_air != 0
        fl = 0
        land_height = 0
        # CODE_00DC2D: the move
        t = y_spx + ((speed << 4) & 0xff)
        y_spx = t & 0xff
        hi = (speed >> 4) & 0x0f
        if hi >= 8:
            hi |= 0xfff0
        y_pos = (y_pos + hi + (t >> 8)) & 0xffff
        # CODE_00E92B: the floor
        if not (speed & 0x80) and not ((y_pos - GROUND_Y) & 0x8000):
            y_pos -= y_pos & 0x0f
            speed = 0
            in_air = 0
        # CODE_00D5F2: the jump start
        if press and in_air == 0:
            speed = up
            in_air = AIR_JUMP
            if was_air:
                fl |= F_LANDING_JUMP | RELAUNCH
                land_height = origin - pos16(y_pos, y_spx)
            origin = (y_pos << 4) | (y_spx >> 4)
        elif press:
            fl |= F_REPRESS
        # CODE_00D928: gravity
        g = GRAVITY[held]
        if not (speed & 0x80):
            if speed >= CAP:
                if speed > CAP:
                    fl |= F_FALL_CAPPED
                speed = CAP
            if in_air == AIR_JUMP:
                in_air = AIR_FALL
        speed = (speed + g) & 0xff
        prev = held
        if fl & RELAUNCH:
            height = land_height
        else:
            height = origin - pos16(y_pos, y_spx)
        rise, apex, air, flags, took_off, landed = acc_frame(
            rise, apex, air, flags, took_off, landed, f, height, in_air == 0, fl)
        if landed:
            break
    acc_store(out, i, rise, apex, air, flags, took_off, landed)


@njit
def _run(ax, hold, n_frames, out):
    for i in range(hold.size):
        lane(ax[0, i], ax[1, i], ax[2, i], hold[i], n_frames, out, i)


@njit(parallel=True)
def _run_par(ax, hold, n_frames, out):
    for i in prange(hold.size):
        lane(ax[0, i], ax[1, i], ax[2, i], hold[i], n_frames, out, i)


def run_numba(ax, hold, n_frames):
    out = outputs(hold.size)
    _run(ax, hold, n_frames, out)
    return out


def run_prange(ax, hold, n_frames):
    out = outputs(hold.size)
    _run_par(ax, hold, n_frames, out)
    return out


def _pos16(y_pos, y_spx):
    rel = (y_pos - GROUND_Y) & 0xffff
    rel = np.where(rel >= 0x8000, rel - 0x10000, rel)
    return (rel + GROUND_Y) * 16 + (y_spx >> 4)


def run_numpy(ax, hold, n_frames):
    vx, spin, spx = (ax[k].astype(np.int64) for k in range(3))
    n = hold.size
    up = TAKEOFF[((vx >> 2) & 0xfe) + (spin != 0)]
    y_pos = np.full(n, GROUND_Y, np.int64)
    y_spx = (spx & 15) << 4
    speed = np.full(n, GRAVITY[0], np.int64)
    in_air = np.zeros(n, np.int64)
    prev = np.zeros(n, bool)
    origin = (GROUND_Y << 4) | (y_spx >> 4)
    acc = NumpyAcc(n)
    for f in range(n_frames):
        held = f < hold
        press = held & ~prev
        was_air = in_air != 0
        # the move
        t = y_spx + ((speed << 4) & 0xff)
        y_spx = t & 0xff
        hi = (speed >> 4) & 0x0f
        hi = np.where(hi >= 8, hi | 0xfff0, hi)
        y_pos = (y_pos + hi + (t >> 8)) & 0xffff
        # the floor
        snap = ((speed & 0x80) == 0) & (((y_pos - GROUND_Y) & 0x8000) == 0)
        y_pos = np.where(snap, y_pos - (y_pos & 0x0f), y_pos)
        speed = np.where(snap, 0, speed)
        in_air = np.where(snap, 0, in_air)
        # the jump start
        jump = press & (in_air == 0)
        relaunch = jump & was_air
        land_height = origin - _pos16(y_pos, y_spx)
        fl = np.where(relaunch, F_LANDING_JUMP | RELAUNCH, 0) | np.where(press & ~jump, F_REPRESS, 0)
        speed = np.where(jump, up, speed)
        in_air = np.where(jump, AIR_JUMP, in_air)
        origin = np.where(jump, (y_pos << 4) | (y_spx >> 4), origin)
        # gravity
        down = (speed & 0x80) == 0
        fl |= np.where(down & (speed > CAP), F_FALL_CAPPED, 0)
        speed = np.where(down & (speed >= CAP), CAP, speed)
        in_air = np.where(down & (in_air == AIR_JUMP), AIR_FALL, in_air)
        speed = (speed + np.where(held, GRAVITY[1], GRAVITY[0])) & 0xff
        prev = held
        height = np.where(relaunch, land_height, origin - _pos16(y_pos, y_spx))
        acc.frame(f, height, in_air == 0, fl)
        if acc.done(f, hold):
            break
    return acc.finish()
