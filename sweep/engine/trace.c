/* sweep/engine/trace.c - one jump frame by frame as CSV (the view a claim author checks against an
 * emulator): frame, input, height in sub-units and units, grounded, then the model's own state
 * columns (its trace_header).  Stops after the landing frame or at the frame limit. */
#include <stdio.h>

#include "sweep.h"
#include "trace.h"

int js_trace(FILE *out, const js_model *m, const int32_t *axis_values, const uint8_t *input,
	     int n_frames)
{
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	char row[512];
	js_obs o;
	js_acc acc;
	m->init(st, axis_values);
	js_acc_init(&acc);
	fprintf(out, "frame,input,height_sub,height,grounded,flags,%s\n", m->trace_header);
	for (int f = 0; f < n_frames && !acc.landed; f++) {
		m->step(st, input[f]);
		m->observe(st, &o);
		js_acc_frame(&acc, f, &o);
		m->trace_row(st, row, sizeof row);
		fprintf(out, "%d,%s,%lld,%.6f,%d,%u,%s\n", f, js_input_name(input[f]),
			(long long)o.height, (double)o.height / (double)m->sub_per_unit, o.grounded,
			o.flags, row);
	}
	return ferror(out) ? -1 : 0;
}
