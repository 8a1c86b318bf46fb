/* kernels/gba_metroid.h - Samus's vertical jump in the two GBA Metroids (mzm.c, mf.c).
 *
 * Metroid: Zero Mission (metroidret/mzm, decompiled C: src/samus.c) and Metroid Fusion
 * (metroidret/mf, mostly still assembly: asm/samus.s) share the engine: the same units, the same
 * frame order and the same SamusUpdateVelocityPosition; they differ in constants only, which each
 * model passes in a gbam_game.  Facts only, no code copied; labels are cited where each rule
 * comes from (mzm names; the mf routine is cited where it differs or is only in assembly).
 *
 * Units (mzm include/types.h, include/constants/samus.h): a block is 16 px of 4 sub-pixels
 * (SUB_PIXEL_RATIO 4, BLOCK_SIZE 64); yPosition is a u16 in sub-pixels, + down.  yVelocity is an
 * s16 in 1/8 sub-pixel per frame, + up (SUB_PIXEL_TO_VELOCITY(x) = x * 8): 32 = 1 px/frame.  The
 * model's sub-unit is the sub-pixel (4 per px).
 *
 * The frame (mzm src/in_game.c SUB_GAME_MODE_PLAYING; mf SamusUpdatePhysics @ 0x08004E68, which
 * in Fusion is the whole update):
 *   gPreviousYPosition = yPosition
 *   SamusUpdatePhysics      slowed or not (liquid without the suit, a Metroid's grip) -> the
 *                           vertical acceleration and caps for this frame
 *   SamusExecutePoseHandler the pose's function: SamusStanding (a new A press: SamusCheckJumping,
 *                           forcedMovement = FORCED_MOVEMENT_MID_AIR_JUMP, SPOSE_MID_AIR_REQUEST),
 *                           SamusMidAir / SamusSpinning (a new A press starts the spin; the
 *                           release rule: A not held and yVelocity > 0 -> yVelocity = 0)
 *   SamusSetPose            MID_AIR_REQUEST: SamusCopyData zeroes yVelocity, SamusSetMidAir
 *                           (mf SamusUpdateJumpVelocity @ 0x08009080) sets SPOSE_MIDAIR and the
 *                           jump velocity (suitless / High Jump / normal)
 *   SamusUpdateVelocityPosition  in the airborne poses: the displacement is the OLD yVelocity,
 *                           clamped to [-negative cap, +positive cap], >> 3 (DIV_SHIFT(x, 8), an
 *                           arithmetic shift: -1 >> 3 = -1); then yVelocity -= yAcceleration while
 *                           yVelocity is above the cut-off; then yPosition -= displacement
 *   SamusUpdateHitboxMovingDirection -> SamusCheckCollisions -> SamusCheckLandingCollision:
 *                           moving down into a new block with solid ground: yPosition = the block
 *                           above's top + SUB_PIXEL_POSITION_FLAG (63), SPOSE_LANDING_REQUEST
 *                           (SamusCopyData zeroes yVelocity; SamusSetLandingPose: SPOSE_LANDING)
 * So the take-off frame already moves by the jump velocity (clamped), and gravity comes after
 * the move.
 *
 * Ground: flat, solid from block row 30 down; Samus stands at yPosition = BLOCK_SIZE * 30 - 1
 * (0x77F, the last sub-pixel of the air block above, where SamusCheckLandingCollision puts her and
 * where mzm src/in_game_cutscene.c starts her).  Landing = the first frame her yPosition reaches
 * row 30 (>= 0x780); it snaps back to 0x77F.  Heights are measured from 0x77F.
 *
 * The model holds no direction, so a jump is SPOSE_MIDAIR (left/right held would make it
 * SPOSE_STARTING_SPIN_JUMP, vertically the same), and a mid-air A press only switches to
 * SPOSE_SPINNING (no Space Jump: vertically the same).  Left out: Space Jump, Screw Attack, wall
 * jumps (mzm: yVelocity = SAMUS_HIGH_JUMP_VELOCITY / 2 when slowed), morph-ball and bomb jumps,
 * shinesparks, ledge grabs, ceilings, slopes, the liquid surface (env is one medium for the whole
 * jump), shooting (SamusSpinning's new-projectile break).
 */
#ifndef JS_GBA_METROID_H
#define JS_GBA_METROID_H

#include <stdint.h>

#include "model.h"

#define GBAM_BLOCK_SIZE 64                /* BLOCK_SIZE = PIXEL_PER_BLOCK (16) * SUB_PIXEL_RATIO (4) */
#define GBAM_BLOCK_POSITION_FLAG 0xffc0u  /* (u16)~BLOCK_SIZE + ONE_SUB_PIXEL */
#define GBAM_SUB_PIXEL_POSITION_FLAG 63   /* BLOCK_SIZE - ONE_SUB_PIXEL */
#define GBAM_GROUND (GBAM_BLOCK_SIZE * 30) /* top of the ground: block row 30 */
#define GBAM_Y0 (GBAM_GROUND - 1)         /* standing yPosition, 0x77F */
#define GBAM_MAX_JUMPS 4
#define GBAM_MAX_ENVS 8

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT), the same in both games. */
#define GBAM_FLAG_CAP_UP (1u << 8)    /* yVelocity > positive cap: the displacement was clamped */
#define GBAM_FLAG_CAP_DOWN (1u << 9)  /* yVelocity < -negative cap: clamped (terminal fall) */
#define GBAM_FLAG_NO_GRAVITY (1u << 10) /* at or past the cut-off: yAcceleration not applied */
#define GBAM_FLAG_RELEASE (1u << 11)  /* the release rule zeroed a rising yVelocity */
#define GBAM_FLAG_ASR_FLOOR (1u << 12) /* a negative yVelocity not a multiple of 8: the shift
					 * rounded the displacement down (-1 sub-px vs. truncation) */
#define GBAM_FLAG_AIR_PRESS (1u << 13) /* a new A press in mid-air (SamusMidAir: SPOSE_SPINNING;
					  * SamusSpinning without Space Jump: nothing) */

/* What differs between the games. */
typedef struct gbam_game {
	int16_t jump_velocity[GBAM_MAX_JUMPS]; /* by the jump axis */
	int16_t accel, accel_slowed;           /* gSamusPhysics.yAcceleration */
	int16_t up_cap, up_cap_slowed;         /* positive cap (mf: its one yVelocityCap) */
	int16_t down_cap, down_cap_slowed;     /* negative cap, as a positive number */
	int32_t gravity_above;                 /* yVelocity -= accel only while yVelocity > this */
	uint8_t env_slowed[GBAM_MAX_ENVS];     /* by the env axis: SamusUpdatePhysics' slowed */
	uint8_t pose_standing, pose_midair, pose_landing, pose_spinning; /* the game's SPOSE_ numbers */
	/* for fuzz starts (gbam_fuzz_fix): the game's other airborne poses among the first ones,
	 * taken as the modelled ones (the same vertical rules: see above) */
	uint8_t pose_turning_midair, pose_starting_spin;
} gbam_game;

