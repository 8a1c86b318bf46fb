/* sweep/engine/reach_mpi.c - the layered reach search of one start condition distributed over
 * every MPI rank (only with -DJS_MPI=ON; docs/cluster.md "One start condition over the ranks").
 * reach.c calls reach_one_ranks when there are fewer starts than ranks; the one-process parts
 * (stepping a slab, the hash table, the per-node backward step and outcomes, the graph search)
 * are reach.c's, through reach_impl.h.
 *
 * Rank r owns the nodes whose state_hash falls in its range (the top bits: owner_of); a node is
 * named across ranks by its handle, local index * N + rank.  Level k + 1 is built from level k in
 * rounds of one slab a rank: each rank steps its own nodes, keeps the landing edges with the
 * parent and sends every other child (its record, the parent's handle and one-process index, the
 * combo index, A) to the child's owner (MPI_Alltoallv), which dedups them in its table.  The
 * one-process search numbers a level's nodes in the order they are first found: by (parent's
 * index, combo index) of their first edge, and keeps as par the first edge with the least A.
 * Both are order-free: a node keeps its least first-edge key and its least (A, key); the keys go
 * to the rank holding their parents' block of indices (block owner), which sorts them and so
 * gives every node its one-process index; each rank keeps its nodes in that order.  The same scan
 * in key order, with the landing edges, replays the one-process budget checks (reach_account's
 * estimate, --max-states, AUTO's probe) event by event, so a search stops at the same node as in
 * one process.  Backward, level by level from the horizon, each rank asks the owners of its
 * nodes' children for their landing lists; its outcomes come in its nodes' one-process order,
 * and the ranks' results merge by the one-process order of their witnesses.  The witnesses walk
 * par back and the suffix forward one level per collective round.  AUTO's graph search runs on
 * rank 0 alone, its set then sent to every rank. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ranks.h"
#include "reach_impl.h"

typedef struct u64v {
	uint64_t *p;
	size_t n, cap;
} u64v;

static int v_push(u64v *v, uint64_t x)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 256;
		uint64_t *p = realloc(v->p, cap * sizeof *p);
		if (!p)
			return -1;
		v->p = p;
		v->cap = cap;
	}
	v->p[v->n++] = x;
	return 0;
}

/* R vectors into one send buffer (rank order) with counts; frees them. */
static int v_concat(u64v *v, int R, uint64_t **out, size_t *cnt)
{
	size_t tot = 0;
	for (int d = 0; d < R; d++)
		tot += v[d].n;
	uint64_t *b = malloc((tot ? tot : 1) * sizeof *b);
	size_t o = 0;
	for (int d = 0; d < R; d++) {
		if (b && v[d].n)
			memcpy(b + o, v[d].p, v[d].n * sizeof *b);
		o += v[d].n;
		cnt[d] = v[d].n;
		free(v[d].p);
		memset(&v[d], 0, sizeof v[d]);
	}
	*out = b;
	return b ? 0 : -1;
}

typedef struct dsearch {
	search *s;
	int R, me, bad;           /* bad: an allocation failed here (agreed at the next round) */
	uint32_t **gidx;          /* per level: each local node's one-process index */
	uint8_t **pci;            /* per level: par's combo index (par holds the parent's handle) */
	uint64_t *gn;             /* per level: its nodes over every rank */
	uint64_t bytes, peak;     /* the one-process estimate (reach_account) of the whole search */
	uint64_t nodes;           /* nodes built so far, every rank */
	uint64_t pn;              /* AUTO's probe: distinct states so far, every rank */
	uint64_t *fkey, *pkey;    /* the level being built: first-edge key, par's key */
	size_t fcap;
} dsearch;

static int owner_of(const dsearch *d, uint64_t x)
{
	return (int)(((x >> 32) * (uint64_t)d->R) >> 32);
}

/* the one-process land_cap after l landing edges */
static uint64_t land_cap_of(uint64_t l)
{
	uint64_t c = 0;
	while (c < l)
		c = c ? 2 * c : 256;
	return c;
}

static void d_peak(dsearch *d)
{
	if (d->bytes > d->peak)
		d->peak = d->bytes;
}

/* Room for one more node in the level being built: no budget here (the block scan replays it). */
static int d_room(dsearch *d, level *N)
{
	search *s = d->s;
	if ((N->n + 1) * (size_t)d->R + (size_t)d->me >= (size_t)LAND) {
		s->overflow = OV_ALLOC; /* a handle must stay below LAND */
		return -1;
	}
	if (N->n < s->bcap)
		return 0;
	size_t cap = s->bcap ? 2 * s->bcap : 1024;
	if (grow(s, (void **)&s->brec, cap, s->rec_size) || grow(s, (void **)&s->bhash, cap, 8) ||
	    grow(s, (void **)&N->h, cap, 8) || grow(s, (void **)&N->a, cap, 8) ||
	    grow(s, (void **)&N->par, cap, 4) || grow(s, (void **)&N->fl, cap, 1) ||
	    grow(s, (void **)&d->fkey, cap, 8) || grow(s, (void **)&d->pkey, cap, 8) ||
	    (s->settle && (grow(s, (void **)&N->slo, cap, 2) || grow(s, (void **)&N->shi, cap, 2))))
		return -1;
	s->bcap = cap;
	return 0;
}

typedef struct dev { /* an event at a block owner: a first edge (a new node) or a landing edge */
	uint64_t key, tag; /* tag: the node's index on its owner, or UINT64_MAX for a landing */
	int src;
} dev;

static int cmp_dev(const void *a, const void *b)
{
	uint64_t x = ((const dev *)a)->key, y = ((const dev *)b)->key;
	return (x > y) - (x < y);
}

typedef struct gperm {
	uint64_t g;
	uint32_t i;
} gperm;

static int cmp_gperm(const void *a, const void *b)
{
	uint64_t x = ((const gperm *)a)->g, y = ((const gperm *)b)->g;
	return (x > y) - (x < y);
}

/* Permutes n elements of size sz of *p into the order ord (new i = old ord[i]). */
static int d_permute(void **p, size_t n, size_t sz, const gperm *ord)
{
	if (!*p)
		return 0;
	unsigned char *q = malloc((n ? n : 1) * sz), *o = *p;
	if (!q)
		return -1;
	for (size_t i = 0; i < n; i++)
		memcpy(q + i * sz, o + (size_t)ord[i].i * sz, sz);
	free(*p);
	*p = q;
	return 0;
}

enum { D_OK, D_CUT, D_GRAPH, D_FAIL };

/* Level k + 1 from level k over every rank: D_OK, D_CUT (a budget: the level dropped, as one
 * process drops it), D_GRAPH (AUTO's probe asks for the graph search), D_FAIL (memory). */
