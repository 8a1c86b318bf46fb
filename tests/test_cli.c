/* tests/test_cli.c - the jumpsweep command line: error paths (one line on stderr, exit 2 for
 * usage, exit 1 at run time, no output file left), help, list, trace and sweep outputs. */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"
#include "tu_cli.h"


/* Files in the test directory other than out.txt and err.txt. */
static int stray_files(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, "out.txt") &&
		    strcmp(e->d_name, "err.txt"))
			n++;
	closedir(d);
	return n;
}

static void expect_usage_error(const char *args, const char *needle)
{
	int rc = js(args);
	cr_expect_eq(rc, 2, "`jumpsweep %s`: exit %d, expected 2 (stderr: %s)", args, rc, err_buf);
	cr_expect_eq(lines(err_buf), 1, "`jumpsweep %s`: one line on stderr, got: %s", args, err_buf);
	cr_expect(strstr(err_buf, needle) != NULL, "`jumpsweep %s`: '%s' not in: %s", args, needle,
		  err_buf);
	cr_expect_eq(stray_files(), 0, "`jumpsweep %s` left a file behind", args);
}

TestSuite(cli, .init = setup, .fini = teardown);

Test(cli, usage_errors)
{
	expect_usage_error("", "no command");
	expect_usage_error("frobnicate", "unknown command 'frobnicate'");
	expect_usage_error("sweep mario64 -o x.h5", "unknown model 'mario64'");
	expect_usage_error("sweep smb1 --axis speed=1 -o x.h5", "no axis 'speed'");
	expect_usage_error("sweep smb1 --axis vx=0:41 -o x.h5", "outside the axis range 0..40");
	expect_usage_error("sweep smb1 --axis vx=-1 -o x.h5", "outside the axis range");
	expect_usage_error("sweep smb1 --axis vx=9:3 -o x.h5", "range is empty");
	expect_usage_error("sweep smb1 --axis env=lava -o x.h5", "unknown value 'lava'");
	expect_usage_error("sweep smb1 --axis vx=abc -o x.h5", "not an integer");
	expect_usage_error("sweep smb1 --hold 0:300 -o x.h5", "past the frame limit 256");
	expect_usage_error("sweep smb1 --hold 0:100 --frames 50 -o x.h5", "past the frame limit 50");
	expect_usage_error("sweep smb1 --frames 0 -o x.h5", "--frames");
	expect_usage_error("sweep smb1 --seq J3X -o x.h5", "bad character 'X'");
	expect_usage_error("sweep smb1 --seq J300 -o x.h5", "longer than the frame limit");
	expect_usage_error("sweep smb1 --seq '[JQ]' -o x.h5", "bad button 'Q'");
	expect_usage_error("sweep smb1 --seq '[JD' -o x.h5", "unclosed '['");
	expect_usage_error("sweep smb1 --seq J0 -o x.h5", "repeat count 0");
	expect_usage_error("sweep smb1 --hold 1 --seq J -o x.h5", "not both");
	expect_usage_error("sweep smb1", "no output file");
	expect_usage_error("sweep smb1 -o", "needs a value");
	expect_usage_error("sweep smb1 --bogus -o x.h5", "unknown option '--bogus'");
	expect_usage_error("sweep smb1 --isa neon -o x.h5", "unknown path");
	expect_usage_error("trace smb1 --hold 1:5", "one hold");
	expect_usage_error("trace smb1 --axis vx=0:5", "one value per axis");
	expect_usage_error("map --hold 1", "default grid");
}

Test(cli, runtime_errors_leave_nothing)
{
	int rc = js("sweep smb1 --hold 0:3 -o /nonexistent-dir/x.h5");
	cr_expect_eq(rc, 1, "unwritable path: exit %d (stderr %s)", rc, err_buf);
	cr_expect_eq(lines(err_buf), 1);
	cr_expect(strstr(err_buf, "cannot create '/nonexistent-dir/x.h5'") != NULL, "%s", err_buf);
	rc = js("trace smb1 -o /nonexistent-dir/x.csv");
	cr_expect_eq(rc, 1);
	cr_expect_eq(lines(err_buf), 1);
	rc = js("sweep smb1 --seq-file missing.txt -o x.h5");
	cr_expect_eq(rc, 1);
	cr_expect_eq(stray_files(), 0);
}

