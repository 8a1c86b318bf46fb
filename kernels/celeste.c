/* kernels/celeste.c - Celeste (PC, FNA/XNA): Madeline's jump, vertical axis, float32 exact.
 *
 * Follows NoelFB/Celeste Source/Player/Player.cs (line numbers below are of that file at commit
 * 1b0ce45) and, for the engine classes the release leaves out, JamesMcMahon/monocle-engine
 * (Monocle/Util/Calc.cs Calc.Approach, Monocle/Engine.cs, Monocle/Input/VirtualButton.cs).  Actor
 * (MoveV / MoveVExact) is not in either public repository; its behaviour is taken from the game's
 * decompiled Celeste.Actor (as published in e.g. BloodLantern/Celeste Celeste/Actor.cs), cited as
 * "Actor.MoveV" below.  Facts only: no code is copied.
 *
 * Units: Speed.Y in px/s (float32), + down.  Position.Y is a whole pixel (Actor positions are
 * integers), the fraction lives in Actor.movementCounter.Y ("remainder", float32).  The model puts
 * the floor's top edge at y = 0 and Madeline's feet (Position.Y: both her hitboxes, normalHitbox
 * (8, 11, -4, -11) and duckHitbox (8, 6, -4, -6), Player.cs L263-264, end at offset 0) at y = 0
 * when standing, so y <= 0 always and the height is -y whole pixels (sub_per_unit 1).
 *
 * One frame = one Engine.Update, in this order:
 *   Engine.Update        DeltaTime = RawDeltaTime * TimeRate (* TimeRateB in the shipped game);
 *                        with both rates 1f the product is RawDeltaTime exactly (x * 1f == x), so
 *                        dt is the axis value: (float)0.0166667 (FNA/XNA fixed step of 166,667
 *                        ticks: (float)(166667 * 1e-7) == (float)0.0166667 == 0x1.111134p-6) or
 *                        (float)(1.0 / 60) == 0x1.111112p-6.
 *   MInput.Update        Input.Jump.Update (VirtualButton.Update): bufferCounter -= DeltaTime; a
 *                        new press (down now, up last update) sets it to BufferTime (0.08f for
 *                        Jump, Celeste.Input.Initialize); button not down at all -> 0.
 *   Player.Update        L633-651 onGround = Speed.Y >= 0 && a Solid at Position + UnitY;
 *                        L715-720 onGround ? jumpGraceTimer = JumpGraceTime
 *                                          : (jumpGraceTimer > 0 ? jumpGraceTimer -= dt);
 *                        L742-744 varJumpTimer > 0 ? varJumpTimer -= dt;
 *                        L908 base.Update() -> StateMachine (StNormal, L323) -> NormalUpdate;
 *                        L935 MoveV(Speed.Y * Engine.DeltaTime, onCollideV).
 *   NormalUpdate (L2784) vertical part:
 *                        L2911-2924 Input.MoveY == 1 && Speed.Y >= MaxFall
 *                                   ? maxFall = Approach(maxFall, FastMaxFall, FastMaxAccel * dt)
 *                                   : maxFall = Approach(maxFall, MaxFall, FastMaxAccel * dt);
 *                        L2928-2957 if (!onGround): mult = |Speed.Y| < HalfGravThreshold && Jump
 *                                   held ? .5f : 1f; Speed.Y = Approach(Speed.Y, maxFall,
 *                                   Gravity * mult * dt) (C# evaluates (Gravity * mult) * dt, left
 *                                   to right; 900 * .5 = 450 exactly, so one rounding either way);
 *                        L2960-2966 varJumpTimer > 0: held ? Speed.Y = Math.Min(Speed.Y,
 *                                   varJumpSpeed) : varJumpTimer = 0;
 *                        L2970-2975 Input.Jump.Pressed && jumpGraceTimer > 0 -> Jump().
 *   Jump (L1660-1673)    ConsumeBuffer (bufferCounter = 0), jumpGraceTimer = 0, varJumpTimer =
 *                        VarJumpTime, Speed.Y = JumpSpeed, Speed += LiftBoost (0 on flat ground:
 *                        -105f + 0f == -105f), varJumpSpeed = Speed.Y.
 *   Actor.MoveV          movementCounter.Y += moveV; move = (int)Math.Round((double)counter,
 *                        MidpointRounding.ToEven); if move != 0: counter -= (float)move and
 *                        MoveVExact(move).
 *   Actor.MoveVExact     pixel by pixel: a Solid at Position + UnitY * sign -> movementCounter.Y
 *                        = 0, onCollide (Player.OnCollideV, L2453: ... Speed.Y = 0, L2632),
 *                        stop; else Y += sign.
 *
 * Jump input and the buffer: Input.Jump.Pressed is bufferCounter > 0 || a press this update (no
 * repeat for Jump).  Madeline starts standing, so the first press always finds jumpGraceTimer =
 * 0.1 > 0 and Jump() consumes it at once; after take-off Jump() has zeroed the grace timer and
 * only ground refills it, so a press in the air (bufferCounter = 0.08 s, kept while the button
 * stays down) does nothing until she is back on the ground.  The buffer is modelled (reference and
 * lane kernel) so the trace and any frame after landing are the game's; within the accounted
 * window (take-off to landing) it cannot change a result.
 *
 * Landing: the update whose MoveV brings her feet back to y = 0 is the landing frame.  Either the
 * pixel loop hits the floor (movementCounter.Y and Speed.Y zeroed), or the move ends exactly on
 * y = 0 (no collision: Speed.Y and the remainder stay until the next update's onGround / MoveV
 * collision; flag floor_exact).  The tapped jump with dt fna lands the second way on update 14.
 *
 * Float rules: every operation is one float32 IEEE operation in C#'s order (x86-64 SSE, as the
 * 64-bit FNA build and RyuJIT/Mono x64 run it); the project builds with -ffp-contract=off.  Math.Min
 * / Math.Max / Approach are written as the .NET Framework compares (a < b ? a : b); no signed zero
 * reaches them here (the targets are 160, 240 and varJumpSpeed = -105).  Rounding assumes the
 * default round-to-nearest mode.
 *
 * Left out (not reachable on flat ground with Jump and Down only): horizontal movement (moveX = 0,
 * so no wall slide / wall jump), lift boost, AutoJump (false: Jump() clears it), dashes, ceilings
 * (OnCollideV's upward branch), JumpThru, water, space physics, Assist-mode game speed (TimeRate
 * != 1), the 32-bit XNA build's x87 evaluation.  Ducking (Down on the ground, L2858-2862) changes
 * only the hitbox top, not Position.Y, so it is not state here.
 */
#include "model.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#if FLT_EVAL_METHOD != 0
#error "celeste: float expressions must be evaluated in float (FLT_EVAL_METHOD 0, e.g. SSE)"
#endif

/* Player.cs constants (L23-28, L48-51). */
#define CELESTE_MAX_FALL 160.0f           /* MaxFall, L23 */
#define CELESTE_GRAVITY 900.0f            /* Gravity, L24 */
#define CELESTE_HALF_GRAV_THRESHOLD 40.0f /* HalfGravThreshold, L25 */
#define CELESTE_FAST_MAX_FALL 240.0f      /* FastMaxFall, L27 */
#define CELESTE_FAST_MAX_ACCEL 300.0f     /* FastMaxAccel, L28 */
#define CELESTE_JUMP_GRACE_TIME 0.1f      /* JumpGraceTime, L48 */
#define CELESTE_JUMP_SPEED (-105.0f)      /* JumpSpeed, L49 */
#define CELESTE_VAR_JUMP_TIME 0.2f        /* VarJumpTime, L51 */
#define CELESTE_JUMP_BUFFER_TIME 0.08f    /* Input.Jump = new VirtualButton(..., 0.08f, ...) */

/* Engine.DeltaTime per axis value (see the header). */
#define CELESTE_DT_FNA ((float)0.0166667)
#define CELESTE_DT_EXACT ((float)(1.0 / 60))

