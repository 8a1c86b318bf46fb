/* tests/test_mzm.c - Metroid: Zero Mission: seed claims (Gravity page 35, and 34's note on Zero
 * Mission), frame-by-frame values derived by hand from SamusUpdateVelocityPosition /
 * SamusUpdatePhysics / SamusMidAir (metroidret/mzm src/samus.c), whole-jump figures checked against
 * an independent Python re-computation, and lane kernel == reference on every ISA. */
#include <stdio.h>

#include "testutil.h"

enum { NORMAL, HIGH_JUMP, SUITLESS };
enum { AIR, LIQUID, LIQUID_GRAVITY_SUIT, METROID_GRIP, LIQUID_GRAVITY_SUIT_GRIP };
enum { SPOSE_STANDING = 1, SPOSE_MIDAIR = 8, SPOSE_LANDING = 10, SPOSE_SPINNING = 12 };
#define Y0 0x77F /* standing yPosition: BLOCK_SIZE * 30 - 1 */
#define FLAG_CAP_UP (1u << 8)
#define FLAG_CAP_DOWN (1u << 9)
#define FLAG_NO_GRAVITY (1u << 10)
#define FLAG_RELEASE (1u << 11)
#define FLAG_ASR_FLOOR (1u << 12)
#define FLAG_AIR_PRESS (1u << 13)

typedef struct row {
	unsigned y, pose;
	int yvel, disp, accel, up_cap, down_cap;
	uint32_t flags;
	int grounded;
	int64_t height;
} row;

static const tu_field mzm_fields[] = {
	TU_FIELD(row, y, "y"),
	TU_FIELD(row, yvel, "yvel"),
	TU_FIELD(row, disp, "disp"),
	TU_FIELD(row, pose, "pose"),
	TU_FIELD(row, accel, "accel"),
	TU_FIELD(row, up_cap, "up_cap"),
	TU_FIELD(row, down_cap, "down_cap"),
	TU_FIELD(row, flags, "flags"),
	TU_FIELD(row, grounded, "grounded"),
	TU_FIELD(row, height, "height_sub"),
};

static void run_rows(int jump, int env, const uint8_t *in, int n, row *rows)
{
	const int32_t ax[] = { jump, env };
	TU_ROWS(tu_model("mzm"), ax, in, n, mzm_fields, rows);
	for (int f = 0; f < n; f++)
		cr_assert_eq(rows[f].height, (int64_t)Y0 - rows[f].y);
}

static void hold_rows(int jump, int env, int h, int n, row *rows)
{
	uint8_t in[256];
	tu_hold(in, n, h, 0);
	run_rows(jump, env, in, n, rows);
}

/* Held, normal jump, by hand.  Frame 0: SamusStanding sees the new A press, SamusSetMidAir sets
 * SAMUS_LOW_JUMP_VELOCITY = (16 + 8) * 8 = 192; SamusUpdateVelocityPosition: 192 is not above
 * the positive cap 192, so the displacement is 192 >> 3 = 24 sub-pixels; 192 >= -231, so
 * yVelocity -= 10 -> 182; yPosition 0x77F - 24 = 1895.  Frame 1: 182 >> 3 = 22 (182 / 8 = 22.75),
 * -> 172, y 1873.  Frame 2: 172 >> 3 = 21 -> 162, y 1852.  Frame 3: 162 >> 3 = 20, y 1832.
 * Frame 4: 152 >> 3 = 19, y 1813.  Frame 5: 142 >> 3 = 17, y 1796. */
Test(mzm, held_frames_by_hand)
{
	row r[6];
	hold_rows(NORMAL, AIR, 40, 6, r);
	const unsigned y[6] = { 1895, 1873, 1852, 1832, 1813, 1796 };
	const int v[6] = { 182, 172, 162, 152, 142, 132 };
	const int d[6] = { 24, 22, 21, 20, 19, 17 };
	for (int f = 0; f < 6; f++) {
		cr_expect_eq(r[f].y, y[f], "frame %d: y %u, expected %u", f, r[f].y, y[f]);
		cr_expect_eq(r[f].yvel, v[f], "frame %d: yvel %d", f, r[f].yvel);
		cr_expect_eq(r[f].disp, d[f], "frame %d: disp %d", f, r[f].disp);
		cr_expect_eq(r[f].pose, SPOSE_MIDAIR, "frame %d", f);
		cr_expect_eq(r[f].accel, 10);
		cr_expect_eq(r[f].up_cap, 192);
		cr_expect_eq(r[f].down_cap, 128);
		cr_expect_eq(r[f].flags, 0, "frame %d", f);
	}
}

