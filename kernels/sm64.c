/* kernels/sm64.c - Super Mario 64 (N64): Mario's jumps on flat ground, float32 exact.
 *
 * Follows n64decomp/sm64 (commit 9921382a68bb, 2023-08-17): src/game/mario.c,
 * src/game/mario_step.c, src/game/mario_actions_airborne.c, mario_actions_moving.c,
 * mario_actions_stationary.c, src/engine/math_util.c (approach_f32), include/sm64.h (action
 * constants and flags), include/trig_tables.inc.c (gSineTable), assets/anims/anim_*.inc.c (the
 * animation headers' startFrame / loopEnd).  Labels are cited where each rule comes from; facts
 * only, no code is copied.
 *
 * The world: an endless flat floor at y = 0 (surface class default, terrain not snow / sand /
 * slide, no water, no ceiling surfaces, no walls, no objects), Mario facing +z (faceAngle yaw 0,
 * pitch 0), no analog stick input (INPUT_NONZERO_ANALOG never set), A and Z only (B not read).
 * Units: world units, 30 Hz logic frames (display_and_vsync waits for two vertical blanks).
 *
 * One frame = one execute_mario_action (mario.c):
 *   update_mario_inputs    A / Z pressed (down now, up on the previous frame) and down; the
 *                          wallKickTimer and doubleJumpTimer count down (> 0 -> -1).
 *   the action loop        the current action's act_* runs; one that calls set_mario_action and
 *                          returns TRUE makes the loop run the new action in the same frame (a
 *                          take-off frame therefore already runs the air action: moves, gravity).
 *
 * Take-offs (set_mario_action_airborne, mario.c L776-891; set_mario_y_vel_based_on_fspeed L763:
 * vy = (initial + get_additive_y_vel_for_jumps() (0.0f)) + fwd * multiplier, float32):
 *   jump           vy = 42 + fwd*0.25,   fwd *= 0.8
 *   double jump    vy = 52 + fwd*0.25,   fwd *= 0.8
 *   triple jump    vy = 69 + fwd*0,      fwd *= 0.8
 *   backflip       fwd = -16, vy = 62 + fwd*0
 *   side flip      vy = 62 + fwd*0,      fwd = 8
 *   long jump      vy = 30 + fwd*0,      oMarioLongJumpIsSlow = !(fwd > 16); fwd *= 1.5, > 48 -> 48
 *                  (only the upper cap: a negative fwd grows without bound, the BLJ)
 *   wall kick      vy = 62 + fwd*0,      fwd < 24 -> 24
 *   flying triple  vy = 82 + fwd*0
 *   ground pound   nothing (act_ground_pound then holds Mario and sets vy = -50)
 *   and for every air action peakHeight = y and flags |= MARIO_UNKNOWN_08.  The squish /
 *   quicksand halving (L768) is unreachable here (see fall_damage below).
 *
 * Air frames (common_air_action_step, mario_actions_airborne.c L371; act_jump L446 etc.):
 *   Z pressed in jump, double, triple, backflip, side flip, wall kick, flying triple (and flying)
 *   -> ACT_GROUND_POUND (not from the long jump, act_long_jump L632);
 *   update_air_without_turn (L216): fwd = approach_f32(fwd, 0, 0.35, 0.35); no stick; fwd > 48
 *   (long jump) / 32 (others) -> fwd -= 1; fwd < -16 -> fwd += 2; vel z = fwd*coss(0) + 0*coss(
 *   0x4000);
 *   perform_air_step (mario_step.c L610): four quarter steps pos += vel / 4, a quarter step
 *   whose next y <= the floor (0) lands there (pos y = 0, the rest skipped); then peakHeight = y
 *   if vy >= 0; then apply_gravity (L535), first match: long jump vy -= 2; else A-release
 *   (should_strengthen_gravity_for_jump_ascent L519: MARIO_UNKNOWN_08 set, action neither
 *   intangible nor invulnerable, A up, vy > 20, action has ACT_FLAG_CONTROL_JUMP_HEIGHT: jump,
 *   double jump, wall kick, flying triple; the long jump has the flag but its branch comes
 *   first) vy /= 4; else wing cap, vy < 0 and A down: vy -= 2, below -37.5 then += 4, above
 *   -37.5 -> -37.5; else vy -= 4; the long jump and default branches clamp at -75.
 *   ACT_FLYING gets no gravity.
 *   Landing (AIR_STEP_LANDED): jump / wall kick -> ACT_JUMP_LAND, double / flying triple ->
 *   ACT_DOUBLE_JUMP_LAND, triple -> ACT_TRIPLE_JUMP_LAND, backflip -> ACT_BACKFLIP_LAND, side
 *   flip -> ACT_SIDE_FLIP_LAND, long jump -> ACT_LONG_JUMP_LAND, ground pound ->
 *   ACT_GROUND_POUND_LAND, flying -> ACT_DIVE_SLIDE; the landing frame ends the loop.
 * Ground pound (act_ground_pound L918): while actionTimer < 10, y += 20 - 2 * actionTimer (only
 *   if y + offset + 160 < ceilHeight = 20000, find_ceil's CELL_HEIGHT_LIMIT with no ceiling);
 *   vy = -50, fwd = 0; actionTimer++; at loopEnd + 4 (MARIO_ANIM_START_GROUND_POUND anim_3C
 *   loopEnd 11 -> 15 frames; from ACT_FLYING actionArg 1, MARIO_ANIM_TRIPLE_JUMP_GROUND_POUND
 *   anim_3B loopEnd 16 -> 20) the fall starts: perform_air_step from the next frame.
 * Flying triple (act_flying_triple_jump L1882): when vy < 4 at the start of a frame, fwd < 32 ->
 *   32, ACT_FLYING (the same frame finishes with update_air_without_turn and an air step without
 *   gravity).  ACT_FLYING (act_flying L1726, update_flying L333, no stick: angleVel stays 0):
 *   fwd -= 2 * (pitch / 0x4000) + 0.1 (then -= 0.5 * (1 - coss(0)) = 0), < 0 -> 0; pitch +=
 *   (fwd - 32) * 6 (fwd > 16) or (fwd - 32) * 10 (fwd > 4) or -= 0x400, clamped to +-0x2AAA;
 *   vy = fwd * sins(pitch), vz = fwd * coss(pitch) * coss(0); float -> s16 by truncation.
 *   gSineTable is float32(sin(2 pi k / 4096)) for k = 0..5119 except exact zeros at 2048 and 4096
 *   (checked against include/trig_tables.inc.c by tests/test_sm64.c).
 *
 * Ground frames (chains):
 *   landing actions (mario_actions_moving.c L1758 common_landing_cancels, L1722
 *   common_landing_action; LandingAction tables L26-60): each frame doubleJumpTimer = unk02 (5,
 *   triple / backflip 0); ++actionTimer >= numFrames (4, long jump 6) -> the stop action, run in
 *   the same frame; else A pressed -> aPressedAction: jump / side flip land -> double jump;
 *   double jump land -> set_triple_jump_action (wing cap: flying triple; fwd > 20: triple; else
 *   jump); backflip land -> backflip; long jump land -> long jump.  The triple jump land clears A
 *   (L1883); the backflip and long jump lands clear A unless Z is down (L1898, L1855); the long
 *   jump land first sets a negative fwd to 0 on SH / CN (L1848).  Otherwise the ground step: no
 *   stick, fwd >= 16 -> apply_slope_decel(2): fwd = approach_f32(fwd, 0, 4, 4) and vel z = fwd;
 *   else only vy = 0; then perform_ground_step moves z by normal.y * (vel z / 4) four times.
 *   stop actions (mario_actions_stationary.c L839 check_common_landing_cancels, L867-947): A ->
 *   set_jump_from_landing (jump / double / side flip stops; mario.c L1018: doubleJumpTimer 0 ->
 *   jump, else by prevAction: ACT_JUMP_LAND -> double, ACT_DOUBLE_JUMP_LAND -> triple rule,
 *   others (ACT_SIDE_FLIP_LAND) -> jump; then doubleJumpTimer = 0), ACT_JUMP (triple and long
 *   jump stops), ACT_BACKFLIP (backflip stop, only with Z down and animFrame < 6); else
 *   stationary_ground_step (fwd = 0) and, when the landing animation ends, ACT_IDLE (long jump
 *   stop: ACT_CROUCHING).  ACT_GROUND_POUND_LAND ignores A and becomes ACT_BUTT_SLIDE_STOP (A ->
 *   jump) at its animation's end, which becomes ACT_IDLE at its own.  ACT_IDLE: A -> jump, Z
 *   down -> ACT_START_CROUCHING; the crouch actions (start, crouching, stop): A -> backflip;
 *   crouching without Z -> ACT_STOP_CROUCHING; start / stop end when is_anim_past_end.
 *   Animation timing: set_mario_animation on a new animation sets animFrame = startFrame - 1 and
 *   the render after each logic frame advances it by 1 (geo_update_animation_frame, stopping at
 *   loopEnd - 1), so on the k-th frame of an animation the logic reads startFrame + k - 2: the
 *   landing animation starts on the landing action's first frame (k = 1) and continues through
 *   the stop action (same animation), so is_anim_at_end (animFrame + 1 == loopEnd) first holds
 *   on k = loopEnd - startFrame + 1: jump land stop 17 (anim_4E 22..38), double 19 (anim_4B
 *   0..18), side flip 11 (anim_BE 0..10), triple / backflip 33 (anim_C0 0..32), long jump 17 /
 *   19 when slow (anim_11 0..16 / anim_12 0..18), ground pound land 7 (anim_3A 0..6), butt slide
 *   stop 20 (anim_8F 1..20); is_anim_past_end (animFrame >= loopEnd - 2) on k = loopEnd for the
 *   start / stop crouching animations (anim_97 0..6, anim_96 0..10); the backflip stop's
 *   animFrame < 6 holds for k < 8.  The action that follows an animation's end runs from the
 *   next frame.  This timing is derived from the sources, UNCONFIRMED on hardware.
 *
 * The model's frame 0 is the first input frame.  Mario stands on the floor with forward speed
 * `fwd` (the axis) until the first A press, which starts the `action` axis's action directly
 * (set_mario_action as the game's own callers do; their preconditions - running, the crouch
 * slide, a wall, the wing cap's double jump - are not checked).  Later presses follow the game's
 * chain rules above.  The flying triple jump axis value gives Mario the wing cap for the whole
 * run (also the wing-cap gravity and the flying triple chain from a double jump land).
 *
 * Grounded (for the accounting, model.h): with chain = off, any ground action: a run ends on the
 * landing frame (airtime = landing frame + 1).  With chain = on, a ground action counts as
 * airborne while a press could still chain (the landing actions but the triple jump's; the jump
 * and double jump stops while doubleJumpTimer > 0; the backflip stop while animFrame < 6), so a
 * chained jump's rise and flags belong to the same run, which ends when such a window closes
 * without a press (its airtime then includes the window).
 *
 * Heights: y is float32; the height unit is 2^-23 world unit (sub_per_unit 8388608).  Every
 * float32 >= 1 is a multiple of 2^-23; below 1 unit the height is still exact outside flight:
 * all take-off speeds are multiples of 2^-19 (52 + fwd/4 etc. are >= 16 in magnitude or sums of
 * an integer and a float >= 16), gravity steps keep that, an A-release divide (taken only from
 * vy > 20, landing at vy > 5) leaves multiples of 2^-21, a quarter step of 2^-23, and the ground
 * pound offsets are integers; a sum of multiples of 2^-23 below 1 is exact in float32.  In flight
 * vy = fwd * sins(pitch) has no such grain: the height is then floor(y * 2^23) and the flag
 * height_rounded marks a frame where y * 2^23 was not an integer.  (A fuzz start's y, vy and fwd
 * may be any floats: the same floor and flag, and a NaN y - an infinite fwd times 0 at a take-off,
 * after a BLJ passed every float - reads as height 0, rounded.)
 *
 * Horizontal position: z only (x stays 0); find_floor / find_ceil cast positions to s16
 * (surface_collision.c L525: "Parallel Universes").  Flags: s16_wrap once trunc(z) leaves
 * [-32768, 32767], level_edge once |trunc(z)| >= LEVEL_BOUNDARY_MAX 8192 (where the game's
 * find_floor returns no floor and the air step reports a wall).  The model keeps its endless
 * floor there: from those frames on it is this model's assumption, not a level.
 *
 * Left out (flagged where inputs can reach them): B (kicks, dives, punches); the stick (walking,
 * steering, air speed +1.5); the crouch slide before a long jump (its 30-frame window and fwd >
 * 10 rule, claim sm64/long-jump) - the long jump starts from the axis; walls (ACT_AIR_HIT_WALL,
 * the wall kick's 2-frame and wallKickTimer windows, claim sm64/wall-kick) - the wall kick starts
 * from the axis; fall damage (check_fall_damage: vy < -55 and a fall over 1150 hurts and sets
 * squishTimer = 30, over 3000 knocks Mario down) - flagged fall_damage, the model lands normally;
 * the ceiling at y + 160 > 20000 - flagged ceiling; the dive slide after a flight (an A press there,
 * a rollout in the game, is flagged unmodelled); idle sleeping, the wing cap's timer; enemies
 * (bounce_off_object clears MARIO_UNKNOWN_08: never here).
 */
#include "model.h"

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#if FLT_EVAL_METHOD != 0
#error "sm64: float expressions must be evaluated in float (FLT_EVAL_METHOD 0, e.g. SSE)"
#endif

/* The model's action ids.  Order matters to the lane kernel (ranges). */
enum {
	SM64_STAND = 0, /* before the first press: standing / running at fwd */
	/* air: the axis order first (axis value + SM64_JUMP) */
	SM64_JUMP, SM64_DOUBLE, SM64_TRIPLE, SM64_BACKFLIP, SM64_SIDE_FLIP, SM64_LONG_JUMP,
	SM64_WALL_KICK, SM64_GROUND_POUND, SM64_FLY_TRIPLE, SM64_FLYING,
	/* landing actions (ACT_GROUP_MOVING), in the air order */
	SM64_JUMP_LAND, SM64_DOUBLE_LAND, SM64_TRIPLE_LAND, SM64_BACKFLIP_LAND, SM64_SIDE_FLIP_LAND,
	SM64_LONG_JUMP_LAND,
	/* their stop actions (ACT_GROUP_STATIONARY), the same order */
	SM64_JUMP_STOP, SM64_DOUBLE_STOP, SM64_TRIPLE_STOP, SM64_BACKFLIP_STOP, SM64_SIDE_FLIP_STOP,
	SM64_LONG_JUMP_STOP,
	SM64_GP_LAND, SM64_BUTT_SLIDE_STOP, SM64_IDLE, SM64_START_CROUCH, SM64_CROUCH,
	SM64_STOP_CROUCH, SM64_DIVE_SLIDE,
	SM64_N_ACTS
};
#define SM64_FIRST_AIR SM64_JUMP
#define SM64_LAST_AIR SM64_FLYING
#define SM64_STOP_OF_LAND (SM64_JUMP_STOP - SM64_JUMP_LAND)

