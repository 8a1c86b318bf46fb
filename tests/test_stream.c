/* tests/test_stream.c - streamed sweeps (js_sweep_run_stream, js_h5_sweep_*, `jumpsweep sweep`):
 * the same bits as the whole-grid path, whatever the threads and the cut, and files that h5diff
 * finds identical to js_h5_write_sweep's; the size checks before a sweep.
 *
 * The expected values come from the path that held every result in memory and that every other
 * test checks against the models' references: js_sweep_run + js_h5_write_sweep (the path of
 * `jumpsweep sweep` and `map` before streaming).  h5diff (hdf5-tools) compares every dataset's
 * values and every attribute; h5dump -p -H the layout (chunks, filters, compressed sizes). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sweep.h"
#include "tu_cli.h"

TestSuite(stream, .init = setup, .fini = teardown);

static int axis_index(const js_model *m, const char *name)
{
	for (int a = 0; a < m->n_axes; a++)
		if (strcmp(m->axes[a].name, name) == 0)
			return a;
	cr_assert_fail("model %s has no axis %s", m->id, name);
	return -1;
}

static void set_axis(js_grid *g, const char *name, int32_t lo, int32_t hi)
{
	int a = axis_index(g->model, name);
	g->lo[a] = lo;
	g->hi[a] = hi;
}

static void add_seqs(js_grid *g, const char *const *texts, int n)
{
	g->pattern = JS_PATTERN_SEQ;
	g->n_seq = n;
	g->seq = calloc((size_t)n, sizeof *g->seq);
	g->seq_len = calloc((size_t)n, sizeof *g->seq_len);
	g->seq_text = calloc((size_t)n, sizeof *g->seq_text);
	cr_assert(g->seq && g->seq_len && g->seq_text);
	for (int i = 0; i < n; i++) {
		char err[256];
		g->seq[i] = malloc((size_t)g->n_frames);
		g->seq_text[i] = strdup(texts[i]);
		cr_assert_eq(js_seq_parse(texts[i], g->seq[i], g->n_frames, &g->seq_len[i], err,
					  sizeof err), 0, "%s", err);
	}
}

/* The grids: hold and sequence patterns, numeric and named axes, several chunk layouts (one
 * chunk; chunks cutting the first dimension with a short last one; chunks cutting a middle
 * dimension, two rows of two chunks). */
enum { N_GRIDS = 6 };
static void grid_n(int k, js_grid *g)
{
	static const char *const celeste_seqs[] = { "J10.5J", "J3", "[JD]4.2J", "J40", "." };
	static const char *const smw_seqs[] = { "J", "J12", "J5.3J9" };
	switch (k) {
	case 0: /* smb1's default grid: vx x hold */
		js_grid_default(g, js_model_find("smb1"));
		break;
	case 1: /* sms, 222,507 lanes: chunks (2, 3, 41, 201) along action, the last one action */
		js_grid_default(g, js_model_find("sms"));
		set_axis(g, "fwd", 0, 2);
		set_axis(g, "spin", 0, 40);
		g->hold_lo = 0;
		g->hold_hi = 200;
		break;
	case 2: /* sms, 205,312 lanes: chunks (1, 256, 1, 256) cut fwd: 2 rows of 2 chunks */
		js_grid_default(g, js_model_find("sms"));
		set_axis(g, "action", 0, 1);
		set_axis(g, "fwd", -200, 200);
		set_axis(g, "spin", 0, 0);
		g->hold_lo = 0;
		g->hold_hi = 255;
		break;
	case 3: /* celeste: named axes (dt, down) x sequences */
		js_grid_default(g, js_model_find("celeste"));
		add_seqs(g, celeste_seqs, 5);
		break;
	case 4: /* sm64, 101,001 x ... : the wide fwd axis cut by chunks */
		js_grid_default(g, js_model_find("sm64"));
		set_axis(g, "fwd", -3000, 1000);
		g->hold_lo = 0;
		g->hold_hi = 30;
		break;
	default: /* smw: sequences over two numeric axes */
		js_grid_default(g, js_model_find("smw"));
		add_seqs(g, smw_seqs, 3);
		break;
	}
	cr_assert_not_null(g->model);
}

/* ---- the run: the same results for any thread count and cut ---- */

typedef struct collect {
	js_result all;
	size_t next;
	int calls, fail_at;
} collect;

