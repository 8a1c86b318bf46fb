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
 */
#include "model.h"

#include <stdio.h>
#include <string.h>

enum { S1_AX_ENV, S1_AX_START, S1_AX_VY0 };
enum { S1_ENV_AIR, S1_ENV_UNDERWATER };
enum { S1_START_JUMP, S1_START_WRITTEN, S1_START_SPRING };

#define S1_FLOOR_ROW 0x0400u  /* top pixel row of the solid floor blocks */
#define S1_FEET_ROW 0x03ffu   /* the feet sensor's row when standing: FindFloor distance 0 */
#define S1_HEIGHT_STAND 0x13  /* Sonic_Main / Sonic_ResetOnFloor: obHeight */
#define S1_HEIGHT_ROLL 0x0e   /* Sonic_Jump: obHeight while rolling */
#define S1_ROLL_SHIFT 5       /* Sonic_Jump addq.w #5,obY / Sonic_ResetOnFloor subq.w #5,obY */
#define S1_STAND_Y ((S1_FEET_ROW - S1_HEIGHT_STAND) << 16) /* obY standing: $03EC.0000 */
#define S1_JUMP_SPEED 0x680       /* Sonic_Jump: move.w #$680,d2 */
#define S1_JUMP_SPEED_WATER 0x380 /* Sonic_Jump: move.w #$380,d2 (obStatus bit 6) */
#define S1_RELEASE_CAP (-0x400)   /* Sonic_JumpHeight: move.w #-$400,d1 */
#define S1_RELEASE_CAP_WATER (-0x200)
#define S1_SPRING_CAP (-0xfc0)    /* Sonic_JumpHeight loc_134C4: cmpi.w #-$FC0 */
#define S1_GRAVITY 0x38           /* ObjectFall: addi.w #$38,obVelY */
#define S1_WATER_LIFT 0x28        /* Sonic_MdJump(2): subi.w #$28,obVelY */

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT). */
#define S1_FLAG_RELEASE_CAP (1u << 8)    /* Sonic_JumpHeight's release rule set obVelY to the cap */
#define S1_FLAG_SPRING_CAP (1u << 9)     /* the not-jumping -$FC0 clamp (loc_134C4) fired */
#define S1_FLAG_NO_FC0_CAP (1u << 10)    /* jumping with obVelY < -$FC0 after Sonic_JumpHeight:
					  * the clamp the jumping flag skips (claim 25) */
#define S1_FLAG_VY_WRAP (1u << 11)       /* gravity carried obVelY past $7FFF (add.w wrap) */
#define S1_FLAG_Y_WRAP (1u << 12)        /* obY's 16-bit pixel word wrapped (add.l signed overflow) */
#define S1_FLAG_DEEP_LANDING (1u << 13)  /* landed with the feet > 32 px in: past FindFloor's
					  * reach, the snap leaves Sonic inside the floor */
#define S1_FLAG_MISSED_LANDING (1u << 14) /* feet in the floor, falling, but the byte compare in
					   * Sonic_Floor refused the landing (high byte + 8 wraps) */

/* Sign-extend a 16-bit word held in an int32 (the 68k's .w arithmetic), without
 * implementation-defined conversions. */
static inline int32_t s1_sext16(int32_t x)
{
	return ((x & 0xffff) ^ 0x8000) - 0x8000;
}

static inline int32_t s1_sext8(int32_t x)
{
	return ((x & 0xff) ^ 0x80) - 0x80;
}

/* obY + (obHeight << 16) vs the take-off feet row, in 1/256 px: a signed 32-bit difference (see
 * the header), shifted right 8 with the sign restored by hand (no implementation-defined >> of a
 * negative number). */
static inline int32_t s1_height(uint32_t y, int32_t radius)
{
	uint32_t d = (S1_FEET_ROW << 16) - (y + ((uint32_t)radius << 16));
	return (int32_t)(d >> 8) - (int32_t)((d >> 31) << 24);
}

/* How far the feet sensor (obY + obHeight, an add.w) is into the floor, in pixels: the sensor
 * row read as a signed word, minus the standing row $03FF.  > 0: in the floor. */
static inline int32_t s1_floor_pen(uint32_t y, int32_t radius)
{
	return s1_sext16((int32_t)(y >> 16) + radius) - (int32_t)S1_FEET_ROW;
}

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

