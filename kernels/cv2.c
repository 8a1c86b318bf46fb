/* kernels/cv2.c - Castlevania II: Simon's Quest (NES): Simon's jump, vertical axis.
 *
 * Follows FoxCunning/Castlevania2 (snapshot 2abe12c, 2022-09-01) bank_3.asm and bank_7.asm;
 * labels are cited where each rule comes from.
 *
 * Units: ObjectScreenYCoord : ObjectScreenYCoordFrac is Simon's Y, 8.8 (screen pixel : 1/256),
 * + down; ObjectYSpeed : ObjectYSpeedFrac is a signed 8.8 speed, + down.  Sub-units 1/256 px.
 *
 * The frame, as the game runs it (bank 3 _81A1, Simon's update): _func_C090 (water),
 * SwampTreadingTest, _func_1D5C9, then
 *   _func_C57B: for actions 2 and 5 (jumping, falling) Temp93 = 1; with no floating platform
 *     (object types $21/$22/$34/$3D) -> _loc_C632: with ObjectYSpeed not negative the feet are
 *     probed at Y + $10 (Simon_CheckMapCollision_LeftAndRight: X - 6 and X + 6); a tile of type
 *     1 or 2 -> _8655: _func_C4F3 snaps Y to its 8 px row, ((Y - $0D) & $F8) + $0D with no
 *     vertical scroll (_func_C879 / _func_C85C; the collision rows start 13 px down the screen,
 *     LoadObstacleBufferBits), ObjectScreenYCoordFrac kept; _loc_C658: speed := 0, action := 0.
 *     So the landing is tested at the position of the previous frame's move, before this one.
 *   _func_C227 / _func_C1E9 / _func_C2DE: the vertical move.  With the screen locked vertically
 *     ($68 bit 7: ScrollingIsLocked, UnknownFlag0446 set by the take-off, or a room one screen
 *     tall) _8373 runs Object_IncreaseYPositionByYVelocity (bank 7): Frac += SpeedFrac, Y +=
 *     Speed + carry.  Before it, _func_C2DE's screen-top rule: Y < $10 -> Y := $11 and speed
 *     $00.00 (Object0_SetYVelocity16bit_from_AY with A = Y = 0; the fraction of Y kept).  Out of
 *     reach from the take-off (the apex is 39 px above a take-off Y of $4D); a fuzz start
 *     reaches it.
 *   _func_C4AA / _func_C38A: X.
 *   the action handler (_JumpPointerTable_C1CA):
 *     action 0, SimonExecuteCurrentAction0_Idle: a new A press (Input_NewJoyButtonsWork & $80) ->
 *       UnknownContextCAD9_JoyButtons_80_A_pressed_Jump_maybe: not on a platform (_func_C8B6
 *       carry clear) -> Object0_SetYVelocity16bit_from_AY with A = $FC, Y = $00: speed -4.00;
 *       UnknownFlag0446 := 1; action := 2.  No move this frame (the move ran before).
 *     action 2, SimonExecuteCurrentAction2_Jumping_5_Falling -> ..._80_A_pressed_Jump: rising,
 *       a ceiling probe at Y - $10 (open sky here); then TempPtr08 := $0038 and
 *       Object_GravityAccelerateBy_Var08 (bank 7 $DFE4): the 16-bit add of the word at $08 to the
 *       speed, +$00.38 = 0.21875 px/frame^2 (the seed's "16-bit add of $0008" is this zero-page
 *       word $0008, which holds $0038: the same 0.21875); falling (BMI on the new whole byte not
 *       taken) with the whole byte >= 3 -> speed := $03.00.
 * So each airborne frame moves by the speed first and adds gravity after (position += old
 * speed), and the take-off frame only sets the speed: the first move, -4.00, is frame 1.  This
 * settles the move-vs-gravity order that docs/models.md had left open.  The cap makes every fall
 * speed past 3 exactly 3.00, so a move is at most 3 px and a landing snaps up 0..2 px (plus the
 * fraction, which the snap keeps: the landed Y may keep up to 255/256 px below the row).
 *
 * The model: Simon stands at Y $4D.00 (a collision row start, $4D - 13 = 8 * 8) on flat ground
 * (feet probe rows from $5D solid) the frame before frame 0; axis drop puts the landing floor
 * drop 16 px blocks lower (a jump off a ledge's edge; horizontal movement is not modelled).  The
 * probe at Y + $10 is solid once Y >= the landing floor's standing Y; Y stays in $26..$BF (no
 * wrap, no water-death rows).  On flat ground the last airborne frame has Simon's feet up to 2 px
 * into the floor (the game's own frame: flag below_start); the next frame lands and snaps.
 * A new A press on that landing frame: _loc_C658 has made the action idle, and the same frame's
 * SimonExecuteCurrentAction0_Idle takes the press and jumps again (speed -4.00, action 2), so no
 * frame ends on the ground.  That frame is the landing of the jump that ends there (model.h's
 * landing rule): observe reports it with JS_FLAG_RELAUNCH (flag relaunch), grounded 0, and the
 * landing's height (the snapped Y; the take-off moves nothing in its frame, and the height is
 * measured from the fixed take-off Y $4D); the press starts the next jump.
 * Left out: platforms, stairs, knockback, vertical scrolling, whipping in the air.
 */
#include "model.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "castlevania.h"

#define CV2_Y0 0x4d
#define CV2_BLOCK 16
#define CV2_ROW_TOP 0x0d       /* the collision rows start 13 px down the screen */
#define CV2_JUMP_SPEED 0xfc00  /* ..._80_A_pressed_Jump_maybe: LDA #$FC / LDY #$00 */
#define CV2_GRAVITY 0x0038     /* ..._80_A_pressed_Jump: LDA #$38 / STA TempPtr08_lo */
#define CV2_CAP 0x03           /* CMP #$03 / BCC */
#define CV2_ACTION_JUMP 2
#define CV2_SCREEN_TOP 0x10    /* _func_C2DE: CMP #$10 / BCS; below it LDA #$11 */

