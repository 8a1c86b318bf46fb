/* kernels/sonic3k.c - Sonic 3 & Knuckles (Genesis): the jump of Sonic, Tails, Knuckles and Super
 * Sonic, vertical axis.
 *
 * Follows sonicretro/skdisasm.  Its sonic3k.asm was read through two forks that track it
 * (Ushupiuck/skdisasm 038d24ed, murshies/skdisasm 01463781: the mirror of sonicretro/skdisasm,
 * 55e85d8, stores that file without its contents); s3.asm (Sonic 3 alone) from sonicretro/skdisasm
 * 55e85d8 agrees on every rule below.  Labels: Sonic_Control, Sonic_MdNormal, Sonic_MdAir,
 * Sonic_MdJump, SonicKnux_Spindash, Sonic_Jump, Sonic_JumpHeight, Sonic_UpVelCap,
 * Sonic_ShieldMoves, Sonic_InstaShield, MoveSprite_TestGravity, MoveSprite,
 * SonicKnux_DoLevelCollision, Sonic_CheckFloor, FindFloor, GetArcTan,
 * Player_TouchFloor_Check_Spindash, Player_TouchFloor; Tails: Obj_Tails, Tails_Stand_Freespace,
 * Tails_Jump, Tails_JumpHeight, Tails_Test_For_Flight, Tails_DoLevelCollision, Tails_TouchFloor;
 * Knuckles: Knuckles_Init, Knux_Modes, Knux_Stand_Path, Knux_Stand_Freespace,
 * Knux_Spin_Freespace, Knux_Jump, Knux_JumpHeight, Knux_Test_For_Glide, Knux_TouchFloor.  The
 * mechanics are in kernels/sonic_genesis.h (shared with Sonic 2); this file holds what is
 * Sonic 3 & Knuckles'.  The code is written from those facts, not copied.
 *
 * What S3K does, checked against Sonic 1 and 2:
 *   - the frame: Sonic_MdNormal runs SonicKnux_Spindash (nothing unless ducking) then Sonic_Jump,
 *     whose `addq.l #4,sp` skips the rest (MoveSprite_TestGravity2): the take-off frame does not
 *     move.  In the air Sonic_MdAir / Sonic_MdJump (Knux_Stand_Freespace / Knux_Spin_Freespace,
 *     Tails_Stand_Freespace) run JumpHeight, the X control, Player_LevelBound,
 *     MoveSprite_TestGravity (Reverse_gravity_flag clear: MoveSprite, y_pos += old y_vel << 8
 *     then addi.w #$38: seed claim 11), the underwater `subi.w #$28,y_vel(a0)`, Player_JumpAngle,
 *     SonicKnux_DoLevelCollision / Tails_DoLevelCollision - Sonic 1's order.
 *   - the take-off speed: Sonic_Jump $680, Super_Sonic_Knux_flag -> $800, status bit 6 -> $380
 *     (tested last); Tails_Jump $680 / $380 (no Super test); Knux_Jump $600 / $300 (no Super test:
 *     Super Knuckles jumps at $600).  All add -d2 to y_vel (GetSineCosine of $C0: -$100).
 *   - the curl: y_radius := default_y_radius, then (not rolling) $E and y_pos -= ($E - default):
 *     +5 px for Sonic and Knuckles (default $13), +1 for Tails (Obj_Tails: $F); the feet stay.
 *   - JumpHeight: jumping, cap -$400 (-$200 under water); y_vel < cap (cmp.w / ble) with A/B/C up
 *     -> cap; no -$FC0 clamp in this branch (S3K keeps Sonic 1's behaviour; FixBugs does not
 *     touch it): a written -$1100 is -$10C8 a frame later.  Not jumping: UpVelCap (spin_dash_flag
 *     clear) clamps at -$FC0.  New in S3K: y_vel >= cap (the `ble` branch) with double_jump_flag
 *     clear and a new A/B/C press (Ctrl_1_pressed_logical) starts the character's air move:
 *     Sonic_ShieldMoves - with no shield, no invincibility and no emeralds the insta-shield,
 *     which only sets double_jump_flag (and Super Sonic's branch only sets it too): modelled,
 *     y_vel untouched; Tails_Test_For_Flight and Knux_Test_For_Glide start Tails' flight and
 *     Knuckles' glide, whose physics (Tails_FlyingSwimming, Knux_Glide_Freespace) are not
 *     modelled: the flag air_move marks the frame, and the model keeps the jump's rules after it.
 *   - the landing: SonicKnux_DoLevelCollision's quadrant test, FindFloor's two blocks, the byte
 *     compare and the pixel-word snap are Sonic 1's; Player_TouchFloor (Tails_TouchFloor,
 *     Knux_TouchFloor) puts y_radius back (y_pos += $E - default on the flat) and clears in_air,
 *     rolling, jumping and double_jump_flag; y_vel := 0 on the flat.
 *
 * Left out: the shields' moves (fire dash, lightning bounce -$580, bubble bounce), Hyper Sonic's
 * dash, the Super / Hyper transform (emeralds), Tails' flight and Knuckles' glide (flagged
 * air_move), Tails as the CPU sidekick (Tails_Test_For_Flight also wants Player_mode 2 or a human
 * player 2: the model gives him the player's buttons), reverse gravity
 * (MoveSprite_TestGravity's other branch), water-line crossings, the screen's Y wrap,
 * Player_LevelBound's bottom kill, slopes, walls, ceilings.
 */
