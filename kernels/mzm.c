/* kernels/mzm.c - Metroid: Zero Mission (GBA): Samus's jump, vertical axis.
 *
 * Follows metroidret/mzm (decompiled C, commit 24a9fdd; line numbers below are of that commit):
 *   include/constants/samus.h L324-338  SAMUS_Y_ACCELERATION 10, SAMUS_Y_POSITIVE_VELOCITY_CAP
 *                         192, SAMUS_Y_NEGATIVE_VELOCITY_CAP 128, SAMUS_Y_SLOWED_VELOCITY_CAP 40;
 *                         SAMUS_LOW_JUMP_VELOCITY = SUB_PIXEL_TO_VELOCITY(QUARTER_BLOCK_SIZE +
 *                         EIGHTH_BLOCK_SIZE) = (16 + 8) * 8 = 192, SAMUS_HIGH_JUMP_VELOCITY =
 *                         (16 + 12 + 1) * 8 = 232, SAMUS_SUITLESS_JUMP_VELOCITY = (s16)((16 + 8 +
 *                         2 + 0.5) * 8) = 212;
 *   src/samus.c L2609     SamusUpdatePhysics: in water / lava / weak or strong acid without
 *                         SMF_GRAVITY_SUIT: slowed; in the original build (no BUGFIX) the liquid
 *                         case breaks before "Check grabbed by metroid" (L2661), so only out of
 *                         liquid does a Metroid's grip slow her, and in liquid with the Gravity
 *                         Suit a grip does not.  Slowed: yAcceleration = 10 / 2 = 5, both caps
 *                         40; else 10, 192 up, 128 down.
 *   src/samus.c L6737     SamusUpdateVelocityPosition: the clamp of the OLD yVelocity (L6758-6768),
 *                         then "if (pData->yVelocity >= -231) yVelocity -= yAcceleration" (L6771),
 *                         then yPosition -= velocity.
 *   src/samus.c L3364, L4024  SamusCheckJumping / SamusStanding: a new A press.
 *   src/samus.c L1679     SamusSetMidAir: jump velocity suitless / High Jump / normal (L1873).
 *   src/samus.c L4503, L4692  SamusMidAir / SamusSpinning: the release rule (L4577, L4775).
 *   src/samus.c L799      SamusCheckLandingCollision: the landing snap (L868).
 * The rest of the frame, the units and what is left out: kernels/gba_metroid.h.
 */
#include "gba_metroid.h"

#include <stddef.h>

static const gbam_game mzm_game = {
	.jump_velocity = { 192, 232, 212 }, /* LOW, HIGH, SUITLESS _JUMP_VELOCITY */
	.accel = 10,
	.accel_slowed = 10 / 2,
	.up_cap = 192,
	.up_cap_slowed = 40,
	.down_cap = 128,
	.down_cap_slowed = 40,
	.gravity_above = -232, /* yVelocity >= -231 */
	/* air, liquid, liquid + Gravity Suit, Metroid's grip (out of liquid),
	 * liquid + Gravity Suit + grip (the missing BUGFIX break: not slowed) */
	.env_slowed = { 0, 1, 0, 1, 0 },
	.pose_standing = 1, /* SPOSE_STANDING */
	.pose_midair = 8,   /* SPOSE_MIDAIR */
	.pose_landing = 10, /* SPOSE_LANDING */
	.pose_spinning = 12, /* SPOSE_SPINNING */
	.pose_turning_midair = 9, /* SPOSE_TURNING_AROUND_MIDAIR */
	.pose_starting_spin = 11, /* SPOSE_STARTING_SPIN_JUMP */
};

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

static void mzm_init(void *vs, const int32_t *ax)
{
	gbam_init(vs, &mzm_game, ax);
}

static void mzm_step(void *vs, unsigned input)
{
	gbam_step(vs, &mzm_game, input);
}

static void mzm_observe(const void *vs, js_obs *o)
{
	gbam_observe(vs, &mzm_game, o);
}

static int mzm_trace_row(const void *vs, char *buf, size_t n)
{
	return gbam_trace_row(vs, &mzm_game, buf, n);
}

static void mzm_fuzz_fix(void *vs)
{
	gbam_fuzz_fix(vs, &mzm_game);
}

static uint32_t mzm_invariants(const void *b, const void *a, unsigned input)
{
	return gbam_invariants(b, a, input, &mzm_game);
}

JS_LANE_DECLARE(mzm);

static const char *const mzm_claims[] = {
	"mzm/gravity", "mzm/liquid-gravity", "mzm/velocity-caps", "mzm/jump-velocity",
	"mzm/release", "mzm/jump-height", NULL,
};

JS_REFERENCE_RUN(mzm, gbam_state, mzm_step, mzm_observe)

