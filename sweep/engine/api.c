/* sweep/engine/api.c - libjumpsweep's C API (jumpsweep.h) over the engine: the same grid
 * building, runs, traces, searches and descriptions the CLI uses, with every error returned as a
 * status and a one-line message instead of an exit. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "claims.h"
#include "describe.h"
#include "jumpsweep.h"
#include "movie.h"
#include "sweep.h"
#include "trace.h"

struct jumpsweep_grid {
	js_grid g;
};

int jumpsweep_api_version(void)
{
	return JUMPSWEEP_API_VERSION;
}

const char *jumpsweep_version(void)
{
	return JS_VERSION;
}

void jumpsweep_free(void *p)
{
	free(p);
}

static char *dump(json_t *j)
{
	char *s = j ? json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII) : NULL;
	json_decref(j);
	return s;
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* ---- models ---- */

static json_t *axis_json(const js_axis *ax)
{
	json_t *o = json_object(), *names = json_array(), *values = json_array();
	json_object_set_new(o, "name", json_string(ax->name));
	json_object_set_new(o, "unit", json_string(ax->unit ? ax->unit : ""));
	json_object_set_new(o, "long_name", json_string(ax->long_name ? ax->long_name : ""));
	json_object_set_new(o, "min", json_integer(ax->min));
	json_object_set_new(o, "max", json_integer(ax->max));
	json_object_set_new(o, "default_lo", json_integer(ax->def_lo));
	json_object_set_new(o, "default_hi", json_integer(ax->def_hi));
	for (int i = 0; i < ax->n_names; i++)
		json_array_append_new(names, json_string(ax->names[i]));
	json_object_set_new(o, "names", names);
	char button[2] = { 0 };
	for (int b = 0; b < JS_N_BUTTONS; b++)
		if (ax->input_bit == 1u << b)
			button[0] = JS_SEQ_BUTTONS[b];
	json_object_set_new(o, "button", button[0] ? json_string(button) : json_null());
	for (int i = 0; i < JS_MAX_AXIS_VALUES && ax->values[i].name; i++) {
		json_t *v = json_object();
		json_object_set_new(v, "name", json_string(ax->values[i].name));
		json_object_set_new(v, "value", json_integer(ax->values[i].value));
		json_object_set_new(v, "source", str_or_null(ax->values[i].source));
		json_array_append_new(values, v);
	}
	json_object_set_new(o, "values", values);
	return o;
}

