/* tests/test_find.c - jumpsweep find (sweep/engine/find.c, sweep/commands/find.c) against brute
 * force, and its command line.
 *
 * What find promises (reach.h): for a start condition, a frame limit k and a question (rise r,
 * apex frames, airtimes), the canonical witness among ALL input sequences (jump on frame 0, then
 * every button combination on every frame) that meet it: the fewest button-frames held, then
 * the fewest presses, then the first in byte order frame by frame; a landed one before one in
 * the air at the limit (the latter only when no airtime is asked); the same among the shortest
 * and the longest airtimes; and when nothing meets it, the nearest rises below and above that
 * something does.  Brute force here enumerates every sequence of k frames with the reference and
 * js_acc, cuts each at its landing (the frames after it do not change the jump), and answers
 * every question by a scan: nothing shared with find's passes but the model and js_acc. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "movie.h"
#include "testutil.h"
#include "tu_cli.h"

/* ---- brute force: every outcome, with its cut sequence and cost ---- */
typedef struct outcome {
	int64_t rise;
	int32_t apex, airtime; /* airtime 0: in the air at the limit */
	int held, presses, len;
	uint8_t seq[24];
} outcome;

typedef struct bf {
	const js_model *m;
	int k, nc;
	unsigned combos[16];
	outcome *o;
	size_t n, cap;
	uint8_t seq[24];
} bf;

static void bf_add(bf *b, const js_acc *a, int len)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 4096;
		b->o = realloc(b->o, b->cap * sizeof *b->o);
		cr_assert_not_null(b->o);
	}
	outcome *x = &b->o[b->n++];
	memset(x, 0, sizeof *x);
	x->rise = a->rise;
	x->apex = a->apex_frame;
	x->airtime = a->landed ? a->airtime : 0;
	x->len = len;
	memcpy(x->seq, b->seq, (size_t)len);
	unsigned prev = 0; /* every button up before frame 0 */
	for (int f = 0; f < len; f++) {
		x->held += __builtin_popcount(x->seq[f]);
		x->presses += __builtin_popcount(x->seq[f] & ~prev);
		prev = x->seq[f];
	}
}

static void bf_walk(bf *b, const unsigned char *st, const js_acc *acc, int f)
{
	if (f == b->k) {
		if (acc->took_off)
			bf_add(b, acc, f);
		return;
	}
	for (int ci = 0; ci < b->nc; ci++) {
		unsigned c = b->combos[ci];
		if (f == 0 && !(c & JS_IN_JUMP))
			continue;
		_Alignas(16) unsigned char x[JS_STATE_MAX];
		memcpy(x, st, b->m->state_size);
		b->m->step(x, c);
		js_obs ob;
		b->m->observe(x, &ob);
		js_acc a = *acc;
		js_acc_frame(&a, f, &ob);
		b->seq[f] = (uint8_t)c;
		if (a.landed)
			bf_add(b, &a, f + 1);
		else
			bf_walk(b, x, &a, f + 1);
	}
}

static bf brute(const js_model *m, const int32_t *ax, int k)
{
	bf b = { .m = m, .k = k };
	unsigned c = 0;
	do {
		b.combos[b.nc++] = c;
		c = (c - m->inputs) & m->inputs;
	} while (c);
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	memset(st, 0, sizeof st);
	m->init(st, ax);
	js_acc a;
	js_acc_init(&a);
	bf_walk(&b, st, &a, 0);
	return b;
}

/* a before b: (held, presses), then the bytes frame by frame */
static int better(const outcome *a, const outcome *b)
{
	if (!b)
		return 1;
	if (a->held != b->held)
		return a->held < b->held;
	if (a->presses != b->presses)
		return a->presses < b->presses;
	int n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->seq, b->seq, (size_t)n);
	return c ? c < 0 : a->len < b->len;
}

typedef struct want {
	const outcome *best, *shortest, *longest;
} want;

