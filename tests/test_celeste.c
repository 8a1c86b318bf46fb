/* tests/test_celeste.c - Celeste: every seed claim on Madeline's jump (the Celeste page and
 * Gravity claims 20, 26, 27, 28, 31), frame-by-frame float values derived by hand from
 * Player.cs / Calc.Approach / Actor.MoveV, whole-jump figures, the Down fast fall, the jump
 * buffer, and lane kernel == reference on every ISA (accounting) and bit for bit (state). */
#include <math.h>
#include <stdio.h>

#include "testutil.h"

/* The lane kernel once more, compiled into this test with its trace hook, so that its whole
 * state (not only the accounting) can be compared with the reference float bit for float bit.
 * This copy is built with the test's flags (baseline x86-64: SSE2 vectors at -O3). */
#define LT_FRAMES 160
static uint32_t lt_state[LT_FRAMES][8][JS_BLOCK];
static int lt_frames[JS_BLOCK]; /* frames recorded per lane (a group stops once it is done) */
static void lt_record(int f, int l0, int n, const void *y, const void *rem, const void *sp,
		      const void *mf, const void *vt, const void *vs, const void *gr, const void *buf)
{
	const void *src[8] = { y, rem, sp, mf, vt, vs, gr, buf };
	if (f >= LT_FRAMES)
		return;
	for (int v = 0; v < 8; v++)
		memcpy(&lt_state[f][v][l0], src[v], (size_t)n * 4);
	for (int i = 0; i < n; i++)
		lt_frames[l0 + i] = f + 1;
}
#define JS_LANE_SUFFIX _lanetrace
#define CELESTE_LANE_TRACE(f, l0, y, rem, sp, mf, vt, vs, gr, buf) \
	lt_record(f, l0, JS_VW, y, rem, sp, mf, vt, vs, gr, buf)
#include "celeste.c"
#undef JS_LANE_SUFFIX

enum { DT, DOWN };
enum { FNA, EXACT };

/* Engine.DeltaTime for each value of axis dt. */
static const float dt_fna = (float)0.0166667;
static const float dt_exact = (float)(1.0 / 60);

typedef struct cel_row {
	int y;
	float rem, speed, max_fall, var_timer, var_speed, grace, buffer;
	unsigned on_ground;
	int64_t height;
	int grounded;
	uint32_t flags;
} cel_row;

static const js_model *celeste(void)
{
	const js_model *m = js_model_find("celeste");
	cr_assert_not_null(m);
	return m;
}

static void parse_row(const char *buf, cel_row *r)
{
	char *p;
	r->y = (int)strtol(buf, &p, 10);
	float *fields[8] = { &r->rem, &r->speed, &r->max_fall, &r->var_timer, &r->var_speed,
			     &r->grace, &r->buffer, NULL };
	for (int i = 0; fields[i]; i++) {
		cr_assert_eq(*p, ',', "trace row %s", buf);
		*fields[i] = strtof(p + 1, &p); /* %.9g reads back to the same float */
	}
	cr_assert_eq(*p, ',', "trace row %s", buf);
	r->on_ground = (unsigned)strtoul(p + 1, &p, 10);
	cr_assert_eq(*p, '\0', "trace row %s", buf);
}

/* Steps the reference for frames 0..n-1, decoding its trace row and observation after each. */
static void run_rows(int dt, const uint8_t *in, int n, cel_row *rows)
{
	const js_model *m = celeste();
	int32_t ax[2] = { dt, 0 };
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	char buf[256];
	js_obs o;
	m->init(st, ax);
	for (int f = 0; f < n; f++) {
		m->step(st, in[f]);
		m->observe(st, &o);
		m->trace_row(st, buf, sizeof buf);
		parse_row(buf, &rows[f]);
		rows[f].height = o.height;
		rows[f].grounded = o.grounded;
		rows[f].flags = o.flags;
	}
}

static void hold_rows(int dt, int h, unsigned extra, int n, cel_row *rows)
{
	uint8_t in[256];
	tu_hold(in, n, h, extra);
	run_rows(dt, in, n, rows);
}

/* "1101" -> jump on frames 0, 1 and 3; frames past the string have no jump. */
static void pattern_rows(int dt, const char *pat, int n, cel_row *rows)
{
	uint8_t in[256] = { 0 };
	for (int f = 0; f < n && pat[f]; f++)
		in[f] = pat[f] == '1' ? JS_IN_JUMP : 0;
	run_rows(dt, in, n, rows);
}

static js_acc hold_acc(int dt, int down, int h, int n)
{
	int32_t ax[2] = { dt, down };
	return tu_ref_hold(celeste(), ax, h, down ? JS_IN_DOWN : 0, n);
}

static uint32_t flag_bit(const char *name)
{
	const js_model *m = celeste();
	for (int b = 0; b < JS_MAX_FLAGS; b++)
		if (m->flag_names[b] && strcmp(m->flag_names[b], name) == 0)
			return 1u << b;
	cr_assert_fail("no flag %s", name);
	return 0;
}

