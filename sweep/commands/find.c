/* sweep/commands/find.c - `jumpsweep find MODEL --rise N`: the input sequences that give a rise,
 * or the nearest rises that can be had.  The search is reach's (sweep/engine/reach.c, layered);
 * the witness passes are the engine's (sweep/engine/find.c); this file parses and prints. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "movie.h"
#include "progress.h"
#include "sweep.h"

#define FX_OK 0
#define FX_FAIL 1
#define FX_USAGE 2
#define FX_INCOMPLETE 3
#define FX_NONE 4

static const char find_usage[] =
	"usage: jumpsweep find MODEL (--rise N | --rise-sub N | --highest | --seq-file F) [OPTIONS]\n"
	"\n"
	"The input sequences that give a jump of exactly that rise, per start condition, over ALL\n"
	"input sequences (the jump pressed on frame 0, every button free on every frame after), or\n"
	"the nearest rises below and above that some sequence gives.  Per rise it prints the\n"
	"canonical witness (the fewest button-frames held, then the fewest presses, then the first\n"
	"in input order: '.' before 'J' before 'D'), and the canonical witnesses of its shortest and\n"
	"longest airtime; each replays through `jumpsweep trace MODEL --seq WITNESS`.\n"
	"\n"
	"  -a, --axis NAME=A[:B]  start conditions, as for reach (default: the model's default range)\n"
	"      --rise N           the rise in the model's unit (e.g. 67, 27.375)\n"
	"      --rise-sub N       the rise in sub-units (1/sub_per_unit of the unit)\n"
	"      --highest          the highest rise that meets the constraints below\n"
	"  -S, --seq-file FILE    the rise of the jump in FILE: a movie (.bk2, .fm2, .m64, .tas;\n"
	"                         from its first jump press, or --movie-frame N) or a text sequence\n"
	"                         (its first line): is there a cheaper input for that jump?\n"
	"      --movie-frame N    --seq-file movie: the jump starts on movie frame N (0-based)\n"
	"      --apex-frame F[:G] the first frame at the rise lies in F..G (frame 0 is the press)\n"
	"      --airtime A[:B]    the jump lands with an airtime in A..B frames\n"
	"  -f, --frames N         frame limit (default: the model's)\n"
	"      --max-memory SIZE  memory budget per start condition (K, M, G; default as reach)\n"
	"      --max-states N     node budget per start condition\n"
	"      --no-settle        follow every state to its landing, also those the model's settle\n"
	"                         hook proves can rise no more (sotn: slower, larger)\n"
	"      --movie DIR        write each witness as a movie into DIR (every format of the\n"
	"                         model's platform: docs/movies.md), named MODEL_START_riseN_WHAT\n"
	"      --movie-format EXT only that format (bk2, fm2, m64, tas)\n"
	"  -j, --threads N        threads stepping the search (default: all; same answers)\n"
	"      --progress         a progress line on stderr (frames searched) also into a pipe\n"
	"  -q, --quiet            only the witnesses, one line each; no progress line\n"
	"  -h, --help             this text\n"
	"\n"
	"Exit status: 0 every start condition has the rise asked, 4 some have only nearest rises,\n"
	"3 a budget cut a search short (what it found is printed), 2 usage, 1 run-time error.\n";

static void fx_err(const char *fmt, const char *a, const char *b)
{
	char msg[1024];
	snprintf(msg, sizeof msg, fmt, a, b);
	js_oneline(msg);
	fprintf(stderr, "jumpsweep: %s\n", msg);
}

static void fmt_len(char *buf, size_t n, const js_model *m, int64_t sub)
{
	if (m->sub_per_unit == 1)
		snprintf(buf, n, "%lld %s", (long long)sub, m->unit);
	else
		snprintf(buf, n, "%.6g %s (%lld/%lld)", (double)sub / (double)m->sub_per_unit, m->unit,
			 (long long)sub, (long long)m->sub_per_unit);
}

static void print_witness(const js_model *m, const char *what, const js_find_witness *w, int quiet)
{
	size_t cap = (size_t)w->len * 6 + 16;
	char *text = malloc(cap), len[96], air[48];
	if (!text)
		return;
	js_seq_format(w->seq, w->len, text, cap);
	fmt_len(len, sizeof len, m, w->rise);
	if (w->airtime)
		snprintf(air, sizeof air, "airtime %d", (int)w->airtime);
	else
		snprintf(air, sizeof air, "in the air at frame %d", w->len - 1);
	if (quiet)
		printf("%s %lld %s\n", what, (long long)w->rise, text);
	else
		printf("  %-14s %-24s rise %s, apex frame %d, %s; %d held, %d press%s%s\n", what,
		       text, len, (int)w->apex_frame, air, w->held, w->presses,
		       w->presses == 1 ? "" : "es",
		       w->proven ? "" : " (ends in a constant input from a settled state: not proven "
					"the cheapest)");
	free(text);
}

/* The constraints in words, for the heading. */
static void describe(const js_find_query *q, char *buf, size_t n)
{
	size_t k = 0;
	buf[0] = 0;
	if (q->apex_lo > 0 || q->apex_hi < JS_MAX_FRAMES)
		k += (size_t)snprintf(buf + k, n - k, ", apex frame %d..%d", (int)q->apex_lo,
				      (int)q->apex_hi);
	if (q->air_lo || q->air_hi)
		snprintf(buf + k, n - k, ", landing with airtime %d..%d", (int)q->air_lo, (int)q->air_hi);
}

