/* tests/test_smw.c - Super Mario World: seed claims (Gravity page 13, 14, 15, 18), frame-by-frame
 * values derived by hand from CODE_00DC4F / CODE_00EDF7 / CODE_00D630 / CODE_00D928
 * (IsoFrieze/SMWDisX bank_00.asm, NTSC), whole-jump figures, flags, and lane kernel == reference
 * on every ISA. */
#include <stdio.h>

#include "testutil.h"

enum { VX, JUMP, SPX };
enum { NORMAL, SPIN };

/* Model flags (kernels/smw.c). */
#define F_FALL_CAPPED (1u << 8)
#define F_REPRESS (1u << 9)
#define F_LANDING_JUMP (1u << 10)

#define GROUND_Y 0x140 /* PlayerYPosNext standing */

/* DATA_00D2BD as signed speeds, (normal, spin) by (|X speed| >> 2) & $FE. */
static const int takeoff[16] = { -80, -74, -82, -76, -85, -78, -87, -80,
				 -90, -82, -92, -85, -95, -87, -97, -90 };

typedef struct smw_row {
	unsigned y_pos, y_sub, in_air, spin;
	int speed;
	int64_t height; /* observe: 1/16 px */
	int grounded;
	uint32_t flags;
} smw_row;

/* Steps the reference for frames 0..n-1 and decodes its trace row and observation after each. */
static const tu_field smw_fields[] = {
	TU_FIELD(smw_row, y_pos, "y_pos"),
	TU_FIELD(smw_row, y_sub, "y_sub"),
	TU_FIELD(smw_row, speed, "speed"),
	TU_FIELD(smw_row, in_air, "in_air"),
	TU_FIELD(smw_row, spin, "spin"),
	TU_FIELD(smw_row, height, "height_sub"),
	TU_FIELD(smw_row, grounded, "grounded"),
	TU_FIELD(smw_row, flags, "flags"),
};

static void run_rows(int vx, int jump, int spx, const uint8_t *in, int n, smw_row *rows)
{
	const int32_t ax[] = { vx, jump, spx };
	TU_ROWS(tu_model("smw"), ax, in, n, smw_fields, rows);
}

static void hold_rows(int vx, int jump, int spx, int h, int n, smw_row *rows)
{
	uint8_t in[512];
	tu_hold(in, n, h, 0);
	run_rows(vx, jump, spx, in, n, rows);
}

/* Input from text: 'J' the button down, anything else up; padded with up to n. */
static void seq_in(const char *s, uint8_t *in, int n)
{
	for (int f = 0; f < n; f++)
		in[f] = 0;
	for (int f = 0; s[f] && f < n; f++)
		in[f] = s[f] == 'J' ? JS_IN_JUMP : 0;
}

static js_acc ref_hold(int vx, int jump, int spx, int h, int n)
{
	return tu_ref_hold(tu_model("smw"), (int32_t[]){ vx, jump, spx }, h, 0, n);
}

/* Frame by frame, |vx| 0, normal jump, button held, subpixel 0: derived by hand.
 * Before frame 0 Mario stands: speed 6 ($00 from the floor snap, + DATA_00D7A5[0]).
 * Frame 0: CODE_00DC4F: Spx = $00 + ($06 << 4 = $60) = $60 no carry; high nybble 0: Y $0140.
 *   CODE_00EDF7: speed >= 0, Y - $0140 = 0: on the floor, speed := $00.  CODE_00D5F2: a new
 *   press on the ground -> CODE_00D630: X = (0 >> 2) & $FE = 0, speed := DATA_00D2BD[0] = $B0,
 *   PlayerInAir $0B; take-off Y = $1406 (1/16 px).  CODE_00D928: held (Y = 1), speed negative:
 *   $B0 + $03 = $B3 (-77).  Height 0.
 * Frame 1: Spx = $60 + ($B3 << 4 & $FF = $30) = $90 no carry; high nybble $B -> $FFFB: Y = $013B,
 *   sub 9; height = $1406 - $13B9 = 77.  Gravity: $B6 (-74).
 * Frame 2: Spx = $90 + $60 = $F0; Y = $0136, sub 15; height 77 + 74 = 151; speed $B9 (-71).
 * Frame 3: Spx = $F0 + $90 = $180 -> $80 carry 1; Y = $0136 - 5 + 1 = $0132, sub 8; height
 *   151 + 71 = 222; speed $BC (-68). */
Test(smw, held_frames_by_hand)
{
	smw_row r[4];
	hold_rows(0, NORMAL, 0, 40, 4, r);
	const unsigned y[4] = { 0x140, 0x13b, 0x136, 0x132 };
	const unsigned sub[4] = { 6, 9, 15, 8 };
	const int speed[4] = { -77, -74, -71, -68 };
	const int64_t h[4] = { 0, 77, 151, 222 };
	for (int f = 0; f < 4; f++) {
		cr_expect_eq(r[f].y_pos, y[f], "frame %d: Y $%04X", f, r[f].y_pos);
		cr_expect_eq(r[f].y_sub, sub[f], "frame %d: sub %u", f, r[f].y_sub);
		cr_expect_eq(r[f].speed, speed[f], "frame %d: speed %d", f, r[f].speed);
		cr_expect_eq(r[f].height, h[f], "frame %d: height %lld", f, (long long)r[f].height);
		cr_expect_eq(r[f].in_air, 0x0b, "frame %d", f);
		cr_expect_eq(r[f].grounded, 0, "frame %d", f);
	}
}

