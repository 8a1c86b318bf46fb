/* kernels/metroid.c - Metroid (NES): Samus's standing jump, vertical axis.
 *
 * Follows nmikstas/metroid-disassembly Source_Files/Bank07.asm (RAM names from
 * Metroid_Defines.asm); labels are cited where each rule comes from.  The code is written from
 * those facts.
 *
 * Units: ObjectY is Samus's pixel Y in the room (+ down; the model keeps it with the rooms
 * stacked, ObjectHi:ObjectY read as one 16-bit pixel Y, which is what MoveSamusUp/Down's
 * 0 <-> 240 wraps with ToggleSamusHi amount to); VertCntrNonLinr is its fraction (1/256 px).
 * ObjVertSpeed is a signed whole px/frame (+ down) and VertCntrLinear its fraction: the
 * velocity is the signed 8.8 number ObjVertSpeed:VertCntrLinear.  SamusGravity is the
 * unsigned 1/256 px/frame^2 added each frame, 0 while Samus stands.  Sub-units are 1/256 px.
 *
 * The frame (UpdateWorld -> UpdateSamus -> GoSamusHandler, by ObjAction):
 *   SamusStand (sa_Stand): BIT Joy1Change / BPL - a new A press (ReadOnePad: pressed now, not last
 *     frame) sets ObjAction := sa_Jump (LCC65); then SetSamusData -> LavaAndMoveCheck ->
 *     SamusMoveVertically moves Samus (standing: SamusGravity 0, speed 0, nothing moves); then
 *     ChooseRoutine (LCC7A) runs SetSamusJump for sa_Jump: ObjVertSpeed := $FC,
 *     SamusJmpDsplcmnt := 0, and at LCFF3 SamusGravity := $18, or $12 with gr_HIGHJUMP (seed
 *     claim 35).  VertCntrLinear and VertCntrNonLinr are left as they are.  So the take-off comes
 *     after the frame's movement: the press frame does not move Samus.
 *   SamusJump (sa_Jump): first the release: ObjVertSpeed negative (BIT / BPL), SamusJmpDsplcmnt >=
 *     $20 (CMP #$20 / BCC: 32 px above the take-off) and A not held (BIT Joy1Status / BMI) ->
 *     StopVertMovement (LD147: ObjVertSpeed := 0, VertCntrLinear := 0).  Then, if SamusGravity is
 *     0 (she landed last frame) LCF55 makes her stand (ObjAction := 0); then SetSamusData ->
 *     SamusMoveVertically.
 *   SamusMoveVertically -> VertAccelerate (LE37A):
 *     SamusGravity 0: the floor under her (CheckMoveDown) keeps it 0 (the $1A ledge fall is not
 *       reached on this flat floor);
 *     LE3A5: VertCntrLinear += SamusGravity, the carry into ObjVertSpeed (ADC #$00);
 *     speed >= 0 (BPL): LE3C9 CMP #$05 / BCC - at 5 or more StopVertMovement and ObjVertSpeed := 5:
 *       the fall speed is clamped to exactly 5.00 px/frame (fraction cleared);
 *     speed < 0: the whole part of -(speed:linear) (LDA #$00 / CMP VertCntrLinear / SBC
 *       ObjVertSpeed) >= 6 -> StopVertMovement, ObjVertSpeed := $FA (not reached by a jump);
 *     LE3D3: VertCntrNonLinr += VertCntrLinear, displacement $00 := ObjVertSpeed + carry.
 *     So the 16-bit position Y:NonLinr moves by the 8.8 velocity after this frame's gravity.
 *   The displacement is walked one pixel at a time: up (TwosCompliment, MoveSamusUp: ObjectY - 1,
 *   SamusJmpDsplcmnt + 1; no ceiling here) or down (MoveSamusDown: ObjectY + 1, SamusJmpDsplcmnt
 *   - 1; every 8th pixel, where ObjectY + ObjRadY is a multiple of 8, CheckMoveDown).  A blocked
 *   down step lands her (LE30B: StopVertMovement, SamusGravity := 0); the pixels left of that
 *   frame's move are dropped and VertCntrNonLinr keeps the frame's add.
 *
 * The floor: Samus stands at Y $00B0 on a flat floor in a vertically scrolling room (where
 * IsSamusInLava never reports lava).  The landing floor is axis `drop` 8-px rows lower (0: the
 * same floor; more: she jumps off a ledge into a shaft - horizontal movement is not modelled,
 * only that nothing is under her until that floor); floors are on 8-px rows, where
 * MoveSamusDown's CheckMoveDown looks.  She lands on the frame a down step is tried at the
 * landing Y.  Arriving there exactly with the last pixel of a move leaves her airborne for a
 * frame; if her fraction is then above the take-off fraction (drop 0) the height is a few
 * 1/256 px below 0 (below_start).  A flat-floor jump never falls fast enough to meet the 5 px
 * clamp: a fall reaches 5 px/frame after about 134 px from rest without the boots, 180 px with
 * them, and a jump rises at most 112 px; the default drops (up to 16 rows, 128 px) reach it.
 *
 * VertCntrNonLinr is never reset (StopVertMovement clears only the speed and VertCntrLinear): the
 * take-off fraction is what the last landing left.  Axis `frac` sets it (default 0).
 *
 * Height: (take-off ObjectY:VertCntrNonLinr) - (ObjectY:VertCntrNonLinr now), in 1/256 px.
 *
 * Left out: horizontal movement and the running jump (SamusRun reaches the same SetSamusJump);
 * the ledge fall (gravity $1A), the hit knock-back ($FD, gravity $38), lava (halved moves),
 * morph-ball bounces, ceilings, elevators, vertical-room scrolling (it moves the screen, not
 * ObjectY's arithmetic).  No open question (docs/open-questions.md): the rules above are
 * confirmed in the source.
 */
#include "model.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

enum { MET_AX_BOOTS, MET_AX_FRAC, MET_AX_DROP };
enum { MET_BOOTS_NONE, MET_BOOTS_HIGH_JUMP };

#define MET_GROUND_Y 0x00b0     /* Y standing on the take-off floor */
#define MET_ROW 8               /* CheckMoveDown every 8th pixel: floors lie on 8-px rows */
#define MET_JUMP_SPEED 0xfc     /* SetSamusJump: LDA #$FC / STA ObjVertSpeed */
#define MET_GRAVITY 0x18        /* LCFF3: LDY #$18 */
#define MET_GRAVITY_HIGH 0x12   /* LCFF3: LDY #$12 (gr_HIGHJUMP) */
#define MET_RELEASE_RISE 0x20   /* SamusJump: CMP #$20 */
#define MET_MAX_DOWN 0x05       /* LE3A5: LDX #$05; LE3C9: CMP #$05 */
#define MET_MAX_UP 0x06         /* LE3C3: CMP #$06 */
#define MET_SPEED_UP 0xfa       /* LE3C5: LDX #$FA */

enum { MET_SA_STAND = 0, MET_SA_JUMP = 2 }; /* sa_Stand, sa_Jump */

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT). */
#define MET_FLAG_RELEASE (1u << 8)     /* SamusJump's release stopped the rise */
#define MET_FLAG_CLAMP_DOWN (1u << 9)  /* LE3C9: the fall speed reached 5 and was set to 5.00 */
#define MET_FLAG_CLAMP_UP (1u << 10)   /* LE3C3: the rise speed reached 6 and was set to $FA.00 */

static inline int met_gravity(int boots)
{
	return boots == MET_BOOTS_HIGH_JUMP ? MET_GRAVITY_HIGH : MET_GRAVITY;
}

typedef struct metroid_state {
	uint32_t origin;      /* take-off Y << 8 | VertCntrNonLinr (the height's reference) */
	uint16_t y;           /* ObjectHi:ObjectY, rooms stacked */
	uint16_t floor_y;     /* Y standing on the landing floor (axis drop) */
	uint8_t frac;         /* VertCntrNonLinr */
	uint8_t speed;        /* ObjVertSpeed, signed */
	uint8_t linear;       /* VertCntrLinear */
	uint8_t gravity;      /* SamusGravity */
	uint8_t dsp;          /* SamusJmpDsplcmnt */
	uint8_t action;       /* ObjAction: sa_Stand / sa_Jump */
	uint8_t prev;         /* Joy1Status bit 7 (A) last frame */
	uint8_t high_jump;    /* axis boots: SamusGear & gr_HIGHJUMP */
	uint8_t frame_flags;  /* events of the last step (MET_FLAG_* >> 8); per-frame scratch, last:
			       * outside key_size */
} metroid_state;

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */


