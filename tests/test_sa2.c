/* tests/test_sa2.c - Sonic Advance 2: seed claim 33 (Gravity page: PLAYER_GRAVITY 42/256, 12/256
 * in water, every frame of a jump, before the move), frame-by-frame values derived by hand from
 * Player_TryJump / Player_InitJump / Player_Jumping / PLAYERFN_UPDATE_* / sub_8021C4C (SAT-R/sa2),
 * whole jumps cross-checked with an independent Python re-implementation, the insta-shield,
 * flags at the edges, and lane kernel == reference on every ISA. */
#include <stdio.h>

#include "testutil.h"

enum { ENV, START, VY0 };
enum { AIR, WATER };
enum { JUMP, WRITTEN };

/* Model flags (kernels/sa2.c). */
#define F_RELEASE_CAP (1u << 8)
#define F_FALL_CAP (1u << 9)
#define F_VY_WRAP (1u << 10)
#define F_MID_AIR (1u << 11)

#define STAND_F (0x3ff * 256) /* the feet standing: row $3FF (the floor's top row is $400) */

typedef struct sa2_row {
	int feet, feet_px, vy;
	unsigned air, jumping, init_jump;
	int64_t height; /* observe: 1/256 px */
	int grounded;
	uint32_t flags;
} sa2_row;

static const tu_field sa2_fields[] = {
	TU_FIELD(sa2_row, feet, "feet"),
	TU_FIELD(sa2_row, feet_px, "feet_px"),
	TU_FIELD(sa2_row, vy, "vy"),
	TU_FIELD(sa2_row, air, "air"),
	TU_FIELD(sa2_row, jumping, "jumping"),
	TU_FIELD(sa2_row, init_jump, "init_jump"),
	TU_FIELD(sa2_row, height, "height_sub"),
	TU_FIELD(sa2_row, grounded, "grounded"),
	TU_FIELD(sa2_row, flags, "flags"),
};

static void run_rows(int env, int start, int vy0, const uint8_t *in, int n, sa2_row *rows)
{
	const int32_t ax[] = { env, start, vy0 };
	TU_ROWS(tu_model("sa2"), ax, in, n, sa2_fields, rows);
}

static void hold_rows(int env, int start, int vy0, int h, int n, sa2_row *rows)
{
	uint8_t in[4096];
	tu_hold(in, n, h, 0);
	run_rows(env, start, vy0, in, n, rows);
}

static js_acc ref_hold(int env, int start, int vy0, int h, int n_frames)
{
	return tu_ref_hold(tu_model("sa2"), (int32_t[]){ env, start, vy0 }, h, 0, n_frames);
}

/* Held jump, air, by hand.
 * Frame 0 (the press): Player_Idle -> Player_TryJump (frameInput & jump) sets the callback to
 * Player_InitJump and returns: on the ground, nothing moves (height 0, grounded).
 * Frame 1: Player_InitJump: qSpeedAirY = 0 + I(SIN_24_8(192 * 4) * Q(4.875)) = I(-256 * 1248)
 * = -1248; Player_Jumping (same frame): held, no release; +Q(42/256) = 42 -> -1206 (before the
 * move); MIN(-1206, 3840); qWorldY += -1206: height 1206.
 * Frame 2: -1206 + 42 = -1164, height 1206 + 1164 = 2370.  Frame 3: -1122, height 3492. */
Test(sa2, held_frames_by_hand)
{
	sa2_row r[4];
	hold_rows(AIR, JUMP, 0, 40, 4, r);
	cr_expect_eq(r[0].grounded, 1);
	cr_expect_eq(r[0].init_jump, 1);
	cr_expect_eq(r[0].height, 0);
	cr_expect_eq(r[0].vy, 0);
	const int vy[4] = { 0, -1206, -1164, -1122 };
	const int64_t h[4] = { 0, 1206, 2370, 3492 };
	for (int f = 1; f < 4; f++) {
		cr_expect_eq(r[f].vy, vy[f], "frame %d: vy %d", f, r[f].vy);
		cr_expect_eq(r[f].height, h[f], "frame %d: height %lld", f, (long long)r[f].height);
		cr_expect_eq(r[f].feet, STAND_F - h[f]);
		cr_expect_eq(r[f].air, 1);
		cr_expect_eq(r[f].jumping, 1);
		cr_expect_eq(r[f].flags, 0);
	}
}

