/* kernels/megaman.h - shared by the Mega Man models (kernels/mm1.c, mm2.c, mm3.c): the byte
 * arithmetic the three NES games share, the model state, the stage the models stand Mega Man on,
 * and one lane kernel parameterised by a per-game constant struct (mm_game).
 *
 * Each game's own frame - the order of its moves, collisions, take-off and release rules - is
 * written out in its own file as the scalar reference, with the game's labels; this header only
 * holds what is the same in all three:
 *
 *   - Speeds are signed 8.8, + UP: a whole byte (signed) and a fraction byte.  Moving is
 *     "Y -= speed" with a SEC/SBC chain: Y sub-pixel -= speed fraction, Y pixel -= speed whole
 *     - borrow (mm1 _objects_run_ycoord, mm2 player_vertical_physics, mm3 apply_y_velocity_rise
 *     / apply_y_velocity_fall).  Gravity is "speed -= g" with SEC/SBC on the fraction and the
 *     borrow into the whole byte, then a clamp when the whole byte is negative and below the
 *     game's terminal byte (CMP #cap / BCS: unsigned, so $80..cap-1): speed := cap.00.
 *   - Y grows downward; Mega Man's feet are 12 px below his Y and his head 12 px above it (mm1
 *     non_enemies_collision_ycoord = 12, mm2 `adc #$0C` / `sbc #$0C`, mm3 hitbox configs 0/1 at
 *     +$0C / -$0C); tiles are 16 px.
 *
 * The stage: a flat floor whose top row is MM_FLOOR_TOP = $A0 (a 16-px tile boundary), so Mega
 * Man stands at Y = $94 with his feet on row $A0, the frame before frame 0.  The floor is at least
 * one tile deep, so a fall (at most 12 px a frame) always lands in its first tile and every
 * game's snap puts Y back at $94.  Axis `drop` lowers the floor he lands on by whole tiles: he
 * jumps off a ledge (horizontal motion is not modelled: the take-off floor holds him until he
 * leaves it, the lower floor catches him).  The games keep Y as a screen byte (mm2 and mm3 add a
 * page / screen byte); the models keep a virtual page byte above the pixel byte so a fall can go
 * on below the screen: where the game would start a vertical screen transition (or a pit death)
 * instead, flag `offscreen` marks the jump and the model is no longer the game.
 *
 * Heights: (take-off Y $94.00) - Y, in 1/256 px, Y read as page:pixel:sub-pixel with a signed
 * page.  Bounds: a jump rises at most 132 px (mm2 under water: $05.80 less $1E a frame) and every
 * fall ends on the landing floor, at most 16 * 63 px below the take-off floor (the floor is solid
 * all the way down), so Y stays within [$94 - 132, $94 + 1008 + 12] px: the page byte never wraps,
 * and a lane kernel's int32 Y (1/256 px) is exactly page:pixel:sub-pixel.  Those bounds hold from
 * init's states; a fuzz start (model.h's fields) can put Mega Man anywhere on the 16-bit virtual
 * page:pixel and give him any speed -128.00..127.FF, so the reference keeps the bytes' widths
 * (the page wraps from -128 to 127, the speed's whole byte from $80 to $7F) and the lane kernels
 * take a start path that does the same (mm_lane_run_start, below).
 */
#ifndef JS_MEGAMAN_H
#define JS_MEGAMAN_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

#define MM_FLOOR_TOP 0xa0                  /* the take-off floor's top row */
#define MM_FOOT 12                         /* feet below Y, head above Y (px) */
#define MM_GROUND_Y (MM_FLOOR_TOP - MM_FOOT) /* Y standing on the take-off floor: $94 */
#define MM_TILE 16
#define MM_DROP_MAX 63                     /* axis drop: tiles */

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT), the same in the three models. */
#define MM_FLAG_CAPPED (1u << 8)        /* the terminal-speed clamp set the speed to cap.00 */
#define MM_FLAG_RELEASED (1u << 9)      /* the game's release rule changed the speed */
#define MM_FLAG_OFFSCREEN (1u << 10)    /* Y left the screen range: the game would change screens */
#define MM_FLAG_LANDING_PRESS (1u << 11) /* a new A press on the landing frame */

