/* tests/test_pop.c - Prince of Persia: seed claim 36 (Gravity page), the landing grades, the
 * scripted jumps, frame-by-frame values derived by hand from SEQTABLE.S / SUBS.S GRAVITY / CTRL.S
 * (jmechner/Prince-of-Persia-Apple-II), whole moves checked against an independent Python
 * re-computation that parses SEQTABLE.S itself, and lane kernel == reference on every ISA. */
#include <stdio.h>

#include "testutil.h"

enum { STANDJUMP, RUNJUMP, STEPFALL, HIGHJUMP };
#define FLAG_LAND_SOFT (1u << 8)
#define FLAG_LAND_HURT (1u << 9)
#define FLAG_LAND_FATAL (1u << 10)
#define FLAG_TERMINAL (1u << 11)
#define FLAG_WTLESS_CAP (1u << 12)
#define FLAG_WTLESS_GRAVITY (1u << 13)
#define FLAG_FLOOR_PASSED (1u << 14)
#define FLAG_FLOAT (1u << 15)

typedef struct row {
	int y;
	unsigned yvel, action, posn, brow, wtless, seq;
	uint32_t flags;
	int grounded;
	int64_t height;
} row;

static const tu_field pop_fields[] = {
	TU_FIELD(row, y, "y"),
	TU_FIELD(row, yvel, "yvel"),
	TU_FIELD(row, action, "action"),
	TU_FIELD(row, posn, "posn"),
	TU_FIELD(row, brow, "row"),
	TU_FIELD(row, wtless, "wtless"),
	TU_FIELD(row, seq, "seq"),
	TU_FIELD(row, flags, "flags"),
	TU_FIELD(row, grounded, "grounded"),
	TU_FIELD(row, height, "height_sub"),
};

static void run_rows(int move, int drop, int wtless, const uint8_t *in, int n, row *rows)
{
	const int32_t ax[] = { move, drop, wtless };
	TU_ROWS(tu_model("pop"), ax, in, n, pop_fields, rows);
	for (int f = 0; f < n; f++)
		cr_assert_eq(rows[f].height, -(int64_t)rows[f].y);
}

static void press_rows(int move, int drop, int wtless, int n, row *rows)
{
	uint8_t in[300];
	tu_hold(in, n, 1, 0);
	run_rows(move, drop, wtless, in, n, rows);
}

/* Claim 36 and setfall, by hand: a step off a ledge 4 rows (252 px) high.  The press cycle:
 * startfall -> stepfall: act 3, chx 1, chy 3, ifwtless (not weightless), frame 102: y 3.  Then
 * fall1: chy 6 (y 9), chy 9 (18), chy 12 (30): CharAction 3, no gravity, CharYVel 0.  Cycle 4:
 * setfall 1, 15; goto freefall: act 4, frame 106; GRAVITY (action 4 now): 15 + 3 = 18; ADDFALL:
 * y 48.  Then + 3 a cycle: 21 (69), 24 (93), 27 (120), 30 (150), 33 (183: 30 + 3 = 33 is not
 * below TermVelocity, so the clamp runs), 33 (216), 33 (249), 33 (282 >= 252: hitflr).  Frame
 * 12: CharYVel 33 >= DeathVelocity: hardland, whose first frame is chy -2: y 250. */
Test(pop, claim36_fall_gravity_by_hand)
{
	row r[16];
	press_rows(STEPFALL, 4, 0, 16, r);
	const int y[13] = { 3, 9, 18, 30, 48, 69, 93, 120, 150, 183, 216, 249, 250 };
	const unsigned v[12] = { 0, 0, 0, 0, 18, 21, 24, 27, 30, 33, 33, 33 };
	for (int f = 0; f < 13; f++)
		cr_expect_eq(r[f].y, y[f], "frame %d: y %d, expected %d", f, r[f].y, y[f]);
	for (int f = 0; f < 12; f++) {
		cr_expect_eq(r[f].yvel, v[f], "frame %d: CharYVel %u, expected %u", f, r[f].yvel, v[f]);
		cr_expect_eq(r[f].action, f < 4 ? 3u : 4u, "frame %d", f);
		cr_expect_eq(r[f].grounded, 0, "frame %d", f);
		cr_expect_eq(!!(r[f].flags & FLAG_TERMINAL), f >= 9, "frame %d", f);
	}
	cr_expect_eq(r[0].posn, 102);
	cr_expect_eq(r[4].posn, 106);
	cr_expect_eq(r[4].seq, 12, "freefall");
	cr_expect_eq(r[12].grounded, 1);
	cr_expect_eq(r[12].flags & (FLAG_LAND_SOFT | FLAG_LAND_HURT | FLAG_LAND_FATAL), FLAG_LAND_FATAL);
	cr_expect_eq(r[12].seq, 22, "hardland");
	cr_expect_eq(r[12].yvel, 0);
	/* the floor planes passed on the way (no floor on those rows): 63 on frame 5 (69), 126 on
	 * frame 8 (150), 189 on frame 10 (216) */
	for (int f = 0; f < 12; f++)
		cr_expect_eq(!!(r[f].flags & FLAG_FLOOR_PASSED), f == 5 || f == 8 || f == 10, "frame %d", f);
}