static void metroid_init(void *vs, const int32_t *ax)
{
	metroid_state *s = vs;
	memset(s, 0, sizeof *s);
	s->y = MET_GROUND_Y;
	s->floor_y = (uint16_t)(MET_GROUND_Y + MET_ROW * ax[MET_AX_DROP]);
	s->frac = (uint8_t)ax[MET_AX_FRAC];
	s->action = MET_SA_STAND;
	s->high_jump = ax[MET_AX_BOOTS] == MET_BOOTS_HIGH_JUMP;
	s->origin = (uint32_t)s->y << 8 | s->frac;
}

/* StopVertMovement (LD147) */
static void metroid_stop_vert(metroid_state *s)
{
	s->speed = 0;
	s->linear = 0;
}

/* SetSamusJump (LCFC3) */
static void metroid_set_jump(metroid_state *s)
{
	s->dsp = 0;                  /* STA SamusJmpDsplcmnt */
	s->speed = MET_JUMP_SPEED;   /* STA ObjVertSpeed */
	s->gravity = s->high_jump ? MET_GRAVITY_HIGH : MET_GRAVITY; /* LCFF3 */
	s->origin = (uint32_t)s->y << 8 | s->frac;
}

/* SamusMoveVertically (LE2A9) with VertAccelerate (LE37A). */
static void metroid_move(metroid_state *s)
{
	/* SamusGravity 0: standing on the floor, CheckMoveDown blocked: it stays 0 (LE392 BCC) */
	unsigned t = (unsigned)s->linear + s->gravity; /* LE3A7: CLC / ADC SamusGravity */
	s->linear = (uint8_t)t;
	s->speed = (uint8_t)(s->speed + (t >> 8));     /* LE3B1: ADC #$00 */
	if (!(s->speed & 0x80)) {                      /* LE3B9: BPL */
		if (s->speed >= MET_MAX_DOWN) {        /* LE3C9: CMP #$05 / BCC */
			metroid_stop_vert(s);          /* LE3CD */
			s->speed = MET_MAX_DOWN;       /* LE3D0: STX ObjVertSpeed */
			s->frame_flags |= MET_FLAG_CLAMP_DOWN >> 8;
		}
	} else {
		/* LE3BB: LDA #$00 / CMP VertCntrLinear (C = linear == 0) / SBC ObjVertSpeed */
		uint8_t mag = (uint8_t)(0u - s->speed - (s->linear != 0));
		if (mag >= MET_MAX_UP) { /* CMP #$06 / LDX #$FA / BCC */
			metroid_stop_vert(s);
			s->speed = MET_SPEED_UP;
			s->frame_flags |= MET_FLAG_CLAMP_UP >> 8;
		}
	}
	t = (unsigned)s->frac + s->linear;              /* LE3D3: CLC / ADC VertCntrLinear */
	s->frac = (uint8_t)t;
	uint8_t disp = (uint8_t)(s->speed + (t >> 8)); /* LE3DD: LDA #$00 / ADC ObjVertSpeed */
	if (disp & 0x80) {                              /* LE2B6: BPL */
		uint8_t n = (uint8_t)(0u - disp);       /* TwosCompliment */
		s->y = (uint16_t)(s->y - n);            /* MoveSamusUp x n: DEC ObjectY */
		s->dsp = (uint8_t)(s->dsp + n);         /* INC SamusJmpDsplcmnt */
		return;
	}
	for (unsigned i = 0; i < disp; i++) {           /* MoveSamusDown x disp */
		if (s->y == s->floor_y) {               /* CheckMoveDown: blocked */
			metroid_stop_vert(s);           /* LE30E */
			s->gravity = 0;                 /* LE311: STY SamusGravity */
			return;
		}
		s->y++;                                 /* INC ObjectY */
		s->dsp--;                               /* DEC SamusJmpDsplcmnt */
	}
}

static void metroid_step(void *vs, unsigned input)
{
	metroid_state *s = vs;
	unsigned a = (input & JS_IN_JUMP) ? 1u : 0u; /* Joy1Status bit 7 */
	unsigned press = a & (s->prev ^ 1u);          /* Joy1Change bit 7 */
	s->frame_flags = 0;
	if (s->action == MET_SA_STAND) { /* SamusStand */
		if (press)
			s->action = MET_SA_JUMP; /* LCC69 */
		metroid_move(s);                 /* LCC70: SetSamusData */
		if (s->action == MET_SA_JUMP)
			metroid_set_jump(s);     /* LCC7A: ChooseRoutine -> SetSamusJump */
	} else { /* SamusJump */
		if ((s->speed & 0x80) && s->dsp >= MET_RELEASE_RISE && !a) {
			metroid_stop_vert(s); /* JSR StopVertMovement */
			s->frame_flags |= MET_FLAG_RELEASE >> 8;
		}
		if (s->gravity == 0)
			s->action = MET_SA_STAND; /* LCF55 -> ClearHrztAnimData: STY ObjAction */
		metroid_move(s);                  /* SetSamusData */
	}
	s->prev = (uint8_t)a;
}

static void metroid_observe(const void *vs, js_obs *o)
{
	const metroid_state *s = vs;
	/* The stacked Y is a u16: moving up past Y 0 wraps it to $FFFF, and walking down from there
	 * wraps back through 0 (the game's own Y is a circle too: MoveSamusUp turns ObjectY 0 into
	 * 239 and toggles ObjectHi).  So the height is the difference on that circle: Y:NonLinr
	 * mod 2^24, signed (a jump's heights are far inside +-2^23; only fuzz starts reach the wrap). */
	uint32_t d = (s->origin - ((uint32_t)s->y << 8 | s->frac)) & 0xffffffu;
	o->height = (d & 0x800000u) ? (int64_t)d - 0x1000000 : (int64_t)d;
	o->grounded = s->gravity == 0;
	o->flags = (uint32_t)s->frame_flags << 8;
}

static int metroid_trace_row(const void *vs, char *buf, size_t n)
{
	const metroid_state *s = vs;
	int speed = (int)s->speed - ((s->speed & 0x80) ? 256 : 0);
	return snprintf(buf, n, "%u,%u,%d,%u,%u,%u,%u", (unsigned)s->y, s->frac, speed, s->linear, s->gravity,
			s->dsp, s->action);
}

/* ---- fuzzing hooks (model.h) ---- */

/* A start as the game keeps it.  ObjAction sa_Run (1) is a ground state (vertically SamusStand:
 * the running jump reaches the same SetSamusJump), so it stands.  Standing (sa_Stand), SamusGravity
 * is 0; and SamusGravity 0 always comes with StopVertMovement (LE30B: speed and VertCntrLinear 0)
 * on a floor: the take-off floor's Y $B0 or the landing floor.  In the air Samus is never below
 * the landing floor (CheckMoveDown stops her on it).  origin (the height's reference, not a game
 * variable) is left as init made it: heights stay measured from the take-off floor. */
static void metroid_fuzz_fix(void *vs)
{
	metroid_state *s = vs;
	if (s->action == 1)
		s->action = MET_SA_STAND;
	if (s->action == MET_SA_STAND)
		s->gravity = 0;
	if (s->y > s->floor_y)
		s->y = s->floor_y;
	if (s->gravity == 0) {
		s->speed = 0;
		s->linear = 0;
		if (s->y != MET_GROUND_Y)
			s->y = s->floor_y;
	}
	s->frame_flags = 0;
}

enum { MET_INV_SPEED_WRAP, MET_INV_FALL_CAP, MET_INV_RISE_CAP, MET_INV_DSP_WRAP };

