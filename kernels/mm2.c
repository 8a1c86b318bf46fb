/* kernels/mm2.c - Mega Man 2 (NES): Mega Man's jump in air and under water, vertical axis.
 *
 * Follows plasticsmoke/megaman2-disassembly-ca65 src/bank0E_game_engine.asm (main_game_loop,
 * the player state handlers behind player_state_ptr_lo/hi, player_ground_collision /
 * ground_store_params, player_vertical_physics and its tables) and src/bank0F_fixed.asm
 * (wait_for_vblank, wait_one_rendering_frame); lsmmega/mm2 for the names of the frame-skip bytes
 * (ram/ram.asm: zwater = $FB, zwater_timer = $FC; home/nmi_wait.asm: _nmi_wait_water) and the
 * tables the seeds quote (tsa_ycoord_speed_accelerate_fraction_table $40,$1E = plasticsmoke's
 * gravity_hi_table; tsa_regular_water_jump_speed_table $04,$05 and _fraction_table $DF,$80 =
 * plasticsmoke's scroll_speed_table / player_bounds_table, names its annotator guessed).  The
 * plasticsmoke annotations swap "rising" and "falling" in player_vertical_physics; the code is
 * what is followed: Y -= speed, so a positive speed rises.  Shared parts: megaman.h.
 *
 * The frame (main_game_loop -> entity_update_dispatch -> the handler of game_substate):
 *   Every handler first runs player_horiz_movement, which ends in player_ground_collision: the
 *   tile at Mega Man picks x = 1 in water (tile type 4), else 0, and ground_store_params loads
 *   gravity_sub_lo = gravity_hi_table[x] ($40 / $1E), frame_skip_lo = frame_skip_table[x] ($00 /
 *   $04) and player_jump = $04.DF / $05.80 (seed claims 6, 9).
 *   player_vertical_physics: Y -= speed (SEC/SBC sub-pixel, pixel, and the page byte with the
 *   speed's sign extension) - the move comes first (seed claim 7); the bounds (Y < 4, Y >= $E8:
 *   transitions).  Speed < 0: the feet (Y + $0C) in a solid tile -> sub-pixel := 0, Y -= (feet &
 *   $0F), speed := 0 (temp_00 = the tile type, nonzero).  Speed >= 0: the head (Y - $0C) finds
 *   no ceiling here.  Then always gravity: speed -= gravity (SBC on the fraction, SBC
 *   gravity_sub_hi = 0 on the whole byte); BPL / CMP #$F4 / BCS: whole $80..$F3 -> $F4.00
 *   (-12, seed claim 8).  So a landing leaves speed $00.00 - g = $FF.C0 ($FF.E2 in water).
 *   Standing (states 3, 5, 8): player_vertical_physics, temp_00 != 0 -> player_state_common_exit:
 *   a new A press (p1_new_presses & $01) -> speed := player_jump, game_substate := 6.  The
 *   take-off frame does not move Mega Man.
 *   In the air (state 6, at $85FB): speed >= 0: player_vertical_physics; temp_00 = 0 and A not
 *   held (controller_1 & $01) and speed (after gravity) whole byte >= 2 -> $01.00 (the release
 *   rule).  Speed < 0: player_vertical_physics; on the floor -> state 5 / 8 and
 *   player_state_common_exit, so a press on the landing frame jumps again at once.
 *   After the game frame (main_game_loop): with frame_skip_lo ($FB, zwater) nonzero,
 *   frame_skip_hi ($FC) += 1, and when it reaches $FB: wait_one_rendering_frame (lsmmega
 *   _nmi_wait_water) - one more display frame with no game logic and no controller read - and
 *   $FC := 0.  In water ($FB = 4) the game so runs 4 display frames of every 5 (confirmed: the
 *   item docs/models.md had left open).  wait_for_vblank: p1_prev_buttons := controller_1, read the
 *   pad, p1_new_presses = controller_1 EOR p1_prev_buttons AND controller_1.
 *
 * Frames are display frames (NTSC).  Axis fskip picks $FC on frame 0 (t0..t3), or `off`: every
 * frame a game frame, the frame skip left out (not the game; the per-update physics the seed
 * tables give).  In air $FB = 0 and fskip does nothing.
 */
