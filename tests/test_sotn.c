/* tests/test_sotn.c - Castlevania: Symphony of the Night (PS1), Alucard's jump: seed claim 16
 * (Gravity page: 22/128 px/frame^2 per jumping frame, a fifth while Cross is held between
 * -1/8 and 3/8 px/frame, a fall capped at 7 px/frame), frame-by-frame values derived by hand from
 * Xeeynamo/sotn-decomp src/dra/ (PlayerStepJump, func_8010FDF8, func_8010E83C, func_8010E940,
 * the player update's collision part, CheckStageCollision / CheckFloor, FIX), whole jumps
 * cross-checked with an independent Python re-implementation of the same routines, the edges of
 * the window and the cap, the Leap Stone double jump, deep water, the eight-step pass, the
 * landing, the fuzz hooks, and lane kernel == reference on every ISA. */
#include <stdio.h>

#include "testutil.h"

enum { LEAP, WATER, DROP, SUBPASS };

/* Model flags (kernels/sotn.c). */
#define F_FIFTH (1u << 8)
#define F_RELEASE (1u << 9)
#define F_FALL_CAP (1u << 10)
#define F_DOUBLE (1u << 11)
#define F_HARD (1u << 12)
#define F_LOW_BITS (1u << 13)
#define F_WATER_ROUND (1u << 14)

#define STAND_FIX (183 * 65536) /* posY.val standing: floor top row 208 - sensor +25 */

typedef struct sotn_row {
	int y, y_frac, pos_y, vel_y, step, unk44, ground;
	int64_t height;
	int grounded;
	uint32_t flags;
} sotn_row;

static const tu_field sotn_fields[] = {
	TU_FIELD(sotn_row, y, "y"),
	TU_FIELD(sotn_row, y_frac, "y_frac"),
	TU_FIELD(sotn_row, pos_y, "pos_y"),
	TU_FIELD(sotn_row, vel_y, "vel_y"),
	TU_FIELD(sotn_row, step, "step"),
	TU_FIELD(sotn_row, unk44, "unk44"),
	TU_FIELD(sotn_row, ground, "ground"),
	TU_FIELD(sotn_row, height, "height_sub"),
	TU_FIELD(sotn_row, grounded, "grounded"),
	TU_FIELD(sotn_row, flags, "flags"),
};

static void run_rows(const int32_t *ax, const uint8_t *in, int n, sotn_row *rows)
{
	TU_ROWS(tu_model("sotn"), ax, in, n, sotn_fields, rows);
}

static void hold_rows(int leap, int water, int drop, int sub, int h, int n, sotn_row *rows)
{
	uint8_t in[4096];
	tu_hold(in, n, h, 0);
	run_rows((int32_t[]){ leap, water, drop, sub }, in, n, rows);
}

/* "J10.J": one item per frame, a count repeats it (as jumpsweep --seq, J and . only). */
static int seq(const char *s, uint8_t *in, int n)
{
	int f = 0;
	while (*s) {
		uint8_t b = *s++ == 'J' ? JS_IN_JUMP : 0;
		int k = 0;
		while (*s >= '0' && *s <= '9')
			k = k * 10 + (*s++ - '0');
		for (int i = 0; i < (k ? k : 1) && f < n; i++)
			in[f++] = b;
	}
	for (int i = f; i < n; i++)
		in[i] = 0;
	return f;
}

static void seq_rows(int leap, int water, int drop, int sub, const char *s, int n, sotn_row *rows)
{
	uint8_t in[4096];
	seq(s, in, n);
	run_rows((int32_t[]){ leap, water, drop, sub }, in, n, rows);
}

static js_acc ref_seq(int leap, int water, int drop, int sub, const char *s, int n)
{
	uint8_t in[4096];
	seq(s, in, n);
	js_acc a;
	js_reference_run(tu_model("sotn"), (int32_t[]){ leap, water, drop, sub }, in, n, &a);
	return a;
}

static js_acc ref_hold(int leap, int water, int drop, int sub, int h, int n)
{
	return tu_ref_hold(tu_model("sotn"), (int32_t[]){ leap, water, drop, sub }, h, 0, n);
}

/* A start state as the fuzzer makes one: init, fields by name, fuzz_fix. */
static int field_index(const js_model *m, const char *name)
{
	for (int i = 0; i < m->n_fields; i++)
		if (!strcmp(m->fields[i].name, name))
			return i;
	cr_assert_fail("sotn has no field %s", name);
	return -1;
}

static void start_state(void *st, const int32_t *ax, int32_t pos_y, int32_t vel_y, int step,
			int unk44, int held)
{
	const js_model *m = tu_model("sotn");
	m->init(st, ax);
	js_field_set(&m->fields[field_index(m, "pos_y")], st, pos_y);
	js_field_set(&m->fields[field_index(m, "vel_y")], st, vel_y);
	js_field_set(&m->fields[field_index(m, "step")], st, step);
	js_field_set(&m->fields[field_index(m, "unk44")], st, unk44);
	js_field_set(&m->fields[field_index(m, "held")], st, held);
	m->fuzz_fix(st);
}

static int32_t get(const void *st, const char *name)
{
	const js_model *m = tu_model("sotn");
	return (int32_t)js_field_get(&m->fields[field_index(m, name)], st);
}

/* One step from a start; returns velocityY after it and the frame's flags. */
static int32_t step_from(const int32_t *ax, int32_t pos_y, int32_t vel_y, int unk44, int held,
			 unsigned input, uint32_t *flags)
{
	const js_model *m = tu_model("sotn");
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	start_state(st, ax, pos_y, vel_y, 4, unk44, held);
	m->step(st, input);
	js_obs o;
	m->observe(st, &o);
	if (flags)
		*flags = o.flags;
	return get(st, "vel_y");
}

