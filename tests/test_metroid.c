/* tests/test_metroid.c - Metroid (NES): seed claim 35's NES part (jump gravity $18 / $12 with the
 * High Jump Boots, falls reaching 5 px/frame), frame-by-frame values derived by hand from
 * SamusStand / SetSamusJump / SamusJump / VertAccelerate / SamusMoveVertically
 * (nmikstas/metroid-disassembly Bank07.asm), the 32-px release rule, the landing, whole-jump
 * figures, and lane kernel == reference on every ISA. */
#include <stdio.h>

#include "testutil.h"

enum { BOOTS, FRAC, DROP };
enum { NONE, HIGH_JUMP };

/* Model flags (kernels/metroid.c). */
#define F_RELEASE (1u << 8)
#define F_CLAMP_DOWN (1u << 9)
#define F_CLAMP_UP (1u << 10)

#define GROUND_Y 0xb0

typedef struct met_row {
	unsigned y, frac, linear, gravity, dsp, action;
	int speed;
	int64_t height; /* observe: 1/256 px */
	int grounded;
	uint32_t flags;
} met_row;

/* Steps the reference for frames 0..n-1 and decodes its trace row and observation after each. */
static const tu_field metroid_fields[] = {
	TU_FIELD(met_row, y, "y"),
	TU_FIELD(met_row, frac, "frac"),
	TU_FIELD(met_row, speed, "speed"),
	TU_FIELD(met_row, linear, "linear"),
	TU_FIELD(met_row, gravity, "gravity"),
	TU_FIELD(met_row, dsp, "dsp"),
	TU_FIELD(met_row, action, "action"),
	TU_FIELD(met_row, height, "height_sub"),
	TU_FIELD(met_row, grounded, "grounded"),
	TU_FIELD(met_row, flags, "flags"),
};

static void run_rows(int boots, int frac, int drop, const uint8_t *in, int n, met_row *rows)
{
	const int32_t ax[] = { boots, frac, drop };
	TU_ROWS(tu_model("metroid"), ax, in, n, metroid_fields, rows);
}

static void hold_rows(int boots, int frac, int drop, int h, int n, met_row *rows)
{
	uint8_t in[512];
	tu_hold(in, n, h, 0);
	run_rows(boots, frac, drop, in, n, rows);
}

static js_acc ref_hold(int boots, int frac, int drop, int h, int n)
{
	return tu_ref_hold(tu_model("metroid"), (int32_t[]){ boots, frac, drop }, h, 0, n);
}

/* Frame by frame, no boots, A held, fraction 0: derived by hand.
 * Frame 0 (SamusStand): the new A press sets sa_Jump; SetSamusData moves nothing (SamusGravity
 *   0, speed 0); then SetSamusJump: ObjVertSpeed $FC, SamusJmpDsplcmnt 0, SamusGravity $18.
 *   Y $B0, height 0.
 * Frame 1 (SamusJump): rising, but SamusJmpDsplcmnt 0 < $20: no release.  LE3A5: linear
 *   $00 + $18 = $18, no carry, speed $FC; whole part of -(speed:linear) = 0 - $FC - 1 = 3 < 6;
 *   LE3D3: NonLinr $00 + $18 = $18 no carry, displacement $FC: 4 px up: Y $AC, dsp 4; height
 *   $B000 - $AC18 = 1000.
 * Frame 2: linear $30; NonLinr $18 + $30 = $48; Y $A8, dsp 8; height $B000 - $A848 = 1976.
 * Frame 10: linear $18 * 10 = $F0; NonLinr = $18 * 55 mod 256 = $28 after five carries: Y =
 *   $B0 - 40 + 5 = $8D (141); dsp 35.
 * Frame 11: linear $F0 + $18 = $108 -> $08, carry: speed $FD; NonLinr $28 + $08 = $30, no
 *   carry: 3 px up: Y $8A (138), dsp 38. */