#include "model.h"

#include <stddef.h>

#include "sonic_genesis.h"

enum { S3K_AX_ENV, S3K_AX_CHAR, S3K_AX_START, S3K_AX_VY0 };
enum { S3K_SONIC, S3K_TAILS, S3K_KNUCKLES, S3K_SUPER };

static const sg_game sonic3k_game = {
	.ax_env = S3K_AX_ENV, .ax_char = S3K_AX_CHAR, .ax_start = S3K_AX_START,
	.ax_vy0 = S3K_AX_VY0,
	.n_chars = 4,
	.chars = {
		[S3K_SONIC] = { .speed = 0x680, .speed_water = 0x380, .radius = 0x13 },
		[S3K_TAILS] = { .speed = 0x680, .speed_water = 0x380, .radius = 0x0f, .air_move = 1 },
		[S3K_KNUCKLES] = { .speed = 0x600, .speed_water = 0x300, .radius = 0x13, .air_move = 1 },
		[S3K_SUPER] = { .speed = 0x800, .speed_water = 0x380, .radius = 0x13 },
	},
	.air_moves = 1,
};

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

static void sonic3k_init(void *s, const int32_t *ax)
{
	sg_init(s, &sonic3k_game, ax);
}

static void sonic3k_step(void *s, unsigned input)
{
	sg_step(s, &sonic3k_game, input);
}

static void sonic3k_observe(const void *s, js_obs *o)
{
	sg_observe(s, o);
}

static int sonic3k_trace_row(const void *s, char *buf, size_t n)
{
	return sg_trace_row(s, &sonic3k_game, buf, n);
}

/* ---- fuzzing hooks (model.h; the rules are sonic_genesis.h's) ---- */

static void sonic3k_fuzz_fix(void *s)
{
	sg_fuzz_fix(s, &sonic3k_game);
}

static uint32_t sonic3k_invariants(const void *b, const void *a, unsigned input)
{
	(void)input;
	return sg_invariants(b, a);
}

JS_LANE_DECLARE(sonic3k);

static const char *const sonic3k_claims[] = {
	"sonic3k/gravity", "sonic3k/underwater-gravity", "sonic3k/jump-speed", "sonic3k/release-cap",
	"sonic3k/no-jump-cap", "sonic3k/air-move", NULL,
};

JS_REFERENCE_RUN(sonic3k, sg_state, sonic3k_step, sonic3k_observe)

