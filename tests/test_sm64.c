/* tests/test_sm64.c - Super Mario 64: every claim of the Super Mario 64 seed page
 * (shared/seeds/002, refs 1-10), frame-by-frame values derived by hand from the decomp's rules
 * (n64decomp/sm64: set_mario_action_airborne, perform_air_step, apply_gravity, act_ground_pound,
 * common_landing_cancels, set_jump_from_landing, act_long_jump_land ...), whole-jump figures
 * cross-checked with an independent implementation, and lane kernel == reference on every ISA.
 *
 * The independent implementation is /tmp/sm64-py/sm64_check.py (Python 3, numpy float32
 * scalars), written from the decomp separately from kernels/sm64.c: it reproduced every whole
 * jump of whole_jumps_cross_checked below and, frame by frame (y, vy, forward speed, z for 300
 * frames), 121 input sequences with chains (double / triple windows, BLJ on US and SH, backflip
 * and crouch chains, ground pounds from jumps and from flight, wing-cap flight). */
#include <math.h>
#include <stdio.h>

#include "testutil.h"

enum { ACTION, FWD, VERSION, CHAIN };
enum { JUMP, DOUBLE, TRIPLE, BACKFLIP, SIDE_FLIP, LONG_JUMP, WALL_KICK, GROUND_POUND, FLY_TRIPLE };
enum { US, JP, SH };
#define SUB 8388608.0 /* sub-units per world unit (2^23) */

/* model flag bits (kernels/sm64.c) */
#define F_A_RELEASE (1u << 8)
#define F_WING_GRAVITY (1u << 9)
#define F_TERMINAL (1u << 10)
#define F_FALL_DAMAGE (1u << 11)
#define F_S16_WRAP (1u << 12)
#define F_LEVEL_EDGE (1u << 13)
#define F_BLJ_CLAMP (1u << 14)
#define F_BACKWARD_LJ (1u << 15)
#define F_CHAINED (1u << 16)
#define F_FLYING (1u << 17)
#define F_UNMODELLED (1u << 18)
#define F_HEIGHT_ROUNDED (1u << 19)
#define F_CEILING (1u << 20)

/* Game actions by their include/sm64.h names, as the trace's action column prints them (tu_trace
 * reads a name as the action field's value: act() gives the same for a name). */
static double act(const char *name)
{
	const js_model *m = tu_model("sm64");
	double v = -1;
	for (int i = 0; i < m->n_fields; i++)
		if (!strcmp(m->fields[i].name, "action"))
			cr_assert_eq(js_field_scan(&m->fields[i], name, &v), 0, "%s is an action name", name);
	return v;
}
#define ACT_JUMP act("ACT_JUMP")
#define ACT_DOUBLE_JUMP act("ACT_DOUBLE_JUMP")
#define ACT_TRIPLE_JUMP act("ACT_TRIPLE_JUMP")
#define ACT_BACKFLIP act("ACT_BACKFLIP")
#define ACT_LONG_JUMP act("ACT_LONG_JUMP")
#define ACT_FLYING_TRIPLE_JUMP act("ACT_FLYING_TRIPLE_JUMP")
#define ACT_FLYING act("ACT_FLYING")
#define ACT_GROUND_POUND act("ACT_GROUND_POUND")
#define ACT_JUMP_LAND act("ACT_JUMP_LAND")
#define ACT_DOUBLE_JUMP_LAND act("ACT_DOUBLE_JUMP_LAND")
#define ACT_LONG_JUMP_LAND act("ACT_LONG_JUMP_LAND")
#define ACT_JUMP_LAND_STOP act("ACT_JUMP_LAND_STOP")
#define ACT_GROUND_POUND_LAND act("ACT_GROUND_POUND_LAND")
#define ACT_DIVE_SLIDE act("ACT_DIVE_SLIDE")
#define ACT_CROUCHING act("ACT_CROUCHING")
#define ACT_SIDE_FLIP_LAND act("ACT_SIDE_FLIP_LAND")
#define ACT_IDLE act("ACT_IDLE")
#define ACT_BACKFLIP_LAND act("ACT_BACKFLIP_LAND")
#define ACT_LONG_JUMP_LAND_STOP act("ACT_LONG_JUMP_LAND_STOP")

extern float sm64_sine_table[5120];

static const js_model *sm64(void)
{
	return tu_model("sm64");
}

/* Inputs from text: '.' nothing, 'J' A, 'Z' Z, 'B' A and Z; frames past the text are '.'. */
static void seq(uint8_t *in, int n, const char *s)
{
	size_t len = strlen(s);
	for (int f = 0; f < n; f++) {
		char c = (size_t)f < len ? s[f] : '.';
		in[f] = (uint8_t)(c == 'J' ? JS_IN_JUMP : c == 'Z' ? JS_IN_Z
				  : c == 'B' ? (JS_IN_JUMP | JS_IN_Z) : 0);
	}
}

/* A held on frames 0..h-1. */
static void hold(uint8_t *in, int n, int h)
{
	tu_hold(in, n, h, 0);
}

#define MAXF 800
/* Trace columns for frames 0..n-1 of one run: out[f * ncols + k]. */
static int cols(int action, int fwd, int version, int chain, const uint8_t *in, int n,
		const char *names, double *out)
{
	int32_t ax[4] = { action, fwd, version, chain };
	return tu_trace(sm64(), ax, in, n, names, out);
}

static js_acc run(int action, int fwd, int version, int chain, const uint8_t *in, int n)
{
	int32_t ax[4] = { action, fwd, version, chain };
	js_acc a;
	js_reference_run(sm64(), ax, in, n, &a);
	return a;
}

/* float32 arithmetic as the game does it, for the expected values */
static float f32(double x)
{
	return (float)x;
}

/* The height after a take-off frame from the floor: four quarter steps of vy / 4. */
static float quarter_sum(float vy)
{
	float y = 0.0f;
	for (int i = 0; i < 4; i++)
		y = y + vy / 4.0f;
	return y;
}

Test(sm64, metadata)
{
	const js_model *m = sm64();
	cr_expect_str_eq(m->game, "Super Mario 64");
	cr_expect_eq(m->sub_per_unit, 8388608);
	cr_expect_eq(m->fps, 30.0); /* claim 1: two vertical blanks a frame, 30 Hz */
	cr_expect_eq(m->n_axes, 4);
	cr_expect_str_eq(m->axes[ACTION].name, "action");
	cr_expect_str_eq(m->axes[FWD].name, "fwd");
	cr_expect_str_eq(m->axes[VERSION].name, "version");
	cr_expect_str_eq(m->axes[VERSION].names[SH], "sh");
	cr_expect_str_eq(m->axes[CHAIN].name, "chain");
	cr_expect_eq(m->inputs, JS_IN_JUMP | JS_IN_Z);
	cr_expect_leq(m->state_size, JS_STATE_MAX);
	cr_expect_str_eq(m->flag_names[12], "s16_wrap");
	cr_expect_str_eq(m->flag_names[14], "blj_clamp");
	/* every seed claim id is listed */
	const char *ids[] = { "sm64/quarter-steps", "sm64/jump-speed", "sm64/gravity", "sm64/a-release",
			      "sm64/double-jump", "sm64/triple-jump", "sm64/long-jump", "sm64/blj",
			      "sm64/wall-kick", "sm64/ground-pound" };
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		int found = 0;
		for (const char *const *c = m->claims; *c; c++)
			found |= !strcmp(*c, ids[i]);
		cr_expect(found, "claim %s listed", ids[i]);
	}
}

/* gSineTable: the 5120 floats of the decomp's include/trig_tables.inc.c (gSineTable and the
 * gCosineTable tail), FNV-1a over their bit patterns computed from that file; a few entries. */
Test(sm64, sine_table_is_the_games)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (int k = 0; k < 5120; k++) {
		uint32_t b;
		memcpy(&b, &sm64_sine_table[k], 4);
		h = (h ^ b) * 0x100000001b3ULL;
	}
	cr_expect_eq(h, 0x197a4c362542325aULL, "table hash %#llx", (unsigned long long)h);
	cr_expect_eq(sm64_sine_table[1], 0.0015339801f);
	cr_expect_eq(sm64_sine_table[1024], 1.0f); /* coss(0) */
	cr_expect_eq(sm64_sine_table[2048], 0.0f); /* coss(0x4000): an exact zero in the game */
	cr_expect_eq(sm64_sine_table[3072], -1.0f);
	cr_expect_eq(sm64_sine_table[4095], -0.0015339801f);
}

/* Claim 1 (sm64/quarter-steps): perform_air_step moves pos += vel / 4 four times, then gravity.
 * By hand, jump at fwd 40 tapped (trace): frame 13 starts at y 12 with vy -32: quarter steps of
 * -8 give 4, then -4 <= 0: it lands on the 2nd quarter step, so z advances only two quarter
 * steps of the forward speed 27.0999947 (fwd after that frame's drag): 384.150055 +
 * 6.77499866 + 6.77499866.  The take-off frame moves by the whole take-off speed (42 for the
 * standing jump: 4 x 10.5) before gravity makes it 38. */
Test(sm64, claim1_quarter_steps)
{
	uint8_t in[40];
	double c[40 * 5];
	hold(in, 40, 40);
	cols(JUMP, 0, US, 0, in, 2, "y,vy", c);
	cr_expect_eq(c[0], 42.0);
	cr_expect_eq(c[1], 38.0);
	cr_expect_eq(c[2], 80.0);
	hold(in, 40, 1);
	cols(JUMP, 40, US, 0, in, 14, "y,vy,fwd,z,action", c);
	cr_expect_eq(c[12 * 5 + 0], 12.0);
	cr_expect_eq(c[12 * 5 + 1], -32.0);
	float z12 = (float)c[12 * 5 + 3], fw = (float)c[13 * 5 + 2];
	cr_expect_eq(z12, 384.150055f);
	cr_expect_eq(fw, 27.0999947f);
	float z = z12 + fw / 4.0f;
	z = z + fw / 4.0f;
	cr_expect_eq(c[13 * 5 + 0], 0.0);
	cr_expect_eq((float)c[13 * 5 + 3], z, "landing frame: two quarter steps of z (%.9g)", c[13 * 5 + 3]);
	cr_expect_eq(c[13 * 5 + 4], ACT_JUMP_LAND);
	cr_expect_eq(c[13 * 5 + 1], -36.0, "gravity still runs after the landing quarter step");
}

/* Claim 2 (sm64/jump-speed): vy = 42 + fwd * 0.25, fwd *= 0.8.  fwd 40: vy 52, fwd 32; the
 * frame's update_air_without_turn then takes 0.35 off: 32 - 0.35f = 31.6499996 (float32).  fwd
 * 100: vy 67, fwd 80 - 0.35 - 1 (above the drag threshold 32) = 78.65.  fwd -100: vy 17, fwd -80
 * + 0.35 + 2 (below -16) = -77.65. */