enum { CV2_AX_DROP };

#define CV2_FLAG_FALL_CAP (1u << 8) /* the speed was set to 3.00 */
#define CV2_FLAG_SNAP_UP (1u << 9)  /* the landing snap raised Simon by whole pixels */

/* The reference's state (the lane kernel reads it too: js_lane_args.start). */
typedef struct cv2_state {
	uint8_t y, y_frac;         /* ObjectScreenYCoord, ObjectScreenYCoordFrac */
	uint8_t speed, speed_frac; /* ObjectYSpeed, ObjectYSpeedFrac */
	uint8_t action;            /* ObjectCurrentActionType: 0 idle, 2 jumping */
	uint8_t floor;             /* Y standing on the landing floor */
	uint8_t prev;              /* A on the previous frame */
	/* per-frame scratch, last: outside key_size (every step writes both before observe reads) */
	uint8_t frame_flags; /* CV2_FLAG_* >> 8 */
	uint8_t relaunch;    /* this frame landed and its press took off again (JS_FLAG_RELAUNCH) */
} cv2_state;

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

/* _func_C4F3 with no vertical scroll: the row start at or above Y */
static inline uint8_t cv2_snap(uint8_t y)
{
	return (uint8_t)((((uint8_t)(y - CV2_ROW_TOP)) & 0xf8) + CV2_ROW_TOP);
}

static void cv2_init(void *vs, const int32_t *ax)
{
	cv2_state *s = vs;
	memset(s, 0, sizeof *s);
	s->y = CV2_Y0;
	s->floor = (uint8_t)(CV2_Y0 + CV2_BLOCK * ax[CV2_AX_DROP]);
}

static void cv2_step(void *vs, unsigned input)
{
	cv2_state *s = vs;
	uint8_t a = (input & JS_IN_JUMP) ? 1 : 0;
	unsigned t, c;
	int landed = 0;
	s->frame_flags = 0;
	s->relaunch = 0;
	/* _func_C57B -> _loc_C632: jumping, speed not negative, feet (Y + $10) in the floor */
	if (s->action == CV2_ACTION_JUMP && !(s->speed & 0x80) && s->y >= s->floor) {
		landed = 1;
		uint8_t y = cv2_snap(s->y); /* _8655: _func_C4F3 */
		if (y != s->y)
			s->frame_flags |= CV2_FLAG_SNAP_UP >> 8;
		s->y = y;
		s->speed = 0; /* _loc_C658 */
		s->speed_frac = 0;
		s->action = 0;
	}
	/* _func_C2DE: the top of the screen stops Simon */
	if (s->y < CV2_SCREEN_TOP) {
		s->y = CV2_SCREEN_TOP + 1;
		s->speed = 0;
		s->speed_frac = 0;
	}
	/* _func_C2DE -> _8373: Object_IncreaseYPositionByYVelocity */
	t = (unsigned)s->y_frac + s->speed_frac;
	s->y_frac = (uint8_t)t;
	c = t >> 8;
	s->y = (uint8_t)(s->y + s->speed + c);
	if (s->action == CV2_ACTION_JUMP) {
		/* Object_GravityAccelerateBy_Var08: 16-bit add of $0038 */
		t = (unsigned)s->speed_frac + (CV2_GRAVITY & 0xff);
		s->speed_frac = (uint8_t)t;
		c = t >> 8;
		s->speed = (uint8_t)(s->speed + (CV2_GRAVITY >> 8) + c);
		if (!(s->speed & 0x80) && s->speed >= CV2_CAP) { /* BMI / CMP #$03 / BCC */
			s->speed = CV2_CAP;
			s->speed_frac = 0;
			s->frame_flags |= CV2_FLAG_FALL_CAP >> 8;
		}
	} else if (a && !s->prev) { /* SimonExecuteCurrentAction0_Idle: a new A press */
		s->speed = CV2_JUMP_SPEED >> 8;
		s->speed_frac = CV2_JUMP_SPEED & 0xff;
		s->action = CV2_ACTION_JUMP;
		/* on the frame _loc_C658 landed him: the jump that landed ends here (model.h's
		 * landing rule), the press starts the next one */
		s->relaunch = (uint8_t)landed;
	}
	s->prev = a;
}

static void cv2_observe(const void *vs, js_obs *o)
{
	const cv2_state *s = vs;
	o->height = ((int64_t)CV2_Y0 << 8) - (int64_t)((unsigned)s->y << 8 | s->y_frac);
	o->grounded = s->action != CV2_ACTION_JUMP;
	/* a relaunch frame's height is already the landing's: it is measured from the fixed take-off
	 * Y CV2_Y0, and the take-off does not move Simon in its frame */
	o->flags = (uint32_t)s->frame_flags << 8 | (s->relaunch ? JS_FLAG_RELAUNCH : 0u);
}

static int cv2_trace_row(const void *vs, char *buf, size_t n)
{
	const cv2_state *s = vs;
	int speed_sub = (int16_t)(uint16_t)((unsigned)s->speed << 8 | s->speed_frac);
	return snprintf(buf, n, "%u,%u,%d,%u,%d,%u", s->y, s->y_frac, (int8_t)s->speed, s->speed_frac,
			speed_sub, s->action);
}

/* ---- fuzzing hooks (model.h) ---- */

