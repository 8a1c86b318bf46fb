/* kernels/sonic_genesis.h - what the Genesis Sonic games (Sonic 1, Sonic 2, Sonic 3 & Knuckles)
 * share: the jump's vertical rules, a per-game parameter struct (sg_game), the scalar reference
 * steps and the lane-kernel body, as static inline functions.  kernels/sonic1.c, sonic2.c and
 * sonic3k.c hold the metadata and the citations of their own disassembly (sonic1.c's header
 * explains Sonic 1's rules at length); this header holds the mechanics, in the labels of all
 * three games:
 *
 *   Take-off (Sonic_Jump / Tails_Jump / Knux_Jump): a new A/B/C press on the ground
 *     (v_jpadpress2 / Ctrl_1_Press_Logical / Ctrl_1_pressed_logical).  d2 = the character's
 *     speed ($680; Super Sonic $800; Knuckles $600), underwater (status bit 6, tested last) $380
 *     ($300 Knuckles); CalcSine / GetSineCosine of angle - $40 = $C0 on flat ground gives -$100,
 *     so y_vel += -$100 * d2 >> 8 = -d2 (y_vel is 0 standing).  in_air set, jumping := 1, and
 *     (not rolling) y_radius := $E with y_pos += (default radius - $E): the feet (y_pos +
 *     y_radius) stay put.  `addq.l #4,sp` drops the mode routine's return address, so the
 *     take-off frame runs no SpeedToPos / ObjectMove / MoveSprite2: nothing moves on it.
 *   Air frame (Sonic_MdJump2 / Obj01_MdJump / Sonic_MdJump / Tails_Stand_Freespace /
 *   Knux_Spin_Freespace ...):
 *     JumpHeight: jumping: cap -$400 (underwater -$200); y_vel < cap (cmp.w / ble: strictly)
 *       with no A/B/C held (a level check) -> y_vel := cap.  No -$FC0 clamp in this branch.
 *       Not jumping (springs): y_vel < -$FC0 -> -$FC0 (loc_134C4 / Sonic_UpVelCap; pinball /
 *       spin-dash flag clear).  S3K only: y_vel >= cap, double_jump_flag clear and a new A/B/C
 *       press starts the character's air move (Sonic_ShieldMoves, Tails_Test_For_Flight,
 *       Knux_Test_For_Glide).
 *     ObjectFall / ObjectMoveAndFall / MoveSprite(_TestGravity): y_pos += ext.l(old y_vel) << 8
 *       (add.l), y_vel += $38 (addi.w); underwater subi.w #$28 right after (net $10).  No fall
 *       cap.
 *     Floor / DoLevelCollision on the flat floor: CalcAngle(x_vel 0, y_vel) >= $40 quadrant only
 *       for y_vel >= 0; the floor sensor (y_pos + y_radius, add.w, read as a signed word) p px
 *       into the floor reads d1 = -p up to 32 px, -17 - ((p - 1) & 15) deeper (FindFloor's two
 *       16 px blocks); land if d1 < 0 and byte(d1) >= byte(-(hi(y_vel) + 8)); then y_pos's
 *       pixel word += d1, y_vel := 0 (flat floor), and the reset-on-floor routine clears in_air /
 *       rolling / jumping (and S3K's double_jump_flag) and sets y_radius back with y_pos -=
 *       (default - $E): feet kept.
 *
 * Every character's feet therefore move the same way: only the take-off speed (and S3K's air
 * move) depends on the character.  The floor: full 16x16 blocks at least two deep, top row
 * $0400; the feet stand on row $03FF with fraction 0.  Height = (($03FF << 16) - feet) >> 8 in
 * 1/256 px, the feet = y_pos + (y_radius << 16) mod 2^32: a difference of two 16.16 numbers
 * taken as a signed 32-bit number (the game's own wrap) whose low 8 bits are 0 (every move is
 * speed << 8, every snap a pixel-word change, y_pos starts with fraction 0), so the height lies
 * in [-2^23, 2^23) and fits int32; it is the true height until y_pos's pixel word wraps (y_wrap).
 *
 * Start modes (axis start): jump (the game's take-off on a new press), written (frame 0 takes
 * off as a jump with y_vel := vy0: a speed written into a jump), spring (frame 0 leaves the
 * ground with y_vel := vy0, jumping clear, upright, as a spring leaves the character; the -$FC0
 * clamp applies, the release rule and S3K's air move do not).
 */
#ifndef JS_SONIC_GENESIS_H
#define JS_SONIC_GENESIS_H

#include <stdint.h>

#include "model.h"

enum { SG_ENV_AIR, SG_ENV_UNDERWATER };
enum { SG_START_JUMP, SG_START_WRITTEN, SG_START_SPRING };

#define SG_FEET_ROW 0x03ffu   /* the feet sensor's row standing: FindFloor distance 0 */
#define SG_ROLL_RADIUS 0x0e   /* y_radius while rolling (every character) */
#define SG_RELEASE_CAP (-0x400)
#define SG_RELEASE_CAP_WATER (-0x200)
#define SG_SPRING_CAP (-0xfc0)
#define SG_GRAVITY 0x38       /* ObjectMoveAndFall / MoveSprite: addi.w #$38,y_vel */
#define SG_WATER_LIFT 0x28    /* the air modes' subi.w #$28,y_vel under water */

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT), the same in all three games (air_move:
 * S3K only). */
#define SG_FLAG_RELEASE_CAP (1u << 8)    /* JumpHeight's release rule set y_vel to the cap */
#define SG_FLAG_SPRING_CAP (1u << 9)     /* the not-jumping -$FC0 clamp (UpVelCap) fired */
#define SG_FLAG_NO_FC0_CAP (1u << 10)    /* jumping with y_vel < -$FC0 after JumpHeight: the clamp
					  * the jumping branch skips */
#define SG_FLAG_VY_WRAP (1u << 11)       /* gravity carried y_vel past $7FFF (addi.w wrap) */
#define SG_FLAG_Y_WRAP (1u << 12)        /* y_pos's 16-bit pixel word wrapped (add.l overflow) */
#define SG_FLAG_DEEP_LANDING (1u << 13)  /* landed with the feet > 32 px in (FindFloor's reach) */
#define SG_FLAG_MISSED_LANDING (1u << 14) /* feet in the floor, falling, the byte compare refused */
#define SG_FLAG_AIR_MOVE (1u << 15)      /* S3K: a new press in the air started Tails' flight or
					  * Knuckles' glide, not modelled: later frames are not the
					  * game's */
/* The model flags' meanings (js_model.flag_what; air_move, S3K only, is SG_FLAG_WHAT_AIR_MOVE). */
#define SG_FLAG_WHAT \
	[8] = "JumpHeight's release rule set y_vel to the release cap (the button came up while" \
		" rising fast).", \
	[9] = "The not-jumping -$FC0 clamp (UpVelCap) fired.", \
	[10] = "Jumping with y_vel < -$FC0 after JumpHeight: the clamp that the jumping branch " \
		"skips did not run.", \
	[11] = "Gravity carried y_vel past $7FFF (the 16-bit addi.w wrapped).", \
	[12] = "y_pos's 16-bit pixel word wrapped (add.l overflow).", \
	[13] = "The character landed with the feet more than 32 px into the floor (FindFloor's " \
		"reach).", \
	[14] = "The feet were in the floor while falling, but the byte compare refused the " \
		"landing."
#define SG_FLAG_WHAT_AIR_MOVE                                                                      \
	"S3K: a new press in the air started Tails' flight or Knuckles' glide, not modelled: "     \
	"later frames are not the game's."

/* One playable character of a game. */
typedef struct sg_char {
	int16_t speed, speed_water; /* Sonic_Jump's d2 */
	uint8_t radius;             /* default (standing) y_radius */
	uint8_t air_move;           /* S3K: its air move (flight, glide) changes the physics */
} sg_char;

/* A game's parameters.  Axis indices: ax_char < 0 when the model has no character axis. */
typedef struct sg_game {
	int ax_env, ax_char, ax_start, ax_vy0;
	int n_chars;
	sg_char chars[4];
	int air_moves; /* 1: JumpHeight's y_vel >= cap branch tests a new press (S3K) */
} sg_game;

/* Sign-extend a 16-bit word / byte held in an int32 (the 68k's .w / .b arithmetic). */
static inline int32_t sg_sext16(int32_t x)
{
	return ((x & 0xffff) ^ 0x8000) - 0x8000;
}

static inline int32_t sg_sext8(int32_t x)
{
	return ((x & 0xff) ^ 0x80) - 0x80;
}

static inline const sg_char *sg_character(const sg_game *g, int32_t c)
{
	return &g->chars[c >= 0 && c < g->n_chars ? c : 0];
}

/* The take-off speed d2 of a character: Sonic_Jump loads the character's, then $380 (Knuckles
 * $300) when status bit 6 is set (tested last, so Super Sonic under water jumps at $380 too). */
static inline int32_t sg_speed(const sg_char *c, int water)
{
	return water ? c->speed_water : c->speed;
}

/* The reference's state (model.h: a plain value; also read by the lane kernel for fuzz starts,
 * js_lane_args.start).  No padding: 24 bytes. */
typedef struct sg_state {
	uint32_t y;           /* y_pos : y_sub, 16.16 (the fields y_px and y_sub_hi are its bytes 2-3
			       * and 1: little-endian, see the _Static_assert) */
	int32_t vy0;          /* axis vy0 (start=written/spring) */
	int16_t vy;           /* y_vel, a signed word */
	uint8_t air;          /* status bit 1 (in_air) */
	uint8_t roll;         /* status bit 2 (y_radius $E while set) */
	uint8_t jumping;      /* jumping(a0) */
	uint8_t dj;           /* double_jump_flag (S3K) */
	uint8_t water;        /* status bit 6 (axis env) */
	uint8_t prev_abc;     /* A/B/C held last frame */
	uint8_t start;        /* axis start */
	uint8_t pending;      /* start=written/spring: frame 0's take-off is still to come */
	uint8_t ch;           /* axis character */
	uint8_t radius;       /* the character's default y_radius */
	uint32_t frame_flags; /* events of the last step (SG_FLAG_*); per-frame scratch, last:
			       * outside key_size */
} sg_state;
_Static_assert(sizeof(sg_state) == 24, "sg_state has no padding");
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
	       "the y_px / y_sub_hi fields address bytes of sg_state.y");

