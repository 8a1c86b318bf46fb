/* sweep/engine/claims.c - the claims files (claims/<game>.json, docs/claims.md) run against the
 * models: reading them, running their checks, and the report (text, json, tap) that
 * `jumpsweep check` (sweep/commands/check.c) prints and the Python package's check() reads.
 *
 * Every file is read and validated in full before anything runs, so a bad file (exit 2, one line
 * naming the file, the claim and the field) never leaves half a report.  Each check then runs the
 * model's scalar reference through the model contract only (init / step / observe / trace_row,
 * js_reference_run); a check that measures a whole jump also runs the lane kernel on every ISA
 * path this machine has, one block of identical lanes, and fails if any lane of any path
 * disagrees with the reference.  Exit 0 when every claim passes, 1 when any fails. */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "claims.h"
#include "fuzzcase.h"
#include "sweep.h"

#define CK_EXIT_FAIL 1
#define CK_EXIT_USAGE 2
#define CK_MAX_COLS 64

/* ---- errors ---- */

/* js_claims_validate and js_claims_check catch errors here: the library never exits. */
static jmp_buf *ck_catch;
static FILE *ck_out; /* the report */
static char ck_caught[1024];

static _Noreturn void ck_die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ck_caught, sizeof ck_caught, fmt, ap);
	va_end(ap);
	js_oneline(ck_caught); /* a file's text quoted in the message may hold newlines */
	if (ck_catch)
		longjmp(*ck_catch, 1);
	fprintf(stderr, "jumpsweep: %s\n", ck_caught);
	exit(CK_EXIT_USAGE);
}

static void *ck_alloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);
	if (!p)
		ck_die("out of memory");
	return p;
}

static char *ck_strdup(const char *s)
{
	char *p = ck_alloc(strlen(s) + 1);
	memcpy(p, s, strlen(s) + 1);
	return p;
}

/* Where a claims-file error is: the file, the claim (id, or its index when it has none), the
 * check (1-based, 0 for claim fields). */
typedef struct ck_where {
	const char *file;
	const char *claim_id;
	int claim_index;
	int check;
} ck_where;

/* One line: "FILE: claim ID, check N, field 'F': message". */
static _Noreturn void ck_bad(const ck_where *w, const char *field, const char *fmt, ...)
{
	char msg[1024], claim[300] = "";
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (w->claim_id)
		snprintf(claim, sizeof claim, "claim %s, ", w->claim_id);
	else if (w->claim_index > 0)
		snprintf(claim, sizeof claim, "claim #%d (no id), ", w->claim_index);
	char check[32] = "";
	if (w->check > 0)
		snprintf(check, sizeof check, "check %d, ", w->check);
	ck_die("%s: %s%sfield '%s': %s", w->file, claim, check, field, msg);
}

/* ---- claims in memory ---- */

enum {
	M_RISE,
	M_RISE_UNITS,
	M_APEX_FRAME,
	M_AIRTIME,
	M_COLUMN,
	M_COLUMN_STEP,
	M_COLUMN_SERIES,
	M_COLUMN_MAX,
	M_COLUMN_MIN,
	M_FLAG,
	M_COUNT
};
static const char *const measure_names[M_COUNT] = {
	"rise",        "rise_units",    "apex_frame", "airtime",    "column",
	"column_step", "column_series", "column_max", "column_min", "flag",
};

/* The generic trace columns (sweep/engine/trace.c), before the model's own. */
enum { COL_HEIGHT_SUB, COL_HEIGHT, COL_GROUNDED, COL_FLAGS, COL_GENERIC };
static const char *const generic_cols[COL_GENERIC] = { "height_sub", "height", "grounded", "flags" };

static int measure_whole_jump(int m)
{
	return m == M_RISE || m == M_RISE_UNITS || m == M_APEX_FRAME || m == M_AIRTIME ||
	       m == M_COLUMN_MAX || m == M_COLUMN_MIN || m == M_FLAG;
}

static int measure_uses_column(int m)
{
	return m == M_COLUMN || m == M_COLUMN_STEP || m == M_COLUMN_SERIES || m == M_COLUMN_MAX ||
	       m == M_COLUMN_MIN;
}

typedef struct ck_check {
	const js_model *m;
	int32_t ax[JS_MAX_AXES];
	uint8_t *input;     /* [n_frames], input axes' buttons included */
	int n_frames;
	int has_start;      /* "start": the reference state init + fields + fuzz_fix */
	_Alignas(16) unsigned char start[JS_STATE_MAX];
	char input_text[96]; /* "hold 40" / "seq J10.5J3" */
	int measure;
	int col;            /* column index: generic first, then the model's */
	char col_name[64];
	int frame, from, to;
	int flag_bit;
	double *expect;     /* 1 value, or to - from + 1 for column_series; flag: 0 / 1 */
	int n_expect;
	double tol;
} ck_check;

typedef struct ck_claim {
	char *id, *file, *status, *sentence, *seed;
	ck_check *checks;
	int n_checks;
	int selected;
} ck_claim;

typedef struct ck_set {
	ck_claim *claims;
	int n, cap;
} ck_set;

/* ---- the model's trace columns ---- */

typedef struct ck_cols {
	int n; /* generic + model */
	char names[CK_MAX_COLS][64];
} ck_cols;

/* The state field behind a trace column that prints a named value (js_field.value_names: sm64's
 * action), or NULL: such a column is measured, expected and reported by name. */
static const js_field *named_field(const js_model *m, const char *col)
{
	for (int i = 0; i < m->n_fields; i++)
		if (m->fields[i].value_names && strcmp(m->fields[i].name, col) == 0)
			return &m->fields[i];
	return NULL;
}

/* The name of trace column k (k >= COL_GENERIC) of model m. */
static void col_name_at(const js_model *m, int k, char *buf, size_t n)
{
	const char *h = m->trace_header;
	for (int i = COL_GENERIC; i < k && h; i++)
		h = strchr(h, ',') ? strchr(h, ',') + 1 : NULL;
	snprintf(buf, n, "%.*s", h ? (int)strcspn(h, ",") : 0, h ? h : "");
}

static void model_cols(const js_model *m, ck_cols *c)
{
	c->n = 0;
	for (int i = 0; i < COL_GENERIC; i++)
		snprintf(c->names[c->n++], sizeof c->names[0], "%s", generic_cols[i]);
	const char *p = m->trace_header;
	while (p && *p && c->n < CK_MAX_COLS) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		snprintf(c->names[c->n++], sizeof c->names[0], "%.*s", (int)len, p);
		p = e ? e + 1 : p + len;
	}
}

static int col_find(const ck_cols *c, const char *name)
{
	for (int i = 0; i < c->n; i++)
		if (strcmp(c->names[i], name) == 0)
			return i;
	return -1;
}

static void col_list(const ck_cols *c, char *buf, size_t n)
{
	buf[0] = 0;
	for (int i = 0; i < c->n; i++) {
		strncat(buf, i ? ", " : "", n - strlen(buf) - 1);
		strncat(buf, c->names[i], n - strlen(buf) - 1);
	}
}

/* ---- reading a claims file ---- */

static int key_in(const char *key, const char *const *allowed)
{
	for (; *allowed; allowed++)
		if (strcmp(key, *allowed) == 0)
			return 1;
	return 0;
}

static void check_keys(const ck_where *w, json_t *obj, const char *const *allowed, const char *what)
{
	const char *key;
	json_t *v;
	json_object_foreach(obj, key, v) {
		(void)v;
		if (!key_in(key, allowed))
			ck_bad(w, key, "unknown field in %s (misspelt?)", what);
	}
}

static const char *need_string(const ck_where *w, json_t *obj, const char *field, int required)
{
	json_t *v = json_object_get(obj, field);
	if (!v) {
		if (required)
			ck_bad(w, field, "missing (required)");
		return NULL;
	}
	if (!json_is_string(v))
		ck_bad(w, field, "must be a string");
	if (!*json_string_value(v))
		ck_bad(w, field, "must not be empty");
	return json_string_value(v);
}

/* An integer written as "0x70", "$70", "-0x680" or "-$680". */
static int parse_hex(const char *s, int64_t *out)
{
	int neg = 0;
	if (*s == '-') {
		neg = 1;
		s++;
	}
	if (s[0] == '$')
		s += 1;
	else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	else
		return -1;
	if (!*s)
		return -1;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 16);
	if (errno || *end || v > (unsigned long long)INT64_MAX)
		return -1;
	*out = neg ? -(int64_t)v : (int64_t)v;
	return 0;
}