/* FIX(x) = (s32)((x) * 65536.0) (include/common.h): the model's constants as the compiler folds
 * them; the fifth of 22/128 is 2252.8, truncated. */
Test(sotn, fix_constants)
{
	cr_expect_eq((int32_t)((22.0 / 128) * 65536.0), 11264);
	cr_expect_eq((int32_t)((22.0 / 128 / 5) * 65536.0), 2252);
	cr_expect_eq((int32_t)((-4.875) * 65536.0), -319488);
	cr_expect_eq((int32_t)((-4.25) * 65536.0), -278528);
	cr_expect_eq((int32_t)((-1.0) * 65536.0), -65536);
	cr_expect_eq((int32_t)((7.0) * 65536.0), 458752);
	cr_expect_eq((int32_t)((6.875) * 65536.0), 450560);
	cr_expect_eq((int32_t)((3.0 / 8) * 65536.0), 24576);
	cr_expect_eq((int32_t)((-1.0 / 8) * 65536.0), -8192);
	/* YAccel / 4 in deep water (s32 division) */
	cr_expect_eq(11264 / 4, 2816);
	cr_expect_eq(2252 / 4, 563);
}

/* Tapped (Cross down on frame 0 only), dry, by hand.
 * Frame 0: Player_Stand, padTapped & Cross -> func_8010E83C(1): velocityY = FIX(-4.875) =
 * -319488, step 4, unk44 = 4; the collision pass moves by it: height 319488 (4.875 px), posY
 * 183.0 - 4.875 = 178 + 8192/65536.
 * Frame 1: PlayerStepJump: -319488 < FIX(-1) and Cross up -> -65536 (release); func_8010FDF8:
 * not in the window (Cross up) -> + 11264 = -54272; height 319488 + 54272 = 373760.
 * Frames 2..: + 11264 each: -43008, -31744, -20480, -9216, 2048 (frame 6 moves down), ...
 * heights 416768, 448512, 468992, 478208 (frame 5: the apex, 7.296875 px), 476160.
 * Frames 7..14: 13312 .. 92160: heights 462848, 438272, 402432, 355328, 296960, 227328, 146432,
 * 54272.  Frame 15: 103424: posY = 183.0 - 54272 + 103424 = 183 + 49152 -> posY.i.hi 183 >= 183,
 * velocityY >= 0: CheckFloor snaps posY.i.hi back to 183 (unk18 = -0), posY.i.lo = 0,
 * TOUCHING_GROUND: the landing frame, airtime 16.  The speed stays 103424 until frame 16's
 * func_8010FDF8 lands him (func_8010E570: Player_Stand, velocityY 0). */
Test(sotn, tapped_frames_by_hand)
{
	sotn_row r[17];
	hold_rows(0, 0, 0, 0, 1, 17, r);
	static const int vy[16] = { -319488, -54272, -43008, -31744, -20480, -9216, 2048, 13312,
				    24576, 35840, 47104, 58368, 69632, 80896, 92160, 103424 };
	static const int64_t h[16] = { 319488, 373760, 416768, 448512, 468992, 478208, 476160,
				       462848, 438272, 402432, 355328, 296960, 227328, 146432,
				       54272, 0 };
	for (int f = 0; f < 16; f++) {
		cr_expect_eq(r[f].vel_y, vy[f], "frame %d: vel_y %d", f, r[f].vel_y);
		cr_expect_eq(r[f].height, h[f], "frame %d: height %lld", f, (long long)r[f].height);
		cr_expect_eq(r[f].pos_y, STAND_FIX - h[f]);
		cr_expect_eq(r[f].step, 4);
		cr_expect_eq(r[f].unk44, 4);
		cr_expect_eq(r[f].grounded, f == 15);
		cr_expect_eq(r[f].flags, f == 1 ? F_RELEASE : 0u, "frame %d: flags %#x", f, r[f].flags);
	}
	cr_expect_eq(r[0].y, 178);
	cr_expect_eq(r[0].y_frac, 8192);
	cr_expect_eq(r[15].y, 183);
	cr_expect_eq(r[15].y_frac, 0);
	cr_expect_eq(r[15].ground, 1);
	cr_expect_eq(r[16].step, 0);
	cr_expect_eq(r[16].vel_y, 0);
	cr_expect_eq(r[16].height, 0);
	js_acc a = ref_hold(0, 0, 0, 0, 1, 64);
	cr_expect_eq(a.rise, 478208);
	cr_expect_eq(a.apex_frame, 5);
	cr_expect_eq(a.airtime, 16);
	cr_expect_eq(a.flags, F_RELEASE);
}

/* Held throughout, dry, by hand.  velocityY after frame k (k >= 1) is -319488 + 11264 k while the
 * speed before the frame's gravity is outside (FIX(-1/8), FIX(3/8)): v27 = -15360 (not > -8192:
 * full), v28 = -4096.  Frame 29: -4096 is in the window, Cross held: + 2252 = -1844.  Frames
 * 30..41: -1844 + 2252 = 408, 2660, ..., v40 = 408 + 10 * 2252 = 22928 (< 24576: still a fifth),
 * v41 = 25180; frame 42: 25180 >= FIX(3/8): full, 36444.  Apex: the last upward move is frame 29
 * (-1844): rise = 319488 * 29 - 11264 * (1 + ... + 28) + 1844 = 9265152 - 4573184 + 1844 =
 * 4693812 (71.62 px), apex frame 29. */