#include "megaman.h"

enum { MM2_AIR, MM2_WATER };
enum { MM2_AX_ENV, MM2_AX_FSKIP, MM2_AX_DROP };
#define MM2_FSKIP_OFF 4

/* bank0E_game_engine.asm tables, indexed by player_ground_collision's x (0 air, 1 water). */
static const uint8_t mm2_gravity_hi_table[2] = { 0x40, 0x1e };
#define MM2_WATER_SKIP 0x04 /* frame_skip_table[1] */
static const uint8_t mm2_frame_skip_table[2] = { 0x00, MM2_WATER_SKIP };
static const uint8_t mm2_scroll_speed_table[2] = { 0x04, 0x05 }; /* player_jump_hi */
static const uint8_t mm2_player_bounds_table[2] = { 0xdf, 0x80 }; /* player_jump_sub */

#define MM2_CAP 0xf4     /* player_apply_gravity_sub: CMP #$F4 / LDA #$F4 */
#define MM2_RELEASE 0x01 /* state 6: LDA #$01 / STA ent_y_vel */
#define MM2_SCR_LO 0x04  /* player_vertical_physics: CPX #$04 */
#define MM2_SCR_HI 0xe8  /* CPX #$E8 */

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

static void mm2_init(void *vs, const int32_t *ax)
{
	mm_state *s = vs;
	mm_init(s, ax[MM2_AX_DROP]);
	s->water = ax[MM2_AX_ENV] == MM2_WATER;
	s->skip_off = ax[MM2_AX_FSKIP] == MM2_FSKIP_OFF;
	s->skip_timer = s->skip_off ? 0 : (uint8_t)ax[MM2_AX_FSKIP];
	s->zwater = s->skip_off ? 0 : mm2_frame_skip_table[s->water];
	/* The last standing frame: speed := 0, then gravity. */
	mm_set_speed(s, (0x10000u - mm2_gravity_hi_table[s->water]) & 0xffffu);
}

/* player_vertical_physics; returns temp_00 != 0 (on the floor). */
static int mm2_vertical_physics(mm_state *s, uint8_t gravity, int32_t floor_y)
{
	int on = 0;
	mm_move(s); /* SEC / SBC ent_y_vel_sub / SBC ent_y_vel / page SBC temp_00 */
	int32_t py = mm_py(s);
	if (py < MM2_SCR_LO || py >= MM2_SCR_HI)
		s->frame_flags |= MM_FLAG_OFFSCREEN >> 8;
	if ((s->spd & 0x80) && mm_feet_in_floor(s, floor_y)) {
		/* feet = Y + $0C solid: sub-pixel := 0, Y -= feet & $0F, player_gravity_stop */
		s->y_sub = 0;
		mm_set_py(s, py - ((py + MM_FOOT) & 0x0f));
		mm_set_speed(s, 0);
		on = 1;
	}
	mm_gravity(s, gravity, MM2_CAP); /* player_apply_gravity_sub */
	return on;
}