typedef struct sonic1_state {
	uint32_t y;          /* obY : obY+2, 16.16 */
	int32_t vy;          /* obVelY, a signed 16-bit value */
	int32_t vy0;         /* axis vy0 (start=written/spring) */
	uint32_t frame_flags; /* events of the last step (S1_FLAG_*) */
	uint8_t air;         /* obStatus bit 1 */
	uint8_t roll;        /* obStatus bit 2 (obHeight $E while set, else $13) */
	uint8_t jumping;     /* objoff_3C */
	uint8_t water;       /* obStatus bit 6 (axis env) */
	uint8_t prev_abc;    /* A/B/C held last frame (ReadJoypads' previous byte) */
	uint8_t start;       /* axis start */
	uint8_t pending;     /* start=written/spring: the take-off on frame 0 is still to come */
	uint8_t pad;
} sonic1_state;

static void sonic1_init(void *vs, const int32_t *ax)
{
	sonic1_state *s = vs;
	memset(s, 0, sizeof *s);
	s->y = S1_STAND_Y;
	s->water = ax[S1_AX_ENV] == S1_ENV_UNDERWATER;
	s->start = (uint8_t)ax[S1_AX_START];
	s->pending = s->start != S1_START_JUMP;
	s->vy0 = s1_sext16(ax[S1_AX_VY0]);
}

static int32_t sonic1_radius(const sonic1_state *s)
{
	return s->roll ? S1_HEIGHT_ROLL : S1_HEIGHT_STAND;
}

/* Sonic_JumpHeight */
static void sonic1_jump_height(sonic1_state *s, int abc_held)
{
	if (s->jumping) {
		int32_t cap = s->water ? S1_RELEASE_CAP_WATER : S1_RELEASE_CAP;
		if (s->vy < cap && !abc_held) {
			s->vy = cap;
			s->frame_flags |= S1_FLAG_RELEASE_CAP;
		}
		if (s->vy < S1_SPRING_CAP)
			s->frame_flags |= S1_FLAG_NO_FC0_CAP;
		return;
	}
	if (s->vy < S1_SPRING_CAP) { /* loc_134C4 */
		s->vy = S1_SPRING_CAP;
		s->frame_flags |= S1_FLAG_SPRING_CAP;
	}
}

/* ObjectFall (Y only; obVelX is 0), then the underwater subi.w #$28 of Sonic_MdJump(2). */
static void sonic1_object_fall(sonic1_state *s)
{
	uint32_t d = (uint32_t)s->vy << 8; /* ext.l d0 / asl.l #8,d0 */
	uint32_t ny = s->y + d;            /* add.l d0,d3 */
	if ((~(s->y ^ d) & (s->y ^ ny)) >> 31)
		s->frame_flags |= S1_FLAG_Y_WRAP;
	s->y = ny;
	int32_t v = s1_sext16(s->vy + S1_GRAVITY); /* addi.w #$38,obVelY */
	if (s->water)
		v = s1_sext16(v - S1_WATER_LIFT); /* subi.w #$28,obVelY */
	if (v < s->vy)
		s->frame_flags |= S1_FLAG_VY_WRAP;
	s->vy = v;
}

/* Sonic_Floor on the flat floor, obVelX = 0. */
static void sonic1_floor(sonic1_state *s)
{
	if (s->vy < 0) /* CalcAngle $C0: the ceiling quadrant (loc_136E2), open sky */
		return;
	int32_t pen = s1_floor_pen(s->y, sonic1_radius(s));
	if (pen <= 0) /* Sonic_HitFloor d1 >= 0: tst.w d1 / bpl */
		return;
	int32_t d1 = pen <= 32 ? -pen : -17 - ((pen - 1) & 15); /* FindFloor's two blocks */
	/* move.b obVelY,d2 / addq.b #8 / neg.b / cmp.b d2,d1 / bge (d0 = d1 on a flat floor) */
	int32_t d2 = s1_sext8(-(int32_t)((((uint32_t)s->vy >> 8) + 8) & 0xff));
	if (s1_sext8(d1) < d2) {
		s->frame_flags |= S1_FLAG_MISSED_LANDING;
		return;
	}
	if (pen > 32)
		s->frame_flags |= S1_FLAG_DEEP_LANDING;
	s->y += (uint32_t)d1 << 16; /* add.w d1,obY: the pixel word only */
	/* Sonic_ResetOnFloor */
	s->air = 0;
	if (s->roll) {
		s->roll = 0;
		s->y -= (uint32_t)S1_ROLL_SHIFT << 16;
	}
	s->jumping = 0;
	s->vy = 0; /* loc_1364E: flat floor */
}