static int collect_sink(void *ctx, size_t first, const js_result *r, char *err, size_t errn)
{
	collect *c = ctx;
	cr_assert_eq(first, c->next, "window at lane %zu, expected %zu (grid order)", first, c->next);
	cr_assert(r->n > 0 && first + r->n <= c->all.n);
	if (++c->calls == c->fail_at) {
		snprintf(err, errn, "sink refused window %d", c->calls);
		return -1;
	}
	memcpy(c->all.rise + first, r->rise, r->n * sizeof *r->rise);
	memcpy(c->all.apex_frame + first, r->apex_frame, r->n * sizeof *r->apex_frame);
	memcpy(c->all.airtime + first, r->airtime, r->n * sizeof *r->airtime);
	memcpy(c->all.flags + first, r->flags, r->n * sizeof *r->flags);
	c->next = first + r->n;
	return 0;
}

static void expect_same(const js_result *a, const js_result *b, const char *what)
{
	cr_assert_eq(a->n, b->n);
	cr_expect(memcmp(a->rise, b->rise, a->n * sizeof *a->rise) == 0, "%s: rise", what);
	cr_expect(memcmp(a->apex_frame, b->apex_frame, a->n * sizeof *a->apex_frame) == 0,
		  "%s: apex_frame", what);
	cr_expect(memcmp(a->airtime, b->airtime, a->n * sizeof *a->airtime) == 0, "%s: airtime",
		  what);
	cr_expect(memcmp(a->flags, b->flags, a->n * sizeof *a->flags) == 0, "%s: flags", what);
}

Test(stream, same_results_as_the_whole_grid)
{
	for (int k = 0; k < N_GRIDS; k++) {
		js_grid g;
		grid_n(k, &g);
		size_t n = js_grid_lanes(&g), np = (size_t)js_grid_pattern_len(&g);
		js_result want;
		cr_assert_eq(js_result_alloc(&want, n), 0);
		js_run_opts o = { .isa = js_isa_current(), .threads = 2 };
		js_sweep_run(&g, &o, &want);
		/* cuts: none; windows of 1 lane; rows of one pattern row cut in 7s (windows then
		 * start mid-row: grid order inside); whole rows in odd windows */
		const js_stream_cut cuts[] = { { 0, 0, 0, 0, 0 },       { 0, 0, 1, 0, 0 },
					       { np, 7, 50, 0, 0 },     { np, np, 1000, 0, 0 },
					       { n, 333, 4096, 0, 0 },  { np, 1, 64, 0, 0 } };
		const int threads[] = { 1, 2, 3, 5 };
		for (size_t c = 0; c < sizeof cuts / sizeof *cuts; c++)
			for (size_t t = 0; t < sizeof threads / sizeof *threads; t++) {
				if (k >= 3 && c == 1 && t > 1)
					continue; /* one-lane windows: two thread counts are enough */
				collect col = { .fail_at = -1 };
				cr_assert_eq(js_result_alloc(&col.all, n), 0);
				js_run_opts so = o;
				so.threads = threads[t];
				char err[256] = "", what[160];
				int rc = js_sweep_run_stream(&g, &so, &cuts[c], collect_sink, &col, err,
							     sizeof err);
				snprintf(what, sizeof what, "%s, cut %zu/%zu/%zu, %d threads",
					 g.model->id, cuts[c].row, cuts[c].piece, cuts[c].window,
					 threads[t]);
				cr_assert_eq(rc, 0, "%s: %s", what, err);
				cr_expect_eq(col.next, n, "%s: %zu of %zu lanes handed over", what,
					     col.next, n);
				expect_same(&want, &col.all, what);
				js_result_free(&col.all);
			}
		js_result_free(&want);
		js_grid_free_seqs(&g);
	}
}

/* MPI ranks' shares (h5.c gives rank r of N the r-th of N balanced runs of consecutive chunks):
 * each share alone, in any thread count, gives the whole-grid path's bits for its lanes, and the
 * shares together cover the grid.  The split is computed here as h5.c's js_h5_sweep_begin does
 * it; an empty share (more ranks than chunks) runs nothing; a share that starts inside a piece is
 * refused. */
