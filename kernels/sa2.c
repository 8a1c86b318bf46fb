/* kernels/sa2.c - Sonic Advance 2 (GBA): Sonic's jump, vertical axis.
 *
 * Follows SAT-R/sa2 (snapshot 0b2a6bb7c, 2026-03-04), src/game/stage/player.c (the file the seed
 * cites as src/game/sa1_sa2_shared/player.c has moved there): Task_PlayerMain,
 * Player_HandleInputs, Player_Idle, Player_TryJump, Player_InitJump, Player_Jumping,
 * Player_TryMidAirAction, PLAYERFN_UPDATE_AIR_FALL_SPEED, PLAYERFN_UPDATE_POSITION,
 * PLAYERFN_MAYBE_TRANSITION_TO_GROUND, sub_8022190 (the quadrant), sub_8021C4C (floor),
 * sub_802203C (the still quadrant), sub_8029BB8 (the foot sensors), sub_8021BE0,
 * Player_HandleSpriteYOffsetChange, sub_8023260; src/game/player_callbacks.c
 * (Player_Sonic_TryForwardThrust); src/game/stage/terrain_collision.c (sub_801E4E4, the 8x8 tile
 * distance); include/game/parameters/characters.h (PLAYER_JUMP_HEIGHT 4.875 / UNDER_WATER 2.625,
 * PLAYER_MAX_NOT_HELD_JUMP_FORCE 3.0 / 1.5, PLAYER_GRAVITY 42/256 / 12/256, PLAYER_AIR_SPEED_MAX
 * 15.0); include/global.h (Q = Q_24_8: x * 256; I: >> 8); src/trig.c (gSineTable); the mGBA
 * ArcTan2 in src/platform/pret_sdl/sdl2.c.  The code is written from those facts, not copied.
 *
 * Units: qWorldY is a signed 32-bit Q24.8 position (1/256 px, + down), qSpeedAirY a signed 16-bit
 * Q8.8 speed: sub-units 1/256 px.  Every constant is Q(x) = x * 256: jump 1248 (water 672),
 * release cap -768 (-384), gravity 42 (12), fall cap 3840.
 *
 * The frame (Task_PlayerMain): Player_HandleInputs (heldInput = the buttons, frameInput = held
 * now and not last frame), then the callback.
 *   Standing (Player_Idle): Player_TryJump on frameInput & jump (A by default) with room over
 *     the head (open sky) only sets the callback to Player_InitJump and returns: nothing moves on
 *     the press frame, and the character is still on the ground after it.
 *   The next frame, Player_InitJump: moveState |= MOVESTATE_100 ("jumping") | IN_AIR;
 *     qSpeedAirY += I(SIN_24_8(rot * 4) * jumpHeight) with rot = rotation - 64 = 192 on flat
 *     ground: gSineTable[768] = Q_2_14(-1), >> 6 = -256, so -1248 (-672 under water); qSpeedAirY
 *     is 0 standing (sub_8023260 zeroes it on the ground).  Then PLAYERFN_SET_AND_CALL runs
 *     Player_Jumping in the same frame: the take-off frame already moves.
 *   Player_Jumping, each airborne frame:
 *     with MOVESTATE_100: Player_Sonic_TryForwardThrust (unk71 == 1, set only by the input
 *       buffer's d-pad patterns: never with the jump button alone) and Player_TryMidAirAction;
 *       then the release: qSpeedAirY < -768 (-384) and jump not held (heldInput, a level check)
 *       -> qSpeedAirY := -768 (-384).
 *     PLAYERFN_UPDATE_AIR_FALL_SPEED: qSpeedAirY += 42 (12 in water): gravity BEFORE moving
 *       (seed claim 33);
 *     PLAYERFN_UPDATE_POSITION: qSpeedAirY := MIN(qSpeedAirY, 3840), then qWorldY += qSpeedAirY;
 *     PLAYERFN_MAYBE_TRANSITION_TO_GROUND -> sub_8022190: the quadrant of
 *       I(ArcTan2(qSpeedAirX = 0, qSpeedAirY)) - $20: falling ($40) -> sub_8021C4C, rising
 *       ($C0) -> the ceiling (open sky here), both speeds 0 -> the angle stays 0: quadrant 3,
 *       sub_802203C, which looks for the floor too when qSpeedAirY >= 0.
 *   Player_TryMidAirAction on a new jump press (frameInput) while MOVESTATE_SOME_ATTACK is clear:
 *     Sonic's homing attack needs a target within 128 px (gHomingTarget, reset each frame; no
 *     enemies here), so it is the insta-shield: SOME_ATTACK set, a sound, and - the Sonic case
 *     jumps to Amy's sound code, which has no `return TRUE` - the function returns FALSE, so
 *     Player_Jumping goes on with the release and the gravity that frame: no vertical effect
 *     (flag mid_air_action).  Claim 33's early return (before the gravity) happens for the homing
 *     attack, Stop'n'Slam (the attack button), Tails' and Knuckles' air moves and Cream's flight,
 *     and for the forward thrust: none of them is reachable with the jump button alone and no
 *     targets, so Sonic's jump here is exact; those moves are left out (not modelled).
 *
 * The floor: flat, full 8x8 tiles, top row T = $400.  The foot sensors (sub_8029BB8) read row
 * I(qWorldY) + spriteOffsetY; sub_801E4E4 (direction +8) gives, for the sensor p = row - (T - 1)
 * px into the floor, d = -p up to 24 px (three tiles) and -17 - ((p - 1) & 7) deeper, and
 * T - 1 - row >= 0 above it.  spriteOffsetY changes (14 standing, 9 spinning) go through
 * Player_HandleSpriteYOffsetChange, which moves qWorldY by the difference (rotation 0: case 0), so
 * the feet F = qWorldY + Q(spriteOffsetY) do not move and the model keeps F; the character stands
 * with F = Q(T - 1), fraction 0.  sub_8021C4C (qSpeedAirY > 0): d < 0 and d >= -(I(qSpeedAirY)
 * + 6) (either sensor; both read the same flat floor) -> qWorldY += d << 8 (whole pixels, the
 * fraction kept), sub_8021BE0 (IN_AIR cleared, Player_TouchGround next frame), qSpeedAirY := 0
 * on the flat.  sub_802203C (qSpeedAirY = 0): d <= 0 -> the same snap.  Because qSpeedAirY is at
 * most 3840 (15 px) when the feet come down, the first frame they are in the floor they are at
 * most 16 px in, within sub_801E4E4's reach and the d >= -(I + 6) test: every landing is exact
 * (no deep or missed landing exists in this model).
 *
 * Start modes (axis start): jump (the game's: the press frame, then Player_InitJump) and written
 * (frame 0 runs Player_InitJump with qSpeedAirY := vy0 instead of += the jump, MOVESTATE_100 set,
 * then Player_Jumping: a speed written into a jump; vy0 = -1248 is the plain jump a frame early).
 * Height: Q(T - 1) - F in 1/256 px, a 32-bit difference: F is qWorldY's s32 sum and wraps as the
 * ARM's add does (from init it does not within 4096 frames; fuzz starts reach the wrap).
 * Not modelled: the level's camera bounds (sub_80232D0 clamps qWorldY and kills below the
 * bottom), water-line crossings (env keeps him in air or water), gravity inversion, boost,
 * d-pad tricks and moves, other characters (they share the jump constants; their re-press moves
 * differ), slopes, walls, ceilings.
 */
#include "model.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

enum { SA2_AX_ENV, SA2_AX_START, SA2_AX_VY0 };
enum { SA2_ENV_AIR, SA2_ENV_WATER };
enum { SA2_START_JUMP, SA2_START_WRITTEN };

