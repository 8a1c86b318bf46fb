/* sweep/engine/find.c - jumpsweep find: the canonical input sequence for a given rise, over the
 * levels of reach's layered search (reach.h says what is computed; this file how).
 *
 * A question is (rise r, apex frames, airtimes, whether a jump still in the air at the limit
 * counts).  A path of the layered search (node -> input -> node ...) meets it when every height
 * on it is at most r, the first frame at height r lies in the apex range (r = 0: every height at
 * most 0, apex frame 0), and it ends on a landing edge whose airtime lies in the range (or, when
 * allowed, at a node of the last level, in the air).  The cost of a path is (button-frames held,
 * presses), compared in that order; a press is a button down that was up on the frame before.
 *
 * Backward, per level: V[node][z][p] = the least cost of an ending that meets the question from
 * the node, where z says whether the path already reached r (with an apex frame in range) and p
 * is the previous frame's input (the presses depend on it); the landing frames of those endings
 * ride along (their least and greatest airtime, for the shortest and longest witnesses).  The
 * start (level 0, z = 0, or 1 when r = 0; p = nothing) is feasible iff its V is finite.
 * Forward: from the start, the smallest input (as a byte) whose edge cost plus the V it leads to
 * equals the V where it stands: the lexicographically first of the cheapest paths. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reach_impl.h"
#include "sweep.h"

#define INF UINT32_MAX
#define COST_HELD_SHIFT 16 /* cost = held << 16 | presses: held <= 4096 frames x 4 buttons */

/* The levels as the passes see them: level k's nodes are ids, the layered search's node indices
 * in lv[k], or the graph search's states reached on frame k (a bitset per level). */
typedef struct fpass {
	search *s;
	gsearch_view gv;   /* the graph search's states (graph = 1) */
	int graph, H;      /* H: the last level */
	uint64_t *reach;   /* graph: level k's states, bits [k * words, (k + 1) * words) */
	size_t words;
	size_t idcap;      /* ids on any level are below it */
	size_t *off;       /* [H + 2]: level k's first slot in am */
	uint8_t *am;       /* per (node, z, previous input): the chosen input, or AM_NONE */
	uint32_t *V[2];    /* levels k, k + 1 (index k & 1): [id * 2 + z] * nc + previous input */
	int16_t *tmin[2], *tmax[2]; /* the same levels: [id * 2 + z], airtimes, 0: none */
	int64_t r;
	int32_t alo, ahi;  /* apex frame */
	int32_t tlo, thi;  /* airtime of a landing end */
	int air_ok;        /* an end in the air at the frame limit counts */
	int settle_gap;    /* a settled node met the question only between its constant inputs */
	uint32_t ecost[1 << JS_N_BUTTONS][1 << JS_N_BUTTONS]; /* [input combo][previous combo] */
} fpass;
#define AM_NONE 0xffu
#define AM_EARLY 0xfeu /* a settled node: its early constant input until it lands */
#define AM_LATE 0xfdu  /* ... its late one */

static inline int64_t node_h(const fpass *f, int k, size_t id)
{
	return f->graph ? f->gv.h[id] : f->s->lv[k].h[id];
}

/* Child slot ci of node id on level k: NONE, LAND | landing index, or a node of level k + 1. */
static inline uint32_t node_child(const fpass *f, int k, size_t id, int ci)
{
	size_t q = id * (size_t)f->s->nc + (size_t)ci;
	return f->graph ? f->gv.child[q] : f->s->lv[k].child[q];
}

static inline int64_t land_h(const fpass *f, int k, uint32_t c)
{
	return f->graph ? f->gv.land[c & ~LAND] : f->s->lv[k].land[c & ~LAND];
}

static inline size_t level_n(const fpass *f, int k)
{
	return f->off[k + 1] - f->off[k];
}

/* The i-th node of level k in id order (iterated with next_id), and the slot of an id. */
static inline size_t next_id(const fpass *f, int k, size_t id)
{
	if (!f->graph)
		return id + 1;
	const uint64_t *b = f->reach + (size_t)k * f->words;
	size_t w = (id + 1) >> 6;
	if (w >= f->words)
		return f->idcap;
	uint64_t x = b[w] & (~0ull << ((id + 1) & 63));
	while (!x) {
		if (++w >= f->words)
			return f->idcap;
		x = b[w];
	}
	return (w << 6) + (size_t)__builtin_ctzll(x);
}