enum { CELESTE_AX_DT, CELESTE_AX_DOWN };
enum { CELESTE_DT_IS_FNA, CELESTE_DT_IS_EXACT };

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT). */
#define CELESTE_FLAG_FAST_FALL (1u << 8)   /* the fast-fall branch ran: Down, Speed.Y >= MaxFall */
#define CELESTE_FLAG_VAR_JUMP_CUT (1u << 9) /* release while varJumpTimer > 0 zeroed the timer */
#define CELESTE_FLAG_HALF_GRAVITY (1u << 10) /* gravity applied with mult .5 */
#define CELESTE_FLAG_AT_MAX_FALL (1u << 11) /* gravity's Approach reached maxFall */
#define CELESTE_FLAG_ROUND_TIE (1u << 12)  /* MoveV's remainder was exactly n + 1/2: ToEven decided */
#define CELESTE_FLAG_FLOOR_EXACT (1u << 13) /* MoveV ended on the floor without colliding */

static inline float celeste_dt(int32_t axis_value)
{
	return axis_value == CELESTE_DT_IS_EXACT ? CELESTE_DT_EXACT : CELESTE_DT_FNA;
}

typedef struct celeste_state {
	int32_t y;              /* Position.Y - floor top: whole px, + down, 0 standing */
	float remainder;        /* Actor.movementCounter.Y */
	float speed;            /* Speed.Y, px/s */
	float max_fall;         /* maxFall (NormalBegin L2762: MaxFall) */
	float var_jump_timer;   /* varJumpTimer */
	float var_jump_speed;   /* varJumpSpeed */
	float jump_grace_timer; /* jumpGraceTimer */
	float jump_buffer;      /* Input.Jump's bufferCounter */
	float dt;               /* Engine.DeltaTime (axis dt) */
	uint8_t prev_jump;      /* the jump button on the previous update (MInput's previous state) */
	uint8_t on_ground;      /* onGround of the last update */
	uint8_t pad[2];         /* explicit, zeroed by init: key_size covers it */
	uint32_t frame_flags;   /* events of the last step (CELESTE_FLAG_*); per-frame scratch,
				 * last: outside key_size */
} celeste_state;

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

/* The .NET Framework's Math.Max / Math.Min (float) for non-NaN operands. */
static float cs_max(float a, float b)
{
	return a > b ? a : b;
}

static float cs_min(float a, float b)
{
	return a < b ? a : b;
}

/* Calc.Approach (Monocle/Util/Calc.cs L852-855): move val toward target by at most maxMove. */
static float celeste_approach(float val, float target, float max_move)
{
	return val > target ? cs_max(val - max_move, target) : cs_min(val + max_move, target);
}

/* CollideFirst<Solid> with the feet at y: the floor fills every row >= 0, so the hitbox (whose
 * bottom edge is Position.Y) overlaps it once y > 0.  Nothing is above. */
static int celeste_solid_at(int32_t y)
{
	return y > 0;
}

static void celeste_init(void *vs, const int32_t *ax)
{
	celeste_state *s = vs;
	memset(s, 0, sizeof *s);
	s->max_fall = CELESTE_MAX_FALL; /* NormalBegin */
	s->dt = celeste_dt(ax[CELESTE_AX_DT]);
	s->on_ground = 1;
}

/* Player.OnCollideV (L2453) in StNormal, no dash: the landing effects, then Speed.Y = 0 (L2632). */
static void celeste_on_collide_v(celeste_state *s)
{
	s->speed = 0.0f;
}

/* Actor.MoveVExact */
static void celeste_move_v_exact(celeste_state *s, int32_t move)
{
	int32_t sign = move > 0 ? 1 : -1;
	while (move != 0) {
		if (celeste_solid_at(s->y + sign)) {
			s->remainder = 0.0f; /* movementCounter.Y = 0 */
			celeste_on_collide_v(s);
			return;
		}
		move -= sign;
		s->y += sign;
	}
	if (sign > 0 && s->y == 0)
		s->frame_flags |= CELESTE_FLAG_FLOOR_EXACT;
}

/* Actor.MoveV */
static void celeste_move_v(celeste_state *s, float move_v)
{
	s->remainder += move_v;
	double r = rint((double)s->remainder); /* Math.Round(double, ToEven); the cast is exact */
	if (fabs((double)s->remainder - r) == 0.5)
		s->frame_flags |= CELESTE_FLAG_ROUND_TIE;
	int32_t move = (int32_t)r;
	if (move == 0)
		return;
	s->remainder -= (float)move;
	celeste_move_v_exact(s, move);
}

/* Player.Jump (L1660-1673) with moveX = 0 and LiftBoost = 0. */
static void celeste_jump(celeste_state *s)
{
	s->jump_buffer = 0.0f; /* Input.Jump.ConsumeBuffer() */
	s->jump_grace_timer = 0.0f;
	s->var_jump_timer = CELESTE_VAR_JUMP_TIME;
	s->speed = CELESTE_JUMP_SPEED;
	s->speed += 0.0f; /* Speed += LiftBoost */
	s->var_jump_speed = s->speed;
}

/* NormalUpdate (L2784), the vertical part (L2897-3005). */
static void celeste_normal_update(celeste_state *s, int jump_check, int down, int jump_pressed)
{
	float dt = s->dt;
	/* Calculate current max fall speed (L2899-2925), not in space */
	if (down && s->speed >= CELESTE_MAX_FALL) {
		s->max_fall = celeste_approach(s->max_fall, CELESTE_FAST_MAX_FALL,
					       CELESTE_FAST_MAX_ACCEL * dt);
		s->frame_flags |= CELESTE_FLAG_FAST_FALL;
	} else {
		s->max_fall = celeste_approach(s->max_fall, CELESTE_MAX_FALL, CELESTE_FAST_MAX_ACCEL * dt);
	}
	/* Gravity (L2928-2958); no wall slide with moveX = 0 and Grab up */
	if (!s->on_ground) {
		float max = s->max_fall;
		float mult = (fabsf(s->speed) < CELESTE_HALF_GRAV_THRESHOLD && jump_check) ? 0.5f : 1.0f;
		s->speed = celeste_approach(s->speed, max, CELESTE_GRAVITY * mult * dt);
		if (mult == 0.5f)
			s->frame_flags |= CELESTE_FLAG_HALF_GRAVITY;
		if (s->speed == max)
			s->frame_flags |= CELESTE_FLAG_AT_MAX_FALL;
	}
	/* Variable Jumping (L2960-2967); AutoJump is false */
	if (s->var_jump_timer > 0.0f) {
		if (jump_check) {
			s->speed = cs_min(s->speed, s->var_jump_speed);
		} else {
			s->var_jump_timer = 0.0f;
			s->frame_flags |= CELESTE_FLAG_VAR_JUMP_CUT;
		}
	}
	/* Jumping (L2969-2975); the wall-jump and water branches find nothing on open flat ground */
	if (jump_pressed && s->jump_grace_timer > 0.0f)
		celeste_jump(s);
}

static void celeste_step(void *vs, unsigned input)
{
	celeste_state *s = vs;
	int jump = (input & JS_IN_JUMP) != 0;
	int down = (input & JS_IN_DOWN) != 0;
	float dt = s->dt;
	s->frame_flags = 0;

	/* MInput.Update -> Input.Jump.Update (VirtualButton.Update) */
	int node_pressed = jump && !s->prev_jump;
	s->jump_buffer -= dt;
	if (node_pressed)
		s->jump_buffer = CELESTE_JUMP_BUFFER_TIME;
	else if (!jump)
		s->jump_buffer = 0.0f;
	int jump_pressed = s->jump_buffer > 0.0f || node_pressed; /* VirtualButton.Pressed */

	/* Player.Update: Get ground (L633-651) */
	s->on_ground = s->speed >= 0.0f && celeste_solid_at(s->y + 1);
	/* Jump Grace (L714-720) */
	if (s->on_ground)
		s->jump_grace_timer = CELESTE_JUMP_GRACE_TIME;
	else if (s->jump_grace_timer > 0.0f)
		s->jump_grace_timer -= dt;
	/* Var Jump (L742-744) */
	if (s->var_jump_timer > 0.0f)
		s->var_jump_timer -= dt;
	/* base.Update (L908) -> StateMachine -> NormalUpdate */
	celeste_normal_update(s, jump, down, jump_pressed);
	/* Physics (L935) */
	celeste_move_v(s, s->speed * dt);

	s->prev_jump = (uint8_t)jump;
}

static void celeste_observe(const void *vs, js_obs *o)
{
	const celeste_state *s = vs;
	o->height = -(int64_t)s->y;
	o->grounded = s->y == 0;
	o->flags = s->frame_flags;
}

