/* kernels/sonic1.c - Sonic the Hedgehog (Genesis): Sonic's jump, vertical axis.
 *
 * Follows sonicretro/s1disasm (snapshot d42fbf6e, 2024-02-22): sonic.asm (SonicPlayer,
 * Sonic_Control, Sonic_Modes, Sonic_MdNormal, Sonic_MdJump, Sonic_MdJump2, Sonic_HitFloor) and
 * _incObj/: "Sonic Jump.asm" (Sonic_Jump), "Sonic JumpHeight.asm" (Sonic_JumpHeight),
 * "sub ObjectFall.asm" (ObjectFall), "Sonic Floor.asm" (Sonic_Floor), "Sonic ResetOnFloor.asm"
 * (Sonic_ResetOnFloor), "sub FindFloor.asm" (FindFloor, FindFloor2), "sub CalcAngle.asm"
 * (CalcAngle), "Sonic Water.asm" (Sonic_Water), "41 Springs.asm" (Spring_BounceUp).  Labels are
 * cited where each rule comes from; the code is written from those facts, not copied.
 *
 * Units: obY is 32 bits, 16.16 (pixel word : fraction word), Y grows downward; obVelY is a signed
 * 16-bit 8.8 speed, + down.  ObjectFall moves by ext.l/asl.l #8 of the speed, so the position's
 * low 8 bits never change: sub-units are 1/256 px.
 *
 * The frame, as the game runs it (Sonic_Control): the mode routine picked by obStatus bits 1 (in
 * the air) and 2 (rolling) - Sonic_MdNormal standing, Sonic_MdJump airborne upright,
 * Sonic_MdJump2 airborne rolling (after a jump) - then Sonic_Water, which only acts when Sonic
 * crosses the water line (not modelled: env keeps him in air or under water for the whole jump).
 * The joypad: ReadJoypads' "pressed" byte is held-now AND NOT held-last-frame; Sonic_Control
 * copies it to v_jpadhold2/v_jpadpress2, which Sonic_Jump and Sonic_JumpHeight read.
 *
 *   Take-off (Sonic_MdNormal -> Sonic_Jump): a new A/B/C press on the ground.  The speed is $680
 *     (underwater, obStatus bit 6: $380, checked after loading $680), rotated by the ground angle
 *     with CalcSine and ADDED to obVelX/obVelY; flat ground (angle 0) gives obVelY += -$680, and
 *     obVelY is 0 there (Sonic_Move writes inertia * sin 0).  It sets obStatus bit 1 (air),
 *     objoff_3C := 1 (the "jumping" flag), and, standing, bit 2 (rolling) with obHeight $13 -> $E
 *     and obY += 5, which keeps the feet (obY + obHeight) where they were.  Then `addq.l #4,sp`
 *     drops Sonic_MdNormal's return address: the rest of Sonic_MdNormal (SpeedToPos included) is
 *     skipped, so the take-off frame does not move Sonic.
 *   Air frame (Sonic_MdJump2 / Sonic_MdJump):
 *     Sonic_JumpHeight: with objoff_3C set, cap = -$400 (underwater -$200); if obVelY < cap
 *       (cmp.w / ble: strictly) and no A/B/C is held (v_jpadhold2, a level check, every frame)
 *       obVelY := cap.  With objoff_3C clear (after a spring) obVelY < -$FC0 -> -$FC0 (loc_134C4).
 *       The jumping branch returns before that clamp, so a jump's upward speed is never capped
 *       (seed claim 25; newer s1disasm spells this `if FixBugs=0 ... rts`).
 *     Sonic_JumpDirection, Sonic_LevelBound: X only here (vx = 0; the level's bottom-kill line is
 *       not modelled).
 *     ObjectFall: obY += ext.l(old obVelY) << 8 (add.l, 32-bit wrap), then obVelY += $38 (addi.w,
 *       16-bit wrap) - the move uses the speed from before gravity (seed claims 19, 24).
 *     Underwater: subi.w #$28 from obVelY right after ObjectFall (loc_12E5C / loc_12EA6): net $10
 *       (seed claims 10, 11).  No downward cap anywhere in the air.
 *     Sonic_Floor: CalcAngle(obVelX = 0, obVelY) is $40 for obVelY >= 0 (CalcAngle returns $40 for
 *       0,0) and $C0 when rising; only the first (falling) quadrant looks for the floor.
 *       Sonic_HitFloor gives the floor distance d1 (< 0: the feet are in the floor); the landing
 *       needs d1 < 0 and byte(d1) >= byte(-(high byte of obVelY + 8)) (signed byte compares; the
 *       second sensor is on the same flat floor).  Then obY's pixel word += d1 (the fraction word
 *       is kept), Sonic_ResetOnFloor clears bits 1, 2 and objoff_3C and, if rolling, sets obHeight
 *       back to $13 and obY -= 5; a flat floor (angle 0) goes to loc_1364E: obVelY := 0.
 *
 * The floor: flat, made of full 16x16 solid blocks at least two blocks deep, top row $0400.
 * FindFloor returns 0 for the feet sensor (obY + obHeight) on row $03FF, so Sonic stands at obY
 * $03EC (obHeight $13), fraction 0, and the take-off height is the feet on row $03FF.  For the
 * feet p pixels into the floor FindFloor reads the block under the sensor and (when that is full)
 * the one above it: d1 = -p for p <= 32, and -17 - ((p - 1) & 15) deeper (its two-block reach).
 * The sensor row is a 16-bit word (add.w in Sonic_HitFloor); the model reads it as signed, as
 * Sonic_LevelBound compares obY: rows $0400..$7FFF are floor, -$8000..$03FF open sky (no
 * ceiling).  The real level is smaller: Sonic_LevelBound would kill Sonic far below the floor,
 * and past a wrap of obY's pixel word (flag y_wrap) nothing is the game any more; neither is
 * modelled, the flags mark where the model leaves the game.
 *
 * Height: the feet's take-off row minus their row now, in 1/256 px: ($03FF << 16 - (obY +
 * obHeight << 16)) >> 8.  The difference of two 32-bit 16.16 numbers is taken mod 2^32 as a signed
 * 32-bit number (the game's own wrap) and its low 8 bits are 0 (every move is speed << 8, every
 * snap a pixel-word change, and obY starts with fraction 0), so it is a multiple of 256 and the
 * height in sub-units lies in [-2^23, 2^23): it fits int32.  It is the true height as long as the
 * feet stay within 32768 px of the take-off row, i.e. until y_wrap.
 *
 * Start modes (axis start): Sonic stands on the floor the frame before frame 0 in all three.
 *   jump:    the game's own take-off, on the first new A/B/C press.
 *   written: frame 0 is a take-off frame whatever the buttons: Sonic_Jump's with obVelY := vy0
 *            instead of += -$680 (a speed written into the jump; claim 25): jumping flag set,
 *            rolling, obY += 5, no move.  vy0 = -$680 (underwater -$380) is the plain jump.
 *   spring:  frame 0 leaves the ground as Spring_BounceUp leaves Sonic: obVelY := vy0, bit 1 set,
 *            objoff_3C still 0 (Sonic_ResetOnFloor cleared it), upright, no move that frame (the
 *            spring acts after Sonic's own update).  So Sonic_JumpHeight clamps at -$FC0 and has
 *            no release rule.  The spring's addq.w #8,obY and its geometry are left out.
 * After the take-off frame all three run the same air frames.
 *
 * The mechanics - the reference steps and the lane kernel - are kernels/sonic_genesis.h's,
 * shared with Sonic 2 and Sonic 3 & Knuckles: the rules above are theirs with Sonic 1's labels
 * (Sonic is that header's one character here, $680 / $380, obHeight $13).  This file holds Sonic
 * 1's parameters and metadata.
 */