Test(celeste, metadata)
{
	const js_model *m = celeste();
	cr_expect_str_eq(m->unit, "px");
	cr_expect_eq(m->sub_per_unit, 1);
	cr_expect_eq(m->fps, 60.0);
	cr_expect_eq(m->inputs, JS_IN_JUMP | JS_IN_DOWN);
	cr_assert_eq(m->n_axes, 2);
	cr_expect_str_eq(m->axes[DT].name, "dt");
	cr_expect_eq(m->axes[DT].n_names, 2);
	cr_expect_str_eq(m->axes[DT].names[FNA], "fna");
	cr_expect_str_eq(m->axes[DT].names[EXACT], "exact");
	cr_expect_eq(m->axes[DT].input_bit, 0);
	cr_expect_str_eq(m->axes[DOWN].name, "down");
	cr_expect_str_eq(m->axes[DOWN].names[0], "off");
	cr_expect_str_eq(m->axes[DOWN].names[1], "on");
	cr_expect_eq(m->axes[DOWN].input_bit, JS_IN_DOWN);
	cr_expect_leq(m->state_size, JS_STATE_MAX);
	for (int i = 0; i < JS_ISA_COUNT; i++)
		if (js_isa_available((js_isa)i))
			cr_expect_not_null(m->lane[i], "lane kernel for %s", js_isa_name((js_isa)i));
	const char *names[] = { "fast_fall", "var_jump_cut", "half_gravity", "at_max_fall",
				"round_tie", "floor_exact" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		cr_expect_geq(flag_bit(names[i]), 1u << JS_FLAG_MODEL_SHIFT);
}

/* Claim: at normal speed Engine.DeltaTime is (float)0.0166667, the XNA/FNA 166,667-tick step
 * (TimeSpan.TotalSeconds = ticks * 1e-7, cast to float; DeltaTime = RawDeltaTime * TimeRate with
 * TimeRate 1f, exact).  It is visible in the model as VarJumpTime - DeltaTime on update 1. */
Test(celeste, delta_time)
{
	volatile double ticks = 166667, sec_per_tick = 1.0 / 10000000;
	cr_expect_eq(dt_fna, (float)(ticks * sec_per_tick));
	cr_expect_eq(dt_fna, 0x1.111134p-6f);
	cr_expect_eq(dt_exact, 0x1.111112p-6f);
	cr_expect_eq(dt_fna * 1.0f * 1.0f, dt_fna); /* RawDeltaTime * TimeRate * TimeRateB */
	cel_row r[4];
	hold_rows(FNA, 40, 0, 2, r);
	cr_expect_eq(r[1].var_timer, 0.2f - dt_fna);
	cr_expect_eq(r[1].var_timer, 0.183333308f);
	hold_rows(EXACT, 40, 0, 2, r);
	cr_expect_eq(r[1].var_timer, 0.2f - dt_exact);
	cr_expect_eq(r[1].var_timer, 0.183333337f);
}

/* Claims: JumpSpeed -105; Jump() sets Speed.Y = JumpSpeed + lift boost (0 here), saves it as
 * varJumpSpeed, starts varJumpTimer at VarJumpTime 0.2 and zeroes the grace timer; the take-off
 * update already moves by -105 * dt. */
Test(celeste, jump_sets_speed_and_timers)
{
	cel_row r[2];
	hold_rows(FNA, 1, 0, 1, r);
	cr_expect_eq(r[0].speed, -105.0f);
	cr_expect_eq(r[0].var_speed, -105.0f);
	cr_expect_eq(r[0].var_timer, 0.2f);
	cr_expect_eq(r[0].grace, 0.0f);
	cr_expect_eq(r[0].buffer, 0.0f, "Jump() consumes the buffer");
	cr_expect_eq(r[0].on_ground, 1);
	cr_expect_eq(r[0].y, -2);
	cr_expect_eq(r[0].rem, -105.0f * dt_fna + 2.0f);
}

/* Claims: JumpGraceTime 0.1; grounded updates refill jumpGraceTimer. */
Test(celeste, grace_refilled_on_ground)
{
	cel_row r[8];
	uint8_t in[8] = { 0, JS_IN_DOWN, 0, JS_IN_JUMP, 0, 0, 0, 0 };
	run_rows(FNA, in, 4, r);
	for (int f = 0; f < 3; f++) {
		cr_expect_eq(r[f].grace, 0.1f, "frame %d", f);
		cr_expect_eq(r[f].on_ground, 1);
		cr_expect_eq(r[f].y, 0);
		cr_expect_eq(r[f].speed, 0.0f);
		cr_expect_eq(r[f].max_fall, 160.0f, "NormalBegin: maxFall = MaxFall");
	}
	cr_expect_eq(r[3].grace, 0.0f);
	cr_expect_eq(r[3].y, -2);
	/* after landing (tapped jump: floor reached on update 14, collision on 15) */
	cel_row t[17];
	hold_rows(FNA, 1, 0, 17, t);
	cr_expect_eq(t[14].grace, 0.0f);
	cr_expect_eq(t[15].grace, 0.1f);
	cr_expect_eq(t[16].grace, 0.1f);
}

/* Claim: the 0.1 s grace and 0.2 s var-jump timers end on float rounding: 5 and 11 updates with
 * (float)0.0166667, 6 and 12 with (float)(1/60).
 * Grace: on flat ground Jump() zeroes the timer and only the ground refills it, so in this model
 * it never counts down; its count is checked on the game's own arithmetic (Player.Update
 * L719-720: while > 0, -= DeltaTime), airborne update k seeing 0.1f - k * dt (sequential).
 * Var jump: the model's held jump keeps Speed.Y at -105 on updates 1..11 (fna) / 1..12 (exact). */
static int countdown(float t, float dt)
{
	int k = 0;
	for (;;) {
		t -= dt;
		if (!(t > 0.0f))
			return k;
		k++;
	}
}

Test(celeste, timer_rounding)
{
	cr_expect_eq(countdown(0.1f, dt_fna), 5);
	cr_expect_eq(countdown(0.1f, dt_exact), 6);
	cr_expect_eq(countdown(0.2f, dt_fna), 11);
	cr_expect_eq(countdown(0.2f, dt_exact), 12);

	cel_row r[20];
	hold_rows(FNA, 40, 0, 14, r);
	for (int f = 1; f <= 11; f++) {
		cr_expect_gt(r[f].var_timer, 0.0f, "fna update %d", f);
		cr_expect_eq(r[f].speed, -105.0f, "fna update %d", f);
	}
	cr_expect_eq(r[12].var_timer, -3.57627869e-07f); /* 0.2f - 12 dt, sequentially */
	cr_expect_eq(r[12].speed, -105.0f + 900.0f * dt_fna);
	cr_expect_eq(r[13].var_timer, r[12].var_timer, "the timer only ticks while > 0");

	hold_rows(EXACT, 40, 0, 14, r);
	for (int f = 1; f <= 12; f++) {
		cr_expect_gt(r[f].var_timer, 0.0f, "exact update %d", f);
		cr_expect_eq(r[f].speed, -105.0f, "exact update %d", f);
	}
	cr_expect_eq(r[12].var_timer, 1.11758709e-08f); /* float rounding leaves it just above 0 */
	cr_expect_eq(r[13].var_timer, -0.0166666564f);
	cr_expect_eq(r[13].speed, -90.0f);
}

/* Frame by frame, tapped jump (jump on frame 0 only), dt = (float)0.0166667 = 0x1.111134p-6
 * = 0.0166666996; derived by hand (each product / sum rounded to the nearest float):
 *   900 * dt = 15.0000296 (0x1.e0003ep+3), -105 * dt = -1.75000346 (0x1.c0003ap+0).
 * Frame 0: on the ground (Speed 0 >= 0, floor below): grace = 0.1; no gravity; the press with
 *   grace > 0 -> Jump(): Speed -105.  MoveV: remainder 0 + -1.75000346 = -1.75000346, rounds to
 *   -2: y = -2, remainder -1.75000346 + 2 = 0.249996543.
 * Frame 1 (released): Speed < 0 so not on ground; varJumpTimer 0.2 - dt > 0 but jump is up:
 *   timer = 0, speed not cut.  Gravity (|-105| >= 40: mult 1): Approach(-105, 160, 15.0000296)
 *   = -89.9999704 -> float -89.9999695.  amount -89.9999695 * dt = -1.50000238; remainder
 *   0.249996543 - 1.50000238 = -1.25000584 -> -1: y = -3, remainder -0.250005841.
 * Frame 2: Speed -89.9999695 + 15.0000296 = -74.999939; amount -1.25000143; remainder
 *   -1.50000727 (beyond -1.5) -> -2: y = -5, remainder 0.499992728.
 * Frame 3: Speed -59.9999084; amount -1.00000048; remainder -0.500007749 -> -1: y = -6,
 *   remainder 0.499992251.
 * Frame 4: Speed -44.9998779; amount -0.749999404; remainder -0.250007153 -> 0: y stays -6.
 * Frame 5: Speed -29.9998474 (|-44.99| >= 40: full gravity); amount -0.49999842; remainder
 *   -0.750005573 -> -1: y = -7 (the apex, 7 px), remainder 0.249994397.
 * Frame 6: |Speed| 29.99 < 40 but jump is up: still mult 1: Speed -14.9998178; remainder
 *   0.249994397 - 0.249997452 = -3.05473804e-06 -> 0: y = -7.
 * Frame 7: Speed +0.000211715698 (-14.9998178 + 15.0000296): now falling. */
Test(celeste, tapped_frames_by_hand)
{
	cel_row r[8];
	hold_rows(FNA, 1, 0, 8, r);
	const int y[8] = { -2, -3, -5, -6, -6, -7, -7, -7 };
	const float speed[8] = { -105.0f, -89.9999695f, -74.999939f, -59.9999084f, -44.9998779f,
				 -29.9998474f, -14.9998178f, 0.000211715698f };
	const float rem[8] = { 0.249996543f, -0.250005841f, 0.499992728f, 0.499992251f,
			       -0.250007153f, 0.249994397f, -3.05473804e-06f, 4.73863793e-07f };
	for (int f = 0; f < 8; f++) {
		cr_expect_eq(r[f].y, y[f], "frame %d: y %d, expected %d", f, r[f].y, y[f]);
		cr_expect_eq(r[f].speed, speed[f], "frame %d: speed %.9g, expected %.9g", f,
			     (double)r[f].speed, (double)speed[f]);
		cr_expect_eq(r[f].rem, rem[f], "frame %d: remainder %.9g, expected %.9g", f,
			     (double)r[f].rem, (double)rem[f]);
		cr_expect_eq(r[f].height, -y[f]);
		cr_expect_eq(r[f].grounded, 0);
	}
	/* the derivation's arithmetic, operation by operation */
	cr_expect_eq(900.0f * dt_fna, 0x1.e0003ep+3f);
	cr_expect_eq(-105.0f * dt_fna, -0x1.c0003ap+0f);
	for (int f = 1; f < 8; f++) {
		cr_expect_eq(r[f].speed, r[f - 1].speed + 900.0f * 1.0f * dt_fna, "frame %d", f);
		float pre = r[f - 1].rem + r[f].speed * dt_fna;
		float moved = (float)(r[f].y - r[f - 1].y);
		cr_expect_eq(moved, rintf(pre), "frame %d", f);
		cr_expect_eq(r[f].rem, pre - moved, "frame %d", f);
	}
	cr_expect_eq(r[1].var_timer, 0.0f, "release zeroes varJumpTimer");
	cr_expect(r[1].flags & flag_bit("var_jump_cut"));
}

/* Claims: Gravity 900 px/s^2 applied as Approach(Speed.Y, maxFall, Gravity * mult * dt) in the
 * air; MaxFall 160 is the limit and Approach does not overshoot it; HalfGravThreshold 40 and
 * the half gravity while jump is held. */
Test(celeste, gravity_approach_and_max_fall)
{
	cel_row r[41];
	hold_rows(FNA, 60, 0, 41, r);
	/* held: var jump to update 11, then full gravity while |Speed| >= 40 */
	for (int f = 12; f <= 16; f++)
		cr_expect_eq(r[f].speed, r[f - 1].speed + 900.0f * dt_fna, "frame %d", f);
	/* update 17: |Speed(16)| = 29.9998474 < 40 and jump held -> mult .5: (900 * .5) * dt */
	cr_expect_eq(r[16].speed, -29.9998474f);
	cr_expect_eq(r[17].speed, r[16].speed + 900.0f * 0.5f * dt_fna);
	cr_expect_eq(r[17].speed, -22.4998322f);
	cr_expect(r[17].flags & flag_bit("half_gravity"));
	for (int f = 17; f <= 26; f++) {
		cr_expect_lt(fabsf(r[f - 1].speed), 40.0f, "frame %d", f);
		cr_expect_eq(r[f].speed, r[f - 1].speed + 450.0f * dt_fna, "frame %d", f);
	}
	cr_expect_geq(r[26].speed, 40.0f);
	cr_expect_eq(r[27].speed, r[26].speed + 900.0f * dt_fna, "back to full gravity at 40");
	/* update 34: 150.000504 + 15.0000296 = 165.0005 would pass MaxFall: Approach stops at 160 */
	cr_expect_eq(r[33].speed, 150.000504f);
	cr_expect_eq(r[34].speed, 160.0f);
	cr_expect(r[34].flags & flag_bit("at_max_fall"));
	for (int f = 34; f <= 37; f++) {
		cr_expect_eq(r[f].speed, 160.0f, "frame %d", f);
		cr_expect_eq(r[f].max_fall, 160.0f, "frame %d", f);
	}
	/* tapped: |Speed| < 40 on update 6 but jump is up: full gravity */
	cel_row t[8];
	hold_rows(FNA, 1, 0, 8, t);
	cr_expect_eq(t[6].speed, t[5].speed + 900.0f * dt_fna);
	cr_expect_eq(t[6].flags & flag_bit("half_gravity"), 0);
	js_acc tap = hold_acc(FNA, 0, 1, 64), held = hold_acc(FNA, 0, 60, 64);
	cr_expect_eq(tap.flags & flag_bit("half_gravity"), 0);
	cr_expect(held.flags & flag_bit("half_gravity"));
}

/* Claim: while varJumpTimer runs, holding jump keeps Speed.Y no slower than varJumpSpeed
 * (cancelling gravity); releasing zeroes the timer and cuts no speed. */
Test(celeste, var_jump_hold_and_release)
{
	cel_row r[10];
	pattern_rows(FNA, "11111", 8, r); /* released on update 5 */
	for (int f = 0; f < 5; f++)
		cr_expect_eq(r[f].speed, -105.0f, "frame %d", f);
	cr_expect_eq(r[5].var_timer, 0.0f);
	cr_expect_eq(r[5].speed, -105.0f + 900.0f * dt_fna, "release cuts no speed: gravity only");
	cr_expect(r[5].flags & flag_bit("var_jump_cut"));
	/* re-pressing later does not restart it (no grace in the air) */
	pattern_rows(FNA, "11111011", 8, r);
	cr_expect_eq(r[6].var_timer, 0.0f);
	cr_expect_eq(r[7].speed, r[6].speed + 900.0f * dt_fna);
	cr_expect_eq(r[6].grace, 0.0f);
}

/* Claims 20 and the order: Player.Update ticks the timers, then NormalUpdate (gravity, then var
 * jump, then a new jump), then MoveV(Speed.Y * dt).  Evidence:
 *  - update 1 held: gravity first gives -89.99997, var jump's Math.Min then restores -105 (had
 *    var jump run first, gravity would leave -89.99997);
 *  - update 1's var jump sees the timer already ticked (0.2 - dt), update 12 sees it <= 0;
 *  - update 0's MoveV already uses the jump speed (take-off moves -1.75 -> 2 px). */
Test(celeste, update_order)
{
	cel_row r[2];
	hold_rows(FNA, 40, 0, 2, r);
	cr_expect_eq(r[1].speed, -105.0f);
	cr_expect_eq(r[1].y, -4);
	cr_expect_eq(r[1].rem, r[0].rem + -105.0f * dt_fna + 2.0f);
	cr_expect_eq(r[0].y, -2);
}

/* Claim: Down held while falling at MaxFall or faster raises the limit toward FastMaxFall 240 at
 * FastMaxAccel 300 px/s^2; otherwise it eases back toward 160.  Held jump, Down on every frame:
 * update 34 reaches 160 (the fast-fall test Speed.Y >= 160 comes before gravity, so it starts on
 * update 35): maxFall = Approach(160, 240, 300 * dt = 5.00000954) = 165.000015, Speed =
 * Approach(160, 165.000015, 15.0000296) = 165.000015; then +5.00000954 a frame.  The landing
 * update stays 38 (airtime 39), but the path differs from update 35 on; after landing (Speed 0 <
 * 160) maxFall eases back by 5.00000954 a frame. */
Test(celeste, fast_fall)
{
	cel_row d[42], n[42];
	hold_rows(FNA, 60, JS_IN_DOWN, 42, d);
	hold_rows(FNA, 60, 0, 42, n);
	cr_expect_eq(300.0f * dt_fna, 5.00000954f);
	for (int f = 0; f <= 34; f++) {
		cr_expect_eq(d[f].y, n[f].y, "frame %d", f);
		cr_expect_eq(d[f].speed, n[f].speed, "frame %d", f);
		cr_expect_eq(d[f].max_fall, 160.0f, "frame %d", f);
		cr_expect_eq(d[f].flags & flag_bit("fast_fall"), 0, "frame %d", f);
	}
	const float mf[4] = { 165.000015f, 170.000031f, 175.000046f, 180.000061f };
	for (int i = 0; i < 4; i++) {
		int f = 35 + i;
		cr_expect_eq(d[f].max_fall, mf[i], "frame %d", f);
		cr_expect_eq(d[f].max_fall, d[f - 1].max_fall + 300.0f * dt_fna, "frame %d", f);
		cr_expect(d[f].flags & flag_bit("fast_fall"), "frame %d", f);
		if (f < 38)
			cr_expect_eq(d[f].speed, mf[i], "frame %d", f);
	}
	cr_expect_eq(d[35].y, -6);
	cr_expect_eq(n[35].y, -7);
	cr_expect_eq(d[38].y, 0);
	cr_expect_eq(d[38].speed, 0.0f);
	cr_expect_eq(d[39].max_fall, 175.000046f, "eases back");
	cr_expect_eq(d[40].max_fall, 170.000031f);
	cr_expect_eq(d[41].max_fall, 165.000015f);
	js_acc a = hold_acc(FNA, 1, 60, 64);
	cr_expect_eq(a.rise, 27);
	cr_expect_eq(a.airtime, 39);
	cr_expect(a.flags & flag_bit("fast_fall"));
	cr_expect_eq(hold_acc(FNA, 0, 60, 64).flags & flag_bit("fast_fall"), 0);
	cr_expect_eq(hold_acc(FNA, 1, 1, 64).flags & flag_bit("fast_fall"), 0,
		     "a 7 px hop never reaches 160 px/s");
}

/* Claim 28: MoveV adds to a remainder, moves by its value rounded half to even (Math.Round's
 * default MidpointRounding.ToEven) and keeps the fraction.  A tie found by search: dt fna, jump
 * 111111111 0 111111 0 11111 (pressing again in the air does nothing).  On update 21 the
 * remainder is exactly 0.5: ToEven rounds it to 0 (away-from-zero would move 1 px down), so y
 * stays -20 and the remainder stays 0.5.  With dt exact the tapped jump ties at 1.5 on update
 * 11 (-> 2, the same either way), and 1111111110111111110111111101 ties at 2.5 on update 27
 * (-> 2, not 3). */
Test(celeste, movev_round_half_even)
{
	cel_row r[28];
	pattern_rows(FNA, "1111111110111111011111", 22, r);
	float pre = r[20].rem + r[21].speed * dt_fna;
	cr_expect_eq(pre, 0.5f);
	cr_expect_eq(r[20].y, -20);
	cr_expect_eq(r[21].y, -20);
	cr_expect_eq(r[21].rem, 0.5f);
	cr_expect(r[21].flags & flag_bit("round_tie"));

	hold_rows(EXACT, 1, 0, 12, r);
	cr_expect_eq(r[10].rem + r[11].speed * dt_exact, 1.5f);
	cr_expect_eq(r[11].y - r[10].y, 2);
	cr_expect_eq(r[11].rem, -0.5f);
	cr_expect(r[11].flags & flag_bit("round_tie"));

	pattern_rows(EXACT, "1111111110111111110111111101", 28, r);
	cr_expect_eq(r[26].rem + r[27].speed * dt_exact, 2.5f);
	cr_expect_eq(r[27].y - r[26].y, 2);
	cr_expect_eq(r[27].rem, 0.5f);

	/* no tie: the flag stays clear on a plain tapped fna jump */
	js_acc a = hold_acc(FNA, 0, 1, 64);
	cr_expect_eq(a.flags & flag_bit("round_tie"), 0);
	cr_expect(hold_acc(EXACT, 0, 1, 64).flags & flag_bit("round_tie"));
}

/* celeste_round_even (lane vectors) on one float. */
static float round_even1(float x)
{
	return celeste_round_even(js_vfsplat(x))[0];
}

/* The lane kernel's branch-free rounding, (x + 1.5 * 2^23) - 1.5 * 2^23, against rint (the
 * reference's Math.Round ToEven): every float in [0.25, 8) and its negation (all of them), every
 * n + 1/2 tie and its neighbours up to 2^22, and the named cases. */
Test(celeste, rounding_trick_exact)
{
	cr_expect_eq(round_even1(0.5f), 0.0f);
	cr_expect_eq(round_even1(1.5f), 2.0f);
	cr_expect_eq(round_even1(2.5f), 2.0f);
	cr_expect_eq(round_even1(-0.5f), 0.0f);
	cr_expect_eq(round_even1(-1.5f), -2.0f);
	cr_expect_eq(round_even1(-2.5f), -2.0f);
	cr_expect_eq(round_even1(nextafterf(0.5f, 1.0f)), 1.0f);
	cr_expect_eq(round_even1(nextafterf(0.5f, 0.0f)), 0.0f);
	long bad = 0;
	uint32_t lo, hi;
	float x = 0.25f;
	memcpy(&lo, &x, 4);
	x = 8.0f;
	memcpy(&hi, &x, 4);
	for (uint32_t u = lo; u < hi; u++) {
		float v;
		memcpy(&v, &u, 4);
		bad += round_even1(v) != (float)rint((double)v);
		bad += round_even1(-v) != (float)rint((double)-v);
	}
	for (int32_t n = 0; n < (1 << 22); n += 7) {
		float t = (float)n + 0.5f;
		float c[3] = { nextafterf(t, 0.0f), t, nextafterf(t, 1e9f) };
		for (int i = 0; i < 3; i++) {
			bad += round_even1(c[i]) != (float)rint((double)c[i]);
			bad += round_even1(-c[i]) != (float)rint((double)-c[i]);
		}
	}
	cr_expect_eq(bad, 0, "%ld mismatches", bad);
}

/* Landing: the update whose MoveV brings the feet back to the floor.  Held fna: update 38's
 * pixel loop hits the floor: movementCounter.Y = 0 (Actor.MoveVExact) and Speed.Y = 0
 * (OnCollideV).  Tapped fna: update 14 ends exactly on the floor without colliding (Speed and
 * remainder kept, flag floor_exact); update 15 is on the ground (no gravity), MoveV(1.75) then
 * collides at once. */
Test(celeste, landing)
{
	cel_row r[40];
	hold_rows(FNA, 60, 0, 40, r);
	cr_expect_eq(r[37].y, -1);
	cr_expect_eq(r[38].y, 0);
	cr_expect_eq(r[38].rem, 0.0f);
	cr_expect_eq(r[38].speed, 0.0f);
	cr_expect_eq(r[38].grounded, 1);
	cr_expect_eq(r[38].flags & flag_bit("floor_exact"), 0);
	cr_expect_eq(r[39].on_ground, 1);

	hold_rows(FNA, 1, 0, 17, r);
	cr_expect_eq(r[13].y, -2);
	cr_expect_eq(r[14].y, 0);
	cr_expect_eq(r[14].grounded, 1);
	cr_expect_eq(r[14].speed, 105.00042f);
	cr_expect_eq(r[14].rem, 5.29289246e-05f);
	cr_expect(r[14].flags & flag_bit("floor_exact"));
	cr_expect_eq(r[15].on_ground, 1);
	cr_expect_eq(r[15].y, 0);
	cr_expect_eq(r[15].speed, 0.0f);
	cr_expect_eq(r[15].rem, 0.0f);
	for (int f = 0; f < 17; f++)
		cr_expect_leq(r[f].y, 0, "never below the floor");
}

/* The seed's simulated figures: flat ground, no lift boost.  dt fna: apex 7 px tapped, 27 px
 * held, airtimes 15 and 39 updates; dt exact: 29 px held in 40 updates.  Down changes none of
 * them (the fast fall starts 4 updates before landing, see fast_fall). */
Test(celeste, seed_apex_and_airtime)
{
	for (int down = 0; down < 2; down++) {
		js_acc a = hold_acc(FNA, down, 1, 128);
		cr_expect_eq(a.rise, 7, "down %d", down);
		cr_expect_eq(a.airtime, 15, "down %d", down);
		cr_expect_eq(a.apex_frame, 5, "down %d", down);
		a = hold_acc(FNA, down, 60, 128);
		cr_expect_eq(a.rise, 27, "down %d", down);
		cr_expect_eq(a.airtime, 39, "down %d", down);
		cr_expect_eq(a.apex_frame, 18, "down %d", down);
		a = hold_acc(EXACT, down, 60, 128);
		cr_expect_eq(a.rise, 29, "down %d", down);
		cr_expect_eq(a.airtime, 40, "down %d", down);
		cr_expect_eq(a.apex_frame, 20, "down %d", down);
		a = hold_acc(EXACT, down, 1, 128);
		cr_expect_eq(a.rise, 7, "down %d", down);
		cr_expect_eq(a.airtime, 15, "down %d", down);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED | JS_FLAG_BELOW_START), 0);
	}
	/* holding past the landing changes nothing: no new press, no re-jump */
	for (int h = 40; h <= 128; h += 22)
		cr_expect_eq(hold_acc(FNA, 0, h, 128).airtime, 39, "hold %d", h);
	/* no press: no take-off, with or without Down */
	cr_expect(hold_acc(FNA, 0, 0, 64).flags & JS_FLAG_NO_TAKEOFF);
	cr_expect(hold_acc(FNA, 1, 0, 64).flags & JS_FLAG_NO_TAKEOFF);
	/* a frame limit shorter than the jump */
	cr_expect(hold_acc(FNA, 0, 1, 10).flags & JS_FLAG_NOT_LANDED);
	/* rise never falls as the hold grows, up to the full var jump */
	int64_t prev = 0;
	for (int h = 1; h <= 40; h++) {
		js_acc a = hold_acc(FNA, 0, h, 128);
		cr_expect_geq(a.rise, prev, "hold %d", h);
		prev = a.rise;
	}
}

