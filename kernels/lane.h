/* kernels/lane.h - helpers for lane kernels: branch-free selects and the per-lane accounting.
 *
 * Included only by lane-kernel code (the part of kernels/<id>.c compiled once per ISA with
 * -DJS_LANE_ISA).  Everything here is written as straight-line integer code on one lane so that
 * the compiler vectorises the loop over lanes that calls it (a select is a mask and a blend).
 */
#ifndef JS_LANE_H
#define JS_LANE_H

#include <stdint.h>

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

/* Lane accounting state for one block, SoA; the kernel keeps one of these on its stack. */
typedef struct js_lane_acc {
	int32_t rise[JS_BLOCK];
	int32_t apex[JS_BLOCK];
	int32_t air[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	int32_t took[JS_BLOCK];
	int32_t landed[JS_BLOCK];
} js_lane_acc;

static inline void js_lane_acc_init(js_lane_acc *a)
{
	for (int l = 0; l < JS_BLOCK; l++) {
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

/* 1 when every lane of the block has landed (the kernel may stop stepping). */
static inline int js_lane_all_landed(const js_lane_acc *a)
{
	int32_t all = 1;
	for (int l = 0; l < JS_BLOCK; l++)
		all &= a->landed[l];
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

#endif
