#!/usr/bin/python3
"""tests/data/scv4_whole_jumps.py - scv4's whole jumps for tests/test_castlevania.c (whole_jumps),
stepped frame by frame from bogaa/Super-Castlevania-IV-addons .rom/src/bank_80.asm (not from
kernels/scv4.c): the move $80:A0E6, the air floor check $80:B676, the take-off $80:A392, the
phase routine $80:A94D and the gravity $80:A739.  Prints v0 drop hold rise_sub apex airtime."""

U32 = 0xFFFFFFFF


def s32(x):
    return x - (1 << 32) if x & 0x80000000 else x


def gravity(spd):
    spd = (spd + 0x6000) & U32           # $80:A739-$80:A749
    if s32(spd) >= 0x80000:              # BMI $80:A74C; SBC #8 $80:A758
        spd = 0x80000
    return spd


def jump(v0, drop, hold, frames=200):
    y0 = 0x200 << 16
    floor = 0x200 + 16 * drop
    y, spd, ph, cnt, air, prev = y0, 0, 0, 0, 0, 0
    rise = apex = 0
    took = False
    for f in range(frames):
        a = f < hold
        if air:
            y = (y + spd) & U32
            if s32(spd) >= 0 and (y >> 16) >= floor:
                return rise, apex, f + 1
        if not air and a and not prev:
            air, spd, ph, cnt, took = 1, (-(v0 << 8)) & U32, 0, 0, True
        if air:
            if ph == 0:
                if a:
                    cnt += 1
                if not a or cnt >= 4:
                    ph = 1
            elif ph in (1, 2):
                ph = 2
                spd = gravity(spd)
                if s32(spd) >= 0:
                    spd, ph = 0, 3
            elif ph in (3, 4):
                if ph == 3:
                    cnt, spd, ph = 0, 0, 4
                cnt += 1
                if cnt >= 9:
                    ph = 5
            else:
                if ph == 5:
                    cnt, ph = 0, 6
                cnt += 1
                spd = gravity(spd)
        prev = a
        if took and y0 - y > rise:
            rise, apex = y0 - y, f
    return rise, apex, None


CASES = [(1152, 0, 1), (1152, 0, 2), (1152, 0, 3), (1152, 0, 4), (1152, 0, 6), (1152, 4, 1),
         (1152, 16, 4), (1024, 0, 1), (1024, 0, 4), (768, 0, 1), (768, 4, 3), (256, 0, 4),
         (1280, 0, 4), (1280, 4, 2), (1535, 0, 4), (3072, 16, 4), (3072, 0, 1), (0, 0, 1),
         (0, 16, 4)]

if __name__ == "__main__":
    for c in CASES:
        print(*c, *jump(*c))