#ifndef JS_LANE_SUFFIX /* ---- the reference (compiled once, with the model's metadata) ---- */

#include <stdio.h>
#include <string.h>

static inline void sg_init(sg_state *s, const sg_game *g, const int32_t *ax)
{
	memset(s, 0, sizeof *s);
	int32_t ch = g->ax_char >= 0 ? ax[g->ax_char] : 0;
	const sg_char *c = sg_character(g, ch);
	s->ch = (uint8_t)(c - g->chars);
	s->radius = c->radius;
	s->y = (SG_FEET_ROW - c->radius) << 16; /* standing: feet on row $03FF, fraction 0 */
	s->water = ax[g->ax_env] == SG_ENV_UNDERWATER;
	s->start = (uint8_t)ax[g->ax_start];
	s->pending = s->start != SG_START_JUMP;
	s->vy0 = sg_sext16(ax[g->ax_vy0]);
}

static inline int32_t sg_radius(const sg_state *s)
{
	return s->roll ? SG_ROLL_RADIUS : s->radius;
}

/* (($03FF << 16) - feet) >> 8 as a signed 32-bit difference (see the top), shifted with the
 * sign restored by hand (no implementation-defined >> of a negative number). */
static inline int32_t sg_height(uint32_t y, int32_t radius)
{
	uint32_t d = (SG_FEET_ROW << 16) - (y + ((uint32_t)radius << 16));
	return (int32_t)(d >> 8) - (int32_t)((d >> 31) << 24);
}

/* JumpHeight (Sonic_JumpHeight, Tails_JumpHeight, Knux_JumpHeight). */
static inline void sg_jump_height(sg_state *s, const sg_game *g, int abc, int press)
{
	if (s->jumping) {
		int32_t cap = s->water ? SG_RELEASE_CAP_WATER : SG_RELEASE_CAP;
		if (s->vy < cap) { /* cmp.w y_vel(a0),d1 / ble: y_vel >= cap skips the release */
			if (!abc) {
				s->vy = (int16_t)cap;
				s->frame_flags |= SG_FLAG_RELEASE_CAP;
			}
		} else if (g->air_moves && !s->dj && press) {
			/* S3K: Sonic_ShieldMoves (no shield, no emeralds: the insta-shield, or Super
			 * Sonic's bare flag) sets double_jump_flag and leaves y_vel alone;
			 * Tails_Test_For_Flight and Knux_Test_For_Glide start a flight or glide. */
			s->dj = 1;
			if (sg_character(g, s->ch)->air_move)
				s->frame_flags |= SG_FLAG_AIR_MOVE;
		}
		if (s->vy < SG_SPRING_CAP)
			s->frame_flags |= SG_FLAG_NO_FC0_CAP;
		return;
	}
	if (s->vy < SG_SPRING_CAP) { /* UpVelCap */
		s->vy = (int16_t)SG_SPRING_CAP;
		s->frame_flags |= SG_FLAG_SPRING_CAP;
	}
}

/* ObjectMoveAndFall / MoveSprite (Y; x_vel is 0), then the underwater subi.w #$28. */
static inline void sg_move_and_fall(sg_state *s)
{
	uint32_t d = (uint32_t)s->vy << 8; /* ext.l d0 / asl.l #8,d0 */
	uint32_t ny = s->y + d;            /* add.l d0,d3 */
	if ((~(s->y ^ d) & (s->y ^ ny)) >> 31)
		s->frame_flags |= SG_FLAG_Y_WRAP;
	s->y = ny;
	int32_t v = sg_sext16(s->vy + SG_GRAVITY); /* addi.w #$38,y_vel(a0) */
	if (s->water)
		v = sg_sext16(v - SG_WATER_LIFT); /* subi.w #$28,y_vel(a0) */
	if (v < s->vy)
		s->frame_flags |= SG_FLAG_VY_WRAP;
	s->vy = (int16_t)v;
}

/* DoLevelCollision on the flat floor (x_vel 0), then the reset-on-floor routine. */
static inline void sg_floor(sg_state *s)
{
	if (s->vy < 0) /* CalcAngle $C0: the ceiling quadrant, open sky */
		return;
	/* CheckFloor: y_pos + y_radius as an add.w, read as a signed word; > 0: into the floor */
	int32_t pen = sg_sext16((int32_t)(s->y >> 16) + sg_radius(s)) - (int32_t)SG_FEET_ROW;
	if (pen <= 0) /* tst.w d1 / bpl */
		return;
	int32_t d1 = pen <= 32 ? -pen : -17 - ((pen - 1) & 15); /* FindFloor's two blocks */
	/* move.b y_vel(a0),d2 / addq.b #8 / neg.b / cmp.b d2,d1 / bge (d0 = d1 on a flat floor) */
	int32_t d2 = sg_sext8(-(int32_t)((((uint32_t)s->vy >> 8) + 8) & 0xff));
	if (sg_sext8(d1) < d2) {
		s->frame_flags |= SG_FLAG_MISSED_LANDING;
		return;
	}
	if (pen > 32)
		s->frame_flags |= SG_FLAG_DEEP_LANDING;
	s->y += (uint32_t)d1 << 16; /* add.w d1,y_pos(a0): the pixel word only */
	s->vy = 0;                  /* flat floor: move.w #0,y_vel(a0) */
	s->air = 0;                 /* ResetOnFloor / Player_TouchFloor */
	if (s->roll) {
		s->roll = 0;
		s->y -= (uint32_t)(s->radius - SG_ROLL_RADIUS) << 16;
	}
	s->jumping = 0;
	s->dj = 0;
}

/* The take-off frame: in_air; a jump (or start=written) also sets jumping and curls the
 * character up (y_radius $E, y_pos += default - $E: the feet stay put).  Nothing moves. */
static inline void sg_take_off(sg_state *s, int jump)
{
	s->air = 1;
	if (jump) {
		s->jumping = 1;
		if (!s->roll) {
			s->roll = 1;
			s->y += (uint32_t)(s->radius - SG_ROLL_RADIUS) << 16;
		}
	}
}

static inline void sg_step(sg_state *s, const sg_game *g, unsigned input)
{
	int abc = (input & JS_IN_JUMP) != 0;
	int press = abc && !s->prev_abc; /* held now, not last frame */
	s->frame_flags = 0;
	if (s->pending) {
		s->pending = 0;
		s->vy = (int16_t)s->vy0;
		sg_take_off(s, s->start == SG_START_WRITTEN);
	} else if (!s->air) {
		/* the standing mode -> Sonic_Jump: standing still on flat ground nothing else moves
		 * the character vertically */
		if (press) {
			int32_t d2 = sg_speed(sg_character(g, s->ch), s->water);
			/* muls.w / asr.l #8 / add.w */
			s->vy = (int16_t)sg_sext16(s->vy + (-0x100 * d2) / 256);
			sg_take_off(s, 1);
		}
	} else {
		sg_jump_height(s, g, abc, press);
		sg_move_and_fall(s);
		sg_floor(s);
	}
	s->prev_abc = (uint8_t)abc;
}

static inline void sg_observe(const sg_state *s, js_obs *o)
{
	o->height = sg_height(s->y, sg_radius(s));
	o->grounded = !s->air;
	o->flags = s->frame_flags;
}

/* Trace row: y_px,y_frac,vy,air,roll,jumping (and double_jump when the game has air moves). */
static inline int sg_trace_row(const sg_state *s, const sg_game *g, char *buf, size_t n)
{
	if (g->air_moves)
		return snprintf(buf, n, "%u,%u,%d,%u,%u,%u,%u", (unsigned)(s->y >> 16),
				(unsigned)(s->y & 0xffff), (int)s->vy, s->air, s->roll, s->jumping, s->dj);
	return snprintf(buf, n, "%u,%u,%d,%u,%u,%u", (unsigned)(s->y >> 16), (unsigned)(s->y & 0xffff),
			(int)s->vy, s->air, s->roll, s->jumping);
}

/* ---- fuzzing hooks (model.h), shared by the three games ----
 *
 * Fields (each game lists its own, with its labels): y_px (the pixel word, 0..$FFFF: the whole
 * word, so starts reach both of its wraps), y_sub_hi (the fraction's high byte: every move adds
 * y_vel << 8 and every snap changes the pixel word, so the low byte stays 0 as init leaves it),
 * vy (y_vel, the whole signed word: there is no fall cap, gravity alone reaches $7FFF), air,
 * roll, jumping, prev_abc, and S3K's double_jump_flag.
 *
 * sg_fuzz_fix: standing (in_air clear) the character is on the floor as a landing leaves it:
 * the feet on row $03FF (the fraction kept: Sonic_Floor snaps the pixel word only), y_vel 0,
 * rolling / jumping / double_jump_flag clear (the reset-on-floor routine).  In the air the
 * take-off of start=written/spring has already happened (it leaves the ground): pending clear.
 * A game without air moves has no double_jump_flag. */
static inline void sg_fuzz_fix(sg_state *s, const sg_game *g)
{
	s->y &= 0xffffff00u;
	if (!s->air) {
		s->y = (SG_FEET_ROW - s->radius) << 16 | (s->y & 0xff00u);
		s->vy = 0;
		s->roll = s->jumping = s->dj = 0;
	} else {
		s->pending = 0;
	}
	if (!g->air_moves)
		s->dj = 0;
}