static int d_expand(dsearch *d, int k)
{
	search *s = d->s;
	const int R = d->R, me = d->me, nc = s->nc;
	level *L = &s->lv[k], *N = &s->lv[k + 1];
	const uint64_t Nk = d->gn[k], B = (Nk + (uint64_t)R - 1) / (uint64_t)R;
	size_t cn = L->n * (size_t)nc;
	int rcode = D_OK;
	if (d->bytes + Nk * (uint64_t)nc * 4 > s->max_bytes) { /* forward's child slots */
		s->overflow = OV_MEMORY;
		return D_CUT;
	}
	d->bytes += Nk * (uint64_t)nc * 4;
	d_peak(d);
	int bad = grow(s, (void **)&L->child, cn, 4) != 0;
	if (!bad)
		memset(L->child, 0xff, (cn ? cn : 1) * sizeof *L->child);
	size_t sw = (s->rec_size - REC_HDR) / 8; /* state words */
	u64v *msg = calloc((size_t)R, sizeof *msg), *sent = calloc((size_t)R, sizeof *sent),
	     *ev = calloc((size_t)R, sizeof *ev), *repv = calloc((size_t)R, sizeof *repv);
	size_t *sc = calloc((size_t)R, sizeof *sc), *rc = calloc((size_t)R, sizeof *rc);
	size_t *mcount = calloc((size_t)R, sizeof *mcount);
	uint64_t *rep = NULL;
	uint64_t *sbuf = NULL, *rbuf = NULL;
	bad |= !msg || !sent || !ev || !repv || !sc || !rc || !mcount || reach_slab_alloc(s) != 0 ||
	       reach_table_begin(s, L->n) != 0;
	/* in rounds of one slab a rank (every rank takes part in each round, with no nodes once
	 * its own are done): step the nodes, keep the landings, send the children to their owners,
	 * who dedup them into level k + 1; the messages in flight are one slab's */
	int64_t rounds[1] = { (int64_t)((L->n + SLAB_NODES - 1) / SLAB_NODES) };
	js_ranks_reduce_i64(rounds, 1, 1);
	const size_t mw = 5 + sw; /* a message's words */
	for (int64_t round = 0; round < rounds[0]; round++) {
		size_t lo = (size_t)round * SLAB_NODES, hi = lo;
		if (lo < L->n)
			hi = L->n - lo < SLAB_NODES ? L->n : lo + SLAB_NODES;
		if (hi > lo && !bad)
			reach_step_slab(s, s->crec, lo, hi, L->fl, k == 0);
		for (size_t i = lo; i < hi && !bad; i++) {
			uint64_t gp = d->gidx[k][i];
			int64_t P = max64(L->a[i], L->h[i]);
			for (int ci = 0; ci < nc && !bad; ci++) {
				size_t q = (i - lo) * (size_t)nc + (size_t)ci;
				int kind = s->sl_kind[q];
				uint64_t key = gp * (uint64_t)nc + (uint64_t)ci;
				if (kind == SL_NONE)
					continue;
				if (kind == SL_LAND) {
					if (L->nland == L->land_cap) {
						size_t cap = L->land_cap ? 2 * L->land_cap : 256;
						if (grow(s, (void **)&L->land, cap, 8)) {
							bad = 1;
							break;
						}
						L->land_cap = cap;
					}
					L->child[i * (size_t)nc + (size_t)ci] = LAND | (uint32_t)L->nland;
					L->land[L->nland++] = s->sl_h[q];
					int b = (int)(gp / B);
					bad |= v_push(&ev[b], key) || v_push(&ev[b], UINT64_MAX);
					continue;
				}
				int o = owner_of(d, s->sl_hash[q]);
				const unsigned char *st = s->sl_st + q * s->rec_size;
				bad |= v_push(&msg[o], key) || v_push(&msg[o], (uint64_t)P) ||
				       v_push(&msg[o], (uint64_t)s->sl_h[q]) ||
				       v_push(&msg[o], s->sl_hash[q]) ||
				       v_push(&msg[o], (uint64_t)(kind == SL_AIR) | (uint64_t)i << 32) ||
				       v_push(&sent[o], i * (size_t)nc + (size_t)ci);
				for (size_t w = 0; w < sw && !bad; w++) {
					uint64_t x = 0;
					memcpy(&x, st + 8 * w, 8);
					bad |= v_push(&msg[o], x);
				}
			}
		}
		if (!bad)
			bad |= v_concat(msg, R, &sbuf, sc);
		if (js_ranks_any(bad) || js_ranks_alltoallv(sbuf, sc, &rbuf, rc) != 0) {
			bad = 1;
			goto out;
		}
		free(sbuf);
		sbuf = NULL;
		/* the owner: dedup into level k + 1; each message's node noted for its parent */
		const uint64_t *p = rbuf;
		for (int r = 0; r < R && !bad; r++) {
			mcount[r] += rc[r] / mw;
			for (size_t e = 0; e < rc[r] / mw && !bad; e++, p += mw) {
				uint64_t key = p[0], x = p[3];
				int64_t Pp = (int64_t)p[1], h = (int64_t)p[2];
				unsigned took = (unsigned)(p[4] & 1);
				uint32_t ph = (uint32_t)(p[4] >> 32) * (uint32_t)R + (uint32_t)r;
				const unsigned char *st = (const unsigned char *)(p + 5);
				size_t j = 0;
				int64_t f = table_find(s, s->brec, took, st, x, &j);
				if (f >= 0) {
					if (key < d->fkey[f])
						d->fkey[f] = key;
					if (Pp < N->a[f] || (Pp == N->a[f] && key < d->pkey[f])) {
						N->a[f] = Pp;
						N->par[f] = ph;
						d->pkey[f] = key;
					}
				} else {
					if (d_room(d, N) != 0) {
						bad = 1;
						break;
					}
					size_t i = N->n++;
					unsigned char *rr = s->brec + i * s->rec_size;
					memset(rr, 0, s->rec_size);
					rr[0] = (unsigned char)took;
					memcpy(rr + REC_HDR, st, s->m->state_size);
					s->bhash[i] = x;
					N->h[i] = took ? h : HMIN;
					N->a[i] = Pp;
					N->par[i] = ph;
					d->fkey[i] = d->pkey[i] = key;
					N->fl[i] = 0;
					if (s->settle && took)
						reach_settle_of(s, k + 1, rr + REC_HDR, N->h[i],
								&N->fl[i], &N->slo[i], &N->shi[i]);
					s->t.slots[j] = s->t.gen << SLOT_GEN_SHIFT |
							(x & SLOT_TAG_MASK) | (uint64_t)(i + 1);
					if (N->n * 10 > s->t.cap * 7 &&
					    reach_table_grow(s, s->bhash, N->n) != 0) {
						bad = 1;
						break;
					}
					f = (int64_t)i;
				}
				bad |= v_push(&repv[r], (uint64_t)f);
			}
		}
		free(rbuf);
		rbuf = NULL;
	}
	size_t nmsg = 0;
	for (int r = 0; r < R; r++)
		nmsg += mcount[r];
	if (!bad)
		bad |= v_concat(repv, R, &rep, sc); /* per source, in the order its messages came */
	/* the keys to the block owners: each node's one-process index, and the budget's replay */
	for (size_t i = 0; i < N->n && !bad; i++) {
		int b = (int)(d->fkey[i] / (uint64_t)nc / B);
		bad |= v_push(&ev[b], d->fkey[i]) || v_push(&ev[b], (uint64_t)i);
	}
	if (!bad)
		bad |= v_concat(ev, R, &sbuf, sc);
	if (js_ranks_any(bad) || js_ranks_alltoallv(sbuf, sc, &rbuf, rc) != 0) {
		bad = 1;
		goto out;
	}
	free(sbuf);
	sbuf = NULL;
	size_t nev = 0;
	for (int r = 0; r < R; r++)
		nev += rc[r] / 2;
	dev *E = malloc((nev ? nev : 1) * sizeof *E);
	bad |= !E;
	uint64_t cnt[2] = { 0, 0 }; /* new nodes, landings in this block */
	for (size_t e = 0, r = 0, left = R ? rc[0] / 2 : 0; e < nev && E; e++) {
		while (!left)
			left = rc[++r] / 2;
		E[e] = (dev){ rbuf[2 * e], rbuf[2 * e + 1], (int)r };
		cnt[E[e].tag == UINT64_MAX]++;
		left--;
	}
	free(rbuf);
	rbuf = NULL;
	if (E)
		qsort(E, nev, sizeof *E, cmp_dev);
	uint64_t tot[2] = { cnt[0], cnt[1] }, base[2] = { cnt[0], cnt[1] };
	js_ranks_sum_u64(tot, 2, 0);
	js_ranks_sum_u64(base, 2, 1);
	/* The replay, in the one-process order of the frame's edges (key: parent's index * nc +
	 * combo index; this block's come after base[] events of the blocks before it).  One process
	 * adds a node at each node's first edge (build_room: the node budget, the handle bound, then
	 * the estimate + per) and grows the landing array at 0, 256, 512, ... landings (add_land:
	 * + 8 * the growth); it gives nothing back while a frame is built, so after j nodes and l
	 * landings the estimate is CUM(j, l), and the first event that would pass max_bytes is where
	 * it stops (the estimate stays as before it).  First events: the jn-th new node (node
	 * budget), the estimate, the jp-th new node (AUTO's probe decides at the search's
	 * JS_REACH_GRAPH_PROBE-th node). */
	const uint64_t per = s->node_bytes + s->rec_size + 24, NOEV = (uint64_t)INT64_MAX;
	uint64_t jn = PAR_MASK - 1;
	if (s->max_nodes && s->max_nodes - d->nodes < jn)
		jn = s->max_nodes - d->nodes;
	uint64_t jp = s->probing && d->nodes < JS_REACH_GRAPH_PROBE ?
		JS_REACH_GRAPH_PROBE - d->nodes - 1 : UINT64_MAX;
	const uint64_t b0 = d->bytes;
#define CUM(j, l) (b0 + (j) * per + 8 * land_cap_of(l))
	int64_t first[3] = { (int64_t)NOEV, (int64_t)NOEV, (int64_t)NOEV }; /* nodes, memory, probe */
	uint64_t before[2] = { 0, 0 };
	u64v *gr = calloc((size_t)R, sizeof *gr);
	bad |= !gr;
	uint64_t j = base[0], l = base[1];
	for (size_t e = 0; e < nev && !bad; e++) {
		if (E[e].tag != UINT64_MAX) {
			if (j == jn && first[0] == (int64_t)NOEV) {
				first[0] = (int64_t)E[e].key;
				before[0] = CUM(j, l);
			} else if (CUM(j + 1, l) > s->max_bytes && first[1] == (int64_t)NOEV) {
				first[1] = (int64_t)E[e].key;
				before[1] = CUM(j, l);
			}
			if (j == jp)
				first[2] = (int64_t)E[e].key;
			bad |= v_push(&gr[E[e].src], E[e].tag) || v_push(&gr[E[e].src], j);
			j++;
		} else {
			if (land_cap_of(l) == l && CUM(j, l + 1) > s->max_bytes &&
			    first[1] == (int64_t)NOEV) {
				first[1] = (int64_t)E[e].key;
				before[1] = CUM(j, l);
			}
			l++;
		}
	}
	free(E);
	int64_t gfirst[3] = { first[0], first[1], first[2] };
	js_ranks_reduce_i64(gfirst, 3, 0);
	uint64_t gbefore[2] = { first[0] == gfirst[0] ? before[0] : 0,
				first[1] == gfirst[1] ? before[1] : 0 };
	js_ranks_sum_u64(gbefore, 2, 0); /* one rank found each (keys are distinct) */
	if (!bad)
		bad |= v_concat(gr, R, &sbuf, sc);
	else
		for (int r = 0; r < R && gr; r++)
			free(gr[r].p);
	free(gr);
	if (js_ranks_any(bad) || js_ranks_alltoallv(sbuf, sc, &rbuf, rc) != 0) {
		bad = 1;
		goto out;
	}
	free(sbuf);
	sbuf = NULL;
	bad |= grow(s, (void **)&d->gidx[k + 1], N->n, 4);
	for (size_t e = 0, tw = 0; e < (size_t)R && !bad; e++)
		for (size_t w = 0; w < rc[e]; w += 2, tw += 2)
			d->gidx[k + 1][rbuf[tw]] = (uint32_t)rbuf[tw + 1];
	free(rbuf);
	rbuf = NULL;
	int64_t ov_key = gfirst[0] < gfirst[1] ? gfirst[0] : gfirst[1];
	if (s->probing && gfirst[2] != (int64_t)NOEV && gfirst[2] < ov_key) {
		/* the probe decides at node jp: the distinct states of the first PROBE nodes */
		uint64_t pn = 0;
		for (size_t i = 0; i < N->n && !bad; i++)
			if (d->gidx[k + 1][i] <= jp) {
				int a = reach_probe_insert(s, s->brec + i * s->rec_size);
				bad |= a < 0;
				pn += a > 0;
			}
		uint64_t g[1] = { pn };
		js_ranks_sum_u64(g, 1, 0);
		d->pn += g[0];
		s->probing = 0;
		free(s->pslot);
		free(s->prec);
		s->pslot = NULL;
		s->prec = NULL;
		if (JS_REACH_GRAPH_PROBE >= (uint64_t)JS_REACH_GRAPH_RATIO * d->pn) {
			s->to_graph = 1;
			rcode = D_GRAPH;
			goto out;
		}
	}
	if (ov_key != (int64_t)NOEV) {
		/* as one process: level k + 1 dropped, level k's edges too, the estimate as it
		 * stood before the refused node or landing */
		s->overflow = gfirst[0] < gfirst[1] ? OV_NODES : OV_MEMORY;
		d->bytes = gfirst[0] < gfirst[1] ? gbefore[0] : gbefore[1];
		d_peak(d);
		memset(L->child, 0xff, (cn ? cn : 1) * sizeof *L->child);
		L->nland = 0;
		reach_level_free(N);
		rcode = D_CUT;
		goto out;
	}
	if (s->probing) {
		uint64_t pn = 0;
		for (size_t i = 0; i < N->n && !bad; i++) {
			int a = reach_probe_insert(s, s->brec + i * s->rec_size);
			bad |= a < 0;
			pn += a > 0;
		}
		uint64_t g[1] = { pn };
		js_ranks_sum_u64(g, 1, 0);
		d->pn += g[0];
	}
	d->bytes = CUM(tot[0], tot[1]);
	d_peak(d);
#undef CUM
	/* this rank's nodes in their one-process order */
	gperm *ord = malloc((N->n ? N->n : 1) * sizeof *ord);
	uint32_t *inv = malloc((N->n ? N->n : 1) * sizeof *inv);
	bad |= !ord || !inv;
	for (size_t i = 0; i < N->n && !bad; i++)
		ord[i] = (gperm){ d->gidx[k + 1][i], (uint32_t)i };
	if (!bad) {
		qsort(ord, N->n, sizeof *ord, cmp_gperm);
		for (size_t i = 0; i < N->n; i++)
			inv[ord[i].i] = (uint32_t)i;
		bad |= d_permute((void **)&s->brec, N->n, s->rec_size, ord) ||
		       d_permute((void **)&N->h, N->n, 8, ord) || d_permute((void **)&N->a, N->n, 8, ord) ||
		       d_permute((void **)&N->par, N->n, 4, ord) ||
		       d_permute((void **)&N->fl, N->n, 1, ord) ||
		       d_permute((void **)&N->slo, N->n, 2, ord) ||
		       d_permute((void **)&N->shi, N->n, 2, ord) ||
		       d_permute((void **)&d->gidx[k + 1], N->n, 4, ord);
		bad |= grow(s, (void **)&d->pci[k + 1], N->n, 1);
		for (size_t i = 0; i < N->n && !bad; i++)
			d->pci[k + 1][i] = (uint8_t)(d->pkey[ord[i].i] % (uint64_t)nc);
	}
	free(ord);
	/* each child's handle back to its parent, in the order its messages came */
	for (size_t e = 0; e < nmsg && !bad; e++)
		rep[e] = (uint64_t)inv[rep[e]] * (uint64_t)R + (uint64_t)me;
	free(inv);
	if (js_ranks_any(bad) || js_ranks_alltoallv(rep, mcount, &rbuf, rc) != 0) {
		bad = 1;
		goto out;
	}
	for (int r = 0, o = 0; r < R; r++)
		for (size_t e = 0; e < sent[r].n; e++)
			L->child[sent[r].p[e]] = (uint32_t)rbuf[o++];
out:
	free(rep);
	free(mcount);
	free(sbuf);
	free(rbuf);
	for (int r = 0; r < R && msg; r++)
		free(msg[r].p);
	for (int r = 0; r < R && ev; r++)
		free(ev[r].p);
	for (int r = 0; r < R && sent; r++)
		free(sent[r].p);
	for (int r = 0; r < R && repv; r++)
		free(repv[r].p);
	free(repv);
	free(msg);
	free(ev);
	free(sent);
	free(sc);
	free(rc);
	if (js_ranks_any(bad))
		return D_FAIL;
	return rcode;
}

