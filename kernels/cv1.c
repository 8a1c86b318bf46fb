/* kernels/cv1.c - Castlevania (NES): Simon's jump, vertical axis.
 *
 * Follows bogaa/DizCastlevania1 (commit 42b7442), a disassembly of Castlevania (USA) (Rev 1)
 * ported to DiztinGUIsh: export/bank_07.asm holds the seed's bank 6 at the same addresses
 * ($07:9B1E is the cartridge's bank 6 $9B1E; labels and RAM names as the export gives them).
 * The seed claims agree with it:
 *   claim 1 (castlevania/jump-table): "Simon's jump rises by a fixed table of per-frame steps, 5,
 *     5, 3, 3, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0, 1, 0, 0, 0, and 0 px, 36 px in all" -
 *     simonJumpSpdLo $9B8D (the table's address), $9B8F the $80 start marker,
 *     simonJumpSpeedTable $9B90-$9BA3 (20 signed steps, $FB = -5, up), $9BA4 the $81;
 *   claim 2 (castlevania/table-end-fall): once the reversed table runs out Simon falls 8 px every
 *     frame until he lands - CODE_079B43: on the $80 the step is $F8 (INC r7_fallDistance),
 *     negated while falling to +8, and CODE_079B60 (step $F8) leaves the pointer where it is.
 * The frame, from the state dispatch at CODE_079363 (r7_entity_State $046C):
 *   simonState_00 (standing), CODE_079401: a new A press (r_inputPressed_1 & $80; B is $40, the
 *     whip) with no solid tile over the head (CODE_079998) sets the pointer $04DC/$04F8 to $9B90,
 *     the direction $0514 to 0, r7_fallDistance to 0, the state to 1, and returns: the press
 *     frame does not move Simon.  (Up / Down held near stairs (CODE_079C10) takes the stairs
 *     first; not modelled.)
 *   simonState_01_initJump: ... CODE_0794C5: the arc routine CODE_079B1E, then, if the direction
 *     is 1 (falling): the floor under the feet at the new Y (CODE_079E70: the tile at Y + $10,
 *     x - 4 and x + 4; none at Y >= $D0) or a platform (CODE_07AC70); found -> CODE_0794DA: Y &=
 *     $F8 (CODE_079A62), state 0 (2 while whipping), and CODE_079782: Y &= $F0 (every stage but
 *     $0A).  So the landing frame has moved, and its press is not seen (state 1 never reads A).
 *   The arc routine CODE_079B1F: A = (pointer); $80 -> the marker step above; $81 -> EOR the
 *     direction, DEC the pointer (CODE_079B7C) and JMP CODE_079B1F: the turn frame reads entry
 *     20 again, falling, so it moves by -$00 = 0 px and steps the pointer back again ($A4 ->
 *     $A2 in one frame; nstbayless/CV1-controls rom-map.md: "crest: A4->A2"); else the step
 *     (negated while falling: EOR #$FF / INY) is added to r_player_yPosLow ($3F) and the pointer
 *     moves +1 rising, -1 falling.
 * So on flat ground: the press (frame 0), 20 rise frames (1..20, the top on frame 16), the turn
 * (21), 19 fall frames (22..40), the last of them back at the take-off height and landing:
 * airtime 41.  (Dracula's Curse, which the model followed before this disassembly was found,
 * moves 0 px on its turn frame and looks for the floor before the move: cv3.c.)
 *
 * Left out: what follows a landing after 8 or more frames on the $80 (r7_fallDistance >= 8, a
 * fall of 4 blocks or more below the table's end: drop >= 4): CODE_079794 puts Simon 4 px lower,
 * crouching (state 9, simonState_09_fall: Down forced into the duck state, which reads no A, while
 * r7_entity_counter counts down from $10: 16 frames), then CODE_079578 stands him (Y - 4, state
 * 0) on the 17th and a press can jump from the 18th.  The jump is over by then (the model's
 * accounting ends at the landing), so no rise, apex, airtime or flag changes, but the trace after
 * that landing frame, and a new jump sooner than the game allows, are the model's.  Also left out: the death check (state 1 with Y in $E0..$EF), stairs,
 * platforms, the whip, ceilings, horizontal movement.
 *
 * Units: Y is Simon's 8-bit screen Y, whole pixels, + down.  Sub-units are pixels (no fraction:
 * the table steps whole pixels).  The take-off floor is the top of a 16 px block; Simon stands at
 * Y = $50 the frame before frame 0.  Axis drop puts the landing floor drop 16 px blocks lower (he
 * jumped off the edge of a ledge; horizontal movement is not modelled): with drop 0 he lands at
 * the take-off height, with drop > 0 he falls past the reversed table at 8 px/frame (claim 2).
 * Every Y the model reaches is a multiple of the 8 px step away from a block top, so the snap
 * never moves him; Y stays in $2C..$C0, no wrap.  (From init's states.  A fuzz start, model.h's
 * fields, may put Simon anywhere on the screen and anywhere in the arc: then the 8-bit add can
 * wrap Y past the top or bottom, which the invariant y_wrap reports.)
 */
