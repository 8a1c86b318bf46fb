/* kernels/scv4.c - Super Castlevania IV (SNES): Simon's jump, vertical axis.
 *
 * No public disassembly of Super Castlevania IV was known when this model was written
 * (bogaa/Super-Castlevania-IV-addons .rom/src holds a labelled one, found later: only
 * character_height is read from it so far, the rules below are not yet checked against it);
 * the atlas's seed claim 12 is the spec:
 *   "Super Castlevania IV's jump holds the take-off speed with no gravity while the jump button
 *   stays down, for up to 4 frames, then adds 0.375 px/frame^2 each frame until the rise stops,
 *   holds Simon still at the top for about 9 frames, and falls under the same gravity, capped at
 *   8 px/frame" - from the cartridge: $00:A3FA-$A409, state 4 each frame: animation, facing
 *   ($A792), air control ($A8DE), then the phase routine $A94D; $00:A94D-$A9CF: phases by $1F86.
 *   0: while the button in $BE is held, count $0564 to 4, else go on; 1-2: gravity ($A739) until
 *   the speed is >= 0, then 0; 3-4: speed 0, count to 9; 5-6: gravity; $00:A739-$A769: Y speed +
 *   $0000.$6000 (0.375); a fall at or past 8.0 is set to 8.0.
 *
 * Units: Y position and Y speed as 16.16 (pixel word : fraction word; the gravity is the 32-bit
 * $0000.$6000), + down.  Sub-units are 1/65536 px.
 *
 * How the model reads the summary (each point is UNCONFIRMED: the routine itself is not public;
 * the metadata notes say so):
 *   - the take-off speed is not in the seed nor in any public source found: it is axis v0 (in
 *     1/256 px/frame, the speed := -v0 * 256 in 16.16), default 1024 = 4.00 px/frame - an
 *     assumption (Simon's Quest's take-off, cv2.c), which gives a held rise of 35.375 px, close
 *     to Castlevania's 36;
 *   - a new press of the jump button standing enters state 4 with phase 0, count 0 and the
 *     speed -v0, and the state-4 routine runs the same frame: frame 0 already moves by v0;
 *   - each state-4 frame runs the phase routine, then moves Y += speed (the move is not in the
 *     seed's list; the phase routine setting the speed before the frame's move is what
 *     Castlevania III does, cv3.c);
 *   - phase 0: the button held (a level, not a press) and count < 4 -> count++, speed kept;
 *     otherwise phase 1 and "go on": phase 1 runs the same frame.  So the take-off speed is kept
 *     for min(frames held from the press, 4) frames - the seed's "while the jump button stays
 *     down, for up to 4 frames";
 *   - phase 1 (the seed's 1-2): gravity; a speed >= 0 is set to 0 (that frame does not move) and
 *     phase 3 starts on the next frame with count 0;
 *   - phase 3 (3-4): count < 9 -> count++, speed 0 (no move); otherwise phase 5 and go on.  Simon
 *     stays still for the stopping frame and 9 more (the seed's "about 9 frames");
 *   - phase 5 (5-6): gravity with the 8.0 cap;
 *   - the landing: on a phase-5 frame whose move takes Y's pixel word to or past the landing
 *     floor, Y := the floor, fraction 0, speed 0, standing (the same frame).  The button is not
 *     read again until a new press on the ground.
 * The phase values 0/1/3/5 are the model's names for the seed's groups (1-2, 3-4, 5-6); which
 * $1F86 value of each pair does what is not public.
 *
 * The model: Simon stands at Y $0200.0000 on flat ground the frame before frame 0; axis drop
 * puts the landing floor drop 16 px blocks lower (a jump off a ledge's edge; horizontal movement
 * is not modelled).  With v0 <= 12 px/frame the rise is under 240 px and Y stays in $0110..$0308:
 * the 32-bit adds never wrap and heights fit int32 sub-units.  (From init's states.  A fuzz start,
 * model.h's fields, may hold any 32-bit Y and speed: then the adds wrap, which the invariants
 * speed_wrap and y_wrap report, and the lane kernel takes its start path.)
 */
#include "model.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "castlevania.h"

#define SCV4_Y0 0x0200
#define SCV4_BLOCK 16
#define SCV4_GRAVITY 0x6000u    /* $A739: + $0000.$6000 */
#define SCV4_CAP 0x00080000u    /* $A739: a fall at or past 8.0 is set to 8.0 */
#define SCV4_HOLD_FRAMES 4      /* phase 0: count $0564 to 4 */
#define SCV4_TOP_FRAMES 9       /* phase 3-4: count to 9 */
#define SCV4_V0_DEFAULT 1024    /* 4.00 px/frame: the model's assumption */

enum { SCV4_AX_V0, SCV4_AX_DROP };
enum { SCV4_PH_HOLD = 0, SCV4_PH_RISE = 1, SCV4_PH_TOP = 3, SCV4_PH_FALL = 5 };

#define SCV4_FLAG_FALL_CAP (1u << 8) /* the speed was set to 8.0 */
#define SCV4_FLAG_HOLD_MAX (1u << 9) /* phase 0 ended on the count of 4 with the button held */

