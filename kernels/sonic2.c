/* kernels/sonic2.c - Sonic the Hedgehog 2 (Genesis): the jump of Sonic, Tails and Super Sonic,
 * vertical axis.
 *
 * Follows sonicretro/s2disasm (snapshot 34fc7f1, 2026-08-20), s2.asm: Obj01_Control,
 * Obj01_Modes, Obj01_MdNormal_Checks, Obj01_MdNormal, Obj01_MdAir, Obj01_MdJump, Sonic_Jump,
 * Sonic_JumpHeight, Sonic_UpVelCap, Sonic_CheckGoSuper, ObjectMoveAndFall,
 * Sonic_DoLevelCollision, Sonic_CheckFloor, FindFloor, FindFloor2, CalcAngle,
 * Sonic_ResetOnFloor(_Part2/_Part3), Obj01_Init; Tails: Obj02_Init, Obj02_MdNormal, Obj02_MdAir,
 * Obj02_MdJump, Tails_Jump, Tails_JumpHeight, Tails_UpVelCap, Tails_DoLevelCollision,
 * Tails_ResetOnFloor(_Part2/_Part3).  The mechanics are in kernels/sonic_genesis.h (shared with
 * Sonic 3 & Knuckles); this file holds what is Sonic 2's.  Labels are cited where each rule
 * comes from; the code is written from those facts, not copied.
 *
 * What Sonic 2 does, checked against Sonic 1 (kernels/sonic1.c):
 *   - the frame: Obj01_MdNormal_Checks sends a new A/B/C press to Obj01_MdNormal, whose
 *     Sonic_CheckSpindash does nothing standing (not ducking) and whose Sonic_Jump takes off;
 *     `addq.l #4,sp` skips the rest of Obj01_MdNormal (ObjectMove): the take-off frame does not
 *     move.  In the air Obj01_MdAir / Obj01_MdJump run Sonic_JumpHeight, Sonic_ChgJumpDir (X),
 *     Sonic_LevelBound, ObjectMoveAndFall (y_pos += old y_vel << 8, then y_vel += $38: seed
 *     claim 10), the underwater `subi.w #$28,y_vel(a0)` (net $10), Sonic_JumpAngle,
 *     Sonic_DoLevelCollision - Sonic 1's order.  Tails' Obj02_* modes are the same.
 *   - Sonic_Jump: d2 = $680, Super_Sonic_flag -> $800, then status bit 6 (underwater) -> $380, so
 *     Super Sonic under water jumps at $380.  Tails_Jump: $680 / $380, no Super form.  Both add
 *     -d2 to y_vel (CalcSine($C0) = -$100) after CalcRoomOverHead (>= 6 px: open sky here).
 *   - the take-off shift: Sonic y_radius $13 -> $E, addq.w #5,y_pos; Tails $F -> $E (Obj02_Init
 *     sets $F), addq.w #1,y_pos.  The feet stay put: the height is the same for both.
 *   - Sonic_JumpHeight / Tails_JumpHeight: jumping, cap -$400 (-$200 under water), y_vel < cap
 *     (cmp.w / ble) with A/B/C up -> cap, every frame; this branch has no -$FC0 clamp, and
 *     s2disasm's fixBugs does not add one, so a jump's rise is never capped, as in Sonic 1 (a
 *     written -$1100 is -$10C8 a frame later).  Not jumping, Sonic_UpVelCap / Tails_UpVelCap
 *     clamp y_vel < -$FC0 to -$FC0 (pinball_mode clear).
 *   - the landing: Sonic_DoLevelCollision's quadrant test, FindFloor's two 16 px blocks, the byte
 *     compare and the pixel-word snap are Sonic 1's Sonic_Floor; Sonic_ResetOnFloor clears
 *     rolling (y_radius back, subq.w #5 / Tails #1), in_air and jumping, y_vel := 0 on the flat.
 *
 * Left out (game state the model does not keep, or beyond a flat floor; no open rule:
 * docs/open-questions.md): Sonic_CheckGoSuper (at the
 * peak, `tst.b y_vel` = 0, with 7 emeralds and 50 rings Sonic turns Super: the model never has
 * them); Super Sonic's ring drain and Sonic_RevertToNormal (the model's Super Sonic keeps his form
 * for the whole jump); Tails as the CPU sidekick (TailsCPU_Control writes Ctrl_2: the model gives
 * him the player's buttons, as in 2P mode); Sonic_Water's entry/exit speed changes (env keeps him
 * in air or under water for the whole jump); the level's vertical wrap (andi.w #$7FF,y_pos when
 * Camera_Min_Y_pos is -$100) and Sonic_LevelBound's bottom kill; slopes, walls, ceilings.
 */
#include "model.h"

#include <stddef.h>

#include "sonic_genesis.h"

enum { S2_AX_ENV, S2_AX_CHAR, S2_AX_START, S2_AX_VY0 };
enum { S2_SONIC, S2_TAILS, S2_SUPER };

