"""bench/peers/sm64.py - Super Mario 64 (N64) Mario's jumps on flat ground, written again in Python
from the physics kernels/sm64.c models (n64decomp/sm64: set_mario_action_airborne, the air
actions' common_air_action_step, update_air_without_turn, perform_air_step's four quarter steps,
apply_gravity, the ground pound, the flying triple jump and ACT_FLYING, the landing and stop
actions' chains, idle and crouching), float32 in the game's order of operations.

Every float is a numpy float32 and every constant is written as one (np.float32(...)), so numba and
numpy evaluate each operation in float32 (a Python float would promote to float64).

Both take hold grids (A held on frames 0..hold-1, no Z: the default grid's inputs).  numba: the
whole action machine (every action, the chains, the ground and crouch actions), every flag the
model has.  numpy: the air actions (all of them, the ground pound's hang, the flying triple jump
and flight) up to the first landing, which ends a run when chain = off; it refuses chain = on
lanes (their ground actions are not written in numpy here).  Its flags are all of the model's on
the lanes it runs.
"""
import math

import numpy as np
from numba import njit, prange

from common import NumpyAcc, acc_frame, acc_store, outputs

AXES = ("action", "fwd", "version", "chain")
FLAGS_MODELLED = 0xFFFFFFFF

F32 = np.float32
# the model's action ids (kernels/sm64.c): air actions in the axis order, then landings, stops, ...
(STAND, JUMP, DOUBLE, TRIPLE, BACKFLIP, SIDE_FLIP, LONG_JUMP, WALL_KICK, GROUND_POUND, FLY_TRIPLE,
 FLYING, JUMP_LAND, DOUBLE_LAND, TRIPLE_LAND, BACKFLIP_LAND, SIDE_FLIP_LAND, LONG_JUMP_LAND,
 JUMP_STOP, DOUBLE_STOP, TRIPLE_STOP, BACKFLIP_STOP, SIDE_FLIP_STOP, LONG_JUMP_STOP,
 GP_LAND, BUTT_SLIDE_STOP, IDLE, START_CROUCH, CROUCH, STOP_CROUCH, DIVE_SLIDE) = range(30)
LAND_OF_AIR = JUMP_LAND - JUMP
STOP_OF_LAND = JUMP_STOP - JUMP_LAND

F_A_RELEASE = 1 << 8
F_WING_GRAVITY = 1 << 9
F_TERMINAL = 1 << 10
F_FALL_DAMAGE = 1 << 11
F_S16_WRAP = 1 << 12
F_LEVEL_EDGE = 1 << 13
F_BLJ_CLAMP = 1 << 14
F_BACKWARD_LONG_JUMP = 1 << 15
F_CHAINED = 1 << 16
F_FLYING = 1 << 17
F_UNMODELLED = 1 << 18
F_HEIGHT_ROUNDED = 1 << 19
F_CEILING = 1 << 20

CEIL = F32(20000.0)
SUB = float(1 << 23)
# gSineTable: float32(sin(2 pi k / 4096)), exact zeros at k = 0, 2048, 4096 (libm's sin, as C's)
SINE = np.array([0.0 if k % 2048 == 0 else math.sin((2.0 * math.pi * k) / 4096.0)
                 for k in range(5120)], np.float32)
K_JUMP_STOP, K_DOUBLE_STOP, K_TRIPLE_STOP, K_SIDE_FLIP_STOP = 17, 19, 33, 11
K_LONG_STOP_FAST, K_LONG_STOP_SLOW, K_GP_LAND, K_BUTT_SLIDE_STOP = 17, 19, 7, 20
K_START_CROUCH, K_STOP_CROUCH, BACKFLIP_STOP_Z_FRAMES = 6, 10, 8
GP_HANG, GP_HANG_FROM_FLIGHT = 15, 20

# The small helpers are inlined by numba (inline="always"): as plain @njit calls the numba loop ran
# about 35% slower on this project's machine (8.2e7 against 6.1e7 lane-steps/s).  set_action stays
# a call: inlined at its 15 call sites it made the compile take minutes.


@njit(inline="always")
def is_air(act):
    return JUMP <= act <= FLYING


@njit(inline="always")
def approach(cur, target, inc, dec):
    """approach_f32"""
    if cur < target:
        cur = cur + inc
        if cur > target:
            cur = target
    else:
        cur = cur - dec
        if cur < target:
            cur = target
    return cur