/* The answer at rise r by a scan of every outcome. */
static want scan(const bf *b, int64_t r, const js_find_query *q)
{
	want w = { 0 };
	int any_air = q->air_lo == 0 && q->air_hi == 0;
	const outcome *air = NULL;
	int32_t tmin = 0, tmax = 0;
	for (size_t i = 0; i < b->n; i++) {
		const outcome *x = &b->o[i];
		if (x->rise != r || x->apex < q->apex_lo || x->apex > q->apex_hi)
			continue;
		if (!x->airtime) {
			if (any_air && better(x, air))
				air = x;
			continue;
		}
		if (!any_air && (x->airtime < q->air_lo || x->airtime > q->air_hi))
			continue;
		if (better(x, w.best))
			w.best = x;
		if (!tmin || x->airtime < tmin)
			tmin = x->airtime;
		if (x->airtime > tmax)
			tmax = x->airtime;
	}
	if (!w.best) {
		w.best = air;
		return w;
	}
	for (size_t i = 0; i < b->n; i++) {
		const outcome *x = &b->o[i];
		if (x->rise != r || x->apex < q->apex_lo || x->apex > q->apex_hi || !x->airtime)
			continue;
		if (x->airtime == tmin && better(x, w.shortest))
			w.shortest = x;
		if (x->airtime == tmax && better(x, w.longest))
			w.longest = x;
	}
	return w;
}

static void expect_witness(const js_find_witness *got, const outcome *exp, const char *what)
{
	if (!exp) {
		cr_assert_eq(got->found, 0, "%s: found a witness where brute force has none", what);
		return;
	}
	char a[256], b[256];
	cr_assert(got->found, "%s: none found; brute force has rise %lld", what, (long long)exp->rise);
	js_seq_format(got->seq, got->len, a, sizeof a);
	js_seq_format(exp->seq, exp->len, b, sizeof b);
	cr_assert_str_eq(a, b, "%s: witness %s, brute force %s (held %d/%d, presses %d/%d)", what, a,
			 b, got->held, exp->held, got->presses, exp->presses);
	cr_assert_eq(got->rise, exp->rise, "%s", what);
	cr_assert_eq(got->airtime, exp->airtime, "%s: airtime", what);
	cr_assert_eq(got->apex_frame, exp->apex, "%s: apex", what);
	cr_assert_eq(got->held, exp->held, "%s: held", what);
	cr_assert_eq(got->presses, exp->presses, "%s: presses", what);
	cr_assert(got->proven, "%s: proven", what);
}

/* The distinct rises of the outcomes, sorted. */
static int64_t *rises_of(const bf *b, int *n)
{
	int64_t *r = malloc((b->n + 1) * sizeof *r);
	*n = 0;
	for (size_t i = 0; i < b->n; i++) {
		int k = 0;
		while (k < *n && r[k] != b->o[i].rise)
			k++;
		if (k == *n)
			r[(*n)++] = b->o[i].rise;
	}
	for (int i = 1; i < *n; i++)
		for (int j = i; j > 0 && r[j - 1] > r[j]; j--) {
			int64_t t = r[j];
			r[j] = r[j - 1];
			r[j - 1] = t;
		}
	return r;
}

/* One question against brute force: the exact answer, or the nearest below and above. */
static void ask(const js_model *m, const int32_t *ax, int k, const bf *b, const int64_t *rs,
		int nr, const js_find_query *q, int mode, const char *what0)
{
	js_reach_opts o = { .n_frames = k, .mode = mode, .no_settle = 1, .max_states = 20000000 };
	js_reach_set set;
	js_find_answer got;
	char what[300];
	snprintf(what, sizeof what, "%s rise %lld apex %d..%d air %d..%d mode %d", what0,
		 (long long)q->rise, q->apex_lo, q->apex_hi, q->air_lo, q->air_hi, mode);
	cr_assert_eq(js_find_one(m, ax, &o, q, &set, &got), 0, "%s: %s", what, got.message);
	cr_assert(set.complete, "%s", what);
	want w = q->between ? (want){ 0 } : scan(b, q->rise, q);
	cr_assert_eq(got.exact, w.best != NULL, "%s: exact", what);
	if (w.best) {
		expect_witness(&got.best, w.best, what);
		expect_witness(&got.shortest, w.shortest, what);
		expect_witness(&got.longest, w.longest, what);
	} else {
		const outcome *below = NULL, *above = NULL;
		for (int i = nr - 1; i >= 0 && !below; i--)
			if (rs[i] < q->rise)
				below = scan(b, rs[i], q).best;
		for (int i = 0; i < nr && !above; i++)
			if (rs[i] > q->rise || (q->between && rs[i] == q->rise))
				above = scan(b, rs[i], q).best;
		expect_witness(&got.below, below, what);
		expect_witness(&got.above, above, what);
	}
	js_find_answer_free(&got);
	js_reach_set_free(&set);
}