#include "model.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "castlevania.h"

/* Bank 6 $9B8F-$9BA4 (simonJumpSpdLo's table; seed claims 1, 2): index 0 is the $80 marker,
 * 1-20 the rise steps (signed, - up), 21 the $81 marker. */
static const uint8_t cv1_arc[22] = {
	CV_ARC_START,
	0xfb, 0xfb, 0xfd, 0xfd, 0xfd, 0xfd, 0xfd, 0xfe, 0xfe, 0xfe,
	0xff, 0xff, 0xff, 0xff, 0x00, 0xff, 0x00, 0x00, 0x00, 0x00,
	CV_ARC_TURN,
};
#define CV1_TURN 21          /* the $81's index */
#define CV1_FIRST 1          /* the pointer at take-off: the first step ($9B90) */
#define CV1_MARKER_STEP 0xf8 /* claim 2: on the $80 the step is $F8, negated to +8 */
#define CV1_Y0 0x50          /* Simon's Y standing on the take-off floor */
#define CV1_BLOCK 16

enum { CV1_AX_DROP };

#define CV1_FLAG_TABLE_END (1u << 8) /* a move by the $80 marker's +8 px (past the table) */

/* The reference's state (the lane kernel reads it too: js_lane_args.start). */
typedef struct cv1_state {
	uint8_t y;       /* Simon's Y (screen pixel, + down) */
	uint8_t ptr;     /* the table pointer ($04DC), as an index into cv1_arc */
	uint8_t falling; /* vertical direction ($0514): 0 up, 1 down */
	uint8_t state;   /* player state ($046C): 0 standing, 1 jumping */
	uint8_t floor;   /* Y standing on the landing floor (take-off Y + 16 * drop) */
	uint8_t prev;    /* the jump button on the previous frame */
	/* per-frame scratch, last: outside key_size */
	uint8_t step;        /* this frame's step (signed) */
	uint8_t frame_flags; /* events of this frame (CV1_FLAG_* >> 8) */
} cv1_state;

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

static void cv1_init(void *vs, const int32_t *ax)
{
	cv1_state *s = vs;
	memset(s, 0, sizeof *s);
	s->y = CV1_Y0;
	s->floor = (uint8_t)(CV1_Y0 + CV1_BLOCK * ax[CV1_AX_DROP]);
}

static void cv1_step(void *vs, unsigned input)
{
	cv1_state *s = vs;
	uint8_t a = (input & JS_IN_JUMP) ? 1 : 0;
	s->frame_flags = 0;
	s->step = 0;
	if (s->state == 0) {
		/* simonState_00 CODE_079401: a new A press (r_inputPressed_1 & $80) starts the table
		 * (pointer $9B90, direction 0, state 1) and returns: this frame does not move */
		if (a && !s->prev) {
			s->state = 1;
			s->ptr = CV1_FIRST;
			s->falling = 0;
		}
	} else {
		/* simonState_01_initJump CODE_0794C5: the arc routine (CODE_079B1E), then, falling,
		 * the floor under the feet (CODE_079E70: Y + $10) at the new Y */
		int marker;
		uint8_t step = cv_arc_step(cv1_arc, &s->ptr, &s->falling, CV1_MARKER_STEP, 1, &marker);
		s->y = (uint8_t)(s->y + step); /* CODE_079B5B: 8-bit add of the signed step */
		s->step = step;
		if (marker)
			s->frame_flags |= CV1_FLAG_TABLE_END >> 8;
		if (s->falling && s->y >= s->floor) {
			/* CODE_0794DA: Y &= $F8 (CODE_079A62), state 0 (CODE_0794F7), Y &= $F0
			 * (CODE_079782, every stage but $0A): the landing frame has moved */
			s->y &= 0xf0;
			s->state = 0;
		}
	}
	s->prev = a;
}