/* Tapped (A on frame 0 only), by hand.  Frame 0 as above (y 1895, yvel 182).  Frame 1: SamusMidAir:
 * A not held and 182 > 0 -> yVelocity = 0 (release); displacement 0 >> 3 = 0; yVelocity -10.
 * Frame 2: -10 >> 3 = -2 (arithmetic: floor(-1.25)), y 1897, yvel -20 (flag asr_floor).
 * Frame 3: -20 >> 3 = -3, y 1900.  Frame 4: -30 >> 3 = -4, y 1904.  Frame 5: -40 >> 3 = -5,
 * y 1909.  Frame 6: -50 >> 3 = -7, y 1916.  Frame 7: -60 >> 3 = -8 -> 1924 >= 0x780: landing,
 * snapped to ((1924 - 64) & 0xFFC0) + 63 = 0x77F, yVelocity 0 (SamusCopyData), SPOSE_LANDING. */
Test(mzm, tapped_frames_by_hand)
{
	row r[9];
	hold_rows(NORMAL, AIR, 1, 9, r);
	cr_expect_eq(r[1].yvel, -10);
	cr_expect_eq(r[1].disp, 0);
	cr_expect_eq(r[1].y, 1895);
	cr_expect_eq(r[1].flags, FLAG_RELEASE);
	const unsigned y[8] = { 1895, 1895, 1897, 1900, 1904, 1909, 1916, Y0 };
	const int d[8] = { 24, 0, -2, -3, -4, -5, -7, -8 };
	for (int f = 0; f < 8; f++) {
		cr_expect_eq(r[f].y, y[f], "frame %d: y %u, expected %u", f, r[f].y, y[f]);
		cr_expect_eq(r[f].disp, d[f], "frame %d: disp %d", f, r[f].disp);
	}
	cr_expect(r[2].flags & FLAG_ASR_FLOOR, "-10 >> 3 = -2 rounds down");
	cr_expect(!(r[5].flags & FLAG_ASR_FLOOR), "-40 >> 3 = -5 exactly");
	cr_expect_eq(r[6].grounded, 0);
	cr_expect_eq(r[7].grounded, 1);
	cr_expect_eq(r[7].pose, SPOSE_LANDING);
	cr_expect_eq(r[7].yvel, 0);
	cr_expect_eq(r[8].y, Y0);
	js_acc a = tu_ref_hold(tu_model("mzm"), (int32_t[]){ NORMAL, AIR }, 1, 0, 64);
	cr_expect_eq(a.rise, 24);
	cr_expect_eq(a.apex_frame, 0);
	cr_expect_eq(a.airtime, 8);
}

/* High Jump: SAMUS_HIGH_JUMP_VELOCITY = (16 + 12 + 1) * 8 = 232.  While yVelocity > 192 the
 * displacement is the cap's 192 >> 3 = 24: frames 0-3 (232, 222, 212, 202, flag cap_up); frame
 * 4: 192 is not above the cap: 24 again, unclamped; frame 5: 182 >> 3 = 22.  Suitless (Zero
 * Suit): SAMUS_SUITLESS_JUMP_VELOCITY = (s16)((16 + 8 + 2 + 0.5) * 8) = 212. */
Test(mzm, jump_velocities_and_up_cap)
{
	row r[6];
	hold_rows(HIGH_JUMP, AIR, 40, 6, r);
	const int d[6] = { 24, 24, 24, 24, 24, 22 };
	const int v[6] = { 222, 212, 202, 192, 182, 172 };
	for (int f = 0; f < 6; f++) {
		cr_expect_eq(r[f].disp, d[f], "frame %d: disp %d", f, r[f].disp);
		cr_expect_eq(r[f].yvel, v[f], "frame %d: yvel %d", f, r[f].yvel);
		cr_expect_eq(!!(r[f].flags & FLAG_CAP_UP), f < 4, "frame %d", f);
	}
	hold_rows(SUITLESS, AIR, 40, 2, r);
	cr_expect_eq(r[0].yvel, 212 - 10);
	cr_expect_eq(r[0].disp, 192 >> 3, "212 > 192: clamped to 24, not 212 >> 3 = 26");
	cr_expect_eq(r[0].flags, FLAG_CAP_UP);
}

