/* kernels/smw.c - Super Mario World (SNES, NTSC J/U/SS): Mario's jump and spin jump, vertical axis.
 *
 * Follows IsoFrieze/SMWDisX bank_00.asm, the NTSC (`ver_is_ntsc`) side of every conditional;
 * labels are cited where each rule comes from.  The code is written from those facts.
 *
 * Units: PlayerYPosNext is a 16-bit pixel Y (+ down) and PlayerYPosSpx its subpixel byte;
 * PlayerYSpeed+1 is a signed byte in 1/16 px/frame (+ down).  CODE_00DC4F (X = 2) moves Mario:
 * ASL x4 puts the speed's low nybble in the high nybble of A, ADC PlayerYPosSpx; then, in 16-bit
 * mode, the speed's high nybble sign-extended (LSR x4, AND #$000F, CMP #$0008 / ORA #$FFF0) plus
 * that carry (PHP/PLP) is added to PlayerYPosNext.  Only the subpixel's high nybble ever changes
 * (its low nybble starts 0 and every add has a 0 low nybble), so the move is exactly
 * "Y in 1/16 px += speed" on the 20-bit number PlayerYPosNext:PlayerYPosSpx>>4 (seed claim 15).
 * Sub-units are 1/16 px.
 *
 * The frame, as the game runs it for Mario on foot and out of water (CODE_00CD24, then
 * CODE_00CD39 -> CODE_00CD79 -> CODE_00CD82):
 *   CODE_00CD24   (speed < 0 and blocked above -> speed 0: there is no ceiling here)
 *   CODE_00DC2D   the move above, with the speed the last frame left
 *   CODE_00E92B   collision: DoPlayerCollision -> NormalCollision; the foot interaction points
 *                 (IP4/IP5, PlayerYHitboxPoints $20 below Y, a multiple of 16, so
 *                 PlayerYPosInBlock = Y & $0F) on a solid block (page 1, < $6E) go to CODE_00EDF7:
 *                 speed not negative and Y & $0F < 8 -> PlayerYPosNext -= Y & $0F (CODE_00EED1;
 *                 the subpixel is kept), then CODE_00EF38 / CODE_00EF60: speed := DATA_00E4DA[$20]
 *                 = $00 (flat ground), PlayerInAir := 0, SpinJumpFlag := 0.
 *   CODE_00F595   (keeps Y >= Layer1YPos - $80, 128 px above the screen: no jump from this floor
 *                 gets there)
 *   CODE_00D5F2   jump start: on the ground (PlayerInAir = 0), byetudlrFrame | axlr0000Frame bit 7
 *                 (a new B or A press) -> CODE_00D630: X = (|X speed| >> 2) & $FE, +1 (INX) for A
 *                 (spin: SpinJumpFlag := 1), speed := DATA_00D2BD[X], PlayerInAir := $0B.
 *   CODE_00D062   (cape spin / fireballs: nothing vertical)
 *   CODE_00D7E4   for Mario without the cape (Powerup != 2, FlightPhase 0; a spin jump too, via
 *                 CODE_00D8CD / CODE_00D8E7) this reaches CODE_00D928: Y = 1 if byetudlrHold bit 7
 *                 (B, or A ORed in by the controller routine) else 0; speed < 0 (BMI) -> speed +=
 *                 DATA_00D7A5[Y]; else speed := min(speed, DATA_00D7AF[Y]) (CMP / BCC, unsigned)
 *                 then (PlayerInAir $0B -> $24) speed += DATA_00D7A5[Y].  NTSC tables: gravity $06
 *                 (button up) / $03 (held), cap $40 / $40: a fall settles at $46 = 70/16 or
 *                 $43 = 67/16 px/frame (seed claims 13, 14); the hold picks the gravity rising and
 *                 falling, and a new press in the air brings 3/16 back.
 * So the press frame moves Mario by the standing speed and snaps him back to the floor; the jump
 * start and the held gravity come after, and his first step up (frame 1) is DATA_00D2BD + 3
 * (seed claim 18).
 *
 * On the ground this runs every frame too: the floor snap writes speed $00, gravity then makes it
 * $06 ($03 with the button held), the next move adds that to the subpixel and the snap takes
 * back any pixel it carried into.  So a standing Mario's subpixel nybble steps by 6 each frame
 * (nothing else writes PlayerYPosSpx), and the take-off's subpixel depends on how long he stood:
 * axis `spx` is PlayerYPosSpx >> 4 the frame before frame 0 (default 0).  It does not change a
 * rise (moves are exact in 1/16 px) but it can move the landing by a frame.
 *
 * The floor: flat solid blocks with their top at $0160, so Mario stands at PlayerYPosNext =
 * $0140 (feet IP $20 below).  A landing needs speed >= 0 and Y >= $0140 (as a 16-bit signed
 * difference); then Y - $0140 = Y & $0F is at most 4 (a standing frame moves at most 6/16 px, a
 * fall at most 70/16 px from above the floor), always < 8, so CODE_00EDF7 lands him.
 *
 * Height: the take-off Y minus Y now, in 1/16 px, both as Y << 4 | PlayerYPosSpx >> 4 (Y read
 * signed around the floor row, as the game's compares read it: smw_pos16; only a fuzz start
 * near the level's top row can make the difference); the take-off Y is taken after the press
 * frame's snap.
 *
 * A press on the landing frame: CODE_00EDF7 lands Mario (PlayerInAir := 0), then CODE_00D5F2 in
 * the same frame sees PlayerInAir 0 and the new press and takes off again, so no frame ends on
 * the ground.  That frame is the landing of the jump that ends there (model.h's landing rule):
 * observe reports it with flags landing_jump and JS_FLAG_RELAUNCH, grounded 0, and the height of
 * the snapped landing Y over that jump's take-off Y (kept in per-frame scratch: CODE_00D630's
 * take-off has already moved the origin to the landing Y); the press starts the next jump.
 *
 * Left out: horizontal movement (vx only picks the DATA_00D2BD pair, as CODE_00D630 does); the
 * P-meter (PlayerInAir $0C instead of $0B on a run jump, which only the cape reads); cape Mario
 * (Powerup 2: DATA_00D7A5/D7AF entries 2-9 and flight), Yoshi (winged Yoshi, entry 2), water
 * (CODE_00D988), climbing, slopes, ceilings, springboards; PAL builds (16-bit speeds, other
 * tables).
 */
#include "model.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* DATA_00D2BD: take-off Y speeds, (normal, spin) pairs by (|X speed| >> 2) & $FE. */
static const uint8_t DATA_00D2BD[16] = {
	0xb0, 0xb6, 0xae, 0xb4, 0xab, 0xb2, 0xa9, 0xb0,
	0xa6, 0xae, 0xa4, 0xab, 0xa1, 0xa9, 0x9f, 0xa6,
};
/* DATA_00D7A5 / DATA_00D7AF (NTSC), entries 0 (A/B up) and 1 (A/B held). */
static const uint8_t DATA_00D7A5[2] = { 0x06, 0x03 };
static const uint8_t DATA_00D7AF[2] = { 0x40, 0x40 };

enum { SMW_AX_VX, SMW_AX_JUMP, SMW_AX_SPX };
enum { SMW_JUMP_NORMAL, SMW_JUMP_SPIN };

