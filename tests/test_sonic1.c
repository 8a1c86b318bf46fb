/* tests/test_sonic1.c - Sonic 1: seed claims (Gravity page 10, 11, 19, 24, 25), frame-by-frame
 * values derived by hand from Sonic_Jump / Sonic_JumpHeight / ObjectFall / Sonic_Floor
 * (sonicretro/s1disasm), whole-jump figures, flags at the edges, and lane kernel == reference on
 * every ISA. */
#include <stdio.h>

#include "testutil.h"

enum { ENV, START, VY0 };
enum { AIR, WATER };
enum { JUMP, WRITTEN, SPRING };

/* Model flags (kernels/sonic1.c). */
#define F_RELEASE_CAP (1u << 8)
#define F_SPRING_CAP (1u << 9)
#define F_NO_FC0_CAP (1u << 10)
#define F_VY_WRAP (1u << 11)
#define F_Y_WRAP (1u << 12)
#define F_DEEP_LANDING (1u << 13)
#define F_MISSED_LANDING (1u << 14)

#define STAND_Y_PX 0x3ec /* obY standing: feet sensor obY + $13 on row $3FF */
#define ROLL_Y_PX 0x3f1  /* obY after Sonic_Jump's addq.w #5 */

typedef struct s1_row {
	unsigned y_px, y_frac, air, roll, jumping;
	int vy;
	int64_t height; /* observe: 1/256 px */
	int grounded;
	uint32_t flags;
} s1_row;

/* Steps the reference for frames 0..n-1 and decodes its trace row and observation after each. */
static const tu_field sonic1_fields[] = {
	TU_FIELD(s1_row, y_px, "y_px"),
	TU_FIELD(s1_row, y_frac, "y_frac"),
	TU_FIELD(s1_row, vy, "vy"),
	TU_FIELD(s1_row, air, "air"),
	TU_FIELD(s1_row, roll, "roll"),
	TU_FIELD(s1_row, jumping, "jumping"),
	TU_FIELD(s1_row, height, "height_sub"),
	TU_FIELD(s1_row, grounded, "grounded"),
	TU_FIELD(s1_row, flags, "flags"),
};

static void run_rows(int env, int start, int vy0, const uint8_t *in, int n, s1_row *rows)
{
	const int32_t ax[] = { env, start, vy0 };
	TU_ROWS(tu_model("sonic1"), ax, in, n, sonic1_fields, rows);
}

static void hold_rows(int env, int start, int vy0, int h, int n, s1_row *rows)
{
	uint8_t in[4096];
	tu_hold(in, n, h, 0);
	run_rows(env, start, vy0, in, n, rows);
}

static js_acc ref_hold(int env, int start, int vy0, int h, int n_frames)
{
	return tu_ref_hold(tu_model("sonic1"), (int32_t[]){ env, start, vy0 }, h, 0, n_frames);
}

/* obY as the game's 32-bit 16.16 longword */
static uint32_t y32(const s1_row *r)
{
	return (uint32_t)r->y_px << 16 | r->y_frac;
}

/* Held jump in air, by hand.
 * Frame 0 (the press): Sonic_Jump: obVelY = 0 + (-$100 * $680 >> 8) = -$680; rolling, obY += 5
 * -> $03F1.0000; addq.l #4,sp skips SpeedToPos: no move.  Height 0 (the feet, obY + $E, are on
 * row $3FF as before).
 * Frame 1: Sonic_JumpHeight: button held, no cap.  ObjectFall: obY += -$680 << 8 = -$6.8000 ->
 * $03EA.8000; obVelY = -$680 + $38 = -$648.  Height $680 = 1664 (6.5 px).
 * Frame 2: obY += -$648 << 8 -> $03EA.8000 - $6.4800 = $03E4.3800; obVelY -$610; height
 * 1664 + 1608 = 3272.
 * Frame 3: obY - $6.1000 = $03DE.2800; obVelY -$5D8; height 3272 + 1552 = 4824. */
