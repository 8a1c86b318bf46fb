/* tests/test_smb1.c - Super Mario Bros.: seed claims (Gravity page 17, 21, 22, 23, 29, 30),
 * frame-by-frame values derived by hand from ImposeGravity / JumpSwimSub (Xkeeper0/smb1
 * src/prg.asm), whole-jump figures, and lane kernel == reference on every ISA. */
#include <stdio.h>

#include "testutil.h"

enum { VX, ENV };
enum { AIR, SWIM, WHIRL };

typedef struct smb1_row {
	unsigned y_high, y_pos, y_frac, speed_frac, force, state;
	int speed;
} smb1_row;

/* Steps the reference for frames 0..n-1 and decodes its trace row after each step. */
static const tu_field smb1_fields[] = {
	TU_FIELD(smb1_row, y_high, "y_high"),
	TU_FIELD(smb1_row, y_pos, "y_pos"),
	TU_FIELD(smb1_row, y_frac, "y_frac"),
	TU_FIELD(smb1_row, speed, "speed"),
	TU_FIELD(smb1_row, speed_frac, "speed_frac"),
	TU_FIELD(smb1_row, force, "force"),
	TU_FIELD(smb1_row, state, "state"),
};

static void run_rows(int vx, int env, const uint8_t *in, int n, smb1_row *rows)
{
	const int32_t ax[] = { vx, env };
	TU_ROWS(tu_model("smb1"), ax, in, n, smb1_fields, rows);
}

static void hold_rows(int vx, int env, int h, int n, smb1_row *rows)
{
	uint8_t in[256];
	tu_hold(in, n, h, 0);
	run_rows(vx, env, in, n, rows);
}

/* Frame by frame, row 0, A held: derived by hand.
 * Frame 0 (the press): InitJS sets Y_Speed $FC, MoveForce $00, VerticalForce $20; JumpSwimSub
 * keeps $20 (rising, A not held last frame, risen (origin - Y) = 0 < DiffToHaltJump 1);
 * ImposeGravity: YMF_Dummy = 0 + $00 = $00 (no carry), Y_Position = $B0 + $FC = $AC carry 1,
 * HighPos = $01 + $FF + 1 = $01; MoveForce = $00 + $20 = $20: Y $01AC.00, speed $FC.20.
 * Frame 1: A held now and last frame: keep $20.  Dummy = $00 + $20 = $20, Y = $AC + $FC = $A8;
 * MoveForce = $40: Y $01A8.20.  Frame 2: Dummy = $20 + $40 = $60, Y = $A4, MoveForce $60.
 * Frame 3: Dummy = $60 + $60 = $C0, Y = $A0, MoveForce $80.  Frame 4: Dummy $C0 + $80 = $140 ->
 * $40 carry 1, Y = $A0 + $FC + 1 = $9D; MoveForce $A0. */
Test(smb1, held_frames_by_hand)
{
	smb1_row r[8];
	hold_rows(0, AIR, 40, 5, r);
	const unsigned y[5] = { 0xac, 0xa8, 0xa4, 0xa0, 0x9d };
	const unsigned frac[5] = { 0x00, 0x20, 0x60, 0xc0, 0x40 };
	const unsigned mf[5] = { 0x20, 0x40, 0x60, 0x80, 0xa0 };
	for (int f = 0; f < 5; f++) {
		cr_expect_eq(r[f].y_high, 1, "frame %d", f);
		cr_expect_eq(r[f].y_pos, y[f], "frame %d: Y $%02X, expected $%02X", f, r[f].y_pos, y[f]);
		cr_expect_eq(r[f].y_frac, frac[f], "frame %d", f);
		cr_expect_eq(r[f].speed, -4, "frame %d", f);
		cr_expect_eq(r[f].speed_frac, mf[f], "frame %d", f);
		cr_expect_eq(r[f].force, 0x20, "frame %d", f);
		cr_expect_eq(r[f].state, 1, "frame %d", f);
	}
}

/* Tapped (A on frame 0 only), row 0, by hand.  Frame 0 as above.  Frame 1: rising, A not held,
 * risen = $B0 - $AC = 4 >= 1 -> VerticalForce = VerticalForceDown $70 (claim 30).  Dummy $00 +
 * $20 = $20, Y $A8; MoveForce $20 + $70 = $90.  Frame 2: Dummy $20 + $90 = $B0, Y $A4;
 * MoveForce $90 + $70 = $100 -> $00 carry: speed $FD.00.  Frame 3: Dummy $B0 + $00, Y = $A4 +
 * $FD = $A1; MoveForce $70: speed $FD.70. */
