/* sweep/reach.c - every reachable apex by breadth-first search over distinct states (reach.h). */
#include "reach.h"

#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sweep.h"

#define NONE UINT32_MAX
#define T_NONE INT16_MAX /* no landing */

/* A state node's flags. */
enum {
	N_TOOK_OFF = 1, /* js_acc's took_off (part of the node's identity) */
	N_LANDED = 2,   /* took off and grounded: a terminal node */
	N_OPEN = 4,     /* some continuation is still in the air after the last frame */
};

/* Phase 1's record of a state while its frame is built or expanded: took_off, then the state. */
#define REC1_HDR ((size_t)8)

static size_t rec1_size_of(const js_model *m)
{
	return REC1_HDR + ((m->state_size + 7) & ~(size_t)7);
}

static size_t key_size_of(const js_model *m)
{
	return m->key_size && m->key_size < m->state_size ? m->key_size : m->state_size;
}

static int n_combos(unsigned inputs)
{
	return 1 << __builtin_popcount(inputs);
}

size_t js_reach_node_bytes(const js_model *m)
{
	/* kept per state: height, flags, children, the backward values (23 + 4 per child); per rise
	 * node: itself, its hash and links (29); the two frames being expanded and built: records,
	 * hashes and table, counted as if they held half the budget */
	return 23 + 4 * (size_t)n_combos(m->inputs) + 29 + (2 * rec1_size_of(m) + 8 + 24) / 2;
}

