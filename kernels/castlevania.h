/* kernels/castlevania.h - the arc-table stepper shared by cv1 (Castlevania) and cv3 (Castlevania
 * III: Dracula's Curse); the lanes' accounting and the 16-bit paths by the jump's own frames
 * (below) shared with cv2 (Castlevania II) and, the accounting, scv4.
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

/* ---- the 16-bit paths from init's states (js_lane_args.start NULL): cv1.c and cv3.c (cv2.c
 * runs the groups, t0 and moves with its own tables and store: 8.8 Y, 128 entries, relaunches) ----
 *
 * From init's state a lane's jump is fixed by its take-off frame t0 (its first frame with A down:
 * prev starts at 0, so that frame is a new press; the lane is in the air or has landed, frozen,
 * from then on, so later presses are never read) and by its landing floor: every jump runs the
 * same arc from the same pointer, only shifted by t0.  So the lanes step the arc in the jump's
 * own frames u = f - t0, all lanes on the same u: the move of u adds T(u) (the reference's
 * cv_arc_step, tabulated by the game's file: cv_ztables.t), one broadcast for every lane, clamped
 * to the lane's floor, and counts the moves that leave Y above it.  The game's file says why the
 * clamp is exact and where the landing u L falls: L = l_off + the count (cv3, whose landing is
 * looked for before the move: 3; cv1, after it: 1), and the lanes move from u = u_first (the
 * first T(u) that may be non-zero).  The landing frame is t0 + L: a lane landed if that is below
 * n_frames, else it is in the air after n_frames - t0 moves (<= L).  Its rise, apex, airtime and
 * flags are the arc's at that index: the game's tables, made once per thread, read at the store
 * with word permutes (AVX-512) or vpshufb on bytes (AVX2, cv_hlut).  Y stays in 16 bits (both
 * games: $2C..$D0), and every lane lands by u = 62 (the lowest floor, drop 7), so u < 64. */
#define CV_ZARC_N 64
typedef struct cv_ztables {
	int16_t t[CV_ZARC_N]; /* T(u), + down */
	/* by n, the lane's u at its landing (landed) or its moves (in the air): flags, rise and
	 * the apex's u (-1: never above Y0) */
	uint16_t land_fl[CV_ZARC_N], air_fl[CV_ZARC_N];
	int16_t rise[CV_ZARC_N], apex[CV_ZARC_N];
	/* the same as bytes for AVX2's vpshufb (cv_hlut): land_fl, air_fl (bits 0-2 and 8-11 as
	 * 0-6), rise, apex */
	int8_t b[4][CV_ZARC_N];
	int ready;
} cv_ztables;

/* the byte tables from the word tables (the game's builder calls it) */
static inline void cv_ztables_bytes(cv_ztables *z)
{
	for (int n = 0; n < CV_ZARC_N; n++) {
		z->b[0][n] = (int8_t)((z->land_fl[n] & 7) | ((z->land_fl[n] >> 5) & 0x78));
		z->b[1][n] = (int8_t)((z->air_fl[n] & 7) | ((z->air_fl[n] >> 5) & 0x78));
		z->b[2][n] = (int8_t)z->rise[n];
		z->b[3][n] = (int8_t)z->apex[n];
	}
}

#if JS_VW == 16
/* AVX-512: 32 lanes per zmm, the block as two groups side by side, masks in mask registers. */
typedef struct cv_zgroup {
	__m512i t0, floor, y, cnt;
} cv_zgroup;

/* t0 of lanes l0..l0 + 15 (32-bit; 0xffff: no A before n_frames): the lowest set bit of the
 * first non-zero input word, from a float's exponent (a power of two converts exactly) */
static inline __m512i cv_zt0(const js_lane_args *args, int l0)
{
	const int n = args->n_frames, words = (n + 31) >> 5;
	const __m512i zero = _mm512_setzero_si512();
	__m512i t0 = _mm512_set1_epi32(0xffff);
	__mmask16 found = 0;
	for (int w = 0; w < words && found != 0xffff; w++) {
		const __m512i x = _mm512_loadu_si512(args->input[0] + w * JS_BLOCK + l0);
		const __mmask16 first = _mm512_mask_test_epi32_mask((__mmask16)~found, x, x);
		const __m512i p = _mm512_and_si512(x, _mm512_sub_epi32(zero, x));
		const __m512i lg = _mm512_sub_epi32(
			_mm512_srli_epi32(_mm512_castps_si512(_mm512_cvtepu32_ps(p)), 23),
			_mm512_set1_epi32(127 - 32 * w));
		t0 = _mm512_mask_mov_epi32(t0, first, lg);
		found |= first;
	}
	/* a press in the last word's bits past n_frames is none */
	return _mm512_mask_mov_epi32(t0, _mm512_cmpge_epi32_mask(t0, _mm512_set1_epi32(n)),
				     _mm512_set1_epi32(0xffff));
}

