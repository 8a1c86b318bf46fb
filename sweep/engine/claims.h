/* sweep/engine/claims.h - running the claims files (sweep/engine/claims.c, docs/claims.md). */
#ifndef JS_CLAIMS_H
#define JS_CLAIMS_H

#include <stddef.h>
#include <stdio.h>

/* Validates a claims document in memory (name stands for its file in the messages): 0, or -1
 * with the one-line message `jumpsweep check` would print.  Nothing is run (fuzz_claims). */
int js_claims_validate(const char *name, const char *text, size_t n, char *err, size_t errn);

/* Reads every selected claims file of dir (every *.json, or DIR/<game>.json for each of games),
 * validates them all, then runs the claims (only ids when n_ids > 0) and writes the report in
 * format "text", "json" (an array of claims, one per line) or "tap" to out.  Returns 0 with
 * *failed the number of failing claims, or 2 (a bad file, claim id, format: nothing written) /
 * 1 (out of memory, the report not written) with the one-line message in err.  Never exits. */
int js_claims_check(const char *dir, const char *const *games, int n_games,
		    const char *const *ids, int n_ids, const char *format, FILE *out, int *failed,
		    char *err, size_t errn);

#endif