enum { SM64_AX_ACTION, SM64_AX_FWD, SM64_AX_VERSION, SM64_AX_CHAIN };
enum { SM64_VER_US, SM64_VER_JP, SM64_VER_SH };

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT). */
#define SM64_FLAG_A_RELEASE (1u << 8)    /* apply_gravity divided vy by 4 (A released) */
#define SM64_FLAG_WING_GRAVITY (1u << 9) /* apply_gravity's wing-cap branch ran */
#define SM64_FLAG_TERMINAL (1u << 10)    /* vy clamped at -75 (wing cap: set to -37.5) */
#define SM64_FLAG_FALL_DAMAGE (1u << 11) /* a landing the game would hurt: not modelled */
#define SM64_FLAG_S16_WRAP (1u << 12)    /* trunc(z) outside the s16 range collision uses */
#define SM64_FLAG_LEVEL_EDGE (1u << 13)  /* |trunc(z)| >= 8192: outside any level's floors */
#define SM64_FLAG_BLJ_CLAMP (1u << 14)   /* SH/CN long jump land set a negative fwd to 0 */
#define SM64_FLAG_BACKWARD_LONG_JUMP (1u << 15) /* a long jump took off at fwd < 0 (no cap) */
#define SM64_FLAG_CHAINED (1u << 16)     /* a landing / stop action chained into a take-off other
					  * than a plain jump (double, triple, long jump, ...) */
#define SM64_FLAG_FLYING (1u << 17)      /* ACT_FLYING (wing cap flight) */
#define SM64_FLAG_UNMODELLED (1u << 18)  /* inputs reached a branch the model leaves out */
#define SM64_FLAG_HEIGHT_ROUNDED (1u << 19) /* y * 2^23 not an integer (flight only) */
#define SM64_FLAG_CEILING (1u << 20)     /* y + 160 > 20000: the game's default ceiling */

#define SM64_SUB_SHIFT 23
#define SM64_SUB_PER_UNIT (1LL << SM64_SUB_SHIFT)
#define SM64_CEIL_HEIGHT 20000.0f /* CELL_HEIGHT_LIMIT: find_ceil with no ceiling */


/* LandingAction numFrames / unk02 (mario_actions_moving.c L26-60), by landing kind (air order). */
#define SM64_LAND_FRAMES(kind) ((kind) == SM64_LONG_JUMP ? 6 : 4)
#define SM64_LAND_DJT(kind) ((kind) == SM64_TRIPLE || (kind) == SM64_BACKFLIP ? 0 : 5)
/* The stop actions' animation end, k = loopEnd - startFrame + 1 (see the header). */
#define SM64_K_JUMP_STOP 17
#define SM64_K_DOUBLE_STOP 19
#define SM64_K_TRIPLE_STOP 33
#define SM64_K_SIDE_FLIP_STOP 11
#define SM64_K_LONG_STOP_FAST 17
#define SM64_K_LONG_STOP_SLOW 19
#define SM64_K_GP_LAND 7
#define SM64_K_BUTT_SLIDE_STOP 20
#define SM64_K_START_CROUCH 6
#define SM64_K_STOP_CROUCH 10
#define SM64_BACKFLIP_STOP_Z_FRAMES 8 /* animFrame = k - 2 < 6 */
#define SM64_GP_HANG 15               /* anim_3C loopEnd 11 + 4 */
#define SM64_GP_HANG_FROM_FLIGHT 20   /* anim_3B loopEnd 16 + 4 */

/* gSineTable (include/trig_tables.inc.c), sins(x) = t[(u16)x >> 4], coss(x) = t[0x400 + ...]. */
extern float sm64_sine_table[5120];

typedef struct sm64_state {
	float y, vy;     /* pos[1], vel[1] */
	float fwd;       /* forwardVel */
	float z, vz;     /* pos[2], vel[2] */
	float peak;      /* peakHeight */
	int16_t pitch;   /* faceAngle[0] (flight) */
	uint8_t act;     /* SM64_* */
	uint8_t astate;  /* actionState (ground pound: 0 hang, 1 fall) */
	uint8_t t;       /* actionTimer / animation frame counter k (see sm64_step) */
	uint8_t djt;     /* doubleJumpTimer */
	uint8_t prev_a, prev_z;
	uint8_t gp_arg;  /* the ground pound's actionArg (1 from ACT_FLYING) */
	uint8_t lj_slow; /* oMarioLongJumpIsSlow */
	uint8_t axis_act, sh, chain, wing; /* axis values */
	uint8_t pad[2];
	uint32_t frame_flags; /* events of the last step: scratch, last (outside key_size) */
} sm64_state;

_Static_assert(sizeof(sm64_state) <= JS_STATE_MAX, "sm64 state too large");

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

float sm64_sine_table[5120];

__attribute__((constructor)) static void sm64_make_sine_table(void)
{
	const double pi = 3.14159265358979323846;
	for (int k = 0; k < 5120; k++)
		sm64_sine_table[k] = (k % 2048 == 0) ? 0.0f : (float)sin((2.0 * pi * (double)k) / 4096.0);
}


/* The same actions by their include/sm64.h names (SM64_STAND is the model's start: standing or
 * running at fwd before the first press, no game action of its own): the trace's action column,
 * the action field in list, check, explain and --start. */
static const char *const sm64_act_names[SM64_N_ACTS] = {
	[SM64_STAND] = "start",
	[SM64_JUMP] = "ACT_JUMP", [SM64_DOUBLE] = "ACT_DOUBLE_JUMP", [SM64_TRIPLE] = "ACT_TRIPLE_JUMP",
	[SM64_BACKFLIP] = "ACT_BACKFLIP", [SM64_SIDE_FLIP] = "ACT_SIDE_FLIP",
	[SM64_LONG_JUMP] = "ACT_LONG_JUMP", [SM64_WALL_KICK] = "ACT_WALL_KICK_AIR",
	[SM64_FLY_TRIPLE] = "ACT_FLYING_TRIPLE_JUMP", [SM64_GROUND_POUND] = "ACT_GROUND_POUND",
	[SM64_FLYING] = "ACT_FLYING",
	[SM64_JUMP_LAND] = "ACT_JUMP_LAND", [SM64_DOUBLE_LAND] = "ACT_DOUBLE_JUMP_LAND",
	[SM64_TRIPLE_LAND] = "ACT_TRIPLE_JUMP_LAND", [SM64_BACKFLIP_LAND] = "ACT_BACKFLIP_LAND",
	[SM64_SIDE_FLIP_LAND] = "ACT_SIDE_FLIP_LAND", [SM64_LONG_JUMP_LAND] = "ACT_LONG_JUMP_LAND",
	[SM64_JUMP_STOP] = "ACT_JUMP_LAND_STOP", [SM64_DOUBLE_STOP] = "ACT_DOUBLE_JUMP_LAND_STOP",
	[SM64_TRIPLE_STOP] = "ACT_TRIPLE_JUMP_LAND_STOP", [SM64_BACKFLIP_STOP] = "ACT_BACKFLIP_LAND_STOP",
	[SM64_SIDE_FLIP_STOP] = "ACT_SIDE_FLIP_LAND_STOP",
	[SM64_LONG_JUMP_STOP] = "ACT_LONG_JUMP_LAND_STOP",
	[SM64_GP_LAND] = "ACT_GROUND_POUND_LAND", [SM64_BUTT_SLIDE_STOP] = "ACT_BUTT_SLIDE_STOP",
	[SM64_IDLE] = "ACT_IDLE", [SM64_START_CROUCH] = "ACT_START_CROUCHING",
	[SM64_CROUCH] = "ACT_CROUCHING", [SM64_STOP_CROUCH] = "ACT_STOP_CROUCHING",
	[SM64_DIVE_SLIDE] = "ACT_DIVE_SLIDE",
};

static inline float sm64_sins(int16_t a)
{
	return sm64_sine_table[(uint16_t)a >> 4];
}

static inline float sm64_coss(int16_t a)
{
	return sm64_sine_table[0x400 + ((uint16_t)a >> 4)];
}

static void sm64_init(void *vs, const int32_t *ax)
{
	sm64_state *s = vs;
	memset(s, 0, sizeof *s);
	s->act = SM64_STAND;
	s->fwd = (float)ax[SM64_AX_FWD];
	s->axis_act = (uint8_t)(SM64_JUMP + ax[SM64_AX_ACTION]);
	s->sh = ax[SM64_AX_VERSION] == SM64_VER_SH;
	s->chain = ax[SM64_AX_CHAIN] != 0;
	s->wing = s->axis_act == SM64_FLY_TRIPLE;
}

static int sm64_is_air(int act)
{
	return act >= SM64_FIRST_AIR && act <= SM64_LAST_AIR;
}

/* set_mario_action (mario.c L979): the airborne group's set_mario_action_airborne, then the new
 * action with actionState = actionTimer = 0.  Landing and stop actions keep t (see sm64_step). */
static int sm64_set_action(sm64_state *s, int act, int arg)
{
	if (sm64_is_air(act)) {
		switch (act) { /* set_mario_action_airborne */
		case SM64_DOUBLE:
			s->vy = (52.0f + 0.0f) + s->fwd * 0.25f;
			s->fwd *= 0.8f;
			break;
		case SM64_BACKFLIP:
			s->fwd = -16.0f;
			s->vy = (62.0f + 0.0f) + s->fwd * 0.0f;
			break;
		case SM64_TRIPLE:
			s->vy = (69.0f + 0.0f) + s->fwd * 0.0f;
			s->fwd *= 0.8f;
			break;
		case SM64_FLY_TRIPLE:
			s->vy = (82.0f + 0.0f) + s->fwd * 0.0f;
			break;
		case SM64_JUMP:
			s->vy = (42.0f + 0.0f) + s->fwd * 0.25f;
			s->fwd *= 0.8f;
			break;
		case SM64_WALL_KICK:
			s->vy = (62.0f + 0.0f) + s->fwd * 0.0f;
			if (s->fwd < 24.0f)
				s->fwd = 24.0f;
			break;
		case SM64_SIDE_FLIP:
			s->vy = (62.0f + 0.0f) + s->fwd * 0.0f;
			s->fwd = 8.0f;
			break;
		case SM64_LONG_JUMP:
			s->vy = (30.0f + 0.0f) + s->fwd * 0.0f;
			s->lj_slow = !(s->fwd > 16.0f);
			if (s->fwd < 0.0f)
				s->frame_flags |= SM64_FLAG_BACKWARD_LONG_JUMP;
			s->fwd *= 1.5f;
			if (s->fwd > 48.0f)
				s->fwd = 48.0f;
			break;
		default: /* ground pound, flying: no case */
			break;
		}
		s->peak = s->y; /* peakHeight = pos[1]; flags |= MARIO_UNKNOWN_08 (always set here) */
	}
	s->act = (uint8_t)act;
	s->astate = 0;
	s->gp_arg = (uint8_t)arg;
	s->t = 0;
	return 1;
}

/* mario_set_forward_vel (mario.c L374) along yaw 0: vel z = coss(0) * fwd. */
static void sm64_set_forward_vel(sm64_state *s, float v)
{
	s->fwd = v;
	s->vz = 1.0f * v;
}

/* approach_f32 (math_util.c L679) */
static float sm64_approach(float cur, float target, float inc, float dec)
{
	if (cur < target) {
		cur += inc;
		if (cur > target)
			cur = target;
	} else {
		cur -= dec;
		if (cur < target)
			cur = target;
	}
	return cur;
}

/* update_air_without_turn (mario_actions_airborne.c L216), no stick, no wind. */
static void sm64_update_air_without_turn(sm64_state *s)
{
	float drag_threshold = s->act == SM64_LONG_JUMP ? 48.0f : 32.0f;
	s->fwd = sm64_approach(s->fwd, 0.0f, 0.35f, 0.35f);
	if (s->fwd > drag_threshold)
		s->fwd -= 1.0f;
	if (s->fwd < -16.0f)
		s->fwd += 2.0f;
	/* slideVelZ = fwd * coss(yaw); += sidewaysSpeed (0) * coss(yaw + 0x4000) */
	s->vz = s->fwd * 1.0f + 0.0f * 0.0f;
}

/* apply_gravity (mario_step.c L535), the branches these actions reach. */
static void sm64_apply_gravity(sm64_state *s, int a_down)
{
	int act = s->act;
	int cjh = act == SM64_JUMP || act == SM64_DOUBLE || act == SM64_WALL_KICK ||
		  act == SM64_LONG_JUMP || act == SM64_FLY_TRIPLE; /* ACT_FLAG_CONTROL_JUMP_HEIGHT */
	if (act == SM64_LONG_JUMP) {
		s->vy -= 2.0f;
		if (s->vy < -75.0f) {
			s->vy = -75.0f;
			s->frame_flags |= SM64_FLAG_TERMINAL;
		}
	} else if (!a_down && s->vy > 20.0f && cjh) { /* should_strengthen_gravity_for_jump_ascent */
		s->vy /= 4.0f;
		s->frame_flags |= SM64_FLAG_A_RELEASE;
	} else if (s->wing && s->vy < 0.0f && a_down) {
		s->frame_flags |= SM64_FLAG_WING_GRAVITY;
		s->vy -= 2.0f;
		if (s->vy < -37.5f) {
			if ((s->vy += 4.0f) > -37.5f) {
				s->vy = -37.5f;
				s->frame_flags |= SM64_FLAG_TERMINAL;
			}
		}
	} else {
		s->vy -= 4.0f;
		if (s->vy < -75.0f) {
			s->vy = -75.0f;
			s->frame_flags |= SM64_FLAG_TERMINAL;
		}
	}
}

/* perform_air_step (mario_step.c L610) with perform_air_quarter_step (L388) on the flat floor;
 * returns 1 when a quarter step landed. */
static int sm64_perform_air_step(sm64_state *s, int a_down)
{
	int landed = 0;
	for (int i = 0; i < 4; i++) {
		float ny = s->y + s->vy / 4.0f;
		float nz = s->z + s->vz / 4.0f;
		if (ny <= 0.0f) { /* nextPos[1] <= floorHeight: ceil - floor > 160, so x/z move */
			s->z = nz;
			s->y = 0.0f;
			landed = 1;
			break;
		}
		if (ny + 160.0f > SM64_CEIL_HEIGHT)
			s->frame_flags |= SM64_FLAG_CEILING; /* the game would hit its default ceiling */
		s->y = ny;
		s->z = nz;
	}
	if (s->vy >= 0.0f)
		s->peak = s->y;
	if (s->act != SM64_FLYING)
		sm64_apply_gravity(s, a_down);
	return landed;
}

/* check_fall_damage (mario_actions_airborne.c L61): flagged, not applied. */
static void sm64_check_fall_damage(sm64_state *s)
{
	if (s->vy < -55.0f && s->peak - s->y > 1150.0f)
		s->frame_flags |= SM64_FLAG_FALL_DAMAGE;
}

