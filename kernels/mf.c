/* kernels/mf.c - Metroid Fusion (GBA): Samus's jump, vertical axis.
 *
 * Follows metroidret/mf (commit 1c15cf7).  Fusion's Samus code is still assembly there
 * (asm/samus.s; src/samus.c has no decompiled bodies yet), so the facts are read from the instructions;
 * addresses are the US ROM's, as the file labels them.  The SamusPhysics and SamusData layouts are
 * include/structs/samus.h (yAcceleration at +2, yVelocityCap at +4; yPosition +0x18, yVelocity
 * +0x1C); the poses include/constants/samus.h (SPOSE_STANDING 0, MID_AIR 4, LANDING 6,
 * SPINNING 11).
 *   SamusUpdatePhysics @ 0x08004E68: ClipdataUpdateCurrentAffecting's low byte 1-3 (water, and
 *       the two other liquids) without suitMiscStatus & 0xA0 (the Gravity Suit or the flag the
 *       decompilers name SMF_SA_X_SUIT) -> slowed: yAcceleration 4, yVelocityCap 0x30 (48);
 *       else yAcceleration 6, yVelocityCap 0x80 (128).  Then gPreviousYPosition, the pose
 *       handler (SamusUpdate @ 0x080063F8 via the table at 0x0828FD00), SetSamusPose, and two
 *       more tables (0x0828FD18, 0x0828FD08).
 *   SamusStanding @ 0x08006590 -> SamusSetForcedMovementForJumpingOrDropping @ 0x08005F60: a new
 *       A press (gChangedInput & 1): forcedMovement 1, SPOSE_MID_AIR_REQUEST (0xFE).
 *   SamusUpdateJumpVelocity @ 0x08009080 (_08009338): SPOSE_MID_AIR; yVelocity = 0xDC (220) with
 *       suitMiscStatus & 1 (High Jump), else 0xAA (170).
 *   SamusMidAir @ 0x08006A50 (_08006B4A) and SamusSpinning (_08007346): A not held and
 *       yVelocity > 0 -> yVelocity = 0.
 *   SamusUpdateVelocityPosition @ 0x08009D78 (_08009E90): yVelocity > cap -> cap >> 3; yVelocity
 *       < -cap -> (-cap << 13) >> 16 (= -cap >> 3); else (yVelocity << 16) asr 19 (= yVelocity
 *       >> 3, arithmetic); then "cmp yVelocity, #-0xDC; ble" skips the subtraction: gravity only
 *       while yVelocity > -220; then yPosition -= displacement.
 *   SamusCheckLandingCollision: the snap adds #0x3F to the block position, as Zero Mission's.
 * The frame order: SamusUpdatePhysics calls its functions through one-entry pointer tables
 * (indexed by gSamusData.unk_0, 0 for Samus) at 0x0828FD00-0x0828FD1C, which metroidret/mf keeps
 * in data/Blob_28fd08_28ff60.bin, unextracted.  The fork cluekitty/mf (commit 2e8d9e5, built
 * against the ROM's SHA-1) extracts them in src/data/samus_data.c: 0x0828FD00
 * sSamusUpdateFunctionPointer (SamusUpdate), 0x0828FD04 sSamusSetPoseFunctionPointer, 0x0828FD08
 * sSamusUpdateVelocityPositionFunctionPointer, 0x0828FD0C sSamusCheckCollisionFunctionPointer,
 * ..., 0x0828FD18 sSamusUpdateDrawDistanceAndStandingStatusFunctionPointer; its src/samus.c
 * SamusUpdatePhysics ends SAMUS_UPDATE(), SAMUS_SET_POSE(), SAMUS_UPDATE_DRAW_DISTAND_AND_
 * STANDING_STATUS(), SAMUS_UPDATE_VELOCITY_POSITION().  So the pose handler (the take-off, the
 * release) runs before the move and gravity, as in Zero Mission's SamusUpdate (claim
 * mf/frame-order).  Left out: a slowed state kept by bit 7 of gSamusPhysics.slowed out of liquid
 * (set elsewhere, e.g. being held).
 * The rest of the frame, the units and what is left out: kernels/gba_metroid.h.
 */
