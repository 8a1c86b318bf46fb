/* tests/test_readable.c - output a person can read (issue 14, section 3): flag sentences and
 * docs/flags.md, trace's units line, flag_names and input columns, trace --start, buttons a model
 * does not read, sm64's action names, named axis values, character heights. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"
#include "tu_cli.h"


static void expect_usage_error(const char *args, const char *needle)
{
	int rc = js(args);
	cr_expect_eq(rc, 2, "`jumpsweep %s`: exit %d, expected 2 (stderr: %s)", args, rc, err_buf);
	cr_expect_eq(lines(err_buf), 1, "`jumpsweep %s`: one line on stderr, got: %s", args, err_buf);
	cr_expect(strncmp(err_buf, "jumpsweep: ", 11) == 0, "%s", err_buf);
	cr_expect(strstr(err_buf, needle) != NULL, "`jumpsweep %s`: '%s' not in: %s", args, needle,
		  err_buf);
}

/* The CSV row of frame f (after the units line and the header). */
static const char *row_of(const char *csv, int f)
{
	char key[16];
	snprintf(key, sizeof key, "\n%d,", f);
	return strstr(csv, key);
}

TestSuite(readable, .init = setup, .fini = teardown);

/* ---- flags ---- */

/* Every named bit has a sentence and every sentence a name; the common bits share model.h's. */
Test(readable, every_flag_has_a_sentence)
{
	for (int i = 0; i < js_n_models; i++) {
		const js_model *m = js_models[i];
		for (int b = 0; b < JS_MAX_FLAGS; b++) {
			const char *what = js_flag_what(m, b);
			cr_expect_eq(what != NULL, m->flag_names[b] != NULL, "%s bit %d: name %s, sentence %s",
				     m->id, b, m->flag_names[b] ? m->flag_names[b] : "-", what ? what : "-");
			if (b >= JS_FLAG_MODEL_SHIFT)
				cr_expect_eq(m->flag_what[b] != NULL, m->flag_names[b] != NULL,
					     "%s bit %d: flag_what without a name, or a name without it", m->id, b);
			else
				cr_expect_null(m->flag_what[b], "%s bit %d: the common bits' sentences are "
					       "model.h's JS_FLAG_WHAT_*", m->id, b);
			if (what)
				cr_expect(strlen(what) > 20 && what[strlen(what) - 1] == '.',
					  "%s bit %d: one sentence: %s", m->id, b, what);
		}
		cr_expect_str_eq(js_flag_what(m, 0), JS_FLAG_WHAT_NO_TAKEOFF);
	}
}

/* "fall_over_4|clamped" for smb1's bits 8 and 9 (256 + 512 = 768, the example). */
Test(readable, flag_list)
{
	const js_model *m = tu_model("smb1");
	char buf[256];
	cr_expect_eq(js_flag_list(m, 768, buf, sizeof buf), 19);
	cr_expect_str_eq(buf, "fall_over_4|clamped");
	js_flag_list(m, 0, buf, sizeof buf);
	cr_expect_str_eq(buf, "");
	js_flag_list(m, JS_FLAG_BELOW_START | (1u << 30), buf, sizeof buf);
	cr_expect_str_eq(buf, "below_start|bit30", "an unnamed bit by number");
	js_flag_list(tu_model("smw"), JS_FLAG_RELAUNCH | (1u << 10), buf, sizeof buf);
	cr_expect_str_eq(buf, "relaunch|landing_jump");
	js_flag_list(m, 768, buf, 8);
	cr_expect_str_eq(buf, "fall_ov", "truncated to the buffer");
}

/* docs/flags.md lists every model's flags below its generated marker: the page is the models'
 * table, so it cannot go stale.  On a difference the test writes the expected page and prints
 * the command that installs it. */
