/* tests/test_castlevania.c - the Castlevania models: cv1 (Castlevania), cv2 (Simon's Quest), cv3
 * (Dracula's Curse), scv4 (Super Castlevania IV).
 *
 * For each: the seed claims on the game (Gravity page, refs 1, 2, 3, 4, 12), frame-by-frame values
 * derived by hand from the rules the model cites (each test says from which label or claim),
 * whole-jump rise / apex / airtime checked against an independent calculation, and the lane
 * kernels == the reference on every ISA over thousands of random lanes.
 *
 * The whole-jump figures were computed by a small Python script written separately from the C
 * models (exact integers and fractions.Fraction, written from the same facts: the seed claims,
 * castlevania3-disasm B28_18c6-B28_190a / B28_17dc / B28_0a02, Castlevania2 bank_3 _func_C57B /
 * _func_C2DE / the jump handlers), not by running the C code.
 */
#include <stdio.h>

#include "testutil.h"

static const js_model *model(const char *id)
{
	const js_model *m = js_model_find(id);
	cr_assert_not_null(m, "model %s registered", id);
	return m;
}

/* Steps the reference for frames 0..n-1 and keeps the trace row (the model's own columns) and
 * the observation after each step. */
typedef struct frame_row {
	int v[8];
	int64_t height;
	int grounded;
	uint32_t flags;
} frame_row;

static void run_rows(const js_model *m, const int32_t *ax, const uint8_t *in, int n, frame_row *rows,
		     const char *fmt, int n_cols)
{
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	char buf[256];
	js_obs o;
	m->init(st, ax);
	for (int f = 0; f < n; f++) {
		m->step(st, in[f]);
		m->observe(st, &o);
		m->trace_row(st, buf, sizeof buf);
		frame_row *r = &rows[f];
		memset(r, 0, sizeof *r);
		cr_assert_eq(sscanf(buf, fmt, &r->v[0], &r->v[1], &r->v[2], &r->v[3], &r->v[4], &r->v[5],
				    &r->v[6], &r->v[7]),
			     n_cols, "%s trace row '%s'", m->id, buf);
		r->height = o.height;
		r->grounded = o.grounded;
		r->flags = o.flags;
	}
}

static void hold_rows(const js_model *m, const int32_t *ax, int h, int n, frame_row *rows,
		      const char *fmt, int n_cols)
{
	uint8_t in[512];
	cr_assert_leq(n, 512);
	tu_hold(in, n, h, 0);
	run_rows(m, ax, in, n, rows, fmt, n_cols);
}

/* Lanes == reference: random axis values within [min, max], inputs by mode (0 holds, 1 random
 * bits, 2 sparse presses, 3 a press after a random delay then a hold, 4 a hold of 1..39 frames,
 * a press on the landing frame of that hold's jump, then random bits; but every eighth lane a
 * hold from frame 100..139, which keeps each group of lanes stepping past the next jumps of the
 * others).  Returns the number of lanes whose jump ends in a relaunch (JS_FLAG_RELAUNCH:
 * model.h's landing rule; cv2 only). */
/* cap: NULL, or the largest value of each axis (the axes' values are taken mod cap + 1). */
static size_t check_lanes_cap(const char *id, size_t n, int n_frames, uint64_t seed, int mode,
			      const int32_t *cap)
{
	const js_model *m = model(id);
	int na = m->n_axes;
	int32_t *ax = malloc(n * (size_t)na * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		for (int a = 0; a < na; a++) {
			const js_axis *x = &m->axes[a];
			uint64_t span = (uint64_t)(x->max - x->min) + 1;
			int32_t v = x->min + (int32_t)(tu_rand(&seed) % span);
			if (i % 16 == 0) /* edge cases: the ends of the range */
				v = (tu_rand(&seed) & 1) ? x->max : x->min;
			if (cap)
				v = x->min + (v - x->min) % (cap[a] - x->min + 1);
			ax[i * (size_t)na + (size_t)a] = v;
		}
		int h = (int)(tu_rand(&seed) % 64);
		int d = (int)(tu_rand(&seed) % 40);
		int land = -1;
		if (mode == 4) {
			h = 1 + h % 39; /* up on frame 39, before cv2's earliest landing (40) */
			land = tu_ref_hold(m, ax + i * (size_t)na, h, 0, n_frames).airtime - 1;
		}
		for (int f = 0; f < n_frames; f++) {
			unsigned b;
			if (mode == 0)
				b = f < h;
			else if (mode == 1)
				b = (unsigned)(tu_rand(&seed) & 1);
			else if (mode == 2)
				b = (unsigned)((tu_rand(&seed) % 9) == 0);
			else if (mode == 3 || (mode == 4 && i % 8 == 7))
				b = f >= d + 100 * (mode == 4) && f < d + 100 * (mode == 4) + h;
			else
				b = f < h || f == land || (f > land && (tu_rand(&seed) & 1));
			in[i * (size_t)n_frames + (size_t)f] = (uint8_t)(b ? JS_IN_JUMP : 0);
		}
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	size_t relaunch = 0;
	for (size_t i = 0; i < n; i++) {
		js_acc a;
		js_reference_run(m, ax + i * (size_t)na, in + i * (size_t)n_frames, n_frames, &a);
		relaunch += (a.flags & JS_FLAG_RELAUNCH) != 0;
	}
	free(ax);
	free(in);
	return relaunch;
}

static size_t check_lanes(const char *id, size_t n, int n_frames, uint64_t seed, int mode)
{
	return check_lanes_cap(id, n, n_frames, seed, mode, NULL);
}

/* ======================================================================== cv1 ========== */

#define CV1_FMT "%d,%d,%d,%d,%d"
enum { C1_Y, C1_STEP, C1_PTR, C1_DIR, C1_STATE };
static const int rise20[20] = { 5, 5, 3, 3, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0, 1, 0, 0, 0, 0 };

/* Claim 1 (castlevania/jump-table): the press frame 0 does not move (simonState_00 CODE_079401
 * sets the pointer to $9B90 and state 1 and returns: bogaa/DizCastlevania1 export/bank_07.asm);
 * frames 1..20 move by -5, -5, -3, ... (simonState_01 CODE_0794C5 -> the arc routine CODE_079B1E),
 * 36 px in all.  By hand: Y = $50 - the running sum: 75, 70, 67, 64, ... 44 after frame 16 (35 +
 * the 1 at entry 16), then 0s. */
Test(cv1, claim1_rise_table)
{
	frame_row r[64];
	hold_rows(model("cv1"), (int32_t[]){ 0 }, 1, 64, r, CV1_FMT, 5);
	cr_expect_eq(r[0].v[C1_STEP], 0, "the press frame does not move");
	cr_expect_eq(r[0].v[C1_Y], 0x50);
	cr_expect_eq(r[0].grounded, 0, "state 1 from the press frame on");
	cr_expect_eq(r[0].v[C1_PTR], 0x90, "the pointer on the first step ($9B90)");
	int sum = 0;
	for (int f = 1; f <= 20; f++) {
		sum += rise20[f - 1];
		cr_expect_eq(r[f].v[C1_STEP], -rise20[f - 1], "frame %d step %d", f, r[f].v[C1_STEP]);
		cr_expect_eq(r[f].height, sum, "frame %d", f);
		cr_expect_eq(r[f].v[C1_Y], 0x50 - sum, "frame %d", f);
		cr_expect_eq(r[f].v[C1_DIR], 0, "frame %d rising", f);
	}
	cr_expect_eq(sum, 36);
	cr_expect_eq(r[16].height, 36, "the top is reached with entry 16");
	cr_expect_eq(r[15].height, 35);
}

/* The turn (CODE_079B31-079B40): frame 21 reads the $81, flips the direction (EOR #$01), steps
 * the pointer back (CODE_079B7C) and jumps back to CODE_079B1F, which reads entry 20 again, now
 * falling: it moves by -$00 = 0 px and steps the pointer back once more.  So the pointer goes
 * $A4 -> $A2 in one frame (CV1-controls' "crest: A4->A2"), and frames 22..40 fall by entries
 * 19..1 back to the take-off height, after the last of them the pointer on the $80 ($8F, "end:
 * 8F").  The floor is looked for after the move (CODE_0794CA: direction 1 -> CODE_079E70, Y +
 * $10 in a solid tile): frame 40 reaches Y $50 and lands (state 0, Y &= $F8 then $F0). */
Test(cv1, turn_and_reversed_fall)
{
	frame_row r[64];
	hold_rows(model("cv1"), (int32_t[]){ 0 }, 1, 64, r, CV1_FMT, 5);
	cr_expect_eq(r[1].v[C1_PTR], 0x91, "after the first step");
	cr_expect_eq(r[20].v[C1_PTR], 0xa4);
	cr_expect_eq(r[21].v[C1_STEP], 0);
	cr_expect_eq(r[21].v[C1_PTR], 0xa2);
	cr_expect_eq(r[21].v[C1_DIR], 1);
	cr_expect_eq(r[22].v[C1_PTR], 0xa1);
	cr_expect_eq(r[21].height, 36);
	for (int f = 22; f <= 40; f++)
		cr_expect_eq(r[f].v[C1_STEP], rise20[40 - f], "frame %d falls by entry %d", f, 40 - f + 1);
	cr_expect_eq(r[40].height, 0);
	cr_expect_eq(r[40].v[C1_PTR], 0x8f);
	cr_expect_eq(r[40].v[C1_STEP], 5, "the landing frame moves");
	cr_expect_eq(r[40].grounded, 1, "frame 40: the feet in the floor after the move");
	cr_expect_eq(r[40].v[C1_STATE], 0);
	cr_expect_eq(r[39].grounded, 0);
	cr_expect_eq(r[39].height, 5);
}

/* Claim 2 (castlevania/table-end-fall): past the reversed table Simon falls 8 px a frame on the
 * $80 marker, pointer kept (CODE_079B43: $F8, negated falling; CODE_079B60: no pointer move).
 * drop 3 (48 px below): frames 41..46 move +8 each (Y $58..$80); frame 46's move reaches the
 * floor's standing Y $80 = $50 + 48 and lands (no snap needed); flag table_end on those frames,
 * the landing frame's included. */
Test(cv1, claim2_fall_past_table)
{
	frame_row r[64];
	hold_rows(model("cv1"), (int32_t[]){ 3 }, 1, 64, r, CV1_FMT, 5);
	for (int f = 41; f <= 46; f++) {
		cr_expect_eq(r[f].v[C1_STEP], 8, "frame %d", f);
		cr_expect_eq(r[f].v[C1_PTR], 0x8f, "frame %d: the pointer stays on the $80", f);
		cr_expect_eq(r[f].height, -8 * (f - 40), "frame %d", f);
		cr_expect(r[f].flags & (1u << 8), "frame %d table_end", f);
		cr_expect_eq(r[f].grounded, f == 46, "frame %d", f);
	}
	cr_expect_eq(r[46].v[C1_Y], 0x80);
	js_acc a = tu_ref_hold(model("cv1"), (int32_t[]){ 3 }, 1, 0, 64);
	cr_expect_eq(a.airtime, 47);
	cr_expect(a.flags & JS_FLAG_BELOW_START);
	cr_expect(a.flags & (1u << 8));
	a = tu_ref_hold(model("cv1"), (int32_t[]){ 0 }, 1, 0, 64);
	cr_expect_eq(a.flags, 0, "flat ground: back at the take-off height, lands: no flags");
}

/* No variable height: holding A longer changes nothing (claim 1's fixed table; state 1 reads A
 * only through the whip's B and never the jump button). */
Test(cv1, no_variable_height)
{
	frame_row a[64], b[64];
	hold_rows(model("cv1"), (int32_t[]){ 0 }, 1, 64, a, CV1_FMT, 5);
	hold_rows(model("cv1"), (int32_t[]){ 0 }, 64, 64, b, CV1_FMT, 5);
	for (int f = 0; f < 41; f++)
		cr_expect_eq(a[f].height, b[f].height, "frame %d", f);
}

/* Whole jumps, by hand from the routine above: rise 36, apex frame 16 (the press, then entries 1..16),
 * airtime 41 + 2 * drop (the press, 20 rises, the turn, 19 falls landing on frame 40 on flat
 * ground; each 16 px block below adds two 8 px frames, the last of them the landing). */
Test(cv1, whole_jumps)
{
	for (int d = 0; d < 8; d++) {
		js_acc a = tu_ref_hold(model("cv1"), (int32_t[]){ d }, 1, 0, 64);
		cr_expect_eq(a.rise, 36, "drop %d", d);
		cr_expect_eq(a.apex_frame, 16, "drop %d", d);
		cr_expect_eq(a.airtime, 41 + 2 * d, "drop %d: airtime %d", d, a.airtime);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED), 0);
	}
}

