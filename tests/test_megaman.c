/* tests/test_megaman.c - Mega Man 1/2/3 (mm1, mm2, mm3): seed claims 5-9 (Gravity page),
 * frame-by-frame values derived by hand from the games' routines (lsmmega/mm1,
 * plasticsmoke/megaman2-disassembly-ca65, plasticsmoke/megaman3-disassembly-ca65; labels in
 * kernels/mm1.c, mm2.c, mm3.c), whole-jump figures cross-checked against an independent
 * calculation, and lane kernel == reference on every ISA. */
#include <stdio.h>

#include "testutil.h"

enum { AIR, WATER };
enum { T0, T1, T2, T3, FS_OFF };

typedef struct mm_row {
	int page, px, sub, speed, speed_frac, vel, air, timer, idle;
	int64_t height;
	int grounded;
	uint32_t flags;
} mm_row;

#define F_CAPPED (1u << 8)
#define F_RELEASED (1u << 9)
#define F_OFFSCREEN (1u << 10)
#define F_LANDING_PRESS (1u << 11)

static const js_model *model(const char *id)
{
	const js_model *m = js_model_find(id);
	cr_assert_not_null(m, "model %s", id);
	return m;
}

/* Steps the reference for frames 0..n-1 and decodes observe and the trace row after each. */
static void run_rows(const char *id, const int32_t *ax, const uint8_t *in, int n, mm_row *rows)
{
	const js_model *m = model(id);
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	char buf[256];
	js_obs o;
	cr_assert_leq(m->state_size, JS_STATE_MAX);
	m->init(st, ax);
	int mm2 = strcmp(id, "mm2") == 0;
	for (int f = 0; f < n; f++) {
		m->step(st, in[f]);
		m->observe(st, &o);
		m->trace_row(st, buf, sizeof buf);
		mm_row *r = &rows[f];
		memset(r, 0, sizeof *r);
		int k = sscanf(buf, "%d,%d,%d,%d,%d,%d,%d,%d,%d", &r->page, &r->px, &r->sub, &r->speed,
			       &r->speed_frac, &r->vel, &r->air, &r->timer, &r->idle);
		cr_assert_eq(k, mm2 ? 9 : 7, "%s trace row '%s'", id, buf);
		r->height = o.height;
		r->grounded = o.grounded;
		r->flags = o.flags;
	}
}

static void hold_rows(const char *id, const int32_t *ax, int h, int n, mm_row *rows)
{
	uint8_t in[512];
	cr_assert_leq(n, 512);
	tu_hold(in, n, h, 0);
	run_rows(id, ax, in, n, rows);
}

/* ---------------------------------------------------------------- mm1 ---- */

/* mm1, A held, by hand from _run_megaman_on_stage / _objects_vertical_moving:
 * Frame 0 (the press): speed $FF.40 is negative -> @start_landing: in-process Y = $94.00 -
 * $FF.40: sub $00 - $40 = $C0 borrow, pixel $94 - $FF - 1 = $94; feet $94 + 12 = $A0 solid ->
 * Y := ($A0 & $F0) - 12 = $94, fraction 0, speed $FF.40; @bottom: new A -> speed $04.DF.  Y
 * $94.00: no move on the take-off frame.
 * Frame 1: speed >= 0: Y $94.00 - $04.DF: $00 - $DF = $21 borrow, $94 - 4 - 1 = $8F: $8F.21;
 * gravity $DF - $40 = $9F: $04.9F; A held: no release.  Height $9400 - $8F21 = 1247.
 * Frame 2: $8F.21 - $04.9F: $21 - $9F = $82 borrow, $8F - 4 - 1 = $8A: $8A.82; speed $04.5F.
 * Frame 3: $8A.82 - $04.5F = $86.23; $04.1F.  Frame 4: $86.23 - $04.1F = $82.04; $03.DF. */
Test(mm1, held_frames_by_hand)
{
	mm_row r[5];
	hold_rows("mm1", (int32_t[]){ 0 }, 40, 5, r);
	const int px[5] = { 0x94, 0x8f, 0x8a, 0x86, 0x82 };
	const int sub[5] = { 0x00, 0x21, 0x82, 0x23, 0x04 };
	const int vel[5] = { 0x4df, 0x49f, 0x45f, 0x41f, 0x3df };
	for (int f = 0; f < 5; f++) {
		cr_expect_eq(r[f].px, px[f], "frame %d: Y $%02X", f, r[f].px);
		cr_expect_eq(r[f].sub, sub[f], "frame %d: sub $%02X", f, r[f].sub);
		cr_expect_eq(r[f].vel, vel[f], "frame %d: speed %d", f, r[f].vel);
		cr_expect_eq(r[f].air, 1);
		cr_expect_eq(r[f].grounded, 0, "frame %d: airborne from the take-off frame", f);
	}
	cr_expect_eq(r[0].height, 0, "the take-off frame does not move");
	cr_expect_eq(r[1].height, 1247, "frame 1 moves by the full $04.DF");
}

/* mm1 tapped (A on frame 0 only), by hand.  Frame 1: Y $8F.21, speed after gravity $04.9F; A
 * up and whole 4 >= 2 -> @start_jump_down: $01.00.  Frame 2: $8F.21 - $01.00 = $8E.21, gravity
 * $00.C0 (whole 0 < 2: kept).  Frame 3: $8E.21 - $00.C0 = $8D.61, $00.80.  Frame 4: $8C.E1,
 * $00.40.  Frame 5: $8C.A1, $00.00: height $9400 - $8CA1 = 1887, the apex.  Frame 6: moves 0,
 * gravity -> $FF.C0.  Frame 7 (falling): $8C.A1 - $FF.C0 = $8C.E1, $FF.80. */