/* ObjectCurrentActionType: the model runs idle (0) and jumping (2); other values read as idle.
 * Idle, Simon stands on the take-off floor with speed 0 (_loc_C658), the Y fraction kept (the
 * landing snap keeps ObjectScreenYCoordFrac: any value). */
static void cv2_fuzz_fix(void *vs)
{
	cv2_state *s = vs;
	s->frame_flags = 0;
	s->relaunch = 0;
	if (s->action != CV2_ACTION_JUMP) {
		s->action = 0;
		s->y = CV2_Y0;
		s->speed = 0;
		s->speed_frac = 0;
	}
}

enum { CV2_INV_SPEED_WRAP, CV2_INV_FALL_CAP, CV2_INV_Y_WRAP };

static uint32_t cv2_invariants(const void *vb, const void *va, unsigned input)
{
	const cv2_state *b = vb, *a = va;
	(void)input;
	uint32_t bits = 0;
	/* Object_GravityAccelerateBy_Var08 adds $00.38: the whole byte only goes up by the carry,
	 * and $7F + 1 = $80 is a fall turned into a -128 px/frame rise (BMI then skips the cap). */
	if (b->speed == 0x7f && a->speed == 0x80)
		bits |= 1u << CV2_INV_SPEED_WRAP;
	int vb16 = (int16_t)(uint16_t)((unsigned)b->speed << 8 | b->speed_frac);
	int va16 = (int16_t)(uint16_t)((unsigned)a->speed << 8 | a->speed_frac);
	if (va16 > CV2_CAP << 8 && va16 > vb16)
		bits |= 1u << CV2_INV_FALL_CAP;
	/* The move (Object_IncreaseYPositionByYVelocity) adds the speed at the start of the frame
	 * to Y:Frac, 16 bits; a landing (the first thing in the frame) or the top of the screen
	 * (_func_C2DE) zero the speed first. */
	int landed = b->action == CV2_ACTION_JUMP && !(b->speed & 0x80) && b->y >= b->floor;
	int top = !landed && b->y < CV2_SCREEN_TOP;
	if (!landed && !top) {
		int y = ((int)b->y << 8 | b->y_frac) + vb16;
		if (y < 0 || y > 0xffff)
			bits |= 1u << CV2_INV_Y_WRAP;
	}
	return bits;
}

JS_LANE_DECLARE(cv2);

static const char *const cv2_claims[] = {
	"castlevania2/jump-gravity", "castlevania2/move-then-gravity", "castlevania2/landing", NULL,
};

JS_REFERENCE_RUN(cv2, cv2_state, cv2_step, cv2_observe)