static uint32_t metroid_invariants(const void *vb, const void *va, unsigned input)
{
	const metroid_state *b = vb, *a = va;
	(void)input;
	/* airborne through the whole step: SamusJump with SamusGravity set (no SetSamusJump, which
	 * only SamusStand runs) */
	const int air = b->action != MET_SA_STAND && b->gravity != 0;
	const int va16 = (int16_t)(uint16_t)(a->speed << 8 | a->linear);
	uint32_t bits = 0;
	/* ObjVertSpeed is a signed byte: gravity (LE3A5's carry into it) never turns a fall into a
	 * rise; StopVertMovement and the clamps set 0 / 5 / $FA, only $FA from a rise. */
	if (air && (int8_t)b->speed >= 0 && (int8_t)a->speed < 0)
		bits |= 1u << MET_INV_SPEED_WRAP;
	/* LE3C9: the fall speed after VertAccelerate is at most 5.00 px/frame. */
	if (air && va16 > (MET_MAX_DOWN << 8))
		bits |= 1u << MET_INV_FALL_CAP;
	/* LE3C3: the rise speed after VertAccelerate is at most 6.00 px/frame. */
	if (air && va16 < -(MET_MAX_UP << 8))
		bits |= 1u << MET_INV_RISE_CAP;
	/* SamusJmpDsplcmnt counts the pixels walked up since the take-off (MoveSamusUp: INC): a move
	 * up never wraps it from $FF to $00 (which would also disarm the 32-px release). */
	const unsigned up = (uint16_t)(b->y - a->y);
	if (air && up >= 1 && up <= MET_MAX_UP && a->dsp < b->dsp)
		bits |= 1u << MET_INV_DSP_WRAP;
	return bits;
}

JS_LANE_DECLARE(metroid);

static const char *const metroid_claims[] = {
	"metroid/jump-gravity", "metroid/fall-clamp", "metroid/takeoff", "metroid/jump-release",
	"metroid/standing-jump", NULL,
};

JS_REFERENCE_RUN(metroid, metroid_state, metroid_step, metroid_observe)