Test(sonic1, held_frames_by_hand)
{
	s1_row r[4];
	hold_rows(AIR, JUMP, 0, 40, 4, r);
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

/* Tapped (A on frame 0 only), air, by hand.  Frame 0 as above.
 * Frame 1: jumping, obVelY -$680 < -$400 and no A/B/C held -> obVelY := -$400 (release_cap);
 * obY += -$4.0000 -> $03ED.0000; obVelY -$400 + $38 = -$3C8.  Height 1024 (4 px).
 * Frame 2: -$3C8 >= -$400, no cap; obY - $3.C800 = $03E9.3800; obVelY -$390; height 1992.
 * Frame 3: obY - $3.9000 = $03E5.A800; obVelY -$358; height 2904. */
Test(sonic1, tapped_frames_by_hand)
{
	s1_row r[4];
	hold_rows(AIR, JUMP, 0, 1, 4, r);
	const unsigned px[4] = { 0x3f1, 0x3ed, 0x3e9, 0x3e5 };
	const unsigned frac[4] = { 0x0000, 0x0000, 0x3800, 0xa800 };
	const int vy[4] = { -0x680, -0x3c8, -0x390, -0x358 };
	const int64_t h[4] = { 0, 1024, 1992, 2904 };
	const uint32_t fl[4] = { 0, F_RELEASE_CAP, 0, 0 };
	for (int f = 0; f < 4; f++) {
		cr_expect_eq(r[f].y_px, px[f], "frame %d: y $%X, expected $%X", f, r[f].y_px, px[f]);
		cr_expect_eq(r[f].y_frac, frac[f], "frame %d: frac $%X", f, r[f].y_frac);
		cr_expect_eq(r[f].vy, vy[f], "frame %d: vy %d", f, r[f].vy);
		cr_expect_eq(r[f].height, h[f], "frame %d: height %lld", f, (long long)r[f].height);
		cr_expect_eq(r[f].flags, fl[f], "frame %d: flags %#x", f, r[f].flags);
	}
}

/* Underwater, by hand.  Frame 0: obVelY = -$380 (obStatus bit 6), obY $03F1.0000.
 * Held, frame 1: obY - $3.8000 = $03ED.8000; obVelY -$380 + $38 - $28 = -$370; height 896.
 * Frame 2: obY - $3.7000 = $03EA.1000; obVelY -$360; height 896 + 880 = 1776.
 * Tapped, frame 1: -$380 < -$200, released -> -$200; obY - $2.0000 = $03EF.0000; obVelY -$1F0;
 * height 512.  Frame 2: obY - $1.F000 = $03ED.1000; obVelY -$1E0; height 1008. */
Test(sonic1, underwater_frames_by_hand)
{
	s1_row r[3];
	hold_rows(WATER, JUMP, 0, 40, 3, r);
	cr_expect_eq(r[0].vy, -0x380);
	cr_expect_eq(y32(&r[0]), 0x03f10000u);
	cr_expect_eq(y32(&r[1]), 0x03ed8000u);
	cr_expect_eq(r[1].vy, -0x370);
	cr_expect_eq(r[1].height, 896);
	cr_expect_eq(y32(&r[2]), 0x03ea1000u);
	cr_expect_eq(r[2].vy, -0x360);
	cr_expect_eq(r[2].height, 1776);
	hold_rows(WATER, JUMP, 0, 1, 3, r);
	cr_expect_eq(y32(&r[1]), 0x03ef0000u);
	cr_expect_eq(r[1].vy, -0x1f0);
	cr_expect_eq(r[1].height, 512);
	cr_expect_eq(r[1].flags, F_RELEASE_CAP);
	cr_expect_eq(y32(&r[2]), 0x03ed1000u);
	cr_expect_eq(r[2].vy, -0x1e0);
	cr_expect_eq(r[2].height, 1008);
}

/* Claims 10, 11: each airborne frame adds $38 to obVelY; underwater the air modes take $28
 * back: $10.  Held jumps never meet the release cap, so every airborne frame before the landing
 * shows the bare gravity; the landing frame sets obVelY to 0. */
Test(sonic1, claims10_11_gravity_and_underwater)
{
	s1_row r[256];
	for (int env = AIR; env <= WATER; env++) {
		int g = env == AIR ? 0x38 : 0x10;
		hold_rows(env, JUMP, 0, 256, 256, r);
		int n = 0;
		for (int f = 1; f < 256 && r[f].air; f++, n++)
			cr_expect_eq(r[f].vy - r[f - 1].vy, g, "env %d frame %d: %d -> %d", env, f,
				     r[f - 1].vy, r[f].vy);
		cr_expect_eq(n, env == AIR ? 60 : 113, "airborne frames after take-off: %d", n);
	}
}

/* Claim 19: positions are 32-bit 16.16 and move by the speed before gravity, << 8: for a held
 * jump, obY(f) - obY(f-1) = obVelY(f-1) << 8 on every airborne frame, and the low byte of obY
 * never changes from its 0. */
Test(sonic1, claim19_position_moves_by_old_speed)
{
	s1_row r[256];
	for (int env = AIR; env <= WATER; env++) {
		hold_rows(env, JUMP, 0, 256, 256, r);
		for (int f = 1; f < 256 && r[f].air; f++) {
			uint32_t d = y32(&r[f]) - y32(&r[f - 1]);
			cr_expect_eq(d, (uint32_t)r[f - 1].vy << 8, "env %d frame %d", env, f);
			cr_expect_eq(y32(&r[f]) & 0xff, 0);
		}
	}
}

/* Claim 24: gravity on every airborne frame, button held or not, jumping or off a spring: with
 * random buttons, each airborne frame's new speed is (the speed Sonic_JumpHeight left) + $38,
 * where Sonic_JumpHeight left the cap when it fired (release_cap / spring_cap) and the old speed
 * otherwise. */
Test(sonic1, claim24_gravity_every_frame_held_or_not)
{
	uint64_t seed = 24;
	s1_row r[512];
	uint8_t in[512];
	for (int t = 0; t < 200; t++) {
		int env = (int)(tu_rand(&seed) % 2), start = (int)(tu_rand(&seed) % 3);
		int vy0 = -0x400 - (int)(tu_rand(&seed) % 0x1000);
		for (int f = 0; f < 512; f++)
			in[f] = (uint8_t)(f == 0 || (tu_rand(&seed) & 1) ? JS_IN_JUMP : 0);
		run_rows(env, start, vy0, in, 512, r);
		int g = env == AIR ? 0x38 : 0x10;
		int checked = 0;
		for (int f = 1; f < 512 && r[f].air; f++, checked++) {
			int before = r[f - 1].vy;
			if (r[f].flags & F_RELEASE_CAP)
				before = env == AIR ? -0x400 : -0x200;
			if (r[f].flags & F_SPRING_CAP)
				before = -0xfc0;
			cr_expect_eq(r[f].vy, before + g, "trial %d frame %d", t, f);
		}
		cr_expect_gt(checked, 10);
	}
}

/* Claim 25: a speed written into a jump is neither capped nor clamped.  start=written, vy0 =
 * -$1100, held: frame 0 takes off with -$1100, a frame later -$1100 + $38 = -$10C8 (no -$FC0
 * clamp: the jumping branch of Sonic_JumpHeight returns first); each frame adds $38 until he
 * lands.  Off a spring (jumping flag clear) the same speed is clamped to -$FC0 before the move:
 * -$FC0 + $38 = -$F88.  Falling: vy0 = -$1030 (= -74 * $38) held passes $FC0 on frame 146 and
 * reaches $FF8, $1030, $1068 on frames 147-149, still airborne (height after frame k is
 * k * (4172 - 28k) / 256 px >= 0 up to k = 149), and lands on frame 150. */
Test(sonic1, claim25_written_speed_not_capped)
{
	s1_row r[200];
	hold_rows(AIR, WRITTEN, -0x1100, 200, 200, r);
	cr_expect_eq(r[0].vy, -0x1100);
	cr_expect_eq(r[0].height, 0);
	cr_expect_eq(r[1].vy, -0x10c8);
	cr_expect_eq(r[1].height, 0x1100);
	cr_expect(r[1].flags & F_NO_FC0_CAP);
	for (int f = 1; f < 150 && r[f].air; f++)
		cr_expect_eq(r[f].vy, -0x1100 + 0x38 * f, "frame %d", f);

	hold_rows(AIR, SPRING, -0x1100, 200, 3, r);
	cr_expect_eq(r[0].vy, -0x1100);
	cr_expect_eq(r[1].vy, -0xf88);
	cr_expect_eq(r[1].height, 0xfc0);
	cr_expect_eq(r[1].flags, F_SPRING_CAP);
	cr_expect_eq(r[2].vy, -0xf50);

	hold_rows(AIR, WRITTEN, -0x1030, 200, 152, r);
	const int fall[4] = { 0xfc0, 0xff8, 0x1030, 0x1068 };
	for (int i = 0; i < 4; i++) {
		cr_expect_eq(r[146 + i].vy, fall[i], "frame %d: vy %#x", 146 + i, r[146 + i].vy);
		cr_expect_eq(r[146 + i].air, 1);
	}
	cr_expect_eq(r[149].height, 0);
	cr_expect_eq(r[150].air, 0);
	cr_expect_eq(r[150].vy, 0);

	/* The whole jumps: uncapped -$1100 rises 171288/256 = 669.09 px; the spring, clamped to
	 * -$FC0, 147168/256 = 574.875 px (independent calculation, see whole_jumps). */
	js_acc a = ref_hold(AIR, WRITTEN, -0x1100, 4096, 512);
	cr_expect_eq(a.rise, 171288);
	cr_expect_eq(a.apex_frame, 78);
	cr_expect_eq(a.airtime, 158);
	cr_expect(a.flags & F_NO_FC0_CAP);
	a = ref_hold(AIR, SPRING, -0x1100, 0, 512);
	cr_expect_eq(a.rise, 147168);
	cr_expect_eq(a.apex_frame, 72);
	cr_expect_eq(a.airtime, 147);
	cr_expect(a.flags & F_SPRING_CAP);
	cr_expect_eq(a.flags & F_NO_FC0_CAP, 0);
}

/* Whole jumps: rise (1/256 px), apex frame, airtime.  Expected values from an independent
 * re-implementation of the rules in Python (feet position in 1/256 px relative to the floor row;
 * written separately from the C reference), and by hand for the held and tapped air jumps:
 *   held: height after frame k = 1664k - 28k(k-1), largest at k = 30 (the 30th increment,
 *     1664 - 56*29 = 40, is the last positive one): 49920 - 24360 = 25560 (99.84375 px);
 *     H(60) = 720 > 0, H(61) = -976 (feet 3 px into the floor) -> lands on frame 61: airtime 62.
 *   tapped: frame 1 moves -$400 (1024), then increments 968 - 56j: largest at k = 19:
 *     1024 + 18*968 - 28*18*17 = 9880 (38.59375 px); H(37) = 592, H(38) = -456: airtime 39.
 *   underwater held: 896k - 8k(k-1), largest first at k = 56: 25536 (99.75 px); H(113) = 0
 *     exactly (feet on the floor row, not in it), H(114) = -912: airtime 115.
 *   underwater tapped: 512 + (k-1)496 - 8(k-1)(k-2): 8448 (33 px) at k = 32; H(65) = 0,
 *     H(66) = -528: airtime 67.
 * The release can act while obVelY < -$400 (air) / -$200 (water) before Sonic_JumpHeight, i.e.
 * through frame 12 / 24: holds of 13 / 25 frames and longer are full jumps. */
Test(sonic1, whole_jumps)
{
	/* below: the feet end an airborne frame on the floor row with a nonzero fraction (a
	 * sub-pixel dip below the take-off height that the pixel sensor does not land). */
	struct { int env, start, vy0, h; int64_t rise; int apex, air, below; } c[] = {
		{ AIR, JUMP, 0, 1, 9880, 19, 39, 0 },       { AIR, JUMP, 0, 2, 11544, 20, 42, 0 },
		{ AIR, JUMP, 0, 5, 16200, 23, 49, 1 },      { AIR, JUMP, 0, 12, 25104, 30, 61, 0 },
		{ AIR, JUMP, 0, 13, 25560, 30, 62, 0 },     { AIR, JUMP, 0, 32, 25560, 30, 62, 0 },
		{ WATER, JUMP, 0, 1, 8448, 32, 67, 0 },     { WATER, JUMP, 0, 2, 9344, 33, 70, 1 },
		{ WATER, JUMP, 0, 5, 11936, 36, 77, 0 },    { WATER, JUMP, 0, 13, 18144, 44, 94, 0 },
		{ WATER, JUMP, 0, 24, 25008, 55, 113, 0 },  { WATER, JUMP, 0, 25, 25536, 56, 115, 0 },
		{ WATER, JUMP, 0, 32, 25536, 56, 115, 0 },
		/* released at once: -$400 from frame 1, the tapped jump */
		{ AIR, WRITTEN, -0x1100, 0, 9880, 19, 39, 0 },
		{ AIR, WRITTEN, -0x1100, 4096, 171288, 78, 158, 0 },
		/* 4352k - 8k(k-1), largest first at k = 272: 594048 (2320.5 px) */
		{ WATER, WRITTEN, -0x1100, 4096, 594048, 272, 547, 0 },
		{ AIR, SPRING, -0x1000, 0, 147168, 72, 147, 0 }, /* red spring, clamped to -$FC0 */
		{ AIR, SPRING, -0xa00, 0, 59800, 46, 94, 0 },    /* yellow spring */
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		js_acc a = ref_hold(c[i].env, c[i].start, c[i].vy0, c[i].h, 1024);
		cr_expect_eq(a.rise, c[i].rise, "case %zu: rise %lld", i, (long long)a.rise);
		cr_expect_eq(a.apex_frame, c[i].apex, "case %zu: apex %d", i, a.apex_frame);
		cr_expect_eq(a.airtime, c[i].air, "case %zu: airtime %d", i, a.airtime);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED), 0, "case %zu", i);
		cr_expect_eq(!!(a.flags & JS_FLAG_BELOW_START), c[i].below, "case %zu: flags %#x", i,
			     a.flags);
	}
}