static void flags_table(FILE *f)
{
	fprintf(f, "## Common bits (every model)\n\n| bit | value | name | meaning |\n|---|---|---|---|\n");
	static const char *const common[] = { "no_takeoff", "not_landed", "below_start", "relaunch" };
	static const char *const what[] = { JS_FLAG_WHAT_NO_TAKEOFF, JS_FLAG_WHAT_NOT_LANDED,
					    JS_FLAG_WHAT_BELOW_START, JS_FLAG_WHAT_RELAUNCH };
	for (int b = 0; b < 4; b++)
		fprintf(f, "| %d | %u | `%s` | %s |\n", b, 1u << b, common[b], what[b]);
	for (int i = 0; i < js_n_models; i++) {
		const js_model *m = js_models[i];
		fprintf(f, "\n## `%s`: %s\n\n", m->id, m->game);
		int common_bits = 0;
		for (int b = 0; b < JS_FLAG_MODEL_SHIFT; b++)
			if (m->flag_names[b])
				fprintf(f, "%s`%s`", common_bits++ ? ", " : "Common bits: ", m->flag_names[b]);
		fprintf(f, ".\n\n| bit | value | name | meaning |\n|---|---|---|---|\n");
		for (int b = JS_FLAG_MODEL_SHIFT; b < JS_MAX_FLAGS; b++)
			if (m->flag_names[b])
				fprintf(f, "| %d | %u | `%s` | %s |\n", b, 1u << b, m->flag_names[b],
					m->flag_what[b]);
	}
}

Test(readable, flags_page)
{
	const char *src = getenv("JS_SOURCE_DIR");
	cr_assert_not_null(src, "JS_SOURCE_DIR is set by ctest");
	static const char marker[] = "<!-- generated: tests/test_readable.c flags_table; below this "
				     "line the page is the models' table -->\n";
	char path[1024], *page = malloc(1 << 18), *want = NULL;
	size_t want_n = 0;
	snprintf(path, sizeof path, "%s/docs/flags.md", src);
	slurp(path, page, 1 << 18);
	char *cut = strstr(page, marker);
	cr_assert_not_null(cut, "docs/flags.md has the marker line %s", marker);
	cut += strlen(marker);
	FILE *f = open_memstream(&want, &want_n);
	fputc('\n', f);
	flags_table(f);
	fclose(f);
	if (strcmp(cut, want) != 0) {
		char out[] = "/tmp/jumpsweep-flags.md";
		FILE *o = fopen(out, "w");
		cr_assert_not_null(o);
		fwrite(page, 1, (size_t)(cut - page), o);
		fputs(want, o);
		fclose(o);
		cr_expect_fail("docs/flags.md differs from the models' flags; regenerate: cp %s %s", out,
			       path);
	}
	free(want);
	free(page);
}

/* list MODEL: each flag with its value, name and sentence; the character height. */
Test(readable, list_flags_and_height)
{
	cr_expect_eq(js("list smb1"), 0, "%s", err_buf);
	cr_expect(strstr(out_buf, "     9        512  clamped            ImposeGravity's clamp set the "
			 "fall speed to 4.00 px/frame.\n") != NULL, "%s", out_buf);
	cr_expect(strstr(out_buf, "     0          1  no_takeoff         " JS_FLAG_WHAT_NO_TAKEOFF)
		  != NULL, "%s", out_buf);
	cr_expect(strstr(out_buf, "  height:  16 px (small Mario") != NULL, "%s", out_buf);
}

/* ---- trace ---- */

/* The units line names every column (the generic ones and each model's trace_units, one unit per
 * trace_header column) for every model. */