Test(sm64, claim2_jump_speed)
{
	uint8_t in[4];
	double c[4 * 3];
	hold(in, 4, 4);
	const struct { int fwd; double y, vy; float fwd_after; } k[] = {
		{ 0, 42, 38, 0.0f },
		{ 40, 52, 48, f32(32.0f - 0.35f) },
		{ 100, 67, 63, (80.0f - 0.35f) - 1.0f },
		{ -100, 17, 13, (-80.0f + 0.35f) + 2.0f },
		{ 1, 42.25, 38.25, 0.8f - 0.35f },
	};
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
		cols(JUMP, k[i].fwd, US, 0, in, 1, "y,vy,fwd", c);
		cr_expect_eq(c[0], k[i].y, "fwd %d: y %.9g", k[i].fwd, c[0]);
		cr_expect_eq(c[1], k[i].vy, "fwd %d: vy %.9g", k[i].fwd, c[1]);
		cr_expect_eq((float)c[2], k[i].fwd_after, "fwd %d: fwd %.9g", k[i].fwd, c[2]);
	}
	/* the same with the double jump's 52 (claim 5) */
	cols(DOUBLE, 40, US, 0, in, 1, "y,fwd", c);
	cr_expect_eq(c[0], 62.0);
	cr_expect_eq((float)c[1], f32(32.0f - 0.35f));
}

/* Claim 3 (sm64/gravity): -4 a frame, clamped at -75; the long jump -2.  Jump at fwd 200 held:
 * vy 92, 88, ... -72, then -76 -> -75 and -75 from then on (terminal flag).  Long jump from
 * fwd 0: vy 30 - 2k. */
Test(sm64, claim3_gravity)
{
	uint8_t in[80];
	double c[80];
	hold(in, 80, 80);
	cols(JUMP, 200, US, 0, in, 60, "vy", c);
	for (int f = 0; f < 41; f++)
		cr_expect_eq(c[f], 88.0 - 4.0 * f, "frame %d vy %.9g", f, c[f]);
	cr_expect_eq(c[41], -75.0);
	cr_expect_eq(c[45], -75.0);
	js_acc a = run(JUMP, 200, US, 0, in, 80);
	cr_expect(a.flags & F_TERMINAL);
	cols(LONG_JUMP, 0, US, 0, in, 20, "vy", c);
	for (int f = 0; f < 20; f++)
		cr_expect_eq(c[f], 28.0 - 2.0 * f, "long jump frame %d vy %.9g", f, c[f]);
	/* the long jump lands at 30 - ... -30 on flat ground, so its cap is never reached here */
	a = run(LONG_JUMP, 0, US, 0, in, 80);
	cr_expect_eq(a.flags & F_TERMINAL, 0);
}

/* Claim 4 (sm64/a-release): A up and vy > 20 -> vy /= 4, only for actions with
 * ACT_FLAG_CONTROL_JUMP_HEIGHT.  Tapped (A on frame 0 only), fwd 0, vy after frame 1:
 * jump 38/4 = 9.5, double 48/4 = 12, wall kick 58/4 = 14.5, flying triple 78/4 = 19.5; triple
 * 69-8 = 61, backflip and side flip 62-8 = 54 (no flag); long jump 30-4 = 26 (it has the flag but
 * apply_gravity's long-jump branch comes first).  Boundary: jump at fwd 8 (vy 44) held 6 frames
 * reaches vy 20 exactly when A goes up on frame 6: not > 20, so -4 -> 16; held 5, A goes up at
 * vy 24 -> 6. */
Test(sm64, claim4_a_release)
{
	uint8_t in[8];
	double c[8];
	hold(in, 8, 1);
	const struct { int action; double vy; int release; } k[] = {
		{ JUMP, 9.5, 1 }, { DOUBLE, 12, 1 }, { WALL_KICK, 14.5, 1 }, { FLY_TRIPLE, 19.5, 1 },
		{ TRIPLE, 61, 0 }, { BACKFLIP, 54, 0 }, { SIDE_FLIP, 54, 0 }, { LONG_JUMP, 26, 0 },
	};
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
		cols(k[i].action, 0, US, 0, in, 2, "vy", c);
		cr_expect_eq(c[1], k[i].vy, "action %d: vy %.9g", k[i].action, c[1]);
		js_acc a = run(k[i].action, 0, US, 0, in, 8);
		cr_expect_eq((a.flags & F_A_RELEASE) != 0, k[i].release, "action %d flag", k[i].action);
	}
	/* a divide happens again while vy stays above 20: flying triple 82 -> 78 -> 19.5 */
	hold(in, 8, 6);
	cols(JUMP, 8, US, 0, in, 7, "vy", c);
	cr_expect_eq(c[5], 20.0);
	cr_expect_eq(c[6], 16.0, "vy 20 is not > 20: normal gravity");
	hold(in, 8, 5);
	cols(JUMP, 8, US, 0, in, 6, "vy", c);
	cr_expect_eq(c[4], 24.0);
	cr_expect_eq(c[5], 6.0, "24 / 4");
	/* re-pressing A does not bring the rise back: the divide is per frame of A up */
	seq(in, 8, "J.J");
	cols(JUMP, 0, US, 0, in, 3, "vy", c);
	cr_expect_eq(c[1], 9.5);
	cr_expect_eq(c[2], 5.5);
}

/* Claim 5 (sm64/double-jump).  The tapped standing jump lands on frame 11 (L): its landing
 * action ACT_JUMP_LAND runs on L+1..L+3 (actionTimer 1..3, A -> double jump), and on L+4
 * actionTimer reaches numFrames 4, so ACT_JUMP_LAND_STOP runs in the same frame; each of those 4
 * frames sets doubleJumpTimer = 5; update_mario_inputs counts it down first thing each frame (L+5:
 * 4 ... L+9: 0), and the stop action's set_jump_from_landing doubles while it is nonzero
 * (prevAction ACT_JUMP_LAND).  So presses on frames 12..19 double-jump (52 + fwd/4, fwd 0 after
 * the stop action's stationary step: 52), frame 20 single-jumps (42). */
Test(sm64, claim5_double_jump_window)
{
	uint8_t in[40];
	double c[40 * 4];
	seq(in, 40, "J");
	cols(JUMP, 0, US, 0, in, 22, "y,action,timer,double_jump_timer", c);
	cr_expect_eq(c[11 * 4 + 1], ACT_JUMP_LAND);
	for (int k = 1; k <= 3; k++) {
		cr_expect_eq(c[(11 + k) * 4 + 1], ACT_JUMP_LAND, "L+%d", k);
		cr_expect_eq(c[(11 + k) * 4 + 2], k, "L+%d actionTimer", k);
		cr_expect_eq(c[(11 + k) * 4 + 3], 5, "L+%d doubleJumpTimer", k);
	}
	cr_expect_eq(c[15 * 4 + 1], ACT_JUMP_LAND_STOP, "the landing lasts 4 frames");
	cr_expect_eq(c[15 * 4 + 3], 5);
	for (int k = 5; k <= 9; k++)
		cr_expect_eq(c[(11 + k) * 4 + 3], 9 - k, "L+%d doubleJumpTimer", k);
	for (int f = 12; f <= 21; f++) {
		char s[40];
		memset(s, '.', sizeof s);
		s[0] = 'J';
		s[f] = 'J';
		s[f + 1] = 0;
		seq(in, 40, s);
		cols(JUMP, 0, US, 0, in, f + 1, "y,action", c);
		double want = f <= 19 ? 52.0 : 42.0;
		cr_expect_eq(c[f * 2], want, "press on frame %d (L+%d): y %.9g", f, f - 11, c[f * 2]);
		cr_expect_eq(c[f * 2 + 1], f <= 19 ? ACT_DOUBLE_JUMP : ACT_JUMP, "frame %d", f);
	}
	/* With speed: jump at fwd 40 tapped lands on frame 13 at fwd 27.0999947; a press on L+1 comes
	 * before the landing's deceleration: vy = 52 + 27.0999947 * 0.25. */
	seq(in, 40, "J.............J");
	cols(JUMP, 40, US, 0, in, 15, "y", c);
	cr_expect_eq((float)c[14], quarter_sum(f32(52.0f + 27.0999947f * 0.25f)));
	/* A side flip landing doubles on its own landing frames (aPressedAction ACT_DOUBLE_JUMP),
	 * but its stop action's set_jump_from_landing sees prevAction ACT_SIDE_FLIP_LAND: a jump. */
	seq(in, 40, "J");
	cols(SIDE_FLIP, 0, US, 0, in, 40, "action", c);
	int L = -1;
	for (int f = 0; f < 40 && L < 0; f++)
		if (c[f] == ACT_SIDE_FLIP_LAND)
			L = f;
	cr_assert_geq(L, 0);
	char s[48];
	memset(s, '.', sizeof s);
	s[0] = 'J';
	s[L + 1] = 'J';
	s[L + 2] = 0;
	seq(in, 40, s);
	cols(SIDE_FLIP, 0, US, 0, in, L + 2, "action", c);
	cr_expect_eq(c[L + 1], ACT_DOUBLE_JUMP, "side flip land + A: double jump");
	memset(s, '.', sizeof s);
	s[0] = 'J';
	s[L + 5] = 'J';
	s[L + 6] = 0;
	seq(in, 40, s);
	cols(SIDE_FLIP, 0, US, 0, in, L + 6, "action", c);
	cr_expect_eq(c[L + 5], ACT_JUMP, "side flip land stop + A: single jump");
}

/* Claim 6 (sm64/triple-jump).  Double jumps tapped from fwd 31 and 32 land on frame 14 at fwd
 * 19.5499954 and 20.3499947 (cross-checked in Python): a press on L+1 single-jumps (42 +
 * 19.5499954/4) from the first and triple-jumps (69) from the second.  The triple takes off at
 * 69 whatever the speed and releasing A does not cut it; the flying triple (wing cap) at 82. */