/* A press on frame 5 jumps then (frames count from 0); no press, no jump; a new press in the air
 * does nothing (state 1 never reads the jump button); the landing frame runs state 1, so a press
 * there is not seen, and r_inputPressed_1 is a new press only: held on, it does not jump; a new
 * press on the next frame does, moving first on the frame after it. */
Test(cv1, presses)
{
	js_acc a = tu_ref_hold(model("cv1"), (int32_t[]){ 0 }, 0, 0, 64);
	cr_expect(a.flags & JS_FLAG_NO_TAKEOFF);
	uint8_t in[128] = { 0 };
	in[5] = JS_IN_JUMP;
	js_reference_run(model("cv1"), (int32_t[]){ 0 }, in, 128, &a);
	cr_expect_eq(a.apex_frame, 5 + 16);
	cr_expect_eq(a.airtime, 5 + 41);
	for (int f = 6; f < 40; f += 2)
		in[f] = JS_IN_JUMP; /* re-presses in the air */
	js_reference_run(model("cv1"), (int32_t[]){ 0 }, in, 128, &a);
	cr_expect_eq(a.airtime, 5 + 41);
	frame_row r[128];
	memset(in, 0, sizeof in);
	in[0] = in[40] = in[41] = JS_IN_JUMP; /* pressed on the landing frame, held */
	run_rows(model("cv1"), (int32_t[]){ 0 }, in, 128, r, CV1_FMT, 5);
	cr_expect_eq(r[40].grounded, 1);
	cr_expect_eq(r[41].grounded, 1, "the press on the landing frame is lost");
	memset(in, 0, sizeof in);
	in[0] = in[41] = JS_IN_JUMP; /* a new press the frame after the landing */
	run_rows(model("cv1"), (int32_t[]){ 0 }, in, 128, r, CV1_FMT, 5);
	cr_expect_eq(r[41].grounded, 0);
	cr_expect_eq(r[41].height, 0, "the press frame does not move");
	cr_expect_eq(r[42].height, 5, "the second jump's first step");
}

Test(cv1, lanes_equal_reference_holds) { check_lanes("cv1", 3000, 96, 11, 0); }
Test(cv1, lanes_equal_reference_random) { check_lanes("cv1", 3000, 96, 12, 1); }
Test(cv1, lanes_equal_reference_sparse) { check_lanes("cv1", 3000, 160, 13, 2); }
Test(cv1, lanes_equal_reference_delayed) { check_lanes("cv1", 3000, 128, 14, 3); }
/* Frame limits that cut jumps short (lanes still airborne at the end: not_landed, the flags and
 * rise of a partial arc) and one under a frame word (32). */
Test(cv1, lanes_equal_reference_cut) { check_lanes("cv1", 3000, 47, 15, 3); check_lanes("cv1", 3000, 21, 115, 1); }
Test(cv1, lanes_partial_block) { check_lanes("cv1", 7, 80, 15, 1); }

/* ======================================================================== cv3 ========== */

#define CV3_FMT "%d,%d,%d,%d,%d,%d"
enum { C3_Y, C3_SPEED, C3_PTR, C3_PHASE, C3_STATE, C3_CROUCH };

/* The jump start (playerState02_standIdle -> setStateJumpIfCanJump, playerState06): frame 0 sets
 * PS_JUMP_START ($06), frame 1 PS_JUMPING ($08) with the pointer on 9, neither moves; frame 2 is
 * the first step.  Each step: wEntityVertSpeed from the table, then func_1c_0712 adds it to BaseY
 * the same frame (Y_f = Y_(f-1) + speed_f). */
Test(cv3, jump_start_and_step_order)
{
	frame_row r[80];
	hold_rows(model("cv3"), (int32_t[]){ 0 }, 1, 80, r, CV3_FMT, 6);
	cr_expect_eq(r[0].v[C3_STATE], 6);
	cr_expect_eq(r[0].grounded, 0);
	cr_expect_eq(r[0].height, 0);
	cr_expect_eq(r[1].v[C3_STATE], 8);
	cr_expect_eq(r[1].v[C3_PTR], 9);
	cr_expect_eq(r[1].height, 0);
	cr_expect_eq(r[2].v[C3_SPEED], -5);
	cr_expect_eq(r[2].v[C3_PTR], 10);
	cr_expect_eq(r[2].v[C3_Y], 0x50 - 5);
	for (int f = 2; f < 43; f++)
		cr_expect_eq(r[f].v[C3_Y], r[f - 1].v[C3_Y] + r[f].v[C3_SPEED], "frame %d", f);
}

/* Claim 3 (castlevania3/jump-table): from entry 9 the steps are Castlevania's 20 rises (frames
 * 2..21), the $81 turn (frame 22: speed 0, pointer 29 -> 28, phase 1), the reversed fall (frames
 * 23..42) back to the take-off height; on flat ground frame 43 finds the floor at the previous
 * position (B28_17dc) and lands without moving although the step read entry 8 (+5). */