Test(stream, shares_of_whole_pieces_cover_the_grid)
{
	const int grids[] = { 1, 2, 3 };
	for (size_t q = 0; q < sizeof grids / sizeof *grids; q++) {
		js_grid g;
		grid_n(grids[q], &g);
		size_t n = js_grid_lanes(&g), np = (size_t)js_grid_pattern_len(&g);
		js_result want;
		cr_assert_eq(js_result_alloc(&want, n), 0);
		js_run_opts o = { .isa = js_isa_current(), .threads = 2 };
		js_sweep_run(&g, &o, &want);
		size_t row = np * 2 <= n && n % (np * 2) == 0 ? np * 2 : np, piece = np / 2 + 1;
		size_t per_row = (row + piece - 1) / piece, chunks = n / row * per_row;
		for (size_t nr = 1; nr <= 5; nr++) {
			collect col = { .fail_at = -1 };
			cr_assert_eq(js_result_alloc(&col.all, n), 0);
			for (size_t r = 0; r < nr; r++) {
				size_t c0 = r * (chunks / nr) + (r < chunks % nr ? r : chunks % nr);
				size_t c1 = c0 + chunks / nr + (r < chunks % nr);
				js_stream_cut cut = { .row = row, .piece = piece, .window = 3000 };
				cut.begin = c0 / per_row * row + c0 % per_row * piece;
				cut.end = c1 == chunks ? n : c1 / per_row * row + c1 % per_row * piece;
				js_run_opts so = o;
				so.threads = 1 + (int)(r % 3);
				char err[256] = "";
				cr_expect_eq(col.next, cut.begin);
				col.next = cut.begin;
				cr_assert_eq(js_sweep_run_stream(&g, &so, &cut, collect_sink, &col, err,
								 sizeof err), 0, "%s", err);
				cr_expect_eq(col.next, cut.end, "%s, %zu ranks, rank %zu: up to lane %zu "
					     "of %zu..%zu", g.model->id, nr, r, col.next, cut.begin,
					     cut.end);
			}
			cr_expect_eq(col.next, n);
			expect_same(&want, &col.all, g.model->id);
			js_result_free(&col.all);
		}
		/* more ranks than chunks: the last shares are empty (begin = end = n) */
		collect none = { .fail_at = -1 };
		js_stream_cut empty = { .row = row, .piece = piece, .begin = n, .end = n };
		char err[256] = "";
		cr_expect_eq(js_sweep_run_stream(&g, &o, &empty, collect_sink, &none, err, sizeof err),
			     0);
		cr_expect_eq(none.calls, 0);
		/* a share from inside a piece */
		js_stream_cut inside = { .row = row, .piece = piece, .begin = 1, .end = n };
		cr_expect_eq(js_sweep_run_stream(&g, &o, &inside, collect_sink, &none, err, sizeof err),
			     -1);
		cr_expect(strstr(err, "are no share of a grid") != NULL, "%s", err);
		js_result_free(&want);
		js_grid_free_seqs(&g);
	}
}

/* A sink that fails stops the run: its message comes back, no window after it is handed over. */
Test(stream, a_failing_sink_stops_the_run)
{
	js_grid g;
	grid_n(2, &g);
	for (int threads = 1; threads <= 3; threads++) {
		collect col = { .fail_at = 3 };
		cr_assert_eq(js_result_alloc(&col.all, js_grid_lanes(&g)), 0);
		js_run_opts o = { .isa = js_isa_current(), .threads = threads };
		js_stream_cut cut = { .window = 4096 };
		char err[256] = "";
		int rc = js_sweep_run_stream(&g, &o, &cut, collect_sink, &col, err, sizeof err);
		cr_expect_eq(rc, -1);
		cr_expect_str_eq(err, "sink refused window 3");
		cr_expect_eq(col.calls, 3, "%d threads: %d sink calls", threads, col.calls);
		js_result_free(&col.all);
	}
	/* a cut that does not fit the grid is refused */
	js_run_opts o = { .isa = js_isa_current(), .threads = 1 };
	js_stream_cut bad = { .row = 1000, .piece = 10 };
	char err[256] = "";
	collect col = { .fail_at = -1 };
	cr_expect_eq(js_sweep_run_stream(&g, &o, &bad, collect_sink, &col, err, sizeof err), -1);
	cr_expect(strstr(err, "a cut into 1000-lane rows does not fit a grid of 205312 lanes") != NULL, "%s", err);
}

/* ---- the file: what h5diff and h5dump see ---- */

static int have_tool(const char *name)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", name);
	return system(cmd) == 0;
}

static void write_whole(const js_grid *g, const js_run_opts *o, const js_h5_meta *meta,
			const char *path)
{
	char err[512];
	js_result r;
	cr_assert_eq(js_result_alloc(&r, js_grid_lanes(g)), 0);
	js_sweep_run(g, o, &r);
	js_h5 *h = js_h5_create(path, meta, err, sizeof err);
	cr_assert_not_null(h, "%s", err);
	cr_assert_eq(js_h5_write_sweep(h, g, &r, err, sizeof err), 0, "%s", err);
	cr_assert_eq(js_h5_close(h, 1, err, sizeof err), 0, "%s", err);
	js_result_free(&r);
}

