/* tests/test_reach.c - every reachable apex (sweep/engine/reach.c) against independent enumerations.
 *
 * Soundness of the comparisons.  reach's result is defined (reach.h) as the image, grouped by
 * rise, of js_acc over ALL input sequences of n frames with the jump bit on frame 0.  So:
 *   - brute force: a depth-first walk over every such sequence of k frames (nc^(k-1) leaves for
 *     nc button combinations), stepping the reference and accounting each path with model.h's
 *     js_acc, with NO merging of states.  A path stops at its landing (js_acc ignores every later
 *     frame, so all its continuations have the same outcome) or at frame k (then it counts as
 *     not landed, or never taken off).  reach run with the frame limit k must give exactly the
 *     same rises, airtime and apex ranges and not-landed marks: the frame limit is part of the
 *     definition, so a jump longer than k is compared as what both see of it (its rise so far,
 *     not landed), and short start conditions (smb1's tapped jump, celeste's 15-update tap)
 *     land inside k and check the landing side.  The walk also counts the distinct (state,
 *     took_off) values per frame, which must equal the layered search's state count;
 *   - a naive search for whole jumps at the models' default frame limits: layered, nodes =
 *     (state, rise so far) merged by sorting, no settling, no backward phase, no graph mode --
 *     the first, plain form of the algorithm -- against reach in its default and graph modes;
 *   - every witness, replayed in-process and through `jumpsweep trace --seq`, gives its rise.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"
#include "tu_cli.h"

/* ---- outcome tables (rise -> ranges), sorted by rise ---- */
typedef struct out_e {
	int64_t rise;
	int air_min, air_max, apex_min, apex_max;
	int landed, open;
} out_e;

typedef struct outs {
	out_e *e;
	size_t n, cap;
	long no_takeoff, open;
} outs;

static out_e *outs_get(outs *o, int64_t rise)
{
	size_t lo = 0, hi = o->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (o->e[mid].rise < rise)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < o->n && o->e[lo].rise == rise)
		return &o->e[lo];
	if (o->n == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 64;
		o->e = realloc(o->e, o->cap * sizeof *o->e);
		cr_assert_not_null(o->e);
	}
	memmove(&o->e[lo + 1], &o->e[lo], (o->n - lo) * sizeof *o->e);
	o->n++;
	out_e *e = &o->e[lo];
	memset(e, 0, sizeof *e);
	e->rise = rise;
	e->apex_min = INT32_MAX;
	e->apex_max = -1;
	return e;
}

/* A sequence (or merged group) with this rise: landed with airtime air, or open (air < 0). */
static void outs_add(outs *o, int64_t rise, int amin, int amax, int air)
{
	out_e *e = outs_get(o, rise);
	e->apex_min = amin < e->apex_min ? amin : e->apex_min;
	e->apex_max = amax > e->apex_max ? amax : e->apex_max;
	if (air >= 0) {
		e->air_min = !e->landed || air < e->air_min ? air : e->air_min;
		e->air_max = !e->landed || air > e->air_max ? air : e->air_max;
		e->landed = 1;
	} else {
		e->open = 1;
		o->open++;
	}
}

static void expect_same(const outs *o, const js_reach_set *s, const char *what)
{
	cr_assert(s->complete, "%s: complete (%s)", what, s->message);
	cr_assert_eq((size_t)s->n_rises, o->n, "%s: %d rises, expected %zu", what, s->n_rises, o->n);
	for (size_t i = 0; i < o->n; i++) {
		const out_e *e = &o->e[i];
		const js_reach_rise *r = &s->rises[i];
		cr_assert_eq(r->rise, e->rise, "%s: rise #%zu %lld, expected %lld", what, i,
			     (long long)r->rise, (long long)e->rise);
		cr_assert(r->airtime_min == e->air_min && r->airtime_max == e->air_max,
			  "%s: rise %lld airtime %d..%d, expected %d..%d", what, (long long)e->rise,
			  r->airtime_min, r->airtime_max, e->air_min, e->air_max);
		cr_assert(r->apex_min == e->apex_min && r->apex_max == e->apex_max,
			  "%s: rise %lld apex %d..%d, expected %d..%d", what, (long long)e->rise,
			  r->apex_min, r->apex_max, e->apex_min, e->apex_max);
		cr_assert_eq(!(r->flags & JS_FLAG_NOT_LANDED), e->landed,
			     "%s: rise %lld not_landed flag", what, (long long)e->rise);
	}
	cr_assert_eq(s->no_takeoff > 0, o->no_takeoff > 0, "%s: never-taken-off sequences", what);
	cr_assert_eq(s->airborne_at_limit > 0, o->open > 0, "%s: sequences in the air at the limit",
		     what);
}

static void combos_of(unsigned inputs, unsigned *combos, int *nc)
{
	unsigned c = 0;
	*nc = 0;
	do {
		combos[(*nc)++] = c;
		c = (c - inputs) & inputs;
	} while (c);
}

static size_t key_size_of(const js_model *m)
{
	return m->key_size && m->key_size < m->state_size ? m->key_size : m->state_size;
}

/* ---- brute force ---- */
typedef struct brute {
	const js_model *m;
	int k, nc;
	unsigned combos[16];
	size_t ks, rs; /* key size; per-level record: took_off + key */
	unsigned char **lvl;
	size_t *ln, *lcap;
	outs o;
} brute;

static void bf_note(brute *b, int level, const unsigned char *st, int took)
{
	if (b->ln[level] == b->lcap[level]) {
		b->lcap[level] = b->lcap[level] ? 2 * b->lcap[level] : 1024;
		b->lvl[level] = realloc(b->lvl[level], b->lcap[level] * b->rs);
		cr_assert_not_null(b->lvl[level]);
	}
	unsigned char *r = b->lvl[level] + b->ln[level]++ * b->rs;
	r[0] = (unsigned char)took;
	memcpy(r + 1, st, b->ks);
}

static void bf_walk(brute *b, const unsigned char *st, const js_acc *acc, int f)
{
	for (int ci = 0; ci < b->nc; ci++) {
		unsigned c = b->combos[ci];
		if (f == 0 && !(c & JS_IN_JUMP))
			continue;
		_Alignas(16) unsigned char s2[JS_STATE_MAX];
		memcpy(s2, st, b->m->state_size);
		b->m->step(s2, c);
		js_obs ob;
		b->m->observe(s2, &ob);
		js_acc a = *acc;
		js_acc_frame(&a, f, &ob);
		if (!a.landed) /* a landing is an edge, not a node (reach.h) */
			bf_note(b, f + 1, s2, a.took_off);
		if (a.landed)
			outs_add(&b->o, a.rise, a.apex_frame, a.apex_frame, a.airtime);
		else if (f + 1 == b->k) {
			if (a.took_off)
				outs_add(&b->o, a.rise, a.apex_frame, a.apex_frame, -1);
			else
				b->o.no_takeoff++;
		} else
			bf_walk(b, s2, &a, f + 1);
	}
}

static size_t bf_rs;
static int cmp_rec(const void *x, const void *y)
{
	return memcmp(x, y, bf_rs);
}

/* Every sequence of k frames; returns the outcomes, and the distinct (took_off, state) count of
 * every frame summed (*states) and its largest frame (*peak). */
