/* tests/test_sonic2.c - Sonic 2: seed claim 10 (Gravity page; claim 11's Sonic 2 half),
 * frame-by-frame values derived by hand from Sonic_Jump / Tails_Jump / Sonic_JumpHeight /
 * ObjectMoveAndFall / Sonic_DoLevelCollision / Sonic_ResetOnFloor (sonicretro/s2disasm), whole
 * jumps cross-checked with an independent Python re-implementation, flags at the edges, and lane
 * kernel == reference on every ISA (both of its paths: kernels/sonic_genesis.h). */
#include <stdio.h>

#include "testutil.h"

enum { ENV, CHAR, START, VY0 };
enum { AIR, WATER };
enum { SONIC, TAILS, SUPER };
enum { JUMP, WRITTEN, SPRING };

/* Model flags (kernels/sonic_genesis.h). */
#define F_RELEASE_CAP (1u << 8)
#define F_SPRING_CAP (1u << 9)
#define F_NO_FC0_CAP (1u << 10)
#define F_VY_WRAP (1u << 11)
#define F_Y_WRAP (1u << 12)
#define F_DEEP_LANDING (1u << 13)
#define F_MISSED_LANDING (1u << 14)

#define TAME 0x1800 /* SG_TAME_VY: the lane kernel's fast path below, the general path above */

typedef struct s2_row {
	unsigned y_px, y_frac, air, roll, jumping;
	int vy;
	int64_t height; /* observe: 1/256 px */
	int grounded;
	uint32_t flags;
} s2_row;

/* Steps the reference for frames 0..n-1 and decodes its trace row and observation after each. */
static const tu_field sonic2_fields[] = {
	TU_FIELD(s2_row, y_px, "y_px"),
	TU_FIELD(s2_row, y_frac, "y_frac"),
	TU_FIELD(s2_row, vy, "vy"),
	TU_FIELD(s2_row, air, "air"),
	TU_FIELD(s2_row, roll, "roll"),
	TU_FIELD(s2_row, jumping, "jumping"),
	TU_FIELD(s2_row, height, "height_sub"),
	TU_FIELD(s2_row, grounded, "grounded"),
	TU_FIELD(s2_row, flags, "flags"),
};

static void run_rows(int env, int ch, int start, int vy0, const uint8_t *in, int n, s2_row *rows)
{
	const int32_t ax[] = { env, ch, start, vy0 };
	TU_ROWS(tu_model("sonic2"), ax, in, n, sonic2_fields, rows);
}

static void hold_rows(int env, int ch, int start, int vy0, int h, int n, s2_row *rows)
{
	uint8_t in[4096];
	tu_hold(in, n, h, 0);
	run_rows(env, ch, start, vy0, in, n, rows);
}

static js_acc ref_hold(int env, int ch, int start, int vy0, int h, int n_frames)
{
	return tu_ref_hold(tu_model("sonic2"), (int32_t[]){ env, ch, start, vy0 }, h, 0, n_frames);
}

static uint32_t y32(const s2_row *r)
{
	return (uint32_t)r->y_px << 16 | r->y_frac;
}

/* Held jump, Sonic, air, by hand.
 * Frame 0 (the press): Obj01_MdNormal_Checks -> Obj01_MdNormal -> Sonic_Jump: d2 = $680,
 * y_vel = 0 + (-$100 * $680 >> 8) = -$680; rolling, y_radius $E, addq.w #5: y_pos $03EC -> $03F1;
 * addq.l #4,sp skips ObjectMove: no move, height 0.
 * Frame 1: Sonic_JumpHeight: held, no cap.  ObjectMoveAndFall: y_pos += -$680 << 8 ->
 * $03F1.0000 - $6.8000 = $03EA.8000; y_vel -$680 + $38 = -$648.  Height $680 = 1664.
 * Frame 2: y_pos - $6.4800 = $03E4.3800; y_vel -$610; height 3272.
 * Frame 3: y_pos - $6.1000 = $03DE.2800; y_vel -$5D8; height 4824. */