Test(cli, help_and_version)
{
	cr_expect_eq(js("--help"), 0);
	cr_expect(strstr(out_buf, "usage: jumpsweep") != NULL);
	cr_expect_eq(err_buf[0], 0, "help goes to stdout");
	cr_expect_eq(js("--version"), 0);
	cr_expect(strncmp(out_buf, "jumpsweep ", 10) == 0);
}

Test(cli, list)
{
	cr_expect_eq(js("list"), 0);
	for (int i = 0; i < js_n_models; i++)
		cr_expect(strstr(out_buf, js_models[i]->id) != NULL, "list shows %s", js_models[i]->id);
	cr_expect(strstr(out_buf, "vx     0..40 1/16 px/frame") != NULL, "%s", out_buf);
	cr_expect_eq(js("list smb1"), 0);
	cr_expect(strstr(out_buf, "JumpSwimSub") != NULL, "sources listed");
	cr_expect(strstr(out_buf, "smb1/fall-clamp") != NULL, "claims listed");
}

/* The trace of a held row-0 jump: frame 0 is derived by hand in test_smb1.c (Y $01AC.00, speed
 * $FC.20, force $20); the last row is the landing frame (airtime 53: frame 52). */
Test(cli, trace_csv)
{
	cr_expect_eq(js("trace smb1 --axis vx=0 --axis env=air --hold 40"), 0, "%s", err_buf);
	cr_expect(strncmp(out_buf, "# units: frame: frame (0 = the press); input: --seq item; "
			  "height_sub: 1/256 px (+ up); height: px (+ up);", 104) == 0, "%s", out_buf);
	/* each model column's unit, from smb1's trace_units (Player_Y_Speed: + down, 8.8) */
	cr_expect(strstr(out_buf, "; speed: px/frame (+ down); speed_frac: 1/256 px/frame;") != NULL,
		  "%s", out_buf);
	cr_expect(strstr(out_buf, "\nframe,input,height_sub,height,grounded,flags,flag_names,y_high,"
			 "y_pos,") != NULL, "%s", out_buf);
	cr_expect(strstr(out_buf, "\n0,J,1024,4.000000,0,0,,1,172,0,-4,32,32,1\n") != NULL, "%s", out_buf);
	cr_expect(strstr(out_buf, "\n31,J,16896,66.000000,") != NULL, "apex 66 px on frame 31");
	cr_expect_eq(lines(out_buf), 2 + 53, "units, header + frames 0..52");
	/* The same jump as a sequence; the file output is complete. */
	cr_expect_eq(js("trace smb1 --seq J40 -o t.csv"), 0);
	char p[512], buf[1 << 16];
	snprintf(p, sizeof p, "%s/t.csv", dir);
	slurp(p, buf, sizeof buf);
	cr_expect_eq(js("trace smb1 --hold 40"), 0);
	cr_expect_str_eq(buf, out_buf);
}

Test(cli, sweep_writes_one_complete_file)
{
	cr_expect_eq(js("sweep smb1 --axis vx=0:40 --hold 0:40 --threads 2 -o s.h5"), 0, "%s", err_buf);
	char p[512];
	snprintf(p, sizeof p, "%s/s.h5", dir);
	struct stat st;
	cr_expect_eq(stat(p, &st), 0);
	cr_expect_gt(st.st_size, 1000);
	cr_expect_eq(stray_files(), 1, "only s.h5, no temporary file");
}