enum { GBAM_AX_JUMP, GBAM_AX_ENV };

/* DIV_SHIFT(x, 8) on a negative s32 is the ARM's ASR: rounds toward minus infinity.  Written
 * without relying on C's implementation-defined >> of a negative number. */
static inline int32_t gbam_asr3(int32_t x)
{
	return x >= 0 ? x >> 3 : -(int32_t)(((uint32_t)-(int64_t)x + 7u) >> 3);
}

typedef struct gbam_state {
	uint16_t y_position; /* gSamusData.yPosition: sub-pixels, + down */
	int16_t y_velocity;  /* gSamusData.yVelocity: 1/8 sub-pixel per frame, + up */
	uint8_t pose;        /* gSamusData.pose, the game's SPOSE_ number */
	uint8_t prev_a;      /* A on the previous frame (gChangedInput = pressed now, not then) */
	uint8_t slowed;      /* gSamusPhysics.slowedByLiquid (mf: slowed) from the env axis */
	uint8_t jump;        /* the jump axis (which jump velocity SamusSetMidAir picks) */
	/* per-frame scratch, last: outside key_size */
	int16_t displacement; /* this frame's SamusUpdateVelocityPosition move, sub-pixels, + up */
	uint16_t frame_flags; /* events of the last step (GBAM_FLAG_* >> 8) */
} gbam_state;

#ifndef JS_LANE_SUFFIX /* ---- reference (compiled once) ---- */

#include <stdio.h>
#include <string.h>


static void gbam_init(gbam_state *s, const gbam_game *g, const int32_t *ax)
{
	memset(s, 0, sizeof *s);
	s->y_position = GBAM_Y0;
	s->pose = g->pose_standing;
	s->slowed = g->env_slowed[ax[GBAM_AX_ENV]];
	s->jump = (uint8_t)ax[GBAM_AX_JUMP];
}

static int gbam_airborne(const gbam_state *s, const gbam_game *g)
{
	return s->pose == g->pose_midair || s->pose == g->pose_spinning;
}

static void gbam_step(gbam_state *s, const gbam_game *g, unsigned input)
{
	const uint8_t a = (input & JS_IN_JUMP) ? 1 : 0;
	const uint8_t new_a = a & (s->prev_a ^ 1); /* gChangedInput & KEY_A */
	s->frame_flags = 0;
	s->displacement = 0;

	/* in_game.c: gPreviousYPosition = gSamusData.yPosition */
	const uint16_t previous_y = s->y_position;

	/* SamusUpdatePhysics: the slowed values or the normal ones, every frame */
	const int32_t accel = s->slowed ? g->accel_slowed : g->accel;
	const int32_t up_cap = s->slowed ? g->up_cap_slowed : g->up_cap;
	const int32_t down_cap = s->slowed ? g->down_cap_slowed : g->down_cap;

	/* SamusExecutePoseHandler */
	if (!gbam_airborne(s, g)) {
		/* SamusStanding (SPOSE_LANDING runs it too): SamusCheckJumping */
		if (new_a) {
			/* SamusSetPose(SPOSE_MID_AIR_REQUEST): SamusCopyData zeroes yVelocity, then
			 * SamusSetMidAir (default case): SPOSE_MIDAIR, yVelocity = the jump velocity */
			s->y_velocity = 0;
			s->pose = g->pose_midair;
			s->y_velocity = g->jump_velocity[s->jump];
		}
	} else if (new_a) {
		/* SamusMidAir: a new A press without Up/Down sets SPOSE_SPINNING and returns.
		 * SamusSpinning: no Space Jump, no wall-jump timer: nothing; its release rule below
		 * cannot fire with A down. */
		if (s->pose == g->pose_midair)
			s->pose = g->pose_spinning;
		s->frame_flags |= GBAM_FLAG_AIR_PRESS >> 8;
	} else if (!a && s->y_velocity > 0) {
		/* SamusMidAir / SamusSpinning: "terminate Y velocity if not pressing A and going up" */
		s->y_velocity = 0;
		s->frame_flags |= GBAM_FLAG_RELEASE >> 8;
	}

	/* SamusUpdateVelocityPosition: the airborne poses */
	if (gbam_airborne(s, g)) {
		const int32_t v = s->y_velocity;
		int32_t velocity;
		if (v > up_cap) {
			velocity = gbam_asr3(up_cap);
			s->frame_flags |= GBAM_FLAG_CAP_UP >> 8;
		} else if (v < -down_cap) {
			velocity = gbam_asr3(-down_cap);
			s->frame_flags |= GBAM_FLAG_CAP_DOWN >> 8;
		} else {
			velocity = gbam_asr3(v);
			if (v < 0 && (v & 7))
				s->frame_flags |= GBAM_FLAG_ASR_FLOOR >> 8;
		}
		if (v > g->gravity_above) /* mzm: >= -231; mf: > -220 */
			s->y_velocity = (int16_t)(v - accel);
		else
			s->frame_flags |= GBAM_FLAG_NO_GRAVITY >> 8;
		s->y_position = (uint16_t)(s->y_position - velocity);
		s->displacement = (int16_t)velocity;

		/* SamusCheckLandingCollision (moving down, VDMOVING_DOWN): a new block below the
		 * previous one (blockY > prevBlockY) with solid ground at the feet -> snap to the
		 * block above's last sub-pixel, SPOSE_LANDING_REQUEST */
		const unsigned block_y = s->y_position & GBAM_BLOCK_POSITION_FLAG;
		const unsigned prev_block_y = previous_y & GBAM_BLOCK_POSITION_FLAG;
		if (s->y_position > previous_y && block_y > prev_block_y && s->y_position >= GBAM_GROUND) {
			s->y_position = (uint16_t)(((s->y_position - GBAM_BLOCK_SIZE) &
						    GBAM_BLOCK_POSITION_FLAG) + GBAM_SUB_PIXEL_POSITION_FLAG);
			s->y_velocity = 0; /* SamusCopyData */
			s->pose = g->pose_landing;
		}
	}
	s->prev_a = a;
}

static void gbam_observe(const gbam_state *s, const gbam_game *g, js_obs *o)
{
	o->height = (int64_t)GBAM_Y0 - s->y_position;
	o->grounded = !gbam_airborne(s, g);
	o->flags = (uint32_t)s->frame_flags << 8;
}

