/* kernels/castlevania.h - the arc-table stepper shared by cv1 (Castlevania) and cv3 (Castlevania
 * III: Dracula's Curse).
 *
 * Both games move Simon (cv3: every character but Grant) through a jump by a table of signed
 * per-frame Y steps between two markers: $80 before the first step and $81 after the last rise.
 * The routine, as vinheim3/castlevania3-disasm code/playerStateProcessing_b1c.s spells it for
 * Dracula's Curse (B28_18c6-B28_190a, reached from playerState08_jumping_exceptGrant through
 * B28_17d4 jsr $984f -> B28_1867 -> B28_18bf), each frame:
 *   rising  (wEntityPhase 0): A = table[ptr]; A == $81 -> speed 0, ptr--, phase 1 (the turn);
 *                             else speed = A, ptr++;
 *   falling (wEntityPhase 1): A = table[ptr]; A != $80 -> ptr--, speed = -A (EOR #$FF / ADC #$01);
 *                             A == $80 -> speed = -(marker step), ptr kept.
 * In Dracula's Curse the marker step is the byte after the $80 ($9875,y with y = 0: the first
 * $FA, so +6 px/frame); in Castlevania it is $F8 (+8; seed claim 2, "on the $80 marker the step is
 * $F8, negated while falling to +8, and the pointer stays put").
 *
 * The reference (cv_arc_step) reads the table byte by byte.  The lane kernels read the same
 * table through cv_arc_lanes (below): with AVX-512 as a two-register permute (the 32 entries in
 * two vectors, one vpermt2d per frame); on the narrower paths, which cannot index a table per
 * lane cheaply, as a sum of steps (the signed entries between the markers are a piecewise-
 * constant function of the pointer: entry(i) = entry(1) + the sum over the change points c <= i
 * of entry(c) - entry(c - 1)).  cv_arc_lanes_init derives both from the table itself, and the
 * lane tests compare every lane with the reference.
 */
#ifndef JS_CASTLEVANIA_H
#define JS_CASTLEVANIA_H

#include <stdint.h>

#define CV_ARC_START 0x80 /* the marker before the first rise step */
#define CV_ARC_TURN 0x81  /* the marker after the last rise step */

/* One frame of the arc routine.  Returns the step (a signed byte, + down) and moves the pointer;
 * *falling is wEntityPhase (cv3) / the vertical direction $0514 (cv1).  *marker is set when the
 * falling side sits on the $80 marker (the constant fall past the table). */
static inline uint8_t cv_arc_step(const uint8_t *table, uint8_t *ptr, uint8_t *falling,
				  uint8_t marker_step, int *marker)
{
	uint8_t a = table[*ptr];
	*marker = 0;
	if (!*falling) {
		if (a == CV_ARC_TURN) { /* B28_18e6: speed 0, DEC ptr, phase 1 */
			*ptr = (uint8_t)(*ptr - 1);
			*falling = 1;
			return 0;
		}
		*ptr = (uint8_t)(*ptr + 1); /* B28_18df: speed = A, INC ptr */
		return a;
	}
	if (a != CV_ARC_START) { /* B28_18fb: DEC ptr, speed = -A */
		*ptr = (uint8_t)(*ptr - 1);
		return (uint8_t)(0u - a);
	}
	*marker = 1; /* B28_1907: the marker: speed = -(marker step), ptr kept */
	return (uint8_t)(0u - marker_step);
}

/* The lane kernels' view of the table: the signed entry the arc routine uses at each pointer,
 * with the markers folded in.  E(ptr) is the table's signed step for ptr 1..turn-1, 0 at the $81
 * (the turn moves 0) and the marker step at the $80, so that every frame's step is E(ptr) rising
 * and -E(ptr) falling: the turn is only read rising, the $80 only falling (-(marker step)).  The
 * pointer then moves +1 rising, -1 falling or on the turn, and stays on the $80. */
#define CV_ARC_MAX_RUNS 16
typedef struct cv_arc_lanes {
	int32_t e[32];                  /* E(ptr), ptr 0..31 (past the $81: 0, never read) */
	int32_t turn;                   /* the pointer of the $81 marker */
	int n;                          /* change points of E over 1..turn-1 */
	int32_t first;                  /* E(1) */
	int32_t at[CV_ARC_MAX_RUNS];    /* pointer where E changes */
	int32_t delta[CV_ARC_MAX_RUNS]; /* E(at) - E(at - 1) */
	int32_t marker;                 /* E(0): the marker step, sign-extended */
} cv_arc_lanes;

