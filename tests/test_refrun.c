/* tests/test_refrun.c - the fast reference paths against the plain ones.
 *
 * Each model's run_ref (JS_REFERENCE_RUN in its kernel file: step and observe inlined) must give
 * exactly the js_acc of js_reference_loop (model.h: the loop through the table's step and observe
 * pointers, the definition the accounting is written against), and a reference sweep (run.c:
 * axes by odometer, one input column per pattern) exactly what each lane gives on its own from
 * js_grid_lane_axes / js_grid_lane_input through js_reference_loop.  The expected values are
 * those plain paths' results, computed here on the same inputs.
 */
#include "testutil.h"

/* Per model, how many runs ended each way: the edges the fast loop must stop on like the plain
 * one (the landing frame, a relaunch on it, the frame limit, no take-off at all). */
typedef struct seen {
	int landed, relaunch, not_landed, no_takeoff;
} seen;

static void expect_same_acc(const js_model *m, const js_acc *got, const js_acc *want, int c,
			    int l, int n_frames)
{
	cr_assert(got->rise == want->rise && got->apex_frame == want->apex_frame &&
			  got->airtime == want->airtime && got->flags == want->flags &&
			  got->took_off == want->took_off && got->landed == want->landed,
		  "%s case %d lane %d (%d frames): run_ref rise %lld apex %d air %d flags %#x took_off "
		  "%d landed %d; loop rise %lld apex %d air %d flags %#x took_off %d landed %d",
		  m->id, c, l, n_frames, (long long)got->rise, got->apex_frame, got->airtime,
		  got->flags, got->took_off, got->landed, (long long)want->rise, want->apex_frame,
		  want->airtime, want->flags, want->took_off, want->landed);
}

/* Inputs for one run: on the buttons the model reads; a hold (the default grids' shape), every
 * button random every frame, presses on about one frame in six (repeated presses: a relaunch on
 * a landing frame), or nothing (no take-off unless an axis forces it). */
static void random_input(const js_model *m, uint8_t *in, int n, int mode, uint64_t *rs)
{
	int h = (int)(tu_rand(rs) % 40);
	for (int f = 0; f < n; f++) {
		unsigned b = 0;
		if (mode == 0)
			b = f < h ? JS_IN_JUMP : 0;
		else if (mode == 1)
			b = (unsigned)tu_rand(rs);
		else if (mode == 2)
			b = tu_rand(rs) % 6 == 0 ? (unsigned)tu_rand(rs) : 0;
		in[f] = (uint8_t)(b & m->inputs);
	}
}

/* Every model: random starts decoded as the differential fuzzer decodes them (axis values over
 * their whole ranges, fields set within their ranges, fuzz_fix; js_case_decode) and init's own
 * starts, random inputs, frame limits from 1 to 2 x the model's default; js_reference_run_from
 * (the model's run_ref) == js_reference_loop on all six js_acc fields, the start left as it
 * was.  Each model must show landed, cut-off and never-airborne runs, and the models that name
 * JS_FLAG_RELAUNCH a relaunch (else the table did not reach the edges it is meant to check). */