const js_model js_model_cv2 = {
	.id = "cv2",
	.game = "Castlevania II: Simon's Quest",
	.platform = "NES",
	.character = "Simon Belmont",
	.unit = "px",
	.sub_per_unit = 256,
	.tile = 16, /* px per level tile */
	.fps = 60.0988,
	.frame = "NTSC frame (one NMI, 60.0988 Hz)",
	.movie = { .button = { "A" }, .note = "A jumps: UnknownContextCAD9_JoyButtons_80_A_pressed_Jump "
		   "tests the new-press pad bit $80 (A). One movie line per NTSC frame, frame 0 the line "
		   "with A newly down; lag frames are not modelled." },
	.sources = "FoxCunning/Castlevania2 bank_3.asm: Simon's update (_81A1), _func_C57B, _loc_C632, "
		   "_8655, _func_C4F3, _func_C879, _func_C85C, _loc_C658, _func_C227, _func_C2DE, "
		   "_8373, SimonExecuteCurrentAction0_Idle, UnknownContextCAD9_JoyButtons_80_A_pressed_"
		   "Jump_maybe, SimonExecuteCurrentAction2_Jumping_5_Falling, UnknownContextCAD9_"
		   "JoyButtons_80_A_pressed_Jump; bank_7.asm: Object_IncreaseYPositionByYVelocity, "
		   "Object_GravityAccelerateBy_Var08 ($DFE4), Object0_SetYVelocity16bit_from_AY, "
		   "LoadObstacleBufferBits",
	.notes = "Frame 0 is the press: the idle handler sets the speed to -4.00 ($FC.00) after the "
		 "frame's move, so Simon first moves on frame 1 (by the full 4.00). Each airborne "
		 "frame moves by the speed, then adds gravity $00.38 (0.21875 px/frame^2); confirmed "
		 "order: _func_C2DE moves before the action handler's Object_GravityAccelerateBy_Var08. "
		 "A falling speed whose whole byte reaches 3 is set to 3.00. Landing: at the start of a "
		 "frame, speed not negative and the feet (Y + $10) in the floor -> Y snapped to its 8-px "
		 "collision row (((Y - 13) & $F8) + 13, fraction kept), speed 0, idle; no move that "
		 "frame. Flat ground: the last airborne frame is up to 2 px into the floor (below_start), "
		 "the next lands. A press on the landing frame jumps again in that frame (the idle "
		 "handler runs after _loc_C658): the frame ends the jump that landed (flag relaunch). "
		 "No variable height. drop: landing floor drop 16-px blocks lower (a jump off a ledge "
		 "edge; horizontal movement not modelled). Screen locked vertically. "
		 "The top of the screen (_func_C2DE): Y < $10 before the move -> Y := $11, speed 0 "
		 "(out of reach of a jump from the floor; a rise faster than 16 px/frame can skip it). "
		 "Left out: platforms (their jump adds the platform's speed + $FC.20), stairs, "
		 "knockback, whipping in the air.",
	.claims = cv2_claims,
	.n_axes = 1,
	.axes = {
		{ .name = "drop", .unit = "16 px blocks", .long_name = "landing floor below the "
		  "take-off floor", .min = 0, .max = 7, .def_lo = 0, .def_hi = 7 },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 88,
	.default_hold = 63,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start", [3] = "relaunch",
		[8] = "fall_cap", [9] = "snap_up",
	},
	.flag_what = {
		[8] = "The fall speed was set to the 3.00 px/frame cap.",
		[9] = "The landing snap raised Simon by whole pixels onto the floor.",
	},
	.character_height = 32,
	.character_height_source = "Simon's sprite is two 16-px blocks tall (16 x 32); the code probes "
		"the feet at Y + $10 and, rising, the ceiling at Y - $10 (the jumping handler) but "
		"keeps no box: the "
		"sprite height is a documented choice, UNCONFIRMED as a collision box "
		"(docs/open-questions.md)",
	.state_size = sizeof(cv2_state),
	.key_size = offsetof(cv2_state, frame_flags),
	.init = cv2_init,
	.step = cv2_step,
	.observe = cv2_observe,
	.run_ref = cv2_run_ref,
	.trace_header = "y,y_frac,speed,speed_frac,speed_sub,action",
	.trace_units = "px (+ down),1/256 px,px/frame (+ down),1/256 px/frame,1/256 px/frame (+ down),code",
	.trace_row = cv2_trace_row,
	.lane = JS_LANE_TABLE(cv2),
	.n_fields = 6,
	.fields = {
		{ "y", offsetof(cv2_state, y), JS_F_U8, 0, 255, "ObjectScreenYCoord (+ down)" },
		{ "y_frac", offsetof(cv2_state, y_frac), JS_F_U8, 0, 255, "ObjectScreenYCoordFrac" },
		{ "speed", offsetof(cv2_state, speed), JS_F_S8, -128, 127,
		  "ObjectYSpeed (signed, + down)" },
		{ "speed_frac", offsetof(cv2_state, speed_frac), JS_F_U8, 0, 255, "ObjectYSpeedFrac" },
		{ "action", offsetof(cv2_state, action), JS_F_U8, 0, CV2_ACTION_JUMP,
		  "ObjectCurrentActionType: 0 idle, 2 jumping (fuzz_fix reads 1 as idle)" },
		{ "prev", offsetof(cv2_state, prev), JS_F_U8, 0, 1,
		  "A on the previous frame (Input_NewJoyButtonsWork = now and not then)" },
	},
	.fuzz_fix = cv2_fuzz_fix,
	.invariants = cv2_invariants,
	.inv_names = { [CV2_INV_SPEED_WRAP] = "speed_wrap", [CV2_INV_FALL_CAP] = "fall_cap",
		       [CV2_INV_Y_WRAP] = "y_wrap" },
	.inv_what = {
		[CV2_INV_SPEED_WRAP] = "gravity never turns Simon's fall into a rise (ObjectYSpeed is "
				       "a signed byte)",
		[CV2_INV_FALL_CAP] = "gravity never makes the fall faster than 3.00 px/frame (CMP #$03) "
				     "unless it already was",
		[CV2_INV_Y_WRAP] = "Simon's 8-bit screen Y does not wrap past the top or the bottom "
				   "of the screen",
	},
	/* With no buttons: a rise (speed < 0) lasts at most $8000 / $38 = 585.1 -> 586 frames of
	 * gravity (from $80.00); a start at $7F.C8..$7F.FF wraps to $80.00..$80.37 on frame 0 (one
	 * more).  A speed >= 0 reaches the cap 3.00 within 14 frames ($300 / $38), falling at least
	 * as fast as from 0, so the lowest floor row $BD is reached from Y 0 within 14 + 60 frames,
	 * and the next frame lands.  1 + 586 + 74 + 1 = 662 (tests/test_castlevania.c runs the
	 * slowest starts).  Loose: a rise that long goes round the screen, and _func_C2DE's top
	 * rule stops it once it starts a frame above row $10; over every speed and Y (fractions 0
	 * and $FF, the lowest floor) the slowest landing takes 170 frames. */
	.land_bound = 662,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"
#include "castlevania.h" /* the lane part: cv_acc_frame */

/* The reference on JS_VW lanes at a time, state in registers, two groups side by side.  Y and the
 * speed are 16-bit words (Y : Frac, Speed : SpeedFrac): the byte-wise adds with carry are adds
 * mod 2^16.  Y stays in $26..$BF (file comment).  A lane that has landed stays on the ground
 * (its accounting is over; the landed Y keeps at most its fraction below the take-off height, a
 * height <= 0), which lets cv_acc_frame do the accounting.  A press on the landing frame (a
 * relaunch: the idle handler after _loc_C658) is the lane's landing too (model.h's landing
 * rule): the kernel does not take off, so the lane stays on the ground like any landed lane (the
 * next jump is not the lane's; the landing frame's Y and height are the reference's, the
 * take-off moves nothing in its frame), and flags it JS_FLAG_RELAUNCH: from a fuzz start on the
 * frame (js_vacc_frame needs it to end the jump there), from init's states once at the store
 * (cv2_relaunched: nothing per frame). */
typedef struct cv2_lanes {
	js_vi y, spd, air, prev, floor; /* y, spd: 16-bit words; air: -1 / 0 */
	js_vacc acc;
} cv2_lanes;

static inline void cv2_lanes_init(cv2_lanes *s, const js_lane_args *args, int l0)
{
	int32_t fl[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		fl[i] = CV2_Y0 + CV2_BLOCK * args->axis[CV2_AX_DROP][l];
	}
	s->floor = js_vload(fl);
	s->y = js_vsplat(CV2_Y0 << 8);
	s->spd = s->air = s->prev = js_vsplat(0);
	if (args->start) { /* a fuzz start: the reference's state */
		int32_t y[JS_VW], spd[JS_VW], air[JS_VW], prev[JS_VW];
		for (int i = 0; i < JS_VW; i++) {
			int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
			const cv2_state *st = (const cv2_state *)args->start + l;
			y[i] = st->y << 8 | st->y_frac;
			spd[i] = st->speed << 8 | st->speed_frac;
			air[i] = -(st->action == CV2_ACTION_JUMP);
			prev[i] = -(st->prev != 0);
		}
		s->y = js_vload(y);
		s->spd = js_vload(spd);
		s->air = js_vload(air);
		s->prev = js_vload(prev);
	}
	js_vacc_init(&s->acc, args, l0);
}

/* From init's states (the button up before frame 0): a lane that landed on frame L =
 * airtime - 1 relaunched when L holds a new press, the button down on L and up on L - 1 (the
 * idle handler runs on every landing frame).  Read once per lane at the store. */
static inline uint32_t cv2_relaunched(const js_lane_args *args, int l, int32_t airtime)
{
	const uint32_t *in = args->input[0];
	int f = airtime - 1;
	uint32_t now = in[(f >> 5) * JS_BLOCK + l] >> (f & 31);
	uint32_t before = f > 0 ? in[((f - 1) >> 5) * JS_BLOCK + l] >> ((f - 1) & 31) : 0u;
	return (now & ~before & 1u) ? JS_FLAG_RELAUNCH : 0u;
}

/* start: a compile-time constant, 1 on the path of fuzz starts (js_lane_args.start), which may
 * reach the top of the screen (_func_C2DE's rule) and may land a lane before it ever rose or
 * start it on the ground anywhere in its history (the full accounting of lane.h). */
static inline void cv2_lanes_frame(cv2_lanes *s, const js_lane_args *args, int l0, int f,
				   const int start)
{
	js_vi a = -js_vbit(args->input[0] + (f >> 5) * JS_BLOCK + l0, f);
	/* _func_C57B: the landing */
	js_vi py = s->y >> 8;
	js_vi land = s->air & ((s->spd & 0x8000) == 0) & (py >= s->floor);
	js_vi sy = (((py - CV2_ROW_TOP) & 0xf8) + CV2_ROW_TOP);
	js_vu fl = (js_vu)(land & (sy != py)) & CV2_FLAG_SNAP_UP;
	js_vi y = js_vsel(land, (sy << 8) | (s->y & 0xff), s->y);
	js_vi spd = s->spd & ~land;
	js_vi air0 = s->air;
	js_vi air = air0 & ~land;
	if (start) { /* _func_C2DE: Y < $10 -> Y := $11, speed 0 (never from init's states) */
		js_vi top = (y >> 8) < CV2_SCREEN_TOP;
		y = js_vsel(top, ((CV2_SCREEN_TOP + 1) << 8) | (y & 0xff), y);
		spd &= ~top;
	}
	/* _8373: the move */
	y = (y + spd) & 0xffff;
	/* the action handler: gravity and the cap, or the take-off */
	js_vi g = (spd + CV2_GRAVITY) & 0xffff;
	js_vi cap = air & ((g & 0x8000) == 0) & ((g >> 8) >= CV2_CAP);
	g = js_vsel(cap, js_vsplat(CV2_CAP << 8), g);
	/* SimonExecuteCurrentAction0_Idle: a new A press; on the landing frame a relaunch, the
	 * lane's landing (no take-off: ~air0); frozen after the landing */
	js_vi newa = a & ~s->prev;
	js_vi relaunch = land & newa;
	js_vi press = ~air0 & newa & ~s->acc.landed;
	spd = js_vsel(air, g, js_vsel(press, js_vsplat(CV2_JUMP_SPEED), spd));
	fl |= (js_vu)cap & CV2_FLAG_FALL_CAP;
	if (start) /* from init's states: at the store (cv2_relaunched) */
		fl |= (js_vu)relaunch & JS_FLAG_RELAUNCH;
	s->y = y;
	s->spd = spd;
	s->air = air | press;
	s->prev = a;
	/* a relaunch frame is airborne in the reference (grounded 0, JS_FLAG_RELAUNCH): that is
	 * what counts a start that lands and relaunches before it ever rose as having taken off */
	if (start)
		js_vacc_frame(&s->acc, f, (CV2_Y0 << 8) - y, ~(s->air | relaunch), fl);
	else
		cv_acc_frame(&s->acc, f, (CV2_Y0 << 8) - y, s->air, land, fl);
}

static void cv2_lanes_from_starts(const js_lane_args *args)
{
	for (int l0 = 0; l0 < JS_BLOCK; l0 += 2 * JS_VW) {
		cv2_lanes g0, g1;
		cv2_lanes_init(&g0, args, l0);
		cv2_lanes_init(&g1, args, l0 + JS_VW);
		for (int f = 0; f < args->n_frames; f++) {
			cv2_lanes_frame(&g0, args, l0, f, 1);
			cv2_lanes_frame(&g1, args, l0 + JS_VW, f, 1);
			if ((f & 7) == 7 && js_vacc_done(&g0.acc, f) && js_vacc_done(&g1.acc, f))
				break;
		}
		js_vacc_store(&g0.acc, args, l0);
		js_vacc_store(&g1.acc, args, l0 + JS_VW);
	}
}

#if defined(CV_FAST_PATH)
/* AVX-512 (F + BW) and AVX2 from init's states (js_lane_args.start NULL): castlevania.h's 16-bit
 * lanes by the jump's own frames.  From init's state a lane's jump is fixed by its take-off frame
 * t0 (its first frame with A down: prev starts at 0, so it is a new press; the lane is in the air
 * or has landed from then on, and a press after the landing is the next jump, not the lane's) and
 * by its landing floor: every jump is the same arc shifted by t0.  Frame t0 + u moves Y by T(u),
 * the speed at that frame's start: T(0) = 0 (the press frame moves by the idle speed 0, then sets
 * -4.00), T(1) = -4.00, then + $00.38 a frame up to the cap 3.00 (cv2_ztables_get runs the
 * reference's words).  The landing is looked for at the frame's start, before the move, with the
 * speed not negative; rising Y is above Y0 <= the floor (the speed turns non-negative at the top),
 * so the landing u L is the first u >= 2 whose start Y S(u) is at or past the floor.  The lanes
 * hold Y - Y0 in 1/256 px as words (-39 px .. 7 blocks + 3 px: no overflow), add T(u) from u = 1
 * clamped to the floor (falling every T(u) is >= 0, so the clamp acts only from the move that
 * reaches it; the compare is the reference's Y >= floor on whole pixels, the floor being whole),
 * and count the moves that leave Y above the floor: those of u = 1 .. L - 2, so L = 2 + the count.
 * Every lane lands by u = 77 (drop 7), so u < 80 and the tables hold 128 entries.  The results are
 * the arc's at L (landed: t0 + L < n_frames) or after n_frames - t0 moves (in the air), and a
 * relaunch (a new press on the landing frame t0 + L) is read from the input words by gathers at
 * the store. */
#define CV2_ZN 128
#define CV2_ZMOVES 80
typedef struct cv2_ztables {
	int16_t t[CV2_ZN]; /* T(u), 1/256 px, + down */
	/* by n, the lane's u at its landing (landed) or its moves (in the air): flags, rise
	 * (1/256 px) and the apex's u (-1: never above Y0) */
	uint16_t land_fl[CV2_ZN], air_fl[CV2_ZN];
	int16_t rise[CV2_ZN], apex[CV2_ZN];
	int ready;
} cv2_ztables;

/* not inlined: the caller keeps the pointer (inlined, GCC called __tls_get_addr again on every
 * frame of the loop; cv3.c) */
static __attribute__((noinline)) const cv2_ztables *cv2_ztables_get(void)
{
	static _Thread_local cv2_ztables z;
	if (z.ready)
		return &z;
	int32_t y = CV2_Y0 << 8, low = y, at = -1, spd = 0;
	uint32_t moved = 0; /* the flags of the frames so far (u < n) */
	for (int n = 0; n < CV2_ZN; n++) {
		/* landing on u = n (_loc_C632 / _8655): the snap's flag from Y : Frac */
		z.land_fl[n] = (uint16_t)(moved | (((y + 0x0300) & 0x0700) ? CV2_FLAG_SNAP_UP : 0));
		z.air_fl[n] = (uint16_t)(moved | JS_FLAG_NOT_LANDED);
		z.rise[n] = (int16_t)((CV2_Y0 << 8) - low);
		z.apex[n] = (int16_t)at;
		z.t[n] = (int16_t)spd;
		y += spd; /* _8373 */
		uint32_t fl = 0;
		if (n == 0) { /* SimonExecuteCurrentAction0_Idle: the press */
			spd = (int16_t)CV2_JUMP_SPEED;
		} else { /* Object_GravityAccelerateBy_Var08, the cap */
			spd += CV2_GRAVITY;
			if (spd >= CV2_CAP << 8) {
				spd = CV2_CAP << 8;
				fl |= CV2_FLAG_FALL_CAP;
			}
		}
		moved |= fl | (y > CV2_Y0 << 8 ? JS_FLAG_BELOW_START : 0);
		if (y < low) { /* strictly higher: the first frame of the top */
			low = y;
			at = n;
		}
	}
	z.ready = 1;
	return &z;
}

_Static_assert(CV2_BLOCK == 16, "castlevania.h's floors are 16 px blocks");
#endif

#if defined(CV_FAST_PATH) && JS_VW == 16
/* AVX-512: castlevania.h's cv_zgroup (32 lanes per zmm, two groups side by side), the tables as
 * words read by two permutes and a select. */

/* the table of 128 words in four registers at idx (0..127) */
static inline __m512i cv2_zlut(const __m512i *tab, __m512i idx)
{
	return _mm512_mask_mov_epi16(_mm512_permutex2var_epi16(tab[0], idx, tab[1]),
				     _mm512_test_epi16_mask(idx, _mm512_set1_epi16(64)),
				     _mm512_permutex2var_epi16(tab[2], idx, tab[3]));
}

/* bit f (words, 16 lanes from l0; only in mask k) of lane l0 + i's input */
static inline __m512i cv2_zbit(const js_lane_args *args, int l0, __mmask16 k, __m512i f)
{
	const __m512i at = _mm512_add_epi32(_mm512_slli_epi32(_mm512_srli_epi32(f, 5), 6),
					    _mm512_add_epi32(_mm512_set1_epi32(l0),
							     _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
									       10, 11, 12, 13, 14, 15)));
	const __m512i w = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), k, at,
						      (const int *)args->input[0], 4);
	return _mm512_srlv_epi32(w, _mm512_and_si512(f, _mm512_set1_epi32(31)));
}