/* Forward over every rank: levels 1..n (d_forward's result as d_expand's; D_CUT leaves the
 * horizon where one process leaves it). */
static int d_forward(dsearch *d)
{
	search *s = d->s;
	level *L0 = &s->lv[0];
	int mine = d->me == 0; /* the start is rank 0's */
	L0->n = (size_t)mine;
	if (grow(s, (void **)&L0->h, 1, 8) || grow(s, (void **)&L0->a, 1, 8) ||
	    grow(s, (void **)&L0->par, 1, 4) || grow(s, (void **)&L0->fl, 1, 1) ||
	    grow(s, (void **)&s->crec, 1, s->rec_size) || grow(s, (void **)&d->gidx[0], 1, 4) ||
	    grow(s, (void **)&d->pci[0], 1, 1))
		d->bad = 1;
	if (js_ranks_any(d->bad))
		return D_FAIL;
	L0->h[0] = HMIN;
	L0->a[0] = 0;
	L0->par[0] = NONE;
	L0->fl[0] = 0;
	d->gidx[0][0] = 0;
	d->pci[0][0] = 0;
	memset(s->crec, 0, s->rec_size);
	reach_start_state(s->m, s->out->axis, s->crec + REC_HDR);
	d->gn[0] = 1;
	d->bytes = s->node_bytes;
	d_peak(d);
	for (int k = 0; k < s->n; k++) {
		s->horizon = k;
		int rc = d_expand(d, k);
		if (rc != D_OK)
			return rc;
		level *N = &s->lv[k + 1];
		uint64_t g[1] = { N->n };
		js_ranks_sum_u64(g, 1, 0);
		uint64_t T = g[0]; /* the frame's nodes over every rank */
		/* as forward(): the records of level k + 1 become the ones to expand */
		uint64_t less = T * (s->rec_size + 24) + d->gn[k] * s->rec_size;
		d->bytes = less > d->bytes ? 0 : d->bytes - less;
		d->bytes += T * s->rec_size;
		d->gn[k + 1] = T;
		d->nodes += T;
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
		if (T > s->out->peak_nodes)
			s->out->peak_nodes = T;
		s->horizon = k + 1;
		reach_meter_frame(s, k + 1);
	}
	return D_OK;
}

