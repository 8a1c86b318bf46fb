/* kernels/sms.c - Super Mario Sunshine (GameCube): Mario's jumps on flat ground, float32 exact.
 *
 * Follows doldecomp/sms (commit eaa222a05491, 2026-08-22): src/Player/MarioPhysics.cpp
 * (isFallCancel L448, fallProcess L462, jumpProcess L486, checkGroundAtJumping L329),
 * src/Player/MarioMove.cpp (setPlayerJumpSpeed L404, setStatusToJumping L409, changePlayerStatus
 * L714, changePlayerJumping L776, considerRotateJumpStart L189, the mInput bits L1561-1592,
 * checkPlayerAction L1842, stateMachine L1853, playerControl L2438), src/Player/MarioJump.cpp
 * (doJumping L33, jumpingBasic L92, considerJumpRotate L232, jumpingCommonEvents L264, jumping
 * L276, secJumping L301, ultraJumping L321, backJumping L338, uTurnJumping L390, jumpWall L405,
 * broadJumping L845, rotateBroadJumping L852, rotateJumping L1013, jumpMain L1298, stayWall
 * L562), src/Player/MarioInit.cpp (TJumpParams::TJumpParams L538: the parameter defaults),
 * include/Player/MarioStatus.hpp (status constants), include/System/MarioGamePad.hpp and
 * src/System/MarioGamePad.cpp (updateMeaning: A is MEANING_0x80), src/System/Application.cpp
 * (SMSGetVSyncTimesPerSec: 60 / 2 = 30 on NTSC).  Labels are cited where each rule comes from;
 * facts only, no code is copied.
 *
 * THE NUMBERS ARE THE CODE'S DEFAULTS.  Most constants are TParamRT parameters built with a
 * default in the code (TJumpParams, "/Mario/Jump.prm"); TParams::load (System/Params.cpp, marked
 * Matching) replaces a default with the record of the same key and name in the disc's file (the
 * scene's /map/params folder first, else the params archive).  The disc has not been read, so
 * every parameter value here may be overridden in the game (UNCONFIRMED).  The parameters this
 * model uses and their defaults: mGravity 0.8, mSpinJumpGravity 0.6, mSecJumpForce 52,
 * mSecJumpSpeedMult 0, mSecJumpXZMult 0.8, mUltraJumpForce 70, mUltraJumpSpeedMult 0.25,
 * mUltraJumpXZMult 0.8, mRotateJumpForceY 62, mBackJumpForce -16, mBackJumpForceY 62,
 * mTurnJumpForce 62, mBroadJumpForce 80, mBroadJumpForceY 30, mRotBroadJumpForce 60,
 * mRotBroadJumpForceY 20, mJumpSpeedBrake 0.999.  Written in the code itself (no parameter): the
 * single jump's 42 + 0.25 fwd and fwd x 0.8, the rotate jump's 0.25 and x 0.8, the wall jump's
 * 62 and fwd 24, the side (U-turn) jump's fwd 8, the fall cancel's x 0.75 above 20, the -75 cap,
 * the quarter step, doJumping's 32 / -0.2 and -16 / +0.4.
 * One default is known NOT to be what the game plays: TSlipParams' mMissJump defaults to 1 for
 * every slip set, /Mario/SlipParamNormal.prm too, so with the code's defaults isJumpMiss() would
 * be true on ordinary ground and changePlayerJumping would turn every jump from the ground into
 * MARIO_STATUS_MISS_JUMP.  Mario's ordinary jumps in the game show the disc's file sets it to 0;
 * the model follows the jump statuses (the miss jump is left out).
 * Player/MarioPhysics.cpp, MarioMove.cpp, MarioJump.cpp and MarioInit.cpp are NonMatching in
 * configure.py: the decompiled order of operations is UNCONFIRMED against the binary.  Every
 * product in the vertical path is exact (x 0.25 or x 0), so a fused multiply-add (fmadds) there
 * would give the same floats.
 *
 * The world: an endless flat floor at y = 0 (ordinary ground: no slider, water, sand, pollution,
 * trampoline plane, ceiling, wall or object), no FLUDD, no Yoshi, nothing held.  Units: world
 * units (Mario's collision height is 160: the roof checks' 160.0f); 30 Hz logic frames.
 *
 * One frame = one TMario::playerControl (MarioMove.cpp L2438):
 *   checkPlayerAction   mInput from the pad's meanings: 0x80 while A is held (mMeaning & 0x80),
 *                       0x2 on the frame A goes down (mEnabledFrameMeaning & 0x80).  With a
 *                       plain pad, meaning 0x80 is the A button (updateMeaning: the trigger, or
 *                       held with last frame's meaning).
 *   stateMachine        runs the status's routine; one that changes status and returns non-zero
 *                       makes it run the new status in the same frame (the take-off frame
 *                       therefore already moves and falls).
 *
 * Take-off (setStatusToJumping, MarioMove.cpp L409; setPlayerJumpSpeed: vy = fwd * mult + force,
 * float32), the `action` axis, and which take-offs set the fall-cancel permission (unk78 |= 0x100
 * when the new status has MARIO_STATUS_FLAG_UNK2000000, L665-669; cleared otherwise):
 *   jump          MARIO_STATUS_JUMP 0x2000880          vy = fwd*0.25 + 42, fwd *= 0.8     cancel
 *   second        MARIO_STATUS_SECOND_JUMP 0x2000881   vy = fwd*0 + 52,    fwd *= 0.8     cancel
 *   triple        MARIO_STATUS_ULTRA_JUMP 0x882        vy = fwd*0.25 + 70, fwd *= 0.8
 *   back          MARIO_STATUS_BACK_JUMP 0x883         fwd = -16, vy = fwd*0 + 62
 *   wall          MARIO_STATUS_WALL_JUMP 0x2000886     vy = fwd*0 + 62,    fwd = 24       cancel
 *                 (stayWall / startJumpWall first set vy = 52, or 1 under a low ceiling; the
 *                 status change overwrites it with 62)
 *   spin          MARIO_STATUS_RIGHT/LEFT_ROTATE_JUMP 0x896/0x895 (considerRotateJumpStart: the
 *                 stick turned round before the press)  vy = fwd*0.25 + 62, fwd *= 0.8
 *   side          MARIO_STATUS_U_TURN_JUMP 0x887       vy = fwd*0 + 62,    fwd = 8
 *   broad         MARIO_STATUS_BROAD_JUMP 0x888 (the turbo nozzle's jump)  fwd = 80, vy = 30
 *   rotate_broad  MARIO_STATUS_ROTATE_BROAD_JUMP 0x2000889 (A in a fast belly slide)
 *                 fwd = 60, vy = 20                                                       cancel
 * (the ground rules that lead to each - running, a second press in JUMP_SLIP, a wall slide, the
 * squat with R - are not checked: the first A press starts the axis's status).
 *
 * Air frames (jumpMain L1298 -> the status's routine -> jumpingBasic L92):
 *   considerJumpRotate  jump, second, wall and side jumps (jumpingCommonEvents, jumpWall) turn
 *                       into a rotate jump the frame the stick history shows a full turn: mStatus
 *                       is set directly (the cancel permission is kept), and the rotate routine
 *                       runs in the same frame.  The `spin` axis is that frame, counted from the
 *                       take-off frame (1 = the next frame; 0 = never).
 *   doJumping           fwd *= mJumpSpeedBrake 0.999 (no stick), fwd > 32 -> fwd -= 0.2, fwd <
 *                       -16 -> fwd += 0.4.  Horizontal only; kept for the trace.
 *   jumpProcess         next.y = y + 0.25 vy (one quarter step per frame, no loop);
 *                       checkGroundAtJumping: next.y <= floor -> y = floor, ground (code 1),
 *                       else y = next.y; then fallProcess in every case:
 *   fallProcess         isFallCancel (permission set, status & 0x21000 == 0 - true of every
 *                       status here - A not held, vy > 20): vy *= 0.75;
 *                       else a rotate jump with vy < 0: vy -= mSpinJumpGravity 0.6;
 *                       else vy -= mGravity 0.8; then vy < -75 -> -75.
 *   landing             jumpingBasic code 1: the status's landing status (JUMP_SLIP 0x4000470
 *                       for jump / wall, SEC_JUMP_SLIP 0x4000472 for second / back / spin,
 *                       ULTRA_JUMP_SLIP 0x4000478, U_TURN_JUMP_SLIP 0x4000473, RUN 0x4000440 for
 *                       broad / rotate_broad).  The strong landing (unk2A8.y - y >
 *                       mDamageFallHeight 1000 and vy <= -70) cannot happen on flat ground:
 *                       unk2A8.y is the take-off floor.
 * The model's frame 0 is the first input frame; the first A press takes off (so the take-off
 * frame is the press frame).  After the landing nothing more is modelled: the run ends there
 * (the state stays as the landing frame left it, and later presses are ignored).
 *
 * Heights: y is float32; the height unit is 2^-23 world unit (sub_per_unit 8388608, as sm64).
 * Every float32 >= 1 is a multiple of 2^-23; below 1 unit y can have finer bits (0.8 is not a
 * binary fraction), so the height is floor(y * 2^23) and the flag height_rounded marks a frame
 * where y * 2^23 was not an integer.
 *
 * Left out: the stick (air control, the history that checkStickRotate reads: the spin frame is
 * an axis instead), B (the dive MARIO_STATUS_JUMP_CATCH, the hip drop), FLUDD (hover, rocket,
 * turbo), Yoshi (mJumpYoshiMult, flutter), sinking sand, trampolines and jump-power planes,
 * MARIO_STATUS_MISS_JUMP, the underwater MARIO_STATUS_DIVE and its own gravity, walls, ceilings,
 * objects (trampling clears the cancel permission), and the ground after a landing (JUMP_SLIP's
 * second / ultra jump chain, mSecJumpEnableSp / mTriJumpEnableSp 20).
 */
