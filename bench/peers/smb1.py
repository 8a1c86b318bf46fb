"""bench/peers/smb1.py - Super Mario Bros. (NES) jump and swim stroke, vertical axis, written again
in Python from the physics kernels/smb1.c models (Xkeeper0/smb1 prg.asm): DecTimers,
CheckForJumping / InitJS, JumpSwimSub (the gravity switch, the $14 water surface),
ImposeGravity (8-bit adds with carries, the 4.00 clamp), PlayerBGCollision / LandPlyr.

Bytes are Python ints kept in 0..255 by & 0xFF; Y is the 24-bit HighPos:Position:YMF_Dummy.
Every flag of the model is modelled (fall_over_4, clamped, speed_wrap, swim_top).
"""
import numpy as np
from numba import njit, prange

from common import NumpyAcc, acc_frame, acc_store, outputs

AXES = ("vx", "env")
FLAGS_MODELLED = 0xFFFFFFFF

JUMP_MFORCE = np.array([0x20, 0x20, 0x1e, 0x28, 0x28, 0x0d, 0x04], np.int64)
FALL_MFORCE = np.array([0x70, 0x70, 0x60, 0x90, 0x90, 0x0a, 0x09], np.int64)
Y_SPEED = np.array([0xfc, 0xfc, 0xfc, 0xfb, 0xfb, 0xfe, 0xff], np.int64)
INIT_MFORCE = np.array([0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00], np.int64)

GROUND = 0x01b0          # the floor's top, 16-bit pixel Y
MAX_SPEED = 4
SWIM_TOP = 0x14
SWIM_TOP_FORCE = 0x18
F_FALL_OVER_4 = 1 << 8
F_CLAMPED = 1 << 9
F_SPEED_WRAP = 1 << 10
F_SWIM_TOP = 1 << 11


@njit
def row(vx, swimming, whirlpool):
    """InitJS: the physics row from |X speed|; 5 swimming, 6 in a whirlpool."""
    if swimming:
        return 6 if whirlpool else 5
    return int(vx >= 0x09) + int(vx >= 0x10) + int(vx >= 0x19) + int(vx >= 0x1c)


@njit
def lane(vx, env, hold, n_frames, out, i):
    swimming = env != 0
    whirlpool = env == 2
    r = row(vx, swimming, whirlpool)
    y_high, y_pos, ymf = 0x01, 0xb0, 0
    speed, mforce = 0, 0                    # Player_Y_Speed, Player_Y_MoveForce
    vforce, vforce_down = 0, 0
    origin_pos = 0
    state, prev_a, timer = 0, 0, 0
    rise, apex, air, flags, took_off, landed = 0, 0, 0, 0, False, False
    for f in range(n_frames):
        a = 1 if f < hold else 0
        fl = 0
        if timer:                           # DecTimers
            timer -= 1
        if a and not prev_a:                # CheckForJumping
            if state == 0 or (swimming and (timer != 0 or not (speed & 0x80))):
                timer = 0x20                # InitJS
                ymf = 0
                origin_pos = y_pos
                state = 1
                vforce = JUMP_MFORCE[r]
                vforce_down = FALL_MFORCE[r]
                mforce = INIT_MFORCE[r]
                speed = Y_SPEED[r]
                if swimming and y_pos < SWIM_TOP:
                    speed = 0
                    fl |= F_SWIM_TOP
        if state == 1:
            # JumpSwimSub: the gravity switch
            if not (speed & 0x80):
                vforce = vforce_down
            elif not (a and prev_a):
                if ((origin_pos - y_pos) & 0xff) >= 1:     # DiffToHaltJump
                    vforce = vforce_down
            if swimming and y_pos < SWIM_TOP:
                vforce = SWIM_TOP_FORCE
                fl |= F_SWIM_TOP
            # ImposeGravity
            t = ymf + mforce
            ymf = t & 0xff
            t = y_pos + speed + (t >> 8)
            y_pos = t & 0xff
            y_high = (y_high + (0xff if speed & 0x80 else 0) + (t >> 8)) & 0xff
            t = mforce + vforce
            mforce = t & 0xff
            old = speed
            speed = (speed + (t >> 8)) & 0xff
            if old == 0x7f and speed == 0x80:
                fl |= F_SPEED_WRAP
            if not ((speed - MAX_SPEED) & 0x80) and mforce >= 0x80:
                speed = MAX_SPEED
                mforce = 0
                fl |= F_CLAMPED
            v = (speed << 8) | mforce
            if v < 0x8000 and v > (MAX_SPEED << 8):
                fl |= F_FALL_OVER_4
            # PlayerBGCollision -> LandPlyr
            if not (speed & 0x80) and ((y_high << 8) | y_pos) >= GROUND:
                y_pos &= 0xf0
                speed = 0
                mforce = 0
                state = 0
        prev_a = a                          # SaveAB
        height = (GROUND << 8) - ((y_high << 16) | (y_pos << 8) | ymf)
        rise, apex, air, flags, took_off, landed = acc_frame(
            rise, apex, air, flags, took_off, landed, f, height, state == 0, fl)
        if landed:
            break
    acc_store(out, i, rise, apex, air, flags, took_off, landed)