const js_model js_model_metroid = {
	.id = "metroid",
	.game = "Metroid",
	.platform = "NES",
	.character = "Samus, standing jump (not rolled, not hit, not in lava)",
	.unit = "px",
	.sub_per_unit = 256,
	.tile = 16, /* px per level tile */
	.fps = 60.0988,
	.frame = "NTSC frame (one UpdateSamus, 60.0988 Hz)",
	.movie = { .button = { "A" }, .note = "A jumps (B fires): ReadOnePad once per frame, SamusStand "
		   "-> SetSamusJump on the new-press A bit ($80), the jump's release test on A held. One "
		   "movie line per model frame (UpdateSamus runs each NMI), frame 0 the line with A newly "
		   "down; lag frames are not modelled." },
	.sources = "nmikstas/metroid-disassembly Source_Files/Bank07.asm: ReadOnePad, UpdateWorld, "
		   "UpdateSamus, GoSamusHandler, SamusStand, SetSamusJump (LCFC3, LCFF3), SamusJump, "
		   "StopVertMovement (LD147), SetSamusData, LavaAndMoveCheck, SamusMoveVertically "
		   "(LE2A9), VertAccelerate (LE37A, LE3A5, LE3BB, LE3C9, LE3D3), MoveSamusUp, "
		   "MoveSamusDown, LE30B; Metroid_Defines.asm (ObjVertSpeed, VertCntrLinear, "
		   "VertCntrNonLinr, SamusGravity, SamusJmpDsplcmnt)",
	.notes = "Frame 0 is the press; SetSamusJump runs after that frame's movement, so Samus first "
		 "moves on frame 1, by $FC.00 plus one frame of gravity. Take-off from flat ground at "
		 "Y $B0 in a vertical room; the landing floor is axis drop 8-px rows lower (a jump back "
		 "onto its own floor falls at most 112 px, short of the ~134 px (~180 with the boots) the "
		 "5 px/frame clamp needs). Each air frame: release check (rising, 32 px risen, A up -> "
		 "speed 0.00), "
		 "gravity into VertCntrLinear with the carry into ObjVertSpeed, the clamp at exactly "
		 "5.00 down, then Y:NonLinr += speed:linear walked pixel by pixel. Landing: a down step "
		 "tried at the floor (speed, linear and gravity cleared, NonLinr kept); arriving on the "
		 "floor row with the last pixel of a move leaves Samus airborne there a frame "
		 "(below_start when her fraction is above the take-off's). Axis frac is "
		 "VertCntrNonLinr at the press (never reset by the game). Left out: running jumps "
		 "(same vertical rules), the $1A ledge fall, hits, lava, morph ball, ceilings. "
		 "No open question (docs/open-questions.md): every rule above is confirmed in the "
		 "source.",
	.claims = metroid_claims,
	.n_axes = 3,
	.axes = {
		{ .name = "boots", .unit = "", .long_name = "High Jump Boots (gr_HIGHJUMP): gravity "
		  "$18 without, $12 with", .min = 0, .max = 1, .def_lo = 0, .def_hi = 1, .n_names = 2,
		  .names = { "none", "high_jump" } },
		{ .name = "frac", .unit = "1/256 px", .long_name = "VertCntrNonLinr (Y fraction) at the "
		  "press", .min = 0, .max = 255, .def_lo = 0, .def_hi = 0 },
		{ .name = "drop", .unit = "8 px", .long_name = "landing floor below the take-off floor, "
		  "in 8-px rows (16 rows: the default grid reaches the 5 px/frame clamp)", .min = 0,
		  .max = 64, .def_lo = 0, .def_hi = 16 },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 160,
	.default_hold = 64,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "release", [9] = "clamp_down", [10] = "clamp_up",
	},
	.flag_what = {
		[8] = "SamusJump's release rule stopped the rise (A up after 32 px risen): speed set to"
			" 0.00.",
		[9] = "LE3C9: the fall speed reached 5 and was set to exactly 5.00 px/frame.",
		[10] = "LE3C3: the rise speed reached 6 and was set to $FA.00 (6.00 px/frame up).",
	},
	.character_height = 30,
	.character_height_source = "Bank01.asm, frame data L8818 (Samus stand): y radius $0F, stored in ObjRadY "
		"by LDEC1 (\"center to top or bottom\"): 2 x 15 = 30 px, rows Y-15..Y+14 (MoveSamusUp / "
		"MoveSamusDown test Y-15-8 and Y+15); the jump frames also $0F, the ball $08",
	.state_size = sizeof(metroid_state),
	.key_size = offsetof(metroid_state, frame_flags),
	.init = metroid_init,
	.step = metroid_step,
	.observe = metroid_observe,
	.run_ref = metroid_run_ref,
	.trace_header = "y,frac,speed,linear,gravity,dsp,action",
	.trace_units = "px (+ down),1/256 px,px/frame (+ down),1/256 px/frame,1/256 px/frame^2,px,code",
	.trace_row = metroid_trace_row,
	.lane = JS_LANE_TABLE(metroid),
	.n_fields = 8,
	.fields = {
		{ "y", offsetof(metroid_state, y), JS_F_U16, 0, 65535,
		  "ObjectHi:ObjectY, rooms stacked as one u16 (moving up past 0 wraps to $FFFF, the room "
		  "above); fuzz_fix puts Samus on the landing floor if she is below it" },
		{ "frac", offsetof(metroid_state, frac), JS_F_U8, 0, 255, "VertCntrNonLinr" },
		{ "speed", offsetof(metroid_state, speed), JS_F_S8, -128, 127, "ObjVertSpeed" },
		{ "linear", offsetof(metroid_state, linear), JS_F_U8, 0, 255, "VertCntrLinear" },
		{ "gravity", offsetof(metroid_state, gravity), JS_F_U8, 0, 0x38,
		  "SamusGravity: the game stores 0 (standing, LE30B), $12 / $18 (LCFF3), $1A (the ledge "
		  "fall) and $38 (hit knock-back); nothing larger" },
		{ "dsp", offsetof(metroid_state, dsp), JS_F_U8, 0, 255, "SamusJmpDsplcmnt" },
		{ "action", offsetof(metroid_state, action), JS_F_U8, 0, 2,
		  "ObjAction: 0 sa_Stand, 1 sa_Run (a ground state: fuzz_fix stands it), 2 sa_Jump" },
		{ "prev", offsetof(metroid_state, prev), JS_F_U8, 0, 1, "Joy1Status bit 7 (A) last frame" },
	},
	.fuzz_fix = metroid_fuzz_fix,
	.invariants = metroid_invariants,
	.inv_names = { [MET_INV_SPEED_WRAP] = "speed_wrap", [MET_INV_FALL_CAP] = "fall_cap",
		       [MET_INV_RISE_CAP] = "rise_cap", [MET_INV_DSP_WRAP] = "dsp_wrap" },
	.inv_what = {
		[MET_INV_SPEED_WRAP] = "gravity never turns Samus's fall into a rise (ObjVertSpeed is a "
				       "signed byte)",
		[MET_INV_FALL_CAP] = "Samus's fall speed stays at or below 5.00 px/frame (LE3C9)",
		[MET_INV_RISE_CAP] = "Samus's rise speed stays at or below 6.00 px/frame (LE3C3)",
		[MET_INV_DSP_WRAP] = "the pixels Samus has risen since the take-off (SamusJmpDsplcmnt) "
				     "do not wrap from 255 to 0",
	},
	/* With no buttons: a rising start walks at most 32 px + one move (6 px) up before the
	 * release stops it (dsp >= $20 and A up; dsp counts those pixels, from any start value below
	 * $20), in at most 256 frames (a speed whose rise ends short of 32 px rises for speed * 256 /
	 * gravity <= 128 frames with gravity >= 1; a faster one covers 38 px in fewer).  Then it falls
	 * from rest to the landing floor: at most $2B0 + 38 px (Y from -38 to the deepest floor, drop
	 * 64) at gravity >= 1: t = sqrt(2 * 256 * 726) < 610 frames.  256 + 610 < 900 (the test
	 * metroid/land_bound_sweep runs the slow corners). */
	.land_bound = 900,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"

/* The reference above on JS_VW lanes at a time, the state in registers for all frames of a
 * group.  Facts about the reference the kernel uses (each argued here, and checked by the tests
 * against the reference on every ISA):
 *
 *   - pos = Y << 8 | VertCntrNonLinr and vel = ObjVertSpeed:VertCntrLinear as a signed 16-bit
 *     number.  LE3A5's byte add with its carry into ObjVertSpeed is vel += gravity (the speed
 *     stays in [-6, 5] + 1: no byte wrap), and LE3D3 with the pixel walk is pos += vel (Y moves by
 *     ObjVertSpeed + the carry out of the fraction: (pos + vel) >> 8 - pos >> 8).  Y stays within
 *     [$B0 - 112, $B0 + 8 * 64] (a jump rises at most 112 px): no wrap, every value fits int32.
 *   - The down clamp "speed >= 5" is vel >= $500 -> vel = $500, i.e. min(vel, $500); its flag:
 *     the largest vel met before the clamp reaches $500.  The up test's byte is the high byte of
 *     -vel (0 - linear borrows exactly when linear != 0), so "whole part >= 6" is vel <= -$600;
 *     it never fires: the lowest velocity is the take-off's $FC.00 plus a gravity (> -$600), so
 *     the kernel leaves that clamp out (clamp_up stays 0, as in the reference).
 *   - An airborne Samus is never below the landing floor (Y <= floor), so the move lands her
 *     exactly when (pos + vel) >> 8 > floor, i.e. pos + vel >= (floor + 1) << 8; Y is then the
 *     floor, the fraction the frame's add.
 *   - The release: vel < 0 only from the take-off to the apex (gravity only raises it, the
 *     release and the landing set it to 0), and every move in that time is up (vel in
 *     (-$400, 0) moves by [-4, 0] px), so SamusJmpDsplcmnt is then the take-off Y minus Y, below
 *     256: "dsp >= $20" is pos < ((origin >> 8) - 31) << 8, a threshold set at the take-off.
 *     vel < 0 also means airborne.
 *   - Standing lanes have gravity 0 and vel 0: their move is a no-op.  The take-off uses the air
 *     state from before the move, as SamusStand does (a landing frame runs SamusJump, not
 *     SamusStand).  From its landing frame on a lane's A counts as held (no press: it stands for
 *     good, its results frozen, as the reference's accounting freezes them); a standing lane's
 *     height is origin - pos < 256 (drop 0) or negative, below any rise (>= 1000, the first frame
 *     up), and before its take-off it is 0 (origin = the start), which never beats rise 0.
 *   - A landing is a frame that ends on the ground after one that ended in the air; its frame + 1
 *     is the airtime; "took off" is landed | air at the end. */

typedef struct metroid_lanes {
	js_vi grav;                 /* SetSamusJump's SamusGravity for the lane */
	js_vi flr1, flr8;           /* (floor + 1) << 8 and floor << 8, floor: Y on the landing floor */
	js_vi pos, vel, air, org, thr, prev; /* air: -1 while SamusGravity != 0; thr: the release's */
	js_vi landed, rise, apex, airt, top;
	js_vu ev;                   /* release and below_start events, as flags */
} metroid_lanes;

/* (unused on the AVX2 path, which has its own 16-bit lanes) */
static inline __attribute__((unused)) void metroid_lanes_init(metroid_lanes *s,
							      const js_lane_args *args, int l0)
{
	int32_t gr[JS_VW], p0[JS_VW], fy[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		gr[i] = met_gravity(args->axis[MET_AX_BOOTS][l]);
		p0[i] = MET_GROUND_Y << 8 | (args->axis[MET_AX_FRAC][l] & 0xff);
		fy[i] = MET_GROUND_Y + MET_ROW * args->axis[MET_AX_DROP][l];
	}
	s->grav = js_vload(gr);
	s->flr8 = js_vload(fy) << 8;
	s->flr1 = s->flr8 + 256;
	s->pos = s->org = js_vload(p0);
	s->vel = s->air = s->thr = s->prev = s->landed = s->rise = s->apex = js_vsplat(0);
	s->top = js_vsplat(0);
	s->ev = (js_vu)s->top;
	s->airt = js_vsplat(-1);
}

/* The jump's start speed $FC.00 and the release threshold's offset (31 px). */
#define MET_V0 (((int32_t)MET_JUMP_SPEED - 256) * 256)
#define MET_THR_OFF ((MET_RELEASE_RISE - 1) << 8)

static inline __attribute__((unused)) void metroid_lanes_frame(metroid_lanes *s, js_vu bits,
							       js_vi fv)
{
	js_vi a = (js_vi)((bits & 1u) != 0); /* -1: A held */
	js_vi press = a & ~s->prev;
	/* SamusJump: the release */
	js_vi rel = (s->vel < 0) & (s->pos < s->thr) & ~a;
	s->ev |= (js_vu)rel & MET_FLAG_RELEASE;
	/* VertAccelerate (the up clamp never fires, see above) */
	js_vi v = (s->vel & ~rel) + (s->air & s->grav);
	s->top = js_vsel(v > s->top, v, s->top);
	v = js_vsel(v > (MET_MAX_DOWN << 8), js_vsplat(MET_MAX_DOWN << 8), v);
	/* LE3D3 and the pixel walk; the landing */
	js_vi np = s->pos + v;
	js_vi land = np >= s->flr1;
	np = js_vsel(land, (np & 0xff) | s->flr8, np);
	v &= ~land;
	js_vi air0 = s->air;
	js_vi air = air0 & ~land;
	/* SamusStand -> SetSamusJump, after the move */
	js_vi jump = press & ~air0;
	s->vel = js_vsel(jump, js_vsplat(MET_V0), v);
	s->org = js_vsel(jump, np, s->org);
	s->thr = js_vsel(jump, (np & ~0xff) - MET_THR_OFF, s->thr);
	air |= jump;
	/* accounting */
	js_vi h = s->org - np;
	s->ev |= (js_vu)((h < 0) & air) & JS_FLAG_BELOW_START;
	js_vi higher = h > s->rise;
	s->rise = js_vsel(higher, h, s->rise);
	s->apex = js_vsel(higher, fv, s->apex);
	js_vi lands = air0 & ~air;
	s->airt = js_vsel(lands, fv, s->airt);
	s->landed |= lands;
	s->prev = a | s->landed;
	s->pos = np;
	s->air = air;
}

static inline void metroid_lanes_store(const metroid_lanes *s, const js_lane_args *args, int l0)
{
	js_vacc acc;
	acc.rise = s->rise;
	acc.apex = s->apex;
	acc.air = s->airt + 1;
	acc.landed = s->landed;
	acc.took = s->landed | s->air;
	acc.flags = s->ev | ((js_vu)(s->top >= (MET_MAX_DOWN << 8)) & MET_FLAG_CLAMP_DOWN);
	js_vacc_store(&acc, args, l0);
}

/* ---- starts (js_lane_args.start): the general kernel ----
 *
 * The kernel above leans on facts of jumps from init's state (the rise at most 112 px, no up
 * clamp, one take-off, the release threshold set at the take-off, no re-jump after a landing).
 * From a fuzz start none of them need hold, so a block whose lanes do not all start from init's
 * own state runs this one: the reference step for step on JS_VW lanes, the state loaded from the
 * start states, the accounting of model.h in full (js_vacc).  Exact for every start the fields
 * and metroid_fuzz_fix allow:
 *   - pos = Y << 8 | NonLinr with Y unwrapped (an int, may go negative): it agrees with the
 *     reference's u16 Y mod 2^16, and heights (origin - pos, which observe takes mod 2^24, signed)
 *     stay far inside +-2^23: a start rises at most 0x600^2 / 2 / 256 = 4608 px (gravity >= 1 in
 *     the air, the rise at most 6.00 px/frame after the first VertAccelerate) and Samus never
 *     goes below the landing floor;
 *   - vel = ObjVertSpeed:VertCntrLinear sign-extended; LE3A5 is vel += gravity mod 2^16 (the
 *     byte wrap $7F -> $80 included), then the clamps as in the kernel comment above (both);
 *   - Samus is never below the landing floor (fuzz_fix; each move stops on it), so the pixel
 *     walk lands her exactly when pos + vel reaches (floor + 1) << 8;
 *   - SamusJmpDsplcmnt changes by exactly minus the Y moved (MoveSamusUp / MoveSamusDown), so
 *     dsp = (dbase - Y) & $FF with dbase = dsp + Y fixed between take-offs (SetSamusJump: dsp 0,
 *     dbase = Y). */
typedef struct metroid_glanes {
	js_vi grav0, flr1, flr8;             /* per-lane constants */
	js_vi pos, vel, g, act, prev, org, dbase; /* act: -1 in sa_Jump; g: SamusGravity */
	js_vacc acc;
} metroid_glanes;

static inline void metroid_glanes_init(metroid_glanes *s, const js_lane_args *args, int l0)
{
	int32_t gr[JS_VW], fy[JS_VW], pos[JS_VW], vel[JS_VW], g[JS_VW], act[JS_VW], prev[JS_VW],
		org[JS_VW], db[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		const metroid_state *st = (const metroid_state *)args->start + l;
		gr[i] = st->high_jump ? MET_GRAVITY_HIGH : MET_GRAVITY;
		fy[i] = st->floor_y;
		pos[i] = (int32_t)st->y << 8 | st->frac;
		vel[i] = (int32_t)(int8_t)st->speed * 256 + st->linear;
		g[i] = st->gravity;
		act[i] = -(st->action != MET_SA_STAND);
		prev[i] = -(st->prev != 0);
		org[i] = (int32_t)st->origin;
		db[i] = (int32_t)st->dsp + st->y;
	}
	s->grav0 = js_vload(gr);
	s->flr8 = js_vload(fy) << 8;
	s->flr1 = s->flr8 + 256;
	s->pos = js_vload(pos);
	s->vel = js_vload(vel);
	s->g = js_vload(g);
	s->act = js_vload(act);
	s->prev = js_vload(prev);
	s->org = js_vload(org);
	s->dbase = js_vload(db);
	js_vacc_init(&s->acc, args, l0);
}

static inline void metroid_glanes_frame(metroid_glanes *s, js_vu bits, int f)
{
	const js_vi zero = js_vsplat(0);
	js_vi a = (js_vi)((bits & 1u) != 0); /* -1: A held */
	js_vi jump = a & ~s->prev & ~s->act;  /* SamusStand: a new press */
	/* SamusJump: the release, then LCF55 (SamusGravity 0: stand) */
	js_vi dsp = (s->dbase - (s->pos >> 8)) & 0xff;
	js_vi rel = s->act & (s->vel < 0) & (dsp >= MET_RELEASE_RISE) & ~a;
	js_vi act = s->act & (s->g != 0);
	/* VertAccelerate */
	js_vi v = (s->vel & ~rel) + s->g;
	v = (js_vi)((js_vu)v << 16) >> 16; /* ObjVertSpeed:VertCntrLinear, 16 bits, signed */
	js_vi cd = v >= (MET_MAX_DOWN << 8), cu = v <= -(MET_MAX_UP << 8);
	v = js_vsel(cd, js_vsplat(MET_MAX_DOWN << 8), js_vsel(cu, js_vsplat(-(MET_MAX_UP << 8)), v));
	/* LE3D3 and the pixel walk; LE30B */
	js_vi np = s->pos + v;
	js_vi land = np >= s->flr1;
	np = js_vsel(land, (np & 0xff) | s->flr8, np);
	v &= ~land;
	js_vi g = s->g & ~land;
	/* SetSamusJump after SamusStand's move: speed $FC, VertCntrLinear kept */
	s->act = act | jump;
	s->vel = js_vsel(jump, (v & 0xff) - 0x400, v);
	s->g = js_vsel(jump, s->grav0, g);
	s->org = js_vsel(jump, np, s->org);
	s->dbase = js_vsel(jump, np >> 8, s->dbase);
	s->prev = a;
	s->pos = np;
	js_vu fl = ((js_vu)rel & MET_FLAG_RELEASE) | ((js_vu)cd & MET_FLAG_CLAMP_DOWN) |
		   ((js_vu)cu & MET_FLAG_CLAMP_UP);
	js_vacc_frame(&s->acc, f, s->org - np, s->g == zero, fl);
}

static void metroid_run_starts(const js_lane_args *args)
{
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += JS_VW) {
		metroid_glanes g;
		metroid_glanes_init(&g, args, l0);
		const uint32_t *in = args->input[0] + l0;
		js_vu b = js_vloadu(in);
		for (int f = 0; f < args->n_frames; f++) {
			if (f && (f & 31) == 0)
				b = js_vloadu(in + (f >> 5) * JS_BLOCK);
			metroid_glanes_frame(&g, b, f);
			b >>= 1;
			if ((f & 7) == 7 && js_vacc_done(&g.acc, f))
				break;
		}
		js_vacc_store(&g.acc, args, l0);
	}
}

