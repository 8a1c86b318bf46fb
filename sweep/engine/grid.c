/* sweep/engine/grid.c - a grid from its spec in words: the axis arguments, the holds or the input
 * sequences (text, a sequence file, a movie) and the frame limit, checked the way every front end
 * checks them (the CLI's sweep, reach and trace, and the C API under the Python package), so a
 * mistake gets the same one-line message from each.  Also the start state of a trace. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzcase.h"
#include "movie.h"
#include "sweep.h"

static int apply_axis_args(const js_grid_spec *s, js_grid *g, char *err, size_t errn)
{
	const js_model *m = g->model;
	int seen[JS_MAX_AXES] = { 0 };
	for (int i = 0; i < s->n_axis_args; i++) {
		const char *arg = s->axis_args[i];
		int a;
		int32_t lo, hi;
		if (js_parse_axis_arg(m, arg, &a, &lo, &hi, err, errn) != 0)
			return JS_EXIT_USAGE;
		if (seen[a]++)
			return js_fail(err, errn, JS_EXIT_USAGE, "axis %s given twice", m->axes[a].name);
		g->lo[a] = lo;
		g->hi[a] = hi;
		if (s->single && lo != hi)
			return js_fail(err, errn, JS_EXIT_USAGE,
				    "trace takes one value per axis, not the range '%s'", arg);
	}
	if (s->single)
		for (int a = 0; a < m->n_axes; a++)
			if (!seen[a])
				g->hi[a] = g->lo[a] = m->axes[a].def_lo;
	return 0;
}

/* Appends a sequence (the grid owns seq and text from here on). */
static int push_seq(js_grid *g, uint8_t *seq, int len, char *text, char *err, size_t errn)
{
	uint8_t **s2 = realloc(g->seq, (size_t)(g->n_seq + 1) * sizeof *s2);
	if (s2)
		g->seq = s2;
	int *l2 = realloc(g->seq_len, (size_t)(g->n_seq + 1) * sizeof *l2);
	if (l2)
		g->seq_len = l2;
	char **t2 = realloc(g->seq_text, (size_t)(g->n_seq + 1) * sizeof *t2);
	if (t2)
		g->seq_text = t2;
	if (!s2 || !l2 || !t2 || !text) {
		free(seq);
		free(text);
		return js_fail(err, errn, JS_EXIT_RUNTIME, "out of memory");
	}
	g->seq[g->n_seq] = seq;
	g->seq_len[g->n_seq] = len;
	g->seq_text[g->n_seq] = text;
	g->n_seq++;
	return 0;
}

/* where: "" for --seq, "FILE:LINE: " for a sequence file's line (it starts the messages).  A
 * sequence that presses a button the model does not read is a usage error (js_seq_buttons). */
static int add_seq(js_grid *g, const char *text, const char *where, char *err, size_t errn)
{
	char e[1024];
	uint8_t *buf = malloc((size_t)g->n_frames);
	int len = 0;
	if (!buf)
		return js_fail(err, errn, JS_EXIT_RUNTIME, "out of memory");
	if (js_seq_parse(text, buf, g->n_frames, &len, e, sizeof e) != 0) {
		free(buf);
		return js_fail(err, errn, JS_EXIT_USAGE, "%s%s", where, e);
	}
	if (js_seq_buttons(g->model, buf, len, e, sizeof e) != 0) {
		free(buf);
		return js_fail(err, errn, JS_EXIT_USAGE, "%s\"%s\" %s", *where ? where : "--seq ", text, e);
	}
	return push_seq(g, buf, len, strdup(text), err, errn);
}

/* A movie as one sequence (movie.h): the axes that choose the buttons or the frame count must
 * hold one value (the low end of the grid is taken). */
static int load_seq_movie(js_grid *g, const char *path, long first_frame, char *err, size_t errn)
{
	const js_model *m = g->model;
	const char *dep[2] = { m->movie.jump_axis, m->movie.frames_axis };
	for (int i = 0; i < 2; i++) {
		int a = dep[i] ? js_axis_find(m, dep[i]) : -1;
		if (a >= 0 && g->lo[a] != g->hi[a])
			return js_fail(err, errn, JS_EXIT_USAGE,
				    "--seq-file %s: the movie's buttons depend on axis %s; give it one "
				    "value (--axis %s=...)", path, dep[i], dep[i]);
	}
	uint8_t *seq;
	int len;
	if (js_movie_read(m, g->lo, path, first_frame, &seq, &len, err, errn) != 0)
		return JS_EXIT_RUNTIME;
	if (len > g->n_frames)
		len = g->n_frames; /* the frame limit */
	size_t cap = (size_t)len * 6 + 16;
	char *text = malloc(cap);
	if (text)
		js_seq_format(seq, len, text, cap);
	return push_seq(g, seq, len, text, err, errn);
}

