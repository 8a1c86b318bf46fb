/* sweep/engine/progress.h - a progress line on stderr for long work: what, done/total, rate, time
 * left.
 *
 *   sweep smb1: 1234567/4000000 lanes (31%), 2.31e+06 lanes/s, 1.2 s left
 *
 * When it shows (mode):
 *   JS_PROGRESS_OFF     never (-q);
 *   JS_PROGRESS_AUTO    on a terminal only, once the work has run JS_PROGRESS_DELAY seconds (a
 *                       short run prints nothing; a pipe or a file never gets a byte);
 *   JS_PROGRESS_ALWAYS  always (--progress): on a terminal from the start, and into a pipe or a
 *                       file too, there as whole lines (no '\r'), at most one a second, and a
 *                       last line when the work ends, however short it was.
 * On a terminal the line is redrawn in place with '\r' at most JS_PROGRESS_HZ times a second
 * and ended with a newline by js_progress_end; anything else written to the terminal meanwhile
 * should call js_progress_clear first (the line is redrawn at the next tick).
 *
 * Threads.  js_progress_add is one relaxed atomic add, safe from any thread and cheap enough
 * for an inner loop.  js_progress_tick draws when a redraw is due; any thread may call it: a
 * clock read, and one thread at a time draws (the others return at once, a try-lock), so the
 * usual use in an OpenMP loop is
 *
 *     js_progress p;
 *     js_progress_start(&p, "reach smb1", "starts", n_items, mode);
 *     #pragma omp parallel for schedule(dynamic)
 *     for (long i = 0; i < n_items; i++) {
 *             work(i);
 *             js_progress_step(&p, 1);          // add 1, and draw if due
 *     }
 *     js_progress_end(&p);                      // after the loop, on the calling thread
 *
 * For work counted in tiny items (search nodes), add per item and tick once per chunk, or from
 * one thread only: `if (omp_get_thread_num() == 0) js_progress_tick(&p);`.  A total of 0 means
 * unknown: the line then shows the count and the rate only.  total may be raised later with
 * js_progress_set_total (work discovered as it runs).  Nothing is allocated; the struct lives
 * where the work does.  Messages meant for stderr while a line is up: js_progress_clear, then
 * print (the line comes back at the next tick). */
#ifndef JS_PROGRESS_H
#define JS_PROGRESS_H

#include <stdatomic.h>
#include <stdint.h>

enum { JS_PROGRESS_OFF = 0, JS_PROGRESS_AUTO = 1, JS_PROGRESS_ALWAYS = 2 };

#define JS_PROGRESS_DELAY 1.0 /* seconds of work before a line shows (AUTO) */
#define JS_PROGRESS_HZ 10     /* redraws a second at most, on a terminal */

typedef struct js_progress {
	char what[96];          /* "sweep smb1" */
	char unit[24];          /* "lanes" */
	int mode;               /* JS_PROGRESS_* */
	int tty;                /* stderr is a terminal */
	double t0;              /* start, seconds (monotonic) */
	_Atomic uint64_t done;
	_Atomic uint64_t total; /* 0: unknown */
	_Atomic int64_t next_ns; /* earliest time of the next draw */
	atomic_flag drawing;    /* held by the thread drawing */
	int shown;              /* a line is on the terminal (to clear, to end with a newline) */
	int width;              /* its length, to blank a shorter redraw */
	int lines;              /* lines drawn (pipe / file) */
} js_progress;

/* Starts a line for work of total units (0: unknown), counting from now. */
void js_progress_start(js_progress *p, const char *what, const char *unit, uint64_t total,
		       int mode);
static inline void js_progress_add(js_progress *p, uint64_t n)
{
	atomic_fetch_add_explicit(&p->done, n, memory_order_relaxed);
}
void js_progress_set_total(js_progress *p, uint64_t total);
/* Draws the line when due (mode, the delay, the redraw rate); any thread. */
void js_progress_tick(js_progress *p);
static inline void js_progress_step(js_progress *p, uint64_t n)
{
	js_progress_add(p, n);
	js_progress_tick(p);
}
/* Blanks the line on a terminal (before other output); it comes back at the next tick. */
void js_progress_clear(js_progress *p);
/* The last line, "what: done/total unit, rate, N s", ended with a newline, when a line was shown
 * (or the mode is ALWAYS); call once, after the work, on one thread. */
void js_progress_end(js_progress *p);

/* The mode for the command-line options: -q wins, then --progress, else AUTO. */
static inline int js_progress_mode(int quiet, int progress)
{
	return quiet ? JS_PROGRESS_OFF : progress ? JS_PROGRESS_ALWAYS : JS_PROGRESS_AUTO;
}

#endif