#define SA2_FLOOR_ROW 0x400                   /* T: top row of the solid tiles */
#define SA2_STAND_F ((SA2_FLOOR_ROW - 1) * 256) /* the feet standing: row T - 1, fraction 0 */
#define SA2_JUMP 1248                         /* Q(PLAYER_JUMP_HEIGHT) */
#define SA2_JUMP_WATER 672                    /* Q(PLAYER_JUMP_HEIGHT_UNDER_WATER) */
#define SA2_CAP (-768)                        /* -Q(PLAYER_MAX_NOT_HELD_JUMP_FORCE) */
#define SA2_CAP_WATER (-384)
#define SA2_GRAVITY 42                        /* Q(PLAYER_GRAVITY) */
#define SA2_GRAVITY_WATER 12
#define SA2_FALL_MAX 3840                     /* Q(PLAYER_AIR_SPEED_MAX) */

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT). */
#define SA2_FLAG_RELEASE_CAP (1u << 8) /* the release rule set qSpeedAirY to the cap */
#define SA2_FLAG_FALL_CAP (1u << 9)    /* PLAYERFN_UPDATE_POSITION's MIN(.., 15.0) fired */
#define SA2_FLAG_VY_WRAP (1u << 10)    /* the s16 qSpeedAirY wrapped past 32767 (a written vy0) */
#define SA2_FLAG_MID_AIR (1u << 11)    /* a new jump press in the air: Sonic's insta-shield (no
					* vertical effect) */

static inline int32_t sa2_sext16(int32_t x)
{
	return ((x & 0xffff) ^ 0x8000) - 0x8000;
}

/* x >> 8 for a signed 32-bit x, rounding down (I()), without implementation-defined shifts. */
static inline int32_t sa2_asr8(int32_t x)
{
	return (int32_t)((((uint32_t)x >> 8) ^ 0x800000u) - 0x800000u);
}

/* The reference's state (model.h: a plain value; also read by the lane kernel for fuzz starts,
 * js_lane_args.start).  No padding: 24 bytes. */
typedef struct sa2_state {
	int32_t f;            /* the feet: qWorldY + Q(spriteOffsetY), Q24.8 (wraps as the ARM's
			       * 32-bit add does) */
	int32_t vy0;          /* axis vy0 (start=written) */
	int16_t vy;           /* qSpeedAirY, s16 */
	uint8_t air;          /* MOVESTATE_IN_AIR */
	uint8_t jumping;      /* MOVESTATE_100 */
	uint8_t attacked;     /* MOVESTATE_SOME_ATTACK (the insta-shield was used) */
	uint8_t init_jump;    /* the callback is Player_InitJump: it runs this frame */
	uint8_t water;        /* MOVESTATE_IN_WATER (axis env) */
	uint8_t prev_held;    /* heldInput of the last frame */
	uint8_t written;      /* start=written: frame 0 is Player_InitJump with qSpeedAirY := vy0 */
	uint8_t pad[3];
	uint32_t frame_flags; /* events of the last step (SA2_FLAG_*); per-frame scratch, last:
			       * outside key_size */
} sa2_state;
_Static_assert(sizeof(sa2_state) == 24, "sa2_state has no padding");

/* f + x mod 2^32 (the game's s32 add on the ARM; no signed overflow in C). */
static inline int32_t sa2_add(int32_t f, int32_t x)
{
	return (int32_t)((uint32_t)f + (uint32_t)x);
}

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

static void sa2_init(void *vs, const int32_t *ax)
{
	sa2_state *s = vs;
	memset(s, 0, sizeof *s);
	s->f = SA2_STAND_F;
	s->water = ax[SA2_AX_ENV] == SA2_ENV_WATER;
	s->written = ax[SA2_AX_START] == SA2_START_WRITTEN;
	s->init_jump = s->written;
	s->vy0 = sa2_sext16(ax[SA2_AX_VY0]);
}

/* sub_801E4E4 on the flat floor for the foot sensor at row `row` (direction +8): the distance,
 * < 0 into the floor. */
static int32_t sa2_floor_distance(int32_t row)
{
	int32_t pen = row - (SA2_FLOOR_ROW - 1);
	if (pen <= 0)
		return -pen <= 15 ? -pen : 24 - (row & 7); /* two empty tiles, then "far" */
	return pen <= 24 ? -pen : -17 - ((pen - 1) & 7);
}

/* PLAYERFN_MAYBE_TRANSITION_TO_GROUND -> sub_8022190 on the flat floor (qSpeedAirX 0). */
static void sa2_collide(sa2_state *s)
{
	if (s->vy < 0) /* ArcTan2(0, -) = $C000: quadrant 2, the ceiling (open sky) */
		return;
	int32_t d = sa2_floor_distance(sa2_asr8(s->f)); /* sub_8029BB8: I(qWorldY) + offset */
	if (s->vy > 0) {
		/* sub_8021C4C: result < 0 and result >= -(I(qSpeedAirY) + 6) */
		if (d >= 0 || d < -(sa2_asr8(s->vy) + 6))
			return;
	} else if (d > 0) { /* sub_802203C (both speeds 0: quadrant 3): result <= 0 */
		return;
	}
	s->f = sa2_add(s->f, d * 256); /* qWorldY += result << 8 */
	s->vy = 0;        /* flat: qSpeedAirY = 0 */
	s->air = 0;       /* sub_8021BE0; Player_TouchGround clears MOVESTATE_100 / SOME_ATTACK */
	s->jumping = 0;
	s->attacked = 0;
}

/* Player_Jumping (Sonic; no forward thrust, no targets). */
static void sa2_jumping(sa2_state *s, int held, int press)
{
	if (s->jumping) {
		/* Player_TryMidAirAction: the insta-shield, which returns FALSE */
		if (!s->attacked && press) {
			s->attacked = 1;
			s->frame_flags |= SA2_FLAG_MID_AIR;
		}
		int32_t cap = s->water ? SA2_CAP_WATER : SA2_CAP;
		if (s->vy < cap && !held) {
			s->vy = (int16_t)cap;
			s->frame_flags |= SA2_FLAG_RELEASE_CAP;
		}
	}
	/* PLAYERFN_UPDATE_AIR_FALL_SPEED: an s16 += */
	int32_t v = sa2_sext16(s->vy + (s->water ? SA2_GRAVITY_WATER : SA2_GRAVITY));
	if (v < s->vy)
		s->frame_flags |= SA2_FLAG_VY_WRAP;
	/* PLAYERFN_UPDATE_POSITION */
	if (v > SA2_FALL_MAX) {
		v = SA2_FALL_MAX;
		s->frame_flags |= SA2_FLAG_FALL_CAP;
	}
	s->vy = (int16_t)v;
	s->f = sa2_add(s->f, v);
	sa2_collide(s);
}

static void sa2_step(void *vs, unsigned input)
{
	sa2_state *s = vs;
	int held = (input & JS_IN_JUMP) != 0;
	int press = held && !s->prev_held; /* Player_HandleInputs: frameInput */
	s->frame_flags = 0;
	if (s->init_jump) {
		/* Player_InitJump, then Player_Jumping in the same frame */
		s->init_jump = 0;
		s->air = 1;
		s->jumping = 1;
		if (s->written) {
			s->written = 0;
			s->vy = (int16_t)s->vy0;
		} else {
			s->vy = (int16_t)sa2_sext16(s->vy - (s->water ? SA2_JUMP_WATER : SA2_JUMP));
		}
		sa2_jumping(s, held, press);
	} else if (s->air) {
		sa2_jumping(s, held, press);
	} else if (press) {
		/* Player_Idle -> Player_TryJump: the callback becomes Player_InitJump; no move */
		s->init_jump = 1;
	}
	s->prev_held = (uint8_t)held;
}

static void sa2_observe(const void *vs, js_obs *o)
{
	const sa2_state *s = vs;
	o->height = sa2_add(SA2_STAND_F, (int32_t)(0u - (uint32_t)s->f)); /* 32-bit, as F wraps */
	o->grounded = !s->air;
	o->flags = s->frame_flags;
}

static int sa2_trace_row(const void *vs, char *buf, size_t n)
{
	const sa2_state *s = vs;
	return snprintf(buf, n, "%d,%d,%d,%u,%u,%u", (int)s->f, (int)sa2_asr8(s->f), (int)s->vy, s->air,
			s->jumping, s->init_jump);
}

/* ---- fuzzing hooks (model.h) ---- */

/* Standing (in the air clear), the character is on the floor as a landing leaves it: the feet on
 * row T - 1 with the fraction kept (the snap is whole pixels), qSpeedAirY 0, MOVESTATE_100 and
 * MOVESTATE_SOME_ATTACK clear (Player_TouchGround).  The callback Player_InitJump is only set
 * standing (Player_TryJump), so in the air init_jump is clear; start=written's frame-0
 * Player_InitJump is that callback: without it (in the air, or init_jump cleared) it is gone. */
static void sa2_fuzz_fix(void *vs)
{
	sa2_state *s = vs;
	if (s->air) {
		s->init_jump = 0;
	} else {
		s->f = SA2_STAND_F | (s->f & 255);
		s->vy = 0;
		s->jumping = 0;
		s->attacked = 0;
	}
	if (!s->init_jump)
		s->written = 0;
}

