/* bench/bench.c - step-core throughput: jumps and lane-steps per second per model, for the
 * scalar reference and for the lane kernel on each ISA, on 1 thread and on all threads.
 *
 * Workload: the model's default grid (every default start condition x holds 0..default_hold),
 * repeated in samples of at least 20 ms, the paths of a model sampled in turn for at least
 * --min-time seconds each (run_paths).  A lane-step is one frame of one jump
 * from its take-off to its landing (the sum of airtimes); frames a lane kernel steps past a
 * lane's landing, while the rest of its block is still airborne, are not counted, so the ratio
 * is the speed-up on useful work.
 *
 * Unless --no-disasm, each lane kernel's machine code in the library that holds it is
 * disassembled (objdump) and its instructions on xmm / ymm / zmm registers are counted and
 * printed as '#' comment lines: the evidence that each ISA path is vectorised.
 *
 *   jsbench [--model ID] [--min-time S] [--threads N] [--no-disasm] [--csv FILE]
 *
 * --csv also writes the table as CSV (model,path,threads,jumps_per_s,lane_steps_per_s,ratio),
 * the input of notebooks/bench.ipynb.
 */

#include <dlfcn.h>
#include <getopt.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sweep.h"

static double clock_s(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double now(void)
{
	return clock_s(CLOCK_MONOTONIC);
}

/* 1 = time one-thread runs by wall clock too (--wall); by default they use the calling thread's
 * CPU time, which other processes on a shared machine do not inflate. */
static int wall_only;

typedef struct measure {
	double jumps_per_s, steps_per_s;
} measure;

static FILE *csv;

static void row(const char *model, const char *path, int threads, measure m, double ref)
{
	printf("%-8s %-10s %7d %14.4g %14.4g %8.2f\n", model, path, threads, m.jumps_per_s,
	       m.steps_per_s, m.steps_per_s / ref);
	if (csv)
		fprintf(csv, "%s,%s,%d,%.6g,%.6g,%.4f\n", model, path, threads, m.jumps_per_s,
			m.steps_per_s, m.steps_per_s / ref);
}

/* One path of one model: the reference or a lane kernel on one ISA, on 1 or n threads. */
typedef struct path_case {
	const char *name;
	int reference, threads;
	js_isa isa;
	long k;      /* grid runs per sample */
	double best; /* the fastest sample's seconds per grid run */
	long samples;
} path_case;

/* One sample: the grid k times, timed by the calling thread's CPU time on one thread (OpenMP
 * runs a one-thread region on it; other processes on a shared machine do not inflate it),
 * by wall clock on more. */
static double sample(const js_grid *g, js_result *r, const path_case *p, long k)
{
	js_run_opts o = { .reference = p->reference, .isa = p->isa, .threads = p->threads };
	clockid_t id = p->threads == 1 && !wall_only ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC;
	double c0 = clock_s(id);
	for (long i = 0; i < k; i++)
		js_sweep_run(g, &o, r);
	return (clock_s(id) - c0) / (double)k;
}

/* Times every path of one model side by side.  A sample runs the grid k times, k chosen per path
 * so that a sample lasts 20 ms or more (a small grid runs in microseconds, below what a CPU clock
 * sample can time).  The samples are interleaved, one of each path per round, for at least
 * min_time seconds per path and 3 rounds, and each path keeps its fastest: interference only
 * ever slows a sample down, and a burst of it on a shared machine then falls on every path
 * alike, not on the one path that happened to run during it (the ratios to the reference moved
 * by up to a third between runs when each path ran its samples in one stretch). */
static void run_paths(const js_grid *g, js_result *r, path_case *p, int n, double min_time)
{
	for (int i = 0; i < n; i++) {
		p[i].k = 1;
		for (;;) { /* calibrate k by wall clock */
			double w0 = now();
			sample(g, r, &p[i], p[i].k);
			if (now() - w0 >= 0.02 || p[i].k >= (1L << 30))
				break;
			p[i].k *= 2;
		}
		p[i].best = 1e300;
		p[i].samples = 0;
	}
	double t0 = now();
	long rounds = 0;
	do {
		for (int i = 0; i < n; i++) {
			double dt = sample(g, r, &p[i], p[i].k);
			if (dt > 0 && dt < p[i].best)
				p[i].best = dt;
			p[i].samples++;
		}
		rounds++;
	} while (now() - t0 < min_time * n || rounds < 3);
}

/* Counts instructions of one function by operand register class, from objdump's output. */
static void disasm_counts(const char *exe, const char *sym)
{
	char cmd[4400];
	snprintf(cmd, sizeof cmd,
		 "objdump -d --no-show-raw-insn '%s' 2>/dev/null | awk '/<%s>:$/{p=1;next} p&&/^$/{exit} p'",
		 exe, sym);
	FILE *p = popen(cmd, "r");
	if (!p)
		return;
	char line[512];
	long total = 0, xmm = 0, ymm = 0, zmm = 0;
	while (fgets(line, sizeof line, p)) {
		if (!strchr(line, '\t') || strstr(line, ">:"))
			continue;
		total++;
		if (strstr(line, "%zmm"))
			zmm++;
		else if (strstr(line, "%ymm"))
			ymm++;
		else if (strstr(line, "%xmm"))
			xmm++;
	}
	pclose(p);
	if (total)
		printf("# %-22s %5ld instructions: %4ld on zmm, %4ld on ymm, %4ld on xmm\n", sym, total,
		       zmm, ymm, xmm);
}

int main(int argc, char **argv)
{
	const char *only = NULL;
	double min_time = 0.5;
	int threads = omp_get_max_threads();
	int disasm = 1;
	static const struct option opts[] = {
		{ "model", required_argument, 0, 'm' }, { "min-time", required_argument, 0, 't' },
		{ "threads", required_argument, 0, 'j' }, { "no-disasm", no_argument, 0, 'n' },
		{ "csv", required_argument, 0, 'c' },     { "wall", no_argument, 0, 'w' },
		{ "help", no_argument, 0, 'h' },
		{ 0, 0, 0, 0 },
	};
	int c;
	const char *csv_path = NULL;
	while ((c = getopt_long(argc, argv, "m:t:j:nc:wh", opts, NULL)) != -1) {
		switch (c) {
		case 'c': csv_path = optarg; break;
		case 'm': only = optarg; break;
		case 't': min_time = atof(optarg); break;
		case 'j': threads = atoi(optarg); break;
		case 'n': disasm = 0; break;
		case 'w': wall_only = 1; break;
		case 'h':
			printf("usage: jsbench [--model ID] [--min-time S] [--threads N] [--no-disasm] "
			       "[--csv FILE] [--wall]\n"
			       "Rates are each path's fastest sample, the samples of a model's paths taken in "
			       "turn; one-thread runs are timed by the thread's "
			       "CPU time (--wall: by wall clock), multi-thread runs by wall clock.\n");
			return 0;
		default: return 2;
		}
	}
	if (only && !js_model_find(only)) {
		fprintf(stderr, "jsbench: unknown model '%s'\n", only);
		return 2;
	}
	if (min_time <= 0 || threads < 1) {
		fprintf(stderr, "jsbench: --min-time and --threads must be positive\n");
		return 2;
	}

	if (csv_path) {
		csv = fopen(csv_path, "w");
		if (!csv) {
			fprintf(stderr, "jsbench: cannot write '%s'\n", csv_path);
			return 1;
		}
		fprintf(csv, "model,path,threads,jumps_per_s,lane_steps_per_s,ratio\n");
	}
	printf("# jumpsweep %s bench: lane-steps/s = frames of jumps from take-off to landing per "
	       "second; x = ratio to the model's scalar reference on 1 thread\n", JS_VERSION);
	printf("# CPU paths available:");
	for (int i = 0; i < JS_ISA_COUNT; i++)
		if (js_isa_available((js_isa)i))
			printf(" %s", js_isa_name((js_isa)i));
	printf("; threads: 1 and %d\n", threads);
	printf("# timing: the fastest of samples interleaved across the paths; 1 thread by %s, %d "
	       "threads by wall clock\n",
	       wall_only ? "wall clock" : "the thread's CPU time", threads);
	printf("%-8s %-10s %7s %14s %14s %8s\n", "model", "path", "threads", "jumps/s", "lane-steps/s",
	       "x ref");
	for (int k = 0; k < js_n_models; k++) {
		const js_model *m = js_models[k];
		if (only && strcmp(only, m->id) != 0)
			continue;
		js_grid g;
		js_grid_default(&g, m);
		js_result r;
		if (js_result_alloc(&r, js_grid_lanes(&g)) != 0)
			return 1;
		js_run_opts o = { .reference = 1, .threads = 1 };
		js_sweep_run(&g, &o, &r);
		double useful = 0;
		for (size_t i = 0; i < r.n; i++)
			useful += r.airtime[i];
		path_case p[2 * (JS_ISA_COUNT + 1)];
		int n = 0;
		for (int i = -1; i < JS_ISA_COUNT; i++) { /* -1: the reference */
			if (i >= 0 && (!js_isa_available((js_isa)i) || !m->lane[i]))
				continue;
			for (int t = 0; t < (threads > 1 ? 2 : 1); t++)
				p[n++] = (path_case){ .name = i < 0 ? "reference" : js_isa_name((js_isa)i),
						      .reference = i < 0,
						      .isa = i < 0 ? JS_ISA_SCALAR : (js_isa)i,
						      .threads = t ? threads : 1 };
		}
		run_paths(&g, &r, p, n, min_time);
		double ref = useful / p[0].best;
		for (int i = 0; i < n; i++)
			row(m->id, p[i].name, p[i].threads,
			    (measure){ (double)r.n / p[i].best, useful / p[i].best }, ref);
		js_result_free(&r);
		fflush(stdout);
	}
	if (disasm) {
		printf("# vectorisation evidence: instructions of each lane kernel by register class "
		       "(objdump -d of the file that holds it)\n");
		for (int k = 0; k < js_n_models; k++) {
			if (only && strcmp(only, js_models[k]->id) != 0)
				continue;
			for (int i = 0; i < JS_ISA_COUNT; i++) {
				/* the kernels live in libjumpsweep, not in this executable: the file that
				 * holds the function (dladdr), disassembled there */
				Dl_info info;
				if (!js_models[k]->lane[i] ||
				    !dladdr((void *)js_models[k]->lane[i], &info) || !info.dli_fname)
					continue;
				char sym[128];
				snprintf(sym, sizeof sym, "%s_lane_%s", js_models[k]->id, js_isa_name((js_isa)i));
				disasm_counts(info.dli_fname, sym);
			}
		}
	}
	if (csv && fclose(csv) != 0) {
		fprintf(stderr, "jsbench: cannot write '%s'\n", csv_path);
		return 1;
	}
	return 0;
}