/* start=written with the game's own take-off speed is the plain jump, frame for frame, for any
 * hold that presses on frame 0. */
Test(sonic1, written_plain_speed_is_the_jump)
{
	for (int env = AIR; env <= WATER; env++) {
		int v = env == AIR ? -0x680 : -0x380;
		for (int h = 1; h <= 40; h++) {
			s1_row a[160], b[160];
			hold_rows(env, JUMP, 0, h, 160, a);
			hold_rows(env, WRITTEN, v, h, 160, b);
			for (int f = 0; f < 160; f++) {
				cr_assert_eq(y32(&a[f]), y32(&b[f]), "env %d hold %d frame %d", env, h, f);
				cr_assert_eq(a[f].vy, b[f].vy);
				cr_assert_eq(a[f].air, b[f].air);
				cr_assert_eq(a[f].flags, b[f].flags);
			}
		}
	}
}

/* Landing (Sonic_Floor -> Sonic_ResetOnFloor, loc_1364E): the held jump's frame 61 moves the feet
 * 3.8125 px into the floor (H(61) = -976); obY's pixel word snaps back to $03F1 - 5 = $03EC
 * (standing), the fraction word stays ($D000: 0.8125 px = 208/256), obVelY 0, upright, not
 * jumping.  Height -208 on the landing frame only. */
