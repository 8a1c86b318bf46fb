/* sweep/engine/reach.c - every reachable apex: bottleneck passes over distinct states (reach.h).
 * The layered search of one start distributed over MPI ranks is reach_mpi.c's (-DJS_MPI=ON),
 * built on the parts declared in reach_impl.h. */
#include "reach.h"

#include <limits.h>
#include <malloc.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ranks.h"
#include "reach_impl.h"
#include "sweep.h"


double reach_now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

size_t js_reach_default_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
	size_t ram = pages > 0 && psize > 0 ? (size_t)pages * (size_t)psize : (size_t)8 << 30;
	size_t m = ram / 3;
	return m < ((size_t)8 << 30) ? m : (size_t)8 << 30;
}

/* The start: init (after memset: the state is a plain value), then the model's reach_canon. */
void reach_start_state(const js_model *m, const int32_t *axis, unsigned char *st)
{
	memset(st, 0, m->state_size);
	m->init(st, axis);
	if (m->reach_canon)
		m->reach_canon(st);
}


static int cmp_lent(const void *a, const void *b)
{
	const lent *x = a, *y = b;
	if (x->v != y->v)
		return x->v < y->v ? -1 : 1;
	return (x->t > y->t) - (x->t < y->t);
}

int prune_lents(lent *e, int n)
{
	if (n > 1)
		qsort(e, (size_t)n, sizeof *e, cmp_lent);
	int k = 0;
	int32_t lo = INT32_MAX, hi = INT32_MIN;
	for (int i = 0; i < n; i++) {
		if (e[i].t < lo || e[i].t > hi) {
			lo = e[i].t < lo ? e[i].t : lo;
			hi = e[i].t > hi ? e[i].t : hi;
			e[k++] = e[i];
		}
	}
	return k;
}

/* The least and greatest t with v <= r: 0 when there is none. */
static int lents_query(const lent *e, int n, int64_t r, int32_t *tmin, int32_t *tmax)
{
	int any = 0;
	for (int i = 0; i < n && e[i].v <= r; i++) {
		if (!any || e[i].t < *tmin)
			*tmin = e[i].t;
		if (!any || e[i].t > *tmax)
			*tmax = e[i].t;
		any = 1;
	}
	return any;
}


static entry *res_get(results *R, int64_t rise)
{
	if (R->n * 2 >= R->map_cap) {
		size_t cap = R->map_cap ? 2 * R->map_cap : 256;
		int64_t *k = malloc(cap * sizeof *k);
		int32_t *v = calloc(cap, sizeof *v);
		if (!k || !v) {
			free(k);
			free(v);
			return NULL;
		}
		for (size_t e = 0; e < R->n; e++) {
			size_t j = (size_t)mix64((uint64_t)R->ents[e].rise) & (cap - 1);
			while (v[j])
				j = (j + 1) & (cap - 1);
			k[j] = R->ents[e].rise;
			v[j] = (int32_t)e + 1;
		}
		free(R->map);
		free(R->map_idx);
		R->map = k;
		R->map_idx = v;
		R->map_cap = cap;
	}
	size_t j = (size_t)mix64((uint64_t)rise) & (R->map_cap - 1);
	while (R->map_idx[j] && R->map[j] != rise)
		j = (j + 1) & (R->map_cap - 1);
	if (!R->map_idx[j]) {
		if (R->n == R->cap) {
			size_t cap = R->cap ? 2 * R->cap : 64;
			entry *e = realloc(R->ents, cap * sizeof *e);
			if (!e)
				return NULL;
			R->ents = e;
			R->cap = cap;
		}
		entry *e = &R->ents[R->n];
		memset(e, 0, sizeof *e);
		e->rise = rise;
		e->apex_min = INT32_MAX;
		e->apex_max = INT32_MIN;
		e->w_kind = -1;
		R->map[j] = rise;
		R->map_idx[j] = (int32_t)++R->n;
	}
	return &R->ents[R->map_idx[j] - 1];
}

/* Sequences with this rise whose first frame at it lies in apex lo..hi: landed with airtimes
 * tlo..thi, or (tlo < 0) in the air at the limit.  The first found is the witness; a landed one
 * replaces one in the air. */
static int res_add(results *R, int64_t rise, int32_t alo, int32_t ahi, int32_t tlo, int32_t thi,
		   int kind, int k, uint32_t i, uint8_t c, int32_t t)
{
	entry *e = res_get(R, rise);
	if (!e)
		return -1;
	if (alo < e->apex_min)
		e->apex_min = alo;
	if (ahi > e->apex_max)
		e->apex_max = ahi;
	int landed = tlo >= 0;
	if (landed) {
		if (!e->landed || tlo < e->air_min)
			e->air_min = tlo;
		if (!e->landed || thi > e->air_max)
			e->air_max = thi;
	}
	if (e->w_kind < 0 || (landed && !e->landed)) {
		e->w_kind = kind;
		e->w_k = k;
		e->w_i = i;
		e->w_c = c;
		e->w_t = t;
	}
	e->landed |= landed;
	return 0;
}

void reach_res_free(results *R)
{
	free(R->ents);
	free(R->map);
	free(R->map_idx);
	memset(R, 0, sizeof *R);
}

static int cmp_rise(const void *a, const void *b)
{
	int64_t x = ((const js_reach_rise *)a)->rise, y = ((const js_reach_rise *)b)->rise;
	return (x > y) - (x < y);
}

/* ---- the search ---- */

/* Memory accounting: a deterministic estimate of what the search holds (never the allocator's
 * view, which would depend on the other threads), checked before anything grows. */
int reach_account(search *s, size_t more)
{
	if (s->bytes + more > s->max_bytes) {
		s->overflow = OV_MEMORY;
		return -1;
	}
	s->bytes += more;
	if (s->bytes > s->out->peak_bytes)
		s->out->peak_bytes = s->bytes;
	if (!s->big && s->big_lock && s->bytes > JS_REACH_BIG_BYTES) {
		omp_set_lock(s->big_lock); /* one large search at a time (reach.h) */
		s->big = 1;
	}
	return 0;
}

void reach_unaccount(search *s, size_t less)
{
	s->bytes = less > s->bytes ? 0 : s->bytes - less;
}

int reach_table_begin(search *s, size_t expect)
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
			s->overflow = OV_ALLOC;
			return -1;
		}
	}
	return 0;
}