/* Tapped (button on frame 0 only), by hand: frame 0 as above (the press frame's gravity is the
 * held $03: -77); then DATA_00D7A5[0] = 6 a frame: -71, -65, -59.  Heights 0, 77, 77 + 71 = 148,
 * 148 + 65 = 213.  The spin jump (A) from |vx| 0 starts at DATA_00D2BD[1] = $B6: -74 + 3 = -71,
 * and sets SpinJumpFlag. */
Test(smw, tapped_frames_by_hand)
{
	smw_row r[4];
	hold_rows(0, NORMAL, 0, 1, 4, r);
	const int speed[4] = { -77, -71, -65, -59 };
	const int64_t h[4] = { 0, 77, 148, 213 };
	for (int f = 0; f < 4; f++) {
		cr_expect_eq(r[f].speed, speed[f], "frame %d: speed %d", f, r[f].speed);
		cr_expect_eq(r[f].height, h[f], "frame %d: height %lld", f, (long long)r[f].height);
	}
	hold_rows(0, SPIN, 0, 1, 2, r);
	cr_expect_eq(r[0].speed, -71);
	cr_expect_eq(r[0].spin, 1);
	cr_expect_eq(r[1].height, 71);
}

/* Claim 13: CODE_00D928 adds 3/16 a frame while A or B is held and 6/16 otherwise, rising or
 * falling.  Held all the way: every step is +3, before and after the apex (frame 26, where the
 * speed turns positive).  Tapped: every step from frame 1 on is +6, rising and falling. */
Test(smw, claim13_gravity_held_or_not_rising_and_falling)
{
	smw_row r[60];
	hold_rows(0, NORMAL, 0, 128, 48, r);
	for (int f = 1; f < 48; f++)
		cr_expect_eq(r[f].speed - r[f - 1].speed, 3, "held frame %d: %d -> %d", f,
			     r[f - 1].speed, r[f].speed);
	cr_expect_lt(r[20].speed, 0, "rising at frame 20");
	cr_expect_gt(r[40].speed, 0, "falling at frame 40");
	hold_rows(0, NORMAL, 0, 1, 24, r);
	for (int f = 1; f < 24; f++)
		cr_expect_eq(r[f].speed - r[f - 1].speed, 6, "tapped frame %d", f);
	cr_expect_lt(r[5].speed, 0);
	cr_expect_gt(r[20].speed, 0);
	/* the same for the spin jump and the fastest row */
	hold_rows(63, SPIN, 0, 128, 40, r);
	for (int f = 1; f < 40; f++)
		cr_expect_eq(r[f].speed - r[f - 1].speed, 3, "spin held frame %d", f);
}

/* Claim 14: the cap comes before the add.  Tapped, by hand from frame 13's 1 (-77 + 6 * 13):
 * 7, 13, ..., 61 (frame 23), 67 (frame 24: 61 < $40, no cap), 70 (frame 25: 67 -> $40, + 6),
 * 70, ... = 70/16 px/frame.  Held all the way: 1 (frame 26), 4, ..., 64 (frame 47), 67 (frame 48:
 * 64 is not above $40), 67 (frame 49: 67 -> $40, + 3) = 67/16.  A fall moves by that speed: the
 * height drops 67 a frame. */
Test(smw, claim14_fall_cap_before_add)
{
	smw_row r[60];
	hold_rows(0, NORMAL, 0, 1, 27, r);
	cr_expect_eq(r[23].speed, 61);
	cr_expect_eq(r[24].speed, 67);
	cr_expect_eq(r[24].flags & F_FALL_CAPPED, 0, "61 is not capped");
	cr_expect_eq(r[25].speed, 70);
	cr_expect_eq(r[25].flags & F_FALL_CAPPED, F_FALL_CAPPED, "67 is cut to $40 before + 6");
	cr_expect_eq(r[26].speed, 70);
	cr_expect_eq(r[26].height - r[25].height, -70, "moves 70/16 px");

	hold_rows(0, NORMAL, 0, 128, 54, r);
	cr_expect_eq(r[47].speed, 64);
	cr_expect_eq(r[48].speed, 67);
	cr_expect_eq(r[48].flags & F_FALL_CAPPED, 0, "64 is not above the cap");
	for (int f = 49; f <= 52; f++) {
		cr_expect_eq(r[f].speed, 67, "frame %d", f);
		cr_expect_eq(r[f].flags & F_FALL_CAPPED, F_FALL_CAPPED, "frame %d", f);
		cr_expect_eq(r[f].height - r[f - 1].height, -67, "frame %d moves 67/16 px", f);
	}
	/* switching mid-fall: 67 held -> released: min(67, $40) + 6 = 70; and back: 70 -> 67 */
	uint8_t in[64];
	tu_hold(in, 64, 64, 0);
	in[50] = 0; /* held 0-49, up on 50, a new press on 51 */
	hold_rows(0, NORMAL, 0, 128, 50, r);
	cr_expect_eq(r[49].speed, 67);
	run_rows(0, NORMAL, 0, in, 52, r);
	cr_expect_eq(r[50].speed, 70);
	cr_expect_eq(r[51].speed, 67);
	cr_expect_eq(r[51].flags & F_REPRESS, F_REPRESS);
}

