/* fuzz/fuzz_args.c - the command-line value parsers (sweep/engine/args.c, sweep/engine/seq.c) on arbitrary
 * strings.  Byte 0 picks a model, byte 1 the parser; the rest is the string.  Properties, beyond
 * "no crash, no sanitizer report":
 *   - an accepted axis argument gives an axis of the model and lo <= hi within its range;
 *   - an accepted input sequence fits the frame limit, has only button bits, and its text form
 *     (js_seq_format) parses back to the same frames;
 *   - a rejected value always comes with a one-line message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *text)
{
	fprintf(stderr, "BUG %s: input \"%s\"\n", what, text);
	abort();
}

static void one_line(const char *err, const char *text)
{
	if (!*err || strchr(err, '\n'))
		fail("a rejected value's message is empty or not one line", text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	const js_model *m = js_models[data[0] % (unsigned)js_n_models];
	int mode = data[1] % 3;
	char *text = malloc(size - 1);
	memcpy(text, data + 2, size - 2);
	text[size - 2] = 0;
	char err[1024] = "";
	if (mode == 0) {
		int a;
		int32_t lo, hi;
		if (js_parse_axis_arg(m, text, &a, &lo, &hi, err, sizeof err) == 0) {
			if (a < 0 || a >= m->n_axes)
				fail("axis index out of range", text);
			if (lo > hi || lo < m->axes[a].min || hi > m->axes[a].max)
				fail("axis range outside the axis", text);
		} else {
			one_line(err, text);
		}
	} else if (mode == 1) {
		int max = 1 + (int)(size % 300);
		uint8_t *seq = malloc((size_t)max), *back = malloc((size_t)max);
		int len = -1, len2 = -1;
		if (js_seq_parse(text, seq, max, &len, err, sizeof err) == 0) {
			if (len < 0 || len > max)
				fail("sequence length outside the frame limit", text);
			for (int i = 0; i < len; i++)
				if (seq[i] & ~0x0fu)
					fail("a frame with bits that are not buttons", text);
			char *fmt = malloc(16 * (size_t)max + 16);
			js_seq_format(seq, len, fmt, 16 * (size_t)max + 16);
			if (js_seq_parse(fmt, back, max, &len2, err, sizeof err) != 0 || len2 != len ||
			    memcmp(seq, back, (size_t)len) != 0)
				fail("js_seq_format does not parse back to the same sequence", text);
			free(fmt);
		} else {
			one_line(err, text);
		}
		free(seq);
		free(back);
	} else {
		long lo, hi;
		if (js_parse_int_range(text, "--hold", &lo, &hi, err, sizeof err) != 0)
			one_line(err, text);
	}
	free(text);
	return 0;
}