/* Input sequences: items, brackets and counts give the same frames as their expansion. */
Test(cli, sequence_forms)
{
	char a[1 << 16];
	cr_expect_eq(js("trace celeste --seq '[JD]3 J2 .3 D'"), 0, "%s", err_buf);
	memcpy(a, out_buf, sizeof a);
	cr_expect_eq(js("trace celeste --seq '[DJ][JD][JD]JJ...D'"), 0, "%s", err_buf);
	cr_expect_str_eq(a, out_buf);
	/* the input column is a --seq item: it pastes back */
	cr_expect(strstr(out_buf, "\n0,[JD],") != NULL, "frame 0 input [JD]: %s", out_buf);
	cr_expect(strstr(out_buf, "\n3,J,") != NULL);
	cr_expect(strstr(out_buf, "\n5,.,") != NULL);
	cr_expect(strstr(out_buf, "\n8,D,") != NULL);
	/* frame 5 releases the button inside the 0.2 s var jump: Player.cs NormalUpdate L2960-2966
	 * zeroes varJumpTimer (celeste's flag 9, var_jump_cut = 512) */
	cr_expect(strstr(out_buf, "\n5,.,10,10.000000,0,512,var_jump_cut,") != NULL, "%s", out_buf);
}

/* The input column pasted back: the items of a trace's input column, joined, are a --seq whose
 * trace is the same CSV. */
Test(cli, trace_input_pastes_back)
{
	char a[1 << 16], seq[4096] = "";
	cr_expect_eq(js("trace celeste --seq '[JD]3 J2 .3 D J'"), 0, "%s", err_buf);
	memcpy(a, out_buf, sizeof a);
	for (char *p = strstr(a, "\n0,"); p && p[1]; p = strchr(p + 1, '\n')) {
		char *item = strchr(p + 1, ',') + 1;
		size_t n = strcspn(item, ",");
		strncat(seq, item, n);
	}
	char args[4200];
	snprintf(args, sizeof args, "trace celeste --seq '%s'", seq);
	cr_expect_eq(js(args), 0, "%s", err_buf);
	cr_expect_str_eq(out_buf, a);
}

/* Emulator movies (docs/movies.md): trace --movie writes one (and nothing else is left), a movie
 * read back with --seq-file traces the same jump as the --seq it came from, and the errors. */
Test(cli, movies)
{
	cr_assert_eq(js("trace smb1 --axis vx=0 --hold 40 --movie j.bk2 -o j.csv"), 0, "%s", err_buf);
	char p[512];
	struct stat st;
	snprintf(p, sizeof p, "%s/j.bk2", dir);
	cr_expect_eq(stat(p, &st), 0, "j.bk2 not written");
	cr_expect_eq(stray_files(), 2, "j.bk2 and j.csv only (no temporary file)");
	cr_expect_eq(stat(p, &st) == 0 && st.st_size > 0, 1);
	/* the hold's 40 frames, then up to the landing (airtime 53: README's worked example) */
	cr_assert_eq(js("trace smb1 --axis vx=0 --seq-file j.bk2"), 0, "%s", err_buf);
	char from_movie[sizeof out_buf];
	snprintf(from_movie, sizeof from_movie, "%s", out_buf);
	cr_assert_eq(js("trace smb1 --axis vx=0 --seq J40.13"), 0, "%s", err_buf);
	cr_expect_str_eq(from_movie, out_buf, "the movie's trace differs from --seq J40.13");
	/* sweep takes a movie as one sequence */
	cr_assert_eq(js("sweep smb1 --axis vx=0 --axis env=air --seq-file j.bk2 -o s.h5"), 0, "%s",
		     err_buf);
	/* an explicit movie frame: from frame 39 of the movie the jump is J. */
	cr_assert_eq(js("trace smb1 --axis vx=0 --seq-file j.bk2 --movie-frame 39 --frames 3"), 0,
		     "%s", err_buf);
	cr_expect(strstr(out_buf, "\n0,J,") != NULL && strstr(out_buf, "\n1,.,") != NULL, "%s",
		  out_buf);
	/* the .fm2 of the same jump, and a CelesteTAS file */
	cr_assert_eq(js("trace smb1 --axis vx=0 --seq J40.13 --movie j.fm2"), 0, "%s", err_buf);
	cr_assert_eq(js("trace celeste --seq J10.5[JD]3 --movie c.tas"), 0, "%s", err_buf);
	snprintf(p, sizeof p, "%s/c.tas", dir);
	char tas[512];
	slurp(p, tas, sizeof tas);
	cr_expect(strstr(tas, "\n  10,J\n   5\n   3,D,J\n") != NULL, "%s", tas);
	/* errors: the wrong platform (runtime), a truncated movie, an unknown extension (usage) */
	int rc = js("trace sm64 --seq-file j.fm2");
	cr_expect_eq(rc, 1, "wrong platform: exit %d", rc);
	cr_expect(strstr(err_buf, "does not fit sm64") != NULL && lines(err_buf) == 1, "%s", err_buf);
	rc = js("trace sm64 --movie j.fm2");
	cr_expect_eq(rc, 1);
	cr_expect(strstr(err_buf, "its formats: .bk2, .m64") != NULL, "%s", err_buf);
	cr_assert_eq(system("cd /tmp && true"), 0);
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "head -c 200 '%s/j.bk2' > '%s/t.bk2'", dir, dir);
	cr_assert_eq(system(cmd), 0);
	rc = js("trace smb1 --seq-file t.bk2");
	cr_expect_eq(rc, 1, "truncated: exit %d", rc);
	cr_expect(strstr(err_buf, "truncated") != NULL && lines(err_buf) == 1, "%s", err_buf);
	rc = js("trace smb1 --movie j.vbm");
	cr_expect_eq(rc, 2);
	cr_expect(strstr(err_buf, "unknown movie format") != NULL, "%s", err_buf);
	rc = js("trace sms --movie s.bk2");
	cr_expect_eq(rc, 1);
	cr_expect(strstr(err_buf, "has no movie format") != NULL, "%s", err_buf);
	rc = js("trace smb1 --seq J --movie-frame 3");
	cr_expect_eq(rc, 2);
	cr_expect(strstr(err_buf, "--movie-frame applies") != NULL, "%s", err_buf);
	rc = js("sweep smb1 --seq J -o x.h5 --movie x.bk2");
	cr_expect_eq(rc, 2);
	cr_expect(strstr(err_buf, "--movie applies") != NULL, "%s", err_buf);
}