/* 1 when every lane starts from init's own state for its axes (metroid_init): the fast kernels
 * above run it. */
static inline int metroid_starts_are_init(const js_lane_args *args)
{
	if (!args->start)
		return 1;
	for (int l = 0; l < args->n_lanes; l++) {
		const metroid_state *st = (const metroid_state *)args->start + l;
		const int frac = args->axis[MET_AX_FRAC][l] & 0xff;
		if (st->y != MET_GROUND_Y || st->frac != frac || st->speed || st->linear || st->gravity ||
		    st->dsp || st->action != MET_SA_STAND || st->prev ||
		    st->floor_y != MET_GROUND_Y + MET_ROW * args->axis[MET_AX_DROP][l] ||
		    st->high_jump != (args->axis[MET_AX_BOOTS][l] == MET_BOOTS_HIGH_JUMP) ||
		    st->origin != ((uint32_t)MET_GROUND_Y << 8 | (uint32_t)frac))
			return 0;
	}
	return 1;
}

#if JS_VW == 16 && defined(__AVX512F__)
#include <immintrin.h>

/* AVX-512: the same frame with the masks in mask registers (GCC lowers the generic selects on
 * -1/0 vectors to two or three instructions each; here a select is one masked move), two groups
 * of 16 lanes side by side (each frame's chain of dependent steps is long: two independent chains
 * fill the gaps), eight frames unrolled between the "all done" checks, the bit of each frame a
 * constant.  Same state, order and arithmetic as metroid_lanes_frame. */
typedef struct metroid_zlanes {
	__m512i grav, flr1, flr8, pos, vel, org, thr, rise, apex, airt, top, ev;
	__mmask16 air, prev, landed;
} metroid_zlanes;

