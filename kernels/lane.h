/* kernels/lane.h - helpers for lane kernels: branch-free selects and the per-lane accounting.
 *
 * Included only by lane-kernel code (the part of kernels/<id>.c compiled once per ISA with
 * -DJS_LANE_ISA).  Everything here is written as straight-line integer code on one lane so that
 * the compiler vectorises the loop over lanes that calls it (a select is a mask and a blend).
 */
#ifndef JS_LANE_H
#define JS_LANE_H

#include <stdint.h>
#if !defined(JS_LANE_SCALAR) && (defined(__SSE4_1__) || defined(__AVX2__) || defined(__AVX512F__))
#include <immintrin.h>
#endif

#include "model.h"

#ifndef JS_LANE_SUFFIX
#error "lane.h is for lane kernels, compiled with -DJS_LANE_SUFFIX=_<isa>"
#endif

#define JS_LANE_FN(id) JS_LANE_FN_NAME(id, JS_LANE_SUFFIX)

/* c ? a : b, for c in {0, 1}, without a branch. */
static inline int32_t js_sel32(int32_t c, int32_t a, int32_t b)
{
	int32_t m = -c;
	return (a & m) | (b & ~m);
}

static inline uint32_t js_selu32(int32_t c, uint32_t a, uint32_t b)
{
	uint32_t m = (uint32_t)-c;
	return (a & m) | (b & ~m);
}

/* Button b of lane l on frame f (see js_lane_args); row = args->input[b] + (f >> 5) * JS_BLOCK. */
static inline int32_t js_lane_bit(const uint32_t *row, int l, int f)
{
	return (int32_t)((row[l] >> (f & 31)) & 1u);
}

/* Lane accounting state for one block, SoA; the kernel keeps one of these on its stack. */
typedef struct js_lane_acc {
	int32_t rise[JS_BLOCK];
	int32_t apex[JS_BLOCK];
	int32_t air[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	int32_t took[JS_BLOCK];
	int32_t landed[JS_BLOCK];
	int32_t last_jump[JS_BLOCK]; /* the last frame with the jump button down, -1 if none */
} js_lane_acc;

static inline void js_lane_acc_init(js_lane_acc *a, const js_lane_args *args)
{
	int words = (args->n_frames + 31) >> 5;
	for (int l = 0; l < JS_BLOCK; l++) {
		int32_t last = -1;
		for (int w = words - 1; w >= 0 && last < 0; w--) {
			uint32_t x = args->input[0][w * JS_BLOCK + l];
			if (x)
				last = w * 32 + 31 - __builtin_clz(x);
		}
		a->last_jump[l] = last;
		a->rise[l] = 0;
		a->apex[l] = 0;
		a->air[l] = 0;
		a->flags[l] = 0;
		a->took[l] = 0;
		a->landed[l] = 0;
	}
}

/* js_acc_frame (model.h) for lane l, branch-free; height in sub-units fits int32 for every
 * model that uses this helper (it says why in its own comments). */
static inline void js_lane_acc_frame(js_lane_acc *a, int l, int32_t f, int32_t height,
				     int32_t grounded, uint32_t fl)
{
	int32_t live = a->landed[l] ^ 1;
	int32_t took = a->took[l] | (live & (grounded ^ 1));
	int32_t on = live & took;
	grounded |= (int32_t)((fl >> 3) & 1u); /* JS_FLAG_RELAUNCH: the landing (model.h) */
	uint32_t add = fl | js_selu32((height < 0) & (grounded ^ 1), JS_FLAG_BELOW_START, 0);
	a->flags[l] |= js_selu32(on, add, 0);
	int32_t higher = on & (height > a->rise[l]);
	a->rise[l] = js_sel32(higher, height, a->rise[l]);
	a->apex[l] = js_sel32(higher, f, a->apex[l]);
	int32_t lands = on & grounded;
	a->air[l] = js_sel32(lands, f + 1, a->air[l]);
	a->landed[l] |= lands;
	a->took[l] = took;
}

/* 1 when no lane of the block can change its results after frame f: each has landed, or is
 * still on the ground with no jump press after f (the kernel may stop stepping). */
static inline int js_lane_all_done(const js_lane_acc *a, int f)
{
	int32_t all = 1;
	for (int l = 0; l < JS_BLOCK; l++)
		all &= a->landed[l] | ((a->took[l] ^ 1) & (a->last_jump[l] <= f));
	return all;
}

static inline void js_lane_acc_store(const js_lane_acc *a, const js_lane_args *args)
{
	for (int l = 0; l < args->n_lanes; l++) {
		uint32_t fl = a->flags[l];
		fl |= js_selu32(a->took[l] ^ 1, JS_FLAG_NO_TAKEOFF, 0);
		fl |= js_selu32(a->took[l] & (a->landed[l] ^ 1), JS_FLAG_NOT_LANDED, 0);
		args->rise[l] = a->rise[l];
		args->apex_frame[l] = a->apex[l];
		args->airtime[l] = a->air[l];
		args->flags[l] = fl;
	}
}


/* ---- explicit vectors: JS_VW lanes per register (GCC vector extensions) ----
 *
 * A kernel written on js_vi runs a group of JS_VW lanes through all its frames with the state in
 * registers (a local js_vi per state variable), then the next group.  JS_VW is the ISA's width
 * in 32-bit lanes: 1 for the scalar path (plain scalar code), 4 SSE4, 8 AVX2, 16 AVX-512.
 * Comparisons yield -1 / 0 per lane; js_vsel blends with such a mask. */
#ifndef JS_VU
#define JS_VU 1 /* registers per lane group (wider groups lower badly in GCC 12: measured 16x slower at 2) */
#endif
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR)
#define JS_VW (16 * JS_VU)
#elif defined(__AVX2__) && !defined(JS_LANE_SCALAR)
#define JS_VW (8 * JS_VU)
#elif defined(__SSE4_2__) && !defined(JS_LANE_SCALAR)
#define JS_VW (4 * JS_VU)
#else
#define JS_VW 1
#endif