static const sg_game sonic2_game = {
	.ax_env = S2_AX_ENV, .ax_char = S2_AX_CHAR, .ax_start = S2_AX_START, .ax_vy0 = S2_AX_VY0,
	.n_chars = 3,
	.chars = {
		[S2_SONIC] = { .speed = 0x680, .speed_water = 0x380, .radius = 0x13 }, /* Sonic_Jump */
		[S2_TAILS] = { .speed = 0x680, .speed_water = 0x380, .radius = 0x0f }, /* Tails_Jump */
		[S2_SUPER] = { .speed = 0x800, .speed_water = 0x380, .radius = 0x13 }, /* Super_Sonic_flag */
	},
	.air_moves = 0,
};

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

static void sonic2_init(void *s, const int32_t *ax)
{
	sg_init(s, &sonic2_game, ax);
}

static void sonic2_step(void *s, unsigned input)
{
	sg_step(s, &sonic2_game, input);
}

static void sonic2_observe(const void *s, js_obs *o)
{
	sg_observe(s, o);
}

static int sonic2_trace_row(const void *s, char *buf, size_t n)
{
	return sg_trace_row(s, &sonic2_game, buf, n);
}

/* ---- fuzzing hooks (model.h; the rules are sonic_genesis.h's) ---- */

static void sonic2_fuzz_fix(void *s)
{
	sg_fuzz_fix(s, &sonic2_game);
}

static uint32_t sonic2_invariants(const void *b, const void *a, unsigned input)
{
	(void)input;
	return sg_invariants(b, a);
}

JS_LANE_DECLARE(sonic2);

static const char *const sonic2_claims[] = {
	"sonic2/gravity", "sonic2/underwater-gravity", "sonic2/jump-speed", "sonic2/release-cap",
	"sonic2/no-jump-cap",
	NULL,
};

JS_REFERENCE_RUN(sonic2, sg_state, sonic2_step, sonic2_observe)

