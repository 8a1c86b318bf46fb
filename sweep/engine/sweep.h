/* sweep/engine/sweep.h - grids of lanes (axes x jump pattern), running them, and their results. */
#ifndef JS_SWEEP_H
#define JS_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "progress.h"

/* Input sequences: one byte of JS_IN_* bits per frame.  Text form (sweep/engine/seq.c): one item per
 * frame: '.' nothing, a button letter ('J' jump, 'D' down, 'Z' Z, 'B' B), or several buttons in
 * brackets ("[JD]" jump and down); a decimal count after an item repeats it; blanks are ignored.
 * "J10.5J" = jump held 10 frames, 5 up, 1 pressed; "[JZ]3" = jump and Z for 3 frames. */
#define JS_SEQ_BUTTONS "JDZB" /* letter of bit 0, 1, 2, 3 */
int js_seq_parse(const char *text, uint8_t *out, int max_frames, int *len, char *err, size_t errn);
/* A sequence may press only the buttons model m reads (js_model.inputs; an input axis such as
 * celeste's down ORs its button into every frame, and the sequence may press it too).  0, or -1
 * with "presses B, which smw does not read (it reads J jump; ...)" in err: --seq, --seq-file,
 * claims' "seq" and case files all refuse such a sequence. */
int js_seq_buttons(const js_model *m, const uint8_t *seq, int len, char *err, size_t errn);
/* Writes the run-length text form of a sequence (the inverse of js_seq_parse). */
void js_seq_format(const uint8_t *seq, int len, char *out, size_t n);
/* One frame's input as a --seq item (it pastes back into --seq): ".", "J", "D", "[JD]", ... */
const char *js_input_name(unsigned input);

/* Command-line values (sweep/engine/args.c): 0, or -1 with a one-line message in err. */
void js_oneline(char *msg); /* control characters -> '?' (a message stays one line) */
int js_parse_int(const char *s, const char *what, long *out, char *err, size_t n);
/* A number within the axis range, or for a named axis one of its names. */
int js_parse_axis_value(const js_model *m, const js_axis *ax, const char *s, int32_t *out,
			char *err, size_t n);
/* "A:B" or "A": two integers (not checked against each other). */
int js_parse_int_range(const char *s, const char *what, long *lo, long *hi, char *err, size_t n);
/* "NAME=A:B" or "NAME=A" (names too): the axis index and the inclusive range, lo <= hi. */
int js_parse_axis_arg(const js_model *m, const char *arg, int *axis, int32_t *lo, int32_t *hi,
		      char *err, size_t n);
