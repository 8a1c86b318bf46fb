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
 * layout does not change.
 *
 * js_sweep_run fills the caller's result arrays for the whole grid; js_sweep_run_stream (below)
 * runs a window at a time and hands each to a sink in grid order, in bounded memory. */

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

/* The grid index of execution index e (see above) is (e % na) * np + e / na, na = lanes per
 * pattern, np = patterns: a js_block with rows na and cols np (sweep.h). */

typedef struct block_buf {
	int32_t axis[JS_MAX_AXES][JS_BLOCK];
	int64_t rise[JS_BLOCK];
	int32_t apex[JS_BLOCK], air[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	uint32_t *planes[JS_N_BUTTONS]; /* [words][JS_BLOCK] each */
	/* For the reference: the input bytes of a lane with input-axis buttons x (JS_IN_* bits),
	 * column[x], written for pattern column_pattern[x] (-1: none yet). */
	uint8_t *column[1u << JS_N_BUTTONS];
	int32_t column_pattern[1u << JS_N_BUTTONS];
} block_buf;

/* Steps lanes[0..nl-1] (lanes[nl..JS_BLOCK-1] repeat the last one) into b's result arrays. */
static void step_block(const js_grid *g, const js_run_opts *o, block_buf *b, const js_block *blk,
		       const size_t *lanes)
{
	int nl = blk->n;
	const js_model *m = g->model;
	int nf = g->n_frames;
	if (o->reference) {
		/* Lane by lane; pattern-major lanes share their inputs, so a column is written only
		 * when a lane's pattern differs from the last lane's with the same input-axis buttons
		 * (a column per buttons: celeste's down=off:on alternates lane by lane). */
		int32_t *axis[JS_MAX_AXES], pattern[JS_BLOCK];
		uint32_t extra[JS_BLOCK];
		for (int a = 0; a < JS_MAX_AXES; a++)
			axis[a] = b->axis[a];
		js_grid_block_axes(g, blk, lanes, nl, axis, pattern, extra);
		for (int l = 0; l < nl; l++) {
			uint8_t *column = b->column[extra[l]];
			if (pattern[l] != b->column_pattern[extra[l]]) {
				js_grid_pattern_input(g, (size_t)pattern[l], extra[l], column);
				b->column_pattern[extra[l]] = pattern[l];
			}
			int32_t ax[JS_MAX_AXES];
			for (int a = 0; a < JS_MAX_AXES; a++)
				ax[a] = b->axis[a][l];
			js_acc acc;
			js_reference_run(m, ax, column, nf, &acc);
			b->rise[l] = acc.rise;
			b->apex[l] = acc.apex_frame;
			b->air[l] = acc.airtime;
			b->flags[l] = acc.flags;
		}
	} else {
		int32_t *axis[JS_MAX_AXES];
		for (int a = 0; a < JS_MAX_AXES; a++)
			axis[a] = b->axis[a];
		js_grid_block(g, blk, lanes, axis, b->planes);
		js_lane_args args = { .n_lanes = nl, .n_frames = nf, .rise = b->rise,
				      .apex_frame = b->apex, .airtime = b->air, .flags = b->flags };
		for (int a = 0; a < JS_MAX_AXES; a++)
			args.axis[a] = b->axis[a];
		for (int k = 0; k < JS_N_BUTTONS; k++)
			args.input[k] = b->planes[k];
		m->lane[o->isa](&args);
	}
}

/* b's results of lanes[0..nl-1] into r at lanes[l] - base. */
static void store_block(const block_buf *b, const size_t *lanes, int nl, size_t base, js_result *r)
{
	for (int l = 0; l < nl; l++) {
		size_t i = lanes[l] - base;
		r->rise[i] = b->rise[l];
		r->apex_frame[i] = b->apex[l];
		r->airtime[i] = b->air[l];
		r->flags[i] = b->flags[l];
	}
}

static void run_block(const js_grid *g, const js_run_opts *o, block_buf *b, size_t first,
		      const js_rowtab *tab, js_result *r)
{
	size_t n = js_grid_lanes(g), np = (size_t)js_grid_pattern_len(g), na = n / np;
	int nl = (int)(n - first < JS_BLOCK ? n - first : JS_BLOCK);
	js_block blk = { .base = 0, .rows = na, .cols = np, .e0 = first, .n = nl, .tab = tab };
	size_t lanes[JS_BLOCK];
	js_block_lanes(&blk, lanes);
	step_block(g, o, b, &blk, lanes);
	store_block(b, lanes, nl, 0, r);
}

/* Each thread's block buffer, kept between calls (a small grid is stepped in microseconds, and
 * allocating and zeroing its buffers every call cost as much as its lane kernel).  Planes of
 * buttons the model does not read are zeroed once per call; the rest are written per block. */
static _Thread_local struct {
	block_buf b;
	uint32_t *planes;
	size_t cap;   /* uint32_t words in planes */
	uint8_t *columns; /* 1 << JS_N_BUTTONS columns of column_cap bytes */
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
		free(cache.columns);
		cache.columns = malloc(((size_t)1 << JS_N_BUTTONS) * (size_t)g->n_frames);
		cache.column_cap = cache.columns ? g->n_frames : 0;
	}
	if (!cache.planes || !cache.columns) {
		fprintf(stderr, "jumpsweep: out of memory\n");
		exit(1);
	}
	block_buf *b = &cache.b;
	for (int k = 0; k < JS_N_BUTTONS; k++) {
		b->planes[k] = cache.planes + (size_t)k * words * JS_BLOCK;
		if (!((g->model->inputs >> k) & 1u))
			memset(b->planes[k], 0, words * JS_BLOCK * sizeof(uint32_t));
	}
	for (unsigned x = 0; x < 1u << JS_N_BUTTONS; x++) {
		b->column[x] = cache.columns + (size_t)x * (size_t)cache.column_cap;
		b->column_pattern[x] = -1; /* a new grid: its columns are not written yet */
	}
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
	/* Blocks go to threads 4 at a time (schedule(dynamic, 4) below): threads past one per 4
	 * blocks would get none and only cost their start (a default grid of 2 blocks ran 2-3x
	 * slower on 2 threads than on 1) */
	if ((long)threads > (n_blocks + 3) / 4)
		threads = n_blocks > 0 ? (int)((n_blocks + 3) / 4) : 1;
	/* the caller's progress line (map: one over every model), else our own */
	js_progress own, *pr = o->meter;
	if (!pr && o->progress != JS_PROGRESS_OFF) {
		char what[96];
		snprintf(what, sizeof what, "sweep %s", o->label ? o->label : g->model->id);
		js_progress_start(&own, what, "lanes", (uint64_t)n, o->progress);
		pr = &own;
	}

	/* The blocks' start conditions decoded once for all of them (none past
	 * JS_ROWTAB_MAX: per lane), in the calling thread's table, kept between calls like the block
	 * buffers (the threads only read it). */
	static _Thread_local js_rowtab rt;
	size_t np = (size_t)js_grid_pattern_len(g);
	const js_rowtab *tab = NULL;
	if (n_blocks > 1 && js_rowtab_build(&rt, g, 0, n / np, np) == 0)
		tab = &rt;

	if (threads == 1 || n_blocks == 1) { /* no parallel region for one thread's work */
		block_buf *b = thread_buf(g);
		for (long k = 0; k < n_blocks; k++) {
			run_block(g, o, b, (size_t)k * JS_BLOCK, tab, r);
			if (pr)
				js_progress_step(pr, block_lanes(n, k));
		}
	} else {
#pragma omp parallel num_threads(threads)
		{
			block_buf *b = thread_buf(g);
#pragma omp for schedule(dynamic, 4)
			for (long k = 0; k < n_blocks; k++) {
				run_block(g, o, b, (size_t)k * JS_BLOCK, tab, r);
				if (pr)
					js_progress_step(pr, block_lanes(n, k));
			}
		}
	}
	if (pr == &own)
		js_progress_end(&own);
}

