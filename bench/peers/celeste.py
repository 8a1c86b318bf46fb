"""bench/peers/celeste.py - Celeste (PC) Madeline's jump, vertical axis, written again in Python from
the physics kernels/celeste.c models (Player.cs, Monocle's Calc.Approach and VirtualButton, Actor
MoveV / MoveVExact): float32 in C#'s order of operations, Math.Round half to even, the floor at
y = 0, feet y <= 0 in whole pixels.

Every float is a numpy float32 and every constant is written as one (np.float32(...)), so numba and
numpy evaluate each operation in float32 as the game does (a Python float would promote to
float64).  Every flag of the model is modelled (fast_fall, var_jump_cut, half_gravity,
at_max_fall, round_tie, floor_exact).
"""
import numpy as np
from numba import njit, prange

from common import NumpyAcc, acc_frame, acc_store, outputs

AXES = ("dt", "down")
FLAGS_MODELLED = 0xFFFFFFFF

F32 = np.float32
MAX_FALL = F32(160.0)
GRAVITY = F32(900.0)
HALF_GRAV_THRESHOLD = F32(40.0)
FAST_MAX_FALL = F32(240.0)
FAST_MAX_ACCEL = F32(300.0)
JUMP_GRACE_TIME = F32(0.1)
JUMP_SPEED = F32(-105.0)
VAR_JUMP_TIME = F32(0.2)
JUMP_BUFFER_TIME = F32(0.08)
DT = np.array([0.0166667, 1.0 / 60], np.float32)   # axis dt: fna, exact
ZERO, HALF, ONE = F32(0.0), F32(0.5), F32(1.0)
F_FAST_FALL = 1 << 8
F_VAR_JUMP_CUT = 1 << 9
F_HALF_GRAVITY = 1 << 10
F_AT_MAX_FALL = 1 << 11
F_ROUND_TIE = 1 << 12
F_FLOOR_EXACT = 1 << 13


@njit
def approach(val, target, max_move):
    """Calc.Approach with .NET's Math.Max / Math.Min."""
    if val > target:
        v = val - max_move
        return v if v > target else target
    v = val + max_move
    return v if v < target else target


@njit
def lane(dt_axis, down, hold, n_frames, out, i):
    dt = DT[dt_axis]
    y = 0
    remainder = ZERO
    speed = ZERO
    max_fall = MAX_FALL
    var_jump_timer = ZERO
    var_jump_speed = ZERO
    grace = ZERO
    buffer = ZERO
    prev_jump = False
    rise, apex, air, flags, took_off, landed = 0, 0, 0, 0, False, False
    for f in range(n_frames):
        jump = f < hold
        fl = 0
        # Input.Jump.Update
        pressed_now = jump and not prev_jump
        buffer = buffer - dt
        if pressed_now:
            buffer = JUMP_BUFFER_TIME
        elif not jump:
            buffer = ZERO
        jump_pressed = buffer > ZERO or pressed_now
        # Player.Update: ground, grace, var jump timer
        on_ground = speed >= ZERO and y + 1 > 0
        if on_ground:
            grace = JUMP_GRACE_TIME
        elif grace > ZERO:
            grace = grace - dt
        if var_jump_timer > ZERO:
            var_jump_timer = var_jump_timer - dt
        # NormalUpdate: max fall
        if down and speed >= MAX_FALL:
            max_fall = approach(max_fall, FAST_MAX_FALL, FAST_MAX_ACCEL * dt)
            fl |= F_FAST_FALL
        else:
            max_fall = approach(max_fall, MAX_FALL, FAST_MAX_ACCEL * dt)
        # gravity
        if not on_ground:
            mx = max_fall
            mult = HALF if (abs(speed) < HALF_GRAV_THRESHOLD and jump) else ONE
            speed = approach(speed, mx, GRAVITY * mult * dt)
            if mult == HALF:
                fl |= F_HALF_GRAVITY
            if speed == mx:
                fl |= F_AT_MAX_FALL
        # variable jumping
        if var_jump_timer > ZERO:
            if jump:
                speed = speed if speed < var_jump_speed else var_jump_speed
            else:
                var_jump_timer = ZERO
                fl |= F_VAR_JUMP_CUT
        # Jump()
        if jump_pressed and grace > ZERO:
            buffer = ZERO
            grace = ZERO
            var_jump_timer = VAR_JUMP_TIME
            speed = JUMP_SPEED + ZERO
            var_jump_speed = speed
        # Actor.MoveV
        remainder = remainder + speed * dt
        r = np.rint(np.float64(remainder))
        if abs(np.float64(remainder) - r) == 0.5:
            fl |= F_ROUND_TIE
        move = int(r)
        if move != 0:
            remainder = remainder - F32(move)
            sign = 1 if move > 0 else -1
            hit = False
            while move != 0:                 # Actor.MoveVExact, pixel by pixel
                if y + sign > 0:             # the floor fills y > 0
                    remainder = ZERO
                    speed = ZERO             # OnCollideV
                    hit = True
                    break
                move -= sign
                y += sign
            if not hit and sign > 0 and y == 0:
                fl |= F_FLOOR_EXACT
        prev_jump = jump
        rise, apex, air, flags, took_off, landed = acc_frame(
            rise, apex, air, flags, took_off, landed, f, -y, y == 0, fl)
        if landed:
            break
    acc_store(out, i, rise, apex, air, flags, took_off, landed)