/* Claim 15: CODE_00DC4F moves Mario in sixteenths of a pixel: the 20-bit Y (PlayerYPosNext <<
 * 4 | PlayerYPosSpx >> 4) changes by exactly the speed the last frame left, on every airborne
 * frame but the landing's (which also snaps), whatever the carries between the subpixel nybble
 * and the pixel word.  Frame 3 above is a carry by hand ($F0 + $90). */
Test(smw, claim15_subpixel_move)
{
	static const struct { int vx, jump, spx; const char *seq; } c[] = {
		{ 0, NORMAL, 0, "JJJJJJJJJJJJJJJJJJJJ" },
		{ 63, SPIN, 15, "J" },
		{ 31, NORMAL, 7, "JJJ....JJJJ...J.J.JJJJJJJJJJJJJJ" },
		{ 12, SPIN, 3, "JJJJJJJJ.......JJJJJJJJJJJJJJJJJJJJJJJJJ" },
	};
	for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
		uint8_t in[128];
		smw_row r[128];
		seq_in(c[k].seq, in, 128);
		run_rows(c[k].vx, c[k].jump, c[k].spx, in, 128, r);
		int checked = 0;
		for (int f = 1; f < 128 && !r[f].grounded; f++) {
			int64_t y0 = (int64_t)r[f - 1].y_pos * 16 + r[f - 1].y_sub;
			int64_t y1 = (int64_t)r[f].y_pos * 16 + r[f].y_sub;
			cr_expect_eq(y1 - y0, r[f - 1].speed, "case %zu frame %d: moved %lld, speed %d", k, f,
				     (long long)(y1 - y0), r[f - 1].speed);
			checked++;
		}
		cr_expect_gt(checked, 20, "case %zu", k);
	}
	smw_row r[4];
	hold_rows(0, NORMAL, 0, 40, 4, r);
	cr_expect_eq(r[3].y_pos, 0x132);
	cr_expect_eq(r[3].y_sub, 8);
}

/* Claim 18: move (CODE_00DC2D), then the jump press (CODE_00D5F2), then gravity (CODE_00D7E4):
 * the press frame does not lift Mario (height 0, Y on the floor), and his first step up, on frame
 * 1, is the take-off speed plus the held gravity: -(DATA_00D2BD + 3)/16 px, for every |vx| and
 * both jumps. */
Test(smw, claim18_frame_order)
{
	for (int vx = 0; vx < 64; vx++)
		for (int j = 0; j < 2; j++) {
			smw_row r[2];
			hold_rows(vx, j, 0, 40, 2, r);
			int t = takeoff[((vx >> 2) & 0xfe) + j];
			cr_expect_eq(r[0].height, 0, "vx %d jump %d", vx, j);
			cr_expect_eq(r[0].y_pos, GROUND_Y, "vx %d jump %d", vx, j);
			cr_expect_eq(r[0].grounded, 0, "vx %d jump %d: airborne after the press", vx, j);
			cr_expect_eq(r[0].speed, t + 3, "vx %d jump %d: speed %d", vx, j, r[0].speed);
			cr_expect_eq(r[1].height, -(t + 3), "vx %d jump %d: height %lld", vx, j,
				     (long long)r[1].height);
		}
}

/* CODE_00D630's index (|X speed| >> 2) & $FE: the pair changes every 8 of |vx|; spin is +1. */
Test(smw, takeoff_table_rows)
{
	const int vx[8] = { 7, 8, 23, 24, 39, 40, 55, 56 };
	const int normal[8] = { -80, -82, -85, -87, -90, -92, -95, -97 };
	const int spin[8] = { -74, -76, -78, -80, -82, -85, -87, -90 };
	for (int i = 0; i < 8; i++) {
		smw_row r[1];
		hold_rows(vx[i], NORMAL, 0, 1, 1, r);
		cr_expect_eq(r[0].speed, normal[i] + 3, "vx %d normal", vx[i]);
		cr_expect_eq(r[0].spin, 0);
		hold_rows(vx[i], SPIN, 0, 1, 1, r);
		cr_expect_eq(r[0].speed, spin[i] + 3, "vx %d spin", vx[i]);
		cr_expect_eq(r[0].spin, 1);
	}
}

/* A release never cuts the speed, it only switches to 6/16; a new press in the air starts no
 * jump (CODE_00D5F2 -> CODE_00D682) but brings 3/16 back.  Held frames 0-4: -77, -74, -71, -68,
 * -65; up on 5-9: -59, -53, -47, -41, -35; held again from 10: -32, -29. */