Test(readable, trace_units_every_model)
{
	for (int i = 0; i < js_n_models; i++) {
		const js_model *m = js_models[i];
		int nh = 1, nu = 1;
		for (const char *p = m->trace_header; *p; p++)
			nh += *p == ',';
		cr_assert_not_null(m->trace_units, "%s has trace_units", m->id);
		for (const char *p = m->trace_units; *p; p++)
			nu += *p == ',';
		cr_expect_eq(nu, nh, "%s: %d units for %d columns (%s / %s)", m->id, nu, nh,
			     m->trace_units, m->trace_header);
		char args[128];
		snprintf(args, sizeof args, "trace %s --hold 1 --frames 2", m->id);
		cr_assert_eq(js(args), 0, "%s: %s", args, err_buf);
		cr_expect(strncmp(out_buf, "# units: frame: frame (0 = the press); input: --seq item; ", 58)
			  == 0, "%s", out_buf);
		const char *nl = strchr(out_buf, '\n');
		int semis = 0;
		for (const char *p = out_buf; p < nl; p++)
			semis += *p == ';';
		cr_expect_eq(semis, 7 + nh - 1, "%s: one 'column: unit' per column: %.*s", m->id,
			     (int)(nl - out_buf), out_buf);
		cr_expect(strncmp(nl + 1, "frame,input,height_sub,height,grounded,flags,flag_names,", 56)
			  == 0, "%s", nl + 1);
	}
}

/* flag_names beside flags: smb1's held row-0 jump falls through ImposeGravity's clamp quirk
 * (fuzz/FINDINGS.md, smb1 fall_cap: $03.F0 -> $04.60 = 4.375 px/frame on frame 41, over 4.00,
 * then the clamp to 4.00 on frame 42). */
Test(readable, trace_flag_names)
{
	cr_expect_eq(js("trace smb1 --axis vx=0 --hold 40"), 0, "%s", err_buf);
	cr_expect(strncmp(row_of(out_buf, 41), "\n41,.,11856,46.312500,0,256,fall_over_4,1,129,176,4,96,", 52)
		  == 0, "%s", row_of(out_buf, 41));
	cr_expect(strncmp(row_of(out_buf, 42), "\n42,.,10736,41.937500,0,512,clamped,", 35) == 0, "%s",
		  row_of(out_buf, 42));
	cr_expect(strncmp(row_of(out_buf, 0), "\n0,J,1024,4.000000,0,0,,", 23) == 0,
		  "flags 0: flag_names empty");
}

/* --start replays a fuzz finding's start outside explain: fuzz/findings/metroid-speed_wrap.case
 * (fuzz/FINDINGS.md) says frame 0's step changes y 176 -> 170 and speed 127 -> -6
 * from y=65535 frac=255 speed=127 linear=255 gravity=24 dsp=0 action=2 prev=1 (fuzz_fix puts
 * y back on the floor row, 176). */
Test(readable, trace_start_replays_a_claim)
{
	cr_expect_eq(js("trace metroid --axis boots=none --axis drop=0 --start y=65535 --start frac=255 "
			"--start speed=127 --start linear=255 --start gravity=24 --start dsp=0 "
			"--start action=2 --start prev=1 --seq J --frames 1"), 0, "%s", err_buf);
	/* columns y,frac,speed,... after flag_names */
	const char *r = row_of(out_buf, 0);
	cr_assert_not_null(r, "%s", out_buf);
	int commas = 0;
	const char *p = r + 1;
	for (; *p && commas < 7; p++)
		commas += *p == ',';
	cr_expect(strncmp(p, "170,", 4) == 0, "y 170: %s", r);
	cr_expect(strstr(r, ",-6,") != NULL, "speed -6: %s", r);
	/* the same start as check builds it gives the same bits as without fields for a plain start */
	cr_expect_eq(js("trace smb1 --start state=0 --hold 40"), 0, "%s", err_buf);
	char a[1 << 16];
	memcpy(a, out_buf, sizeof a);
	cr_expect_eq(js("trace smb1 --hold 40"), 0);
	cr_expect_str_eq(a, out_buf, "init's own value set again changes nothing");
}

