/* sweep/engine/fuzzcase.c - fuzz cases (see fuzzcase.h): decoding fuzzer bytes, the differential check
 * of every lane-kernel path against the reference, invariants, and the text form. */
#include "fuzzcase.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

void js_case_start(const js_case *c, int l, void *state)
{
	const js_model *m = c->m;
	m->init(state, c->axis[l]);
	for (int i = 0; i < m->n_fields; i++)
		if (c->set[l] >> i & 1)
			js_field_set(&m->fields[i], state, c->val[l][i]);
	if (m->fuzz_fix)
		m->fuzz_fix(state);
}

/* ---- decoding ---- */

typedef struct rd {
	const uint8_t *p;
	size_t n, i;
} rd;

static unsigned rd8(rd *r)
{
	return r->i < r->n ? r->p[r->i++] : 0u;
}

static uint32_t rd32(rd *r)
{
	uint32_t v = 0;
	for (int k = 0; k < 4; k++)
		v = v << 8 | rd8(r);
	return v;
}

static uint64_t xs(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1DULL;
}

static double clampd(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* A value for axis a: an edge (min, max, default ends) or uniform over the range. */
static int32_t axis_value(const js_axis *ax, unsigned sel, uint32_t u)
{
	switch (sel & 7) {
	case 0: return ax->min;
	case 1: return ax->max;
	case 2: return ax->def_lo;
	case 3: return ax->def_hi;
	default: {
		uint64_t span = (uint64_t)((int64_t)ax->max - ax->min + 1);
		return (int32_t)(ax->min + (int64_t)(u % span));
	}
	}
}

/* A value for field f: an edge (min, max, 0, +-1, min+1, max-1) or uniform over the range. */
static double field_value(const js_field *f, unsigned sel, uint32_t u)
{
	double lo = f->min, hi = f->max;
	switch (sel & 15) {
	case 0: return lo;
	case 1: return hi;
	case 2: return clampd(0, lo, hi);
	case 3: return clampd(1, lo, hi);
	case 4: return clampd(-1, lo, hi);
	case 5: return f->type == JS_F_F32 ? lo : clampd(lo + 1, lo, hi);
	case 6: return f->type == JS_F_F32 ? hi : clampd(hi - 1, lo, hi);
	default:
		if (f->type == JS_F_F32) {
			float x = (float)(lo + (hi - lo) * (u / 4294967296.0));
			return clampd(x, lo, hi);
		}
		return lo + (double)((uint64_t)u % (uint64_t)(hi - lo + 1));
	}
}

static void decode_input(uint8_t *in, int n_frames, unsigned buttons, rd *r)
{
	int f = 0;
	while (f < n_frames) {
		unsigned b = rd8(r);
		int len = 1 + (int)(b >> 4) * (1 + (int)(b >> 7) * 3); /* 1..16, or up to 61 */
		for (int k = 0; k < len && f < n_frames; k++)
			in[f++] = (uint8_t)(b & buttons);
	}
}

void js_case_decode(js_case *c, const uint8_t *data, size_t n, const js_model *only)
{
	rd r = { data, n, 0 };
	memset(c, 0, sizeof *c);
	c->m = only ? only : js_models[rd8(&r) % (unsigned)js_n_models];
	const js_model *m = c->m;
	c->n_lanes = 1 + (int)(rd8(&r) % JS_BLOCK);
	unsigned fr = rd8(&r);
	c->n_frames = fr < 224 ? 1 + (int)(fr % 96) : 1 + (int)((rd8(&r) << 8 | rd8(&r)) % JS_CASE_FRAMES);
	for (int a = 0; a < m->n_axes; a++)
		c->axis[0][a] = axis_value(&m->axes[a], rd8(&r), rd32(&r));
	unsigned fsel = rd8(&r);
	uint32_t mask = (m->n_fields >= 32 ? ~0u : (1u << m->n_fields) - 1);
	c->set[0] = fsel < 48 ? 0 : fsel < 160 ? mask : (rd8(&r) << 8 | rd8(&r)) & mask;
	for (int i = 0; i < m->n_fields; i++)
		if (c->set[0] >> i & 1) {
			unsigned sel = rd8(&r);
			c->val[0][i] = field_value(&m->fields[i], sel, sel & 8 ? rd32(&r) : 0);
		}
	/* The other lanes vary lane 0 from a generator seeded by the bytes, so a group mixes
	 * similar lanes (the way a sweep's block does) with a few that differ. */
	uint64_t seed = 0x9E3779B97F4A7C15ULL ^ n;
	for (size_t i = 0; i < n; i++)
		seed = (seed ^ data[i]) * 0x100000001B3ULL;
	seed |= 1;
	size_t input_at = r.i;
	decode_input(c->input[0], c->n_frames, m->inputs, &r);
	for (int l = 1; l < c->n_lanes; l++) {
		memcpy(c->axis[l], c->axis[0], sizeof c->axis[0]);
		c->set[l] = c->set[0];
		memcpy(c->val[l], c->val[0], sizeof c->val[0]);
		memcpy(c->input[l], c->input[0], (size_t)c->n_frames);
		uint64_t x = xs(&seed);
		if ((x & 3) == 0 && m->n_axes) {
			int a = (int)((x >> 2) % (uint64_t)m->n_axes);
			c->axis[l][a] = axis_value(&m->axes[a], (unsigned)(x >> 8), (uint32_t)(x >> 32));
		}
		x = xs(&seed);
		if ((x & 1) && m->n_fields) {
			int i = (int)((x >> 1) % (uint64_t)m->n_fields);
			c->set[l] |= 1u << i;
			c->val[l][i] = field_value(&m->fields[i], (unsigned)(x >> 8), (uint32_t)(x >> 32));
		}
		x = xs(&seed);
		if (x & 1) { /* a different input stream: the same bytes read from another offset */
			rd r2 = { data, n, input_at + (size_t)((x >> 1) % 64) };
			decode_input(c->input[l], c->n_frames, m->inputs, &r2);
		} else if (x & 2) { /* one frame's buttons changed */
			int f = (int)((x >> 2) % (uint64_t)c->n_frames);
			c->input[l][f] = (uint8_t)((x >> 16) & m->inputs);
		}
	}
}

/* ---- the differential check ---- */

typedef struct acc_row {
	int64_t rise;
	int32_t apex, air;
	uint32_t flags;
} acc_row;

static acc_row row_of(const js_acc *a)
{
	js_acc f = *a;
	js_acc_finish(&f);
	return (acc_row){ f.rise, f.apex_frame, f.airtime, f.flags };
}

/* The differential check and the walk for breaks are the fuzz harness's own loops, not code
 * under test: in the libFuzzer build (clang, -fsanitize=fuzzer-no-link) their per-frame
 * comparisons and indirect calls would be traced on every iteration (a fifth of fuzz_model's
 * time) and guide nothing.  The references they call keep their coverage. */
#if defined(__clang__) && __clang_major__ >= 13
#define JS_HARNESS __attribute__((no_sanitize("coverage")))
#else
#define JS_HARNESS
#endif

/* One lane-kernel run of js_case_diff: k frames on one ISA path, compared with the reference
 * (ref: its accounting after every frame), and with a record (rec != NULL) each recorded count
 * too.  Returns 1 when the run recorded every lane (the counts need no runs of their own). */
typedef struct diff_run {
	const js_model *m;
	const js_case *c;
	const acc_row *ref;
	int nf, nl, words;
	uint32_t *const *all, *const *planes;
	const unsigned char *starts;
	int32_t (*ax)[JS_BLOCK];
	char *why;
	size_t n;
} diff_run;

/* The planes of a run of k frames (d->planes): the case's, with the bits of frames k.. cleared. */
JS_HARNESS static void mask_planes(const diff_run *d, int k)
{
	for (int b = 0; b < JS_N_BUTTONS; b++)
		for (int w = 0; w < d->words; w++) {
			int left = k - 32 * w; /* frames of word w within the run */
			uint32_t keep = left >= 32 ? ~0u : left > 0 ? (1u << left) - 1 : 0;
			for (int l = 0; l < JS_BLOCK; l++)
				d->planes[b][w * JS_BLOCK + l] = d->all[b][w * JS_BLOCK + l] & keep;
		}
}

/* The run itself, on the planes mask_planes made for k. */
JS_HARNESS static int diff_one(const diff_run *d, js_isa isa, int k, js_lane_record *rec, int *bad)
{
	int64_t rise[JS_BLOCK];
	int32_t apex[JS_BLOCK], air[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	js_lane_args args = { .n_lanes = d->nl, .n_frames = k, .rise = rise, .apex_frame = apex,
			      .airtime = air, .flags = flags, .start = d->starts, .record = rec };
	for (int a = 0; a < JS_MAX_AXES; a++)
		args.axis[a] = d->ax[a];
	for (int b = 0; b < JS_N_BUTTONS; b++)
		args.input[b] = d->planes[b];
	if (rec) {
		memset(rec->seen, 0, sizeof rec->seen);
		rec->lanes = 0;
	}
	d->m->lane[isa](&args);
	uint64_t want = d->nl >= 64 ? ~0ull : (1ull << d->nl) - 1;
	int rows = rec && (rec->lanes & want) == want ? rec->n : 0;
	for (int j = -1; j < rows; j++) { /* -1: the run's own results; j: the record's row */
		int kj = j < 0 ? k : rec->at[j];
		for (int l = 0; l < d->nl; l++) {
			const acc_row *r = &d->ref[(size_t)l * (size_t)d->nf + (size_t)(kj - 1)];
			int64_t ri = j < 0 ? rise[l] : rec->rise[j][l];
			int32_t ap = j < 0 ? apex[l] : rec->apex[j][l];
			int32_t ai = j < 0 ? air[l] : rec->air[j][l];
			uint32_t fl = j < 0 ? flags[l] : rec->flags[j][l];
			if (ri != r->rise || ap != r->apex || ai != r->air || fl != r->flags) {
				snprintf(d->why, d->n,
					 "%s %s lane %d after %d frames%s: rise %lld apex %d airtime %d "
					 "flags %#x; reference rise %lld apex %d airtime %d flags %#x",
					 d->m->id, js_isa_name(isa), l, kj, j < 0 ? "" : " (recorded)",
					 (long long)ri, ap, ai, fl, (long long)r->rise, r->apex, r->air,
					 r->flags);
				*bad = 1;
				return 0;
			}
		}
	}
	return rows > 0;
}

JS_HARNESS int js_case_diff(const js_case *c, char *why, size_t n)
{
	const js_model *m = c->m;
	size_t ss = m->state_size;
	int nf = c->n_frames, nl = c->n_lanes;
	_Alignas(64) unsigned char starts[JS_BLOCK * JS_STATE_MAX];
	_Alignas(64) unsigned char st[JS_STATE_MAX];
	for (int l = 0; l < JS_BLOCK; l++)
		js_case_start(c, l < nl ? l : nl - 1, starts + (size_t)l * ss);

	/* The reference's accounting after every frame. */
	acc_row *ref = malloc(sizeof *ref * (size_t)nl * (size_t)nf);
	if (!ref) {
		snprintf(why, n, "out of memory");
		return 1;
	}
	for (int l = 0; l < nl; l++) {
		js_acc a;
		js_obs o;
		memcpy(st, starts + (size_t)l * ss, ss);
		js_acc_init(&a);
		for (int f = 0; f < nf; f++) {
			if (!a.landed) {
				m->step(st, c->input[l][f]);
				m->observe(st, &o);
				js_acc_frame(&a, f, &o);
			}
			ref[(size_t)l * (size_t)nf + (size_t)f] = row_of(&a);
		}
	}

	/* Frame counts: 1..8, the last, and eight spread between. */
	int ks[24], nk = 0;
	for (int k = 1; k <= 8 && k <= nf; k++)
		ks[nk++] = k;
	for (int i = 1; i <= 8; i++) {
		int k = (int)((int64_t)nf * i / 8);
		if (k > 8 && (nk == 0 || ks[nk - 1] != k))
			ks[nk++] = k;
	}

	int32_t ax[JS_MAX_AXES][JS_BLOCK];
	for (int l = 0; l < JS_BLOCK; l++)
		for (int a = 0; a < JS_MAX_AXES; a++)
			ax[a][l] = c->axis[l < nl ? l : nl - 1][a];
	/* The input planes of all nf frames, packed once; a run of k frames gets them with the
	 * bits of frames k.. cleared (what js_pack_planes(input, k) gives: a kernel reads whole
	 * words, e.g. for the last jump press). */
	enum { WORDS = JS_CASE_FRAMES / 32 * JS_BLOCK };
	static uint32_t all_mem[JS_N_BUTTONS][WORDS], planes_mem[JS_N_BUTTONS][WORDS];
	uint32_t *all[JS_N_BUTTONS], *planes[JS_N_BUTTONS];
	int words = (nf + 31) >> 5;
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		all[b] = all_mem[b];
		planes[b] = planes_mem[b];
	}
	memset(planes_mem, 0, sizeof planes_mem); /* words past the run read as no press */
	for (int l = 0; l < nl; l++)
		js_pack_planes(c->input[l], nf, all, l);
	for (int b = 0; b < JS_N_BUTTONS; b++) /* lanes nl.. repeat lane nl-1 */
		for (int w = 0; w < words; w++)
			for (int l = nl; l < JS_BLOCK; l++)
				all[b][w * JS_BLOCK + l] = all[b][w * JS_BLOCK + nl - 1];
	static js_lane_record rec;
	rec.n = nk;
	memset(rec.idx, -1, (size_t)nf);
	for (int ki = 0; ki < nk; ki++) {
		rec.at[ki] = ks[ki];
		rec.idx[ks[ki] - 1] = (int8_t)ki;
	}
	diff_run d = { m, c, ref, nf, nl, words, all, planes, starts, ax, why, n };
	/* A recorded path's second run: one count before the last, chosen by the case (so runs of
	 * fewer frames than the case, their plane masks and early ends stay checked). */
	int extra = nk > 1 ? ks[(unsigned)(nf * 31 + nl * 7 + c->input[0][0]) % (unsigned)(nk - 1)] : 0;
	/* Each path first takes one run of all nf frames that records every checked count
	 * (model.h's js_lane_record); a path that does not record runs each count on its own.  The
	 * planes are masked once per count for all the paths that run it. */
	int bad = 0, paths = 0, recorded = 0;
	mask_planes(&d, nf);
	for (int isa = 0; isa < JS_ISA_COUNT && !bad; isa++)
		if (js_isa_available((js_isa)isa) && m->lane[isa]) {
			paths |= 1 << isa;
			recorded |= diff_one(&d, (js_isa)isa, nf, &rec, &bad) << isa;
		}
	for (int ki = 0; ki < nk - 1 && !bad; ki++) {
		int runs = ks[ki] == extra ? paths : paths & ~recorded;
		if (!runs)
			continue;
		mask_planes(&d, ks[ki]);
		for (int isa = 0; isa < JS_ISA_COUNT && !bad; isa++)
			if (runs >> isa & 1)
				diff_one(&d, (js_isa)isa, ks[ki], NULL, &bad);
	}
	free(ref);
	return bad;
}

/* ---- invariants ---- */

static int field_in_range(const js_field *f, const void *state, double *v)
{
	*v = js_field_get(f, state);
	if (f->type == JS_F_F32) /* a float may hold anything the game's arithmetic makes */
		return 1;
	return *v >= f->min && *v <= f->max;
}

JS_HARNESS int js_case_breaks(const js_case *c, int l, js_break *b)
{
	const js_model *m = c->m;
	_Alignas(64) unsigned char st[JS_STATE_MAX], prev[JS_STATE_MAX];
	memset(b, 0, sizeof *b);
	js_case_start(c, l, st);
	for (int f = 0; f < c->n_frames; f++) {
		memcpy(prev, st, m->state_size);
		m->step(st, c->input[l][f]);
		for (int i = 0; i < m->n_fields; i++) {
			double v;
			if (!field_in_range(&m->fields[i], st, &v)) {
				*b = (js_break){ JS_BREAK_RANGE, i, f, v };
				return b->kind;
			}
		}
		uint32_t bits = m->invariants ? m->invariants(prev, st, c->input[l][f]) : 0;
		if (bits) {
			*b = (js_break){ JS_BREAK_INVARIANT, __builtin_ctz(bits), f, 0 };
			return b->kind;
		}
	}
	if (m->land_bound > 0) {
		js_obs o;
		js_case_start(c, l, st);
		int landed = 0;
		for (int f = 0; f < m->land_bound && !landed; f++) {
			m->step(st, 0);
			m->observe(st, &o);
			landed = o.grounded;
		}
		if (!landed) {
			*b = (js_break){ JS_BREAK_LANDS, 0, m->land_bound - 1, 0 };
			return b->kind;
		}
	}
	return JS_BREAK_NONE;
}

const char *js_break_name(const js_model *m, const js_break *b, char *buf, size_t n)
{
	switch (b->kind) {
	case JS_BREAK_RANGE: snprintf(buf, n, "range:%s", m->fields[b->inv].name); break;
	case JS_BREAK_INVARIANT: snprintf(buf, n, "%s", m->inv_names[b->inv]); break;
	case JS_BREAK_LANDS: snprintf(buf, n, "lands"); break;
	default: snprintf(buf, n, "none"); break;
	}
	return buf;
}

/* ---- text form ---- */

void js_case_write(FILE *f, const js_case *c, int l, const js_break *b)
{
	const js_model *m = c->m;
	fprintf(f, "model %s\n", m->id);
	if (m->n_axes) {
		fprintf(f, "axes");
		for (int a = 0; a < m->n_axes; a++) {
			const js_axis *ax = &m->axes[a];
			if (ax->n_names)
				fprintf(f, " %s=%s", ax->name, ax->names[c->axis[l][a]]);
			else
				fprintf(f, " %s=%d", ax->name, c->axis[l][a]);
		}
		fprintf(f, "\n");
	}
	if (c->set[l]) {
		fprintf(f, "start");
		for (int i = 0; i < m->n_fields; i++)
			if (c->set[l] >> i & 1) {
				char v[64];
				js_field_format(&m->fields[i], c->val[l][i], v, sizeof v);
				fprintf(f, " %s=%s", m->fields[i].name, v);
			}
		fprintf(f, "\n");
	}
	fprintf(f, "frames %d\n", c->n_frames);
	char seq[8192];
	js_seq_format(c->input[l], c->n_frames, seq, sizeof seq);
	fprintf(f, "input %s\n", *seq ? seq : ".");
	if (b && b->kind != JS_BREAK_NONE) {
		char name[96];
		fprintf(f, "break %s %d\n", js_break_name(m, b, name, sizeof name), b->frame);
	}
}

static int parse_num(const char *s, double *v)
{
	char *end;
	errno = 0;
	*v = strtod(s, &end);
	return errno || end == s || *end || !isfinite(*v) ? -1 : 0;
}

int js_field_index(const js_model *m, const char *name, char *names, size_t n)
{
	for (int i = 0; i < m->n_fields; i++)
		if (strcmp(m->fields[i].name, name) == 0)
			return i;
	if (n)
		names[0] = 0;
	for (int k = 0; k < m->n_fields && n; k++) {
		strncat(names, k ? ", " : "", n - strlen(names) - 1);
		strncat(names, m->fields[k].name, n - strlen(names) - 1);
	}
	if (n && !*names)
		snprintf(names, n, "none");
	return -1;
}

int js_case_set_field(js_case *c, int l, const char *name, const char *val, char *err, size_t errn)
{
	const js_model *m = c->m;
	char list[512];
	int i = js_field_index(m, name, list, sizeof list);
	if (i < 0) {
		snprintf(err, errn, "model %s has no start field '%s' (fields: %s)", m->id, name, list);
		return -1;
	}
	const js_field *fd = &m->fields[i];
	double v;
	int bad = js_field_scan(fd, val, &v) != 0;
	if (!bad && fd->type == JS_F_F32 && fabs(v) <= 3.4028235677973366e38)
		v = (double)(float)v; /* 9 digits name a float32: -3.40282347e+38 is -FLT_MAX */
	if (bad || v < fd->min || v > fd->max || (fd->type != JS_F_F32 && v != floor(v))) {
		char lo[64], hi[64];
		js_field_format(fd, fd->min, lo, sizeof lo);
		js_field_format(fd, fd->max, hi, sizeof hi);
		snprintf(err, errn, "field %s: '%s' is not a value in %s..%s%s", name, val, lo, hi,
			 fd->value_names ? " (names: jumpsweep list MODEL)"
			 : fd->type != JS_F_F32 ? " (integers)" : "");
		return -1;
	}
	c->set[l] |= 1u << i;
	c->val[l][i] = v;
	return 0;
}

/* "name=value" words of a line into the case (axes or start fields). */
static int read_assignments(js_case *c, char *rest, int fields, const char *path, int line,
			    char *err, size_t errn)
{
	const js_model *m = c->m;
	for (char *w = strtok(rest, " \t"); w; w = strtok(NULL, " \t")) {
		char *eq = strchr(w, '=');
		if (!eq) {
			snprintf(err, errn, "%s:%d: '%s' is not NAME=VALUE", path, line, w);
			return -1;
		}
		*eq = 0;
		const char *name = w, *val = eq + 1;
		double v;
		if (!fields) {
			int a = js_axis_find(m, name);
			if (a < 0) {
				snprintf(err, errn, "%s:%d: model %s has no axis '%s'", path, line, m->id, name);
				return -1;
			}
			const js_axis *ax = &m->axes[a];
			int found = 0;
			for (int i = 0; i < ax->n_names; i++)
				if (strcmp(val, ax->names[i]) == 0)
					found = 1, v = i;
			for (int i = 0; i < JS_MAX_AXIS_VALUES && ax->values[i].name; i++)
				if (strcmp(val, ax->values[i].name) == 0) /* the game's named values */
					found = 1, v = ax->values[i].value;
			if (!found &&
			    (parse_num(val, &v) != 0 || v != floor(v) || v < ax->min || v > ax->max)) {
				snprintf(err, errn, "%s:%d: axis %s: '%s' is not a value in %d..%d", path, line,
					 name, val, ax->min, ax->max);
				return -1;
			}
			c->axis[0][a] = (int32_t)v;
		} else {
			char e[512];
			if (js_case_set_field(c, 0, name, val, e, sizeof e) != 0) {
				snprintf(err, errn, "%s:%d: %s", path, line, e);
				return -1;
			}
		}
	}
	return 0;
}

int js_case_read(const char *path, js_case *c, js_break *brk, char *err, size_t errn)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errn, "cannot read '%s': %s", path, strerror(errno));
		return -1;
	}
	int rc = js_case_parse(f, path, c, brk, err, errn);
	fclose(f);
	return rc;
}