static outs brute_force(const js_model *m, const int32_t *axes, int k, unsigned inputs,
			uint64_t *states, uint64_t *peak)
{
	brute b = { .m = m, .k = k, .ks = key_size_of(m) };
	b.rs = b.ks + 1;
	combos_of(inputs, b.combos, &b.nc);
	b.lvl = calloc((size_t)k + 1, sizeof *b.lvl);
	b.ln = calloc((size_t)k + 1, sizeof *b.ln);
	b.lcap = calloc((size_t)k + 1, sizeof *b.lcap);
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	memset(st, 0, sizeof st);
	m->init(st, axes);
	js_acc a;
	js_acc_init(&a);
	bf_walk(&b, st, &a, 0);
	*states = *peak = 0;
	bf_rs = b.rs;
	for (int l = 1; l <= k; l++) {
		if (b.ln[l])
			qsort(b.lvl[l], b.ln[l], b.rs, cmp_rec);
		size_t u = 0;
		for (size_t i = 0; i < b.ln[l]; i++)
			u += i == 0 || memcmp(b.lvl[l] + i * b.rs, b.lvl[l] + (i - 1) * b.rs, b.rs) != 0;
		*states += u;
		*peak = u > *peak ? u : *peak;
		free(b.lvl[l]);
	}
	free(b.lvl);
	free(b.ln);
	free(b.lcap);
	return b.o;
}

/* ---- the naive whole-jump search: layered, (rise, took_off, state) nodes merged by sorting ---- */
typedef struct nrec {
	int64_t rise;
	uint8_t took;
	unsigned char key[JS_STATE_MAX];
	_Alignas(16) unsigned char state[JS_STATE_MAX];
	int32_t amin, amax;
} nrec;

static size_t naive_ks;
static int cmp_nrec(const void *x, const void *y)
{
	const nrec *a = x, *b = y;
	if (a->rise != b->rise)
		return a->rise < b->rise ? -1 : 1;
	if (a->took != b->took)
		return a->took - b->took;
	return memcmp(a->key, b->key, naive_ks);
}

static outs naive(const js_model *m, const int32_t *axes, int n, unsigned inputs)
{
	unsigned combos[16];
	int nc;
	combos_of(inputs, combos, &nc);
	naive_ks = key_size_of(m);
	outs o = { 0 };
	nrec *cur = calloc(1, sizeof *cur);
	size_t cn = 1;
	m->init(cur[0].state, axes);
	memcpy(cur[0].key, cur[0].state, naive_ks);
	for (int f = 0; f < n && cn; f++) {
		nrec *nx = malloc(cn * (size_t)nc * sizeof *nx);
		size_t nn = 0;
		cr_assert_not_null(nx);
		for (size_t i = 0; i < cn; i++)
			for (int ci = 0; ci < nc; ci++) {
				if (f == 0 && !(combos[ci] & JS_IN_JUMP))
					continue;
				nrec c = cur[i];
				m->step(c.state, combos[ci]);
				js_obs ob;
				m->observe(c.state, &ob);
				if (c.took || !ob.grounded) { /* js_acc_frame */
					c.took = 1;
					if (ob.height > c.rise) {
						c.rise = ob.height;
						c.amin = c.amax = f;
					}
					if (ob.grounded || (ob.flags & JS_FLAG_RELAUNCH)) {
						outs_add(&o, c.rise, c.amin, c.amax, f + 1);
						continue;
					}
				}
				memcpy(c.key, c.state, naive_ks);
				nx[nn++] = c;
			}
		qsort(nx, nn, sizeof *nx, cmp_nrec);
		size_t u = 0;
		for (size_t i = 0; i < nn; i++) {
			if (u && cmp_nrec(&nx[u - 1], &nx[i]) == 0) {
				nx[u - 1].amin = nx[i].amin < nx[u - 1].amin ? nx[i].amin : nx[u - 1].amin;
				nx[u - 1].amax = nx[i].amax > nx[u - 1].amax ? nx[i].amax : nx[u - 1].amax;
			} else
				nx[u++] = nx[i];
		}
		free(cur);
		cur = nx;
		cn = u;
	}
	for (size_t i = 0; i < cn; i++) {
		if (cur[i].took)
			outs_add(&o, cur[i].rise, cur[i].amin, cur[i].amax, -1);
		else
			o.no_takeoff++;
	}
	free(cur);
	return o;
}

/* ---- witnesses ---- */

/* Replays every witness of s through the reference (frame limit n). */
static void check_witnesses(const js_model *m, const js_reach_set *s, int n, const char *what)
{
	uint8_t *in = calloc((size_t)n, 1);
	for (int i = 0; i < s->n_rises; i++) {
		const js_reach_rise *r = &s->rises[i];
		cr_assert(r->witness_len >= 1 && r->witness_len <= n, "%s: witness length %d", what,
			  r->witness_len);
		cr_assert(r->witness[0] & JS_IN_JUMP, "%s: witness presses on frame 0", what);
		memset(in, 0, (size_t)n);
		memcpy(in, r->witness, (size_t)r->witness_len);
		js_acc a;
		js_reference_run(m, s->axis, in, n, &a);
		cr_assert_eq(a.rise, r->rise, "%s: witness of rise %lld replays to %lld", what,
			     (long long)r->rise, (long long)a.rise);
		cr_assert(a.apex_frame >= r->apex_min && a.apex_frame <= r->apex_max,
			  "%s: rise %lld witness apex %d outside %d..%d", what, (long long)r->rise,
			  a.apex_frame, r->apex_min, r->apex_max);
		if (r->flags & JS_FLAG_NOT_LANDED) {
			cr_assert(!a.landed && r->witness_len == n, "%s: rise %lld witness stays up",
				  what, (long long)r->rise);
		} else {
			cr_assert(a.landed && a.airtime == r->witness_len, "%s: rise %lld witness lands "
				  "on its last frame (airtime %d, %d frames)", what, (long long)r->rise,
				  a.airtime, r->witness_len);
			cr_assert(a.airtime >= r->airtime_min && a.airtime <= r->airtime_max,
				  "%s: rise %lld witness airtime %d outside %d..%d", what,
				  (long long)r->rise, a.airtime, r->airtime_min, r->airtime_max);
		}
	}
	free(in);
}

/* ---- cases ---- */

static void axes_of(const js_model *m, const char *const *spec, int32_t *ax)
{
	for (int a = 0; a < m->n_axes; a++)
		ax[a] = m->axes[a].def_lo;
	for (; spec && *spec; spec++) {
		char name[64];
		const char *eq = strchr(*spec, '=');
		snprintf(name, sizeof name, "%.*s", (int)(eq - *spec), *spec);
		int a = js_axis_find(m, name);
		cr_assert_geq(a, 0, "axis %s", name);
		const js_axis *x = &m->axes[a];
		ax[a] = atoi(eq + 1);
		for (int k = 0; k < x->n_names; k++)
			if (!strcmp(x->names[k], eq + 1))
				ax[a] = k;
	}
}

static js_reach_set run(const js_model *m, const int32_t *ax, int n, unsigned inputs, int mode)
{
	/* the layered runs are the plain search (no settle hook), whose nodes brute force counts */
	js_reach_opts o = { .n_frames = n, .inputs = inputs, .mode = mode,
			    .max_states = 20000000, .no_settle = mode == JS_REACH_LAYERED };
	js_reach_set s;
	cr_assert_eq(js_reach_one(m, ax, &o, &s), 0, "%s: %s", m->id, s.message);
	return s;
}

/* Brute force over k frames vs reach (layered, auto, and graph mode when it completes). */
static void brute_case(const char *id, const char *const *spec, int k, unsigned inputs)
{
	const js_model *m = tu_model(id);
	int32_t ax[JS_MAX_AXES] = { 0 };
	axes_of(m, spec, ax);
	if (!inputs)
		inputs = m->inputs;
	char what[256];
	snprintf(what, sizeof what, "%s %s%s k=%d inputs=%#x", id, spec && spec[0] ? spec[0] : "",
		 spec && spec[0] && spec[1] ? " ..." : "", k, inputs);
	uint64_t states, peak;
	outs o = brute_force(m, ax, k, inputs, &states, &peak);
	cr_assert_gt(o.n, 0, "%s: some rise", what);
	js_reach_set s = run(m, ax, k, inputs, JS_REACH_LAYERED);
	expect_same(&o, &s, what);
	cr_assert_eq(s.states, states, "%s: %llu states, brute force %llu", what,
		     (unsigned long long)s.states, (unsigned long long)states);
	cr_assert_eq(s.peak_nodes, peak, "%s: peak", what);
	check_witnesses(m, &s, k, what);
	js_reach_set_free(&s);
	s = run(m, ax, k, inputs, JS_REACH_AUTO);
	expect_same(&o, &s, what);
	js_reach_set_free(&s);
	s = run(m, ax, k, inputs, JS_REACH_GRAPH);
	expect_same(&o, &s, what);
	check_witnesses(m, &s, k, what);
	js_reach_set_free(&s);
	free(o.e);
}

