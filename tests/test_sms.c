/* tests/test_sms.c - Super Mario Sunshine: the Gravity page's claim 37 (shared/seeds/000, ref
 * 37: the code's default parameters, one quarter step per update, fallProcess's gravity, spin
 * gravity, release cut and -75 cap), the take-offs of setStatusToJumping, frame-by-frame values
 * derived by hand from doldecomp/sms (src/Player/MarioPhysics.cpp fallProcess / jumpProcess,
 * MarioMove.cpp setStatusToJumping, MarioJump.cpp doJumping / considerJumpRotate, MarioInit.cpp
 * TJumpParams), whole jumps cross-checked with an independent implementation, edge cases, the
 * fuzz hooks, and lane kernel == reference on every ISA, from init and from fuzz starts.
 *
 * The independent implementation is /tmp/sms-py/sms_check.py (Python 3, numpy float32 scalars),
 * written from the decomp separately from kernels/sms.c: frame by frame (y, vy, fwd, status,
 * cancel, t) it agreed with `jumpsweep trace sms` on 300 random cases (every action, fwd in
 * -1000..1000, spin frames, holds, random and sparse presses), and it computed the whole-jump
 * table below. */
#include <math.h>
#include <stdio.h>

#include "testutil.h"
#include "fuzzcase.h"

enum { ACTION, FWD, SPIN_AT };
enum { JUMP, SECOND, TRIPLE, BACK, WALL, SPIN, SIDE, BROAD, ROTATE_BROAD };
#define SUB 8388608.0 /* sub-units per world unit (2^23) */

/* model flag bits (kernels/sms.c) */
#define F_CANCEL (1u << 8)
#define F_SPIN_G (1u << 9)
#define F_TERM (1u << 10)
#define F_SPUN (1u << 11)
#define F_ROUNDED (1u << 12)

/* game status constants (include/Player/MarioStatus.hpp) as the trace's status column prints */
#define ST_JUMP 0x02000880
#define ST_SECOND_JUMP 0x02000881
#define ST_ULTRA_JUMP 0x00000882
#define ST_RIGHT_ROTATE_JUMP 0x00000896
#define ST_JUMP_SLIP 0x04000470
#define ST_SEC_JUMP_SLIP 0x04000472
#define ST_ULTRA_JUMP_SLIP 0x04000478

static const js_model *sms(void)
{
	return tu_model("sms");
}

#define MAXF 4096
static double g_cols[MAXF * 8];

/* Trace columns of one run for frames 0..n-1, A held on frames 0..h-1: out[f * ncols + k]. */
static int cols_hold(int action, int fwd, int spin, int h, int n, const char *names)
{
	static uint8_t in[MAXF];
	int32_t ax[3] = { action, fwd, spin };
	tu_hold(in, n, h, 0);
	return tu_trace(sms(), ax, in, n, names, g_cols);
}

static js_acc run_hold(int action, int fwd, int spin, int h, int n)
{
	int32_t ax[3] = { action, fwd, spin };
	return tu_ref_hold(sms(), ax, h, 0, n);
}

/* A start state: init(axes), then fields by name (as check's "start" and the fuzzer do), then
 * fuzz_fix. */
static void make_start(void *st, int action, int fwd, int spin, const char *const *names,
		       const double *vals, int n)
{
	const js_model *m = sms();
	int32_t ax[3] = { action, fwd, spin };
	m->init(st, ax);
	for (int i = 0; i < n; i++) {
		int k = 0;
		while (k < m->n_fields && strcmp(m->fields[k].name, names[i]))
			k++;
		cr_assert_lt(k, m->n_fields, "field %s", names[i]);
		js_field_set(&m->fields[k], st, vals[i]);
	}
	m->fuzz_fix(st);
}

static double field(const void *st, const char *name)
{
	const js_model *m = sms();
	for (int k = 0; k < m->n_fields; k++)
		if (!strcmp(m->fields[k].name, name))
			return js_field_get(&m->fields[k], st);
	cr_assert_fail("no field %s", name);
	return 0;
}

/* Runs one lane from a start state through every lane path and the reference; asserts they
 * agree and returns the reference's accounting. */
