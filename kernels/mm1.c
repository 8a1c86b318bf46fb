/* kernels/mm1.c - Mega Man (NES): Mega Man's jump, vertical axis.
 *
 * Follows lsmmega/mm1: engine/run_megaman.asm (_run_megaman_on_stage), engine/objects_vertical.asm
 * (_objects_vertical_moving, _objects_run_ycoord), home/nmi_wait.asm (_nmi_wait: the joypad),
 * home/object_collision_coord.asm (non_enemies_collision_ycoord = 12).  Labels are cited where
 * each rule comes from; the code is written from those facts, not copied.  What the three Mega
 * Man models share (8.8 up-positive speeds, the byte chains, the stage) is in megaman.h.
 *
 * Units: aobject_ycoord : aobject_ycoord_fraction (pixel, 1/256 px), Y grows down;
 * aobject_ycoord_speed : aobject_ycoord_speed_fraction a signed 8.8 speed, + UP.
 *
 * The joypad (_nmi_wait): zjoy1_pressed = held now, zjoy1_pressed_bits = held now and not in
 * zjoy1_pressed_frame (last frame's) = a new press.
 *
 * The frame (_run_megaman_on_stage, after the horizontal part), picked by the sign of the speed
 * BEFORE moving (LDA aobject_ycoord_speed / BMI @start_landing):
 *   speed >= 0 (rising, or $00.xx):
 *     _objects_vertical_moving: _objects_run_ycoord puts Y - speed (SEC/SBC on fraction then
 *     pixel) in zobject_in_process_ycoord(_speed); the head point (in-process Y - 12) finds no
 *     ceiling (none modelled) -> @is_background: gravity, SEC / SBC #$40 on the fraction, SBC #$00
 *     on the whole byte; BPL / CMP #$F4 / BCS: a whole byte in $80..$F3 becomes $F4.00 (-12, seed
 *     claim 5); then Y := the in-process Y.  So: move, then gravity.
 *     Back in _run_megaman_on_stage: A held (zjoy1_pressed) -> done; else @start_jump_down: speed
 *     (after gravity) negative, or whole byte < 2 -> done; else speed := $01.00.  (The release
 *     rule.)
 *   speed < 0 (falling, and standing: a standing Mega Man keeps speed $FF.40):
 *     _no_damage_collision (no objects here), then _objects_vertical_moving: in-process Y = Y -
 *     speed; the feet point (in-process Y + 12) in a solid tile (@jump) -> Y := (feet & $F0) - 12,
 *     fraction := 0, @done: speed := $FF.40 (no gravity), carry set.  Else gravity as above and
 *     Y := the in-process Y.
 *     On the floor (carry set) -> @bottom: a new A press (zjoy1_pressed_bits) -> @start_jump_up:
 *     speed := $04.DF, RTS.  So the take-off frame does not move Mega Man (the standing step
 *     already ran), and a press on a landing frame jumps again at once.
 *
 * Model conventions: Mega Man stands at Y $94.00 (feet on row $A0), speed $FF.40, the frame before
 * frame 0; state `air` (1 from the take-off frame until the landing) is the model's, the game has
 * none.  The take-off frame is airborne at height 0 (grounded = 0), as sonic1's.
 */
#include "megaman.h"

#define MM1_JUMP 0x04df  /* @start_jump_up: LDA #$04 / LDA #$DF */
#define MM1_GRAVITY 0x40 /* @is_megaman_2: SBC #$40 */
#define MM1_CAP 0xf4     /* CMP #$F4 / LDA #$F4 */
#define MM1_REST 0xff40  /* @done: LDA #$FF / LDA #$40 */
#define MM1_RELEASE 0x01 /* @start_jump_down: LDA #$01 */
/* _objects_run_ycoord: in-process Y >= $E8 scrolls down (or dies), < 4 scrolls up. */
#define MM1_SCR_LO 0x04
#define MM1_SCR_HI 0xe8

enum { MM1_AX_DROP };

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

static void mm1_init(void *vs, const int32_t *ax)
{
	mm_state *s = vs;
	mm_init(s, ax[MM1_AX_DROP]);
	mm_set_speed(s, MM1_REST);
}

/* _objects_vertical_moving for Mega Man (X = 0); returns 1 on the floor (carry set). */
static int mm1_objects_vertical_moving(mm_state *s)
{
	mm_state in = *s; /* zobject_in_process_ycoord / _speed: Y - speed */
	mm_move(&in);     /* _objects_run_ycoord: SEC / SBC speed fraction / SBC speed */
	int32_t py = mm_py(&in);
	if (py < MM1_SCR_LO || py >= MM1_SCR_HI) /* _objects_run_ycoord: CMP #$E8 / CMP #$04 */
		s->frame_flags |= MM_FLAG_OFFSCREEN >> 8;
	int32_t floor_y = s->air ? s->floor_y : MM_GROUND_Y;
	if ((s->spd & 0x80) && mm_feet_in_floor(&in, floor_y)) {
		/* @jump: Y := (z03 & $F0) - z10, fraction 0; @done: speed := $FF.40 */
		int32_t feet = py + MM_FOOT;
		mm_set_py(s, (feet & ~0x0f) - MM_FOOT);
		s->y_sub = 0;
		mm_set_speed(s, MM1_REST);
		return 1;
	}
	/* rising: the head (Y - 12) finds no ceiling.  @is_background -> @is_megaman_2: gravity */
	mm_gravity(s, MM1_GRAVITY, MM1_CAP);
	/* @not_temporary_2: Y := in-process Y */
	s->y_page = in.y_page;
	s->y_px = in.y_px;
	s->y_sub = in.y_sub;
	return 0;
}