/* Input.Jump's buffer (VirtualButton, BufferTime 0.08): a press in the air is kept while held
 * and jumps on the first grounded update if 0.08 - k * dt is still > 0 (k <= 4 updates later
 * with fna).  Held to update 33, released on 34, pressed on 35: lands on 38, jumps on 39.
 * Pressed one update earlier (on 34): the buffer has run out by 39. */
Test(celeste, jump_buffer_after_landing)
{
	cel_row r[42];
	pattern_rows(FNA, "1111111111111111111111111111111111011111111", 42, r);
	cr_expect_eq(r[35].buffer, 0.08f);
	cr_expect_eq(r[38].y, 0);
	cr_expect_eq(r[38].buffer, 0.0299999043f);
	cr_expect_eq(r[39].y, -2, "buffered jump on the first update back on the ground");
	cr_expect_eq(r[39].speed, -105.0f);
	cr_expect_eq(r[39].buffer, 0.0f);
	pattern_rows(FNA, "111111111111111111111111111111111011111111", 42, r);
	cr_expect_eq(r[38].y, 0);
	cr_expect_lt(r[39].buffer, 0.0f);
	cr_expect_eq(r[39].y, 0);
	cr_expect_eq(r[41].y, 0);
	/* the accounting ends at the landing either way */
	int32_t ax[2] = { FNA, 0 };
	uint8_t in[64] = { 0 };
	for (int f = 0; f < 45; f++)
		in[f] = f == 34 ? 0 : JS_IN_JUMP;
	js_acc a;
	js_reference_run(celeste(), ax, in, 64, &a);
	cr_expect_eq(a.airtime, 39);
	cr_expect_eq(a.rise, 27);
}