Test(smw, repress_restores_held_gravity)
{
	uint8_t in[64];
	smw_row r[64];
	seq_in("JJJJJ.....JJJJJJJJJJJJJJJJJJJJJJJJJJJJJ", in, 64);
	run_rows(0, NORMAL, 0, in, 13, r);
	const int speed[13] = { -77, -74, -71, -68, -65, -59, -53, -47, -41, -35, -32, -29, -26 };
	for (int f = 0; f < 13; f++)
		cr_expect_eq(r[f].speed, speed[f], "frame %d: %d", f, r[f].speed);
	cr_expect_eq(r[10].flags, F_REPRESS);
	cr_expect_eq(r[10].in_air, 0x0b, "still the same jump");
	for (int f = 0; f < 13; f++)
		if (f != 10)
			cr_expect_eq(r[f].flags, 0, "frame %d", f);
}

/* Landing (CODE_00EDF7 -> CODE_00EED1 / CODE_00EF60): the feet back in the floor row with the
 * speed >= 0 snap Y to $0140 keeping the subpixel, speed := $00, PlayerInAir := 0; the same
 * frame's gravity then makes it 6 (or 3 held).  Held all the way (Python below): the last air
 * frame is 52 (Y $013D, sub 10, height 44), frame 53 moves 67: 20-bit Y $13DA + 67 = $141D ->
 * $0141 sub 13 -> snap $0140 sub 13: height $1406 - $140D = -7, speed 3. */
Test(smw, landing_snap_keeps_subpixel)
{
	smw_row r[60];
	hold_rows(0, NORMAL, 0, 128, 56, r);
	cr_expect_eq(r[52].grounded, 0);
	cr_expect_eq(r[52].y_pos, 0x13d);
	cr_expect_eq(r[52].y_sub, 10);
	cr_expect_eq(r[52].height, 44);
	cr_expect_eq(r[53].grounded, 1);
	cr_expect_eq(r[53].in_air, 0);
	cr_expect_eq(r[53].y_pos, GROUND_Y);
	cr_expect_eq(r[53].y_sub, 13);
	cr_expect_eq(r[53].height, -7);
	cr_expect_eq(r[53].speed, 3);
	/* standing on, still held: the subpixel steps by 3 and carries are snapped back */
	cr_expect_eq(r[54].y_sub, 0);
	cr_expect_eq(r[54].y_pos, GROUND_Y);
	cr_expect_eq(r[55].y_sub, 3);
	/* the spin flag is cleared by the landing */
	hold_rows(0, SPIN, 0, 1, 60, r);
	int landed = 0;
	for (int f = 0; f < 60; f++)
		if (r[f].grounded) {
			cr_expect_eq(r[f].spin, 0);
			landed = 1;
		}
	cr_expect(landed);
}

/* Standing without a press: each frame moves 6/16 px down and the snap takes back the pixel when
 * the nybble carries, so Y stays $0140 and the nybble runs 6, 12, 2, 8, 14, 4, 10, 0, ... */
Test(smw, standing_subpixel_cycle)
{
	smw_row r[16];
	hold_rows(0, NORMAL, 0, 0, 16, r);
	for (int f = 0; f < 16; f++) {
		cr_expect_eq(r[f].y_pos, GROUND_Y, "frame %d", f);
		cr_expect_eq(r[f].y_sub, (unsigned)(6 * (f + 1)) % 16, "frame %d", f);
		cr_expect_eq(r[f].grounded, 1);
		cr_expect_eq(r[f].speed, 6);
	}
	hold_rows(0, NORMAL, 11, 0, 2, r);
	cr_expect_eq(r[0].y_sub, 1);
	cr_expect_eq(r[1].y_sub, 7);
}

/* Whole jumps: rise (1/16 px), apex frame, airtime.  Expected values from an independent
 * byte-level re-implementation in Python (/tmp/smw-py/smw_sim.py, written from the disassembly
 * separately from kernels/smw.c; it agrees with the model on all 83968 lanes of vx 0..63 x jump x
 * spx 0..15 x hold 0..40), and by hand for the first: held from |vx| 0 the speed after frame k is
 * -77 + 3k, so frames 1..26 move 77, 74, ..., 2 up: 26 * (77 + 2) / 2 = 1027 = 64.1875 px, apex on
 * frame 26.  The subpixel at take-off can move the landing: hold 11 lands a frame earlier from
 * spx 9 than from spx 0. */
Test(smw, whole_jumps)
{
	struct { int vx, jump, spx, h; int64_t rise; int apex, air; } c[] = {
		{ 0, NORMAL, 0, 40, 1027, 26, 53 },   { 0, NORMAL, 0, 1, 533, 13, 28 },
		{ 0, SPIN, 0, 40, 876, 24, 49 },      { 63, NORMAL, 0, 40, 1520, 32, 64 },
		{ 63, SPIN, 0, 40, 1305, 29, 59 },    { 63, NORMAL, 0, 1, 784, 16, 35 },
		{ 32, NORMAL, 0, 10, 1005, 19, 41 },  { 0, NORMAL, 10, 40, 1027, 26, 53 },
		{ 0, NORMAL, 0, 11, 843, 18, 38 },    { 0, NORMAL, 9, 11, 843, 18, 37 },
		{ 0, NORMAL, 0, 128, 1027, 26, 54 },  { 63, SPIN, 0, 1, 675, 15, 32 },
		{ 20, NORMAL, 5, 20, 1110, 24, 47 },  { 47, SPIN, 14, 15, 1029, 21, 43 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		js_acc a = ref_hold(c[i].vx, c[i].jump, c[i].spx, c[i].h, 128);
		cr_expect_eq(a.rise, c[i].rise, "case %zu: rise %lld", i, (long long)a.rise);
		cr_expect_eq(a.apex_frame, c[i].apex, "case %zu: apex %d", i, a.apex_frame);
		cr_expect_eq(a.airtime, c[i].air, "case %zu: airtime %d", i, a.airtime);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED | JS_FLAG_BELOW_START), 0,
			     "case %zu", i);
	}
}