Test(sonic2, held_frames_by_hand)
{
	s2_row r[4];
	hold_rows(AIR, SONIC, JUMP, 0, 40, 4, r);
	const unsigned px[4] = { 0x3f1, 0x3ea, 0x3e4, 0x3de };
	const unsigned frac[4] = { 0x0000, 0x8000, 0x3800, 0x2800 };
	const int vy[4] = { -0x680, -0x648, -0x610, -0x5d8 };
	const int64_t h[4] = { 0, 1664, 3272, 4824 };
	for (int f = 0; f < 4; f++) {
		cr_expect_eq(r[f].y_px, px[f], "frame %d: y $%X, expected $%X", f, r[f].y_px, px[f]);
		cr_expect_eq(r[f].y_frac, frac[f], "frame %d: frac $%X", f, r[f].y_frac);
		cr_expect_eq(r[f].vy, vy[f], "frame %d: vy %d", f, r[f].vy);
		cr_expect_eq(r[f].height, h[f], "frame %d: height %lld", f, (long long)r[f].height);
		cr_expect_eq(r[f].air, 1);
		cr_expect_eq(r[f].roll, 1);
		cr_expect_eq(r[f].jumping, 1);
		cr_expect_eq(r[f].flags, 0);
	}
}

/* Tapped, air, by hand.  Frame 1: jumping, y_vel -$680 < -$400 (cmp.w / ble) and no A/B/C held
 * (Ctrl_1_Held_Logical) -> y_vel := -$400 (release_cap); y_pos += -$4.0000 -> $03ED.0000;
 * y_vel -$3C8; height 1024.  Frame 2: -$3C8 >= -$400: no cap; $03E9.3800, y_vel -$390, 1992. */
Test(sonic2, tapped_frames_by_hand)
{
	s2_row r[3];
	hold_rows(AIR, SONIC, JUMP, 0, 1, 3, r);
	cr_expect_eq(y32(&r[1]), 0x03ed0000u);
	cr_expect_eq(r[1].vy, -0x3c8);
	cr_expect_eq(r[1].height, 1024);
	cr_expect_eq(r[1].flags, F_RELEASE_CAP);
	cr_expect_eq(y32(&r[2]), 0x03e93800u);
	cr_expect_eq(r[2].vy, -0x390);
	cr_expect_eq(r[2].height, 1992);
	cr_expect_eq(r[2].flags, 0);
}

/* Super Sonic, held, air, by hand: Sonic_Jump's tst.b (Super_Sonic_flag).w -> d2 = $800.
 * Frame 0: y_vel -$800, y_pos $03F1.0000.  Frame 1: $03F1.0000 - $8.0000 = $03E9.0000, y_vel
 * -$7C8, height 2048.  Frame 2: - $7.C800 = $03E1.3800, y_vel -$790, height 4040.  Frame 3:
 * - $7.9000 = $03D9.A800, y_vel -$758, height 5976.
 * Under water the underwater test comes after the Super one: d2 = $380, as Sonic's. */
Test(sonic2, super_sonic_by_hand)
{
	s2_row r[4];
	hold_rows(AIR, SUPER, JUMP, 0, 40, 4, r);
	const uint32_t y[4] = { 0x03f10000u, 0x03e90000u, 0x03e13800u, 0x03d9a800u };
	const int vy[4] = { -0x800, -0x7c8, -0x790, -0x758 };
	const int64_t h[4] = { 0, 2048, 4040, 5976 };
	for (int f = 0; f < 4; f++) {
		cr_expect_eq(y32(&r[f]), y[f], "frame %d: y %#x", f, y32(&r[f]));
		cr_expect_eq(r[f].vy, vy[f], "frame %d: vy %d", f, r[f].vy);
		cr_expect_eq(r[f].height, h[f], "frame %d: height %lld", f, (long long)r[f].height);
	}
	hold_rows(WATER, SUPER, JUMP, 0, 40, 2, r);
	cr_expect_eq(r[0].vy, -0x380);
	cr_expect_eq(r[1].vy, -0x370);
	cr_expect_eq(r[1].height, 0x380);
}