static js_acc run_start_all_paths(const void *st, const uint8_t *in, int n)
{
	const js_model *m = sms();
	js_acc ref;
	js_reference_run_from(m, st, in, n, &ref);
	static uint32_t planes_mem[JS_N_BUTTONS][(MAXF / 32) * JS_BLOCK];
	uint32_t *planes[JS_N_BUTTONS];
	for (int k = 0; k < JS_N_BUTTONS; k++) {
		planes[k] = planes_mem[k];
		memset(planes_mem[k], 0, sizeof planes_mem[k]);
	}
	js_pack_planes(in, n, planes, 0);
	int32_t ax0[JS_BLOCK] = { 0 };
	int64_t rise[JS_BLOCK];
	int32_t apex[JS_BLOCK], air[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	for (int isa = 0; isa < JS_ISA_COUNT; isa++) {
		if (!js_isa_available((js_isa)isa) || !m->lane[isa])
			continue;
		js_lane_args args = { .n_lanes = 1, .n_frames = n, .rise = rise, .apex_frame = apex,
				      .airtime = air, .flags = flags, .start = st };
		for (int a = 0; a < JS_MAX_AXES; a++)
			args.axis[a] = ax0;
		for (int k = 0; k < JS_N_BUTTONS; k++)
			args.input[k] = planes[k];
		m->lane[isa](&args);
		cr_expect_eq(rise[0], ref.rise, "%s rise %lld vs %lld", js_isa_name((js_isa)isa),
			     (long long)rise[0], (long long)ref.rise);
		cr_expect_eq(apex[0], ref.apex_frame, "%s apex", js_isa_name((js_isa)isa));
		cr_expect_eq(air[0], ref.airtime, "%s airtime", js_isa_name((js_isa)isa));
		cr_expect_eq(flags[0], ref.flags, "%s flags %#x vs %#x", js_isa_name((js_isa)isa),
			     flags[0], ref.flags);
	}
	return ref;
}

Test(sms, metadata)
{
	const js_model *m = sms();
	cr_expect_str_eq(m->game, "Super Mario Sunshine");
	cr_expect_eq(m->sub_per_unit, 8388608);
	cr_expect_eq(m->fps, 30.0); /* SMSGetVSyncTimesPerSec: 60 / 2 */
	cr_expect_eq(m->n_axes, 3);
	cr_expect_str_eq(m->axes[ACTION].name, "action");
	cr_expect_str_eq(m->axes[ACTION].names[TRIPLE], "triple");
	cr_expect_str_eq(m->axes[ACTION].names[ROTATE_BROAD], "rotate_broad");
	cr_expect_str_eq(m->axes[FWD].name, "fwd");
	cr_expect_str_eq(m->axes[SPIN_AT].name, "spin");
	cr_expect_eq(m->inputs, JS_IN_JUMP);
	cr_expect_leq(m->state_size, JS_STATE_MAX);
	cr_expect_str_eq(m->flag_names[8], "fall_cancel");
	cr_expect_str_eq(m->flag_names[10], "terminal");
	/* claim 37: the values are the code's defaults, and the outputs say so (the notes are an
	 * HDF5 attribute of the model's group and `jumpsweep list` prints them) */
	cr_expect_not_null(strstr(m->notes, "VALUES ARE THE CODE'S DEFAULTS"));
	cr_expect_not_null(strstr(m->notes, "/Mario/Jump.prm"));
	cr_expect_not_null(strstr(m->notes, "UNCONFIRMED"));
	cr_expect_not_null(strstr(m->character, "default"));
	const char *ids[] = { "sms/code-defaults", "sms/quarter-step", "sms/gravity", "sms/jump",
			      "sms/spin-gravity", "sms/fall-cap", "sms/take-off-speeds",
			      "sms/cancel-statuses", "sms/mid-air-spin" };
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		int found = 0;
		for (const char *const *c = m->claims; *c; c++)
			found |= !strcmp(*c, ids[i]);
		cr_expect(found, "claim %s listed", ids[i]);
	}
}

/* Claim 37, the quarter step: jumpProcess's next.y = y + 0.25 * vy, once per update, then
 * fallProcess.  Standing jump, A held: frame 0 moves 0.25 * 42 = 10.5 (the take-off frame
 * already runs the jump status: stateMachine loops into jumpMain), then vy = 42 - 0.8f =
 * 41.2000008 (float32 of 41.19999998807907); frame 1 moves 0.25 * that: 10.5 + 10.3000002 =
 * 20.8000002 exactly half-way between two floats, rounded to the even 20.7999992. */
Test(sms, claim37_quarter_step_per_update)
{
	int nc = cols_hold(JUMP, 0, 0, 60, 60, "y,vy,status,t");
	cr_assert_eq(nc, 4);
	cr_expect_eq(g_cols[0], 10.5);
	cr_expect_eq((float)g_cols[1], 42.0f - 0.8f);
	cr_expect_eq((float)g_cols[1], 41.2000008f);
	cr_expect_eq(g_cols[2], ST_JUMP);
	cr_expect_eq(g_cols[3], 1.0);
	cr_expect_eq((float)g_cols[4], 20.7999992f);
	/* every frame: y += 0.25 * (the speed the last frame left), one step, no loop */
	for (int f = 1; f < 50; f++) {
		float y0 = (float)g_cols[(f - 1) * 4], v0 = (float)g_cols[(f - 1) * 4 + 1];
		cr_expect_eq((float)g_cols[f * 4], y0 + 0.25f * v0, "frame %d", f);
		cr_expect_eq((float)g_cols[f * 4 + 1], v0 - 0.8f, "frame %d: held, -mGravity", f);
	}
}

/* Claim 37, mGravity 0.8: held jumps lose 0.8f a frame until the landing (no cap reached).
 * Standing jump held: apex 280.900208 on frame 52, lands on frame 106 (airtime 107); the
 * landing frame still runs fallProcess (jumpProcess calls it after checkGroundAtJumping). */
Test(sms, claim37_gravity)
{
	js_acc a = run_hold(JUMP, 0, 0, 200, 256);
	cr_expect_eq(a.rise, 2356361728LL);
	cr_expect_eq(a.apex_frame, 52);
	cr_expect_eq(a.airtime, 107);
	cr_expect_eq(a.flags, 0u);
	cols_hold(JUMP, 0, 0, 200, 108, "y,vy,status,landed");
	float vy = 42.0f;
	for (int f = 0; f < 107; f++) {
		vy -= 0.8f;
		cr_expect_eq((float)g_cols[f * 4 + 1], vy, "frame %d", f);
	}
	cr_expect_eq(g_cols[106 * 4], 0.0, "the landing frame puts Mario on the floor");
	cr_expect_gt(g_cols[105 * 4], 0.0);
	cr_expect_eq(g_cols[106 * 4 + 2], ST_JUMP_SLIP);
	cr_expect_eq(g_cols[106 * 4 + 3], 1.0);
	/* after the landing nothing more is modelled: the state stays */
	cr_expect_eq(g_cols[107 * 4 + 1], g_cols[106 * 4 + 1]);
}