/* table[0] is $80, table[turn] is $81 (turn < 32), signed steps in between. */
static inline void cv_arc_lanes_init(cv_arc_lanes *r, const uint8_t *table, int turn,
				     uint8_t marker_step)
{
	for (int i = 0; i < 32; i++)
		r->e[i] = i > 0 && i < turn ? (int8_t)table[i] : 0;
	r->marker = (int8_t)marker_step;
	r->e[0] = r->marker;
	r->turn = turn;
	r->first = (int8_t)table[1];
	r->n = 0;
	for (int i = 2; i < turn; i++) {
		int32_t d = (int32_t)(int8_t)table[i] - (int32_t)(int8_t)table[i - 1];
		if (d != 0 && r->n < CV_ARC_MAX_RUNS) {
			r->at[r->n] = i;
			r->delta[r->n] = d;
			r->n++;
		}
	}
}
#endif

/* The lanes' table read, E(ptr) for JS_VW lanes (lane.h's js_vi): cv1.c and cv3.c include this
 * header again after lane.h.  With AVX-512 (16 lanes) the 32 entries sit in two vectors and one
 * two-source permute (lane.h's js_vpermute2) reads them (indices are taken mod 32: a pointer that
 * drifts on a grounded lane reads something harmless); narrower paths sum the change points. */
#if defined(JS_LANE_H) && !defined(JS_CASTLEVANIA_LANE_H)
#define JS_CASTLEVANIA_LANE_H
static inline js_vi cv_arc_entry(const cv_arc_lanes *r, js_vi ptr)
{
#if JS_VW == 16
	return js_vpermute2(js_vload(r->e), js_vload(r->e + 16), ptr);
#else
	js_vi e = js_vsplat(r->first);
	for (int k = 0; k < r->n; k++)
		e += (ptr >= r->at[k]) & r->delta[k];
	e = js_vsel(ptr == r->turn, js_vsplat(0), e);
	return js_vsel(ptr == 0, js_vsplat(r->marker), e);
#endif
}

/* The accounting of model.h (js_acc_frame, lane.h's js_vacc_frame) for the Castlevania lane
 * kernels, in fewer operations, on the same js_vacc (js_vacc_done and js_vacc_store read it).
 * It relies on what these kernels guarantee:
 *   - air is -1 from the take-off frame to the frame before the landing, land is -1 on the
 *     landing frame only (air 0 there);
 *   - a lane that has landed never takes off again (the kernels mask the take-off with
 *     ~acc.landed), so after its landing air and land stay 0;
 *   - fl is 0 on every frame that is neither airborne nor the landing frame;
 *   - the height is 0 before the take-off and at most 0 on the landing frame and after it.
 * Then js_acc_frame's "live and took off" mask is not needed: a frame outside the jump cannot
 * raise the rise above its height (<= 0 <= rise) nor add a flag, so
 *   rise/apex: the first frame of the largest height; flags |= fl | below-start while airborne;
 *   airtime = f + 1 and landed on the landing frame.
 * "Took off" is not kept frame by frame: a lane that took off is airborne now or has landed, so
 * cv_acc_sync sets it (landed | air) before js_vacc_done and js_vacc_store read it.  The lane
 * tests compare every lane's rise, apex, airtime and flags with the reference's js_acc_frame. */
static inline void cv_acc_frame(js_vacc *a, int32_t f, js_vi height, js_vi air, js_vi land,
				js_vu fl)
{
	js_vi higher = height > a->rise;
	a->rise = js_vsel(higher, height, a->rise);
	a->apex = js_vsel(higher, js_vsplat(f), a->apex);
	a->flags |= fl | ((js_vu)((height < 0) & air) & JS_FLAG_BELOW_START);
	a->air = js_vsel(land, js_vsplat(f + 1), a->air);
	a->landed |= land;
}

static inline void cv_acc_sync(js_vacc *a, js_vi air)
{
	a->took = a->landed | air;
}
#endif