static void mm1_step(void *vs, unsigned input)
{
	mm_state *s = vs;
	uint8_t held = (input & JS_IN_JUMP) ? 1 : 0;     /* zjoy1_pressed & a_button */
	uint8_t press = held && !s->prev_a;             /* zjoy1_pressed_bits & a_button */
	s->frame_flags = 0;
	s->landed = 0;
	if (!(s->spd & 0x80)) { /* LDA aobject_ycoord_speed / BMI @start_landing */
		mm1_objects_vertical_moving(s);
		if (!held && !(s->spd & 0x80) && s->spd >= 2) { /* @start_jump_down */
			mm_set_speed(s, MM1_RELEASE << 8);
			s->frame_flags |= MM_FLAG_RELEASED >> 8;
		}
	} else if (mm1_objects_vertical_moving(s)) { /* @start_landing ... @hit_wall_down */
		if (s->air) {
			s->landed = 1;
			s->air = 0;
		}
		if (press) { /* @bottom: zjoy1_pressed_bits & a_button -> @start_jump_up */
			mm_set_speed(s, MM1_JUMP);
			s->air = 1;
			if (s->landed)
				s->frame_flags |= MM_FLAG_LANDING_PRESS >> 8;
		}
	}
	s->prev_a = held; /* _nmi_wait: zjoy1_pressed_frame := zjoy1_pressed */
}

/* ---- fuzzing hooks (model.h; shared parts in megaman.h) ---- */

static void mm1_fuzz_fix(void *vs)
{
	mm_fuzz_fix(vs, MM1_REST, 0); /* standing: @jump clears the fraction, @done sets $FF.40 */
}

static uint32_t mm1_invariants(const void *vb, const void *va, unsigned input)
{
	(void)input;
	return mm_invariants(vb, va, (int8_t)MM1_CAP * 256);
}

JS_LANE_DECLARE(mm1);

static const char *const mm1_claims[] = {
	"mm1/gravity", "mm1/max-fall-speed", "mm1/jump-speed", "mm1/release", NULL,
};

JS_REFERENCE_RUN(mm1, mm_state, mm1_step, mm_observe)