Test(sotn, held_frames_by_hand)
{
	sotn_row r[70];
	hold_rows(0, 0, 0, 0, 100, 70, r);
	for (int k = 1; k <= 28; k++)
		cr_expect_eq(r[k].vel_y, -319488 + 11264 * k, "frame %d", k);
	cr_expect_eq(r[28].vel_y, -4096);
	cr_expect_eq(r[28].flags, 0);
	cr_expect_eq(r[29].vel_y, -1844);
	cr_expect_eq(r[29].flags, F_FIFTH);
	for (int k = 30; k <= 41; k++) {
		cr_expect_eq(r[k].vel_y, -1844 + 2252 * (k - 29), "frame %d", k);
		cr_expect_eq(r[k].flags, F_FIFTH);
	}
	cr_expect_eq(r[40].vel_y, 22928);
	cr_expect_eq(r[41].vel_y, 25180);
	cr_expect_eq(r[42].vel_y, 36444);
	cr_expect_eq(r[42].flags, 0);
	cr_expect_eq(r[29].height, 4693812);
	cr_expect_eq(r[30].height, 4693812 - 408);
	for (int f = 1; f < 70 && !r[f].grounded; f++)
		cr_expect_eq(r[f].height - r[f - 1].height, -(int64_t)r[f].vel_y,
			     "frame %d: the move is the new speed", f);
	cr_expect_eq(r[67].grounded, 1);
	cr_expect_eq(r[66].grounded, 0);
	js_acc a = ref_hold(0, 0, 0, 0, 100, 512);
	cr_expect_eq(a.rise, 4693812);
	cr_expect_eq(a.apex_frame, 29);
	cr_expect_eq(a.airtime, 68); /* the Python re-implementation: 68 */
	cr_expect_eq(a.flags, F_FIFTH);
}

/* Seed claim 16: each jumping frame adds 0.171875 px/frame^2 (11264), a fifth of it (2252) while
 * Cross is held and FIX(-1/8) < velocityY < FIX(3/8), and the fall is capped at 7 px/frame.  With
 * random buttons: every airborne frame's velocityY is (what the release left) + 11264 or + 2252
 * exactly when the window holds, capped at 458752, and the move is by the new speed. */
Test(sotn, claim16_gravity_window_cap)
{
	uint64_t seed = 16;
	sotn_row r[200];
	uint8_t in[200];
	int fifths = 0, caps = 0;
	for (int t = 0; t < 300; t++) {
		int drop = (int)(tu_rand(&seed) % 17);
		for (int f = 0; f < 200; f++)
			in[f] = (uint8_t)(f == 0 || (tu_rand(&seed) % 3) ? JS_IN_JUMP : 0);
		run_rows((int32_t[]){ 0, 0, drop, 0 }, in, 200, r);
		for (int f = 1; f < 200 && !r[f - 1].grounded; f++) {
			int32_t v = r[f - 1].vel_y;
			int held = in[f] != 0;
			if (v < -65536 && !held)
				v = -65536;
			int win = v > -8192 && v < 24576 && held;
			int32_t want = v + (win ? 2252 : 11264);
			if (want > 458752)
				want = 458752;
			cr_assert_eq(r[f].vel_y, want, "case %d frame %d", t, f);
			cr_assert_eq(!!(r[f].flags & F_FIFTH), win);
			fifths += win;
			caps += !!(r[f].flags & F_FALL_CAP);
			if (!r[f].grounded)
				cr_assert_eq(r[f].pos_y - r[f - 1].pos_y, r[f].vel_y);
		}
	}
	cr_expect_gt(fifths, 100);
	cr_expect_gt(caps, 10);
}

/* The window's edges, strict on both sides, from start states in the air with Cross held. */
Test(sotn, window_edges)
{
	const int32_t dry[] = { 0, 0, 0, 0 }, deep[] = { 0, 1, 0, 0 };
	const int32_t y = STAND_FIX - 40 * 65536;
	uint32_t fl;
	cr_expect_eq(step_from(dry, y, -8192, 4, 1, JS_IN_JUMP, &fl), -8192 + 11264);
	cr_expect_eq(fl & F_FIFTH, 0);
	cr_expect_eq(step_from(dry, y, -8191, 4, 1, JS_IN_JUMP, &fl), -8191 + 2252);
	cr_expect_eq(fl & F_FIFTH, F_FIFTH);
	cr_expect_eq(step_from(dry, y, 24575, 4, 1, JS_IN_JUMP, &fl), 24575 + 2252);
	cr_expect_eq(step_from(dry, y, 24576, 4, 1, JS_IN_JUMP, &fl), 24576 + 11264);
	cr_expect_eq(fl & F_FIFTH, 0);
	/* Cross up: no fifth (and no release above FIX(-1)) */
	cr_expect_eq(step_from(dry, y, 0, 4, 1, 0, &fl), 11264);
	/* unk44 & 0x20 (after the Leap Stone jump): no fifth */
	cr_expect_eq(step_from(dry, y, 0, 0x25, 1, JS_IN_JUMP, &fl), 11264);
	/* deep water: YAccel / 4; the move is 3/4 of the speed and the speed is restored (* 4 / 3):
	 * 0 + 563 -> 563 * 3 / 4 = 422 -> 422 * 4 / 3 = 562 (water_round) */
	cr_expect_eq(step_from(deep, y, 0, 4, 1, JS_IN_JUMP, &fl), 562);
	cr_expect_eq(fl, F_FIFTH | F_WATER_ROUND);
	/* 0 + 2816 -> 2112 -> 2816: exact */
	cr_expect_eq(step_from(deep, y, 0, 4, 1, 0, &fl), 2816);
	cr_expect_eq(fl, 0);
}