Test(cv3, claim3_table_from_entry_9)
{
	frame_row r[80];
	hold_rows(model("cv3"), (int32_t[]){ 0 }, 1, 80, r, CV3_FMT, 6);
	for (int k = 0; k < 20; k++)
		cr_expect_eq(r[2 + k].v[C3_SPEED], -rise20[k], "frame %d", 2 + k);
	cr_expect_eq(r[21].height, 36);
	cr_expect_eq(r[17].height, 36, "apex reached on frame 17");
	cr_expect_eq(r[16].height, 35);
	cr_expect_eq(r[22].v[C3_SPEED], 0);
	cr_expect_eq(r[22].v[C3_PTR], 28);
	cr_expect_eq(r[22].v[C3_PHASE], 1);
	for (int k = 0; k < 20; k++)
		cr_expect_eq(r[23 + k].v[C3_SPEED], rise20[19 - k], "frame %d", 23 + k);
	cr_expect_eq(r[42].height, 0);
	cr_expect_eq(r[42].grounded, 0);
	cr_expect_eq(r[43].grounded, 1);
	cr_expect_eq(r[43].v[C3_Y], 0x50);
	cr_expect_eq(r[43].v[C3_SPEED], 5, "wEntityVertSpeed holds entry 8's +5, never moved");
	cr_expect_eq(r[43].v[C3_STATE], 2);
}

/* Claim 3: past the take-off height the fall reads entries 8..1 (5, 5, 5, 6, 6, 6, 6, 6) and then
 * the $80 keeps -table[1] = +6 px/frame, where Castlevania falls 8.  drop 7 (112 px): by hand the
 * depth below the take-off height after frames 43.. is 5, 10, 15, 21, 27, 33, 39, 45 (entry 1,
 * pointer now 0), then +6: 51, 57, ..., 105, 111 (frame 61), 117 (frame 62: 5 px past the floor's
 * 112); frame 63 finds the floor, snaps Y &= $F0 to 112 below, pointer 0: the heavy landing
 * ($b9 := 12). */
Test(cv3, claim3_fall_past_table)
{
	frame_row r[80];
	hold_rows(model("cv3"), (int32_t[]){ 7 }, 1, 80, r, CV3_FMT, 6);
	const int steps[8] = { 5, 5, 5, 6, 6, 6, 6, 6 };
	int depth = 0;
	for (int k = 0; k < 8; k++) {
		depth += steps[k];
		cr_expect_eq(r[43 + k].v[C3_SPEED], steps[k], "frame %d", 43 + k);
		cr_expect_eq(r[43 + k].height, -depth, "frame %d", 43 + k);
		cr_expect_eq(r[43 + k].flags & (1u << 8), 0, "frame %d: still in the table", 43 + k);
	}
	cr_expect_eq(r[50].v[C3_PTR], 0);
	for (int f = 51; f <= 62; f++) {
		depth += 6;
		cr_expect_eq(r[f].v[C3_SPEED], 6, "frame %d", f);
		cr_expect_eq(r[f].v[C3_PTR], 0, "frame %d", f);
		cr_expect_eq(r[f].height, -depth, "frame %d", f);
		cr_expect(r[f].flags & (1u << 8), "frame %d table_end", f);
	}
	cr_expect_eq(depth, 117);
	cr_expect_eq(r[62].grounded, 0);
	cr_expect_eq(r[63].grounded, 1);
	cr_expect_eq(r[63].height, -112);
	cr_expect_eq(r[63].v[C3_Y], 0x50 + 112);
	cr_expect(r[63].flags & (1u << 9), "snap");
	cr_expect(r[63].flags & (1u << 10), "heavy landing");
	cr_expect_eq(r[63].v[C3_CROUCH], 12);
}

/* The 12-frame crouch after a heavy landing (B28_1540): landing frame L = 63 sets $b9 = 12; frames
 * L+1..L+11 count it down and return before the press check; frame L+12 counts it to 0 and reads
 * the press.  A tap on L+11 is lost, a tap on L+12 jumps (PS_JUMP_START). */
Test(cv3, heavy_landing_crouch)
{
	uint8_t in[96] = { JS_IN_JUMP };
	frame_row r[96];
	in[74] = JS_IN_JUMP;
	run_rows(model("cv3"), (int32_t[]){ 7 }, in, 96, r, CV3_FMT, 6);
	cr_expect_eq(r[74].v[C3_STATE], 2, "press during the crouch: lost");
	cr_expect_eq(r[74].v[C3_CROUCH], 1);
	memset(in, 0, sizeof in);
	in[0] = in[75] = JS_IN_JUMP;
	run_rows(model("cv3"), (int32_t[]){ 7 }, in, 96, r, CV3_FMT, 6);
	cr_expect_eq(r[75].v[C3_CROUCH], 0);
	cr_expect_eq(r[75].v[C3_STATE], 6, "the crouch is over: the press jumps");
	/* a flat landing (pointer 7) has no crouch: a press on the next frame jumps */
	memset(in, 0, sizeof in);
	in[0] = in[44] = JS_IN_JUMP;
	run_rows(model("cv3"), (int32_t[]){ 0 }, in, 96, r, CV3_FMT, 6);
	cr_expect_eq(r[43].v[C3_CROUCH], 0);
	cr_expect_eq(r[44].v[C3_STATE], 6);
}

/* Whole jumps vs the independent Python figures. */
Test(cv3, whole_jumps)
{
	const int air[8] = { 44, 48, 50, 53, 56, 58, 61, 64 };
	for (int d = 0; d < 8; d++) {
		js_acc a = tu_ref_hold(model("cv3"), (int32_t[]){ d }, 1, 0, 80);
		cr_expect_eq(a.rise, 36, "drop %d", d);
		cr_expect_eq(a.apex_frame, 17, "drop %d", d);
		cr_expect_eq(a.airtime, air[d], "drop %d: airtime %d", d, a.airtime);
		js_acc b = tu_ref_hold(model("cv3"), (int32_t[]){ d }, 40, 0, 80);
		cr_expect_eq(b.airtime, a.airtime, "drop %d: no variable height", d);
		cr_expect_eq(b.rise, a.rise);
	}
}

Test(cv3, lanes_equal_reference_holds) { check_lanes("cv3", 3000, 96, 21, 0); }
Test(cv3, lanes_equal_reference_random) { check_lanes("cv3", 3000, 96, 22, 1); }
Test(cv3, lanes_equal_reference_sparse) { check_lanes("cv3", 3000, 160, 23, 2); }
Test(cv3, lanes_equal_reference_delayed) { check_lanes("cv3", 3000, 128, 24, 3); }
/* Frame limits that cut jumps short (lanes still airborne at the end: not_landed, the flags and
 * rise of a partial arc) and one under a frame word (32). */
Test(cv3, lanes_equal_reference_cut) { check_lanes("cv3", 3000, 47, 25, 3); check_lanes("cv3", 3000, 21, 125, 1); }
Test(cv3, lanes_partial_block) { check_lanes("cv3", 5, 80, 25, 1); }

/* ======================================================================== cv2 ========== */

#define CV2_FMT "%d,%d,%d,%d,%d,%d"
enum { C2_Y, C2_YFRAC, C2_SPEED, C2_SFRAC, C2_SSUB, C2_ACTION };

/* Claim 4 (castlevania2/jump-gravity) and the order (castlevania2/move-then-gravity).  By hand
 * from the jump handlers: frame 0, the idle handler after the move: speed $FC.00 (-1024/256), Y
 * still $4D.00.  Frame 1: move by -4.00 -> $49.00, then + $00.38 -> $FC.38.  Frame 2: Frac $00 +
 * $38 = $38, Y $49 + $FC = $45: $45.38; speed $FC.70.  Frame 3: Frac $38 + $70 = $A8, Y $41:
 * $41.A8; speed $FC.A8.  Frame 4: Frac $A8 + $A8 = $150 -> $50 carry 1, Y $41 + $FC + 1 = $3E:
 * $3E.50; speed $FC.E0. */
Test(cv2, claim4_takeoff_and_first_frames)
{
	frame_row r[8];
	hold_rows(model("cv2"), (int32_t[]){ 0 }, 1, 5, r, CV2_FMT, 6);
	const int y[5] = { 0x4d, 0x49, 0x45, 0x41, 0x3e };
	const int yf[5] = { 0x00, 0x00, 0x38, 0xa8, 0x50 };
	const int sp[5] = { -1024, -968, -912, -856, -800 };
	for (int f = 0; f < 5; f++) {
		cr_expect_eq(r[f].v[C2_Y], y[f], "frame %d: Y $%02X", f, r[f].v[C2_Y]);
		cr_expect_eq(r[f].v[C2_YFRAC], yf[f], "frame %d", f);
		cr_expect_eq(r[f].v[C2_SSUB], sp[f], "frame %d", f);
		cr_expect_eq(r[f].v[C2_ACTION], 2, "frame %d", f);
	}
	cr_expect_eq(r[0].height, 0, "the take-off frame does not move");
	cr_expect_eq(r[1].height, 4 * 256, "frame 1 moves by exactly the take-off speed 4.00");
	/* gravity is $38/256 = 0.21875 px/frame^2 every airborne frame */
	cr_expect_eq(0x38 * 100000 / 256, 21875);
	for (int f = 2; f < 5; f++)
		cr_expect_eq(r[f].v[C2_SSUB] - r[f - 1].v[C2_SSUB], 0x38, "frame %d", f);
}

