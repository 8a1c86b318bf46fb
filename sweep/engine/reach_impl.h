/* sweep/engine/reach_impl.h - the reach search's internals, shared by reach.c (the searches),
 * find.c (the witness passes of jumpsweep find over the layered search's levels) and reach_mpi.c
 * (the layered search of one start over MPI ranks, -DJS_MPI=ON).  Not an API: only those three
 * files include it. */
#ifndef JS_REACH_IMPL_H
#define JS_REACH_IMPL_H

#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "progress.h"
#include "reach.h"

#define NONE UINT32_MAX
#define LAND 0x80000000u      /* a child slot holding a landing edge: LAND | index into land[] */
#define MAX_NODES 0x7fffffffu /* node indices stay below LAND */
#define HMIN INT64_MIN        /* a height that does not count (before take-off), an empty suffix */
#define HMAX INT64_MAX        /* no such path */
#define PAR_SHIFT 28          /* layered par: node index | combo index << PAR_SHIFT */
#define PAR_MASK ((1u << PAR_SHIFT) - 1)

static inline int64_t max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

static inline int64_t min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

/* ---- landing lists: (highest later height v, airtime t) pairs, kept when best for the earliest
 * or the latest landing at some threshold: sorted by v, then t; an entry stays if its t is below
 * every earlier entry's or above it.  Queries: the least / greatest t with v <= r. ---- */
typedef struct __attribute__((packed)) lent {
	int64_t v;
	int16_t t; /* airtimes are at most JS_MAX_FRAMES */
} lent;


/* ---- the hash table: slots of generation (12 bits) | tag (20 bits) | index + 1 (32 bits).  A
 * slot of another generation (an earlier frame) counts as empty: no clearing per frame. ---- */
#define SLOT_GEN_SHIFT 52
#define SLOT_TAG_MASK 0x000fffff00000000ULL
#define SLOT_MAX_GEN 4095u

typedef struct table {
	uint64_t *slots;
	size_t cap;
	uint64_t gen;
} table;

/* ---- nodes' records and their hashes (reach.c, reach_mpi.c) ---- */
static inline size_t key_size_of(const js_model *m)
{
	return m->key_size && m->key_size < m->state_size ? m->key_size : m->state_size;
}

/* A node's record while its frame is built: took_off (0, 1; 2 for the graph search's root,
 * which is never merged), then the state. */
#define REC_HDR ((size_t)8)

static inline size_t rec_size_of(const js_model *m)
{
	return REC_HDR + ((m->state_size + 7) & ~(size_t)7);
}

static inline uint64_t mix64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	x ^= x >> 33;
	return x;
}

static inline uint64_t state_hash(unsigned took, const unsigned char *key, size_t key_size)
{
	uint64_t x = mix64(0x9e3779b97f4a7c15ULL ^ took);
	size_t i = 0;
	for (; i + 8 <= key_size; i += 8) {
		uint64_t w;
		memcpy(&w, key + i, 8);
		x = mix64(x ^ w) + 0x9e3779b97f4a7c15ULL;
	}
	if (i < key_size) {
		uint64_t w = 0;
		memcpy(&w, key + i, key_size - i);
		x = mix64(x ^ w ^ ((uint64_t)(key_size - i) << 56));
	}
	return x;
}

/* ---- the results: distinct rises with their ranges and a witness ---- */
enum {
	W_EDGE,    /* the landing edge w_c of node (w_k, w_i) */
	W_LAND,    /* node (w_k, w_i), then a continuation that lands (airtime w_t when >= 0) */
	W_AIR,     /* node (w_k, w_i), then a continuation in the air through the last frame */
};
typedef struct entry {
	int64_t rise;
	int32_t air_min, air_max, apex_min, apex_max;
	int landed;
	int w_kind, w_k;
	int32_t w_t;
	uint32_t w_i;
	uint8_t w_c;
} entry;

typedef struct results {
	entry *ents;
	size_t n, cap;
	int64_t *map;
	int32_t *map_idx;
	size_t map_cap;
} results;


enum { N_SETTLED = 1 };
enum { OV_NONE, OV_NODES, OV_MEMORY, OV_ALLOC };