_Static_assert(JS_BLOCK == 64, "cv2_zbit: the input words of a frame word are 64 lanes apart");

/* a new press on frame f (32-bit words, f >= 1) for lanes l0..l0 + 15 in k */
static inline __mmask16 cv2_zrelaunch(const js_lane_args *args, int l0, __mmask16 k, __m256i f16)
{
	const __m512i f = _mm512_cvtepi16_epi32(f16);
	const __m512i now = cv2_zbit(args, l0, k, f);
	const __m512i before = cv2_zbit(args, l0, k, _mm512_sub_epi32(f, _mm512_set1_epi32(1)));
	return _mm512_mask_test_epi32_mask(k, _mm512_andnot_si512(before, now), _mm512_set1_epi32(1));
}

/* tab: land_fl, air_fl, rise, apex as four registers each */
static inline void cv2_zstore(const cv_zgroup *g, const __m512i tab[16], const js_lane_args *args,
			      int l0)
{
	const __m512i n = _mm512_set1_epi16((short)args->n_frames);
	const __mmask32 took = _mm512_cmpneq_epi16_mask(g->t0, _mm512_set1_epi16(-1));
	/* the landing frame t0 + L */
	const __m512i land = _mm512_add_epi16(_mm512_add_epi16(g->t0, g->cnt), _mm512_set1_epi16(2));
	const __mmask32 landed = _mm512_mask_cmplt_epi16_mask(took, land, n);
	/* landed: L; in the air: n_frames - t0 moves (<= L < 128); none: 0 */
	const __m512i idx = _mm512_maskz_sub_epi16(took, _mm512_mask_mov_epi16(n, landed, land), g->t0);
	__m512i fl = _mm512_mask_mov_epi16(cv2_zlut(tab + 4, idx), landed, cv2_zlut(tab, idx));
	fl = _mm512_mask_mov_epi16(_mm512_set1_epi16(JS_FLAG_NO_TAKEOFF), took, fl);
	const __mmask32 rl = _mm512_kunpackw(
		cv2_zrelaunch(args, l0 + 16, (__mmask16)(landed >> 16), _mm512_extracti64x4_epi64(land, 1)),
		cv2_zrelaunch(args, l0, (__mmask16)landed, _mm512_extracti64x4_epi64(land, 0)));
	fl = _mm512_mask_mov_epi16(fl, rl, _mm512_or_si512(fl, _mm512_set1_epi16(JS_FLAG_RELAUNCH)));
	const __m512i rise = cv2_zlut(tab + 8, idx);
	const __m512i ap = cv2_zlut(tab + 12, idx);
	const __m512i apex = _mm512_maskz_add_epi16(
		_mm512_cmpge_epi16_mask(ap, _mm512_setzero_si512()), g->t0, ap);
	const __m512i airtime = _mm512_maskz_add_epi16(landed, land, _mm512_set1_epi16(1));
	js_zstore16(args, l0, args->n_lanes - l0, rise, apex, airtime, fl);
}

