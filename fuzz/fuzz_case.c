/* fuzz/fuzz_case.c - the reproducer text form (sweep/engine/fuzzcase.c js_case_parse, what `jumpsweep
 * explain` reads) on arbitrary text.  An accepted case, written back with js_case_write and
 * read again, must give the same start state and inputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzcase.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static js_case a, b;
	char err[1024] = "";
	if (size == 0) /* fmemopen needs a byte; an empty file is the parser's "no model line" */
		return 0;
	FILE *f = fmemopen((void *)data, size, "r");
	if (!f)
		return 0;
	int rc = js_case_parse(f, "fuzz.case", &a, NULL, err, sizeof err);
	fclose(f);
	if (rc != 0) {
		if (!*err || strchr(err, '\n')) {
			fprintf(stderr, "BUG a rejected case's message is empty or not one line: %s\n", err);
			abort();
		}
		return 0;
	}
	char *text = NULL;
	size_t n = 0;
	FILE *w = open_memstream(&text, &n);
	js_case_write(w, &a, 0, NULL);
	fclose(w);
	FILE *r = fmemopen(text, n, "r");
	if (js_case_parse(r, "rewritten.case", &b, NULL, err, sizeof err) != 0) {
		fprintf(stderr, "BUG a written case does not read back: %s\n%s", err, text);
		abort();
	}
	fclose(r);
	_Alignas(64) unsigned char sa[JS_STATE_MAX], sb[JS_STATE_MAX];
	js_case_start(&a, 0, sa);
	js_case_start(&b, 0, sb);
	if (a.m != b.m || a.n_frames != b.n_frames || memcmp(a.input[0], b.input[0], (size_t)a.n_frames) ||
	    memcmp(sa, sb, a.m->state_size)) {
		fprintf(stderr, "BUG a written case reads back different:\n%s", text);
		abort();
	}
	free(text);
	return 0;
}