static inline size_t first_id(const fpass *f, int k)
{
	if (!f->graph)
		return 0;
	const uint64_t *b = f->reach + (size_t)k * f->words;
	return b[0] & 1 ? 0 : next_id(f, k, 0);
}

static inline size_t end_id(const fpass *f, int k)
{
	return f->graph ? f->idcap : f->s->lv[k].n;
}

static size_t slot_of(const fpass *f, int k, size_t id)
{
	if (!f->graph)
		return f->off[k] + id;
	const uint64_t *b = f->reach + (size_t)k * f->words;
	size_t r = 0;
	for (size_t w = 0; w < id >> 6; w++)
		r += (size_t)__builtin_popcountll(b[w]);
	r += (size_t)__builtin_popcountll(b[id >> 6] & ((1ull << (id & 63)) - 1));
	return f->off[k] + r;
}

/* z after a frame of height h on frame f (the frame's index), or -1: the path no longer meets
 * the question. */
static inline int znext(const fpass *f, int z, int64_t h, int32_t frame)
{
	if (h == HMIN || h < f->r)
		return z;
	if (h > f->r)
		return -1;
	if (z)
		return 1;
	return frame >= f->alo && frame <= f->ahi ? 1 : -1;
}

static inline uint32_t cadd(uint32_t a, uint32_t b)
{
	return a == INF || b == INF ? INF : a + b;
}

/* Edge ci of node id on level k under z: the node it leads to (*j, *z2), or a landing (*j =
 * NONE, airtime k + 1).  Returns 0 when the edge does not meet the question. */
static int edge(const fpass *f, int k, size_t id, int z, int ci, uint32_t *j, int *z2)
{
	uint32_t c = node_child(f, k, id, ci);
	if (c == NONE)
		return 0;
	if (c & LAND) {
		*z2 = znext(f, z, land_h(f, k, c), k);
		*j = NONE;
		return *z2 == 1 && k + 1 >= f->tlo && k + 1 <= f->thi;
	}
	*z2 = znext(f, z, node_h(f, k + 1, c), k);
	*j = c;
	return *z2 >= 0;
}

/* A settled node (reach.h's settle hook: nothing later is higher; every continuation lands
 * between its early and late constant inputs' landings): its ends are those two constant
 * inputs.  The early one at cost 0 is "nothing" on every frame (sotn), the least cost and the
 * first sequence: exact.  Another constant input is a witness, not proven the cheapest. */
static void settled_end(fpass *f, int k, size_t id, int z, uint32_t *v, uint8_t *am, int16_t *lo,
			int16_t *hi)
{
	const search *s = f->s;
	const level *L = &s->lv[k];
	if (!z)
		return; /* nothing later reaches r */
	int32_t slo = (int32_t)(L->lofs[id] & 0xffffu), shi = (int32_t)(L->lofs[id] >> 16);
	int ce = L->fl[id] >> 4, cl = L->fl[id] >> 1 & 7;
	int early = slo >= f->tlo && slo <= f->thi, late = shi >= f->tlo && shi <= f->thi;
	if (!early && !late && shi >= f->tlo && slo <= f->thi)
		f->settle_gap = 1;
	for (int p = 0; p < s->nc; p++) {
		uint32_t te = INF, tl = INF;
		if (early)
			te = (uint32_t)(__builtin_popcount(s->combos[ce]) * (slo - k)) << COST_HELD_SHIFT |
			     (uint32_t)__builtin_popcount(s->combos[ce] & ~s->combos[p]);
		if (late)
			tl = (uint32_t)(__builtin_popcount(s->combos[cl]) * (shi - k)) << COST_HELD_SHIFT |
			     (uint32_t)__builtin_popcount(s->combos[cl] & ~s->combos[p]);
		v[p] = te <= tl ? te : tl;
		am[p] = te == INF && tl == INF ? AM_NONE : te <= tl ? AM_EARLY : AM_LATE;
	}
	*lo = (int16_t)(early ? slo : late ? shi : 0);
	*hi = (int16_t)(late ? shi : early ? slo : 0);
}