Test(metroid, held_frames_by_hand)
{
	met_row r[12];
	hold_rows(NONE, 0, 0, 64, 12, r);
	cr_expect_eq(r[0].y, GROUND_Y);
	cr_expect_eq(r[0].speed, -4);
	cr_expect_eq(r[0].linear, 0);
	cr_expect_eq(r[0].gravity, 0x18);
	cr_expect_eq(r[0].dsp, 0);
	cr_expect_eq(r[0].action, 2);
	cr_expect_eq(r[0].height, 0);
	cr_expect_eq(r[0].grounded, 0);
	cr_expect_eq(r[1].y, 0xac);
	cr_expect_eq(r[1].frac, 0x18);
	cr_expect_eq(r[1].linear, 0x18);
	cr_expect_eq(r[1].speed, -4);
	cr_expect_eq(r[1].dsp, 4);
	cr_expect_eq(r[1].height, 1000);
	cr_expect_eq(r[2].y, 0xa8);
	cr_expect_eq(r[2].frac, 0x48);
	cr_expect_eq(r[2].height, 1976);
	cr_expect_eq(r[10].y, 141);
	cr_expect_eq(r[10].frac, 0x28);
	cr_expect_eq(r[10].linear, 0xf0);
	cr_expect_eq(r[10].dsp, 35);
	cr_expect_eq(r[11].speed, -3);
	cr_expect_eq(r[11].linear, 0x08);
	cr_expect_eq(r[11].frac, 0x30);
	cr_expect_eq(r[11].y, 138);
	cr_expect_eq(r[11].dsp, 38);
}

/* Claim 35, NES part: the jump's gravity is $18/256 = 0.09375 px/frame^2, $12/256 = 0.0703 with
 * the High Jump Boots (LCFF3), held or not: the velocity ObjVertSpeed:VertCntrLinear grows by
 * exactly that every air frame until the apex (here with A held, so no release). */
Test(metroid, claim35_jump_gravity)
{
	for (int b = 0; b < 2; b++) {
		met_row r[60];
		hold_rows(b, 0, 0, 64, 60, r);
		int g = b ? 0x12 : 0x18;
		cr_expect_eq(r[0].gravity, (unsigned)g);
		int last = b ? 56 : 42; /* the apex: the last frame moving up */
		for (int f = 1; f <= last; f++) {
			int v0 = r[f - 1].speed * 256 + (int)r[f - 1].linear;
			int v1 = r[f].speed * 256 + (int)r[f].linear;
			cr_expect_eq(v1 - v0, g, "boots %d frame %d: %d -> %d", b, f, v0, v1);
		}
		/* and after it, falling, the same (a flat-floor fall never reaches 5 px/frame) */
		for (int f = last + 1; f < 60 && !r[f].grounded; f++) {
			int v0 = r[f - 1].speed * 256 + (int)r[f - 1].linear;
			int v1 = r[f].speed * 256 + (int)r[f].linear;
			cr_expect_eq(v1 - v0, g, "boots %d frame %d falling", b, f);
		}
	}
}

/* Claim 35, NES part: falls reach 5 px/frame and stop there (LE3C9: speed >= 5 -> StopVertMovement,
 * ObjVertSpeed := 5: the fraction is cleared).  Tapped, landing 40 rows (320 px) below: by hand
 * from frame 62's $04.F8: linear $F8 + $18 = $110 -> carry, speed 5 -> clamped to $05.00; then
 * every frame $05.00 + $18 = $05.18 -> $05.00 again, and the move is exactly 5 px (NonLinr + 0,
 * no carry): the height drops 1280 a frame. */
Test(metroid, claim35_fall_clamp_exactly_5)
{
	met_row r[110];
	hold_rows(NONE, 0, 40, 1, 110, r);
	cr_expect_eq(r[62].speed, 4);
	cr_expect_eq(r[62].linear, 0xf8);
	cr_expect_eq(r[62].flags & F_CLAMP_DOWN, 0);
	cr_expect_eq(r[63].speed, 5);
	cr_expect_eq(r[63].linear, 0);
	cr_expect_eq(r[63].flags & F_CLAMP_DOWN, F_CLAMP_DOWN);
	cr_expect_eq(r[63].height - r[62].height, -1280);
	for (int f = 64; f < 100; f++) {
		cr_expect_eq(r[f].speed, 5, "frame %d", f);
		cr_expect_eq(r[f].linear, 0, "frame %d", f);
		cr_expect_eq(r[f].frac, r[63].frac, "frame %d: the fraction does not move", f);
		cr_expect_eq(r[f].height - r[f - 1].height, -1280, "frame %d: 5 px exactly", f);
		cr_expect_eq(r[f].flags, F_CLAMP_DOWN | 0u, "frame %d", f);
	}
	/* A flat-floor jump never reaches it: at most 112 px of fall, about 134 needed from rest
	 * (180 with the boots). */
	for (int b = 0; b < 2; b++)
		for (int h = 0; h <= 64; h++) {
			js_acc a = ref_hold(b, 0, 0, h, 200);
			cr_expect_eq(a.flags & F_CLAMP_DOWN, 0, "boots %d hold %d", b, h);
		}
	js_acc a = ref_hold(NONE, 0, 17, 1, 300);
	cr_expect(a.flags & F_CLAMP_DOWN, "17 rows (136 px) down: clamped");
	a = ref_hold(HIGH_JUMP, 0, 40, 64, 300);
	cr_expect(a.flags & F_CLAMP_DOWN);
}