#define MM_FLAG_NAMES                                                                              \
	[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start", [8] = "capped",               \
	[9] = "released", [10] = "offscreen", [11] = "landing_press"
/* The model flags' meanings (js_model.flag_what). */
#define MM_FLAG_WHAT \
	[8] = "The terminal-speed clamp set the fall speed to the game's cap, a whole px/frame.", \
	[9] = "The game's release rule changed the speed (the jump button came up while " \
		"rising).", \
	[10] = "Y left the screen range: the game would change screens here (the model falls " \
		"on).", \
	[11] = "A new A press on the landing frame (Mega Man jumps again at once)."

/* hi_tiles: the default range 0..hi_tiles; 4 keeps the landing floor on the screen (row $E0). */
#define MM_AXIS_DROP(hi_tiles)                                                                     \
	{ .name = "drop", .unit = "tiles (16 px)", .long_name = "the floor Mega Man lands on lies "  \
	  "this many 16-px tiles below the take-off floor (0: flat ground; he jumps off a ledge "     \
	  "otherwise)", .min = 0, .max = MM_DROP_MAX, .def_lo = 0, .def_hi = (hi_tiles) }

/* Standing Y (pixel, virtual 16 bits) on the floor a jump lands on. */
static inline int32_t mm_landing_y(int32_t drop)
{
	return MM_GROUND_Y + MM_TILE * drop;
}

/* The state of every Mega Man model: the game's bytes plus the model's own bookkeeping (seen by
 * the lane kernels too: a fuzz start, js_lane_args.start, is an array of these). */
typedef struct mm_state {
	uint8_t y_page, y_px, y_sub; /* Y: virtual page (signed), the game's pixel and sub-pixel bytes */
	uint8_t spd, spd_sub;        /* speed: whole byte (signed, + up) and fraction */
	uint8_t prev_a;              /* A held when the controller was last read */
	uint8_t air;                 /* model: 1 from the take-off frame until the landing frame */
	uint8_t landed;              /* model: this step landed (touched the floor while air) */
	uint8_t frame_flags;         /* events of the last step (MM_FLAG_* >> 8) */
	uint8_t water;               /* mm2: env water (player_ground_collision's x = 1) */
	uint8_t zwater;              /* mm2: frame_skip_lo ($FB, lsmmega `zwater`): 4 in water, 0 off */
	uint8_t skip_timer;          /* mm2: frame_skip_hi ($FC, lsmmega `zwater_timer`) */
	uint8_t idle_next;           /* mm2: the next display frame is the water wait */
	uint8_t idle;                /* mm2: this display frame ran no game logic */
	uint8_t skip_off;            /* mm2: axis fskip=off (the model ignores the frame skip) */
	int16_t floor_y;             /* standing Y (virtual pixel) on the floor a jump lands on */
} mm_state;

/* The speed as one signed 8.8 number (1/256 px/frame, + up). */
static inline int32_t mm_speed88(const mm_state *s)
{
	return (int8_t)s->spd * 256 + s->spd_sub;
}

#ifndef JS_LANE_SUFFIX /* ---- reference helpers ---- */

static inline void mm_init(mm_state *s, int32_t drop)
{
	memset(s, 0, sizeof *s);
	s->y_px = MM_GROUND_Y;
	s->floor_y = (int16_t)mm_landing_y(drop);
}

/* Y as one signed pixel number: page (signed) * 256 + pixel. */
static inline int32_t mm_py(const mm_state *s)
{
	return (int32_t)(int8_t)s->y_page * 256 + s->y_px;
}

static inline void mm_set_py(mm_state *s, int32_t py)
{
	s->y_px = (uint8_t)(py & 0xff);
	s->y_page = (uint8_t)((py >> 8) & 0xff);
}

/* Y -= speed: SEC / LDA sub / SBC speed fraction / LDA pixel / SBC speed whole, and the page
 * byte SBC the speed's sign extension ($00 / $FF) with the borrow (mm2 extends into its page byte
 * the same way; mm1 and mm3 have a screen byte instead, see the top of this file). */
static inline void mm_move(mm_state *s)
{
	unsigned t = (unsigned)s->y_sub - s->spd_sub; /* bit 8 set = borrow (carry clear) */
	unsigned b = (t >> 8) & 1u;
	s->y_sub = (uint8_t)t;
	t = (unsigned)s->y_px - s->spd - b;
	b = (t >> 8) & 1u;
	s->y_px = (uint8_t)t;
	unsigned ext = (s->spd & 0x80) ? 0xffu : 0x00u;
	s->y_page = (uint8_t)(s->y_page - ext - b);
}

/* Gravity: SEC / LDA fraction / SBC g / STA / LDA whole / SBC #$00 / STA, then BPL done /
 * CMP #cap / BCS done / fraction := 0, whole := cap.  Returns 1 when it clamped. */
static inline int mm_gravity(mm_state *s, uint8_t g, uint8_t cap)
{
	unsigned t = (unsigned)s->spd_sub - g;
	unsigned b = (t >> 8) & 1u;
	s->spd_sub = (uint8_t)t;
	s->spd = (uint8_t)(s->spd - b);
	if ((s->spd & 0x80) && s->spd < cap) {
		s->spd_sub = 0;
		s->spd = cap;
		s->frame_flags |= MM_FLAG_CAPPED >> 8;
		return 1;
	}
	return 0;
}

static inline void mm_set_speed(mm_state *s, unsigned speed88)
{
	s->spd = (uint8_t)(speed88 >> 8);
	s->spd_sub = (uint8_t)speed88;
}

/* The feet (Y + 12) in the floor: the floor is solid from its top row down.  standing_y is the
 * Y that puts the feet on its top row. */
static inline int mm_feet_in_floor(const mm_state *s, int32_t standing_y)
{
	return mm_py(s) + MM_FOOT >= standing_y + MM_FOOT;
}

/* Screen range check on the pixel Y (virtual page included): lo <= Y < hi. */
static inline void mm_check_screen(mm_state *s, int32_t lo, int32_t hi)
{
	int32_t py = mm_py(s);
	if (py < lo || py >= hi)
		s->frame_flags |= MM_FLAG_OFFSCREEN >> 8;
}

static inline void mm_observe(const void *vs, js_obs *o)
{
	const mm_state *s = vs;
	int64_t y = (int64_t)mm_py(s) * 256 + s->y_sub;
	o->height = (int64_t)MM_GROUND_Y * 256 - y;
	o->grounded = !s->air || s->landed;
	o->flags = (uint32_t)s->frame_flags << 8;
}

#define MM_TRACE_HEADER "y_page,y_px,y_sub,speed,speed_frac,vel,air"
#define MM_TRACE_UNITS "256 px (+ down),px (+ down),1/256 px,px/frame (+ up),1/256 px/frame," \
	"1/256 px/frame (+ up),0/1"

static inline int mm_trace_row(const void *vs, char *buf, size_t n)
{
	const mm_state *s = vs;
	int vel = (int8_t)s->spd * 256 + s->spd_sub;
	return snprintf(buf, n, "%d,%u,%u,%d,%u,%d,%u", (int8_t)s->y_page, s->y_px, s->y_sub,
			(int8_t)s->spd, s->spd_sub, vel, s->air);
}

/* ---- fuzzing hooks shared by the three models (model.h) ----
 *
 * Fields: the Y bytes, the speed bytes at their full widths, the model's airborne flag and the
 * button history.  The page is the model's (mm1 and mm3 keep a screen byte instead, mm2 a page
 * byte it extends the same way): signed, its full width, so a start may sit near the 16-bit wrap
 * of page:pixel. */
#define MM_FIELD_Y_PAGE                                                                            \
	{ "y_page", offsetof(mm_state, y_page), JS_F_S8, -128, 127,                                \
	  "the page above the pixel byte (mm2 its page byte; mm1 / mm3 the model's virtual page, "   \
	  "the game changes screens instead): signed, Y = page * 256 + pixel" }
#define MM_FIELD_Y_PX(label)                                                                       \
	{ "y_px", offsetof(mm_state, y_px), JS_F_U8, 0, 255, label }
#define MM_FIELD_Y_SUB(label)                                                                      \
	{ "y_sub", offsetof(mm_state, y_sub), JS_F_U8, 0, 255, label }
#define MM_FIELD_SPEED(label)                                                                      \
	{ "speed", offsetof(mm_state, spd), JS_F_S8, -128, 127, label " (signed, + up)" }
#define MM_FIELD_SPEED_FRAC(label)                                                                 \
	{ "speed_frac", offsetof(mm_state, spd_sub), JS_F_U8, 0, 255, label }
#define MM_FIELD_AIR                                                                               \
	{ "air", offsetof(mm_state, air), JS_F_U8, 0, 1,                                           \
	  "the model's airborne flag: 1 from the take-off frame until the landing frame (the game's " \
	  "state: on the ground or jumping)" }
#define MM_FIELD_PREV_A(label)                                                                     \
	{ "prev_a", offsetof(mm_state, prev_a), JS_F_U8, 0, 1, label }

/* A start on the ground stands on the take-off floor as the game leaves him there: Y $94 on page
 * 0, the game's standing speed (rest), the sub-pixel cleared unless the game keeps it (mm3). */
static inline void mm_fuzz_fix(mm_state *s, unsigned rest88, int keep_sub)
{
	s->landed = 0;
	s->frame_flags = 0;
	if (!s->air) {
		s->y_page = 0;
		s->y_px = MM_GROUND_Y;
		if (!keep_sub)
			s->y_sub = 0;
		mm_set_speed(s, rest88);
	}
}

/* The rules of one step (model.h invariants), the same in the three games. */
enum { MM_INV_SPEED_WRAP, MM_INV_FALL_CAP, MM_INV_Y_WRAP };
#define MM_INV_NAMES                                                                               \
	[MM_INV_SPEED_WRAP] = "speed_wrap", [MM_INV_FALL_CAP] = "fall_cap", [MM_INV_Y_WRAP] = "y_wrap"
#define MM_INV_WHAT(cap_text)                                                                      \
	[MM_INV_SPEED_WRAP] = "gravity never turns Mega Man's fall into a rise in the air (the "   \
			      "speed's whole byte is signed)",                                     \
	[MM_INV_FALL_CAP] = "the fall speed never gets past the terminal speed " cap_text          \
			    " unless it already was past it",                                      \
	[MM_INV_Y_WRAP] = "Mega Man's 16-bit Y (page:pixel) does not wrap from the top to the "     \
			  "bottom or back"

/* cap88: the terminal speed as a signed 8.8 value (-12.00 = -3072). */
static inline uint32_t mm_invariants(const mm_state *b, const mm_state *a, int32_t cap88)
{
	uint32_t bits = 0;
	int32_t vb = mm_speed88(b), va = mm_speed88(a);
	/* In the air (no landing, no take-off this step) the speed only goes down or is reset
	 * lower (release rules, the clamp up to the cap from past it): from < 0 to >= 0 is the
	 * whole byte's $80 - 1 = $7F. */
	if (b->air && a->air && !a->landed && vb < 0 && va >= 0)
		bits |= 1u << MM_INV_SPEED_WRAP;
	/* The clamp after gravity (CMP #cap / BCS) keeps the whole byte out of $80..cap-1. */
	if (va < cap88 && va < vb)
		bits |= 1u << MM_INV_FALL_CAP;
	/* A step moves Y by at most 128 px (and a landing snap by 15): more is a wrap. */
	int32_t d = mm_py(a) - mm_py(b);
	if (d > 32768 || d < -32768)
		bits |= 1u << MM_INV_Y_WRAP;
	return bits;
}

#else /* ---- the lane kernel, shared: one instance per game file and ISA ---- */

#include "lane.h"

#if (defined(__AVX512F__) || defined(__AVX2__) || defined(__SSE4_2__)) && !defined(JS_LANE_SCALAR)
#include <immintrin.h> /* only for the sign-bit masks of mm_vall / mm_vany */
#endif

/* What differs between the games' frames, as constants the compiler folds into each instance.
 * Speeds are 8.8 values in 1/256 px/frame (+ up) as int32. */
typedef struct mm_game {
	int32_t g, jump;      /* gravity and take-off speed, when the same for every lane */
	int per_lane_env;     /* mm2: gravity, take-off speed, rest speed per lane (env) */
	int32_t cap;          /* terminal speed: cap byte * 256 (mm1/mm2 -12.00, mm3 -7.00) */
	int32_t rest;         /* speed after a landing snap (mm1 $FF.40, mm3 $FF.C0) */
	int takeoff_moves;    /* mm3's frame: the take-off frame runs the air step too, the release
			       * comes before moving (speed >= 0, A up -> rest), gravity and its
			       * clamp before the floor check, the landing snap keeps the sub-pixel */
	int skip_every;       /* mm2: the water frame skip's $FB (4), 0 for none */
	int32_t scr_lo, scr_hi; /* `offscreen` unless scr_lo <= Y pixel < scr_hi */
	int32_t calm_y;       /* mm1, mm2: a group whose landing floors' standing Y (px) are all at
			       * most this has no clamp and no `offscreen` in a fast frame (the game
			       * file says why), so its fast frames run as stretches (mm_calm_run);
			       * 0: none */
} mm_game;

/* The per-lane values a game file computes from its axes, for one group, as vectors. */
typedef struct mm_lane_setup {
	js_vi g, jump, land_y; /* gravity, take-off speed (8.8), landing floor's standing Y (px) */
	js_vi skip_on, timer;  /* mm2: -1 where the water frame skip runs; $FC on frame 0 */
	js_vi sub;             /* Y sub-pixel before frame 0 */
} mm_lane_setup;

/* ax: the group's axis values (JS_MAX_AXES vectors).  weight: for scheduling, a rough factor
 * for how long lane l's jumps last. */
typedef void (*mm_setup_fn)(const js_vi *ax, mm_lane_setup *out);
typedef int (*mm_weight_fn)(const js_lane_args *args, int l);

/* The accounting of model.h (js_acc_frame) for one group, in registers: the same results as
 * lane.h's js_vacc, with less work a frame, using what holds in these games:
 *   - took |= airborne (a landed lane has took set already);
 *   - the landing frame is kept instead of the airtime (airtime = landing frame + 1, and -1 + 1
 *     = 0 for a lane that never lands);
 *   - below_start is found at the store, not every frame.  After the take-off the speed only
 *     falls (gravity, the clamp at a negative cap, release rules that only lower it), so the
 *     height rises, then falls, until the landing.  On flat ground every airborne frame is
 *     above the take-off height (the feet are above the floor row), so a jump that lands on
 *     the take-off floor never goes below it; one that lands on a lower floor (drop >= 1 tile,
 *     16 px, more than a frame's fall of at most 12 px) has an airborne frame below it; and one
 *     still airborne at the frame limit went below it exactly when its last height is < 0. */
typedef struct mm_acc {
	js_vi rise, apex, land, took, landed, last_jump;
	js_vu flags;
} mm_acc;

static inline void mm_acc_frame(mm_acc *a, js_vi fv, js_vi height, js_vi grounded, js_vu fl)
{
	a->took |= ~grounded;
	js_vi on = a->took & ~a->landed;
	a->flags |= fl & (js_vu)on;
	js_vi higher = on & (height > a->rise);
	a->rise = js_vblend(higher, height, a->rise);
	a->apex = js_vblend(higher, fv, a->apex);
	js_vi lands = on & grounded;
	a->land = js_vblend(lands, fv, a->land);
	a->landed |= lands;
}

/* 1 when every lane of m is set (m: -1 / 0 per lane). */
static inline int mm_vall(js_vi m)
{
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR)
	__m512i x;
	__builtin_memcpy(&x, &m, sizeof x);
	return _mm512_movepi32_mask(x) == 0xffff;
#elif defined(__AVX2__) && !defined(JS_LANE_SCALAR)
	__m256 x;
	__builtin_memcpy(&x, &m, sizeof x);
	return _mm256_movemask_ps(x) == 0xff;
#elif defined(__SSE4_2__) && !defined(JS_LANE_SCALAR)
	__m128 x;
	__builtin_memcpy(&x, &m, sizeof x);
	return _mm_movemask_ps(x) == 0xf;
#else
	return js_vall(m);
#endif
}