/* ---- lane kernel == reference ---- */

/* Every lane-kernel path this machine can run (tu_check_lanes must check them all). */
static int paths_here(const js_model *m)
{
	int n = 0;
	for (int i = 0; i < JS_ISA_COUNT; i++)
		n += js_isa_available((js_isa)i) && m->lane[i];
	return n;
}

static void fill_random(uint64_t *rs, int32_t *ax, uint8_t *in, int n_frames)
{
	ax[DT] = (int32_t)(tu_rand(rs) & 1);
	ax[DOWN] = (int32_t)(tu_rand(rs) & 1);
	unsigned down = ax[DOWN] ? JS_IN_DOWN : 0;
	int kind = (int)(tu_rand(rs) % 5);
	int h = (int)(tu_rand(rs) % 64);
	int start = (int)(tu_rand(rs) % (unsigned)n_frames);
	for (int f = 0; f < n_frames; f++) {
		uint64_t x = tu_rand(rs);
		switch (kind) {
		case 0: /* every bit random */
			in[f] = (uint8_t)(x & 3);
			break;
		case 1: /* a hold, Down from the axis */
			in[f] = (uint8_t)((f < h ? JS_IN_JUMP : 0) | down);
			break;
		case 2: /* a hold with random flips of either button */
			in[f] = (uint8_t)((f < h ? JS_IN_JUMP : 0) | down);
			if (x % 10 == 0)
				in[f] ^= JS_IN_JUMP;
			if ((x >> 8) % 13 == 0)
				in[f] ^= JS_IN_DOWN;
			break;
		case 3: /* a late press */
			in[f] = (uint8_t)((f >= start && f < start + h ? JS_IN_JUMP : 0) | down);
			break;
		default: /* mostly held, Down toggling in runs */
			in[f] = (uint8_t)(((x & 15) ? JS_IN_JUMP : 0) | (((x >> 4) & 7) ? down : 0));
			break;
		}
	}
}