static inline __attribute__((always_inline)) void metroid_zlanes_frame(metroid_zlanes *s, __m512i bits,
									unsigned bit, __m512i fv)
{
	__mmask16 a = _mm512_test_epi32_mask(bits, _mm512_set1_epi32((int32_t)(1u << bit)));
	__mmask16 press = _kandn_mask16(s->prev, a);
	/* SamusJump: the release */
	__mmask16 rel = _kandn_mask16(a, _mm512_mask_cmplt_epi32_mask(
						 _mm512_cmplt_epi32_mask(s->vel, _mm512_setzero_si512()),
						 s->pos, s->thr));
	s->ev = _mm512_mask_or_epi32(s->ev, rel, s->ev, _mm512_set1_epi32((int32_t)MET_FLAG_RELEASE));
	/* VertAccelerate */
	__m512i v = _mm512_mask_mov_epi32(s->vel, rel, _mm512_setzero_si512());
	v = _mm512_mask_add_epi32(v, s->air, v, s->grav);
	s->top = _mm512_max_epi32(s->top, v);
	v = _mm512_min_epi32(v, _mm512_set1_epi32(MET_MAX_DOWN << 8));
	/* LE3D3 and the pixel walk; the landing */
	__m512i np = _mm512_add_epi32(s->pos, v);
	__mmask16 land = _mm512_cmpge_epi32_mask(np, s->flr1);
	/* (np & 255) | flr8 */
	np = _mm512_mask_ternarylogic_epi32(np, land, _mm512_set1_epi32(0xff), s->flr8, 0xea);
	v = _mm512_mask_mov_epi32(v, land, _mm512_setzero_si512());
	__mmask16 air0 = s->air;
	__mmask16 air = _kandn_mask16(land, air0);
	/* SamusStand -> SetSamusJump */
	__mmask16 jump = _kandn_mask16(air0, press);
	s->vel = _mm512_mask_mov_epi32(v, jump, _mm512_set1_epi32(MET_V0));
	s->org = _mm512_mask_mov_epi32(s->org, jump, np);
	/* thr = (np & ~255) - 31 px */
	s->thr = _mm512_mask_ternarylogic_epi32(s->thr, jump, np, _mm512_set1_epi32(~0xff), 0x88);
	s->thr = _mm512_mask_sub_epi32(s->thr, jump, s->thr, _mm512_set1_epi32(MET_THR_OFF));
	air = _kor_mask16(air, jump);
	/* accounting (airt holds the landing frame; + 1 at the end) */
	__m512i h = _mm512_sub_epi32(s->org, np);
	s->ev = _mm512_mask_or_epi32(s->ev, _mm512_mask_cmplt_epi32_mask(air, h, _mm512_setzero_si512()),
				     s->ev, _mm512_set1_epi32((int32_t)JS_FLAG_BELOW_START));
	__mmask16 higher = _mm512_cmpgt_epi32_mask(h, s->rise);
	s->rise = _mm512_max_epi32(s->rise, h);
	s->apex = _mm512_mask_mov_epi32(s->apex, higher, fv);
	__mmask16 lands = _kandn_mask16(air, air0);
	s->airt = _mm512_mask_mov_epi32(s->airt, lands, fv);
	s->landed = _kor_mask16(s->landed, lands);
	s->prev = _kor_mask16(a, s->landed);
	s->pos = np;
	s->air = air;
}

static inline js_vi metroid_zvec(__mmask16 k)
{
	return (js_vi)_mm512_maskz_mov_epi32(k, _mm512_set1_epi32(-1));
}

static inline void metroid_zinit(metroid_zlanes *z, __m512i *lastj, const js_lane_args *args, int l0)
{
	metroid_lanes g;
	metroid_lanes_init(&g, args, l0);
	js_vacc last; /* only last_jump: the last frame with A down */
	js_vacc_init(&last, args, l0);
	*lastj = (__m512i)last.last_jump;
	z->grav = (__m512i)g.grav;
	z->flr1 = (__m512i)g.flr1;
	z->flr8 = (__m512i)g.flr8;
	z->pos = (__m512i)g.pos;
	z->org = (__m512i)g.org;
	z->vel = z->thr = z->rise = z->apex = z->top = z->ev = _mm512_setzero_si512();
	z->airt = _mm512_set1_epi32(-1);
	z->air = z->prev = z->landed = 0;
}

static inline void metroid_zstore(const metroid_zlanes *z, const js_lane_args *args, int l0)
{
	metroid_lanes g;
	g.rise = (js_vi)z->rise;
	g.apex = (js_vi)z->apex;
	g.airt = (js_vi)z->airt;
	g.top = (js_vi)z->top;
	g.ev = (js_vu)z->ev;
	g.air = metroid_zvec(z->air);
	g.landed = metroid_zvec(z->landed);
	metroid_lanes_store(&g, args, l0);
}

/* done after frame f - 1: every lane landed, or on the ground with no press after it */
static inline int metroid_zdone(const metroid_zlanes *z, __m512i lastj, int f)
{
	__mmask16 quiet = _mm512_cmplt_epi32_mask(lastj, _mm512_set1_epi32(f));
	return (uint16_t)_kor_mask16(z->landed, _kandn_mask16(z->air, quiet)) == 0xffff;
}

#define MET_ZRUN(NG)                                                                              \
	do {                                                                                      \
		const __m512i one = _mm512_set1_epi32(1);                                         \
		const int nf = args->n_frames;                                                    \
		__m512i fv = _mm512_setzero_si512();                                              \
		int f = 0, done = 0;                                                              \
		for (; f + 32 <= nf && !done; f += 32) {                                          \
			__m512i bits[NG];                                                         \
			for (int g = 0; g < NG; g++)                                              \
				bits[g] = _mm512_loadu_si512(args->input[0] + l0 + 16 * g +      \
							     (f >> 5) * JS_BLOCK);                \
			for (int j = 0; j < 32 && !done; j += 8) {                                \
				_Pragma("GCC unroll 8") for (int k = 0; k < 8; k++)               \
				{                                                                 \
					for (int g = 0; g < NG; g++)                              \
						metroid_zlanes_frame(&z[g], bits[g], (unsigned)(j + k), fv); \
					fv = _mm512_add_epi32(fv, one);                           \
				}                                                                 \
				done = 1;                                                         \
				for (int g = 0; g < NG; g++)                                      \
					done &= metroid_zdone(&z[g], lastj[g], f + j + 8);        \
			}                                                                         \
		}                                                                                 \
		if (!done && f < nf) {                                                            \
			__m512i bits[NG];                                                         \
			for (int g = 0; g < NG; g++)                                              \
				bits[g] = _mm512_loadu_si512(args->input[0] + l0 + 16 * g +      \
							     (f >> 5) * JS_BLOCK);                \
			for (unsigned j = 0; f < nf; f++, j++) {                                  \
				for (int g = 0; g < NG; g++)                                      \
					metroid_zlanes_frame(&z[g], bits[g], j, fv);              \
				fv = _mm512_add_epi32(fv, one);                                   \
			}                                                                         \
		}                                                                                 \
	} while (0)

/* ---- AVX-512 (F + BW) on 16-bit words: the AVX2 path's frame below (metroid_hlanes_frame, whose
 * comment argues the ranges: Y in px and the fraction apart, the height's dY clamped to +-127)
 * with 32 lanes per zmm, lanes in order, the masks in mask registers, two groups of 32 side by
 * side (the whole block), eight frames between the "all done" checks. */
typedef struct metroid_wlanes {
	__m512i grav, flr, y, fr, vel, oy, of, thr, rise, apex, airt, top, lastj;
	__mmask32 air, prev, landed, rel, below;
} metroid_wlanes;