/* the landing floor's Y of lanes l0..l0 + 15, y0 + 16 px per block of drop (32-bit; lanes past
 * n_lanes copy the last) */
static inline __m512i cv_zfloor(const js_lane_args *args, const int32_t *drop, int32_t y0, int l0)
{
	__m512i d;
	if (l0 + 16 <= args->n_lanes) {
		d = _mm512_loadu_si512(drop + l0);
	} else {
		int32_t v[16];
		for (int i = 0; i < 16; i++)
			v[i] = drop[l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1];
		d = _mm512_loadu_si512(v);
	}
	return _mm512_add_epi32(_mm512_slli_epi32(d, 4), _mm512_set1_epi32(y0));
}

static inline void cv_zgroup_init(cv_zgroup *g, const js_lane_args *args, const int32_t *drop,
				  int32_t y0, int l0)
{
	g->t0 = js_zwords(cv_zt0(args, l0), cv_zt0(args, l0 + 16));
	g->floor = js_zwords(cv_zfloor(args, drop, y0, l0), cv_zfloor(args, drop, y0, l0 + 16));
	g->y = _mm512_set1_epi16((short)y0);
	g->cnt = _mm512_setzero_si512();
}

/* the move of u (e = T(u) in every word) */
static inline __attribute__((always_inline)) void cv_zmove(cv_zgroup *g, __m512i e)
{
	g->y = _mm512_min_epi16(_mm512_add_epi16(g->y, e), g->floor);
	g->cnt = _mm512_mask_sub_epi16(g->cnt, _mm512_cmplt_epi16_mask(g->y, g->floor), g->cnt,
				       _mm512_set1_epi16(-1));
}

/* every lane on its floor: its count is complete */
static inline int cv_zdone(const cv_zgroup *g)
{
	return _cvtmask32_u32(_mm512_cmpeq_epi16_mask(g->y, g->floor)) == 0xffffffffu;
}

/* Both groups through the moves u = u_first .. n_moves - 1 (t[u] = T(u)), eight at a time,
 * stopping once every lane is on its floor. */
static inline __attribute__((always_inline)) void cv_zmoves(cv_zgroup *g0, cv_zgroup *g1,
							     const int16_t *t, const int u_first,
							     const int n_moves)
{
	for (int u0 = 0; u0 < n_moves; u0 += 8) {
#pragma GCC unroll 8
		for (int k = u0 ? 0 : u_first; k < 8; k++) {
			const __m512i e = _mm512_set1_epi16(t[u0 + k]);
			cv_zmove(g0, e);
			cv_zmove(g1, e);
		}
		if (cv_zdone(g0) && cv_zdone(g1))
			break;
	}
}

/* tab: land_fl, air_fl, rise, apex as two registers each */
static inline __attribute__((always_inline)) void cv_zstore(const cv_zgroup *g,
							     const __m512i tab[8],
							     const js_lane_args *args, int l0,
							     const int l_off)
{
	const __m512i n = _mm512_set1_epi16((short)args->n_frames);
	const __mmask32 took = _mm512_cmpneq_epi16_mask(g->t0, _mm512_set1_epi16(-1));
	/* the landing frame t0 + L */
	const __m512i land = _mm512_add_epi16(_mm512_add_epi16(g->t0, g->cnt),
					      _mm512_set1_epi16((short)l_off));
	const __mmask32 landed = _mm512_mask_cmplt_epi16_mask(took, land, n);
	/* landed: L; in the air: n_frames - t0 moves (<= L < 64); none: 0 */
	const __m512i idx = _mm512_maskz_sub_epi16(took, _mm512_mask_mov_epi16(n, landed, land), g->t0);
	__m512i fl = _mm512_mask_mov_epi16(_mm512_permutex2var_epi16(tab[2], idx, tab[3]), landed,
					   _mm512_permutex2var_epi16(tab[0], idx, tab[1]));
	fl = _mm512_mask_mov_epi16(_mm512_set1_epi16(JS_FLAG_NO_TAKEOFF), took, fl);
	const __m512i rise = _mm512_permutex2var_epi16(tab[4], idx, tab[5]);
	const __m512i ap = _mm512_permutex2var_epi16(tab[6], idx, tab[7]);
	const __m512i apex = _mm512_maskz_add_epi16(
		_mm512_cmpge_epi16_mask(ap, _mm512_setzero_si512()), g->t0, ap);
	const __m512i airtime = _mm512_maskz_add_epi16(landed, land, _mm512_set1_epi16(1));
	js_zstore16(args, l0, args->n_lanes - l0, rise, apex, airtime, fl);
}