/* Backward over every rank, level by level from the horizon: each rank asks its nodes'
 * children's owners for their landing lists (as the parent reads them: (max(h, v), t)) and the
 * least later height in the air; then backward()'s per-node step and outcomes, in its nodes'
 * one-process order.  The estimate's pool growth replays over the blocks, in rank order. */
static int d_backward(dsearch *d)
{
	search *s = d->s;
	const int R = d->R, nc = s->nc;
	lent *tmp = NULL;
	size_t tmp_cap = 0;
	size_t *sc = calloc((size_t)R, sizeof *sc), *rc = calloc((size_t)R, sizeof *rc);
	size_t *cur = calloc((size_t)R, sizeof *cur);
	u64v *v = calloc((size_t)R, sizeof *v);
	uint64_t growth = 0;
	int bad = !sc || !rc || !cur || !v;
	for (int k = s->horizon; k >= 0 && !js_ranks_any(bad); k--) {
		level *L = &s->lv[k];
		level *N = k < s->horizon ? &s->lv[k + 1] : NULL;
		size_t n = L->n;
		uint64_t *sbuf = NULL, *req = NULL, *ans = NULL;
		if (N) { /* the requests: each child's index on its owner */
			for (size_t i = 0; i < n && !bad; i++)
				for (int ci = 0; ci < nc && !(L->fl[i] & N_SETTLED) && !bad; ci++) {
					uint32_t c = L->child[i * (size_t)nc + (size_t)ci];
					if (c != NONE && !(c & LAND))
						bad |= v_push(&v[c % (uint32_t)R], c / (uint32_t)R);
				}
			bad |= v_concat(v, R, &sbuf, sc);
			if (js_ranks_any(bad) || js_ranks_alltoallv(sbuf, sc, &req, rc) != 0) {
				bad = 1;
				free(sbuf);
				break;
			}
			free(sbuf);
			sbuf = NULL;
			/* the answers: ba's part, the count, the entries (v, t) */
			for (int r = 0, o = 0; r < R; r++)
				for (size_t e = 0; e < rc[r] && !bad; e++) {
					uint32_t c = (uint32_t)req[o++];
					int64_t hc = N->h[c], bc = ba_of(N, c);
					bad |= v_push(&v[r], (uint64_t)(bc != HMAX ? max64(hc, bc) : HMAX));
					if (N->fl[c] & N_SETTLED) {
						bad |= v_push(&v[r], 2) || v_push(&v[r], (uint64_t)hc) ||
						       v_push(&v[r], (uint64_t)(int64_t)settle_lo(N, c)) ||
						       v_push(&v[r], (uint64_t)hc) ||
						       v_push(&v[r], (uint64_t)(int64_t)settle_hi(N, c));
						continue;
					}
					const lent *ce = N->pool + N->lofs[c];
					bad |= v_push(&v[r], N->lcnt[c]);
					for (int q = 0; q < N->lcnt[c] && !bad; q++)
						bad |= v_push(&v[r], (uint64_t)max64(hc, ce[q].v)) ||
						       v_push(&v[r], (uint64_t)(int64_t)ce[q].t);
				}
			free(req);
			bad |= v_concat(v, R, &sbuf, sc);
			if (js_ranks_any(bad) || js_ranks_alltoallv(sbuf, sc, &ans, rc) != 0) {
				bad = 1;
				free(sbuf);
				break;
			}
			free(sbuf);
			for (int r = 0, o = 0; r < R; r++) {
				cur[r] = (size_t)o;
				o += (int)rc[r];
			}
		}
		size_t pool_cap = n + 16;
		if (grow(s, (void **)&L->ba, n, 8) || grow(s, (void **)&L->lofs, n, 4) ||
		    grow(s, (void **)&L->lcnt, n, 1) || grow(s, (void **)&L->pool, pool_cap, sizeof(lent)))
			bad = 1; /* agreed at the counts' exchange below */
		L->npool = 0;
		int any_ba = 0;
		uint64_t B = (d->gn[k] + (uint64_t)R - 1) / (uint64_t)R;
		for (size_t i = 0; i < n && !bad; i++) {
			int cnt = 0;
			int64_t ba = HMAX;
			if (L->fl[i] & N_SETTLED) {
			} else if (!N) {
				ba = L->h[i] != HMIN && !s->truncated ? HMIN : HMAX;
			} else {
				for (int ci = 0; ci < nc && !bad; ci++) {
					uint32_t c = L->child[i * (size_t)nc + (size_t)ci];
					if (c == NONE)
						continue;
					if ((size_t)cnt + 256 > tmp_cap) {
						tmp_cap = 2 * tmp_cap + 512;
						if (grow(s, (void **)&tmp, tmp_cap, sizeof *tmp)) {
							bad = 1;
							break;
						}
					}
					if (c & LAND) {
						tmp[cnt++] = (lent){ L->land[c & ~LAND], (int16_t)(k + 1) };
						continue;
					}
					const uint64_t *a = ans + cur[c % (uint32_t)R];
					int64_t bc = (int64_t)a[0];
					int m = (int)a[1];
					if (bc != HMAX)
						ba = min64(ba, bc);
					for (int q = 0; q < m; q++)
						tmp[cnt++] = (lent){ (int64_t)a[2 + 2 * q],
								     (int16_t)(int64_t)a[3 + 2 * q] };
					cur[c % (uint32_t)R] += 2 + 2 * (size_t)m;
				}
				cnt = prune_lents(tmp, cnt);
			}
			if (L->npool + (size_t)cnt > pool_cap) {
				size_t cap = pool_cap * 2 + (size_t)cnt;
				if (grow(s, (void **)&L->pool, cap, sizeof(lent))) {
					bad = 1;
					break;
				}
				pool_cap = cap;
			}
			if (cnt > 255) {
				bad = 1;
				break;
			}
			memcpy(L->pool + L->npool, tmp, (size_t)cnt * sizeof *tmp);
			L->lofs[i] = (uint32_t)L->npool;
			if (L->fl[i] & N_SETTLED)
				L->lofs[i] = (uint16_t)L->slo[i] | (uint32_t)(uint16_t)L->shi[i] << 16;
			L->lcnt[i] = (uint8_t)cnt;
			L->npool += (size_t)cnt;
			L->ba[i] = ba;
			any_ba |= ba != HMAX;
			if (reach_outcomes(s, k, i) != 0)
				bad = 1;
			/* the count to its block owner, for the estimate's replay */
			uint64_t g = d->gidx[k][i];
			bad |= v_push(&v[g / B], g) || v_push(&v[g / B], (uint64_t)cnt);
		}
		free(ans);
		/* the estimate: the one-process pool grows by its own rule over the counts in node
		 * order; block by block, the pool's state passed along the ranks */
		bad |= v_concat(v, R, &sbuf, sc);
		uint64_t *cb = NULL;
		if (js_ranks_any(bad) || js_ranks_alltoallv(sbuf, sc, &cb, rc) != 0) {
			bad = 1;
			free(sbuf);
			break;
		}
		free(sbuf);
		uint64_t lo = (uint64_t)d->me * B, hi = lo + B < d->gn[k] ? lo + B : d->gn[k];
		uint8_t *cnts = calloc(hi > lo ? hi - lo : 1, 1);
		size_t tw = 0;
		for (int r = 0; r < R; r++)
			tw += rc[r];
		for (size_t w = 0; w < tw && cnts; w += 2)
			cnts[cb[w] - lo] = (uint8_t)cb[w + 1];
		free(cb);
		if (!cnts) /* cannot continue the chain consistently: stop every rank */
			bad = 1;
		uint64_t st[2] = { 0, d->gn[k] + 16 }; /* npool, pool_cap */
		js_ranks_recv_prev(st, 2);
		for (uint64_t g = lo; g < hi && cnts; g++) {
			uint64_t c = cnts[g - lo];
			if (st[0] + c > st[1]) {
				uint64_t cap = st[1] * 2 + c;
				growth += (cap - st[1]) * sizeof(lent);
				st[1] = cap;
			}
			st[0] += c;
		}
		js_ranks_send_next(st, 2);
		free(cnts);
		free(L->a);
		L->a = NULL;
		free(L->slo);
		free(L->shi);
		L->slo = L->shi = NULL;
		if (!any_ba) {
			free(L->ba);
			L->ba = NULL;
		}
		if (N) {
			lent *pp = realloc(N->pool, (N->npool ? N->npool : 1) * sizeof *pp);
			if (pp)
				N->pool = pp;
		}
	}
	bad = js_ranks_any(bad);
	uint64_t g[1] = { growth };
	js_ranks_sum_u64(g, 1, 0);
	d->bytes += g[0];
	d_peak(d);
	free(tmp);
	free(sc);
	free(rc);
	free(cur);
	for (int r = 0; r < R && v; r++)
		free(v[r].p);
	free(v);
	return bad ? -1 : 0;
}

