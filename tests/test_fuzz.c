/* tests/test_fuzz.c - the fuzzing machinery (sweep/engine/fuzzcase.c, fuzz/): decoding is total and
 * deterministic; every model's lane kernels agree with the reference from decoded cases; the
 * reproducer text form round-trips; smb1's rules break where the disassembly says; `jumpsweep
 * explain` writes a draft claim that `jumpsweep check` runs; claims "start" and its errors;
 * js_claims_validate accepts and rejects without exiting. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "commands.h"
#include "testutil.h"

static js_case c1, c2;

/* Any bytes make a case, the same bytes the same case, and its values lie in range. */
Test(fuzz, decode_total_and_deterministic)
{
	uint64_t seed = 5;
	for (int k = 0; k < 400; k++) {
		uint8_t b[700];
		size_t n = (size_t)(tu_rand(&seed) % sizeof b);
		for (size_t i = 0; i < n; i++)
			b[i] = (uint8_t)(tu_rand(&seed) >> 56);
		js_case_decode(&c1, b, n, NULL);
		js_case_decode(&c2, b, n, NULL);
		cr_assert(c1.m == c2.m && c1.n_lanes == c2.n_lanes && c1.n_frames == c2.n_frames);
		cr_assert(c1.n_lanes >= 1 && c1.n_lanes <= JS_BLOCK);
		cr_assert(c1.n_frames >= 1 && c1.n_frames <= JS_CASE_FRAMES);
		for (int l = 0; l < c1.n_lanes; l++) {
			for (int a = 0; a < c1.m->n_axes; a++)
				cr_assert(c1.axis[l][a] >= c1.m->axes[a].min && c1.axis[l][a] <= c1.m->axes[a].max,
					  "%s axis %d", c1.m->id, a);
			for (int i = 0; i < c1.m->n_fields; i++)
				if (c1.set[l] >> i & 1)
					cr_assert(c1.val[l][i] >= c1.m->fields[i].min &&
						  c1.val[l][i] <= c1.m->fields[i].max, "%s field %s", c1.m->id,
						  c1.m->fields[i].name);
			for (int f = 0; f < c1.n_frames; f++)
				cr_assert((c1.input[l][f] & ~c1.m->inputs) == 0);
		}
		cr_assert(memcmp(c1.set, c2.set, sizeof c1.set) == 0);
		cr_assert(memcmp(c1.input, c2.input, sizeof c1.input) == 0);
	}
}

/* Every model, decoded cases (start states where the model lists fields): lane == reference. */
Test(fuzz, every_model_lanes_agree_on_decoded_cases)
{
	uint64_t seed = 77;
	for (int mi = 0; mi < js_n_models; mi++) {
		for (int k = 0; k < 12; k++) {
			uint8_t b[512];
			for (size_t i = 0; i < sizeof b; i++)
				b[i] = (uint8_t)(tu_rand(&seed) >> 56);
			js_case_decode(&c1, b, sizeof b, js_models[mi]);
			char why[1024];
			cr_assert_eq(js_case_diff(&c1, why, sizeof why), 0, "%s", why);
		}
	}
}

/* The record (model.h's js_lane_record): one run of n frames that records the counts ks gives
 * holds, for every count, what a run of that many frames gives on its own (the planes of the
 * longer run: no input after a count changes anything before it).  A path whose accounting is
 * lane.h's js_vacc_frame records; the others leave `lanes` 0 and js_case_diff runs each count on
 * its own (celeste's own accounting calls js_vacc_record, sotn records its store's js_vacc).  Which models record is a table,
 * since a kernel that stops recording makes its fuzzing slower: ALL on every ISA path in every
 * case here; SOME on some (the sonic models and sa2 on the scalar path only, their vector paths
 * run starts as tame groups; mzm, mf and pop take other paths for some starts); the rest (banjo,
 * sm64, sms) account in their own way and are not required to. */
enum { REC_ALL = 1, REC_SOME };
static const struct {
	const char *id;
	int how;
} recording[] = {
	{ "smb1", REC_ALL },	  { "smw", REC_ALL },	  { "mm1", REC_ALL },	   { "mm2", REC_ALL },
	{ "mm3", REC_ALL },	  { "cv1", REC_ALL },	  { "cv2", REC_ALL },	   { "cv3", REC_ALL },
	{ "scv4", REC_ALL },	  { "metroid", REC_ALL }, { "mzm", REC_SOME },	   { "mf", REC_SOME },
	{ "pop", REC_SOME },	  { "sa2", REC_SOME },	  { "sonic1", REC_SOME }, { "sonic2", REC_SOME },
	{ "sonic3k", REC_SOME }, { "celeste", REC_ALL }, { "sotn", REC_ALL },
};