/* reach --movie DIR: one movie per rise, named by the start condition and the rise. */
Test(cli, reach_movies)
{
	cr_assert_eq(js("reach smb1 --axis vx=0 --axis env=air --frames 64 --movie mv --movie-format fm2 -q"),
		     0, "%s", err_buf);
	char p[512];
	struct stat st;
	/* smb1 vx=0 in the air: the full hold rises 66 px = 16896/256 (README) */
	snprintf(p, sizeof p, "%s/mv/smb1_vx=0_env=air_rise16896.fm2", dir);
	cr_expect_eq(stat(p, &st), 0, "%s not written", p);
	cr_assert_eq(js("trace smb1 --axis vx=0 --seq-file mv/smb1_vx=0_env=air_rise16896.fm2"), 0,
		     "%s", err_buf);
	/* the witness is J31.22 (reach --rises): released on frame 31, the apex frame */
	cr_expect(strstr(out_buf, "\n31,.,16896,66.000000,") != NULL, "apex 16896 on frame 31: %s",
		  out_buf);
	int rc = js("reach smb1 --axis vx=0 --movie mv --movie-format m64");
	cr_expect_eq(rc, 2);
	cr_expect(strstr(err_buf, "does not fit smb1") != NULL, "%s", err_buf);
}

/* ---- progress lines (sweep/engine/progress.h) ---- */

/* Every line of s ends with a newline and none holds a '\r' (a pipe gets whole lines). */
static void expect_whole_lines(const char *s, const char *what)
{
	cr_expect(s[0] != 0, "%s: no progress line", what);
	cr_expect(s[0] == 0 || s[strlen(s) - 1] == '\n', "%s: the last line has no newline: %s", what, s);
	cr_expect(strchr(s, '\r') == NULL, "%s: a '\\r' into a pipe: %s", what, s);
}

/* --progress into a pipe (here a file): whole lines, the last one the total.  smb1's default
 * grid: vx 0..40 x env air|swim|whirlpool x hold 0..40 = 41 * 3 * 41 = 5043 lanes.  -q wins over
 * --progress; without --progress a pipe or file gets nothing. */