/* Claim 36, weightless: gravity 1, cap 4.  Stepfall with the potion's 200: stepfall's ifwtless
 * branches to stepfloat (flag float): chy 3, then 3, 4, 5 (y 3, 6, 10, 15); setfall 1, 6, then
 * GRAVITY weightless: 6 + 1 = 7 >= 4 -> 4 (flag wtless_cap), y 19, then 4 a cycle.  A jumpfall
 * (standjump off a ledge) has no ifwtless: 3, 9, 18, 30, then setfall 15 + 1 -> 4. */
Test(pop, claim36_weightless_by_hand)
{
	row r[30];
	press_rows(STEPFALL, 1, 200, 30, r);
	cr_expect(r[0].flags & FLAG_FLOAT);
	const int y[8] = { 3, 6, 10, 15, 19, 23, 27, 31 };
	for (int f = 0; f < 8; f++)
		cr_expect_eq(r[f].y, y[f], "frame %d: y %d, expected %d", f, r[f].y, y[f]);
	for (int f = 4; f < 12; f++) {
		cr_expect_eq(r[f].yvel, 4, "frame %d", f);
		cr_expect(r[f].flags & FLAG_WTLESS_GRAVITY, "frame %d", f);
		cr_expect(r[f].flags & FLAG_WTLESS_CAP, "frame %d", f);
	}
	cr_expect_eq(r[4].wtless, 200 - 5, "wtlessflash counts every cycle");
	press_rows(STANDJUMP, 1, 200, 30, r);
	cr_expect_eq(r[13].y, 30);
	cr_expect_eq(r[14].y, 34);
	cr_expect_eq(r[14].yvel, 4);
	cr_expect(!(r[10].flags & FLAG_FLOAT));
}

/* Weightlessness running out mid-fall, by hand: stepfall, 2 rows, timer 10 at frame 0.  The
 * timer is still > 0 after its decrement on cycles 0-8 (10 > f + 1): stepfloat (3, 6, 10, 15),
 * setfall 6 -> 4, 4 px a cycle to 35 on frame 8; frame 9 normal gravity: 4 + 3 = 7 (42), 10
 * (52), 13 (65: row 1's plane passed), 16 (81), 19 (100), 22 (122), 25 (147 >= 126): CharYVel
 * 25 >= 22: medland, y 126 - 2. */
Test(pop, weightless_runs_out)
{
	row r[20];
	press_rows(STEPFALL, 2, 10, 20, r);
	const int y[16] = { 3, 6, 10, 15, 19, 23, 27, 31, 35, 42, 52, 65, 81, 100, 122, 124 };
	for (int f = 0; f < 16; f++)
		cr_expect_eq(r[f].y, y[f], "frame %d: y %d, expected %d", f, r[f].y, y[f]);
	cr_expect_eq(r[9].yvel, 7);
	cr_expect(r[8].flags & FLAG_WTLESS_GRAVITY);
	cr_expect(!(r[9].flags & FLAG_WTLESS_GRAVITY));
	cr_expect(r[15].flags & FLAG_LAND_HURT);
	cr_expect_eq(r[15].grounded, 1);
}

/* Claim 36: in any other action gravity does nothing: the jumps (action 1) keep CharYVel 0
 * and move only by their chy bytes. */
Test(pop, claim36_no_gravity_outside_freefall)
{
	row r[30];
	const int moves[3] = { STANDJUMP, RUNJUMP, HIGHJUMP };
	for (int i = 0; i < 3; i++) {
		press_rows(moves[i], 0, 0, 30, r);
		for (int f = 0; f < 30; f++) {
			cr_expect_eq(r[f].yvel, 0, "move %d frame %d", moves[i], f);
			cr_expect_neq(r[f].action, 4, "move %d frame %d", moves[i], f);
		}
	}
}

