/* kernels/smb1.c - Super Mario Bros. (NES): Mario's jump and swim stroke, vertical axis.
 *
 * Follows Xkeeper0/smb1 src/prg.asm; labels are cited where each rule comes from.
 *
 * Units: Y position is 24 bits, Player_Y_HighPos : Player_Y_Position : Player_YMF_Dummy (page,
 * pixel, 1/256 px); Y grows downward.  Speed is signed 8.8, Player_Y_Speed : Player_Y_MoveForce,
 * + down.  Sub-units are 1/256 px.
 *
 * The frame, as the game runs it (NMI):
 *   DecTimers        JumpSwimTimer counts down (a frame timer, every frame)
 *   PlayerPhysicsSub CheckForJumping: a new A press (A now, not in PreviousA_B_Buttons) on the
 *                    ground, or while swimming, runs InitJS
 *   MoveSubs         Player_State 1 -> JumpSwimSub: the gravity switch, then ImposeGravity
 *   PlayerBGCollision ChkFootMTile / LandPlyr: falling into the ground tile lands Mario
 *   SaveAB           PreviousA_B_Buttons := A_B_Buttons
 * On the ground (Player_State 0) OnGroundStateSub moves nothing vertically.
 *
 * The model stands Mario on flat ground at Y = $01B0.00 (the ground row of a level; a 16-px tile
 * boundary), the frame before frame 0; heights are measured from there (not from
 * JumpOrigin_Y_Position, which every swim stroke resets).  Landing: PlayerBGCollision finds the
 * ground under his feet once his Y is back at or below the tile top while his speed is not negative (bit 7 of
 * Player_Y_Speed clear); a fall moves at most 5 px a frame, so the foot is at most 4 px into the
 * tile and LandPlyr (not ImpedePlayerMove) runs: Y_Position &= $F0, speed and MoveForce := 0,
 * YMF_Dummy kept, Player_State := 0.
 *
 * Left out: horizontal movement (the vx axis only picks the row, as Player_XSpeedAbsolute does in
 * InitJS), jumpsprings, enemies, the whirlpool's horizontal pull (env=whirlpool is row 6's forces).
 */
#include "model.h"

#include <stdio.h>
#include <string.h>

/* Tables from prg.asm (JumpMForceData, FallMForceData, PlayerYSpdData, InitMForceData), rows
 * 0-4 by |X speed|, 5 swimming, 6 whirlpool.  Seed claims 21, 22. */
static const uint8_t JumpMForceData[7] = { 0x20, 0x20, 0x1e, 0x28, 0x28, 0x0d, 0x04 };
static const uint8_t FallMForceData[7] = { 0x70, 0x70, 0x60, 0x90, 0x90, 0x0a, 0x09 };
static const uint8_t PlayerYSpdData[7] = { 0xfc, 0xfc, 0xfc, 0xfb, 0xfb, 0xfe, 0xff };
static const uint8_t InitMForceData[7] = { 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00 };

enum { SMB1_AX_VX, SMB1_AX_ENV };

#define SMB1_GROUND_HIGH 0x01
#define SMB1_GROUND_Y 0xb0
#define SMB1_GROUND (SMB1_GROUND_HIGH << 8 | SMB1_GROUND_Y) /* the floor's top, 16-bit pixel Y */
#define SMB1_MAX_SPEED 0x04  /* MovePlayerVertically: LDA #$04 */
#define SMB1_DIFF_TO_HALT 0x01 /* InitJS: DiffToHaltJump, "apparently always set to 1" */
#define SMB1_SWIM_TOP 0x14   /* JumpSwimSub / InitJS: CMP #$14 */
#define SMB1_SWIM_TOP_FORCE 0x18

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT). */
#define SMB1_FLAG_FALL_OVER_4 (1u << 8)  /* speed above 4.00 after ImposeGravity */
#define SMB1_FLAG_CLAMPED (1u << 9)      /* ImposeGravity's clamp set the speed to 4.00 */
#define SMB1_FLAG_SPEED_WRAP (1u << 10)  /* Player_Y_Speed carried from $7F to $80 */
#define SMB1_FLAG_SWIM_TOP (1u << 11)    /* the $14 water-surface rule fired */

/* InitJS: CMP #$09 / #$10 / #$19 / #$1c, INY for each reached; ChkWtr: 5, +1 whirlpool */
static inline int smb1_row(int x_speed_abs, int swimming, int whirlpool)
{
	int y = (x_speed_abs >= 0x09) + (x_speed_abs >= 0x10) + (x_speed_abs >= 0x19) +
		(x_speed_abs >= 0x1c);
	return swimming ? 5 + (whirlpool != 0) : y;
}

enum { SMB1_ENV_AIR, SMB1_ENV_SWIM, SMB1_ENV_WHIRLPOOL };
typedef struct smb1_state {
	uint8_t y_high, y_pos, ymf_dummy;   /* Player_Y_HighPos, Player_Y_Position, Player_YMF_Dummy */
	uint8_t y_speed, y_moveforce;        /* Player_Y_Speed, Player_Y_MoveForce */
	uint8_t vertical_force, vertical_force_down; /* VerticalForce, VerticalForceDown */
	uint8_t origin_high, origin_pos;     /* JumpOrigin_Y_HighPos, JumpOrigin_Y_Position */
	uint8_t player_state;                /* 0 on the ground, 1 jumping/swimming */
	uint8_t prev_a;                      /* PreviousA_B_Buttons & A_Button */
	uint8_t jump_swim_timer;             /* JumpSwimTimer */
	uint8_t x_speed_abs;                 /* Player_XSpeedAbsolute (axis vx) */
	uint8_t swimming, whirlpool;         /* SwimmingFlag, Whirlpool_Flag (axis env) */
	uint8_t frame_flags;                 /* events of the last step (SMB1_FLAG_* >> 8); per-frame
					      * scratch, last: outside key_size */
} smb1_state;

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */


static void smb1_init(void *vs, const int32_t *ax)
{
	smb1_state *s = vs;
	memset(s, 0, sizeof *s);
	s->y_high = SMB1_GROUND_HIGH;
	s->y_pos = SMB1_GROUND_Y;
	s->x_speed_abs = (uint8_t)ax[SMB1_AX_VX];
	s->swimming = ax[SMB1_AX_ENV] != SMB1_ENV_AIR;
	s->whirlpool = ax[SMB1_AX_ENV] == SMB1_ENV_WHIRLPOOL;
}

/* reach_canon (model.h): swimming, smb1_row takes rows 5 and 6 whatever Player_XSpeedAbsolute
 * is, and nothing else in the model reads it, so every vx of a swim or whirlpool start is the
 * same jump. */