Test(find, against_brute_force_every_model, .timeout = 900)
{
	uint64_t rng = 0x5eed;
	int asked = 0, nearest = 0;
	for (int i = 0; i < js_n_models; i++) {
		const js_model *m = js_models[i];
		int k = 1 + 16 / __builtin_popcount(m->inputs);
		if (k > m->default_frames)
			k = m->default_frames;
		for (int end = 0; end < 2; end++) {
			int32_t ax[JS_MAX_AXES] = { 0 };
			for (int a = 0; a < m->n_axes; a++)
				ax[a] = m->axes[a].input_bit ? 0 : end ? m->axes[a].def_hi : m->axes[a].def_lo;
			char what[128];
			snprintf(what, sizeof what, "%s (%s of the defaults) k=%d", m->id,
				 end ? "high end" : "low end", k);
			bf b = brute(m, ax, k);
			int nr;
			int64_t *rs = rises_of(&b, &nr);
			cr_assert_gt(nr, 0, "%s", what);
			/* every rise, no constraint, in both searches */
			for (int r = 0; r < nr; r++) {
				js_find_query q = { .rise = rs[r], .apex_hi = JS_MAX_FRAMES };
				ask(m, ax, k, &b, rs, nr, &q, JS_REACH_LAYERED, what);
				ask(m, ax, k, &b, rs, nr, &q, JS_REACH_GRAPH, what);
				asked += 2;
			}
			/* random windows and rises, reachable or not (nearest below / above) */
			for (int t = 0; t < 12; t++) {
				js_find_query q = { .apex_hi = JS_MAX_FRAMES };
				int64_t lo = rs[0], hi = rs[nr - 1];
				q.rise = lo + (int64_t)(tu_rand(&rng) % (uint64_t)(hi - lo + 2));
				q.between = t % 5 == 4;
				if (t & 1) {
					q.apex_lo = (int32_t)(tu_rand(&rng) % (uint64_t)k);
					q.apex_hi = q.apex_lo + (int32_t)(tu_rand(&rng) % 6);
				}
				if (t & 2) {
					q.air_lo = 1 + (int32_t)(tu_rand(&rng) % (uint64_t)k);
					q.air_hi = q.air_lo + (int32_t)(tu_rand(&rng) % 4);
				}
				ask(m, ax, k, &b, rs, nr, &q, t & 4 ? JS_REACH_GRAPH : JS_REACH_LAYERED, what);
				asked++;
				nearest += q.between || !scan(&b, q.rise, &q).best;
			}
			free(rs);
			free(b.o);
		}
	}
	cr_assert_gt(asked, 1000, "%d questions", asked);
	cr_assert_gt(nearest, 100, "%d questions answered by nearest rises", nearest);
}

/* JS_FIND_HIGHEST: the highest rise meeting the constraints, by brute force. */
Test(find, highest_under_constraints)
{
	const js_model *m = tu_model("smb1");
	int32_t ax[JS_MAX_AXES] = { 0 }; /* vx=0 env=air */
	int k = 22;
	bf b = brute(m, ax, k);
	for (int air = 18; air <= 22; air++) {
		js_find_query q = { .rise = JS_FIND_HIGHEST, .apex_hi = JS_MAX_FRAMES, .air_lo = 1,
				    .air_hi = air };
		const outcome *w = NULL;
		int64_t top = -1;
		for (size_t i = 0; i < b.n; i++)
			if (b.o[i].airtime && b.o[i].airtime <= air && b.o[i].rise > top)
				top = b.o[i].rise;
		if (top >= 0)
			w = scan(&b, top, &q).best;
		js_reach_opts o = { .n_frames = k };
		js_reach_set set;
		js_find_answer got;
		cr_assert_eq(js_find_one(m, ax, &o, &q, &set, &got), 0, "%s", got.message);
		char what[64];
		snprintf(what, sizeof what, "smb1 highest landing within %d frames", air);
		expect_witness(&got.best, w, what);
		js_find_answer_free(&got);
		js_reach_set_free(&set);
	}
	free(b.o);
}

