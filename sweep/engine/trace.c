/* sweep/engine/trace.c - one jump frame by frame as CSV (the view a claim author checks against an
 * emulator): a "# units:" comment line, then the header: frame, input (a --seq item, so the
 * column pastes back), height in sub-units and units, grounded, flags (the bit mask) and
 * flag_names, then the model's own state columns (its trace_header).  Stops after the landing
 * frame or at the frame limit. */
#include <stdio.h>
#include <string.h>

#include "sweep.h"
#include "trace.h"

/* "# units: frame: frame; input: ...; y_pos: px (+ down); ..." (trace.h). */
static void units_line(FILE *out, const js_model *m)
{
	fprintf(out, "# units: frame: frame (0 = the press); input: --seq item; height_sub: 1/%lld %s "
		"(+ up); height: %s (+ up); grounded: 0/1; flags: bit mask; flag_names: names",
		(long long)m->sub_per_unit, m->unit, m->unit);
	const char *h = m->trace_header, *u = m->trace_units ? m->trace_units : "";
	while (*h) {
		size_t hn = strcspn(h, ","), un = strcspn(u, ",");
		fprintf(out, "; %.*s: %.*s", (int)hn, h, (int)un, un ? u : "?");
		h += hn + (h[hn] == ',');
		u += un + (u[un] == ',');
	}
	fputc('\n', out);
}

int js_trace(FILE *out, const js_model *m, const void *start, const uint8_t *input, int n_frames)
{
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	char row[512], names[512];
	js_obs o;
	js_acc acc;
	memcpy(st, start, m->state_size);
	js_acc_init(&acc);
	units_line(out, m);
	fprintf(out, "frame,input,height_sub,height,grounded,flags,flag_names,%s\n", m->trace_header);
	for (int f = 0; f < n_frames && !acc.landed; f++) {
		m->step(st, input[f]);
		m->observe(st, &o);
		js_acc_frame(&acc, f, &o);
		m->trace_row(st, row, sizeof row);
		js_flag_list(m, o.flags, names, sizeof names);
		fprintf(out, "%d,%s,%lld,%.6f,%d,%u,%s,%s\n", f, js_input_name(input[f]),
			(long long)o.height, (double)o.height / (double)m->sub_per_unit, o.grounded,
			o.flags, names, row);
	}
	return ferror(out) ? -1 : 0;
}