/* The block: drop the landing floor's axis, y0 Y on the take-off floor, u_first and l_off as the
 * header comment above (compile-time constants). */
static inline __attribute__((always_inline)) void cv_zlanes(const js_lane_args *args,
							     const cv_ztables *z,
							     const int32_t *drop, const int32_t y0,
							     const int u_first, const int l_off)
{
	cv_zgroup g0, g1;
	cv_zgroup_init(&g0, args, drop, y0, 0);
	cv_zgroup_init(&g1, args, drop, y0, 32);
	cv_zmoves(&g0, &g1, z->t, u_first, CV_ZARC_N); /* u = u_first .. 63 */
	const __m512i tab[8] = {
		_mm512_loadu_si512(z->land_fl), _mm512_loadu_si512(z->land_fl + 32),
		_mm512_loadu_si512(z->air_fl), _mm512_loadu_si512(z->air_fl + 32),
		_mm512_loadu_si512(z->rise), _mm512_loadu_si512(z->rise + 32),
		_mm512_loadu_si512(z->apex), _mm512_loadu_si512(z->apex + 32),
	};
	cv_zstore(&g0, tab, args, 0, l_off);
	if (args->n_lanes > 32)
		cv_zstore(&g1, tab, args, 32, l_off);
}
#else
/* AVX2: the twin of the AVX-512 words above (the same t0, moves, count and results), 16 lanes per
 * ymm in lane.h's js_hlane order, the block as four groups side by side (each move is an add, a
 * min, a compare and a subtract; the step T(u) is one broadcast for all).  t0 is 0x7fff for a
 * lane with no press. */
typedef struct cv_hgroup {
	js_hi t0, floor, y, cnt;
} cv_hgroup;

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

static inline void cv_hlut_init(__m256i tb[4], const int8_t *t)
{
	for (int k = 0; k < 4; k++)
		tb[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(t + 16 * k)));
}

/* t0 of lanes l0..l0 + 7 (32-bit; 0x7fff: no A before n_frames), as cv_zt0 (the float's
 * exponent byte: bit 31 converts to -2^31) */
static inline __m256i cv_ht0(const js_lane_args *args, int l0)
{
	const int n = args->n_frames, words = (n + 31) >> 5;
	__m256i t0 = _mm256_set1_epi32(0x7fff), found = _mm256_setzero_si256();
	for (int w = 0; w < words; w++) {
		const __m256i x = _mm256_loadu_si256((const __m256i *)(args->input[0] + w * JS_BLOCK + l0));
		const __m256i p = _mm256_and_si256(x, _mm256_sub_epi32(_mm256_setzero_si256(), x));
		const __m256i lg = _mm256_add_epi32(
			_mm256_and_si256(_mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(p)), 23),
					 _mm256_set1_epi32(0xff)),
			_mm256_set1_epi32(32 * w - 127));
		const __m256i first = _mm256_andnot_si256(
			_mm256_or_si256(found, _mm256_cmpeq_epi32(x, _mm256_setzero_si256())),
			_mm256_set1_epi32(-1));
		t0 = _mm256_blendv_epi8(t0, lg, first);
		found = _mm256_or_si256(found, first);
	}
	return _mm256_blendv_epi8(t0, _mm256_set1_epi32(0x7fff),
				  _mm256_cmpgt_epi32(t0, _mm256_set1_epi32(n - 1)));
}

static inline __attribute__((always_inline)) void cv_hmove(cv_hgroup *g, js_hi e)
{
	g->y = (js_hi)_mm256_min_epi16((__m256i)(g->y + e), (__m256i)g->floor);
	g->cnt -= g->y < g->floor;
}

/* Words of v (js_hlane order) for lanes l0..l0 + 15 of args' outputs, widened.  (A lane.h
 * helper in all but name: js_zstore16's AVX2 twin.) */
