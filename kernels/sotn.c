/* kernels/sotn.c - Castlevania: Symphony of the Night (PS1): Alucard's jump, vertical axis.
 *
 * Follows Xeeynamo/sotn-decomp src/dra/ (US build): the player update (692E8.c, the function
 * that dispatches on PLAYER.step and then runs CheckStageCollision), PlayerStepStand /
 * PlayerStepCrouch / PlayerStepJump (71830.c), func_8010FDF8 (6FDF8.c: gravity, the fall cap,
 * the landing, the Leap Stone jump), func_8010E83C / func_8010E940 / func_8010E570 /
 * func_8010E470 (6E42C.c), CheckStageCollision (692E8.c) and CheckFloor (6BF64.c), FIX
 * (include/common.h: FIX(x) = (s32)((x) * 65536.0), a truncating cast).
 *
 * Units: PLAYER.posY.val and PLAYER.velocityY are s32 16.16 (posY.i.hi : posY.i.lo), + down.
 * Sub-units are 1/65536 px.
 *
 * The frame, as the player update runs it (the parts that move Alucard vertically):
 *   input      padPressed from the pad; padTapped = (padHeld ^ padPressed) & padPressed, padHeld
 *              being the previous frame's padPressed.  The model's jump button is PAD_CROSS.
 *   step       PLAYER.step's routine:
 *     Player_Stand (PlayerStepStand) / Player_Crouch (PlayerStepCrouch): a Cross tap calls
 *              func_8010E83C(1) (Stand through func_8010FDF8(0x4301C)'s flag 0x10, Crouch
 *              directly): velocityY = FIX(-4.875), step = Player_Jump, unk44 = 4 (no direction
 *              held: vx 0) with bit 0 cleared.  Standing, func_8010FDF8 has no gravity flag
 *              (YAccel 0).
 *     Player_Jump (PlayerStepJump): DecelerateX; if velocityY < FIX(-1) and neither unk44 & 0x40
 *              nor Cross held: velocityY = FIX(-1) (the release, before gravity); then
 *              func_8010FDF8(0x11029):
 *                YAccel = FIX(22.0 / 128) = 11264, or FIX(22.0 / 128 / 5) = 2252 (2252.8
 *                truncated) when FIX(-1.0 / 8) < velocityY < FIX(3.0 / 8), !(unk44 & 0x20) and
 *                Cross held (flag 0x10000);
 *                D_80097448 (how deep Alucard is in water) > 40: YAccel /= 4 (2816 / 563);
 *                velocityY += YAccel; above FIX(7) it is set to FIX(7) (seed claim 16);
 *                velocityY >= 0 and vram_flag & TOUCHING_GROUND (flag 1): the landing:
 *                velocityY > FIX(6.875) -> func_8010E470(1, 0) (Player_Crouch, the hard
 *                stomp), else func_8010E570(0) (Player_Stand); both set velocityY = 0;
 *                flag 0x20: Leap Stone active, Cross tapped and !(unk44 & 1): func_8010E940:
 *                unk44 |= 0x21, velocityY = FIX(-4.25) - the double jump.  Bit 0x20 turns the
 *                fifth-gravity window off for the rest of the jump.
 *   collision  D_80097448 >= 0x29 (and nFramesInvincibility 0, as the model assumes):
 *              velocityY = velocityY * 3 / 4 (C division, toward 0); then
 *              |velocityX| >= FIX(2) or PLAYER.step == Player_HighJump: velocityY >>= 3 and
 *              CheckStageCollision runs 8 times, then velocityY *= 8 (the low 3 bits of the
 *              speed are lost: an arithmetic shift, toward -inf); else CheckStageCollision runs
 *              once; then D_80097448 >= 0x29: velocityY = velocityY * 4 / 3.
 *              CheckStageCollision: posY.val += velocityY, then CheckFloor.  On a flat floor
 *              whose top row is T (a tile boundary), floor sensor 1 (g_SensorsFloorDefault: +25)
 *              is in the solid tile once posY.i.hi + 25 >= T; CheckCollision gives unk18 =
 *              -((posY.i.hi + 25) & 15); the row above is air, so with velocityY >= 0 CheckFloor
 *              does posY.i.hi += unk18 (back to T - 25) and sets TOUCHING_GROUND, and
 *              CheckStageCollision then clears posY.i.lo.  Rising (velocityY < 0) it never snaps
 *              on a plain solid tile.
 *
 * The model: Alucard stands on flat ground with posY.i.hi = 183 (a floor whose top row is 208,
 * 13 tiles down; the numbers are the model's, any tile boundary behaves the same) the frame
 * before frame 0, Cross up, PLAYER.step = Player_Stand.  Axis drop puts the landing floor drop
 * tiles lower (a jump off a ledge's edge; horizontal movement is not modelled).  Frame 0 is the
 * press: the take-off and its move are on frame 0.  Landing: the frame whose collision pass puts
 * the feet on the floor (TOUCHING_GROUND, posY.i.lo = 0) is the landing frame (grounded from
 * then on); func_8010FDF8 on the next frame turns it into Player_Stand / Player_Crouch with
 * velocityY 0, and a Cross tap on that frame is used up by the landing (it returns first).
 *
 * Axes beyond the defaults:
 *   - leap: the Leap Stone relic (IsRelicActive(RELIC_LEAP_STONE)); the double jump is an input
 *     event, a Cross tap in the air, once per jump (unk44 bit 0);
 *   - water: D_80097448 > 40 on every frame (deep water the whole jump: the stage's water entity
 *     recomputes it from Alucard's position each frame; the model keeps it constant);
 *   - subpass: the eight-sub-step collision pass on every frame (|velocityX| >= FIX(2)).  The
 *     path and its truncation are in the code as above, but no Cross jump takes it (settled,
 *     claim sotn/subpass-unreached): func_8010E83C sets velocityX to 0 or +-FIX(1.5), and in
 *     PlayerStepJump only DecelerateX, SetSpeedX(FIX(1.5)) and the air attacks' +-FIX(1.5)
 *     (step_s 0x40-0x5D) change it; the Leap Stone's func_8010E940 leaves it.  The one way to
 *     |velocityX| >= 2 inside Player_Jump is the dive kick (step_s 0x70: Down + a Cross tap
 *     after the double jump, SetSpeedX(FIX(4.5)) with a direction held), which the model leaves
 *     out; its velocityY = FIX(6) plus whole FIX(22/128) steps up to the cap FIX(7) is a multiple
 *     of 8 in dry air, so even there the pass drops nothing.  So "on" is a what-if of the
 *     vertical arithmetic, off in the default grid (the gravity-boots Player_HighJump, which
 *     always takes it, is not modelled).
 *
 * Left out: horizontal movement, ceilings (PlayerStepJump's FIX(-0.25) and unk44 |= 0x20 on
 * TOUCHING_CEILING), slopes and platforms, the dive kick (Down + Cross, step_s 0x70, and its
 * unk44 0x40 bounce), attacks, transformations, the Player_Fall step (walking off a ledge and
 * its coyote Cross), the gravity boots, g_Player.unk72 (a low ceiling blocks the jump), and the
 * screen-top clamp of the eight-step pass (posY.i.hi < 0: the camera keeps Alucard on screen;
 * the camera's whole-pixel scrolling does not change the vertical arithmetic).
 */
#include "model.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* FIX(x) = (s32)((x) * 65536.0) (include/common.h), values as the compiler folds them. */
#define SOTN_JUMP_VY (-319488)  /* func_8010E83C: FIX(-4.875) */
#define SOTN_LEAP_VY (-278528)  /* func_8010E940: FIX(-4.25) */
#define SOTN_RELEASE_VY (-65536) /* PlayerStepJump: FIX(-1) */
#define SOTN_GRAVITY 11264      /* func_8010FDF8: FIX(22.0 / 128) = 11264 exactly */
#define SOTN_FIFTH 2252         /* func_8010FDF8: FIX(22.0 / 128 / 5) = (s32)2252.8 */
#define SOTN_WIN_LO (-8192)     /* FIX(-1.0 / 8) < velocityY */
#define SOTN_WIN_HI 24576       /* velocityY < FIX(3.0 / 8) */
#define SOTN_CAP 458752         /* FIX(7) */
#define SOTN_HARD 450560        /* FIX(6.875): a landing above it is the hard stomp */
#define SOTN_DEEP 40            /* D_80097448 > 40 (and >= 0x29 in the player update) */

#define SOTN_STAND_Y 183        /* posY.i.hi standing: floor top row 208 - sensor +25 */
#define SOTN_TILE 16
#define SOTN_STAND_FIX (SOTN_STAND_Y * 65536)
#define SOTN_DROP_MAX 16
/* Fuzz ranges (the fields below): posY between 2048 px above the take-off floor and the lowest
 * landing floor; a start at most 1024 px up (sotn_fuzz_fix), as Alucard can rise less than
 * 400 px from any state (deep water, Cross held through the window, then the Leap Stone jump). */
#define SOTN_Y_MIN ((SOTN_STAND_Y - 2048) * 65536)
#define SOTN_Y_START_MIN ((SOTN_STAND_Y - 1024) * 65536)
#define SOTN_Y_MAX ((SOTN_STAND_Y + SOTN_TILE * SOTN_DROP_MAX) * 65536)

/* PLAYER.step values (include/player_steps.h) */
enum { SOTN_STEP_STAND = 0, SOTN_STEP_CROUCH = 2, SOTN_STEP_JUMP = 4 };
/* g_Player.unk44 bits the model reads */
#define SOTN_U44_LEAPT 0x01   /* no (more) Leap Stone jump: func_8010E940 sets it */
#define SOTN_U44_NOFIFTH 0x20 /* the fifth-gravity window is off: func_8010E940 sets it */
#define SOTN_U44_NOREL 0x40   /* no release: the dive kick's bounce sets it (not modelled) */
#define SOTN_U44_TAKEOFF 0x04 /* func_8010E83C, no direction held: unk44 = 4, & ~1 */