uint64_t js_reach_map_states(size_t n_sets)
{
	uint64_t b = JS_REACH_MAP_TOTAL / (n_sets ? n_sets : 1);
	if (b < JS_REACH_MAP_MIN)
		b = JS_REACH_MAP_MIN;
	if (b > JS_REACH_DEFAULT_MAX_STATES)
		b = JS_REACH_DEFAULT_MAX_STATES;
	return b;
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

static uint64_t state_hash(unsigned took_off, const unsigned char *key, size_t key_size)
{
	uint64_t x = mix64(0x9e3779b97f4a7c15ULL ^ took_off);
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

static inline uint64_t rise_hash(uint32_t p1, int64_t rise)
{
	return mix64(mix64((uint64_t)rise ^ 0x51afd7ed558ccd01ULL) ^ p1);
}

/* Graph mode's (state, rise so far) node: prefix depth and apex ranges merged over its paths. */
typedef struct grnode {
	int64_t rise;
	uint32_t v, parent;
	int16_t amin, amax, dmin, dmax;
	uint8_t ci;
} grnode;

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

/* ---- phase 1: the states of each frame and their children ---- */
typedef struct level {
	size_t n;
	int64_t *height;   /* observe's height */
	uint8_t *flags;    /* N_* */
	uint32_t *child;   /* [n * nc]: the child's index in the next level, or NONE */
	int64_t *maxfut;   /* phase 2: the highest height any continuation reaches (INT64_MIN: none) */
	int16_t *tmin, *tmax; /* phase 2: the earliest / latest landing airtime (T_NONE: none) */
	uint8_t *wl, *wo;  /* phase 2: the input (combo index) of a continuation that lands at tmin /
			    * that stays in the air to the last frame */
} level;

/* ---- phase 3: (state, rise so far) nodes ---- */
typedef struct rnode {
	int64_t rise;
	uint32_t p1; /* the state: index in phase 1's level */
	int16_t amin, amax;
} rnode;

/* The distinct rises found so far, with a witness: rise node q of frame k, input ci on frame k,
 * then (kind W_LAND / W_OPEN) phase 2's continuation from state j of level k + 1. */
enum { W_DIRECT, W_LAND, W_OPEN };
typedef struct entry {
	int64_t rise;
	int32_t air_min, air_max, apex_min, apex_max;
	int landed;
	int w_k, w_kind;
	uint32_t w_q, w_j;
	uint8_t w_ci;
} entry;

#define BATCH 32

typedef struct search {
	const js_model *m;
	js_reach_set *out;
	int n_frames, nc, horizon, truncated;
	unsigned combos[1 << JS_N_BUTTONS];
	size_t rec_size, key_size;
	uint64_t max_states, used; /* nodes of the current phase in finished frames */
	level *lv;                 /* [n_frames + 1]: level k = after frames 0..k-1 */
	table t;
	/* the frame being built (both phases): arrays that grow */
	size_t bn, bcap;
	unsigned char *brec;  /* phase 1: records; phase 3: rnodes */
	uint64_t *bhash;
	int64_t *bheight;     /* phase 1 */
	uint8_t *bflags;      /* phase 1 */
	uint32_t *bparent;    /* phase 3 */
	uint8_t *bcombo;      /* phase 3 */
	/* phase 1: the expanded frame's records */
	unsigned char *crec;
	/* phase 3: the expanded frame's nodes, and every frame's links */
	rnode *cnode;
	size_t cn;
	uint32_t **hparent;
	uint8_t **hcombo;
	/* results */
	entry *ents;
	size_t n_ents, ents_cap;
	int64_t *emap;
	int32_t *emap_idx;
	size_t emap_cap;
	int overflow; /* 1 budget, 2 out of memory, 3 2^32 nodes in one frame */
	int overflow_phase, overflow_frame;
	/* graph mode (see "graph mode" below) */
	int graph;
	size_t gn, gcap;
	unsigned char *grec;
	uint64_t *ghash;
	int64_t *gheight, *gmaxfut;
	uint8_t *gflags, *gwl;
	uint32_t *gchild, *gorder;
	int32_t *gdmin, *gdmax, *gtmin, *gtmax;
	struct grnode *grn;
	size_t grn_n, grn_cap;
	uint64_t *grn_hash;
	uint32_t **gbucket; /* [n_frames + 1]: rise nodes by their state's dmax */
	size_t *gbucket_n, *gbucket_cap;
	/* the batch */
	int nb;
	uint32_t b_parent[BATCH];
	uint8_t b_ci[BATCH];
	uint8_t b_flags[BATCH]; /* phase 1: the child's N_TOOK_OFF | N_LANDED */
	int64_t b_height[BATCH];
	uint64_t b_hash[BATCH];
	rnode b_node[BATCH];
	_Alignas(16) unsigned char b_state[BATCH][JS_STATE_MAX];
} search;

static int table_begin(search *s, size_t expect)
{
	size_t want = 4096;
	while (want < 2 * expect)
		want *= 2;
	s->t.gen = s->t.gen % SLOT_MAX_GEN + 1;
	if (s->t.cap < want || s->t.cap > 8 * want || s->t.gen == 1) {
		free(s->t.slots);
		s->t.slots = calloc(want, sizeof *s->t.slots);
		s->t.cap = s->t.slots ? want : 0;
		if (!s->t.slots) {
			s->overflow = 2;
			return -1;
		}
	}
	return 0;
}

static inline uint64_t slot_gen(uint64_t v)
{
	return v >> SLOT_GEN_SHIFT;
}

/* Doubles the table and re-inserts the frame built so far (its hashes are kept). */
static int table_grow_n(search *s, const uint64_t *hashes, size_t n)
{
	size_t cap = s->t.cap * 2;
	uint64_t *t = calloc(cap, sizeof *t);
	if (!t) {
		s->overflow = 2;
		return -1;
	}
	free(s->t.slots);
	s->t.slots = t;
	s->t.cap = cap;
	for (size_t i = 0; i < n; i++) {
		uint64_t x = hashes[i];
		size_t j = (size_t)x & (cap - 1);
		while (slot_gen(t[j]) == s->t.gen)
			j = (j + 1) & (cap - 1);
		t[j] = s->t.gen << SLOT_GEN_SHIFT | (x & SLOT_TAG_MASK) | (uint64_t)(i + 1);
	}
	return 0;
}

static int table_grow(search *s)
{
	return table_grow_n(s, s->bhash, s->bn);
}

static int grow_arr(void **p, size_t cap, size_t elem)
{
	void *q = realloc(*p, cap * elem);
	if (!q)
		return -1;
	*p = q;
	return 0;
}

/* Room for one more node in the frame being built: the budget is checked before growing. */
static int build_room(search *s, int phase)
{
	uint64_t room = s->max_states - s->used;
	if (s->bn + 1 > room) {
		s->overflow = 1;
		return -1;
	}
	if (s->bn + 1 >= NONE) {
		s->overflow = 3;
		return -1;
	}
	if (s->bn < s->bcap)
		return 0;
	size_t cap = s->bcap ? 2 * s->bcap : 1024;
	if (cap > room)
		cap = (size_t)room;
	size_t rs = phase == 1 ? s->rec_size : sizeof(rnode);
	if (grow_arr((void **)&s->brec, cap, rs) || grow_arr((void **)&s->bhash, cap, 8) ||
	    (phase == 1 && (grow_arr((void **)&s->bheight, cap, 8) ||
			    grow_arr((void **)&s->bflags, cap, 1))) ||
	    (phase == 3 && (grow_arr((void **)&s->bparent, cap, 4) ||
			    grow_arr((void **)&s->bcombo, cap, 1)))) {
		s->overflow = 2;
		return -1;
	}
	s->bcap = cap;
	return 0;
}

/* Phase 1: the index of batch entry b's state in the frame being built (added if new). */
static int64_t insert_state(search *s, int b)
{
	const unsigned char *st = s->b_state[b];
	uint64_t x = s->b_hash[b], tag = x & SLOT_TAG_MASK;
	size_t mask = s->t.cap - 1, j = (size_t)x & mask;
	for (;;) {
		uint64_t v = s->t.slots[j];
		if (slot_gen(v) != s->t.gen)
			break;
		if ((v & SLOT_TAG_MASK) == tag) {
			size_t i = (size_t)(v & 0xffffffffu) - 1;
			const unsigned char *r = s->brec + i * s->rec_size;
			if (r[0] == (s->b_flags[b] & N_TOOK_OFF) &&
			    memcmp(r + REC1_HDR, st, s->key_size) == 0)
				return (int64_t)i;
		}
		j = (j + 1) & mask;
	}
	if (build_room(s, 1) != 0)
		return -1;
	size_t i = s->bn++;
	unsigned char *r = s->brec + i * s->rec_size;
	memset(r, 0, s->rec_size);
	r[0] = s->b_flags[b] & N_TOOK_OFF;
	memcpy(r + REC1_HDR, st, s->m->state_size);
	s->bhash[i] = x;
	s->bheight[i] = s->b_height[b];
	s->bflags[i] = s->b_flags[b];
	s->t.slots[j] = s->t.gen << SLOT_GEN_SHIFT | tag | (uint64_t)(i + 1);
	if (s->bn * 10 > s->t.cap * 7 && table_grow(s) != 0)
		return -1;
	return (int64_t)i;
}

/* Phase 3: adds batch entry b's rise node to the frame being built, or merges its apex range. */
static int insert_rise(search *s, int b)
{
	const rnode *nd = &s->b_node[b];
	uint64_t x = s->b_hash[b], tag = x & SLOT_TAG_MASK;
	size_t mask = s->t.cap - 1, j = (size_t)x & mask;
	rnode *nodes = (rnode *)(void *)s->brec;
	for (;;) {
		uint64_t v = s->t.slots[j];
		if (slot_gen(v) != s->t.gen)
			break;
		if ((v & SLOT_TAG_MASK) == tag) {
			rnode *o = &nodes[(v & 0xffffffffu) - 1];
			if (o->p1 == nd->p1 && o->rise == nd->rise) {
				if (nd->amin < o->amin)
					o->amin = nd->amin;
				if (nd->amax > o->amax)
					o->amax = nd->amax;
				return 0;
			}
		}
		j = (j + 1) & mask;
	}
	if (build_room(s, 3) != 0)
		return -1;
	nodes = (rnode *)(void *)s->brec;
	size_t i = s->bn++;
	nodes[i] = *nd;
	s->bhash[i] = x;
	s->bparent[i] = s->b_parent[b];
	s->bcombo[i] = s->b_ci[b];
	s->t.slots[j] = s->t.gen << SLOT_GEN_SHIFT | tag | (uint64_t)(i + 1);
	if (s->bn * 10 > s->t.cap * 7 && table_grow(s) != 0)
		return -1;
	return 0;
}

/* ---- results ---- */

static entry *contribute(search *s, int64_t rise, int apex_min, int apex_max)
{
	if (s->n_ents * 2 >= s->emap_cap) {
		size_t cap = s->emap_cap ? 2 * s->emap_cap : 256;
		int64_t *k = malloc(cap * sizeof *k);
		int32_t *v = calloc(cap, sizeof *v);
		if (!k || !v) {
			free(k);
			free(v);
			s->overflow = 2;
			return NULL;
		}
		for (size_t e = 0; e < s->n_ents; e++) {
			size_t j = (size_t)mix64((uint64_t)s->ents[e].rise) & (cap - 1);
			while (v[j])
				j = (j + 1) & (cap - 1);
			k[j] = s->ents[e].rise;
			v[j] = (int32_t)e + 1;
		}
		free(s->emap);
		free(s->emap_idx);
		s->emap = k;
		s->emap_idx = v;
		s->emap_cap = cap;
	}
	size_t j = (size_t)mix64((uint64_t)rise) & (s->emap_cap - 1);
	while (s->emap_idx[j] && s->emap[j] != rise)
		j = (j + 1) & (s->emap_cap - 1);
	if (!s->emap_idx[j]) {
		if (s->n_ents == s->ents_cap) {
			size_t cap = s->ents_cap ? 2 * s->ents_cap : 64;
			entry *e = realloc(s->ents, cap * sizeof *e);
			if (!e) {
				s->overflow = 2;
				return NULL;
			}
			s->ents = e;
			s->ents_cap = cap;
		}
		entry *e = &s->ents[s->n_ents];
		memset(e, 0, sizeof *e);
		e->rise = rise;
		e->apex_min = apex_min;
		e->apex_max = apex_max;
		e->w_kind = -1; /* set by the caller */
		s->emap[j] = rise;
		s->emap_idx[j] = (int32_t)++s->n_ents;
	}
	entry *e = &s->ents[s->emap_idx[j] - 1];
	if (apex_min < e->apex_min)
		e->apex_min = apex_min;
	if (apex_max > e->apex_max)
		e->apex_max = apex_max;
	return e;
}

/* A sequence (or several) with this rise: landed with airtimes lo..hi, or still in the air at the
 * last frame (lo = -1).  The first one found is the witness; a landed one replaces an airborne
 * witness. */
static int add_outcome(search *s, int64_t rise, int amin, int amax, int lo, int hi, int k,
		       uint32_t q, uint8_t ci, uint32_t j, int kind)
{
	entry *e = contribute(s, rise, amin, amax);
	if (!e)
		return -1;
	int landed = lo >= 0;
	if (landed) {
		if (!e->landed || lo < e->air_min)
			e->air_min = lo;
		if (!e->landed || hi > e->air_max)
			e->air_max = hi;
	}
	if (e->w_kind < 0 || (landed && !e->landed)) {
		e->w_k = k;
		e->w_q = q;
		e->w_ci = ci;
		e->w_j = j;
		e->w_kind = kind;
	}
	e->landed |= landed;
	return 0;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_rise(const void *a, const void *b)
{
	int64_t x = ((const js_reach_rise *)a)->rise, y = ((const js_reach_rise *)b)->rise;
	return (x > y) - (x < y);
}

/* The witness of entry e: the rise search's path to node w_q of frame w_k, input w_ci, then phase
 * 2's continuation from state w_j of level w_k + 1. */
static int witness_graph(const search *s, const entry *e, js_reach_rise *r, uint8_t *seq)
{
	int len = 0;
	for (uint32_t q = e->w_q; s->grn[q].parent != NONE; q = s->grn[q].parent)
		len++;
	int k = len; /* the frame of input w_ci */
	uint32_t q = e->w_q;
	for (int g = k - 1; g >= 0; g--) {
		seq[g] = (uint8_t)s->combos[s->grn[q].ci];
		q = s->grn[q].parent;
	}
	seq[k] = (uint8_t)s->combos[e->w_ci];
	len = k + 1;
	if (e->w_kind == W_LAND)
		for (uint32_t v = e->w_j; !(s->gflags[v] & N_LANDED) && len < s->n_frames; len++) {
			uint8_t c = s->gwl[v];
			seq[len] = (uint8_t)s->combos[c];
			v = s->gchild[(size_t)v * (size_t)s->nc + c];
		}
	r->witness = seq;
	r->witness_len = len;
	return 0;
}

static int witness(const search *s, const entry *e, js_reach_rise *r)
{
	uint8_t *seq = malloc((size_t)s->n_frames + 1);
	if (!seq)
		return -1;
	if (s->graph)
		return witness_graph(s, e, r, seq);
	int k = e->w_k;
	seq[k] = (uint8_t)s->combos[e->w_ci];
	uint32_t q = e->w_q;
	for (int g = k; g >= 1; g--) { /* rise node q of level g came from frame g - 1 */
		seq[g - 1] = (uint8_t)s->combos[s->hcombo[g][q]];
		q = s->hparent[g][q];
	}
	int len = k + 1;
	if (e->w_kind != W_DIRECT) {
		uint32_t j = e->w_j;
		int lvl = k + 1; /* j is a state of level lvl; the next input is frame lvl's */
		for (;;) {
			const level *L = &s->lv[lvl];
			if (e->w_kind == W_LAND ? (L->flags[j] & N_LANDED) != 0 : lvl >= s->horizon)
				break;
			uint8_t c = e->w_kind == W_LAND ? L->wl[j] : L->wo[j];
			seq[lvl] = (uint8_t)s->combos[c];
			j = L->child[(size_t)j * (size_t)s->nc + c];
			lvl++;
		}
		len = lvl;
	}
	r->witness = seq;
	r->witness_len = len;
	return 0;
}

static int finish_rises(search *s)
{
	js_reach_set *out = s->out;
	out->rises = calloc(s->n_ents ? s->n_ents : 1, sizeof *out->rises);
	if (!out->rises)
		return -1;
	for (size_t i = 0; i < s->n_ents; i++) {
		const entry *e = &s->ents[i];
		js_reach_rise *r = &out->rises[i];
		r->rise = e->rise;
		r->airtime_min = e->landed ? e->air_min : 0;
		r->airtime_max = e->landed ? e->air_max : 0;
		r->apex_min = e->apex_min;
		r->apex_max = e->apex_max;
		r->flags = e->landed ? 0 : JS_FLAG_NOT_LANDED;
		out->n_rises = (int)i + 1;
		if (witness(s, e, r) != 0)
			return -1;
	}
	out->n_rises = (int)s->n_ents;
	qsort(out->rises, (size_t)out->n_rises, sizeof *out->rises, cmp_rise);
	return 0;
}

void js_reach_set_label(const js_model *m, const js_reach_set *s, char *buf, size_t n)
{
	size_t w = 0;
	if (n)
		buf[0] = 0;
	for (int a = 0; a < m->n_axes && w < n; a++) {
		const js_axis *ax = &m->axes[a];
		if (ax->input_bit)
			continue;
		int32_t v = s->axis[a];
		if (ax->n_names && v >= 0 && v < ax->n_names)
			w += (size_t)snprintf(buf + w, n - w, "%s%s=%s", w ? " " : "", ax->name,
					      ax->names[v]);
		else
			w += (size_t)snprintf(buf + w, n - w, "%s%s=%d", w ? " " : "", ax->name, (int)v);
	}
}

void js_reach_minmax(const js_reach_set *s, int64_t *lo, int64_t *hi)
{
	*lo = s->n_rises ? s->rises[0].rise : 0;
	*hi = s->n_rises ? s->rises[s->n_rises - 1].rise : 0;
}

static unsigned reach_inputs(const js_model *m, const js_reach_opts *o)
{
	return (o->inputs ? o->inputs : m->inputs) & ((1u << JS_N_BUTTONS) - 1);
}

/* ---- phase 1: forward over distinct states ---- */

static int flush_states(search *s, level *L)
{
	for (int b = 0; b < s->nb; b++) {
		int64_t i = insert_state(s, b);
		if (i < 0)
			return -1;
		L->child[(size_t)s->b_parent[b] * (size_t)s->nc + s->b_ci[b]] = (uint32_t)i;
	}
	s->nb = 0;
	return 0;
}

/* Builds level k + 1 from level k (frame k). */
static int expand_states(search *s, int k)
{
	const js_model *m = s->m;
	level *L = &s->lv[k];
	js_obs ob;
	for (size_t i = 0; i < L->n; i++) {
		uint8_t fl = L->flags[i];
		const unsigned char *rec = s->crec + i * s->rec_size;
		for (int ci = 0; ci < s->nc; ci++) {
			unsigned c = s->combos[ci];
			if ((fl & N_LANDED) || (k == 0 && !(c & JS_IN_JUMP)))
				continue; /* child stays NONE */
			int b = s->nb;
			unsigned char *st = s->b_state[b];
			memcpy(st, rec + REC1_HDR, m->state_size);
			m->step(st, c);
			m->observe(st, &ob);
			/* js_acc_frame: took off once airborne; landed when grounded after that */
			int took = (fl & N_TOOK_OFF) || !ob.grounded;
			s->b_flags[b] = (uint8_t)(took ? N_TOOK_OFF | (ob.grounded ? N_LANDED : 0) : 0);
			s->b_height[b] = ob.height;
			s->b_parent[b] = (uint32_t)i;
			s->b_ci[b] = (uint8_t)ci;
			uint64_t x = state_hash((unsigned)took, st, s->key_size);
			s->b_hash[b] = x;
			__builtin_prefetch(&s->t.slots[(size_t)x & (s->t.cap - 1)]);
			if (++s->nb == BATCH && flush_states(s, L) != 0)
				return -1;
		}
	}
	return flush_states(s, L);
}

static int phase1(search *s)
{
	const js_model *m = s->m;
	/* level 0: the root, standing the frame before frame 0 */
	level *L0 = &s->lv[0];
	L0->n = 1;
	L0->height = calloc(1, sizeof *L0->height);
	L0->flags = calloc(1, 1);
	s->crec = calloc(1, s->rec_size);
	if (!L0->height || !L0->flags || !s->crec) {
		s->overflow = 2;
		return -1;
	}
	{
		_Alignas(16) unsigned char st[JS_STATE_MAX];
		memset(st, 0, sizeof st);
		m->init(st, s->out->axis);
		memcpy(s->crec + REC1_HDR, st, m->state_size);
	}
	for (int k = 0; k < s->n_frames; k++) {
		level *L = &s->lv[k];
		s->horizon = k;
		L->child = malloc((L->n ? L->n : 1) * (size_t)s->nc * sizeof *L->child);
		if (!L->child) {
			s->overflow = 2;
			return -1;
		}
		memset(L->child, 0xff, L->n * (size_t)s->nc * sizeof *L->child);
		s->bn = 0;
		s->nb = 0;
		if (table_begin(s, L->n) != 0 || expand_states(s, k) != 0)
			return -1;
		/* level k + 1 is complete: keep its heights and flags; its records become current */
		level *N = &s->lv[k + 1];
		N->n = s->bn;
		N->height = s->bn ? realloc(s->bheight, s->bn * sizeof *N->height) : NULL;
		N->flags = s->bn ? realloc(s->bflags, s->bn) : NULL;
		if (s->bn && (!N->height || !N->flags)) { /* a shrink failed: keep the blocks */
			N->height = N->height ? N->height : s->bheight;
			N->flags = N->flags ? N->flags : s->bflags;
		}
		if (!s->bn) {
			free(s->bheight);
			free(s->bflags);
		}
		s->bheight = NULL;
		s->bflags = NULL;
		free(s->crec);
		s->crec = s->brec;
		s->brec = NULL;
		free(s->bhash);
		s->bhash = NULL;
		s->bcap = 0;
		s->used += N->n;
		if (N->n > s->out->peak_nodes)
			s->out->peak_nodes = N->n;
		s->out->states = s->used;
		s->horizon = k + 1;
	}
	return 0;
}

/* ---- phase 2: backward, per state: the highest future height, landing airtimes, openness ---- */
static int phase2(search *s)
{
	for (int k = s->horizon; k >= 0; k--) {
		level *L = &s->lv[k];
		size_t n = L->n ? L->n : 1;
		L->maxfut = malloc(n * sizeof *L->maxfut);
		L->tmin = malloc(n * sizeof *L->tmin);
		L->tmax = malloc(n * sizeof *L->tmax);
		L->wl = calloc(n, 1);
		L->wo = calloc(n, 1);
		if (!L->maxfut || !L->tmin || !L->tmax || !L->wl || !L->wo) {
			s->overflow = 2;
			return -1;
		}
		const level *N = k < s->horizon ? &s->lv[k + 1] : NULL;
		for (size_t i = 0; i < L->n; i++) {
			int64_t mf = INT64_MIN;
			int tmin = T_NONE, tmax = -1, open = 0;
			uint8_t fl = L->flags[i];
			if (!N || (fl & N_LANDED)) {
				/* a leaf: landed, or the last frame (open if airborne and the search
				 * was not cut short) */
				open = !N && !s->truncated && (fl & N_TOOK_OFF) && !(fl & N_LANDED);
			} else {
				for (int ci = 0; ci < s->nc; ci++) {
					uint32_t j = L->child[i * (size_t)s->nc + (size_t)ci];
					if (j == NONE)
						continue;
					uint8_t fj = N->flags[j];
					if ((fj & N_TOOK_OFF) && N->height[j] > mf)
						mf = N->height[j];
					if (fj & N_LANDED) {
						if (k + 1 < tmin) {
							tmin = k + 1;
							L->wl[i] = (uint8_t)ci;
						}
						if (k + 1 > tmax)
							tmax = k + 1;
						continue;
					}
					if (N->maxfut[j] > mf)
						mf = N->maxfut[j];
					if (N->tmin[j] != T_NONE) {
						if (N->tmin[j] < tmin) {
							tmin = N->tmin[j];
							L->wl[i] = (uint8_t)ci;
						}
						if (N->tmax[j] > tmax)
							tmax = N->tmax[j];
					}
					if ((N->flags[j] & N_OPEN) && !open) {
						open = 1;
						L->wo[i] = (uint8_t)ci;
					}
				}
			}
			L->maxfut[i] = mf;
			L->tmin[i] = (int16_t)tmin;
			L->tmax[i] = (int16_t)(tmin == T_NONE ? T_NONE : tmax);
			if (open)
				L->flags[i] |= N_OPEN;
		}
	}
	return 0;
}

/* ---- phase 3: forward over (state, rise so far) until the rise is settled ---- */

static int flush_rises(search *s)
{
	for (int b = 0; b < s->nb; b++)
		if (insert_rise(s, b) != 0)
			return -1;
	s->nb = 0;
	return 0;
}

/* Builds rise level k + 1 from rise level k; settled nodes go to the results. */
static int expand_rises(search *s, int k)
{
	const level *L = &s->lv[k], *N = &s->lv[k + 1];
	for (size_t q = 0; q < s->cn; q++) {
		const rnode *p = &s->cnode[q];
		for (int ci = 0; ci < s->nc; ci++) {
			uint32_t j = L->child[(size_t)p->p1 * (size_t)s->nc + (size_t)ci];
			if (j == NONE)
				continue;
			uint8_t fj = N->flags[j];
			rnode c = { .rise = 0, .p1 = j, .amin = 0, .amax = 0 };
			if (fj & N_TOOK_OFF) { /* js_acc_frame */
				c = *p;
				c.p1 = j;
				if (N->height[j] > c.rise) {
					c.rise = N->height[j];
					c.amin = c.amax = (int16_t)k;
				}
				if (fj & N_LANDED) {
					if (add_outcome(s, c.rise, c.amin, c.amax, k + 1, k + 1, k,
							(uint32_t)q, (uint8_t)ci, j, W_DIRECT))
						return -1;
					continue;
				}
				if (c.rise >= N->maxfut[j]) {
					/* settled: no continuation rises above it */
					if (N->tmin[j] != T_NONE &&
					    add_outcome(s, c.rise, c.amin, c.amax, N->tmin[j], N->tmax[j],
							k, (uint32_t)q, (uint8_t)ci, j, W_LAND))
						return -1;
					if ((fj & N_OPEN) &&
					    add_outcome(s, c.rise, c.amin, c.amax, -1, -1, k, (uint32_t)q,
							(uint8_t)ci, j, W_OPEN))
						return -1;
					continue;
				}
			}
			int b = s->nb;
			s->b_node[b] = c;
			s->b_parent[b] = (uint32_t)q;
			s->b_ci[b] = (uint8_t)ci;
			uint64_t x = rise_hash(c.p1, c.rise);
			s->b_hash[b] = x;
			__builtin_prefetch(&s->t.slots[(size_t)x & (s->t.cap - 1)]);
			if (++s->nb == BATCH && flush_rises(s) != 0)
				return -1;
		}
	}
	return flush_rises(s);
}

static int phase3(search *s)
{
	free(s->crec); /* phase 1's last records */
	s->crec = NULL;
	s->used = 0;   /* the budget holds for each phase */
	s->cnode = calloc(1, sizeof *s->cnode); /* the root: state 0 of level 0, rise 0, apex 0 */
	if (!s->cnode) {
		s->overflow = 2;
		return -1;
	}
	s->cn = 1;
	s->bcap = 0;
	for (int k = 0; k < s->horizon; k++) {
		s->bn = 0;
		s->nb = 0;
		if (table_begin(s, s->cn) != 0 || expand_rises(s, k) != 0) {
			s->overflow_frame = k;
			return -1;
		}
		s->hparent[k + 1] = s->bparent;
		s->hcombo[k + 1] = s->bcombo;
		s->bparent = NULL;
		s->bcombo = NULL;
		free(s->cnode);
		s->cnode = (rnode *)(void *)s->brec;
		s->cn = s->bn;
		s->brec = NULL;
		free(s->bhash);
		s->bhash = NULL;
		s->bcap = 0;
		s->used += s->bn;
		s->out->rise_nodes += s->bn;
	}
	return 0;
}

/* ---- graph mode ----
 * A model's step does not read the frame number, so a state's future does not depend on the
 * frame it is reached on -- only the frame limit does.  When the limit does not bind (every
 * sequence has landed by the last frame: the states reached form a DAG and its longest path to a
 * state still in the air is shorter than the limit), the search runs on the graph of distinct
 * states without frame layers: phase 1 finds the states (breadth first) and their children, the
 * DAG's topological order and each state's longest depth (dmax); phase 2 goes backward (highest
 * future height, fewest / most frames to landing); phase 3 follows (state, rise so far) nodes in
 * dmax order, each carrying the ranges of its prefixes' lengths and apex frames: an outcome's
 * airtime range is the prefix range plus the continuation's (prefix and continuation are
 * independent).  Otherwise (a cycle, a state still in the air at the limit, or the budget) the
 * frame-layered search above runs. */

enum { G_OK = 0, G_FALLBACK = 1, G_FAIL = -1 };

static int g_grow_states(search *s)
{
	if (s->gn + 1 > s->max_states)
		return G_FALLBACK; /* the layered search reports what fits */
	if (s->gn + 1 >= NONE)
		return G_FALLBACK;
	if (s->gn < s->gcap)
		return G_OK;
	size_t cap = s->gcap ? 2 * s->gcap : 1024;
	if (cap > s->max_states)
		cap = (size_t)s->max_states;
	if (grow_arr((void **)&s->grec, cap, s->rec_size) || grow_arr((void **)&s->ghash, cap, 8) ||
	    grow_arr((void **)&s->gheight, cap, 8) || grow_arr((void **)&s->gflags, cap, 1) ||
	    grow_arr((void **)&s->gdmin, cap, 4) ||
	    grow_arr((void **)&s->gchild, cap * (size_t)s->nc, 4)) {
		s->overflow = 2;
		return G_FAIL;
	}
	s->gcap = cap;
	return G_OK;
}

/* The index of a state (took: 0, 1, or 2 for the root, which is never merged), added if new. */
static int64_t g_insert(search *s, unsigned took, const unsigned char *st, int64_t height,
			uint8_t flags, int32_t depth, int *rc)
{
	uint64_t x = state_hash(took, st, s->key_size), tag = x & SLOT_TAG_MASK;
	size_t mask = s->t.cap - 1, j = (size_t)x & mask;
	for (;;) {
		uint64_t v = s->t.slots[j];
		if (slot_gen(v) != s->t.gen)
			break;
		if ((v & SLOT_TAG_MASK) == tag) {
			size_t i = (size_t)(v & 0xffffffffu) - 1;
			const unsigned char *r = s->grec + i * s->rec_size;
			if (r[0] == took && memcmp(r + REC1_HDR, st, s->key_size) == 0)
				return (int64_t)i;
		}
		j = (j + 1) & mask;
	}
	if ((*rc = g_grow_states(s)) != G_OK)
		return -1;
	size_t i = s->gn++;
	unsigned char *r = s->grec + i * s->rec_size;
	memset(r, 0, s->rec_size);
	r[0] = (unsigned char)took;
	memcpy(r + REC1_HDR, st, s->m->state_size);
	s->ghash[i] = x;
	s->gheight[i] = height;
	s->gflags[i] = flags;
	s->gdmin[i] = depth;
	for (int c = 0; c < s->nc; c++)
		s->gchild[i * (size_t)s->nc + (size_t)c] = NONE;
	s->t.slots[j] = s->t.gen << SLOT_GEN_SHIFT | tag | (uint64_t)(i + 1);
	if (s->gn * 10 > s->t.cap * 7 && table_grow_n(s, s->ghash, s->gn) != 0) {
		*rc = G_FAIL;
		return -1;
	}
	return (int64_t)i;
}

/* Phase 1: every state, breadth first; then the topological order and dmax. */
static int g_states(search *s)
{
	const js_model *m = s->m;
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	js_obs ob;
	int rc = G_OK;
	if (table_begin(s, 1024) != 0)
		return G_FAIL;
	memset(st, 0, sizeof st);
	m->init(st, s->out->axis);
	if (g_insert(s, 2, st, 0, 0, 0, &rc) < 0)
		return rc;
	for (size_t i = 0; i < s->gn; i++) {
		uint8_t fl = s->gflags[i];
		if (fl & N_LANDED)
			continue;
		if (s->gdmin[i] >= s->n_frames)
			return G_FALLBACK; /* in the air (or not yet off) after the last frame */
		for (int ci = 0; ci < s->nc; ci++) {
			unsigned c = s->combos[ci];
			if (i == 0 && !(c & JS_IN_JUMP))
				continue;
			memcpy(st, s->grec + i * s->rec_size + REC1_HDR, m->state_size);
			m->step(st, c);
			m->observe(st, &ob);
			int took = (fl & N_TOOK_OFF) || !ob.grounded;
			uint8_t f2 = (uint8_t)(took ? N_TOOK_OFF | (ob.grounded ? N_LANDED : 0) : 0);
			int64_t j = g_insert(s, (unsigned)took, st, ob.height, f2, s->gdmin[i] + 1, &rc);
			if (j < 0)
				return rc;
			s->gchild[i * (size_t)s->nc + (size_t)ci] = (uint32_t)j;
		}
	}
	s->out->states = s->gn;
	s->out->peak_nodes = s->gn;
	/* Kahn's topological order (a cycle falls back) and the longest depths */
	uint32_t *indeg = calloc(s->gn, sizeof *indeg);
	s->gorder = malloc(s->gn * sizeof *s->gorder);
	s->gdmax = calloc(s->gn, sizeof *s->gdmax);
	if (!indeg || !s->gorder || !s->gdmax) {
		free(indeg);
		s->overflow = 2;
		return G_FAIL;
	}
	for (size_t i = 0; i < s->gn * (size_t)s->nc; i++)
		if (s->gchild[i] != NONE)
			indeg[s->gchild[i]]++;
	size_t head = 0, tail = 0;
	s->gorder[tail++] = 0;
	while (head < tail) {
		uint32_t u = s->gorder[head++];
		for (int ci = 0; ci < s->nc; ci++) {
			uint32_t w = s->gchild[(size_t)u * (size_t)s->nc + (size_t)ci];
			if (w == NONE)
				continue;
			if (s->gdmax[u] + 1 > s->gdmax[w])
				s->gdmax[w] = s->gdmax[u] + 1;
			if (--indeg[w] == 0)
				s->gorder[tail++] = w;
		}
	}
	free(indeg);
	if (tail != s->gn)
		return G_FALLBACK; /* a cycle: arbitrarily long sequences */
	for (size_t i = 0; i < s->gn; i++)
		if (!(s->gflags[i] & N_LANDED) && s->gdmax[i] >= s->n_frames)
			return G_FALLBACK; /* some sequence is still in the air at the limit */
	return G_OK;
}

/* Phase 2: backward in topological order. */
static int g_backward(search *s)
{
	s->gmaxfut = malloc(s->gn * sizeof *s->gmaxfut);
	s->gtmin = malloc(s->gn * sizeof *s->gtmin);
	s->gtmax = malloc(s->gn * sizeof *s->gtmax);
	s->gwl = calloc(s->gn, 1);
	if (!s->gmaxfut || !s->gtmin || !s->gtmax || !s->gwl) {
		s->overflow = 2;
		return G_FAIL;
	}
	for (size_t o = s->gn; o-- > 0;) {
		uint32_t u = s->gorder[o];
		int64_t mf = INT64_MIN;
		int32_t tmin = INT32_MAX, tmax = -1;
		if (!(s->gflags[u] & N_LANDED))
			for (int ci = 0; ci < s->nc; ci++) {
				uint32_t w = s->gchild[(size_t)u * (size_t)s->nc + (size_t)ci];
				if (w == NONE)
					continue;
				if ((s->gflags[w] & N_TOOK_OFF) && s->gheight[w] > mf)
					mf = s->gheight[w];
				int32_t lo = 1, hi = 1;
				if (!(s->gflags[w] & N_LANDED)) {
					if (s->gmaxfut[w] > mf)
						mf = s->gmaxfut[w];
					lo = 1 + s->gtmin[w];
					hi = 1 + s->gtmax[w];
				}
				if (lo < tmin) {
					tmin = lo;
					s->gwl[u] = (uint8_t)ci;
				}
				if (hi > tmax)
					tmax = hi;
			}
		s->gmaxfut[u] = mf;
		s->gtmin[u] = tmin;
		s->gtmax[u] = tmax;
	}
	return G_OK;
}

static int g_rise_insert(search *s, const grnode *c)
{
	uint64_t x = rise_hash(c->v, c->rise), tag = x & SLOT_TAG_MASK;
	size_t mask = s->t.cap - 1, j = (size_t)x & mask;
	for (;;) {
		uint64_t v = s->t.slots[j];
		if (slot_gen(v) != s->t.gen)
			break;
		if ((v & SLOT_TAG_MASK) == tag) {
			grnode *o = &s->grn[(v & 0xffffffffu) - 1];
			if (o->v == c->v && o->rise == c->rise) {
				o->amin = c->amin < o->amin ? c->amin : o->amin;
				o->amax = c->amax > o->amax ? c->amax : o->amax;
				o->dmin = c->dmin < o->dmin ? c->dmin : o->dmin;
				o->dmax = c->dmax > o->dmax ? c->dmax : o->dmax;
				return 0;
			}
		}
		j = (j + 1) & mask;
	}
	if (s->grn_n + 1 > s->max_states) {
		s->overflow = 1;
		return -1;
	}
	if (s->grn_n == s->grn_cap) {
		size_t cap = s->grn_cap ? 2 * s->grn_cap : 1024;
		if (cap > s->max_states)
			cap = (size_t)s->max_states;
		if (grow_arr((void **)&s->grn, cap, sizeof *s->grn) ||
		    grow_arr((void **)&s->grn_hash, cap, 8)) {
			s->overflow = 2;
			return -1;
		}
		s->grn_cap = cap;
	}
	size_t i = s->grn_n++;
	s->grn[i] = *c;
	s->grn_hash[i] = x;
	s->t.slots[j] = s->t.gen << SLOT_GEN_SHIFT | tag | (uint64_t)(i + 1);
	int32_t b = s->gdmax[c->v];
	if (s->gbucket_n[b] == s->gbucket_cap[b]) {
		size_t cap = s->gbucket_cap[b] ? 2 * s->gbucket_cap[b] : 64;
		if (grow_arr((void **)&s->gbucket[b], cap, 4)) {
			s->overflow = 2;
			return -1;
		}
		s->gbucket_cap[b] = cap;
	}
	s->gbucket[b][s->gbucket_n[b]++] = (uint32_t)i;
	s->out->rise_nodes = s->grn_n;
	if (s->grn_n * 10 > s->t.cap * 7 && table_grow_n(s, s->grn_hash, s->grn_n) != 0)
		return -1;
	return 0;
}

/* Phase 3: (state, rise so far) nodes in dmax order until the rise is settled. */
static int g_rises(search *s)
{
	size_t nb = (size_t)s->n_frames + 1;
	s->gbucket = calloc(nb, sizeof *s->gbucket);
	s->gbucket_n = calloc(nb, sizeof *s->gbucket_n);
	s->gbucket_cap = calloc(nb, sizeof *s->gbucket_cap);
	if (!s->gbucket || !s->gbucket_n || !s->gbucket_cap) {
		s->overflow = 2;
		return -1;
	}
	free(s->t.slots); /* a fresh table for the rise nodes */
	s->t.slots = NULL;
	s->t.cap = 0;
	if (table_begin(s, 1024) != 0)
		return -1;
	grnode root = { .rise = 0, .v = 0, .parent = NONE };
	if (g_rise_insert(s, &root) != 0)
		return -1;
	for (size_t b = 0; b < nb; b++) {
		s->overflow_frame = (int)b;
		for (size_t k = 0; k < s->gbucket_n[b]; k++) {
			uint32_t q = s->gbucket[b][k];
			grnode p = s->grn[q]; /* a copy: inserts may move the array */
			for (int ci = 0; ci < s->nc; ci++) {
				uint32_t w = s->gchild[(size_t)p.v * (size_t)s->nc + (size_t)ci];
				if (w == NONE)
					continue;
				uint8_t fw = s->gflags[w];
				grnode c = { .rise = 0, .v = w, .parent = q, .ci = (uint8_t)ci,
					     .dmin = (int16_t)(p.dmin + 1), .dmax = (int16_t)(p.dmax + 1) };
				if (fw & N_TOOK_OFF) { /* js_acc_frame */
					c.rise = p.rise;
					c.amin = p.amin;
					c.amax = p.amax;
					if (s->gheight[w] > c.rise) {
						c.rise = s->gheight[w];
						c.amin = p.dmin; /* the frame of this input: the depth */
						c.amax = p.dmax;
					}
					if (fw & N_LANDED) {
						if (add_outcome(s, c.rise, c.amin, c.amax, c.dmin, c.dmax, 0, q,
								(uint8_t)ci, w, W_DIRECT))
							return -1;
						continue;
					}
					if (c.rise >= s->gmaxfut[w]) {
						if (add_outcome(s, c.rise, c.amin, c.amax,
								c.dmin + s->gtmin[w], c.dmax + s->gtmax[w], 0,
								q, (uint8_t)ci, w, W_LAND))
							return -1;
						continue;
					}
				}
				if (g_rise_insert(s, &c) != 0)
					return -1;
			}
		}
	}
	return 0;
}

static void g_free(search *s)
{
	free(s->grec);
	free(s->ghash);
	free(s->gheight);
	free(s->gmaxfut);
	free(s->gflags);
	free(s->gwl);
	free(s->gchild);
	free(s->gorder);
	free(s->gdmin);
	free(s->gdmax);
	free(s->gtmin);
	free(s->gtmax);
	free(s->grn);
	free(s->grn_hash);
	for (int b = 0; s->gbucket && b <= s->n_frames; b++)
		free(s->gbucket[b]);
	free(s->gbucket);
	free(s->gbucket_n);
	free(s->gbucket_cap);
	s->grec = NULL;
	s->ghash = NULL;
	s->gheight = s->gmaxfut = NULL;
	s->gflags = s->gwl = NULL;
	s->gchild = s->gorder = NULL;
	s->gdmin = s->gdmax = s->gtmin = s->gtmax = NULL;
	s->grn = NULL;
	s->grn_hash = NULL;
	s->gbucket = NULL;
	s->gbucket_n = s->gbucket_cap = NULL;
	s->gn = s->gcap = s->grn_n = s->grn_cap = 0;
}

/* A cheap look for a sequence still in the air (or not yet off) after the last frame: holds of
 * every length and some random sequences through the reference.  Finding one means graph mode
 * would fall back, so it is not tried; finding none proves nothing (graph mode checks). */
static int limit_binds(const search *s)
{
	const js_model *m = s->m;
	uint8_t *in = malloc((size_t)s->n_frames);
	if (!in)
		return 0;
	uint64_t seed = 0x243f6a8885a308d3ULL;
	int binds = 0;
	for (int t = 0; t < 96 && !binds; t++) {
		for (int f = 0; f < s->n_frames; f++) {
			if (t < 32) { /* hold for 4t frames, nothing else */
				in[f] = (uint8_t)(f < 4 * t || f == 0 ? JS_IN_JUMP : 0);
				continue;
			}
			seed ^= seed << 13;
			seed ^= seed >> 7;
			seed ^= seed << 17;
			in[f] = (uint8_t)s->combos[(seed >> 32) % (uint64_t)s->nc];
		}
		in[0] |= JS_IN_JUMP;
		js_acc a;
		js_reference_run(m, s->out->axis, in, s->n_frames, &a);
		binds = !a.landed;
	}
	free(in);
	return binds;
}

/* Runs graph mode: G_OK (results in the entries), G_FALLBACK (use the layered search; nothing
 * kept), G_FAIL (out of memory; s->overflow set). */
static int graph_search(search *s)
{
	s->graph = 1;
	int rc = limit_binds(s) ? G_FALLBACK : g_states(s);
	if (rc == G_OK)
		rc = g_backward(s);
	if (rc == G_OK && g_rises(s) != 0) {
		rc = s->overflow == 2 ? G_FAIL : G_OK; /* a budget stop keeps its (real) outcomes */
		s->overflow_phase = 3;
	}
	if (rc == G_FALLBACK) {
		g_free(s);
		s->graph = 0;
		s->overflow = 0;
		s->out->states = s->out->peak_nodes = s->out->rise_nodes = 0;
		s->n_ents = 0;
		if (s->emap)
			memset(s->emap_idx, 0, s->emap_cap * sizeof *s->emap_idx);
		free(s->t.slots);
		s->t.slots = NULL;
		s->t.cap = 0;
		s->t.gen = 0;
	}
	return rc;
}

/* One search into out (out->axis set): the frame-layered one, or (graph) graph mode, which
 * marks out incomplete when it does not apply. */
static void run_search(const js_model *m, const js_reach_opts *o, unsigned inputs, int graph,
		       uint64_t max_states, js_reach_set *out)
{
	double t0 = now_s();
	search *s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(out->message, sizeof out->message, "reach %s: out of memory", m->id);
		out->seconds = now_s() - t0;
		return;
	}
	s->m = m;
	s->out = out;
	s->rec_size = rec1_size_of(m);
	s->key_size = key_size_of(m);
	s->max_states = max_states;
	s->n_frames = o->n_frames;
	/* the button combinations, ascending as input bytes */
	unsigned c = 0;
	do {
		s->combos[s->nc++] = c;
		c = (c - inputs) & inputs;
	} while (c != 0);
	s->lv = calloc((size_t)o->n_frames + 1, sizeof *s->lv);
	s->hparent = calloc((size_t)o->n_frames + 1, sizeof *s->hparent);
	s->hcombo = calloc((size_t)o->n_frames + 1, sizeof *s->hcombo);
	if (!s->lv || !s->hparent || !s->hcombo) {
		s->overflow = 2;
		goto done;
	}
	if (graph) {
		if (graph_search(s) == G_FALLBACK)
			s->overflow = 1; /* not applicable: the caller keeps the layered results */
		goto done;
	}
	out->layered = 1;
	if (phase1(s) != 0) {
		/* cut short: search the frames built so far (landings in them are exact) */
		s->overflow_phase = 1;
		s->overflow_frame = s->horizon;
		s->truncated = 1;
		int ov = s->overflow;
		s->overflow = 0;
		free(s->lv[s->horizon].child);
		s->lv[s->horizon].child = NULL; /* the last level built is the horizon: leaves */
		for (int k = s->horizon + 1; k <= s->n_frames; k++)
			memset(&s->lv[k], 0, sizeof s->lv[k]);
		if (phase2(s) == 0)
			phase3(s);
		if (!s->overflow)
			s->overflow = ov;
		goto done;
	}
	if (phase2(s) != 0) {
		s->overflow_phase = 2;
		s->overflow_frame = 0;
		goto done;
	}
	if (phase3(s) != 0)
		s->overflow_phase = 3;
	else
		for (size_t i = 0; i < s->lv[s->horizon].n; i++) {
			uint8_t fl = s->lv[s->horizon].flags[i];
			out->airborne_at_limit += (fl & N_TOOK_OFF) && !(fl & N_LANDED);
			out->no_takeoff += !(fl & N_TOOK_OFF);
		}
done:
	out->frames_done = s->overflow ? s->overflow_frame : o->n_frames;
	if (finish_rises(s) != 0 && !s->overflow)
		s->overflow = 2;
	out->complete = !s->overflow;
	if (s->overflow) {
		char label[200];
		js_reach_set_label(m, out, label, sizeof label);
		const char *why = s->overflow == 1 ? "state budget exceeded"
				  : s->overflow == 3 ? "2^32 states in one frame"
						     : "out of memory";
		snprintf(out->message, sizeof out->message,
			 "reach %s %s: %s (--max-states %llu) %s %d of %d after %llu states and %llu "
			 "rise nodes; incomplete: only %d rises, of sequences that landed %s", m->id,
			 label, why, (unsigned long long)s->max_states,
			 s->overflow_phase == 3 ? (s->graph ? "following rises at depth"
							    : "following rises at frame")
						: "exploring states at frame",
			 out->frames_done, o->n_frames, (unsigned long long)out->states,
			 (unsigned long long)out->rise_nodes, out->n_rises,
			 s->graph ? "(airtime ranges partial)" : "by then");
	}
	g_free(s);
	for (int k = 0; k <= o->n_frames && s->lv; k++) {
		level *L = &s->lv[k];
		free(L->height);
		free(L->flags);
		free(L->child);
		free(L->maxfut);
		free(L->tmin);
		free(L->tmax);
		free(L->wl);
		free(L->wo);
		if (s->hparent)
			free(s->hparent[k]);
		if (s->hcombo)
			free(s->hcombo[k]);
	}
	free(s->lv);
	free(s->hparent);
	free(s->hcombo);
	free(s->t.slots);
	free(s->brec);
	free(s->bhash);
	free(s->bheight);
	free(s->bflags);
	free(s->bparent);
	free(s->bcombo);
	free(s->crec);
	free(s->cnode);
	free(s->ents);
	free(s->emap);
	free(s->emap_idx);
	free(s);
	out->seconds = now_s() - t0;
}

int js_reach_one(const js_model *m, const int32_t *axis_values, const js_reach_opts *o,
		 js_reach_set *out)
{
	memset(out, 0, sizeof *out);
	for (int a = 0; a < m->n_axes && a < JS_MAX_AXES; a++)
		out->axis[a] = m->axes[a].input_bit ? 0 : axis_values[a];
	unsigned inputs = reach_inputs(m, o);
	if (o->n_frames < 1 || o->n_frames > JS_MAX_FRAMES || !(inputs & JS_IN_JUMP) ||
	    m->state_size == 0 || m->state_size > JS_STATE_MAX) {
		snprintf(out->message, sizeof out->message,
			 "reach %s: bad options (frames 1..%d, inputs with the jump button)", m->id,
			 JS_MAX_FRAMES);
		return -1;
	}
	uint64_t budget = o->max_states ? o->max_states : JS_REACH_DEFAULT_MAX_STATES;
	if (o->mode == JS_REACH_GRAPH) {
		run_search(m, o, inputs, 1, budget, out);
		return 0;
	}
	run_search(m, o, inputs, 0, budget, out);
	if (out->complete || o->mode == JS_REACH_LAYERED)
		return 0;
	/* Second chance: graph mode, within a quarter of the budget (it keeps every state). */
	js_reach_set g;
	memset(&g, 0, sizeof g);
	memcpy(g.axis, out->axis, sizeof g.axis);
	run_search(m, o, inputs, 1, budget / 4 ? budget / 4 : 1, &g);
	if (g.complete) {
		g.seconds += out->seconds;
		js_reach_set_free(out);
		*out = g;
	} else {
		out->seconds += g.seconds;
		js_reach_set_free(&g);
	}
	return 0;
}

void js_reach_set_free(js_reach_set *s)
{
	for (int i = 0; i < s->n_rises && s->rises; i++)
		free(s->rises[i].witness);
	free(s->rises);
	s->rises = NULL;
	s->n_rises = 0;
}

void js_reach_free(js_reach *r)
{
	for (size_t i = 0; i < r->n_sets && r->sets; i++)
		js_reach_set_free(&r->sets[i]);
	free(r->sets);
	memset(r, 0, sizeof *r);
}

int js_reach_run(const js_grid *g, const js_reach_opts *o, js_reach *r, char *err, size_t errn)
{
	const js_model *m = g->model;
	memset(r, 0, sizeof *r);
	r->model = m;
	js_reach_opts oo = *o;
	if (!oo.n_frames)
		oo.n_frames = g->n_frames;
	if (!oo.max_states)
		oo.max_states = JS_REACH_DEFAULT_MAX_STATES;
	oo.inputs = reach_inputs(m, o);
	if (oo.n_frames < 1 || oo.n_frames > JS_MAX_FRAMES) {
		snprintf(err, errn, "reach %s: frame limit %d outside 1..%d", m->id, oo.n_frames,
			 JS_MAX_FRAMES);
		return -1;
	}
	if (!(oo.inputs & JS_IN_JUMP)) {
		snprintf(err, errn, "reach %s: the explored buttons must include the jump button", m->id);
		return -1;
	}
	r->n_frames = oo.n_frames;
	r->inputs = oo.inputs;
	r->max_states = oo.max_states;
	size_t n = 1;
	for (int a = 0; a < m->n_axes; a++) {
		if (m->axes[a].input_bit) {
			r->lo[a] = r->hi[a] = 0;
			continue;
		}
		r->lo[a] = g->lo[a];
		r->hi[a] = g->hi[a];
		r->start_axis[r->n_start_axes++] = a;
		n *= (size_t)(g->hi[a] - g->lo[a] + 1);
	}
	r->n_sets = n;
	r->sets = calloc(n, sizeof *r->sets);
	if (!r->sets) {
		snprintf(err, errn, "reach %s: out of memory for %zu start conditions", m->id, n);
		return -1;
	}
	/* as many searches at once as the memory budget holds by the estimate */
	int nt = oo.threads > 0 ? oo.threads : omp_get_max_threads();
	size_t mem = oo.mem_budget ? oo.mem_budget : JS_REACH_DEFAULT_MEM;
	double per = (double)oo.max_states * (double)js_reach_node_bytes(m);
	double fit = per > 0 ? (double)mem / per : (double)nt;
	if (fit < (double)nt)
		nt = fit < 1 ? 1 : (int)fit;
	if ((size_t)nt > n)
		nt = (int)n;
	r->threads_used = nt;
	double t0 = now_s();
#pragma omp parallel for schedule(dynamic, 1) num_threads(nt)
	for (size_t i = 0; i < n; i++) {
		int32_t ax[JS_MAX_AXES] = { 0 };
		size_t k = i;
		for (int j = r->n_start_axes - 1; j >= 0; j--) {
			int a = r->start_axis[j];
			size_t len = (size_t)(r->hi[a] - r->lo[a] + 1);
			ax[a] = r->lo[a] + (int32_t)(k % len);
			k /= len;
		}
		js_reach_one(m, ax, &oo, &r->sets[i]);
		if (oo.progress) {
			char label[200];
			js_reach_set_label(m, &r->sets[i], label, sizeof label);
#pragma omp critical(js_reach_progress)
			fprintf(stderr, "reach %s %s: %d rises, %llu states, %.2f s%s\n", m->id, label,
				r->sets[i].n_rises, (unsigned long long)r->sets[i].states,
				r->sets[i].seconds, r->sets[i].complete ? "" : " (incomplete)");
		}
	}
	r->seconds = now_s() - t0;
	for (size_t i = 0; i < n; i++)
		r->incomplete += !r->sets[i].complete;
	return 0;
}