/* ---- the results of every rank, and the witnesses ---- */

typedef struct dent {
	entry e;       /* w_i: the node's handle */
	uint64_t okey; /* with w_k: the one-process order of the witness (backward: the last level
			* first, then the node's index, then the edge's combo index, W_LAND, W_AIR) */
} dent;

static int cmp_dent(const void *a, const void *b)
{
	int64_t x = ((const dent *)a)->e.rise, y = ((const dent *)b)->e.rise;
	return (x > y) - (x < y);
}

/* x's witness comes first in one process (a landed one replaces one in the air) */
static int dent_before(const dent *x, const dent *e)
{
	if (x->e.landed != e->e.landed)
		return x->e.landed;
	if (x->e.w_k != e->e.w_k)
		return x->e.w_k > e->e.w_k;
	return x->okey < e->okey;
}

#define DENT_WORDS 11

/* Every rank's rises merged (the same on every rank): *out sorted by rise.  -1: memory. */
static int d_merge(dsearch *d, dent **out, size_t *n_out)
{
	search *s = d->s;
	const int R = d->R, nc = s->nc;
	size_t n = s->R.n;
	uint64_t *sb = malloc((n * DENT_WORDS * (size_t)R + 1) * sizeof *sb), *rb = NULL;
	size_t *sc = calloc((size_t)R, sizeof *sc), *rc = calloc((size_t)R, sizeof *rc);
	int bad = !sb || !sc || !rc;
	for (size_t i = 0; i < n && !bad; i++) {
		const entry *e = &s->R.ents[i];
		uint64_t sub = e->w_kind == W_EDGE ? e->w_c : e->w_kind == W_LAND ? (uint64_t)nc : (uint64_t)nc + 1;
		uint64_t w[DENT_WORDS] = {
			(uint64_t)e->rise, (uint64_t)(int64_t)e->air_min, (uint64_t)(int64_t)e->air_max,
			(uint64_t)(int64_t)e->apex_min, (uint64_t)(int64_t)e->apex_max,
			(uint64_t)e->landed, (uint64_t)e->w_kind, (uint64_t)e->w_k, e->w_c,
			(uint64_t)e->w_i * (uint64_t)R + (uint64_t)d->me,
			(uint64_t)d->gidx[e->w_k][e->w_i] * (uint64_t)(nc + 2) + sub
		};
		for (int r = 0; r < R; r++)
			memcpy(sb + ((size_t)r * n + i) * DENT_WORDS, w, sizeof w);
	}
	for (int r = 0; r < R && sc; r++)
		sc[r] = n * DENT_WORDS;
	if (js_ranks_any(bad) || js_ranks_alltoallv(sb, sc, &rb, rc) != 0) {
		free(sb);
		free(sc);
		free(rc);
		return -1;
	}
	free(sb);
	size_t tot = 0;
	for (int r = 0; r < R; r++)
		tot += rc[r] / DENT_WORDS;
	free(sc);
	free(rc);
	dent *x = malloc((tot ? tot : 1) * sizeof *x);
	bad = !x;
	for (size_t i = 0; i < tot && x; i++) {
		const uint64_t *w = rb + i * DENT_WORDS;
		memset(&x[i], 0, sizeof x[i]);
		x[i].e = (entry){ .rise = (int64_t)w[0], .air_min = (int32_t)(int64_t)w[1],
				  .air_max = (int32_t)(int64_t)w[2], .apex_min = (int32_t)(int64_t)w[3],
				  .apex_max = (int32_t)(int64_t)w[4], .landed = (int)w[5],
				  .w_kind = (int)w[6], .w_k = (int)w[7], .w_c = (uint8_t)w[8],
				  .w_i = (uint32_t)w[9], .w_t = -1 };
		x[i].okey = w[10];
	}
	free(rb);
	if (js_ranks_any(bad)) {
		free(x);
		return -1;
	}
	qsort(x, tot, sizeof *x, cmp_dent);
	size_t m = 0;
	for (size_t i = 0; i < tot; i++) {
		if (m && x[m - 1].e.rise == x[i].e.rise) {
			dent *e = &x[m - 1];
			const dent *y = &x[i];
			if (y->e.apex_min < e->e.apex_min)
				e->e.apex_min = y->e.apex_min;
			if (y->e.apex_max > e->e.apex_max)
				e->e.apex_max = y->e.apex_max;
			if (y->e.landed) {
				if (!e->e.landed || y->e.air_min < e->e.air_min)
					e->e.air_min = y->e.air_min;
				if (!e->e.landed || y->e.air_max > e->e.air_max)
					e->e.air_max = y->e.air_max;
			}
			if (dent_before(y, e)) {
				int landed = e->e.landed || y->e.landed;
				e->e.w_kind = y->e.w_kind;
				e->e.w_k = y->e.w_k;
				e->e.w_i = y->e.w_i;
				e->e.w_c = y->e.w_c;
				e->okey = y->okey;
				e->e.landed = landed;
			} else {
				e->e.landed |= y->e.landed;
			}
		} else {
			x[m++] = x[i];
		}
	}
	*out = x;
	*n_out = m;
	return 0;
}