/* Doubles the table and re-inserts n nodes by their hashes. */
int reach_table_grow(search *s, const uint64_t *hashes, size_t n)
{
	size_t cap = s->t.cap * 2;
	uint64_t *t = calloc(cap, sizeof *t);
	if (!t) {
		s->overflow = OV_ALLOC;
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

/* ---- settling (model.h's settle hook) ---- */

/* The frames a constant input takes to land from st (1: the next frame), with every height
 * at most h; 0 if it does not land within `left` frames or rises above h. */
static int rollout(const js_model *m, const unsigned char *st, unsigned in, int left, int64_t h)
{
	_Alignas(16) unsigned char x[JS_STATE_MAX];
	memcpy(x, st, m->state_size);
	for (int t = 1; t <= left; t++) {
		js_obs ob;
		m->step(x, in);
		m->observe(x, &ob);
		if (ob.height > h)
			return 0;
		if (ob.grounded || (ob.flags & JS_FLAG_RELAUNCH))
			return t;
	}
	return 0;
}

/* A node of level k (after frame k - 1) with state st and height h: settled when the hook says
 * nothing later is higher and both constant inputs land within the frames left (airtimes
 * *lo..*hi); *fl = N_SETTLED | the inputs' combo indices, or 0. */
void reach_settle_of(const search *s, int k, const unsigned char *st, int64_t h, uint8_t *fl,
		     int16_t *lo, int16_t *hi)
{
	uint8_t e, l;
	*fl = 0;
	if (!s->settle || !s->m->settle(st, s->inputs, &e, &l))
		return;
	int left = s->n - k;
	int de = rollout(s->m, st, e, left, h);
	int dl = de ? rollout(s->m, st, l, left, h) : 0;
	if (!de || !dl)
		return;
	int ce = 0, cl = 0;
	while (ce < s->nc && s->combos[ce] != e)
		ce++;
	while (cl < s->nc && s->combos[cl] != l)
		cl++;
	if (ce == s->nc || cl == s->nc)
		return;
	*fl = (uint8_t)(N_SETTLED | cl << 1 | ce << 4);
	*lo = (int16_t)(k + (de < dl ? de : dl));
	*hi = (int16_t)(k + (de < dl ? dl : de));
}

/* The progress line: this search has built `frames` of its frames (each search counts its frame
 * limit; the rest is added when it ends). */
void reach_meter_frame(search *s, int frames)
{
	if (!s->meter || frames <= s->meter_frames)
		return;
	js_progress_step(s->meter, (uint64_t)(frames - s->meter_frames));
	s->meter_frames = frames;
}

/* ---- stepping: the children of a run of records, in parallel ---- */

int reach_slab_alloc(search *s)
{
	if (s->sl_st)
		return 0;
	size_t n = (size_t)SLAB_NODES * (size_t)s->nc;
	s->sl_st = malloc(n * s->rec_size);
	s->sl_h = malloc(n * sizeof *s->sl_h);
	s->sl_hash = malloc(n * sizeof *s->sl_hash);
	s->sl_kind = malloc(n);
	if (!s->sl_st || !s->sl_h || !s->sl_hash || !s->sl_kind) {
		s->overflow = OV_ALLOC;
		return -1;
	}
	return 0;
}

void reach_slab_free(search *s)
{
	free(s->sl_st);
	free(s->sl_h);
	free(s->sl_hash);
	free(s->sl_kind);
	s->sl_st = NULL;
	s->sl_h = NULL;
	s->sl_hash = NULL;
	s->sl_kind = NULL;
}

/* Steps records lo..hi-1 of recs (hi - lo <= SLAB_NODES) under every input combination into the
 * slab (on s->threads threads when the run is wide: 2048 records or more; the insertion after
 * it, the settle hook's rollouts and the passes stay on one thread), slot (i - lo) * nc + ci: the state, its height, its hash, and what it is.  skip (may be
 * NULL) marks records not to expand (settled); only the jump-pressing inputs leave the start
 * (first: record lo is the start).  The landing rule as js_acc_frame: took off once airborne,
 * the landing ends the jump. */
void reach_step_slab(search *s, const unsigned char *recs, size_t lo, size_t hi,
		     const uint8_t *skip, int first)
{
	const js_model *m = s->m;
	long n = (long)(hi - lo);
#pragma omp parallel for schedule(static) num_threads(s->threads) if (s->threads > 1 && n >= 2048)
	for (long t = 0; t < n; t++) {
		size_t i = lo + (size_t)t;
		const unsigned char *rec = recs + i * s->rec_size;
		for (int ci = 0; ci < s->nc; ci++) {
			size_t q = (size_t)t * (size_t)s->nc + (size_t)ci;
			unsigned c = s->combos[ci];
			if ((skip && (skip[i] & N_SETTLED)) || (first && t == 0 && !(c & JS_IN_JUMP))) {
				s->sl_kind[q] = SL_NONE;
				continue;
			}
			unsigned char *st = s->sl_st + q * s->rec_size;
			js_obs ob;
			memcpy(st, rec + REC_HDR, m->state_size);
			m->step(st, c);
			m->observe(st, &ob);
			int took = rec[0] == 1 || !ob.grounded;
			s->sl_h[q] = ob.height;
			if (took && (ob.grounded || (ob.flags & JS_FLAG_RELAUNCH))) {
				s->sl_kind[q] = SL_LAND;
				continue;
			}
			s->sl_kind[q] = took ? SL_AIR : SL_GROUND;
			s->sl_hash[q] = state_hash((unsigned)took, st, s->key_size);
		}
	}
}

/* ---- the layered search: forward ---- */

/* Room for one more node in the level being built (k + 1). */
static int build_room(search *s, level *N)
{
	if (s->max_nodes && s->nodes + 1 > s->max_nodes) {
		s->overflow = OV_NODES;
		return -1;
	}
	if (N->n + 1 >= PAR_MASK) { /* par holds a node index below 2^28 */
		s->overflow = OV_NODES;
		return -1;
	}
	if (reach_account(s, s->node_bytes + s->rec_size + 24) != 0)
		return -1;
	if (N->n < s->bcap)
		return 0;
	size_t cap = s->bcap ? 2 * s->bcap : s->bcap_hint;
	if (grow(s, (void **)&s->brec, cap, s->rec_size) || grow(s, (void **)&s->bhash, cap, 8) ||
	    grow(s, (void **)&N->h, cap, 8) || grow(s, (void **)&N->a, cap, 8) ||
	    grow(s, (void **)&N->par, cap, 4) ||
	    grow(s, (void **)&N->fl, cap, 1) ||
	    (s->settle && (grow(s, (void **)&N->slo, cap, 2) || grow(s, (void **)&N->shi, cap, 2))))
		return -1;
	s->bcap = cap;
	return 0;
}

static int add_land(search *s, level *L, int64_t h, uint32_t *slot)
{
	if (L->nland == L->land_cap) {
		size_t cap = L->land_cap ? 2 * L->land_cap : 256;
		if (reach_account(s, (cap - L->land_cap) * 8) || grow(s, (void **)&L->land, cap, 8))
			return -1;
		L->land_cap = cap;
	}
	if (L->nland >= MAX_NODES) {
		s->overflow = OV_NODES;
		return -1;
	}
	*slot = LAND | (uint32_t)L->nland;
	L->land[L->nland++] = h;
	return 0;
}

int reach_probe_insert(search *s, const unsigned char *rec)
{
	size_t cmp = REC_HDR + s->key_size;
	if (2 * (s->pn + 1) > s->pcap) { /* grows with the states seen, at most the probe's */
		size_t cap = s->pcap ? 2 * s->pcap : 4096;
		uint32_t *slot = calloc(cap, sizeof *slot);
		unsigned char *recs = realloc(s->prec, cap / 2 * cmp);
		if (!slot || !recs) {
			free(slot);
			if (recs)
				s->prec = recs;
			return -1;
		}
		s->prec = recs;
		for (size_t i = 0; i < s->pn; i++) {
			const unsigned char *q = s->prec + i * cmp;
			size_t j = (size_t)state_hash(q[0], q + REC_HDR, s->key_size) & (cap - 1);
			while (slot[j])
				j = (j + 1) & (cap - 1);
			slot[j] = (uint32_t)(i + 1);
		}
		free(s->pslot);
		s->pslot = slot;
		s->pcap = cap;
	}
	size_t j = (size_t)state_hash(rec[0], rec + REC_HDR, s->key_size) & (s->pcap - 1);
	for (;;) {
		uint32_t v = s->pslot[j];
		if (!v) {
			memcpy(s->prec + s->pn * cmp, rec, cmp);
			s->pslot[j] = (uint32_t)++s->pn;
			return 1;
		}
		if (memcmp(s->prec + (v - 1) * cmp, rec, cmp) == 0)
			return 0;
		j = (j + 1) & (s->pcap - 1);
	}
}

/* AUTO (reach.h): counts the distinct states among the layered nodes; at
 * JS_REACH_GRAPH_PROBE nodes it decides, and asks for the graph search (to_graph) when the
 * nodes outnumber the states JS_REACH_GRAPH_RATIO times. */
static int probe_add(search *s, const unsigned char *rec)
{
	if (reach_probe_insert(s, rec) < 0) {
		s->overflow = OV_ALLOC;
		return -1;
	}
	if (s->nodes >= JS_REACH_GRAPH_PROBE || s->pn >= JS_REACH_GRAPH_PROBE) {
		s->probing = 0;
		free(s->pslot);
		free(s->prec);
		s->pslot = NULL;
		s->prec = NULL;
		if (s->nodes >= (uint64_t)JS_REACH_GRAPH_RATIO * s->pn) {
			s->to_graph = 1;
			return -1;
		}
	}
	return 0;
}

/* Inserts the batch into level k + 1 (new nodes, or a lower A for existing ones). */
static int flush(search *s, int k)
{
	level *L = &s->lv[k], *N = &s->lv[k + 1];
	for (int b = 0; b < s->nb; b++) {
		const unsigned char *st = s->b_state[b];
		uint32_t p = s->b_parent[b];
		int64_t P = max64(L->a[p], L->h[p]);
		uint64_t x = s->b_hash[b], tag = x & SLOT_TAG_MASK;
		size_t j = 0;
		int64_t found = table_find(s, s->brec, s->b_took[b], st, x, &j);
		if (found >= 0) {
			if (P < N->a[found]) {
				N->a[found] = P;
				N->par[found] = p | (uint32_t)s->b_ci[b] << PAR_SHIFT;
			}
		} else {
			if (build_room(s, N) != 0)
				return -1;
			size_t i = N->n++;
			s->nodes++;
			unsigned char *r = s->brec + i * s->rec_size;
			memset(r, 0, s->rec_size);
			r[0] = s->b_took[b];
			memcpy(r + REC_HDR, st, s->m->state_size);
			s->bhash[i] = x;
			N->h[i] = s->b_took[b] ? s->b_height[b] : HMIN;
			N->a[i] = P;
			N->par[i] = p | (uint32_t)s->b_ci[b] << PAR_SHIFT;
			N->fl[i] = 0;
			if (s->settle && s->b_took[b]) /* new nodes only (a duplicate's is known) */
				reach_settle_of(s, k + 1, st, N->h[i], &N->fl[i], &N->slo[i],
						&N->shi[i]);
			if (s->probing && probe_add(s, r) != 0)
				return -1;
			s->t.slots[j] = s->t.gen << SLOT_GEN_SHIFT | tag | (uint64_t)(i + 1);
			if (N->n * 10 > s->t.cap * 7 && reach_table_grow(s, s->bhash, N->n) != 0)
				return -1;
			found = (int64_t)i;
		}
		L->child[(size_t)p * (size_t)s->nc + s->b_ci[b]] = (uint32_t)found;
	}
	s->nb = 0;
	return 0;
}

/* Builds level k + 1 from level k (frame k). */
static int expand(search *s, int k)
{
	level *L = &s->lv[k];
	if (reach_slab_alloc(s) != 0)
		return -1;
	for (size_t lo = 0; lo < L->n; lo += SLAB_NODES) {
		size_t hi = L->n - lo < SLAB_NODES ? L->n : lo + SLAB_NODES;
		reach_step_slab(s, s->crec, lo, hi, L->fl, k == 0);
		for (size_t i = lo; i < hi; i++)
			for (int ci = 0; ci < s->nc; ci++) {
				size_t q = (i - lo) * (size_t)s->nc + (size_t)ci;
				int kind = s->sl_kind[q];
				if (kind == SL_NONE)
					continue; /* settled, or no press on frame 0: the slot stays NONE */
				if (kind == SL_LAND) {
					if (add_land(s, L, s->sl_h[q], &L->child[i * (size_t)s->nc + (size_t)ci]))
						return -1;
					continue;
				}
				int b = s->nb;
				memcpy(s->b_state[b], s->sl_st + q * s->rec_size, s->m->state_size);
				s->b_took[b] = (uint8_t)(kind == SL_AIR);
				s->b_height[b] = s->sl_h[q];
				s->b_parent[b] = (uint32_t)i;
				s->b_ci[b] = (uint8_t)ci;
				uint64_t x = s->sl_hash[q];
				s->b_hash[b] = x;
				__builtin_prefetch(&s->t.slots[(size_t)x & (s->t.cap - 1)]);
				if (++s->nb == BATCH && flush(s, k) != 0)
					return -1;
			}
	}
	return flush(s, k);
}

void reach_level_free(level *L)
{
	free(L->h);
	free(L->a);
	free(L->par);
	free(L->fl);
	free(L->slo);
	free(L->shi);
	free(L->child);
	free(L->land);
	free(L->ba);
	free(L->lofs);
	free(L->lcnt);
	free(L->pool);
	memset(L, 0, sizeof *L);
}

/* Forward: levels 1..n.  Returns 0, or -1 when the budget (or memory) stopped it at horizon. */
static int forward(search *s)
{
	const js_model *m = s->m;
	level *L0 = &s->lv[0];
	L0->n = 1;
	if (grow(s, (void **)&L0->h, 1, 8) || grow(s, (void **)&L0->a, 1, 8) ||
	    grow(s, (void **)&L0->par, 1, 4) ||
	    grow(s, (void **)&L0->fl, 1, 1) || grow(s, (void **)&s->crec, 1, s->rec_size))
		return -1;
	L0->h[0] = HMIN;
	L0->a[0] = 0; /* js_acc's rise starts at 0 */
	L0->par[0] = NONE;
	L0->fl[0] = 0;
	memset(s->crec, 0, s->rec_size);
	reach_start_state(m, s->out->axis, s->crec + REC_HDR);
	reach_account(s, s->node_bytes);
	for (int k = 0; k < s->n; k++) {
		level *L = &s->lv[k];
		s->horizon = k;
		size_t cn = L->n * (size_t)s->nc;
		if (reach_account(s, cn * 4) != 0 || grow(s, (void **)&L->child, cn, 4))
			return -1;
		memset(L->child, 0xff, cn * sizeof *L->child);
		/* room for every child at once (untouched pages cost nothing); shrunk after */
		s->bcap_hint = cn > 1024 ? cn : 1024;
		if (reach_table_begin(s, L->n) != 0 || expand(s, k) != 0) {
			/* level k + 1 is partial: drop it and level k's edges */
			memset(L->child, 0xff, cn * sizeof *L->child);
			L->nland = 0;
			reach_level_free(&s->lv[k + 1]);
			return -1;
		}
		level *N = &s->lv[k + 1];
		/* the records of level k + 1 become the ones to expand */
		reach_unaccount(s, N->n * (s->rec_size + 24) + (L->n * s->rec_size));
		reach_account(s, N->n * s->rec_size);
		free(s->crec);
		s->crec = s->brec;
		s->brec = NULL;
		free(s->bhash);
		s->bhash = NULL;
		s->bcap = 0;
		shrink(&N->h, N->n, 8);
		shrink(&N->a, N->n, 8);
		shrink(&N->par, N->n, 4);
		shrink(&N->fl, N->n, 1);
		shrink(&N->slo, N->n, 2);
		shrink(&N->shi, N->n, 2);
		if (N->n > s->out->peak_nodes)
			s->out->peak_nodes = N->n;
		s->horizon = k + 1;
		reach_meter_frame(s, k + 1);
	}
	return 0;
}

/* ---- the layered search: backward, and the outcomes ---- */

/* The outcomes of node i of level k (k >= 1 unless an edge): see reach.h. */
int reach_outcomes(search *s, int k, size_t i)
{
	const level *L = &s->lv[k];
	int64_t h = L->h[i], a = L->a[i], P = max64(a, h);
	/* its landing edges (frame k, airtime k + 1) */
	if (L->child && L->nland)
		for (int ci = 0; ci < s->nc; ci++) {
			uint32_t c = L->child[i * (size_t)s->nc + (size_t)ci];
			if (c == NONE || !(c & LAND))
				continue;
			int64_t hl = L->land[c & ~LAND];
			if (hl > P) { /* the first frame at rise hl > 0 */
				if (res_add(&s->R, hl, k, k, k + 1, k + 1, W_EDGE, k, (uint32_t)i,
					    (uint8_t)ci, -1))
					return -1;
			} else if (P == 0) { /* every height so far at most 0: rise 0 */
				if (res_add(&s->R, 0, 0, 0, k + 1, k + 1, W_EDGE, k, (uint32_t)i,
					    (uint8_t)ci, -1))
					return -1;
			}
		}
	if (h == HMIN || k == 0)
		return 0;
	const lent *e = L->pool + L->lofs[i];
	int n = L->lcnt[i];
	lent se[2];
	if (L->fl[i] & N_SETTLED) {
		se[0] = (lent){ HMIN, settle_lo(L, i) };
		se[1] = (lent){ HMIN, settle_hi(L, i) };
		e = se;
		n = 2;
	}
	int64_t r;
	int32_t alo, ahi;
	if (h > 0 && a < h) { /* the first node at rise h on some path */
		r = h;
		alo = ahi = k - 1;
	} else if (P == 0) { /* every height so far at most 0: rise 0 if nothing later is above */
		r = 0;
		alo = ahi = 0;
	} else {
		return 0;
	}
	int32_t tlo, thi;
	if (lents_query(e, n, r, &tlo, &thi) &&
	    res_add(&s->R, r, alo, ahi, tlo, thi, W_LAND, k, (uint32_t)i, 0, -1))
		return -1;
	if (ba_of(L, i) <= r && res_add(&s->R, r, alo, ahi, -1, -1, W_AIR, k, (uint32_t)i, 0, -1))
		return -1;
	return 0;
}

/* Backward from the horizon: per node the landing list and ba, then its outcomes. */
static int backward(search *s)
{
	lent *tmp = NULL;
	size_t tmp_cap = 0;
	for (int k = s->horizon; k >= 0; k--) {
		level *L = &s->lv[k];
		const level *N = k < s->horizon ? &s->lv[k + 1] : NULL;
		size_t n = L->n;
		if (grow(s, (void **)&L->ba, n, 8) || grow(s, (void **)&L->lofs, n, 4) ||
		    grow(s, (void **)&L->lcnt, n, 1))
			goto fail;
		size_t pool_cap = n + 16;
		if (grow(s, (void **)&L->pool, pool_cap, sizeof(lent)))
			goto fail;
		L->npool = 0;
		int any_ba = 0;
		for (size_t i = 0; i < n; i++) {
			int cnt = 0;
			int64_t ba = HMAX;
			size_t need = 2;
			if (N && !(L->fl[i] & N_SETTLED))
				for (int ci = 0; ci < s->nc; ci++) {
					uint32_t c = L->child[i * (size_t)s->nc + (size_t)ci];
					if (c != NONE && !(c & LAND))
						need += N->lcnt[c] + 2u;
					need++;
				}
			if (need > tmp_cap) {
				tmp_cap = 2 * need;
				if (grow(s, (void **)&tmp, tmp_cap, sizeof *tmp))
					goto fail;
			}
			if (L->fl[i] & N_SETTLED) {
				/* its list is {(HMIN, slo), (HMIN, shi)}, read from slo, shi */
			} else if (!N) {
				/* at the limit: in the air (unless the search was cut short) */
				ba = L->h[i] != HMIN && !s->truncated ? HMIN : HMAX;
			} else {
				for (int ci = 0; ci < s->nc; ci++) {
					uint32_t c = L->child[i * (size_t)s->nc + (size_t)ci];
					if (c == NONE)
						continue;
					if (c & LAND) {
						tmp[cnt++] = (lent){ L->land[c & ~LAND], k + 1 };
						continue;
					}
					int64_t hc = N->h[c];
					if (ba_of(N, c) != HMAX)
						ba = min64(ba, max64(hc, ba_of(N, c)));
					if (N->fl[c] & N_SETTLED) {
						tmp[cnt++] = (lent){ hc, settle_lo(N, c) };
						tmp[cnt++] = (lent){ hc, settle_hi(N, c) };
						continue;
					}
					const lent *ce = N->pool + N->lofs[c];
					for (int q = 0; q < N->lcnt[c]; q++)
						tmp[cnt++] = (lent){ max64(hc, ce[q].v), ce[q].t };
				}
				cnt = prune_lents(tmp, cnt);
			}
			if (L->npool + (size_t)cnt > pool_cap) {
				size_t cap = pool_cap * 2 + (size_t)cnt;
				/* counted, never refused: the forward pass reserved the
				 * backward estimate with each node */
				s->bytes += (cap - pool_cap) * sizeof(lent);
				if (s->bytes > s->out->peak_bytes)
					s->out->peak_bytes = s->bytes;
				if (grow(s, (void **)&L->pool, cap, sizeof(lent)))
					goto fail;
				pool_cap = cap;
			}
			if (cnt > 255) {
				s->overflow = OV_ALLOC;
				goto fail;
			}
			memcpy(L->pool + L->npool, tmp, (size_t)cnt * sizeof *tmp);
			L->lofs[i] = (uint32_t)L->npool;
			if (L->fl[i] & N_SETTLED) /* the landing range, packed (settle_lo, settle_hi) */
				L->lofs[i] = (uint16_t)L->slo[i] | (uint32_t)(uint16_t)L->shi[i] << 16;
			L->lcnt[i] = (uint8_t)cnt;
			L->npool += (size_t)cnt;
			L->ba[i] = ba;
			any_ba |= ba != HMAX;
			if (reach_outcomes(s, k, i) != 0) {
				s->overflow = OV_ALLOC;
				goto fail;
			}
		}
		/* level k's outcomes are done: A is not needed again (witnesses follow par), the
		 * settle ranges are in lofs, and ba is kept only if some node's is not HMAX */
		free(L->a);
		L->a = NULL;
		free(L->slo);
		free(L->shi);
		L->slo = L->shi = NULL;
		if (!any_ba) {
			free(L->ba);
			L->ba = NULL;
		}
		if (N) { /* level k + 1's lists were read for the last time: shrink its pool */
			level *M = &s->lv[k + 1];
			lent *p = realloc(M->pool, (M->npool ? M->npool : 1) * sizeof *p);
			if (p)
				M->pool = p;
		}
	}
	free(tmp);
	return 0;
fail:
	free(tmp);
	return -1;
}

/* ---- witnesses (layered) ---- */

/* From node j of level g: a continuation whose later heights are all at most r, that lands
 * (air = 0) or stays in the air through the last frame (air = 1).  Returns the length. */
static int suffix(const search *s, int g, uint32_t j, int64_t r, int air, uint8_t *seq)
{
	for (;;) {
		const level *L = &s->lv[g];
		if (air && g == s->horizon)
			return g;
		if (!air && (L->fl[j] & N_SETTLED)) {
			unsigned c = s->combos[L->fl[j] >> 4];
			int t = settle_lo(L, j); /* the early input lands with this airtime */
			while (g < t)
				seq[g++] = (uint8_t)c;
			return t;
		}
		const level *N = &s->lv[g + 1];
		int next = -1;
		for (int ci = 0; ci < s->nc && next < 0; ci++) {
			uint32_t c = L->child[(size_t)j * (size_t)s->nc + (size_t)ci];
			if (c == NONE)
				continue;
			if (c & LAND) {
				if (!air && L->land[c & ~LAND] <= r) {
					seq[g] = (uint8_t)s->combos[ci];
					return g + 1;
				}
				continue;
			}
			if (N->h[c] > r)
				continue;
			if (air ? ba_of(N, c) <= r
				: (N->fl[c] & N_SETTLED) || (N->lcnt[c] && N->pool[N->lofs[c]].v <= r)) {
				seq[g] = (uint8_t)s->combos[ci];
				next = (int)c;
			}
		}
		if (next < 0)
			return -1; /* cannot happen: the backward values promise a continuation */
		j = (uint32_t)next;
		g++;
	}
}

static int witness_layered(const search *s, const entry *e, uint8_t *seq)
{
	uint32_t q = e->w_i;
	for (int g = e->w_k; g >= 1; g--) {
		uint32_t p = s->lv[g].par[q];
		seq[g - 1] = (uint8_t)s->combos[p >> PAR_SHIFT];
		q = p & PAR_MASK;
	}
	if (e->w_kind == W_EDGE) {
		seq[e->w_k] = (uint8_t)s->combos[e->w_c];
		return e->w_k + 1;
	}
	return suffix(s, e->w_k, e->w_i, e->rise, e->w_kind == W_AIR, seq);
}

/* ---- the graph (frame-free) search ----
 * A model's step does not read the frame number, so a state's future depends on the frame it is
 * reached on only through the frames left.  The search keeps each distinct state once (its
 * children, its parents) and, instead of one node per (state, frame), a log of the frames on
 * which its values change:
 *   A_k(s): the least highest height before s over the paths reaching s after frame k - 1
 *           (HMAX where s is not reached then); A_k(s) = min over parents p of P_{k-1}(p), with
 *           P = max(A, height);
 *   E_d(s): the least highest later height over continuations landing exactly d frames later;
 *   B_j(s): the same over continuations still in the air after j more frames (B_0 = HMIN once
 *           took off).
 * A value can change on frame k only if a neighbour's changed on frame k - 1, so each frame
 * recomputes the children (forward) or the parents (backward) of the states that changed.
 * Rise r = height(s) is then reached iff for some k: A_k(s) < r (the first node at r on the path)
 * and a landing d <= n - k frames later with E_d(s) <= r, or B_{n-k}(s) <= r; airtimes are k + d.
 * The settle hook is not used here (a settled range is relative to the frame reached). */

typedef struct chg {
	int64_t v;
	int32_t k;
	uint32_t s;
} chg;

typedef struct glog { /* the changes of one value, then grouped per state */
	chg *c;
	size_t n, cap;
	uint32_t *ofs; /* [n_states + 1] once grouped */
} glog;

typedef struct gsearch {
	size_t n, cap;
	unsigned char *rec; /* records while discovering */
	uint64_t *hash;
	int64_t *h;
	uint32_t *child;    /* [n * nc] */
	int64_t *land;
	size_t nland, land_cap;
	uint32_t *pofs, *par; /* parents of state i: par[pofs[i] .. pofs[i + 1]) */
	glog A, E, B;
	int64_t *cur, *nxt;
	uint32_t *cand, *stamp, *chg_now, *chg_prev;
	uint32_t tagc; /* stamp of the current propagation frame */
	size_t reached; /* forward: states reached on the current frame */
} gsearch;

static int glog_add(search *s, glog *L, uint32_t st, int32_t k, int64_t v)
{
	if (L->n == L->cap) {
		size_t cap = L->cap ? 2 * L->cap : 4096;
		if (reach_account(s, (cap - L->cap) * sizeof(chg)) || grow(s, (void **)&L->c, cap, sizeof(chg)))
			return -1;
		L->cap = cap;
	}
	L->c[L->n++] = (chg){ v, k, st };
	return 0;
}

/* Groups a log by state, keeping each state's changes in frame order (a counting sort). */
static int glog_group(search *s, glog *L, size_t n_states)
{
	L->ofs = calloc(n_states + 1, sizeof *L->ofs);
	chg *c = malloc((L->n ? L->n : 1) * sizeof *c);
	if (!L->ofs || !c || L->n >= UINT32_MAX) {
		free(c);
		s->overflow = OV_ALLOC;
		return -1;
	}
	for (size_t i = 0; i < L->n; i++)
		L->ofs[L->c[i].s + 1]++;
	for (size_t i = 0; i < n_states; i++)
		L->ofs[i + 1] += L->ofs[i];
	uint32_t *pos = malloc((n_states ? n_states : 1) * sizeof *pos);
	if (!pos) {
		free(c);
		s->overflow = OV_ALLOC;
		return -1;
	}
	memcpy(pos, L->ofs, n_states * sizeof *pos);
	for (size_t i = 0; i < L->n; i++)
		c[pos[L->c[i].s]++] = L->c[i];
	free(pos);
	free(L->c);
	L->c = c;
	return 0;
}

/* The value of state st at frame k (the last change at or before k); dflt before the first. */
static int64_t glog_at(const glog *L, uint32_t st, int32_t k, int64_t dflt)
{
	uint32_t lo = L->ofs[st], hi = L->ofs[st + 1];
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (L->c[mid].k <= k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo == L->ofs[st] ? dflt : L->c[lo - 1].v;
}

enum { IV_LT, IV_LE, IV_EQ };

/* The frames in [lo, hi] where state st's value satisfies v < r, v <= r or v == r, as sorted
 * disjoint intervals iv[2i], iv[2i + 1]; returns their number.  HMAX (no path) never does. */
static int glog_intervals(const glog *L, uint32_t st, int32_t lo, int32_t hi, int64_t r, int mode,
			  int32_t *iv)
{
	int n = 0;
	uint32_t a = L->ofs[st], b = L->ofs[st + 1];
	for (uint32_t q = a; q < b; q++) {
		int64_t v = L->c[q].v;
		int32_t k1 = L->c[q].k, k2 = q + 1 < b ? L->c[q + 1].k - 1 : hi;
		if (k1 < lo)
			k1 = lo;
		if (k2 > hi)
			k2 = hi;
		if (k1 > k2 || v == HMAX)
			continue;
		int ok = mode == IV_LT ? v < r : mode == IV_LE ? v <= r : v == r;
		if (!ok)
			continue;
		if (n && iv[2 * n - 1] + 1 == k1)
			iv[2 * n - 1] = k2;
		else {
			iv[2 * n] = k1;
			iv[2 * n + 1] = k2;
			n++;
		}
	}
	return n;
}

static int g_room(search *s, gsearch *g)
{
	if ((s->max_nodes && g->n + 1 > s->max_nodes) || g->n + 1 >= MAX_NODES) {
		s->overflow = OV_NODES;
		return -1;
	}
	/* per state: record, hash, height, children, parents, the working values, and an estimate
	 * of 12 logged changes */
	size_t per = s->rec_size + 8 + 8 + 8 * (size_t)s->nc + 8 * 2 + 16 + 12 * sizeof(chg);
	if (reach_account(s, per) != 0)
		return -1;
	if (g->n < g->cap)
		return 0;
	size_t cap = g->cap ? 2 * g->cap : 4096;
	if (grow(s, (void **)&g->rec, cap, s->rec_size) || grow(s, (void **)&g->hash, cap, 8) ||
	    grow(s, (void **)&g->h, cap, 8) || grow(s, (void **)&g->child, cap * (size_t)s->nc, 4))
		return -1;
	g->cap = cap;
	return 0;
}

/* The index of a state (took 0 or 1; the root, 2, is never merged), added if new (*is_new). */
static int64_t g_insert(search *s, gsearch *g, unsigned took, const unsigned char *st, int64_t h,
			int *is_new)
{
	uint64_t x = state_hash(took, st, s->key_size), tag = x & SLOT_TAG_MASK;
	size_t j = 0;
	*is_new = 0;
	int64_t found = table_find(s, g->rec, took, st, x, &j);
	if (found >= 0)
		return found;
	if (g_room(s, g) != 0)
		return -1;
	size_t i = g->n++;
	unsigned char *r = g->rec + i * s->rec_size;
	memset(r, 0, s->rec_size);
	r[0] = (unsigned char)took;
	memcpy(r + REC_HDR, st, s->m->state_size);
	g->hash[i] = x;
	g->h[i] = took == 1 ? h : HMIN;
	memset(&g->child[i * (size_t)s->nc], 0xff, (size_t)s->nc * sizeof *g->child);
	s->t.slots[j] = s->t.gen << SLOT_GEN_SHIFT | tag | (uint64_t)(i + 1);
	if (g->n * 10 > s->t.cap * 7 && reach_table_grow(s, g->hash, g->n) != 0)
		return -1;
	*is_new = 1;
	return (int64_t)i;
}

/* Every state reachable within n frames, breadth first, with its children; then parents. */
static int g_discover(search *s, gsearch *g)
{
	const js_model *m = s->m;
	if (reach_table_begin(s, 1 << 16) != 0)
		return -1;
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	reach_start_state(m, s->out->axis, st);
	int is_new;
	if (g_insert(s, g, 2, st, HMIN, &is_new) < 0)
		return -1;
	size_t lo = 0, hi = 1; /* the states first reached after frame d - 1 */
	if (reach_slab_alloc(s) != 0)
		return -1;
	for (int d = 0; d < s->n && lo < hi; d++) {
		for (size_t a = lo; a < hi; a += SLAB_NODES) {
			size_t b = hi - a < SLAB_NODES ? hi : a + SLAB_NODES;
			reach_step_slab(s, g->rec, a, b, NULL, a == 0);
			for (size_t i = a; i < b; i++)
				for (int ci = 0; ci < s->nc; ci++) {
					size_t q = (i - a) * (size_t)s->nc + (size_t)ci;
					int kind = s->sl_kind[q];
					uint32_t slot;
					if (kind == SL_NONE)
						continue;
					if (kind == SL_LAND) {
						if (g->nland == g->land_cap) {
							size_t cap = g->land_cap ? 2 * g->land_cap : 1024;
							if (reach_account(s, (cap - g->land_cap) * 8) ||
							    grow(s, (void **)&g->land, cap, 8))
								return -1;
							g->land_cap = cap;
						}
						slot = LAND | (uint32_t)g->nland;
						g->land[g->nland++] = s->sl_h[q];
					} else {
						int64_t j = g_insert(s, g, kind == SL_AIR,
								     s->sl_st + q * s->rec_size, s->sl_h[q],
								     &is_new);
						if (j < 0) {
							s->overflow_frame = d;
							return -1;
						}
						slot = (uint32_t)j;
					}
					g->child[i * (size_t)s->nc + (size_t)ci] = slot;
				}
		}
		lo = hi;
		hi = g->n;
		reach_meter_frame(s, d + 1);
	}
	free(g->rec);
	g->rec = NULL;
	free(g->hash);
	g->hash = NULL;
	free(s->t.slots);
	s->t.slots = NULL;
	s->t.cap = 0;
	/* parents: each (parent, child) edge once per input that makes it */
	g->pofs = calloc(g->n + 1, sizeof *g->pofs);
	if (!g->pofs)
		return -1;
	size_t ne = 0;
	for (size_t i = 0; i < g->n * (size_t)s->nc; i++) {
		uint32_t c = g->child[i];
		if (c != NONE && !(c & LAND)) {
			g->pofs[c + 1]++;
			ne++;
		}
	}
	for (size_t i = 0; i < g->n; i++)
		g->pofs[i + 1] += g->pofs[i];
	g->par = malloc((ne ? ne : 1) * sizeof *g->par);
	uint32_t *pos = malloc((g->n ? g->n : 1) * sizeof *pos);
	if (!g->par || !pos) {
		free(pos);
		return -1;
	}
	memcpy(pos, g->pofs, g->n * sizeof *pos);
	for (size_t i = 0; i < g->n; i++)
		for (int ci = 0; ci < s->nc; ci++) {
			uint32_t c = g->child[i * (size_t)s->nc + (size_t)ci];
			if (c != NONE && !(c & LAND))
				g->par[pos[c]++] = (uint32_t)i;
		}
	free(pos);
	return 0;
}

static inline int64_t g_P(const gsearch *g, const int64_t *a, uint32_t i)
{
	return a[i] == HMAX ? HMAX : max64(a[i], g->h[i]);
}

/* One frame of a propagation: the candidates' new values from the current ones (all computed
 * before any is applied), then the changes logged.  dir 0: forward (candidates are children of
 * the changed states, values from parents); 1: backward (parents; values from children). */
static int g_step(search *s, gsearch *g, glog *L, int32_t k, int dir, size_t *n_prev,
		  size_t *n_now, int all, int64_t (*base)(const search *, const gsearch *, uint32_t))
{
	size_t nc = 0;
	uint32_t tag = ++g->tagc;
	if (all) {
		for (size_t i = 0; i < g->n; i++)
			g->cand[nc++] = (uint32_t)i;
	} else {
		for (size_t q = 0; q < *n_prev; q++) {
			uint32_t x = g->chg_prev[q];
			if (dir == 0) {
				for (int ci = 0; ci < s->nc; ci++) {
					uint32_t c = g->child[(size_t)x * (size_t)s->nc + (size_t)ci];
					if (c == NONE || (c & LAND) || g->stamp[c] == tag)
						continue;
					g->stamp[c] = tag;
					g->cand[nc++] = c;
				}
			} else {
				for (uint32_t p = g->pofs[x]; p < g->pofs[x + 1]; p++) {
					uint32_t c = g->par[p];
					if (g->stamp[c] == tag)
						continue;
					g->stamp[c] = tag;
					g->cand[nc++] = c;
				}
			}
		}
	}
	for (size_t q = 0; q < nc; q++) {
		uint32_t x = g->cand[q];
		int64_t v = base ? base(s, g, x) : HMAX;
		if (dir == 0) {
			for (uint32_t p = g->pofs[x]; p < g->pofs[x + 1]; p++)
				v = min64(v, g_P(g, g->cur, g->par[p]));
		} else {
			for (int ci = 0; ci < s->nc; ci++) {
				uint32_t c = g->child[(size_t)x * (size_t)s->nc + (size_t)ci];
				if (c == NONE || (c & LAND) || g->cur[c] == HMAX)
					continue;
				v = min64(v, max64(g->h[c], g->cur[c]));
			}
		}
		g->nxt[q] = v;
	}
	*n_now = 0;
	for (size_t q = 0; q < nc; q++) {
		uint32_t x = g->cand[q];
		if (g->nxt[q] == g->cur[x])
			continue;
		if (dir == 0)
			g->reached += (g->cur[x] == HMAX) - (g->nxt[q] == HMAX);
		g->cur[x] = g->nxt[q];
		g->chg_now[(*n_now)++] = x;
		if (glog_add(s, L, x, k, g->nxt[q]) != 0)
			return -1;
	}
	uint32_t *t = g->chg_prev;
	g->chg_prev = g->chg_now;
	g->chg_now = t;
	*n_prev = *n_now;
	return 0;
}

/* E_1: the lowest landing-edge height (the landing frame's). */
static int64_t g_land_min(const search *s, const gsearch *g, uint32_t x)
{
	int64_t v = HMAX;
	for (int ci = 0; ci < s->nc; ci++) {
		uint32_t c = g->child[(size_t)x * (size_t)s->nc + (size_t)ci];
		if (c != NONE && (c & LAND))
			v = min64(v, g->land[c & ~LAND]);
	}
	return v;
}

static int g_propagate(search *s, gsearch *g)
{
	size_t n = g->n;
	g->cur = malloc(n * sizeof *g->cur);
	g->nxt = malloc(n * sizeof *g->nxt);
	g->cand = malloc(n * sizeof *g->cand);
	g->stamp = calloc(n, sizeof *g->stamp);
	g->chg_now = malloc(n * sizeof *g->chg_now);
	g->chg_prev = malloc(n * sizeof *g->chg_prev);
	if (!g->cur || !g->nxt || !g->cand || !g->stamp || !g->chg_now || !g->chg_prev)
		return -1;
	js_reach_set *out = s->out;
	/* forward: A over frames 0..n (level k = after frame k - 1) */
	for (size_t i = 0; i < n; i++)
		g->cur[i] = HMAX;
	g->cur[0] = 0;
	if (glog_add(s, &g->A, 0, 0, 0) != 0)
		return -1;
	g->chg_prev[0] = 0;
	size_t n_prev = 1, n_now = 0;
	g->reached = 1;
	for (int32_t k = 1; k <= s->n; k++) {
		if (g_step(s, g, &g->A, k, 0, &n_prev, &n_now, 0, NULL) != 0)
			return -1;
		if (k == 1) { /* the start is reached on frame 0 only */
			g->cur[0] = HMAX;
			g->reached--;
			g->chg_prev[n_prev++] = 0;
			if (glog_add(s, &g->A, 0, 1, HMAX) != 0)
				return -1;
		}
		out->frame_nodes += g->reached;
		if (g->reached > out->peak_nodes)
			out->peak_nodes = g->reached;
	}
	for (size_t i = 0; i < n; i++)
		if (g->cur[i] != HMAX) {
			out->airborne_at_limit += g->h[i] != HMIN;
			out->no_takeoff += g->h[i] == HMIN;
		}
	/* backward: E_d, d = 1..n (landing exactly d frames later) */
	for (size_t i = 0; i < n; i++)
		g->cur[i] = HMAX;
	n_prev = 0;
	for (int32_t d = 1; d <= s->n; d++)
		if (g_step(s, g, &g->E, d, 1, &n_prev, &n_now, d <= 2, d == 1 ? g_land_min : NULL))
			return -1;
	/* backward: B_j, j = 0..n (in the air after j more frames) */
	for (size_t i = 0; i < n; i++) {
		g->cur[i] = g->h[i] != HMIN ? HMIN : HMAX;
		if (g->cur[i] != HMAX && glog_add(s, &g->B, (uint32_t)i, 0, HMIN) != 0)
			return -1;
	}
	for (int32_t j = 1; j <= s->n; j++)
		if (g_step(s, g, &g->B, j, 1, &n_prev, &n_now, j == 1, NULL))
			return -1;
	return glog_group(s, &g->A, n) || glog_group(s, &g->E, n) || glog_group(s, &g->B, n);
}

/* The largest element of the interval list iv (n intervals) that is <= x, or -1. */
static int32_t iv_floor(const int32_t *iv, int n, int32_t x)
{
	int32_t best = -1;
	for (int i = 0; i < n && iv[2 * i] <= x; i++)
		best = iv[2 * i + 1] < x ? iv[2 * i + 1] : x;
	return best;
}

/* The outcomes of state x with rise r over its frames K (A_k < r, or == 0 for rise 0): landing
 * d frames later (E_d <= r, k + d <= n: airtime k + d) and in the air at the limit. */
static int g_outcomes(search *s, gsearch *g, uint32_t x, int64_t r, const int32_t *K, int nk,
		      int32_t *D, int32_t *J, int apex_is_k)
{
	int n = s->n;
	int nd = glog_intervals(&g->E, x, 1, n, r, IV_LE, D);
	if (nd && nk) {
		int32_t kmin = K[0], dmin = D[0];
		if (kmin + dmin <= n) {
			int32_t tmax = -1;
			for (int i = 0; i < nk && K[2 * i] + dmin <= n; i++) {
				int32_t d = iv_floor(D, nd, n - K[2 * i]);
				if (d < 0)
					continue;
				int32_t t = K[2 * i + 1] + d < n ? K[2 * i + 1] + d : n;
				tmax = t > tmax ? t : tmax;
			}
			int32_t kmax = iv_floor(K, nk, n - dmin);
			int32_t alo = apex_is_k ? kmin - 1 : 0, ahi = apex_is_k ? kmax - 1 : 0;
			if (res_add(&s->R, r, alo, ahi, kmin + dmin, tmax, W_LAND, kmin, x, 0, dmin))
				return -1;
		}
	}
	/* in the air: k with B_{n-k} <= r, i.e. j = n - k in J */
	int nj = glog_intervals(&g->B, x, 0, n - 1, r, IV_LE, J);
	int32_t lo = -1, hi = -1;
	for (int a = 0, b = nj - 1; a < nk && b >= 0;) {
		/* K ascending against n - J ascending (J walked from its end) */
		int32_t k1 = K[2 * a], k2 = K[2 * a + 1];
		int32_t m1 = n - J[2 * b + 1], m2 = n - J[2 * b];
		int32_t x1 = k1 > m1 ? k1 : m1, x2 = k2 < m2 ? k2 : m2;
		if (x1 <= x2) {
			if (lo < 0)
				lo = x1;
			hi = x2;
		}
		if (k2 < m2)
			a++;
		else
			b--;
	}
	if (lo >= 0 && res_add(&s->R, r, apex_is_k ? lo - 1 : 0, apex_is_k ? hi - 1 : 0, -1, -1,
			       W_AIR, lo, x, 0, -1))
		return -1;
	return 0;
}

static int g_evaluate(search *s, gsearch *g)
{
	int n = s->n;
	size_t cap = 2 * ((size_t)n + 2);
	int32_t *K = malloc(cap * sizeof *K), *D = malloc(cap * sizeof *D),
		*J = malloc(cap * sizeof *J);
	int rc = -1;
	if (!K || !D || !J)
		goto out;
	for (uint32_t x = 0; x < g->n; x++) {
		int64_t h = g->h[x];
		/* landing edges: on frame k from level k (k <= n - 1), airtime k + 1 */
		for (int ci = 0; ci < s->nc; ci++) {
			uint32_t c = g->child[(size_t)x * (size_t)s->nc + (size_t)ci];
			if (c == NONE || !(c & LAND))
				continue;
			int64_t hl = g->land[c & ~LAND];
			int nk;
			if (hl > 0 && h < hl)
				nk = glog_intervals(&g->A, x, 0, n - 1, hl, IV_LT, K);
			else if (hl <= 0 && h <= 0)
				nk = glog_intervals(&g->A, x, 0, n - 1, 0, IV_EQ, K);
			else
				continue;
			if (!nk)
				continue;
			int32_t kmin = K[0], kmax = K[2 * nk - 1];
			int64_t r = hl > 0 ? hl : 0;
			if (res_add(&s->R, r, r ? kmin : 0, r ? kmax : 0, kmin + 1, kmax + 1, W_EDGE, kmin,
				    x, (uint8_t)ci, -1))
				goto out;
		}
		if (h == HMIN)
			continue;
		if (h > 0) {
			int nk = glog_intervals(&g->A, x, 1, n, h, IV_LT, K);
			if (nk && g_outcomes(s, g, x, h, K, nk, D, J, 1))
				goto out;
		} else {
			int nk = glog_intervals(&g->A, x, 1, n, 0, IV_EQ, K);
			if (nk && g_outcomes(s, g, x, 0, K, nk, D, J, 0))
				goto out;
		}
	}
	rc = 0;
out:
	free(K);
	free(D);
	free(J);
	return rc;
}

static int graph_search(search *s)
{
	s->out->layered = 0;
	gsearch *g = calloc(1, sizeof *g);
	if (!g)
		return -1;
	s->g = g;
	if (g_discover(s, g) != 0) {
		if (s->overflow == OV_ALLOC)
			return -1;
		/* over budget: the graph search has nothing partial to offer; the caller marks the
		 * set incomplete and the layered search's truncation is the fallback (AUTO) */
		s->out->states = g->n;
		return -1;
	}
	s->out->states = g->n;
	if (g_propagate(s, g) != 0 || g_evaluate(s, g) != 0)
		return -1;
	return 0;
}

void reach_graph_view(const search *s, gsearch_view *v)
{
	v->n = s->g->n;
	v->h = s->g->h;
	v->child = s->g->child;
	v->land = s->g->land;
}

/* The prefix to state x at level k (frames 0..k-1), through parents whose P equals A. */
static void g_prefix(const search *s, uint32_t x, int32_t k, uint8_t *seq)
{
	const gsearch *g = s->g;
	for (int32_t lv = k; lv >= 1; lv--) {
		int64_t a = glog_at(&g->A, x, lv, HMAX);
		uint32_t pick = NONE;
		for (uint32_t p = g->pofs[x]; p < g->pofs[x + 1] && pick == NONE; p++) {
			uint32_t q = g->par[p];
			int64_t aq = glog_at(&g->A, q, lv - 1, HMAX);
			if (aq != HMAX && max64(aq, g->h[q]) <= a)
				pick = q;
		}
		int ci = 0;
		while (g->child[(size_t)pick * (size_t)s->nc + (size_t)ci] != x)
			ci++;
		seq[lv - 1] = (uint8_t)s->combos[ci];
		x = pick;
	}
}

static int witness_graph(const search *s, const entry *e, uint8_t *seq)
{
	const gsearch *g = s->g;
	uint32_t x = e->w_i;
	int32_t k = e->w_k;
	int64_t r = e->rise;
	g_prefix(s, x, k, seq);
	if (e->w_kind == W_EDGE) {
		seq[k] = (uint8_t)s->combos[e->w_c];
		return k + 1;
	}
	int air = e->w_kind == W_AIR;
	int32_t d = air ? s->n - k : e->w_t;
	for (; d > 0; d--, k++) {
		int next = -1;
		for (int ci = 0; ci < s->nc && next < 0; ci++) {
			uint32_t c = g->child[(size_t)x * (size_t)s->nc + (size_t)ci];
			if (c == NONE)
				continue;
			if (c & LAND) {
				if (!air && d == 1 && g->land[c & ~LAND] <= r) {
					seq[k] = (uint8_t)s->combos[ci];
					return k + 1;
				}
				continue;
			}
			if (g->h[c] > r)
				continue;
			int64_t v = air ? glog_at(&g->B, c, d - 1, HMAX) : glog_at(&g->E, c, d - 1, HMAX);
			if (v <= r && (air || d > 1)) {
				seq[k] = (uint8_t)s->combos[ci];
				next = (int)c;
			}
		}
		if (next < 0)
			return -1;
		x = (uint32_t)next;
	}
	return k;
}

static void graph_free(search *s)
{
	gsearch *g = s->g;
	if (!g)
		return;
	free(g->rec);
	free(g->hash);
	free(g->h);
	free(g->child);
	free(g->land);
	free(g->pofs);
	free(g->par);
	glog *logs[3] = { &g->A, &g->E, &g->B };
	for (int i = 0; i < 3; i++) {
		free(logs[i]->c);
		free(logs[i]->ofs);
	}
	free(g->cur);
	free(g->nxt);
	free(g->cand);
	free(g->stamp);
	free(g->chg_now);
	free(g->chg_prev);
	free(g);
	s->g = NULL;
}

/* ---- one search ---- */

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

unsigned reach_inputs(const js_model *m, const js_reach_opts *o)
{
	return (o->inputs ? o->inputs : m->inputs) & ((1u << JS_N_BUTTONS) - 1);
}

static int finish_rises(search *s, int (*wit)(const search *, const entry *, uint8_t *))
{
	js_reach_set *out = s->out;
	out->rises = calloc(s->R.n ? s->R.n : 1, sizeof *out->rises);
	uint8_t *seq = malloc((size_t)s->n + 1);
	if (!out->rises || !seq) {
		free(seq);
		return -1;
	}
	for (size_t i = 0; i < s->R.n; i++) {
		const entry *e = &s->R.ents[i];
		js_reach_rise *r = &out->rises[i];
		r->rise = e->rise;
		r->airtime_min = e->landed ? e->air_min : 0;
		r->airtime_max = e->landed ? e->air_max : 0;
		r->apex_min = e->apex_min;
		r->apex_max = e->apex_max;
		r->flags = e->landed ? 0 : JS_FLAG_NOT_LANDED;
		r->witness_len = wit(s, e, seq);
		out->n_rises = (int)i + 1;
		r->witness = r->witness_len >= 1 ? malloc((size_t)r->witness_len) : NULL;
		if (!r->witness) {
			free(seq);
			return -1;
		}
		memcpy(r->witness, seq, (size_t)r->witness_len);
	}
	free(seq);
	out->n_rises = (int)s->R.n;
	qsort(out->rises, (size_t)out->n_rises, sizeof *out->rises, cmp_rise);
	return 0;
}

static int layered_search(search *s)
{
	s->out->layered = 1;
	if (forward(s) != 0) {
		if (s->overflow == OV_ALLOC || s->to_graph)
			return -1;
		/* cut short at the horizon: the landings within it are exact */
		s->truncated = 1;
		s->overflow_frame = s->horizon;
	}
	int ov = s->overflow;
	s->overflow = 0;
	if (backward(s) != 0)
		return -1;
	s->overflow = ov;
	js_reach_set *out = s->out;
	out->states = out->settled = 0;
	for (int k = 1; k <= s->horizon; k++) {
		const level *L = &s->lv[k];
		out->states += L->n;
		for (size_t i = 0; i < L->n; i++)
			out->settled += (L->fl[i] & N_SETTLED) != 0;
	}
	out->frame_nodes = out->states;
	if (!s->truncated) {
		const level *L = &s->lv[s->horizon];
		for (size_t i = 0; i < L->n; i++) {
			out->airborne_at_limit += L->h[i] != HMIN;
			out->no_takeoff += L->h[i] == HMIN;
		}
	}
	return 0;
}

/* One search of one start into out (axis set): mode JS_REACH_LAYERED, JS_REACH_GRAPH, or AUTO
 * (layered with the probe).  Returns 1 when AUTO's probe asks for the graph search instead
 * (out is then untouched but for the time). */
int reach_run_search(const js_model *m, const js_reach_opts *o, unsigned inputs, int mode,
		     omp_lock_t *big_lock, js_reach_set *out, const js_find_query *fq,
		     js_find_answer *fa)
{
	int graph = mode == JS_REACH_GRAPH, find_rc = 0, canon_fail = 0;
	double t0 = reach_now_s();
	search *s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(out->message, sizeof out->message, "reach %s: out of memory", m->id);
		out->seconds = reach_now_s() - t0;
		return 0;
	}
	s->probing = mode == JS_REACH_AUTO;
	s->m = m;
	s->out = out;
	s->n = o->n_frames;
	s->inputs = inputs;
	s->rec_size = rec_size_of(m);
	s->key_size = key_size_of(m);
	s->max_nodes = o->max_states;
	s->max_bytes = o->max_memory ? o->max_memory : js_reach_default_memory();
	s->big_lock = big_lock;
	s->meter = o->meter;
	s->threads = o->threads > 0 ? o->threads : 1; /* the stepping threads of this search */
	s->settle = m->settle && !o->no_settle;
	/* kept per node: h, a, par, fl (21), settle range (4), and the backward estimate: ba,
	 * lofs, lcnt, one list entry (23); the child slots are counted when allocated */
	s->node_bytes = 21 + (s->settle ? 4 : 0) + 23;
	unsigned c = 0;
	do { /* the button combinations, ascending as input bytes */
		s->combos[s->nc++] = c;
		c = (c - inputs) & inputs;
	} while (c != 0);
	s->lv = calloc((size_t)o->n_frames + 1, sizeof *s->lv);
	int rc = -1;
	if (!s->lv)
		s->overflow = OV_ALLOC;
	else if (graph)
		rc = graph_search(s);
	else
		rc = layered_search(s);
	int to_graph = s->to_graph;
	if (to_graph)
		goto done;
	if (rc != 0 && !s->overflow)
		s->overflow = OV_ALLOC;
	out->frames_done = s->overflow ? s->overflow_frame : o->n_frames;
	if (rc == 0 && finish_rises(s, graph ? witness_graph : witness_layered) != 0 && !s->overflow)
		s->overflow = OV_ALLOC;
	if (!fq && o->canonical && rc == 0 && s->overflow != OV_ALLOC) {
		int ov = s->overflow;
		s->overflow = 0;
		canon_fail = find_canonical_all(s) != 0;
		s->overflow = ov;
	}
	if (fq && rc == 0 && s->overflow != OV_ALLOC) {
		/* find: the witness passes over the levels, while they are still here */
		int ov = s->overflow;
		s->overflow = 0;
		find_rc = find_answer(s, fq, fa);
		s->overflow = ov;
	}
	out->complete = !s->overflow && !canon_fail;
	if (canon_fail) { /* the rises are all there; their witnesses are the first found */
		char label[200];
		js_reach_set_label(m, out, label, sizeof label);
		snprintf(out->message, sizeof out->message,
			 "reach %s %s: the canonical witnesses need more memory than the budget leaves "
			 "(--max-memory %zuM); the witnesses are the first found", m->id, label,
			 s->max_bytes >> 20);
	}
	if (s->overflow && !canon_fail) {
		char label[200];
		js_reach_set_label(m, out, label, sizeof label);
		char budget[80];
		if (s->overflow == OV_NODES)
			snprintf(budget, sizeof budget, "node budget exceeded (--max-states %llu)",
				 (unsigned long long)s->max_nodes);
		else if (s->overflow == OV_MEMORY)
			snprintf(budget, sizeof budget, "memory budget exceeded (--max-memory %zuM)",
				 s->max_bytes >> 20);
		else
			snprintf(budget, sizeof budget, "out of memory");
		snprintf(out->message, sizeof out->message,
			 "reach %s %s: %s at frame %d of %d (%s search, %llu states); incomplete: "
			 "%d rises, those of the sequences that landed by frame %d", m->id, label,
			 budget, out->frames_done, o->n_frames, graph ? "graph" : "layered",
			 (unsigned long long)out->states, out->n_rises, out->frames_done);
	}
done:
	if (!to_graph)
		reach_meter_frame(s, o->n_frames);
	else if (s->meter) /* searched again in the graph search: those frames count again */
		js_progress_set_total(s->meter, atomic_load(&s->meter->total) +
				      (uint64_t)s->meter_frames);
	if (s->big)
		omp_unset_lock(big_lock);
	graph_free(s);
	reach_slab_free(s);
	free(s->pslot);
	free(s->prec);
	for (int k = 0; k <= o->n_frames && s->lv; k++)
		reach_level_free(&s->lv[k]);
	free(s->lv);
	free(s->t.slots);
	free(s->brec);
	free(s->bhash);
	free(s->crec);
	reach_res_free(&s->R);
	free(s);
	out->seconds = reach_now_s() - t0;
	return find_rc ? -1 : to_graph;
}

/* Clears out for another search, keeping its axis values and adding its time. */
double reach_reset_set(js_reach_set *out)
{
	double t = out->seconds;
	int32_t axis[JS_MAX_AXES];
	memcpy(axis, out->axis, sizeof axis);
	js_reach_set_free(out);
	memset(out, 0, sizeof *out);
	memcpy(out->axis, axis, sizeof axis);
	return t;
}

/* One start condition: AUTO's layered search, then the graph search when the states repeat over
 * the frames, then the layered search again if the graph search ran out of budget.  With fq, find
 * answers it on the search that finishes (fa).  Returns 0, or -1: bad options (out->message, as
 * `what`), or find failed (fa->message). */
static int reach_one(const js_model *m, const int32_t *axis_values, const js_reach_opts *o,
		     omp_lock_t *big_lock, js_reach_set *out, const char *what,
		     const js_find_query *fq, js_find_answer *fa)
{
	memset(out, 0, sizeof *out);
	for (int a = 0; a < m->n_axes && a < JS_MAX_AXES; a++)
		out->axis[a] = m->axes[a].input_bit ? 0 : axis_values[a];
	unsigned inputs = reach_inputs(m, o);
	if (o->n_frames < 1 || o->n_frames > JS_MAX_FRAMES || !(inputs & JS_IN_JUMP) ||
	    m->state_size == 0 || m->state_size > JS_STATE_MAX) {
		snprintf(out->message, sizeof out->message,
			 "%s %s: bad options (frames 1..%d, inputs with the jump button)", what, m->id,
			 JS_MAX_FRAMES);
		return -1;
	}
	int rc = reach_run_search(m, o, inputs, o->mode, big_lock, out, fq, fa);
	if (rc != 1)
		return rc;
	/* AUTO: the states repeat over the frames, so the graph search */
	double t = reach_reset_set(out);
	rc = reach_run_search(m, o, inputs, JS_REACH_GRAPH, big_lock, out, fq, fa);
	out->seconds += t;
	if (rc == 0 && !out->complete) {
		/* the graph search keeps nothing partial: the layered search keeps the jumps that
		 * landed within the frames its budget holds */
		if (o->meter)
			js_progress_set_total(o->meter, atomic_load(&o->meter->total) +
					      (uint64_t)o->n_frames);
		t = reach_reset_set(out);
		if (fa) {
			js_find_answer_free(fa);
			fa->passes = 0;
		}
		rc = reach_run_search(m, o, inputs, JS_REACH_LAYERED, big_lock, out, fq, fa);
		out->seconds += t;
	}
	return rc;
}

int js_reach_one(const js_model *m, const int32_t *axis_values, const js_reach_opts *o,
		 js_reach_set *out)
{
	return reach_one(m, axis_values, o, NULL, out, "reach", NULL, NULL);
}

int js_find_one(const js_model *m, const int32_t *axis_values, const js_reach_opts *o,
		const js_find_query *q, js_reach_set *out, js_find_answer *a)
{
	memset(a, 0, sizeof *a);
	memset(out, 0, sizeof *out);
	for (int i = 0; i < m->n_axes && i < JS_MAX_AXES; i++)
		out->axis[i] = m->axes[i].input_bit ? 0 : axis_values[i];
	/* reach_one's searches (find.c walks the levels; settled nodes end in constant inputs) */
	js_reach_opts oo = *o;
	oo.threads = o->threads > 0 ? o->threads : omp_get_max_threads();
	if (!oo.max_memory)
		oo.max_memory = js_reach_default_memory();
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
	js_progress meter;
	char what[240], label[200];
	js_reach_set_label(m, out, label, sizeof label);
	snprintf(what, sizeof what, "find %s %.80s", m->id, label);
	js_progress_start(&meter, what, "frames", (uint64_t)o->n_frames, o->progress);
	oo.meter = o->progress ? &meter : NULL;
	int rc = reach_one(m, axis_values, &oo, NULL, out, "find", q, a);
	js_progress_end(&meter);
	if (rc != 0) {
		js_find_answer_free(a);
		if (!a->message[0] && out->message[0])
			snprintf(a->message, sizeof a->message, "%.290s", out->message);
		else if (!a->message[0])
			snprintf(a->message, sizeof a->message, "find %s: out of memory", m->id);
		return -1;
	}
	return 0;
}

void js_reach_set_free(js_reach_set *s)
{
	for (int i = 0; i < s->n_rises && s->rises; i++) {
		free(s->rises[i].witness);
		free(s->rises[i].witness_short);
		free(s->rises[i].witness_long);
	}
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

/* A copy of src's results for another start condition with the same initial state. */
static int copy_set(const js_model *m, js_reach_set *dst, const js_reach_set *src)
{
	int32_t axis[JS_MAX_AXES];
	memcpy(axis, dst->axis, sizeof axis);
	*dst = *src;
	memcpy(dst->axis, axis, sizeof axis);
	dst->rises = calloc(src->n_rises ? (size_t)src->n_rises : 1, sizeof *dst->rises);
	dst->n_rises = 0;
	if (!dst->rises)
		return -1;
	for (int i = 0; i < src->n_rises; i++) {
		const js_reach_rise *x = &src->rises[i];
		js_reach_rise *y = &dst->rises[i];
		*y = *x;
		y->witness = malloc((size_t)x->witness_len);
		y->witness_short = x->witness_short ? malloc((size_t)x->short_len) : NULL;
		y->witness_long = x->witness_long ? malloc((size_t)x->long_len) : NULL;
		dst->n_rises = i + 1;
		if (!y->witness || (x->witness_short && !y->witness_short) ||
		    (x->witness_long && !y->witness_long))
			return -1;
		memcpy(y->witness, x->witness, (size_t)x->witness_len);
		if (x->witness_short)
			memcpy(y->witness_short, x->witness_short, (size_t)x->short_len);
		if (x->witness_long)
			memcpy(y->witness_long, x->witness_long, (size_t)x->long_len);
	}
	dst->seconds = 0;
	if (!dst->complete) { /* the message names this start */
		char label[120];
		js_reach_set_label(m, dst, label, sizeof label);
		const char *p = strstr(src->message, ": ");
		snprintf(dst->message, sizeof dst->message, "reach %s %s%.250s", m->id, label,
			 p ? p : "");
	}
	return 0;
}

/* One grid's start conditions: r's tables, and first[i], the first start with the same initial
 * state (searched once).  Returns 0, or -1 with err set. */
static int reach_prepare(const js_grid *g, const js_reach_opts *o, js_reach *r, js_reach_opts *oo,
			 size_t **first_out, char *err, size_t errn)
{
	const js_model *m = g->model;
	memset(r, 0, sizeof *r);
	r->model = m;
	*oo = *o;
	if (!oo->n_frames)
		oo->n_frames = g->n_frames;
	if (!oo->max_memory)
		oo->max_memory = js_reach_default_memory();
	oo->inputs = reach_inputs(m, o);
	if (oo->n_frames < 1 || oo->n_frames > JS_MAX_FRAMES) {
		snprintf(err, errn, "reach %s: frame limit %d outside 1..%d", m->id, oo->n_frames,
			 JS_MAX_FRAMES);
		return -1;
	}
	if (!(oo->inputs & JS_IN_JUMP)) {
		snprintf(err, errn, "reach %s: the explored buttons must include the jump button", m->id);
		return -1;
	}
	r->n_frames = oo->n_frames;
	r->inputs = oo->inputs;
	r->max_states = oo->max_states;
	r->max_memory = oo->max_memory;
	r->canonical = oo->canonical;
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
	size_t *first = malloc(n * sizeof *first);
	unsigned char *init = malloc(n * JS_STATE_MAX);
	size_t hcap = 16;
	while (hcap < 2 * n)
		hcap *= 2;
	size_t *hslot = calloc(hcap, sizeof *hslot);
	if (!r->sets || !first || !init || !hslot) {
		free(first);
		free(init);
		free(hslot);
		free(r->sets);
		r->sets = NULL;
		snprintf(err, errn, "reach %s: out of memory for %zu start conditions", m->id, n);
		return -1;
	}
	/* starts with equal initial states are searched once: a hash of the states */
	for (size_t i = 0; i < n; i++) {
		int32_t ax[JS_MAX_AXES] = { 0 };
		size_t k = i;
		for (int j = r->n_start_axes - 1; j >= 0; j--) {
			int a = r->start_axis[j];
			size_t len = (size_t)(r->hi[a] - r->lo[a] + 1);
			ax[a] = r->lo[a] + (int32_t)(k % len);
			k /= len;
		}
		memcpy(r->sets[i].axis, ax, sizeof ax);
		unsigned char *st = init + i * JS_STATE_MAX;
		reach_start_state(m, ax, st);
		first[i] = i;
		size_t j = (size_t)state_hash(0, st, m->state_size) & (hcap - 1);
		while (hslot[j]) {
			size_t q = hslot[j] - 1;
			if (memcmp(init + q * JS_STATE_MAX, st, m->state_size) == 0) {
				first[i] = q;
				break;
			}
			j = (j + 1) & (hcap - 1);
		}
		if (first[i] == i)
			hslot[j] = i + 1;
	}
	free(hslot);
	free(init);
	*first_out = first;
	return 0;
}

/* The copies of equal starts and the counts, after the searches. */
static int reach_finish(js_reach *r, size_t *first, char *err, size_t errn)
{
	int rc = 0;
	for (size_t i = 0; i < r->n_sets; i++)
		if (first[i] != i && copy_set(r->model, &r->sets[i], &r->sets[first[i]]) != 0)
			rc = -1;
	free(first);
	if (rc != 0) {
		snprintf(err, errn, "reach %s: out of memory copying the results", r->model->id);
		js_reach_free(r);
		return -1;
	}
	for (size_t i = 0; i < r->n_sets; i++)
		r->incomplete += !r->sets[i].complete;
	return 0;
}

int js_reach_run_many(const js_grid *const *g, size_t n_grids, const js_reach_opts *o,
		      js_reach *r, char *err, size_t errn)
{
	size_t **first = calloc(n_grids ? n_grids : 1, sizeof *first);
	js_reach_opts *oo = calloc(n_grids ? n_grids : 1, sizeof *oo);
	size_t n_items = 0;
	int rc = first && oo ? 0 : -1;
	if (rc)
		snprintf(err, errn, "reach: out of memory");
	for (size_t k = 0; k < n_grids && rc == 0; k++) {
		rc = reach_prepare(g[k], o, &r[k], &oo[k], &first[k], err, errn);
		if (rc == 0)
			for (size_t i = 0; i < r[k].n_sets; i++)
				n_items += first[k][i] == i;
	}
	/* the searches of every grid in one pool: (grid, start) items, grid by grid */
	size_t (*item)[2] = rc == 0 ? malloc((n_items ? n_items : 1) * sizeof *item) : NULL;
	if (rc == 0 && !item) {
		snprintf(err, errn, "reach: out of memory");
		rc = -1;
	}
	if (rc != 0) {
		for (size_t k = 0; k < n_grids; k++) {
			if (first && first[k]) {
				free(first[k]);
				js_reach_free(&r[k]);
			}
		}
		free(first);
		free(oo);
		return -1;
	}
	/* grids with the longest frame limit first (their searches tend to be the longest: sotn's
	 * 512 frames), so that the pool does not end on one long search */
	size_t q = 0;
	int lim = JS_MAX_FRAMES + 1;
	while (q < n_items) {
		int next = 0;
		for (size_t k = 0; k < n_grids; k++)
			if (r[k].n_frames < lim && r[k].n_frames > next)
				next = r[k].n_frames;
		for (size_t k = 0; k < n_grids; k++)
			if (r[k].n_frames == next)
				for (size_t i = 0; i < r[k].n_sets; i++)
					if (first[k][i] == i) {
						item[q][0] = k;
						item[q++][1] = i;
					}
		lim = next;
	}
	/* MPI (ranks.h): rank r searches items r, r + N, r + 2N, ... of this order (the longest
	 * first, dealt round-robin), then every rank gets every set (js_ranks_bcast_set) */
	size_t n_ranks = (size_t)js_n_ranks(), me = (size_t)js_rank();
	size_t n_mine = n_items / n_ranks + (me < n_items % n_ranks);
	/* fewer starts than ranks: each start in turn over every rank (the distributed layered
	 * search; not with --canonical, whose passes walk one process's levels) */
	int split = 0;
#ifdef JS_MPI
	split = n_ranks > 1 && n_items < n_ranks && !o->canonical;
	if (split)
		n_mine = n_items;
#endif
	int all = o->threads > 0 ? o->threads : omp_get_max_threads(), nt = all;
	if ((size_t)nt > n_mine)
		nt = n_mine ? (int)n_mine : 1;
	/* fewer starts than threads: each search steps its frames with the rest (nested) */
	int inner = all / nt > 1 ? all / nt : 1;
	for (size_t k = 0; k < n_grids; k++)
		oo[k].threads = inner;
	if (inner > 1)
		omp_set_max_active_levels(2);
	js_progress meter;
	uint64_t frames = 0;
	for (size_t t = split ? 0 : me; t < n_items; t += split ? 1 : n_ranks)
		frames += (uint64_t)oo[item[t][0]].n_frames;
	char what[96];
	if (n_grids == 1)
		snprintf(what, sizeof what, "reach %s: %zu start%s", r[0].model->id, n_items,
			 n_items == 1 ? "" : "s");
	else
		snprintf(what, sizeof what, "reach: %zu starts of %zu models", n_items, n_grids);
	js_progress_start(&meter, what, "frames", frames, o->progress);
	for (size_t k = 0; k < n_grids; k++)
		oo[k].meter = o->progress ? &meter : NULL;
	omp_lock_t big;
	omp_init_lock(&big);
	/* large blocks straight from and back to the system: a search's gigabytes are not kept
	 * in an arena after it (glibc's threshold would otherwise grow with every free) */
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
	double t0 = reach_now_s();
#ifdef JS_MPI
	for (size_t t = 0; t < n_items && split; t++) {
		size_t k = item[t][0], i = item[t][1];
		int32_t ax[JS_MAX_AXES];
		memcpy(ax, r[k].sets[i].axis, sizeof ax);
		reach_one_ranks(r[k].model, ax, &oo[k], &r[k].sets[i]);
	}
	if (split)
		n_mine = 0; /* searched above, every set on every rank */
#endif
#pragma omp parallel for schedule(dynamic, 1) num_threads(nt)
	for (size_t u = 0; u < n_mine; u++) {
		size_t t = me + u * n_ranks, k = item[t][0], i = item[t][1];
		const js_model *m = r[k].model;
		js_reach_set *set = &r[k].sets[i];
		int32_t ax[JS_MAX_AXES];
		memcpy(ax, set->axis, sizeof ax);
		reach_one(m, ax, &oo[k], &big, set, "reach", NULL, NULL);
	}
	omp_destroy_lock(&big);
	js_progress_end(&meter);
	js_ranks_wait(); /* MPI: every rank's searches done (the ones done first sleep) */
	for (size_t t = 0; t < n_items && n_ranks > 1 && !split && rc == 0; t++)
		if (js_ranks_bcast_set(&r[item[t][0]].sets[item[t][1]], (int)(t % n_ranks)) != 0) {
			snprintf(err, errn, "reach: out of memory sharing the sets between ranks");
			rc = -1;
		}
	double secs = reach_now_s() - t0;
	free(item);
	free(oo);
	for (size_t k = 0; k < n_grids; k++) {
		r[k].threads_used = nt * inner;
		r[k].seconds = secs;
		if (reach_finish(&r[k], first[k], err, errn) != 0)
			rc = -1;
	}
	free(first);
	if (rc != 0)
		for (size_t k = 0; k < n_grids; k++)
			js_reach_free(&r[k]);
	return rc;
}

int js_reach_run(const js_grid *g, const js_reach_opts *o, js_reach *r, char *err, size_t errn)
{
	return js_reach_run_many(&g, 1, o, r, err, errn);
}