#define GBAM_TRACE_HEADER "y,yvel,disp,pose,accel,up_cap,down_cap"
#define GBAM_TRACE_UNITS "1/4 px (+ down),1/32 px/frame (+ up),1/4 px (+ up),code," \
	"1/32 px/frame^2,1/32 px/frame,1/32 px/frame"

static int gbam_trace_row(const gbam_state *s, const gbam_game *g, char *buf, size_t n)
{
	return snprintf(buf, n, "%u,%d,%d,%u,%d,%d,%d", s->y_position, s->y_velocity,
			s->displacement, s->pose, s->slowed ? g->accel_slowed : g->accel,
			s->slowed ? g->up_cap_slowed : g->up_cap,
			s->slowed ? g->down_cap_slowed : g->down_cap);
}

/* ---- fuzzing hooks (model.h), shared; each model wraps them with its gbam_game ---- */

/* A start as the game keeps it.  The model holds four poses: the game's other airborne poses
 * below pose_max (TURNING_AROUND_MID_AIR, STARTING_SPIN_JUMP) are taken as MID_AIR / SPINNING
 * (vertically the same), every ground pose as STANDING.  On the ground Samus stands on the floor
 * at 0x77F with yVelocity 0 (SamusCheckLandingCollision snaps her there, SamusCopyData zeroes
 * it); in the air she is never inside the solid ground (rows 30 and below): a start there is put
 * on its top. */
static void gbam_fuzz_fix(gbam_state *s, const gbam_game *g)
{
	if (s->pose == g->pose_turning_midair)
		s->pose = g->pose_midair;
	else if (s->pose == g->pose_starting_spin)
		s->pose = g->pose_spinning;
	else if (!gbam_airborne(s, g) && s->pose != g->pose_landing)
		s->pose = g->pose_standing;
	if (!gbam_airborne(s, g)) {
		s->y_position = GBAM_Y0;
		s->y_velocity = 0;
	} else if (s->y_position > GBAM_Y0) {
		s->y_position = GBAM_Y0;
	}
	s->displacement = 0;
	s->frame_flags = 0;
}

enum { GBAM_INV_Y_WRAP, GBAM_INV_FALL_CAP, GBAM_INV_VEL_FLOOR, GBAM_INV_RELEASE };

static uint32_t gbam_invariants(const gbam_state *b, const gbam_state *a, unsigned input,
				const gbam_game *g)
{
	const int32_t accel = a->slowed ? g->accel_slowed : g->accel;
	const int32_t down_cap = a->slowed ? g->down_cap_slowed : g->down_cap;
	uint32_t bits = 0;
	/* yPosition is a u16 (sub-pixels from the room's top): a move up never makes it larger. */
	if (a->displacement > 0 && a->y_position > b->y_position)
		bits |= 1u << GBAM_INV_Y_WRAP;
	/* SamusUpdateVelocityPosition's clamp: a frame's fall moves at most the down cap >> 3 */
	if (a->displacement < gbam_asr3(-down_cap))
		bits |= 1u << GBAM_INV_FALL_CAP;
	/* gravity stops at the cut-off: it never takes yVelocity below the cut-off minus one
	 * acceleration (mzm -241, mf -225 in air) */
	if (a->y_velocity < b->y_velocity && a->y_velocity < g->gravity_above + 1 - accel)
		bits |= 1u << GBAM_INV_VEL_FLOOR;
	/* the release rule: with A up Samus never moves up */
	if (!(input & JS_IN_JUMP) && a->displacement > 0)
		bits |= 1u << GBAM_INV_RELEASE;
	return bits;
}

#define GBAM_INV_NAMES                                                                          \
	[GBAM_INV_Y_WRAP] = "y_wrap", [GBAM_INV_FALL_CAP] = "fall_cap",                         \
	[GBAM_INV_VEL_FLOOR] = "vel_floor", [GBAM_INV_RELEASE] = "release"
#define GBAM_INV_WHAT(vel_floor_what)                                                           \
	[GBAM_INV_Y_WRAP] = "Samus's yPosition (a u16, sub-pixels from the room's top) does not " \
			    "wrap past 0 as she rises",                                         \
	[GBAM_INV_FALL_CAP] = "a frame's fall moves Samus at most the down cap >> 3 (4 px in air)", \
	[GBAM_INV_VEL_FLOOR] = vel_floor_what,                                                  \
	[GBAM_INV_RELEASE] = "with A up Samus never moves up (the release rule zeroes a rising " \
			     "yVelocity first)"

/* The fields, the same in both games but pose_max. */
#define GBAM_FIELDS(pose_max, pose_why)                                                         \
	{ "y_position", offsetof(gbam_state, y_position), JS_F_U16, 0, 65535,                   \
	  "gSamusData.yPosition (u16); fuzz_fix puts a start inside the ground on it" },        \
	{ "y_velocity", offsetof(gbam_state, y_velocity), JS_F_S16, -32768, 32767,              \
	  "gSamusData.yVelocity (s16); 0 on the ground (fuzz_fix)" },                           \
	{ "pose", offsetof(gbam_state, pose), JS_F_U8, 0, (pose_max), pose_why },               \
	{ "prev_a", offsetof(gbam_state, prev_a), JS_F_U8, 0, 1,                                \
	  "A held on the previous frame (gChangedInput's history)" }