/* The release (SamusJump): rising, SamusJmpDsplcmnt >= $20 and A up -> StopVertMovement (speed
 * and linear 0); the same frame's gravity follows.  Tapped, fraction 0: frame 9 ends with dsp 32
 * (32 px walked up), so frame 10 releases: $FC.F0 (3.06 px/frame up) -> $00.00, then + $18:
 * NonLinr $38 + $18 = $50, no move: height 8136 - 24 = 8112.  Frames 1-9 are not released (dsp <
 * 32).  The pixels walked count, not the fraction: from fraction 200 frame 9 ends with dsp 31,
 * so the release waits for frame 11 and the jump rises 8920 (the seed's 32 px is the walk). */
Test(metroid, release_after_32_px)
{
	met_row r[14];
	hold_rows(NONE, 0, 0, 1, 14, r);
	for (int f = 1; f <= 9; f++) {
		cr_expect_eq(r[f].speed, -4, "frame %d", f);
		cr_expect_eq(r[f].flags, 0, "frame %d", f);
	}
	cr_expect_eq(r[9].dsp, 32);
	cr_expect_eq(r[9].height, 8136);
	cr_expect_eq(r[10].flags, F_RELEASE);
	cr_expect_eq(r[10].speed, 0);
	cr_expect_eq(r[10].linear, 0x18);
	cr_expect_eq(r[10].frac, 0x50);
	cr_expect_eq(r[10].y, 144);
	cr_expect_eq(r[10].height, 8112);
	cr_expect_eq(r[11].height, 8064);
	/* held to frame 9 is the same jump; held to 10 releases on 11 */
	js_acc a = ref_hold(NONE, 0, 0, 10, 200);
	cr_expect_eq(a.rise, 8136);
	a = ref_hold(NONE, 0, 0, 11, 200);
	cr_expect_eq(a.rise, 8920);
	hold_rows(NONE, 200, 0, 1, 14, r);
	cr_expect_eq(r[9].dsp, 31);
	cr_expect_eq(r[10].flags, 0);
	cr_expect_eq(r[10].dsp, 35);
	cr_expect_eq(r[11].flags, F_RELEASE);
	a = ref_hold(NONE, 200, 0, 1, 200);
	cr_expect_eq(a.rise, 8920);
	cr_expect_eq(a.apex_frame, 10);
	/* a re-press cannot restart anything: the release is one-way, held A only keeps it off */
	uint8_t in[64] = { JS_IN_JUMP };
	for (int f = 12; f < 64; f++)
		in[f] = JS_IN_JUMP;
	met_row q[20];
	run_rows(NONE, 0, 0, in, 20, q);
	for (int f = 12; f < 20; f++)
		cr_expect_eq(q[f].speed * 256 + (int)q[f].linear -
				     (q[f - 1].speed * 256 + (int)q[f - 1].linear),
			     0x18, "frame %d", f);
}

/* Frame order: SetSamusJump runs after the press frame's movement, so frame 0 does not move
 * Samus, and frame 1 moves by $FC.00 + one frame of gravity ($FC.18, 3.90625 px). */
Test(metroid, takeoff_after_the_move)
{
	for (int b = 0; b < 2; b++) {
		met_row r[2];
		hold_rows(b, 0, 0, 64, 2, r);
		cr_expect_eq(r[0].height, 0);
		cr_expect_eq(r[0].y, GROUND_Y);
		cr_expect_eq(r[0].speed, -4);
		cr_expect_eq(r[0].linear, 0);
		cr_expect_eq(r[1].height, 1024 - (b ? 0x12 : 0x18));
	}
	/* a late press: frames before it stand (grounded, no move) */
	uint8_t in[8] = { 0, 0, JS_IN_JUMP, JS_IN_JUMP };
	met_row r[4];
	run_rows(NONE, 0, 0, in, 4, r);
	cr_expect_eq(r[1].grounded, 1);
	cr_expect_eq(r[1].gravity, 0);
	cr_expect_eq(r[2].grounded, 0);
	cr_expect_eq(r[2].height, 0);
	cr_expect_eq(r[3].height, 1000);
}