Test(sonic1, landing_snaps_pixel_keeps_fraction)
{
	s1_row r[64];
	hold_rows(AIR, JUMP, 0, 64, 64, r);
	cr_expect_eq(r[60].air, 1);
	cr_expect_eq(r[60].height, 720);
	cr_expect_eq(r[61].air, 0);
	cr_expect_eq(r[61].y_px, STAND_Y_PX);
	cr_expect_eq(r[61].y_frac, 0xd000);
	cr_expect_eq(r[61].vy, 0);
	cr_expect_eq(r[61].roll, 0);
	cr_expect_eq(r[61].jumping, 0);
	cr_expect_eq(r[61].height, -208);
	/* held on: no new press, so he stays down */
	cr_expect_eq(r[63].air, 0);
	cr_expect_eq(y32(&r[63]), y32(&r[61]));
}

/* No press: no jump.  A press on frame 5 jumps then (frames count from 0); holding through the
 * landing does not jump again, a new press after landing does. */
Test(sonic1, no_press_late_press_and_rejump)
{
	js_acc a = ref_hold(AIR, JUMP, 0, 0, 128);
	cr_expect_eq(a.rise, 0);
	cr_expect(a.flags & JS_FLAG_NO_TAKEOFF);
	uint8_t in[160] = { 0 };
	for (int f = 5; f < 160; f++)
		in[f] = JS_IN_JUMP;
	js_reference_run(tu_model("sonic1"), (int32_t[]){ AIR, JUMP, 0 }, in, 160, &a);
	cr_expect_eq(a.rise, 25560);
	cr_expect_eq(a.apex_frame, 5 + 30);
	cr_expect_eq(a.airtime, 5 + 62);
	/* frame 66 lands; release on 70, press again on 71 */
	for (int f = 70; f < 160; f++)
		in[f] = f == 70 ? 0 : JS_IN_JUMP;
	s1_row r[160];
	run_rows(AIR, JUMP, 0, in, 160, r);
	cr_expect_eq(r[66].air, 0);
	cr_expect_eq(r[70].air, 0);
	cr_expect_eq(r[71].air, 1);
	cr_expect_eq(r[71].vy, -0x680);
	cr_expect_eq(r[71].y_px, ROLL_Y_PX);
}