Test(fuzz, record_equals_a_run_of_each_count)
{
	static js_lane_record rec;
	uint64_t seed = 91;
	for (int mi = 0; mi < js_n_models; mi++) {
		const js_model *m = js_models[mi];
		int want = 0, n_rec = 0, n_run = 0;
		for (size_t i = 0; i < sizeof recording / sizeof recording[0]; i++)
			if (strcmp(recording[i].id, m->id) == 0)
				want = recording[i].how;
		for (int k = 0; k < 6; k++) {
			uint8_t b[512];
			for (size_t i = 0; i < sizeof b; i++)
				b[i] = (uint8_t)(tu_rand(&seed) >> 56);
			js_case_decode(&c1, b, sizeof b, m);
			int nf = c1.n_frames, nl = c1.n_lanes;
			static unsigned char starts[JS_BLOCK * JS_STATE_MAX];
			static uint32_t pmem[JS_N_BUTTONS][JS_CASE_FRAMES / 32 * JS_BLOCK];
			static int32_t ax[JS_MAX_AXES][JS_BLOCK];
			for (int l = 0; l < JS_BLOCK; l++) {
				js_case_start(&c1, l < nl ? l : nl - 1, starts + (size_t)l * m->state_size);
				for (int a = 0; a < JS_MAX_AXES; a++)
					ax[a][l] = c1.axis[l < nl ? l : nl - 1][a];
			}
			int ks[4] = { 1, (nf + 2) / 3, (2 * nf + 2) / 3, nf }, nk = 0;
			rec.n = 0;
			memset(rec.idx, -1, sizeof rec.idx);
			for (int i = 0; i < 4; i++)
				if (nk == 0 || ks[i] > rec.at[nk - 1]) {
					rec.at[nk] = ks[i];
					rec.idx[ks[i] - 1] = (int8_t)nk++;
				}
			rec.n = nk;
			for (int isa = 0; isa < JS_ISA_COUNT; isa++) {
				if (!js_isa_available((js_isa)isa) || !m->lane[isa])
					continue;
				int64_t rise[JS_BLOCK];
				int32_t apex[JS_BLOCK], air[JS_BLOCK];
				uint32_t flags[JS_BLOCK];
				js_lane_args args = { .n_lanes = nl, .rise = rise, .apex_frame = apex,
						      .airtime = air, .flags = flags, .start = starts };
				uint32_t *pl[JS_N_BUTTONS];
				for (int a = 0; a < JS_MAX_AXES; a++)
					args.axis[a] = ax[a];
				for (int bt = 0; bt < JS_N_BUTTONS; bt++)
					args.input[bt] = pl[bt] = pmem[bt];
				for (int j = nk - 1; j >= -1; j--) { /* -1: the recorded run */
					int kf = j < 0 ? nf : rec.at[j];
					memset(pmem, 0, sizeof pmem);
					for (int l = 0; l < JS_BLOCK; l++)
						js_pack_planes(c1.input[l < nl ? l : nl - 1], kf, pl, l);
					args.n_frames = kf;
					args.record = j < 0 ? &rec : NULL;
					memset(rec.seen, 0, sizeof rec.seen);
					rec.lanes = 0;
					static int64_t r0[JS_RECORD_MAX][JS_BLOCK];
					static int32_t a0[JS_RECORD_MAX][JS_BLOCK], t0[JS_RECORD_MAX][JS_BLOCK];
					static uint32_t f0[JS_RECORD_MAX][JS_BLOCK];
					m->lane[isa](&args);
					if (j >= 0) {
						memcpy(r0[j], rise, sizeof rise);
						memcpy(a0[j], apex, sizeof apex);
						memcpy(t0[j], air, sizeof air);
						memcpy(f0[j], flags, sizeof flags);
						continue;
					}
					uint64_t all = nl >= 64 ? ~0ull : (1ull << nl) - 1;
					int got = (rec.lanes & all) == all;
					n_rec += got;
					n_run++;
					for (int i = 0; got && i < nk; i++)
						for (int l = 0; l < nl; l++)
							cr_assert(rec.rise[i][l] == r0[i][l] &&
								  rec.apex[i][l] == a0[i][l] &&
								  rec.air[i][l] == t0[i][l] &&
								  rec.flags[i][l] == f0[i][l],
								  "%s %s lane %d, %d of %d frames: recorded "
								  "%lld %d %d %#x, run %lld %d %d %#x",
								  m->id, js_isa_name((js_isa)isa), l, rec.at[i], nf,
								  (long long)rec.rise[i][l], rec.apex[i][l],
								  rec.air[i][l], rec.flags[i][l],
								  (long long)r0[i][l], a0[i][l], t0[i][l], f0[i][l]);
				}
			}
		}
		if (want == REC_ALL)
			cr_expect_eq(n_rec, n_run, "%s recorded %d of %d runs", m->id, n_rec, n_run);
		if (want == REC_SOME)
			cr_expect_gt(n_rec, 0, "%s recorded none of %d runs", m->id, n_run);
	}
}