/* The reference's state (the lane kernel reads it too: js_lane_args.start). */
typedef struct scv4_state {
	uint32_t y;      /* Y position, 16.16 */
	uint32_t speed;  /* Y speed, 16.16 two's complement */
	uint32_t v0;     /* take-off speed magnitude, 16.16 (axis v0 * 256) */
	uint16_t floor;  /* Y's pixel word standing on the landing floor */
	uint8_t phase;   /* $1F86 (the model's 0 / 1 / 3 / 5) */
	uint8_t count;   /* $0564 */
	uint8_t air;     /* 1 in state 4 (the jump) */
	uint8_t prev;    /* the jump button on the previous frame */
	uint8_t pad[2];  /* zeroed by init */
	/* per-frame scratch, last: outside key_size */
	uint32_t frame_flags; /* SCV4_FLAG_* */
} scv4_state;

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

static void scv4_init(void *vs, const int32_t *ax)
{
	scv4_state *s = vs;
	memset(s, 0, sizeof *s);
	s->y = (uint32_t)SCV4_Y0 << 16;
	s->v0 = (uint32_t)ax[SCV4_AX_V0] << 8;
	s->floor = (uint16_t)(SCV4_Y0 + SCV4_BLOCK * ax[SCV4_AX_DROP]);
}

/* $A739: Y speed + $0000.$6000; a fall at or past 8.0 is set to 8.0 */
static void scv4_gravity(scv4_state *s)
{
	s->speed += SCV4_GRAVITY;
	if ((int32_t)s->speed >= (int32_t)SCV4_CAP) {
		s->speed = SCV4_CAP;
		s->frame_flags |= SCV4_FLAG_FALL_CAP;
	}
}

/* $A94D: the phase routine */
static void scv4_phase(scv4_state *s, int held)
{
	if (s->phase == SCV4_PH_HOLD) {
		if (held && s->count < SCV4_HOLD_FRAMES) {
			s->count++;
			return;
		}
		if (held)
			s->frame_flags |= SCV4_FLAG_HOLD_MAX;
		s->phase = SCV4_PH_RISE; /* go on */
	}
	if (s->phase == SCV4_PH_RISE) {
		scv4_gravity(s);
		if ((int32_t)s->speed >= 0) {
			s->speed = 0;
			s->phase = SCV4_PH_TOP;
			s->count = 0;
		}
		return;
	}
	if (s->phase == SCV4_PH_TOP) {
		if (s->count < SCV4_TOP_FRAMES) {
			s->count++;
			s->speed = 0;
			return;
		}
		s->phase = SCV4_PH_FALL; /* go on */
	}
	scv4_gravity(s);
}

static void scv4_step(void *vs, unsigned input)
{
	scv4_state *s = vs;
	int a = (input & JS_IN_JUMP) != 0;
	s->frame_flags = 0;
	if (!s->air && a && !s->prev) { /* take-off: state 4 */
		s->air = 1;
		s->speed = 0u - s->v0;
		s->phase = SCV4_PH_HOLD;
		s->count = 0;
	}
	if (s->air) {
		scv4_phase(s, a);
		s->y += s->speed;
		if (s->phase == SCV4_PH_FALL && (uint16_t)(s->y >> 16) >= s->floor) {
			s->y = (uint32_t)s->floor << 16;
			s->speed = 0;
			s->air = 0;
		}
	}
	s->prev = (uint8_t)a;
}

static void scv4_observe(const void *vs, js_obs *o)
{
	const scv4_state *s = vs;
	o->height = ((int64_t)SCV4_Y0 << 16) - (int64_t)s->y;
	o->grounded = !s->air;
	o->flags = s->frame_flags;
}

static int scv4_trace_row(const void *vs, char *buf, size_t n)
{
	const scv4_state *s = vs;
	return snprintf(buf, n, "%u,%u,%d,%u,%d,%u,%u,%u", s->y >> 16, s->y & 0xffffu,
			(int)(int16_t)(uint16_t)(s->speed >> 16), s->speed & 0xffffu, (int32_t)s->speed,
			s->phase, s->count, s->air);
}

/* ---- fuzzing hooks (model.h) ---- */

/* $1F86: the seed groups the phases 0, 1-2, 3-4, 5-6; the model names each group by its first
 * value, so 2, 4, 6 read as 1, 3, 5.  On the ground Simon stands on the take-off floor with
 * speed 0 (the take-off resets the phase and the count). */
static void scv4_fuzz_fix(void *vs)
{
	scv4_state *s = vs;
	s->frame_flags = 0;
	s->pad[0] = s->pad[1] = 0;
	if (s->phase == 2 || s->phase == 4 || s->phase == 6)
		s->phase--;
	if (!s->air) {
		s->y = (uint32_t)SCV4_Y0 << 16;
		s->speed = 0;
	}
}

/* The speed this step moved Y by: the speed after the phase routine (a landing clears it after
 * the move: then it was the phase-5 gravity of the speed before, from phase 5 or 3's
 * fall-through).  0 when Simon did not move (on the ground). */
static int scv4_moved_by(const scv4_state *b, const scv4_state *a, int32_t *v)
{
	if (a->air) {
		*v = (int32_t)a->speed;
		return 1;
	}
	if (b->air) {
		scv4_state t = *b;
		scv4_gravity(&t);
		*v = (int32_t)t.speed;
		return 1;
	}
	return 0;
}

