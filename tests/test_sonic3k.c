/* tests/test_sonic3k.c - Sonic 3 & Knuckles: seed claim 11 (Gravity page: MoveSprite's $38, the
 * underwater $28), frame-by-frame values derived by hand from Sonic_Jump / Knux_Jump /
 * Sonic_JumpHeight / Knux_JumpHeight / MoveSprite / Player_TouchFloor (sonicretro/skdisasm), the
 * air move on a re-press, whole jumps cross-checked with an independent Python re-implementation,
 * flags at the edges, and lane kernel == reference on every ISA (both of its paths:
 * kernels/sonic_genesis.h). */
#include <stdio.h>

#include "testutil.h"

enum { ENV, CHAR, START, VY0 };
enum { AIR, WATER };
enum { SONIC, TAILS, KNUCKLES, SUPER };
enum { JUMP, WRITTEN, SPRING };

/* Model flags (kernels/sonic_genesis.h). */
#define F_RELEASE_CAP (1u << 8)
#define F_SPRING_CAP (1u << 9)
#define F_NO_FC0_CAP (1u << 10)
#define F_VY_WRAP (1u << 11)
#define F_Y_WRAP (1u << 12)
#define F_DEEP_LANDING (1u << 13)
#define F_MISSED_LANDING (1u << 14)
#define F_AIR_MOVE (1u << 15)

#define TAME 0x1800 /* SG_TAME_VY: the lane kernel's fast path below, the general path above */

typedef struct s3_row {
	unsigned y_px, y_frac, air, roll, jumping, dj;
	int vy;
	int64_t height; /* observe: 1/256 px */
	int grounded;
	uint32_t flags;
} s3_row;

/* Steps the reference for frames 0..n-1 and decodes its trace row and observation after each. */
static const tu_field sonic3k_fields[] = {
	TU_FIELD(s3_row, y_px, "y_px"),
	TU_FIELD(s3_row, y_frac, "y_frac"),
	TU_FIELD(s3_row, vy, "vy"),
	TU_FIELD(s3_row, air, "air"),
	TU_FIELD(s3_row, roll, "roll"),
	TU_FIELD(s3_row, jumping, "jumping"),
	TU_FIELD(s3_row, dj, "double_jump"),
	TU_FIELD(s3_row, height, "height_sub"),
	TU_FIELD(s3_row, grounded, "grounded"),
	TU_FIELD(s3_row, flags, "flags"),
};

static void run_rows(int env, int ch, int start, int vy0, const uint8_t *in, int n, s3_row *rows)
{
	const int32_t ax[] = { env, ch, start, vy0 };
	TU_ROWS(tu_model("sonic3k"), ax, in, n, sonic3k_fields, rows);
}

static void hold_rows(int env, int ch, int start, int vy0, int h, int n, s3_row *rows)
{
	uint8_t in[4096];
	tu_hold(in, n, h, 0);
	run_rows(env, ch, start, vy0, in, n, rows);
}

static js_acc ref_hold(int env, int ch, int start, int vy0, int h, int n_frames)
{
	return tu_ref_hold(tu_model("sonic3k"), (int32_t[]){ env, ch, start, vy0 }, h, 0, n_frames);
}

static uint32_t y32(const s3_row *r)
{
	return (uint32_t)r->y_px << 16 | r->y_frac;
}

/* Held jump, Sonic, air, by hand: Sonic_Jump d2 = $680: y_vel -$680 on frame 0 (no move:
 * addq.l #4,sp), y_pos $03EC -> $03F1 (y_radius $13 -> $E, y_pos -= $E - $13).  Frame 1:
 * Sonic_MdJump -> MoveSprite_TestGravity -> MoveSprite: y_pos += -$680 << 8 = $03EA.8000, y_vel
 * -$648, height 1664; frame 2: $03E4.3800, -$610, 3272 - Sonic 1's and Sonic 2's numbers. */
Test(sonic3k, sonic_held_frames_by_hand)
{
	s3_row r[3];
	hold_rows(AIR, SONIC, JUMP, 0, 40, 3, r);
	cr_expect_eq(y32(&r[0]), 0x03f10000u);
	cr_expect_eq(r[0].vy, -0x680);
	cr_expect_eq(r[0].height, 0);
	cr_expect_eq(y32(&r[1]), 0x03ea8000u);
	cr_expect_eq(r[1].vy, -0x648);
	cr_expect_eq(r[1].height, 1664);
	cr_expect_eq(y32(&r[2]), 0x03e43800u);
	cr_expect_eq(r[2].vy, -0x610);
	cr_expect_eq(r[2].height, 3272);
}

