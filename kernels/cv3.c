/* kernels/cv3.c - Castlevania III: Dracula's Curse (NES): the jump of Trevor, Sypha and Alucard
 * (every character but Grant), vertical axis.
 *
 * Follows vinheim3/castlevania3-disasm (snapshot 3272648f, 2020-12-27)
 * code/playerStateProcessing_b1c.s; labels are cited where each rule comes from.
 *
 * Units: wEntityBaseY is an 8-bit screen Y, whole pixels, + down.  wEntityFractionalY and
 * wEntityVertSubSpeed are zeroed by the arc routine every frame (B28_18ca / B28_18cd), so the
 * move adds a whole signed step: sub-units are pixels.
 *
 * The frame, as the game runs it: processTrevorState / processSyphaState / processAlucardState
 * (B28_0a91..B28_0ab0) jump to the handler of wPlayerStateDoubled, once per frame; a state set by
 * a handler runs its own handler on the next frame.
 *   PS_IDLE ($02), playerState02_standIdle: func_1c_0421 (on the ground), then the landing
 *     crouch timer $b9 (B28_1540: non-zero -> DEC; still non-zero -> return), then a new A press
 *     (wJoy1NewButtonsPressed bit 7, B28_154d) -> setStateJumpIfCanJump: returnClcIfCanJump
 *     (the tile above the head is open) -> wPlayerStateDoubled := PS_JUMP_START.
 *   PS_JUMP_START ($06), playerState06_jumpStart_exceptGrant: wPlayerStateDoubled := PS_JUMPING,
 *     wEntityPhase := 0, $05d8 (the table pointer) := 9, the X speed from the d-pad.  No move.
 *   PS_JUMPING ($08), playerState08_jumping_exceptGrant (= playerState0c_falling_exceptGrant,
 *     B28_1770): B (attack) and side collisions, then B28_17cf: jsr $984f -> B28_18bf: the arc
 *     step (castlevania.h): speed := table[ptr] (ptr++), or 0 and turn at the $81, or -table[ptr]
 *     (ptr--) falling, or -table[1] = +6 on the $80 marker.  Then B28_17d7: while falling
 *     (wEntityPhase != 0, after the step: the turn frame included) the floor is probed at the
 *     feet, Y + $10 (B28_17dc / B28_17f1, X -5 and +5), at the position BEFORE this frame's move;
 *     a solid tile with the one at Y + 8 not solid (jsr $83ff) -> B28_181e: ptr = 0 -> landing
 *     sound and $b9 := $0C (a 12-frame crouch); jsr $8a02 (B28_0a02: wEntityBaseY &= $F0);
 *     wPlayerStateDoubled := PS_IDLE; no move.  Otherwise (and on every rising frame)
 *     func_1c_0712 (B28_0712) moves: FractionalY + VertSubSpeed (both 0) and BaseY + VertSpeed.
 * So the step and the move happen in the same frame, step first; the floor check comes between
 * them on falling frames and uses the previous frame's position (this settles the order of the
 * Y update and the table step that docs/models.md had left open).
 *
 * The table ($9874, bank $1C; the disassembly lists B28_187f-B28_1891 partly as instructions):
 * $80, five $FA, five $FB, five $FD, three $FE, four $FF, $00, $FF, four $00, $81.  From index 9
 * the entries are Castlevania's 20 rises (5, 5, 3, 3, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0, 1, 0, 0, 0,
 * 0: 36 px); the reversed fall passes index 9 back at the take-off height and goes on with
 * entries 8..1 (5, 5, 5, 6, 6, 6, 6, 6), then the $80 keeps -table[1] = +6 px/frame (claim 3).
 *
 * The model: Trevor stands on flat ground at BaseY $50 (a 16 px block top, so B28_0a02's snap
 * keeps it) the frame before frame 0, in a room that does not scroll vertically
 * (wCurrRoomMetadataByte bit 7 clear: func_1c_0712 and B28_0a02 take their plain paths).  Axis
 * drop puts the landing floor drop 16 px blocks lower (he jumped off a ledge's edge; horizontal
 * movement is not modelled).  The floor probe at Y + 16 is solid once Y >= the landing floor's
 * standing Y; the fall steps are at most 6 px, so the first frame that finds it has Y + 8 above
 * the floor (jsr $83ff passes) and Y at most 5 px past the standing Y, which the snap removes.
 * Y stays in $2C..$C5: no wrap, and B28_184f's "BaseY < 8" rule (a fall at the top of the
 * screen: rising with BaseY < 8, B28_174f sets the pointer to $0C and wEntityPhase to 1 before
 * the arc step) never fires; the model has it for fuzz starts, which reach it (flag
 * screen_top).  Left out: stairs, platforms ($8b), attacks in the air, Grant.
 *
 * Frames: frame 0 is the press (PS_JUMP_START set; the model counts Trevor airborne from here,
 * as the game's state does), frame 1 runs playerState06 (no move), frame 2 is the first step.
 */