#define GBAM_FLAG_NAMES                                                                           \
	[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start", [8] = "cap_up",              \
	[9] = "cap_down", [10] = "no_gravity", [11] = "release", [12] = "asr_floor", [13] = "air_press"
/* The model flags' meanings (js_model.flag_what). */
#define GBAM_FLAG_WHAT \
	[8] = "yVelocity was above the positive cap: the upward displacement was clamped.", \
	[9] = "yVelocity was below the negative cap: the fall was clamped (terminal speed).", \
	[10] = "yVelocity was at or past the gravity cut-off, so yAcceleration was not applied.", \
	[11] = "The release rule zeroed a rising yVelocity (A not held).", \
	[12] = "A negative yVelocity not a multiple of 8: the arithmetic shift rounded the " \
		"displacement down (1 sub-pixel more than truncation).", \
	[13] = "A new A press in mid-air (SamusMidAir starts the spin pose; without Space Jump " \
		"it does nothing more)."

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"

/* The reference on JS_VW lanes at a time, the state in registers for all frames of a group.
 * Poses collapse to one mask (air: SPOSE_MIDAIR or SPOSE_SPINNING, which move alike); y is the
 * u16 yPosition in an int32, the velocity the s16 value in an int32 (it stays in
 * [cut-off - accel, jump velocity], far inside s16).  On the ground the velocity is always 0
 * (0 before the first jump, and SamusCopyData zeroes it on landing), so a grounded lane's
 * displacement is 0 and it raises no flag: only gravity needs the air mask.  The displacement is
 * the clamp written as max / min, the same value as the reference's if / else-if chain.
 * Landing: the reference's three conditions (moving down, a new block, solid) reduce to y >=
 * GBAM_GROUND, because an airborne Samus starts every frame at or above 0x77F (previous_y <=
 * 0x77F, so y >= 0x780 is below it and in a lower block); the snap from y in [0x780, 0x780 + 16]
 * is 0x77F.  y never wraps the u16: the highest jump rises far less than 0x77F sub-pixels, so the
 * reference's u16 arithmetic and this int32 arithmetic agree without a mask. */
typedef struct gbam_lanes {
	js_vi jv, accel, up_cap, neg_down_cap; /* per-lane constants */
	js_vi y, v, air, prev;                 /* the game's state (air: -1 airborne) */
	js_vi landed, rise, apex, airtime, vlast, last_jump; /* the accounting, see below */
	js_vu flags;
} gbam_lanes;

static inline void gbam_lanes_init(gbam_lanes *s, const js_lane_args *args, int l0,
				   const gbam_game *g)
{
	int32_t jv[JS_VW], ac[JS_VW], uc[JS_VW], dc[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		int slowed = g->env_slowed[args->axis[GBAM_AX_ENV][l]];
		jv[i] = g->jump_velocity[args->axis[GBAM_AX_JUMP][l]];
		ac[i] = slowed ? g->accel_slowed : g->accel;
		uc[i] = slowed ? g->up_cap_slowed : g->up_cap;
		dc[i] = -(slowed ? g->down_cap_slowed : g->down_cap);
	}
	s->jv = js_vload(jv);
	s->accel = js_vload(ac);
	s->up_cap = js_vload(uc);
	s->neg_down_cap = js_vload(dc);
	s->y = js_vsplat(GBAM_Y0);
	s->v = s->air = s->prev = js_vsplat(0);
	js_vacc acc;
	js_vacc_init(&acc, args, l0);
	s->last_jump = acc.last_jump;
	s->landed = s->rise = s->apex = s->airtime = s->vlast = js_vsplat(0);
	s->flags = (js_vu)js_vsplat(0);
}

/* One frame.  The accounting (model.h js_acc_frame) is inlined in a cheaper form that holds for
 * this model:
 *   - the lane kernel lets no lane jump again once it has landed (the reference would, but
 *     nothing after the landing frame is accounted), so before take-off and after landing a lane
 *     is at height 0 with velocity 0 and raises no flag: "only from take-off to landing" needs no
 *     mask; the rise is the running maximum of the height, the flags a plain OR;
 *   - an airborne lane is never below 0x77F (a move below it lands and snaps back): no
 *     below_start;
 *   - in flight the velocity at the start of a frame (after the release rule) never rises: the
 *     jump sets it once, then only gravity and the release (positive -> 0) change it.  So cap_up
 *     (velocity above the up cap on some frame) is "the jump velocity is above it", and cap_down
 *     and no_gravity (below the down cap / at or below the cut-off on some frame) are decided by
 *     the last accounted frame's starting velocity, vlast; the store adds them;
 *   - asr_floor is "the clamped velocity c is negative and not a multiple of 8" (a clamped c is
 *     -128 / -40 / -48, multiples of 8): c & 0x80000007 above 0x80000000 unsigned. */
static inline void gbam_lanes_frame(gbam_lanes *s, js_vi a, int f, int32_t gravity_above)
{
	js_vi press = a & ~s->prev;
	js_vi jump = press & ~(s->air | s->landed);        /* SamusStanding -> SamusSetMidAir */
	js_vi air_press = press & s->air;                  /* SamusMidAir: start the spin */
	js_vi air = s->air | jump;
	js_vi v = js_vsel(jump, s->jv, s->v);
	js_vi release = ~a & (v > 0);                      /* the release rule (v > 0: airborne) */
	v &= ~release;
	s->vlast = js_vsel(air, v, s->vlast);
	/* SamusUpdateVelocityPosition; GCC's >> on a signed vector is arithmetic, as the ASR */
	js_vi c = js_vmin(js_vmax(v, s->neg_down_cap), s->up_cap);
	js_vi floor = (js_vi)(((js_vu)c & 0x80000007u) > 0x80000000u);
	js_vi nv = v - (s->accel & (v > gravity_above) & air);
	js_vi ny = s->y - (c >> 3);
	/* SamusCheckLandingCollision */
	js_vi land = ny >= GBAM_GROUND;
	s->y = js_vsel(land, js_vsplat(GBAM_Y0), ny);
	s->v = nv & ~land;
	s->air = air & ~land;
	s->prev = a;
	s->flags |= ((js_vu)floor & GBAM_FLAG_ASR_FLOOR) | ((js_vu)release & GBAM_FLAG_RELEASE) |
		    ((js_vu)air_press & GBAM_FLAG_AIR_PRESS);
	/* the accounting */
	js_vi height = GBAM_Y0 - s->y;
	js_vi higher = height > s->rise;
	s->rise = js_vsel(higher, height, s->rise);
	s->apex = js_vsel(higher, js_vsplat(f), s->apex);
	s->airtime = js_vsel(land, js_vsplat(f + 1), s->airtime);
	s->landed |= land;
}

static inline int gbam_lanes_done(const gbam_lanes *s, int f)
{
	js_vi took = s->air | s->landed;
	return js_vall(s->landed | (~took & (s->last_jump <= f)));
}

static inline void gbam_lanes_store(const gbam_lanes *s, const js_lane_args *args, int l0,
				    int32_t gravity_above)
{
	js_vi took = s->air | s->landed;
	js_vu fl = s->flags | ((js_vu)(s->jv > s->up_cap) & GBAM_FLAG_CAP_UP) |
		   ((js_vu)(s->vlast < s->neg_down_cap) & GBAM_FLAG_CAP_DOWN) |
		   ((js_vu)(s->vlast <= gravity_above) & GBAM_FLAG_NO_GRAVITY);
	js_vacc acc = { .rise = s->rise, .apex = s->apex, .air = s->airtime, .took = took,
			.landed = s->landed, .last_jump = s->last_jump, .flags = fl & (js_vu)took };
	js_vacc_store(&acc, args, l0);
}

/* The generic kernel: four groups side by side (each frame depends on the last, so independent
 * chains keep the vector units busy; measured faster than two here), the jump button read one
 * 32-frame word at a time and shifted down a bit per frame, early stop once all are done. */
#define GBAM_GROUPS 4
_Static_assert(JS_BLOCK % (GBAM_GROUPS * JS_VW) == 0, "whole groups per block");

static inline void gbam_lane_run_generic(const js_lane_args *args, const gbam_game *g)
{
	const int32_t gravity_above = g->gravity_above;
	for (int l0 = 0; l0 < JS_BLOCK; l0 += GBAM_GROUPS * JS_VW) {
		gbam_lanes gr[GBAM_GROUPS];
		js_vu w[GBAM_GROUPS];
		for (int k = 0; k < GBAM_GROUPS; k++) {
			w[k] = (js_vu)js_vsplat(0);
			gbam_lanes_init(&gr[k], args, l0 + k * JS_VW, g);
		}
		for (int f = 0; f < args->n_frames; f++) {
			if ((f & 31) == 0)
				for (int k = 0; k < GBAM_GROUPS; k++)
					w[k] = js_vloadu(args->input[0] + (f >> 5) * JS_BLOCK + l0 + k * JS_VW);
			for (int k = 0; k < GBAM_GROUPS; k++) {
				gbam_lanes_frame(&gr[k], -(js_vi)(w[k] & 1u), f, gravity_above);
				w[k] >>= 1;
			}
			if ((f & 7) == 7) {
				int done = 1;
				for (int k = 0; k < GBAM_GROUPS; k++)
					done &= gbam_lanes_done(&gr[k], f);
				if (done)
					break;
			}
		}
		for (int k = 0; k < GBAM_GROUPS; k++)
			gbam_lanes_store(&gr[k], args, l0 + k * JS_VW, gravity_above);
	}
}

#if JS_VW == 16 && defined(__AVX512BW__)
#include <immintrin.h>

/* AVX-512 (F + BW): the same frame as gbam_lanes_frame on 16-bit lanes, 32 to a register, the
 * masks in mask registers (a select is one masked move, a flag one mask OR), two groups of 32
 * lanes side by side (the whole block).  Every quantity fits an int16: yPosition stays in
 * [0x77F - the highest rise (under 0x200), 0x780 + 16], the velocity in [-241, 232], the clamp
 * in [-128, 192], heights in [-16, 0x200), frames and airtimes under JS_MAX_FRAMES (4096),
 * last_jump in [-1, 4095].  Flags are kept as per-lane mask bits and turned into flag words at the
 * store, with the same derived cap_up / cap_down / no_gravity as gbam_lanes_store. */
typedef struct gbam_zlanes {
	__m512i jv, accel, up_cap, neg_down_cap; /* per-lane constants */
	__m512i y, v, rise, apex, airtime, vlast, last_jump;
	__m512i fl; /* asr_floor, release and air_press as flag bits: masks would spill */
	__mmask32 air, prev, landed;
} gbam_zlanes;

/* The constants of 32 lanes from their axes, as gbam_lanes_init's: looked up by axis value (vpermw from tables
 * of 32 words: jtab the jump velocity by jump, stab -1 where env is slowed), last_jump as
 * js_vacc_init's (js_vlast_set: the same top set bit). */
static inline void gbam_zlanes_init_fast(gbam_zlanes *z, const js_lane_args *args, int l0,
					 const gbam_game *g, __m512i jtab, __m512i stab)
{
	const __m512i sl = _mm512_permutexvar_epi16(js_zaxis16(args->axis[GBAM_AX_ENV], args, l0), stab);
	const __mmask32 slowed = _mm512_test_epi16_mask(sl, sl);
	z->jv = _mm512_permutexvar_epi16(js_zaxis16(args->axis[GBAM_AX_JUMP], args, l0), jtab);
	z->accel = _mm512_mask_mov_epi16(_mm512_set1_epi16((short)g->accel), slowed,
					 _mm512_set1_epi16((short)g->accel_slowed));
	z->up_cap = _mm512_mask_mov_epi16(_mm512_set1_epi16((short)g->up_cap), slowed,
					  _mm512_set1_epi16((short)g->up_cap_slowed));
	z->neg_down_cap = _mm512_mask_mov_epi16(_mm512_set1_epi16((short)-g->down_cap), slowed,
						_mm512_set1_epi16((short)-g->down_cap_slowed));
	z->last_jump = js_zlast_jump16(args, l0);
	z->y = _mm512_set1_epi16(GBAM_Y0);
	z->v = z->rise = z->apex = z->airtime = z->vlast = _mm512_setzero_si512();
	z->fl = _mm512_setzero_si512();
	z->air = z->prev = z->landed = 0;
}

static inline __attribute__((always_inline)) void
gbam_zlanes_frame(gbam_zlanes *z, __mmask32 a, __m512i fv, __m512i fv1, __m512i gravity_above,
		  const int calm)
{
	const __m512i zero = _mm512_setzero_si512();
	__mmask32 air = z->air;
	__m512i v = z->v;
	if (!calm) {
		/* calm (a compile-time constant): no lane's button changed since the last frame, so
		 * nothing here fires: no press, and no release (had the button been up on the frame
		 * before too, the release would have zeroed the speed then, and in the air it only
		 * falls after that; a standing or landed lane's speed is 0) */
		__mmask32 press = _kandn_mask32(z->prev, a);
		__mmask32 jump = _kandn_mask32(_kor_mask32(z->air, z->landed), press);
		z->fl = _mm512_mask_mov_epi16(z->fl, _kand_mask32(press, z->air),
					      _mm512_or_si512(z->fl, _mm512_set1_epi16(GBAM_FLAG_AIR_PRESS)));
		air = _kor_mask32(z->air, jump);
		v = _mm512_mask_mov_epi16(z->v, jump, z->jv);
		__mmask32 release = _mm512_mask_cmpgt_epi16_mask(_knot_mask32(a), v, zero);
		z->fl = _mm512_mask_mov_epi16(z->fl, release,
					      _mm512_or_si512(z->fl, _mm512_set1_epi16(GBAM_FLAG_RELEASE)));
		v = _mm512_mask_mov_epi16(v, release, zero);
	}
	z->vlast = _mm512_mask_mov_epi16(z->vlast, air, v);
	__m512i c = _mm512_min_epi16(_mm512_max_epi16(v, z->neg_down_cap), z->up_cap);
	__mmask32 floor = _mm512_cmpgt_epu16_mask(_mm512_and_si512(c, _mm512_set1_epi16((short)0x8007)),
						  _mm512_set1_epi16((short)0x8000));
	z->fl = _mm512_mask_mov_epi16(z->fl, floor, _mm512_or_si512(z->fl, _mm512_set1_epi16(GBAM_FLAG_ASR_FLOOR)));
	v = _mm512_mask_sub_epi16(v, _mm512_mask_cmpgt_epi16_mask(air, v, gravity_above), v, z->accel);
	__m512i y = _mm512_sub_epi16(z->y, _mm512_srai_epi16(c, 3));
	__mmask32 land = _mm512_cmpge_epi16_mask(y, _mm512_set1_epi16(GBAM_GROUND));
	z->y = _mm512_mask_mov_epi16(y, land, _mm512_set1_epi16(GBAM_Y0));
	z->v = _mm512_mask_mov_epi16(v, land, zero);
	z->air = _kandn_mask32(land, air);
	z->landed = _kor_mask32(z->landed, land);
	z->prev = a;
	__m512i h = _mm512_sub_epi16(_mm512_set1_epi16(GBAM_Y0), z->y);
	__mmask32 higher = _mm512_cmpgt_epi16_mask(h, z->rise);
	z->rise = _mm512_max_epi16(z->rise, h);
	z->apex = _mm512_mask_mov_epi16(z->apex, higher, fv);
	z->airtime = _mm512_mask_mov_epi16(z->airtime, land, fv1);
}

static inline int gbam_zlanes_done(const gbam_zlanes *z, __m512i fv)
{
	__mmask32 quiet = _mm512_cmple_epi16_mask(z->last_jump, fv);
	return _cvtmask32_u32(_kor_mask32(z->landed, _kandn_mask32(_kor_mask32(z->air, z->landed),
								   quiet))) == 0xffffffffu;
}

/* The flags (as gbam_lanes_store) for 32 lanes in mask registers, the results widened and
 * stored. */
static inline void gbam_zlanes_store(const gbam_zlanes *z, const js_lane_args *args, int l0,
				     int32_t gravity_above)
{
	const int n = args->n_lanes - l0;
	if (n <= 0)
		return;
	const __mmask32 took = _kor_mask32(z->air, z->landed);
	__m512i fl = _mm512_mask_mov_epi16(_mm512_set1_epi16(JS_FLAG_NO_TAKEOFF), took, z->fl);
#define GBAM_ZSET(m, bits) \
	fl = _mm512_mask_mov_epi16(fl, (m) & took, _mm512_or_si512(fl, _mm512_set1_epi16((short)(bits))))
	GBAM_ZSET(_mm512_cmpgt_epi16_mask(z->jv, z->up_cap), GBAM_FLAG_CAP_UP);
	GBAM_ZSET(_mm512_cmplt_epi16_mask(z->vlast, z->neg_down_cap), GBAM_FLAG_CAP_DOWN);
	GBAM_ZSET(_mm512_cmple_epi16_mask(z->vlast, _mm512_set1_epi16((short)gravity_above)),
		  GBAM_FLAG_NO_GRAVITY);
	GBAM_ZSET(~z->landed, JS_FLAG_NOT_LANDED);
#undef GBAM_ZSET
	js_zstore16(args, l0, n, z->rise, z->apex, z->airtime, fl);
}

/* Groups of 32 lanes through their frames: the stop rule checked before the first frame (a group
 * with no press is done before it starts) and every 4 frames after, for each group on its own.
 * Two groups side by side while both run (each frame depends on the last: two independent chains
 * keep the vector units busier than one, measured), then the one left alone; a group of padding
 * lanes (n_lanes <= 32) is not run.  A frame on which no lane's button changed runs without the
 * press and release (gbam_zlanes_frame's calm): most frames of a hold. */
static inline void gbam_lane_run_fast(const js_lane_args *args, const gbam_game *g)
{
	int16_t jt[32] = { 0 }, st[32] = { 0 };
	for (int i = 0; i < GBAM_MAX_JUMPS; i++)
		jt[i] = g->jump_velocity[i];
	for (int i = 0; i < GBAM_MAX_ENVS; i++)
		st[i] = (int16_t)-(g->env_slowed[i] != 0);
	const __m512i jtab = _mm512_loadu_si512(jt), stab = _mm512_loadu_si512(st);
	const __m512i gravity_above = _mm512_set1_epi16((short)g->gravity_above);
	gbam_zlanes z[2];
	const int groups = args->n_lanes > 32 ? 2 : 1;
	int done[2] = { 1, 1 };
	for (int k = 0; k < groups; k++) {
		gbam_zlanes_init_fast(&z[k], args, 32 * k, g, jtab, stab);
		done[k] = gbam_zlanes_done(&z[k], _mm512_set1_epi16(-1));
	}
	const __m512i one = _mm512_set1_epi16(1);
	__m512i fv = _mm512_setzero_si512(), fv1 = one;
	js_zjump jump = { { 0 } }; /* set on frame 0 */
	int f = 0;
	for (; f < args->n_frames && !done[0] && !done[1]; f++) {
		__mmask32 a0, a1;
		js_zjump_frame(&jump, args, f, &a0, &a1);
		if ((uint32_t)a0 == (uint32_t)z[0].prev && (uint32_t)a1 == (uint32_t)z[1].prev) {
			gbam_zlanes_frame(&z[0], a0, fv, fv1, gravity_above, 1);
			gbam_zlanes_frame(&z[1], a1, fv, fv1, gravity_above, 1);
		} else {
			gbam_zlanes_frame(&z[0], a0, fv, fv1, gravity_above, 0);
			gbam_zlanes_frame(&z[1], a1, fv, fv1, gravity_above, 0);
		}
		if ((f & 3) == 3) {
			done[0] = gbam_zlanes_done(&z[0], fv);
			done[1] = gbam_zlanes_done(&z[1], fv);
		}
		fv = fv1;
		fv1 = _mm512_add_epi16(fv1, one);
	}
	if (!(done[0] && done[1])) {
		gbam_zlanes *const zr = done[0] ? &z[1] : &z[0];
		for (; f < args->n_frames; f++) {
			__mmask32 a0, a1;
			js_zjump_frame(&jump, args, f, &a0, &a1);
			const __mmask32 a = done[0] ? a1 : a0;
			if ((uint32_t)a == (uint32_t)zr->prev)
				gbam_zlanes_frame(zr, a, fv, fv1, gravity_above, 1);
			else
				gbam_zlanes_frame(zr, a, fv, fv1, gravity_above, 0);
			if ((f & 3) == 3 && gbam_zlanes_done(zr, fv))
				break;
			fv = fv1;
			fv1 = _mm512_add_epi16(fv1, one);
		}
	}
	for (int k = 0; k < groups; k++)
		gbam_zlanes_store(&z[k], args, 32 * k, g->gravity_above);
}

#elif defined(JS_LANE_H16)

/* AVX2: the AVX-512 frame above on 16-bit words, 16 lanes per ymm (lane.h's js_hi, masks as
 * -1 / 0 words), groups of 16 two side by side; the same state, order and ranges. */
typedef struct gbam_hlanes {
	js_hi jv, accel, up_cap, neg_down_cap; /* per-lane constants */
	js_hi y, v, rise, apex, airtime, vlast, last_jump;
	js_hi air, prev, landed, fl_floor, fl_release, fl_air_press;
} gbam_hlanes;

/* The constants of 16 lanes from their axes, as gbam_lanes_init's: selected by axis value. */
static inline void gbam_hlanes_init(gbam_hlanes *z, const js_lane_args *args, int l0,
				    const gbam_game *g)
{
	const js_hi jump = js_haxis(args->axis[GBAM_AX_JUMP], args, l0);
	const js_hi env = js_haxis(args->axis[GBAM_AX_ENV], args, l0);
	js_hi slowed = js_hsplat(0);
	for (int i = 0; i < GBAM_MAX_ENVS; i++)
		if (g->env_slowed[i])
			slowed |= env == js_hsplat((int16_t)i);
	z->jv = js_hsplat(0);
	for (int i = 0; i < GBAM_MAX_JUMPS; i++)
		z->jv = js_hsel(jump == js_hsplat((int16_t)i), js_hsplat(g->jump_velocity[i]), z->jv);
	z->accel = js_hsel(slowed, js_hsplat(g->accel_slowed), js_hsplat(g->accel));
	z->up_cap = js_hsel(slowed, js_hsplat(g->up_cap_slowed), js_hsplat(g->up_cap));
	z->neg_down_cap = js_hsel(slowed, js_hsplat((int16_t)-g->down_cap_slowed),
				  js_hsplat((int16_t)-g->down_cap));
	z->last_jump = js_hlast_jump(args, l0);
	z->y = js_hsplat(GBAM_Y0);
	z->v = z->rise = z->apex = z->airtime = z->vlast = js_hsplat(0);
	z->air = z->prev = z->landed = z->fl_floor = z->fl_release = z->fl_air_press = js_hsplat(0);
}

static inline __attribute__((always_inline)) void
gbam_hlanes_frame(gbam_hlanes *z, js_hi a, js_hi fv, js_hi fv1, js_hi gravity_above, const int calm)
{
	js_hi air = z->air, v = z->v;
	if (!calm) { /* calm: no lane's button changed, no press nor release (gbam_zlanes_frame) */
		js_hi press = a & ~z->prev;
		js_hi jump = press & ~(z->air | z->landed);
		z->fl_air_press |= press & z->air;
		air = z->air | jump;
		v = js_hsel(jump, z->jv, z->v);
		js_hi release = ~a & (v > 0);
		z->fl_release |= release;
		v &= ~release;
	}
	z->vlast = js_hsel(air, v, z->vlast);
	js_hi c = (js_hi)_mm256_min_epi16(_mm256_max_epi16((__m256i)v, (__m256i)z->neg_down_cap),
					  (__m256i)z->up_cap);
	z->fl_floor |= (js_hi)((js_hu)(c & (int16_t)0x8007) > (uint16_t)0x8000);
	v -= z->accel & air & (v > gravity_above);
	js_hi y = z->y - (c >> 3);
	js_hi land = y >= GBAM_GROUND;
	z->y = js_hsel(land, js_hsplat(GBAM_Y0), y);
	z->v = v & ~land;
	z->air = air & ~land;
	z->landed |= land;
	z->prev = a;
	js_hi h = GBAM_Y0 - z->y;
	js_hi higher = h > z->rise;
	z->rise = (js_hi)_mm256_max_epi16((__m256i)z->rise, (__m256i)h);
	z->apex = js_hsel(higher, fv, z->apex);
	z->airtime = js_hsel(land, fv1, z->airtime);
}

static inline int gbam_hlanes_done(const gbam_hlanes *z, js_hi fv)
{
	js_hi quiet = z->last_jump <= fv;
	return js_hall(z->landed | (~(z->air | z->landed) & quiet));
}

static inline void gbam_hlanes_store(const gbam_hlanes *z, const js_lane_args *args, int l0,
				     int32_t gravity_above)
{
	/* the flags as gbam_lanes_store's, on words */
	js_hi fl = (z->fl_floor & GBAM_FLAG_ASR_FLOOR) | (z->fl_release & GBAM_FLAG_RELEASE) |
		   (z->fl_air_press & GBAM_FLAG_AIR_PRESS) | ((z->jv > z->up_cap) & GBAM_FLAG_CAP_UP) |
		   ((z->vlast < z->neg_down_cap) & GBAM_FLAG_CAP_DOWN) |
		   ((z->vlast <= (int16_t)gravity_above) & GBAM_FLAG_NO_GRAVITY) |
		   (~z->landed & JS_FLAG_NOT_LANDED);
	fl = js_hsel(z->air | z->landed, fl, js_hsplat(JS_FLAG_NO_TAKEOFF));
	int16_t ri[16], ap[16], at[16], fls[16];
	js_hstore_lanes(ri, z->rise);
	js_hstore_lanes(ap, z->apex);
	js_hstore_lanes(at, z->airtime);
	js_hstore_lanes(fls, fl);
	for (int i = 0; i < 16 && l0 + i < args->n_lanes; i++) {
		args->rise[l0 + i] = ri[i];
		args->apex_frame[l0 + i] = ap[i];
		args->airtime[l0 + i] = at[i];
		args->flags[l0 + i] = (uint16_t)fls[i];
	}
}

static inline void gbam_lane_run_fast(const js_lane_args *args, const gbam_game *g)
{
	const js_hi gravity_above = js_hsplat((int16_t)g->gravity_above);
	/* lanes past n_lanes are padding: pairs of groups wholly past it are not run; the stop rule
	 * before the first frame (no press at all: done) and every 4 frames */
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 32) {
		gbam_hlanes z0, z1;
		gbam_hlanes_init(&z0, args, l0, g);
		gbam_hlanes_init(&z1, args, l0 + 16, g);
		const js_hi one = js_hsplat(1);
		js_hi fv = js_hsplat(0), fv1 = one;
		const int idle = gbam_hlanes_done(&z0, js_hsplat(-1)) && gbam_hlanes_done(&z1, js_hsplat(-1));
		for (int f = 0; f < args->n_frames && !idle; f++) {
			const js_hi a0 = js_hjump(args, l0, f), a1 = js_hjump(args, l0 + 16, f);
			const __m256i d = (__m256i)((a0 ^ z0.prev) | (a1 ^ z1.prev));
			if (_mm256_testz_si256(d, d)) {
				gbam_hlanes_frame(&z0, a0, fv, fv1, gravity_above, 1);
				gbam_hlanes_frame(&z1, a1, fv, fv1, gravity_above, 1);
			} else {
				gbam_hlanes_frame(&z0, a0, fv, fv1, gravity_above, 0);
				gbam_hlanes_frame(&z1, a1, fv, fv1, gravity_above, 0);
			}
			if ((f & 3) == 3 && gbam_hlanes_done(&z0, fv) && gbam_hlanes_done(&z1, fv))
				break;
			fv = fv1;
			fv1 += one;
		}
		gbam_hlanes_store(&z0, args, l0, g->gravity_above);
		gbam_hlanes_store(&z1, args, l0 + 16, g->gravity_above);
	}
}