Test(sm64, claim6_triple_jump)
{
	uint8_t in[40];
	double c[40 * 3];
	seq(in, 40, "J..............J");
	cols(DOUBLE, 31, US, 0, in, 16, "y,fwd,action", c);
	cr_expect_eq(c[14 * 3 + 2], ACT_DOUBLE_JUMP_LAND);
	cr_expect_eq((float)c[14 * 3 + 1], 19.5499954f);
	cr_expect_eq(c[15 * 3 + 2], ACT_JUMP);
	cr_expect_eq((float)c[15 * 3 + 0], quarter_sum(f32(42.0f + 19.5499954f * 0.25f)));
	cols(DOUBLE, 32, US, 0, in, 16, "y,fwd,action", c);
	cr_expect_eq((float)c[14 * 3 + 1], 20.3499947f);
	cr_expect_eq(c[15 * 3 + 2], ACT_TRIPLE_JUMP);
	cr_expect_eq(c[15 * 3 + 0], 69.0);
	cr_expect_eq((float)c[15 * 3 + 1], f32(20.3499947f * 0.8f - 0.35f), "fwd * 0.8, then drag");
	for (int fwd = 0; fwd <= 100; fwd += 25) {
		hold(in, 40, 1);
		cols(TRIPLE, fwd, US, 0, in, 2, "y,vy", c);
		cr_expect_eq(c[0], 69.0, "fwd %d", fwd);
		cr_expect_eq(c[3], 61.0, "A up: no divide");
		cols(FLY_TRIPLE, fwd, US, 0, in, 1, "y", c);
		cr_expect_eq(c[0], 82.0, "fwd %d", fwd);
	}
	/* With the wing cap the double-jump land always chains into the flying triple jump: from the
	 * flying triple, Z on frame 5 (ground pound), the pound lands, ground pound land -> butt
	 * slide stop -> idle; then a jump (wing cap on), a double on its L+1 and A on the double's L+1. */
	char s[200];
	memset(s, '.', sizeof s);
	memcpy(s, "JJJJJZ", 6);
	s[199] = 0;
	uint8_t big[200];
	seq(big, 200, s);
	double col[200 * 2];
	cols(FLY_TRIPLE, 0, US, 0, big, 200, "action,y", col);
	int idle = -1;
	for (int f = 0; f < 200 && idle < 0; f++)
		if (col[f * 2] == ACT_IDLE)
			idle = f;
	cr_assert_geq(idle, 0, "reaches ACT_IDLE");
	s[idle + 1] = 'J';
	seq(big, 200, s);
	cols(FLY_TRIPLE, 0, US, 0, big, 200, "action,y", col);
	int L1 = -1;
	for (int f = idle + 2; f < 200 && L1 < 0; f++)
		if (col[f * 2] == ACT_JUMP_LAND)
			L1 = f;
	cr_assert_geq(L1, 0);
	s[L1 + 1] = 'J';
	seq(big, 200, s);
	cols(FLY_TRIPLE, 0, US, 0, big, 200, "action,y", col);
	cr_expect_eq(col[(L1 + 1) * 2], ACT_DOUBLE_JUMP);
	int L2 = -1;
	for (int f = L1 + 2; f < 200 && L2 < 0; f++)
		if (col[f * 2] == ACT_DOUBLE_JUMP_LAND)
			L2 = f;
	cr_assert_geq(L2, 0);
	s[L2 + 1] = 'J';
	seq(big, 200, s);
	cols(FLY_TRIPLE, 0, US, 0, big, 200, "action,y", col);
	cr_expect_eq(col[(L2 + 1) * 2], ACT_FLYING_TRIPLE_JUMP, "wing cap: flying triple at any speed");
	cr_expect_eq(col[(L2 + 1) * 2 + 1], 82.0);
}

/* Claim 7 (sm64/long-jump): take-off vy 30, fwd * 1.5 capped at 48, gravity 2 (claim 3).  fwd
 * 20: 30 - 0.35 = 29.65; fwd 40: 60 -> 48, - 0.35 = 47.65 (not above the long jump's drag
 * threshold 48); fwd 33: 49.5 -> 48 -> 47.65.  The crouch slide before it (Z while running, A
 * within 30 frames at fwd > 10) is not modelled: the axis starts the long jump. */
Test(sm64, claim7_long_jump)
{
	uint8_t in[4];
	double c[4 * 3];
	hold(in, 4, 4);
	const struct { int fwd; float after; } k[] = {
		{ 0, 0.0f }, { 20, 30.0f - 0.35f }, { 32, 48.0f - 0.35f }, { 33, 48.0f - 0.35f },
		{ 40, 48.0f - 0.35f }, { 1000, 48.0f - 0.35f },
	};
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
		cols(LONG_JUMP, k[i].fwd, US, 0, in, 1, "y,vy,fwd", c);
		cr_expect_eq(c[0], 30.0, "fwd %d", k[i].fwd);
		cr_expect_eq(c[1], 28.0);
		cr_expect_eq((float)c[2], k[i].after, "fwd %d: %.9g", k[i].fwd, c[2]);
	}
}

/* Claim 8 (sm64/blj).  A backward speed is multiplied by 1.5 with no cap: fwd -100 -> -150,
 * then the frame's drag: -150 + 0.35 + 2 = -147.65.  The long-jump landing chains into another
 * long jump on A with Z held (A every other frame, Z always: "BZBZ..."): from fwd -400 the long
 * jumps take off on frames 0, 32, 64 with the landing speeds -400, -527.150757, -717.876892
 * (x1.5 each time; cross-checked in Python); Z released ("BJBJ"): no chain.  SH: the landing
 * first sets the negative speed to 0, so the second long jump starts at 0. */
Test(sm64, claim8_blj)
{
	uint8_t in[200];
	double c[200 * 3];
	hold(in, 4, 4);
	cols(LONG_JUMP, -100, US, 0, in, 1, "fwd", c);
	cr_expect_eq((float)c[0], (-150.0f + 0.35f) + 2.0f);
	char s[201];
	for (int f = 0; f < 200; f++)
		s[f] = (f & 1) ? 'Z' : 'B';
	s[200] = 0;
	seq(in, 200, s);
	cols(LONG_JUMP, -400, US, 0, in, 100, "y,fwd,action", c);
	const int take[3] = { 0, 32, 64 };
	const float land_fwd[3] = { -400.0f, -527.150757f, -717.876892f };
	for (int i = 0; i < 3; i++) {
		int f = take[i];
		cr_expect_eq(c[f * 3 + 2], ACT_LONG_JUMP, "long jump on frame %d", f);
		cr_expect_eq(c[f * 3 + 0], 30.0);
		if (i > 0) {
			cr_expect_eq(c[(f - 1) * 3 + 2], ACT_LONG_JUMP_LAND);
			cr_expect_eq((float)c[(f - 1) * 3 + 1], land_fwd[i], "landing speed %.9g",
				     c[(f - 1) * 3 + 1]);
		}
		float want = ((land_fwd[i] * 1.5f) + 0.35f) + 2.0f;
		cr_expect_eq((float)c[f * 3 + 1], want, "take-off %d: fwd %.9g", i, c[f * 3 + 1]);
	}
	/* SH: the landing frame clamps the speed to 0 (flag blj_clamp); the chain still happens */
	cols(LONG_JUMP, -400, SH, 0, in, 40, "y,fwd,action", c);
	cr_expect_eq(c[31 * 3 + 1], 0.0);
	cr_expect_eq(c[32 * 3 + 2], ACT_LONG_JUMP);
	cr_expect_eq(c[32 * 3 + 1], 0.0);
	int32_t ax[4] = { LONG_JUMP, -400, SH, 1 };
	js_acc a;
	js_reference_run(sm64(), ax, in, 200, &a);
	cr_expect(a.flags & F_BLJ_CLAMP);
	ax[VERSION] = JP;
	js_reference_run(sm64(), ax, in, 200, &a);
	cr_expect_eq(a.flags & F_BLJ_CLAMP, 0, "JP builds keep the speed");
	/* without Z the landing clears A: no chain (the stop action's A, on L+6, is a plain jump) */
	for (int f = 0; f < 200; f++)
		s[f] = (f & 1) ? '.' : 'J';
	seq(in, 200, s);
	cols(LONG_JUMP, -400, US, 0, in, 40, "action", c);
	for (int f = 31; f < 40; f++)
		cr_expect_neq(c[f], ACT_LONG_JUMP, "frame %d", f);
	/* In the air: 0.35 toward 0, +2 while below -16: -147.65 -> -145.3 -> ... */
	seq(in, 200, "B");
	cols(LONG_JUMP, -100, US, 0, in, 3, "fwd", c);
	cr_expect_eq((float)c[1], (((float)c[0] + 0.35f) + 2.0f));
	cr_expect_eq((float)c[2], (((float)c[1] + 0.35f) + 2.0f));
}

/* Claim 9 (sm64/wall-kick): vy 62, fwd at least 24; it has ACT_FLAG_CONTROL_JUMP_HEIGHT (claim 4).
 * Walls (ACT_AIR_HIT_WALL, its 2-frame window, wallKickTimer) are not modelled: the axis starts
 * the kick. */
Test(sm64, claim9_wall_kick)
{
	uint8_t in[4];
	double c[4 * 3];
	hold(in, 4, 4);
	cols(WALL_KICK, 0, US, 0, in, 1, "y,vy,fwd", c);
	cr_expect_eq(c[0], 62.0);
	cr_expect_eq(c[1], 58.0);
	cr_expect_eq((float)c[2], 24.0f - 0.35f);
	cols(WALL_KICK, 30, US, 0, in, 1, "y,vy,fwd", c);
	cr_expect_eq(c[0], 62.0);
	cr_expect_eq((float)c[2], 30.0f - 0.35f);
}

/* Claim 10 (sm64/ground-pound).  From the floor (axis): rises 20 - 2t on t = 0..9: 20, 38, 54,
 * 68, 80, 90, 98, 104, 108, 110; holds at 110 until actionTimer reaches loopEnd 11 + 4 = 15
 * (frames 10..14); falls from -50: frame 15 y 110 - 4 x 12.5 = 60, vy -54; frame 16 y 6, vy -58;
 * frame 17 lands on the first quarter step.  From a jump (fwd 40, A held, Z on frame 3): y is 52 +
 * 48 + 44 = 144 when the pound starts; forward speed 0 at once; 110 more. */