/* No press: no jump.  A press on frame 3: the jump runs 3 frames later (tapped: apex 13 + 3,
 * airtime 28 + 3; the tap's take-off subpixel differs, the figures do not). */
Test(smw, no_press_and_late_press)
{
	js_acc a = ref_hold(0, NORMAL, 0, 0, 64);
	cr_expect_eq(a.rise, 0);
	cr_expect_eq(a.flags, JS_FLAG_NO_TAKEOFF);
	uint8_t in[128];
	seq_in("...J", in, 128);
	js_reference_run(tu_model("smw"), (int32_t[]){ 0, NORMAL, 0 }, in, 128, &a);
	cr_expect_eq(a.rise, 533);
	cr_expect_eq(a.apex_frame, 16);
	cr_expect_eq(a.airtime, 31);
	/* holding the button before the press frame is no press: nothing until it is let go */
	uint8_t held[64];
	for (int f = 0; f < 64; f++)
		held[f] = JS_IN_JUMP;
	smw_row r[64];
	run_rows(0, NORMAL, 0, held, 3, r);
	cr_expect_eq(r[0].grounded, 0, "frame 0 is a press (the button was up before)");
}

/* A press on the landing frame: CODE_00EDF7 lands Mario, then CODE_00D5F2 sees PlayerInAir 0 and
 * a new press and jumps again in the same frame: no grounded frame at all.  That frame is the
 * tapped jump's landing (model.h's landing rule): flags landing_jump and relaunch, grounded 0,
 * and the height of the landing over the tapped jump's own take-off.  By hand, |vx| 0, normal,
 * spx 0: the take-off Y is $1406 (frame 0's standing move, $00 + $60, sub 6); the tapped jump
 * lands on frame 27 (whole_jumps: airtime 28): frame 26 leaves Y $013C sub 15 ($13CF) and speed
 * 70, frame 27 moves to $13CF + 70 = $1415 = $0141 sub 5, the snap makes it $0140 sub 5
 * ($1405): height $1406 - $1405 = 1.  CODE_00D630 then sets -80 and CODE_00D928 adds the held
 * 3: speed -77, and the new jump's origin is $1405: frame 28 is 77 above it.  The accounting
 * ends on frame 27: rise 533 at frame 13 and airtime 28 (the tapped jump's own, whole_jumps),
 * flags the tapped jump's (fall_capped: frames 25 and 26, claim14) | landing_jump | relaunch.
 * (Before the landing rule the two hops counted as one flight, airtime 55.) */
Test(smw, landing_frame_jump)
{
	uint8_t in[128];
	smw_row r[30];
	seq_in("J..........................J", in, 128);
	run_rows(0, NORMAL, 0, in, 30, r);
	cr_expect_eq(r[26].grounded, 0);
	cr_expect_eq(r[26].y_pos, 0x13c);
	cr_expect_eq(r[26].y_sub, 15);
	cr_expect_eq(r[26].speed, 70);
	cr_expect_eq(r[27].grounded, 0);
	cr_expect_eq(r[27].y_pos, GROUND_Y);
	cr_expect_eq(r[27].y_sub, 5);
	cr_expect_eq(r[27].flags, F_LANDING_JUMP | JS_FLAG_RELAUNCH);
	cr_expect_eq(r[27].height, 1, "the landing over the tapped jump's take-off $1406");
	cr_expect_eq(r[27].speed, -77);
	cr_expect_eq(r[28].height, 77, "the new jump's first step, over its origin $1405");
	cr_expect_eq(r[28].flags, 0);
	js_acc a, tap;
	js_reference_run(tu_model("smw"), (int32_t[]){ 0, NORMAL, 0 }, in, 128, &a);
	cr_expect_eq(a.rise, 533);
	cr_expect_eq(a.apex_frame, 13);
	cr_expect_eq(a.airtime, 28, "the tapped jump lands on frame 27");
	cr_expect_eq(a.flags, F_FALL_CAPPED | F_LANDING_JUMP | JS_FLAG_RELAUNCH, "flags %#x", a.flags);
	tap = ref_hold(0, NORMAL, 0, 1, 128);
	cr_expect_eq(tap.flags, F_FALL_CAPPED, "flags %#x", tap.flags);
	cr_expect_eq(a.rise, tap.rise);
	cr_expect_eq(a.apex_frame, tap.apex_frame);
	cr_expect_eq(a.airtime, tap.airtime);
	/* a press one frame later is a new jump after a grounded frame 27: the same figures, no
	 * relaunch */
	seq_in("J...........................J", in, 128);
	js_reference_run(tu_model("smw"), (int32_t[]){ 0, NORMAL, 0 }, in, 128, &a);
	cr_expect_eq(a.airtime, 28);
	cr_expect_eq(a.flags, F_FALL_CAPPED, "flags %#x", a.flags);
}