/* The backward pass: the choices of every level, V and the airtime ranges of level 0. */
static void backward_pass(fpass *f)
{
	const search *s = f->s;
	int nc = s->nc;
	for (int k = f->H; k >= 0; k--) {
		uint32_t *V = f->V[k & 1];
		const uint32_t *VN = f->V[(k + 1) & 1];
		int16_t *tmin = f->tmin[k & 1], *tmax = f->tmax[k & 1];
		const int16_t *nmin = f->tmin[(k + 1) & 1], *nmax = f->tmax[(k + 1) & 1];
		uint8_t *am = f->am + f->off[k] * 2 * (size_t)nc;
		for (size_t id = first_id(f, k), e = end_id(f, k); id < e; id = next_id(f, k, id))
			for (int z = 0; z < 2; z++) {
				uint32_t *v = V + (id * 2 + (size_t)z) * (size_t)nc;
				int16_t lo = 0, hi = 0;
				for (int p = 0; p < nc; p++) {
					v[p] = INF;
					am[p] = AM_NONE;
				}
				if (!f->graph && (s->lv[k].fl[id] & N_SETTLED)) {
					settled_end(f, k, id, z, v, am, &lo, &hi);
				} else if (k == f->H) {
					/* the last level: in the air at the limit (unless cut short) */
					if (f->air_ok && z && !s->truncated && node_h(f, k, id) != HMIN)
						for (int p = 0; p < nc; p++)
							v[p] = 0;
				} else {
					for (int ci = 0; ci < nc; ci++) {
						uint32_t j;
						int z2;
						if (!edge(f, k, id, z, ci, &j, &z2))
							continue;
						uint32_t w = 0;
						int16_t a = (int16_t)(k + 1), b = (int16_t)(k + 1);
						if (j != NONE) {
							size_t q = (size_t)j * 2 + (size_t)z2;
							w = VN[q * (size_t)nc + (size_t)ci];
							if (w == INF)
								continue;
							a = nmin[q];
							b = nmax[q];
						}
						for (int p = 0; p < nc; p++) {
							uint32_t t = cadd(f->ecost[ci][p], w);
							if (t < v[p]) { /* strictly: the first (smallest) input */
								v[p] = t;
								am[p] = (uint8_t)ci;
							}
						}
						if (a && (!lo || a < lo))
							lo = a;
						if (b > hi)
							hi = b;
					}
				}
				tmin[id * 2 + (size_t)z] = lo;
				tmax[id * 2 + (size_t)z] = hi;
				am += nc; /* the choices of (node, z), then (node, z + 1) */
			}
	}
}

/* The forward walk from the start along the choices: the lexicographically first cheapest
 * path (each choice is the smallest input whose cost plus the cheapest ending from where it
 * leads is the least). */
static int walk(const fpass *f, int z0, js_find_witness *w)
{
	const search *s = f->s;
	int nc = s->nc;
	w->len = 0;
	w->seq = malloc((size_t)f->H + 1);
	if (!w->seq)
		return -1;
	size_t id = 0;
	int z = z0, p = 0;
	w->proven = 1;
	for (int k = 0;; k++) {
		if (k == f->H) { /* in the air at the limit */
			w->len = k;
			w->airtime = 0;
			break;
		}
		uint8_t ci = f->am[(slot_of(f, k, id) * 2 + (size_t)z) * (size_t)nc + (size_t)p];
		if (ci == AM_EARLY || ci == AM_LATE) { /* a settled node: a constant input */
			const level *L = &s->lv[k];
			int c = ci == AM_EARLY ? L->fl[id] >> 4 : L->fl[id] >> 1 & 7;
			int t = ci == AM_EARLY ? (int)(L->lofs[id] & 0xffffu) : (int)(L->lofs[id] >> 16);
			for (int g = k; g < t; g++)
				w->seq[g] = (uint8_t)s->combos[c];
			w->len = w->airtime = t;
			w->proven = s->combos[c] == 0;
			break;
		}
		uint32_t j;
		int z2;
		if (ci == AM_NONE || !edge(f, k, id, z, ci, &j, &z2))
			return -1; /* cannot happen: the choice was made on a finite cost */
		w->seq[k] = (uint8_t)s->combos[ci];
		if (j == NONE) {
			w->len = k + 1;
			w->airtime = k + 1;
			break;
		}
		id = j;
		z = z2;
		p = ci;
	}
	uint32_t v0 = f->V[0][(size_t)z0 * (size_t)nc];
	w->held = (int)(v0 >> COST_HELD_SHIFT);
	w->presses = (int)(v0 & ((1u << COST_HELD_SHIFT) - 1));
	return 0;
}