/* %.9g prints every float so that strtof reads back the same bits. */
static int celeste_trace_row(const void *vs, char *buf, size_t n)
{
	const celeste_state *s = vs;
	return snprintf(buf, n, "%d,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%u", (int)s->y,
			(double)s->remainder, (double)s->speed, (double)s->max_fall,
			(double)s->var_jump_timer, (double)s->var_jump_speed,
			(double)s->jump_grace_timer, (double)s->jump_buffer, (unsigned)s->on_ground);
}

/* ---- fuzzing hooks (model.h) ---- */

#define CELESTE_START_DEPTH 2048 /* a start is at most this many px above the floor (field y) */

/* A start as the game keeps it.  On the floor (y 0) Madeline stands: Speed.Y and the remainder
 * 0, as MoveVExact's collision and OnCollideV leave them.  varJumpSpeed is what Jump() stored
 * (JumpSpeed + LiftBoost, -105) whenever the timer runs.  Input.Jump's bufferCounter is 0 when
 * the button was up on the last update (VirtualButton.Update).  A start deeper than
 * CELESTE_START_DEPTH above the floor is folded up into it (field y). */
static void celeste_fuzz_fix(void *vs)
{
	celeste_state *s = vs;
	if (s->y < -CELESTE_START_DEPTH)
		s->y = -(-s->y % (CELESTE_START_DEPTH + 1));
	if (s->y == 0) {
		s->speed = 0.0f;
		s->remainder = 0.0f;
	}
	if (s->var_jump_timer > 0.0f)
		s->var_jump_speed = CELESTE_JUMP_SPEED + 0.0f;
	if (!s->prev_jump)
		s->jump_buffer = 0.0f;
	s->on_ground = s->speed >= 0.0f && celeste_solid_at(s->y + 1);
}

enum {
	CELESTE_INV_VAR_TIMER, CELESTE_INV_GRACE_TIMER, CELESTE_INV_FALL_CAP, CELESTE_INV_RISE_CAP,
	CELESTE_INV_REMAINDER, CELESTE_INV_MAX_FALL, CELESTE_INV_FLOOR,
};

static uint32_t celeste_invariants(const void *vb, const void *va, unsigned input)
{
	const celeste_state *b = vb, *a = va;
	(void)input;
	uint32_t bits = 0;
	/* varJumpTimer counts down (L742-744) or is cut to 0 (L2963); only Jump() sets it, to
	 * VarJumpTime */
	if (a->var_jump_timer > b->var_jump_timer && a->var_jump_timer != CELESTE_VAR_JUMP_TIME)
		bits |= 1u << CELESTE_INV_VAR_TIMER;
	/* jumpGraceTimer counts down in the air (L714-720); only onGround refills it */
	if (!a->on_ground && a->jump_grace_timer > b->jump_grace_timer)
		bits |= 1u << CELESTE_INV_GRACE_TIMER;
	/* gravity's Approach never passes maxFall (<= FastMaxFall 240): a fall never speeds up
	 * beyond it */
	if (a->speed > a->max_fall && a->speed > b->speed)
		bits |= 1u << CELESTE_INV_FALL_CAP;
	/* nothing but Jump() (JumpSpeed -105) makes her rise faster */
	if (a->speed < CELESTE_JUMP_SPEED && a->speed < b->speed)
		bits |= 1u << CELESTE_INV_RISE_CAP;
	/* MoveV keeps only the fraction Math.Round leaves: at most half a pixel */
	if (!(fabsf(a->remainder) <= 0.5f))
		bits |= 1u << CELESTE_INV_REMAINDER;
	/* maxFall approaches MaxFall 160 or FastMaxFall 240 (L2911-2924), never past them */
	if (!(a->max_fall >= CELESTE_MAX_FALL && a->max_fall <= CELESTE_FAST_MAX_FALL))
		bits |= 1u << CELESTE_INV_MAX_FALL;
	/* MoveVExact stops her on the floor's top */
	if (a->y > 0)
		bits |= 1u << CELESTE_INV_FLOOR;
	return bits;
}

JS_LANE_DECLARE(celeste);

static const char *const celeste_claims[] = {
	"celeste/jump-speed",     "celeste/jump-start",     "celeste/var-jump-time",
	"celeste/var-jump",       "celeste/half-gravity",   "celeste/half-gravity-threshold",
	"celeste/gravity",        "celeste/max-fall",       "celeste/fast-fall",
	"celeste/approach",       "celeste/coyote-time",    "celeste/grace-refill",
	"celeste/update-order",   "celeste/subpixel-movement", "celeste/delta-time",
	"celeste/timer-rounding", "celeste/simulated-apex", NULL,
};

JS_REFERENCE_RUN(celeste, celeste_state, celeste_step, celeste_observe)