@njit
def set_action(new, arg, y, vy, fwd, peak, lj_slow):
    """set_mario_action (with set_mario_action_airborne for an air action).  Returns
    act, astate, gp_arg, t, vy, fwd, peak, lj_slow, flags."""
    fl = 0
    if is_air(new):
        if new == DOUBLE:
            vy = (F32(52.0) + F32(0.0)) + fwd * F32(0.25)
            fwd = fwd * F32(0.8)
        elif new == BACKFLIP:
            fwd = F32(-16.0)
            vy = (F32(62.0) + F32(0.0)) + fwd * F32(0.0)
        elif new == TRIPLE:
            vy = (F32(69.0) + F32(0.0)) + fwd * F32(0.0)
            fwd = fwd * F32(0.8)
        elif new == FLY_TRIPLE:
            vy = (F32(82.0) + F32(0.0)) + fwd * F32(0.0)
        elif new == JUMP:
            vy = (F32(42.0) + F32(0.0)) + fwd * F32(0.25)
            fwd = fwd * F32(0.8)
        elif new == WALL_KICK:
            vy = (F32(62.0) + F32(0.0)) + fwd * F32(0.0)
            if fwd < F32(24.0):
                fwd = F32(24.0)
        elif new == SIDE_FLIP:
            vy = (F32(62.0) + F32(0.0)) + fwd * F32(0.0)
            fwd = F32(8.0)
        elif new == LONG_JUMP:
            vy = (F32(30.0) + F32(0.0)) + fwd * F32(0.0)
            lj_slow = 0 if fwd > F32(16.0) else 1
            if fwd < F32(0.0):
                fl |= F_BACKWARD_LONG_JUMP
            fwd = fwd * F32(1.5)
            if fwd > F32(48.0):
                fwd = F32(48.0)
        peak = y
    return new, 0, arg, 0, vy, fwd, peak, lj_slow, fl


@njit(inline="always")
def air_step(act, wing, a_down, y, vy, z, vz, peak):
    """perform_air_step on the flat floor, then apply_gravity (not in flight).  Returns
    y, vy, z, peak, landed, flags."""
    fl = 0
    landed = False
    for _ in range(4):
        ny = y + vy / F32(4.0)
        nz = z + vz / F32(4.0)
        if ny <= F32(0.0):
            z = nz
            y = F32(0.0)
            landed = True
            break
        if ny + F32(160.0) > CEIL:
            fl |= F_CEILING
        y = ny
        z = nz
    if vy >= F32(0.0):
        peak = y
    if act != FLYING:
        cjh = act == JUMP or act == DOUBLE or act == WALL_KICK or act == LONG_JUMP or act == FLY_TRIPLE
        if act == LONG_JUMP:
            vy = vy - F32(2.0)
            if vy < F32(-75.0):
                vy = F32(-75.0)
                fl |= F_TERMINAL
        elif not a_down and vy > F32(20.0) and cjh:
            vy = vy / F32(4.0)
            fl |= F_A_RELEASE
        elif wing and vy < F32(0.0) and a_down:
            fl |= F_WING_GRAVITY
            vy = vy - F32(2.0)
            if vy < F32(-37.5):
                vy = vy + F32(4.0)
                if vy > F32(-37.5):
                    vy = F32(-37.5)
                    fl |= F_TERMINAL
        else:
            vy = vy - F32(4.0)
            if vy < F32(-75.0):
                vy = F32(-75.0)
                fl |= F_TERMINAL
    return y, vy, z, peak, landed, fl


@njit(inline="always")
def fall_damage(vy, peak, y):
    return F_FALL_DAMAGE if (vy < F32(-55.0) and peak - y > F32(1150.0)) else 0


@njit(inline="always")
def triple_rule(wing, fwd):
    if wing:
        return FLY_TRIPLE
    return TRIPLE if fwd > F32(20.0) else JUMP


@njit(inline="always")
def stop_end(stop, lj_slow):
    if stop == JUMP_STOP:
        return K_JUMP_STOP
    if stop == DOUBLE_STOP:
        return K_DOUBLE_STOP
    if stop == TRIPLE_STOP or stop == BACKFLIP_STOP:
        return K_TRIPLE_STOP
    if stop == SIDE_FLIP_STOP:
        return K_SIDE_FLIP_STOP
    return K_LONG_STOP_SLOW if lj_slow else K_LONG_STOP_FAST