/* The question's canonical witness into w (found = 0 when no path meets it).  Returns -1 on an
 * allocation failure or when the witness does not replay (a bug: message set). */
static int answer(fpass *f, js_find_answer *a, int64_t r, const js_find_query *q, int32_t tlo,
		  int32_t thi, int air_ok, js_find_witness *w, int32_t *amin, int32_t *amax)
{
	search *s = f->s;
	memset(w, 0, sizeof *w);
	f->r = r;
	f->alo = q->apex_lo;
	f->ahi = q->apex_hi;
	f->tlo = tlo;
	f->thi = thi;
	f->air_ok = air_ok;
	int z0 = 0;
	if (r == 0) { /* rise 0: apex frame 0 */
		if (q->apex_lo > 0)
			return 0;
		z0 = 1;
	}
	a->passes++;
	f->settle_gap = 0;
	backward_pass(f);
	a->settle_gap |= f->settle_gap;
	if (f->V[0][(size_t)z0 * (size_t)s->nc] == INF)
		return 0;
	if (amin) {
		*amin = f->tmin[0][z0];
		*amax = f->tmax[0][z0];
	}
	if (walk(f, z0, w) != 0) {
		snprintf(a->message, sizeof a->message, "find %s: internal error: no witness walk",
			 s->m->id);
		return -1;
	}
	/* replay through the reference: the witness is what trace --seq will show */
	js_acc acc;
	js_reference_run(s->m, s->out->axis, w->seq, w->len, &acc);
	w->rise = r;
	w->found = 1;
	if (acc.rise != r || (w->airtime ? !acc.landed || acc.airtime != w->airtime : acc.landed)) {
		snprintf(a->message, sizeof a->message,
			 "find %s: internal error: the witness for rise %lld replays to rise %lld, "
			 "airtime %d", s->m->id, (long long)r, (long long)acc.rise, (int)acc.airtime);
		return -1;
	}
	w->apex_frame = acc.apex_frame;
	return 0;
}

static int copy_witness(js_find_witness *dst, const js_find_witness *src)
{
	*dst = *src;
	dst->seq = malloc((size_t)src->len + 1);
	if (!dst->seq)
		return -1;
	memcpy(dst->seq, src->seq, (size_t)src->len);
	return 0;
}

/* The question at rise r: the best witness (landed first; in the air when allowed and none
 * lands) and, when landed, the shortest and longest airtimes' witnesses.  found = 0: none. */
static int rise_answer(fpass *f, js_find_answer *a, int64_t r, const js_find_query *q, int full,
		       js_find_witness *best, js_find_witness *shortest, js_find_witness *longest)
{
	int any_air = q->air_lo == 0 && q->air_hi == 0;
	int32_t tlo = any_air ? 1 : q->air_lo, thi = any_air ? JS_MAX_FRAMES + 1 : q->air_hi;
	int32_t amin = 0, amax = 0;
	if (answer(f, a, r, q, tlo, thi, 0, best, &amin, &amax) != 0)
		return -1;
	if (!best->found) {
		if (any_air && answer(f, a, r, q, tlo, thi, 1, best, NULL, NULL) != 0)
			return -1;
		return 0;
	}
	if (!full)
		return 0;
	if (amin == best->airtime) {
		if (copy_witness(shortest, best) != 0)
			return -1;
	} else if (answer(f, a, r, q, amin, amin, 0, shortest, NULL, NULL) != 0) {
		return -1;
	}
	if (amax == best->airtime) {
		if (copy_witness(longest, best) != 0)
			return -1;
	} else if (answer(f, a, r, q, amax, amax, 0, longest, NULL, NULL) != 0) {
		return -1;
	}
	return 0;
}

