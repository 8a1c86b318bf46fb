/* sweep/engine/progress.c - the progress line (progress.h): when it shows, what it says, and one
 * thread at a time drawing it. */
#include "progress.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NS 1000000000LL

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * NS + ts.tv_nsec;
}

void js_progress_start(js_progress *p, const char *what, const char *unit, uint64_t total, int mode)
{
	memset(p, 0, sizeof *p);
	snprintf(p->what, sizeof p->what, "%s", what ? what : "work");
	snprintf(p->unit, sizeof p->unit, "%s", unit ? unit : "items");
	p->mode = mode;
	p->tty = isatty(STDERR_FILENO);
	int64_t t = now_ns();
	p->t0 = (double)t / (double)NS;
	atomic_init(&p->done, 0);
	atomic_init(&p->total, total);
	atomic_flag_clear(&p->drawing);
	/* the first draw: a terminal under --progress at once; a terminal otherwise after the
	 * delay; a pipe or a file (--progress only) after a second, then once a second */
	int64_t first = p->tty && mode == JS_PROGRESS_ALWAYS ? t
			: p->tty			   ? t + (int64_t)(JS_PROGRESS_DELAY * NS)
							   : t + NS;
	atomic_init(&p->next_ns, first);
}

void js_progress_set_total(js_progress *p, uint64_t total)
{
	atomic_store_explicit(&p->total, total, memory_order_relaxed);
}

/* 1234 -> "1234", 12345 -> "12.3k", 2310000 -> "2.31M". */
static void fmt_count(char *buf, size_t n, double v)
{
	static const char suffix[] = " kMGTP";
	int k = 0;
	if (v < 10000) {
		snprintf(buf, n, "%.0f", v);
		return;
	}
	while (v >= 1000 && k < 5) {
		v /= 1000;
		k++;
	}
	snprintf(buf, n, v < 10 ? "%.2f%c" : v < 100 ? "%.1f%c" : "%.0f%c", v, suffix[k]);
}

/* 0.4 -> "0.4 s", 75 -> "1 min 15 s", 4000 -> "1 h 07 min". */
static void fmt_time(char *buf, size_t n, double s)
{
	if (s < 10)
		snprintf(buf, n, "%.1f s", s);
	else if (s < 60)
		snprintf(buf, n, "%.0f s", s);
	else if (s < 3600)
		snprintf(buf, n, "%d min %02d s", (int)s / 60, (int)s % 60);
	else
		snprintf(buf, n, "%d h %02d min", (int)s / 3600, (int)s / 60 % 60);
}

/* "sweep smb1: 1234567/4000000 lanes (31%), 2.31M lanes/s, 1.2 s left"; at the end
 * "sweep smb1: 4000000/4000000 lanes (100%), 2.31M lanes/s, 1.7 s". */
static int fmt_line(const js_progress *p, char *buf, size_t n, int64_t t, int final)
{
	uint64_t done = atomic_load_explicit(&p->done, memory_order_relaxed);
	uint64_t total = atomic_load_explicit(&p->total, memory_order_relaxed);
	double el = (double)t / (double)NS - p->t0, rate = el > 0 ? (double)done / el : 0;
	char r[32], tm[32];
	fmt_count(r, sizeof r, rate);
	int k;
	if (total)
		k = snprintf(buf, n, "%s: %llu/%llu %s (%d%%), %s %s/s", p->what,
			     (unsigned long long)done, (unsigned long long)total, p->unit,
			     (int)(done >= total ? 100 : 100.0 * (double)done / (double)total), r, p->unit);
	else
		k = snprintf(buf, n, "%s: %llu %s, %s %s/s", p->what, (unsigned long long)done, p->unit,
			     r, p->unit);
	if (k < 0 || (size_t)k >= n)
		return (int)strlen(buf);
	if (final) {
		fmt_time(tm, sizeof tm, el);
		k += snprintf(buf + k, n - (size_t)k, ", %s", tm);
	} else if (total && done < total && rate > 0) {
		fmt_time(tm, sizeof tm, (double)(total - done) / rate);
		k += snprintf(buf + k, n - (size_t)k, ", %s left", tm);
	}
	return k < (int)n ? k : (int)n - 1;
}

/* Draws (the caller holds the drawing flag). */
static void draw(js_progress *p, int64_t t, int final)
{
	char line[256];
	int len = fmt_line(p, line, sizeof line, t, final);
	if (p->tty) {
		int pad = p->width > len ? p->width - len : 0;
		fprintf(stderr, "\r%s%*s%s", line, pad, "", final ? "\n" : "");
		p->width = len;
		p->shown = !final;
	} else {
		fprintf(stderr, "%s\n", line);
	}
	p->lines++;
	fflush(stderr);
}

void js_progress_tick(js_progress *p)
{
	if (p->mode == JS_PROGRESS_OFF || (!p->tty && p->mode != JS_PROGRESS_ALWAYS))
		return;
	int64_t t = now_ns();
	if (t < atomic_load_explicit(&p->next_ns, memory_order_relaxed))
		return;
	if (atomic_flag_test_and_set_explicit(&p->drawing, memory_order_acquire))
		return; /* another thread is drawing */
	if (t >= atomic_load_explicit(&p->next_ns, memory_order_relaxed)) {
		draw(p, t, 0);
		atomic_store_explicit(&p->next_ns, t + (p->tty ? NS / JS_PROGRESS_HZ : NS),
				      memory_order_relaxed);
	}
	atomic_flag_clear_explicit(&p->drawing, memory_order_release);
}

static void lock(js_progress *p)
{
	while (atomic_flag_test_and_set_explicit(&p->drawing, memory_order_acquire))
		;
}

void js_progress_clear(js_progress *p)
{
	if (p->mode == JS_PROGRESS_OFF || !p->tty)
		return;
	lock(p);
	if (p->shown) {
		fprintf(stderr, "\r%*s\r", p->width, "");
		fflush(stderr);
		p->shown = 0;
		p->width = 0;
	}
	atomic_flag_clear_explicit(&p->drawing, memory_order_release);
}

void js_progress_end(js_progress *p)
{
	if (p->mode == JS_PROGRESS_OFF)
		return;
	lock(p);
	/* the last line: when one was drawn (AUTO on a terminal, past the delay), or always under
	 * --progress */
	if (p->lines || p->mode == JS_PROGRESS_ALWAYS)
		draw(p, now_ns(), 1);
	p->mode = JS_PROGRESS_OFF; /* ended: later ticks draw nothing */
	atomic_flag_clear_explicit(&p->drawing, memory_order_release);
}