Test(reach, brute_smb1)
{
	/* row 0: a tap lands on frame 19 (airtime 20), so k = 22 holds landed and airborne ends */
	brute_case("smb1", (const char *const[]){ "vx=0", "env=air", NULL }, 22, 0);
	brute_case("smb1", (const char *const[]){ "vx=16", "env=air", NULL }, 21, 0);
	brute_case("smb1", (const char *const[]){ "vx=28", "env=air", NULL }, 21, 0);
	/* swimming: every new press is a stroke (states split the most) */
	brute_case("smb1", (const char *const[]){ "vx=0", "env=swim", NULL }, 18, 0);
	brute_case("smb1", (const char *const[]){ "vx=0", "env=whirlpool", NULL }, 18, 0);
}

Test(reach, brute_sonic1)
{
	brute_case("sonic1", (const char *const[]){ "env=air", "start=jump", NULL }, 20, 0);
	brute_case("sonic1", (const char *const[]){ "env=underwater", "start=jump", NULL }, 18, 0);
	brute_case("sonic1", (const char *const[]){ "env=air", "start=written", "vy0=-1280", NULL },
		   18, 0);
	/* a short written jump lands inside k: every sequence lands, graph mode applies */
	brute_case("sonic1", (const char *const[]){ "env=air", "start=written", "vy0=-512", NULL },
		   18, 0);
	brute_case("sonic1", (const char *const[]){ "env=air", "start=spring", "vy0=-4352", NULL },
		   14, 0);
}

Test(reach, brute_celeste)
{
	/* jump only: the 15-update tap lands inside k = 20 */
	brute_case("celeste", (const char *const[]){ "dt=fna", NULL }, 20, JS_IN_JUMP);
	brute_case("celeste", (const char *const[]){ "dt=exact", NULL }, 20, JS_IN_JUMP);
	/* jump and down: 4 combinations a frame */
	brute_case("celeste", (const char *const[]){ "dt=fna", NULL }, 11, 0);
	brute_case("celeste", (const char *const[]){ "dt=exact", NULL }, 11, 0);
}

/* Every registered model, at the low and high ends of its default start conditions, with k as
 * large as keeps the brute force near 2^16 sequences. */
Test(reach, brute_every_model, .timeout = 600)
{
	for (int i = 0; i < js_n_models; i++) {
		const js_model *m = js_models[i];
		unsigned combos[16];
		int nc;
		combos_of(m->inputs, combos, &nc);
		int bits = __builtin_popcount(m->inputs);
		int k = 1 + 16 / bits;
		if (k > m->default_frames)
			k = m->default_frames;
		for (int end = 0; end < 2; end++) {
			int32_t ax[JS_MAX_AXES] = { 0 };
			for (int a = 0; a < m->n_axes; a++)
				ax[a] = m->axes[a].input_bit ? 0 : end ? m->axes[a].def_hi : m->axes[a].def_lo;
			char what[128];
			snprintf(what, sizeof what, "%s (%s of the defaults) k=%d", m->id,
				 end ? "high end" : "low end", k);
			uint64_t states, peak;
			outs o = brute_force(m, ax, k, m->inputs, &states, &peak);
			js_reach_set s = run(m, ax, k, m->inputs, JS_REACH_LAYERED);
			expect_same(&o, &s, what);
			cr_assert_eq(s.states, states, "%s: states", what);
			check_witnesses(m, &s, k, what);
			js_reach_set_free(&s);
			s = run(m, ax, k, m->inputs, JS_REACH_GRAPH);
			expect_same(&o, &s, what);
			check_witnesses(m, &s, k, what);
			js_reach_set_free(&s);
			free(o.e);
		}
	}
}

/* Whole jumps at the default frame limit: the naive search vs reach (auto and graph mode). */
static void whole_case(const char *id, const char *const *spec)
{
	const js_model *m = tu_model(id);
	int32_t ax[JS_MAX_AXES] = { 0 };
	axes_of(m, spec, ax);
	char what[256];
	snprintf(what, sizeof what, "%s %s (whole jumps, %d frames)", id,
		 spec && spec[0] ? spec[0] : "", m->default_frames);
	outs o = naive(m, ax, m->default_frames, m->inputs);
	js_reach_set s = run(m, ax, m->default_frames, m->inputs, JS_REACH_AUTO);
	expect_same(&o, &s, what);
	check_witnesses(m, &s, m->default_frames, what);
	cr_assert_eq(s.airborne_at_limit, 0, "%s: every jump lands", what);
	js_reach_set_free(&s);
	s = run(m, ax, m->default_frames, m->inputs, JS_REACH_GRAPH);
	expect_same(&o, &s, what);
	check_witnesses(m, &s, m->default_frames, what);
	js_reach_set_free(&s);
	free(o.e);
}

/* Longer than brute force reaches, with a frame limit that binds: the naive search vs reach.
 * These are the cases where two paths reach one (state, rise so far) with different apex frames
 * (smb1 strokes from frame ~50, smw landing-frame hops from frame ~40), so the merged apex
 * ranges are checked too. */
static void limit_case(const char *id, const char *const *spec, int n)
{
	const js_model *m = tu_model(id);
	int32_t ax[JS_MAX_AXES] = { 0 };
	axes_of(m, spec, ax);
	char what[256];
	snprintf(what, sizeof what, "%s %s %s (%d frames)", id, spec && spec[0] ? spec[0] : "",
		 spec && spec[0] && spec[1] ? spec[1] : "", n);
	outs o = naive(m, ax, n, m->inputs);
	js_reach_set s = run(m, ax, n, m->inputs, JS_REACH_AUTO);
	expect_same(&o, &s, what);
	check_witnesses(m, &s, n, what);
	js_reach_set_free(&s);
	free(o.e);
}

Test(reach, binding_limits, .timeout = 600)
{
	limit_case("smb1", (const char *const[]){ "vx=0", "env=swim", NULL }, 60);
	limit_case("smb1", (const char *const[]){ "vx=0", "env=whirlpool", NULL }, 60);
	limit_case("smw", (const char *const[]){ "vx=0", "jump=normal", NULL }, 44);
}

Test(reach, whole_jumps, .timeout = 600)
{
	const char *const rows[] = { "vx=0", "vx=9", "vx=16", "vx=25", "vx=28" };
	for (int i = 0; i < 5; i++)
		whole_case("smb1", (const char *const[]){ rows[i], "env=air", NULL });
	whole_case("sonic1", (const char *const[]){ "env=air", NULL });
	whole_case("sonic1", (const char *const[]){ "env=underwater", NULL });
	whole_case("celeste", (const char *const[]){ "dt=fna", NULL });
	whole_case("celeste", (const char *const[]){ "dt=exact", NULL });
}