/* Claim 37 and sms/jump: the release cut.  isFallCancel: the permission (JUMP has
 * MARIO_STATUS_FLAG_UNK2000000), A up, vy > 20 -> vy *= 0.75 instead of the gravity, on every
 * such frame.  Tapped standing jump: frame 0 (A held) 41.2000008; frame 1: 41.2000008 * 0.75 =
 * 30.9000015 (30.900000572 rounded); frame 2: 23.1750011; frame 3: 17.3812504 (the last cut:
 * 23.175 > 20); frame 4: 17.3812504 - 0.8 = 16.5812511. */
Test(sms, claim37_release_cut)
{
	cols_hold(JUMP, 0, 0, 1, 8, "vy,cancel,flags");
	cr_expect_eq((float)g_cols[0 * 3], 41.2000008f);
	cr_expect_eq((float)g_cols[1 * 3], 41.2000008f * 0.75f);
	cr_expect_eq((float)g_cols[1 * 3], 30.9000015f);
	cr_expect_eq((float)g_cols[2 * 3], 23.1750011f);
	cr_expect_eq((float)g_cols[3 * 3], 17.3812504f);
	cr_expect_eq((float)g_cols[4 * 3], 17.3812504f - 0.8f);
	cr_expect_eq((float)g_cols[4 * 3], 16.5812511f);
	cr_expect_eq(g_cols[1 * 3 + 1], 1.0);
	cr_expect_eq((uint32_t)g_cols[1 * 3 + 2] & F_CANCEL, F_CANCEL);
	cr_expect_eq((uint32_t)g_cols[4 * 3 + 2] & F_CANCEL, 0u);
	js_acc a = run_hold(JUMP, 0, 0, 1, 256);
	cr_expect_eq(a.rise, 702257536LL); /* 83.7156219 */
	cr_expect_eq(a.apex_frame, 25);
	cr_expect_eq(a.airtime, 56);
	cr_expect_eq(a.flags, F_CANCEL);
	/* released later: the cut starts on the first frame with A up.  Held 10 frames: vy after
	 * frame 9 = 42 - 10 * 0.8 (float steps) = 34.0000076; frame 10 cuts it. */
	cols_hold(JUMP, 0, 0, 10, 12, "vy");
	float v = 42.0f;
	for (int i = 0; i < 10; i++)
		v -= 0.8f;
	cr_expect_eq((float)g_cols[9], v);
	cr_expect_eq((float)g_cols[10], v * 0.75f);
	/* holding A: never cut */
	cr_expect_eq(run_hold(JUMP, 0, 0, 200, 256).flags & F_CANCEL, 0u);
}

/* The cut repeats while vy > 20, so a released jump's height is not monotone in the run-up:
 * fwd 0 / 20 / 40 tapped rise 83.7 / 100.3 / 91.05 (vy after frame 0: 41.2, 46.2, 51.2; cuts to
 * 17.38, 19.49, 16.2 after 3 cuts each - the last one from 23.2, 25.99, 21.6). */
Test(sms, release_cut_not_monotone_in_fwd)
{
	js_acc a0 = run_hold(JUMP, 0, 0, 1, 256), a20 = run_hold(JUMP, 20, 0, 1, 256);
	js_acc a40 = run_hold(JUMP, 40, 0, 1, 256);
	cr_expect_eq(a20.rise, 841174208LL);
	cr_expect_eq(a40.rise, 763782784LL);
	cr_expect_lt(a0.rise, a20.rise);
	cr_expect_gt(a20.rise, a40.rise);
}

/* Edges of isFallCancel: exactly 20 is not above 20 (gravity: 19.2); just above is cut; A held
 * is never cut; without the permission never cut. */
Test(sms, release_cut_edges)
{
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	const char *n1[] = { "kind", "y", "vy", "cancel" };
	uint8_t in[4] = { 0, 0, 0, 0 };
	double v1[] = { 1 + JUMP, 100, 20, 1 };
	make_start(st, JUMP, 0, 0, n1, v1, 4);
	sms()->step(st, 0);
	cr_expect_eq((float)field(st, "vy"), 20.0f - 0.8f);
	double v2[] = { 1 + JUMP, 100, nextafterf(20.0f, 100.0f), 1 };
	make_start(st, JUMP, 0, 0, n1, v2, 4);
	sms()->step(st, 0);
	cr_expect_eq((float)field(st, "vy"), nextafterf(20.0f, 100.0f) * 0.75f);
	make_start(st, JUMP, 0, 0, n1, v2, 4);
	sms()->step(st, JS_IN_JUMP);
	cr_expect_eq((float)field(st, "vy"), nextafterf(20.0f, 100.0f) - 0.8f);
	double v3[] = { 1 + JUMP, 100, 50, 0 };
	make_start(st, JUMP, 0, 0, n1, v3, 4);
	sms()->step(st, 0);
	cr_expect_eq((float)field(st, "vy"), 50.0f - 0.8f);
	/* the same starts through every lane path */
	make_start(st, JUMP, 0, 0, n1, v1, 4);
	run_start_all_paths(st, in, 4);
	make_start(st, JUMP, 0, 0, n1, v2, 4);
	run_start_all_paths(st, in, 4);
}

/* Which statuses can be cut (sms/cancel-statuses): the take-off sets unk78 |= 0x100 for a new
 * status with MARIO_STATUS_FLAG_UNK2000000 (jump, second, wall, rotate broad) and clears it
 * otherwise (ultra, back, rotate, U-turn, broad).  Tapped at fwd 0, frame 1's vy: second 52 ->
 * 51.2 -> x0.75 = 38.4000015; wall 62 -> 61.2 -> 45.9000015; ultra 70 -> 69.2 -> 68.4000015;
 * back / side 62 -> 60.4000015; spin 62 -> 60.4000015; broad 30 -> 28.4000015; rotate broad 20 ->
 * 19.2 -> 18.4 (permission set, but never above 20). */