static inline js_vu mm_vselu(js_vi m, js_vu a, js_vu b)
{
	return (js_vu)js_vblend(m, (js_vi)a, (js_vi)b);
}

/* 1 when some lane of m is set. */
static inline int mm_vany(js_vi m)
{
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR)
	__m512i x;
	__builtin_memcpy(&x, &m, sizeof x);
	return _mm512_movepi32_mask(x) != 0;
#elif defined(__AVX2__) && !defined(JS_LANE_SCALAR)
	__m256 x;
	__builtin_memcpy(&x, &m, sizeof x);
	return _mm256_movemask_ps(x) != 0;
#elif defined(__SSE4_2__) && !defined(JS_LANE_SCALAR)
	__m128 x;
	__builtin_memcpy(&x, &m, sizeof x);
	return _mm_movemask_ps(x) != 0;
#else
	int32_t any = 0;
	for (int i = 0; i < JS_VW; i++)
		any |= m[i];
	return any != 0;
#endif
}

/* One group of JS_VW lanes, in registers.  y: Y in 1/256 px (page:pixel:sub-pixel as one
 * number; the byte chains of mm_move are exactly this subtraction); v: the 8.8 speed. */
typedef struct mm_lanes {
	js_vi g, jump, rest, land_y;      /* per lane (mm2): gravity, take-off speed, rest speed */
	js_vi skip_on;                    /* mm2: -1 where the water frame skip runs */
	js_vi ylim1;                      /* min(landing Y, screen bottom) << 8, less 1: fast-path
					   * events (yip > ylim1, one compare on AVX2) */
	js_vi g0y;                        /* MM_GROUND_Y << 8, made once (lane.h's js_vopaque) */
	js_vi y, v, air, prev, timer, idle_next; /* air, prev, idle_next: -1 / 0 */
	mm_acc acc;
} mm_lanes;

/* The block after scheduling (see mm_lane_run): the axes and input plane 0 with the lanes in
 * their new order (pointers to the caller's arrays when the order is unchanged). */
typedef struct mm_block {
	const int32_t *ax[JS_MAX_AXES];
	const uint32_t *in;
	int32_t last[JS_BLOCK];
	uint8_t lane[JS_BLOCK]; /* slot -> the lane's index in the caller's block */
	_Alignas(64) int32_t ax_buf[JS_MAX_AXES][JS_BLOCK];
	_Alignas(64) uint32_t in_buf[(JS_MAX_FRAMES / 32) * JS_BLOCK];
} mm_block;

