/* tests/test_banjo.c - Banjo-Kazooie: seed claim 32 of the Gravity page on Banjo's jump, the
 * frame-by-frame values derived by hand from the decompilation (bs/jump.c, ba/physics.c,
 * time.c, code_C4B0.c, playerutils.c), the release, ability, terminal-velocity, landing and
 * water rules, and lane kernel == reference on every ISA (from init and from fuzz starts).
 *
 * "By hand" here: each expected float below is the decompilation's arithmetic carried out one
 * float32 operation at a time in the game's order (vy = vy + dt * g; clamp; y = y + (0 + vy) * dt;
 * dt = (f32)(n * (1.0 / 60 or 50))), done outside the model (a separate float32 calculation),
 * with the steps written in the comments. */
#include <math.h>

#include "testutil.h"

enum { DT, ABILITY, START };
enum { NTSC, PAL, NTSC_1VI, PAL_1VI, NTSC_3VI, PAL_3VI };
enum { LEARNED, NOT_LEARNED };
enum { GROUND, SWIM };

#define NF 200

static const js_model *banjo(void)
{
	return tu_model("banjo");
}

/* Reference columns after each frame: y, vy, gravity, phase, in_water, height_sub, grounded,
 * flags; the jump input from a text pattern ('J' held, '.' up; frames past it up). */
typedef struct bj_row {
	float y, vy;
	int gravity, phase, in_water;
	int64_t height;
	int grounded;
	uint32_t flags;
} bj_row;

static void rows_in(int dt, int ability, int start, const uint8_t *in, int n, bj_row *rows)
{
	int32_t ax[3] = { dt, ability, start };
	double *v = malloc(sizeof *v * (size_t)n * 8);
	cr_assert_not_null(v);
	tu_trace(banjo(), ax, in, n, "y,vy,gravity,phase,in_water,height_sub,grounded,flags", v);
	for (int f = 0; f < n; f++) {
		const double *r = v + (size_t)f * 8;
		rows[f] = (bj_row){ (float)r[0], (float)r[1], (int)r[2], (int)r[3], (int)r[4],
				    (int64_t)r[5], (int)r[6], (uint32_t)r[7] };
	}
	free(v);
}

static void rows_hold(int dt, int ability, int start, int h, int n, bj_row *rows)
{
	uint8_t in[NF];
	tu_hold(in, n, h, 0);
	rows_in(dt, ability, start, in, n, rows);
}

static void rows_pat(int dt, int ability, int start, const char *pat, int n, bj_row *rows)
{
	uint8_t in[NF] = { 0 };
	for (int f = 0; f < n && pat[f]; f++)
		in[f] = pat[f] == 'J' ? JS_IN_JUMP : 0;
	rows_in(dt, ability, start, in, n, rows);
}

static js_acc acc_hold(int dt, int ability, int start, int h)
{
	int32_t ax[3] = { dt, ability, start };
	return tu_ref_hold(banjo(), ax, h, 0, NF);
}

static uint32_t flag_bit(const char *name)
{
	const js_model *m = banjo();
	for (int b = 0; b < JS_MAX_FLAGS; b++)
		if (m->flag_names[b] && strcmp(m->flag_names[b], name) == 0)
			return 1u << b;
	cr_assert_fail("no flag %s", name);
	return 0;
}

static int field_index(const char *name)
{
	const js_model *m = banjo();
	for (int i = 0; i < m->n_fields; i++)
		if (strcmp(m->fields[i].name, name) == 0)
			return i;
	cr_assert_fail("no field %s", name);
	return -1;
}

/* A start state: init(axes), then fields by name (as the fuzzer sets them), then fuzz_fix. */
static void make_start(void *st, int dt, int ability, int start, const char *const *names,
		       const double *vals, int n)
{
	const js_model *m = banjo();
	int32_t ax[3] = { dt, ability, start };
	m->init(st, ax);
	for (int i = 0; i < n; i++)
		js_field_set(&m->fields[field_index(names[i])], st, vals[i]);
	if (m->fuzz_fix)
		m->fuzz_fix(st);
}

static double field_get(const void *st, const char *name)
{
	return js_field_get(&banjo()->fields[field_index(name)], st);
}