/* The take-off frame: bit 1 set; a jump (Sonic_Jump, or start=written) also sets objoff_3C and
 * curls Sonic up (obHeight $E, obY += 5: the feet stay put).  Nothing moves. */
static void sonic1_take_off(sonic1_state *s, int jump)
{
	s->air = 1;
	if (jump) {
		s->jumping = 1;
		if (!s->roll) {
			s->roll = 1;
			s->y += (uint32_t)S1_ROLL_SHIFT << 16; /* addq.w #5,obY */
		}
	}
}

static void sonic1_step(void *vs, unsigned input)
{
	sonic1_state *s = vs;
	int abc = (input & JS_IN_JUMP) != 0;
	int press = abc && !s->prev_abc; /* ReadJoypads: held now, not last frame */
	s->frame_flags = 0;
	if (s->pending) {
		/* start=written / spring: frame 0 takes off with obVelY := vy0 */
		s->pending = 0;
		s->vy = s->vy0;
		sonic1_take_off(s, s->start == S1_START_WRITTEN);
	} else if (!s->air) {
		/* Sonic_MdNormal -> Sonic_Jump.  Standing still on flat ground nothing else moves
		 * Sonic vertically (SpeedToPos with obVelY 0, Sonic_AnglePos at distance 0). */
		if (press) {
			int32_t d2 = s->water ? S1_JUMP_SPEED_WATER : S1_JUMP_SPEED;
			/* CalcSine($C0) = -$100: muls.w d2,d0 / asr.l #8 / add.w d0,obVelY */
			s->vy = s1_sext16(s->vy + (-0x100 * d2) / 256);
			sonic1_take_off(s, 1);
			/* addq.l #4,sp: the rest of Sonic_MdNormal (SpeedToPos) is skipped */
		}
	} else {
		/* Sonic_MdJump2 (rolling) / Sonic_MdJump: the same steps */
		sonic1_jump_height(s, abc);
		sonic1_object_fall(s);
		sonic1_floor(s);
	}
	s->prev_abc = (uint8_t)abc;
}

static void sonic1_observe(const void *vs, js_obs *o)
{
	const sonic1_state *s = vs;
	o->height = s1_height(s->y, sonic1_radius(s));
	o->grounded = !s->air;
	o->flags = s->frame_flags;
}

static int sonic1_trace_row(const void *vs, char *buf, size_t n)
{
	const sonic1_state *s = vs;
	return snprintf(buf, n, "%u,%u,%d,%u,%u,%u", (unsigned)(s->y >> 16), (unsigned)(s->y & 0xffff),
			(int)s->vy, s->air, s->roll, s->jumping);
}

JS_LANE_DECLARE(sonic1);

static const char *const sonic1_claims[] = {
	"sonic1/gravity", "sonic1/underwater-gravity", "sonic1/fixed-point",
	"sonic1/gravity-every-frame", "sonic1/no-y-cap", NULL,
};

const js_model js_model_sonic1 = {
	.id = "sonic1",
	.game = "Sonic the Hedgehog",
	.platform = "Genesis",
	.character = "Sonic",
	.unit = "px",
	.sub_per_unit = 256,
	.fps = 59.9227,
	.frame = "NTSC frame (one VBlank, 59.92 Hz)",
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
		  .min = -0x8000, .max = 0x7fff, .def_lo = -0x680, .def_hi = -0x680 },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 256,
	.default_hold = 32,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "release_cap", [9] = "spring_cap", [10] = "no_fc0_cap", [11] = "vy_wrap",
		[12] = "y_wrap", [13] = "deep_landing", [14] = "missed_landing",
	},
	.state_size = sizeof(sonic1_state),
	.init = sonic1_init,
	.step = sonic1_step,
	.observe = sonic1_observe,
	.trace_header = "y_px,y_frac,vy,air,roll,jumping",
	.trace_row = sonic1_trace_row,
	.lane = JS_LANE_TABLE(sonic1),
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"