/* Tapped (the button up from frame 1): frame 1 already releases - Player_InitJump calls
 * Player_Jumping, whose MOVESTATE_100 branch sees qSpeedAirY -1248 < -768 and the jump not held:
 * -768 (release_cap), +42 = -726, height 726.  Held for 3 frames: frames 1, 2 held (-1206,
 * -1164), frame 3 up: -1164 < -768 -> -768, +42: -726, height 2370 + 726 = 3096 (the level
 * check: the release acts on the first frame the button is up).
 * Under water: Q(2.625) = 672, cap Q(1.5) = 384, gravity 12: held -660, then -648 (height 660,
 * 1308); tapped -384 + 12 = -372 (height 372). */
Test(sa2, release_by_hand)
{
	sa2_row r[4];
	hold_rows(AIR, JUMP, 0, 1, 2, r);
	cr_expect_eq(r[1].vy, -726);
	cr_expect_eq(r[1].height, 726);
	cr_expect_eq(r[1].flags, F_RELEASE_CAP);
	hold_rows(AIR, JUMP, 0, 3, 4, r);
	cr_expect_eq(r[2].flags, 0);
	cr_expect_eq(r[3].vy, -726);
	cr_expect_eq(r[3].height, 3096);
	cr_expect_eq(r[3].flags, F_RELEASE_CAP);
	hold_rows(WATER, JUMP, 0, 40, 3, r);
	cr_expect_eq(r[1].vy, -660);
	cr_expect_eq(r[1].height, 660);
	cr_expect_eq(r[2].vy, -648);
	cr_expect_eq(r[2].height, 1308);
	hold_rows(WATER, JUMP, 0, 1, 2, r);
	cr_expect_eq(r[1].vy, -372);
	cr_expect_eq(r[1].height, 372);
	cr_expect_eq(r[1].flags, F_RELEASE_CAP);
}

/* Seed claim 33: PLAYERFN_UPDATE_AIR_FALL_SPEED adds 42 (12 in water) to qSpeedAirY on every
 * frame of the jump, button held or not, and PLAYERFN_UPDATE_POSITION then moves by the new
 * speed (gravity BEFORE moving): with random buttons, every airborne frame's speed is (what the
 * release left) + g, and the feet move by exactly that speed. */
Test(sa2, claim33_gravity_every_frame_before_the_move)
{
	uint64_t seed = 33;
	sa2_row r[300];
	uint8_t in[300];
	for (int t = 0; t < 200; t++) {
		int env = (int)(tu_rand(&seed) % 2);
		for (int f = 0; f < 300; f++)
			in[f] = (uint8_t)(f == 0 || (tu_rand(&seed) & 1) ? JS_IN_JUMP : 0);
		run_rows(env, JUMP, 0, in, 300, r);
		int g = env == AIR ? 42 : 12, cap = env == AIR ? -768 : -384;
		int n = 0;
		for (int f = 2; f < 300 && r[f].air; f++, n++) {
			int before = r[f].flags & F_RELEASE_CAP ? cap : r[f - 1].vy;
			cr_expect_eq(r[f].vy, before + g, "trial %d frame %d", t, f);
			cr_expect_eq(r[f].feet - r[f - 1].feet, r[f].vy, "trial %d frame %d", t, f);
		}
		cr_expect_gt(n, 20);
	}
	/* held: frames 2..58 airborne (the landing is frame 59), each +42; under water frames
	 * 2..111, each +12 */
	for (int env = AIR; env <= WATER; env++) {
		hold_rows(env, JUMP, 0, 200, 200, r);
		int n = 0;
		for (int f = 2; f < 200 && r[f].air; f++, n++)
			cr_expect_eq(r[f].vy - r[f - 1].vy, env == AIR ? 42 : 12);
		cr_expect_eq(n, env == AIR ? 57 : 110, "env %d: %d", env, n);
	}
}