#include "model.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "castlevania.h"

/* $9874-$9891 (bank $1C), seed claim 3. */
static const uint8_t cv3_arc[30] = {
	CV_ARC_START,
	0xfa, 0xfa, 0xfa, 0xfa, 0xfa,       /* 1-5   */
	0xfb, 0xfb, 0xfb, 0xfb, 0xfb,       /* 6-10  */
	0xfd, 0xfd, 0xfd, 0xfd, 0xfd,       /* 11-15 */
	0xfe, 0xfe, 0xfe,                   /* 16-18 */
	0xff, 0xff, 0xff, 0xff,             /* 19-22 */
	0x00, 0xff, 0x00, 0x00, 0x00, 0x00, /* 23-28 */
	CV_ARC_TURN,                        /* 29    */
};
#define CV3_TURN 29
#define CV3_FIRST 9 /* playerState06_jumpStart_exceptGrant: LDA #$09 / STA $05d8,x */
#define CV3_Y0 0x50
#define CV3_BLOCK 16
#define CV3_CROUCH 0x0c /* B28_182f: $b9 := $0C */
#define CV3_SCREEN_TOP 0x08 /* B28_184f: LDA wEntityBaseY / CMP #$08 / BCS */
#define CV3_TOP_PTR 0x0c    /* B28_174f: LDA #$0C / STA $05d8,x; LDA #$01 / STA wEntityPhase,x */

enum { CV3_PS_IDLE = 0x02, CV3_PS_JUMP_START = 0x06, CV3_PS_JUMPING = 0x08 };
enum { CV3_AX_DROP };

#define CV3_FLAG_TABLE_END (1u << 8) /* a move by the $80 marker's +6 px (past the table) */
#define CV3_FLAG_SNAP (1u << 9)      /* the landing snap (Y &= $F0) moved Y */
#define CV3_FLAG_HEAVY (1u << 10)    /* landed with the pointer on the $80: the 12-frame crouch */
#define CV3_FLAG_TOP (1u << 11)      /* B28_184f: the top of the screen turned the rise to a fall */

/* The reference's state (the lane kernel reads it too: js_lane_args.start). */
typedef struct cv3_state {
	uint8_t y;       /* wEntityBaseY */
	uint8_t ptr;     /* $05d8: the table pointer (index into cv3_arc) */
	uint8_t phase;   /* wEntityPhase: 0 rising, 1 falling */
	uint8_t pstate;  /* wPlayerStateDoubled: PS_IDLE, PS_JUMP_START, PS_JUMPING */
	uint8_t floor;   /* BaseY standing on the landing floor */
	uint8_t prev;    /* A on the previous frame (wJoy1NewButtonsPressed = now & ~prev) */
	uint8_t crouch;  /* $b9: the landing crouch timer */
	/* per-frame scratch, last: outside key_size */
	uint8_t speed;       /* wEntityVertSpeed as set this frame (signed) */
	uint8_t frame_flags; /* CV3_FLAG_* >> 8 */
} cv3_state;

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

static void cv3_init(void *vs, const int32_t *ax)
{
	cv3_state *s = vs;
	memset(s, 0, sizeof *s);
	s->y = CV3_Y0;
	s->pstate = CV3_PS_IDLE;
	s->floor = (uint8_t)(CV3_Y0 + CV3_BLOCK * ax[CV3_AX_DROP]);
}

