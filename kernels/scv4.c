/* kernels/scv4.c - Super Castlevania IV (SNES): Simon's jump, vertical axis.
 *
 * Source: the labelled disassembly bogaa/Super-Castlevania-IV-addons @04487bf, .rom/src/bank_80.asm
 * (addresses $80:xxxx, the seed's $00:xxxx; the seed claim 12 summary below is the same code).
 * bogaa/OtherCastle2's code/tutorialHackTweak.asm (line 8828 on) keeps a commented copy of the
 * phase-0 routine $80:A96B-$80:A982, the same bytes.
 *   - Simon's routine, simonMovementMain $80:A090: in the air (not states 0/7/8/A/C/F) first the
 *     move, $80:A0DA X and $80:A0E6 JSL simonSpeed2PosY ($80:A77E: Y += Y speed, 32-bit 16.16,
 *     $054C/$054E += $055C/$055E), then the collision, then the state routine (state 4 via
 *     $80:A1B8 JMP simonState09 -> $80:A382 -> $80:A3FA): so the speed a frame's phase routine
 *     sets moves Y on the next frame.
 *   - the take-off, standing (state 2, $80:A2AD): LDA $28 (new presses, $80:87A4: ~old & new of
 *     $4218) / BIT $BE (the jump button, default $8000 = B, $80:8103) -> $80:A392
 *     simonState03_initJump: STZ $0564 (count), STZ $1F86 (phase), Y speed := $FFFB.8000
 *     ($80:A398 LDA #$8000 -> $055C, $80:A39E LDA #$FFFB -> $055E): -4.5 px/frame, the only
 *     take-off speed ($80:A392 is the one jump entry: $80:A2C6, $80:A320); Y += $0576 - $1B (0
 *     standing); state 4 ($80:A3F1); on into the state-4 routine the same frame ($80:A3FA:
 *     animation, $80:A792 whip, $80:A8DE air control, JML $80:A94D).  The press frame does
 *     not move by the take-off speed (its move ran before, at speed 0).
 *   - $80:A94D simonJumpStateRoutine, by $1F86 (table $80:A95D):
 *       0 ($80:A96B): LDA $20 (held) / BIT $BE; held: INC $0564, CMP #4, BCC -> RTL; not held,
 *         or the count at 4: $1F86 := 1, RTL ($80:A982): no gravity on the switch frame;
 *       1 ($80:A983): $1F86 := 2, on into 2; 2 ($80:A989): gravity ($80:A9CC -> $80:A739); the
 *         speed's pixel word negative (BMI $80:A990) -> RTL, else speed := 0, $1F86 := 3;
 *       3 ($80:A99F): STZ $0564, speed := 0, $1F86 := 4, on into 4; 4 ($80:A9AE): INC $0564,
 *         CMP #9, BCC -> RTL, else $1F86 := 5, RTL;
 *       5 ($80:A9C0): STZ $0564, $1F86 := 6, on into 6; 6 ($80:A9C9): INC $0564, gravity.
 *   - $80:A739 simonGravity_YSpeed: speed + $0000.$6000 (0.375); a pixel word not negative
 *     and >= 8 ($80:A758 SBC #$0008; OtherCastle2's baseRomTweaks.asm line 207 patches this
 *     operand) is set to $0008.0000 (8.0).
 *   - the landing: in state 4 $80:B4F6 -> $80:B676 simonFloorCollusionWhileAir looks for the
 *     floor only at a speed whose pixel word is not negative (BMI $80:B679 -> no floor); a floor
 *     puts Y on it, fraction 0 ($80:B6E8 STA $054E, STZ $054C); $80:A1D9 zeroes the speed; the
 *     ground state routine runs the same frame, so a new press on the landing frame jumps again
 *     (a relaunch, model.h's landing rule: that frame ends the jump, flag relaunch).
 * So: held, the jump keeps -4.5 px/frame for min(frames held from the press + 1, 4) moves (the
 * count ends phase 0 on the 4th held frame; a release ends it one frame later with no gravity),
 * then rises under +0.375 until the speed is >= 0 (0), stays still 10 frames, and falls under
 * the same gravity capped at 8.0.  Seed claim 12 (Gravity page, "$00:A3FA-$A409 ... $00:A94D-$A9CF
 * ... $00:A739-$A769") summarises the same routines.
 *
 * Units: Y position and Y speed as 16.16 (pixel word : fraction word; the gravity is the 32-bit
 * $0000.$6000), + down.  Sub-units are 1/65536 px.  The axis v0 (1/256 px/frame, the speed :=
 * -v0 * 256 in 16.16) keeps other take-off speeds for comparison; its default 1152 = 4.5 is the
 * game's.  The phase is $1F86's own value 0..6, the count $0564's 16-bit word.
 *
 * The model: Simon stands at Y $0200.0000 on flat ground the frame before frame 0 (frame 0 is the
 * press); axis drop puts the landing floor drop 16 px blocks lower (a jump off a ledge's edge;
 * horizontal movement, ceilings, whipping in the air, crouching, stairs and the mud are not
 * modelled; the floor is the pixel row Y reaches, not the game's tile probe Y + $1B).  Each frame:
 * in the air the move and the landing (Y's pixel word at or past the floor at a speed >= 0), then
 * the take-off on a new press standing, then in the air the phase routine.  With v0 <= 12
 * px/frame the rise is under 240 px and Y stays in $0110..$0308: the 32-bit adds never wrap and
 * heights fit int32 sub-units.  (From init's states.  A fuzz start, model.h's fields, may hold any
 * 32-bit Y and speed: then the adds wrap, which the invariants speed_wrap and y_wrap report, and
 * the lane kernel takes its start path.)
 */
#include "model.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "castlevania.h"

#define SCV4_Y0 0x0200
#define SCV4_BLOCK 16
#define SCV4_GRAVITY 0x6000u    /* $80:A73D: + $0000.$6000 */
#define SCV4_CAP 0x00080000u    /* $80:A758-$80:A766: a fall at or past 8.0 is set to 8.0 */
#define SCV4_HOLD_FRAMES 4      /* $80:A977: phase 0 counts $0564 to 4 */
#define SCV4_TOP_FRAMES 9       /* $80:A9B4: phase 4 counts $0564 to 9 */
#define SCV4_V0_DEFAULT 1152    /* 4.5 px/frame: $80:A398-$80:A3A1, Y speed := $FFFB.8000 */

enum { SCV4_AX_V0, SCV4_AX_DROP };

#define SCV4_FLAG_FALL_CAP (1u << 8) /* the speed was set to 8.0 */
#define SCV4_FLAG_HOLD_MAX (1u << 9) /* phase 0 ended on the count of 4 with the button held */