/* Facts that follow from the games' rules, checked on the reachable sets. */
Test(reach, known_sets)
{
	/* SMB1 on land: only the first release matters (the fall force never switches back and an
	 * airborne press is no InitJS), so the reachable rises are exactly the holds' rises. */
	const js_model *m = tu_model("smb1");
	int32_t ax[JS_MAX_AXES] = { 0 };
	axes_of(m, (const char *const[]){ "vx=0", "env=air", NULL }, ax);
	js_reach_set s = run(m, ax, m->default_frames, 0, JS_REACH_AUTO);
	outs holds = { 0 };
	for (int h = 1; h <= m->default_frames; h++) {
		js_acc a = tu_ref_hold(m, ax, h, 0, m->default_frames);
		cr_assert(a.landed);
		outs_add(&holds, a.rise, a.apex_frame, a.apex_frame, a.airtime);
	}
	cr_assert_eq((size_t)s.n_rises, holds.n, "smb1 row 0: %d rises, %zu from holds", s.n_rises,
		     holds.n);
	for (size_t i = 0; i < holds.n; i++)
		cr_assert_eq(s.rises[i].rise, holds.e[i].rise);
	/* the full hold's 66 px (16896/256) is the highest; the tap's the lowest */
	cr_assert_eq(s.rises[s.n_rises - 1].rise, 16896);
	js_reach_set_free(&s);
	free(holds.e);

	/* Celeste: a re-press near the apex halves gravity again, so some rises are reachable that no
	 * hold reaches (e.g. 13 px with dt=fna), and the extremes are the seed's 7 and 27 px. */
	m = tu_model("celeste");
	axes_of(m, (const char *const[]){ "dt=fna", NULL }, ax);
	s = run(m, ax, m->default_frames, 0, JS_REACH_AUTO);
	cr_assert_eq(s.rises[0].rise, 7);
	cr_assert_eq(s.rises[0].airtime_min, 15);
	cr_assert_eq(s.rises[s.n_rises - 1].rise, 27);
	int extra = 0;
	for (int i = 0; i < s.n_rises; i++) {
		int by_hold = 0;
		for (int h = 1; h <= 60 && !by_hold; h++)
			by_hold = tu_ref_hold(m, ax, h, 0, m->default_frames).rise == s.rises[i].rise ||
				  tu_ref_hold(m, ax, h, JS_IN_DOWN, m->default_frames).rise ==
					  s.rises[i].rise;
		extra += !by_hold;
	}
	cr_assert_gt(extra, 0, "celeste: re-presses reach rises no hold reaches");
	js_reach_set_free(&s);
}

/* Toy models built so that paths merge (axis "mode"):
 *   0: frames 0-4 rise one unit per frame with the jump held (so "JJ.." and "J.J." meet at
 *      frame 2 in one state with one rise but different apex frames), then it falls one unit a
 *      frame, two with Down.  Rise r = presses in frames 0-4 (1..5); apex frames r-1..4 (r = 1:
 *      0); airtime 5 + r released, 5 + ceil(r/2) with Down held while falling;
 *   1: the same with the jump button's meaning inverted after frame 0 (it rises when the jump is
 *      NOT held), so the merges come in the other order (the later apex first): the same table;
 *   2: no clock, so one state is reached at different depths (graph mode merges prefix lengths):
 *      while rising, Jump rises 2 (1 with Down too), anything else starts the fall (-1 a frame);
 *      reaching 4 starts the fall.  Rise 2: "J." lands after 3 frames, "[JD][JD]." after 4.
 * The last input is kept as per-frame scratch outside key_size. */
typedef struct toy_state {
	int8_t h;
	uint8_t t; /* modes 0, 1: frames so far; mode 2: falling */
	uint8_t mode;
	uint8_t scratch;
} toy_state;

static void toy_init(void *vs, const int32_t *ax)
{
	toy_state *s = vs;
	memset(s, 0, sizeof *s);
	s->mode = (uint8_t)ax[0];
}

static void toy_step(void *vs, unsigned in)
{
	toy_state *s = vs;
	int jump = (in & JS_IN_JUMP) != 0, down = (in & JS_IN_DOWN) != 0;
	s->scratch = (uint8_t)in;
	if (s->mode == 2) {
		if (!s->t && jump) {
			s->h = (int8_t)(s->h + (down ? 1 : 2));
			if (s->h >= 4) {
				s->h = 4;
				s->t = 1;
			}
		} else {
			s->t = 1;
			s->h = (int8_t)(s->h - 1);
		}
	} else {
		int raise = s->mode == 0 || s->t == 0 ? jump : !jump;
		if (s->t < 255)
			s->t++;
		if (s->t <= 5)
			s->h = (int8_t)(s->h + raise);
		else
			s->h = (int8_t)(s->h - (down ? 2 : 1));
	}
	if (s->h < 0)
		s->h = 0;
}

static void toy_observe(const void *vs, js_obs *o)
{
	const toy_state *s = vs;
	o->height = s->h;
	o->grounded = s->h == 0;
	o->flags = 0;
}

static const js_model toy = {
	.id = "toy", .game = "toy", .platform = "", .character = "", .unit = "u",
	.sub_per_unit = 1, .fps = 60, .frame = "", .sources = "", .notes = "",
	.n_axes = 1, .axes = { { .name = "mode", .unit = "", .long_name = "", .min = 0, .max = 2,
				  .def_lo = 0, .def_hi = 2 } },
	.inputs = JS_IN_JUMP | JS_IN_DOWN, .default_frames = 12, .default_hold = 4,
	.state_size = sizeof(toy_state), .key_size = offsetof(toy_state, scratch),
	.init = toy_init, .step = toy_step, .observe = toy_observe,
};

Test(reach, toy_merges)
{
	static const int want[5][5] = { /* modes 0, 1: rise, apex min, max, airtime min, max */
		{ 1, 0, 0, 6, 6 }, { 2, 1, 4, 6, 7 }, { 3, 2, 4, 7, 8 }, { 4, 3, 4, 7, 9 },
		{ 5, 4, 4, 8, 10 },
	};
	for (int32_t mode = 0; mode <= 2; mode++) {
		const int32_t ax[JS_MAX_AXES] = { mode };
		uint64_t states, peak;
		outs o = brute_force(&toy, ax, 12, toy.inputs, &states, &peak);
		for (int sm = JS_REACH_LAYERED; sm <= JS_REACH_GRAPH; sm++) {
			char what[64];
			snprintf(what, sizeof what, "toy mode %d (%s)", (int)mode,
				 sm == JS_REACH_GRAPH ? "graph mode" : "layered");
			js_reach_opts opt = { .n_frames = 12, .mode = sm };
			js_reach_set s;
			cr_assert_eq(js_reach_one(&toy, ax, &opt, &s), 0);
			expect_same(&o, &s, what);
			cr_assert_eq(s.layered, sm == JS_REACH_LAYERED);
			cr_assert_eq(s.n_rises, mode < 2 ? 5 : 4);
			for (int i = 0; i < 5 && mode < 2; i++) {
				const js_reach_rise *r = &s.rises[i];
				cr_assert(r->rise == want[i][0] && r->apex_min == want[i][1] &&
					  r->apex_max == want[i][2] && r->airtime_min == want[i][3] &&
					  r->airtime_max == want[i][4],
					  "%s rise %lld: apex %d..%d airtime %d..%d", what,
					  (long long)r->rise, r->apex_min, r->apex_max, r->airtime_min,
					  r->airtime_max);
			}
			if (mode == 2) /* rise 2: "J." or "[JD][JD]." */
				cr_assert(s.rises[1].rise == 2 && s.rises[1].airtime_min == 3 &&
					  s.rises[1].airtime_max == 4 && s.rises[1].apex_min == 0 &&
					  s.rises[1].apex_max == 1, "%s rise 2", what);
			if (sm == JS_REACH_LAYERED)
				cr_assert_eq(s.states, states);
			check_witnesses(&toy, &s, 12, what);
			js_reach_set_free(&s);
		}
		free(o.e);
	}
}

/* ---- the command line ---- */


/* A model without axes: its reach group has scalar per-start variables and (rise_sub) dense
 * ones; the file is readable (h5dump, and h5py/xarray when the system python has them). */