Test(sms, cancel_statuses)
{
	const struct { int action; float vy1; unsigned cancel; } k[] = {
		{ SECOND, (52.0f - 0.8f) * 0.75f, 1 }, { WALL, (62.0f - 0.8f) * 0.75f, 1 },
		{ TRIPLE, (70.0f - 0.8f) - 0.8f, 0 },  { BACK, (62.0f - 0.8f) - 0.8f, 0 },
		{ SPIN, (62.0f - 0.8f) - 0.8f, 0 },    { SIDE, (62.0f - 0.8f) - 0.8f, 0 },
		{ BROAD, (30.0f - 0.8f) - 0.8f, 0 },   { ROTATE_BROAD, (20.0f - 0.8f) - 0.8f, 1 },
	};
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
		cols_hold(k[i].action, 0, 0, 1, 2, "vy,cancel");
		cr_expect_eq((float)g_cols[2], k[i].vy1, "action %d", k[i].action);
		cr_expect_eq((unsigned)g_cols[3], k[i].cancel, "action %d", k[i].action);
		js_acc a = run_hold(k[i].action, 0, 0, 1, 256);
		cr_expect_eq(!!(a.flags & F_CANCEL), k[i].cancel && k[i].action != ROTATE_BROAD,
			     "action %d", k[i].action);
	}
	cr_expect_eq((float)((52.0f - 0.8f) * 0.75f), 38.4000015f);
}

/* Take-offs (sms/take-off-speeds): setStatusToJumping, vy = fwd * mult + force.  Frame 0's y is
 * 0.25 * the take-off speed, its vy that minus 0.8 (A held): at fwd 40, jump 42 + 10 = 52 -> y
 * 13; second 52 + 0 * 40 -> 13; ultra 70 + 10 -> 20; back 62 -> 15.5; wall 62 -> 15.5; rotate
 * 62 + 10 -> 18; U-turn 62 -> 15.5; broad 30 -> 7.5; rotate broad 20 -> 5.  fwd after frame 0
 * (the take-off's fwd, then doJumping's x0.999, -0.2 above 32, +0.4 below -16): jump / second /
 * ultra / rotate 40 * 0.8 = 32 -> 31.968; back -16 -> -15.984; wall 24 -> 23.976; U-turn 8 ->
 * 7.992; broad 80 -> 79.92 -> 79.72; rotate broad 60 -> 59.94 -> 59.74. */
Test(sms, take_off_speeds)
{
	const struct { int action; float y0, fwd0; } k[] = {
		{ JUMP, 13.0f, 32.0f * 0.999f },   { SECOND, 13.0f, 32.0f * 0.999f },
		{ TRIPLE, 20.0f, 32.0f * 0.999f }, { BACK, 15.5f, -16.0f * 0.999f },
		{ WALL, 15.5f, 24.0f * 0.999f },   { SPIN, 18.0f, 32.0f * 0.999f },
		{ SIDE, 15.5f, 8.0f * 0.999f },    { BROAD, 7.5f, 80.0f * 0.999f - 0.2f },
		{ ROTATE_BROAD, 5.0f, 60.0f * 0.999f - 0.2f },
	};
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
		cols_hold(k[i].action, 40, 0, 60, 1, "y,vy,fwd");
		cr_expect_eq((float)g_cols[0], k[i].y0, "action %d", k[i].action);
		cr_expect_eq((float)g_cols[1], k[i].y0 * 4.0f - 0.8f, "action %d", k[i].action);
		cr_expect_eq((float)g_cols[2], k[i].fwd0, "action %d fwd %.9g", k[i].action, g_cols[2]);
	}
	/* fwd only enters the jump, ultra and rotate speeds (mult 0.25); fwd -100: jump 17 */
	cols_hold(JUMP, -100, 0, 60, 1, "y");
	cr_expect_eq(g_cols[0], 4.25);
	cols_hold(SECOND, -100, 0, 60, 1, "y");
	cr_expect_eq(g_cols[0], 13.0);
	cols_hold(TRIPLE, 1, 0, 60, 1, "y");
	cr_expect_eq(g_cols[0], 17.5625);
}

/* A take-off speed <= 0 (jump at fwd <= -168) never leaves the floor: frame 0's quarter step
 * ends at or below it, so checkGroundAtJumping lands Mario on his take-off frame. */
Test(sms, no_rise_below_fwd_minus_168)
{
	js_acc a = run_hold(JUMP, -168, 0, 60, 64);
	cr_expect_eq(a.flags & JS_FLAG_NO_TAKEOFF, JS_FLAG_NO_TAKEOFF);
	cols_hold(JUMP, -168, 0, 60, 1, "y,landed,status");
	cr_expect_eq(g_cols[0], 0.0);
	cr_expect_eq(g_cols[1], 1.0);
	cr_expect_eq(g_cols[2], ST_JUMP_SLIP);
	js_acc b = run_hold(JUMP, -167, 0, 60, 64); /* vy 0.25: y 0.0625, then falls */
	cr_expect_eq(b.rise, (int64_t)(0.0625 * SUB));
	cr_expect_eq(b.airtime, 2);
}

/* Claim 37, mSpinJumpGravity 0.6 (sms/spin-gravity): the rotate jump falls by 0.6 a frame
 * (fallProcess: ROTATE_JUMP and vy < 0), rises by 0.8.  From the ground at fwd 0: 62, then
 * -0.8 a frame until vy < 0; the first frame that starts below 0 takes 0.6.  Same apex as the
 * back jump (62, 608.400574 on frame 77) but lands 11 frames later (168 vs 157). */