/* The fall cap: PLAYERFN_UPDATE_POSITION's MIN(qSpeedAirY, Q(15.0) = 3840) before the move.  A
 * written -5000 held has qSpeedAirY -5000 + 42(f + 1) after frame f: 3820 after frame 209, 3862
 * on frame 210, capped to 3840 (fall_cap) before the move, and 3840 from then on (each frame
 * moves 15 px); he comes back to the take-off height only around frame 238. */
Test(sa2, fall_cap)
{
	sa2_row r[300];
	hold_rows(AIR, WRITTEN, -5000, 300, 300, r);
	int first = -1;
	for (int f = 0; f < 300 && r[f].air; f++) {
		cr_expect_leq(r[f].vy, 3840);
		if (first < 0 && (r[f].flags & F_FALL_CAP))
			first = f;
	}
	cr_expect_eq(first, 210);
	cr_expect_eq(r[209].vy, 3820);
	cr_expect_eq(r[209].flags, 0);
	cr_expect_eq(r[210].vy, 3840);
	cr_expect_eq(r[210].feet - r[209].feet, 3840);
	cr_expect_eq(r[212].vy, 3840);
	cr_expect_eq(r[212].feet - r[211].feet, 3840);
	js_acc a = ref_hold(AIR, WRITTEN, -5000, 300, 300);
	cr_expect(a.flags & F_FALL_CAP);
	cr_expect_eq(a.flags & JS_FLAG_NOT_LANDED, 0);
}

/* The landing (sub_8022190 -> sub_8021C4C -> sub_8021BE0): held air jump, frame 59 moves the
 * feet 708/256 px below the standing row (height 522 - 1230 = -708): sensor row $401, 2 px into
 * the floor: d = -2 >= -(I(1230) + 6) = -10: qWorldY += -2 << 8, the fraction kept: height -196,
 * qSpeedAirY 0, on the ground.  A new press then jumps again (Player_TouchGround ->
 * Player_Idle). */
Test(sa2, landing)
{
	sa2_row r[70];
	uint8_t in[70];
	for (int f = 0; f < 70; f++)
		in[f] = (uint8_t)(f < 60 || f >= 62 ? JS_IN_JUMP : 0);
	run_rows(AIR, JUMP, 0, in, 70, r);
	cr_expect_eq(r[58].air, 1);
	cr_expect_eq(r[58].height, 522);
	cr_expect_eq(r[58].vy, 1188);
	cr_expect_eq(r[59].air, 0);
	cr_expect_eq(r[59].vy, 0);
	cr_expect_eq(r[59].height, -196);
	cr_expect_eq(r[59].feet_px, 0x3ff);
	cr_expect_eq(r[59].jumping, 0);
	/* held through the landing: no jump; released on 60-61, pressed on 62: Player_InitJump on 63 */
	cr_expect_eq(r[61].air, 0);
	cr_expect_eq(r[62].air, 0);
	cr_expect_eq(r[62].init_jump, 1);
	cr_expect_eq(r[63].air, 1);
	cr_expect_eq(r[63].vy, -1206);
}

/* Both speeds 0 (quadrant 3, sub_802203C): the floor is looked for with result <= 0, so the feet
 * on the standing row land.  A written -42 (air) / -12 (water) is 0 after frame 0's gravity,
 * unmoved: down at once, never in the air (no take-off in the accounting); a later press jumps. */
Test(sa2, still_speed_lands)
{
	for (int env = AIR; env <= WATER; env++) {
		sa2_row r[2];
		hold_rows(env, WRITTEN, env == AIR ? -42 : -12, 0, 2, r);
		cr_expect_eq(r[0].air, 0, "env %d", env);
		cr_expect_eq(r[0].vy, 0);
		cr_expect_eq(r[0].height, 0);
		js_acc a = ref_hold(env, WRITTEN, env == AIR ? -42 : -12, 0, 64);
		cr_expect(a.flags & JS_FLAG_NO_TAKEOFF);
		uint8_t in[100] = { 0 };
		in[5] = JS_IN_JUMP;
		js_reference_run(tu_model("sa2"), (int32_t[]){ env, WRITTEN, env == AIR ? -42 : -12 }, in, 100, &a);
		cr_expect_eq(a.rise, env == AIR ? 6642 : 5952, "env %d rise %lld", env, (long long)a.rise);
		cr_expect_eq(a.airtime, (env == AIR ? 37 : 65) + 5);
	}
}

