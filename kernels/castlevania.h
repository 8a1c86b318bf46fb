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
 * falling side sits on the $80 marker (the constant fall past the table).  reread: what the $81
 * does.  0, Dracula's Curse (B28_18e6): the turn frame's speed is 0.  1, Castlevania (bogaa/
 * DizCastlevania1 export/bank_07.asm CODE_079B31-079B40: EOR the direction, CODE_079B7C DEC the
 * pointer, JMP CODE_079B1F): the same frame reads the table again, now falling, so it already
 * steps by -table[turn - 1] and moves the pointer back once more. */
static inline uint8_t cv_arc_step(const uint8_t *table, uint8_t *ptr, uint8_t *falling,
				  uint8_t marker_step, int reread, int *marker)
{
	uint8_t a = table[*ptr];
	*marker = 0;
	if (!*falling) {
		if (a == CV_ARC_TURN) { /* B28_18e6: speed 0, DEC ptr, phase 1 */
			*ptr = (uint8_t)(*ptr - 1);
			*falling = 1;
			if (!reread)
				return 0;
			a = table[*ptr]; /* Castlevania: JMP CODE_079B1F, falling from here */
		} else {
			*ptr = (uint8_t)(*ptr + 1); /* B28_18df: speed = A, INC ptr */
			return a;
		}
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
 *     ~acc.landed; cv2 also masks a relaunch, a press on the landing frame: that frame is the
 *     landing, land -1 and air 0, and fl holds JS_FLAG_RELAUNCH), so after its landing air and
 *     land stay 0;
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

#if (JS_VW == 16 && defined(__AVX512BW__)) || defined(JS_LANE_H16)
#define CV_FAST_PATH 1
#include <immintrin.h>

#if JS_VW == 16
/* js_vacc_init's last_jump (the last frame with the button down, -1 if none) for 16 lanes, on
 * vectors: the top set bit of a word is found from a float's exponent, exact since each half
 * word converts exactly (< 2^24). */
static inline __m512i cv_last_jump16(const js_lane_args *args, int l0)
{
	const int words = (args->n_frames + 31) >> 5;
	__m512i lj = _mm512_set1_epi32(-1);
	for (int w = words - 1; w >= 0; w--) {
		__m512i x = _mm512_loadu_si512(args->input[0] + w * JS_BLOCK + l0);
		__mmask16 take = _mm512_mask_cmplt_epi32_mask(_mm512_test_epi32_mask(x, x), lj,
							      _mm512_setzero_si512());
		__m512i hi = _mm512_srli_epi32(x, 16);
		__mmask16 up = _mm512_test_epi32_mask(hi, hi);
		__m512i v = _mm512_mask_mov_epi32(_mm512_and_si512(x, _mm512_set1_epi32(0xffff)), up, hi);
		__m512i e = _mm512_srli_epi32(_mm512_castps_si512(_mm512_cvtepi32_ps(v)), 23);
		e = _mm512_mask_add_epi32(e, up, e, _mm512_set1_epi32(16));
		lj = _mm512_mask_mov_epi32(lj, take, _mm512_add_epi32(e, _mm512_set1_epi32(w * 32 - 127)));
	}
	return lj;
}

/* The same for 32 lanes as 16-bit words (frames < JS_MAX_FRAMES). */
static inline __m512i cv_last_jump32(const js_lane_args *args, int l0)
{
	return _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi32_epi16(cv_last_jump16(args, l0))),
				  _mm512_cvtepi32_epi16(cv_last_jump16(args, l0 + 16)), 1);
}
#endif

/* ---- the arc's tables for cv1's 16-bit paths from init's states (js_lane_args.start NULL) ----
 *
 * From init's state every jump is the same arc from the same pointer, so the arc routine's
 * pointer and direction are a function of u, the frames since the take-off press: cv_zarc_init
 * runs the reference's own cv_arc_step from the first pointer and tabulates, for u = 0..63, the
 * step T(u) (+ down; `delay` leading 0 px frames: cv1's press frame), and the first u falling
 * after the step (the landing is only looked for from there: after the move in cv1, `after`),
 * the first u on the $80 marker and the first u whose pointer after the step is 0 (a heavy
 * landing, as cv3's).  Each of these holds for every later u too (the direction never turns
 * back to rising, and the $80 keeps the pointer at 0), so one unsigned compare of u gives it.
 * Ranges: Y stays in $2C..$C5 (cv1.c: no wrap, so a 16-bit add is the 8-bit add); from init's
 * states a jump lands by u = 55 (cv1, drop 7, the lowest floor), so the 64-entry two-register
 * word permute (vpermt2w, AVX-512) or four vpshufb tables (AVX2, cv_harc_entry) read T(u).
 * cv1.c's lanes step with T(u) and read the rise, apex and flags from these tables at the
 * store.  (cv3.c makes its own tables: its landing is looked for before the move.)  The lane
 * tests compare every lane with the reference (the default grid and check_lanes reach drop 7). */
