/* sweep/engine/trace.h - one jump frame by frame as CSV. */
#ifndef JS_TRACE_H
#define JS_TRACE_H

#include <stdio.h>

#include "model.h"

int js_trace(FILE *out, const js_model *m, const int32_t *axis_values, const uint8_t *input,
	     int n_frames);

#endif