/* Level k: the nodes after frames 0..k-1 (level 0: the start, standing before frame 0). */
typedef struct level {
	size_t n;
	int64_t *h;      /* observe's height once took off; HMIN before the take-off */
	int64_t *a;      /* A: the least over the paths to the node of the highest earlier height
			  * (floor 0: a rise is never below 0) */
	uint32_t *par;   /* a parent (level k - 1) that gives A, the first found, and the combo
			  * index of its input in the top PAR_SHIFT bits (one read per frame when
			  * a witness walks back) */
	uint8_t *fl;     /* N_SETTLED, the settling late input's combo index << 1 and the early
			  * one's << 4 */
	int16_t *slo, *shi; /* settled: the earliest and latest airtime (models with settle), until
			     * the backward pass packs them into lofs (settle_lo, settle_hi); a
			     * settled node's landing list is {(HMIN, lo), (HMIN, hi)}, not in the
			     * pool */
	uint32_t *child; /* [n * nc]: NONE, a node of level k + 1, or LAND | edge */
	int64_t *land;   /* the landing edges' heights (the landing frame's) */
	size_t nland, land_cap;
	/* backward */
	int64_t *ba;     /* the least highest later height over continuations in the air at the
			  * limit (HMIN: the node is at the limit; HMAX: none); NULL when every
			  * node's is HMAX (ba_of) */
	uint32_t *lofs;  /* the landing list: pool[lofs .. lofs + lcnt) */
	uint8_t *lcnt;
	lent *pool;
	size_t npool;
} level;

static inline int64_t ba_of(const level *L, size_t i)
{
	return L->ba ? L->ba[i] : HMAX;
}

static inline int16_t settle_lo(const level *L, size_t i)
{
	return (int16_t)(L->lofs[i] & 0xffffu);
}

static inline int16_t settle_hi(const level *L, size_t i)
{
	return (int16_t)(L->lofs[i] >> 16);
}

/* ---- stepping: the children of a run of records, in parallel (reach_step_slab) ---- */
#define SLAB_NODES 8192
enum { SL_NONE, SL_AIR, SL_GROUND, SL_LAND }; /* no edge, a node (took off or not), a landing */

#define BATCH 32

typedef struct search {
	const js_model *m;
	js_reach_set *out;
	int n, nc, horizon, truncated, settle;
	unsigned inputs;
	unsigned combos[1 << JS_N_BUTTONS];
	size_t rec_size, key_size;
	uint64_t max_nodes, nodes;
	size_t max_bytes, bytes, node_bytes;
	omp_lock_t *big_lock;
	int big;
	int overflow, overflow_frame;
	struct js_progress *meter; /* frames searched (or NULL) */
	int threads;               /* stepping threads (reach.c's slab) */
	/* the slab: the children of up to SLAB_NODES nodes, stepped in parallel, then inserted in
	 * order (the same order as one thread: the same nodes and numbers) */
	unsigned char *sl_st;
	int64_t *sl_h;
	uint64_t *sl_hash;
	uint8_t *sl_kind;
	int meter_frames;          /* frames of this search counted in it so far */
	level *lv;
	table t;
	/* the level being built */
	size_t bcap, bcap_hint; /* the hint: the expanded level's nodes times the inputs */
	unsigned char *brec;
	uint64_t *bhash;
	unsigned char *crec; /* the records of the level being expanded */
	results R;
	/* the batch */
	int nb;
	uint32_t b_parent[BATCH];
	uint8_t b_ci[BATCH], b_took[BATCH];
	int64_t b_height[BATCH];
	uint64_t b_hash[BATCH];
	_Alignas(16) unsigned char b_state[BATCH][JS_STATE_MAX];
	/* graph search (below) */
	struct gsearch *g;
	/* AUTO's probe: the distinct states among the first JS_REACH_GRAPH_PROBE layered nodes */
	int probing, to_graph;
	uint32_t *pslot;
	size_t pcap, pn;
	unsigned char *prec;
} search;

/* ---- arrays ---- */
/* realloc of *p to n elements of elem bytes (at least one); -1 with s->overflow = OV_ALLOC. */
static inline int grow(search *s, void **p, size_t n, size_t elem)
{
	void *q = realloc(*p, (n ? n : 1) * elem);
	if (!q) {
		s->overflow = OV_ALLOC;
		return -1;
	}
	*p = q;
	return 0;
}

/* Gives back the unused tail of an array (a failed shrink keeps the block). */
static inline void shrink_(void **p, size_t n, size_t elem)
{
	if (!*p)
		return;
	void *q = realloc(*p, (n ? n : 1) * elem);
	if (q)
		*p = q;
}
#define shrink(p, n, elem) shrink_((void **)(p), n, elem)

/* ---- the hash table's lookup (its slots: table, above) ---- */
static inline uint64_t slot_gen(uint64_t v)
{
	return v >> SLOT_GEN_SHIFT;
}

/* The index of the record (took, key of st) with hash x among recs, or -1 with *slot the empty
 * slot where it goes. */
