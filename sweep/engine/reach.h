/* sweep/engine/reach.h - every reachable apex: the exact set of distinct rises over all input sequences.
 *
 * What is computed.  For a model, a start condition (one value per non-input axis) and a frame
 * limit n, take EVERY input sequence of n frames over the buttons the model reads
 * (js_model.inputs; input axes are not start conditions here: their buttons are explored frame by
 * frame) whose frame-0 input has the jump bit -- the take-off press comes on frame 0, as in a
 * hold sweep, so results compare with sweeps; the other buttons are free on frame 0 too.  Account
 * each sequence exactly as a sweep lane (model.h's js_acc: rise, apex_frame, airtime, took-off /
 * landed, and the landing rule: a jump ends on the frame that lands it, even when that frame's
 * press relaunches).  The result is, per distinct rise of the sequences that took off: the
 * airtime range over those that landed, the apex_frame range over all of them, whether only
 * sequences still in the air at the frame limit reach it (flag JS_FLAG_NOT_LANDED), and one
 * witness input sequence (frame 0 through its landing frame, or all n frames if it did not land)
 * that `jumpsweep trace --seq` replays to that rise.
 *
 * How (sweep/engine/reach.c): a search whose cost follows the distinct states, never the 2^n sequences
 * nor the distinct rises so far.  A node is a distinct (state, took_off) -- deduplicated on the
 * state's first key_size bytes -- reached after some frame; landed states are not kept (a
 * landing is an edge of its parent with the landing frame's height).  The outcome of a path is
 * the largest height on it (floor 0), so rise r is reachable iff some node of height r has
 *   A <= r: the least, over the paths that reach it, of the highest height before it, and
 *   B <= r: the least, over its continuations, of the highest height after it,
 * the prefix and the continuation being independent given the node (a bottleneck pass forward,
 * one backward).  The first such node on a path (A < r) gives the apex frame; the landing frames
 * come from a short list per node of (highest later height, landing frame) pairs that are best
 * for the earliest or the latest landing.  Two searches compute this:
 *   - layered: nodes are (state, frame); A is kept while the frames are built, B and the lists
 *     in one backward pass.  Its cost is the (state, frame) count;
 *   - graph (frame-free): nodes are the distinct states; A is kept per state as a list of its
 *     changes over the frames, and B (landing in exactly d frames / still in the air after d
 *     frames) as lists over the frames left; a state is recomputed on a frame only when a
 *     neighbour changed on the frame before.  Its cost is the distinct states times their
 *     changes: it wins where one state is reached on many frames (smb1 swimming: 578 673
 *     states against 82.5 M (state, frame) nodes) and loses on acyclic jumps.
 * AUTO runs the layered search, and the graph search when the layered nodes of the first frames
 * outnumber the distinct states by JS_REACH_GRAPH_RATIO (measured while the layered one builds).
 * A model's settle hook (model.h) stops following a state from which nothing later is higher.
 *
 * Bounded.  max_memory (bytes) caps each search, max_states its nodes; both are checked before
 * anything grows.  Past either, the search keeps the frames it has built: the set holds exactly
 * the rises of the sequences that landed within them (each real; more budget never gives fewer
 * rises), complete = 0, frames_done and a one-line message say so.  Start conditions run in
 * parallel (OpenMP, dynamic); a search that grows past JS_REACH_BIG_BYTES waits until no other
 * big one runs, so the peak is one budget plus the small ones.  Starts whose initial states are
 * equal are searched once.  Results do not depend on the thread count. */
#ifndef JS_REACH_H
#define JS_REACH_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

struct js_grid;

/* The default memory budget (js_reach_opts.max_memory 0): a third of the machine's RAM, at
 * most 8 GiB.  There is no default node cap. */
size_t js_reach_default_memory(void);
/* A search this large waits for the other large ones (see above). */
#define JS_REACH_BIG_BYTES ((size_t)2 << 30)
/* AUTO: the graph search when the layered search's (state, frame) nodes exceed this many times
 * the distinct states (checked once JS_REACH_GRAPH_PROBE nodes are built). */
#define JS_REACH_GRAPH_RATIO 8
#define JS_REACH_GRAPH_PROBE 2000000ull

