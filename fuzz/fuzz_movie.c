/* fuzz/fuzz_movie.c - the movie readers (sweep/engine/movie.c) on arbitrary files.  Byte 0 picks a
 * model with a movie format, byte 1 the format (.bk2, .fm2, .m64, .tas) and the start (first press
 * or movie frame 0..3); the rest is the file.  Properties, beyond "no crash, no sanitizer report,
 * no leak":
 *   - an accepted movie gives 1..JS_MAX_FRAMES frames carrying only the model's button bits;
 *   - that sequence written in the same format reads back to the same frames;
 *   - a rejected file always comes with a one-line message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "movie.h"
#include "sweep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *detail)
{
	fprintf(stderr, "BUG %s: %s\n", what, detail);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const ext[4] = { "bk2", "fm2", "m64", "tas" };
	if (size < 2)
		return 0;
	const js_model *with[64];
	int n = 0;
	for (int i = 0; i < js_n_models && n < 64; i++)
		if (*js_movie_formats(js_models[i]))
			with[n++] = js_models[i];
	const js_model *m = with[data[0] % (unsigned)n];
	const char *e = ext[data[1] & 3];
	if (!strstr(js_movie_formats(m), e))
		return 0;
	long first = (data[1] >> 2) & 7;
	first = first >= 4 ? JS_MOVIE_FIRST_PRESS : first;
	int32_t ax[JS_MAX_AXES];
	for (int a = 0; a < m->n_axes; a++)
		ax[a] = m->axes[a].def_lo;

	char dir[] = "/tmp/jsfuzz-movie-XXXXXX", path[64], back_path[64];
	if (!mkdtemp(dir))
		return 0;
	snprintf(path, sizeof path, "%s/in.%s", dir, e);
	snprintf(back_path, sizeof back_path, "%s/out.%s", dir, e);
	FILE *f = fopen(path, "wb");
	if (f) {
		fwrite(data + 2, 1, size - 2, f);
		fclose(f);
	}
	char err[1024] = "";
	uint8_t *seq = NULL;
	int len = 0;
	if (js_movie_read(m, ax, path, first, &seq, &len, err, sizeof err) == 0) {
		if (len < 1 || len > JS_MAX_FRAMES)
			fail("an accepted movie's length is outside 1..JS_MAX_FRAMES", m->id);
		for (int i = 0; i < len; i++)
			if (seq[i] & ~m->inputs)
				fail("a frame carries a bit the model does not read", m->id);
		uint8_t *back = NULL;
		int blen = 0;
		if (js_movie_write(m, ax, back_path, seq, len, err, sizeof err) != 0)
			fail("an accepted sequence does not write", err);
		if (js_movie_read(m, ax, back_path, 0, &back, &blen, err, sizeof err) != 0)
			fail("a written movie does not read back", err);
		if (blen != len || memcmp(back, seq, (size_t)len) != 0)
			fail("a written movie reads back to other frames", m->id);
		free(back);
		unlink(back_path);
	} else if (!*err || strchr(err, '\n')) {
		fail("a rejected movie's message is empty or not one line", err);
	}
	free(seq);
	unlink(path);
	rmdir(dir);
	return 0;
}