/* The landing (MoveSamusDown blocked at the floor, LE30B/LE30E/LE311): tapped, frame 34 ends at
 * Y $AE (174), NonLinr $B0, speed $02.58.  Frame 35: linear $58 + $18 = $70, NonLinr $B0 + $70 =
 * $120 -> $20 carry: 3 px down; the walk reaches $B0 after 2 and the third step is blocked:
 * speed, linear, gravity 0, NonLinr $20 kept: height $B000 - $B020 = -32, grounded.  The frame
 * after runs SamusJump (ObjAction still sa_Jump), which sets sa_Stand: a press there is lost; a
 * press on the frame after that jumps. */
Test(metroid, landing)
{
	met_row r[40];
	uint8_t in[40] = { JS_IN_JUMP };
	in[36] = JS_IN_JUMP;
	run_rows(NONE, 0, 0, in, 40, r);
	cr_expect_eq(r[34].y, 174);
	cr_expect_eq(r[34].frac, 0xb0);
	cr_expect_eq(r[34].speed, 2);
	cr_expect_eq(r[34].linear, 0x58);
	cr_expect_eq(r[34].grounded, 0);
	cr_expect_eq(r[35].grounded, 1);
	cr_expect_eq(r[35].y, GROUND_Y);
	cr_expect_eq(r[35].frac, 0x20);
	cr_expect_eq(r[35].speed, 0);
	cr_expect_eq(r[35].linear, 0);
	cr_expect_eq(r[35].gravity, 0);
	cr_expect_eq(r[35].height, -32);
	cr_expect_eq(r[35].action, 2, "still sa_Jump on the landing frame");
	cr_expect_eq(r[36].action, 0, "the press on frame 36 is lost");
	cr_expect_eq(r[36].grounded, 1);
	in[36] = 0;
	in[37] = JS_IN_JUMP;
	run_rows(NONE, 0, 0, in, 40, r);
	cr_expect_eq(r[37].grounded, 0, "a press two frames after the landing jumps");
	cr_expect_eq(r[37].speed, -4);
	cr_expect_eq(r[38].height, 1000, "$B020 - $AC38: from the kept fraction $20");
	js_acc a = ref_hold(NONE, 0, 0, 1, 200);
	cr_expect_eq(a.airtime, 36);
}

/* Arriving on the floor row with the last pixel of a move leaves Samus airborne there for a frame
 * (she lands when she next tries to step down).  Held 11, by hand from the trace of frame 36
 * ($AE.10, speed $02.70): linear $88, NonLinr $98 no carry: 2 px, Y $B0 reached with no step left:
 * airborne with NonLinr $98 > the take-off's 0: height -152, below_start; frame 38 lands. */
Test(metroid, airborne_on_the_floor_row)
{
	met_row r[40];
	hold_rows(NONE, 0, 0, 11, 40, r);
	cr_expect_eq(r[37].y, GROUND_Y);
	cr_expect_eq(r[37].grounded, 0);
	cr_expect_eq(r[37].height, -152);
	cr_expect_eq(r[38].grounded, 1);
	js_acc a = ref_hold(NONE, 0, 0, 11, 200);
	cr_expect_eq(a.airtime, 39);
	cr_expect_eq(a.flags, JS_FLAG_BELOW_START | F_RELEASE);
}

/* Whole jumps: rise (1/256 px), apex frame, airtime.  Expected values from an independent
 * byte-level re-implementation in Python (/tmp/smw-py/met_sim.py, written from the disassembly
 * separately from kernels/metroid.c; it agrees with the model on every lane of boots x frac
 * 0..255 x hold 0..70 and of boots x frac {0, 77, 200} x drop 0..64 x hold 0..70), and by hand
 * for the first: held, the velocity after frame k is -1024 + 24k, so frames 1..42 move up
 * 42 * 1024 - 24 * (42 * 43 / 2) = 21336 (83.34 px), apex on frame 42; with the boots 56 frames,
 * 56 * 1024 - 18 * (56 * 57 / 2) = 28616 (111.78 px). */