static inline __attribute__((always_inline)) void metroid_wlanes_frame(metroid_wlanes *s,
									__mmask32 a, __m512i fv,
									const int nopress)
{
	const __m512i zero = _mm512_setzero_si512();
	__mmask32 press = _kandn_mask32(s->prev, a);
	/* SamusJump: the release */
	__mmask32 rel = _kandn_mask32(a, _mm512_mask_cmplt_epi16_mask(
						 _mm512_cmplt_epi16_mask(s->vel, zero), s->y, s->thr));
	s->rel = _kor_mask32(s->rel, rel);
	/* VertAccelerate */
	__m512i v = _mm512_mask_mov_epi16(s->vel, rel, zero);
	v = _mm512_mask_add_epi16(v, s->air, v, s->grav);
	s->top = _mm512_max_epi16(s->top, v);
	v = _mm512_min_epi16(v, _mm512_set1_epi16(MET_MAX_DOWN << 8));
	/* LE3D3 and the pixel walk; the landing */
	const __m512i sum = _mm512_add_epi16(s->fr, v);
	__m512i ny = _mm512_add_epi16(s->y, _mm512_srai_epi16(sum, 8));
	const __m512i nf = _mm512_and_si512(sum, _mm512_set1_epi16(0xff));
	const __mmask32 land = _mm512_cmpgt_epi16_mask(ny, s->flr);
	ny = _mm512_mask_mov_epi16(ny, land, s->flr);
	v = _mm512_mask_mov_epi16(v, land, zero);
	const __mmask32 air0 = s->air;
	__mmask32 air = _kandn_mask32(land, air0);
	/* SamusStand -> SetSamusJump, after the move (nopress, a compile-time constant: no lane
	 * pressed on this frame, so none jumps) */
	if (nopress) {
		s->vel = v;
	} else {
		const __mmask32 jump = _kandn_mask32(air0, press);
		s->vel = _mm512_mask_mov_epi16(v, jump, _mm512_set1_epi16((short)MET_V0));
		s->oy = _mm512_mask_mov_epi16(s->oy, jump, ny);
		s->of = _mm512_mask_mov_epi16(s->of, jump, nf);
		s->thr = _mm512_mask_sub_epi16(s->thr, jump, ny,
					       _mm512_set1_epi16(MET_RELEASE_RISE - 1));
		air = _kor_mask32(air, jump);
	}
	/* accounting */
	const __m512i dy = _mm512_max_epi16(_mm512_min_epi16(_mm512_sub_epi16(s->oy, ny),
							     _mm512_set1_epi16(127)),
					    _mm512_set1_epi16(-127));
	const __m512i h = _mm512_add_epi16(_mm512_slli_epi16(dy, 8), _mm512_sub_epi16(s->of, nf));
	s->below = _kor_mask32(s->below, _mm512_mask_cmplt_epi16_mask(air, h, zero));
	const __mmask32 higher = _mm512_cmpgt_epi16_mask(h, s->rise);
	s->rise = _mm512_max_epi16(s->rise, h);
	s->apex = _mm512_mask_mov_epi16(s->apex, higher, fv);
	const __mmask32 lands = _kandn_mask32(air, air0);
	s->airt = _mm512_mask_mov_epi16(s->airt, lands, fv);
	s->landed = _kor_mask32(s->landed, lands);
	s->prev = _kor_mask32(a, s->landed);
	s->y = ny;
	s->fr = nf;
	s->air = air;
}

static inline void metroid_winit(metroid_wlanes *z, const js_lane_args *args, int l0)
{
	const __m512i boots = js_zaxis16(args->axis[MET_AX_BOOTS], args, l0);
	z->grav = _mm512_mask_mov_epi16(_mm512_set1_epi16((short)met_gravity(MET_BOOTS_NONE)),
					_mm512_cmpeq_epi16_mask(boots, _mm512_set1_epi16(MET_BOOTS_HIGH_JUMP)),
					_mm512_set1_epi16((short)met_gravity(MET_BOOTS_HIGH_JUMP)));
	z->fr = z->of = _mm512_and_si512(js_zaxis16(args->axis[MET_AX_FRAC], args, l0),
					 _mm512_set1_epi16(0xff));
	z->flr = _mm512_add_epi16(_mm512_set1_epi16(MET_GROUND_Y),
				  _mm512_mullo_epi16(js_zaxis16(args->axis[MET_AX_DROP], args, l0),
						     _mm512_set1_epi16(MET_ROW)));
	z->y = z->oy = _mm512_set1_epi16(MET_GROUND_Y);
	z->lastj = js_zlast_jump16(args, l0);
	z->vel = z->thr = z->rise = z->apex = z->top = _mm512_setzero_si512();
	z->airt = _mm512_set1_epi16(-1);
	z->air = z->prev = z->landed = z->rel = z->below = 0;
}

/* The results as metroid_lanes_store's, for lanes l0..l0 + 31. */
static inline void metroid_wstore(const metroid_wlanes *z, const js_lane_args *args, int l0)
{
	const int n = args->n_lanes - l0;
	if (n <= 0)
		return;
	const __mmask32 took = _kor_mask32(z->landed, z->air);
	__m512i fl = _mm512_maskz_mov_epi16(z->rel, _mm512_set1_epi16((short)MET_FLAG_RELEASE));
	fl = _mm512_or_si512(fl, _mm512_maskz_mov_epi16(z->below, _mm512_set1_epi16(JS_FLAG_BELOW_START)));
	fl = _mm512_or_si512(fl, _mm512_maskz_mov_epi16(
					 _mm512_cmpge_epi16_mask(z->top, _mm512_set1_epi16(MET_MAX_DOWN << 8)),
					 _mm512_set1_epi16((short)MET_FLAG_CLAMP_DOWN)));
	fl = _mm512_or_si512(fl, _mm512_maskz_mov_epi16(_kandn_mask32(z->landed, took),
							_mm512_set1_epi16(JS_FLAG_NOT_LANDED)));
	fl = _mm512_mask_mov_epi16(fl, _knot_mask32(took), _mm512_set1_epi16(JS_FLAG_NO_TAKEOFF));
	js_zstore16(args, l0, n, z->rise, z->apex, _mm512_add_epi16(z->airt, _mm512_set1_epi16(1)), fl);
}

/* done after frame f - 1: every lane landed, or on the ground with no press after it */
static inline int metroid_wdone(const metroid_wlanes *z, int f)
{
	const __mmask32 quiet = _mm512_cmplt_epi16_mask(z->lastj, _mm512_set1_epi16((short)f));
	return _cvtmask32_u32(_kor_mask32(z->landed, _kandn_mask32(z->air, quiet))) == 0xffffffffu;
}

static void metroid_wrun(const js_lane_args *args)
{
	metroid_wlanes z[2];
	const int groups = args->n_lanes > 32 ? 2 : 1;
	for (int k = 0; k < groups; k++)
		metroid_winit(&z[k], args, 32 * k);
	if (groups == 1)
		z[1] = z[0]; /* stepped alongside, never stored */
	const __m512i one = _mm512_set1_epi16(1);
	__m512i fv = _mm512_setzero_si512();
	js_zjump jump = { { 0 } }; /* set on frame 0 */
	for (int f = 0; f < args->n_frames; f++) {
		__mmask32 a0, a1;
		js_zjump_frame(&jump, args, f, &a0, &a1);
		if (groups == 1)
			a1 = a0;
		if (!(uint32_t)_kor_mask32(_kandn_mask32(z[0].prev, a0), _kandn_mask32(z[1].prev, a1))) {
			metroid_wlanes_frame(&z[0], a0, fv, 1);
			metroid_wlanes_frame(&z[1], a1, fv, 1);
		} else {
			metroid_wlanes_frame(&z[0], a0, fv, 0);
			metroid_wlanes_frame(&z[1], a1, fv, 0);
		}
		fv = _mm512_add_epi16(fv, one);
		if ((f & 7) == 7 && metroid_wdone(&z[0], f + 1) && metroid_wdone(&z[1], f + 1))
			break;
	}
	for (int k = 0; k < groups; k++)
		metroid_wstore(&z[k], args, 32 * k);
}

void JS_LANE_FN(metroid)(const js_lane_args *args)
{
	if (!metroid_starts_are_init(args)) {
		metroid_run_starts(args);
		return;
	}
	if (!args->record) { /* a fuzz record is kept by the 32-bit path's accounting */
		metroid_wrun(args);
		return;
	}
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 32) {
		metroid_zlanes z[2];
		__m512i lastj[2];
		metroid_zinit(&z[0], &lastj[0], args, l0);
		if (l0 + 16 < args->n_lanes) {
			metroid_zinit(&z[1], &lastj[1], args, l0 + 16);
			MET_ZRUN(2);
			metroid_zstore(&z[1], args, l0 + 16);
		} else {
			MET_ZRUN(1);
		}
		metroid_zstore(&z[0], args, l0);
	}
}

#elif defined(JS_LANE_H16)