Test(celeste, lanes_random)
{
	const js_model *m = celeste();
	const int n = 6000, n_frames = 128;
	int32_t *ax = malloc(sizeof(int32_t) * 2 * (size_t)n);
	uint8_t *in = malloc((size_t)n * (size_t)n_frames);
	uint64_t rs = 0x9e3779b97f4a7c15ULL;
	for (int i = 0; i < n; i++)
		fill_random(&rs, ax + 2 * i, in + (size_t)i * (size_t)n_frames, n_frames);
	cr_expect_eq(tu_check_lanes(m, (size_t)n, ax, in, n_frames), paths_here(m));
	free(ax);
	free(in);
}

Test(celeste, lanes_edges)
{
	const js_model *m = celeste();
	static const char *const pats[] = {
		"", "1", "11", "10101010101", "111111111111111111111111111111111111111111111111",
		"1111111110111111011111", "1111111111111111111111111111111111011111111",
		"1111111110111111110111111101", "0000000000000000000000000000000011",
	};
	const int n_pats = (int)(sizeof pats / sizeof pats[0]);
	const int frame_counts[] = { 1, 2, 14, 15, 31, 32, 33, 39, 40, 64, 300 };
	for (size_t k = 0; k < sizeof frame_counts / sizeof frame_counts[0]; k++) {
		int n_frames = frame_counts[k];
		int n = n_pats * 4 + 2;
		int32_t *ax = calloc(2 * (size_t)n, sizeof(int32_t));
		uint8_t *in = calloc((size_t)n * (size_t)n_frames, 1);
		int i = 0;
		for (int p = 0; p < n_pats; p++)
			for (int v = 0; v < 4; v++, i++) {
				ax[2 * i + DT] = v & 1;
				ax[2 * i + DOWN] = v >> 1;
				for (int f = 0; f < n_frames; f++)
					in[(size_t)i * (size_t)n_frames + (size_t)f] =
						(uint8_t)(((f < (int)strlen(pats[p]) && pats[p][f] == '1') ? JS_IN_JUMP : 0) |
							  ((v >> 1) ? JS_IN_DOWN : 0));
			}
		for (; i < n; i++) /* a press on the last frame; all buttons always */
			for (int f = 0; f < n_frames; f++)
				in[(size_t)i * (size_t)n_frames + (size_t)f] =
					(uint8_t)(i == n - 2 ? (f == n_frames - 1 ? JS_IN_JUMP : 0) : 3);
		cr_expect_eq(tu_check_lanes(m, (size_t)n, ax, in, n_frames), paths_here(m), "%d frames",
			     n_frames);
		free(ax);
		free(in);
	}
}