static json_t *model_json(const js_model *m)
{
	json_t *o = json_object(), *a;
	json_object_set_new(o, "id", json_string(m->id));
	json_object_set_new(o, "game", json_string(m->game));
	json_object_set_new(o, "platform", json_string(m->platform));
	json_object_set_new(o, "character", json_string(m->character));
	json_object_set_new(o, "unit", json_string(m->unit));
	json_object_set_new(o, "sub_per_unit", json_integer(m->sub_per_unit));
	json_object_set_new(o, "fps", json_real(m->fps));
	json_object_set_new(o, "tile", json_real(m->tile));
	json_object_set_new(o, "frame", str_or_null(m->frame));
	json_object_set_new(o, "sources", str_or_null(m->sources));
	json_object_set_new(o, "notes", str_or_null(m->notes));
	a = json_array();
	for (const char *const *c = m->claims; c && *c; c++)
		json_array_append_new(a, json_string(*c));
	json_object_set_new(o, "claims", a);
	json_object_set_new(o, "default_hold", json_integer(m->default_hold));
	json_object_set_new(o, "default_frames", json_integer(m->default_frames));
	json_object_set_new(o, "character_height", json_real(m->character_height));
	json_object_set_new(o, "character_height_source", str_or_null(m->character_height_source));
	json_t *buttons = json_object();
	for (int b = 0; b < JS_N_BUTTONS; b++)
		if (m->inputs >> b & 1u) {
			char key[2] = { JS_SEQ_BUTTONS[b], 0 };
			json_object_set_new(buttons, key, str_or_null(m->movie.button[b]));
		}
	json_object_set_new(o, "buttons", buttons);
	json_object_set_new(o, "movie_formats", json_string(js_movie_formats(m)));
	a = json_array();
	for (int i = 0; i < m->n_axes; i++)
		json_array_append_new(a, axis_json(&m->axes[i]));
	json_object_set_new(o, "axes", a);
	a = json_array();
	for (int b = 0; b < JS_MAX_FLAGS; b++)
		if (m->flag_names[b]) {
			json_t *f = json_object();
			json_object_set_new(f, "bit", json_integer(b));
			json_object_set_new(f, "mask", json_integer((json_int_t)(1ul << b)));
			json_object_set_new(f, "name", json_string(m->flag_names[b]));
			json_object_set_new(f, "description", str_or_null(js_flag_what(m, b)));
			json_array_append_new(a, f);
		}
	json_object_set_new(o, "flags", a);
	a = json_array();
	for (int i = 0; i < m->n_fields; i++) {
		const js_field *f = &m->fields[i];
		json_t *jf = json_object(), *vn = json_array();
		json_object_set_new(jf, "name", json_string(f->name));
		json_object_set_new(jf, "min", json_real(f->min));
		json_object_set_new(jf, "max", json_real(f->max));
		json_object_set_new(jf, "why", str_or_null(f->why));
		for (int v = 0; f->value_names && v <= (int)(f->max - f->min); v++)
			json_array_append_new(vn, json_string(f->value_names[v]));
		json_object_set_new(jf, "value_names", vn);
		json_array_append_new(a, jf);
	}
	json_object_set_new(o, "fields", a);
	a = json_array();
	for (int i = 0; i < JS_MAX_INVARIANTS; i++)
		if (m->inv_names[i]) {
			json_t *r = json_object();
			json_object_set_new(r, "name", json_string(m->inv_names[i]));
			json_object_set_new(r, "what", str_or_null(m->inv_what[i]));
			json_array_append_new(a, r);
		}
	if (m->land_bound) {
		char what[128];
		snprintf(what, sizeof what, "with no buttons, any start lands within %d frames",
			 m->land_bound);
		json_t *r = json_object();
		json_object_set_new(r, "name", json_string("lands"));
		json_object_set_new(r, "what", json_string(what));
		json_array_append_new(a, r);
	}
	json_object_set_new(o, "rules", a);
	return o;
}

char *jumpsweep_models_json(void)
{
	json_t *a = json_array();
	for (int i = 0; i < js_n_models; i++)
		json_array_append_new(a, model_json(js_models[i]));
	return dump(a);
}

/* ---- grids ---- */

int jumpsweep_grid_new(const char *model, const char *const *axes, int n_axes, const char *hold,
		       const char *const *seqs, int n_seqs, const char *seq_file, long frames,
		       jumpsweep_grid **out, char *err, size_t errn)
{
	const js_model *m;
	*out = NULL;
	int rc = js_model_need(model, &m, err, errn);
	if (rc)
		return rc;
	jumpsweep_grid *g = calloc(1, sizeof *g);
	if (!g)
		return js_fail(err, errn, JUMPSWEEP_ERUNTIME, "out of memory");
	js_grid_spec s = { .axis_args = axes, .n_axis_args = n_axes, .hold = hold, .seqs = seqs,
			   .n_seqs = n_seqs, .seq_file = seq_file,
			   .movie_frame = JS_MOVIE_FIRST_PRESS, .frames = frames };
	rc = js_grid_build(&g->g, m, &s, err, errn);
	if (rc) {
		free(g);
		return rc;
	}
	*out = g;
	return 0;
}

void jumpsweep_grid_free(jumpsweep_grid *g)
{
	if (!g)
		return;
	js_grid_free_seqs(&g->g);
	free(g);
}