#else

static inline void gbam_lane_run_fast(const js_lane_args *args, const gbam_game *g)
{
	gbam_lane_run_generic(args, g);
}

#endif

/* ---- starts (js_lane_args.start): the general kernel ----
 *
 * The kernels above lean on facts of jumps from init's state (one take-off from 0x77F, the
 * velocity only falling in flight, Samus never above the room's top, heights inside an int16).
 * From a fuzz start they need not hold, so a block whose lanes do not all start from init's own
 * state runs this one: the reference step for step on 32-bit lanes, the state loaded from the
 * start states, the accounting of model.h in full (js_vacc).  yPosition is kept as the u16 it is
 * (masked after the move: a rise past the room's top wraps it, and SamusCheckLandingCollision
 * then sees a move down into the solid ground, as the reference does); heights 0x77F - y fit an
 * int32; yVelocity moves only by the jump, the release and gravity while above the cut-off, so
 * it stays inside the s16 the start gave: no wrap to emulate. */
typedef struct gbam_glanes {
	js_vi jv, accel, up_cap, neg_down_cap; /* per-lane constants */
	js_vi y, v, air, prev;
	js_vacc acc;
} gbam_glanes;

static inline void gbam_glanes_init(gbam_glanes *s, const js_lane_args *args, int l0,
				    const gbam_game *g)
{
	int32_t jv[JS_VW], ac[JS_VW], uc[JS_VW], dc[JS_VW], y[JS_VW], v[JS_VW], air[JS_VW], pr[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		const gbam_state *st = (const gbam_state *)args->start + l;
		jv[i] = g->jump_velocity[st->jump];
		ac[i] = st->slowed ? g->accel_slowed : g->accel;
		uc[i] = st->slowed ? g->up_cap_slowed : g->up_cap;
		dc[i] = -(st->slowed ? g->down_cap_slowed : g->down_cap);
		y[i] = st->y_position;
		v[i] = st->y_velocity;
		air[i] = -(st->pose == g->pose_midair || st->pose == g->pose_spinning);
		pr[i] = -(st->prev_a != 0);
	}
	s->jv = js_vload(jv);
	s->accel = js_vload(ac);
	s->up_cap = js_vload(uc);
	s->neg_down_cap = js_vload(dc);
	s->y = js_vload(y);
	s->v = js_vload(v);
	s->air = js_vload(air);
	s->prev = js_vload(pr);
	js_vacc_init(&s->acc, args, l0);
}