/* update_flying (mario_actions_airborne.c L333) with the stick centred and angleVel 0. */
static void sm64_update_flying(sm64_state *s)
{
	s->fwd -= 2.0f * ((float)s->pitch / 16384.0f) + 0.1f;
	s->fwd -= 0.5f * (1.0f - sm64_coss(0));
	if (s->fwd < 0.0f)
		s->fwd = 0.0f;
	float p;
	if (s->fwd > 16.0f)
		p = (float)s->pitch + (s->fwd - 32.0f) * 6.0f;
	else if (s->fwd > 4.0f)
		p = (float)s->pitch + (s->fwd - 32.0f) * 10.0f;
	else
		p = (float)(s->pitch - 0x400);
	/* float -> s16: trunc.w.s, low 16 bits (|p| stays far below 2^31 here) */
	int16_t pitch = (int16_t)(uint16_t)(uint32_t)(int32_t)p;
	pitch = (int16_t)(pitch + 0); /* += angleVel[0] (0) */
	if (pitch > 0x2AAA)
		pitch = 0x2AAA;
	if (pitch < -0x2AAA)
		pitch = -0x2AAA;
	s->pitch = pitch;
	s->vy = s->fwd * sm64_sins(pitch);
	s->vz = s->fwd * sm64_coss(pitch) * sm64_coss(0);
}

/* The landing kind's stop action end k (the landing animation's end, see the header). */
static int sm64_stop_end(const sm64_state *s, int stop)
{
	switch (stop) {
	case SM64_JUMP_STOP: return SM64_K_JUMP_STOP;
	case SM64_DOUBLE_STOP: return SM64_K_DOUBLE_STOP;
	case SM64_TRIPLE_STOP: return SM64_K_TRIPLE_STOP;
	case SM64_BACKFLIP_STOP: return SM64_K_TRIPLE_STOP; /* the same animation */
	case SM64_SIDE_FLIP_STOP: return SM64_K_SIDE_FLIP_STOP;
	default: return s->lj_slow ? SM64_K_LONG_STOP_SLOW : SM64_K_LONG_STOP_FAST;
	}
}

/* stationary_ground_step (mario_step.c L236): fwd 0, y = floor. */
static void sm64_stationary(sm64_state *s)
{
	sm64_set_forward_vel(s, 0.0f);
	s->y = 0.0f;
}

/* set_triple_jump_action (mario_actions_moving.c L147) / set_jump_from_landing's double jump
 * land case (mario.c L1046). */
static int sm64_triple_rule(const sm64_state *s)
{
	return s->wing ? SM64_FLY_TRIPLE : s->fwd > 20.0f ? SM64_TRIPLE : SM64_JUMP;
}

/* One air action's frame after its Z check: common_air_action_step and the specials. */
static void sm64_air_frame(sm64_state *s, int a_down)
{
	int act = s->act;
	if (act == SM64_GROUND_POUND) { /* act_ground_pound */
		if (s->astate == 0) {
			if (s->t < 10) {
				float off = (float)(20 - 2 * s->t);
				if (s->y + off + 160.0f < SM64_CEIL_HEIGHT) {
					s->y += off;
					s->peak = s->y;
				} else {
					s->frame_flags |= SM64_FLAG_CEILING;
				}
			}
			s->vy = -50.0f;
			sm64_set_forward_vel(s, 0.0f);
			s->t++;
			if (s->t >= (s->gp_arg ? SM64_GP_HANG_FROM_FLIGHT : SM64_GP_HANG))
				s->astate = 1;
		} else if (sm64_perform_air_step(s, a_down)) {
			sm64_check_fall_damage(s);
			sm64_set_action(s, SM64_GP_LAND, 0);
		}
		return;
	}
	if (act == SM64_FLYING) { /* act_flying */
		s->frame_flags |= SM64_FLAG_FLYING;
		sm64_update_flying(s);
		if (sm64_perform_air_step(s, a_down)) {
			sm64_set_action(s, SM64_DIVE_SLIDE, 0);
			s->pitch = 0;
		}
		return;
	}
	int land = act + (SM64_JUMP_LAND - SM64_JUMP);
	if (act == SM64_WALL_KICK)
		land = SM64_JUMP_LAND;
	if (act == SM64_FLY_TRIPLE) { /* act_flying_triple_jump */
		land = SM64_DOUBLE_LAND;
		if (s->vy < 4.0f) {
			if (s->fwd < 32.0f)
				sm64_set_forward_vel(s, 32.0f);
			sm64_set_action(s, SM64_FLYING, 1);
			s->frame_flags |= SM64_FLAG_FLYING;
		}
	}
	sm64_update_air_without_turn(s);
	if (sm64_perform_air_step(s, a_down)) {
		sm64_check_fall_damage(s); /* check_fall_damage_or_get_stuck: no snow / sand */
		sm64_set_action(s, land, 0);
	}
}

static void sm64_step(void *vs, unsigned input)
{
	sm64_state *s = vs;
	int a_down = (input & JS_IN_JUMP) != 0, z_down = (input & JS_IN_Z) != 0;
	/* update_mario_button_inputs: buttonPressed = down now and not on the last frame */
	int a_pr = a_down && !s->prev_a, z_pr = z_down && !s->prev_z;
	s->frame_flags = 0;
	if (s->djt > 0) /* update_mario_inputs L1411 */
		s->djt--;

	/* execute_mario_action's loop: a handler that changed the action with `return TRUE` runs
	 * the next one in the same frame (cont = 1). */
	for (int cont = 1; cont;) {
		cont = 0;
		int act = s->act;
		switch (act) {
		case SM64_STAND:
			if (a_pr)
				cont = sm64_set_action(s, s->axis_act, 0);
			break;

		case SM64_JUMP: case SM64_DOUBLE: case SM64_TRIPLE: case SM64_BACKFLIP:
		case SM64_SIDE_FLIP: case SM64_WALL_KICK: case SM64_FLY_TRIPLE:
			if (z_pr) { /* act_jump L451 etc.: Z -> ground pound */
				cont = sm64_set_action(s, SM64_GROUND_POUND, 0);
				break;
			}
			sm64_air_frame(s, a_down);
			break;
		case SM64_FLYING:
			if (z_pr) { /* act_flying L1729 */
				cont = sm64_set_action(s, SM64_GROUND_POUND, 1);
				break;
			}
			sm64_air_frame(s, a_down);
			break;
		case SM64_LONG_JUMP: case SM64_GROUND_POUND:
			sm64_air_frame(s, a_down);
			break;

		case SM64_JUMP_LAND: case SM64_DOUBLE_LAND: case SM64_TRIPLE_LAND:
		case SM64_BACKFLIP_LAND: case SM64_SIDE_FLIP_LAND: case SM64_LONG_JUMP_LAND: {
			int kind = act - (SM64_JUMP_LAND - SM64_JUMP);
			if (kind == SM64_LONG_JUMP) { /* act_long_jump_land L1847 */
				if (s->sh && s->fwd < 0.0f) {
					s->fwd = 0.0f;
					s->frame_flags |= SM64_FLAG_BLJ_CLAMP;
				}
				if (!z_down)
					a_pr = 0;
			}
			if (kind == SM64_TRIPLE) /* act_triple_jump_land L1883 */
				a_pr = 0;
			if (kind == SM64_BACKFLIP && !z_down) /* act_backflip_land L1898 */
				a_pr = 0;
			/* common_landing_cancels */
			s->djt = (uint8_t)SM64_LAND_DJT(kind);
			if (++s->t >= SM64_LAND_FRAMES(kind)) {
				cont = sm64_set_action(s, act + SM64_STOP_OF_LAND, 0);
				/* the stop action's k (its first run adds 1) continues the landing's */
				s->t = (uint8_t)(SM64_LAND_FRAMES(kind) - 1);
				break;
			}
			if (a_pr) {
				int next = kind == SM64_DOUBLE ? sm64_triple_rule(s)
					   : kind == SM64_BACKFLIP ? SM64_BACKFLIP
					   : kind == SM64_LONG_JUMP ? SM64_LONG_JUMP : SM64_DOUBLE;
				if (next != SM64_JUMP)
					s->frame_flags |= SM64_FLAG_CHAINED;
				cont = sm64_set_action(s, next, 0); /* set_jumping_action */
				break;
			}
			/* common_landing_action, no stick */
			if (s->fwd >= 16.0f) { /* apply_slope_decel(m, 2.0f): decel 2 * 2 on class default */
				s->fwd = sm64_approach(s->fwd, 0.0f, 2.0f * 2.0f, 2.0f * 2.0f);
				s->vz = s->fwd * 1.0f; /* apply_slope_accel: slideVelZ = fwd * coss(yaw) */
				s->vy = 0.0f;
			} else {
				s->vy = 0.0f;
			}
			for (int i = 0; i < 4; i++) /* perform_ground_step: pos += normal.y * (vel / 4) */
				s->z = s->z + 1.0f * (s->vz / 4.0f);
			s->y = 0.0f;
			break;
		}

		case SM64_JUMP_STOP: case SM64_DOUBLE_STOP: case SM64_TRIPLE_STOP:
		case SM64_BACKFLIP_STOP: case SM64_SIDE_FLIP_STOP: case SM64_LONG_JUMP_STOP: {
			s->t++; /* k: frames since the landing action began */
			/* act_backflip_land_stop L914: animFrame = k - 2 */
			if (act == SM64_BACKFLIP_STOP && (!z_down || s->t >= SM64_BACKFLIP_STOP_Z_FRAMES))
				a_pr = 0;
			if (a_pr) { /* check_common_landing_cancels */
				int next;
				if (act == SM64_TRIPLE_STOP || act == SM64_LONG_JUMP_STOP) {
					next = SM64_JUMP;
				} else if (act == SM64_BACKFLIP_STOP) {
					next = SM64_BACKFLIP;
				} else { /* set_jump_from_landing, prevAction = this stop's landing */
					if (s->djt == 0)
						next = SM64_JUMP;
					else if (act == SM64_JUMP_STOP)
						next = SM64_DOUBLE;
					else if (act == SM64_DOUBLE_STOP)
						next = sm64_triple_rule(s);
					else
						next = SM64_JUMP; /* ACT_SIDE_FLIP_LAND: default */
					s->djt = 0;
				}
				if (next != SM64_JUMP)
					s->frame_flags |= SM64_FLAG_CHAINED;
				cont = sm64_set_action(s, next, 0);
				break;
			}
			sm64_stationary(s); /* landing_step */
			if (s->t == sm64_stop_end(s, act))
				sm64_set_action(s, act == SM64_LONG_JUMP_STOP ? SM64_CROUCH : SM64_IDLE, 0);
			break;
		}

		case SM64_GP_LAND: /* act_ground_pound_land: no A */
			s->t++;
			sm64_stationary(s);
			if (s->t == SM64_K_GP_LAND)
				sm64_set_action(s, SM64_BUTT_SLIDE_STOP, 0);
			break;
		case SM64_BUTT_SLIDE_STOP: /* act_butt_slide_stop: A -> check_common_action_exits */
			s->t++;
			if (a_pr) {
				cont = sm64_set_action(s, SM64_JUMP, 0);
				break;
			}
			sm64_stationary(s); /* stopping_step */
			if (s->t == SM64_K_BUTT_SLIDE_STOP)
				sm64_set_action(s, SM64_IDLE, 0);
			break;
		case SM64_IDLE: /* check_common_idle_cancels */
			if (a_pr) {
				cont = sm64_set_action(s, SM64_JUMP, 0);
				break;
			}
			if (z_down) {
				cont = sm64_set_action(s, SM64_START_CROUCH, 0);
				break;
			}
			sm64_stationary(s);
			break;
		case SM64_START_CROUCH: /* act_start_crouching */
			s->t++;
			if (a_pr) {
				cont = sm64_set_action(s, SM64_BACKFLIP, 0);
				break;
			}
			sm64_stationary(s);
			if (s->t == SM64_K_START_CROUCH)
				sm64_set_action(s, SM64_CROUCH, 0);
			break;
		case SM64_CROUCH: /* act_crouching */
			if (a_pr) {
				cont = sm64_set_action(s, SM64_BACKFLIP, 0);
				break;
			}
			if (!z_down) {
				cont = sm64_set_action(s, SM64_STOP_CROUCH, 0);
				break;
			}
			sm64_stationary(s);
			break;
		case SM64_STOP_CROUCH: /* act_stop_crouching */
			s->t++;
			if (a_pr) {
				cont = sm64_set_action(s, SM64_BACKFLIP, 0);
				break;
			}
			sm64_stationary(s);
			if (s->t == SM64_K_STOP_CROUCH)
				sm64_set_action(s, SM64_IDLE, 0);
			break;
		case SM64_DIVE_SLIDE: /* act_dive_slide: A -> rollout, not modelled */
			if (a_pr)
				s->frame_flags |= SM64_FLAG_UNMODELLED;
			break;
		default:
			break;
		}
	}

	if (s->z <= -32769.0f || s->z >= 32768.0f)
		s->frame_flags |= SM64_FLAG_S16_WRAP;
	if (s->z <= -8192.0f || s->z >= 8192.0f)
		s->frame_flags |= SM64_FLAG_LEVEL_EDGE;
	s->prev_a = (uint8_t)a_down;
	s->prev_z = (uint8_t)z_down;
}

/* On the ground with a chain open: an A press now (with Z where needed) would start a jump that
 * depends on the last landing (double / triple / flying triple, long jump, backflip). */
static int sm64_chain_open(const sm64_state *s)
{
	int a = s->act;
	return a == SM64_JUMP_LAND || a == SM64_DOUBLE_LAND || a == SM64_SIDE_FLIP_LAND ||
	       a == SM64_BACKFLIP_LAND || a == SM64_LONG_JUMP_LAND ||
	       ((a == SM64_JUMP_STOP || a == SM64_DOUBLE_STOP) && s->djt > 0) ||
	       (a == SM64_BACKFLIP_STOP && s->t < SM64_BACKFLIP_STOP_Z_FRAMES);
}

static void sm64_observe(const void *vs, js_obs *o)
{
	const sm64_state *s = vs;
	double h = (double)s->y * (double)SM64_SUB_PER_UNIT; /* exact: a power-of-two scale */
	double fh = floor(h);
	/* A NaN y (only after an infinite forward speed times 0 at a take-off: fuzz starts, the BLJ
	 * past every float) has no height: it reads as 0, rounded (the lane kernel the same). */
	o->height = h == h ? (int64_t)fh : 0;
	int ground = !sm64_is_air(s->act);
	o->grounded = s->chain ? ground && !sm64_chain_open(s) : ground;
	o->flags = s->frame_flags | (fh != h ? SM64_FLAG_HEIGHT_ROUNDED : 0);
}

/* %.9g prints every float so that strtof reads back the same bits. */
static int sm64_trace_row(const void *vs, char *buf, size_t n)
{
	const sm64_state *s = vs;
	return snprintf(buf, n, "%.9g,%.9g,%.9g,%.9g,%.9g,%s,%u,%u,%u,%d,%.9g", (double)s->y,
			(double)s->vy, (double)s->fwd, (double)s->z, (double)s->vz,
			s->act < SM64_N_ACTS ? sm64_act_names[s->act] : "?", (unsigned)s->astate, (unsigned)s->t,
			(unsigned)s->djt, (int)s->pitch, (double)s->peak);
}

