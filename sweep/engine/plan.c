/* sweep/engine/plan.c - grids: axes x jump pattern -> lanes. */
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

/* The block assembly runs once per block of every sweep: on x86-64 GCC builds it in copies for
 * AVX-512 and AVX2 beside the baseline one, picked once at load time (an ifunc; the same integer
 * results on each), so its copies and fills are vector stores 16 or 8 lanes wide. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
#define JS_BLOCK_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define JS_BLOCK_CLONES
#endif

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

int js_rowtab_build(js_rowtab *t, const js_grid *g, size_t base, size_t rows, size_t cols)
{
	const int na = g->model->n_axes;
	const size_t np = (size_t)js_grid_pattern_len(g);
	if (rows == 0 || rows > JS_ROWTAB_MAX || cols != np || base % np != 0) {
		t->rows = 0;
		return -1;
	}
	int same = t->rows == rows && t->model == g->model && t->base == base && t->cols == cols &&
		   t->np == np;
	for (int a = 0; a < na && same; a++)
		same = t->lo[a] == g->lo[a] && t->hi[a] == g->hi[a];
	if (same)
		return 0;
	t->rows = 0;
	/* one allocation: lane[need], then axis[a][need] for the model's axes, extra, step */
	size_t need = rows + JS_BLOCK;
	size_t bytes = need * (sizeof(size_t) + (size_t)(na + 2) * sizeof(int32_t));
	if (bytes > t->cap) {
		void *mem = malloc(bytes);
		if (!mem)
			return -1;
		free(t->mem);
		t->mem = mem;
		t->cap = bytes;
	}
	t->lane = t->mem;
	int32_t *at = (int32_t *)(t->lane + need);
	for (int a = 0; a < JS_MAX_AXES; a++)
		t->axis[a] = a < na ? at + (size_t)a * need : NULL;
	t->extra = (uint32_t *)(at + (size_t)na * need);
	t->step = at + (size_t)(na + 1) * need;
	int32_t ax[JS_MAX_AXES] = { 0 };
	js_grid_lane_axes(g, base, ax); /* row 0; then the next start condition by an odometer */
	for (size_t i = 0; i < rows; i++) {
		if (i > 0)
			for (int a = na - 1; a >= 0; a--) {
				if (++ax[a] <= g->hi[a])
					break;
				ax[a] = g->lo[a];
			}
		uint32_t x = 0;
		for (int a = 0; a < na; a++) {
			t->axis[a][i] = ax[a];
			x |= ax[a] ? g->model->axes[a].input_bit : 0u;
		}
		t->extra[i] = x;
	}
	for (size_t i = 0, r = 0, q = 0; i < need; i++) { /* r = i % rows, q = i / rows */
		if (i >= rows) {
			for (int a = 0; a < na; a++)
				t->axis[a][i] = t->axis[a][r];
			t->extra[i] = t->extra[r];
		}
		t->step[i] = (int32_t)q;
		t->lane[i] = r * cols + q;
		if (++r == rows) {
			r = 0;
			q++;
		}
	}
	t->rows = rows;
	t->model = g->model;
	t->base = base;
	t->cols = cols;
	t->np = np;
	for (int a = 0; a < na; a++) {
		t->lo[a] = g->lo[a];
		t->hi[a] = g->hi[a];
	}
	return 0;
}

void js_rowtab_free(js_rowtab *t)
{
	free(t->mem);
	memset(t, 0, sizeof *t);
}

JS_BLOCK_CLONES void js_block_lanes(const js_block *b, size_t lanes[JS_BLOCK])
{
	const int bn = b->n;
	if (b->tab && b->tab->rows == b->rows) { /* copies from the table: vector adds */
		const size_t *lane = b->tab->lane + b->e0 % b->rows, at = b->base + b->e0 / b->rows;
		for (int l = 0; l < bn; l++)
			lanes[l] = at + lane[l];
		for (int l = bn; l < JS_BLOCK; l++)
			lanes[l] = lanes[bn - 1];
		return;
	}
	/* e0 + l by stepping the quotient and remainder, without a division or a branch */
	const size_t rows = b->rows, cols = b->cols;
	size_t q = b->e0 / rows, r = b->e0 % rows, at = b->base + r * cols + q;
	for (int l = 0; l < b->n; l++) {
		lanes[l] = at;
		size_t r1 = r + 1;
		int wrap = r1 == rows;
		r = wrap ? 0 : r1;
		q += (size_t)wrap;
		at = wrap ? b->base + q : at + cols;
	}
	for (int l = b->n; l < JS_BLOCK; l++)
		lanes[l] = lanes[b->n - 1];
}

/* Lanes without a table (js_rowtab_build's limits, grid-order windows): lane by lane, an
 * odometer over the axes where the next lane is the next start condition (grid index + np), else
 * decoded by dividing. */
static void axes_any(const js_grid *g, const size_t *lanes, int n, int32_t *const out[JS_MAX_AXES],
		     int32_t *pattern, uint32_t *extra)
{
	const js_model *m = g->model;
	const int na = m->n_axes;
	const size_t np = (size_t)js_grid_pattern_len(g);
	int32_t ax[JS_MAX_AXES] = { 0 }, p = 0;
	for (int l = 0; l < n; l++) {
		if (l > 0 && lanes[l] == lanes[l - 1] + np) {
			for (int a = na - 1; a >= 0; a--) {
				if (++ax[a] <= g->hi[a])
					break;
				ax[a] = g->lo[a];
			}
		} else if (l == 0 || lanes[l] != lanes[l - 1]) {
			p = (int32_t)lane_pattern(g, lanes[l], ax);
		}
		uint32_t x = 0;
		for (int a = 0; a < na; a++) {
			out[a][l] = ax[a];
			x |= ax[a] ? m->axes[a].input_bit : 0u;
		}
		extra[l] = x;
		pattern[l] = p;
	}
}