Test(metroid, whole_jumps)
{
	struct { int boots, frac, drop, h; int64_t rise; int apex, air; } c[] = {
		{ NONE, 0, 0, 64, 21336, 42, 86 },        { HIGH_JUMP, 0, 0, 64, 28616, 56, 115 },
		{ NONE, 0, 0, 1, 8136, 9, 36 },           { HIGH_JUMP, 0, 0, 1, 8406, 9, 41 },
		{ NONE, 0, 0, 10, 8136, 9, 36 },          { NONE, 0, 0, 12, 9680, 11, 41 },
		{ NONE, 0, 0, 20, 14896, 19, 56 },        { HIGH_JUMP, 0, 0, 20, 16036, 19, 63 },
		{ NONE, 200, 0, 64, 21336, 42, 86 },      { NONE, 0, 40, 64, 21336, 42, 151 },
		{ HIGH_JUMP, 0, 40, 64, 28616, 56, 180 }, { NONE, 0, 17, 1, 8136, 9, 70 },
		{ NONE, 0, 16, 1, 8136, 9, 69 },          { HIGH_JUMP, 100, 25, 30, 21866, 29, 123 },
		{ NONE, 0, 0, 13, 10416, 12, 43 },        { NONE, 255, 0, 13, 10416, 12, 42 },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		js_acc a = ref_hold(c[i].boots, c[i].frac, c[i].drop, c[i].h, 400);
		cr_expect_eq(a.rise, c[i].rise, "case %zu: rise %lld", i, (long long)a.rise);
		cr_expect_eq(a.apex_frame, c[i].apex, "case %zu: apex %d", i, a.apex_frame);
		cr_expect_eq(a.airtime, c[i].air, "case %zu: airtime %d", i, a.airtime);
		cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED), 0, "case %zu", i);
	}
	js_acc a = ref_hold(NONE, 0, 0, 0, 64);
	cr_expect_eq(a.rise, 0);
	cr_expect_eq(a.flags, JS_FLAG_NO_TAKEOFF);
}

/* ---- lane kernel == reference ---- */