/* Claim 4: a fall is capped at 3.00.  Speed after frame f (f >= 1) is -1024 + 56 f until the cap:
 * frame 32 reaches 768 = 3.00 exactly (whole byte 3: set to 3.00, flagged); every later frame
 * adds $38 and is set back: 3.00 for the rest of the fall. */
Test(cv2, claim4_fall_cap)
{
	frame_row r[48];
	hold_rows(model("cv2"), (int32_t[]){ 4 }, 1, 48, r, CV2_FMT, 6);
	cr_expect_eq(r[31].v[C2_SSUB], -1024 + 56 * 31);
	cr_expect_eq(r[31].flags & (1u << 8), 0);
	for (int f = 32; f < 45; f++) {
		cr_expect_eq(r[f].v[C2_SSUB], 768, "frame %d", f);
		cr_expect_eq(r[f].v[C2_SPEED], 3);
		cr_expect_eq(r[f].v[C2_SFRAC], 0);
		cr_expect(r[f].flags & (1u << 8), "frame %d fall_cap", f);
	}
	for (int f = 34; f < 45; f++)
		cr_expect_eq(r[f - 1].height - r[f].height, 768, "frame %d moves 3.00", f);
}

/* The landing (castlevania2/landing, _func_C57B / _func_C4F3), flat ground.  From the trace of
 * the rules: frame 38 leaves Simon at $4B.80 (1.5 px above), frame 39 moves 3.00 to $4E.80, feet
 * 1.5 px into the floor (airborne: below_start); frame 40 finds the floor before moving, snaps
 * to the row ((Y - 13) & $F8) + 13 = $4D, keeps the fraction $80, speed 0, idle. */
Test(cv2, landing_snap)
{
	frame_row r[48];
	hold_rows(model("cv2"), (int32_t[]){ 0 }, 1, 48, r, CV2_FMT, 6);
	cr_expect_eq(r[38].v[C2_Y], 0x4b);
	cr_expect_eq(r[38].v[C2_YFRAC], 0x80);
	cr_expect_eq(r[39].v[C2_Y], 0x4e);
	cr_expect_eq(r[39].v[C2_YFRAC], 0x80);
	cr_expect_eq(r[39].height, -384);
	cr_expect_eq(r[39].grounded, 0);
	cr_expect_eq(r[40].grounded, 1);
	cr_expect_eq(r[40].v[C2_Y], 0x4d);
	cr_expect_eq(r[40].v[C2_YFRAC], 0x80);
	cr_expect_eq(r[40].v[C2_SSUB], 0);
	cr_expect_eq(r[40].v[C2_ACTION], 0);
	cr_expect(r[40].flags & (1u << 9), "snap_up");
	js_acc a = tu_ref_hold(model("cv2"), (int32_t[]){ 0 }, 1, 0, 96);
	cr_expect(a.flags & JS_FLAG_BELOW_START, "the game's own frame with the feet in the floor");
}

/* A press on the landing frame (_loc_C658 sets action 0 before the idle handler runs, which then
 * takes the press): Simon takes off again in the same frame, so no frame is grounded.  That frame
 * is the landing of the jump that ends there (model.h's landing rule): flag relaunch, grounded
 * 0, and the landing's height.  By hand, drop 0 (landing_snap): frame 40 finds the floor at
 * $4E.80, snaps to $4D.80 (snap_up) and does not move (speed 0); the idle handler then sets
 * $FC.00 and action 2: height $4D00 - $4D80 = -128 (the height from the fixed take-off Y $4D),
 * flags snap_up | relaunch, speed -1024; frame 41 moves 4.00 up: 1024 - 128.  The accounting ends
 * on frame 40: the tapped jump's own rise 9880 at frame 19 and airtime 41 (whole_jumps), its flags
 * (fall_cap from frame 32, claim4_fall_cap; below_start on frame 39 and snap_up on 40,
 * landing_snap) | relaunch.  (Before the landing rule the two hops were one flight, airtime
 * 81.)  A press on the next frame lands first: the same figures, no relaunch. */
Test(cv2, press_on_the_landing_frame)
{
	uint8_t in[128] = { JS_IN_JUMP };
	frame_row r[128];
	in[40] = JS_IN_JUMP;
	run_rows(model("cv2"), (int32_t[]){ 0 }, in, 128, r, CV2_FMT, 6);
	cr_expect_eq(r[39].grounded, 0);
	cr_expect_eq(r[40].grounded, 0);
	cr_expect_eq(r[40].v[C2_Y], 0x4d, "snapped");
	cr_expect_eq(r[40].v[C2_YFRAC], 0x80, "the fraction kept");
	cr_expect_eq(r[40].v[C2_SSUB], -1024, "the new take-off speed");
	cr_expect_eq(r[40].v[C2_ACTION], 2);
	cr_expect_eq(r[40].height, -128, "the landing's height");
	cr_expect_eq(r[40].flags, (1u << 9) | JS_FLAG_RELAUNCH, "flags %#x", r[40].flags);
	cr_expect_eq(r[41].height, 1024 - 128, "4.00 up from $4D.80");
	cr_expect_eq(r[41].flags, 0);
	const uint32_t tap_flags = (1u << 8) | (1u << 9) | JS_FLAG_BELOW_START;
	js_acc a;
	js_reference_run(model("cv2"), (int32_t[]){ 0 }, in, 128, &a);
	cr_expect_eq(a.rise, 9880);
	cr_expect_eq(a.apex_frame, 19);
	cr_expect_eq(a.airtime, 41, "the tapped jump lands on frame 40");
	cr_expect_eq(a.flags, tap_flags | JS_FLAG_RELAUNCH, "flags %#x", a.flags);
	memset(in, 0, sizeof in);
	in[0] = in[41] = JS_IN_JUMP;
	js_reference_run(model("cv2"), (int32_t[]){ 0 }, in, 128, &a);
	cr_expect_eq(a.airtime, 41);
	cr_expect_eq(a.flags, tap_flags, "flags %#x", a.flags);
}

/* The same on every landing floor: the tapped jump of drop d lands on frame air - 1 (whole_jumps'
 * airtimes, the independent Python figures); a press there (and random presses after it, which
 * change nothing) ends the jump on that frame with the tapped jump's rise, apex frame, airtime
 * and flags, plus relaunch; the frame's Y and height are the tapped landing's (the take-off moves
 * nothing in its frame), not grounded. */
Test(cv2, relaunch_on_every_floor)
{
	static const struct { int drop, air; } c[] = {
		{ 0, 41 }, { 1, 46 }, { 2, 52 }, { 3, 57 }, { 4, 62 }, { 5, 68 }, { 6, 73 }, { 7, 78 },
	};
	uint64_t seed = 404;
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		const int32_t ax[1] = { c[k].drop };
		const int land = c[k].air - 1;
		uint8_t in[128] = { JS_IN_JUMP };
		frame_row tap[128], r[128];
		run_rows(model("cv2"), ax, in, 128, tap, CV2_FMT, 6);
		in[land] = JS_IN_JUMP;
		for (int f = land + 1; f < 128; f++)
			in[f] = (tu_rand(&seed) & 1) ? JS_IN_JUMP : 0;
		run_rows(model("cv2"), ax, in, 128, r, CV2_FMT, 6);
		cr_expect_eq(tap[land - 1].grounded, 0, "drop %d", c[k].drop);
		cr_expect_eq(tap[land].grounded, 1, "drop %d: the tapped jump lands on %d", c[k].drop, land);
		cr_expect_eq(r[land].grounded, 0, "drop %d", c[k].drop);
		cr_expect_eq(r[land].v[C2_Y], tap[land].v[C2_Y], "drop %d", c[k].drop);
		cr_expect_eq(r[land].v[C2_YFRAC], tap[land].v[C2_YFRAC], "drop %d", c[k].drop);
		cr_expect_eq(r[land].height, tap[land].height, "drop %d", c[k].drop);
		cr_expect_eq(r[land].flags, tap[land].flags | JS_FLAG_RELAUNCH, "drop %d", c[k].drop);
		js_acc a, t = tu_ref_hold(model("cv2"), ax, 1, 0, 128);
		js_reference_run(model("cv2"), ax, in, 128, &a);
		cr_expect_eq(t.airtime, c[k].air, "drop %d", c[k].drop);
		cr_expect_eq(a.rise, 9880, "drop %d", c[k].drop);
		cr_expect_eq(a.apex_frame, 19, "drop %d", c[k].drop);
		cr_expect_eq(a.airtime, c[k].air, "drop %d", c[k].drop);
		cr_expect_eq(a.flags, t.flags | JS_FLAG_RELAUNCH, "drop %d: flags %#x", c[k].drop, a.flags);
	}
}

/* Whole jumps vs the independent Python figures: rise 9880/256 = 38.59 px at frame 19 (the 19
 * moves 4 - 0.21875 k, k = 0..18), airtimes by drop. */