/* Tails: Obj02_Init's y_radius $F stands him at y_pos $03F0 (feet on row $03FF); Tails_Jump's
 * addq.w #1 curls him to y_radius $E at $03F1 - Sonic's rolled y_pos - with -$680 (under water
 * -$380), so his jump is Sonic's frame for frame; Tails_ResetOnFloor's subq.w #1 stands him at
 * $03F0 again (Sonic: $03EC) with the landing's fraction.  Held air jump: lands on frame 61, the
 * feet 3.8125 px in (height -976 before the snap), fraction $D000 kept. */
Test(sonic2, tails_is_sonic_with_radius_f)
{
	s2_row s[64], t[64];
	for (int env = AIR; env <= WATER; env++)
		for (int h = 0; h <= 40; h += 5) {
			hold_rows(env, SONIC, JUMP, 0, h, 64, s);
			hold_rows(env, TAILS, JUMP, 0, h, 64, t);
			for (int f = 0; f < 64; f++) {
				cr_assert_eq(t[f].vy, s[f].vy, "env %d hold %d frame %d", env, h, f);
				cr_assert_eq(t[f].height, s[f].height);
				cr_assert_eq(t[f].air, s[f].air);
				cr_assert_eq(t[f].flags, s[f].flags);
				if (s[f].roll)
					cr_assert_eq(y32(&t[f]), y32(&s[f]));
				else
					cr_assert_eq(y32(&t[f]), y32(&s[f]) + (4u << 16));
			}
		}
	hold_rows(AIR, TAILS, JUMP, 0, 64, 64, t);
	cr_expect_eq(t[0].y_px, 0x3f1);
	cr_expect_eq(t[60].air, 1);
	cr_expect_eq(t[61].air, 0);
	cr_expect_eq(t[61].y_px, 0x3f0);
	cr_expect_eq(t[61].y_frac, 0xd000);
	cr_expect_eq(t[61].roll, 0);
	cr_expect_eq(t[61].vy, 0);
	cr_expect_eq(t[61].height, -208);
	s2_row g[2];
	run_rows(AIR, TAILS, JUMP, 0, (uint8_t[2]){ 0, 0 }, 2, g);
	cr_expect_eq(g[1].y_px, 0x3f0);
	cr_expect_eq(g[1].air, 0);
	cr_expect_eq(g[1].height, 0);
}

/* Seed claim 10: ObjectMoveAndFall adds $38 to y_vel each airborne frame, and under water the
 * air modes take $28 back ($10).  Every character, held (no release cap on any airborne frame,
 * so every step is the bare gravity) until the landing frame writes 0. */
Test(sonic2, claim10_gravity_and_underwater)
{
	s2_row r[256];
	for (int ch = SONIC; ch <= SUPER; ch++)
		for (int env = AIR; env <= WATER; env++) {
			int g = env == AIR ? 0x38 : 0x10;
			hold_rows(env, ch, JUMP, 0, 256, 256, r);
			int n = 0;
			for (int f = 1; f < 256 && r[f].air; f++, n++)
				cr_expect_eq(r[f].vy - r[f - 1].vy, g, "char %d env %d frame %d", ch, env, f);
			/* airborne frames after the take-off: Sonic/Tails 60 / 113, Super 74 / 113 */
			cr_expect_eq(n, env == WATER ? 113 : ch == SUPER ? 74 : 60, "char %d env %d: %d", ch,
				     env, n);
		}
}

/* Gravity on every airborne frame, button held or not: with random buttons each airborne frame's
 * new y_vel is (what Sonic_JumpHeight left) + $38 (net $10 under water); the position moves by
 * the speed before gravity, << 8 (claim 19's rule, Sonic 2's ObjectMoveAndFall). */