typedef struct js_reach_opts {
	int n_frames;        /* frame limit, 1..JS_MAX_FRAMES */
	uint64_t max_states; /* nodes per start condition; 0: no cap */
	size_t max_memory;   /* bytes per start condition; 0: js_reach_default_memory() */
	unsigned inputs;     /* buttons explored (must include JS_IN_JUMP); 0: the model's inputs */
	int threads;         /* 0: OpenMP's default (js_reach_one: 1); a search steps its nodes
			      * with the threads the start conditions leave (the results do not
			      * depend on them) */
	int progress;        /* JS_PROGRESS_* (progress.h): a line on stderr, in frames searched
			      * (each start condition counts its frame limit) */
	struct js_progress *meter; /* set by js_reach_run_many / js_find_one (internal) */
	int mode;            /* JS_REACH_AUTO, or (tests) only one of the two searches */
	int no_settle;       /* 1: ignore the model's settle hook (tests) */
	int canonical;       /* 1: every rise's witness is find's canonical one (below), and the
			      * rises that land get witness_short / witness_long: a pass over the
			      * search per rise (time: rises x nodes) */
} js_reach_opts;

enum {
	JS_REACH_AUTO = 0,    /* layered, or graph when states repeat over frames (see above) */
	JS_REACH_LAYERED = 1, /* the layered search only */
	JS_REACH_GRAPH = 2,   /* the graph (frame-free) search only */
};

/* One distinct rise of one start condition. */
typedef struct js_reach_rise {
	int64_t rise;                /* sub-units, as js_acc */
	int32_t airtime_min, airtime_max;       /* over sequences that landed; 0 if none did */
	int32_t apex_min, apex_max;  /* apex_frame over every sequence with this rise */
	uint32_t flags;              /* JS_FLAG_NOT_LANDED: no sequence with this rise landed */
	int witness_len;             /* frames: landing frame + 1, or n_frames */
	uint8_t *witness;            /* input bytes, frame 0 first: the first found, or with
				      * js_reach_opts.canonical the canonical one (find) */
	int short_len, long_len;     /* canonical: the canonical witnesses of the shortest and */
	uint8_t *witness_short, *witness_long; /* longest airtime (NULL: not landed / asked) */
} js_reach_rise;

/* The reachable set of one start condition. */
typedef struct js_reach_set {
	int32_t axis[JS_MAX_AXES]; /* the model's axis values (input axes 0) */
	int complete;        /* 1: every sequence followed to its landing or the frame limit */
	int layered;         /* 1: the layered search; 0: the graph search */
	int frames_done;     /* frames fully expanded (n_frames when complete) */
	uint64_t states;     /* nodes kept: (state, frame) pairs (layered) or distinct states (graph),
			      * airborne or before the take-off; landings are edges, not nodes */
	uint64_t settled;    /* nodes the model's settle hook stopped following */
	uint64_t peak_nodes; /* layered: the nodes of the largest frame; graph: the most states
			      * reached on one frame */
	uint64_t frame_nodes; /* (state, frame) pairs, all frames (the layered search's node count) */
	size_t peak_bytes;   /* the search's largest memory use */
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
	size_t max_memory;
	int canonical;       /* the witnesses are canonical (js_reach_opts.canonical) */
	int32_t lo[JS_MAX_AXES], hi[JS_MAX_AXES]; /* the grid's ranges (input axes: 0..0) */
	int n_start_axes;                         /* the non-input axes, in model order */
	int start_axis[JS_MAX_AXES];
	size_t n_sets;
	js_reach_set *sets;
	int incomplete;      /* sets with complete == 0 */
	int threads_used;
	double seconds;      /* wall time of the whole run */
} js_reach;

/* One start condition (axis_values in model order).  Returns 0, or -1 if the options are bad
 * (message in s->message); a budget overflow or allocation failure returns 0 with complete = 0. */
int js_reach_one(const js_model *m, const int32_t *axis_values, const js_reach_opts *o,
		 js_reach_set *s);
/* Every start condition of g (its non-input axes over g's ranges; g's pattern is ignored);
 * o->n_frames 0 takes g->n_frames.  Returns 0, or -1 with err set (bad options, out of memory
 * for the tables). */
int js_reach_run(const struct js_grid *g, const js_reach_opts *o, js_reach *r, char *err,
		 size_t errn);
/* The start conditions of several grids (map: every model) in one pool of threads, so that a
 * model's long search runs beside the others'; r[k] as js_reach_run gives for g[k] (seconds: the
 * whole pool's wall time).  Returns 0, or -1 with err set and nothing left allocated. */
int js_reach_run_many(const struct js_grid *const *g, size_t n_grids, const js_reach_opts *o,
		      js_reach *r, char *err, size_t errn);
void js_reach_set_free(js_reach_set *s);
void js_reach_free(js_reach *r);
/* "vx=0 env=air": the start condition's non-input axes (names for named axes). */
void js_reach_set_label(const js_model *m, const js_reach_set *s, char *buf, size_t n);
/* Min and max rise over a set (0, 0 when empty). */
void js_reach_minmax(const js_reach_set *s, int64_t *lo, int64_t *hi);