const js_model js_model_mm1 = {
	.id = "mm1",
	.game = "Mega Man",
	.platform = "NES",
	.character = "Mega Man",
	.unit = "px",
	.sub_per_unit = 256,
	.tile = 16, /* px per level tile */
	.fps = 60.0988,
	.frame = "NTSC frame (one _run_megaman_on_stage, 60.0988 Hz)",
	.movie = { .button = { "A" }, .note = "A jumps (B fires): _run_megaman_on_stage starts the jump on "
		   "an A press (@start_jump_up) and the release rule tests A held. One pad read per NMI "
		   "(_nmi_wait): one movie line per model frame, frame 0 the line with A newly down; lag "
		   "frames (no logic) are not modelled." },
	.sources = "lsmmega/mm1 engine/run_megaman.asm: _run_megaman_on_stage (@not_used, "
		   "@start_jump_down, @start_landing, @bottom, @start_jump_up); "
		   "engine/objects_vertical.asm: _objects_vertical_moving (@jump, @done, @is_background, "
		   "@is_megaman_2), _objects_run_ycoord; home/nmi_wait.asm: _nmi_wait; "
		   "home/object_collision_coord.asm: non_enemies_collision_ycoord",
	.notes = "Speeds 8.8, + up; Y -= speed, then gravity $00.40 (move then gravity). Frame 0 is "
		 "the press: the take-off frame sets $04.DF after the standing step and does not move "
		 "(airborne at height 0). Release (after gravity, rising frames): A up and whole byte "
		 ">= 2 -> $01.00. Fall clamp: whole byte $80..$F3 -> $F4.00 (-12). Landing: feet (Y+12) "
		 "in the floor -> Y snapped to the tile, fraction 0, speed $FF.40; a new press on that "
		 "frame jumps at once (flag landing_press). Stands on a flat floor at Y=$94 (feet row "
		 "$A0); axis drop lowers the landing floor. Y gets a virtual page byte: off the screen "
		 "(in-process Y < 4 or >= $E8, flag offscreen) the game would change screens, the "
		 "model falls on. Not modelled: water (zrunning_type: Mega Man sits out 1 frame in 4, "
		 "_run_megaman_on_stage), ceilings, objects, ladders, horizontal motion.",
	.claims = mm1_claims,
	.n_axes = 1,
	.axes = { MM_AXIS_DROP(4) },
	.inputs = JS_IN_JUMP,
	.default_frames = 56,
	.default_hold = 14,
	.flag_names = { MM_FLAG_NAMES },
	.flag_what = { MM_FLAG_WHAT },
	.character_height = 24,
	.character_height_source = "Mega Man's feet are 12 px below his Y and his head 12 above "
		"(non_enemies_collision_ycoord = 12): 24 px",
	.state_size = sizeof(mm_state),
	.init = mm1_init,
	.step = mm1_step,
	.observe = mm_observe,
	.run_ref = mm1_run_ref,
	.trace_header = MM_TRACE_HEADER,
	.trace_units = MM_TRACE_UNITS,
	.trace_row = mm_trace_row,
	.lane = JS_LANE_TABLE(mm1),
	.n_fields = 7,
	.fields = {
		MM_FIELD_Y_PAGE,
		MM_FIELD_Y_PX("aobject_ycoord"),
		MM_FIELD_Y_SUB("aobject_ycoord_fraction"),
		MM_FIELD_SPEED("aobject_ycoord_speed"),
		MM_FIELD_SPEED_FRAC("aobject_ycoord_speed_fraction"),
		MM_FIELD_AIR,
		MM_FIELD_PREV_A("zjoy1_pressed_frame & a_button (A held last frame)"),
	},
	.fuzz_fix = mm1_fuzz_fix,
	.invariants = mm1_invariants,
	.inv_names = { MM_INV_NAMES },
	.inv_what = { MM_INV_WHAT("(-12.00 px/frame, CMP #$F4)") },
	/* With no buttons: a rising start moves once (at most 127.FF px up), gravity, then the
	 * release sets $01.00 (or it is below $02.00 already): at most 5 more rising frames.  A
	 * start at $80.00..$80.3F falls one frame first and wraps to $7F.xx: one frame more.  The
	 * fall reaches the cap $F4.00 from $FF.C0 in at most 44 frames, then 12 px a frame.  The
	 * highest Y that does not wrap is page -128 (-32768 px; a rise past it wraps Y to the
	 * bottom, below every floor: the first falling frame lands), the lowest floor row is
	 * $94 + 16 * 63 = 1156 px: 33924 px, at most 44 + 2827 frames.  7 + 44 + 2827 + the
	 * landing frame = 2879. */
	.land_bound = 2879,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

/* A fast frame (megaman.h, mm_lanes_fast: no A change in any lane) from init's states cannot
 * clamp nor leave the screen when every landing floor's standing Y is at most $DC:
 *   - a jump from a floor rises at most $04.DF + $04.9F + ... + $00.1F (20 frames, gravity $00.40
 *     a frame) = 12780/256 < 50 px, so from the take-off floor ($94) or a landing floor below it
 *     Y stays >= $94 - 50 = $62 >= MM1_SCR_LO;
 *   - a lane in the air is above its landing floor (Y < land_y) and a frame moves it at most
 *     12 px down (the cap), so Y - speed < land_y + 12 <= $E8 = MM1_SCR_HI;
 *   - the clamp needs the speed below -11.C0, 44 frames of falling from the apex (speed <= 0),
 *     at least 0.25 * (1 + ... + 44) = 247 px; the fall from an apex at most 50 px above the
 *     take-off floor to a landing floor at most $DC - $94 = 72 px below it is under 122 px.
 * Drop <= 4 tiles (the default grid: standing Y $94 + 64 = $D4) is such a group: its fast frames
 * run as whole stretches between A changes, with no event test (megaman.h, mm_calm_run). */
#define MM1_CALM_Y (MM1_SCR_HI - 12)

/* The reference above on JS_VW lanes at a time (megaman.h, mm_lanes_frame's mm1/mm2 path):
 * every lane runs one vertical step a frame; a hit on the floor snaps Y and sets $FF.40, and a
 * new press then sets $04.DF. */
static const mm_game mm1_game = {
	.g = MM1_GRAVITY,
	.jump = MM1_JUMP,
	.cap = (int8_t)MM1_CAP * 256,
	.rest = (int16_t)MM1_REST,
	.scr_lo = MM1_SCR_LO,
	.scr_hi = MM1_SCR_HI,
	.calm_y = MM1_CALM_Y,
};

static void mm1_setup(const js_vi *ax, mm_lane_setup *u)
{
	u->g = js_vsplat(MM1_GRAVITY);
	u->jump = js_vsplat(MM1_JUMP);
	u->land_y = MM_GROUND_Y + MM_TILE * ax[MM1_AX_DROP];
	u->skip_on = u->timer = u->sub = js_vsplat(0);
}

static int mm1_weight(const js_lane_args *args, int l)
{
	(void)args;
	(void)l;
	return 1;
}

void JS_LANE_FN(mm1)(const js_lane_args *args)
{
	mm_lane_run(&mm1_game, mm1_setup, mm1_weight, args);
}

#endif