enum { SA2_INV_VY_WRAP, SA2_INV_FALL_CAP, SA2_INV_Y_WRAP, SA2_INV_FLOOR_CATCH, SA2_INV_FLOOR_SNAP };

/* A frame with Player_Jumping (in the air before, or Player_InitJump):
 *   vy_wrap: PLAYERFN_UPDATE_AIR_FALL_SPEED's s16 add did not carry qSpeedAirY past 32767 (the
 *     reference's vy_wrap event: only from qSpeedAirY above 32767 - 42, a written speed or a
 *     start);
 *   fall_cap: in the air qSpeedAirY ends at most 3840 (PLAYERFN_UPDATE_POSITION's MIN);
 *   floor_catch: still in the air and falling (qSpeedAirY >= 0) with the feet in the floor (row
 *     >= T): sub_8021C4C refused the landing (the feet deeper than I(qSpeedAirY) + 6 px);
 *   floor_snap: landed with the feet off row T - 1 (sub_801E4E4 reaches 24 px; deeper, the snap
 *     is 17..24 px and leaves the feet in the floor).
 * y_wrap on any frame: F (qWorldY's s32) moves by more than 2^30 (the add wrapped). */
static uint32_t sa2_invariants(const void *vb, const void *va, unsigned input)
{
	const sa2_state *b = vb, *a = va;
	(void)input;
	uint32_t bits = 0;
	int flight = b->air || b->init_jump;
	if (a->frame_flags & SA2_FLAG_VY_WRAP)
		bits |= 1u << SA2_INV_VY_WRAP;
	if (flight && a->air && a->vy > SA2_FALL_MAX)
		bits |= 1u << SA2_INV_FALL_CAP;
	int64_t df = (int64_t)a->f - b->f;
	if (df > (1 << 30) || df < -(1 << 30))
		bits |= 1u << SA2_INV_Y_WRAP;
	if (flight && a->air && a->vy >= 0 && sa2_asr8(a->f) >= SA2_FLOOR_ROW)
		bits |= 1u << SA2_INV_FLOOR_CATCH;
	if (flight && !a->air && sa2_asr8(a->f) != SA2_FLOOR_ROW - 1)
		bits |= 1u << SA2_INV_FLOOR_SNAP;
	return bits;
}

/* The landing bound from any fuzz start with no buttons.  Standing without Player_InitJump
 * pending it is on the ground already; otherwise it is in the air by frame 1.  With the button
 * up, MOVESTATE_100 raises qSpeedAirY to the cap at once; without MOVESTATE_100 a rise keeps its
 * speed, at most 32768 (and once, from qSpeedAirY > 32767 - 42, the s16 wrap gives about
 * -32768): so a rise lasts at most 32768 / 12 + 1 = 2732 frames (under water).  Falling,
 * qSpeedAirY stays in 0..3840 (no second wrap).  Coming down onto the floor the feet are at most
 * I(qSpeedAirY) + 1 <= 16 px in: it lands.  Falling inside the floor (a start, or a rise that
 * wrapped F through -2^31 to the bottom) it lands once 17 + (row & 7) <= I(qSpeedAirY) + 6: at
 * 3840 (reached within 320 frames) the feet move 15 px a frame, row & 7 steps down by one, and
 * within 8 frames it is <= 4; so within 329 frames unless F first passes 2^31 - 1 and wraps to the
 * top, -2^31.  From there the fall to row T - 1 is 2^31 + Q(T - 1) sub-units: 320 frames to the
 * cap, then 559149 frames at 3840.  The longest chain: 1 + 2732 (a rise that wraps to the bottom)
 * + 329 (the fall through 2^31 - 1) + 559469 (the top to the floor) = 562531 frames. */
#define SA2_LAND_BOUND 562600

JS_LANE_DECLARE(sa2);

static const char *const sa2_claims[] = {
	"sa2/gravity", "sa2/jump-speed", "sa2/release-cap", "sa2/fall-cap", NULL,
};

JS_REFERENCE_RUN(sa2, sa2_state, sa2_step, sa2_observe)

