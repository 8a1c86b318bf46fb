/* kernels/banjo.c - Banjo-Kazooie (N64): Banjo's jump (BS_5_JUMP), vertical axis, float32 exact.
 *
 * Follows n64decomp/banjo-kazooie (master @d50e8071); file and function names are cited where
 * each rule comes from.  Facts only: no code is copied.
 *
 * Units: world units (y up) and units/s, float32 (f32 in the game).  The position is
 * s_next_position[1] (ba/physics.c), read back and written through playerPosition_get/_set each
 * frame: an f32.  The model puts the take-off height at y = 0 (see "Left out" for other heights).
 *
 * The frame (bsmethods.c func_80295C14, once per game update):
 *   pfsManager_update   the controller; its func_802E4384 sets the update's delta time:
 *                       time_setDeltaReal_frames(VI frames since the last update), which stores
 *                       s_dTimeReal_sec = (f32)MIN((f32)(n * (1.0/FRAMERATE)), cap) (time.c;
 *                       FRAMERATE 60, or 50 on PAL; cap VER_SELECT(0.05, 0.06, 0.05, 0.05) s).
 *                       time_getDelta() = s_dTimeReal_sec * s_timeMultiplier, and the multiplier
 *                       is 1.0f (time_setMultiplier has no caller), so dt is that f32 exactly.
 *                       viMgr_func_8024BF94 sets the VI count per update: 2 by default
 *                       (vimgr.c viMgr_init, code_5C240.c), 1..5 on maps with a framerate
 *                       marker (code_9B180.c func_803223AC: ACTOR_19_FRAMERATE_60 -> 1, ..._30
 *                       -> 2, ..._20 -> 3); a late frame takes more.  Axis dt.
 *   bakey_update        A's held count (pressed_count: frames held, 0 when up) and released count
 *                       (frames up, 0 when held).  bakey_pressed(A) = held count == 1: a new
 *                       press; bakey_released(A) = the released count: nonzero on EVERY frame
 *                       with A up, not only on the release edge.
 *   bs_updateState      the state's update (below); a transition runs the old state's end and the
 *                       new state's init at once (code_13780.c bs_setState), so the new state's
 *                       update first runs on the next frame.
 *   baphysics_update    BA_PHYSICS_AIRBORN -> __baphysics_update_normal (ba/physics.c):
 *                         vy = vy + time_getDelta() * s_gravity;  (f32 product, then f32 sum)
 *                         if (vy < s_terminal_velocity) vy = s_terminal_velocity;  (-4000)
 *                         s_delta_position[1] = s_delta_position[1] + vy;  (0.0f + vy: the
 *                           horizontal part stored 0.0f * 1.0f there)
 *                         ml_vec3f_scale(s_delta_position, time_getDelta());  (d = d * dt)
 *                         s_next_position[1] += s_delta_position[1];
 *                       (the horizontal part before it adds sp84[1] = +-0 to vy: no effect on
 *                       any value here, see the lane kernel.)
 *   playerPosition_applyOffset  adds sPlayerPositionOffset (a moving platform's; cleared every
 *                       frame by playerPosition_func_8029842C): 0 on flat ground, not modelled.
 *   func_80293F0C       collision (code_C4B0.c): func_80293668 -> func_8029350C on the flat
 *                       floor (normal y = 1 >= 0.432): y <= floor -> y = floor, grounded
 *                       (D_8037C279); then grounded and vy < 0 -> vy = -1.0f.  (A move over 66
 *                       units in one frame first goes through the sweep func_80244E54: flag
 *                       big_move, not modelled.)
 *   func_8028B71C       D_8037BF60 = grounded (player_isStable = D_8037BF60 && vy < 0);
 *                       func_8028B59C: in water (D_8037BF61) = below the water surface W and
 *                       y < (W - 50) + 2 while in water, y < (W - 50) - 2 while out.
 *
 * The jump (bs/jump.c):
 *   take-off            the stand / walk / landing state's update (bs/stand.c func_802B488C,
 *                       bs/walk.c) on bakey_pressed(A) -> bs_getTypeOfJump -> BS_5_JUMP; from
 *                       swimming at the surface, bs/swim.c (func_80294524 && bakey_pressed(A)).
 *                       bsjump_init: vy = D_80364CD0 (710) or, from BS_2D_SWIM_IDLE /
 *                       BS_2E_SWIM, D_80364CE4 (610); s_gravity = D_80364CD4 (-1350).  Leaving
 *                       the swim state first runs __bsswim_end (gravity and terminal velocity
 *                       reset).  The same frame's physics already steps the jump.
 *   bsjump_update       (from the next frame) velocity = vy as the last frame left it;
 *                       (bakey_released(A) && 0 < vy && !D_8037D4C2) || !can_control_jump_height()
 *                       -> baphysics_reset_gravity (-2700, baphysics_default_gravity).  Nothing
 *                       sets -1350 again.  can_control_jump_height() =
 *                       ability_hasLearned(ABILITY_A_HOLD_A_JUMP_HIGHER): axis ability.
 *                       player_isStable() -> BS_20_LANDING; vy < 0 && player_inWater() ->
 *                       BS_4C_LANDING_IN_WATER.  bsjump_end restores -2700.
 *
 * Landing (the accounting's landing frame L is the frame whose physics puts Banjo back; the
 * state changes on L + 1):
 *   start=ground        the floor at y = 0: the frame whose move reaches y <= 0 snaps to 0 with
 *                       vy = -1.  On L + 1 bsjump_update enters BS_20_LANDING, whose update first
 *                       runs on L + 2: a press on L + 1 is lost (it is no longer a new press on
 *                       L + 2); from L + 2 a new press jumps again.
 *   start=swim          Banjo floats at the surface clamp (code_C4B0.c func_80293F0C, collision
 *                       mode 3: y = W - 70, vy = 1.0) when he jumps: the take-off height 0 puts
 *                       the water surface at W = 70, and the in-water test at y < 22 (in) /
 *                       y < 18 (out) (exact: integers).  No floor under the water.  The frame
 *                       whose physics leaves him in water with vy < 0 is the landing (on L + 1
 *                       BS_4C_LANDING_IN_WATER); the model then stops (phase landed for good):
 *                       the swim states after it are not modelled.  So a jump from the water ends
 *                       about 18 units above its take-off height, as in the game.
 *
 * Float rules: every operation is one IEEE float32 operation in the game's order (the VR4300
 * has no fused multiply-add; IDO evaluates f32 expressions in single precision); the project
 * builds with -ffp-contract=off.  Round-to-nearest.
 *
 * Heights: sub-unit 2^-23 unit (sub_per_unit 8388608): every float32 >= 1 is a multiple of 2^-23,
 * so heights of 1 unit or more are exact; below that the height is floor(y * 2^23) and the flag
 * height_rounded marks the frame.
 *
 * Left out: the stick and horizontal speed (no effect on the vertical axis on flat ground); the
 * spring pad (D_8037D4C2: BA_FLAG_2_ON_SPRING_PAD skips the reset, and BS_21_BSHOCK_CHARGE);
 * a jump entered from a peck; the Feathery Flap (a new A press in the air, BS_10_BFLAP once
 * ABILITY_7_FEATHERY_FLAP is learned: flag repress, the model keeps jumping) and the other moves
 * (peck, beak buster: B / Z are not inputs); the fall state (BS_2F_FALL once 500 units above the
 * floor: unreachable here, heights stay below 490); walls, ceilings, slopes, objects; take-off
 * heights other than y = 0: the f32 position's rounding depends on the absolute height (e.g. a
 * held NTSC jump from y = 5000 rises 174.997559 instead of 175.000046, same airtime); a delta
 * time that changes during the jump (a late frame). */
#include "model.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#if FLT_EVAL_METHOD != 0
#error "banjo: float expressions must be evaluated in float (FLT_EVAL_METHOD 0, e.g. SSE)"
#endif