/* Edges the flags mark (vy0 over the whole signed word):
 *   vy0 = $7FFF falling: frame 1 adds $38 -> $8037 wraps to -$7FC9 (vy_wrap) and goes back up;
 *   vy0 = $2100: frame 1 moves 33 px, the feet 33 px into the floor: FindFloor's two blocks
 *     report -17 - (32 & 15) = -17, he lands 16 px inside (deep_landing, below_start not: the
 *     landing frame does not count);
 *   vy0 = $7900: the landing compare byte(-($79 + 8)) = +$7F refuses every landing
 *     (missed_landing) while he falls;
 *   vy0 = -$8000 held: rises past obY's 16-bit pixel range (y_wrap). */
Test(sonic1, edge_flags)
{
	js_acc a = ref_hold(AIR, WRITTEN, 0x7fff, 4096, 4);
	cr_expect(a.flags & F_VY_WRAP);
	s1_row r[4];
	hold_rows(AIR, WRITTEN, 0x7fff, 4096, 2, r);
	cr_expect_eq(r[1].vy, 0x7fff + 0x38 - 0x10000);
	cr_expect_eq(r[1].air, 1);

	hold_rows(AIR, SPRING, 0x2100, 0, 2, r);
	cr_expect_eq(r[1].air, 0);
	cr_expect_eq(r[1].flags, F_DEEP_LANDING);
	cr_expect_eq(r[1].y_px, STAND_Y_PX + 16);
	a = ref_hold(AIR, SPRING, 0x2100, 0, 8);
	cr_expect_eq(a.airtime, 2);
	cr_expect_eq(a.flags, F_DEEP_LANDING);

	hold_rows(AIR, WRITTEN, 0x7900, 0, 3, r);
	cr_expect_eq(r[1].flags, F_MISSED_LANDING);
	cr_expect_eq(r[1].air, 1);
	cr_expect_eq(r[2].flags, F_MISSED_LANDING);

	a = ref_hold(AIR, WRITTEN, -0x8000, 4096, 4096);
	cr_expect(a.flags & F_Y_WRAP, "flags %#x", a.flags);
	a = ref_hold(AIR, WRITTEN, -0x7000, 4096, 4096);
	cr_expect_eq(a.flags & (F_Y_WRAP | F_VY_WRAP), 0, "flags %#x", a.flags);
}

/* ---- lane kernel == reference ---- */