@njit
def _run(ax, hold, n_frames, out):
    for i in range(hold.size):
        lane(ax[0, i], ax[1, i] != 0, hold[i], n_frames, out, i)


@njit(parallel=True)
def _run_par(ax, hold, n_frames, out):
    for i in prange(hold.size):
        lane(ax[0, i], ax[1, i] != 0, hold[i], n_frames, out, i)


def run_numba(ax, hold, n_frames):
    out = outputs(hold.size)
    _run(ax, hold, n_frames, out)
    return out


def run_prange(ax, hold, n_frames):
    out = outputs(hold.size)
    _run_par(ax, hold, n_frames, out)
    return out


def _approach(val, target, max_move):
    dn = val - max_move
    upv = val + max_move
    return np.where(val > target, np.where(dn > target, dn, target),
                    np.where(upv < target, upv, target)).astype(np.float32)


def run_numpy(ax, hold, n_frames):
    n = hold.size
    dt = DT[ax[0]]
    down = ax[1] != 0
    y = np.zeros(n, np.int64)
    remainder, speed, vjt, vjs, grace, buffer = (np.zeros(n, np.float32) for _ in range(6))
    max_fall = np.full(n, MAX_FALL, np.float32)
    prev_jump = np.zeros(n, bool)
    acc = NumpyAcc(n)
    for f in range(n_frames):
        jump = f < hold
        pressed_now = jump & ~prev_jump
        buffer = np.where(pressed_now, JUMP_BUFFER_TIME, np.where(jump, buffer - dt, ZERO))
        jump_pressed = (buffer > ZERO) | pressed_now
        on_ground = (speed >= ZERO) & (y + 1 > 0)
        grace = np.where(on_ground, JUMP_GRACE_TIME, np.where(grace > ZERO, grace - dt, grace))
        vjt = np.where(vjt > ZERO, vjt - dt, vjt)
        fast = down & (speed >= MAX_FALL)
        fl = np.where(fast, F_FAST_FALL, 0)
        max_fall = _approach(max_fall, np.where(fast, FAST_MAX_FALL, MAX_FALL), FAST_MAX_ACCEL * dt)
        half = (np.abs(speed) < HALF_GRAV_THRESHOLD) & jump
        mult = np.where(half, HALF, ONE)
        g = _approach(speed, max_fall, GRAVITY * mult * dt)
        air = ~on_ground
        speed = np.where(air, g, speed)
        fl |= np.where(air & half, F_HALF_GRAVITY, 0) | np.where(air & (g == max_fall), F_AT_MAX_FALL, 0)
        var = vjt > ZERO
        speed = np.where(var & jump & (vjs < speed), vjs, speed)
        fl |= np.where(var & ~jump, F_VAR_JUMP_CUT, 0)
        vjt = np.where(var & ~jump, ZERO, vjt)
        js = jump_pressed & (grace > ZERO)
        buffer = np.where(js, ZERO, buffer)
        grace = np.where(js, ZERO, grace)
        vjt = np.where(js, VAR_JUMP_TIME, vjt)
        speed = np.where(js, JUMP_SPEED + ZERO, speed)
        vjs = np.where(js, speed, vjs)
        # MoveV; MoveVExact in closed form: up never collides, down hits the floor past y = 0
        remainder = (remainder + speed * dt).astype(np.float32)
        r64 = np.rint(remainder.astype(np.float64))
        fl |= np.where(np.abs(remainder.astype(np.float64) - r64) == 0.5, F_ROUND_TIE, 0)
        move = r64.astype(np.int64)
        remainder = np.where(move != 0, remainder - move.astype(np.float32), remainder)
        hit = (move > 0) & (y + move > 0)
        fl |= np.where((move > 0) & ~hit & (y + move == 0), F_FLOOR_EXACT, 0)
        y = np.where(hit, 0, y + move)
        remainder = np.where(hit, ZERO, remainder)
        speed = np.where(hit, ZERO, speed)
        prev_jump = jump
        acc.frame(f, -y, y == 0, fl)
        if acc.done(f, hold):
            break
    return acc.finish()