/* ---- streaming: a window of the grid at a time (js_sweep_run_stream) ----
 *
 * The grid is cut, in grid order, into windows of whole pieces (the sink's unit: an HDF5 chunk)
 * of about JS_STREAM_WINDOW lanes.  Threads take blocks of the oldest window that still has
 * blocks; each window has a slot in a ring of result buffers, and when the window that is next
 * in grid order is complete, the thread that completed it hands it to the sink (and then any
 * following windows that completed meanwhile), while the other threads go on with the next
 * windows.  A thread waits only when every slot of the ring holds a window not yet written, so
 * memory is the ring (threads x 2 + 2 windows, at most JS_STREAM_RING_MAX; a window is below
 * JS_STREAM_WINDOW + one piece lanes of 20 bytes: 2.6 MB with HDF5's 65,536-lane chunks)
 * whatever the grid size.  One thread at a time is in the sink (HDF5 filters and writes each
 * chunk there): with many threads the sink is the bound, not the ring.
 *
 * Inside a window the lanes run pattern-major as above (a window of whole pattern rows: R rows
 * of np patterns), else in grid order; the results do not depend on the order. */

#define JS_STREAM_RING_MAX 64

typedef struct stream_slot {
	js_result r;        /* results of the window's lanes, from its first lane */
	size_t first, n;    /* lanes first..first+n-1 */
	size_t rows, cols;  /* execution order: e -> first + (e % rows) * cols + e / rows */
	size_t done;        /* lanes stored */
	long w;             /* window index */
	js_rowtab tab;      /* its rows decoded, when pattern-major */
} stream_slot;