Test(mm1, tapped_frames_by_hand)
{
	mm_row r[8];
	hold_rows("mm1", (int32_t[]){ 0 }, 1, 8, r);
	cr_expect_eq(r[1].vel, 0x100);
	cr_expect(r[1].flags & F_RELEASED);
	const int px[8] = { 0x94, 0x8f, 0x8e, 0x8d, 0x8c, 0x8c, 0x8c, 0x8c };
	const int sub[8] = { 0x00, 0x21, 0x21, 0x61, 0xe1, 0xa1, 0xa1, 0xe1 };
	const int vel[8] = { 0x4df, 0x100, 0xc0, 0x80, 0x40, 0x00, -0x40, -0x80 };
	for (int f = 0; f < 8; f++) {
		cr_expect_eq(r[f].px, px[f], "frame %d: Y $%02X", f, r[f].px);
		cr_expect_eq(r[f].sub, sub[f], "frame %d: sub $%02X", f, r[f].sub);
		cr_expect_eq(r[f].vel, vel[f], "frame %d: speed %d", f, r[f].vel);
	}
	for (int f = 2; f < 8; f++)
		cr_expect_eq(r[f].flags & F_RELEASED, 0, "frame %d: whole byte < 2, no release", f);
	cr_expect_eq(r[5].height, 1887);
}

/* Seed claim 5: each airborne frame takes $00.40 off the speed; a fall is capped at 12 px/frame
 * ($F4).  Held jump, drop 20 tiles (a long fall): the speed falls by 64 a frame from $04.DF
 * (1247 = 31 mod 64) to $F4.1F (-3041); the next step gives $F3.DF, whole $F3 < $F4 -> $F4.00
 * (-3072), and it stays there. */
Test(mm1, claim5_gravity_and_cap)
{
	mm_row r[100];
	hold_rows("mm1", (int32_t[]){ 20 }, 40, 100, r);
	int f = 2;
	for (; r[f].vel > -3041; f++)
		cr_assert_eq(r[f].vel - r[f - 1].vel, -64, "frame %d: gravity $40", f);
	cr_expect_eq(r[f].vel, -3041);
	cr_expect_eq(r[f].flags & F_CAPPED, 0);
	cr_expect_eq(r[f + 1].vel, -3072, "$F3.DF clamps to $F4.00");
	cr_expect(r[f + 1].flags & F_CAPPED);
	cr_expect_eq(r[f + 2].vel, -3072);
	cr_expect_eq(r[f + 2].height - r[f + 1].height, -3072, "falls 12.00 px a frame");
	/* The fall speed never passes 12 px/frame. */
	int64_t minv = 0;
	for (int i = 0; i < 100 && !(i > 0 && r[i].grounded); i++)
		minv = r[i].vel < minv ? r[i].vel : minv;
	cr_expect_eq(minv, -3072);
	js_acc a = tu_ref_hold(model("mm1"), (int32_t[]){ 20 }, 40, 0, 200);
	cr_expect(a.flags & F_CAPPED);
}

/* Release rule: A up on a rising frame with a whole byte >= 2 after gravity -> $01.00; with a
 * whole byte of 1 nothing.  Release on frame k (held 0..k-1): the speed after gravity on frame
 * k is $04.DF - k * $40; whole >= 2 up to k = 11 ($02.1F), whole 1 from k = 12 ($01.DF). */
Test(mm1, release_rule)
{
	mm_row r[16];
	hold_rows("mm1", (int32_t[]){ 0 }, 11, 13, r);
	cr_expect_eq(r[10].vel, 0x4df - 10 * 0x40);
	cr_expect_eq(r[11].vel, 0x100, "$02.1F -> $01.00");
	cr_expect(r[11].flags & F_RELEASED);
	hold_rows("mm1", (int32_t[]){ 0 }, 12, 14, r);
	cr_expect_eq(r[12].vel, 0x4df - 12 * 0x40, "$01.DF is kept");
	cr_expect_eq(r[12].flags & F_RELEASED, 0);
	/* Every hold from 12 on gives the full jump. */
	js_acc a12 = tu_ref_hold(model("mm1"), (int32_t[]){ 0 }, 12, 0, 64);
	js_acc a40 = tu_ref_hold(model("mm1"), (int32_t[]){ 0 }, 40, 0, 64);
	cr_expect_eq(a12.rise, a40.rise);
	cr_expect_eq(a12.airtime, a40.airtime);
}

/* Landing: the feet (Y + 12) reach row $A0 -> Y $94.00 (fraction cleared), speed $FF.40, no
 * gravity on that frame.  Held jump: by the independent calculation (below) the landing frame
 * is 40. */
Test(mm1, landing)
{
	mm_row r[42];
	hold_rows("mm1", (int32_t[]){ 0 }, 40, 42, r);
	cr_expect_eq(r[39].grounded, 0);
	cr_expect_eq(r[40].grounded, 1);
	cr_expect_eq(r[40].px, 0x94);
	cr_expect_eq(r[40].sub, 0);
	cr_expect_eq(r[40].vel, -192, "$FF.40");
	cr_expect_eq(r[40].air, 0);
	cr_expect_eq(r[41].px, 0x94, "standing: Y + $00.C0 snaps back");
	cr_expect_eq(r[41].vel, -192);
}

/* A new press on the landing frame jumps again at once (@bottom after the landing snap). */
Test(mm1, press_on_landing_frame)
{
	uint8_t in[64] = { JS_IN_JUMP };
	in[14] = JS_IN_JUMP; /* the tapped jump lands on frame 14 */
	mm_row r[16];
	run_rows("mm1", (int32_t[]){ 0 }, in, 16, r);
	cr_expect_eq(r[14].grounded, 1, "the landing frame is seen");
	cr_expect_eq(r[14].height, 0);
	cr_expect_eq(r[14].vel, 0x4df, "and jumps at once");
	cr_expect_eq(r[14].air, 1);
	cr_expect(r[14].flags & F_LANDING_PRESS);
	cr_expect_eq(r[15].height, 1247);
	js_acc a;
	js_reference_run(model("mm1"), (int32_t[]){ 0 }, in, 64, &a);
	cr_expect_eq(a.airtime, 15);
	cr_expect(a.flags & F_LANDING_PRESS);
}

/* ---------------------------------------------------------------- mm2 ---- */

/* Seed claims 6 and 7: player_vertical_physics moves first (Y -= the 8.8 speed, + up), then
 * subtracts gravity: $40 in air, $1E in water (gravity_hi_table).  Frame 1 after the take-off
 * moves by the full take-off speed; the speed then shows one gravity step. */