Test(cv2, whole_jumps)
{
	const int air[8] = { 41, 46, 52, 57, 62, 68, 73, 78 };
	for (int d = 0; d < 8; d++) {
		js_acc a = tu_ref_hold(model("cv2"), (int32_t[]){ d }, 1, 0, 96);
		cr_expect_eq(a.rise, 9880, "drop %d", d);
		cr_expect_eq(a.apex_frame, 19, "drop %d", d);
		cr_expect_eq(a.airtime, air[d], "drop %d: airtime %d", d, a.airtime);
		js_acc b = tu_ref_hold(model("cv2"), (int32_t[]){ d }, 60, 0, 96);
		cr_expect_eq(b.airtime, a.airtime, "no variable height");
		cr_expect_eq(b.rise, a.rise);
	}
	cr_expect_eq(4 * 19 * 256 - 56 * (18 * 19 / 2), 9880, "closed form of the rise");
}

Test(cv2, lanes_equal_reference_holds) { check_lanes("cv2", 3000, 96, 31, 0); }
/* random and sparse presses hit landing frames: some lanes relaunch (model.h's landing rule) */
Test(cv2, lanes_equal_reference_random) { cr_expect_gt(check_lanes("cv2", 3000, 96, 32, 1), 0); }
Test(cv2, lanes_equal_reference_sparse) { cr_expect_gt(check_lanes("cv2", 3000, 160, 33, 2), 0); }
Test(cv2, lanes_equal_reference_delayed) { check_lanes("cv2", 3000, 128, 34, 3); }
/* every lane but every eighth relaunches on its landing frame, then presses at random: the
 * kernels end the jump there and keep its results while the late lanes of their group run on */
Test(cv2, lanes_equal_reference_relaunch)
{
	cr_expect_eq(check_lanes("cv2", 3000, 200, 36, 4), 3000 - 3000 / 8);
}
/* Frame limits that cut jumps short (lanes still airborne at the end: not_landed, the flags and
 * rise of a partial arc) and one under a frame word (32). */
Test(cv2, lanes_equal_reference_cut) { check_lanes("cv2", 3000, 47, 35, 3); check_lanes("cv2", 3000, 21, 135, 1); }
Test(cv2, lanes_partial_block) { check_lanes("cv2", 9, 80, 35, 1); }

/* ======================================================================== scv4 ========= */

#define SCV4_FMT "%d,%d,%d,%d,%d,%d,%d,%d"
enum { S4_Y, S4_YFRAC, S4_SPEED, S4_SFRAC, S4_SSUB, S4_PHASE, S4_COUNT, S4_STATE };
#define G375 24576 /* 0.375 in 1/65536 */

/* Claim 12 (scv4/jump-phases), held, the game's take-off (bank_80.asm of
 * bogaa/Super-Castlevania-IV-addons, by hand): frame 0 is the press; its move ran at speed 0,
 * then $80:A392 sets $FFFB.8000 = -4.5 (-294912) and phase 0 counts 1.  Frames 1, 2, 3 move 4.5
 * each (counts 2, 3, 4; the count of 4 ends phase 0 at $80:A97C with no gravity: hold_max on
 * frame 3), frame 4 moves 4.5 and phase 2 adds 0.375; the speeds set on frames 3 + k are
 * -4.5 + 0.375 k, k = 1..12, the 12th 0.0 >= 0 (frame 15: speed 0, phase 3).  Rise: 4 * 4.5 +
 * sum(4.5 - 0.375 k, k = 1..11) = 18 + 24.75 = 42.75 px = 2801664 on frame 15.  Frame 16 runs
 * phase 3 -> 4 (count 1), frames 17..24 count 2..9 (24: phase 5), frame 25 phase 5 -> 6 and
 * +0.375; frame 26 is the first move down. */
Test(scv4, claim12_held)
{
	frame_row r[64];
	hold_rows(model("scv4"), (int32_t[]){ 1152, 0 }, 30, 40, r, SCV4_FMT, 8);
	cr_expect_eq(r[0].height, 0, "the press frame does not move");
	for (int f = 0; f < 4; f++) {
		cr_expect_eq(r[f].v[S4_SSUB], -294912, "frame %d: no gravity", f);
		cr_expect_eq(r[f].height, (int64_t)f * 294912, "frame %d", f);
		cr_expect_eq(r[f].v[S4_COUNT], f + 1);
		cr_expect_eq(r[f].v[S4_PHASE], f < 3 ? 0 : 1);
	}
	cr_expect(r[3].flags & (1u << 9), "hold_max: the count of 4 ended the hold");
	cr_expect_eq(r[4].height, 4 * 294912, "frame 4 still moves 4.5 (no gravity on frame 3)");
	for (int k = 1; k <= 11; k++) {
		cr_expect_eq(r[3 + k].v[S4_SSUB], -294912 + k * G375, "frame %d", 3 + k);
		cr_expect_eq(r[3 + k].v[S4_PHASE], 2);
	}
	cr_expect_eq(r[15].height, 2801664, "42.75 px");
	cr_expect_eq(r[15].v[S4_SSUB], 0);
	cr_expect_eq(r[15].v[S4_PHASE], 3);
	for (int f = 15; f <= 25; f++)
		cr_expect_eq(r[f].height, 2801664, "frame %d: still at the top", f);
	for (int f = 16; f <= 24; f++) {
		cr_expect_eq(r[f].v[S4_COUNT], f - 15);
		cr_expect_eq(r[f].v[S4_PHASE], f < 24 ? 4 : 5);
		cr_expect_eq(r[f].v[S4_SSUB], 0);
	}
	cr_expect_eq(r[25].v[S4_PHASE], 6);
	cr_expect_eq(r[25].v[S4_SSUB], G375);
	cr_expect_eq(r[26].height, 2801664 - G375);
	for (int f = 26; f < 34; f++)
		cr_expect_eq(r[f].v[S4_SSUB] - r[f - 1].v[S4_SSUB], G375, "frame %d: the same gravity", f);
}

/* Claim 12: the hold is the button held ($20 & $BE, a level) frame by frame; the switch to phase
 * 1 adds no gravity ($80:A982 RTL), so a hold of h frames keeps -4.5 for min(h + 1, 4) moves
 * (frames 1 .. min(h + 1, 4)): a tap 2, a hold of 2 3, a hold of 3 or more 4.  The first speed
 * with gravity is set on frame min(h + 1, 4); hold_max only where the count reached 4 held (h >= 4). */
Test(scv4, claim12_hold_lengths)
{
	for (int h = 1; h <= 8; h++) {
		frame_row r[16];
		hold_rows(model("scv4"), (int32_t[]){ 1152, 0 }, h, 12, r, SCV4_FMT, 8);
		int kept = h + 1 < 4 ? h + 1 : 4;
		for (int f = 1; f <= kept; f++)
			cr_expect_eq(r[f].height - r[f - 1].height, 294912, "hold %d frame %d", h, f);
		cr_expect_eq(r[kept].v[S4_SSUB], -294912 + G375, "hold %d frame %d", h, kept);
		cr_expect_eq(r[kept + 1].height - r[kept].height, 294912 - G375, "hold %d", h);
		int hm = 0;
		for (int f = 0; f < 12; f++)
			hm |= !!(r[f].flags & (1u << 9));
		cr_expect_eq(hm, h >= 4, "hold %d: hold_max", h);
	}
}

/* Claim 12: the fall is capped at 8 px/frame ($80:A755-$80:A766).  v0 4.5, drop 16 (256 px):
 * phase 6's first gravity is frame 25 (k = 1); k = 21 (frame 45) gives 7.875, k = 22 (frame 46)
 * 8.25 -> 8.0; the rest of the fall moves 8.0 a frame. */
Test(scv4, claim12_fall_cap)
{
	frame_row r[80];
	hold_rows(model("scv4"), (int32_t[]){ 1152, 16 }, 30, 80, r, SCV4_FMT, 8);
	cr_expect_eq(r[25 + 20].v[S4_SSUB], 21 * G375, "k = 21: 7.875");
	cr_expect_eq(r[25 + 21].v[S4_SSUB], 8 * 65536, "k = 22: 8.25 -> 8.0");
	cr_expect(r[25 + 21].flags & (1u << 8), "fall_cap");
	cr_expect_eq(r[25 + 20].flags & (1u << 8), 0);
	int last = 25 + 22;
	while (!r[last + 1].grounded)
		last++;
	for (int f = 25 + 22; f <= last; f++) { /* frame f moves by frame f - 1's speed */
		cr_expect_eq(r[f].v[S4_SSUB], 8 * 65536, "frame %d", f);
		cr_expect_eq(r[f - 1].height - r[f].height, 8 * 65536, "frame %d moves 8 px", f);
	}
	cr_expect_eq(r[last + 1].height, -256 * 65536, "landed on the floor 256 px down");
}

/* The landing ($80:B676, $80:B6E8): the first move at a speed >= 0 that takes Y's pixel word to
 * the floor puts Y on it, fraction 0.  v0 4.5 held, flat: the fall moves 0.375 k from frame 26
 * (k = 1); after 14 moves (frame 39) Y is 42.75 - 39.375 = 3.375 px up; frame 40 moves 5.625 ->
 * lands, Y := $0200.0000.  Never airborne below the take-off height. */