const js_model js_model_sonic3k = {
	.id = "sonic3k",
	.game = "Sonic 3 & Knuckles",
	.platform = "Genesis",
	.character = "Sonic, Tails, Knuckles, Super Sonic",
	.unit = "px",
	.sub_per_unit = 256,
	.tile = 16, /* px per level tile */
	.fps = 59.9227,
	.frame = "NTSC frame (one VBlank, 59.92 Hz)",
	.movie = { .button = { "A|B|C" }, .note = "A, B or C jump: Sonic_Jump, Tails_Jump and "
		   "Knuckles' jump test Ctrl_1_pressed_logical & button_ABC_mask, the jump-height routines "
		   "the held bits (the air moves also take A, B or C). Written with A, read back from any of "
		   "A, B, C; one .bk2 line per model frame, frame 0 the line on which the button goes down; "
		   "lag frames are not modelled." },
	.sources = "sonicretro/skdisasm sonic3k.asm (read in the forks Ushupiuck/skdisasm 038d24ed "
		   "and murshies/skdisasm 01463781; s3.asm from sonicretro/skdisasm 55e85d8 agrees): "
		   "Sonic_MdNormal, Sonic_MdAir, Sonic_MdJump, Sonic_Jump, Sonic_JumpHeight, "
		   "Sonic_UpVelCap, Sonic_ShieldMoves, Sonic_InstaShield, MoveSprite_TestGravity, "
		   "MoveSprite, SonicKnux_DoLevelCollision, Sonic_CheckFloor, FindFloor, "
		   "Player_TouchFloor; Obj_Tails, Tails_Stand_Freespace, Tails_Jump, Tails_JumpHeight, "
		   "Tails_Test_For_Flight, Tails_DoLevelCollision, Tails_TouchFloor; Knuckles_Init, "
		   "Knux_Stand_Freespace, Knux_Spin_Freespace, Knux_Jump, Knux_JumpHeight, "
		   "Knux_Test_For_Glide, Knux_TouchFloor",
	.notes = "Frame 0 is the take-off frame in every start mode (start=jump: the first new A/B/C "
		 "press, frame 0 for a hold); it does not move the character. Take-off y_vel: Sonic and "
		 "Tails -$680, Knuckles -$600, Super Sonic -$800; under water -$380 (Knuckles -$300). "
		 "Each air frame: JumpHeight (jumping: y_vel < -$400 / -$200 with A/B/C up -> the cap, "
		 "no -$FC0 clamp; y_vel >= the cap with a new press: the air move; not jumping: y_vel < "
		 "-$FC0 -> -$FC0), then MoveSprite moves by the old speed and adds $38 (under water then "
		 "-$28). No fall cap. The air move: Sonic's insta-shield (no shield, no emeralds) and "
		 "Super Sonic's only set double_jump_flag, modelled; Tails' flight and Knuckles' glide "
		 "are not modelled: flag air_move marks the frame they start, and the model keeps the "
		 "jump's rules after it (holds never re-press in the air, so the default grid is exact). "
		 "Height is the feet's (y_pos + y_radius), the same for every character; the floor is "
		 "flat, full 16x16 blocks, top row $0400; landing as Sonic 1. start=written/spring and "
		 "vy0 as in sonic1. Default grid: holds 0..31 (the release can act only through frame 12 "
		 "in air, 9 for Knuckles, 19 for Super Sonic, 24 under water: longer holds are full "
		 "jumps). Not modelled: shields' moves, Hyper Sonic, the Super transform, Tails as the "
		 "CPU sidekick (he gets the player's buttons), reverse gravity, water-line crossings, "
		 "the screen wrap and bottom kill, slopes, walls, ceilings (flags y_wrap, deep_landing, "
		 "missed_landing, air_move mark where the model leaves the game).",
	.claims = sonic3k_claims,
	.n_axes = 4,
	.axes = {
		{ .name = "env", .unit = "", .long_name = "environment: air, or underwater (status "
		  "bit 6 for the whole jump: take-off $380 ($300 Knuckles), release cap -$200, "
		  "gravity net $10)",
		  .min = 0, .max = 1, .def_lo = 0, .def_hi = 1, .n_names = 2,
		  .names = { "air", "underwater" } },
		{ .name = "character", .unit = "", .long_name = "character: sonic (Sonic_Jump $680), "
		  "tails (Tails_Jump $680, radius $F; a re-press flies), knuckles (Knux_Jump $600; a "
		  "re-press glides), super_sonic (Super_Sonic_Knux_flag: $800; $380 under water)",
		  .min = 0, .max = 3, .def_lo = 0, .def_hi = 3, .n_names = 4,
		  .names = { "sonic", "tails", "knuckles", "super_sonic" } },
		{ .name = "start", .unit = "", .long_name = "how frame 0 leaves the ground: jump (the "
		  "game's take-off on a new A/B/C press; vy0 unused), written (a take-off on frame 0 "
		  "whatever the buttons, with y_vel := vy0, jumping set: no -$FC0 clamp), spring "
		  "(y_vel := vy0 on frame 0, jumping clear, upright: the -$FC0 clamp applies, the "
		  "release rule and the air move do not)",
		  .min = 0, .max = 2, .def_lo = 0, .def_hi = 0, .n_names = 3,
		  .names = { "jump", "written", "spring" } },
		{ .name = "vy0", .unit = "1/256 px/frame", .long_name = "y_vel set on the take-off "
		  "frame for start=written/spring, signed 8.8, + down (-1664 = -$680 is Sonic's plain "
		  "jump; -4352 = -$1100 a speed above the -$FC0 clamp); unused by start=jump",
		  .min = -0x8000, .max = 0x7fff, .def_lo = -0x680, .def_hi = -0x680,
		  .values = { { "jump", -0x680, "Sonic_Jump / Tails_Jump: move.w #$680,d2 (negated into y_vel)" },
			      { "jump_water", -0x380, "Sonic_Jump: #$380 under water" },
			      { "super", -0x800, "Super_Sonic_Knux_flag: #$800" },
			      { "knuckles", -0x600, "Knux_Jump: #$600" }, } },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 128,
	.default_hold = 31,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "release_cap", [9] = "spring_cap", [10] = "no_fc0_cap", [11] = "vy_wrap",
		[12] = "y_wrap", [13] = "deep_landing", [14] = "missed_landing", [15] = "air_move",
	},
	.flag_what = { SG_FLAG_WHAT, [15] = SG_FLAG_WHAT_AIR_MOVE },
	.character_height = 38,
	.character_height_source = "y_radius $13 standing for Sonic and Knuckles (Tails $F: 30 px): 2 x 19"
		" = 38 px",
	.state_size = sizeof(sg_state),
	.key_size = offsetof(sg_state, frame_flags),
	.init = sonic3k_init,
	.step = sonic3k_step,
	.observe = sonic3k_observe,
	.run_ref = sonic3k_run_ref,
	.trace_header = "y_px,y_frac,vy,air,roll,jumping,double_jump",
	.trace_units = "px (+ down),1/65536 px,1/256 px/frame (+ down),0/1,0/1,0/1,0/1",
	.trace_row = sonic3k_trace_row,
	.lane = JS_LANE_TABLE(sonic3k),
	.n_fields = 8,
	.fields = {
		{ "y_px", offsetof(sg_state, y) + 2, JS_F_U16, 0, 0xffff,
		  "y_pos, the pixel word (read signed by Sonic_CheckFloor's sensor: $0400..$7FFF floor, "
		  "$8000..$03FF sky)" },
		{ "y_sub_hi", offsetof(sg_state, y) + 1, JS_F_U8, 0, 0xff,
		  "y_sub's high byte, 1/256 px: MoveSprite adds y_vel << 8 and the landing snaps the "
		  "pixel word, so the low byte stays 0" },
		{ "vy", offsetof(sg_state, vy), JS_F_S16, -0x8000, 0x7fff,
		  "y_vel, the whole word: MoveSprite's addi.w #$38 has no cap, and a jump's rise is "
		  "never clamped (Sonic_JumpHeight's jumping branch skips Sonic_UpVelCap)" },
		{ "air", offsetof(sg_state, air), JS_F_U8, 0, 1, "status bit 1 (Status_InAir)" },
		{ "roll", offsetof(sg_state, roll), JS_F_U8, 0, 1,
		  "status bit 2 (Status_Roll: y_radius $E; Sonic_MdJump, Knux_Spin_Freespace)" },
		{ "jumping", offsetof(sg_state, jumping), JS_F_U8, 0, 1,
		  "jumping(a0) (set by Sonic_Jump / Tails_Jump / Knux_Jump; clear after a spring or "
		  "rolling off a ledge)" },
		{ "double_jump", offsetof(sg_state, dj), JS_F_U8, 0, 1,
		  "double_jump_flag (set by the air move; cleared by Player_TouchFloor)" },
		{ "prev_abc", offsetof(sg_state, prev_abc), JS_F_U8, 0, 1,
		  "A/B/C held last frame (Ctrl_1_pressed_logical is held now and not then)" },
	},
	.fuzz_fix = sonic3k_fuzz_fix,
	.invariants = sonic3k_invariants,
	.inv_names = SG_INV_NAMES,
	.inv_what = SG_INV_WHAT,
	.land_bound = SG_LAND_BOUND, /* derived in sonic_genesis.h */
};

#else /* ---- lane kernel (compiled once per ISA): sonic_genesis.h's body ---- */

void JS_LANE_FN(sonic3k)(const js_lane_args *args)
{
	sg_lane_run(args, &sonic3k_game);
}

#endif