int64_t jumpsweep_grid_lanes(const jumpsweep_grid *g)
{
	return (int64_t)js_grid_lanes(&g->g);
}

static int attr_json(void *ctx, const js_attr *a)
{
	json_t *list = ctx, *t = json_array(), *v = NULL;
	static const char *const type[] = { "str", "i32", "i64", "f64", "u32[]", "str[]" };
	switch (a->type) {
	case JS_ATTR_STR: v = json_string(a->v.s); break;
	case JS_ATTR_I32: v = json_integer(a->v.i32); break;
	case JS_ATTR_I64: v = json_integer(a->v.i64); break;
	case JS_ATTR_F64: v = json_real(a->v.f64); break;
	case JS_ATTR_U32S:
		v = json_array();
		for (int i = 0; i < a->n; i++)
			json_array_append_new(v, json_integer(a->v.u32s[i]));
		break;
	case JS_ATTR_STRS:
		v = json_array();
		for (int i = 0; i < a->n; i++)
			json_array_append_new(v, json_string(a->v.strs[i]));
		break;
	}
	json_array_append_new(t, json_string(a->name));
	json_array_append_new(t, json_string(type[a->type]));
	json_array_append_new(t, v);
	json_array_append_new(list, t);
	return 0;
}

static void put_attr(json_t *list, const char *name, js_attr_type type, const void *value, int n)
{
	js_attr a = { .name = name, .type = type, .n = n };
	switch (type) {
	case JS_ATTR_STR: a.v.s = value; break;
	case JS_ATTR_I32: a.v.i32 = *(const int32_t *)value; break;
	case JS_ATTR_I64: a.v.i64 = *(const int64_t *)value; break;
	case JS_ATTR_F64: a.v.f64 = *(const double *)value; break;
	case JS_ATTR_U32S: a.v.u32s = value; break;
	case JS_ATTR_STRS: a.v.strs = value; break;
	}
	attr_json(list, &a);
}

/* units (when it has any) and long_name of a variable or scale (describe.h). */
static json_t *var_attrs(const js_model *m, const char *name)
{
	char units[160], long_name[600];
	json_t *a = json_array();
	js_sweep_var_text(m, name, units, sizeof units, long_name, sizeof long_name);
	if (units[0])
		put_attr(a, "units", JS_ATTR_STR, units, 1);
	put_attr(a, "long_name", JS_ATTR_STR, long_name, 1);
	return a;
}

static json_t *coord(const char *name, const char *dim, const char *dtype, json_t *values,
		     json_t *attrs)
{
	json_t *c = json_object(), *dims = json_array();
	json_array_append_new(dims, json_string(dim));
	json_object_set_new(c, "name", json_string(name));
	json_object_set_new(c, "dims", dims);
	json_object_set_new(c, "dtype", json_string(dtype));
	json_object_set_new(c, "values", values);
	json_object_set_new(c, "attrs", attrs);
	return c;
}