/* Can rise x (of the reachable set) meet the question?  A quick filter on its ranges. */
static int may_meet(const js_reach_rise *x, const js_find_query *q)
{
	if (x->apex_max < q->apex_lo || x->apex_min > q->apex_hi)
		return 0;
	if (q->air_lo == 0 && q->air_hi == 0)
		return 1;
	return !(x->flags & JS_FLAG_NOT_LANDED) && x->airtime_max >= q->air_lo &&
	       x->airtime_min <= q->air_hi;
}

/* The nearest rise from index i stepping by d (-1 down, +1 up) that meets the question. */
static int nearest(fpass *f, js_find_answer *a, const js_find_query *q, int i, int d,
		   js_find_witness *w)
{
	const js_reach_set *set = f->s->out;
	memset(w, 0, sizeof *w);
	for (; i >= 0 && i < set->n_rises; i += d) {
		if (!may_meet(&set->rises[i], q))
			continue;
		js_find_witness none1 = { 0 }, none2 = { 0 };
		if (rise_answer(f, a, set->rises[i].rise, q, 0, w, &none1, &none2) != 0)
			return -1;
		if (w->found)
			return 0;
	}
	return 0;
}

static void fpass_free(fpass *f)
{
	free(f->reach);
	free(f->off);
	free(f->am);
	for (int b = 0; b < 2; b++) {
		free(f->V[b]);
		free(f->tmin[b]);
		free(f->tmax[b]);
	}
	memset(f, 0, sizeof *f);
}

/* The passes' tables over the levels of a finished search (layered, or the graph search's
 * states by frame).  Returns 0, or -1 with a->message set. */
static int fpass_setup(search *s, fpass *fp, js_find_answer *a)
{
	fpass f = { .s = s };
	int nc = s->nc;
	for (int ci = 0; ci < nc; ci++)
		for (int p = 0; p < nc; p++) {
			unsigned c = s->combos[ci], prev = s->combos[p];
			f.ecost[ci][p] = (uint32_t)__builtin_popcount(c) << COST_HELD_SHIFT |
					 (uint32_t)__builtin_popcount(c & ~prev);
		}
	f.graph = !s->out->layered;
	if (f.graph) {
		/* the graph search's states: level k holds those reached on frame k */
		reach_graph_view(s, &f.gv);
		f.H = s->n;
		f.idcap = f.gv.n ? f.gv.n : 1;
		f.words = (f.idcap + 63) / 64;
		size_t bits = ((size_t)f.H + 1) * f.words * sizeof(uint64_t);
		if (reach_account(s, bits) != 0)
			goto budget;
		f.reach = calloc(((size_t)f.H + 1) * f.words, sizeof(uint64_t));
		f.off = calloc((size_t)f.H + 2, sizeof *f.off);
		if (!f.reach || !f.off)
			goto done;
		f.reach[0] = 1; /* the start */
		for (int k = 0; k <= f.H; k++) {
			const uint64_t *b = f.reach + (size_t)k * f.words;
			uint64_t *nb = k < f.H ? f.reach + (size_t)(k + 1) * f.words : NULL;
			size_t cnt = 0;
			for (size_t id = first_id(&f, k); id < f.idcap; id = next_id(&f, k, id)) {
				cnt++;
				for (int ci = 0; nb && ci < nc; ci++) {
					uint32_t c = node_child(&f, k, id, ci);
					if (c != NONE && !(c & LAND))
						nb[c >> 6] |= 1ull << (c & 63);
				}
			}
			(void)b;
			f.off[k + 1] = f.off[k] + cnt;
		}
	} else {
		/* the layered levels; the reach pass's backward lists are done with */
		f.H = s->horizon;
		f.off = calloc((size_t)f.H + 2, sizeof *f.off);
		if (!f.off)
			goto done;
		size_t nodes = 0;
		f.idcap = 1;
		for (int k = 0; k <= f.H; k++) {
			level *L = &s->lv[k];
			free(L->ba); /* lofs stays: a settled node's landing range */
			free(L->lcnt);
			free(L->pool);
			L->ba = NULL;
			L->lcnt = NULL;
			L->pool = NULL;
			nodes += L->n;
			f.idcap = L->n > f.idcap ? L->n : f.idcap;
			f.off[k + 1] = f.off[k] + L->n;
		}
		reach_unaccount(s, nodes * 19);
	}
	size_t total = f.off[f.H + 1];
	size_t need = total * 2 * (size_t)nc + 2 * f.idcap * 2 * ((size_t)nc * 4 + 4);
	if (reach_account(s, need) != 0)
		goto budget;
	f.am = malloc((total ? total : 1) * 2 * (size_t)nc);
	for (int b = 0; b < 2; b++) {
		f.V[b] = malloc(f.idcap * 2 * (size_t)nc * sizeof(uint32_t));
		f.tmin[b] = malloc(f.idcap * 2 * sizeof(int16_t));
		f.tmax[b] = malloc(f.idcap * 2 * sizeof(int16_t));
		if (!f.V[b] || !f.tmin[b] || !f.tmax[b])
			goto done;
	}
	if (!f.am)
		goto done;
	*fp = f;
	return 0;
budget:
	snprintf(a->message, sizeof a->message,
		 "find %s: the witness pass needs more memory than the budget leaves (--max-memory "
		 "%zuM; %llu (state, frame) nodes)", s->m->id, s->max_bytes >> 20,
		 (unsigned long long)(f.off ? f.off[f.H + 1] : 0));
done:
	if (!a->message[0])
		snprintf(a->message, sizeof a->message, "find %s: out of memory for the witness pass",
			 s->m->id);
	fpass_free(&f);
	return -1;
}

