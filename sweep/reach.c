/* sweep/reach.c - every reachable apex by breadth-first search over distinct states (reach.h). */
#include "reach.h"

#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sweep.h"

/* ---- node records ----
 * A record: this header, then the model state (state_size bytes, zero-padded to 8).  Two records
 * are the same node when rise, took_off and the state's first key_size bytes are equal. */
typedef struct rec_hdr {
	int64_t rise;
	int16_t apex_min, apex_max;
	uint8_t took_off;
	uint8_t pad[3];
} rec_hdr;

#define REC_HDR ((size_t)sizeof(rec_hdr))

static size_t rec_size_of(const js_model *m)
{
	return REC_HDR + ((m->state_size + 7) & ~(size_t)7);
}

static size_t key_size_of(const js_model *m)
{
	return m->key_size && m->key_size < m->state_size ? m->key_size : m->state_size;
}

size_t js_reach_node_bytes(const js_model *m)
{
	/* the frame being built with up to 2x growth slack + the frame being expanded (together at
	 * most the budget), the hash at <= 0.7 load (<= 23 bytes a node), 5 bytes of history */
	return 2 * rec_size_of(m) + 24 + 5;
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

static uint64_t node_hash(const rec_hdr *h, const unsigned char *key, size_t key_size)
{
	uint64_t x = mix64((uint64_t)h->rise ^ ((uint64_t)h->took_off << 63) ^ 0x9e3779b97f4a7c15ULL);
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

/* ---- one frame's nodes ---- */
typedef struct level {
	unsigned char *recs;
	size_t n, cap;
	uint32_t *parent; /* index in the previous frame's level (0 for frame 0: the root) */
	uint8_t *input;
} level;

/* The distinct rises found so far. */
typedef struct entry {
	int64_t rise;
	int32_t air_min, air_max, apex_min, apex_max;
	int landed;
	int w_frame;       /* the witness: its last frame, */
	uint32_t w_parent; /* its node there's parent, */
	uint8_t w_input;   /* and the input of that frame */
} entry;

typedef struct search {
	const js_model *m;
	js_reach_set *out;
	size_t rec_size, key_size;
	uint64_t max_states, prev_total;
	int n_frames;
	level cur, next;
	uint64_t *slots; /* hash: (tag << 32) | (index + 1); 0 empty */
	size_t slot_cap;
	uint32_t **hist_parent;
	uint8_t **hist_input;
	entry *ents;
	size_t n_ents, ents_cap;
	int64_t *emap; /* rise -> entry index + 1 (open addressing on rise) */
	int32_t *emap_idx;
	size_t emap_cap;
	int overflow; /* 1 budget, 2 out of memory, 3 level too large */
} search;

static inline rec_hdr *rec_at(const level *l, size_t rec_size, size_t i)
{
	return (rec_hdr *)(void *)(l->recs + i * rec_size);
}

static int grow_level(search *s, level *l)
{
	uint64_t room = s->max_states - s->prev_total; /* nodes this level may still hold */
	if (l->n + 1 > room) {
		s->overflow = 1;
		return -1;
	}
	if (l->n + 1 >= UINT32_MAX) {
		s->overflow = 3;
		return -1;
	}
	size_t cap = l->cap ? 2 * l->cap : 1024;
	if (cap > room)
		cap = (size_t)room;
	if (cap >= UINT32_MAX)
		cap = UINT32_MAX - 1;
	unsigned char *r = realloc(l->recs, cap * s->rec_size);
	if (!r) {
		s->overflow = 2;
		return -1;
	}
	l->recs = r;
	uint32_t *p = realloc(l->parent, cap * sizeof *p);
	if (!p) {
		s->overflow = 2;
		return -1;
	}
	l->parent = p;
	uint8_t *in = realloc(l->input, cap);
	if (!in) {
		s->overflow = 2;
		return -1;
	}
	l->input = in;
	l->cap = cap;
	return 0;
}

static int hash_resize(search *s, size_t cap)
{
	uint64_t *t = calloc(cap, sizeof *t);
	if (!t) {
		s->overflow = 2;
		return -1;
	}
	free(s->slots);
	s->slots = t;
	s->slot_cap = cap;
	for (size_t i = 0; i < s->next.n; i++) {
		rec_hdr *h = rec_at(&s->next, s->rec_size, i);
		uint64_t x = node_hash(h, (unsigned char *)(h + 1), s->key_size);
		size_t j = (size_t)x & (cap - 1);
		while (t[j])
			j = (j + 1) & (cap - 1);
		t[j] = (x & 0xffffffff00000000ULL) | (uint64_t)(i + 1);
	}
	return 0;
}

/* Adds or merges a node into s->next.  -1 on overflow. */
static int insert(search *s, const rec_hdr *h, const unsigned char *state, uint32_t parent,
		  uint8_t input)
{
	uint64_t x = node_hash(h, state, s->key_size);
	uint64_t tag = x & 0xffffffff00000000ULL;
	size_t mask = s->slot_cap - 1, j = (size_t)x & mask;
	for (;;) {
		uint64_t v = s->slots[j];
		if (!v)
			break;
		if ((v & 0xffffffff00000000ULL) == tag) {
			rec_hdr *o = rec_at(&s->next, s->rec_size, (size_t)(v & 0xffffffffu) - 1);
			if (o->rise == h->rise && o->took_off == h->took_off &&
			    memcmp(o + 1, state, s->key_size) == 0) {
				if (h->apex_min < o->apex_min)
					o->apex_min = h->apex_min;
				if (h->apex_max > o->apex_max)
					o->apex_max = h->apex_max;
				return 0;
			}
		}
		j = (j + 1) & mask;
	}
	level *l = &s->next;
	if (l->n == l->cap && grow_level(s, l) != 0)
		return -1;
	size_t i = l->n++;
	rec_hdr *d = rec_at(l, s->rec_size, i);
	memset(d, 0, s->rec_size);
	*d = *h;
	memcpy(d + 1, state, s->m->state_size);
	l->parent[i] = parent;
	l->input[i] = input;
	s->slots[j] = tag | (uint64_t)(i + 1);
	if (l->n * 10 > s->slot_cap * 7)
		return hash_resize(s, s->slot_cap * 2);
	return 0;
}

static int contribute(search *s, int64_t rise, int apex_min, int apex_max, int landed,
		      int airtime, int frame, uint32_t parent, uint8_t input)
{
	if (s->n_ents * 2 >= s->emap_cap) {
		size_t cap = s->emap_cap ? 2 * s->emap_cap : 256;
		int64_t *k = malloc(cap * sizeof *k);
		int32_t *v = calloc(cap, sizeof *v);
		if (!k || !v) {
			free(k);
			free(v);
			s->overflow = 2;
			return -1;
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
				return -1;
			}
			s->ents = e;
			s->ents_cap = cap;
		}
		entry *e = &s->ents[s->n_ents];
		e->rise = rise;
		e->air_min = e->air_max = 0;
		e->apex_min = apex_min;
		e->apex_max = apex_max;
		e->landed = 0;
		e->w_frame = frame;
		e->w_parent = parent;
		e->w_input = input;
		s->emap[j] = rise;
		s->emap_idx[j] = (int32_t)++s->n_ents;
	}
	entry *e = &s->ents[s->emap_idx[j] - 1];
	if (apex_min < e->apex_min)
		e->apex_min = apex_min;
	if (apex_max > e->apex_max)
		e->apex_max = apex_max;
	if (landed) {
		if (!e->landed || airtime < e->air_min)
			e->air_min = airtime;
		if (!e->landed || airtime > e->air_max)
			e->air_max = airtime;
		e->landed = 1;
	}
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

/* Builds out->rises from the entries, replaying each witness through the parent links. */
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
		r->airtime_min = e->air_min;
		r->airtime_max = e->air_max;
		r->apex_min = e->apex_min;
		r->apex_max = e->apex_max;
		r->flags = e->landed ? 0 : JS_FLAG_NOT_LANDED;
		r->witness_len = e->w_frame + 1;
		r->witness = malloc((size_t)r->witness_len);
		if (!r->witness) {
			out->n_rises = (int)i + 1;
			return -1;
		}
		r->witness[e->w_frame] = e->w_input;
		uint32_t idx = e->w_parent;
		for (int g = e->w_frame - 1; g >= 0; g--) {
			r->witness[g] = s->hist_input[g][idx];
			idx = s->hist_parent[g][idx];
		}
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
	double t0 = now_s();
	search s;
	memset(&s, 0, sizeof s);
	s.m = m;
	s.out = out;
	s.rec_size = rec_size_of(m);
	s.key_size = key_size_of(m);
	s.max_states = o->max_states ? o->max_states : JS_REACH_DEFAULT_MAX_STATES;
	s.n_frames = o->n_frames;
	s.hist_parent = calloc((size_t)o->n_frames, sizeof *s.hist_parent);
	s.hist_input = calloc((size_t)o->n_frames, sizeof *s.hist_input);

	_Alignas(16) unsigned char st[JS_STATE_MAX];
	js_obs ob;
	int f = 0;
	if (!s.hist_parent || !s.hist_input) {
		s.overflow = 2;
		goto done;
	}
	/* the root: standing, the frame before frame 0 */
	s.cur.recs = calloc(1, s.rec_size);
	if (!s.cur.recs) {
		s.overflow = 2;
		goto done;
	}
	s.cur.n = s.cur.cap = 1;
	memset(st, 0, sizeof st);
	m->init(st, axis_values);
	memcpy(s.cur.recs + REC_HDR, st, m->state_size);

	for (f = 0; f < o->n_frames; f++) {
		/* hash sized for about the last frame's node count */
		size_t want = 4096;
		while (want < 2 * s.cur.n)
			want *= 2;
		if (s.slot_cap < want || s.slot_cap > 8 * want) {
			free(s.slots);
			s.slots = NULL;
			s.slot_cap = 0;
			s.next.n = 0;
			if (hash_resize(&s, want) != 0)
				goto done;
		} else {
			memset(s.slots, 0, s.slot_cap * sizeof *s.slots);
		}
		s.next.n = 0;
		for (size_t i = 0; i < s.cur.n; i++) {
			const rec_hdr *p = rec_at(&s.cur, s.rec_size, i);
			/* every subset of the buttons, ascending; frame 0 only with the jump bit */
			unsigned c = 0;
			do {
				if (f > 0 || (c & JS_IN_JUMP)) {
					memcpy(st, p + 1, m->state_size);
					m->step(st, c);
					m->observe(st, &ob);
					rec_hdr h = *p; /* js_acc_frame, node by node */
					if (!(!h.took_off && ob.grounded)) {
						h.took_off = 1;
						if (ob.height > h.rise) {
							h.rise = ob.height;
							h.apex_min = h.apex_max = (int16_t)f;
						}
						if (ob.grounded) {
							if (contribute(&s, h.rise, h.apex_min, h.apex_max, 1,
								       f + 1, f, (uint32_t)i, (uint8_t)c))
								goto done;
							goto next_input;
						}
					}
					if (insert(&s, &h, st, (uint32_t)i, (uint8_t)c) != 0)
						goto done;
				}
next_input:
				c = (c - inputs) & inputs;
			} while (c != 0);
		}
		/* the frame is complete: keep its links, make it current */
		if (s.next.n) { /* shrink to size (a failed shrink keeps the block) */
			uint32_t *hp = realloc(s.next.parent, s.next.n * sizeof *hp);
			if (hp)
				s.next.parent = hp;
			uint8_t *hi = realloc(s.next.input, s.next.n);
			if (hi)
				s.next.input = hi;
			s.hist_parent[f] = s.next.parent;
			s.hist_input[f] = s.next.input;
		} else {
			free(s.next.parent);
			free(s.next.input);
		}
		s.next.parent = NULL;
		s.next.input = NULL;
		s.prev_total += s.next.n;
		if (s.next.n > out->peak_nodes)
			out->peak_nodes = s.next.n;
		free(s.cur.recs);
		s.cur = s.next;
		s.cur.cap = s.next.cap;
		memset(&s.next, 0, sizeof s.next);
		s.next.recs = NULL;
		if (s.cur.n == 0) {
			f++;
			break;
		}
	}
	/* the last frame's nodes: in the air (not landed) or never taken off */
	if (!s.overflow)
		for (size_t i = 0; i < s.cur.n; i++) {
			const rec_hdr *p = rec_at(&s.cur, s.rec_size, i);
			if (!p->took_off) {
				out->no_takeoff++;
				continue;
			}
			out->airborne_at_limit++;
			if (contribute(&s, p->rise, p->apex_min, p->apex_max, 0, 0, f - 1,
				       s.hist_parent[f - 1][i], s.hist_input[f - 1][i]))
				break;
		}
done:
	out->states = s.prev_total + s.next.n;
	out->frames_done = s.overflow ? f : o->n_frames;
	out->complete = !s.overflow;
	if (finish_rises(&s) != 0 && !s.overflow)
		s.overflow = 2;
	out->complete = !s.overflow;
	if (s.overflow) {
		char label[200];
		js_reach_set_label(m, out, label, sizeof label);
		const char *why = s.overflow == 1 ? "state budget exceeded"
				  : s.overflow == 3 ? "more than 2^32 states in one frame"
						    : "out of memory";
		snprintf(out->message, sizeof out->message,
			 "reach %s %s: %s (--max-states %llu) at frame %d of %d after %llu states; "
			 "incomplete: %d rises of the sequences that landed by frame %d",
			 m->id, label, why, (unsigned long long)s.max_states, f, o->n_frames,
			 (unsigned long long)out->states, out->n_rises, f);
	}
	free(s.cur.recs);
	free(s.cur.parent);
	free(s.cur.input);
	free(s.next.recs);
	free(s.next.parent);
	free(s.next.input);
	free(s.slots);
	for (int g = 0; g < o->n_frames && s.hist_parent; g++) {
		free(s.hist_parent[g]);
		free(s.hist_input[g]);
	}
	free(s.hist_parent);
	free(s.hist_input);
	free(s.ents);
	free(s.emap);
	free(s.emap_idx);
	out->seconds = now_s() - t0;
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