/* The reference's state (the lane kernel reads it too: js_lane_args.start). */
typedef struct scv4_state {
	uint32_t y;      /* Y position, 16.16 */
	uint32_t speed;  /* Y speed, 16.16 two's complement */
	uint32_t v0;     /* take-off speed magnitude, 16.16 (axis v0 * 256) */
	uint16_t floor;  /* Y's pixel word standing on the landing floor */
	uint16_t count;  /* $0564 (16-bit: phase 6 counts every fall frame) */
	uint8_t phase;   /* $1F86: 0 .. 6 */
	uint8_t air;     /* 1 in state 4 (the jump) */
	uint8_t prev;    /* the jump button on the previous frame */
	uint8_t pad[1];  /* zeroed by init */
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

/* $80:A739 simonGravity_YSpeed: Y speed + $0000.$6000 (32-bit: sub word, then pixel word with
 * the carry); a pixel word not negative (BMI at $80:A74C) and >= 8 ($80:A755 SBC #$0008, BCC)
 * is set to $0008.0000 ($80:A75D-$80:A766) */
static void scv4_gravity(scv4_state *s)
{
	s->speed += SCV4_GRAVITY;
	if ((int32_t)s->speed >= (int32_t)SCV4_CAP) {
		s->speed = SCV4_CAP;
		s->frame_flags |= SCV4_FLAG_FALL_CAP;
	}
}

/* $80:A94D simonJumpStateRoutine: the routine of $1F86 (table $80:A95D); it runs after the
 * frame's move, so what it sets moves Y on the next frame */
static void scv4_phase(scv4_state *s, int held)
{
	switch (s->phase) {
	case 0: /* $80:A96B: LDA $20 / BIT $BE: the jump button held (a level, not a press) */
		if (held) {
			s->count++; /* $80:A971 INC $0564 */
			if (s->count < SCV4_HOLD_FRAMES) /* $80:A977 CMP #4, BCC -> RTL */
				return;
			s->frame_flags |= SCV4_FLAG_HOLD_MAX;
		}
		s->phase = 1; /* $80:A97C-$80:A97F; $80:A982 RTL: no gravity this frame */
		return;
	case 1: /* $80:A983: phase 2, on into it */
		s->phase = 2;
		/* fall through */
	case 2: /* $80:A989: gravity (JSL $80:A9CC -> $80:A739) */
		scv4_gravity(s);
		if ((int32_t)s->speed >= 0) { /* $80:A990 BMI -> RTL; else $80:A992 */
			s->speed = 0;
			s->phase = 3;
		}
		return;
	case 3: /* $80:A99F: count 0, speed 0, phase 4, on into it */
		s->count = 0;
		s->speed = 0;
		s->phase = 4;
		/* fall through */
	case 4: /* $80:A9AE: INC $0564, CMP #9, BCC -> RTL; else phase 5, RTL */
		s->count++;
		if (s->count < SCV4_TOP_FRAMES)
			return;
		s->phase = 5;
		return;
	case 5: /* $80:A9C0: count 0, phase 6, on into it */
		s->count = 0;
		s->phase = 6;
		/* fall through */
	default: /* $80:A9C9: INC $0564, gravity ($80:A9CC) */
		s->count++;
		scv4_gravity(s);
		return;
	}
}

static void scv4_step(void *vs, unsigned input)
{
	scv4_state *s = vs;
	int a = (input & JS_IN_JUMP) != 0;
	int landed = 0;
	s->frame_flags = 0;
	if (s->air) {
		/* $80:A0E6 simonSpeed2PosY: Y += speed, the speed of the frame before */
		s->y += s->speed;
		/* $80:B676: in state 4 the floor is looked for only at a speed whose pixel word is not
		 * negative; a landing puts Y on the floor, fraction 0 ($80:B6E8-$80:B6EB), speed 0
		 * ($80:A1D9) */
		if ((int32_t)s->speed >= 0 && (uint16_t)(s->y >> 16) >= s->floor) {
			s->y = (uint32_t)s->floor << 16;
			s->speed = 0;
			s->air = 0;
			landed = 1;
		}
	}
	/* standing (state 2, $80:A2AD): a new press ($28 & $BE) -> $80:A392 simonState03_initJump:
	 * count 0, phase 0, speed $FFFB.8000 = -4.5 (here -v0), state 4, and on into the state-4
	 * routine ($80:A3FA) the same frame; a press on a landing frame takes off too */
	if (!s->air && a && !s->prev) {
		s->air = 1;
		s->speed = 0u - s->v0;
		s->phase = 0;
		s->count = 0;
		if (landed)
			s->frame_flags |= JS_FLAG_RELAUNCH;
	}
	if (s->air) /* $80:A3FA-$80:A406: ..., JML $80:A94D */
		scv4_phase(s, a);
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

/* $1F86 holds the routine's own values 0..6 (the field's range).  On the ground Simon stands on
 * the take-off floor with speed 0 (the take-off resets the phase and the count). */
static void scv4_fuzz_fix(void *vs)
{
	scv4_state *s = vs;
	s->frame_flags = 0;
	s->pad[0] = 0;
	if (!s->air) {
		s->y = (uint32_t)SCV4_Y0 << 16;
		s->speed = 0;
	}
}

enum { SCV4_INV_SPEED_WRAP, SCV4_INV_FALL_CAP, SCV4_INV_Y_WRAP };

/* The move comes first in a frame ($80:A0E6): it is by the speed before the step, in the air. */
static uint32_t scv4_invariants(const void *vb, const void *va, unsigned input)
{
	const scv4_state *b = vb, *a = va;
	(void)input;
	uint32_t bits = 0;
	if (!b->air)
		return 0;
	/* $80:A739 adds $0000.$6000 to the 32-bit speed: from >= 0 to < 0 is a wrap (a take-off
	 * after a landing sets -v0 instead, never b's speed + $6000) */
	if ((int32_t)b->speed >= 0 && a->air && (int32_t)a->speed < 0 &&
	    a->speed == b->speed + SCV4_GRAVITY)
		bits |= 1u << SCV4_INV_SPEED_WRAP;
	/* the cap: gravity never leaves a speed past 8.0 (a speed already past it is kept only
	 * where no gravity runs: phases 0, 4) */
	if (a->air && (int32_t)a->speed > (int32_t)SCV4_CAP && a->speed != b->speed)
		bits |= 1u << SCV4_INV_FALL_CAP;
	/* Y += speed on the 32-bit 16.16 position: the pixel word must not wrap */
	int64_t y = (int64_t)b->y + (int32_t)b->speed;
	if (y < 0 || y > (int64_t)UINT32_MAX)
		bits |= 1u << SCV4_INV_Y_WRAP;
	return bits;
}

JS_LANE_DECLARE(scv4);

static const char *const scv4_claims[] = { "scv4/jump-phases", NULL };

JS_REFERENCE_RUN(scv4, scv4_state, scv4_step, scv4_observe)

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
	.movie = { .button = { "B" }, .note = "B jumps in the default button setting ($80:8103: $BE := "
		   "$8000, B; $C0 := $4000, Y whips); the options screen can remap it. One .bk2 line per "
		   "NTSC frame, frame 0 the line with B newly down; lag frames are not modelled." },
	.sources = "bogaa/Super-Castlevania-IV-addons @04487bf .rom/src/bank_80.asm (a labelled "
		   "disassembly): simonMovementMain $80:A090 (the move $80:A0E6 before the state "
		   "routine), simonState03_initJump $80:A392 (speed $FFFB.8000), "
		   "simonJumpStateRoutine $80:A94D-$80:A9CF, simonGravity_YSpeed $80:A739-$80:A769, "
		   "simonFloorCollusionWhileAir $80:B676; the same routines as seed claim 12 (Gravity "
		   "page, $00:A3FA, $00:A94D, $00:A739)",
	.notes = "Frame 0 is the press: its move ran before the take-off (speed 0), so Y first moves "
		 "on frame 1. Each frame in the air: Y += speed, the landing (a speed >= 0 with Y at or "
		 "past the floor: Y := floor, fraction 0), then the phase routine $1F86 (0..6), whose "
		 "speed moves Y on the next frame. Take-off $FFFB.8000 = -4.5 px/frame (axis v0, "
		 "default 1152; other values only compare). Phase 0: held, count $0564 + 1, kept while "
		 "< 4; released or at 4: phase 1, no gravity that frame (so min(frames held + 1, 4) "
		 "moves at -4.5: a tap 2, held 3 or more 4). Phases 1-2: +0.375 px/frame^2 until the "
		 "speed is >= 0, set to 0; phases 3-4: still (count to 9: 10 frames at speed 0); "
		 "phases 5-6: gravity, a speed at or past 8.0 set to 8.0. A press on the landing frame "
		 "jumps again (flag relaunch: that frame ends the jump). drop: landing floor drop 16-px "
		 "blocks lower (a jump off a ledge edge; horizontal movement, ceilings and tiles not "
		 "modelled).",
	.claims = scv4_claims,
	.n_axes = 2,
	.axes = {
		{ .name = "v0", .unit = "1/256 px/frame", .long_name = "take-off speed (the game's: "
		  "1152 = 4.5 px/frame, $80:A39E; the grid's others compare)", .min = 0, .max = 3072,
		  .def_lo = SCV4_V0_DEFAULT, .def_hi = SCV4_V0_DEFAULT + 511 },
		{ .name = "drop", .unit = "16 px blocks", .long_name = "landing floor below the "
		  "take-off floor", .min = 0, .max = 16, .def_lo = 0, .def_hi = 0 },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 64,
	.default_hold = 5,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start", [3] = "relaunch",
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
	.run_ref = scv4_run_ref,
	.trace_header = "y,y_frac,speed,speed_frac,speed_sub,phase,count,state",
	.trace_units = "px (+ down),1/65536 px,px/frame (+ down),1/65536 px/frame,1/65536 px/frame (+ down),code,frames,0/1",
	.trace_row = scv4_trace_row,
	.lane = JS_LANE_TABLE(scv4),
	.n_fields = 6,
	.fields = {
		{ "y", offsetof(scv4_state, y), JS_F_U32, 0, UINT32_MAX,
		  "Y position, 16.16 (pixel word : fraction word, + down)" },
		{ "speed", offsetof(scv4_state, speed), JS_F_S32, INT32_MIN, INT32_MAX,
		  "Y speed, 16.16 two's complement ($80:A739 adds to it as one 32-bit number)" },
		{ "phase", offsetof(scv4_state, phase), JS_F_U8, 0, 6,
		  "$1F86: 0 hold, 1-2 rise, 3-4 top, 5-6 fall ($80:A95D's table)" },
		{ "count", offsetof(scv4_state, count), JS_F_U16, 0, UINT16_MAX,
		  "$0564: counted to 4 (phase 0), 9 (phases 3-4), and every fall frame (phase 6)" },
		{ "air", offsetof(scv4_state, air), JS_F_U8, 0, 1, "1 in state 4 (the jump)" },
		{ "prev", offsetof(scv4_state, prev), JS_F_U8, 0, 1,
		  "the jump button on the previous frame ($28 = ~old & new, $80:87A4)" },
	},
	.fuzz_fix = scv4_fuzz_fix,
	.invariants = scv4_invariants,
	.inv_names = { [SCV4_INV_SPEED_WRAP] = "speed_wrap", [SCV4_INV_FALL_CAP] = "fall_cap",
		       [SCV4_INV_Y_WRAP] = "y_wrap" },
	.inv_what = {
		[SCV4_INV_SPEED_WRAP] = "gravity never turns Simon's fall into a rise (the 16.16 speed "
					"is one signed 32-bit number)",
		[SCV4_INV_FALL_CAP] = "gravity never leaves the speed past 8.0 px/frame down "
				      "($80:A739's cap)",
		[SCV4_INV_Y_WRAP] = "Simon's 16-bit pixel Y does not wrap",
	},
	/* With no buttons the slowest start is phase 0 at the most negative speed, -32768.0
	 * px/frame: frame 0 ends phase 0 (no gravity), frames 1 .. 87382 add gravity (2^31 / $6000
	 * = 87381.3 -> 87382 adds) until the speed is >= 0 and phase 3 starts, frames 87383 ..
	 * 87392 stay still (count 1 .. 9, then phase 5-6's first gravity), and from pixel 0 (a
	 * start that ends the rise at or below its floor lands on the first frame at a speed >= 0)
	 * the fall to the lowest floor $0300 takes 21 moves (0.375 k, 86.625 px) and 86 at the cap
	 * 8.0: frames 87393 .. 87499.  A phase-4 start (10 frames from count $FFFF) or a phase-6
	 * speed that wraps to -32768.0 lands a frame or more sooner.  87499 + 1 = 87500. */
	.land_bound = 87500,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"
#include "castlevania.h" /* the lane part: cv_acc_frame */

/* The reference on JS_VW lanes at a time, state in registers, two groups side by side.  Y and the
 * speed are int32 16.16; they stay far from overflow (file comment), so int32 adds are the
 * reference's 32-bit adds.  The phase is five masks (hold 0, rise 1-2, top3 3, top4 4, fall 5-6:
 * 1 and 2 both add gravity, 5 and 6 differ only in the count, which no later phase reads); each
 * frame's routine is built from the masks at its start (the fall-throughs 1 -> 2, 3 -> 4, 5 -> 6
 * within one frame; the phase switches that end the frame, 0 -> 1, 2 -> 3, 4 -> 5, act on the
 * next).  A lane that has landed stays on the ground (its accounting is over), a press on its
 * landing frame (a relaunch) is its landing too (model.h), which lets cv_acc_frame do the
 * accounting.  Fuzz starts (js_lane_args.start) take the same frame with the wrapping adds and
 * the full accounting (scv4_lanes_frame's `start`). */
typedef struct scv4_lanes {
	js_vi y, spd, cnt, air, hold, rise, top3, top4, fall, prev; /* masks: -1 / 0 */
	js_vi negv0, floor;                                         /* -v0 and the floor, 16.16 */
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
	s->spd = s->cnt = s->air = s->hold = s->rise = s->top3 = s->top4 = s->fall = s->prev =
		js_vsplat(0);
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
		s->hold = ph == 0;
		s->rise = (ph == 1) | (ph == 2);
		s->top3 = ph == 3;
		s->top4 = ph == 4;
		s->fall = ph >= 5;
		s->prev = js_vload(prev);
	}
	js_vacc_init(&s->acc, args, l0);
}

/* start: a compile-time constant, 1 on the path of fuzz starts (js_lane_args.start): any 32-bit
 * Y and speed, so the adds wrap (done unsigned), the landing compares the pixel word unsigned,
 * the height is taken from an unsigned compare (Y may be 2^32 - 1 below the take-off), and the
 * accounting is lane.h's full one.  The count is the reference's 16-bit word. */
static inline void scv4_lanes_frame(scv4_lanes *s, const js_lane_args *args, int l0, int f,
				    const int start)
{
	js_vi a = -js_vbit(args->input[0] + (f >> 5) * JS_BLOCK + l0, f);
	/* $80:A0E6: the move by the speed of the frame before; $80:B676: the floor only at a speed
	 * >= 0; the landing: Y := the floor, speed 0, every phase mask cleared */
	js_vi y, land;
	if (start) {
		y = (js_vi)((js_vu)s->y + (js_vu)(s->spd & s->air));
		land = s->air & (s->spd >= 0) & (js_vi)((js_vu)y >= (js_vu)s->floor);
	} else {
		y = s->y + (s->spd & s->air);
		land = s->air & (s->spd >= 0) & (y >= s->floor);
	}
	y = js_vsel(land, s->floor, y);
	js_vi spd = s->spd & ~land;
	js_vi air0 = s->air, air = air0 & ~land;
	js_vi hold = s->hold & ~land, rise = s->rise & ~land, top3 = s->top3 & ~land,
	      top4 = s->top4 & ~land, fall = s->fall & ~land;
	/* $80:A392: a new press standing: phase 0, count 0, speed -v0; a press on the landing frame
	 * is a relaunch, the lane's landing (no take-off: ~air0); frozen after the landing */
	js_vi newa = a & ~s->prev;
	js_vi relaunch = land & newa;
	js_vi press = ~air0 & newa & ~s->acc.landed;
	air |= press;
	hold |= press;
	spd = js_vsel(press, s->negv0, spd);
	js_vi cnt = s->cnt & ~press;
	js_vu fl = (js_vu)relaunch & JS_FLAG_RELAUNCH;
	/* phase 0 ($80:A96B): held -> count + 1, kept while < 4; else (or at 4) phase 1 */
	js_vi held0 = hold & a;
	cnt = (cnt - held0) & 0xffff;
	js_vi stay0 = held0 & (cnt < SCV4_HOLD_FRAMES);
	fl |= (js_vu)(held0 & ~stay0) & SCV4_FLAG_HOLD_MAX;
	/* phase 3 ($80:A99F): count 0, speed 0, on into 4; phase 4 ($80:A9AE): count + 1, kept
	 * while < 9, else phase 5 */
	cnt &= ~top3;
	spd &= ~top3;
	js_vi t4 = top4 | top3;
	cnt = (cnt - t4) & 0xffff;
	js_vi stay4 = t4 & (cnt < SCV4_TOP_FRAMES);
	/* gravity ($80:A739) in phases 1-2 and 5-6 (their count is not kept: nothing reads it) */
	js_vi grav = rise | fall;
	js_vi g = start ? (js_vi)((js_vu)spd + ((js_vu)grav & SCV4_GRAVITY))
			: spd + (grav & (int32_t)SCV4_GRAVITY);
	js_vi cap = grav & (g >= (int32_t)SCV4_CAP);
	fl |= (js_vu)cap & SCV4_FLAG_FALL_CAP;
	g = js_vsel(cap, js_vsplat((int32_t)SCV4_CAP), g);
	/* $80:A990: phase 2 stops at a speed >= 0: speed 0, phase 3 */
	js_vi stop = rise & (g >= 0);
	s->spd = g & ~stop;
	s->cnt = cnt;
	s->hold = stay0;
	s->rise = (rise & ~stop) | (hold & ~stay0);
	s->top3 = stop;
	s->top4 = stay4;
	s->fall = fall | (t4 & ~stay4);
	s->y = y;
	s->air = air;
	s->prev = a;
	if (start) {
		/* the height (Y0 - Y) where it is > 0; 0 at Y0; -1 for any Y below */
		js_vu yu = (js_vu)y, y0 = (js_vu)js_vsplat(SCV4_Y0 << 16);
		js_vi h = js_vsel((js_vi)(yu < y0), (js_vi)(y0 - yu), (js_vi)(yu > y0));
		js_vacc_frame(&s->acc, f, h, ~(air | relaunch), fl);
	} else {
		cv_acc_frame(&s->acc, f, (SCV4_Y0 << 16) - y, air, land, fl);
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

#if (JS_VW == 16 && defined(__AVX512BW__)) || defined(JS_LANE_H16)
/* The 16-bit paths' v0 and drop for all JS_BLOCK slots: the block's own arrays, or (a block of
 * fewer lanes) copies in c0 / c1 with the slots past n_lanes as copies of the last lane. */
static inline void scv4_block_axes(const js_lane_args *args, int32_t *c0, int32_t *c1,
				   const int32_t **v0, const int32_t **drop)
{
	*v0 = args->axis[SCV4_AX_V0];
	*drop = args->axis[SCV4_AX_DROP];
	if (args->n_lanes < JS_BLOCK) {
		for (int l = 0; l < JS_BLOCK; l++) {
			int s = l < args->n_lanes ? l : args->n_lanes - 1;
			c0[l] = (*v0)[s];
			c1[l] = (*drop)[s];
		}
		*v0 = c0;
		*drop = c1;
	}
}
#endif

#if JS_VW == 16 && defined(__AVX512BW__)
#include <immintrin.h>

/* AVX-512 (F + BW) from init's states (js_lane_args.start NULL), for blocks whose jumps fit
 * 16-bit words (scv4_fits16; the others take the generic kernel below), 32 lanes to a register,
 * the whole block as two groups side by side.
 *
 * From init's state a lane's jump is fixed by its take-off frame t0 (its first new press: Simon
 * stands still until then), k, its moves at -v0, and v0.  Phase 0 counts the press frame and
 * each held frame after it and ends on a release or on the count of 4, and its switch frame adds
 * no gravity, so frames t0 + 1 .. t0 + k move at -v0 with k = 1 + the frames held right after
 * the press, at most 3 (a tap 2; hold_max: frames t0 + 1 .. t0 + 3 all held).  Then phase 2's
 * gravity runs j = max(1, ceil(v0 / 96)) times ($80:A990 sets the first speed >= 0 to 0), phases
 * 3-4 hold the speed at 0 for 9 more frames (count 1..9) and phase 5-6's gravity starts on the
 * 10th.  With u_stop = k - 1 + j, the speed that moves Y on frame t0 + 1 + u (u >= 0), in 1/256
 * px (+ down; the gravity $6000 is 96, the cap $0008.0000 2048), is
 *     - max(v0 - 96 max(u + 1 - k, 0), 0)  +  min(96 max(u - u_stop - 9, 0), 2048),
 * the rise (phases 0-2, 0 from u_stop on) plus the fall (phases 5-6, 0 before).  scv4_zpress
 * finds t0, k and hold_max from each lane's input words before its frames; each frame makes the
 * two ramps from 96 f with unsigned saturating subtractions (96 f - 96 (t0 + k), 96 f -
 * 96 (t0 + 1 + u_stop + 9), 0 below), moves Y on frames f > t0 and puts it on its floor where
 * it reaches it: Y <= floor before a move, so Y + speed >= floor implies a speed >= 0, and
 * min(Y + speed, floor) is the move and $80:B676's landing (Y := the floor, $80:B6E8); a lane on
 * its floor stays there (every later speed is >= 0).
 *
 * Ranges, from init's states: Y - Y0 and the speed are multiples of 1/256 px (v0 is in 1/256
 * px/frame), so they are exact in 1/256 px words.  With drop <= 7 the floor is at most 112 px
 * (28672) below Y0 and Y never passes it; the rise is at most 4 v0 (phase 0) plus sum(v0 - 96i,
 * i >= 1) <= v0^2 / 192, so 5 v0 + v0^2 / 192 <= 32000 (v0 <= 2040) keeps Y - Y0 above -32768,
 * and a move adds at most 2048 to a Y at most the floor.  The ramps are unsigned words: 96 f <=
 * 96 (n_frames - 1) and 96 (t0 + 1 + u_stop + 9) <= 96 (n_frames - 1 + 35) (k <= 4, j <= 22),
 * below 65536 for n_frames <= 640.
 *
 * The accounting is cv_acc_frame's (castlevania.h), from the frame loop's count of frames
 * after t0 with Y above the floor (the landing frame L = t0 + 1 + the count, landed when L is a
 * frame run) and its last Y: airtime L + 1; every move up to u_stop is negative (v0 > 0) and so
 * a new high, none after, so the lowest Y is the apex's, Y0 - (u_stop v0 - 48 j (j - 1)) (k
 * moves at -v0, then -(v0 - 96 i) for i = 1 .. j - 1), where frame t0 + u_stop was run, else
 * the last Y; rise Y0 - the lowest Y; apex t0 + u_stop (or n_frames - 1 if that is later), 0
 * where Y never rose (v0 = 0, or no move before n_frames).  The flags at the store:
 * below_start where the last Y is past Y0 (a landed lane's is its floor: 16 px or more past Y0
 * with drop >= 1, and the fall moved at most 8 px a frame, so an airborne frame was past Y0
 * before it; a lane still in the air is past Y0 now or never was); hold_max where frames
 * t0 + 1 .. t0 + 3 are held, t0 + 3 is a frame and the lane has not landed by then (v0 = 0 at
 * drop 0 lands on t0 + 1); fall_cap where the phase-6 gravity of frame t0 + u_stop + 31 (the
 * 22nd: 96 * 22 >= 2048 > 96 * 21) ran, an airborne frame before the landing and n_frames;
 * relaunch where the landing frame has a new press (the reference's take-off on that frame). */
#define SCV4_W_GRAVITY ((int)(SCV4_GRAVITY >> 8))
#define SCV4_W_CAP ((int)(SCV4_CAP >> 8))
#define SCV4_W_V0_MAX 2040
#define SCV4_W_DROP_MAX 7
#define SCV4_W_FRAMES_MAX 640

/* Lanes l0..l0 + 15 (32-bit): t0 (-1: no new press before n_frames), k, u_stop = k - 1 + j,
 * and the lanes with frames t0 + 1 .. t0 + 3 held. */
typedef struct scv4_zjump {
	__m512i t0, k, ustop;
	__mmask16 h3;
} scv4_zjump;

/* log2 of a power of two per lane (from its float's exponent; exact: a power of two converts
 * exactly) */
static inline __m512i scv4_zlog2(__m512i p)
{
	return _mm512_sub_epi32(_mm512_srli_epi32(_mm512_castps_si512(_mm512_cvtepu32_ps(p)), 23),
				_mm512_set1_epi32(127));
}

/* The new presses of a word: A & ~(A one frame before), prev_top the word before's frame 31
 * (0 before frame 0: init's prev is 0). */
static inline __m512i scv4_znew(__m512i x, __m512i prev_top)
{
	return _mm512_andnot_si512(_mm512_or_si512(_mm512_slli_epi32(x, 1), prev_top), x);
}

static inline scv4_zjump scv4_zpress(const js_lane_args *args, const int32_t *v0, int l0)
{
	const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi32(1);
	const int n = args->n_frames, words = (n + 31) >> 5;
	const uint32_t *in = args->input[0] + l0;
	__m512i x = _mm512_loadu_si512(in), top = zero;
	__m512i t0 = _mm512_set1_epi32(-1), k = _mm512_set1_epi32(2);
	__mmask16 found = 0, h3 = 0;
	for (int w = 0; w < words && found != 0xffff; w++) {
		const __m512i xn = w + 1 < words ? _mm512_loadu_si512(in + (w + 1) * JS_BLOCK) : zero;
		const __m512i np = scv4_znew(x, top);
		const __mmask16 first = _mm512_mask_test_epi32_mask((__mmask16)~found, np, np);
		if (first) {
			/* the lowest new press p = 1 << (t0 - 32 w); frames t0 + 1, 2, 3 are bit t0 of
			 * the word pair shifted down by 1, 2, 3 */
			const __m512i p = _mm512_and_si512(np, _mm512_sub_epi32(zero, np));
			t0 = _mm512_mask_add_epi32(t0, first, scv4_zlog2(p), _mm512_set1_epi32(32 * w));
			const __m512i r1 = _mm512_or_si512(_mm512_srli_epi32(x, 1), _mm512_slli_epi32(xn, 31));
			const __m512i r2 = _mm512_or_si512(_mm512_srli_epi32(x, 2), _mm512_slli_epi32(xn, 30));
			const __m512i r3 = _mm512_or_si512(_mm512_srli_epi32(x, 3), _mm512_slli_epi32(xn, 29));
			const __mmask16 h1 = _mm512_mask_test_epi32_mask(first, p, r1);
			const __mmask16 h2 = _mm512_mask_test_epi32_mask(h1, p, r2);
			h3 |= _mm512_mask_test_epi32_mask(h2, p, r3);
			k = _mm512_mask_add_epi32(k, h1, k, one);
			k = _mm512_mask_add_epi32(k, h2, k, one);
			found |= first;
		}
		top = _mm512_srli_epi32(x, 31);
		x = xn;
	}
	/* a press in the last word's bits past n_frames is none */
	const __mmask16 late = _mm512_cmpge_epi32_mask(t0, _mm512_set1_epi32(n));
	/* j = max(1, ceil(v0 / 96)): (v0 + 95) * 43691 >> 22 is floor((v0 + 95) / 96) for v0 + 95 <
	 * 2^17 (43691 = (2^22 + 32) / 96: the error (v0 + 95) * 32 / 2^22 stays under 1/96) */
	__m512i j = _mm512_srli_epi32(_mm512_mullo_epi32(_mm512_add_epi32(_mm512_loadu_si512(v0 + l0),
									  _mm512_set1_epi32(95)),
							 _mm512_set1_epi32(43691)), 22);
	j = _mm512_max_epi32(j, one);
	scv4_zjump z = {
		.t0 = _mm512_mask_mov_epi32(t0, late, _mm512_set1_epi32(-1)),
		.k = k,
		.ustop = _mm512_add_epi32(_mm512_sub_epi32(k, one), j),
		.h3 = (__mmask16)(h3 & ~late),
	};
	return z;
}

/* A group's per-lane words: 96 t0, the rise ramp's start 96 (t0 + k), the fall ramp's 96 (t0 +
 * 1 + u_stop + 9), v0 and the floor (1/256 px below Y0).  A lane with no press gets v0 0, floor
 * 0 and a fall that never starts: Y stays at 0 = its floor (it counts as done from frame 1). */
typedef struct scv4_zgroup {
	__m512i t0, a, b, v0, floor;
} scv4_zgroup;

static inline void scv4_zgroup_init(scv4_zgroup *g, const scv4_zjump *q, const int32_t *v0,
				    const int32_t *drop, int l0)
{
	__m512i t[2], a[2], b[2], v[2], fl[2];
	const __m512i c96 = _mm512_set1_epi32(SCV4_W_GRAVITY);
	for (int h = 0; h < 2; h++) {
		const scv4_zjump *z = &q[h];
		const __mmask16 none = _mm512_cmplt_epi32_mask(z->t0, _mm512_setzero_si512());
		t[h] = _mm512_maskz_mullo_epi32((__mmask16)~none, z->t0, c96);
		a[h] = _mm512_mullo_epi32(_mm512_add_epi32(z->t0, z->k), c96);
		const __m512i fall = _mm512_add_epi32(z->t0, _mm512_add_epi32(z->ustop, _mm512_set1_epi32(10)));
		b[h] = _mm512_mask_mov_epi32(_mm512_mullo_epi32(fall, c96), none, _mm512_set1_epi32(0xffff));
		v[h] = _mm512_maskz_loadu_epi32((__mmask16)~none, v0 + l0 + 16 * h);
		fl[h] = _mm512_maskz_mov_epi32((__mmask16)~none,
					       _mm512_slli_epi32(_mm512_loadu_si512(drop + l0 + 16 * h), 12));
	}
	g->t0 = js_zwords(t[0], t[1]);
	g->a = js_zwords(a[0], a[1]);
	g->b = js_zwords(b[0], b[1]);
	g->v0 = js_zwords(v[0], v[1]);
	g->floor = js_zwords(fl[0], fl[1]);
}

/* One frame of a group: fr = 96 f.  air: the lanes past their take-off frame (f > t0, and every
 * lane with no press from frame 1), whose speed is the ramps' (0 before: the rise ramp masked,
 * the fall's not started); in: those of them still above their floor. */
static inline __attribute__((always_inline)) void
scv4_zframe(const scv4_zgroup *g, __m512i fr, __m512i *y, __m512i *cnt, __mmask32 *air,
	    __mmask32 *in)
{
	const __mmask32 a = _mm512_cmpgt_epu16_mask(fr, g->t0);
	const __m512i rise = _mm512_maskz_subs_epu16(a, g->v0, _mm512_subs_epu16(fr, g->a));
	const __m512i fall = _mm512_min_epu16(_mm512_subs_epu16(fr, g->b), _mm512_set1_epi16(SCV4_W_CAP));
	const __m512i yy = _mm512_min_epi16(_mm512_add_epi16(*y, _mm512_sub_epi16(fall, rise)), g->floor);
	const __mmask32 i = _mm512_mask_cmplt_epi16_mask(a, yy, g->floor);
	*cnt = _mm512_mask_sub_epi16(*cnt, i, *cnt, _mm512_set1_epi16(-1));
	*y = yy;
	*air = a;
	*in = i;
}

/* The results of lanes l0..l0 + 15 (those below n_lanes): cnt, lowest and y are their words
 * widened, ran the frames run. */
static inline void scv4_zstore(const js_lane_args *args, const scv4_zjump *z, const int32_t *v0,
			       __m512i cnt, __m512i y, int ran, int l0)
{
	const int nl = args->n_lanes - l0, n = args->n_frames, words = (n + 31) >> 5;
	const __mmask16 lanes = nl >= 16 ? 0xffff : (__mmask16)((1u << nl) - 1u);
	const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi32(1);
	const __mmask16 took = _mm512_cmpge_epi32_mask(z->t0, zero);
	/* the lowest Y (see above): the apex's where frame t0 + u_stop was run, else the last Y
	 * (still rising; 0 without a move) */
	const __m512i jm1 = _mm512_sub_epi32(z->ustop, z->k); /* j - 1 */
	const __m512i apex_y = _mm512_sub_epi32(
		_mm512_mullo_epi32(_mm512_mullo_epi32(jm1, _mm512_add_epi32(jm1, one)), _mm512_set1_epi32(48)),
		_mm512_mullo_epi32(z->ustop, _mm512_loadu_si512(v0 + l0)));
	const __mmask16 topped = _mm512_mask_cmplt_epi32_mask(
		took, _mm512_add_epi32(z->t0, z->ustop), _mm512_set1_epi32(ran));
	const __m512i lowest = _mm512_mask_mov_epi32(_mm512_min_epi32(y, zero), topped, apex_y);
	const __m512i land = _mm512_add_epi32(_mm512_add_epi32(z->t0, one), cnt); /* L */
	const __mmask16 landed = _mm512_mask_cmplt_epi32_mask(took, land, _mm512_set1_epi32(ran));
	/* relaunch: a new press on the landing frame (its word and bit per lane) */
	__mmask16 rel = 0;
	const __m512i lw = _mm512_srli_epi32(land, 5);
	const __m512i lbit = _mm512_sllv_epi32(one, _mm512_and_si512(land, _mm512_set1_epi32(31)));
	const uint32_t *in = args->input[0] + l0;
	for (int w = 0; w < words; w++) {
		const __mmask16 m = _mm512_mask_cmpeq_epi32_mask(landed, lw, _mm512_set1_epi32(w));
		if (!m)
			continue;
		const __m512i top = w ? _mm512_srli_epi32(_mm512_loadu_si512(in + (w - 1) * JS_BLOCK), 31) : zero;
		rel |= _mm512_mask_test_epi32_mask(m, scv4_znew(_mm512_loadu_si512(in + w * JS_BLOCK), top), lbit);
	}
	const __m512i last = _mm512_set1_epi32(n - 1);
	/* the frames the flags need: the phase routine's last frame (the landing's before it, or
	 * n_frames - 1), the fall_cap gravity's, and hold_max's t0 + 3 */
	const __m512i end = _mm512_mask_mov_epi32(_mm512_set1_epi32(n), landed, land);
	const __m512i t3 = _mm512_add_epi32(z->t0, _mm512_set1_epi32(3));
	const __mmask16 hold = _mm512_mask_cmplt_epi32_mask(z->h3, t3, end);
	const __mmask16 cap = _mm512_mask_cmplt_epi32_mask(
		took, _mm512_add_epi32(_mm512_add_epi32(z->t0, z->ustop), _mm512_set1_epi32(31)), end);
	const __mmask16 below = _mm512_cmpgt_epi32_mask(y, zero);
	const __mmask16 rose = _mm512_cmplt_epi32_mask(lowest, zero);
	__m512i fl = _mm512_maskz_mov_epi32((__mmask16)~took, _mm512_set1_epi32(JS_FLAG_NO_TAKEOFF));
	fl = _mm512_mask_or_epi32(fl, (__mmask16)(took & ~landed), fl, _mm512_set1_epi32(JS_FLAG_NOT_LANDED));
	fl = _mm512_mask_or_epi32(fl, below, fl, _mm512_set1_epi32(JS_FLAG_BELOW_START));
	fl = _mm512_mask_or_epi32(fl, rel, fl, _mm512_set1_epi32(JS_FLAG_RELAUNCH));
	fl = _mm512_mask_or_epi32(fl, hold, fl, _mm512_set1_epi32((int)SCV4_FLAG_HOLD_MAX));
	fl = _mm512_mask_or_epi32(fl, cap, fl, _mm512_set1_epi32((int)SCV4_FLAG_FALL_CAP));
	_mm512_mask_storeu_epi32(args->flags + l0, lanes, fl);
	_mm512_mask_storeu_epi32(args->airtime + l0, lanes,
				 _mm512_maskz_add_epi32(landed, land, one));
	_mm512_mask_storeu_epi32(args->apex_frame + l0, lanes,
				 _mm512_maskz_min_epi32(rose, _mm512_add_epi32(z->t0, z->ustop), last));
	const __m512i rise = _mm512_slli_epi32(_mm512_sub_epi32(zero, lowest), 8); /* Y0 - min Y, >= 0 */
	_mm512_mask_storeu_epi64(args->rise + l0, (__mmask8)lanes,
				 _mm512_cvtepu32_epi64(_mm512_castsi512_si256(rise)));
	_mm512_mask_storeu_epi64(args->rise + l0 + 8, (__mmask8)(lanes >> 8),
				 _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(rise, 1)));
}

/* 1 when every lane's jump fits the 16-bit words (see above). */
static inline int scv4_fits16(const js_lane_args *args)
{
	if (args->n_frames > SCV4_W_FRAMES_MAX)
		return 0;
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

static inline __m512i scv4_zhalf(__m512i v, int h)
{
	return _mm512_cvtepi16_epi32(h ? _mm512_extracti64x4_epi64(v, 1) : _mm512_castsi512_si256(v));
}

/* The whole block as two groups of 32 lanes side by side; a check every 4 frames stops once
 * every lane has landed or has no press. */
static void scv4_lanes_fast16(const js_lane_args *args)
{
	int32_t v0c[JS_BLOCK], dropc[JS_BLOCK];
	const int32_t *v0, *drop;
	scv4_block_axes(args, v0c, dropc, &v0, &drop);
	scv4_zjump q[4];
	for (int i = 0; i < 4; i++)
		q[i] = scv4_zpress(args, v0, 16 * i);
	scv4_zgroup g0, g1;
	scv4_zgroup_init(&g0, q, v0, drop, 0);
	scv4_zgroup_init(&g1, q + 2, v0, drop, 32);
	const __m512i zero = _mm512_setzero_si512(), step = _mm512_set1_epi16(SCV4_W_GRAVITY);
	__m512i y0 = zero, y1 = zero, c0 = zero, c1 = zero, fr = zero;
	__mmask32 a0, i0, a1, i1;
	const int n = args->n_frames;
	int f = 0;
	/* four frames, then the check */
	for (; f + 4 <= n; f += 4) {
		for (int u = 0; u < 4; u++) {
			scv4_zframe(&g0, fr, &y0, &c0, &a0, &i0);
			scv4_zframe(&g1, fr, &y1, &c1, &a1, &i1);
			fr = _mm512_add_epi16(fr, step);
		}
		if ((i0 | ~a0 | i1 | ~a1) == 0) {
			f += 4;
			goto done;
		}
	}
	for (; f < n; f++) {
		scv4_zframe(&g0, fr, &y0, &c0, &a0, &i0);
		scv4_zframe(&g1, fr, &y1, &c1, &a1, &i1);
		fr = _mm512_add_epi16(fr, step);
	}
done:
	for (int i = 0; i < 4; i++) {
		const int h = i & 1;
		scv4_zstore(args, &q[i], v0, scv4_zhalf(i < 2 ? c0 : c1, h), scv4_zhalf(i < 2 ? y0 : y1, h),
			    f, 16 * i);
	}
}
#endif

#if defined(JS_LANE_H16)
/* The AVX2 twin of the AVX-512 words above: the same jump, ramps, ranges and block condition
 * (scv4_fits16), 16 lanes per ymm (lane.h's js_hi, in js_hlane order; masks as -1 / 0 words),
 * each lane's t0, k and hold_max found from its input words 8 lanes at a time, the block as four
 * groups, two side by side.  With no unsigned word compare, a lane is past its take-off where
 * f > t0 (signed frame words, t0 -1 with no press), and the frame count is of the frames run
 * with Y above the floor from frame 0 on: a lane stands at Y0 until its take-off, above its
 * floor where drop >= 1, so the store takes those t0 + 1 frames off. */
#define SCV4_W_GRAVITY ((int)(SCV4_GRAVITY >> 8))
#define SCV4_W_CAP ((int)(SCV4_CAP >> 8))
#define SCV4_W_V0_MAX 2040
#define SCV4_W_DROP_MAX 7
#define SCV4_W_FRAMES_MAX 640

static inline int scv4_fits16(const js_lane_args *args)
{
	int bad = args->n_frames > SCV4_W_FRAMES_MAX;
	for (int l = 0; l < args->n_lanes; l++)
		bad |= (args->axis[SCV4_AX_DROP][l] > SCV4_W_DROP_MAX) |
		       (args->axis[SCV4_AX_V0][l] > SCV4_W_V0_MAX);
	return !bad;
}

/* Lanes l0..l0 + 7 (32-bit): t0 (-1: no new press before n_frames), k, u_stop = k - 1 + j, and
 * hold_max's held frames (-1 / 0). */
typedef struct scv4_yjump {
	__m256i t0, k, ustop, h3;
} scv4_yjump;

static inline __m256i scv4_ynew(__m256i x, __m256i prev_top)
{
	return _mm256_andnot_si256(_mm256_or_si256(_mm256_slli_epi32(x, 1), prev_top), x);
}

/* lanes where x & y != 0: -1 / 0 */
static inline __m256i scv4_ytest(__m256i x, __m256i y)
{
	return _mm256_xor_si256(_mm256_cmpeq_epi32(_mm256_and_si256(x, y), _mm256_setzero_si256()),
				_mm256_set1_epi32(-1));
}

static inline scv4_yjump scv4_ypress(const js_lane_args *args, const int32_t *v0, int l0)
{
	const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1);
	const int n = args->n_frames, words = (n + 31) >> 5;
	const uint32_t *in = args->input[0] + l0;
	__m256i x = _mm256_loadu_si256((const __m256i *)in), top = zero;
	__m256i t0 = _mm256_set1_epi32(-1), k = _mm256_set1_epi32(2), found = zero, h3 = zero;
	for (int w = 0; w < words && !_mm256_testc_si256(found, _mm256_set1_epi32(-1)); w++) {
		const __m256i xn = w + 1 < words
			? _mm256_loadu_si256((const __m256i *)(in + (w + 1) * JS_BLOCK)) : zero;
		const __m256i np = scv4_ynew(x, top);
		const __m256i first = _mm256_andnot_si256(found, scv4_ytest(np, np));
		if (!_mm256_testz_si256(first, first)) {
			/* the lowest new press p and its bit (the float's exponent: p = 2^31 converts
			 * to -2^31, the same exponent) */
			const __m256i p = _mm256_and_si256(np, _mm256_sub_epi32(zero, np));
			__m256i b = _mm256_and_si256(_mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(p)), 23),
						     _mm256_set1_epi32(0xff));
			b = _mm256_add_epi32(b, _mm256_set1_epi32(32 * w - 127));
			t0 = _mm256_blendv_epi8(t0, b, first);
			const __m256i r1 = _mm256_or_si256(_mm256_srli_epi32(x, 1), _mm256_slli_epi32(xn, 31));
			const __m256i r2 = _mm256_or_si256(_mm256_srli_epi32(x, 2), _mm256_slli_epi32(xn, 30));
			const __m256i r3 = _mm256_or_si256(_mm256_srli_epi32(x, 3), _mm256_slli_epi32(xn, 29));
			const __m256i h1 = _mm256_and_si256(first, scv4_ytest(p, r1));
			const __m256i h2 = _mm256_and_si256(h1, scv4_ytest(p, r2));
			h3 = _mm256_or_si256(h3, _mm256_and_si256(h2, scv4_ytest(p, r3)));
			k = _mm256_sub_epi32(_mm256_sub_epi32(k, h1), h2);
			found = _mm256_or_si256(found, first);
		}
		top = _mm256_srli_epi32(x, 31);
		x = xn;
	}
	const __m256i late = _mm256_cmpgt_epi32(t0, _mm256_set1_epi32(n - 1));
	__m256i j = _mm256_srli_epi32(
		_mm256_mullo_epi32(_mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(v0 + l0)),
						    _mm256_set1_epi32(95)),
				   _mm256_set1_epi32(43691)), 22);
	j = _mm256_max_epi32(j, one);
	scv4_yjump z = {
		.t0 = _mm256_or_si256(t0, late),
		.k = k,
		.ustop = _mm256_add_epi32(_mm256_sub_epi32(k, one), j),
		.h3 = _mm256_andnot_si256(late, h3),
	};
	return z;
}