/* A number: a JSON number or a hex string. */
static double need_number(const ck_where *w, json_t *v, const char *field)
{
	if (json_is_integer(v))
		return (double)json_integer_value(v);
	if (json_is_real(v))
		return json_real_value(v);
	if (json_is_string(v)) {
		int64_t x;
		if (parse_hex(json_string_value(v), &x) != 0)
			ck_bad(w, field, "\"%s\" is not a hex integer (write \"0x70\" or \"$70\")",
			       json_string_value(v));
		return (double)x;
	}
	ck_bad(w, field, "must be a number (or a hex string \"0x70\" / \"$70\")");
}

static int need_int(const ck_where *w, json_t *obj, const char *field, int required, int lo, int hi,
		    int def)
{
	json_t *v = json_object_get(obj, field);
	if (!v) {
		if (required)
			ck_bad(w, field, "missing (required)");
		return def;
	}
	if (!json_is_integer(v))
		ck_bad(w, field, "must be an integer");
	json_int_t x = json_integer_value(v);
	if (x < lo || x > hi)
		ck_bad(w, field, "%lld is outside %d..%d", (long long)x, lo, hi);
	return (int)x;
}

static void read_axes(const ck_where *w, json_t *obj, ck_check *c)
{
	const js_model *m = c->m;
	for (int a = 0; a < m->n_axes; a++)
		c->ax[a] = m->axes[a].def_lo;
	json_t *axes = json_object_get(obj, "axes");
	if (!axes)
		return;
	if (!json_is_object(axes))
		ck_bad(w, "axes", "must be an object of axis values by name");
	const char *key;
	json_t *v;
	json_object_foreach(axes, key, v) {
		char field[96];
		snprintf(field, sizeof field, "axes.%s", key);
		int a = js_axis_find(m, key);
		if (a < 0) {
			char list[256] = "";
			for (int i = 0; i < m->n_axes; i++) {
				strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
				strncat(list, m->axes[i].name, sizeof list - strlen(list) - 1);
			}
			ck_bad(w, field, "model %s has no axis '%s' (axes: %s)", m->id, key, list);
		}
		const js_axis *ax = &m->axes[a];
		int64_t x;
		if (json_is_string(v) && ax->n_names) {
			int found = -1;
			for (int i = 0; i < ax->n_names; i++)
				if (strcmp(json_string_value(v), ax->names[i]) == 0)
					found = i;
			if (found < 0) {
				char list[256] = "";
				for (int i = 0; i < ax->n_names; i++) {
					strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
					strncat(list, ax->names[i], sizeof list - strlen(list) - 1);
				}
				ck_bad(w, field, "unknown value '%s' (one of: %s)", json_string_value(v), list);
			}
			x = found;
		} else if (json_is_integer(v)) {
			x = json_integer_value(v);
		} else if (json_is_string(v)) {
			int32_t named;
			char e[256];
			if (ax->values[0].name && /* the game's own values by name: "vx": "pspeed" */
			    js_parse_axis_value(m, ax, json_string_value(v), &named, e, sizeof e) == 0)
				x = named;
			else if (parse_hex(json_string_value(v), &x) != 0)
				ck_bad(w, field, "\"%s\" is not an integer (numbers, or hex \"0x70\" / \"$70\")",
				       json_string_value(v));
		} else {
			ck_bad(w, field, "must be an integer%s", ax->n_names ? " or a value name" : "");
		}
		if (x < ax->min || x > ax->max)
			ck_bad(w, field, "%lld is outside the axis range %d..%d", (long long)x, ax->min,
			       ax->max);
		c->ax[a] = (int32_t)x;
	}
}

/* "start": {"field": value, ...}: the state the check starts from (model.h js_field). */
static void read_start(const ck_where *w, json_t *obj, ck_check *c)
{
	const js_model *m = c->m;
	json_t *start = json_object_get(obj, "start");
	m->init(c->start, c->ax);
	if (!start)
		return;
	if (!json_is_object(start))
		ck_bad(w, "start", "must be an object of state fields by name");
	c->has_start = 1;
	const char *key;
	json_t *v;
	json_object_foreach(start, key, v) {
		char field[96];
		snprintf(field, sizeof field, "start.%s", key);
		char list[512];
		int i = js_field_index(m, key, list, sizeof list);
		if (i < 0)
			ck_bad(w, field, "model %s has no state field '%s' (fields: %s)", m->id, key, list);
		const js_field *fd = &m->fields[i];
		double x;
		if (fd->value_names && json_is_string(v)) {
			if (js_field_scan(fd, json_string_value(v), &x) != 0)
				ck_bad(w, field, "\"%s\" is not a value of the field (jumpsweep list %s)",
				       json_string_value(v), m->id);
		} else {
			x = need_number(w, v, field);
		}
		if (fd->type == JS_F_F32 && fabs(x) <= 3.4028235677973366e38)
			x = (double)(float)x; /* a float32 written with 9 digits, as explain writes it */
		if (!(x >= fd->min && x <= fd->max) || (fd->type != JS_F_F32 && x != floor(x)))
			ck_bad(w, field, "%.9g is not a value of the field (%.9g..%.9g%s)", x, fd->min,
			       fd->max, fd->type == JS_F_F32 ? "" : ", integers");
		js_field_set(fd, c->start, x);
	}
	if (m->fuzz_fix)
		m->fuzz_fix(c->start);
}

static void read_input(const ck_where *w, json_t *obj, ck_check *c)
{
	json_t *hold = json_object_get(obj, "hold"), *seq = json_object_get(obj, "seq");
	if (hold && seq)
		ck_bad(w, "seq", "give hold or seq, not both");
	if (!hold && !seq)
		ck_bad(w, "hold", "missing: the jump input (hold or seq) is required");
	c->input = ck_alloc((size_t)c->n_frames);
	unsigned extra = 0;
	for (int a = 0; a < c->m->n_axes; a++)
		if (c->m->axes[a].input_bit && c->ax[a])
			extra |= c->m->axes[a].input_bit;
	if (hold) {
		int h = need_int(w, obj, "hold", 1, 0, c->n_frames, 0);
		for (int f = 0; f < c->n_frames; f++)
			c->input[f] = (uint8_t)((f < h ? JS_IN_JUMP : 0) | extra);
		snprintf(c->input_text, sizeof c->input_text, "hold %d", h);
	} else {
		if (!json_is_string(seq))
			ck_bad(w, "seq", "must be a string in the --seq form (\"J10.5J3\")");
		const char *text = json_string_value(seq);
		char err[512];
		int len = 0;
		if (js_seq_parse(text, c->input, c->n_frames, &len, err, sizeof err) != 0 ||
		    js_seq_buttons(c->m, c->input, len, err, sizeof err) != 0)
			ck_bad(w, "seq", "%s", err);
		for (int f = len; f < c->n_frames; f++)
			c->input[f] = 0;
		for (int f = 0; f < c->n_frames; f++)
			c->input[f] |= (uint8_t)extra;
		snprintf(c->input_text, sizeof c->input_text, "seq %.80s", text);
	}
}

static void read_expect(const ck_where *w, json_t *obj, ck_check *c)
{
	json_t *e = json_object_get(obj, "expect");
	if (!e)
		ck_bad(w, "expect", "missing (required)");
	if (c->measure == M_FLAG) {
		if (!json_is_boolean(e))
			ck_bad(w, "expect", "must be true or false for measure 'flag'");
		c->n_expect = 1;
		c->expect = ck_alloc(sizeof(double));
		c->expect[0] = json_is_true(e);
		return;
	}
	if (c->measure == M_COLUMN_SERIES) {
		if (!json_is_array(e))
			ck_bad(w, "expect", "must be an array for measure 'column_series'");
		int n = c->to - c->from + 1;
		if ((int)json_array_size(e) != n)
			ck_bad(w, "expect", "has %zu values for frames %d..%d (%d frames)",
			       json_array_size(e), c->from, c->to, n);
		c->n_expect = n;
		c->expect = ck_alloc(sizeof(double) * (size_t)n);
		const js_field *nf = named_field(c->m, c->col_name);
		for (int i = 0; i < n; i++) {
			char field[64];
			json_t *ei = json_array_get(e, (size_t)i);
			snprintf(field, sizeof field, "expect[%d]", i);
			if (nf && json_is_string(ei)) {
				if (js_field_scan(nf, json_string_value(ei), &c->expect[i]) != 0)
					ck_bad(w, field, "\"%s\" is not a value of column %s",
					       json_string_value(ei), c->col_name);
			} else {
				c->expect[i] = need_number(w, ei, field);
			}
		}
		return;
	}
	c->n_expect = 1;
	c->expect = ck_alloc(sizeof(double));
	const js_field *nf = c->col >= COL_GENERIC ? named_field(c->m, c->col_name) : NULL;
	if (nf && json_is_string(e)) {
		if (js_field_scan(nf, json_string_value(e), &c->expect[0]) != 0)
			ck_bad(w, "expect", "\"%s\" is not a value of column %s (jumpsweep list %s)",
			       json_string_value(e), c->col_name, c->m->id);
		return;
	}
	c->expect[0] = need_number(w, e, "expect");
}