/* mode 0: holds; 1: random buttons every frame; 2: sparse presses; 3: edge axis values. */
static void check_lanes(size_t n, int n_frames, uint64_t seed, int mode)
{
	const js_model *m = tu_model("metroid");
	static const int32_t edge_frac[] = { 0, 1, 127, 128, 200, 232, 255 };
	int32_t *ax = malloc(n * 3 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	for (size_t i = 0; i < n; i++) {
		ax[3 * i + BOOTS] = (int32_t)(tu_rand(&seed) % 2);
		ax[3 * i + FRAC] = mode == 3 ? edge_frac[tu_rand(&seed) % 7]
					     : (int32_t)(tu_rand(&seed) % 256);
		ax[3 * i + DROP] = mode == 3 ? (int32_t)(tu_rand(&seed) % 2) * 64
			: (tu_rand(&seed) % 3 == 0 ? (int32_t)(tu_rand(&seed) % 65) : 0);
		int h = (int)(tu_rand(&seed) % 80);
		int start = (int)(tu_rand(&seed) % 12);
		for (int f = 0; f < n_frames; f++) {
			unsigned b;
			if (mode == 0)
				b = f >= start && f < start + h;
			else if (mode == 1)
				b = (unsigned)(tu_rand(&seed) & 1);
			else if (mode == 2)
				b = (unsigned)((tu_rand(&seed) % 8) == 0);
			else
				b = (f < h) || (unsigned)((tu_rand(&seed) % 19) == 0);
			in[i * (size_t)n_frames + (size_t)f] = (uint8_t)(b ? JS_IN_JUMP : 0);
		}
	}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

Test(metroid, lanes_equal_reference_holds) { check_lanes(5000, 300, 1, 0); }
Test(metroid, lanes_equal_reference_random) { check_lanes(4000, 300, 2, 1); }
Test(metroid, lanes_equal_reference_sparse_presses) { check_lanes(4000, 300, 3, 2); }
Test(metroid, lanes_equal_reference_edges) { check_lanes(3000, 400, 4, 3); }
Test(metroid, lanes_partial_block) { check_lanes(7, 100, 5, 1); }
Test(metroid, lanes_short_frame_limit) { check_lanes(500, 20, 6, 0); }

/* Axis values uniform over each axis's whole range (testutil's generator). */
Test(metroid, lanes_equal_reference_whole_axis_ranges)
{
	tu_check_random_lanes(tu_model("metroid"), 3000, 400, 7, TU_HOLDS, 70);
	tu_check_random_lanes(tu_model("metroid"), 3000, 400, 8, TU_RANDOM, 0);
	tu_check_random_lanes(tu_model("metroid"), 3000, 400, 9, TU_SPARSE, 0);
}

/* Every default-grid lane on every path. */
Test(metroid, lanes_equal_reference_default_grid)
{
	const js_model *m = tu_model("metroid");
	int n_frames = m->default_frames, nh = m->default_hold + 1;
	int nd = m->axes[DROP].def_hi - m->axes[DROP].def_lo + 1;
	size_t n = 2 * (size_t)nd * (size_t)nh;
	int32_t *ax = malloc(n * 3 * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	size_t i = 0;
	for (int b = 0; b < 2; b++)
		for (int d = 0; d < nd; d++)
			for (int h = 0; h < nh; h++, i++) {
				ax[3 * i + BOOTS] = b;
				ax[3 * i + FRAC] = m->axes[FRAC].def_lo;
				ax[3 * i + DROP] = m->axes[DROP].def_lo + d;
				tu_hold(in + i * (size_t)n_frames, n_frames, h, 0);
			}
	cr_assert_geq(tu_check_lanes(m, n, ax, in, n_frames), 1);
	free(ax);
	free(in);
}

/* The metadata the CLI and the HDF5 writer read. */
Test(metroid, metadata)
{
	const js_model *m = tu_model("metroid");
	cr_expect_eq(m->sub_per_unit, 256);
	cr_expect_eq(m->n_axes, 3);
	cr_expect_str_eq(m->axes[BOOTS].name, "boots");
	cr_expect_str_eq(m->axes[BOOTS].names[0], "none");
	cr_expect_str_eq(m->axes[BOOTS].names[1], "high_jump");
	cr_expect_str_eq(m->axes[FRAC].name, "frac");
	cr_expect_str_eq(m->axes[DROP].name, "drop");
	cr_expect_leq(m->state_size, JS_STATE_MAX);
	cr_expect_leq(m->key_size, m->state_size);
	cr_expect_eq(m->inputs, JS_IN_JUMP);
	for (int b = 8; b <= 10; b++)
		cr_expect_not_null(m->flag_names[b], "flag bit %d named", b);
	/* the default grid's longest jump (boots, held, the deepest drop) lands within the limit,
	 * and the grid reaches the 5 px/frame clamp */
	js_acc a = ref_hold(HIGH_JUMP, 0, m->axes[DROP].def_hi, m->default_hold, m->default_frames);
	cr_expect_eq(a.flags & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED), 0, "flags %#x", a.flags);
	cr_expect(a.flags & F_CLAMP_DOWN);
	cr_expect_eq(m->axes[DROP].def_lo, 0);
}

/* ---- fuzz starts (model.h fields, fuzz_fix, invariants, land_bound) ---- */

/* The index of field `name` (the test fails if there is none). */
static int met_field(const js_model *m, const char *name)
{
	for (int i = 0; i < m->n_fields; i++)
		if (strcmp(m->fields[i].name, name) == 0)
			return i;
	cr_assert_fail("metroid has no field %s", name);
	return -1;
}

/* One lane, no boots, frac 0, the given drop; fields set by name; A held on every frame iff
 * held. */
static void met_case(js_case *c, int drop, const char *const *names, const double *vals, int n,
		     int n_frames, int held)
{
	memset(c, 0, sizeof *c);
	c->m = tu_model("metroid");
	c->n_lanes = 1;
	c->n_frames = n_frames;
	c->axis[0][BOOTS] = NONE;
	c->axis[0][FRAC] = 0;
	c->axis[0][DROP] = drop;
	for (int k = 0; k < n; k++) {
		int i = met_field(c->m, names[k]);
		c->set[0] |= 1u << i;
		c->val[0][i] = vals[k];
	}
	for (int f = 0; f < n_frames; f++)
		c->input[0][f] = held ? JS_IN_JUMP : 0;
}

static int met_inv(const js_model *m, const char *name)
{
	for (int i = 0; i < JS_MAX_INVARIANTS; i++)
		if (m->inv_names[i] && strcmp(m->inv_names[i], name) == 0)
			return i;
	cr_assert_fail("metroid has no invariant %s", name);
	return -1;
}

/* Starts from any state the fields allow (speeds -128..127 with any fraction, Y anywhere above
 * the landing floor, gravities 0..$38, SamusJmpDsplcmnt 0..255, either action): every lane path
 * agrees with the reference frame by frame. */
Test(metroid, lanes_equal_reference_from_fuzz_starts)
{
	int with_fields = tu_check_random_starts(tu_model("metroid"), 300, 200, 11);
	cr_assert_gt(with_fields, 100);
	with_fields = tu_check_random_starts(tu_model("metroid"), 100, 512, 12);
	cr_assert_gt(with_fields, 30);
}

/* A finding: ObjVertSpeed wraps.  In the air at Y $80, speed $7F.F0 (127.94 px/frame down),
 * gravity $18, A held (no release).  Frame 0 (SamusJump -> VertAccelerate, LE3A5): VertCntrLinear
 * $F0 + $18 = $108: $08, carry into ObjVertSpeed: $7F + 1 = $80, negative (BPL not taken), so the
 * down clamp at LE3C9 is skipped and LE3BB takes the whole part of -($80.08): 0 - $80 - 1 = $7F >=
 * 6: StopVertMovement and ObjVertSpeed := $FA.  LE3D3: NonLinr 0 + 0, displacement $FA: Samus
 * moves UP 6 px (Y $7A).  speed_wrap breaks on frame 0; the up clamp flag is set. */
Test(metroid, finding_speed_wrap_turns_a_fall_into_a_rise)
{
	js_case c;
	const char *const names[] = { "y", "speed", "linear", "gravity", "action", "prev" };
	const double vals[] = { 0x80, 127, 0xf0, 0x18, 2, 1 };
	met_case(&c, 0, names, vals, 6, 8, 1);
	js_break b;
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, met_inv(c.m, "speed_wrap"));
	cr_expect_eq(b.frame, 0);
	unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	c.m->step(st, JS_IN_JUMP);
	js_obs o;
	c.m->observe(st, &o);
	char row[128];
	c.m->trace_row(st, row, sizeof row);
	cr_expect_str_eq(row, "122,0,-6,0,24,6,2", "y $7A, speed $FA.00, dsp 0 + 6");
	cr_expect_eq(o.height, (0xb0 - 0x7a) * 256);
	cr_expect_eq(o.flags, F_CLAMP_UP);
	/* without the carry ($7F.00 + $18 = $7F.18) the down clamp takes it: 5.00, no break */
	const double vals2[] = { 0x80, 127, 0, 0x18, 2, 1 };
	met_case(&c, 0, names, vals2, 6, 8, 1);
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE);
}