Test(mm2, claims6_7_move_then_gravity)
{
	mm_row r[8];
	hold_rows("mm2", (int32_t[]){ AIR, T0, 0 }, 40, 8, r);
	cr_expect_eq(r[0].height, 0, "no move on the take-off frame");
	cr_expect_eq(r[0].vel, 0x4df, "$04.DF");
	cr_expect_eq(r[1].height, 0x4df, "frame 1 moves by $04.DF");
	cr_expect_eq(r[1].vel, 0x4df - 0x40);
	cr_expect_eq(r[1].px, 0x8f);
	cr_expect_eq(r[1].sub, 0x21);
	for (int f = 2; f < 8; f++) {
		cr_expect_eq(r[f].vel - r[f - 1].vel, -0x40, "air frame %d", f);
		cr_expect_eq(r[f].height - r[f - 1].height, r[f - 1].vel, "moves by the old speed");
	}
	/* Water, frame skip off: $05.80, then -$1E a frame: frame 1 Y $94.00 - $05.80 = $8E.80. */
	hold_rows("mm2", (int32_t[]){ WATER, FS_OFF, 0 }, 40, 8, r);
	cr_expect_eq(r[0].vel, 0x580, "$05.80 in water");
	cr_expect_eq(r[1].height, 0x580);
	cr_expect_eq(r[1].px, 0x8e);
	cr_expect_eq(r[1].sub, 0x80);
	cr_expect_eq(r[1].vel, 0x580 - 0x1e);
	for (int f = 2; f < 8; f++)
		cr_expect_eq(r[f].vel - r[f - 1].vel, -0x1e, "water frame %d", f);
}

/* Seed claim 8: a fall is capped at 12 px/frame ($F4.00), as in mm1. */
Test(mm2, claim8_cap)
{
	mm_row r[100];
	hold_rows("mm2", (int32_t[]){ AIR, T0, 20 }, 40, 100, r);
	int f = 2;
	while (r[f].vel > -3041)
		f++;
	cr_expect_eq(r[f + 1].vel, -3072);
	cr_expect(r[f + 1].flags & F_CAPPED);
	cr_expect_eq(r[f + 5].vel, -3072);
	/* In water the same cap: speed $05.80 - n * $1E reaches it after a longer fall. */
	js_acc a = tu_ref_hold(model("mm2"), (int32_t[]){ WATER, FS_OFF, 40 }, 40, 0, 400);
	cr_expect(a.flags & F_CAPPED);
}

/* The release rule as in mm1 (state 6 at $85FB): tapped in air, frame 1 -> $01.00; in water
 * ($05.80 - $1E = $05.62 after frame 1's gravity) also $01.00. */
Test(mm2, release_rule)
{
	mm_row r[4];
	hold_rows("mm2", (int32_t[]){ AIR, T0, 0 }, 1, 4, r);
	cr_expect_eq(r[1].vel, 0x100);
	cr_expect(r[1].flags & F_RELEASED);
	cr_expect_eq(r[2].vel, 0xc0);
	hold_rows("mm2", (int32_t[]){ WATER, FS_OFF, 0 }, 1, 4, r);
	cr_expect_eq(r[1].vel, 0x100);
	cr_expect_eq(r[2].vel, 0x100 - 0x1e);
}

/* Landing: speed := 0, then gravity: $FF.C0 in air, $FF.E2 in water; sub-pixel 0. */
Test(mm2, landing_speed)
{
	mm_row r[44];
	hold_rows("mm2", (int32_t[]){ AIR, T0, 0 }, 40, 44, r);
	cr_expect_eq(r[40].grounded, 1);
	cr_expect_eq(r[40].vel, -0x40);
	cr_expect_eq(r[40].px, 0x94);
	cr_expect_eq(r[40].sub, 0);
	mm_row w[120];
	hold_rows("mm2", (int32_t[]){ WATER, FS_OFF, 0 }, 40, 120, w);
	int f = 1;
	while (!w[f].grounded)
		f++;
	cr_expect_eq(f, 95);
	cr_expect_eq(w[f].vel, -0x1e);
}

/* The water frame skip: frame_skip_lo = 4 in water; after every 4th game frame one display
 * frame runs nothing.  t0: game frames 0-3, frame 4 idle, 5-8, 9 idle ...; t3: frame 1 idle. */
Test(mm2, water_frame_skip)
{
	mm_row r[16];
	hold_rows("mm2", (int32_t[]){ WATER, T0, 0 }, 40, 16, r);
	for (int f = 0; f < 16; f++) {
		int idle = f % 5 == 4;
		cr_expect_eq(r[f].idle, idle, "frame %d", f);
		if (idle) {
			cr_expect_eq(r[f].height, r[f - 1].height, "frame %d: nothing moves", f);
			cr_expect_eq(r[f].vel, r[f - 1].vel, "frame %d: no gravity", f);
		}
	}
	cr_expect_eq(r[5].height - r[3].height, r[3].vel, "frame 5 moves by frame 3's speed");
	hold_rows("mm2", (int32_t[]){ WATER, T3, 0 }, 40, 8, r);
	cr_expect_eq(r[0].idle, 0);
	cr_expect_eq(r[1].idle, 1);
	cr_expect_eq(r[6].idle, 1);
	/* Not in air. */
	hold_rows("mm2", (int32_t[]){ AIR, T0, 0 }, 40, 16, r);
	for (int f = 0; f < 16; f++)
		cr_expect_eq(r[f].idle, 0);
	/* An idle frame does not read the pad: a press only on the idle frame 4 is lost, and a
	 * button held from frame 4 on counts as a new press on frame 5. */
	uint8_t in[16] = { 0 };
	in[4] = JS_IN_JUMP;
	run_rows("mm2", (int32_t[]){ WATER, T0, 0 }, in, 16, r);
	for (int f = 0; f < 16; f++)
		cr_expect_eq(r[f].air, 0, "frame %d", f);
	memset(in, JS_IN_JUMP, sizeof in);
	in[0] = in[1] = in[2] = in[3] = 0;
	run_rows("mm2", (int32_t[]){ WATER, T0, 0 }, in, 16, r);
	cr_expect_eq(r[4].air, 0);
	cr_expect_eq(r[5].air, 1);
	cr_expect_eq(r[5].vel, 0x580);
}

