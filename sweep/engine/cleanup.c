/* sweep/engine/cleanup.c - temporary output files removed on a fatal signal (cleanup.h). */
#include "cleanup.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#define PATH_CAP 4096

static char paths[JS_CLEANUP_MAX][PATH_CAP];
static volatile sig_atomic_t used[JS_CLEANUP_MAX];
static const char *program = "jumpsweep";
static volatile sig_atomic_t quiet, told_own, shared;

void js_cleanup_quiet(void)
{
	quiet = 1;
}

void js_cleanup_told(void)
{
	told_own = 1;
}

void js_cleanup_shared(void)
{
	shared = 1;
}

void js_cleanup_add(const char *path)
{
	size_t n = strlen(path);
	if (n >= PATH_CAP)
		return;
	for (int i = 0; i < JS_CLEANUP_MAX; i++)
		if (!used[i]) {
			memcpy(paths[i], path, n + 1);
			used[i] = 1; /* after the copy: the handler reads only complete names */
			return;
		}
}

void js_cleanup_drop(const char *path)
{
	for (int i = 0; i < JS_CLEANUP_MAX; i++)
		if (used[i] && strcmp(paths[i], path) == 0) {
			used[i] = 0;
			return;
		}
}

static void put(const char *s)
{
	ssize_t r = write(STDERR_FILENO, s, strlen(s));
	(void)r;
}

/* Async-signal-safe: unlink, write, _exit. */
static void on_signal(int sig)
{
	int removed = 0, told = 0, saved = errno;
	for (int i = 0; i < JS_CLEANUP_MAX; i++)
		if (used[i]) {
			/* MPI: the other ranks leave the one file to rank 0; a file already gone means
			 * that another rank ended the job for its own failure and has said why
			 * (js_ranks_abort removes it first) */
			if (!quiet && unlink(paths[i]) != 0 && errno == ENOENT && shared)
				told = 1;
			used[i] = 0;
			removed++;
		}
	errno = saved;
	if (quiet || told || told_own)
		_exit(128 + sig);
	put(program);
	put(sig == SIGINT ? ": interrupted (SIGINT)" : sig == SIGTERM ? ": terminated (SIGTERM)"
							       : ": hung up (SIGHUP)");
	put(removed ? "; the unfinished output was removed\n" : "\n");
	_exit(128 + sig);
}

void js_cleanup_signals(const char *prog)
{
	if (prog)
		program = prog;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGINT);
	sigaddset(&sa.sa_mask, SIGTERM);
	sigaddset(&sa.sa_mask, SIGHUP);
	int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	for (int k = 0; k < 3; k++) {
		struct sigaction old;
		/* a signal ignored by the parent (nohup, a background job's SIGINT) stays ignored */
		if (sigaction(sigs[k], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[k], &sa, NULL);
	}
}