static void cv1_observe(const void *vs, js_obs *o)
{
	const cv1_state *s = vs;
	o->height = (int64_t)CV1_Y0 - (int64_t)s->y;
	o->grounded = s->state == 0;
	o->flags = (uint32_t)s->frame_flags << 8;
}

static int cv1_trace_row(const void *vs, char *buf, size_t n)
{
	const cv1_state *s = vs;
	return snprintf(buf, n, "%u,%d,%u,%u,%u", s->y, (int8_t)s->step, 0x8fu + s->ptr, s->falling,
			s->state);
}

/* ---- fuzzing hooks (model.h) ---- */

/* On the ground Simon stands on the take-off floor (the pointer and direction wait for the next
 * take-off, which resets them).  In the air the pointer is where the arc routine can have left
 * it: rising it starts at $9B90 and counts up to the $81 (never on the $80), and the turn steps
 * it back before the fall reads it (never on the $81 falling). */
static void cv1_fuzz_fix(void *vs)
{
	cv1_state *s = vs;
	s->step = 0;
	s->frame_flags = 0;
	if (!s->state) {
		s->y = CV1_Y0;
		return;
	}
	if (!s->falling && s->ptr == 0)
		s->ptr = CV1_FIRST;
	if (s->falling && s->ptr == CV1_TURN)
		s->ptr = CV1_TURN - 1;
}

enum { CV1_INV_Y_WRAP };

static uint32_t cv1_invariants(const void *vb, const void *va, unsigned input)
{
	const cv1_state *b = vb, *a = va;
	(void)input;
	/* the 8-bit add of the signed step (0 on a landing frame, which only snaps Y down) */
	int y = b->y + (int8_t)a->step;
	return y < 0 || y > 255 ? 1u << CV1_INV_Y_WRAP : 0;
}

JS_LANE_DECLARE(cv1);

static const char *const cv1_claims[] = {
	"castlevania/jump-table", "castlevania/table-end-fall", "castlevania/turn-and-landing", NULL,
};

JS_REFERENCE_RUN(cv1, cv1_state, cv1_step, cv1_observe)

