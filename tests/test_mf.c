/* tests/test_mf.c - Metroid Fusion: seed claim 34 (Gravity page), frame-by-frame values derived by
 * hand from SamusUpdateVelocityPosition / SamusUpdatePhysics / SamusMidAir (metroidret/mf
 * asm/samus.s), whole-jump figures checked against an independent Python re-computation, and lane
 * kernel == reference on every ISA. */
#include <stdio.h>

#include "testutil.h"

enum { NORMAL, HIGH_JUMP };
enum { AIR, LIQUID, LIQUID_GRAVITY_SUIT };
enum { SPOSE_STANDING = 0, SPOSE_MID_AIR = 4, SPOSE_LANDING = 6, SPOSE_SPINNING = 11 };
#define Y0 0x77F
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

static const tu_field mf_fields[] = {
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
	TU_ROWS(tu_model("mf"), ax, in, n, mf_fields, rows);
	for (int f = 0; f < n; f++)
		cr_assert_eq(rows[f].height, (int64_t)Y0 - rows[f].y);
}

static void hold_rows(int jump, int env, int h, int n, row *rows)
{
	uint8_t in[256];
	tu_hold(in, n, h, 0);
	run_rows(jump, env, in, n, rows);
}

/* Held, normal jump, by hand.  Frame 0: SamusSetForcedMovementForJumpingOrDropping sees the new
 * A press; SamusUpdateJumpVelocity sets 0xAA = 170 and SPOSE_MID_AIR; SamusUpdateVelocityPosition:
 * 170 > cap 0x80 -> displacement 0x80 >> 3 = 16 (flag cap_up); 170 > -220 -> yVelocity -= 6 ->
 * 164; y 0x77F - 16 = 1903.  Frames 1-6: 164, 158, 152, 146, 140, 134 are all above 128: 16 each
 * (y 1887 ... 1807), yVelocity down to 128.  Frame 7: 128 is not above the cap: 128 >> 3 = 16
 * unclamped, -> 122, y 1791.  Frame 8: 122 >> 3 = 15, -> 116, y 1776. */
Test(mf, held_frames_by_hand)
{
	row r[9];
	hold_rows(NORMAL, AIR, 40, 9, r);
	for (int f = 0; f < 9; f++) {
		cr_expect_eq(r[f].yvel, 170 - 6 * (f + 1), "frame %d: yvel %d", f, r[f].yvel);
		cr_expect_eq(r[f].disp, f < 8 ? 16 : 15, "frame %d: disp %d", f, r[f].disp);
		cr_expect_eq(r[f].y, f < 8 ? 1903u - 16u * (unsigned)f : 1776u, "frame %d: y %u", f, r[f].y);
		cr_expect_eq(!!(r[f].flags & FLAG_CAP_UP), f < 7, "frame %d", f);
		cr_expect_eq(r[f].pose, SPOSE_MID_AIR);
		cr_expect_eq(r[f].accel, 6);
		cr_expect_eq(r[f].up_cap, 128);
		cr_expect_eq(r[f].down_cap, 128);
	}
}

/* Tapped, by hand.  Frame 0: 16 up, yvel 164.  Frame 1: SamusMidAir: A up and 164 > 0 -> 0;
 * displacement 0, yvel -6.  Frame 2: -6 >> 3 = -1 (asr: floor(-0.75)), height 15, yvel -12.
 * Frame 3: -12 >> 3 = -2 -> 13.  Frame 4: -18 >> 3 = -3 -> 10.  Frame 5: -24 >> 3 = -3 -> 7.
 * Frame 6: -30 >> 3 = -4 -> 3.  Frame 7: -36 >> 3 = -5 -> -2: below the ground: landing, snapped
 * to 0x77F.  Rise 16, apex frame 0, airtime 8. */