Test(smb1, tapped_frames_by_hand)
{
	smb1_row r[4];
	hold_rows(0, AIR, 1, 4, r);
	cr_expect_eq(r[0].force, 0x20);
	cr_expect_eq(r[1].force, 0x70);
	cr_expect_eq(r[1].y_pos, 0xa8);
	cr_expect_eq(r[1].y_frac, 0x20);
	cr_expect_eq(r[1].speed, -4);
	cr_expect_eq(r[1].speed_frac, 0x90);
	cr_expect_eq(r[2].y_pos, 0xa4);
	cr_expect_eq(r[2].y_frac, 0xb0);
	cr_expect_eq(r[2].speed, -3);
	cr_expect_eq(r[2].speed_frac, 0x00);
	cr_expect_eq(r[3].y_pos, 0xa1);
	cr_expect_eq(r[3].y_frac, 0xb0);
	cr_expect_eq(r[3].speed, -3);
	cr_expect_eq(r[3].speed_frac, 0x70);
}

/* Claim 17: 8.8 fixed point; ImposeGravity moves by the speed (fraction through YMF_Dummy) and
 * then adds gravity.  The first frame moves by exactly the start speed: 4.00 px for rows 0-2,
 * 5.00 for rows 3-4 (PlayerYSpdData $FC / $FB); the speed fraction then holds the gravity. */
Test(smb1, claim17_move_then_gravity)
{
	const int vx[5] = { 0, 9, 16, 25, 28 };
	const unsigned rise0[5] = { 4, 4, 4, 5, 5 };
	for (int i = 0; i < 5; i++) {
		smb1_row r[1];
		hold_rows(vx[i], AIR, 40, 1, r);
		cr_expect_eq(0xb0 - r[0].y_pos, rise0[i], "vx %d", vx[i]);
		cr_expect_eq(r[0].y_frac, 0, "vx %d: the fraction moved is the old MoveForce, 0", vx[i]);
	}
}

/* Claim 21: while rising with A held, gravity is $20, $20, $1E, $28, $28 for rows 0-4 (picked
 * by |X speed| <$09, <$10, <$19, <$1C, else).  Claim 22: after the switch $70, $70, $60, $90,
 * $90.  Measured as the MoveForce step between two frames. */
Test(smb1, claims21_22_row_forces)
{
	const int vx[5] = { 8, 15, 24, 27, 40 }; /* the top |X speed| of each row */
	const unsigned held[5] = { 0x20, 0x20, 0x1e, 0x28, 0x28 };
	const unsigned fall[5] = { 0x70, 0x70, 0x60, 0x90, 0x90 };
	for (int i = 0; i < 5; i++) {
		smb1_row r[3];
		hold_rows(vx[i], AIR, 40, 2, r);
		cr_expect_eq(r[0].speed_frac, held[i], "row %d held", i);
		cr_expect_eq(r[1].speed_frac, 2 * held[i], "row %d held", i);
		hold_rows(vx[i], AIR, 1, 2, r);
		cr_expect_eq(r[1].force, fall[i], "row %d after release", i);
		cr_expect_eq(r[1].speed_frac, (held[i] + fall[i]) & 0xff, "row %d after release", i);
	}
	/* Rows 5 (swim) and 6 (whirlpool): $FE.80 / $FF.00 start, forces $0D/$0A and $04/$09. */
	smb1_row r[2];
	hold_rows(0, SWIM, 40, 1, r);
	cr_expect_eq(r[0].speed, -2);
	cr_expect_eq(r[0].speed_frac, 0x80 + 0x0d);
	cr_expect_eq(r[0].y_pos, 0xb0 - 2);
	hold_rows(0, WHIRL, 40, 1, r);
	cr_expect_eq(r[0].speed, -1);
	cr_expect_eq(r[0].speed_frac, 0x04);
	hold_rows(0, SWIM, 1, 2, r);
	cr_expect_eq(r[1].force, 0x0a);
	hold_rows(0, WHIRL, 1, 2, r);
	cr_expect_eq(r[1].force, 0x09);
}

/* Claims 23 and 29: the clamp sets the speed to 4.00 only when the whole part is >= 4 and the
 * fraction >= $80, so a fall runs 4.00 -> 4.70 -> (4.E0: clamp) 4.00 with force $70: by hand,
 * row 0 held 40 frames: frame 40 speed $03.F0, frame 41 $03.F0 + $70 = $04.60 (whole 4, fraction
 * $60 < $80: no clamp), frame 42 $04.60 + $70 = $04.D0 -> clamp -> $04.00, frame 43 $04.70. */