Test(sm64, claim10_ground_pound)
{
	uint8_t in[40];
	double c[40 * 3];
	hold(in, 40, 1);
	cols(GROUND_POUND, 0, US, 0, in, 18, "y,vy,fwd", c);
	const double y[18] = { 20, 38, 54, 68, 80, 90, 98, 104, 108, 110, 110, 110, 110, 110, 110,
			       60, 6, 0 };
	for (int f = 0; f < 18; f++)
		cr_expect_eq(c[f * 3], y[f], "frame %d y %.9g", f, c[f * 3]);
	cr_expect_eq(c[14 * 3 + 1], -50.0);
	cr_expect_eq(c[15 * 3 + 1], -54.0);
	cr_expect_eq(c[16 * 3 + 1], -58.0);
	js_acc a = run(GROUND_POUND, 0, US, 0, in, 40);
	cr_expect_eq(a.rise, (int64_t)(110 * SUB));
	cr_expect_eq(a.apex_frame, 9);
	cr_expect_eq(a.airtime, 18);
	seq(in, 40, "JJJB");
	cols(JUMP, 40, US, 0, in, 22, "y,vy,fwd", c);
	cr_expect_eq(c[2 * 3], 144.0);
	cr_expect_eq(c[3 * 3], 164.0);
	cr_expect_eq(c[3 * 3 + 1], -50.0);
	cr_expect_eq(c[3 * 3 + 2], 0.0, "Mario stops dead");
	cr_expect_eq(c[12 * 3], 254.0);
	cr_expect_eq(c[17 * 3], 254.0, "still holding on the 15th pound frame");
	cr_expect_eq(c[18 * 3], 204.0, "falls from -50");
	/* the long jump has no ground pound */
	seq(in, 40, "JJJB");
	cols(LONG_JUMP, 0, US, 0, in, 4, "vy", c);
	cr_expect_eq(c[3 * 1], 22.0);
	/* from flight (actionArg 1): MARIO_ANIM_TRIPLE_JUMP_GROUND_POUND's loopEnd 16 + 4 = 20 frames */
	uint8_t big[120];
	memset(big, 0, sizeof big);
	big[0] = JS_IN_JUMP;
	big[60] = JS_IN_Z;
	double cc[120 * 2];
	cols(FLY_TRIPLE, 0, US, 0, big, 90, "action,vy", cc);
	cr_expect_eq(cc[59 * 2], ACT_FLYING);
	cr_expect_eq(cc[60 * 2], ACT_GROUND_POUND);
	cr_expect_eq(cc[79 * 2 + 1], -50.0, "20th pound frame: still holding");
	cr_expect_eq(cc[80 * 2 + 1], -54.0, "21st: falling");
}

/* Held and tapped standing jumps, by hand.  Held: y after frame k = 42(k+1) - 2k(k+1): apex 242
 * on frame 10 (vy 2 -> -2), lands on frame 21 (y 42, vy -42: the 4th quarter step reaches 0).
 * Tapped: frame 1 moves 38 then divides: 80 / 9.5; 89.5 / 5.5; 95 / 1.5; 96.5 / -2.5 (apex, frame
 * 4); ... 21.5 / -26.5 on frame 10; frame 11 lands on the 4th quarter step (1.625 - 6.625 < 0). */
Test(sm64, held_and_tapped_by_hand)
{
	uint8_t in[30];
	double c[30 * 2];
	hold(in, 30, 30);
	cols(JUMP, 0, US, 0, in, 22, "y,vy", c);
	for (int k = 0; k <= 20; k++)
		cr_expect_eq(c[k * 2], 42.0 * (k + 1) - 2.0 * k * (k + 1), "frame %d", k);
	cr_expect_eq(c[21 * 2], 0.0);
	js_acc a = run(JUMP, 0, US, 0, in, 30);
	cr_expect_eq(a.rise, (int64_t)(242 * SUB));
	cr_expect_eq(a.apex_frame, 10);
	cr_expect_eq(a.airtime, 22);
	hold(in, 30, 1);
	cols(JUMP, 0, US, 0, in, 12, "y,vy", c);
	const double y[12] = { 42, 80, 89.5, 95, 96.5, 94, 87.5, 77, 62.5, 44, 21.5, 0 };
	const double vy[11] = { 38, 9.5, 5.5, 1.5, -2.5, -6.5, -10.5, -14.5, -18.5, -22.5, -26.5 };
	for (int f = 0; f < 12; f++)
		cr_expect_eq(c[f * 2], y[f], "frame %d", f);
	for (int f = 0; f < 11; f++)
		cr_expect_eq(c[f * 2 + 1], vy[f], "frame %d", f);
	a = run(JUMP, 0, US, 0, in, 30);
	cr_expect_eq(a.rise, (int64_t)(96.5 * SUB));
	cr_expect_eq(a.apex_frame, 4);
	cr_expect_eq(a.airtime, 12);
}

/* Whole jumps (rise in 2^-23 units, apex frame, airtime) for every action at 8 speeds and 4
 * holds, 400 frames: the independent Python implementation computed the same 288 results. */