Test(mf, tapped_frames_by_hand)
{
	row r[8];
	hold_rows(NORMAL, AIR, 1, 8, r);
	const int h[8] = { 16, 16, 15, 13, 10, 7, 3, 0 };
	const int d[8] = { 16, 0, -1, -2, -3, -3, -4, -5 };
	for (int f = 0; f < 8; f++) {
		cr_expect_eq((int)Y0 - (int)r[f].y, h[f], "frame %d: height %d", f, Y0 - (int)r[f].y);
		cr_expect_eq(r[f].disp, d[f], "frame %d: disp %d", f, r[f].disp);
	}
	cr_expect_eq(r[1].yvel, -6);
	cr_expect_eq(r[1].flags, FLAG_RELEASE);
	cr_expect(r[2].flags & FLAG_ASR_FLOOR);
	cr_expect_eq(r[7].grounded, 1);
	cr_expect_eq(r[7].pose, SPOSE_LANDING);
	cr_expect_eq(r[7].yvel, 0);
	js_acc a = tu_ref_hold(tu_model("mf"), (int32_t[]){ NORMAL, AIR }, 1, 0, 64);
	cr_expect_eq(a.rise, 16);
	cr_expect_eq(a.apex_frame, 0);
	cr_expect_eq(a.airtime, 8);
}

/* The frame order (claim mf/frame-order): cluekitty/mf src/samus.c SamusUpdatePhysics runs
 * SAMUS_UPDATE() (the pose handler: SamusStanding's take-off through SamusUpdateJumpVelocity,
 * SamusMidAir's release), then SAMUS_UPDATE_VELOCITY_POSITION(), the table at 0x0828FD08 that its
 * src/data/samus_data.c extracts as sSamusUpdateVelocityPositionFunctionPointer.  So the press
 * frame's 170 moves the same frame (clamped: 16 sub-pixels), and a tap's frame 1 zeroes 164
 * before the move: displacement 0, then gravity: -6.  Were the move before the pose handler, the
 * press frame would not move and frame 1 would move by 164's clamped 16. */
Test(mf, frame_order_pose_handler_before_the_move)
{
	row r[2];
	hold_rows(NORMAL, AIR, 1, 2, r);
	cr_expect_eq(r[0].disp, 16);
	cr_expect_eq(r[0].yvel, 164);
	cr_expect_eq(r[1].disp, 0);
	cr_expect_eq(r[1].yvel, -6);
	cr_expect_eq(r[1].flags, FLAG_RELEASE);
}

/* Claim 34: gravity 6 on every airborne frame, A held or not, while yVelocity > -220 (the
 * velocity would stop at -220 for 170 - 6k, at -224 for the High Jump's 220 - 6k, but a jump from
 * flat ground lands first; the slowed 220 - 4k reaches the cut-off, below); rises and falls
 * both move at most 0x80 >> 3 = 16 sub-pixels, 4 px/frame.  High Jump (suitMiscStatus & 1):
 * 0xDC = 220, capped to 16 sub-pixels while above 128: frames 0-15. */
Test(mf, claim34_gravity_and_caps)
{
	row r[80];
	hold_rows(HIGH_JUMP, AIR, 60, 80, r);
	cr_expect_eq(r[0].yvel, 214);
	for (int f = 0; f < 17; f++)
		cr_expect_eq(!!(r[f].flags & FLAG_CAP_UP), f < 16, "frame %d", f);
	cr_expect_eq(r[16].disp, 124 >> 3);
	int f;
	for (f = 1; f < 80 && !r[f].grounded; f++) {
		int prev = r[f - 1].yvel;
		cr_expect_eq(r[f].yvel, prev > -220 ? prev - 6 : prev, "frame %d", f);
		cr_expect_leq(r[f].disp, 16);
		cr_expect_geq(r[f].disp, -16);
		cr_expect_eq(!!(r[f].flags & FLAG_NO_GRAVITY), prev <= -220, "frame %d", f);
	}
	cr_expect_eq(f, 73, "lands on frame 73");
	cr_expect_eq(r[72].yvel, -218, "220 - 6 * 73: one frame short of the cut-off");
	cr_expect_eq(r[72].disp, -16);
	cr_expect(r[72].flags & FLAG_CAP_DOWN);
	/* the normal jump is too low to reach -220 on flat ground; released on frame 0 it still
	 * falls by 6 a frame: 0, -6, -12 */
	hold_rows(NORMAL, AIR, 1, 4, r);
	cr_expect_eq(r[2].yvel, -12);
	cr_expect_eq(r[3].yvel, -18);
}

/* Claim 34, liquid: in water, lava or acid without the Gravity Suit (or the SA-X suit flag),
 * yAcceleration 4 and the cap 0x30 = 48: 48 >> 3 = 6 sub-pixels, 1.5 px/frame.  By hand: frame 0:
 * 170 > 48 -> 6, yvel 166. */