static const js_model toy0 = {
	.id = "toy0", .game = "toy", .platform = "", .character = "", .unit = "u",
	.sub_per_unit = 1, .fps = 60, .frame = "", .sources = "", .notes = "",
	.inputs = JS_IN_JUMP | JS_IN_DOWN, .default_frames = 12, .default_hold = 4,
	.state_size = sizeof(toy_state), .key_size = offsetof(toy_state, scratch),
	.init = toy_init, .step = toy_step, .observe = toy_observe,
};

Test(reach, h5_model_without_axes, .init = setup, .fini = teardown)
{
	js_grid g;
	js_grid_default(&g, &toy0);
	js_reach_opts o = { .threads = 1 };
	js_reach r;
	char err[512], path[512], cmd[2048];
	cr_assert_eq(js_reach_run(&g, &o, &r, err, sizeof err), 0, "%s", err);
	cr_assert_eq(r.n_sets, 1);
	cr_assert_eq(r.sets[0].n_rises, 5);
	snprintf(path, sizeof path, "%s/toy0.h5", dir);
	js_h5_meta meta = { .command = "test", .isa = "reference" };
	js_h5 *h = js_h5_create(path, &meta, err, sizeof err);
	cr_assert_not_null(h, "%s", err);
	cr_assert_eq(js_h5_write_reach(h, &r, err, sizeof err), 0, "%s", err);
	cr_assert_eq(js_h5_write_reach(h, &r, err, sizeof err), -1, "a second reach group is refused");
	cr_assert_not_null(strstr(err, "already"), "%s", err);
	cr_assert_eq(js_h5_close(h, 1, err, sizeof err), 0, "%s", err);
	js_reach_free(&r);
	snprintf(cmd, sizeof cmd, "h5dump -H '%s' >/dev/null 2>&1", path);
	int st = system(cmd);
	if (WIFEXITED(st) && WEXITSTATUS(st) != 127) /* h5dump installed */
		cr_assert_eq(WEXITSTATUS(st), 0, "h5dump reads the file");
	char py[512];
	snprintf(py, sizeof py, "%s/check.py", dir);
	FILE *f = fopen(py, "w");
	cr_assert_not_null(f);
	fputs("import sys\n"
	      "try:\n"
	      "    import h5py, xarray\n"
	      "except ImportError:\n"
	      "    sys.exit(0)\n"
	      "g = h5py.File(sys.argv[1], 'r')['toy0/reach']\n"
	      "assert g['n_rises'].shape == () and int(g['n_rises'][()]) == 5\n"
	      "assert g['rise_sub'][...].tolist() == [1, 2, 3, 4, 5]\n"
	      "assert g['reachable'].shape == (5,)\n"
	      "for eng in ('netcdf4', 'h5netcdf'):\n"
	      "    try:\n"
	      "        __import__({'netcdf4': 'netCDF4'}.get(eng, eng))\n"
	      "    except ImportError:\n"
	      "        continue\n"
	      "    with xarray.open_dataset(sys.argv[1], group='toy0/reach', engine=eng) as ds:\n"
	      "        assert int(ds.n_rises) == 5 and ds.sizes['rise_sub'] == 5\n",
	      f);
	fclose(f);
	snprintf(cmd, sizeof cmd, "/usr/bin/python3 '%s' '%s' >&2", py, path);
	st = system(cmd);
	if (WIFEXITED(st) && WEXITSTATUS(st) != 127)
		cr_assert_eq(WEXITSTATUS(st), 0, "h5py / xarray read the scalar layout");
}


/* `jumpsweep trace MODEL --axis ... --seq W`, accounted as js_acc: returns the rise, sets
 * *airtime (0 if it did not land). */
static int64_t trace_rise(const js_model *m, const js_reach_set *s, const js_reach_rise *r,
			  int *airtime)
{
	char seq[8192], args[9000] = "";
	js_seq_format(r->witness, r->witness_len, seq, sizeof seq);
	size_t w = 0;
	for (int a = 0; a < m->n_axes; a++) {
		const js_axis *x = &m->axes[a];
		if (x->input_bit)
			continue;
		if (x->n_names)
			w += (size_t)snprintf(args + w, sizeof args - w, " --axis %s=%s", x->name,
					      x->names[s->axis[a]]);
		else
			w += (size_t)snprintf(args + w, sizeof args - w, " --axis %s=%d", x->name,
					      (int)s->axis[a]);
	}
	char cmd[10000];
	snprintf(cmd, sizeof cmd, "'%s' trace %s%s --seq '%s'", getenv("JS_BIN"), m->id, args, seq);
	FILE *p = popen(cmd, "r");
	cr_assert_not_null(p, "%s", cmd);
	char line[4096];
	cr_assert_not_null(fgets(line, sizeof line, p));
	cr_assert(strncmp(line, "# units: ", 9) == 0, "%s", line); /* the units line, then the header */
	cr_assert_not_null(fgets(line, sizeof line, p));
	cr_assert(strncmp(line, "frame,input,height_sub,height,grounded,", 39) == 0, "%s", line);
	int64_t rise = 0;
	int took = 0;
	*airtime = 0;
	while (fgets(line, sizeof line, p)) {
		int frame = atoi(line);
		char *c1 = strchr(line, ',');
		char *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
		char *c3 = c2 ? strchr(c2 + 1, ',') : NULL;
		char *c4 = c3 ? strchr(c3 + 1, ',') : NULL;
		cr_assert_not_null(c4, "%s", line);
		long long h = strtoll(c2 + 1, NULL, 10);
		int grounded = atoi(c4 + 1);
		if (!grounded)
			took = 1;
		if (!took)
			continue;
		if (h > rise)
			rise = h;
		if (grounded) {
			*airtime = frame + 1;
			break;
		}
	}
	cr_assert_eq(pclose(p), 0, "%s", cmd);
	return rise;
}

Test(reach, witnesses_replay_through_trace, .init = setup, .fini = teardown)
{
	static const char *const cases[][3] = {
		{ "smb1", "vx=0", "env=air" },  { "smb1", "vx=28", "env=air" },
		{ "sonic1", "env=air", NULL },  { "sonic1", "env=underwater", NULL },
		{ "celeste", "dt=fna", NULL },  { "celeste", "dt=exact", NULL },
	};
	int replayed = 0;
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		const js_model *m = tu_model(cases[c][0]);
		int32_t ax[JS_MAX_AXES] = { 0 };
		axes_of(m, (const char *const[]){ cases[c][1], cases[c][2], NULL }, ax);
		js_reach_set s = run(m, ax, m->default_frames, 0, JS_REACH_AUTO);
		cr_assert(s.complete);
		for (int i = 0; i < s.n_rises; i++) {
			int air;
			int64_t rise = trace_rise(m, &s, &s.rises[i], &air);
			cr_assert_eq(rise, s.rises[i].rise, "%s %s: the witness of rise %lld traces to %lld",
				     m->id, cases[c][1], (long long)s.rises[i].rise, (long long)rise);
			cr_assert_eq(air, s.rises[i].witness_len);
			replayed++;
		}
		js_reach_set_free(&s);
	}
	cr_assert_gt(replayed, 100);
}