Test(cli, progress_lines)
{
	cr_assert_eq(js("sweep smb1 -o a.h5 --progress"), 0, "%s", err_buf);
	expect_whole_lines(err_buf, "sweep --progress");
	cr_expect(strncmp(err_buf, "sweep smb1: ", 12) == 0, "%s", err_buf);
	const char *last = err_buf + strlen(err_buf) - 1;
	while (last > err_buf && last[-1] != '\n')
		last--;
	cr_expect(strncmp(last, "sweep smb1: 5043/5043 lanes (100%), ", 36) == 0, "%s", last);
	cr_expect(strstr(last, " lanes/s, ") != NULL, "the rate: %s", last);

	cr_assert_eq(js("sweep smb1 -o b.h5 -q --progress"), 0, "%s", err_buf);
	cr_expect_eq(err_buf[0], 0, "-q: %s", err_buf);
	cr_assert_eq(js("sweep smb1 -o c.h5"), 0, "%s", err_buf);
	cr_expect_eq(err_buf[0], 0, "no --progress, not a terminal: %s", err_buf);

	/* map's sweeps: one line over every model's default grid */
	cr_assert_eq(js("map --no-reach -o m.h5 --progress"), 0, "%s", err_buf);
	expect_whole_lines(err_buf, "map --progress");
	cr_expect(strstr(err_buf, "map: sweeps: ") != NULL, "%s", err_buf);
	long total = 0;
	for (const char *l = strchr(out_buf, '\n') + 1; *l && strncmp(l, "wrote ", 6) != 0;
	     l = strchr(l, '\n') + 1) {
		long lanes = 0;
		/* the lanes column, third: after the id and the game (a game has no double space) */
		const char *p = strstr(l, "  ");
		cr_assert_not_null(p);
		while (*p == ' ')
			p++;
		p = strstr(p, "  ");
		cr_assert_not_null(p);
		cr_assert_eq(sscanf(p, "%ld", &lanes), 1, "%.80s", l);
		total += lanes;
	}
	char want[96];
	snprintf(want, sizeof want, "map: sweeps: %ld/%ld lanes (100%%), ", total, total);
	cr_expect(strstr(err_buf, want) != NULL, "'%s' not in %s", want, err_buf);
	cr_assert_eq(js("map --no-reach -o n.h5"), 0, "%s", err_buf);
	cr_expect_eq(err_buf[0], 0, "map, no --progress: %s", err_buf);
	cr_assert_eq(js("map --no-reach -o q.h5 -q --progress"), 0, "%s", err_buf);
	cr_expect_eq(err_buf[0], 0, "map -q: %s", err_buf);
	cr_expect_eq(out_buf[0], 0, "map -q: no table: %s", out_buf);
}

/* ---- map's table ---- */

/* map --no-reach: the sweep table's columns start at the same place on every line, whatever the
 * unit ("world unit": sm64, sms, banjo; "px" elsewhere).  A column starts after two spaces; the
 * header names where. */
Test(cli, map_table_columns_line_up)
{
	cr_assert_eq(js("map --no-reach -o m.h5"), 0, "%s", err_buf);
	int starts[16], n = 0;
	const char *head = out_buf;
	size_t head_len = strcspn(head, "\n");
	for (size_t i = 0; i < head_len && n < 16; i++)
		if (head[i] != ' ' && (i == 0 || (i >= 2 && head[i - 1] == ' ' && head[i - 2] == ' ')))
			starts[n++] = (int)i;
	cr_assert_eq(n, 7, "model, game, lanes, rise min, rise max, air max, seconds: %.*s", (int)head_len,
		     head);
	int rows = 0, world = 0;
	for (const char *l = head + head_len + 1; *l && strncmp(l, "wrote ", 6) != 0;
	     l = strchr(l, '\n') + 1) {
		int len = (int)strcspn(l, "\n");
		rows++;
		world += strstr(l, "world unit") != NULL && strstr(l, "world unit") < l + len;
		for (int k = 0; k < n; k++) {
			int s = starts[k];
			cr_expect(s < len && l[s] != ' ', "column %d does not start at %d: %.*s", k, s, len, l);
			cr_expect(s == 0 || (l[s - 1] == ' ' && l[s - 2] == ' '),
				  "column %d runs into column %d: %.*s", k - 1, k, len, l);
		}
		/* and nothing starts between the columns */
		for (int i = 2; i < len; i++)
			if (l[i] != ' ' && l[i - 1] == ' ' && l[i - 2] == ' ') {
				int known = 0;
				for (int k = 0; k < n; k++)
					known |= starts[k] == i;
				cr_expect(known, "a cell at %d, between the columns: %.*s", i, len, l);
			}
	}
	cr_expect_eq(rows, js_n_models, "one row per model:\n%s", out_buf);
	cr_expect_eq(world, 3, "sm64, sms and banjo in world units:\n%s", out_buf);
}