/* Knuckles, by hand: Knux_Jump d2 = $600 (underwater $300), no Super test.  Knuckles_Init's
 * default_y_radius $13: y_pos $03EC, curled $03F1.  Frame 1: $03F1.0000 - $6.0000 = $03EB.0000,
 * y_vel -$5C8, height 1536.  Frame 2: - $5.C800 = $03E5.3800, y_vel -$590, height 3016.  Frame 3:
 * - $5.9000 = $03DF.A800, y_vel -$558, height 4440.  Under water: -$300, then -$2F0, height 768.
 * Tapped: frame 1 -$600 < -$400 with A/B/C up -> -$400 (release_cap), then -$3C8: height 1024. */
Test(sonic3k, knuckles_by_hand)
{
	s3_row r[4];
	hold_rows(AIR, KNUCKLES, JUMP, 0, 40, 4, r);
	const uint32_t y[4] = { 0x03f10000u, 0x03eb0000u, 0x03e53800u, 0x03dfa800u };
	const int vy[4] = { -0x600, -0x5c8, -0x590, -0x558 };
	const int64_t h[4] = { 0, 1536, 3016, 4440 };
	for (int f = 0; f < 4; f++) {
		cr_expect_eq(y32(&r[f]), y[f], "frame %d: y %#x", f, y32(&r[f]));
		cr_expect_eq(r[f].vy, vy[f], "frame %d: vy %d", f, r[f].vy);
		cr_expect_eq(r[f].height, h[f], "frame %d: height %lld", f, (long long)r[f].height);
		cr_expect_eq(r[f].flags, 0);
	}
	hold_rows(WATER, KNUCKLES, JUMP, 0, 40, 2, r);
	cr_expect_eq(r[0].vy, -0x300);
	cr_expect_eq(r[1].vy, -0x2f0);
	cr_expect_eq(r[1].height, 768);
	hold_rows(AIR, KNUCKLES, JUMP, 0, 1, 2, r);
	cr_expect_eq(r[1].vy, -0x3c8);
	cr_expect_eq(r[1].height, 1024);
	cr_expect_eq(r[1].flags, F_RELEASE_CAP);
}

/* Take-off speeds: Sonic and Tails $680, Knuckles $600, Super Sonic $800 (Sonic_Jump's
 * Super_Sonic_Knux_flag test); under water (tested last) $380, Knuckles $300. */
Test(sonic3k, takeoff_speeds)
{
	const int air[4] = { -0x680, -0x680, -0x600, -0x800 };
	const int water[4] = { -0x380, -0x380, -0x300, -0x380 };
	s3_row r[1];
	for (int ch = SONIC; ch <= SUPER; ch++) {
		hold_rows(AIR, ch, JUMP, 0, 1, 1, r);
		cr_expect_eq(r[0].vy, air[ch], "char %d", ch);
		cr_expect_eq(r[0].y_px, 0x3f1);
		hold_rows(WATER, ch, JUMP, 0, 1, 1, r);
		cr_expect_eq(r[0].vy, water[ch], "char %d", ch);
	}
}

/* Seed claim 11: MoveSprite adds $38 each airborne frame, and under water the air modes
 * (Sonic_MdJump, Knux_Spin_Freespace, Tails_Stand_Freespace...) take $28 back: $10.  Every
 * character, held (no release cap, no re-press) until the landing frame writes 0. */
Test(sonic3k, claim11_gravity_and_underwater)
{
	s3_row r[256];
	const int n_air[4] = { 60, 60, 56, 74 }, n_water[4] = { 113, 113, 97, 113 };
	for (int ch = SONIC; ch <= SUPER; ch++)
		for (int env = AIR; env <= WATER; env++) {
			int g = env == AIR ? 0x38 : 0x10;
			hold_rows(env, ch, JUMP, 0, 256, 256, r);
			int n = 0;
			for (int f = 1; f < 256 && r[f].air; f++, n++)
				cr_expect_eq(r[f].vy - r[f - 1].vy, g, "char %d env %d frame %d", ch, env, f);
			cr_expect_eq(n, env == AIR ? n_air[ch] : n_water[ch], "char %d env %d: %d", ch, env,
				     n);
		}
}