#include "model.h"

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if FLT_EVAL_METHOD != 0
#error "sms: float expressions must be evaluated in float (FLT_EVAL_METHOD 0, e.g. SSE)"
#endif

/* The model's status kinds: 0 standing before the press, then the axis order + 1. */
enum {
	SMS_STAND = 0,
	SMS_JUMP, SMS_SECOND, SMS_TRIPLE, SMS_BACK, SMS_WALL, SMS_SPIN, SMS_SIDE, SMS_BROAD,
	SMS_ROTATE_BROAD,
	SMS_N_KINDS
};
enum { SMS_AX_ACTION, SMS_AX_FWD, SMS_AX_SPIN };

/* Kinds whose take-off status has MARIO_STATUS_FLAG_UNK2000000 (the cancel permission). */
#define SMS_CANCEL_KINDS ((1u << SMS_JUMP) | (1u << SMS_SECOND) | (1u << SMS_WALL) | \
			  (1u << SMS_ROTATE_BROAD))
/* Kinds whose routine calls considerJumpRotate (jumping, secJumping, jumpWall, uTurnJumping). */
#define SMS_SPIN_KINDS ((1u << SMS_JUMP) | (1u << SMS_SECOND) | (1u << SMS_WALL) | (1u << SMS_SIDE))

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT). */
#define SMS_FLAG_FALL_CANCEL (1u << 8)    /* fallProcess took the isFallCancel branch: vy *= 0.75 */
#define SMS_FLAG_SPIN_GRAVITY (1u << 9)   /* the rotate jump's falling branch: vy -= 0.6 */
#define SMS_FLAG_TERMINAL (1u << 10)      /* vy clamped at -75 */
#define SMS_FLAG_SPUN (1u << 11)          /* considerJumpRotate turned the jump into a spin */
#define SMS_FLAG_HEIGHT_ROUNDED (1u << 12) /* y * 2^23 not an integer (y below 1 unit) */

#define SMS_SUB_SHIFT 23
#define SMS_SUB_PER_UNIT (1LL << SMS_SUB_SHIFT)
#define SMS_T_MAX 65535 /* the frame counter saturates */
/* The fuzz fields' height range (y in 0..SMS_Y_MAX world units; 16040 is the highest rise the
 * axes reach: ultra jump at fwd 1000).  A state is only consistent if its rise fits in it too:
 * fuzz_fix lowers y to SMS_Y_MAX - sms_rise_bound(vy) (see there). */
#define SMS_Y_MAX 50000.0f
/* From any fuzz start with no buttons Mario lands within this many frames.  The slowest starts
 * are a rotate jump without the cancel permission (rise at -0.8, fall at -0.6 to the cap) at vy
 * near 400 and y = SMS_Y_MAX - sms_rise_bound(vy): 3226 frames at vy 399.4 on a 0.1 grid of vy;
 * tests/test_sms.c steps a finer grid against this bound. */
#define SMS_LAND_BOUND 3230

/* TJumpParams defaults (MarioInit.cpp L538) and the constants written in the code. */
#define SMS_GRAVITY 0.8f           /* mGravity */
#define SMS_SPIN_GRAVITY 0.6f      /* mSpinJumpGravity */
#define SMS_JUMP_SPEED_BRAKE 0.999f /* mJumpSpeedBrake */
#define SMS_CANCEL_ABOVE 20.0f     /* isFallCancel: mVel.y > 20.0f */
#define SMS_CANCEL_MULT 0.75f      /* fallProcess: mVel.y *= 0.75f */
#define SMS_FALL_CAP -75.0f        /* fallProcess: mVel.y < -75.0f -> -75.0f */

/* The state.  Visible to the lane kernel too: it starts lanes from it (js_lane_args.start). */
typedef struct sms_state {
	float y;          /* mPosition.y (the floor is at 0) */
	float vy;         /* mVel.y */
	float fwd;        /* mForwardVel */
	uint16_t t;       /* frames since the take-off frame (the model's clock for the spin axis) */
	uint8_t kind;     /* SMS_STAND or the air status (SMS_JUMP ..) */
	uint8_t landed;   /* jumpProcess reported the ground: Mario is in the landing status */
	uint8_t cancel;   /* unk78 & 0x100: isFallCancel's permission */
	uint8_t prev_a;   /* A held on the last frame (the pad's previous meaning) */
	uint8_t axis_kind; /* the action axis + 1 (the status the first press starts) */
	uint8_t spin_at;  /* the spin axis (0 = never) */
	uint32_t frame_flags; /* events of the last step: scratch, last (outside key_size) */
} sms_state;

_Static_assert(sizeof(sms_state) == 24, "sms_state has no padding");
_Static_assert(sizeof(sms_state) <= JS_STATE_MAX, "sms state too large");

static inline void sms_init_state(sms_state *s, int32_t action, int32_t fwd, int32_t spin)
{
	memset(s, 0, sizeof *s);
	s->kind = SMS_STAND;
	s->fwd = (float)fwd;
	s->axis_kind = (uint8_t)(SMS_JUMP + action);
	s->spin_at = (uint8_t)spin;
}

/* setStatusToJumping (MarioMove.cpp L409) for the kind: vy, fwd, and the cancel permission
 * (L665-669).  setPlayerJumpSpeed (L404): vy = (fwd * mult) + force. */
static inline void sms_take_off(int kind, float fwd, float *vy_out, float *fwd_out, int *cancel)
{
	float vy = 0.0f;
	switch (kind) {
	case SMS_JUMP:
		vy = (fwd * 0.25f) + 42.0f;
		fwd *= 0.8f;
		break;
	case SMS_SECOND: /* mSecJumpSpeedMult 0, mSecJumpForce 52, mSecJumpXZMult 0.8 */
		vy = (fwd * 0.0f) + 52.0f;
		fwd *= 0.8f;
		break;
	case SMS_TRIPLE: /* mUltraJumpSpeedMult 0.25, mUltraJumpForce 70, mUltraJumpXZMult 0.8 */
		vy = (fwd * 0.25f) + 70.0f;
		fwd *= 0.8f;
		break;
	case SMS_BACK: /* mBackJumpForce -16, then mBackJumpForceY 62 */
		fwd = -16.0f;
		vy = (fwd * 0.0f) + 62.0f;
		break;
	case SMS_WALL:
		vy = (fwd * 0.0f) + 62.0f;
		fwd = 24.0f;
		break;
	case SMS_SPIN: /* mRotateJumpForceY 62 */
		vy = (fwd * 0.25f) + 62.0f;
		fwd *= 0.8f;
		break;
	case SMS_SIDE: /* mTurnJumpForce 62 */
		vy = (fwd * 0.0f) + 62.0f;
		fwd = 8.0f;
		break;
	case SMS_BROAD: /* mBroadJumpForce 80, mBroadJumpForceY 30 */
		fwd = 80.0f;
		vy = 30.0f;
		break;
	case SMS_ROTATE_BROAD: /* mRotBroadJumpForce 60, mRotBroadJumpForceY 20 */
		fwd = 60.0f;
		vy = 20.0f;
		break;
	default:
		break;
	}
	*vy_out = vy;
	*fwd_out = fwd;
	*cancel = (SMS_CANCEL_KINDS >> kind) & 1u;
}

static inline int sms_spinnable(int kind)
{
	return (int)((SMS_SPIN_KINDS >> kind) & 1u);
}

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

/* reach_canon (model.h): mForwardVel reaches the vertical path only through the take-off's
 * fwd * mult (sms_take_off), whose mult is 0 or which overwrites fwd for the second, back,
 * wall, side, broad and rotate-broad jumps; after it fwd is horizontal only (doJumping) and
 * observe reads y, vy's events and the status.  So for those take-offs every fwd is one jump. */
static void sms_reach_canon(void *vs)
{
	sms_state *s = vs;
	switch (s->axis_kind) {
	case SMS_SECOND:
	case SMS_BACK:
	case SMS_WALL:
	case SMS_SIDE:
	case SMS_BROAD:
	case SMS_ROTATE_BROAD:
		s->fwd = 0.0f;
		break;
	default:
		break;
	}
}

/* Game status constants (include/Player/MarioStatus.hpp), for the trace: in the air, and the
 * landing status jumpingBasic enters (the routine's statusOnGround). */
static const uint32_t sms_status_air[SMS_N_KINDS] = {
	[SMS_STAND] = 0, /* the model's start: no status (running or standing at fwd) */
	[SMS_JUMP] = 0x02000880, [SMS_SECOND] = 0x02000881, [SMS_TRIPLE] = 0x00000882,
	[SMS_BACK] = 0x00000883, [SMS_WALL] = 0x02000886, [SMS_SPIN] = 0x00000896,
	[SMS_SIDE] = 0x00000887, [SMS_BROAD] = 0x00000888, [SMS_ROTATE_BROAD] = 0x02000889,
};
static const uint32_t sms_status_land[SMS_N_KINDS] = {
	[SMS_STAND] = 0,
	[SMS_JUMP] = 0x04000470, [SMS_SECOND] = 0x04000472, [SMS_TRIPLE] = 0x04000478,
	[SMS_BACK] = 0x04000472, [SMS_WALL] = 0x04000470, [SMS_SPIN] = 0x04000472,
	[SMS_SIDE] = 0x04000473, [SMS_BROAD] = 0x04000440, [SMS_ROTATE_BROAD] = 0x04000440,
};

static void sms_init(void *vs, const int32_t *ax)
{
	sms_init_state(vs, ax[SMS_AX_ACTION], ax[SMS_AX_FWD], ax[SMS_AX_SPIN]);
}