static inline __attribute__((always_inline)) void
mm_lanes_init(const mm_game *G, mm_setup_fn setup, mm_lanes *s, const mm_block *b, int l0)
{
	js_vi ax[JS_MAX_AXES];
	for (int a = 0; a < JS_MAX_AXES; a++)
		ax[a] = b->ax[a] ? js_vload(b->ax[a] + l0) : js_vsplat(0);
	mm_lane_setup u;
	setup(ax, &u);
	s->g = u.g;
	s->jump = u.jump;
	s->rest = G->per_lane_env ? -u.g : js_vopaque(js_vsplat(G->rest));
	s->g0y = js_vopaque(js_vsplat(MM_GROUND_Y << 8));
	s->land_y = u.land_y << 8;
	js_vi bottom = js_vsplat(G->scr_hi << 8);
	s->ylim1 = js_vblend(s->land_y < bottom, s->land_y, bottom) - 1;
	s->skip_on = u.skip_on;
	s->timer = u.timer;
	s->y = js_vsplat(MM_GROUND_Y << 8) | u.sub;
	s->v = s->rest;
	s->air = s->prev = s->idle_next = js_vsplat(0);
	s->acc.rise = s->acc.apex = s->acc.took = s->acc.landed = js_vsplat(0);
	s->acc.land = js_vsplat(-1);
	s->acc.flags = (js_vu)js_vsplat(0);
	s->acc.last_jump = js_vload(b->last + l0);
}

/* One frame of mm1 / mm2 (take-off without a move) or mm3 (the take-off frame moves). */
static inline __attribute__((always_inline)) void
mm_lanes_frame(const mm_game *G, mm_lanes *s, const uint32_t *in, int l0, int f)
{
	const js_vi zero = js_vsplat(0);
	js_vu word = js_vloadu(in + (f >> 5) * JS_BLOCK + l0);
	js_vi a = (js_vi)(word << (unsigned)(31 - (f & 31))) >> 31; /* -1 held: the bit, spread */
	js_vi press = a & ~s->prev;
	js_vi g0y = s->g0y;
	js_vi gv = G->per_lane_env ? s->g : js_vsplat(G->g);
	js_vi jv = G->per_lane_env ? s->jump : js_vsplat(G->jump);
	js_vi rv = s->rest;
	js_vi cap = js_vsplat(G->cap);
	js_vi y, v, yip, vg, capped, rel, hit, landed, air, act;
	if (!G->takeoff_moves) {
		/* mm1 / mm2: one vertical step for every lane, on the take-off floor while standing.
		 * The floors are whole pixels (<< 8), so "feet in the floor" is yip >= floor. */
		js_vi floor = js_vblend(s->air, s->land_y, g0y);
		js_vi falling = s->v < zero;
		yip = s->y - s->v;
		hit = falling & (yip >= floor);
		vg = s->v - gv;
		capped = vg < cap;
		vg = js_vblend(capped, cap, vg);
		capped &= ~hit; /* mm1 skips gravity on a hit, mm2 zeroes the speed first */
		rel = ~falling & ~a & (vg >= js_vsplat(0x200));
		vg = js_vblend(rel, js_vsplat(0x100), vg);
		y = js_vblend(hit, floor, yip);
		js_vi takeoff = hit & press;
		v = js_vblend(hit, js_vblend(press, jv, rv), vg);
		landed = hit & s->air;
		air = (s->air & ~hit) | takeoff;
		act = js_vsplat(-1);
	} else {
		/* mm3: standing lanes run player_airborne on the floor (Y += $00.40, snap back, keep
		 * the sub-pixel, speed $FF.C0); a press then runs it again with the take-off speed. */
		js_vi ys = g0y | ((s->y + 0x40) & 0xff);
		act = s->air | press;
		js_vi vin = js_vblend(s->air, s->v, jv);
		js_vi yin = js_vblend(s->air, s->y, ys);
		rel = act & (vin >= zero) & ~a;
		vin = js_vblend(rel, rv, vin);
		js_vi falling = vin < zero;
		yip = yin - vin;
		vg = vin - gv;
		capped = vg < cap;
		vg = js_vblend(capped, cap, vg);
		capped &= act;
		hit = act & falling & (yip >= s->land_y);
		y = js_vblend(hit, s->land_y | (yip & 0xff), js_vblend(act, yip, ys));
		v = js_vblend(act & ~hit, vg, rv);
		landed = hit & s->air;
		air = (s->air & ~hit) | (~s->air & press);
	}
	/* offscreen: Y pixel outside [scr_lo, scr_hi): one unsigned compare on Y << 8 */
	js_vu pyo = (js_vu)(yip - (G->scr_lo << 8));
	js_vi off = act & (js_vi)(pyo >= (js_vu)js_vsplat((G->scr_hi - G->scr_lo) << 8));
	js_vu fl = ((js_vu)capped & MM_FLAG_CAPPED) | ((js_vu)rel & MM_FLAG_RELEASED) |
		   ((js_vu)off & MM_FLAG_OFFSCREEN) | ((js_vu)(landed & press) & MM_FLAG_LANDING_PRESS);
	js_vi grounded = ~air | landed;
	if (G->skip_every) {
		/* The water wait (_nmi_wait_water): no game logic, no controller read. */
		js_vi run = ~s->idle_next;
		s->y = js_vblend(run, y, s->y);
		s->v = js_vblend(run, v, s->v);
		grounded = js_vblend(run, grounded, ~s->air);
		s->air = js_vblend(run, air, s->air);
		s->prev = js_vblend(run, a, s->prev);
		fl &= (js_vu)run;
		/* main_game_loop: INC frame_skip_hi / CMP: the wait after skip_every game frames. */
		js_vi t = s->timer - (run & s->skip_on);
		js_vi wait = t >= js_vsplat(G->skip_every);
		s->timer = js_vblend(wait, zero, t);
		s->idle_next = wait;
	} else {
		s->y = y;
		s->v = v;
		s->air = air;
		s->prev = a;
	}
	mm_acc_frame(&s->acc, js_vsplat(f), g0y - s->y, grounded, fl);
}

/* The fast path: a frame on which no lane's A changed (nor, for mm2, on the frame before: an
 * idle frame does not read the pad).  Then no lane presses, and no release rule can fire: a
 * release needs A up on a rising frame, and had A been up on the frame before as well, the rule
 * would have fired then and left the lane too slow (mm1/mm2: $01.00 - gravity < $02.00) or
 * falling (mm3: $FF.C0 - gravity).  So an airborne lane only moves and takes gravity, a standing
 * lane stands (mm1/mm2: a fixed point; mm3: the sub-pixel += $40), and the frame's other events
 * - the clamp, leaving the screen, and for mm3 a landing - are checked first: if any lane has one
 * the frame is left to mm_lanes_frame (returns 0, nothing changed).  Lanes that have landed are
 * done: what the fast path leaves in them is never read (it skips the snap of a lane standing on
 * a lower floor, which mm_lanes_frame would redo).
 * mm1 (neither takeoff_moves nor the water skip) lands here too, as mm_lanes_frame does with no
 * press and no clamp: Y := the landing floor, speed := rest, no flag; a lane in the air from
 * init's states is above its landing floor (Y < land_y, see the top of this file) and moves down
 * only falling, so the hit needs no sign test.  And it tracks the apex here (mm_acc_frame's part:
 * the height of a lane not landed yet, frame f; a standing lane is at height 0 <= rise).  So its
 * full frames are only those where some A changes (and the clamp, the screen edges), not every
 * landing and apex of the group (measured faster on AVX2 and AVX-512).  A calm group (mm1.c's
 * MM1_CALM_Y, mm2.c's MM2_CALM_Y) runs its fast frames as stretches instead, landings and apexes
 * in them, on every path (mm_calm_run, below: on the default grids mm1's AVX-512 rate 1.79e9 ->
 * 2.75e9 lane-steps/s, AVX2 1.19e9 -> 1.72e9; mm2's AVX-512 1.73e9 -> 1.90e9, AVX2 1.05e9 ->
 * 1.38e9).
 * mm2 and mm3 do not (measured slower for mm2): a landing is an event, and the apex is tracked
 * from the events: after the take-off the height rises, then falls (see mm_acc), so the highest
 * point is on the last frame that moves up, the frame whose speed goes from > 0 to <= 0 - an
 * event here, so mm_lanes_frame tracks it - or, in mm3, the frame before a release (which comes
 * before the move): mm_lane_run tracks the frame before every full frame in mm3.  The last two
 * frames are always full frames, so a jump cut off while rising is tracked too.  (mm1 on the
 * narrow paths, scalar and SSE4, too: there the landing and the apex cost more than the full
 * frames they save, measured.) */
