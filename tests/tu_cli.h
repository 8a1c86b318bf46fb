/* tests/tu_cli.h - running the jumpsweep binary ($JS_BIN, set by ctest) from a Criterion test:
 * a temporary directory per test (setup / teardown as .init / .fini), the command run in it with
 * stdout and stderr captured (js), and small readers.  One copy for every suite that drives the
 * command line. */
#ifndef JS_TU_CLI_H
#define JS_TU_CLI_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((unused)) static char dir[256];
/* the last command's stdout and stderr */
__attribute__((unused)) static char out_buf[1 << 20], err_buf[1 << 14];

static inline void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/jstest-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static inline void teardown(void)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
}

/* path's bytes into buf (at most n - 1, then a 0); "" when it cannot be read. */
static inline void slurp(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	size_t k = f ? fread(buf, 1, n - 1, f) : 0;
	buf[k] = 0;
	if (f)
		fclose(f);
}

/* Runs `jumpsweep ARGS` in the test directory (stdin empty); returns the exit status. */
static inline int js(const char *args)
{
	const char *bin = getenv("JS_BIN");
	cr_assert_not_null(bin, "JS_BIN (the jumpsweep binary) is set by ctest");
	char cmd[8192];
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s >out.txt 2>err.txt </dev/null", dir, bin, args);
	int st = system(cmd);
	char p[512];
	snprintf(p, sizeof p, "%s/out.txt", dir);
	slurp(p, out_buf, sizeof out_buf);
	snprintf(p, sizeof p, "%s/err.txt", dir);
	slurp(p, err_buf, sizeof err_buf);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static inline int lines(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

#endif