/* The cap: velocityY > FIX(7) after gravity is set to FIX(7); at FIX(7) it stays. */
Test(sotn, fall_cap_edges)
{
	const int32_t dry[] = { 0, 0, 16, 0 }, deep[] = { 0, 1, 16, 0 };
	const int32_t y = STAND_FIX;
	uint32_t fl;
	cr_expect_eq(step_from(dry, y, 458752 - 11264, 4, 0, 0, &fl), 458752);
	cr_expect_eq(fl & F_FALL_CAP, 0);
	cr_expect_eq(step_from(dry, y, 458752 - 11263, 4, 0, 0, &fl), 458752);
	cr_expect_eq(fl & F_FALL_CAP, F_FALL_CAP);
	cr_expect_eq(step_from(dry, y, 458752, 4, 0, 0, &fl), 458752);
	/* deep water: 458752 * 3 / 4 = 344064, * 4 / 3 = 458752 */
	cr_expect_eq(step_from(deep, y, 458752, 4, 0, 0, &fl), 458752);
	cr_expect_eq(fl, F_FALL_CAP);
	/* From the flat floor a jump never reaches the cap (the held jump lands at 318044); off a
	 * 16-tile ledge it does: tapped, v46 = -54272 + 45 * 11264 = 452608, frame 47: 463872 ->
	 * 458752. */
	js_acc a = ref_hold(0, 0, 0, 0, 100, 512);
	cr_expect_eq(a.flags & F_FALL_CAP, 0);
	sotn_row r[66];
	hold_rows(0, 0, 16, 0, 1, 66, r);
	cr_expect_eq(r[46].vel_y, 452608);
	cr_expect_eq(r[47].vel_y, 458752);
	cr_expect_eq(r[47].flags, F_FALL_CAP);
	cr_expect_eq(r[48].vel_y, 458752);
	a = ref_hold(0, 0, 16, 0, 1, 512);
	cr_expect_eq(a.airtime, 65);
	cr_expect_eq(a.flags, F_RELEASE | F_FALL_CAP | F_HARD | JS_FLAG_BELOW_START);
}

/* The release: before gravity, only below FIX(-1), only with Cross up, every such frame.
 * Held 3 frames: v2 = -296960; frame 3 up: -> -65536, + 11264 = -54272.  Held 28: v27 = -15360,
 * frame 28 up: no release (above FIX(-1)), + 11264 = -4096.  Held 29: frame 28 held, but
 * -15360 is not in the window: -4096; frame 29 up: no fifth: 7168. */
Test(sotn, release)
{
	sotn_row r[31];
	hold_rows(0, 0, 0, 0, 3, 5, r);
	cr_expect_eq(r[2].vel_y, -296960);
	cr_expect_eq(r[3].vel_y, -54272);
	cr_expect_eq(r[3].flags, F_RELEASE);
	cr_expect_eq(r[4].vel_y, -43008);
	cr_expect_eq(r[4].flags, 0);
	hold_rows(0, 0, 0, 0, 28, 30, r);
	cr_expect_eq(r[28].vel_y, -4096);
	cr_expect_eq(r[28].flags, 0);
	cr_expect_eq(r[29].vel_y, 7168);
	hold_rows(0, 0, 0, 0, 29, 31, r);
	cr_expect_eq(r[28].vel_y, -4096);
	cr_expect_eq(r[29].vel_y, 7168);
	cr_expect_eq(r[29].flags, 0);
	js_acc a = ref_hold(0, 0, 0, 0, 28, 512);
	cr_expect_eq(a.flags & F_RELEASE, 0);
	/* the release is a level, not an edge: Cross up, then held again while still fast: the
	 * second release acts too (J3 . J . : frames 3 and 5) */
	seq_rows(0, 0, 0, 0, "J3.J.", 6, r);
	cr_expect_eq(r[3].vel_y, -54272);
	cr_expect_eq(r[4].vel_y, -43008); /* held again, no window, no double jump (leap off) */
	cr_expect_eq(r[5].vel_y, -31744);
	cr_expect_eq(r[5].flags, 0); /* -43008 >= FIX(-1): nothing to release */
}

/* The Leap Stone: "J10.J".  Frames 1..9 held: v9 = -319488 + 9 * 11264 = -218112; frame 10 up:
 * release -> -65536 + 11264 = -54272; frame 11 Cross tapped: no release (held), gravity -43008,
 * then func_8010E940: velocityY = FIX(-4.25) = -278528, unk44 |= 0x21 (4 -> 0x25).  Frame 12 up:
 * release -> -54272.  Without the relic frame 11 is -43008.  A third tap does nothing (unk44 &
 * 1).  Whole jump (Python re-implementation): rise 3179520, apex 16, airtime 42. */