static void read_check(const ck_where *w, json_t *obj, ck_check *c)
{
	static const char *const keys[] = { "model", "axes", "start", "hold", "seq", "frames", "measure",
					    "column", "frame", "from", "to", "flag", "expect",
					    "tolerance", "comment", NULL };
	if (!json_is_object(obj))
		ck_bad(w, "checks", "each check must be an object");
	check_keys(w, obj, keys, "a check");
	const char *model = need_string(w, obj, "model", 1);
	c->m = js_model_find(model);
	if (!c->m) {
		char list[512] = "";
		for (int i = 0; i < js_n_models; i++) {
			strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
			strncat(list, js_models[i]->id, sizeof list - strlen(list) - 1);
		}
		ck_bad(w, "model", "unknown model '%s' (models: %s)", model, list);
	}
	c->n_frames = need_int(w, obj, "frames", 0, 1, JS_MAX_FRAMES, c->m->default_frames);
	read_axes(w, obj, c);
	read_start(w, obj, c);
	read_input(w, obj, c);

	const char *measure = need_string(w, obj, "measure", 1);
	c->measure = -1;
	for (int i = 0; i < M_COUNT; i++)
		if (strcmp(measure, measure_names[i]) == 0)
			c->measure = i;
	if (c->measure < 0) {
		char list[256] = "";
		for (int i = 0; i < M_COUNT; i++) {
			strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
			strncat(list, measure_names[i], sizeof list - strlen(list) - 1);
		}
		ck_bad(w, "measure", "unknown measure '%s' (one of: %s)", measure, list);
	}

	/* The fields each measure takes, and no others. */
	int use_col = measure_uses_column(c->measure);
	int use_frame = c->measure == M_COLUMN || c->measure == M_COLUMN_STEP;
	int use_range = c->measure == M_COLUMN_SERIES;
	int use_flag = c->measure == M_FLAG;
	const struct { const char *key; int used; } fields[] = {
		{ "column", use_col }, { "frame", use_frame }, { "from", use_range },
		{ "to", use_range },   { "flag", use_flag },
	};
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		int present = json_object_get(obj, fields[i].key) != NULL;
		if (present && !fields[i].used)
			ck_bad(w, fields[i].key, "not used by measure '%s'", measure);
		if (!present && fields[i].used)
			ck_bad(w, fields[i].key, "missing (measure '%s' needs it)", measure);
	}
	c->col = -1;
	if (use_col) {
		ck_cols cols;
		model_cols(c->m, &cols);
		const char *name = need_string(w, obj, "column", 1);
		c->col = col_find(&cols, name);
		if (c->col < 0) {
			char list[1024];
			col_list(&cols, list, sizeof list);
			ck_bad(w, "column", "model %s has no column '%s' (columns: %s)", c->m->id, name,
			       list);
		}
		snprintf(c->col_name, sizeof c->col_name, "%s", name);
	}
	if (use_frame)
		c->frame = need_int(w, obj, "frame", 1, 0, c->n_frames - 1, 0);
	if (use_range) {
		c->from = need_int(w, obj, "from", 1, 0, c->n_frames - 1, 0);
		c->to = need_int(w, obj, "to", 1, c->from, c->n_frames - 1, 0);
	}
	c->flag_bit = -1;
	if (use_flag) {
		const char *name = need_string(w, obj, "flag", 1);
		for (int b = 0; b < JS_MAX_FLAGS; b++)
			if (c->m->flag_names[b] && strcmp(c->m->flag_names[b], name) == 0)
				c->flag_bit = b;
		if (c->flag_bit < 0) {
			char list[512] = "";
			for (int b = 0; b < JS_MAX_FLAGS; b++)
				if (c->m->flag_names[b]) {
					strncat(list, *list ? ", " : "", sizeof list - strlen(list) - 1);
					strncat(list, c->m->flag_names[b], sizeof list - strlen(list) - 1);
				}
			ck_bad(w, "flag", "model %s has no flag '%s' (flags: %s)", c->m->id, name, list);
		}
	}
	read_expect(w, obj, c);
	json_t *tol = json_object_get(obj, "tolerance");
	c->tol = 0;
	if (tol) {
		if (!json_is_number(tol))
			ck_bad(w, "tolerance", "must be a number");
		c->tol = json_number_value(tol);
		if (!(c->tol >= 0) || isinf(c->tol))
			ck_bad(w, "tolerance", "must be a finite number >= 0");
		if (c->measure == M_FLAG && c->tol != 0)
			ck_bad(w, "tolerance", "not used by measure 'flag'");
	}
}

static int valid_id(const char *s)
{
	const char *slash = strchr(s, '/');
	if (!slash || slash == s || !slash[1] || strchr(slash + 1, '/'))
		return 0;
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' ||
		      *p == '/'))
			return 0;
	return 1;
}

static json_t *ck_root; /* the document being read (freed by js_claims_validate on an error) */

static void read_root(json_t *root, const char *path, ck_set *set);

static void read_file(const char *path, ck_set *set)
{
	json_error_t err;
	json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &err);
	if (!root) {
		if (err.line > 0)
			ck_die("%s:%d:%d: invalid JSON: %s", path, err.line, err.column, err.text);
		ck_die("%s: %s", path, err.text);
	}
	read_root(root, path, set);
}

static void read_root(json_t *root, const char *path, ck_set *set)
{
	ck_root = root;
	ck_where w = { .file = path };
	static const char *const top_keys[] = { "game", "claims", "comment", NULL };
	static const char *const claim_keys[] = { "id", "status", "sentence", "seed", "checks",
						  "comment", NULL };
	if (!json_is_object(root))
		ck_bad(&w, "claims", "the file must hold one object {\"game\": ..., \"claims\": [...]}");
	check_keys(&w, root, top_keys, "the file");
	need_string(&w, root, "game", 1);
	json_t *claims = json_object_get(root, "claims");
	if (!claims)
		ck_bad(&w, "claims", "missing (required)");
	if (!json_is_array(claims))
		ck_bad(&w, "claims", "must be an array of claims");
	for (size_t i = 0; i < json_array_size(claims); i++) {
		json_t *cl = json_array_get(claims, i);
		w.claim_index = (int)i + 1;
		w.claim_id = NULL;
		w.check = 0;
		if (!json_is_object(cl))
			ck_bad(&w, "claims", "each claim must be an object");
		const char *id = need_string(&w, cl, "id", 1);
		if (!valid_id(id))
			ck_bad(&w, "id", "'%s' is not an atlas slug <game>/<concept> (a-z 0-9 - _)", id);
		w.claim_id = id;
		check_keys(&w, cl, claim_keys, "a claim");
		for (int k = 0; k < set->n; k++)
			if (strcmp(set->claims[k].id, id) == 0)
				ck_bad(&w, "id", "duplicate id (also in %s)", set->claims[k].file);
		const char *status = need_string(&w, cl, "status", 1);
		if (strcmp(status, "checked") != 0 && strcmp(status, "draft") != 0)
			ck_bad(&w, "status", "'%s' is not 'checked' or 'draft'", status);
		const char *sentence = need_string(&w, cl, "sentence", 1);
		const char *seed = need_string(&w, cl, "seed", 0);
		json_t *checks = json_object_get(cl, "checks");
		if (!checks)
			ck_bad(&w, "checks", "missing (required)");
		if (!json_is_array(checks) || json_array_size(checks) == 0)
			ck_bad(&w, "checks", "must be a non-empty array of checks");
		if (set->n == set->cap) {
			set->cap = set->cap ? 2 * set->cap : 64;
			ck_claim *grown = realloc(set->claims, sizeof *set->claims * (size_t)set->cap);
			if (!grown)
				ck_die("out of memory");
			set->claims = grown;
			memset(set->claims + set->n, 0, sizeof *set->claims * (size_t)(set->cap - set->n));
		}
		ck_claim *c = &set->claims[set->n];
		memset(c, 0, sizeof *c);
		c->n_checks = (int)json_array_size(checks);
		c->checks = ck_alloc(sizeof *c->checks * (size_t)c->n_checks);
		for (int k = 0; k < c->n_checks; k++) {
			w.check = k + 1;
			read_check(&w, json_array_get(checks, (size_t)k), &c->checks[k]);
		}
		c->id = ck_strdup(id);
		c->file = ck_strdup(path);
		c->status = ck_strdup(status);
		c->sentence = ck_strdup(sentence);
		c->seed = seed ? ck_strdup(seed) : NULL;
		set->n++;
	}
	ck_root = NULL;
	json_decref(root);
}

