/* sweep/engine/args.c - command-line values: integers, axis values and NAME=A:B axis arguments.  They
 * report a bad value as one line in err and return -1 (the CLI prints it and exits 2); the
 * fuzz harness fuzz/fuzz_args.c drives them with arbitrary strings. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

/* Messages quote what was typed: a control character in it (a newline in an argument) would
 * break the one-line rule, so each becomes '?'. */
void js_oneline(char *msg)
{
	for (unsigned char *p = (unsigned char *)msg; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			*p = '?';
}

static int js_parse_int_(const char *s, const char *what, long *out, char *err, size_t n)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 0);
	if (errno || end == s || *end) {
		snprintf(err, n, "%s: '%s' is not an integer", what, s);
		return -1;
	}
	*out = v;
	return 0;
}

static int js_parse_axis_value_(const js_model *m, const js_axis *ax, const char *s, int32_t *out,
			char *err, size_t n)
{
	if (ax->n_names) {
		for (int i = 0; i < ax->n_names; i++)
			if (strcmp(s, ax->names[i]) == 0) {
				*out = i;
				return 0;
			}
		char list[256] = "";
		for (int i = 0; i < ax->n_names; i++) {
			strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
			strncat(list, ax->names[i], sizeof list - strlen(list) - 1);
		}
		snprintf(err, n, "%s axis %s: unknown value '%s' (one of: %s)", m->id, ax->name, s, list);
		return -1;
	}
	/* the game's own values by name (js_axis.values) */
	for (int i = 0; i < JS_MAX_AXIS_VALUES && ax->values[i].name; i++)
		if (strcmp(s, ax->values[i].name) == 0) {
			*out = ax->values[i].value;
			return 0;
		}
	char what[128];
	snprintf(what, sizeof what, "%s axis %s", m->id, ax->name);
	long v;
	if (js_parse_int_(s, what, &v, err, n) != 0) {
		if (ax->values[0].name) {
			char list[256] = "";
			for (int i = 0; i < JS_MAX_AXIS_VALUES && ax->values[i].name; i++) {
				strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
				strncat(list, ax->values[i].name, sizeof list - strlen(list) - 1);
			}
			snprintf(err, n, "%s axis %s: '%s' is not an integer or a named value (%s)",
				 m->id, ax->name, s, list);
		}
		return -1;
	}
	if (v < ax->min || v > ax->max) {
		snprintf(err, n, "%s axis %s: %ld is outside the axis range %d..%d", m->id, ax->name, v,
			 ax->min, ax->max);
		return -1;
	}
	*out = (int32_t)v;
	return 0;
}

static int js_parse_axis_arg_(const js_model *m, const char *arg, int *axis, int32_t *lo, int32_t *hi,
		      char *err, size_t n)
{
	const char *eq = strchr(arg, '=');
	if (!eq || eq == arg) {
		snprintf(err, n, "--axis '%s': expected NAME=VALUE or NAME=A:B", arg);
		return -1;
	}
	char name[64];
	if ((size_t)(eq - arg) >= sizeof name) {
		snprintf(err, n, "model %s has no axis '%.*s...' (see jumpsweep list %s)", m->id, 32, arg,
			 m->id);
		return -1;
	}
	snprintf(name, sizeof name, "%.*s", (int)(eq - arg), arg);
	int a = js_axis_find(m, name);
	if (a < 0) {
		snprintf(err, n, "model %s has no axis '%s' (see jumpsweep list %s)", m->id, name, m->id);
		return -1;
	}
	/* A:B or A (also for names).  Negative numbers: "-5:-1"; the separator is the first ':'. */
	const char *v = eq + 1, *colon = strchr(v, ':');
	size_t llen = colon ? (size_t)(colon - v) : strlen(v);
	const char *hs = colon ? colon + 1 : v;
	char l[128], h[128];
	if (llen >= sizeof l || strlen(hs) >= sizeof h) {
		snprintf(err, n, "--axis '%.64s...': value too long", arg);
		return -1;
	}
	snprintf(l, sizeof l, "%.*s", (int)llen, v);
	snprintf(h, sizeof h, "%s", hs);
	if (!*l || !*h) {
		snprintf(err, n, "--axis '%s': empty value", arg);
		return -1;
	}
	if (js_parse_axis_value_(m, &m->axes[a], l, lo, err, n) != 0 ||
	    js_parse_axis_value_(m, &m->axes[a], h, hi, err, n) != 0)
		return -1;
	if (*lo > *hi) {
		snprintf(err, n, "--axis '%s': the range is empty (low end above high end)", arg);
		return -1;
	}
	*axis = a;
	return 0;
}

