/* sweep/commands/explain.c - `jumpsweep explain CASE`: a fuzz finding's reproducer (the text form of
 * sweep/engine/fuzzcase.h) made readable: the model, the setup, the rule it breaks, the frame-by-frame
 * evidence from the reference, and a one-sentence claim; with --add, that claim as a draft in
 * the model's claims file, with a check that measures the evidence (so `jumpsweep check` keeps
 * verifying it).
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "fuzzcase.h"
#include "sweep.h"

#define EX_FAIL 1
#define EX_USAGE 2

static const char explain_usage[] =
	"usage: jumpsweep explain CASE [--add] [--claims DIR] [--id ID]\n"
	"\n"
	"Explains a fuzz reproducer (fuzz/findings/*.case, or one `jumpsweep-fuzz` wrote): the\n"
	"model, its start (axes, state fields, inputs), the rule the game's arithmetic breaks, the\n"
	"reference frame by frame around it, and the finding as a one-sentence claim.\n"
	"\n"
	"  --add         append the claim as a draft to DIR/<model>.json, with a check that measures\n"
	"                the evidence (jumpsweep check runs it)\n"
	"  --claims DIR  the claims directory (default: $JUMPSWEEP_CLAIMS, else ./claims)\n"
	"  --id ID       the claim id (default: <model>/finding-<rule>-<frame>)\n"
	"  -h, --help    this text\n"
	"\n"
	"Exit status: 0 explained (and added), 1 the case breaks nothing or cannot be added, 2 a bad\n"
	"case file or usage.\n";

static void ex_err(const char *msg)
{
	char one[2048];
	snprintf(one, sizeof one, "%s", msg);
	js_oneline(one);
	fprintf(stderr, "jumpsweep: %s\n", one);
}

/* A field value as the case files and --start write it: a number, or a name (sm64's action). */
static void fmt_val(char *buf, size_t n, const js_field *f, double v)
{
	js_field_format(f, v, buf, n);
}

/* The setup in words: axes, start fields, input. */
static void describe_setup(const js_case *c, char *buf, size_t n)
{
	const js_model *m = c->m;
	size_t k = 0;
	buf[0] = 0;
	for (int a = 0; a < m->n_axes && k < n; a++) {
		const js_axis *ax = &m->axes[a];
		if (ax->n_names)
			k += (size_t)snprintf(buf + k, n - k, "%s%s=%s", a ? " " : "", ax->name,
					      ax->names[c->axis[0][a]]);
		else
			k += (size_t)snprintf(buf + k, n - k, "%s%s=%d", a ? " " : "", ax->name,
					      c->axis[0][a]);
	}
	if (c->set[0] && k < n) {
		k += (size_t)snprintf(buf + k, n - k, "%sstarting from", k ? ", " : "");
		for (int i = 0; i < m->n_fields && k < n; i++)
			if (c->set[0] >> i & 1) {
				char v[48];
				fmt_val(v, sizeof v, &m->fields[i], c->val[0][i]);
				k += (size_t)snprintf(buf + k, n - k, " %s=%s", m->fields[i].name, v);
			}
	}
	char seq[1024];
	js_seq_format(c->input[0], c->n_frames, seq, sizeof seq);
	if (k < n)
		snprintf(buf + k, n - k, ", input %s", *seq ? seq : "none");
}

/* The trace header's columns. */
static int column_of(const js_model *m, const char *name)
{
	const char *p = m->trace_header;
	int i = 0;
	size_t len = strlen(name);
	while (p && *p) {
		const char *e = strchr(p, ',');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		if (l == len && strncmp(p, name, len) == 0)
			return i;
		i++;
		p = e ? e + 1 : p + l;
	}
	return -1;
}