static void free_claim(ck_claim *c)
{
	for (int j = 0; j < c->n_checks; j++) {
		free(c->checks[j].input);
		free(c->checks[j].expect);
	}
	free(c->checks);
	free(c->id);
	free(c->file);
	free(c->status);
	free(c->sentence);
	free(c->seed);
}

/* Reads and validates one claims document held in memory (name stands for its file in the
 * messages): 0, or -1 with the one-line message `jumpsweep check` would print.  Nothing is
 * run.  The fuzz harness fuzz/fuzz_claims.c drives it. */
int js_claims_validate(const char *name, const char *text, size_t n, char *err, size_t errn)
{
	ck_set set = { 0 };
	jmp_buf jb;
	volatile int rc = 0;
	ck_root = NULL;
	if (setjmp(jb) == 0) {
		ck_catch = &jb;
		json_error_t je;
		json_t *root = json_loadb(text, n, JSON_REJECT_DUPLICATES, &je);
		if (!root)
			ck_die("%s:%d:%d: invalid JSON: %s", name, je.line, je.column, je.text);
		read_root(root, name, &set);
	} else {
		snprintf(err, errn, "%s", ck_caught);
		rc = -1;
		if (ck_root)
			json_decref(ck_root);
		ck_root = NULL;
		if (set.claims)
			set.n += set.n < set.cap; /* the claim being read when it failed */
	}
	ck_catch = NULL;
	for (int k = 0; k < set.n; k++)
		free_claim(&set.claims[k]);
	free(set.claims);
	return rc;
}

/* ---- running a check ---- */

/* A measured value: numbers, or a flag.  f32[i]: 1 when the model printed the value as a float32
 * decimal (it then also matches an expectation that rounds to the same float32), 2 when it is
 * computed from such values (a step: compared exactly, shown with 9 digits), 0 otherwise. */
typedef struct ck_value {
	int n;
	double *v;
	unsigned char *f32;
	int is_bool;
} ck_value;

typedef struct ck_result {
	int pass;
	ck_value got;
	char note[512];    /* why it failed beyond the figures (lane disagreement, no take-off) */
	char lanes[64];    /* the lane-kernel paths run, "scalar sse4 avx2 avx512"; "" if none */
	int first_diff;    /* first differing element of a failed comparison, -1 if none */
} ck_result;

/* One frame's columns: generic from observe, then the model's trace_row cells. */
typedef struct ck_rows {
	int n_cols;
	double *v;          /* [(n_frames + 1) * n_cols]; row 0 is the state before frame 0 */
	unsigned char *f32; /* the same layout */
	int *counted;       /* [n_frames + 1]: the frame is between take-off and landing */
	char bad[256];      /* a cell that is not a number */
} ck_rows;

static int looks_float(const char *s)
{
	return strpbrk(s, ".eEnN") != NULL; /* a decimal point, an exponent, inf, nan */
}

/* A float32 printed with %.9g reads back to the same float; then compare as float32. */
static int is_f32_text(const char *s, double v)
{
	char buf[64];
	snprintf(buf, sizeof buf, "%.9g", (double)(float)v);
	return looks_float(s) && strcmp(buf, s) == 0;
}

static void fill_row(const js_model *m, const void *st, ck_rows *r, int row)
{
	js_obs o;
	char buf[1024];
	double *v = r->v + (size_t)row * (size_t)r->n_cols;
	unsigned char *f = r->f32 + (size_t)row * (size_t)r->n_cols;
	m->observe(st, &o);
	v[COL_HEIGHT_SUB] = (double)o.height;
	v[COL_HEIGHT] = (double)o.height / (double)m->sub_per_unit;
	v[COL_GROUNDED] = o.grounded;
	v[COL_FLAGS] = o.flags;
	m->trace_row(st, buf, sizeof buf);
	char *p = buf;
	for (int k = COL_GENERIC; k < r->n_cols; k++) {
		char *e = strchr(p, ',');
		if (e)
			*e = 0;
		char *end, name[64];
		double x = strtod(p, &end);
		const js_field *nf = NULL;
		if (end == p || *end) {
			col_name_at(m, k, name, sizeof name);
			nf = named_field(m, name);
		}
		if ((end == p || *end) && !(nf && js_field_scan(nf, p, &x) == 0)) {
			if (!r->bad[0])
				snprintf(r->bad, sizeof r->bad, "column %d of the trace row is '%.40s', not a number",
					 k, p);
			x = NAN;
		}
		v[k] = x;
		f[k] = (unsigned char)is_f32_text(p, x);
		p = e ? e + 1 : p + strlen(p);
	}
}

/* Steps the reference over every frame (past the landing too: a column may be read there) and
 * records each frame's columns and whether it lies between take-off and landing. */
static void ref_rows(const ck_check *c, ck_rows *r)
{
	ck_cols cols;
	model_cols(c->m, &cols);
	r->n_cols = cols.n;
	r->v = ck_alloc(sizeof(double) * (size_t)(c->n_frames + 1) * (size_t)r->n_cols);
	r->f32 = ck_alloc((size_t)(c->n_frames + 1) * (size_t)r->n_cols);
	r->counted = ck_alloc(sizeof(int) * (size_t)(c->n_frames + 1));
	r->bad[0] = 0;
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	js_acc acc;
	js_obs o;
	memcpy(st, c->start, c->m->state_size);
	js_acc_init(&acc);
	fill_row(c->m, st, r, 0);
	for (int f = 0; f < c->n_frames; f++) {
		c->m->step(st, c->input[f]);
		c->m->observe(st, &o);
		int was_landed = acc.landed;
		js_acc_frame(&acc, f, &o);
		r->counted[f + 1] = acc.took_off && !was_landed;
		fill_row(c->m, st, r, f + 1);
	}
}

static void free_rows(ck_rows *r)
{
	free(r->v);
	free(r->f32);
	free(r->counted);
}

/* Runs the lane kernel on every available path (one block of JS_BLOCK identical lanes) and
 * compares every lane with the reference's accounting.  Returns 0 when all agree. */
static int lane_agree(const ck_check *c, const js_acc *ref, ck_result *res)
{
	const js_model *m = c->m;
	int32_t ax[JS_MAX_AXES][JS_BLOCK];
	for (int a = 0; a < JS_MAX_AXES; a++)
		for (int l = 0; l < JS_BLOCK; l++)
			ax[a][l] = a < m->n_axes ? c->ax[a] : 0;
	size_t words = (size_t)(c->n_frames + 31) / 32;
	uint32_t *mem = ck_alloc(sizeof(uint32_t) * words * JS_BLOCK * JS_N_BUTTONS);
	uint32_t *planes[JS_N_BUTTONS];
	for (int b = 0; b < JS_N_BUTTONS; b++)
		planes[b] = mem + (size_t)b * words * JS_BLOCK;
	for (int l = 0; l < JS_BLOCK; l++)
		js_pack_planes(c->input, c->n_frames, planes, l);
	unsigned char *starts = ck_alloc(JS_BLOCK * m->state_size);
	for (int l = 0; l < JS_BLOCK; l++)
		memcpy(starts + (size_t)l * m->state_size, c->start, m->state_size);
	int64_t rise[JS_BLOCK];
	int32_t apex[JS_BLOCK], air[JS_BLOCK];
	uint32_t flags[JS_BLOCK];
	int bad = 0;
	res->lanes[0] = 0;
	for (int isa = 0; isa < JS_ISA_COUNT; isa++) {
		if (!js_isa_available((js_isa)isa) || !m->lane[isa])
			continue;
		strncat(res->lanes, res->lanes[0] ? " " : "", sizeof res->lanes - strlen(res->lanes) - 1);
		strncat(res->lanes, js_isa_name((js_isa)isa), sizeof res->lanes - strlen(res->lanes) - 1);
		js_lane_args args = { .n_lanes = JS_BLOCK, .n_frames = c->n_frames, .rise = rise,
				      .apex_frame = apex, .airtime = air, .flags = flags,
				      .start = c->has_start ? starts : NULL };
		for (int a = 0; a < JS_MAX_AXES; a++)
			args.axis[a] = ax[a];
		for (int b = 0; b < JS_N_BUTTONS; b++)
			args.input[b] = planes[b];
		m->lane[isa](&args);
		for (int l = 0; l < JS_BLOCK && !bad; l++) {
			if (rise[l] == ref->rise && apex[l] == ref->apex_frame && air[l] == ref->airtime &&
			    flags[l] == ref->flags)
				continue;
			snprintf(res->note, sizeof res->note,
				 "lane kernel %s (lane %d) disagrees with the reference: rise %lld / %lld, "
				 "apex frame %d / %d, airtime %d / %d, flags %#x / %#x",
				 js_isa_name((js_isa)isa), l, (long long)rise[l], (long long)ref->rise,
				 apex[l], ref->apex_frame, air[l], ref->airtime, flags[l], ref->flags);
			bad = 1;
		}
	}
	free(mem);
	free(starts);
	return bad ? -1 : 0;
}