/* ---- fuzzing hooks (model.h) ---- */

/* A start as the game keeps it (the state at the start of a frame, as the last frame's step left
 * it).  Flight is the wing cap's (act_flying L1736 leaves it without the cap: ACT_FREEFALL, not
 * modelled), so without it those actions start as the triple jump.  On the ground y = 0; the
 * stationary actions (stop actions, ground pound land, butt slide stop, idle, crouching) have
 * run stationary_ground_step: fwd = vel z = 0.  The ground pound holds fwd = vel z = 0 (its hang
 * sets them and vy = -50 every frame; the fall's gravity keeps vy in -75..-50).  Elsewhere vel z
 * = fwd, as update_air_without_turn and the landing actions leave it (flight overwrites it before
 * reading it).  The timer: each action's frames so far (see sm64_step): landing actions 0 ..
 * numFrames - 1, their stop actions numFrames - 1 .. the animation's end - 1, the ground pound's
 * hang 0 .. its length - 1 (its length in the fall), the other counted ground actions below
 * their end; 0 where unused.  pitch is flight's only; actionState the ground pound's; the
 * ground pound's actionArg is 1 only from flight (flight keeps the 1 its switch set). */
static void sm64_fuzz_fix(void *vs)
{
	sm64_state *s = vs;
	if ((s->act == SM64_FLY_TRIPLE || s->act == SM64_FLYING) && !s->wing)
		s->act = SM64_TRIPLE;
	int act = s->act, lo = 0, hi = 0;
	if (act == SM64_GROUND_POUND) {
		int hang = s->gp_arg ? SM64_GP_HANG_FROM_FLIGHT : SM64_GP_HANG;
		lo = s->astate ? hang : 0;
		hi = s->astate ? hang : hang - 1;
		s->fwd = 0.0f;
		s->vz = 0.0f;
		s->vy = s->astate ? fminf(fmaxf(s->vy, -75.0f), -50.0f) : -50.0f;
	} else {
		s->astate = 0;
		s->gp_arg = act == SM64_FLYING;
	}
	if (act >= SM64_JUMP_LAND && act <= SM64_LONG_JUMP_LAND) {
		hi = SM64_LAND_FRAMES(act - (SM64_JUMP_LAND - SM64_JUMP)) - 1;
	} else if (act >= SM64_JUMP_STOP && act <= SM64_LONG_JUMP_STOP) {
		lo = SM64_LAND_FRAMES(act - (SM64_JUMP_STOP - SM64_JUMP)) - 1;
		hi = sm64_stop_end(s, act) - 1;
	} else if (act == SM64_GP_LAND) {
		hi = SM64_K_GP_LAND - 1;
	} else if (act == SM64_BUTT_SLIDE_STOP) {
		hi = SM64_K_BUTT_SLIDE_STOP - 1;
	} else if (act == SM64_START_CROUCH) {
		hi = SM64_K_START_CROUCH - 1;
	} else if (act == SM64_STOP_CROUCH) {
		hi = SM64_K_STOP_CROUCH - 1;
	}
	s->t = (uint8_t)(s->t < lo ? lo : s->t > hi ? hi : s->t);
	if (!sm64_is_air(act))
		s->y = 0.0f;
	if ((act >= SM64_JUMP_STOP && act <= SM64_LONG_JUMP_STOP) ||
	    (act >= SM64_GP_LAND && act <= SM64_STOP_CROUCH))
		s->fwd = 0.0f;
	if (act != SM64_FLYING)
		s->pitch = 0;
	if (act != SM64_GROUND_POUND && act != SM64_FLYING)
		s->vz = s->fwd * 1.0f;
}

enum { SM64_INV_FWD_FINITE, SM64_INV_LONG_JUMP_CAP, SM64_INV_Z_S16, SM64_INV_VY_CAP };

/* trunc(z) within the s16 range find_floor casts it to (the flag s16_wrap's complement) */
static int sm64_z_in_s16(float z)
{
	return z > -32769.0f && z < 32768.0f;
}

static uint32_t sm64_invariants(const void *vb, const void *va, unsigned input)
{
	const sm64_state *b = vb, *a = va;
	(void)input;
	uint32_t bits = 0;
	/* forwardVel is a float: nothing makes it infinite */
	if (isfinite(b->fwd) && !isfinite(a->fwd))
		bits |= 1u << SM64_INV_FWD_FINITE;
	/* set_mario_action_airborne caps a long jump's fwd * 1.5 at 48: the take-off frame leaves
	 * |fwd| <= 48 (unless it was above already) */
	if (a->act == SM64_LONG_JUMP && b->act != SM64_LONG_JUMP && fabsf(b->fwd) <= 48.0f &&
	    fabsf(a->fwd) > 48.0f)
		bits |= 1u << SM64_INV_LONG_JUMP_CAP;
	/* collision casts the position to s16 (surface_collision.c): it stays within that range */
	if (sm64_z_in_s16(b->z) && !sm64_z_in_s16(a->z))
		bits |= 1u << SM64_INV_Z_S16;
	/* apply_gravity's -75 floor (flight has no gravity) */
	if (sm64_is_air(a->act) && a->act != SM64_FLYING && a->vy < -75.0f && a->vy < b->vy)
		bits |= 1u << SM64_INV_VY_CAP;
	return bits;
}

JS_LANE_DECLARE(sm64);

static const char *const sm64_claims[] = {
	"sm64/quarter-steps",    "sm64/jump-speed",       "sm64/gravity",
	"sm64/a-release",        "sm64/double-jump",
	"sm64/triple-jump",      "sm64/long-jump",        "sm64/blj",
	"sm64/wall-kick",        "sm64/ground-pound",     NULL,
};

JS_REFERENCE_RUN(sm64, sm64_state, sm64_step, sm64_observe)

const js_model js_model_sm64 = {
	.id = "sm64",
	.game = "Super Mario 64",
	.platform = "Nintendo 64",
	.character = "Mario, flat ground, no stick input, A and Z (no B)",
	.unit = "world unit",
	.sub_per_unit = SM64_SUB_PER_UNIT,
	.fps = 30.0,
	.frame = "one execute_mario_action (30 Hz logic frame: two NTSC vertical blanks)",
	.movie = { .button = { "A", NULL, "Z" }, .frames = 2, .note = "A jumps, Z is Z: "
		   "update_mario_button_inputs (mario.c) sets INPUT_A_PRESSED / INPUT_A_DOWN from the "
		   "controller's A_BUTTON (press and hold: the release divide) and INPUT_Z_PRESSED / "
		   "INPUT_Z_DOWN from Z_TRIG (long jump, ground pound). The controllers are polled once per "
		   "30 Hz game frame (read_controller_inputs, game_init.c): one .m64 sample per model frame; "
		   "a .bk2 has a line per VI, two per model frame, both written with the frame's input "
		   "(which VI of the pair polls is not known here) and read back as either. Frame 0 is the "
		   "frame with A newly down; lag frames are not modelled." },
	.sources = "n64decomp/sm64 @9921382: src/game/mario.c (set_mario_y_vel_based_on_fspeed L763, "
		   "set_mario_action_airborne L776, set_mario_action L979, set_jump_from_landing L1018, "
		   "update_mario_inputs L1373, execute_mario_action L1699), src/game/mario_step.c "
		   "(should_strengthen_gravity_for_jump_ascent L519, apply_gravity L535, "
		   "perform_air_quarter_step L388, perform_air_step L610, stationary_ground_step L236, "
		   "perform_ground_step L322), src/game/mario_actions_airborne.c (update_air_without_turn "
		   "L216, update_flying L333, common_air_action_step L371, act_jump L446 .. act_long_jump "
		   "L632, act_ground_pound L918, act_flying L1726, act_flying_triple_jump L1882), "
		   "src/game/mario_actions_moving.c (LandingAction tables L26-60, apply_slope_decel L393, "
		   "common_landing_action L1722, common_landing_cancels L1758, act_*_land L1792-1912), "
		   "src/game/mario_actions_stationary.c (check_common_idle_cancels L20, act_crouching "
		   "L528, act_start/stop_crouching L693/L718, check_common_landing_cancels L839, "
		   "act_*_land_stop L867-947, act_ground_pound_land L1037), src/engine/math_util.c "
		   "approach_f32, include/trig_tables.inc.c gSineTable, assets/anims/anim_3A/3B/3C/4B/4E/"
		   "11/12/8F/96/97/BE/C0 (startFrame, loopEnd), src/engine/surface_collision.c find_floor "
		   "(s16 cast, LEVEL_BOUNDARY_MAX)",
	.notes = "Frame 0 is the first input frame; the first A press starts the `action` axis's action "
		 "from standing at forward speed `fwd` (preconditions not checked), and that take-off "
		 "frame already runs the air action (four quarter steps, then gravity). Later presses "
		 "follow the game's chains: landing actions (4 frames, long jump 6) and doubleJumpTimer "
		 "5 (double / triple), Z-held long-jump and backflip chains, SH's negative-fwd clamp on "
		 "long-jump landings (version sh), Z in the air -> ground pound. Floor at y = 0, no "
		 "stick, no B, no walls / ceilings / objects; Mario faces +z. Heights in 2^-23 unit "
		 "(exact; flight can round below 1 unit: flag height_rounded). chain = on keeps the "
		 "run going while a landing could still chain (landing actions, doubleJumpTimer, the "
		 "backflip stop's window), so a chained jump's rise counts and airtime ends when the "
		 "chain window closes. Stop-action lengths come from animation headers (docs/open-"
		 "questions.md: UNCONFIRMED on "
		 "hardware). Not modelled (flagged when reached): fall damage / squish, the default "
		 "ceiling at 20000, a dive slide's rollout, level edges (|z| >= 8192) and s16 "
		 "wrap-around of collision positions; not modelled at all: the crouch slide before a "
		 "long jump, wall collisions and the wall-kick windows, the wing cap's timer, sleeping. "
		 "Trace: action = the game's ACT_ constant (0 before the first press), timer = "
		 "actionTimer (landing actions, ground pound) or frames since the landing began (stop "
		 "actions), peak = peakHeight.",
	.claims = sm64_claims,
	.n_axes = 4,
	.axes = {
		{ .name = "action", .unit = "", .long_name = "the action the first A press starts "
		  "(set_mario_action from standing): 0 jump, 1 double jump, 2 triple jump, 3 backflip, "
		  "4 side flip, 5 long jump, 6 wall kick, 7 ground pound, 8 flying triple jump (and the "
		  "wing cap for the whole run; its flight glides for ~370 frames, so it is outside the "
		  "default range)", .min = 0, .max = 8, .def_lo = 0, .def_hi = 7, .n_names = 9,
		  .names = { "jump", "double", "triple", "backflip", "side_flip", "long_jump",
			     "wall_kick", "ground_pound", "flying_triple" } },
		{ .name = "fwd", .unit = "world units/frame", .long_name = "forward speed (forwardVel) "
		  "before the first press; negative = backwards", .min = -100000, .max = 1000,
		  .def_lo = 0, .def_hi = 40,
		  .values = { { "run", 32, "mario_actions_moving.c update_walking_speed: maxTargetSpeed "
				"32.0f, the full-stick running speed" },
			      { "long_jump_cap", 48, "set_mario_action_airborne ACT_LONG_JUMP: forwardVel "
				"* 1.5 capped at 48.0f" } } },
		{ .name = "version", .unit = "", .long_name = "build: us, jp (the same physics here), sh "
		  "(Shindou/iQue: a long jump's landing sets a negative forward speed to 0)",
		  .min = 0, .max = 2, .def_lo = 0, .def_hi = 0, .n_names = 3,
		  .names = { "us", "jp", "sh" } },
		{ .name = "chain", .unit = "", .long_name = "off: a run ends at the first landing; on: "
		  "it goes on while the landing can still chain into a double / triple / long jump / "
		  "backflip", .min = 0, .max = 1, .def_lo = 0, .def_hi = 0, .n_names = 2,
		  .names = { "off", "on" } },
	},
	.inputs = JS_IN_JUMP | JS_IN_Z,
	.default_frames = 64,
	.default_hold = 20,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "a_release", [9] = "wing_gravity", [10] = "terminal", [11] = "fall_damage",
		[12] = "s16_wrap", [13] = "level_edge", [14] = "blj_clamp",
		[15] = "backward_long_jump", [16] = "chained", [17] = "flying", [18] = "unmodelled",
		[19] = "height_rounded", [20] = "ceiling",
	},
	.flag_what = {
		[8] = "apply_gravity divided vy by 4 because A was released while rising (the "
			"variable-height cut).",
		[9] = "apply_gravity's wing-cap branch ran.",
		[10] = "vy was clamped at -75 (with the wing cap: set to -37.5).",
		[11] = "Mario landed from a height the game would hurt him for (check_fall_damage; the "
			"damage is not modelled).",
		[12] = "trunc(z) left the s16 range that collision casts the position to.",
		[13] = "|trunc(z)| >= 8192: Mario is outside every level's floors.",
		[14] = "The SH/CN long jump landing set a negative forward speed to 0 (no BLJ in those "
			"versions).",
		[15] = "A long jump took off with a negative forward speed, which has no cap (a backward"
			" long jump).",
		[16] = "A landing or stop action chained into a take-off other than a plain jump "
			"(double, triple, long jump, ...).",
		[17] = "Mario was in ACT_FLYING (wing cap flight).",
		[18] = "The inputs reached a branch of the game the model leaves out: later frames are "
			"not the game's.",
		[19] = "The height y * 2^23 was not an integer (flight only), so the height in sub-units"
			" is rounded.",
		[20] = "y + 160 > 20000: Mario reached the game's default ceiling.",
	},
	.character_height = 160,
	.character_height_source = "mario.c mario_update_hitbox_and_cap_model: hitboxHeight = 160.0f "
		"standing (100 crouching)",
	.state_size = sizeof(sm64_state),
	.key_size = offsetof(sm64_state, frame_flags),
	.init = sm64_init,
	.step = sm64_step,
	.observe = sm64_observe,
	.run_ref = sm64_run_ref,
	.trace_header = "y,vy,fwd,z,vz,action,action_state,timer,double_jump_timer,pitch,peak",
	.trace_units = "world unit,world unit/frame,world unit/frame,world unit,world unit/frame,name,code,frames,frames,1/65536 turn,world unit",
	.trace_row = sm64_trace_row,
	.lane = JS_LANE_TABLE(sm64),
	.n_fields = 14,
	.fields = {
		{ "fwd", offsetof(sm64_state, fwd), JS_F_F32, -FLT_MAX, 1000,
		  "forwardVel: every finite negative float (the long jump's fwd * 1.5 has no lower "
		  "cap, so BLJ chains reach any), up to the fwd axis's 1000 (nothing here raises a "
		  "positive speed: the long jump caps at 48, drag and landings slow it)" },
		{ "y", offsetof(sm64_state, y), JS_F_F32, 0, 8191,
		  "pos[1]: the floor 0 up to 8191 (LEVEL_BOUNDARY_MAX - 1; fuzz_fix: 0 on the "
		  "ground); a start's quarter steps then stay below the 20000 ceiling's 19840" },
		{ "vy", offsetof(sm64_state, vy), JS_F_F32, -1000, 1000,
		  "vel[1]: apply_gravity's -75 floor and take-offs up to 52 + fwd / 4 (302 at fwd "
		  "1000) in the air, flight's fwd * sins(pitch) either way; -1000..1000 holds them" },
		{ "z", offsetof(sm64_state, z), JS_F_F32, -FLT_MAX, FLT_MAX,
		  "pos[2]: any finite float (a BLJ's speed carries it anywhere; collision's s16 cast "
		  "is invariant z_s16)" },
		{ "peak", offsetof(sm64_state, peak), JS_F_F32, 0, 8191,
		  "peakHeight (fall damage's reference): a y" },
		{ "pitch", offsetof(sm64_state, pitch), JS_F_S16, -0x2AAA, 0x2AAA,
		  "faceAngle[0] in flight: update_flying clamps it to +-0x2AAA (0 elsewhere)" },
		{ "action", offsetof(sm64_state, act), JS_F_U8, 0, SM64_N_ACTS - 1,
		  "the action (the model's ids: 0 standing before the first press, the axis order, "
		  "the landing, stop and other ground actions; trace column action); fuzz_fix: flight "
		  "only with the wing cap", sm64_act_names },
		{ "action_state", offsetof(sm64_state, astate), JS_F_U8, 0, 1,
		  "actionState: the ground pound's hang (0) or fall (1)" },
		{ "timer", offsetof(sm64_state, t), JS_F_U8, 0, SM64_K_TRIPLE_STOP - 1,
		  "actionTimer / frames since the landing began (sm64_step); fuzz_fix keeps each "
		  "action's own range, the largest the triple / backflip stop's 3..32" },
		{ "double_jump_timer", offsetof(sm64_state, djt), JS_F_U8, 0, 5,
		  "doubleJumpTimer: a landing sets 5 (LandingAction unk02), update_mario_inputs counts "
		  "it down" },
		{ "prev_a", offsetof(sm64_state, prev_a), JS_F_U8, 0, 1, "A down on the last frame" },
		{ "prev_z", offsetof(sm64_state, prev_z), JS_F_U8, 0, 1, "Z down on the last frame" },
		{ "gp_arg", offsetof(sm64_state, gp_arg), JS_F_U8, 0, 1,
		  "actionArg of the ground pound: 1 from flight (its longer hang)" },
		{ "lj_slow", offsetof(sm64_state, lj_slow), JS_F_U8, 0, 1,
		  "oMarioLongJumpIsSlow (the long jump stop's animation)" },
	},
	.fuzz_fix = sm64_fuzz_fix,
	.invariants = sm64_invariants,
	.inv_names = {
		[SM64_INV_FWD_FINITE] = "fwd_finite", [SM64_INV_LONG_JUMP_CAP] = "long_jump_cap",
		[SM64_INV_Z_S16] = "z_s16", [SM64_INV_VY_CAP] = "vy_cap",
	},
	.inv_what = {
		[SM64_INV_FWD_FINITE] = "Mario's forward speed stays a finite float",
		[SM64_INV_LONG_JUMP_CAP] = "a long jump leaves Mario at most 48 units/frame fast "
					   "(the cap on fwd * 1.5 in set_mario_action_airborne)",
		[SM64_INV_Z_S16] = "Mario's position stays within the s16 range collision casts it "
				   "to (|z| < 32768)",
		[SM64_INV_VY_CAP] = "gravity never takes Mario's vertical speed below -75 "
				    "units/frame (apply_gravity)",
	},
	/* None stated: on the ground or in the non-flying air actions a start lands within a few
	 * hundred frames (gravity 4, the cap -75, y <= 8191, vy <= 1000), but flight (the wing
	 * cap, ACT_FLYING with no stick) glides down at a rate that depends on its pitch and speed
	 * (the flying triple's glide from the floor lasts about 370 frames), and no bound for every
	 * flight start from 8191 up is derived here. */
	.land_bound = 0,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"