/* A group's words (js_hlane order): t0, the ramps' starts 96 (t0 + k) and 96 (t0 + 1 + u_stop +
 * 9), v0 and the floor; a lane with no press gets v0 0, floor 0 and no fall. */
typedef struct scv4_ygroup {
	js_hi t0, a, b, v0, floor;
} scv4_ygroup;

static inline void scv4_ygroup_init(scv4_ygroup *g, const scv4_yjump *q, const int32_t *v0,
				    const int32_t *drop, int l0)
{
	__m256i a[2], b[2], v[2], fl[2];
	const __m256i c96 = _mm256_set1_epi32(SCV4_W_GRAVITY);
	for (int h = 0; h < 2; h++) {
		const scv4_yjump *z = &q[h];
		const __m256i none = _mm256_cmpgt_epi32(_mm256_setzero_si256(), z->t0);
		a[h] = _mm256_mullo_epi32(_mm256_add_epi32(z->t0, z->k), c96);
		const __m256i fall = _mm256_add_epi32(z->t0, _mm256_add_epi32(z->ustop, _mm256_set1_epi32(10)));
		b[h] = _mm256_or_si256(_mm256_mullo_epi32(fall, c96), _mm256_and_si256(none, _mm256_set1_epi32(0xffff)));
		v[h] = _mm256_andnot_si256(none, _mm256_loadu_si256((const __m256i *)(v0 + l0 + 8 * h)));
		fl[h] = _mm256_andnot_si256(none, _mm256_slli_epi32(
			_mm256_loadu_si256((const __m256i *)(drop + l0 + 8 * h)), 12));
	}
	g->t0 = (js_hi)_mm256_packs_epi32(q[0].t0, q[1].t0);
	g->a = (js_hi)_mm256_packus_epi32(a[0], a[1]);
	g->b = (js_hi)_mm256_packus_epi32(b[0], b[1]);
	g->v0 = (js_hi)_mm256_packus_epi32(v[0], v[1]);
	g->floor = (js_hi)_mm256_packus_epi32(fl[0], fl[1]);
}