static void smb1_reach_canon(void *vs)
{
	smb1_state *s = vs;
	if (s->swimming)
		s->x_speed_abs = 0;
}

/* InitJS */
static void smb1_init_js(smb1_state *s)
{
	s->jump_swim_timer = 0x20;
	s->ymf_dummy = 0;
	s->y_moveforce = 0;
	s->origin_high = s->y_high;
	s->origin_pos = s->y_pos;
	s->player_state = 1;
	int y = smb1_row(s->x_speed_abs, s->swimming, s->whirlpool);
	s->vertical_force = JumpMForceData[y];       /* GetYPhy */
	s->vertical_force_down = FallMForceData[y];
	s->y_moveforce = InitMForceData[y];
	s->y_speed = PlayerYSpdData[y];
	if (s->swimming && s->y_pos < SMB1_SWIM_TOP) { /* CMP #$14 / BCS X_Physics */
		s->y_speed = 0;
		s->frame_flags |= SMB1_FLAG_SWIM_TOP >> 8;
	}
}

/* ImposeGravity with A = 0 (down only), $00 = VerticalForce, $02 = 4 (ImposeGravitySprObj). */
static void smb1_impose_gravity(smb1_state *s)
{
	unsigned c, t;
	t = s->ymf_dummy + s->y_moveforce; /* ADC SprObject_Y_MoveForce */
	s->ymf_dummy = (uint8_t)t;
	c = t >> 8;
	uint8_t adder = (s->y_speed & 0x80) ? 0xff : 0x00; /* BPL AlterYP / DEY: $07 */
	t = s->y_pos + s->y_speed + c; /* ADC SprObject_Y_Position */
	s->y_pos = (uint8_t)t;
	c = t >> 8;
	s->y_high = (uint8_t)(s->y_high + adder + c); /* ADC $07 */
	t = s->y_moveforce + s->vertical_force; /* CLC / ADC $00 */
	s->y_moveforce = (uint8_t)t;
	c = t >> 8;
	uint8_t old_speed = s->y_speed;
	s->y_speed = (uint8_t)(s->y_speed + c); /* ADC #$00 */
	if (old_speed == 0x7f && s->y_speed == 0x80)
		s->frame_flags |= SMB1_FLAG_SPEED_WRAP >> 8;
	/* CMP $02 / BMI ChkUpM: N of (speed - 4); then CMP #$80 / BCC ChkUpM on the fraction */
	if (!((uint8_t)(s->y_speed - SMB1_MAX_SPEED) & 0x80) && s->y_moveforce >= 0x80) {
		s->y_speed = SMB1_MAX_SPEED;
		s->y_moveforce = 0;
		s->frame_flags |= SMB1_FLAG_CLAMPED >> 8;
	}
	/* ChkUpM: PLA = 0 -> ExVMove (no upward limit for the player) */
	int16_t v = (int16_t)(uint16_t)((s->y_speed << 8) | s->y_moveforce);
	if (v > (SMB1_MAX_SPEED << 8))
		s->frame_flags |= SMB1_FLAG_FALL_OVER_4 >> 8;
}

/* JumpSwimSub, then MovePlayerVertically */
static void smb1_jump_swim_sub(smb1_state *s, uint8_t a)
{
	if (!(s->y_speed & 0x80)) { /* LDY Player_Y_Speed / BPL DumpFall */
		s->vertical_force = s->vertical_force_down;
	} else if (!(a & s->prev_a)) { /* AND PreviousA_B_Buttons / BNE ProcSwim */
		uint8_t risen = (uint8_t)(s->origin_pos - s->y_pos); /* JumpOrigin_Y_Position - Y */
		if (risen >= SMB1_DIFF_TO_HALT)                      /* CMP DiffToHaltJump / BCC */
			s->vertical_force = s->vertical_force_down;  /* DumpFall */
	}
	if (s->swimming && s->y_pos < SMB1_SWIM_TOP) { /* ProcSwim: CMP #$14 / BCS LRWater */
		s->vertical_force = SMB1_SWIM_TOP_FORCE;
		s->frame_flags |= SMB1_FLAG_SWIM_TOP >> 8;
	}
	smb1_impose_gravity(s); /* MovePlayerVertically -> ImposeGravitySprObj */
}

static void smb1_step(void *vs, unsigned input)
{
	smb1_state *s = vs;
	uint8_t a = (input & JS_IN_JUMP) ? 1 : 0;
	s->frame_flags = 0;
	if (s->jump_swim_timer) /* DecTimers */
		s->jump_swim_timer--;
	/* CheckForJumping: A pressed now and not last frame -> ProcJumping */
	if (a && !s->prev_a) {
		if (s->player_state == 0)
			smb1_init_js(s);
		else if (s->swimming && (s->jump_swim_timer || !(s->y_speed & 0x80)))
			smb1_init_js(s);
	}
	if (s->player_state == 1) {
		smb1_jump_swim_sub(s, a);
		/* PlayerBGCollision: feet in the ground tile, speed not negative -> LandPlyr */
		unsigned y = (unsigned)s->y_high << 8 | s->y_pos;
		if (!(s->y_speed & 0x80) && y >= SMB1_GROUND) {
			s->y_pos &= 0xf0;
			s->y_speed = 0;
			s->y_moveforce = 0;
			s->player_state = 0;
		}
	}
	s->prev_a = a; /* SaveAB */
}

static void smb1_observe(const void *vs, js_obs *o)
{
	const smb1_state *s = vs;
	int32_t y = (int32_t)((unsigned)s->y_high << 16 | (unsigned)s->y_pos << 8 | s->ymf_dummy);
	o->height = (SMB1_GROUND << 8) - y;
	o->grounded = s->player_state == 0;
	o->flags = (uint32_t)s->frame_flags << 8;
}

static int smb1_trace_row(const void *vs, char *buf, size_t n)
{
	const smb1_state *s = vs;
	return snprintf(buf, n, "%u,%u,%u,%d,%u,%u,%u", s->y_high, s->y_pos, s->ymf_dummy,
			(int8_t)s->y_speed, s->y_moveforce, s->vertical_force, s->player_state);
}

/* ---- fuzzing hooks (model.h) ---- */

/* A start in the air or on the ground: on the ground (Player_State 0) Mario stands on the floor
 * with no speed, as LandPlyr leaves him.  VerticalForceDown is the row's, as InitJS (GetYPhy)
 * stores it for every jump. */
