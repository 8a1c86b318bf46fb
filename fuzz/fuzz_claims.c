/* fuzz/fuzz_claims.c - the claims-file reader (sweep/engine/claims.c) on arbitrary documents: it must
 * accept or reject with one line naming the file and field, never crash, leak or run anything. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[1024] = "";
	if (js_claims_validate("fuzz.json", (const char *)data, size, err, sizeof err) != 0 &&
	    (!*err || strchr(err, '\n'))) {
		fprintf(stderr, "BUG a rejected claims file's message is empty or not one line: %s\n", err);
		abort();
	}
	return 0;
}