/* js_case_diff's kernel runs, seen from a lane kernel wrapped around smb1's scalar one (which
 * records: model.h's js_lane_record).  Recorded, a case takes two runs: all its frames, with the
 * record, and one shorter count the case picks.  With the record hidden from the kernel (a path
 * that does not record), every frame count of the set (1..8, then nf*i/8) runs once.  Each run
 * gets the planes js_pack_planes packs for that many frames (no press past the run), and a
 * kernel wrong after one count only, in its own run or in the record, is caught there. */
static const js_model *spy_of;
static const js_case *spy_case;
static int spy_hide, spy_lie_at, spy_lie_rec, spy_runs[JS_CASE_FRAMES + 1], spy_bad_planes;

static void spy_lane(const js_lane_args *a)
{
	static uint32_t mem[JS_N_BUTTONS][JS_CASE_FRAMES / 32 * JS_BLOCK];
	uint32_t *want[JS_N_BUTTONS];
	for (int b = 0; b < JS_N_BUTTONS; b++)
		want[b] = mem[b];
	memset(mem, 0, sizeof mem);
	int nl = spy_case->n_lanes;
	for (int l = 0; l < JS_BLOCK; l++)
		js_pack_planes(spy_case->input[l < nl ? l : nl - 1], a->n_frames, want, l);
	for (int b = 0; b < JS_N_BUTTONS; b++)
		for (int w = 0; w < JS_CASE_FRAMES / 32; w++)
			for (int l = 0; l < JS_BLOCK; l++)
				if (a->input[b][w * JS_BLOCK + l] != want[b][w * JS_BLOCK + l])
					spy_bad_planes++;
	js_lane_args run = *a;
	if (spy_hide)
		run.record = NULL;
	spy_of->lane[JS_ISA_SCALAR](&run);
	spy_runs[a->n_frames]++;
	if (a->n_frames == spy_lie_at)
		a->apex_frame[a->n_lanes - 1] += 1;
	for (int j = 0; run.record && j < run.record->n; j++)
		if (run.record->at[j] == spy_lie_rec)
			run.record->apex[j][a->n_lanes - 1] += 1;
}

Test(fuzz, diff_runs_every_frame_count_with_its_planes)
{
	static js_model spy;
	spy_of = tu_model("smb1");
	spy = *spy_of;
	memset(spy.lane, 0, sizeof spy.lane);
	spy.lane[JS_ISA_SCALAR] = spy_lane;
	uint64_t seed = 3;
	uint8_t b[600];
	for (size_t i = 0; i < sizeof b; i++)
		b[i] = (uint8_t)(tu_rand(&seed) >> 56);
	js_case_decode(&c1, b, sizeof b, spy_of);
	c1.m = &spy;
	c1.n_frames = 100; /* words 0..3, the last one partial */
	c1.n_lanes = 3;
	for (int l = 0; l < 3; l++) {
		memcpy(c1.axis[l], c1.axis[0], sizeof c1.axis[0]);
		c1.set[l] = c1.set[0];
		memcpy(c1.val[l], c1.val[0], sizeof c1.val[0]);
	}
	for (int l = 0; l < 3; l++)
		for (int f = 0; f < 100; f++)
			c1.input[l][f] = (uint8_t)((f * 7 + l) % 5 ? JS_IN_JUMP : 0);
	spy_case = &c1;
	/* The extra count: ks[(nf * 31 + nl * 7 + lane 0's frame-0 buttons) % 15] = ks[3121 % 15]
	 * = ks[1] = 2 (fuzzcase.c). */
	static const struct {
		int hide;
		int runs[17]; /* the counts that run once each, 0-terminated */
		int lie_at, lie_rec;
		const char *caught;
	} cases[] = {
		{ 1, { 1, 2, 3, 4, 5, 6, 7, 8, 12, 25, 37, 50, 62, 75, 87, 100 }, 37, 0,
		  "smb1 scalar lane 2 after 37 frames:" },
		{ 0, { 2, 100 }, 0, 37, "smb1 scalar lane 2 after 37 frames (recorded):" },
		{ 0, { 2, 100 }, 2, 0, "smb1 scalar lane 2 after 2 frames:" },
		{ 0, { 2, 100 }, 100, 0, "smb1 scalar lane 2 after 100 frames:" },
	};
	char why[1024];
	for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
		spy_hide = cases[t].hide;
		spy_lie_at = spy_lie_rec = 0;
		spy_bad_planes = 0;
		memset(spy_runs, 0, sizeof spy_runs);
		cr_assert_eq(js_case_diff(&c1, why, sizeof why), 0, "case %zu: %s", t, why);
		cr_assert_eq(spy_bad_planes, 0, "case %zu", t);
		int total = 0, want = 0;
		for (int i = 0; i < 17 && cases[t].runs[i]; i++, want++)
			cr_expect_eq(spy_runs[cases[t].runs[i]], 1, "case %zu: frame count %d ran %d times",
				     t, cases[t].runs[i], spy_runs[cases[t].runs[i]]);
		for (int k = 0; k <= JS_CASE_FRAMES; k++)
			total += spy_runs[k];
		cr_assert_eq(total, want, "case %zu: %d runs, want %d", t, total, want);

		spy_lie_at = cases[t].lie_at;
		spy_lie_rec = cases[t].lie_rec;
		cr_assert_eq(js_case_diff(&c1, why, sizeof why), 1, "case %zu", t);
		cr_assert(strstr(why, cases[t].caught), "case %zu: %s", t, why);
	}
}