/* --seq-file: the jump to match, from a movie (first press, or movie_frame) or the first
 * sequence of a text file, read with the low end of each start axis (a movie's buttons may
 * depend on an axis: smw's jump).  Returns 0, or -1 after printing the error. */
static int read_given(const js_model *m, const js_grid *g, const char *path, long movie_frame,
		      int n_frames, uint8_t **seq, int *len)
{
	char err[512];
	if (js_movie_is_path(path)) {
		if (js_movie_read(m, g->lo, path, movie_frame, seq, len, err, sizeof err) != 0) {
			fx_err("%s", err, NULL);
			return -1;
		}
		if (*len > n_frames)
			*len = n_frames;
		return 0;
	}
	FILE *f = fopen(path, "r");
	if (!f) {
		fx_err("cannot read '%s': %s", path, strerror(errno));
		return -1;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = -1;
	while ((n = getline(&line, &cap, f)) >= 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = 0;
		char *p = line + strspn(line, " \t");
		if (!*p || *p == '#')
			continue;
		*seq = malloc((size_t)n_frames);
		if (!*seq || js_seq_parse(p, *seq, n_frames, len, err, sizeof err) != 0) {
			fx_err("%s", *seq ? err : "out of memory", NULL);
			free(*seq);
			*seq = NULL;
			break;
		}
		rc = 0;
		break;
	}
	if (rc != 0 && !*seq && n < 0)
		fx_err("'%s' holds no input sequence", path, NULL);
	free(line);
	fclose(f);
	return rc;
}

enum { FO_RISE = 256, FO_RISE_SUB, FO_HIGHEST, FO_APEX, FO_AIR, FO_MAX_MEMORY, FO_MAX_STATES,
       FO_NO_SETTLE, FO_MOVIE, FO_MOVIE_FORMAT, FO_MOVIE_FRAME, FO_PROGRESS };

int js_cmd_find(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "axis", required_argument, 0, 'a' },      { "rise", required_argument, 0, FO_RISE },
		{ "rise-sub", required_argument, 0, FO_RISE_SUB },
		{ "highest", no_argument, 0, FO_HIGHEST },
		{ "apex-frame", required_argument, 0, FO_APEX },
		{ "airtime", required_argument, 0, FO_AIR }, { "frames", required_argument, 0, 'f' },
		{ "max-memory", required_argument, 0, FO_MAX_MEMORY },
		{ "max-states", required_argument, 0, FO_MAX_STATES },
		{ "no-settle", no_argument, 0, FO_NO_SETTLE },
		{ "progress", no_argument, 0, FO_PROGRESS },
		{ "seq-file", required_argument, 0, 'S' },
		{ "movie-frame", required_argument, 0, FO_MOVIE_FRAME },
		{ "movie", required_argument, 0, FO_MOVIE },
		{ "movie-format", required_argument, 0, FO_MOVIE_FORMAT },
		{ "threads", required_argument, 0, 'j' },
		{ "quiet", no_argument, 0, 'q' },           { "help", no_argument, 0, 'h' },
		{ 0, 0, 0, 0 },
	};
	const char *model_id = NULL, *rise = NULL, *rise_sub = NULL, *seq_file = NULL;
	const char *movie_dir = NULL, *movie_format = NULL;
	long movie_frame = JS_MOVIE_FIRST_PRESS;
	uint8_t *given = NULL; /* --seq-file: the jump whose rise is asked */
	int given_len = 0;
	char **axis_args = calloc((size_t)argc + 1, sizeof *axis_args);
	int n_axis = 0, quiet = 0, highest = 0, progress = 0, rc = FX_USAGE;
	const char *apex = NULL, *air = NULL;
	js_find_query q;
	js_reach_opts o = { 0 };
	char err[512];
	if (!axis_args) {
		fx_err("out of memory", NULL, NULL);
		return FX_FAIL;
	}
	optind = 1;
	opterr = 0;
	int opt;
	while ((opt = getopt_long(argc, argv, "+:a:f:S:j:qh", opts, NULL)) != -1 ||
	       (optind < argc && (opt = 0, 1))) {
		if (opt == 0) {
			if (model_id) {
				fx_err("find: unexpected argument '%s'", argv[optind], NULL);
				goto out;
			}
			model_id = argv[optind++];
			continue;
		}
		switch (opt) {
		case 'a': axis_args[n_axis++] = optarg; break;
		case FO_RISE: rise = optarg; break;
		case FO_RISE_SUB: rise_sub = optarg; break;
		case FO_HIGHEST: highest = 1; break;
		case FO_APEX: apex = optarg; break;
		case FO_AIR: air = optarg; break;
		case 'f': {
			long v;
			if (js_parse_int(optarg, "--frames", &v, err, sizeof err) != 0) {
				fx_err("%s", err, NULL);
				goto out;
			}
			if (v < 1 || v > JS_MAX_FRAMES) {
				fx_err("--frames %s: must be 1..4096", optarg, NULL);
				goto out;
			}
			o.n_frames = (int)v;
			break;
		}
		case FO_MAX_MEMORY:
			if (js_parse_size(optarg, "--max-memory", &o.max_memory, err, sizeof err) != 0) {
				fx_err("%s", err, NULL);
				goto out;
			}
			break;
		case FO_MAX_STATES: {
			long v;
			if (js_parse_int(optarg, "--max-states", &v, err, sizeof err) != 0 || v < 1) {
				fx_err("--max-states %s: must be at least 1", optarg, NULL);
				goto out;
			}
			o.max_states = (uint64_t)v;
			break;
		}
		case FO_NO_SETTLE: o.no_settle = 1; break;
		case 'S': seq_file = optarg; break;
		case FO_MOVIE: movie_dir = optarg; break;
		case FO_MOVIE_FORMAT: movie_format = optarg; break;
		case FO_MOVIE_FRAME: {
			long v;
			if (js_parse_int(optarg, "--movie-frame", &v, err, sizeof err) != 0 || v < 0) {
				fx_err("--movie-frame %s: a movie frame, 0 or more", optarg, NULL);
				goto out;
			}
			movie_frame = v;
			break;
		}
		case 'j': {
			long v;
			if (js_parse_int(optarg, "--threads", &v, err, sizeof err) != 0 || v < 1 ||
			    v > 1024) {
				fx_err("--threads %s: must be 1..1024", optarg, NULL);
				goto out;
			}
			o.threads = (int)v;
			break;
		}
		case 'q': quiet = 1; break;
		case FO_PROGRESS: progress = 1; break;
		case 'h': fputs(find_usage, stdout); rc = FX_OK; goto out;
		case ':':
			fx_err("option '%s' needs a value (see jumpsweep find --help)", argv[optind - 1], NULL);
			goto out;
		default:
			fx_err("unknown option '%s' (see jumpsweep find --help)", argv[optind - 1], NULL);
			goto out;
		}
	}
	if (!model_id) {
		fx_err("find: which model? (jumpsweep find MODEL --rise N)", NULL, NULL);
		goto out;
	}
	const js_model *m = js_model_find(model_id);
	if (!m) {
		fx_err("unknown model '%s' (see jumpsweep list)", model_id, NULL);
		goto out;
	}
	if (js_find_query_parse(m, rise, rise_sub, highest, seq_file != NULL, apex, air, &q, err,
				sizeof err) != 0 ||
	    js_find_check_axes(m, (const char *const *)axis_args, n_axis, err, sizeof err) != 0) {
		fx_err("%s", err, NULL);
		goto out;
	}
	if (movie_frame != JS_MOVIE_FIRST_PRESS && !(seq_file && js_movie_is_path(seq_file))) {
		fx_err("--movie-frame applies to --seq-file with a movie (.bk2, .fm2, .m64, .tas)", NULL,
		       NULL);
		goto out;
	}
	if (movie_format && !movie_dir) {
		fx_err("--movie-format applies with --movie DIR", NULL, NULL);
		goto out;
	}
	if (movie_dir && js_movie_check_format(m, movie_format, err, sizeof err) != 0) {
		fx_err("find --movie: %s", err, NULL);
		goto out;
	}
	js_grid g;
	js_grid_spec gs = { .axis_args = (const char *const *)axis_args, .n_axis_args = n_axis };
	if ((rc = js_grid_build(&g, m, &gs, err, sizeof err)) != 0) {
		fx_err("%s", err, NULL);
		goto out;
	}
	rc = FX_USAGE;
	if (!o.n_frames)
		o.n_frames = g.n_frames;
	o.progress = js_progress_mode(quiet, progress);
	if (seq_file && read_given(m, &g, seq_file, movie_frame, o.n_frames, &given, &given_len) != 0) {
		rc = FX_USAGE;
		goto out;
	}

	/* every start condition (the non-input axes, C order), one search each */
	size_t n_starts = js_grid_starts(&g);
	char cons[160], asked[256];
	describe(&q, cons, sizeof cons);
	if (highest)
		snprintf(asked, sizeof asked, "the highest rise");
	else if (given)
		asked[0] = 0; /* per start: the rise of the given jump */
	else {
		char len[96];
		fmt_len(len, sizeof len, m, q.rise);
		if (q.between)
			snprintf(asked, sizeof asked, "a rise of %s", rise);
		else
			snprintf(asked, sizeof asked, "a rise of exactly %s", len);
	}
	int any_none = 0, any_incomplete = 0;
	rc = FX_OK;
	for (size_t i = 0; i < n_starts; i++) {
		int32_t ax[JS_MAX_AXES] = { 0 };
		js_grid_start_axes(&g, i, ax);
		if (given) {
			js_acc acc;
			js_reference_run(m, ax, given, given_len, &acc);
			if (!acc.took_off) {
				char label[200] = "";
				js_reach_set set0 = { 0 };
				memcpy(set0.axis, ax, sizeof ax);
				js_reach_set_label(m, &set0, label, sizeof label);
				fx_err("find %s: the jump in the --seq-file never takes off", label, NULL);
				rc = FX_FAIL;
				break;
			}
			q.rise = acc.rise;
			q.between = 0;
			char len[96];
			fmt_len(len, sizeof len, m, acc.rise);
			snprintf(asked, sizeof asked, "the given jump's rise, %s (apex frame %d, %s %d)",
				 len, (int)acc.apex_frame, acc.landed ? "airtime" : "in the air at frame",
				 acc.landed ? (int)acc.airtime : given_len - 1);
		}
		js_reach_set set;
		js_find_answer ans;
		if (js_find_one(m, ax, &o, &q, &set, &ans) != 0) {
			fx_err("%s", ans.message, NULL);
			js_reach_set_free(&set);
			rc = FX_FAIL;
			break;
		}
		char label[200];
		js_reach_set_label(m, &set, label, sizeof label);
		if (!quiet)
			printf("find %s %s: %s%s (%d frames; %d reachable rises, %llu states, %.2f s)\n",
			       m->id, label, asked, cons, o.n_frames, set.n_rises,
			       (unsigned long long)set.states, set.seconds);
		if (ans.exact) {
			print_witness(m, "canonical", &ans.best, quiet);
			if (ans.shortest.found)
				print_witness(m, "shortest air", &ans.shortest, quiet);
			if (ans.longest.found)
				print_witness(m, "longest air", &ans.longest, quiet);
		} else {
			any_none = 1;
			if (!quiet)
				printf("  no sequence gives it; the nearest that do:\n");
			if (ans.below.found)
				print_witness(m, "below", &ans.below, quiet);
			else if (!quiet)
				printf("  %-14s none\n", "below");
			if (ans.above.found)
				print_witness(m, "above", &ans.above, quiet);
			else if (!quiet)
				printf("  %-14s none\n", "above");
			if (ans.settle_gap && !quiet)
				printf("  (the model's settle hook left some states with landings between "
				       "their constant inputs unexplored: run with --no-settle for an exact "
				       "answer)\n");
		}
		if (movie_dir) {
			js_find_witness *ws[] = { &ans.best, &ans.shortest, &ans.longest, &ans.below,
						  &ans.above };
			const char *what[] = { "canonical", "shortest", "longest", "below", "above" };
			size_t written = 0;
			js_movie_name_part(label);
			for (int w = 0; w < 5; w++) {
				char name[300];
				if (!ws[w]->found)
					continue;
				snprintf(name, sizeof name, "%s_%s_rise%lld_%s", m->id, label,
					 (long long)ws[w]->rise, what[w]);
				if (js_movie_write_dir(m, set.axis, movie_dir, movie_format, name,
						       ws[w]->seq, ws[w]->len, &written, err,
						       sizeof err) != 0) {
					fx_err("%s", err, NULL);
					rc = FX_FAIL;
					break;
				}
			}
			if (!quiet && rc == FX_OK)
				printf("  wrote %zu movie%s into %s\n", written, written == 1 ? "" : "s",
				       movie_dir);
		}
		if (!set.complete) {
			any_incomplete = 1;
			fprintf(stderr, "jumpsweep: %s\n", set.message);
		}
		js_find_answer_free(&ans);
		js_reach_set_free(&set);
		if (rc != FX_OK)
			break;
	}
	js_grid_free_seqs(&g);
	if (rc == FX_OK)
		rc = any_incomplete ? FX_INCOMPLETE : any_none ? FX_NONE : FX_OK;
	if (fflush(stdout) != 0) {
		fx_err("cannot write the answer: %s", strerror(errno), NULL);
		rc = FX_FAIL;
	}
out:
	free(given);
	free(axis_args);
	return rc;
}