static inline __attribute__((always_inline)) int
mm_lanes_fast(const mm_game *G, mm_lanes *s, int f)
{
	js_vi gv = G->per_lane_env ? s->g : js_vsplat(G->g);
	js_vi yip = s->y - s->v;
	js_vi vg = s->v - gv;
	js_vi run = G->skip_every ? ~s->idle_next : js_vsplat(-1);
	js_vi fly = s->air & run;
	if (G->takeoff_moves || G->skip_every || JS_VW < 8) {
		js_vi ev = fly & ((yip > s->ylim1) | (yip < js_vsplat(G->scr_lo << 8)) |
				  (vg < js_vsplat(G->cap)) |
				  ((s->v > js_vsplat(0)) & (vg < js_vsplat(1))));
		if (mm_vany(ev))
			return 0;
		if (G->takeoff_moves) {
			js_vi ys = s->g0y | ((s->y + 0x40) & 0xff);
			s->y = js_vblend(s->air, yip, ys);
			s->v = js_vblend(s->air, vg, s->rest);
		} else {
			s->y = js_vblend(fly, yip, s->y);
			s->v = js_vblend(fly, vg, s->v);
		}
	} else {
		js_vi rv = G->per_lane_env ? s->rest : js_vsplat(G->rest);
#if JS_VW == 16 && defined(__AVX512F__) && !defined(JS_LANE_SCALAR)
		/* The same on mask registers (GCC turns the generic masks into vectors and back). */
		__m512i zy = (__m512i)s->y, zv = (__m512i)s->v, zyip = (__m512i)yip;
		__mmask16 kfly = _mm512_movepi32_mask((__m512i)fly);
		__mmask16 kev = _mm512_mask_cmpge_epu32_mask(
			kfly, _mm512_sub_epi32(zyip, _mm512_set1_epi32(G->scr_lo << 8)),
			_mm512_set1_epi32((G->scr_hi - G->scr_lo) << 8));
		kev |= _mm512_mask_cmplt_epi32_mask(kfly, (__m512i)vg, _mm512_set1_epi32(G->cap));
		if (kev)
			return 0;
		__mmask16 khit = _mm512_mask_cmpge_epi32_mask(kfly, zyip, (__m512i)s->land_y);
		zy = _mm512_mask_mov_epi32(zy, kfly, zyip);
		s->y = (js_vi)_mm512_mask_mov_epi32(zy, khit, (__m512i)s->land_y);
		zv = _mm512_mask_mov_epi32(zv, kfly, (__m512i)vg);
		s->v = (js_vi)_mm512_mask_mov_epi32(zv, khit, (__m512i)rv);
		s->air = (js_vi)_mm512_mask_mov_epi32((__m512i)s->air, khit, _mm512_setzero_si512());
		mm_acc *a = &s->acc;
		__m512i fv = _mm512_set1_epi32(f);
		__mmask16 kld = _mm512_movepi32_mask((__m512i)a->landed);
		a->land = (js_vi)_mm512_mask_mov_epi32((__m512i)a->land, khit & ~kld, fv);
		kld |= khit;
		a->landed = (js_vi)_mm512_mask_mov_epi32((__m512i)a->landed, khit,
							 _mm512_set1_epi32(-1));
		__m512i height = _mm512_sub_epi32(_mm512_set1_epi32(MM_GROUND_Y << 8), (__m512i)s->y);
		__mmask16 higher = _mm512_mask_cmpgt_epi32_mask(~kld, height, (__m512i)a->rise);
		a->rise = (js_vi)_mm512_mask_mov_epi32((__m512i)a->rise, higher, height);
		a->apex = (js_vi)_mm512_mask_mov_epi32((__m512i)a->apex, higher, fv);
#else
		js_vi ev = fly & ((yip >= js_vsplat(G->scr_hi << 8)) |
				  (yip < js_vsplat(G->scr_lo << 8)) | (vg < js_vsplat(G->cap)));
		if (mm_vany(ev))
			return 0;
		(void)rv;
		js_vi hit = fly & (yip >= s->land_y);
		/* hit is within fly; s->rest is rv (one value kept, not a constant rebuilt here) */
		s->y = js_vblend(hit, s->land_y, js_vblend(fly, yip, s->y));
		s->v = js_vblend(hit, s->rest, js_vblend(fly, vg, s->v));
		s->air &= ~hit;
		mm_acc *a = &s->acc;
		js_vi fv = js_vsplat(f);
		a->land = js_vblend(hit & ~a->landed, fv, a->land);
		a->landed |= hit;
		js_vi height = s->g0y - s->y;
		js_vi higher = ~a->landed & (height > a->rise);
		a->rise = js_vblend(higher, height, a->rise);
		a->apex = js_vblend(higher, fv, a->apex);
#endif
	}
	if (G->skip_every) {
		js_vi t = s->timer - (run & s->skip_on);
		js_vi wait = t >= js_vsplat(G->skip_every);
		s->timer = js_vblend(wait, js_vsplat(0), t);
		s->idle_next = wait;
	}
	/* mm_acc_frame with grounded = ~air: no take-off, no flags (mm3: no landing, no apex) */
	return 1;
}

/* A calm group's fast frames f..e-1 (no lane's A changes, and no clamp nor screen edge can come:
 * the game file says why; mm1 and mm2) as one stretch, in place of mm_lanes_fast's frames with fewer operations a frame than
 * mm_lanes_fast, and a shorter dependency chain (mm_lanes_fast's Y and speed wait on the landing
 * test each frame, and it leaves mm2's landings and apexes to mm_lanes_frame):
 *   - the lanes that move are those that took off and have not landed (moving: took & ~landed,
 *     fixed for the stretch, as no press comes in it), on mm2's game frames (run: not the water
 *     wait).  The speed is kept as vk = speed & moving, so gravity is vk -= g & moving & run and
 *     the move Y -= vk & run: the other lanes stand still.  A lane that lands keeps moving:
 *     Y := min(Y - speed, landing Y) holds it on the floor (it falls, speed < 0), and its speed
 *     is set to rest at the end of the stretch, as mm_lanes_fast does at the landing; a standing
 *     lane is above every landing floor, so the min keeps its Y.  The landing frame is the first
 *     with Y - speed >= landing Y (fly: the moving lanes not landed);
 *   - the apex: in the air the speed only goes down (gravity; no release in a fast frame), so a
 *     frame moves a lane higher than every frame before it exactly when it moves with a speed
 *     > 0, and then it does not land (a landing falls): higher = (vk & run) > 0;
 *   - mm2's water wait: the frame-skip timer as mm_lanes_fast counts it, every lane.
 * Lanes that landed before the stretch (or relaunched: landed, air again) stand still: what is
 * left in them is never read (see mm_lanes_fast).  Returns the frame after the last one run: e,
 * or earlier when the group is done (mm_done, after a frame f with f & 3 == 3); *done says so. */
