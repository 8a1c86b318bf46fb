/* sweep/commands/cli.c - the jumpsweep command line.
 *
 *   jumpsweep list [MODEL]
 *   jumpsweep sweep MODEL [--axis NAME=A[:B]]... [--hold A:B | --seq S... | --seq-file F] -o F
 *   jumpsweep trace MODEL [--axis NAME=V]... [--start FIELD=V]... [--hold H | --seq S | --seq-file F]
 *                         [-o F.csv] [--movie F.bk2|.fm2|.m64|.tas]
 *   jumpsweep reach MODEL [--axis NAME=A[:B]]... [--frames N] [--max-memory SIZE] [--max-states N]
 *                         [--rises] [-o F] [--movie DIR [--movie-format EXT]]
 *   jumpsweep map [-o atlas.h5] [--max-memory SIZE] [--max-states N] [--no-reach]
 *
 * Emulator movies (sweep/engine/movie.c, docs/movies.md): trace --movie writes the traced input as
 * a movie; --seq-file reads a movie when its name ends in .bk2/.fm2/.m64/.tas, from the first
 * press of the jump button or from --movie-frame N; reach --movie DIR writes each rise's witness.
 *
 * Usage errors: one line on stderr, exit 2.  Runtime errors: one line, exit 1.  Output files are
 * written under a temporary name and renamed when complete.  reach exits 3 when a budget
 * (--max-memory, --max-states) left a reachable set incomplete (the file is written, the sets marked); map, the main
 * job, reports such sets on stderr and in its table and HDF5, and exits 0.
 *
 * Built with -DJS_MPI=ON, `mpirun -n N jumpsweep sweep|map|reach ...` splits the work over the
 * ranks (sweep/engine/ranks.h, docs/cluster.md): the same file and tables, printed by rank 0
 * alone, the same exit statuses. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <omp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cleanup.h"
#include "commands.h"
#include "fuzzcase.h"
#include "movie.h"
#include "ranks.h"
#include "sweep.h"
#include "trace.h"

/* Subcommands in their own files (commands.h). */
static const js_command js_commands[] = {
	{ "check", js_cmd_check, "run the claims files against the models" },
	{ "explain", js_cmd_explain, "explain a fuzz finding's reproducer; --add makes it a draft claim" },
	{ "find", js_cmd_find, "the input sequences for a given rise, or the nearest rises" },
	{ NULL, NULL, NULL },
};

#define EXIT_USAGE 2
#define EXIT_RUNTIME 1
#define EXIT_INCOMPLETE 3 /* reach: written, but a budget left a reachable set incomplete */

static const char *prog = "jumpsweep";
static char command_line[4096];

static _Noreturn void die(int code, const char *fmt, ...)
{
	va_list ap;
	char msg[2048];
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	js_oneline(msg); /* an argument quoted in the message may hold a newline */
	/* MPI: every rank comes here with the same message (the ranks agree on a failure first,
	 * js_ranks_agree); rank 0 prints it, and mpirun ends the job with the status */
	if (js_rank() == 0)
		fprintf(stderr, "%s: %s\n", prog, msg);
	exit(code);
}

static const char usage_text[] =
	"usage: jumpsweep COMMAND [OPTIONS]\n"
	"\n"
	"Exact jump physics of platformer games, many jumps at once.\n"
	"\n"
	"commands:\n"
	"  list [MODEL]          models, their axes and default grids\n"
	"  sweep MODEL -o FILE   run a grid of jumps and write HDF5\n"
	"  trace MODEL           one jump frame by frame as CSV\n"
	"  reach MODEL           every reachable apex: the distinct rises over ALL input\n"
	"                        sequences (jump pressed on frame 0, then every button free\n"
	"                        every frame), per start condition, with a witness each\n"
	"  map [-o FILE]         every model on its default grid into one HDF5 file\n"
	"                        (default atlas.h5), with its reachable sets, and a summary\n"
	"\n"
	"sweep and trace options:\n"
	"  -a, --axis NAME=A[:B] an axis value or range (numbers, or names for named axes);\n"
	"                        axes not given take their default range (sweep) or low end (trace)\n"
	"  -H, --hold A[:B]      jump held on frames 0..h-1 for h = A..B (frame 0 is the press)\n"
	"  -s, --seq SEQ         an explicit input sequence (repeatable): one item per frame,\n"
	"                        '.' nothing, 'J' jump, 'D' down, 'Z' Z, 'B' B, \"[JD]\" several;\n"
	"                        a count repeats it: \"J10.5J3\" = 10 frames held, 5 up, 3 held\n"
	"  -S, --seq-file FILE   input sequences, one per line ('#' comments); a movie when FILE\n"
	"                        ends in .bk2, .fm2, .m64 or .tas (docs/movies.md)\n"
	"      --movie-frame N   --seq-file movie: the jump starts on movie frame N (0-based;\n"
	"                        default: the first frame on which the jump button goes down)\n"
	"  -f, --frames N        frame limit (default: the model's; at most 4096)\n"
	"      --start FIELD=V   trace: set a state field of the start (repeatable; the fields\n"
	"                        jumpsweep list MODEL prints), as check's \"start\" and the fuzz\n"
	"                        cases do: init, the fields within their ranges, then fuzz_fix\n"
	"  -o, --output FILE     output file (sweep, reach, map: HDF5; trace: CSV, default stdout)\n"
	"      --movie FILE      trace: also write the input as an emulator movie (.bk2 BizHawk,\n"
	"                        .fm2 FCEUX, .m64 Mupen64, .tas CelesteTAS; the model's platform)\n"
	"\n"
	"reach and map options:\n"
	"      --max-memory SIZE memory budget per start condition, bytes or with K, M, G\n"
	"                        (default: a third of the RAM, at most 8G)\n"
	"      --max-states N    node budget per start condition (default: none); past either\n"
	"                        budget the set keeps the jumps that landed by then and is\n"
	"                        marked incomplete (reach: exit status 3)\n"
	"      --rises           reach: print every rise with its airtime, apex and witness\n"
	"      --canonical       reach: every witness canonical (the fewest frames held, then\n"
	"                        presses, then first: jumpsweep find), plus the canonical ones\n"
	"                        of each rise's shortest and longest airtime (slower: a pass\n"
	"                        over the search per rise)\n"
	"      --movie DIR       reach: write every rise's witness as a movie into DIR\n"
	"      --movie-format EXT  reach --movie: only this format (bk2, fm2, m64, tas; default:\n"
	"                        every format of the model's platform)\n"
	"      --no-reach        map: skip the reachable sets\n"
	"\n"
	"run options:\n"
	"      --isa PATH        lane-kernel path: scalar, sse4, avx2, avx512 (default: best;\n"
	"                        also $JUMPSWEEP_ISA)\n"
	"      --reference       run the scalar reference instead of the lane kernel\n"
	"  -j, --threads N       OpenMP threads (default: all)\n"
	"      --progress        a progress line on stderr from the start, also into a pipe or\n"
	"                        a file (default: on a terminal, once the work has run a second)\n"
	"  -q, --quiet           no progress, no summary\n"
	"  -h, --help            this help\n"
	"  -V, --version         version\n";

