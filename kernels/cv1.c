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
/* Lane l's results from its take-off frame t0 (-1: none), the count of frames with Y above its
 * floor and the frames run (the fast paths below); rise_by / apex_by: the rise and the
 * apex's u of a lane that moved n frames (u = 0..n - 1). */
static inline void cv1_result(const js_lane_args *args, const cv_zarc *c, const int16_t *rise_by,
			      const int16_t *apex_by, int l, int t0, int cnt, int ran)
{
	uint32_t fl;
	int moved = 0;
	int32_t airtime = 0;
	/* the landing frame L: cnt counts every frame with Y above the floor, frames 0..t0 too
	 * where the floor is below Y0 (drop > 0: Y = Y0 until the move of frame t0 + 1) */
	const int land = args->axis[CV1_AX_DROP][l] ? cnt : t0 + 1 + cnt;
	if (t0 < 0) {
		fl = JS_FLAG_NO_TAKEOFF;
	} else if (land < ran) {
		const int n = land - t0; /* the landing frame's u (it moves too) */
		fl = c->by_n[n] | (n >= c->u_mark ? c->flag_end : 0);
		moved = n + 1;
		airtime = land + 1;
	} else {
		moved = ran - t0 < CV_ZARC_N ? ran - t0 : CV_ZARC_N;
		fl = c->by_n[moved] | JS_FLAG_NOT_LANDED;
	}
	args->rise[l] = rise_by[moved];
	args->apex_frame[l] = apex_by[moved] >= 0 ? t0 + apex_by[moved] : 0;
	args->airtime[l] = airtime;
	args->flags[l] = fl;
}
#endif

#if defined(CV_FAST_PATH) && JS_VW == 16
/* AVX-512 (F + BW) from init's states: 16-bit words, 32 lanes to a register, the block as two
 * groups side by side.  From init's state a lane's jump is fixed by its take-off frame t0: its
 * first frame with A down (prev starts at 0, so that frame is a new press; the lane is in the air
 * or has landed, frozen, from then on, so later presses are never read).  cv1_zt0 finds t0 from
 * the input words before the frames.  Frame f then moves Y by T(u), u = f - t0 the frames since
 * the press (castlevania.h's cv_zarc table: T(0) = 0 is the press frame's), read with u = 0 before
 * the take-off (a saturating subtraction; 0xffff for a lane with no press) and at most 63 (every
 * lane lands by u = 55 from init's states, castlevania.h; after that the move is clamped).  The
 * landing is looked for after the move (CODE_0794CA) and only falling, but rising Y is above Y0
 * <= the floor, the turn frame moves 0 px, and every fall move from Y0 down is 8 px, which reaches
 * the floor exactly (cv1.c's file comment: Y is 8-px aligned): so min(Y + T(u), floor) is the move
 * and the landing, a lane on its floor stays there (every later T(u <= 63) is >= 0), and the
 * landing frame is L = t0 + 1 + the count of frames after t0 with Y above the floor (the loop
 * counts every frame above the floor: where it is below Y0 that is t0 + 1 more, cv1_result).  The
 * rise, apex, airtime and flags are read at the store from the arc's tables (cv_zarc's by_n and the
 * rise and apex by moves, as the AVX2 words do). */
typedef struct cv1_zgroup {
	__m512i t0, floor, y, cnt;
} cv1_zgroup;

/* t0 of lanes l0..l0 + 15 (32-bit; 0xffff: no press before n_frames) */
static inline __m512i cv1_zt0(const js_lane_args *args, int l0)
{
	const int n = args->n_frames, words = (n + 31) >> 5;
	const __m512i zero = _mm512_setzero_si512();
	__m512i t0 = _mm512_set1_epi32(0xffff);
	__mmask16 found = 0;
	for (int w = 0; w < words && found != 0xffff; w++) {
		const __m512i x = _mm512_loadu_si512(args->input[0] + w * JS_BLOCK + l0);
		const __mmask16 first = _mm512_mask_test_epi32_mask((__mmask16)~found, x, x);
		const __m512i p = _mm512_and_si512(x, _mm512_sub_epi32(zero, x)); /* lowest bit */
		const __m512i lg = _mm512_sub_epi32(
			_mm512_srli_epi32(_mm512_castps_si512(_mm512_cvtepu32_ps(p)), 23),
			_mm512_set1_epi32(127 - 32 * w)); /* exact: a power of two converts exactly */
		t0 = _mm512_mask_mov_epi32(t0, first, lg);
		found |= first;
	}
	/* a press in the last word's bits past n_frames is none */
	return _mm512_mask_mov_epi32(t0, _mm512_cmpge_epi32_mask(t0, _mm512_set1_epi32(n)),
				     _mm512_set1_epi32(0xffff));
}

