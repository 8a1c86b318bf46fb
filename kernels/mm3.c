/* kernels/mm3.c - Mega Man 3 (NES): Mega Man's jump, vertical axis.
 *
 * Follows plasticsmoke/megaman3-disassembly-ca65: src/fixed/player_ground.asm (player_on_ground,
 * player_ground_normal_jump, player_airborne), src/fixed/movement.asm (move_vertical_gravity,
 * apply_y_velocity_rise / _fall, apply_gravity, reset_gravity), src/fixed/collision.asm
 * (check_tile_horiz and its hitbox tables: config 0 = feet at Y + $0C, config 1 = head at Y - $0C;
 * snap_y_to_floor), src/fixed/game_loop.asm (prelude_setup_per_frame: gravity $99 := $40 for the
 * player), src/fixed/ppu_utils.asm (read_controllers: joy1_press = new presses, joy1_held =
 * held).  Labels are cited where each rule comes from; the code is written from those facts, not
 * copied.  The annotations in player_airborne call a negative speed "rising"; the code moves Y -=
 * speed (move_vertical_gravity: "positive = rising"), which is what is followed.  Shared parts:
 * megaman.h.
 *
 * player_airborne (player state 1, and called first by player state 0):
 *   LDA ent_yvel / BMI: speed >= 0, jump_counter = 0 (no Rush Coil) and A not held (joy1_held) ->
 *   reset_gravity: speed := $FF.C0.  The release comes BEFORE moving: the rise stops at once and
 *   that frame already moves 0.25 px down.
 *   move_vertical_gravity:
 *     speed >= 0 (gravity_rising): apply_y_velocity_rise (Y -= speed), apply_gravity, head check
 *       (no ceiling here).
 *     speed < 0: apply_y_velocity_fall (Y -= speed), apply_gravity, then the feet check
 *       (check_tile_horiz config 0): solid -> snap_y_to_floor: ent_y_px -= (feet & $0F) - the
 *       sub-pixel ent_y_sub is KEPT - and reset_gravity: speed := $FF.C0; carry set (landed).
 *     apply_gravity: the $B9 float timer is 0 out of water; speed -= $40 (SBC gravity on the
 *     fraction, SBC #$00 on the whole byte); BPL / CMP #$F9 / BCS: whole $80..$F8 -> $F9.00 (-7,
 *     seed claim 9).  Gravity comes before the floor check: a landing frame may clamp first.
 *   Landed in state 1 -> player_state := 0, RTS: a press on the landing frame is not looked at
 *   (and is no longer new on the next frame: it is lost).
 * player_on_ground (state 0): JSR player_airborne first (standing: Y += $00.40, the feet find the
 *   floor, snap back, speed $FF.C0 again); landed -> joy1_press & BTN_A (and Down not held, P2
 *   Right not held) -> player_ground_normal_jump: speed := $04.E5 (seed claim 9), JMP
 *   player_airborne: the take-off frame runs the air step as well - it moves up by $04.E5 and
 *   applies gravity - and player_state := 1.
 *
 * Standing keeps the sub-pixel: each standing frame adds $40 to ent_y_sub (the pixel snaps back),
 * so the Y sub-pixel at take-off is history (axis ysub: ent_y_sub the frame before frame 0).
 * Heights are measured from the take-off floor's pixel row (Y $94.00), so a standing Mega Man with
 * a sub-pixel s is s/256 px "below" it.
 */
#include "megaman.h"

#define MM3_JUMP 0x04e5  /* player_ground_normal_jump: LDA #$E5 / LDA #$04 */
#define MM3_GRAVITY 0x40 /* prelude_setup_per_frame: LDA #$40 / STA gravity */
#define MM3_CAP 0xf9     /* apply_gravity: CMP #$F9 / LDA #$F9 */
#define MM3_REST 0xffc0  /* reset_gravity_player: LDA #$C0 / LDA #$FF */
/* The screen: rising above row 0 changes ent_y_scr (apply_y_velocity_rise); check_tile_horiz sees
 * no tile once the feet (Y + $0C) reach $F0 (the next screen). */
#define MM3_SCR_LO 0x00
#define MM3_SCR_HI (0xf0 - MM_FOOT)

enum { MM3_AX_YSUB, MM3_AX_DROP };

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

static void mm3_init(void *vs, const int32_t *ax)
{
	mm_state *s = vs;
	mm_init(s, ax[MM3_AX_DROP]);
	s->y_sub = (uint8_t)ax[MM3_AX_YSUB];
	mm_set_speed(s, MM3_REST);
}