Test(refrun, run_ref_equals_the_step_observe_loop)
{
	js_case *c = malloc(sizeof *c);
	uint8_t *in = malloc(JS_MAX_FRAMES);
	cr_assert(c && in);
	for (int k = 0; k < js_n_models; k++) {
		const js_model *m = js_models[k];
		cr_assert(m->run_ref, "%s has no run_ref (JS_REFERENCE_RUN in its kernel file)", m->id);
		uint64_t rs = 0x9e3779b97f4a7c15ULL ^ (uint64_t)(k + 1);
		seen s = { 0 };
		int max_frames = 2 * m->default_frames < JS_MAX_FRAMES ? 2 * m->default_frames
									 : JS_MAX_FRAMES;
		for (int ci = 0; ci < 60; ci++) {
			uint8_t bytes[1024];
			for (size_t b = 0; b < sizeof bytes; b++)
				bytes[b] = (uint8_t)(tu_rand(&rs) >> 56);
			js_case_decode(c, bytes, sizeof bytes, m);
			for (int l = 0; l < c->n_lanes; l++) {
				_Alignas(64) unsigned char start[JS_STATE_MAX], copy[JS_STATE_MAX];
				if (ci % 2)
					js_case_start(c, l, start); /* fields set */
				else
					m->init(start, c->axis[l]); /* a grid's start */
				memcpy(copy, start, m->state_size);
				/* short limits often: a run cut off in the air */
				int n = tu_rand(&rs) % 4 == 0 ? 1 + (int)(tu_rand(&rs) % 8)
							     : 1 + (int)(tu_rand(&rs) % (uint64_t)max_frames);
				random_input(m, in, n, (int)(tu_rand(&rs) % 4), &rs);
				js_acc got, want;
				memset(&got, 0x5a, sizeof got); /* every field must be written */
				js_reference_run_from(m, start, in, n, &got);
				js_reference_loop(m, start, in, n, &want);
				expect_same_acc(m, &got, &want, ci, l, n);
				cr_assert(memcmp(copy, start, m->state_size) == 0,
					  "%s: run_ref changed its start state", m->id);
				if (!want.took_off)
					s.no_takeoff++;
				else if (!want.landed)
					s.not_landed++;
				else {
					s.landed++;
					s.relaunch += (want.flags & JS_FLAG_RELAUNCH) != 0;
				}
			}
		}
		cr_expect(s.landed > 0 && s.not_landed > 0 && s.no_takeoff > 0,
			  "%s: landed %d, not landed %d, no take-off %d", m->id, s.landed,
			  s.not_landed, s.no_takeoff);
		if (m->flag_names[3]) /* bit 3: JS_FLAG_RELAUNCH */
			cr_expect(s.relaunch > 0, "%s: no relaunch reached", m->id);
	}
	free(in);
	free(c);
}

/* A reference sweep (js_sweep_run, reference = 1) against every lane on its own: its axis values
 * and input bytes from js_grid_lane_axes / js_grid_lane_input (division, whole column), run
 * through js_reference_loop.  Grids: every model's default grid (holds; lanes of one pattern
 * share a column, a block's pattern changes where the start conditions run out), holds from 5
 * and sequences (patterns in the order given: a column per pattern), celeste's fast-fall input
 * axis (a column per pattern and axis value); one thread and three (each thread its own
 * column), one grid after another (a column left from the grid before must not be reused: two
 * one-hold grids, both pattern 0). */
static void check_sweep(const js_grid *g, const char *what)
{
	size_t n = js_grid_lanes(g);
	js_result r;
	cr_assert_eq(js_result_alloc(&r, n), 0);
	uint8_t *in = malloc((size_t)g->n_frames);
	cr_assert(in);
	for (int threads = 1; threads <= 3; threads += 2) {
		js_run_opts o = { .reference = 1, .threads = threads };
		js_sweep_run(g, &o, &r);
		for (size_t i = 0; i < n; i++) {
			int32_t ax[JS_MAX_AXES] = { 0 };
			js_grid_lane_axes(g, i, ax);
			js_grid_lane_input(g, i, in);
			_Alignas(64) unsigned char st[JS_STATE_MAX];
			g->model->init(st, ax);
			js_acc want;
			js_reference_loop(g->model, st, in, g->n_frames, &want);
			cr_assert(r.rise[i] == want.rise && r.apex_frame[i] == want.apex_frame &&
					  r.airtime[i] == want.airtime && r.flags[i] == want.flags,
				  "%s, %d threads, lane %zu: sweep %lld/%d/%d/%#x, lane alone %lld/%d/%d/%#x",
				  what, threads, i, (long long)r.rise[i], r.apex_frame[i], r.airtime[i],
				  r.flags[i], (long long)want.rise, want.apex_frame, want.airtime,
				  want.flags);
		}
	}
	free(in);
	js_result_free(&r);
}

static void check_spec(const char *id, const js_grid_spec *s, const char *what)
{
	js_grid g;
	char err[256];
	cr_assert_eq(js_grid_build(&g, tu_model(id), s, err, sizeof err), 0, "%s: %s", what, err);
	check_sweep(&g, what);
	js_grid_free_seqs(&g);
}