/* Writes the one-line message (js_oneline) into err and returns code: a status with its reason. */
int js_fail(char *err, size_t errn, int code, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The model with this id: 0, or JS_EXIT_USAGE with "unknown model 'X' (models: smb1 ...)". */
int js_model_need(const char *id, const js_model **m, char *err, size_t n);
/* "512M", "4G", "1000000": bytes (K, M, G suffixes), at least 1 MiB. */
int js_parse_size(const char *s, const char *what, size_t *out, char *err, size_t n);
/* A length in the model's unit as sub-units: the least whole number of sub-units at or above
 * it, *between = 1 when the length is not a whole number of them ("27.3" px in 1/256 px). */
int js_parse_length(const js_model *m, const char *s, const char *what, int64_t *sub, int *between,
		    char *err, size_t n);

enum { JS_PATTERN_HOLD = 0, JS_PATTERN_SEQ = 1 };

/* A grid: every combination of the model's axis values (axis a from lo[a] to hi[a]) with every
 * jump pattern (holds hold_lo..hold_hi, or the n_seq sequences).  Lane order is C order over
 * (axis 0, ..., axis n-1, pattern): the pattern varies fastest. */
typedef struct js_grid {
	const js_model *model;
	int32_t lo[JS_MAX_AXES], hi[JS_MAX_AXES];
	int pattern;             /* JS_PATTERN_HOLD or JS_PATTERN_SEQ */
	int hold_lo, hold_hi;    /* JS_PATTERN_HOLD: jump held on frames 0..h-1 */
	int n_seq;               /* JS_PATTERN_SEQ */
	uint8_t **seq;           /* [n_seq][seq_len[i]] */
	int *seq_len;
	char **seq_text;         /* as given, for the HDF5 file */
	int n_frames;            /* frames stepped per lane (the frame limit) */
} js_grid;

/* Exit statuses shared by every front end: a usage error (bad input) and a run-time error. */
#define JS_EXIT_USAGE 2
#define JS_EXIT_RUNTIME 1

/* A grid in words (sweep/engine/grid.c), as the CLI's options and the C API give it. */
typedef struct js_grid_spec {
	const char *const *axis_args; /* "NAME=A:B" or "NAME=A" (names too) */
	int n_axis_args;
	const char *hold;             /* "A:B" or "A"; NULL: 0..the model's default hold */
	const char *const *seqs;      /* --seq texts */
	int n_seqs;
	const char *seq_file;         /* a text file of sequences ("-" stdin) or a movie */
	long movie_frame;             /* a movie's first frame, or JS_MOVIE_FIRST_PRESS (-1) */
	long frames;                  /* frame limit, 0: the model's default */
	int single;                   /* trace: one value per axis and one pattern (default: the
				       * axes' low ends, jump held throughout) */
} js_grid_spec;
/* The model's default grid changed by the spec: 0, or JS_EXIT_USAGE / JS_EXIT_RUNTIME with the
 * one-line message the CLI prints (the grid then holds nothing to free). */
int js_grid_build(js_grid *g, const js_model *m, const js_grid_spec *s, char *err, size_t errn);
/* A trace's start state: init(axis values), then "FIELD=VALUE" settings within their ranges and
 * fuzz_fix (js_case_start, as check's "start" and the fuzz cases build it): 0 or JS_EXIT_*. */
int js_trace_start_state(const js_model *m, const int32_t *axis_values, const char *const *starts,
			 int n_starts, void *state, char *err, size_t errn);

/* The model's default grid (every axis over its default range, holds 0..default_hold). */
void js_grid_default(js_grid *g, const js_model *m);
void js_grid_free_seqs(js_grid *g);
/* Number of values along axis a / along the pattern dimension; total lanes. */
int js_grid_axis_len(const js_grid *g, int a);
int js_grid_pattern_len(const js_grid *g);
size_t js_grid_lanes(const js_grid *g);
/* The start conditions of a grid (reach, find): its non-input axes over their ranges, C order;
 * start i's axis values (input axes 0). */
size_t js_grid_starts(const js_grid *g);
void js_grid_start_axes(const js_grid *g, size_t i, int32_t *axis_values);
/* Lane i: its axis values and its input bytes for frames 0..n_frames-1. */
void js_grid_lane_axes(const js_grid *g, size_t i, int32_t *axis_values);
void js_grid_lane_input(const js_grid *g, size_t i, uint8_t *input);
/* The input bytes of pattern p (0..js_grid_pattern_len-1) for frames 0..n_frames-1, with the
 * buttons `extra` (the lane's input axes) on every frame: js_grid_lane_input of such a lane. */
void js_grid_pattern_input(const js_grid *g, size_t p, unsigned extra, uint8_t *input);
/* Where a block's lanes come from: execution index e (e0..e0+n-1) is grid lane
 * base + (e % rows) * cols + e / rows.  sweep/engine/run.c runs a grid (or a window of it, from
 * lane base) pattern-major: rows start conditions, cols = the patterns; a window it cannot cut so
 * runs in grid order (rows 1). */
typedef struct js_rowtab js_rowtab;
typedef struct js_block {
	size_t base, rows, cols, e0;
	int n; /* 1..JS_BLOCK lanes; slots n..JS_BLOCK-1 repeat the last */
	const js_rowtab *tab; /* the shape's rows decoded (js_rowtab_build), or NULL */
} js_block;
/* The rows of a pattern-major block shape (base a multiple of the patterns, cols = the patterns)
 * decoded once for all its blocks: for i = 0..rows+JS_BLOCK-1, row i % rows's axis values and
 * input-axis buttons, i / rows (the patterns a block's slot is past its first) and the lane
 * offset (i % rows) * cols + i / rows; a block's slots are then a copy from entry e0 % rows. */
struct js_rowtab {
	size_t rows, cap; /* cap: bytes allocated at mem */
	/* what it was built for: the same again is the same table (a grid run again) */
	const js_model *model;
	int32_t lo[JS_MAX_AXES], hi[JS_MAX_AXES];
	size_t base, cols, np;
	size_t *lane;
	int32_t *axis[JS_MAX_AXES];
	uint32_t *extra;
	int32_t *step;
	void *mem;
};
/* At most this many rows get a table (about 2 MB); a shape with more decodes per lane. */
#define JS_ROWTAB_MAX ((size_t)1 << 16)
/* Fills t (reusing its memory where it fits; nothing to do when t holds this shape of a grid with
 * the same model, axes and patterns) for the shape base/rows/cols of g: 0, or -1 for a
 * shape that is not pattern-major, has more than JS_ROWTAB_MAX rows, or no memory (t then holds
 * no table: rows 0). t starts zeroed; js_rowtab_free releases it. */
int js_rowtab_build(js_rowtab *t, const js_grid *g, size_t base, size_t rows, size_t cols);
void js_rowtab_free(js_rowtab *t);
/* b's lanes, JS_BLOCK slots. */
void js_block_lanes(const js_block *b, size_t lanes[JS_BLOCK]);
/* The lanes of slots 0..n-1 (n <= JS_BLOCK) of block b, lanes[] being js_block_lanes(b): their
 * axis values in axis[a][l] (0 for a >= the model's axes), their pattern in pattern[l] and their
 * input axes' buttons in extra[l]. */
void js_grid_block_axes(const js_grid *g, const js_block *b, const size_t *lanes, int n,
			int32_t *const axis[JS_MAX_AXES], int32_t *pattern, uint32_t *extra);
/* Block b for a lane kernel (lanes[] = js_block_lanes(b)): slot l's axis values in axis[a][l] and
 * its inputs as bit planes (js_lane_args.input layout: planes[b][w * JS_BLOCK + l] for
 * w = 0..(n_frames+31)/32-1).  For hold grids only the buttons the model reads are written (the
 * others stay as they were). */
void js_grid_block(const js_grid *g, const js_block *b, const size_t *lanes,
		   int32_t *const axis[JS_MAX_AXES], uint32_t *const planes[JS_N_BUTTONS]);
/* Packs n_frames input bytes into bit planes at lane slot l. */
void js_pack_planes(const uint8_t *input, int n_frames, uint32_t *const planes[JS_N_BUTTONS], int l);

/* Per-lane results, indexed like the lanes. */
typedef struct js_result {
	size_t n;
	int64_t *rise;       /* sub-units */
	int32_t *apex_frame;
	int32_t *airtime;
	uint32_t *flags;
} js_result;

int js_result_alloc(js_result *r, size_t n);
void js_result_free(js_result *r);

/* How to run a grid. */
typedef struct js_run_opts {
	int reference;  /* 1: the scalar reference, lane by lane; 0: the lane kernel */
	js_isa isa;     /* lane kernel path */
	int threads;    /* 0: OpenMP's default */
	int progress;   /* JS_PROGRESS_OFF / AUTO (a terminal, after a second) / ALWAYS (progress.h) */
	const char *label; /* for the progress line: "sweep LABEL" (default the model id) */
	js_progress *meter; /* non-NULL: count the lanes into this line instead (the caller starts
			     * and ends it; progress and label are then unused) */
} js_run_opts;

/* Runs every lane; the results are the same bits for any ISA and thread count. */
void js_sweep_run(const js_grid *g, const js_run_opts *o, js_result *r);

/* Streaming (bounded memory, any grid size): the grid runs a window of lanes at a time and each
 * finished window goes to a sink, in grid order, one call at a time (from whichever thread
 * finished it): lanes first..first+r->n-1, their results at r[0..r->n-1] (valid during the
 * call).  The sink returns 0, or -1 with a one-line message in err, which stops the run. */
typedef int (*js_sweep_sink)(void *ctx, size_t first, const js_result *r, char *err, size_t errn);

/* How the sink wants the grid cut: rows of `row` lanes (the grid a whole number of them), each
 * cut into pieces of `piece` lanes (the last piece of a row may be shorter; at most a row); a
 * window is whole pieces, about `window` lanes.  0 for any of them: the whole grid / JS_STREAM_WINDOW. */
typedef struct js_stream_cut {
	size_t row, piece, window;
	size_t begin, end; /* run only lanes begin..end-1 (whole pieces: an MPI rank's share, h5.c);
			    * end 0: to the end of the grid */
} js_stream_cut;
#define JS_STREAM_WINDOW ((size_t)1 << 16)

/* Runs every lane, as js_sweep_run, but holds only a ring of 2 x threads + 2 windows of results
 * (at most 64; 1.3 to 2.6 MB each), whatever the grid size.  0, or -1 with err (the sink's message, or out of memory). */
int js_sweep_run_stream(const js_grid *g, const js_run_opts *o, const js_stream_cut *cut,
			js_sweep_sink sink, void *ctx, char *err, size_t errn);

/* ---- HDF5 (sweep/engine/h5.c) ---- */

/* What the file records about the run. */
typedef struct js_h5_meta {
	const char *command; /* the command line */
	const char *isa;     /* the lane-kernel path used */
} js_h5_meta;

typedef struct js_h5 js_h5;
/* Creates path's temporary sibling (path + ".tmp-XXXXXX"); NULL and a message in err on failure. */
js_h5 *js_h5_create(const char *path, const js_h5_meta *meta, char *err, size_t errn);
/* Writes the group /<model id> with the grid's scales and the results. */
int js_h5_write_sweep(js_h5 *h, const js_grid *g, const js_result *r, char *err, size_t errn);
/* The same group written as the grid runs (js_sweep_run_stream): begin creates the group, its
 * scales and attributes and the (empty) data variables; js_h5_sweep_sink writes a window of
 * results as hyperslabs (whole chunks), cut as js_h5_sweep_cut says; end closes it (after a
 * failure, commit = 0 just releases it: close the file uncommitted; err keeps the run's
 * message).  The file holds the same values, attributes and chunking as js_h5_write_sweep's.
 * MPI (a file of js_h5_create's with more than one rank): the cut is this rank's share of whole
 * chunks (begin..end), the sink writes collectively, and end returns on every rank the status
 * and message of the rank that failed first (0 when none did), after which every rank closes
 * the file with that commit. */
typedef struct js_h5_sweep js_h5_sweep;
js_h5_sweep *js_h5_sweep_begin(js_h5 *h, const js_grid *g, char *err, size_t errn);
void js_h5_sweep_cut(const js_h5_sweep *s, js_stream_cut *cut);
int js_h5_sweep_sink(void *sweep, size_t first, const js_result *r, char *err, size_t errn);
int js_h5_sweep_end(js_h5_sweep *s, int commit, char *err, size_t errn);
/* Before a sweep to path: 0, or -1 with one line in err when the grid is past what the file can
 * index (size_t, HDF5's dimensions) or when the file system holding path has less room than the
 * output's estimated size (the uncompressed size; past the free space, an estimate from a
 * compressed sample of the grid).  Writes nothing. */
int js_h5_sweep_check(const js_grid *g, const js_run_opts *o, const char *path, char *err,
		      size_t errn);
/* Writes /<model id>/reach (and /<model id> with the model's attributes if no sweep made it). */
struct js_reach;
int js_h5_write_reach(js_h5 *h, const struct js_reach *r, char *err, size_t errn);
/* Closes and renames to the final path (commit = 1), or closes and removes the temporary file. */
int js_h5_close(js_h5 *h, int commit, char *err, size_t errn);

/* ---- every reachable apex (sweep/engine/reach.c) ---- */
#include "reach.h"

#endif