enum { SCV4_INV_SPEED_WRAP, SCV4_INV_FALL_CAP, SCV4_INV_Y_WRAP };

static uint32_t scv4_invariants(const void *vb, const void *va, unsigned input)
{
	const scv4_state *b = vb, *a = va;
	(void)input;
	uint32_t bits = 0;
	int32_t v;
	if (!scv4_moved_by(b, a, &v))
		return 0;
	/* $A739 adds $0000.$6000 to the 32-bit speed: from >= 0 to < 0 in the air is a wrap */
	if (b->air && (int32_t)b->speed >= 0 && v < 0)
		bits |= 1u << SCV4_INV_SPEED_WRAP;
	if (v > (int32_t)SCV4_CAP && (!b->air || v > (int32_t)b->speed))
		bits |= 1u << SCV4_INV_FALL_CAP;
	/* Y += speed on the 32-bit 16.16 position: the pixel word must not wrap */
	int64_t y = (int64_t)b->y + v;
	if (y < 0 || y > (int64_t)UINT32_MAX)
		bits |= 1u << SCV4_INV_Y_WRAP;
	return bits;
}

JS_LANE_DECLARE(scv4);

static const char *const scv4_claims[] = { "scv4/jump-phases", NULL };

const js_model js_model_scv4 = {
	.id = "scv4",
	.game = "Super Castlevania IV",
	.platform = "SNES",
	.character = "Simon Belmont",
	.unit = "px",
	.sub_per_unit = 65536,
	.tile = 16, /* px per level tile */
	.fps = 60.0988,
	.frame = "NTSC frame (60.0988 Hz)",
	.movie = { .button = { "B" }, .note = "B jumps in the default button setting (Y whips); no public "
		   "disassembly names the pad read (UNCONFIRMED label) and the options screen can remap it. "
		   "One .bk2 line per NTSC frame, frame 0 the line with B newly down; lag frames are not "
		   "modelled." },
	.sources = "No public disassembly. Seed claim 12 (Gravity page: Super Castlevania IV (USA) "
		   "$00:A3FA-$A409 state 4, $00:A94D-$A9CF phase routine by $1F86, $00:A739-$A769 "
		   "gravity + $0000.$6000 with the 8.0 cap) is the spec",
	.notes = "The take-off speed is UNCONFIRMED (no public source): axis v0 in 1/256 px/frame, "
		 "default 1024 = 4.00 px/frame, an assumption (Simon's Quest's take-off; held rise "
		 "35.375 px). Frame 0 is the press and already moves by v0. Each frame: the phase "
		 "routine, then Y += speed. Phase 0 keeps the take-off speed while the button is held, "
		 "for at most 4 frames (frames held from the press, max 4), then (same frame) phase 1: "
		 "+0.375 px/frame^2 until the speed is >= 0, which is set to 0; phase 3: speed 0 for 9 "
		 "more frames (10 still frames at the top with the stopping frame); then (same frame) "
		 "phase 5: gravity, a fall at or past 8.0 set to 8.0. Landing: the phase-5 frame whose "
		 "move reaches the floor puts Y on it (fraction 0). UNCONFIRMED readings of the seed's "
		 "summary: the frame counts at the phase boundaries (which frame 'go on' and the "
		 "counts land on), the move after the phase routine, the take-off frame moving, and "
		 "the landing; phase numbers 0/1/3/5 stand for the seed's 0, 1-2, 3-4, 5-6. drop: "
		 "landing floor drop 16-px blocks lower (a jump off a ledge edge; horizontal movement "
		 "not modelled).",
	.claims = scv4_claims,
	.n_axes = 2,
	.axes = {
		{ .name = "v0", .unit = "1/256 px/frame", .long_name = "take-off speed (UNCONFIRMED; "
		  "default 1024 = 4.00 px/frame is an assumption)", .min = 0, .max = 3072,
		  .def_lo = SCV4_V0_DEFAULT, .def_hi = SCV4_V0_DEFAULT + 511 },
		{ .name = "drop", .unit = "16 px blocks", .long_name = "landing floor below the "
		  "take-off floor", .min = 0, .max = 16, .def_lo = 0, .def_hi = 0 },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 64,
	.default_hold = 5,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "fall_cap", [9] = "hold_max",
	},
	.flag_what = {
		[8] = "The fall speed was set to the 8.0 px/frame cap.",
		[9] = "Phase 0 ended on the count of 4 with the button still held (the full hold).",
	},
	.character_height = 48,
	.character_height_source = "bogaa/Super-Castlevania-IV-addons @04487bf .rom/src (a labelled "
		"disassembly): standing, the foot probe is Y + $1B ($0576, 80A273); a floor lands it on the "
		"solid cell's top row (80B602, tile offset 0), a ceiling hit rising puts it 49 rows below "
		"the solid cell's last row (80B7B8: (probe & ~7) + 7 + DATA16_81912B $39/$41): 48 px free",
	.state_size = sizeof(scv4_state),
	.key_size = offsetof(scv4_state, frame_flags),
	.init = scv4_init,
	.step = scv4_step,
	.observe = scv4_observe,
	.trace_header = "y,y_frac,speed,speed_frac,speed_sub,phase,count,state",
	.trace_units = "px (+ down),1/65536 px,px/frame (+ down),1/65536 px/frame,1/65536 px/frame (+ down),code,frames,0/1",
	.trace_row = scv4_trace_row,
	.lane = JS_LANE_TABLE(scv4),
	.n_fields = 6,
	.fields = {
		{ "y", offsetof(scv4_state, y), JS_F_U32, 0, UINT32_MAX,
		  "Y position, 16.16 (pixel word : fraction word, + down)" },
		{ "speed", offsetof(scv4_state, speed), JS_F_S32, INT32_MIN, INT32_MAX,
		  "Y speed, 16.16 two's complement ($A739 adds to it as one 32-bit number)" },
		{ "phase", offsetof(scv4_state, phase), JS_F_U8, 0, 6,
		  "$1F86: 0 hold, 1-2 rise, 3-4 top, 5-6 fall (fuzz_fix names 2, 4, 6 as 1, 3, 5)" },
		{ "count", offsetof(scv4_state, count), JS_F_U8, 0, SCV4_TOP_FRAMES,
		  "$0564: counted from 0 to 4 (phase 0) or 9 (phases 3-4)" },
		{ "air", offsetof(scv4_state, air), JS_F_U8, 0, 1, "1 in state 4 (the jump)" },
		{ "prev", offsetof(scv4_state, prev), JS_F_U8, 0, 1,
		  "the jump button on the previous frame ($BE's edge)" },
	},
	.fuzz_fix = scv4_fuzz_fix,
	.invariants = scv4_invariants,
	.inv_names = { [SCV4_INV_SPEED_WRAP] = "speed_wrap", [SCV4_INV_FALL_CAP] = "fall_cap",
		       [SCV4_INV_Y_WRAP] = "y_wrap" },
	.inv_what = {
		[SCV4_INV_SPEED_WRAP] = "gravity never turns Simon's fall into a rise (the 16.16 speed "
					"is one signed 32-bit number)",
		[SCV4_INV_FALL_CAP] = "a move is never faster down than 8.0 px/frame unless the speed "
				      "already was ($A739's cap)",
		[SCV4_INV_Y_WRAP] = "Simon's 16-bit pixel Y does not wrap",
	},
	/* With no buttons (phase 0 goes on to 1 at once): a rise from the most negative speed,
	 * -32768.0 px/frame, or a fall-phase speed that wraps to it, takes 2^31 / $6000 = 87381.3
	 * -> 87382 frames of gravity to reach >= 0 (in phase 5 a rise ends sooner: moving up it
	 * wraps the pixel word past 0, to at or below every floor, and lands); phase 3 then keeps
	 * Simon still 10 frames; phase 5 reaches the cap 8.0 within 22 frames ($80000 / $6000)
	 * and the lowest floor row $0300 from Y 0 within 22 + 96 frames; a start below the floor
	 * lands on its first phase-5 frame.  87382 + 10 + 118 + the landing frame = 87511. */
	.land_bound = 87511,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"
#include "castlevania.h" /* the lane part: cv_acc_frame */

/* The reference on JS_VW lanes at a time, state in registers, two groups side by side.  Y and the
 * speed are int32 16.16; they stay far from overflow (file comment), so int32 adds are the
 * reference's 32-bit adds.  The phase is four masks (hold, rise, top, fall: phases 0, 1, 3, 5);
 * the routine's fall-throughs (0 -> 1 when the hold ends, 3 -> 5 when the count is done, both on
 * the same frame) are masks built from the masks at the start of the frame, and the one gravity
 * add serves phases 1 and 5.  A lane that has landed stays on the ground (its accounting is
 * over), which lets cv_acc_frame do the accounting.  Fuzz starts (js_lane_args.start) take the
 * same frame with the wrapping adds and the full accounting (scv4_lanes_frame's `start`). */
typedef struct scv4_lanes {
	js_vi y, spd, cnt, air, hold, rise, top, fall, prev; /* masks: -1 / 0 */
	js_vi negv0, floor;                                   /* -v0 and the floor, 16.16 */
	js_vacc acc;
} scv4_lanes;

static inline void scv4_lanes_init(scv4_lanes *s, const js_lane_args *args, int l0)
{
	int32_t v0[JS_VW], fl[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		v0[i] = -(args->axis[SCV4_AX_V0][l] << 8);
		fl[i] = (SCV4_Y0 + SCV4_BLOCK * args->axis[SCV4_AX_DROP][l]) << 16;
	}
	s->negv0 = js_vload(v0);
	s->floor = js_vload(fl);
	s->y = js_vsplat(SCV4_Y0 << 16);
	s->spd = s->cnt = s->air = s->hold = s->rise = s->top = s->fall = s->prev = js_vsplat(0);
	if (args->start) { /* a fuzz start: the reference's state; the phase masks only in the air */
		int32_t y[JS_VW], sp[JS_VW], cnt[JS_VW], air[JS_VW], phase[JS_VW], prev[JS_VW];
		for (int i = 0; i < JS_VW; i++) {
			int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
			const scv4_state *st = (const scv4_state *)args->start + l;
			y[i] = (int32_t)st->y;
			sp[i] = (int32_t)st->speed;
			cnt[i] = st->count;
			air[i] = -(st->air != 0);
			phase[i] = st->air ? st->phase : -1;
			prev[i] = -(st->prev != 0);
		}
		s->y = js_vload(y);
		s->spd = js_vload(sp);
		s->cnt = js_vload(cnt);
		s->air = js_vload(air);
		js_vi ph = js_vload(phase);
		s->hold = ph == SCV4_PH_HOLD;
		s->rise = ph == SCV4_PH_RISE;
		s->top = ph == SCV4_PH_TOP;
		s->fall = ph == SCV4_PH_FALL;
		s->prev = js_vload(prev);
	}
	js_vacc_init(&s->acc, args, l0);
}

/* start: a compile-time constant, 1 on the path of fuzz starts (js_lane_args.start): any 32-bit
 * Y and speed, so the adds wrap (done unsigned), the landing compares the pixel word unsigned,
 * the cap only applies where gravity does (a held phase-0 speed may be past 8.0), the height is
 * taken from an unsigned compare (Y may be 2^32 - 1 below the take-off), and the accounting is
 * lane.h's full one. */
static inline void scv4_lanes_frame(scv4_lanes *s, const js_lane_args *args, int l0, int f,
				    const int start)
{
	js_vi a = -js_vbit(args->input[0] + (f >> 5) * JS_BLOCK + l0, f);
	/* the take-off: state 4, phase 0, count 0, speed -v0 (frozen after the landing) */
	js_vi press = ~s->air & a & ~s->prev & ~s->acc.landed;
	js_vi air = s->air | press;
	js_vi hold = s->hold | press;
	js_vi spd = js_vsel(press, s->negv0, s->spd);
	js_vi cnt = s->cnt & ~press;
	/* phase 0: held and count < 4 -> count; else go on to phase 1 */
	js_vi stay0 = hold & a & (cnt < SCV4_HOLD_FRAMES);
	js_vi go1 = hold & ~stay0;
	js_vu fl = (js_vu)(go1 & a) & SCV4_FLAG_HOLD_MAX;
	js_vi rise = s->rise | go1;
	/* phase 3: count < 9 -> count, speed 0; else go on to phase 5 */
	js_vi stay3 = s->top & (cnt < SCV4_TOP_FRAMES);
	js_vi fall = s->fall | (s->top & ~stay3);
	/* $A739 in phases 1 and 5; phase 1 stops at a speed >= 0 */
	js_vi g = start ? (js_vi)((js_vu)spd + ((js_vu)(rise | fall) & SCV4_GRAVITY))
			: spd + ((rise | fall) & (int32_t)SCV4_GRAVITY);
	js_vi stop = rise & (g >= 0);
	js_vi cap = g >= (int32_t)SCV4_CAP;
	if (start)
		cap &= rise | fall;
	fl |= (js_vu)cap & SCV4_FLAG_FALL_CAP;
	g = js_vsel(cap, js_vsplat((int32_t)SCV4_CAP), g) & ~(stop | stay3);
	s->cnt = (cnt - (stay0 | stay3)) & ~stop; /* +1, or 0 on the stop */
	s->hold = stay0;
	s->rise = rise & ~stop;
	s->top = stay3 | stop;
	/* the move and the landing */
	js_vi y, land;
	if (start) {
		y = (js_vi)((js_vu)s->y + (js_vu)(g & air));
		land = fall & (js_vi)((js_vu)y >= (js_vu)s->floor);
	} else {
		y = s->y + g;
		land = fall & (y >= s->floor);
	}
	s->y = js_vsel(land, s->floor, y);
	s->spd = g & ~land;
	s->fall = fall & ~land;
	s->air = air & ~land;
	s->prev = a;
	if (start) {
		/* the height (Y0 - Y) where it is > 0; 0 at Y0; -1 for any Y below */
		js_vu yu = (js_vu)s->y, y0 = (js_vu)js_vsplat(SCV4_Y0 << 16);
		js_vi h = js_vsel((js_vi)(yu < y0), (js_vi)(y0 - yu), (js_vi)(yu > y0));
		js_vacc_frame(&s->acc, f, h, ~s->air, fl);
	} else {
		cv_acc_frame(&s->acc, f, (SCV4_Y0 << 16) - s->y, s->air, land, fl);
	}
}

static void scv4_lanes_from_starts(const js_lane_args *args)
{
	for (int l0 = 0; l0 < JS_BLOCK; l0 += 2 * JS_VW) {
		scv4_lanes g0, g1;
		scv4_lanes_init(&g0, args, l0);
		scv4_lanes_init(&g1, args, l0 + JS_VW);
		for (int f = 0; f < args->n_frames; f++) {
			scv4_lanes_frame(&g0, args, l0, f, 1);
			scv4_lanes_frame(&g1, args, l0 + JS_VW, f, 1);
			if ((f & 7) == 7 && js_vacc_done(&g0.acc, f) && js_vacc_done(&g1.acc, f))
				break;
		}
		js_vacc_store(&g0.acc, args, l0);
		js_vacc_store(&g1.acc, args, l0 + JS_VW);
	}
}

#if JS_VW == 16 && defined(__AVX512BW__)
#include <immintrin.h>

/* AVX-512 (F + BW) from init's states (js_lane_args.start NULL), for blocks whose jumps fit
 * 16-bit words (scv4_fits16; the others take the generic kernel below): scv4_lanes_frame's frame
 * on 16-bit words, 32 lanes to a register, the masks (the phases, air, took off) in mask
 * registers, so a select is one masked move and a phase change one mask operation; the whole
 * block as two groups side by side.  From init's states Y and the speed are multiples of 1/256
 * px (v0 is in 1/256 px/frame, the gravity $6000 is 96/256), so Y - Y0 and the speed are exact in
 * 1/256 px words.  With drop <= 7 the floor is at most 112 px below Y0 and a move before the
 * landing at most 8 px past it (Y - Y0 < 120 px = 30720/256); the rise is at most 4 v0 (phase
 * 0) plus sum(v0 - 96k, k >= 1) <= v0^2 / 192, so 5 v0 + v0^2 / 192 <= 32000 keeps Y - Y0 above
 * -32768.  The speed lies in [-v0, 8.00 = 2048]: it is <= 8.0 everywhere (phase 0 holds -v0 <= 0,
 * the top 0), so the cap is a min on every lane, and on the ground it is 0, so the move needs no
 * mask.  A new press (A & ~prev) is computed for 32 frames at once from the input word;
 * "landed" is "took off and not in the air".  The accounting is cv_acc_frame's
 * (castlevania.h): the rise as the lowest Y (rise = Y0 - min Y, (Y0 - Y) << 8 in 16.16
 * sub-units; init Y0: rise 0, the same "strictly higher" updates).  Flags are kept in vectors,
 * not masks: fall_cap is "the capped speed reached 8.0" (max of the speed after the min ==
 * 8.0); below_start is "the highest Y > Y0" (the landing frame's Y, the floor, is only past Y0
 * with drop >= 1, and then the fall crossed Y0 + 1 .. Y0 + 8 px in the air before it: the floor
 * is 16 px or more below and a move is at most 8 px); hold_max a vector set on its frame. */
#define SCV4_W_GRAVITY ((int)(SCV4_GRAVITY >> 8))
#define SCV4_W_CAP ((int)(SCV4_CAP >> 8))
typedef struct scv4_wlanes {
	__m512i y, spd, cnt, miny, maxy, maxg, hmax, apex, airtime;
	__mmask32 air, took, hold, rise, top, fall;
} scv4_wlanes;

static inline __attribute__((always_inline)) void
scv4_wlanes_frame(scv4_wlanes *z, __mmask32 np, __mmask32 a, __m512i negv0, __m512i floor,
		  __m512i fv, __m512i fv1)
{
	const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi16(1);
	__mmask32 press = _kandn_mask32(z->took, np);
	__mmask32 air = _kor_mask32(z->air, press);
	z->took = _kor_mask32(z->took, press);
	__mmask32 hold = _kor_mask32(z->hold, press);
	__m512i spd = _mm512_mask_mov_epi16(z->spd, press, negv0);
	__m512i cnt = _mm512_mask_mov_epi16(z->cnt, press, zero);
	__mmask32 stay0 = _mm512_mask_cmplt_epi16_mask(_kand_mask32(hold, a), cnt,
						       _mm512_set1_epi16(SCV4_HOLD_FRAMES));
	__mmask32 go1 = _kandn_mask32(stay0, hold);
	z->hmax = _mm512_mask_mov_epi16(z->hmax, _kand_mask32(go1, a), one);
	__mmask32 rise = _kor_mask32(z->rise, go1);
	__mmask32 stay3 = _mm512_mask_cmplt_epi16_mask(z->top, cnt, _mm512_set1_epi16(SCV4_TOP_FRAMES));
	__mmask32 fall = _kor_mask32(z->fall, _kandn_mask32(stay3, z->top));
	__m512i g = _mm512_mask_add_epi16(spd, _kor_mask32(rise, fall), spd,
					  _mm512_set1_epi16(SCV4_W_GRAVITY));
	__mmask32 stop = _mm512_mask_cmpge_epi16_mask(rise, g, zero);
	g = _mm512_min_epi16(g, _mm512_set1_epi16(SCV4_W_CAP));
	z->maxg = _mm512_max_epi16(z->maxg, g);
	g = _mm512_maskz_mov_epi16(_knot_mask32(_kor_mask32(stop, stay3)), g);
	cnt = _mm512_mask_add_epi16(cnt, _kor_mask32(stay0, stay3), cnt, one);
	z->cnt = _mm512_mask_mov_epi16(cnt, stop, zero);
	z->hold = stay0;
	z->rise = _kandn_mask32(stop, rise);
	z->top = _kor_mask32(stay3, stop);
	__m512i y = _mm512_add_epi16(z->y, g);
	__mmask32 land = _mm512_mask_cmpge_epi16_mask(fall, y, floor);
	z->y = y = _mm512_mask_mov_epi16(y, land, floor);
	z->spd = _mm512_mask_mov_epi16(g, land, zero);
	z->fall = _kandn_mask32(land, fall);
	z->air = _kandn_mask32(land, air);
	z->maxy = _mm512_max_epi16(z->maxy, y);
	__mmask32 higher = _mm512_cmplt_epi16_mask(y, z->miny);
	z->miny = _mm512_min_epi16(z->miny, y);
	z->apex = _mm512_mask_mov_epi16(z->apex, higher, fv);
	z->airtime = _mm512_mask_mov_epi16(z->airtime, land, fv1);
}

/* The results of lanes l0..l0+31 (those below n_lanes), vectorised: words widened to int32 (the
 * rise to int64), the flag words (all below bit 16) built from masks, masked stores. */
static inline void scv4_wlanes_store(const scv4_wlanes *z, const js_lane_args *args, int l0)
{
	const int n = args->n_lanes - l0;
	const uint32_t lanes = n >= 32 ? 0xffffffffu : (1u << n) - 1u;
	const __m512i zero = _mm512_setzero_si512();
	__m512i fl = _mm512_maskz_mov_epi16(_mm512_test_epi16_mask(z->hmax, z->hmax),
					    _mm512_set1_epi16((short)SCV4_FLAG_HOLD_MAX));
	fl = _mm512_or_si512(fl, _mm512_maskz_mov_epi16(
					 _mm512_cmpeq_epi16_mask(z->maxg, _mm512_set1_epi16(SCV4_W_CAP)),
					 _mm512_set1_epi16((short)SCV4_FLAG_FALL_CAP)));
	fl = _mm512_or_si512(fl, _mm512_maskz_mov_epi16(_mm512_cmpgt_epi16_mask(z->maxy, zero),
							_mm512_set1_epi16(JS_FLAG_BELOW_START)));
	fl = _mm512_or_si512(fl, _mm512_maskz_mov_epi16(_knot_mask32(z->took),
							_mm512_set1_epi16(JS_FLAG_NO_TAKEOFF)));
	fl = _mm512_or_si512(fl, _mm512_maskz_mov_epi16(z->air, _mm512_set1_epi16(JS_FLAG_NOT_LANDED)));
	const __m512i rise = _mm512_sub_epi16(zero, z->miny); /* Y0 - min Y in 1/256 px, >= 0 */
	for (int h = 0; h < 2; h++) {
		const __mmask16 m = (__mmask16)(lanes >> (16 * h));
		if (!m)
			break;
		const int o = l0 + 16 * h;
#define SCV4_HALF(v) _mm512_cvtepi16_epi32(h ? _mm512_extracti64x4_epi64((v), 1) : _mm512_castsi512_si256(v))
		_mm512_mask_storeu_epi32(args->apex_frame + o, m, SCV4_HALF(z->apex));
		_mm512_mask_storeu_epi32(args->airtime + o, m, SCV4_HALF(z->airtime));
		_mm512_mask_storeu_epi32(args->flags + o, m, _mm512_cvtepu16_epi32(
			h ? _mm512_extracti64x4_epi64(fl, 1) : _mm512_castsi512_si256(fl)));
		const __m512i r = _mm512_slli_epi32(_mm512_cvtepu16_epi32(
			h ? _mm512_extracti64x4_epi64(rise, 1) : _mm512_castsi512_si256(rise)), 8);
#undef SCV4_HALF
		_mm512_mask_storeu_epi64(args->rise + o, (__mmask8)m,
					 _mm512_cvtepu32_epi64(_mm512_castsi512_si256(r)));
		_mm512_mask_storeu_epi64(args->rise + o + 8, (__mmask8)(m >> 8),
					 _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(r, 1)));
	}
}