static inline void gbam_glanes_frame(gbam_glanes *s, js_vi a, int f, int32_t gravity_above)
{
	js_vi press = a & ~s->prev;
	js_vi jump = press & ~s->air;                        /* SamusStanding -> SamusSetMidAir */
	js_vi air_press = press & s->air;                    /* SamusMidAir: the spin */
	js_vi rel = s->air & ~a & (s->v > 0);                /* the release rule */
	js_vi v = js_vsel(jump, s->jv, s->v & ~rel);
	js_vi air = s->air | jump;
	/* SamusUpdateVelocityPosition */
	js_vi cap_up = air & (v > s->up_cap), cap_down = air & (v < s->neg_down_cap);
	js_vi c = js_vmin(js_vmax(v, s->neg_down_cap), s->up_cap);
	js_vi asr_floor = air & ~cap_up & ~cap_down & (v < 0) & ((v & 7) != 0);
	js_vi grav = air & (v > gravity_above);
	js_vi no_grav = air & ~grav;
	v -= s->accel & grav;
	js_vi ny = (s->y - ((c >> 3) & air)) & 0xffff;
	/* SamusCheckLandingCollision */
	js_vi land = air & (ny > s->y) & ((ny & (js_vi)js_vsplat((int32_t)GBAM_BLOCK_POSITION_FLAG)) >
					  (s->y & (js_vi)js_vsplat((int32_t)GBAM_BLOCK_POSITION_FLAG))) &
		     (ny >= GBAM_GROUND);
	ny = js_vsel(land, ((ny - GBAM_BLOCK_SIZE) & (int32_t)GBAM_BLOCK_POSITION_FLAG) +
				   GBAM_SUB_PIXEL_POSITION_FLAG, ny);
	s->v = v & ~land;
	s->air = air & ~land;
	s->y = ny;
	s->prev = a;
	js_vu fl = ((js_vu)cap_up & GBAM_FLAG_CAP_UP) | ((js_vu)cap_down & GBAM_FLAG_CAP_DOWN) |
		   ((js_vu)no_grav & GBAM_FLAG_NO_GRAVITY) | ((js_vu)rel & GBAM_FLAG_RELEASE) |
		   ((js_vu)asr_floor & GBAM_FLAG_ASR_FLOOR) | ((js_vu)air_press & GBAM_FLAG_AIR_PRESS);
	js_vacc_frame(&s->acc, f, GBAM_Y0 - ny, ~s->air, fl);
}