Test(sms, claim37_spin_gravity)
{
	cols_hold(SPIN, 0, 0, 1, 120, "vy,flags");
	int first = -1;
	for (int f = 1; f < 120 && first < 0; f++) {
		float v0 = (float)g_cols[(f - 1) * 2], v1 = (float)g_cols[f * 2];
		if (v0 < 0.0f) {
			first = f;
			cr_expect_eq(v1, v0 - 0.6f, "frame %d", f);
			cr_expect_eq((uint32_t)g_cols[f * 2 + 1] & F_SPIN_G, F_SPIN_G);
		} else {
			cr_expect_eq(v1, v0 - 0.8f, "frame %d", f);
		}
	}
	cr_expect_eq(first, 78);
	js_acc s = run_hold(SPIN, 0, 0, 1, 256), b = run_hold(BACK, 0, 0, 1, 256);
	cr_expect_eq(s.rise, b.rise);
	cr_expect_eq(s.rise, 5103633920LL);
	cr_expect_eq(s.airtime, 168);
	cr_expect_eq(b.airtime, 157);
	/* vy exactly 0 is not falling: -0.8 */
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	const char *n[] = { "kind", "y", "vy" };
	double v[] = { 1 + SPIN, 50, 0 };
	make_start(st, JUMP, 0, 0, n, v, 3);
	sms()->step(st, 0);
	cr_expect_eq((float)field(st, "vy"), -0.8f);
	double w[] = { 1 + SPIN, 50, -0.0 };
	make_start(st, JUMP, 0, 0, n, w, 3);
	sms()->step(st, 0);
	cr_expect_eq((float)field(st, "vy"), -0.8f, "-0 is not < 0");
}

/* Claim 37, the cap (sms/fall-cap): vy < -75 -> -75.  Ultra jump at fwd 40 (80): the landing
 * speed would pass -75; the series reaches -74.4 or so, then -75 and stays. */
Test(sms, claim37_fall_cap)
{
	js_acc a = run_hold(TRIPLE, 40, 0, 1, 256);
	cr_expect_eq(a.flags, F_TERM);
	cr_expect_eq(a.rise, 8472488448LL);
	cr_expect_eq(a.airtime, 202);
	cols_hold(TRIPLE, 40, 0, 1, 202, "vy");
	float v = 80.0f;
	int capped = -1;
	for (int f = 0; f < 202; f++) {
		v -= 0.8f;
		if (v < -75.0f) {
			v = -75.0f;
			if (capped < 0)
				capped = f;
		}
		cr_expect_eq((float)g_cols[f], v, "frame %d", f);
	}
	cr_expect_eq(capped, 193);
	cr_expect_eq((float)g_cols[201], -75.0f);
	/* a spin jump's gravity is capped the same */
	cr_expect_eq(run_hold(SPIN, 400, 0, 1, 1024).flags & F_TERM, F_TERM);
	/* the standing jump never reaches it */
	cr_expect_eq(run_hold(JUMP, 0, 0, 200, 256).flags & F_TERM, 0u);
}

/* The mid-air spin (sms/mid-air-spin): considerJumpRotate sets mStatus to the rotate jump
 * directly, keeping unk78's permission; the rotate routine runs that same frame.  Held standing
 * jump, spin on frame 12: same rise (the apex is at vy >= 0, where both take 0.8), lands on frame
 * 114 (airtime 115) instead of 106.  Tapped jump at fwd 20, spin on frame 1: frame 1 is already
 * a rotate jump and still cut (permission kept): 46.2 * 0.75. */
Test(sms, mid_air_spin)
{
	cols_hold(JUMP, 0, 0, 60, 14, "status,flags");
	cr_expect_eq(g_cols[11 * 2], ST_JUMP);
	cols_hold(JUMP, 0, 12, 60, 14, "status,flags");
	cr_expect_eq(g_cols[11 * 2], ST_JUMP);
	cr_expect_eq(g_cols[12 * 2], ST_RIGHT_ROTATE_JUMP);
	cr_expect_eq((uint32_t)g_cols[12 * 2 + 1] & F_SPUN, F_SPUN);
	js_acc a = run_hold(JUMP, 0, 12, 60, 256);
	cr_expect_eq(a.rise, 2356361728LL);
	cr_expect_eq(a.airtime, 115);
	cr_expect_eq(a.flags, F_SPIN_G | F_SPUN);
	cols_hold(JUMP, 20, 1, 1, 3, "vy,cancel,status");
	cr_expect_eq((float)g_cols[3], (47.0f - 0.8f) * 0.75f);
	cr_expect_eq(g_cols[4], 1.0);
	cr_expect_eq(g_cols[5], ST_RIGHT_ROTATE_JUMP);
	/* ultra, back, rotate and broad jumps do not call considerJumpRotate */
	const int no[] = { TRIPLE, BACK, SPIN, BROAD, ROTATE_BROAD };
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
		js_acc x = run_hold(no[i], 0, 5, 60, 256), y = run_hold(no[i], 0, 0, 60, 256);
		cr_expect_eq(x.flags & F_SPUN, 0u, "action %d", no[i]);
		cr_expect_eq(x.airtime, y.airtime, "action %d", no[i]);
	}
	/* after the landing, the spin frame does nothing */
	cr_expect_eq(run_hold(JUMP, 0, 200, 60, 256).flags & F_SPUN, 0u);
	/* the landing status of a spun jump is the rotate routine's */
	cols_hold(JUMP, 0, 12, 60, 115, "status");
	cr_expect_eq(g_cols[114], ST_SEC_JUMP_SLIP);
}