enum { SOTN_AX_LEAP, SOTN_AX_WATER, SOTN_AX_DROP, SOTN_AX_SUBPASS };

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT). */
#define SOTN_FLAG_FIFTH (1u << 8)        /* the fifth-gravity window added FIX(22/128/5) */
#define SOTN_FLAG_RELEASE (1u << 9)      /* PlayerStepJump set velocityY to FIX(-1) */
#define SOTN_FLAG_FALL_CAP (1u << 10)    /* func_8010FDF8 set velocityY to FIX(7) */
#define SOTN_FLAG_DOUBLE_JUMP (1u << 11) /* func_8010E940: the Leap Stone jump */
#define SOTN_FLAG_HARD_LANDING (1u << 12) /* the feet reached the floor with a speed that the next
					   * frame's gravity takes above FIX(6.875) */
#define SOTN_FLAG_LOW_BITS (1u << 13)    /* the eight-step pass dropped nonzero low 3 bits */
#define SOTN_FLAG_WATER_ROUND (1u << 14) /* water's * 3 / 4 ... * 4 / 3 changed velocityY */

/* The state, visible to the lane part (it loads fuzz starts from it). */
typedef struct sotn_state {
	int32_t pos_y;   /* PLAYER.posY.val, 16.16 */
	int32_t vel_y;   /* PLAYER.velocityY, 16.16 */
	int32_t floor_y; /* posY.i.hi standing on the landing floor (183 + 16 * drop) */
	uint8_t step;    /* PLAYER.step: Player_Stand 0, Player_Crouch 2, Player_Jump 4 */
	uint8_t unk44;   /* g_Player.unk44 (bits 0x01, 0x20, 0x40 read; the others kept) */
	uint8_t ground;  /* g_Player.vram_flag & TOUCHING_GROUND, from the last collision pass */
	uint8_t held;    /* g_Player.padHeld & PAD_CROSS: Cross on the previous frame */
	uint8_t leap;    /* axis leap: IsRelicActive(RELIC_LEAP_STONE) */
	uint8_t water;   /* axis water: D_80097448 > 40 */
	uint8_t subpass; /* axis subpass: |velocityX| >= FIX(2) */
	uint8_t pad;     /* zeroed by init */
	/* per-frame scratch, last: outside key_size */
	uint32_t frame_flags; /* SOTN_FLAG_* of the last step */
} sotn_state;

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

enum { SOTN_LEAP_OFF, SOTN_LEAP_ON };
enum { SOTN_WATER_DRY, SOTN_WATER_DEEP };

static void sotn_init(void *vs, const int32_t *ax)
{
	sotn_state *s = vs;
	memset(s, 0, sizeof *s);
	s->pos_y = SOTN_STAND_FIX;
	s->floor_y = SOTN_STAND_Y + SOTN_TILE * ax[SOTN_AX_DROP];
	s->step = SOTN_STEP_STAND;
	s->ground = 1;
	s->leap = ax[SOTN_AX_LEAP] == SOTN_LEAP_ON;
	s->water = ax[SOTN_AX_WATER] == SOTN_WATER_DEEP;
	s->subpass = ax[SOTN_AX_SUBPASS] != 0;
}

/* func_8010FDF8(0x11029) as PlayerStepJump calls it, for the vertical parts. */
static void sotn_func_8010FDF8(sotn_state *s, int cross, int tapped)
{
	int32_t yaccel;
	/* flag 0x10000 */
	if (s->vel_y < SOTN_WIN_HI && SOTN_WIN_LO < s->vel_y && !(s->unk44 & SOTN_U44_NOFIFTH) &&
	    cross) {
		yaccel = SOTN_FIFTH;
		s->frame_flags |= SOTN_FLAG_FIFTH;
	} else {
		yaccel = SOTN_GRAVITY;
	}
	if (s->water) /* g_unkGraphicsStruct.D_80097448 > 40 */
		yaccel = yaccel / 4;
	s->vel_y += yaccel;
	if (s->vel_y > SOTN_CAP) {
		s->vel_y = SOTN_CAP;
		s->frame_flags |= SOTN_FLAG_FALL_CAP;
	}
	/* flag 1: the landing (unk46 == 0) */
	if (s->vel_y >= 0 && s->ground) {
		if (s->vel_y > SOTN_HARD)
			s->step = SOTN_STEP_CROUCH; /* func_8010E470(1, 0) */
		else
			s->step = SOTN_STEP_STAND;  /* func_8010E570(0) */
		s->vel_y = 0;
		return;
	}
	/* flag 0x20: the Leap Stone (unk46 & 0x8000 clear) */
	if (s->leap && tapped && !(s->unk44 & SOTN_U44_LEAPT)) {
		s->unk44 |= SOTN_U44_NOFIFTH | SOTN_U44_LEAPT; /* func_8010E940 */
		s->vel_y = SOTN_LEAP_VY;
		s->frame_flags |= SOTN_FLAG_DOUBLE_JUMP;
	}
}

/* CheckStageCollision on the flat floor: move, then CheckFloor. */
static void sotn_check_stage_collision(sotn_state *s, int32_t vy)
{
	s->ground = 0; /* *pl_vram = 0 */
	s->pos_y += vy;
	if (vy >= 0 && (s->pos_y >> 16) >= s->floor_y) {
		s->pos_y = s->floor_y * 65536; /* posY.i.hi += unk18; posY.i.lo = 0 */
		s->ground = 1;
	}
}

static void sotn_step(void *vs, unsigned input)
{
	sotn_state *s = vs;
	int cross = (input & JS_IN_JUMP) != 0; /* padPressed & PAD_CROSS */
	int tapped = cross && !s->held;        /* padTapped & PAD_CROSS */
	s->frame_flags = 0;
	if (s->step != SOTN_STEP_JUMP) {
		/* PlayerStepStand / PlayerStepCrouch: a tap -> func_8010E83C(1) */
		if (tapped) {
			s->unk44 = SOTN_U44_TAKEOFF;
			s->vel_y = SOTN_JUMP_VY;
			s->step = SOTN_STEP_JUMP;
		}
	} else {
		/* PlayerStepJump (step_s != 0x58) */
		if (s->vel_y < SOTN_RELEASE_VY && !(s->unk44 & SOTN_U44_NOREL) && !cross) {
			s->vel_y = SOTN_RELEASE_VY;
			s->frame_flags |= SOTN_FLAG_RELEASE;
		}
		sotn_func_8010FDF8(s, cross, tapped);
	}
	if (s->step == SOTN_STEP_JUMP) {
		/* the player update's collision part */
		int32_t before = s->vel_y;
		int32_t vy = s->vel_y;
		if (s->water)
			vy = vy * 3 / 4;
		if (s->subpass) {
			if (vy & 7)
				s->frame_flags |= SOTN_FLAG_LOW_BITS;
			vy = vy >> 3;
			for (int i = 0; i < 8; i++)
				sotn_check_stage_collision(s, vy);
			vy = vy * 8;
		} else {
			sotn_check_stage_collision(s, vy);
		}
		if (s->water) {
			vy = vy * 4 / 3;
			if (vy != before)
				s->frame_flags |= SOTN_FLAG_WATER_ROUND;
		}
		s->vel_y = vy;
		/* the next frame's func_8010FDF8 adds full gravity (a speed this fast is outside the
		 * window), caps it, and lands Alucard hard above FIX(6.875) */
		if (s->ground && s->vel_y + (s->water ? SOTN_GRAVITY / 4 : SOTN_GRAVITY) > SOTN_HARD)
			s->frame_flags |= SOTN_FLAG_HARD_LANDING;
	} else {
		/* standing: velocityY 0, CheckFloor keeps Alucard where he stands */
		s->ground = 1;
	}
	s->held = (uint8_t)cross; /* padHeld */
}

static void sotn_observe(const void *vs, js_obs *o)
{
	const sotn_state *s = vs;
	o->height = (int64_t)SOTN_STAND_FIX - s->pos_y;
	o->grounded = s->step != SOTN_STEP_JUMP || s->ground;
	o->flags = s->frame_flags;
}

/* settle (model.h): nothing later is higher once Alucard falls with no Leap Stone jump left.
 * Airborne (Player_Jump, not on the ground) with velocityY >= 0 and the Leap Stone spent or
 * absent, a frame is: the release test (velocityY < FIX(-1): never), func_8010FDF8's
 * velocityY += a (a = FIX(22/128), or its fifth inside the window FIX(-1/8) < v < FIX(3/8)
 * with Cross held; both / 4 in water; both > 0), the cap at FIX(7), then the collision pass,
 * which moves by vy = velocityY (* 3 / 4 in water; >> 3 eight times with subpass) and keeps
 * velocityY = that vy (* 8, * 4 / 3).  So:
 *   - velocityY stays >= 0: a >= 563 while the roundings lose at most 7 * 4 / 3 + 1 < 563;
 *     every move is down, and no later frame is higher than this one;
 *   - one frame maps velocity v to h_c(v), nondecreasing in v for either button state: the
 *     window's lower edge FIX(-1/8) lies below 0, and at its upper edge the step grows from
 *     the fifth to the whole; the cap and the roundings are nondecreasing;
 *   - h_held(v) <= h_c(v) <= h_rel(v) pointwise (the fifth is below the whole), so by
 *     induction every input's velocities lie between Cross held on every frame and Cross up
 *     on every frame, and so do the distances fallen (sums of nondecreasing moves); the
 *     floor test (the feet at or below the floor row after a downward move; within the eight
 *     steps the position only grows) lands the released fall first and the held one last. */
static int sotn_settle(const void *vs, unsigned inputs, uint8_t *in_early, uint8_t *in_late)
{
	const sotn_state *s = vs;
	if (s->step != SOTN_STEP_JUMP || s->ground || s->vel_y < 0 ||
	    (s->leap && !(s->unk44 & SOTN_U44_LEAPT)))
		return 0;
	*in_early = 0;
	*in_late = (uint8_t)(inputs & JS_IN_JUMP);
	return 1;
}

static int sotn_trace_row(const void *vs, char *buf, size_t n)
{
	const sotn_state *s = vs;
	return snprintf(buf, n, "%d,%u,%d,%d,%u,%u,%u", s->pos_y >> 16, (unsigned)s->pos_y & 0xffffu,
			s->pos_y, s->vel_y, s->step, s->unk44, s->ground);
}