typedef struct stream {
	const js_grid *g;
	const js_run_opts *o;
	js_sweep_sink sink;
	void *ctx;
	js_progress *pr;
	size_t n, np, row, piece, target;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	stream_slot *slot;
	int ring;
	size_t next_lane;   /* first lane of the next window to form */
	long formed;        /* windows formed (dispatch window = formed - 1) */
	size_t next_e;      /* next execution index of the dispatch window */
	long written;       /* windows handed to the sink */
	int writing;        /* a thread is in the sink */
	int failed;
	char *err;
	size_t errn;
} stream;

/* Forms the next window at s->next_lane: whole pieces of rows, at least target lanes or to the
 * end of the grid. */
static void form_window(stream *s)
{
	stream_slot *sl = &s->slot[s->formed % s->ring];
	size_t first = s->next_lane, end = first;
	while (end < s->n && end - first < s->target) {
		size_t in_row = end % s->row, left = s->row - in_row;
		end += left < s->piece ? left : s->piece;
	}
	sl->first = first;
	sl->n = end - first;
	sl->r.n = sl->n;
	if (first % s->np == 0 && sl->n % s->np == 0) {
		sl->rows = sl->n / s->np;
		sl->cols = s->np;
	} else {
		sl->rows = 1;
		sl->cols = sl->n;
	}
	js_rowtab_build(&sl->tab, s->g, sl->first, sl->rows, sl->cols); /* else rows 0: per lane */
	sl->done = 0;
	sl->w = s->formed;
	s->formed++;
	s->next_lane = end;
	s->next_e = 0;
}

/* With the lock held: hands every complete window, in order, to the sink. */
static void write_ready(stream *s)
{
	s->writing = 1;
	while (!s->failed && s->written < s->formed) {
		stream_slot *sl = &s->slot[s->written % s->ring];
		if (sl->done < sl->n)
			break;
		pthread_mutex_unlock(&s->mu);
		int rc = s->sink(s->ctx, sl->first, &sl->r, s->err, s->errn);
		pthread_mutex_lock(&s->mu);
		if (rc != 0) {
			s->failed = 1;
			if (s->err && s->errn && !s->err[0])
				snprintf(s->err, s->errn, "writing lanes %zu..%zu failed", sl->first,
					 sl->first + sl->n - 1);
		} else {
			s->written++;
		}
		pthread_cond_broadcast(&s->cv);
	}
	s->writing = 0;
}

static void stream_worker(stream *s)
{
	block_buf *b = thread_buf(s->g);
	size_t lanes[JS_BLOCK];
	pthread_mutex_lock(&s->mu);
	for (;;) {
		if (s->failed)
			break;
		stream_slot *sl = s->formed > 0 ? &s->slot[(s->formed - 1) % s->ring] : NULL;
		if (!sl || s->next_e >= sl->n) { /* the dispatch window is handed out */
			if (s->next_lane >= s->n)
				break; /* every block is taken: the last windows' threads write them */
			if (s->formed - s->written >= s->ring) {
				pthread_cond_wait(&s->cv, &s->mu); /* every slot awaits the sink */
				continue;
			}
			form_window(s);
			continue;
		}
		size_t e0 = s->next_e;
		int nl = (int)(sl->n - e0 < JS_BLOCK ? sl->n - e0 : JS_BLOCK);
		s->next_e += (size_t)nl;
		pthread_mutex_unlock(&s->mu);

		js_block blk = { .base = sl->first, .rows = sl->rows, .cols = sl->cols, .e0 = e0,
				 .n = nl, .tab = &sl->tab };
		js_block_lanes(&blk, lanes);
		step_block(s->g, s->o, b, &blk, lanes);
		store_block(b, lanes, nl, sl->first, &sl->r);
		if (s->pr)
			js_progress_step(s->pr, (uint64_t)nl);

		pthread_mutex_lock(&s->mu);
		sl->done += (size_t)nl;
		if (sl->done == sl->n && sl->w == s->written && !s->writing)
			write_ready(s);
	}
	pthread_mutex_unlock(&s->mu);
}

