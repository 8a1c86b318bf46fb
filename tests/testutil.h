/* tests/testutil.h - helpers shared by the Criterion tests: running one jump through the
 * reference, frame by frame, and checking every lane-kernel path against the reference. */
#ifndef JS_TESTUTIL_H
#define JS_TESTUTIL_H

#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "sweep.h"

/* Deterministic generator for random-input tests (xorshift64*). */
static inline uint64_t tu_rand(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1DULL;
}

/* Hold pattern: jump held on frames 0..h-1, extra bits on every frame. */
static inline void tu_hold(uint8_t *in, int n_frames, int h, unsigned extra)
{
	for (int f = 0; f < n_frames; f++)
		in[f] = (uint8_t)((f < h ? JS_IN_JUMP : 0) | extra);
}

/* Runs the reference for a hold of h and returns the accounting. */
static inline js_acc tu_ref_hold(const js_model *m, const int32_t *axes, int h, unsigned extra,
				 int n_frames)
{
	uint8_t *in = malloc((size_t)n_frames);
	tu_hold(in, n_frames, h, extra);
	js_acc a;
	js_reference_run(m, axes, in, n_frames, &a);
	free(in);
	return a;
}

/* Steps the reference and records height and grounded for frames 0..n-1. */
static inline void tu_ref_heights(const js_model *m, const int32_t *axes, const uint8_t *in,
				  int n, int64_t *height, int *grounded)
{
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	js_obs o;
	m->init(st, axes);
	for (int f = 0; f < n; f++) {
		m->step(st, in[f]);
		m->observe(st, &o);
		height[f] = o.height;
		if (grounded)
			grounded[f] = o.grounded;
	}
}

/* Runs n lanes (axes: [n][n_axes], inputs: [n][n_frames]) through the reference and through the
 * lane kernel on every ISA this machine has, and asserts all results are identical.  Returns the
 * number of ISA paths checked. */
static inline int tu_check_lanes(const js_model *m, size_t n, const int32_t *axes,
				 const uint8_t *inputs, int n_frames)
{
	int paths = 0;
	int32_t *ax[JS_MAX_AXES];
	for (int a = 0; a < JS_MAX_AXES; a++)
		ax[a] = calloc(JS_BLOCK, sizeof(int32_t));
	size_t words = (size_t)(n_frames + 31) / 32;
	uint32_t *planes_mem = calloc(words * JS_BLOCK * JS_N_BUTTONS, sizeof(uint32_t));
	uint32_t *planes[JS_N_BUTTONS];
	for (int k = 0; k < JS_N_BUTTONS; k++)
		planes[k] = planes_mem + (size_t)k * words * JS_BLOCK;
	int64_t rise[JS_BLOCK];
	int32_t apex[JS_BLOCK], air[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	for (int isa = 0; isa < JS_ISA_COUNT; isa++) {
		if (!js_isa_available((js_isa)isa) || !m->lane[isa])
			continue;
		paths++;
		for (size_t b = 0; b < n; b += JS_BLOCK) {
			int nl = (int)(n - b < JS_BLOCK ? n - b : JS_BLOCK);
			for (int l = 0; l < JS_BLOCK; l++) {
				size_t src = b + (size_t)(l < nl ? l : nl - 1);
				for (int a = 0; a < m->n_axes; a++)
					ax[a][l] = axes[src * (size_t)m->n_axes + (size_t)a];
				js_pack_planes(inputs + src * (size_t)n_frames, n_frames, planes, l);
			}
			js_lane_args args = { .n_lanes = nl, .n_frames = n_frames, .rise = rise,
					      .apex_frame = apex, .airtime = air, .flags = flags };
			for (int a = 0; a < JS_MAX_AXES; a++)
				args.axis[a] = ax[a];
			for (int k = 0; k < JS_N_BUTTONS; k++)
				args.input[k] = planes[k];
			m->lane[isa](&args);
			for (int l = 0; l < nl; l++) {
				js_acc ref;
				js_reference_run(m, axes + (b + (size_t)l) * (size_t)m->n_axes,
						 inputs + (b + (size_t)l) * (size_t)n_frames, n_frames, &ref);
				cr_assert_eq(rise[l], ref.rise, "%s %s lane %zu: rise %lld, reference %lld",
					     m->id, js_isa_name((js_isa)isa), b + (size_t)l, (long long)rise[l],
					     (long long)ref.rise);
				cr_assert_eq(apex[l], ref.apex_frame, "%s %s lane %zu: apex frame %d vs %d",
					     m->id, js_isa_name((js_isa)isa), b + (size_t)l, apex[l], ref.apex_frame);
				cr_assert_eq(air[l], ref.airtime, "%s %s lane %zu: airtime %d vs %d", m->id,
					     js_isa_name((js_isa)isa), b + (size_t)l, air[l], ref.airtime);
				cr_assert_eq(flags[l], ref.flags, "%s %s lane %zu: flags %#x vs %#x", m->id,
					     js_isa_name((js_isa)isa), b + (size_t)l, flags[l], ref.flags);
			}
		}
	}
	for (int a = 0; a < JS_MAX_AXES; a++)
		free(ax[a]);
	free(planes_mem);
	return paths;
}

#endif