static void smb1_case(js_case *c, const char *const *names, const double *vals, int n)
{
	memset(c, 0, sizeof *c);
	c->m = tu_model("smb1");
	c->n_lanes = 1;
	c->n_frames = 8;
	for (int k = 0; k < n; k++) {
		int i;
		for (i = 0; i < c->m->n_fields; i++)
			if (strcmp(c->m->fields[i].name, names[k]) == 0)
				break;
		cr_assert_lt(i, c->m->n_fields, "smb1 has field %s", names[k]);
		c->set[0] |= 1u << i;
		c->val[0][i] = vals[k];
	}
}

/* smb1, by hand from ImposeGravity (Xkeeper0/smb1 prg.asm), row 0 in the air (fuzz_fix gives
 * VerticalForce = VerticalForceDown = FallMForceData[0] = $70):
 *  - falling at 4.00: MoveForce $00 + $70 = $70, no carry, speed 4; the clamp needs MoveForce
 *    >= $80, so the speed is 4.44 (> 4.00) after frame 0: fall_cap breaks on frame 0;
 *  - falling at $7F.FF: $FF + $70 carries, ADC #$00 makes $80 = -128: speed_wrap on frame 0;
 *  - rising at -5 from Y $0002 on page 0: Y_Position 2 + $FB = $FD with no carry, HighPos
 *    0 + $FF = $FF: y_wrap on frame 0. */
Test(fuzz, smb1_rules_break_where_the_disassembly_says)
{
	const js_model *m = tu_model("smb1");
	js_break b;
	smb1_case(&c1, (const char *[]){ "speed", "speed_frac", "state", "y_high", "y_pos" },
		  (double[]){ 4, 0, 1, 1, 0 }, 5);
	cr_assert_eq(js_case_breaks(&c1, 0, &b), JS_BREAK_INVARIANT);
	cr_assert_eq(b.inv, tu_inv(m, "fall_cap"));
	cr_assert_eq(b.frame, 0);

	smb1_case(&c1, (const char *[]){ "speed", "speed_frac", "state", "y_high", "y_pos" },
		  (double[]){ 127, 255, 1, 0, 0 }, 5);
	cr_assert_eq(js_case_breaks(&c1, 0, &b), JS_BREAK_INVARIANT);
	cr_assert_eq(b.inv, tu_inv(m, "speed_wrap"));
	cr_assert_eq(b.frame, 0);

	smb1_case(&c1, (const char *[]){ "speed", "state", "y_high", "y_pos" }, (double[]){ -5, 1, 0, 2 }, 4);
	cr_assert_eq(js_case_breaks(&c1, 0, &b), JS_BREAK_INVARIANT);
	cr_assert_eq(b.inv, tu_inv(m, "y_wrap"));
	cr_assert_eq(b.frame, 0);

	/* A plain held jump of row 4 (vx 28: FallMForceData $90) breaks nothing: falling, the speed
	 * goes $00.00, $00.90, ... $04.80 after 8 frames, and $80 >= $80 clamps it to $04.00. */
	smb1_case(&c1, NULL, NULL, 0);
	c1.n_frames = 100;
	c1.axis[0][0] = 28;
	for (int f = 0; f < 40; f++)
		c1.input[0][f] = JS_IN_JUMP;
	cr_assert_eq(js_case_breaks(&c1, 0, &b), JS_BREAK_NONE);
}