/* The landing bound (js_model.land_bound) from any fuzz start with no buttons.  g = the net
 * gravity, $38 in air and $10 under water; figures below are air / water.  By frame 1 (frame 0,
 * or frame 1 after a pending take-off) JumpHeight has raised y_vel to -$FC0 or more (the release
 * with A/B/C up: the cap; not jumping: the clamp), and again on the frame after every add.w wrap.
 * So a flight is a chain of phases:
 *   R, a rise: at most $FC0 / g = 72 / 252 frames and 567 / 1985 px;
 *   S, a fall in the sky (rows $8000..$03FF, 33792 px): from y_vel >= 0 it meets the floor's top
 *     within 557 / 1040 frames, the feet at most hi(y_vel) + 1 px in, and lands there unless
 *     y_vel >= $7900; y_vel wraps first only if it was above 10241 / 28229 at the start of S,
 *     within (32768 - 10241) / $38 = 403 / 284 frames;
 *   M, a miss (y_vel >= $7900 in the floor): until y_vel wraps, 33 / 113 frames;
 *   F, a fall in the floor with y_vel < $7900: it lands once hi(y_vel) >= 24 (FindFloor's q <= 32),
 *     within $1800 / g = 110 / 384 frames, unless it first crosses row $7FFF into the top of
 *     the sky (S, from y_vel <= $1800).
 * After the first phase only a wrap starts R; only R can climb through row $8000 (to the floor's
 * bottom: F); an S from y_vel <= $1800 cannot wrap, and under water it lands (y_vel < $4600 at
 * the floor); the frames with y_vel >= $7900 (an M, or a fast S after crossing row $7FFF) are at
 * most 33 / 113 in all before the wrap.  The longest chains: air, S that wraps (403), R through
 * the top (72), F through the bottom (110), S (557), M (33), R (72), F (110): 1357; water, S that
 * wraps (284), R (252), F (384), S (1040): 1960 (with an M instead: 113 + 252 + 384 + 1040);
 * plus frames 0 and 1.  Random starts land within about 1400. */
#define SG_LAND_BOUND 2200

/* The feet's row, y_pos's pixel word read signed plus y_radius, with no add.w wrap: where the
 * feet are, which the floor sensor reads as long as the add.w does not wrap. */
static inline int32_t sg_feet_row(const sg_state *s)
{
	return sg_sext16((int32_t)(s->y >> 16)) + sg_radius(s);
}

/* Invariants (bits of inv_names, the same in the three games). */
enum { SG_INV_VY_WRAP, SG_INV_Y_WRAP, SG_INV_FLOOR_CATCH, SG_INV_FLOOR_SNAP };
#define SG_INV_NAMES { [SG_INV_VY_WRAP] = "vy_wrap", [SG_INV_Y_WRAP] = "y_wrap", \
		       [SG_INV_FLOOR_CATCH] = "floor_catch", [SG_INV_FLOOR_SNAP] = "floor_snap" }
#define SG_INV_WHAT { \
	[SG_INV_VY_WRAP] = "in the air y_vel only grows (gravity, the release, the -$FC0 clamp): " \
			   "a fall never turns into a rise (y_vel is a signed word; there is no " \
			   "fall cap, so addi.w #$38 can carry it past $7FFF)", \
	[SG_INV_Y_WRAP] = "y_pos's pixel word, read signed, moves by less than $4000 px a frame " \
			  "(moves are under 128 px, snaps under 33): it does not wrap between " \
			  "$7FFF and $8000", \
	[SG_INV_FLOOR_CATCH] = "a falling character whose feet are in the flat floor lands that " \
			       "frame (the floor sensor finds it and the landing is taken)", \
	[SG_INV_FLOOR_SNAP] = "a landing puts the feet on the floor's top row $03FF", \
}

/* One air frame ran (not a standing frame, not the start=written/spring take-off): then
 *   vy_wrap: still in the air, y_vel is not below what it was (it only grows; the add.w wrap
 *     past $7FFF is the only way down);
 *   floor_catch: still in the air and falling (y_vel >= 0 after gravity, so Sonic_Floor looked)
 *     with the feet inside the floor (row > $03FF): the landing was refused - FindFloor's
 *     distance failed the byte compare with y_vel (at y_vel >= $7900, or deeper than
 *     hi(y_vel) + 8 px), or the sensor's add.w wrapped to a negative row;
 *   floor_snap: landed with the feet off row $03FF - FindFloor's two blocks reach 32 px, a deeper
 *     landing snaps by 17..32 px and leaves the feet in the floor.
 * y_wrap on any frame: the signed pixel word jumps by more than $4000 px (the add.l overflow of
 * ObjectFall, or an add.w snap across $7FFF / $8000). */
static inline uint32_t sg_invariants(const sg_state *b, const sg_state *a)
{
	uint32_t bits = 0;
	int flight = b->air && !b->pending;
	if (flight && a->air && a->vy < b->vy)
		bits |= 1u << SG_INV_VY_WRAP;
	int32_t dy = sg_sext16((int32_t)(a->y >> 16)) - sg_sext16((int32_t)(b->y >> 16));
	if (dy > 0x4000 || dy < -0x4000)
		bits |= 1u << SG_INV_Y_WRAP;
	if (flight && a->air && a->vy >= 0 && sg_feet_row(a) > (int32_t)SG_FEET_ROW)
		bits |= 1u << SG_INV_FLOOR_CATCH;
	if (flight && !a->air && sg_feet_row(a) != (int32_t)SG_FEET_ROW)
		bits |= 1u << SG_INV_FLOOR_SNAP;
	return bits;
}

#else /* ---- the lane-kernel body (compiled once per ISA) ---- */

#include <string.h>

#include "lane.h"

/* ---- lane helpers (sonic_genesis.h's kernels and kernels/sa2.c) ---- */

/* Inlined whatever GCC's heuristics say: the game's parameters (a static const sg_game) then
 * fold into the kernel, e.g. S2's missing air move drops out of the frame. */
#define SG_INLINE static inline __attribute__((always_inline))

/* 1 when every lane of m (-1 / 0 per lane) is set: an AND tree over halves (a few instructions;
 * lane.h's js_vall extracts lane by lane). */
typedef int32_t sg_v8 __attribute__((vector_size(32)));
typedef int32_t sg_v4 __attribute__((vector_size(16)));
SG_INLINE int sg_vall(js_vi m)
{
#if JS_VW == 1
	return m[0] != 0;
#else
#if JS_VW == 16
	sg_v8 h8[2];
	__builtin_memcpy(h8, &m, sizeof m);
	sg_v8 m8 = h8[0] & h8[1];
#elif JS_VW == 8
	sg_v8 m8 = (sg_v8)m;
#endif
#if JS_VW >= 8
	sg_v4 h4[2];
	__builtin_memcpy(h4, &m8, sizeof m8);
	sg_v4 m4 = h4[0] & h4[1];
#else
	sg_v4 m4 = (sg_v4)m;
#endif
	return (m4[0] & m4[1] & m4[2] & m4[3]) != 0;
#endif
}

/* Lane masks (also used by kernels/sa2.c).  On AVX-512 a comparison gives a mask register (one
 * bit per lane) and a select is one masked move; written as the -1/0 vectors of lane.h, GCC 12
 * keeps the vectors and turns each select of a loop-carried value into two XORs.  So on AVX-512
 * the masks are __mmask16 and the few operations below are intrinsics; elsewhere they are the
 * js_vi masks (-1 / 0 per lane) and lane.h's operators.  Every use is the same expression. */
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
#include <immintrin.h>
typedef __mmask16 sg_m;
#define SG_MALL ((sg_m)0xffff)
#define SG_M512(x) ((__m512i)(x))
static inline sg_m sg_lt(js_vi a, js_vi b)
{
	return _mm512_cmplt_epi32_mask(SG_M512(a), SG_M512(b));
}
static inline sg_m sg_gt(js_vi a, js_vi b)
{
	return _mm512_cmpgt_epi32_mask(SG_M512(a), SG_M512(b));
}
static inline sg_m sg_ge(js_vi a, js_vi b)
{
	return _mm512_cmpge_epi32_mask(SG_M512(a), SG_M512(b));
}
static inline sg_m sg_eq(js_vi a, js_vi b)
{
	return _mm512_cmpeq_epi32_mask(SG_M512(a), SG_M512(b));
}
/* bit 0 of each lane set */
static inline sg_m sg_bit0(js_vu x)
{
	return _mm512_test_epi32_mask(SG_M512(x), _mm512_set1_epi32(1));
}
/* m ? a : b; m ? a : 0; x | (m ? bits : 0) */
static inline js_vi sg_sel(sg_m m, js_vi a, js_vi b)
{
	return (js_vi)_mm512_mask_blend_epi32(m, SG_M512(b), SG_M512(a));
}
static inline js_vi sg_selz(sg_m m, js_vi a)
{
	return (js_vi)_mm512_maskz_mov_epi32(m, SG_M512(a));
}
static inline js_vu sg_orif(js_vu x, sg_m m, uint32_t bits)
{
	return (js_vu)_mm512_mask_or_epi32(SG_M512(x), m, SG_M512(x), _mm512_set1_epi32((int)bits));
}
static inline sg_m sg_from_vec(js_vi v) { return _mm512_movepi32_mask(SG_M512(v)); }
static inline js_vi sg_to_vec(sg_m m) { return (js_vi)_mm512_movm_epi32(m); }
static inline int sg_mall(sg_m m) { return m == SG_MALL; }
#else
typedef js_vi sg_m;
#define SG_MALL js_vsplat(-1)
static inline sg_m sg_lt(js_vi a, js_vi b) { return a < b; }
static inline sg_m sg_gt(js_vi a, js_vi b) { return a > b; }
static inline sg_m sg_ge(js_vi a, js_vi b) { return a >= b; }
static inline sg_m sg_eq(js_vi a, js_vi b) { return a == b; }
static inline sg_m sg_bit0(js_vu x) { return (js_vi)(x & 1u) != 0; }
static inline js_vi sg_sel(sg_m m, js_vi a, js_vi b) { return js_vsel(m, a, b); }
static inline js_vi sg_selz(sg_m m, js_vi a) { return a & m; }
static inline js_vu sg_orif(js_vu x, sg_m m, uint32_t bits) { return x | ((js_vu)m & bits); }
static inline sg_m sg_from_vec(js_vi v) { return v; }
static inline js_vi sg_to_vec(sg_m m) { return m; }
static inline int sg_mall(sg_m m) { return sg_vall(m); }
#endif

/* A block regrouped: a group of lanes runs until its last lane lands, so it pays for its
 * longest jump, and the sweep hands the default grid over pattern-major (every start condition
 * of a hold side by side: air and water jumps, whose lengths differ by a factor of two, share
 * groups).  sg_block_sort orders the block's lanes by a small key (a stable counting sort) into a
 * local copy - axes, the jump button's input words and, for fuzz starts (js_lane_args.start),
 * the lanes' start states (state_size bytes each); lanes n.. copy the last one, as the sweep
 * pads a block - that the kernel runs; sg_block_scatter puts the results back at the lanes' own
 * indices. */