/* playerState08_jumping_exceptGrant from B28_17cf */
static void cv3_jumping(cv3_state *s)
{
	int marker;
	/* B28_184f: rising with BaseY < 8 (the top of the screen) -> jsr $974f (B28_174f): the
	 * pointer := $0C, wEntityPhase := 1: the jump turns into a fall at once.  (The $0565 = $26
	 * test is another state.)  Out of reach from the take-off; a fuzz start reaches it. */
	if (!s->phase && s->y < CV3_SCREEN_TOP) {
		s->ptr = CV3_TOP_PTR;
		s->phase = 1;
		s->frame_flags |= CV3_FLAG_TOP >> 8;
	}
	s->speed = cv_arc_step(cv3_arc, &s->ptr, &s->phase, cv3_arc[1], 0, &marker); /* jsr $984f */
	if (s->phase && s->y >= s->floor) { /* B28_17dc: the feet (Y + $10) in the floor */
		if (s->ptr == 0) {          /* B28_181e: LDA $05d8 / BNE */
			s->crouch = CV3_CROUCH;
			s->frame_flags |= CV3_FLAG_HEAVY >> 8;
		}
		uint8_t y = s->y & 0xf0;    /* B28_0a02 */
		if (y != s->y)
			s->frame_flags |= CV3_FLAG_SNAP >> 8;
		s->y = y;
		s->pstate = CV3_PS_IDLE;    /* B28_183b */
		return;
	}
	s->y = (uint8_t)(s->y + s->speed); /* func_1c_0712 */
	if (marker)
		s->frame_flags |= CV3_FLAG_TABLE_END >> 8;
}

static void cv3_step(void *vs, unsigned input)
{
	cv3_state *s = vs;
	uint8_t a = (input & JS_IN_JUMP) ? 1 : 0;
	uint8_t press = a && !s->prev;
	s->frame_flags = 0;
	s->speed = 0;
	switch (s->pstate) {
	case CV3_PS_JUMPING:
		cv3_jumping(s);
		break;
	case CV3_PS_JUMP_START: /* playerState06_jumpStart_exceptGrant */
		s->pstate = CV3_PS_JUMPING;
		s->phase = 0;
		s->ptr = CV3_FIRST;
		break;
	default: /* playerState02_standIdle */
		if (s->crouch && --s->crouch) /* B28_1540 */
			break;
		if (press) /* B28_154d -> setStateJumpIfCanJump */
			s->pstate = CV3_PS_JUMP_START;
		break;
	}
	s->prev = a;
}

static void cv3_observe(const void *vs, js_obs *o)
{
	const cv3_state *s = vs;
	o->height = (int64_t)CV3_Y0 - (int64_t)s->y;
	o->grounded = s->pstate == CV3_PS_IDLE;
	o->flags = (uint32_t)s->frame_flags << 8;
}

static int cv3_trace_row(const void *vs, char *buf, size_t n)
{
	const cv3_state *s = vs;
	return snprintf(buf, n, "%u,%d,%u,%u,%u,%u", s->y, (int8_t)s->speed, s->ptr, s->phase,
			s->pstate, s->crouch);
}

/* ---- fuzzing hooks (model.h) ---- */

/* wPlayerStateDoubled: the states this model runs are PS_IDLE, PS_JUMP_START and PS_JUMPING;
 * any other value reads as idle (cv3_step's default).  Idle, Trevor stands on the take-off
 * floor; jumping, the crouch timer is 0 (the idle handler only lets a press through once it has
 * counted down).  The pointer is where the arc routine can have left it: rising never on the $80
 * (it starts at 9 and counts up), falling never on the $81 (the turn steps back first). */