/* AVX2: metroid_lanes_frame on 16-bit words, 16 lanes per ymm (lane.h's js_hi, masks as -1 / 0
 * words), groups of 16 two side by side.  pos = Y << 8 | fraction does not fit a word (Y reaches
 * $B0 + 8 * 64), so Y (px) and the fraction are held apart: pos + vel is Y + ((frac + vel) >> 8)
 * with fraction (frac + vel) & $FF (frac + vel lies in [-$400, $5FF]); the landing pos + vel >=
 * (floor + 1) << 8 is Y' > floor; the release threshold pos < ((origin >> 8) - 31) << 8 is
 * Y < origin Y - 31 (the threshold's fraction is 0).  The height origin - pos is
 * (dY << 8) + (origin frac - frac) with dY = origin Y - Y clamped to [-127, 127]: a rise is at
 * most 112 px, so every height >= 0 (the only ones the rise keeps) is exact, and a fall more
 * than 127 px below the origin stays negative (below_start and "higher" only read its sign). */
typedef struct metroid_hlanes {
	js_hi grav, flr, y, fr, vel, oy, of, thr, rise, apex, airt, top, lastj;
	js_hi air, prev, landed, rel, below;
} metroid_hlanes;

static inline __attribute__((always_inline)) void metroid_hlanes_frame(metroid_hlanes *s, js_hi a,
									js_hi fv, const int nopress)
{
	js_hi press = a & ~s->prev;
	/* SamusJump: the release */
	js_hi rel = (s->vel < 0) & (s->y < s->thr) & ~a;
	s->rel |= rel;
	/* VertAccelerate */
	js_hi v = (s->vel & ~rel) + (s->air & s->grav);
	s->top = (js_hi)_mm256_max_epi16((__m256i)s->top, (__m256i)v);
	v = (js_hi)_mm256_min_epi16((__m256i)v, (__m256i)js_hsplat(MET_MAX_DOWN << 8));
	/* LE3D3 and the pixel walk; the landing */
	js_hi sum = s->fr + v;
	js_hi ny = s->y + (sum >> 8), nf = sum & 0xff;
	js_hi land = ny > s->flr;
	ny = js_hsel(land, s->flr, ny);
	v &= ~land;
	js_hi air0 = s->air;
	js_hi air = air0 & ~land;
	/* SamusStand -> SetSamusJump, after the move (nopress: no lane pressed, none jumps) */
	if (nopress) {
		s->vel = v;
	} else {
		js_hi jump = press & ~air0;
		s->vel = js_hsel(jump, js_hsplat((int16_t)MET_V0), v);
		s->oy = js_hsel(jump, ny, s->oy);
		s->of = js_hsel(jump, nf, s->of);
		s->thr = js_hsel(jump, ny - (MET_RELEASE_RISE - 1), s->thr);
		air |= jump;
	}
	/* accounting */
	js_hi dy = (js_hi)_mm256_max_epi16(_mm256_min_epi16((__m256i)(s->oy - ny), (__m256i)js_hsplat(127)),
					   (__m256i)js_hsplat(-127));
	js_hi h = (dy << 8) + (s->of - nf);
	s->below |= (h < 0) & air;
	js_hi higher = h > s->rise;
	s->rise = (js_hi)_mm256_max_epi16((__m256i)s->rise, (__m256i)h);
	s->apex = js_hsel(higher, fv, s->apex);
	js_hi lands = air0 & ~air;
	s->airt = js_hsel(lands, fv, s->airt);
	s->landed |= lands;
	s->prev = a | s->landed;
	s->y = ny;
	s->fr = nf;
	s->air = air;
}

static inline void metroid_hinit(metroid_hlanes *z, const js_lane_args *args, int l0)
{
	const js_hi boots = js_haxis(args->axis[MET_AX_BOOTS], args, l0);
	z->grav = js_hsel(boots == js_hsplat(MET_BOOTS_HIGH_JUMP),
			  js_hsplat((int16_t)met_gravity(MET_BOOTS_HIGH_JUMP)),
			  js_hsplat((int16_t)met_gravity(MET_BOOTS_NONE)));
	z->fr = js_haxis(args->axis[MET_AX_FRAC], args, l0) & 0xff;
	z->flr = MET_GROUND_Y + MET_ROW * js_haxis(args->axis[MET_AX_DROP], args, l0);
	z->of = z->fr;
	z->y = z->oy = js_hsplat(MET_GROUND_Y);
	z->lastj = js_hlast_jump(args, l0);
	z->vel = z->thr = z->rise = z->apex = z->top = js_hsplat(0);
	z->airt = js_hsplat(-1);
	z->air = z->prev = z->landed = z->rel = z->below = js_hsplat(0);
}

static inline void metroid_hstore(const metroid_hlanes *z, const js_lane_args *args, int l0)
{
	for (int half = 0; half < 2 && l0 + 8 * half < args->n_lanes; half++) {
		metroid_lanes g = { 0 };
		g.rise = js_hwiden(z->rise, half);
		g.apex = js_hwiden(z->apex, half);
		g.airt = js_hwiden(z->airt, half);
		g.top = js_hwiden(z->top, half);
		g.ev = ((js_vu)js_hwiden(z->rel, half) & MET_FLAG_RELEASE) |
		       ((js_vu)js_hwiden(z->below, half) & JS_FLAG_BELOW_START);
		g.air = js_hwiden(z->air, half);
		g.landed = js_hwiden(z->landed, half);
		metroid_lanes_store(&g, args, l0 + 8 * half);
	}
}

/* done after frame f: every lane landed, or on the ground with no press after it */
static inline int metroid_hdone(const metroid_hlanes *z, int f)
{
	return js_hall(z->landed | (~z->air & (z->lastj <= js_hsplat((int16_t)f))));
}

void JS_LANE_FN(metroid)(const js_lane_args *args)
{
	if (!metroid_starts_are_init(args)) {
		metroid_run_starts(args);
		return;
	}
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 32) {
		metroid_hlanes z0, z1;
		metroid_hinit(&z0, args, l0);
		metroid_hinit(&z1, args, l0 + 16);
		const js_hi one = js_hsplat(1);
		js_hi fv = js_hsplat(0), h0[2], h1[2];
		for (int f = 0; f < args->n_frames; f++) {
			if ((f & 31) == 0) { /* a word of 32 frames as 16-bit halves: two shifts a frame */
				const uint32_t *row = args->input[0] + (f >> 5) * JS_BLOCK + l0;
				js_hsplit_words(_mm256_loadu_si256((const __m256i *)row),
						_mm256_loadu_si256((const __m256i *)(row + 8)), h0);
				js_hsplit_words(_mm256_loadu_si256((const __m256i *)(row + 16)),
						_mm256_loadu_si256((const __m256i *)(row + 24)), h1);
			}
			const js_hi a0 = js_hjump_at(h0, f), a1 = js_hjump_at(h1, f);
			const __m256i p = (__m256i)((a0 & ~z0.prev) | (a1 & ~z1.prev));
			if (_mm256_testz_si256(p, p)) {
				metroid_hlanes_frame(&z0, a0, fv, 1);
				metroid_hlanes_frame(&z1, a1, fv, 1);
			} else {
				metroid_hlanes_frame(&z0, a0, fv, 0);
				metroid_hlanes_frame(&z1, a1, fv, 0);
			}
			fv += one;
			if ((f & 7) == 7 && metroid_hdone(&z0, f) && metroid_hdone(&z1, f))
				break;
		}
		metroid_hstore(&z0, args, l0);
		if (l0 + 16 < args->n_lanes)
			metroid_hstore(&z1, args, l0 + 16);
	}
}

#else

/* Other ISAs: two groups side by side too. */
void JS_LANE_FN(metroid)(const js_lane_args *args)
{
	if (!metroid_starts_are_init(args)) {
		metroid_run_starts(args);
		return;
	}
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 2 * JS_VW) {
		metroid_lanes g0, g1;
		metroid_lanes_init(&g0, args, l0);
		metroid_lanes_init(&g1, args, l0 + JS_VW);
		js_vacc last0, last1; /* only last_jump: the last frame with A down */
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
			metroid_lanes_frame(&g0, b0, fv);
			metroid_lanes_frame(&g1, b1, fv);
			b0 >>= 1;
			b1 >>= 1;
			fv += 1;
			if ((f & 7) == 7 && js_vall(g0.landed | (~g0.air & (last0.last_jump <= f))) &&
			    js_vall(g1.landed | (~g1.air & (last1.last_jump <= f))))
				break;
		}
		metroid_lanes_store(&g0, args, l0);
		metroid_lanes_store(&g1, args, l0 + JS_VW);
	}
}

#endif

#endif