/* The scripted jumps on flat ground (drop 0), from the chy bytes: standjump's frame 25 (k 9)
 * chy -6 and frame 26 chy +6; runjump chy -3, -9, -2, +11, +3 on k 6-10; highjump's frame 79
 * chy -4, -2, (0), +2, +4 on k 13-17.  Each lands where it took off. */
Test(pop, scripted_jumps_by_hand)
{
	row r[30];
	press_rows(STANDJUMP, 0, 0, 30, r);
	for (int f = 0; f < 30; f++)
		cr_expect_eq(r[f].y, f == 9 ? -6 : 0, "standjump frame %d: y %d", f, r[f].y);
	cr_expect_eq(r[9].posn, 25);
	cr_expect_eq(r[10].posn, 26);
	press_rows(RUNJUMP, 0, 0, 30, r);
	for (int f = 0; f < 30; f++) {
		int e = f == 6 ? -3 : f == 7 ? -12 : f == 8 ? -14 : f == 9 ? -3 : 0;
		cr_expect_eq(r[f].y, e, "runjump frame %d: y %d", f, r[f].y);
	}
	cr_expect_eq(r[11].seq, 0, "back to runcyc1");
	press_rows(HIGHJUMP, 4, 0, 30, r);
	for (int f = 0; f < 30; f++) {
		int e = f == 13 ? -4 : f == 14 ? -6 : f == 15 ? -6 : f == 16 ? -4 : 0;
		cr_expect_eq(r[f].y, e, "highjump frame %d: y %d", f, r[f].y);
	}
	cr_expect_eq(r[17].seq, 11, "hangdrop");
	struct { int move; int64_t rise; int apex, air; } c[] = {
		{ STANDJUMP, 6, 9, 11 }, { RUNJUMP, 14, 8, 11 }, { HIGHJUMP, 6, 14, 18 },
	};
	for (int i = 0; i < 3; i++) {
		js_acc a = tu_ref_hold(tu_model("pop"), (int32_t[]){ c[i].move, 0, 0 }, 1, 0, 64);
		cr_expect_eq(a.rise, c[i].rise, "move %d", c[i].move);
		cr_expect_eq(a.apex_frame, c[i].apex, "move %d", c[i].move);
		cr_expect_eq(a.airtime, c[i].air, "move %d", c[i].move);
		cr_expect_eq(a.flags, 0, "move %d: %#x", c[i].move, a.flags);
	}
}

/* Landing grades (CTRL.S hitflr: OofVelocity 22, DeathVelocity 33), by hand from the fall above:
 * 1 row (63 px): passed on the cycle CharYVel reaches 21 (48 + 21 = 69): soft, y 63; 2 rows
 * (126): 120 + 30 = 150 on frame 8: 30 -> hurt (medland, y 124); 3 rows (189): 183 + 33 = 216 on
 * frame 10: 33 -> fatal (hardland, y 187).  A fall ending at 18 or 21 is soft, 24-30 hurt, 33
 * fatal: one storey is safe, two hurt, three kill. */
Test(pop, landing_grades)
{
	struct { int drop, frame, y; unsigned vy; uint32_t grade; } c[] = {
		{ 1, 5, 63, 21, FLAG_LAND_SOFT }, { 2, 8, 124, 30, FLAG_LAND_HURT },
		{ 3, 10, 187, 33, FLAG_LAND_FATAL },
	};
	for (int i = 0; i < 3; i++) {
		row r[16];
		press_rows(STEPFALL, c[i].drop, 0, 16, r);
		int f = c[i].frame;
		cr_expect_eq(r[f - 1].grounded, 0);
		cr_expect_eq(r[f - 1].yvel + (c[i].vy == 33 ? 0u : 3u), c[i].vy, "drop %d", c[i].drop);
		cr_expect_eq(r[f].grounded, 1, "drop %d", c[i].drop);
		cr_expect_eq(r[f].y, c[i].y, "drop %d: y %d", c[i].drop, r[f].y);
		cr_expect_eq(r[f].flags & (FLAG_LAND_SOFT | FLAG_LAND_HURT | FLAG_LAND_FATAL), c[i].grade,
			     "drop %d", c[i].drop);
		js_acc a = tu_ref_hold(tu_model("pop"), (int32_t[]){ STEPFALL, c[i].drop, 0 }, 1, 0, 64);
		cr_expect_eq(a.airtime, f + 1);
		cr_expect(a.flags & c[i].grade);
		cr_expect(a.flags & JS_FLAG_BELOW_START);
		cr_expect_eq(a.rise, 0);
	}
}