int find_answer(search *s, const js_find_query *q, js_find_answer *a)
{
	const js_reach_set *set = s->out;
	fpass f;
	if (fpass_setup(s, &f, a) != 0)
		return -1;
	int rc = -1;
	if (q->rise == JS_FIND_HIGHEST) {
		for (int i = set->n_rises - 1; i >= 0 && !a->exact; i--) {
			if (!may_meet(&set->rises[i], q))
				continue;
			if (rise_answer(&f, a, set->rises[i].rise, q, 1, &a->best, &a->shortest,
					&a->longest) != 0)
				goto done;
			a->exact = a->best.found;
		}
	} else {
		int at = 0; /* the first rise >= the one asked */
		while (at < set->n_rises && set->rises[at].rise < q->rise)
			at++;
		if (!q->between && at < set->n_rises && set->rises[at].rise == q->rise &&
		    may_meet(&set->rises[at], q)) {
			if (rise_answer(&f, a, q->rise, q, 1, &a->best, &a->shortest, &a->longest) != 0)
				goto done;
			a->exact = a->best.found;
		}
		if (!a->exact) {
			int up = !q->between && at < set->n_rises && set->rises[at].rise == q->rise
				 ? at + 1 : at;
			if (nearest(&f, a, q, at - 1, -1, &a->below) != 0 ||
			    nearest(&f, a, q, up, +1, &a->above) != 0)
				goto done;
		}
	}
	rc = 0;
done:
	if (rc != 0 && !a->message[0])
		snprintf(a->message, sizeof a->message, "find %s: out of memory for the witness pass",
			 s->m->id);
	fpass_free(&f);
	return rc;
}