static inline int64_t table_find(const search *s, const unsigned char *recs, unsigned took,
				 const unsigned char *st, uint64_t x, size_t *slot)
{
	uint64_t tag = x & SLOT_TAG_MASK;
	size_t mask = s->t.cap - 1, j = (size_t)x & mask;
	for (;;) {
		uint64_t v = s->t.slots[j];
		if (slot_gen(v) != s->t.gen)
			break;
		if ((v & SLOT_TAG_MASK) == tag) {
			size_t i = (size_t)(v & 0xffffffffu) - 1;
			const unsigned char *r = recs + i * s->rec_size;
			if (r[0] == took && memcmp(r + REC_HDR, st, s->key_size) == 0)
				return (int64_t)i;
		}
		j = (j + 1) & mask;
	}
	*slot = j;
	return -1;
}

/* AUTO's probe (reach.c): rec (REC_HDR + key) into the set of distinct states seen; 1 if new,
 * 0 if seen, -1 (memory).  MPI (reach_mpi.c): each rank's share, a state's every node being on
 * its owner. */
int reach_probe_insert(search *s, const unsigned char *rec);

/* Memory accounting (reach.c): a deterministic estimate, checked before anything grows. */
int reach_account(search *s, size_t more);
void reach_unaccount(search *s, size_t less);

/* ---- reach.c's parts that reach_mpi.c (the distributed search) uses too ---- */

/* The time in seconds (CLOCK_MONOTONIC). */
double reach_now_s(void);
/* The start: init (after memset: the state is a plain value), then the model's reach_canon. */
void reach_start_state(const js_model *m, const int32_t *axis, unsigned char *st);
/* The buttons a search presses: o->inputs, or the model's. */
unsigned reach_inputs(const js_model *m, const js_reach_opts *o);
/* A landing list sorted by v, then t, and pruned to the entries that stay; returns its length. */
int prune_lents(lent *e, int n);
void reach_res_free(results *R);
void reach_level_free(level *L);
/* The hash table for a level of about expect nodes (a new generation: the old slots count as
 * empty); -1 with s->overflow = OV_ALLOC. */
int reach_table_begin(search *s, size_t expect);
/* Doubles the table and re-inserts n nodes by their hashes. */
int reach_table_grow(search *s, const uint64_t *hashes, size_t n);
/* A node of level k with state st and height h: *fl = N_SETTLED | the constant inputs' combo
 * indices and their airtimes *lo..*hi when the settle hook says nothing later is higher, or 0. */
void reach_settle_of(const search *s, int k, const unsigned char *st, int64_t h, uint8_t *fl,
		     int16_t *lo, int16_t *hi);
/* The progress line: this search has built `frames` of its frames. */
void reach_meter_frame(search *s, int frames);
/* The slab (SLAB_NODES records' children under every input combination): allocated once. */
int reach_slab_alloc(search *s);
void reach_slab_free(search *s);
/* Steps records lo..hi-1 of recs into the slab, slot (i - lo) * nc + ci: the state, its height,
 * its hash and its SL_ kind (skip: settled records; first: record lo is the start). */
void reach_step_slab(search *s, const unsigned char *recs, size_t lo, size_t hi,
		     const uint8_t *skip, int first);
/* The outcomes of node i of level k into s->R, once its landing list and ba are set. */
int reach_outcomes(search *s, int k, size_t i);
/* One search of one start into out: mode JS_REACH_LAYERED, JS_REACH_GRAPH, or AUTO; returns 1
 * when AUTO's probe asks for the graph search instead. */
int reach_run_search(const js_model *m, const js_reach_opts *o, unsigned inputs, int mode,
		     omp_lock_t *big_lock, js_reach_set *out, const js_find_query *fq,
		     js_find_answer *fa);
/* Clears out for another search, keeping its axis values; returns its time so far. */
double reach_reset_set(js_reach_set *out);

#ifdef JS_MPI
/* reach_mpi.c: one start over every rank (reach_one's sequence of searches), the layered search
 * distributed, the graph search on rank 0.  Every rank calls it with the same arguments. */
int reach_one_ranks(const js_model *m, const int32_t *axis_values, const js_reach_opts *o,
		    js_reach_set *out);
#endif

/* The graph search's states for find.c: heights (HMIN before the take-off), child slots
 * [n * nc] (NONE, LAND | landing, or a state; state 0 is the start, on frame 0 only), and the
 * landing heights. */
typedef struct gsearch_view {
	size_t n;
	const int64_t *h;
	const uint32_t *child;
	const int64_t *land;
} gsearch_view;
void reach_graph_view(const search *s, gsearch_view *v);

/* jumpsweep find (find.c): the answers to q over the levels of a finished layered search, whose
 * rises are in s->out.  Returns 0, or -1 (allocation: s->overflow set). */
int find_answer(search *s, const js_find_query *q, js_find_answer *a);
/* js_reach_opts.canonical: every rise of s->out gets find's canonical witness (replacing the
 * first found) and those of its shortest and longest airtimes.  Returns 0, or -1 with
 * s->out->message set (memory). */
int find_canonical_all(search *s);

#endif