typedef struct sg_block {
	js_lane_args args;
	int perm[JS_BLOCK];
	int32_t ax[JS_MAX_AXES][JS_BLOCK];
	int64_t rise[JS_BLOCK];
	int32_t apex[JS_BLOCK], air[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	uint32_t in[(JS_MAX_FRAMES / 32) * JS_BLOCK];
	_Alignas(8) unsigned char start[JS_BLOCK * JS_STATE_MAX];
} sg_block;

#define SG_MAX_KEYS 64

SG_INLINE void sg_block_sort(sg_block *b, const js_lane_args *args, const int *key, int n_keys,
			     size_t state_size)
{
	const int n = args->n_lanes, words = (args->n_frames + 31) >> 5;
	int count[SG_MAX_KEYS + 1] = { 0 };
	for (int l = 0; l < n; l++)
		count[key[l] + 1]++;
	for (int k = 0; k < n_keys; k++)
		count[k + 1] += count[k];
	for (int l = 0; l < n; l++)
		b->perm[count[key[l]]++] = l;
	for (int i = 0; i < JS_BLOCK; i++) {
		int l = b->perm[i < n ? i : n - 1];
		for (int a = 0; a < JS_MAX_AXES; a++)
			b->ax[a][i] = args->axis[a] ? args->axis[a][l] : 0;
		for (int w = 0; w < words; w++)
			b->in[w * JS_BLOCK + i] = args->input[0][w * JS_BLOCK + l];
	}
	memset(&b->args, 0, sizeof b->args);
	b->args.n_lanes = n;
	b->args.n_frames = args->n_frames;
	b->args.rise = b->rise;
	b->args.apex_frame = b->apex;
	b->args.airtime = b->air;
	b->args.flags = b->flags;
	for (int a = 0; a < JS_MAX_AXES; a++)
		b->args.axis[a] = b->ax[a];
	b->args.input[0] = b->in; /* the kernels read the jump button only */
	if (args->start) { /* the start states follow their lanes */
		for (int i = 0; i < n; i++) /* the kernels read lanes n.. from lane n - 1 */
			memcpy(b->start + (size_t)i * state_size,
			       (const unsigned char *)args->start + (size_t)b->perm[i] * state_size,
			       state_size);
		b->args.start = b->start;
	}
}

SG_INLINE void sg_block_scatter(const sg_block *b, const js_lane_args *args)
{
	for (int i = 0; i < args->n_lanes; i++) {
		int l = b->perm[i];
		args->rise[l] = b->rise[i];
		args->apex_frame[l] = b->apex[i];
		args->airtime[l] = b->air[i];
		args->flags[l] = b->flags[i];
	}
}



/* The reference above on JS_VW lanes at a time (js_vi registers), each group through all its
 * frames with the state in registers.  Every branch of the reference is a select on a lane mask.
 * Facts about the reference the kernels use:
 *   - standing, y_vel is 0 (it starts 0, every flat landing writes 0), and rolling, jumping and
 *     double_jump_flag are clear; so a take-off writes -d2 (or vy0), and an air frame run on a
 *     standing lane changes nothing (neither JumpHeight rule fires on y_vel 0, the move is 0, the
 *     landing needs in_air);
 *   - rolling and jumping are set together (a jump) and cleared together (the landing), and a
 *     spring sets neither: one mask `ju` holds both;
 *   - the state keeps the feet F = y_pos + (y_radius << 16) (mod 2^32): the curl (y_pos += r -
 *     $E, y_radius $E) and the uncurl leave it, a landing adds d1 << 16, a move adds the same d
 *     to both; y_pos = F - (y_radius << 16) is rebuilt only for the add.l overflow test
 *     (y_wrap); the character's radius drops out of everything else;
 *   - the height is (($03FF << 16) - F) >> 8 with the low 8 bits 0 (see the top), so the
 *     accounting runs on raw = ($03FF << 16) - F = 256 * height exactly: same sign, same order,
 *     the same frames win; rise is divided by 256 once at the end;
 *   - start=written/spring take off on frame 0 only, from the ground: frame 0 is peeled off.
 *
 * Two paths.  A group whose every lane is "tame" (start=jump, or |vy0| <= SG_TAME_VY) runs the
 * fast path; any other group the general path.
 *
 * Why the fast path may drop most of the general path: in a tame lane's first flight |y_vel|
 * stays below $1F00.  y_vel only grows after the take-off (gravity; the release and the -$FC0
 * clamp raise it too), the highest flight is the one never released, and that one comes back to
 * the floor at no more than its start speed plus two frames of gravity (a discrete parabola:
 * $1800 + $70 < $1F00).  Then: no add.w wrap of y_vel (vy_wrap), no add.l overflow of y_pos
 * (y_wrap: the feet stay within 4700 px of the floor), and on the first frame the feet are in
 * the floor they moved down by hv > 0 from row <= $03FF, so pen <= hi(hv) + 1 <= 31: FindFloor
 * reads d1 = -pen (no deep_landing), the byte compare passes (-pen >= -(hi(y_vel) + 8), no
 * missed_landing) and y_vel >= 0 there.  So a tame lane lands on the first frame its feet are in
 * the floor, at row $03FF with its fraction kept.  Its flags are then release_cap (a frame's
 * event), air_move (ditto, S3K) and below_start, plus two that only frame 1 can raise and that
 * are known before it: spring_cap (spring, vy0 < -$FC0: frame 1 clamps, the path starts the
 * lane at -$FC0 instead, the same speed for the first move) and no_fc0_cap (written,
 * vy0 < -$FC0, A/B/C held on frame 1: afterwards y_vel is above the cap or the release has set
 * it to the cap).  tests/test_sonic2.c runs every never-released tame start through both paths
 * and the reference. */
#define SG_TAME_VY 0x1800

/* Per-lane constants of a group, from the axes. */
typedef struct sg_consts {
	js_vi tvj;      /* y_vel after a jump take-off: -d2 (character, env) */
	js_vi cap;      /* JumpHeight's release cap (env) */
	js_vi grav;     /* net gravity: $38, under water $10 (addi.w $38 then subi.w $28: one add
			 * mod 2^16) */
	js_vi forced;   /* start != jump: frame 0 takes off whatever the buttons */
	js_vi written;  /* start == written */
	js_vi spring;   /* start == spring */
	js_vi vy0;      /* sign-extended axis vy0 */
	js_vi mover;    /* S3K: the character's air move is not modelled (flag it) */
	js_vu rstand;   /* the standing y_radius << 16 */
	js_vu rdiff;    /* (standing y_radius - $E) << 16: the curl's y_pos shift */
	int tame;       /* every lane of the group is tame */
} sg_consts;

static inline void sg_consts_init(sg_consts *k, const js_lane_args *args, int l0, const sg_game *g)
{
	int32_t tv[JS_VW], cp[JS_VW], gr[JS_VW], fo[JS_VW], wr[JS_VW], sp[JS_VW], v0[JS_VW], mv[JS_VW];
	int32_t rs[JS_VW], rd[JS_VW];
	int tame = 1;
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		int water = args->axis[g->ax_env][l] == SG_ENV_UNDERWATER;
		const sg_char *c = sg_character(g, g->ax_char >= 0 ? args->axis[g->ax_char][l] : 0);
		int32_t start = args->axis[g->ax_start][l];
		int32_t v = sg_sext16(args->axis[g->ax_vy0][l]);
		tv[i] = -sg_speed(c, water);
		cp[i] = water ? SG_RELEASE_CAP_WATER : SG_RELEASE_CAP;
		gr[i] = water ? SG_GRAVITY - SG_WATER_LIFT : SG_GRAVITY;
		fo[i] = -(start != SG_START_JUMP);
		wr[i] = -(start == SG_START_WRITTEN);
		sp[i] = -(start == SG_START_SPRING);
		v0[i] = v;
		mv[i] = -(g->air_moves && c->air_move);
		rs[i] = (int32_t)c->radius << 16;
		rd[i] = ((int32_t)c->radius - SG_ROLL_RADIUS) << 16;
		tame &= start == SG_START_JUMP || (v >= -SG_TAME_VY && v <= SG_TAME_VY);
	}
	k->tvj = js_vload(tv);
	k->cap = js_vload(cp);
	k->grav = js_vload(gr);
	k->forced = js_vload(fo);
	k->written = js_vload(wr);
	k->spring = js_vload(sp);
	k->vy0 = js_vload(v0);
	k->mover = js_vload(mv);
	k->rstand = (js_vu)js_vload(rs);
	k->rdiff = (js_vu)js_vload(rd);
	k->tame = tame;
}

/* ---- the general path: every rule and flag of the reference ---- */