/* On a terminal (script(1) gives the command one): --progress draws from the start with '\r' and
 * ends the line with a newline; a short run without --progress draws nothing (the line waits a
 * second); -q nothing either. */
Test(cli, progress_on_a_terminal)
{
	if (system("command -v script >/dev/null 2>&1") != 0) {
		cr_skip_test("no script(1) to run a terminal");
		return;
	}
	const char *bin = getenv("JS_BIN");
	cr_assert_not_null(bin);
	const char *forms[] = { "--progress", "", "-q --progress" };
	for (int i = 0; i < 3; i++) {
		char cmd[2048], p[512];
		snprintf(cmd, sizeof cmd,
			 "cd '%s' && script -qec \"'%s' sweep smb1 -o t%d.h5 %s\" /dev/null >tty.txt "
			 "</dev/null",
			 dir, bin, i, forms[i]);
		cr_assert_eq(system(cmd), 0, "%s", cmd);
		snprintf(p, sizeof p, "%s/tty.txt", dir);
		slurp(p, out_buf, sizeof out_buf);
		if (i == 0) {
			cr_expect(strstr(out_buf, "\rsweep smb1: 5043/5043 lanes (100%), ") != NULL, "%s",
				  out_buf);
			cr_expect(out_buf[0] && out_buf[strlen(out_buf) - 1] == '\n', "%s", out_buf);
		} else {
			cr_expect(strstr(out_buf, "sweep smb1") == NULL, "`%s`: %s", forms[i], out_buf);
		}
	}
}

/* ---- failures lose nothing (sweep/engine/cleanup.h, h5.c) ---- */

/* jumpsweep ARGV in the test directory, sent sig after `after` seconds; the exit status
 * (128 + the signal if one ended it unhandled).  stderr goes to err.txt. */
static int run_signalled(char *const argv[], int sig, double after)
{
	const char *bin = getenv("JS_BIN");
	cr_assert_not_null(bin);
	pid_t pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		char p[512];
		snprintf(p, sizeof p, "%s/err.txt", dir);
		if (chdir(dir) != 0 || !freopen(p, "w", stderr) || !freopen("/dev/null", "w", stdout))
			_exit(126);
		execv(bin, argv);
		_exit(127);
	}
	usleep((useconds_t)(after * 1e6));
	kill(pid, sig);
	int st;
	cr_assert_eq(waitpid(pid, &st, 0), pid);
	char p[512];
	snprintf(p, sizeof p, "%s/err.txt", dir);
	slurp(p, err_buf, sizeof err_buf);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Only the files named remain in the test directory (no "*.tmp-*" left behind). */
static void expect_no_temporaries(const char *what)
{
	char cmd[600];
	snprintf(cmd, sizeof cmd, "ls -a '%s' | grep -c '\\.tmp-' > '%s/n.txt'", dir, dir);
	cr_assert_neq(system(cmd), -1);
	char p[512], n[16];
	snprintf(p, sizeof p, "%s/n.txt", dir);
	slurp(p, n, sizeof n);
	cr_expect_eq(atoi(n), 0, "%s: %s temporary files left", what, n);
}