/* sotn's settle hook (nothing later is higher: the early constant input is "nothing") gives the
 * same canonical witnesses as following every state, for every rise of a whole jump. */
Test(find, settle_hook_keeps_the_canonical_witness, .timeout = 600)
{
	const js_model *m = tu_model("sotn");
	static const char *const starts[][2] = { { "off", "dry" }, { "on", "dry" } };
	for (size_t c = 0; c < sizeof starts / sizeof *starts; c++) {
		int32_t ax[JS_MAX_AXES] = { 0 };
		ax[js_axis_find(m, "leap")] = !strcmp(starts[c][0], "on");
		js_reach_opts o = { .n_frames = 160 }, on = o;
		on.no_settle = 1;
		js_reach_set all;
		cr_assert_eq(js_reach_one(m, ax, &on, &all), 0);
		int checked = 0, settled = 0;
		for (int i = 0; i < all.n_rises; i += 1 + all.n_rises / 40) {
			js_find_query q = { .rise = all.rises[i].rise, .apex_hi = JS_MAX_FRAMES };
			js_reach_set s1, s2;
			js_find_answer a1, a2;
			cr_assert_eq(js_find_one(m, ax, &o, &q, &s1, &a1), 0, "%s", a1.message);
			cr_assert_eq(js_find_one(m, ax, &on, &q, &s2, &a2), 0, "%s", a2.message);
			settled += s1.settled > 0;
			char x[2048], y[2048];
			js_seq_format(a1.best.seq, a1.best.len, x, sizeof x);
			js_seq_format(a2.best.seq, a2.best.len, y, sizeof y);
			cr_assert_str_eq(x, y, "sotn leap=%s rise %lld: settled %s, plain %s", starts[c][0],
					 (long long)q.rise, x, y);
			js_seq_format(a1.shortest.seq, a1.shortest.len, x, sizeof x);
			js_seq_format(a2.shortest.seq, a2.shortest.len, y, sizeof y);
			cr_assert_str_eq(x, y, "sotn rise %lld shortest", (long long)q.rise);
			cr_assert_eq(a1.longest.airtime, a2.longest.airtime, "sotn rise %lld longest",
				     (long long)q.rise);
			checked++;
			js_find_answer_free(&a1);
			js_find_answer_free(&a2);
			js_reach_set_free(&s1);
			js_reach_set_free(&s2);
		}
		cr_assert_gt(checked, 20);
		cr_assert_gt(settled, 0, "the hook settled states");
		js_reach_set_free(&all);
	}
}

/* reach --canonical: every rise's witnesses are find's, from one search (a pass per rise). */
static void seq_eq(const uint8_t *a, int na, const js_find_witness *w, const char *what)
{
	char x[4096], y[4096];
	cr_assert_eq(a != NULL, w->found, "%s: present", what);
	if (!a)
		return;
	js_seq_format(a, na, x, sizeof x);
	js_seq_format(w->seq, w->len, y, sizeof y);
	cr_assert_str_eq(x, y, "%s: reach %s, find %s", what, x, y);
}