static inline void sg_general_group(const js_lane_args *args, int l0, const sg_game *g,
				    const sg_consts *k)
{
	const js_vu feet_row = (js_vu)js_vsplat((int32_t)(SG_FEET_ROW << 16));
	const uint32_t *in = args->input[0] + l0;
	js_vacc acc;
	js_vacc_init(&acc, args, l0);

	/* Frame 0: everyone stands.  Take-off: forced, or a press (nothing held before frame 0).
	 * Curled + jumping: a press (not forced) or start=written.  y_vel: vy0 forced, else the
	 * jump's.  The feet stay on row $03FF: height 0, no events. */
	js_vu bits = js_vloadu(in);
	js_vi abc = (js_vi)(bits & 1u) != 0;
	js_vi air = k->forced | abc;
	js_vi ju = (abc & ~k->forced) | k->written;
	js_vi vy = air & js_vsel(k->forced, k->vy0, k->tvj);
	js_vi prev = abc;
	js_vi dj = js_vsplat(0);
	js_vu feet = feet_row;
	js_vi live = js_vsplat(-1), rise = js_vsplat(0), apex = rise, cnt = js_vsplat(1);
	js_vu flags = (js_vu)rise;

	for (int f = 1; f < args->n_frames; f++) {
		if ((f & 31) == 0)
			bits = js_vloadu(in + (f >> 5) * JS_BLOCK);
		else
			bits >>= 1;
		abc = (js_vi)(bits & 1u) != 0;
		js_vi press = abc & ~prev;
		js_vi jump = ~air & press;

		/* JumpHeight: jumping below the cap with A/B/C up -> the cap; at or above it (S3K) a
		 * new press with double_jump_flag clear starts the air move; not jumping below
		 * -$FC0 -> -$FC0.  On the ground y_vel 0 fires none (the air move needs in_air). */
		js_vi below_cap = vy < k->cap;
		js_vi low = vy < SG_SPRING_CAP;
		js_vi release = ju & ~abc & below_cap;
		js_vi spring = low & ~ju;
		js_vu fl = ((js_vu)release & SG_FLAG_RELEASE_CAP) | ((js_vu)spring & SG_FLAG_SPRING_CAP) |
			   ((js_vu)(low & ju & ~release) & SG_FLAG_NO_FC0_CAP);
		if (g->air_moves) {
			js_vi move = air & ju & ~below_cap & press & ~dj;
			dj |= move;
			fl |= (js_vu)(move & k->mover) & SG_FLAG_AIR_MOVE;
		}
		js_vi hv = js_vsel(release, k->cap, js_vsel(spring, js_vsplat(SG_SPRING_CAP), vy));

		/* MoveAndFall: y_pos += old speed << 8 (add.l: the uint32 add wraps like it); y_wrap
		 * on its signed overflow.  y_pos = F - (y_radius << 16): $E while curled (ju), the
		 * character's standing radius after a spring.  The feet move by the same d.  Then
		 * y_vel += $38 (under water net $10), a .w add: hv in [-$8000, $7FFF], grav > 0, so it
		 * wraps only past $7FFF (vy_wrap). */
		js_vu d = (js_vu)hv << 8;
		js_vu y = feet - (k->rstand - ((js_vu)ju & k->rdiff));
		js_vu ny = y + d;
		fl |= (js_vu)((js_vi)((y ^ ny) & (d ^ ny)) < 0) & SG_FLAG_Y_WRAP;
		js_vu nfeet = feet + d;
		js_vi t = hv + k->grav;
		js_vi vwrap = t > 0x7fff;
		js_vi nv = t - (vwrap & 0x10000);
		fl |= (js_vu)vwrap & SG_FLAG_VY_WRAP;

		/* Floor / DoLevelCollision, only falling (nv >= 0: CalcAngle's $40 quadrant) with the
		 * feet sensor in the floor: pen = sensor row (y_pos + y_radius as an add.w, read
		 * signed) - $03FF > 0; the sensor row is the high word of the feet (the add.l's carry
		 * out dropped = the add.w wrap).  FindFloor: d1 = -q, q = pen up to 32, else 17 +
		 * ((pen - 1) & 15); as 17 + ((pen - 1) & 15) is pen + 16 for pen in 1..16 and pen for
		 * 17..32, q = min(pen, 17 + ((pen - 1) & 15)), and (pen - 1) & 15 is row & 15 ($83FF +
		 * 1 is a multiple of 16).  d1 is in [-32, -1], so its byte compare is the int compare.
		 * The test byte(d1) >= byte(-(hi(y_vel) + 8)): for nv in [0, $7FFF] the right side is
		 * -(hi + 8) while hi + 8 <= $80 (nv < $7900) and positive above (never met); so land
		 * <=> nv < $7900 (unsigned: also nv >= 0) and hi + 8 >= q, i.e. nv >= (q - 8) << 8.
		 * The snap and the uncurl: the feet rise by q px. */
		js_vi row = (js_vi)(nfeet >> 16);
		js_vi pen = (row ^ 0x8000) - (0x8000 + (int32_t)SG_FEET_ROW);
		js_vi qd = (row & 15) + 17;
		js_vi q = js_vsel(pen < qd, pen, qd);
		js_vi into = air & (pen > 0);
		js_vi ok = ((js_vu)nv < 0x7900u) & (nv >= (q << 8) - 0x800);
		js_vi land = into & ok;
		fl |= (js_vu)(into & ~ok & (nv >= 0)) & SG_FLAG_MISSED_LANDING;
		fl |= (js_vu)(land & (pen > 32)) & SG_FLAG_DEEP_LANDING;
		feet = nfeet - ((js_vu)land & ((js_vu)q << 16));

		js_vi stay = air & ~land;
		vy = (nv & stay) | (jump & k->tvj);
		ju = (ju & ~land) | jump;
		dj &= ~land;
		air = stay | jump;
		prev = abc;

		js_vi raw = (js_vi)(feet_row - feet);
		fl |= (js_vu)((raw < 0) & air) & JS_FLAG_BELOW_START;
		flags |= fl & (js_vu)live;
		js_vi higher = live & (raw > rise);
		rise = js_vsel(higher, raw, rise);
		apex = js_vsel(higher, js_vsplat(f), apex);
		cnt -= live;
		live &= ~land;
		if ((f & 7) == 7 && sg_vall(~live | (~air & (acc.last_jump <= f))))
			break;
	}
	acc.rise = rise >> 8;
	acc.apex = apex;
	acc.air = ~live & cnt;
	acc.landed = ~live;
	acc.took = ~live | air;
	acc.flags = flags;
	js_vacc_store(&acc, args, l0);
}

/* ---- fuzz starts (js_lane_args.start): every lane from its own reference state ----
 *
 * The general path's frame with nothing assumed about the start: the state (feet F, y_vel,
 * in_air, rolling and jumping apart, double_jump_flag, A/B/C last frame, the pending take-off of
 * start=written/spring) is loaded from each lane's sg_state, and the accounting is lane.h's
 * js_vacc (a lane that starts in the air and lands before it is seen airborne has not taken off,
 * and may still jump).  As in the general path the state keeps the feet F = y_pos + (y_radius <<
 * 16) mod 2^32; y_pos = F - (y_radius << 16) only for the y_wrap test, with y_radius $E while
 * rolling.  The low byte of F is 0 (sg_fuzz_fix), so raw = ($03FF << 16) - F is 256 * height.
 * A pending lane stands on frame 0 (sg_fuzz_fix clears pending in the air): its take-off writes
 * vy0, sets in_air, and for start=written jumping and rolling (the curl keeps F). */
static inline void sg_start_group(const js_lane_args *args, int l0, const sg_game *g,
				  const sg_consts *k)
{
	const js_vu feet_row = (js_vu)js_vsplat((int32_t)(SG_FEET_ROW << 16));
	const uint32_t *in = args->input[0] + l0;
	int32_t fe[JS_VW], v[JS_VW], ai[JS_VW], ro[JS_VW], jm[JS_VW], d[JS_VW], pr[JS_VW], pe[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		const sg_state *st = (const sg_state *)args->start + l;
		uint32_t r = st->roll ? SG_ROLL_RADIUS : st->radius;
		fe[i] = (int32_t)(st->y + (r << 16));
		v[i] = st->vy;
		ai[i] = -(st->air != 0);
		ro[i] = -(st->roll != 0);
		jm[i] = -(st->jumping != 0);
		d[i] = -(st->dj != 0);
		pr[i] = -(st->prev_abc != 0);
		pe[i] = -(st->pending != 0);
	}
	js_vu feet = (js_vu)js_vload(fe);
	js_vi vy = js_vload(v), air = js_vload(ai), roll = js_vload(ro), ju = js_vload(jm);
	js_vi dj = js_vload(d), prev = js_vload(pr), pend = js_vload(pe);
	js_vacc acc;
	js_vacc_init(&acc, args, l0);
	js_vu bits = js_vloadu(in);

	for (int f = 0; f < args->n_frames; f++) {
		if (f > 0) {
			if ((f & 31) == 0)
				bits = js_vloadu(in + (f >> 5) * JS_BLOCK);
			else
				bits >>= 1;
		}
		js_vi abc = (js_vi)(bits & 1u) != 0;
		js_vi press = abc & ~prev;
		js_vi act = air & ~pend;          /* an air frame runs */
		js_vi jump = ~air & ~pend & press; /* Sonic_Jump */

		/* JumpHeight */
		js_vi below_cap = vy < k->cap;
		js_vi low = vy < SG_SPRING_CAP;
		js_vi release = act & ju & ~abc & below_cap;
		js_vi spring = act & ~ju & low;
		js_vu fl = ((js_vu)release & SG_FLAG_RELEASE_CAP) | ((js_vu)spring & SG_FLAG_SPRING_CAP) |
			   ((js_vu)(act & low & ju & ~release) & SG_FLAG_NO_FC0_CAP);
		if (g->air_moves) {
			js_vi move = act & ju & ~below_cap & press & ~dj;
			dj |= move;
			fl |= (js_vu)(move & k->mover) & SG_FLAG_AIR_MOVE;
		}
		js_vi hv = js_vsel(release, k->cap, js_vsel(spring, js_vsplat(SG_SPRING_CAP), vy));

		/* MoveAndFall (air frames only) */
		js_vu dd = ((js_vu)hv << 8) & (js_vu)act;
		js_vu y = feet - (k->rstand - ((js_vu)roll & k->rdiff));
		js_vu ny = y + dd;
		fl |= (js_vu)((js_vi)((y ^ ny) & (dd ^ ny)) < 0) & SG_FLAG_Y_WRAP;
		js_vu nfeet = feet + dd;
		js_vi t = hv + k->grav;
		js_vi vwrap = act & (t > 0x7fff);
		js_vi nv = t - (vwrap & 0x10000);
		fl |= (js_vu)vwrap & SG_FLAG_VY_WRAP;

		/* Floor (the general path's, see there) */
		js_vi row = (js_vi)(nfeet >> 16);
		js_vi pen = (row ^ 0x8000) - (0x8000 + (int32_t)SG_FEET_ROW);
		js_vi qd = (row & 15) + 17;
		js_vi q = js_vsel(pen < qd, pen, qd);
		js_vi into = act & (pen > 0);
		js_vi ok = ((js_vu)nv < 0x7900u) & (nv >= (js_vi)((js_vu)q << 8) - 0x800);
		js_vi land = into & ok;
		fl |= (js_vu)(into & ~ok & (nv >= 0)) & SG_FLAG_MISSED_LANDING;
		fl |= (js_vu)(land & (pen > 32)) & SG_FLAG_DEEP_LANDING;
		feet = nfeet - ((js_vu)land & ((js_vu)q << 16));

		/* the new state: landed lanes reset; take-offs (a jump, or the pending one) */
		js_vi curl = jump | (pend & k->written);
		vy = js_vsel(act, nv & ~land, vy);
		vy = js_vsel(jump, k->tvj, js_vsel(pend, k->vy0, vy));
		air = (air & ~land) | jump | pend;
		ju = (ju & ~land) | curl;
		roll = (roll & ~land) | curl;
		dj &= ~land;
		prev = abc;
		pend = js_vsplat(0);

		/* raw = 256 * height exactly: the shift loses nothing (and the fuzzer's record,
		 * lane.h's js_vacc_note, sees the height itself) */
		js_vacc_frame(&acc, f, (js_vi)(feet_row - feet) >> 8, ~air, fl);
		if ((f & 7) == 7 && js_vacc_done(&acc, f))
			break;
	}
	js_vacc_store(&acc, args, l0);
}