/* fallProcess (MarioPhysics.cpp L462), the branches a jump status reaches (not the dive). */
static void sms_fall_process(sms_state *s, int a_held)
{
	/* isFallCancel (L448): unk78 & 0x100, !(mStatus & 0x21000), !(mInput & 0x80), vy > 20 */
	if (s->cancel && !a_held && s->vy > SMS_CANCEL_ABOVE) {
		s->vy *= SMS_CANCEL_MULT;
		s->frame_flags |= SMS_FLAG_FALL_CANCEL;
	} else if (s->kind == SMS_SPIN && s->vy < 0.0f) { /* LEFT/RIGHT_ROTATE_JUMP falling */
		s->vy -= SMS_SPIN_GRAVITY;
		s->frame_flags |= SMS_FLAG_SPIN_GRAVITY;
	} else {
		s->vy -= SMS_GRAVITY;
	}
	if (s->vy < SMS_FALL_CAP) {
		s->vy = SMS_FALL_CAP;
		s->frame_flags |= SMS_FLAG_TERMINAL;
	}
}

static void sms_step(void *vs, unsigned input)
{
	sms_state *s = vs;
	int a = (input & JS_IN_JUMP) != 0; /* mInput & 0x80 */
	int press = a && !s->prev_a;       /* mInput & 0x2 */
	s->prev_a = (uint8_t)a;
	s->frame_flags = 0;
	if (s->landed)
		return; /* the landing status: not modelled, the run is over */
	if (s->kind == SMS_STAND) {
		if (!press)
			return;
		/* waitingCommonEvents / running -> changePlayerJumping -> changePlayerStatus ->
		 * setStatusToJumping; stateMachine then runs the jump status in this frame */
		int cancel;
		sms_take_off(s->axis_kind, s->fwd, &s->vy, &s->fwd, &cancel);
		s->kind = s->axis_kind;
		s->cancel = (uint8_t)cancel;
		s->t = 0;
	} else if (sms_spinnable(s->kind) && s->spin_at != 0 && s->t == s->spin_at) {
		/* jumpingCommonEvents / jumpWall -> considerJumpRotate: mStatus = ROTATE_JUMP (no
		 * changePlayerStatus: unk78 kept); stateMachine runs rotateJumping this frame */
		s->kind = SMS_SPIN;
		s->frame_flags |= SMS_FLAG_SPUN;
	}
	/* doJumping (MarioJump.cpp L33), no stick */
	s->fwd *= SMS_JUMP_SPEED_BRAKE;
	if (s->fwd > 32.0f)
		s->fwd -= 0.2f;
	if (s->fwd < -16.0f)
		s->fwd += 0.4f;
	/* jumpProcess (MarioPhysics.cpp L486): one quarter step, checkGroundAtJumping */
	float next_y = s->y + 0.25f * s->vy;
	if (next_y <= 0.0f) { /* pos.y <= mFloorPosition.y: mPosition.y = floor, code 1 */
		s->y = 0.0f;
		s->landed = 1;
	} else {
		s->y = next_y;
	}
	sms_fall_process(s, a); /* every frame of jumpProcess, the landing frame too */
	if (s->t < SMS_T_MAX)
		s->t++;
}

static void sms_observe(const void *vs, js_obs *o)
{
	const sms_state *s = vs;
	float h = s->y * 8388608.0f; /* exact: a power-of-two scale */
	float fh = floorf(h);
	o->height = (int64_t)fh;
	o->grounded = s->kind == SMS_STAND || s->landed;
	o->flags = s->frame_flags | (fh != h ? SMS_FLAG_HEIGHT_ROUNDED : 0);
}

/* %.9g prints every float so that strtof reads back the same bits. */
static int sms_trace_row(const void *vs, char *buf, size_t n)
{
	const sms_state *s = vs;
	uint32_t st = s->landed ? sms_status_land[s->kind] : sms_status_air[s->kind];
	return snprintf(buf, n, "%.9g,%.9g,%.9g,0x%08X,%u,%u,%u", (double)s->y, (double)s->vy,
			(double)s->fwd, (unsigned)st, (unsigned)s->cancel, (unsigned)s->landed,
			(unsigned)s->t);
}

/* ---- fuzzing hooks ---- */

/* An upper bound on the height a rise from vy > 0 adds: while rising every frame takes at least
 * 0.8 off vy (the cut takes more), so the quarter steps sum to at most 0.25 * vy * (vy / 0.8 +
 * 1) / 2; the bound doubles the + 1 and adds 16 units for float rounding (below 0.01 a step). */
static double sms_rise_bound(double vy)
{
	return vy > 0.0 ? 0.125 * vy * (vy / 0.8 + 2.0) + 16.0 : 0.0;
}

static void sms_fuzz_fix(void *vs)
{
	sms_state *s = vs;
	/* the rise must stay within the field's range, as the game's rises stay within its levels */
	double top = (double)SMS_Y_MAX - sms_rise_bound(s->vy);
	if ((double)s->y > top)
		s->y = top > 0.0 ? (float)top : 0.0f;
	if (s->kind == SMS_STAND) { /* standing: on the floor, no jump yet */
		s->landed = 0;
		s->y = 0.0f;
		s->vy = 0.0f;
		s->cancel = 0;
		s->t = 0;
	}
	if (s->landed) /* the landing status: on the floor */
		s->y = 0.0f;
	/* the permission is set only by a take-off into a UNK2000000 status; a jump / second /
	 * wall jump that spun keeps it */
	if (!((SMS_CANCEL_KINDS | (1u << SMS_SPIN)) >> s->kind & 1u))
		s->cancel = 0;
}

enum { SMS_INV_FALL_CAP, SMS_INV_NO_LIFT, SMS_INV_FLOOR };

static uint32_t sms_invariants(const void *vb, const void *va, unsigned input)
{
	const sms_state *b = vb, *a = va;
	(void)input;
	uint32_t bad = 0;
	int air_before = b->kind != SMS_STAND && !b->landed;
	int air_after = a->kind != SMS_STAND;
	if (air_after && a->vy < SMS_FALL_CAP && !(b->vy < SMS_FALL_CAP))
		bad |= 1u << SMS_INV_FALL_CAP;
	if (air_before && a->vy > b->vy)
		bad |= 1u << SMS_INV_NO_LIFT;
	if (a->y < 0.0f)
		bad |= 1u << SMS_INV_FLOOR;
	return bad;
}

JS_LANE_DECLARE(sms);

static const char *const sms_claims[] = {
	"sms/code-defaults", "sms/quarter-step", "sms/gravity", "sms/jump", "sms/spin-gravity",
	"sms/fall-cap", "sms/take-off-speeds", "sms/cancel-statuses", "sms/mid-air-spin",
	"sms/release-cut-repeats", NULL,
};

JS_REFERENCE_RUN(sms, sms_state, sms_step, sms_observe)