Test(sm64, whole_jumps_cross_checked)
{
	static const struct { int action, fwd, hold; long long rise; int apex, air; } k[] = {
		{ 0, 0, 1, 809500672LL, 4, 12 },
		{ 0, 0, 3, 1300234240LL, 5, 16 },
		{ 0, 0, 6, 2030043136LL, 10, 22 },
		{ 0, 0, 20, 2030043136LL, 10, 22 },
		{ 0, 16, 1, 901775360LL, 4, 13 },
		{ 0, 16, 3, 1455423488LL, 6, 16 },
		{ 0, 16, 6, 2055208960LL, 8, 20 },
		{ 0, 16, 20, 2415919104LL, 11, 24 },
		{ 0, 20, 1, 924844032LL, 4, 13 },
		{ 0, 20, 3, 1495269376LL, 6, 17 },
		{ 0, 20, 6, 2118123520LL, 8, 21 },
		{ 0, 20, 20, 2516582400LL, 11, 25 },
		{ 0, 21, 1, 930611200LL, 4, 13 },
		{ 0, 21, 3, 1505230848LL, 6, 17 },
		{ 0, 21, 6, 2133852160LL, 8, 21 },
		{ 0, 21, 20, 2541748224LL, 11, 25 },
		{ 0, 33, 1, 999817216LL, 4, 14 },
		{ 0, 33, 3, 1624768512LL, 6, 17 },
		{ 0, 33, 6, 2322595840LL, 8, 21 },
		{ 0, 33, 20, 2862612480LL, 12, 27 },
		{ 0, 40, 1, 1040187392LL, 4, 14 },
		{ 0, 40, 3, 1694498816LL, 6, 18 },
		{ 0, 40, 6, 2432696320LL, 8, 22 },
		{ 0, 40, 20, 3053453312LL, 12, 27 },
		{ 0, 100, 1, 1417674752LL, 5, 16 },
		{ 0, 100, 3, 2306867200LL, 7, 20 },
		{ 0, 100, 6, 3399483392LL, 9, 25 },
		{ 0, 100, 20, 4991221760LL, 16, 35 },
		{ 0, -100, 1, 377487360LL, 4, 10 },
		{ 0, -100, 3, 377487360LL, 4, 10 },
		{ 0, -100, 6, 377487360LL, 4, 10 },
		{ 0, -100, 20, 377487360LL, 4, 10 },
		{ 1, 0, 1, 1040187392LL, 4, 14 },
		{ 1, 0, 3, 1694498816LL, 6, 18 },
		{ 1, 0, 6, 2432696320LL, 8, 22 },
		{ 1, 0, 20, 3053453312LL, 12, 27 },
		{ 1, 16, 1, 1140850688LL, 5, 14 },
		{ 1, 16, 3, 1853882368LL, 6, 18 },
		{ 1, 16, 6, 2684354560LL, 8, 23 },
		{ 1, 16, 20, 3523215360LL, 13, 29 },
		{ 1, 20, 1, 1166016512LL, 5, 15 },
		{ 1, 20, 3, 1893728256LL, 6, 18 },
		{ 1, 20, 6, 2749366272LL, 9, 23 },
		{ 1, 20, 20, 3649044480LL, 14, 30 },
		{ 1, 21, 1, 1172307968LL, 5, 15 },
		{ 1, 21, 3, 1903689728LL, 6, 18 },
		{ 1, 21, 6, 2765619200LL, 9, 23 },
		{ 1, 21, 20, 3680501760LL, 14, 30 },
		{ 1, 33, 1, 1247805440LL, 5, 15 },
		{ 1, 33, 3, 2023751680LL, 7, 19 },
		{ 1, 33, 6, 2960654336LL, 9, 24 },
		{ 1, 33, 20, 4060086272LL, 15, 32 },
		{ 1, 40, 1, 1291845632LL, 5, 15 },
		{ 1, 40, 3, 2097152000LL, 7, 19 },
		{ 1, 40, 6, 3074424832LL, 9, 24 },
		{ 1, 40, 20, 4294967296LL, 15, 32 },
		{ 1, 100, 1, 1688207360LL, 6, 18 },
		{ 1, 100, 3, 2728394752LL, 8, 22 },
		{ 1, 100, 6, 4060086272LL, 10, 27 },
		{ 1, 100, 20, 6543114240LL, 19, 40 },
		{ 1, -100, 1, 482344960LL, 3, 10 },
		{ 1, -100, 3, 880803840LL, 6, 15 },
		{ 1, -100, 6, 880803840LL, 6, 15 },
		{ 1, -100, 20, 880803840LL, 6, 15 },
		{ 2, 0, 1, 5284823040LL, 17, 36 },
		{ 2, 0, 3, 5284823040LL, 17, 36 },
		{ 2, 0, 6, 5284823040LL, 17, 36 },
		{ 2, 0, 20, 5284823040LL, 17, 36 },
		{ 2, 16, 1, 5284823040LL, 17, 36 },
		{ 2, 16, 3, 5284823040LL, 17, 36 },
		{ 2, 16, 6, 5284823040LL, 17, 36 },
		{ 2, 16, 20, 5284823040LL, 17, 36 },
		{ 2, 20, 1, 5284823040LL, 17, 36 },
		{ 2, 20, 3, 5284823040LL, 17, 36 },
		{ 2, 20, 6, 5284823040LL, 17, 36 },
		{ 2, 20, 20, 5284823040LL, 17, 36 },
		{ 2, 21, 1, 5284823040LL, 17, 36 },
		{ 2, 21, 3, 5284823040LL, 17, 36 },
		{ 2, 21, 6, 5284823040LL, 17, 36 },
		{ 2, 21, 20, 5284823040LL, 17, 36 },
		{ 2, 33, 1, 5284823040LL, 17, 36 },
		{ 2, 33, 3, 5284823040LL, 17, 36 },
		{ 2, 33, 6, 5284823040LL, 17, 36 },
		{ 2, 33, 20, 5284823040LL, 17, 36 },
		{ 2, 40, 1, 5284823040LL, 17, 36 },
		{ 2, 40, 3, 5284823040LL, 17, 36 },
		{ 2, 40, 6, 5284823040LL, 17, 36 },
		{ 2, 40, 20, 5284823040LL, 17, 36 },
		{ 2, 100, 1, 5284823040LL, 17, 36 },
		{ 2, 100, 3, 5284823040LL, 17, 36 },
		{ 2, 100, 6, 5284823040LL, 17, 36 },
		{ 2, 100, 20, 5284823040LL, 17, 36 },
		{ 2, -100, 1, 5284823040LL, 17, 36 },
		{ 2, -100, 3, 5284823040LL, 17, 36 },
		{ 2, -100, 6, 5284823040LL, 17, 36 },
		{ 2, -100, 20, 5284823040LL, 17, 36 },
		{ 3, 0, 1, 4294967296LL, 15, 32 },
		{ 3, 0, 3, 4294967296LL, 15, 32 },
		{ 3, 0, 6, 4294967296LL, 15, 32 },
		{ 3, 0, 20, 4294967296LL, 15, 32 },
		{ 3, 16, 1, 4294967296LL, 15, 32 },
		{ 3, 16, 3, 4294967296LL, 15, 32 },
		{ 3, 16, 6, 4294967296LL, 15, 32 },
		{ 3, 16, 20, 4294967296LL, 15, 32 },
		{ 3, 20, 1, 4294967296LL, 15, 32 },
		{ 3, 20, 3, 4294967296LL, 15, 32 },
		{ 3, 20, 6, 4294967296LL, 15, 32 },
		{ 3, 20, 20, 4294967296LL, 15, 32 },
		{ 3, 21, 1, 4294967296LL, 15, 32 },
		{ 3, 21, 3, 4294967296LL, 15, 32 },
		{ 3, 21, 6, 4294967296LL, 15, 32 },
		{ 3, 21, 20, 4294967296LL, 15, 32 },
		{ 3, 33, 1, 4294967296LL, 15, 32 },
		{ 3, 33, 3, 4294967296LL, 15, 32 },
		{ 3, 33, 6, 4294967296LL, 15, 32 },
		{ 3, 33, 20, 4294967296LL, 15, 32 },
		{ 3, 40, 1, 4294967296LL, 15, 32 },
		{ 3, 40, 3, 4294967296LL, 15, 32 },
		{ 3, 40, 6, 4294967296LL, 15, 32 },
		{ 3, 40, 20, 4294967296LL, 15, 32 },
		{ 3, 100, 1, 4294967296LL, 15, 32 },
		{ 3, 100, 3, 4294967296LL, 15, 32 },
		{ 3, 100, 6, 4294967296LL, 15, 32 },
		{ 3, 100, 20, 4294967296LL, 15, 32 },
		{ 3, -100, 1, 4294967296LL, 15, 32 },
		{ 3, -100, 3, 4294967296LL, 15, 32 },
		{ 3, -100, 6, 4294967296LL, 15, 32 },
		{ 3, -100, 20, 4294967296LL, 15, 32 },
		{ 4, 0, 1, 4294967296LL, 15, 32 },
		{ 4, 0, 3, 4294967296LL, 15, 32 },
		{ 4, 0, 6, 4294967296LL, 15, 32 },
		{ 4, 0, 20, 4294967296LL, 15, 32 },
		{ 4, 16, 1, 4294967296LL, 15, 32 },
		{ 4, 16, 3, 4294967296LL, 15, 32 },
		{ 4, 16, 6, 4294967296LL, 15, 32 },
		{ 4, 16, 20, 4294967296LL, 15, 32 },
		{ 4, 20, 1, 4294967296LL, 15, 32 },
		{ 4, 20, 3, 4294967296LL, 15, 32 },
		{ 4, 20, 6, 4294967296LL, 15, 32 },
		{ 4, 20, 20, 4294967296LL, 15, 32 },
		{ 4, 21, 1, 4294967296LL, 15, 32 },
		{ 4, 21, 3, 4294967296LL, 15, 32 },
		{ 4, 21, 6, 4294967296LL, 15, 32 },
		{ 4, 21, 20, 4294967296LL, 15, 32 },
		{ 4, 33, 1, 4294967296LL, 15, 32 },
		{ 4, 33, 3, 4294967296LL, 15, 32 },
		{ 4, 33, 6, 4294967296LL, 15, 32 },
		{ 4, 33, 20, 4294967296LL, 15, 32 },
		{ 4, 40, 1, 4294967296LL, 15, 32 },
		{ 4, 40, 3, 4294967296LL, 15, 32 },
		{ 4, 40, 6, 4294967296LL, 15, 32 },
		{ 4, 40, 20, 4294967296LL, 15, 32 },
		{ 4, 100, 1, 4294967296LL, 15, 32 },
		{ 4, 100, 3, 4294967296LL, 15, 32 },
		{ 4, 100, 6, 4294967296LL, 15, 32 },
		{ 4, 100, 20, 4294967296LL, 15, 32 },
		{ 4, -100, 1, 4294967296LL, 15, 32 },
		{ 4, -100, 3, 4294967296LL, 15, 32 },
		{ 4, -100, 6, 4294967296LL, 15, 32 },
		{ 4, -100, 20, 4294967296LL, 15, 32 },
		{ 5, 0, 1, 2013265920LL, 14, 31 },
		{ 5, 0, 3, 2013265920LL, 14, 31 },
		{ 5, 0, 6, 2013265920LL, 14, 31 },
		{ 5, 0, 20, 2013265920LL, 14, 31 },
		{ 5, 16, 1, 2013265920LL, 14, 31 },
		{ 5, 16, 3, 2013265920LL, 14, 31 },
		{ 5, 16, 6, 2013265920LL, 14, 31 },
		{ 5, 16, 20, 2013265920LL, 14, 31 },
		{ 5, 20, 1, 2013265920LL, 14, 31 },
		{ 5, 20, 3, 2013265920LL, 14, 31 },
		{ 5, 20, 6, 2013265920LL, 14, 31 },
		{ 5, 20, 20, 2013265920LL, 14, 31 },
		{ 5, 21, 1, 2013265920LL, 14, 31 },
		{ 5, 21, 3, 2013265920LL, 14, 31 },
		{ 5, 21, 6, 2013265920LL, 14, 31 },
		{ 5, 21, 20, 2013265920LL, 14, 31 },
		{ 5, 33, 1, 2013265920LL, 14, 31 },
		{ 5, 33, 3, 2013265920LL, 14, 31 },
		{ 5, 33, 6, 2013265920LL, 14, 31 },
		{ 5, 33, 20, 2013265920LL, 14, 31 },
		{ 5, 40, 1, 2013265920LL, 14, 31 },
		{ 5, 40, 3, 2013265920LL, 14, 31 },
		{ 5, 40, 6, 2013265920LL, 14, 31 },
		{ 5, 40, 20, 2013265920LL, 14, 31 },
		{ 5, 100, 1, 2013265920LL, 14, 31 },
		{ 5, 100, 3, 2013265920LL, 14, 31 },
		{ 5, 100, 6, 2013265920LL, 14, 31 },
		{ 5, 100, 20, 2013265920LL, 14, 31 },
		{ 5, -100, 1, 2013265920LL, 14, 31 },
		{ 5, -100, 3, 2013265920LL, 14, 31 },
		{ 5, -100, 6, 2013265920LL, 14, 31 },
		{ 5, -100, 20, 2013265920LL, 14, 31 },
		{ 6, 0, 1, 1291845632LL, 5, 15 },
		{ 6, 0, 3, 2097152000LL, 7, 19 },
		{ 6, 0, 6, 3074424832LL, 9, 24 },
		{ 6, 0, 20, 4294967296LL, 15, 32 },
		{ 6, 16, 1, 1291845632LL, 5, 15 },
		{ 6, 16, 3, 2097152000LL, 7, 19 },
		{ 6, 16, 6, 3074424832LL, 9, 24 },
		{ 6, 16, 20, 4294967296LL, 15, 32 },
		{ 6, 20, 1, 1291845632LL, 5, 15 },
		{ 6, 20, 3, 2097152000LL, 7, 19 },
		{ 6, 20, 6, 3074424832LL, 9, 24 },
		{ 6, 20, 20, 4294967296LL, 15, 32 },
		{ 6, 21, 1, 1291845632LL, 5, 15 },
		{ 6, 21, 3, 2097152000LL, 7, 19 },
		{ 6, 21, 6, 3074424832LL, 9, 24 },
		{ 6, 21, 20, 4294967296LL, 15, 32 },
		{ 6, 33, 1, 1291845632LL, 5, 15 },
		{ 6, 33, 3, 2097152000LL, 7, 19 },
		{ 6, 33, 6, 3074424832LL, 9, 24 },
		{ 6, 33, 20, 4294967296LL, 15, 32 },
		{ 6, 40, 1, 1291845632LL, 5, 15 },
		{ 6, 40, 3, 2097152000LL, 7, 19 },
		{ 6, 40, 6, 3074424832LL, 9, 24 },
		{ 6, 40, 20, 4294967296LL, 15, 32 },
		{ 6, 100, 1, 1291845632LL, 5, 15 },
		{ 6, 100, 3, 2097152000LL, 7, 19 },
		{ 6, 100, 6, 3074424832LL, 9, 24 },
		{ 6, 100, 20, 4294967296LL, 15, 32 },
		{ 6, -100, 1, 1291845632LL, 5, 15 },
		{ 6, -100, 3, 2097152000LL, 7, 19 },
		{ 6, -100, 6, 3074424832LL, 9, 24 },
		{ 6, -100, 20, 4294967296LL, 15, 32 },
		{ 8, 0, 1, 1824522240LL, 6, 109 },
		{ 8, 0, 3, 2948595712LL, 8, 138 },
		{ 8, 0, 6, 4395630592LL, 10, 181 },
		{ 8, 0, 20, 7398752256LL, 20, 371 },
		{ 8, 16, 1, 1824522240LL, 6, 109 },
		{ 8, 16, 3, 2948595712LL, 8, 138 },
		{ 8, 16, 6, 4395630592LL, 10, 181 },
		{ 8, 16, 20, 7398752256LL, 20, 371 },
		{ 8, 20, 1, 1824522240LL, 6, 109 },
		{ 8, 20, 3, 2948595712LL, 8, 138 },
		{ 8, 20, 6, 4395630592LL, 10, 181 },
		{ 8, 20, 20, 7398752256LL, 20, 371 },
		{ 8, 21, 1, 1824522240LL, 6, 109 },
		{ 8, 21, 3, 2948595712LL, 8, 138 },
		{ 8, 21, 6, 4395630592LL, 10, 181 },
		{ 8, 21, 20, 7398752256LL, 20, 371 },
		{ 8, 33, 1, 1824522240LL, 6, 109 },
		{ 8, 33, 3, 2948595712LL, 8, 138 },
		{ 8, 33, 6, 4395630592LL, 10, 181 },
		{ 8, 33, 20, 7398752256LL, 20, 371 },
		{ 8, 40, 1, 1824522240LL, 6, 109 },
		{ 8, 40, 3, 2948595712LL, 8, 138 },
		{ 8, 40, 6, 4395630592LL, 10, 181 },
		{ 8, 40, 20, 7398752256LL, 20, 371 },
		{ 8, 100, 1, 23276257280LL, 89, 363 },
		{ 8, 100, 3, 23191115776LL, 90, 0 },
		{ 8, 100, 6, 23473364992LL, 92, 0 },
		{ 8, 100, 20, 21116162048LL, 108, 0 },
		{ 8, -100, 1, 1824522240LL, 6, 109 },
		{ 8, -100, 3, 2948595712LL, 8, 138 },
		{ 8, -100, 6, 4395630592LL, 10, 181 },
		{ 8, -100, 20, 7398752256LL, 20, 371 },
		{ 7, 0, 1, 922746880LL, 9, 18 },
		{ 7, 0, 3, 922746880LL, 9, 18 },
		{ 7, 0, 6, 922746880LL, 9, 18 },
		{ 7, 0, 20, 922746880LL, 9, 18 },
		{ 7, 16, 1, 922746880LL, 9, 18 },
		{ 7, 16, 3, 922746880LL, 9, 18 },
		{ 7, 16, 6, 922746880LL, 9, 18 },
		{ 7, 16, 20, 922746880LL, 9, 18 },
		{ 7, 20, 1, 922746880LL, 9, 18 },
		{ 7, 20, 3, 922746880LL, 9, 18 },
		{ 7, 20, 6, 922746880LL, 9, 18 },
		{ 7, 20, 20, 922746880LL, 9, 18 },
		{ 7, 21, 1, 922746880LL, 9, 18 },
		{ 7, 21, 3, 922746880LL, 9, 18 },
		{ 7, 21, 6, 922746880LL, 9, 18 },
		{ 7, 21, 20, 922746880LL, 9, 18 },
		{ 7, 33, 1, 922746880LL, 9, 18 },
		{ 7, 33, 3, 922746880LL, 9, 18 },
		{ 7, 33, 6, 922746880LL, 9, 18 },
		{ 7, 33, 20, 922746880LL, 9, 18 },
		{ 7, 40, 1, 922746880LL, 9, 18 },
		{ 7, 40, 3, 922746880LL, 9, 18 },
		{ 7, 40, 6, 922746880LL, 9, 18 },
		{ 7, 40, 20, 922746880LL, 9, 18 },
		{ 7, 100, 1, 922746880LL, 9, 18 },
		{ 7, 100, 3, 922746880LL, 9, 18 },
		{ 7, 100, 6, 922746880LL, 9, 18 },
		{ 7, 100, 20, 922746880LL, 9, 18 },
		{ 7, -100, 1, 922746880LL, 9, 18 },
		{ 7, -100, 3, 922746880LL, 9, 18 },
		{ 7, -100, 6, 922746880LL, 9, 18 },
		{ 7, -100, 20, 922746880LL, 9, 18 },
	};
	cr_expect_eq(sizeof k / sizeof k[0], 288);
	uint8_t in[400];
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
		hold(in, 400, k[i].hold);
		js_acc a = run(k[i].action, k[i].fwd, US, 0, in, 400);
		cr_expect_eq(a.rise, k[i].rise, "action %d fwd %d hold %d: rise %lld", k[i].action,
			     k[i].fwd, k[i].hold, (long long)a.rise);
		cr_expect_eq(a.apex_frame, k[i].apex, "action %d fwd %d hold %d: apex %d", k[i].action,
			     k[i].fwd, k[i].hold, a.apex_frame);
		cr_expect_eq(a.airtime, k[i].air, "action %d fwd %d hold %d: airtime %d", k[i].action,
			     k[i].fwd, k[i].hold, a.airtime);
	}
}