/* One frame of a group (fr = 96 f, fv = f): returns the lanes done (past their take-off and on
 * their floor). */
static inline __attribute__((always_inline)) js_hi
scv4_yframe(const scv4_ygroup *g, js_hi fr, js_hi fv, js_hi *y, js_hi *cnt)
{
	const __m256i rise = _mm256_subs_epu16((__m256i)g->v0, _mm256_subs_epu16((__m256i)fr, (__m256i)g->a));
	const __m256i fall = _mm256_min_epu16(_mm256_subs_epu16((__m256i)fr, (__m256i)g->b),
					      _mm256_set1_epi16(SCV4_W_CAP));
	const js_hi air = fv > g->t0;
	js_hi yy = *y + (((js_hi)fall - (js_hi)rise) & air);
	yy = (js_hi)_mm256_min_epi16((__m256i)yy, (__m256i)g->floor);
	const js_hi in = g->floor > yy;
	*cnt -= in;
	*y = yy;
	return air & ~in;
}

/* The results of lanes l0..l0 + 7 (below n_lanes) from their words in lane order. */
static inline void scv4_ystore(const js_lane_args *args, const scv4_yjump *z, const int16_t *cnt16,
			       const int16_t *y16, const int32_t *v0, const int32_t *drop, int ran, int l0)
{
	const int n = args->n_frames, words = (n + 31) >> 5;
	const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1);
	const __m256i lanes = _mm256_cmpgt_epi32(_mm256_set1_epi32(args->n_lanes - l0),
						 _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
	const __m256i cnt = _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)cnt16));
	const __m256i y = _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)y16));
	const __m256i took = _mm256_cmpgt_epi32(z->t0, _mm256_set1_epi32(-1));
	/* the lowest Y as the AVX-512 store makes it: the apex's where frame t0 + u_stop was run */
	const __m256i jm1 = _mm256_sub_epi32(z->ustop, z->k); /* j - 1 */
	const __m256i apex_y = _mm256_sub_epi32(
		_mm256_mullo_epi32(_mm256_mullo_epi32(jm1, _mm256_add_epi32(jm1, one)), _mm256_set1_epi32(48)),
		_mm256_mullo_epi32(z->ustop, _mm256_loadu_si256((const __m256i *)(v0 + l0))));
	const __m256i topped = _mm256_and_si256(took, _mm256_cmpgt_epi32(
		_mm256_set1_epi32(ran), _mm256_add_epi32(z->t0, z->ustop)));
	const __m256i lowest = _mm256_blendv_epi8(_mm256_min_epi32(y, zero), apex_y, topped);
	/* the frames before the take-off counted where the floor is below Y0 */
	const __m256i up = _mm256_cmpgt_epi32(_mm256_loadu_si256((const __m256i *)(drop + l0)), zero);
	const __m256i t1 = _mm256_add_epi32(z->t0, one);
	const __m256i land = _mm256_sub_epi32(_mm256_add_epi32(t1, cnt), _mm256_and_si256(up, t1));
	const __m256i landed = _mm256_and_si256(took, _mm256_cmpgt_epi32(_mm256_set1_epi32(ran), land));
	__m256i rel = zero;
	const __m256i lw = _mm256_srli_epi32(land, 5);
	const __m256i lbit = _mm256_sllv_epi32(one, _mm256_and_si256(land, _mm256_set1_epi32(31)));
	const uint32_t *in = args->input[0] + l0;
	for (int w = 0; w < words; w++) {
		const __m256i m = _mm256_and_si256(landed, _mm256_cmpeq_epi32(lw, _mm256_set1_epi32(w)));
		if (_mm256_testz_si256(m, m))
			continue;
		const __m256i top = w ? _mm256_srli_epi32(_mm256_loadu_si256((const __m256i *)(in + (w - 1) * JS_BLOCK)), 31)
				      : zero;
		const __m256i np = scv4_ynew(_mm256_loadu_si256((const __m256i *)(in + w * JS_BLOCK)), top);
		rel = _mm256_or_si256(rel, _mm256_and_si256(m, scv4_ytest(np, lbit)));
	}
	const __m256i end = _mm256_blendv_epi8(_mm256_set1_epi32(n), land, landed);
	const __m256i hold = _mm256_and_si256(z->h3, _mm256_cmpgt_epi32(end, _mm256_add_epi32(z->t0, _mm256_set1_epi32(3))));
	const __m256i cap = _mm256_and_si256(took, _mm256_cmpgt_epi32(end, _mm256_add_epi32(
		_mm256_add_epi32(z->t0, z->ustop), _mm256_set1_epi32(31))));
	const __m256i below = _mm256_cmpgt_epi32(y, zero);
	const __m256i rose = _mm256_cmpgt_epi32(zero, lowest);
	__m256i fl = _mm256_andnot_si256(took, _mm256_set1_epi32(JS_FLAG_NO_TAKEOFF));
	fl = _mm256_or_si256(fl, _mm256_and_si256(_mm256_andnot_si256(landed, took), _mm256_set1_epi32(JS_FLAG_NOT_LANDED)));
	fl = _mm256_or_si256(fl, _mm256_and_si256(below, _mm256_set1_epi32(JS_FLAG_BELOW_START)));
	fl = _mm256_or_si256(fl, _mm256_and_si256(rel, _mm256_set1_epi32(JS_FLAG_RELAUNCH)));
	fl = _mm256_or_si256(fl, _mm256_and_si256(hold, _mm256_set1_epi32((int)SCV4_FLAG_HOLD_MAX)));
	fl = _mm256_or_si256(fl, _mm256_and_si256(cap, _mm256_set1_epi32((int)SCV4_FLAG_FALL_CAP)));
	_mm256_maskstore_epi32((int *)args->flags + l0, lanes, fl);
	_mm256_maskstore_epi32(args->airtime + l0, lanes, _mm256_and_si256(landed, _mm256_add_epi32(land, one)));
	_mm256_maskstore_epi32(args->apex_frame + l0, lanes,
			       _mm256_and_si256(rose, _mm256_min_epi32(_mm256_add_epi32(z->t0, z->ustop),
								      _mm256_set1_epi32(n - 1))));
	const __m256i rise = _mm256_slli_epi32(_mm256_sub_epi32(zero, lowest), 8); /* Y0 - min Y, >= 0 */
	_mm256_maskstore_epi64((long long *)args->rise + l0, _mm256_cvtepi32_epi64(_mm256_castsi256_si128(lanes)),
			       _mm256_cvtepu32_epi64(_mm256_castsi256_si128(rise)));
	_mm256_maskstore_epi64((long long *)args->rise + l0 + 4, _mm256_cvtepi32_epi64(_mm256_extracti128_si256(lanes, 1)),
			       _mm256_cvtepu32_epi64(_mm256_extracti128_si256(rise, 1)));
}