const js_model js_model_sms = {
	.id = "sms",
	.game = "Super Mario Sunshine",
	.platform = "GameCube",
	.character = "Mario, flat ground, A only (no stick, B, FLUDD or Yoshi); the code's default "
		     "parameters, not the disc's /Mario/Jump.prm",
	.unit = "world unit",
	.sub_per_unit = SMS_SUB_PER_UNIT,
	.tile = 0,
	.fps = 30.0,
	.frame = "one TMario::playerControl (30 Hz logic frame: SMSGetVSyncTimesPerSec() = 60 / 2 on "
		 "NTSC)",
	.movie = { .button = { "A" }, .note = "A jumps (mInput bits in MarioMove.cpp, the A press for "
		   "jumpProcess). GameCube: no format here writes it (Dolphin's .dtm is not supported); "
		   "the logic runs at 30 Hz, two video frames per model frame." },
	.sources = "doldecomp/sms @eaa222a: src/Player/MarioPhysics.cpp (isFallCancel L448, "
		   "fallProcess L462, jumpProcess L486, checkGroundAtJumping L329), "
		   "src/Player/MarioMove.cpp (setPlayerJumpSpeed L404, setStatusToJumping L409, "
		   "changePlayerStatus L714, changePlayerJumping L776, considerRotateJumpStart L189, "
		   "mInput bits L1561, stateMachine L1853, playerControl L2438), "
		   "src/Player/MarioJump.cpp (doJumping L33, jumpingBasic L92, considerJumpRotate L232, "
		   "jumping L276 .. rotateJumping L1013, jumpMain L1298), src/Player/MarioInit.cpp "
		   "(TJumpParams defaults L538, TSlipParams L853), include/Player/MarioStatus.hpp, "
		   "src/System/MarioGamePad.cpp, src/System/Params.cpp (TParams::load), "
		   "src/System/Application.cpp (SMSGetVSyncTimesPerSec)",
	.notes = "VALUES ARE THE CODE'S DEFAULTS, NOT NECESSARILY THE GAME'S: gravity 0.8 "
		 "(mGravity), spin-jump fall gravity 0.6 (mSpinJumpGravity) and the take-off speeds "
		 "of the second (52), triple (70 + 0.25 fwd), back (62), spin (62 + 0.25 fwd), side "
		 "(62), broad (30) and rotate-broad (20) jumps are TJumpParams defaults from the code; "
		 "TParams::load replaces any of them that the disc's /Mario/Jump.prm lists, and that "
		 "file was not read (UNCONFIRMED; docs/open-questions.md). Written in the code itself: "
		 "the single jump's 42 + "
		 "0.25 fwd, the wall jump's 62, the fall cancel x0.75 above 20, the -75 cap, the one "
		 "quarter step per frame. One default is known not to be the game's: mMissJump "
		 "defaults to 1 for ordinary ground, which would make every ground jump a miss jump; "
		 "the model follows the jump statuses as the game plays them. The Player files are "
		 "NonMatching in the decomp (order of operations UNCONFIRMED; the vertical path's "
		 "products are exact, so an fmadds would not change it). Frame 0 is the first input "
		 "frame; the first A press starts the `action` axis's status from the floor at forward "
		 "speed `fwd` (preconditions not checked) and that frame already moves: y += 0.25 vy, "
		 "then fallProcess (cancel x0.75 while the permission is set, A is up and vy > 20; "
		 "spin falling -0.6; else -0.8; cap -75). spin = the frame (after the take-off frame) "
		 "on which a jump / second / wall / side jump turns into a spin jump (the stick's turn "
		 "is not modelled; 0 = never). The run ends at the landing (no chains). Heights in "
		 "2^-23 unit, floor(y * 2^23) (flag height_rounded below 1 unit). Left out: stick, B "
		 "(dive, hip drop), FLUDD, Yoshi, sand, the miss jump, walls, ceilings, objects. "
		 "Trace: status = the game's status constant (0 before the press; the landing status "
		 "after it), cancel = unk78 & 0x100, t = frames since the take-off frame.",
	.claims = sms_claims,
	.n_axes = 3,
	.axes = {
		{ .name = "action", .unit = "", .long_name = "the status the first A press starts "
		  "(setStatusToJumping): 0 jump, 1 second jump, 2 triple (ultra) jump, 3 back jump, "
		  "4 wall jump, 5 spin (rotate) jump, 6 side (U-turn) jump, 7 broad (turbo) jump, "
		  "8 rotate broad jump", .min = 0, .max = 8, .def_lo = 0, .def_hi = 8, .n_names = 9,
		  .names = { "jump", "second", "triple", "back", "wall", "spin", "side", "broad",
			     "rotate_broad" } },
		{ .name = "fwd", .unit = "world units/4 frames", .long_name = "forward speed "
		  "(mForwardVel) before the press; a frame moves a quarter of it", .min = -1000,
		  .max = 1000, .def_lo = 0, .def_hi = 40 },
		{ .name = "spin", .unit = "frames", .long_name = "frame after the take-off frame on "
		  "which a jump / second / wall / side jump turns into a spin jump "
		  "(considerJumpRotate); 0 = never", .min = 0, .max = 255, .def_lo = 0, .def_hi = 0 },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 256,
	.default_hold = 60,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "fall_cancel", [9] = "spin_gravity", [10] = "terminal", [11] = "spun",
		[12] = "height_rounded",
	},
	.flag_what = {
		[8] = "fallProcess took the isFallCancel branch: the jump button came up and vy was "
			"multiplied by 0.75.",
		[9] = "The rotate (spin) jump's falling branch subtracted 0.6 instead of 0.8.",
		[10] = "vy was clamped at -75.",
		[11] = "considerJumpRotate turned the jump into a spin jump.",
		[12] = "The height y * 2^23 was not an integer (y below 1 unit), so the height in "
			"sub-units is rounded.",
	},
	.character_height = 160,
	.character_height_source = "Mario's collision height, 160 units (the roof checks' 160.0f in "
		"TMario, as sm64's hitboxHeight)",
	.state_size = sizeof(sms_state),
	.key_size = offsetof(sms_state, frame_flags),
	.reach_canon = sms_reach_canon,
	.init = sms_init,
	.step = sms_step,
	.observe = sms_observe,
	.run_ref = sms_run_ref,
	.trace_header = "y,vy,fwd,status,cancel,landed,t",
	.trace_units = "world unit,world unit/4 frames,world unit/4 frames,code,0/1,0/1,frames",
	.trace_row = sms_trace_row,
	.lane = JS_LANE_TABLE(sms),
	.n_fields = 8,
	.fields = {
		{ "y", offsetof(sms_state, y), JS_F_F32, 0.0, SMS_Y_MAX,
		  "mPosition.y above the floor: checkGroundAtJumping keeps it >= 0; the axes' highest "
		  "rise is 16040 (ultra jump at fwd 1000); fuzz_fix lowers y so that a rise from vy "
		  "stays below 50000" },
		{ "vy", offsetof(sms_state, vy), JS_F_F32, -75.0, 400.0,
		  "mVel.y: fallProcess caps it at -75; take-offs reach 70 + 0.25 * 1000 = 320" },
		{ "fwd", offsetof(sms_state, fwd), JS_F_F32, -1000.0, 1000.0,
		  "mForwardVel: the fwd axis's range" },
		{ "kind", offsetof(sms_state, kind), JS_F_U8, 0, SMS_N_KINDS - 1,
		  "mStatus: 0 before the press, 1-9 the jump statuses (action axis + 1; 6 the "
		  "rotate jump)" },
		{ "landed", offsetof(sms_state, landed), JS_F_U8, 0, 1,
		  "checkGroundAtJumping returned 1: the landing status" },
		{ "cancel", offsetof(sms_state, cancel), JS_F_U8, 0, 1,
		  "unk78 & 0x100 (setStatusToJumping L665)" },
		{ "prev_a", offsetof(sms_state, prev_a), JS_F_U8, 0, 1,
		  "A held on the last frame (TMarioGamePad's previous meaning 0x80)" },
		{ "t", offsetof(sms_state, t), JS_F_U16, 0, SMS_T_MAX,
		  "the model's frame counter since the take-off (saturates)" },
	},
	.fuzz_fix = sms_fuzz_fix,
	.invariants = sms_invariants,
	.inv_names = { [SMS_INV_FALL_CAP] = "fall_cap", [SMS_INV_NO_LIFT] = "no_lift",
		       [SMS_INV_FLOOR] = "floor" },
	.inv_what = {
		[SMS_INV_FALL_CAP] = "the vertical speed never falls below -75 (fallProcess's cap)",
		[SMS_INV_NO_LIFT] = "in the air the vertical speed never grows (gravity, the fall "
				    "cancel and the cap only slow a rise or speed a fall)",
		[SMS_INV_FLOOR] = "Mario never goes below the floor (jumpProcess lands him on it)",
	},
	.land_bound = SMS_LAND_BOUND,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"

_Static_assert(JS_IN_JUMP == 1u << 0, "sms reads plane 0");

/* The reference above on JS_VW lanes at a time, the state in registers for all frames of the
 * group.  Every branch is a select on a -1/0 mask; float selects blend bit patterns, so no float
 * operation sits in a conditional arm and each lane computes exactly the reference's floats.
 *
 * The lane state is reduced to what decides the results:
 *   air     -1 while in a jump status and not landed (= not grounded, for the accounting);
 *   sd      frames until considerJumpRotate fires, counting down every frame: spin_at - t for
 *           a status that can still spin (the spin fires at 0, while t == spin_at in the air;
 *           t saturating at 65535 is past any spin frame 1..255); <= 0 once in the rotate
 *           status (-1 from its take-off); SMS_SD_NEVER for the others, too large to reach 0;
 *   y, vy, cancel;
 *   tf      the frame of the lane's take-off, found before the loop: its first press (A down,
 *           up on the frame before: the start's prev_a before frame 0) while standing, -1 if
 *           none.  Beyond that, A only decides the release cut (this frame's A), so the last
 *           frame's A is not carried; the loop visits the take-off frames only (next_take, a
 *           scalar).
 * Lanes that are not in the air are stepped too, harmlessly: a standing lane has y 0 and a
 * vy <= 0 (0 at the start, then it only falls), so its y stays 0 and the take-off overwrites vy,
 * the permission and sd; a landed lane's state no longer matters (its run is over), and a start
 * that is already landed never takes off.  Events of lanes that are not in their run are masked
 * by the accounting (`on`).  fwd after the take-off only moves Mario sideways: the kernel does
 * not carry it; the take-off's constants (fixed by the action axis and the forward speed, which
 * nothing changes before the press) are read on the frames where a lane of the group takes off.
 * The accounting compares heights in world units (y, or floor(y * 2^23) * 2^-23 below 1 unit)
 * and scales the highest by 2^23 at the end: floor(y * 2^23) in a float (exact: a power-of-two
 * scale of a float, an integer below 2^39 for y <= 50000), which orders as the reference's
 * int64; the height is never negative (y >= 0: the floor invariant), so the below_start flag
 * never applies. */

#define SMS_SD_NEVER (1 << 30)

/* 1 when some lane of m is set: a test instruction on the x86 vector paths; otherwise a
 * loop over the lanes, where the empty asm hides the result's link to m from the optimiser (GCC
 * 12 miscompiles later masks on one-lane vectors otherwise, as kernels/sm64.c notes). */

static inline js_vf sms_fsel(js_vi m, js_vf a, js_vf b)
{
	return (js_vf)(((js_vi)a & m) | ((js_vi)b & ~m));
}

static inline js_vf sms_fsplat(float x)
{
	return (js_vf){ 0 } + x;
}

/* sd for a status (kind) at frame counter t. */
static inline int32_t sms_sd(int kind, int spin_at, int t)
{
	if (kind == SMS_SPIN)
		return -1;
	if (spin_at && sms_spinnable(kind) && t <= spin_at)
		return spin_at - t;
	return SMS_SD_NEVER;
}

typedef struct sms_lanes {
	js_vf y, vy, rise;
	js_vi air, sd, cancel;
	js_vi apex, airtime;
	js_vu flags;
	/* per-lane constants: the take-off frame and values */
	js_vf tv;
	js_vi tf, tcancel, tsd;
} sms_lanes;

/* The first frame f < n_frames of lane l with A down and up on the frame before (prev before
 * frame 0), or -1. */
static inline int32_t sms_first_press(const js_lane_args *args, int l, int prev)
{
	int words = (args->n_frames + 31) >> 5;
	uint32_t carry = prev ? 1u : 0u;
	for (int w = 0; w < words; w++) {
		uint32_t x = args->input[0][w * JS_BLOCK + l];
		uint32_t p = x & ~((x << 1) | carry);
		carry = x >> 31;
		if (p) {
			int32_t f = w * 32 + __builtin_ctz(p);
			return f < args->n_frames ? f : -1;
		}
	}
	return -1;
}

static inline void sms_lanes_init(sms_lanes *g, const js_lane_args *args, int l0)
{
	float y[JS_VW], vy[JS_VW], tv[JS_VW];
	int32_t air[JS_VW], sd[JS_VW], cancel[JS_VW], tf[JS_VW], tcancel[JS_VW], tsd[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		sms_state s;
		if (args->start)
			memcpy(&s, (const char *)args->start + (size_t)l * sizeof s, sizeof s);
		else
			sms_init_state(&s, args->axis[SMS_AX_ACTION][l], args->axis[SMS_AX_FWD][l],
				       args->axis[SMS_AX_SPIN][l]);
		float tfwd;
		int tc;
		sms_take_off(s.axis_kind, s.fwd, &tv[i], &tfwd, &tc);
		int standing = s.kind == SMS_STAND && !s.landed;
		y[i] = s.y;
		vy[i] = s.vy;
		air[i] = -(int32_t)(s.kind != SMS_STAND && !s.landed);
		sd[i] = standing ? SMS_SD_NEVER : sms_sd(s.kind, s.spin_at, s.t);
		cancel[i] = -(int32_t)(s.cancel != 0);
		tf[i] = standing ? sms_first_press(args, l, s.prev_a) : -1;
		tcancel[i] = -(int32_t)tc;
		tsd[i] = sms_sd(s.axis_kind, s.spin_at, 0);
	}
	memcpy(&g->y, y, sizeof g->y);
	memcpy(&g->vy, vy, sizeof g->vy);
	memcpy(&g->tv, tv, sizeof g->tv);
	g->air = js_vload(air);
	g->sd = js_vload(sd);
	g->cancel = js_vload(cancel);
	g->tf = js_vload(tf);
	g->tcancel = js_vload(tcancel);
	g->tsd = js_vload(tsd);
	g->rise = sms_fsplat(0.0f);
	g->apex = g->airtime = js_vsplat(0);
	g->flags = (js_vu)js_vsplat(0);
}

/* The next take-off frame after frame f among the group's lanes (INT32_MAX if none). */
static inline int32_t sms_next_take(const sms_lanes *g, int32_t f)
{
	int32_t next = INT32_MAX;
	for (int i = 0; i < JS_VW; i++)
		if (g->tf[i] > f && g->tf[i] < next)
			next = g->tf[i];
	return next;
}

/* One frame of a group (sms_lanes_run).  up_c: -1 where A is up and the lane holds the cancel
 * permission.  take: the frame is frame 0 or a take-off frame, `was` the air mask before it;
 * on other frames the accounting's on = was | air is air itself (air only shrinks), and the
 * landing is air & ~above.  The selects:
 *   - y = maxps(ny, +0) (= ny > 0 ? ny : +0.0f exactly: a landing puts y at +0.0f);
 *   - the cap cannot follow the cut (vy > 20: vy * 0.75 > 15), so it is maxps(nv, -75) on the
 *     gravity arm (= nv < -75 ? -75 : nv exactly, no NaN) and the cut's product is selected
 *     last;
 *   - the terminal event is the running minimum of nv over the run's frames (compared once at
 *     the end), the fall-cancel event an OR of the cut masks: a cut is always in the lane's run
 *     (the permission of a lane not in the air at the start is dropped by sms_lanes_run: a
 *     standing lane gets its take-off's, a landed lane's run is over; vy > 20 puts ny above
 *     the floor, and a landed lane's vy <= 0 only falls);
 *   - the height is compared in world units (y, or floor(y * 2^23) * 2^-23 below 1 unit: exact
 *     scalings of the reference's sub-units, so the order is the same), scaled at the end. */
typedef struct sms_v {
	js_vf y, vy, risey, minv;
	js_vi air, cancel, sd, apex, airtime, cuts;
	js_vu flags;
	js_vi f1; /* f + 1 */
} sms_v;

__attribute__((always_inline)) static inline void sms_frame(sms_v *z, js_vi up_c, js_vi was,
							    const int take, const int can_spin)
{
	js_vf vy = z->vy;
	/* jumpProcess: one quarter step; checkGroundAtJumping: the floor at 0 */
	js_vf ny = z->y + 0.25f * vy;
	js_vi above = ny > 0.0f;
	z->y = js_vmaxps(ny, sms_fsplat(0.0f));
	js_vi air = z->air & above;
	js_vi on = take ? was | air : z->air;
	js_vi land = take ? was & ~air : z->air & ~above;
	/* fallProcess: isFallCancel, the spin branch, gravity */
	js_vi cut = up_c & (vy > SMS_CANCEL_ABOVE);
	js_vf nv = vy - SMS_GRAVITY;
	if (can_spin) { /* considerJumpRotate: sd counts down to the spin frame */
		js_vi spun = on & (z->sd == 0);
		js_vi rot = (z->sd <= 0) & (vy < 0.0f);
		z->sd -= 1;
		nv = js_vfsel(rot, vy - SMS_SPIN_GRAVITY, nv);
		z->flags |= ((js_vu)(rot & on) & SMS_FLAG_SPIN_GRAVITY) | ((js_vu)spun & SMS_FLAG_SPUN);
	}
	z->minv = js_vfsel(on, js_vminps(nv, z->minv), z->minv);
	nv = js_vmaxps(nv, sms_fsplat(SMS_FALL_CAP));
	z->vy = js_vfsel(cut, vy * SMS_CANCEL_MULT, nv);
	z->cuts |= cut;

	/* observe: floor(y * 2^23), exact; only 0 < y < 1 can have bits below 2^-23 */
	js_vf yc = z->y;
	js_vi small = above & (ny < 1.0f);
	if (js_vany(small)) {
		js_vf hf = z->y * 8388608.0f;
		js_vf hs = sms_fsel(small, hf, sms_fsplat(0.0f)); /* keep the conversion in range */
		js_vf h = __builtin_convertvector(__builtin_convertvector(hs, js_vi), js_vf);
		z->flags |= (js_vu)(small & on & (h != hf)) & SMS_FLAG_HEIGHT_ROUNDED;
		/* truncation = floor for hf > 0; back to world units exactly (h < 2^23) */
		yc = js_vfsel(small, h * (1.0f / 8388608.0f), yc);
	}

	/* js_acc_frame (model.h), apex and airtime from f + 1 (apex lowered at the end) */
	js_vi higher = on & (yc > z->risey);
	z->risey = js_vfsel(higher, yc, z->risey);
	z->apex = js_vblend(higher, z->f1, z->apex);
	z->airtime = js_vblend(land, z->f1, z->airtime);
	z->f1 = js_vopaque(z->f1 + 1); /* one add a frame, not f1 + j rebuilt from a splat of j */
	z->air = air;
}

/* All frames of a group; the state lives in locals (registers) for the loop.  can_spin is a
 * constant at each call: 0 when no lane of the group is or can become a rotate jump (every sd
 * and take-off sd SMS_SD_NEVER), so the considerJumpRotate countdown and the 0.6 branch drop
 * out (exact: they only act on such lanes).  Frames run in chunks of eight where no take-off
 * falls: one load of the input row, A of frame f + j as bit j of the row shifted, the cancel
 * permission folded in once per chunk. */
__attribute__((always_inline)) static inline void sms_lanes_run(sms_lanes *g, const js_lane_args *args,
								 int l0, const int can_spin)
{
	sms_v z;
	z.y = g->y;
	z.vy = g->vy;
	z.risey = g->rise * (1.0f / 8388608.0f);
	z.minv = sms_fsplat(0.0f);
	z.air = g->air;
	z.cancel = g->cancel & g->air;
	z.sd = g->sd;
	z.apex = g->apex + 1;
	z.airtime = g->airtime;
	z.cuts = js_vsplat(0);
	z.flags = g->flags;
	z.f1 = js_vsplat(1);
	int32_t next_take = sms_next_take(g, -1);
	const uint32_t *row = args->input[0] + l0;
	for (int32_t f = 0; f < args->n_frames;) {
		js_vu in = js_vloadu(row + (size_t)(f >> 5) * JS_BLOCK);
		if ((f & 7) == 0 && f != 0 && f + 8 <= args->n_frames && next_take > f + 7) {
			/* ~A & cancel for eight frames: bit j is frame f + j */
			js_vi nc = (js_vi)(~(in >> (unsigned)(f & 24))) & z.cancel;
#pragma GCC unroll 8
			for (int j = 0; j < 8; j++)
				sms_frame(&z, (nc << (31 - j)) >> 31, js_vsplat(0), 0, can_spin);
			f += 8;
			if (next_take == INT32_MAX && !js_vany(z.air))
				break; /* every lane landed or stands with no press left */
			continue;
		}
		/* frame 0, a take-off frame, or a frame of a chunk that holds one: one by one */
		if (f == next_take || f == 0) {
			/* the accounting has seen nothing before frame 0: was = 0 there */
			js_vi was = f ? z.air : js_vsplat(0);
			if (f == next_take) { /* setStatusToJumping, on the frame of the first press */
				js_vi take = g->tf == f;
				z.vy = sms_fsel(take, g->tv, z.vy);
				z.cancel = js_vsel(take, g->tcancel, z.cancel);
				if (can_spin)
					z.sd = js_vsel(take, g->tsd, z.sd);
				z.air |= take;
				next_take = sms_next_take(g, f);
			}
			js_vi up_c = ((js_vi)(in >> (unsigned)(f & 31) & 1u) - 1) & z.cancel;
			sms_frame(&z, up_c, was, 1, can_spin);
		} else {
			js_vi up_c = ((js_vi)(in >> (unsigned)(f & 31) & 1u) - 1) & z.cancel;
			sms_frame(&z, up_c, js_vsplat(0), 0, can_spin);
		}
		f++;
	}
	g->air = z.air;
	g->rise = z.risey * 8388608.0f;
	g->apex = z.apex - 1;
	g->airtime = z.airtime;
	g->flags = z.flags | ((js_vu)z.cuts & SMS_FLAG_FALL_CANCEL) |
		   ((js_vu)(z.minv < SMS_FALL_CAP) & SMS_FLAG_TERMINAL);
}

#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
/* sms_lanes_run on AVX-512 with the -1/0 masks in mask registers: the same floats in the same
 * order (the multiply and the add of the quarter step, the subtract, the cut's multiply, the
 * cap), each select a masked move or a masked operation, and the frame's bookkeeping cut down:
 *   - A is tested in place (vptestnmd of the input row against the frame's bit, a rotating
 *     one-bit vector) under the cancel mask, so `up` is never a vector;
 *   - y = maxps(ny, +0) (= ny > 0 ? ny : +0.0f exactly), the cap maxps(nv, -75) (no NaN); the
 *     cap cannot follow the cut (vy > 20: vy * 0.75 > 15), so it applies to the gravity arm
 *     and the cut's product is selected last: vy's chain is a subtract, a max and a blend;
 *   - `on` (the accounting's was | air) is air itself on frames after the first without a
 *     take-off (air only shrinks), so `was` is kept only for frame 0 and the take-off frames
 *     (sms_frame512's take);
 *   - the cancel permission of a lane not in the air at the start is dropped (a standing lane
 *     gets its take-off's, a landed lane's run is over): then a cut is always in a lane's run
 *     (vy > 20 puts ny above the floor; a landed lane's vy <= 0 only falls), and its event
 *     needs no `on`;
 *   - the terminal event is the minimum of nv over the run's frames, compared once at the end;
 *   - the height is compared in world units (y, or floor(y * 2^23) * 2^-23 below 1 unit:
 *     both exact scalings of the reference's sub-units, so the order is the same), scaled
 *     once at the end. */
typedef struct sms_z {
	__m512 y, vy, risey, minv;
	__m512i sd, apex, airtime, flags, f1;
	__mmask16 air, cancel;
} sms_z;

__attribute__((always_inline)) static inline void sms_frame512(sms_z *z, __m512i in, __m512i bit,
							       __mmask16 was, const int take,
							       const int can_spin)
{
	const __m512 zero = _mm512_setzero_ps(), cap = _mm512_set1_ps(SMS_FALL_CAP);
	/* jumpProcess: one quarter step; checkGroundAtJumping: the floor at 0 */
	__m512 ny = _mm512_add_ps(z->y, _mm512_mul_ps(_mm512_set1_ps(0.25f), z->vy));
	__mmask16 above = _mm512_cmp_ps_mask(ny, zero, _CMP_GT_OQ);
	z->y = _mm512_max_ps(ny, zero); /* ny > 0 ? ny : +0.0f: a landing puts y at +0.0f */
	__mmask16 air = _kand_mask16(z->air, above);
	__mmask16 on = take ? _kor_mask16(was, air) : z->air;
	__mmask16 land = take ? _kandn_mask16(air, was) : _kandn_mask16(above, z->air);
	/* fallProcess: isFallCancel (A up: the frame's bit clear), the spin branch, gravity */
	__mmask16 cut = _mm512_mask_testn_epi32_mask(z->cancel, in, bit);
	cut = _mm512_mask_cmp_ps_mask(cut, z->vy, _mm512_set1_ps(SMS_CANCEL_ABOVE), _CMP_GT_OQ);
	__m512 nv = _mm512_sub_ps(z->vy, _mm512_set1_ps(SMS_GRAVITY));
	if (can_spin) { /* considerJumpRotate: sd counts down to the spin frame */
		__m512i zi = _mm512_setzero_si512();
		__mmask16 spun = _mm512_mask_cmpeq_epi32_mask(on, z->sd, zi);
		__mmask16 rot = _mm512_mask_cmp_ps_mask(_mm512_cmple_epi32_mask(z->sd, zi), z->vy, zero,
							_CMP_LT_OQ);
		z->sd = _mm512_sub_epi32(z->sd, _mm512_set1_epi32(1));
		nv = _mm512_mask_sub_ps(nv, rot, z->vy, _mm512_set1_ps(SMS_SPIN_GRAVITY));
		z->flags = _mm512_mask_or_epi32(z->flags, _kand_mask16(rot, on), z->flags,
						_mm512_set1_epi32(SMS_FLAG_SPIN_GRAVITY));
		z->flags = _mm512_mask_or_epi32(z->flags, spun, z->flags,
						_mm512_set1_epi32(SMS_FLAG_SPUN));
	}
	z->minv = _mm512_mask_min_ps(z->minv, on, z->minv, nv);
	nv = _mm512_max_ps(nv, cap); /* nv > -75 ? nv : -75 */
	z->vy = _mm512_mask_blend_ps(cut, nv, _mm512_mul_ps(z->vy, _mm512_set1_ps(SMS_CANCEL_MULT)));
	z->flags = _mm512_mask_or_epi32(z->flags, cut, z->flags,
					_mm512_set1_epi32(SMS_FLAG_FALL_CANCEL));

	/* observe: floor(y * 2^23), exact; only 0 < y < 1 can have bits below 2^-23 */
	__m512 yc = z->y;
	__mmask16 small = _mm512_mask_cmp_ps_mask(above, ny, _mm512_set1_ps(1.0f), _CMP_LT_OQ);
	if (small) {
		__m512 hf = _mm512_mul_ps(z->y, _mm512_set1_ps(8388608.0f));
		__m512 h = _mm512_cvtepi32_ps(_mm512_maskz_cvttps_epi32(small, hf));
		__mmask16 rounded = _mm512_mask_cmp_ps_mask(_kand_mask16(small, on), h, hf,
							    _CMP_NEQ_UQ);
		z->flags = _mm512_mask_or_epi32(z->flags, rounded, z->flags,
						_mm512_set1_epi32(SMS_FLAG_HEIGHT_ROUNDED));
		/* truncation = floor for hf > 0; back to world units exactly (h < 2^23) */
		yc = _mm512_mask_mul_ps(yc, small, h, _mm512_set1_ps(1.0f / 8388608.0f));
	}

	/* js_acc_frame, as sms_lanes_run (apex and airtime from f + 1; apex lowered at the end) */
	__mmask16 higher = _mm512_mask_cmp_ps_mask(on, yc, z->risey, _CMP_GT_OQ);
	z->risey = _mm512_mask_mov_ps(z->risey, higher, yc);
	z->apex = _mm512_mask_mov_epi32(z->apex, higher, z->f1);
	z->airtime = _mm512_mask_mov_epi32(z->airtime, land, z->f1);
	z->f1 = _mm512_add_epi32(z->f1, _mm512_set1_epi32(1));
	z->air = air;
}

static inline void sms_z_init(sms_z *z, const sms_lanes *g)
{
	z->y = (__m512)g->y;
	z->vy = (__m512)g->vy;
	z->risey = _mm512_mul_ps((__m512)g->rise, _mm512_set1_ps(1.0f / 8388608.0f));
	z->minv = _mm512_setzero_ps();
	z->sd = (__m512i)g->sd;
	z->apex = _mm512_add_epi32((__m512i)g->apex, _mm512_set1_epi32(1));
	z->airtime = (__m512i)g->airtime;
	z->flags = (__m512i)g->flags;
	z->f1 = _mm512_set1_epi32(1);
	z->air = _mm512_test_epi32_mask((__m512i)g->air, (__m512i)g->air);
	z->cancel = _mm512_mask_test_epi32_mask(z->air, (__m512i)g->cancel, (__m512i)g->cancel);
}

static inline void sms_z_store(const sms_z *z, sms_lanes *g)
{
	__mmask16 term = _mm512_cmp_ps_mask(z->minv, _mm512_set1_ps(SMS_FALL_CAP), _CMP_LT_OQ);
	g->air = (js_vi)_mm512_movm_epi32(z->air);
	g->rise = (js_vf)_mm512_mul_ps(z->risey, _mm512_set1_ps(8388608.0f));
	g->apex = (js_vi)_mm512_sub_epi32(z->apex, _mm512_set1_epi32(1));
	g->airtime = (js_vi)z->airtime;
	g->flags = (js_vu)_mm512_mask_or_epi32(z->flags, term, z->flags,
					       _mm512_set1_epi32(SMS_FLAG_TERMINAL));
}

/* Frame f of one group outside a chunk: frame 0, a take-off frame, or a frame of a chunk that
 * holds one. */
__attribute__((always_inline)) static inline void sms_z_single(sms_z *z, const sms_lanes *g,
							       const uint32_t *r, int32_t f,
							       int32_t *next_take, const int can_spin)
{
	__m512i in = _mm512_loadu_si512(r), bit = _mm512_set1_epi32((int)(1u << (f & 31)));
	if (f == *next_take || f == 0) {
		/* the accounting has seen nothing before frame 0: was = 0 there */
		__mmask16 was = f ? z->air : 0;
		if (f == *next_take) { /* setStatusToJumping, on the frame of the first press */
			__mmask16 take = _mm512_cmpeq_epi32_mask((__m512i)g->tf, _mm512_set1_epi32(f));
			__mmask16 tc = _mm512_mask_test_epi32_mask(take, (__m512i)g->tcancel,
								   (__m512i)g->tcancel);
			z->vy = _mm512_mask_mov_ps(z->vy, take, (__m512)g->tv);
			z->cancel = _kor_mask16(_kandn_mask16(take, z->cancel), tc);
			if (can_spin)
				z->sd = _mm512_mask_mov_epi32(z->sd, take, (__m512i)g->tsd);
			z->air = _kor_mask16(z->air, take);
			*next_take = sms_next_take(g, f);
		}
		sms_frame512(z, in, bit, was, 1, can_spin);
	} else {
		sms_frame512(z, in, bit, 0, 0, can_spin);
	}
}

/* Two groups (lanes l0.. and l0 + 16..) side by side, frame by frame: two independent chains
 * per frame.  Chunks of eight frames run where neither group has a take-off. */
__attribute__((always_inline)) static inline void sms_pair_avx512(sms_lanes *g0, sms_lanes *g1,
								  const js_lane_args *args, int l0,
								  const int can_spin)
{
	sms_z z0, z1;
	sms_z_init(&z0, g0);
	sms_z_init(&z1, g1);
	int32_t nt0 = sms_next_take(g0, -1), nt1 = sms_next_take(g1, -1);
	const uint32_t *row = args->input[0] + l0;
	for (int32_t f = 0; f < args->n_frames;) {
		const uint32_t *r = row + (size_t)(f >> 5) * JS_BLOCK;
		if ((f & 7) == 0 && f != 0 && f + 8 <= args->n_frames && nt0 > f + 7 && nt1 > f + 7) {
			/* eight frames without a take-off: one load, A as bit j of the shifted row */
			__m512i in0 = _mm512_srli_epi32(_mm512_loadu_si512(r), (unsigned)(f & 24));
			__m512i in1 = _mm512_srli_epi32(_mm512_loadu_si512(r + JS_VW), (unsigned)(f & 24));
#pragma GCC unroll 8
			for (int j = 0; j < 8; j++) {
				sms_frame512(&z0, in0, _mm512_set1_epi32(1 << j), 0, 0, can_spin);
				sms_frame512(&z1, in1, _mm512_set1_epi32(1 << j), 0, 0, can_spin);
			}
			f += 8;
			if (nt0 == INT32_MAX && nt1 == INT32_MAX && !_kor_mask16(z0.air, z1.air))
				break; /* every lane landed or stands with no press left */
			continue;
		}
		sms_z_single(&z0, g0, r, f, &nt0, can_spin);
		sms_z_single(&z1, g1, r + JS_VW, f, &nt1, can_spin);
		f++;
	}
	sms_z_store(&z0, g0);
	sms_z_store(&z1, g1);
}
#endif

static inline void sms_lanes_store(const sms_lanes *g, const js_lane_args *args, int l0)
{
	for (int i = 0; i < JS_VW && l0 + i < args->n_lanes; i++) {
		uint32_t fl = g->flags[i];
		if (g->air[i]) /* airborne after the last frame stepped: the limit came first */
			fl |= JS_FLAG_NOT_LANDED;
		else if (!g->airtime[i]) /* never airborne after a frame */
			fl |= JS_FLAG_NO_TAKEOFF;
		args->rise[l0 + i] = (int64_t)g->rise[i];
		args->apex_frame[l0 + i] = g->apex[i];
		args->airtime[l0 + i] = g->airtime[i];
		args->flags[l0 + i] = fl;
	}
}

/* AVX-512: two groups side by side (sms_pair_avx512; 4-7% over one group at a time, avx512 /
 * avx2 in four alternating jsbench runs); the others one group at a time: a second group would
 * not fit AVX2's sixteen registers (one group already spills there). */
static void sms_lanes_block(const js_lane_args *args)
{
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
	_Static_assert(JS_BLOCK % (2 * JS_VW) == 0, "a block is whole pairs of groups");
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 2 * JS_VW) {
		sms_lanes g[2];
		sms_lanes_init(&g[0], args, l0);
		sms_lanes_init(&g[1], args, l0 + JS_VW); /* lanes past n_lanes repeat the last */
		int spin = 0;
		for (int k = 0; k < 2; k++)
			spin |= js_vany((g[k].sd != SMS_SD_NEVER) | (g[k].tsd != SMS_SD_NEVER));
		if (spin)
			sms_pair_avx512(&g[0], &g[1], args, l0, 1);
		else
			sms_pair_avx512(&g[0], &g[1], args, l0, 0);
		sms_lanes_store(&g[0], args, l0);
		if (l0 + JS_VW < args->n_lanes)
			sms_lanes_store(&g[1], args, l0 + JS_VW);
	}
#else
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += JS_VW) {
		sms_lanes g;
		sms_lanes_init(&g, args, l0);
		if (js_vany((g.sd != SMS_SD_NEVER) | (g.tsd != SMS_SD_NEVER)))
			sms_lanes_run(&g, args, l0, 1);
		else
			sms_lanes_run(&g, args, l0, 0);
		sms_lanes_store(&g, args, l0);
	}
