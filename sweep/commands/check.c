/* sweep/commands/check.c - jumpsweep check: the claims files run against the models
 * (js_claims_check, sweep/engine/claims.c), with the report on stdout.
 *
 *   jumpsweep check [--claim ID]... [--game STEM]... [--format text|json|tap] [--claims DIR]
 *
 * Every file is read and validated in full before anything runs, so a bad file (exit 2, one line
 * naming the file, the claim and the field) never leaves half a report.  Exit 0 when every claim
 * passes, 1 when any fails. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"

static const char check_usage[] =
	"usage: jumpsweep check [--claim ID]... [--game STEM]... [--format text|json|tap]\n"
	"                       [--claims DIR]\n"
	"\n"
	"Runs the claims files (DIR/*.json, docs/claims.md) against the models: each check runs the\n"
	"model's reference, and a whole-jump check the lane kernel on every ISA path too.  Prints each\n"
	"claim's verdict with its measured and expected figures.\n"
	"\n"
	"  -c, --claim ID     only this claim (repeatable)\n"
	"  -g, --game STEM    only the file DIR/STEM.json (repeatable)\n"
	"  -F, --format FMT   text (default), json (an array of claims), tap (TAP version 13)\n"
	"  -C, --claims DIR   the claims directory (default: $JUMPSWEEP_CLAIMS, else ./claims, else\n"
	"                     the source tree's claims/)\n"
	"  -h, --help         this help\n"
	"\n"
	"Exit status: 0 every claim passes, 1 a claim fails, 2 a bad claims file or usage.\n";

static int is_dir(const char *p)
{
	struct stat st;
	return p && *p && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int usage_error(const char *fmt, const char *arg)
{
	fputs("jumpsweep: ", stderr);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	return 2;
}

int js_cmd_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "claim", required_argument, 0, 'c' }, { "game", required_argument, 0, 'g' },
		{ "format", required_argument, 0, 'F' }, { "claims", required_argument, 0, 'C' },
		{ "help", no_argument, 0, 'h' },        { 0, 0, 0, 0 },
	};
	const char **ids = calloc((size_t)argc + 1, sizeof *ids);
	const char **games = calloc((size_t)argc + 1, sizeof *games);
	int n_ids = 0, n_games = 0, rc = 2, opt;
	const char *format = "text", *dir = NULL;
	if (!ids || !games) {
		fputs("jumpsweep: out of memory\n", stderr);
		rc = 1;
		goto out;
	}
	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, ":c:g:F:C:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'c': ids[n_ids++] = optarg; break;
		case 'g': games[n_games++] = optarg; break;
		case 'F': format = optarg; break;
		case 'C': dir = optarg; break;
		case 'h':
			fputs(check_usage, stdout);
			rc = 0;
			goto out;
		case ':':
			rc = usage_error("check: option '%s' needs a value (see jumpsweep check --help)",
					 argv[optind - 1]);
			goto out;
		default:
			rc = usage_error("check: unknown option '%s' (see jumpsweep check --help)",
					 argv[optind - 1]);
			goto out;
		}
	}
	if (optind < argc) {
		rc = usage_error("check: unexpected argument '%s' (see jumpsweep check --help)",
				 argv[optind]);
		goto out;
	}
	/* the claims directory: --claims, $JUMPSWEEP_CLAIMS, ./claims, the source tree's */
	if (!dir && getenv("JUMPSWEEP_CLAIMS") && *getenv("JUMPSWEEP_CLAIMS")) {
		dir = getenv("JUMPSWEEP_CLAIMS");
		if (!is_dir(dir)) {
			rc = usage_error("check: $JUMPSWEEP_CLAIMS %s: not a directory", dir);
			goto out;
		}
	} else if (!dir && is_dir("claims")) {
		dir = "claims";
	}
#ifdef JS_SOURCE_CLAIMS_DIR
	else if (!dir && is_dir(JS_SOURCE_CLAIMS_DIR)) {
		dir = JS_SOURCE_CLAIMS_DIR;
	}
#endif
	if (!dir) {
		rc = usage_error("%s", "check: no claims directory (give --claims DIR or set "
				       "$JUMPSWEEP_CLAIMS)");
		goto out;
	}
	char err[1200];
	int failed = 0;
	rc = js_claims_check(dir, games, n_games, ids, n_ids, format, stdout, &failed, err,
			     sizeof err);
	if (rc)
		fprintf(stderr, "jumpsweep: %s\n", err);
	else
		rc = failed ? 1 : 0;
out:
	free(ids);
	free(games);
	return rc;
}