/* ---------------------------------------------------------------- mm3 ---- */

/* Seed claim 9: Mega Man 3 takes off at $04.E5 where Mega Man 2 uses $04.DF, keeps gravity $40,
 * and caps a fall at 7 px/frame ($F9) where Mega Man 2 allows 12 ($F4).
 * mm3 frame 0 by hand (ysub 0): player_on_ground -> player_airborne with $FF.C0: Y $94.00 -
 * $FF.C0 = $94.40, gravity -> $FF.80, feet $A0 solid: snap by 0, reset_gravity $FF.C0; new A ->
 * $04.E5, JMP player_airborne: A held, no release; Y $94.40 - $04.E5: $40 - $E5 = $5B borrow,
 * $94 - 4 - 1 = $8F: $8F.5B; gravity -> $04.A5.  Height $9400 - $8F5B = 1189. */
Test(mm3, claim9_takeoff_gravity_cap)
{
	mm_row r[80], q[80];
	hold_rows("mm3", (int32_t[]){ 0, 0 }, 40, 80, r);
	cr_expect_eq(r[0].px, 0x8f);
	cr_expect_eq(r[0].sub, 0x5b);
	cr_expect_eq(r[0].vel, 0x4a5);
	cr_expect_eq(r[0].height, 1189);
	cr_expect_eq(r[0].height + 0x40, 0x4e5, "the take-off frame moves $04.E5 from Y $94.40");
	hold_rows("mm2", (int32_t[]){ AIR, T0, 0 }, 40, 2, q);
	cr_expect_eq(q[0].vel, 0x4df);
	for (int f = 1; f < 19; f++)
		cr_expect_eq(r[f].vel - r[f - 1].vel, -0x40, "mm3 gravity $40, frame %d", f);
	/* The cap: drop 4 tiles (the floor at row $E0, still on the screen). */
	hold_rows("mm3", (int32_t[]){ 0, 4 }, 40, 80, r);
	int f = 1;
	while (r[f].vel > -7 * 256 + 0x40 - 1 && !r[f].grounded)
		f++;
	/* $04.E5 - $40 k = 37 mod 64: ..., $F9.25 (-1755), then $F8.E5 -> $F9.00. */
	cr_expect_eq(r[f].vel, -1755);
	cr_expect_eq(r[f + 1].vel, -1792);
	cr_expect(r[f + 1].flags & F_CAPPED);
	cr_expect_eq(r[f + 2].vel, -1792);
	cr_expect_eq(r[f + 2].height - r[f + 1].height, -1792, "falls 7.00 px a frame");
	int64_t minv = 0;
	for (int i = 0; i < 80 && !r[i].grounded; i++)
		minv = r[i].vel < minv ? r[i].vel : minv;
	cr_expect_eq(minv, -1792);
	cr_expect_eq(r[f + 2].flags & F_OFFSCREEN, 0, "drop 4 stays on the screen");
}

/* The release: speed >= 0 and A up -> reset_gravity $FF.C0 BEFORE moving.  Tapped, ysub 0:
 * frame 1: $04.A5 -> $FF.C0; Y $8F.5B - $FF.C0 = $8F.9B (0.25 px down); gravity $FF.80.
 * Frames 2..6 by hand: $90.1B ($FF.40), $90.DB ($FF.00), $91.DB ($FE.C0), $93.1B ($FE.80),
 * $94.9B: feet $A0 -> snap by 0, sub-pixel $9B kept, $FF.C0, landed on frame 6. */
Test(mm3, release_and_landing_by_hand)
{
	mm_row r[8];
	hold_rows("mm3", (int32_t[]){ 0, 0 }, 1, 8, r);
	const int px[7] = { 0x8f, 0x8f, 0x90, 0x90, 0x91, 0x93, 0x94 };
	const int sub[7] = { 0x5b, 0x9b, 0x1b, 0xdb, 0xdb, 0x1b, 0x9b };
	const int vel[7] = { 0x4a5, -0x80, -0xc0, -0x100, -0x140, -0x180, -0x40 };
	for (int f = 0; f < 7; f++) {
		cr_expect_eq(r[f].px, px[f], "frame %d: Y $%02X", f, r[f].px);
		cr_expect_eq(r[f].sub, sub[f], "frame %d: sub $%02X", f, r[f].sub);
		cr_expect_eq(r[f].vel, vel[f], "frame %d: speed %d", f, r[f].vel);
	}
	cr_expect(r[1].flags & F_RELEASED);
	cr_expect_eq(r[1].height - r[0].height, -0x40, "the rise stops at once");
	cr_expect_eq(r[5].grounded, 0);
	cr_expect_eq(r[6].grounded, 1);
	cr_expect_eq(r[6].height, -0x9b, "the kept sub-pixel leaves him $9B/256 px low");
	/* Standing on: the sub-pixel goes $9B + $40 = $DB, then $1B (the pixel carries, snaps). */
	cr_expect_eq(r[7].px, 0x94);
	cr_expect_eq(r[7].sub, 0xdb);
	js_acc a = tu_ref_hold(model("mm3"), (int32_t[]){ 0, 0 }, 1, 0, 64);
	cr_expect_eq(a.rise, 1189);
	cr_expect_eq(a.apex_frame, 0);
	cr_expect_eq(a.airtime, 7);
	cr_expect_eq(a.flags & JS_FLAG_BELOW_START, 0, "the landing frame does not count");
}

/* The standing sub-pixel: the take-off frame starts from (ysub + $40) & $FF.  ysub $C0 -> the
 * standing step carries into the pixel and snaps back: Y $94.00, the take-off moves the whole
 * $04.E5 (1253); ysub $FF -> $94.3F, 1253 - 63 = 1190. */