Test(reach, budget_overflow, .init = setup, .fini = teardown)
{
	/* library: the set is marked, the message says what was covered, every rise is real */
	const js_model *m = tu_model("smb1");
	int32_t ax[JS_MAX_AXES] = { 0 };
	axes_of(m, (const char *const[]){ "vx=0", "env=swim", NULL }, ax);
	js_reach_opts o = { .n_frames = m->default_frames, .max_states = 20000 };
	js_reach_set s;
	cr_assert_eq(js_reach_one(m, ax, &o, &s), 0);
	cr_assert_eq(s.complete, 0);
	cr_assert(s.frames_done > 0 && s.frames_done < m->default_frames);
	cr_assert_leq(s.states, 20000);
	cr_assert_not_null(strstr(s.message, "node budget exceeded (--max-states 20000)"), "%s",
			   s.message);
	cr_assert_not_null(strstr(s.message, "reach smb1 vx=0 env=swim"), "%s", s.message);
	cr_assert_not_null(strstr(s.message, "incomplete"), "%s", s.message);
	check_witnesses(m, &s, m->default_frames, "smb1 swim, budget 20000");
	js_reach_set_free(&s);

	/* command line: exit 3, one line per incomplete set, the file written and marked */
	int rc = js("reach smb1 --axis vx=0 --axis env=swim --max-states 20000 -o r.h5");
	cr_assert_eq(rc, 3, "exit %d (stderr: %s)", rc, err_buf);
	cr_assert_eq(lines(err_buf), 1, "one line: %s", err_buf);
	static const char want[] = "jumpsweep: reach smb1 vx=0 env=swim: node budget exceeded";
	cr_assert(strncmp(err_buf, want, sizeof want - 1) == 0, "%s", err_buf);
	char p[512];
	struct stat sb;
	snprintf(p, sizeof p, "%s/r.h5", dir);
	cr_assert_eq(stat(p, &sb), 0, "the file is written");
	/* map, the main job: the other models go on, the incomplete sets are reported; exit 0 */
	rc = js("map --max-states 3000 -o atlas.h5 -q");
	cr_assert_eq(rc, 0, "map exit %d (stderr: %s)", rc, err_buf);
	cr_assert_not_null(strstr(err_buf, "jumpsweep: reach smb1: "), "%s", err_buf);
	snprintf(p, sizeof p, "%s/atlas.h5", dir);
	cr_assert_eq(stat(p, &sb), 0, "the atlas is written");
}

Test(reach, usage_errors, .init = setup, .fini = teardown)
{
	static const char *const bad[] = {
		"reach",                                   /* no model */
		"reach smb1 --hold 3",                     /* reach explores every sequence */
		"reach smb1 --seq J4",
		"reach celeste --axis down=on",            /* a button, not a start condition */
		"reach smb1 --max-states 0",
		"reach smb1 --max-memory 12",             /* below 1M */
		"reach smb1 --max-memory 4X",
		"sweep smb1 --max-memory 1G -o x.h5",     /* reach and map only */
		"reach smb1 --axis nope=1",
		"sweep smb1 --max-states 5 -o x.h5",       /* reach and map only */
		"sweep smb1 --rises -o x.h5",
		"reach smb1 --no-reach",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = js(bad[i]);
		cr_expect_eq(rc, 2, "`jumpsweep %s`: exit %d (stderr: %s)", bad[i], rc, err_buf);
		cr_expect_eq(lines(err_buf), 1, "`jumpsweep %s`: one line: %s", bad[i], err_buf);
	}
	cr_assert_eq(js("reach sonic1 -q"), 0);
	cr_assert_eq(js("reach sonic1 -q --max-memory 64M"), 0);
	cr_assert_eq(js("reach celeste --axis dt=fna --rises"), 0);
}

/* The same sets, witnesses included, on one thread and on several. */
Test(reach, threads_do_not_change_results)
{
	const js_model *m = tu_model("smb1");
	js_grid g;
	js_grid_default(&g, m);
	js_reach_opts o1 = { .max_states = 5000, .threads = 1 }, o2 = o1;
	o2.threads = 3;
	js_reach a, b;
	char err[256];
	cr_assert_eq(js_reach_run(&g, &o1, &a, err, sizeof err), 0, "%s", err);
	cr_assert_eq(js_reach_run(&g, &o2, &b, err, sizeof err), 0, "%s", err);
	cr_assert_eq(a.n_sets, b.n_sets);
	cr_assert_eq(a.n_sets, 41 * 3);
	cr_assert_gt(a.incomplete, 0);
	cr_assert_eq(a.incomplete, b.incomplete);
	for (size_t i = 0; i < a.n_sets; i++) {
		const js_reach_set *x = &a.sets[i], *y = &b.sets[i];
		cr_assert_eq(x->n_rises, y->n_rises);
		cr_assert_eq(x->states, y->states);
		cr_assert_eq(x->complete, y->complete);
		for (int k = 0; k < x->n_rises; k++) {
			cr_assert_eq(x->rises[k].rise, y->rises[k].rise);
			cr_assert_eq(x->rises[k].witness_len, y->rises[k].witness_len);
			cr_assert_eq(memcmp(x->rises[k].witness, y->rises[k].witness,
					    (size_t)x->rises[k].witness_len), 0);
		}
	}
	js_reach_free(&a);
	js_reach_free(&b);
}

/* One start condition and three threads: the search steps its wide frames (2048 nodes and more)
 * on them (nested in the pool), in both searches; the sets are the same bits. */
Test(reach, threads_inside_one_search)
{
	const js_model *m = tu_model("smb1");
	static const int modes[] = { JS_REACH_LAYERED, JS_REACH_GRAPH };
	for (int t = 0; t < 2; t++) {
		js_grid g;
		js_grid_default(&g, m);
		g.lo[0] = g.hi[0] = 0; /* vx=0 */
		g.lo[1] = g.hi[1] = 1; /* env=swim: levels of 10^4 nodes by frame 40 */
		js_reach_opts o1 = { .n_frames = 70, .threads = 1, .mode = modes[t] }, o3 = o1;
		o3.threads = 3;
		js_reach a, b;
		char err[256];
		cr_assert_eq(js_reach_run(&g, &o1, &a, err, sizeof err), 0, "%s", err);
		cr_assert_eq(js_reach_run(&g, &o3, &b, err, sizeof err), 0, "%s", err);
		cr_assert_eq(b.threads_used, 3, "one start, three threads: %d", b.threads_used);
		const js_reach_set *x = &a.sets[0], *y = &b.sets[0];
		cr_assert(x->complete && y->complete);
		cr_assert_gt(x->peak_nodes, 2048, "wide frames: %llu", (unsigned long long)x->peak_nodes);
		cr_assert_eq(x->n_rises, y->n_rises);
		cr_assert_eq(x->states, y->states);
		for (int k = 0; k < x->n_rises; k++) {
			cr_assert_eq(x->rises[k].rise, y->rises[k].rise);
			cr_assert_eq(x->rises[k].airtime_min, y->rises[k].airtime_min);
			cr_assert_eq(x->rises[k].airtime_max, y->rises[k].airtime_max);
			cr_assert_eq(x->rises[k].witness_len, y->rises[k].witness_len);
			cr_assert_eq(memcmp(x->rises[k].witness, y->rises[k].witness,
					    (size_t)x->rises[k].witness_len), 0);
		}
		js_reach_free(&a);
		js_reach_free(&b);
	}
}

/* ---- the search's own rules ---- */

/* Two reachable sets of one start are the same sets, witnesses aside. */
static void expect_same_sets(const js_reach_set *a, const js_reach_set *b, const char *what)
{
	cr_assert(a->complete && b->complete, "%s: complete (%s / %s)", what, a->message, b->message);
	cr_assert_eq(a->n_rises, b->n_rises, "%s: %d rises against %d", what, a->n_rises, b->n_rises);
	for (int i = 0; i < a->n_rises; i++) {
		const js_reach_rise *x = &a->rises[i], *y = &b->rises[i];
		cr_assert(x->rise == y->rise && x->airtime_min == y->airtime_min &&
			  x->airtime_max == y->airtime_max && x->apex_min == y->apex_min &&
			  x->apex_max == y->apex_max && x->flags == y->flags,
			  "%s: rise %lld airtime %d..%d apex %d..%d flags %u, against rise %lld airtime "
			  "%d..%d apex %d..%d flags %u", what, (long long)x->rise, x->airtime_min,
			  x->airtime_max, x->apex_min, x->apex_max, x->flags, (long long)y->rise,
			  y->airtime_min, y->airtime_max, y->apex_min, y->apex_max, y->flags);
	}
	cr_assert_eq(a->airborne_at_limit > 0, b->airborne_at_limit > 0, "%s: in the air", what);
}