/* Whole moves.  Expected values from an independent Python re-computation that parses the
 * sequences out of SEQTABLE.S (and Fcheck out of FRAMEDEF.S) and runs the DoKid cycle
 * (/tmp/gba-py/pop.py at the time of writing; not derived from the C).  Columns: move, drop,
 * timer, press frame, rise, apex, airtime, grade flag. */
Test(pop, whole_moves)
{
	struct { int move, drop, w, p; int64_t rise; int apex, air; uint32_t grade; } c[] = {
		{ STANDJUMP, 0, 0, 0, 6, 9, 11, 0 },
		{ STANDJUMP, 1, 0, 0, 6, 9, 16, FLAG_LAND_SOFT },
		{ STANDJUMP, 2, 0, 0, 6, 9, 19, FLAG_LAND_HURT },
		{ STANDJUMP, 3, 200, 0, 6, 9, 54, FLAG_LAND_SOFT },
		{ RUNJUMP, 0, 0, 0, 14, 8, 11, 0 },
		{ RUNJUMP, 2, 0, 0, 14, 8, 19, FLAG_LAND_HURT },
		{ RUNJUMP, 4, 200, 0, 14, 8, 70, FLAG_LAND_SOFT },
		{ RUNJUMP, 2, 20, 5, 14, 13, 24, FLAG_LAND_HURT },
		{ STEPFALL, 1, 0, 0, 0, 0, 6, FLAG_LAND_SOFT },
		{ STEPFALL, 3, 10, 0, 0, 0, 18, FLAG_LAND_HURT },
		{ STEPFALL, 4, 0, 0, 0, 0, 13, FLAG_LAND_FATAL },
		{ STEPFALL, 5, 200, 0, 0, 0, 79, FLAG_LAND_SOFT },
		{ STEPFALL, 15, 0, 0, 0, 0, 34, FLAG_LAND_FATAL },
		{ STEPFALL, 15, 255, 0, 0, 0, 237, FLAG_LAND_SOFT },
		{ STEPFALL, 2, 10, 3, 0, 0, 16, FLAG_LAND_HURT },
		{ HIGHJUMP, 3, 200, 0, 6, 14, 18, 0 },
		{ STANDJUMP, 15, 60, 0, 6, 9, 86, FLAG_LAND_FATAL },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		uint8_t in[400] = { 0 };
		for (int f = c[i].p; f < 400; f++)
			in[f] = JS_IN_JUMP;
		js_acc a;
		js_reference_run(tu_model("pop"), (int32_t[]){ c[i].move, c[i].drop, c[i].w }, in, 400, &a);
		cr_expect_eq(a.rise, c[i].rise, "case %zu: rise %lld", i, (long long)a.rise);
		cr_expect_eq(a.apex_frame, c[i].apex, "case %zu: apex %d", i, a.apex_frame);
		cr_expect_eq(a.airtime, c[i].air, "case %zu: airtime %d", i, a.airtime);
		cr_expect_eq(a.flags & (FLAG_LAND_SOFT | FLAG_LAND_HURT | FLAG_LAND_FATAL), c[i].grade,
			     "case %zu: flags %#x", i, a.flags);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED), 0, "case %zu", i);
	}
}

/* No press: nothing.  Stepfall with no drop: the floor goes on, the kid runs on, no take-off. */
Test(pop, no_press_and_no_drop)
{
	js_acc a = tu_ref_hold(tu_model("pop"), (int32_t[]){ STANDJUMP, 2, 0 }, 0, 0, 64);
	cr_expect(a.flags & JS_FLAG_NO_TAKEOFF);
	a = tu_ref_hold(tu_model("pop"), (int32_t[]){ STEPFALL, 0, 0 }, 1, 0, 64);
	cr_expect(a.flags & JS_FLAG_NO_TAKEOFF);
	cr_expect_eq(a.rise, 0);
}