const js_model js_model_cv1 = {
	.id = "cv1",
	.game = "Castlevania",
	.platform = "NES",
	.character = "Simon Belmont",
	.unit = "px",
	.sub_per_unit = 1,
	.tile = 16, /* px per level tile */
	.fps = 60.0988,
	.frame = "NTSC frame (one NMI, 60.0988 Hz)",
	.movie = { .button = { "A" }, .note = "A jumps (B whips): simonState_00 reads r_inputPressed_1 & "
		   "$80, the new A press (B is $40: the whip, CODE_079A2A). One movie line per NTSC "
		   "frame, frame 0 the line with A newly down; lag frames are not modelled." },
	.sources = "bogaa/DizCastlevania1 (42b7442) export/bank_07.asm = bank 6: simonState_00 "
		   "CODE_079401 (the press), simonState_01_initJump CODE_0794C5-CODE_0794F7 (the arc, "
		   "then the floor after the move), CODE_079B1E-CODE_079B8A (the arc routine, the $81 "
		   "reread), simonJumpSpdLo / simonJumpSpeedTable $9B8D-$9BA4, CODE_079E70 (the floor), "
		   "CODE_079A62 / CODE_079782 (the snaps); seed claims 1 and 2 (Gravity page: the same "
		   "addresses); RAM notes of nstbayless/CV1-controls rom-map.md ($04DC pointer "
		   "$90..$A4 -> $A2..$8F)",
	.notes = "Frame 0 is the press (state 1, no move: simonState_00 returns); frames 1..20 rise by "
		 "the 20-step table (36 px, the top on frame 16); frame 21 reads the $81, turns and "
		 "reads entry 20 again falling (0 px, pointer $A4 -> $A2); frames 22..40 fall by entries "
		 "19..1, then 8 px/frame on the $80 marker (pointer kept). The floor is looked for after "
		 "each falling move (CODE_0794CA): the landing frame has moved, then Y &= $F8, &= $F0 "
		 "(never moves Y here: every Y reached is 8-px aligned). Flat ground: airtime 41 (the "
		 "landing on frame 40). No variable height: the button is read only for the take-off "
		 "press, a new press while standing (one on the landing frame is lost). drop: the "
		 "landing floor is drop 16-px blocks below the take-off floor (a jump off a ledge edge; "
		 "horizontal movement not modelled). Left out: after a landing from 8+ frames on the $80 "
		 "(drop >= 4) the game crouches Simon 4 px lower (state 9) and reads no jump for 17 "
		 "frames; the jump is over then, but a new press during them jumps here. Source: bogaa/DizCastlevania1.",
	.claims = cv1_claims,
	.n_axes = 1,
	.axes = {
		{ .name = "drop", .unit = "16 px blocks", .long_name = "landing floor below the "
		  "take-off floor", .min = 0, .max = 7, .def_lo = 0, .def_hi = 7 },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 64,
	.default_hold = 63,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "table_end",
	},
	.flag_what = {
		[8] = "A move by the $80 marker's +8 px: the pointer ran past the end of the step table"
			" (a fall below the take-off floor).",
	},
	.character_height = 32,
	.character_height_source = "Simon's sprite is two 16-px blocks tall (16 x 32); the code probes "
		"the feet at Y + $10 (CODE_079E70) and, at the take-off only, the head at Y - $13 "
		"(CODE_079998) but keeps no box: the sprite height is a documented choice, UNCONFIRMED "
		"as a collision box (docs/open-questions.md)",
	.state_size = sizeof(cv1_state),
	.key_size = offsetof(cv1_state, step),
	.init = cv1_init,
	.step = cv1_step,
	.observe = cv1_observe,
	.run_ref = cv1_run_ref,
	.trace_header = "y,step,ptr,direction,state",
	.trace_units = "px (+ down),px/frame (+ down),table address,0 up / 1 down,code",
	.trace_row = cv1_trace_row,
	.lane = JS_LANE_TABLE(cv1),
	.n_fields = 5,
	.fields = {
		{ "y", offsetof(cv1_state, y), JS_F_U8, 0, 255, "Simon's Y (screen pixel, + down)" },
		{ "ptr", offsetof(cv1_state, ptr), JS_F_U8, 0, CV1_TURN,
		  "$04DC - $8F: the table pointer as an index (0 the $80 at $9B8F, 21 the $81 at "
		  "$9BA4); the arc routine keeps it between the markers" },
		{ "direction", offsetof(cv1_state, falling), JS_F_U8, 0, 1, "$0514: 0 up, 1 down" },
		{ "state", offsetof(cv1_state, state), JS_F_U8, 0, 1,
		  "$046C: 0 standing, 1 jumping" },
		{ "prev", offsetof(cv1_state, prev), JS_F_U8, 0, 1, "A on the previous frame" },
	},
	.fuzz_fix = cv1_fuzz_fix,
	.invariants = cv1_invariants,
	.inv_names = { [CV1_INV_Y_WRAP] = "y_wrap" },
	.inv_what = {
		[CV1_INV_Y_WRAP] = "Simon's 8-bit Y does not wrap past the top or the bottom of the "
				   "screen",
	},
	/* With no buttons, the longest way down: rising from the first step (20 rise frames, 36
	 * px, the turn frame that already falls by entry 20, 19 fall frames back) from Y = 36, the
	 * lowest that does not wrap past the top (a higher start wraps to the bottom, at or below
	 * every floor: the turn frame lands), then the $80's 8 px a frame from 36 to the lowest
	 * floor $C0, the 20th move landing (the floor is looked for after the move): 20 + 1 + 19 +
	 * 20 = 60 (tests/test_castlevania.c checks every start). */
	.land_bound = 60,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"
#include "castlevania.h" /* again: the lane part */

/* The reference on JS_VW lanes at a time, state in registers for all frames of the group; two
 * groups side by side.  The step is E(ptr) rising and -E(ptr) falling (castlevania.h: the
 * markers are folded into E), negated as (E ^ fall) - fall.  Lanes on the ground skip the arc
 * through the air mask; their pointer and direction are reset by the take-off.  A lane that has
 * landed stays on the ground (its accounting is over), which lets cv_acc_frame do the
 * accounting.  Y stays in $2C..$C0 (see the file comment), so plain int32 adds are the 8-bit
 * adds.  Fuzz starts (js_lane_args.start) take the same frame with Y masked to 8 bits and the
 * full accounting (cv1_lanes_frame's `start`). */
typedef struct cv1_lanes {
	js_vi y, ptr, fall, air, prev, floor; /* fall, air: -1 / 0 */
	js_vacc acc;
} cv1_lanes;

static inline void cv1_lanes_init(cv1_lanes *s, const js_lane_args *args, int l0)
{
	int32_t fl[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		fl[i] = CV1_Y0 + CV1_BLOCK * args->axis[CV1_AX_DROP][l];
	}
	s->floor = js_vload(fl);
	s->y = js_vsplat(CV1_Y0);
	s->ptr = s->fall = s->air = s->prev = js_vsplat(0);
	if (args->start) { /* a fuzz start: the reference's state */
		int32_t y[JS_VW], ptr[JS_VW], fall[JS_VW], air[JS_VW], prev[JS_VW];
		for (int i = 0; i < JS_VW; i++) {
			int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
			const cv1_state *st = (const cv1_state *)args->start + l;
			y[i] = st->y;
			ptr[i] = st->ptr;
			fall[i] = -(st->falling != 0);
			air[i] = -(st->state != 0);
			prev[i] = -(st->prev != 0);
		}
		s->y = js_vload(y);
		s->ptr = js_vload(ptr);
		s->fall = js_vload(fall);
		s->air = js_vload(air);
		s->prev = js_vload(prev);
	}
	js_vacc_init(&s->acc, args, l0);
}

/* start: a compile-time constant, 1 on the path of fuzz starts (js_lane_args.start), which may
 * put Y anywhere (the 8-bit add wraps: masked), and may land a lane before it ever rose or start
 * it on the ground anywhere in its history (the full accounting of lane.h: js_vacc_frame). */
static inline void cv1_lanes_frame(cv1_lanes *s, const cv_arc_lanes *r, const js_lane_args *args,
				   int l0, int f, const int start)
{
	js_vi a = -js_vbit(args->input[0] + (f >> 5) * JS_BLOCK + l0, f);
	js_vi press = a & ~s->prev & ~s->air & ~s->acc.landed; /* frozen after the landing */
	js_vi act = s->air;                    /* jumping at the frame's start: the arc routine */
	js_vi turn = act & ~s->fall & (s->ptr == CV1_TURN);
	js_vi rptr = s->ptr + turn;            /* the turn reads the entry before the $81 again */
	js_vi neg = s->fall | turn;            /* falling after the step */
	js_vi e = cv_arc_entry(r, rptr);
	js_vi step = (e ^ neg) - neg;
	js_vi mark = s->fall & (s->ptr == 0);
	js_vi y = s->y + (step & act);
	if (start)
		y &= 0xff;
	js_vi land = act & neg & (y >= s->floor); /* after the move */
	s->y = js_vsel(land, y & 0xf0, y);
	/* +1 rising, -1 falling, 0 on the $80, -2 on the turn (rptr is one back already) */
	js_vi ptr = rptr + ((neg | 1) & ~mark);
	s->ptr = js_vsel(press, js_vsplat(CV1_FIRST), js_vsel(act, ptr, s->ptr));
	s->fall = js_vsel(act, neg, s->fall) & ~press;
	js_vi air = (act & ~land) | press;
	s->air = air;
	s->prev = a;
	js_vu fl = (js_vu)(act & mark) & CV1_FLAG_TABLE_END;
	if (start)
		js_vacc_frame(&s->acc, f, CV1_Y0 - s->y, ~air, fl);
	else
		cv_acc_frame(&s->acc, f, CV1_Y0 - s->y, air, land, fl);
}

static void cv1_lanes_from_starts(const js_lane_args *args, const cv_arc_lanes *r)
{
	for (int l0 = 0; l0 < JS_BLOCK; l0 += 2 * JS_VW) {
		cv1_lanes g0, g1;
		cv1_lanes_init(&g0, args, l0);
		cv1_lanes_init(&g1, args, l0 + JS_VW);
		for (int f = 0; f < args->n_frames; f++) {
			cv1_lanes_frame(&g0, r, args, l0, f, 1);
			cv1_lanes_frame(&g1, r, args, l0 + JS_VW, f, 1);
			if ((f & 7) == 7 && js_vacc_done(&g0.acc, f) && js_vacc_done(&g1.acc, f))
				break;
		}
		js_vacc_store(&g0.acc, args, l0);
		js_vacc_store(&g1.acc, args, l0 + JS_VW);
	}
}

#if defined(CV_FAST_PATH)
/* ---- the 16-bit paths from init's states (AVX-512 F + BW, AVX2; js_lane_args.start NULL) ----
 *
 * castlevania.h's cv_zlanes / cv_hlanes: every jump from init's state is the same arc shifted by
 * its take-off frame t0 (the first frame with A down: prev starts at 0, so it is a new press;
 * from then on the lane is in the air or has landed, frozen, and reads no press), stepped in its
 * own frames u = f - t0.  T(u) is the reference's cv_arc_step from pointer 1 (CV1_FIRST), T(0) =
 * 0 the press frame's (simonState_00 returns).  cv1 looks for the floor after the move
 * (CODE_0794CA) and only falling, but rising Y is above Y0 <= the floor, the turn frame moves
 * 0 px (it reads entry 20 again, 0), and every fall move from Y0 down is 8 px, which reaches the
 * floor exactly (the file comment: Y is 8-px aligned), so the landing u L is the first u whose
 * move reaches the floor: min(Y + T(u), floor) is the move and the landing (the snap never moves
 * Y), a lane on its floor stays there (every later T(u) is >= 0), and the moves of u = 1 .. L - 1
 * leave Y above the floor: L = 1 + the count.  Every lane lands by u = 55 (drop 7: 40 frames
 * back to Y0, 15 of 8 px).  The landing frame moves: its own $80 step sets table_end, but not
 * below_start (the accounting reads that only while airborne, and air is 0 on the landing
 * frame); its Y is at or below Y0, so it raises no rise. */
/* not inlined: the caller keeps the pointer (inlined, GCC called __tls_get_addr again on every
 * frame of the loop) */
static __attribute__((noinline)) const cv_ztables *cv1_ztables_get(void)
{
	static _Thread_local cv_ztables z;
	if (z.ready)
		return &z;
	uint8_t ptr = CV1_FIRST, falling = 0;
	int32_t y = CV1_Y0, low = CV1_Y0, at = -1;
	uint32_t moved = 0; /* the flags of the moves so far (u < n) */
	for (int n = 0; n < CV_ZARC_N; n++) {
		int marker = 0;
		int8_t step = 0;
		if (n >= 1) /* simonState_01_initJump's arc routine, from the frame after the press */
			step = (int8_t)cv_arc_step(cv1_arc, &ptr, &falling, CV1_MARKER_STEP, 1, &marker);
		const uint32_t end = marker ? CV1_FLAG_TABLE_END : 0;
		z.t[n] = step;
		z.land_fl[n] = (uint16_t)(moved | end); /* landing on u = n: after its move */
		z.air_fl[n] = (uint16_t)(moved | JS_FLAG_NOT_LANDED);
		z.rise[n] = (int16_t)(CV1_Y0 - low);
		z.apex[n] = (int16_t)at;
		y += step; /* CODE_079B5B */
		moved |= end | (y > CV1_Y0 ? JS_FLAG_BELOW_START : 0);
		if (y < low) { /* strictly higher: the first frame of the top */
			low = y;
			at = n;
		}
	}
	cv_ztables_bytes(&z);
	z.ready = 1;
	return &z;
}

_Static_assert(CV1_BLOCK == 16, "castlevania.h's floors are 16 px blocks");

/* moves from u = 1 (T(0) = 0), L = 1 + the count */
static void cv1_lanes_fast(const js_lane_args *args)
{
#if JS_VW == 16
	cv_zlanes(args, cv1_ztables_get(), args->axis[CV1_AX_DROP], CV1_Y0, 1, 1);
#else
	cv_hlanes(args, cv1_ztables_get(), args->axis[CV1_AX_DROP], CV1_Y0, 1, 1);
#endif
}
#endif

void JS_LANE_FN(cv1)(const js_lane_args *args)
{
#if defined(CV_FAST_PATH)
	if (!args->start) {
		cv1_lanes_fast(args);
		return;
	}
#endif
	cv_arc_lanes r;
	cv_arc_lanes_init(&r, cv1_arc, CV1_TURN, CV1_MARKER_STEP);
	if (args->start) {
		cv1_lanes_from_starts(args, &r);
		return;
	}
	for (int l0 = 0; l0 < JS_BLOCK; l0 += 2 * JS_VW) {
		cv1_lanes g0, g1;
		cv1_lanes_init(&g0, args, l0);
		cv1_lanes_init(&g1, args, l0 + JS_VW);
		for (int f = 0; f < args->n_frames; f++) {
			cv1_lanes_frame(&g0, &r, args, l0, f, 0);
			cv1_lanes_frame(&g1, &r, args, l0 + JS_VW, f, 0);
			if ((f & 7) == 7) {
				cv_acc_sync(&g0.acc, g0.air);
				cv_acc_sync(&g1.acc, g1.air);
				if (js_vacc_done(&g0.acc, f) && js_vacc_done(&g1.acc, f))
					break;
			}
		}
		cv_acc_sync(&g0.acc, g0.air);
		cv_acc_sync(&g1.acc, g1.air);
		js_vacc_store(&g0.acc, args, l0);
		js_vacc_store(&g1.acc, args, l0 + JS_VW);
	}
}

#endif