typedef int32_t js_vi __attribute__((vector_size(JS_VW * 4), aligned(JS_VW * 4)));
typedef uint32_t js_vu __attribute__((vector_size(JS_VW * 4), aligned(JS_VW * 4)));
typedef float js_vf __attribute__((vector_size(JS_VW * 4), aligned(JS_VW * 4)));

_Static_assert(JS_BLOCK % JS_VW == 0, "a block is whole vectors");

static inline js_vi js_vload(const int32_t *p)
{
	js_vi v;
	__builtin_memcpy(&v, p, sizeof v);
	return v;
}

static inline js_vu js_vloadu(const uint32_t *p)
{
	js_vu v;
	__builtin_memcpy(&v, p, sizeof v);
	return v;
}

static inline void js_vstore(int32_t *p, js_vi v)
{
	__builtin_memcpy(p, &v, sizeof v);
}

static inline void js_vstoreu(uint32_t *p, js_vu v)
{
	__builtin_memcpy(p, &v, sizeof v);
}

static inline js_vi js_vsplat(int32_t x)
{
	return (js_vi){ 0 } + x;
}

/* m ? a : b per lane, m = -1 or 0. */
static inline js_vi js_vsel(js_vi m, js_vi a, js_vi b)
{
	return (a & m) | (b & ~m);
}

/* m ? a : b per lane for m = -1 or 0 (only: the vector paths read the sign bits), as one
 * blend instruction on the SSE4 / AVX2 paths (vpblendvb; GCC 12 often lowers js_vsel's and-or to
 * three operations, xor-and-xor), js_vsel elsewhere (AVX-512 kernels select on mask registers). */
static inline js_vi js_vblend(js_vi m, js_vi a, js_vi b)
{
#if defined(__AVX2__) && !defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 8
	return (js_vi)_mm256_blendv_epi8((__m256i)b, (__m256i)a, (__m256i)m);
#elif defined(__SSE4_1__) && !defined(__AVX2__) && !defined(JS_LANE_SCALAR) && JS_VW == 4
	return (js_vi)_mm_blendv_epi8((__m128i)b, (__m128i)a, (__m128i)m);
#else
	return js_vsel(m, a, b);
#endif
}

/* The larger / smaller of a and b per lane (signed): one instruction on the vector paths. */
static inline js_vi js_vmax(js_vi a, js_vi b)
{
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
	return (js_vi)_mm512_max_epi32((__m512i)a, (__m512i)b);
#elif defined(__AVX2__) && !defined(JS_LANE_SCALAR) && JS_VW == 8
	return (js_vi)_mm256_max_epi32((__m256i)a, (__m256i)b);
#elif defined(__SSE4_1__) && !defined(JS_LANE_SCALAR) && JS_VW == 4
	return (js_vi)_mm_max_epi32((__m128i)a, (__m128i)b);
#else
	return js_vsel(a > b, a, b);
#endif
}

static inline js_vi js_vmin(js_vi a, js_vi b)
{
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
	return (js_vi)_mm512_min_epi32((__m512i)a, (__m512i)b);
#elif defined(__AVX2__) && !defined(JS_LANE_SCALAR) && JS_VW == 8
	return (js_vi)_mm256_min_epi32((__m256i)a, (__m256i)b);
#elif defined(__SSE4_1__) && !defined(JS_LANE_SCALAR) && JS_VW == 4
	return (js_vi)_mm_min_epi32((__m128i)a, (__m128i)b);
#else
	return js_vsel(a < b, a, b);
#endif
}

/* x hidden from the optimiser on the SSE4 / AVX2 paths: a vector constant made before a loop
 * stays one value in a register or a stack slot (read as a memory operand) instead of being
 * rebuilt inside the loop (GCC 12 rematerialises splats of constants as mov + vmovd +
 * vpbroadcastd, three instructions, where registers run short).  x itself elsewhere (AVX-512
 * reads a constant as an embedded broadcast). */
static inline js_vi js_vopaque(js_vi x)
{
#if JS_VW > 1 && !defined(JS_LANE_SCALAR) && !defined(__AVX512F__)
	__asm__("" : "+x"(x));
#endif
	return x;
}

/* x86's minps / maxps on float lanes: minps(a, b) = a < b ? a : b, maxps(a, b) = a > b ? a : b
 * exactly (the second operand unless the comparison holds: NaN and signed zeros included), one
 * instruction on the vector paths, a select on the scalar one (celeste's Math.Min / Math.Max,
 * sm64's approach_f32 clamps). */
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
static inline js_vf js_vminps(js_vf a, js_vf b)
{
	return (js_vf)_mm512_min_ps((__m512)a, (__m512)b);
}
static inline js_vf js_vmaxps(js_vf a, js_vf b)
{
	return (js_vf)_mm512_max_ps((__m512)a, (__m512)b);
}
#elif defined(__AVX2__) && !defined(JS_LANE_SCALAR) && JS_VW == 8
static inline js_vf js_vminps(js_vf a, js_vf b)
{
	return (js_vf)_mm256_min_ps((__m256)a, (__m256)b);
}
static inline js_vf js_vmaxps(js_vf a, js_vf b)
{
	return (js_vf)_mm256_max_ps((__m256)a, (__m256)b);
}
#elif defined(__SSE4_1__) && !defined(JS_LANE_SCALAR) && JS_VW == 4
static inline js_vf js_vminps(js_vf a, js_vf b)
{
	return (js_vf)_mm_min_ps((__m128)a, (__m128)b);
}
static inline js_vf js_vmaxps(js_vf a, js_vf b)
{
	return (js_vf)_mm_max_ps((__m128)a, (__m128)b);
}
#else
static inline js_vf js_vminps(js_vf a, js_vf b)
{
	return (js_vf)js_vsel(a < b, (js_vi)a, (js_vi)b);
}
static inline js_vf js_vmaxps(js_vf a, js_vf b)
{
	return (js_vf)js_vsel(a > b, (js_vi)a, (js_vi)b);
}
#endif

