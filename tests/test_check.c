/* tests/test_check.c - jumpsweep check: the real claims files pass; a wrong expectation fails
 * (exit 1) with measured and expected figures; malformed files give exit 2 and one line naming
 * the file, the claim and the field; --claim / --game filters; the text, json and tap formats;
 * drafts are run (from a written file: claims/ holds none); the claims directory's defaults. */
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"
#include "tu_cli.h"


TestSuite(check, .init = setup, .fini = teardown);

/* Runs `ENV jumpsweep check ARGS` in the test directory ($JUMPSWEEP_CLAIMS unset unless ENV sets
 * it); returns the exit status. */
static int check_env(const char *env, const char *args)
{
	const char *bin = getenv("JS_BIN");
	cr_assert_not_null(bin, "JS_BIN (the jumpsweep binary) is set by ctest");
	char cmd[4096];
	snprintf(cmd, sizeof cmd,
		 "cd '%s' && env -u JUMPSWEEP_CLAIMS %s '%s' check %s >out.txt 2>err.txt </dev/null", dir,
		 env, bin, args);
	int st = system(cmd);
	char p[512];
	snprintf(p, sizeof p, "%s/out.txt", dir);
	slurp(p, out_buf, sizeof out_buf);
	snprintf(p, sizeof p, "%s/err.txt", dir);
	slurp(p, err_buf, sizeof err_buf);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int check(const char *args)
{
	return check_env("", args);
}

/* Writes DIR/claims/NAME with the given text. */
static void write_claims(const char *name, const char *text)
{
	char p[512];
	snprintf(p, sizeof p, "%s/claims", dir);
	mkdir(p, 0755);
	snprintf(p, sizeof p, "%s/claims/%s", dir, name);
	FILE *f = fopen(p, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

/* A claims file with one claim of one check: the check's JSON fields. */
static void one_claim(const char *name, const char *id, const char *status, const char *check_fields)
{
	char text[4096];
	snprintf(text, sizeof text,
		 "{ \"game\": \"test\", \"claims\": [ { \"id\": \"%s\", \"status\": \"%s\",\n"
		 "  \"sentence\": \"a test claim\", \"checks\": [ { %s } ] } ] }\n",
		 id, status, check_fields);
	write_claims(name, text);
}

static const char *source_claims(void)
{
	static char p[1024];
	const char *src = getenv("JS_SOURCE_DIR");
	cr_assert_not_null(src, "JS_SOURCE_DIR is set by ctest");
	snprintf(p, sizeof p, "%s/claims", src);
	return p;
}

/* ---- the real claims ---- */

Test(check, real_claims_pass)
{
	char args[1200];
	snprintf(args, sizeof args, "--claims '%s'", source_claims());
	int rc = check(args);
	cr_assert_eq(rc, 0, "exit %d; stdout:\n%s\nstderr: %s", rc, out_buf, err_buf);
	cr_expect_eq(err_buf[0], 0, "%s", err_buf);
	int passed = -1, failed = -1;
	const char *last = out_buf + strlen(out_buf) - 1;
	while (last > out_buf && last[-1] != '\n')
		last--;
	cr_assert_eq(sscanf(last, "%d passed, %d failed", &passed, &failed), 2, "%s", last);
	cr_expect_eq(failed, 0);
	cr_expect_geq(passed, 30, "every seed claim on smb1, sonic1 and celeste: %d", passed);
	/* No drafts in claims/: each fuzz finding was reviewed, and either became a checked claim
	 * (reached in play) or stays in fuzz/FINDINGS.md (its start lies outside play), where
	 * tests/test_fuzz.c replays it.  So the summary has no drafts part. */
	cr_expect(strstr(last, " failed\n") != NULL && strstr(last, "draft") == NULL, "%s", last);
	/* one header line per claim: PASS for checked claims */
	int heads = 0, draft_heads = 0;
	for (const char *l = out_buf; *l; l = strchr(l, '\n') + 1) {
		heads += strncmp(l, "PASS ", 5) == 0;
		draft_heads += strncmp(l, "DRAFT ", 6) == 0;
		cr_expect(strncmp(l, "FAIL ", 5) != 0, "%.80s", l);
	}
	cr_expect_eq(heads, passed, "%s", out_buf);
	cr_expect_eq(draft_heads, 0, "%s", out_buf);
	for (const char *id = "smb1/fall-gravity\0sonic1/no-y-cap\0celeste/simulated-apex\0"; *id;
	     id += strlen(id) + 1) {
		char needle[128];
		snprintf(needle, sizeof needle, "\nPASS %s\n  ", id);
		cr_expect(strstr(out_buf, needle) != NULL, "%s missing:\n%s", needle, out_buf);
	}
}

/* The text report of real claims, line for line: the header, the sentence wrapped at 100
 * columns, then one labelled figure per check, "LABEL  MEASURED UNIT = EXPECTED".  The expected
 * figures are the claims files' own; the labels come from each check's fields (what differs
 * between a claim's checks, the input, the measure). */
Test(check, text_labels_each_figure)
{
	char args[1200];
	snprintf(args, sizeof args, "--claims '%s' --claim smb1/fall-gravity --claim celeste/simulated-apex",
		 source_claims());
	cr_assert_eq(check(args), 0, "%s%s", out_buf, err_buf);
	cr_expect_str_eq(out_buf,
		/* claims/celeste.json, seed 004 (Celeste) simulated apex: rises are whole pixels
		 * (sub_per_unit 1), airtimes in frames; dt and down differ between the checks */
		"PASS celeste/simulated-apex\n"
		"  Simulating the jump code on flat ground with no lift boost and a (float)0.0166667 step gives\n"
		"  apexes of 7 px tapped and 27 px held and airtimes of 15 and 39 updates; an exact 1/60 s step gives\n"
		"  29 px held in 40 updates.\n"
		"    dt=fna down=off tap rise            7 px = 7\n"
		"    dt=fna down=off tap airtime         15 frames = 15\n"
		"    dt=fna down=off tap apex frame      5 = 5\n"
		"    dt=fna down=off hold 60 rise        27 px = 27\n"
		"    dt=fna down=off hold 60 airtime     39 frames = 39\n"
		"    dt=fna down=off hold 60 apex frame  18 = 18\n"
		"    dt=exact down=off hold 60 rise      29 px = 29\n"
		"    dt=exact down=off hold 60 airtime   40 frames = 40\n"
		"    dt=fna down=on hold 60 rise         27 px = 27\n"
		"    dt=fna down=on hold 60 airtime      39 frames = 39\n"
		/* claims/smb1.json, seed 000 (Gravity) ref 22: FallMForceData $70 $70 $60 $90 $90,
		 * rows 0-4 picked by |X speed| (vx 8, 15, 24, 27, 40) */
		"PASS smb1/fall-gravity\n"
		"  After the switch to falling gravity, it is FallMForceData's $70, $70, $60, $90, $90 subpixels per\n"
		"  frame per frame for rows 0-4.\n"
		"    vx=8 tap speed_frac change on frame 1   112 = 112\n"
		"    vx=15 tap speed_frac change on frame 1  112 = 112\n"
		"    vx=24 tap speed_frac change on frame 1  96 = 96\n"
		"    vx=27 tap speed_frac change on frame 1  144 = 144\n"
		"    vx=40 tap speed_frac change on frame 1  144 = 144\n"
		"    vx=40 tap force after frame 1           144 = 144\n"
		"2 passed, 0 failed\n");

	/* A draft (what `jumpsweep explain --add` writes; none is left in claims/): fuzz/findings/
	 * cv2-speed_wrap.case as --add made it.  $7F.FE + $38 carries the speed byte to $80 (-128);
	 * Y 68 + 127 = 195, fraction 1 + 254 = 255, speed_frac 254 + 56 - 256 = 54.  Its start lies
	 * outside normal play: the take-off speed is $FC.00 (-4), the cap 3.00 (CMP #$03), and the
	 * fractions gravity leaves are 56k mod 256, multiples of 8 up to 248. */
	write_claims("cv2.json",
		     "{ \"game\": \"Castlevania II: Simon's Quest\", \"claims\": [ {\n"
		     "  \"id\": \"cv2/finding-speed-wrap-0\", \"status\": \"draft\",\n"
		     "  \"sentence\": \"In Castlevania II: Simon's Quest, it is not true that gravity never turns "
		     "Simon's fall into a rise (ObjectYSpeed is a signed byte): with drop=0, starting from y=68 "
		     "y_frac=1 speed=127 speed_frac=254 action=2 prev=0, input J7.23, frame 0's step changes y 68 "
		     "-> 195, y_frac 1 -> 255, speed 127 -> -128, speed_frac 254 -> 54, prev 0 -> 1. Normal play "
		     "does not reach this start: from standing (drop=0), whatever the input, speed stays within "
		     "-4..3 and speed_frac within 0..248.\",\n"
		     "  \"checks\": [\n"
		     "    { \"model\": \"cv2\", \"axes\": { \"drop\": 0 }, \"start\": { \"y\": 68, \"y_frac\": 1, "
		     "\"speed\": 127, \"speed_frac\": 254, \"action\": 2, \"prev\": 0 }, \"seq\": \"J\", \"frames\": 1, "
		     "\"measure\": \"column\", \"column\": \"y\", \"frame\": 0, \"expect\": 195 },\n"
		     "    { \"model\": \"cv2\", \"axes\": { \"drop\": 0 }, \"start\": { \"y\": 68, \"y_frac\": 1, "
		     "\"speed\": 127, \"speed_frac\": 254, \"action\": 2, \"prev\": 0 }, \"seq\": \"J\", \"frames\": 1, "
		     "\"measure\": \"column\", \"column\": \"speed\", \"frame\": 0, \"expect\": -128 } ] } ] }\n");
	cr_expect_eq(check("--claims claims --game cv2"), 0, "%s%s", out_buf, err_buf);
	cr_expect_str_eq(out_buf,
		"DRAFT cv2/finding-speed-wrap-0\n"
		"  In Castlevania II: Simon's Quest, it is not true that gravity never turns Simon's fall into a rise\n"
		"  (ObjectYSpeed is a signed byte): with drop=0, starting from y=68 y_frac=1 speed=127 speed_frac=254\n"
		"  action=2 prev=0, input J7.23, frame 0's step changes y 68 -> 195, y_frac 1 -> 255, speed 127 ->\n"
		"  -128, speed_frac 254 -> 54, prev 0 -> 1. Normal play does not reach this start: from standing\n"
		"  (drop=0), whatever the input, speed stays within -4..3 and speed_frac within 0..248.\n"
		"    seq J y after frame 0      195 = 195\n"
		"    seq J speed after frame 0  -128 = -128\n"
		"0 passed, 0 failed, 1 draft (not yet reviewed; its checks pass)\n");

	/* Units: a rise in sub-units shows the unit too (smb1: 16896 / 256 = 66 px, README's held
	 * jump); a rise in world units is plural (sm64 claims: a single jump from standing rises
	 * 242 units); a series that matches shows once (smw: 61, 67, then the cap 70). */
	write_claims("u.json",
		     "{ \"game\": \"g\", \"claims\": [ { \"id\": \"smb1/units\", \"status\": \"checked\",\n"
		     "  \"sentence\": \"s\", \"checks\": [\n"
		     "  { \"model\": \"smb1\", \"hold\": 40, \"measure\": \"rise\", \"expect\": 16896 },\n"
		     "  { \"model\": \"sm64\", \"axes\": { \"fwd\": 0 }, \"hold\": 20, \"measure\": \"rise_units\", \"expect\": 242 },\n"
		     "  { \"model\": \"smw\", \"hold\": 1, \"measure\": \"column_series\", \"column\": \"speed\", "
		     "\"from\": 23, \"to\": 25, \"expect\": [61, 67, 70] },\n"
		     "  { \"model\": \"smw\", \"hold\": 0, \"measure\": \"flag\", \"flag\": \"no_takeoff\", \"expect\": true } ] } ] }\n");
	cr_expect_eq(check("--claims claims --game u"), 0, "%s%s", out_buf, err_buf);
	cr_expect_str_eq(out_buf,
		"PASS smb1/units\n"
		"  s\n"
		"    smb1 hold 40 rise                  16896 (66 px) = 16896\n"
		"    sm64 hold 20 rise                  242 world units = 242\n"
		"    smw tap speed after frames 23..25  [61 67 70] = expected\n"
		"    smw no press flag no_takeoff       true = true\n"
		"1 passed, 0 failed\n");
}

/* Every claim id a model lists (js_model.claims) that the claims files hold passes; the three
 * models' lists are all covered. */
Test(check, model_claim_lists_covered)
{
	const char *ids[] = { "smb1", "sonic1", "celeste" };
	char args[1200];
	snprintf(args, sizeof args, "--claims '%s' --format json", source_claims());
	cr_assert_eq(check(args), 0, "%s", err_buf);
	json_error_t e;
	json_t *root = json_loads(out_buf, 0, &e);
	cr_assert_not_null(root, "json output: %s", e.text);
	for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++) {
		const js_model *m = js_model_find(ids[k]);
		cr_assert_not_null(m);
		for (const char *const *c = m->claims; c && *c; c++) {
			int found = 0;
			for (size_t i = 0; i < json_array_size(root); i++) {
				json_t *o = json_array_get(root, i);
				if (strcmp(json_string_value(json_object_get(o, "id")), *c) == 0) {
					found = 1;
					cr_expect_str_eq(json_string_value(json_object_get(o, "verdict")), "pass");
				}
			}
			cr_expect(found, "model %s lists claim %s: not in the claims files", m->id, *c);
		}
	}
	json_decref(root);
}

/* The rule for js_model.claims (what `jumpsweep list MODEL`, the sweep file's `claims` attribute
 * and the Python metadata show): a model lists exactly the claims of status "checked" in claims/
 * that have at least one check on that model, each once.  So a claim that compares two games
 * (claims/mm3.json's mm3/jump-speed checks Mega Man 2's half on mm2) is listed by both; drafts are
 * not listed: they are unreviewed fuzz findings that `jumpsweep explain --add` appends to the
 * claims files without touching the models.  Read straight from the source tree's claims directory. */
Test(check, model_claim_lists_match_claims_files)
{
	const char *cdir = source_claims();
	DIR *d = opendir(cdir);
	cr_assert_not_null(d, "%s", cdir);
	json_t *files = json_array(); /* every claims file's root, loaded */
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		if (n < 6 || strcmp(e->d_name + n - 5, ".json") != 0)
			continue;
		char p[1280];
		snprintf(p, sizeof p, "%s/%s", cdir, e->d_name);
		json_error_t je;
		json_t *root = json_load_file(p, 0, &je);
		cr_assert_not_null(root, "%s: %s", p, je.text);
		json_array_append_new(files, root);
	}
	closedir(d);
	cr_assert_geq(json_array_size(files), 22, "one claims file per game");

	int n_listed = 0, n_checked_on = 0;
	for (int k = 0; k < js_n_models; k++) {
		const js_model *m = js_models[k];
		/* every listed id: once, and a checked claim with a check on this model */
		for (const char *const *c = m->claims; c && *c; c++) {
			n_listed++;
			for (const char *const *c2 = m->claims; c2 != c; c2++)
				cr_expect_str_neq(*c2, *c, "model %s lists %s twice", m->id, *c);
			const char *status = NULL;
			int on_model = 0;
			size_t i, j, l;
			json_t *root, *cl, *ck;
			json_array_foreach(files, i, root) {
				json_array_foreach(json_object_get(root, "claims"), j, cl) {
					if (strcmp(json_string_value(json_object_get(cl, "id")), *c) != 0)
						continue;
					status = json_string_value(json_object_get(cl, "status"));
					json_array_foreach(json_object_get(cl, "checks"), l, ck)
						on_model |= strcmp(json_string_value(json_object_get(ck, "model")),
								   m->id) == 0;
				}
			}
			cr_expect_not_null(status, "model %s lists %s: no such claim in %s", m->id, *c, cdir);
			if (status) {
				cr_expect_str_eq(status, "checked", "model %s lists the draft %s", m->id, *c);
				cr_expect(on_model, "model %s lists %s, whose checks never run %s", m->id, *c,
					  m->id);
			}
		}
		/* every checked claim with a check on this model is listed */
		size_t i, j, l;
		json_t *root, *cl, *ck;
		json_array_foreach(files, i, root) {
			json_array_foreach(json_object_get(root, "claims"), j, cl) {
				if (strcmp(json_string_value(json_object_get(cl, "status")), "checked") != 0)
					continue;
				int on_model = 0;
				json_array_foreach(json_object_get(cl, "checks"), l, ck)
					on_model |= strcmp(json_string_value(json_object_get(ck, "model")), m->id) == 0;
				if (!on_model)
					continue;
				n_checked_on++;
				const char *id = json_string_value(json_object_get(cl, "id"));
				int listed = 0;
				for (const char *const *c = m->claims; c && *c; c++)
					listed |= strcmp(*c, id) == 0;
				cr_expect(listed, "claim %s checks model %s, which does not list it", id, m->id);
			}
		}
	}
	/* both directions saw the same (model, claim) pairs, and all of them: 131 checked claims,
	 * one of them (mm3/jump-speed) on two models */
	cr_expect_eq(n_listed, n_checked_on);
	cr_expect_geq(n_listed, 132);
	json_decref(files);
}

/* ---- failures ---- */

Test(check, wrong_expectation_fails_with_figures)
{
	one_claim("t.json", "smb1/wrong", "checked",
		  "\"model\": \"smb1\", \"axes\": { \"vx\": 0, \"env\": \"air\" }, \"hold\": 1, "
		  "\"measure\": \"column_step\", \"column\": \"speed_frac\", \"frame\": 1, \"expect\": 113");
	int rc = check("--claims claims");
	cr_expect_eq(rc, 1, "exit %d: %s %s", rc, out_buf, err_buf);
	cr_expect_str_eq(out_buf, "FAIL smb1/wrong\n"
				  "  a test claim\n"
				  "    tap speed_frac change on frame 1  112 != 113\n"
				  "      check 1 (smb1 vx=0 env=air hold 1: column_step speed_frac frame 1): "
				  "measured 112, expected 113\n"
				  "0 passed, 1 failed\n");
	cr_expect(strstr(out_buf, "\n0 passed, 1 failed\n") != NULL, "%s", out_buf);
	cr_expect_eq(err_buf[0], 0);

	/* A passing claim beside it; the claim fails when any one check fails. */
	write_claims("u.json",
		     "{ \"game\": \"g\", \"claims\": [ { \"id\": \"smb1/right\", \"status\": \"checked\",\n"
		     "  \"sentence\": \"s\", \"checks\": [\n"
		     "  { \"model\": \"smb1\", \"hold\": 1, \"measure\": \"column\", \"column\": \"force\", "
		     "\"frame\": 1, \"expect\": \"$70\" } ] },\n"
		     "  { \"id\": \"smb1/half-right\", \"status\": \"checked\", \"sentence\": \"s\", \"checks\": [\n"
		     "  { \"model\": \"smb1\", \"hold\": 40, \"measure\": \"rise\", \"expect\": 16896 },\n"
		     "  { \"model\": \"smb1\", \"hold\": 40, \"measure\": \"column_series\", \"column\": \"force\", "
		     "\"from\": 30, \"to\": 33, \"expect\": [32, 32, 32, 112] } ] } ] }\n");
	rc = check("--claims claims");
	cr_expect_eq(rc, 1);
	cr_expect(strstr(out_buf, "PASS smb1/right\n  s\n    tap force after frame 1  112 = 112\n") != NULL,
		  "%s", out_buf);
	cr_expect(strstr(out_buf, "FAIL smb1/half-right\n  s\n"
				  "    hold 40 rise                       16896 (66 px) = 16896\n"
				  "    hold 40 force after frames 30..33  [32 32 112 112] != [32 32 32 112]\n"
				  "      check 2 (smb1 vx=0 env=air hold 40: column_series force frames 30..33): ")
		  != NULL, "%s", out_buf);
	cr_expect(strstr(out_buf, "first difference at frame 32: measured 112, expected 32") != NULL, "%s",
		  out_buf);
	cr_expect(strstr(out_buf, "\n1 passed, 2 failed\n") != NULL, "%s", out_buf);
}

/* Float32 columns: an expectation matches when it rounds to the same float32 as the value the
 * model printed; a tolerance widens it. */
Test(check, float32_comparison_and_tolerance)
{
	one_claim("a.json", "celeste/t1", "checked",
		  "\"model\": \"celeste\", \"hold\": 1, \"measure\": \"column\", \"column\": "
		  "\"var_jump_timer\", \"frame\": 0, \"expect\": 0.2");
	cr_expect_eq(check("--claims claims"), 0, "%s", out_buf);
	cr_expect(strstr(out_buf, "    tap var_jump_timer after frame 0  0.200000003 = 0.2\n") != NULL, "%s",
		  out_buf);
	one_claim("a.json", "celeste/t1", "checked",
		  "\"model\": \"celeste\", \"hold\": 1, \"measure\": \"column\", \"column\": "
		  "\"var_jump_timer\", \"frame\": 0, \"expect\": 0.2000001");
	cr_expect_eq(check("--claims claims"), 1, "another float32: %s", out_buf);
	one_claim("a.json", "celeste/t1", "checked",
		  "\"model\": \"celeste\", \"hold\": 1, \"measure\": \"column_step\", \"column\": "
		  "\"speed\", \"frame\": 2, \"expect\": 15");
	cr_expect_eq(check("--claims claims"), 1, "a step is exact without a tolerance: %s", out_buf);
	cr_expect(strstr(out_buf, "    tap speed change on frame 2  15.0000305 != 15\n") != NULL, "%s", out_buf);
	one_claim("a.json", "celeste/t1", "checked",
		  "\"model\": \"celeste\", \"hold\": 1, \"measure\": \"column_step\", \"column\": "
		  "\"speed\", \"frame\": 2, \"expect\": 15, \"tolerance\": 1e-4");
	cr_expect_eq(check("--claims claims"), 0, "%s", out_buf);
	cr_expect(strstr(out_buf, "15.0000305 = 15 +- 0.0001\n") != NULL, "%s", out_buf);
	/* Integers are exact: no float32 rounding for an integer column. */
	one_claim("a.json", "smb1/t2", "checked",
		  "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"column\", \"column\": \"force\", "
		  "\"frame\": 1, \"expect\": 112.000001");
	cr_expect_eq(check("--claims claims"), 1, "%s", out_buf);
}

/* Hex strings for expectations and axes, the measures not used above. */
Test(check, measures_and_hex)
{
	write_claims("m.json",
		     "{ \"game\": \"g\", \"claims\": [ { \"id\": \"sonic1/m\", \"status\": \"checked\",\n"
		     "  \"sentence\": \"s\", \"checks\": [\n"
		     "  { \"model\": \"sonic1\", \"axes\": { \"start\": \"written\", \"vy0\": \"-$1100\" }, "
		     "\"hold\": 200, \"measure\": \"column\", \"column\": \"vy\", \"frame\": 1, \"expect\": \"-0x10C8\" },\n"
		     "  { \"model\": \"sonic1\", \"hold\": 32, \"measure\": \"apex_frame\", \"expect\": 30 },\n"
		     "  { \"model\": \"sonic1\", \"hold\": 32, \"measure\": \"airtime\", \"expect\": 62 },\n"
		     "  { \"model\": \"sonic1\", \"hold\": 32, \"measure\": \"rise_units\", \"expect\": 99.84375 },\n"
		     "  { \"model\": \"sonic1\", \"hold\": 32, \"measure\": \"column_min\", \"column\": \"vy\", \"expect\": \"-$680\" },\n"
		     "  { \"model\": \"sonic1\", \"hold\": 32, \"measure\": \"column_max\", \"column\": \"height\", \"expect\": 99.84375 },\n"
		     "  { \"model\": \"sonic1\", \"hold\": 1, \"measure\": \"flag\", \"flag\": \"release_cap\", \"expect\": true },\n"
		     "  { \"model\": \"sonic1\", \"hold\": 32, \"measure\": \"flag\", \"flag\": \"release_cap\", \"expect\": false },\n"
		     "  { \"model\": \"sonic1\", \"hold\": 0, \"measure\": \"flag\", \"flag\": \"no_takeoff\", \"expect\": true },\n"
		     "  { \"model\": \"smb1\", \"seq\": \"..J\", \"frames\": 40, \"measure\": \"column_series\", "
		     "\"column\": \"grounded\", \"from\": 0, \"to\": 3, \"expect\": [1, 1, 0, 0] },\n"
		     "  { \"model\": \"celeste\", \"axes\": { \"down\": \"on\" }, \"hold\": 60, \"measure\": \"flag\", "
		     "\"flag\": \"fast_fall\", \"expect\": true },\n"
		     "  { \"model\": \"celeste\", \"axes\": { \"down\": 1 }, \"seq\": \"J60\", \"measure\": \"flag\", "
		     "\"flag\": \"fast_fall\", \"expect\": true } ] } ] }\n");
	int rc = check("--claims claims");
	cr_expect_eq(rc, 0, "exit %d:\n%s%s", rc, out_buf, err_buf);
}

/* ---- malformed files: exit 2, one line naming the file, the claim and the field ---- */

static void expect_bad(const char *text, const char *needle1, const char *needle2)
{
	write_claims("bad.json", text);
	int rc = check("--claims claims");
	cr_expect_eq(rc, 2, "exit %d for:\n%s\nstderr: %s", rc, text, err_buf);
	cr_expect_eq(lines(err_buf), 1, "one line on stderr, got: %s", err_buf);
	cr_expect_eq(out_buf[0], 0, "no report on a bad file: %s", out_buf);
	cr_expect(strstr(err_buf, "claims/bad.json") != NULL, "file not named: %s", err_buf);
	cr_expect(strstr(err_buf, needle1) != NULL, "'%s' not in: %s", needle1, err_buf);
	if (needle2)
		cr_expect(strstr(err_buf, needle2) != NULL, "'%s' not in: %s", needle2, err_buf);
}

#define HEAD "{ \"game\": \"g\", \"claims\": [ { \"id\": \"smb1/x\", \"status\": \"checked\", " \
	     "\"sentence\": \"s\", \"checks\": [ { "
#define TAIL " } ] } ] }"
#define CLAIM_FIELD(f) "claim smb1/x, check 1, field '" f "'"

Test(check, malformed_files)
{
	expect_bad("{ \"game\": \"g\", \"claims\": [ { \"id\": ", "invalid JSON", "bad.json:");
	expect_bad("[1, 2]", "field 'claims'", "one object");
	expect_bad("{ \"game\": \"g\" }", "field 'claims': missing", NULL);
	expect_bad("{ \"game\": \"g\", \"claims\": {} }", "field 'claims': must be an array", NULL);
	/* missing claim fields */
	expect_bad("{ \"game\": \"g\", \"claims\": [ { \"status\": \"checked\", \"sentence\": \"s\", "
		   "\"checks\": [] } ] }", "claim #1 (no id), field 'id': missing", NULL);
	expect_bad("{ \"game\": \"g\", \"claims\": [ { \"id\": \"smb1/x\", \"sentence\": \"s\", "
		   "\"checks\": [] } ] }", "claim smb1/x, field 'status': missing", NULL);
	expect_bad("{ \"game\": \"g\", \"claims\": [ { \"id\": \"smb1/x\", \"status\": \"checked\", "
		   "\"checks\": [] } ] }", "claim smb1/x, field 'sentence': missing", NULL);
	expect_bad("{ \"game\": \"g\", \"claims\": [ { \"id\": \"smb1/x\", \"status\": \"checked\", "
		   "\"sentence\": \"s\" } ] }", "claim smb1/x, field 'checks': missing", NULL);
	expect_bad("{ \"game\": \"g\", \"claims\": [ { \"id\": \"smb1/x\", \"status\": \"checked\", "
		   "\"sentence\": \"s\", \"checks\": [] } ] }", "claim smb1/x, field 'checks'", "non-empty");
	expect_bad("{ \"game\": \"g\", \"claims\": [ { \"id\": \"smb1/x\", \"status\": \"reviewed\", "
		   "\"sentence\": \"s\", \"checks\": [] } ] }", "field 'status'", "'reviewed'");
	expect_bad("{ \"game\": \"g\", \"claims\": [ { \"id\": \"Fall Gravity\", \"status\": \"checked\", "
		   "\"sentence\": \"s\", \"checks\": [] } ] }", "field 'id'", "slug");
	/* missing check fields */
	expect_bad(HEAD "\"hold\": 1, \"measure\": \"rise\", \"expect\": 1" TAIL,
		   CLAIM_FIELD("model") ": missing", NULL);
	expect_bad(HEAD "\"model\": \"smb1\", \"measure\": \"rise\", \"expect\": 1" TAIL,
		   CLAIM_FIELD("hold") ": missing", NULL);
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"expect\": 1" TAIL,
		   CLAIM_FIELD("measure") ": missing", NULL);
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"rise\"" TAIL,
		   CLAIM_FIELD("expect") ": missing", NULL);
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"column\", \"frame\": 1, "
		   "\"expect\": 1" TAIL, CLAIM_FIELD("column") ": missing", NULL);
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"column\", \"column\": \"speed\", "
		   "\"expect\": 1" TAIL, CLAIM_FIELD("frame") ": missing", NULL);
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"flag\", \"expect\": true" TAIL,
		   CLAIM_FIELD("flag") ": missing", NULL);
	/* unknown names */
	expect_bad(HEAD "\"model\": \"mario64\", \"hold\": 1, \"measure\": \"rise\", \"expect\": 1" TAIL,
		   CLAIM_FIELD("model"), "unknown model 'mario64'");
	expect_bad(HEAD "\"model\": \"smb1\", \"axes\": { \"speed\": 3 }, \"hold\": 1, \"measure\": "
		   "\"rise\", \"expect\": 1" TAIL, CLAIM_FIELD("axes.speed"), "no axis 'speed'");
	expect_bad(HEAD "\"model\": \"smb1\", \"axes\": { \"env\": \"lava\" }, \"hold\": 1, \"measure\": "
		   "\"rise\", \"expect\": 1" TAIL, CLAIM_FIELD("axes.env"), "unknown value 'lava'");
	expect_bad(HEAD "\"model\": \"smb1\", \"axes\": { \"vx\": 41 }, \"hold\": 1, \"measure\": "
		   "\"rise\", \"expect\": 1" TAIL, CLAIM_FIELD("axes.vx"), "outside the axis range 0..40");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"column\", \"column\": \"spd\", "
		   "\"frame\": 1, \"expect\": 1" TAIL, CLAIM_FIELD("column"), "no column 'spd'");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"apex\", \"expect\": 1" TAIL,
		   CLAIM_FIELD("measure"), "unknown measure 'apex'");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"flag\", \"flag\": \"wrapped\", "
		   "\"expect\": true" TAIL, CLAIM_FIELD("flag"), "no flag 'wrapped'");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"rise\", \"expect\": 1, "
		   "\"expected\": 1" TAIL, CLAIM_FIELD("expected"), "unknown field");
	/* wrong types and values */
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": \"1\", \"measure\": \"rise\", \"expect\": 1" TAIL,
		   CLAIM_FIELD("hold"), "must be an integer");
	expect_bad(HEAD "\"model\": 7, \"hold\": 1, \"measure\": \"rise\", \"expect\": 1" TAIL,
		   CLAIM_FIELD("model"), "must be a string");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"rise\", \"expect\": [1]" TAIL,
		   CLAIM_FIELD("expect"), "must be a number");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"rise\", \"expect\": \"12\"" TAIL,
		   CLAIM_FIELD("expect"), "not a hex integer");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"flag\", \"flag\": \"clamped\", "
		   "\"expect\": 1" TAIL, CLAIM_FIELD("expect"), "true or false");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"column_series\", \"column\": "
		   "\"speed\", \"from\": 0, \"to\": 3, \"expect\": 1" TAIL, CLAIM_FIELD("expect"),
		   "must be an array");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"column_series\", \"column\": "
		   "\"speed\", \"from\": 0, \"to\": 3, \"expect\": [1, 2]" TAIL, CLAIM_FIELD("expect"),
		   "2 values for frames 0..3");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"column_series\", \"column\": "
		   "\"speed\", \"from\": 0, \"to\": 1, \"expect\": [1, true]" TAIL,
		   CLAIM_FIELD("expect[1]"), "must be a number");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"column\", \"column\": \"speed\", "
		   "\"frame\": 256, \"expect\": 1" TAIL, CLAIM_FIELD("frame"), "outside 0..255");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 300, \"measure\": \"rise\", \"expect\": 1" TAIL,
		   CLAIM_FIELD("hold"), "outside 0..256");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"seq\": \"J\", \"measure\": \"rise\", "
		   "\"expect\": 1" TAIL, CLAIM_FIELD("seq"), "not both");
	expect_bad(HEAD "\"model\": \"smb1\", \"seq\": \"J3Q\", \"measure\": \"rise\", \"expect\": 1" TAIL,
		   CLAIM_FIELD("seq"), "'Q'");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"rise\", \"frame\": 3, "
		   "\"expect\": 1" TAIL, CLAIM_FIELD("frame"), "not used by measure 'rise'");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"rise\", \"expect\": 1, "
		   "\"tolerance\": -1" TAIL, CLAIM_FIELD("tolerance"), ">= 0");
	expect_bad(HEAD "\"model\": \"smb1\", \"hold\": 1, \"frames\": 0, \"measure\": \"rise\", "
		   "\"expect\": 1" TAIL, CLAIM_FIELD("frames"), "outside 1..4096");
	/* the second check of a claim is named */
	expect_bad("{ \"game\": \"g\", \"claims\": [ { \"id\": \"smb1/x\", \"status\": \"checked\", "
		   "\"sentence\": \"s\", \"checks\": [ { \"model\": \"smb1\", \"hold\": 1, \"measure\": "
		   "\"rise\", \"expect\": 5920 }, { \"model\": \"smb1\", \"hold\": 1, \"measure\": "
		   "\"airtime\" } ] } ] }", "claim smb1/x, check 2, field 'expect': missing", NULL);
}