/* flips one flag bit of lane `lane` on its way to the file (to show h5diff sees a difference) */
typedef struct tamper {
	js_h5_sweep *sw;
	size_t lane;
} tamper;

static int tamper_sink(void *ctx, size_t first, const js_result *r, char *err, size_t errn)
{
	tamper *t = ctx;
	if (t->lane >= first && t->lane < first + r->n)
		r->flags[t->lane - first] ^= 1u << 30;
	return js_h5_sweep_sink(t->sw, first, r, err, errn);
}

static void write_streamed(const js_grid *g, const js_run_opts *o, const js_h5_meta *meta,
			   const char *path, size_t tamper_lane)
{
	char err[512];
	js_h5 *h = js_h5_create(path, meta, err, sizeof err);
	cr_assert_not_null(h, "%s", err);
	js_h5_sweep *sw = js_h5_sweep_begin(h, g, err, sizeof err);
	cr_assert_not_null(sw, "%s", err);
	js_stream_cut cut;
	js_h5_sweep_cut(sw, &cut);
	tamper t = { .sw = sw, .lane = tamper_lane };
	cr_assert_eq(js_sweep_run_stream(g, o, &cut, tamper_sink, &t, err, sizeof err), 0, "%s",
		     err);
	cr_assert_eq(js_h5_sweep_end(sw, 1, err, sizeof err), 0, "%s", err);
	cr_assert_eq(js_h5_close(h, 1, err, sizeof err), 0, "%s", err);
}

/* Runs a shell command in the test directory; its exit status. */
static int sh(const char *fmt, const char *a, const char *b)
{
	char cmd[2048];
	int k = snprintf(cmd, sizeof cmd, "cd '%s' && ", dir);
	snprintf(cmd + k, sizeof cmd - (size_t)k, fmt, a, b);
	int st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* h5diff finds no difference (values and attributes), and the layouts (chunks, filters, the
 * compressed size of every dataset) are the same but for the addresses. */
static void expect_same_file(const char *a, const char *b, const char *what)
{
	cr_expect_eq(sh("h5diff '%s' '%s' > diff.txt 2>&1", a, b), 0, "%s: h5diff finds differences",
		     what);
	cr_expect_eq(sh("h5dump -p -H '%s' | grep -v OFFSET | tail -n +2 > la.txt && "
			"h5dump -p -H '%s' | grep -v OFFSET | tail -n +2 > lb.txt && cmp -s la.txt lb.txt",
			a, b), 0, "%s: h5dump -p -H differ", what);
}

Test(stream, files_match_the_in_memory_writer)
{
	if (!have_tool("h5diff") || !have_tool("h5dump"))
		cr_skip_test("h5diff/h5dump not installed (Debian: hdf5-tools)");
	js_h5_meta meta = { .command = "jumpsweep sweep (test_stream)", .isa = "test" };
	char a[512], b[512];
	snprintf(a, sizeof a, "%s/a.h5", dir);
	snprintf(b, sizeof b, "%s/b.h5", dir);
	for (int k = 0; k < N_GRIDS; k++) {
		js_grid g;
		grid_n(k, &g);
		js_run_opts o = { .isa = js_isa_current(), .threads = 2 };
		write_whole(&g, &o, &meta, a);
		o.threads = 3;
		write_streamed(&g, &o, &meta, b, (size_t)-1);
		expect_same_file("a.h5", "b.h5", g.model->id);
		if (k == 1) { /* h5diff does see one bit flipped in the last chunk */
			write_streamed(&g, &o, &meta, b, js_grid_lanes(&g) - 5);
			cr_expect_eq(sh("h5diff '%s' '%s' > diff.txt 2>&1", "a.h5", "b.h5"), 1,
				     "h5diff missed a flipped flag bit");
		}
		js_grid_free_seqs(&g);
	}
}

/* `jumpsweep sweep` writes the file js_h5_write_sweep writes for the same grid and command. */
Test(stream, the_command_line_writes_the_same_file)
{
	if (!have_tool("h5diff") || !have_tool("h5dump"))
		cr_skip_test("h5diff/h5dump not installed (Debian: hdf5-tools)");
	static const struct { const char *args; int grid; } cases[] = {
		{ "sweep sms --axis action=jump:triple --axis fwd=-20:20 --axis spin=0:60 --hold 0:120 "
		  "-o cli.h5 -q", -1 },
		{ "sweep celeste --seq J10.5J --seq J3 --seq [JD]4.2J --seq J40 --seq . -o cli.h5 -q", 3 },
	};
	const char *bin = getenv("JS_BIN");
	cr_assert_not_null(bin);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		cr_assert_eq(js(cases[i].args), 0, "%s: %s", cases[i].args, err_buf);
		js_grid g;
		if (cases[i].grid >= 0) {
			grid_n(cases[i].grid, &g);
		} else {
			js_grid_default(&g, js_model_find("sms"));
			set_axis(&g, "action", 0, 2);
			set_axis(&g, "fwd", -20, 20);
			set_axis(&g, "spin", 0, 60);
			g.hold_lo = 0;
			g.hold_hi = 120;
		}
		char command[1024], path[512];
		snprintf(command, sizeof command, "%s %s", bin, cases[i].args);
		js_h5_meta meta = { .command = command, .isa = js_isa_name(js_isa_current()) };
		snprintf(path, sizeof path, "%s/mem.h5", dir);
		js_run_opts o = { .isa = js_isa_current() };
		write_whole(&g, &o, &meta, path);
		expect_same_file("mem.h5", "cli.h5", cases[i].args);
		js_grid_free_seqs(&g);
	}
}