/* Square root per float lane (IEEE: the bits of sqrtf on each lane), one instruction on the
 * vector paths. */
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
static inline js_vf js_vsqrtps(js_vf a)
{
	return (js_vf)_mm512_sqrt_ps((__m512)a);
}
#elif defined(__AVX__) && !defined(JS_LANE_SCALAR) && JS_VW == 8
static inline js_vf js_vsqrtps(js_vf a)
{
	return (js_vf)_mm256_sqrt_ps((__m256)a);
}
#elif defined(__SSE4_1__) && !defined(JS_LANE_SCALAR) && JS_VW == 4
static inline js_vf js_vsqrtps(js_vf a)
{
	return (js_vf)_mm_sqrt_ps((__m128)a);
}
#else
static inline js_vf js_vsqrtps(js_vf a)
{
	js_vf r;
	for (int i = 0; i < JS_VW; i++)
		r[i] = __builtin_sqrtf(a[i]);
	return r;
}
#endif

/* Two-source permute: lane i of the result is lane (idx[i] mod 2*JS_VW) of the concatenation
 * a:b.  GCC's __builtin_shuffle; clang (the fuzz build) has no variable-index generic form, so
 * there AVX-512 uses vpermt2d and the other widths a plain loop. */
static inline js_vi js_vpermute2(js_vi a, js_vi b, js_vi idx)
{
#if !defined(__clang__)
	return __builtin_shuffle(a, b, idx);
#elif JS_VW == 16 && defined(__AVX512F__)
	return (js_vi)_mm512_permutex2var_epi32((__m512i)a, (__m512i)idx, (__m512i)b);
#else
	js_vi r;
	for (int i = 0; i < JS_VW; i++) {
		int k = idx[i] & (2 * JS_VW - 1);
		r[i] = k < JS_VW ? a[k] : b[k - JS_VW];
	}
	return r;
#endif
}

/* 1 when every lane of m is set. */
static inline int js_vall(js_vi m)
{
	int32_t all = -1;
	for (int i = 0; i < JS_VW; i++)
		all &= m[i];
	return all != 0;
}

/* 1 when some lane of m is set (one branch for the group).  On the x86 vector paths a test
 * instruction; otherwise an OR over the lanes behind an empty asm, which hides the link between
 * the result and m from the optimiser: with one-lane vectors (the scalar path) GCC 12's
 * value-range propagation otherwise carries what the branch implies about m into code after
 * the branch and miscompiles later masks (seen in sm64 as ~m folded to 0). */
static inline int js_vany(js_vi m)
{
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
	return _mm512_test_epi32_mask((__m512i)m, (__m512i)m) != 0;
#elif defined(__AVX2__) && !defined(JS_LANE_SCALAR) && JS_VW == 8
	return !_mm256_testz_si256((__m256i)m, (__m256i)m);
#elif defined(__SSE4_1__) && !defined(JS_LANE_SCALAR) && JS_VW == 4
	return !_mm_testz_si128((__m128i)m, (__m128i)m);
#else
	int32_t any = 0;
	for (int i = 0; i < JS_VW; i++)
		any |= m[i];
	__asm__("" : "+r"(any));
	return any != 0;
#endif
}

/* Float lanes: m ? a : b per lane (m = -1 / 0), and x in every lane.  One blend on the SSE4 /
 * AVX2 paths (GCC writes the and-andnot-or as three instructions there; on AVX-512 it makes one
 * vpternlogd or masked move). */
#if defined(__AVX2__) && !defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 8
static inline js_vf js_vfsel(js_vi m, js_vf a, js_vf b)
{
	return (js_vf)_mm256_blendv_ps((__m256)b, (__m256)a, (__m256)m);
}
#elif defined(__SSE4_1__) && !defined(__AVX2__) && !defined(JS_LANE_SCALAR) && JS_VW == 4
static inline js_vf js_vfsel(js_vi m, js_vf a, js_vf b)
{
	return (js_vf)_mm_blendv_ps((__m128)b, (__m128)a, (__m128)m);
}
#else
static inline js_vf js_vfsel(js_vi m, js_vf a, js_vf b)
{
	return (js_vf)(((js_vi)a & m) | ((js_vi)b & ~m));
}
#endif

static inline js_vf js_vfsplat(float x)
{
	return (js_vf){ 0 } + x;
}

/* The last frame with a button down (-1 if none) of JS_VW lanes, JS_VW at a time: row0 is the
 * group's first lane in word 0 of a bit plane (words JS_BLOCK apart, as js_lane_args.input).  The
 * highest set bit of the last nonzero word: the bit alone (the word's bits smeared down, then the
 * top one kept), a power of two, converts exactly to a float, whose exponent is its index. */
static inline js_vi js_vlast_set(const uint32_t *row0, int words)
{
	js_vi last = js_vsplat(-1);
	for (int w = 0; w < words; w++) {
		js_vu x = js_vloadu(row0 + (size_t)w * JS_BLOCK), t = x;
		t |= t >> 1;
		t |= t >> 2;
		t |= t >> 4;
		t |= t >> 8;
		t |= t >> 16;
		/* the top bit alone, a power of two: converted as a signed int it is exact, and
		 * 2^31 (INT32_MIN) only gains the sign bit, which the mask drops (one vcvtdq2ps:
		 * an unsigned conversion is several operations below AVX-512) */
		js_vf top = __builtin_convertvector((js_vi)(t ^ (t >> 1)), js_vf);
		js_vi bit = (((js_vi)top >> 23) & 0xff) - 127;
		last = js_vsel((js_vi)(x != 0), bit + w * 32, last);
	}
	return last;
}