Test(readable, trace_start_errors)
{
	expect_usage_error("trace metroid --start speed=200", "--start speed=200: field speed: '200' "
			   "is not a value in -128..127 (integers)");
	expect_usage_error("trace metroid --start speed=1.5", "is not a value in -128..127");
	expect_usage_error("trace metroid --start bogus=1", "model metroid has no start field 'bogus' "
			   "(fields: y, frac, speed,");
	expect_usage_error("trace metroid --start speed", "expected FIELD=VALUE");
	expect_usage_error("trace metroid --start =3", "expected FIELD=VALUE");
	expect_usage_error("sweep metroid --start speed=1 -o x.h5", "--start applies to trace only");
	expect_usage_error("trace sm64 --start action=ACT_BOGUS", "field action: 'ACT_BOGUS' is not a "
			   "value in start..ACT_DIVE_SLIDE");
}

/* ---- buttons a model does not read ---- */

Test(readable, unread_buttons_are_usage_errors)
{
	/* the case: smw's spin jump is the jump axis (DATA_00D2BD's A column), not B */
	expect_usage_error("trace smw --axis jump=spin --seq B5", "--seq \"B5\" presses B, which smw "
			   "does not read (it reads J jump; the jump that J starts is --axis "
			   "jump=normal|spin");
	expect_usage_error("sweep smw --seq J5 --seq '[JB]3' -o x.h5", "presses B");
	expect_usage_error("trace smb1 --seq J3Z", "presses Z, which smb1 does not read");
	expect_usage_error("trace sm64 --seq '[JD]'", "presses D, which sm64 does not read (it reads "
			   "J jump, Z the Z trigger");
	/* a sequence file names its line */
	char p[512];
	snprintf(p, sizeof p, "%s/s.txt", dir);
	FILE *f = fopen(p, "w");
	fputs("# two sequences\nJ10\n.J[DB]\n", f);
	fclose(f);
	expect_usage_error("sweep celeste --seq-file s.txt -o x.h5", "s.txt:3: \".J[DB]\" presses B, "
			   "which celeste does not read (it reads J jump, D down)");
	/* what the models read is accepted: celeste's D in a sequence, sm64's Z */
	cr_expect_eq(js("trace celeste --seq '[JD]3'"), 0, "%s", err_buf);
	cr_expect_eq(js("trace sm64 --seq '[JZ]3'"), 0, "%s", err_buf);
}

/* ---- sm64 action names ---- */

/* Claim 1 (tests/test_sm64.c claim1_quarter_steps): a tapped jump at fwd 40 lands on frame 13 in
 * ACT_JUMP_LAND (include/sm64.h 0x04000470); frame 0 is ACT_JUMP. */
Test(readable, sm64_action_names)
{
	cr_expect_eq(js("trace sm64 --axis fwd=40 --hold 1 --axis chain=on --frames 14"), 0, "%s",
		     err_buf);
	cr_expect(strstr(row_of(out_buf, 0), ",ACT_JUMP,") != NULL, "%s", row_of(out_buf, 0));
	cr_expect(strstr(row_of(out_buf, 13), ",ACT_JUMP_LAND,") != NULL, "%s", row_of(out_buf, 13));
	cr_expect(strstr(out_buf, "; action: name;") != NULL, "the units line: %s", out_buf);
	cr_expect(strstr(out_buf, "0x0") == NULL, "no raw action numbers");
	cr_expect_eq(js("list sm64"), 0);
	cr_expect(strstr(out_buf, "    action       start..ACT_DIVE_SLIDE  ") != NULL, "%s", out_buf);
	cr_expect(strstr(out_buf, "      values: start ACT_JUMP ACT_DOUBLE_JUMP ACT_TRIPLE_JUMP") != NULL,
		  "%s", out_buf);
	/* check's JSON report: claims/sm64.json sm64/double-jump-window expects the action by name */
	cr_expect_eq(js("check --game sm64 --format json"), 0, "%s", err_buf);
	cr_expect(strstr(out_buf, "\"measured\":\"ACT_DOUBLE_JUMP\",\"expected\":\"ACT_DOUBLE_JUMP\"")
		  != NULL, "%.2000s", out_buf);
	cr_expect(strstr(out_buf, "\"measured\":[\"ACT_JUMP_LAND\",\"ACT_JUMP_LAND\",\"ACT_JUMP_LAND\","
			 "\"ACT_JUMP_LAND\",\"ACT_JUMP_LAND_STOP\"]") != NULL, "a series by name");
	/* a start by name: standing in ACT_IDLE (the model's idle ground action), A jumps */
	cr_expect_eq(js("trace sm64 --start action=ACT_IDLE --hold 1 --frames 1"), 0, "%s", err_buf);
	cr_expect(strstr(row_of(out_buf, 0), ",ACT_JUMP,") != NULL, "%s", row_of(out_buf, 0));
}