/* Claim 35: gravity 10 on every airborne frame, A held or not, while yVelocity >= -231: held,
 * the velocity runs 192 - 10k down to -228, then -238, where it stays (flag no_gravity); the
 * High Jump's long fall gets there.  A fall moves at most 128 >> 3 = 16 sub-pixels, 4 px/frame
 * (flag cap_down). */
Test(mzm, claim35_gravity_cutoff_and_fall_cap)
{
	row r[60];
	hold_rows(HIGH_JUMP, AIR, 40, 60, r);
	int landed = -1;
	for (int f = 1; f < 60 && landed < 0; f++) {
		if (r[f].grounded) {
			landed = f;
			break;
		}
		int prev = r[f - 1].yvel;
		int expect = prev >= -231 ? prev - 10 : prev;
		cr_expect_eq(r[f].yvel, expect, "frame %d: %d after %d", f, r[f].yvel, prev);
		cr_expect_geq(r[f].disp, -16, "frame %d", f);
		cr_expect_eq(!!(r[f].flags & FLAG_CAP_DOWN), prev < -128, "frame %d", f);
		cr_expect_eq(!!(r[f].flags & FLAG_NO_GRAVITY), prev < -231, "frame %d", f);
	}
	cr_expect_eq(landed, 50);
	cr_expect_eq(r[49].yvel, -238);
	cr_expect_eq(r[48].yvel, -238);
	cr_expect(r[49].flags & FLAG_NO_GRAVITY);
	/* Released at once, the velocity runs 0, -10, ..., -230, then -240: where it stops depends
	 * on the phase (any of -232..-241).  A tapped jump lands long before; check the rule on a
	 * released High Jump held 4 frames (released at 192 -> 0). */
	hold_rows(HIGH_JUMP, AIR, 4, 60, r);
	cr_expect_eq(r[4].yvel, -10);
	int vmin = 0;
	for (int f = 0; f < 60 && !r[f].grounded; f++)
		vmin = r[f].yvel < vmin ? r[f].yvel : vmin;
	cr_expect(vmin == -240 || vmin > -231, "min %d", vmin);
}

/* Claim 35, liquid: in water/lava/acid without the Gravity Suit, or out of liquid in a
 * Metroid's grip, yAcceleration is 10 / 2 = 5 and both caps 40 (40 >> 3 = 5 sub-pixels, 1.25
 * px/frame).  By hand: frame 0: 192 > 40 -> 5, yvel 187; frame 1: 182.  With the Gravity Suit,
 * and (the missing BUGFIX break) in liquid with the suit while gripped: the air values. */
Test(mzm, claim35_liquid_and_grip)
{
	row r[3];
	const int slowed_envs[2] = { LIQUID, METROID_GRIP };
	for (int i = 0; i < 2; i++) {
		hold_rows(NORMAL, slowed_envs[i], 40, 3, r);
		cr_expect_eq(r[0].disp, 5, "env %d", slowed_envs[i]);
		cr_expect_eq(r[0].yvel, 187);
		cr_expect_eq(r[1].yvel, 182);
		cr_expect_eq(r[0].accel, 5);
		cr_expect_eq(r[0].up_cap, 40);
		cr_expect_eq(r[0].down_cap, 40);
		cr_expect(r[0].flags & FLAG_CAP_UP);
	}
	const int air_envs[2] = { LIQUID_GRAVITY_SUIT, LIQUID_GRAVITY_SUIT_GRIP };
	for (int i = 0; i < 2; i++) {
		hold_rows(NORMAL, air_envs[i], 40, 3, r);
		cr_expect_eq(r[0].disp, 24, "env %d", air_envs[i]);
		cr_expect_eq(r[0].yvel, 182);
		cr_expect_eq(r[0].accel, 10);
	}
	/* the slowed fall: never more than 5 sub-pixels a frame */
	row f[100];
	hold_rows(HIGH_JUMP, LIQUID, 100, 100, f);
	for (int i = 0; i < 100 && !f[i].grounded; i++)
		cr_expect_geq(f[i].disp, -5, "frame %d", i);
}