Test(mm3, standing_subpixel)
{
	mm_row r[2];
	hold_rows("mm3", (int32_t[]){ 0xc0, 0 }, 40, 1, r);
	cr_expect_eq(r[0].height, 0x4e5);
	hold_rows("mm3", (int32_t[]){ 0xff, 0 }, 40, 1, r);
	cr_expect_eq(r[0].height, 0x4e5 - 0x3f);
	/* A press that lands with the button newly down on the landing frame is lost. */
	uint8_t in[16] = { JS_IN_JUMP };
	in[6] = JS_IN_JUMP;
	in[7] = JS_IN_JUMP;
	mm_row q[9];
	run_rows("mm3", (int32_t[]){ 0, 0 }, in, 9, q);
	cr_expect_eq(q[6].grounded, 1);
	cr_expect(q[6].flags & F_LANDING_PRESS);
	cr_expect_eq(q[7].air, 0, "held, no longer new: no jump");
	cr_expect_eq(q[8].air, 0);
}

/* ------------------------------------------------------- whole jumps ---- */

/* Whole jumps: rise (1/256 px above Y $94.00), apex frame, airtime.  Expected values from an
 * independent re-implementation of the rules in Python (/tmp/mmpy/mm_sim.py, written
 * separately from the C, on linear integers rather than the games' bytes), spot-checked by hand
 * above (mm1 tapped: apex 1887 on frame 5; mm3 tapped: 1189 on frame 0, landing on frame 6). */
Test(megaman, whole_jumps)
{
	struct { const char *id; int32_t ax[3]; int h; int64_t rise; int apex, air; } c[] = {
		{ "mm1", { 0 }, 1, 1887, 5, 15 },     { "mm1", { 0 }, 2, 3070, 6, 18 },
		{ "mm1", { 0 }, 5, 6235, 9, 25 },     { "mm1", { 0 }, 10, 10230, 14, 34 },
		{ "mm1", { 0 }, 12, 12780, 20, 41 },  { "mm1", { 0 }, 40, 12780, 20, 41 },
		{ "mm1", { 20 }, 40, 12780, 20, 76 },
		{ "mm2", { AIR, T0, 0 }, 1, 1887, 5, 15 },   { "mm2", { AIR, T0, 0 }, 40, 12780, 20, 41 },
		{ "mm2", { AIR, T0, 20 }, 40, 12780, 20, 76 },
		{ "mm2", { WATER, FS_OFF, 0 }, 1, 2632, 10, 25 },
		{ "mm2", { WATER, FS_OFF, 0 }, 5, 7964, 14, 39 },
		{ "mm2", { WATER, FS_OFF, 0 }, 20, 23684, 29, 70 },
		{ "mm2", { WATER, FS_OFF, 0 }, 30, 33746, 47, 96 },
		{ "mm2", { WATER, FS_OFF, 0 }, 40, 33746, 47, 96 },
		{ "mm2", { WATER, T0, 0 }, 1, 2632, 12, 31 },
		{ "mm2", { WATER, T0, 0 }, 5, 6676, 16, 44 },
		{ "mm2", { WATER, T0, 0 }, 20, 20152, 31, 78 },
		{ "mm2", { WATER, T0, 0 }, 30, 26736, 41, 96 },
		{ "mm2", { WATER, T0, 0 }, 40, 33746, 58, 119 },
		{ "mm2", { WATER, T3, 0 }, 1, 2632, 13, 31 },
		{ "mm2", { WATER, T3, 0 }, 40, 33746, 59, 120 },
		{ "mm3", { 0, 0 }, 1, 1189, 0, 7 },      { "mm3", { 0, 0 }, 2, 2378, 1, 11 },
		{ "mm3", { 0, 0 }, 5, 5561, 4, 18 },     { "mm3", { 0, 0 }, 10, 9586, 9, 27 },
		{ "mm3", { 0, 0 }, 20, 12836, 19, 41 },  { "mm3", { 0, 0 }, 40, 12836, 19, 41 },
		{ "mm3", { 0xc0, 0 }, 1, 1253, 0, 7 },   { "mm3", { 0xc0, 0 }, 40, 12900, 19, 41 },
		{ "mm3", { 0xff, 0 }, 1, 1190, 0, 7 },   { "mm3", { 0xff, 0 }, 40, 12837, 19, 41 },
		{ "mm3", { 0, 4 }, 40, 12836, 19, 51 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		js_acc a = tu_ref_hold(model(c[i].id), c[i].ax, c[i].h, 0, 400);
		cr_expect_eq(a.rise, c[i].rise, "case %zu (%s hold %d): rise %lld", i, c[i].id, c[i].h,
			     (long long)a.rise);
		cr_expect_eq(a.apex_frame, c[i].apex, "case %zu (%s hold %d): apex %d", i, c[i].id,
			     c[i].h, a.apex_frame);
		cr_expect_eq(a.airtime, c[i].air, "case %zu (%s hold %d): airtime %d", i, c[i].id,
			     c[i].h, a.airtime);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED), 0, "case %zu", i);
	}
}

/* The default grids fit their frame limits: every lane of every default grid lands (the longest:
 * mm1 drop 4, 52 frames; mm2 water drop 4 t3, 134; mm3 41, by the independent calculation). */
Test(megaman, defaults_land)
{
	const char *ids[3] = { "mm1", "mm2", "mm3" };
	for (int k = 0; k < 3; k++) {
		const js_model *m = model(ids[k]);
		int32_t ax[JS_MAX_AXES] = { 0 };
		for (int a = 0; a < m->n_axes; a++)
			ax[a] = m->axes[a].def_lo;
		int longest = 0;
		for (;;) {
			for (int h = 1; h <= m->default_hold; h++) {
				js_acc acc = tu_ref_hold(m, ax, h, 0, m->default_frames);
				cr_assert_eq(acc.flags & (JS_FLAG_NOT_LANDED | JS_FLAG_NO_TAKEOFF), 0, "%s hold %d",
					     ids[k], h);
				longest = acc.airtime > longest ? acc.airtime : longest;
			}
			int a = 0;
			for (; a < m->n_axes; a++) {
				if (ax[a] < m->axes[a].def_hi) {
					ax[a]++;
					break;
				}
				ax[a] = m->axes[a].def_lo;
			}
			if (a == m->n_axes)
				break;
		}
		const int expect[3] = { 52, 134, 41 };
		cr_expect_eq(longest, expect[k], "%s: longest default jump %d frames", ids[k], longest);
		cr_expect_leq(longest, m->default_frames);
	}
}