_Static_assert(JS_IN_JUMP == 1u << 0 && JS_IN_Z == 1u << 2, "sm64 reads planes 0 and 2");

/* The reference above on JS_VW lanes at a time, a group's state kept across all its frames;
 * every branch is a select on a lane mask (lane.h's js_m: a mask register on AVX-512, a -1/0
 * vector elsewhere), float selects blend the bit patterns (so no float operation sits in a
 * conditional arm).  The frame runs in the game's order as phases, each
 * skipped (one test for the group) unless a lane still in its run needs it - lanes whose run is
 * over are stepped along or left as they are, which cannot change their results:
 *   L  landing actions (common_landing_cancels / common_landing_action), which may end into
 *      their stop action or take off;
 *   S  stop actions, including those entered in L this frame (with L's masked A);
 *   G  the other ground actions, selected by the action the frame began with (so nothing runs
 *      twice), with the same-frame entries (idle -> start crouching, crouching -> stop
 *      crouching) run inline;
 *   T  the take-off of any of them (set_mario_action_airborne on the lane's new action);
 *   A  the air actions (Z -> ground pound, the pound's hang, the flying triple's switch, flight,
 *      update_air_without_turn, four quarter steps, apply_gravity, the landing);
 * then the position flags and the accounting (on the height floor(y * 2^23) as a float: exact,
 * below 2^38; compared as floats, which orders them as the reference's int64 does).  The lane
 * kernel only reports a run's OR of flags, so a rare flag may be raised on a different frame of
 * the run than the reference's (the ceiling, below).  An action's set membership is one AND on
 * 1 << action. */

/* Lane masks are lane.h's js_m (mask registers on AVX-512: the frame's many masks in vectors cost
 * a move of each comparison's mask into a vector and two XORs per select); m ? a : b on them.
 * On AVX2 one blend (vblendvps / vpblendvb; GCC writes the and-andnot-or as xor-and-xor);
 * elsewhere the and-andnot-or of -1 / 0 vectors, as before. */
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
static inline js_vf sm64_fsel(js_m m, js_vf a, js_vf b)
{
	return js_mfsel(m, a, b);
}
static inline js_vi sm64_sel(js_m m, js_vi a, js_vi b)
{
	return js_misel(m, a, b);
}
#elif defined(__AVX2__) && !defined(JS_LANE_SCALAR) && JS_VW == 8
#define SM64_AVX2 1
static inline js_vf sm64_fsel(js_m m, js_vf a, js_vf b)
{
	return js_vfsel(m, a, b);
}
static inline js_vi sm64_sel(js_m m, js_vi a, js_vi b)
{
	return js_vblend(m, a, b);
}
#else
static inline js_vf sm64_fsel(js_m m, js_vf a, js_vf b)
{
	return (js_vf)(((js_vi)a & m) | ((js_vi)b & ~m));
}
static inline js_vi sm64_sel(js_m m, js_vi a, js_vi b)
{
	return js_vsel(m, a, b);
}
#endif

static inline js_vf sm64_fsplat(float x)
{
	return (js_vf){ 0 } + x;
}

/* A constant in every lane.  On AVX2 a vector in .rodata read through a pointer the optimiser
 * cannot see through, so each use is a memory operand: GCC 12 otherwise builds each splat of a
 * constant as mov + vmovd + vpbroadcastd in the frame loop (three instructions per constant, the
 * frame has dozens); AVX-512 reads constants as embedded broadcasts, SSE4 from the pool. */
#ifdef SM64_AVX2
#define SM64_KV8(x) { x, x, x, x, x, x, x, x }
#define SM64_I(x) (__extension__({ static const js_vi k_ = SM64_KV8((int32_t)(x)); \
	const js_vi *p_ = &k_; __asm__("" : "+r"(p_)); *p_; }))
#define SM64_F(x) (__extension__({ static const js_vf k_ = SM64_KV8((float)(x)); \
	const js_vf *p_ = &k_; __asm__("" : "+r"(p_)); *p_; }))
#define sm64_orif(x, m, bits) ((x) | ((js_vu)(m) & (js_vu)SM64_I(bits))) /* js_morif */
#else
#define SM64_I(x) js_vsplat(x)
#define SM64_F(x) sm64_fsplat(x)
#define sm64_orif js_morif
#endif


/* s16 wrap of an int32 lane: the low 16 bits, sign-extended. */
static inline js_vi sm64_s16(js_vi x)
{
	return ((x & 0xffff) ^ 0x8000) - 0x8000;
}

/* approach_f32(v, 0, d, d): up > 0 ? 0 : up is minps(0, up), down < 0 ? 0 : down is
 * maxps(0, down) (the same value for every up / down, -0 and NaN included). */
static inline js_vf sm64_approach0(js_vf v, float d)
{
	js_vf up = v + d, down = v - d;
	up = js_vminps(sm64_fsplat(0.0f), up);
	down = js_vmaxps(sm64_fsplat(0.0f), down);
	return sm64_fsel(js_mflt(v, sm64_fsplat(0.0f)), up, down);
}

/* floor(x) for x >= 0 (x < 2^23: round to nearest through 2^23, then step down if above). */
static inline js_vf sm64_floor_pos(js_vf x)
{
	js_vf r = (x + 8388608.0f) - 8388608.0f;
	r = sm64_fsel(js_mfgt(r, x), r - 1.0f, r);
	return sm64_fsel(js_mfge(x, SM64_F(8388608.0f)), x, r);
}

/* Action-set masks: bit a of an action set is action a (SM64_N_ACTS <= 31). */
#define SM64_BIT(a) (1 << (a))
#define SM64_SET_RANGE(lo, hi) ((SM64_BIT((hi) + 1) - 1) & ~(SM64_BIT(lo) - 1))
#define SM64_SET_AIR SM64_SET_RANGE(SM64_FIRST_AIR, SM64_LAST_AIR)
#define SM64_SET_LAND SM64_SET_RANGE(SM64_JUMP_LAND, SM64_LONG_JUMP_LAND)
#define SM64_SET_STOP SM64_SET_RANGE(SM64_JUMP_STOP, SM64_LONG_JUMP_STOP)
#define SM64_SET_OTHER SM64_SET_RANGE(SM64_GP_LAND, SM64_DIVE_SLIDE)
#define SM64_SET_ZCAN (SM64_SET_AIR & ~SM64_BIT(SM64_LONG_JUMP) & ~SM64_BIT(SM64_GROUND_POUND))
#define SM64_SET_CJH (SM64_BIT(SM64_JUMP) | SM64_BIT(SM64_DOUBLE) | SM64_BIT(SM64_WALL_KICK) | \
		      SM64_BIT(SM64_LONG_JUMP) | SM64_BIT(SM64_FLY_TRIPLE))
#define SM64_SET_OPEN_LAND (SM64_SET_LAND & ~SM64_BIT(SM64_TRIPLE_LAND))
#define SM64_SET_SPECIAL (SM64_BIT(SM64_GROUND_POUND) | SM64_BIT(SM64_FLY_TRIPLE) | \
			  SM64_BIT(SM64_FLYING))
_Static_assert(SM64_N_ACTS <= 30, "action sets fit in an int32 (2^29 is exact in float)");

typedef struct sm64_lanes {
	js_vf y, vy, fwd, z, vz, peak;
	js_vi act, abit, astate, t, djt, gparg, ljslow, pitch; /* abit = 1 << act */
	js_m pa, pz;                     /* A / Z down on the frame before */
	js_vi axis_act;                  /* per-lane constants */
	js_m sh, chain, wing;            /* per-lane constant masks */
	int any_chain;                   /* some lane of the group has chain = on */
	int any_wing;                    /* some lane has the wing cap (flight is possible) */
	int from_start;                  /* the group started from js_lane_args.start */
	/* accounting (model.h js_acc_frame), with the rise as a float in 2^-23 units */
	js_vf rise;
	js_vi apex, air, last_jump;
	js_m took, landed;
	js_vu flags;
} sm64_lanes;

static inline void sm64_lanes_init(sm64_lanes *s, const js_lane_args *args, int l0)
{
	int32_t act[JS_VW], sh[JS_VW], ch[JS_VW], wing[JS_VW];
	float fwd[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		act[i] = SM64_JUMP + args->axis[SM64_AX_ACTION][l];
		fwd[i] = (float)args->axis[SM64_AX_FWD][l];
		sh[i] = -(args->axis[SM64_AX_VERSION][l] == SM64_VER_SH);
		ch[i] = -(args->axis[SM64_AX_CHAIN][l] != 0);
		wing[i] = -(act[i] == SM64_FLY_TRIPLE);
	}
	js_vf zero = sm64_fsplat(0.0f);
	s->y = s->vy = s->z = s->vz = s->peak = zero;
	__builtin_memcpy(&s->fwd, fwd, sizeof s->fwd);
	s->act = s->astate = s->t = s->djt = s->gparg = s->ljslow = s->pitch = js_vsplat(0);
	s->pa = s->pz = JS_MNONE;
	s->abit = SM64_I(SM64_BIT(SM64_STAND));
	s->axis_act = js_vload(act);
	s->sh = js_mfrom(js_vload(sh));
	s->chain = js_mfrom(js_vload(ch));
	s->any_chain = s->any_wing = 0;
	for (int i = 0; i < JS_VW; i++) {
		s->any_chain |= ch[i] != 0;
		s->any_wing |= wing[i] != 0;
	}
	s->wing = js_mfrom(js_vload(wing));
	s->rise = zero;
	s->apex = s->air = js_vsplat(0);
	s->took = s->landed = JS_MNONE;
	s->last_jump = js_vlast_set(args->input[0] + l0, (args->n_frames + 31) >> 5);
	s->flags = (js_vu)js_vsplat(0);
	s->from_start = args->start != NULL;
	if (args->start) { /* a fuzz start: the reference's state, field by field */
		float fy[JS_VW], fvy[JS_VW], ffw[JS_VW], fz[JS_VW], fvz[JS_VW], fpk[JS_VW];
		int32_t ac[JS_VW], ab[JS_VW], as[JS_VW], tt[JS_VW], dj[JS_VW], pa[JS_VW], pz[JS_VW];
		int32_t ga[JS_VW], lj[JS_VW], pt[JS_VW];
		for (int i = 0; i < JS_VW; i++) {
			int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
			const sm64_state *st = (const sm64_state *)args->start + l;
			fy[i] = st->y;
			fvy[i] = st->vy;
			ffw[i] = st->fwd;
			fz[i] = st->z;
			fvz[i] = st->vz;
			fpk[i] = st->peak;
			ac[i] = st->act;
			ab[i] = SM64_BIT(st->act);
			as[i] = st->astate;
			tt[i] = st->t;
			dj[i] = st->djt;
			pa[i] = -(st->prev_a != 0);
			pz[i] = -(st->prev_z != 0);
			ga[i] = st->gp_arg;
			lj[i] = st->lj_slow;
			pt[i] = st->pitch;
		}
		__builtin_memcpy(&s->y, fy, sizeof s->y);
		__builtin_memcpy(&s->vy, fvy, sizeof s->vy);
		__builtin_memcpy(&s->fwd, ffw, sizeof s->fwd);
		__builtin_memcpy(&s->z, fz, sizeof s->z);
		__builtin_memcpy(&s->vz, fvz, sizeof s->vz);
		__builtin_memcpy(&s->peak, fpk, sizeof s->peak);
		s->act = js_vload(ac);
		s->abit = js_vload(ab);
		s->astate = js_vload(as);
		s->t = js_vload(tt);
		s->djt = js_vload(dj);
		s->pa = js_mfrom(js_vload(pa));
		s->pz = js_mfrom(js_vload(pz));
		s->gparg = js_vload(ga);
		s->ljslow = js_vload(lj);
		s->pitch = js_vload(pt);
	}
}

