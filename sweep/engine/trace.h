/* sweep/engine/trace.h - one jump frame by frame as CSV. */
#ifndef JS_TRACE_H
#define JS_TRACE_H

#include <stdio.h>

#include "model.h"

/* Steps the reference from a copy of start (init's state, or a --start state) over input and
 * writes the CSV: first a comment line "# units: COLUMN: UNIT; ..." naming every column's unit
 * (the model columns' from js_model.trace_units), then the header and one row per frame. */
int js_trace(FILE *out, const js_model *m, const void *start, const uint8_t *input, int n_frames);

#endif