static inline __attribute__((always_inline)) int mm_calm_run(const mm_game *G, mm_lanes *s,
							     int f, int e, int *done)
{
	mm_acc *a = &s->acc;
	const js_vi moving = a->took & ~a->landed, wait = ~a->took, landed0 = a->landed;
	const js_vi gk = (G->per_lane_env ? s->g : js_vsplat(G->g)) & moving;
	const js_vi land_y = s->land_y, g0y = s->g0y;
	js_vi y = s->y, vk = s->v & moving, fly = moving;
	js_vi rise = a->rise, apex = a->apex, land = a->land;
	js_vi timer = s->timer, idle = s->idle_next;
	*done = 0;
	while (f < e) {
		js_vi fv = js_vsplat(f);
		js_vi vr = vk, gr = gk;
		if (G->skip_every) { /* the water wait: no game logic */
			vr &= ~idle;
			gr &= ~idle;
			js_vi t = timer - (~idle & s->skip_on);
			idle = t >= js_vsplat(G->skip_every);
			timer = js_vblend(idle, js_vsplat(0), t);
		}
		js_vi yip = y - vr;
		js_vi higher = vr > js_vsplat(0);
		vk -= gr;
		y = js_vmin(yip, land_y);
		js_vi hit = fly & (yip >= land_y);
		fly &= ~hit;
		land = js_vblend(hit, fv, land);
		rise = js_vblend(higher, g0y - yip, rise);
		apex = js_vblend(higher, fv, apex);
		f++;
		if ((f & 3) == 0 &&
		    mm_vall(landed0 | (moving & ~fly) | (wait & (a->last_jump <= fv)))) {
			*done = 1;
			break;
		}
	}
	js_vi now = moving & ~fly; /* landed in the stretch */
	s->y = y;
	s->v = js_vblend(moving, js_vblend(now, s->rest, vk), s->v);
	s->air &= ~now;
	s->timer = timer;
	s->idle_next = idle;
	a->landed |= now;
	a->land = land;
	a->rise = rise;
	a->apex = apex;
	return f;
}

/* The first frame from f on whose bit is set in chg (chg's last frames are set: see the caller). */
static inline int mm_next_change(const uint32_t *chg, int f)
{
	int i = f >> 5;
	uint32_t w = chg[i] & (~0u << (f & 31));
	while (!w)
		w = chg[++i];
	return i * 32 + __builtin_ctz(w);
}

static inline __attribute__((always_inline)) void
mm_acc_store(const mm_lanes *s, const js_lane_args *args, const uint8_t *lane, int l0, int n,
	     int moved)
{
	const mm_acc *a = &s->acc;
	js_vi g0y = js_vsplat(MM_GROUND_Y << 8);
	/* no take-off; or still airborne (below the start when its Y is); or landed (below the
	 * start when on a lower floor) */
	js_vu below = (js_vu)(js_vblend(a->landed, s->land_y, s->y) > g0y) & JS_FLAG_BELOW_START;
	js_vu fl = a->flags | mm_vselu(a->took,
				       ((js_vu)~a->landed & JS_FLAG_NOT_LANDED) | below,
				       (js_vu)js_vsplat(JS_FLAG_NO_TAKEOFF));
#if JS_VW == 16 && defined(__AVX512F__) && !defined(JS_LANE_SCALAR)
	if (!moved) { /* the caller's order: masked stores of the lanes below n */
		__mmask16 k = (__mmask16)(n - l0 >= 16 ? 0xffff : (1u << (n - l0)) - 1u);
		__m512i r = (__m512i)a->rise;
		_mm512_mask_storeu_epi64(args->rise + l0, (__mmask8)k,
					 _mm512_cvtepi32_epi64(_mm512_castsi512_si256(r)));
		_mm512_mask_storeu_epi64(args->rise + l0 + 8, (__mmask8)(k >> 8),
					 _mm512_cvtepi32_epi64(_mm512_extracti64x4_epi64(r, 1)));
		_mm512_mask_storeu_epi32(args->apex_frame + l0, k, (__m512i)a->apex);
		_mm512_mask_storeu_epi32(args->airtime + l0, k, (__m512i)(a->land + 1));
		_mm512_mask_storeu_epi32(args->flags + l0, k, (__m512i)fl);
		return;
	}
#else
	if (!moved && l0 + JS_VW <= n) { /* the caller's order, a whole group: vector stores */
		js_vi land1 = a->land + 1;
		for (int i = 0; i < JS_VW; i++)
			args->rise[l0 + i] = a->rise[i];
		memcpy(args->apex_frame + l0, &a->apex, sizeof a->apex);
		memcpy(args->airtime + l0, &land1, sizeof land1);
		memcpy(args->flags + l0, &fl, sizeof fl);
		return;
	}
#endif
	int32_t rise[JS_VW], apex[JS_VW], air[JS_VW];
	uint32_t flags[JS_VW];
	js_vstore(rise, a->rise);
	js_vstore(apex, a->apex);
	js_vstore(air, a->land + 1);
	js_vstoreu(flags, fl);
	for (int i = 0; i < JS_VW && l0 + i < n; i++) {
		int l = lane[l0 + i];
		args->rise[l] = rise[i];
		args->apex_frame[l] = apex[i];
		args->airtime[l] = air[i];
		args->flags[l] = flags[i];
	}
}

/* The driver.  Scheduling: a group runs until its slowest lane is done, so the block's lanes are
 * first sorted (a counting sort on a small key: the last jump press, scaled by the lane's
 * weight; stable, so a block whose keys are in order keeps the caller's arrays) so that lanes of
 * similar length share a group; the results go back to their own slots.  Then one group of
 * JS_VW lanes at a time through all its frames, its state in registers: a frame is the fast
 * path unless some lane's A changed or the fast path finds an event, then mm_lanes_frame; an
 * early stop every 4 frames once the group is done.  (Two groups side by side, as smb1 steps
 * them, need more registers than AVX-512 has and do not fit the fast path's branch.) */
#define MM_KEYS 64

/* ---- starts from reference states (js_lane_args.start, the fuzzer's and `start` checks') ----
 *
 * A fuzz start can hold what the shortcuts above rule out: any speed -128.00..127.FF (gravity
 * wraps $80.xx to $7F.xx), Y anywhere on the 16-bit page:pixel (a move wraps it), Y deep in the
 * floor (a landing snaps to the tile there, not to the floor's top), a lane airborne that lands
 * before it ever rises, the water wait pending.  So a start runs this path instead: the
 * reference frame by frame on JS_VW lanes, no reordering, no fast path, the full accounting of
 * lane.h (js_vacc).  Y is page:pixel:sub-pixel as 24 bits and the speed 8.8 as 16 bits, each
 * sign-extended after every add: the byte chains with their borrows (mm_move, mm_gravity) are
 * exactly these adds mod 2^24 and 2^16. */
typedef struct mm_slanes {
	js_vi g, jump, rest, land_y, skip_on;   /* per lane: gravity, take-off, rest speed, floor, skip */
	js_vi y, v, air, prev, timer, idle_next; /* air, prev, idle_next: -1 / 0 */
	js_vacc acc;
} mm_slanes;