/* No press: no jump. */
Test(megaman, no_press)
{
	const char *ids[3] = { "mm1", "mm2", "mm3" };
	for (int k = 0; k < 3; k++) {
		js_acc a = tu_ref_hold(model(ids[k]), (int32_t[]){ 0, 0, 0 }, 0, 0, 64);
		cr_expect_eq(a.rise, 0);
		cr_expect(a.flags & JS_FLAG_NO_TAKEOFF);
	}
}

/* Offscreen: mm1 with drop 5 passes Y $E8 before it lands (the game would scroll or kill). */
Test(megaman, offscreen_flag)
{
	js_acc a = tu_ref_hold(model("mm1"), (int32_t[]){ 4 }, 40, 0, 200);
	cr_expect_eq(a.flags & F_OFFSCREEN, 0, "drop 4 stays on the screen");
	a = tu_ref_hold(model("mm1"), (int32_t[]){ 5 }, 40, 0, 200);
	cr_expect(a.flags & F_OFFSCREEN);
	a = tu_ref_hold(model("mm3"), (int32_t[]){ 0, 5 }, 40, 0, 200);
	cr_expect(a.flags & F_OFFSCREEN);
}

/* ------------------------------------------------- lanes == reference ---- */

/* drop_hi >= 0: every lane's drop in 0..drop_hi; -1: half the lanes small, half anywhere. */
static void check_lanes_drops(const char *id, size_t n, int n_frames, uint64_t seed, int mode,
			      int drop_hi)
{
	const js_model *m = model(id);
	int na = m->n_axes;
	int32_t *ax = malloc(n * (size_t)na * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		for (int a = 0; a < na; a++) {
			const js_axis *x = &m->axes[a];
			int32_t span = x->max - x->min + 1;
			int32_t v = x->min + (int32_t)(tu_rand(&seed) % (uint64_t)span);
			/* half the lanes keep drop small, where the floor is on the screen */
			if (strcmp(x->name, "drop") == 0 && drop_hi >= 0)
				v = (int32_t)(tu_rand(&seed) % (uint64_t)(drop_hi + 1));
			else if (strcmp(x->name, "drop") == 0 && (tu_rand(&seed) & 1))
				v = (int32_t)(tu_rand(&seed) % 6);
			ax[i * (size_t)na + (size_t)a] = v;
		}
		int h = (int)(tu_rand(&seed) % 60);
		for (int f = 0; f < n_frames; f++) {
			unsigned b;
			if (mode == 0)
				b = f < h;
			else if (mode == 1)
				b = (unsigned)(tu_rand(&seed) & 1);
			else
				b = (unsigned)((tu_rand(&seed) % 9) == 0);
			in[i * (size_t)n_frames + (size_t)f] = (uint8_t)(b ? JS_IN_JUMP : 0);
		}
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

static void check_lanes(const char *id, size_t n, int n_frames, uint64_t seed, int mode)
{
	check_lanes_drops(id, n, n_frames, seed, mode, -1);
}

/* Edge cases: every drop, every ysub / env / fskip, holds 0..40, all on one block boundary. */
static void check_lanes_grid(const char *id, int n_frames)
{
	const js_model *m = model(id);
	int na = m->n_axes;
	size_t n = 0, cap = 100000;
	int32_t *ax = malloc(cap * (size_t)na * sizeof *ax);
	uint8_t *in = malloc(cap * (size_t)n_frames);
	int32_t v[JS_MAX_AXES];
	for (int a = 0; a < na; a++)
		v[a] = m->axes[a].min;
	for (;;) {
		for (int h = 0; h <= 40; h += 3) {
			cr_assert_lt(n, cap);
			memcpy(ax + n * (size_t)na, v, (size_t)na * sizeof *v);
			tu_hold(in + n * (size_t)n_frames, n_frames, h, 0);
			n++;
		}
		int a = 0;
		for (; a < na; a++) {
			int step = strcmp(m->axes[a].name, "ysub") == 0 ? 17 : 1;
			if (strcmp(m->axes[a].name, "drop") == 0)
				step = 7;
			if (v[a] + step <= m->axes[a].max) {
				v[a] += step;
				break;
			}
			v[a] = m->axes[a].min;
		}
		if (a == na)
			break;
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

Test(megaman, lanes_equal_reference_holds)
{
	check_lanes("mm1", 3000, 200, 1, 0);
	check_lanes("mm2", 3000, 300, 2, 0);
	check_lanes("mm3", 3000, 200, 3, 0);
}

Test(megaman, lanes_equal_reference_random)
{
	check_lanes("mm1", 4000, 256, 11, 1);
	check_lanes("mm2", 4000, 256, 12, 1);
	check_lanes("mm3", 4000, 256, 13, 1);
}

Test(megaman, lanes_equal_reference_sparse_presses)
{
	check_lanes("mm1", 4000, 400, 21, 2);
	check_lanes("mm2", 4000, 400, 22, 2);
	check_lanes("mm3", 4000, 400, 23, 2);
}

/* Every lane's floor within 4 tiles (mm1's default grid): whole groups of mm1 take its calm fast
 * frames (mm1.c, MM1_CALM_Y; megaman.h, mm_calm_run), which a group with one deeper floor never
 * does.  Holds, random presses and sparse presses (relaunches on landing frames among them). */
Test(megaman, lanes_equal_reference_calm)
{
	for (int mode = 0; mode < 3; mode++) {
		check_lanes_drops("mm1", 4000, 200, 41 + (uint64_t)mode, mode, 4);
		check_lanes_drops("mm2", 2000, 200, 44 + (uint64_t)mode, mode, 4);
		check_lanes_drops("mm3", 2000, 200, 47 + (uint64_t)mode, mode, 4);
	}
}

Test(megaman, lanes_equal_reference_edges)
{
	check_lanes_grid("mm1", 200);
	check_lanes_grid("mm2", 300);
	check_lanes_grid("mm3", 200);
}

/* Jumps cut off by the frame limit while rising, the last frame an mm2 idle frame or not: the
 * apex is the last frame that moved (frame 8 for t0 and a limit of 10: frame 9 is idle). */
Test(megaman, lanes_cut_off_while_rising)
{
	for (int nf = 5; nf < 35; nf++) {
		int32_t ax[4 * 3];
		uint8_t in[4 * 35];
		for (int t = T0; t <= T3; t++) {
			ax[3 * t] = WATER;
			ax[3 * t + 1] = t;
			ax[3 * t + 2] = 0;
			tu_hold(in + nf * t, nf, 40, 0);
		}
		cr_assert_geq(tu_check_lanes(model("mm2"), 4, ax, in, nf), 1);
		cr_assert_geq(tu_check_lanes(model("mm1"), 1, (int32_t[]){ 0 }, in, nf), 1);
		cr_assert_geq(tu_check_lanes(model("mm3"), 1, (int32_t[]){ 0, 0 }, in, nf), 1);
	}
	js_acc a;
	uint8_t hold[10];
	tu_hold(hold, 10, 10, 0);
	js_reference_run(model("mm2"), (int32_t[]){ WATER, T0, 0 }, hold, 10, &a);
	cr_expect_eq(a.apex_frame, 8);
	cr_expect(a.flags & JS_FLAG_NOT_LANDED);
}

Test(megaman, lanes_partial_block_and_short_runs)
{
	check_lanes("mm1", 7, 100, 31, 1);
	check_lanes("mm2", 13, 100, 32, 1);
	check_lanes("mm3", 1, 100, 33, 1);
	const int frames[4] = { 1, 2, 33, 65 };
	for (int k = 0; k < 4; k++) {
		check_lanes("mm1", 200, frames[k], 40 + (uint64_t)k, 0);
		check_lanes("mm2", 200, frames[k], 50 + (uint64_t)k, 1);
		check_lanes("mm3", 200, frames[k], 60 + (uint64_t)k, 2);
	}
}

/* ------------------------------------------------------- fuzz starts (model.h) ---- */

static int field_index(const js_model *m, const char *name)
{
	for (int i = 0; i < m->n_fields; i++)
		if (strcmp(m->fields[i].name, name) == 0)
			return i;
	cr_assert_fail("%s has no field %s", m->id, name);
	return -1;
}

/* A one-lane case: axes ax, the fields Y page:pixel:sub-pixel, speed whole:fraction and air set,
 * A held on frames 0..hold-1 (prev_a: A held before frame 0). */
static void start_case(js_case *c, const char *id, const int32_t *ax, int page, int px, int sub,
		       int speed, int frac, int air, int prev_a, int n_frames, int hold)
{
	memset(c, 0, sizeof *c);
	c->m = model(id);
	c->n_lanes = 1;
	c->n_frames = n_frames;
	for (int a = 0; a < c->m->n_axes; a++)
		c->axis[0][a] = ax[a];
	const char *names[7] = { "y_page", "y_px", "y_sub", "speed", "speed_frac", "air", "prev_a" };
	const int vals[7] = { page, px, sub, speed, frac, air, prev_a };
	for (int k = 0; k < 7; k++) {
		int i = field_index(c->m, names[k]);
		c->set[0] |= 1u << i;
		c->val[0][i] = vals[k];
	}
	for (int f = 0; f < n_frames; f++)
		c->input[0][f] = f < hold ? JS_IN_JUMP : 0;
}

/* The start's state after its first step, as a trace row. */
static void first_row(const js_case *c, mm_row *r)
{
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	char buf[256];
	js_case_start(c, 0, st);
	c->m->step(st, c->input[0][0]);
	c->m->trace_row(st, buf, sizeof buf);
	memset(r, 0, sizeof *r);
	sscanf(buf, "%d,%d,%d,%d,%d,%d,%d", &r->page, &r->px, &r->sub, &r->speed, &r->speed_frac,
	       &r->vel, &r->air);
}

/* Every lane path == the reference from random starts (speeds -128.00..127.FF, Y anywhere on the
 * 16-bit page:pixel, air or ground, mm2's frame-skip timer and pending wait). */
Test(mm1, lanes_equal_reference_from_fuzz_starts)
{
	cr_assert_gt(tu_check_random_starts(model("mm1"), 300, 200, 101), 150);
}

Test(mm2, lanes_equal_reference_from_fuzz_starts)
{
	cr_assert_gt(tu_check_random_starts(model("mm2"), 300, 200, 102), 150);
}

Test(mm3, lanes_equal_reference_from_fuzz_starts)
{
	cr_assert_gt(tu_check_random_starts(model("mm3"), 300, 200, 103), 150);
}

/* Long runs from starts: the lanes follow Y through its 16-bit wrap and the speed through the
 * $80 -> $7F wrap (held A keeps a 127 px/frame rise going for hundreds of frames). */
Test(megaman, lanes_equal_reference_from_long_fuzz_starts)
{
	cr_assert_gt(tu_check_random_starts(model("mm1"), 40, 512, 111), 20);
	cr_assert_gt(tu_check_random_starts(model("mm2"), 40, 512, 112), 20);
	cr_assert_gt(tu_check_random_starts(model("mm3"), 40, 512, 113), 20);
}

/* The default grid (every hold 0..default_hold at the axes' default ends) breaks no rule: the
 * invariants are true in normal play. */
Test(megaman, defaults_break_no_invariant)
{
	const char *ids[3] = { "mm1", "mm2", "mm3" };
	js_case c;
	for (int k = 0; k < 3; k++) {
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

/* mm1 speed_wrap, by hand from _objects_vertical_moving / @is_megaman_2: Mega Man in the air at
 * Y -$200.00 (page -2) with speed $80.00 (-128 px/frame, falling: @start_landing).  Frame 0:
 * in-process Y = Y - speed = -$200 + $80 = -$180 (page -2, pixel $80), no floor there; gravity:
 * fraction $00 - $40 = $C0 with a borrow, whole $80 - 1 = $7F: positive, so BPL skips the clamp.
 * Speed $7F.C0: the fall became a 127.75 px/frame rise on frame 0.  From $80.40 instead the
 * fraction does not borrow: $80.00, whole $80 < $F4 -> the clamp sets $F4.00, and the fall goes
 * on at 12 px/frame to the floor: no rule breaks. */
Test(mm1, speed_wrap_from_80_00)
{
	js_case c;
	js_break b;
	mm_row r;
	start_case(&c, "mm1", (int32_t[]){ 0 }, -2, 0, 0, -128, 0x00, 1, 0, 64, 0);
	first_row(&c, &r);
	cr_expect_eq(r.page, -2);
	cr_expect_eq(r.px, 0x80);
	cr_expect_eq(r.speed, 0x7f);
	cr_expect_eq(r.speed_frac, 0xc0);
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "speed_wrap"));
	cr_expect_eq(b.frame, 0);

	start_case(&c, "mm1", (int32_t[]){ 0 }, -2, 0, 0, -128, 0x40, 1, 0, 64, 0);
	first_row(&c, &r);
	cr_expect_eq(r.speed, -12);
	cr_expect_eq(r.speed_frac, 0);
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "kind %d inv %d frame %d", b.kind,
		     b.inv, b.frame);
}

/* mm1 y_wrap, by hand from _objects_run_ycoord: Y at the top of the 16-bit page:pixel, page -128
 * ($80) pixel $00, rising at $7F.00.  Frame 0: pixel $00 - $7F = $81 with a borrow, the page
 * $80 - $00 - 1 = $7F: Y jumps from -32768 px to 32641 px (page 127, pixel $81), the bottom. */
Test(mm1, y_wrap_at_the_top)
{
	js_case c;
	js_break b;
	mm_row r;
	start_case(&c, "mm1", (int32_t[]){ 0 }, -128, 0, 0, 127, 0, 1, 0, 64, 0);
	first_row(&c, &r);
	cr_expect_eq(r.page, 127);
	cr_expect_eq(r.px, 0x81);
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "y_wrap"));
	cr_expect_eq(b.frame, 0);
}

/* mm2 speed_wrap in water (gravity $1E), by hand from player_vertical_physics /
 * player_apply_gravity_sub: page -2, pixel $00, speed $80.10 (-127.9375, falling).  Frame 0 (a
 * game frame, $FC 0 -> 1): sub $00 - $10 = $F0 borrow, pixel $00 - $80 - 1 = $7F borrow, page
 * $FE - $FF - 1 = $FE: Y = -$181.10 (pixel $7F, sub $F0), no floor; gravity $10 - $1E = $F2
 * borrow, whole $80 - 1 = $7F: speed $7F.F2, a rise. */
Test(mm2, speed_wrap_in_water)
{
	js_case c;
	js_break b;
	mm_row r;
	start_case(&c, "mm2", (int32_t[]){ WATER, T0, 0 }, -2, 0, 0, -128, 0x10, 1, 0, 64, 0);
	first_row(&c, &r);
	cr_expect_eq(r.page, -2);
	cr_expect_eq(r.px, 0x7f);
	cr_expect_eq(r.sub, 0xf0);
	cr_expect_eq(r.speed, 0x7f);
	cr_expect_eq(r.speed_frac, 0xf2);
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "speed_wrap"));
	cr_expect_eq(b.frame, 0);
}