#include "model.h"

#include <stddef.h>

#include "sonic_genesis.h"

enum { S1_AX_ENV, S1_AX_START, S1_AX_VY0 };

/* Sonic 1's parameters: no character axis, Sonic's Sonic_Jump speeds (move.w #$680,d2 / #$380
 * with obStatus bit 6), Sonic_Main's obHeight $13, no air move. */
static const sg_game sonic1_game = {
	.ax_env = S1_AX_ENV, .ax_char = -1, .ax_start = S1_AX_START, .ax_vy0 = S1_AX_VY0,
	.n_chars = 1,
	.chars = { { .speed = 0x680, .speed_water = 0x380, .radius = 0x13 } },
	.air_moves = 0,
};

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

/* Sonic_Control: Sonic_MdNormal -> Sonic_Jump standing; Sonic_MdJump(2): Sonic_JumpHeight,
 * ObjectFall (and the underwater subi.w #$28), Sonic_Floor in the air (sonic_genesis.h). */
static void sonic1_init(void *s, const int32_t *ax)
{
	sg_init(s, &sonic1_game, ax);
}

static void sonic1_step(void *s, unsigned input)
{
	sg_step(s, &sonic1_game, input);
}

static void sonic1_observe(const void *s, js_obs *o)
{
	sg_observe(s, o);
}