/* The witnesses of the merged rises (witness_layered's walks, one level per collective round:
 * par back to the start, then the suffix forward); the same on every rank. */
static int d_witnesses(dsearch *d, const dent *x, size_t n, uint8_t *seq, int *len)
{
	search *s = d->s;
	const int R = d->R, nc = s->nc;
	size_t w = (size_t)s->n + 1;
	int64_t *buf = malloc((n * (size_t)(nc + 2) + 1) * sizeof *buf);
	int64_t *ok = malloc((n * (size_t)nc + 1) * sizeof *ok);
	uint32_t *cur = malloc((n + 1) * sizeof *cur);
	int bad = !buf || !ok || !cur;
	if (js_ranks_any(bad)) {
		free(buf);
		free(ok);
		free(cur);
		return -1;
	}
	int kmax = 0, kmin = s->horizon;
	for (size_t t = 0; t < n; t++) {
		cur[t] = x[t].e.w_i;
		kmax = x[t].e.w_k > kmax ? x[t].e.w_k : kmax;
		if (x[t].e.w_kind != W_EDGE && x[t].e.w_k < kmin)
			kmin = x[t].e.w_k;
	}
	/* par, back to the start */
	for (int g = kmax; g >= 1; g--) {
		for (size_t t = 0; t < n; t++) {
			buf[2 * t] = buf[2 * t + 1] = INT64_MIN;
			if (x[t].e.w_k >= g && (int)(cur[t] % (uint32_t)R) == d->me) {
				uint32_t loc = cur[t] / (uint32_t)R;
				buf[2 * t] = s->lv[g].par[loc];
				buf[2 * t + 1] = d->pci[g][loc];
			}
		}
		js_ranks_reduce_i64(buf, (int)(2 * n), 1);
		for (size_t t = 0; t < n; t++)
			if (x[t].e.w_k >= g) {
				seq[t * w + (size_t)g - 1] = (uint8_t)s->combos[buf[2 * t + 1]];
				cur[t] = (uint32_t)buf[2 * t];
			}
	}
	/* the suffix: as suffix(), each level's choice made where the node lives */
	int *done = calloc(n + 1, sizeof *done);
	if (js_ranks_any(!done)) {
		free(buf);
		free(ok);
		free(cur);
		free(done);
		return -1;
	}
	for (size_t t = 0; t < n; t++) {
		cur[t] = x[t].e.w_i;
		if (x[t].e.w_kind == W_EDGE) {
			seq[t * w + (size_t)x[t].e.w_k] = (uint8_t)s->combos[x[t].e.w_c];
			len[t] = x[t].e.w_k + 1;
			done[t] = 1;
		}
	}
	for (int g = kmin; g <= s->horizon; g++) {
		const level *L = &s->lv[g];
		const level *N = g < s->horizon ? &s->lv[g + 1] : NULL;
		for (size_t t = 0; t < n; t++) {
			int air = x[t].e.w_kind == W_AIR;
			if (!done[t] && x[t].e.w_k <= g && air && g == s->horizon) {
				len[t] = g;
				done[t] = 1;
			}
		}
		/* where the node lives: settled (the early input's combo and airtime), or its child
		 * slots (a handle, -2 a landing low enough, -1 none) */
		for (size_t t = 0; t < n * (size_t)(nc + 1); t++)
			buf[t] = INT64_MIN;
		for (size_t t = 0; t < n; t++) {
			if (done[t] || x[t].e.w_k > g || (int)(cur[t] % (uint32_t)R) != d->me)
				continue;
			int air = x[t].e.w_kind == W_AIR;
			int64_t r = x[t].e.rise;
			uint32_t j = cur[t] / (uint32_t)R;
			int64_t *b = buf + t * (size_t)(nc + 1);
			if (!air && (L->fl[j] & N_SETTLED)) {
				b[0] = (int64_t)(L->fl[j] >> 4) << 16 | (int64_t)(uint16_t)settle_lo(L, j);
				continue;
			}
			b[0] = -1;
			for (int ci = 0; ci < nc; ci++) {
				uint32_t c = L->child ? L->child[(size_t)j * (size_t)nc + (size_t)ci] : NONE;
				if (c == NONE)
					b[1 + ci] = -1;
				else if (c & LAND)
					b[1 + ci] = !air && L->land[c & ~LAND] <= r ? -2 : -1;
				else
					b[1 + ci] = c;
			}
		}
		js_ranks_reduce_i64(buf, (int)(n * (size_t)(nc + 1)), 1);
		/* where the children live: whether each continues */
		for (size_t t = 0; t < n * (size_t)nc; t++)
			ok[t] = 0;
		for (size_t t = 0; t < n && N; t++) {
			const int64_t *b = buf + t * (size_t)(nc + 1);
			if (done[t] || x[t].e.w_k > g || b[0] != -1)
				continue;
			int air = x[t].e.w_kind == W_AIR;
			int64_t r = x[t].e.rise;
			for (int ci = 0; ci < nc; ci++) {
				if (b[1 + ci] < 0 || (int)((uint64_t)b[1 + ci] % (uint64_t)R) != d->me)
					continue;
				uint32_t c = (uint32_t)((uint64_t)b[1 + ci] / (uint64_t)R);
				if (N->h[c] > r)
					continue;
				ok[t * (size_t)nc + (size_t)ci] =
					air ? ba_of(N, c) <= r
					    : (N->fl[c] & N_SETTLED) || (N->lcnt[c] && N->pool[N->lofs[c]].v <= r);
			}
		}
		js_ranks_reduce_i64(ok, (int)(n * (size_t)nc), 1);
		for (size_t t = 0; t < n; t++) {
			if (done[t] || x[t].e.w_k > g)
				continue;
			const int64_t *b = buf + t * (size_t)(nc + 1);
			uint8_t *q = seq + t * w;
			if (b[0] >= 0) { /* settled: the early input until it lands */
				unsigned c = s->combos[b[0] >> 16];
				int tl = (int)(b[0] & 0xffff), gg = g;
				while (gg < tl)
					q[gg++] = (uint8_t)c;
				len[t] = tl;
				done[t] = 1;
				continue;
			}
			int next = -1;
			for (int ci = 0; ci < nc; ci++) {
				if (b[1 + ci] == -2) {
					q[g] = (uint8_t)s->combos[ci];
					len[t] = g + 1;
					done[t] = 1;
					break;
				}
				if (b[1 + ci] >= 0 && ok[t * (size_t)nc + (size_t)ci]) {
					q[g] = (uint8_t)s->combos[ci];
					next = ci;
					break;
				}
			}
			if (done[t])
				continue;
			if (next < 0) { /* cannot happen (as suffix()) */
				len[t] = -1;
				done[t] = 1;
				continue;
			}
			cur[t] = (uint32_t)b[1 + next];
		}
	}
	free(done);
	free(buf);
	free(ok);
	free(cur);
	return 0;
}