/* The air move.  Held on frames 0..19, up 20..24, pressed again on 25 (y_vel -$680 + 25 * $38
 * = $98 >= -$400, the `ble` branch, double_jump_flag clear): Sonic's insta-shield and Super
 * Sonic's flag set double_jump_flag and nothing else - the jump is the plain held one, frame for
 * frame; Tails and Knuckles raise air_move on frame 25 only (double_jump_flag blocks frame 40's
 * second press).  The landing clears double_jump_flag. */
Test(sonic3k, air_move_on_a_repress)
{
	uint8_t in[128];
	for (int f = 0; f < 128; f++)
		in[f] = (uint8_t)(f < 20 || (f >= 25 && f != 39) ? JS_IN_JUMP : 0);
	s3_row r[128], p[128];
	for (int ch = SONIC; ch <= SUPER; ch++) {
		run_rows(AIR, ch, JUMP, 0, in, 128, r);
		hold_rows(AIR, ch, JUMP, 0, 128, 128, p);
		int mover = ch == TAILS || ch == KNUCKLES;
		for (int f = 0; f < 80; f++) {
			cr_assert_eq(r[f].height, p[f].height, "char %d frame %d", ch, f);
			cr_assert_eq(r[f].vy, p[f].vy);
			cr_assert_eq(r[f].dj, r[f].air && f >= 25, "char %d frame %d dj %u", ch, f, r[f].dj);
			cr_assert_eq(r[f].flags, f == 25 && mover ? F_AIR_MOVE : p[f].flags,
				     "char %d frame %d", ch, f);
		}
	}
	/* whole jump: the held Sonic jump's figures, plus the flag for Tails / Knuckles */
	js_acc a;
	js_reference_run(tu_model("sonic3k"), (int32_t[]){ AIR, TAILS, JUMP, 0 }, in, 128, &a);
	cr_expect_eq(a.rise, 25560);
	cr_expect_eq(a.airtime, 62);
	cr_expect_eq(a.flags, F_AIR_MOVE);
	js_reference_run(tu_model("sonic3k"), (int32_t[]){ AIR, SONIC, JUMP, 0 }, in, 128, &a);
	cr_expect_eq(a.flags, 0);
}

/* A double tap: pressed on frame 0, up on 1 (release: -$680 -> -$400, then -$3C8), pressed on 2:
 * -$3C8 >= -$400, so the air move starts at once.  But a press while y_vel is still below the cap
 * is not tested (Knux_JumpHeight's `ble` goes to the glide test only at or above it): a written
 * -$1100 with A/B/C up on frame 0 and pressed on frame 1 keeps rising, no air move.  After a
 * spring (jumping clear) no air move either. */
Test(sonic3k, air_move_needs_the_cap_and_jumping)
{
	s3_row r[4];
	run_rows(AIR, KNUCKLES, JUMP, 0, (uint8_t[4]){ 1, 0, 1, 1 }, 4, r);
	cr_expect_eq(r[1].flags, F_RELEASE_CAP);
	cr_expect_eq(r[1].vy, -0x3c8);
	cr_expect_eq(r[2].flags, F_AIR_MOVE);
	cr_expect_eq(r[2].dj, 1);
	run_rows(AIR, KNUCKLES, WRITTEN, -0x1100, (uint8_t[4]){ 0, 1, 1, 1 }, 4, r);
	cr_expect_eq(r[1].flags, F_NO_FC0_CAP);
	cr_expect_eq(r[1].dj, 0);
	cr_expect_eq(r[1].vy, -0x10c8);
	run_rows(AIR, TAILS, SPRING, -0x300, (uint8_t[4]){ 0, 1, 0, 1 }, 4, r);
	for (int f = 0; f < 4; f++) {
		cr_expect_eq(r[f].flags, 0, "frame %d", f);
		cr_expect_eq(r[f].dj, 0);
	}
}

/* No -$FC0 clamp after jumps (Sonic_JumpHeight / Knux_JumpHeight return first): a written -$1100
 * is -$10C8 a frame later; off a spring UpVelCap clamps it to -$FC0: -$F88. */