/* A new jump press in the air is Player_TryMidAirAction's insta-shield (no homing target): it
 * sets MOVESTATE_SOME_ATTACK and returns FALSE, so the release and the gravity go on: the jump is
 * frame for frame the held one (flag mid_air_action once).  A written start on a press frame
 * sees the press in its own Player_Jumping call. */
Test(sa2, insta_shield_changes_nothing)
{
	uint8_t in[100];
	for (int f = 0; f < 100; f++)
		in[f] = (uint8_t)(f < 30 || f >= 33 ? (f == 40 ? 0 : JS_IN_JUMP) : 0);
	sa2_row r[100], p[100];
	run_rows(AIR, JUMP, 0, in, 100, r);
	hold_rows(AIR, JUMP, 0, 100, 100, p);
	for (int f = 0; f < 100; f++) {
		cr_assert_eq(r[f].feet, p[f].feet, "frame %d", f);
		cr_assert_eq(r[f].vy, p[f].vy, "frame %d", f);
		cr_assert_eq(r[f].flags, f == 33 ? F_MID_AIR : 0, "frame %d: %#x", f, r[f].flags);
	}
	js_acc a;
	js_reference_run(tu_model("sa2"), (int32_t[]){ AIR, JUMP, 0 }, in, 100, &a);
	cr_expect_eq(a.flags, F_MID_AIR);
	sa2_row w[2];
	hold_rows(AIR, WRITTEN, -1248, 10, 2, w);
	cr_expect_eq(w[0].flags, F_MID_AIR);
	cr_expect_eq(w[0].vy, -1206);
	cr_expect_eq(w[1].flags, 0);
}

/* Whole jumps: rise (1/256 px), apex frame, airtime (counted from frame 0, the press frame).
 * Expected values from an independent Python re-implementation (/tmp/sonic2-py/sa2.py, written
 * separately from the C), and by hand for the held air jump: height after frame k >= 1
 * = 1248k - 21k(k + 1), last positive increment at k = 29 (1248 - 42 * 29 = 30): 36192 - 18270
 * = 17922 (70.0 px); H(58) = 522, H(59) = -708: lands on frame 59, airtime 60.  Tapped: 768k
 * - 21k(k + 1), k = 18: 13824 - 7182 = 6642 (25.9 px). */
Test(sa2, whole_jumps)
{
	struct { int env, h; int64_t rise; int apex, air, below; } c[] = {
		{ AIR, 1, 6642, 18, 37, 0 },     { AIR, 2, 7848, 19, 40, 0 },
		{ AIR, 3, 9012, 20, 42, 0 },     { AIR, 5, 11214, 22, 47, 1 },
		{ AIR, 10, 15984, 27, 56, 0 },   { AIR, 20, 17922, 29, 60, 0 },
		{ AIR, 32, 17922, 29, 60, 0 },   { WATER, 1, 5952, 31, 65, 0 },
		{ WATER, 2, 6612, 32, 68, 1 },   { WATER, 5, 8520, 35, 75, 0 },
		{ WATER, 10, 11460, 40, 86, 0 }, { WATER, 20, 16440, 50, 105, 1 },
		{ WATER, 32, 18480, 55, 113, 0 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		js_acc a = ref_hold(c[i].env, JUMP, 0, c[i].h, 512);
		cr_expect_eq(a.rise, c[i].rise, "case %zu: rise %lld", i, (long long)a.rise);
		cr_expect_eq(a.apex_frame, c[i].apex, "case %zu: apex %d", i, a.apex_frame);
		cr_expect_eq(a.airtime, c[i].air, "case %zu: airtime %d", i, a.airtime);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED), 0, "case %zu", i);
		cr_expect_eq(!!(a.flags & JS_FLAG_BELOW_START), c[i].below, "case %zu: flags %#x", i,
			     a.flags);
	}
	/* written -1248 on frame 0: the plain jump a frame early (plus the insta-shield: the press
	 * is on frame 0, in Player_Jumping) */
	js_acc a = ref_hold(AIR, WRITTEN, -1248, 40, 512);
	cr_expect_eq(a.rise, 17922);
	cr_expect_eq(a.apex_frame, 28);
	cr_expect_eq(a.airtime, 59);
	cr_expect_eq(a.flags, F_MID_AIR);
}