/* chain = on: the run goes on while a landing can still chain.  Tapped jump alone: lands on 11,
 * the window (landing frames, then the stop action while doubleJumpTimer > 0) closes on frame 20
 * (doubleJumpTimer 0): airtime 21.  With a press on frame 12 (L+1): the double (52, A up on 13:
 * 100 / 12, 112, 120, 124 on frame 16) lands on frame 25; its window closes on 34: airtime 35,
 * rise 124 (by hand). */
Test(sm64, chain_axis_accounting)
{
	uint8_t in[60];
	seq(in, 60, "J");
	js_acc a = run(JUMP, 0, US, 0, in, 60);
	cr_expect_eq(a.airtime, 12);
	a = run(JUMP, 0, US, 1, in, 60);
	cr_expect_eq(a.airtime, 21);
	cr_expect_eq(a.rise, (int64_t)(96.5 * SUB));
	seq(in, 60, "J...........J");
	a = run(JUMP, 0, US, 0, in, 60);
	cr_expect_eq(a.rise, (int64_t)(96.5 * SUB));
	cr_expect_eq(a.airtime, 12);
	a = run(JUMP, 0, US, 1, in, 60);
	cr_expect_eq(a.rise, (int64_t)(124 * SUB));
	cr_expect_eq(a.apex_frame, 16);
	cr_expect_eq(a.airtime, 35);
	cr_expect(a.flags & F_CHAINED);
	/* the triple jump's landing has no chain: chain = on ends at its landing */
	hold(in, 60, 1);
	js_acc off = run(TRIPLE, 0, US, 0, in, 60), on = run(TRIPLE, 0, US, 1, in, 60);
	cr_expect_eq(off.airtime, on.airtime);
}

/* Backflip chain: the backflip land (4 frames, doubleJumpTimer 0) backflips again on A with Z
 * held; its stop action too while animFrame < 6 (k < 8).  (Z must be down already: a Z press in
 * the air, or on the chain frame itself, makes the backflip's act_backflip ground-pound.)  The
 * long jump's stop action ends on its k = 17th frame (anim_11) into ACT_CROUCHING, where A
 * backflips. */
Test(sm64, backflip_and_crouch_chains)
{
	uint8_t in[120];
	double c[120];
	seq(in, 120, "J");
	cols(BACKFLIP, 0, US, 0, in, 60, "action", c);
	int L = -1;
	for (int f = 0; f < 60 && L < 0; f++)
		if (c[f] == ACT_BACKFLIP_LAND)
			L = f;
	cr_assert_geq(L, 0);
	for (int k = 1; k <= 9; k++) {
		char s[80];
		memset(s, '.', sizeof s); /* Z in the air would ground-pound: hold it from L+1 */
		s[0] = 'J';
		for (int f = L + 1; f < L + k; f++)
			s[f] = 'Z';
		s[L + k] = 'B';
		s[L + k + 1] = 0;
		seq(in, 120, s);
		cols(BACKFLIP, 0, US, 0, in, L + k + 1, "action", c);
		if (k == 1) /* Z pressed on the chain frame: the new backflip's act sees it: pound */
			cr_expect_eq(c[L + k], ACT_GROUND_POUND, "A and a Z press on L+1");
		else
			cr_expect_eq(c[L + k] == ACT_BACKFLIP, k <= 7, "A with Z held on L+%d", k);
		/* without Z: never */
		memset(s, '.', sizeof s);
		s[0] = 'J';
		s[L + k] = 'J';
		s[L + k + 1] = 0;
		seq(in, 120, s);
		cols(BACKFLIP, 0, US, 0, in, L + k + 1, "action", c);
		cr_expect_neq(c[L + k], ACT_BACKFLIP, "A alone on L+%d", k);
	}
	/* long jump (fwd 20: fast) lands, its stop action ends on k 17, crouching: A -> backflip */
	seq(in, 120, "J");
	cols(LONG_JUMP, 20, US, 0, in, 80, "action", c);
	L = -1;
	for (int f = 0; f < 80 && L < 0; f++)
		if (c[f] == ACT_LONG_JUMP_LAND)
			L = f;
	cr_assert_geq(L, 0);
	cr_expect_eq(c[L + 16], ACT_LONG_JUMP_LAND_STOP, "the stop action on k 16");
	cr_expect_eq(c[L + 17], ACT_CROUCHING, "ACT_CROUCHING after the stop's k 17");
	char s[120];
	memset(s, '.', sizeof s);
	s[0] = 'J';
	s[L + 18] = 'J';
	s[L + 19] = 0;
	seq(in, 120, s);
	cols(LONG_JUMP, 20, US, 0, in, L + 19, "action,vy", c);
	cr_expect_eq(c[(L + 18) * 2], ACT_BACKFLIP);
	cr_expect_eq(c[(L + 18) * 2 + 1], 58.0);
}

/* Flags: fall damage (a jump from fwd 1000 peaks near 10,800 and lands at -75), s16 wrap and
 * level edge (US BLJ from -400 passes z -32769 on frame 51, Python), wing-cap gravity (A held
 * while falling with the wing cap: -2 a frame and no faster than -37.5), flight, an A press in
 * the dive slide after a flight (unmodelled). */
Test(sm64, flags)
{
	uint8_t in[800];
	hold(in, 800, 800);
	js_acc a = run(JUMP, 1000, US, 0, in, 800);
	cr_expect(a.flags & F_FALL_DAMAGE);
	cr_expect(a.flags & F_TERMINAL);
	cr_expect_eq(a.flags & F_CEILING, 0, "the fwd axis keeps Mario below the ceiling");
	a = run(JUMP, 100, US, 0, in, 800);
	cr_expect_eq(a.flags & F_FALL_DAMAGE, 0);
	char s[401];
	for (int f = 0; f < 400; f++)
		s[f] = (f & 1) ? 'Z' : 'B';
	s[400] = 0;
	seq(in, 400, s);
	double c[400 * 2];
	cols(LONG_JUMP, -400, US, 1, in, 60, "z,flags", c);
	cr_expect_gt(c[50 * 2], -32769.0);
	cr_expect_leq(c[51 * 2], -32769.0);
	cr_expect(((uint32_t)c[51 * 2 + 1]) & F_S16_WRAP);
	cr_expect_eq(((uint32_t)c[50 * 2 + 1]) & F_S16_WRAP, 0);
	a = run(LONG_JUMP, -400, US, 1, in, 400);
	cr_expect(a.flags & F_S16_WRAP);
	cr_expect(a.flags & F_LEVEL_EDGE);
	cr_expect(a.flags & F_BACKWARD_LJ);
	cr_expect(a.flags & F_CHAINED);
	a = run(LONG_JUMP, -400, SH, 1, in, 400);
	cr_expect_eq(a.flags & F_S16_WRAP, 0, "SH's clamp stops the BLJ");
	cr_expect(a.flags & F_BLJ_CLAMP);
	/* wing cap: ground pound out of the flying triple with A held: -50 -> -52 + 4 = -48, -46,
	 * ... settling at -37.5 */
	seq(in, 400, "JJJJJBJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJ");
	cols(FLY_TRIPLE, 0, US, 0, in, 40, "vy,flags", c);
	cr_expect_eq(c[20 * 2], -48.0);
	cr_expect_eq(c[21 * 2], -46.0);
	cr_expect(((uint32_t)c[20 * 2 + 1]) & F_WING_GRAVITY);
	/* flight: the flying triple without Z (A held 20 frames) glides down into a dive slide */
	hold(in, 400, 20);
	double cc[400 * 3];
	cols(FLY_TRIPLE, 0, US, 0, in, 400, "action,y,flags", cc);
	cr_expect_eq(cc[21 * 3], ACT_FLYING);
	int land = -1;
	for (int f = 0; f < 400 && land < 0; f++)
		if (cc[f * 3] == ACT_DIVE_SLIDE)
			land = f;
	cr_assert_geq(land, 300, "a long glide (%d)", land);
	a = run(FLY_TRIPLE, 0, US, 0, in, 400);
	cr_expect(a.flags & F_FLYING);
	cr_expect_eq(a.airtime, land + 1);
	cr_expect_eq(a.rise, (int64_t)(882 * SUB), "82 + 78 + ... + 2, then the switch frame's 2");
	cr_expect_eq(a.apex_frame, 20);
	in[land + 3] = JS_IN_JUMP;
	cols(FLY_TRIPLE, 0, US, 0, in, land + 4, "action,y,flags", cc);
	cr_expect(((uint32_t)cc[(land + 3) * 3 + 2]) & F_UNMODELLED);
}