Test(sotn, leap_stone_double_jump)
{
	sotn_row r[40]; /* hold_rows(..., 40, r) below writes 40 rows */
	seq_rows(1, 0, 0, 0, "J10.J.J", 20, r);
	cr_expect_eq(r[9].vel_y, -218112);
	cr_expect_eq(r[10].vel_y, -54272);
	cr_expect_eq(r[10].flags, F_RELEASE);
	cr_expect_eq(r[11].vel_y, -278528);
	cr_expect_eq(r[11].flags, F_DOUBLE);
	cr_expect_eq(r[11].unk44, 0x25);
	cr_expect_eq(r[11].height - r[10].height, 278528);
	cr_expect_eq(r[12].vel_y, -54272);
	cr_expect_eq(r[13].vel_y, -43008); /* the third tap: gravity only */
	cr_expect_eq(r[13].flags, 0);
	seq_rows(0, 0, 0, 0, "J10.J", 12, r);
	cr_expect_eq(r[11].vel_y, -43008);
	cr_expect_eq(r[11].flags, 0);
	js_acc a = ref_seq(1, 0, 0, 0, "J10.J", 512);
	cr_expect_eq(a.rise, 3179520);
	cr_expect_eq(a.apex_frame, 16);
	cr_expect_eq(a.airtime, 42);
	cr_expect_eq(a.flags, F_RELEASE | F_DOUBLE);
	/* held after the double jump: the window is off (unk44 & 0x20): no fifth at the top.
	 * Python: rise 6326272, apex 35, airtime 70. */
	a = ref_seq(1, 0, 0, 0, "J10.J200", 512);
	cr_expect_eq(a.rise, 6326272);
	cr_expect_eq(a.apex_frame, 35);
	cr_expect_eq(a.airtime, 70);
	cr_expect_eq(a.flags & F_FIFTH, 0);
	/* a tap on the take-off frame's next frame (Cross up one frame between) works too; a tap
	 * while Cross is still held from the take-off is no tap */
	seq_rows(1, 0, 0, 0, "J.J", 3, r);
	cr_expect_eq(r[2].vel_y, -278528);
	hold_rows(1, 0, 0, 0, 100, 40, r);
	cr_expect_eq(r[1].flags & F_DOUBLE, 0);
}

/* Deep water (D_80097448 > 40): YAccel / 4 (2816, 563), the move at velocityY * 3 / 4, then
 * velocityY * 4 / 3.  Frame 0: -319488 * 3 / 4 = -239616 (height 239616 = 3.65625 px), restored
 * to -319488.  Tapped, frame 1: release -65536 + 2816 = -62720, moves -47040 (height 286656),
 * restored -62720.  Python: tapped rise 787200, apex 23, airtime 52; held 13738014, 123, 272. */
Test(sotn, deep_water)
{
	sotn_row r[3];
	hold_rows(0, 1, 0, 0, 1, 3, r);
	cr_expect_eq(r[0].height, 239616);
	cr_expect_eq(r[0].vel_y, -319488);
	cr_expect_eq(r[1].vel_y, -62720);
	cr_expect_eq(r[1].height, 286656);
	cr_expect_eq(r[2].vel_y, -59904);
	cr_expect_eq(r[2].height, 286656 + 44928);
	hold_rows(0, 1, 0, 0, 300, 2, r);
	cr_expect_eq(r[1].vel_y, -319488 + 2816);
	cr_expect_eq(r[1].height, 239616 + 237504); /* 316672 * 3 / 4 */
	js_acc a = ref_hold(0, 1, 0, 0, 1, 512);
	cr_expect_eq(a.rise, 787200);
	cr_expect_eq(a.apex_frame, 23);
	cr_expect_eq(a.airtime, 52);
	a = ref_hold(0, 1, 0, 0, 300, 512);
	cr_expect_eq(a.rise, 13738014);
	cr_expect_eq(a.apex_frame, 123);
	cr_expect_eq(a.airtime, 272);
	cr_expect_eq(a.flags, F_FIFTH | F_WATER_ROUND);
}

/* The eight-step pass (|velocityX| >= FIX(2)): velocityY >> 3, eight moves, * 8: the speed loses
 * its low 3 bits toward -inf.  Held: 11264 and -319488 are multiples of 8, so nothing changes
 * until the window: frame 29: -4096 + 2252 = -1844 -> (-1844 >> 3) * 8 = -231 * 8 = -1848,
 * height 4691968 + 1848; frame 30: -1848 + 2252 = 404 -> 400.  Python: rise 4693816, apex 29,
 * airtime 68; with deep water 13738560, 123, 273. */
Test(sotn, subpass_low_bits)
{
	sotn_row r[32];
	hold_rows(0, 0, 0, 1, 100, 32, r);
	cr_expect_eq(r[28].vel_y, -4096);
	cr_expect_eq(r[28].flags, 0);
	cr_expect_eq(r[29].vel_y, -1848);
	cr_expect_eq(r[29].flags, F_FIFTH | F_LOW_BITS);
	cr_expect_eq(r[29].height, 4691968 + 1848);
	cr_expect_eq(r[30].vel_y, 400);
	cr_expect_eq(r[31].vel_y, 2648);
	js_acc a = ref_hold(0, 0, 0, 1, 100, 512);
	cr_expect_eq(a.rise, 4693816);
	cr_expect_eq(a.apex_frame, 29);
	cr_expect_eq(a.airtime, 68);
	a = ref_hold(0, 1, 0, 1, 300, 512);
	cr_expect_eq(a.rise, 13738560);
	cr_expect_eq(a.apex_frame, 123);
	cr_expect_eq(a.airtime, 273);
	/* the tapped jump is all multiples of 8: the same as without the pass */
	js_acc b = ref_hold(0, 0, 0, 0, 1, 64);
	a = ref_hold(0, 0, 0, 1, 1, 64);
	cr_expect_eq(a.rise, b.rise);
	cr_expect_eq(a.airtime, b.airtime);
	cr_expect_eq(a.flags, b.flags);
}

/* The what-if against the game's setting over the default holds (claim sotn/subpass-unreached:
 * no Cross jump reaches |velocityX| >= FIX(2), sotn-decomp func_8010E83C / PlayerStepJump).  By
 * hand from subpass_low_bits above: a hold h presses Cross on frames 0..h-1, so frame 29's first
 * fifth-gravity step (-4096 + 2252 = -1844, the first speed that is not a multiple of 8) needs h
 * >= 30; before it every speed is a multiple of 8 and the pass changes nothing.  From h = 30 the
 * pass moves frame 29 by -1848 instead of -1844 and that frame is the apex (the next speed, 404
 * or 408, is already down): the rise is 4 sub-units more, apex 29 and airtime the same. */