/* bs/jump.c .data and ba/physics.c .data */
#define BANJO_JUMP_SPEED 710.0f       /* D_80364CD0 */
#define BANJO_JUMP_SPEED_WATER 610.0f /* D_80364CE4 */
#define BANJO_JUMP_GRAVITY (-1350.0f) /* D_80364CD4 */
#define BANJO_GRAVITY (-2700.0f)      /* baphysics_default_gravity */
#define BANJO_TERMINAL (-4000.0f)     /* baphysics_default_terminal_velocity */
#define BANJO_GROUND_VY (-1.0f)       /* func_80293F0C: grounded and falling -> -1.0f */
#define BANJO_SURFACE_VY 1.0f         /* func_80293F0C: the surface clamp (mode 3) -> 1.0f */
/* func_8028B59C with the water surface W = 70 (the take-off height 0 = W - 70):
 * (W - 50.0f) + 2.0f and (W - 50.0f) - 2.0f. */
#define BANJO_WATER_W 70.0f
#define BANJO_IN_WATER_STAY ((BANJO_WATER_W - 50.0f) + 2.0f) /* 22 */
#define BANJO_IN_WATER_ENTER ((BANJO_WATER_W - 50.0f) - 2.0f) /* 18 */
#define BANJO_SWEEP_SQ 4356.0f /* func_80293668: temp_f0 = 35 * 2 - 4 = 66, squared */
#define BANJO_SUB 8388608.0f   /* 2^23 sub-units per unit */

/* Fuzz start heights (see the fields): at most 300 above the take-off height, so that even a
 * 710 units/s rise under -1350 (at most 710^2 / 2700 = 186.7 units) stays below 490, itself
 * below the 500 units of bsjump_update's BS_2F_FALL. */
#define BANJO_Y_START_MAX 300.0f
#define BANJO_Y_MAX 490.0
#define BANJO_Y_SWIM_MIN (-70.0f) /* a start under water: no deeper than the surface clamp */
#define BANJO_Y_MIN (-400.0)      /* -70 less one frame of 4000 units/s * 0.06 s, and a margin */

enum { BANJO_AX_DT, BANJO_AX_ABILITY, BANJO_AX_START };
enum { BANJO_DT_NTSC, BANJO_DT_PAL, BANJO_DT_NTSC_1VI, BANJO_DT_PAL_1VI, BANJO_DT_NTSC_3VI,
       BANJO_DT_PAL_3VI, BANJO_N_DT };
enum { BANJO_ABILITY_LEARNED, BANJO_ABILITY_NOT_LEARNED };
enum { BANJO_START_GROUND, BANJO_START_SWIM };
enum { BANJO_PHASE_GROUND, BANJO_PHASE_AIR, BANJO_PHASE_LANDED };

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT). */
#define BANJO_FLAG_RELEASE (1u << 8)        /* bsjump_update reset -1350 to -2700 */
#define BANJO_FLAG_LIGHT_FALLING (1u << 9)  /* a step with -1350 from vy <= 0: past the peak */
#define BANJO_FLAG_TERMINAL (1u << 10)      /* vy clamped to -4000 */
#define BANJO_FLAG_REPRESS (1u << 11)       /* a new A press in the air (Feathery Flap) */
#define BANJO_FLAG_BIG_MOVE (1u << 12)      /* moved over 66 units in a frame (sweep path) */
#define BANJO_FLAG_HEIGHT_ROUNDED (1u << 13) /* y * 2^23 not an integer */

/* Banjo's state: the game's variables (y, vy, the gravity, the in-water flag), the model's
 * phase, and the per-lane constants init derives from the axes.  Visible to the lane part. */
typedef struct banjo_state {
	float y;          /* s_next_position[1] (playerPosition y), units, take-off height 0 */
	float vy;         /* s_player_velocity[1], units/s */
	float dt;         /* time_getDelta() (axis dt) */
	float v0;         /* the take-off speed: D_80364CD0 710 or D_80364CE4 610 (axis start) */
	uint8_t light;    /* s_gravity is D_80364CD4 (-1350); 0: baphysics_default_gravity -2700 */
	uint8_t phase;    /* BANJO_PHASE_*: standing / floating, BS_5_JUMP, landed */
	uint8_t prev_a;   /* A held on the previous frame (bakey held count > 0) */
	uint8_t in_water; /* D_8037BF61 (player_inWater) */
	uint8_t swim;     /* axis start: 1 = from swimming */
	uint8_t ability;  /* axis ability: 1 = ABILITY_A_HOLD_A_JUMP_HIGHER learned */
	uint8_t pad[2];   /* explicit, zeroed by init: key_size covers it */
	uint32_t frame_flags; /* events of the last step; per-frame scratch, last: outside key_size */
} banjo_state;

/* time_setDeltaReal_frames(n) -> time_setDeltaReal_sec((f32)(n * (1.0 / FRAMERATE))):
 * MIN(d, cap) in double (the cap is a double constant), stored as f32. */
static inline float banjo_dt_of(int vi_frames, int framerate)
{
	float d = (float)((double)vi_frames * (1.0 / framerate));
	double cap = framerate == 50 ? 0.06 : 0.05; /* VER_SELECT(0.05, 0.06, 0.05, 0.05) */
	return (float)((double)d < cap ? (double)d : cap);
}

/* (each case is folded to a constant by the compiler: the same double arithmetic) */
static inline float banjo_dt(int32_t axis_value)
{
	switch (axis_value) {
	case BANJO_DT_PAL: return banjo_dt_of(2, 50);
	case BANJO_DT_NTSC_1VI: return banjo_dt_of(1, 60);
	case BANJO_DT_PAL_1VI: return banjo_dt_of(1, 50);
	case BANJO_DT_NTSC_3VI: return banjo_dt_of(3, 60);
	case BANJO_DT_PAL_3VI: return banjo_dt_of(3, 50);
	default: return banjo_dt_of(2, 60);
	}
}

/* init: standing on the floor (vy -1, func_80293F0C's fixed point) or floating at the surface
 * clamp (vy 1.0), gravity -2700 (ground states) and A up the frame before frame 0. */
static inline __attribute__((unused)) /* (the lane kernel sets these fields vectorised) */
void banjo_init_state(banjo_state *s, const int32_t *ax)
{
	memset(s, 0, sizeof *s);
	s->dt = banjo_dt(ax[BANJO_AX_DT]);
	s->swim = ax[BANJO_AX_START] == BANJO_START_SWIM;
	s->ability = ax[BANJO_AX_ABILITY] == BANJO_ABILITY_LEARNED;
	s->v0 = s->swim ? BANJO_JUMP_SPEED_WATER : BANJO_JUMP_SPEED;
	s->phase = BANJO_PHASE_GROUND;
	s->y = 0.0f;
	s->vy = s->swim ? BANJO_SURFACE_VY : BANJO_GROUND_VY;
	s->in_water = s->swim;
}

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

static void banjo_init(void *vs, const int32_t *ax)
{
	banjo_init_state(vs, ax);
}

/* __baphysics_update_normal's vertical part, then the collision / water tests. */
static void banjo_physics(banjo_state *s)
{
	float g = s->light ? BANJO_JUMP_GRAVITY : BANJO_GRAVITY;
	if (s->light && !(s->vy > 0.0f))
		s->frame_flags |= BANJO_FLAG_LIGHT_FALLING;
	float old_y = s->y;
	s->vy = s->vy + s->dt * g;
	if (s->vy < BANJO_TERMINAL) {
		s->vy = BANJO_TERMINAL;
		s->frame_flags |= BANJO_FLAG_TERMINAL;
	}
	float d = 0.0f + s->vy; /* s_delta_position[1] + s_player_velocity[1] */
	d = d * s->dt;          /* ml_vec3f_scale(s_delta_position, time_getDelta()) */
	s->y += d;
	float move = s->y - old_y; /* func_80293668: new - old position */
	if (move * move > BANJO_SWEEP_SQ)
		s->frame_flags |= BANJO_FLAG_BIG_MOVE;
	if (!s->swim) {
		/* func_8029350C: y <= floor -> on the floor; func_80293F0C: falling -> -1 */
		if (s->y <= 0.0f) {
			s->y = 0.0f;
			if (s->vy < 0.0f) {
				s->vy = BANJO_GROUND_VY;
				s->phase = BANJO_PHASE_LANDED; /* player_isStable() on the next frame */
				s->light = 0;                  /* bsjump_end */
			}
		}
	} else {
		/* func_8028B59C (the y < W test is implied by both thresholds) */
		s->in_water = s->in_water ? s->y < BANJO_IN_WATER_STAY : s->y < BANJO_IN_WATER_ENTER;
		if (s->in_water && s->vy < 0.0f) { /* -> BS_4C_LANDING_IN_WATER on the next frame */
			s->phase = BANJO_PHASE_LANDED;
			s->light = 0;
		}
	}
}