Test(refrun, reference_sweep_equals_each_lane_alone)
{
	for (int k = 0; k < js_n_models; k++) {
		js_grid g;
		js_grid_default(&g, js_models[k]);
		check_sweep(&g, js_models[k]->id);
	}
	/* one pattern each, pattern 0 both: the second must not take the first's column */
	check_spec("smb1", &(js_grid_spec){ .hold = "5" }, "smb1 hold 5");
	check_spec("smb1", &(js_grid_spec){ .hold = "9" }, "smb1 hold 9");
	const char *smb1_axes[] = { "vx=0:40" };
	check_spec("smb1", &(js_grid_spec){ .axis_args = smb1_axes, .n_axis_args = 1, .hold = "5:30" },
		   "smb1 holds 5..30");
	const char *seqs[] = { "J5.J3", "J", ".J2.J8", "J9" }; /* not in hold order */
	check_spec("smw", &(js_grid_spec){ .seqs = seqs, .n_seqs = 4 }, "smw sequences");
	check_spec("cv2", &(js_grid_spec){ .seqs = seqs, .n_seqs = 4, .frames = 200 },
		   "cv2 sequences");
	const char *down[] = { "down=off:on" };
	check_spec("celeste", &(js_grid_spec){ .axis_args = down, .n_axis_args = 1, .hold = "0:14" },
		   "celeste down=off:on");
}

/* A lane kernel's block (js_grid_block: the axes without a division per lane, the hold planes a
 * row at a time) against each lane alone: slot l of block b holds lane js_block_lanes(b)[l], with
 * js_grid_lane_axes's values (0 beyond the model's axes) and js_grid_lane_input's bytes packed
 * (js_pack_planes), on the buttons the model reads.  Blocks as run.c cuts them: the whole grid
 * pattern-major (rows = start conditions), windows from a row's first lane (base a multiple of
 * the patterns, fewer rows), a window in grid order (rows 1), and lanes of no such shape (base
 * inside a row: the lane-by-lane path); every start index, so blocks begin anywhere in a row and
 * end short with padding; each shape by the lanes' decoding and again from its table of rows
 * (js_rowtab: one table for every shape of every grid, as a thread's table is between calls: a
 * smaller shape, or one of a model with more axes, in the memory of the one before; a grid of
 * the same shape with other axis values is not served the table of the one before). */
static void check_blocks(const js_grid *g, js_rowtab *tab, const char *what)
{
	const js_model *m = g->model;
	size_t n = js_grid_lanes(g), np = (size_t)js_grid_pattern_len(g), na = n / np;
	int words = (g->n_frames + 31) >> 5;
	uint32_t *pl = calloc((size_t)words * JS_BLOCK * JS_N_BUTTONS, sizeof *pl);
	uint32_t *want = calloc((size_t)words * JS_BLOCK * JS_N_BUTTONS, sizeof *want);
	uint8_t *in = malloc((size_t)g->n_frames);
	cr_assert(pl && want && in);
	uint32_t *planes[JS_N_BUTTONS], *wplanes[JS_N_BUTTONS];
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		planes[b] = pl + (size_t)b * words * JS_BLOCK;
		wplanes[b] = want + (size_t)b * words * JS_BLOCK;
	}
	static int32_t axv[JS_MAX_AXES][JS_BLOCK];
	int32_t *axis[JS_MAX_AXES];
	for (int a = 0; a < JS_MAX_AXES; a++)
		axis[a] = axv[a];
	size_t half = na / 2 ? na / 2 : 1;
	js_block shapes[] = {
		{ .base = 0, .rows = na, .cols = np },               /* run_block */
		{ .base = half * np, .rows = na - half ? na - half : 1, .cols = np }, /* a window */
		{ .base = np, .rows = 1, .cols = n - np },           /* a window in grid order */
		{ .base = 1, .rows = 1, .cols = n - 1 },             /* from inside a row */
	};
	for (size_t k = 0; k < 2 * sizeof shapes / sizeof shapes[0]; k++) {
		js_block blk = shapes[k / 2];
		if (blk.base >= n)
			continue;
		size_t span = blk.rows * (blk.rows == 1 ? blk.cols : np);
		if (blk.base + span > n)
			continue;
		if (k % 2) { /* the same blocks from the shape's table, where it has one */
			int rc = js_rowtab_build(tab, g, blk.base, blk.rows, blk.cols);
			int pattern_major = blk.cols == np && blk.base % np == 0;
			cr_assert_eq(rc, pattern_major ? 0 : -1, "%s case %zu: table %d", what, k, rc);
			if (rc != 0)
				continue;
			blk.tab = tab;
		}
		for (size_t e0 = 0; e0 < span; e0 += (e0 < 2 * JS_BLOCK ? 1 : JS_BLOCK - 3)) {
			blk.e0 = e0;
			blk.n = (int)(span - e0 < JS_BLOCK ? span - e0 : JS_BLOCK);
			size_t lanes[JS_BLOCK];
			js_block_lanes(&blk, lanes);
			js_grid_block(g, &blk, lanes, axis, planes);
			for (int l = 0; l < JS_BLOCK; l++) {
				size_t e = e0 + (size_t)(l < blk.n ? l : blk.n - 1);
				size_t lane = blk.base + (e % blk.rows) * blk.cols + e / blk.rows;
				cr_assert_eq(lanes[l], lane, "%s case %zu e0 %zu slot %d", what, k, e0, l);
				int32_t ax[JS_MAX_AXES] = { 0 };
				js_grid_lane_axes(g, lane, ax);
				for (int a = 0; a < JS_MAX_AXES; a++)
					cr_assert_eq(axis[a][l], ax[a], "%s case %zu e0 %zu slot %d axis %d: "
						     "%d, lane alone %d", what, k, e0, l, a, axis[a][l],
						     ax[a]);
				js_grid_lane_input(g, lane, in);
				js_pack_planes(in, g->n_frames, wplanes, l);
			}
			for (int b = 0; b < JS_N_BUTTONS; b++) {
				if (!((m->inputs >> b) & 1u))
					continue;
				for (int i = 0; i < words * JS_BLOCK; i++)
					cr_assert_eq(planes[b][i], wplanes[b][i], "%s case %zu e0 %zu button "
						     "%d word %d slot %d: %#x, lane alone %#x", what, k,
						     e0, b, i / JS_BLOCK, i % JS_BLOCK, planes[b][i],
						     wplanes[b][i]);
			}
		}
	}
	free(pl);
	free(want);
	free(in);
}

