/* sweep/engine/fuzzcase.h - fuzz cases: a model, a block of lanes (axis values, start-state fields,
 * inputs), and the checks the fuzzer (fuzz/) runs on them: the lane kernel on every ISA path
 * against the reference, bit for bit, frame by frame; the model's invariants; the fields' ranges.
 *
 * The same code serves the libFuzzer harnesses, their gcc replay main (ctest), `jumpsweep
 * explain` (a finding's reproducer in text form) and the tests (tu_check_random_starts). */
#ifndef JS_FUZZCASE_H
#define JS_FUZZCASE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model.h"

#define JS_CASE_FRAMES 512 /* frames a fuzz case runs at most */

typedef struct js_case {
	const js_model *m;
	int n_lanes;  /* 1..JS_BLOCK */
	int n_frames; /* 1..JS_CASE_FRAMES */
	int32_t axis[JS_BLOCK][JS_MAX_AXES];
	uint32_t set[JS_BLOCK];                 /* bit i: field i is set to val[l][i] */
	double val[JS_BLOCK][JS_MAX_FIELDS];
	uint8_t input[JS_BLOCK][JS_CASE_FRAMES]; /* JS_IN_* bits; only the model's own */
} js_case;

/* Lane l's start state: init(its axes), its set fields, fuzz_fix. */
void js_case_start(const js_case *c, int l, void *state);

/* The index of the model's start field `name`, or -1 with the field names ("a, b", or "none")
 * in names. */
int js_field_index(const js_model *m, const char *name, char *names, size_t n);
/* Sets lane l's start field NAME from the text VAL (a number, or a name of the field's
 * value_names) within the field's range: the one parser of start fields for the case files,
 * `jumpsweep trace --start` and `explain`.  0, or -1 with a one-line message naming the field and
 * its range (or the model's fields). */
int js_case_set_field(js_case *c, int l, const char *name, const char *val, char *err, size_t errn);

/* Decodes fuzzer bytes into a case (any bytes make a valid case; missing bytes read as 0).
 * only != NULL fixes the model, else the first byte picks it. */
void js_case_decode(js_case *c, const uint8_t *data, size_t n, const js_model *only);

/* The differential check: the reference and the lane kernel on every ISA path this CPU runs,
 * from the case's start states, compared in rise, apex frame, airtime and flags after every
 * frame count in a set that covers frames 1..8, the last frame and a spread in between.
 * Returns 0 when all agree, else 1 with a one-line description in why. */
int js_case_diff(const js_case *c, char *why, size_t n);

/* What stepping the reference through lane l breaks.  kind: */
enum {
	JS_BREAK_NONE = 0,
	JS_BREAK_RANGE,     /* a field left its range: our arithmetic (a bug) */
	JS_BREAK_INVARIANT, /* the model's invariant inv: the game's arithmetic (a finding) */
	JS_BREAK_LANDS,     /* no landing within land_bound frames of no input (a finding) */
};
typedef struct js_break {
	int kind;
	int inv;   /* JS_BREAK_INVARIANT: the invariant's bit; JS_BREAK_RANGE: the field */
	int frame; /* the frame whose step breaks it */
	double value; /* JS_BREAK_RANGE: the value out of range */
} js_break;
/* The first break in lane l (invariants and ranges frame by frame over the case's inputs; then
 * the landing bound from the start with no input).  Returns the kind. */
int js_case_breaks(const js_case *c, int l, js_break *b);

/* Text form of one lane (a reproducer: `jumpsweep explain`, fuzz/findings/):
 *   model smb1
 *   axes vx=12 env=air
 *   start y_speed=127 y_moveforce=200
 *   frames 40
 *   input J3.36
 *   break fall_cap 3         (optional: what it shows, and the frame)
 * '#' starts a comment line.  Writes lane l of c. */
void js_case_write(FILE *f, const js_case *c, int l, const js_break *b);
/* Reads a one-lane case; 0, or -1 with a one-line message. brk may be NULL. */
int js_case_read(const char *path, js_case *c, js_break *brk, char *err, size_t errn);
/* The same from an open stream; path names it in messages. */
int js_case_parse(FILE *f, const char *path, js_case *c, js_break *brk, char *err, size_t errn);

/* The name of break b ("range:y_speed", "fall_cap", "lands"). */
const char *js_break_name(const js_model *m, const js_break *b, char *buf, size_t n);

#endif