/* The same for every take-off: each tapped or held jump of the default grid's vx and both jumps,
 * with a press on its landing frame (and random presses after it, which change nothing), ends
 * where the jump alone ends: the same rise, apex frame and airtime, its flags plus landing_jump
 * and relaunch. */
Test(smw, landing_frame_jump_every_takeoff)
{
	uint64_t seed = 77;
	for (int vx = 0; vx < 64; vx++)
		for (int j = 0; j < 2; j++) {
			int h = 1 + (int)(tu_rand(&seed) % 40);
			int spx = (int)(tu_rand(&seed) % 16);
			js_acc alone = ref_hold(vx, j, spx, h, 128), a;
			cr_assert_eq(alone.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED), 0);
			int land = alone.airtime - 1;
			uint8_t in[128];
			tu_hold(in, 128, h, 0);
			cr_assert_lt(h, land, "vx %d: the button is up before the landing frame", vx);
			in[land] = JS_IN_JUMP;
			for (int f = land + 1; f < 128; f++)
				in[f] = (tu_rand(&seed) & 1) ? JS_IN_JUMP : 0;
			js_reference_run(tu_model("smw"), (int32_t[]){ vx, j, spx }, in, 128, &a);
			cr_expect_eq(a.rise, alone.rise, "vx %d jump %d h %d", vx, j, h);
			cr_expect_eq(a.apex_frame, alone.apex_frame, "vx %d jump %d h %d", vx, j, h);
			cr_expect_eq(a.airtime, alone.airtime, "vx %d jump %d h %d", vx, j, h);
			cr_expect_eq(a.flags, alone.flags | F_LANDING_JUMP | JS_FLAG_RELAUNCH,
				     "vx %d jump %d h %d: flags %#x", vx, j, h, a.flags);
		}
}

/* ---- lane kernel == reference ---- */

/* The lanes whose reference run ends in a landing jump (JS_FLAG_RELAUNCH: model.h's landing
 * rule). */
static size_t count_relaunch(size_t n, const int32_t *ax, const uint8_t *in, int n_frames)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		js_acc a;
		js_reference_run(tu_model("smw"), ax + 3 * i, in + i * (size_t)n_frames, n_frames, &a);
		k += (a.flags & JS_FLAG_RELAUNCH) != 0;
	}
	return k;
}

/* mode 0: holds; 1: random buttons every frame; 2: sparse presses; 3: edge axis values with
 * holds and sparse re-presses; 4: a hold, a press on the landing frame of that hold's jump (a
 * landing jump), then random buttons, but every eighth lane a hold from frame 100..111 (which
 * keeps each group of lanes stepping past the next jumps of the others).  Every mode but 0 has
 * lanes that relaunch (asserted): the kernels must end those jumps there and keep their results
 * through the frames after. */