/* The reference above on JS_VW lanes at a time (js_vi / js_vu registers), each group run through
 * all its frames with the state in registers, then the next group.  Every branch of the
 * reference is a select on a -1/0 mask; the ground take-off and the air frame are both computed
 * and the one that applies is kept.  Facts about the reference that make the frame cheap:
 *
 *   - On the ground obVelY is 0 (it starts 0 and every landing on the flat floor writes 0), and
 *     so are bits 2 (rolling) and objoff_3C (both start 0; Sonic_ResetOnFloor clears both).  A
 *     take-off therefore writes obVelY := -$680 / -$380 (0 + CalcSine * d2 >> 8, no wrap) or vy0,
 *     and the air frame run on a grounded lane changes nothing: with obVelY 0 neither
 *     Sonic_JumpHeight rule fires, ObjectFall moves by 0, and the landing is masked by air.
 *   - Rolling and objoff_3C are set together (Sonic_Jump, start=written) and cleared together
 *     (Sonic_ResetOnFloor), and start=spring sets neither: one mask `ju` holds both.
 *   - The state keeps the feet, F = obY + (obHeight << 16) (mod 2^32), instead of obY: a take-off
 *     curls Sonic up with obY += 5 and obHeight $13 -> $E, so F does not change; a landing adds
 *     d1 to obY's pixel word and uncurls (obHeight $E -> $13, obY -= 5), so F += d1 << 16; an
 *     air move adds the same d to both.  obY = F - (obHeight << 16) is rebuilt only for the
 *     add.l overflow test (y_wrap).
 *   - The height is (($03FF << 16) - F) >> 8 as a signed 32-bit difference whose low 8 bits are 0
 *     (see the header), so the accounting runs on raw = ($03FF << 16) - F, which is 256 * height
 *     exactly: same sign, same order, the same frames win; rise is divided by 256 once at the
 *     end.
 *   - start=written/spring take off on frame 0 only, from the ground, so frame 0 is peeled off
 *     the loop and the later frames have no pending take-off. */

/* Sign-extension of a 16-bit word in an int32 lane (the 68k's .w wrap), as s1_sext16. */
static inline js_vi s1_vsext16(js_vi x)
{
	return ((x & 0xffff) ^ 0x8000) - 0x8000;
}