static void cv2_lanes_fast(const js_lane_args *args)
{
	const cv2_ztables *z = cv2_ztables_get();
	cv_zgroup g0, g1;
	/* Y - Y0 in 1/256 px: the floor is drop << 12 */
	cv_zgroup_init(&g0, args, args->axis[CV2_AX_DROP], 0, 0);
	cv_zgroup_init(&g1, args, args->axis[CV2_AX_DROP], 0, 32);
	g0.floor = _mm512_slli_epi16(g0.floor, 8);
	g1.floor = _mm512_slli_epi16(g1.floor, 8);
	cv_zmoves(&g0, &g1, z->t, 1, CV2_ZMOVES); /* u = 1 .. 79 */
	__m512i tab[16];
	for (int k = 0; k < 4; k++) {
		tab[k] = _mm512_loadu_si512(z->land_fl + 32 * k);
		tab[4 + k] = _mm512_loadu_si512(z->air_fl + 32 * k);
		tab[8 + k] = _mm512_loadu_si512(z->rise + 32 * k);
		tab[12 + k] = _mm512_loadu_si512(z->apex + 32 * k);
	}
	cv2_zstore(&g0, tab, args, 0);
	if (args->n_lanes > 32)
		cv2_zstore(&g1, tab, args, 32);
}
#endif

