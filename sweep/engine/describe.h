/* sweep/engine/describe.h - what a result means, in one place for every writer: the attributes
 * of a model's group and the units and long names of a sweep's variables and scales.  The HDF5
 * writer (h5.c) and the C API (api.c, the Python package's Datasets) both take them from here,
 * so a file and a Dataset say the same. */
#ifndef JS_DESCRIBE_H
#define JS_DESCRIBE_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

typedef enum js_attr_type {
	JS_ATTR_STR,  /* v.s */
	JS_ATTR_I32,  /* v.i32 */
	JS_ATTR_I64,  /* v.i64 */
	JS_ATTR_F64,  /* v.f64 */
	JS_ATTR_U32S, /* v.u32s[0..n-1] */
	JS_ATTR_STRS, /* v.strs[0..n-1] */
} js_attr_type;

typedef struct js_attr {
	const char *name;
	js_attr_type type;
	int n; /* arrays */
	union {
		const char *s;
		int32_t i32;
		int64_t i64;
		double f64;
		const uint32_t *u32s;
		const char *const *strs;
	} v;
} js_attr;

/* Called once per attribute, in order; a non-zero return stops and is returned. */
typedef int (*js_attr_fn)(void *ctx, const js_attr *a);

/* The model's own attributes of its group (game, platform, ..., flag tables, character height),
 * empty arrays left out. */
int js_model_attrs(const js_model *m, js_attr_fn fn, void *ctx);

/* The flag bits the model names: masks and names in bit order; returns how many. */
int js_flag_table(const js_model *m, uint32_t *masks, const char **names);

/* Units ("" when the variable has none: a named axis' strings) and long name of a sweep variable
 * or scale: rise, rise_sub, apex_frame, airtime, flags, hold, sequence, sequence_text, an axis
 * name, or <axis>_index of a named axis.  0, or -1 for a name that is none of these. */
int js_sweep_var_text(const js_model *m, const char *name, char *units, size_t un, char *long_name,
		      size_t ln);

#endif