static void print_row(const js_model *m, int f, unsigned in, const void *st)
{
	char row[1024];
	js_obs o;
	m->trace_row(st, row, sizeof row);
	m->observe(st, &o);
	if (f < 0)
		printf("  start,-,%s,%lld,%d\n", row, (long long)o.height, o.grounded);
	else
		printf("  %d,%s,%s,%lld,%d\n", f, js_input_name(in), row, (long long)o.height, o.grounded);
}

/* Cell col of the state's trace row when it is a finite number JSON can hold (the column a
 * check measures may print a field differently from its raw value: an address, pixels). */
static int trace_cell(const js_model *m, const void *st, int col, char *out, size_t n)
{
	char row[1024];
	m->trace_row(st, row, sizeof row);
	char *p = row;
	for (int k = 0; k < col && p; k++) {
		p = strchr(p, ',');
		if (p)
			p++;
	}
	if (!p)
		return 0;
	size_t len = strcspn(p, ",");
	p[len] = 0;
	char *end;
	double v = strtod(p, &end);
	if (len + 3 > n)
		return 0;
	if (end == p && isalpha((unsigned char)*p)) { /* a named value (sm64's action): a string */
		snprintf(out, n, "\"%.*s\"", (int)(n - 3), p);
		return 1;
	}
	if (end == p || *end || !isfinite(v))
		return 0;
	if (strchr(p, 'x')) /* a hex cell ("0x..."): claims take hex integers as strings */
		snprintf(out, n, "\"%.*s\"", (int)(n - 3), p);
	else
		memcpy(out, p, len + 1);
	return 1;
}

/* The claims directory, as `jumpsweep check` finds it. */
static const char *claims_dir(const char *dir)
{
	struct stat st;
	if (dir)
		return dir;
	const char *e = getenv("JUMPSWEEP_CLAIMS");
	if (e && *e)
		return e;
	if (stat("claims", &st) == 0 && S_ISDIR(st.st_mode))
		return "claims";
	return NULL;
}

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t cap = 0, len = 0;
	for (;;) {
		if (len + 4096 + 1 > cap) {
			cap = cap ? 2 * cap : 65536;
			char *nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		size_t r = fread(buf + len, 1, 4096, f);
		len += r;
		if (r < 4096)
			break;
	}
	fclose(f);
	buf[len] = 0;
	*n = len;
	return buf;
}

/* JSON string body (no quotes) of s. */
static void json_str(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
}

/* Appends the draft claim to path's "claims" array (before its closing "]"), writing a temporary
 * sibling and renaming it over the file only once the result validates as a claims file. */