static void check_lanes(size_t n, int n_frames, uint64_t seed, int mode)
{
	const js_model *m = tu_model("pop");
	int32_t *ax = malloc(n * 3 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		ax[3 * i] = (int32_t)(tu_rand(&seed) % 4);
		ax[3 * i + 1] = (int32_t)(tu_rand(&seed) % 16);
		uint64_t w = tu_rand(&seed) % 4;
		ax[3 * i + 2] = (int32_t)(w == 0 ? 0 : w == 1 ? tu_rand(&seed) % 40 : tu_rand(&seed) % 256);
		int h = (int)(tu_rand(&seed) % 40);
		int p = (int)(tu_rand(&seed) % 64);
		for (int f = 0; f < n_frames; f++) {
			unsigned b;
			if (mode == 0)
				b = f < h;
			else if (mode == 1)
				b = (unsigned)(tu_rand(&seed) & 1);
			else if (mode == 2)
				b = (unsigned)((tu_rand(&seed) % 16) == 0);
			else if (mode == 3)
				b = f >= p && f < p + 3;
			else /* one press late in a long run: frame numbers near JS_MAX_FRAMES */
				b = f == n_frames - 1 - p * 4;
			in[i * (size_t)n_frames + (size_t)f] = (uint8_t)(b ? JS_IN_JUMP : 0);
		}
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

Test(pop, lanes_equal_reference_holds) { check_lanes(4000, 300, 1, 0); }
Test(pop, lanes_equal_reference_random) { check_lanes(4000, 300, 2, 1); }
Test(pop, lanes_equal_reference_sparse_presses) { check_lanes(4000, 300, 3, 2); }
Test(pop, lanes_equal_reference_late_presses) { check_lanes(4000, 360, 4, 3); }
Test(pop, lanes_partial_block_short_limit) { check_lanes(7, 20, 5, 1); }
Test(pop, lanes_late_press_max_frames) { check_lanes(512, JS_MAX_FRAMES, 6, 4); }
/* frame limits that cut moves short in every phase (wind-up, script, fall script, free fall) */
Test(pop, lanes_truncated)
{
	for (int n = 1; n <= 48; n++)
		check_lanes(256, n, 100 + (uint64_t)n, 3);
}

/* ---- fuzz starts (model.h fields, fuzz_fix, invariants, land_bound) ---- */

static int pop_field(const js_model *m, const char *name)
{
	for (int i = 0; i < m->n_fields; i++)
		if (strcmp(m->fields[i].name, name) == 0)
			return i;
	cr_assert_fail("pop has no field %s", name);
	return -1;
}

/* One lane, the given move / drop, axis timer 0; the five fields set; no buttons. */
static void pop_case(js_case *c, int move, int drop, double action, double yvel, double y,
		     double brow, double wtless, int n_frames)
{
	memset(c, 0, sizeof *c);
	c->m = tu_model("pop");
	c->n_lanes = 1;
	c->n_frames = n_frames;
	c->axis[0][0] = move;
	c->axis[0][1] = drop;
	const char *const names[] = { "action", "yvel", "y", "row", "weightless" };
	const double vals[] = { action, yvel, y, brow, wtless };
	for (int k = 0; k < 5; k++) {
		int i = pop_field(c->m, names[k]);
		c->set[0] |= 1u << i;
		c->val[0][i] = vals[k];
	}
}

/* Starts from any state the fields allow (free fall from any CharY, CharYVel 0-33 and floor row,
 * or before the press, with any weightless timer): every lane path agrees with the reference
 * frame by frame, on blocks with and without free-fall lanes. */
Test(pop, lanes_equal_reference_from_fuzz_starts)
{
	int with_fields = tu_check_random_starts(tu_model("pop"), 300, 200, 11);
	cr_assert_gt(with_fields, 100);
	with_fields = tu_check_random_starts(tu_model("pop"), 100, 512, 12);
	cr_assert_gt(with_fields, 30);
}

/* A free-fall start, by hand (SUBS.S GRAVITY, ADDFALL; CTRL.S falling, hitflr): standjump onto a
 * floor 2 rows down (FloorY 126), the kid at CharY 86 on row 2 falling at 15.  Cycle 0: 15 + 3 =
 * 18, y 104; cycle 1: 21, y 125 (< 126: not yet); cycle 2: 24, y 149 >= 126, row 2 is the landing
 * row: hitflr, CharYVel 24 >= OofVelocity 22: medland, CharY = 126 and its first frame's chy -2:
 * 124, land_hurt.  Airtime 3, the rise 0 (he never got above the take-off floor), below_start.
 * No invariant breaks; the lane kernels agree. */
Test(pop, free_fall_start_by_hand)
{
	js_case c;
	pop_case(&c, STANDJUMP, 2, 4, 15, 86, 2, 0, 6);
	unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	const int y_after[3] = { 104, 125, 124 };
	const unsigned v_after[3] = { 18, 21, 0 };
	js_obs o;
	for (int f = 0; f < 3; f++) {
		c.m->step(st, 0);
		c.m->observe(st, &o);
		char buf[128];
		c.m->trace_row(st, buf, sizeof buf);
		int y;
		unsigned yvel;
		cr_assert_eq(sscanf(buf, "%d,%u", &y, &yvel), 2);
		cr_expect_eq(y, y_after[f], "cycle %d: %s", f, buf);
		cr_expect_eq(yvel, v_after[f], "cycle %d: %s", f, buf);
		cr_expect_eq(o.grounded, f == 2, "cycle %d", f);
	}
	cr_expect_eq(o.flags, FLAG_LAND_HURT);
	js_acc a;
	js_case_start(&c, 0, st);
	js_reference_run_from(c.m, st, c.input[0], 6, &a);
	js_acc_finish(&a);
	cr_expect_eq(a.airtime, 3);
	cr_expect_eq(a.rise, 0);
	cr_expect_eq(a.flags, FLAG_LAND_HURT | JS_FLAG_BELOW_START);
	js_break b;
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE);
	char why[512];
	cr_expect_eq(js_case_diff(&c, why, sizeof why), 0, "%s", why);
}

/* wtless_cap holds, by hand: falling at TermVelocity 33 when the timer reads 3.  Cycle 0:
 * wtlessflash 3 -> 2, weightless: 33 + 1 >= 4 -> 4 (wtless_cap); cycle 1: 2 -> 1, 4 + 1 -> 4;
 * cycle 2: 1 -> 0, normal gravity again: 4 + 3 = 7.  The invariants hold on every cycle. */
Test(pop, weightless_cap_from_terminal_velocity)
{
	js_case c;
	pop_case(&c, STEPFALL, 4, 4, 33, 100, 2, 3, 3);
	unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	const unsigned v_after[3] = { 4, 4, 7 };
	const uint32_t fl[3] = { FLAG_WTLESS_GRAVITY | FLAG_WTLESS_CAP,
				 FLAG_WTLESS_GRAVITY | FLAG_WTLESS_CAP, 0 };
	for (int f = 0; f < 3; f++) {
		js_obs o;
		c.m->step(st, 0);
		c.m->observe(st, &o);
		char buf[128];
		c.m->trace_row(st, buf, sizeof buf);
		int y;
		unsigned yvel;
		cr_assert_eq(sscanf(buf, "%d,%u", &y, &yvel), 2);
		cr_expect_eq(yvel, v_after[f], "cycle %d: %s", f, buf);
		cr_expect_eq(o.flags, fl[f], "cycle %d: %s", f, buf);
	}
	js_break b;
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE);
	char why[512];
	cr_expect_eq(js_case_diff(&c, why, sizeof why), 0, "%s", why);
}

