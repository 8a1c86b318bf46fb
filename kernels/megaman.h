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
 * and a lane kernel's int32 Y (1/256 px) is exactly page:pixel:sub-pixel.
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

#ifndef JS_LANE_SUFFIX /* ---- reference helpers ---- */

/* The state of every Mega Man model: the game's bytes plus the model's own bookkeeping. */
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

static inline int mm_trace_row(const void *vs, char *buf, size_t n)
{
	const mm_state *s = vs;
	int vel = (int8_t)s->spd * 256 + s->spd_sub;
	return snprintf(buf, n, "%d,%u,%u,%d,%u,%d,%u", (int8_t)s->y_page, s->y_px, s->y_sub,
			(int8_t)s->spd, s->spd_sub, vel, s->air);
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
	a->rise = js_vsel(higher, height, a->rise);
	a->apex = js_vsel(higher, fv, a->apex);
	js_vi lands = on & grounded;
	a->land = js_vsel(lands, fv, a->land);
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
	return (a & (js_vu)m) | (b & ~(js_vu)m);
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
	js_vi ylim;                       /* min(landing Y, screen bottom) << 8: fast-path events */
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
	s->rest = G->per_lane_env ? -u.g : js_vsplat(G->rest);
	s->land_y = u.land_y << 8;
	js_vi bottom = js_vsplat(G->scr_hi << 8);
	s->ylim = js_vsel(s->land_y < bottom, s->land_y, bottom);
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
	js_vi g0y = js_vsplat(MM_GROUND_Y << 8);
	js_vi gv = G->per_lane_env ? s->g : js_vsplat(G->g);
	js_vi jv = G->per_lane_env ? s->jump : js_vsplat(G->jump);
	js_vi rv = G->per_lane_env ? s->rest : js_vsplat(G->rest);
	js_vi cap = js_vsplat(G->cap);
	js_vi y, v, yip, vg, capped, rel, hit, landed, air, act;
	if (!G->takeoff_moves) {
		/* mm1 / mm2: one vertical step for every lane, on the take-off floor while standing.
		 * The floors are whole pixels (<< 8), so "feet in the floor" is yip >= floor. */
		js_vi floor = js_vsel(s->air, s->land_y, g0y);
		js_vi falling = s->v < zero;
		yip = s->y - s->v;
		hit = falling & (yip >= floor);
		vg = s->v - gv;
		capped = vg < cap;
		vg = js_vsel(capped, cap, vg);
		capped &= ~hit; /* mm1 skips gravity on a hit, mm2 zeroes the speed first */
		rel = ~falling & ~a & (vg >= js_vsplat(0x200));
		vg = js_vsel(rel, js_vsplat(0x100), vg);
		y = js_vsel(hit, floor, yip);
		js_vi takeoff = hit & press;
		v = js_vsel(hit, js_vsel(press, jv, rv), vg);
		landed = hit & s->air;
		air = (s->air & ~hit) | takeoff;
		act = js_vsplat(-1);
	} else {
		/* mm3: standing lanes run player_airborne on the floor (Y += $00.40, snap back, keep
		 * the sub-pixel, speed $FF.C0); a press then runs it again with the take-off speed. */
		js_vi ys = g0y | ((s->y + 0x40) & 0xff);
		act = s->air | press;
		js_vi vin = js_vsel(s->air, s->v, jv);
		js_vi yin = js_vsel(s->air, s->y, ys);
		rel = act & (vin >= zero) & ~a;
		vin = js_vsel(rel, rv, vin);
		js_vi falling = vin < zero;
		yip = yin - vin;
		vg = vin - gv;
		capped = vg < cap;
		vg = js_vsel(capped, cap, vg);
		capped &= act;
		hit = act & falling & (yip >= s->land_y);
		y = js_vsel(hit, s->land_y | (yip & 0xff), js_vsel(act, yip, ys));
		v = js_vsel(act & ~hit, vg, rv);
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
		s->y = js_vsel(run, y, s->y);
		s->v = js_vsel(run, v, s->v);
		grounded = js_vsel(run, grounded, ~s->air);
		s->air = js_vsel(run, air, s->air);
		s->prev = js_vsel(run, a, s->prev);
		fl &= (js_vu)run;
		/* main_game_loop: INC frame_skip_hi / CMP: the wait after skip_every game frames. */
		js_vi t = s->timer - (run & s->skip_on);
		js_vi wait = t >= js_vsplat(G->skip_every);
		s->timer = js_vsel(wait, zero, t);
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
 * - a landing, the clamp, leaving the screen - are checked first: if any lane has one the frame
 * is left to mm_lanes_frame (returns 0, nothing changed).  Lanes that have landed are done: what
 * the fast path leaves in them is never read (it skips the snap of a lane standing on a lower
 * floor, which mm_lanes_frame would redo).
 * The apex is not tracked here: after the take-off the height rises, then falls (see mm_acc), so
 * the highest point is on the last frame that moves up, the frame whose speed goes from > 0 to
 * <= 0 - an event here, so mm_lanes_frame tracks it - or, in mm3, the frame before a release
 * (which comes before the move): mm_lane_run tracks the frame before every full frame in mm3.
 * The last two frames are always full frames, so a jump cut off while rising is tracked too. */
static inline __attribute__((always_inline)) int
mm_lanes_fast(const mm_game *G, mm_lanes *s)
{
	js_vi gv = G->per_lane_env ? s->g : js_vsplat(G->g);
	js_vi yip = s->y - s->v;
	js_vi vg = s->v - gv;
	js_vi run = G->skip_every ? ~s->idle_next : js_vsplat(-1);
	js_vi fly = s->air & run;
	js_vi ev = fly & ((yip >= s->ylim) | (yip < js_vsplat(G->scr_lo << 8)) |
			  (vg < js_vsplat(G->cap)) | ((s->v > js_vsplat(0)) & (vg <= js_vsplat(0))));
	if (mm_vany(ev))
		return 0;
	if (G->takeoff_moves) {
		js_vi ys = js_vsplat(MM_GROUND_Y << 8) | ((s->y + 0x40) & 0xff);
		s->y = js_vsel(s->air, yip, ys);
		s->v = js_vsel(s->air, vg, js_vsplat(G->rest));
	} else {
		s->y = js_vsel(fly, yip, s->y);
		s->v = js_vsel(fly, vg, s->v);
	}
	if (G->skip_every) {
		js_vi t = s->timer - (run & s->skip_on);
		js_vi wait = t >= js_vsplat(G->skip_every);
		s->timer = js_vsel(wait, js_vsplat(0), t);
		s->idle_next = wait;
	}
	/* mm_acc_frame with grounded = ~air: no take-off, no landing, no flags, no apex */
	return 1;
}

static inline __attribute__((always_inline)) void
mm_acc_store(const mm_lanes *s, const js_lane_args *args, const uint8_t *lane, int l0, int n)
{
	const mm_acc *a = &s->acc;
	js_vi g0y = js_vsplat(MM_GROUND_Y << 8);
	/* no take-off; or still airborne (below the start when its Y is); or landed (below the
	 * start when on a lower floor) */
	js_vu below = (js_vu)(js_vsel(a->landed, s->land_y, s->y) > g0y) & JS_FLAG_BELOW_START;
	js_vu fl = a->flags | mm_vselu(a->took,
				       ((js_vu)~a->landed & JS_FLAG_NOT_LANDED) | below,
				       (js_vu)js_vsplat(JS_FLAG_NO_TAKEOFF));
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
/* mm_acc_frame's apex part for the state as it stands after frame f. */
static inline __attribute__((always_inline)) void mm_track(mm_lanes *s, int f)
{
	mm_acc *a = &s->acc;
	js_vi height = js_vsplat(MM_GROUND_Y << 8) - s->y;
	js_vi higher = a->took & ~a->landed & (height > a->rise);
	a->rise = js_vsel(higher, height, a->rise);
	a->apex = js_vsel(higher, js_vsplat(f), a->apex);
}

static inline __attribute__((always_inline)) int mm_done(const mm_acc *a, int f)
{
	return mm_vall(a->landed | (~a->took & (a->last_jump <= js_vsplat(f))));
}

static inline __attribute__((always_inline)) void
mm_lane_run(const mm_game *G, mm_setup_fn setup, mm_weight_fn weight, const js_lane_args *args)
{
	int n = args->n_lanes, words = (args->n_frames + 31) >> 5;
	mm_block b;
	uint8_t key[JS_BLOCK];
	int count[MM_KEYS + 1] = { 0 };
	for (int l = 0; l < n; l++) {
		int last = -1;
		for (int w = words - 1; w >= 0 && last < 0; w--) {
			uint32_t x = args->input[0][w * JS_BLOCK + l];
			if (x)
				last = w * 32 + 31 - __builtin_clz(x);
		}
		b.last[l] = last;
		int k = (last + 1) * weight(args, l);
		k = k < MM_KEYS - 1 ? k : MM_KEYS - 1;
		key[l] = (uint8_t)k;
		count[k + 1]++;
	}
	for (int k = 0; k < MM_KEYS; k++)
		count[k + 1] += count[k];
	int moved = 0;
	for (int l = 0; l < n; l++) {
		int i = count[key[l]]++;
		b.lane[i] = (uint8_t)l;
		moved |= i != l;
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
		for (int f = 0; f < args->n_frames; f++) {
			if (((chg[f >> 5] >> (f & 31)) & 1u) || !mm_lanes_fast(G, &g0)) {
				if (G->takeoff_moves && f > 0)
					mm_track(&g0, f - 1);
				mm_lanes_frame(G, &g0, b.in, l0, f);
			}
			if ((f & 3) == 3 && mm_done(&g0.acc, f))
				break;
		}
		mm_acc_store(&g0, args, b.lane, l0, n);
	}
}

#endif
#endif