static int add_claim(const char *path, const char *claim_json, char *err, size_t errn)
{
	size_t n;
	char *text = slurp(path, &n);
	if (!text) {
		snprintf(err, errn, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	/* The claims array's closing bracket: the last ']' before the document's last '}'. */
	char *end = strrchr(text, '}');
	char *close = NULL;
	for (char *p = end ? end : text; p > text; p--)
		if (*p == ']') {
			close = p;
			break;
		}
	if (!close) {
		snprintf(err, errn, "%s: no claims array to add to", path);
		free(text);
		return -1;
	}
	char *prev = close - 1;
	while (prev > text && (*prev == ' ' || *prev == '\n' || *prev == '\r' || *prev == '\t'))
		prev--;
	int empty = *prev == '[';
	size_t tmp_len = strlen(path) + 16;
	char *tmp = malloc(tmp_len);
	snprintf(tmp, tmp_len, "%s.tmp-XXXXXX", path);
	int fd = mkstemp(tmp);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		snprintf(err, errn, "cannot write next to %s: %s", path, strerror(errno));
		free(text);
		free(tmp);
		return -1;
	}
	fwrite(text, 1, (size_t)(prev + 1 - text), f);
	fprintf(f, "%s\n%s\n  ", empty ? "" : ",", claim_json);
	fputs(close, f);
	int bad = fclose(f) != 0;
	size_t nn;
	char *out = bad ? NULL : slurp(tmp, &nn);
	char verr[512];
	if (!out || js_claims_validate(path, out, nn, verr, sizeof verr) != 0) {
		snprintf(err, errn, "the claim would not validate: %.600s", out ? verr : "cannot write it");
		unlink(tmp);
		free(out);
		free(text);
		free(tmp);
		return -1;
	}
	if (rename(tmp, path) != 0) {
		snprintf(err, errn, "cannot replace %s: %s", path, strerror(errno));
		unlink(tmp);
		free(out);
		free(text);
		free(tmp);
		return -1;
	}
	free(out);
	free(text);
	free(tmp);
	return 0;
}

int js_cmd_explain(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "add", no_argument, 0, 'a' },         { "claims", required_argument, 0, 'C' },
		{ "id", required_argument, 0, 'i' },    { "help", no_argument, 0, 'h' },
		{ 0, 0, 0, 0 },
	};
	int add = 0, opt;
	const char *dir = NULL, *id = NULL;
	char msg[1200];
	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, ":aC:i:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'a': add = 1; break;
		case 'C': dir = optarg; break;
		case 'i': id = optarg; break;
		case 'h': fputs(explain_usage, stdout); return 0;
		case ':':
			snprintf(msg, sizeof msg, "explain: option '%s' needs a value (see jumpsweep explain --help)",
				 argv[optind - 1]);
			ex_err(msg);
			return EX_USAGE;
		default:
			snprintf(msg, sizeof msg, "explain: unknown option '%s' (see jumpsweep explain --help)",
				 argv[optind - 1]);
			ex_err(msg);
			return EX_USAGE;
		}
	}
	if (optind != argc - 1) {
		ex_err(optind >= argc ? "explain: give one case file (see jumpsweep explain --help)"
				      : "explain: give one case file, not several");
		return EX_USAGE;
	}
	const char *path = argv[optind];
	js_case *c = malloc(sizeof *c);
	if (!c) {
		ex_err("out of memory");
		return EX_FAIL;
	}
	js_break given, b;
	char err[1024];
	if (js_case_read(path, c, &given, err, sizeof err) != 0) {
		ex_err(err);
		free(c);
		return EX_USAGE;
	}
	const js_model *m = c->m;
	js_case_breaks(c, 0, &b);
	char setup[4096], name[96];
	describe_setup(c, setup, sizeof setup);
	printf("model    %s: %s (%s), %s\n", m->id, m->game, m->platform, m->character);
	printf("setup    %s; %d frames\n", setup, c->n_frames);
	if (b.kind == JS_BREAK_NONE) {
		printf("finding  none: from this start the reference breaks none of the model's rules\n");
		snprintf(msg, sizeof msg, "explain: %s breaks no rule of %s%s", path, m->id,
			 given.kind ? " (the file says it did: the model changed?)" : "");
		ex_err(msg);
		free(c);
		return EX_FAIL;
	}
	js_break_name(m, &b, name, sizeof name);
	const char *what = b.kind == JS_BREAK_INVARIANT ? m->inv_what[b.inv]
			   : b.kind == JS_BREAK_LANDS	 ? "with no buttons the character lands within the model's landing bound"
							 : "every state field stays within the game's width";
	printf("finding  %s: %s - broken by frame %d's step%s\n", name, what, b.frame,
	       b.kind == JS_BREAK_RANGE ? " (a field left its range: a bug in our model, not a finding)"
					: "");
	if (given.kind && (given.kind != b.kind || given.inv != b.inv || given.frame != b.frame))
		printf("note     the file recorded another break; this is what the model does now\n");

	/* Evidence: the reference from the start through the break (and two frames on), or the
	 * landing bound's last frames. */
	_Alignas(64) unsigned char st[JS_STATE_MAX], before[JS_STATE_MAX];
	printf("evidence the reference, frame by frame (frame, input, %s, height_sub, grounded):\n",
	       m->trace_header);
	js_case_start(c, 0, st);
	print_row(m, -1, 0, st);
	int last = b.kind == JS_BREAK_LANDS ? -1 : b.frame + 2 < c->n_frames ? b.frame + 2 : c->n_frames - 1;
	int show_from = b.frame > 12 ? b.frame - 6 : 0;
	if (b.kind == JS_BREAK_LANDS) {
		printf("  ... no input for %d frames:\n", m->land_bound);
		for (int f = 0; f < m->land_bound; f++) {
			m->step(st, 0);
			if (f < 4 || f >= m->land_bound - 2)
				print_row(m, f, 0, st);
			else if (f == 4)
				printf("  ...\n");
		}
	}
	for (int f = 0; f <= last; f++) {
		if (f == b.frame)
			memcpy(before, st, m->state_size);
		m->step(st, c->input[0][f]);
		if (f >= show_from)
			print_row(m, f, c->input[0][f], st);
		else if (f == 0)
			printf("  ...\n");
		if (f == b.frame)
			printf("  ^ frame %d breaks it\n", f);
	}

	/* The claim: the fields that frame's step changed, before -> after. */
	char change[1024] = "";
	size_t k = 0;
	int cols[4], vals_n = 0;
	char vals[4][64]; /* the trace cell, as `check` reads the column */
	if (b.kind != JS_BREAK_LANDS) {
		_Alignas(64) unsigned char after[JS_STATE_MAX];
		memcpy(after, before, m->state_size);
		m->step(after, c->input[0][b.frame]);
		for (int i = 0; i < m->n_fields && k < sizeof change; i++) {
			double x = js_field_get(&m->fields[i], before), y = js_field_get(&m->fields[i], after);
			if (x == y && !(isnan(x) != isnan(y)))
				continue;
			char xs[48], ys[48];
			fmt_val(xs, sizeof xs, &m->fields[i], x);
			fmt_val(ys, sizeof ys, &m->fields[i], y);
			k += (size_t)snprintf(change + k, sizeof change - k, "%s%s %s -> %s", k ? ", " : "",
					      m->fields[i].name, xs, ys);
			int col = column_of(m, m->fields[i].name);
			if (vals_n < 4 && col >= 0 && trace_cell(m, after, col, vals[vals_n], sizeof vals[0]))
				cols[vals_n++] = i;
		}
	}
	char sentence[4096];
	if (b.kind == JS_BREAK_LANDS)
		snprintf(sentence, sizeof sentence,
			 "In %s, a jump does not always come down within %d frames: with %s and no "
			 "buttons, %s is still airborne after %d frames.",
			 m->game, m->land_bound, setup, m->character, m->land_bound);
	else
		snprintf(sentence, sizeof sentence,
			 "In %s, it is not true that %s: with %s, frame %d's step changes %s.", m->game,
			 what, setup, b.frame, *change ? change : "nothing the model lists as a field");
	printf("claim    %s\n", sentence);
	if (!add) {
		free(c);
		return 0;
	}
	if (b.kind == JS_BREAK_RANGE) {
		ex_err("explain: a range break is a bug in the model, not a claim; not added");
		free(c);
		return EX_FAIL;
	}
	const char *d = claims_dir(dir);
	if (!d) {
		ex_err("explain: no claims directory (give --claims DIR or set $JUMPSWEEP_CLAIMS)");
		free(c);
		return EX_USAGE;
	}
	char file[4096], idbuf[160];
	snprintf(file, sizeof file, "%s/%s.json", d, m->id);
	if (!id) {
		snprintf(idbuf, sizeof idbuf, "%s/finding-%s-%d", m->id, name, b.frame);
		for (char *p = idbuf; *p; p++)
			if (*p == '_' || *p == ':')
				*p = '-';
		id = idbuf;
	}
	/* The draft: the same start and inputs; each changed field (a trace column) measured on the
	 * breaking frame, or for a landing bound the accounting's not_landed flag. */
	char *json = NULL;
	size_t json_n = 0;
	FILE *j = open_memstream(&json, &json_n);
	fprintf(j, "    {\n      \"id\": \"");
	json_str(j, id);
	fprintf(j, "\",\n      \"status\": \"draft\",\n      \"sentence\": \"");
	json_str(j, sentence);
	fprintf(j, "\",\n      \"comment\": \"fuzz finding (jumpsweep explain ");
	json_str(j, path);
	fprintf(j, "); not yet reviewed\",\n      \"checks\": [\n");
	char common[4096];
	{
		char *cm = NULL;
		size_t cn = 0;
		FILE *cf = open_memstream(&cm, &cn);
		fprintf(cf, "\"model\": \"%s\"", m->id);
		if (m->n_axes) {
			fprintf(cf, ", \"axes\": {");
			for (int a = 0; a < m->n_axes; a++) {
				const js_axis *ax = &m->axes[a];
				if (ax->n_names)
					fprintf(cf, "%s \"%s\": \"%s\"", a ? "," : "", ax->name, ax->names[c->axis[0][a]]);
				else
					fprintf(cf, "%s \"%s\": %d", a ? "," : "", ax->name, c->axis[0][a]);
			}
			fprintf(cf, " }");
		}
		if (c->set[0]) {
			fprintf(cf, ", \"start\": {");
			int first = 1;
			for (int i = 0; i < m->n_fields; i++)
				if (c->set[0] >> i & 1) {
					char v[48];
					fmt_val(v, sizeof v, &m->fields[i], c->val[0][i]);
					fprintf(cf, m->fields[i].value_names ? "%s \"%s\": \"%s\"" : "%s \"%s\": %s",
						first ? "" : ",", m->fields[i].name, v);
					first = 0;
				}
			fprintf(cf, " }");
		}
		char seq[2048];
		int nf = b.kind == JS_BREAK_LANDS ? m->land_bound : b.frame + 1;
		uint8_t *in = calloc((size_t)nf, 1);
		for (int f = 0; f < nf && f < c->n_frames && b.kind != JS_BREAK_LANDS; f++)
			in[f] = c->input[0][f];
		js_seq_format(in, nf, seq, sizeof seq);
		free(in);
		fprintf(cf, ", \"seq\": \"%s\", \"frames\": %d", *seq ? seq : ".", nf);
		fclose(cf);
		snprintf(common, sizeof common, "%s", cm);
		free(cm);
	}
	if (b.kind == JS_BREAK_LANDS || vals_n == 0) {
		if (b.kind == JS_BREAK_LANDS)
			fprintf(j, "        { %s, \"measure\": \"flag\", \"flag\": \"not_landed\", \"expect\": true }\n",
				common);
		else { /* no changed field is a column: the height on that frame */
			_Alignas(64) unsigned char s2[JS_STATE_MAX];
			js_obs o;
			js_case_start(c, 0, s2);
			for (int f = 0; f <= b.frame; f++)
				m->step(s2, c->input[0][f]);
			m->observe(s2, &o);
			fprintf(j, "        { %s, \"measure\": \"column\", \"column\": \"height_sub\", \"frame\": %d, \"expect\": %lld }\n",
				common, b.frame, (long long)o.height);
		}
	} else {
		for (int v = 0; v < vals_n; v++)
			fprintf(j, "        { %s, \"measure\": \"column\", \"column\": \"%s\", \"frame\": %d, \"expect\": %s }%s\n",
				common, m->fields[cols[v]].name, b.frame, vals[v], v + 1 < vals_n ? "," : "");
	}
	fprintf(j, "      ]\n    }");
	fclose(j);
	int rc = add_claim(file, json, err, sizeof err);
	free(json);
	free(c);
	if (rc != 0) {
		snprintf(msg, sizeof msg, "explain: %s", err);
		ex_err(msg);
		return EX_FAIL;
	}
	printf("added    %s to %s (status draft)\n", id, file);
	return 0;
}