const js_model js_model_sa2 = {
	.id = "sa2",
	.game = "Sonic Advance 2",
	.platform = "GBA",
	.character = "Sonic",
	.unit = "px",
	.sub_per_unit = 256,
	.tile = 8, /* px per level tile */
	.fps = 59.7275,
	.frame = "GBA frame (59.73 Hz)",
	.movie = { .button = { "A" }, .note = "A jumps (the default controls; B attacks): Player_TryJump "
		   "tests the pressed jump key and Player_Jumping the held one for the release cap. One "
		   "Task_PlayerMain per GBA frame: one .bk2 line per model frame, frame 0 the line with A "
		   "newly down; lag frames are not modelled." },
	.sources = "SAT-R/sa2 (0b2a6bb7c) src/game/stage/player.c: Task_PlayerMain, "
		   "Player_HandleInputs, Player_Idle, Player_TryJump, Player_InitJump, Player_Jumping, "
		   "Player_TryMidAirAction, PLAYERFN_UPDATE_AIR_FALL_SPEED, PLAYERFN_UPDATE_POSITION, "
		   "sub_8022190, sub_8021C4C, sub_802203C, sub_8029BB8, sub_8021BE0, "
		   "Player_HandleSpriteYOffsetChange, sub_8023260; src/game/player_callbacks.c: "
		   "Player_Sonic_TryForwardThrust; src/game/stage/terrain_collision.c: sub_801E4E4; "
		   "include/game/parameters/characters.h; include/global.h; src/trig.c",
	.notes = "Frame 0 is the press frame (start=jump): Player_Idle -> Player_TryJump only sets "
		 "Player_InitJump, the character stays on the ground; frame 1 (Player_InitJump, then "
		 "Player_Jumping in the same frame) takes off and already moves, so airtime counts the "
		 "press frame too. start=written: frame 0 is Player_InitJump with qSpeedAirY := vy0. "
		 "Take-off qSpeedAirY -1248 (4.875 px/frame; water -672). Each air frame: the release "
		 "(MOVESTATE_100, qSpeedAirY < -768 / -384 with the jump button up -> the cap, every "
		 "frame), gravity +42 (water +12) BEFORE the move (claim 33), the fall cap MIN(vy, "
		 "3840), then qWorldY += vy. A new jump press in the air is Sonic's insta-shield (no "
		 "homing target): Player_TryMidAirAction returns FALSE, gravity applies (flag "
		 "mid_air_action). Claim 33's early return before the gravity (homing attack, "
		 "Stop'n'Slam on B, forward thrust from d-pad patterns, other characters' moves) is not "
		 "reachable with the jump button alone and is left out, as are other characters (same "
		 "jump constants, other re-press moves). Height is the feet's (qWorldY + spriteOffsetY, "
		 "which offset changes do not move) over the standing row; the floor is flat, full 8x8 "
		 "tiles; landing: feet in the floor while falling (or on the standing row with speed 0), "
		 "whole-pixel snap, fraction kept, vy 0. Default grid: holds 0..31 (the release can act "
		 "only through frame 12 in air, 24 in water: longer holds are full jumps). Not modelled: "
		 "camera bounds, water-line crossings, gravity inversion, boost, slopes, walls, "
		 "ceilings.",
	.claims = sa2_claims,
	.n_axes = 3,
	.axes = {
		{ .name = "env", .unit = "", .long_name = "environment: air, or underwater "
		  "(MOVESTATE_IN_WATER for the whole jump: take-off -672, release cap -384, gravity "
		  "12)",
		  .min = 0, .max = 1, .def_lo = 0, .def_hi = 1, .n_names = 2,
		  .names = { "air", "underwater" } },
		{ .name = "start", .unit = "", .long_name = "how the jump starts: jump (the press "
		  "frame, then Player_InitJump; vy0 unused) or written (frame 0 is Player_InitJump "
		  "with qSpeedAirY := vy0 and MOVESTATE_100 set: the release rule applies)",
		  .min = 0, .max = 1, .def_lo = 0, .def_hi = 0, .n_names = 2,
		  .names = { "jump", "written" } },
		{ .name = "vy0", .unit = "1/256 px/frame", .long_name = "qSpeedAirY written on frame 0 "
		  "for start=written, signed Q8.8, + down (-1248 is the plain jump); unused by "
		  "start=jump",
		  .min = -0x8000, .max = 0x7fff, .def_lo = -1248, .def_hi = -1248,
		  .values = { { "jump", -1248, "include/game/parameters/characters.h PLAYER_JUMP_HEIGHT "
				"Q(4.875)" },
			      { "jump_water", -672, "PLAYER_JUMP_HEIGHT_UNDER_WATER Q(2.625)" } } },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 128,
	.default_hold = 31,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "release_cap", [9] = "fall_cap", [10] = "vy_wrap", [11] = "mid_air_action",
	},
	.flag_what = {
		[8] = "The release rule set qSpeedAirY to the release cap (3.0, or 1.5 underwater).",
		[9] = "PLAYERFN_UPDATE_POSITION's MIN(.., 15.0) capped the fall speed.",
		[10] = "The s16 qSpeedAirY wrapped past 32767 (only from a written start speed).",
		[11] = "A new jump press in the air: Sonic's insta-shield, which has no vertical effect.",
	},
	.character_height = 28,
	.character_height_source = "spriteOffsetY 14 standing: the feet lie 14 px below qWorldY, the "
		"body's centre: 2 x 14 = 28 px",
	.state_size = sizeof(sa2_state),
	.key_size = offsetof(sa2_state, frame_flags),
	.init = sa2_init,
	.step = sa2_step,
	.observe = sa2_observe,
	.run_ref = sa2_run_ref,
	.trace_header = "feet,feet_px,vy,air,jumping,init_jump",
	.trace_units = "1/256 px (+ down),px (+ down),1/256 px/frame (+ down),0/1,0/1,0/1",
	.trace_row = sa2_trace_row,
	.lane = JS_LANE_TABLE(sa2),
	.n_fields = 7,
	.fields = {
		{ "feet", offsetof(sa2_state, f), JS_F_S32, -2147483648.0, 2147483647.0,
		  "qWorldY + Q(spriteOffsetY), Q24.8: qWorldY is an s32 (the camera clamp sub_80232D0 "
		  "that keeps it in the level is not modelled, so the whole width, wrapping)" },
		{ "vy", offsetof(sa2_state, vy), JS_F_S16, -0x8000, 0x7fff,
		  "qSpeedAirY, the whole s16 (the fall is capped at 3840, a rise is not)" },
		{ "air", offsetof(sa2_state, air), JS_F_U8, 0, 1, "MOVESTATE_IN_AIR" },
		{ "jumping", offsetof(sa2_state, jumping), JS_F_U8, 0, 1,
		  "MOVESTATE_100 (Player_InitJump; the release and the mid-air action need it)" },
		{ "attacked", offsetof(sa2_state, attacked), JS_F_U8, 0, 1,
		  "MOVESTATE_SOME_ATTACK (the insta-shield was used this flight)" },
		{ "init_jump", offsetof(sa2_state, init_jump), JS_F_U8, 0, 1,
		  "the callback is Player_InitJump (Player_TryJump set it last frame: the take-off is "
		  "this frame)" },
		{ "prev_held", offsetof(sa2_state, prev_held), JS_F_U8, 0, 1,
		  "heldInput's jump bit last frame (frameInput is held now and not then)" },
	},
	.fuzz_fix = sa2_fuzz_fix,
	.invariants = sa2_invariants,
	.inv_names = { [SA2_INV_VY_WRAP] = "vy_wrap", [SA2_INV_FALL_CAP] = "fall_cap",
		       [SA2_INV_Y_WRAP] = "y_wrap", [SA2_INV_FLOOR_CATCH] = "floor_catch",
		       [SA2_INV_FLOOR_SNAP] = "floor_snap" },
	.inv_what = {
		[SA2_INV_VY_WRAP] = "gravity never turns a fall into a rise (qSpeedAirY is an s16: "
				    "+42 past 32767 wraps)",
		[SA2_INV_FALL_CAP] = "in the air the fall speed ends every frame at or below 15 px/frame "
				     "(PLAYER_AIR_SPEED_MAX, PLAYERFN_UPDATE_POSITION's MIN)",
		[SA2_INV_Y_WRAP] = "the position (qWorldY, s32) does not wrap",
		[SA2_INV_FLOOR_CATCH] = "a falling character whose feet are in the flat floor lands "
					"that frame",
		[SA2_INV_FLOOR_SNAP] = "a landing puts the feet on the row above the floor (T - 1)",
	},
	.land_bound = SA2_LAND_BOUND,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "sonic_genesis.h" /* lane.h, and its lane helpers (masks, SG_INLINE) */

/* The reference on JS_VW lanes at a time (js_vi registers), each group through all its frames
 * with the state in registers, two groups side by side; masks are sonic_genesis.h's sg_m (mask
 * registers on AVX-512).  Facts about the reference it uses:
 *   - a lane's first flight is all the accounting wants, so a lane that has landed after taking
 *     off stays down (frozen); before its take-off it stands with qSpeedAirY 0 and the feet on
 *     the standing row (raw 0);
 *   - qSpeedAirY can wrap (s16) only on a written lane's frame 0: afterwards it is at most 3840
 *     (the fall cap) before gravity, and the take-off sets -1248 / -672 from 0; so frame 0 is
 *     peeled off with the wrap, and the loop adds without it;
 *   - every landing is the snap to the standing row with the fraction kept (see the header):
 *     land = in the air (or taking off) and feet row >= T, or row T - 1 with speed 0;
 *   - the insta-shield flag is an OR over the flight, so the kernel raises it on every new press
 *     in the air (the reference once, MOVESTATE_SOME_ATTACK): the same OR.
 * Accounting as js_acc_frame: a lane counts from the frame it is in the air after (the take-off
 * frame, Player_InitJump's), through the frame it is on the ground after (the landing). */
/* The frames' events: ORed into the flags vector each frame, on AVX-512 as masked ORs (kept as
 * masks, the group's masks outnumber the eight mask registers and GCC moves them through general
 * registers and the stack every frame), elsewhere as the frame's bits ORed together first (four
 * loop-carried masks per group cost the AVX2 path a load and a store each per frame). */
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
#define SA2_KFLAGS 1
#else
#define SA2_KFLAGS 0
#endif

typedef struct sa2_lanes {
	js_vi f, vy, rise, apex, airt;
	sg_m air, init, landed, prev;
	js_vu bits, flags;
	js_vi accel, cap, grav;
	js_vi last_jump;
	const uint32_t *in;
} sa2_lanes;

/* One frame for the group: Player_Idle / Player_InitJump / Player_Jumping; first: frame 0,
 * where a written lane is Player_InitJump with qSpeedAirY := vy0 and may wrap.
 * The accounting needs no "took off" mask: a lane is in the air, or before its take-off, or
 * landed (frozen), so a frame counts when the lane is in the air before or after it; only a
 * lane that lands on its own take-off frame (speed 0 on the standing row) never counts. */
/* Off AVX-512 the selects are lane.h's js_vblend (one vpblendvb on AVX2 / SSE4, where GCC 12
 * lowers js_vsel's and-or to three operations) and the fall cap a min; on AVX-512 sg_sel. */
#if SA2_KFLAGS
#define sa2_sel sg_sel
#else
#define sa2_sel js_vblend
#endif
SG_INLINE void sa2_lanes_frame(sa2_lanes *s, int f, const int first, sg_m written, js_vi vy0)
{
	if (!first) {
		if ((f & 31) == 0)
			s->bits = js_vloadu(s->in + (f >> 5) * JS_BLOCK);
		else
			s->bits >>= 1;
	}
#if SA2_KFLAGS
	sg_m held = sg_bit0(s->bits);
#else /* bit 0 spread over the lane: two shifts */
	sg_m held = (js_vi)(s->bits << 31) >> 31;
#endif
	sg_m press = held & ~s->prev;
	s->prev = held;
	sg_m act = s->air | s->init; /* Player_Jumping runs */
	/* Player_InitJump: qSpeedAirY (0 standing) += the jump; written: := vy0 */
	js_vi vy = s->vy + sg_selz(s->init, s->accel);
	if (first)
		vy = sg_sel(written, vy0, vy);
	/* Player_TryMidAirAction's insta-shield; the release */
	sg_m mid = act & press;
	sg_m rel = act & ~held & sg_lt(vy, s->cap);
#if SA2_KFLAGS /* the same values as a masked max (one instruction, off the comparison) */
	vy = (js_vi)_mm512_mask_max_epi32((__m512i)vy, act & ~held, (__m512i)vy, (__m512i)s->cap);
#else
	vy = sa2_sel(rel, s->cap, vy);
#endif
	/* gravity (an s16 add: wraps only here on frame 0), the fall cap, the move */
	js_vi v = vy + s->grav;
	sg_m wrap = sg_from_vec(js_vsplat(0));
	if (first) {
		wrap = sg_gt(v, js_vsplat(0x7fff));
		v = sg_sel(wrap, v - 0x10000, v);
	}
	sg_m fc = act & sg_gt(v, js_vsplat(SA2_FALL_MAX));
#if SA2_KFLAGS /* the same values as a zero-masked min */
	v = (js_vi)_mm512_maskz_min_epi32(act, (__m512i)v, _mm512_set1_epi32(SA2_FALL_MAX));
#else /* MIN(v, 3840), the same values as the select on fc */
	v = sg_selz(act, js_vmin(v, js_vsplat(SA2_FALL_MAX)));
#endif
	js_vi nf = s->f + v;
	/* the landing: sub_8021C4C (falling, row >= T) or sub_802203C (speed 0, row >= T - 1): one
	 * comparison against the threshold of the lane's case (STAND_F < T * 256, so row >= T
	 * implies row >= T - 1), chosen off the chain through F.  After frame 0 the speed-0 case
	 * never lands: v = 0 there follows a frame with v = -gravity < 0, and a lane rises only
	 * from the standing row (a take-off, or frame 0's written speed), with v increasing while
	 * it rises, so its feet are above the row (F < STAND_F) until v > 0; so only frame 0 picks
	 * the threshold. */
	_Static_assert(SA2_STAND_F < SA2_FLOOR_ROW * 256, "the standing row is above the floor");
	js_vi thr = js_vsplat(SA2_FLOOR_ROW * 256);
	if (first)
		thr = sa2_sel(sg_eq(v, js_vsplat(0)), js_vsplat(SA2_STAND_F), thr);
	sg_m land = act & sg_ge(nf, thr);
	s->f = sa2_sel(land, (nf & 255) | SA2_STAND_F, nf);
	sg_m air = act & ~land;
	s->vy = sg_selz(air, v);
	/* Player_Idle -> Player_TryJump: standing, not frozen, a new press */
	s->init = ~act & ~s->landed & press;
	/* the accounting (js_acc_frame): the frame's events count in the air before or after */
	sg_m on = s->air | air;
	sg_m down = s->air & land;
	s->air = air;
	js_vi raw = SA2_STAND_F - s->f;
#if SA2_KFLAGS
	s->flags = sg_orif(s->flags, rel & on, SA2_FLAG_RELEASE_CAP);
	s->flags = sg_orif(s->flags, fc & on, SA2_FLAG_FALL_CAP);
	s->flags = sg_orif(s->flags, mid & on, SA2_FLAG_MID_AIR);
	s->flags = sg_orif(s->flags, sg_lt(raw, js_vsplat(0)) & air, JS_FLAG_BELOW_START);
#else /* the events into the flags: one loop-carried vector, not four.  rel, fc and mid are
       * Player_Jumping's (act); after frame 0 an act lane is in the air after the frame (a
       * take-off rises, v < 0: see the landing above) or was before it, so on covers them */
	js_vu ev = ((js_vu)rel & SA2_FLAG_RELEASE_CAP) | ((js_vu)fc & SA2_FLAG_FALL_CAP) |
		   ((js_vu)mid & SA2_FLAG_MID_AIR);
	if (first)
		ev &= (js_vu)on;
	s->flags |= ev | ((js_vu)(sg_lt(raw, js_vsplat(0)) & air) & JS_FLAG_BELOW_START);
#endif
	if (first)
		s->flags = sg_orif(s->flags, wrap & on, SA2_FLAG_VY_WRAP);
	/* raw is 0 before the take-off and <= 0 once down: the rise needs no mask */
	sg_m higher = sg_gt(raw, s->rise);
#if SA2_KFLAGS
	s->rise = sg_sel(higher, raw, s->rise);
#else /* the same value as the select on higher: one max, off the comparison */
	s->rise = js_vmax(raw, s->rise);
#endif
	s->apex = sa2_sel(higher, js_vsplat(f), s->apex);
	s->airt = sa2_sel(down, js_vsplat(f + 1), s->airt);
	s->landed |= down;
}