Test(banjo, metadata)
{
	const js_model *m = banjo();
	cr_expect_str_eq(m->unit, "world unit");
	cr_expect_eq(m->sub_per_unit, 8388608);
	cr_expect_eq(m->fps, 30.0);
	cr_expect_eq(m->inputs, JS_IN_JUMP);
	cr_assert_eq(m->n_axes, 3);
	cr_expect_str_eq(m->axes[DT].name, "dt");
	const char *dts[] = { "ntsc", "pal", "ntsc_1vi", "pal_1vi", "ntsc_3vi", "pal_3vi" };
	cr_assert_eq(m->axes[DT].n_names, 6);
	for (int i = 0; i < 6; i++)
		cr_expect_str_eq(m->axes[DT].names[i], dts[i]);
	cr_expect_str_eq(m->axes[ABILITY].name, "ability");
	cr_expect_str_eq(m->axes[ABILITY].names[LEARNED], "learned");
	cr_expect_str_eq(m->axes[ABILITY].names[NOT_LEARNED], "not_learned");
	cr_expect_str_eq(m->axes[START].name, "start");
	cr_expect_str_eq(m->axes[START].names[GROUND], "ground");
	cr_expect_str_eq(m->axes[START].names[SWIM], "swim");
	for (int a = 0; a < 3; a++)
		cr_expect_eq(m->axes[a].input_bit, 0);
	cr_expect_leq(m->state_size, JS_STATE_MAX);
	cr_expect_lt(m->key_size, m->state_size);
	for (int i = 0; i < JS_ISA_COUNT; i++)
		if (js_isa_available((js_isa)i))
			cr_expect_not_null(m->lane[i], "lane kernel for %s", js_isa_name((js_isa)i));
	const char *names[] = { "release", "light_falling", "terminal", "repress", "big_move",
				"height_rounded" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		cr_expect_geq(flag_bit(names[i]), 1u << JS_FLAG_MODEL_SHIFT);
	cr_expect_eq(m->n_fields, 6);
	cr_expect_not_null(m->fuzz_fix);
	cr_expect_not_null(m->invariants);
	cr_expect_gt(m->land_bound, 0);
	const char *claims[] = { "banjo-kazooie/jump", "banjo-kazooie/jump-release",
				 "banjo-kazooie/frame-stepped-rise" };
	for (size_t i = 0; i < 3; i++) {
		int found = 0;
		for (const char *const *c = m->claims; *c; c++)
			found |= strcmp(*c, claims[i]) == 0;
		cr_expect(found, "claim %s listed", claims[i]);
	}
}

/* time.c: time_setDeltaReal_frames(n) -> time_setDeltaReal_sec(n * (1.0 / FRAMERATE)), the
 * double product rounded to the f32 parameter; MIN with VER_SELECT(0.05, 0.06, ...) (a double);
 * s_dTimeReal_sec f32; time_getDelta() = s_dTimeReal_sec * 1.0f.  Seen through the take-off
 * frame: y = (0 + (710 + dt * -1350)) * dt. */
Test(banjo, delta_time)
{
	/* 2 * (1.0/60) = 0.0333...: f32 0x1.111112p-5 (the same float as 1.0f / 30) */
	cr_expect_eq((float)(2 * (1.0 / 60)), 0x1.111112p-5f);
	cr_expect_eq((float)(2 * (1.0 / 50)), 0x1.47ae14p-5f); /* 0.04f */
	cr_expect_eq((float)(1 * (1.0 / 60)), 0x1.111112p-6f);
	cr_expect_eq((float)(1 * (1.0 / 50)), 0x1.47ae14p-6f); /* 0.02f */
	/* 3 * (1.0/60) rounds to f32 0.0500000007 > 0.05, so MIN takes the double 0.05, which
	 * rounds to the same f32; 4 VI and more are capped there too */
	cr_expect_eq((float)(3 * (1.0 / 60)), 0x1.99999ap-5f);
	cr_expect_eq((float)0.05, 0x1.99999ap-5f);
	cr_expect_eq((float)(3 * (1.0 / 50)), 0x1.eb851ep-5f); /* 0.06f, under PAL's 0.06 cap */

	/* frame 0 for each dt: dt * -1350 = -45.0000038 (ntsc: 1350 * 0x1.111112p-5 =
	 * 45.0000024, nearest f32 45.0000038), -54 (pal: 53.9999988 -> 54), -22.5000019,
	 * -27, -67.5, -81; vy = 710 + that: 665, 656, 687.5, 683, 642.5, 629 (all round to
	 * these values); y = vy * dt. */
	const float dt[6] = { 0x1.111112p-5f, 0x1.47ae14p-5f, 0x1.111112p-6f, 0x1.47ae14p-6f,
			      0x1.99999ap-5f, 0x1.eb851ep-5f };
	const float vy0[6] = { 665.0f, 656.0f, 687.5f, 683.0f, 642.5f, 629.0f };
	for (int d = 0; d < 6; d++) {
		bj_row r[2];
		rows_hold(d, LEARNED, GROUND, 40, 2, r);
		cr_expect_eq(r[0].vy, vy0[d], "dt %d: vy %.9g", d, (double)r[0].vy);
		cr_expect_eq(r[0].y, vy0[d] * dt[d], "dt %d: y %.9g", d, (double)r[0].y);
	}
	/* the ntsc take-off frame moves 665 * 0x1.111112p-5 = 22.1666679 */
	bj_row r[1];
	rows_hold(NTSC, LEARNED, GROUND, 40, 1, r);
	cr_expect_eq(r[0].y, 22.1666679f);
}

/* Claim 32: a jump sets the vertical speed to 710 units/s (610 from water) and the gravity to
 * -1350 (bsjump_init: D_80364CD0, D_80364CE4, D_80364CD4); with A held the lighter gravity
 * lasts past the peak. */
Test(banjo, jump_speed_and_gravity)
{
	bj_row r[NF];
	/* held, ntsc: the take-off frame already steps the physics: 710 - 45.0000038 = 665 */
	rows_hold(NTSC, LEARNED, GROUND, 60, 40, r);
	cr_expect_eq(r[0].vy, 665.0f);
	cr_expect_eq(r[0].gravity, -1350);
	cr_expect_eq(r[0].phase, 1);
	/* each held frame subtracts 45.0000038: 665 - 45.0000038 = 619.999996 -> 620 (f32 spacing
	 * 2^-14 there), and so on down to 80; 80 - 45.0000038 = 34.9999962 (spacing 2^-18) */
	const float vys[16] = { 665, 620, 575, 530, 485, 440, 395, 350, 305, 260, 215, 170, 125, 80,
				34.9999962f, -10.0000076f };
	for (int f = 0; f < 16; f++)
		cr_expect_eq(r[f].vy, vys[f], "frame %d: vy %.9g", f, (double)r[f].vy);
	/* y: 22.1666679 + 620 * dt (20.666667) = 42.8333359; ... the apex on frame 14 */
	cr_expect_eq(r[1].y, 42.8333359f);
	cr_expect_eq(r[2].y, 62.0000038f);
	cr_expect_eq(r[13].y, 173.833374f);
	cr_expect_eq(r[14].y, 175.000046f);
	cr_expect_eq(r[15].y, 174.666718f);
	/* past the peak, still -1350 (nothing resets it while A is held) */
	for (int f = 15; f < 30; f++)
		cr_expect_eq(r[f].gravity, -1350, "frame %d", f);
	cr_expect(r[16].flags & flag_bit("light_falling"));
	cr_expect_eq(r[16].vy, -55.0000114f); /* -10.0000076 - 45.0000038 */

	/* from swimming: 610 - 45.0000038 = 565, y = 565 * dt = 18.833334 */
	rows_hold(NTSC, LEARNED, SWIM, 60, 1, r);
	cr_expect_eq(r[0].vy, 565.0f);
	cr_expect_eq(r[0].y, 18.833334f);
	cr_expect_eq(r[0].gravity, -1350);
}

/* bsjump_update: bakey_released(A) (nonzero on every frame with A up) && 0 < vy -> -2700 for
 * the rest of the jump (claim 32, "On a frame of the jump with A up while he still rises"). */
Test(banjo, release_resets_gravity)
{
	bj_row r[NF];
	/* tapped: frame 1 has A up with vy 665 > 0: -2700 from frame 1, step -90.0000076
	 * (2700 * 0x1.111112p-5 = 90.0000048 -> 90.0000076): 665 - 90.0000076 = 575 */
	rows_hold(NTSC, LEARNED, GROUND, 1, 20, r);
	cr_expect_eq(r[0].gravity, -1350);
	cr_expect_eq(r[1].gravity, -2700);
	cr_expect(r[1].flags & flag_bit("release"));
	const float vys[9] = { 665, 575, 485, 395, 305, 215, 124.999992f, 34.9999847f, -55.0000229f };
	const float ys[9] = { 22.1666679f, 41.3333359f, 57.5000038f, 70.6666718f, 80.8333359f, 88.0f,
			      92.1666641f, 93.3333282f, 91.4999924f };
	for (int f = 0; f < 9; f++) {
		cr_expect_eq(r[f].vy, vys[f], "frame %d: vy %.9g", f, (double)r[f].vy);
		cr_expect_eq(r[f].y, ys[f], "frame %d: y %.9g", f, (double)r[f].y);
	}
	/* held 5: frames 0-4 at -1350 (vy 485 after frame 4), frame 5 resets: 485 - 90.0000076 */
	rows_hold(NTSC, LEARNED, GROUND, 5, 8, r);
	cr_expect_eq(r[4].gravity, -1350);
	cr_expect_eq(r[4].vy, 485.0f);
	cr_expect_eq(r[5].gravity, -2700);
	cr_expect_eq(r[5].vy, 395.0f); /* 485 - 90.0000076 = 394.99999 -> 395 */
	/* released only after the peak (held 16: frame 15 leaves vy = -10.0000076): no reset,
	 * -1350 lasts to the landing; the same rise as held throughout */
	rows_hold(NTSC, LEARNED, GROUND, 16, 40, r);
	for (int f = 16; f < 30; f++)
		cr_expect_eq(r[f].gravity, -1350, "frame %d", f);
	js_acc a16 = acc_hold(NTSC, LEARNED, GROUND, 16), a60 = acc_hold(NTSC, LEARNED, GROUND, 60);
	cr_expect_eq(a16.rise, a60.rise);
	cr_expect_eq(a16.airtime, a60.airtime);
	cr_expect_eq(a16.flags & flag_bit("release"), 0);
	/* re-pressing after a release does not bring -1350 back ("nothing sets -1350 again"):
	 * J . J J J J: frame 1 resets, frames 2.. held stay at -2700; frame 2 is a new press in
	 * the air (the Feathery Flap in the game once learned: flag repress) */
	rows_pat(NTSC, LEARNED, GROUND, "J.JJJJJJ", 8, r);
	for (int f = 1; f < 8; f++)
		cr_expect_eq(r[f].gravity, -2700, "frame %d", f);
	cr_expect(r[2].flags & flag_bit("repress"));
	cr_expect_eq(r[2].vy, 485.0f);
}

/* can_control_jump_height() = ability_hasLearned(ABILITY_A_HOLD_A_JUMP_HIGHER): not learned,
 * bsjump_update resets the gravity on every frame, so from frame 1 (the take-off frame still
 * steps with bsjump_init's -1350): every hold is the tap. */
Test(banjo, hold_ability)
{
	bj_row r[NF];
	rows_hold(NTSC, NOT_LEARNED, GROUND, 60, 20, r);
	cr_expect_eq(r[0].gravity, -1350);
	cr_expect_eq(r[0].vy, 665.0f);
	cr_expect_eq(r[1].gravity, -2700);
	cr_expect_eq(r[1].vy, 575.0f);
	cr_expect(r[1].flags & flag_bit("release"));
	for (int d = 0; d < 6; d++)
		for (int st = 0; st < 2; st++) {
			js_acc tap = acc_hold(d, LEARNED, st, 1);
			for (int h = 1; h <= 40; h += 13) {
				js_acc a = acc_hold(d, NOT_LEARNED, st, h);
				cr_expect_eq(a.rise, tap.rise, "dt %d start %d hold %d", d, st, h);
				cr_expect_eq(a.airtime, tap.airtime);
				cr_expect_eq(a.apex_frame, tap.apex_frame);
			}
		}
}

/* Claim 32's figures: "Computed without the frame steps, a held jump rises about 187 units in
 * 0.53 s, and one released at once about 93" - the continuous v^2 / 2g: 710^2 / 2700 = 186.7 in
 * 710 / 1350 = 0.526 s, and 710^2 / 5400 = 93.35.  Frame-stepped (velocity first, then
 * position: rise = sum of v_k * dt) at ntsc: held 175.000046 = (15 * 710 - 45 * 120) / 30 = 175
 * in float, apex on frame 14 (15 updates = 0.5 s), landing on frame 30 (airtime 31); tapped
 * 93.3333282 = (665 + 575 + ... + 35) / 30 = 2800 / 30, apex frame 7, airtime 16. */
Test(banjo, claim32_frame_stepped_vs_continuous)
{
	double held_cont = 710.0 * 710.0 / (2 * 1350.0), tap_cont = 710.0 * 710.0 / (2 * 2700.0);
	cr_expect_eq(lround(held_cont), 187);
	cr_expect_eq(lround(tap_cont), 93);
	cr_expect_eq(lround(710.0 / 1350.0 * 100), 53);

	js_acc held = acc_hold(NTSC, LEARNED, GROUND, 60), tap = acc_hold(NTSC, LEARNED, GROUND, 1);
	cr_expect_eq(held.rise, (int64_t)((double)175.000046f * 8388608.0)); /* 1468006784 */
	cr_expect_eq(held.rise, 1468006784);
	cr_expect_eq(held.apex_frame, 14);
	cr_expect_eq(held.airtime, 31);
	cr_expect_eq(tap.rise, (int64_t)((double)93.3333282f * 8388608.0));
	cr_expect_eq(tap.apex_frame, 7);
	cr_expect_eq(tap.airtime, 16);
	/* the frame steps lose 11.7 units held and barely anything tapped */
	double held_u = (double)held.rise / 8388608.0, tap_u = (double)tap.rise / 8388608.0;
	cr_expect(held_u < held_cont - 11.5 && held_u > held_cont - 12);
	cr_expect(fabs(tap_u - tap_cont) < 0.02);
	/* (apex frame + 1) updates of 1/30 s: 0.5 s against the continuous 0.53 */
	cr_expect_eq((held.apex_frame + 1) * 2, 30);

	/* the other delta times (hand sums of the same kind): held / tapped rise, apex, airtime */
	struct { int dt; float held, tap; int held_apex, held_air, tap_apex, tap_air; } t[] = {
		/* pal: steps of 54 / 108: (13 * 710 - 54 * 91) * 0.04 = 172.64 */
		{ PAL, 172.640015f, 92.9599991f, 12, 26, 6, 14 },
		/* 1/60: (31 * 710 - 22.5 * 496) / 60 = 180.83 */
		{ NTSC_1VI, 180.833282f, 93.3333664f, 30, 63, 15, 32 },
		{ PAL_1VI, 179.660004f, 93.3399887f, 25, 52, 12, 27 },
		/* 0.05 s: (10 * 710 - 67.5 * 55) * 0.05 = 169.375 */
		{ NTSC_3VI, 169.375f, 93.125f, 9, 21, 4, 11 },
		{ PAL_3VI, 165.839996f, 92.6399994f, 7, 17, 3, 9 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		js_acc h = acc_hold(t[i].dt, LEARNED, GROUND, 60), p = acc_hold(t[i].dt, LEARNED, GROUND, 1);
		cr_expect_eq(h.rise, (int64_t)((double)t[i].held * 8388608.0), "dt %d held", t[i].dt);
		cr_expect_eq(p.rise, (int64_t)((double)t[i].tap * 8388608.0), "dt %d tap", t[i].dt);
		cr_expect_eq(h.apex_frame, t[i].held_apex, "dt %d", t[i].dt);
		cr_expect_eq(h.airtime, t[i].held_air, "dt %d", t[i].dt);
		cr_expect_eq(p.apex_frame, t[i].tap_apex, "dt %d", t[i].dt);
		cr_expect_eq(p.airtime, t[i].tap_air, "dt %d", t[i].dt);
	}
}

/* func_80293F0C / func_8029350C: the move that reaches y <= floor snaps to it, vy -> -1.0f;
 * bsjump_end restores -2700.  The next frame enters BS_20_LANDING, whose update (the stand
 * transitions, func_802B488C) first runs the frame after: a press on that frame is lost. */
Test(banjo, landing)
{
	bj_row r[NF];
	rows_hold(NTSC, LEARNED, GROUND, 60, 33, r);
	cr_expect_eq(r[29].y, 12.5000687f);
	cr_expect_eq(r[29].vy, -640.000061f);
	cr_expect_eq(r[29].grounded, 0);
	/* frame 30: -685.000061 * dt = -22.83 takes y below 0: on the floor */
	cr_expect_eq(r[30].y, 0.0f);
	cr_expect_eq(r[30].vy, -1.0f);
	cr_expect_eq(r[30].gravity, -2700);
	cr_expect_eq(r[30].phase, 2);
	cr_expect_eq(r[30].grounded, 1);
	cr_expect_eq(r[31].phase, 0);
	cr_expect_eq(r[31].y, 0.0f);
	/* J30 . J . J: the press on 31 (the frame after the landing) is lost; 33 jumps */
	char pat[40];
	memset(pat, 'J', 30);
	strcpy(pat + 30, ".J.J");
	rows_pat(NTSC, LEARNED, GROUND, pat, 36, r);
	cr_expect_eq(r[30].phase, 2);
	cr_expect_eq(r[31].phase, 0);
	cr_expect_eq(r[32].phase, 0);
	cr_expect_eq(r[33].phase, 1);
	cr_expect_eq(r[33].vy, 665.0f);
	cr_expect_eq(r[33].y, 22.1666679f);
	/* a press on 32 (two frames after) jumps at once */
	strcpy(pat + 30, "..J");
	rows_pat(NTSC, LEARNED, GROUND, pat, 34, r);
	cr_expect_eq(r[32].phase, 1);
	/* never below the start while airborne */
	js_acc a = acc_hold(NTSC, LEARNED, GROUND, 60);
	cr_expect_eq(a.flags & JS_FLAG_BELOW_START, 0);
}

/* From swimming: 610 units/s from the surface clamp (y = W - 70, the take-off height 0, so the
 * surface is at 70); in water (func_8028B59C) while y < (70 - 50) + 2 = 22, entering again below
 * (70 - 50) - 2 = 18; vy < 0 in water -> BS_4C_LANDING_IN_WATER. */
Test(banjo, swim_jump)
{
	bj_row r[NF];
	rows_hold(NTSC, LEARNED, SWIM, 1, 20, r);
	/* frame 0: 18.833334 < 22, still in the water (rising: no landing); frame 1: 34.67, out */
	cr_expect_eq(r[0].in_water, 1);
	cr_expect_eq(r[0].phase, 1);
	cr_expect_eq(r[1].in_water, 0);
	/* 565, 475, 385, ... (-90.0000076 a frame), y 18.833334, 34.6666679, ..., 68.8333435 */
	cr_expect_eq(r[1].vy, 475.0f);
	cr_expect_eq(r[6].y, 68.8333435f);
	cr_expect_eq(r[6].vy, 24.9999847f);
	/* frame 11: 28.0000076 (out: >= 18); frame 12: 28.0000076 - 515.000061 * dt = 10.8333378
	 * < 18 with vy < 0: back in the water, the landing */
	cr_expect_eq(r[11].y, 28.0000076f);
	cr_expect_eq(r[11].grounded, 0);
	cr_expect_eq(r[12].y, 10.8333378f);
	cr_expect_eq(r[12].vy, -515.000061f);
	cr_expect_eq(r[12].in_water, 1);
	cr_expect_eq(r[12].grounded, 1);
	cr_expect_eq(r[12].phase, 2);
	/* the model stops there: later presses do nothing */
	uint8_t in[NF] = { JS_IN_JUMP };
	in[15] = in[17] = JS_IN_JUMP;
	rows_in(NTSC, LEARNED, SWIM, in, 20, r);
	for (int f = 12; f < 20; f++) {
		cr_expect_eq(r[f].phase, 2, "frame %d", f);
		cr_expect_eq(r[f].y, 10.8333378f);
	}
	js_acc a = acc_hold(NTSC, LEARNED, SWIM, 1);
	cr_expect_eq(a.rise, (int64_t)((double)68.8333435f * 8388608.0));
	cr_expect_eq(a.apex_frame, 6);
	cr_expect_eq(a.airtime, 13);
	a = acc_hold(NTSC, LEARNED, SWIM, 60);
	cr_expect_eq(a.rise, (int64_t)((double)127.833359f * 8388608.0));
	cr_expect_eq(a.airtime, 26);
}

/* The in-water hysteresis from starts between the thresholds: y = 20 stays in the water if it
 * was in (20 < 22), stays out if it was out (20 >= 18). */
Test(banjo, swim_hysteresis)
{
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	const char *names[] = { "phase", "y", "vy", "in_water", "light" };
	/* rising slowly: vy 60 -> 60 - 90.0000076 = -30.0000076 on the first step, y = 20 - 1 */
	double in_vals[] = { 1, 20.0, 60.0, 1, 0 };
	make_start(st, NTSC, LEARNED, SWIM, names, in_vals, 5);
	cr_assert_eq(field_get(st, "in_water"), 1);
	banjo()->step(st, 0);
	js_obs o;
	banjo()->observe(st, &o);
	cr_expect_eq(field_get(st, "in_water"), 1); /* 19.0 < 22 */
	cr_expect_eq(o.grounded, 1);                /* and falling: back in the water */
	double out_vals[] = { 1, 20.0, 60.0, 0, 0 };
	make_start(st, NTSC, LEARNED, SWIM, names, out_vals, 5);
	cr_assert_eq(field_get(st, "in_water"), 0);
	banjo()->step(st, 0);
	banjo()->observe(st, &o);
	cr_expect_eq(field_get(st, "in_water"), 0); /* 19.0 >= 18 */
	cr_expect_eq(o.grounded, 0);
	banjo()->step(st, 0); /* 19 - 120.000015 * dt = 14.999999: below 18 */
	banjo()->observe(st, &o);
	cr_expect_eq(field_get(st, "in_water"), 1);
	cr_expect_eq(o.grounded, 1);
}

/* __baphysics_update_normal: vy < s_terminal_velocity (-4000) -> -4000; a move over 66 units in
 * a frame (func_80293668's (35 * 2 - 4)^2 test) is flagged big_move. */
Test(banjo, terminal_velocity)
{
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	const char *names[] = { "phase", "y", "vy", "light" };
	double vals[] = { 1, 300.0, -3990.0, 0 };
	make_start(st, PAL_3VI, LEARNED, GROUND, names, vals, 4);
	js_obs o;
	banjo()->step(st, 0);
	banjo()->observe(st, &o);
	/* -3990 + 0.06 * -2700 (= -162) = -4152 -> -4000; y = 300 - 4000 * 0.06 = 300 - 240 = 60
	 * (4000 * 0x1.eb851ep-5 = 239.99999 -> 240 in f32) */
	cr_expect_eq(field_get(st, "vy"), -4000.0);
	cr_expect_eq(field_get(st, "y"), 60.0);
	cr_expect(o.flags & flag_bit("terminal"));
	cr_expect(o.flags & flag_bit("big_move"));
	banjo()->step(st, 0);
	banjo()->observe(st, &o);
	cr_expect_eq(field_get(st, "y"), 0.0); /* -180 -> the floor */
	cr_expect_eq(field_get(st, "vy"), -1.0);
	cr_expect_eq(o.grounded, 1);
	/* the fall from a start at 300 with vy 0 under -1350 (A held past the peak) never reaches
	 * the cap: 300 units take 0.67 s, 1350 * 0.67 = 900 units/s */
	js_acc h = acc_hold(NTSC, LEARNED, GROUND, 60);
	cr_expect_eq(h.flags & flag_bit("terminal"), 0);
}

/* Every height >= 1 unit is on the 2^-23 grid: the flag height_rounded only below 1 unit. */
Test(banjo, heights)
{
	bj_row r[NF];
	rows_hold(NTSC, LEARNED, GROUND, 60, 31, r);
	for (int f = 0; f < 31; f++) {
		cr_expect_eq((double)r[f].height, (double)r[f].y * 8388608.0, "frame %d", f);
		cr_expect_eq(r[f].flags & flag_bit("height_rounded"), 0);
	}
	/* a start at 1e-9 units (not on the grid): floor(1e-9 * 2^23) = 0, flagged */
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	const char *names[] = { "phase", "y", "vy" };
	double vals[] = { 1, 1e-9, 700.0 };
	make_start(st, NTSC, LEARNED, GROUND, names, vals, 3);
	js_obs o;
	banjo()->observe(st, &o);
	cr_expect_eq(o.height, 0);
	cr_expect(o.flags & flag_bit("height_rounded"));
}

/* land_bound: the slowest landing with no buttons from any start fuzz_fix allows (y 0..300, vy
 * -4000..710 in steps of 50 and 710, either gravity, every dt, both starts), over a grid. */
Test(banjo, land_bound)
{
	const js_model *m = banjo();
	const char *names[] = { "phase", "y", "vy", "light", "in_water", "prev_a" };
	int worst = 0;
	for (int d = 0; d < 6; d++)
		for (int s = 0; s < 2; s++)
			for (int light = 0; light < 2; light++)
				for (int yi = -7; yi <= 30; yi++)
					for (int vi = -80; vi <= 15; vi++)
						for (int w = 0; w < 2; w++) {
							_Alignas(16) unsigned char st[JS_STATE_MAX];
							double vals[] = { 1, yi * 10.0, vi < 15 ? vi * 50.0 : 710.0, light, w, 1 };
							make_start(st, d, LEARNED, s, names, vals, 6);
							js_obs o;
							int f = 0;
							for (; f < 1000; f++) {
								m->step(st, 0);
								m->observe(st, &o);
								if (o.grounded)
									break;
							}
							if (f + 1 > worst)
								worst = f + 1;
						}
	cr_log_info("banjo: slowest landing from a fuzz start with no buttons: %d frames", worst);
	cr_expect_leq(worst, m->land_bound, "slowest landing %d frames", worst);
	cr_expect_geq(worst, 40); /* the bound is not loose by much */
}

/* The fuzz hooks: from random starts no field leaves its range (that would be a bug in the
 * model's arithmetic) and, as the game's rules hold in its code, no invariant breaks. */
Test(banjo, fuzz_ranges_and_invariants)
{
	const js_model *m = banjo();
	js_case *c = malloc(sizeof *c);
	cr_assert_not_null(c);
	uint64_t seed = 77;
	for (int i = 0; i < 400; i++) {
		uint8_t bytes[512];
		for (size_t k = 0; k < sizeof bytes; k++)
			bytes[k] = (uint8_t)(tu_rand(&seed) >> 56);
		js_case_decode(c, bytes, sizeof bytes, m);
		for (int l = 0; l < c->n_lanes; l++) {
			js_break b;
			int kind = js_case_breaks(c, l, &b);
			char name[64];
			cr_assert_eq(kind, JS_BREAK_NONE, "case %d lane %d: %s at frame %d (%g)", i, l,
				     js_break_name(m, &b, name, sizeof name), b.frame, b.value);
		}
	}
	free(c);
}

Test(banjo, lanes_equal_reference)
{
	const js_model *m = banjo();
	cr_expect_geq(tu_check_random_lanes(m, 512, 128, 1, TU_HOLDS, 45), 1);
	cr_expect_geq(tu_check_random_lanes(m, 512, 160, 2, TU_RANDOM, 0), 1);
	cr_expect_geq(tu_check_random_lanes(m, 512, 160, 3, TU_SPARSE, 0), 1);
	/* every axis combination and hold, one lane each */
	int32_t ax[6 * 2 * 2 * 42][3];
	uint8_t *in = calloc(6 * 2 * 2 * 42, 128);
	cr_assert_not_null(in);
	size_t n = 0;
	for (int d = 0; d < 6; d++)
		for (int a = 0; a < 2; a++)
			for (int s = 0; s < 2; s++)
				for (int h = 0; h < 42; h++, n++) {
					ax[n][0] = d;
					ax[n][1] = a;
					ax[n][2] = s;
					tu_hold(in + n * 128, 128, h, 0);
				}
	cr_expect_geq(tu_check_lanes(m, n, &ax[0][0], in, 128), 1);
	free(in);
}

/* The lane kernel's table path (kernels/banjo.c, "From init's states, by table"): every axis
 * combination with the take-off on frame t0 = 0..2 and 30..31, A held 1..69 frames (the reset
 * frame k past the table's BANJO_KMAX = 48 and on both sides of it) and pressed again 0..3 frames
 * after the release (repress on or off the landing frame), at frame limits that cut some jumps (a
 * block then steps) and that cut none. */
Test(banjo, lanes_equal_reference_table)
{
	const js_model *m = banjo();
	static const int t0s[] = { 0, 1, 2, 30, 31 };
	enum { N = 6 * 2 * 2 * 5 * 69 };
	static int32_t ax[N][3];
	const int frames[] = { 128, 60, 33 };
	for (int fi = 0; fi < 3; fi++) {
		const int nf = frames[fi];
		uint8_t *in = calloc(N, (size_t)nf);
		cr_assert_not_null(in);
		size_t n = 0;
		for (int d = 0; d < 6; d++)
			for (int a = 0; a < 2; a++)
				for (int s = 0; s < 2; s++)
					for (int t = 0; t < 5; t++)
						for (int h = 1; h <= 69; h++, n++) {
							ax[n][0] = d;
							ax[n][1] = a;
							ax[n][2] = s;
							uint8_t *row = in + n * (size_t)nf;
							for (int f = t0s[t]; f < t0s[t] + h && f < nf; f++)
								row[f] = JS_IN_JUMP;
							/* a second press 1..3 frames after the release, 3 frames long */
							int g = t0s[t] + h + 1 + (int)(n % 3);
							if (n % 4)
								for (int f = g; f < g + 3 && f < nf; f++)
									row[f] = JS_IN_JUMP;
						}
		cr_expect_geq(tu_check_lanes(m, n, &ax[0][0], in, nf), 1);
		free(in);
	}
}

Test(banjo, lanes_equal_reference_from_fuzz_starts)
{
	int with_fields = tu_check_random_starts(banjo(), 300, 200, 21);
	cr_assert_gt(with_fields, 100);
}
