/* tests/test_cli.c - the jumpsweep command line: error paths (one line on stderr, exit 2 for
 * usage, exit 1 at run time, no output file left), help, list, trace and sweep outputs. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

static char dir[256];
static char out_buf[1 << 16], err_buf[1 << 12];

static void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/jstest-cli-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static void teardown(void)
{
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
}

static void slurp(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	size_t k = f ? fread(buf, 1, n - 1, f) : 0;
	buf[k] = 0;
	if (f)
		fclose(f);
}

/* Runs `jumpsweep ARGS` in the test directory; returns the exit status. */
static int js(const char *args)
{
	const char *bin = getenv("JS_BIN");
	cr_assert_not_null(bin, "JS_BIN (the jumpsweep binary) is set by ctest");
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s >out.txt 2>err.txt </dev/null", dir, bin, args);
	int st = system(cmd);
	char p[512];
	snprintf(p, sizeof p, "%s/out.txt", dir);
	slurp(p, out_buf, sizeof out_buf);
	snprintf(p, sizeof p, "%s/err.txt", dir);
	slurp(p, err_buf, sizeof err_buf);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int lines(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

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