#endif
}

/* ---- From init's states, by table ----
 *
 * From init a lane stands until its first press t0 (its first frame with A down: prev_a is 0 at
 * init), and its results are final from its landing on.  In between the take-off is fixed by the
 * action and fwd axes, and A decides only the release cut: with A held from t0 up to u - 1 (u
 * the first frame after t0 with A up, k = u - t0 >= 1), vy falls by 0.8 a frame, and from u on
 * every frame with A up and vy > 20 multiplies vy by 0.75 (sms/release-cut-repeats).  Those cuts
 * come on consecutive frames u .. t0 + cend (vy > 20 keeps Mario in the air, and after the last
 * cut vy <= 20 and only falls, so no later frame can cut, whatever A does).  So a lane whose A
 * stays up on frames u .. t0 + cend has the jump of (action, fwd, k) with A up from u on,
 * shifted by t0: its rise, apex t0 + apex', airtime t0 + airtime' and flags.  Every k >= kcap
 * (the first frame on which the held jump's vy is <= 20) is the same jump (no cut), and a take-
 * off without the permission has one jump for every k.  The fwd axis reaches the vertical path
 * only through the take-off's vy (sms_reach_canon): actions whose vy does not change with fwd
 * over the axis's range (checked) have one row, the others (jump, triple, spin) a row per fwd in
 * SMS_TAB_FWD_LO..HI.  The spin axis is 0 in the table: a lane whose spin frame comes before its
 * landing (a spinnable status, spin_at < airtime') steps.
 * The table's rows, one per (action, fwd) (kcap jumps each), are made on demand: a block from
 * init claims with a compare-and-swap the rows its lanes need (lanes without a take-off too:
 * the default grid's 129 rows, 1586 jumps of the 8091) that no thread has claimed, steps
 * their jumps together (sms_lanes_block, the frame loop's own float operations, all taking off
 * on frame 0), checks that each landed and that its cuts come before its landing, and publishes
 * each row with a release store, as kernels/metroid.c's; it holds no claim while it steps other
 * lanes.  A block reads its lanes from the table when every lane's row is made and its premises
 * hold (its A up through the cut window, its landing within the frame limit, its spin frame
 * after the landing, its fwd in the table's range); otherwise the block steps (a row being made
 * by another thread, or a check failed), as do fuzz starts. */