static void smb1_fuzz_fix(void *vs)
{
	smb1_state *s = vs;
	s->vertical_force_down = FallMForceData[smb1_row(s->x_speed_abs, s->swimming, s->whirlpool)];
	if (s->vertical_force < 0x04) /* init's 0: airborne Mario always has a table force */
		s->vertical_force = s->vertical_force_down;
	if (s->player_state == 0) {
		s->y_high = SMB1_GROUND_HIGH;
		s->y_pos = SMB1_GROUND_Y;
		s->y_speed = 0;
		s->y_moveforce = 0;
	}
}

enum { SMB1_INV_FALL_CAP, SMB1_INV_SPEED_WRAP, SMB1_INV_Y_WRAP };

static uint32_t smb1_invariants(const void *vb, const void *va, unsigned input)
{
	const smb1_state *b = vb, *a = va;
	int16_t vb16 = (int16_t)(uint16_t)(b->y_speed << 8 | b->y_moveforce);
	int16_t va16 = (int16_t)(uint16_t)(a->y_speed << 8 | a->y_moveforce);
	uint32_t bits = 0;
	/* MovePlayerVertically passes 4 as the maximum: the speed after gravity stays at or below
	 * 4.00 px/frame unless it was already above (a start, or a wrap). */
	if (va16 > (SMB1_MAX_SPEED << 8) && va16 > vb16)
		bits |= 1u << SMB1_INV_FALL_CAP;
	/* The speed is a signed byte: gravity never turns a fall into a rise (a jump or swim
	 * stroke, InitJS, sets a rising speed on purpose: a new press that restarts the timer). */
	int init_js = (input & JS_IN_JUMP) && !b->prev_a && a->jump_swim_timer == 0x20;
	if (b->player_state && a->player_state && !init_js && (int8_t)b->y_speed >= 0 &&
	    (int8_t)a->y_speed < 0)
		bits |= 1u << SMB1_INV_SPEED_WRAP;
	/* Y_HighPos is the screen page: moving up past the top of page 0 wraps it to $FF. */
	if (a->player_state && b->y_high <= SMB1_GROUND_HIGH && a->y_high > SMB1_GROUND_HIGH)
		bits |= 1u << SMB1_INV_Y_WRAP;
	return bits;
}

JS_LANE_DECLARE(smb1);

static const char *const smb1_claims[] = {
	"smb1/subpixel-gravity", "smb1/jump-gravity", "smb1/fall-gravity", "smb1/max-fall-speed",
	"smb1/fall-clamp", "smb1/gravity-switch", "smb1/jump-height", "smb1/fall-over-4-short-jump",
	NULL,
};

JS_REFERENCE_RUN(smb1, smb1_state, smb1_step, smb1_observe)