/* Heights are exact outside flight: no non-wing run ever rounds (flag height_rounded), over
 * thousands of random runs with chains. */
Test(sm64, heights_exact_outside_flight)
{
	uint64_t seed = 77;
	uint8_t in[400];
	for (int i = 0; i < 3000; i++) {
		int action = (int)(tu_rand(&seed) % 9);
		if (action == FLY_TRIPLE)
			continue;
		int fwd = (int)(tu_rand(&seed) % 1400) - 400;
		for (int f = 0; f < 400; f++)
			in[f] = (uint8_t)(tu_rand(&seed) % 3 == 0 ? tu_rand(&seed) & (JS_IN_JUMP | JS_IN_Z) : 0);
		js_acc a = run(action, fwd, (int)(tu_rand(&seed) % 3), 1, in, 400);
		cr_assert_eq(a.flags & F_HEIGHT_ROUNDED, 0, "action %d fwd %d", action, fwd);
	}
}

/* Every lane of the default grid (all holds 0..default_hold) lands within default_frames. */
Test(sm64, default_grid_lands)
{
	const js_model *m = sm64();
	uint8_t in[1024];
	for (int act = m->axes[ACTION].def_lo; act <= m->axes[ACTION].def_hi; act++)
		for (int fwd = m->axes[FWD].def_lo; fwd <= m->axes[FWD].def_hi; fwd++)
			for (int h = 1; h <= m->default_hold; h++) {
				hold(in, m->default_frames, h);
				js_acc a = run(act, fwd, US, 0, in, m->default_frames);
				cr_assert_eq(a.flags & (JS_FLAG_NOT_LANDED | JS_FLAG_NO_TAKEOFF), 0,
					     "action %d fwd %d hold %d", act, fwd, h);
			}
}

/* ---- lane kernel == reference on every ISA ---- */

static int paths_here(const js_model *m)
{
	int n = 0;
	for (int i = 0; i < JS_ISA_COUNT; i++)
		n += js_isa_available((js_isa)i) && m->lane[i];
	return n;
}

/* Random lanes over realistic ranges: style 0 random buttons every frame, 1 runs of held /
 * released buttons, 2 chains (A every other frame, Z held in stretches). */
static void random_lanes(size_t n, int n_frames, uint64_t seed, int style)
{
	const js_model *m = sm64();
	int32_t *ax = malloc(n * 4 * sizeof *ax);
	uint8_t *in = calloc(n * (size_t)n_frames, 1);
	cr_assert(ax && in);
	for (size_t i = 0; i < n; i++) {
		int32_t *a = ax + i * 4;
		a[ACTION] = (int32_t)(tu_rand(&seed) % 9);
		uint64_t r = tu_rand(&seed) % 4;
		a[FWD] = r == 0 ? (int32_t)(tu_rand(&seed) % 101) - 50
		       : r == 1 ? (int32_t)(tu_rand(&seed) % 1101) - 100
		       : r == 2 ? (int32_t)(tu_rand(&seed) % 3001) - 3000
				: (int32_t)(tu_rand(&seed) % 101001) - 100000;
		a[VERSION] = (int32_t)(tu_rand(&seed) % 3);
		a[CHAIN] = (int32_t)(tu_rand(&seed) % 2);
		uint8_t *x = in + i * (size_t)n_frames;
		unsigned cur = 0;
		for (int f = 0; f < n_frames; f++) {
			if (style == 0) {
				x[f] = (uint8_t)(tu_rand(&seed) & (JS_IN_JUMP | JS_IN_Z));
			} else if (style == 1) {
				if (tu_rand(&seed) % 6 == 0)
					cur ^= JS_IN_JUMP;
				if (tu_rand(&seed) % 9 == 0)
					cur ^= JS_IN_Z;
				x[f] = (uint8_t)cur;
			} else {
				if (tu_rand(&seed) % 40 == 0)
					cur ^= JS_IN_Z;
				x[f] = (uint8_t)(cur | ((f & 1) ? 0 : JS_IN_JUMP));
			}
		}
	}
	cr_expect_eq(tu_check_lanes(m, n, ax, in, n_frames), paths_here(m));
	free(ax);
	free(in);
}

Test(sm64, lanes_random_buttons) { random_lanes(4000, 400, 1, 0); }
Test(sm64, lanes_button_runs) { random_lanes(4000, 600, 2, 1); }
Test(sm64, lanes_chains) { random_lanes(4000, 600, 3, 2); }
Test(sm64, lanes_partial_block) { random_lanes(7, 300, 4, 1); }
Test(sm64, lanes_holds_whole_ranges)
{
	tu_check_random_lanes(sm64(), 3000, 500, 5, TU_HOLDS, 40);
	tu_check_random_lanes(sm64(), 3000, 500, 6, TU_SPARSE, 0);
}

/* Edge cases: every action x speeds around the thresholds (16, 20, 24, 32, 48) x every second
 * press frame after the first landing (the chain windows), both chain modes, US and SH. */
Test(sm64, lanes_chain_windows)
{
	const js_model *m = sm64();
	const int fwds[] = { -400, -16, 0, 10, 16, 20, 21, 24, 31, 32, 33, 48, 100 };
	const int nfw = (int)(sizeof fwds / sizeof fwds[0]);
	const int nf = 200, npress = 48;
	size_t n = (size_t)9 * nfw * npress * 2 * 2;
	int32_t *ax = malloc(n * 4 * sizeof *ax);
	uint8_t *in = calloc(n * (size_t)nf, 1);
	size_t i = 0;
	for (int act = 0; act < 9; act++)
		for (int k = 0; k < nfw; k++)
			for (int p = 0; p < npress; p++)
				for (int ch = 0; ch < 2; ch++)
					for (int ver = 0; ver < 2; ver++, i++) {
						int32_t *a = ax + i * 4;
						a[ACTION] = act;
						a[FWD] = fwds[k];
						a[VERSION] = ver ? SH : US;
						a[CHAIN] = ch;
						uint8_t *x = in + i * (size_t)nf;
						x[0] = JS_IN_JUMP;
						int at = 8 + p;
						x[at] = (uint8_t)(JS_IN_JUMP | ((p & 2) ? JS_IN_Z : 0));
						x[at + 30] = JS_IN_JUMP | JS_IN_Z;
						for (int f = at; f < nf && (p & 1); f++)
							x[f] |= JS_IN_Z;
					}
	cr_expect_eq(tu_check_lanes(m, n, ax, in, nf), paths_here(m));
	free(ax);
	free(in);
}

/* The lane kernel's table path (kernels/sm64.c, "From init's states, by table"): every action
 * (the flying triple steps) x speeds at the table's edges (0 .. 40) and around the thresholds x
 * US / SH with chain off, and US with chain on (steps) x the take-off on frame t0 = 0, 1, 31, 33
 * x A held 1..18, 24, 40, 70 frames (the release frame k on both sides of the table's KR = 11),
 * pressed again 1..3 frames after the release on most lanes, x Z: none, pressed on the landing
 * frame (a ground pound: the group steps, but for the long jump and the ground pound), pressed
 * the frame after it, or held from before t0 (from frame 0 when t0 = 0: a press on the take-off
 * frame), at a frame limit that cuts no jump and one that cuts some (the group then steps). */
Test(sm64, lanes_equal_reference_table)
{
	const js_model *m = sm64();
	static const int fwds[] = { -40, -16, -1, 0, 1, 16, 20, 21, 24, 33, 39, 40, 41, 48, 300 };
	static const int t0s[] = { 0, 1, 31, 33 };
	static const int holds[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
				     24, 40, 70 };
	enum { NFW = sizeof fwds / sizeof fwds[0], NT = 4, NH = sizeof holds / sizeof holds[0] };
	enum { N = 4 * 3 * 9 * NFW * NT * NH };
	const int frames[] = { 128, 50 };
	int32_t *ax = malloc((size_t)N * 4 * sizeof *ax);
	cr_assert_not_null(ax);
	for (int fi = 0; fi < 2; fi++) {
		const int nf = frames[fi];
		uint8_t *in = calloc(N, (size_t)nf);
		cr_assert_not_null(in);
		size_t n = 0;
		for (int zm = 0; zm < 4; zm++)
			for (int vc = 0; vc < 3; vc++)
				for (int a = 0; a < 9; a++)
					for (int w = 0; w < NFW; w++)
						for (int t = 0; t < NT; t++)
							for (int h = 0; h < NH; h++, n++) {
								int32_t *x = ax + n * 4;
								x[ACTION] = a;
								x[FWD] = fwds[w];
								x[VERSION] = vc == 1 ? SH : US;
								x[CHAIN] = vc == 2;
								uint8_t *row = in + n * (size_t)nf;
								const int t0 = t0s[t], e = t0 + holds[h];
								for (int f = t0; f < e && f < nf; f++)
									row[f] = JS_IN_JUMP;
								const int g = e + 1 + (int)(n % 3);
								if (n % 4)
									for (int f = g; f < g + 3 && f < nf; f++)
										row[f] = JS_IN_JUMP;
								/* the landing frame without Z, chain off */
								js_acc r = run(a, fwds[w], US, 0, row, nf);
								const int land = r.airtime - 1;
								if (zm == 1 && r.landed)
									row[land] |= JS_IN_Z;
								if (zm == 2 && r.landed && land + 1 < nf)
									row[land + 1] |= JS_IN_Z;
								for (int f = t0 > 0 ? t0 - 1 : 0; zm == 3 && f < nf; f++)
									row[f] |= JS_IN_Z;
							}
		cr_assert_eq(n, (size_t)N);
		cr_expect_eq(tu_check_lanes(m, n, ax, in, nf), paths_here(m));
		free(in);
	}
	free(ax);
}

/* ---- fuzz starts (model.h: fields, invariants, js_lane_args.start) ---- */

static int sm_field(const char *name)
{
	const js_model *m = sm64();
	for (int i = 0; i < m->n_fields; i++)
		if (strcmp(m->fields[i].name, name) == 0)
			return i;
	cr_assert_fail("sm64 has no field %s", name);
	return -1;
}