/* The settle hook (model.h; sotn's rule is proven in kernels/sotn.c) against the plain search:
 * the same sets with the hook and without it, on every start kind where it fires. */
Test(reach, settle_hook_against_plain_search, .timeout = 600)
{
	static const struct {
		const char *spec[5];
		int frames;
	} cases[] = {
		{ { "leap=off", "water=dry", NULL }, 0 },
		{ { "leap=off", "water=dry", "drop=3", "subpass=on", NULL }, 0 },
		{ { "leap=on", "water=dry", NULL }, 0 },
		{ { "leap=on", "water=dry", "drop=5", NULL }, 0 },
		/* deep water: the plain search explodes past about 60 frames (leap=off: 58M nodes at
		 * 58 frames), so a limit where the first jumps land (airtime 52) */
		{ { "leap=on", "water=deep", NULL }, 60 },
		{ { "leap=on", "water=deep", "subpass=on", NULL }, 60 },
	};
	const js_model *m = tu_model("sotn");
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		int32_t ax[JS_MAX_AXES] = { 0 };
		axes_of(m, cases[c].spec, ax);
		int n = cases[c].frames ? cases[c].frames : m->default_frames;
		char what[128];
		snprintf(what, sizeof what, "sotn %s %s %s (%d frames)", cases[c].spec[0],
			 cases[c].spec[1], cases[c].spec[2] ? cases[c].spec[2] : "", n);
		js_reach_opts o = { .n_frames = n, .mode = JS_REACH_LAYERED };
		js_reach_set with, without;
		cr_assert_eq(js_reach_one(m, ax, &o, &with), 0);
		o.no_settle = 1;
		cr_assert_eq(js_reach_one(m, ax, &o, &without), 0);
		cr_assert_gt(with.settled, 0, "%s: the hook fired", what);
		cr_assert_eq(without.settled, 0);
		expect_same_sets(&with, &without, what);
		check_witnesses(m, &with, n, what);
		js_reach_set_free(&with);
		js_reach_set_free(&without);
	}
}

/* The figures for the deep-water jump without the Leap Stone: 3045 rises from 11 987
 * nodes (the settle hook stops every fall). */
Test(reach, sotn_deep_water)
{
	const js_model *m = tu_model("sotn");
	int32_t ax[JS_MAX_AXES] = { 0 };
	axes_of(m, (const char *const[]){ "leap=off", "water=deep", NULL }, ax);
	js_reach_set s = run(m, ax, m->default_frames, 0, JS_REACH_AUTO);
	cr_assert(s.complete);
	cr_assert_eq(s.n_rises, 3045);
	cr_assert_eq(s.states, 11987);
	cr_assert_eq(s.airborne_at_limit, 0);
	check_witnesses(m, &s, m->default_frames, "sotn deep water");
	js_reach_set_free(&s);
}

/* The graph search against the layered one where both are feasible and states repeat: SMB1's
 * swim strokes and whirlpool, the layered count far above the distinct states. */
Test(reach, graph_against_layered, .timeout = 600)
{
	static const char *const envs[] = { "env=swim", "env=whirlpool" };
	const js_model *m = tu_model("smb1");
	for (int e = 0; e < 2; e++) {
		int32_t ax[JS_MAX_AXES] = { 0 };
		axes_of(m, (const char *const[]){ "vx=0", envs[e], NULL }, ax);
		js_reach_set a = run(m, ax, 72, 0, JS_REACH_LAYERED);
		js_reach_set b = run(m, ax, 72, 0, JS_REACH_GRAPH);
		expect_same_sets(&a, &b, envs[e]);
		cr_assert_eq(a.frame_nodes, b.frame_nodes, "%s: (state, frame) pairs", envs[e]);
		cr_assert_lt(b.states * 4, a.states, "%s: %llu states against %llu nodes", envs[e],
			     (unsigned long long)b.states, (unsigned long long)a.states);
		check_witnesses(m, &b, 72, envs[e]);
		js_reach_set_free(&a);
		js_reach_set_free(&b);
	}
}

/* More budget never gives fewer rises: every rise of a smaller budget's set is in a larger
 * one's, with frames_done not decreasing; the swim start (AUTO falls back to the layered search
 * when the graph search does not fit). */
Test(reach, monotone_in_the_budget, .timeout = 600)
{
	const js_model *m = tu_model("smb1");
	int32_t ax[JS_MAX_AXES] = { 0 };
	axes_of(m, (const char *const[]){ "vx=0", "env=swim", NULL }, ax);
	static const uint64_t budgets[] = { 2000, 20000, 200000, 0 };
	js_reach_set prev = { 0 };
	for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
		js_reach_opts o = { .n_frames = m->default_frames, .max_states = budgets[b] };
		js_reach_set s;
		cr_assert_eq(js_reach_one(m, ax, &o, &s), 0);
		cr_assert_eq(s.complete, budgets[b] == 0, "budget %llu: %s",
			     (unsigned long long)budgets[b], s.message);
		if (b) {
			cr_assert_geq(s.frames_done, prev.frames_done);
			cr_assert_geq(s.n_rises, prev.n_rises);
			for (int i = 0, j = 0; i < prev.n_rises; i++) {
				while (j < s.n_rises && s.rises[j].rise < prev.rises[i].rise)
					j++;
				cr_assert(j < s.n_rises && s.rises[j].rise == prev.rises[i].rise,
					  "budget %llu lost rise %lld", (unsigned long long)budgets[b],
					  (long long)prev.rises[i].rise);
			}
			js_reach_set_free(&prev);
		}
		if (!s.complete)
			check_witnesses(m, &s, m->default_frames, "smb1 swim, a small budget");
		prev = s;
	}
	cr_assert_eq(prev.n_rises, 31702, "the complete swim set (the issue's figure)");
	int only_air = 0;
	for (int i = 0; i < prev.n_rises; i++)
		only_air += (prev.rises[i].flags & JS_FLAG_NOT_LANDED) != 0;
	cr_assert_eq(only_air, 26949, "rises reached only by jumps still in the air at frame 255 "
		     "(the issue's figure)");
	js_reach_set_free(&prev);
}

/* The landing rule in the search: SMW lands and relaunches in one frame (CODE_00D5F2 after the
 * collision), and each hop is its own jump.  The figures for vx=0 normal: 475 rises; the
 * longest jump is the full hold's (airtime 54 from the tests of the model), where chained hops
 * counted as one jump reached airtime 107 before. */
Test(reach, relaunch_ends_the_jump)
{
	const js_model *m = tu_model("smw");
	int32_t ax[JS_MAX_AXES] = { 0 };
	axes_of(m, (const char *const[]){ "vx=0", "jump=normal", NULL }, ax);
	js_reach_set s = run(m, ax, m->default_frames, 0, JS_REACH_AUTO);
	cr_assert(s.complete);
	cr_assert_eq(s.n_rises, 475);
	int32_t amax = 0;
	for (int i = 0; i < s.n_rises; i++)
		amax = s.rises[i].airtime_max > amax ? s.rises[i].airtime_max : amax;
	js_acc full = tu_ref_hold(m, ax, m->default_frames, 0, m->default_frames);
	cr_assert_eq(amax, full.airtime, "the longest jump is the full hold's (%d)", full.airtime);
	cr_assert_eq(s.rises[s.n_rises - 1].rise, full.rise);
	check_witnesses(m, &s, m->default_frames, "smw vx=0 normal");
	js_reach_set_free(&s);
}