#if defined(CV_FAST_PATH) && JS_VW != 16
/* AVX2: the twin of the AVX-512 words above (the same tables, t0, moves, count and results),
 * 16 lanes per ymm in lane.h's js_hlane order, the block as four groups side by side
 * (castlevania.h's cv_hgroup, cv_ht0, cv_hmove).  The tables are read with vpshufb from bytes
 * (castlevania.h's cv_hlut, 64 entries, twice and a select for 128): flags (bits 0-3 and 8-9 as
 * 0-5), the rise as two bytes, the apex's u. */
typedef struct cv2_htables {
	int8_t b[5][CV2_ZN]; /* land_fl, air_fl, rise low and high bytes, apex */
	int ready;
} cv2_htables;

static __attribute__((noinline)) const cv2_htables *cv2_htables_get(void)
{
	static _Thread_local cv2_htables h;
	if (h.ready)
		return &h;
	const cv2_ztables *z = cv2_ztables_get();
	for (int n = 0; n < CV2_ZN; n++) {
		h.b[0][n] = (int8_t)((z->land_fl[n] & 0xf) | ((z->land_fl[n] >> 4) & 0x30));
		h.b[1][n] = (int8_t)((z->air_fl[n] & 0xf) | ((z->air_fl[n] >> 4) & 0x30));
		h.b[2][n] = (int8_t)(z->rise[n] & 0xff);
		h.b[3][n] = (int8_t)(z->rise[n] >> 8);
		h.b[4][n] = (int8_t)z->apex[n];
	}
	h.ready = 1;
	return &h;
}

/* a 128-entry byte table (tb[0..7]: entries 16k .. 16k + 15) at idx (0..127), sign-extended */
static inline js_hi cv2_hlut(const __m256i tb[8], js_hi idx)
{
	return js_hsel((idx & 64) != 0, cv_hlut(tb + 4, idx), cv_hlut(tb, idx));
}