/* Edges: a written 32767 wraps on frame 0 (32767 + 42 -> -32727, vy_wrap) and goes up. */
Test(sa2, edge_flags)
{
	sa2_row r[2];
	hold_rows(AIR, WRITTEN, 32767, 0, 2, r);
	cr_expect_eq(r[0].vy, 32767 + 42 - 65536);
	cr_expect_eq(r[0].flags & F_VY_WRAP, F_VY_WRAP);
	cr_expect_eq(r[0].air, 1);
	cr_expect_eq(r[0].height, 65536 - 32767 - 42);
	js_acc a = ref_hold(AIR, WRITTEN, -32768, 4096, 4096);
	cr_expect(a.flags & F_FALL_CAP);
}

/* ---- lane kernel == reference ---- */

static int32_t edge_vy0(uint64_t *seed)
{
	static const int32_t e[] = { -32768, -32767, -5000, -3840, -1248, -769, -768, -767,
				     -672, -385, -384, -383, -54, -43, -42, -41, -13, -12, -11, -1,
				     0, 1, 255, 256, 3798, 3799, 3840, 3841, 4000, 32725, 32726,
				     32755, 32756, 32767 };
	return e[tu_rand(seed) % (sizeof e / sizeof e[0])];
}

/* mode 0: holds; 1: random buttons every frame; 2: sparse presses; 3: edge vy0, every other lane
 * held throughout; 4: one hold (1 to 40 frames, half of them 1 or 2) from a random frame, a
 * take-off anywhere up to the last frame; 5: only the last lane presses, once, for one frame, on
 * a multiple of 8 (the block's last press right after a stop check: the AVX-512 16-bit path's
 * stop rule).  jump_only: start=jump on every lane (the blocks the 16-bit paths run). */