static int equal(double got, int f32, double want, double tol)
{
	if (tol > 0)
		return fabs(got - want) <= tol;
	if (got == want)
		return 1;
	return f32 == 1 && (float)got == (float)want;
}

static void value_alloc(ck_value *v, int n)
{
	v->n = n;
	v->v = ck_alloc(sizeof(double) * (size_t)n);
	v->f32 = ck_alloc((size_t)n);
}

static void run_check(const ck_check *c, ck_result *res)
{
	memset(res, 0, sizeof *res);
	res->first_diff = -1;
	ck_rows rows;
	ref_rows(c, &rows);
	js_acc acc;
	js_reference_run_from(c->m, c->start, c->input, c->n_frames, &acc);
	int ok = 1;
#define CELL(row) (rows.v[(size_t)(row) * (size_t)rows.n_cols + (size_t)c->col])
#define CELL_F32(row) (rows.f32[(size_t)(row) * (size_t)rows.n_cols + (size_t)c->col])
	if (measure_uses_column(c->measure) && c->col >= COL_GENERIC && rows.bad[0]) {
		snprintf(res->note, sizeof res->note, "model %s: %s", c->m->id, rows.bad);
		ok = 0;
	}
	switch (c->measure) {
	case M_RISE:
		value_alloc(&res->got, 1);
		res->got.v[0] = (double)acc.rise;
		break;
	case M_RISE_UNITS:
		value_alloc(&res->got, 1);
		res->got.v[0] = (double)acc.rise / (double)c->m->sub_per_unit;
		break;
	case M_APEX_FRAME:
		value_alloc(&res->got, 1);
		res->got.v[0] = acc.apex_frame;
		break;
	case M_AIRTIME:
		value_alloc(&res->got, 1);
		res->got.v[0] = acc.airtime;
		break;
	case M_FLAG:
		value_alloc(&res->got, 1);
		res->got.is_bool = 1;
		res->got.v[0] = (acc.flags >> c->flag_bit) & 1u;
		break;
	case M_COLUMN:
		value_alloc(&res->got, 1);
		res->got.v[0] = CELL(c->frame + 1);
		res->got.f32[0] = CELL_F32(c->frame + 1);
		break;
	case M_COLUMN_STEP:
		value_alloc(&res->got, 1);
		res->got.v[0] = CELL(c->frame + 1) - CELL(c->frame);
		res->got.f32[0] = (CELL_F32(c->frame + 1) || CELL_F32(c->frame)) ? 2 : 0;
		break;
	case M_COLUMN_SERIES:
		value_alloc(&res->got, c->to - c->from + 1);
		for (int f = c->from; f <= c->to; f++) {
			res->got.v[f - c->from] = CELL(f + 1);
			res->got.f32[f - c->from] = CELL_F32(f + 1);
		}
		break;
	case M_COLUMN_MAX:
	case M_COLUMN_MIN: {
		int any = 0;
		value_alloc(&res->got, 1);
		for (int f = 0; f < c->n_frames; f++) {
			if (!rows.counted[f + 1])
				continue;
			double x = CELL(f + 1);
			if (!any || (c->measure == M_COLUMN_MAX ? x > res->got.v[0] : x < res->got.v[0])) {
				res->got.v[0] = x;
				res->got.f32[0] = CELL_F32(f + 1);
			}
			any = 1;
		}
		if (!any) {
			res->got.n = 0;
			snprintf(res->note, sizeof res->note, "never took off within %d frames",
				 c->n_frames);
			ok = 0;
		}
		break;
	}
	}
#undef CELL
#undef CELL_F32
	if (ok && res->got.n == c->n_expect) {
		for (int i = 0; i < c->n_expect; i++)
			if (!equal(res->got.v[i], res->got.f32[i], c->expect[i], c->tol)) {
				ok = 0;
				res->first_diff = i;
				break;
			}
	} else {
		ok = 0;
	}
	if (measure_whole_jump(c->measure) && lane_agree(c, &acc, res) != 0)
		ok = 0;
	res->pass = ok;
	free_rows(&rows);
}

/* ---- output ---- */

/* The shortest decimal that reads back to v (with digits9: at most 9 significant digits, for
 * values computed from float32s). */