Test(find, reach_canonical_is_finds, .timeout = 600)
{
	static const struct { const char *id; const char *spec[3]; int mode; } cases[] = {
		{ "celeste", { "dt=fna", NULL }, JS_REACH_AUTO },
		{ "smb1", { "vx=0", "env=air", NULL }, JS_REACH_AUTO },
		{ "smb1", { "vx=16", "env=swim", NULL }, JS_REACH_GRAPH },
		{ "sotn", { "leap=off", "water=dry", NULL }, JS_REACH_AUTO }, /* settled states */
		{ "sm64", { "action=double", NULL }, JS_REACH_AUTO },
	};
	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		const js_model *m = tu_model(cases[c].id);
		int32_t ax[JS_MAX_AXES] = { 0 };
		for (const char *const *sp = cases[c].spec; *sp; sp++) {
			char err[256];
			int a;
			int32_t lo, hi;
			cr_assert_eq(js_parse_axis_arg(m, *sp, &a, &lo, &hi, err, sizeof err), 0, "%s", err);
			ax[a] = lo;
		}
		/* a pass per rise: swimming's thousands of rises at 30 frames (1709) */
		int n = c == 2 ? 30 : m->default_frames;
		js_reach_opts o = { .n_frames = n, .mode = cases[c].mode, .canonical = 1 };
		js_reach_set set;
		cr_assert_eq(js_reach_one(m, ax, &o, &set), 0, "%s", set.message);
		cr_assert(set.complete, "%s: %s", cases[c].id, set.message);
		if (c == 3)
			cr_assert_gt(set.settled, 0, "sotn: the settle hook is on the witnesses' paths");
		int step = 1 + set.n_rises / 25;
		for (int i = 0; i < set.n_rises; i += step) {
			const js_reach_rise *x = &set.rises[i];
			js_find_query q = { .rise = x->rise, .apex_hi = JS_MAX_FRAMES };
			js_reach_set s2;
			js_find_answer a;
			cr_assert_eq(js_find_one(m, ax, &o, &q, &s2, &a), 0, "%s", a.message);
			char what[128];
			snprintf(what, sizeof what, "%s %s rise %lld", cases[c].id, cases[c].spec[0],
				 (long long)x->rise);
			cr_assert(a.exact, "%s", what);
			seq_eq(x->witness, x->witness_len, &a.best, what);
			seq_eq(x->witness_short, x->short_len, &a.shortest, what);
			seq_eq(x->witness_long, x->long_len, &a.longest, what);
			js_find_answer_free(&a);
			js_reach_set_free(&s2);
		}
		js_reach_set_free(&set);
	}
}

/* ---- the command line ---- */
static char ans_buf[1 << 16]; /* the output of the last find */

/* js, keeping a find's output in ans_buf (a trace after it overwrites out_buf). */
static int jsf(const char *args)
{
	int rc = js(args);
	if (!strncmp(args, "find ", 5))
		memcpy(ans_buf, out_buf, sizeof ans_buf);
	return rc;
}

/* The witness printed on the line that starts with "  WHAT" (the second column). */
static void witness_of(const char *what, char *seq, size_t n)
{
	char key[64];
	snprintf(key, sizeof key, "\n  %s ", what);
	const char *p = strstr(ans_buf, key);
	cr_assert_not_null(p, "no '%s' line in:\n%s", what, ans_buf);
	p += strlen(key);
	p += strspn(p, " ");
	size_t k = strcspn(p, " ");
	cr_assert_lt(k, n);
	memcpy(seq, p, k);
	seq[k] = 0;
}

/* `jumpsweep trace` of seq: the largest height_sub while airborne (the rise, as js_acc). */
static long long traced_rise(const char *model_axes, const char *seq)
{
	char args[1024];
	snprintf(args, sizeof args, "trace %s --seq '%s' -o t.csv", model_axes, seq);
	cr_assert_eq(js(args), 0, "%s: %s", args, err_buf);
	char p[512];
	snprintf(p, sizeof p, "%s/t.csv", dir);
	FILE *f = fopen(p, "r");
	cr_assert_not_null(f);
	char line[4096];
	long long rise = 0;
	int took = 0, col_h = -1, col_g = -1;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#')
			continue;
		if (col_h < 0) { /* the header: find the columns by name */
			int c = 0;
			for (char *t = strtok(line, ",\n"); t; t = strtok(NULL, ",\n"), c++) {
				if (!strcmp(t, "height_sub"))
					col_h = c;
				if (!strcmp(t, "grounded"))
					col_g = c;
			}
			cr_assert(col_h >= 0 && col_g >= 0);
			continue;
		}
		long long h = 0;
		int g = 0, c = 0;
		for (char *t = line, *e; t; t = e ? e + 1 : NULL, c++) {
			e = strchr(t, ',');
			if (c == col_h)
				h = atoll(t);
			if (c == col_g)
				g = atoi(t);
		}
		took |= !g;
		if (took && h > rise)
			rise = h;
		if (took && g)
			break;
	}
	fclose(f);
	return rise;
}