Test(mf, claim34_liquid)
{
	row r[120];
	hold_rows(NORMAL, LIQUID, 40, 3, r);
	cr_expect_eq(r[0].disp, 6);
	cr_expect_eq(r[0].yvel, 166);
	cr_expect_eq(r[1].yvel, 162);
	cr_expect_eq(r[0].accel, 4);
	cr_expect_eq(r[0].up_cap, 48);
	hold_rows(NORMAL, LIQUID_GRAVITY_SUIT, 40, 3, r);
	cr_expect_eq(r[0].disp, 16);
	cr_expect_eq(r[0].yvel, 164);
	hold_rows(HIGH_JUMP, LIQUID, 100, 120, r);
	int vmin = 0;
	for (int f = 0; f < 120 && !r[f].grounded; f++) {
		cr_expect_leq(r[f].disp, 6);
		cr_expect_geq(r[f].disp, -6);
		vmin = r[f].yvel < vmin ? r[f].yvel : vmin;
	}
	cr_expect_eq(vmin, -220, "220 - 4k stops exactly at -220");
}

Test(mf, air_press_spins_only)
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
	for (int f = 0; f < 64; f++)
		cr_expect_eq(ra[f].y, rb[f].y, "frame %d", f);
}

/* Whole jumps.  Expected values from an independent Python re-computation of the rules
 * (/tmp/gba-py/gbam.py at the time of writing, written from the source, not from the C),
 * spot-checked by hand above (tapped 16, 0, 8). */
Test(mf, whole_jumps)
{
	struct { int jump, env, h; int64_t rise; int apex, air; } c[] = {
		{ NORMAL, AIR, 1, 16, 0, 8 },        { NORMAL, AIR, 5, 80, 4, 20 },
		{ NORMAL, AIR, 10, 157, 9, 31 },     { NORMAL, AIR, 100, 283, 27, 57 },
		{ NORMAL, LIQUID, 1, 6, 0, 7 },      { NORMAL, LIQUID, 100, 216, 40, 85 },
		{ HIGH_JUMP, AIR, 10, 160, 9, 31 },  { HIGH_JUMP, AIR, 100, 416, 35, 74 },
		{ HIGH_JUMP, LIQUID, 100, 294, 53, 111 },
		{ HIGH_JUMP, LIQUID_GRAVITY_SUIT, 100, 416, 35, 74 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		js_acc a = tu_ref_hold(tu_model("mf"), (int32_t[]){ c[i].jump, c[i].env }, c[i].h, 0, 256);
		cr_expect_eq(a.rise, c[i].rise, "case %zu: rise %lld", i, (long long)a.rise);
		cr_expect_eq(a.apex_frame, c[i].apex, "case %zu: apex %d", i, a.apex_frame);
		cr_expect_eq(a.airtime, c[i].air, "case %zu: airtime %d", i, a.airtime);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED | JS_FLAG_BELOW_START), 0);
	}
}

Test(mf, no_press_and_late_press)
{
	js_acc a = tu_ref_hold(tu_model("mf"), (int32_t[]){ NORMAL, AIR }, 0, 0, 64);
	cr_expect(a.flags & JS_FLAG_NO_TAKEOFF);
	uint8_t in[64] = { 0, 0, 0, 0, 0, JS_IN_JUMP };
	js_reference_run(tu_model("mf"), (int32_t[]){ NORMAL, AIR }, in, 64, &a);
	cr_expect_eq(a.rise, 16);
	cr_expect_eq(a.apex_frame, 5);
	cr_expect_eq(a.airtime, 5 + 8);
}