/* ---- the fast path: tame groups (see above), two side by side ---- */

#define SG_FEET_LIMIT ((int32_t)((SG_FEET_ROW << 16) | 0xffffu)) /* feet above: row <= $03FF */

typedef struct sg_fast {
	js_vu feet;      /* F; read as a signed int32, tame lanes stay far from its wrap */
	js_vi vy, rise, apex, airt;
	sg_m air, landed, prev;
	sg_m rel_any, move_any, below_any; /* the frames' events, ORed (the flags) */
	js_vu bits, flags;
	js_vi cap_rel;   /* the release cap; INT32_MIN after a spring (never released) */
	js_vi cap_move;  /* S3K: the cap where the air move is flagged; INT32_MAX where it is not */
	js_vi grav, tvj;
	const uint32_t *in;
} sg_fast;

SG_INLINE void sg_fast_init(sg_fast *s, const js_lane_args *args, int l0, const sg_consts *k)
{
	s->in = args->input[0] + l0;
	s->bits = js_vloadu(s->in);
	js_vi abc = (js_vi)(s->bits & 1u) != 0;
	/* Frame 0: a forced take-off (vy0; a spring's vy0 below -$FC0 starts at -$FC0, the speed
	 * frame 1's clamp would give its first move) or a press (the jump's speed). */
	js_vi low0 = k->vy0 < SG_SPRING_CAP;
	js_vi v0 = js_vsel(k->spring & low0, js_vsplat(SG_SPRING_CAP), k->vy0);
	js_vi air = k->forced | abc;
	s->air = sg_from_vec(air);
	s->vy = air & js_vsel(k->forced, v0, k->tvj);
	s->prev = sg_from_vec(abc);
	s->landed = s->rel_any = s->move_any = s->below_any = sg_from_vec(js_vsplat(0));
	s->feet = (js_vu)js_vsplat((int32_t)(SG_FEET_ROW << 16));
	s->rise = s->apex = s->airt = js_vsplat(0);
	s->cap_rel = js_vsel(k->spring, js_vsplat(INT32_MIN), k->cap);
	s->cap_move = js_vsel(~k->spring & k->mover, k->cap, js_vsplat(INT32_MAX));
	s->grav = k->grav;
	s->tvj = k->tvj;
	/* Frame 1's clamp (spring_cap) and no_fc0_cap (written, held on frame 1), known now. */
	js_vu fl = (js_vu)js_vsplat(0);
	if (args->n_frames > 1) {
		js_vi held1 = (js_vi)((s->bits >> 1) & 1u) != 0;
		fl = ((js_vu)(k->spring & low0) & SG_FLAG_SPRING_CAP) |
		     ((js_vu)(k->written & low0 & held1) & SG_FLAG_NO_FC0_CAP);
	}
	s->flags = fl;
}

SG_INLINE void sg_fast_frame(sg_fast *s, int f, const int moves)
{
	if ((f & 31) == 0)
		s->bits = js_vloadu(s->in + (f >> 5) * JS_BLOCK);
	else
		s->bits >>= 1;
	sg_m abc = sg_bit0(s->bits);
	sg_m press = abc & ~s->prev;
	s->prev = abc;
	/* A landed lane stays down (frozen): its first flight is all the accounting wants. */
	sg_m jump = press & ~(s->air | s->landed);
	/* JumpHeight: the release (never on the ground, where y_vel is 0 > cap; never after a
	 * spring, cap_rel INT32_MIN); S3K's air move on a new press at or above the cap. */
	sg_m rel = ~abc & sg_lt(s->vy, s->cap_rel);
	js_vi hv = sg_sel(rel, s->cap_rel, s->vy);
	s->rel_any |= rel;
	if (moves)
		s->move_any |= press & s->air & sg_ge(s->vy, s->cap_move);
	/* MoveAndFall; a standing lane moves by its y_vel 0. */
	js_vu feet = s->feet + ((js_vu)hv << 8);
	js_vi nv = hv + s->grav;
	/* The landing: feet row > $03FF (only an airborne lane gets there), snapped to row $03FF
	 * with the fraction kept, y_vel 0. */
	sg_m land = sg_gt((js_vi)feet, js_vsplat(SG_FEET_LIMIT));
	feet = (js_vu)sg_sel(land, (js_vi)((feet & 0xffffu) | (SG_FEET_ROW << 16)), (js_vi)feet);
	s->feet = feet;
	sg_m stay = s->air & ~land;
	s->vy = sg_sel(jump, s->tvj, sg_selz(stay, nv));
	s->air = stay | jump;
	s->landed |= land;
	/* Accounting: a lane's raw is 0 before its take-off and <= 0 after its landing, so the
	 * rise needs no mask; below_start needs in_air after the frame. */
	js_vi raw = (js_vi)((SG_FEET_ROW << 16) - feet);
	sg_m higher = sg_gt(raw, s->rise);
	s->rise = sg_sel(higher, raw, s->rise);
	s->apex = sg_sel(higher, js_vsplat(f), s->apex);
	s->airt = sg_sel(land, js_vsplat(f + 1), s->airt);
	s->below_any |= sg_lt(raw, js_vsplat(0)) & s->air;
}

SG_INLINE int sg_fast_done(const sg_fast *s, const js_vi last_jump, int f)
{
	return sg_mall(s->landed | (~s->air & sg_lt(last_jump, js_vsplat(f + 1))));
}

static inline void sg_fast_store(const sg_fast *s, const js_lane_args *args, int l0)
{
	js_vacc acc;
	acc.rise = s->rise >> 8; /* 256 * height exactly */
	acc.apex = s->apex;
	acc.air = s->airt;
	acc.landed = sg_to_vec(s->landed);
	acc.took = sg_to_vec(s->landed | s->air);
	js_vu fl = sg_orif(s->flags, s->rel_any, SG_FLAG_RELEASE_CAP);
	fl = sg_orif(fl, s->move_any, SG_FLAG_AIR_MOVE);
	acc.flags = sg_orif(fl, s->below_any, JS_FLAG_BELOW_START);
	js_vacc_store(&acc, args, l0);
}

/* The last frame with A/B/C down per lane (-1 if none), as js_vacc_init finds it. */
static inline js_vi sg_last_jump(const js_lane_args *args, int l0)
{
	js_vacc acc;
	js_vacc_init(&acc, args, l0);
	return acc.last_jump;
}

SG_INLINE void sg_fast_groups(const js_lane_args *args, int l0, const sg_consts *k0,
				  const sg_consts *k1, const int two, const int moves)
{
	sg_fast g0, g1;
	sg_fast_init(&g0, args, l0, k0);
	js_vi lj0 = sg_last_jump(args, l0), lj1 = lj0;
	if (two) {
		sg_fast_init(&g1, args, l0 + JS_VW, k1);
		lj1 = sg_last_jump(args, l0 + JS_VW);
	}
	for (int f = 1; f < args->n_frames; f++) {
		sg_fast_frame(&g0, f, moves);
		if (two)
			sg_fast_frame(&g1, f, moves);
		if ((f & 7) == 7 && sg_fast_done(&g0, lj0, f) && (!two || sg_fast_done(&g1, lj1, f)))
			break;
	}
	sg_fast_store(&g0, args, l0);
	if (two)
		sg_fast_store(&g1, args, l0 + JS_VW);
}

#if JS_VW == 16 && defined(__AVX512BW__)
/* ---- AVX-512 (F + BW): the fast path on 16-bit lanes, 32 to a register ----
 *
 * A block whose lanes all start from init (no js_lane_args.start) with start=jump and whose
 * take-off speeds d2 are at most $800: the whole block as
 * two registers of 32 lanes (one when n_lanes <= 32), the rules of sg_fast_frame with the feet
 * held as y = SG_Z_OFF + ((F - ($03FF << 16)) >> 8): the feet's depth below the take-off row in
 * 1/256 px (F's low 8 bits are 0, see the top: the depth * 256 is exact) plus an offset that
 * centres the range in an int16.  What it relies on, beyond the fast path's
 * facts (a tame lane lands on the first frame its feet are in the floor, snapped to row $03FF
 * with the fraction kept; no forced take-off, so no spring_cap / no_fc0_cap; jumping is set in
 * every flight, so the release cap is the lane's, and S3K's air move is JumpHeight's other
 * branch: y_vel >= the cap, double_jump_flag clear and a new press set double_jump_flag and, for
 * Tails and Knuckles, the flag; y_vel is untouched, so the flight below is the same, and as a
 * lane's first flight is all it runs, the flag is raised on the first such press of the flight
 * whatever double_jump_flag blocks after it: the path keeps no double_jump_flag):
 *   - the highest flight, never released, from -$800 (Super Sonic) with gravity $38 reaches a
 *     depth of -38480, from -$680 -25560, from -$380 under water (net $10) -25536 (a release
 *     only raises y_vel); it lands at a depth <= 1800 with y_vel <= $868 (simulated: the
 *     parabola's last move), so with the offset $5E00 (24064) y stays in [-14416, 25864] and
 *     y + y_vel, y_vel fit an int16;
 *   - the feet's row is above $03FF exactly when the depth is <= 255 (y <= SG_Z_OFF + 255); the
 *     landing snap (row $03FF, the fraction kept) is depth & $FF, y := (y & $FF) + SG_Z_OFF as
 *     SG_Z_OFF is a multiple of 256;
 *   - the height is SG_Z_OFF - y (rise = SG_Z_OFF - min y), frames and airtimes are <
 *     JS_MAX_FRAMES = 4096. */