/* x's low `bits` bits, sign-extended. */
static inline js_vi mm_sext(js_vi x, int bits)
{
	return (js_vi)((js_vu)x << (unsigned)(32 - bits)) >> (32 - bits);
}

static inline __attribute__((always_inline)) void
mm_slanes_init(const mm_game *G, mm_setup_fn setup, mm_slanes *s, const js_lane_args *args, int l0)
{
	int32_t ax[JS_MAX_AXES][JS_VW];
	int32_t y[JS_VW], v[JS_VW], air[JS_VW], prev[JS_VW], timer[JS_VW], idle[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		for (int a = 0; a < JS_MAX_AXES; a++)
			ax[a][i] = args->axis[a] ? args->axis[a][l] : 0;
		const mm_state *st = (const mm_state *)args->start + l;
		y[i] = (int32_t)(int8_t)st->y_page * 65536 + st->y_px * 256 + st->y_sub;
		v[i] = mm_speed88(st);
		air[i] = -(st->air != 0);
		prev[i] = -(st->prev_a != 0);
		timer[i] = st->skip_timer;
		idle[i] = -(st->idle_next != 0);
	}
	js_vi axv[JS_MAX_AXES];
	for (int a = 0; a < JS_MAX_AXES; a++)
		axv[a] = js_vload(ax[a]);
	mm_lane_setup u;
	setup(axv, &u);
	s->g = G->per_lane_env ? u.g : js_vsplat(G->g);
	s->jump = G->per_lane_env ? u.jump : js_vsplat(G->jump);
	s->rest = G->per_lane_env ? -u.g : js_vsplat(G->rest);
	s->land_y = u.land_y << 8;
	s->skip_on = u.skip_on;
	s->y = js_vload(y);
	s->v = js_vload(v);
	s->air = js_vload(air);
	s->prev = js_vload(prev);
	s->timer = js_vload(timer);
	s->idle_next = js_vload(idle);
	js_vacc_init(&s->acc, args, l0);
}

/* Y - v on 24 bits, and the `offscreen` test on the result (Y pixel outside [scr_lo, scr_hi)). */
static inline __attribute__((always_inline)) js_vi mm_smove(const mm_game *G, js_vi y, js_vi v,
							   js_vi *off)
{
	js_vi yip = mm_sext(y - v, 24);
	js_vu pyo = (js_vu)(yip - (G->scr_lo << 8));
	*off = (js_vi)(pyo >= (js_vu)js_vsplat((G->scr_hi - G->scr_lo) << 8));
	return yip;
}

/* The landing snap: the pixel goes up to the tile row its feet (Y + 12) are in; sub-pixel 0. */
static inline js_vi mm_ssnap(js_vi yip)
{
	js_vi py = yip >> 8;
	return (py - ((py + MM_FOOT) & 0x0f)) << 8;
}

/* v - g on 16 bits and the clamp (whole byte $80..cap-1 -> cap.00). */
static inline js_vi mm_sgravity(js_vi v, js_vi g, js_vi cap, js_vi *capped)
{
	js_vi vg = mm_sext(v - g, 16);
	*capped = vg < cap;
	return js_vblend(*capped, cap, vg);
}

/* mm3's player_airborne on the lanes in `act`: release, move, gravity, the floor (snap keeps the
 * sub-pixel, speed := rest).  Returns the landing mask; *fl gets the flags. */
static inline __attribute__((always_inline)) js_vi
mm_sairborne3(const mm_game *G, const mm_slanes *s, js_vi *y, js_vi *v, js_vi a, js_vi floor,
	      js_vu *fl)
{
	js_vi rel = (*v >= 0) & ~a;
	js_vi vin = js_vblend(rel, s->rest, *v);
	js_vi falling = vin < 0;
	js_vi off, capped;
	js_vi yip = mm_smove(G, *y, vin, &off);
	js_vi vg = mm_sgravity(vin, s->g, js_vsplat(G->cap), &capped);
	js_vi hit = falling & (yip >= floor);
	*y = js_vblend(hit, mm_ssnap(yip) | (yip & 0xff), yip);
	*v = js_vblend(hit, s->rest, vg);
	*fl = ((js_vu)capped & MM_FLAG_CAPPED) | ((js_vu)rel & MM_FLAG_RELEASED) |
	      ((js_vu)off & MM_FLAG_OFFSCREEN);
	return hit;
}

static inline __attribute__((always_inline)) void
mm_slanes_frame(const mm_game *G, mm_slanes *s, const uint32_t *in, int l0, int f)
{
	js_vi a = -js_vbit(in + (f >> 5) * JS_BLOCK + l0, f);
	js_vi press = a & ~s->prev;
	js_vi g0y = js_vsplat(MM_GROUND_Y << 8);
	js_vi floor = js_vblend(s->air, s->land_y, g0y); /* standing: the take-off floor */
	js_vi y, v, hit, landed, air;
	js_vu fl;
	if (!G->takeoff_moves) {
		/* mm1: by the sign of the speed: rising -> move, gravity, release; falling -> move,
		 * the floor (snap, rest speed, no gravity) or gravity.  mm2: move, the floor (snap,
		 * speed 0), then gravity always: 0 - g = rest; the release only in the air. */
		js_vi falling = s->v < 0;
		js_vi off, capped;
		js_vi yip = mm_smove(G, s->y, s->v, &off);
		hit = falling & (yip >= floor);
		js_vi vg = mm_sgravity(s->v, s->g, js_vsplat(G->cap), &capped);
		capped &= ~hit;
		js_vi rel = ~falling & ~a & (vg >= js_vsplat(0x200));
		if (G->skip_every)
			rel &= s->air;
		vg = js_vblend(rel, js_vsplat(0x100), vg);
		y = js_vblend(hit, mm_ssnap(yip), yip);
		v = js_vblend(hit, js_vblend(press, s->jump, s->rest), vg);
		landed = hit & s->air;
		air = (s->air & ~hit) | (hit & press);
		fl = ((js_vu)capped & MM_FLAG_CAPPED) | ((js_vu)rel & MM_FLAG_RELEASED) |
		     ((js_vu)off & MM_FLAG_OFFSCREEN);
	} else {
		/* mm3: player_airborne (standing: on the take-off floor); a press on the floor then
		 * sets the take-off speed and runs it again. */
		js_vu fl1, fl2;
		js_vi y1 = s->y, v1 = s->v;
		hit = mm_sairborne3(G, s, &y1, &v1, a, floor, &fl1);
		js_vi takeoff = ~s->air & hit & press;
		js_vi y2 = y1, v2 = s->jump;
		mm_sairborne3(G, s, &y2, &v2, a, s->land_y, &fl2);
		y = js_vblend(takeoff, y2, y1);
		v = js_vblend(takeoff, v2, v1);
		fl = fl1 | (fl2 & (js_vu)takeoff);
		landed = hit & s->air;
		air = (s->air & ~hit) | takeoff;
	}
	fl |= (js_vu)(landed & press) & MM_FLAG_LANDING_PRESS;
	js_vi grounded = ~air | landed;
	if (G->skip_every) {
		/* The water wait: no game logic, no controller read; the timer as main_game_loop. */
		js_vi run = ~s->idle_next;
		s->y = js_vblend(run, y, s->y);
		s->v = js_vblend(run, v, s->v);
		grounded = js_vblend(run, grounded, ~s->air);
		s->air = js_vblend(run, air, s->air);
		s->prev = js_vblend(run, a, s->prev);
		fl &= (js_vu)run;
		js_vi on = run & s->skip_on;
		js_vi t = s->timer - on;
		js_vi wait = on & (t >= js_vsplat(G->skip_every));
		s->timer = js_vblend(wait, js_vsplat(0), t);
		s->idle_next = wait;
	} else {
		s->y = y;
		s->v = v;
		s->air = air;
		s->prev = a;
	}
	js_vacc_frame(&s->acc, f, g0y - s->y, grounded, fl);
}