const js_model js_model_celeste = {
	.id = "celeste",
	.game = "Celeste",
	.platform = "PC (FNA/XNA, .NET)",
	.character = "Madeline, normal state (StNormal), flat ground",
	.unit = "px",
	.sub_per_unit = 1,
	.tile = 8, /* px per level tile */
	.fps = 60.0,
	.frame = "one Engine.Update (fixed step; Engine.DeltaTime from axis dt)",
	.movie = { .button = { "J|K", "D" }, .note = "CelesteTAS actions: J is Input.Jump (K the "
		   "second jump binding, read back as jump), D is Down (Input.MoveY = 1, the fast fall "
		   "NormalUpdate reads). One Engine.Update per .tas frame; frame 0 is the first frame with "
		   "J (the press the jump buffer takes). The .tas holds the jump only: no Read, Repeat or "
		   "console commands." },
	.sources = "NoelFB/Celeste Source/Player/Player.cs: constants L23-28 L48-51, Update L603 "
		   "(onGround L633-651, jumpGraceTimer L714-720, varJumpTimer L742-744, base.Update L908, "
		   "MoveV L935), Jump L1660-1673, OnCollideV L2453-2640, NormalBegin L2760, NormalUpdate "
		   "L2784 (max fall L2899-2925, gravity L2952-2957, var jump L2960-2966, jump L2970-2975); "
		   "JamesMcMahon/monocle-engine Monocle/Util/Calc.cs Calc.Approach, Monocle/Engine.cs "
		   "Update (DeltaTime), Monocle/Input/VirtualButton.cs (buffer); Celeste.Actor MoveV / "
		   "MoveVExact and Celeste.Input (Jump buffer 0.08) from the decompiled game",
	.notes = "Frame 0 is the press; the take-off update already moves by JumpSpeed*dt (-1.75 px, "
		 "rounded to -2). y down, floor at 0; rise in whole pixels. Landing: the update whose "
		 "MoveV puts the feet back on the floor (by collision, or exactly: flag floor_exact). "
		 "float32 in C#'s order, round-to-nearest, Math.Round ToEven. Input.Jump's 0.08 s buffer is "
		 "modelled but cannot act between take-off and landing (jumpGraceTimer is 0 in the air). "
		 "Not modelled: horizontal movement, lift boost, dashes, walls, ceilings, water, Assist "
		 "game speed, x87 (32-bit XNA) evaluation.",
	.claims = celeste_claims,
	.n_axes = 2,
	.axes = {
		{ .name = "dt", .unit = "", .long_name = "Engine.DeltaTime: fna = (float)0.0166667 s "
		  "(FNA/XNA default 166,667-tick fixed step), exact = (float)(1/60) s",
		  .min = 0, .max = 1, .def_lo = 0, .def_hi = 1, .n_names = 2,
		  .names = { "fna", "exact" } },
		{ .name = "down", .unit = "", .long_name = "Down held on every frame (Input.MoveY = 1: "
		  "fast fall once falling at MaxFall)", .min = 0, .max = 1, .def_lo = 0, .def_hi = 1,
		  .n_names = 2, .names = { "off", "on" }, .input_bit = JS_IN_DOWN },
	},
	.inputs = JS_IN_JUMP | JS_IN_DOWN,
	.default_frames = 128,
	.default_hold = 40,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start",
		[8] = "fast_fall", [9] = "var_jump_cut", [10] = "half_gravity", [11] = "at_max_fall",
		[12] = "round_tie", [13] = "floor_exact",
	},
	.flag_what = {
		[8] = "The fast-fall branch ran: Down held with Speed.Y at or past MaxFall, so maxFall "
			"approaches FastMaxFall.",
		[9] = "The jump button came up while varJumpTimer > 0, which zeroed the timer (the "
			"variable-height cut).",
		[10] = "Gravity was applied with mult 0.5 (half gravity near the peak while Jump is "
			"held).",
		[11] = "Gravity's Calc.Approach reached maxFall: Madeline falls at the fall-speed cap.",
		[12] = "MoveV's remainder was exactly n + 1/2, so Math.Round's round-half-to-even "
			"decided the pixel.",
		[13] = "MoveV ended exactly on the floor without a collision (the landing is by "
			"position, not OnCollideV).",
	},
	.character_height = 11,
	.character_height_source = "Player.cs L263 normalHitbox = new Hitbox(8, 11, -4, -11): 11 px "
		"(ducking 6)",
	.state_size = sizeof(celeste_state),
	.key_size = offsetof(celeste_state, frame_flags),
	.init = celeste_init,
	.step = celeste_step,
	.observe = celeste_observe,
	.run_ref = celeste_run_ref,
	.trace_header = "y,remainder,speed,max_fall,var_jump_timer,var_jump_speed,jump_grace_timer,"
			"jump_buffer,on_ground",
	.trace_units = "px (+ down),px,px/s (+ down),px/s,s,px/s,s,s,0/1",
	.trace_row = celeste_trace_row,
	.lane = JS_LANE_TABLE(celeste),
	.n_fields = 8,
	.fields = {
		{ "y", offsetof(celeste_state, y), JS_F_S32, -(CELESTE_START_DEPTH + 2048), 0,
		  "Position.Y above the floor's top (whole px; the floor fills y > 0).  The model has "
		  "no ceiling: fuzz_fix folds a start into the 2048 px above the floor, and the range "
		  "leaves room above that for what a start can still rise (one Jump() and a running "
		  "var jump: under 64 px)" },
		{ "remainder", offsetof(celeste_state, remainder), JS_F_F32, -0.5, 0.5,
		  "Actor.movementCounter.Y: MoveV keeps counter - Math.Round(counter)" },
		{ "speed", offsetof(celeste_state, speed), JS_F_F32, CELESTE_JUMP_SPEED,
		  CELESTE_FAST_MAX_FALL,
		  "Speed.Y: from JumpSpeed (Jump(), L1660) to FastMaxFall (L27), the extremes "
		  "StNormal's own code writes or approaches" },
		{ "max_fall", offsetof(celeste_state, max_fall), JS_F_F32, CELESTE_MAX_FALL,
		  CELESTE_FAST_MAX_FALL, "maxFall: NormalBegin's MaxFall, approaching MaxFall or "
		  "FastMaxFall (L2911-2924)" },
		{ "var_jump_timer", offsetof(celeste_state, var_jump_timer), JS_F_F32,
		  -(double)CELESTE_DT_FNA, CELESTE_VAR_JUMP_TIME,
		  "varJumpTimer: Jump() sets VarJumpTime, -= dt while > 0 (so it ends above -dt)" },
		{ "jump_grace_timer", offsetof(celeste_state, jump_grace_timer), JS_F_F32,
		  -(double)CELESTE_DT_FNA, CELESTE_JUMP_GRACE_TIME,
		  "jumpGraceTimer: JumpGraceTime on the ground, -= dt in the air while > 0" },
		{ "jump_buffer", offsetof(celeste_state, jump_buffer), JS_F_F32, -1.0,
		  CELESTE_JUMP_BUFFER_TIME,
		  "Input.Jump's bufferCounter: 0.08 on a press, -= dt every update while held (-1: a "
		  "minute held; every value <= 0 acts alike), 0 when up (fuzz_fix)" },
		{ "prev_jump", offsetof(celeste_state, prev_jump), JS_F_U8, 0, 1,
		  "the jump button on the last update: a press needs it up" },
	},
	.fuzz_fix = celeste_fuzz_fix,
	.invariants = celeste_invariants,
	.inv_names = {
		[CELESTE_INV_VAR_TIMER] = "var_timer", [CELESTE_INV_GRACE_TIMER] = "grace_timer",
		[CELESTE_INV_FALL_CAP] = "fall_cap", [CELESTE_INV_RISE_CAP] = "rise_cap",
		[CELESTE_INV_REMAINDER] = "remainder", [CELESTE_INV_MAX_FALL] = "max_fall",
		[CELESTE_INV_FLOOR] = "floor",
	},
	.inv_what = {
		[CELESTE_INV_VAR_TIMER] = "the var-jump timer only counts down (Jump() alone sets it "
					  "to 0.2 s)",
		[CELESTE_INV_GRACE_TIMER] = "the jump grace (coyote) timer only counts down in the air",
		[CELESTE_INV_FALL_CAP] = "the fall speed never grows past maxFall (at most 240 px/s)",
		[CELESTE_INV_RISE_CAP] = "nothing but a jump (-105 px/s) makes Madeline rise faster",
		[CELESTE_INV_REMAINDER] = "the sub-pixel remainder stays within half a pixel",
		[CELESTE_INV_MAX_FALL] = "maxFall stays within MaxFall 160 .. FastMaxFall 240 px/s",
		[CELESTE_INV_FLOOR] = "Madeline never ends an update inside the floor",
	},
	/* With no button: no Jump() (no press, and the buffer is 0 with the button up) and no var
	 * jump (cut at once); gravity adds 15 px/s a frame (900 * dt) toward maxFall >= 160.  From
	 * -105 px/s the speed is >= 0 after 7 updates (risen at most 5.25 px + the remainder's
	 * 1), >= 160 px/s after 11 more, and then each update moves >= 160 * dt = 2.6667 px: the
	 * 2048 + 7 px from the highest start take <= 772 of them.  18 + 772 = 790 < 800. */
	.land_bound = 800,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"

_Static_assert(JS_IN_JUMP == 1u << 0 && JS_IN_DOWN == 1u << 1, "celeste reads planes 0 and 1");

/* The reference above on JS_VW lanes at a time (lane.h's js_vi / js_vf: one register per state
 * variable), each group stepped through all its frames with its state in registers, every branch
 * a select on a -1 / 0 mask; the only branches are the group's "every lane done" test and the
 * per-32-frame reload of the input words.  This kernel steps fuzz starts (js_lane_args.start);
 * from init's state the flight path below (celeste_fast_*) steps only what a flight can reach. */

/* m ? a : b per lane (m = -1 / 0): lane.h's js_vfsel (one blend on the SSE4 / AVX2 paths). */
static inline js_vi celeste_isel(js_vi m, js_vi a, js_vi b)
{
	return (js_vi)js_vfsel(m, (js_vf)a, (js_vf)b);
}

/* The .NET Framework's Math.Max / Math.Min as the reference writes them, a > b ? a : b and
 * a < b ? a : b, are exactly lane.h's js_vmaxps / js_vminps (x86's maxps / minps). */

/* Calc.Approach with the .NET Framework's Math.Max / Math.Min, as in the reference: both
 * candidates are computed, then selected. */
static inline js_vf celeste_lane_approach(js_vf val, js_vf target, js_vf max_move)
{
	js_vf lo = js_vmaxps(val - max_move, target);
	js_vf hi = js_vminps(val + max_move, target);
	return js_vfsel(val > target, lo, hi);
}

/* Round half to even without a call: for |x| < 2^22, x + 1.5 * 2^23 lands in [2^23, 2^24), where
 * the float spacing is 1, so the addition rounds x to an integer under round-to-nearest-even; the
 * subtraction is then exact.  Needs -fno-associative-math (the default; never -ffast-math).  The
 * remainder stays below 5 px in magnitude: at most 1/2 after a move plus |Speed.Y| * dt
 * <= 240 * 0.0167 < 4 px. */
static inline js_vf celeste_round_even(js_vf x)
{
	const js_vf magic = js_vfsplat(0x1.8p23f);
	return (x + magic) - magic;
}

#ifdef CELESTE_LANE_TRACE
/* Test hook: CELESTE_LANE_TRACE(f, l0, y, rem, sp, mf, vt, vs, gr, buf) sees the state of the
 * group of lanes l0 .. l0 + JS_VW - 1 (pointers to its vectors) after every frame it steps
 * (tests/test_celeste.c compiles this kernel once more with it to compare float bits with the
 * reference).  Never defined in the library build. */
#define CELESTE_TRACE_FRAME(f, g, l0)                                                          \
	CELESTE_LANE_TRACE(f, l0, &(g)->y, &(g)->rem, &(g)->sp, &(g)->mf, &(g)->vt, &(g)->vs,  \
			   &(g)->gr, &(g)->buf)
#else
#define CELESTE_TRACE_FRAME(f, g, l0) ((void)0)
#endif