/* Landing statuses (jumpingBasic's statusOnGround) and presses after a landing (ignored). */
Test(sms, landing)
{
	cols_hold(TRIPLE, 0, 0, 1, 178, "status,y,landed");
	cr_expect_eq(g_cols[175 * 3], ST_ULTRA_JUMP);
	cr_expect_eq(g_cols[176 * 3], ST_ULTRA_JUMP_SLIP);
	cr_expect_eq(g_cols[176 * 3 + 1], 0.0);
	cols_hold(SECOND, 0, 0, 1, 57, "status");
	cr_expect_eq(g_cols[55], ST_SEC_JUMP_SLIP);
	static uint8_t in[300];
	memset(in, 0, sizeof in);
	in[0] = JS_IN_JUMP;
	in[60] = in[61] = JS_IN_JUMP; /* after the landing on frame 55 */
	int32_t ax[3] = { JUMP, 0, 0 };
	double y[300 * 1];
	tu_trace(sms(), ax, in, 80, "y", y);
	for (int f = 55; f < 80; f++)
		cr_expect_eq(y[f], 0.0, "frame %d", f);
}

/* Whole jumps from the independent implementation (see the header): rise (2^-23 unit), apex
 * frame, airtime, flags.  Held 60 frames / tapped, spin frames, negative run-ups. */
static const struct {
	int action, fwd, spin, hold;
	int64_t rise;
	int apex, airtime;
	uint32_t flags;
} whole[] = {
	{ JUMP, 0, 0, 1, 702257536LL, 25, 56, F_CANCEL },             /* 83.7156219 */
	{ JUMP, 0, 0, 60, 2356361728LL, 52, 107, 0 },                 /* 280.900208 */
	{ JUMP, 40, 0, 1, 763782784LL, 25, 56, F_CANCEL },            /* 91.0500031 */
	{ JUMP, 40, 0, 60, 3598715392LL, 64, 132, 0 },                /* 429.000305 */
	{ SECOND, 0, 0, 1, 763782784LL, 25, 56, F_CANCEL },           /* 91.0500031 */
	{ SECOND, 40, 0, 60, 3598715392LL, 64, 132, 0 },              /* 429.000305 */
	{ TRIPLE, 0, 0, 1, 6496137216LL, 87, 177, 0 },                /* 774.399902 */
	{ TRIPLE, 40, 0, 60, 8472488448LL, 99, 202, F_TERM },         /* 1009.99933 */
	{ BACK, 40, 0, 1, 5103633920LL, 77, 157, 0 },                 /* 608.400574 */
	{ WALL, 0, 0, 1, 992886784LL, 29, 65, F_CANCEL },             /* 118.361328 */
	{ WALL, 40, 0, 60, 5103633920LL, 77, 157, 0 },                /* 608.400574 */
	{ SPIN, 40, 0, 1, 6870268928LL, 89, 195, F_SPIN_G },          /* 818.999878 */
	{ SIDE, 40, 0, 60, 5103633920LL, 77, 157, 0 },                /* 608.400574 */
	{ BROAD, 0, 0, 1, 1211315712LL, 37, 77, 0 },                  /* 144.400085 */
	{ ROTATE_BROAD, 40, 0, 1, 545259584LL, 24, 52, 0 },           /* 65.0000076 */
	{ JUMP, 20, 1, 1, 841174208LL, 28, 66, F_CANCEL | F_SPIN_G | F_SPUN }, /* 100.27578 */
	{ SECOND, 0, 12, 60, 3598715392LL, 64, 141, F_SPIN_G | F_SPUN }, /* 429.000305 */
	{ SECOND, 20, 1, 1, 763782784LL, 25, 61, F_CANCEL | F_SPIN_G | F_SPUN }, /* 91.0500031 */
	{ WALL, 0, 12, 60, 5103633920LL, 77, 168, F_SPIN_G | F_SPUN }, /* 608.400574 */
	{ WALL, 20, 1, 1, 992886784LL, 29, 70, F_CANCEL | F_SPIN_G | F_SPUN }, /* 118.361328 */
	{ SIDE, 20, 1, 1, 5103633920LL, 77, 168, F_SPIN_G | F_SPUN }, /* 608.400574 */
	{ TRIPLE, 0, 12, 60, 6496137216LL, 87, 177, 0 },              /* 774.399902 */
	{ JUMP, -100, 0, 60, 396781088LL, 21, 44, 0 },                /* 47.2999916 */
	{ JUMP, -40, 0, 30, 1375732480LL, 39, 82, 0 },                /* 164.000092 */
	{ JUMP, 20, 0, 5, 1135129728LL, 30, 68, F_CANCEL },           /* 135.318008 */
	{ JUMP, 40, 0, 5, 1122002560LL, 27, 66, F_CANCEL },           /* 133.753128 */
	{ TRIPLE, 1000, 0, 1, 134553673728LL, 399, 1303, F_TERM },    /* 16040.0479 */
};

Test(sms, whole_jumps_cross_checked)
{
	for (size_t i = 0; i < sizeof whole / sizeof whole[0]; i++) {
		js_acc a = run_hold(whole[i].action, whole[i].fwd, whole[i].spin, whole[i].hold, 2048);
		cr_expect_eq(a.rise, whole[i].rise, "case %zu: rise %lld", i, (long long)a.rise);
		cr_expect_eq(a.apex_frame, whole[i].apex, "case %zu: apex %d", i, a.apex_frame);
		cr_expect_eq(a.airtime, whole[i].airtime, "case %zu: airtime %d", i, a.airtime);
		cr_expect_eq(a.flags, whole[i].flags, "case %zu: flags %#x", i, a.flags);
	}
}