/* ---- lane masks: js_m ----
 *
 * A lane mask as the AVX-512 path holds it best: a mask register (__mmask16, one bit per lane)
 * there, lane.h's -1 / 0 js_vi elsewhere.  Comparisons and selects go through the helpers below;
 * &, |, ^ and ~ work on both (on __mmask16 through int: a js_m variable or parameter keeps the
 * low 16 bits, so pass ~m to js_many / js_mall as a js_m, never compare it as an int).  Written
 * as js_vi masks, GCC 12 keeps the AVX-512 masks in vectors: a comparison, a move of its mask
 * register into a vector and a blend or two XORs per select, where a mask register needs the
 * comparison and one masked move (and ANDs / ORs of masks leave the vector units). */
#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 16
typedef __mmask16 js_m;
#define JS_MZ(x) ((__m512i)(x))
#define JS_MF(x) ((__m512)(x))
static inline js_m js_mflt(js_vf a, js_vf b) { return _mm512_cmp_ps_mask(JS_MF(a), JS_MF(b), _CMP_LT_OQ); }
static inline js_m js_mfle(js_vf a, js_vf b) { return _mm512_cmp_ps_mask(JS_MF(a), JS_MF(b), _CMP_LE_OQ); }
static inline js_m js_mfgt(js_vf a, js_vf b) { return _mm512_cmp_ps_mask(JS_MF(a), JS_MF(b), _CMP_GT_OQ); }
static inline js_m js_mfge(js_vf a, js_vf b) { return _mm512_cmp_ps_mask(JS_MF(a), JS_MF(b), _CMP_GE_OQ); }
static inline js_m js_mfne(js_vf a, js_vf b) { return _mm512_cmp_ps_mask(JS_MF(a), JS_MF(b), _CMP_NEQ_UQ); }
static inline js_m js_milt(js_vi a, js_vi b) { return _mm512_cmplt_epi32_mask(JS_MZ(a), JS_MZ(b)); }
static inline js_m js_mile(js_vi a, js_vi b) { return _mm512_cmple_epi32_mask(JS_MZ(a), JS_MZ(b)); }
static inline js_m js_migt(js_vi a, js_vi b) { return _mm512_cmpgt_epi32_mask(JS_MZ(a), JS_MZ(b)); }
static inline js_m js_mige(js_vi a, js_vi b) { return _mm512_cmpge_epi32_mask(JS_MZ(a), JS_MZ(b)); }
static inline js_m js_mieq(js_vi a, js_vi b) { return _mm512_cmpeq_epi32_mask(JS_MZ(a), JS_MZ(b)); }
static inline js_m js_mine(js_vi a, js_vi b) { return _mm512_cmpneq_epi32_mask(JS_MZ(a), JS_MZ(b)); }
/* lanes where x & y != 0 */
static inline js_m js_mtest(js_vi x, js_vi y) { return _mm512_test_epi32_mask(JS_MZ(x), JS_MZ(y)); }
/* lanes of x with bit (a single bit) set */
static inline js_m js_mbit(js_vu x, js_vu bit) { return _mm512_test_epi32_mask(JS_MZ(x), JS_MZ(bit)); }
static inline js_vf js_mfsel(js_m m, js_vf a, js_vf b) { return (js_vf)_mm512_mask_blend_ps(m, JS_MF(b), JS_MF(a)); }
static inline js_vi js_misel(js_m m, js_vi a, js_vi b) { return (js_vi)_mm512_mask_blend_epi32(m, JS_MZ(b), JS_MZ(a)); }
/* x | (m ? bits : 0), x | (m ? y : 0) */
static inline js_vu js_morif(js_vu x, js_m m, uint32_t bits)
{
	return (js_vu)_mm512_mask_or_epi32(JS_MZ(x), m, JS_MZ(x), _mm512_set1_epi32((int)bits));
}
static inline js_vu js_morv(js_vu x, js_m m, js_vu y) { return (js_vu)_mm512_mask_or_epi32(JS_MZ(x), m, JS_MZ(x), JS_MZ(y)); }
static inline int js_many(js_m m) { return m != 0; }
static inline int js_mall(js_m m) { return m == 0xffff; }
static inline js_m js_mfrom(js_vi v) { return _mm512_movepi32_mask(JS_MZ(v)); }
static inline js_vi js_mto(js_m m) { return (js_vi)_mm512_movm_epi32(m); }
#define JS_MNONE ((js_m)0)
#else
typedef js_vi js_m;
static inline js_m js_mflt(js_vf a, js_vf b) { return a < b; }
static inline js_m js_mfle(js_vf a, js_vf b) { return a <= b; }
static inline js_m js_mfgt(js_vf a, js_vf b) { return a > b; }
static inline js_m js_mfge(js_vf a, js_vf b) { return a >= b; }
static inline js_m js_mfne(js_vf a, js_vf b) { return a != b; }
static inline js_m js_milt(js_vi a, js_vi b) { return a < b; }
static inline js_m js_mile(js_vi a, js_vi b) { return a <= b; }
static inline js_m js_migt(js_vi a, js_vi b) { return a > b; }
static inline js_m js_mige(js_vi a, js_vi b) { return a >= b; }
static inline js_m js_mieq(js_vi a, js_vi b) { return a == b; }
static inline js_m js_mine(js_vi a, js_vi b) { return a != b; }
static inline js_m js_mtest(js_vi x, js_vi y) { return (x & y) != 0; }
static inline js_m js_mbit(js_vu x, js_vu bit) { return (js_vi)((x & bit) == bit); }
static inline js_vf js_mfsel(js_m m, js_vf a, js_vf b) { return js_vfsel(m, a, b); }
static inline js_vi js_misel(js_m m, js_vi a, js_vi b) { return (js_vi)js_vfsel(m, (js_vf)a, (js_vf)b); }
static inline js_vu js_morif(js_vu x, js_m m, uint32_t bits) { return x | ((js_vu)m & bits); }
static inline js_vu js_morv(js_vu x, js_m m, js_vu y) { return x | ((js_vu)m & y); }
static inline int js_many(js_m m) { return js_vany(m); }
static inline int js_mall(js_m m) { return !js_vany(~m); }
static inline js_m js_mfrom(js_vi v) { return v; }
static inline js_vi js_mto(js_m m) { return m; }
#define JS_MNONE js_vsplat(0)
#endif