SG_INLINE void sa2_lanes_init(sa2_lanes *s, const js_lane_args *args, int l0, sg_m *written,
			      js_vi *vy0)
{
	int32_t ac[JS_VW], cp[JS_VW], gr[JS_VW], wr[JS_VW], v0[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		int water = args->axis[SA2_AX_ENV][l] == SA2_ENV_WATER;
		ac[i] = water ? -SA2_JUMP_WATER : -SA2_JUMP;
		cp[i] = water ? SA2_CAP_WATER : SA2_CAP;
		gr[i] = water ? SA2_GRAVITY_WATER : SA2_GRAVITY;
		wr[i] = -(args->axis[SA2_AX_START][l] == SA2_START_WRITTEN);
		v0[i] = sa2_sext16(args->axis[SA2_AX_VY0][l]);
	}
	s->accel = js_vload(ac);
	s->cap = js_vload(cp);
	s->grav = js_vload(gr);
	*written = sg_from_vec(js_vload(wr));
	*vy0 = js_vload(v0);
	s->in = args->input[0] + l0;
	s->bits = js_vloadu(s->in);
	s->f = js_vsplat(SA2_STAND_F);
	s->vy = s->rise = s->apex = s->airt = js_vsplat(0);
	s->air = s->landed = s->prev = sg_from_vec(js_vsplat(0));
	s->init = *written; /* frame 0 is Player_InitJump for a written lane */
	s->flags = (js_vu)js_vsplat(0);
	js_vacc acc;
	js_vacc_init(&acc, args, l0);
	s->last_jump = acc.last_jump;
}

SG_INLINE int sa2_lanes_done(const sa2_lanes *s, int f)
{
	return sg_mall(s->landed | (~s->air & ~s->init & sg_lt(s->last_jump, js_vsplat(f + 1))));
}

static inline void sa2_lanes_store(const sa2_lanes *s, const js_lane_args *args, int l0)
{
	js_vacc acc;
	acc.rise = s->rise;
	acc.apex = s->apex;
	acc.air = s->airt;
	acc.landed = sg_to_vec(s->landed);
	acc.took = sg_to_vec(s->landed | s->air);
	acc.flags = s->flags;
	js_vacc_store(&acc, args, l0);
}

SG_INLINE void sa2_run(const js_lane_args *args, int l0, const int two)
{
	sa2_lanes g0, g1;
	sg_m w0, w1 = sg_from_vec(js_vsplat(0));
	js_vi v0, v1 = js_vsplat(0);
	sa2_lanes_init(&g0, args, l0, &w0, &v0);
	sa2_lanes_frame(&g0, 0, 1, w0, v0);
	if (two) {
		sa2_lanes_init(&g1, args, l0 + JS_VW, &w1, &v1);
		sa2_lanes_frame(&g1, 0, 1, w1, v1);
	}
	for (int f = 1; f < args->n_frames; f++) {
		sa2_lanes_frame(&g0, f, 0, w0, v0);
		if (two)
			sa2_lanes_frame(&g1, f, 0, w1, v1);
		if ((f & 7) == 7 && sa2_lanes_done(&g0, f) && (!two || sa2_lanes_done(&g1, f)))
			break;
	}
	sa2_lanes_store(&g0, args, l0);
	if (two)
		sa2_lanes_store(&g1, args, l0 + JS_VW);
}

/* ---- fuzz starts (js_lane_args.start): every lane from its own reference state ----
 *
 * The reference's frame with nothing assumed about the start (plain -1/0 masks): F, qSpeedAirY,
 * the in-air / MOVESTATE_100 / MOVESTATE_SOME_ATTACK / Player_InitJump flags, start=written's
 * pending vy0 and the last frame's button come from each lane's sa2_state; qSpeedAirY may wrap on
 * any frame; the floor is sub_801E4E4's whole rule (the snap may leave the feet in the floor, a
 * landing may be refused); a landed lane is not frozen, and the accounting is lane.h's js_vacc (a
 * lane that starts in the air and lands before it is seen airborne has not taken off).  The stop
 * rule is sa2_lanes_done's: a lane with Player_InitJump pending still takes off. */