Test(sotn, subpass_what_if_over_the_default_holds)
{
	for (int h = 0; h <= 180; h++) {
		js_acc off = ref_hold(0, 0, 0, 0, h, 512), on = ref_hold(0, 0, 0, 1, h, 512);
		cr_expect_eq(on.rise - off.rise, h >= 30 ? 4 : 0, "hold %d: %lld vs %lld", h,
			     (long long)on.rise, (long long)off.rise);
		cr_expect_eq(on.apex_frame, off.apex_frame, "hold %d", h);
		cr_expect_eq(on.airtime, off.airtime, "hold %d", h);
		cr_expect_eq(!!(off.flags & F_LOW_BITS), 0, "hold %d: the game's setting drops nothing", h);
	}
}

/* The landing: the snap frame is grounded with posY.i.lo 0; the next frame func_8010FDF8 stands
 * Alucard (velocityY 0) and a tap on it is used up; the frame after, a tap jumps.  Tapped: the
 * snap is frame 15 (above), frame 16 the landing. */
Test(sotn, landing_eats_a_tap)
{
	sotn_row r[20];
	seq_rows(0, 0, 0, 0, "J.15J", 20, r); /* tap on frame 16 */
	cr_expect_eq(r[15].grounded, 1);
	cr_expect_eq(r[15].step, 4);
	cr_expect_eq(r[16].step, 0);
	cr_expect_eq(r[16].vel_y, 0);
	cr_expect_eq(r[17].step, 0);
	seq_rows(0, 0, 0, 0, "J.16J", 20, r); /* tap on frame 17 */
	cr_expect_eq(r[16].step, 0);
	cr_expect_eq(r[17].step, 4);
	cr_expect_eq(r[17].vel_y, -319488);
	cr_expect_eq(r[17].height, 319488);
	/* Cross held over the landing: no tap, no jump */
	seq_rows(0, 0, 0, 0, "J.14J5", 20, r);
	cr_expect_eq(r[19].step, 0);
	/* Leap Stone: a tap on the snap's next frame lands (the landing returns first) */
	seq_rows(1, 0, 0, 0, "J.15J", 20, r);
	cr_expect_eq(r[16].step, 0);
	cr_expect_eq(r[16].flags & F_DOUBLE, 0);
}

/* The hard landing: off the 16-tile ledge at the cap, the snap frame raises hard_landing and the
 * next frame's func_8010E470(1, 0) puts Alucard in Player_Crouch; a tap from there jumps. */
Test(sotn, hard_landing)
{
	sotn_row r[68];
	seq_rows(0, 0, 16, 0, "J.65J", 68, r);
	cr_expect_eq(r[64].grounded, 1);
	cr_expect_eq(r[64].pos_y, (183 + 256) * 65536);
	cr_expect_eq(r[64].flags, F_FALL_CAP | F_HARD);
	cr_expect_eq(r[65].step, 2);
	cr_expect_eq(r[65].vel_y, 0);
	cr_expect_eq(r[66].step, 4);
	cr_expect_eq(r[66].vel_y, -319488);
	/* drop 1: the tapped jump falls 16 px more: at most 2.65 px/frame: soft (Player_Stand) */
	js_acc a = ref_hold(0, 0, 1, 0, 1, 128);
	cr_expect_eq(a.flags & F_HARD, 0);
	cr_expect(a.flags & JS_FLAG_BELOW_START);
}

/* The lane kernel's water division: v * 4 / 3 (toward 0) = v + (int)((float)v * (1.0f / 3.0f))
 * over the whole range it meets (|v| < 2^19). */
Test(sotn, water_division_premise)
{
	volatile float third = 1.0f / 3.0f; /* the float the kernel multiplies by */
	for (int32_t v = -(1 << 19); v <= (1 << 19); v++) {
		int32_t want = v * 4 / 3;
		int32_t got = v + (int32_t)((float)v * third);
		if (got != want)
			cr_assert_fail("v = %d: %d, want %d", v, got, want);
	}
}

/* The lane kernel's move in water: v * 3 / 4 (toward 0) = (int)((float)v * 0.75f) over the same
 * range. */
Test(sotn, water_move_premise)
{
	volatile float three_quarters = 0.75f;
	for (int32_t v = -(1 << 19); v <= (1 << 19); v++) {
		int32_t want = v * 3 / 4;
		int32_t got = (int32_t)((float)v * three_quarters);
		if (got != want)
			cr_assert_fail("v = %d: %d, want %d", v, got, want);
	}
}

/* The lane kernel's restored speed in water without the eight-step pass: (v * 3 / 4) * 4 / 3 is
 * v moved 1 toward 0 when v % 4 != 0. */
Test(sotn, water_restore_premise)
{
	for (int32_t v = -(1 << 19); v <= (1 << 19); v++) {
		int32_t want = v * 3 / 4 * 4 / 3;
		int32_t got = v - ((v & 3) != 0 ? (v < 0 ? -1 : 1) : 0);
		if (got != want)
			cr_assert_fail("v = %d: %d, want %d", v, got, want);
	}
}

/* ---- fuzz hooks ---- */

