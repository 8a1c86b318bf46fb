/* sweep/reach.h - every reachable apex: the exact set of distinct rises over all input sequences.
 *
 * What is computed.  For a model, a start condition (one value per non-input axis) and a frame
 * limit n, take EVERY input sequence of n frames over the buttons the model reads
 * (js_model.inputs; input axes are not start conditions here: their buttons are explored frame by
 * frame) whose frame-0 input has the jump bit -- the take-off press comes on frame 0, as in a
 * hold sweep, so results compare with sweeps; the other buttons are free on frame 0 too.  Account
 * each sequence exactly as a sweep lane (model.h's js_acc: rise, apex_frame, airtime, took-off /
 * landed; a press that re-launches on the landing frame is no landing).  The result is, per
 * distinct rise of the sequences that took off: the airtime range over those that landed, the
 * apex_frame range over all of them, whether only sequences still in the air at the frame limit
 * reach it (flag JS_FLAG_NOT_LANDED), and one witness input sequence (frame 0 through its landing
 * frame, or all n frames if it did not land) that `jumpsweep trace --seq` replays to that rise.
 *
 * How (frame-layered search, sweep/reach.c).  Breadth first over frames, never over the 2^n
 * sequences, in three phases:
 *   1. forward: the distinct model states of each frame (deduplicated by value: the state's first
 *      key_size bytes and js_acc's took_off, in an open-addressing hash of fixed-size records),
 *      each expanded with every combination of the buttons (2^popcount(inputs), ascending as
 *      bytes; frame 0 only those with the jump bit), keeping each state's height, flags and
 *      children; a landed state is terminal;
 *   2. backward, per state and frame: the highest height any continuation reaches, the earliest
 *      and latest landing airtime, whether some continuation is still in the air at the limit
 *      (and the first input of each, for witnesses);
 *   3. forward over (state, rise so far) nodes -- two paths to one state with different past
 *      maxima have different rises -- with the apex frame carried as a min/max range (it does
 *      not change the future, so merging keeps the per-rise apex range exact).  A node whose rise
 *      so far is at least the highest height of every continuation is settled: its rise is final,
 *      its airtimes are phase 2's, and it is not followed further.  So only rising nodes are
 *      followed and the rise dimension does not multiply the falling part of the jump.
 * Witness: the first node found (frame, node order, input order: deterministic), its path back
 * through first-found parents, then phase 2's continuation.
 *
 * Graph mode (second chance).  A step does not read the frame number, so when the frame limit
 * does not bind (the states reached form a DAG whose longest path to a state in the air is
 * shorter than the limit) the same three phases run on the distinct states without frame layers,
 * in topological order, carrying prefix-length ranges (an outcome's airtime range = prefix range
 * + continuation range, the two being independent).  It is tried only when the layered search
 * overflows its budget and a quick probe (holds and random sequences through the reference)
 * finds no sequence still in the air at the limit; it keeps its result only if it completes
 * within a quarter of the budget.  Otherwise the layered search's partial result stands.
 *
 * Bounded.  max_states caps, per start condition, the states of phase 1 and, separately, the
 * nodes of phase 3 (all frames together); it is checked before any array grows.  When phase 1
 * passes it at frame F, phases 2 and 3 run on frames 0..F-1 (continuations past F unknown); when
 * phase 3 passes it, it stops.  Either way the set is marked incomplete (complete = 0,
 * frames_done) and holds the rises of the sequences that landed so far (each one real, the set
 * possibly partial; airtime ranges may be partial too); message says so in one line.  An
 * allocation failure is reported the same way.  Start conditions run in parallel (OpenMP,
 * dynamic), as many at once as fit the memory budget by the estimate
 * max_states * js_reach_node_bytes(); results do not depend on the thread count. */
#ifndef JS_REACH_H
#define JS_REACH_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

struct js_grid;

/* Default budget: 40M states (and 40M rise nodes) per start condition.  A search measured about
 * 22 bytes per state + rise node (smb1 swimming: 432 MB for 10M + 10M); the estimate
 * js_reach_node_bytes (about 100 bytes for smb1) keeps two or three at once within
 * JS_REACH_DEFAULT_MEM, far below 24 GiB. */
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
	int mode;            /* JS_REACH_AUTO, or (tests) only one of the two searches */
} js_reach_opts;

enum {
	JS_REACH_AUTO = 0,    /* frame-layered; graph mode as a second chance when that overflows */
	JS_REACH_LAYERED = 1, /* frame-layered only */
	JS_REACH_GRAPH = 2,   /* graph mode only (incomplete when it does not apply) */
};

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
	int layered;         /* 0: graph mode; 1: the frame-layered search */
	int frames_done;     /* frames fully expanded (n_frames when complete) */
	uint64_t states;     /* distinct states visited (phase 1), all frames */
	uint64_t rise_nodes; /* distinct (state, rise so far) nodes followed (phase 3), all frames */
	uint64_t peak_nodes; /* the states of the largest frame */
	uint64_t airborne_at_limit; /* states still in the air after the last frame */
	uint64_t no_takeoff; /* states still on the ground, never taken off, after the last frame */
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

/* map's default budget per start condition for a model with n_sets of them: a total of
 * JS_REACH_MAP_TOTAL states shared out, each within [JS_REACH_MAP_MIN, default], so that a model
 * whose state space explodes on many start conditions still finishes in about a minute. */
#define JS_REACH_MAP_TOTAL 100000000ull
#define JS_REACH_MAP_MIN 1000000ull
uint64_t js_reach_map_states(size_t n_sets);
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