/* js_field_format / js_field_scan round-trip every action name (value_names). */
Test(readable, sm64_action_field_round_trip)
{
	const js_model *m = tu_model("sm64");
	const js_field *fd = NULL;
	for (int i = 0; i < m->n_fields; i++)
		if (!strcmp(m->fields[i].name, "action"))
			fd = &m->fields[i];
	cr_assert_not_null(fd);
	cr_assert_not_null(fd->value_names);
	for (int v = (int)fd->min; v <= (int)fd->max; v++) {
		char name[64];
		double back = -1;
		js_field_format(fd, v, name, sizeof name);
		cr_expect(!strcmp(name, "start") || !strncmp(name, "ACT_", 4), "%d: %s", v, name);
		cr_expect_eq(js_field_scan(fd, name, &back), 0);
		cr_expect_eq(back, v, "%s", name);
	}
	double x;
	cr_expect_eq(js_field_scan(fd, "ACT_WALKING", &x), -1, "not an action the model has");
}

/* ---- named axis values ---- */

static int32_t named(const char *model, const char *axis, const char *value)
{
	const js_model *m = tu_model(model);
	int a = js_axis_find(m, axis);
	cr_assert_geq(a, 0, "%s has axis %s", model, axis);
	int32_t v = -999999;
	char err[256];
	cr_assert_eq(js_parse_axis_value(m, &m->axes[a], value, &v, err, sizeof err), 0, "%s", err);
	return v;
}