/* The whole lane state after every frame, float bits against the reference's trace. */
Test(celeste, lane_state_bits)
{
	const js_model *m = celeste();
	const int n_frames = 128;
	uint64_t rs = 0x243f6a8885a308d3ULL;
	for (int rep = 0; rep < 40; rep++) {
		int32_t ax[JS_BLOCK][2];
		uint8_t in[JS_BLOCK][128];
		for (int l = 0; l < JS_BLOCK; l++)
			fill_random(&rs, ax[l], in[l], n_frames);
		int32_t axcol[2][JS_BLOCK];
		for (int l = 0; l < JS_BLOCK; l++) {
			axcol[DT][l] = ax[l][DT];
			axcol[DOWN][l] = ax[l][DOWN];
		}
		uint32_t planes_mem[JS_N_BUTTONS][4 * JS_BLOCK];
		uint32_t *planes[JS_N_BUTTONS];
		for (int b = 0; b < JS_N_BUTTONS; b++)
			planes[b] = planes_mem[b];
		for (int l = 0; l < JS_BLOCK; l++)
			js_pack_planes(in[l], n_frames, planes, l);
		int64_t rise[JS_BLOCK];
		int32_t apex[JS_BLOCK], air[JS_BLOCK];
		uint32_t flags[JS_BLOCK];
		js_lane_args args = { .n_lanes = JS_BLOCK, .n_frames = n_frames, .rise = rise,
				      .apex_frame = apex, .airtime = air, .flags = flags };
		args.axis[DT] = axcol[DT];
		args.axis[DOWN] = axcol[DOWN];
		for (int b = 0; b < JS_N_BUTTONS; b++)
			args.input[b] = planes[b];
		memset(lt_frames, 0, sizeof lt_frames);
		celeste_lane_lanetrace(&args);
		int most = 0;
		for (int l = 0; l < JS_BLOCK; l++) {
			_Alignas(16) unsigned char st[JS_STATE_MAX];
			char buf[256];
			cel_row r;
			m->init(st, ax[l]);
			/* every group steps at least 4 frames (its first done test) */
			cr_assert_geq(lt_frames[l], 4, "rep %d lane %d: frames traced", rep, l);
			most = lt_frames[l] > most ? lt_frames[l] : most;
			for (int f = 0; f < lt_frames[l]; f++) {
				m->step(st, in[l][f]);
				m->trace_row(st, buf, sizeof buf);
				parse_row(buf, &r);
				float ref[7] = { r.rem, r.speed, r.max_fall, r.var_timer, r.var_speed,
						 r.grace, r.buffer };
				cr_assert_eq((int32_t)lt_state[f][0][l], r.y, "rep %d lane %d frame %d: y",
					     rep, l, f);
				for (int v = 0; v < 7; v++) {
					uint32_t bits;
					memcpy(&bits, &ref[v], 4);
					cr_assert_eq(lt_state[f][v + 1][l], bits,
						     "rep %d lane %d frame %d: field %d bits %#x, reference %#x",
						     rep, l, f, v + 1, lt_state[f][v + 1][l], bits);
				}
			}
		}
		cr_assert_geq(most, 8, "rep %d: frames traced", rep);
	}
}