static void check_lanes(size_t n, int n_frames, uint64_t seed, int mode)
{
	const js_model *m = tu_model("smw");
	static const int32_t edge_vx[] = { 0, 7, 8, 15, 16, 31, 32, 55, 56, 63 };
	int32_t *ax = malloc(n * 3 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		ax[3 * i + VX] = mode == 3 ? edge_vx[tu_rand(&seed) % 10] : (int32_t)(tu_rand(&seed) % 64);
		ax[3 * i + JUMP] = (int32_t)(tu_rand(&seed) % 2);
		ax[3 * i + SPX] = mode == 3 ? (int32_t)(tu_rand(&seed) % 2) * 15
					    : (int32_t)(tu_rand(&seed) % 16);
		int h = (int)(tu_rand(&seed) % 70);
		int start = (int)(tu_rand(&seed) % 12);
		int land = -1;
		if (mode == 4) {
			h = 1 + h % 40; /* every hold of 1..40 lands after it is let go */
			land = ref_hold(ax[3 * i + VX], ax[3 * i + JUMP], ax[3 * i + SPX], h, 128).airtime - 1;
		}
		for (int f = 0; f < n_frames; f++) {
			unsigned b;
			if (mode == 0)
				b = f >= start && f < start + h;
			else if (mode == 1)
				b = (unsigned)(tu_rand(&seed) & 1);
			else if (mode == 2)
				b = (unsigned)((tu_rand(&seed) % 8) == 0);
			else if (mode == 3)
				b = (f < h) || (unsigned)((tu_rand(&seed) % 23) == 0);
			else if (i % 8 == 7)
				b = f >= 100 + start && f < 100 + start + h;
			else
				b = f < h || f == land || (f > land && (tu_rand(&seed) & 1));
			in[i * (size_t)n_frames + (size_t)f] = (uint8_t)(b ? JS_IN_JUMP : 0);
		}
	}
	if (mode != 0) {
		size_t k = count_relaunch(n, ax, in, n_frames);
		cr_assert_gt(k, 0, "some lane relaunches");
		if (mode == 4)
			cr_assert_eq(k, n - n / 8, "every lane but the late ones relaunches");
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

Test(smw, lanes_equal_reference_holds) { check_lanes(6000, 160, 1, 0); }
Test(smw, lanes_equal_reference_random) { check_lanes(4000, 256, 2, 1); }
Test(smw, lanes_equal_reference_sparse_presses) { check_lanes(4000, 300, 3, 2); }
Test(smw, lanes_equal_reference_edges) { check_lanes(3000, 200, 4, 3); }
Test(smw, lanes_equal_reference_landing_jumps) { check_lanes(3000, 200, 8, 4); }
Test(smw, lanes_partial_block) { check_lanes(7, 100, 5, 1); }
Test(smw, lanes_short_frame_limit) { check_lanes(500, 20, 6, 0); }

/* Axis values uniform over each axis's whole range (testutil's generator). */
Test(smw, lanes_equal_reference_whole_axis_ranges)
{
	tu_check_random_lanes(tu_model("smw"), 3000, 200, 7, TU_HOLDS, 70);
	tu_check_random_lanes(tu_model("smw"), 3000, 200, 8, TU_RANDOM, 0);
	tu_check_random_lanes(tu_model("smw"), 3000, 200, 9, TU_SPARSE, 0);
}

/* Every default-grid lane on every path. */
Test(smw, lanes_equal_reference_default_grid)
{
	const js_model *m = tu_model("smw");
	int n_frames = m->default_frames, nh = m->default_hold + 1;
	size_t n = 64 * 2 * (size_t)nh;
	int32_t *ax = malloc(n * 3 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	size_t i = 0;
	for (int vx = 0; vx < 64; vx++)
		for (int j = 0; j < 2; j++)
			for (int h = 0; h < nh; h++, i++) {
				ax[3 * i + VX] = vx;
				ax[3 * i + JUMP] = j;
				ax[3 * i + SPX] = 0;
				tu_hold(in + i * (size_t)n_frames, n_frames, h, 0);
			}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

/* The metadata the CLI and the HDF5 writer read. */
Test(smw, metadata)
{
	const js_model *m = tu_model("smw");
	cr_expect_eq(m->sub_per_unit, 16);
	cr_expect_eq(m->n_axes, 3);
	cr_expect_str_eq(m->axes[VX].name, "vx");
	cr_expect_str_eq(m->axes[JUMP].name, "jump");
	cr_expect_str_eq(m->axes[JUMP].names[0], "normal");
	cr_expect_str_eq(m->axes[JUMP].names[1], "spin");
	cr_expect_str_eq(m->axes[SPX].name, "spx");
	cr_expect_eq(m->axes[VX].max, 63);
	cr_expect_leq(m->state_size, JS_STATE_MAX);
	cr_expect_leq(m->key_size, m->state_size);
	cr_expect_eq(m->inputs, JS_IN_JUMP);
	for (int b = 8; b <= 10; b++)
		cr_expect_not_null(m->flag_names[b], "flag bit %d named", b);
	cr_expect_str_eq(m->flag_names[3], "relaunch"); /* JS_FLAG_RELAUNCH: landing jumps */
	/* the default grid's longest jump lands within the frame limit */
	js_acc a = ref_hold(63, NORMAL, 0, m->default_hold, m->default_frames);
	cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED), 0, "flags %#x", a.flags);
}

/* ---- fuzz starts (model.h: fields, invariants, js_lane_args.start) ---- */

/* Field index by name. */
static int smw_field(const char *name)
{
	const js_model *m = tu_model("smw");
	for (int i = 0; i < m->n_fields; i++)
		if (strcmp(m->fields[i].name, name) == 0)
			return i;
	cr_assert_fail("smw has no field %s", name);
	return -1;
}

/* A one-lane case: vx 0, normal jump, spx axis 0, the given fields, no button for n frames. */
static void smw_case(js_case *c, int n, int y_pos, int y_spx, int speed, int in_air)
{
	memset(c, 0, sizeof *c);
	c->m = tu_model("smw");
	c->n_lanes = 1;
	c->n_frames = n;
	const char *names[4] = { "y_pos", "y_spx", "speed", "in_air" };
	int vals[4] = { y_pos, y_spx, speed, in_air };
	for (int k = 0; k < 4; k++) {
		int i = smw_field(names[k]);
		c->set[0] |= 1u << i;
		c->val[0][i] = vals[k];
	}
}

static double smw_get(const js_case *c, const void *st, const char *name)
{
	return js_field_get(&c->m->fields[smw_field(name)], st);
}

/* Starts from any state the fields allow (Y 0..$0140 with any nybble, speeds -128..127, on the
 * ground or in the air, the button's last state): every lane path agrees with the reference. */
Test(smw, lanes_equal_reference_from_fuzz_starts)
{
	int with_fields = tu_check_random_starts(tu_model("smw"), 400, 200, 21);
	cr_assert_gt(with_fields, 150);
	with_fields = tu_check_random_starts(tu_model("smw"), 60, JS_CASE_FRAMES, 22);
	cr_assert_gt(with_fields, 20);
}

/* Finding y_wrap, by hand from CODE_00DC4F: Mario 4 px below the level's top row (Y $0004,
 * subpixel 0) rising at speed -128 ($80, as CODE_00F005 writes).  Frame 0 moves him: ASL x4 of
 * $80 is $00 (no subpixel carry), the high nybble 8 sign-extends to $FFF8, so PlayerYPosNext =
 * $0004 + $FFF8 = $FFFC: the 16-bit Y wraps.  From Y $0008 the first move ends exactly on $0000;
 * frame 1 moves by the speed gravity left, $80 + $06 = $86: ASL x4 gives $60 (subpixel $00 ->
 * $60, no carry), the high nybble $FFF8 again, Y = $FFF8.  The game's compares read these Y as
 * above the top (signed), as the model's floor test and height do: he falls back and lands. */
Test(smw, fuzz_start_y_wraps_past_the_top)
{
	js_case c;
	js_break b;
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	const js_model *m = tu_model("smw");

	smw_case(&c, 40, 0x0004, 0, -128, 0x24);
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT, "kind %d", b.kind);
	cr_expect_str_eq(m->inv_names[b.inv], "y_wrap");
	cr_expect_eq(b.frame, 0);
	js_case_start(&c, 0, st);
	m->step(st, 0);
	cr_expect_eq(smw_get(&c, st, "y_pos"), 0xFFFC);
	cr_expect_eq(smw_get(&c, st, "speed"), -128 + 6);
	js_obs o;
	m->observe(st, &o);
	/* the height reads the wrapped Y as above the top: the floor's $1400 - (-4 * 16) */
	cr_expect_eq(o.height, 0x1400 + 4 * 16);

	smw_case(&c, 40, 0x0008, 0, -128, 0x24);
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT, "kind %d", b.kind);
	cr_expect_str_eq(m->inv_names[b.inv], "y_wrap");
	cr_expect_eq(b.frame, 1);
	js_case_start(&c, 0, st);
	m->step(st, 0);
	cr_expect_eq(smw_get(&c, st, "y_pos"), 0x0000);
	m->step(st, 0);
	cr_expect_eq(smw_get(&c, st, "y_pos"), 0xFFF8);
	cr_expect_eq(smw_get(&c, st, "y_spx"), 0x60);

	/* every lane path follows the wrap and the landing after it */
	char why[512];
	c.n_frames = 200;
	cr_expect_eq(js_case_diff(&c, why, sizeof why), 0, "%s", why);

	/* 2795/16 px below the top is the highest start that does not wrap: with the button held
	 * (gravity $03) move k is by -128 + 3k, k = 0..42 (the last rising one is -2), 2795/16 px
	 * in all; from Y $00AF.0 (2800/16 px) frame 42 ends on Y $0000, subpixel $50, speed +1. */
	smw_case(&c, 200, 0x00af, 0, -128, 0x24);
	for (int f = 0; f < c.n_frames; f++)
		c.input[0][f] = JS_IN_JUMP;
	js_case_start(&c, 0, st);
	for (int f = 0; f <= 41; f++) {
		m->step(st, JS_IN_JUMP);
		cr_assert_eq(smw_get(&c, st, "speed"), -128 + 3 * (f + 1), "frame %d", f);
		cr_assert_lt(smw_get(&c, st, "y_pos"), 0x8000, "frame %d: wrapped", f);
	}
	m->step(st, JS_IN_JUMP); /* frame 42 */
	cr_expect_eq(smw_get(&c, st, "y_pos"), 0x0000);
	cr_expect_eq(smw_get(&c, st, "y_spx"), 0x50);
	cr_expect_eq(smw_get(&c, st, "speed"), 1);
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "kind %d inv %d frame %d", b.kind,
		     b.inv, b.frame);
	cr_expect_eq(js_case_diff(&c, why, sizeof why), 0, "%s", why);
}

