/* sweep/engine/plan.c - grids: axes x jump pattern -> lanes. */
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

void js_grid_default(js_grid *g, const js_model *m)
{
	memset(g, 0, sizeof *g);
	g->model = m;
	for (int a = 0; a < m->n_axes; a++) {
		g->lo[a] = m->axes[a].def_lo;
		g->hi[a] = m->axes[a].def_hi;
	}
	g->pattern = JS_PATTERN_HOLD;
	g->hold_lo = 0;
	g->hold_hi = m->default_hold;
	g->n_frames = m->default_frames;
}

void js_grid_free_seqs(js_grid *g)
{
	for (int i = 0; i < g->n_seq; i++) {
		free(g->seq[i]);
		free(g->seq_text[i]);
	}
	free(g->seq);
	free(g->seq_text);
	free(g->seq_len);
	g->seq = NULL;
	g->seq_text = NULL;
	g->seq_len = NULL;
	g->n_seq = 0;
}

int js_grid_axis_len(const js_grid *g, int a)
{
	return (int)(g->hi[a] - g->lo[a] + 1);
}

int js_grid_pattern_len(const js_grid *g)
{
	return g->pattern == JS_PATTERN_HOLD ? g->hold_hi - g->hold_lo + 1 : g->n_seq;
}

size_t js_grid_lanes(const js_grid *g)
{
	size_t n = (size_t)js_grid_pattern_len(g);
	for (int a = 0; a < g->model->n_axes; a++)
		n *= (size_t)js_grid_axis_len(g, a);
	return n;
}

size_t js_grid_starts(const js_grid *g)
{
	size_t n = 1;
	for (int a = 0; a < g->model->n_axes; a++)
		if (!g->model->axes[a].input_bit)
			n *= (size_t)js_grid_axis_len(g, a);
	return n;
}

void js_grid_start_axes(const js_grid *g, size_t i, int32_t *axis_values)
{
	for (int a = g->model->n_axes - 1; a >= 0; a--) {
		axis_values[a] = 0;
		if (g->model->axes[a].input_bit)
			continue;
		size_t len = (size_t)js_grid_axis_len(g, a);
		axis_values[a] = g->lo[a] + (int32_t)(i % len);
		i /= len;
	}
}

/* Lane i in C order over (axis 0, ..., axis n-1, pattern). */
static size_t lane_pattern(const js_grid *g, size_t i, int32_t *axis_values)
{
	size_t np = (size_t)js_grid_pattern_len(g);
	size_t p = i % np;
	i /= np;
	for (int a = g->model->n_axes - 1; a >= 0; a--) {
		size_t len = (size_t)js_grid_axis_len(g, a);
		if (axis_values)
			axis_values[a] = g->lo[a] + (int32_t)(i % len);
		i /= len;
	}
	return p;
}

void js_grid_lane_axes(const js_grid *g, size_t i, int32_t *axis_values)
{
	lane_pattern(g, i, axis_values);
}

void js_grid_lane_input(const js_grid *g, size_t i, uint8_t *input)
{
	int32_t ax[JS_MAX_AXES];
	size_t p = lane_pattern(g, i, ax);
	unsigned extra = 0;
	for (int a = 0; a < g->model->n_axes; a++)
		if (g->model->axes[a].input_bit && ax[a])
			extra |= g->model->axes[a].input_bit;
	js_grid_pattern_input(g, p, extra, input);
}

void js_grid_pattern_input(const js_grid *g, size_t p, unsigned extra, uint8_t *input)
{
	if (g->pattern == JS_PATTERN_HOLD) {
		int h = g->hold_lo + (int)p;
		for (int f = 0; f < g->n_frames; f++)
			input[f] = (uint8_t)((f < h ? JS_IN_JUMP : 0) | extra);
	} else {
		const uint8_t *s = g->seq[p];
		int len = g->seq_len[p];
		for (int f = 0; f < g->n_frames; f++)
			input[f] = (uint8_t)((f < len ? s[f] : 0) | extra);
	}
}

void js_pack_planes(const uint8_t *input, int n_frames, uint32_t *const planes[JS_N_BUTTONS], int l)
{
	int words = (n_frames + 31) >> 5;
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		for (int w = 0; w < words; w++) {
			uint32_t x = 0;
			for (int k = 0; k < 32 && w * 32 + k < n_frames; k++)
				x |= (uint32_t)((input[w * 32 + k] >> b) & 1u) << k;
			planes[b][w * JS_BLOCK + l] = x;
		}
	}
}

