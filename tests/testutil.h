/* tests/testutil.h - helpers shared by the Criterion tests: running one jump through the
 * reference, frame by frame, and checking every lane-kernel path against the reference. */
#ifndef JS_TESTUTIL_H
#define JS_TESTUTIL_H

#include <criterion/criterion.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "sweep.h"
#include "fuzzcase.h"

/* Deterministic generator for random-input tests (xorshift64*). */
static inline uint64_t tu_rand(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1DULL;
}

/* Hold pattern: jump held on frames 0..h-1, extra bits on every frame. */
static inline void tu_hold(uint8_t *in, int n_frames, int h, unsigned extra)
{
	for (int f = 0; f < n_frames; f++)
		in[f] = (uint8_t)((f < h ? JS_IN_JUMP : 0) | extra);
}

/* Runs the reference for a hold of h and returns the accounting. */
static inline js_acc tu_ref_hold(const js_model *m, const int32_t *axes, int h, unsigned extra,
				 int n_frames)
{
	uint8_t *in = malloc((size_t)n_frames);
	tu_hold(in, n_frames, h, extra);
	js_acc a;
	js_reference_run(m, axes, in, n_frames, &a);
	free(in);
	return a;
}

/* Steps the reference and records height and grounded for frames 0..n-1. */
static inline void tu_ref_heights(const js_model *m, const int32_t *axes, const uint8_t *in,
				  int n, int64_t *height, int *grounded)
{
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	js_obs o;
	m->init(st, axes);
	for (int f = 0; f < n; f++) {
		m->step(st, in[f]);
		m->observe(st, &o);
		height[f] = o.height;
		if (grounded)
			grounded[f] = o.grounded;
	}
}

/* Runs n lanes (axes: [n][n_axes], inputs: [n][n_frames]) through the reference and through the
 * lane kernel on every ISA this machine has, and asserts all results are identical.  Returns the
 * number of ISA paths checked. */
