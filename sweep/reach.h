/* sweep/reach.h - every reachable apex: the exact set of distinct rises over all input sequences.
 *
 * What is computed.  For a model, a start condition (one value per non-input axis) and a frame
 * limit n, take EVERY input sequence of n frames over the buttons the model reads
 * (js_model.inputs; input axes are not start conditions here, their buttons are explored frame by
 * frame) whose frame-0 input has the jump bit -- the take-off press comes on frame 0, as in a
 * hold sweep, so results compare with sweeps; the other buttons are free on frame 0 too.  Account
 * each sequence exactly as a sweep lane (model.h's js_acc: rise, apex_frame, airtime, took-off /
 * landed).  The result is, per distinct rise of the sequences that took off: the airtime range
 * over those that landed, the apex_frame range over all of them, whether only sequences still in
 * the air at the frame limit reach it (flag JS_FLAG_NOT_LANDED), and one witness input sequence
 * (from frame 0 through its landing frame, or all n frames if it did not land).  Also: whether
 * some sequence never took off, and how many distinct states were visited.
 *
 * How.  Breadth-first over frames, never over the 2^n sequences.  A node of frame f is a value
 *   (model state's first key_size bytes, took_off, rise so far)
 * after frames 0..f; nodes are deduplicated by that value per frame (an open-addressing hash of
 * fixed-size records).  The future of a sequence (its later heights, landing frame, whether it
 * passes the rise so far) depends only on that value and f, so merging loses nothing; the apex
 * frame so far is not in the key but carried as a min/max range, which keeps the per-rise apex
 * min/max exact (the final apex is either one of the merged past ones or set by the future,
 * independently of which).  Every node is expanded with every combination of the buttons
 * (2^popcount(inputs), ascending as bytes; frame 0 only those with the jump bit); a child that
 * lands contributes its (rise, apex range, airtime f + 1) to the set and is not expanded; the
 * nodes of the last frame contribute as not landed (or as never taken off).  The first-found
 * parent and input of each node are kept (5 bytes a node, for all frames) to replay one witness
 * per rise: the first sequence found, in (frame, node order, input) order -- deterministic.
 *
 * Bounded.  max_states caps the nodes visited per start condition (all frames together); it is
 * checked before any array grows.  When a frame would pass it the search stops: the set is marked
 * incomplete (complete = 0, frames_done = the frames fully expanded) and holds the rises of the
 * sequences that landed so far (each one real, the set possibly partial); message says so in one
 * line.  An allocation failure is reported the same way.  Start conditions run in parallel
 * (OpenMP, dynamic), as many at once as fit the memory budget by the per-search estimate
 * max_states * js_reach_node_bytes(); results do not depend on the thread count. */
#ifndef JS_REACH_H
#define JS_REACH_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

struct js_grid;

/* Default budget: 40M nodes per start condition; with smb1's 32-byte records a full search peaks
 * near 40M * 104 B = 4 GiB, so two at once stay far below 24 GiB. */
#define JS_REACH_DEFAULT_MAX_STATES 40000000ull
/* Memory the concurrent searches may plan for together (by the per-search estimate). */
#define JS_REACH_DEFAULT_MEM ((size_t)12 << 30)

typedef struct js_reach_opts {
	int n_frames;        /* frame limit, 1..JS_MAX_FRAMES */
	uint64_t max_states; /* per start condition; 0: JS_REACH_DEFAULT_MAX_STATES */
	unsigned inputs;     /* buttons explored (must include JS_IN_JUMP); 0: the model's inputs */
	int threads;         /* 0: OpenMP's default */
	size_t mem_budget;   /* 0: JS_REACH_DEFAULT_MEM */
	int progress;        /* 1: one line per start condition on stderr */
} js_reach_opts;

/* One distinct rise of one start condition. */
typedef struct js_reach_rise {
	int64_t rise;                /* sub-units, as js_acc */
	int32_t airtime_min, airtime_max;       /* over sequences that landed; 0 if none did */
	int32_t apex_min, apex_max;  /* apex_frame over every sequence with this rise */
	uint32_t flags;              /* JS_FLAG_NOT_LANDED: no sequence with this rise landed */
	int witness_len;             /* frames: landing frame + 1, or n_frames */
	uint8_t *witness;            /* input bytes, frame 0 first */
} js_reach_rise;

/* The reachable set of one start condition. */
typedef struct js_reach_set {
	int32_t axis[JS_MAX_AXES]; /* the model's axis values (input axes 0) */
	int complete;        /* 1: every sequence followed to its landing or the frame limit */
	int frames_done;     /* frames fully expanded (n_frames when complete) */
	uint64_t states;     /* nodes visited, all frames */
	uint64_t peak_nodes; /* the largest frame */
	uint64_t airborne_at_limit; /* nodes still in the air after the last frame */
	uint64_t no_takeoff; /* nodes still on the ground, never taken off, after the last frame */
	double seconds;
	int n_rises;         /* sorted by rise, ascending */
	js_reach_rise *rises;
	char message[400];   /* one line when incomplete (without "jumpsweep: ") */
} js_reach_set;

/* A reach run: the start conditions of a grid (its non-input axes, C order). */
typedef struct js_reach {
	const js_model *model;
	int n_frames;
	unsigned inputs;
	uint64_t max_states;
	int32_t lo[JS_MAX_AXES], hi[JS_MAX_AXES]; /* the grid's ranges (input axes: 0..0) */
	int n_start_axes;                         /* the non-input axes, in model order */
	int start_axis[JS_MAX_AXES];
	size_t n_sets;
	js_reach_set *sets;
	int incomplete;      /* sets with complete == 0 */
	int threads_used;
	double seconds;      /* wall time of the whole run */
} js_reach;

/* Estimated bytes per node of one search at its peak (records of two frames, hash, history). */
size_t js_reach_node_bytes(const js_model *m);
/* One start condition (axis_values in model order).  Returns 0, or -1 if the options are bad
 * (message in s->message); a budget overflow or allocation failure returns 0 with complete = 0. */
int js_reach_one(const js_model *m, const int32_t *axis_values, const js_reach_opts *o,
		 js_reach_set *s);
/* Every start condition of g (its non-input axes over g's ranges; g's pattern is ignored);
 * o->n_frames 0 takes g->n_frames.  Returns 0, or -1 with err set (bad options, out of memory
 * for the tables). */
int js_reach_run(const struct js_grid *g, const js_reach_opts *o, js_reach *r, char *err,
		 size_t errn);
void js_reach_set_free(js_reach_set *s);
void js_reach_free(js_reach *r);
/* "vx=0 env=air": the start condition's non-input axes (names for named axes). */
void js_reach_set_label(const js_model *m, const js_reach_set *s, char *buf, size_t n);
/* Min and max rise over a set (0, 0 when empty). */
void js_reach_minmax(const js_reach_set *s, int64_t *lo, int64_t *hi);

#endif