int js_sweep_run_stream(const js_grid *g, const js_run_opts *o, const js_stream_cut *cut,
			js_sweep_sink sink, void *ctx, char *err, size_t errn)
{
	if (err && errn)
		err[0] = 0;
	size_t n = js_grid_lanes(g), np = (size_t)js_grid_pattern_len(g);
	if (n == 0 || np == 0 || !sink) {
		if (err && errn)
			snprintf(err, errn, "%s: empty grid, nothing to run", g->model->id);
		return -1;
	}
	stream s = { .g = g, .o = o, .sink = sink, .ctx = ctx, .n = n, .np = np, .err = err,
		     .errn = errn };
	s.target = cut && cut->window ? cut->window : JS_STREAM_WINDOW;
	s.row = cut && cut->row ? cut->row : n;
	s.piece = cut && cut->piece ? cut->piece : s.target < s.row ? s.target : s.row;
	if (n % s.row != 0) {
		if (err && errn)
			snprintf(err, errn, "%s: a cut into %zu-lane rows does not fit a grid of %zu "
				 "lanes", g->model->id, s.row, n);
		return -1;
	}
	if (s.piece > s.row)
		s.piece = s.row;
	/* a share of the grid (an MPI rank's): lanes begin..end-1, from a piece's start */
	size_t begin = cut ? cut->begin : 0, end = cut && cut->end ? cut->end : n;
	if (begin == end && end == n) /* an empty share (more ranks than chunks) */
		return 0;
	if (begin >= end || end > n || (begin % s.row) % s.piece != 0) {
		if (err && errn)
			snprintf(err, errn, "%s: lanes %zu..%zu are no share of a grid of %zu lanes",
				 g->model->id, begin, end, n);
		return -1;
	}
	s.n = end;
	s.next_lane = begin;
	size_t span = end - begin;
	int threads = o->threads > 0 ? o->threads : omp_get_max_threads();
	size_t wmax = s.target - 1 + s.piece; /* the most lanes a window holds */
	if (wmax > span)
		wmax = span;
	size_t n_blocks = (span + JS_BLOCK - 1) / JS_BLOCK;
	if ((size_t)threads > n_blocks)
		threads = (int)n_blocks;
	s.ring = 2 * threads + 2 < JS_STREAM_RING_MAX ? 2 * threads + 2 : JS_STREAM_RING_MAX;
	if ((size_t)s.ring > (span + s.target - 1) / s.target + 1)
		s.ring = (int)((span + s.target - 1) / s.target + 1);
	s.slot = calloc((size_t)s.ring, sizeof *s.slot);
	int rc = -1;
	if (!s.slot)
		goto oom;
	for (int i = 0; i < s.ring; i++)
		if (js_result_alloc(&s.slot[i].r, wmax) != 0)
			goto oom;
	pthread_mutex_init(&s.mu, NULL);
	pthread_cond_init(&s.cv, NULL);

	js_progress own;
	s.pr = o->meter;
	if (!s.pr && o->progress != JS_PROGRESS_OFF) {
		char what[96];
		snprintf(what, sizeof what, "sweep %s", o->label ? o->label : g->model->id);
		js_progress_start(&own, what, "lanes", (uint64_t)span, o->progress);
		s.pr = &own;
	}
	if (threads == 1) {
		stream_worker(&s);
	} else {
#pragma omp parallel num_threads(threads)
		stream_worker(&s);
	}
	if (s.pr == &own)
		js_progress_end(&own);
	pthread_cond_destroy(&s.cv);
	pthread_mutex_destroy(&s.mu);
	if (!s.failed && s.written == s.formed && s.next_lane == end)
		rc = 0;
	else if (!s.failed && err && errn)
		snprintf(err, errn, "%s: the run stopped after %ld windows", g->model->id, s.written);
	goto out;
oom:
	if (err && errn)
		snprintf(err, errn, "out of memory for the result windows of %s", g->model->id);
out:
	if (s.slot)
		for (int i = 0; i < s.ring; i++) {
			js_result_free(&s.slot[i].r);
			js_rowtab_free(&s.slot[i].tab);
		}
	free(s.slot);
	return rc;
}