static void write_file(const char *name, const char *text)
{
	char p[512];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	FILE *f = fopen(p, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

static void expect_file(const char *name, const char *text, const char *what)
{
	char p[512], got[256];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	slurp(p, got, sizeof got);
	cr_expect_str_eq(got, text, "%s: the previous %s was changed", what, name);
}

/* SIGTERM and SIGINT during map: one line, exit 143 / 130, the temporary file removed, the
 * previous file at the path untouched. */
Test(cli, signals_remove_the_unfinished_output)
{
	static const struct { int sig, rc; const char *line; } cases[] = {
		{ SIGTERM, 143, "jumpsweep: terminated (SIGTERM); the unfinished output was removed\n" },
		{ SIGINT, 130, "jumpsweep: interrupted (SIGINT); the unfinished output was removed\n" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		write_file("atlas.h5", "previous");
		char *argv[] = { "jumpsweep", "map", "-o", "atlas.h5", "-q", NULL };
		int rc = run_signalled(argv, cases[i].sig, 1.5);
		cr_expect_eq(rc, cases[i].rc, "signal %d: exit %d", cases[i].sig, rc);
		cr_expect_str_eq(err_buf, cases[i].line);
		expect_file("atlas.h5", "previous", "map killed");
		expect_no_temporaries("map killed");
	}
}

/* A write that fails (the file size limit: EFBIG, as a full disk gives ENOSPC): one line naming
 * the file and the cause, exit 1, no crash (HDF5's exit handler once crashed on the file it
 * could not close), no temporary file, the previous file untouched.  The limit is set as a
 * batch system sets it, SIGXFSZ not ignored by the shell: jumpsweep ignores it itself (its
 * default action would kill the process and leave the temporary file). */
Test(cli, a_failed_write_loses_nothing)
{
	write_file("a.h5", "previous");
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "cd '%s' && ulimit -f 40 && '%s' sweep sm64 --axis "
		 "fwd=0:1000 --hold 0:20 -o a.h5 -q 2>err.txt", dir, getenv("JS_BIN"));
	int st = system(cmd);
	char p[512];
	snprintf(p, sizeof p, "%s/err.txt", dir);
	slurp(p, err_buf, sizeof err_buf);
	cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 1, "exit %d", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	cr_expect(strstr(err_buf, "jumpsweep: cannot write dataset /sm64/") == err_buf &&
		  strstr(err_buf, "to 'a.h5' (HDF5: File too large)\n") && lines(err_buf) == 1,
		  "%s", err_buf);
	expect_file("a.h5", "previous", "disk full");
	expect_no_temporaries("disk full");
	/* the trace CSV and a movie the same way */
	snprintf(cmd, sizeof cmd, "cd '%s' && ulimit -f 1 && '%s' trace sm64 --hold 40 "
		 "--frames 4096 -o a.h5 2>err.txt", dir, getenv("JS_BIN"));
	st = system(cmd);
	slurp(p, err_buf, sizeof err_buf);
	cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 1 && lines(err_buf) == 1 &&
		  strstr(err_buf, "cannot write 'a.h5': File too large"), "trace: %s", err_buf);
	expect_file("a.h5", "previous", "trace, disk full");
	expect_no_temporaries("trace, disk full");
}

/* A closed pipe (its reader gone before the first write): trace's write fails with EPIPE (SIGPIPE
 * is ignored): one line, exit 1. */
Test(cli, a_closed_pipe_is_one_line)
{
	int fd[2];
	cr_assert_eq(pipe(fd), 0);
	close(fd[0]); /* no reader */
	pid_t pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		char p[512];
		snprintf(p, sizeof p, "%s/err.txt", dir);
		if (dup2(fd[1], STDOUT_FILENO) < 0 || !freopen(p, "w", stderr))
			_exit(126);
		execl(getenv("JS_BIN"), "jumpsweep", "trace", "smb1", "--hold", "40", (char *)NULL);
		_exit(127);
	}
	close(fd[1]);
	int st;
	cr_assert_eq(waitpid(pid, &st, 0), pid);
	char p[512];
	snprintf(p, sizeof p, "%s/err.txt", dir);
	slurp(p, err_buf, sizeof err_buf);
	cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 1, "exit %d, signal %d",
		  WIFEXITED(st) ? WEXITSTATUS(st) : -1, WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	cr_expect_str_eq(err_buf, "jumpsweep: cannot write the trace: Broken pipe\n");
}