void JS_LANE_FN(sonic1)(const js_lane_args *args)
{
	/* Lanes n_lanes.. are copies of the last lane, never stored: a group made only of them is
	 * skipped. */
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += JS_VW) {
		int32_t wa[JS_VW], fo[JS_VW], wr[JS_VW], v0[JS_VW];
		for (int i = 0; i < JS_VW; i++) {
			int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
			int32_t start = args->axis[S1_AX_START][l];
			wa[i] = -(args->axis[S1_AX_ENV][l] == S1_ENV_UNDERWATER);
			fo[i] = -(start != S1_START_JUMP); /* frame 0 takes off whatever the buttons */
			wr[i] = -(start == S1_START_WRITTEN); /* ... as a jump (curled, objoff_3C) */
			v0[i] = s1_sext16(args->axis[S1_AX_VY0][l]);
		}
		const js_vi water = js_vload(wa), forced = js_vload(fo), written = js_vload(wr);
		const js_vi vy0 = js_vload(v0);
		/* Per-lane constants of obStatus bit 6: Sonic_Jump's speed (0 - d2, CalcSine($C0) =
		 * -$100, asr.l #8: exact, in range), Sonic_JumpHeight's cap, and the net gravity of an
		 * air frame: addi.w #$38 then subi.w #$28 is one add of $10 mod 2^16 (two .w wraps
		 * compose into one). */
		const js_vi tvj = js_vsel(water, js_vsplat(-S1_JUMP_SPEED_WATER), js_vsplat(-S1_JUMP_SPEED));
		const js_vi cap = js_vsel(water, js_vsplat(S1_RELEASE_CAP_WATER), js_vsplat(S1_RELEASE_CAP));
		const js_vi grav = js_vsel(water, js_vsplat(S1_GRAVITY - S1_WATER_LIFT),
					   js_vsplat(S1_GRAVITY));
		const js_vu feet_row = (js_vu)js_vsplat((int32_t)(S1_FEET_ROW << 16));
		const js_vu rad_stand = (js_vu)js_vsplat(S1_HEIGHT_STAND << 16);
		const js_vu rad_curl = (js_vu)js_vsplat((S1_HEIGHT_STAND - S1_HEIGHT_ROLL) << 16);
		const uint32_t *in = args->input[0] + l0;
		js_vacc acc;
		js_vacc_init(&acc, args, l0); /* for last_jump; the rest is kept below */

		/* Frame 0: everyone stands (air 0, obVelY 0, upright).  Take-off: forced (start=written
		 * or spring), or a press (prev_abc is 0 before frame 0).  Curled: Sonic_Jump's press
		 * (not forced) or start=written.  obVelY: vy0 forced, else Sonic_Jump's speed.  The feet
		 * stay on row $03FF (the curl's obY += 5 cancels obHeight -5), nothing moves: height 0,
		 * no flags, no landing, so the accounting has nothing to record. */
		js_vu bits = js_vloadu(in);
		js_vi abc = (js_vi)(bits & 1u) != 0;
		js_vi air = forced | abc;
		js_vi ju = (abc & ~forced) | written;
		js_vi vy = air & js_vsel(forced, vy0, tvj);
		js_vi prev = abc;
		js_vu feet = feet_row;

		/* The accounting (js_acc_frame), specialised.  live: not landed yet.  A lane counts
		 * ("on": took off and not landed) on its first flight's frames; before its take-off it
		 * stands with the feet on row $03FF, height 0, which never beats rise >= 0, and it has
		 * no events, so `live` alone masks what needs masking.  took = landed | air (a lane
		 * leaves the air only by landing).  cnt counts the frames a lane has been live at the
		 * start of (frame 0 included): on its landing frame f that is f + 1, the airtime. */
		js_vi live = js_vsplat(-1), rise = js_vsplat(0), apex = rise, cnt = js_vsplat(1);
		js_vu flags = (js_vu)rise;

		for (int f = 1; f < args->n_frames; f++) {
			if ((f & 31) == 0)
				bits = js_vloadu(in + (f >> 5) * JS_BLOCK);
			else
				bits >>= 1;
			abc = (js_vi)(bits & 1u) != 0; /* A/B/C held (v_jpadhold2): -1 / 0 */

			/* Sonic_MdNormal -> Sonic_Jump on the ground: a new press (held now, not last
			 * frame).  obVelY is 0 there, so the take-off speed is tvj. */
			js_vi jump = ~air & abc & ~prev;

			/* Sonic_JumpHeight.  Jumping (ju): below the cap (cmp.w / ble: strictly) with
			 * A/B/C up -> the cap; no -$FC0 clamp, flagged when obVelY < -$FC0 after it (the
			 * cap is above -$FC0, so only an obVelY the release rule left alone can be).  Not
			 * jumping: obVelY < -$FC0 -> -$FC0.  On the ground obVelY 0 fires neither. */
			js_vi low = vy < S1_SPRING_CAP;
			js_vi release = ju & ~abc & (vy < cap);
			js_vi spring = low & ~ju;
			js_vi hv = js_vsel(release, cap, js_vsel(spring, js_vsplat(S1_SPRING_CAP), vy));
			js_vu fl = ((js_vu)release & S1_FLAG_RELEASE_CAP) |
				   ((js_vu)spring & S1_FLAG_SPRING_CAP) |
				   ((js_vu)(low & ju & ~release) & S1_FLAG_NO_FC0_CAP);

			/* ObjectFall: obY += ext.l(obVelY) << 8 (add.l: the uint32 add wraps like it),
			 * flag y_wrap on the signed overflow of that add (operands of one sign, result of
			 * the other).  The feet move by the same d. */
			js_vu d = (js_vu)hv << 8;
			js_vu y = feet - (rad_stand - ((js_vu)ju & rad_curl)); /* obY = F - obHeight << 16 */
			js_vu ny = y + d;
			fl |= (js_vu)((js_vi)((y ^ ny) & (d ^ ny)) < 0) & S1_FLAG_Y_WRAP;
			js_vu nfeet = feet + d;
			/* obVelY += $38 (underwater: net $10), a .w add: hv is in [-$8000, $7FFF] and
			 * grav > 0, so the sum wraps only past $7FFF, where nv < hv: vy_wrap. */
			js_vi t = hv + grav;
			js_vi vwrap = t > 0x7fff;
			js_vi nv = t - (vwrap & 0x10000);
			fl |= (js_vu)vwrap & S1_FLAG_VY_WRAP;

			/* Sonic_Floor, only when falling (nv >= 0; CalcAngle's $40 quadrant) with the feet
			 * sensor in the floor: pen = sensor row (obY + obHeight as an add.w, read signed)
			 * - $03FF > 0.  The sensor row is the high word of the feet (carry out of the
			 * add.l dropped = the add.w wrap).  FindFloor: d1 = -q, q = pen up to 32, else
			 * 17 + ((pen - 1) & 15); as 17 + ((pen - 1) & 15) is pen + 16 for pen in 1..16
			 * and pen for 17..32, q = min(pen, 17 + ((pen - 1) & 15)), and (pen - 1) & 15 is
			 * row & 15 ($83FF + 1 is a multiple of 16).  d1 is in [-32, -1], so its byte
			 * compare is the int compare.  The landing test byte(d1) >= byte(-(hi(obVelY) +
			 * 8)): for nv in [0, $7FFF] the right side is -(hi + 8) while hi + 8 <= $80
			 * (nv < $7900) and positive (never met) above; so land <=> nv < $7900 (unsigned:
			 * also nv >= 0) and hi + 8 >= q, i.e. nv >= (q - 8) << 8. */
			js_vi row = (js_vi)(nfeet >> 16);
			js_vi pen = (row ^ 0x8000) - (0x8000 + (int32_t)S1_FEET_ROW);
			js_vi qd = (row & 15) + 17;
			js_vi q = js_vsel(pen < qd, pen, qd);
			js_vi into = air & (pen > 0);
			js_vi ok = ((js_vu)nv < 0x7900u) & (nv >= (q << 8) - 0x800);
			js_vi land = into & ok;
			fl |= (js_vu)(into & ~ok & (nv >= 0)) & S1_FLAG_MISSED_LANDING;
			fl |= (js_vu)(land & (pen > 32)) & S1_FLAG_DEEP_LANDING;
			/* add.w d1,obY and Sonic_ResetOnFloor's uncurl: the feet rise by q px */
			feet = nfeet - ((js_vu)land & ((js_vu)q << 16));

			/* Air lanes keep the air frame (a landing: obVelY 0, bits 1/2/objoff_3C clear);
			 * ground lanes keep F (their air frame left it), and a take-off sets bit 1,
			 * curls, obVelY := tvj.  A grounded lane's air frame is a no-op (obVelY 0, the
			 * landing masked by air), so nothing selects on air. */
			js_vi stay = air & ~land;
			vy = (nv & stay) | (jump & tvj);
			ju = (ju & ~land) | jump;
			air = stay | jump;
			prev = abc;

			/* Accounting: raw = ($03FF << 16) - F = 256 * height (the header); every event
			 * above needs air before the frame, so it counts while live; below_start needs
			 * air after it. */
			js_vi raw = (js_vi)(feet_row - feet);
			fl |= (js_vu)((raw < 0) & air) & JS_FLAG_BELOW_START;
			flags |= fl & (js_vu)live;
			js_vi higher = live & (raw > rise);
			rise = js_vsel(higher, raw, rise);
			apex = js_vsel(higher, js_vsplat(f), apex);
			cnt -= live; /* + 1 while live before this frame's landing */
			live &= ~land;
			if ((f & 7) == 7 && js_vall(~live | (~air & (acc.last_jump <= f))))
				break;
		}
		/* raw = 256 * height exactly (low 8 bits 0), and rise >= 0: the shift is exact. */
		acc.rise = rise >> 8;
		acc.apex = apex;
		acc.air = ~live & cnt; /* airtime 0 unless landed */
		acc.landed = ~live;
		acc.took = ~live | air;
		acc.flags = flags;
		js_vacc_store(&acc, args, l0);
	}
}

#endif