Test(scv4, landing)
{
	frame_row r[48];
	hold_rows(model("scv4"), (int32_t[]){ 1152, 0 }, 30, 48, r, SCV4_FMT, 8);
	cr_expect_eq(r[39].height, 221184);
	cr_expect_eq(r[39].grounded, 0);
	cr_expect_eq(r[40].grounded, 1);
	cr_expect_eq(r[40].height, 0);
	cr_expect_eq(r[40].v[S4_Y], 0x200);
	cr_expect_eq(r[40].v[S4_YFRAC], 0);
	js_acc a = tu_ref_hold(model("scv4"), (int32_t[]){ 1152, 0 }, 30, 0, 64);
	cr_expect_eq(a.flags & JS_FLAG_BELOW_START, 0);
	cr_expect_eq(a.airtime, 41);
}

/* A new press on the landing frame jumps again the same frame (the ground state's $80:A2AD runs
 * after the landing): the frame ends the jump (model.h), flag relaunch, grounded 0, height 0.
 * A tap lands on frame 36 (airtime 37, whole_jumps); a second tap on frame 36. */
Test(scv4, relaunch_on_the_landing_frame)
{
	const js_model *m = model("scv4");
	uint8_t in[80] = { 0 };
	in[0] = in[36] = JS_IN_JUMP;
	js_acc a;
	js_reference_run(m, (int32_t[]){ 1152, 0 }, in, 80, &a);
	cr_expect_eq(a.airtime, 37);
	cr_expect_eq(a.rise, 2211840);
	cr_expect(a.flags & JS_FLAG_RELAUNCH);
	uint8_t st[256];
	m->init(st, (int32_t[]){ 1152, 0 });
	js_obs o;
	for (int f = 0; f <= 36; f++)
		m->step(st, in[f]);
	memset(&o, 0, sizeof o);
	m->observe(st, &o);
	cr_expect_eq(o.grounded, 0);
	cr_expect_eq(o.height, 0);
	cr_expect(o.flags & JS_FLAG_RELAUNCH);
}

/* Whole jumps vs tests/data/scv4_whole_jumps.py, a frame stepper written from bank_80.asm's
 * routines (not from this model; v0 in 1/256 px/frame, drop, hold).  The game's v0 is 1152;
 * 1024 (the old assumption) gives 27.375 px on a tap and 35.375 held. */
Test(scv4, whole_jumps)
{
	struct { int v0, drop, h; int64_t rise; int apex, air; } c[] = {
		{ 1152, 0, 1, 2211840, 13, 37 },  { 1152, 0, 2, 2506752, 14, 39 },
		{ 1152, 0, 3, 2801664, 15, 41 },  { 1152, 0, 4, 2801664, 15, 41 },
		{ 1152, 0, 6, 2801664, 15, 41 },  { 1152, 4, 1, 2211840, 13, 47 },
		{ 1152, 16, 4, 2801664, 15, 74 }, { 1024, 0, 1, 1794048, 12, 35 },
		{ 1024, 0, 4, 2318336, 14, 39 },  { 768, 0, 1, 1081344, 9, 29 },
		{ 768, 4, 3, 1474560, 11, 43 },   { 256, 0, 4, 319488, 6, 22 },
		{ 1280, 0, 4, 3334144, 17, 44 },  { 1280, 4, 2, 3006464, 16, 51 },
		{ 1535, 0, 4, 4517120, 19, 49 },  { 3072, 16, 4, 15335424, 35, 118 },
		{ 3072, 0, 1, 13762560, 33, 81 }, { 0, 0, 1, 0, 0, 2 },
		{ 0, 16, 4, 0, 0, 58 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		js_acc a = tu_ref_hold(model("scv4"), (int32_t[]){ c[i].v0, c[i].drop }, c[i].h, 0, 160);
		cr_expect_eq(a.rise, c[i].rise, "v0 %d drop %d hold %d: rise %lld", c[i].v0, c[i].drop,
			     c[i].h, (long long)a.rise);
		cr_expect_eq(a.apex_frame, c[i].apex, "v0 %d drop %d hold %d: apex %d", c[i].v0,
			     c[i].drop, c[i].h, a.apex_frame);
		cr_expect_eq(a.airtime, c[i].air, "v0 %d drop %d hold %d: airtime %d", c[i].v0,
			     c[i].drop, c[i].h, a.airtime);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED), 0);
	}
}

Test(scv4, lanes_equal_reference_holds) { check_lanes("scv4", 3000, 160, 41, 0); }
Test(scv4, lanes_equal_reference_random) { check_lanes("scv4", 3000, 160, 42, 1); }
Test(scv4, lanes_equal_reference_sparse) { check_lanes("scv4", 3000, 200, 43, 2); }
Test(scv4, lanes_equal_reference_delayed) { check_lanes("scv4", 3000, 200, 44, 3); }
/* Frame limits that cut jumps short (lanes still airborne at the end) and one under a frame
 * word (32). */
Test(scv4, lanes_equal_reference_cut) { check_lanes("scv4", 3000, 47, 45, 3); check_lanes("scv4", 3000, 21, 145, 1); }
/* Blocks whose every lane has v0 <= 2040 and drop <= 7: the AVX-512 kernel's 16-bit path
 * (scv4.c: scv4_fits16), at its limits too. */
Test(scv4, lanes_equal_reference_16bit_blocks)
{
	const int32_t cap[2] = { 2040, 7 };
	check_lanes_cap("scv4", 3000, 200, 46, 0, cap);
	check_lanes_cap("scv4", 3000, 160, 47, 2, cap);
	check_lanes_cap("scv4", 3000, 47, 48, 3, cap);
	check_lanes_cap("scv4", 3000, 21, 49, 1, cap);
}
/* The 16-bit paths at their edges: small take-off speeds (v0 < 96: one phase-2 gravity; v0 0
 * lands on the first move at drop 0), frame limits around the hold count and a frame word, and
 * the longest run the AVX-512 words take (640 frames; 641 takes the 32-bit kernel). */
Test(scv4, lanes_equal_reference_16bit_edges)
{
	const int32_t low[2] = { 200, 7 }, cap[2] = { 2040, 7 };
	const int frames[] = { 1, 2, 3, 4, 5, 31, 33, 64 };
	for (size_t i = 0; i < sizeof frames / sizeof frames[0]; i++)
		for (int mode = 0; mode < 5; mode++) {
			check_lanes_cap("scv4", 640, frames[i], 50 + 5 * i + (size_t)mode, mode, low);
			check_lanes_cap("scv4", 640, frames[i], 90 + 5 * i + (size_t)mode, mode, cap);
		}
	check_lanes_cap("scv4", 640, 640, 130, 2, cap);
	check_lanes_cap("scv4", 640, 641, 131, 2, cap);
	check_lanes_cap("scv4", 640, 640, 132, 3, low);
	check_lanes_cap("scv4", 640, 200, 133, 4, low);
}
Test(scv4, lanes_partial_block) { check_lanes("scv4", 3, 120, 45, 1); }

/* ================================================================ fuzz starts (model.h) === */

static int field_index(const js_model *m, const char *name)
{
	for (int i = 0; i < m->n_fields; i++)
		if (strcmp(m->fields[i].name, name) == 0)
			return i;
	cr_assert_fail("%s has no field %s", m->id, name);
	return -1;
}

/* A one-lane case of model id: axes ax, n_frames of input in (NULL: no buttons), and the fields
 * named in names[] set to vals[] (n of them). */
static void start_case(js_case *c, const char *id, const int32_t *ax, int n_frames,
		       const uint8_t *in, int n, const char *const *names, const double *vals)
{
	memset(c, 0, sizeof *c);
	c->m = model(id);
	c->n_lanes = 1;
	c->n_frames = n_frames;
	for (int a = 0; a < c->m->n_axes; a++)
		c->axis[0][a] = ax[a];
	for (int k = 0; k < n; k++) {
		int i = field_index(c->m, names[k]);
		c->set[0] |= 1u << i;
		c->val[0][i] = vals[k];
	}
	for (int f = 0; f < n_frames; f++)
		c->input[0][f] = in ? in[f] : 0;
}

/* Steps the case's lane 0 from its start and keeps the trace rows, as run_rows. */
static void start_rows(const js_case *c, frame_row *rows, int n, const char *fmt, int n_cols)
{
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	char buf[256];
	js_obs o;
	js_case_start(c, 0, st);
	for (int f = 0; f < n; f++) {
		c->m->step(st, c->input[0][f]);
		c->m->observe(st, &o);
		c->m->trace_row(st, buf, sizeof buf);
		frame_row *r = &rows[f];
		memset(r, 0, sizeof *r);
		cr_assert_eq(sscanf(buf, fmt, &r->v[0], &r->v[1], &r->v[2], &r->v[3], &r->v[4], &r->v[5],
				    &r->v[6], &r->v[7]),
			     n_cols, "%s trace row '%s'", c->m->id, buf);
		r->height = o.height;
		r->grounded = o.grounded;
		r->flags = o.flags;
	}
}

