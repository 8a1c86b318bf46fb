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
 * them on falling frames and uses the previous frame's position (this confirms the order of the
 * Y update and the table step that docs/models.md marks UNCONFIRMED).
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
 * screen) never fires.  Left out: stairs, platforms ($8b), attacks in the air, Grant.
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

enum { CV3_PS_IDLE = 0x02, CV3_PS_JUMP_START = 0x06, CV3_PS_JUMPING = 0x08 };
enum { CV3_AX_DROP };

#define CV3_FLAG_TABLE_END (1u << 8) /* a move by the $80 marker's +6 px (past the table) */
#define CV3_FLAG_SNAP (1u << 9)      /* the landing snap (Y &= $F0) moved Y */
#define CV3_FLAG_HEAVY (1u << 10)    /* landed with the pointer on the $80: the 12-frame crouch */

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

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
	s->speed = cv_arc_step(cv3_arc, &s->ptr, &s->phase, cv3_arc[1], &marker); /* jsr $984f */
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

JS_LANE_DECLARE(cv3);

static const char *const cv3_claims[] = {
	"castlevania3/jump-table", "castlevania3/jump-start", "castlevania3/landing", NULL,
};

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
	.sources = "vinheim3/castlevania3-disasm code/playerStateProcessing_b1c.s: processTrevorState, "
		   "playerState02_standIdle (B28_1540, B28_154d), setStateJumpIfCanJump, "
		   "returnClcIfCanJump, playerState06_jumpStart_exceptGrant, "
		   "playerState08_jumping_exceptGrant (B28_17cf-B28_183d), B28_184f, B28_18bf-B28_190a "
		   "(arc step), func_1c_0712 (move), B28_0a02 (landing snap); table $9874 "
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
		 "handler waits out the 12-frame crouch ($b9) before a press can jump.",
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
		[8] = "table_end", [9] = "snap", [10] = "heavy_landing",
	},
	.state_size = sizeof(cv3_state),
	.key_size = offsetof(cv3_state, speed),
	.init = cv3_init,
	.step = cv3_step,
	.observe = cv3_observe,
	.trace_header = "y,speed,ptr,phase,state,crouch",
	.trace_row = cv3_trace_row,
	.lane = JS_LANE_TABLE(cv3),
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"
#include "castlevania.h" /* again: the lane part */

/* The reference on JS_VW lanes at a time, state in registers, two groups side by side.  The
 * state machine is two masks: start (PS_JUMP_START) and jump (PS_JUMPING).  The step is E(ptr)
 * rising and -E(ptr) falling (castlevania.h), as in cv1.c.  The crouch timer $b9 only acts after
 * a landing, and the first landing ends a lane's accounting (the lane then stays on the ground,
 * for cv_acc_frame), so the lanes leave it out.  Y stays
 * in $2C..$C5 (file comment): int32 adds are the 8-bit adds. */
typedef struct cv3_lanes {
	js_vi y, ptr, fall, start, jump, prev, floor; /* fall, start, jump: -1 / 0 */
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
	s->ptr = s->fall = s->start = s->jump = s->prev = js_vsplat(0);
	js_vacc_init(&s->acc, args, l0);
}

static inline void cv3_lanes_frame(cv3_lanes *s, const cv_arc_lanes *r, const js_lane_args *args,
				   int l0, int f)
{
	js_vi a = -js_vbit(args->input[0] + (f >> 5) * JS_BLOCK + l0, f);
	js_vi jump = s->jump, start = s->start;
	/* PS_JUMPING: the arc step, then the floor probe (falling) or the move */
	js_vi ptr = s->ptr, fall = s->fall;
	js_vi e = cv_arc_entry(r, ptr);
	js_vi step = (e ^ fall) - fall;
	js_vi turn = ~fall & (ptr == CV3_TURN);
	js_vi mark = fall & (ptr == 0);
	js_vi dec = fall | turn;
	js_vi land = jump & dec & (s->y >= s->floor);
	js_vi move = jump & ~land;
	js_vi nptr = ptr + ((dec | 1) & ~mark);
	js_vi snapy = s->y & 0xf0;
	js_vu fl = ((js_vu)(move & mark) & CV3_FLAG_TABLE_END) |
		   ((js_vu)(land & (snapy != s->y)) & CV3_FLAG_SNAP) |
		   ((js_vu)(land & (nptr == 0)) & CV3_FLAG_HEAVY);
	s->y = js_vsel(land, snapy, s->y + (step & move));
	/* PS_JUMP_START -> PS_JUMPING with pointer 9, rising; PS_IDLE + a new press -> start */
	s->ptr = js_vsel(start, js_vsplat(CV3_FIRST), nptr);
	s->fall = dec & ~start;
	s->jump = move | start;
	s->start = ~jump & ~start & a & ~s->prev & ~s->acc.landed; /* frozen after the landing */
	s->prev = a;
	cv_acc_frame(&s->acc, f, CV3_Y0 - s->y, s->jump | s->start, land, fl);
}

void JS_LANE_FN(cv3)(const js_lane_args *args)
{
	cv_arc_lanes r;
	cv_arc_lanes_init(&r, cv3_arc, CV3_TURN, cv3_arc[1]);
	for (int l0 = 0; l0 < JS_BLOCK; l0 += 2 * JS_VW) {
		cv3_lanes g0, g1;
		cv3_lanes_init(&g0, args, l0);
		cv3_lanes_init(&g1, args, l0 + JS_VW);
		for (int f = 0; f < args->n_frames; f++) {
			cv3_lanes_frame(&g0, &r, args, l0, f);
			cv3_lanes_frame(&g1, &r, args, l0 + JS_VW, f);
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