static int load_seq_file(js_grid *g, const char *path, char *err, size_t errn)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (!f)
		return js_fail(err, errn, JS_EXIT_RUNTIME, "cannot read '%s': %s", path, strerror(errno));
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int line_no = 0, rc = 0;
	while (rc == 0 && (n = getline(&line, &cap, f)) >= 0) {
		line_no++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = 0;
		char *p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '#')
			continue;
		char where[600];
		snprintf(where, sizeof where, "%s:%d: ", path, line_no);
		rc = add_seq(g, p, where, err, errn);
	}
	free(line);
	if (f != stdin)
		fclose(f);
	if (rc == 0 && g->n_seq == 0)
		rc = js_fail(err, errn, JS_EXIT_USAGE, "'%s' holds no input sequences", path);
	return rc;
}

static int build(js_grid *g, const js_grid_spec *s, char *err, size_t errn)
{
	if (s->frames) {
		if (s->frames < 1 || s->frames > JS_MAX_FRAMES)
			return js_fail(err, errn, JS_EXIT_USAGE, "--frames %ld: must be 1..%d", s->frames,
				    JS_MAX_FRAMES);
		g->n_frames = (int)s->frames;
	}
	int rc = apply_axis_args(s, g, err, errn);
	if (rc)
		return rc;
	int pats = (s->hold != NULL) + (s->n_seqs > 0 || s->seq_file != NULL);
	if (pats > 1)
		return js_fail(err, errn, JS_EXIT_USAGE, "give either --hold or --seq/--seq-file, not both");
	if (s->n_seqs || s->seq_file) {
		g->pattern = JS_PATTERN_SEQ;
		for (int i = 0; i < s->n_seqs && rc == 0; i++)
			rc = add_seq(g, s->seqs[i], "", err, errn);
		if (rc == 0 && s->seq_file && js_movie_is_path(s->seq_file))
			rc = load_seq_movie(g, s->seq_file, s->movie_frame, err, errn);
		else if (rc == 0 && s->seq_file)
			rc = load_seq_file(g, s->seq_file, err, errn);
		if (rc == 0 && s->single && g->n_seq != 1)
			rc = js_fail(err, errn, JS_EXIT_USAGE, "trace takes one input sequence");
		return rc;
	}
	if (s->hold) {
		long a, b;
		if (js_parse_int_range(s->hold, "--hold", &a, &b, err, errn) != 0)
			return JS_EXIT_USAGE;
		if (a < 0 || b < a)
			return js_fail(err, errn, JS_EXIT_USAGE, "--hold %s: expected A:B with 0 <= A <= B",
				    s->hold);
		if (s->single && a != b)
			return js_fail(err, errn, JS_EXIT_USAGE, "trace takes one hold, not the range '%s'",
				    s->hold);
		if (b > g->n_frames)
			return js_fail(err, errn, JS_EXIT_USAGE, "--hold %s: past the frame limit %d (raise "
				    "--frames)", s->hold, g->n_frames);
		g->hold_lo = (int)a;
		g->hold_hi = (int)b;
	} else if (s->single) {
		g->hold_lo = g->hold_hi = g->n_frames; /* trace default: held throughout */
	} else if (g->hold_hi > g->n_frames) {
		g->hold_hi = g->n_frames;
	}
	return 0;
}

int js_grid_build(js_grid *g, const js_model *m, const js_grid_spec *s, char *err, size_t errn)
{
	js_grid_default(g, m);
	int rc = build(g, s, err, errn);
	if (rc)
		js_grid_free_seqs(g);
	return rc;
}

int js_trace_start_state(const js_model *m, const int32_t *axis_values, const char *const *starts,
			 int n_starts, void *state, char *err, size_t errn)
{
	js_case *jc = calloc(1, sizeof *jc);
	if (!jc)
		return js_fail(err, errn, JS_EXIT_RUNTIME, "out of memory");
	jc->m = m;
	jc->n_lanes = 1;
	jc->n_frames = 1;
	memcpy(jc->axis[0], axis_values, sizeof jc->axis[0]);
	int rc = 0;
	for (int i = 0; i < n_starts && rc == 0; i++) {
		char name[64], e[700];
		const char *arg = starts[i], *eq = strchr(arg, '=');
		if (!eq || eq == arg || !eq[1] || (size_t)(eq - arg) >= sizeof name)
			rc = js_fail(err, errn, JS_EXIT_USAGE, "--start '%s': expected FIELD=VALUE (the "
				  "fields: jumpsweep list %s)", arg, m->id);
		else if (!m->n_fields)
			rc = js_fail(err, errn, JS_EXIT_USAGE, "--start %s: model %s has no start fields",
				  arg, m->id);
		else {
			snprintf(name, sizeof name, "%.*s", (int)(eq - arg), arg);
			if (js_case_set_field(jc, 0, name, eq + 1, e, sizeof e) != 0)
				rc = js_fail(err, errn, JS_EXIT_USAGE, "--start %s: %s", arg, e);
		}
	}
	if (rc == 0)
		js_case_start(jc, 0, state);
	free(jc);
	return rc;
}