/* The case's lane 0 on every lane path == the reference. */
static void expect_lanes_agree(const js_case *c)
{
	char why[512];
	cr_expect_eq(js_case_diff(c, why, sizeof why), 0, "%s", why);
}

/* Frames until the start lands with no buttons (the first frame whose step grounds it, + 1). */
static int frames_to_land(const js_case *c, int limit)
{
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	js_obs o;
	js_case_start(c, 0, st);
	for (int f = 0; f < limit; f++) {
		c->m->step(st, 0);
		c->m->observe(st, &o);
		if (o.grounded)
			return f + 1;
	}
	return -1;
}

/* The default grid (every hold 0..default_hold at the axes' default ends) breaks no rule. */
Test(castlevania, defaults_break_no_invariant)
{
	const char *ids[4] = { "cv1", "cv2", "cv3", "scv4" };
	js_case c;
	for (int k = 0; k < 4; k++) {
		const js_model *m = model(ids[k]);
		for (int corner = 0; corner < (1 << m->n_axes); corner++)
			for (int h = 0; h <= m->default_hold; h++) {
				memset(&c, 0, sizeof c);
				c.m = m;
				c.n_lanes = 1;
				c.n_frames = m->default_frames;
				for (int a = 0; a < m->n_axes; a++)
					c.axis[0][a] = (corner >> a & 1) ? m->axes[a].def_hi : m->axes[a].def_lo;
				tu_hold(c.input[0], c.n_frames, h, 0);
				js_break b;
				cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE,
					     "%s corner %d hold %d: break kind %d inv %d frame %d", m->id,
					     corner, h, b.kind, b.inv, b.frame);
			}
	}
}

/* Every lane path == the reference from random starts (any Y, pointer, direction and state;
 * cv2's and scv4's speeds at their full widths). */
Test(cv1, lanes_equal_reference_from_fuzz_starts)
{
	cr_assert_gt(tu_check_random_starts(model("cv1"), 300, 200, 201), 150);
}

Test(cv2, lanes_equal_reference_from_fuzz_starts)
{
	cr_assert_gt(tu_check_random_starts(model("cv2"), 300, 200, 202), 150);
	cr_assert_gt(tu_check_random_starts(model("cv2"), 40, 512, 212), 20);
}

Test(cv3, lanes_equal_reference_from_fuzz_starts)
{
	cr_assert_gt(tu_check_random_starts(model("cv3"), 300, 200, 203), 150);
}

Test(scv4, lanes_equal_reference_from_fuzz_starts)
{
	cr_assert_gt(tu_check_random_starts(model("scv4"), 300, 200, 204), 150);
	cr_assert_gt(tu_check_random_starts(model("scv4"), 40, 512, 214), 20);
}

/* cv1 y_wrap (claim 1's table, the 8-bit add): rising from the first step at Y 35, the running
 * rise after frames 0..15 is 5, 10, 13, 16, 19, 22, 25, 27, 29, 31, 32, 33, 34, 35, 35, 36: frame
 * 14 leaves Y 0, frame 15 (entry 16, 1 px up) takes it to -1 = $FF, the bottom of the screen.
 * From Y 36 the rise ends exactly at Y 0: no rule breaks, and Simon lands on the floor.  (The
 * seed describes no top-of-screen rule for Castlevania; Dracula's Curse has one, B28_184f, see
 * cv3 below.) */
Test(cv1, y_wrap_past_the_top)
{
	const char *names[4] = { "y", "ptr", "direction", "state" };
	js_case c;
	js_break b;
	frame_row r[20];
	start_case(&c, "cv1", (int32_t[]){ 0 }, 80, NULL, 4, names, (double[]){ 35, 1, 0, 1 });
	start_rows(&c, r, 20, CV1_FMT, 5);
	cr_expect_eq(r[14].v[C1_Y], 0);
	cr_expect_eq(r[15].v[C1_Y], 255);
	cr_expect_eq(r[15].v[C1_STEP], -1);
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "y_wrap"));
	cr_expect_eq(b.frame, 15);
	expect_lanes_agree(&c);

	start_case(&c, "cv1", (int32_t[]){ 0 }, 80, NULL, 4, names, (double[]){ 36, 1, 0, 1 });
	start_rows(&c, r, 20, CV1_FMT, 5);
	cr_expect_eq(r[15].v[C1_Y], 0);
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "kind %d inv %d frame %d", b.kind,
		     b.inv, b.frame);
	expect_lanes_agree(&c);
}

/* cv1's landing bound, from every start (Y, pointer, direction, state, every floor): the
 * slowest takes exactly land_bound frames (the derivation in cv1.c). */
Test(cv1, land_bound_every_start)
{
	const char *names[4] = { "y", "ptr", "direction", "state" };
	const js_model *m = model("cv1");
	js_case c;
	int worst = 0;
	start_case(&c, "cv1", (int32_t[]){ 0 }, 1, NULL, 4, names, (double[]){ 0, 0, 0, 1 });
	for (int drop = 0; drop <= 7; drop++)
		for (int y = 0; y < 256; y++)
			for (int ptr = 0; ptr <= 21; ptr++)
				for (int dir = 0; dir <= 1; dir++) {
					c.axis[0][0] = drop;
					c.val[0][field_index(m, "y")] = y;
					c.val[0][field_index(m, "ptr")] = ptr;
					c.val[0][field_index(m, "direction")] = dir;
					int n = frames_to_land(&c, m->land_bound);
					cr_assert_gt(n, 0, "drop %d y %d ptr %d dir %d", drop, y, ptr, dir);
					worst = n > worst ? n : worst;
				}
	cr_expect_eq(worst, m->land_bound);
}

/* cv3, B28_184f: rising with BaseY < 8 turns the jump into a fall from entry 12.  By hand,
 * PS_JUMPING rising from entry 9 at BaseY 12: frame 0 steps entry 9, $FB: Y 7, pointer 10; frame
 * 1 starts rising at Y 7 < 8 -> pointer $0C, phase 1, then the arc step falls: entry 12 is $FD
 * -> pointer 11, speed +3: Y 10.  Without the rule frames 1 and 2 would step $FB, $FD to Y 2 and
 * -1 = $FF.  So the rise never wraps past the top (y_wrap holds), and the lanes follow the
 * rule. */
Test(cv3, top_of_screen_turns_the_rise)
{
	const char *names[4] = { "y", "ptr", "phase", "state" };
	js_case c;
	js_break b;
	frame_row r[4];
	start_case(&c, "cv3", (int32_t[]){ 0 }, 96, NULL, 4, names, (double[]){ 12, 9, 0, 8 });
	start_rows(&c, r, 4, CV3_FMT, 6);
	cr_expect_eq(r[0].v[C3_Y], 7);
	cr_expect_eq(r[0].v[C3_PTR], 10);
	cr_expect_eq(r[1].v[C3_Y], 10);
	cr_expect_eq(r[1].v[C3_SPEED], 3);
	cr_expect_eq(r[1].v[C3_PTR], 11);
	cr_expect_eq(r[1].v[C3_PHASE], 1);
	cr_expect(r[1].flags & (1u << 11), "screen_top flagged");
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "kind %d inv %d frame %d", b.kind,
		     b.inv, b.frame);
	expect_lanes_agree(&c);
}

/* cv3, the crouch timer from a start (B28_1540): idle with $b9 = 5, the idle handler counts it
 * 4, 3, 2, 1 on frames 0-3 (still non-zero: return before the press test) and 0 on frame 4, which
 * then looks at the press.  A press on frame 4 jumps (PS_JUMP_START after frame 4); one on frame 3
 * is lost (held on frame 4, it is no longer new). */
Test(cv3, crouch_from_a_start)
{
	const char *names[2] = { "state", "crouch" };
	uint8_t in[40] = { 0 };
	js_case c;
	frame_row r[8];
	in[4] = JS_IN_JUMP;
	start_case(&c, "cv3", (int32_t[]){ 0 }, 40, in, 2, names, (double[]){ 2, 5 });
	start_rows(&c, r, 8, CV3_FMT, 6);
	for (int f = 0; f < 4; f++)
		cr_expect_eq(r[f].v[C3_CROUCH], 4 - f, "frame %d", f);
	cr_expect_eq(r[3].v[C3_STATE], 2);
	cr_expect_eq(r[4].v[C3_STATE], 6);
	expect_lanes_agree(&c);

	in[3] = JS_IN_JUMP;
	start_case(&c, "cv3", (int32_t[]){ 0 }, 40, in, 2, names, (double[]){ 2, 5 });
	start_rows(&c, r, 8, CV3_FMT, 6);
	for (int f = 0; f < 8; f++)
		cr_expect_eq(r[f].v[C3_STATE], 2, "frame %d", f);
	expect_lanes_agree(&c);
}

/* cv3's landing bound, from every start (Y, pointer, phase, state, every floor): the slowest
 * takes exactly land_bound frames (the derivation in cv3.c); no start breaks a rule. */