#define SMW_GROUND_Y 0x0140u   /* PlayerYPosNext standing on the floor (feet IP on row $0160) */
#define SMW_GROUND_SPEED 0x00  /* DATA_00E4DA[$20]: the speed the flat-floor landing writes */
#define SMW_AIR_JUMP 0x0b      /* CODE_00D630: PlayerInAir after a take-off (P-meter < $70) */
#define SMW_AIR_FALL 0x24      /* CODE_00D928: PlayerInAir $0B -> $24 once not rising */
#define SMW_GROUND16 (SMW_GROUND_Y << 4) /* the floor Y in 1/16 px */

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT). */
#define SMW_FLAG_FALL_CAPPED (1u << 8)   /* CODE_00D928's cap cut a speed above $40 */
#define SMW_FLAG_REPRESS (1u << 9)       /* a new press in the air: no jump, held gravity again */
#define SMW_FLAG_LANDING_JUMP (1u << 10) /* landed and jumped again in one frame (no grounded
					  * frame); observe adds JS_FLAG_RELAUNCH: the jump ends
					  * there (model.h's landing rule) */

/* CODE_00D630: the take-off speed for |X speed| and normal (B) / spin (A). */
static inline uint8_t smw_takeoff(int x_speed_abs, int spin)
{
	return DATA_00D2BD[((x_speed_abs >> 2) & 0xfe) + (spin != 0)];
}

typedef struct smw_state {
	uint32_t origin;      /* take-off Y in 1/16 px (Y << 4 | PlayerYPosSpx >> 4) */
	uint16_t y_pos;       /* PlayerYPosNext */
	uint8_t y_spx;        /* PlayerYPosSpx */
	uint8_t y_speed;      /* PlayerYSpeed+1, 1/16 px/frame, signed */
	uint8_t in_air;       /* PlayerInAir: 0 on the ground, $0B rising, $24 falling */
	uint8_t spin;         /* SpinJumpFlag */
	uint8_t prev;         /* the button last frame (the controller routine's P1Mask bit) */
	uint8_t x_speed_abs;  /* axis vx: |X speed| (PlayerXSpeed+1), 1/16 px/frame */
	uint8_t spin_kind;    /* axis jump: the press is A (spin) rather than B */
	/* per-frame scratch, last: outside key_size (every step writes both before observe reads) */
	uint8_t frame_flags;  /* events of the last step (SMW_FLAG_* >> 8) */
	uint8_t pad[2];
	int32_t land_height;  /* a landing jump's frame: the landing's height over the ending jump's
			       * origin (CODE_00D630 has overwritten origin); 0 on other frames */
} smw_state;

/* The Y in 1/16 px as the game's signed compares read PlayerYPosNext (CODE_00EDF7's floor test,
 * CODE_00F595's BMI): the 16-bit Y relative to the floor row, sign-extended, so a Y that wrapped
 * past the level's top row to $FFxx reads as above it, not as 4000 px below the floor.  Within
 * $0000..$0147 it is just Y << 4 | PlayerYPosSpx >> 4. */
static inline int32_t smw_pos16(uint16_t y_pos, uint8_t y_spx)
{
	int32_t rel = (int16_t)(uint16_t)(y_pos - SMW_GROUND_Y);
	return (rel + (int32_t)SMW_GROUND_Y) * 16 + (y_spx >> 4);
}

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

/* reach_canon (model.h): |X speed| reaches the vertical path only through the take-off row
 * DATA_00D2BD[((x >> 2) & $FE) + spin] (smw_takeoff), which depends on x >> 3 alone, so the
 * speeds of one row are one jump (64 speeds, 8 rows). */
static void smw_reach_canon(void *vs)
{
	smw_state *s = vs;
	s->x_speed_abs &= 0xf8;
}

static void smw_init(void *vs, const int32_t *ax)
{
	smw_state *s = vs;
	memset(s, 0, sizeof *s);
	s->y_pos = SMW_GROUND_Y;
	s->y_spx = (uint8_t)((ax[SMW_AX_SPX] & 15) << 4);
	/* the frame before frame 0 was a standing frame with the button up: the snap's $00 plus
	 * DATA_00D7A5[0] */
	s->y_speed = SMW_GROUND_SPEED + DATA_00D7A5[0];
	s->x_speed_abs = (uint8_t)ax[SMW_AX_VX];
	s->spin_kind = ax[SMW_AX_JUMP] == SMW_JUMP_SPIN;
	s->origin = SMW_GROUND16 | (uint32_t)(s->y_spx >> 4);
}

/* CODE_00DC2D -> CODE_00DC4F with X = 2 (the Y half of the Player*Pos* pairs), NTSC. */
static void smw_move(smw_state *s)
{
	unsigned t = s->y_spx + ((unsigned)(s->y_speed << 4) & 0xffu); /* ASL x4 / CLC / ADC Spx */
	s->y_spx = (uint8_t)t;
	unsigned c = t >> 8;
	unsigned hi = (s->y_speed >> 4) & 0x000fu; /* REP #$20: LSR x4 / AND #$000F */
	if (hi >= 0x0008u)                          /* CMP #$0008 / BCC + */
		hi |= 0xfff0u;                      /* ORA #$FFF0 */
	s->y_pos = (uint16_t)(s->y_pos + hi + c);   /* PLP / ADC PlayerYPosNext */
}

/* CODE_00E92B -> DoPlayerCollision: the foot points on the flat floor (CODE_00EDF7, CODE_00EE11,
 * CODE_00EED1, CODE_00EF38, CODE_00EF60).  Returns 1 when Mario is (back) on the floor. */
static int smw_collide(smw_state *s)
{
	if (s->y_speed & 0x80) /* CODE_00EDF7: LDA PlayerYSpeed+1 / BMI Return00EE39 */
		return 0;
	if ((uint16_t)(s->y_pos - SMW_GROUND_Y) & 0x8000u) /* feet above the floor row */
		return 0;
	/* Y & $0F <= 4 < 8 (see the header): PlayerYPosNext -= PlayerBlockMoveY */
	s->y_pos = (uint16_t)(s->y_pos - (s->y_pos & 0x0f));
	s->y_speed = SMW_GROUND_SPEED; /* LDA DATA_00E4DA,Y (Y = $20) / STA PlayerYSpeed+1 */
	s->in_air = 0;                 /* STZ PlayerInAir */
	s->spin = 0;                   /* STZ SpinJumpFlag */
	return 1;
}

/* CODE_00D928, NTSC. */
static void smw_gravity(smw_state *s, unsigned held)
{
	unsigned i = held ? 1 : 0; /* LDY #$01 / LDA byetudlrHold / BMI + / LDY #$00 */
	uint8_t a = s->y_speed;
	if (!(a & 0x80)) { /* BMI CODE_00D948 */
		if (a >= DATA_00D7AF[i]) { /* CMP DATA_00D7AF,Y / BCC + / LDA DATA_00D7AF,Y */
			if (a > DATA_00D7AF[i])
				s->frame_flags |= SMW_FLAG_FALL_CAPPED >> 8;
			a = DATA_00D7AF[i];
		}
		if (s->in_air == SMW_AIR_JUMP) /* LDX PlayerInAir / CPX #$0B / LDX #$24 */
			s->in_air = SMW_AIR_FALL;
	}
	s->y_speed = (uint8_t)(a + DATA_00D7A5[i]); /* CODE_00D948: CLC / ADC DATA_00D7A5,Y */
}

static void smw_step(void *vs, unsigned input)
{
	smw_state *s = vs;
	unsigned held = (input & JS_IN_JUMP) ? 1u : 0u;
	unsigned press = held & (s->prev ^ 1u); /* byetudlrFrame / axlr0000Frame bit 7 */
	int was_air = s->in_air != 0;
	s->frame_flags = 0;
	s->land_height = 0;
	smw_move(s);    /* CODE_00CD24: JSR CODE_00DC2D */
	smw_collide(s); /* JSR CODE_00E92B */
	/* CODE_00CD82: JSR CODE_00D5F2 */
	if (press && s->in_air == 0) {
		s->y_speed = smw_takeoff(s->x_speed_abs, s->spin_kind); /* CODE_00D630 */
		s->spin = s->spin_kind;                                 /* INC A / STA SpinJumpFlag */
		s->in_air = SMW_AIR_JUMP;                               /* LDA #$0B / STA PlayerInAir */
		if (was_air) {
			/* CODE_00EDF7 landed him this frame: the jump that ends here ends on this
			 * frame (model.h's landing rule), at the snapped Y over its own origin */
			s->frame_flags |= SMW_FLAG_LANDING_JUMP >> 8;
			s->land_height = (int32_t)s->origin - smw_pos16(s->y_pos, s->y_spx);
		}
		s->origin = (uint32_t)s->y_pos << 4 | (uint32_t)(s->y_spx >> 4);
	} else if (press) {
		s->frame_flags |= SMW_FLAG_REPRESS >> 8; /* in the air: JMP CODE_00D682 */
	}
	smw_gravity(s, held); /* JSR CODE_00D7E4 -> CODE_00D928 */
	s->prev = (uint8_t)held;
}

static void smw_observe(const void *vs, js_obs *o)
{
	const smw_state *s = vs;
	o->grounded = s->in_air == 0;
	o->flags = (uint32_t)s->frame_flags << 8;
	if (s->frame_flags & (SMW_FLAG_LANDING_JUMP >> 8)) {
		/* the landing rule (model.h): the frame ends the old jump, airborne again */
		o->flags |= JS_FLAG_RELAUNCH;
		o->height = s->land_height;
	} else {
		o->height = (int64_t)s->origin - (int64_t)smw_pos16(s->y_pos, s->y_spx);
	}
}

static int smw_trace_row(const void *vs, char *buf, size_t n)
{
	const smw_state *s = vs;
	int speed = (int)s->y_speed - ((s->y_speed & 0x80) ? 256 : 0);
	return snprintf(buf, n, "%u,%u,%d,%u,%u", s->y_pos, s->y_spx >> 4, speed, s->in_air, s->spin);
}

/* ---- fuzzing hooks (model.h) ---- */

/* A start as the game keeps it.  PlayerYPosSpx: only its high nybble ever changes (CODE_00DC4F
 * adds speed << 4; see the header), so its low nybble is 0.  On the ground (PlayerInAir 0) Mario
 * stands on the floor row with the speed a standing frame leaves: the snap's $00 plus
 * DATA_00D7A5 for the button as it was (prev), SpinJumpFlag cleared (CODE_00EF60).  In the air
 * PlayerInAir is $0B (rising since the take-off) or $24; his Y is folded into -$80..$0140
 * (field y_pos), and an airborne Mario on the floor row itself is the take-off frame's, rising
 * (a falling one is above the row or has landed). */
static void smw_fuzz_fix(void *vs)
{
	smw_state *s = vs;
	s->y_spx &= 0xf0;
	if (s->in_air == 0) {
		s->y_pos = SMW_GROUND_Y;
		s->y_speed = SMW_GROUND_SPEED + DATA_00D7A5[s->prev ? 1 : 0];
		s->spin = 0;
	} else {
		if (s->in_air != SMW_AIR_JUMP)
			s->in_air = SMW_AIR_FALL;
		int32_t y = (int16_t)s->y_pos; /* -$80 .. $0140, see field y_pos */
		if (y < -0x80 || y > (int32_t)SMW_GROUND_Y)
			y = -0x80 + (int32_t)(s->y_pos % (SMW_GROUND_Y + 0x81u));
		if (y == (int32_t)SMW_GROUND_Y && !(s->y_speed & 0x80))
			y = SMW_GROUND_Y - 1;
		s->y_pos = (uint16_t)y;
	}
}

/* The landing bound: with no button gravity is $06 every frame and nothing but Y, the subpixel
 * nybble and the speed moves Mario, so every airborne start fuzz_fix leaves (Y -$80..$0140, 16
 * nybbles, 256 speeds; in_air, spin and prev change nothing without a press) can be stepped:
 * the slowest, Y -$80 ($FF80) at speed -128 (rising 22 frames, then about 540 px down at up to
 * 70/16 px/frame), lands on its 151st frame.  On the ground it is frame 0. */
#define SMW_LAND_BOUND 151

enum { SMW_INV_FALL_CAP, SMW_INV_SPEED_WRAP, SMW_INV_Y_WRAP };

static uint32_t smw_invariants(const void *vb, const void *va, unsigned input)
{
	const smw_state *b = vb, *a = va;
	(void)input;
	uint32_t bits = 0;
	/* CODE_00D928 caps a fall at DATA_00D7AF ($40) before it adds gravity (at most $06): the
	 * speed a frame leaves is at most $46 = 70/16 px/frame. */
	if ((int8_t)a->y_speed > (int)DATA_00D7AF[0] + (int)DATA_00D7A5[0])
		bits |= 1u << SMW_INV_FALL_CAP;
	/* PlayerYSpeed+1 is a signed byte: gravity never turns a fall into a rise (only a take-off,
	 * here the landing frame's jump, sets a rising speed). */
	if (b->in_air && a->in_air && !(a->frame_flags & (SMW_FLAG_LANDING_JUMP >> 8)) &&
	    (int8_t)b->y_speed >= 0 && (int8_t)a->y_speed < 0)
		bits |= 1u << SMW_INV_SPEED_WRAP;
	/* PlayerYPosNext is 16 bits: rising past the level's top row (Y 0) wraps it to $FFxx. */
	if (a->in_air && b->y_pos < 0x8000u && a->y_pos >= 0x8000u)
		bits |= 1u << SMW_INV_Y_WRAP;
	return bits;
}

JS_LANE_DECLARE(smw);

static const char *const smw_claims[] = {
	"smw/gravity", "smw/fall-cap", "smw/subpixel-move", "smw/frame-order", "smw/takeoff-speed",
	"smw/standing-jump", "smw/y-above-level-top", NULL,
};

JS_REFERENCE_RUN(smw, smw_state, smw_step, smw_observe)

const js_model js_model_smw = {
	.id = "smw",
	.game = "Super Mario World",
	.platform = "SNES",
	.character = "Mario (small, big or fire; no cape, not on Yoshi), normal or spin jump",
	.unit = "px",
	.sub_per_unit = 16,
	.tile = 16, /* px per level tile */
	.fps = 60.0988,
	.frame = "NTSC frame (one game-loop pass, 60.0988 Hz)",
	.movie = { .button = { "B" }, .jump_axis = "jump", .jump_by_value = { "B", "A" },
		   .note = "jump=normal is B, jump=spin is A: CODE_00D5F2 jumps when wm_JoyFrameA ($16, "
		   "byetUDLR: bit 7 B) or wm_JoyFrameB ($18, axlr: bit 7 A) has bit 7, and CODE_00D630 "
		   "makes it a spin when $18 bit 7 (A) is the press; the held gravity reads $15 / $17 "
		   "bit 7. The movie holds the button the axis names. The controller set-up runs once per game-loop frame: one .bk2 line per model "
		   "frame, frame 0 the line on which the button goes down; no lag frames in the model." },
	.sources = "IsoFrieze/SMWDisX bank_00.asm (NTSC paths): CODE_00CD24, CODE_00DC2D, CODE_00DC4F, "
		   "CODE_00E92B, DoPlayerCollision, CODE_00EDF7, CODE_00EED1, CODE_00EF38, CODE_00EF60, "
		   "CODE_00CD82, CODE_00D5F2, CODE_00D630, CODE_00D7E4, CODE_00D8CD, CODE_00D928, "
		   "CODE_00D948; tables DATA_00D2BD, DATA_00D7A5, DATA_00D7AF, DATA_00E4DA, "
		   "PlayerYHitboxPoints; controller set-up of byetudlrHold/Frame, axlr0000Frame",
	.notes = "Frame 0 is the press; the press frame moves by the standing speed and snaps back, "
		 "then CODE_00D5F2 starts the jump and CODE_00D928 adds the held gravity, so the first "
		 "step up is on frame 1 (DATA_00D2BD + 3/16). Take-off from flat ground at "
		 "PlayerYPosNext $0140. Landing: speed >= 0 with the feet back in the floor row snaps Y "
		 "to the row (subpixel kept), speed := DATA_00E4DA[$20] = 0. A press on the landing frame "
		 "jumps again in that frame (CODE_00D5F2 runs after the collision): the frame ends the "
		 "jump that landed (flags landing_jump and relaunch, height the landing's). Standing, "
		 "the subpixel nybble steps by 6 a frame (axis spx: its value before frame 0). "
		 "jump=normal is B, spin is A; the hold gravity reads A or B. Left out: horizontal "
		 "movement, the P-meter's PlayerInAir $0C (cape only), cape/Yoshi/water/slopes/"
		 "ceilings, PAL. "
		 "No open question (docs/open-questions.md): every rule above is confirmed in the "
		 "source.",
	.claims = smw_claims,
	.n_axes = 3,
	.axes = {
		{ .name = "vx", .unit = "1/16 px/frame", .long_name = "|X speed| at take-off "
		  "(PlayerXSpeed+1), picks the DATA_00D2BD pair", .min = 0, .max = 63, .def_lo = 0,
		  .def_hi = 63,
		  .values = { { "walk", 0x14, "DATA_00D535 row 0 (flat ground): walking top speed $14" },
			      { "run", 0x24, "DATA_00D535 row 0: running (B or Y held) top speed $24" },
			      { "pspeed", 0x30, "DATA_00D535 row 0: P-speed (full P-meter) top speed $30" } } },
		{ .name = "jump", .unit = "", .long_name = "normal jump (B) or spin jump (A)", .min = 0,
		  .max = 1, .def_lo = 0, .def_hi = 1, .n_names = 2, .names = { "normal", "spin" } },
		{ .name = "spx", .unit = "1/16 px", .long_name = "Y subpixel nybble (PlayerYPosSpx >> 4) "
		  "the frame before frame 0; standing adds 6 a frame", .min = 0, .max = 15, .def_lo = 0,
		  .def_hi = 0 },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 128,
	.default_hold = 40,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start", [3] = "relaunch",
		[8] = "fall_capped", [9] = "repress", [10] = "landing_jump",
	},
	.flag_what = {
		[8] = "CODE_00D928's cap cut a fall speed above $40 (4 px/frame).",
		[9] = "A new press in the air: no jump, but the held (lighter) gravity applies again.",
		[10] = "Mario landed and jumped again in the same frame, with no grounded frame between "
			"(the jump ends there: relaunch).",
	},
	.character_height = 16,
	.character_height_source = "small Mario is one 16 x 16 block tall (he fits a one-block gap); big "
		"and fire Mario 32 px",
	.state_size = sizeof(smw_state),
	.reach_canon = smw_reach_canon,
	.key_size = offsetof(smw_state, frame_flags),
	.init = smw_init,
	.step = smw_step,
	.observe = smw_observe,
	.run_ref = smw_run_ref,
	.trace_header = "y_pos,y_sub,speed,in_air,spin",
	.trace_units = "px (+ down),1/16 px,1/16 px/frame (+ down),code,0/1",
	.trace_row = smw_trace_row,
	.lane = JS_LANE_TABLE(smw),
	.n_fields = 6,
	.fields = {
		{ "y_pos", offsetof(smw_state, y_pos), JS_F_U16, 0, 0xffff,
		  "PlayerYPosNext, the whole word (a rise past the level's top row wraps it to $FFxx, "
		  "which the game's compares read as signed: CODE_00EDF7, CODE_00F595).  fuzz_fix folds "
		  "a start into what the game keeps: from -$80 ($FF80: CODE_00F595 holds Y >= "
		  "Layer1YPos - $80, the camera at the level's top) down to the floor $0140 (below it "
		  "Mario would be inside the floor row, where only CODE_00EDF7's Y & $0F < 8 landing is "
		  "modelled: every start keeps that, the deepest $013F.F + 127/16 px -> Y & $0F = 7).  The "
		  "model has no camera: it leaves CODE_00F595's clamp out, so above -$80 it goes on" },
		{ "y_spx", offsetof(smw_state, y_spx), JS_F_U8, 0, 0xf0,
		  "PlayerYPosSpx: only the high nybble changes (CODE_00DC4F adds speed << 4), "
		  "fuzz_fix clears the low one" },
		{ "speed", offsetof(smw_state, y_speed), JS_F_S8, -128, 127,
		  "PlayerYSpeed+1: the whole signed byte (CODE_00F005 writes $80; CODE_00D928 keeps "
		  "a fall at most $46)" },
		{ "in_air", offsetof(smw_state, in_air), JS_F_U8, 0, SMW_AIR_FALL,
		  "PlayerInAir: 0 on the ground, $0B rising (CODE_00D630), $24 once not rising "
		  "(CODE_00D928); fuzz_fix makes other nonzero values $24" },
		{ "spin", offsetof(smw_state, spin), JS_F_U8, 0, 1, "SpinJumpFlag" },
		{ "prev", offsetof(smw_state, prev), JS_F_U8, 0, 1,
		  "the button on the last frame (byetudlrHold bit 7): a press needs it up" },
	},
	.fuzz_fix = smw_fuzz_fix,
	.invariants = smw_invariants,
	.inv_names = { [SMW_INV_FALL_CAP] = "fall_cap", [SMW_INV_SPEED_WRAP] = "speed_wrap",
		       [SMW_INV_Y_WRAP] = "y_wrap" },
	.inv_what = {
		[SMW_INV_FALL_CAP] = "a frame leaves Mario's speed at most $46 = 70/16 px/frame down "
				     "(CODE_00D928: the $40 cap, then gravity)",
		[SMW_INV_SPEED_WRAP] = "gravity never turns a fall into a rise (PlayerYSpeed+1 is a "
				       "signed byte)",
		[SMW_INV_Y_WRAP] = "Mario's Y does not wrap past the level's top row (PlayerYPosNext "
				   "is 16 bits)",
	},
	.land_bound = SMW_LAND_BOUND,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"

/* The reference above on JS_VW lanes at a time, the state in registers for all frames of a
 * group.  Facts about the reference the kernel uses from init's states (each argued here, and
 * checked by the tests against the reference on every ISA; from a fuzz start the kernel drops
 * the two that need init's states, see smw_lanes_frame):
 *
 *   - Y is one 20-bit number, pos = PlayerYPosNext << 4 | PlayerYPosSpx >> 4 (the subpixel's
 *     low nybble is always 0, see the header), and CODE_00DC4F is pos += speed with the speed
 *     sign-extended: the byte add's carry is the carry out of the nybble.  pos stays within
 *     [($0140 - 128) << 4, ($0140 + 5) << 4] (a jump rises less than 128 px, a landing is at most
 *     4 px into the floor), so the mod 2^20 never acts and pos is a plain int32.
 *   - The speed never wraps its byte: it starts at DATA_00D2BD (>= $9F = -97) or at a standing
 *     6 / 3, gravity (+3 / +6) only raises it, and the cap keeps it at most $40 before the add: it
 *     stays in [-97, 70].  So it is a plain int32, and the cap is min(speed, $40) for every speed
 *     (a negative one is below it anyway).  DATA_00D7AF's two entries are equal, so the cap does
 *     not depend on the button (smw_lane_cap checks it).
 *   - The landing test is pos >= $1400 alone: CODE_00EDF7's "speed not negative" holds whenever
 *     pos reaches the floor row.  A standing lane moves by +6 / +3; an airborne one is above the
 *     floor row (or it would have landed) and comes back to it only falling: its first frame up
 *     moves it at least 71/16 px from at most 15/16 px below the row's top.
 *   - Heights: an airborne lane is never below its take-off Y (pos < $1400 <= origin in the air),
 *     so below_start never fires (the landing frame, where a Y below the origin's subpixel is
 *     kept, does not count).
 *   - A landing jump (CODE_00EDF7 lands the lane, then CODE_00D5F2 takes the same frame's press)
 *     is the lane's landing (model.h's landing rule): the kernel flags it (landing_jump and
 *     JS_FLAG_RELAUNCH), measures the frame's height from the old origin and then does not take
 *     off: the lane stays on the ground, its results are final (the next jump is not its jump),
 *     and the rest of its state is never read.  So a take-off is a press on a lane that was on
 *     the ground before the frame (~air0), and a landing is every lane that was airborne and
 *     lands (air0 & land), with or without a press.
 *   - The accounting (js_acc_frame) needs no per-frame "landed" mask: a lane's results freeze at
 *     its landing, and so does the kernel's copy of it, because from its landing frame on the
 *     lane's button counts as held (prev = -1): no press, so no take-off and no air event again,
 *     and a standing lane's height origin - pos is at most 15 (origin >= $1400 <= pos), below any
 *     rise (>= 71, the first frame up).  Before its take-off a lane's origin is $1400 (the floor
 *     row, not its subpixel), so its height is <= 0 and never beats rise 0.  A landing is a frame
 *     that ends on the ground after one that ended in the air (a landing jump too: see above); its
 *     frame + 1 is the airtime.  "Took off" is landed | air at the end.  The events are collected
 *     per kind and made flags once at the end. */

static inline int32_t smw_lane_cap(void)
{
	return DATA_00D7AF[0] == DATA_00D7AF[1] ? DATA_00D7AF[0] : -1; /* -1: see the kernel */
}

typedef struct smw_lanes {
	js_vi tko;                      /* CODE_00D630's speed for the lane (sign-extended) */
	js_vi pos, spd, air, org, prev; /* air: -1 while PlayerInAir != 0; prev: the button */
	js_vi landed, rise, apex, airt; /* airt: the landing frame (-1 before it) */
	js_vi top;                      /* the largest speed CODE_00D928 met: fall_capped if > cap */
	js_vu ev;                       /* the repress and landing_jump (+ relaunch) events, as flags */
} smw_lanes;

static inline void smw_lanes_init(smw_lanes *s, const js_lane_args *args, int l0)
{
	int32_t tk[JS_VW], p0[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		int32_t t = smw_takeoff(args->axis[SMW_AX_VX][l],
					 args->axis[SMW_AX_JUMP][l] == SMW_JUMP_SPIN);
		tk[i] = t - 256; /* every DATA_00D2BD entry is negative */
		p0[i] = (int32_t)SMW_GROUND16 | (args->axis[SMW_AX_SPX][l] & 15);
	}
	s->tko = js_vload(tk);
	s->pos = js_vload(p0);
	s->org = js_vsplat((int32_t)SMW_GROUND16);
	s->spd = js_vsplat(SMW_GROUND_SPEED + DATA_00D7A5[0]);
	s->air = s->prev = s->landed = s->rise = s->apex = s->top = js_vsplat(0);
	s->airt = js_vsplat(-1);
	s->ev = (js_vu)s->air;
}

/* A fuzz start (js_lane_args.start, smw_run_start): the reference's state, field by field, over
 * what smw_lanes_init set. */
static inline void smw_lanes_load_start(smw_lanes *s, const js_lane_args *args, int l0)
{
	int32_t p[JS_VW], sp[JS_VW], air[JS_VW], org[JS_VW], pr[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		const smw_state *st = (const smw_state *)args->start + l;
		p[i] = smw_pos16(st->y_pos, st->y_spx);
		sp[i] = (int8_t)st->y_speed;
		air[i] = -(st->in_air != 0);
		org[i] = (int32_t)st->origin;
		pr[i] = -(st->prev != 0);
	}
	s->pos = js_vload(p);
	s->spd = js_vload(sp);
	s->air = js_vload(air);
	s->org = js_vload(org);
	s->prev = js_vload(pr);
}

/* One frame; fv = the frame number (splat), f the same as an int.  start is a compile-time
 * constant: 0 for init's states (the facts above), 1 from a fuzz start (smw_run_start), where
 * two of those facts need not hold: a start may be airborne on the floor row itself, rising
 * (the take-off frame's state), so the landing test also asks for a speed that is not negative
 * (CODE_00EDF7's BMI); and a start's origin and heights are arbitrary, so the accounting is
 * model.h's own, frame by frame (js_vacc_frame) with the frame's events as flags (a landing
 * jump: JS_FLAG_RELAUNCH, the height from the old origin, not grounded).  Everything
 * else is the same code: the move, the snap and the take-off once, the cap and gravity written
 * once more in the start branch (the same two selects; the default order schedules better,
 * measured).  A start may
 * rise past the level's top row, where PlayerYPosNext wraps to $FFxx: pos is the sign-extended Y
 * (smw_pos16), which is what the reference's signed floor test and its height read, and it stays
 * far from the int32 limits (a start is at most $80 px above the top and rises at most 2795/16
 * px more). */
static inline void smw_lanes_frame(smw_lanes *s, js_vu bits, js_vi fv, const int start,
				   js_vacc *acc, int f)
{
	const int32_t cap = smw_lane_cap();
	js_vi a = (js_vi)((bits & 1u) != 0); /* -1: the button held */
	js_vi press = a & ~s->prev;
	/* CODE_00DC4F */
	js_vi pos = s->pos + s->spd;
	/* CODE_00EDF7 .. CODE_00EF60: back on the floor (standing lanes too) */
	js_vi land = pos >= (int32_t)SMW_GROUND16;
	if (start)
		land &= s->spd >= 0;
	pos = js_vsel(land, (pos & 15) | (int32_t)SMW_GROUND16, pos);
	js_vi spd = s->spd & ~land; /* DATA_00E4DA[$20] = 0 */
	js_vi air0 = s->air;
	js_vi air = air0 & ~land;
	js_vi lands = air0 & land; /* the landing frame, a landing jump's too */
	/* CODE_00D5F2 / CODE_00D630: a press on the ground.  On a lane that lands this frame it is a
	 * landing jump, the lane's landing (see above): flagged, and no take-off */
	js_vi jump = press & ~air0;
	js_vi relaunch = press & lands;
	js_vu ev = ((js_vu)(press & air) & SMW_FLAG_REPRESS) |
		   ((js_vu)relaunch & (SMW_FLAG_LANDING_JUMP | JS_FLAG_RELAUNCH));
	spd = js_vsel(jump, s->tko, spd);
	s->org = js_vsel(jump, pos, s->org);
	air |= jump;
	/* CODE_00D928: the cap, then gravity (entry 1 held, 0 not) */
	if (start) {
		js_vi capped = spd > cap;
		spd = js_vsel(capped, js_vsplat(cap), spd);
		js_vi nspd = spd + js_vsel(a, js_vsplat(DATA_00D7A5[1]), js_vsplat(DATA_00D7A5[0]));
		ev |= (js_vu)capped & SMW_FLAG_FALL_CAPPED;
		s->spd = nspd;
		s->prev = a;
		s->pos = pos;
		s->air = air;
		/* a landing jump is airborne in the reference (grounded 0, JS_FLAG_RELAUNCH): that
		 * is what counts a start that lands and relaunches on frame 0 as having taken off */
		js_vacc_frame(acc, f, s->org - pos, ~(air | relaunch), ev);
		return;
	}
	s->ev |= ev;
	s->top = js_vsel(spd > s->top, spd, s->top);
	spd = js_vsel(spd > cap, js_vsplat(cap), spd);
	s->spd = spd + js_vsel(a, js_vsplat(DATA_00D7A5[1]), js_vsplat(DATA_00D7A5[0]));
	/* accounting */
	js_vi h = s->org - pos;
	js_vi higher = h > s->rise;
	s->rise = js_vsel(higher, h, s->rise);
	s->apex = js_vsel(higher, fv, s->apex);
	s->airt = js_vsel(lands, fv, s->airt);
	s->landed |= lands;
	s->prev = a | s->landed;
	s->pos = pos;
	s->air = air;
}

static inline void smw_lanes_store(const smw_lanes *s, const js_lane_args *args, int l0)
{
	js_vacc acc;
	acc.rise = s->rise;
	acc.apex = s->apex;
	acc.air = s->airt + 1;
	acc.landed = s->landed;
	acc.took = s->landed | s->air;
	acc.flags = s->ev | ((js_vu)(s->top > smw_lane_cap()) & SMW_FLAG_FALL_CAPPED);
	js_vacc_store(&acc, args, l0);
}

/* From fuzz starts (js_lane_args.start != NULL): one group at a time, start = 1 (see
 * smw_lanes_frame); every ISA path, the AVX-512 one included, runs this. */
static void smw_run_start(const js_lane_args *args)
{
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += JS_VW) {
		smw_lanes g;
		js_vacc acc;
		smw_lanes_init(&g, args, l0);
		smw_lanes_load_start(&g, args, l0);
		js_vacc_init(&acc, args, l0);
		const uint32_t *in = args->input[0] + l0;
		for (int f = 0; f < args->n_frames; f++) {
			js_vu b = js_vloadu(in + (f >> 5) * JS_BLOCK) >> (unsigned)(f & 31);
			smw_lanes_frame(&g, b, js_vsplat(f), 1, &acc, f);
			if ((f & 7) == 7 && js_vacc_done(&acc, f))
				break;
		}
		js_vacc_store(&acc, args, l0);
	}
}

#if JS_VW == 16 && defined(__AVX512F__) && defined(__AVX512BW__)
#include <immintrin.h>

/* AVX-512: the same frame on 16-bit lanes, 32 to a register (twice the lanes per instruction of
 * 32-bit lanes), with the masks in mask registers (a select is one masked move), and the two
 * halves of a block (lanes 0..31, 32..63) side by side: each frame's chain of dependent steps is
 * long, two independent chains fill the gaps.  Same state, same order, same arithmetic as
 * smw_lanes_frame.  Every value fits in an int16 from init's states (the ranges above): pos in
 * [($0140 - 128) << 4, ($0140 + 5) << 4] = [3072, 5200], the speed in [-97, 70] (and the largest
 * speed met, top, too), origin in [$1400, $140F], heights origin - pos in [-15, 2063], frame
 * numbers and the landing frame in [-1, 4095] (JS_MAX_FRAMES), the last press too.  The events
 * are kept as masks (repress, landing_jump) and made flags at the store (landing_jump with
 * JS_FLAG_RELAUNCH). */
typedef struct smw_hlanes {
	__m512i tko, pos, spd, org, rise, apex, airt, top, lastj;
	__mmask32 air, prev, landed, rep, ljump;
} smw_hlanes;

static inline __attribute__((always_inline)) void smw_hlanes_frame(smw_hlanes *s, __m512i bits,
								    unsigned bit, __m512i fv)
{
	const __m512i g16 = _mm512_set1_epi16((int16_t)SMW_GROUND16);
	const __m512i cap = _mm512_set1_epi16((int16_t)smw_lane_cap());
	__mmask32 a = _mm512_test_epi16_mask(bits, _mm512_set1_epi16((int16_t)(1u << bit)));
	__mmask32 press = _kandn_mask32(s->prev, a);
	/* CODE_00DC4F */
	__m512i pos = _mm512_add_epi16(s->pos, s->spd);
	/* CODE_00EDF7 .. CODE_00EF60 */
	__mmask32 land = _mm512_cmpge_epi16_mask(pos, g16);
	/* (pos & 15) | g16 */
	pos = _mm512_mask_mov_epi16(pos, land,
				    _mm512_ternarylogic_epi32(pos, _mm512_set1_epi16(15), g16, 0xea));
	__m512i spd = _mm512_mask_mov_epi16(s->spd, land, _mm512_setzero_si512());
	__mmask32 air0 = s->air;
	__mmask32 air = _kandn_mask32(land, air0);
	__mmask32 lands = _kand_mask32(air0, land); /* the landing frame, a landing jump's too */
	/* CODE_00D5F2 / CODE_00D630: a take-off from the ground; a landing jump (a press on a
	 * landing lane) is the lane's landing: flagged, no take-off */
	__mmask32 jump = _kandn_mask32(air0, press);
	s->rep = _kor_mask32(s->rep, _kand_mask32(press, air));
	s->ljump = _kor_mask32(s->ljump, _kand_mask32(press, lands));
	spd = _mm512_mask_mov_epi16(spd, jump, s->tko);
	s->org = _mm512_mask_mov_epi16(s->org, jump, pos);
	air = _kor_mask32(air, jump);
	/* CODE_00D928 */
	s->top = _mm512_max_epi16(s->top, spd);
	spd = _mm512_min_epi16(spd, cap);
	s->spd = _mm512_add_epi16(spd, _mm512_mask_blend_epi16(a, _mm512_set1_epi16(DATA_00D7A5[0]),
								  _mm512_set1_epi16(DATA_00D7A5[1])));
	/* accounting (airt holds the landing frame; + 1 at the end) */
	__m512i h = _mm512_sub_epi16(s->org, pos);
	__mmask32 higher = _mm512_cmpgt_epi16_mask(h, s->rise);
	s->rise = _mm512_max_epi16(s->rise, h);
	s->apex = _mm512_mask_mov_epi16(s->apex, higher, fv);
	s->airt = _mm512_mask_mov_epi16(s->airt, lands, fv);
	s->landed = _kor_mask32(s->landed, lands);
	s->prev = _kor_mask32(a, s->landed);
	s->pos = pos;
	s->air = air;
}

/* The last frame with the button down in 16 lanes, -1 if none (js_vacc_init's last_jump): the
 * highest bit of a word is the exponent of the word as a float rounded toward zero. */
static inline __m512i smw_hlast(const js_lane_args *args, int l0)
{
	__m512i last = _mm512_set1_epi32(-1);
	int words = (args->n_frames + 31) >> 5;
	for (int w = 0; w < words; w++) {
		__m512i x = _mm512_loadu_si512(args->input[0] + w * JS_BLOCK + l0);
		__m512 fx = _mm512_cvt_roundepu32_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
		__m512i hb = _mm512_sub_epi32(_mm512_srli_epi32(_mm512_castps_si512(fx), 23),
					      _mm512_set1_epi32(127 - 32 * w));
		last = _mm512_mask_mov_epi32(last, _mm512_test_epi32_mask(x, x), hb);
	}
	return last;
}

/* Lanes l0..l0+31 from init's states (smw_lanes_init): every slot of the block is a lane (slots
 * n_lanes.. are copies of the last one), so the axes load as vectors; CODE_00D630's table is 16
 * entries, one register, indexed by ((|X speed| >> 2) & $FE) + spin <= 15 (|X speed| <= 63). */
static inline void smw_hinit(smw_hlanes *z, const js_lane_args *args, int l0)
{
	int32_t tab[16];
	for (int i = 0; i < 16; i++)
		tab[i] = DATA_00D2BD[i] - 256; /* every DATA_00D2BD entry is negative */
	__m512i tabv = _mm512_loadu_si512(tab);
	js_vi tko[2], pos[2], last[2];
	for (int h = 0; h < 2; h++) {
		int l = l0 + 16 * h;
		js_vi vx = js_vload(args->axis[SMW_AX_VX] + l);
		js_vi spin = js_vload(args->axis[SMW_AX_JUMP] + l) == SMW_JUMP_SPIN;
		js_vi idx = ((vx >> 2) & 0xfe) - spin;
		tko[h] = (js_vi)_mm512_permutexvar_epi32((__m512i)idx, tabv);
		pos[h] = (int32_t)SMW_GROUND16 | (js_vload(args->axis[SMW_AX_SPX] + l) & 15);
		last[h] = (js_vi)smw_hlast(args, l);
	}
	z->tko = js_zwords((__m512i)tko[0], (__m512i)tko[1]);
	z->pos = js_zwords((__m512i)pos[0], (__m512i)pos[1]);
	z->spd = _mm512_set1_epi16(SMW_GROUND_SPEED + DATA_00D7A5[0]);
	z->org = _mm512_set1_epi16((int16_t)SMW_GROUND16);
	z->lastj = js_zwords((__m512i)last[0], (__m512i)last[1]);
	z->rise = z->apex = z->top = _mm512_setzero_si512();
	z->airt = _mm512_set1_epi16(-1);
	z->air = z->prev = z->landed = z->rep = z->ljump = 0;
}

static inline js_vi smw_hwiden(__m512i x, int half)
{
	return (js_vi)_mm512_cvtepi16_epi32(half ? _mm512_extracti64x4_epi64(x, 1)
						 : _mm512_castsi512_si256(x));
}

static inline js_vi smw_hmask(__mmask32 k, int half)
{
	return (js_vi)_mm512_maskz_mov_epi32((__mmask16)(k >> (16 * half)), _mm512_set1_epi32(-1));
}

static inline void smw_hstore(const smw_hlanes *z, const js_lane_args *args, int l0)
{
	for (int half = 0; half < 2 && l0 + 16 * half < args->n_lanes; half++) {
		smw_lanes g;
		g.rise = smw_hwiden(z->rise, half);
		g.apex = smw_hwiden(z->apex, half);
		g.airt = smw_hwiden(z->airt, half);
		g.top = smw_hwiden(z->top, half);
		g.ev = ((js_vu)smw_hmask(z->rep, half) & SMW_FLAG_REPRESS) |
		       ((js_vu)smw_hmask(z->ljump, half) &
			(SMW_FLAG_LANDING_JUMP | JS_FLAG_RELAUNCH));
		g.air = smw_hmask(z->air, half);
		g.landed = smw_hmask(z->landed, half);
		smw_lanes_store(&g, args, l0 + 16 * half);
	}
}

/* done after frame f - 1: every lane landed, or on the ground with no press after it */
static inline int smw_hdone(const smw_hlanes *z, int f)
{
	__mmask32 quiet = _mm512_cmplt_epi16_mask(z->lastj, _mm512_set1_epi16((int16_t)f));
	return (uint32_t)_kor_mask32(z->landed, _kandn_mask32(z->air, quiet)) == 0xffffffffu;
}

/* The input bits of 32 lanes for the word of frame f: the low 16 frames and the high 16, each a
 * 16-bit lane. */
static inline void smw_hbits(const js_lane_args *args, int l0, int f, __m512i *lo, __m512i *hi)
{
	const uint32_t *row = args->input[0] + l0 + (f >> 5) * JS_BLOCK;
	js_vi b0 = (js_vi)_mm512_loadu_si512(row), b1 = (js_vi)_mm512_loadu_si512(row + 16);
	*lo = js_zwords((__m512i)b0, (__m512i)b1);
	*hi = js_zwords((__m512i)((js_vu)b0 >> 16), (__m512i)((js_vu)b1 >> 16));
}

/* NG groups of 32 lanes (1 or 2, side by side): whole 32-frame words as two halves of 16 frames
 * with the bit of each frame a constant, eight frames between the "all done" checks, then the
 * last partial word frame by frame. */
#define SMW_HRUN(NG)                                                                              \
	do {                                                                                      \
		const __m512i one = _mm512_set1_epi16(1);                                         \
		const int nf = args->n_frames;                                                    \
		__m512i fv = _mm512_setzero_si512();                                              \
		int f = 0, done = 0;                                                              \
		for (; f + 32 <= nf && !done; f += 32) {                                          \
			__m512i bits[2][NG];                                                      \
			for (int g = 0; g < NG; g++)                                              \
				smw_hbits(args, 32 * g, f, &bits[0][g], &bits[1][g]);            \
			for (int j = 0; j < 32 && !done; j += 8) {                                \
				_Pragma("GCC unroll 8") for (int k = 0; k < 8; k++)               \
				{                                                                 \
					for (int g = 0; g < NG; g++)                              \
						smw_hlanes_frame(&z[g], bits[j >> 4][g],          \
								 (unsigned)((j + k) & 15), fv);   \
					fv = _mm512_add_epi16(fv, one);                           \
				}                                                                 \
				done = 1;                                                         \
				for (int g = 0; g < NG; g++)                                      \
					done &= smw_hdone(&z[g], f + j + 8);                      \
			}                                                                         \
		}                                                                                 \
		if (!done && f < nf) {                                                            \
			__m512i bits[2][NG];                                                      \
			for (int g = 0; g < NG; g++)                                              \
				smw_hbits(args, 32 * g, f, &bits[0][g], &bits[1][g]);            \
			for (unsigned j = 0; f < nf; f++, j++) {                                  \
				for (int g = 0; g < NG; g++)                                      \
					smw_hlanes_frame(&z[g], bits[j >> 4][g], j & 15, fv);     \
				fv = _mm512_add_epi16(fv, one);                                   \
			}                                                                         \
		}                                                                                 \
	} while (0)

void JS_LANE_FN(smw)(const js_lane_args *args)
{
	if (smw_lane_cap() < 0)
		__builtin_trap(); /* DATA_00D7AF's entries differ: the kernel would need a per-button cap */
	if (args->start) {
		smw_run_start(args);
		return;
	}
	smw_hlanes z[2];
	smw_hinit(&z[0], args, 0);
	if (args->n_lanes > 32) {
		smw_hinit(&z[1], args, 32);
		SMW_HRUN(2);
		smw_hstore(&z[1], args, 32);
	} else {
		SMW_HRUN(1);
	}
	smw_hstore(&z[0], args, 0);
}

#elif defined(JS_LANE_H16)

/* AVX2: the AVX-512 frame above on 16-bit words, 16 lanes per ymm (lane.h's js_hi, masks as
 * -1 / 0 words), groups of 16 two side by side; the same state, order, arithmetic and ranges.
 * The input word of each lane is split into its low and high 16 frames as words (vpackusdw,
 * js_hlane order), so a frame's button is one shift pair. */
typedef struct smw_wlanes {
	js_hi tko, pos, spd, org, rise, apex, airt, top, lastj;
	js_hi air, prev, landed, rep, ljump;
} smw_wlanes;

static inline __attribute__((always_inline)) void smw_wlanes_frame(smw_wlanes *s, js_hi a, js_hi fv)
{
	const js_hi g16 = js_hsplat((int16_t)SMW_GROUND16);
	const js_hi cap = js_hsplat((int16_t)smw_lane_cap());
	js_hi press = a & ~s->prev;
	/* CODE_00DC4F */
	js_hi pos = s->pos + s->spd;
	/* CODE_00EDF7 .. CODE_00EF60 */
	js_hi land = pos >= g16;
	pos = js_hsel(land, (pos & 15) | g16, pos);
	js_hi spd = s->spd & ~land;
	js_hi air0 = s->air;
	js_hi air = air0 & ~land;
	js_hi lands = air0 & land; /* the landing frame, a landing jump's too */
	/* CODE_00D5F2 / CODE_00D630: a take-off from the ground; a landing jump is flagged */
	js_hi jump = press & ~air0;
	s->rep |= press & air;
	s->ljump |= press & lands;
	spd = js_hsel(jump, s->tko, spd);
	s->org = js_hsel(jump, pos, s->org);
	air |= jump;
	/* CODE_00D928 */
	s->top = (js_hi)_mm256_max_epi16((__m256i)s->top, (__m256i)spd);
	spd = (js_hi)_mm256_min_epi16((__m256i)spd, (__m256i)cap);
	s->spd = spd + js_hsel(a, js_hsplat(DATA_00D7A5[1]), js_hsplat(DATA_00D7A5[0]));
	/* accounting (airt holds the landing frame; + 1 at the end) */
	js_hi h = s->org - pos;
	js_hi higher = h > s->rise;
	s->rise = (js_hi)_mm256_max_epi16((__m256i)s->rise, (__m256i)h);
	s->apex = js_hsel(higher, fv, s->apex);
	s->airt = js_hsel(lands, fv, s->airt);
	s->landed |= lands;
	s->prev = a | s->landed;
	s->pos = pos;
	s->air = air;
}

/* Lanes l0..l0 + 15 from init's states (smw_lanes_init), as vectors: every slot of the block
 * is a lane (see smw_hinit).  CODE_00D630's table is 16 entries, two registers of 8: vpermd
 * reads each by the index's low 3 bits, its bit 3 picks the register. */
static inline void smw_winit(smw_wlanes *z, const js_lane_args *args, int l0)
{
	int32_t tab[16];
	for (int i = 0; i < 16; i++)
		tab[i] = DATA_00D2BD[i] - 256; /* every DATA_00D2BD entry is negative */
	const __m256i t0 = _mm256_loadu_si256((const __m256i *)tab);
	const __m256i t1 = _mm256_loadu_si256((const __m256i *)(tab + 8));
	__m256i tko[2], pos[2];
	for (int h = 0; h < 2; h++) {
		int l = l0 + 8 * h;
		js_vi vx = js_vload(args->axis[SMW_AX_VX] + l);
		js_vi spin = js_vload(args->axis[SMW_AX_JUMP] + l) == SMW_JUMP_SPIN;
		__m256i idx = (__m256i)(((vx >> 2) & 0xfe) - spin);
		tko[h] = _mm256_castps_si256(_mm256_blendv_ps(
			_mm256_castsi256_ps(_mm256_permutevar8x32_epi32(t0, idx)),
			_mm256_castsi256_ps(_mm256_permutevar8x32_epi32(t1, idx)),
			_mm256_castsi256_ps(_mm256_slli_epi32(idx, 28)))); /* by dword sign */
		pos[h] = (__m256i)((int32_t)SMW_GROUND16 | (js_vload(args->axis[SMW_AX_SPX] + l) & 15));
	}
	z->tko = (js_hi)_mm256_packs_epi32(tko[0], tko[1]);
	z->pos = (js_hi)_mm256_packs_epi32(pos[0], pos[1]);
	z->spd = js_hsplat(SMW_GROUND_SPEED + DATA_00D7A5[0]);
	z->org = js_hsplat((int16_t)SMW_GROUND16);
	z->lastj = js_hlast_jump(args, l0);
	z->rise = z->apex = z->top = js_hsplat(0);
	z->airt = js_hsplat(-1);
	z->air = z->prev = z->landed = z->rep = z->ljump = js_hsplat(0);
}

static inline void smw_wstore(const smw_wlanes *z, const js_lane_args *args, int l0)
{
	for (int half = 0; half < 2 && l0 + 8 * half < args->n_lanes; half++) {
		smw_lanes g;
		g.rise = js_hwiden(z->rise, half);
		g.apex = js_hwiden(z->apex, half);
		g.airt = js_hwiden(z->airt, half);
		g.top = js_hwiden(z->top, half);
		g.ev = ((js_vu)js_hwiden(z->rep, half) & SMW_FLAG_REPRESS) |
		       ((js_vu)js_hwiden(z->ljump, half) &
			(SMW_FLAG_LANDING_JUMP | JS_FLAG_RELAUNCH));
		g.air = js_hwiden(z->air, half);
		g.landed = js_hwiden(z->landed, half);
		smw_lanes_store(&g, args, l0 + 8 * half);
	}
}

/* done after frame f: every lane landed, or on the ground with no press after it */
static inline int smw_wdone(const smw_wlanes *z, int f)
{
	return js_hall(z->landed | (~z->air & (z->lastj <= js_hsplat((int16_t)f))));
}

/* The input words of lanes l0..l0 + 15 for the word of frame f: the low 16 frames and the high
 * 16, as words in js_hlane order. */
static inline void smw_wbits(const js_lane_args *args, int l0, int f, js_hi *lo, js_hi *hi)
{
	const uint32_t *row = args->input[0] + l0 + (f >> 5) * JS_BLOCK;
	js_vu b0 = js_vloadu(row), b1 = js_vloadu(row + 8);
	*lo = (js_hi)_mm256_packus_epi32((__m256i)(b0 & 0xffff), (__m256i)(b1 & 0xffff));
	*hi = (js_hi)_mm256_packus_epi32((__m256i)(b0 >> 16), (__m256i)(b1 >> 16));
}

void JS_LANE_FN(smw)(const js_lane_args *args)
{
	if (smw_lane_cap() < 0)
		__builtin_trap(); /* DATA_00D7AF's entries differ: the kernel would need a per-button cap */
	if (args->start) {
		smw_run_start(args);
		return;
	}
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 32) {
		smw_wlanes z0, z1;
		smw_winit(&z0, args, l0);
		smw_winit(&z1, args, l0 + 16);
		const js_hi one = js_hsplat(1);
		js_hi fv = js_hsplat(0), lo0 = fv, hi0 = fv, lo1 = fv, hi1 = fv;
		for (int f = 0; f < args->n_frames; f++) {
			if ((f & 31) == 0) {
				smw_wbits(args, l0, f, &lo0, &hi0);
				smw_wbits(args, l0 + 16, f, &lo1, &hi1);
			}
			const __m128i up = _mm_cvtsi32_si128(15 - (f & 15));
			js_hi a0 = (js_hi)_mm256_sll_epi16((__m256i)((f & 16) ? hi0 : lo0), up) >> 15;
			js_hi a1 = (js_hi)_mm256_sll_epi16((__m256i)((f & 16) ? hi1 : lo1), up) >> 15;
			smw_wlanes_frame(&z0, a0, fv);
			smw_wlanes_frame(&z1, a1, fv);
			fv += one;
			if ((f & 7) == 7 && smw_wdone(&z0, f) && smw_wdone(&z1, f))
				break;
		}
		smw_wstore(&z0, args, l0);
		if (l0 + 16 < args->n_lanes)
			smw_wstore(&z1, args, l0 + 16);
	}
}