/* bit f (32-bit, lanes l0..l0 + 7 where k is -1) of each lane's input */
static inline __m256i cv2_hbit(const js_lane_args *args, int l0, __m256i k, __m256i f)
{
	const __m256i at = _mm256_add_epi32(_mm256_slli_epi32(_mm256_srli_epi32(f, 5), 6),
					    _mm256_add_epi32(_mm256_set1_epi32(l0),
							     _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
	const __m256i w = _mm256_mask_i32gather_epi32(_mm256_setzero_si256(),
						      (const int *)args->input[0], at, k, 4);
	return _mm256_srlv_epi32(w, _mm256_and_si256(f, _mm256_set1_epi32(31)));
}

/* -1 where lane l0 + i (8 of them, 32-bit) has a new press on frame f (f >= 1), in k */
static inline __m256i cv2_hrelaunch8(const js_lane_args *args, int l0, __m256i k, __m256i f)
{
	const __m256i now = cv2_hbit(args, l0, k, f);
	const __m256i before = cv2_hbit(args, l0, k, _mm256_sub_epi32(f, _mm256_set1_epi32(1)));
	const __m256i one = _mm256_set1_epi32(1);
	return _mm256_and_si256(k, _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_andnot_si256(before, now),
								       one), one));
}

/* the same for 16 lanes in js_hlane order (words: vpackssdw's order unpacked and packed back) */
static inline js_hi cv2_hrelaunch(const js_lane_args *args, int l0, js_hi k, js_hi f)
{
	const __m256i fa = _mm256_srai_epi32(_mm256_unpacklo_epi16((__m256i)f, (__m256i)f), 16);
	const __m256i fb = _mm256_srai_epi32(_mm256_unpackhi_epi16((__m256i)f, (__m256i)f), 16);
	const __m256i ka = _mm256_srai_epi32(_mm256_unpacklo_epi16((__m256i)k, (__m256i)k), 16);
	const __m256i kb = _mm256_srai_epi32(_mm256_unpackhi_epi16((__m256i)k, (__m256i)k), 16);
	return (js_hi)_mm256_packs_epi32(cv2_hrelaunch8(args, l0, ka, fa),
					 cv2_hrelaunch8(args, l0 + 8, kb, fb));
}

static void cv2_lanes_fast(const js_lane_args *args)
{
	const cv2_ztables *z = cv2_ztables_get();
	const cv2_htables *hb = cv2_htables_get();
	const js_hi n = js_hsplat((int16_t)args->n_frames);
	cv_hgroup h[4];
	cv_hgroups_init(h, args, args->axis[CV2_AX_DROP], 0);
	for (int k = 0; k < 4; k++) /* Y - Y0 in 1/256 px: the floor is drop << 12 */
		h[k].floor = h[k].floor << 8;
	cv_hmoves(h, z->t, 1, CV2_ZMOVES); /* u = 1 .. 79 */
	__m256i tb[5][8];
	for (int k = 0; k < 5; k++) {
		cv_hlut_init(tb[k], hb->b[k]);
		cv_hlut_init(tb[k] + 4, hb->b[k] + 64);
	}
	for (int k = 0; k < 4 && 16 * k < args->n_lanes; k++) {
		const js_hi t0 = h[k].t0, took = t0 != 0x7fff;
		const js_hi land = t0 + h[k].cnt + 2;
		const js_hi landed = took & (land < n);
		const js_hi idx = (js_hsel(landed, land, n) - t0) & took;
		js_hi fl = js_hsel(landed, cv2_hlut(tb[0], idx), cv2_hlut(tb[1], idx));
		fl = (fl & 0xf) | ((fl & 0x30) << 4);
		fl |= cv2_hrelaunch(args, 16 * k, landed, land) & JS_FLAG_RELAUNCH;
		fl = js_hsel(took, fl, js_hsplat(JS_FLAG_NO_TAKEOFF));
		const js_hi rise = (cv2_hlut(tb[2], idx) & 0xff) | (cv2_hlut(tb[3], idx) << 8);
		const js_hi ap = cv2_hlut(tb[4], idx);
		cv_hstore(args, 16 * k, rise, (t0 + ap) & (ap >= 0), (land + 1) & landed, fl);
	}
}
#endif

void JS_LANE_FN(cv2)(const js_lane_args *args)
{
#if defined(CV_FAST_PATH)
	if (!args->start) {
		cv2_lanes_fast(args);
		return;
	}
#endif
	if (args->start) {
		cv2_lanes_from_starts(args);
		return;
	}
	for (int l0 = 0; l0 < JS_BLOCK; l0 += 2 * JS_VW) {
		cv2_lanes g0, g1;
		cv2_lanes_init(&g0, args, l0);
		cv2_lanes_init(&g1, args, l0 + JS_VW);
		for (int f = 0; f < args->n_frames; f++) {
			cv2_lanes_frame(&g0, args, l0, f, 0);
			cv2_lanes_frame(&g1, args, l0 + JS_VW, f, 0);
			if ((f & 7) == 7) {
				cv_acc_sync(&g0.acc, g0.air);
				cv_acc_sync(&g1.acc, g1.air);
				if (js_vacc_done(&g0.acc, f) && js_vacc_done(&g1.acc, f))
					break;
			}
		}
		cv_acc_sync(&g0.acc, g0.air);
		cv_acc_sync(&g1.acc, g1.air);
		for (int i = 0; i < JS_VW; i++) {
			if (l0 + i < args->n_lanes && g0.acc.landed[i])
				g0.acc.flags[i] |= cv2_relaunched(args, l0 + i, g0.acc.air[i]);
			if (l0 + JS_VW + i < args->n_lanes && g1.acc.landed[i])
				g1.acc.flags[i] |= cv2_relaunched(args, l0 + JS_VW + i, g1.acc.air[i]);
		}
		js_vacc_store(&g0.acc, args, l0);
		js_vacc_store(&g1.acc, args, l0 + JS_VW);
	}
}

#endif