/* ---- fuzzing hooks (model.h) ---- */

/* A start on the ground stands where init stands (speed 0, on the floor); in the air Alucard is
 * above the landing floor (a collision pass has not put him on it) and at most 1024 px up.
 * PLAYER.step is one of the three steps the model runs. */
static void sotn_fuzz_fix(void *vs)
{
	sotn_state *s = vs;
	s->step = s->step >= 3 ? SOTN_STEP_JUMP : s->step == 2 ? SOTN_STEP_CROUCH : SOTN_STEP_STAND;
	if (s->step != SOTN_STEP_JUMP) {
		s->pos_y = SOTN_STAND_FIX;
		s->vel_y = 0;
		s->ground = 1;
	} else {
		if (s->pos_y < SOTN_Y_START_MIN)
			s->pos_y = SOTN_Y_START_MIN;
		if (s->pos_y > s->floor_y * 65536 - 1)
			s->pos_y = s->floor_y * 65536 - 1;
		s->ground = 0;
	}
}

enum { SOTN_INV_FALL_CAP, SOTN_INV_SPEED_GROWS, SOTN_INV_RELEASE };

static uint32_t sotn_invariants(const void *vb, const void *va, unsigned input)
{
	const sotn_state *b = vb, *a = va;
	uint32_t bits = 0;
	if (a->vel_y > SOTN_CAP && a->vel_y > b->vel_y)
		bits |= 1u << SOTN_INV_FALL_CAP;
	if (b->step == SOTN_STEP_JUMP && a->step == SOTN_STEP_JUMP &&
	    !(a->frame_flags & SOTN_FLAG_DOUBLE_JUMP) && a->vel_y < b->vel_y)
		bits |= 1u << SOTN_INV_SPEED_GROWS;
	if (b->step == SOTN_STEP_JUMP && a->step == SOTN_STEP_JUMP && !(input & JS_IN_JUMP) &&
	    !(b->unk44 & SOTN_U44_NOREL) && a->vel_y < SOTN_RELEASE_VY)
		bits |= 1u << SOTN_INV_RELEASE;
	return bits;
}

JS_LANE_DECLARE(sotn);

static const char *const sotn_claims[] = {
	"sotn/jump-gravity", "sotn/jump-speed", "sotn/release", "sotn/double-jump",
	"sotn/water", "sotn/landing", "sotn/low-bits", "sotn/jump-height", "sotn/subpass-unreached",
	NULL,
};

JS_REFERENCE_RUN(sotn, sotn_state, sotn_step, sotn_observe)