char *jumpsweep_grid_json(const jumpsweep_grid *gg)
{
	const js_grid *g = &gg->g;
	const js_model *m = g->model;
	json_t *o = json_object(), *dims = json_array(), *shape = json_array(), *coords = json_array();
	json_t *vars = json_array(), *attrs = json_array();
	json_object_set_new(o, "model", json_string(m->id));
	for (int a = 0; a < m->n_axes; a++) {
		const js_axis *ax = &m->axes[a];
		json_t *vals = json_array(), *idx = json_array();
		json_array_append_new(dims, json_string(ax->name));
		json_array_append_new(shape, json_integer(js_grid_axis_len(g, a)));
		for (int32_t v = g->lo[a]; v <= g->hi[a]; v++) {
			if (ax->n_names > 0)
				json_array_append_new(vals, json_string(ax->names[v]));
			else
				json_array_append_new(vals, json_integer(v));
			json_array_append_new(idx, json_integer(v));
		}
		if (ax->n_names > 0) {
			char iname[80];
			snprintf(iname, sizeof iname, "%s_index", ax->name);
			json_array_append_new(coords, coord(ax->name, ax->name, "str", vals,
							    var_attrs(m, ax->name)));
			json_array_append_new(coords, coord(iname, ax->name, "int32", idx,
							    var_attrs(m, iname)));
		} else {
			json_decref(idx);
			json_array_append_new(coords, coord(ax->name, ax->name, "int32", vals,
							    var_attrs(m, ax->name)));
		}
	}
	const char *pname = g->pattern == JS_PATTERN_HOLD ? "hold" : "sequence";
	json_array_append_new(dims, json_string(pname));
	json_array_append_new(shape, json_integer(js_grid_pattern_len(g)));
	json_t *pv = json_array();
	for (int i = 0; i < js_grid_pattern_len(g); i++)
		json_array_append_new(pv, json_integer(g->pattern == JS_PATTERN_HOLD ? g->hold_lo + i
										      : i));
	json_array_append_new(coords, coord(pname, pname, "int32", pv, var_attrs(m, pname)));
	if (g->pattern == JS_PATTERN_SEQ) {
		json_t *texts = json_array();
		for (int i = 0; i < g->n_seq; i++)
			json_array_append_new(texts, json_string(g->seq_text[i]));
		json_array_append_new(coords, coord("sequence_text", "sequence", "str", texts,
						    var_attrs(m, "sequence_text")));
	}
	static const char *const names[] = { "rise", "rise_sub", "apex_frame", "airtime", "flags" };
	static const char *const dtypes[] = { "float64", "int64", "int32", "int32", "uint32" };
	for (int v = 0; v < 5; v++) {
		json_t *jv = json_object(), *va = var_attrs(m, names[v]);
		if (v == 4) {
			uint32_t masks[JS_MAX_FLAGS];
			const char *fnames[JS_MAX_FLAGS];
			char sp[1024] = "";
			int nf = js_flag_table(m, masks, fnames);
			for (int i = 0; i < nf; i++) {
				size_t len = strlen(sp);
				snprintf(sp + len, sizeof sp - len, "%s%s", i ? " " : "", fnames[i]);
			}
			if (nf > 0) {
				put_attr(va, "flag_masks", JS_ATTR_U32S, masks, nf);
				put_attr(va, "flag_meanings", JS_ATTR_STR, sp, 1);
			}
		}
		json_object_set_new(jv, "name", json_string(names[v]));
		json_object_set_new(jv, "dtype", json_string(dtypes[v]));
		json_object_set_new(jv, "attrs", va);
		json_array_append_new(vars, jv);
	}
	js_model_attrs(m, attr_json, attrs);
	int32_t nf = g->n_frames;
	put_attr(attrs, "n_frames", JS_ATTR_I32, &nf, 1);
	put_attr(attrs, "pattern", JS_ATTR_STR, pname, 1);
	json_object_set_new(o, "dims", dims);
	json_object_set_new(o, "shape", shape);
	json_object_set_new(o, "coords", coords);
	json_object_set_new(o, "vars", vars);
	json_object_set_new(o, "attrs", attrs);
	return dump(o);
}

/* "auto"/NULL, a path name, or "reference". */
static int run_path(const char *isa, js_run_opts *o, char *err, size_t errn)
{
	o->isa = js_isa_current();
	if (!isa || strcmp(isa, "auto") == 0)
		return 0;
	if (strcmp(isa, "reference") == 0) {
		o->reference = 1;
		return 0;
	}
	int i = js_isa_parse(isa);
	if (i < 0)
		return js_fail(err, errn, JUMPSWEEP_EUSAGE,
			    "--isa %s: unknown path (scalar, sse4, avx2, avx512, reference)", isa);
	if (!js_isa_available((js_isa)i))
		return js_fail(err, errn, JUMPSWEEP_EUSAGE,
			    "--isa %s: this CPU or build cannot run that path", isa);
	o->isa = (js_isa)i;
	return 0;
}