Test(find_cli, smw_67_px_and_the_nearest, .init = setup, .fini = teardown)
{
	/* The question: exactly 67 px in smw at vx=48, normal jump (67 px = 1072/16). */
	cr_assert_eq(jsf("find smw --axis vx=48 --axis jump=normal --rise 67"), 0, "%s", err_buf);
	cr_assert(strstr(out_buf, "a rise of exactly 67 px (1072/16)"), "%s", out_buf);
	char seq[256];
	witness_of("canonical", seq, sizeof seq);
	cr_assert_eq(traced_rise("smw --axis vx=48 --axis jump=normal", seq), 1072, "%s", seq);
	witness_of("shortest air", seq, sizeof seq);
	cr_assert_eq(traced_rise("smw --axis vx=48 --axis jump=normal", seq), 1072, "%s", seq);
	witness_of("longest air", seq, sizeof seq);
	cr_assert_eq(traced_rise("smw --axis vx=48 --axis jump=normal", seq), 1072, "%s", seq);
	/* The spin jump has no 67 px rise: exit 4 and the nearest rises, each replaying. */
	cr_assert_eq(jsf("find smw --axis vx=48 --axis jump=spin --rise 67"), 4, "%s", err_buf);
	cr_assert(strstr(out_buf, "no sequence gives it"), "%s", out_buf);
	witness_of("below", seq, sizeof seq);
	long long below = traced_rise("smw --axis vx=48 --axis jump=spin", seq);
	witness_of("above", seq, sizeof seq);
	long long above = traced_rise("smw --axis vx=48 --axis jump=spin", seq);
	cr_assert(below < 1072 && above > 1072, "below %lld above %lld", below, above);
	/* ... and they are the nearest: reach lists no spin rise strictly between them */
	cr_assert_eq(js("reach smw --axis vx=48 --axis jump=spin --rises"), 0, "%s", err_buf);
	for (long long r = below + 1; r < above; r++) {
		char key[64];
		snprintf(key, sizeof key, "  rise %lld ", r);
		cr_assert_null(strstr(out_buf, key), "reach has rise %lld between %lld and %lld", r,
			       below, above);
	}
	/* a length between two sub-units: never exact, the nearest */
	cr_assert_eq(jsf("find smw --axis vx=48 --axis jump=normal --rise 67.01"), 4, "%s", err_buf);
	cr_assert_eq(jsf("find smw --axis vx=48 --axis jump=normal --rise-sub 1072 -q"), 0);
	cr_assert(strncmp(out_buf, "canonical 1072 ", 15) == 0, "%s", out_buf);
}

Test(find_cli, celeste_27_px_is_typeable, .init = setup, .fini = teardown)
{
	/* The issue: reach's witness of Celeste's 27 px was J12.5J.14D2.  The canonical one holds 13
	 * frames (jump for the var-jump timer's 12 updates, then once more at the apex for the
	 * half gravity of NormalUpdate L2952-2957); the shortest airtime needs Down (fast fall). */
	cr_assert_eq(jsf("find celeste --axis dt=fna --rise 27"), 0, "%s", err_buf);
	char seq[256];
	witness_of("canonical", seq, sizeof seq);
	cr_assert_str_eq(seq, "J12.5J.17");
	cr_assert(strstr(out_buf, "13 held, 2 presses"), "%s", out_buf);
	cr_assert_eq(traced_rise("celeste --axis dt=fna", seq), 27);
}