#if defined(__AVX512F__) && !defined(JS_LANE_SCALAR)
/* The jump button of a block's 64 lanes on frame f as two 32-lane masks (lanes 0-31 and
 * 32-63), for the 16-bit AVX-512 paths: the frame's row of input words is reloaded every 32
 * frames and each frame tests one bit of it. */
typedef struct js_zjump {
	__m512i w0, w1, w2, w3;
} js_zjump;

static inline void js_zjump_frame(js_zjump *j, const js_lane_args *args, int f, __mmask32 *a0,
				  __mmask32 *a1)
{
	if ((f & 31) == 0) {
		const uint32_t *row = args->input[0] + (f >> 5) * JS_BLOCK;
		j->w0 = _mm512_loadu_si512(row);
		j->w1 = _mm512_loadu_si512(row + 16);
		j->w2 = _mm512_loadu_si512(row + 32);
		j->w3 = _mm512_loadu_si512(row + 48);
	}
	const __m512i bit = _mm512_set1_epi32((int)(1u << (f & 31)));
	*a0 = _mm512_kunpackw(_mm512_test_epi32_mask(j->w1, bit), _mm512_test_epi32_mask(j->w0, bit));
	*a1 = _mm512_kunpackw(_mm512_test_epi32_mask(j->w3, bit), _mm512_test_epi32_mask(j->w2, bit));
}

/* Two vectors of 16 lanes' int32 values as one register of 32 words (the values fit: each
 * 16-bit path states why), lanes in order. */
static inline __m512i js_zwords(__m512i lo, __m512i hi)
{
	return _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi32_epi16(lo)),
				  _mm512_cvtepi32_epi16(hi), 1);
}

/* 32 lanes' values of an axis as words (axis values are small), lanes past n_lanes copying the
 * last lane. */
static inline __m512i js_zaxis16(const int32_t *p, const js_lane_args *args, int l0)
{
	if (l0 + 32 <= args->n_lanes)
		return js_zwords(_mm512_loadu_si512(p + l0), _mm512_loadu_si512(p + l0 + 16));
	int16_t v[32];
	for (int i = 0; i < 32; i++)
		v[i] = (int16_t)p[l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1];
	return _mm512_loadu_si512(v);
}

/* js_vacc_init's last_jump (the last frame with the jump button down, -1 if none) of lanes
 * l0..l0 + 31 as words (frames < JS_MAX_FRAMES). */
static inline __m512i js_zlast_jump16(const js_lane_args *args, int l0)
{
	const int words = (args->n_frames + 31) >> 5;
	return js_zwords((__m512i)js_vlast_set(args->input[0] + l0, words),
			 (__m512i)js_vlast_set(args->input[0] + l0 + 16, words));
}

/* A 16-bit AVX-512 path's results for lanes l0..l0+n-1 (n <= 32; one 16-bit word per lane in
 * each register): rise to int64, apex frame and airtime to int32, all sign-extended, and the
 * flags zero-extended.  (The lane halves and quarters are spelled out: extracts take constant
 * indices.) */
static inline void js_zstore16_half(const js_lane_args *args, int l, __mmask16 k, __m256i apex,
				    __m256i airtime, __m256i flags)
{
	_mm512_mask_storeu_epi32(args->apex_frame + l, k, _mm512_cvtepi16_epi32(apex));
	_mm512_mask_storeu_epi32(args->airtime + l, k, _mm512_cvtepi16_epi32(airtime));
	_mm512_mask_storeu_epi32(args->flags + l, k, _mm512_cvtepu16_epi32(flags));
}

static inline void js_zstore16(const js_lane_args *args, int l0, int n, __m512i rise, __m512i apex,
			       __m512i airtime, __m512i flags)
{
	const uint32_t keep = n >= 32 ? 0xffffffffu : (1u << n) - 1;
	js_zstore16_half(args, l0, (__mmask16)keep, _mm512_extracti64x4_epi64(apex, 0),
			 _mm512_extracti64x4_epi64(airtime, 0), _mm512_extracti64x4_epi64(flags, 0));
	js_zstore16_half(args, l0 + 16, (__mmask16)(keep >> 16), _mm512_extracti64x4_epi64(apex, 1),
			 _mm512_extracti64x4_epi64(airtime, 1), _mm512_extracti64x4_epi64(flags, 1));
	_mm512_mask_storeu_epi64(args->rise + l0, (__mmask8)keep,
				 _mm512_cvtepi16_epi64(_mm512_extracti32x4_epi32(rise, 0)));
	_mm512_mask_storeu_epi64(args->rise + l0 + 8, (__mmask8)(keep >> 8),
				 _mm512_cvtepi16_epi64(_mm512_extracti32x4_epi32(rise, 1)));
	_mm512_mask_storeu_epi64(args->rise + l0 + 16, (__mmask8)(keep >> 16),
				 _mm512_cvtepi16_epi64(_mm512_extracti32x4_epi32(rise, 2)));
	_mm512_mask_storeu_epi64(args->rise + l0 + 24, (__mmask8)(keep >> 24),
				 _mm512_cvtepi16_epi64(_mm512_extracti32x4_epi32(rise, 3)));
}
#endif

