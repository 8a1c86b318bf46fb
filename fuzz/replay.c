/* fuzz/replay.c - runs a harness's LLVMFuzzerTestOneInput over files and directories (a seed
 * corpus, a crash file) without libFuzzer, so every build (gcc, no sanitizers) replays the
 * corpora in ctest.  usage: replay_<target> PATH... ; exit 0 when every input ran. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "replay: cannot read %s\n", path);
		return 1;
	}
	size_t cap = 4096, n = 0;
	uint8_t *buf = malloc(cap);
	size_t r;
	while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	fclose(f);
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	return 0;
}

static int names(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

int main(int argc, char **argv)
{
	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	int bad = 0, ran = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
			return 2;
		}
		if (!S_ISDIR(st.st_mode)) {
			bad |= run_file(argv[i]);
			ran++;
			continue;
		}
		struct dirent **ents;
		int n = scandir(argv[i], &ents, names, alphasort);
		for (int k = 0; k < n; k++) {
			char path[4096];
			snprintf(path, sizeof path, "%s/%s", argv[i], ents[k]->d_name);
			if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
				bad |= run_file(path);
				ran++;
			}
			free(ents[k]);
		}
		free(ents);
	}
	printf("replay: %d inputs\n", ran);
	return bad || ran == 0;
}