Test(sonic2, gravity_every_frame_and_old_speed_move)
{
	uint64_t seed = 10;
	s2_row r[512];
	uint8_t in[512];
	for (int t = 0; t < 150; t++) {
		int env = (int)(tu_rand(&seed) % 2), ch = (int)(tu_rand(&seed) % 3);
		int start = (int)(tu_rand(&seed) % 3);
		int vy0 = -0x400 - (int)(tu_rand(&seed) % 0x1000);
		for (int f = 0; f < 512; f++)
			in[f] = (uint8_t)(f == 0 || (tu_rand(&seed) & 1) ? JS_IN_JUMP : 0);
		run_rows(env, ch, start, vy0, in, 512, r);
		int g = env == AIR ? 0x38 : 0x10;
		for (int f = 1; f < 512 && r[f].air; f++) {
			int before = r[f - 1].vy;
			if (r[f].flags & F_RELEASE_CAP)
				before = env == AIR ? -0x400 : -0x200;
			if (r[f].flags & F_SPRING_CAP)
				before = -0xfc0;
			cr_expect_eq(r[f].vy, before + g, "trial %d frame %d", t, f);
			cr_expect_eq(y32(&r[f]) - y32(&r[f - 1]), (uint32_t)before << 8, "trial %d frame %d",
				     t, f);
		}
	}
}

/* Sonic_JumpHeight's jumping branch returns before Sonic_UpVelCap: a written -$1100 is -$10C8 a
 * frame later (held; no_fc0_cap marks it), each frame +$38 (s2disasm has no fixBugs here).  Off a
 * spring (jumping clear) Sonic_UpVelCap clamps it: -$FC0 + $38 = -$F88.  Tails the same. */
Test(sonic2, no_fc0_cap_after_jumps)
{
	s2_row r[8];
	for (int ch = SONIC; ch <= TAILS; ch++) {
		hold_rows(AIR, ch, WRITTEN, -0x1100, 200, 8, r);
		cr_expect_eq(r[0].vy, -0x1100);
		cr_expect_eq(r[1].vy, -0x10c8);
		cr_expect_eq(r[1].height, 0x1100);
		cr_expect_eq(r[1].flags, F_NO_FC0_CAP);
		cr_expect_eq(r[7].vy, -0x1100 + 7 * 0x38);
		hold_rows(AIR, ch, SPRING, -0x1100, 200, 3, r);
		cr_expect_eq(r[1].vy, -0xf88);
		cr_expect_eq(r[1].height, 0xfc0);
		cr_expect_eq(r[1].flags, F_SPRING_CAP);
	}
	/* released on frame 1: the release cap, not -$FC0 */
	hold_rows(AIR, SONIC, WRITTEN, -0x1100, 1, 3, r);
	cr_expect_eq(r[1].vy, -0x3c8);
	cr_expect_eq(r[1].flags, F_RELEASE_CAP);
}

/* Whole jumps: rise (1/256 px), apex frame, airtime.  Expected values from an independent Python
 * re-implementation of the rules (/tmp/sonic2-py/genesis.py, written separately from the C: the
 * feet in 1/256 px below row $03FF, the take-off, release, gravity and floor rules re-derived
 * from s2disasm), and by hand for Super Sonic's held air jump: height after frame k
 * = 2048k - 28k(k-1), last positive increment at k = 37 (2048 - 56 * 36 = 32): 75776 - 37296
 * = 38480 (150.3125 px); H(74) = 296 > 0, H(75) = -1800 (7.03 px in): lands on frame 75,
 * airtime 76.  Sonic's and Tails' figures are Sonic 1's (tests/test_sonic1.c). */