int find_canonical_all(search *s)
{
	js_reach_set *set = s->out;
	js_find_answer a;
	memset(&a, 0, sizeof a);
	fpass f;
	if (fpass_setup(s, &f, &a) != 0) {
		snprintf(set->message, sizeof set->message, "%s", a.message);
		return -1;
	}
	js_find_query q = { .apex_lo = 0, .apex_hi = JS_MAX_FRAMES };
	int rc = 0;
	for (int i = 0; i < set->n_rises && rc == 0; i++) {
		js_reach_rise *x = &set->rises[i];
		js_find_witness best, shortest = { 0 }, longest = { 0 };
		if (rise_answer(&f, &a, x->rise, &q, 1, &best, &shortest, &longest) != 0 ||
		    !best.found) {
			snprintf(set->message, sizeof set->message, "%s", a.message[0] ? a.message
				 : "find: internal error: a rise without a canonical witness");
			free(best.seq);
			rc = -1;
		} else {
			free(x->witness);
			x->witness = best.seq;
			x->witness_len = best.len;
			x->witness_short = shortest.found ? shortest.seq : NULL;
			x->short_len = shortest.found ? shortest.len : 0;
			x->witness_long = longest.found ? longest.seq : NULL;
			x->long_len = longest.found ? longest.len : 0;
			if (!shortest.found)
				free(shortest.seq);
			if (!longest.found)
				free(longest.seq);
			continue;
		}
		free(shortest.seq);
		free(longest.seq);
	}
	fpass_free(&f);
	return rc;
}

void js_find_answer_free(js_find_answer *a)
{
	js_find_witness *w[] = { &a->best, &a->shortest, &a->longest, &a->below, &a->above };
	for (size_t i = 0; i < sizeof w / sizeof *w; i++) {
		free(w[i]->seq);
		memset(w[i], 0, sizeof *w[i]);
	}
}

/* ---- the question in words (the CLI's find and the C API) ---- */

static int window_parse(const char *s, const char *what, int32_t *lo, int32_t *hi, char *err,
			size_t errn)
{
	long a, b;
	if (js_parse_int_range(s, what, &a, &b, err, errn) != 0)
		return JS_EXIT_USAGE;
	if (a < 0 || b < a || b > JS_MAX_FRAMES + 1) {
		return js_fail(err, errn, JS_EXIT_USAGE,
			       "%s %s: expected A:B with 0 <= A <= B (frames)", what, s);
	}
	*lo = (int32_t)a;
	*hi = (int32_t)b;
	return 0;
}

int js_find_query_parse(const js_model *m, const char *rise, const char *rise_sub, int highest,
			int seq_given, const char *apex, const char *air, js_find_query *q,
			char *err, size_t errn)
{
	memset(q, 0, sizeof *q);
	q->apex_hi = JS_MAX_FRAMES;
	if ((rise != NULL) + (rise_sub != NULL) + (highest != 0) + (seq_given != 0) != 1) {
		return js_fail(err, errn, JS_EXIT_USAGE,
			       "find: give one of --rise N, --rise-sub N, --highest, --seq-file "
			       "FILE");
	}
	if (apex && window_parse(apex, "--apex-frame", &q->apex_lo, &q->apex_hi, err, errn))
		return JS_EXIT_USAGE;
	if (air) {
		if (window_parse(air, "--airtime", &q->air_lo, &q->air_hi, err, errn))
			return JS_EXIT_USAGE;
		if (q->air_hi < 1) {
			return js_fail(err, errn, JS_EXIT_USAGE,
				       "--airtime %s: a landing takes at least 1 frame", air);
		}
		if (q->air_lo < 1)
			q->air_lo = 1;
	}
	if (rise && js_parse_length(m, rise, "--rise", &q->rise, &q->between, err, errn) != 0)
		return JS_EXIT_USAGE;
	if (rise_sub) {
		long v;
		if (js_parse_int(rise_sub, "--rise-sub", &v, err, errn) != 0)
			return JS_EXIT_USAGE;
		q->rise = v;
	}
	if (highest)
		q->rise = JS_FIND_HIGHEST;
	return 0;
}

int js_find_check_axes(const js_model *m, const char *const *axis_args, int n, char *err,
		       size_t errn)
{
	for (int i = 0; i < n; i++) {
		int a;
		int32_t lo, hi;
		if (js_parse_axis_arg(m, axis_args[i], &a, &lo, &hi, err, errn) != 0)
			return JS_EXIT_USAGE;
		if (m->axes[a].input_bit) {
			return js_fail(err, errn, JS_EXIT_USAGE,
				       "find: axis %s is a button, explored on every frame; it is "
				       "not a start condition", m->axes[a].name);
		}
	}
	return 0;
}