#include "gba_metroid.h"

#include <stddef.h>

static const gbam_game mf_game = {
	.jump_velocity = { 0xaa, 0xdc }, /* 170, 220 (High Jump) */
	.accel = 6,
	.accel_slowed = 4,
	.up_cap = 0x80,
	.up_cap_slowed = 0x30,
	.down_cap = 0x80, /* one yVelocityCap both ways */
	.down_cap_slowed = 0x30,
	.gravity_above = -220, /* yVelocity > -0xDC */
	.env_slowed = { 0, 1, 0 }, /* air, liquid, liquid + Gravity Suit (or SA-X suit flag) */
	.pose_standing = 0, /* SPOSE_STANDING */
	.pose_midair = 4,   /* SPOSE_MID_AIR */
	.pose_landing = 6,  /* SPOSE_LANDING */
	.pose_spinning = 11, /* SPOSE_SPINNING */
	.pose_turning_midair = 5, /* SPOSE_TURNING_AROUND_MID_AIR */
	.pose_starting_spin = 10, /* SPOSE_STARTING_SPIN_JUMP */
};

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

static void mf_init(void *vs, const int32_t *ax)
{
	gbam_init(vs, &mf_game, ax);
}

static void mf_step(void *vs, unsigned input)
{
	gbam_step(vs, &mf_game, input);
}

static void mf_observe(const void *vs, js_obs *o)
{
	gbam_observe(vs, &mf_game, o);
}

static int mf_trace_row(const void *vs, char *buf, size_t n)
{
	return gbam_trace_row(vs, &mf_game, buf, n);
}

static void mf_fuzz_fix(void *vs)
{
	gbam_fuzz_fix(vs, &mf_game);
}

static uint32_t mf_invariants(const void *b, const void *a, unsigned input)
{
	return gbam_invariants(b, a, input, &mf_game);
}

JS_LANE_DECLARE(mf);

static const char *const mf_claims[] = {
	"mf/gravity", "mf/liquid-gravity", "mf/velocity-cap", "mf/jump-velocity", "mf/release",
	"mf/jump-height", "mf/frame-order", NULL,
};

JS_REFERENCE_RUN(mf, gbam_state, mf_step, mf_observe)

