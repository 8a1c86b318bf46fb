/* fuzz/fuzz_model.c - the differential and invariant fuzzer for every model.
 *
 * Input bytes decode into a js_case (sweep/engine/fuzzcase.h): a model (the first byte, or
 * $JS_FUZZ_MODEL), a block of 1..64 lanes with axis values, start states set field by field
 * within the game's widths, and inputs.  Then:
 *   - the lane kernel on every ISA path this CPU runs must equal the reference in rise, apex
 *     frame, airtime and flags after frames 1..8, the last and a spread between: a difference is
 *     a bug in our code -> abort (libFuzzer keeps the input as a crash);
 *   - every field must stay within its range after each reference step: leaving it is our
 *     arithmetic escaping the game's width -> abort;
 *   - the model's invariants and landing bound: a break is the game's arithmetic, a FINDING.  It
 *     is reported once per (model, rule, start kind) on stderr and, when $JS_FUZZ_FINDINGS names
 *     a directory, written there as <model>-<rule>.case (the text form `jumpsweep explain`
 *     reads); fuzzing goes on.  The start kinds are kept apart: a lane that sets no start field
 *     starts from standing (init of its axes), so its input from frame 0 is the whole setup and
 *     the break is reached by input alone (in play, if the axis values are); one that sets fields
 *     starts where the fuzzer put them, at the edges of the game's widths more often than not
 *     (fuzz/FINDINGS.md says for each finding whether play reaches it).  A standing-start break is
 *     reported even when an edge start broke the same rule first, as <model>-<rule>-standing.case.
 * Sanitizers (ASan, UBSan in the clang build) catch our own overflows and bad accesses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzzcase.h"
#include "sweep.h"

static const js_model *only;
/* per model and start kind (0: start fields set, 1: from standing): rules already reported
 * (bit = invariant, 31 = lands) */
static uint32_t seen[64][2];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *id = getenv("JS_FUZZ_MODEL");
	if (id && *id) {
		only = js_model_find(id);
		if (!only) {
			fprintf(stderr, "fuzz_model: $JS_FUZZ_MODEL: unknown model '%s'\n", id);
			exit(2);
		}
	}
	return 0;
}

static int model_index(const js_model *m)
{
	for (int i = 0; i < js_n_models; i++)
		if (js_models[i] == m)
			return i;
	return 0;
}

static void report_finding(const js_case *c, int l, const js_break *b)
{
	int mi = model_index(c->m) & 63;
	int standing = c->set[l] == 0;
	uint32_t bit = b->kind == JS_BREAK_LANDS ? 1u << 31 : 1u << b->inv;
	if (seen[mi][standing] & bit)
		return;
	seen[mi][standing] |= bit;
	char name[96];
	js_break_name(c->m, b, name, sizeof name);
	fprintf(stderr, "FINDING %s %s at frame %d%s\n", c->m->id, name, b->frame,
		standing ? " (from standing)" : "");
	const char *dir = getenv("JS_FUZZ_FINDINGS");
	if (!dir || !*dir)
		return;
	char path[4096];
	snprintf(path, sizeof path, "%s/%s-%s%s.case", dir, c->m->id, name, standing ? "-standing" : "");
	FILE *f = fopen(path, "wx"); /* never overwrite an earlier (reviewed) reproducer */
	if (!f)
		return;
	fprintf(f, "# found by fuzz/fuzz_model: jumpsweep explain %s\n", path);
	fprintf(f, standing ? "# start: from standing (no start field set: the input from frame 0 is "
			      "the whole setup)\n"
			    : "# start: fields set by the fuzzer (review whether play reaches them: "
			      "fuzz/FINDINGS.md)\n");
	js_case_write(f, c, l, b);
	fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static js_case c;
	char why[1024];
	js_case_decode(&c, data, size, only);
	if (js_case_diff(&c, why, sizeof why) != 0) {
		fprintf(stderr, "BUG lane kernel != reference: %s\n", why);
		abort();
	}
	for (int l = 0; l < c.n_lanes; l++) {
		js_break b;
		int kind = js_case_breaks(&c, l, &b);
		if (kind == JS_BREAK_RANGE) {
			fprintf(stderr, "BUG %s lane %d: field %s = %.9g left its range %.9g..%.9g on frame %d\n",
				c.m->id, l, c.m->fields[b.inv].name, b.value, c.m->fields[b.inv].min,
				c.m->fields[b.inv].max, b.frame);
			js_case_write(stderr, &c, l, &b);
			abort();
		}
		if (kind != JS_BREAK_NONE)
			report_finding(&c, l, &b);
		if (l >= 1) /* the other lanes vary lane 0 only a little (the diff above ran them all) */
			break;
	}
	return 0;
}