/* sins / coss of each lane's pitch from gSineTable (flight only). */
static inline void sm64_sincos(js_vi pitch, js_vf *sn, js_vf *cs)
{
	js_vi idx = (pitch & 0xffff) >> 4;
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
	*sn = (js_vf)_mm512_i32gather_ps((__m512i)idx, sm64_sine_table, 4);
	*cs = (js_vf)_mm512_i32gather_ps((__m512i)idx, sm64_sine_table + 0x400, 4);
#elif defined(__AVX2__) && !defined(JS_LANE_SCALAR) && JS_VW == 8
	*sn = (js_vf)_mm256_i32gather_ps(sm64_sine_table, (__m256i)idx, 4);
	*cs = (js_vf)_mm256_i32gather_ps(sm64_sine_table + 0x400, (__m256i)idx, 4);
#else
	js_vf a, b;
	for (int i = 0; i < JS_VW; i++) {
		a[i] = sm64_sine_table[idx[i]];
		b[i] = sm64_sine_table[0x400 + idx[i]];
	}
	*sn = a;
	*cs = b;
#endif
}

/* 1 << act per lane: the float 2^act built from its exponent, converted (exact for act < 31). */
static inline js_vi sm64_actbit(js_vi act)
{
#ifdef SM64_AVX2
	return SM64_I(1) << act; /* vpsllvd */
#endif
	return __builtin_convertvector((js_vf)((act + 127) << 23), js_vi);
}

#ifdef SM64_AVX2
/* abit has one bit set: a vpand and a vpcmpeqd (not the test's and, compare and not) */
#define sm64_in(abit, set) sm64_in_k(abit, SM64_I(set))
static inline js_m sm64_in_k(js_vi abit, js_vi set)
{
	return (abit & set) == abit;
}
#else
static inline js_m sm64_in(js_vi abit, int set)
{
	return js_mtest(abit, js_vsplat(set));
}
#endif