static inline void cv1_zgroup_init(cv1_zgroup *g, const js_lane_args *args, const int16_t *floor,
				   int l0)
{
	g->t0 = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi32_epi16(cv1_zt0(args, l0))),
				   _mm512_cvtepi32_epi16(cv1_zt0(args, l0 + 16)), 1);
	g->floor = _mm512_loadu_si512(floor + l0);
	g->y = _mm512_set1_epi16(CV1_Y0);
	g->cnt = _mm512_setzero_si512();
}

static inline __attribute__((always_inline)) void cv1_zframe(cv1_zgroup *g, const cv_zarc *c,
							      __m512i fv)
{
	const __m512i u = _mm512_min_epu16(_mm512_subs_epu16(fv, g->t0), _mm512_set1_epi16(63));
	const __m512i e = _mm512_permutex2var_epi16(c->t0, u, c->t1);
	g->y = _mm512_min_epi16(_mm512_add_epi16(g->y, e), g->floor);
	g->cnt = _mm512_mask_sub_epi16(g->cnt, _mm512_cmplt_epi16_mask(g->y, g->floor), g->cnt,
				       _mm512_set1_epi16(-1));
}

/* every lane landed (its Y on its floor after its take-off) or without a press */
static inline int cv1_zdone(const cv1_zgroup *g, __m512i fv)
{
	const __mmask32 none = _mm512_cmpeq_epi16_mask(g->t0, _mm512_set1_epi16(-1));
	const __mmask32 landed = _mm512_mask_cmpeq_epi16_mask(_mm512_cmpgt_epu16_mask(fv, g->t0),
							       g->y, g->floor);
	return _cvtmask32_u32(_kor_mask32(none, landed)) == 0xffffffffu;
}

/* rise_by / apex_by: the rise and the apex's u of a lane that moved n frames (u = 0..n - 1) */
static inline void cv1_zstore(const cv1_zgroup *g, const cv_zarc *c, const int16_t *rise_by,
			      const int16_t *apex_by, const js_lane_args *args, int l0, int ran)
{
	uint16_t t0[32], cnt[32];
	_mm512_storeu_si512(t0, g->t0);
	_mm512_storeu_si512(cnt, g->cnt);
	for (int i = 0; i < 32 && l0 + i < args->n_lanes; i++)
		cv1_result(args, c, rise_by, apex_by, l0 + i, t0[i] == 0xffff ? -1 : t0[i], cnt[i],
			   ran);
}

/* The arc's tables, the same for every block: made once per thread (they cost about as much as
 * a block's frames). */
typedef struct cv1_ztables {
	cv_zarc c;
	int16_t rise_by[CV_ZARC_N + 1], apex_by[CV_ZARC_N + 1];
	int ready;
} cv1_ztables;

static const cv1_ztables *cv1_ztables_get(void)
{
	static _Thread_local cv1_ztables z;
	if (z.ready)
		return &z;
	int16_t t[CV_ZARC_N];
	cv_zarc_init(&z.c, cv1_arc, CV1_FIRST, CV1_MARKER_STEP, 1, 1, 1, CV1_Y0, CV1_FLAG_TABLE_END,
		     0, 0);
	_mm512_storeu_si512(t, z.c.t0);
	_mm512_storeu_si512(t + 32, z.c.t1);
	int32_t cy = CV1_Y0, low = CV1_Y0, at = -1;
	z.rise_by[0] = 0;
	z.apex_by[0] = -1;
	for (int n = 1; n <= CV_ZARC_N; n++) {
		cy += t[n - 1];
		if (cy < low) { /* strictly higher: the first frame of the top */
			low = cy;
			at = n - 1;
		}
		z.rise_by[n] = (int16_t)(CV1_Y0 - low);
		z.apex_by[n] = (int16_t)at;
	}
	z.ready = 1;
	return &z;
}