static void fmt_num9(double v, int digits9, char *buf, size_t n)
{
	if (isnan(v)) {
		snprintf(buf, n, "nan");
		return;
	}
	if (v == floor(v) && fabs(v) < 1e15) {
		snprintf(buf, n, "%.0f", v);
		return;
	}
	if (digits9) {
		snprintf(buf, n, "%.9g", v);
		return;
	}
	for (int p = 1; p <= 17; p++) {
		snprintf(buf, n, "%.*g", p, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

static void fmt_num(double v, char *buf, size_t n)
{
	fmt_num9(v, 0, buf, n);
}

/* A value for the text line: a number, true/false, or a series (abbreviated past 8 values). */
static void fmt_value(const double *v, const unsigned char *f32, int n, int is_bool, int series,
		      char *buf, size_t size)
{
	char num[64];
	buf[0] = 0;
	if (n == 0) {
		snprintf(buf, size, "-");
		return;
	}
	if (is_bool) {
		snprintf(buf, size, "%s", v[0] != 0 ? "true" : "false");
		return;
	}
	if (!series) {
		fmt_num9(v[0], f32 && f32[0] == 2, buf, size);
		return;
	}
	strncat(buf, "[", size - strlen(buf) - 1);
	for (int i = 0; i < n; i++) {
		if (n > 8 && i == 5) {
			strncat(buf, " ...", size - strlen(buf) - 1);
			i = n - 2;
		}
		fmt_num(v[i], num, sizeof num);
		strncat(buf, i ? " " : "", size - strlen(buf) - 1);
		strncat(buf, num, size - strlen(buf) - 1);
	}
	strncat(buf, "]", size - strlen(buf) - 1);
	if (n > 8) {
		snprintf(num, sizeof num, " (%d values)", n);
		strncat(buf, num, size - strlen(buf) - 1);
	}
}

/* The values of a named column (sm64's action) as names: "ACT_JUMP", or "[ACT_JUMP_LAND ...]"
 * for a series. */
static int fmt_named(const ck_check *c, const double *v, int n, char *buf, size_t size)
{
	const js_field *nf = c->col >= COL_GENERIC ? named_field(c->m, c->col_name) : NULL;
	if (!nf || n < 1 || c->measure == M_FLAG)
		return 0;
	if (c->measure != M_COLUMN_SERIES) {
		js_field_format(nf, v[0], buf, size);
		return 1;
	}
	snprintf(buf, size, "[");
	for (int i = 0; i < n; i++) {
		char name[64];
		js_field_format(nf, v[i], name, sizeof name);
		strncat(buf, i ? " " : "", size - strlen(buf) - 1);
		strncat(buf, name, size - strlen(buf) - 1);
	}
	strncat(buf, "]", size - strlen(buf) - 1);
	return 1;
}

/* The same for the JSON report: a string, or an array of strings. */
static json_t *json_named(const ck_check *c, const double *v, int n, json_t *otherwise)
{
	const js_field *nf = c->col >= COL_GENERIC ? named_field(c->m, c->col_name) : NULL;
	if (!nf || n < 1 || c->measure == M_FLAG)
		return otherwise;
	json_decref(otherwise);
	char name[64];
	if (c->measure != M_COLUMN_SERIES) {
		js_field_format(nf, v[0], name, sizeof name);
		return json_string(name);
	}
	json_t *a = json_array();
	for (int i = 0; i < n; i++) {
		js_field_format(nf, v[i], name, sizeof name);
		json_array_append_new(a, json_string(name));
	}
	return a;
}

static void fmt_got(const ck_check *c, const ck_result *r, char *buf, size_t n)
{
	if (fmt_named(c, r->got.v, r->got.n, buf, n))
		return;
	fmt_value(r->got.v, r->got.f32, r->got.n, r->got.is_bool, c->measure == M_COLUMN_SERIES, buf,
		  n);
}

static void fmt_want(const ck_check *c, char *buf, size_t n)
{
	if (fmt_named(c, c->expect, c->n_expect, buf, n))
		return;
	fmt_value(c->expect, NULL, c->n_expect, c->measure == M_FLAG, c->measure == M_COLUMN_SERIES,
		  buf, n);
	if (c->tol > 0) {
		char t[64];
		fmt_num(c->tol, t, sizeof t);
		size_t k = strlen(buf);
		snprintf(buf + k, n - k, " +- %s", t);
	}
}

/* What a check runs: "smb1 vx=8 env=air hold 40: column_step speed_frac frame 1". */
static void fmt_what(const ck_check *c, char *buf, size_t n)
{
	const js_model *m = c->m;
	size_t k = (size_t)snprintf(buf, n, "%s", m->id);
	for (int a = 0; a < m->n_axes && k < n; a++) {
		const js_axis *ax = &m->axes[a];
		if (ax->n_names && c->ax[a] >= 0 && c->ax[a] < ax->n_names)
			k += (size_t)snprintf(buf + k, n - k, " %s=%s", ax->name, ax->names[c->ax[a]]);
		else
			k += (size_t)snprintf(buf + k, n - k, " %s=%d", ax->name, c->ax[a]);
	}
	if (k < n)
		k += (size_t)snprintf(buf + k, n - k, " %s", c->input_text);
	if (k < n && c->n_frames != m->default_frames)
		k += (size_t)snprintf(buf + k, n - k, " frames %d", c->n_frames);
	if (k < n)
		k += (size_t)snprintf(buf + k, n - k, ": %s", measure_names[c->measure]);
	if (k < n && c->col >= 0)
		k += (size_t)snprintf(buf + k, n - k, " %s", c->col_name);
	if (k < n && (c->measure == M_COLUMN || c->measure == M_COLUMN_STEP))
		k += (size_t)snprintf(buf + k, n - k, " frame %d", c->frame);
	if (k < n && c->measure == M_COLUMN_SERIES)
		k += (size_t)snprintf(buf + k, n - k, " frames %d..%d", c->from, c->to);
	if (k < n && c->measure == M_FLAG)
		snprintf(buf + k, n - k, " %s", c->m->flag_names[c->flag_bit]);
}

/* The failure in one phrase: the first differing element of a series, or the note. */
static void fmt_diff(const ck_check *c, const ck_result *r, char *buf, size_t n)
{
	char a[512], b[512];
	buf[0] = 0;
	if (c->measure == M_COLUMN_SERIES && r->first_diff >= 0) {
		fmt_num(r->got.v[r->first_diff], a, sizeof a);
		fmt_num(c->expect[r->first_diff], b, sizeof b);
		snprintf(buf, n, "first difference at frame %d: measured %s, expected %s",
			 c->from + r->first_diff, a, b);
	} else {
		fmt_got(c, r, a, sizeof a);
		fmt_want(c, b, sizeof b);
		snprintf(buf, n, "measured %s, expected %s", a, b);
	}
	if (r->note[0]) {
		size_t k = strlen(buf);
		snprintf(buf + k, n - k, "; %s", r->note);
	}
}

/* Joins the figures of a claim's checks, measured and expected, cut after the same check once
 * either passes about 120 characters. */
static void join_figures(const ck_claim *cl, const ck_result *res, char *got, char *want, size_t n)
{
	char g[1024], w[1024];
	got[0] = want[0] = 0;
	for (int k = 0; k < cl->n_checks; k++) {
		fmt_got(&cl->checks[k], &res[k], g, sizeof g);
		fmt_want(&cl->checks[k], w, sizeof w);
		if (k > 0 && (strlen(got) + strlen(g) > 120 || strlen(want) + strlen(w) > 120)) {
			char more[64];
			snprintf(more, sizeof more, "; ... (%d checks)", cl->n_checks);
			strncat(got, more, n - strlen(got) - 1);
			strncat(want, more, n - strlen(want) - 1);
			return;
		}
		strncat(got, k ? "; " : "", n - strlen(got) - 1);
		strncat(got, g, n - strlen(got) - 1);
		strncat(want, k ? "; " : "", n - strlen(want) - 1);
		strncat(want, w, n - strlen(want) - 1);
	}
}

/* ---- the text report: a claim's sentence, then one labelled figure per check ---- */

/* The input in words: "no press", "tap" (hold 1), "hold 40", "seq J10.5J3". */
static void fmt_input_label(const ck_check *c, char *buf, size_t n)
{
	if (strcmp(c->input_text, "hold 0") == 0)
		snprintf(buf, n, "no press");
	else if (strcmp(c->input_text, "hold 1") == 0)
		snprintf(buf, n, "tap");
	else
		snprintf(buf, n, "%s", c->input_text);
}

static int same_start(const ck_check *a, const ck_check *b)
{
	return a->has_start == b->has_start &&
	       (!a->has_start || memcmp(a->start, b->start, a->m->state_size) == 0);
}

/* A check's label within its claim: what sets it apart from the claim's other checks (the model,
 * the axes, the start state and the frame limit, each only where the checks differ), the input,
 * then what is measured:
 *   "tap rise", "dt=exact hold 60 airtime", "hold 1 speed_sub after frame 0",
 *   "hold 1 speed_sub change on frame 1", "hold 1 speed_sub after frames 31..34",
 *   "hold 1 highest speed_sub in the air", "hold 1 flag fall_cap". */
static void fmt_label(const ck_claim *cl, int k, char *buf, size_t n)
{
	const ck_check *c = &cl->checks[k];
	const js_model *m = c->m;
	int models_vary = 0, start_varies = 0, frames_vary = 0;
	for (int j = 0; j < cl->n_checks; j++) {
		const ck_check *o = &cl->checks[j];
		models_vary |= o->m != m;
		if (o->m == m)
			start_varies |= !same_start(o, c);
		frames_vary |= o->m == m && o->n_frames != c->n_frames;
	}
	size_t len = 0;
	buf[0] = 0;
#define ADD(...)                                                                        \
	do {                                                                            \
		if (len < n)                                                            \
			len += (size_t)snprintf(buf + len, n - len, __VA_ARGS__);       \
	} while (0)
	if (models_vary)
		ADD("%s ", m->id);
	for (int a = 0; a < m->n_axes; a++) {
		int varies = 0;
		for (int j = 0; j < cl->n_checks; j++)
			varies |= cl->checks[j].m == m && cl->checks[j].ax[a] != c->ax[a];
		if (!varies)
			continue;
		const js_axis *ax = &m->axes[a];
		if (ax->n_names && c->ax[a] >= 0 && c->ax[a] < ax->n_names)
			ADD("%s=%s ", ax->name, ax->names[c->ax[a]]);
		else
			ADD("%s=%d ", ax->name, c->ax[a]);
	}
	if (start_varies)
		ADD("%s ", c->has_start ? "from its start" : "from standing");
	if (frames_vary)
		ADD("frames %d ", c->n_frames);
	char in[128];
	fmt_input_label(c, in, sizeof in);
	ADD("%s ", in);
	switch (c->measure) {
	case M_RISE:
	case M_RISE_UNITS: ADD("rise"); break;
	case M_APEX_FRAME: ADD("apex frame"); break;
	case M_AIRTIME: ADD("airtime"); break;
	case M_COLUMN: ADD("%s after frame %d", c->col_name, c->frame); break;
	case M_COLUMN_STEP: ADD("%s change on frame %d", c->col_name, c->frame); break;
	case M_COLUMN_SERIES: ADD("%s after frames %d..%d", c->col_name, c->from, c->to); break;
	case M_COLUMN_MAX: ADD("highest %s in the air", c->col_name); break;
	case M_COLUMN_MIN: ADD("lowest %s in the air", c->col_name); break;
	case M_FLAG: ADD("flag %s", m->flag_names[c->flag_bit]); break;
	}
#undef ADD
}

/* The unit of a check's figure, "" when it has none (a frame number, a model column). */
static void fmt_unit(const ck_check *c, char *buf, size_t n)
{
	buf[0] = 0;
	if (c->measure == M_RISE_UNITS || c->col == COL_HEIGHT)
		snprintf(buf, n, "%s", c->m->unit);
	else if (c->measure == M_AIRTIME)
		snprintf(buf, n, "frames");
}

/* A unit after a value: a unit that is a word is plural except after exactly 1 ("242 world
 * units"); symbols stay ("66 px"). */
static const char *unit_after(double v, const char *unit, char *buf, size_t n)
{
	int word = strlen(unit) > 3;
	for (const char *p = unit; *p; p++)
		word &= (*p >= 'a' && *p <= 'z') || *p == ' ';
	if (!word || v == 1 || unit[strlen(unit) - 1] == 's')
		return unit;
	snprintf(buf, n, "%ss", unit);
	return buf;
}

/* The measured figure with its unit: "7 px" (rise, whole pixels), "16896 (66 px)" (a rise or
 * height_sub in sub-units, then in the unit), "15 frames", "[712 768 768 768]", "true". */
static void fmt_figure(const ck_check *c, const ck_result *r, char *buf, size_t n)
{
	char got[1024], unit[64];
	fmt_got(c, r, got, sizeof got);
	fmt_unit(c, unit, sizeof unit);
	int sub = (c->measure == M_RISE ||
		   (c->col == COL_HEIGHT_SUB && (c->measure == M_COLUMN || c->measure == M_COLUMN_STEP ||
						 c->measure == M_COLUMN_MAX || c->measure == M_COLUMN_MIN)));
	if (sub && r->got.n == 1) {
		char pl[80];
		double units = r->got.v[0] / (double)c->m->sub_per_unit;
		const char *u = unit_after(units, c->m->unit, pl, sizeof pl);
		if (c->m->sub_per_unit == 1) {
			snprintf(buf, n, "%s %s", got, u);
		} else {
			char x[64];
			fmt_num(units, x, sizeof x);
			snprintf(buf, n, "%s (%s %s)", got, x, u);
		}
	} else if (*unit && r->got.n > 0) {
		char pl[80];
		snprintf(buf, n, "%s %s", got,
			 unit_after(r->got.n == 1 ? r->got.v[0] : 2, unit, pl, sizeof pl));
	} else {
		snprintf(buf, n, "%s", got);
	}
}

/* Prints text word-wrapped at width columns, each line after indent spaces; only the text's first
 * line (a sentence is one line; a longer text shows its first). */
static void print_wrapped(const char *text, int indent, int width)
{
	size_t len = strcspn(text, "\n");
	const char *p = text, *end = text + len;
	while (p < end) {
		while (p < end && *p == ' ')
			p++;
		if (p == end)
			break;
		size_t room = (size_t)(width - indent), take = (size_t)(end - p);
		if (take > room) {
			size_t cut = room;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0) /* one word longer than the line */
				for (cut = room; p + cut < end && p[cut] != ' '; cut++)
					;
			take = cut;
		}
		fprintf(ck_out, "%*s%.*s\n", indent, "", (int)take, p);
		p += take;
	}
}

/* One claim:
 *   PASS smb1/fall-gravity                  (DRAFT for a passing draft, FAIL for any failure)
 *     After the switch, gravity is ...      (the sentence, wrapped at 100 columns)
 *       row 0 ... speed_frac change on frame 1  112 = 112
 *       ...                                 (a failed check: "!=", then what it ran and why) */
static void print_text(const ck_claim *cl, ck_result *const *res, int n, int passed, int failed,
		       int drafts)
{
	char label[512], fig[2048], want[2048], what[512], diff[2048];
	for (int i = 0; i < n; i++) {
		const ck_claim *c = &cl[i];
		int ok = 1, draft = strcmp(c->status, "draft") == 0;
		for (int k = 0; k < c->n_checks; k++)
			ok &= res[i][k].pass;
		fprintf(ck_out, "%s %s%s\n", !ok ? "FAIL" : draft ? "DRAFT" : "PASS", c->id,
		       !ok && draft ? "  (draft)" : "");
		print_wrapped(c->sentence, 2, 100);
		int w = 0;
		for (int k = 0; k < c->n_checks; k++) {
			fmt_label(c, k, label, sizeof label);
			w = (int)strlen(label) > w ? (int)strlen(label) : w;
		}
		for (int k = 0; k < c->n_checks; k++) {
			const ck_result *r = &res[i][k];
			fmt_label(c, k, label, sizeof label);
			fmt_figure(&c->checks[k], r, fig, sizeof fig);
			fmt_want(&c->checks[k], want, sizeof want);
			/* a series that matches shows once: "[712 768 768 768] = expected" */
			char got[2048];
			fmt_got(&c->checks[k], r, got, sizeof got);
			int same = c->checks[k].measure == M_COLUMN_SERIES && strcmp(got, want) == 0;
			fprintf(ck_out, "    %-*s  %s %s %s\n", w, label, fig, r->pass ? "=" : "!=",
			       same ? "expected" : want);
			if (r->pass)
				continue;
			fmt_what(&c->checks[k], what, sizeof what);
			fmt_diff(&c->checks[k], r, diff, sizeof diff);
			fprintf(ck_out, "      check %d (%s): %s\n", k + 1, what, diff);
		}
	}
	fprintf(ck_out, "%d passed, %d failed", passed, failed);
	if (drafts)
		fprintf(ck_out, ", %d draft%s (not yet reviewed; %s)", drafts, drafts == 1 ? "" : "s",
		       drafts == 1 ? "its checks pass" : "their checks pass");
	fprintf(ck_out, "\n");
}

static json_t *json_num(double v)
{
	if (v == floor(v) && fabs(v) < 9007199254740992.0)
		return json_integer((json_int_t)v);
	return json_real(v);
}

static json_t *json_value(const double *v, int n, int is_bool, int series)
{
	if (n == 0)
		return json_null();
	if (is_bool)
		return json_boolean(v[0] != 0);
	if (!series)
		return json_num(v[0]);
	json_t *a = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_num(v[i]));
	return a;
}

static int print_json(const ck_claim *cl, ck_result *const *res, int n)
{
	json_t *out = json_array();
	char what[512], label[512], figure[2048];
	for (int i = 0; i < n; i++) {
		const ck_claim *c = &cl[i];
		json_t *o = json_object(), *checks = json_array();
		int ok = 1;
		for (int k = 0; k < c->n_checks; k++) {
			const ck_check *ch = &c->checks[k];
			const ck_result *r = &res[i][k];
			ok &= r->pass;
			json_t *jc = json_object();
			fmt_what(ch, what, sizeof what);
			json_object_set_new(jc, "model", json_string(ch->m->id));
			json_object_set_new(jc, "what", json_string(what));
			fmt_label(c, k, label, sizeof label);
			json_object_set_new(jc, "label", json_string(label));
			fmt_figure(ch, r, figure, sizeof figure);
			json_object_set_new(jc, "figure", json_string(figure));
			json_object_set_new(jc, "measure", json_string(measure_names[ch->measure]));
			json_object_set_new(jc, "verdict", json_string(r->pass ? "pass" : "fail"));
			json_object_set_new(jc, "measured",
					    json_named(ch, r->got.v, r->got.n,
						       json_value(r->got.v, r->got.n, r->got.is_bool,
								  ch->measure == M_COLUMN_SERIES)));
			json_object_set_new(jc, "expected",
					    json_named(ch, ch->expect, ch->n_expect,
						       json_value(ch->expect, ch->n_expect, ch->measure == M_FLAG,
								  ch->measure == M_COLUMN_SERIES)));
			json_object_set_new(jc, "tolerance", json_num(ch->tol));
			if (measure_whole_jump(ch->measure))
				json_object_set_new(jc, "lane_paths", json_string(r->lanes));
			if (r->note[0])
				json_object_set_new(jc, "note", json_string(r->note));
			json_array_append_new(checks, jc);
		}
		json_object_set_new(o, "id", json_string(c->id));
		json_object_set_new(o, "verdict", json_string(ok ? "pass" : "fail"));
		json_object_set_new(o, "status", json_string(c->status));
		json_object_set_new(o, "file", json_string(c->file));
		json_object_set_new(o, "sentence", json_string(c->sentence));
		if (c->seed)
			json_object_set_new(o, "seed", json_string(c->seed));
		json_object_set_new(o, "checks", checks);
		json_array_append_new(out, o);
	}
	/* One claim per line. */
	int rc = 0;
	fputs("[", ck_out);
	for (size_t i = 0; i < json_array_size(out); i++) {
		fputs(i ? ",\n  " : "\n  ", ck_out);
		rc |= json_dumpf(json_array_get(out, i), ck_out, JSON_COMPACT | JSON_PRESERVE_ORDER);
	}
	fputs(json_array_size(out) ? "\n]\n" : "]\n", ck_out);
	json_decref(out);
	return rc;
}

/* A YAML double-quoted scalar. */
static void yaml_str(const char *s)
{
	fputc('"', ck_out);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', ck_out);
		fputc(*s, ck_out);
	}
	fputc('"', ck_out);
}