/* The text form: write, read back, the same start state and inputs. */
Test(fuzz, case_text_round_trip)
{
	uint64_t seed = 9;
	for (int k = 0; k < 200; k++) {
		uint8_t b[400];
		for (size_t i = 0; i < sizeof b; i++)
			b[i] = (uint8_t)(tu_rand(&seed) >> 56);
		js_case_decode(&c1, b, sizeof b, NULL);
		char *text = NULL;
		size_t n = 0;
		FILE *w = open_memstream(&text, &n);
		js_case_write(w, &c1, 0, NULL);
		fclose(w);
		FILE *r = fmemopen(text, n, "r");
		char err[512];
		cr_assert_eq(js_case_parse(r, "t.case", &c2, NULL, err, sizeof err), 0, "%s\n%s", err, text);
		fclose(r);
		_Alignas(64) unsigned char s1[JS_STATE_MAX], s2[JS_STATE_MAX];
		js_case_start(&c1, 0, s1);
		js_case_start(&c2, 0, s2);
		cr_assert(c1.m == c2.m && c1.n_frames == c2.n_frames);
		cr_assert(memcmp(c1.input[0], c2.input[0], (size_t)c1.n_frames) == 0, "%s", text);
		cr_assert(memcmp(s1, s2, c1.m->state_size) == 0, "%s", text);
		free(text);
	}
}

Test(fuzz, case_parse_errors_are_one_line)
{
	const char *bad[] = { "model nope\nframes 3\n", "frames 3\n", "model smb1\n",
			      "model smb1\nframes 0\n", "model smb1\nframes 5\naxes vx=99\n",
			      "model smb1\nframes 5\nstart speed=200\n", "model smb1\nframes 5\nstart nope=1\n",
			      "model smb1\nframes 5\ninput Q\n", "model smb1\nframes 5\nwhat 1\n",
			      "model smb1\nframes 5\nstart force=1\n",
			      /* found by fuzz_case: a second model inherited the first's start fields */
			      "model smb1\nstart speed=4\nmodel celeste\nframes 60\n" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		FILE *r = fmemopen((void *)bad[i], strlen(bad[i]), "r");
		char err[512] = "";
		cr_assert_eq(js_case_parse(r, "t.case", &c1, NULL, err, sizeof err), -1, "%s", bad[i]);
		cr_assert(*err && !strchr(err, '\n'), "%s", err);
		fclose(r);
	}
}

Test(fuzz, claims_validate_in_memory)
{
	char err[1024];
	const char *good = "{\"game\":\"g\",\"claims\":[{\"id\":\"smb1/x\",\"status\":\"draft\",\"sentence\":\"s\","
			   "\"checks\":[{\"model\":\"smb1\",\"start\":{\"speed\":4,\"state\":1},\"seq\":\".\","
			   "\"frames\":2,\"measure\":\"column\",\"column\":\"speed_frac\",\"frame\":0,\"expect\":112}]}]}";
	cr_assert_eq(js_claims_validate("g.json", good, strlen(good), err, sizeof err), 0, "%s", err);
	const char *bad_field = "{\"game\":\"g\",\"claims\":[{\"id\":\"smb1/x\",\"status\":\"draft\",\"sentence\":\"s\","
				"\"checks\":[{\"model\":\"smb1\",\"start\":{\"sped\":4},\"hold\":1,"
				"\"measure\":\"rise\",\"expect\":1}]}]}";
	cr_assert_eq(js_claims_validate("g.json", bad_field, strlen(bad_field), err, sizeof err), -1);
	cr_assert(strstr(err, "g.json: claim smb1/x, check 1, field 'start.sped'"), "%s", err);
	cr_assert(strstr(err, "no state field 'sped'"), "%s", err);
	const char *bad_range = "{\"game\":\"g\",\"claims\":[{\"id\":\"smb1/x\",\"status\":\"draft\",\"sentence\":\"s\","
				"\"checks\":[{\"model\":\"smb1\",\"start\":{\"speed\":128},\"hold\":1,"
				"\"measure\":\"rise\",\"expect\":1}]}]}";
	cr_assert_eq(js_claims_validate("g.json", bad_range, strlen(bad_range), err, sizeof err), -1);
	cr_assert(strstr(err, "start.speed"), "%s", err);
	cr_assert_eq(js_claims_validate("g.json", "{", 1, err, sizeof err), -1);
	cr_assert(strstr(err, "invalid JSON"), "%s", err);
}

static char out_buf[1 << 16];

