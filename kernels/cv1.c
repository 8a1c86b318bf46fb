/* kernels/cv1.c - Castlevania (NES): Simon's jump, vertical axis.
 *
 * There is no public disassembly of Castlevania; the atlas's seed claims are the spec:
 *   claim 1 (castlevania/jump-table): "Simon's jump rises by a fixed table of per-frame steps, 5,
 *     5, 3, 3, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0, 1, 0, 0, 0, and 0 px, 36 px in all" - bank 6
 *     $9B8D-$9BA4: the table's address, a $80 start marker, 20 signed steps ($FB = -5, up) and a
 *     $81 turn marker; bank 6 $9B1E-$9B8A: the routine that adds one step to Simon's Y each frame
 *     and moves the table pointer;
 *   claim 2 (castlevania/table-end-fall): once the reversed table runs out Simon falls 8 px every
 *     frame until he lands - bank 6 $9B43-$9B5E: "on the $80 marker the step is $F8, negated
 *     while falling to +8, and the pointer stays put".
 * So the table is $80, the 20 rises, $81; rising reads table[ptr++] until the $81, falling reads
 * -table[ptr--] back down, and on the $80 the step is +8 with the pointer kept.
 *
 * The RAM notes of nstbayless/CV1-controls (rom-map.md, defs.asm: a hack of this routine) agree:
 * $04DC is the table pointer's low byte ("start of jump: 90, crest: A4->A2, end: 8F", i.e.
 * $9B90 the first step, $9BA4 the $81, $9B8F the $80), $0514 the direction (0 up, 1 down),
 * $046C the player state (0 standing/walking, 1 jumping).  They do not give the routine itself.
 *
 * What the seed does not say, and how the model fills it in (UNCONFIRMED for Castlevania; each
 * is said again in the metadata notes):
 *   - the turn: the frame that reads the $81 marker moves 0 px and steps the pointer back, so the
 *     fall starts on the next frame with the last rise step (Dracula's Curse's B28_18e6; seed
 *     claim 3 says Dracula's Curse keeps Castlevania's jump).  The arc is symmetric: 20 rise
 *     frames, one 0 px turn frame, 20 fall frames back to the take-off height;
 *   - the landing: on falling frames (after the turn) the floor is looked for under Simon's feet
 *     before the frame's move, at the position of the previous frame; finding it lands him
 *     without moving (state 0) and snaps Y down to the 16 px block (Y &= $F0) - Dracula's Curse's
 *     B28_17dc / B28_181e / B28_0a02.  On flat ground Simon is back at the take-off height after
 *     the 20th fall frame and lands on the next one (which has read the $80 marker);
 *   - the take-off frame: a new press of A while standing starts the table and the same frame
 *     already moves by the first step (the first frame that moves is frame 0).  Castlevania's
 *     delay between the press and the first step is not public (Dracula's Curse takes two frames,
 *     see cv3.c); the model leaves any delay out;
 *   - anything after a landing (Castlevania's landing recovery, if any) is left out: a new press
 *     jumps again at once.
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

/* Bank 6 $9B8F-$9BA4 as the seed describes it (claims 1, 2): index 0 is the $80 marker, 1-20
 * the rise steps (signed, - up), 21 the $81 marker. */
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
	if (s->state == 0 && a && !s->prev) { /* a new A press standing: start the table */
		s->state = 1;
		s->ptr = CV1_FIRST;
		s->falling = 0;
	}
	if (s->state == 1) {
		int marker;
		uint8_t step = cv_arc_step(cv1_arc, &s->ptr, &s->falling, CV1_MARKER_STEP, &marker);
		if (s->falling && s->y >= s->floor) {
			/* the floor under the feet, before the move: land, Y &= $F0 */
			s->y &= 0xf0;
			s->state = 0;
		} else {
			s->y = (uint8_t)(s->y + step); /* 8-bit add: the signed step */
			s->step = step;
			if (marker)
				s->frame_flags |= CV1_FLAG_TABLE_END >> 8;
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
	"castlevania/jump-table", "castlevania/table-end-fall", NULL,
};

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
	.movie = { .button = { "A" }, .note = "A jumps (B whips): the game's documented jump button; no "
		   "public disassembly names the pad read (UNCONFIRMED label). One movie line per NTSC "
		   "frame, frame 0 the line with A newly down; lag frames are not modelled." },
	.sources = "No public disassembly. Seed claims 1 and 2 (Gravity page: Castlevania (USA) (Rev "
		   "1) bank 6 $9B8D-$9BA4 table, $9B1E-$9B8A arc routine, $9B43-$9B5E the $80 marker "
		   "step $F8) are the spec; RAM notes of nstbayless/CV1-controls rom-map.md / defs.asm "
		   "($04DC table pointer $90..$A4..$8F, $0514 direction, $046C state); the turn and "
		   "landing follow Dracula's Curse (vinheim3/castlevania3-disasm "
		   "code/playerStateProcessing_b1c.s B28_18c6-B28_190a, B28_17dc, B28_181e, B28_0a02)",
	.notes = "Frame 0 is the press and already moves by the first step (5 px): Castlevania's "
		 "delay between the press and the first step is UNCONFIRMED and left out. Rises by the "
		 "20-step table (36 px), one 0 px turn frame on the $81 marker, falls by the reversed "
		 "table, then 8 px/frame on the $80 marker (pointer kept). No variable height: the "
		 "button is read only for the take-off press. UNCONFIRMED for Castlevania and taken "
		 "from Dracula's Curse (seed claim 3: it keeps this jump): the 0 px turn frame, and the "
		 "landing: on falling frames the floor is looked for before the move, at the previous "
		 "frame's position; found -> land without moving, Y &= $F0 (never moves Y here: every "
		 "Y reached is 8-px aligned). Flat ground: 20 rise + 1 turn + 20 fall frames, landing "
		 "on the next (airtime 42). drop: the landing floor is drop 16-px blocks below the "
		 "take-off floor (a jump off a ledge edge; horizontal movement not modelled). A new "
		 "press after landing jumps again at once (any landing recovery left out).",
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
	.character_height_source = "Simon's sprite is two 16-px blocks tall (16 x 32); UNCONFIRMED as a "
		"collision box",
	.state_size = sizeof(cv1_state),
	.key_size = offsetof(cv1_state, step),
	.init = cv1_init,
	.step = cv1_step,
	.observe = cv1_observe,
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
	 * px, the turn, 20 fall frames back) from Y = 36, the lowest that does not wrap past the
	 * top (a higher start wraps to the bottom, at or below every floor: the turn frame lands),
	 * then the $80's 8 px a frame from 36 to the lowest floor $C0: 20 frames, and the landing
	 * frame: 20 + 1 + 20 + 20 + 1 = 62 (tests/test_castlevania.c checks every start). */
	.land_bound = 62,
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
	js_vi ptr = js_vsel(press, js_vsplat(CV1_FIRST), s->ptr);
	js_vi fall = s->fall & ~press;
	js_vi air = s->air | press;
	js_vi e = cv_arc_entry(r, ptr);
	js_vi step = (e ^ fall) - fall;
	js_vi turn = ~fall & (ptr == CV1_TURN);
	js_vi mark = fall & (ptr == 0);
	js_vi dec = fall | turn;               /* falling after the step */
	js_vi land = air & dec & (s->y >= s->floor);
	js_vi move = air & ~land;
	s->y = js_vsel(land, s->y & 0xf0, s->y + (step & move));
	if (start)
		s->y &= 0xff;
	s->ptr = ptr + ((dec | 1) & ~mark);    /* +1 rising, -1 falling or on the turn, 0 on the $80 */
	s->fall = dec;
	s->air = move;
	s->prev = a;
	js_vu fl = (js_vu)(move & mark) & CV1_FLAG_TABLE_END;
	if (start)
		js_vacc_frame(&s->acc, f, CV1_Y0 - s->y, ~move, fl);
	else
		cv_acc_frame(&s->acc, f, CV1_Y0 - s->y, move, land, fl);
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
/* From init's states: castlevania.h's 16-bit arc-by-u lanes (the press frame already steps). */
static void cv1_lanes_fast(const js_lane_args *args)
{
	cv_zarc c;
	int16_t floor[JS_BLOCK];
	cv_zarc_init(&c, cv1_arc, CV1_FIRST, CV1_MARKER_STEP, 0, CV1_Y0, CV1_FLAG_TABLE_END, 0, 0);
	for (int l = 0; l < JS_BLOCK; l++) {
		int k = l < args->n_lanes ? l : args->n_lanes - 1;
		floor[l] = (int16_t)(CV1_Y0 + CV1_BLOCK * args->axis[CV1_AX_DROP][k]);
	}
	cv_zlanes_run(args, &c, floor);
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