/* mm3: speed_wrap as mm1 (apply_y_velocity_fall, apply_gravity: $80.00 - $00.40 = $7F.C0 on
 * frame 0; frame 1 then releases it: speed >= 0, A up -> $FF.C0).  y_wrap with A held (no
 * release): page -128 pixel $05 rising at $7F.00: pixel $05 - $7F = $86 borrow, page $7F. */
Test(mm3, speed_wrap_and_y_wrap)
{
	js_case c;
	js_break b;
	mm_row r;
	start_case(&c, "mm3", (int32_t[]){ 0, 0 }, -2, 0, 0, -128, 0, 1, 0, 64, 0);
	first_row(&c, &r);
	cr_expect_eq(r.px, 0x80);
	cr_expect_eq(r.speed, 0x7f);
	cr_expect_eq(r.speed_frac, 0xc0);
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "speed_wrap"));
	cr_expect_eq(b.frame, 0);

	start_case(&c, "mm3", (int32_t[]){ 0, 0 }, -128, 5, 0, 127, 0, 1, 1, 64, 1);
	first_row(&c, &r);
	cr_expect_eq(r.page, 127);
	cr_expect_eq(r.px, 0x86);
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, tu_inv(c.m, "y_wrap"));
	cr_expect_eq(b.frame, 0);
}