/* A mid-air press (SamusMidAir: SPOSE_SPINNING) changes nothing vertically; release rule after
 * the apex does nothing (yVelocity <= 0). */
Test(mzm, air_press_spins_only)
{
	uint8_t a[64] = { 0 }, b[64] = { 0 };
	for (int f = 0; f < 10; f++)
		a[f] = b[f] = JS_IN_JUMP;
	for (int f = 12; f < 64; f++)
		a[f] = JS_IN_JUMP;
	row ra[64], rb[64];
	run_rows(NORMAL, AIR, a, 64, ra);
	run_rows(NORMAL, AIR, b, 64, rb);
	cr_expect_eq(ra[12].pose, SPOSE_SPINNING);
	cr_expect(ra[12].flags & FLAG_AIR_PRESS);
	cr_expect(rb[10].flags & FLAG_RELEASE);
	for (int f = 0; f < 64; f++) {
		cr_expect_eq(ra[f].y, rb[f].y, "frame %d", f);
		cr_expect_eq(ra[f].yvel, rb[f].yvel, "frame %d", f);
	}
}

/* Whole jumps: rise (sub-pixels), apex frame, airtime.  Expected values from an independent
 * Python re-computation of the rules (/tmp/gba-py/gbam.py at the time of writing: height +=
 * clamp(v) // 8, gravity while v >= -231, release when A is up; written from the source, not
 * from the C), spot-checked by hand above (tapped: 24, 0, 8; held: apex 235 at frame 18). */
Test(mzm, whole_jumps)
{
	struct { int jump, env, h; int64_t rise; int apex, air; } c[] = {
		{ NORMAL, AIR, 1, 24, 0, 8 },          { NORMAL, AIR, 5, 106, 4, 19 },
		{ NORMAL, AIR, 10, 180, 9, 28 },       { NORMAL, AIR, 100, 235, 18, 41 },
		{ NORMAL, LIQUID, 1, 5, 0, 6 },        { NORMAL, LIQUID, 100, 171, 36, 77 },
		{ HIGH_JUMP, AIR, 5, 120, 4, 20 },     { HIGH_JUMP, AIR, 100, 331, 22, 51 },
		{ HIGH_JUMP, LIQUID, 100, 211, 44, 93 }, { HIGH_JUMP, METROID_GRIP, 10, 50, 9, 24 },
		{ SUITLESS, AIR, 10, 202, 9, 30 },     { SUITLESS, AIR, 100, 283, 20, 46 },
		{ SUITLESS, LIQUID, 100, 191, 40, 85 }, { SUITLESS, LIQUID_GRAVITY_SUIT_GRIP, 100, 283, 20, 46 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		js_acc a = tu_ref_hold(tu_model("mzm"), (int32_t[]){ c[i].jump, c[i].env }, c[i].h, 0, 256);
		cr_expect_eq(a.rise, c[i].rise, "case %zu: rise %lld", i, (long long)a.rise);
		cr_expect_eq(a.apex_frame, c[i].apex, "case %zu: apex %d", i, a.apex_frame);
		cr_expect_eq(a.airtime, c[i].air, "case %zu: airtime %d", i, a.airtime);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED | JS_FLAG_BELOW_START), 0);
	}
}

Test(mzm, no_press_and_late_press)
{
	js_acc a = tu_ref_hold(tu_model("mzm"), (int32_t[]){ NORMAL, AIR }, 0, 0, 64);
	cr_expect_eq(a.rise, 0);
	cr_expect(a.flags & JS_FLAG_NO_TAKEOFF);
	uint8_t in[64] = { 0, 0, 0, JS_IN_JUMP };
	js_reference_run(tu_model("mzm"), (int32_t[]){ NORMAL, AIR }, in, 64, &a);
	cr_expect_eq(a.rise, 24);
	cr_expect_eq(a.apex_frame, 3);
	cr_expect_eq(a.airtime, 3 + 8);
}