const js_model js_model_smb1 = {
	.id = "smb1",
	.game = "Super Mario Bros.",
	.platform = "NES",
	.character = "Mario (small or big: the same vertical physics)",
	.unit = "px",
	.sub_per_unit = 256,
	.tile = 16, /* px per level tile */
	.fps = 60.0988,
	.frame = "NTSC frame (one NMI, 60.0988 Hz)",
	.movie = { .button = { "A" }, .note = "A jumps (B runs): CheckForJumping tests A_B_Buttons & A_Button "
		   "($80) against PreviousA_B_Buttons (SaveAB) for the press, and JumpSwimSub checks A still "
		   "held for the gravity switch. The pads are read once per NMI frame, so one movie frame "
		   "(.bk2 / .fm2 line) is one model frame and frame 0 is the movie frame on which A goes down. "
		   "The model has no lag frame: splice where the game runs every frame." },
	.sources = "Xkeeper0/smb1 src/prg.asm: CheckForJumping, ProcJumping, InitJS, GetYPhy, "
		   "JumpSwimSub, MovePlayerVertically, ImposeGravitySprObj, ImposeGravity, ChkFootMTile, "
		   "LandPlyr, SaveAB, DecTimers; tables JumpMForceData, FallMForceData, PlayerYSpdData, "
		   "InitMForceData",
	.notes = "Frame 0 is the press; the take-off frame already moves by the full start speed. "
		 "Take-off from flat ground at Y=$01B0. Landing: falling back into the ground tile "
		 "(LandPlyr snaps Y_Position to the tile, keeps YMF_Dummy). Swimming re-presses start "
		 "new strokes (InitJS while JumpSwimTimer runs or the speed is not negative). "
		 "Horizontal movement and the whirlpool's pull are not modelled.",
	.claims = smb1_claims,
	.n_axes = 2,
	.axes = {
		{ .name = "vx", .unit = "1/16 px/frame", .long_name = "|X speed| at take-off "
		  "(Player_XSpeedAbsolute), picks rows 0-4", .min = 0, .max = 40, .def_lo = 0, .def_hi = 40,
		  .values = { { "walk", 0x18, "MaxRightXSpdData: walking top speed $18" },
			      { "run", 0x28, "MaxRightXSpdData: running (B held) top speed $28" },
			      { "swim", 0x10, "MaxRightXSpdData: top speed in water $10" } } },
		{ .name = "env", .unit = "", .long_name = "environment: air (rows 0-4), swim (row 5), "
		  "whirlpool (row 6)", .min = 0, .max = 2, .def_lo = 0, .def_hi = 2, .n_names = 3,
		  .names = { "air", "swim", "whirlpool" } },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 256,
	.default_hold = 40,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "fall_over_4", [9] = "clamped", [10] = "speed_wrap", [11] = "swim_top",
	},
	.flag_what = {
		[8] = "The fall speed was above 4.00 px/frame after ImposeGravity.",
		[9] = "ImposeGravity's clamp set the fall speed to 4.00 px/frame.",
		[10] = "Player_Y_Speed carried from $7F to $80 (the signed speed wrapped).",
		[11] = "The $14 water-surface rule fired (swimming: Mario at the top of the water).",
	},
	.character_height = 16,
	.character_height_source = "small Mario is one 16 x 16 block tall (two rows of 8-px sprite tiles);"
		" big and fiery Mario 32 px",
	.state_size = sizeof(smb1_state),
	.key_size = offsetof(smb1_state, frame_flags),
	.reach_canon = smb1_reach_canon,
	.init = smb1_init,
	.step = smb1_step,
	.observe = smb1_observe,
	.run_ref = smb1_run_ref,
	.trace_header = "y_high,y_pos,y_frac,speed,speed_frac,force,state",
	.trace_units = "256 px (+ down),px (+ down),1/256 px,px/frame (+ down),1/256 px/frame,1/256 px/frame^2,code",
	.trace_row = smb1_trace_row,
	.lane = JS_LANE_TABLE(smb1),
	.n_fields = 9,
	.fields = {
		{ "y_high", offsetof(smb1_state, y_high), JS_F_U8, 0, 255,
		  "Player_Y_HighPos: the screen page (1 holds the ground; 0 above it, $FF after moving up "
		  "past page 0's top, 2+ below the pit)" },
		{ "y_pos", offsetof(smb1_state, y_pos), JS_F_U8, 0, 255, "Player_Y_Position" },
		{ "y_frac", offsetof(smb1_state, ymf_dummy), JS_F_U8, 0, 255, "Player_YMF_Dummy" },
		{ "speed", offsetof(smb1_state, y_speed), JS_F_S8, -128, 127, "Player_Y_Speed" },
		{ "speed_frac", offsetof(smb1_state, y_moveforce), JS_F_U8, 0, 255, "Player_Y_MoveForce" },
		{ "force", offsetof(smb1_state, vertical_force), JS_F_U8, 0x04, 0x90,
		  "VerticalForce: only JumpMForceData/FallMForceData values ($04..$90) and $18 are stored" },
		{ "origin", offsetof(smb1_state, origin_pos), JS_F_U8, 0, 255, "JumpOrigin_Y_Position" },
		{ "state", offsetof(smb1_state, player_state), JS_F_U8, 0, 1,
		  "Player_State: 0 on the ground, 1 jumping/swimming" },
		{ "timer", offsetof(smb1_state, jump_swim_timer), JS_F_U8, 0, 0x20,
		  "JumpSwimTimer: InitJS sets $20, DecTimers counts it down" },
	},
	.fuzz_fix = smb1_fuzz_fix,
	.invariants = smb1_invariants,
	.inv_names = { [SMB1_INV_FALL_CAP] = "fall_cap", [SMB1_INV_SPEED_WRAP] = "speed_wrap",
		       [SMB1_INV_Y_WRAP] = "y_wrap" },
	.inv_what = {
		[SMB1_INV_FALL_CAP] = "gravity never raises Mario's fall speed above 4.00 px/frame "
				      "(MovePlayerVertically's maximum of 4)",
		[SMB1_INV_SPEED_WRAP] = "gravity never turns a fall into a rise (Player_Y_Speed "
					"is a signed byte)",
		[SMB1_INV_Y_WRAP] = "Mario's Y page stays on the screen (Player_Y_HighPos 0 or 1) "
				    "while he moves up",
	},
	/* The slowest landing: speed -128 px/f (-$80.00) with the weakest force $04 rises for
	 * $8000 / 4 = 8192 frames, then falls at most as long again. */
	.land_bound = 16384 + 512,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"

/* The reference above on JS_VW lanes at a time, the state in registers for all frames of the
 * group: Y as one 24-bit number (HighPos:Position:YMF_Dummy) and the speed as one 16-bit number
 * (Speed:MoveForce).  Adding the sign-extended 16-bit speed to the 24-bit Y mod 2^24 is exactly
 * ImposeGravity's byte-wise carry chain (dummy += MoveForce, Position += Speed + c, HighPos +=
 * $00/$FF + c), and MoveForce += force with the carry into Speed is speed16 += force mod 2^16
 * (the signed byte wraps $7F -> $80 just as ADC #$00 does).  Every branch is a select on a
 * -1/0 mask.  Two groups are stepped side by side: each frame depends on the last, so two
 * independent chains keep the vector units busy. */
typedef struct smb1_lanes {
	js_vi jforce, fforce, ispeed, swim;              /* per-lane constants (row, env) */
	js_vi y, spd, force, origin, air, prev, timer;   /* air: -1 in Player_State 1 */
	js_vacc acc;
} smb1_lanes;

static inline void smb1_lanes_init(smb1_lanes *s, const js_lane_args *args, int l0)
{
	int32_t jf[JS_VW], ff[JS_VW], isp[JS_VW], sw[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		int env = args->axis[SMB1_AX_ENV][l];
		int row = smb1_row(args->axis[SMB1_AX_VX][l], env != 0, env == 2);
		jf[i] = JumpMForceData[row];
		ff[i] = FallMForceData[row];
		isp[i] = PlayerYSpdData[row] << 8 | InitMForceData[row];
		sw[i] = -(env != 0);
	}
	s->jforce = js_vload(jf);
	s->fforce = js_vload(ff);
	s->ispeed = js_vload(isp);
	s->swim = js_vload(sw);
	s->y = js_vsplat(SMB1_GROUND << 8);
	s->spd = s->force = s->origin = s->air = s->prev = s->timer = js_vsplat(0);
	if (args->start) { /* a fuzz start: the reference's state, field by field */
		int32_t y[JS_VW], spd[JS_VW], fo[JS_VW], org[JS_VW], air[JS_VW], prev[JS_VW], t[JS_VW];
		for (int i = 0; i < JS_VW; i++) {
			int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
			const smb1_state *st = (const smb1_state *)args->start + l;
			y[i] = st->y_high << 16 | st->y_pos << 8 | st->ymf_dummy;
			spd[i] = st->y_speed << 8 | st->y_moveforce;
			fo[i] = st->vertical_force;
			org[i] = st->origin_high << 8 | st->origin_pos;
			air[i] = -(st->player_state != 0);
			prev[i] = -(st->prev_a != 0);
			t[i] = st->jump_swim_timer;
		}
		s->y = js_vload(y);
		s->spd = js_vload(spd);
		s->force = js_vload(fo);
		s->origin = js_vload(org);
		s->air = js_vload(air);
		s->prev = js_vload(prev);
		s->timer = js_vload(t);
	}
	js_vacc_init(&s->acc, args, l0);
}

/* One frame of a group.  swim is a compile-time constant at each call: 0 when no lane of the
 * group swims, so the swimming rules (JumpSwimTimer, the re-press stroke, the $14 surface) drop
 * out of the air-only loop; it is exact because those rules only act when SwimmingFlag is set. */
static inline void smb1_lanes_frame(smb1_lanes *s, const js_lane_args *args, int l0, int f,
				    const int swim)
{
	js_vi a = -js_vbit(args->input[0] + (f >> 5) * JS_BLOCK + l0, f); /* -1 held */
	js_vi t = swim ? s->timer + (s->timer != 0) : s->timer; /* DecTimers (+ -1) */
	js_vi top = swim ? s->swim & (((s->y >> 8) & 0xff) < SMB1_SWIM_TOP) : js_vsplat(0);
	js_vi press = a & ~s->prev;                            /* CheckForJumping */
	js_vi jump = swim ? press & (~s->air | (s->swim & ((t != 0) | ((s->spd & 0x8000) == 0))))
			  : press & ~s->air;
	/* InitJS */
	t = js_vsel(jump, js_vsplat(0x20), t);
	js_vi yv = js_vsel(jump, s->y & ~0xff, s->y);
	js_vi org = js_vsel(jump, yv >> 8, s->origin);
	js_vi s1 = s->air | jump;
	js_vi fo = js_vsel(jump, s->jforce, s->force);
	js_vi sp = js_vsel(jump, js_vsel(top, s->ispeed & 0xff, s->ispeed), s->spd);
	/* JumpSwimSub */
	js_vi risen = (org - (yv >> 8)) & 0xff;
	js_vi dump = ((sp & 0x8000) == 0) | (~(a & s->prev) & (risen >= SMB1_DIFF_TO_HALT));
	fo = js_vsel(dump, s->fforce, fo);
	fo = js_vsel(top, js_vsplat(SMB1_SWIM_TOP_FORCE), fo);
	/* ImposeGravity */
	js_vi ny = (yv + ((sp ^ 0x8000) - 0x8000)) & 0xffffff;
	js_vi nsp = (sp + fo) & 0xffff;
	js_vi wrap = ((sp >> 8) == 0x7f) & ((nsp >> 8) == 0x80);
	js_vi clamp = ((((nsp >> 8) - SMB1_MAX_SPEED) & 0x80) == 0) & ((nsp & 0xff) >= 0x80);
	nsp = js_vsel(clamp, js_vsplat(SMB1_MAX_SPEED << 8), nsp);
	js_vi over = ((nsp ^ 0x8000) - 0x8000) > (SMB1_MAX_SPEED << 8);
	/* PlayerBGCollision -> LandPlyr */
	js_vi land = ((nsp & 0x8000) == 0) & ((ny >> 8) >= SMB1_GROUND);
	ny = js_vsel(land, ny & ~0x0f00, ny);
	nsp = js_vsel(land, js_vsplat(0), nsp);
	/* JumpSwimSub and the landing only run in Player_State 1 */
	js_vu fl = ((js_vu)top & SMB1_FLAG_SWIM_TOP) | ((js_vu)wrap & SMB1_FLAG_SPEED_WRAP) |
		   ((js_vu)clamp & SMB1_FLAG_CLAMPED) | ((js_vu)over & SMB1_FLAG_FALL_OVER_4);
	s->y = js_vsel(s1, ny, yv);
	s->spd = js_vsel(s1, nsp, sp);
	s->air = s1 & ~land;
	s->force = js_vsel(s1, fo, s->force);
	s->origin = org;
	s->timer = t;
	s->prev = a;                                           /* SaveAB */
	js_vacc_frame(&s->acc, f, (SMB1_GROUND << 8) - s->y, ~s->air, fl & (js_vu)s1);
}

#if JS_VW == 16 && defined(__AVX512BW__)
#include <immintrin.h>

/* AVX-512 (F + BW) fast path: a block whose lanes all start from init's state (args->start NULL)
 * and whose swimming lanes (env swim / whirlpool) press A at most once (one rising edge in the
 * block's frames), on 16-bit lanes, 32 to a register, the masks in mask registers, the two
 * halves of the block side by side.  What it relies on:
 *   - each lane makes one jump (or one stroke) from the floor and is frozen once it lands (its
 *     first flight is all the accounting wants): an air lane's press in the air does nothing
 *     (CheckForJumping needs Player_State 0 or SwimmingFlag), and a swimming lane has no second
 *     press; so JumpSwimTimer never matters (it only gates a re-press in the water), and the
 *     jump starts at Y = $01B0.00 with JumpOrigin_Y_Position $B0;
 *   - y is held as Y - $01B000 (24-bit Y relative to the floor, 1/256 px): the highest jump
 *     (row 3/4: -5.00 px/frame, $28 while held) rises 32 frames, under 83 px, a stroke under
 *     33 px, so y lies in [-83 * 256, 0] in the air (and below 0 only by one fall move, < 6 px,
 *     before the landing), an int16; the $14 water-surface rule (Y_Position < $14, 156 px up)
 *     never fires and Y_HighPos never leaves 1 in the air;
 *   - risen = (JumpOrigin_Y_Position - Y_Position) & $FF = -(y >> 8) & $FF, which is >= 1
 *     exactly when y >> 8 != 0, i.e. y outside [0, 255] as an unsigned word;
 *   - the speed (Speed:MoveForce) stays in [-$500, $59F]: it starts at a PlayerYSpdData row
 *     (>= -$500) and grows by a force <= $90; a value >= $480 with MoveForce >= $80 is clamped
 *     to $400, and only $90 (> $80) can step over [$480, $4FF], from [$470, $47F] to at most
 *     $50F, then to at most $59F, clamped.  So the speed byte is nsp >> 8 in [-5, 5], no $7F ->
 *     $80 wrap (speed_wrap never fires), and the clamp's test (Speed - 4 has bit 7 clear and
 *     MoveForce >= $80) is nsp >= $400 with bit 7 of nsp set;
 *   - the landing (speed not negative, Y >= $01B000) snaps Y_Position to $B0 and keeps
 *     YMF_Dummy: y := y & $FF (the foot is < 16 px in);
 *   - heights are -y: the rise is -min(y), frames and airtimes are < JS_MAX_FRAMES = 4096.
 * A standing (or landed) lane has speed 0 and its speed is only changed under s1 (a masked add),
 * so it does not move; the events (clamp, fall_over_4) can then only come from airborne lanes,
 * as the reference's accounting counts them (flags of frames from the take-off to the
 * landing). */
typedef struct smb1_zlanes {
	__m512i jforce, fforce, ispeed; /* per-lane constants */
	__m512i y, spd, force, ymin, apex, airt;
	__mmask32 air, prev, landed, fl_clamp, fl_over, fl_below;
} smb1_zlanes;

static inline void smb1_zlanes_init(smb1_zlanes *z, const js_lane_args *args, int l0)
{
	int16_t jf[32], ff[32], isp[32];
	for (int i = 0; i < 32; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		int env = args->axis[SMB1_AX_ENV][l];
		int row = smb1_row(args->axis[SMB1_AX_VX][l], env != 0, env == 2);
		jf[i] = JumpMForceData[row];
		ff[i] = FallMForceData[row];
		isp[i] = (int16_t)(PlayerYSpdData[row] << 8 | InitMForceData[row]);
	}
	z->jforce = _mm512_loadu_si512(jf);
	z->fforce = _mm512_loadu_si512(ff);
	z->ispeed = _mm512_loadu_si512(isp);
	z->y = z->spd = z->force = z->ymin = z->apex = z->airt = _mm512_setzero_si512();
	z->air = z->prev = z->landed = z->fl_clamp = z->fl_over = z->fl_below = 0;
}

static inline __attribute__((always_inline)) void smb1_zlanes_frame(smb1_zlanes *z, __mmask32 a,
								     __m512i fv, __m512i fv1)
{
	const __m512i zero = _mm512_setzero_si512();
	__mmask32 press = _kandn_mask32(z->prev, a);                      /* CheckForJumping */
	__mmask32 jump = _kandn_mask32(_kor_mask32(z->air, z->landed), press);
	__mmask32 s1 = _kor_mask32(z->air, jump);
	/* InitJS (y is 0 on the floor: YMF_Dummy := 0 changes nothing) */
	__m512i fo = _mm512_mask_mov_epi16(z->force, jump, z->jforce);
	__m512i sp = _mm512_mask_mov_epi16(z->spd, jump, z->ispeed);
	/* JumpSwimSub: falling, or A not held on from last frame with risen >= 1 -> the fall force */
	__mmask32 risen = _mm512_cmpge_epu16_mask(z->y, _mm512_set1_epi16(0x100));
	__mmask32 dump = _kor_mask32(_knot_mask32(_mm512_movepi16_mask(sp)),
				     _kandn_mask32(_kand_mask32(a, z->prev), risen));
	fo = _mm512_mask_mov_epi16(fo, dump, z->fforce);
	/* ImposeGravity */
	__m512i ny = _mm512_add_epi16(z->y, sp);
	__m512i nsp = _mm512_mask_add_epi16(sp, s1, sp, fo);
	__mmask32 clamp = _mm512_mask_test_epi16_mask(
		_mm512_cmpge_epi16_mask(nsp, _mm512_set1_epi16(SMB1_MAX_SPEED << 8)), nsp,
		_mm512_set1_epi16(0x80));
	nsp = _mm512_mask_mov_epi16(nsp, clamp, _mm512_set1_epi16(SMB1_MAX_SPEED << 8));
	z->fl_clamp = _kor_mask32(z->fl_clamp, clamp);
	z->fl_over = _kor_mask32(z->fl_over,
				 _mm512_cmpgt_epi16_mask(nsp, _mm512_set1_epi16(SMB1_MAX_SPEED << 8)));
	/* PlayerBGCollision -> LandPlyr: speed and y both not negative */
	__mmask32 land = _mm512_mask_cmpge_epi16_mask(s1, _mm512_or_si512(ny, nsp), zero);
	z->y = _mm512_mask_mov_epi16(ny, land, _mm512_and_si512(ny, _mm512_set1_epi16(0xff)));
	z->spd = _mm512_mask_mov_epi16(nsp, land, zero);
	z->force = fo;
	z->air = _kandn_mask32(land, s1);
	z->landed = _kor_mask32(z->landed, land);
	z->prev = a; /* SaveAB */
	/* Accounting: height = -y */
	__mmask32 lower = _mm512_cmplt_epi16_mask(z->y, z->ymin);
	z->ymin = _mm512_min_epi16(z->ymin, z->y);
	z->apex = _mm512_mask_mov_epi16(z->apex, lower, fv);
	z->airt = _mm512_mask_mov_epi16(z->airt, land, fv1);
	z->fl_below = _kor_mask32(z->fl_below, _mm512_mask_cmpgt_epi16_mask(z->air, z->y, zero));
}

/* 1 when no lane can change its results after frame f: each has landed, or still stands and
 * no lane of the block presses A after f (last: the block's last frame with A down, a bound for
 * each lane's own: stopping later than js_vacc_done is exact too). */
static inline int smb1_zlanes_done(const smb1_zlanes *z, int f, int last)
{
	__mmask32 ok = f >= last ? _kor_mask32(z->landed, _knot_mask32(z->air)) : z->landed;
	return _cvtmask32_u32(ok) == 0xffffffffu;
}

static inline void smb1_zlanes_store(const smb1_zlanes *z, const js_lane_args *args, int l0)
{
	int16_t ym[32], ap[32], at[32];
	_mm512_storeu_si512(ym, z->ymin);
	_mm512_storeu_si512(ap, z->apex);
	_mm512_storeu_si512(at, z->airt);
	const uint32_t air = _cvtmask32_u32(z->air), landed = _cvtmask32_u32(z->landed);
	const uint32_t cl = _cvtmask32_u32(z->fl_clamp), ov = _cvtmask32_u32(z->fl_over);
	const uint32_t be = _cvtmask32_u32(z->fl_below);
	for (int i = 0; i < 32 && l0 + i < args->n_lanes; i++) {
		uint32_t fl = 0;
		if (((air | landed) >> i) & 1u) {
			fl |= ((cl >> i) & 1u) ? SMB1_FLAG_CLAMPED : 0;
			fl |= ((ov >> i) & 1u) ? SMB1_FLAG_FALL_OVER_4 : 0;
			fl |= ((be >> i) & 1u) ? JS_FLAG_BELOW_START : 0;
			if (!((landed >> i) & 1u))
				fl |= JS_FLAG_NOT_LANDED;
		} else {
			fl |= JS_FLAG_NO_TAKEOFF;
		}
		args->rise[l0 + i] = -ym[i];
		args->apex_frame[l0 + i] = ap[i];
		args->airtime[l0 + i] = at[i];
		args->flags[l0 + i] = fl;
	}
}

/* 1 when the block may run the fast path (see above): init's states, and no swimming lane with
 * a second rising edge of A (edges: A down, up on the frame before; A is up before frame 0).
 * Sixteen lanes at a time: per lane, whether some word holds two edges, and how many words hold
 * one; a partial block (lanes n_lanes.. are stepped too, as copies of the last) lane by lane.
 * *last: the block's last frame with A down (-1 if none), for smb1_zlanes_done. */
static inline int smb1_block_is_fast(const js_lane_args *args, int *last)
{
	if (args->start)
		return 0;
	const int words = (args->n_frames + 31) >> 5;
	const uint32_t tail = (args->n_frames & 31) ? (1u << (args->n_frames & 31)) - 1u : ~0u;
	*last = -1;
	for (int w = words - 1; w >= 0 && *last < 0; w--) {
		const uint32_t *row = args->input[0] + w * JS_BLOCK;
		__m512i x = _mm512_or_si512(_mm512_or_si512(_mm512_loadu_si512(row),
							    _mm512_loadu_si512(row + 16)),
					    _mm512_or_si512(_mm512_loadu_si512(row + 32),
							    _mm512_loadu_si512(row + 48)));
		uint32_t any = (uint32_t)_mm512_reduce_or_epi32(x);
		if (any)
			*last = w * 32 + 31 - __builtin_clz(any);
	}
	if (args->n_lanes < JS_BLOCK) {
		for (int i = 0; i < JS_BLOCK; i++) {
			int l = i < args->n_lanes ? i : args->n_lanes - 1;
			if (args->axis[SMB1_AX_ENV][l] == SMB1_ENV_AIR)
				continue;
			int edges = 0;
			uint32_t carry = 0;
			for (int w = 0; w < words; w++) {
				uint32_t x = args->input[0][w * JS_BLOCK + i];
				if (w == words - 1)
					x &= tail;
				edges += __builtin_popcount(x & ~(x << 1 | carry));
				carry = x >> 31;
			}
			if (edges > 1)
				return 0;
		}
		return 1;
	}
	for (int c = 0; c < JS_BLOCK; c += 16) {
		__mmask16 swim = _mm512_test_epi32_mask(_mm512_loadu_si512(args->axis[SMB1_AX_ENV] + c),
							_mm512_set1_epi32(-1));
		__m512i carry = _mm512_setzero_si512(), multi = carry, seen = carry;
		for (int w = 0; w < words; w++) {
			__m512i x = _mm512_loadu_si512(args->input[0] + w * JS_BLOCK + c);
			if (w == words - 1)
				x = _mm512_and_si512(x, _mm512_set1_epi32((int)tail));
			__m512i e = _mm512_andnot_si512(_mm512_or_si512(_mm512_slli_epi32(x, 1), carry), x);
			carry = _mm512_srli_epi32(x, 31);
			multi = _mm512_or_si512(multi, _mm512_and_si512(e, _mm512_sub_epi32(e, _mm512_set1_epi32(1))));
			seen = _mm512_mask_sub_epi32(seen, _mm512_test_epi32_mask(e, e), seen,
						     _mm512_set1_epi32(-1));
		}
		__mmask16 bad = _mm512_mask_test_epi32_mask(swim, multi, multi) |
				_mm512_mask_cmpgt_epi32_mask(swim, seen, _mm512_set1_epi32(1));
		if (bad)
			return 0;
	}
	return 1;
}

static inline void smb1_lane_run_fast(const js_lane_args *args, const int last)
{
	smb1_zlanes z0, z1;
	smb1_zlanes_init(&z0, args, 0);
	smb1_zlanes_init(&z1, args, 32);
	const __m512i one = _mm512_set1_epi16(1);
	__m512i fv = _mm512_setzero_si512(), fv1 = one;
	js_zjump jump = { { 0 } }; /* set on frame 0 */
	for (int f = 0; f < args->n_frames; f++) {
		__mmask32 a0, a1;
		js_zjump_frame(&jump, args, f, &a0, &a1);
		smb1_zlanes_frame(&z0, a0, fv, fv1);
		smb1_zlanes_frame(&z1, a1, fv, fv1);
		if ((f & 7) == 7 && smb1_zlanes_done(&z0, f, last) && smb1_zlanes_done(&z1, f, last))
			break;
		fv = fv1;
		fv1 = _mm512_add_epi16(fv1, one);
	}
	smb1_zlanes_store(&z0, args, 0);
	smb1_zlanes_store(&z1, args, 32);
}
#endif

#if JS_VW == 8 && defined(__AVX2__) && !defined(__AVX512F__)
/* AVX2 twin of the AVX-512 fast path above: the same block condition, the same 16-bit state
 * and ranges (every bound argued there holds word for word), 16 lanes per ymm, the masks as
 * -1 / 0 words (lane.h's js_hi), the block as four groups run two side by side. */
typedef struct smb1_hlanes {
	js_hi jforce, fforce, ispeed; /* per-lane constants */
	js_hi y, spd, force, ymin, apex, airt;
	js_hi air, prev, landed, fl_clamp, fl_over, fl_below;
} smb1_hlanes;

static inline void smb1_hlanes_init(smb1_hlanes *z, const js_lane_args *args, int l0)
{
	js_hi jf, ff, isp;
	for (int p = 0; p < 16; p++) {
		int l = l0 + js_hlane(p) < args->n_lanes ? l0 + js_hlane(p) : args->n_lanes - 1;
		int env = args->axis[SMB1_AX_ENV][l];
		int row = smb1_row(args->axis[SMB1_AX_VX][l], env != 0, env == 2);
		jf[p] = JumpMForceData[row];
		ff[p] = FallMForceData[row];
		isp[p] = (int16_t)(PlayerYSpdData[row] << 8 | InitMForceData[row]);
	}
	z->jforce = jf;
	z->fforce = ff;
	z->ispeed = isp;
	z->y = z->spd = z->force = z->ymin = z->apex = z->airt = js_hsplat(0);
	z->air = z->prev = z->landed = z->fl_clamp = z->fl_over = z->fl_below = js_hsplat(0);
}

static inline __attribute__((always_inline)) void smb1_hlanes_frame(smb1_hlanes *z, js_hi a,
								     js_hi fv, js_hi fv1)
{
	const js_hi max = js_hsplat(SMB1_MAX_SPEED << 8);
	js_hi press = a & ~z->prev;                                 /* CheckForJumping */
	js_hi jump = press & ~(z->air | z->landed);
	js_hi s1 = z->air | jump;
	/* InitJS (y is 0 on the floor: YMF_Dummy := 0 changes nothing) */
	js_hi fo = js_hsel(jump, z->jforce, z->force);
	js_hi sp = js_hsel(jump, z->ispeed, z->spd);
	/* JumpSwimSub: falling, or A not held on from last frame with risen >= 1 -> the fall force */
	js_hi risen = (js_hi)((js_hu)z->y >= 0x100);
	js_hi dump = (sp >= 0) | (risen & ~(a & z->prev));
	fo = js_hsel(dump, z->fforce, fo);
	/* ImposeGravity */
	js_hi ny = z->y + sp;
	js_hi nsp = sp + (fo & s1);
	js_hi clamp = (nsp >= max) & ((nsp << 8) < 0);
	nsp = js_hsel(clamp, max, nsp);
	z->fl_clamp |= clamp;
	z->fl_over |= nsp > max;
	/* PlayerBGCollision -> LandPlyr: speed and y both not negative */
	js_hi land = s1 & ((ny | nsp) >= 0);
	z->y = js_hsel(land, ny & 0xff, ny);
	z->spd = nsp & ~land;
	z->force = fo;
	z->air = s1 & ~land;
	z->landed |= land;
	z->prev = a; /* SaveAB */
	/* Accounting: height = -y */
	js_hi lower = z->y < z->ymin;
	z->ymin = js_hsel(lower, z->y, z->ymin);
	z->apex = js_hsel(lower, fv, z->apex);
	z->airt = js_hsel(land, fv1, z->airt);
	z->fl_below |= z->air & (z->y > 0);
}

static inline int smb1_hlanes_done(const smb1_hlanes *z, int f, int last)
{
	return js_hall(f >= last ? z->landed | ~z->air : z->landed);
}

static inline void smb1_hlanes_store(const smb1_hlanes *z, const js_lane_args *args, int l0)
{
	int16_t ym[16], ap[16], at[16], air[16], landed[16], cl[16], ov[16], be[16];
	js_hstore_lanes(ym, z->ymin);
	js_hstore_lanes(ap, z->apex);
	js_hstore_lanes(at, z->airt);
	js_hstore_lanes(air, z->air);
	js_hstore_lanes(landed, z->landed);
	js_hstore_lanes(cl, z->fl_clamp);
	js_hstore_lanes(ov, z->fl_over);
	js_hstore_lanes(be, z->fl_below);
	for (int i = 0; i < 16 && l0 + i < args->n_lanes; i++) {
		uint32_t fl = 0;
		if (air[i] | landed[i]) {
			fl |= cl[i] ? SMB1_FLAG_CLAMPED : 0;
			fl |= ov[i] ? SMB1_FLAG_FALL_OVER_4 : 0;
			fl |= be[i] ? JS_FLAG_BELOW_START : 0;
			if (!landed[i])
				fl |= JS_FLAG_NOT_LANDED;
		} else {
			fl |= JS_FLAG_NO_TAKEOFF;
		}
		args->rise[l0 + i] = -ym[i];
		args->apex_frame[l0 + i] = ap[i];
		args->airtime[l0 + i] = at[i];
		args->flags[l0 + i] = fl;
	}
}

/* smb1_block_is_fast of the AVX-512 path, eight lanes at a time. */
static inline int smb1_block_is_fast(const js_lane_args *args, int *last)
{
	if (args->start)
		return 0;
	const int words = (args->n_frames + 31) >> 5;
	const uint32_t tail = (args->n_frames & 31) ? (1u << (args->n_frames & 31)) - 1u : ~0u;
	*last = -1;
	for (int w = words - 1; w >= 0 && *last < 0; w--) {
		const uint32_t *row = args->input[0] + w * JS_BLOCK;
		js_vu x = js_vloadu(row) | js_vloadu(row + 8) | js_vloadu(row + 16) | js_vloadu(row + 24) |
			  js_vloadu(row + 32) | js_vloadu(row + 40) | js_vloadu(row + 48) | js_vloadu(row + 56);
		uint32_t any = 0;
		for (int i = 0; i < 8; i++)
			any |= x[i];
		if (any)
			*last = w * 32 + 31 - __builtin_clz(any);
	}
	for (int c = 0; c < JS_BLOCK; c += 8) {
		js_vi swim = js_vsplat(0);
		for (int i = 0; i < 8; i++) {
			int l = c + i < args->n_lanes ? c + i : args->n_lanes - 1;
			swim[i] = -(args->axis[SMB1_AX_ENV][l] != SMB1_ENV_AIR);
		}
		js_vu carry = { 0 }, multi = carry, seen = carry;
		for (int w = 0; w < words; w++) {
			js_vu x = js_vloadu(args->input[0] + w * JS_BLOCK + c);
			if (w == words - 1)
				x &= tail;
			js_vu e = x & ~(x << 1 | carry);
			carry = x >> 31;
			multi |= e & (e - 1);
			seen += (js_vu)(e != 0) & 1;
		}
		if (!_mm256_testz_si256((__m256i)swim, (__m256i)((js_vi)(multi != 0) | (seen > 1))))
			return 0;
	}
	return 1;
}

static inline void smb1_lane_run_fast(const js_lane_args *args, const int last)
{
	for (int g = 0; g < JS_BLOCK; g += 32) {
		smb1_hlanes z0, z1;
		smb1_hlanes_init(&z0, args, g);
		smb1_hlanes_init(&z1, args, g + 16);
		const js_hi one = js_hsplat(1);
		js_hi fv = js_hsplat(0), fv1 = one;
		for (int f = 0; f < args->n_frames; f++) {
			smb1_hlanes_frame(&z0, js_hjump(args, g, f), fv, fv1);
			smb1_hlanes_frame(&z1, js_hjump(args, g + 16, f), fv, fv1);
			if ((f & 7) == 7 && smb1_hlanes_done(&z0, f, last) &&
			    smb1_hlanes_done(&z1, f, last))
				break;
			fv = fv1;
			fv1 += one;
		}
		smb1_hlanes_store(&z0, args, g);
		smb1_hlanes_store(&z1, args, g + 16);
	}
}
#endif

void JS_LANE_FN(smb1)(const js_lane_args *args)
{
#if (JS_VW == 16 && defined(__AVX512BW__)) || (JS_VW == 8 && defined(__AVX2__) && !defined(__AVX512F__))
	int last;
	if (smb1_block_is_fast(args, &last)) {
		smb1_lane_run_fast(args, last);
		return;
	}
#endif
	for (int l0 = 0; l0 < JS_BLOCK; l0 += 2 * JS_VW) {
		smb1_lanes g0, g1;
		smb1_lanes_init(&g0, args, l0);
		smb1_lanes_init(&g1, args, l0 + JS_VW);
		if (js_vall(~(g0.swim | g1.swim))) {
			for (int f = 0; f < args->n_frames; f++) {
				smb1_lanes_frame(&g0, args, l0, f, 0);
				smb1_lanes_frame(&g1, args, l0 + JS_VW, f, 0);
				if ((f & 7) == 7 && js_vacc_done(&g0.acc, f) && js_vacc_done(&g1.acc, f))
					break;
			}
		} else {
			for (int f = 0; f < args->n_frames; f++) {
				smb1_lanes_frame(&g0, args, l0, f, 1);
				smb1_lanes_frame(&g1, args, l0 + JS_VW, f, 1);
				if ((f & 7) == 7 && js_vacc_done(&g0.acc, f) && js_vacc_done(&g1.acc, f))
					break;
			}
		}
		js_vacc_store(&g0.acc, args, l0);
		js_vacc_store(&g1.acc, args, l0 + JS_VW);
	}
}

#endif