static int threads_ok(int threads, char *err, size_t errn)
{
	if (threads < 0 || threads > 1024)
		return js_fail(err, errn, JUMPSWEEP_EUSAGE, "--threads %d: must be 1..1024", threads);
	return 0;
}

int jumpsweep_sweep(const jumpsweep_grid *gg, const char *isa, int threads, int64_t *rise_sub,
		    double *rise, int32_t *apex_frame, int32_t *airtime, uint32_t *flags, char *err,
		    size_t errn)
{
	const js_grid *g = &gg->g;
	js_run_opts o = { .threads = threads, .progress = JS_PROGRESS_OFF };
	int rc = run_path(isa, &o, err, errn);
	if (rc || (rc = threads_ok(threads, err, errn)))
		return rc;
	if (!rise_sub)
		return js_fail(err, errn, JUMPSWEEP_EUSAGE, "sweep: no array for rise_sub");
	size_t n = js_grid_lanes(g);
	/* the caller's arrays, and scratch for the ones it does not want */
	int32_t *apex = apex_frame ? apex_frame : malloc(n * sizeof *apex);
	int32_t *air = airtime ? airtime : malloc(n * sizeof *air);
	uint32_t *fl = flags ? flags : malloc(n * sizeof *fl);
	if (!apex || !air || !fl) {
		rc = js_fail(err, errn, JUMPSWEEP_ERUNTIME, "out of memory for %zu lanes", n);
	} else {
		js_result r = { .n = n, .rise = rise_sub, .apex_frame = apex, .airtime = air,
				.flags = fl };
		js_sweep_run(g, &o, &r);
		if (rise)
			for (size_t i = 0; i < n; i++)
				rise[i] = (double)rise_sub[i] / (double)g->model->sub_per_unit;
	}
	if (apex != apex_frame)
		free(apex);
	if (air != airtime)
		free(air);
	if (fl != flags)
		free(fl);
	return rc;
}

/* ---- trace ---- */

int jumpsweep_trace_csv(const char *model, const char *const *axes, int n_axes, const char *hold,
			const char *seq, const char *seq_file, const char *const *starts,
			int n_starts, long frames, char **csv, char *err, size_t errn)
{
	const js_model *m;
	*csv = NULL;
	int rc = js_model_need(model, &m, err, errn);
	if (rc)
		return rc;
	js_grid g;
	js_grid_spec s = { .axis_args = axes, .n_axis_args = n_axes, .hold = hold,
			   .seqs = seq ? &seq : NULL, .n_seqs = seq != NULL, .seq_file = seq_file,
			   .movie_frame = JS_MOVIE_FIRST_PRESS, .frames = frames, .single = 1 };
	rc = js_grid_build(&g, m, &s, err, errn);
	if (rc)
		return rc;
	int32_t ax[JS_MAX_AXES] = { 0 };
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	uint8_t *in = malloc((size_t)g.n_frames);
	char *buf = NULL;
	size_t len = 0;
	FILE *out = NULL;
	if (!in) {
		rc = js_fail(err, errn, JUMPSWEEP_ERUNTIME, "out of memory");
		goto done;
	}
	js_grid_lane_axes(&g, 0, ax);
	js_grid_lane_input(&g, 0, in);
	rc = js_trace_start_state(m, ax, starts, n_starts, st, err, errn);
	if (rc)
		goto done;
	out = open_memstream(&buf, &len);
	if (!out) {
		rc = js_fail(err, errn, JUMPSWEEP_ERUNTIME, "cannot write the trace: %s", strerror(errno));
		goto done;
	}
	int wrc = js_trace(out, m, st, in, g.n_frames);
	if (fclose(out) != 0 || wrc != 0) {
		rc = js_fail(err, errn, JUMPSWEEP_ERUNTIME, "cannot write the trace: out of memory");
		free(buf);
		buf = NULL;
	}
	*csv = buf;
done:
	free(in);
	js_grid_free_seqs(&g);
	return rc;
}