static inline __attribute__((always_inline)) void
mm_lane_run_start(const mm_game *G, mm_setup_fn setup, const js_lane_args *args)
{
	for (int l0 = 0; l0 < args->n_lanes; l0 += JS_VW) {
		mm_slanes g0;
		mm_slanes_init(G, setup, &g0, args, l0);
		for (int f = 0; f < args->n_frames; f++) {
			mm_slanes_frame(G, &g0, args->input[0], l0, f);
			if ((f & 7) == 7 && js_vacc_done(&g0.acc, f))
				break;
		}
		js_vacc_store(&g0.acc, args, l0);
	}
}
/* mm_acc_frame's apex part for the state as it stands after frame f. */
static inline __attribute__((always_inline)) void mm_track(mm_lanes *s, int f)
{
	mm_acc *a = &s->acc;
	js_vi height = js_vsplat(MM_GROUND_Y << 8) - s->y;
	js_vi higher = a->took & ~a->landed & (height > a->rise);
	a->rise = js_vblend(higher, height, a->rise);
	a->apex = js_vblend(higher, js_vsplat(f), a->apex);
}

static inline __attribute__((always_inline)) int mm_done(const mm_acc *a, int f)
{
	return mm_vall(a->landed | (~a->took & (a->last_jump <= js_vsplat(f))));
}

static inline __attribute__((always_inline)) void
mm_lane_run(const mm_game *G, mm_setup_fn setup, mm_weight_fn weight, const js_lane_args *args)
{
	if (args->start) {
		mm_lane_run_start(G, setup, args);
		return;
	}
	int n = args->n_lanes, words = (args->n_frames + 31) >> 5;
	mm_block b;
	uint8_t key[JS_BLOCK];
	int sorted = 1;
#if JS_VW == 16 && defined(__AVX512F__) && !defined(JS_LANE_SCALAR)
	/* The last press of each slot (all JS_BLOCK slots are lanes: past n_lanes, copies of the
	 * last one): the highest bit of a word is its exponent as a float rounded toward zero. */
	for (int l0 = 0; l0 < JS_BLOCK; l0 += 16) {
		__m512i last = _mm512_set1_epi32(-1);
		for (int w = 0; w < words; w++) {
			__m512i x = _mm512_loadu_si512(args->input[0] + w * JS_BLOCK + l0);
			__m512 fx = _mm512_cvt_roundepu32_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
			__m512i hb = _mm512_sub_epi32(_mm512_srli_epi32(_mm512_castps_si512(fx), 23),
						      _mm512_set1_epi32(127 - 32 * w));
			last = _mm512_mask_mov_epi32(last, _mm512_test_epi32_mask(x, x), hb);
		}
		_mm512_storeu_si512(b.last + l0, last);
	}
#endif
#if !(JS_VW == 16 && defined(__AVX512F__) && !defined(JS_LANE_SCALAR))
	for (int l0 = 0; l0 < JS_BLOCK; l0 += JS_VW) /* (lane.h: the same top set bit) */
		js_vstore(b.last + l0, js_vlast_set(args->input[0] + l0, words));
#endif
	for (int l = 0; l < n; l++) {
		int last = b.last[l];
		int k = (last + 1) * weight(args, l);
		k = k < MM_KEYS - 1 ? k : MM_KEYS - 1;
		key[l] = (uint8_t)k;
		sorted &= l == 0 || k >= key[l - 1];
	}
	/* Keys already in order (a grid's blocks run pattern-major: usually one hold, or holds
	 * ascending): the stable sort is the identity, skip it. */
	int moved = 0;
	if (!sorted) {
		int count[MM_KEYS + 1] = { 0 };
		for (int l = 0; l < n; l++)
			count[key[l] + 1]++;
		for (int k = 0; k < MM_KEYS; k++)
			count[k + 1] += count[k];
		for (int l = 0; l < n; l++) {
			int i = count[key[l]]++;
			b.lane[i] = (uint8_t)l;
			moved |= i != l;
		}
	} else {
		for (int l = 0; l < n; l++)
			b.lane[l] = (uint8_t)l;
	}
	for (int i = n; i < JS_BLOCK; i++)
		b.lane[i] = (uint8_t)(n - 1);
	if (!moved) { /* the caller's order: its slots past n are copies of lane n - 1 already */
		for (int a = 0; a < JS_MAX_AXES; a++)
			b.ax[a] = args->axis[a];
		b.in = args->input[0];
		for (int i = n; i < JS_BLOCK; i++)
			b.last[i] = b.last[n - 1];
	} else {
		int32_t last[JS_BLOCK];
		for (int i = 0; i < JS_BLOCK; i++)
			last[i] = b.last[b.lane[i]];
		memcpy(b.last, last, sizeof last);
		for (int a = 0; a < JS_MAX_AXES; a++) {
			b.ax[a] = NULL;
			if (!args->axis[a])
				continue;
			for (int i = 0; i < JS_BLOCK; i++)
				b.ax_buf[a][i] = args->axis[a][b.lane[i]];
			b.ax[a] = b.ax_buf[a];
		}
		for (int w = 0; w < words; w++)
			for (int i = 0; i < JS_BLOCK; i++)
				b.in_buf[w * JS_BLOCK + i] = args->input[0][w * JS_BLOCK + b.lane[i]];
		b.in = b.in_buf;
	}
	for (int l0 = 0; l0 < n; l0 += JS_VW) {
		/* chg: bit f set when some lane's A differs on frame f from frame f - 1 (A is up
		 * before frame 0); for mm2 also when it differed on frame f - 1 (an idle frame). */
		uint32_t chg[JS_MAX_FRAMES / 32];
		uint32_t carry = 0;
		for (int w = 0; w < words; w++) {
			uint32_t c = 0;
			for (int i = 0; i < JS_VW; i++) {
				uint32_t x = b.in[w * JS_BLOCK + l0 + i];
				c |= x ^ (x << 1 | (w ? b.in[(w - 1) * JS_BLOCK + l0 + i] >> 31 : 0));
			}
			if (G->skip_every) {
				uint32_t c1 = c << 1 | carry;
				carry = c >> 31;
				c |= c1;
			}
			chg[w] = c;
		}
		for (int f = args->n_frames - 2; f < args->n_frames; f++)
			if (f >= 0)
				chg[f >> 5] |= 1u << (f & 31);
		mm_lanes g0;
		mm_lanes_init(G, setup, &g0, &b, l0);
		int calm = G->calm_y && mm_vall(g0.land_y <= js_vsplat(G->calm_y << 8));
		for (int f = 0; f < args->n_frames; f++) {
			if (calm && !G->takeoff_moves && !((chg[f >> 5] >> (f & 31)) & 1u)) {
				int done;
				f = mm_calm_run(G, &g0, f, mm_next_change(chg, f), &done);
				if (done)
					break;
			}
			if (((chg[f >> 5] >> (f & 31)) & 1u) || !mm_lanes_fast(G, &g0, f)) {
				if (G->takeoff_moves && f > 0)
					mm_track(&g0, f - 1);
				mm_lanes_frame(G, &g0, b.in, l0, f);
			}
			if ((f & 3) == 3 && mm_done(&g0.acc, f))
				break;
		}
		mm_acc_store(&g0, args, b.lane, l0, n, moved);
	}
}

#endif
#endif