/* Ids are unique over all files; a bad file anywhere in the directory stops the run. */
Test(check, duplicate_ids_across_files)
{
	one_claim("a.json", "smb1/same", "checked",
		  "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"rise\", \"expect\": 5920");
	one_claim("b.json", "smb1/same", "checked",
		  "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"rise\", \"expect\": 5920");
	int rc = check("--claims claims");
	cr_expect_eq(rc, 2);
	cr_expect_eq(lines(err_buf), 1, "%s", err_buf);
	cr_expect(strstr(err_buf, "claims/b.json: claim smb1/same, field 'id': duplicate id (also in "
				  "claims/a.json)") != NULL, "%s", err_buf);
	/* --game reads only the files it names */
	cr_expect_eq(check("--claims claims --game a"), 0, "%s", err_buf);
}

/* ---- filters, formats, drafts ---- */

static void three_claims(void)
{
	one_claim("smb1.json", "smb1/tap", "checked",
		  "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"rise\", \"expect\": 5920");
	write_claims("celeste.json",
		     "{ \"game\": \"Celeste\", \"claims\": [\n"
		     "  { \"id\": \"celeste/apex\", \"status\": \"checked\", \"sentence\": \"s\", \"seed\": \"004\",\n"
		     "    \"checks\": [ { \"model\": \"celeste\", \"hold\": 60, \"measure\": \"rise\", \"expect\": 27 } ] },\n"
		     "  { \"id\": \"celeste/new\", \"status\": \"draft\", \"sentence\": \"a fuzz finding\",\n"
		     "    \"checks\": [ { \"model\": \"celeste\", \"hold\": 1, \"measure\": \"airtime\", \"expect\": 16 } ] }\n"
		     "] }\n");
}