#define MM_DROP_MAX_T 63 /* megaman.h: MM_DROP_MAX, the lowest landing floor */

/* The landing bounds hold from the slowest starts (Y at the top of page -128, the lowest floor,
 * the speeds that rise longest or wrap), and they are close: the derivations in mm1.c, mm2.c and
 * mm3.c are not loose by more than 3%. */
Test(megaman, land_bound_from_the_slowest_starts)
{
	const char *ids[3] = { "mm1", "mm2", "mm3" };
	for (int k = 0; k < 3; k++) {
		const js_model *m = model(ids[k]);
		int worst = 0;
		for (int page = -128; page <= 127; page += 255)
			for (int sp = -128; sp <= 127; sp += 1) {
				int32_t ax[3] = { 0 };
				if (k == 1) { /* water, t3: the most skipped frames */
					ax[0] = WATER;
					ax[1] = T3;
				}
				ax[m->n_axes - 1] = MM_DROP_MAX_T;
				js_case c;
				start_case(&c, ids[k], ax, page, 0, 0, sp, (sp & 3) * 0x10, 1, 1, 1, 0);
				_Alignas(16) unsigned char st[JS_STATE_MAX];
				js_case_start(&c, 0, st);
				js_obs o;
				int f = 0;
				for (; f < m->land_bound; f++) {
					m->step(st, 0);
					m->observe(st, &o);
					if (o.grounded)
						break;
				}
				cr_assert_lt(f, m->land_bound, "%s page %d speed %d: no landing", m->id,
					     page, sp);
				worst = f > worst ? f : worst;
			}
		cr_expect_gt(worst, m->land_bound * 97 / 100, "%s: slowest landing frame %d, bound %d",
			     m->id, worst, m->land_bound);
	}
}