#else

/* Other ISAs: two groups side by side too. */
void JS_LANE_FN(smw)(const js_lane_args *args)
{
	if (smw_lane_cap() < 0)
		__builtin_trap(); /* DATA_00D7AF's entries differ: the kernel would need a per-button cap */
	if (args->start) {
		smw_run_start(args);
		return;
	}
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 2 * JS_VW) {
		smw_lanes g0, g1;
		smw_lanes_init(&g0, args, l0);
		smw_lanes_init(&g1, args, l0 + JS_VW);
		js_vacc last0, last1; /* only last_jump: the last frame with the button down */
		js_vacc_init(&last0, args, l0);
		js_vacc_init(&last1, args, l0 + JS_VW);
		const uint32_t *in0 = args->input[0] + l0, *in1 = in0 + JS_VW;
		js_vu b0 = js_vloadu(in0), b1 = js_vloadu(in1);
		js_vi fv = js_vsplat(0);
		for (int f = 0; f < args->n_frames; f++) {
			if (f && (f & 31) == 0) {
				b0 = js_vloadu(in0 + (f >> 5) * JS_BLOCK);
				b1 = js_vloadu(in1 + (f >> 5) * JS_BLOCK);
			}
			smw_lanes_frame(&g0, b0, fv, 0, NULL, f);
			smw_lanes_frame(&g1, b1, fv, 0, NULL, f);
			b0 >>= 1;
			b1 >>= 1;
			fv += 1;
			if ((f & 7) == 7 && js_vall(g0.landed | (~g0.air & (last0.last_jump <= f))) &&
			    js_vall(g1.landed | (~g1.air & (last1.last_jump <= f))))
				break;
		}
		smw_lanes_store(&g0, args, l0);
		smw_lanes_store(&g1, args, l0 + JS_VW);
	}
}

#endif

#endif