static int run(const char *cmd)
{
	char full[4200];
	snprintf(full, sizeof full, "%.4000s >/tmp/jstest-fuzz-out.txt 2>&1", cmd);
	int st = system(full);
	FILE *f = fopen("/tmp/jstest-fuzz-out.txt", "r");
	size_t k = f ? fread(out_buf, 1, sizeof out_buf - 1, f) : 0;
	out_buf[k] = 0;
	if (f)
		fclose(f);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A draft whose start normal play cannot reach says so: cv2's finding starts falling at speed
 * 127 (the game's jumps take off at $FC.00 = -4 and cap the fall at 3.00, CMP #$03; the
 * fractions gravity's $38 steps leave are 56k mod 256, multiples of 8 up to 248).  The smb1
 * fall-cap finding starts from standing: nothing is said. */
Test(fuzz, explain_says_a_start_is_outside_normal_play)
{
	const char *bin = getenv("JS_BIN"), *src = getenv("JS_SOURCE_DIR");
	cr_assert(bin && src);
	char cmd[4096];
	snprintf(cmd, sizeof cmd, "'%s' explain '%s/fuzz/findings/cv2-speed_wrap.case'", bin, src);
	cr_assert_eq(run(cmd), 0, "%s", out_buf);
	cr_expect(strstr(out_buf, ", prev 0 -> 1. Normal play does not reach this start: from standing "
				  "(drop=0), whatever the input, speed stays within -4..3 and speed_frac "
				  "within 0..248.\n"), "%s", out_buf);
	snprintf(cmd, sizeof cmd, "'%s' explain '%s/fuzz/findings/smb1-fall_cap.case'", bin, src);
	cr_assert_eq(run(cmd), 0, "%s", out_buf);
	cr_expect(strstr(out_buf, "claim    In Super Mario Bros.") != NULL, "%s", out_buf);
	cr_expect(strstr(out_buf, "Normal play") == NULL, "%s", out_buf);
}

/* What a draft checks is the trace's columns of the changed fields, finite, at most four; the rest
 * is named.  fuzz/findings/mf-y_wrap.case: yPosition 0 -> 65471 is the headline, but the trace
 * calls that column `y`, so the draft measures only `pose` (11 -> 6) and says so.
 * fuzz/findings/cv1-y_wrap.case: the field `ptr` is an index (13 -> 14), the trace's `ptr` column
 * is $04DC (156 -> 157, what the check expects): the sentence gives both. */
Test(fuzz, explain_add_names_what_it_does_not_check)
{
	const char *bin = getenv("JS_BIN"), *src = getenv("JS_SOURCE_DIR");
	cr_assert(bin && src);
	char d[] = "/tmp/jstest-explain-XXXXXX", cmd[4096];
	cr_assert_not_null(mkdtemp(d));
	snprintf(cmd, sizeof cmd, "cp '%s/claims/mf.json' '%s/claims/cv1.json' '%s/' && '%s' explain --add "
		 "--claims '%s' '%s/fuzz/findings/mf-y_wrap.case'", src, src, d, bin, d, src);
	cr_assert_eq(run(cmd), 0, "%s", out_buf);
	cr_expect(strstr(out_buf, "\nnote     changes the draft does not measure: y_position (no trace "
				  "column of that name), y_velocity (no trace column of that name), prev_a "
				  "(no trace column of that name); if one is the headline, check it by "
				  "hand\n"), "%s", out_buf);
	snprintf(cmd, sizeof cmd, "'%s' explain --add --claims '%s' '%s/fuzz/findings/cv1-y_wrap.case'",
		 bin, d, src);
	cr_assert_eq(run(cmd), 0, "%s", out_buf);
	cr_expect(strstr(out_buf, "frame 0's step changes y 0 -> 255, ptr 13 -> 14 (the trace's ptr "
				  "column: 156 -> 157), prev 0 -> 1.") != NULL, "%s", out_buf);
	snprintf(cmd, sizeof cmd, "'%s' check --claims '%s' --claim cv1/finding-y-wrap-0", bin, d);
	cr_assert_eq(run(cmd), 0, "%s", out_buf);
	cr_expect(strstr(out_buf, "ptr after frame 0  157 = 157\n") != NULL, "%s", out_buf);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
	cr_expect_eq(run(cmd), 0);
}

/* explain on the seed reproducer: the rule, the frame, the evidence rows, the claim; --add puts a
 * draft into a copy of smb1.json that `check` then runs and passes (y_pos 0 -> 4 and speed_frac
 * 112 = $70 on frame 0, the hand values above). */
Test(fuzz, explain_and_add_a_draft)
{
	const char *bin = getenv("JS_BIN"), *src = getenv("JS_SOURCE_DIR");
	cr_assert(bin && src);
	char d[] = "/tmp/jstest-explain-XXXXXX", cmd[4096];
	cr_assert_not_null(mkdtemp(d));
	snprintf(cmd, sizeof cmd, "'%s' explain '%s/fuzz/corpus/case/smb1.case'", bin, src);
	cr_assert_eq(run(cmd), 0, "%s", out_buf);
	cr_assert(strstr(out_buf, "finding  fall_cap:"), "%s", out_buf);
	cr_assert(strstr(out_buf, "broken by frame 0's step"), "%s", out_buf);
	cr_assert(strstr(out_buf, "  0,J,1,4,0,4,112,112,1,44032,0"), "%s", out_buf);
	cr_assert(strstr(out_buf, "claim    In Super Mario Bros., it is not true that"), "%s", out_buf);
	snprintf(cmd, sizeof cmd, "cp '%s/claims/smb1.json' '%s/' && '%s' explain --add --claims '%s' '%s/fuzz/corpus/case/smb1.case'",
		 src, d, bin, d, src);
	cr_assert_eq(run(cmd), 0, "%s", out_buf);
	cr_assert(strstr(out_buf, "added    smb1/finding-fall-cap-0"), "%s", out_buf);
	snprintf(cmd, sizeof cmd, "'%s' check --claims '%s' --claim smb1/finding-fall-cap-0", bin, d);
	cr_assert_eq(run(cmd), 0, "%s", out_buf);
	cr_assert(strstr(out_buf, "DRAFT smb1/finding-fall-cap-0\n"), "%s", out_buf);
	cr_assert(strstr(out_buf, "    seq J y_pos after frame 0       4 = 4\n"
				  "    seq J speed_frac after frame 0  112 = 112\n"), "%s", out_buf);
	/* The same id twice: the file would not validate, it is left as it was. */
	snprintf(cmd, sizeof cmd, "'%s' explain --add --claims '%s' '%s/fuzz/corpus/case/smb1.case'", bin, d, src);
	cr_assert_eq(run(cmd), 1, "%s", out_buf);
	cr_assert(strstr(out_buf, "duplicate id"), "%s", out_buf);
	snprintf(cmd, sizeof cmd, "'%s' check --claims '%s' --game smb1", bin, d);
	cr_assert_eq(run(cmd), 0, "%s", out_buf);
	/* Usage errors. */
	snprintf(cmd, sizeof cmd, "'%s' explain", bin);
	cr_assert_eq(run(cmd), 2);
	snprintf(cmd, sizeof cmd, "'%s' explain /nonexistent.case", bin);
	cr_assert_eq(run(cmd), 2);
	cr_assert(strstr(out_buf, "cannot read '/nonexistent.case'"), "%s", out_buf);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
	cr_assert_eq(system(cmd), 0);
}

/* Every reproducer in fuzz/findings/ replays as fuzz/FINDINGS.md says: its first break is the rule
 * and frame on its `break` line, and that frame's step takes the headline field from `before` to
 * `after` (FINDINGS.md's "what happens"; the two reached in play are claims too,
 * smb1/fall-over-4-short-jump and smw/y-above-level-top).  The values follow from each game's
 * widths, derived in FINDINGS.md: a signed byte $7F + carry is $80 (-128), an 8-bit Y 0 - 1 is
 * 255, a u16 0 - 65 is 65471, -FLT_MAX * 1.5f is -inf in float32, ... */
typedef struct finding_row {
	const char *file, *field;
	double before, after;
} finding_row;

static const finding_row finding_rows[] = {
	{ "cv1-y_wrap", "y", 0, 255 },          /* 8-bit Y + the step $FF (-1) */
	{ "cv1-y_wrap", "ptr", 13, 14 },        /* $04DC $9C -> $9D (the trace's 156 -> 157) */
	{ "cv2-y_wrap", "y", 105, 233 },        /* 105 - 128 = -23 = 233 */
	{ "cv2-speed_wrap", "speed", 127, -128 }, /* $7F.FE + $00.38 carries to $80 */
	{ "metroid-dsp_wrap", "dsp", 254, 4 },  /* 254 + 6 = 260 = 4 */
	{ "metroid-speed_wrap", "speed", 127, -6 }, /* $7F -> $80 by the carry, then the up clamp $FA */
	{ "mf-y_wrap", "y_position", 0, 65471 }, /* u16 0 - 65 (the capped move, 1/64 px) */
	{ "mm1-y_wrap", "y_page", -128, 127 },
	{ "mm1-speed_wrap", "speed", -128, 127 }, /* up-positive $80.00 - $00.40 borrows to $7F.C0 */
	{ "mm2-y_wrap", "y_page", -128, 127 },
	{ "mm2-speed_wrap", "speed", -128, 127 },
	{ "mm3-speed_wrap", "speed", -128, 127 },
	{ "mm3-y_wrap", "y_page", -128, 127 },
	{ "mzm-y_wrap", "y_position", 0, 65471 },
	{ "sa2-floor_catch", "feet", 2140864513.0, 2140864555.0 }, /* + vy 0 + gravity 42: not caught */
	{ "sa2-floor_catch", "air", 1, 1 },
	{ "sa2-floor_snap", "feet", 868002751.0, 867997631.0 },
	{ "sa2-floor_snap", "air", 1, 0 },
	{ "sa2-vy_wrap", "vy", 32767, -32727 },  /* s16 32767 + 42 */
	{ "sa2-y_wrap", "feet", -2147483648.0, 2147450892.0 },
	{ "scv4-speed_wrap", "speed", 2147459072.0, -2147483648.0 }, /* $7FFF.A000 + gravity */
	{ "scv4-y_wrap", "y", 4294705152.0, 262144.0 }, /* $FFFC.0000 + $0008.0000 */
	{ "sm64-fwd_finite", "fwd", -FLT_MAX, -INFINITY }, /* the long jump's fwd * 1.5f */
	{ "sm64-z_s16", "z", (double)-19999.4121f, -99997.0625 },
	{ "smb1-fall_cap", "speed_frac", 0xf0, 0x60 }, /* $03.F0 + $70 = $04.60 */
	{ "smb1-fall_cap", "speed", 3, 4 },
	{ "smb1-speed_wrap", "speed", 127, -128 },
	{ "smb1-y_wrap", "y_high", 0, 255 },
	{ "smw-y_wrap", "y_pos", 3, 65535 },
	{ "sonic1-floor_catch", "vy", -16, 40 }, /* + $38: falling on, inside the floor */
	{ "sonic1-floor_catch", "air", 1, 1 },
	{ "sonic1-floor_snap", "y_px", 30921, 30956 },
	{ "sonic1-floor_snap", "air", 1, 0 },
	{ "sonic1-vy_wrap", "vy", 32767, -32753 }, /* addi.w #$38 */
	{ "sonic1-y_wrap", "y_px", 32768, 32640 },
	{ "sonic2-floor_catch", "y_px", 1004, 1131 },
	{ "sonic2-floor_catch", "air", 1, 1 },
	{ "sonic2-floor_snap", "y_px", 1009, 1052 },
	{ "sonic2-floor_snap", "air", 1, 0 },
	{ "sonic2-vy_wrap", "vy", 32767, -32753 },
	{ "sonic3k-floor_catch", "vy", 1, 57 },
	{ "sonic3k-floor_catch", "air", 1, 1 },
	{ "sonic3k-floor_snap", "y_px", 1004, 1084 },
	{ "sonic3k-floor_snap", "air", 1, 0 },
	{ "sonic3k-vy_wrap", "vy", 32767, -32713 },
	{ "sonic3k-y_wrap", "y_px", 32788, 32729 },
};

Test(fuzz, findings_replay_their_headline)
{
	const char *src = getenv("JS_SOURCE_DIR");
	cr_assert_not_null(src);
	int files = 0;
	for (size_t k = 0; k < sizeof finding_rows / sizeof finding_rows[0]; k++) {
		const finding_row *r = &finding_rows[k];
		char path[1024], err[512], names[512];
		snprintf(path, sizeof path, "%s/fuzz/findings/%s.case", src, r->file);
		js_break want, got;
		cr_assert_eq(js_case_read(path, &c1, &want, err, sizeof err), 0, "%s", err);
		files += k == 0 || strcmp(r->file, finding_rows[k - 1].file) != 0;
		cr_assert_eq(js_case_breaks(&c1, 0, &got), JS_BREAK_INVARIANT, "%s", r->file);
		cr_expect(got.inv == want.inv && got.frame == want.frame, "%s: inv %d frame %d", r->file,
			  got.inv, got.frame);
		const js_model *m = c1.m;
		int i = js_field_index(m, r->field, names, sizeof names);
		cr_assert_geq(i, 0, "%s: no field %s (%s)", r->file, r->field, names);
		_Alignas(64) unsigned char st[JS_STATE_MAX];
		js_case_start(&c1, 0, st);
		for (int f = 0; f < want.frame; f++)
			m->step(st, c1.input[0][f]);
		double before = js_field_get(&m->fields[i], st);
		m->step(st, c1.input[0][want.frame]);
		double after = js_field_get(&m->fields[i], st);
		cr_expect(before == r->before && after == r->after, "%s %s: %.9g -> %.9g, not %.9g -> %.9g",
			  r->file, r->field, before, after, r->before, r->after);
	}
	/* every reproducer in fuzz/findings/ has a row */
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "ls '%s/fuzz/findings/' | grep -c '\\.case$'", src);
	FILE *p = popen(cmd, "r");
	int n = -1;
	cr_assert_eq(fscanf(p, "%d", &n), 1);
	pclose(p);
	cr_expect_eq(files, n, "rows cover %d reproducers of %d", files, n);
}