static void banjo_step(void *vs, unsigned input)
{
	banjo_state *s = vs;
	int a = (input & JS_IN_JUMP) != 0;
	int press = a && !s->prev_a; /* bakey_pressed(BUTTON_A): held count == 1 */
	s->frame_flags = 0;
	switch (s->phase) {
	case BANJO_PHASE_GROUND:
		if (press) { /* -> BS_5_JUMP: bsjump_init */
			s->vy = s->v0;
			s->light = 1;
			s->phase = BANJO_PHASE_AIR;
			banjo_physics(s);
		} else { /* standing on the floor / floating at the surface clamp: their fixed points */
			s->y = 0.0f;
			s->vy = s->swim ? BANJO_SURFACE_VY : BANJO_GROUND_VY;
		}
		break;
	case BANJO_PHASE_AIR:
		/* bsjump_update */
		if ((!a && 0.0f < s->vy) || !s->ability) { /* bakey_released(A) is A up */
			if (s->light)
				s->frame_flags |= BANJO_FLAG_RELEASE;
			s->light = 0; /* baphysics_reset_gravity */
		}
		if (press)
			s->frame_flags |= BANJO_FLAG_REPRESS; /* bainput_should_feathery_flap */
		banjo_physics(s);
		break;
	default: /* landed: BS_20_LANDING is entered this frame (no press counts); in water, stop */
		if (!s->swim)
			s->phase = BANJO_PHASE_GROUND;
		break;
	}
	s->prev_a = (uint8_t)a;
}

static void banjo_observe(const void *vs, js_obs *o)
{
	const banjo_state *s = vs;
	double h = (double)s->y * (double)BANJO_SUB; /* exact: a power-of-two scale */
	double fh = floor(h);
	o->height = (int64_t)fh;
	o->grounded = s->phase != BANJO_PHASE_AIR;
	o->flags = s->frame_flags | (fh != h ? BANJO_FLAG_HEIGHT_ROUNDED : 0);
}

/* %.9g prints every float so that strtof reads back the same bits. */
static int banjo_trace_row(const void *vs, char *buf, size_t n)
{
	const banjo_state *s = vs;
	return snprintf(buf, n, "%.9g,%.9g,%d,%u,%u", (double)s->y, (double)s->vy,
			s->light ? -1350 : -2700, (unsigned)s->phase, (unsigned)s->in_water);
}

/* ---- fuzzing hooks (model.h) ---- */

/* A start as the game keeps it: on the floor (or at the surface clamp) unless airborne, never
 * below the floor, at most 300 units up (see BANJO_Y_START_MAX), in water only below its
 * threshold, and no airborne state that the last frame's tests would already have landed. */
static void banjo_fuzz_fix(void *vs)
{
	banjo_state *s = vs;
	float lo = s->swim ? BANJO_Y_SWIM_MIN : 0.0f;
	if (s->y < lo)
		s->y = lo;
	if (s->y > BANJO_Y_START_MAX)
		s->y = BANJO_Y_START_MAX;
	if (!s->swim) {
		s->in_water = 0;
	} else {
		if (s->y >= BANJO_IN_WATER_STAY)
			s->in_water = 0;
		else if (s->y < BANJO_IN_WATER_ENTER)
			s->in_water = 1;
	}
	if (s->phase == BANJO_PHASE_AIR) {
		if (!s->swim && s->y == 0.0f && s->vy < 0.0f)
			s->phase = BANJO_PHASE_LANDED;
		if (s->swim && s->in_water && s->vy < 0.0f)
			s->phase = BANJO_PHASE_LANDED;
	}
	if (s->phase != BANJO_PHASE_AIR)
		s->light = 0;
	if (s->phase == BANJO_PHASE_GROUND || (s->phase == BANJO_PHASE_LANDED && !s->swim)) {
		s->y = 0.0f;
		s->vy = s->swim ? BANJO_SURFACE_VY : BANJO_GROUND_VY;
		s->in_water = s->swim;
	}
}

enum { BANJO_INV_FALL_CAP, BANJO_INV_LIGHT_ONCE, BANJO_INV_RESET_RISING, BANJO_INV_PULLS_DOWN,
       BANJO_INV_FLOOR };

static uint32_t banjo_invariants(const void *vb, const void *va, unsigned input)
{
	const banjo_state *b = vb, *a = va;
	uint32_t bits = 0;
	int air_b = b->phase == BANJO_PHASE_AIR, air_a = a->phase == BANJO_PHASE_AIR;
	if (a->vy < BANJO_TERMINAL && !(b->vy < BANJO_TERMINAL))
		bits |= 1u << BANJO_INV_FALL_CAP;
	if (air_b && air_a && !b->light && a->light)
		bits |= 1u << BANJO_INV_LIGHT_ONCE;
	if (air_b && air_a && b->light && !a->light &&
	    !(((input & JS_IN_JUMP) == 0 && b->vy > 0.0f) || !b->ability))
		bits |= 1u << BANJO_INV_RESET_RISING;
	if (air_b && air_a && a->vy > b->vy)
		bits |= 1u << BANJO_INV_PULLS_DOWN;
	if (!a->swim && a->y < 0.0f)
		bits |= 1u << BANJO_INV_FLOOR;
	return bits;
}

JS_LANE_DECLARE(banjo);

static const char *const banjo_claims[] = {
	"banjo-kazooie/jump",          "banjo-kazooie/jump-release", "banjo-kazooie/hold-ability",
	"banjo-kazooie/terminal-velocity", "banjo-kazooie/delta-time", "banjo-kazooie/frame-stepped-rise",
	"banjo-kazooie/swim-jump",     NULL,
};

JS_REFERENCE_RUN(banjo, banjo_state, banjo_step, banjo_observe)