typedef struct celeste_lanes {
	js_vi y, prev;                               /* prev: -1 / 0 */
	js_vf rem, sp, mf, vt, vs, gr, buf;          /* the reference's floats */
	js_vf dt, accel_dt, grav_dt, half_grav_dt;   /* per-lane constants */
	js_vu jw, dw;                                /* the jump / down words, shifted to frame f */
	js_vacc acc;
} celeste_lanes;

/* (900 * mult) * dt is precomputed per lane as 900 * dt and 450 * dt: 900f * .5f == 450f
 * exactly, so the product has the same bits; likewise FastMaxAccel * dt.  The lane state from a
 * start is the reference's, field by field (on_ground is recomputed every frame before it is
 * read, dt is the axis's); padding lanes (n_lanes..) copy the last lane. */
static inline void celeste_lanes_init(celeste_lanes *g, const js_lane_args *args, int l0)
{
	int32_t y[JS_VW], prev[JS_VW];
	float rem[JS_VW], sp[JS_VW], mf[JS_VW], vt[JS_VW], vs[JS_VW], gr[JS_VW], buf[JS_VW];
	float dt[JS_VW], accel_dt[JS_VW], grav_dt[JS_VW], half_grav_dt[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int ll = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		float d = celeste_dt(args->axis[CELESTE_AX_DT][ll]);
		dt[i] = d;
		accel_dt[i] = CELESTE_FAST_MAX_ACCEL * d;
		grav_dt[i] = (CELESTE_GRAVITY * 1.0f) * d;
		half_grav_dt[i] = (CELESTE_GRAVITY * 0.5f) * d;
		y[i] = 0;
		prev[i] = 0;
		rem[i] = 0.0f;
		sp[i] = 0.0f;
		mf[i] = CELESTE_MAX_FALL;
		vt[i] = 0.0f;
		vs[i] = 0.0f;
		gr[i] = 0.0f;
		buf[i] = 0.0f;
		if (args->start) { /* a fuzz start: the reference's state, field by field */
			const celeste_state *st = (const celeste_state *)args->start + ll;
			y[i] = st->y;
			prev[i] = -(st->prev_jump != 0);
			rem[i] = st->remainder;
			sp[i] = st->speed;
			mf[i] = st->max_fall;
			vt[i] = st->var_jump_timer;
			vs[i] = st->var_jump_speed;
			gr[i] = st->jump_grace_timer;
			buf[i] = st->jump_buffer;
		}
	}
	g->y = js_vload(y);
	g->prev = js_vload(prev);
	memcpy(&g->rem, rem, sizeof g->rem);
	memcpy(&g->sp, sp, sizeof g->sp);
	memcpy(&g->mf, mf, sizeof g->mf);
	memcpy(&g->vt, vt, sizeof g->vt);
	memcpy(&g->vs, vs, sizeof g->vs);
	memcpy(&g->gr, gr, sizeof g->gr);
	memcpy(&g->buf, buf, sizeof g->buf);
	memcpy(&g->dt, dt, sizeof g->dt);
	memcpy(&g->accel_dt, accel_dt, sizeof g->accel_dt);
	memcpy(&g->grav_dt, grav_dt, sizeof g->grav_dt);
	memcpy(&g->half_grav_dt, half_grav_dt, sizeof g->half_grav_dt);
	g->jw = g->dw = (js_vu)js_vsplat(0); /* loaded on frame 0 */
	js_vacc_init(&g->acc, args, l0);
}

/* One update of the group: VirtualButton.Update, onGround, the two timers, NormalUpdate's
 * vertical part, Actor.MoveV with the floor.  MoveVExact's pixel loop collapses: moving up never
 * collides (no ceiling); moving down by m from y <= 0 collides iff y + m > 0, and then stops at
 * y = 0.  Height -y fits int32 trivially: y is never below the floor, and upward speed only comes
 * from Jump() on the ground (-105 px/s for at most 0.2 s, then gravity), so -y stays under 30 px
 * (from a fuzz start, js_lane_args.start, under 4096: field y).  Nothing here needs init's
 * state: the floor rules hold for any y <= 0, the rounding for any remainder the fields allow
 * (|remainder + Speed.Y * dt| < 5 px). */
static inline void celeste_lanes_frame(celeste_lanes *g, const js_lane_args *args, int l0, int f)
{
	if ((f & 31) == 0) { /* bit planes: plane b holds input bit b (model.h, js_lane_args) */
		g->jw = js_vloadu(args->input[0] + (f >> 5) * JS_BLOCK + l0);
		g->dw = js_vloadu(args->input[1] + (f >> 5) * JS_BLOCK + l0);
	}
	const js_vi jump = -(js_vi)(g->jw & 1u), down = -(js_vi)(g->dw & 1u); /* -1 held */
	g->jw >>= 1;
	g->dw >>= 1;
	const js_vf zero = js_vfsplat(0.0f), d = g->dt;
	js_vu fl = (js_vu)js_vsplat(0);

	/* VirtualButton.Update / Pressed */
	js_vi edge = jump & ~g->prev;
	js_vf b = g->buf - d;
	b = js_vfsel(edge, js_vfsplat(CELESTE_JUMP_BUFFER_TIME), b);
	b = js_vfsel(jump, b, zero);
	js_vi pressed = (b > 0.0f) | edge;

	/* onGround, jumpGraceTimer, varJumpTimer.  y <= 0 always (the floor stops a move down;
	 * a start's y is <= 0), so y >= 0 is y == 0. */
	js_vf s = g->sp;
	js_vi yy = g->y;
	js_vi ground = (s >= 0.0f) & (yy >= 0);
	js_vf gt = g->gr;
	gt = js_vfsel(ground, js_vfsplat(CELESTE_JUMP_GRACE_TIME),
			  js_vfsel(gt > 0.0f, gt - d, gt));
	js_vf t = g->vt;
	t = js_vfsel(t > 0.0f, t - d, t);

	/* The frame's Speed.Y is one long chain of dependent operations, so maxFall's Approach,
	 * which does not depend on it but for its target, is computed toward both targets first
	 * and selected after (each the reference's operations on the same operands: the selected
	 * value has its bits).  Gravity's two multipliers are one Approach on the selected step:
	 * computing both measured no faster (more instructions for a shorter chain). */
	/* NormalUpdate: max fall */
	js_vi fast = down & (s >= CELESTE_MAX_FALL);
	js_vf m_fast = celeste_lane_approach(g->mf, js_vfsplat(CELESTE_FAST_MAX_FALL), g->accel_dt);
	js_vf m_slow = celeste_lane_approach(g->mf, js_vfsplat(CELESTE_MAX_FALL), g->accel_dt);
	js_vf m = js_vfsel(fast, m_fast, m_slow);
	fl |= (js_vu)fast & CELESTE_FLAG_FAST_FALL;
	/* gravity */
	js_vi half = ((js_vf)((js_vi)s & 0x7fffffff) < CELESTE_HALF_GRAV_THRESHOLD) & jump; /* |s| */
	js_vf sg = celeste_lane_approach(s, m, js_vfsel(half, g->half_grav_dt, g->grav_dt));
	s = js_vfsel(ground, s, sg);
	fl |= (js_vu)(~ground & half) & CELESTE_FLAG_HALF_GRAVITY;
	fl |= (js_vu)(~ground & (sg == m)) & CELESTE_FLAG_AT_MAX_FALL;
	/* variable jumping */
	js_vi var_on = t > 0.0f;
	js_vf vsp = g->vs;
	s = js_vfsel(var_on & jump, js_vminps(s, vsp), s);
	js_vi cut = var_on & ~jump;
	t = js_vfsel(cut, zero, t);
	fl |= (js_vu)cut & CELESTE_FLAG_VAR_JUMP_CUT;
	/* jumping: Jump() */
	js_vi jmp = pressed & (gt > 0.0f);
	b = js_vfsel(jmp, zero, b);
	gt = js_vfsel(jmp, zero, gt);
	t = js_vfsel(jmp, js_vfsplat(CELESTE_VAR_JUMP_TIME), t);
	s = js_vfsel(jmp, js_vfsplat(CELESTE_JUMP_SPEED + 0.0f), s);
	vsp = js_vfsel(jmp, s, vsp);

	/* Actor.MoveV(Speed.Y * dt), rounded as celeste_round_even does.  The floor: a move down
	 * (move > 0) collides iff y + move > 0, i.e. move > -y (y <= 0): the same test on the
	 * rounding's r + 1.5 * 2^23 (= move + 1.5 * 2^23 exactly) against -y + 1.5 * 2^23 (exact:
	 * -y < 2^22), one comparison sooner in the chain. */
	const js_vf magic = js_vfsplat(0x1.8p23f);
	js_vf r = g->rem + s * d;
	js_vf rm = r + magic;
	js_vi hit = rm > (__builtin_convertvector(-yy, js_vf) + magic);
	js_vf rr = celeste_round_even(r); /* (r + magic) - magic: rm, computed once */
	js_vi move = __builtin_convertvector(rr, js_vi);
	js_vf frac = r - rr;
	fl |= (js_vu)((js_vf)((js_vi)frac & 0x7fffffff) == 0.5f) & CELESTE_FLAG_ROUND_TIE; /* |frac| */
	r = frac; /* movementCounter.Y -= move; x - 0 == x when move is 0 */
	js_vi ny = yy + move;
	fl |= (js_vu)((move > 0) & (ny == 0)) & CELESTE_FLAG_FLOOR_EXACT;
	ny = celeste_isel(hit, js_vsplat(0), ny);
	r = js_vfsel(hit, zero, r);
	s = js_vfsel(hit, zero, s);

	g->y = ny;
	g->rem = r;
	g->sp = s;
	g->mf = m;
	g->vt = t;
	g->vs = vsp;
	g->gr = gt;
	g->buf = b;
	g->prev = jump;

	/* js_vacc_frame (lane.h, model.h's js_acc_frame) with what celeste cannot reach left out:
	 * the height -ny is never negative (a move down stops at the floor, y <= 0 at the start),
	 * so no below_start, and no step raises JS_FLAG_RELAUNCH. */
	js_vacc *a = &g->acc;
	js_vi grounded = ny == 0;
	js_vi live = ~a->landed;
	js_vi took = a->took | (live & ~grounded);
	js_vi on = live & took;
	a->flags |= fl & (js_vu)on;
	js_vi height = -ny;
	js_vi higher = on & (height > a->rise);
	a->rise = celeste_isel(higher, height, a->rise);
	a->apex = celeste_isel(higher, js_vsplat(f), a->apex);
	js_vi lands = on & grounded;
	a->air = celeste_isel(lands, js_vsplat(f + 1), a->air);
	a->landed |= lands;
	a->took = took;
	js_vacc_record(a, f); /* the fuzzer's record (lane.h); nothing otherwise */
}