/* ---- fuzz starts (model.h: fields, invariants, js_lane_args.start) ---- */

static int cel_field(const char *name)
{
	const js_model *m = celeste();
	for (int i = 0; i < m->n_fields; i++)
		if (strcmp(m->fields[i].name, name) == 0)
			return i;
	cr_assert_fail("celeste has no field %s", name);
	return -1;
}

static void cel_set(js_case *c, const char *name, double v)
{
	int i = cel_field(name);
	c->set[0] |= 1u << i;
	c->val[0][i] = v;
}

/* Starts from any state the fields allow (y up to 2048 px above the floor, speeds -105..240,
 * remainders within half a pixel, maxFall 160..240, timers and the buffer mid-way): every lane
 * path agrees with the reference, and no start breaks an invariant or misses the landing bound. */
Test(celeste, lanes_equal_reference_from_fuzz_starts)
{
	const js_model *m = celeste();
	int with_fields = tu_check_random_starts(m, 300, 200, 31);
	cr_assert_gt(with_fields, 100);
	with_fields = tu_check_random_starts(m, 40, JS_CASE_FRAMES, 32);
	cr_assert_gt(with_fields, 10);

	js_case *c = malloc(sizeof *c);
	cr_assert_not_null(c);
	uint64_t rs = 0xce1e57e;
	for (int i = 0; i < 300; i++) {
		uint8_t bytes[512];
		for (size_t k = 0; k < sizeof bytes; k++)
			bytes[k] = (uint8_t)(tu_rand(&rs) >> 56);
		js_case_decode(c, bytes, sizeof bytes, m);
		for (int l = 0; l < c->n_lanes; l++) {
			js_break b;
			cr_assert_eq(js_case_breaks(c, l, &b), JS_BREAK_NONE,
				     "case %d lane %d: break kind %d inv %d frame %d", i, l, b.kind, b.inv,
				     b.frame);
		}
	}
	free(c);
}