static inline void sa2_start_group(const js_lane_args *args, int l0)
{
	int32_t f0[JS_VW], v[JS_VW], ai[JS_VW], jm[JS_VW], at[JS_VW], it[JS_VW], pr[JS_VW], wr[JS_VW];
	int32_t v0[JS_VW], ac[JS_VW], cp[JS_VW], gr[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		const sa2_state *st = (const sa2_state *)args->start + l;
		f0[i] = st->f;
		v[i] = st->vy;
		ai[i] = -(st->air != 0);
		jm[i] = -(st->jumping != 0);
		at[i] = -(st->attacked != 0);
		it[i] = -(st->init_jump != 0);
		pr[i] = -(st->prev_held != 0);
		wr[i] = -(st->written != 0);
		v0[i] = st->vy0;
		ac[i] = st->water ? -SA2_JUMP_WATER : -SA2_JUMP;
		cp[i] = st->water ? SA2_CAP_WATER : SA2_CAP;
		gr[i] = st->water ? SA2_GRAVITY_WATER : SA2_GRAVITY;
	}
	js_vu feet = (js_vu)js_vload(f0);
	js_vi vy = js_vload(v), air = js_vload(ai), jumping = js_vload(jm), attacked = js_vload(at);
	js_vi init = js_vload(it), prev = js_vload(pr), written = js_vload(wr), vy0 = js_vload(v0);
	const js_vi accel = js_vload(ac), cap = js_vload(cp), grav = js_vload(gr);
	const js_vu stand = (js_vu)js_vsplat(SA2_STAND_F);
	const uint32_t *in = args->input[0] + l0;
	js_vu bits = js_vloadu(in);
	js_vacc acc;
	js_vacc_init(&acc, args, l0);

	for (int f = 0; f < args->n_frames; f++) {
		if (f > 0) {
			if ((f & 31) == 0)
				bits = js_vloadu(in + (f >> 5) * JS_BLOCK);
			else
				bits >>= 1;
		}
		js_vi held = (js_vi)(bits & 1u) != 0;
		js_vi press = held & ~prev;
		js_vi act = air | init; /* Player_Jumping runs */
		/* Player_InitJump: in the air, MOVESTATE_100, qSpeedAirY (0 standing) += the jump, or
		 * := vy0 (start=written) */
		js_vi ju = jumping | init;
		js_vi w = js_vsel(init, js_vsel(written, vy0, vy + accel), vy);
		/* Player_TryMidAirAction's insta-shield; the release */
		js_vi mid = act & ju & ~attacked & press;
		attacked |= mid;
		js_vi rel = act & ju & ~held & (w < cap);
		w = js_vsel(rel, cap, w);
		/* gravity (an s16 add), the fall cap, the move */
		js_vi t = w + grav;
		js_vi wrap = act & (t > 0x7fff);
		t -= wrap & 0x10000;
		js_vi fc = act & (t > SA2_FALL_MAX);
		t = js_vsel(fc, js_vsplat(SA2_FALL_MAX), t);
		js_vu nf = feet + ((js_vu)t & (js_vu)act);
		/* sub_8022190 on the flat floor: falling, sub_8021C4C lands the feet pen > 0 px in when
		 * the distance -q >= -(I(qSpeedAirY) + 6); still (speed 0), sub_802203C lands them on
		 * or in the floor (pen >= 0).  q = min(pen, 17 + (row & 7)): sub_801E4E4's -pen up to
		 * 24 px, -17 - ((pen - 1) & 7) deeper ((pen - 1) & 7 = row & 7, T a multiple of 8). */
		js_vi row = (js_vi)nf >> 8;
		js_vi pen = row - (SA2_FLOOR_ROW - 1);
		js_vi qd = (row & 7) + 17;
		js_vi q = js_vsel(pen < qd, pen, qd) & (pen > 0);
		js_vi land = act & (((t > 0) & (pen > 0) & (q <= (t >> 8) + 6)) |
				    ((t == 0) & (pen >= 0)));
		feet = nf - ((js_vu)land & ((js_vu)q << 8));
		js_vi nair = act & ~land;
		vy = t & nair;
		jumping = ju & nair;
		attacked &= ~land;
		init = ~act & press; /* Player_Idle -> Player_TryJump */
		written = js_vsplat(0);
		prev = held;
		air = nair;
		js_vu fl = ((js_vu)rel & SA2_FLAG_RELEASE_CAP) | ((js_vu)fc & SA2_FLAG_FALL_CAP) |
			   ((js_vu)wrap & SA2_FLAG_VY_WRAP) | ((js_vu)mid & SA2_FLAG_MID_AIR);
		js_vacc_frame(&acc, f, (js_vi)(stand - feet), ~air, fl);
		if ((f & 7) == 7 &&
		    sg_vall(acc.landed | (~acc.took & ~init & (acc.last_jump <= f))))
			break;
	}
	js_vacc_store(&acc, args, l0);
}

/* Pairs of groups; lanes n_lanes.. are copies of the last lane, never stored.  Fuzz starts run
 * group by group through sa2_start_group. */
SG_INLINE void sa2_pairs(const js_lane_args *args)
{
	if (args->start) {
		for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += JS_VW)
			sa2_start_group(args, l0);
		return;
	}
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 2 * JS_VW) {
		if (l0 + JS_VW < args->n_lanes)
			sa2_run(args, l0, 1);
		else
			sa2_run(args, l0, 0);
	}
}

#if defined(JS_LANE_H16) || (JS_VW == 16 && defined(__AVX512BW__))
/* 1 when every lane of the block is a jump start (the 16-bit paths' condition). */
static inline int sa2_block_is_h(const js_lane_args *args)
{
	if (args->start)
		return 0;
	for (int l = 0; l < args->n_lanes; l++)
		if (args->axis[SA2_AX_START][l] != SA2_START_JUMP)
			return 0;
	return 1;
}
#endif

#if defined(JS_LANE_H16)
/* AVX2: a block of jump starts (start=jump on every lane, no fuzz start) on 16-bit words, 16
 * lanes per ymm (lane.h's js_hi, masks as -1 / 0 words; the 32-bit group above is 8 lanes a
 * register), groups of 16 two side by side.  The frame is sa2_lanes_frame's with these facts of
 * a jump start (no written speed, every lane stands at raw 0 until its take-off):
 *   - the ranges: F is kept as F - Q(T - 1) (the feet below the standing row, in 1/256 px).  A
 *     rise starts from the take-off's -1248 (air) / -672 (water) and loses 42 / 12 a frame (the
 *     release only slows it), so the feet rise at most 1206 + 1164 + .. + 30 = 17922 (air) or
 *     660 + 648 + .. + 12 = 18480 (water): F - Q(T - 1) >= -18480;
 *   - the fall cap never fires: falling (v >= 0, above the cap: no release) v grows by exactly
 *     the gravity g, from v_0 < g on the first such frame, so j frames later v_j = v_0 + j g and
 *     the feet have come down g (1 + .. + j) from at least -18480; the lane is still in the air
 *     on frame j - 1 only if g (j - 1) j / 2 <= 18480 + 255, so j <= 30 (air, g = 42) or j <= 56
 *     (water, g = 12), and the speed on any frame is < 31 * 42 = 1302 (air) or 57 * 12 = 684
 *     (water), below 3840: the MIN and its flag are left out.  So qSpeedAirY is in [-1248,
 *     1302], the feet land on the first frame they reach row T (F - Q(T - 1) >= 256) and are
 *     <= 255 + 1302 before it; frames and airtimes are < JS_MAX_FRAMES: all words;
 *   - qSpeedAirY never wraps (the wrap needs a written speed), and frame 0 has no Player_InitJump
 *     (a take-off follows a press frame), so every frame is the loop's;
 *   - the speed-0 landing (sub_802203C, row >= T - 1) never happens: qSpeedAirY grows by the
 *     gravity each frame in the air (the release only raises it, to the cap), so v = 0 follows a
 *     frame with v < 0 back to the take-off (v < 0: -1206 / -660, or the cap + gravity), and the
 *     feet are above the standing row; so the landing is row >= T (the loop's threshold after
 *     frame 0 above) and a lane lands only from the air (not on its take-off frame: down =
 *     land);
 *   - standing and landed lanes (not act) have qSpeedAirY 0 and the feet on the standing row
 *     (fraction 0 before the take-off, the landing's after), so the release (0 > cap) and the
 *     landing (row T - 1) cannot fire on them without the act mask; the release on a held lane
 *     is a max against -32768 (no change, no event);
 *   - a lane lands at most once (then it is frozen), on frame f with airt := f + 1 >= 1, so
 *     landed is airt != 0;
 *   - every act lane is in the air before or after the frame (a take-off rises), so the events
 *     count on every act frame (the 32-bit path's 'on'), and the rise is the lowest F (raw =
 *     -F, apex on a new low). */
