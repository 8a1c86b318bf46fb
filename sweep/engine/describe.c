/* sweep/engine/describe.c - a result's attributes and variable texts (describe.h). */
#include <stdio.h>
#include <string.h>

#include "describe.h"

int js_flag_table(const js_model *m, uint32_t *masks, const char **names)
{
	int n = 0;
	for (int b = 0; b < JS_MAX_FLAGS; b++)
		if (m->flag_names[b]) {
			masks[n] = 1u << b;
			names[n] = m->flag_names[b];
			n++;
		}
	return n;
}

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

int js_model_attrs(const js_model *m, js_attr_fn fn, void *ctx)
{
	char claims[2048] = "", meanings[1024] = "";
	uint32_t masks[JS_MAX_FLAGS];
	const char *fnames[JS_MAX_FLAGS], *fwhat[JS_MAX_FLAGS];
	int nf = js_flag_table(m, masks, fnames);
	for (int i = 0; i < nf; i++) {
		const char *what = js_flag_what(m, __builtin_ctz(masks[i]));
		fwhat[i] = or_empty(what);
	}
	for (int i = 0; m->claims && m->claims[i]; i++) {
		size_t len = strlen(claims);
		snprintf(claims + len, sizeof claims - len, "%s%s", i ? "," : "", m->claims[i]);
	}
	for (int i = 0; i < nf; i++) {
		size_t len = strlen(meanings);
		snprintf(meanings + len, sizeof meanings - len, "%sbit%d=%s", i ? " " : "",
			 __builtin_ctz(masks[i]), fnames[i]);
	}
	const js_attr attrs[] = {
		{ "game", JS_ATTR_STR, 1, { .s = or_empty(m->game) } },
		{ "platform", JS_ATTR_STR, 1, { .s = or_empty(m->platform) } },
		{ "character", JS_ATTR_STR, 1, { .s = or_empty(m->character) } },
		{ "unit", JS_ATTR_STR, 1, { .s = or_empty(m->unit) } },
		{ "sub_per_unit", JS_ATTR_I64, 1, { .i64 = m->sub_per_unit } },
		{ "fps", JS_ATTR_F64, 1, { .f64 = m->fps } },
		{ "tile", JS_ATTR_F64, 1, { .f64 = m->tile } },
		{ "frame", JS_ATTR_STR, 1, { .s = or_empty(m->frame) } },
		{ "sources", JS_ATTR_STR, 1, { .s = or_empty(m->sources) } },
		{ "notes", JS_ATTR_STR, 1, { .s = or_empty(m->notes) } },
		{ "claims", JS_ATTR_STR, 1, { .s = claims } },
		{ "flag_meanings", JS_ATTR_STR, 1, { .s = meanings } },
		{ "flag_masks", JS_ATTR_U32S, nf, { .u32s = masks } },
		{ "flag_names", JS_ATTR_STRS, nf, { .strs = fnames } },
		{ "flag_descriptions", JS_ATTR_STRS, nf, { .strs = fwhat } },
		{ "character_height", JS_ATTR_F64, 1, { .f64 = m->character_height } },
		{ "character_height_source", JS_ATTR_STR, 1,
		  { .s = or_empty(m->character_height_source) } },
	};
	for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++) {
		if ((attrs[i].type == JS_ATTR_U32S || attrs[i].type == JS_ATTR_STRS) && attrs[i].n == 0)
			continue;
		int rc = fn(ctx, &attrs[i]);
		if (rc)
			return rc;
	}
	return 0;
}

int js_sweep_var_text(const js_model *m, const char *name, char *units, size_t un, char *long_name,
		      size_t ln)
{
	const char *u = NULL, *l = NULL;
	if (strcmp(name, "rise") == 0) {
		u = or_empty(m->unit);
		l = "rise at apex: take-off height - highest point";
	} else if (strcmp(name, "rise_sub") == 0) {
		if (m->sub_per_unit == 1)
			snprintf(units, un, "%s", or_empty(m->unit));
		else
			snprintf(units, un, "1/%lld %s", (long long)m->sub_per_unit, or_empty(m->unit));
		snprintf(long_name, ln, "rise at apex: take-off height - highest point (exact, in "
			 "1/%lld %s)", (long long)m->sub_per_unit, or_empty(m->unit));
		return 0;
	} else if (strcmp(name, "apex_frame") == 0) {
		u = "frames";
		l = "first frame at which the apex is reached (the press is frame 0)";
	} else if (strcmp(name, "airtime") == 0) {
		u = "frames";
		l = "frames from take-off through the landing frame (0 if it never landed)";
	} else if (strcmp(name, "flags") == 0) {
		u = "1";
		l = "events during the jump: bit flags, see flag_masks and flag_meanings";
	} else if (strcmp(name, "hold") == 0) {
		u = "frames";
		l = "frames the jump button is held from the press (frame 0): h = 1 is a tap, 0 never "
		    "presses";
	} else if (strcmp(name, "sequence") == 0) {
		u = "1";
		l = "input sequence number (see sequence_text)";
	} else if (strcmp(name, "sequence_text") == 0) {
		u = "";
		l = "input sequence: one character per frame from the press (frame 0), '.' nothing, "
		    "'J' jump, 'D' down, 'Z', 'B', [..] several; a count repeats it";
	} else {
		size_t n = strlen(name);
		for (int a = 0; a < m->n_axes; a++) {
			const js_axis *ax = &m->axes[a];
			if (strcmp(name, ax->name) == 0) {
				snprintf(units, un, "%s",
					 ax->n_names > 0 ? "" : ax->unit && ax->unit[0] ? ax->unit : "1");
				snprintf(long_name, ln, "%s", or_empty(ax->long_name));
				return 0;
			}
			size_t an = strlen(ax->name);
			if (ax->n_names > 0 && n == an + 6 && strncmp(name, ax->name, an) == 0 &&
			    strcmp(name + an, "_index") == 0) {
				snprintf(units, un, "1");
				snprintf(long_name, ln, "%s as the number the model takes (index into %s)",
					 ax->name, ax->name);
				return 0;
			}
		}
		return -1;
	}
	snprintf(units, un, "%s", u);
	snprintf(long_name, ln, "%s", l);
	return 0;
}