/* ---- reach ---- */

static int budget_opts(const char *max_memory, uint64_t max_states, int threads, long frames,
		       js_reach_opts *o, char *err, size_t errn)
{
	int rc = threads_ok(threads, err, errn);
	if (rc)
		return rc;
	if (frames && (frames < 1 || frames > JS_MAX_FRAMES))
		return js_fail(err, errn, JUMPSWEEP_EUSAGE, "--frames %ld: must be 1..%d", frames,
			    JS_MAX_FRAMES);
	o->n_frames = (int)frames;
	o->max_states = max_states;
	o->threads = threads;
	o->progress = JS_PROGRESS_OFF;
	if (max_memory && js_parse_size(max_memory, "--max-memory", &o->max_memory, err, errn) != 0)
		return JUMPSWEEP_EUSAGE;
	return 0;
}

int jumpsweep_reach_h5(const char *model, const char *const *axes, int n_axes, long frames,
		       const char *max_memory, uint64_t max_states, int canonical, int threads,
		       const char *path, int *incomplete, char *err, size_t errn)
{
	const js_model *m;
	js_reach_opts o = { .canonical = canonical != 0 };
	int rc = js_model_need(model, &m, err, errn);
	if (rc || (rc = budget_opts(max_memory, max_states, threads, frames, &o, err, errn)))
		return rc;
	js_grid g;
	js_grid_spec s = { .axis_args = axes, .n_axis_args = n_axes };
	rc = js_grid_build(&g, m, &s, err, errn);
	if (rc)
		return rc;
	js_reach r;
	if (js_reach_run(&g, &o, &r, err, errn) != 0) {
		js_grid_free_seqs(&g);
		return JUMPSWEEP_EUSAGE;
	}
	if (incomplete)
		*incomplete = r.incomplete;
	js_h5_meta meta = { .command = "jumpsweep_reach_h5 (C API)", .isa = "reference" };
	js_h5 *h = js_h5_create(path, &meta, err, errn);
	if (!h) {
		rc = JUMPSWEEP_ERUNTIME;
	} else if (js_h5_write_reach(h, &r, err, errn) != 0) {
		char e2[256];
		js_h5_close(h, 0, e2, sizeof e2);
		rc = JUMPSWEEP_ERUNTIME;
	} else if (js_h5_close(h, 1, err, errn) != 0) {
		rc = JUMPSWEEP_ERUNTIME;
	}
	js_reach_free(&r);
	js_grid_free_seqs(&g);
	return rc;
}

/* ---- find ---- */

static json_t *witness_json(const js_model *m, const js_find_witness *w)
{
	if (!w->found)
		return json_null();
	size_t cap = (size_t)w->len * 6 + 16;
	char *text = malloc(cap);
	if (!text)
		return json_null();
	js_seq_format(w->seq, w->len, text, cap);
	json_t *o = json_object();
	json_object_set_new(o, "rise_sub", json_integer(w->rise));
	json_object_set_new(o, "rise", json_real((double)w->rise / (double)m->sub_per_unit));
	json_object_set_new(o, "apex_frame", json_integer(w->apex_frame));
	json_object_set_new(o, "airtime", json_integer(w->airtime));
	json_object_set_new(o, "held", json_integer(w->held));
	json_object_set_new(o, "presses", json_integer(w->presses));
	json_object_set_new(o, "proven", json_boolean(w->proven));
	json_object_set_new(o, "frames", json_integer(w->len));
	json_object_set_new(o, "witness", json_string(text));
	free(text);
	return o;
}