static inline void gbam_run_starts(const js_lane_args *args, const gbam_game *g)
{
	const int32_t gravity_above = g->gravity_above;
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += JS_VW) {
		gbam_glanes gr;
		gbam_glanes_init(&gr, args, l0, g);
		const uint32_t *in = args->input[0] + l0;
		js_vu w = js_vloadu(in);
		for (int f = 0; f < args->n_frames; f++) {
			if (f && (f & 31) == 0)
				w = js_vloadu(in + (f >> 5) * JS_BLOCK);
			gbam_glanes_frame(&gr, -(js_vi)(w & 1u), f, gravity_above);
			w >>= 1;
			if ((f & 7) == 7 && js_vacc_done(&gr.acc, f))
				break;
		}
		js_vacc_store(&gr.acc, args, l0);
	}
}

/* 1 when every lane starts from init's own state for its axes (gbam_init): the kernels above. */
static inline int gbam_starts_are_init(const js_lane_args *args, const gbam_game *g)
{
	if (!args->start)
		return 1;
	for (int l = 0; l < args->n_lanes; l++) {
		const gbam_state *st = (const gbam_state *)args->start + l;
		if (st->y_position != GBAM_Y0 || st->y_velocity || st->pose != g->pose_standing ||
		    st->prev_a || st->slowed != g->env_slowed[args->axis[GBAM_AX_ENV][l]] ||
		    st->jump != args->axis[GBAM_AX_JUMP][l])
			return 0;
	}
	return 1;
}

static inline void gbam_lane_run(const js_lane_args *args, const gbam_game *g)
{
	if (gbam_starts_are_init(args, g))
		gbam_lane_run_fast(args, g);
	else
		gbam_run_starts(args, g);
}

#endif /* JS_LANE_SUFFIX */

#endif