#define SG_Z_MAX_SPEED 0x800
#define SG_Z_OFF 0x5e00

typedef struct sg_zlanes {
	__m512i tvj, cap, grav; /* per-lane constants */
	__m512i y, vy, ymin, apex, airt;
	__mmask32 air, prev, landed, rel_any, below_any;
	__mmask32 mover, moved; /* S3K: the character flags its air move; it did */
} sg_zlanes;

static inline void sg_zlanes_init(sg_zlanes *z, const js_lane_args *args, int l0, const sg_game *g)
{
	int16_t tv[32], cp[32], gr[32];
	uint32_t mover = 0;
	for (int i = 0; i < 32; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		int water = args->axis[g->ax_env][l] == SG_ENV_UNDERWATER;
		const sg_char *c = sg_character(g, g->ax_char >= 0 ? args->axis[g->ax_char][l] : 0);
		tv[i] = (int16_t)-sg_speed(c, water);
		cp[i] = water ? SG_RELEASE_CAP_WATER : SG_RELEASE_CAP;
		gr[i] = water ? SG_GRAVITY - SG_WATER_LIFT : SG_GRAVITY;
		mover |= (uint32_t)(g->air_moves && c->air_move) << i;
	}
	z->mover = _cvtu32_mask32(mover);
	z->moved = 0;
	z->tvj = _mm512_loadu_si512(tv);
	z->cap = _mm512_loadu_si512(cp);
	z->grav = _mm512_loadu_si512(gr);
	z->y = z->ymin = _mm512_set1_epi16(SG_Z_OFF);
	z->vy = z->apex = z->airt = _mm512_setzero_si512();
	z->air = z->prev = z->landed = z->rel_any = z->below_any = 0;
}

SG_INLINE void sg_zlanes_frame(sg_zlanes *z, __mmask32 a, __m512i fv, __m512i fv1,
			     const int air_moves)
{
	__mmask32 press = _kandn_mask32(z->prev, a);
	z->prev = a;
	if (air_moves) /* S3K: in the air (jumping), y_vel >= cap, a press (see above) */
		z->moved = _kor_mask32(z->moved,
				       _mm512_mask_cmpge_epi16_mask(_kand_mask32(_kand_mask32(z->air, press),
										 z->mover),
								    z->vy, z->cap));
	/* A landed lane stays down (frozen): its first flight is all the accounting wants. */
	__mmask32 jump = _kandn_mask32(_kor_mask32(z->air, z->landed), press);
	/* JumpHeight's release (y_vel 0 on the ground is above the cap) */
	__mmask32 rel = _mm512_mask_cmplt_epi16_mask(_knot_mask32(a), z->vy, z->cap);
	__m512i hv = _mm512_mask_mov_epi16(z->vy, rel, z->cap);
	z->rel_any = _kor_mask32(z->rel_any, rel);
	/* MoveAndFall; a standing lane moves by its y_vel 0.  The landing: feet row > $03FF. */
	__m512i y = _mm512_add_epi16(z->y, hv);
	__m512i nv = _mm512_add_epi16(hv, z->grav);
	__mmask32 land = _mm512_cmpgt_epi16_mask(y, _mm512_set1_epi16(SG_Z_OFF + 0xff));
	y = _mm512_mask_mov_epi16(y, land, _mm512_add_epi16(_mm512_and_si512(y, _mm512_set1_epi16(0xff)),
							     _mm512_set1_epi16(SG_Z_OFF)));
	z->y = y;
	__mmask32 stay = _kandn_mask32(land, z->air);
	z->vy = _mm512_mask_mov_epi16(_mm512_maskz_mov_epi16(stay, nv), jump, z->tvj);
	z->air = _kor_mask32(stay, jump);
	z->landed = _kor_mask32(z->landed, land);
	/* Accounting: height = SG_Z_OFF - y */
	__mmask32 lower = _mm512_cmplt_epi16_mask(y, z->ymin);
	z->ymin = _mm512_min_epi16(z->ymin, y);
	z->apex = _mm512_mask_mov_epi16(z->apex, lower, fv);
	z->airt = _mm512_mask_mov_epi16(z->airt, land, fv1);
	z->below_any = _kor_mask32(z->below_any,
				   _mm512_mask_cmpgt_epi16_mask(z->air, y, _mm512_set1_epi16(SG_Z_OFF)));
}

/* 1 when no lane can change its results after frame f: each has landed, or still stands and
 * no lane of the block presses A/B/C after f (last: the block's last frame with the button
 * down, a bound for each lane's own: stopping later than js_vacc_done is exact too). */
SG_INLINE int sg_zlanes_done(const sg_zlanes *z, int f, int last)
{
	__mmask32 ok = f >= last ? _kor_mask32(z->landed, _knot_mask32(z->air)) : z->landed;
	return _cvtmask32_u32(ok) == 0xffffffffu;
}

/* The last frame on which any lane of the block holds A/B/C (-1 if none). */
static inline int sg_block_last_jump(const js_lane_args *args)
{
	for (int w = ((args->n_frames + 31) >> 5) - 1; w >= 0; w--) {
		const uint32_t *row = args->input[0] + w * JS_BLOCK;
		__m512i x = _mm512_or_si512(_mm512_or_si512(_mm512_loadu_si512(row),
							    _mm512_loadu_si512(row + 16)),
					    _mm512_or_si512(_mm512_loadu_si512(row + 32),
							    _mm512_loadu_si512(row + 48)));
		uint32_t any = (uint32_t)_mm512_reduce_or_epi32(x);
		if (any)
			return w * 32 + 31 - __builtin_clz(any);
	}
	return -1;
}

static inline void sg_zlanes_store(const sg_zlanes *z, const js_lane_args *args, int l0)
{
	int16_t ym[32], ap[32], at[32];
	_mm512_storeu_si512(ym, z->ymin);
	_mm512_storeu_si512(ap, z->apex);
	_mm512_storeu_si512(at, z->airt);
	const uint32_t air = _cvtmask32_u32(z->air), landed = _cvtmask32_u32(z->landed);
	const uint32_t rel = _cvtmask32_u32(z->rel_any), below = _cvtmask32_u32(z->below_any);
	const uint32_t moved = _cvtmask32_u32(z->moved);
	for (int i = 0; i < 32 && l0 + i < args->n_lanes; i++) {
		uint32_t fl = 0;
		if (((air | landed) >> i) & 1u) {
			fl |= ((rel >> i) & 1u) ? SG_FLAG_RELEASE_CAP : 0;
			fl |= ((moved >> i) & 1u) ? SG_FLAG_AIR_MOVE : 0;
			fl |= ((below >> i) & 1u) ? JS_FLAG_BELOW_START : 0;
			if (!((landed >> i) & 1u))
				fl |= JS_FLAG_NOT_LANDED;
		} else {
			fl |= JS_FLAG_NO_TAKEOFF;
		}
		args->rise[l0 + i] = SG_Z_OFF - ym[i];
		args->apex_frame[l0 + i] = ap[i];
		args->airtime[l0 + i] = at[i];
		args->flags[l0 + i] = fl;
	}
}

/* 1 when the block may run the 16-bit path (see above). */
static inline int sg_block_is_z(const js_lane_args *args, const sg_game *g)
{
	if (args->start)
		return 0;
	for (int l = 0; l < args->n_lanes; l++) {
		int water = args->axis[g->ax_env][l] == SG_ENV_UNDERWATER;
		const sg_char *c = sg_character(g, g->ax_char >= 0 ? args->axis[g->ax_char][l] : 0);
		if (args->axis[g->ax_start][l] != SG_START_JUMP || sg_speed(c, water) > SG_Z_MAX_SPEED)
			return 0;
	}
	return 1;
}

SG_INLINE void sg_zrun(const js_lane_args *args, const sg_game *g, const int two,
		       const int air_moves)
{
	sg_zlanes z0, z1;
	sg_zlanes_init(&z0, args, 0, g);
	if (two)
		sg_zlanes_init(&z1, args, 32, g);
	const int last = sg_block_last_jump(args);
	const __m512i one = _mm512_set1_epi16(1);
	__m512i fv = _mm512_setzero_si512(), fv1 = one;
	js_zjump jump = { { 0 } }; /* set on frame 0 */
	for (int f = 0; f < args->n_frames; f++) {
		__mmask32 a0, a1;
		js_zjump_frame(&jump, args, f, &a0, &a1);
		sg_zlanes_frame(&z0, a0, fv, fv1, air_moves);
		if (two)
			sg_zlanes_frame(&z1, a1, fv, fv1, air_moves);
		if ((f & 7) == 7 && sg_zlanes_done(&z0, f, last) && (!two || sg_zlanes_done(&z1, f, last)))
			break;
		fv = fv1;
		fv1 = _mm512_add_epi16(fv1, one);
	}
	sg_zlanes_store(&z0, args, 0);
	if (two)
		sg_zlanes_store(&z1, args, 32);
}
#endif

#if defined(JS_LANE_H16)
/* The AVX2 twin of the AVX-512 16-bit path above: the same block condition (sg_block_is_z),
 * frame and ranges, 16 lanes per ymm (lane.h's js_hi, masks as -1 / 0 words), the block as
 * groups of 16, two side by side (the second pair only when n_lanes > 32). */
#define SG_Z_MAX_SPEED 0x800
#define SG_Z_OFF 0x5e00

typedef struct sg_hlanes {
	js_hi tvj, cap, grav; /* per-lane constants */
	js_hi y, vy, ymin, apex, airt;
	js_hi air, prev, landed, rel_any, below_any;
	js_hi mover, moved; /* S3K: as the AVX-512 path */
} sg_hlanes;