typedef struct sa2_hlanes {
	js_hi accel, cap, grav; /* per-lane constants */
	js_hi f, vy, fmin, apex, airt;
	js_hi air, init, prev, rel_any, mid_any, below_any;
	js_hi lastj;
} sa2_hlanes;

SG_INLINE void sa2_hlanes_frame(sa2_hlanes *z, js_hi held, js_hi fv, js_hi fv1)
{
	js_hi press = held & ~z->prev;
	z->prev = held;
	js_hi act = z->air | z->init; /* Player_Jumping runs */
	/* Player_InitJump: qSpeedAirY (0 standing) += the jump */
	js_hi vy = js_hsel(z->init, z->accel, z->vy);
	/* the release: qSpeedAirY < cap and the button up -> the cap (a max: the same value) */
	js_hi capm = js_hsel(held, js_hsplat(INT16_MIN), z->cap);
	js_hi rel = vy < capm;
	vy = (js_hi)_mm256_max_epi16((__m256i)vy, (__m256i)capm);
	/* gravity and the move (the fall cap never fires here: see above) */
	js_hi v = (vy + z->grav) & act;
	js_hi nf = z->f + v;
	/* the landing: row >= T, the snap to the standing row with the fraction kept */
	js_hi land = nf > 255;
	z->f = js_hsel(land, nf & 255, nf);
	js_hi air = act & ~land;
	z->vy = v & ~land;
	/* Player_Idle -> Player_TryJump: standing, not frozen, a new press */
	z->init = (press & (z->airt == 0)) & ~act;
	/* the events (act frames), the accounting */
	z->rel_any |= rel;
	z->mid_any |= act & press;
	z->below_any |= air & (nf > 0);
	js_hi lower = z->f < z->fmin;
	z->fmin = (js_hi)_mm256_min_epi16((__m256i)z->fmin, (__m256i)z->f);
	z->apex = js_hsel(lower, fv, z->apex);
	z->airt = js_hsel(land, fv1, z->airt);
	z->air = air;
}

static inline void sa2_hlanes_init(sa2_hlanes *z, const js_lane_args *args, int l0)
{
	for (int p = 0; p < 16; p++) {
		int l = l0 + js_hlane(p) < args->n_lanes ? l0 + js_hlane(p) : args->n_lanes - 1;
		int water = args->axis[SA2_AX_ENV][l] == SA2_ENV_WATER;
		z->accel[p] = water ? -SA2_JUMP_WATER : -SA2_JUMP;
		z->cap[p] = water ? SA2_CAP_WATER : SA2_CAP;
		z->grav[p] = water ? SA2_GRAVITY_WATER : SA2_GRAVITY;
	}
	z->f = z->vy = z->fmin = z->apex = z->airt = js_hsplat(0);
	z->air = z->init = z->prev = js_hsplat(0);
	z->rel_any = z->mid_any = z->below_any = js_hsplat(0);
	z->lastj = js_hlast_jump(args, l0);
}

SG_INLINE int sa2_hlanes_done(const sa2_hlanes *z, js_hi fv)
{
	return js_hall((z->airt != 0) | (~(z->air | z->init) & (z->lastj <= fv)));
}

static inline void sa2_hlanes_store(const sa2_hlanes *z, const js_lane_args *args, int l0)
{
	int16_t fmin[16], apex[16], airt[16], air[16], rel[16], mid[16], below[16];
	js_hstore_lanes(fmin, z->fmin);
	js_hstore_lanes(apex, z->apex);
	js_hstore_lanes(airt, z->airt);
	js_hstore_lanes(air, z->air);
	js_hstore_lanes(rel, z->rel_any);
	js_hstore_lanes(mid, z->mid_any);
	js_hstore_lanes(below, z->below_any);
	for (int half = 0; half < 2 && l0 + 8 * half < args->n_lanes; half++) {
		js_vacc acc;
		for (int i = 0; i < 8; i++) {
			int k = 8 * half + i;
			acc.rise[i] = -fmin[k];
			acc.apex[i] = apex[k];
			acc.air[i] = airt[k];
			acc.landed[i] = -(airt[k] != 0);
			acc.took[i] = acc.landed[i] | air[k];
			acc.flags[i] = (rel[k] ? SA2_FLAG_RELEASE_CAP : 0) |
				       (mid[k] ? SA2_FLAG_MID_AIR : 0) |
				       (below[k] ? JS_FLAG_BELOW_START : 0);
		}
		js_vacc_store(&acc, args, l0 + 8 * half);
	}
}

/* The groups l0 and l0 + 16 (two) side by side. */
SG_INLINE void sa2_hrun(const js_lane_args *args, int l0, const int two)
{
	sa2_hlanes z0, z1;
	js_hi h0[2], h1[2];
	sa2_hlanes_init(&z0, args, l0);
	if (two)
		sa2_hlanes_init(&z1, args, l0 + 16);
	const js_hi one = js_hsplat(1);
	js_hi fv = js_hsplat(0);
	for (int f = 0; f < args->n_frames; f++) {
		if ((f & 31) == 0) {
			const uint32_t *row = args->input[0] + (f >> 5) * JS_BLOCK + l0;
			js_hsplit_words(_mm256_loadu_si256((const __m256i *)row),
					_mm256_loadu_si256((const __m256i *)(row + 8)), h0);
			if (two)
				js_hsplit_words(
					_mm256_loadu_si256((const __m256i *)(row + 16)),
					_mm256_loadu_si256((const __m256i *)(row + 24)), h1);
		}
		js_hi fv1 = fv + one;
		sa2_hlanes_frame(&z0, js_hjump_at(h0, f), fv, fv1);
		if (two)
			sa2_hlanes_frame(&z1, js_hjump_at(h1, f), fv, fv1);
		if ((f & 7) == 7 && sa2_hlanes_done(&z0, fv) && (!two || sa2_hlanes_done(&z1, fv)))
			break;
		fv = fv1;
	}
	sa2_hlanes_store(&z0, args, l0);
	if (two)
		sa2_hlanes_store(&z1, args, l0 + 16);
}

SG_INLINE void sa2_hpairs(const js_lane_args *args)
{
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 32) {
		if (l0 + 16 < args->n_lanes)
			sa2_hrun(args, l0, 1);
		else
			sa2_hrun(args, l0, 0);
	}
}
#endif

#if JS_VW == 16 && defined(__AVX512BW__)
/* AVX-512 (F + BW): the AVX2 16-bit path's twin - the same block condition (sa2_block_is_h),
 * frame and ranges (see there), 32 lanes per zmm, the lane masks in mask registers (__mmask32,
 * bit i = lane i: lane.h's js_zjump gives the jump button of the block's two registers), the
 * events kept as words (a masked move each; as masks two groups' would outnumber the mask
 * registers).  The whole block runs in one loop, lanes 0-31 and 32-63 side by side (one
 * register when n_lanes <= 32), as sonic_genesis.h's sg_zrun: no regrouping.  The stop rule is
 * sg_zlanes_done's with the block's last press (sg_block_last_jump): every lane landed, or from
 * that frame on none in the air or taking off. */
typedef struct sa2_zlanes {
	__m512i accel, cap, grav; /* per-lane constants */
	__m512i f, vy, fmin, apex, airt;
	__m512i rel_any, mid_any, below_max; /* -1 / 0 words; the highest feet in the air */
	__mmask32 air, init, prev;
} sa2_zlanes;