static void mm2_step(void *vs, unsigned input)
{
	mm_state *s = vs;
	s->frame_flags = 0;
	s->landed = 0;
	if (s->idle_next) { /* wait_one_rendering_frame: no game logic, the pad not read */
		s->idle_next = 0;
		s->idle = 1;
		return;
	}
	s->idle = 0;
	uint8_t held = (input & JS_IN_JUMP) ? 1 : 0; /* controller_1 & $01 */
	uint8_t press = held && !s->prev_a;         /* p1_new_presses & $01 */
	/* player_ground_collision -> ground_store_params */
	int x = s->water;
	uint8_t gravity = mm2_gravity_hi_table[x];
	unsigned jump = (unsigned)mm2_scroll_speed_table[x] << 8 | mm2_player_bounds_table[x];
	if (!s->skip_off)
		s->zwater = mm2_frame_skip_table[x];
	if (!s->air) { /* standing: states 3 / 5 / 8 */
		if (mm2_vertical_physics(s, gravity, MM_GROUND_Y) && press) {
			mm_set_speed(s, jump); /* player_state_common_exit */
			s->air = 1;
		}
	} else if (!(s->spd & 0x80)) { /* state 6, LDA ent_y_vel / BMI */
		int on = mm2_vertical_physics(s, gravity, s->floor_y);
		if (!on && !held && !(s->spd & 0x80) && s->spd >= 2) {
			mm_set_speed(s, MM2_RELEASE << 8);
			s->frame_flags |= MM_FLAG_RELEASED >> 8;
		}
	} else if (mm2_vertical_physics(s, gravity, s->floor_y)) { /* state 6 falling, landed */
		s->landed = 1;
		s->air = 0;
		if (press) { /* game_substate 5 / 8, then player_state_common_exit */
			mm_set_speed(s, jump);
			s->air = 1;
			s->frame_flags |= MM_FLAG_LANDING_PRESS >> 8;
		}
	}
	s->prev_a = held; /* wait_for_vblank: p1_prev_buttons := controller_1 */
	/* main_game_loop: LDA $FB / BEQ / INC $FC / CMP $FC / BEQ skip / BCS wait */
	if (s->zwater) {
		s->skip_timer++;
		if (s->skip_timer >= s->zwater) {
			s->idle_next = 1;
			s->skip_timer = 0;
		}
	}
}

static int mm2_trace_row(const void *vs, char *buf, size_t n)
{
	const mm_state *s = vs;
	int k = mm_trace_row(vs, buf, n);
	if (k < 0 || (size_t)k >= n)
		return k;
	int k2 = snprintf(buf + k, n - (size_t)k, ",%u,%u", s->skip_timer, s->idle);
	return k2 < 0 ? k2 : k + k2;
}

/* ---- fuzzing hooks (model.h; shared parts in megaman.h) ---- */

/* Standing: the landing sets sub-pixel 0 and speed 0 - gravity.  The water wait only follows a
 * game frame that ran the frame skip (frame_skip_lo != 0), and main_game_loop clears
 * frame_skip_hi when it starts it. */
static void mm2_fuzz_fix(void *vs)
{
	mm_state *s = vs;
	mm_fuzz_fix(s, (0x10000u - mm2_gravity_hi_table[s->water]) & 0xffffu, 0);
	s->idle = 0;
	if (!s->zwater)
		s->idle_next = 0;
	if (s->idle_next)
		s->skip_timer = 0;
}

static uint32_t mm2_invariants(const void *vb, const void *va, unsigned input)
{
	(void)input;
	return mm_invariants(vb, va, (int8_t)MM2_CAP * 256);
}

JS_LANE_DECLARE(mm2);

static const char *const mm2_claims[] = {
	"mm2/gravity", "mm2/move-then-gravity", "mm2/max-fall-speed", "mm2/water-jump-speed",
	"mm2/release", "mm2/water-frame-skip", "mm3/jump-speed", NULL,
};

JS_REFERENCE_RUN(mm2, mm_state, mm2_step, mm_observe)

