/* bench/reach_bench.c - the reach search's cost per model: every default start condition of
 * each model, as `jumpsweep map` searches them, each model in a child process so that its peak
 * resident memory (getrusage's ru_maxrss of the child) is its own.
 *
 *   jsreach [--model ID] [--threads N] [--max-memory BYTES] [--csv FILE]
 *
 * Per model: the start conditions and how many were searched (equal initial states are searched
 * once), the nodes kept (reach.h: (state, frame) pairs for the layered search, distinct states
 * for the graph search), the (state, frame) pairs reached, the nodes the settle hook stopped,
 * wall seconds, nodes per second, the peak memory (the search's own estimate and the process's
 * resident peak), whether every set is complete, and the rises.  --csv writes the same table.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sweep.h"

typedef struct rowv {
	size_t starts, searched;
	uint64_t states, frame_states, settled, rises;
	int incomplete, graph;
	double seconds;
	size_t est_bytes;
} rowv;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The child: one model's default starts; the row goes back through the pipe. */
static int run_model(const js_model *m, int threads, size_t max_memory, rowv *v)
{
	js_grid g;
	js_grid_default(&g, m);
	js_reach_opts o = { .threads = threads, .max_memory = max_memory };
	js_reach r;
	char err[512];
	double t0 = now();
	if (js_reach_run(&g, &o, &r, err, sizeof err) != 0) {
		fprintf(stderr, "jsreach: %s\n", err);
		return -1;
	}
	memset(v, 0, sizeof *v);
	v->seconds = now() - t0;
	v->starts = r.n_sets;
	v->incomplete = r.incomplete;
	for (size_t i = 0; i < r.n_sets; i++) {
		const js_reach_set *s = &r.sets[i];
		if (s->seconds == 0 && i > 0)
			continue; /* a copy of an equal start's set */
		v->searched++;
		v->states += s->states;
		v->frame_states += s->frame_nodes;
		v->settled += s->settled;
		v->rises += (uint64_t)s->n_rises;
		v->graph += !s->layered;
		if (s->peak_bytes > v->est_bytes)
			v->est_bytes = s->peak_bytes;
	}
	js_reach_free(&r);
	return 0;
}

int main(int argc, char **argv)
{
	const char *only = NULL, *csv_path = NULL;
	int threads = 0;
	size_t max_memory = 0;
	static const struct option opts[] = {
		{ "model", required_argument, 0, 'm' }, { "threads", required_argument, 0, 'j' },
		{ "max-memory", required_argument, 0, 'M' }, { "csv", required_argument, 0, 'c' },
		{ "help", no_argument, 0, 'h' },         { 0, 0, 0, 0 },
	};
	int c;
	while ((c = getopt_long(argc, argv, "m:j:M:c:h", opts, NULL)) != -1) {
		switch (c) {
		case 'm': only = optarg; break;
		case 'j': threads = atoi(optarg); break;
		case 'M': max_memory = (size_t)strtoull(optarg, NULL, 10); break;
		case 'c': csv_path = optarg; break;
		default:
			fprintf(stderr, "usage: jsreach [--model ID] [--threads N] [--max-memory BYTES] "
					"[--csv FILE]\n");
			return c == 'h' ? 0 : 2;
		}
	}
	if (only && !js_model_find(only)) {
		fprintf(stderr, "jsreach: unknown model '%s'\n", only);
		return 2;
	}
	FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
	if (csv_path && !csv) {
		fprintf(stderr, "jsreach: cannot write %s\n", csv_path);
		return 1;
	}
	if (csv)
		fprintf(csv, "model,starts,searched,graph,nodes,frame_states,settled,seconds,"
			     "nodes_per_s,est_peak_mb,rss_peak_mb,complete,rises\n");
	printf("%-8s %6s %8s %5s %12s %13s %10s %8s %12s %8s %8s %8s %9s\n", "model", "starts",
	       "searched", "graph", "nodes", "(state,frame)", "settled", "seconds", "nodes/s",
	       "est MB", "RSS MB", "complete", "rises");
	double total = 0;
	long max_rss = 0;
	for (int i = 0; i < js_n_models; i++) {
		const js_model *m = js_models[i];
		if (only && strcmp(only, m->id) != 0)
			continue;
		int fd[2];
		if (pipe(fd) != 0)
			return 1;
		fflush(stdout);
		pid_t pid = fork();
		if (pid == 0) {
			close(fd[0]);
			rowv v;
			int rc = run_model(m, threads, max_memory, &v);
			if (rc == 0 && write(fd[1], &v, sizeof v) != (ssize_t)sizeof v)
				rc = -1;
			_exit(rc ? 1 : 0);
		}
		close(fd[1]);
		rowv v;
		ssize_t got = read(fd[0], &v, sizeof v);
		close(fd[0]);
		int st;
		struct rusage ru;
		if (pid < 0 || wait4(pid, &st, 0, &ru) < 0 || got != (ssize_t)sizeof v ||
		    !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
			fprintf(stderr, "jsreach: %s failed\n", m->id);
			return 1;
		}
		long rss_mb = ru.ru_maxrss / 1024;
		max_rss = rss_mb > max_rss ? rss_mb : max_rss;
		total += v.seconds;
		double rate = v.seconds > 0 ? (double)v.states / v.seconds : 0;
		printf("%-8s %6zu %8zu %5d %12llu %13llu %10llu %8.2f %12.4g %8zu %8ld %8s %9llu\n",
		       m->id, v.starts, v.searched, v.graph, (unsigned long long)v.states,
		       (unsigned long long)v.frame_states, (unsigned long long)v.settled, v.seconds,
		       rate, v.est_bytes >> 20, rss_mb, v.incomplete ? "NO" : "yes",
		       (unsigned long long)v.rises);
		if (csv)
			fprintf(csv, "%s,%zu,%zu,%d,%llu,%llu,%llu,%.3f,%.4g,%zu,%ld,%d,%llu\n", m->id,
				v.starts, v.searched, v.graph, (unsigned long long)v.states,
				(unsigned long long)v.frame_states, (unsigned long long)v.settled,
				v.seconds, rate, v.est_bytes >> 20, rss_mb, !v.incomplete,
				(unsigned long long)v.rises);
	}
	printf("total %.2f s of searches; largest resident peak %ld MB\n", total, max_rss);
	if (csv)
		fclose(csv);
	return 0;
}