Test(sonic3k, no_fc0_cap_after_jumps)
{
	s3_row r[3];
	for (int ch = SONIC; ch <= SUPER; ch++) {
		hold_rows(AIR, ch, WRITTEN, -0x1100, 200, 3, r);
		cr_expect_eq(r[1].vy, -0x10c8, "char %d", ch);
		cr_expect_eq(r[1].flags, F_NO_FC0_CAP);
		hold_rows(AIR, ch, SPRING, -0x1100, 200, 3, r);
		cr_expect_eq(r[1].vy, -0xf88);
		cr_expect_eq(r[1].flags, F_SPRING_CAP);
	}
}

/* Whole jumps: rise (1/256 px), apex frame, airtime.  Expected values from an independent Python
 * re-implementation (/tmp/sonic2-py/genesis.py, written separately from the C), and by hand for
 * Knuckles' held air jump: height after frame k = 1536k - 28k(k-1), last positive increment at
 * k = 28 (1536 - 56 * 27 = 24): 43008 - 21168 = 21840 (85.3125 px); H(56) = -224 (the feet
 * 0.875 px under the take-off row, still on row $03FF: airborne, below_start), H(57) = -1824
 * (7.1 px in): lands on frame 57, airtime 58. */
Test(sonic3k, whole_jumps)
{
	struct { int env, ch, h; int64_t rise; int apex, air, below; } c[] = {
		{ AIR, SONIC, 1, 9880, 19, 39, 0 },       { AIR, SONIC, 32, 25560, 30, 62, 0 },
		{ WATER, SONIC, 32, 25536, 56, 115, 0 },  { AIR, TAILS, 5, 16200, 23, 49, 1 },
		{ AIR, KNUCKLES, 1, 9880, 19, 39, 0 },    { AIR, KNUCKLES, 2, 11416, 20, 42, 1 },
		{ AIR, KNUCKLES, 5, 15688, 23, 48, 0 },   { AIR, KNUCKLES, 13, 21840, 28, 58, 1 },
		{ AIR, KNUCKLES, 32, 21840, 28, 58, 1 },  { WATER, KNUCKLES, 1, 8448, 32, 67, 0 },
		{ WATER, KNUCKLES, 2, 9216, 33, 69, 0 },  { WATER, KNUCKLES, 5, 11424, 36, 76, 0 },
		{ WATER, KNUCKLES, 13, 16608, 44, 92, 0 }, { WATER, KNUCKLES, 32, 18816, 48, 99, 0 },
		{ AIR, SUPER, 13, 30760, 31, 66, 1 },     { AIR, SUPER, 32, 38480, 37, 76, 0 },
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

/* Landing (SonicKnux_DoLevelCollision -> Player_TouchFloor / Tails_TouchFloor): Knuckles' held
 * jump, frame 57: the feet 7.125 px in (height -1824), y_pos's pixel word snapped back to $03EC
 * (Knux_TouchFloor: y_radius $13, y_pos += $E - $13), fraction $2000 kept, y_vel 0; Tails lands
 * at $03F0. */
Test(sonic3k, landing)
{
	s3_row r[64];
	hold_rows(AIR, KNUCKLES, JUMP, 0, 64, 64, r);
	cr_expect_eq(r[56].air, 1);
	cr_expect_eq(r[56].height, -224);
	cr_expect_eq(r[57].air, 0);
	cr_expect_eq(r[57].y_px, 0x3ec);
	cr_expect_eq(r[57].y_frac, 0x2000);
	cr_expect_eq(r[57].vy, 0);
	cr_expect_eq(r[57].roll, 0);
	cr_expect_eq(r[57].height, -32);
	hold_rows(AIR, TAILS, JUMP, 0, 64, 64, r);
	cr_expect_eq(r[61].air, 0);
	cr_expect_eq(r[61].y_px, 0x3f0);
}

/* Edges the flags mark, as in Sonic 1 and 2. */
Test(sonic3k, edge_flags)
{
	s3_row r[4];
	hold_rows(AIR, KNUCKLES, WRITTEN, 0x7fff, 4096, 2, r);
	cr_expect(r[1].flags & F_VY_WRAP);
	hold_rows(AIR, TAILS, SPRING, 0x2100, 0, 2, r);
	cr_expect_eq(r[1].flags, F_DEEP_LANDING);
	cr_expect_eq(r[1].y_px, 0x3f0 + 16);
	hold_rows(AIR, SONIC, WRITTEN, 0x7900, 0, 3, r);
	cr_expect_eq(r[1].flags, F_MISSED_LANDING);
	js_acc a = ref_hold(AIR, SUPER, WRITTEN, -0x8000, 4096, 4096);
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

/* mode 0: holds; 1: random buttons every frame (many re-presses: air moves); 2: sparse presses;
 * 3: edge vy0, every other lane held throughout; 4: tame vy0 only (the fast path), random
 * buttons; 5: start=jump in every lane (whole blocks take the 16-bit paths, AVX-512 and AVX2),
 * random buttons: air moves on re-presses at and above the cap, blocked by double_jump_flag. */
static void check_lanes(size_t n, int n_frames, uint64_t seed, int mode)
{
	const js_model *m = tu_model("sonic3k");
	int32_t *ax = malloc(n * 4 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		ax[4 * i + ENV] = (int32_t)(tu_rand(&seed) % 2);
		ax[4 * i + CHAR] = (int32_t)(tu_rand(&seed) % 4);
		ax[4 * i + START] = (int32_t)(tu_rand(&seed) % 3);
		ax[4 * i + VY0] = mode == 3 || tu_rand(&seed) % 8 == 0
				  ? edge_vy0(&seed)
				  : (int32_t)(tu_rand(&seed) % 0x10000) - 0x8000;
		if (mode == 4 || (mode == 0 && tu_rand(&seed) % 2))
			ax[4 * i + VY0] = (int32_t)(tu_rand(&seed) % (2 * TAME + 1)) - TAME;
		if (mode == 5)
			ax[4 * i + START] = JUMP;
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

Test(sonic3k, lanes_equal_reference_holds) { check_lanes(4000, 512, 1, 0); }
Test(sonic3k, lanes_equal_reference_random) { check_lanes(4000, 512, 2, 1); }
Test(sonic3k, lanes_equal_reference_sparse_presses) { check_lanes(3000, 600, 3, 2); }
Test(sonic3k, lanes_equal_reference_edges, .timeout = 120) { check_lanes(1000, 4096, 4, 3); }
Test(sonic3k, lanes_equal_reference_tame, .timeout = 120) { check_lanes(4000, 1024, 5, 4); }
Test(sonic3k, lanes_partial_block) { check_lanes(7, 100, 6, 1); }
Test(sonic3k, lanes_equal_reference_jumps_air_moves) { check_lanes(4000, 512, 7, 5); }
Test(sonic3k, lanes_partial_block_jumps) { check_lanes(40, 200, 8, 5); }

/* The fast path's precondition, exhaustively: every tame written / spring start never released
 * (the highest flight of each: a release only lowers it), both environments, run through the
 * lane kernel (both paths meet here: the block's groups are tame) and the reference. */
Test(sonic3k, lanes_equal_reference_every_tame_start, .timeout = 300)
{
	const js_model *m = tu_model("sonic3k");
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
				a[CHAR] = (int32_t)(n % 4);
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
Test(sonic3k, lanes_equal_reference_default_grid)
{
	const js_model *m = tu_model("sonic3k");
	int n_frames = m->default_frames, nh = m->default_hold + 1;
	size_t n = 2 * 4 * (size_t)nh;
	int32_t *ax = malloc(n * 4 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	size_t i = 0;
	for (int env = 0; env < 2; env++)
		for (int ch = 0; ch < 4; ch++)
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
Test(sonic3k, metadata)
{
	const js_model *m = tu_model("sonic3k");
	cr_expect_eq(m->sub_per_unit, 256);
	cr_expect_eq(m->n_axes, 4);
	cr_expect_str_eq(m->axes[ENV].name, "env");
	cr_expect_str_eq(m->axes[CHAR].name, "character");
	cr_expect_str_eq(m->axes[CHAR].names[KNUCKLES], "knuckles");
	cr_expect_str_eq(m->axes[CHAR].names[SUPER], "super_sonic");
	cr_expect_str_eq(m->axes[START].name, "start");
	cr_expect_str_eq(m->axes[VY0].name, "vy0");
	cr_expect_eq(m->axes[START].def_lo, JUMP);
	cr_expect_eq(m->axes[START].def_hi, JUMP);
	cr_expect_leq(m->state_size, JS_STATE_MAX);
	cr_expect_lt(m->key_size, m->state_size);
	for (int b = 8; b <= 15; b++)
		cr_expect_not_null(m->flag_names[b], "flag bit %d named", b);
}

/* ---- fuzz starts: fields, invariants, the landing bound (model.h; sonic_genesis.h) ---- */

/* Starts from any state the fields allow (double_jump_flag too), every character: every lane path
 * agrees with the reference frame by frame. */
Test(sonic3k, lanes_equal_reference_from_fuzz_starts)
{
	int with_fields = tu_check_random_starts(tu_model("sonic3k"), 300, 200, 41);
	cr_assert_gt(with_fields, 100);
}

/* A written -$8000 held under water (Knuckles; no -$FC0 clamp while jumping, gravity net $10):
 * after Knux_Jump's curl y_pos is $03F1 and after frame f >= 1 it has moved S(f) = -32768 f +
 * 8 f (f - 1) sub-units; MoveSprite's add.l overflows when 32768 f - 8 f (f - 1) > 8646912
 * ($03F1 << 16 + 256 S < -2^31): f = 283 gives 8634896, f = 284 gives 8663136.  Frame 284. */
Test(sonic3k, fuzz_written_rise_wraps_y)
{
	js_case c;
	tu_case(&c, "sonic3k", 400);
	c.axis[0][ENV] = WATER;
	c.axis[0][CHAR] = KNUCKLES;
	c.axis[0][START] = WRITTEN;
	c.axis[0][VY0] = -0x8000;
	for (int f = 0; f < 400; f++)
		c.input[0][f] = JS_IN_JUMP;
	js_break b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "y_wrap"));
	cr_expect_eq(b.frame, 284);
}

/* double_jump_flag from a start: set, a new press at or above the cap starts no air move (no
 * air_move flag for Tails); clear, the same press does (flag 15).  Jumping, curled, y_vel -$300,
 * feet 100 px up (y_pos 1023 - 100 - $E). */
Test(sonic3k, fuzz_double_jump_flag_start)
{
	js_case c;
	for (int dj = 0; dj < 2; dj++) {
		tu_case(&c, "sonic3k", 100);
		c.axis[0][CHAR] = TAILS;
		tu_case_set(&c, "y_px", 1023 - 100 - 0x0e);
		tu_case_set(&c, "vy", -0x300);
		tu_case_set(&c, "air", 1);
		tu_case_set(&c, "roll", 1);
		tu_case_set(&c, "jumping", 1);
		tu_case_set(&c, "double_jump", dj);
		c.input[0][0] = JS_IN_JUMP;
		js_acc a;
		unsigned char st[JS_STATE_MAX];
		js_case_start(&c, 0, st);
		js_reference_run_from(c.m, st, c.input[0], c.n_frames, &a);
		cr_expect_eq(!!(a.flags & F_AIR_MOVE), !dj, "double_jump %d", dj);
		/* after frame 0: y_pos 909 - 3, y_vel -$300 + $38, double_jump_flag set either way */
		char row[128];
		tu_case_row_after(&c, 1, row, sizeof row);
		cr_expect_str_eq(row, "906,0,-712,1,1,1,1");
		js_break b = tu_case_breaks(&c);
		cr_expect_eq(b.kind, JS_BREAK_NONE);
	}
}

/* Normal play keeps every invariant: every character's jumps, every hold, air and water. */
Test(sonic3k, fuzz_invariants_hold_in_normal_play)
{
	js_case c;
	for (int ch = 0; ch < 4; ch++)
		for (int env = 0; env < 2; env++)
			for (int h = 0; h < 32; h += 3) {
				tu_case(&c, "sonic3k", 128);
				c.axis[0][ENV] = env;
				c.axis[0][CHAR] = ch;
				for (int f = 0; f < h; f++)
					c.input[0][f] = JS_IN_JUMP;
				js_break b = tu_case_breaks(&c);
				cr_expect_eq(b.kind, JS_BREAK_NONE, "char %d env %d hold %d", ch, env, h);
			}
}