/* 1 when every lane's jump fits the 16-bit words (see above): drop <= 7 and v0 <= 2040
 * (5 * 2040 + 2040^2 / 192 = 31875 <= 32000). */
#define SCV4_W_V0_MAX 2040
#define SCV4_W_DROP_MAX 7
static inline int scv4_fits16(const js_lane_args *args)
{
	if (args->n_lanes == JS_BLOCK) {
		__mmask16 bad = 0;
		for (int l = 0; l < JS_BLOCK; l += 16)
			bad |= _mm512_cmpgt_epu32_mask(_mm512_loadu_si512(args->axis[SCV4_AX_V0] + l),
						       _mm512_set1_epi32(SCV4_W_V0_MAX)) |
			       _mm512_cmpgt_epu32_mask(_mm512_loadu_si512(args->axis[SCV4_AX_DROP] + l),
						       _mm512_set1_epi32(SCV4_W_DROP_MAX));
		return bad == 0;
	}
	for (int l = 0; l < args->n_lanes; l++)
		if (args->axis[SCV4_AX_DROP][l] > SCV4_W_DROP_MAX ||
		    args->axis[SCV4_AX_V0][l] > SCV4_W_V0_MAX)
			return 0;
	return 1;
}

static inline void scv4_wlanes_init(scv4_wlanes *z, __m512i *negv0, __m512i *floor, __m512i *ljv,
				    const js_lane_args *args, int l0)
{
	*ljv = cv_last_jump32(args, l0);
	if (args->n_lanes == JS_BLOCK) {
		const int32_t *v0 = args->axis[SCV4_AX_V0] + l0, *d = args->axis[SCV4_AX_DROP] + l0;
		__m512i a = _mm512_inserti64x4(
			_mm512_castsi256_si512(_mm512_cvtepi32_epi16(_mm512_loadu_si512(v0))),
			_mm512_cvtepi32_epi16(_mm512_loadu_si512(v0 + 16)), 1);
		__m512i b = _mm512_inserti64x4(
			_mm512_castsi256_si512(_mm512_cvtepi32_epi16(_mm512_loadu_si512(d))),
			_mm512_cvtepi32_epi16(_mm512_loadu_si512(d + 16)), 1);
		*negv0 = _mm512_sub_epi16(_mm512_setzero_si512(), a);
		*floor = _mm512_slli_epi16(b, 12); /* 16 px * 256 */
	} else {
		int16_t v0[32], fl[32];
		for (int i = 0; i < 32; i++) {
			int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
			v0[i] = (int16_t)-args->axis[SCV4_AX_V0][l];
			fl[i] = (int16_t)(SCV4_BLOCK * 256 * args->axis[SCV4_AX_DROP][l]);
		}
		*negv0 = _mm512_loadu_si512(v0);
		*floor = _mm512_loadu_si512(fl);
	}
	z->y = z->miny = z->maxy = z->spd = z->cnt = z->maxg = z->hmax = z->apex = z->airtime =
		_mm512_setzero_si512();
	z->air = z->took = z->hold = z->rise = z->top = z->fall = 0;
}