static void cv3_fuzz_fix(void *vs)
{
	cv3_state *s = vs;
	s->speed = 0;
	s->frame_flags = 0;
	if (s->pstate != CV3_PS_JUMP_START && s->pstate != CV3_PS_JUMPING)
		s->pstate = CV3_PS_IDLE;
	if (s->pstate == CV3_PS_IDLE) {
		s->y = CV3_Y0;
		return;
	}
	s->crouch = 0;
	if (!s->phase && s->ptr == 0)
		s->ptr = 1;
	if (s->phase && s->ptr == CV3_TURN)
		s->ptr = CV3_TURN - 1;
}

enum { CV3_INV_Y_WRAP, CV3_INV_CROUCH };

static uint32_t cv3_invariants(const void *vb, const void *va, unsigned input)
{
	const cv3_state *b = vb, *a = va;
	(void)input;
	uint32_t bits = 0;
	/* func_1c_0712: BaseY + VertSpeed, 8 bits (a jumping frame that stays jumping moved) */
	if (b->pstate == CV3_PS_JUMPING && a->pstate == CV3_PS_JUMPING) {
		int y = b->y + (int8_t)a->speed;
		if (y < 0 || y > 255)
			bits |= 1u << CV3_INV_Y_WRAP;
	}
	/* $b9 only counts down, but for B28_182f's $0C on a heavy landing */
	if (a->crouch > b->crouch && !(a->crouch == CV3_CROUCH && (a->frame_flags & CV3_FLAG_HEAVY >> 8)))
		bits |= 1u << CV3_INV_CROUCH;
	return bits;
}

JS_LANE_DECLARE(cv3);

static const char *const cv3_claims[] = {
	"castlevania3/jump-table", "castlevania3/jump-start", "castlevania3/landing", NULL,
};

JS_REFERENCE_RUN(cv3, cv3_state, cv3_step, cv3_observe)