static void check_late_press_lanes(size_t n, int n_frames, uint64_t seed)
{
	const js_model *m = tu_model("mzm");
	int32_t *ax = malloc(n * 2 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		ax[2 * i] = (int32_t)(tu_rand(&seed) % 3);
		ax[2 * i + 1] = (int32_t)(tu_rand(&seed) % 5);
		int h = (int)(tu_rand(&seed) % 60);
		/* one press late in a long run: frame numbers near JS_MAX_FRAMES */
		int end = n_frames - (int)(i % 97);
		for (int f = 0; f < n_frames; f++)
			in[i * (size_t)n_frames + (size_t)f] = f >= end - 1 - h && f < end ? JS_IN_JUMP : 0;
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

Test(mzm, lanes_equal_reference_holds)
{
	tu_check_random_lanes(tu_model("mzm"), 3 * 5 * 60, 160, 1, TU_HOLDS, 60);
}
Test(mzm, lanes_equal_reference_random)
{
	tu_check_random_lanes(tu_model("mzm"), 4000, 200, 2, TU_RANDOM, 0);
}
Test(mzm, lanes_equal_reference_sparse_presses)
{
	tu_check_random_lanes(tu_model("mzm"), 4000, 300, 3, TU_SPARSE, 0);
}
Test(mzm, lanes_partial_block)
{
	tu_check_random_lanes(tu_model("mzm"), 7, 100, 4, TU_RANDOM, 0);
}
Test(mzm, lanes_late_press_max_frames) { check_late_press_lanes(512, JS_MAX_FRAMES, 5); }

/* ---- fuzz starts (model.h fields, fuzz_fix, invariants, land_bound) ---- */

static int field_index(const js_model *m, const char *name)
{
	for (int i = 0; i < m->n_fields; i++)
		if (strcmp(m->fields[i].name, name) == 0)
			return i;
	cr_assert_fail("%s has no field %s", m->id, name);
	return -1;
}

/* One lane: jump normal, the given env; y_position, y_velocity, pose, prev_a set; A held on
 * every frame iff held. */
static void gba_case(js_case *c, int env, double y, double v, double pose, double prev,
		     int n_frames, int held)
{
	memset(c, 0, sizeof *c);
	c->m = tu_model("mzm");
	c->n_lanes = 1;
	c->n_frames = n_frames;
	c->axis[0][0] = NORMAL;
	c->axis[0][1] = env;
	const char *const names[] = { "y_position", "y_velocity", "pose", "prev_a" };
	const double vals[] = { y, v, pose, prev };
	for (int k = 0; k < 4; k++) {
		int i = field_index(c->m, names[k]);
		c->set[0] |= 1u << i;
		c->val[0][i] = vals[k];
	}
	for (int f = 0; f < n_frames; f++)
		c->input[0][f] = held ? JS_IN_JUMP : 0;
}

/* Starts from any state the fields allow (any yPosition above the ground, any s16 yVelocity,
 * every pose, A held or not): every lane path agrees with the reference frame by frame. */
Test(mzm, lanes_equal_reference_from_fuzz_starts)
{
	int with_fields = tu_check_random_starts(tu_model("mzm"), 300, 200, 11);
	cr_assert_gt(with_fields, 100);
	with_fields = tu_check_random_starts(tu_model("mzm"), 100, 512, 12);
	cr_assert_gt(with_fields, 30);
}

/* No buttons from every height of the room (0 .. 0x77F) and every velocity near rest, in every
 * medium: no invariant breaks and Samus lands within land_bound frames; the slowest is the
 * derived one (from rest at yPosition 0, slowed). */
Test(mzm, invariants_hold_and_land_bound_without_buttons)
{
	const js_model *m = tu_model("mzm");
	js_case c;
	int worst = 0;
	for (int env = 0; env <= m->axes[1].max; env++)
		for (int y = 0; y <= Y0; y += y < 64 ? 7 : 97)
			for (int v = -300; v <= 300; v += (v >= -16 && v <= 16) ? 1 : 23) {
				gba_case(&c, env, y, v, SPOSE_MIDAIR, 0, 8, 0);
				js_break b;
				cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE,
					     "env %d y %d v %d: kind %d inv %d frame %d", env, y, v, b.kind,
					     b.inv, b.frame);
				unsigned char st[JS_STATE_MAX];
				js_case_start(&c, 0, st);
				js_obs o = { 0 };
				int f = 0;
				for (; f < 4096 && !o.grounded; f++) {
					m->step(st, 0);
					m->observe(st, &o);
				}
				worst = f > worst ? f : worst;
			}
	cr_expect_eq(worst, m->land_bound, "the slowest landing: %d frames", worst);
}

/* A finding: yPosition wraps.  Mid-air near the room's top, yPosition 10, yVelocity 192 (the
 * normal jump's, not above the 192 cap), A held.  Frame 0 (SamusUpdateVelocityPosition): the
 * displacement is 192 >> 3 = 24 up; gravity: 192 - 10 = 182; yPosition = (u16)(10 - 24) =
 * 0xFFF2.  SamusCheckLandingCollision sees a move DOWN (0xFFF2 > previous 10) into a new block
 * (0xFFC0 > 0) in the solid ground (>= 0x780): it snaps her to ((0xFFF2 - 64) & 0xFFC0) + 63 =
 * 0xFFBF and lands her (SPOSE_LANDING, yVelocity 0): 4079 px below the room's top.  y_wrap
 * breaks on frame 0. */
Test(mzm, finding_y_wrap_lands_samus_at_the_bottom)
{
	js_case c;
	gba_case(&c, AIR, 10, 192, SPOSE_MIDAIR, 1, 4, 1);
	js_break b;
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "y_wrap"));
	cr_expect_eq(b.frame, 0);
	unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	c.m->step(st, JS_IN_JUMP);
	char buf[128];
	c.m->trace_row(st, buf, sizeof buf);
	cr_expect_str_eq(buf, "65471,0,24,10,10,192,128");
	js_obs o;
	c.m->observe(st, &o);
	cr_expect_eq(o.grounded, 1);
	cr_expect_eq(o.height, Y0 - 0xFFBF);
	/* from yPosition 24 the same frame reaches 0 exactly: no wrap, no break (the next one
	 * would wrap: she is still rising) */
	gba_case(&c, AIR, 24, 192, SPOSE_MIDAIR, 1, 1, 1);
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE);
	char why[512];
	cr_expect_eq(js_case_diff(&c, why, sizeof why), 0, "%s", why);
}

