/* sweep/engine/run.c - running a grid: OpenMP over blocks of JS_BLOCK lanes.
 *
 * Each block is assembled (axis values and input bytes in SoA layout), stepped through all its
 * frames by the lane kernel (or lane by lane by the reference), and its results stored at the
 * block's own lane indices, so the output does not depend on the thread count or the schedule.
 * The last block is padded with copies of its last lane (they land when it lands, so the
 * kernel's early stop is not delayed; their results are not stored).
 *
 * Lanes run in "pattern-major" order: execution index e covers every start condition for one
 * hold (or sequence) before the next, so the lanes of a vector group share a jump pattern and
 * differ only in neighbouring start conditions.  Their airtimes are then close, and a group's
 * early stop wastes few steps; results are stored at each lane's grid index, so the output
 * layout does not change. */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

/* Grid index of execution index e (see above); na = lanes per pattern, np = patterns. */
static size_t exec_lane(size_t e, size_t na, size_t np)
{
	return (e % na) * np + e / na;
}

typedef struct block_buf {
	int32_t axis[JS_MAX_AXES][JS_BLOCK];
	int64_t rise[JS_BLOCK];
	int32_t apex[JS_BLOCK], air[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	uint32_t *planes[JS_N_BUTTONS]; /* [words][JS_BLOCK] each */
	uint8_t *column;  /* one lane's inputs, for the reference */
} block_buf;

static void run_block(const js_grid *g, const js_run_opts *o, block_buf *b, size_t first,
		      js_result *r)
{
	const js_model *m = g->model;
	size_t n = js_grid_lanes(g), np = (size_t)js_grid_pattern_len(g), na = n / np;
	int nl = (int)(n - first < JS_BLOCK ? n - first : JS_BLOCK);
	int nf = g->n_frames;
	size_t lanes[JS_BLOCK];
	for (int l = 0; l < JS_BLOCK; l++)
		lanes[l] = exec_lane(first + (size_t)(l < nl ? l : nl - 1), na, np);
	if (o->reference) {
		for (int l = 0; l < nl; l++) {
			int32_t ax[JS_MAX_AXES] = { 0 };
			js_grid_lane_axes(g, lanes[l], ax);
			js_grid_lane_input(g, lanes[l], b->column);
			js_acc acc;
			js_reference_run(m, ax, b->column, nf, &acc);
			b->rise[l] = acc.rise;
			b->apex[l] = acc.apex_frame;
			b->air[l] = acc.airtime;
			b->flags[l] = acc.flags;
		}
	} else {
		int32_t *axis[JS_MAX_AXES];
		for (int a = 0; a < JS_MAX_AXES; a++)
			axis[a] = b->axis[a];
		js_grid_block(g, lanes, axis, b->planes);
		js_lane_args args = { .n_lanes = nl, .n_frames = nf, .rise = b->rise,
				      .apex_frame = b->apex, .airtime = b->air, .flags = b->flags };
		for (int a = 0; a < JS_MAX_AXES; a++)
			args.axis[a] = b->axis[a];
		for (int k = 0; k < JS_N_BUTTONS; k++)
			args.input[k] = b->planes[k];
		m->lane[o->isa](&args);
	}
	for (int l = 0; l < nl; l++) {
		r->rise[lanes[l]] = b->rise[l];
		r->apex_frame[lanes[l]] = b->apex[l];
		r->airtime[lanes[l]] = b->air[l];
		r->flags[lanes[l]] = b->flags[l];
	}
}

/* Each thread's block buffer, kept between calls (a small grid is stepped in microseconds, and
 * allocating and zeroing its buffers every call cost as much as its lane kernel).  Planes of
 * buttons the model does not read are zeroed once per call; the rest are written per block. */
static _Thread_local struct {
	block_buf b;
	uint32_t *planes;
	size_t cap;   /* uint32_t words in planes */
	uint8_t *column;
	int column_cap;
} cache;

static block_buf *thread_buf(const js_grid *g)
{
	size_t words = (size_t)(g->n_frames + 31) / 32, need = words * JS_BLOCK * JS_N_BUTTONS;
	if (need > cache.cap) {
		free(cache.planes);
		cache.planes = calloc(need, sizeof *cache.planes);
		cache.cap = cache.planes ? need : 0;
	}
	if (g->n_frames > cache.column_cap) {
		free(cache.column);
		cache.column = malloc((size_t)g->n_frames);
		cache.column_cap = cache.column ? g->n_frames : 0;
	}
	if (!cache.planes || !cache.column) {
		fprintf(stderr, "jumpsweep: out of memory\n");
		exit(1);
	}
	block_buf *b = &cache.b;
	for (int k = 0; k < JS_N_BUTTONS; k++) {
		b->planes[k] = cache.planes + (size_t)k * words * JS_BLOCK;
		if (!((g->model->inputs >> k) & 1u))
			memset(b->planes[k], 0, words * JS_BLOCK * sizeof(uint32_t));
	}
	b->column = cache.column;
	return b;
}

/* The lanes of block k, for the progress count. */
static uint64_t block_lanes(size_t n, long k)
{
	size_t first = (size_t)k * JS_BLOCK;
	return (uint64_t)(n - first < JS_BLOCK ? n - first : JS_BLOCK);
}

void js_sweep_run(const js_grid *g, const js_run_opts *o, js_result *r)
{
	size_t n = js_grid_lanes(g);
	long n_blocks = (long)((n + JS_BLOCK - 1) / JS_BLOCK);
	int threads = o->threads > 0 ? o->threads : omp_get_max_threads();
	/* the caller's progress line (map: one over every model), else our own */
	js_progress own, *pr = o->meter;
	if (!pr && o->progress != JS_PROGRESS_OFF) {
		char what[96];
		snprintf(what, sizeof what, "sweep %s", o->label ? o->label : g->model->id);
		js_progress_start(&own, what, "lanes", (uint64_t)n, o->progress);
		pr = &own;
	}

	if (threads == 1 || n_blocks == 1) { /* no parallel region for one thread's work */
		block_buf *b = thread_buf(g);
		for (long k = 0; k < n_blocks; k++) {
			run_block(g, o, b, (size_t)k * JS_BLOCK, r);
			if (pr)
				js_progress_step(pr, block_lanes(n, k));
		}
	} else {
#pragma omp parallel num_threads(threads)
		{
			block_buf *b = thread_buf(g);
#pragma omp for schedule(dynamic, 4)
			for (long k = 0; k < n_blocks; k++) {
				run_block(g, o, b, (size_t)k * JS_BLOCK, r);
				if (pr)
					js_progress_step(pr, block_lanes(n, k));
			}
		}
	}
	if (pr == &own)
		js_progress_end(&own);
}