static inline __attribute__((always_inline)) int sm64_lanes_frame(sm64_lanes *s, const js_lane_args *args, int l0,
								int f, const int lean)
{
	const js_vi zero = js_vsplat(0);
	const js_vf fzero = sm64_fsplat(0.0f);
	const js_vu fbit = (js_vu)js_vsplat((int32_t)(1u << (f & 31)));
	js_m a = js_mbit(js_vloadu(args->input[0] + (f >> 5) * JS_BLOCK + l0), fbit);  /* A down */
	js_m zd = js_mbit(js_vloadu(args->input[2] + (f >> 5) * JS_BLOCK + l0), fbit); /* Z down */
	js_m ap = a & ~s->pa, zp = zd & ~s->pz;
	js_vu fl = (js_vu)zero;
	js_vf y = s->y, vy = s->vy, fwd = s->fwd, z = s->z, vz = s->vz, peak = s->peak;
	js_vi act = s->act, t = s->t, djt = s->djt, astate = s->astate, gparg = s->gparg;
	const js_vi act0 = act, bit0 = s->abit;
	/* Lanes whose run is over (landed, for the accounting) need no more steps: a phase runs
	 * only if a live lane needs it (the others may be stepped along, harmlessly). */
	const js_m live_run = ~s->landed;
	djt = sm64_sel(js_migt(djt, zero), djt - 1, djt); /* update_mario_inputs */

	js_m take = JS_MNONE;           /* a take-off this frame, to action `next` */
	js_vi next = zero;
	js_m stat = JS_MNONE;           /* stationary_ground_step this frame */
	const js_m air0 = sm64_in(bit0, SM64_SET_AIR);
	/* lean: only frames where every live lane is in the air, none in a special action and none
	 * turning to the ground pound (the phases below that skip then are left out); 0 and the
	 * state untouched otherwise */
#ifdef SM64_AVX2
#define SM64_UNLESS_LEAN !lean &&
	if (lean && (js_many(~air0 & live_run) || js_many(sm64_in(bit0, SM64_SET_SPECIAL) & live_run) ||
		     js_many(sm64_in(bit0, SM64_SET_ZCAN) & zp & live_run)))
		return 0;
#else
#define SM64_UNLESS_LEAN
	(void)lean;
#endif

	if (SM64_UNLESS_LEAN js_many(~air0 & live_run)) { /* ---- the ground phases L, S, G ---- */
	/* ---- L: landing actions ---- */
	js_m mL = sm64_in(bit0, SM64_SET_LAND), endL = JS_MNONE;
	if (js_many(mL & live_run)) {
		js_m isLJ = js_mieq(act, SM64_I(SM64_LONG_JUMP_LAND));
		js_m isTR = js_mieq(act, SM64_I(SM64_TRIPLE_LAND));
		js_m isBF = js_mieq(act, SM64_I(SM64_BACKFLIP_LAND));
		js_m isDB = js_mieq(act, SM64_I(SM64_DOUBLE_LAND));
		js_m clamp = mL & isLJ & s->sh & js_mflt(fwd, fzero);
		fwd = sm64_fsel(clamp, fzero, fwd);
		fl = sm64_orif(fl, clamp, SM64_FLAG_BLJ_CLAMP);
		ap &= ~(mL & (((isLJ | isBF) & ~zd) | isTR));
		djt = sm64_sel(mL, sm64_sel(isTR | isBF, zero, SM64_I(5)), djt);
		js_vi t1 = t + 1;
		js_vi nf = sm64_sel(isLJ, SM64_I(6), SM64_I(4));
		js_m end = mL & js_mige(t1, nf);
		js_m tk = mL & ~end & ap;
		js_vi tri = sm64_sel(s->wing, SM64_I(SM64_FLY_TRIPLE),
				     sm64_sel(js_mfgt(fwd, SM64_F(20.0f)), SM64_I(SM64_TRIPLE),
					      SM64_I(SM64_JUMP)));
		js_vi nx = sm64_sel(isDB, tri, sm64_sel(isBF, SM64_I(SM64_BACKFLIP),
				    sm64_sel(isLJ, SM64_I(SM64_LONG_JUMP), SM64_I(SM64_DOUBLE))));
		take |= tk;
		next = sm64_sel(tk, nx, next);
		fl = sm64_orif(fl, tk & js_mine(nx, SM64_I(SM64_JUMP)), SM64_FLAG_CHAINED);
		/* common_landing_action */
		js_m stay = mL & ~end & ~ap;
		js_m dec = stay & js_mfge(fwd, SM64_F(16.0f));
		js_vf fd = fwd - 2.0f * 2.0f; /* approach_f32(fwd >= 16, 0, 4, 4): no clamp */
		fwd = sm64_fsel(dec, fd, fwd);
		vz = sm64_fsel(dec, fd * 1.0f, vz);
		vy = sm64_fsel(stay, fzero, vy);
		js_vf zz = z;
		for (int i = 0; i < 4; i++)
			zz = zz + 1.0f * (vz / 4.0f);
		z = sm64_fsel(stay, zz, z);
		y = sm64_fsel(stay, fzero, y);
		act = sm64_sel(end, act + SM64_STOP_OF_LAND, act);
		t = sm64_sel(end, nf - 1, sm64_sel(stay, t1, t));
		endL = end;
	}

	/* ---- S: stop actions (also those entered in L this frame) ---- */
	js_m mS = sm64_in(bit0, SM64_SET_STOP) | endL;
	if (js_many(mS & live_run)) {
		js_vi t2 = t + 1;
		js_m isBF = js_mieq(act, SM64_I(SM64_BACKFLIP_STOP));
		js_m isTR = js_mieq(act, SM64_I(SM64_TRIPLE_STOP));
		js_m isLJ = js_mieq(act, SM64_I(SM64_LONG_JUMP_STOP));
		js_m isJ = js_mieq(act, SM64_I(SM64_JUMP_STOP));
		js_m isDB = js_mieq(act, SM64_I(SM64_DOUBLE_STOP));
		js_m a2 = mS & ap &
			  ~(isBF & (~zd | js_mige(t2, SM64_I(SM64_BACKFLIP_STOP_Z_FRAMES))));
		js_m fromland = ~(isBF | isTR | isLJ); /* set_jump_from_landing */
		js_vi tri = sm64_sel(s->wing, SM64_I(SM64_FLY_TRIPLE),
				     sm64_sel(js_mfgt(fwd, SM64_F(20.0f)), SM64_I(SM64_TRIPLE),
					      SM64_I(SM64_JUMP)));
		js_vi nl = sm64_sel(js_mieq(djt, zero), SM64_I(SM64_JUMP),
				    sm64_sel(isJ, SM64_I(SM64_DOUBLE),
					     sm64_sel(isDB, tri, SM64_I(SM64_JUMP))));
		js_vi nx = sm64_sel(fromland, nl,
				    sm64_sel(isBF, SM64_I(SM64_BACKFLIP), SM64_I(SM64_JUMP)));
		take |= a2;
		next = sm64_sel(a2, nx, next);
		djt = sm64_sel(a2 & fromland, zero, djt);
		fl = sm64_orif(fl, a2 & js_mine(nx, SM64_I(SM64_JUMP)), SM64_FLAG_CHAINED);
		js_m stay = mS & ~a2;
		stat |= stay;
		js_vi kend = sm64_sel(isJ, SM64_I(SM64_K_JUMP_STOP),
			     sm64_sel(isDB, SM64_I(SM64_K_DOUBLE_STOP),
			     sm64_sel(isBF | isTR, SM64_I(SM64_K_TRIPLE_STOP),
			     sm64_sel(isLJ, sm64_sel(js_mine(s->ljslow, zero), SM64_I(SM64_K_LONG_STOP_SLOW),
						     SM64_I(SM64_K_LONG_STOP_FAST)),
				      SM64_I(SM64_K_SIDE_FLIP_STOP)))));
		js_m endS = stay & js_mieq(t2, kend);
		act = sm64_sel(endS, sm64_sel(isLJ, SM64_I(SM64_CROUCH), SM64_I(SM64_IDLE)), act);
		t = sm64_sel(endS, zero, sm64_sel(stay, t2, t));
	}

	/* ---- G: the other ground actions (by the action the frame began with) ---- */
	js_m mG = sm64_in(bit0, SM64_SET_OTHER);
	if (js_many(mG & live_run)) {
		js_vi t3 = t + 1;
		js_m gpl = js_mieq(act0, SM64_I(SM64_GP_LAND));
		js_m bss = js_mieq(act0, SM64_I(SM64_BUTT_SLIDE_STOP));
		js_m idle = js_mieq(act0, SM64_I(SM64_IDLE));
		js_m stc = js_mieq(act0, SM64_I(SM64_START_CROUCH));
		js_m cr = js_mieq(act0, SM64_I(SM64_CROUCH));
		js_m spc = js_mieq(act0, SM64_I(SM64_STOP_CROUCH));
		js_m dive = js_mieq(act0, SM64_I(SM64_DIVE_SLIDE));
		js_m tj = (bss | idle) & ap, tb = (stc | cr | spc) & ap;
		take |= tj | tb;
		next = sm64_sel(tj, SM64_I(SM64_JUMP), sm64_sel(tb, SM64_I(SM64_BACKFLIP), next));
		fl = sm64_orif(fl, dive & ap, SM64_FLAG_UNMODELLED);
		js_m rest = ~ap;
		js_m to_stc = idle & rest & zd, to_spc = cr & rest & ~zd;
		stat |= (gpl | ((bss | idle | stc | cr | spc) & rest));
		js_vi na = act;
		na = sm64_sel(gpl & js_mieq(t3, SM64_I(SM64_K_GP_LAND)), SM64_I(SM64_BUTT_SLIDE_STOP), na);
		na = sm64_sel(bss & rest & js_mieq(t3, SM64_I(SM64_K_BUTT_SLIDE_STOP)), SM64_I(SM64_IDLE), na);
		na = sm64_sel(stc & rest & js_mieq(t3, SM64_I(SM64_K_START_CROUCH)), SM64_I(SM64_CROUCH), na);
		na = sm64_sel(spc & rest & js_mieq(t3, SM64_I(SM64_K_STOP_CROUCH)), SM64_I(SM64_IDLE), na);
		na = sm64_sel(to_stc, SM64_I(SM64_START_CROUCH), na);
		na = sm64_sel(to_spc, SM64_I(SM64_STOP_CROUCH), na);
		js_m counted = gpl | ((bss | stc | spc) & rest);
		js_vi nt = sm64_sel(counted, t3, t);
		nt = sm64_sel(to_stc | to_spc, SM64_I(1), nt);
		nt = sm64_sel(js_mine(na, act), sm64_sel(to_stc | to_spc, nt, zero), nt);
		act = sm64_sel(mG, na, act);
		t = sm64_sel(mG, nt, t);
	}
	js_m stand = js_mieq(act0, SM64_I(SM64_STAND)) & ap;
	take |= stand;
	next = sm64_sel(stand, s->axis_act, next);
	if (js_many(stat & live_run)) {
		fwd = sm64_fsel(stat, fzero, fwd);
		vz = sm64_fsel(stat, fzero, vz); /* mario_set_forward_vel(0): coss(0) * 0 */
		y = sm64_fsel(stat, fzero, y);
	}
	} /* the ground phases */

	/* ---- T: set_mario_action_airborne for the lanes that take off ---- */
	if (SM64_UNLESS_LEAN js_many(take & live_run)) {
		js_m isJ = js_mieq(next, SM64_I(SM64_JUMP)), isDB = js_mieq(next, SM64_I(SM64_DOUBLE));
		js_m isTR = js_mieq(next, SM64_I(SM64_TRIPLE));
		js_m isBF = js_mieq(next, SM64_I(SM64_BACKFLIP)), isSF = js_mieq(next, SM64_I(SM64_SIDE_FLIP));
		js_m isLJ = js_mieq(next, SM64_I(SM64_LONG_JUMP)), isWK = js_mieq(next, SM64_I(SM64_WALL_KICK));
		js_m isFT = js_mieq(next, SM64_I(SM64_FLY_TRIPLE));
		js_vf c0 = sm64_fsel(isJ, SM64_F(42.0f), SM64_F(52.0f));
		c0 = sm64_fsel(isTR, SM64_F(69.0f), c0);
		c0 = sm64_fsel(isBF | isSF | isWK, SM64_F(62.0f), c0);
		c0 = sm64_fsel(isLJ, SM64_F(30.0f), c0);
		c0 = sm64_fsel(isFT, SM64_F(82.0f), c0);
		js_vf mult = sm64_fsel(isJ | isDB, SM64_F(0.25f), fzero);
		js_m setvy = take & (isJ | isDB | isTR | isBF | isSF | isLJ | isWK | isFT);
		/* the backflip sets fwd = -16 before its vy (-16 * 0, not an infinite fwd * 0) */
		js_vf vfwd = sm64_fsel(isBF, SM64_F(-16.0f), fwd);
		vy = sm64_fsel(setvy, (c0 + 0.0f) + vfwd * mult, vy);
		js_vf nf = fwd;
		nf = sm64_fsel(isJ | isDB | isTR, fwd * 0.8f, nf);
		nf = sm64_fsel(isBF, SM64_F(-16.0f), nf);
		nf = sm64_fsel(isSF, SM64_F(8.0f), nf);
		js_vf lj = fwd * 1.5f;
		nf = sm64_fsel(isLJ, sm64_fsel(js_mfgt(lj, SM64_F(48.0f)), SM64_F(48.0f), lj), nf);
		nf = sm64_fsel(isWK & js_mflt(fwd, SM64_F(24.0f)), SM64_F(24.0f), nf);
		fl = sm64_orif(fl, take & isLJ & js_mflt(fwd, fzero), SM64_FLAG_BACKWARD_LONG_JUMP);
		s->ljslow = sm64_sel(take & isLJ, (fwd > 16.0f) + 1, s->ljslow); /* !(fwd > 16) */
		fwd = sm64_fsel(take, nf, fwd);
		peak = sm64_fsel(take, y, peak);
		act = sm64_sel(take, next, act);
		astate = sm64_sel(take, zero, astate);
		gparg = sm64_sel(take, zero, gparg);
		t = sm64_sel(take, zero, t);
	}

	/* ---- A: air actions (L, S and G only move ground lanes to the ground or take off) ---- */
	js_m ceil = JS_MNONE;
#ifdef SM64_AVX2
	js_vi bit = lean ? bit0 : sm64_sel(take, sm64_actbit(act), bit0);
	js_m mA = lean ? air0 : air0 | take;
#else
	js_vi bit = sm64_sel(take, sm64_actbit(act), bit0);
	js_m mA = air0 | take;
#endif
	if (js_many(mA & live_run)) {
		/* Z -> ground pound (act_jump L451 etc., act_flying L1729; not the long jump) */
		js_m togp = sm64_in(bit, SM64_SET_ZCAN) & zp;
		if (SM64_UNLESS_LEAN js_many(togp & live_run)) {
			gparg = sm64_sel(togp, sm64_sel(js_mieq(act, SM64_I(SM64_FLYING)), SM64_I(1), zero),
					 gparg);
			act = sm64_sel(togp, SM64_I(SM64_GROUND_POUND), act);
			astate = sm64_sel(togp, zero, astate);
			t = sm64_sel(togp, zero, t);
			peak = sm64_fsel(togp, y, peak);
			bit = sm64_actbit(act);
		}
		/* the ground pound, the flying triple's switch, flight */
		js_m gp = JS_MNONE, hang = JS_MNONE, fly = JS_MNONE, sw = JS_MNONE;
		if (SM64_UNLESS_LEAN js_many(sm64_in(bit, SM64_SET_SPECIAL) & live_run)) {
			/* act_ground_pound, actionState 0: the hang */
			gp = js_mieq(act, SM64_I(SM64_GROUND_POUND));
			hang = gp & js_mieq(astate, zero);
			if (js_many(hang & live_run)) {
				js_vf off = __builtin_convertvector(20 - 2 * t, js_vf);
				js_vf yo = y + off;
				js_m rise = hang & js_milt(t, SM64_I(10));
				js_m fits = js_mflt(yo + 160.0f, SM64_F(SM64_CEIL_HEIGHT));
				fl = sm64_orif(fl, rise & ~fits, SM64_FLAG_CEILING);
				y = sm64_fsel(rise & fits, yo, y);
				peak = sm64_fsel(rise & fits, yo, peak);
				vy = sm64_fsel(hang, SM64_F(-50.0f), vy);
				fwd = sm64_fsel(hang, fzero, fwd);
				vz = sm64_fsel(hang, fzero, vz);
				js_vi th = t + 1;
				t = sm64_sel(hang, th, t);
				js_vi hend = sm64_sel(js_mine(gparg, zero), SM64_I(SM64_GP_HANG_FROM_FLIGHT),
						      SM64_I(SM64_GP_HANG));
				astate = sm64_sel(hang & js_mige(th, hend), SM64_I(1), astate);
			}
			/* ACT_FLYING from an earlier frame; the flying triple's switch this frame */
			fly = js_mieq(act, SM64_I(SM64_FLYING));
			sw = js_mieq(act, SM64_I(SM64_FLY_TRIPLE)) & js_mflt(vy, SM64_F(4.0f));
			js_m special = fly | sw;
			if (js_many(special & live_run)) {
				js_m low = sw & js_mflt(fwd, SM64_F(32.0f));
				fwd = sm64_fsel(low, SM64_F(32.0f), fwd);
				vz = sm64_fsel(low, SM64_F(1.0f * 32.0f), vz);
				act = sm64_sel(sw, SM64_I(SM64_FLYING), act);
				gparg = sm64_sel(sw, SM64_I(1), gparg);
				t = sm64_sel(sw, zero, t);
				peak = sm64_fsel(sw, y, peak);
				fl = sm64_orif(fl, special, SM64_FLAG_FLYING);
			}
			if (js_many(fly & live_run)) { /* update_flying, no stick */
				js_vf pf = __builtin_convertvector(s->pitch, js_vf);
				js_vf f1 = fwd - (2.0f * (pf / 16384.0f) + 0.1f);
				f1 = f1 - 0.5f * (1.0f - 1.0f);
				f1 = sm64_fsel(js_mflt(f1, fzero), fzero, f1);
				js_m fast = js_mfgt(f1, SM64_F(4.0f));
				js_vf pn = sm64_fsel(js_mfgt(f1, SM64_F(16.0f)), pf + (f1 - 32.0f) * 6.0f,
						     pf + (f1 - 32.0f) * 10.0f);
				pn = sm64_fsel(fly & fast, pn, fzero); /* keep the conversion in range */
				js_vi pi = sm64_s16(__builtin_convertvector(pn, js_vi));
				pi = sm64_sel(fast, pi, sm64_s16(s->pitch - 0x400));
				pi = sm64_sel(js_migt(pi, SM64_I(0x2AAA)), SM64_I(0x2AAA), pi);
				pi = sm64_sel(js_milt(pi, SM64_I(-0x2AAA)), SM64_I(-0x2AAA), pi);
				js_vf sn, cs;
				sm64_sincos(pi, &sn, &cs);
				fwd = sm64_fsel(fly, f1, fwd);
				s->pitch = sm64_sel(fly, pi, s->pitch);
				vy = sm64_fsel(fly, f1 * sn, vy);
				vz = sm64_fsel(fly, f1 * cs * 1.0f, vz);
			}
		}
		/* update_air_without_turn (every air action but the ground pound and ACT_FLYING from
		 * an earlier frame; the long jump's drag threshold is 48) */
		js_m uat = mA & ~gp & ~fly;
		js_m isLJ = js_mieq(act, SM64_I(SM64_LONG_JUMP));
		if (js_many(uat & live_run)) {
			js_vf fa = sm64_approach0(fwd, 0.35f);
			js_vf thr = sm64_fsel(isLJ, SM64_F(48.0f), SM64_F(32.0f));
			fa = sm64_fsel(js_mfgt(fa, thr), fa - 1.0f, fa);
			fa = sm64_fsel(js_mflt(fa, SM64_F(-16.0f)), fa + 2.0f, fa);
			fwd = sm64_fsel(uat, fa, fwd);
			vz = sm64_fsel(uat, fa * 1.0f + 0.0f * 0.0f, vz);
		}
		/* perform_air_step */
		/* Four quarter steps, each stopping at the floor (y = 0, landed; the reference's
		 * test: a NaN y never lands).  The quarter steps add the same q = vy / 4 each time,
		 * and rounding is monotone, so y1..y4 run one way: rising (q > 0) only y1 can be at
		 * or below the floor, falling (q <= 0) some is iff y4 is.  So the lane lands iff
		 * y1 <= 0 or y4 <= 0, at the first k with yk <= 0, and keeps zk; the y and z chains
		 * are plain additions, the floor tests off them. */
		js_m step = mA & ~hang;
		js_vf qy = vy / 4.0f, qz = vz / 4.0f;
		js_vf y1 = y + qy, y2 = y1 + qy, y3 = y2 + qy, y4 = y3 + qy;
		js_vf z1 = z + qz, z2 = z1 + qz, z3 = z2 + qz, z4 = z3 + qz;
		js_m f1 = js_mfle(y1, fzero), f2 = js_mfle(y2, fzero), f3 = js_mfle(y3, fzero);
		js_m landed = step & (f1 | js_mfle(y4, fzero));
		y = sm64_fsel(step, sm64_fsel(landed, fzero, y4), y);
		z = sm64_fsel(step, sm64_fsel(f1, z1, sm64_fsel(f2, z2, sm64_fsel(f3, z3, z4))), z);
		/* The reference flags every quarter step above the ceiling; the lane kernel only
		 * needs the OR over the run: float addition is monotone, so a frame's quarter steps
		 * peak at its last one (rising) or its first one, which is below the last frame's
		 * end (falling; flagged there), so checking each frame's end gives the same OR.  (A
		 * fuzz start has no last frame, but its y <= 8191 and vy <= 1000 keep frame 0's
		 * quarter steps far below 19840.) */
		ceil = step & js_mfgt(y, SM64_F(SM64_CEIL_HEIGHT - 160.0f)); /* y + 160 > 20000: exact */
		peak = sm64_fsel(step & js_mfge(vy, fzero), y, peak);
		/* apply_gravity (not in ACT_FLYING) */
		js_m grav = step & js_mine(act, SM64_I(SM64_FLYING));
		if (js_many(grav & live_run)) {
			js_m rel = ~isLJ & ~a & js_mfgt(vy, SM64_F(20.0f)) & sm64_in(bit, SM64_SET_CJH);
			js_m wg = ~isLJ & ~rel & s->wing & js_mflt(vy, fzero) & a;
			js_vf g2 = vy - 2.0f;
			js_vf dv = sm64_fsel(isLJ, g2, vy - 4.0f);
			js_m term = js_mflt(dv, SM64_F(-75.0f)) & ~rel & ~wg;
			dv = js_vmaxps(SM64_F(-75.0f), dv); /* dv < -75 ? -75 : dv */
			js_vf nv = sm64_fsel(rel, vy / 4.0f, dv);
			fl = sm64_orif(fl, grav & rel, SM64_FLAG_A_RELEASE);
			if (js_many(wg & grav)) { /* the wing cap's branch */
				js_vf w4 = g2 + 4.0f;
				js_m wlow = js_mflt(g2, SM64_F(-37.5f));
				js_m wcap = wlow & js_mfgt(w4, SM64_F(-37.5f));
				js_vf wv = sm64_fsel(wlow, sm64_fsel(wcap, SM64_F(-37.5f), w4), g2);
				nv = sm64_fsel(wg, wv, nv);
				fl = sm64_orif(fl, grav & wg, SM64_FLAG_WING_GRAVITY);
				term |= wg & wcap;
			}
			vy = sm64_fsel(grav, nv, vy);
			fl = sm64_orif(fl, grav & term, SM64_FLAG_TERMINAL);
		}
		/* the landing */
		if (js_many(landed & live_run)) {
			js_m fall = landed & ~fly & js_mflt(vy, SM64_F(-55.0f)) &
				    js_mfgt(peak - y, SM64_F(1150.0f));
			fl = sm64_orif(fl, fall, SM64_FLAG_FALL_DAMAGE);
			js_vi la = act + (SM64_JUMP_LAND - SM64_JUMP);
			la = sm64_sel(js_mieq(act, SM64_I(SM64_WALL_KICK)), SM64_I(SM64_JUMP_LAND), la);
			la = sm64_sel(js_mieq(act, SM64_I(SM64_FLY_TRIPLE)) |
					      (sw & js_mieq(act, SM64_I(SM64_FLYING))),
				      SM64_I(SM64_DOUBLE_LAND), la);
			la = sm64_sel(fly, SM64_I(SM64_DIVE_SLIDE), la);
			la = sm64_sel(gp, SM64_I(SM64_GP_LAND), la);
			act = sm64_sel(landed, la, act);
			s->pitch = sm64_sel(landed & fly, zero, s->pitch);
			astate = sm64_sel(landed, zero, astate);
			gparg = sm64_sel(landed, zero, gparg);
			t = sm64_sel(landed, zero, t);
		}
	}

	/* ---- position flags, state, accounting ---- */
	js_vf az = (js_vf)((js_vi)z & 0x7fffffff); /* |z| */
	js_m edge = js_mfge(az, SM64_F(8192.0f));
	if (js_many(edge | ceil)) { /* rare */
		fl = sm64_orif(fl, edge, SM64_FLAG_LEVEL_EDGE);
		fl = sm64_orif(fl, js_mfle(z, SM64_F(-32769.0f)) | js_mfge(z, SM64_F(32768.0f)),
			      SM64_FLAG_S16_WRAP);
		fl = sm64_orif(fl, ceil, SM64_FLAG_CEILING);
	}
	s->y = y;
	s->vy = vy;
	s->fwd = fwd;
	s->z = z;
	s->vz = vz;
	s->peak = peak;
	s->act = act;
	s->t = t;
	s->djt = djt;
	s->astate = astate;
	s->gparg = gparg;
	s->pa = a;
	s->pz = zd;

	js_vi b = sm64_actbit(act);
	s->abit = b;
	js_m grounded = ~sm64_in(b, SM64_SET_AIR);
	if (s->any_chain) {
		js_m open = sm64_in(b, SM64_SET_OPEN_LAND) |
			    ((js_mieq(act, SM64_I(SM64_JUMP_STOP)) | js_mieq(act, SM64_I(SM64_DOUBLE_STOP))) &
			     js_migt(djt, zero)) |
			    (js_mieq(act, SM64_I(SM64_BACKFLIP_STOP)) &
			     js_milt(t, SM64_I(SM64_BACKFLIP_STOP_Z_FRAMES)));
		grounded &= ~(s->chain & open);
	}
	js_vf hf = y * 8388608.0f; /* exact: a power-of-two scale */
	/* only flight leaves heights off the 2^-23 grid, and only below 1 unit (see the header);
	 * a fuzz start's y, vy and fwd may be any floats, so there every lane is checked, a NaN y
	 * included (floor_pos keeps it NaN: rounded, and never a new rise, as the reference's
	 * height 0) */
	if ((s->any_wing || s->from_start) && js_many(~js_mfge(y, SM64_F(1.0f)))) {
		js_vf h = hf;
		hf = sm64_floor_pos(h);
		fl = sm64_orif(fl, js_mfne(hf, h), SM64_FLAG_HEIGHT_ROUNDED);
	}

	/* js_acc_frame (model.h) */
	js_m live = ~s->landed;
	js_m took = s->took | (live & ~grounded);
	js_m on = live & took;
	s->flags = js_morv(s->flags, on, fl); /* the height is never negative: no below_start */
	js_m higher = on & js_mfgt(hf, s->rise);
	s->rise = sm64_fsel(higher, hf, s->rise);
	s->apex = sm64_sel(higher, js_vsplat(f), s->apex);
	js_m lands = on & grounded;
	s->air = sm64_sel(lands, js_vsplat(f + 1), s->air);
	s->landed |= lands;
	s->took = took;
#ifdef SM64_LANE_TRACE
	/* Test hook: sees each group's state after every frame (never defined in the library). */
	SM64_LANE_TRACE(f, l0, s);
#endif
	return 1;
}