const js_model js_model_mm2 = {
	.id = "mm2",
	.game = "Mega Man 2",
	.platform = "NES",
	.character = "Mega Man",
	.unit = "px",
	.sub_per_unit = 256,
	.tile = 16, /* px per level tile */
	.fps = 60.0988,
	.frame = "NTSC display frame (60.0988 Hz); in water 1 in 5 runs no game logic",
	.movie = { .button = { "A" }, .note = "A jumps (B fires): the player states read the new-press "
		   "and held A bits of the pad byte. A model frame is a display frame, water's skipped "
		   "logic frames included (frame_skip_table), so one movie line per model frame; frame 0 is "
		   "the line with A newly down. Other lag frames are not modelled." },
	.sources = "plasticsmoke/megaman2-disassembly-ca65 src/bank0E_game_engine.asm: "
		   "main_game_loop (frame_skip_lo/hi), player_state_ptr_lo/hi (states 3, 5, 6, 8), "
		   "player_state_common_exit, player_horiz_movement, player_ground_collision, "
		   "ground_store_params, gravity_hi_table, frame_skip_table, scroll_speed_table, "
		   "player_bounds_table, player_vertical_physics, player_apply_gravity_sub; "
		   "src/bank0F_fixed.asm: wait_for_vblank, wait_one_rendering_frame; lsmmega/mm2 "
		   "ram/ram.asm (zwater, zwater_timer), home/nmi_wait.asm (_nmi_wait_water), "
		   "home/run_bosses_init.asm (the same frame-skip loop)",
	.notes = "Speeds 8.8, + up; Y -= speed, then gravity (move then gravity). Air: take-off "
		 "$04.DF, gravity $00.40; water: $05.80, $00.1E. Frame 0 is the press: the take-off "
		 "frame sets the speed after the standing step and does not move (airborne at height "
		 "0). Release (rising frames, after gravity): A up and whole byte >= 2 -> $01.00. Fall "
		 "clamp: whole $80..$F3 -> $F4.00 (-12). Landing: feet (Y+12) in the floor -> Y "
		 "snapped, sub-pixel 0, speed 0 - gravity; a new press on that frame jumps at once "
		 "(flag landing_press). Water frame skip (confirmed: frame_skip_table $04 in water, "
		 "main_game_loop, wait_one_rendering_frame): after every 4th game frame one display "
		 "frame runs nothing and does not read the pad; axis fskip sets $FC on frame 0 "
		 "(t0..t3) or leaves the skip out (off, not the game). Stands on a flat floor at "
		 "Y=$94 (feet row $A0); axis drop lowers the landing floor; off the screen (Y < 4 or "
		 ">= $E8, flag offscreen) the game would change screens or kill, the model falls on "
		 "(virtual page byte). Not modelled: entering or leaving water mid-jump, ceilings, "
		 "platforms, ladders, horizontal motion.",
	.claims = mm2_claims,
	.n_axes = 3,
	.axes = {
		{ .name = "env", .unit = "", .long_name = "environment: air, or water (tile type 4 "
		  "at Mega Man: player_ground_collision's x = 1)", .min = 0, .max = 1, .def_lo = 0,
		  .def_hi = 1, .n_names = 2, .names = { "air", "water" } },
		{ .name = "fskip", .unit = "", .long_name = "water frame skip: frame_skip_hi ($FC) "
		  "on frame 0 (t0..t3), or off (every display frame a game frame; not the game)",
		  .min = 0, .max = 4, .def_lo = 0, .def_hi = 3, .n_names = 5,
		  .names = { "t0", "t1", "t2", "t3", "off" } },
		MM_AXIS_DROP(4),
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 136,
	.default_hold = 40,
	.flag_names = { MM_FLAG_NAMES },
	.flag_what = { MM_FLAG_WHAT },
	.character_height = 24,
	.character_height_source = "Mega Man's feet are 12 px below his Y and his head 12 above (bank0E "
		"`adc #$0C` / `sbc #$0C`): 24 px",
	.state_size = sizeof(mm_state),
	.init = mm2_init,
	.step = mm2_step,
	.observe = mm_observe,
	.run_ref = mm2_run_ref,
	.trace_header = MM_TRACE_HEADER ",skip_timer,idle",
	.trace_units = MM_TRACE_UNITS ",frames,0/1",
	.trace_row = mm2_trace_row,
	.lane = JS_LANE_TABLE(mm2),
	.n_fields = 9,
	.fields = {
		MM_FIELD_Y_PAGE,
		MM_FIELD_Y_PX("ent_y_px"),
		MM_FIELD_Y_SUB("ent_y_sub"),
		MM_FIELD_SPEED("ent_y_vel"),
		MM_FIELD_SPEED_FRAC("ent_y_vel_sub"),
		MM_FIELD_AIR,
		MM_FIELD_PREV_A("p1_prev_buttons & $01 (controller_1 when the pad was last read)"),
		{ "skip_timer", offsetof(mm_state, skip_timer), JS_F_U8, 0, MM2_WATER_SKIP - 1,
		  "frame_skip_hi ($FC): main_game_loop counts it up and clears it when it reaches "
		  "frame_skip_lo = 4, so 0..3 between frames (out of water it is not counted)" },
		{ "idle_next", offsetof(mm_state, idle_next), JS_F_U8, 0, 1,
		  "the next display frame is wait_one_rendering_frame (only after a counted frame)" },
	},
	.fuzz_fix = mm2_fuzz_fix,
	.invariants = mm2_invariants,
	.inv_names = { MM_INV_NAMES },
	.inv_what = { MM_INV_WHAT("(-12.00 px/frame, CMP #$F4)") },
	/* Game frames, as mm1 (air): at most 7 rising frames, 44 to the cap, 2827 at 12 px.  In
	 * water the gravity is $1E: after the release ($01.00) at most 9 more rising frames, and
	 * from $FF.E2 to the cap $F4.00 at most 102 frames: 1 + 1 + 9 + 102 + 2827 + the landing
	 * = 2941 game frames.  The frame skip adds one display frame per 4 game frames (and a
	 * pending wait one more): 2941 + 736 + 1 = 3678. */
	.land_bound = 3678,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

/* A fast frame (megaman.h, mm_lanes_fast) from init's states cannot clamp nor leave the screen
 * when every landing floor's standing Y is at most $DC (mm1.c argues the same for mm1):
 *   - a jump rises at most 132 px (under water, $05.80 less $1E a game frame; 50 px in air), so
 *     from the take-off floor ($94) or a landing floor below it Y stays >= $94 - 132 = $10 >=
 *     MM2_SCR_LO;
 *   - a lane in the air is above its landing floor and a game frame moves it at most 12 px down,
 *     so Y - speed < landing Y + 12 <= $E8 = MM2_SCR_HI;
 *   - the clamp needs the speed below -12.00 ($F4.00): from the apex (speed in (-g, 0]) at least
 *     101 game frames of falling under water ($1E a frame), (30 / 256) * (1 + ... + 100) > 590
 *     px, or 47 in air ($40), (64 / 256) * (1 + ... + 46) > 260 px; the fall from an apex at
 *     most 132 px (in air 50) above the take-off floor to a landing floor at most $DC - $94 =
 *     72 px below it is at most 204 px (in air 122).
 * Drop <= 4 tiles (the default grid) is such a group: its fast frames run as whole stretches
 * between A changes, landings and apexes in them (megaman.h, mm_calm_run). */
#define MM2_CALM_Y (MM2_SCR_HI - 12)

/* The reference above on JS_VW lanes at a time (megaman.h, mm_lanes_frame's mm1/mm2 path, with
 * the water frame skip): per lane gravity and take-off speed from env, rest speed -gravity. */
static const mm_game mm2_game = {
	.per_lane_env = 1,
	.cap = (int8_t)MM2_CAP * 256,
	.skip_every = MM2_WATER_SKIP,
	.scr_lo = MM2_SCR_LO,
	.scr_hi = MM2_SCR_HI,
	.calm_y = MM2_CALM_Y,
};

static void mm2_setup(const js_vi *ax, mm_lane_setup *u)
{
	js_vi water = ax[MM2_AX_ENV] == js_vsplat(MM2_WATER);
	js_vi fskip = ax[MM2_AX_FSKIP];
	u->g = js_vblend(water, js_vsplat(mm2_gravity_hi_table[MM2_WATER]),
		       js_vsplat(mm2_gravity_hi_table[MM2_AIR]));
	u->jump = js_vblend(water,
			  js_vsplat(mm2_scroll_speed_table[MM2_WATER] << 8 | mm2_player_bounds_table[MM2_WATER]),
			  js_vsplat(mm2_scroll_speed_table[MM2_AIR] << 8 | mm2_player_bounds_table[MM2_AIR]));
	u->land_y = MM_GROUND_Y + MM_TILE * ax[MM2_AX_DROP];
	u->skip_on = water & (fskip != js_vsplat(MM2_FSKIP_OFF)) &
		     js_vsplat(-(mm2_frame_skip_table[MM2_WATER] != 0));
	u->timer = u->skip_on & fskip;
	u->sub = js_vsplat(0);
}

static int mm2_weight(const js_lane_args *args, int l)
{
	return args->axis[MM2_AX_ENV][l] == MM2_WATER ? 2 : 1;
}

void JS_LANE_FN(mm2)(const js_lane_args *args)
{
	mm_lane_run(&mm2_game, mm2_setup, mm2_weight, args);
}

#endif