static void check_lanes_starts(size_t n, int n_frames, uint64_t seed, int mode, int jump_only)
{
	const js_model *m = tu_model("sa2");
	int32_t *ax = malloc(n * 3 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		ax[3 * i + ENV] = (int32_t)(tu_rand(&seed) % 2);
		ax[3 * i + START] = jump_only ? JUMP : (int32_t)(tu_rand(&seed) % 2);
		ax[3 * i + VY0] = mode == 3 || tu_rand(&seed) % 4 == 0
				  ? edge_vy0(&seed)
				  : (int32_t)(tu_rand(&seed) % 0x10000) - 0x8000;
		if (mode == 0 && tu_rand(&seed) % 2)
			ax[3 * i + VY0] = -(int32_t)(tu_rand(&seed) % 6000);
		int h = (int)(tu_rand(&seed) % 60);
		int t0 = (int)(tu_rand(&seed) % (uint64_t)n_frames);
		int t1 = t0 + 1 + (int)(tu_rand(&seed) % (tu_rand(&seed) % 2 ? 40 : 2));
		for (int f = 0; f < n_frames; f++) {
			unsigned b;
			if (mode == 0)
				b = f < h;
			else if (mode == 4)
				b = f >= t0 && f < t1;
			else if (mode == 5)
				b = i == n - 1 && f == (t0 & ~7);
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

static void check_lanes(size_t n, int n_frames, uint64_t seed, int mode)
{
	check_lanes_starts(n, n_frames, seed, mode, 0);
}

Test(sa2, lanes_equal_reference_holds) { check_lanes(4000, 512, 1, 0); }
Test(sa2, lanes_equal_reference_random) { check_lanes(4000, 512, 2, 1); }
Test(sa2, lanes_equal_reference_sparse_presses) { check_lanes(3000, 600, 3, 2); }
Test(sa2, lanes_equal_reference_edges, .timeout = 120) { check_lanes(1000, 4096, 4, 3); }
Test(sa2, lanes_partial_block) { check_lanes(7, 100, 5, 1); }
/* Blocks of jump starts only (the 16-bit paths): whole blocks and every group shape (AVX2: one or
 * two groups of 16 side by side, partly filled; AVX-512: one register of 32 or two), late
 * take-offs up to JS_MAX_FRAMES. */
Test(sa2, lanes_jump_starts_holds) { check_lanes_starts(4000, 512, 11, 0, 1); }
Test(sa2, lanes_jump_starts_random) { check_lanes_starts(4000, 512, 12, 1, 1); }
Test(sa2, lanes_jump_starts_sparse_presses) { check_lanes_starts(3000, 600, 13, 2, 1); }
Test(sa2, lanes_jump_starts_late, .timeout = 120) { check_lanes_starts(2000, 4096, 14, 4, 1); }
Test(sa2, lanes_jump_starts_partial_blocks)
{
	static const size_t n[] = { 1, 7, 16, 17, 21, 31, 32, 33, 40, 48, 50, 63, 64 };
	for (size_t k = 0; k < sizeof n / sizeof n[0]; k++) {
		check_lanes_starts(n[k], 150, 20 + k, 1, 1);
		for (uint64_t s = 0; s < 16; s++) { /* a lone late press: the stop rule */
			check_lanes_starts(n[k], 300, 100 + 16 * k + s, 4, 1);
			check_lanes_starts(n[k], 300, 400 + 16 * k + s, 5, 1);
		}
	}
}

/* Every default-grid lane on every path. */
Test(sa2, lanes_equal_reference_default_grid)
{
	const js_model *m = tu_model("sa2");
	int n_frames = m->default_frames, nh = m->default_hold + 1;
	size_t n = 2 * (size_t)nh;
	int32_t *ax = malloc(n * 3 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	size_t i = 0;
	for (int env = 0; env < 2; env++)
		for (int h = 0; h < nh; h++, i++) {
			ax[3 * i + ENV] = env;
			ax[3 * i + START] = JUMP;
			ax[3 * i + VY0] = m->axes[VY0].def_lo;
			tu_hold(in + i * (size_t)n_frames, n_frames, h, 0);
			js_acc a;
			js_reference_run(m, ax + 3 * i, in + i * (size_t)n_frames, n_frames, &a);
			cr_expect_eq(a.flags & JS_FLAG_NOT_LANDED, 0, "default frames too few");
		}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

Test(sa2, metadata)
{
	const js_model *m = tu_model("sa2");
	cr_expect_eq(m->sub_per_unit, 256);
	cr_expect_eq(m->n_axes, 3);
	cr_expect_str_eq(m->axes[ENV].name, "env");
	cr_expect_str_eq(m->axes[START].name, "start");
	cr_expect_str_eq(m->axes[VY0].name, "vy0");
	cr_expect_eq(m->axes[START].def_hi, JUMP);
	cr_expect_leq(m->state_size, JS_STATE_MAX);
	cr_expect_lt(m->key_size, m->state_size);
	for (int b = 8; b <= 11; b++)
		cr_expect_not_null(m->flag_names[b], "flag bit %d named", b);
}

/* ---- fuzz starts: fields, invariants, the landing bound (model.h; kernels/sa2.c) ---- */

/* Starts from any state the fields allow (F over the whole s32, qSpeedAirY over the whole s16,
 * Player_InitJump pending): every lane path agrees with the reference frame by frame. */
Test(sa2, lanes_equal_reference_from_fuzz_starts)
{
	int with_fields = tu_check_random_starts(tu_model("sa2"), 300, 200, 51);
	cr_assert_gt(with_fields, 100);
}

/* PLAYERFN_UPDATE_AIR_FALL_SPEED's s16 add: in the air at 32740 (not jumping: no release),
 * 32740 + 42 = 32782 wraps to -32754 before the fall cap looks (frame 0); a written vy0 of 32767
 * on frame 0 wraps the same way (32767 + 42). */
Test(sa2, fuzz_fall_speed_wraps)
{
	js_case c;
	tu_case(&c, "sa2", 8);
	tu_case_set(&c, "feet", 1000 * 256);
	tu_case_set(&c, "vy", 32740);
	tu_case_set(&c, "air", 1);
	js_break b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "vy_wrap"));
	cr_expect_eq(b.frame, 0);
	char row[128];
	tu_case_row_after(&c, 1, row, sizeof row);
	cr_expect_str_eq(row, "223246,872,-32754,1,0,0", "F 256000 - 32754: rising fast");
	tu_case(&c, "sa2", 8);
	c.axis[0][START] = WRITTEN;
	c.axis[0][VY0] = 32767;
	b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "vy_wrap"));
	cr_expect_eq(b.frame, 0);
}

/* The fall cap holds from any speed the s16 holds below the wrap: from 32000 (+42 = 32042)
 * PLAYERFN_UPDATE_POSITION's MIN gives 3840; 23 px above the floor the feet go to row 1015, then
 * row 1030 (7 px in: sub_8021C4C's -7 >= -(15 + 6)) and land on row $3FF: nothing breaks. */
Test(sa2, fuzz_fall_cap_holds)
{
	js_case c;
	tu_case(&c, "sa2", 8);
	tu_case_set(&c, "feet", 1000 * 256);
	tu_case_set(&c, "vy", 32000);
	tu_case_set(&c, "air", 1);
	js_break b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_NONE);
	char row[128];
	tu_case_row_after(&c, 1, row, sizeof row);
	cr_expect_str_eq(row, "259840,1015,3840,1,0,0");
	tu_case_row_after(&c, 2, row, sizeof row);
	cr_expect_str_eq(row, "261888,1023,0,0,0,0");
}