/* Heights below 1 unit can have bits below 2^-23: floor, and the flag.  A back jump start at
 * y 0.3f (10066330 * 2^-25: y * 2^23 = 2516582.5), vy 0: frame 0 stays at 0.3f (+ 0.25 * 0),
 * height floor(2516582.5) = 2516582, flagged; then it falls. */
Test(sms, height_rounded)
{
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	const char *n[] = { "kind", "y", "vy" };
	double w[] = { 1 + BACK, 0.3, 0.0 };
	make_start(st, JUMP, 0, 0, n, w, 3);
	uint8_t in[8] = { 0 };
	js_acc a = run_start_all_paths(st, in, 8);
	cr_expect_eq(a.flags & F_ROUNDED, F_ROUNDED);
	cr_expect_eq(a.rise, 2516582);
	cr_expect_eq(a.apex_frame, 0);
	cr_expect_eq(a.airtime, 3); /* frame 1: 0.3 - 0.2 = 0.1 > 0; frame 2: 0.1 - 0.4 <= 0 lands */
}

/* Lane kernel == reference on every ISA: every axis over its range, holds 0..79, random
 * presses, sparse presses, a partial block. */
Test(sms, lanes_equal_reference_holds) { tu_check_random_lanes(sms(), 6000, 400, 1, TU_HOLDS, 80); }
Test(sms, lanes_equal_reference_random) { tu_check_random_lanes(sms(), 3000, 300, 2, TU_RANDOM, 0); }
Test(sms, lanes_equal_reference_sparse) { tu_check_random_lanes(sms(), 3000, 600, 3, TU_SPARSE, 0); }
Test(sms, lanes_partial_block) { tu_check_random_lanes(sms(), 7, 200, 4, TU_RANDOM, 0); }

/* Long runs: big run-ups (fwd up to 1000) land after 1300 frames. */
Test(sms, lanes_equal_reference_long) { tu_check_random_lanes(sms(), 512, 2048, 5, TU_HOLDS, 80); }

/* The default grid's lanes (spin 0..40 too), exactly. */
Test(sms, lanes_equal_reference_grid)
{
	const js_model *m = sms();
	size_t n = 9 * 41 * 3 * 8;
	int32_t *ax = malloc(n * 3 * sizeof *ax);
	uint8_t *in = malloc(n * 256);
	size_t i = 0;
	for (int a = 0; a < 9; a++)
		for (int fwd = 0; fwd <= 40; fwd++)
			for (int sp = 0; sp < 3; sp++)
				for (int h = 0; h < 8; h++, i++) {
					ax[i * 3 + 0] = a;
					ax[i * 3 + 1] = fwd;
					ax[i * 3 + 2] = sp * 20;
					tu_hold(in + i * 256, 256, h * 8, 0);
				}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, 256), 1);
	free(ax);
	free(in);
}

/* From any start the fields allow: every lane path agrees with the reference frame by frame. */
Test(sms, lanes_equal_reference_from_fuzz_starts)
{
	int with_fields = tu_check_random_starts(sms(), 400, 300, 11);
	cr_assert_gt(with_fields, 100);
	tu_check_random_starts(sms(), 100, JS_CASE_FRAMES, 12);
}

/* The fuzz hooks: fuzz_fix makes grounded starts consistent; random cases break no field range
 * and no invariant (the game's code cannot), and land within land_bound. */
Test(sms, fuzz_hooks)
{
	const js_model *m = sms();
	cr_expect_eq(m->n_fields, 8);
	cr_expect_not_null(m->fuzz_fix);
	cr_expect_not_null(m->invariants);
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	const char *n[] = { "kind", "y", "vy", "cancel", "t" };
	double v[] = { 0, 500, 30, 1, 99 };
	make_start(st, JUMP, 0, 0, n, v, 5);
	cr_expect_eq(field(st, "y"), 0.0);
	cr_expect_eq(field(st, "vy"), 0.0);
	cr_expect_eq(field(st, "cancel"), 0.0);
	cr_expect_eq(field(st, "t"), 0.0);
	double w[] = { 1 + TRIPLE, 500, 30, 1, 99 };
	make_start(st, JUMP, 0, 0, n, w, 5);
	cr_expect_eq(field(st, "cancel"), 0.0, "an ultra jump never has the permission");
	cr_expect_eq(field(st, "y"), 500.0);
	double x[] = { 1 + SPIN, 500, 30, 1, 99 };
	make_start(st, JUMP, 0, 0, n, x, 5);
	cr_expect_eq(field(st, "cancel"), 1.0, "a jump that spun keeps it");

	js_case *c = malloc(sizeof *c);
	uint64_t seed = 99;
	int cases = 0;
	for (int i = 0; i < 200; i++) {
		uint8_t bytes[1024];
		for (size_t k = 0; k < sizeof bytes; k++)
			bytes[k] = (uint8_t)(tu_rand(&seed) >> 56);
		js_case_decode(c, bytes, sizeof bytes, m);
		for (int l = 0; l < c->n_lanes; l++) {
			js_break b;
			int kind = js_case_breaks(c, l, &b);
			char buf[128];
			cr_expect_eq(kind, JS_BREAK_NONE, "case %d lane %d: %s at frame %d", i, l,
				     js_break_name(m, &b, buf, sizeof buf), b.frame);
			cases++;
		}
	}
	cr_expect_gt(cases, 1000);
	free(c);
}

/* land_bound: the slowest starts are a rotate jump without the permission and no buttons (0.6
 * falling), as high as fuzz_fix lets them (y 50000 lowered by the rise bound of vy); every vy
 * of a 0.05 grid over 0..400 lands within the bound, and the worst comes within 4 frames of it.
 * A back jump (0.8 falling) lands sooner. */