/* Slots b->n..n-1: copies of the last lane. */
static void pad_block(const js_block *b, int n, int na, int32_t *const out[JS_MAX_AXES],
		      int32_t *pattern, uint32_t *extra)
{
	const int last = b->n - 1;
	for (int l = last + 1; l < n; l++) {
		for (int a = 0; a < na; a++)
			out[a][l] = out[a][last];
		extra[l] = extra[last];
		pattern[l] = pattern[last];
	}
}

JS_BLOCK_CLONES void js_grid_block_axes(const js_grid *g, const js_block *b, const size_t *lanes, int n,
			int32_t *const axis[JS_MAX_AXES], int32_t *pattern, uint32_t *extra)
{
	const int na = g->model->n_axes;
	int32_t *out[JS_MAX_AXES];
	for (int a = 0; a < JS_MAX_AXES; a++)
		out[a] = axis[a];
	if (b->tab && b->tab->rows == b->rows) {
		/* copies (the count in a local: the stores are int32_t like b->n) */
		const int bn = b->n;
		const size_t r0 = b->e0 % b->rows;
		const int32_t p0 = (int32_t)(b->e0 / b->rows), *step = b->tab->step + r0;
		const uint32_t *x = b->tab->extra + r0;
		for (int a = 0; a < na; a++)
			memcpy(out[a], b->tab->axis[a] + r0, (size_t)bn * sizeof(int32_t));
		memcpy(extra, x, (size_t)bn * sizeof *extra);
		for (int l = 0; l < bn; l++)
			pattern[l] = p0 + step[l];
		pad_block(b, n, na, out, pattern, extra);
	} else {
		axes_any(g, lanes, n, out, pattern, extra);
	}
	/* the axes the model lacks read as 0; a whole block's in stores of known size (a memset of
	 * unknown size was rep stos, a quarter of the block assembly's time for a one-axis model) */
	for (int a = na; a < JS_MAX_AXES; a++)
		if (n == JS_BLOCK)
			for (int l = 0; l < JS_BLOCK; l++)
				out[a][l] = 0;
		else
			memset(out[a], 0, (size_t)n * sizeof *out[a]);
}

/* low_bits[k]: the low k bits set. */
static const uint32_t low_bits[32] = {
	0x0, 0x1, 0x3, 0x7, 0xf, 0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff, 0x1fff, 0x3fff,
	0x7fff, 0xffff, 0x1ffff, 0x3ffff, 0x7ffff, 0xfffff, 0x1fffff, 0x3fffff, 0x7fffff, 0xffffff,
	0x1ffffff, 0x3ffffff, 0x7ffffff, 0xfffffff, 0x1fffffff, 0x3fffffff, 0x7fffffff,
};

JS_BLOCK_CLONES void js_grid_block(const js_grid *g, const js_block *blk, const size_t *lanes,
		   int32_t *const axis[JS_MAX_AXES], uint32_t *const planes[JS_N_BUTTONS])
{
	const js_model *m = g->model;
	const int words = (g->n_frames + 31) >> 5;
	int32_t pattern[JS_BLOCK];
	uint32_t extra[JS_BLOCK];
	js_grid_block_axes(g, blk, lanes, JS_BLOCK, axis, pattern, extra);
	if (g->pattern != JS_PATTERN_HOLD) {
		for (int l = 0; l < JS_BLOCK; l++) {
			uint8_t input[JS_MAX_FRAMES];
			js_grid_pattern_input(g, (size_t)pattern[l], extra[l], input);
			js_pack_planes(input, g->n_frames, planes, l);
		}
		return;
	}
	/* Holds: jump on frames 0..h-1, input axes' buttons on every frame; only the buttons the
	 * model reads are written, a row (one word of every lane) at a time: contiguous stores.
	 * A jump word w of a lane holding h frames is all ones below word h / 32, the low h % 32
	 * bits at it, none above; hold_words bounds the words any lane's jump reaches. */
	const int32_t hold_lo = g->hold_lo;
	int32_t full[JS_BLOCK], hmax = 0;
	uint32_t part[JS_BLOCK];
	for (int l = 0; l < JS_BLOCK; l++) {
		int32_t h = hold_lo + pattern[l];
		full[l] = h >> 5;
		hmax = h > hmax ? h : hmax;
	}
	for (int l = 0; l < JS_BLOCK; l++) /* a load, not a shift by a lane's count */
		part[l] = low_bits[(hold_lo + pattern[l]) & 31];
	const int hold_words = (hmax + 31) >> 5;
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		if (!((m->inputs >> b) & 1u))
			continue;
		uint32_t all[JS_BLOCK];
		for (int l = 0; l < JS_BLOCK; l++)
			all[l] = (uint32_t)0 - ((extra[l] >> b) & 1u);
		uint32_t *row = planes[b];
		int w = 0;
		if (b == 0)
			for (; w < hold_words && w < words; w++, row += JS_BLOCK)
				for (int l = 0; l < JS_BLOCK; l++)
					row[l] = all[l] | (w < full[l] ? ~0u : w == full[l] ? part[l] : 0u);
		for (; w < words; w++, row += JS_BLOCK)
			memcpy(row, all, sizeof all);
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