Test(find_cli, movies_and_the_rise_of_a_given_jump, .init = setup, .fini = teardown)
{
	cr_assert_eq(jsf("find smb1 --axis vx=0 --axis env=air --rise 66 --movie mv"), 0, "%s", err_buf);
	char p[512];
	struct stat sb;
	static const char *const files[] = { "bk2", "fm2" };
	for (int i = 0; i < 2; i++) {
		snprintf(p, sizeof p, "%s/mv/smb1_vx=0_env=air_rise16896_canonical.%s", dir, files[i]);
		cr_assert_eq(stat(p, &sb), 0, "%s", p);
	}
	/* the canonical 66 px jump is the full hold: J31 then nothing (66 px = 16896/256, the
	 * README's worked example); read back from the movie it is asked again */
	char seq[256];
	witness_of("canonical", seq, sizeof seq);
	cr_assert_eq(traced_rise("smb1 --axis vx=0 --axis env=air", seq), 16896);
	cr_assert_eq(jsf("find smb1 --axis vx=0 --axis env=air -q --seq-file "
			"mv/smb1_vx=0_env=air_rise16896_canonical.fm2"), 0, "%s", err_buf);
	cr_assert(strncmp(out_buf, "canonical 16896 ", 16) == 0, "%s", out_buf);
	/* list states each model's button map: smw's jump axis picks B or A (CODE_00D5F2) */
	cr_assert_eq(js("list smw"), 0, "%s", err_buf);
	cr_assert(strstr(out_buf, "  buttons: J=B (J by jump: normal=B spin=A); movies: bk2\n"), "%s",
		  out_buf);
	/* a text sequence: a held 40-frame jump has the same rise */
	FILE *f = fopen(strcat(strcpy(p, dir), "/j.txt"), "w");
	fputs("# a jump\nJ40\n", f);
	fclose(f);
	cr_assert_eq(jsf("find smb1 --axis vx=0 --axis env=air --seq-file j.txt"), 0, "%s", err_buf);
	cr_assert(strstr(out_buf, "the given jump's rise, 66 px (16896/256)"), "%s", out_buf);
}

Test(find_cli, usage_errors, .init = setup, .fini = teardown)
{
	static const struct { const char *args, *msg; } cases[] = {
		{ "find", "which model" },
		{ "find nosuch --rise 3", "unknown model 'nosuch'" },
		{ "find smw", "give one of --rise N" },
		{ "find smw --rise 3 --highest", "give one of --rise N" },
		{ "find smw --rise tall", "--rise 'tall': expected a length in px" },
		{ "find smw --rise 3 --airtime 9:2", "--airtime 9:2: expected A:B" },
		{ "find smw --rise 3 --airtime 0", "a landing takes at least 1 frame" },
		{ "find smw --rise 3 --apex-frame x", "--apex-frame" },
		{ "find smw --rise 3 --axis vx=999", "vx" },
		{ "find smw --rise 3 --movie-format bk2", "--movie-format applies with --movie" },
		{ "find smw --rise 3 --movie d --movie-format m64", "does not fit smw" },
		{ "find sms --rise 3 --movie d", "has no movie format" },
		{ "find smw --rise 3 --movie-frame 2", "--movie-frame applies to --seq-file" },
		{ "find smw --seq-file nosuch.txt", "cannot read 'nosuch.txt'" },
		{ "find smw --rise 3 --bogus", "unknown option '--bogus'" },
		{ "find smw --rise 3 --max-memory 12", "a size of at least 1M" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		int rc = js(cases[i].args);
		cr_assert(rc == 2 || rc == 1, "%s: exit %d", cases[i].args, rc);
		cr_assert(strstr(err_buf, cases[i].msg), "%s: '%s' not in: %s", cases[i].args,
			  cases[i].msg, err_buf);
		cr_assert(strncmp(err_buf, "jumpsweep: ", 11) == 0 && strchr(err_buf, '\n') ==
			  err_buf + strlen(err_buf) - 1, "%s: one line: %s", cases[i].args, err_buf);
	}
	/* a budget too small for the search: exit 3, what was found is printed */
	cr_assert_eq(jsf("find sotn --axis water=deep --axis leap=off --highest --max-states 2000"), 3,
		     "%s", err_buf);
	cr_assert(strstr(err_buf, "incomplete"), "%s", err_buf);
}