Test(cv3, land_bound_every_start)
{
	const char *names[4] = { "y", "ptr", "phase", "state" };
	const int states[2] = { 6, 8 };
	const js_model *m = model("cv3");
	js_case c;
	int worst = 0;
	start_case(&c, "cv3", (int32_t[]){ 0 }, 1, NULL, 4, names, (double[]){ 0, 0, 0, 8 });
	for (int drop = 0; drop <= 7; drop++)
		for (int y = 0; y < 256; y++)
			for (int ptr = 0; ptr <= 29; ptr++)
				for (int k = 0; k < 4; k++) {
					c.axis[0][0] = drop;
					c.val[0][field_index(m, "y")] = y;
					c.val[0][field_index(m, "ptr")] = ptr;
					c.val[0][field_index(m, "phase")] = k & 1;
					c.val[0][field_index(m, "state")] = states[k >> 1];
					c.n_frames = 1;
					int n = frames_to_land(&c, m->land_bound);
					cr_assert_gt(n, 0, "drop %d y %d ptr %d phase %d state %d", drop, y,
						     ptr, k & 1, states[k >> 1]);
					worst = n > worst ? n : worst;
					if (drop == 7 && ptr % 7 == 0) {
						js_break b;
						c.n_frames = 96;
						cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE,
							     "y %d ptr %d: kind %d inv %d frame %d", y, ptr,
							     b.kind, b.inv, b.frame);
					}
				}
	cr_expect_eq(worst, m->land_bound);
}

/* cv2 speed_wrap, by hand from _8373 and Object_GravityAccelerateBy_Var08: jumping at Y 20 with
 * speed $7F.C8 (falling, far above the floor: no landing; Y >= $10: no top rule).  Frame 0: the
 * move, Frac $00 + $C8 = $C8, Y 20 + $7F = 147; gravity: $C8 + $38 = $100 -> fraction $00 with a
 * carry, whole $7F + $00 + 1 = $80: negative, so BMI skips the cap.  Speed $80.00: Simon now
 * rises at 128 px/frame.  From $7F.C7 the fraction gives no carry ($FF): the cap sets 3.00. */
Test(cv2, speed_wrap_at_7f)
{
	const char *names[4] = { "y", "speed", "speed_frac", "action" };
	js_case c;
	js_break b;
	frame_row r[2];
	start_case(&c, "cv2", (int32_t[]){ 0 }, 64, NULL, 4, names, (double[]){ 20, 127, 0xc8, 2 });
	start_rows(&c, r, 1, CV2_FMT, 6);
	cr_expect_eq(r[0].v[C2_Y], 147);
	cr_expect_eq(r[0].v[C2_YFRAC], 0xc8);
	cr_expect_eq(r[0].v[C2_SSUB], -32768);
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "speed_wrap"));
	cr_expect_eq(b.frame, 0);
	expect_lanes_agree(&c);

	start_case(&c, "cv2", (int32_t[]){ 0 }, 64, NULL, 4, names, (double[]){ 20, 127, 0xc7, 2 });
	start_rows(&c, r, 1, CV2_FMT, 6);
	cr_expect_eq(r[0].v[C2_SSUB], 0x300);
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "kind %d inv %d frame %d", b.kind,
		     b.inv, b.frame);
}

/* cv2 y_wrap and _func_C2DE's top rule (Y < $10 -> Y := $11, speed 0, before the move): rising
 * at $E0.00 (32 px/frame) from Y $10, the rule does not fire and the move takes Y to $10 - $20 =
 * -16 = $F0: the top of the screen skipped, Simon at the bottom.  From Y $0F the rule fires: Y
 * $11, speed 0 then gravity $00.38, and Simon falls back to the floor: no rule breaks. */
Test(cv2, y_wrap_past_the_top_rule)
{
	const char *names[4] = { "y", "speed", "speed_frac", "action" };
	js_case c;
	js_break b;
	frame_row r[2];
	start_case(&c, "cv2", (int32_t[]){ 0 }, 96, NULL, 4, names, (double[]){ 0x10, -32, 0, 2 });
	start_rows(&c, r, 1, CV2_FMT, 6);
	cr_expect_eq(r[0].v[C2_Y], 0xf0);
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "y_wrap"));
	cr_expect_eq(b.frame, 0);
	expect_lanes_agree(&c);

	start_case(&c, "cv2", (int32_t[]){ 0 }, 96, NULL, 4, names, (double[]){ 0x0f, -32, 0, 2 });
	start_rows(&c, r, 1, CV2_FMT, 6);
	cr_expect_eq(r[0].v[C2_Y], 0x11);
	cr_expect_eq(r[0].v[C2_SSUB], 0x38);
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "kind %d inv %d frame %d", b.kind,
		     b.inv, b.frame);
	expect_lanes_agree(&c);
}

/* cv2's landing bound holds from the slowest starts: the speeds that rise longest ($80.00.. and
 * the wrap from $7F.C8..), from every Y, onto the lowest floor. */
Test(cv2, land_bound_from_the_slowest_starts)
{
	const char *names[5] = { "y", "y_frac", "speed", "speed_frac", "action" };
	const js_model *m = model("cv2");
	js_case c;
	start_case(&c, "cv2", (int32_t[]){ 7 }, 1, NULL, 5, names, (double[]){ 0, 0xff, 0, 0, 2 });
	for (int v = 0x7fc8; v <= 0x8040; v++)
		for (int y = 0; y < 256; y++) {
			c.val[0][field_index(m, "y")] = y;
			c.val[0][field_index(m, "speed")] = (int8_t)(v >> 8);
			c.val[0][field_index(m, "speed_frac")] = v & 0xff;
			cr_assert_gt(frames_to_land(&c, m->land_bound), 0, "speed %04x y %d", v, y);
		}
}

/* scv4 speed_wrap ($80:A739's 32-bit add): rising (phase 2) at $7FFF.A000 from pixel $8100: the
 * move comes first ($80:A0E6): $8100 + $7FFF.A = $100FF.A, the pixel word wraps to $00FF, above
 * the floor $0200 (no landing); then gravity $7FFF.A000 + $0000.6000 = $8000.0000, negative: the
 * rise goes on at 32768 px/frame instead of stopping.  Both invariants break on frame 0 (a speed
 * that gravity can wrap always moves Y 32767 px first: a wrap or a landing); speed_wrap is the
 * lower bit.  y_wrap alone: falling at the cap 8.0 from pixel $FFFC: Y $FFFC + 8 = $10004: the
 * pixel word wraps to $0004, above the floor: no landing; then gravity 8.375 -> 8.0. */
Test(scv4, speed_wrap_and_y_wrap)
{
	const char *names[4] = { "y", "speed", "phase", "air" };
	js_case c;
	js_break b;
	frame_row r[2];
	start_case(&c, "scv4", (int32_t[]){ 1152, 0 }, 64, NULL, 4, names,
		   (double[]){ 0x81000000u, 0x7fffa000, 2, 1 });
	start_rows(&c, r, 1, SCV4_FMT, 8);
	cr_expect_eq(r[0].v[S4_Y], 0x00ff);
	cr_expect_eq(r[0].v[S4_SSUB], INT32_MIN);
	cr_expect_eq(r[0].v[S4_PHASE], 2);
	cr_expect_eq(r[0].grounded, 0);
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "speed_wrap"));
	cr_expect_eq(b.frame, 0);
	expect_lanes_agree(&c);

	start_case(&c, "scv4", (int32_t[]){ 1152, 0 }, 64, NULL, 4, names,
		   (double[]){ 0xfffc0000u, 0x80000, 5, 1 });
	start_rows(&c, r, 1, SCV4_FMT, 8);
	cr_expect_eq(r[0].v[S4_Y], 4);
	cr_expect_eq(r[0].v[S4_SSUB], 0x80000);
	cr_expect_eq(r[0].grounded, 0);
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "y_wrap"));
	cr_expect_eq(b.frame, 0);
	expect_lanes_agree(&c);
}

/* scv4's landing bound (87500, scv4.c): phase-0 starts at -32768.0 px/frame with no input end
 * phase 0 on frame 0 and add gravity on frames 1 .. 87382 before the speed is >= 0; each lands
 * within the bound, none before the rise ends (a landing needs a speed >= 0: frame 87383 at the
 * earliest). */
Test(scv4, land_bound_from_the_slowest_start)
{
	const char *names[4] = { "y", "speed", "phase", "air" };
	const js_model *m = model("scv4");
	js_case c;
	int worst = 0;
	for (int k = 0; k < 16; k++) {
		start_case(&c, "scv4", (int32_t[]){ 1152, 16 }, 1, NULL, 4, names,
			   (double[]){ (double)(0x01000000u + 0x10000000u * (unsigned)k), INT32_MIN, 0, 1 });
		int n = frames_to_land(&c, m->land_bound);
		cr_assert_gt(n, 0, "start %d", k);
		worst = n > worst ? n : worst;
	}
	cr_expect_geq(worst, 87383 + 1, "slowest %d, bound %d", worst, m->land_bound);
}