/* vel_floor holds at the cut-off, by hand (L6771: gravity while yVelocity >= -231): from -231
 * one more acceleration gives -241 (the floor), from -232 none (no_gravity), from -32768 none:
 * the velocity stays; each fall moves the 128 cap, 16 sub-px (1885 -> 1901). */
Test(mzm, vel_floor_holds_at_the_cut_off)
{
	js_case c;
	unsigned char st[JS_STATE_MAX];
	char buf[128];
	const int v0[] = { -231, -232, -32768 };
	const char *const after[] = { "1901,-241,-16,8,10,192,128", "1901,-232,-16,8,10,192,128",
				      "1901,-32768,-16,8,10,192,128" };
	for (int k = 0; k < 3; k++) {
		gba_case(&c, AIR, 1885, v0[k], SPOSE_MIDAIR, 0, 1, 0);
		js_case_start(&c, 0, st);
		c.m->step(st, 0);
		c.m->trace_row(st, buf, sizeof buf);
		cr_expect_str_eq(buf, after[k], "from %d", v0[k]);
		js_break b;
		cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE);
	}
}

/* fuzz_fix: TURNING_AROUND_MIDAIR (9) flies as MIDAIR, STARTING_SPIN_JUMP (11) as SPINNING, a
 * ground pose (4, crouching) stands at 0x77F with yVelocity 0; in the air a yPosition inside the
 * ground is put on its top. */
Test(mzm, fuzz_fix_poses)
{
	js_case c;
	unsigned char st[JS_STATE_MAX];
	char buf[128];
	const int pose[] = { 9, 11, 4, 8 };
	const char *const want[] = { "100,-50,0,8,10,192,128", "100,-50,0,12,10,192,128",
				     "1919,0,0,1,10,192,128", "1919,-50,0,8,10,192,128" };
	const int y[] = { 100, 100, 100, 3000 };
	for (int k = 0; k < 4; k++) {
		gba_case(&c, AIR, y[k], -50, pose[k], 0, 1, 0);
		js_case_start(&c, 0, st);
		c.m->trace_row(st, buf, sizeof buf);
		cr_expect_str_eq(buf, want[k], "pose %d", pose[k]);
	}
}