/* The fall cap and the signed speed hold from every start speed: CODE_00D928 caps any speed
 * from 0 up at $40 before it adds $06 / $03 (a start at 127 moves once by 127/16 px, then falls
 * at 70/16: frame 0 from Y $0100 ends at $0107.F with speed $46 and flag fall_capped), and a
 * rising speed plus gravity never passes $7F.  From the highest Y the fields allow, with the
 * button up, held, or random, no invariant breaks and every start lands. */
Test(smw, fuzz_start_caps_hold_from_every_speed)
{
	js_case c;
	js_break b;
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	const js_model *m = tu_model("smw");

	smw_case(&c, 40, 0x0100, 0, 127, 0x24);
	js_case_start(&c, 0, st);
	m->step(st, 0);
	cr_expect_eq(smw_get(&c, st, "y_pos"), 0x0107);
	cr_expect_eq(smw_get(&c, st, "y_spx"), 0xF0);
	cr_expect_eq(smw_get(&c, st, "speed"), 0x46);
	js_obs o;
	m->observe(st, &o);
	cr_expect(o.flags & F_FALL_CAPPED);

	uint64_t rs = 0x5eed;
	for (int held = 0; held < 3; held++)
		for (int speed = -128; speed <= 127; speed++)
			for (int spx = 0; spx < 256; spx += 0x50) {
				smw_case(&c, 300, 0x00af, spx, speed, 0x24);
				for (int f = 0; f < c.n_frames; f++)
					c.input[0][f] = (uint8_t)(held == 1 ? JS_IN_JUMP
							 : held == 2 ? (tu_rand(&rs) & 1) : 0);
				cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE,
					     "speed %d spx %#x held %d: break kind %d inv %d frame %d", speed,
					     spx, held, b.kind, b.inv, b.frame);
			}
}