/* move_vertical_gravity for the player (X = 0); returns the carry (1 = landed). */
static int mm3_move_vertical_gravity(mm_state *s, int32_t floor_y)
{
	int falling = (s->spd & 0x80) != 0; /* gravity_save_y: LDA ent_yvel / BPL gravity_rising */
	mm_move(s);                         /* apply_y_velocity_fall / apply_y_velocity_rise */
	mm_check_screen(s, MM3_SCR_LO, MM3_SCR_HI);
	mm_gravity(s, MM3_GRAVITY, MM3_CAP); /* gravity_apply_physics / gravity_apply_rise */
	if (!falling)
		return 0; /* head check (config 1): no ceiling */
	if (mm_feet_in_floor(s, floor_y)) { /* check_tile_horiz config 0, AND #$10 */
		int32_t py = mm_py(s);
		mm_set_py(s, py - ((py + MM_FOOT) & 0x0f)); /* snap_y_to_floor: pixel only */
		mm_set_speed(s, MM3_REST);                  /* reset_gravity */
		return 1;
	}
	return 0;
}

/* player_airborne's vertical part; returns 1 when it landed. */
static int mm3_player_airborne(mm_state *s, uint8_t held, int32_t floor_y)
{
	if (!(s->spd & 0x80) && !held) { /* BMI / jump_counter / joy1_held & BTN_A */
		mm_set_speed(s, MM3_REST);  /* reset_gravity */
		s->frame_flags |= MM_FLAG_RELEASED >> 8;
	}
	return mm3_move_vertical_gravity(s, floor_y);
}

static void mm3_step(void *vs, unsigned input)
{
	mm_state *s = vs;
	uint8_t held = (input & JS_IN_JUMP) ? 1 : 0; /* joy1_held & BTN_A */
	uint8_t press = held && !s->prev_a;         /* joy1_press & BTN_A */
	s->frame_flags = 0;
	s->landed = 0;
	if (!s->air) { /* player_on_ground: JSR player_airborne / BCC */
		if (mm3_player_airborne(s, held, MM_GROUND_Y) && press) {
			mm_set_speed(s, MM3_JUMP); /* player_ground_normal_jump */
			s->air = 1;
			mm3_player_airborne(s, held, s->floor_y); /* JMP player_airborne */
		}
	} else if (mm3_player_airborne(s, held, s->floor_y)) { /* state 1 landed: player_state := 0 */
		s->landed = 1;
		s->air = 0;
		if (press)
			s->frame_flags |= MM_FLAG_LANDING_PRESS >> 8; /* not looked at: lost */
	}
	s->prev_a = held; /* read_controllers: joy1_held for the next edge */
}

/* ---- fuzzing hooks (model.h; shared parts in megaman.h) ---- */

static void mm3_fuzz_fix(void *vs)
{
	mm_fuzz_fix(vs, MM3_REST, 1); /* standing: snap_y_to_floor keeps ent_y_sub, reset_gravity */
}

static uint32_t mm3_invariants(const void *vb, const void *va, unsigned input)
{
	(void)input;
	return mm_invariants(vb, va, (int8_t)MM3_CAP * 256);
}

JS_LANE_DECLARE(mm3);

static const char *const mm3_claims[] = {
	"mm3/jump-speed", "mm3/release", "mm3/takeoff-frame", "mm3/landing-subpixel", NULL,
};

JS_REFERENCE_RUN(mm3, mm_state, mm3_step, mm_observe)