static void sm_set(js_case *c, const char *name, double v)
{
	int i = sm_field(name);
	c->set[0] |= 1u << i;
	c->val[0][i] = v;
}

static double sm_get(const void *st, const char *name)
{
	return js_field_get(&sm64()->fields[sm_field(name)], st);
}

static void sm_case(js_case *c, int action, int fwd, int version, int chain, int n)
{
	memset(c, 0, sizeof *c);
	c->m = sm64();
	c->n_lanes = 1;
	c->n_frames = n;
	c->axis[0][ACTION] = action;
	c->axis[0][FWD] = fwd;
	c->axis[0][VERSION] = version;
	c->axis[0][CHAIN] = chain;
}

static const char *sm_break_name(const js_break *b)
{
	static char buf[96];
	return js_break_name(sm64(), b, buf, sizeof buf);
}

/* Starts from any state the fields allow (forward speeds down to -FLT_MAX, positions anywhere,
 * any action with its timers mid-way): every lane path agrees with the reference frame by frame,
 * through infinite speeds and NaN heights, and no start leaves a field's range. */
Test(sm64, lanes_equal_reference_from_fuzz_starts)
{
	const js_model *m = sm64();
	int with_fields = tu_check_random_starts(m, 300, 300, 41);
	cr_assert_gt(with_fields, 100);
	with_fields = tu_check_random_starts(m, 40, JS_CASE_FRAMES, 42);
	cr_assert_gt(with_fields, 10);

	js_case *c = malloc(sizeof *c);
	cr_assert_not_null(c);
	uint64_t rs = 0x5364;
	int found[8] = { 0 };
	for (int i = 0; i < 400; i++) {
		uint8_t bytes[512];
		for (size_t k = 0; k < sizeof bytes; k++)
			bytes[k] = (uint8_t)(tu_rand(&rs) >> 56);
		js_case_decode(c, bytes, sizeof bytes, m);
		for (int l = 0; l < c->n_lanes; l++) {
			js_break b;
			int kind = js_case_breaks(c, l, &b);
			cr_assert(kind == JS_BREAK_NONE || kind == JS_BREAK_INVARIANT,
				  "case %d lane %d: %s at frame %d", i, l, sm_break_name(&b), b.frame);
			if (kind == JS_BREAK_INVARIANT)
				found[b.inv]++;
		}
	}
	free(c);
	cr_expect_gt(found[2], 0, "z_s16 (bit 2) found from random starts");
}

/* Heights off the 2^-23 grid below 1 unit, from a start (model.h: the height is floor(y * 2^23)):
 * a jump at y 0.3 (float 0x3e99999a, 0.3 * 2^23 = 2516582.5) with vy 0 ends frame 0 there (four
 * quarter steps of 0), airborne: rise 2516582, flag height_rounded; frame 1 (vy -4) lands. */
Test(sm64, fuzz_start_height_off_the_grid)
{
	js_case c;
	sm_case(&c, JUMP, 0, US, 0, 20);
	sm_set(&c, "action", 1); /* SM64_JUMP */
	sm_set(&c, "y", 0.3);
	sm_set(&c, "vy", 0);
	js_acc a;
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	js_reference_run_from(sm64(), st, c.input[0], c.n_frames, &a);
	cr_expect_eq(a.rise, 2516582);
	cr_expect_eq(a.apex_frame, 0);
	cr_expect_eq(a.airtime, 2);
	cr_expect(a.flags & F_HEIGHT_ROUNDED);
	char why[512];
	cr_expect_eq(js_case_diff(&c, why, sizeof why), 0, "%s", why);
}

/* Finding long_jump_cap, by hand (mario.c set_mario_action_airborne; update_air_without_turn):
 * a long jump from standing at fwd -40 (axis; a backwards speed).  Frame 0's take-off: fwd *=
 * 1.5 -> -60, only the upper cap (> 48) applies; the air frame: approach_f32(-60, 0, .35, .35) =
 * -59.65, < -16 -> += 2: -57.65 = 57.65 units/frame, above the 48 the cap stands for. */
Test(sm64, fuzz_long_jump_cap_breaks_backwards)
{
	js_case c;
	js_break b;
	sm_case(&c, LONG_JUMP, -40, US, 0, 60);
	c.input[0][0] = JS_IN_JUMP;
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT, "%s", sm_break_name(&b));
	cr_expect_str_eq(sm_break_name(&b), "long_jump_cap");
	cr_expect_eq(b.frame, 0);
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	sm64()->step(st, JS_IN_JUMP);
	cr_expect_eq(sm_get(st, "fwd"), f32(f32(-60.0f + 0.35f) + 2.0f));
	/* -33.5 (50.25 at take-off, 47.9 after the frame's drag) stays within it */
	sm_case(&c, LONG_JUMP, -33, US, 0, 60);
	c.input[0][0] = JS_IN_JUMP;
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "%s", sm_break_name(&b));
}

/* Finding z_s16, by hand: Mario at z 32000 running at fwd 1000 jumps (axis jump).  Frame 0's
 * take-off: vy = 42 + 1000 / 4 = 292, fwd = 1000 * 0.8 = 800; the air frame: 800 - 0.35 =
 * 799.65, > 32 -> -1: 798.65 = vel z; four quarter steps of 199.6625 put z at 32798.65: past
 * 32767, where find_floor's s16 cast wraps it (parallel universes). */
Test(sm64, fuzz_z_leaves_the_s16_range)
{
	js_case c;
	js_break b;
	sm_case(&c, JUMP, 0, US, 0, 60);
	sm_set(&c, "fwd", 1000);
	sm_set(&c, "z", 32000);
	c.input[0][0] = JS_IN_JUMP;
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT, "%s", sm_break_name(&b));
	cr_expect_str_eq(sm_break_name(&b), "z_s16");
	cr_expect_eq(b.frame, 0);
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	sm64()->step(st, JS_IN_JUMP);
	cr_expect_eq(sm_get(st, "vy"), f32(292.0f - 4.0f));
	float vz = f32(f32(800.0f - 0.35f) - 1.0f), z = 32000.0f;
	for (int i = 0; i < 4; i++)
		z = z + vz / 4.0f;
	cr_expect_eq(sm_get(st, "fwd"), vz);
	cr_expect_eq(sm_get(st, "z"), z);
	cr_expect_gt(z, 32767.0f);
	js_obs o;
	sm64()->observe(st, &o);
	cr_expect(o.flags & F_S16_WRAP);
}

/* Finding fwd_finite: the BLJ chain passes every finite float.  A long jump from standing at
 * fwd -1e38 (field; z already outside the s16 range, so z_s16 cannot come first), Z held, A
 * pressed on frames 0, 31, 62, 93.  Each long jump: vy 30, y after frame k = (k + 1)(30 - k)
 * (gravity 2 after four quarter steps), so frame 30's last quarter step reaches 0: ACT_LONG_JUMP_
 * LAND; frame 31's A press with Z down chains a new long jump (act_long_jump_land L1855, the
 * landing's first frame).  fwd: -1e38 * 1.5 = -1.5e38, -2.25e38, -3.375e38 (< FLT_MAX 3.4e38,
 * the drag's 0.35 and 2 are lost below its precision), and frame 93's -5.06e38 rounds to -inf.
 * The cap on fwd * 1.5 is above 48 only. */
Test(sm64, fuzz_blj_chain_passes_every_float)
{
	js_case c;
	js_break b;
	sm_case(&c, LONG_JUMP, 0, US, 1, 120); /* chain on: the accounting runs through the chain */
	sm_set(&c, "fwd", -1e38);
	sm_set(&c, "z", -1e30);
	for (int f = 0; f < c.n_frames; f++)
		c.input[0][f] = (uint8_t)(JS_IN_Z | (f % 31 == 0 ? JS_IN_JUMP : 0));
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT, "%s", sm_break_name(&b));
	cr_expect_str_eq(sm_break_name(&b), "fwd_finite");
	cr_expect_eq(b.frame, 93);

	_Alignas(16) unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	float fwd = (float)-1e38;
	for (int f = 0; f < 94; f++) {
		sm64()->step(st, c.input[0][f]);
		if (f % 31 == 0)
			fwd = fwd * 1.5f;
		if (f < 93)
			cr_assert_eq(sm_get(st, "fwd"), fwd, "frame %d", f);
		js_obs o;
		sm64()->observe(st, &o);
		if (f % 31 == 30)
			cr_assert(o.height == 0, "frame %d: landed", f);
		else if (f < 93)
			cr_assert(o.height > 0, "frame %d: airborne", f);
	}
	cr_expect(isinf(sm_get(st, "fwd")) && sm_get(st, "fwd") < 0);

	/* every lane path follows it on, through the next long jump's NaN vy (30 + -inf * 0): its
	 * y stays NaN (no quarter step's y <= 0), a height of 0, rounded, never landing */
	char why[512];
	c.n_frames = 300;
	for (int f = 0; f < c.n_frames; f++)
		c.input[0][f] = (uint8_t)(JS_IN_Z | (f % 31 == 0 ? JS_IN_JUMP : 0));
	cr_expect_eq(js_case_diff(&c, why, sizeof why), 0, "%s", why);
	/* and from the same state the BLJ growth itself (|fwd| already above 48) is not a cap
	 * break: only the first backwards long jump is */
	c.n_frames = 93;
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "%s", sm_break_name(&b));
}

/* vy_cap holds from a start below it: a jump at vy -1000 (field) - apply_gravity's default
 * branch: -1000 - 4 < -75 -> -75 - and with the wing cap and A held its branch moves vy up by
 * 2 a frame toward -37.5 (-1000 - 2 + 4 = -998). */
Test(sm64, fuzz_vy_cap_holds_from_below)
{
	js_case c;
	js_break b;
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	sm_case(&c, JUMP, 0, US, 0, 200);
	sm_set(&c, "action", 1); /* SM64_JUMP */
	sm_set(&c, "y", 5000);
	sm_set(&c, "vy", -1000);
	js_case_start(&c, 0, st);
	sm64()->step(st, 0);
	cr_expect_eq(sm_get(st, "vy"), -75.0);
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "%s", sm_break_name(&b));

	sm_case(&c, FLY_TRIPLE, 0, US, 0, 200);
	sm_set(&c, "action", 1);
	sm_set(&c, "y", 5000);
	sm_set(&c, "vy", -1000);
	for (int f = 0; f < c.n_frames; f++)
		c.input[0][f] = JS_IN_JUMP;
	sm_set(&c, "prev_a", 1);
	js_case_start(&c, 0, st);
	sm64()->step(st, JS_IN_JUMP);
	cr_expect_eq(sm_get(st, "vy"), -998.0);
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "%s", sm_break_name(&b));
	char why[512];
	cr_expect_eq(js_case_diff(&c, why, sizeof why), 0, "%s", why);
}