static int sonic1_trace_row(const void *s, char *buf, size_t n)
{
	return sg_trace_row(s, &sonic1_game, buf, n);
}

/* ---- fuzzing hooks (model.h; the rules are sonic_genesis.h's) ---- */

static void sonic1_fuzz_fix(void *s)
{
	sg_fuzz_fix(s, &sonic1_game);
}

static uint32_t sonic1_invariants(const void *b, const void *a, unsigned input)
{
	(void)input;
	return sg_invariants(b, a);
}

JS_LANE_DECLARE(sonic1);

static const char *const sonic1_claims[] = {
	"sonic1/gravity", "sonic1/underwater-gravity", "sonic1/fixed-point",
	"sonic1/gravity-every-frame", "sonic1/no-y-cap", "sonic1/jump-height", NULL,
};

JS_REFERENCE_RUN(sonic1, sg_state, sonic1_step, sonic1_observe)

const js_model js_model_sonic1 = {
	.id = "sonic1",
	.game = "Sonic the Hedgehog",
	.platform = "Genesis",
	.character = "Sonic",
	.unit = "px",
	.sub_per_unit = 256,
	.tile = 16, /* px per level tile */
	.fps = 59.9227,
	.frame = "NTSC frame (one VBlank, 59.92 Hz)",
	.movie = { .button = { "A|B|C" }, .note = "A, B or C jump: Sonic_Jump tests v_jpadpress2 & btnABC "
		   "and Sonic_JumpHeight v_jpadhold2 & btnABC (ReadJoypads once per VBlank). Written with "
		   "A, read back from any of A, B, C; one .bk2 line per model frame, frame 0 the line on "
		   "which the button goes down; lag frames are not modelled." },
	.sources = "sonicretro/s1disasm (d42fbf6e): Sonic_Control, Sonic_Modes, Sonic_MdNormal, "
		   "Sonic_Jump, Sonic_MdJump, Sonic_MdJump2, Sonic_JumpHeight, ObjectFall, Sonic_Floor, "
		   "Sonic_HitFloor, FindFloor, FindFloor2, CalcAngle, Sonic_ResetOnFloor, Sonic_Water, "
		   "ReadJoypads, Spring_BounceUp",
	.notes = "Frame 0 is the take-off frame in every start mode: start=jump takes off on the "
		 "first new A/B/C press (frame 0 for a hold), setting obVelY -$680 (underwater -$380); "
		 "start=written takes off on frame 0 as a jump with obVelY := vy0 (claim 25); "
		 "start=spring on frame 0 with obVelY := vy0 and the jumping flag clear. The take-off "
		 "frame does not move Sonic. Each air frame: Sonic_JumpHeight (jumping: obVelY < -$400 "
		 "/ -$200 with A/B/C up -> the cap; not jumping: obVelY < -$FC0 -> -$FC0), then "
		 "ObjectFall moves by the old speed and adds $38 (underwater then -$28). No fall cap; a "
		 "jump's rise is never capped (claim 25). Height is the feet's (obY + obHeight) rise "
		 "over the floor row; obY starts with fraction 0. Landing: falling with the feet in the "
		 "flat floor of full 16x16 blocks (top row $0400): obY's pixel word snapped, fraction "
		 "kept, obVelY 0. Feet on the floor row with a nonzero fraction are still airborne (the "
		 "sensor works in pixels), so below_start can mark sub-pixel dips of a normal jump. Not "
		 "modelled: horizontal motion, slopes, ceilings, water-line crossings, the spring's "
		 "geometry, Sonic_LevelBound's bottom kill, the level's size (flags y_wrap, "
		 "missed_landing and deep_landing mark where the model leaves the game).",
	.claims = sonic1_claims,
	.n_axes = 3,
	.axes = {
		{ .name = "env", .unit = "", .long_name = "environment: air, or underwater (obStatus "
		  "bit 6 for the whole jump: take-off $380, release cap -$200, gravity net $10)",
		  .min = 0, .max = 1, .def_lo = 0, .def_hi = 1, .n_names = 2,
		  .names = { "air", "underwater" } },
		{ .name = "start", .unit = "", .long_name = "how frame 0 leaves the ground: jump (the "
		  "game's take-off on a new A/B/C press; vy0 unused), written (a take-off on frame 0 "
		  "whatever the buttons, as Sonic_Jump's but with obVelY := vy0: a speed written into "
		  "a jump, jumping flag set, no -$FC0 clamp), spring (obVelY := vy0 on frame 0 with "
		  "the jumping flag clear, upright: the -$FC0 clamp applies, the release rule does not)",
		  .min = 0, .max = 2, .def_lo = 0, .def_hi = 0, .n_names = 3,
		  .names = { "jump", "written", "spring" } },
		{ .name = "vy0", .unit = "1/256 px/frame", .long_name = "obVelY set on the take-off "
		  "frame for start=written/spring, signed 8.8, + down (-1664 = -$680 is the plain "
		  "jump; claim 25: -4352 = -$1100; a red spring -4096 = -$1000); unused by start=jump",
		  .min = -0x8000, .max = 0x7fff, .def_lo = -0x680, .def_hi = -0x680,
		  .values = { { "jump", -0x680, "Sonic_Jump: move.w #$680,d2 (negated into obVelY)" },
			      { "jump_water", -0x380, "Sonic_Jump: #$380 under water" },
			      { "spring_red", -0x1000, "Spring_Powers: red spring -$1000" },
			      { "spring_yellow", -0xA00, "Spring_Powers: yellow spring -$A00" } } },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 256,
	.default_hold = 32,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "release_cap", [9] = "spring_cap", [10] = "no_fc0_cap", [11] = "vy_wrap",
		[12] = "y_wrap", [13] = "deep_landing", [14] = "missed_landing",
	},
	.flag_what = { SG_FLAG_WHAT },
	.character_height = 38,
	.character_height_source = "y_radius $13 standing (Sonic_Jump sets $E rolled): 2 x 19 = 38 px",
	.state_size = sizeof(sg_state),
	.key_size = offsetof(sg_state, frame_flags),
	.init = sonic1_init,
	.step = sonic1_step,
	.observe = sonic1_observe,
	.run_ref = sonic1_run_ref,
	.trace_header = "y_px,y_frac,vy,air,roll,jumping",
	.trace_units = "px (+ down),1/65536 px,1/256 px/frame (+ down),0/1,0/1,0/1",
	.trace_row = sonic1_trace_row,
	.lane = JS_LANE_TABLE(sonic1),
	.n_fields = 7,
	.fields = {
		{ "y_px", offsetof(sg_state, y) + 2, JS_F_U16, 0, 0xffff,
		  "obY, the pixel word (read signed by the floor sensor: $0400..$7FFF floor, "
		  "$8000..$03FF sky)" },
		{ "y_sub_hi", offsetof(sg_state, y) + 1, JS_F_U8, 0, 0xff,
		  "obY+2's high byte, 1/256 px: ObjectFall adds obVelY << 8 and Sonic_Floor snaps the "
		  "pixel word, so the low byte stays 0" },
		{ "vy", offsetof(sg_state, vy), JS_F_S16, -0x8000, 0x7fff,
		  "obVelY, the whole word: ObjectFall's addi.w #$38 has no cap, and a jump's rise is "
		  "never clamped (Sonic_JumpHeight returns before loc_134C4)" },
		{ "air", offsetof(sg_state, air), JS_F_U8, 0, 1, "obStatus bit 1 (in the air)" },
		{ "roll", offsetof(sg_state, roll), JS_F_U8, 0, 1,
		  "obStatus bit 2 (rolling: obHeight $E; Sonic_MdJump2)" },
		{ "jumping", offsetof(sg_state, jumping), JS_F_U8, 0, 1,
		  "objoff_3C (set by Sonic_Jump; clear after a spring or rolling off a ledge)" },
		{ "prev_abc", offsetof(sg_state, prev_abc), JS_F_U8, 0, 1,
		  "A/B/C held last frame (v_jpadpress2 is held now and not then)" },
	},
	.fuzz_fix = sonic1_fuzz_fix,
	.invariants = sonic1_invariants,
	.inv_names = SG_INV_NAMES,
	.inv_what = SG_INV_WHAT,
	.land_bound = SG_LAND_BOUND, /* derived in sonic_genesis.h */
};

#else /* ---- lane kernel (compiled once per ISA): sonic_genesis.h's body ---- */

void JS_LANE_FN(sonic1)(const js_lane_args *args)
{
	sg_lane_run(args, &sonic1_game);
}

#endif