const js_model js_model_sonic2 = {
	.id = "sonic2",
	.game = "Sonic the Hedgehog 2",
	.platform = "Genesis",
	.character = "Sonic, Tails, Super Sonic",
	.unit = "px",
	.sub_per_unit = 256,
	.tile = 16, /* px per level tile */
	.fps = 59.9227,
	.frame = "NTSC frame (one VBlank, 59.92 Hz)",
	.movie = { .button = { "A|B|C" }, .note = "A, B or C jump: Sonic_Jump / Tails_Jump test "
		   "Ctrl_1_Press_Logical against the A, B and C masks, Sonic_JumpHeight the held bits. "
		   "Written with A, read back from any of A, B, C; one .bk2 line per model frame, frame 0 "
		   "the line on which the button goes down; lag frames are not modelled." },
	.sources = "sonicretro/s2disasm (34fc7f1) s2.asm: Obj01_Control, Obj01_MdNormal_Checks, "
		   "Obj01_MdNormal, Obj01_MdAir, Obj01_MdJump, Sonic_Jump, Sonic_JumpHeight, "
		   "Sonic_UpVelCap, Sonic_CheckGoSuper, ObjectMoveAndFall, Sonic_DoLevelCollision, "
		   "Sonic_CheckFloor, FindFloor, FindFloor2, CalcAngle, Sonic_ResetOnFloor, Obj01_Init, "
		   "Obj02_Init, Obj02_MdNormal, Obj02_MdAir, Obj02_MdJump, Tails_Jump, "
		   "Tails_JumpHeight, Tails_UpVelCap, Tails_DoLevelCollision, Tails_ResetOnFloor",
	.notes = "Frame 0 is the take-off frame in every start mode (start=jump: the first new A/B/C "
		 "press, frame 0 for a hold); it does not move the character (Sonic_Jump's addq.l "
		 "#4,sp). Take-off y_vel: Sonic and Tails -$680, Super Sonic -$800, under water -$380 "
		 "for all three (status bit 6 tested last). Each air frame: JumpHeight (jumping: y_vel < "
		 "-$400 / -$200 with A/B/C up -> the cap, no -$FC0 clamp; not jumping: y_vel < -$FC0 -> "
		 "-$FC0), then ObjectMoveAndFall moves by the old speed and adds $38 (under water then "
		 "-$28). No fall cap. Height is the feet's (y_pos + y_radius), the same for Sonic "
		 "(radius $13, +5 px curl) and Tails ($F, +1 px); the floor is flat, full 16x16 blocks, "
		 "top row $0400. Landing as Sonic 1: pixel word snapped, fraction kept, y_vel 0. "
		 "start=written/spring and vy0 as in sonic1. Default grid: holds 0..31 (the release can "
		 "act only through frame 12 in air, 19 for Super Sonic, 24 under water: longer holds are "
		 "full jumps). Not modelled: Sonic_CheckGoSuper (7 emeralds, 50 rings), Super Sonic's "
		 "ring drain and reverting, Tails as the CPU sidekick (he gets the player's buttons), "
		 "water-line crossings, the vertical level wrap and the bottom kill, slopes, walls, "
		 "ceilings (flags y_wrap, deep_landing, missed_landing mark where the model leaves the "
		 "game).",
	.claims = sonic2_claims,
	.n_axes = 4,
	.axes = {
		{ .name = "env", .unit = "", .long_name = "environment: air, or underwater (status "
		  "bit 6 for the whole jump: take-off $380, release cap -$200, gravity net $10)",
		  .min = 0, .max = 1, .def_lo = 0, .def_hi = 1, .n_names = 2,
		  .names = { "air", "underwater" } },
		{ .name = "character", .unit = "", .long_name = "character: sonic (Sonic_Jump $680), "
		  "tails (Tails_Jump $680, radius $F), super_sonic (Super_Sonic_flag: $800; $380 under "
		  "water)",
		  .min = 0, .max = 2, .def_lo = 0, .def_hi = 2, .n_names = 3,
		  .names = { "sonic", "tails", "super_sonic" } },
		{ .name = "start", .unit = "", .long_name = "how frame 0 leaves the ground: jump (the "
		  "game's take-off on a new A/B/C press; vy0 unused), written (a take-off on frame 0 "
		  "whatever the buttons, with y_vel := vy0, jumping set: no -$FC0 clamp), spring "
		  "(y_vel := vy0 on frame 0, jumping clear, upright: the -$FC0 clamp applies, the "
		  "release rule does not)",
		  .min = 0, .max = 2, .def_lo = 0, .def_hi = 0, .n_names = 3,
		  .names = { "jump", "written", "spring" } },
		{ .name = "vy0", .unit = "1/256 px/frame", .long_name = "y_vel set on the take-off "
		  "frame for start=written/spring, signed 8.8, + down (-1664 = -$680 is Sonic's plain "
		  "jump; -4352 = -$1100 a speed above the -$FC0 clamp); unused by start=jump",
		  .min = -0x8000, .max = 0x7fff, .def_lo = -0x680, .def_hi = -0x680,
		  .values = { { "jump", -0x680, "Sonic_Jump / Tails_Jump: move.w #$680,d2 (negated into y_vel)" },
			      { "jump_water", -0x380, "Sonic_Jump: #$380 under water" },
			      { "super", -0x800, "Super_Sonic_flag: #$800" }, } },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 128,
	.default_hold = 31,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "release_cap", [9] = "spring_cap", [10] = "no_fc0_cap", [11] = "vy_wrap",
		[12] = "y_wrap", [13] = "deep_landing", [14] = "missed_landing",
	},
	.flag_what = { SG_FLAG_WHAT },
	.character_height = 38,
	.character_height_source = "y_radius $13 standing for Sonic (Tails $F: 30 px): 2 x 19 = 38 px",
	.state_size = sizeof(sg_state),
	.key_size = offsetof(sg_state, frame_flags),
	.init = sonic2_init,
	.step = sonic2_step,
	.observe = sonic2_observe,
	.run_ref = sonic2_run_ref,
	.trace_header = "y_px,y_frac,vy,air,roll,jumping",
	.trace_units = "px (+ down),1/65536 px,1/256 px/frame (+ down),0/1,0/1,0/1",
	.trace_row = sonic2_trace_row,
	.lane = JS_LANE_TABLE(sonic2),
	.n_fields = 7,
	.fields = {
		{ "y_px", offsetof(sg_state, y) + 2, JS_F_U16, 0, 0xffff,
		  "y_pos, the pixel word (read signed by Sonic_CheckFloor's sensor: $0400..$7FFF floor, "
		  "$8000..$03FF sky)" },
		{ "y_sub_hi", offsetof(sg_state, y) + 1, JS_F_U8, 0, 0xff,
		  "y_sub's high byte, 1/256 px: ObjectMoveAndFall adds y_vel << 8 and the landing snaps "
		  "the pixel word, so the low byte stays 0" },
		{ "vy", offsetof(sg_state, vy), JS_F_S16, -0x8000, 0x7fff,
		  "y_vel, the whole word: ObjectMoveAndFall's addi.w #$38 has no cap, and a jump's rise "
		  "is never clamped (Sonic_JumpHeight's jumping branch skips Sonic_UpVelCap)" },
		{ "air", offsetof(sg_state, air), JS_F_U8, 0, 1, "status bit 1 (in_air)" },
		{ "roll", offsetof(sg_state, roll), JS_F_U8, 0, 1,
		  "status bit 2 (rolling: y_radius $E; Obj01_MdJump / Obj02_MdJump)" },
		{ "jumping", offsetof(sg_state, jumping), JS_F_U8, 0, 1,
		  "jumping(a0) (set by Sonic_Jump / Tails_Jump; clear after a spring or rolling off a "
		  "ledge)" },
		{ "prev_abc", offsetof(sg_state, prev_abc), JS_F_U8, 0, 1,
		  "A/B/C held last frame (Ctrl_1_Press_Logical is held now and not then)" },
	},
	.fuzz_fix = sonic2_fuzz_fix,
	.invariants = sonic2_invariants,
	.inv_names = SG_INV_NAMES,
	.inv_what = SG_INV_WHAT,
	.land_bound = SG_LAND_BOUND, /* derived in sonic_genesis.h */
};

#else /* ---- lane kernel (compiled once per ISA): sonic_genesis.h's body ---- */

void JS_LANE_FN(sonic2)(const js_lane_args *args)
{
	sg_lane_run(args, &sonic2_game);
}

#endif