#define SMS_TAB_FWD_LO (-128)
#define SMS_TAB_FWD_HI 128
#define SMS_TAB_NF (SMS_TAB_FWD_HI - SMS_TAB_FWD_LO + 1)
#define SMS_TAB_FRAMES 1024 /* every table jump lands within this (checked) */
#define SMS_AX_FWD_MIN (-1000) /* the fwd axis's range (js_model_sms.axes) */
#define SMS_AX_FWD_MAX 1000
#define SMS_N_ACTIONS (SMS_N_KINDS - 1)

typedef struct sms_arc {
	int64_t rise;
	int32_t apex, airt; /* frames from the take-off (+ 1, as the accounting's); 0: none */
	uint32_t flags;
	int32_t cend; /* the last cut frame from the take-off; -1: no cut */
} sms_arc;

typedef struct sms_row {
	int32_t kcap; /* arc[k - 1] is the jump of k (every k >= kcap: arc[kcap - 1]) */
	sms_arc arc[];
} sms_row;

/* This ISA's rows by action and fwd - SMS_TAB_FWD_LO (row 0 for every fwd of an action whose
 * take-off does not change with fwd), each published with a release store. */
static sms_row *sms_rows[SMS_N_ACTIONS][SMS_TAB_NF];
static int sms_row_state[SMS_N_ACTIONS][SMS_TAB_NF]; /* 0 not made, 1 being made, 2 made, -1
						       * not usable */