Test(check, filters)
{
	three_claims();
	cr_expect_eq(check("--claims claims"), 1, "the draft fails");
	cr_expect_eq(lines(out_buf), 3 * 3 + 1 + 1, "3 claims of 3 lines, the failed check's line, summary:\n%s",
		     out_buf);
	cr_expect_eq(check("--claims claims --claim smb1/tap"), 0, "%s", err_buf);
	/* 5920 / 256 = 23.125 px: smb1's tapped jump (tests/test_smb1.c) */
	cr_expect_str_eq(out_buf, "PASS smb1/tap\n  a test claim\n    tap rise  5920 (23.125 px) = 5920\n"
				  "1 passed, 0 failed\n");
	cr_expect_eq(check("--claims claims --claim celeste/apex --claim smb1/tap"), 0);
	cr_expect_eq(lines(out_buf), 2 * 3 + 1, "%s", out_buf);
	cr_expect_eq(check("--claims claims --game celeste"), 1);
	cr_expect(strstr(out_buf, "smb1/tap") == NULL, "%s", out_buf);
	cr_expect(strstr(out_buf, "PASS celeste/apex") != NULL, "%s", out_buf);
	cr_expect_eq(check("--claims claims --game celeste --claim celeste/apex"), 0);
	cr_expect_eq(check("--claims claims --game smb1 --game celeste"), 1);
	cr_expect(strstr(out_buf, "\n2 passed, 1 failed\n") != NULL, "%s", out_buf);

	/* usage errors */
	struct { const char *args, *needle; } bad[] = {
		{ "--claims claims --claim smb1/nope", "no such claim" },
		{ "--claims claims --game smb1 --claim celeste/apex", "no such claim" },
		{ "--claims claims --game mario", "no claims file claims/mario.json" },
		{ "--claims nowhere", "not a directory" },
		{ "--claims claims --format xml", "--format xml" },
		{ "--claims claims smb1", "unexpected argument 'smb1'" },
		{ "--bogus", "unknown option '--bogus'" },
		{ "--claim", "needs a value" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = check(bad[i].args);
		cr_expect_eq(rc, 2, "`check %s`: exit %d", bad[i].args, rc);
		cr_expect_eq(lines(err_buf), 1, "`check %s`: %s", bad[i].args, err_buf);
		cr_expect(strstr(err_buf, bad[i].needle) != NULL, "`check %s`: '%s' not in %s", bad[i].args,
			  bad[i].needle, err_buf);
	}
	cr_expect_eq(check("--help"), 0);
	cr_expect(strstr(out_buf, "usage: jumpsweep check") != NULL);
}

Test(check, drafts_are_run)
{
	three_claims();
	cr_expect_eq(check("--claims claims --claim celeste/new"), 1);
	/* a failing draft is a failure (exit 1), marked as a draft */
	cr_expect_str_eq(out_buf, "FAIL celeste/new  (draft)\n  a fuzz finding\n"
				  "    tap airtime  15 frames != 16\n"
				  "      check 1 (celeste dt=fna down=off hold 1: airtime): measured 15, expected 16\n"
				  "0 passed, 1 failed\n");
	write_claims("celeste.json",
		     "{ \"game\": \"Celeste\", \"claims\": [\n"
		     "  { \"id\": \"celeste/new\", \"status\": \"draft\", \"sentence\": \"a fuzz finding\\nmore\",\n"
		     "    \"checks\": [ { \"model\": \"celeste\", \"hold\": 1, \"measure\": \"airtime\", \"expect\": 15 } ] }\n"
		     "] }\n");
	cr_expect_eq(check("--claims claims --game celeste"), 0);
	/* a passing draft is DRAFT, not PASS, and counted apart; a sentence of several lines shows
	 * its first */
	cr_expect_str_eq(out_buf, "DRAFT celeste/new\n  a fuzz finding\n    tap airtime  15 frames = 15\n"
				  "0 passed, 0 failed, 1 draft (not yet reviewed; its checks pass)\n");
}

Test(check, format_json)
{
	three_claims();
	cr_expect_eq(check("--claims claims --format json"), 1);
	json_error_t e;
	json_t *root = json_loads(out_buf, 0, &e);
	cr_assert_not_null(root, "not JSON (%s): %s", e.text, out_buf);
	cr_assert(json_is_array(root));
	cr_assert_eq(json_array_size(root), 3);
	/* file order: celeste.json before smb1.json */
	const char *ids[3] = { "celeste/apex", "celeste/new", "smb1/tap" };
	const char *verdicts[3] = { "pass", "fail", "pass" };
	for (size_t i = 0; i < 3; i++) {
		json_t *o = json_array_get(root, i);
		cr_expect_str_eq(json_string_value(json_object_get(o, "id")), ids[i]);
		cr_expect_str_eq(json_string_value(json_object_get(o, "verdict")), verdicts[i]);
		json_t *c = json_array_get(json_object_get(o, "checks"), 0);
		cr_assert_not_null(c);
		cr_expect(json_is_integer(json_object_get(c, "measured")));
		cr_expect(json_is_integer(json_object_get(c, "expected")));
		/* whole-jump measures ran the lane kernel on every path this machine has */
		const char *paths = json_string_value(json_object_get(c, "lane_paths"));
		cr_assert_not_null(paths);
		for (int isa = 0; isa < JS_ISA_COUNT; isa++)
			if (js_isa_available((js_isa)isa))
				cr_expect(strstr(paths, js_isa_name((js_isa)isa)) != NULL, "%s lacks %s", paths,
					  js_isa_name((js_isa)isa));
	}
	json_t *o = json_array_get(root, 1);
	cr_expect_str_eq(json_string_value(json_object_get(o, "status")), "draft");
	json_t *c = json_array_get(json_object_get(o, "checks"), 0);
	cr_expect_eq(json_integer_value(json_object_get(c, "measured")), 15);
	cr_expect_eq(json_integer_value(json_object_get(c, "expected")), 16);
	/* added beside the old fields: the text report's label and figure */
	cr_expect_str_eq(json_string_value(json_object_get(c, "label")), "tap airtime");
	cr_expect_str_eq(json_string_value(json_object_get(c, "figure")), "15 frames");
	cr_expect_str_eq(json_string_value(json_object_get(c, "what")), "celeste dt=fna down=off hold 1: airtime");
	cr_expect_str_eq(json_string_value(json_object_get(json_array_get(root, 0), "seed")), "004");
	json_decref(root);

	/* series and flags */
	one_claim("smb1.json", "smb1/series", "checked",
		  "\"model\": \"smb1\", \"hold\": 40, \"measure\": \"column_series\", \"column\": \"force\", "
		  "\"from\": 31, \"to\": 32, \"expect\": [\"$20\", \"$70\"]");
	cr_expect_eq(check("--claims claims --format json --claim smb1/series"), 0, "%s", err_buf);
	root = json_loads(out_buf, 0, &e);
	cr_assert_not_null(root, "%s", out_buf);
	c = json_array_get(json_object_get(json_array_get(root, 0), "checks"), 0);
	json_t *m = json_object_get(c, "measured");
	cr_assert(json_is_array(m));
	cr_expect_eq(json_integer_value(json_array_get(m, 0)), 32);
	cr_expect_eq(json_integer_value(json_array_get(m, 1)), 112);
	json_decref(root);
}

Test(check, format_tap)
{
	three_claims();
	cr_expect_eq(check("--claims claims --format tap"), 1);
	cr_expect(strncmp(out_buf, "TAP version 13\n1..3\n", 20) == 0, "%s", out_buf);
	cr_expect(strstr(out_buf, "\nok 1 - celeste/apex\n") != NULL, "%s", out_buf);
	cr_expect(strstr(out_buf, "\nnot ok 2 - celeste/new\n  ---\n") != NULL, "%s", out_buf);
	cr_expect(strstr(out_buf, "  measured: \"15\"\n  expected: \"16\"\n") != NULL, "%s", out_buf);
	cr_expect(strstr(out_buf, "\n  ...\nok 3 - smb1/tap\n") != NULL, "%s", out_buf);
	cr_expect_eq(check("--claims claims --format tap --claim smb1/tap"), 0);
	cr_expect_str_eq(out_buf, "TAP version 13\n1..1\nok 1 - smb1/tap\n# 1 passed, 0 failed\n");
}

/* ---- where the claims are read from ---- */

Test(check, claims_directory_defaults)
{
	/* ./claims */
	one_claim("x.json", "smb1/local", "checked",
		  "\"model\": \"smb1\", \"hold\": 1, \"measure\": \"rise\", \"expect\": 5920");
	cr_expect_eq(check(""), 0, "%s", err_buf);
	cr_expect_str_eq(out_buf, "PASS smb1/local\n  a test claim\n    tap rise  5920 (23.125 px) = 5920\n"
				  "1 passed, 0 failed\n");
	/* $JUMPSWEEP_CLAIMS over ./claims */
	char p[512];
	snprintf(p, sizeof p, "%s/other", dir);
	cr_assert_eq(mkdir(p, 0755), 0);
	snprintf(p, sizeof p, "%s/other/y.json", dir);
	FILE *f = fopen(p, "w");
	cr_assert_not_null(f);
	fputs("{ \"game\": \"g\", \"claims\": [ { \"id\": \"smb1/env\", \"status\": \"checked\", "
	      "\"sentence\": \"s\", \"checks\": [ { \"model\": \"smb1\", \"hold\": 40, \"measure\": "
	      "\"apex_frame\", \"expect\": 31 } ] } ] }\n", f);
	fclose(f);
	cr_expect_eq(check_env("JUMPSWEEP_CLAIMS=other", ""), 0, "%s", err_buf);
	cr_expect(strstr(out_buf, "PASS smb1/env\n  s\n    hold 40 apex frame  31 = 31\n") != NULL, "%s",
		  out_buf);
	/* --claims over both */
	cr_expect_eq(check_env("JUMPSWEEP_CLAIMS=other", "--claims claims"), 0);
	cr_expect(strstr(out_buf, "smb1/local") != NULL, "%s", out_buf);
	/* neither: the source tree's claims */
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s/claims'", dir);
	cr_assert_eq(system(cmd), 0);
	cr_expect_eq(check(""), 0, "%s", err_buf);
	cr_expect(strstr(out_buf, "smb1/fall-gravity") != NULL, "%s", out_buf);
}