static int32_t edge_vy0(uint64_t *seed)
{
	static const int32_t e[] = { -0x8000, -0x7fff, -0x7900, -0x7000, -0x1100, -0x1030, -0xfc1,
				     -0xfc0, -0x680, -0x401, -0x400, -0x3ff, -0x380, -0x201, -0x200,
				     -0x38, -1, 0, 1, 0xff, 0x100, 0x1ff, 0x2000, 0x2100, 0x2200,
				     0x77ff, 0x7800, 0x78ff, 0x7900, 0x7fc8, 0x7fff };
	return e[tu_rand(seed) % (sizeof e / sizeof e[0])];
}

/* mode 0: holds; 1: random buttons every frame; 2: sparse presses; 3: edge vy0 values, every
 * other lane held throughout (so written extreme speeds are not released: y_wrap, vy_wrap). */
static void check_lanes(size_t n, int n_frames, uint64_t seed, int mode)
{
	const js_model *m = tu_model("sonic1");
	int32_t *ax = malloc(n * 3 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		ax[3 * i + ENV] = (int32_t)(tu_rand(&seed) % 2);
		ax[3 * i + START] = (int32_t)(tu_rand(&seed) % 3);
		ax[3 * i + VY0] = mode == 3 || tu_rand(&seed) % 8 == 0
				  ? edge_vy0(&seed)
				  : (int32_t)(tu_rand(&seed) % 0x10000) - 0x8000;
		if (mode == 0 && tu_rand(&seed) % 2)
			ax[3 * i + VY0] = -(int32_t)(tu_rand(&seed) % 0x1800);
		int h = (int)(tu_rand(&seed) % 60);
		for (int f = 0; f < n_frames; f++) {
			unsigned b;
			if (mode == 0)
				b = f < h;
			else if (mode == 3 && (i & 1))
				b = 1;
			else if (mode == 1 || mode == 3)
				b = (unsigned)(tu_rand(&seed) & 1);
			else
				b = (unsigned)((tu_rand(&seed) % 8) == 0);
			in[i * (size_t)n_frames + (size_t)f] = (uint8_t)(b ? JS_IN_JUMP : 0);
		}
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

Test(sonic1, lanes_equal_reference_holds) { check_lanes(4000, 512, 1, 0); }
Test(sonic1, lanes_equal_reference_random) { check_lanes(4000, 512, 2, 1); }
Test(sonic1, lanes_equal_reference_sparse_presses) { check_lanes(3000, 600, 3, 2); }
Test(sonic1, lanes_equal_reference_edges, .timeout = 120) { check_lanes(1000, 4096, 4, 3); }
Test(sonic1, lanes_partial_block) { check_lanes(7, 100, 5, 1); }

/* Every default-grid lane, plus a plain held and tapped jump, on every path. */
Test(sonic1, lanes_equal_reference_default_grid)
{
	const js_model *m = tu_model("sonic1");
	int n_frames = m->default_frames, nh = m->default_hold + 1;
	size_t n = 2 * 3 * (size_t)nh;
	int32_t *ax = malloc(n * 3 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	size_t i = 0;
	for (int env = 0; env < 2; env++)
		for (int start = 0; start < 3; start++)
			for (int h = 0; h < nh; h++, i++) {
				ax[3 * i + ENV] = env;
				ax[3 * i + START] = start;
				ax[3 * i + VY0] = m->axes[VY0].def_lo;
				tu_hold(in + i * (size_t)n_frames, n_frames, h, 0);
			}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

/* The metadata the CLI and the HDF5 writer read. */
Test(sonic1, metadata)
{
	const js_model *m = tu_model("sonic1");
	cr_expect_eq(m->sub_per_unit, 256);
	cr_expect_eq(m->n_axes, 3);
	cr_expect_str_eq(m->axes[ENV].name, "env");
	cr_expect_str_eq(m->axes[START].name, "start");
	cr_expect_str_eq(m->axes[VY0].name, "vy0");
	cr_expect_eq(m->axes[START].def_lo, JUMP);
	cr_expect_eq(m->axes[START].def_hi, JUMP);
	cr_expect_eq(m->axes[VY0].def_lo, m->axes[VY0].def_hi);
	cr_expect_leq(m->state_size, JS_STATE_MAX);
	for (int b = 8; b <= 14; b++)
		cr_expect_not_null(m->flag_names[b], "flag bit %d named", b);
}

/* sonic_genesis.h's AVX-512 16-bit path takes blocks from init whose lanes all have start=jump
 * and a take-off speed of at most $800 (Sonic 1; Sonic 2's three characters): lanes of those,
 * env random, with holds, buttons random every frame (presses in the air and after the
 * landing, which that path freezes) and sparse presses, long frame limits and a partial block;
 * every block of these runs it. */
static void check_jump_blocks(const char *id, size_t n, int n_frames, uint64_t seed)
{
	const js_model *m = tu_model(id);
	int na = m->n_axes, a_start = js_axis_find(m, "start");
	cr_assert_geq(a_start, 0);
	int32_t *ax = malloc(n * (size_t)na * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	cr_assert(ax && in);
	for (size_t i = 0; i < n; i++) {
		for (int a = 0; a < na; a++) {
			uint64_t span = (uint64_t)((int64_t)m->axes[a].max - m->axes[a].min + 1);
			ax[i * (size_t)na + (size_t)a] = (int32_t)(m->axes[a].min + (int64_t)(tu_rand(&seed) % span));
		}
		ax[i * (size_t)na + (size_t)a_start] = 0; /* jump */
		int mode = (int)(tu_rand(&seed) % 3);
		int h = (int)(tu_rand(&seed) % 4 == 0 ? (uint64_t)n_frames : tu_rand(&seed) % 40);
		for (int f = 0; f < n_frames; f++) {
			uint8_t b = mode == 0 ? (uint8_t)(f < h)
				    : mode == 1 ? (uint8_t)(tu_rand(&seed) & 1u)
						: (uint8_t)(tu_rand(&seed) % 8 == 0);
			in[i * (size_t)n_frames + (size_t)f] = b;
		}
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}
Test(sonic1, lanes_equal_reference_jump_blocks)
{
	check_jump_blocks("sonic1", 64 * 40, 256, 31);
	check_jump_blocks("sonic1", 64 * 4, 4096, 32);
	check_jump_blocks("sonic1", 37, 33, 33);
	check_jump_blocks("sonic1", 20, 300, 34);
	check_jump_blocks("sonic2", 64 * 40, 256, 35);
}

/* ---- fuzz starts: fields, invariants, the landing bound (model.h; sonic_genesis.h) ---- */

/* Starts from any state the fields allow (the whole pixel word, the whole signed y_vel, any
 * flags): every lane path agrees with the reference frame by frame. */
Test(sonic1, lanes_equal_reference_from_fuzz_starts)
{
	int with_fields = tu_check_random_starts(tu_model("sonic1"), 300, 200, 21);
	cr_assert_gt(with_fields, 100);
	with_fields = tu_check_random_starts(tu_model("sonic1"), 60, 512, 22);
	cr_assert_gt(with_fields, 20);
}

/* The fields address the reference's bytes: y_px is obY's pixel word, y_sub_hi its fraction's
 * high byte, vy the signed word; standing, sg_fuzz_fix puts the feet back on row $03FF. */
Test(sonic1, fuzz_fields_and_fix)
{
	js_case c;
	tu_case(&c, "sonic1", 1);
	tu_case_set(&c, "y_px", 0x8123);
	tu_case_set(&c, "y_sub_hi", 0x45);
	tu_case_set(&c, "vy", -300);
	tu_case_set(&c, "air", 1);
	tu_case_set(&c, "roll", 1);
	const js_model *m = c.m;
	unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	char row[128];
	m->trace_row(st, row, sizeof row);
	cr_expect_str_eq(row, "33059,17664,-300,1,1,0", "y_px $8123, y_frac $4500");
	c.val[0][3] = 0; /* air 0: standing on the floor, the fraction kept, y_vel 0, upright */
	js_case_start(&c, 0, st);
	m->trace_row(st, row, sizeof row);
	cr_expect_str_eq(row, "1004,17664,0,0,0,0", "obY $03EC");
}

/* Sonic 1 has no fall cap (ObjectFall: addi.w #$38 and nothing else), so a long enough fall
 * wraps obVelY.  From obY $8000 (row -32768, the top of the sky read signed), falling at $4000:
 * after frame f's ObjectFall obVelY = $4000 + $38 (f + 1), which passes $7FFF when f + 1 >= 293
 * (16384 + 56 * 292 = 32736, + 56 = 32792): frame 292 leaves obVelY = -32744.  By then Sonic has
 * fallen sum_{k=0..292} ($4000 + 56 k) / 256 = 7196080 / 256 = 28109.6875 px: still 5600 px above
 * the floor. */
Test(sonic1, fuzz_uncapped_fall_wraps_y_vel)
{
	js_case c;
	tu_case(&c, "sonic1", 400);
	tu_case_set(&c, "y_px", 0x8000);
	tu_case_set(&c, "vy", 0x4000);
	tu_case_set(&c, "air", 1);
	js_break b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "vy_wrap"));
	cr_expect_eq(b.frame, 292);
	unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	for (int f = 0; f <= 292; f++)
		c.m->step(st, 0);
	char row[128];
	c.m->trace_row(st, row, sizeof row);
	/* -32768 + 7196080 / 256 = -4658.3125: pixel word $10000 - 4659, fraction $B000 */
	cr_expect_str_eq(row, "60877,45056,-32744,1,0,0", "obY -4658.3125, obVelY wrapped");
}

/* A written -$8000 held (claim 25: no cap on a jump's rise) climbs out of the pixel word: after
 * the take-off obY is $03F1 (+5 px curl), and after frame f >= 1 it has moved S(f) = sum_{k=1..f}
 * (-32768 + 56 (k - 1)) = -32768 f + 28 f (f - 1) sub-units.  ObjectFall's add.l overflows when
 * $03F1 << 16 + 256 S < -2^31, i.e. 32768 f - 28 f (f - 1) > 8646912: f = 400 gives 8638400,
 * f = 401 gives 8648768.  Frame 401; obVelY is -32768 + 56 * 400 = -10368 then, no vy wrap. */
Test(sonic1, fuzz_written_rise_wraps_y)
{
	js_case c;
	tu_case(&c, "sonic1", 512);
	c.axis[0][START] = WRITTEN;
	c.axis[0][VY0] = -0x8000;
	for (int f = 0; f < 512; f++)
		c.input[0][f] = JS_IN_JUMP;
	js_break b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "y_wrap"));
	cr_expect_eq(b.frame, 401);
	/* the same from a start in the air: obY $8000 rising 1 px a frame, upright, not jumping
	 * (no release, -$100 is above the -$FC0 clamp): the first add.l overflows, frame 0 */
	tu_case(&c, "sonic1", 8);
	tu_case_set(&c, "y_px", 0x8000);
	tu_case_set(&c, "vy", -0x100);
	tu_case_set(&c, "air", 1);
	b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "y_wrap"));
	cr_expect_eq(b.frame, 0);
}