static void check_late_press_lanes(size_t n, int n_frames, uint64_t seed)
{
	const js_model *m = tu_model("mf");
	int32_t *ax = malloc(n * 2 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		ax[2 * i] = (int32_t)(tu_rand(&seed) % 2);
		ax[2 * i + 1] = (int32_t)(tu_rand(&seed) % 3);
		int h = (int)(tu_rand(&seed) % 70);
		/* one press late in a long run: frame numbers near JS_MAX_FRAMES */
		int end = n_frames - (int)(i % 97);
		for (int f = 0; f < n_frames; f++)
			in[i * (size_t)n_frames + (size_t)f] = f >= end - 1 - h && f < end ? JS_IN_JUMP : 0;
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

Test(mf, lanes_equal_reference_holds)
{
	tu_check_random_lanes(tu_model("mf"), 2 * 3 * 70, 200, 1, TU_HOLDS, 70);
}
Test(mf, lanes_equal_reference_random)
{
	tu_check_random_lanes(tu_model("mf"), 4000, 200, 2, TU_RANDOM, 0);
}
Test(mf, lanes_equal_reference_sparse_presses)
{
	tu_check_random_lanes(tu_model("mf"), 4000, 300, 3, TU_SPARSE, 0);
}
Test(mf, lanes_partial_block)
{
	tu_check_random_lanes(tu_model("mf"), 7, 100, 4, TU_RANDOM, 0);
}
Test(mf, lanes_late_press_max_frames) { check_late_press_lanes(512, JS_MAX_FRAMES, 5); }

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
	c->m = tu_model("mf");
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
Test(mf, lanes_equal_reference_from_fuzz_starts)
{
	int with_fields = tu_check_random_starts(tu_model("mf"), 300, 200, 11);
	cr_assert_gt(with_fields, 100);
	with_fields = tu_check_random_starts(tu_model("mf"), 100, 512, 12);
	cr_assert_gt(with_fields, 30);
}

/* No buttons from every height of the room (0 .. 0x77F) and every velocity near rest, in every
 * medium: no invariant breaks and Samus lands within land_bound frames; the slowest is the
 * derived one (from rest at yPosition 0, slowed). */
Test(mf, invariants_hold_and_land_bound_without_buttons)
{
	const js_model *m = tu_model("mf");
	js_case c;
	int worst = 0;
	for (int env = 0; env <= m->axes[1].max; env++)
		for (int y = 0; y <= Y0; y += y < 64 ? 7 : 97)
			for (int v = -300; v <= 300; v += (v >= -16 && v <= 16) ? 1 : 23) {
				gba_case(&c, env, y, v, SPOSE_MID_AIR, 0, 8, 0);
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

/* A finding: yPosition wraps.  Mid-air near the room's top, yPosition 10, yVelocity 128 (the cap,
 * not above it), A held.  Frame 0 (SamusUpdateVelocityPosition @ 0x08009D78): the displacement is
 * 128 >> 3 = 16 up; gravity (128 > -220): 128 - 6 = 122; yPosition = (u16)(10 - 16) = 0xFFFA.
 * SamusCheckLandingCollision sees a move DOWN (0xFFFA > 10) into a new block in the solid ground:
 * it snaps her to ((0xFFFA - 64) & 0xFFC0) + 0x3F = 0xFFBF and lands her (SPOSE_LANDING).
 * y_wrap breaks on frame 0. */
Test(mf, finding_y_wrap_lands_samus_at_the_bottom)
{
	js_case c;
	gba_case(&c, AIR, 10, 128, SPOSE_MID_AIR, 1, 4, 1);
	js_break b;
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "y_wrap"));
	cr_expect_eq(b.frame, 0);
	unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	c.m->step(st, JS_IN_JUMP);
	char buf[128];
	c.m->trace_row(st, buf, sizeof buf);
	cr_expect_str_eq(buf, "65471,0,16,6,6,128,128");
	js_obs o;
	c.m->observe(st, &o);
	cr_expect_eq(o.grounded, 1);
	/* from yPosition 16 the same frame reaches exactly 0: no wrap */
	gba_case(&c, AIR, 16, 128, SPOSE_MID_AIR, 1, 1, 1);
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE);
	char why[512];
	cr_expect_eq(js_case_diff(&c, why, sizeof why), 0, "%s", why);
}

/* vel_floor holds at the cut-off, by hand ("cmp yVelocity, #-0xDC; ble": gravity while
 * yVelocity > -220): from -219 one more acceleration gives -225, from -220 none. */
Test(mf, vel_floor_holds_at_the_cut_off)
{
	js_case c;
	unsigned char st[JS_STATE_MAX];
	char buf[128];
	const int v0[] = { -219, -220 };
	const char *const after[] = { "1901,-225,-16,4,6,128,128", "1901,-220,-16,4,6,128,128" };
	for (int k = 0; k < 2; k++) {
		gba_case(&c, AIR, 1885, v0[k], SPOSE_MID_AIR, 0, 1, 0);
		js_case_start(&c, 0, st);
		c.m->step(st, 0);
		c.m->trace_row(st, buf, sizeof buf);
		cr_expect_str_eq(buf, after[k], "from %d", v0[k]);
		js_break b;
		cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE);
	}
}