/* Each name parses to its cited value. */
Test(readable, named_axis_values)
{
	/* SMW DATA_00D535 row 0 (flat ground), 1/16 px/frame: $14 walk, $24 run, $30 P-speed */
	cr_expect_eq(named("smw", "vx", "walk"), 0x14);
	cr_expect_eq(named("smw", "vx", "run"), 0x24);
	cr_expect_eq(named("smw", "vx", "pspeed"), 0x30);
	/* SMB1 MaxRightXSpdData: .db $28, $18, $10 (running, walking, water) */
	cr_expect_eq(named("smb1", "vx", "run"), 0x28);
	cr_expect_eq(named("smb1", "vx", "walk"), 0x18);
	cr_expect_eq(named("smb1", "vx", "swim"), 0x10);
	/* Sonic_Jump's #$680 / #$380, Spring_Powers dc.w -$1000, -$A00, Knux_Jump #$600 */
	cr_expect_eq(named("sonic1", "vy0", "jump"), -0x680);
	cr_expect_eq(named("sonic1", "vy0", "jump_water"), -0x380);
	cr_expect_eq(named("sonic1", "vy0", "spring_red"), -0x1000);
	cr_expect_eq(named("sonic1", "vy0", "spring_yellow"), -0xA00);
	cr_expect_eq(named("sonic2", "vy0", "super"), -0x800);
	cr_expect_eq(named("sonic3k", "vy0", "knuckles"), -0x600);
	/* SA2 characters.h: Q(4.875), Q(2.625) */
	cr_expect_eq(named("sa2", "vy0", "jump"), -1248);
	cr_expect_eq(named("sa2", "vy0", "jump_water"), -672);
	/* sm64 update_walking_speed's 32.0f; the long jump's 48.0f cap */
	cr_expect_eq(named("sm64", "fwd", "run"), 32);
	cr_expect_eq(named("sm64", "fwd", "long_jump_cap"), 48);
	/* numbers still parse; every value lies in its axis range, has a source, is no number */
	cr_expect_eq(named("smw", "vx", "48"), 48);
	for (int i = 0; i < js_n_models; i++)
		for (int a = 0; a < js_models[i]->n_axes; a++) {
			const js_axis *ax = &js_models[i]->axes[a];
			for (int k = 0; k < JS_MAX_AXIS_VALUES && ax->values[k].name; k++) {
				cr_expect_eq(ax->n_names, 0, "%s %s: values on a numeric axis only",
					     js_models[i]->id, ax->name);
				cr_expect(ax->values[k].value >= ax->min && ax->values[k].value <= ax->max,
					  "%s %s=%s in range", js_models[i]->id, ax->name, ax->values[k].name);
				cr_expect(ax->values[k].source && *ax->values[k].source);
				cr_expect(ax->values[k].name[0] < '0' || ax->values[k].name[0] > '9');
			}
		}
	/* on the command line, with the range form too; unknown names list the known ones */
	cr_expect_eq(js("trace smw --axis vx=pspeed --hold 1 --frames 1"), 0, "%s", err_buf);
	static char a[sizeof out_buf];
	memcpy(a, out_buf, sizeof a);
	cr_expect_eq(js("trace smw --axis vx=48 --hold 1 --frames 1"), 0);
	cr_expect_str_eq(a, out_buf);
	cr_expect_eq(js("list smw"), 0);
	cr_expect(strstr(out_buf, "      vx=pspeed = 48 1/16 px/frame (DATA_00D535") != NULL, "%s",
		  out_buf);
	expect_usage_error("sweep smb1 --axis vx=walk:sprint -o x.h5", "smb1 axis vx: 'sprint' is "
			   "not an integer or a named value (walk, run, swim)");
}

/* ---- comparing games ---- */

/* Every model has a height with a source (none is 0 since the six below were sourced); the
 * cited ones (model sources). */
Test(readable, character_heights)
{
	for (int i = 0; i < js_n_models; i++) {
		const js_model *m = js_models[i];
		cr_expect_gt(m->character_height, 0, "%s: no character_height", m->id);
		cr_expect(m->character_height_source && strlen(m->character_height_source) > 10,
			  "%s: the height's source", m->id);
	}
	cr_expect_eq(tu_model("sm64")->character_height, 160); /* mario.c hitboxHeight 160.0f */
	cr_expect_eq(tu_model("celeste")->character_height, 11); /* Player.cs normalHitbox 8 x 11 */
	cr_expect_eq(tu_model("sonic1")->character_height, 2 * 0x13); /* y_radius $13 */
	cr_expect_eq(tu_model("mm2")->character_height, 2 * 12);   /* feet and head 12 from Y */
	/* banjo: code_C4B0.c func_80293D74 = func_80293D48(80.0f, 35.0f): sphere radius 35 centred
	 * 80 units above the feet, top 80 + 35 */
	cr_expect_eq(tu_model("banjo")->character_height, 80 + 35);
	/* metroid: Bank01.asm frame L8818 (Samus stand) y radius $0F -> ObjRadY, center to top or
	 * bottom */
	cr_expect_eq(tu_model("metroid")->character_height, 2 * 0x0f);
	/* mzm: sSamusHitboxData STANDING top -(BLOCK_SIZE * 2 - PIXEL_SIZE) = -(128 - 4) sub-pixels,
	 * 4 sub-pixels per px (SUB_PIXEL_RATIO); mf: sSamusCollisionOffsets[0] top -124, the same */
	cr_expect_eq(tu_model("mzm")->character_height, (2 * 64 - 4) / 4);
	cr_expect_eq(tu_model("mf")->character_height, 124 / 4);
	/* scv4: the ceiling snap 80B7B8 puts the foot probe (probe & ~7) + 7 + $39 below the cell
	 * above the head probe's (probe + 8): 64 - 15 = 49 rows under the ceiling's last solid row;
	 * the floor snap 80B602 keeps it on the floor's top row: 49 - 1 rows free */
	cr_expect_eq(tu_model("scv4")->character_height, (7 + 0x39) - (8 + 7) - 1);
	/* sotn: g_SensorsCeilingDefault -22 and g_SensorsFloorDefault 25 rest on the solid rows
	 * next to Alucard: rows -21..+24 */
	cr_expect_eq(tu_model("sotn")->character_height, 24 - -21 + 1);
	cr_expect_str_eq(tu_model("banjo")->unit, "world unit");
	/* and list prints it in the unit, with the source */
	cr_expect_eq(js("list banjo"), 0, "%s", err_buf);
	cr_expect(strstr(out_buf, "  height:  115 world unit (Banjo's wall and ceiling sphere: "
			  "code_C4B0.c L260") != NULL, "%s", out_buf);
	cr_expect_eq(tu_model("mzm")->sub_per_unit, 4); /* the height is in px, not sub-pixels */
}