/* Sonic_Floor's byte compare: byte(d1) >= byte(-(hi(obVelY) + 8)).  Upright (obHeight $13),
 * obY $0371 puts the feet on row 904; at obVelY $7A00 ObjectFall moves 122 px to row 1026, 3 px
 * into the floor (d1 = -3), and obVelY becomes $7A38: -(hi + 8) = -$82 is the byte $7E = +126,
 * so -3 < 126: no landing, and Sonic falls on through the floor (frame 0).  At $7800 (120 px to
 * row 1024, d1 = -1, obVelY $7838: -$80 = -128 <= -1) he lands on row $03FF. */
Test(sonic1, fuzz_fast_fall_misses_the_floor)
{
	js_case c;
	tu_case(&c, "sonic1", 16);
	tu_case_set(&c, "y_px", 904 - 0x13);
	tu_case_set(&c, "vy", 0x7a00);
	tu_case_set(&c, "air", 1);
	js_break b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "floor_catch"));
	cr_expect_eq(b.frame, 0);
	c.val[0][2] = 0x7800;
	b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_NONE);
	/* The floor sensor's add.w: obY $7FF5 + $13 = $8008 reads as row -32760, open sky, though
	 * the feet are 31745 px into the floor: falling, no landing (frame 0). */
	tu_case(&c, "sonic1", 16);
	tu_case_set(&c, "y_px", 0x7ff5);
	tu_case_set(&c, "vy", 0x100);
	tu_case_set(&c, "air", 1);
	b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "floor_catch"));
	cr_expect_eq(b.frame, 0);
}