Test(sotn, fuzz_fix_and_fields)
{
	const js_model *m = tu_model("sotn");
	cr_expect_eq(m->n_fields, 5);
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	/* on the ground: init's place, speed 0 */
	start_state(st, (int32_t[]){ 0, 0, 3, 0 }, STAND_FIX - 100 * 65536, 4000, 1, 0, 0);
	cr_expect_eq(get(st, "step"), 0);
	cr_expect_eq(get(st, "pos_y"), STAND_FIX);
	cr_expect_eq(get(st, "vel_y"), 0);
	start_state(st, (int32_t[]){ 0, 0, 3, 0 }, STAND_FIX, 0, 2, 0, 0);
	cr_expect_eq(get(st, "step"), 2);
	/* in the air: above the landing floor, at most 1024 px up */
	start_state(st, (int32_t[]){ 0, 0, 3, 0 }, (183 + 256) * 65536, 0, 3, 0, 0);
	cr_expect_eq(get(st, "step"), 4);
	cr_expect_eq(get(st, "pos_y"), (183 + 48) * 65536 - 1);
	start_state(st, (int32_t[]){ 0, 0, 0, 0 }, (183 - 2048) * 65536, 0, 4, 0, 0);
	cr_expect_eq(get(st, "pos_y"), (183 - 1024) * 65536);
	for (int i = 0; i < m->n_fields; i++) {
		cr_expect_not_null(m->fields[i].why);
		cr_expect_leq(m->fields[i].min, m->fields[i].max);
	}
	cr_expect_not_null(m->invariants);
	for (int i = 0; i < 3; i++) {
		cr_expect_not_null(m->inv_names[i]);
		cr_expect_not_null(m->inv_what[i]);
	}
}

/* From random fuzz starts and random buttons, the reference keeps every field in its range and
 * breaks none of the invariants (the game's rules hold for its own arithmetic). */
Test(sotn, invariants_and_ranges_hold)
{
	const js_model *m = tu_model("sotn");
	uint64_t seed = 77;
	_Alignas(16) unsigned char st[JS_STATE_MAX], before[JS_STATE_MAX];
	for (int t = 0; t < 4000; t++) {
		int32_t ax[4];
		for (int a = 0; a < 4; a++)
			ax[a] = m->axes[a].min + (int32_t)(tu_rand(&seed) %
				(uint64_t)(m->axes[a].max - m->axes[a].min + 1));
		m->init(st, ax);
		for (int i = 0; i < m->n_fields; i++) {
			const js_field *fd = &m->fields[i];
			double span = fd->max - fd->min;
			uint64_t r = tu_rand(&seed);
			double v = r % 4 == 0 ? fd->min : r % 4 == 1 ? fd->max
				 : fd->min + (double)((r >> 8) % (uint64_t)(span + 1));
			js_field_set(fd, st, v);
		}
		m->fuzz_fix(st);
		for (int f = 0; f < 400; f++) {
			unsigned in = (tu_rand(&seed) % 3) ? 0 : JS_IN_JUMP;
			memcpy(before, st, m->state_size);
			m->step(st, in);
			uint32_t bad = m->invariants(before, st, in);
			cr_assert_eq(bad, 0, "case %d frame %d: invariants %#x", t, f, bad);
			for (int i = 0; i < m->n_fields; i++) {
				double v = js_field_get(&m->fields[i], st);
				cr_assert(v >= m->fields[i].min && v <= m->fields[i].max,
					  "case %d frame %d: %s = %g", t, f, m->fields[i].name, v);
			}
		}
	}
}

/* land_bound: the slowest landing with no buttons from any fuzz start: 1024 px up (fuzz_fix's
 * highest start), deep water, onto the drop-16 floor: 350 frames (the Python re-implementation
 * agrees); every start speed and the eight-step pass land sooner or as soon. */
Test(sotn, land_bound)
{
	const js_model *m = tu_model("sotn");
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	int worst = 0;
	static const int32_t vys[] = { -319488, -278528, -65537, -65536, 0, 24575, 458752 };
	for (int water = 0; water < 2; water++)
		for (int sub = 0; sub < 2; sub++)
			for (int k = 0; k < 7; k++)
				for (int u = 0; u < 2; u++) {
					start_state(st, (int32_t[]){ 1, water, 16, sub }, (183 - 2048) * 65536,
						    vys[k], 4, u ? 0x21 : 0, u);
					js_obs o;
					int f = 0;
					do {
						m->step(st, 0);
						m->observe(st, &o);
						f++;
					} while (!o.grounded && f < 10000);
					if (f > worst)
						worst = f;
				}
	cr_expect_eq(worst, 350);
	cr_expect_geq(m->land_bound, worst);
}

/* ---- lane kernel == reference ---- */

Test(sotn, lanes_equal_reference_holds) { tu_check_random_lanes(tu_model("sotn"), 4000, 512, 1, TU_HOLDS, 300); }
Test(sotn, lanes_equal_reference_random) { tu_check_random_lanes(tu_model("sotn"), 4000, 512, 2, TU_RANDOM, 0); }
Test(sotn, lanes_equal_reference_sparse_presses) { tu_check_random_lanes(tu_model("sotn"), 4000, 600, 3, TU_SPARSE, 0); }
Test(sotn, lanes_partial_block) { tu_check_random_lanes(tu_model("sotn"), 7, 100, 4, TU_RANDOM, 0); }

/* Starts from any state the fields allow: every lane path agrees with the reference. */
Test(sotn, lanes_equal_reference_from_fuzz_starts, .timeout = 120)
{
	int with_fields = tu_check_random_starts(tu_model("sotn"), 400, 400, 11);
	cr_assert_gt(with_fields, 100);
}