const js_model js_model_mzm = {
	.id = "mzm",
	.game = "Metroid: Zero Mission",
	.platform = "GBA",
	.character = "Samus (Power Suit, or the Zero Suit with jump=suitless)",
	.unit = "px",
	.sub_per_unit = 4,
	.tile = 16, /* px per level tile */
	.fps = 59.7275,
	.frame = "GBA frame (one SamusUpdate, 59.7275 Hz)",
	.movie = { .button = { "A" }, .note = "A jumps (B fires): SamusCheckJumping tests the new-press "
		   "input for KEY_A, the mid-air poses the held A for the release. One SamusUpdate per GBA "
		   "frame: one .bk2 line per model frame, frame 0 the line with A newly down; lag frames "
		   "are not modelled." },
	.sources = "metroidret/mzm src/samus.c: SamusUpdate, SamusUpdatePhysics, "
		   "SamusExecutePoseHandler, SamusStanding, SamusCheckJumping, SamusSetPose, "
		   "SamusCopyData, SamusSetMidAir, SamusMidAir, SamusSpinning, "
		   "SamusUpdateVelocityPosition, SamusUpdateHitboxMovingDirection, SamusCheckCollisions, "
		   "SamusCheckLandingCollision, SamusSetLandingPose; src/in_game.c (frame order); "
		   "include/constants/samus.h SAMUS_Y_ACCELERATION, SAMUS_Y_POSITIVE_VELOCITY_CAP, "
		   "SAMUS_Y_NEGATIVE_VELOCITY_CAP, SAMUS_Y_SLOWED_VELOCITY_CAP, SAMUS_LOW_JUMP_VELOCITY, "
		   "SAMUS_HIGH_JUMP_VELOCITY, SAMUS_SUITLESS_JUMP_VELOCITY; include/types.h (units)",
	.notes = "Sub-units are sub-pixels (4 per px); yVelocity is in 1/8 sub-pixel (32 = 1 px/frame), "
		 "+ up. Frame 0 is the press; the take-off frame already moves by the clamped jump "
		 "velocity >> 3 (arithmetic), gravity after the move. Gravity runs while yVelocity >= "
		 "-231, so a fall ends in [-241, -232] and moves the 128 cap, 4 px/frame. Release: A "
		 "not held and yVelocity > 0 -> 0 (from the frame after the press). Stands at "
		 "yPosition 0x77F on flat ground (block row 30); landing snaps back to it. env: the "
		 "whole jump in one medium; metroid_grip = out of liquid in a Metroid's grip; "
		 "liquid_gravity_suit_grip = the original build's missing break (not slowed). No "
		 "direction held (SPOSE_MIDAIR; a mid-air press spins, vertically the same). Left out: "
		 "Space Jump, Screw Attack, wall/bomb/morph-ball jumps, shinesparks, ledges, ceilings, "
		 "slopes, liquid surfaces.",
	.claims = mzm_claims,
	.n_axes = 2,
	.axes = {
		{ .name = "jump", .unit = "", .long_name = "jump velocity SamusSetMidAir picks: normal "
		  "192, high_jump 232 (High Jump boots), suitless 212 (Zero Suit)", .min = 0, .max = 2,
		  .def_lo = 0, .def_hi = 2, .n_names = 3, .names = { "normal", "high_jump", "suitless" } },
		{ .name = "env", .unit = "", .long_name = "medium: air, liquid (slowed), "
		  "liquid_gravity_suit, metroid_grip (slowed), liquid_gravity_suit_grip", .min = 0,
		  .max = 4, .def_lo = 0, .def_hi = 4, .n_names = 5,
		  .names = { "air", "liquid", "liquid_gravity_suit", "metroid_grip",
			     "liquid_gravity_suit_grip" } },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 96,
	.default_hold = 48,
	.flag_names = { GBAM_FLAG_NAMES },
	.flag_what = { GBAM_FLAG_WHAT },
	.character_height = 31,
	.character_height_source = "src/data/samus/samus_animation_pointers.c L3767 sSamusHitboxData "
		"STANDING top -(BLOCK_SIZE * 2 - PIXEL_SIZE) = -124 sub-pixels above yPosition (her feet; "
		"sSamusBlockHitboxData L3795 the same): 124 / 4 = 31 px (crouched -92: 23 px; morphed -60: "
		"15 px)",
	.state_size = sizeof(gbam_state),
	.key_size = offsetof(gbam_state, displacement),
	.init = mzm_init,
	.step = mzm_step,
	.observe = mzm_observe,
	.run_ref = mzm_run_ref,
	.trace_header = GBAM_TRACE_HEADER,
	.trace_units = GBAM_TRACE_UNITS,
	.trace_row = mzm_trace_row,
	.lane = JS_LANE_TABLE(mzm),
	.n_fields = 4,
	.fields = { GBAM_FIELDS(12,
			    "gSamusData.pose: the SPOSE_ numbers 0-12 (include/constants/samus.h): 8 "
			    "MIDAIR, 9 TURNING_AROUND_MIDAIR (as 8), 11 STARTING_SPIN_JUMP (as 12), 12 "
			    "SPINNING are airborne; 10 LANDING; the ground poses 0-7 stand") },
	.fuzz_fix = mzm_fuzz_fix,
	.invariants = mzm_invariants,
	.inv_names = { GBAM_INV_NAMES },
	.inv_what = { GBAM_INV_WHAT(
			      "gravity stops at the cut-off: yVelocity never drops below -231 (the last value "
			      "gravity applies to, L6771) minus one acceleration (-241 in air, -236 slowed)") },
	/* With no buttons a rising start is stopped by the release on frame 0, so the slowest landing
	 * falls from rest at the room's top (yPosition 0) to the ground (0x780): 1920 sub-pixels,
	 * slowed (yAcceleration 5, cap 40: 5 sub-px a frame).  From rest the moves are 0, 1, 2, 2, 3,
	 * 4, 4, 5 (the ASR of 0, -5, ..., -35) over frames 0-7, 21 in all; then 5 a frame: (1920 - 21)
	 * / 5 -> 380 more, 388 frames (a downward start only lands sooner; in air 16 a frame). */
	.land_bound = 388,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

void JS_LANE_FN(mzm)(const js_lane_args *args)
{
	gbam_lane_run(args, &mzm_game);
}

#endif