Test(smb1, claims23_29_fall_clamp)
{
	smb1_row r[45];
	hold_rows(0, AIR, 40, 45, r);
	cr_expect_eq(r[40].speed, 3);
	cr_expect_eq(r[40].speed_frac, 0xf0);
	cr_expect_eq(r[41].speed, 4);
	cr_expect_eq(r[41].speed_frac, 0x60);
	cr_expect_eq(r[42].speed, 4);
	cr_expect_eq(r[42].speed_frac, 0x00);
	cr_expect_eq(r[43].speed, 4);
	cr_expect_eq(r[43].speed_frac, 0x70);
	cr_expect_eq(r[44].speed_frac, 0x00);
	/* So the fall speed passes 4 px/frame: the model flags it (fall_over_4) and the clamp. */
	js_acc a = tu_ref_hold(tu_model("smb1"), (int32_t[]){ 0, AIR }, 40, 0, 256);
	cr_expect(a.flags & (1u << 8), "fall_over_4 flagged");
	cr_expect(a.flags & (1u << 9), "clamped flagged");
}

/* Claim 30: the switch to falling gravity is one-way and needs A held this frame AND last frame
 * to keep the jump force; re-pressing A mid-jump does not bring $20 back. */
Test(smb1, claim30_gravity_switch_one_way)
{
	uint8_t in[12] = { JS_IN_JUMP, JS_IN_JUMP, 0, JS_IN_JUMP, JS_IN_JUMP, JS_IN_JUMP,
			   JS_IN_JUMP, JS_IN_JUMP, JS_IN_JUMP, JS_IN_JUMP, JS_IN_JUMP, JS_IN_JUMP };
	smb1_row r[12];
	run_rows(0, AIR, in, 12, r);
	cr_expect_eq(r[1].force, 0x20, "held on frames 0 and 1: keep");
	cr_expect_eq(r[2].force, 0x70, "released on frame 2: switch");
	for (int f = 3; f < 12; f++)
		cr_expect_eq(r[f].force, 0x70, "frame %d: never back", f);
	/* A re-press on a rising frame is a new press, not a jump: no InitJS in the air. */
	cr_expect_eq(r[3].speed, r[2].speed + ((r[2].speed_frac + 0x70) >> 8));
}

/* Whole jumps: rise (1/256 px), apex frame, airtime.  Expected values computed with an
 * independent byte-level re-implementation of the rules above (Python, written separately from
 * the C reference) and spot-checked by hand: row 0 held rises 4.00 + 3.875 + ... until the speed
 * reaches 0 on frame 31: 66 px exactly (16896/256). */
Test(smb1, whole_jumps)
{
	struct { int vx, env, h; int64_t rise; int apex, air; } c[] = {
		{ 0, AIR, 1, 5920, 9, 21 },     { 0, AIR, 2, 6624, 10, 23 },
		{ 0, AIR, 10, 11376, 16, 33 },  { 0, AIR, 40, 16896, 31, 53 },
		{ 16, AIR, 1, 6678, 11, 24 },   { 16, AIR, 40, 17990, 34, 58 },
		{ 28, AIR, 1, 7256, 9, 21 },    { 28, AIR, 40, 21120, 31, 57 },
		{ 0, SWIM, 1, 7452, 38, 78 },   { 0, SWIM, 40, 5865, 29, 65 },
		{ 0, WHIRL, 1, 3910, 28, 59 },  { 0, WHIRL, 40, 7681, 50, 93 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		js_acc a = tu_ref_hold(tu_model("smb1"), (int32_t[]){ c[i].vx, c[i].env }, c[i].h, 0, 256);
		cr_expect_eq(a.rise, c[i].rise, "vx %d env %d hold %d: rise %lld", c[i].vx, c[i].env,
			     c[i].h, (long long)a.rise);
		cr_expect_eq(a.apex_frame, c[i].apex, "vx %d env %d hold %d: apex %d", c[i].vx, c[i].env,
			     c[i].h, a.apex_frame);
		cr_expect_eq(a.airtime, c[i].air, "vx %d env %d hold %d: airtime %d", c[i].vx, c[i].env,
			     c[i].h, a.airtime);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED), 0);
	}
}