/* The first n bits set (none for n <= 0, all for n >= 32), without a branch. */
static inline uint32_t low_bits(long n)
{
	uint32_t full = (uint32_t)0 - (uint32_t)(n >= 32);
	uint32_t part = ((1u << (n & 31)) - 1u) & ((uint32_t)0 - (uint32_t)(n > 0));
	return full | part;
}

void js_grid_block_axes(const js_grid *g, const size_t *lanes, int n,
			int32_t *const axis[JS_MAX_AXES], int32_t *pattern, uint32_t *extra)
{
	const js_model *m = g->model;
	size_t np = (size_t)js_grid_pattern_len(g);
	int32_t ax[JS_MAX_AXES] = { 0 };
	size_t p = 0;
	for (int l = 0; l < n; l++) {
		/* Lanes run pattern-major (sweep/engine/run.c): the next lane is usually the next start
		 * condition with the same pattern, grid index + np: step the axis odometer instead
		 * of dividing. */
		if (l > 0 && lanes[l] == lanes[l - 1] + np) {
			for (int a = m->n_axes - 1; a >= 0; a--) {
				if (++ax[a] <= g->hi[a])
					break;
				ax[a] = g->lo[a];
			}
		} else if (l == 0 || lanes[l] != lanes[l - 1]) {
			for (int a = 0; a < JS_MAX_AXES; a++)
				ax[a] = 0;
			p = lane_pattern(g, lanes[l], ax);
		}
		unsigned x = 0;
		for (int a = 0; a < JS_MAX_AXES; a++) {
			axis[a][l] = ax[a];
			if (a < m->n_axes && m->axes[a].input_bit && ax[a])
				x |= m->axes[a].input_bit;
		}
		extra[l] = x;
		pattern[l] = (int32_t)p;
	}
}

void js_grid_block(const js_grid *g, const size_t *lanes, int32_t *const axis[JS_MAX_AXES],
		   uint32_t *const planes[JS_N_BUTTONS])
{
	const js_model *m = g->model;
	int words = (g->n_frames + 31) >> 5;
	int32_t pattern[JS_BLOCK], hold[JS_BLOCK];
	uint32_t extra[JS_BLOCK];
	js_grid_block_axes(g, lanes, JS_BLOCK, axis, pattern, extra);
	for (int l = 0; l < JS_BLOCK; l++) {
		hold[l] = g->hold_lo + pattern[l];
		if (g->pattern != JS_PATTERN_HOLD) {
			uint8_t input[JS_MAX_FRAMES];
			js_grid_pattern_input(g, (size_t)pattern[l], extra[l], input);
			js_pack_planes(input, g->n_frames, planes, l);
		}
	}
	if (g->pattern != JS_PATTERN_HOLD)
		return;
	/* Holds: jump on frames 0..h-1, input axes' buttons on every frame; only the buttons the
	 * model reads are written.  Word by word over the block's lanes (contiguous stores). */
	int32_t hmax = 0;
	for (int l = 0; l < JS_BLOCK; l++)
		hmax = hold[l] > hmax ? hold[l] : hmax;
	int hold_words = (hmax + 31) >> 5; /* words that can hold a jump bit */
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		if (!((m->inputs >> b) & 1u))
			continue;
		uint32_t all[JS_BLOCK];
		for (int l = 0; l < JS_BLOCK; l++)
			all[l] = (uint32_t)0 - ((extra[l] >> b) & 1u);
		for (int w = 0; w < words; w++) {
			uint32_t *row = planes[b] + (size_t)w * JS_BLOCK;
			if (b == 0 && w < hold_words)
				for (int l = 0; l < JS_BLOCK; l++)
					row[l] = all[l] | low_bits((long)hold[l] - 32L * w);
			else
				memcpy(row, all, sizeof all);
		}
	}
}

int js_result_alloc(js_result *r, size_t n)
{
	memset(r, 0, sizeof *r);
	r->n = n;
	r->rise = calloc(n ? n : 1, sizeof *r->rise);
	r->apex_frame = calloc(n ? n : 1, sizeof *r->apex_frame);
	r->airtime = calloc(n ? n : 1, sizeof *r->airtime);
	r->flags = calloc(n ? n : 1, sizeof *r->flags);
	if (!r->rise || !r->apex_frame || !r->airtime || !r->flags) {
		js_result_free(r);
		return -1;
	}
	return 0;
}

void js_result_free(js_result *r)
{
	free(r->rise);
	free(r->apex_frame);
	free(r->airtime);
	free(r->flags);
	memset(r, 0, sizeof *r);
}