Test(sonic2, whole_jumps)
{
	struct { int env, ch, h; int64_t rise; int apex, air, below; } c[] = {
		{ AIR, SONIC, 1, 9880, 19, 39, 0 },     { AIR, SONIC, 2, 11544, 20, 42, 0 },
		{ AIR, SONIC, 5, 16200, 23, 49, 1 },    { AIR, SONIC, 13, 25560, 30, 62, 0 },
		{ AIR, SONIC, 32, 25560, 30, 62, 0 },   { WATER, SONIC, 1, 8448, 32, 67, 0 },
		{ WATER, SONIC, 2, 9344, 33, 70, 1 },   { WATER, SONIC, 13, 18144, 44, 94, 0 },
		{ WATER, SONIC, 25, 25536, 56, 115, 0 }, { WATER, SONIC, 32, 25536, 56, 115, 0 },
		{ AIR, TAILS, 5, 16200, 23, 49, 1 },    { AIR, TAILS, 32, 25560, 30, 62, 0 },
		{ WATER, TAILS, 32, 25536, 56, 115, 0 },
		{ AIR, SUPER, 1, 9880, 19, 39, 0 },     { AIR, SUPER, 2, 11928, 20, 42, 0 },
		{ AIR, SUPER, 5, 17736, 23, 50, 1 },    { AIR, SUPER, 13, 30760, 31, 66, 1 },
		{ AIR, SUPER, 25, 38480, 37, 76, 0 },   { AIR, SUPER, 32, 38480, 37, 76, 0 },
		{ WATER, SUPER, 5, 11936, 36, 77, 0 },  { WATER, SUPER, 32, 25536, 56, 115, 0 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		js_acc a = ref_hold(c[i].env, c[i].ch, JUMP, 0, c[i].h, 1024);
		cr_expect_eq(a.rise, c[i].rise, "case %zu: rise %lld", i, (long long)a.rise);
		cr_expect_eq(a.apex_frame, c[i].apex, "case %zu: apex %d", i, a.apex_frame);
		cr_expect_eq(a.airtime, c[i].air, "case %zu: airtime %d", i, a.airtime);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED), 0, "case %zu", i);
		cr_expect_eq(!!(a.flags & JS_FLAG_BELOW_START), c[i].below, "case %zu: flags %#x", i,
			     a.flags);
	}
}

/* No press: no jump; a late press jumps then; holding through the landing does not jump again,
 * a new press after it does (Obj01_MdNormal_Checks needs Ctrl_1_Press_Logical). */
Test(sonic2, no_press_late_press_and_rejump)
{
	js_acc a = ref_hold(AIR, SONIC, JUMP, 0, 0, 128);
	cr_expect_eq(a.rise, 0);
	cr_expect(a.flags & JS_FLAG_NO_TAKEOFF);
	uint8_t in[160] = { 0 };
	for (int f = 5; f < 160; f++)
		in[f] = f == 85 ? 0 : JS_IN_JUMP;
	js_reference_run(tu_model("sonic2"), (int32_t[]){ AIR, SUPER, JUMP, 0 }, in, 160, &a);
	cr_expect_eq(a.rise, 38480);
	cr_expect_eq(a.apex_frame, 5 + 37);
	cr_expect_eq(a.airtime, 5 + 76);
	s2_row r[160];
	run_rows(AIR, SUPER, JUMP, 0, in, 160, r);
	/* lands on frame 80; released on 85, pressed again on 86 */
	cr_expect_eq(r[79].air, 1);
	cr_expect_eq(r[80].air, 0);
	cr_expect_eq(r[85].air, 0);
	cr_expect_eq(r[86].air, 1);
	cr_expect_eq(r[86].vy, -0x800);
}

/* Edges the flags mark (written / spring speeds over the whole signed word), as in Sonic 1:
 * $7FFF + $38 wraps (vy_wrap); a spring at $2100 lands 33 px in, FindFloor reads -17
 * (deep_landing); $7900 is refused by the byte compare (missed_landing); -$8000 held climbs past
 * y_pos's pixel word (y_wrap). */