/* No press: no jump.  A press on frame 3 (frames 0-2 up) jumps then: frames count from 0. */
Test(smb1, no_press_and_late_press)
{
	js_acc a = tu_ref_hold(tu_model("smb1"), (int32_t[]){ 0, AIR }, 0, 0, 64);
	cr_expect_eq(a.rise, 0);
	cr_expect(a.flags & JS_FLAG_NO_TAKEOFF);
	uint8_t in[64] = { 0, 0, 0, JS_IN_JUMP };
	js_reference_run(tu_model("smb1"), (int32_t[]){ 0, AIR }, in, 64, &a);
	cr_expect_eq(a.rise, 5920);
	cr_expect_eq(a.apex_frame, 3 + 9);
	cr_expect_eq(a.airtime, 3 + 21);
}

/* Swimming: a new press while the stroke's JumpSwimTimer runs starts a new stroke (InitJS in
 * the air), so tapping every 8 frames climbs until the $14 water-surface rule caps it. */
Test(smb1, swim_strokes_reach_the_surface)
{
	uint8_t in[256] = { 0 };
	for (int f = 0; f < 256; f += 8)
		in[f] = JS_IN_JUMP;
	smb1_row r[256];
	run_rows(0, SWIM, in, 256, r);
	unsigned top = 0xff;
	for (int f = 0; f < 256; f++)
		top = r[f].y_high == 1 && r[f].y_pos < top ? r[f].y_pos : top;
	cr_expect_lt(top, 0x14, "strokes reach the $14 surface row (got $%02X)", top);
	cr_expect_gt(top, 0x08, "and stop close to it (got $%02X)", top);
}

/* Lane kernel == reference on every ISA: random vx/env with holds 0..59, random buttons every
 * frame, and sparse presses (which also exercise swim re-strokes), plus a partial block. */
Test(smb1, lanes_equal_reference_holds) { tu_check_random_lanes(tu_model("smb1"), 41 * 3 * 60, 256, 1, TU_HOLDS, 60); }
Test(smb1, lanes_equal_reference_random) { tu_check_random_lanes(tu_model("smb1"), 4000, 256, 2, TU_RANDOM, 0); }
Test(smb1, lanes_equal_reference_sparse_presses) { tu_check_random_lanes(tu_model("smb1"), 4000, 400, 3, TU_SPARSE, 0); }
Test(smb1, lanes_partial_block) { tu_check_random_lanes(tu_model("smb1"), 7, 100, 4, TU_RANDOM, 0); }

/* The AVX-512 kernel's 16-bit path (kernels/smb1.c) takes blocks from init whose swimming lanes
 * press A at most once: air lanes with buttons random every frame (presses in the air, and
 * after the landing, which that path freezes), swimming lanes with one press of any start and
 * length (a tap, a hold to the end), long frame limits; every block of these runs it. */
static void check_one_press_swims(size_t n, int n_frames, uint64_t seed)
{
	const js_model *m = tu_model("smb1");
	int32_t *ax = malloc(n * 2 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	cr_assert(ax && in);
	for (size_t i = 0; i < n; i++) {
		ax[i * 2 + 0] = (int32_t)(tu_rand(&seed) % 41);
		ax[i * 2 + 1] = (int32_t)(tu_rand(&seed) % 3);
		int p = (int)(tu_rand(&seed) % 8 == 0 ? tu_rand(&seed) % (uint64_t)n_frames
						      : tu_rand(&seed) % 8);
		int h = (int)(tu_rand(&seed) % 4 == 0 ? (uint64_t)n_frames : tu_rand(&seed) % 80);
		for (int f = 0; f < n_frames; f++) {
			uint8_t b = ax[i * 2 + 1] == 0 ? (uint8_t)(tu_rand(&seed) & 1u)
						       : (uint8_t)(f >= p && f - p < h);
			in[i * (size_t)n_frames + (size_t)f] = b;
		}
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}
Test(smb1, lanes_equal_reference_one_press_swims)
{
	check_one_press_swims(64 * 40, 256, 21);
	check_one_press_swims(64 * 4, 4096, 22);
	check_one_press_swims(37, 33, 23);
}

/* Starts from any state the fields allow (speeds -128..127 px/f, any Y on pages 0-1, any
 * force $04-$90, timers): every lane path agrees with the reference frame by frame. */
Test(smb1, lanes_equal_reference_from_fuzz_starts)
{
	int with_fields = tu_check_random_starts(tu_model("smb1"), 300, 200, 11);
	cr_assert_gt(with_fields, 100);
}