const js_model js_model_mm3 = {
	.id = "mm3",
	.game = "Mega Man 3",
	.platform = "NES",
	.character = "Mega Man",
	.unit = "px",
	.sub_per_unit = 256,
	.tile = 16, /* px per level tile */
	.fps = 60.0988,
	.frame = "NTSC frame (60.0988 Hz)",
	.movie = { .button = { "A" }, .note = "A jumps (B fires): player_on_ground -> "
		   "player_ground_normal_jump on an A press, the release cut on A up; read_controllers runs "
		   "once per frame (prelude_setup_per_frame): one movie line per model frame, frame 0 the "
		   "line with A newly down; lag frames are not modelled." },
	.sources = "plasticsmoke/megaman3-disassembly-ca65 src/fixed/player_ground.asm: "
		   "player_on_ground, player_ground_normal_jump, player_airborne; src/fixed/movement.asm: "
		   "move_vertical_gravity, apply_y_velocity_rise, apply_y_velocity_fall, apply_gravity, "
		   "reset_gravity; src/fixed/collision.asm: check_tile_horiz (hitbox configs 0, 1), "
		   "snap_y_to_floor; src/fixed/game_loop.asm: prelude_setup_per_frame; "
		   "src/fixed/ppu_utils.asm: read_controllers",
	.notes = "Speeds 8.8, + up; Y -= speed, then gravity $00.40 (move then gravity). Frame 0 is "
		 "the press: the standing step runs, then the take-off sets $04.E5 and the same frame "
		 "already moves and applies gravity. Release (before moving, every frame): speed >= 0 "
		 "and A up -> $FF.C0 (the rise stops at once). Fall clamp: whole $80..$F8 -> $F9.00 "
		 "(-7), checked before the floor. Landing: feet (Y+12) in the floor -> pixel snapped, "
		 "sub-pixel KEPT, speed $FF.C0; a press on the landing frame is lost (flag "
		 "landing_press). Standing adds $40 to the sub-pixel every frame; axis ysub is the "
		 "sub-pixel the frame before frame 0. Stands on a flat floor at Y=$94 (feet row $A0); "
		 "axis drop lowers the landing floor; off the screen (Y < 0 or feet >= $F0, flag "
		 "offscreen) the game would change screens, the model falls on (virtual page byte). "
		 "Not modelled: water (read from the code, untested: with the centre tile water, "
		 "player_airborne sets the $B9 float timer to 3 and apply_gravity then skips gravity "
		 "2 frames of 3), Rush Coil (jump_counter), the retail debug jump $08.00 (P2 Right "
		 "held), slides, ceilings, platforms, ladders, horizontal motion.",
	.claims = mm3_claims,
	.n_axes = 2,
	.axes = {
		{ .name = "ysub", .unit = "1/256 px", .long_name = "Y sub-pixel (ent_y_sub) while "
		  "standing, the frame before frame 0", .min = 0, .max = 255, .def_lo = 0,
		  .def_hi = 255 },
		MM_AXIS_DROP(0),
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 44,
	.default_hold = 22,
	.flag_names = { MM_FLAG_NAMES },
	.flag_what = { MM_FLAG_WHAT },
	.character_height = 24,
	.character_height_source = "Mega Man's feet are 12 px below his Y and his head 12 above (hitbox "
		"configs 0/1 at +$0C / -$0C): 24 px",
	.state_size = sizeof(mm_state),
	.init = mm3_init,
	.step = mm3_step,
	.observe = mm_observe,
	.run_ref = mm3_run_ref,
	.trace_header = MM_TRACE_HEADER,
	.trace_units = MM_TRACE_UNITS,
	.trace_row = mm_trace_row,
	.lane = JS_LANE_TABLE(mm3),
	.n_fields = 7,
	.fields = {
		MM_FIELD_Y_PAGE,
		MM_FIELD_Y_PX("ent_y_px"),
		MM_FIELD_Y_SUB("ent_y_sub (standing adds $40 a frame: any value)"),
		MM_FIELD_SPEED("ent_yvel"),
		MM_FIELD_SPEED_FRAC("ent_yvel_sub"),
		MM_FIELD_AIR,
		MM_FIELD_PREV_A("joy1_held & BTN_A last frame (joy1_press = held now and not then)"),
	},
	.fuzz_fix = mm3_fuzz_fix,
	.invariants = mm3_invariants,
	.inv_names = { MM_INV_NAMES },
	.inv_what = { MM_INV_WHAT("(-7.00 px/frame, CMP #$F9)") },
	/* With no buttons the release (speed >= 0, A up -> $FF.C0) comes before the move, so a
	 * rising start never rises; a start at $80.00..$80.3F moves down once and wraps to $7F.xx,
	 * which the next frame releases.  The fall reaches the cap $F9.00 from $FF.C0 in at most 28
	 * frames, then 7 px a frame, from at most page -128 (-32768 px) to the lowest floor row
	 * (1156 px): 33924 px, at most 28 + 4847 frames.  2 + 28 + 4847 + the landing frame = 4878. */
	.land_bound = 4878,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

/* The reference above on JS_VW lanes at a time (megaman.h, mm_lanes_frame's mm3 path): the
 * standing step for every lane on the ground, then the air step for lanes in the air and lanes
 * taking off. */
static const mm_game mm3_game = {
	.g = MM3_GRAVITY,
	.jump = MM3_JUMP,
	.cap = (int8_t)MM3_CAP * 256,
	.rest = (int16_t)MM3_REST,
	.takeoff_moves = 1,
	.scr_lo = MM3_SCR_LO,
	.scr_hi = MM3_SCR_HI,
};

static void mm3_setup(const js_vi *ax, mm_lane_setup *u)
{
	u->g = js_vsplat(MM3_GRAVITY);
	u->jump = js_vsplat(MM3_JUMP);
	u->land_y = MM_GROUND_Y + MM_TILE * ax[MM3_AX_DROP];
	u->skip_on = u->timer = js_vsplat(0);
	u->sub = ax[MM3_AX_YSUB] & 0xff;
}

static int mm3_weight(const js_lane_args *args, int l)
{
	(void)args;
	(void)l;
	return 1;
}

void JS_LANE_FN(mm3)(const js_lane_args *args)
{
	mm_lane_run(&mm3_game, mm3_setup, mm3_weight, args);
}

#endif