/* ---- before a sweep: limits and room ---- */

Test(stream, grids_past_the_limits_are_refused)
{
	char err[512];
	js_run_opts o = { .isa = js_isa_current() };
	js_grid g;
	js_grid_default(&g, js_model_find("sms")); /* 9 actions x fwd x spin x hold */
	g.lo[axis_index(g.model, "spin")] = INT32_MIN;
	g.hi[axis_index(g.model, "spin")] = INT32_MAX;
	g.lo[axis_index(g.model, "fwd")] = INT32_MIN;
	g.hi[axis_index(g.model, "fwd")] = INT32_MAX; /* 9 x 2^64 x 61 lanes */
	cr_expect_eq(js_h5_sweep_check(&g, &o, "x.h5", err, sizeof err), -1);
	cr_expect(strstr(err, "sms: the grid has more lanes than a size_t holds") == err, "%s", err);
	g.lo[axis_index(g.model, "fwd")] = 0;
	g.hi[axis_index(g.model, "fwd")] = (1 << 22) - 1; /* 9 x 2^54 x 61 lanes x 28 bytes */
	cr_expect_eq(js_h5_sweep_check(&g, &o, "x.h5", err, sizeof err), -1);
	cr_expect(strstr(err, "past what an HDF5 file addresses") != NULL, "%s", err);
	g.hold_hi = g.hold_lo - 1;
	cr_expect_eq(js_h5_sweep_check(&g, &o, "x.h5", err, sizeof err), -1);
	cr_expect_str_eq(err, "sms: empty grid, nothing to write");
	js_grid_default(&g, js_model_find("sms"));
	cr_expect_eq(js_h5_sweep_check(&g, &o, "x.h5", err, sizeof err), 0, "%s", err);
}

/* A file system too small for the output (a 256 KiB tmpfs, mounted when the test runs as root):
 * sweep refuses before it starts, one line with the estimate, exit 1, nothing written, the
 * previous file untouched; a grid that fits there is written. */
Test(stream, sweep_refuses_a_file_system_too_small)
{
	if (geteuid() != 0)
		cr_skip_test("not root: no small tmpfs to fill (the check runs as root in CI)");
	if (sh("mkdir small && mount -t tmpfs -o size=256k tmpfs small 2>/dev/null%s%s", "", "") != 0)
		cr_skip_test("cannot mount a tmpfs here");
	sh("echo previous > small/a.h5%s%s", "", "");
	/* 6.4e6 lanes: 178 MB uncompressed, 0.56 MB written (h5ls) */
	int rc = js("sweep sms --axis fwd=-1000:-990 --axis spin=0:255 --hold 0:250 -o small/a.h5 -q");
	cr_expect_eq(rc, 1, "exit %d", rc);
	cr_expect(strstr(err_buf, "jumpsweep: cannot write 'small/a.h5': the output would take about ")
		  == err_buf && strstr(err_buf, "(compressed, estimated from ") &&
		  strstr(err_buf, "MB uncompressed) and its file system has 2") &&
		  lines(err_buf) == 1, "%s", err_buf);
	cr_expect_eq(sh("test \"$(cat small/a.h5)\" = previous && test \"$(ls small | wc -l)\" = 1%s%s",
			"", ""), 0, "the previous file was changed or a file was left");
	rc = js("sweep smb1 -o small/a.h5 -q");
	cr_expect_eq(rc, 0, "a grid that fits: exit %d: %s", rc, err_buf);
	sh("umount small%s%s", "", "");
}