Test(sms, land_bound_is_the_worst_start)
{
	const js_model *m = sms();
	cr_expect_eq(m->land_bound, 3230);
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	const char *n[] = { "kind", "y", "vy", "cancel" };
	static uint8_t in[MAXF];
	memset(in, 0, sizeof in);
	int worst = 0;
	for (int i = 0; i <= 8000; i++) {
		double v[] = { 1 + SPIN, 50000, i * 0.05, 0 };
		make_start(st, JUMP, 0, 0, n, v, 4);
		cr_assert_leq(field(st, "y"), 50000.0);
		js_acc a;
		js_reference_run_from(m, st, in, MAXF, &a);
		cr_assert(a.airtime > 0 && a.airtime <= m->land_bound, "vy %g: %d", i * 0.05, a.airtime);
		cr_assert_leq(a.rise, (int64_t)(50000 * SUB), "vy %g: the rise stays in the range", i * 0.05);
		if (a.airtime > worst)
			worst = a.airtime;
	}
	cr_expect_geq(worst, m->land_bound - 4);
	double w[] = { 1 + BACK, 50000, 400, 0 };
	make_start(st, JUMP, 0, 0, n, w, 4);
	js_acc a;
	js_reference_run_from(m, st, in, MAXF, &a);
	cr_expect_lt(a.airtime, worst);
}

/* Invariants by construction: a step from a start at the cap stays at it; a take-off (from the
 * floor) may raise vy without breaking no_lift. */
Test(sms, invariants)
{
	const js_model *m = sms();
	_Alignas(16) unsigned char b[JS_STATE_MAX], a[JS_STATE_MAX];
	const char *n[] = { "kind", "y", "vy" };
	double v[] = { 1 + JUMP, 1000, -75 };
	make_start(b, JUMP, 0, 0, n, v, 3);
	memcpy(a, b, m->state_size);
	m->step(a, 0);
	cr_expect_eq((float)field(a, "vy"), -75.0f);
	cr_expect_eq(m->invariants(b, a, 0), 0u);
	int32_t ax[3] = { JUMP, 0, 0 };
	m->init(b, ax);
	memcpy(a, b, m->state_size);
	m->step(a, JS_IN_JUMP);
	cr_expect_eq(m->invariants(b, a, JS_IN_JUMP), 0u);
	cr_expect_str_eq(m->inv_names[0], "fall_cap");
	cr_expect_str_eq(m->inv_names[1], "no_lift");
	cr_expect_str_eq(m->inv_names[2], "floor");
}

/* The lane kernel's table path (kernels/sms.c, "From init's states, by table"): every action at
 * fwd inside and outside the table's rows (-128..128), A held k = 1..72 frames (across every
 * row's kcap, up to 68 at fwd 128), the take-off on frames 0..70, A pressed again during the
 * release cut (1, 2 or 3 frames after the release: the lane's block steps) or after it, the
 * spin frame before and after the landing, and frame limits that cut some jumps (their blocks
 * step) and none.  Lanes of one variant and fwd are consecutive, so most blocks read the table
 * and some step. */
Test(sms, lanes_equal_reference_table)
{
	const js_model *m = sms();
	static const int fwds[] = { -1000, -129, -128, -100, -89, -88, -87, -1, 0, 17, 40, 127, 128, 129 };
	enum { NFWD = sizeof fwds / sizeof fwds[0], NK = 72 };
	/* take-off frame, spin frame, the second press (frames after the release; 0 none), its length */
	static const int var[][4] = { { 0, 0, 0, 0 },  { 1, 0, 1, 2 },  { 31, 0, 3, 2 }, { 32, 1, 25, 5 },
				      { 5, 200, 0, 0 }, { 70, 0, 2, 1 }, { 2, 0, 30, 40 } };
	enum { NVAR = sizeof var / sizeof var[0], N = 9 * NFWD * NVAR * NK };
	static int32_t ax[N][3];
	const int frames[] = { 256, 100 };
	for (int fi = 0; fi < 2; fi++) {
		const int nf = frames[fi];
		uint8_t *in = calloc(N, (size_t)nf);
		cr_assert_not_null(in);
		size_t n = 0;
		for (int a = 0; a < 9; a++)
			for (int fw = 0; fw < NFWD; fw++)
				for (int v = 0; v < NVAR; v++)
					for (int k = 1; k <= NK; k++, n++) {
						ax[n][0] = a;
						ax[n][1] = fwds[fw];
						ax[n][2] = var[v][1];
						uint8_t *row = in + n * (size_t)nf;
						const int t0 = var[v][0], u = t0 + k;
						for (int f = t0; f < u && f < nf; f++)
							row[f] = JS_IN_JUMP;
						if (var[v][2])
							for (int f = u + var[v][2]; f < u + var[v][2] + var[v][3] && f < nf; f++)
								row[f] = JS_IN_JUMP;
					}
		cr_expect_geq(tu_check_lanes(m, n, &ax[0][0], in, nf), 1);
		free(in);
	}
}

/* The table's rows made on demand (kernels/sms.c, "From init's states, by table"): in one
 * process, on every ISA path, grids one after another whose fwd rows overlap in part (the first
 * makes 0..40, the next reads some of those and makes others, the last two reach the table's
 * ends and past them), each run on three threads (blocks needing a row another thread is making step)
 * and on one, against the reference sweep of the same grid. */
Test(sms, table_rows_on_demand)
{
	const char *fwds[] = { "fwd=0:40", "fwd=20:80", "fwd=-135:-110", "fwd=120:135" };
	const char *holds[] = { "1:40", "3:70", "1:30", "20:45" };
	for (int gi = 0; gi < 4; gi++)
		tu_check_grid_threads(sms(), &fwds[gi], 1, holds[gi], fwds[gi]);
}