@njit
def lane(action, fwd0, version, chain, hold, n_frames, out, i):
    y = vy = z = vz = peak = F32(0.0)
    fwd = F32(fwd0)
    pitch = 0
    act, astate, t, djt, gp_arg, lj_slow = STAND, 0, 0, 0, 0, 0
    prev_a = prev_z = False
    axis_act = JUMP + action
    sh = version == 2
    wing = axis_act == FLY_TRIPLE
    rise, apex, air, flags, took_off, landed = 0, 0, 0, 0, False, False
    for f in range(n_frames):
        a_down = f < hold
        z_down = False                       # a hold grid presses A only
        a_pr = a_down and not prev_a
        z_pr = z_down and not prev_z
        fl = 0
        if djt > 0:
            djt -= 1
        cont = True
        while cont:                          # execute_mario_action's loop
            cont = False
            if act == STAND:
                if a_pr:
                    act, astate, gp_arg, t, vy, fwd, peak, lj_slow, f2 = set_action(
                        axis_act, 0, y, vy, fwd, peak, lj_slow)
                    fl |= f2
                    cont = True
            elif is_air(act):
                if z_pr and act != LONG_JUMP and act != GROUND_POUND:
                    act, astate, gp_arg, t, vy, fwd, peak, lj_slow, f2 = set_action(
                        GROUND_POUND, 1 if act == FLYING else 0, y, vy, fwd, peak, lj_slow)
                    fl |= f2
                    cont = True
                elif act == GROUND_POUND:    # act_ground_pound
                    if astate == 0:
                        if t < 10:
                            off = F32(20 - 2 * t)
                            if y + off + F32(160.0) < CEIL:
                                y = y + off
                                peak = y
                            else:
                                fl |= F_CEILING
                        vy = F32(-50.0)
                        fwd = F32(0.0)
                        vz = F32(1.0) * F32(0.0)
                        t += 1
                        if t >= (GP_HANG_FROM_FLIGHT if gp_arg else GP_HANG):
                            astate = 1
                    else:
                        y, vy, z, peak, hit, f2 = air_step(act, wing, a_down, y, vy, z, vz, peak)
                        fl |= f2
                        if hit:
                            fl |= fall_damage(vy, peak, y)
                            act, astate, gp_arg, t, vy, fwd, peak, lj_slow, f2 = set_action(
                                GP_LAND, 0, y, vy, fwd, peak, lj_slow)
                elif act == FLYING:          # act_flying, update_flying
                    fl |= F_FLYING
                    fwd = fwd - (F32(2.0) * (F32(pitch) / F32(16384.0)) + F32(0.1))
                    fwd = fwd - F32(0.5) * (F32(1.0) - SINE[0x400])
                    if fwd < F32(0.0):
                        fwd = F32(0.0)
                    if fwd > F32(16.0):
                        p = F32(pitch) + (fwd - F32(32.0)) * F32(6.0)
                    elif fwd > F32(4.0):
                        p = F32(pitch) + (fwd - F32(32.0)) * F32(10.0)
                    else:
                        p = F32(pitch - 0x400)
                    pitch = ((int(p) + 0x8000) & 0xffff) - 0x8000
                    if pitch > 0x2AAA:
                        pitch = 0x2AAA
                    if pitch < -0x2AAA:
                        pitch = -0x2AAA
                    vy = fwd * SINE[(pitch & 0xffff) >> 4]
                    vz = fwd * SINE[0x400 + ((pitch & 0xffff) >> 4)] * SINE[0x400]
                    y, vy, z, peak, hit, f2 = air_step(act, wing, a_down, y, vy, z, vz, peak)
                    fl |= f2
                    if hit:
                        act, astate, gp_arg, t, vy, fwd, peak, lj_slow, f2 = set_action(
                            DIVE_SLIDE, 0, y, vy, fwd, peak, lj_slow)
                        pitch = 0
                else:                        # common_air_action_step
                    land = act + LAND_OF_AIR
                    if act == WALL_KICK:
                        land = JUMP_LAND
                    if act == FLY_TRIPLE:
                        land = DOUBLE_LAND
                        if vy < F32(4.0):
                            if fwd < F32(32.0):
                                fwd = F32(32.0)
                                vz = F32(1.0) * fwd
                            act, astate, gp_arg, t, vy, fwd, peak, lj_slow, f2 = set_action(
                                FLYING, 1, y, vy, fwd, peak, lj_slow)
                            fl |= F_FLYING
                    # update_air_without_turn
                    drag = F32(48.0) if act == LONG_JUMP else F32(32.0)
                    fwd = approach(fwd, F32(0.0), F32(0.35), F32(0.35))
                    if fwd > drag:
                        fwd = fwd - F32(1.0)
                    if fwd < F32(-16.0):
                        fwd = fwd + F32(2.0)
                    vz = fwd * F32(1.0) + F32(0.0) * F32(0.0)
                    y, vy, z, peak, hit, f2 = air_step(act, wing, a_down, y, vy, z, vz, peak)
                    fl |= f2
                    if hit:
                        fl |= fall_damage(vy, peak, y)
                        act, astate, gp_arg, t, vy, fwd, peak, lj_slow, f2 = set_action(
                            land, 0, y, vy, fwd, peak, lj_slow)
            elif JUMP_LAND <= act <= LONG_JUMP_LAND:
                kind = act - LAND_OF_AIR
                if kind == LONG_JUMP:
                    if sh and fwd < F32(0.0):
                        fwd = F32(0.0)
                        fl |= F_BLJ_CLAMP
                    if not z_down:
                        a_pr = False
                if kind == TRIPLE:
                    a_pr = False
                if kind == BACKFLIP and not z_down:
                    a_pr = False
                djt = 0 if (kind == TRIPLE or kind == BACKFLIP) else 5
                t += 1
                n_land = 6 if kind == LONG_JUMP else 4
                if t >= n_land:
                    act, astate, gp_arg, t, vy, fwd, peak, lj_slow, f2 = set_action(
                        act + STOP_OF_LAND, 0, y, vy, fwd, peak, lj_slow)
                    t = n_land - 1
                    cont = True
                elif a_pr:
                    if kind == DOUBLE:
                        nxt = triple_rule(wing, fwd)
                    elif kind == BACKFLIP:
                        nxt = BACKFLIP
                    elif kind == LONG_JUMP:
                        nxt = LONG_JUMP
                    else:
                        nxt = DOUBLE
                    if nxt != JUMP:
                        fl |= F_CHAINED
                    act, astate, gp_arg, t, vy, fwd, peak, lj_slow, f2 = set_action(
                        nxt, 0, y, vy, fwd, peak, lj_slow)
                    fl |= f2
                    cont = True
                else:
                    if fwd >= F32(16.0):
                        fwd = approach(fwd, F32(0.0), F32(2.0) * F32(2.0), F32(2.0) * F32(2.0))
                        vz = fwd * F32(1.0)
                    vy = F32(0.0)
                    for _ in range(4):
                        z = z + F32(1.0) * (vz / F32(4.0))
                    y = F32(0.0)
            elif JUMP_STOP <= act <= LONG_JUMP_STOP:
                t += 1
                if act == BACKFLIP_STOP and (not z_down or t >= BACKFLIP_STOP_Z_FRAMES):
                    a_pr = False
                if a_pr:
                    if act == TRIPLE_STOP or act == LONG_JUMP_STOP:
                        nxt = JUMP
                    elif act == BACKFLIP_STOP:
                        nxt = BACKFLIP
                    else:
                        if djt == 0:
                            nxt = JUMP
                        elif act == JUMP_STOP:
                            nxt = DOUBLE
                        elif act == DOUBLE_STOP:
                            nxt = triple_rule(wing, fwd)
                        else:
                            nxt = JUMP
                        djt = 0
                    if nxt != JUMP:
                        fl |= F_CHAINED
                    act, astate, gp_arg, t, vy, fwd, peak, lj_slow, f2 = set_action(
                        nxt, 0, y, vy, fwd, peak, lj_slow)
                    fl |= f2
                    cont = True
                else:
                    fwd = F32(0.0)
                    vz = F32(1.0) * fwd
                    y = F32(0.0)
                    if t == stop_end(act, lj_slow):
                        nxt = CROUCH if act == LONG_JUMP_STOP else IDLE
                        act, astate, gp_arg, t, vy, fwd, peak, lj_slow, f2 = set_action(
                            nxt, 0, y, vy, fwd, peak, lj_slow)
            elif act == GP_LAND:
                t += 1
                fwd = F32(0.0)
                vz = F32(1.0) * fwd
                y = F32(0.0)
                if t == K_GP_LAND:
                    act, astate, gp_arg, t, vy, fwd, peak, lj_slow, f2 = set_action(
                        BUTT_SLIDE_STOP, 0, y, vy, fwd, peak, lj_slow)
            elif act == DIVE_SLIDE:
                if a_pr:
                    fl |= F_UNMODELLED
            else:                            # butt slide stop, idle, crouching
                nxt = -1
                if act != IDLE and act != CROUCH:
                    t += 1
                if a_pr:
                    nxt = JUMP if (act == BUTT_SLIDE_STOP or act == IDLE) else BACKFLIP
                    cont = True
                elif act == IDLE and z_down:
                    nxt = START_CROUCH
                    cont = True
                elif act == CROUCH and not z_down:
                    nxt = STOP_CROUCH
                    cont = True
                else:
                    fwd = F32(0.0)
                    vz = F32(1.0) * fwd
                    y = F32(0.0)
                    if act == BUTT_SLIDE_STOP and t == K_BUTT_SLIDE_STOP:
                        nxt = IDLE
                    elif act == START_CROUCH and t == K_START_CROUCH:
                        nxt = CROUCH
                    elif act == STOP_CROUCH and t == K_STOP_CROUCH:
                        nxt = IDLE
                if nxt >= 0:
                    act, astate, gp_arg, t, vy, fwd, peak, lj_slow, f2 = set_action(
                        nxt, 0, y, vy, fwd, peak, lj_slow)
                    fl |= f2
        if z <= F32(-32769.0) or z >= F32(32768.0):
            fl |= F_S16_WRAP
        if z <= F32(-8192.0) or z >= F32(8192.0):
            fl |= F_LEVEL_EDGE
        prev_a = a_down
        prev_z = z_down
        # observe
        h = np.float64(y) * SUB
        fh = math.floor(h)
        height = int(fh) if h == h else 0
        if fh != h:
            fl |= F_HEIGHT_ROUNDED
        ground = not is_air(act)
        if chain:
            open_ = (act == JUMP_LAND or act == DOUBLE_LAND or act == SIDE_FLIP_LAND
                     or act == BACKFLIP_LAND or act == LONG_JUMP_LAND
                     or ((act == JUMP_STOP or act == DOUBLE_STOP) and djt > 0)
                     or (act == BACKFLIP_STOP and t < BACKFLIP_STOP_Z_FRAMES))
            ground = ground and not open_
        rise, apex, air, flags, took_off, landed = acc_frame(
            rise, apex, air, flags, took_off, landed, f, height, ground, fl)
        if landed:
            break
    acc_store(out, i, rise, apex, air, flags, took_off, landed)


