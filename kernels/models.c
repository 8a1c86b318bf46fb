/* kernels/models.c - the model table and the reference driver. */
#include "model.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JS_MODEL(id) extern const js_model js_model_##id;
#include "models.def"
#undef JS_MODEL

const js_model *const js_models[] = {
#define JS_MODEL(id) &js_model_##id,
#include "models.def"
#undef JS_MODEL
};
const int js_n_models = (int)(sizeof js_models / sizeof js_models[0]);

const js_model *js_model_find(const char *id)
{
	for (int i = 0; i < js_n_models; i++)
		if (strcmp(js_models[i]->id, id) == 0)
			return js_models[i];
	return NULL;
}

int js_axis_find(const js_model *m, const char *name)
{
	for (int a = 0; a < m->n_axes; a++)
		if (strcmp(m->axes[a].name, name) == 0)
			return a;
	return -1;
}

void js_reference_run(const js_model *m, const int32_t *axis_values, const uint8_t *input,
		      int n_frames, js_acc *out)
{
	_Alignas(16) unsigned char state[JS_STATE_MAX];
	m->init(state, axis_values);
	js_reference_run_from(m, state, input, n_frames, out);
}

void js_reference_run_from(const js_model *m, const void *start, const uint8_t *input,
			   int n_frames, js_acc *out)
{
	if (m->run_ref)
		m->run_ref(start, input, n_frames, out);
	else
		js_reference_loop(m, start, input, n_frames, out);
}

void js_reference_loop(const js_model *m, const void *start, const uint8_t *input, int n_frames,
		       js_acc *out)
{
	_Alignas(16) unsigned char state[JS_STATE_MAX];
	js_obs obs;
	memcpy(state, start, m->state_size);
	js_acc_init(out);
	for (int f = 0; f < n_frames && !out->landed; f++) {
		m->step(state, input[f]);
		m->observe(state, &obs);
		js_acc_frame(out, f, &obs);
	}
	js_acc_finish(out);
}

double js_field_get(const js_field *f, const void *state)
{
	const unsigned char *p = (const unsigned char *)state + f->offset;
	switch ((js_ftype)f->type) {
	case JS_F_U8: return *p;
	case JS_F_S8: return (int8_t)*p;
	case JS_F_U16: { uint16_t v; memcpy(&v, p, 2); return v; }
	case JS_F_S16: { int16_t v; memcpy(&v, p, 2); return v; }
	case JS_F_U32: { uint32_t v; memcpy(&v, p, 4); return v; }
	case JS_F_S32: { int32_t v; memcpy(&v, p, 4); return v; }
	case JS_F_F32: { float v; memcpy(&v, p, 4); return v; }
	}
	return 0;
}

/* v must be in the field's range (callers clamp); integer fields take v's integer part. */
void js_field_set(const js_field *f, void *state, double v)
{
	unsigned char *p = (unsigned char *)state + f->offset;
	switch ((js_ftype)f->type) {
	case JS_F_U8: *p = (uint8_t)v; break;
	case JS_F_S8: *p = (uint8_t)(int8_t)v; break;
	case JS_F_U16: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
	case JS_F_S16: { int16_t x = (int16_t)v; memcpy(p, &x, 2); break; }
	case JS_F_U32: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
	case JS_F_S32: { int32_t x = (int32_t)v; memcpy(p, &x, 4); break; }
	case JS_F_F32: { float x = (float)v; memcpy(p, &x, 4); break; }
	}
}

const char *js_flag_what(const js_model *m, int b)
{
	static const char *const common[JS_FLAG_MODEL_SHIFT] = {
		JS_FLAG_WHAT_NO_TAKEOFF, JS_FLAG_WHAT_NOT_LANDED, JS_FLAG_WHAT_BELOW_START,
		JS_FLAG_WHAT_RELAUNCH,
	};
	if (b < 0 || b >= JS_MAX_FLAGS || !m->flag_names[b])
		return NULL;
	return b < JS_FLAG_MODEL_SHIFT ? common[b] : m->flag_what[b];
}

int js_flag_list(const js_model *m, uint32_t flags, char *buf, size_t n)
{
	size_t w = 0;
	if (n == 0)
		return 0;
	buf[0] = 0;
	for (int b = 0; b < JS_MAX_FLAGS; b++) {
		if (!(flags >> b & 1u))
			continue;
		char tmp[16];
		const char *name = m->flag_names[b];
		if (!name) {
			snprintf(tmp, sizeof tmp, "bit%d", b);
			name = tmp;
		}
		int k = snprintf(buf + w, n - w, "%s%s", w ? "|" : "", name);
		if (k < 0 || (size_t)k >= n - w) {
			w = n - 1;
			break;
		}
		w += (size_t)k;
	}
	return (int)w;
}

void js_field_format(const js_field *f, double v, char *buf, size_t n)
{
	if (f->value_names && v >= f->min && v <= f->max && v == floor(v))
		snprintf(buf, n, "%s", f->value_names[(int)(v - f->min)]);
	else
		snprintf(buf, n, f->type == JS_F_F32 ? "%.9g" : "%.0f", v);
}

int js_field_scan(const js_field *f, const char *s, double *v)
{
	if (f->value_names)
		for (int i = 0; i <= (int)(f->max - f->min); i++)
			if (strcmp(s, f->value_names[i]) == 0) {
				*v = f->min + i;
				return 0;
			}
	char *end;
	errno = 0;
	double x = strtod(s, &end);
	if (errno || end == s || *end || !isfinite(x))
		return -1;
	*v = x;
	return 0;
}