Test(sonic2, edge_flags)
{
	s2_row r[4];
	hold_rows(AIR, TAILS, WRITTEN, 0x7fff, 4096, 2, r);
	cr_expect_eq(r[1].vy, 0x7fff + 0x38 - 0x10000);
	cr_expect(r[1].flags & F_VY_WRAP);
	hold_rows(AIR, SONIC, SPRING, 0x2100, 0, 2, r);
	cr_expect_eq(r[1].air, 0);
	cr_expect_eq(r[1].flags, F_DEEP_LANDING);
	cr_expect_eq(r[1].y_px, 0x3ec + 16);
	hold_rows(AIR, SUPER, WRITTEN, 0x7900, 0, 3, r);
	cr_expect_eq(r[1].flags, F_MISSED_LANDING);
	cr_expect_eq(r[1].air, 1);
	js_acc a = ref_hold(AIR, SONIC, WRITTEN, -0x8000, 4096, 4096);
	cr_expect(a.flags & F_Y_WRAP, "flags %#x", a.flags);
}

/* ---- lane kernel == reference ---- */

static int32_t edge_vy0(uint64_t *seed)
{
	static const int32_t e[] = { -0x8000, -0x7fff, -0x7900, -0x2000, -0x1801, -0x1800, -0x17ff,
				     -0x1100, -0x1030, -0xfc1, -0xfc0, -0xfbf, -0x800, -0x680,
				     -0x401, -0x400, -0x3ff, -0x380, -0x201, -0x200, -0x38, -1, 0,
				     1, 0xff, 0x100, 0x17ff, 0x1800, 0x1801, 0x2000, 0x2100, 0x7800,
				     0x7900, 0x7fc8, 0x7fff };
	return e[tu_rand(seed) % (sizeof e / sizeof e[0])];
}

/* mode 0: holds; 1: random buttons every frame; 2: sparse presses; 3: edge vy0, every other lane
 * held throughout; 4: tame vy0 only (the fast path), random buttons. */