static inline void sg_hlanes_init(sg_hlanes *z, const js_lane_args *args, int l0, const sg_game *g)
{
	for (int p = 0; p < 16; p++) {
		int l = l0 + js_hlane(p) < args->n_lanes ? l0 + js_hlane(p) : args->n_lanes - 1;
		int water = args->axis[g->ax_env][l] == SG_ENV_UNDERWATER;
		const sg_char *c = sg_character(g, g->ax_char >= 0 ? args->axis[g->ax_char][l] : 0);
		z->tvj[p] = (int16_t)-sg_speed(c, water);
		z->cap[p] = water ? SG_RELEASE_CAP_WATER : SG_RELEASE_CAP;
		z->grav[p] = water ? SG_GRAVITY - SG_WATER_LIFT : SG_GRAVITY;
		z->mover[p] = (int16_t)-(g->air_moves && c->air_move);
	}
	z->moved = js_hsplat(0);
	z->y = z->ymin = js_hsplat(SG_Z_OFF);
	z->vy = z->apex = z->airt = js_hsplat(0);
	z->air = z->prev = z->landed = z->rel_any = z->below_any = js_hsplat(0);
}

SG_INLINE void sg_hlanes_frame(sg_hlanes *z, js_hi a, js_hi fv, js_hi fv1, const int air_moves)
{
	js_hi press = a & ~z->prev;
	z->prev = a;
	if (air_moves) /* S3K: in the air (jumping), y_vel >= cap, a press (the AVX-512 path) */
		z->moved |= z->air & press & z->mover & (z->vy >= z->cap);
	/* A landed lane stays down (frozen): its first flight is all the accounting wants. */
	js_hi jump = press & ~(z->air | z->landed);
	/* JumpHeight's release (y_vel 0 on the ground is above the cap) */
	js_hi rel = ~a & (z->vy < z->cap);
	js_hi hv = js_hsel(rel, z->cap, z->vy);
	z->rel_any |= rel;
	/* MoveAndFall; a standing lane moves by its y_vel 0.  The landing: feet row > $03FF. */
	js_hi y = z->y + hv;
	js_hi nv = hv + z->grav;
	js_hi land = y > SG_Z_OFF + 0xff;
	y = js_hsel(land, (y & 0xff) + SG_Z_OFF, y);
	z->y = y;
	js_hi stay = z->air & ~land;
	z->vy = js_hsel(jump, z->tvj, nv & stay);
	z->air = stay | jump;
	z->landed |= land;
	/* Accounting: height = SG_Z_OFF - y */
	js_hi lower = y < z->ymin;
	z->ymin = (js_hi)_mm256_min_epi16((__m256i)z->ymin, (__m256i)y);
	z->apex = js_hsel(lower, fv, z->apex);
	z->airt = js_hsel(land, fv1, z->airt);
	z->below_any |= z->air & (y > SG_Z_OFF);
}

SG_INLINE int sg_hlanes_done(const sg_hlanes *z, int f, int last)
{
	return js_hall(f >= last ? z->landed | ~z->air : z->landed);
}

/* The last frame on which any lane of the block holds A/B/C (-1 if none). */
static inline int sg_block_last_jump(const js_lane_args *args)
{
	for (int w = ((args->n_frames + 31) >> 5) - 1; w >= 0; w--) {
		const uint32_t *row = args->input[0] + w * JS_BLOCK;
		js_vu x = js_vloadu(row);
		for (int k = 8; k < JS_BLOCK; k += 8)
			x |= js_vloadu(row + k);
		uint32_t any = 0;
		for (int i = 0; i < 8; i++)
			any |= x[i];
		if (any)
			return w * 32 + 31 - __builtin_clz(any);
	}
	return -1;
}

static inline void sg_hlanes_store(const sg_hlanes *z, const js_lane_args *args, int l0)
{
	int16_t ym[16], ap[16], at[16], air[16], landed[16], rel[16], below[16], moved[16];
	js_hstore_lanes(ym, z->ymin);
	js_hstore_lanes(ap, z->apex);
	js_hstore_lanes(at, z->airt);
	js_hstore_lanes(air, z->air);
	js_hstore_lanes(landed, z->landed);
	js_hstore_lanes(rel, z->rel_any);
	js_hstore_lanes(below, z->below_any);
	js_hstore_lanes(moved, z->moved);
	for (int i = 0; i < 16 && l0 + i < args->n_lanes; i++) {
		uint32_t fl = 0;
		if (air[i] | landed[i]) {
			fl |= rel[i] ? SG_FLAG_RELEASE_CAP : 0;
			fl |= moved[i] ? SG_FLAG_AIR_MOVE : 0;
			fl |= below[i] ? JS_FLAG_BELOW_START : 0;
			if (!landed[i])
				fl |= JS_FLAG_NOT_LANDED;
		} else {
			fl |= JS_FLAG_NO_TAKEOFF;
		}
		args->rise[l0 + i] = SG_Z_OFF - ym[i];
		args->apex_frame[l0 + i] = ap[i];
		args->airtime[l0 + i] = at[i];
		args->flags[l0 + i] = fl;
	}
}

/* 1 when the block may run the 16-bit path (see the AVX-512 path). */
static inline int sg_block_is_z(const js_lane_args *args, const sg_game *g)
{
	if (args->start)
		return 0;
	for (int l = 0; l < args->n_lanes; l++) {
		int water = args->axis[g->ax_env][l] == SG_ENV_UNDERWATER;
		const sg_char *c = sg_character(g, g->ax_char >= 0 ? args->axis[g->ax_char][l] : 0);
		if (args->axis[g->ax_start][l] != SG_START_JUMP || sg_speed(c, water) > SG_Z_MAX_SPEED)
			return 0;
	}
	return 1;
}

SG_INLINE void sg_hrun(const js_lane_args *args, const sg_game *g, const int air_moves)
{
	const int last = sg_block_last_jump(args);
	for (int l0 = 0; l0 < args->n_lanes; l0 += 32) {
		sg_hlanes z0, z1;
		sg_hlanes_init(&z0, args, l0, g);
		sg_hlanes_init(&z1, args, l0 + 16, g);
		const js_hi one = js_hsplat(1);
		js_hi fv = js_hsplat(0), fv1 = one;
		for (int f = 0; f < args->n_frames; f++) {
			sg_hlanes_frame(&z0, js_hjump(args, l0, f), fv, fv1, air_moves);
			sg_hlanes_frame(&z1, js_hjump(args, l0 + 16, f), fv, fv1, air_moves);
			if ((f & 7) == 7 && sg_hlanes_done(&z0, f, last) && sg_hlanes_done(&z1, f, last))
				break;
			fv = fv1;
			fv1 += one;
		}
		sg_hlanes_store(&z0, args, l0);
		sg_hlanes_store(&z1, args, l0 + 16);
	}
}
#endif

/* Pairs of groups in lane order; tame pairs run the fast path side by side.  Lanes n_lanes.. are
 * copies of the last lane, never stored: a group made only of them is skipped. */
SG_INLINE void sg_lane_pairs(const js_lane_args *args, const sg_game *g)
{
	if (args->start) { /* fuzz starts: group by group, the start path */
		for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += JS_VW) {
			sg_consts k;
			sg_consts_init(&k, args, l0, g);
			sg_start_group(args, l0, g, &k);
		}
		return;
	}
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 2 * JS_VW) {
		int two = l0 + JS_VW < args->n_lanes;
		sg_consts k0, k1;
		sg_consts_init(&k0, args, l0, g);
		if (two)
			sg_consts_init(&k1, args, l0 + JS_VW, g);
		else
			k1 = k0;
		if (k0.tame && k1.tame) {
			if (two)
				sg_fast_groups(args, l0, &k0, &k1, 1, g->air_moves);
			else
				sg_fast_groups(args, l0, &k0, &k0, 0, g->air_moves);
			continue;
		}
		if (k0.tame)
			sg_fast_groups(args, l0, &k0, &k0, 0, g->air_moves);
		else
			sg_general_group(args, l0, g, &k0);
		if (two) {
			if (k1.tame)
				sg_fast_groups(args, l0 + JS_VW, &k1, &k1, 0, g->air_moves);
			else
				sg_general_group(args, l0 + JS_VW, g, &k1);
		}
	}
}

/* The lane kernel: the block regrouped by what sets a jump's length (sg_block_sort), then
 * pairs of groups.  The scalar path runs lane by lane and keeps the block as it is. */
SG_INLINE void sg_lane_run(const js_lane_args *args, const sg_game *g)
{
#if JS_VW == 1
	sg_lane_pairs(args, g);
#else
#if JS_VW == 16 && defined(__AVX512BW__)
	/* The 16-bit path runs the whole block in one loop: no regrouping to do. */
	if (sg_block_is_z(args, g)) {
		if (g->air_moves)
			sg_zrun(args, g, args->n_lanes > 32, 1);
		else if (args->n_lanes > 32)
			sg_zrun(args, g, 1, 0);
		else
			sg_zrun(args, g, 0, 0);
		return;
	}
#endif
#if defined(JS_LANE_H16)
	if (sg_block_is_z(args, g)) {
		if (g->air_moves)
			sg_hrun(args, g, 1);
		else
			sg_hrun(args, g, 0);
		return;
	}
#endif
	int key[JS_BLOCK];
	for (int l = 0; l < args->n_lanes; l++) {
		int32_t start = args->axis[g->ax_start][l];
		int32_t ch = g->ax_char >= 0 ? args->axis[g->ax_char][l] : 0;
		int32_t v = sg_sext16(args->axis[g->ax_vy0][l]);
		int tame = start == SG_START_JUMP || (v >= -SG_TAME_VY && v <= SG_TAME_VY);
		int water = args->axis[g->ax_env][l] == SG_ENV_UNDERWATER;
		int st = start >= 0 && start <= 2 ? start : 0;
		key[l] = ((!tame * 2 + water) * 3 + st) * 4 + (int)(sg_character(g, ch) - g->chars);
	}
	sg_block b;
	sg_block_sort(&b, args, key, 2 * 2 * 3 * 4, sizeof(sg_state));
	sg_lane_pairs(&b.args, g);
	sg_block_scatter(&b, args);
#endif
}

#endif /* JS_LANE_SUFFIX */

#endif