const js_model js_model_banjo = {
	.id = "banjo",
	.game = "Banjo-Kazooie",
	.platform = "Nintendo 64",
	.character = "Banjo (and Kazooie), BS_5_JUMP from standing or from swimming, flat ground, "
		     "no stick",
	.unit = "world unit",
	.sub_per_unit = 8388608, /* 2^23 */
	.tile = 0,               /* no tile grid */
	.fps = 30.0,
	.frame = "one game update (bsmethods.c func_80295C14): 2 VI fields by default (NTSC "
		 "59.94 Hz / 2; PAL 50 Hz / 2); the dt axis sets the VI count and the TV system",
	.movie = { .button = { "A" }, .frames = 2, .frames_axis = "dt",
		   .frames_by_value = { 2, 2, 1, 1, 3, 3 }, .note = "A jumps: the ground states start "
		   "bsjump on an A press; bsjump_update resets the gravity to -2700 on "
		   "bakey_released(BUTTON_A) while rising, so holding A keeps -1350. One pad sample per "
		   "game update: pfsManager_update (once per update, bsmethods.c func_80295C14) takes "
		   "the latest poll, and the pad is polled once per VI (thread5_handleVIRetraceEvent "
		   "arms sControllerTimer 2/3 of a VI after each retrace -> pfsManager_getStartReadData); "
		   "which VI's poll an update sees is UNCONFIRMED (the last one before it runs): one .m64 "
		   "sample per model frame; a .bk2 has a line per VI, the dt axis's 2 (ntsc, pal), 1 or 3 "
		   "VIs per model frame, all written with the frame's input and read back as any. Frame 0 "
		   "is the update with A newly down; lag frames are not modelled." },
	.sources = "n64decomp/banjo-kazooie @d50e8071: src/core2/bs/jump.c (D_80364CD0 710, "
		   "D_80364CD4 -1350, D_80364CE4 610; bsjump_init, bsjump_update, bsjump_end), "
		   "src/core2/ba/physics.c (baphysics_default_gravity -2700, "
		   "baphysics_default_terminal_velocity -4000, __baphysics_update_normal, "
		   "baphysics_update), src/core2/time.c (time_setDeltaReal_frames, "
		   "time_setDeltaReal_sec, time_getDelta), src/core2/code_5C870.c func_802E4384, "
		   "src/core2/code_B6C60.c func_8033DC20, src/core1/vimgr.c (viMgr_init, "
		   "viMgr_func_8024BFD8), src/core2/code_9B180.c func_803223AC (framerate markers), "
		   "src/core2/bakey.c (bakey_pressed, bakey_released), src/core2/bsmethods.c "
		   "func_80295C14 (update order), src/core2/code_13780.c bs_setState, "
		   "src/core2/code_C4B0.c (func_80293F0C, func_80293668, func_8029350C), "
		   "src/core2/playerutils.c (player_isStable, can_control_jump_height, func_8028B59C "
		   "in water), src/core2/bs/stand.c func_802B488C, src/core2/bs/swim.c (jump from the "
		   "surface, __bsswim_end)",
	.notes = "Frame 0 is the press; the take-off frame already runs the physics (vy = 710 + "
		 "dt * -1350, then y += vy * dt). dt = (f32)(VI frames * (1.0 / 60 or 50)), capped at "
		 "0.05 s (PAL 0.06 s). A up on any frame of the jump while vy > 0 (bakey_released is the "
		 "frames-up count, not an edge), or the ability not learned (every frame from frame 1), "
		 "resets the gravity to -2700 for the rest of the jump. Claim 32's continuous figures "
		 "(held ~187 units in 0.53 s, released at once ~93) are 710^2 / 2700 = 186.7 and "
		 "710^2 / 5400 = 93.35; frame-stepped (velocity first, then position) the model gives "
		 "held 175.000046 (apex on frame 14, 0.5 s; airtime 31) and tapped 93.3333282 (frame 7, "
		 "airtime 16) at NTSC 1/30 s; PAL 1/25 s: 172.64 and 92.96; 1/60 s: 180.83 and 93.33. "
		 "Take-off height y = 0 (other heights round the f32 position differently: not swept). "
		 "start=swim: 610 units/s from the surface clamp (water surface 70 units up); the jump "
		 "ends back in the water (vy < 0 and y < 18, or < 22 while still in), about 18 units "
		 "above the take-off height; the model stops there. Landing on the floor: y <= 0 snaps to "
		 "0 with vy = -1; a press on the frame after the landing is lost (BS_20_LANDING). Heights "
		 "in 2^-23 unit (exact from 1 unit up; below: flag height_rounded). Not modelled: the "
		 "spring pad (BA_FLAG_2, Shock Spring Jump charge), a jump from a peck, the Feathery "
		 "Flap (flag repress: the model keeps jumping), peck / beak buster, the fall state "
		 "(BS_2F_FALL 500 units up: unreachable), moves over 66 units in a frame (collision "
		 "sweep: flag big_move), walls, slopes, the stick, a delta time that changes mid-jump. "
		 "UNCONFIRMED on hardware (read from the code only; docs/open-questions.md): the swim "
		 "jump's end back in the "
		 "water, the press lost on the frame after a landing, IDO's single-precision f32 "
		 "arithmetic.",
	.claims = banjo_claims,
	.n_axes = 3,
	.axes = {
		{ .name = "dt", .unit = "", .long_name = "time_getDelta(): ntsc = 2 VI at 60 Hz "
		  "(f32 1/30 s), pal = 2 VI at 50 Hz (0.04 s), ntsc_1vi = 1/60 s (60 fps maps), "
		  "pal_1vi = 0.02 s, ntsc_3vi = 0.05 s (3 or more VI: the cap), pal_3vi = 0.06 s",
		  .min = 0, .max = BANJO_N_DT - 1, .def_lo = 0, .def_hi = BANJO_N_DT - 1,
		  .n_names = BANJO_N_DT,
		  .names = { "ntsc", "pal", "ntsc_1vi", "pal_1vi", "ntsc_3vi", "pal_3vi" } },
		{ .name = "ability", .unit = "", .long_name = "ABILITY_A_HOLD_A_JUMP_HIGHER: learned "
		  "(holding A keeps -1350 while rising) or not (-2700 from frame 1)",
		  .min = 0, .max = 1, .def_lo = 0, .def_hi = 1, .n_names = 2,
		  .names = { "learned", "not_learned" } },
		{ .name = "start", .unit = "", .long_name = "take-off: ground (710 units/s from "
		  "standing) or swim (610 units/s from the water surface; ends back in the water)",
		  .min = 0, .max = 1, .def_lo = 0, .def_hi = 1, .n_names = 2,
		  .names = { "ground", "swim" } },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 128,
	.default_hold = 40,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "release", [9] = "light_falling", [10] = "terminal", [11] = "repress",
		[12] = "big_move", [13] = "height_rounded",
	},
	.flag_what = {
		[8] = "bsjump_update reset the gravity from the held -1350 to the default -2700 (A up "
			"while rising, or the ability not learned).",
		[9] = "A step ran with the held -1350 gravity from vy <= 0: Banjo was already past the "
			"peak.",
		[10] = "The vertical speed was clamped to the terminal velocity, -4000 units/s.",
		[11] = "A new A press came in the air (the game's Feathery Flap, not modelled: the model"
			" keeps jumping).",
		[12] = "Banjo moved over 66 units in one frame, where the game sweeps collision along "
			"the path (not modelled).",
		[13] = "The height y * 2^23 was not an integer, so the height in sub-units is rounded (y"
			" below 1 unit).",
	},
	.character_height = 115,
	.character_height_source = "Banjo's wall and ceiling sphere: code_C4B0.c L260 func_80293D74 = "
		"func_80293D48(80.0f, 35.0f), radius 35 centred 80 units above his feet (func_80293668 "
		"L171-179 sweeps it at y + D_8037C1F8[0]): its top is 80 + 35 = 115 units (the "
		"transformations 50 + 25)",
	.state_size = sizeof(banjo_state),
	.key_size = offsetof(banjo_state, frame_flags),
	.init = banjo_init,
	.step = banjo_step,
	.observe = banjo_observe,
	.run_ref = banjo_run_ref,
	.trace_header = "y,vy,gravity,phase,in_water",
	.trace_units = "world unit,world unit/s,world unit/s^2,code,0/1",
	.trace_row = banjo_trace_row,
	.lane = JS_LANE_TABLE(banjo),
	.n_fields = 6,
	.fields = {
		{ "y", offsetof(banjo_state, y), JS_F_F32, BANJO_Y_MIN, BANJO_Y_MAX,
		  "s_next_position[1]: starts are put at 0..300 (swim -70..300) by fuzz_fix; from "
		  "there a 710 units/s rise stays below 490 (and below bsjump_update's 500-unit "
		  "BS_2F_FALL), and a fall into the water ends at most 240 units below -70" },
		{ "vy", offsetof(banjo_state, vy), JS_F_F32, -4000, 710,
		  "s_player_velocity[1]: bsjump_init's 710 at most, the terminal velocity -4000 at least" },
		{ "light", offsetof(banjo_state, light), JS_F_U8, 0, 1,
		  "s_gravity: 1 = D_80364CD4 -1350, 0 = baphysics_default_gravity -2700" },
		{ "phase", offsetof(banjo_state, phase), JS_F_U8, 0, 2,
		  "0 standing / floating at the surface, 1 BS_5_JUMP, 2 landed" },
		{ "prev_a", offsetof(banjo_state, prev_a), JS_F_U8, 0, 1,
		  "A held on the previous frame (bakey held count > 0)" },
		{ "in_water", offsetof(banjo_state, in_water), JS_F_U8, 0, 1,
		  "D_8037BF61 (player_inWater), start=swim only" },
	},
	.fuzz_fix = banjo_fuzz_fix,
	.invariants = banjo_invariants,
	.inv_names = { [BANJO_INV_FALL_CAP] = "fall_cap", [BANJO_INV_LIGHT_ONCE] = "light_once",
		       [BANJO_INV_RESET_RISING] = "reset_rising",
		       [BANJO_INV_PULLS_DOWN] = "pulls_down", [BANJO_INV_FLOOR] = "floor" },
	.inv_what = {
		[BANJO_INV_FALL_CAP] = "Banjo never falls faster than the terminal velocity, 4000 "
				       "units/s",
		[BANJO_INV_LIGHT_ONCE] = "once a jump's gravity is back at -2700 it stays there: "
					 "nothing sets the lighter -1350 again",
		[BANJO_INV_RESET_RISING] = "the lighter gravity ends only on a frame with A up while "
					   "Banjo rises, or when the hold-A ability is not learned",
		[BANJO_INV_PULLS_DOWN] = "in the air the vertical speed never increases",
		[BANJO_INV_FLOOR] = "on the ground start Banjo is never below the floor",
	},
	/* The slowest landing with no buttons: dt 1/60 s, -1350 kept at vy = 0 from 300 units
	 * (0.67 s), or a 710 units/s rise from 300 under -2700 and the fall (0.79 s): under 50
	 * updates (measured by tests/test_banjo.c land_bound). */
	.land_bound = 64,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"

/* The reference above on JS_VW lanes at a time, the state in registers for all frames of the
 * group, every branch a select on a lane mask (js_m).  dt * s_gravity is precomputed per lane for both
 * gravities (the same f32 product the reference forms each frame).  0.0f + vy is vy itself: vy
 * after the gravity step is never -0 (vy + dt * g with dt * g != 0 is -0 only if both are -0;
 * an exact cancellation gives +0), so the reference's 0.0f + vy is an exact copy.  The
 * horizontal part's vy += +-0 is left out in both: its only effect would be the sign of a zero
 * vy, which the next gravity step erases.  The accounting (model.h js_acc_frame) runs on the
 * height floor(y * 2^23) as a float: exact (a power-of-two scale, then an exact floor), compared
 * as floats, which orders them as the reference's int64.  The block's lanes run in an order of
 * their own (banjo_block_order), two vector groups side by side for instruction-level
 * parallelism, each group stopping on its own once its lanes are done.  From init's states a
 * block whose jumps all land within the frame limit reads them from a table of whole jumps
 * instead (below: "From init's states, by table"). */

/* (selects and splats: lane.h's js_vfsel / js_vfsplat, one blend on the SSE4 / AVX2 paths; the
 * lane masks of the frame are lane.h's js_m, mask registers on AVX-512) */
static inline js_vi banjo_isel(js_vi m, js_vi a, js_vi b)
{
	return (js_vi)js_vfsel(m, (js_vf)a, (js_vf)b);
}

/* floor(x) exactly, for any finite x: |x| < 2^23 rounds to an integer by adding and removing
 * 2^23 (x >= 0) or -2^23 (x < 0), where the float spacing is 1, then steps down if it rounded
 * up; |x| >= 2^23 is an integer already. */
static inline js_vf banjo_floor(js_vf x)
{
	js_vi pos = x >= 0.0f;
	js_vf r = js_vfsel(pos, (x + 8388608.0f) - 8388608.0f, (x - 8388608.0f) + 8388608.0f);
	r = js_vfsel(r > x, r - 1.0f, r);
	js_vf ax = js_vfsel(pos, x, -x);
	return js_vfsel(ax >= 8388608.0f, x, r);
}

typedef struct banjo_lanes {
	js_vf y, vy;
	js_m light, air, landed, prev, inw;   /* masks */
	js_vf dt, dgl, dgh, v0;               /* per-lane constants */
	js_m swim, noab;                      /* per-lane constant masks */
	/* accounting, the rise as a float in 2^-23 units */
	js_vf rise;
	js_vi apex, airt;
	js_m took, done;
	js_vu flags;
	js_vu bits; /* the jump button's bit-plane words of frames f & ~31.. */
} banjo_lanes;

/* The block as the kernel runs it: lanes reordered so that a vector group holds jumps of about
 * the same length (the sweep runs start conditions side by side, and a 1/60 s jump lasts three
 * times as many frames as a 0.06 s one: a mixed group would step its short jumps long after they
 * landed).  lane[k] is the block lane at kernel position k; jump is the jump button's bit plane
 * in kernel order ([word][JS_BLOCK], as js_lane_args.input). */
typedef struct banjo_block {
	int lane[JS_BLOCK];
	int32_t last[JS_BLOCK]; /* the last frame with the jump button down, -1 if none */
	float dt[JS_BLOCK];      /* the lane's axis dt, as banjo_dt */
	int32_t swim[JS_BLOCK], learned[JS_BLOCK]; /* the axes start=swim, ability=learned: -1 / 0 */
	uint32_t jump[(JS_MAX_FRAMES / 32) * JS_BLOCK];
} banjo_block;

/* A group's state from its lanes' axes (banjo_init_state, vectorised: what banjo_block_order
 * kept of the axes in kernel order) or, from a fuzz start, the reference's state lane by lane. */
static inline void banjo_lanes_init(banjo_lanes *s, const js_lane_args *args,
				    const banjo_block *bk, int k0)
{
	if (args->start) {
		float y[JS_VW], vy[JS_VW], dt[JS_VW], v0[JS_VW];
		int32_t light[JS_VW], air[JS_VW], landed[JS_VW], prev[JS_VW], inw[JS_VW],
			swim[JS_VW], noab[JS_VW];
		for (int i = 0; i < JS_VW; i++) {
			const banjo_state *st = (const banjo_state *)args->start + bk->lane[k0 + i];
			y[i] = st->y;
			vy[i] = st->vy;
			dt[i] = st->dt;
			v0[i] = st->v0;
			light[i] = -(st->light != 0);
			air[i] = -(st->phase == BANJO_PHASE_AIR);
			landed[i] = -(st->phase == BANJO_PHASE_LANDED);
			prev[i] = -(st->prev_a != 0);
			inw[i] = -(st->in_water != 0);
			swim[i] = -(st->swim != 0);
			noab[i] = -(st->ability == 0);
		}
		memcpy(&s->y, y, sizeof s->y);
		memcpy(&s->vy, vy, sizeof s->vy);
		memcpy(&s->dt, dt, sizeof s->dt);
		memcpy(&s->v0, v0, sizeof s->v0);
		s->light = js_mfrom(js_vload(light));
		s->air = js_mfrom(js_vload(air));
		s->landed = js_mfrom(js_vload(landed));
		s->prev = js_mfrom(js_vload(prev));
		s->inw = js_mfrom(js_vload(inw));
		s->swim = js_mfrom(js_vload(swim));
		s->noab = js_mfrom(js_vload(noab));
	} else { /* banjo_init_state */
		const js_vi swim = js_vload(bk->swim + k0);
		memcpy(&s->dt, bk->dt + k0, sizeof s->dt);
		s->swim = js_mfrom(swim);
		s->noab = js_mfrom(~js_vload(bk->learned + k0));
		s->y = js_vfsplat(0.0f);
		s->vy = js_vfsel(swim, js_vfsplat(BANJO_SURFACE_VY), js_vfsplat(BANJO_GROUND_VY));
		s->v0 = js_vfsel(swim, js_vfsplat(BANJO_JUMP_SPEED_WATER), js_vfsplat(BANJO_JUMP_SPEED));
		s->light = s->air = s->landed = s->prev = JS_MNONE;
		s->inw = s->swim;
	}
	s->dgl = s->dt * BANJO_JUMP_GRAVITY;
	s->dgh = s->dt * BANJO_GRAVITY;
	s->rise = js_vfsplat(0.0f);
	s->apex = s->airt = js_vsplat(0);
	s->took = s->done = JS_MNONE;
	s->flags = (js_vu)js_vsplat(0);
	s->bits = (js_vu)js_vsplat(0); /* loaded on frame 0 */
}

/* One frame of the group; bit = 1 << (f & 31) in every lane (the frame's bit of s->bits).
 * init: a compile-time constant, 1 on the path from init's states (js_lane_args.start NULL),
 * which keeps two masks fewer: a lane's results are final once it has landed (done), so what it
 * does after does not matter and "landed" is not kept (a lane stands until its take-off: ground
 * is ~air); and "took off" is "in the air or done" (a lane is in the air from its take-off to
 * its landing frame), so the accounting's frames are those of lanes not done that moved (in the
 * air before the frame, or taking off on it).  (Fuzz starts may begin landed or in the air: the
 * full masks.) */
static inline __attribute__((always_inline)) void
banjo_lanes_frame(banjo_lanes *s, const banjo_block *bk, int k0, int f, js_vu bit, const int init)
{
	if ((f & 31) == 0) {
		s->bits = js_vloadu(bk->jump + (f >> 5) * JS_BLOCK + k0);
	}
	const js_vf zero = js_vfsplat(0.0f);
	js_m a = js_mbit(s->bits, bit); /* held */
	js_m press = a & ~s->prev;
	js_m ground = init ? ~s->air : ~(s->air | s->landed);
	js_m takeoff = ground & press;
	/* bsjump_update */
	js_m reset = s->air & ((~a & js_mfgt(s->vy, zero)) | s->noab);
	js_vu fl = js_morif((js_vu)js_vsplat(0), reset & s->light, BANJO_FLAG_RELEASE);
	fl = js_morif(fl, s->air & press, BANJO_FLAG_REPRESS);
	/* bsjump_init */
	js_m light = (s->light & ~reset) | takeoff;
	js_vf vy = js_mfsel(takeoff, s->v0, s->vy);
	js_m moving = s->air | takeoff;
	/* __baphysics_update_normal */
	fl = js_morif(fl, light & ~js_mfgt(vy, zero), BANJO_FLAG_LIGHT_FALLING);
	js_vf vyn = vy + js_mfsel(light, s->dgl, s->dgh);
	js_m term = js_mflt(vyn, js_vfsplat(BANJO_TERMINAL));
	vyn = js_vmaxps(js_vfsplat(BANJO_TERMINAL), vyn); /* vyn < T ? T : vyn, off the comparison */
	fl = js_morif(fl, term, BANJO_FLAG_TERMINAL);
	js_vf yn = s->y + vyn * s->dt;
	js_vf mv = yn - s->y;
	fl = js_morif(fl, js_mfgt(mv * mv, js_vfsplat(BANJO_SWEEP_SQ)), BANJO_FLAG_BIG_MOVE);
	/* the floor (start=ground) and the water (start=swim) */
	js_m neg = js_mflt(vyn, zero);
	js_m hit = ~s->swim & js_mfle(yn, zero);
	yn = js_mfsel(hit, zero, yn);
	vyn = js_mfsel(hit & neg, js_vfsplat(BANJO_GROUND_VY), vyn);
	js_m inwn = s->swim & ((s->inw & js_mflt(yn, js_vfsplat(BANJO_IN_WATER_STAY))) |
			       (~s->inw & js_mflt(yn, js_vfsplat(BANJO_IN_WATER_ENTER))));
	js_m land = (hit | inwn) & neg;
	/* commit the lanes that moved */
	s->y = js_mfsel(moving, yn, s->y);
	s->vy = js_mfsel(moving, vyn, s->vy);
	s->inw = (moving & inwn) | (~moving & s->inw);
	js_m air = moving & ~land;
	if (!init)
		s->landed = (moving & land) | (s->landed & s->swim);
	s->prev = a;
	s->air = air;
	s->light = light & air;
	/* (the events above only occur in lanes that moved: every flag is raised in the air or on
	 * the take-off frame; the accounting below keeps only frames from take-off to landing) */

	/* observe: the height floor(y * 2^23).  y * 2^23 is an integer already when |y| >= 1 (a
	 * float32 of magnitude >= 1 is a multiple of 2^-23) or y = 0, so the floor only runs for a
	 * group with some lane below 1 unit (a negative height, too, which only a start under water
	 * reaches: the below-start flag is raised in the same branch) */
	js_vf h = s->y * BANJO_SUB;
	js_vf hq = h;
	if (js_many(js_mflt(h, js_vfsplat(BANJO_SUB)) & js_mfne(h, zero))) {
		hq = banjo_floor(h);
		fl = js_morif(fl, js_mfne(hq, h), BANJO_FLAG_HEIGHT_ROUNDED);
		fl = js_morif(fl, js_mflt(hq, zero) & air, JS_FLAG_BELOW_START);
	}

	/* js_acc_frame (model.h) */
	js_m live = ~s->done;
	js_m took = init ? JS_MNONE : s->took | (live & air);
	js_m on = init ? live & moving : live & took;
	s->flags = js_morv(s->flags, on, fl);
	js_m higher = on & js_mfgt(hq, s->rise);
	s->rise = js_mfsel(higher, hq, s->rise);
	s->apex = js_misel(higher, js_vsplat(f), s->apex);
	js_m lands = on & ~air;
	s->airt = js_misel(lands, js_vsplat(f + 1), s->airt);
	s->done |= lands;
	if (!init)
		s->took = took;
}

/* From init's states the lanes that took off are those in the air or done. */
static inline void banjo_lanes_finish(banjo_lanes *s, const int init)
{
	if (init)
		s->took = s->air | s->done;
}

static inline int banjo_lanes_done(const banjo_lanes *s, const banjo_block *bk, int k0, int32_t f,
				   const int init)
{
	js_m took = init ? s->air | s->done : s->took;
	return js_mall(s->done | (~took & js_mile(js_vload(bk->last + k0), js_vsplat(f))));
}

static inline void banjo_lanes_store(const banjo_lanes *s, const js_lane_args *args,
				     const banjo_block *bk, int k0)
{
	int64_t *rise = args->rise; /* (locals: the stores below cannot alias them) */
	int32_t *apex = args->apex_frame, *airt = args->airtime;
	uint32_t *flags = args->flags;
	js_vu fl = js_morif(s->flags, ~s->took, JS_FLAG_NO_TAKEOFF);
	fl = js_morif(fl, s->took & ~s->done, JS_FLAG_NOT_LANDED);
	for (int i = 0; i < JS_VW; i++) {
		int l = bk->lane[k0 + i];
		if (l >= args->n_lanes) /* a padding copy */
			continue;
		rise[l] = (int64_t)s->rise[i];
		apex[l] = s->apex[i];
		airt[l] = s->airt[i];
		flags[l] = fl[i];
	}
}

/* The kernel order: the block's lanes sorted (a stable counting sort) on an estimate of their
 * airtime in frames, longest first, so that a vector group holds jumps of about the same length
 * and stops soon after its lanes land.  The estimate is the continuous jump of the lane's axis
 * values held for its leading A frames (v0, -1350 while held and rising, then -2700; held past
 * the peak, -1350 to the end; back at 18 units from the water): it only orders the lanes, and
 * any order gives the same results.  The padding lanes (n_lanes..) copy the last lane.  The keys
 * are computed JS_VW lanes at a time, both cases of the estimate then a select (a lane at a time,
 * the branches on the axes mispredicted and the square roots and divisions serialised: measured a
 * sixth of the AVX-512 kernel's time). */
#define BANJO_N_KEYS 128
static inline js_vi banjo_order_keys(js_vf dt, js_vi learned, js_vi swim, js_vi h)
{
	/* (multiplications by reciprocals: one division and one square root per case) */
	const float ig1 = 1.0f / 1350.0f, ig2 = 1.0f / 2700.0f;
	const js_vf v0 = js_vfsel(swim, js_vfsplat(610.0f), js_vfsplat(710.0f));
	const js_vf land = js_vfsel(swim, js_vfsplat(18.0f), js_vfsplat(0.0f));
	const js_vf peak = v0 * ig1, hd = __builtin_convertvector(h, js_vf) * dt;
	/* learned and held past the peak */
	js_vf tp = peak + js_vsqrtps((v0 * v0 * ig1 - 2.0f * land) * ig1);
	/* otherwise */
	js_vf t1 = js_vfsel(learned, hd, dt), v1 = v0 - 1350.0f * t1;
	js_vf rise2 = (v0 * v0 - v1 * v1) * ig1 + v1 * v1 * ig2; /* twice the rise */
	js_vf tr = t1 + v1 * ig2 + js_vsqrtps((rise2 - 2.0f * land) * ig2);
	js_vf fk = js_vfsel(learned & (hd >= peak), tp, tr) / dt;
	/* fk >= 128 ? 127 : fk > 0 ? (int)fk : 0 (NaN: 0) */
	fk = js_vfsel(fk > 0.0f, fk, js_vfsplat(0.0f));
	fk = js_vfsel(fk >= (float)BANJO_N_KEYS, js_vfsplat(BANJO_N_KEYS - 1), fk);
	js_vi k = __builtin_convertvector(fk, js_vi);
	return banjo_isel(h == 0, js_vsplat(0), (BANJO_N_KEYS - 1) - k);
}

static void banjo_block_order(banjo_block *bk, const js_lane_args *args)
{
	int32_t key[JS_BLOCK], learned[JS_BLOCK], swim[JS_BLOCK], held[JS_BLOCK];
	float dt[JS_BLOCK];
	int count[BANJO_N_KEYS + 1] = { 0 };
	for (int l = 0; l < JS_BLOCK; l++) {
		int ll = l < args->n_lanes ? l : args->n_lanes - 1;
		uint32_t w0 = args->input[0][ll];
		dt[l] = banjo_dt(args->axis[BANJO_AX_DT][ll]);
		learned[l] = -(args->axis[BANJO_AX_ABILITY][ll] == BANJO_ABILITY_LEARNED);
		swim[l] = -(args->axis[BANJO_AX_START][ll] == BANJO_START_SWIM);
		held[l] = w0 == ~0u ? 32 : __builtin_ctz(~w0); /* frames held from frame 0 */
	}
	for (int l = 0; l < JS_BLOCK; l += JS_VW) {
		js_vf d;
		__builtin_memcpy(&d, dt + l, sizeof d);
		js_vstore(key + l, banjo_order_keys(d, js_vload(learned + l), js_vload(swim + l),
						    js_vload(held + l)));
	}
	for (int l = 0; l < JS_BLOCK; l++)
		count[key[l] + 1]++;
	for (int k = 0; k < BANJO_N_KEYS; k++)
		count[k + 1] += count[k];
	for (int l = 0; l < JS_BLOCK; l++) {
		int k = count[key[l]]++;
		bk->lane[k] = l;
		bk->dt[k] = dt[l];
		bk->swim[k] = swim[l];
		bk->learned[k] = learned[l];
	}
	int words = (args->n_frames + 31) >> 5;
	for (int w = 0; w < words; w++)
		for (int k = 0; k < JS_BLOCK; k++)
			bk->jump[w * JS_BLOCK + k] = args->input[0][w * JS_BLOCK + bk->lane[k]];
	for (int k = 0; k < JS_BLOCK; k += JS_VW) /* (lane.h, JS_VW lanes at a time) */
		js_vstore(bk->last + k, js_vlast_set(bk->jump + k, words));
}

/* One group alone from frame f until its lanes are done (or the frames run out). */
static inline __attribute__((always_inline)) void
banjo_lanes_run(banjo_lanes *g, const banjo_block *bk, int k0, int f, int n, const int init)
{
	for (; f < n; f++) {
		banjo_lanes_frame(g, bk, k0, f, (js_vu)js_vsplat((int32_t)(1u << (f & 31))), init);
		if ((f & 1) && banjo_lanes_done(g, bk, k0, f, init))
			break;
	}
}

/* Two groups side by side (instruction-level parallelism: a frame is a long dependent chain)
 * while both run, their state in registers (locals: a loop over an array of groups kept it in
 * memory), then the one left alone; a group whose lanes can no longer change their results
 * stops.  The block order puts lanes of about the same airtime in a group, and neighbouring
 * groups in a pair.  init: banjo_lanes_frame's. */
static inline __attribute__((always_inline)) void banjo_lanes_block(const js_lane_args *args,
								    const banjo_block *bk,
								    const int init)
{
	const int n = args->n_frames;
	for (int k0 = 0; k0 < JS_BLOCK; k0 += 2 * JS_VW) {
		const int k1 = k0 + JS_VW;
		banjo_lanes g0, g1;
		banjo_lanes_init(&g0, args, bk, k0);
		banjo_lanes_init(&g1, args, bk, k1);
		int f = 0, d0 = 0, d1 = 0;
		while (f < n) {
			const js_vu bit = (js_vu)js_vsplat((int32_t)(1u << (f & 31)));
			banjo_lanes_frame(&g0, bk, k0, f, bit, init);
			banjo_lanes_frame(&g1, bk, k1, f, bit, init);
			if ((f++ & 1) == 1) {
				d0 = banjo_lanes_done(&g0, bk, k0, f - 1, init);
				d1 = banjo_lanes_done(&g1, bk, k1, f - 1, init);
				if (d0 | d1)
					break;
			}
		}
		if (!d0)
			banjo_lanes_run(&g0, bk, k0, f, n, init);
		if (!d1)
			banjo_lanes_run(&g1, bk, k1, f, n, init);
		banjo_lanes_finish(&g0, init);
		banjo_lanes_finish(&g1, init);
		banjo_lanes_store(&g0, args, bk, k0);
		banjo_lanes_store(&g1, args, bk, k1);
	}
}

/* ---- From init's states, by table ----
 *
 * From init a lane stands until its first press t0 (its first frame with the button down: A was
 * up the frame before, or it is frame 0), and its results are final from its landing on.  In
 * between its input matters on two frames only.  bsjump_update's reset comes on the first frame
 * u after t0 with A up if vy > 0 then (vy only falls in the air, so no later frame with A up
 * resets), or without the ability on t0 + 1, where vy = v0 + dt * -1350 > 0 (checked below) so
 * that it is the same rule with u = t0 + 1.  And the first new press after u is the repress flag
 * if it comes by the landing frame.  So a lane's jump depends on its axes dt and start and on
 * k = u - t0 only, shifted by t0: where it lands, how high, on which frame after t0, with which
 * flags.  Every k >= BANJO_KMAX gives the jump without a reset: under -1350 alone vy <= 0 after
 * BANJO_KMAX frames at every dt (checked below).  So the kernel's first call steps the
 * 6 x 2 x BANJO_KMAX jumps once (banjo_arc_run, banjo_lanes_frame's float operations: 576 jumps,
 * fewer than the default grid's 984 lanes), and a block whose lanes all land within the frame
 * limit reads each lane's results there: rise, apex t0 + apex', airtime t0 + airtime' and the
 * flags, with repress from the lane's input.  A block with a lane still in the air at the frame
 * limit steps (the table holds whole jumps only), as do fuzz starts. */
#define BANJO_NONE JS_NO_FRAME /* no such frame (lane.h) */
#define BANJO_KMAX 48
#define BANJO_N_ARC (BANJO_N_DT * 2 * BANJO_KMAX)

/* JS_VW jumps from init's state at one dt and start (swim: a compile-time constant), all taking
 * off on frame 0, bsjump_update's reset due on frame k (BANJO_NONE: never), stepped until every
 * one has landed or JS_MAX_FRAMES: banjo_lanes_frame's frame, every lane in the air from its
 * take-off to its landing (running).  Out: the accounting and flags, and which lanes landed. */
static inline __attribute__((always_inline)) js_m
banjo_arc_run(float dt1, js_vi k, const int swim, js_vf *rise_out, js_vi *apex_out,
	      js_vi *airt_out, js_vu *flags_out)
{
	const js_vf dt = js_vfsplat(dt1), zero = js_vfsplat(0.0f);
	const js_vf dgl = dt * BANJO_JUMP_GRAVITY, dgh = dt * BANJO_GRAVITY;
	js_vf y = zero;
	js_vf vy = js_vfsplat(swim ? BANJO_JUMP_SPEED_WATER : BANJO_JUMP_SPEED); /* bsjump_init */
	js_m run = ~JS_MNONE, light = ~JS_MNONE, inw = swim ? ~JS_MNONE : JS_MNONE;
	js_vu fl = (js_vu)js_vsplat(0);
	js_vf rise = zero;
	js_vi apex = js_vsplat(0), airt = js_vsplat(0);
	for (int f = 0; f < JS_MAX_FRAMES && js_many(run); f++) {
		const js_vi fv = js_vsplat(f);
		/* bsjump_update */
		const js_m reset = run & js_mieq(fv, k) & js_mfgt(vy, zero);
		fl = js_morif(fl, reset & light, BANJO_FLAG_RELEASE);
		light &= ~reset;
		/* __baphysics_update_normal */
		fl = js_morif(fl, run & light & ~js_mfgt(vy, zero), BANJO_FLAG_LIGHT_FALLING);
		js_vf vyn = vy + js_mfsel(light, dgl, dgh);
		fl = js_morif(fl, run & js_mflt(vyn, js_vfsplat(BANJO_TERMINAL)), BANJO_FLAG_TERMINAL);
		vyn = js_vmaxps(js_vfsplat(BANJO_TERMINAL), vyn);
		js_vf yn = y + vyn * dt;
		const js_vf mv = yn - y;
		fl = js_morif(fl, run & js_mfgt(mv * mv, js_vfsplat(BANJO_SWEEP_SQ)),
			      BANJO_FLAG_BIG_MOVE);
		/* the floor (start=ground) or the water (start=swim) */
		const js_m neg = js_mflt(vyn, zero);
		js_m land;
		if (!swim) {
			const js_m hit = js_mfle(yn, zero);
			yn = js_mfsel(hit, zero, yn);
			vyn = js_mfsel(hit & neg, js_vfsplat(BANJO_GROUND_VY), vyn);
			land = hit & neg;
		} else {
			inw = (inw & js_mflt(yn, js_vfsplat(BANJO_IN_WATER_STAY))) |
			      (~inw & js_mflt(yn, js_vfsplat(BANJO_IN_WATER_ENTER)));
			land = inw & neg;
		}
		y = yn;
		vy = vyn;
		/* observe: floor(y * 2^23), as banjo_lanes_frame */
		const js_vf h = y * BANJO_SUB;
		js_vf hq = h;
		if (js_many(run & js_mflt(h, js_vfsplat(BANJO_SUB)) & js_mfne(h, zero))) {
			hq = banjo_floor(h);
			fl = js_morif(fl, run & js_mfne(hq, h), BANJO_FLAG_HEIGHT_ROUNDED);
			fl = js_morif(fl, run & ~land & js_mflt(hq, zero), JS_FLAG_BELOW_START);
		}
		/* js_acc_frame */
		const js_m higher = run & js_mfgt(hq, rise);
		rise = js_mfsel(higher, hq, rise);
		apex = js_misel(higher, fv, apex);
		const js_m lands = run & land;
		airt = js_misel(lands, fv + 1, airt);
		run &= ~lands;
	}
	*rise_out = rise;
	*apex_out = apex;
	*airt_out = airt;
	*flags_out = fl;
	return ~run;
}

typedef struct banjo_arcs {
	float rise[BANJO_N_ARC]; /* index (dt * 2 + swim) * BANJO_KMAX + min(k, BANJO_KMAX) - 1 */
	int32_t apex[BANJO_N_ARC], airt[BANJO_N_ARC]; /* frames from the take-off */
	uint32_t flags[BANJO_N_ARC];
} banjo_arcs;

/* The table (this ISA's copy), or NULL while it is not made or if a check failed.  The first
 * caller makes it and publishes it with a release store; a thread that finds it being made steps
 * its block meanwhile.  (Not per thread: a _Thread_local in this shared library is a
 * __tls_get_addr call per block, measured an eighth of the AVX-512 path's time.) */
static banjo_arcs banjo_arcs_table;
static int banjo_arcs_state; /* 0 not made, 1 being made, 2 made, -1 not usable */

static const banjo_arcs *banjo_arcs_get(void)
{
	const int claim = js_once_claim(&banjo_arcs_state);
	if (claim != 1)
		return claim == 2 ? &banjo_arcs_table : NULL;
	banjo_arcs *a = &banjo_arcs_table;
	int ok = 1;
	for (int d = 0; d < BANJO_N_DT; d++) {
		for (int sw = 0; sw < 2; sw++) {
			const float dt = banjo_dt(d);
			/* vy under -1350 alone: > 0 before frame 1, <= 0 from frame BANJO_KMAX */
			float vl = (sw ? BANJO_JUMP_SPEED_WATER : BANJO_JUMP_SPEED) +
				   dt * BANJO_JUMP_GRAVITY;
			if (!(vl > 0.0f))
				ok = 0;
			for (int j = 1; j < BANJO_KMAX; j++)
				vl = vl + dt * BANJO_JUMP_GRAVITY;
			if (!(vl <= 0.0f))
				ok = 0;
			for (int k0 = 0; k0 < BANJO_KMAX; k0 += JS_VW) {
				int32_t kk[JS_VW] __attribute__((aligned(64)));
				for (int i = 0; i < JS_VW; i++) /* (k = BANJO_KMAX: no reset) */
					kk[i] = k0 + i + 1 < BANJO_KMAX ? k0 + i + 1 : BANJO_NONE;
				js_vf rise;
				js_vi apex, airt;
				js_vu fl;
				js_m landed = sw ? banjo_arc_run(dt, js_vload(kk), 1, &rise, &apex, &airt, &fl)
						 : banjo_arc_run(dt, js_vload(kk), 0, &rise, &apex, &airt, &fl);
				if (!js_mall(landed))
					ok = 0;
				for (int i = 0; i < JS_VW && k0 + i < BANJO_KMAX; i++) {
					const int e = (d * 2 + sw) * BANJO_KMAX + k0 + i;
					a->rise[e] = rise[i];
					a->apex[e] = apex[i];
					a->airt[e] = airt[i];
					a->flags[e] = fl[i];
				}
			}
		}
	}
	js_once_done(&banjo_arcs_state, ok);
	return ok ? a : NULL;
}

/* The block from the table; 0 if a lane does not land within the frame limit (the block then
 * steps, which writes every lane again). */
static int banjo_table_block(const js_lane_args *args, const banjo_arcs *a)
{
	const int n = args->n_frames, nl = args->n_lanes;
	int32_t t0s[JS_BLOCK] __attribute__((aligned(64)));
	int32_t us[JS_BLOCK] __attribute__((aligned(64)));
	int32_t p2s[JS_BLOCK] __attribute__((aligned(64)));
	js_press_release(args, t0s, us, p2s);
	const int32_t *axd = args->axis[BANJO_AX_DT], *axa = args->axis[BANJO_AX_ABILITY],
		      *axs = args->axis[BANJO_AX_START];
	int64_t *rs = args->rise; /* (locals: the stores below cannot alias them) */
	int32_t *ap = args->apex_frame, *at = args->airtime;
	uint32_t *fs = args->flags;
	for (int l = 0; l < nl; l++) {
		const int32_t t0 = t0s[l];
		if (t0 >= n) {
			rs[l] = 0;
			ap[l] = 0;
			at[l] = 0;
			fs[l] = JS_FLAG_NO_TAKEOFF;
			continue;
		}
		int d = axd[l];
		if (d < 0 || d >= BANJO_N_DT) /* (banjo_dt's default) */
			d = BANJO_DT_NTSC;
		int k = axa[l] == BANJO_ABILITY_LEARNED ? us[l] - t0 : 1;
		if (k > BANJO_KMAX)
			k = BANJO_KMAX;
		const int e = (d * 2 + (axs[l] == BANJO_START_SWIM)) * BANJO_KMAX + k - 1;
		const int32_t airt = t0 + a->airt[e];
		if (airt > n)
			return 0;
		const float rise = a->rise[e];
		rs[l] = (int64_t)rise;
		ap[l] = rise > 0.0f ? t0 + a->apex[e] : 0; /* (rise > 0: some frame was higher) */
		at[l] = airt;
		fs[l] = a->flags[e] | (p2s[l] <= airt - 1 ? BANJO_FLAG_REPRESS : 0);
	}
	return 1;
}

void JS_LANE_FN(banjo)(const js_lane_args *args)
{
	if (!args->start) {
		const banjo_arcs *a = banjo_arcs_get();
		if (a && banjo_table_block(args, a))
			return;
	}
	banjo_block bk;
	banjo_block_order(&bk, args);
	if (args->start)
		banjo_lanes_block(args, &bk, 0);
	else
		banjo_lanes_block(args, &bk, 1);
}

#endif