@njit
def _run(ax, hold, n_frames, out):
    for i in range(hold.size):
        lane(ax[0, i], ax[1, i], ax[2, i], ax[3, i] != 0, hold[i], n_frames, out, i)


@njit(parallel=True)
def _run_par(ax, hold, n_frames, out):
    for i in prange(hold.size):
        lane(ax[0, i], ax[1, i], ax[2, i], ax[3, i] != 0, hold[i], n_frames, out, i)


def run_numba(ax, hold, n_frames):
    out = outputs(hold.size)
    _run(ax, hold, n_frames, out)
    return out


def run_prange(ax, hold, n_frames):
    out = outputs(hold.size)
    _run_par(ax, hold, n_frames, out)
    return out


def NUMPY_LANES(ax):
    """The numpy peer models chain = off (a run ends at its first landing)."""
    return ax[3] == 0


def run_numpy(ax, hold, n_frames):
    if np.any(ax[3] != 0):
        raise ValueError("the numpy sm64 peer models chain=off only")
    n = hold.size
    axis_act = JUMP + ax[0].astype(np.int64)
    sh = ax[2] == 2  # noqa: F841  (the SH clamp acts on a long jump's landing: after the run)
    wing = axis_act == FLY_TRIPLE
    y, vy, z, vz, peak = (np.zeros(n, np.float32) for _ in range(5))
    fwd = ax[1].astype(np.float32)
    pitch = np.zeros(n, np.int64)
    act = np.zeros(n, np.int64)
    astate, t, gp_arg = (np.zeros(n, np.int64) for _ in range(3))
    prev_a = np.zeros(n, bool)
    acc = NumpyAcc(n)
    f0 = F32(0.0)

    def takeoff(m, new, y, vy, fwd, peak):
        """set_mario_action for the lanes m, each to its action new (all air actions here)."""
        fl = np.zeros(n, np.int64)
        v = vy.copy()
        w = fwd.copy()
        for a_, base, mul in ((JUMP, 42.0, 0.25), (DOUBLE, 52.0, 0.25), (TRIPLE, 69.0, 0.0),
                              (WALL_KICK, 62.0, 0.0), (SIDE_FLIP, 62.0, 0.0),
                              (LONG_JUMP, 30.0, 0.0), (FLY_TRIPLE, 82.0, 0.0)):
            k = m & (new == a_)
            v = np.where(k, (F32(base) + f0) + fwd * F32(mul), v)
        k = m & (new == BACKFLIP)
        w = np.where(k, F32(-16.0), w)
        v = np.where(k, (F32(62.0) + f0) + w * f0, v)
        k = m & ((new == JUMP) | (new == DOUBLE) | (new == TRIPLE))
        w = np.where(k, fwd * F32(0.8), w)
        k = m & (new == WALL_KICK)
        w = np.where(k & (fwd < F32(24.0)), F32(24.0), w)
        w = np.where(m & (new == SIDE_FLIP), F32(8.0), w)
        k = m & (new == LONG_JUMP)
        fl |= np.where(k & (fwd < f0), F_BACKWARD_LONG_JUMP, 0)
        lj = fwd * F32(1.5)
        w = np.where(k, np.where(lj > F32(48.0), F32(48.0), lj), w)
        return v, w, np.where(m, y, peak), fl

    for f in range(n_frames):
        a_down = f < hold
        a_pr = a_down & ~prev_a
        fl = np.zeros(n, np.int64)
        # the first press: the axis's action, run in the same frame
        m = (act == STAND) & a_pr
        vy, fwd, peak, f2 = takeoff(m, axis_act, y, vy, fwd, peak)
        fl |= f2
        act = np.where(m, axis_act, act)
        astate = np.where(m, 0, astate)
        gp_arg = np.where(m, 0, gp_arg)
        t = np.where(m, 0, t)
        # (Z is never pressed in a hold grid: no ground pound from the air)
        # act_ground_pound's hang
        hang = (act == GROUND_POUND) & (astate == 0)
        off = (20 - 2 * t).astype(np.float32)
        lift = hang & (t < 10)
        room = y + off + F32(160.0) < CEIL
        y = np.where(lift & room, y + off, y)
        peak = np.where(lift & room, y, peak)
        fl |= np.where(lift & ~room, F_CEILING, 0)
        vy = np.where(hang, F32(-50.0), vy)
        fwd = np.where(hang, f0, fwd)
        vz = np.where(hang, f0, vz)
        t = np.where(hang, t + 1, t)
        astate = np.where(hang & (t >= np.where(gp_arg != 0, GP_HANG_FROM_FLIGHT, GP_HANG)), 1, astate)
        # the flying triple jump turns into flight once vy < 4
        to_fly = (act == FLY_TRIPLE) & (vy < F32(4.0))
        fwd = np.where(to_fly & (fwd < F32(32.0)), F32(32.0), fwd)
        vz = np.where(to_fly, fwd, vz)
        peak = np.where(to_fly, y, peak)
        act = np.where(to_fly, FLYING, act)
        gp_arg = np.where(to_fly, 1, gp_arg)
        astate = np.where(to_fly, 0, astate)
        t = np.where(to_fly, 0, t)
        fl |= np.where(to_fly, F_FLYING, 0)
        # update_flying
        fly = (act == FLYING) & ~to_fly
        fl |= np.where(act == FLYING, F_FLYING, 0)
        pf = pitch.astype(np.float32)
        w = fwd - (F32(2.0) * (pf / F32(16384.0)) + F32(0.1))
        w = w - F32(0.5) * (F32(1.0) - SINE[0x400])
        w = np.where(w < f0, f0, w)
        p = np.where(w > F32(16.0), pf + (w - F32(32.0)) * F32(6.0),
                     np.where(w > F32(4.0), pf + (w - F32(32.0)) * F32(10.0),
                              (pitch - 0x400).astype(np.float32)))
        pt = ((np.trunc(p).astype(np.int64) + 0x8000) & 0xffff) - 0x8000
        pt = np.clip(pt, -0x2AAA, 0x2AAA)
        ix = (pt & 0xffff) >> 4
        fwd = np.where(fly, w, fwd)
        pitch = np.where(fly, pt, pitch)
        vy = np.where(fly, w * SINE[ix], vy)
        vz = np.where(fly, w * SINE[0x400 + ix] * SINE[0x400], vz)
        # update_air_without_turn (the air actions but the ground pound and flight)
        plain = (act >= JUMP) & (act <= FLY_TRIPLE) & (act != GROUND_POUND)
        plain |= to_fly
        drag = np.where(act == LONG_JUMP, F32(48.0), F32(32.0))
        w = np.where(fwd < f0, np.where(fwd + F32(0.35) > f0, f0, fwd + F32(0.35)),
                     np.where(fwd - F32(0.35) < f0, f0, fwd - F32(0.35)))
        w = np.where(w > drag, w - F32(1.0), w)
        w = np.where(w < F32(-16.0), w + F32(2.0), w)
        fwd = np.where(plain, w, fwd)
        vz = np.where(plain, fwd * F32(1.0) + f0 * f0, vz)
        # perform_air_step: the air lanes but a hanging ground pound
        step = ((act >= JUMP) & (act <= FLYING)) & ~hang
        landed = np.zeros(n, bool)
        for _ in range(4):
            ny = y + vy / F32(4.0)
            nz = z + vz / F32(4.0)
            go = step & ~landed
            hit = go & (ny <= f0)
            fl |= np.where(go & ~hit & (ny + F32(160.0) > CEIL), F_CEILING, 0)
            z = np.where(go, nz, z)
            y = np.where(hit, f0, np.where(go, ny, y))
            landed |= hit
        peak = np.where(step & (vy >= f0), y, peak)
        # apply_gravity (not in flight)
        g = step & (act != FLYING)
        lj = act == LONG_JUMP
        cjh = (act == JUMP) | (act == DOUBLE) | (act == WALL_KICK) | lj | (act == FLY_TRIPLE)
        rel = ~lj & ~a_down & (vy > F32(20.0)) & cjh
        wg = ~lj & ~rel & wing & (vy < f0) & a_down
        std = ~lj & ~rel & ~wg
        v2 = vy - F32(2.0)
        v4 = vy - F32(4.0)
        wv = np.where(v2 < F32(-37.5), v2 + F32(4.0), v2)
        wclamp = (v2 < F32(-37.5)) & (wv > F32(-37.5))
        nv = np.where(lj, v2, np.where(rel, vy / F32(4.0), np.where(wg, np.where(wclamp, F32(-37.5), wv), v4)))
        term = ((lj | std) & (nv < F32(-75.0))) | (wg & wclamp)
        nv = np.where((lj | std) & (nv < F32(-75.0)), F32(-75.0), nv)
        fl |= np.where(g & rel, F_A_RELEASE, 0) | np.where(g & wg, F_WING_GRAVITY, 0) \
            | np.where(g & term, F_TERMINAL, 0)
        vy = np.where(g, nv, vy)
        # the landing: fall damage checked (not for flight), the landing action set
        fl |= np.where(landed & ~fly & (vy < F32(-55.0)) & (peak - y > F32(1150.0)),
                       F_FALL_DAMAGE, 0)
        # a ground action: with chain = off the run ends on this frame, whichever it is
        act = np.where(landed, np.where(fly, DIVE_SLIDE, GP_LAND), act)
        fl |= np.where((z <= F32(-32769.0)) | (z >= F32(32768.0)), F_S16_WRAP, 0)
        fl |= np.where((z <= F32(-8192.0)) | (z >= F32(8192.0)), F_LEVEL_EDGE, 0)
        prev_a = a_down
        h = y.astype(np.float64) * SUB
        fh = np.floor(h)
        height = np.where(h == h, np.nan_to_num(fh), 0).astype(np.int64)
        fl |= np.where(fh != h, F_HEIGHT_ROUNDED, 0)
        acc.frame(f, height, ~((act >= JUMP) & (act <= FLYING)), fl)
        if acc.done(f, hold):
            break
    return acc.finish()