/* Starts whose initial states are equal are searched once (smb1's swim rows ignore |X speed|:
 * reach_canon) and get the same sets. */
Test(reach, equal_starts_searched_once)
{
	const js_model *m = tu_model("smb1");
	js_grid g;
	js_grid_default(&g, m);
	g.lo[0] = 0;
	g.hi[0] = 3;
	g.lo[1] = g.hi[1] = 1; /* swim */
	js_reach_opts o = { .n_frames = 48, .threads = 2 };
	js_reach r;
	char err[256];
	cr_assert_eq(js_reach_run(&g, &o, &r, err, sizeof err), 0, "%s", err);
	cr_assert_eq(r.n_sets, 4);
	for (size_t i = 1; i < 4; i++) {
		expect_same_sets(&r.sets[0], &r.sets[i], "smb1 swim vx 0..3");
		cr_assert_eq(r.sets[i].axis[0], (int32_t)i);
		cr_assert_eq(r.sets[i].seconds, 0, "vx=%zu was not searched again", i);
	}
	js_reach_free(&r);
}

/* The settle hook's promise, fuzzed: from random states (the model's fields, as the fuzzer makes
 * them) where the hook fires, random inputs never rise above the state's height and land within
 * the frames the two constant inputs land in (the rule's proof is in the model). */
Test(reach, settle_hook_fuzzed)
{
	uint64_t seed = 0x5e771e;
	for (int i = 0; i < js_n_models; i++) {
		const js_model *m = js_models[i];
		if (!m->settle)
			continue;
		int fired = 0;
		for (int t = 0; t < 20000; t++) {
			int32_t ax[JS_MAX_AXES] = { 0 };
			for (int a = 0; a < m->n_axes; a++)
				ax[a] = m->axes[a].min +
					(int32_t)(tu_rand(&seed) % (uint64_t)(m->axes[a].max - m->axes[a].min + 1));
			_Alignas(16) unsigned char st[JS_STATE_MAX];
			memset(st, 0, sizeof st);
			m->init(st, ax);
			for (int f = 0; f < m->n_fields; f++) {
				const js_field *fd = &m->fields[f];
				double span = fd->max - fd->min;
				double v = fd->min + (double)(tu_rand(&seed) % 1000001) / 1e6 * span;
				if (fd->type != JS_F_F32)
					v = (double)(int64_t)v;
				js_field_set(fd, st, v);
			}
			if (m->fuzz_fix)
				m->fuzz_fix(st);
			js_obs o0;
			m->observe(st, &o0);
			uint8_t e, l;
			if (o0.grounded || !m->settle(st, m->inputs, &e, &l))
				continue;
			int land[3] = { 0 };
			for (int r = 0; r < 3; r++) { /* early, late, then random inputs */
				_Alignas(16) unsigned char x[JS_STATE_MAX];
				memcpy(x, st, m->state_size);
				for (int f = 1; f <= 4096 && !land[r]; f++) {
					unsigned in = r == 0 ? e : r == 1 ? l
						: (unsigned)tu_rand(&seed) & m->inputs;
					js_obs o;
					m->step(x, in);
					m->observe(x, &o);
					cr_assert_leq(o.height, o0.height, "%s: a settled state rose (trial %d)",
						      m->id, t);
					if (o.grounded || (o.flags & JS_FLAG_RELAUNCH))
						land[r] = f;
				}
			}
			cr_assert(land[0] && land[1], "%s: the constant inputs land", m->id);
			cr_assert(land[0] <= land[2] && land[2] <= land[1],
				  "%s: trial %d lands after %d frames, outside %d..%d", m->id, t, land[2],
				  land[0], land[1]);
			fired++;
		}
		cr_assert_gt(fired, 1000, "%s: the hook fired %d times", m->id, fired);
	}
}

/* The landing rule (model.h) in every model family: a tap, then a press on the tap's own landing
 * frame.  Where the frame still lands (the press does not act before the collision, as smb1's
 * swim strokes and sotn's Leap Stone jump do), the jump ends on that frame whatever the press
 * does: the same rise, apex and airtime as the tap alone.  Only smw, cv2 and scv4 land and
 * relaunch inside one frame (flag relaunch); every other model shows the landing frame grounded
 * and takes the press as the next jump's.  The lane kernels agree on every path
 * (tu_check_lanes).  Every default start of every model. */
Test(reach, landing_rule_every_model)
{
	for (int mi = 0; mi < js_n_models; mi++) {
		const js_model *m = js_models[mi];
		js_grid g;
		js_grid_default(&g, m);
		int n = m->default_frames, relaunched = 0, cases = 0, air_actions = 0;
		size_t nl = js_grid_lanes(&g), pl = (size_t)js_grid_pattern_len(&g);
		int32_t *axes = malloc(nl / pl * (size_t)m->n_axes * sizeof *axes);
		uint8_t *ins = malloc(nl / pl * (size_t)n);
		for (size_t i = 0; i < nl; i += pl) {
			int32_t ax[JS_MAX_AXES];
			js_grid_lane_axes(&g, i, ax);
			uint8_t *in = ins + (size_t)cases * (size_t)n;
			memset(in, 0, (size_t)n);
			in[0] = JS_IN_JUMP;
			for (int a = 0; a < m->n_axes; a++)
				if (m->axes[a].input_bit && ax[a])
					for (int f = 0; f < n; f++)
						in[f] |= (uint8_t)m->axes[a].input_bit;
			js_acc tap, again;
			js_reference_run(m, ax, in, n, &tap);
			if (!tap.landed || tap.airtime < 2)
				continue;
			in[tap.airtime - 1] |= JS_IN_JUMP; /* the landing frame */
			js_reference_run(m, ax, in, n, &again);
			/* a press that acts before the frame's collision (smb1's swim stroke, sotn's
			 * Leap Stone jump) keeps the character in the air: no landing to test */
			{
				_Alignas(16) unsigned char st[JS_STATE_MAX];
				memset(st, 0, sizeof st);
				m->init(st, ax);
				js_obs o = { 0 };
				for (int f = 0; f < tap.airtime; f++) {
					m->step(st, in[f]);
					m->observe(st, &o);
				}
				if (!o.grounded && !(o.flags & JS_FLAG_RELAUNCH)) {
					in[tap.airtime - 1] &= (uint8_t)~JS_IN_JUMP;
					air_actions++;
					continue;
				}
			}
			cr_assert(again.landed && again.airtime == tap.airtime && again.rise == tap.rise &&
				  again.apex_frame == tap.apex_frame,
				  "%s start %zu: a press on the landing frame %d changed the jump (airtime "
				  "%d, rise %lld; the tap's %d, %lld)", m->id, i, tap.airtime - 1,
				  again.airtime, (long long)again.rise, tap.airtime, (long long)tap.rise);
			relaunched += (again.flags & JS_FLAG_RELAUNCH) != 0;
			memcpy(axes + (size_t)cases * (size_t)m->n_axes, ax,
			       (size_t)m->n_axes * sizeof *ax);
			cases++;
		}
		/* scv4: the ground state's jump check follows the landing ($80:A1D9, $80:A2AD) */
		int relaunches = !strcmp(m->id, "smw") || !strcmp(m->id, "cv2") ||
				 !strcmp(m->id, "scv4");
		if (relaunches)
			cr_assert_eq(relaunched, cases, "%s: every landing-frame press relaunches", m->id);
		else
			cr_assert_eq(relaunched, 0, "%s: only smw, cv2 and scv4 relaunch", m->id);
		cr_assert_gt(cases, 0, "%s: some start lands with the press on its landing frame (%d "
			     "acted in the air)", m->id, air_actions);
		cr_assert_gt(tu_check_lanes(m, (size_t)cases, axes, ins, n), 0, "%s lanes", m->id);
		free(axes);
		free(ins);
	}
}