#if defined(__AVX2__) && !defined(__AVX512F__) && !defined(JS_LANE_SCALAR) && JS_VW == 8
/* ---- 16-bit AVX2 paths: 16 lanes per ymm, the AVX2 twins of the AVX-512 16-bit paths ----
 *
 * js_hi holds 16 int16 lanes of a block (GCC vector extensions: a comparison yields -1 / 0 per
 * word, js_hsel blends on such a mask).  Word p of a js_hi holds lane js_hlane(p) of its group
 * of 16: the order vpackssdw leaves two 8-lane halves in (lanes 0-3, 8-11, 4-7, 12-15), so the
 * jump bits need no cross-lane permute each frame; a kernel loads its per-lane constants and
 * stores its results through js_hlane (the mapping is its own inverse). */
#define JS_LANE_H16 1
typedef int16_t js_hi __attribute__((vector_size(32), aligned(32)));
typedef uint16_t js_hu __attribute__((vector_size(32), aligned(32)));

static inline int js_hlane(int p)
{
	return (p & 3) | ((p & 4) << 1) | ((p & 8) >> 1);
}

/* 16 lanes' values of an axis as words in js_hlane order (vpackssdw's), lanes past n_lanes
 * copying the last lane. */
static inline js_hi js_haxis(const int32_t *p, const js_lane_args *args, int l0)
{
	if (l0 + 16 <= args->n_lanes)
		return (js_hi)_mm256_packs_epi32(_mm256_loadu_si256((const __m256i *)(p + l0)),
						 _mm256_loadu_si256((const __m256i *)(p + l0 + 8)));
	js_hi v;
	for (int q = 0; q < 16; q++) {
		const int l = l0 + js_hlane(q);
		v[q] = (int16_t)p[l < args->n_lanes ? l : args->n_lanes - 1];
	}
	return v;
}

static inline js_hi js_hsplat(int16_t x)
{
	return (js_hi){ 0 } + x;
}

/* m ? a : b per word, m = -1 or 0 (one vpblendvb). */
static inline js_hi js_hsel(js_hi m, js_hi a, js_hi b)
{
	return (js_hi)_mm256_blendv_epi8((__m256i)b, (__m256i)a, (__m256i)m);
}

/* 1 when every word of m is set (m = -1 / 0 per word). */
static inline int js_hall(js_hi m)
{
	return _mm256_movemask_epi8((__m256i)m) == -1;
}

/* Bit (f & 31) of 16 lanes' words row[0..15]: -1 set / 0 per word, in js_hlane order. */
static inline js_hi js_hbits(const uint32_t *row, int f)
{
	const __m128i up = _mm_cvtsi32_si128(31 - (f & 31));
	__m256i lo = _mm256_srai_epi32(_mm256_sll_epi32(_mm256_loadu_si256((const __m256i *)row), up), 31);
	__m256i hi = _mm256_srai_epi32(_mm256_sll_epi32(_mm256_loadu_si256((const __m256i *)(row + 8)), up), 31);
	return (js_hi)_mm256_packs_epi32(lo, hi);
}

/* The jump button of lanes l0..l0 + 15 on frame f: -1 held / 0 per word, in js_hlane order. */
static inline js_hi js_hjump(const js_lane_args *args, int l0, int f)
{
	return js_hbits(args->input[0] + (f >> 5) * JS_BLOCK + l0, f);
}

/* 32 frames' bits of 16 lanes (w0: lanes 0-7, w1: 8-15, one word each) as 16-bit halves for
 * js_hjump_at: h[0] frames 0-15 of the word, h[1] frames 16-31, in js_hlane order (vpackusdw's,
 * as js_hbits').  A kernel makes them every 32 frames; a frame's test is then two shifts. */
static inline void js_hsplit_words(__m256i w0, __m256i w1, js_hi h[2])
{
	const __m256i lo16 = _mm256_set1_epi32(0xffff);
	h[0] = (js_hi)_mm256_packus_epi32(_mm256_and_si256(w0, lo16), _mm256_and_si256(w1, lo16));
	h[1] = (js_hi)_mm256_packus_epi32(_mm256_srli_epi32(w0, 16), _mm256_srli_epi32(w1, 16));
}

/* js_hsplit_words of the new presses of lanes l0..l0 + 15 in the word of frame f: the jump
 * button down on a frame and up on the one before (up before frame 0). */
static inline void js_hpress_words(const js_lane_args *args, int l0, int f, js_hi h[2])
{
	const uint32_t *row = args->input[0] + (f >> 5) * JS_BLOCK + l0;
	__m256i w0 = _mm256_loadu_si256((const __m256i *)row);
	__m256i w1 = _mm256_loadu_si256((const __m256i *)(row + 8));
	__m256i p0 = _mm256_slli_epi32(w0, 1), p1 = _mm256_slli_epi32(w1, 1); /* the frame before */
	if (f >= 32) {
		p0 = _mm256_or_si256(p0, _mm256_srli_epi32(
					     _mm256_loadu_si256((const __m256i *)(row - JS_BLOCK)), 31));
		p1 = _mm256_or_si256(p1, _mm256_srli_epi32(
					     _mm256_loadu_si256((const __m256i *)(row - JS_BLOCK + 8)), 31));
	}
	js_hsplit_words(_mm256_andnot_si256(p0, w0), _mm256_andnot_si256(p1, w1), h);
}

/* Frame f's bit from js_hsplit_words' halves (of f's word): -1 set / 0 per word. */
static inline js_hi js_hjump_at(const js_hi h[2], int f)
{
	const __m128i up = _mm_cvtsi32_si128(15 - (f & 15));
	return (js_hi)_mm256_srai_epi16(_mm256_sll_epi16((__m256i)h[(f >> 4) & 1], up), 15);
}

/* js_vacc_init's last_jump (the last frame with the jump button down, -1 if none) of lanes
 * l0..l0 + 15 as words (frames < JS_MAX_FRAMES), in js_hlane order. */