SG_INLINE void sa2_zlanes_frame(sa2_zlanes *z, __mmask32 held, __m512i fv, __m512i fv1)
{
	const __m512i ones = _mm512_set1_epi16(-1);
	__mmask32 press = _kandn_mask32(z->prev, held);
	z->prev = held;
	__mmask32 act = _kor_mask32(z->air, z->init); /* Player_Jumping runs */
	/* Player_InitJump: qSpeedAirY (0 standing) += the jump */
	__m512i vy = _mm512_mask_mov_epi16(z->vy, z->init, z->accel);
	/* the release: qSpeedAirY < cap and the button up -> the cap (a masked max) */
	__mmask32 up = _knot_mask32(held);
	__mmask32 rel = _mm512_mask_cmplt_epi16_mask(up, vy, z->cap);
	vy = _mm512_mask_max_epi16(vy, up, vy, z->cap);
	/* gravity and the move (no fall cap: see the AVX2 path) */
	__m512i v = _mm512_maskz_add_epi16(act, vy, z->grav);
	__m512i nf = _mm512_add_epi16(z->f, v);
	/* the landing: row >= T, the snap to the standing row with the fraction kept */
	__mmask32 land = _mm512_cmpgt_epi16_mask(nf, _mm512_set1_epi16(255));
	z->f = _mm512_mask_mov_epi16(nf, land, _mm512_and_si512(nf, _mm512_set1_epi16(255)));
	__mmask32 air = _kandn_mask32(land, act);
	z->vy = _mm512_maskz_mov_epi16(air, v);
	/* Player_Idle -> Player_TryJump: standing (not act), not frozen (airt 0), a new press */
	z->init = _mm512_mask_testn_epi16_mask(_kandn_mask32(act, press), z->airt, z->airt);
	/* the events (act frames), the accounting */
	z->rel_any = _mm512_mask_mov_epi16(z->rel_any, rel, ones);
	z->mid_any = _mm512_mask_mov_epi16(z->mid_any, _kand_mask32(act, press), ones);
	z->below_max = _mm512_mask_max_epi16(z->below_max, air, z->below_max, nf);
	__mmask32 lower = _mm512_cmplt_epi16_mask(z->f, z->fmin);
	z->fmin = _mm512_min_epi16(z->fmin, z->f);
	z->apex = _mm512_mask_mov_epi16(z->apex, lower, fv);
	z->airt = _mm512_mask_mov_epi16(z->airt, land, fv1);
	z->air = air;
}

static inline void sa2_zlanes_init(sa2_zlanes *z, const js_lane_args *args, int l0)
{
	int16_t ac[32], cp[32], gr[32];
	for (int i = 0; i < 32; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		int water = args->axis[SA2_AX_ENV][l] == SA2_ENV_WATER;
		ac[i] = water ? -SA2_JUMP_WATER : -SA2_JUMP;
		cp[i] = water ? SA2_CAP_WATER : SA2_CAP;
		gr[i] = water ? SA2_GRAVITY_WATER : SA2_GRAVITY;
	}
	z->accel = _mm512_loadu_si512(ac);
	z->cap = _mm512_loadu_si512(cp);
	z->grav = _mm512_loadu_si512(gr);
	z->f = z->vy = z->fmin = z->apex = z->airt = _mm512_setzero_si512();
	z->rel_any = z->mid_any = z->below_max = _mm512_setzero_si512();
	z->air = z->init = z->prev = 0;
}

/* 1 when no lane can change its results after frame f (last: the block's last press). */
SG_INLINE int sa2_zlanes_done(const sa2_zlanes *z, int f, int last)
{
	__mmask32 ok = _mm512_test_epi16_mask(z->airt, z->airt); /* landed */
	if (f >= last)
		ok = _kor_mask32(ok, _knot_mask32(_kor_mask32(z->air, z->init)));
	return _cvtmask32_u32(ok) == 0xffffffffu;
}

/* Words 16 h .. 16 h + 15 of x as 32-bit lanes. */
static inline js_vi sa2_zwiden(__m512i x, int h)
{
	return (js_vi)_mm512_cvtepi16_epi32(h ? _mm512_extracti64x4_epi64(x, 1)
					      : _mm512_castsi512_si256(x));
}

static inline void sa2_zlanes_store(const sa2_zlanes *z, const js_lane_args *args, int l0)
{
	const __m512i zero = _mm512_setzero_si512();
	const __m512i rise = _mm512_sub_epi16(zero, z->fmin);
	const uint32_t landed = _cvtmask32_u32(_mm512_test_epi16_mask(z->airt, z->airt));
	const uint32_t air = _cvtmask32_u32(z->air);
	const uint32_t rel = _cvtmask32_u32(_mm512_test_epi16_mask(z->rel_any, z->rel_any));
	const uint32_t mid = _cvtmask32_u32(_mm512_test_epi16_mask(z->mid_any, z->mid_any));
	const uint32_t below = _cvtmask32_u32(_mm512_cmpgt_epi16_mask(z->below_max, zero));
	for (int h = 0; h < 2 && l0 + 16 * h < args->n_lanes; h++) {
		js_vacc acc;
		acc.rise = sa2_zwiden(rise, h);
		acc.apex = sa2_zwiden(z->apex, h);
		acc.air = sa2_zwiden(z->airt, h);
		const __mmask16 ld = (__mmask16)(landed >> 16 * h);
		const __mmask16 tk = (__mmask16)((landed | air) >> 16 * h);
		acc.landed = (js_vi)_mm512_movm_epi32(ld);
		acc.took = (js_vi)_mm512_movm_epi32(tk);
		__m512i fl = _mm512_maskz_mov_epi32((__mmask16)(rel >> 16 * h),
						    _mm512_set1_epi32(SA2_FLAG_RELEASE_CAP));
		fl = _mm512_mask_or_epi32(fl, (__mmask16)(mid >> 16 * h), fl,
					  _mm512_set1_epi32(SA2_FLAG_MID_AIR));
		fl = _mm512_mask_or_epi32(fl, (__mmask16)(below >> 16 * h), fl,
					  _mm512_set1_epi32(JS_FLAG_BELOW_START));
		acc.flags = (js_vu)fl;
		js_vacc_store(&acc, args, l0 + 16 * h);
	}
}

/* The block: lanes 0-31 and, two, 32-63 side by side. */
SG_INLINE void sa2_zrun(const js_lane_args *args, const int two)
{
	sa2_zlanes z0, z1;
	sa2_zlanes_init(&z0, args, 0);
	if (two)
		sa2_zlanes_init(&z1, args, 32);
	const int last = sg_block_last_jump(args);
	const __m512i one = _mm512_set1_epi16(1);
	__m512i fv = _mm512_setzero_si512(), fv1 = one;
	js_zjump jump = { { 0 } }; /* set on frame 0 */
	for (int f = 0; f < args->n_frames; f++) {
		__mmask32 a0, a1;
		js_zjump_frame(&jump, args, f, &a0, &a1);
		sa2_zlanes_frame(&z0, a0, fv, fv1);
		if (two)
			sa2_zlanes_frame(&z1, a1, fv, fv1);
		if ((f & 7) == 7 && sa2_zlanes_done(&z0, f, last) && (!two || sa2_zlanes_done(&z1, f, last)))
			break;
		fv = fv1;
		fv1 = _mm512_add_epi16(fv1, one);
	}
	sa2_zlanes_store(&z0, args, 0);
	if (two)
		sa2_zlanes_store(&z1, args, 32);
}
#endif

/* The block regrouped by env and start (sonic_genesis.h's sg_block_sort: air and water jumps
 * differ by a factor of two in length), then pairs of groups; the scalar path keeps it. */
void JS_LANE_FN(sa2)(const js_lane_args *args)
{
#if JS_VW == 1
	sa2_pairs(args);
#else
#if JS_VW == 16 && defined(__AVX512BW__)
	/* The 16-bit path runs the whole block in one loop: no regrouping to do. */
	if (sa2_block_is_h(args)) {
		if (args->n_lanes > 32)
			sa2_zrun(args, 1);
		else
			sa2_zrun(args, 0);
		return;
	}
#endif
	int key[JS_BLOCK];
	for (int l = 0; l < args->n_lanes; l++)
		key[l] = (args->axis[SA2_AX_ENV][l] == SA2_ENV_WATER) * 2 +
			 (args->axis[SA2_AX_START][l] == SA2_START_WRITTEN);
	sg_block b;
	sg_block_sort(&b, args, key, 4, sizeof(sa2_state));
#if defined(JS_LANE_H16)
	if (sa2_block_is_h(&b.args)) {
		sa2_hpairs(&b.args);
		sg_block_scatter(&b, args);
		return;
	}
#endif
	sa2_pairs(&b.args);
	sg_block_scatter(&b, args);
#endif
}

#endif