/* FindFloor reaches two blocks: feet on row 1020 falling at $3C00 (60 px) end on row 1080, 57 px
 * in; FindFloor reads d1 = -17 - ((57 - 1) & 15) = -25, the byte compare passes (hi $3C), and
 * Sonic lands with the feet on row 1055, 32 px inside the floor (frame 0). */
Test(sonic1, fuzz_deep_landing_stays_in_the_floor)
{
	js_case c;
	tu_case(&c, "sonic1", 16);
	tu_case_set(&c, "y_px", 1020 - 0x13);
	tu_case_set(&c, "vy", 0x3c00);
	tu_case_set(&c, "air", 1);
	js_break b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "floor_snap"));
	cr_expect_eq(b.frame, 0);
	unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	c.m->step(st, 0);
	char row[128];
	c.m->trace_row(st, row, sizeof row);
	cr_expect_str_eq(row, "1036,0,0,0,0,0", "obY 1055 - $13, landed");
}

/* Normal play keeps every invariant: jumps of every hold in air and water land within the
 * bound, and from the top of the sky at rest Sonic lands (after passing through the floor at
 * $79D8, wrapping obVelY 4700 px inside it and sinking back) well within land_bound. */
Test(sonic1, fuzz_invariants_hold_in_normal_play)
{
	js_case c;
	for (int env = 0; env < 2; env++)
		for (int h = 0; h < 40; h++) {
			tu_case(&c, "sonic1", 256);
			c.axis[0][ENV] = env;
			for (int f = 0; f < h; f++)
				c.input[0][f] = JS_IN_JUMP;
			js_break b = tu_case_breaks(&c);
			cr_expect_eq(b.kind, JS_BREAK_NONE, "env %d hold %d", env, h);
		}
	tu_case(&c, "sonic1", 1);
	tu_case_set(&c, "y_px", 0x8000);
	tu_case_set(&c, "air", 1);
	unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	js_obs o = { 0 };
	int f = 0;
	while (!o.grounded && f < c.m->land_bound) {
		c.m->step(st, 0);
		c.m->observe(st, &o);
		f++;
	}
	cr_expect(o.grounded);
	cr_expect_gt(f, 556);
	cr_expect_lt(f, c.m->land_bound);
}