#define CV_ZARC_N 64
typedef struct cv_zarc {
#if JS_VW == 16
	__m512i t0, t1;             /* T(0..31), T(32..63) */
#else
	__m256i tb[4];              /* T(16k..16k + 15) as bytes, in both 128-bit halves */
#endif
	int32_t y0;                 /* Y standing on the take-off floor */
	int32_t u_fall, u_mark, u_ptr0;
	int after;                  /* the landing is looked for after the frame's move (cv1) */
	uint32_t flag_end, flag_snap, flag_heavy; /* the model's flag bits (0: unused) */
	/* the flags of a lane that moved n frames (u = 0..n - 1): the $80 marker's move (table
	 * end) for n > u_mark; below the start once the Y after a move passed Y0 (the falling side
	 * only moves down, so once is for good) */
	uint32_t by_n[CV_ZARC_N + 1];
#if JS_VW != 16
	/* the AVX2 lanes' rise and apex, from the take-off frame: for a lane that moved n frames,
	 * Y0 - the lowest Y after those moves (0 if none is above Y0), and the u of the first move
	 * reaching it (-1 if none) */
	int16_t rise_by_n[CV_ZARC_N + 1], apex_by_n[CV_ZARC_N + 1];
#endif
} cv_zarc;

static inline void cv_zarc_init(cv_zarc *c, const uint8_t *table, uint8_t first,
				uint8_t marker_step, int reread, int delay, int after, int32_t y0,
				uint32_t flag_end, uint32_t flag_snap, uint32_t flag_heavy)
{
	int16_t t[CV_ZARC_N];
	uint8_t ptr = first, falling = 0;
	c->u_fall = c->u_mark = c->u_ptr0 = CV_ZARC_N;
	for (int u = 0; u < CV_ZARC_N; u++) {
		int marker = 0;
		t[u] = 0;
		if (u >= delay)
			t[u] = (int8_t)cv_arc_step(table, &ptr, &falling, marker_step, reread, &marker);
		if (falling && c->u_fall == CV_ZARC_N)
			c->u_fall = u;
		if (marker && c->u_mark == CV_ZARC_N)
			c->u_mark = u;
		if (u >= delay && ptr == 0 && c->u_ptr0 == CV_ZARC_N)
			c->u_ptr0 = u;
	}
#if JS_VW == 16
	c->t0 = _mm512_loadu_si512(t);
	c->t1 = _mm512_loadu_si512(t + 32);
#else
	for (int k = 0; k < 4; k++) { /* steps are signed bytes: T(16k..16k + 15) in each half */
		__m256i w = _mm256_loadu_si256((const __m256i *)(t + 16 * k));
		c->tb[k] = _mm256_permute4x64_epi64(_mm256_packs_epi16(w, w), 0x88);
	}
#endif
	c->y0 = y0;
	c->after = after;
	c->flag_end = flag_end;
	c->flag_snap = flag_snap;
	c->flag_heavy = flag_heavy;
	int32_t cy = y0;
	c->by_n[0] = 0;
	for (int n = 1; n <= CV_ZARC_N; n++) {
		cy += t[n - 1];
		c->by_n[n] = c->by_n[n - 1] | (n - 1 >= c->u_mark ? flag_end : 0) |
			     (cy > y0 ? JS_FLAG_BELOW_START : 0);
	}
#if JS_VW != 16
	int32_t low = y0, at = -1;
	c->rise_by_n[0] = 0;
	c->apex_by_n[0] = -1;
	cy = y0;
	for (int n = 1; n <= CV_ZARC_N; n++) {
		cy += t[n - 1];
		if (cy < low) { /* strictly higher: the first frame of the top */
			low = cy;
			at = n - 1;
		}
		c->rise_by_n[n] = (int16_t)(y0 - low);
		c->apex_by_n[n] = (int16_t)at;
	}
#endif
}

#if JS_VW != 16
/* A 64-entry byte table read on AVX2 words: tb[k] holds entries 16k .. 16k + 15 in both 128-bit
 * halves; each word of idx (0..63) gets its entry, sign-extended.  vpshufb reads the index in
 * each word's high byte (bit 7 clear: idx < 64; what the low byte reads is shifted out at the
 * end): idx's low four bits index all four tables, bits 4 and 5 pick one. */
static inline js_hi cv_hlut(const __m256i tb[4], js_hi idx)
{
	const __m256i i = _mm256_slli_epi16((__m256i)idx, 8);
	const __m256i b4 = _mm256_slli_epi16((__m256i)idx, 11); /* bits 4, 5 to bit 15 */
	const __m256i b5 = _mm256_slli_epi16((__m256i)idx, 10);
	__m256i lo = _mm256_blendv_epi8(_mm256_shuffle_epi8(tb[0], i), _mm256_shuffle_epi8(tb[1], i), b4);
	__m256i hi = _mm256_blendv_epi8(_mm256_shuffle_epi8(tb[2], i), _mm256_shuffle_epi8(tb[3], i), b4);
	return (js_hi)_mm256_blendv_epi8(lo, hi, b5) >> 8; /* entry << 8, sign-extended back */
}

/* T(u) on AVX2 words (u < 64). */
static inline js_hi cv_harc_entry(const cv_zarc *c, js_hi u)
{
	return cv_hlut(c->tb, u);
}
#endif
#endif /* AVX-512 BW or AVX2 */
#endif