/* 1 when no lane of the group can change its results after frame f (one test for the group). */
static inline int celeste_lanes_done(const celeste_lanes *g, int32_t f)
{
	const js_vacc *a = &g->acc;
	return !js_vany(~(a->landed | (~a->took & (a->last_jump <= f))));
}

/* Steps one group alone from frame f until it is done; returns nothing (its state is in g). */
static inline void celeste_lanes_run(celeste_lanes *g, const js_lane_args *args, int l0, int f)
{
	for (; f < args->n_frames; f++) {
		celeste_lanes_frame(g, args, l0, f);
		CELESTE_TRACE_FRAME(f, g, l0);
		if ((f & 3) == 3 && celeste_lanes_done(g, f))
			break;
	}
}

#ifndef CELESTE_LANE_TRACE
/* ---- from init's state (js_lane_args.start NULL, no record): the flight alone ----
 *
 * From init Madeline stands until the first frame t0 with the jump button down (a press: the
 * button was up on every frame before, and prev_jump starts 0), and that press always jumps
 * (onGround refills jumpGraceTimer to 0.1 on the same update).  Standing changes nothing of the
 * state (Speed.Y 0: no fast fall, no gravity, MoveV(0); the buffer is 0 with the button up), so
 * the flight from t0 is the same for every t0.  In the air jumpGraceTimer is 0 (Jump() zeroed
 * it, only the ground refills it), so no second Jump() before the landing, after which the
 * accounting takes nothing more: the buffer, prev_jump and the grace timer are left out, and
 * varJumpSpeed is JumpSpeed + 0f.  varJumpTimer is VarJumpTime at t0 and loses dt on each
 * update while > 0, so it is > 0 after the decrement on exactly updates t0 + 1 .. t0 + n(dt)
 * (n from the same float subtractions, celeste_var_frames) unless the button comes up first,
 * which zeroes it: the timer is kept as that last frame (vend, -1 once cut).  maxFall stays in
 * MaxFall .. FastMaxFall, where Approach toward FastMaxFall is min(maxFall + a, 240) and toward
 * MaxFall max(maxFall - a, 160) (at 160 both give 160).  Y is a float (whole px: exact).
 *
 * A lane outside its flight (before t0, after its landing) is left inert: gravity, the fast
 * fall and Approach from above maxFall act on the lanes in the air only, so a lane before t0
 * keeps Speed.Y 0, the remainder 0 and Y 0, and its jump sets Speed.Y and the timer at t0; and
 * MoveVExact's collision is left out: the landing is the first update that ends with Y >= 0
 * (Y > 0: the collision, Y == 0 without one: floor_exact), and after it the lane keeps its
 * speed (> 0: it was moving down, and the var jump is over: on with the button held it rises,
 * released it is cut) and sinks on below the floor, never read again.  No flag is taken from a
 * lane outside its flight (those its values could raise are taken from lanes in the air, the
 * round tie also at take-off).  Rise, apex frame and airtime are read from Y alone: Y < 0 only
 * in the flight, so the least Y and its first frame are the rise and apex, and the airtime is
 * the last frame in the air + 2 (the landing's frame + 1).  The least Y and its first frame are
 * one minimum, of Y * 8192 + f: a flight from init stays within 30 px of the floor (see
 * celeste_lanes_frame) and f < JS_MAX_FRAMES = 4096 < 8192, so for the flight's Y both the
 * product and the sum are exact (below 2^24 in magnitude) and order (Y, f) lexicographically;
 * the flight's values are < 0 (Y <= -1 from t0 on), those of a lane standing or sunk below the
 * floor after its landing >= 0 (then large and perhaps rounded, never the least). */

/* Updates after the take-off on which varJumpTimer is still > 0 after its decrement. */
static int celeste_var_frames(float dt)
{
	float vt = CELESTE_VAR_JUMP_TIME;
	int n = 0;
	for (;;) {
		vt -= dt; /* Player.Update L742-744, vt > 0 here */
		if (!(vt > 0.0f))
			return n;
		n++;
	}
}

static inline js_m celeste_mfeq(js_vf a, js_vf b)
{
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
	return _mm512_cmp_ps_mask((__m512)a, (__m512)b, _CMP_EQ_OQ);
#else
	return a == b;
#endif
}

/* Round half to even, as celeste_round_even: one roundps on the vector paths (round to nearest,
 * ties to even, whatever MXCSR says: the same integer; it may be -0 where celeste_round_even
 * gives +0, which no comparison, sum or difference below tells apart). */