/* The whole block as four groups of 16 lanes, two side by side, each pair stopping once its
 * lanes are done (a check every 4 frames). */
static void scv4_lanes_fast16(const js_lane_args *args)
{
	int32_t v0c[JS_BLOCK], dropc[JS_BLOCK];
	const int32_t *v0, *drop;
	scv4_block_axes(args, v0c, dropc, &v0, &drop);
	const int n = args->n_frames;
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 32) {
		scv4_yjump q[4];
		for (int i = 0; i < 4; i++)
			q[i] = scv4_ypress(args, v0, l0 + 8 * i);
		scv4_ygroup g0, g1;
		scv4_ygroup_init(&g0, q, v0, drop, l0);
		scv4_ygroup_init(&g1, q + 2, v0, drop, l0 + 16);
		const js_hi zero = js_hsplat(0);
		js_hi y0 = zero, y1 = zero, c0 = zero, c1 = zero, fr = zero, fv = zero;
		int f = 0;
		/* four frames, then the check */
		for (; f + 4 <= n; f += 4) {
			js_hi done = js_hsplat(-1);
			for (int u = 0; u < 4; u++) {
				done = scv4_yframe(&g0, fr, fv, &y0, &c0) & scv4_yframe(&g1, fr, fv, &y1, &c1);
				fr += SCV4_W_GRAVITY;
				fv += 1;
			}
			if (js_hall(done)) {
				f += 4;
				goto done;
			}
		}
		for (; f < n; f++) {
			scv4_yframe(&g0, fr, fv, &y0, &c0);
			scv4_yframe(&g1, fr, fv, &y1, &c1);
			fr += SCV4_W_GRAVITY;
			fv += 1;
		}
	done:;
		int16_t c16[32], y16[32];
		js_hstore_lanes(c16, c0);
		js_hstore_lanes(c16 + 16, c1);
		js_hstore_lanes(y16, y0);
		js_hstore_lanes(y16 + 16, y1);
		for (int i = 0; i < 4 && l0 + 8 * i < args->n_lanes; i++)
			scv4_ystore(args, &q[i], c16 + 8 * i, y16 + 8 * i, v0, drop, f, l0 + 8 * i);
	}
}
#endif

void JS_LANE_FN(scv4)(const js_lane_args *args)
{
#if (JS_VW == 16 && defined(__AVX512BW__)) || defined(JS_LANE_H16)
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