@njit
def _run(ax, hold, n_frames, out):
    for i in range(hold.size):
        lane(ax[0, i], ax[1, i], hold[i], n_frames, out, i)


@njit(parallel=True)
def _run_par(ax, hold, n_frames, out):
    for i in prange(hold.size):
        lane(ax[0, i], ax[1, i], hold[i], n_frames, out, i)


def run_numba(ax, hold, n_frames):
    out = outputs(hold.size)
    _run(ax, hold, n_frames, out)
    return out


def run_prange(ax, hold, n_frames):
    out = outputs(hold.size)
    _run_par(ax, hold, n_frames, out)
    return out


def run_numpy(ax, hold, n_frames):
    vx, env = ax[0].astype(np.int64), ax[1].astype(np.int64)
    n = hold.size
    swimming = env != 0
    r = np.where(swimming, np.where(env == 2, 6, 5),
                 (vx >= 0x09).astype(np.int64) + (vx >= 0x10) + (vx >= 0x19) + (vx >= 0x1c))
    jf, ff, isp, imf = JUMP_MFORCE[r], FALL_MFORCE[r], Y_SPEED[r], INIT_MFORCE[r]
    y_high = np.full(n, 0x01, np.int64)
    y_pos = np.full(n, 0xb0, np.int64)
    ymf, speed, mforce, vforce, vforce_down, origin_pos, timer = (np.zeros(n, np.int64) for _ in range(7))
    state = np.zeros(n, bool)
    prev_a = np.zeros(n, bool)
    acc = NumpyAcc(n)
    for f in range(n_frames):
        a = f < hold
        fl = np.zeros(n, np.int64)
        timer = np.where(timer != 0, timer - 1, 0)
        press = a & ~prev_a
        js = press & (~state | (swimming & ((timer != 0) | ((speed & 0x80) == 0))))
        timer = np.where(js, 0x20, timer)
        ymf = np.where(js, 0, ymf)
        origin_pos = np.where(js, y_pos, origin_pos)
        state = state | js
        vforce = np.where(js, jf, vforce)
        vforce_down = np.where(js, ff, vforce_down)
        mforce = np.where(js, imf, mforce)
        top = js & swimming & (y_pos < SWIM_TOP)
        speed = np.where(js, np.where(top, 0, isp), speed)
        fl |= np.where(top, F_SWIM_TOP, 0)
        # JumpSwimSub (only state 1 lanes keep what follows)
        dump = ((speed & 0x80) == 0) | (~(a & prev_a) & (((origin_pos - y_pos) & 0xff) >= 1))
        vf = np.where(dump, vforce_down, vforce)
        top = swimming & (y_pos < SWIM_TOP)
        vf = np.where(top, SWIM_TOP_FORCE, vf)
        fl1 = np.where(top, F_SWIM_TOP, 0)
        # ImposeGravity
        t = ymf + mforce
        n_ymf = t & 0xff
        t = y_pos + speed + (t >> 8)
        n_pos = t & 0xff
        n_high = (y_high + np.where(speed & 0x80, 0xff, 0) + (t >> 8)) & 0xff
        t = mforce + vf
        n_mf = t & 0xff
        n_sp = (speed + (t >> 8)) & 0xff
        fl1 |= np.where((speed == 0x7f) & (n_sp == 0x80), F_SPEED_WRAP, 0)
        clamp = (((n_sp - MAX_SPEED) & 0x80) == 0) & (n_mf >= 0x80)
        n_sp = np.where(clamp, MAX_SPEED, n_sp)
        n_mf = np.where(clamp, 0, n_mf)
        fl1 |= np.where(clamp, F_CLAMPED, 0)
        v = (n_sp << 8) | n_mf
        fl1 |= np.where((v < 0x8000) & (v > (MAX_SPEED << 8)), F_FALL_OVER_4, 0)
        land = ((n_sp & 0x80) == 0) & (((n_high << 8) | n_pos) >= GROUND)
        n_pos = np.where(land, n_pos & 0xf0, n_pos)
        n_sp = np.where(land, 0, n_sp)
        n_mf = np.where(land, 0, n_mf)
        # only Player_State 1 lanes move
        ymf = np.where(state, n_ymf, ymf)
        y_pos = np.where(state, n_pos, y_pos)
        y_high = np.where(state, n_high, y_high)
        speed = np.where(state, n_sp, speed)
        mforce = np.where(state, n_mf, mforce)
        vforce = np.where(state, vf, vforce)
        fl |= np.where(state, fl1, 0)
        state = state & ~land
        prev_a = a
        height = (GROUND << 8) - ((y_high << 16) | (y_pos << 8) | ymf)
        acc.frame(f, height, ~state, fl)
        if acc.done(f, hold):
            break
    return acc.finish()