int js_case_parse(FILE *f, const char *path, js_case *c, js_break *brk, char *err, size_t errn)
{
	memset(c, 0, sizeof *c);
	if (brk)
		memset(brk, 0, sizeof *brk);
	c->n_lanes = 1;
	char *line = NULL, *seq = NULL, *brk_text = NULL;
	size_t cap = 0;
	ssize_t len;
	int ln = 0, rc = -1;
	while ((len = getline(&line, &cap, f)) >= 0) {
		ln++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = 0;
		char *p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '#')
			continue;
		char *sp = strpbrk(p, " \t");
		char *rest = sp ? sp + 1 : p + strlen(p);
		if (sp)
			*sp = 0;
		if (strcmp(p, "model") == 0) {
			if (c->m) { /* a second model would inherit the first one's axes and fields */
				snprintf(err, errn, "%s:%d: a second 'model' line (one case per file)", path, ln);
				goto out;
			}
			c->m = js_model_find(rest);
			if (!c->m) {
				snprintf(err, errn, "%s:%d: unknown model '%s'", path, ln, rest);
				goto out;
			}
			for (int a = 0; a < c->m->n_axes; a++)
				c->axis[0][a] = c->m->axes[a].def_lo;
		} else if (!c->m) {
			snprintf(err, errn, "%s:%d: the first line must be 'model ID'", path, ln);
			goto out;
		} else if (strcmp(p, "axes") == 0 || strcmp(p, "start") == 0) {
			if (read_assignments(c, rest, p[0] == 's', path, ln, err, errn) != 0)
				goto out;
		} else if (strcmp(p, "frames") == 0) {
			double v;
			if (parse_num(rest, &v) != 0 || v != floor(v) || v < 1 || v > JS_CASE_FRAMES) {
				snprintf(err, errn, "%s:%d: frames must be 1..%d", path, ln, JS_CASE_FRAMES);
				goto out;
			}
			c->n_frames = (int)v;
		} else if (strcmp(p, "input") == 0) {
			free(seq);
			seq = strdup(rest);
		} else if (strcmp(p, "break") == 0) {
			free(brk_text);
			brk_text = strdup(rest);
		} else {
			snprintf(err, errn, "%s:%d: unknown key '%s' (model, axes, start, frames, input, break)",
				 path, ln, p);
			goto out;
		}
	}
	if (!c->m) {
		snprintf(err, errn, "%s: no 'model' line", path);
		goto out;
	}
	if (!c->n_frames) {
		snprintf(err, errn, "%s: no 'frames' line", path);
		goto out;
	}
	if (seq) {
		char e[1024];
		int n = 0;
		if (js_seq_parse(seq, c->input[0], c->n_frames, &n, e, sizeof e) != 0) {
			snprintf(err, errn, "%s: %s", path, e);
			goto out;
		}
		if (js_seq_buttons(c->m, c->input[0], n, e, sizeof e) != 0) { /* only the model's own */
			snprintf(err, errn, "%s: input %s", path, e);
			goto out;
		}
	}
	if (brk_text && brk) {
		char name[96];
		int frame;
		if (sscanf(brk_text, "%95s %d", name, &frame) != 2) {
			snprintf(err, errn, "%s: 'break' needs a name and a frame", path);
			goto out;
		}
		brk->frame = frame;
		if (strcmp(name, "lands") == 0) {
			brk->kind = JS_BREAK_LANDS;
		} else if (strncmp(name, "range:", 6) == 0) {
			brk->kind = JS_BREAK_RANGE;
			for (int i = 0; i < c->m->n_fields; i++)
				if (strcmp(c->m->fields[i].name, name + 6) == 0)
					brk->inv = i;
		} else {
			brk->kind = -1;
			for (int i = 0; i < JS_MAX_INVARIANTS; i++)
				if (c->m->inv_names[i] && strcmp(c->m->inv_names[i], name) == 0) {
					brk->kind = JS_BREAK_INVARIANT;
					brk->inv = i;
				}
			if (brk->kind < 0) {
				snprintf(err, errn, "%s: model %s has no invariant '%s'", path, c->m->id, name);
				goto out;
			}
		}
	}
	rc = 0;
out:
	if (rc != 0)
		js_oneline(err); /* the file's text quoted in a message */
	free(line);
	free(seq);
	free(brk_text);
	return rc;
}