const js_model js_model_mf = {
	.id = "mf",
	.game = "Metroid Fusion",
	.platform = "GBA",
	.character = "Samus",
	.unit = "px",
	.sub_per_unit = 4,
	.tile = 16, /* px per level tile */
	.fps = 59.7275,
	.frame = "GBA frame (one SamusUpdatePhysics, 59.7275 Hz)",
	.movie = { .button = { "A" }, .note = "A jumps (B fires): SamusStanding / "
		   "SamusSetForcedMovementForJumpingOrDropping test the new-press KEY_A, SamusMidAir the "
		   "held A. One SamusUpdatePhysics per GBA frame: one .bk2 line per model frame, frame 0 the "
		   "line with A newly down; lag frames are not modelled." },
	.sources = "metroidret/mf asm/samus.s: SamusUpdatePhysics, SamusUpdate, SamusStanding, "
		   "SamusSetForcedMovementForJumpingOrDropping, SetSamusPose, SamusUpdateJumpVelocity, "
		   "SamusMidAir, SamusSpinning, SamusUpdateVelocityPosition, SamusCheckLandingCollision; "
		   "include/structs/samus.h (SamusPhysics, SamusData); include/constants/samus.h "
		   "(poses); src/in_game.c (SamusUpdatePhysics, SamusUpdateCollisionData); "
		   "cluekitty/mf (2e8d9e5) src/data/samus_data.c (the pointer tables at "
		   "0x0828FD00-0x0828FD1C) and src/samus.c SamusUpdatePhysics",
	.notes = "Sub-units are sub-pixels (4 per px); yVelocity is in 1/8 sub-pixel (32 = 1 px/frame), "
		 "+ up. Frame 0 is the press; the take-off frame already moves by the clamped jump "
		 "velocity >> 3 (arithmetic), gravity after the move. Gravity runs while yVelocity > "
		 "-220, so a fall ends in [-225, -220] (air) and moves the 128 cap, 4 px/frame; rises "
		 "are capped the same (High Jump's 220 moves 4 px/frame until it drops to 128). Release: "
		 "A not held and yVelocity > 0 -> 0. Stands at yPosition 0x77F on flat ground; landing "
		 "snaps back to it. env: the whole jump in one medium. The frame order (pose handler, "
		 "then SamusUpdateVelocityPosition) is from the pointer table at 0x0828FD08, extracted "
		 "in cluekitty/mf src/data/samus_data.c. No direction held. Left "
		 "out: Space Jump, Screw Attack, wall/bomb/morph-ball jumps, shinesparks, ledges, "
		 "ladders, ceilings, slopes, liquid surfaces, the sticky slowed bit 7.",
	.claims = mf_claims,
	.n_axes = 2,
	.axes = {
		{ .name = "jump", .unit = "", .long_name = "jump velocity SamusUpdateJumpVelocity picks: "
		  "normal 170, high_jump 220 (High Jump)", .min = 0, .max = 1, .def_lo = 0, .def_hi = 1,
		  .n_names = 2, .names = { "normal", "high_jump" } },
		{ .name = "env", .unit = "", .long_name = "medium: air, liquid (slowed), "
		  "liquid_gravity_suit (Gravity Suit or the SA-X suit flag)", .min = 0, .max = 2,
		  .def_lo = 0, .def_hi = 2, .n_names = 3,
		  .names = { "air", "liquid", "liquid_gravity_suit" } },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 112,
	.default_hold = 60,
	.flag_names = { GBAM_FLAG_NAMES },
	.flag_what = { GBAM_FLAG_WHAT },
	.character_height = 31,
	.character_height_source = "sSamusCollisionOffsets[0] (standing) top -124 sub-pixels above "
		"yPosition (her feet): 124 / 4 = 31 px (mid-air -112: 28 px).  The table at 0x0828FCCC "
		"(SamusCheckJumpingCollisions, asm/samus.s) is still a binary blob in metroidret/mf; read "
		"from the fork cluekitty/mf @2e8d9e5 src/data/samus_data.c L59-64, which extracts it",
	.state_size = sizeof(gbam_state),
	.key_size = offsetof(gbam_state, displacement),
	.init = mf_init,
	.step = mf_step,
	.observe = mf_observe,
	.run_ref = mf_run_ref,
	.trace_header = GBAM_TRACE_HEADER,
	.trace_units = GBAM_TRACE_UNITS,
	.trace_row = mf_trace_row,
	.lane = JS_LANE_TABLE(mf),
	.n_fields = 4,
	.fields = { GBAM_FIELDS(11,
			    "gSamusData.pose: the SPOSE_ numbers 0-11 (include/constants/samus.h): 4 "
			    "MID_AIR, 5 TURNING_AROUND_MID_AIR (as 4), 10 STARTING_SPIN_JUMP (as 11), 11 "
			    "SPINNING are airborne; 6 LANDING; the other ground poses stand") },
	.fuzz_fix = mf_fuzz_fix,
	.invariants = mf_invariants,
	.inv_names = { GBAM_INV_NAMES },
	.inv_what = { GBAM_INV_WHAT(
			      "gravity stops at the cut-off: yVelocity never drops below -219 (the last value "
			      "gravity applies to: > -0xDC) minus one acceleration (-225 in air, -223 slowed)") },
	/* With no buttons a rising start is stopped by the release on frame 0, so the slowest landing
	 * falls from rest at the room's top (yPosition 0) to the ground (0x780): 1920 sub-pixels,
	 * slowed (yAcceleration 4, cap 48: 6 sub-px a frame).  From rest the moves are 0, 1, 1, 2, 2,
	 * 3, 3, 4, 4, 5, 5, 6 (the ASR of 0, -4, ..., -44) over frames 0-11, 36 in all; then 6 a
	 * frame: (1920 - 36) / 6 -> 314 more, 326 frames (a downward start only lands sooner). */
	.land_bound = 326,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

void JS_LANE_FN(mf)(const js_lane_args *args)
{
	gbam_lane_run(args, &mf_game);
}

#endif