/* The distributed layered search of one start (every rank calls it with the same arguments):
 * reach_run_search's layered part.  Returns 1 when AUTO's probe asks for the graph search. */
static int run_dist(const js_model *m, const js_reach_opts *o, unsigned inputs, int mode,
		    js_reach_set *out)
{
	double t0 = reach_now_s();
	search *s = calloc(1, sizeof *s);
	dsearch d = { .s = s, .R = js_n_ranks(), .me = js_rank() };
	int n = o->n_frames;
	if (s) {
		s->probing = mode == JS_REACH_AUTO;
		s->m = m;
		s->out = out;
		s->n = n;
		s->inputs = inputs;
		s->rec_size = rec_size_of(m);
		s->key_size = key_size_of(m);
		s->max_nodes = o->max_states;
		s->max_bytes = o->max_memory ? o->max_memory : js_reach_default_memory();
		s->meter = o->meter;
		s->threads = o->threads > 0 ? o->threads : 1;
		s->settle = m->settle && !o->no_settle;
		s->node_bytes = 21 + (s->settle ? 4 : 0) + 23; /* as reach_run_search */
		unsigned c = 0;
		do {
			s->combos[s->nc++] = c;
			c = (c - inputs) & inputs;
		} while (c != 0);
		s->lv = calloc((size_t)n + 1, sizeof *s->lv);
	}
	d.gidx = calloc((size_t)n + 1, sizeof *d.gidx);
	d.pci = calloc((size_t)n + 1, sizeof *d.pci);
	d.gn = calloc((size_t)n + 1, sizeof *d.gn);
	int fail = js_ranks_any(!s || !s->lv || !d.gidx || !d.pci || !d.gn), to_graph = 0;
	int rc = fail ? D_FAIL : d_forward(&d);
	dent *x = NULL;
	size_t nx = 0;
	if (rc == D_GRAPH) {
		to_graph = 1;
		goto done;
	}
	out->layered = 1;
	if (rc == D_FAIL) {
		if (s)
			s->overflow = OV_ALLOC;
	} else {
		if (rc == D_CUT) {
			s->truncated = 1;
			s->overflow_frame = s->horizon;
		}
		int ov = s->overflow;
		s->overflow = 0;
		if (d_backward(&d) != 0)
			rc = D_FAIL;
		s->overflow = rc == D_FAIL ? OV_ALLOC : ov;
	}
	if (rc != D_FAIL) {
		uint64_t c[4] = { 0, 0, 0, 0 }; /* settled, airborne and no take-off at the limit */
		out->states = 0;
		for (int k = 1; k <= s->horizon; k++) {
			const level *L = &s->lv[k];
			out->states += d.gn[k];
			for (size_t i = 0; i < L->n; i++)
				c[0] += (L->fl[i] & N_SETTLED) != 0;
		}
		if (!s->truncated) {
			const level *L = &s->lv[s->horizon];
			for (size_t i = 0; i < L->n; i++) {
				c[1] += L->h[i] != HMIN;
				c[2] += L->h[i] == HMIN;
			}
		}
		js_ranks_sum_u64(c, 3, 0);
		out->settled = c[0];
		out->frame_nodes = out->states;
		out->airborne_at_limit = c[1];
		out->no_takeoff = c[2];
		if (d_merge(&d, &x, &nx) != 0) {
			rc = D_FAIL;
			s->overflow = OV_ALLOC;
		}
	}
	out->frames_done = s && s->overflow ? s->overflow_frame : n;
	if (rc != D_FAIL) {
		uint8_t *seq = calloc(nx * ((size_t)n + 1) + 1, 1);
		int *len = calloc(nx + 1, sizeof *len);
		out->rises = calloc(nx ? nx : 1, sizeof *out->rises);
		int bad = !seq || !len || !out->rises;
		if (js_ranks_any(bad) || d_witnesses(&d, x, nx, seq, len) != 0)
			bad = 1;
		for (size_t i = 0; i < nx && !bad; i++) {
			const entry *e = &x[i].e;
			js_reach_rise *r = &out->rises[i];
			r->rise = e->rise;
			r->airtime_min = e->landed ? e->air_min : 0;
			r->airtime_max = e->landed ? e->air_max : 0;
			r->apex_min = e->apex_min;
			r->apex_max = e->apex_max;
			r->flags = e->landed ? 0 : JS_FLAG_NOT_LANDED;
			r->witness_len = len[i];
			out->n_rises = (int)i + 1;
			r->witness = len[i] >= 1 ? malloc((size_t)len[i]) : NULL;
			if (!r->witness) {
				bad = 1;
				break;
			}
			memcpy(r->witness, seq + i * ((size_t)n + 1), (size_t)len[i]);
		}
		free(seq);
		free(len);
		if (js_ranks_any(bad) && !s->overflow)
			s->overflow = OV_ALLOC;
	}
	out->peak_bytes = d.peak;
	out->complete = s && !s->overflow;
	if (!s)
		snprintf(out->message, sizeof out->message, "reach %s: out of memory", m->id);
	if (s && s->overflow) { /* reach_run_search's message */
		char label[200], budget[80];
		js_reach_set_label(m, out, label, sizeof label);
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
			 budget, out->frames_done, n, "layered", (unsigned long long)out->states,
			 out->n_rises, out->frames_done);
	}