static uint8_t sms_by_fwd[SMS_N_ACTIONS]; /* 1: a row per fwd; 0: row 0 for every fwd */
static int sms_by_fwd_state; /* 0 not found, 1 being found, 2 found */

/* 1 once sms_by_fwd is found (by the first caller), 0 while another thread finds it. */
static int sms_by_fwd_get(void)
{
	int st = __atomic_load_n(&sms_by_fwd_state, __ATOMIC_ACQUIRE);
	if (st == 2)
		return 1;
	if (st != 0 || !__atomic_compare_exchange_n(&sms_by_fwd_state, &st, 1, 0, __ATOMIC_ACQUIRE,
						     __ATOMIC_RELAXED))
		return 0;
	for (int act = 0; act < SMS_N_ACTIONS; act++) {
		const int kind = SMS_JUMP + act;
		float v0, f0;
		int c0;
		sms_take_off(kind, 0.0f, &v0, &f0, &c0);
		sms_by_fwd[act] = 0; /* does the take-off's vy change with fwd over the axis? */
		for (int fwd = SMS_AX_FWD_MIN; fwd <= SMS_AX_FWD_MAX; fwd++) {
			float v, fo;
			int c;
			sms_take_off(kind, (float)fwd, &v, &fo, &c);
			if (memcmp(&v, &v0, sizeof v) || c != c0)
				sms_by_fwd[act] = 1;
		}
	}
	__atomic_store_n(&sms_by_fwd_state, 2, __ATOMIC_RELEASE);
	return 1;
}