static inline int tu_check_lanes(const js_model *m, size_t n, const int32_t *axes,
				 const uint8_t *inputs, int n_frames)
{
	int paths = 0;
	int32_t *ax[JS_MAX_AXES];
	for (int a = 0; a < JS_MAX_AXES; a++)
		ax[a] = calloc(JS_BLOCK, sizeof(int32_t));
	size_t words = (size_t)(n_frames + 31) / 32;
	uint32_t *planes_mem = calloc(words * JS_BLOCK * JS_N_BUTTONS, sizeof(uint32_t));
	uint32_t *planes[JS_N_BUTTONS];
	for (int k = 0; k < JS_N_BUTTONS; k++)
		planes[k] = planes_mem + (size_t)k * words * JS_BLOCK;
	int64_t rise[JS_BLOCK];
	int32_t apex[JS_BLOCK], air[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	for (int isa = 0; isa < JS_ISA_COUNT; isa++) {
		if (!js_isa_available((js_isa)isa) || !m->lane[isa])
			continue;
		paths++;
		for (size_t b = 0; b < n; b += JS_BLOCK) {
			int nl = (int)(n - b < JS_BLOCK ? n - b : JS_BLOCK);
			for (int l = 0; l < JS_BLOCK; l++) {
				size_t src = b + (size_t)(l < nl ? l : nl - 1);
				for (int a = 0; a < m->n_axes; a++)
					ax[a][l] = axes[src * (size_t)m->n_axes + (size_t)a];
				js_pack_planes(inputs + src * (size_t)n_frames, n_frames, planes, l);
			}
			js_lane_args args = { .n_lanes = nl, .n_frames = n_frames, .rise = rise,
					      .apex_frame = apex, .airtime = air, .flags = flags };
			for (int a = 0; a < JS_MAX_AXES; a++)
				args.axis[a] = ax[a];
			for (int k = 0; k < JS_N_BUTTONS; k++)
				args.input[k] = planes[k];
			/* poisoned: a lane the kernel leaves unwritten fails, whatever an
			 * earlier path or block left there */
			for (int l = 0; l < JS_BLOCK; l++) {
				rise[l] = INT64_MIN;
				apex[l] = air[l] = INT32_MIN;
				flags[l] = 0xdeadbeefu;
			}
			m->lane[isa](&args);
			for (int l = 0; l < nl; l++) {
				js_acc ref;
				js_reference_run(m, axes + (b + (size_t)l) * (size_t)m->n_axes,
						 inputs + (b + (size_t)l) * (size_t)n_frames, n_frames, &ref);
				cr_assert_eq(rise[l], ref.rise, "%s %s lane %zu: rise %lld, reference %lld",
					     m->id, js_isa_name((js_isa)isa), b + (size_t)l, (long long)rise[l],
					     (long long)ref.rise);
				cr_assert_eq(apex[l], ref.apex_frame, "%s %s lane %zu: apex frame %d vs %d",
					     m->id, js_isa_name((js_isa)isa), b + (size_t)l, apex[l], ref.apex_frame);
				cr_assert_eq(air[l], ref.airtime, "%s %s lane %zu: airtime %d vs %d", m->id,
					     js_isa_name((js_isa)isa), b + (size_t)l, air[l], ref.airtime);
				cr_assert_eq(flags[l], ref.flags, "%s %s lane %zu: flags %#x vs %#x", m->id,
					     js_isa_name((js_isa)isa), b + (size_t)l, flags[l], ref.flags);
			}
		}
	}
	for (int a = 0; a < JS_MAX_AXES; a++)
		free(ax[a]);
	free(planes_mem);
	return paths;
}

/* The model with this id (the test fails if there is none). */
static inline const js_model *tu_model(const char *id)
{
	const js_model *m = js_model_find(id);
	cr_assert_not_null(m, "model %s is in kernels/models.def", id);
	return m;
}

/* Steps the reference through in[0..n-1] and stores, after each frame f, the values of the
 * named trace columns (comma-separated: the model's trace_header names, or the generic
 * height_sub, grounded, flags) in out[f * ncols + k].  Returns ncols. */
/* Trace column k's cell text p (up to ',') when it is a name: the value of the state field of the
 * same name whose value_names hold it (sm64's action column prints include/sm64.h names). */
static inline double tu_named_cell(const js_model *m, int k, const char *p)
{
	const char *h = m->trace_header;
	for (int i = 0; i < k && h; i++)
		h = strchr(h, ',') ? strchr(h, ',') + 1 : NULL;
	char col[64], cell[64];
	snprintf(col, sizeof col, "%.*s", h ? (int)strcspn(h, ",") : 0, h ? h : "");
	snprintf(cell, sizeof cell, "%.*s", (int)strcspn(p, ","), p);
	for (int i = 0; i < m->n_fields; i++) {
		double v;
		if (m->fields[i].value_names && !strcmp(m->fields[i].name, col) &&
		    js_field_scan(&m->fields[i], cell, &v) == 0)
			return v;
	}
	cr_assert_fail("%s: trace column %s holds '%s', not a number or a value name", m->id, col, cell);
	return 0;
}

static inline int tu_trace(const js_model *m, const int32_t *axes, const uint8_t *in, int n,
			   const char *cols, double *out)
{
	char hdr[512], names[512], row[512];
	snprintf(hdr, sizeof hdr, "%s", m->trace_header);
	snprintf(names, sizeof names, "%s", cols);
	/* which field of the trace row each wanted column is (-1 height_sub, -2 grounded, -3 flags) */
	int idx[16], ncols = 0;
	for (char *tok = strtok(names, ","); tok && ncols < 16; tok = strtok(NULL, ",")) {
		int k = -100;
		if (!strcmp(tok, "height_sub"))
			k = -1;
		else if (!strcmp(tok, "grounded"))
			k = -2;
		else if (!strcmp(tok, "flags"))
			k = -3;
		else {
			char h2[512];
			snprintf(h2, sizeof h2, "%s", hdr);
			char *save = NULL;
			int j = 0;
			for (char *t = strtok_r(h2, ",", &save); t; t = strtok_r(NULL, ",", &save), j++)
				if (!strcmp(t, tok))
					k = j;
		}
		cr_assert_neq(k, -100, "%s has no trace column '%s' (%s)", m->id, tok, m->trace_header);
		idx[ncols++] = k;
	}
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	js_obs o;
	m->init(st, axes);
	for (int f = 0; f < n; f++) {
		m->step(st, in[f]);
		m->observe(st, &o);
		m->trace_row(st, row, sizeof row);
		double field[64];
		int nf = 0;
		for (char *p = row; nf < 64;) {
			char *end;
			field[nf] = strtod(p, &end);
			if (end == p) /* a named value (sm64's action): the field's index of the name */
				field[nf] = tu_named_cell(m, nf, p);
			nf++;
			p = strchr(p, ',');
			if (!p)
				break;
			p++;
		}
		for (int k = 0; k < ncols; k++) {
			double v = idx[k] == -1 ? (double)o.height : idx[k] == -2 ? o.grounded
				 : idx[k] == -3 ? (double)o.flags : field[idx[k]];
			cr_assert(idx[k] < nf, "%s: trace row '%s' is short", m->id, row);
			out[(size_t)f * (size_t)ncols + (size_t)k] = v;
		}
	}
	return ncols;
}

/* One struct member that tu_rows fills from a trace column (any name tu_trace takes). */
typedef struct tu_field {
	const char *col;
	size_t off, size;
} tu_field;
#define TU_FIELD(type, member, col) { (col), offsetof(type, member), sizeof(((type *)0)->member) }

/* Steps the reference through in[0..n-1] and fills rows[f] (row_size bytes each) after each
 * frame f: every field's integer member (1, 2, 4 or 8 bytes, signed or not) from its column. */
static inline void tu_rows(const js_model *m, const int32_t *axes, const uint8_t *in, int n,
			   const tu_field *fields, int n_fields, void *rows, size_t row_size)
{
	char cols[512] = "";
	for (int k = 0; k < n_fields; k++)
		snprintf(cols + strlen(cols), sizeof cols - strlen(cols), "%s%s", k ? "," : "",
			 fields[k].col);
	double *v = malloc((size_t)(n > 0 ? n : 1) * (size_t)n_fields * sizeof *v);
	cr_assert_not_null(v);
	tu_trace(m, axes, in, n, cols, v);
	for (int f = 0; f < n; f++)
		for (int k = 0; k < n_fields; k++) {
			unsigned char *p = (unsigned char *)rows + (size_t)f * row_size + fields[k].off;
			int64_t x = (int64_t)v[(size_t)f * (size_t)n_fields + (size_t)k];
			uint8_t u8 = (uint8_t)x;
			uint16_t u16 = (uint16_t)x;
			uint32_t u32 = (uint32_t)x;
			uint64_t u64 = (uint64_t)x;
			memcpy(p, fields[k].size == 1 ? (void *)&u8 : fields[k].size == 2 ? (void *)&u16
				  : fields[k].size == 4 ? (void *)&u32 : (void *)&u64, fields[k].size);
		}
	free(v);
}
#define TU_ROWS(m, axes, in, n, fields, rows) \
	tu_rows((m), (axes), (in), (n), (fields), (int)(sizeof(fields) / sizeof((fields)[0])), (rows), \
		sizeof *(rows))

/* Random lanes for lane == reference checks: axis values uniform over each axis's whole range;
 * inputs on the buttons the model reads: TU_HOLDS (jump held 0..max_hold-1 frames, other
 * buttons random per lane), TU_RANDOM (every button random every frame), TU_SPARSE (presses on
 * about one frame in eight).  Runs them through tu_check_lanes; returns the ISA paths checked. */
enum { TU_HOLDS, TU_RANDOM, TU_SPARSE };
static inline int tu_check_random_lanes(const js_model *m, size_t n, int n_frames, uint64_t seed,
					int mode, int max_hold)
{
	int32_t *ax = malloc(n * (size_t)(m->n_axes ? m->n_axes : 1) * sizeof *ax);
	uint8_t *in = malloc(n * (size_t)n_frames);
	cr_assert(ax && in);
	for (size_t i = 0; i < n; i++) {
		for (int a = 0; a < m->n_axes; a++) {
			uint64_t span = (uint64_t)((int64_t)m->axes[a].max - m->axes[a].min + 1);
			ax[i * (size_t)m->n_axes + (size_t)a] = (int32_t)(m->axes[a].min + (int64_t)(tu_rand(&seed) % span));
		}
		int h = (int)(tu_rand(&seed) % (uint64_t)(max_hold > 0 ? max_hold : 1));
		unsigned held = (unsigned)tu_rand(&seed) & m->inputs & ~(unsigned)JS_IN_JUMP;
		for (int f = 0; f < n_frames; f++) {
			unsigned b;
			if (mode == TU_HOLDS)
				b = (f < h ? JS_IN_JUMP : 0) | held;
			else if (mode == TU_RANDOM)
				b = (unsigned)tu_rand(&seed) & m->inputs;
			else
				b = (tu_rand(&seed) % 8) == 0 ? (unsigned)tu_rand(&seed) & m->inputs : 0;
			in[i * (size_t)n_frames + (size_t)f] = (uint8_t)b;
		}
	}
	int paths = tu_check_lanes(m, n, ax, in, n_frames);
	cr_assert_geq(paths, 1);
	free(ax);
	free(in);
	return paths;
}

/* A grid of model m (axis arguments as the CLI's, hold a range) swept by the engine on every ISA
 * path, 3 threads first, then 1, each equal to the reference lane for lane: a kernel's tables
 * made on demand by the sweep's threads (a block whose part another thread is making steps
 * meanwhile) give what stepping gives.  label names the grid in a failure. */
static inline void tu_check_grid_threads(const js_model *m, const char *const *axis_args,
					 int n_axis_args, const char *hold, const char *label)
{
	js_grid g;
	char err[256];
	cr_assert_eq(js_grid_build(&g, m, &(js_grid_spec){ .axis_args = axis_args,
							   .n_axis_args = n_axis_args, .hold = hold },
				   err, sizeof err),
		     0, "%s", err);
	const size_t n = js_grid_lanes(&g);
	js_result want, got;
	cr_assert_eq(js_result_alloc(&want, n), 0);
	cr_assert_eq(js_result_alloc(&got, n), 0);
	js_sweep_run(&g, &(js_run_opts){ .reference = 1, .threads = 1 }, &want);
	int paths = 0;
	for (int isa = 0; isa < JS_ISA_COUNT; isa++) {
		if (!js_isa_available((js_isa)isa) || !m->lane[isa])
			continue;
		paths++;
		for (int threads = 3; threads >= 1; threads -= 2) {
			js_sweep_run(&g, &(js_run_opts){ .isa = (js_isa)isa, .threads = threads }, &got);
			for (size_t i = 0; i < n; i++)
				cr_assert(got.rise[i] == want.rise[i] &&
						  got.apex_frame[i] == want.apex_frame[i] &&
						  got.airtime[i] == want.airtime[i] &&
						  got.flags[i] == want.flags[i],
					  "%s %s, isa %d, %d threads, lane %zu: %lld/%d/%d/%#x, "
					  "reference %lld/%d/%d/%#x",
					  m->id, label, isa, threads, i, (long long)got.rise[i],
					  got.apex_frame[i], got.airtime[i], got.flags[i],
					  (long long)want.rise[i], want.apex_frame[i], want.airtime[i],
					  want.flags[i]);
		}
	}
	cr_expect_geq(paths, 1);
	js_result_free(&want);
	js_result_free(&got);
	js_grid_free_seqs(&g);
}

/* ---- hand-made fuzz cases (sweep/engine/fuzzcase.h) ---- */

/* A one-lane case of model id with every axis at its low default and n_frames without input. */
static inline void tu_case(js_case *c, const char *id, int n_frames)
{
	memset(c, 0, sizeof *c);
	c->m = tu_model(id);
	c->n_lanes = 1;
	c->n_frames = n_frames;
	for (int a = 0; a < c->m->n_axes; a++)
		c->axis[0][a] = c->m->axes[a].def_lo;
}

/* Sets lane 0's start field name to v. */
static inline void tu_case_set(js_case *c, const char *name, double v)
{
	for (int i = 0; i < c->m->n_fields; i++)
		if (strcmp(c->m->fields[i].name, name) == 0) {
			c->set[0] |= 1u << i;
			c->val[0][i] = v;
			return;
		}
	cr_assert_fail("%s has no field %s", c->m->id, name);
}

/* The index of invariant name in m->inv_names. */
static inline int tu_inv(const js_model *m, const char *name)
{
	for (int i = 0; i < JS_MAX_INVARIANTS; i++)
		if (m->inv_names[i] && strcmp(m->inv_names[i], name) == 0)
			return i;
	cr_assert_fail("%s has no invariant %s", m->id, name);
	return -1;
}

/* The first break lane 0 shows, and the lane kernels agreeing with the reference from it. */
static inline js_break tu_case_breaks(const js_case *c)
{
	js_break b;
	js_case_breaks(c, 0, &b);
	char why[512];
	cr_expect_eq(js_case_diff(c, why, sizeof why), 0, "%s", why);
	return b;
}

/* The reference's trace row after n steps of lane 0's input from its start. */
static inline void tu_case_row_after(const js_case *c, int n, char *row, size_t size)
{
	_Alignas(64) unsigned char st[JS_STATE_MAX];
	js_case_start(c, 0, st);
	for (int f = 0; f < n; f++)
		c->m->step(st, c->input[0][f]);
	c->m->trace_row(st, row, size);
}

/* Random start states (model.h: js_field, js_lane_args.start): n cases of up to JS_BLOCK lanes,
 * each decoded from random bytes exactly as the differential fuzzer (fuzz/) decodes its input -
 * axis values, the model's fields set within their ranges (edges often), fuzz_fix, random inputs
 * - with the frame limit n_frames (1..JS_CASE_FRAMES), and checked lane == reference on every ISA
 * path after frames 1..8, the last and a spread between (js_case_diff).  Returns the number of
 * cases whose lanes started from at least one set field. */
static inline int tu_check_random_starts(const js_model *m, size_t n, int n_frames, uint64_t seed)
{
	js_case *c = malloc(sizeof *c);
	cr_assert(c);
	int with_fields = 0;
	for (size_t i = 0; i < n; i++) {
		uint8_t bytes[1024];
		for (size_t k = 0; k < sizeof bytes; k++)
			bytes[k] = (uint8_t)(tu_rand(&seed) >> 56);
		js_case_decode(c, bytes, sizeof bytes, m);
		c->n_frames = n_frames;
		for (int l = 0; l < c->n_lanes; l++)
			for (int f = 0; f < n_frames; f++)
				c->input[l][f] = (uint8_t)((tu_rand(&seed) % 4 == 0 ? tu_rand(&seed) : 0) & m->inputs);
		with_fields += c->set[0] != 0;
		char why[512];
		int bad = js_case_diff(c, why, sizeof why);
		cr_assert_eq(bad, 0, "case %zu: %s", i, why);
	}
	free(c);
	return with_fields;
}

#endif