/* A finding: SamusJmpDsplcmnt wraps, and with it the 32-px release is disarmed.  In the air at Y
 * $80, speed $FC.00, gravity $18, dsp $FE, A held.  Frame 0: linear $18, NonLinr $18, no carry:
 * displacement $FC, MoveSamusUp 4 times: dsp $FE -> $02 (dsp_wrap breaks on frame 0).  Released
 * from frame 1 on, a normal rise (dsp >= $20) would stop at once; here the counter starts again
 * from 2 and the release waits until it passes $20 (a frame-by-frame trace of the reference). */
Test(metroid, finding_dsp_wrap_disarms_the_release)
{
	js_case c;
	const char *const names[] = { "y", "speed", "linear", "gravity", "action", "prev", "dsp" };
	const double vals[] = { 0x80, -4, 0, 0x18, 2, 1, 0xfe };
	met_case(&c, 0, names, vals, 7, 16, 1);
	js_break b;
	cr_assert_eq(js_case_breaks(&c, 0, &b), JS_BREAK_INVARIANT);
	cr_expect_eq(b.inv, met_inv(c.m, "dsp_wrap"));
	cr_expect_eq(b.frame, 0);
	unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	char row[128];
	c.m->step(st, JS_IN_JUMP);
	c.m->trace_row(st, row, sizeof row);
	cr_expect_str_eq(row, "124,24,-4,24,24,2,2");
	/* A up from frame 1.  VertCntrLinear grows $18 a frame ($30, $48, ... no carry into the
	 * speed before frame 10), and NonLinr's carry shortens some moves to 3 px (frame 4: $F0 +
	 * $78 = $168; then frames 6-9): dsp after frames 1-9 is 6, 10, 14, 17, 21, 24, 27, 30, 33.
	 * The release checks dsp at the start of a frame: frame 10 is the first to see >= $20. */
	js_obs o;
	static const int dsp_after[10] = { 2, 6, 10, 14, 17, 21, 24, 27, 30, 33 };
	for (int f = 1; f <= 10; f++) {
		c.m->step(st, 0);
		c.m->observe(st, &o);
		c.m->trace_row(st, row, sizeof row);
		if (f < 10) {
			unsigned y, fr, lin, gr, dsp, act;
			int sp;
			cr_assert_eq(sscanf(row, "%u,%u,%d,%u,%u,%u,%u", &y, &fr, &sp, &lin, &gr, &dsp, &act), 7);
			cr_expect_eq(dsp, (unsigned)dsp_after[f], "frame %d: %s", f, row);
			cr_expect_eq(o.flags & F_RELEASE, 0, "frame %d: %s", f, row);
		}
	}
	cr_expect_eq(o.flags & F_RELEASE, F_RELEASE, "frame 10: %s", row);
	/* the same start with dsp $20: released on frame 1 */
	const double vals2[] = { 0x80, -4, 0, 0x18, 2, 1, 0x20 };
	met_case(&c, 0, names, vals2, 7, 16, 1);
	js_case_start(&c, 0, st);
	c.m->step(st, JS_IN_JUMP);
	c.m->step(st, 0);
	c.m->observe(st, &o);
	cr_expect_eq(o.flags & F_RELEASE, F_RELEASE);
}