int jumpsweep_find_json(const char *model, const char *const *axes, int n_axes, const char *rise,
			const char *rise_sub, int highest, const char *apex_frame,
			const char *airtime, long frames, const char *max_memory,
			uint64_t max_states, int threads, char **json, char *err, size_t errn)
{
	const js_model *m;
	js_reach_opts o = { 0 };
	js_find_query q;
	*json = NULL;
	int rc = js_model_need(model, &m, err, errn);
	if (rc || (rc = budget_opts(max_memory, max_states, threads, frames, &o, err, errn)) ||
	    (rc = js_find_query_parse(m, rise, rise_sub, highest, 0, apex_frame, airtime, &q, err,
				      errn)) ||
	    (rc = js_find_check_axes(m, axes, n_axes, err, errn)))
		return rc;
	js_grid g;
	js_grid_spec s = { .axis_args = axes, .n_axis_args = n_axes };
	if ((rc = js_grid_build(&g, m, &s, err, errn)) != 0)
		return rc;
	if (!o.n_frames)
		o.n_frames = g.n_frames;
	json_t *out = json_array();
	size_t n_starts = js_grid_starts(&g);
	for (size_t i = 0; i < n_starts && rc == 0; i++) {
		int32_t ax[JS_MAX_AXES] = { 0 };
		js_grid_start_axes(&g, i, ax);
		js_reach_set set;
		js_find_answer ans;
		if (js_find_one(m, ax, &o, &q, &set, &ans) != 0) {
			rc = js_fail(err, errn, JUMPSWEEP_EUSAGE, "%s", ans.message);
			js_reach_set_free(&set);
			break;
		}
		json_t *row = json_object(), *start = json_object();
		for (int a = 0; a < m->n_axes; a++) {
			const js_axis *axd = &m->axes[a];
			if (axd->input_bit)
				continue;
			json_object_set_new(start, axd->name, axd->n_names
						? json_string(axd->names[ax[a]]) : json_integer(ax[a]));
		}
		json_object_set_new(row, "start", start);
		json_object_set_new(row, "exact", json_boolean(ans.exact));
		json_object_set_new(row, "best", ans.exact ? witness_json(m, &ans.best) : json_null());
		json_object_set_new(row, "shortest", witness_json(m, &ans.shortest));
		json_object_set_new(row, "longest", witness_json(m, &ans.longest));
		json_object_set_new(row, "below", ans.exact ? json_null() : witness_json(m, &ans.below));
		json_object_set_new(row, "above", ans.exact ? json_null() : witness_json(m, &ans.above));
		json_object_set_new(row, "settle_gap", json_boolean(ans.settle_gap));
		json_object_set_new(row, "complete", json_boolean(set.complete));
		json_object_set_new(row, "message", json_string(set.complete ? "" : set.message));
		json_object_set_new(row, "n_rises", json_integer(set.n_rises));
		json_object_set_new(row, "states", json_integer((json_int_t)set.states));
		json_object_set_new(row, "seconds", json_real(set.seconds));
		json_array_append_new(out, row);
		js_find_answer_free(&ans);
		js_reach_set_free(&set);
	}
	js_grid_free_seqs(&g);
	if (rc) {
		json_decref(out);
		return rc;
	}
	*json = dump(out);
	return *json ? 0 : js_fail(err, errn, JUMPSWEEP_ERUNTIME, "out of memory");
}

/* ---- check: the claims ---- */

int jumpsweep_check_json(const char *claims_dir, const char *const *games, int n_games,
			 const char *const *ids, int n_ids, char **json, int *failed, char *err,
			 size_t errn)
{
	*json = NULL;
	if (!claims_dir)
		return js_fail(err, errn, JUMPSWEEP_EUSAGE, "check: no claims directory");
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	if (!out)
		return js_fail(err, errn, JUMPSWEEP_ERUNTIME, "out of memory");
	int rc = js_claims_check(claims_dir, games, n_games, ids, n_ids, "json", out, failed, err,
				 errn);
	if (fclose(out) != 0 && rc == 0)
		rc = js_fail(err, errn, JUMPSWEEP_ERUNTIME, "out of memory");
	if (rc) {
		free(buf);
		return rc;
	}
	*json = buf;
	return 0;
}