/* fuzz_fix: a free-fall start below its row's floor, or on a row past the landing row, is put
 * within the 63 px above the landing row's floor; a start that is not in free fall is init's,
 * its weightless timer kept. */
Test(pop, fuzz_fix_rows_and_ground_starts)
{
	js_case c;
	unsigned char st[JS_STATE_MAX];
	char buf[128];
	pop_case(&c, RUNJUMP, 3, 4, 20, 900, 9, 7, 1);
	js_case_start(&c, 0, st);
	c.m->trace_row(st, buf, sizeof buf);
	cr_expect_str_eq(buf, "188,20,4,106,3,7,12", "row 3 (the landing row), CharY 189 - 1");
	pop_case(&c, RUNJUMP, 3, 1, 20, 900, 9, 7, 1);
	js_case_start(&c, 0, st);
	c.m->trace_row(st, buf, sizeof buf);
	cr_expect_str_eq(buf, "0,0,1,7,0,7,84", "running before the press, the timer 7");
}

/* The landing bound: the slowest no-button landing falls weightless from 63 px above the
 * take-off floor to the deepest floor (pop.c land_bound: 254 cycles); every timer and a few
 * speeds from there land within it, and the longest timers reach it exactly. */
Test(pop, land_bound_slowest_corner)
{
	const js_model *m = tu_model("pop");
	int worst = 0;
	for (int w = 0; w <= 255; w++)
		for (int v = 0; v <= 33; v += 11) {
			js_case c;
			pop_case(&c, STANDJUMP, 15, 4, v, -63, 0, w, 1);
			js_break b;
			cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "w %d v %d: kind %d", w, v,
				     b.kind);
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
	cr_expect_eq(worst, m->land_bound);
}