static inline int sm64_lanes_done(const sm64_lanes *s, int32_t f)
{
	return js_mall(s->landed | (~s->took & js_mile(s->last_jump, js_vsplat(f)))); /* one test */
}

static inline void sm64_lanes_store(const sm64_lanes *s, const js_lane_args *args, int l0)
{
	js_vu fl = js_morif(s->flags, ~s->took, JS_FLAG_NO_TAKEOFF);
	fl = js_morif(fl, s->took & ~s->landed, JS_FLAG_NOT_LANDED);
	for (int i = 0; i < JS_VW && l0 + i < args->n_lanes; i++) {
		args->rise[l0 + i] = (int64_t)s->rise[i];
		args->apex_frame[l0 + i] = s->apex[i];
		args->airtime[l0 + i] = s->air[i];
		args->flags[l0 + i] = fl[i];
	}
}

/* One group at a time, each stopping once its lanes are done (two groups side by side spill
 * the state out of the registers: measured slower, on AVX2 too: 0.57-0.58 of the AVX-512 rate
 * against 0.66-0.67 with one group, side by side in one run). */
__attribute__((noinline)) static void sm64_lanes_group(const js_lane_args *args, int l0)
{
	sm64_lanes g;
	sm64_lanes_init(&g, args, l0);
#ifdef SM64_AVX2
	/* On AVX2 the frames where every live lane just flies on (most of a run) go through
	 * sm64_lanes_frame's lean variant, in a loop of its own: GCC allocates its registers
	 * for the air step alone (16 ymm registers do not hold the full frame's state and
	 * temporaries); a full frame wherever the lean one declines.  AVX2 / AVX-512 0.66-0.68
	 * -> 0.70-0.72 side by side (4 rounds). */
	for (int f = 0; f < args->n_frames;) {
		sm64_lanes_frame(&g, args, l0, f, 0);
		if ((f & 3) == 3 && sm64_lanes_done(&g, f))
			break;
		f++;
		int stop = 0;
		while (f < args->n_frames && sm64_lanes_frame(&g, args, l0, f, 1)) {
			if ((f & 3) == 3 && sm64_lanes_done(&g, f)) {
				stop = 1;
				break;
			}
			f++;
		}
		if (stop)
			break;
	}
#else
	for (int f = 0; f < args->n_frames; f++) {
		sm64_lanes_frame(&g, args, l0, f, 0);
		if ((f & 3) == 3 && sm64_lanes_done(&g, f))
			break;
	}
#endif
	sm64_lanes_store(&g, args, l0);
}

/* ---- From init's states, by table ----
 *
 * From init a lane stands (SM64_STAND reads neither Z nor anything but the A press) until its
 * first press t0, its first frame with A down, and takes off there: the state at t0 is init's,
 * whatever came before.  With chain = off its results are final from its landing on, and in
 * between (t0 .. the landing frame) the input is read in two places only (no wing cap: action
 * jump .. ground pound):
 *   A down, by apply_gravity's A-release divide (should_strengthen_gravity_for_jump_ascent: A
 *     up, vy > 20, the jump, double jump or wall kick).  vy never rises in the air (gravity,
 *     the divide), so with a take-off vy0 <= 80 (checked below over the table's speeds) a
 *     divide leaves vy <= 20 and no later frame divides: the jump depends on the first frame u
 *     after t0 with A up only, through k = u - t0; and it is the same for every k >= KR once
 *     the release on frame KR does not divide (checked below: no a_release flag on those
 *     entries).  The other actions never read A in the air (no air action reads the A press).
 *   a Z press (Z down, up the frame before), which turns every air action but the long jump and
 *     the ground pound into the ground pound, the landing frame included (its Z check comes
 *     before the air step): such a lane must have no Z press from t0 to its landing frame.
 * The version only acts on a long jump's landing action (the SH clamp), after the run.  So a
 * lane's jump depends on (action, fwd, k) only, shifted by t0.  The kernel's first call steps
 * the 3 x 41 x 11 + 5 x 41 = 1558 jumps once (sm64_lanes_group on lanes taking off on frame 0
 * with A up from frame k on: the frame loop's own float operations), and a group whose lanes
 * all keep these premises and land within the frame limit reads each lane's results from that
 * table: rise, apex t0 + apex', airtime t0 + airtime', the flags.  Other groups step (chain =
 * on, the wing cap, a speed outside the table, a Z press in the air, a jump cut by the frame
 * limit), as do fuzz starts. */
#define SM64_TAB_FMIN 0 /* the default grid's 0..40 (-16..48: the first sweep slower) */
#define SM64_TAB_FMAX 40
#define SM64_TAB_NF (SM64_TAB_FMAX - SM64_TAB_FMIN + 1)
#define SM64_TAB_NACT 8 /* jump .. ground pound (the axis values 0..7) */
#define SM64_TAB_KR 11  /* A released on frame k = 1..11 after the take-off; later reads as 11 */
#define SM64_TAB_NK (3 * SM64_TAB_NF * SM64_TAB_KR) /* the jump, double jump, wall kick by k */
#define SM64_TAB_N (SM64_TAB_NK + 5 * SM64_TAB_NF)  /* then the others, which never read A */

/* A table slot's first index (add k - 1 for the first three) and k stride, by action axis value:
 * the jump, double jump and wall kick by (fwd, k), the others by fwd. */
static const int32_t sm64_tab_row[SM64_TAB_NACT][2] = {
	{ 0, SM64_TAB_KR }, { SM64_TAB_NF * SM64_TAB_KR, SM64_TAB_KR }, { SM64_TAB_NK, 0 },
	{ SM64_TAB_NK + SM64_TAB_NF, 0 }, { SM64_TAB_NK + 2 * SM64_TAB_NF, 0 },
	{ SM64_TAB_NK + 3 * SM64_TAB_NF, 0 }, { 2 * SM64_TAB_NF * SM64_TAB_KR, SM64_TAB_KR },
	{ SM64_TAB_NK + 4 * SM64_TAB_NF, 0 },
};
#define SM64_TAB_FRAMES 128 /* the table's runs: every one lands within these (checked) */
#define SM64_NONE JS_NO_FRAME /* no such frame (lane.h) */

/* One jump, in one 32-byte-aligned slot (a lookup reads one cache line). */
typedef struct sm64_arc {
	int64_t rise;
	int32_t apex, airt; /* frames from the take-off; airt SM64_NONE: not landed within
			     * SM64_TAB_FRAMES */
	uint32_t flags;
} __attribute__((aligned(32))) sm64_arc;

typedef struct sm64_arcs {
	/* index sm64_tab_row[action][0] + (fwd - SM64_TAB_FMIN) * stride + min(k, KR) - 1 (stride
	 * KR), + (fwd - SM64_TAB_FMIN) (stride 0: the actions that never read A in the air, stepped
	 * with A up from frame KR on) */
	sm64_arc e[SM64_TAB_N];
} sm64_arcs;

/* The table (this ISA's copy), or NULL while it is not made or if a check failed.  The first
 * caller makes it and publishes it with a release store; a thread that finds it being made steps
 * its groups meanwhile (one static table, not per thread: see banjo.c on _Thread_local). */
static sm64_arcs sm64_arcs_table;
static int sm64_arcs_state; /* 0 not made, 1 being made, 2 made, -1 not usable */

static const sm64_arcs *sm64_arcs_get(void)
{
	const int claim = js_once_claim(&sm64_arcs_state);
	if (claim != 1)
		return claim == 2 ? &sm64_arcs_table : NULL;
	sm64_arcs *a = &sm64_arcs_table;
	int ok = 1;
	/* a take-off vy0 <= 80: vy = (c0 + 0) + fwd * 0.25 of the jump (42), double jump (52), and
	 * the wall kick's 62 */
	for (int fw = SM64_TAB_FMIN; fw <= SM64_TAB_FMAX; fw++)
		if (!((52.0f + 0.0f) + (float)fw * 0.25f <= 80.0f))
			ok = 0;
	enum { W = (SM64_TAB_FRAMES + 31) >> 5 };
	static int32_t axv[4][JS_BLOCK];
	static uint32_t pa[W * JS_BLOCK], pz[W * JS_BLOCK];
	static int64_t rs[JS_BLOCK];
	static int32_t ap[JS_BLOCK], at[JS_BLOCK];
	static uint32_t fs[JS_BLOCK];
	for (int base = 0; base < SM64_TAB_N; base += JS_BLOCK) {
		js_lane_args t;
		memset(&t, 0, sizeof t);
		t.n_lanes = SM64_TAB_N - base < JS_BLOCK ? SM64_TAB_N - base : JS_BLOCK;
		t.n_frames = SM64_TAB_FRAMES;
		memset(pa, 0, sizeof pa);
		for (int l = 0; l < JS_BLOCK; l++) {
			const int e = base + (l < t.n_lanes ? l : t.n_lanes - 1);
			static const int8_t cj[3] = { 0, 1, 6 }, other[5] = { 2, 3, 4, 5, 7 };
			const int byk = e < SM64_TAB_NK;
			const int k = byk ? e % SM64_TAB_KR + 1 : SM64_TAB_KR;
			const int fi = byk ? e / SM64_TAB_KR % SM64_TAB_NF : (e - SM64_TAB_NK) % SM64_TAB_NF;
			axv[SM64_AX_ACTION][l] = byk ? cj[e / (SM64_TAB_KR * SM64_TAB_NF)]
						     : other[(e - SM64_TAB_NK) / SM64_TAB_NF];
			axv[SM64_AX_FWD][l] = SM64_TAB_FMIN + fi;
			axv[SM64_AX_VERSION][l] = SM64_VER_US;
			axv[SM64_AX_CHAIN][l] = 0;
			for (int f = 0; f < k; f++) /* A down on frames 0..k-1 */
				pa[(f >> 5) * JS_BLOCK + l] |= 1u << (f & 31);
		}
		for (int x = 0; x < 4; x++)
			t.axis[x] = axv[x];
		t.input[0] = pa;
		t.input[1] = t.input[2] = t.input[3] = pz; /* no Z */
		t.rise = rs;
		t.apex_frame = ap;
		t.airtime = at;
		t.flags = fs;
		for (int l0 = 0; l0 < t.n_lanes; l0 += JS_VW)
			sm64_lanes_group(&t, l0);
		for (int l = 0; l < t.n_lanes; l++) {
			sm64_arc *r = &a->e[base + l];
			r->rise = rs[l];
			r->apex = ap[l];
			/* (SM64_NONE: every lane steps on a lane reading it) */
			r->airt = fs[l] & (JS_FLAG_NO_TAKEOFF | JS_FLAG_NOT_LANDED) ? SM64_NONE : at[l];
			r->flags = fs[l];
			if (base + l < SM64_TAB_NK && (base + l) % SM64_TAB_KR == SM64_TAB_KR - 1 &&
			    (fs[l] & SM64_FLAG_A_RELEASE))
				ok = 0; /* a release on frame KR still divides: later ones could too */
		}
	}
	js_once_done(&sm64_arcs_state, ok);
	return ok ? a : NULL;
}

/* The group of lanes l0.. from the table; 0 if a lane breaks a premise or does not land within
 * the frame limit (the group then steps, which writes every lane again). */
static int sm64_table_group(const js_lane_args *args, int l0, const sm64_arcs *a)
{
	const int n = args->n_frames, words = (n + 31) >> 5;
	int32_t t0s[JS_VW], ks[JS_VW], zps[JS_VW];
	const js_vi t0 = js_vfirst(args->input[0] + l0, words, js_vsplat(0), 1);
	js_vstore(t0s, t0);
	js_vstore(ks, js_vfirst(args->input[0] + l0, words, t0 + 1, 0) - t0);
	js_vstore(zps, js_vfirst(args->input[2] + l0, words, t0, 2));
	/* (locals: the stores below cannot alias them) */
	const int32_t *axa = args->axis[SM64_AX_ACTION], *axf = args->axis[SM64_AX_FWD],
		      *axc = args->axis[SM64_AX_CHAIN];
	int64_t *rs = args->rise;
	int32_t *ap = args->apex_frame, *at = args->airtime;
	uint32_t *fs = args->flags;
	const int nl = args->n_lanes - l0 < JS_VW ? args->n_lanes - l0 : JS_VW;
	for (int i = 0; i < nl; i++) {
		const int l = l0 + i;
		const int32_t t = t0s[i];
		if (axc[l] != 0)
			return 0;
		const int32_t ac = axa[l], fw = axf[l];
		if (ac < 0 || ac >= SM64_TAB_NACT || fw < SM64_TAB_FMIN || fw > SM64_TAB_FMAX)
			return 0;
		if (t >= n) {
			rs[l] = 0;
			ap[l] = 0;
			at[l] = 0;
			fs[l] = JS_FLAG_NO_TAKEOFF;
			continue;
		}
		const int32_t stride = sm64_tab_row[ac][1];
		const int k = ks[i] < SM64_TAB_KR ? ks[i] : SM64_TAB_KR;
		const sm64_arc *r = &a->e[sm64_tab_row[ac][0] + (fw - SM64_TAB_FMIN) * (stride ? stride : 1) +
					  (stride ? k - 1 : 0)];
		const int32_t airt = r->airt;
		if (airt > n - t) /* (SM64_NONE too) */
			return 0;
		/* a Z press by the landing frame t + airt - 1 (not the long jump, the ground pound) */
		if (zps[i] < t + airt && ac + SM64_JUMP != SM64_LONG_JUMP &&
		    ac + SM64_JUMP != SM64_GROUND_POUND)
			return 0;
		const int64_t rise = r->rise;
		rs[l] = rise;
		ap[l] = rise > 0 ? t + r->apex : 0; /* (rise > 0: a frame was higher) */
		at[l] = t + airt;
		fs[l] = r->flags;
	}
	return 1;
}

void JS_LANE_FN(sm64)(const js_lane_args *args)
{
	const sm64_arcs *a = args->start ? NULL : sm64_arcs_get();
	for (int l0 = 0; l0 < args->n_lanes; l0 += JS_VW)
		if (!a || !sm64_table_group(args, l0, a))
			sm64_lanes_group(args, l0);
}

#endif