/* sub_8021C4C lands the feet only within I(qSpeedAirY) + 6 px of the surface: from 30 px in
 * (row 1053) at 256, gravity gives 298 and the feet go to row 1054.16, 31 px in, where
 * sub_801E4E4 reads -17 - ((31 - 1) & 7) = -23 < -(1 + 6): no landing, frame 0. */
Test(sa2, fuzz_slow_fall_inside_the_floor_is_not_caught)
{
	js_case c;
	tu_case(&c, "sa2", 8);
	tu_case_set(&c, "feet", (0x3ff + 30) * 256);
	tu_case_set(&c, "vy", 256);
	tu_case_set(&c, "air", 1);
	js_break b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "floor_catch"));
	cr_expect_eq(b.frame, 0);
}

/* qWorldY's s32 wraps: 100 sub-units below -2^31, rising at -1000 (not jumping: no release),
 * -1000 + 42 = -958 carries F past -2^31 (frame 0). */
Test(sa2, fuzz_position_wraps)
{
	js_case c;
	tu_case(&c, "sa2", 8);
	tu_case_set(&c, "feet", -2147483648.0 + 100);
	tu_case_set(&c, "vy", -1000);
	tu_case_set(&c, "air", 1);
	js_break b = tu_case_breaks(&c);
	cr_expect_eq(b.kind, JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "y_wrap"));
	cr_expect_eq(b.frame, 0);
}

/* The landing bound's longest fall (kernels/sa2.c): from F = -2^31 at rest under water, 320
 * frames to the 3840 cap, then (2^31 + Q($3FF) - 616320) / 3840 = 559148.2 frames: it lands on
 * the 559469th step, within land_bound. */
Test(sa2, fuzz_landing_bound_from_the_top)
{
	js_case c;
	tu_case(&c, "sa2", 1);
	c.axis[0][ENV] = WATER;
	tu_case_set(&c, "feet", -2147483648.0);
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
	cr_expect_eq(f, 559469);
	cr_expect_lt(f, c.m->land_bound);
}

/* Normal play keeps every invariant: holds 0..31 in air and water. */
Test(sa2, fuzz_invariants_hold_in_normal_play)
{
	js_case c;
	for (int env = 0; env < 2; env++)
		for (int h = 0; h < 32; h++) {
			tu_case(&c, "sa2", 128);
			c.axis[0][ENV] = env;
			for (int f = 0; f < h; f++)
				c.input[0][f] = JS_IN_JUMP;
			js_break b = tu_case_breaks(&c);
			cr_expect_eq(b.kind, JS_BREAK_NONE, "env %d hold %d", env, h);
		}
}