/* Every default-grid lane on every path, and the default frames are enough. */
Test(sotn, lanes_equal_reference_default_grid)
{
	const js_model *m = tu_model("sotn");
	int n_frames = m->default_frames, nh = m->default_hold + 1;
	size_t n = 4 * (size_t)nh;
	int32_t *ax = malloc(n * 4 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	size_t i = 0;
	for (int leap = 0; leap < 2; leap++)
		for (int water = 0; water < 2; water++)
			for (int h = 0; h < nh; h++, i++) {
				int32_t *a = ax + 4 * i;
				a[LEAP] = leap;
				a[WATER] = water;
				a[DROP] = 0;
				a[SUBPASS] = 0;
				tu_hold(in + i * (size_t)n_frames, n_frames, h, 0);
				js_acc r;
				js_reference_run(m, a, in + i * (size_t)n_frames, n_frames, &r);
				cr_expect_eq(r.flags & JS_FLAG_NOT_LANDED, 0, "default frames too few");
			}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

/* Sequences with double jumps, deep water and drops, on every path. */
Test(sotn, lanes_equal_reference_double_jumps)
{
	const js_model *m = tu_model("sotn");
	uint64_t seed = 5;
	size_t n = 2000;
	int n_frames = 700;
	int32_t *ax = malloc(n * 4 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		ax[4 * i + LEAP] = 1;
		ax[4 * i + WATER] = (int32_t)(tu_rand(&seed) % 2);
		ax[4 * i + DROP] = (int32_t)(tu_rand(&seed) % 17);
		ax[4 * i + SUBPASS] = (int32_t)(tu_rand(&seed) % 2);
		int h1 = 1 + (int)(tu_rand(&seed) % 60), gap = 1 + (int)(tu_rand(&seed) % 150);
		int h2 = 1 + (int)(tu_rand(&seed) % 100);
		for (int f = 0; f < n_frames; f++)
			in[i * (size_t)n_frames + (size_t)f] =
				(uint8_t)(f < h1 || (f >= h1 + gap && f < h1 + gap + h2) ? JS_IN_JUMP : 0);
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

/* Jumps the kernel reads from its table of whole jumps (kernels/sotn.c, "From init's states, by
 * table") and jumps next to them that it must step: the take-off delayed by 0..149 frames (the
 * table's jumps are taken off on frame 0, shifted), every (water, subpass, drop) and leap, holds
 * of 1..299 frames (past the landing too); the first half's blocks read every lane from the
 * table, and in the second half every lane presses Cross again 1..399 frames after its release:
 * before the landing that makes its block step (a window press or a double jump), after it the
 * lane is still the table's; the last ten blocks' short holds press it on the landing frame
 * with the Leap Stone (a double jump instead of the landing).  Reference on every path. */
Test(sotn, lanes_equal_reference_shifted_jumps)
{
	const js_model *m = tu_model("sotn");
	uint64_t seed = 17;
	size_t n = 3000;
	int n_frames = 900;
	int32_t *ax = malloc(n * 4 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		ax[4 * i + LEAP] = (int32_t)(tu_rand(&seed) % 2);
		ax[4 * i + WATER] = (int32_t)(tu_rand(&seed) % 2);
		ax[4 * i + DROP] = (int32_t)(tu_rand(&seed) % 17);
		ax[4 * i + SUBPASS] = (int32_t)(tu_rand(&seed) % 2);
		int t0 = (int)(tu_rand(&seed) % 150), h = 1 + (int)(tu_rand(&seed) % 299);
		if (i >= n - 640)
			h = 1 + h % 59;
		int p2 = i >= n / 2 ? t0 + h + 1 + (int)(tu_rand(&seed) % 399) : n_frames;
		uint8_t *row = in + i * (size_t)n_frames;
		for (int f = 0; f < n_frames; f++)
			row[f] = (uint8_t)((f >= t0 && f < t0 + h) || (f >= p2 && f < p2 + 5) ? JS_IN_JUMP
											   : 0);
		if (i >= n - 640) { /* the press on the landing frame: a double jump there */
			ax[4 * i + LEAP] = 1;
			for (int f = t0 + h; f < n_frames; f++)
				row[f] = 0;
			js_acc r;
			js_reference_run(m, ax + 4 * i, row, n_frames, &r);
			if (r.airtime >= 1 && r.airtime - 1 > t0 + h)
				row[r.airtime - 1] = JS_IN_JUMP;
		}
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

/* The table's chunks made on demand by the sweep's threads (kernels/sotn.c): grids whose rows
 * and chunks overlap, in one process, 3 threads first (a block whose chunk another thread is
 * making steps meanwhile), then 1, on every path, equal to the reference. */
Test(sotn, table_chunks_on_demand)
{
	const char *axes[][2] = { { "drop=0:16", "water=dry:deep" },
				  { "water=deep", "subpass=off:on" },
				  { "drop=3", "leap=off:on" } };
	const char *holds[] = { "1:70", "90:260", "0:180" };
	for (int gi = 0; gi < 3; gi++)
		tu_check_grid_threads(tu_model("sotn"), axes[gi], 2, holds[gi], axes[gi][0]);
}

Test(sotn, metadata)
{
	const js_model *m = tu_model("sotn");
	cr_expect_eq(m->sub_per_unit, 65536);
	cr_expect_eq(m->n_axes, 4);
	cr_expect_str_eq(m->axes[LEAP].name, "leap");
	cr_expect_str_eq(m->axes[WATER].name, "water");
	cr_expect_str_eq(m->axes[DROP].name, "drop");
	cr_expect_str_eq(m->axes[SUBPASS].name, "subpass");
	cr_expect_eq(m->inputs, JS_IN_JUMP);
	cr_expect_leq(m->state_size, JS_STATE_MAX);
	cr_expect_str_eq(m->flag_names[8], "fifth");
	cr_expect_str_eq(m->flag_names[14], "water_round");
	int n = 0;
	while (m->claims[n])
		n++;
	cr_expect_eq(n, 9);
}