/* A coyote jump from a fuzz start, by hand (dt fna, (float)0.0166667; 900 * dt = 15.0000296):
 * Madeline 10 px above the floor falling at 50 px/s with 0.05 s of jumpGraceTimer left, the
 * button up last update and pressed on frame 0.  Update 0: the press sets the buffer (0.08);
 * not on the ground, so the grace counts down (0.05 - dt > 0); gravity 50 -> 65.0000305; no var
 * jump (timer 0); Pressed with grace > 0 -> Jump(): Speed.Y -105, varJumpTimer 0.2, grace 0;
 * MoveV(-105 * dt = -1.75000346) rounds to -2: y -12, remainder 0.249996543.  The var-jump
 * timer went up, but only through Jump(), which var_timer allows: no invariant breaks. */
Test(celeste, fuzz_start_coyote_jump_by_hand)
{
	const js_model *m = celeste();
	js_case c;
	memset(&c, 0, sizeof c);
	c.m = m;
	c.n_lanes = 1;
	c.n_frames = 80;
	cel_set(&c, "y", -10);
	cel_set(&c, "speed", 50);
	cel_set(&c, "jump_grace_timer", 0.05);
	cel_set(&c, "prev_jump", 0);
	c.input[0][0] = JS_IN_JUMP;
	celeste_state st;
	js_case_start(&c, 0, &st);
	m->step(&st, JS_IN_JUMP);
	cr_expect_eq(st.y, -12);
	cr_expect_eq(st.speed, -105.0f);
	cr_expect_eq(st.var_jump_timer, 0.2f);
	cr_expect_eq(st.var_jump_speed, -105.0f);
	cr_expect_eq(st.jump_grace_timer, 0.0f);
	cr_expect_eq(st.jump_buffer, 0.0f);
	cr_expect_eq(st.remainder, 0.249996543f);
	js_break b;
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "kind %d inv %d frame %d", b.kind,
		     b.inv, b.frame);
	char why[512];
	cr_expect_eq(js_case_diff(&c, why, sizeof why), 0, "%s", why);
}

/* The fall cap holds from above maxFall: a start falling at FastMaxFall 240 px/s with maxFall
 * back at 160 (Down released).  Update 0: Approach(240, 160, 15.0000296) = 224.999969, a slower
 * fall, moving 224.999969 * dt = 3.75000691 px (y -100 -> -96).  The speed then comes down to
 * 160 (5 more updates: 209.99994, ..., 165.000, 160) and stays; nothing breaks, and she lands
 * within the bound. */
Test(celeste, fuzz_start_fall_cap_from_fast_fall)
{
	const js_model *m = celeste();
	js_case c;
	memset(&c, 0, sizeof c);
	c.m = m;
	c.n_lanes = 1;
	c.n_frames = 60;
	cel_set(&c, "y", -100);
	cel_set(&c, "speed", 240);
	cel_set(&c, "max_fall", 160);
	celeste_state st;
	js_case_start(&c, 0, &st);
	m->step(&st, 0);
	cr_expect_eq(st.speed, 224.999969f);
	cr_expect_eq(st.y, -96);
	for (int f = 1; f < 7; f++)
		m->step(&st, 0);
	cr_expect_eq(st.speed, 160.0f);
	js_break b;
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "kind %d inv %d frame %d", b.kind,
		     b.inv, b.frame);
}