static void print_tap(const ck_claim *cl, ck_result *const *res, int n, int passed, int failed,
		      int drafts)
{
	char got[2048], want[2048], what[512], diff[2048];
	fprintf(ck_out, "TAP version 13\n1..%d\n", n);
	for (int i = 0; i < n; i++) {
		const ck_claim *c = &cl[i];
		int ok = 1;
		for (int k = 0; k < c->n_checks; k++)
			ok &= res[i][k].pass;
		fprintf(ck_out, "%s %d - %s\n", ok ? "ok" : "not ok", i + 1, c->id);
		if (ok)
			continue;
		join_figures(c, res[i], got, want, sizeof got);
		fprintf(ck_out, "  ---\n  file: ");
		yaml_str(c->file);
		fprintf(ck_out, "\n  status: %s\n  measured: ", c->status);
		yaml_str(got);
		fprintf(ck_out, "\n  expected: ");
		yaml_str(want);
		fprintf(ck_out, "\n  failed:\n");
		for (int k = 0; k < c->n_checks; k++) {
			if (res[i][k].pass)
				continue;
			fmt_what(&c->checks[k], what, sizeof what);
			fmt_diff(&c->checks[k], &res[i][k], diff, sizeof diff);
			fprintf(ck_out, "    - check: %d\n      what: ", k + 1);
			yaml_str(what);
			fprintf(ck_out, "\n      result: ");
			yaml_str(diff);
			fprintf(ck_out, "\n");
		}
		fprintf(ck_out, "  ...\n");
	}
	fprintf(ck_out, "# %d passed, %d failed", passed, failed);
	if (drafts)
		fprintf(ck_out, ", %d draft%s", drafts, drafts == 1 ? "" : "s");
	fprintf(ck_out, "\n");
}