/* The stacked Y wraps at the top: a start at Y 2 rising 4 px walks to $FFFE (MoveSamusUp's DEC,
 * as the game's ObjectY 0 -> 239 with ObjectHi toggled), and the height stays continuous on the
 * circle: 4 px above Y 2 is (origin $B000 - $FFFE18) mod 2^24 = $B1E8 above the take-off floor.
 * Then she falls back through the wrap onto the floor; the lane kernels agree. */
Test(metroid, y_wraps_and_height_stays_continuous)
{
	js_case c;
	const char *const names[] = { "y", "speed", "linear", "gravity", "action", "prev" };
	const double vals[] = { 2, -4, 0, 0x18, 2, 1 };
	met_case(&c, 0, names, vals, 6, 300, 1);
	unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	c.m->step(st, JS_IN_JUMP);
	js_obs o;
	c.m->observe(st, &o);
	char row[128];
	c.m->trace_row(st, row, sizeof row);
	cr_expect_str_eq(row, "65534,24,-4,24,24,4,2");
	cr_expect_eq(o.height, 0xb000 - (-2 * 256 + 0x18));
	js_break b;
	cr_expect_eq(js_case_breaks(&c, 0, &b), JS_BREAK_NONE, "kind %d inv %d frame %d", b.kind, b.inv,
		     b.frame);
	char why[512];
	cr_expect_eq(js_case_diff(&c, why, sizeof why), 0, "%s", why);
	js_acc a;
	js_reference_run_from(c.m, st, c.input[0], 300, &a);
	cr_expect(a.landed);
}

/* The landing bound: no buttons from the slow corners - gravity 1 (the smallest the field
 * allows) from rest or rising slowly, from Y 0 above the deepest floor (drop 64), dsp just under
 * $20 (the release waits) or far from it - lands within land_bound frames. */
Test(metroid, land_bound_sweep)
{
	const js_model *m = tu_model("metroid");
	js_case c;
	const char *const names[] = { "y", "speed", "linear", "gravity", "action", "dsp" };
	int worst = 0;
	for (int g = 1; g <= 0x38; g += (g < 4 ? 1 : 13))
		for (int sp = -128; sp <= 127; sp += (sp >= -2 && sp <= 1 ? 1 : 25))
			for (int lin = 0; lin < 256; lin += 85)
				for (int dsp = 0; dsp < 256; dsp += (dsp >= 24 && dsp < 32 ? 1 : 40)) {
					const double vals[] = { 0, sp, lin, g, 2, dsp };
					met_case(&c, 64, names, vals, 6, 1, 0);
					unsigned char st[JS_STATE_MAX];
					js_case_start(&c, 0, st);
					js_obs o = { 0 };
					int f = 0;
					for (; f < 4096; f++) {
						m->step(st, 0);
						m->observe(st, &o);
						if (o.grounded)
							break;
					}
					cr_assert(o.grounded, "g %d speed %d linear %d dsp %d", g, sp, lin, dsp);
					worst = f + 1 > worst ? f + 1 : worst;
				}
	cr_expect_leq(worst, m->land_bound, "slowest landing %d frames", worst);
	cr_log_info("metroid: slowest landing from the sweep: %d frames (land_bound %d)", worst,
		    m->land_bound);
}

/* fuzz_fix stands Samus as the game keeps her: sa_Run and sa_Stand stand on a floor with no
 * speed and SamusGravity 0; an airborne start below the landing floor is put on it. */
Test(metroid, fuzz_fix_standing_and_floor)
{
	js_case c;
	const char *const names[] = { "y", "speed", "linear", "gravity", "action" };
	const double vals[] = { 0x40, -3, 7, 0x18, 1 };
	met_case(&c, 4, names, vals, 5, 1, 0);
	unsigned char st[JS_STATE_MAX];
	js_case_start(&c, 0, st);
	char row[128];
	c.m->trace_row(st, row, sizeof row);
	cr_expect_str_eq(row, "208,0,0,0,0,0,0", "sa_Run stands on the landing floor $B0 + 32");
	const double vals2[] = { 0x300, 3, 7, 0x18, 2 };
	met_case(&c, 4, names, vals2, 5, 1, 0);
	js_case_start(&c, 0, st);
	c.m->trace_row(st, row, sizeof row);
	cr_expect_str_eq(row, "208,0,3,7,24,0,2", "in the air, at most on the landing floor");
}