const js_model js_model_sotn = {
	.id = "sotn",
	.game = "Castlevania: Symphony of the Night",
	.platform = "PS1",
	.character = "Alucard",
	.unit = "px",
	.sub_per_unit = 65536,
	.tile = 16, /* px per collision tile */
	.fps = 59.94,
	.frame = "NTSC frame (59.94 Hz); the player update runs once a frame",
	.movie = { .button = { "Cross" }, .note = "Cross jumps in the default button configuration: "
		   "the player's input check calls func_8010E83C (the jump) on g_Player.padTapped & "
		   "PAD_CROSS, and the jump's release test reads PAD_CROSS held; the options menu can "
		   "reassign the physical button, which a movie cannot know. One "
		   "player update per NTSC frame: one .bk2 line per model frame, frame 0 the line with "
		   "Cross newly down; lag frames are not modelled." },
	.sources = "Xeeynamo/sotn-decomp src/dra/ (US): PlayerStepJump, PlayerStepStand, "
		   "PlayerStepCrouch (71830.c); func_8010FDF8 (6FDF8.c); func_8010E83C, func_8010E940, "
		   "func_8010E570, func_8010E470 (6E42C.c); the player update and CheckStageCollision "
		   "(692E8.c); CheckFloor, g_SensorsFloorDefault (6BF64.c); CheckCollision (collider.c); "
		   "FIX (include/common.h)",
	.notes = "Frame 0 is the Cross press: func_8010E83C sets velocityY FIX(-4.875) and the "
		 "collision pass moves by it the same frame. Each Player_Jump frame: the release "
		 "(velocityY < FIX(-1), Cross up -> FIX(-1)), then gravity FIX(22/128) = 11264, a "
		 "fifth (2252, FIX truncates 2252.8) while Cross is held and FIX(-1/8) < velocityY < "
		 "FIX(3/8) (never after the Leap Stone jump: unk44 0x20), divided by 4 in deep water, "
		 "capped at FIX(7); then the move. leap: the Leap Stone double jump is a second Cross "
		 "tap in the air (FIX(-4.25), once). water=deep: D_80097448 > 40 on every frame "
		 "(gravity / 4, and the move at velocityY * 3 / 4, restored * 4 / 3, both truncating). "
		 "subpass: the eight-step collision pass (|velocityX| >= FIX(2)), which keeps velocityY's "
		 "value less its low 3 bits; no Cross jump reaches it (func_8010E83C sets velocityX to 0 "
		 "or 1.5 px/frame and Player_Jump keeps it at most 1.5; only the dive kick, left out, "
		 "goes faster, with speeds that are multiples of 8): a what-if, off in the default grid "
		 "(on, it would add 4/65536 px to holds >= 30 in the dry). drop: the landing floor drop "
		 "tiles lower. Landing: the frame whose "
		 "collision puts the feet on the floor (posY.i.lo cleared); the next frame stands "
		 "Alucard (Player_Crouch above FIX(6.875)), using up a Cross tap on it. hold sweeps "
		 "never tap twice: the double jump shows in reach and --seq runs. Left out: horizontal "
		 "movement, ceilings, slopes, the dive kick, attacks, forms, Player_Fall and walking "
		 "off ledges, the gravity boots (Player_HighJump: -12 then a scripted arc), low "
		 "ceilings (unk72), the screen-top clamp of the eight-step pass.",
	.claims = sotn_claims,
	.n_axes = 4,
	.axes = {
		{ .name = "leap", .unit = "", .long_name = "Leap Stone relic: a second Cross tap in the "
		  "air jumps again at -4.25 px/frame (func_8010E940)", .min = 0, .max = 1,
		  .def_lo = 0, .def_hi = 1, .n_names = 2, .names = { "off", "on" } },
		{ .name = "water", .unit = "", .long_name = "water depth D_80097448: dry (<= 40) or deep "
		  "(> 40 on every frame: gravity / 4, moves at 3/4)", .min = 0, .max = 1, .def_lo = 0,
		  .def_hi = 1, .n_names = 2, .names = { "dry", "deep" } },
		{ .name = "drop", .unit = "16 px tiles", .long_name = "landing floor below the take-off "
		  "floor", .min = 0, .max = SOTN_DROP_MAX, .def_lo = 0, .def_hi = 0 },
		{ .name = "subpass", .unit = "", .long_name = "eight-step collision pass (|velocityX| >= "
		  "2 px/frame): velocityY loses its low 3 bits each frame (a what-if for Player_Jump)",
		  .min = 0, .max = 1, .def_lo = 0, .def_hi = 0, .n_names = 2, .names = { "off", "on" } },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 512,
	.default_hold = 180,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "fifth", [9] = "release", [10] = "fall_cap", [11] = "double_jump",
		[12] = "hard_landing", [13] = "low_bits", [14] = "water_round",
	},
	.flag_what = {
		[8] = "The fifth-gravity window added FIX(22/128/5) while Cross was held.",
		[9] = "PlayerStepJump set velocityY to FIX(-1): Cross released while rising.",
		[10] = "func_8010FDF8 set velocityY to the fall cap FIX(7).",
		[11] = "func_8010E940 ran the Leap Stone's double jump.",
		[12] = "The feet reached the floor with a speed that the next frame's gravity takes "
			"above FIX(6.875): the hard landing.",
		[13] = "The eight-step collision pass dropped nonzero low 3 bits of the position.",
		[14] = "Water's * 3 / 4 ... * 4 / 3 rounding changed velocityY.",
	},
	.character_height = 46,
	.character_height_source = "src/dra/6BF64.c (@058d65a) L11-12 g_SensorsCeilingDefault -22, "
		"g_SensorsFloorDefault 25 (Alucard standing): CheckFloor leaves the +25 sensor on the "
		"floor's top row, CheckCeiling (posY += unk20) the -22 sensor on the ceiling's last row, "
		"so he fills rows -21..+24: 46 px (crouching: ceiling sensors 0)",
	.state_size = sizeof(sotn_state),
	.key_size = offsetof(sotn_state, frame_flags),
	.settle = sotn_settle,
	.init = sotn_init,
	.step = sotn_step,
	.observe = sotn_observe,
	.run_ref = sotn_run_ref,
	.trace_header = "y,y_frac,pos_y,vel_y,step,unk44,ground",
	.trace_units = "px (+ down),1/65536 px,1/65536 px (+ down),1/65536 px/frame (+ down),code,bits,0/1",
	.trace_row = sotn_trace_row,
	.lane = JS_LANE_TABLE(sotn),
	.n_fields = 5,
	.fields = {
		{ "pos_y", offsetof(sotn_state, pos_y), JS_F_S32, SOTN_Y_MIN, SOTN_Y_MAX,
		  "PLAYER.posY.val (16.16): from 2048 px above the take-off floor (a start is at most "
		  "1024 px up, fuzz_fix; Alucard rises less than 400 px from any state) down to the "
		  "lowest landing floor (drop 16)" },
		{ "vel_y", offsetof(sotn_state, vel_y), JS_F_S32, SOTN_JUMP_VY, SOTN_CAP,
		  "PLAYER.velocityY (16.16): from the take-off's FIX(-4.875) (the fastest rise any code "
		  "sets here) to func_8010FDF8's cap FIX(7)" },
		{ "step", offsetof(sotn_state, step), JS_F_U8, 0, 4,
		  "PLAYER.step: Player_Stand 0, Player_Crouch 2 (the hard landing), Player_Jump 4 "
		  "(fuzz_fix maps 1 to 0 and 3 to 4)" },
		{ "unk44", offsetof(sotn_state, unk44), JS_F_U8, 0, 0x3f,
		  "g_Player.unk44: func_8010E83C sets 0/4 (|0x10 from a walk), func_8010E940 ORs 0x21; "
		  "0x40 and up only come from the dive kick (its bounce, its hit), not modelled" },
		{ "held", offsetof(sotn_state, held), JS_F_U8, 0, 1,
		  "g_Player.padHeld & PAD_CROSS (the previous frame's Cross)" },
	},
	.fuzz_fix = sotn_fuzz_fix,
	.invariants = sotn_invariants,
	.inv_names = { [SOTN_INV_FALL_CAP] = "fall_cap", [SOTN_INV_SPEED_GROWS] = "speed_grows",
		       [SOTN_INV_RELEASE] = "release" },
	.inv_what = {
		[SOTN_INV_FALL_CAP] = "Alucard's fall speed never exceeds 7 px/frame (func_8010FDF8's "
				      "cap)",
		[SOTN_INV_SPEED_GROWS] = "in the air Alucard's downward speed only grows (gravity), "
					 "except at a Leap Stone jump: no truncation of the water "
					 "or eight-step pass undoes a frame's gravity",
		[SOTN_INV_RELEASE] = "with Cross up in the air, Alucard rises at most 1 px/frame "
				     "(PlayerStepJump's release before gravity)",
	},
	/* Measured (tests/test_sotn.c land_bound): the slowest landing from any start with no input
	 * is from 1024 px up (fuzz_fix's highest start) in deep water onto the drop-16 floor: 350
	 * frames. */
	.land_bound = 400,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"
#if defined(__SSE4_1__)
#include <immintrin.h>
#endif

/* The reference on JS_VW lanes at a time, the state in registers for all frames of the group,
 * two groups side by side (each frame depends on the last: two independent chains keep the
 * units busy).  Every branch is a select on a lane mask: an AVX-512 mask (__mmask16, in mask
 * and general registers, which leaves the 32 vector registers to the numbers) on the AVX-512
 * path, a -1/0 vector on the others.  Facts it uses (each exact, see the reference):
 *   - only the first flight counts (the accounting): a lane that has landed is kept standing
 *     (its taps are dropped), so its height stays <= 0, as it is before its take-off, and it
 *     never gets higher; flags count from the take-off (a fuzz start in the air that lands on
 *     frame 0 has not flown, as js_acc_frame has it) to the landing;
 *   - a frame counter per lane that stops at the landing is f + 1 on every frame before it:
 *     the apex frame is the counter - 1 when the lane got higher, the airtime the counter;
 *   - standing, velocityY is 0 (init, fuzz_fix and every landing leave it 0) and the lane does
 *     not move; in the air the lane is above its floor (TOUCHING_GROUND only after a snap), so
 *     the landing a frame after the snap needs no velocityY >= 0 test (the snap needs it, and
 *     gravity only adds), and a move reaches the floor only downward;
 *   - in the eight-step pass the sub-step is d = v >> 3 for all eight; the floor test only fires
 *     with d >= 0, and then y only grows, so the feet reach the floor in some sub-step exactly
 *     when they are on or past it after all eight (y + 8d), and every later sub-step snaps again:
 *     the pass is one move by v & ~7 with the same floor test;
 *   - water's v * 4 / 3 (C division toward 0) is v + trunc(v / 3); |v| <= FIX(7) * 3 / 4 <
 *     2^19, and (float)v * (1.0f / 3.0f) is v / 3 moved away from 0 by less than 0.006 (the
 *     float 1/3 is 1/3 + 1e-8) and rounded to within 2^-7: never across an integer, and at or
 *     past k when v = 3k, so its truncation to int is trunc(v / 3) (tests/test_sotn.c checks
 *     every v; a multiply, not the slow divide).  v * 3 / 4 toward 0 is (int)((float)v * 0.75f):
 *     3v / 4 is a float (|3v| < 2^24), so the product is exact and the conversion truncates
 *     (tests/test_sotn.c checks every v);
 *   - unk44 matters through bit 0x01 (with the relic: one mask, "can leap") and 0x20; its bit
 *     0x40 is never set (the field's range ends at 0x3F: only the dive kick sets it);
 *   - FIX(-1/8) < v < FIX(3/8) is one unsigned compare: (u32)(v + 8191) < 32767. */
#if defined(__AVX512F__) && defined(__AVX512DQ__) && JS_VW == 16
#include <immintrin.h>
#define SOTN_KMASK 1 /* masks in mask registers */
typedef __mmask16 sotn_m;
#define SOTN_I(v) ((__m512i)(v))
static inline sotn_m sm_lt(js_vi a, js_vi b) { return _mm512_cmplt_epi32_mask(SOTN_I(a), SOTN_I(b)); }
static inline sotn_m sm_gt(js_vi a, js_vi b) { return _mm512_cmpgt_epi32_mask(SOTN_I(a), SOTN_I(b)); }
static inline sotn_m sm_ge(js_vi a, js_vi b) { return _mm512_cmpge_epi32_mask(SOTN_I(a), SOTN_I(b)); }
static inline sotn_m sm_ne(js_vi a, js_vi b) { return _mm512_cmpneq_epi32_mask(SOTN_I(a), SOTN_I(b)); }
static inline sotn_m sm_eq(js_vi a, js_vi b) { return _mm512_cmpeq_epi32_mask(SOTN_I(a), SOTN_I(b)); }
static inline sotn_m sm_ltu(js_vi a, js_vi b) { return _mm512_cmplt_epu32_mask(SOTN_I(a), SOTN_I(b)); }
static inline sotn_m sm_test(js_vi a, js_vi b) { return _mm512_test_epi32_mask(SOTN_I(a), SOTN_I(b)); }
static inline js_vi sm_sel(sotn_m m, js_vi a, js_vi b)
{
	return (js_vi)_mm512_mask_blend_epi32(m, SOTN_I(b), SOTN_I(a));
}
static inline js_vi sm_selz(sotn_m m, js_vi a) { return (js_vi)_mm512_maskz_mov_epi32(m, SOTN_I(a)); }
static inline js_vi sm_inc(js_vi x, sotn_m m)
{
	return (js_vi)_mm512_mask_sub_epi32(SOTN_I(x), m, SOTN_I(x), _mm512_set1_epi32(-1));
}
static inline js_vu sm_orif(js_vu x, sotn_m m, uint32_t bits)
{
	return (js_vu)_mm512_mask_or_epi32(SOTN_I(x), m, SOTN_I(x), _mm512_set1_epi32((int)bits));
}
static inline sotn_m sm_from(js_vi v) { return _mm512_movepi32_mask(SOTN_I(v)); }
static inline js_vi sm_to(sotn_m m) { return (js_vi)_mm512_movm_epi32(m); }
static inline int sm_all(sotn_m m) { return m == (sotn_m)0xffff; }
static inline sotn_m sm_msel(sotn_m m, sotn_m a, sotn_m b) { return (m & a) | (~m & b); }
/* Cross up: max(v, FIX(-1)) */
static inline js_vi sm_relmax(sotn_m a, js_vi v)
{
	return (js_vi)_mm512_mask_max_epi32(SOTN_I(v), (sotn_m)~a, SOTN_I(v),
					    _mm512_set1_epi32(SOTN_RELEASE_VY));
}
/* the window FIX(-1/8) < v < FIX(3/8) */
static inline sotn_m sm_win(js_vi v)
{
	return sm_ltu(v - (SOTN_WIN_LO + 1), js_vsplat(SOTN_WIN_HI - SOTN_WIN_LO - 1));
}
#else
/* Masks as -1 / 0 lanes.  The selects are lane.h's js_vblend (one vpblendvb on AVX2); the
 * window's unsigned compare is a signed one on v biased by 2^31 (AVX2 has no unsigned compare:
 * GCC makes it vpminud + vpcmpeqd). */
typedef js_vi sotn_m;
static inline sotn_m sm_lt(js_vi a, js_vi b) { return a < b; }
static inline sotn_m sm_gt(js_vi a, js_vi b) { return a > b; }
static inline sotn_m sm_ge(js_vi a, js_vi b) { return a >= b; }
static inline sotn_m sm_ne(js_vi a, js_vi b) { return a != b; }
static inline sotn_m sm_eq(js_vi a, js_vi b) { return a == b; }
static inline sotn_m sm_ltu(js_vi a, js_vi b) { return (js_vu)a < (js_vu)b; }
static inline sotn_m sm_test(js_vi a, js_vi b) { return (a & b) != 0; }
static inline js_vi sm_sel(sotn_m m, js_vi a, js_vi b) { return js_vblend(m, a, b); }
static inline sotn_m sm_msel(sotn_m m, sotn_m a, sotn_m b) { return js_vblend(m, a, b); }
static inline js_vi sm_selz(sotn_m m, js_vi a) { return a & m; }
static inline js_vi sm_inc(js_vi x, sotn_m m) { return x - m; }
static inline js_vu sm_orif(js_vu x, sotn_m m, uint32_t bits) { return x | ((js_vu)m & bits); }
static inline sotn_m sm_from(js_vi v) { return v; }
static inline js_vi sm_to(sotn_m m) { return m; }
static inline int sm_all(sotn_m m) { return js_vall(m); }
#endif

#if defined(__AVX2__) && !defined(__AVX512F__) && JS_VW == 8
#define SOTN_AVX2 1
#endif
#if defined(SOTN_AVX2) || (defined(__SSE4_1__) && !defined(__AVX2__) && JS_VW == 4)
/* The flags as bytes (SSE4 and AVX2): a frame puts four flags' -1 / 0 masks side by side, two
 * as the halves of each lane (pblendw), then two such as bytes (packsswb: lane i of each 16-byte
 * half in bytes 2i, 2i + 1, 8 + 2i, 9 + 2i), and ORs them into a "seen" vector under the lanes
 * that count: four instructions where the and-or with flag constants takes seven.
 * sotn_seen_flags turns them into the flag bits after the frame loop. */
#define SOTN_PACK 1
#ifdef SOTN_AVX2
static inline js_vi sotn_pair(js_vi a, js_vi b)
{
	return (js_vi)_mm256_blend_epi16((__m256i)a, (__m256i)b, 0xaa);
}
static inline js_vi sotn_pack(js_vi a, js_vi b)
{
	return (js_vi)_mm256_packs_epi16((__m256i)a, (__m256i)b);
}
#else
static inline js_vi sotn_pair(js_vi a, js_vi b)
{
	return (js_vi)_mm_blend_epi16((__m128i)a, (__m128i)b, 0xaa);
}
static inline js_vi sotn_pack(js_vi a, js_vi b)
{
	return (js_vi)_mm_packs_epi16((__m128i)a, (__m128i)b);
}
#endif
#endif

typedef struct sotn_lanes {
	js_vi y, vy, floor;                 /* posY.val, velocityY; the floor's posY.val */
	js_vi gfull, gfifth;                /* YAccel: water's / 4 applied */
	js_vu bits;                         /* Cross, this word's frames */
	js_vi cnt, ymin, apex;              /* accounting: frame counter, highest posY, counter there */
	js_vu flags;                        /* accounting: flags */
	js_vi last_jump;                    /* the last frame with Cross down */
	sotn_m air, fly, prev, canleap, nofifth; /* Player_Jump; Player_Jump and not TOUCHING_GROUND;
						  * padHeld; unk44 */
	sotn_m leap, water, sub;            /* per-lane constants */
	sotn_m took, landed;                /* accounting */
#ifdef SOTN_KMASK
	/* accounting: the lanes that have seen each flag (SOTN_FK_*), as masks; sotn_lanes_acc
	 * turns them into the flag bits, so the frame loop has no flag vector and no flag constants */
	sotn_m seen[8];
#elif defined(SOTN_PACK)
	js_vi seen[2]; /* accounting: the flags seen, as bytes (SOTN_PACK) */
#endif
	const uint32_t *in;
} sotn_lanes;

static inline void sotn_lanes_init(sotn_lanes *s, const js_lane_args *args, int l0)
{
	int32_t lp[JS_VW], wt[JS_VW], sb[JS_VW], fl[JS_VW];
	int32_t y[JS_VW], vy[JS_VW], air[JS_VW], gnd[JS_VW], prev[JS_VW], u1[JS_VW], u20[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		if (args->start) { /* a fuzz start: the reference's state, field by field */
			const sotn_state *st = (const sotn_state *)args->start + l;
			lp[i] = -(st->leap != 0);
			wt[i] = -(st->water != 0);
			sb[i] = -(st->subpass != 0);
			fl[i] = st->floor_y * 65536;
			y[i] = st->pos_y;
			vy[i] = st->vel_y;
			air[i] = -(st->step == SOTN_STEP_JUMP);
			gnd[i] = -(st->ground != 0);
			prev[i] = -(st->held != 0);
			u1[i] = -((st->unk44 & SOTN_U44_LEAPT) != 0);
			u20[i] = -((st->unk44 & SOTN_U44_NOFIFTH) != 0);
		} else {
			lp[i] = -(args->axis[SOTN_AX_LEAP][l] == 1);
			wt[i] = -(args->axis[SOTN_AX_WATER][l] == 1);
			sb[i] = -(args->axis[SOTN_AX_SUBPASS][l] != 0);
			fl[i] = (SOTN_STAND_Y + SOTN_TILE * args->axis[SOTN_AX_DROP][l]) * 65536;
			y[i] = SOTN_STAND_FIX;
			vy[i] = 0;
			air[i] = 0;
			gnd[i] = -1;
			prev[i] = u1[i] = u20[i] = 0;
		}
	}
	js_vi water = js_vload(wt);
	s->leap = sm_from(js_vload(lp));
	s->water = sm_from(water);
	s->sub = sm_from(js_vload(sb));
	s->floor = js_vload(fl);
	s->gfull = js_vsel(water, js_vsplat(SOTN_GRAVITY / 4), js_vsplat(SOTN_GRAVITY));
	s->gfifth = js_vsel(water, js_vsplat(SOTN_FIFTH / 4), js_vsplat(SOTN_FIFTH));
	s->y = js_vload(y);
	s->vy = js_vload(vy);
	s->air = sm_from(js_vload(air));
	s->fly = sm_from(js_vload(air) & ~js_vload(gnd));
	s->prev = sm_from(js_vload(prev));
	s->canleap = sm_from(js_vload(lp) & ~js_vload(u1));
	s->nofifth = sm_from(js_vload(u20));
	s->in = args->input[0] + l0;
	s->bits = (js_vu)js_vsplat(0);
	s->cnt = s->apex = js_vsplat(0);
	s->ymin = js_vsplat(SOTN_STAND_FIX);
	s->flags = (js_vu)js_vsplat(0);
	s->took = s->landed = sm_from(js_vsplat(0));
#ifdef SOTN_KMASK
	for (int i = 0; i < 8; i++)
		s->seen[i] = 0;
#elif defined(SOTN_PACK)
	s->seen[0] = s->seen[1] = js_vsplat(0);
#endif
	js_vacc acc;
	js_vacc_init(&acc, args, l0);
	s->last_jump = acc.last_jump;
}

/* The frame's constants.  On AVX2 one table in .rodata read through a pointer the optimiser
 * cannot see through (sotn_run), so each use is a memory operand off one register (as sm64's
 * SM64_I): GCC 12 otherwise builds splats in the frame loop (mov + vmovd + vpbroadcastd) or keeps
 * them in registers the state needs.  Elsewhere splats: AVX-512 reads them as embedded
 * broadcasts, SSE4 from the pool. */
#ifdef SOTN_AVX2
typedef struct sotn_k {
	js_vi rel, imin, winb, winl, fifth, grav, cap, leap, jump, hard, hardg, stand, seven, nseven;
	js_vi fifth4, grav4, hardg4, three; /* deep water */
} sotn_k;
#define SOTN_KV(x) { x, x, x, x, x, x, x, x }
static const sotn_k sotn_k_avx2 = {
	.rel = SOTN_KV(SOTN_RELEASE_VY), .imin = SOTN_KV(INT32_MIN),
	.winb = SOTN_KV((int32_t)(0x80000000u - (SOTN_WIN_LO + 1))),
	.winl = SOTN_KV((int32_t)(0x80000000u + (SOTN_WIN_HI - SOTN_WIN_LO - 1))),
	.fifth = SOTN_KV(SOTN_FIFTH), .grav = SOTN_KV(SOTN_GRAVITY), .cap = SOTN_KV(SOTN_CAP),
	.leap = SOTN_KV(SOTN_LEAP_VY), .jump = SOTN_KV(SOTN_JUMP_VY), .hard = SOTN_KV(SOTN_HARD),
	.hardg = SOTN_KV(SOTN_HARD - SOTN_GRAVITY), .fifth4 = SOTN_KV(SOTN_FIFTH / 4),
	.grav4 = SOTN_KV(SOTN_GRAVITY / 4), .hardg4 = SOTN_KV(SOTN_HARD - SOTN_GRAVITY / 4),
	.three = SOTN_KV(3),
	.stand = SOTN_KV(SOTN_STAND_FIX), .seven = SOTN_KV(7), .nseven = SOTN_KV(~7),
};
#define SOTN_K(name, x) (k->name)
#else
typedef struct sotn_k {
	int unused;
} sotn_k;
#define SOTN_K(name, x) js_vsplat(x)
#endif

/* One frame of a group.  water and sub are compile-time constants at each call: 0 when no lane
 * of the two groups has the axis on (water 2: every lane has it, no selects on it), so water's
 * scalings and the eight-step truncation drop out
 * of the loop (exact: they only act on lanes with the axis on). */
static inline __attribute__((always_inline)) void sotn_lanes_frame(sotn_lanes *s, const sotn_k *k,
								   int f, js_vi fv, const int water,
								   const int sub, const int first)
{
	(void)k;
	if ((f & 31) == 0)
		s->bits = js_vloadu(s->in + (f >> 5) * JS_BLOCK);
#ifdef SOTN_KMASK
	sotn_m a = sm_test((js_vi)s->bits, js_vsplat(1)); /* Cross */
	s->bits >>= 1;
#else
	sotn_m a = (js_vi)(s->bits << (unsigned)(31 - (f & 31))) >> 31; /* Cross: the bit, spread */
#endif
	sotn_m tap = a & ~s->prev & ~s->landed;
	sotn_m j = s->air, fly = s->fly;
	/* PlayerStepJump: the release.  rel is the flag; the speed below takes it as a max with Cross
	 * up (the same value on the lanes in Player_Jump, the only ones whose speed goes on) */
	sotn_m rel = j & ~a & sm_lt(s->vy, SOTN_K(rel, SOTN_RELEASE_VY));
	/* func_8010FDF8: gravity, the window, the cap, the landing, the Leap Stone.  The window holds
	 * Cross, so no release came before it: it reads the speed before the release */
#ifdef SOTN_KMASK
	sotn_m win = sm_win(s->vy) & a & ~s->nofifth;
	js_vi vy = sm_relmax(a, s->vy);
#else
	/* FIX(-1/8) < v < FIX(3/8): a signed compare on v biased by 2^31 (AVX2 has no unsigned
	 * compare); Cross up: max(v, FIX(-1)), a max with INT32_MIN where Cross is down */
	sotn_m win = (js_vi)((js_vu)s->vy + (js_vu)SOTN_K(winb, 0x80000000u - (SOTN_WIN_LO + 1))) <
		     SOTN_K(winl, (int32_t)(0x80000000u + (SOTN_WIN_HI - SOTN_WIN_LO - 1)));
	win &= a & ~s->nofifth;
	js_vi vy0 = s->vy;
	js_vi vy = js_vmax(vy0, sm_sel(a, SOTN_K(imin, INT32_MIN), SOTN_K(rel, SOTN_RELEASE_VY)));
	js_vi vr = vy;
#endif
	vy += water == 2 ? sm_sel(win, SOTN_K(fifth4, SOTN_FIFTH / 4), SOTN_K(grav4, SOTN_GRAVITY / 4))
	      : water	   ? sm_sel(win, s->gfifth, s->gfull)
			   : sm_sel(win, SOTN_K(fifth, SOTN_FIFTH), SOTN_K(grav, SOTN_GRAVITY));
	sotn_m cap = sm_gt(vy, SOTN_K(cap, SOTN_CAP));
	vy = js_vmin(vy, SOTN_K(cap, SOTN_CAP));
	sotn_m dj = fly & tap & s->canleap; /* fly: in the air, not landing this frame */
	/* standing: the take-off (func_8010E83C); landing: velocityY 0 */
	sotn_m to = ~j & tap;
	vy = sm_sel(fly & ~dj, vy,
		    sm_sel(dj, SOTN_K(leap, SOTN_LEAP_VY), sm_selz(to, SOTN_K(jump, SOTN_JUMP_VY))));
	sotn_m air = fly | to;
	s->canleap = sm_msel(to, s->leap, s->canleap & ~dj);
	s->nofifth = (s->nofifth & ~to) | dj;
	/* the collision part: water's * 3 / 4, the eight-step pass, the move and the floor */
	js_vi v = vy;
	if (water) {
		v = __builtin_convertvector(__builtin_convertvector(vy, js_vf) * 0.75f, js_vi);
		if (water == 1)
			v = sm_sel(s->water, v, vy);
	}
	js_vu fl = s->flags;
	sotn_m low = sm_from(js_vsplat(0));
	if (sub) {
		low = s->sub & sm_test(v, SOTN_K(seven, 7));
		v = sm_sel(s->sub, v & SOTN_K(nseven, ~7), v);
	}
	s->y = js_vmin(s->y + v, s->floor);
	sotn_m snap = sm_eq(s->y, s->floor); /* the move reached the floor */
	sotn_m wround = sm_from(js_vsplat(0));
	if (water) {
		js_vi w;
		sotn_m ne;
		if (sub) {
			w = v + __builtin_convertvector(__builtin_convertvector(v, js_vf) *
							(1.0f / 3.0f), js_vi);
			ne = sm_ne(w, vy);
		} else {
			/* (vy * 3 / 4) * 4 / 3 is vy moved 1 toward 0 when vy % 4 != 0 (vy = 4m + r,
			 * 0 <= r < 4: 3m + (3r >> 2), then 4m + (3r >> 2); odd in vy): computed from vy,
			 * off the move's chain (tests/test_sotn.c checks every vy) */
			ne = sm_test(vy, SOTN_K(three, 3));
			w = vy - sm_selz(ne, (vy >> 31) | 1);
		}
		v = water == 2 ? w : sm_sel(s->water, w, v);
		wround = water == 2 ? ne : s->water & ne;
	}
	s->vy = v;
	sotn_m ngnd = air & ~snap; /* in the air, not TOUCHING_GROUND */
	/* v + YAccel > FIX(6.875) (no overflow: v <= FIX(7)); dry, v > FIX(6.875) - FIX(22/128) */
	sotn_m hard = snap & (water == 2 ? sm_gt(v, SOTN_K(hardg4, SOTN_HARD - SOTN_GRAVITY / 4))
			      : water	   ? sm_gt(v + s->gfull, SOTN_K(hard, SOTN_HARD))
					   : sm_gt(v, SOTN_K(hardg, SOTN_HARD - SOTN_GRAVITY)));
	s->air = air;
	s->fly = ngnd;
	s->prev = a;
	/* the accounting (js_acc_frame) for the first flight; fv = f + 1, the counter of a lane that
	 * has not landed (a landed lane stands on its floor, never higher) */
	sotn_m landed = s->landed;
	sotn_m took = s->took | ngnd;
	sotn_m on = took & ~landed;
	s->cnt = sm_sel(landed, s->cnt, fv);
	sotn_m higher = sm_lt(s->y, s->ymin);
	s->ymin = js_vmin(s->y, s->ymin);
	s->apex = sm_sel(higher, fv, s->apex);
	sotn_m below = ngnd & sm_gt(s->y, SOTN_K(stand, SOTN_STAND_FIX));
	/* The flags count from the take-off to the landing (on).  After frame 0 they fire only there
	 * once fifth and cap are taken in the air (fly), so those frames need no on: a lane in the
	 * air (fly) has taken off (took) and not landed (a landed lane never takes off again); a lane
	 * that landed on the frame before (Player_Jump, not fly) moved down onto its floor, so its
	 * speed is >= 0 (no release), and now stands: speed 0, no move (no hard landing, no low bits,
	 * no water rounding); a standing lane's speed is 0 after any frame (no cap); a take-off's
	 * speeds are exact under both truncations, and it is in the air (below counts). */
	sotn_m c_fifth = fly & win, c_rel = rel, c_cap = fly & cap, c_dj = dj, c_hard = hard;
#ifndef SOTN_KMASK
	/* the release changed the speed (a standing lane's speed is 0: never below FIX(-1)) */
	c_rel = sm_gt(vr, vy0);
#endif
	sotn_m c_below = below, c_low = low, c_wround = wround;
	if (first) { /* the start's frame, as js_acc_frame counts it */
		c_fifth = on & j & win;
		c_rel = on & rel;
		c_cap = on & cap;
		c_dj = on & dj;
		c_hard = on & hard;
		c_below = on & below;
		c_low = on & low;
		c_wround = on & wround;
	}
#ifdef SOTN_KMASK
	s->seen[0] |= c_fifth;
	s->seen[1] |= c_rel;
	s->seen[2] |= c_cap;
	s->seen[3] |= c_dj;
	s->seen[4] |= c_hard;
	s->seen[5] |= c_below;
	if (sub)
		s->seen[6] |= c_low;
	if (water)
		s->seen[7] |= c_wround;
	(void)fl;
#elif defined(SOTN_PACK)
	s->seen[0] |= sotn_pack(sotn_pair(c_fifth, c_rel), sotn_pair(c_cap, c_dj));
	if (water || sub)
		s->seen[1] |= sotn_pack(sotn_pair(c_hard, c_below), sotn_pair(c_low, c_wround));
	else /* hard and below as the halves of the lanes (sotn_seen_flags) */
		s->seen[1] |= sotn_pair(c_hard, c_below);
	(void)fl;
#else
	fl = sm_orif(fl, c_fifth, SOTN_FLAG_FIFTH);
	fl = sm_orif(fl, c_rel, SOTN_FLAG_RELEASE);
	fl = sm_orif(fl, c_cap, SOTN_FLAG_FALL_CAP);
	fl = sm_orif(fl, c_dj, SOTN_FLAG_DOUBLE_JUMP);
	fl = sm_orif(fl, c_hard, SOTN_FLAG_HARD_LANDING);
	fl = sm_orif(fl, c_below, JS_FLAG_BELOW_START);
	if (sub)
		fl = sm_orif(fl, c_low, SOTN_FLAG_LOW_BITS);
	if (water)
		fl = sm_orif(fl, c_wround, SOTN_FLAG_WATER_ROUND);
#endif
	s->flags = fl;
	if (first) {
		s->took = took;
		s->landed = landed | (took & ~ngnd);
	} else {
		/* From frame 0 on took is landed | fly (sotn_run): a lane that took off is in the air
		 * or has landed.  So a landing is a lane in the air reaching its floor (a take-off
		 * never does; a lane standing after a flight has landed already). */
		s->landed = landed | (air & snap);
	}
}

#ifdef SOTN_PACK
/* The flag bits of a group's seen bytes (sotn_lanes_frame): wide when the frames packed all
 * eight flags (water or subpass on), else seen[1] holds hard and below as the lanes' halves. */
static inline js_vu sotn_seen_flags(const sotn_lanes *s, int wide)
{
	int8_t b0[sizeof(js_vi)], b1[sizeof(js_vi)];
	uint32_t fl[JS_VW];
	memcpy(b0, &s->seen[0], sizeof b0);
	memcpy(b1, &s->seen[1], sizeof b1);
	for (int i = 0; i < JS_VW; i++) {
		int h = i / 4 * 16 + i % 4 * 2; /* lane i's first byte in its 16-byte half */
		fl[i] = (b0[h] ? SOTN_FLAG_FIFTH : 0) | (b0[h + 1] ? SOTN_FLAG_RELEASE : 0) |
			(b0[h + 8] ? SOTN_FLAG_FALL_CAP : 0) | (b0[h + 9] ? SOTN_FLAG_DOUBLE_JUMP : 0);
		if (wide)
			fl[i] |= (b1[h] ? SOTN_FLAG_HARD_LANDING : 0) |
				 (b1[h + 1] ? JS_FLAG_BELOW_START : 0) |
				 (b1[h + 8] ? SOTN_FLAG_LOW_BITS : 0) |
				 (b1[h + 9] ? SOTN_FLAG_WATER_ROUND : 0);
		else
			fl[i] |= (b1[4 * i] ? SOTN_FLAG_HARD_LANDING : 0) |
				 (b1[4 * i + 2] ? JS_FLAG_BELOW_START : 0);
	}
	return js_vloadu(fl);
}
#endif

/* The store's js_vacc of a group (what js_vacc_store writes). */
static inline js_vacc sotn_lanes_acc(const sotn_lanes *s)
{
	js_vacc acc;
	acc.took = sm_to(s->took);
	acc.landed = sm_to(s->landed);
	acc.rise = SOTN_STAND_FIX - s->ymin;
	acc.apex = js_vsel(acc.rise > 0, s->apex - 1, js_vsplat(0));
	acc.air = acc.landed & s->cnt;
	acc.flags = s->flags;
#ifdef SOTN_KMASK
	static const uint32_t bit[8] = { SOTN_FLAG_FIFTH,	   SOTN_FLAG_RELEASE,
					 SOTN_FLAG_FALL_CAP,	   SOTN_FLAG_DOUBLE_JUMP,
					 SOTN_FLAG_HARD_LANDING, JS_FLAG_BELOW_START,
					 SOTN_FLAG_LOW_BITS,	   SOTN_FLAG_WATER_ROUND };
	for (int i = 0; i < 8; i++)
		acc.flags = sm_orif(acc.flags, s->seen[i], bit[i]);
#endif
	acc.last_jump = s->last_jump;
	acc.rec = NULL;
	acc.l0 = 0;
	return acc;
}

/* The fuzzer's record (model.h's js_lane_record) after frame f of the group at lanes l0.. */
static __attribute__((cold, noinline)) void sotn_lanes_record(sotn_lanes s, js_lane_record *r,
							       int l0, int32_t f)
{
#ifdef SOTN_PACK
	s.flags = sotn_seen_flags(&s, 1); /* the fuzzer's variant packs all eight */
#endif
	s.took = s.landed | s.fly; /* (sotn_lanes_frame) */
	js_vacc acc = sotn_lanes_acc(&s);
	acc.rec = r;
	acc.l0 = l0;
	js_vacc_record(&acc, f);
}

/* Frame f of both groups; 1 when every lane is done (js_vacc_done, tested every eight frames). */
static inline __attribute__((always_inline)) int sotn_frame2(sotn_lanes *g0, sotn_lanes *g1,
							     const sotn_k *k, int f, const int water,
							     const int sub, const int first,
							     js_lane_record *rec, int l0)
{
	js_vi fv = js_vsplat(f + 1);
	sotn_lanes_frame(g0, k, f, fv, water, sub, first);
	sotn_lanes_frame(g1, k, f, fv, water, sub, first);
	if (__builtin_expect(rec != NULL, 0)) {
		sotn_lanes_record(*g0, rec, l0, f);
		sotn_lanes_record(*g1, rec, l0 + JS_VW, f);
	}
	if ((f & 7) == 7) {
		/* took = landed | fly (sotn_lanes_frame) */
#ifdef SOTN_KMASK
		sotn_m d0 = g0->landed | (~g0->fly & sm_from(g0->last_jump <= f));
		sotn_m d1 = g1->landed | (~g1->fly & sm_from(g1->last_jump <= f));
		return sm_all(d0 & d1);
#else /* the lanes not done, one test instruction */
		js_vi ff = js_vsplat(f);
		sotn_m n0 = ~g0->landed & (g0->fly | sm_gt(g0->last_jump, ff));
		sotn_m n1 = ~g1->landed & (g1->fly | sm_gt(g1->last_jump, ff));
		return !js_vany(n0 | n1);
#endif
	}
	return 0;
}

static inline __attribute__((always_inline)) void sotn_run(sotn_lanes *g, int n_frames,
							   const int water, const int sub,
							   js_lane_record *rec, int l0)
{
	sotn_lanes g0 = g[0], g1 = g[1]; /* locals the compiler keeps in registers */
#ifdef SOTN_AVX2
	const sotn_k *k = &sotn_k_avx2;
	__asm__("" : "+r"(k)); /* every constant a memory operand off one register */
#else
	const sotn_k *k = NULL;
#endif
	/* frame 0 (the flags' first frame, sotn_lanes_frame), then the rest */
	if (n_frames > 0)
		sotn_frame2(&g0, &g1, k, 0, water, sub, 1, rec, l0);
	for (int f = 1; f < n_frames; f++)
		if (sotn_frame2(&g0, &g1, k, f, water, sub, 0, rec, l0))
			break;
	if (n_frames > 0) { /* took, not kept after frame 0 (sotn_lanes_frame) */
		g0.took = g0.landed | g0.fly;
		g1.took = g1.landed | g1.fly;
	}
#ifdef SOTN_PACK
	g0.flags = sotn_seen_flags(&g0, water || sub);
	g1.flags = sotn_seen_flags(&g1, water || sub);
#endif
	g[0] = g0;
	g[1] = g1;
}

static inline void sotn_lanes_store(const sotn_lanes *s, const js_lane_args *args, int l0)
{
	js_vacc acc = sotn_lanes_acc(s);
	js_vacc_store(&acc, args, l0);
}

static void sotn_block(const js_lane_args *args)
{
	for (int l0 = 0; l0 < args->n_lanes; l0 += 2 * JS_VW) { /* (the groups with a lane) */
		sotn_lanes g[2];
		sotn_lanes_init(&g[0], args, l0);
		sotn_lanes_init(&g[1], args, l0 + JS_VW);
		int water = !sm_all(~(g[0].water | g[1].water)), sub = !sm_all(~(g[0].sub | g[1].sub));
		if (args->record) /* the fuzzer's: the variant with both parts, right for any lane */
			sotn_run(g, args->n_frames, 1, 1, args->record, l0);
		else if (!water && !sub)
			sotn_run(g, args->n_frames, 0, 0, NULL, 0);
		else if (!sub && sm_all(g[0].water & g[1].water)) /* every lane in deep water */
			sotn_run(g, args->n_frames, 2, 0, NULL, 0);
		else if (!sub)
			sotn_run(g, args->n_frames, 1, 0, NULL, 0);
		else if (!water)
			sotn_run(g, args->n_frames, 0, 1, NULL, 0);
		else
			sotn_run(g, args->n_frames, 1, 1, NULL, 0);
		sotn_lanes_store(&g[0], args, l0);
		sotn_lanes_store(&g[1], args, l0 + JS_VW);
	}
}

/* The block regrouped by (water, subpass): a group runs until its last lane lands, and the sweep
 * hands the default grid over pattern-major (the dry and deep-water jumps of one hold side by
 * side, 68 against 272 frames held), so the kernel runs a copy of the block sorted by that key
 * (a stable counting sort: axes, the Cross input words, the start states) and puts the results
 * back at the lanes' own indices.  It also lets most groups drop water's and the eight-step
 * pass's arithmetic (sotn_lanes_frame's constants). */
typedef struct sotn_sorted {
	js_lane_args args;
	int perm[JS_BLOCK];
	int32_t ax[JS_MAX_AXES][JS_BLOCK];
	int64_t rise[JS_BLOCK];
	int32_t apex[JS_BLOCK], air[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	uint32_t in[(JS_MAX_FRAMES / 32) * JS_BLOCK];
	sotn_state start[JS_BLOCK];
} sotn_sorted;

static void sotn_step_lanes(const js_lane_args *args)
{
	const int n = args->n_lanes, words = (args->n_frames + 31) >> 5;
	int key[JS_BLOCK], count[5] = { 0 }, sorted = 1;
	for (int l = 0; l < n; l++) {
		if (args->start) {
			const sotn_state *st = (const sotn_state *)args->start + l;
			key[l] = (st->water != 0) * 2 + (st->subpass != 0);
		} else {
			key[l] = (args->axis[SOTN_AX_WATER][l] == 1) * 2 +
				 (args->axis[SOTN_AX_SUBPASS][l] != 0);
		}
		count[key[l] + 1]++;
		sorted &= l == 0 || key[l] >= key[l - 1];
	}
	if (sorted) {
		sotn_block(args);
		return;
	}
	sotn_sorted b;
	for (int k = 0; k < 4; k++)
		count[k + 1] += count[k];
	for (int l = 0; l < n; l++)
		b.perm[count[key[l]]++] = l;
	for (int i = 0; i < JS_BLOCK; i++) {
		int l = b.perm[i < n ? i : n - 1];
		for (int a = 0; a < JS_MAX_AXES; a++)
			b.ax[a][i] = args->axis[a] ? args->axis[a][l] : 0;
		for (int w = 0; w < words; w++)
			b.in[w * JS_BLOCK + i] = args->input[0][w * JS_BLOCK + l];
		if (args->start)
			b.start[i] = ((const sotn_state *)args->start)[l];
	}
	memset(&b.args, 0, sizeof b.args);
	b.args.n_lanes = n;
	b.args.n_frames = args->n_frames;
	b.args.rise = b.rise;
	b.args.apex_frame = b.apex;
	b.args.airtime = b.air;
	b.args.flags = b.flags;
	for (int a = 0; a < JS_MAX_AXES; a++)
		b.args.axis[a] = b.ax[a];
	b.args.input[0] = b.in; /* the kernel reads Cross only */
	b.args.start = args->start ? b.start : NULL;
	/* The fuzzer's record: kept in sorted order, then put back at the lanes' own indices. */
	js_lane_record *r = args->record, *rs = r ? malloc(sizeof *rs) : NULL;
	if (rs) {
		rs->n = r->n;
		memcpy(rs->at, r->at, sizeof rs->at);
		memcpy(rs->idx, r->idx, sizeof rs->idx);
		memset(rs->seen, 0, sizeof rs->seen);
		rs->lanes = 0;
		b.args.record = rs;
	}
	sotn_block(&b.args);
	for (int i = 0; i < n; i++) {
		int l = b.perm[i];
		args->rise[l] = b.rise[i];
		args->apex_frame[l] = b.apex[i];
		args->airtime[l] = b.air[i];
		args->flags[l] = b.flags[i];
		if (rs) {
			r->seen[l] = rs->seen[i];
			r->lanes |= (rs->lanes >> i & 1) << l;
			for (int j = 0; j < rs->n; j++) {
				r->rise[j][l] = rs->rise[j][i];
				r->apex[j][l] = rs->apex[j][i];
				r->air[j][l] = rs->air[j][i];
				r->flags[j][l] = rs->flags[j][i];
			}
		}
	}
	free(rs);
}

/* ---- From init's states, by table ----
 *
 * From init a lane stands still (posY and velocityY unchanged, Player_Stand: no gravity, no move)
 * until its first Cross press t0, the take-off, and its results are final from its landing on.
 * In between Cross matters as "held" up to the first frame u after t0 with Cross up, and not at
 * all after that if it stays up until the landing: the release, the fifth-gravity window and the
 * Leap Stone's tap all read Cross, and with Cross up from u on there is no window and no tap,
 * and the release rule is the same every frame.  So such a jump is fixed by the lane's water,
 * subpass and drop axes (not leap: no tap comes) and k = u - t0, and it is the jump from frame 0
 * shifted by t0: the kernel's frame 0 counts the flags with "on" (sotn_lanes_frame's first), a
 * later take-off frame without it, and they agree there (a standing lane has velocityY 0: no
 * release, no cap, no window, a move up, no snap; FIX(-4.875) is a multiple of 4 and 8, so water
 * and the subpass leave it whole) - the tests check shifted jumps on every path.  Every k at or
 * past the held jump's airtime K is the held jump (Cross comes up after its landing).
 *
 * The table has a row per (water, subpass, drop): K entries, k = 1..K, each the results of that
 * jump from frame 0 (rise, apex, airtime, flags), stepped by this ISA's own kernel
 * (sotn_step_lanes).  Rows are made on demand, as kernels/sms.c's: a block from init claims with
 * a compare-and-swap the rows its lanes need that no thread has claimed, makes them, and
 * publishes each with a release store (the default grid needs 2 rows: 68 + 272 jumps for its 724
 * lanes).  A block reads every lane from the table when each lane's row is made and the lane's
 * jump is one of the table's: it lands within the frame limit and has no Cross press after u up
 * to its landing frame.  Otherwise the block steps (a row another thread is making, a fuzz start,
 * the fuzzer's record, a double jump or a window press: sotn_step_lanes). */
#define SOTN_N_ROWS (2 * 2 * (SOTN_DROP_MAX + 1))
#define SOTN_CHUNK 32 /* a row's entries to a chunk: two AVX-512 groups */
#define SOTN_CHUNKS (JS_MAX_FRAMES / SOTN_CHUNK)

struct sotn_arc {
	int64_t rise;
	int32_t apex, airt; /* apex frame and airtime from the take-off (frame 0) */
	uint32_t flags;
};

typedef struct sotn_row {
	int kcap; /* K: the held jump's airtime */
	/* chunk c: k = SOTN_CHUNK * c + i at [i], i < SOTN_CHUNK, k < K; chunk 0's [0] the held
	 * jump (every k >= K), made with the row */
	struct sotn_arc *chunk[SOTN_CHUNKS];
	int chunk_state[SOTN_CHUNKS]; /* as sotn_row_state */
} sotn_row;

static sotn_row *sotn_rows[SOTN_N_ROWS];
static int sotn_row_state[SOTN_N_ROWS]; /* 0 not made, 1 being made, 2 made, -1 not usable */

/* The jumps k[0..n) (Cross down on frames 0..k-1; k >= nf: held throughout) of one (water,
 * subpass, drop), JS_BLOCK at a time, within nf frames, into out[]; 0 if one does not land.
 * in: room for the input words of nf frames. */
static int sotn_arcs_run(int water, int sub, int drop, const int32_t *k, int n, int nf,
			 struct sotn_arc *out, uint32_t *in)
{
	int32_t ax[4][JS_BLOCK];
	int64_t rise[JS_BLOCK];
	int32_t apex[JS_BLOCK], airt[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	const int words = (nf + 31) / 32;
	for (int b = 0; b < n; b += JS_BLOCK) {
		const int nl = n - b < JS_BLOCK ? n - b : JS_BLOCK;
		for (int i = 0; i < JS_BLOCK; i++) {
			const int kk = k[b + (i < nl ? i : nl - 1)];
			ax[SOTN_AX_LEAP][i] = 0;
			ax[SOTN_AX_WATER][i] = water;
			ax[SOTN_AX_DROP][i] = drop;
			ax[SOTN_AX_SUBPASS][i] = sub;
			for (int w = 0; w < words; w++) {
				const int lo = kk - 32 * w; /* frames 32w .. 32w + 31 below kk */
				in[w * JS_BLOCK + i] = lo >= 32 ? ~0u : lo <= 0 ? 0u : (1u << lo) - 1u;
			}
		}
		js_lane_args a;
		memset(&a, 0, sizeof a);
		a.n_lanes = nl;
		a.n_frames = nf;
		a.rise = rise;
		a.apex_frame = apex;
		a.airtime = airt;
		a.flags = flags;
		for (int x = 0; x < 4; x++)
			a.axis[x] = ax[x];
		a.input[0] = in;
		sotn_step_lanes(&a);
		for (int i = 0; i < nl; i++) {
			if (flags[i] & (JS_FLAG_NOT_LANDED | JS_FLAG_NO_TAKEOFF))
				return 0;
			out[b + i] = (struct sotn_arc){ rise[i], apex[i], airt[i], flags[i] };
		}
	}
	return 1;
}

/* The jumps of sotn_arcs_run within SOTN_ROW_NF frames (every jump of the axes' range lands
 * within 330), or else within JS_MAX_FRAMES: the input words of the first on the stack. */
#define SOTN_ROW_NF 512
static int sotn_arcs(int water, int sub, int drop, const int32_t *k, int n, int nf,
		     struct sotn_arc *out)
{
	uint32_t in[(SOTN_ROW_NF / 32) * JS_BLOCK];
	if (nf <= SOTN_ROW_NF && sotn_arcs_run(water, sub, drop, k, n, nf, out, in))
		return 1;
	uint32_t *big = malloc((size_t)(JS_MAX_FRAMES / 32) * JS_BLOCK * sizeof *big);
	const int ok = big && sotn_arcs_run(water, sub, drop, k, n, JS_MAX_FRAMES, out, big);
	free(big);
	return ok;
}

/* Row r's water, subpass and drop. */
#define SOTN_ROW_AXES(r)                                                                          \
	(r) / (2 * (SOTN_DROP_MAX + 1)), ((r) / (SOTN_DROP_MAX + 1)) & 1, (r) % (SOTN_DROP_MAX + 1)

/* Makes chunk c of row r, claimed by this thread (row r's own with c = 0): the jumps
 * k = SOTN_CHUNK * c + i, chunk 0's held jump in place of k = 0, within nf frames (all of them,
 * if not, within the frame limit); publishes it (NULL and -1 if it cannot be made). */
static struct sotn_arc *sotn_chunk_make(int r, sotn_row *row, int c, int nf)
{
	int32_t k[SOTN_CHUNK];
	for (int i = 0; i < SOTN_CHUNK; i++)
		k[i] = c == 0 && i == 0 ? JS_MAX_FRAMES : SOTN_CHUNK * c + i;
	struct sotn_arc *e = malloc(SOTN_CHUNK * sizeof *e);
	if (e && !sotn_arcs(SOTN_ROW_AXES(r), k, SOTN_CHUNK, nf, e)) {
		free(e);
		e = NULL;
	}
	row->chunk[c] = e;
	__atomic_store_n(&row->chunk_state[c], e ? 2 : -1, __ATOMIC_RELEASE);
	return e;
}

/* Makes row r, claimed by this thread, with its chunk 0 (the held jump: K), and publishes it
 * (-1 if it cannot be made); its other chunks are made as blocks need them. */
static void sotn_row_make(int r)
{
	sotn_row *row = calloc(1, sizeof *row);
	if (row && sotn_chunk_make(r, row, 0, SOTN_ROW_NF) && row->chunk[0][0].airt >= 1) {
		row->kcap = row->chunk[0][0].airt;
	} else if (row) {
		free(row->chunk[0]);
		free(row);
		row = NULL;
	}
	sotn_rows[r] = row;
	__atomic_store_n(&sotn_row_state[r], row ? 2 : -1, __ATOMIC_RELEASE);
}

/* The state of a table part (a row or a chunk) after claiming and making it if no thread had. */
#define SOTN_ENSURE(state, make)                                                                   \
	({                                                                                         \
		int st_ = __atomic_load_n(state, __ATOMIC_ACQUIRE);                               \
		if (st_ == 0 && js_once_claim(state) == 1) {                                       \
			make;                                                                      \
			st_ = __atomic_load_n(state, __ATOMIC_ACQUIRE);                           \
		}                                                                                  \
		st_;                                                                               \
	})

/* The block from the table; 0 if it steps instead (then nothing was written). */
static int sotn_table_block(const js_lane_args *args)
{
	const int n = args->n_frames, nl = args->n_lanes;
	int32_t t0s[JS_BLOCK] __attribute__((aligned(64)));
	int32_t us[JS_BLOCK] __attribute__((aligned(64)));
	int32_t p2s[JS_BLOCK] __attribute__((aligned(64)));
	js_press_release(args, t0s, us, p2s);
	const int32_t *axw = args->axis[SOTN_AX_WATER], *axs = args->axis[SOTN_AX_SUBPASS],
		      *axd = args->axis[SOTN_AX_DROP];
	const struct sotn_arc *arc[JS_BLOCK];
	for (int l = 0; l < nl; l++) { /* each lane's entry: its row and chunk made (here if need be) */
		const int t0 = t0s[l];
		if (t0 >= n)
			continue;
		const int d = axd[l];
		if (d < 0 || d > SOTN_DROP_MAX)
			return 0;
		const int r = ((axw[l] == 1) * 2 + (axs[l] != 0)) * (SOTN_DROP_MAX + 1) + d;
		if (SOTN_ENSURE(&sotn_row_state[r], sotn_row_make(r)) != 2)
			return 0; /* being made by another thread, or not usable */
		sotn_row *row = sotn_rows[r];
		const int k = us[l] - t0 < row->kcap ? us[l] - t0 : 0; /* 0: the held jump */
		const int c = k / SOTN_CHUNK;
		if (SOTN_ENSURE(&row->chunk_state[c], sotn_chunk_make(r, row, c, row->kcap + 32)) != 2)
			return 0;
		arc[l] = &row->chunk[c][k % SOTN_CHUNK];
		/* the jump one of the table's: it lands within the frame limit, and no Cross press
		 * comes after its release up to its landing frame */
		const int airt = t0 + arc[l]->airt;
		if (airt > n || p2s[l] <= airt - 1)
			return 0;
	}
	for (int l = 0; l < nl; l++) {
		const int t0 = t0s[l];
		if (t0 >= n) {
			args->rise[l] = 0;
			args->apex_frame[l] = 0;
			args->airtime[l] = 0;
			args->flags[l] = JS_FLAG_NO_TAKEOFF;
			continue;
		}
		const struct sotn_arc *e = arc[l];
		args->rise[l] = e->rise;
		args->apex_frame[l] = e->rise > 0 ? t0 + e->apex : 0;
		args->airtime[l] = t0 + e->airt;
		args->flags[l] = e->flags;
	}
	return 1;
}

void JS_LANE_FN(sotn)(const js_lane_args *args)
{
	if (!args->start && !args->record && sotn_table_block(args))
		return;
	sotn_step_lanes(args);
}

#endif