static inline void cv_hstore(const js_lane_args *args, int l0, js_hi rise, js_hi apex,
			     js_hi airtime, js_hi flags)
{
	if (l0 + 16 <= args->n_lanes) {
		/* lane order (js_hstore_lanes' permute), then each half widened */
		const __m256i r = _mm256_permute4x64_epi64((__m256i)rise, 0xd8);
		const __m256i a = _mm256_permute4x64_epi64((__m256i)apex, 0xd8);
		const __m256i t = _mm256_permute4x64_epi64((__m256i)airtime, 0xd8);
		const __m256i f = _mm256_permute4x64_epi64((__m256i)flags, 0xd8);
		for (int h = 0; h < 2; h++) {
			const __m128i rh = h ? _mm256_extracti128_si256(r, 1) : _mm256_castsi256_si128(r);
			const __m128i ah = h ? _mm256_extracti128_si256(a, 1) : _mm256_castsi256_si128(a);
			const __m128i th = h ? _mm256_extracti128_si256(t, 1) : _mm256_castsi256_si128(t);
			const __m128i fh = h ? _mm256_extracti128_si256(f, 1) : _mm256_castsi256_si128(f);
			int64_t *ro = args->rise + l0 + 8 * h;
			_mm256_storeu_si256((__m256i *)ro, _mm256_cvtepi16_epi64(rh));
			_mm256_storeu_si256((__m256i *)(ro + 4), _mm256_cvtepi16_epi64(_mm_srli_si128(rh, 8)));
			_mm256_storeu_si256((__m256i *)(args->apex_frame + l0 + 8 * h), _mm256_cvtepi16_epi32(ah));
			_mm256_storeu_si256((__m256i *)(args->airtime + l0 + 8 * h), _mm256_cvtepi16_epi32(th));
			_mm256_storeu_si256((__m256i *)(args->flags + l0 + 8 * h), _mm256_cvtepu16_epi32(fh));
		}
		return;
	}
	int16_t r[16], a[16], t[16], f[16];
	js_hstore_lanes(r, rise);
	js_hstore_lanes(a, apex);
	js_hstore_lanes(t, airtime);
	js_hstore_lanes(f, flags);
	for (int i = 0; i < 16 && l0 + i < args->n_lanes; i++) {
		args->rise[l0 + i] = r[i];
		args->apex_frame[l0 + i] = a[i];
		args->airtime[l0 + i] = t[i];
		args->flags[l0 + i] = (uint16_t)f[i];
	}
}

/* The block's four groups (groups past n_lanes copy the first): t0, the landing floor's Y (drop
 * 16-px blocks below y0), Y = y0, no move counted. */
static inline void cv_hgroups_init(cv_hgroup h[4], const js_lane_args *args, const int32_t *drop,
				   int32_t y0)
{
	for (int k = 0; k < 4; k++) {
		const int l0 = 16 * k < args->n_lanes ? 16 * k : 0;
		h[k].t0 = (js_hi)_mm256_packs_epi32(cv_ht0(args, l0), cv_ht0(args, l0 + 8));
		h[k].floor = js_haxis(drop, args, l0) * 16 + (int16_t)y0;
		h[k].y = js_hsplat((int16_t)y0);
		h[k].cnt = js_hsplat(0);
	}
}

/* The four groups through the moves u = u_first .. n_moves - 1 (t[u] = T(u)), eight at a time,
 * side by side, stopping once every lane is on its floor. */
static inline __attribute__((always_inline)) void cv_hmoves(cv_hgroup h[4], const int16_t *t,
							     const int u_first, const int n_moves)
{
	for (int u0 = 0; u0 < n_moves; u0 += 8) {
#pragma GCC unroll 8
		for (int k = u0 ? 0 : u_first; k < 8; k++) {
			const js_hi e = js_hsplat(t[u0 + k]);
			for (int j = 0; j < 4; j++)
				cv_hmove(&h[j], e);
		}
		if (js_hall((h[0].y == h[0].floor) & (h[1].y == h[1].floor) & (h[2].y == h[2].floor) &
			    (h[3].y == h[3].floor)))
			break;
	}
}

/* The block, as cv_zlanes. */
static inline __attribute__((always_inline)) void cv_hlanes(const js_lane_args *args,
							     const cv_ztables *z,
							     const int32_t *drop, const int32_t y0,
							     const int u_first, const int l_off)
{
	__m256i tb[4][4];
	for (int k = 0; k < 4; k++)
		cv_hlut_init(tb[k], z->b[k]);
	const js_hi n = js_hsplat((int16_t)args->n_frames);
	cv_hgroup h[4];
	cv_hgroups_init(h, args, drop, y0);
	cv_hmoves(h, z->t, u_first, CV_ZARC_N); /* u = u_first .. 63 */
	for (int k = 0; k < 4 && 16 * k < args->n_lanes; k++) {
		const js_hi t0 = h[k].t0, took = t0 != 0x7fff;
		const js_hi land = t0 + h[k].cnt + (int16_t)l_off;
		const js_hi landed = took & (land < n);
		const js_hi idx = (js_hsel(landed, land, n) - t0) & took;
		js_hi fl = js_hsel(landed, cv_hlut(tb[0], idx), cv_hlut(tb[1], idx));
		fl = js_hsel(took, (fl & 7) | ((fl & 0x78) << 5), js_hsplat(JS_FLAG_NO_TAKEOFF));
		const js_hi ap = cv_hlut(tb[3], idx);
		cv_hstore(args, 16 * k, cv_hlut(tb[2], idx), (t0 + ap) & (ap >= 0),
			  (land + 1) & landed, fl);
	}
}
#endif
#endif /* AVX-512 BW or AVX2 */
#endif