/* ---- the command ---- */

/* The claims files of a directory being read (freed by js_claims_check). */
static char **ck_names;

static void free_names(void)
{
	for (size_t i = 0; ck_names && ck_names[i]; i++)
		free(ck_names[i]);
	free(ck_names);
	ck_names = NULL;
}

static int is_dir(const char *p)
{
	struct stat st;
	return p && *p && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int json_name(const struct dirent *e)
{
	size_t n = strlen(e->d_name);
	return e->d_name[0] != '.' && n > 5 && strcmp(e->d_name + n - 5, ".json") == 0;
}

/* Reads the selected files of dir (every *.json, or <game>.json for each game) and marks the
 * claims asked for (every one when n_ids is 0).  Errors go through ck_die. */
static void read_selected(const char *dir, const char *const *games, int n_games,
			  const char *const *ids, int n_ids, ck_set *set)
{
	char path[4096];
	if (!is_dir(dir))
		ck_die("check: --claims %s: not a directory", dir);
	if (n_games) {
		for (int i = 0; i < n_games; i++) {
			snprintf(path, sizeof path, "%s/%s.json", dir, games[i]);
			struct stat st;
			if (stat(path, &st) != 0)
				ck_die("check: --game %s: no claims file %s", games[i], path);
			read_file(path, set);
		}
	} else {
		/* the names first, the directory closed: a bad file longjmps out of read_file, and
		 * js_claims_check frees ck_names on either path */
		struct dirent **ents;
		int n = scandir(dir, &ents, json_name, alphasort);
		if (n < 0)
			ck_die("check: cannot read %s: %s", dir, strerror(errno));
		ck_names = calloc((size_t)n + 1, sizeof *ck_names);
		for (int i = 0; i < n; i++) {
			if (ck_names) {
				size_t len = strlen(dir) + strlen(ents[i]->d_name) + 2;
				ck_names[i] = malloc(len);
				if (ck_names[i])
					snprintf(ck_names[i], len, "%s/%s", dir, ents[i]->d_name);
			}
			free(ents[i]);
		}
		free(ents);
		if (!ck_names)
			ck_die("out of memory");
		for (int i = 0; i < n; i++) {
			if (!ck_names[i])
				ck_die("out of memory");
			read_file(ck_names[i], set);
		}
	}
	for (int i = 0; i < n_ids; i++) {
		int found = 0;
		for (int k = 0; k < set->n; k++)
			if (strcmp(set->claims[k].id, ids[i]) == 0)
				found = set->claims[k].selected = 1;
		if (!found)
			ck_die("check: --claim %s: no such claim in %s%s", ids[i], dir,
			       n_games ? " (in the --game files)" : "");
	}
}

int js_claims_check(const char *dir, const char *const *games, int n_games,
		    const char *const *ids, int n_ids, const char *format, FILE *out, int *failed_out,
		    char *err, size_t errn)
{
	ck_set set = { 0 };
	jmp_buf jb;
	volatile int rc = 0;
	ck_claim *volatile run = NULL;
	ck_result **volatile res = NULL;
	volatile int n_run = 0;
	ck_root = NULL;
	ck_out = out;
	if (setjmp(jb) == 0) {
		ck_catch = &jb;
		if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0 &&
		    strcmp(format, "tap") != 0)
			ck_die("check: --format %s: one of text, json, tap", format);
		/* Read and validate every selected file before running anything. */
		read_selected(dir, games, n_games, ids, n_ids, &set);
		/* The claims to run, in file order. */
		run = ck_alloc(sizeof *run * (size_t)(set.n ? set.n : 1));
		for (int k = 0; k < set.n; k++)
			if (!n_ids || set.claims[k].selected)
				run[n_run++] = set.claims[k];
		res = ck_alloc(sizeof *res * (size_t)(n_run ? n_run : 1));
		/* passed: checked claims; drafts: passing drafts */
		int passed = 0, failed = 0, drafts = 0;
		for (int i = 0; i < n_run; i++) {
			res[i] = ck_alloc(sizeof **res * (size_t)run[i].n_checks);
			int ok = 1;
			for (int k = 0; k < run[i].n_checks; k++) {
				run_check(&run[i].checks[k], &res[i][k]);
				ok &= res[i][k].pass;
			}
			int draft = strcmp(run[i].status, "draft") == 0;
			passed += ok && !draft;
			drafts += ok && draft;
			failed += !ok;
		}
		if (strcmp(format, "json") == 0)
			print_json(run, res, n_run);
		else if (strcmp(format, "tap") == 0)
			print_tap(run, res, n_run, passed, failed, drafts);
		else
			print_text(run, res, n_run, passed, failed, drafts);
		if (failed_out)
			*failed_out = failed;
		if (fflush(out) != 0 || ferror(out))
			ck_die("cannot write the report: %s", strerror(errno));
	} else {
		snprintf(err, errn, "%s", ck_caught);
		rc = strncmp(ck_caught, "out of memory", 13) == 0 ||
		     strncmp(ck_caught, "cannot write", 12) == 0 ? CK_EXIT_FAIL : CK_EXIT_USAGE;
		if (ck_root)
			json_decref(ck_root);
		ck_root = NULL;
		if (set.claims)
			set.n += set.n < set.cap; /* the claim being read when it failed */
	}
	ck_catch = NULL;
	free_names();
	for (int i = 0; res && i < n_run; i++) {
		for (int k = 0; res[i] && k < run[i].n_checks; k++) {
			free(res[i][k].got.v);
			free(res[i][k].got.f32);
		}
		free(res[i]);
	}
	for (int k = 0; k < set.n; k++)
		free_claim(&set.claims[k]);
	free(set.claims);
	free(run);
	free(res);
	return rc;
}