/* ---- jumpsweep find: the input for a given rise (sweep/engine/find.c) ----
 *
 * Over the same search (layered, the settle hook off so that every continuation is a node), a
 * pass per question picks, among the sequences of one start condition whose rise is r, whose
 * apex frame (the first frame at r) lies in apex_lo..apex_hi and whose airtime lies in
 * air_lo..air_hi, the CANONICAL one: the fewest button-frames held (a frame with jump and down
 * held counts 2), then the fewest presses (a button going down; on frame 0 every held button is
 * a press: the character stands with every button up before it), then the first in
 * lexicographic order of the input bytes frame by frame (jump 1, down 2, Z 4, B 8: "." before
 * "J" before "D").  A landed sequence is preferred; one still in the air at the frame limit is
 * the answer only when no sequence lands (and no airtime range was asked).  The pass is a
 * backward minimum over (node, reached r yet, previous input), then a forward walk that takes
 * the smallest input keeping the minimum; each witness is replayed through the reference
 * before it is returned.  Besides the canonical witness, the shortest and the longest airtime
 * of the rise under the same constraints get one (canonical among those airtimes).  When no
 * sequence meets the question, the nearest rises below and above that do are answered. */
#define JS_FIND_HIGHEST INT64_MIN /* js_find_query.rise: the highest rise meeting the rest */

typedef struct js_find_query {
	int64_t rise;              /* sub-units, or JS_FIND_HIGHEST */
	int between;               /* 1: the rise asked lies strictly between rise - 1 and rise
				    * (a length that is no whole number of sub-units): no exact
				    * answer, the nearest below and above */
	int32_t apex_lo, apex_hi;  /* the apex frame's range (0, JS_MAX_FRAMES: any) */
	int32_t air_lo, air_hi;    /* the airtime's range; 0, 0: any, in the air at the limit too */
} js_find_query;

typedef struct js_find_witness {
	int found;
	int64_t rise;              /* sub-units */
	int32_t apex_frame;
	int32_t airtime;           /* 0: still in the air at the frame limit */
	int held, presses;         /* button-frames held, presses */
	int proven;                /* 1: canonical as defined above; 0: a witness that ends in a
				    * settled state's constant input (the model's settle hook,
				    * sotn) other than "nothing", not proven the cheapest */
	int len;                   /* frames: the landing frame + 1, or the frame limit */
	uint8_t *seq;              /* input bytes, frame 0 first */
} js_find_witness;

typedef struct js_find_answer {
	int exact;                 /* 1: the rise asked (or, JS_FIND_HIGHEST, some rise) is found */
	js_find_witness best;      /* the canonical witness of the rise */
	js_find_witness shortest, longest; /* canonical among its shortest / longest airtimes */
	js_find_witness below, above; /* not exact: the nearest rises meeting the constraints */
	int passes;                /* witness passes run */
	int settle_gap;            /* 1: some settled state could meet an airtime range only by
				    * a continuation that is not a constant input: a "none" may
				    * miss it (the settle hook: sotn; --no-settle is exact) */
	char message[300];         /* why find failed (js_find_one returned -1) */
} js_find_answer;

/* The answer for one start condition.  set receives the start's reachable set (as
 * js_reach_one's, from the layered search; complete = 0 when a budget cut it short: the answer
 * then covers the sequences that landed within the frames searched).  Returns 0, or -1 with
 * a->message (bad options, memory). */
int js_find_one(const js_model *m, const int32_t *axis_values, const js_reach_opts *o,
		const js_find_query *q, js_reach_set *set, js_find_answer *a);
void js_find_answer_free(js_find_answer *a);
/* The question from its words (find's options, the C API's arguments): exactly one of rise (a
 * length in the model's unit), rise_sub (sub-units), highest, or seq_given (the caller fills
 * q->rise from a given jump); apex and air "F" or "F:G" (NULL: any).  0, or JS_EXIT_USAGE
 * (sweep.h) with the one-line message. */
int js_find_query_parse(const js_model *m, const char *rise, const char *rise_sub, int highest,
			int seq_given, const char *apex, const char *air, js_find_query *q,
			char *err, size_t errn);
/* find's --axis arguments name start conditions only (an input axis is explored on every
 * frame): 0, or JS_EXIT_USAGE with the message. */
int js_find_check_axes(const js_model *m, const char *const *axis_args, int n, char *err,
		       size_t errn);

#endif