/* Case files (fuzz/findings, explain) and claims take the named values and sm64's action names
 * too: the same parsers (js_parse_axis_value's names, js_case_set_field). */
Test(readable, case_files_take_names)
{
	static const char text[] = "model sm64\naxes action=jump fwd=run version=us chain=on\n"
				   "start action=ACT_JUMP_LAND vy=0\nframes 4\ninput J\n";
	FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
	js_case *c = calloc(1, sizeof *c);
	char err[512];
	cr_assert_eq(js_case_parse(f, "mem", c, NULL, err, sizeof err), 0, "%s", err);
	fclose(f);
	cr_expect_eq(c->axis[0][1], 32, "fwd=run: update_walking_speed's 32");
	const js_model *m = c->m;
	for (int i = 0; i < m->n_fields; i++)
		if (!strcmp(m->fields[i].name, "action")) {
			cr_expect(c->set[0] >> i & 1);
			char name[64];
			js_field_format(&m->fields[i], c->val[0][i], name, sizeof name);
			cr_expect_str_eq(name, "ACT_JUMP_LAND");
		}
	/* written back by name */
	char *out = NULL;
	size_t n = 0;
	FILE *w = open_memstream(&out, &n);
	js_case_write(w, c, 0, NULL);
	fclose(w);
	cr_expect(strstr(out, "start vy=0 action=ACT_JUMP_LAND") != NULL ||
		  strstr(out, "action=ACT_JUMP_LAND") != NULL, "%s", out);
	free(out);
	free(c);
}

/* The engine's rule (js_seq_buttons) serves case files too: smw reads J only. */
Test(readable, case_file_unread_button)
{
	static const char text[] = "model smw\naxes vx=0 jump=spin\nframes 8\ninput B5\n";
	FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
	js_case *c = calloc(1, sizeof *c);
	char err[1024];
	cr_expect_eq(js_case_parse(f, "smw.case", c, NULL, err, sizeof err), -1);
	fclose(f);
	cr_expect(strstr(err, "smw.case: input presses B, which smw does not read (it reads J jump")
		  == err, "%s", err);
	uint8_t seq[3] = { JS_IN_JUMP, JS_IN_JUMP | JS_IN_Z, 0 };
	cr_expect_eq(js_seq_buttons(tu_model("sm64"), seq, 3, err, sizeof err), 0, "sm64 reads Z");
	cr_expect_eq(js_seq_buttons(tu_model("smb1"), seq, 3, err, sizeof err), -1);
	cr_expect(strncmp(err, "presses Z, which smb1 does not read (it reads J jump)", 53) == 0, "%s",
		  err);
	free(c);
}