static void check_lanes(size_t n, int n_frames, uint64_t seed, int mode)
{
	const js_model *m = tu_model("sonic2");
	int32_t *ax = malloc(n * 4 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		ax[4 * i + ENV] = (int32_t)(tu_rand(&seed) % 2);
		ax[4 * i + CHAR] = (int32_t)(tu_rand(&seed) % 3);
		ax[4 * i + START] = (int32_t)(tu_rand(&seed) % 3);
		ax[4 * i + VY0] = mode == 3 || tu_rand(&seed) % 8 == 0
				  ? edge_vy0(&seed)
				  : (int32_t)(tu_rand(&seed) % 0x10000) - 0x8000;
		if (mode == 4 || (mode == 0 && tu_rand(&seed) % 2))
			ax[4 * i + VY0] = (int32_t)(tu_rand(&seed) % (2 * TAME + 1)) - TAME;
		int h = (int)(tu_rand(&seed) % 60);
		for (int f = 0; f < n_frames; f++) {
			unsigned b;
			if (mode == 0)
				b = f < h;
			else if (mode == 3 && (i & 1))
				b = 1;
			else if (mode == 2)
				b = (unsigned)((tu_rand(&seed) % 8) == 0);
			else
				b = (unsigned)(tu_rand(&seed) & 1);
			in[i * (size_t)n_frames + (size_t)f] = (uint8_t)(b ? JS_IN_JUMP : 0);
		}
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

Test(sonic2, lanes_equal_reference_holds) { check_lanes(4000, 512, 1, 0); }
Test(sonic2, lanes_equal_reference_random) { check_lanes(4000, 512, 2, 1); }
Test(sonic2, lanes_equal_reference_sparse_presses) { check_lanes(3000, 600, 3, 2); }
Test(sonic2, lanes_equal_reference_edges, .timeout = 120) { check_lanes(1000, 4096, 4, 3); }
Test(sonic2, lanes_equal_reference_tame, .timeout = 120) { check_lanes(4000, 1024, 5, 4); }
Test(sonic2, lanes_partial_block) { check_lanes(7, 100, 6, 1); }

/* The fast path's precondition, exhaustively: every tame written / spring start never released
 * (the highest flight of each: a release only lowers it), both environments, run through the
 * lane kernel (both paths meet here: the block's groups are tame) and the reference. */
Test(sonic2, lanes_equal_reference_every_tame_start, .timeout = 300)
{
	const js_model *m = tu_model("sonic2");
	const int n_frames = 800; /* under water -$1800 held: airtime 770 */
	size_t n = 0, cap = 2 * 2 * (2 * TAME + 1);
	int32_t *ax = malloc(cap * 4 * sizeof *ax);
	uint8_t *in = malloc(cap * (size_t)n_frames);
	for (int env = AIR; env <= WATER; env++)
		for (int start = WRITTEN; start <= SPRING; start++)
			for (int v = -TAME; v <= TAME; v += v > -TAME + 64 && v < TAME - 64 ? 3 : 1) {
				cr_assert_lt(n, cap);
				int32_t *a = ax + 4 * n;
				a[ENV] = env;
				a[CHAR] = (int32_t)(n % 3);
				a[START] = start;
				a[VY0] = v;
				tu_hold(in + n * (size_t)n_frames, n_frames, n_frames, 0);
				n++;
			}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	for (size_t i = 0; i < n; i += 97) {
		js_acc a;
		js_reference_run(m, ax + 4 * i, in + i * (size_t)n_frames, n_frames, &a);
		cr_expect_eq(a.flags & (F_VY_WRAP | F_Y_WRAP | F_DEEP_LANDING | F_MISSED_LANDING |
					JS_FLAG_NOT_LANDED), 0, "lane %zu: flags %#x", i, a.flags);
	}
	free(ax);
	free(in);
}

/* Every default-grid lane on every path. */
Test(sonic2, lanes_equal_reference_default_grid)
{
	const js_model *m = tu_model("sonic2");
	int n_frames = m->default_frames, nh = m->default_hold + 1;
	size_t n = 2 * 3 * (size_t)nh;
	int32_t *ax = malloc(n * 4 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	size_t i = 0;
	for (int env = 0; env < 2; env++)
		for (int ch = 0; ch < 3; ch++)
			for (int h = 0; h < nh; h++, i++) {
				ax[4 * i + ENV] = env;
				ax[4 * i + CHAR] = ch;
				ax[4 * i + START] = JUMP;
				ax[4 * i + VY0] = m->axes[VY0].def_lo;
				tu_hold(in + i * (size_t)n_frames, n_frames, h, 0);
				js_acc a;
				js_reference_run(m, ax + 4 * i, in + i * (size_t)n_frames, n_frames, &a);
				cr_expect_eq(a.flags & JS_FLAG_NOT_LANDED, 0, "default frames too few");
			}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

/* The metadata the CLI and the HDF5 writer read. */
Test(sonic2, metadata)
{
	const js_model *m = tu_model("sonic2");
	cr_expect_eq(m->sub_per_unit, 256);
	cr_expect_eq(m->n_axes, 4);
	cr_expect_str_eq(m->axes[ENV].name, "env");
	cr_expect_str_eq(m->axes[CHAR].name, "character");
	cr_expect_str_eq(m->axes[CHAR].names[SUPER], "super_sonic");
	cr_expect_str_eq(m->axes[START].name, "start");
	cr_expect_str_eq(m->axes[VY0].name, "vy0");
	cr_expect_eq(m->axes[START].def_lo, JUMP);
	cr_expect_eq(m->axes[START].def_hi, JUMP);
	cr_expect_leq(m->state_size, JS_STATE_MAX);
	cr_expect_lt(m->key_size, m->state_size);
	for (int b = 8; b <= 14; b++)
		cr_expect_not_null(m->flag_names[b], "flag bit %d named", b);
}

/* ---- fuzz starts: fields, invariants, the landing bound (model.h; sonic_genesis.h) ---- */

/* Starts from any state the fields allow, every character: every lane path agrees with the
 * reference frame by frame. */
Test(sonic2, lanes_equal_reference_from_fuzz_starts)
{
	int with_fields = tu_check_random_starts(tu_model("sonic2"), 300, 200, 31);
	cr_assert_gt(with_fields, 100);
}

/* Tails standing: sg_fuzz_fix puts his feet (y_pos + y_radius $F) on row $03FF: y_pos $03F0. */
Test(sonic2, fuzz_fix_stands_tails_on_the_floor)
{
	js_case c;
	tu_case(&c, "sonic2", 1);
	c.axis[0][CHAR] = TAILS;
	tu_case_set(&c, "y_px", 5);
	tu_case_set(&c, "vy", 1000);
	tu_case_set(&c, "jumping", 1);
	char row[128];
	tu_case_row_after(&c, 0, row, sizeof row);
	cr_expect_str_eq(row, "1008,0,0,0,0,0");
}

/* No fall cap under water either: ObjectMoveAndFall's addi.w #$38 then subi.w #$28 is +$10 a
 * frame.  Tails from y_pos $8000 (the top of the sky) falling at 32000: after frame f y_vel is
 * 32000 + 16 (f + 1), 32768 = -$8000 when f = 47.  He has fallen (48 * 32000 + 16 * 47 * 48 / 2)
 * / 256 = 1554048 / 256 = 6070.5 px: y_pos $8000 + 6070.5, still in the sky. */
Test(sonic2, fuzz_underwater_fall_wraps_y_vel)
{
	js_case c;
	tu_case(&c, "sonic2", 100);
	c.axis[0][ENV] = WATER;
	c.axis[0][CHAR] = TAILS;
	tu_case_set(&c, "y_px", 0x8000);
	tu_case_set(&c, "vy", 32000);
	tu_case_set(&c, "air", 1);
	js_break b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "vy_wrap"));
	cr_expect_eq(b.frame, 47);
	char row[128];
	tu_case_row_after(&c, 48, row, sizeof row);
	cr_expect_str_eq(row, "38838,32768,-32768,1,0,0");
}

/* Sonic_CheckFloor's byte compare refuses Tails at y_vel $7A00 (feet row 904 -> 1026, d1 = -3,
 * byte(-(hi($7A38) + 8)) = +126: frame 0), and FindFloor's two-block reach leaves Super Sonic
 * curled up (y_radius $E) from feet row 1020 at $3C00 on row 1055, 32 px in (row 1080, d1 = -17
 * - (56 & 15) = -25; frame 0); Sonic_ResetOnFloor's subq.w #5 keeps the feet: y_pos 1036. */
Test(sonic2, fuzz_fast_falls_through_and_into_the_floor)
{
	js_case c;
	tu_case(&c, "sonic2", 16);
	c.axis[0][CHAR] = TAILS;
	tu_case_set(&c, "y_px", 904 - 0x0f);
	tu_case_set(&c, "vy", 0x7a00);
	tu_case_set(&c, "air", 1);
	js_break b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "floor_catch"));
	cr_expect_eq(b.frame, 0);

	tu_case(&c, "sonic2", 16);
	c.axis[0][CHAR] = SUPER;
	tu_case_set(&c, "y_px", 1020 - 0x0e);
	tu_case_set(&c, "vy", 0x3c00);
	tu_case_set(&c, "air", 1);
	tu_case_set(&c, "roll", 1);
	tu_case_set(&c, "jumping", 1);
	b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "floor_snap"));
	cr_expect_eq(b.frame, 0);
	char row[128];
	tu_case_row_after(&c, 1, row, sizeof row);
	cr_expect_str_eq(row, "1036,0,0,0,0,0");
}

/* Normal play keeps every invariant: every character's jumps, every hold, air and water. */
Test(sonic2, fuzz_invariants_hold_in_normal_play)
{
	js_case c;
	for (int ch = 0; ch < 3; ch++)
		for (int env = 0; env < 2; env++)
			for (int h = 0; h < 32; h += 3) {
				tu_case(&c, "sonic2", 128);
				c.axis[0][ENV] = env;
				c.axis[0][CHAR] = ch;
				for (int f = 0; f < h; f++)
					c.input[0][f] = JS_IN_JUMP;
				js_break b = tu_case_breaks(&c);
				cr_expect_eq(b.kind, JS_BREAK_NONE, "char %d env %d hold %d", ch, env, h);
			}
}