static void cv1_lanes_fast(const js_lane_args *args)
{
	const cv1_ztables *z = cv1_ztables_get();
	const cv_zarc *c = &z->c;
	const int16_t *rise_by = z->rise_by, *apex_by = z->apex_by;
	int16_t floor[JS_BLOCK];
	for (int l = 0; l < JS_BLOCK; l++) {
		int k = l < args->n_lanes ? l : args->n_lanes - 1;
		floor[l] = (int16_t)(CV1_Y0 + CV1_BLOCK * args->axis[CV1_AX_DROP][k]);
	}
	cv1_zgroup g0, g1;
	cv1_zgroup_init(&g0, args, floor, 0);
	cv1_zgroup_init(&g1, args, floor, 32);
	const __m512i one = _mm512_set1_epi16(1);
	__m512i fv = _mm512_setzero_si512();
	int ran = args->n_frames;
	for (int f = 0; f < args->n_frames; f++) {
		cv1_zframe(&g0, c, fv);
		cv1_zframe(&g1, c, fv);
		if ((f & 7) == 7 && cv1_zdone(&g0, fv) && cv1_zdone(&g1, fv)) {
			ran = f + 1;
			break;
		}
		fv = _mm512_add_epi16(fv, one);
	}
	cv1_zstore(&g0, c, rise_by, apex_by, args, 0, ran);
	cv1_zstore(&g1, c, rise_by, apex_by, args, 32, ran);
}
#elif defined(CV_FAST_PATH)
/* The AVX2 twin of the AVX-512 words above (the same t0, moves, landing count and store), 16
 * lanes per ymm in lane.h's js_hlane order, the block as four groups, two side by side; T(u) read
 * with castlevania.h's cv_harc_entry, the rise and apex from cv_zarc's rise_by_n / apex_by_n.  t0
 * is 0x7fff for a lane with no press (the words are signed here: fv > t0 never holds). */
typedef struct cv1_hgroup {
	js_hi t0, floor, y, cnt;
} cv1_hgroup;

static inline __attribute__((always_inline)) void cv1_hframe(cv1_hgroup *g, const cv_zarc *c,
							      js_hi fv)
{
	const js_hi u = (js_hi)_mm256_min_epu16(_mm256_subs_epu16((__m256i)fv, (__m256i)g->t0),
						_mm256_set1_epi16(63));
	g->y = (js_hi)_mm256_min_epi16((__m256i)(g->y + cv_harc_entry(c, u)), (__m256i)g->floor);
	g->cnt -= g->y < g->floor;
}

static inline int cv1_hdone(const cv1_hgroup *g, js_hi fv)
{
	return js_hall((g->t0 == 0x7fff) | ((fv > g->t0) & (g->y == g->floor)));
}

static void cv1_lanes_fast(const js_lane_args *args)
{
	/* the arc's tables, the same for every block: made once per thread (they cost about as
	 * much as a block's frames) */
	static _Thread_local cv_zarc c;
	static _Thread_local int ready;
	int32_t floor[JS_BLOCK], t0[JS_BLOCK];
	if (!ready) {
		cv_zarc_init(&c, cv1_arc, CV1_FIRST, CV1_MARKER_STEP, 1, 1, 1, CV1_Y0,
			     CV1_FLAG_TABLE_END, 0, 0);
		ready = 1;
	}
	const int words = (args->n_frames + 31) >> 5;
	for (int l = 0; l < args->n_lanes; l++) {
		floor[l] = CV1_Y0 + CV1_BLOCK * args->axis[CV1_AX_DROP][l];
		t0[l] = 0x7fff;
		for (int w = 0; w < words; w++) {
			const uint32_t x = args->input[0][w * JS_BLOCK + l];
			if (x) {
				const int t = 32 * w + __builtin_ctz(x);
				t0[l] = t < args->n_frames ? t : 0x7fff;
				break;
			}
		}
	}
	for (int g = 0; g < JS_BLOCK && g < args->n_lanes; g += 32) {
		cv1_hgroup h[2];
		for (int k = 0; k < 2; k++) {
			h[k].t0 = js_haxis(t0, args, g + 16 * k < args->n_lanes ? g + 16 * k : g);
			h[k].floor = js_haxis(floor, args, g + 16 * k < args->n_lanes ? g + 16 * k : g);
			h[k].y = js_hsplat(CV1_Y0);
			h[k].cnt = js_hsplat(0);
		}
		js_hi fv = js_hsplat(0);
		int ran = args->n_frames;
		for (int f = 0; f < args->n_frames; f++) {
			cv1_hframe(&h[0], &c, fv);
			cv1_hframe(&h[1], &c, fv);
			if ((f & 7) == 7 && cv1_hdone(&h[0], fv) && cv1_hdone(&h[1], fv)) {
				ran = f + 1;
				break;
			}
			fv += 1;
		}
		for (int k = 0; k < 2; k++) {
			int16_t tt[16], cnt[16];
			js_hstore_lanes(tt, h[k].t0);
			js_hstore_lanes(cnt, h[k].cnt);
			for (int i = 0; i < 16 && g + 16 * k + i < args->n_lanes; i++)
				cv1_result(args, &c, c.rise_by_n, c.apex_by_n, g + 16 * k + i,
					   tt[i] == 0x7fff ? -1 : tt[i], cnt[i], ran);
		}
	}
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