done:
	free(x);
	if (s) {
		if (!to_graph)
			reach_meter_frame(s, n);
		else if (s->meter)
			js_progress_set_total(s->meter, atomic_load(&s->meter->total) +
					      (uint64_t)s->meter_frames);
		reach_slab_free(s);
		free(s->pslot);
		free(s->prec);
		for (int k = 0; k <= n && s->lv; k++)
			reach_level_free(&s->lv[k]);
		free(s->lv);
		free(s->t.slots);
		free(s->brec);
		free(s->bhash);
		free(s->crec);
		reach_res_free(&s->R);
	}
	for (int k = 0; k <= n; k++) {
		if (d.gidx)
			free(d.gidx[k]);
		if (d.pci)
			free(d.pci[k]);
	}
	free(d.gidx);
	free(d.pci);
	free(d.gn);
	free(d.fkey);
	free(d.pkey);
	free(s);
	out->seconds = reach_now_s() - t0;
	return to_graph;
}

/* One start over every rank (reach_one's sequence of searches): the layered search distributed;
 * the graph search (AUTO's choice when the states repeat over the frames: it keeps each distinct
 * state once) on rank 0, its set then sent to every rank. */
int reach_one_ranks(const js_model *m, const int32_t *axis_values, const js_reach_opts *o,
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
	int rc = o->mode == JS_REACH_GRAPH ? 1 : run_dist(m, o, inputs, o->mode, out);
	if (rc != 1)
		return rc;
	double t = reach_reset_set(out);
	if (js_rank() == 0)
		rc = reach_run_search(m, o, inputs, JS_REACH_GRAPH, NULL, out, NULL, NULL);
	js_ranks_wait();
	if (js_ranks_bcast_set(out, 0) != 0) {
		snprintf(out->message, sizeof out->message, "reach %s: out of memory", m->id);
		out->complete = 0;
	}
	out->seconds += t;
	if (o->mode == JS_REACH_GRAPH || out->complete)
		return 0;
	if (o->meter)
		js_progress_set_total(o->meter, atomic_load(&o->meter->total) + (uint64_t)o->n_frames);
	t = reach_reset_set(out);
	rc = run_dist(m, o, inputs, JS_REACH_LAYERED, out);
	out->seconds += t;
	return rc;
}