const js_model js_model_cv3 = {
	.id = "cv3",
	.game = "Castlevania III: Dracula's Curse",
	.platform = "NES",
	.character = "Trevor, Sypha, Alucard (every character but Grant)",
	.unit = "px",
	.sub_per_unit = 1,
	.tile = 16, /* px per level tile */
	.fps = 60.0988,
	.frame = "NTSC frame (one NMI, 60.0988 Hz)",
	.movie = { .button = { "A" }, .note = "A jumps (B attacks): playerState02_standIdle -> "
		   "setStateJumpIfCanJump on an A press. One movie line per NTSC frame, frame 0 the line "
		   "with A newly down; lag frames are not modelled." },
	.sources = "vinheim3/castlevania3-disasm code/playerStateProcessing_b1c.s: processTrevorState, "
		   "playerState02_standIdle (B28_1540, B28_154d), setStateJumpIfCanJump, "
		   "returnClcIfCanJump, playerState06_jumpStart_exceptGrant, "
		   "playerState08_jumping_exceptGrant (B28_17cf-B28_183d), B28_184f, B28_174f, "
		   "B28_18bf-B28_190a (arc step), func_1c_0712 (move), B28_0a02 (landing snap); table $9874 "
		   "(B28_1874-B28_1891)",
	.notes = "Frame 0 is the press: the idle handler sets PS_JUMP_START (the model counts the "
		 "character airborne from here), frame 1 runs playerState06 (pointer 9, no move), "
		 "frame 2 is the first table step (5 px). Each jumping frame steps the table then moves "
		 "(confirmed: B28_17d4 jsr $984f, then func_1c_0712); on falling frames (the 0 px turn "
		 "frame on the $81 included) the floor is probed before the move at the previous "
		 "position: found -> land without moving, BaseY &= $F0, PS_IDLE. Flat ground: rise 36 "
		 "px, apex frame 17, landing frame 43 (airtime 44). Past the take-off height the fall "
		 "reads entries 8..1 (5,5,5,6,6,6,6,6 px) then the $80 keeps +6 px/frame. No variable "
		 "height. drop: landing floor drop 16-px blocks lower (a jump off a ledge edge; "
		 "horizontal movement not modelled). Room without vertical scroll. Left out: stairs, "
		 "platforms, air attacks, Grant (own jump). After a landing on the $80 marker the idle "
		 "handler waits out the 12-frame crouch ($b9) before a press can jump. The top of the "
		 "screen (B28_184f): a jumping frame that starts rising with BaseY < 8 first sets the "
		 "pointer to 12 and the phase to falling (flag screen_top; out of reach of a jump from "
		 "the floor).",
	.claims = cv3_claims,
	.n_axes = 1,
	.axes = {
		{ .name = "drop", .unit = "16 px blocks", .long_name = "landing floor below the "
		  "take-off floor", .min = 0, .max = 7, .def_lo = 0, .def_hi = 7 },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 72,
	.default_hold = 63,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "table_end", [9] = "snap", [10] = "heavy_landing", [11] = "screen_top",
	},
	.flag_what = {
		[8] = "A move by the $80 marker's +6 px: the pointer ran past the end of the step table"
			" (a fall below the take-off floor).",
		[9] = "The landing snap (Y &= $F0) moved Trevor's Y.",
		[10] = "Trevor landed with the pointer on the $80 marker: the heavy landing's 12-frame "
			"crouch.",
		[11] = "B28_184f: the top of the screen turned the rise into a fall.",
	},
	.character_height = 32,
	.character_height_source = "Trevor's sprite is two 16-px blocks tall (16 x 32); the code probes "
		"the feet at BaseY + $10 (B28_17dc) but keeps no box: the sprite height is a documented "
		"choice, UNCONFIRMED as a collision box (docs/open-questions.md)",
	.state_size = sizeof(cv3_state),
	.key_size = offsetof(cv3_state, speed),
	.init = cv3_init,
	.step = cv3_step,
	.observe = cv3_observe,
	.run_ref = cv3_run_ref,
	.trace_header = "y,speed,ptr,phase,state,crouch",
	.trace_units = "px (+ down),px/frame (+ down),table index,0 rising / 1 falling,code,frames",
	.trace_row = cv3_trace_row,
	.lane = JS_LANE_TABLE(cv3),
	.n_fields = 6,
	.fields = {
		{ "y", offsetof(cv3_state, y), JS_F_U8, 0, 255, "wEntityBaseY (screen pixel, + down)" },
		{ "ptr", offsetof(cv3_state, ptr), JS_F_U8, 0, CV3_TURN,
		  "$05d8: the table pointer (0 the $80, 29 the $81); the arc routine keeps it between "
		  "the markers" },
		{ "phase", offsetof(cv3_state, phase), JS_F_U8, 0, 1,
		  "wEntityPhase: 0 rising, 1 falling" },
		{ "state", offsetof(cv3_state, pstate), JS_F_U8, CV3_PS_IDLE, CV3_PS_JUMPING,
		  "wPlayerStateDoubled: PS_IDLE $02, PS_JUMP_START $06, PS_JUMPING $08 (fuzz_fix reads "
		  "other values as idle)" },
		{ "prev", offsetof(cv3_state, prev), JS_F_U8, 0, 1,
		  "A on the previous frame (wJoy1NewButtonsPressed = now and not then)" },
		{ "crouch", offsetof(cv3_state, crouch), JS_F_U8, 0, CV3_CROUCH,
		  "$b9: the landing crouch; B28_182f sets $0C, the idle handler counts it down" },
	},
	.fuzz_fix = cv3_fuzz_fix,
	.invariants = cv3_invariants,
	.inv_names = { [CV3_INV_Y_WRAP] = "y_wrap", [CV3_INV_CROUCH] = "crouch" },
	.inv_what = {
		[CV3_INV_Y_WRAP] = "the 8-bit BaseY does not wrap past the top or the bottom of the "
				   "screen",
		[CV3_INV_CROUCH] = "the landing crouch timer $b9 only counts down (a heavy landing "
				   "sets it to 12)",
	},
	/* With no buttons, the longest way down: rising from entry 1 (28 rise frames, 81 px, the
	 * turn, 28 fall frames back) from BaseY 89, the lowest whose rise never starts a frame
	 * above row 8 (higher up, B28_184f turns the rise into a fall from entry 12), then the
	 * $80's 6 px a frame from 89 to the lowest floor $C0: 18 frames, and the landing frame:
	 * 28 + 1 + 28 + 18 + 1 = 76 (tests/test_castlevania.c checks every start). */
	.land_bound = 76,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"
#include "castlevania.h" /* again: the lane part */

/* The reference on JS_VW lanes at a time, state in registers, two groups side by side.  The
 * state machine is two masks: start (PS_JUMP_START) and jump (PS_JUMPING).  The step is E(ptr)
 * rising and -E(ptr) falling (castlevania.h), as in cv1.c.  The crouch timer $b9 only acts after
 * a landing, and the first landing ends a lane's accounting (the lane then stays on the ground,
 * for cv_acc_frame), so the lanes leave it out.  Y stays
 * in $2C..$C5 (file comment): int32 adds are the 8-bit adds.  Fuzz starts (js_lane_args.start)
 * break both: they take the same frame with the crouch timer, Y masked to 8 bits and the full
 * accounting (cv3_lanes_frame's `start`). */
typedef struct cv3_lanes {
	js_vi y, ptr, fall, start, jump, prev, floor; /* fall, start, jump: -1 / 0 */
	js_vi crouch;                                 /* $b9: fuzz starts only */
	js_vacc acc;
} cv3_lanes;

static inline void cv3_lanes_init(cv3_lanes *s, const js_lane_args *args, int l0)
{
	int32_t fl[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		fl[i] = CV3_Y0 + CV3_BLOCK * args->axis[CV3_AX_DROP][l];
	}
	s->floor = js_vload(fl);
	s->y = js_vsplat(CV3_Y0);
	s->ptr = s->fall = s->start = s->jump = s->prev = s->crouch = js_vsplat(0);
	if (args->start) { /* a fuzz start: the reference's state */
		int32_t y[JS_VW], ptr[JS_VW], fall[JS_VW], st0[JS_VW], jump[JS_VW], prev[JS_VW], c[JS_VW];
		for (int i = 0; i < JS_VW; i++) {
			int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
			const cv3_state *st = (const cv3_state *)args->start + l;
			y[i] = st->y;
			ptr[i] = st->ptr;
			fall[i] = -(st->phase != 0);
			st0[i] = -(st->pstate == CV3_PS_JUMP_START);
			jump[i] = -(st->pstate == CV3_PS_JUMPING);
			prev[i] = -(st->prev != 0);
			c[i] = st->crouch;
		}
		s->y = js_vload(y);
		s->ptr = js_vload(ptr);
		s->fall = js_vload(fall);
		s->start = js_vload(st0);
		s->jump = js_vload(jump);
		s->prev = js_vload(prev);
		s->crouch = js_vload(c);
	}
	js_vacc_init(&s->acc, args, l0);
}

/* start: a compile-time constant, 1 on the path of fuzz starts (js_lane_args.start): Y may be
 * anywhere (the 8-bit add wraps: masked), the crouch timer may run before the first take-off or
 * be set by a landing before it (a lane may land before it ever rose), so it is kept, and the
 * accounting is lane.h's full one (js_vacc_frame). */
static inline void cv3_lanes_frame(cv3_lanes *s, const cv_arc_lanes *r, const js_lane_args *args,
				   int l0, int f, const int start)
{
	js_vi a = -js_vbit(args->input[0] + (f >> 5) * JS_BLOCK + l0, f);
	js_vi jump = s->jump, st = s->start;
	/* PS_JUMPING: the arc step, then the floor probe (falling) or the move */
	js_vi ptr = s->ptr, fall = s->fall;
	js_vu fl = (js_vu)js_vsplat(0);
	if (start) { /* B28_184f: rising at the top of the screen (never from init's states) */
		js_vi top = jump & ~fall & (s->y < CV3_SCREEN_TOP);
		ptr = js_vsel(top, js_vsplat(CV3_TOP_PTR), ptr);
		fall |= top;
		fl = (js_vu)top & CV3_FLAG_TOP;
	}
	js_vi e = cv_arc_entry(r, ptr);
	js_vi step = (e ^ fall) - fall;
	js_vi turn = ~fall & (ptr == CV3_TURN);
	js_vi mark = fall & (ptr == 0);
	js_vi dec = fall | turn;
	js_vi land = jump & dec & (s->y >= s->floor);
	js_vi move = jump & ~land;
	js_vi nptr = ptr + ((dec | 1) & ~mark);
	js_vi snapy = s->y & 0xf0;
	fl |= ((js_vu)(move & mark) & CV3_FLAG_TABLE_END) |
		   ((js_vu)(land & (snapy != s->y)) & CV3_FLAG_SNAP) |
		   ((js_vu)(land & (nptr == 0)) & CV3_FLAG_HEAVY);
	s->y = js_vsel(land, snapy, s->y + (step & move));
	/* PS_JUMP_START -> PS_JUMPING with pointer 9, rising; PS_IDLE + a new press -> start */
	s->ptr = js_vsel(st, js_vsplat(CV3_FIRST), nptr);
	s->fall = dec & ~st;
	s->jump = move | st;
	js_vi idle = ~jump & ~st;
	js_vi go = idle & a & ~s->prev & ~s->acc.landed; /* frozen after the landing */
	if (start) {
		/* B28_1540: the crouch counts down; still non-zero -> no press; B28_182f: $0C */
		js_vi c1 = s->crouch + (s->crouch != 0);
		go &= c1 == 0;
		s->crouch = js_vsel(land & (nptr == 0), js_vsplat(CV3_CROUCH),
				    js_vsel(idle, c1, s->crouch));
		s->y &= 0xff;
	}
	s->start = go;
	s->prev = a;
	if (start)
		js_vacc_frame(&s->acc, f, CV3_Y0 - s->y, ~(s->jump | s->start), fl);
	else
		cv_acc_frame(&s->acc, f, CV3_Y0 - s->y, s->jump | s->start, land, fl);
}

static void cv3_lanes_from_starts(const js_lane_args *args, const cv_arc_lanes *r)
{
	for (int l0 = 0; l0 < JS_BLOCK; l0 += 2 * JS_VW) {
		cv3_lanes g0, g1;
		cv3_lanes_init(&g0, args, l0);
		cv3_lanes_init(&g1, args, l0 + JS_VW);
		for (int f = 0; f < args->n_frames; f++) {
			cv3_lanes_frame(&g0, r, args, l0, f, 1);
			cv3_lanes_frame(&g1, r, args, l0 + JS_VW, f, 1);
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
 * From init's state a lane's jump is fixed by its take-off frame t0, its first frame with A down
 * (prev starts at 0 and the crouch timer at 0, so that frame's press sets PS_JUMP_START, B28_154d;
 * the lane is in the air or has landed, frozen, from then on, so later presses are never read),
 * and by its floor: every jump runs the same arc, from the same pointer, only shifted by t0.  So
 * the lanes step the arc in the jump's own frames u = f - t0, all lanes on the same u: frame
 * t0 + u steps the arc (T(u), the reference's cv_arc_step from pointer 9; T(0) = T(1) = 0: the
 * press frame and playerState06), and before its move Y is S(u) = Y0 + T(0) + ... + T(u - 1).
 * cv3 looks for the floor before the move and only falling (B28_17d7: wEntityPhase != 0 after
 * the step); rising, S(u) < Y0 <= the floor from u = 3 on (the first step is 5 px up), so the
 * landing is at u = L, the first u >= 3 with S(u) >= the floor, and that frame does not move (Y
 * = S(L), which the snap may move: the fall steps past the take-off height are 5 and 6 px, so
 * S(L) may be up to 5 px past the floor).  The loop moves Y by T(u) from u = 2 on, clamped to the
 * floor (falling every step is >= 0, so the clamp only acts from the move that reaches S(L) on,
 * and a lane on its floor stays there), and counts the moves that leave Y above the floor: the
 * moves of u = 2 .. L - 2, so L = 3 + the count.  Every lane lands by u = 62 (the lowest floor,
 * drop 7), so u < 64.  The landing frame is t0 + L: a lane landed if that is below n_frames,
 * else it is in the air after n_frames - t0 moves (< L).  Its rise, apex, airtime and flags are
 * the arc's at L or after those moves: tables made once per thread (cv3_ztables_get), read at
 * the store (castlevania.h's cv_zlanes, cv_hlanes). */
/* not inlined: the caller keeps the pointer (inlined, GCC called __tls_get_addr again on every
 * frame of the loop) */
static __attribute__((noinline)) const cv_ztables *cv3_ztables_get(void)
{
	static _Thread_local cv_ztables z;
	if (z.ready)
		return &z;
	uint8_t ptr = CV3_FIRST, falling = 0;
	int32_t y = CV3_Y0, low = CV3_Y0, at = -1;
	uint32_t moved = 0; /* the flags of the moves so far */
	for (int n = 0; n < CV_ZARC_N; n++) {
		int marker = 0;
		int8_t step = 0;
		if (n >= 2) /* playerState08's arc step (jsr $984f), from the frame after PS_JUMP_START */
			step = (int8_t)cv_arc_step(cv3_arc, &ptr, &falling, cv3_arc[1], 0, &marker);
		z.t[n] = step;
		/* landing on u = n (B28_17dc): no move, Y = S(n) */
		z.land_fl[n] = (uint16_t)(moved | (n >= 2 && ptr == 0 ? CV3_FLAG_HEAVY : 0) |
					  ((y & 0x0f) ? CV3_FLAG_SNAP : 0));
		z.air_fl[n] = (uint16_t)(moved | JS_FLAG_NOT_LANDED);
		z.rise[n] = (int16_t)(CV3_Y0 - low);
		z.apex[n] = (int16_t)at;
		y += step; /* func_1c_0712 */
		moved |= (marker ? CV3_FLAG_TABLE_END : 0) | (y > CV3_Y0 ? JS_FLAG_BELOW_START : 0);
		if (y < low) { /* strictly higher: the first frame of the top */
			low = y;
			at = n;
		}
	}
	cv_ztables_bytes(&z);
	z.ready = 1;
	return &z;
}

_Static_assert(CV3_BLOCK == 16, "castlevania.h's floors are 16 px blocks");

/* castlevania.h's lanes: moves from u = 2 (T(0) = T(1) = 0), L = 3 + the count */
static void cv3_lanes_fast(const js_lane_args *args)
{
#if JS_VW == 16
	cv_zlanes(args, cv3_ztables_get(), args->axis[CV3_AX_DROP], CV3_Y0, 2, 3);
#else
	cv_hlanes(args, cv3_ztables_get(), args->axis[CV3_AX_DROP], CV3_Y0, 2, 3);
#endif
}
#endif

void JS_LANE_FN(cv3)(const js_lane_args *args)
{
#if defined(CV_FAST_PATH)
	if (!args->start) {
		cv3_lanes_fast(args);
		return;
	}
#endif
	cv_arc_lanes r;
	cv_arc_lanes_init(&r, cv3_arc, CV3_TURN, cv3_arc[1]);
	if (args->start) {
		cv3_lanes_from_starts(args, &r);
		return;
	}
	for (int l0 = 0; l0 < JS_BLOCK; l0 += 2 * JS_VW) {
		cv3_lanes g0, g1;
		cv3_lanes_init(&g0, args, l0);
		cv3_lanes_init(&g1, args, l0 + JS_VW);
		for (int f = 0; f < args->n_frames; f++) {
			cv3_lanes_frame(&g0, &r, args, l0, f, 0);
			cv3_lanes_frame(&g1, &r, args, l0 + JS_VW, f, 0);
			if ((f & 7) == 7) {
				cv_acc_sync(&g0.acc, (g0.jump | g0.start));
				cv_acc_sync(&g1.acc, (g1.jump | g1.start));
				if (js_vacc_done(&g0.acc, f) && js_vacc_done(&g1.acc, f))
					break;
			}
		}
		cv_acc_sync(&g0.acc, (g0.jump | g0.start));
		cv_acc_sync(&g1.acc, (g1.jump | g1.start));
		js_vacc_store(&g0.acc, args, l0);
		js_vacc_store(&g1.acc, args, l0 + JS_VW);
	}
}

#endif