/* The whole block as two groups of 32 lanes side by side. */
static void scv4_lanes_fast16(const js_lane_args *args)
{
	scv4_wlanes z0, z1;
	__m512i nv0, nv1, fl0, fl1, lj0, lj1;
	scv4_wlanes_init(&z0, &nv0, &fl0, &lj0, args, 0);
	scv4_wlanes_init(&z1, &nv1, &fl1, &lj1, args, 32);
	const __m512i one = _mm512_set1_epi16(1);
	__m512i fv = _mm512_setzero_si512(), fv1 = one;
	__m512i w[4], np[4], last[4];
	for (int k = 0; k < 4; k++)
		w[k] = np[k] = last[k] = fv;
	for (int f = 0; f < args->n_frames; f++) {
		if ((f & 31) == 0) { /* the new presses: A & ~(A one frame before) */
			const uint32_t *row = args->input[0] + (f >> 5) * JS_BLOCK;
			for (int k = 0; k < 4; k++) {
				w[k] = _mm512_loadu_si512(row + 16 * k);
				np[k] = _mm512_andnot_si512(_mm512_or_si512(_mm512_slli_epi32(w[k], 1), last[k]),
							    w[k]);
				last[k] = _mm512_srli_epi32(w[k], 31);
			}
		}
		const __m512i bit = _mm512_set1_epi32((int)(1u << (f & 31)));
		scv4_wlanes_frame(&z0,
				  _mm512_kunpackw(_mm512_test_epi32_mask(np[1], bit),
						  _mm512_test_epi32_mask(np[0], bit)),
				  _mm512_kunpackw(_mm512_test_epi32_mask(w[1], bit),
						  _mm512_test_epi32_mask(w[0], bit)),
				  nv0, fl0, fv, fv1);
		scv4_wlanes_frame(&z1,
				  _mm512_kunpackw(_mm512_test_epi32_mask(np[3], bit),
						  _mm512_test_epi32_mask(np[2], bit)),
				  _mm512_kunpackw(_mm512_test_epi32_mask(w[3], bit),
						  _mm512_test_epi32_mask(w[2], bit)),
				  nv1, fl1, fv, fv1);
		if ((f & 7) == 7 &&
		    _cvtmask32_u32(_kor_mask32(
			    _kor_mask32(z0.air, _kandn_mask32(z0.took, _mm512_cmpgt_epi16_mask(lj0, fv))),
			    _kor_mask32(z1.air, _kandn_mask32(z1.took, _mm512_cmpgt_epi16_mask(lj1, fv))))) == 0)
			break;
		fv = fv1;
		fv1 = _mm512_add_epi16(fv1, one);
	}
	scv4_wlanes_store(&z0, args, 0);
	scv4_wlanes_store(&z1, args, 32);
}
#endif

void JS_LANE_FN(scv4)(const js_lane_args *args)
{
#if JS_VW == 16 && defined(__AVX512BW__)
	if (!args->start) {
		if (scv4_fits16(args)) {
			scv4_lanes_fast16(args);
			return;
		}
	}
#endif
	if (args->start) {
		scv4_lanes_from_starts(args);
		return;
	}
	for (int l0 = 0; l0 < JS_BLOCK; l0 += 2 * JS_VW) {
		scv4_lanes g0, g1;
		scv4_lanes_init(&g0, args, l0);
		scv4_lanes_init(&g1, args, l0 + JS_VW);
		for (int f = 0; f < args->n_frames; f++) {
			scv4_lanes_frame(&g0, args, l0, f, 0);
			scv4_lanes_frame(&g1, args, l0 + JS_VW, f, 0);
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