static void check_blocks_spec(const char *id, const js_grid_spec *s, js_rowtab *tab,
			      const char *what)
{
	js_grid g;
	char err[256];
	cr_assert_eq(js_grid_build(&g, tu_model(id), s, err, sizeof err), 0, "%s: %s", what, err);
	check_blocks(&g, tab, what);
	js_grid_free_seqs(&g);
}

Test(refrun, lane_blocks_equal_each_lane_alone)
{
	js_rowtab tab = { 0 };
	for (int k = 0; k < js_n_models; k++) {
		js_grid g;
		js_grid_default(&g, js_models[k]);
		check_blocks(&g, &tab, js_models[k]->id);
	}
	/* holds from 5 past a word (h % 32 == 0 at 32 and 64), axes from above their default lows */
	const char *smb1_axes[] = { "vx=3:40" };
	check_blocks_spec("smb1", &(js_grid_spec){ .axis_args = smb1_axes, .n_axis_args = 1,
						   .hold = "5:70", .frames = 100 },
			  &tab, "smb1 holds 5..70");
	/* The same shape (rows, patterns) with the axis moved, its first table built over the
	 * other grid's: it must not be served that one. */
	const char *smb1_moved[] = { "vx=2:39" };
	js_grid ga, gb;
	char err[256];
	cr_assert_eq(js_grid_build(&ga, tu_model("smb1"), &(js_grid_spec){ .axis_args = smb1_axes,
		     .n_axis_args = 1, .hold = "5:70", .frames = 100 }, err, sizeof err), 0, "%s", err);
	cr_assert_eq(js_grid_build(&gb, tu_model("smb1"), &(js_grid_spec){ .axis_args = smb1_moved,
		     .n_axis_args = 1, .hold = "5:70", .frames = 100 }, err, sizeof err), 0, "%s", err);
	size_t np = (size_t)js_grid_pattern_len(&ga);
	cr_assert_eq(js_grid_lanes(&ga), js_grid_lanes(&gb));
	cr_assert_eq(js_rowtab_build(&tab, &ga, 0, js_grid_lanes(&ga) / np, np), 0);
	check_blocks(&gb, &tab, "smb1 vx 2..39 after vx 3..40's table");
	const char *seqs[] = { "J5.J3", "J", ".J2.J8", "J9" };
	check_blocks_spec("smw", &(js_grid_spec){ .seqs = seqs, .n_seqs = 4 }, &tab, "smw sequences");
	/* an input axis (a button on every frame of half the lanes) */
	const char *down[] = { "down=off:on" };
	check_blocks_spec("celeste", &(js_grid_spec){ .axis_args = down, .n_axis_args = 1,
						      .hold = "0:14" }, &tab, "celeste down=off:on");
	/* one pattern: every lane a new start condition, the odometer carrying through each axis */
	check_blocks_spec("sm64", &(js_grid_spec){ .hold = "7" }, &tab, "sm64 hold 7");
	js_rowtab_free(&tab);
}