static int js_parse_int_range_(const char *s, const char *what, long *lo, long *hi, char *err, size_t n)
{
	const char *colon = strchr(s, ':');
	char l[64];
	size_t llen = colon ? (size_t)(colon - s) : strlen(s);
	if (llen >= sizeof l) {
		snprintf(err, n, "%s: '%.40s...' is not an integer", what, s);
		return -1;
	}
	snprintf(l, sizeof l, "%.*s", (int)llen, s);
	if (js_parse_int_(l, what, lo, err, n) != 0 ||
	    js_parse_int_(colon ? colon + 1 : s, what, hi, err, n) != 0)
		return -1;
	return 0;
}

int js_parse_int(const char *s, const char *what, long *out, char *err, size_t n)
{
	int rc = js_parse_int_(s, what, out, err, n);
	if (rc)
		js_oneline(err);
	return rc;
}

int js_parse_axis_value(const js_model *m, const js_axis *ax, const char *s, int32_t *out,
			char *err, size_t n)
{
	int rc = js_parse_axis_value_(m, ax, s, out, err, n);
	if (rc)
		js_oneline(err);
	return rc;
}

int js_parse_axis_arg(const js_model *m, const char *arg, int *axis, int32_t *lo, int32_t *hi,
		      char *err, size_t n)
{
	int rc = js_parse_axis_arg_(m, arg, axis, lo, hi, err, n);
	if (rc)
		js_oneline(err);
	return rc;
}

int js_parse_int_range(const char *s, const char *what, long *lo, long *hi, char *err, size_t n)
{
	int rc = js_parse_int_range_(s, what, lo, hi, err, n);
	if (rc)
		js_oneline(err);
	return rc;
}

/* "512M", "4G", "1000000": bytes, at least 1 MiB. */
int js_parse_size(const char *s, const char *what, size_t *out, char *err, size_t n)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	unsigned shift = 0;
	if (end != s && *end && !end[1]) {
		shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20
			: *end == 'G' || *end == 'g' ? 30 : 99;
		end++;
	}
	if (end == s || *end || errno || shift == 99 || *s == '-' || (v << shift) >> shift != v ||
	    (v << shift) < (1ull << 20)) {
		snprintf(err, n, "%s %s: a size of at least 1M (bytes, or with K, M, G)", what, s);
		js_oneline(err);
		return -1;
	}
	*out = (size_t)(v << shift);
	return 0;
}

/* A length in the model's unit ("67", "27.375", "-3") as sub-units: the least whole number of
 * sub-units at or above it, *between = 1 when it is not a whole number of them. */
int js_parse_length(const js_model *m, const char *s, const char *what, int64_t *sub, int *between,
		    char *err, size_t n)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	double x = v * (double)m->sub_per_unit;
	if (end == s || *end || errno || !(x > -9e15 && x < 9e15)) {
		snprintf(err, n, "%s '%s': expected a length in %s (e.g. 16 or 27.375)", what, s, m->unit);
		js_oneline(err);
		return -1;
	}
	double c = ceil(x);
	*sub = (int64_t)c;
	*between = c != x;
	return 0;
}

int js_model_need(const char *id, const js_model **m, char *err, size_t n)
{
	*m = id ? js_model_find(id) : NULL;
	if (*m)
		return 0;
	char list[512] = "";
	for (int i = 0; i < js_n_models; i++) {
		strncat(list, i ? " " : "", sizeof list - strlen(list) - 1);
		strncat(list, js_models[i]->id, sizeof list - strlen(list) - 1);
	}
	snprintf(err, n, "unknown model '%s' (models: %s)", id ? id : "", list);
	js_oneline(err);
	return JS_EXIT_USAGE;
}

int js_fail(char *err, size_t errn, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (err && errn) {
		vsnprintf(err, errn, fmt, ap);
		js_oneline(err); /* an argument quoted in the message may hold a newline */
	}
	va_end(ap);
	return code;
}