static inline __m256i js_hlast_jump8(const js_lane_args *args, int l0)
{
	/* the top set bit of a word from a float's exponent, exact since each half word converts
	 * exactly (< 2^24); the last nonzero word wins */
	const int words = (args->n_frames + 31) >> 5;
	__m256i lj = _mm256_set1_epi32(-1);
	for (int w = 0; w < words; w++) {
		__m256i x = _mm256_loadu_si256((const __m256i *)(args->input[0] + w * JS_BLOCK + l0));
		__m256i hi = _mm256_srli_epi32(x, 16);
		__m256i up = _mm256_cmpgt_epi32(hi, _mm256_setzero_si256()); /* hi < 2^16 */
		__m256i v = _mm256_blendv_epi8(_mm256_and_si256(x, _mm256_set1_epi32(0xffff)), hi, up);
		__m256i e = _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(v)), 23);
		e = _mm256_add_epi32(e, _mm256_and_si256(up, _mm256_set1_epi32(16)));
		e = _mm256_add_epi32(e, _mm256_set1_epi32(w * 32 - 127));
		__m256i nz = _mm256_cmpeq_epi32(x, _mm256_setzero_si256());
		lj = _mm256_blendv_epi8(e, lj, nz);
	}
	return lj;
}

static inline js_hi js_hlast_jump(const js_lane_args *args, int l0)
{
	return (js_hi)_mm256_packs_epi32(js_hlast_jump8(args, l0), js_hlast_jump8(args, l0 + 8));
}

/* Lanes 8 * half .. 8 * half + 7 of a group's words, sign-extended to a js_vi (the js_hlane order
 * undone: the 64-bit quarters 0, 2, 1, 3, then vpmovsxwd). */
static inline js_vi js_hwiden(js_hi v, int half)
{
	__m256i p = _mm256_permute4x64_epi64((__m256i)v, 0xd8);
	return (js_vi)_mm256_cvtepi16_epi32(half ? _mm256_extracti128_si256(p, 1)
						 : _mm256_castsi256_si128(p));
}

/* Words of v into out[] by lane (out[js_hlane(p)] = v[p]): the 64-bit quarters 0, 2, 1, 3. */
static inline void js_hstore_lanes(int16_t *out, js_hi v)
{
	_mm256_storeu_si256((__m256i *)out, _mm256_permute4x64_epi64((__m256i)v, 0xd8));
}
#endif

/* Button b of the group's lanes on frame f: 1 / 0 per lane.  row = args->input[b] +
 * (f >> 5) * JS_BLOCK + group's first lane. */
static inline js_vi js_vbit(const uint32_t *row, int f)
{
	return (js_vi)((js_vloadu(row) >> (unsigned)(f & 31)) & 1u);
}

/* The accounting of model.h (js_acc_frame) for a group of lanes, in registers. */
typedef struct js_vacc {
	js_vi rise, apex, air, took, landed, last_jump;
	js_vu flags;
	js_lane_record *rec; /* args->record (model.h): NULL but in the fuzzer */
	int l0;
} js_vacc;

static inline void js_vacc_init(js_vacc *a, const js_lane_args *args, int l0)
{
	int32_t last[JS_VW];
	int words = (args->n_frames + 31) >> 5;
	for (int i = 0; i < JS_VW; i++) {
		last[i] = -1;
		for (int w = words - 1; w >= 0 && last[i] < 0; w--) {
			uint32_t x = args->input[0][w * JS_BLOCK + l0 + i];
			if (x)
				last[i] = w * 32 + 31 - __builtin_clz(x);
		}
	}
	a->last_jump = js_vload(last);
	a->rise = a->apex = a->air = a->took = a->landed = js_vsplat(0);
	a->flags = (js_vu)js_vsplat(0);
	a->rec = args->record;
	a->l0 = l0;
}

/* Lane i of the group (lanes l0..) as the store writes it: row j of the record. */
static inline void js_vacc_put(const js_vacc *a, int l0, int i, js_lane_record *r, int j)
{
	int l = l0 + i;
	uint32_t fl = a->flags[i];
	if (!a->took[i])
		fl |= JS_FLAG_NO_TAKEOFF;
	else if (!a->landed[i])
		fl |= JS_FLAG_NOT_LANDED;
	r->rise[j][l] = a->rise[i];
	r->apex[j][l] = a->apex[i];
	r->air[j][l] = a->air[i];
	r->flags[j][l] = fl;
}

/* After frame f of a run with a record: the group's results if the run ended here. */
static __attribute__((cold, noinline, unused)) void js_vacc_note(const js_vacc *a, int32_t f)
{
	js_lane_record *r = a->rec;
	int j = r->idx[f];
	for (int i = 0; i < JS_VW && a->l0 + i < JS_BLOCK; i++) {
		r->seen[a->l0 + i] = f + 1;
		if (j >= 0)
			js_vacc_put(a, a->l0, i, r, j);
	}
}

/* The fuzzer's record (model.h's js_lane_record) after frame f: js_vacc_frame calls it; a kernel
 * with its own accounting on a js_vacc calls it at the end of each frame to record too. */
static inline void js_vacc_record(const js_vacc *a, int32_t f)
{
	if (__builtin_expect(a->rec != NULL, 0))
		js_vacc_note(a, f);
}

/* grounded: -1 / 0 per lane; fl: the frame's flags (JS_FLAG_RELAUNCH lands: model.h's landing
 * rule, with height the landing's). */
static inline void js_vacc_frame(js_vacc *a, int32_t f, js_vi height, js_vi grounded, js_vu fl)
{
	js_vi live = ~a->landed;
	js_vi took = a->took | (live & ~grounded);
	js_vi on = live & took;
	grounded |= (js_vi)((fl & JS_FLAG_RELAUNCH) != 0);
	js_vu add = fl | ((js_vu)((height < 0) & ~grounded) & JS_FLAG_BELOW_START);
	a->flags |= add & (js_vu)on;
	js_vi higher = on & (height > a->rise);
	a->rise = js_vsel(higher, height, a->rise);
	a->apex = js_vsel(higher, js_vsplat(f), a->apex);
	js_vi lands = on & grounded;
	a->air = js_vsel(lands, js_vsplat(f + 1), a->air);
	a->landed |= lands;
	a->took = took;
	js_vacc_record(a, f);
}

