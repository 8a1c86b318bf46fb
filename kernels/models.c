/* kernels/models.c - the model table and the reference driver. */
#include "model.h"

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
	js_obs obs;
	m->init(state, axis_values);
	js_acc_init(out);
	for (int f = 0; f < n_frames && !out->landed; f++) {
		m->step(state, input[f]);
		m->observe(state, &obs);
		js_acc_frame(out, f, &obs);
	}
	js_acc_finish(out);
}