static inline js_vf celeste_fast_round(js_vf x)
{
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
	return (js_vf)_mm512_roundscale_ps((__m512)x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
#elif defined(__AVX__) && !defined(JS_LANE_SCALAR) && JS_VW == 8
	return (js_vf)_mm256_round_ps((__m256)x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
#elif defined(__SSE4_1__) && !defined(JS_LANE_SCALAR) && JS_VW == 4
	return (js_vf)_mm_round_ps((__m128)x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
#else
	return celeste_round_even(x);
#endif
}

/* The flags a group has raised.  On AVX-512 one mask per flag (ORed in a mask or general
 * register, made into the flag words at the store): ORed into a vector of flag words, each
 * flag took a masked OR, a broadcast of its bit and a register copy a frame (GCC 12).  On the
 * scalar path the flag words themselves. */
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
typedef struct celeste_flags {
	js_m fast, cut, half, at_max, tie, floor;
} celeste_flags;
#define CELESTE_FL_NONE ((celeste_flags){ 0, 0, 0, 0, 0, 0 })
#define CELESTE_FL_ADD(acc, name, bit, m) ((acc).name = (js_m)((acc).name | (m)))
static inline js_vu celeste_fl_words(celeste_flags a)
{
	js_vu fl = (js_vu)js_vsplat(0);
	fl = js_morif(fl, a.fast, CELESTE_FLAG_FAST_FALL);
	fl = js_morif(fl, a.cut, CELESTE_FLAG_VAR_JUMP_CUT);
	fl = js_morif(fl, a.half, CELESTE_FLAG_HALF_GRAVITY);
	fl = js_morif(fl, a.at_max, CELESTE_FLAG_AT_MAX_FALL);
	fl = js_morif(fl, a.tie, CELESTE_FLAG_ROUND_TIE);
	return js_morif(fl, a.floor, CELESTE_FLAG_FLOOR_EXACT);
}
#elif (defined(__AVX2__) && JS_VW == 8 || defined(__SSE4_1__) && JS_VW == 4) &&                \
	!defined(JS_LANE_SCALAR)
/* SSE4 / AVX2: one bit mask per flag in a general register (a movmskps and an OR a flag, off
 * the vector units and out of the vector registers, which AVX2's loop spills) */
typedef struct celeste_flags {
	uint32_t fast, cut, half, at_max, tie, floor;
} celeste_flags;
#define CELESTE_FL_NONE ((celeste_flags){ 0, 0, 0, 0, 0, 0 })
static inline uint32_t celeste_mbits(js_m m)
{
#if JS_VW == 8
	return (uint32_t)_mm256_movemask_ps((__m256)m);
#else
	return (uint32_t)_mm_movemask_ps((__m128)m);
#endif
}
#define CELESTE_FL_ADD(acc, name, bit, m) ((acc).name |= celeste_mbits(m))
static inline js_vu celeste_fl_word(js_vu fl, uint32_t bits, uint32_t flag)
{
	js_vi lane_bit;
	for (int i = 0; i < JS_VW; i++)
		lane_bit[i] = 1 << i;
	return js_morif(fl, (js_vi)(((js_vi)js_vsplat((int32_t)bits) & lane_bit) != 0), flag);
}
static inline js_vu celeste_fl_words(celeste_flags a)
{
	js_vu fl = (js_vu)js_vsplat(0);
	fl = celeste_fl_word(fl, a.fast, CELESTE_FLAG_FAST_FALL);
	fl = celeste_fl_word(fl, a.cut, CELESTE_FLAG_VAR_JUMP_CUT);
	fl = celeste_fl_word(fl, a.half, CELESTE_FLAG_HALF_GRAVITY);
	fl = celeste_fl_word(fl, a.at_max, CELESTE_FLAG_AT_MAX_FALL);
	fl = celeste_fl_word(fl, a.tie, CELESTE_FLAG_ROUND_TIE);
	return celeste_fl_word(fl, a.floor, CELESTE_FLAG_FLOOR_EXACT);
}
#else
typedef js_vu celeste_flags;
#define CELESTE_FL_NONE ((js_vu)js_vsplat(0))
#define CELESTE_FL_ADD(acc, name, bit, m) ((acc) = js_morif((acc), (m), (bit)))
static inline js_vu celeste_fl_words(celeste_flags a)
{
	return a;
}
#endif

typedef struct celeste_fast {
	js_vf y, r, s, mf;    /* Position.Y (float, whole px), remainder, Speed.Y, maxFall */
	js_vf top;            /* the least Y * 8192 + f so far: the rise and the apex frame */
	js_vi vend;           /* the last update with the var jump on (-1: none) */
	js_vi air;
	celeste_flags fl;
	js_vu jw, dw;         /* the jump / down words of frame f's 32 */
	js_m in_air;          /* Y < 0 after the last update */
	js_vf d, g, hg, a;    /* dt, 900 * dt, 450 * dt, 300 * dt */
	js_vi nvar;           /* celeste_var_frames(dt) */
	js_vi t0;             /* the first frame with the button down; INT32_MAX if none */
	int next_t0, max_t0;  /* the group's next take-off frame (INT32_MAX: none) and last one */
	int var_end;          /* no lane's var jump runs past this frame */
	int mf_moved;         /* some lane's maxFall may be above MaxFall */
} celeste_fast;

static inline void celeste_fast_init(celeste_fast *g, const js_lane_args *args, int l0,
				     const int nv[2])
{
	/* dt from the axis (lanes past n_lanes copy the last lane) */
	js_vi ax;
	if (l0 + JS_VW <= args->n_lanes) {
		ax = js_vload(args->axis[CELESTE_AX_DT] + l0);
	} else {
		int32_t v[JS_VW];
		for (int i = 0; i < JS_VW; i++)
			v[i] = args->axis[CELESTE_AX_DT][l0 + i < args->n_lanes ? l0 + i
										 : args->n_lanes - 1];
		ax = js_vload(v);
	}
	const js_m exact = js_mieq(ax, js_vsplat(CELESTE_DT_IS_EXACT));
	g->d = js_mfsel(exact, js_vfsplat(CELESTE_DT_EXACT), js_vfsplat(CELESTE_DT_FNA));
	g->g = js_vfsplat(CELESTE_GRAVITY * 1.0f) * g->d;
	g->hg = js_vfsplat(CELESTE_GRAVITY * 0.5f) * g->d;
	g->a = js_vfsplat(CELESTE_FAST_MAX_ACCEL) * g->d;
	g->nvar = js_misel(exact, js_vsplat(nv[1]), js_vsplat(nv[0]));
	/* t0: the lowest set bit of the first nonzero word (x & -x, a power of two, converts
	 * exactly; its exponent is its index, 2^31 converting to -2^31) */
	js_vi t0 = js_vsplat(INT32_MAX);
	for (int w = ((args->n_frames + 31) >> 5) - 1; w >= 0; w--) {
		const js_vu x = js_vloadu(args->input[0] + w * JS_BLOCK + l0);
		const js_vf low = __builtin_convertvector((js_vi)(x & -x), js_vf);
		const js_vi at = ((((js_vi)low >> 23) & 0xff) - 127) + w * 32;
		t0 = js_misel(js_mine((js_vi)x, js_vsplat(0)), at, t0);
	}
	t0 = js_misel(js_mige(t0, js_vsplat(args->n_frames)), js_vsplat(INT32_MAX), t0);
	g->t0 = t0;
	g->next_t0 = INT32_MAX;
	g->max_t0 = -1;
	for (int i = 0; i < JS_VW; i++) {
		const int32_t t = t0[i];
		g->next_t0 = t < g->next_t0 ? t : g->next_t0;
		g->max_t0 = t != INT32_MAX && t > g->max_t0 ? t : g->max_t0;
	}
	g->y = g->r = g->s = g->top = js_vfsplat(0.0f);
	g->mf = js_vfsplat(CELESTE_MAX_FALL);
	g->vend = js_vsplat(-1);
	g->air = js_vsplat(0);
	g->fl = CELESTE_FL_NONE;
	g->jw = g->dw = (js_vu)js_vsplat(0);
	g->in_air = JS_MNONE;
	g->var_end = -1;
	g->mf_moved = 0;
}

/* One update of the group (frame f; bit = 1 << (f & 31) in every lane). */
static inline void celeste_fast_frame(celeste_fast *g, const js_lane_args *args, int l0, int f,
				      js_vu bit)
{
	if ((f & 31) == 0) {
		g->jw = js_vloadu(args->input[0] + (f >> 5) * JS_BLOCK + l0);
		g->dw = js_vloadu(args->input[1] + (f >> 5) * JS_BLOCK + l0);
	}
	const js_m jump = js_mbit(g->jw, bit);
	const js_m air = g->in_air; /* in the air on this update (onGround false) */
	js_vf s = g->s, m = g->mf;
	celeste_flags fl = g->fl;

	/* NormalUpdate: max fall.  Until some lane falls at MaxFall with Down, maxFall stays 160. */
	const js_m fast = air & js_mbit(g->dw, bit) & js_mfge(s, js_vfsplat(CELESTE_MAX_FALL));
	if (g->mf_moved || js_many(fast)) {
		g->mf_moved = 1;
		m = js_mfsel(fast, js_vminps(m + g->a, js_vfsplat(CELESTE_FAST_MAX_FALL)),
			     js_vmaxps(m - g->a, js_vfsplat(CELESTE_MAX_FALL)));
		CELESTE_FL_ADD(fl, fast, CELESTE_FLAG_FAST_FALL, fast);
	}
	/* gravity, in the air only */
	const js_m half = jump & js_mflt((js_vf)((js_vi)s & 0x7fffffff),
					 js_vfsplat(CELESTE_HALF_GRAV_THRESHOLD));
	const js_vf step = js_mfsel(half, g->hg, g->g);
	js_vf sg = js_vminps(s + step, m);
	const js_m over = air & js_mfgt(s, m);
	if (js_many(over))
		sg = js_mfsel(over, js_vmaxps(s - step, m), sg);
	s = js_mfsel(air, sg, s);
	CELESTE_FL_ADD(fl, half, CELESTE_FLAG_HALF_GRAVITY, half & air);
	CELESTE_FL_ADD(fl, at_max, CELESTE_FLAG_AT_MAX_FALL, celeste_mfeq(sg, m) & air);
	/* variable jumping */
	if (f <= g->var_end) {
		const js_m on = js_mige(g->vend, js_vsplat(f));
		s = js_mfsel(on & jump, js_vminps(s, js_vfsplat(CELESTE_JUMP_SPEED + 0.0f)), s);
		const js_m cut = on & ~jump;
		g->vend = js_misel(cut, js_vsplat(-1), g->vend);
		CELESTE_FL_ADD(fl, cut, CELESTE_FLAG_VAR_JUMP_CUT, cut);
	}
	/* Jump() at t0 */
	js_m moving = air;
	if (f == g->next_t0) {
		const js_m tk = js_mieq(g->t0, js_vsplat(f));
		s = js_mfsel(tk, js_vfsplat(CELESTE_JUMP_SPEED + 0.0f), s);
		g->vend = js_misel(tk, g->nvar + f, g->vend);
		moving = moving | tk;
		int next = INT32_MAX, vmax = g->var_end;
		for (int i = 0; i < JS_VW; i++) {
			if (g->t0[i] > f && g->t0[i] < next)
				next = g->t0[i];
			if (g->t0[i] == f && f + g->nvar[i] > vmax)
				vmax = f + g->nvar[i];
		}
		g->next_t0 = next;
		g->var_end = vmax;
	}

	/* Actor.MoveV(Speed.Y * dt), rounded as celeste_round_even; no collision (see above) */
	const js_vf zero = js_vfsplat(0.0f);
	js_vf r = g->r + s * g->d;
	js_vf rr = celeste_fast_round(r);
	js_vf frac = r - rr;
	CELESTE_FL_ADD(fl, tie, CELESTE_FLAG_ROUND_TIE,
		       moving & celeste_mfeq((js_vf)((js_vi)frac & 0x7fffffff), js_vfsplat(0.5f)));
	js_vf ny = g->y + rr;
	CELESTE_FL_ADD(fl, floor, CELESTE_FLAG_FLOOR_EXACT, air & celeste_mfeq(ny, zero));
	r = frac;

	/* the accounting */
	g->top = js_vminps(ny * js_vfsplat(8192.0f) + js_vfsplat((float)f), g->top);
	const js_m up = js_mflt(ny, zero);
	g->air = js_misel(up, js_vsplat(f + 2), g->air);
	g->in_air = up;

	g->y = ny;
	g->r = r;
	g->s = s;
	g->mf = m;
	g->fl = fl;
}

/* 1 when the group's lanes can change nothing after frame f. */
static inline int celeste_fast_done(const celeste_fast *g, int f)
{
	return f >= g->max_t0 && !js_many(g->in_air);
}

/* The group's results after frames 0 .. f_end - 1. */
static inline void celeste_fast_store(const celeste_fast *g, const js_lane_args *args, int l0,
				      int f_end)
{
	js_vacc a;
	a.took = js_mto(js_milt(g->t0, js_vsplat(f_end)));
	a.landed = a.took & ~js_mto(g->in_air);
	const js_vi top = __builtin_convertvector(g->top, js_vi);
	a.rise = a.took & -(top >> 13);
	a.apex = a.took & (top & 8191);
	a.air = a.landed & g->air;
	a.flags = (js_vu)a.took & celeste_fl_words(g->fl);
	if (l0 + JS_VW <= args->n_lanes) { /* a whole group: vector stores */
		typedef int64_t celeste_vl __attribute__((vector_size(JS_VW * 8)));
		const celeste_vl rise = __builtin_convertvector(a.rise, celeste_vl);
		js_vu fl = js_morif(a.flags, js_mfrom(~a.took), JS_FLAG_NO_TAKEOFF);
		fl = js_morif(fl, js_mfrom(a.took & ~a.landed), JS_FLAG_NOT_LANDED);
		__builtin_memcpy(args->rise + l0, &rise, sizeof rise);
		js_vstore(args->apex_frame + l0, a.apex);
		js_vstore(args->airtime + l0, a.air);
		js_vstoreu(args->flags + l0, fl);
		return;
	}
	a.last_jump = js_vsplat(-1);
	a.rec = NULL;
	a.l0 = l0;
	js_vacc_store(&a, args, l0);
}

static inline int celeste_fast_run(celeste_fast *g, const js_lane_args *args, int l0, int f)
{
	for (; f < args->n_frames; f++) {
		celeste_fast_frame(g, args, l0, f, (js_vu)js_vsplat((int32_t)(1u << (f & 31))));
		if (celeste_fast_done(g, f))
			return f + 1;
	}
	return f;
}

/* Inlined into the kernel: out of line, GCC 12 allocated the AVX2 loop's registers worse (in one
 * process, alternated with the build before, fastest of 600: AVX2 6.1 against 6.3-6.9 us per
 * default grid). */
static inline __attribute__((always_inline)) void celeste_fast_lanes(const js_lane_args *args)
{
	const int nv[2] = { celeste_var_frames(CELESTE_DT_FNA), celeste_var_frames(CELESTE_DT_EXACT) };
	for (int l0 = 0; l0 < args->n_lanes; l0 += 2 * JS_VW) {
		const int l1 = l0 + JS_VW;
		celeste_fast g0, g1;
		celeste_fast_init(&g0, args, l0, nv);
		if (l1 >= args->n_lanes) {
			celeste_fast_store(&g0, args, l0, celeste_fast_run(&g0, args, l0, 0));
			continue;
		}
		celeste_fast_init(&g1, args, l1, nv);
		int f = 0, e0 = -1, e1 = -1;
		while (f < args->n_frames) {
			const js_vu bit = (js_vu)js_vsplat((int32_t)(1u << (f & 31)));
			celeste_fast_frame(&g0, args, l0, f, bit);
			celeste_fast_frame(&g1, args, l1, f, bit);
			f++;
			if (celeste_fast_done(&g0, f - 1))
				e0 = f;
			if (celeste_fast_done(&g1, f - 1))
				e1 = f;
			if (e0 >= 0 || e1 >= 0)
				break;
		}
		if (e0 < 0)
			e0 = celeste_fast_run(&g0, args, l0, f);
		if (e1 < 0)
			e1 = celeste_fast_run(&g1, args, l1, f);
		celeste_fast_store(&g0, args, l0, e0);
		celeste_fast_store(&g1, args, l1, e1);
	}
}
#endif

/* Two groups side by side (instruction-level parallelism: one frame is a long dependent chain)
 * while both run, then the one left alone; a group whose lanes can no longer change their
 * results stops. */
void JS_LANE_FN(celeste)(const js_lane_args *args)
{
#ifndef CELESTE_LANE_TRACE
	if (!args->start && !args->record) {
		celeste_fast_lanes(args);
		return;
	}
#endif
	for (int l0 = 0; l0 < args->n_lanes; l0 += 2 * JS_VW) {
		const int l1 = l0 + JS_VW;
		celeste_lanes g0, g1;
		celeste_lanes_init(&g0, args, l0);
		if (l1 >= args->n_lanes) {
			celeste_lanes_run(&g0, args, l0, 0);
			js_vacc_store(&g0.acc, args, l0);
			continue;
		}
		celeste_lanes_init(&g1, args, l1);
		int f = 0, d0 = 0, d1 = 0;
		while (f < args->n_frames) {
			celeste_lanes_frame(&g0, args, l0, f);
			celeste_lanes_frame(&g1, args, l1, f);
			CELESTE_TRACE_FRAME(f, &g0, l0);
			CELESTE_TRACE_FRAME(f, &g1, l1);
			if ((f++ & 3) == 3) {
				d0 = celeste_lanes_done(&g0, f - 1);
				d1 = celeste_lanes_done(&g1, f - 1);
				if (d0 | d1)
					break;
			}
		}
		if (!d0)
			celeste_lanes_run(&g0, args, l0, f);
		if (!d1)
			celeste_lanes_run(&g1, args, l1, f);
		js_vacc_store(&g0.acc, args, l0);
		js_vacc_store(&g1.acc, args, l1);
	}
}

#endif