enum { OPT_ISA = 256, OPT_REFERENCE, OPT_PROGRESS, OPT_MAX_STATES, OPT_MAX_MEMORY, OPT_RISES,
       OPT_CANONICAL,
       OPT_NO_REACH, OPT_MOVIE, OPT_MOVIE_FRAME, OPT_MOVIE_FORMAT, OPT_START };

static const struct option long_opts[] = {
	{ "axis", required_argument, 0, 'a' },     { "hold", required_argument, 0, 'H' },
	{ "seq", required_argument, 0, 's' },      { "seq-file", required_argument, 0, 'S' },
	{ "frames", required_argument, 0, 'f' },   { "output", required_argument, 0, 'o' },
	{ "isa", required_argument, 0, OPT_ISA },  { "reference", no_argument, 0, OPT_REFERENCE },
	{ "threads", required_argument, 0, 'j' },  { "progress", no_argument, 0, OPT_PROGRESS },
	{ "quiet", no_argument, 0, 'q' },          { "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, 'V' },        { "max-states", required_argument, 0, OPT_MAX_STATES },
	{ "max-memory", required_argument, 0, OPT_MAX_MEMORY },
	{ "rises", no_argument, 0, OPT_RISES },    { "no-reach", no_argument, 0, OPT_NO_REACH },
	{ "canonical", no_argument, 0, OPT_CANONICAL },
	{ "movie", required_argument, 0, OPT_MOVIE },
	{ "movie-frame", required_argument, 0, OPT_MOVIE_FRAME },
	{ "movie-format", required_argument, 0, OPT_MOVIE_FORMAT },
	{ "start", required_argument, 0, OPT_START },
	{ 0, 0, 0, 0 },
};

typedef struct cli {
	const char *cmd;
	const char *model_id;
	const char *output;
	char **axis_args;
	int n_axis_args;
	const char *hold;
	char **seqs;
	int n_seqs;
	const char *seq_file;
	char **starts;          /* trace --start FIELD=V */
	int n_starts;
	long frames;
	int reference, progress, quiet, threads;
	js_isa isa;
	unsigned long long max_states; /* reach, map: 0 = no node cap */
	size_t max_memory;             /* reach, map: 0 = the default */
	int rises, no_reach, canonical;
	const char *movie;        /* trace: movie file; reach: directory */
	long movie_frame;         /* --seq-file movie: first movie frame, or JS_MOVIE_FIRST_PRESS */
	int movie_frame_given;
	const char *movie_format; /* reach --movie: one extension */
} cli;

static long parse_long(const char *s, const char *what)
{
	char err[256];
	long v;
	if (js_parse_int(s, what, &v, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s", err);
	return v;
}

/* "512M", "4G", "1000000": bytes, at least 1 MiB. */
static size_t parse_size(const char *s, const char *what)
{
	char err[256];
	size_t v;
	if (js_parse_size(s, what, &v, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s", err);
	return v;
}

/* The grid from the options, on g's model (js_grid_build: the same checks and messages as the
 * C API's). */
static void build_grid(const cli *c, js_grid *g, int single)
{
	char err[2048];
	js_grid_spec s = { .axis_args = (const char *const *)c->axis_args,
			   .n_axis_args = c->n_axis_args, .hold = c->hold,
			   .seqs = (const char *const *)c->seqs, .n_seqs = c->n_seqs,
			   .seq_file = c->seq_file, .movie_frame = c->movie_frame,
			   .frames = c->frames, .single = single };
	int rc = js_grid_build(g, g->model, &s, err, sizeof err);
	if (rc)
		die(rc, "%s", err);
}

static const js_model *need_model(const char *id)
{
	const js_model *m;
	char err[1024];
	int rc = js_model_need(id, &m, err, sizeof err);
	if (rc)
		die(rc, "%s", err);
	return m;
}

/* ---- list ---- */

static void print_axis(const js_axis *ax)
{
	if (ax->n_names) {
		printf("    %-6s ", ax->name);
		for (int i = 0; i < ax->n_names; i++)
			printf("%s%s", i ? "|" : "", ax->names[i]);
		printf("  default %s..%s", ax->names[ax->def_lo], ax->names[ax->def_hi]);
	} else {
		printf("    %-6s %d..%d %s  default %d..%d", ax->name, ax->min, ax->max, ax->unit,
		       ax->def_lo, ax->def_hi);
	}
	printf("%s\n      %s\n", ax->input_bit ? "  (an input held every frame)" : "", ax->long_name);
	for (int i = 0; i < JS_MAX_AXIS_VALUES && ax->values[i].name; i++)
		printf("      %s=%s = %d %s (%s)\n", ax->name, ax->values[i].name, ax->values[i].value,
		       ax->unit, ax->values[i].source);
}

static void print_model(const js_model *m, int full)
{
	printf("%-8s %s (%s), %s; %s, 1/%lld %s; %.4g Hz\n", m->id, m->game, m->platform, m->character,
	       m->unit, (long long)m->sub_per_unit, m->unit, m->fps);
	for (int a = 0; a < m->n_axes; a++)
		print_axis(&m->axes[a]);
	printf("    hold   default 0..%d frames; frame limit %d\n", m->default_hold, m->default_frames);
	if (full) {
		printf("  frame:   %s\n  sources: %s\n  notes:   %s\n  claims: ", m->frame, m->sources,
		       m->notes);
		for (const char *const *c = m->claims; c && *c; c++)
			printf(" %s", *c);
		printf("\n");
		if (m->character_height > 0)
			printf("  height:  %.9g %s (%s)\n", m->character_height, m->unit,
			       m->character_height_source);
		/* the button map for emulator movies (docs/movies.md) */
		const js_movie_map *mv = &m->movie;
		const char *fmts = js_movie_formats(m);
		printf("  buttons:");
		for (int b = 0; b < JS_N_BUTTONS; b++)
			if (m->inputs >> b & 1u)
				printf(" %c=%s", JS_SEQ_BUTTONS[b], mv->button[b] ? mv->button[b] : "?");
		if (mv->jump_axis) {
			int a = js_axis_find(m, mv->jump_axis);
			printf(" (J by %s:", mv->jump_axis);
			for (int v = 0; a >= 0 && v < m->axes[a].n_names; v++)
				printf(" %s=%s", m->axes[a].names[v],
				       mv->jump_by_value[v] ? mv->jump_by_value[v] : mv->button[0]);
			printf(")");
		}
		printf("; movies: %s\n", *fmts ? fmts : "none");
		if (mv->note)
			printf("  movie:   %s\n", mv->note);
		printf("  flags (bit, value, name: meaning):\n");
		for (int b = 0; b < JS_MAX_FLAGS; b++)
			if (m->flag_names[b])
				printf("    %2d %10lu  %-18s %s\n", b, 1ul << b, m->flag_names[b],
				       js_flag_what(m, b) ? js_flag_what(m, b) : "");
		if (m->n_fields) {
			printf("  start fields (check's \"start\", fuzz cases):\n");
			for (int i = 0; i < m->n_fields; i++) {
				const js_field *f = &m->fields[i];
				char lo[64], hi[64];
				js_field_format(f, f->min, lo, sizeof lo);
				js_field_format(f, f->max, hi, sizeof hi);
				printf("    %-12s %s..%s  %s\n", f->name, lo, hi, f->why ? f->why : "");
				if (f->value_names) {
					printf("      values:");
					for (int v = 0; v <= (int)(f->max - f->min); v++)
						printf(" %s", f->value_names[v]);
					printf("\n");
				}
			}
		}
		for (int i = 0; i < JS_MAX_INVARIANTS; i++)
			if (m->inv_names[i])
				printf("  rule %-12s %s\n", m->inv_names[i], m->inv_what[i] ? m->inv_what[i] : "");
		if (m->land_bound)
			printf("  rule lands        with no buttons, any start lands within %d frames\n",
			       m->land_bound);
	}
}

static int cmd_list(const cli *c)
{
	if (c->model_id) {
		print_model(need_model(c->model_id), 1);
		return 0;
	}
	for (int i = 0; i < js_n_models; i++)
		print_model(js_models[i], 0);
	return 0;
}

/* ---- sweep / map ---- */

static js_run_opts run_opts(const cli *c, const char *label)
{
	js_run_opts o = { .reference = c->reference, .isa = c->isa, .threads = c->threads,
			  .progress = js_progress_mode(c->quiet, c->progress), .label = label };
	return o;
}

static js_h5 *open_output(const cli *c, const char *path)
{
	char err[512];
	js_h5_meta meta = { .command = command_line,
			    .isa = c->reference ? "reference" : js_isa_name(c->isa) };
	js_h5 *h = js_h5_create(path, &meta, err, sizeof err);
	if (!h)
		die(EXIT_RUNTIME, "%s", err);
	return h;
}

static void close_or_die(js_h5 *h)
{
	char err[512];
	if (js_h5_close(h, 1, err, sizeof err) != 0)
		die(EXIT_RUNTIME, "%s", err);
}

/* Runs grid g into h's group /<model id> as it goes (js_sweep_run_stream: memory bounded by the
 * threads, not the grid); each finished window also goes to also(also_ctx, ...) when given. */
typedef struct stream_sink {
	js_h5_sweep *sw;
	js_sweep_sink also;
	void *also_ctx;
} stream_sink;

static int stream_sink_fn(void *ctx, size_t first, const js_result *r, char *err, size_t errn)
{
	stream_sink *k = ctx;
	if (k->also && k->also(k->also_ctx, first, r, err, errn) != 0)
		return -1;
	return js_h5_sweep_sink(k->sw, first, r, err, errn);
}

static void stream_or_die(js_h5 *h, const js_grid *g, const js_run_opts *o, js_sweep_sink also,
			  void *also_ctx)
{
	char err[512], e2[512];
	js_h5_sweep *sw = js_h5_sweep_begin(h, g, err, sizeof err);
	if (!sw) {
		js_h5_close(h, 0, e2, sizeof e2);
		die(EXIT_RUNTIME, "%s", err);
	}
	js_stream_cut cut;
	js_h5_sweep_cut(sw, &cut);
	stream_sink k = { .sw = sw, .also = also, .also_ctx = also_ctx };
	int rc = js_sweep_run_stream(g, o, &cut, stream_sink_fn, &k, err, sizeof err);
	/* end releases the group either way; it checks the close only after a complete run (MPI:
	 * every rank gets the first failing rank's status and message) */
	int rc_end = js_h5_sweep_end(sw, rc == 0, err, sizeof err);
	if (rc_end != 0)
		rc = rc_end;
	if (rc != 0) {
		if (o->meter)
			js_progress_clear(o->meter);
		js_h5_close(h, 0, e2, sizeof e2);
		die(EXIT_RUNTIME, "%s", err);
	}
}

static int cmd_sweep(const cli *c)
{
	if (!c->model_id)
		die(EXIT_USAGE, "sweep: which model? (jumpsweep sweep MODEL -o FILE)");
	if (!c->output)
		die(EXIT_USAGE, "sweep: no output file (-o FILE)");
	js_grid g;
	js_grid_default(&g, need_model(c->model_id));
	build_grid(c, &g, 0);
	js_run_opts o = run_opts(c, g.model->id);
	char err[768];
	/* past size_t or HDF5, or more than the file system holds: one line, before any file
	 * (MPI: rank 0 looks, every rank follows) */
	int rc = js_rank() == 0 ? js_h5_sweep_check(&g, &o, c->output, err, sizeof err) : 0;
	if (js_ranks_agree(rc, err, sizeof err) != 0)
		die(EXIT_RUNTIME, "%s", err);
	js_h5 *h = open_output(c, c->output);
	stream_or_die(h, &g, &o, NULL, NULL);
	close_or_die(h);
	js_grid_free_seqs(&g);
	return 0;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- reach ---- */

static void fmt_len(char *buf, size_t n, const js_model *m, int64_t sub)
{
	snprintf(buf, n, "%.4f %s", (double)sub / (double)m->sub_per_unit, m->unit);
}

static js_reach_opts reach_opts(const cli *c)
{
	js_reach_opts o = { .max_states = c->max_states, .max_memory = c->max_memory,
			    .threads = c->threads, .progress = js_progress_mode(c->quiet, c->progress),
			    .canonical = c->canonical };
	return o;
}

/* "the budget": memory, and the node cap when one was given. */
static void fmt_budget(char *buf, size_t n, const js_reach *r)
{
	int w = snprintf(buf, n, "%zu MiB", r->max_memory >> 20);
	if (r->max_states && w > 0 && (size_t)w < n)
		snprintf(buf + w, n - (size_t)w, ", %llu states", (unsigned long long)r->max_states);
}

static void run_reach_or_die(const js_grid *g, const js_reach_opts *o, js_reach *r)
{
	char err[512];
	if (js_reach_run(g, o, r, err, sizeof err) != 0)
		die(EXIT_RUNTIME, "%s", err);
}

static void write_reach_or_die(js_h5 *h, const js_reach *r)
{
	char err[512];
	if (js_h5_write_reach(h, r, err, sizeof err) != 0) {
		char e2[512];
		js_h5_close(h, 0, e2, sizeof e2);
		die(EXIT_RUNTIME, "%s", err);
	}
}

/* One start condition's row: rises, min, max, airtime range, states, time, status. */
static void print_reach_row(const js_model *m, const js_reach_set *s, int width)
{
	char label[200], a[32], b[32], air[32], status[96];
	js_reach_set_label(m, s, label, sizeof label);
	int64_t lo, hi;
	js_reach_minmax(s, &lo, &hi);
	fmt_len(a, sizeof a, m, lo);
	fmt_len(b, sizeof b, m, hi);
	int32_t alo = 0, ahi = 0;
	for (int i = 0; i < s->n_rises; i++) {
		const js_reach_rise *x = &s->rises[i];
		if (x->flags & JS_FLAG_NOT_LANDED)
			continue;
		alo = !alo || x->airtime_min < alo ? x->airtime_min : alo;
		ahi = x->airtime_max > ahi ? x->airtime_max : ahi;
	}
	snprintf(air, sizeof air, "%d..%d", (int)alo, (int)ahi);
	if (!s->complete)
		snprintf(status, sizeof status, "INCOMPLETE (frame %d)", s->frames_done);
	else if (s->airborne_at_limit) {
		int only_air = 0;
		for (int i = 0; i < s->n_rises; i++)
			only_air += (s->rises[i].flags & JS_FLAG_NOT_LANDED) != 0;
		snprintf(status, sizeof status, "complete; %d rises only by jumps in the air at the "
			 "limit", only_air);
	}
	else
		snprintf(status, sizeof status, "complete");
	printf("%-*s %7d %12s %12s %9s %12llu %8.3f  %s\n", width, label, s->n_rises, a, b, air,
	       (unsigned long long)s->states, s->seconds, status);
}

/* reach --movie DIR: every rise's witness as a movie, named by the start condition and the rise
 * (DIR/smw_vx=48_jump=normal_spx=0_rise1072.bk2), in each format of the platform or the one
 * --movie-format names. */
static void write_reach_movies(const cli *c, const js_model *m, const js_reach *r)
{
	size_t written = 0;
	for (size_t i = 0; i < r->n_sets; i++) {
		const js_reach_set *s = &r->sets[i];
		char label[200];
		js_reach_set_label(m, s, label, sizeof label);
		js_movie_name_part(label);
		for (int k = 0; k < s->n_rises; k++) {
			const js_reach_rise *x = &s->rises[k];
			char name[300], err[512];
			snprintf(name, sizeof name, "%s_%s_rise%lld", m->id, label, (long long)x->rise);
			if (js_movie_write_dir(m, s->axis, c->movie, c->movie_format, name, x->witness,
					       x->witness_len, &written, err, sizeof err) != 0)
				die(EXIT_RUNTIME, "%s", err);
		}
	}
	if (!c->quiet)
		printf("wrote %zu movie%s into %s\n", written, written == 1 ? "" : "s", c->movie);
}

static int cmd_reach(const cli *c)
{
	if (!c->model_id)
		die(EXIT_USAGE, "reach: which model? (jumpsweep reach MODEL [--axis NAME=A[:B]] [-o FILE])");
	if (c->hold || c->n_seqs || c->seq_file)
		die(EXIT_USAGE, "reach explores every input sequence: --hold, --seq and --seq-file do "
				"not apply");
	const js_model *m = need_model(c->model_id);
	for (int i = 0; i < c->n_axis_args; i++) {
		char name[64];
		const char *eq = strchr(c->axis_args[i], '=');
		snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - c->axis_args[i]) : 63,
			 c->axis_args[i]);
		int a = js_axis_find(m, name);
		if (a >= 0 && m->axes[a].input_bit)
			die(EXIT_USAGE, "reach: axis %s is a button (%s), explored on every frame; it is "
					"not a start condition", name,
			    js_input_name(m->axes[a].input_bit));
	}
	if (c->movie) {
		char err[512];
		if (js_movie_check_format(m, c->movie_format, err, sizeof err) != 0)
			die(EXIT_USAGE, "reach --movie: %s", err);
	}
	js_grid g;
	js_grid_default(&g, m);
	build_grid(c, &g, 0);
	js_h5 *h = c->output ? open_output(c, c->output) : NULL;
	js_reach_opts o = reach_opts(c);
	js_reach r;
	run_reach_or_die(&g, &o, &r);
	if (h) {
		write_reach_or_die(h, &r);
		close_or_die(h);
	}
	if (!c->quiet) {
		char inputs[8] = "";
		for (int b = 0, k = 0; b < JS_N_BUTTONS; b++)
			if (r.inputs >> b & 1u)
				inputs[k++] = JS_SEQ_BUTTONS[b], inputs[k] = 0;
		char budget[80];
		fmt_budget(budget, sizeof budget, &r);
		printf("reach %s: %zu start conditions, frames 0..%d, buttons %s (jump on frame 0), "
		       "budget %s each, %d thread%s, %.3f s\n",
		       m->id, r.n_sets, r.n_frames - 1, inputs, budget, r.threads_used,
		       r.threads_used == 1 ? "" : "s", r.seconds);
		int width = 5;
		for (size_t i = 0; i < r.n_sets; i++) {
			char label[200];
			js_reach_set_label(m, &r.sets[i], label, sizeof label);
			width = (int)strlen(label) > width ? (int)strlen(label) : width;
		}
		printf("%-*s %7s %12s %12s %9s %12s %8s  %s\n", width, "start", "rises", "rise min",
		       "rise max", "airtime", "states", "seconds", "status");
		for (size_t i = 0; i < r.n_sets; i++) {
			const js_reach_set *s = &r.sets[i];
			print_reach_row(m, s, width);
			if (!c->rises)
				continue;
			for (int k = 0; k < s->n_rises; k++) {
				const js_reach_rise *x = &s->rises[k];
				size_t cap = (size_t)x->witness_len * 6 + 16;
				char *w = malloc(cap), len[32];
				if (!w)
					die(EXIT_RUNTIME, "out of memory");
				js_seq_format(x->witness, x->witness_len, w, cap);
				fmt_len(len, sizeof len, m, x->rise);
				printf("  rise %lld (%s) airtime %d..%d apex %d..%d%s witness %s",
				       (long long)x->rise, len, x->airtime_min, x->airtime_max, x->apex_min,
				       x->apex_max, x->flags & JS_FLAG_NOT_LANDED ? " not_landed" : "", w);
				free(w);
				const uint8_t *sw[2] = { x->witness_short, x->witness_long };
				int sl[2] = { x->short_len, x->long_len };
				for (int q = 0; q < 2; q++) {
					if (!sw[q])
						continue;
					char *t = malloc((size_t)sl[q] * 6 + 16);
					if (!t)
						die(EXIT_RUNTIME, "out of memory");
					js_seq_format(sw[q], sl[q], t, (size_t)sl[q] * 6 + 16);
					printf(" %s %s", q ? "longest" : "shortest", t);
					free(t);
				}
				printf("\n");
			}
		}
		if (h)
			printf("wrote %s\n", c->output);
	}
	if (c->movie && js_rank() == 0)
		write_reach_movies(c, m, &r);
	for (size_t i = 0; i < r.n_sets && js_rank() == 0; i++)
		if (!r.sets[i].complete)
			fprintf(stderr, "%s: %s\n", prog, r.sets[i].message);
	int rc = r.incomplete ? EXIT_INCOMPLETE : 0;
	js_reach_free(&r);
	return rc;
}

/* ---- map ---- */

static int imax(int a, int b)
{
	return a > b ? a : b;
}

/* The reach table's columns, formatted first so that their widths come from the content. */
enum { RT_MODEL, RT_STARTS, RT_RISES, RT_MIN, RT_MAX, RT_STATES, RT_SECONDS, RT_STATUS, RT_COLS };

/* map's table row: the rise range and the longest airtime over the lanes that took off. */
typedef struct map_range {
	int64_t lo, hi;
	int32_t air;
} map_range;

static int map_range_fn(void *ctx, size_t first, const js_result *r, char *err, size_t errn)
{
	(void)first, (void)err, (void)errn;
	map_range *mr = ctx;
	for (size_t k = 0; k < r->n; k++) {
		if (r->flags[k] & JS_FLAG_NO_TAKEOFF)
			continue;
		mr->lo = r->rise[k] < mr->lo ? r->rise[k] : mr->lo;
		mr->hi = r->rise[k] > mr->hi ? r->rise[k] : mr->hi;
		mr->air = r->airtime[k] > mr->air ? r->airtime[k] : mr->air;
	}
	return 0;
}

static int cmd_map(const cli *c)
{
	const char *path = c->output ? c->output : "atlas.h5";
	if (c->n_axis_args || c->hold || c->n_seqs || c->seq_file || c->frames)
		die(EXIT_USAGE, "map runs every model's default grid; use sweep for other grids");
	js_h5 *h = open_output(c, path);
	/* The sweep table prints a row as each model's sweep ends, so its columns are sized before
	 * the first row from what is known then: the ids, the games, the lanes of each default
	 * grid, the units ("world unit"), the frame limits.  A rise is "%.4f UNIT": room for 5
	 * digits before the point (the largest default-grid rise, sm64's, has 3). */
	uint64_t all_lanes = 0;
	int w_id = (int)strlen("model"), w_game = (int)strlen("game"), w_lanes = (int)strlen("lanes");
	int w_rise = (int)strlen("rise min"), w_air = (int)strlen("air max");
	for (int i = 0; i < js_n_models; i++) {
		const js_model *m = js_models[i];
		js_grid g;
		js_grid_default(&g, m);
		size_t lanes = js_grid_lanes(&g);
		all_lanes += lanes;
		char buf[64];
		w_id = imax(w_id, (int)strlen(m->id));
		w_game = imax(w_game, (int)strlen(m->game));
		w_lanes = imax(w_lanes, snprintf(buf, sizeof buf, "%zu", lanes));
		w_rise = imax(w_rise, (int)strlen("99999.9999 ") + (int)strlen(m->unit));
		w_air = imax(w_air, snprintf(buf, sizeof buf, "%d", g.n_frames));
	}
	if (!c->quiet)
		printf("%-*s  %-*s  %-*s  %-*s  %-*s  %-*s  %s\n", w_id, "model", w_game, "game", w_lanes,
		       "lanes", w_rise, "rise min", w_rise, "rise max", w_air, "air max", "seconds");
	/* one progress line over every model's sweep (on a terminal after a second; --progress) */
	js_progress meter;
	js_progress_start(&meter, "map: sweeps", "lanes", all_lanes,
			  js_progress_mode(c->quiet, c->progress));
	/* per model: the reachable sets' summary, printed after the sweeps */
	typedef struct reach_row {
		size_t sets;
		int incomplete, rises_lo, rises_hi;
		int64_t lo, hi;
		uint64_t states;
		char budget[80];
		double seconds;
	} reach_row;
	reach_row *rows = calloc((size_t)js_n_models, sizeof *rows);
	js_grid *grids = calloc((size_t)js_n_models, sizeof *grids);
	int incomplete = 0;
	if (!rows || !grids)
		die(EXIT_RUNTIME, "out of memory");
	for (int i = 0; i < js_n_models; i++) {
		const js_model *m = js_models[i];
		js_grid g;
		js_grid_default(&g, m);
		js_run_opts o = run_opts(c, m->id);
		o.meter = &meter;
		map_range mr = { .lo = INT64_MAX, .hi = INT64_MIN, .air = 0 };
		double t0 = now();
		stream_or_die(h, &g, &o, map_range_fn, &mr);
		/* MPI: over every rank's share */
		int64_t hi_air[2] = { mr.hi, mr.air };
		js_ranks_reduce_i64(&mr.lo, 1, 0);
		js_ranks_reduce_i64(hi_air, 2, 1);
		double t1 = now();
		int64_t lo = mr.lo, hi = hi_air[0];
		int32_t air = (int32_t)hi_air[1];
		if (lo > hi)
			lo = hi = 0;
		if (!c->quiet) {
			char a[64], b[64], sec[32];
			fmt_len(a, sizeof a, m, lo);
			fmt_len(b, sizeof b, m, hi);
			snprintf(sec, sizeof sec, "%.3f", t1 - t0);
			js_progress_clear(&meter); /* the row, then the line again at the next tick */
			printf("%-*s  %-*s  %-*zu  %-*s  %-*s  %-*d  %s\n", w_id, m->id, w_game, m->game,
			       w_lanes, js_grid_lanes(&g), w_rise, a, w_rise, b, w_air, air, sec);
			fflush(stdout);
		}
		if (c->no_reach)
			continue;
		grids[i] = g; /* the reachable sets: all models at once, below */
	}
	js_progress_end(&meter);
	if (!c->no_reach) {
		/* every model's default start conditions (the sweep's non-input axes) in one pool,
		 * so that one model's long search runs beside the others' */
		const js_grid **gp = malloc((size_t)js_n_models * sizeof *gp);
		js_reach *all = calloc((size_t)js_n_models, sizeof *all);
		char err[512];
		if (!gp || !all)
			die(EXIT_RUNTIME, "out of memory");
		for (int i = 0; i < js_n_models; i++)
			gp[i] = &grids[i];
		js_reach_opts ro = reach_opts(c);
		if (js_reach_run_many(gp, (size_t)js_n_models, &ro, all, err, sizeof err) != 0) {
			char e2[512];
			js_h5_close(h, 0, e2, sizeof e2);
			die(EXIT_RUNTIME, "%s", err);
		}
		for (int i = 0; i < js_n_models; i++) {
			const js_model *m = js_models[i];
			js_reach rr = all[i];
			write_reach_or_die(h, &rr);
			reach_row *w = &rows[i];
			w->sets = rr.n_sets;
			w->incomplete = rr.incomplete;
			fmt_budget(w->budget, sizeof w->budget, &rr);
			w->seconds = 0; /* the model's searches, added up (they ran in one pool) */
			for (size_t k = 0; k < rr.n_sets; k++)
				w->seconds += rr.sets[k].seconds;
			w->lo = INT64_MAX;
			w->hi = INT64_MIN;
			w->rises_lo = INT_MAX;
			for (size_t k = 0; k < rr.n_sets; k++) {
				const js_reach_set *s = &rr.sets[k];
				int64_t slo, shi;
				js_reach_minmax(s, &slo, &shi);
				if (s->n_rises) {
					w->lo = slo < w->lo ? slo : w->lo;
					w->hi = shi > w->hi ? shi : w->hi;
				}
				w->rises_lo = s->n_rises < w->rises_lo ? s->n_rises : w->rises_lo;
				w->rises_hi = s->n_rises > w->rises_hi ? s->n_rises : w->rises_hi;
				w->states += s->states;
			}
			if (w->lo > w->hi)
				w->lo = w->hi = 0;
			if (rr.incomplete) {
				const js_reach_set *first = NULL;
				for (size_t k = 0; k < rr.n_sets && !first; k++)
					if (!rr.sets[k].complete)
						first = &rr.sets[k];
				if (js_rank() == 0) /* MPI: rank 0 alone prints */
					fprintf(stderr, "%s: reach %s: %d of %zu start conditions "
						"incomplete (budget %s each; marked in /%s/reach/complete); "
						"first: %s\n", prog, m->id, rr.incomplete, rr.n_sets,
						w->budget, m->id, first->message);
				incomplete = 1;
			}
			js_reach_free(&rr);
		}
		free(gp);
		free(all);
	}
	close_or_die(h);
	if (!c->quiet && !c->no_reach) {
		printf("\nreachable apexes: all input sequences with the jump pressed on frame 0, per "
		       "start condition (the default grid's non-input axes)\n");
		static const char *const head[RT_COLS] = { "model",     "starts", "rises",   "reach min",
							   "reach max", "states", "seconds", "status" };
		char(*cell)[RT_COLS][96] = calloc((size_t)js_n_models, sizeof *cell);
		int w[RT_COLS];
		if (!cell)
			die(EXIT_RUNTIME, "out of memory");
		for (int k = 0; k < RT_COLS; k++)
			w[k] = (int)strlen(head[k]);
		for (int i = 0; i < js_n_models; i++) {
			const js_model *m = js_models[i];
			const reach_row *rw = &rows[i];
			snprintf(cell[i][RT_MODEL], sizeof cell[i][0], "%s", m->id);
			snprintf(cell[i][RT_STARTS], sizeof cell[i][0], "%zu", rw->sets);
			if (rw->rises_lo == rw->rises_hi)
				snprintf(cell[i][RT_RISES], sizeof cell[i][0], "%d", rw->rises_lo);
			else
				snprintf(cell[i][RT_RISES], sizeof cell[i][0], "%d..%d", rw->rises_lo,
					 rw->rises_hi);
			fmt_len(cell[i][RT_MIN], sizeof cell[i][0], m, rw->lo);
			fmt_len(cell[i][RT_MAX], sizeof cell[i][0], m, rw->hi);
			snprintf(cell[i][RT_STATES], sizeof cell[i][0], "%llu",
				 (unsigned long long)rw->states);
			snprintf(cell[i][RT_SECONDS], sizeof cell[i][0], "%.3f", rw->seconds);
			if (rw->incomplete)
				snprintf(cell[i][RT_STATUS], sizeof cell[i][0], "%d INCOMPLETE (budget %s)",
					 rw->incomplete, rw->budget);
			else
				snprintf(cell[i][RT_STATUS], sizeof cell[i][0], "complete");
			for (int k = 0; k < RT_COLS; k++)
				w[k] = imax(w[k], (int)strlen(cell[i][k]));
		}
		for (int i = -1; i < js_n_models; i++) {
			for (int k = 0; k < RT_COLS; k++) {
				const char *t = i < 0 ? head[k] : cell[i][k];
				if (k + 1 < RT_COLS)
					printf("%-*s  ", w[k], t);
				else
					printf("%s\n", t);
			}
		}
		free(cell);
	}
	free(rows);
	free(grids);
	if (!c->quiet)
		printf("wrote %s%s\n", path,
		       incomplete ? " (some reachable sets incomplete: marked INCOMPLETE above)" : "");
	return 0;
}

/* ---- trace ---- */

static int cmd_trace(const cli *c)
{
	if (!c->model_id)
		die(EXIT_USAGE, "trace: which model? (jumpsweep trace MODEL [--hold H | --seq S])");
	js_grid g;
	js_grid_default(&g, need_model(c->model_id));
	build_grid(c, &g, 1);
	int32_t ax[JS_MAX_AXES] = { 0 };
	uint8_t *in = malloc((size_t)g.n_frames);
	if (!in)
		die(EXIT_RUNTIME, "out of memory");
	js_grid_lane_axes(&g, 0, ax);
	js_grid_lane_input(&g, 0, in);
	/* The start state: init(the axes), then --start fields within their ranges and fuzz_fix,
	 * the way check's "start" and the fuzz cases build it (js_trace_start_state). */
	_Alignas(16) unsigned char st[JS_STATE_MAX];
	char err[2048];
	int rc = js_trace_start_state(g.model, ax, (const char *const *)c->starts, c->n_starts, st,
				      err, sizeof err);
	if (rc)
		die(rc, "%s", err);
	if (c->movie) {
		/* first, so that a movie that cannot be written leaves no trace output: the sequence
		 * as given (clipped to the frame limit), or a hold's frames through the landing */
		int len = g.n_frames;
		if (g.pattern == JS_PATTERN_SEQ) {
			len = g.seq_len[0] < g.n_frames ? g.seq_len[0] : g.n_frames;
		} else {
			js_acc acc;
			js_reference_run_from(g.model, st, in, g.n_frames, &acc);
			if (acc.landed)
				len = acc.airtime;
		}
		if (js_movie_write(g.model, ax, c->movie, in, len > 0 ? len : 1, err, sizeof err) != 0)
			die(EXIT_RUNTIME, "%s", err);
	}
	FILE *out = stdout;
	char tmp[4096] = "";
	if (c->output && strcmp(c->output, "-") != 0) {
		snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", c->output);
		int fd = mkstemp(tmp);
		if (fd < 0 || !(out = fdopen(fd, "w")))
			die(EXIT_RUNTIME, "cannot create '%s': %s", c->output, strerror(errno));
		js_cleanup_add(tmp);
	}
	rc = js_trace(out, g.model, st, in, g.n_frames);
	if (out != stdout) {
		rc |= fclose(out);
		if (rc != 0 || rename(tmp, c->output) != 0) {
			int e = errno;
			unlink(tmp);
			js_cleanup_drop(tmp);
			die(EXIT_RUNTIME, "cannot write '%s': %s", c->output, strerror(e));
		}
		js_cleanup_drop(tmp);
	} else if (rc != 0 || fflush(stdout) != 0) {
		die(EXIT_RUNTIME, "cannot write the trace: %s", strerror(errno));
	}
	free(in);
	js_grid_free_seqs(&g);
	return 0;
}

int main(int argc, char **argv)
{
	size_t w = 0;
	for (int i = 0; i < argc && w < sizeof command_line - 1; i++)
		w += (size_t)snprintf(command_line + w, sizeof command_line - w, "%s%s", i ? " " : "",
				      argv[i]);
	if (js_ranks_init(&argc, &argv) != 0) /* MPI builds only (ranks.h) */
		return EXIT_RUNTIME;
	js_cleanup_signals(prog); /* a signal removes the unfinished output (cleanup.h) */
	if (js_rank() != 0)
		js_cleanup_quiet(); /* MPI: rank 0 alone says so */
	else if (js_n_ranks() > 1)
		js_cleanup_shared();
	signal(SIGPIPE, SIG_IGN);  /* a closed pipe is a write error (EPIPE): one line, exit 1 */
	signal(SIGXFSZ, SIG_IGN);  /* so is a file size limit (ulimit -f: EFBIG), not a kill that
				    * leaves the temporary file behind */
	if (argc > 1)
		for (const js_command *k = js_commands; k->name; k++)
			if (strcmp(argv[1], k->name) == 0) {
				if (js_n_ranks() > 1)
					die(EXIT_USAGE, "%s runs in one process: run it without mpirun "
						"(sweep, map and reach split over MPI ranks)", k->name);
				return k->fn(argc - 1, argv + 1);
			}

	cli c = { .isa = js_isa_current(), .movie_frame = JS_MOVIE_FIRST_PRESS };
	c.axis_args = calloc((size_t)argc, sizeof *c.axis_args);
	c.seqs = calloc((size_t)argc, sizeof *c.seqs);
	c.starts = calloc((size_t)argc, sizeof *c.starts);
	if (!c.axis_args || !c.seqs || !c.starts)
		die(EXIT_RUNTIME, "out of memory");
	int opt;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "+:a:H:s:S:f:o:j:qhV", long_opts, NULL)) != -1 ||
	       (optind < argc && (opt = 0, 1))) {
		if (opt == 0) { /* a positional argument: the command, then the model */
			if (!c.cmd)
				c.cmd = argv[optind];
			else if (!c.model_id)
				c.model_id = argv[optind];
			else
				die(EXIT_USAGE, "unexpected argument '%s'", argv[optind]);
			optind++;
			continue;
		}
		switch (opt) {
		case 'a': c.axis_args[c.n_axis_args++] = optarg; break;
		case 'H': c.hold = optarg; break;
		case 's': c.seqs[c.n_seqs++] = optarg; break;
		case 'S': c.seq_file = optarg; break;
		case 'f': c.frames = parse_long(optarg, "--frames");
			if (c.frames < 1 || c.frames > JS_MAX_FRAMES)
				die(EXIT_USAGE, "--frames %s: must be 1..%d", optarg, JS_MAX_FRAMES);
			break;
		case 'o': c.output = optarg; break;
		case 'j': {
			long t = parse_long(optarg, "--threads");
			if (t < 1 || t > 1024)
				die(EXIT_USAGE, "--threads %s: must be 1..1024", optarg);
			c.threads = (int)t;
			break;
		}
		case 'q': c.quiet = 1; break;
		case OPT_ISA: {
			int i = js_isa_parse(optarg);
			if (i < 0)
				die(EXIT_USAGE, "--isa %s: unknown path (scalar, sse4, avx2, avx512)", optarg);
			if (js_isa_set((js_isa)i) != 0)
				die(EXIT_USAGE, "--isa %s: this CPU or build cannot run that path", optarg);
			c.isa = (js_isa)i;
			break;
		}
		case OPT_REFERENCE: c.reference = 1; break;
		case OPT_PROGRESS: c.progress = 1; break;
		case OPT_MAX_STATES: {
			long long v = (long long)parse_long(optarg, "--max-states");
			if (v < 1)
				die(EXIT_USAGE, "--max-states %s: must be at least 1", optarg);
			c.max_states = (unsigned long long)v;
			break;
		}
		case OPT_MAX_MEMORY: c.max_memory = parse_size(optarg, "--max-memory"); break;
		case OPT_RISES: c.rises = 1; break;
		case OPT_CANONICAL: c.canonical = 1; break;
		case OPT_NO_REACH: c.no_reach = 1; break;
		case OPT_MOVIE: c.movie = optarg; break;
		case OPT_MOVIE_FRAME:
			c.movie_frame = parse_long(optarg, "--movie-frame");
			if (c.movie_frame < 0)
				die(EXIT_USAGE, "--movie-frame %s: a movie frame, 0 or more", optarg);
			c.movie_frame_given = 1;
			break;
		case OPT_MOVIE_FORMAT: c.movie_format = optarg; break;
		case OPT_START: c.starts[c.n_starts++] = optarg; break;
		case 'h':
			if (js_rank() != 0) {
				js_ranks_finish();
				return 0;
			}
			fputs(usage_text, stdout);
			if (js_commands[0].name) {
				printf("\nmore commands (jumpsweep COMMAND --help):\n");
				for (const js_command *k = js_commands; k->name; k++)
					printf("  %-20s  %s\n", k->name, k->summary);
			}
			free(c.axis_args);
			free(c.seqs);
			free(c.starts);
			js_ranks_finish();
			return 0;
		case 'V':
			if (js_rank() == 0)
				printf("jumpsweep %s\n", JS_VERSION);
			free(c.axis_args); /* no leak for LeakSanitizer to report (it exits unflushed) */
			free(c.seqs);
			free(c.starts);
			js_ranks_finish();
			return 0;
		case ':':
			die(EXIT_USAGE, "option '%s' needs a value (see jumpsweep --help)", argv[optind - 1]);
		default:
			die(EXIT_USAGE, "unknown option '%s' (see jumpsweep --help)", argv[optind - 1]);
		}
	}
	if (!c.cmd)
		die(EXIT_USAGE, "no command (list, sweep, trace, reach, map); see jumpsweep --help");
	int is_reach = strcmp(c.cmd, "reach") == 0, is_map = strcmp(c.cmd, "map") == 0;
	if (c.max_states && !is_reach && !is_map)
		die(EXIT_USAGE, "--max-states applies to reach and map only");
	if (c.max_memory && !is_reach && !is_map)
		die(EXIT_USAGE, "--max-memory applies to reach and map only");
	if (c.rises && !is_reach)
		die(EXIT_USAGE, "--rises applies to reach only");
	if (c.canonical && !is_reach)
		die(EXIT_USAGE, "--canonical applies to reach only (find's witnesses are canonical)");
	if (c.no_reach && !is_map)
		die(EXIT_USAGE, "--no-reach applies to map only");
	int is_trace = strcmp(c.cmd, "trace") == 0;
	if (c.movie && !is_trace && !is_reach)
		die(EXIT_USAGE, "--movie applies to trace (a file) and reach (a directory) only");
	if (c.movie && is_trace && !js_movie_is_path(c.movie))
		die(EXIT_USAGE, "--movie %s: unknown movie format (the extension names it: .bk2, .fm2, "
				".m64 or .tas)", c.movie);
	if (c.movie_format && !(is_reach && c.movie))
		die(EXIT_USAGE, "--movie-format applies to reach --movie only");
	if (c.movie_format) {
		char probe[32];
		snprintf(probe, sizeof probe, "x.%s", c.movie_format[0] == '.' ? c.movie_format + 1
									  : c.movie_format);
		if (!js_movie_is_path(probe))
			die(EXIT_USAGE, "--movie-format %s: unknown (bk2, fm2, m64, tas)", c.movie_format);
	}
	if (c.movie_frame_given && !(c.seq_file && js_movie_is_path(c.seq_file)))
		die(EXIT_USAGE, "--movie-frame applies to a --seq-file movie (.bk2, .fm2, .m64, .tas)");
	if (c.n_starts && strcmp(c.cmd, "trace") != 0)
		die(EXIT_USAGE, "--start applies to trace only");
	if (js_n_ranks() > 1 && strcmp(c.cmd, "sweep") != 0 && !is_reach && !is_map)
		die(EXIT_USAGE, "%s runs in one process: run it without mpirun (sweep, map and reach "
			"split over MPI ranks)", c.cmd);
	if (js_rank() != 0)
		c.quiet = 1; /* MPI: rank 0 alone prints tables and progress */
	int (*cmd)(const cli *) = NULL;
	if (strcmp(c.cmd, "list") == 0)
		cmd = cmd_list;
	else if (strcmp(c.cmd, "sweep") == 0)
		cmd = cmd_sweep;
	else if (strcmp(c.cmd, "trace") == 0)
		cmd = cmd_trace;
	else if (strcmp(c.cmd, "reach") == 0)
		cmd = cmd_reach;
	else if (strcmp(c.cmd, "map") == 0) {
		if (c.model_id)
			die(EXIT_USAGE, "map takes no model (it runs them all)");
		cmd = cmd_map;
	} else
		die(EXIT_USAGE, "unknown command '%s' (list, sweep, trace, reach, map)", c.cmd);
	int rc = cmd(&c);
	/* The command has said what it had to.  MPI: mpirun ends the job when the first rank exits
	 * non-zero (a budget's exit 3), and the SIGTERM it sends to a rank still in MPI_Finalize is
	 * no news: that rank exits without a line (its files, if any, are still removed) */
	js_cleanup_told();
	free(c.axis_args); /* the argument tables (no leak for LeakSanitizer to report) */
	free(c.seqs);
	free(c.starts);
	js_ranks_finish();
	return rc;
}