/* 1 when no lane of the group can change its results after frame f. */
static inline int js_vacc_done(const js_vacc *a, int32_t f)
{
	return js_vall(a->landed | (~a->took & (a->last_jump <= f)));
}

static inline void js_vacc_store(const js_vacc *a, const js_lane_args *args, int l0)
{
	for (int i = 0; i < JS_VW && l0 + i < args->n_lanes; i++) {
		uint32_t fl = a->flags[i];
		if (!a->took[i])
			fl |= JS_FLAG_NO_TAKEOFF;
		else if (!a->landed[i])
			fl |= JS_FLAG_NOT_LANDED;
		args->rise[l0 + i] = a->rise[i];
		args->apex_frame[l0 + i] = a->apex[i];
		args->airtime[l0 + i] = a->air[i];
		args->flags[l0 + i] = fl;
	}
	/* args->record, not a->rec: a path with its own accounting may fill a js_vacc itself */
	js_lane_record *r = args->record;
	if (__builtin_expect(r != NULL, 0))
		for (int i = 0; i < JS_VW && l0 + i < args->n_lanes; i++) {
			int l = l0 + i;
			if (r->seen[l] <= 0) /* not run by js_vacc_frame: the caller runs each count */
				continue;
			for (int j = 0; j < r->n; j++) /* stopped early: nothing changes after */
				if (r->at[j] > r->seen[l])
					js_vacc_put(a, l0, i, r, j);
			r->lanes |= 1ull << l;
		}
}

/* ---- tables of whole jumps a lane kernel makes once (banjo.c, sm64.c, sms.c) ---- */

#define JS_NO_FRAME (1 << 28) /* js_vfirst: no such frame */

/* Per lane of row0's JS_VW lanes (a bit plane: word w of lane l at row0[w * JS_BLOCK + l]), the
 * first frame >= from (the lane's own) whose bit is set (want 1), clear (want 0), or a new press
 * (want 2: set, and clear on the frame before; clear before frame 0), or JS_NO_FRAME.  The
 * lowest remaining bit alone converts exactly to a float, whose exponent is its index.  (Bits
 * past n_frames may read either way: a frame found there is past the limit too.) */
static inline js_vi js_vfirst(const uint32_t *row0, int words, js_vi from, const int want)
{
	js_vi r = js_vsplat(JS_NO_FRAME);
	for (int w = words - 1; w >= 0; w--) {
		js_vu x = js_vloadu(row0 + (size_t)w * JS_BLOCK);
		if (want == 0)
			x = ~x;
		if (want == 2) {
			const js_vu prev = w ? js_vloadu(row0 + (size_t)(w - 1) * JS_BLOCK) >> 31
					     : (js_vu)js_vsplat(0);
			x &= ~((x << 1) | prev);
		}
		const js_vi s = from - w * 32;
		const js_vi sc = js_vsel(s < 0, js_vsplat(0), js_vsel(s > 31, js_vsplat(31), s));
		const js_vu keep = (js_vu)js_vsplat(-1) << (js_vu)sc;
		x &= (js_vu)js_vsel(s > 31, js_vsplat(0), (js_vi)keep);
		/* the lowest bit alone, converted as a signed int (as js_vlast_set) */
		const js_vf lf = __builtin_convertvector((js_vi)(x & -x), js_vf);
		r = js_vsel((js_vi)(x != 0), (((js_vi)lf >> 23) & 0xff) - 127 + w * 32, r);
	}
	return r;
}

/* The frames a table of whole jumps reads a lane from init by (kernels/banjo.c, sotn.c), for
 * every slot of the block (slots past n_lanes copy the last lane): t0, the first frame with the
 * jump button down (the press; up before frame 0); u, the first frame after t0 with it up (the
 * release); p2, the first frame after u with it down again (JS_NO_FRAME where there is none). */
static inline void js_press_release(const js_lane_args *args, int32_t *t0s, int32_t *us,
				    int32_t *p2s)
{
	const int words = (args->n_frames + 31) >> 5;
	for (int l = 0; l < JS_BLOCK; l += JS_VW) {
		const uint32_t *row0 = args->input[0] + l;
		const js_vi t0 = js_vfirst(row0, words, js_vsplat(0), 1);
		const js_vi u = js_vfirst(row0, words, t0 + 1, 0);
		js_vstore(t0s + l, t0);
		js_vstore(us + l, u);
		js_vstore(p2s + l, js_vfirst(row0, words, u + 1, 1));
	}
}

/* A table made once per process and ISA, its state one int: 0 not made, 1 being made, 2 made,
 * -1 not usable (a premise check failed).  js_once_claim: 2 when the table is made (acquire: its
 * contents are visible), 1 when the caller has claimed it and makes it now (then js_once_done),
 * 0 when another thread is making it or it is not usable (the caller steps).  One static table,
 * not one per thread: a _Thread_local in this shared library is a __tls_get_addr call per block
 * (measured an eighth of banjo's AVX-512 path). */
static inline int js_once_claim(int *state)
{
	int st = __atomic_load_n(state, __ATOMIC_ACQUIRE);
	if (st == 2)
		return 2;
	return st == 0 &&
	       __atomic_compare_exchange_n(state, &st, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

/* The claimed table is made (ok) or not usable: published with a release store. */
static inline void js_once_done(int *state, int ok)
{
	__atomic_store_n(state, ok ? 2 : -1, __ATOMIC_RELEASE);
}

#endif