/* Steps jumps dst[0 .. n) (n <= JS_BLOCK): lane i is action act[i], fwd fwd[i], A held on frames
 * 0 .. k[i] - 1 and up from k[i] on. */
static void sms_arcs_step(sms_arc *const *dst, int n, const int32_t *act, const int32_t *fwd,
			  const int32_t *k)
{
	uint32_t plane[(SMS_TAB_FRAMES / 32) * JS_BLOCK];
	int32_t spin[JS_BLOCK] = { 0 }, apex[JS_BLOCK], airt[JS_BLOCK];
	int64_t rise[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	memset(plane, 0, sizeof plane);
	for (int i = 0; i < n; i++)
		for (int f = 0; f < k[i]; f++)
			plane[(f >> 5) * JS_BLOCK + i] |= 1u << (f & 31);
	js_lane_args args = { .n_lanes = n, .n_frames = SMS_TAB_FRAMES, .rise = rise,
			      .apex_frame = apex, .airtime = airt, .flags = flags };
	args.axis[SMS_AX_ACTION] = act;
	args.axis[SMS_AX_FWD] = fwd;
	args.axis[SMS_AX_SPIN] = spin;
	args.input[0] = plane;
	sms_lanes_block(&args);
	for (int i = 0; i < n; i++) {
		sms_arc *e = dst[i];
		e->rise = rise[i];
		e->apex = apex[i];
		e->airt = airt[i];
		e->flags = flags[i];
	}
}

/* Makes the rows (act[j], r[j]), j < nr, this thread has claimed (state 1): their jumps stepped
 * together, JS_BLOCK at a time; publishes each (2, or -1 with a NULL row if a check failed). */
static void sms_rows_make(int nr, const int32_t *ract, const int32_t *rr)
{
	sms_row *rows[JS_BLOCK];
	int32_t bact[JS_BLOCK], bfwd[JS_BLOCK], bk[JS_BLOCK];
	sms_arc *dst[JS_BLOCK];
	int nb = 0;
	for (int j = 0; j < nr; j++) {
		const int act = ract[j], kind = SMS_JUMP + act;
		const int fwd = sms_by_fwd[act] ? SMS_TAB_FWD_LO + rr[j] : 0;
		float tv, tf;
		int cancel;
		sms_take_off(kind, (float)fwd, &tv, &tf, &cancel);
		/* kcap: the first frame whose vy is <= 20 with A held since the take-off */
		int kcap = 1;
		if (cancel) {
			float v = tv - SMS_GRAVITY;
			while (v > SMS_CANCEL_ABOVE) {
				v = v - SMS_GRAVITY;
				kcap++;
			}
		}
		sms_row *row = malloc(sizeof *row + (size_t)kcap * sizeof row->arc[0]);
		rows[j] = row;
		if (!row)
			continue;
		row->kcap = kcap;
		for (int k = 1; k <= kcap; k++) {
			/* the cut window: A up from frame k, vy > 20 (frames k .. cend) */
			float v = tv;
			for (int i = 0; i < k; i++)
				v = v - SMS_GRAVITY; /* > 20 before each of these frames: no cap */
			int cend = -1;
			for (int i = k; cancel && v > SMS_CANCEL_ABOVE; i++) {
				v *= SMS_CANCEL_MULT;
				cend = i;
			}
			row->arc[k - 1].cend = cend;
			dst[nb] = &row->arc[k - 1];
			bact[nb] = act;
			bfwd[nb] = fwd;
			bk[nb] = k;
			if (++nb == JS_BLOCK) {
				sms_arcs_step(dst, nb, bact, bfwd, bk);
				nb = 0;
			}
		}
	}
	if (nb)
		sms_arcs_step(dst, nb, bact, bfwd, bk);
	for (int j = 0; j < nr; j++) {
		sms_row *row = rows[j];
		for (int e = 0; row && e < row->kcap; e++) /* each landed, its cuts before the landing */
			if ((row->arc[e].flags & JS_FLAG_NOT_LANDED) ||
			    (row->arc[e].cend >= 0 && row->arc[e].cend >= row->arc[e].airt)) {
				free(row);
				row = NULL;
			}
		sms_rows[ract[j]][rr[j]] = row;
		__atomic_store_n(&sms_row_state[ract[j]][rr[j]], row ? 2 : -1, __ATOMIC_RELEASE);
	}
}

/* The first frame >= from with A down (want 1) or up (want 0) in a lane's column (words
 * JS_BLOCK apart), or words * 32 if none. */
static inline int32_t sms_col_first(const uint32_t *col, int words, int32_t from, const int want)
{
	for (int w = from >> 5; w < words; w++) {
		uint32_t x = col[(size_t)w * JS_BLOCK];
		if (!want)
			x = ~x;
		if (w == from >> 5)
			x &= ~0u << (from & 31);
		if (x)
			return w * 32 + __builtin_ctz(x);
	}
	return words * 32;
}

/* 1 if A is down on some frame lo .. hi (hi < words * 32). */
static inline int sms_col_any(const uint32_t *col, int32_t lo, int32_t hi)
{
	for (int w = lo >> 5; w <= hi >> 5 && lo <= hi; w++) {
		uint32_t x = col[(size_t)w * JS_BLOCK];
		if (w == lo >> 5)
			x &= ~0u << (lo & 31);
		if (w == hi >> 5)
			x &= ~0u >> (31 - (hi & 31));
		if (x)
			return 1;
	}
	return 0;
}

/* The block from the table; 0 if a lane's row is not made (being made by another thread, or a
 * check failed) or a lane breaks a premise (the block then steps, which writes every lane
 * again).  The rows its lanes need that no thread has claimed it claims and makes first. */
static int sms_table_block(const js_lane_args *args)
{
	if (!sms_by_fwd_get())
		return 0;
	const int n = args->n_frames, words = (n + 31) >> 5, nl = args->n_lanes;
	const int32_t *axa = args->axis[SMS_AX_ACTION], *axf = args->axis[SMS_AX_FWD],
		      *axs = args->axis[SMS_AX_SPIN];
	int64_t *rs = args->rise; /* (locals: the stores below cannot alias them) */
	int32_t *ap = args->apex_frame, *at = args->airtime;
	uint32_t *fs = args->flags;
	int32_t rws[JS_BLOCK];
	int32_t mact[JS_BLOCK], mr[JS_BLOCK]; /* the rows this block claimed */
	int nm = 0, ok = 1, pact = -1, pr = -1;
	for (int l = 0; l < nl; l++) { /* (every lane's row, lanes without a take-off too) */
		const int32_t act = axa[l], fwd = axf[l];
		if (act < 0 || act >= SMS_N_ACTIONS || fwd < SMS_AX_FWD_MIN || fwd > SMS_AX_FWD_MAX) {
			ok = 0;
			break;
		}
		int r = 0;
		if (sms_by_fwd[act]) {
			if (fwd < SMS_TAB_FWD_LO || fwd > SMS_TAB_FWD_HI) {
				ok = 0;
				break;
			}
			r = fwd - SMS_TAB_FWD_LO;
		}
		rws[l] = r;
		if (act == pact && r == pr)
			continue; /* (the lane before's row: made, or claimed here, or ok is 0) */
		pact = act;
		pr = r;
		int *const state = &sms_row_state[act][r];
		int st = __atomic_load_n(state, __ATOMIC_ACQUIRE);
		if (st == 2)
			continue;
		if (st == 0 && __atomic_compare_exchange_n(state, &st, 1, 0, __ATOMIC_ACQUIRE,
							   __ATOMIC_RELAXED)) {
			mact[nm] = act;
			mr[nm++] = r;
			continue;
		}
		int mine = 0; /* claimed by this block for an earlier lane? */
		for (int j = 0; j < nm && !mine; j++)
			mine = mact[j] == act && mr[j] == r;
		if (!mine)
			ok = 0; /* (the claims so far are still made below) */
	}
	if (nm)
		sms_rows_make(nm, mact, mr);
	if (!ok)
		return 0;
	const sms_row *row = NULL;
	pact = pr = -1;
	for (int l = 0; l < nl; l++) {
		const uint32_t *col = args->input[0] + l;
		const int32_t t0 = sms_col_first(col, words, 0, 1);
		if (t0 >= n) {
			rs[l] = 0;
			ap[l] = 0;
			at[l] = 0;
			fs[l] = JS_FLAG_NO_TAKEOFF;
			continue;
		}
		const int32_t act = axa[l];
		if (act != pact || rws[l] != pr) {
			pact = act;
			pr = rws[l];
			row = sms_rows[act][pr]; /* (its state is 2 or -1 now: acquired above or
						  * made here) */
			if (!row)
				return 0;
		}
		int32_t u = sms_col_first(col, words, t0 + 1, 0);
		if (u > n)
			u = n; /* (bits past the limit may read either way) */
		int32_t k = u - t0;
		if (k > row->kcap)
			k = row->kcap;
		const sms_arc *e = &row->arc[k - 1];
		const int32_t airt = e->airt ? t0 + e->airt : 0;
		if (airt > n)
			return 0;
		const int spin_at = (uint8_t)axs[l];
		if (spin_at && sms_spinnable(SMS_JUMP + act) && spin_at < e->airt)
			return 0;
		if (e->cend >= 0 && sms_col_any(col, u + 1, t0 + e->cend))
			return 0;
		rs[l] = e->rise;
		ap[l] = e->rise > 0 ? t0 + e->apex : 0; /* (rise > 0: some frame was higher) */
		at[l] = airt;
		fs[l] = e->flags;
	}
	return 1;
}

void JS_LANE_FN(sms)(const js_lane_args *args)
{
	if (!args->start && sms_table_block(args))
		return;
	sms_lanes_block(args);
}

#endif
