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

#include "cleanup.h"
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

/* ---- normal play: the field values a jump from standing reaches ----
 *
 * A fuzz finding starts from any state the fields' ranges allow (the game's widths), and most of
 * those lie outside normal play: cv2's fall speed 127 px/frame, where the game caps a fall at 3.
 * To say so in the draft, play_ranges walks every state the reference reaches from standing
 * (init with the finding's axes) under every combination of the buttons the model reads on
 * every frame, for the model's frame limit (landing and jumping again included), each distinct
 * state once, and keeps each field's smallest and largest value.  A start field outside that
 * range is one no jump from standing ever holds.  Fields on which the observed height depends
 * (where the character is: y, y_frac, ...) are not judged: the level puts a floor at any
 * height, and the model's one floor says nothing about where normal play stands. */

#define PLAY_MAX_STATES (1u << 22) /* past this the ranges are not known: nothing is said */

typedef struct play_set {
	size_t key, size, n, cap; /* key bytes, state bytes, states kept, table slots */
	size_t room;              /* states the array holds */
	unsigned char *states;    /* [room * size] */
	uint32_t *slot;           /* [cap]: index + 1, 0 empty */
} play_set;

static uint64_t play_hash(const unsigned char *p, size_t n)
{
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ULL;
	return h;
}

/* Adds st; returns 1 when new, 0 when seen, -1 when the budget is spent. */
static int play_add(play_set *s, const unsigned char *st)
{
	size_t i = (size_t)play_hash(st, s->key) & (s->cap - 1);
	for (; s->slot[i]; i = (i + 1) & (s->cap - 1))
		if (memcmp(s->states + (size_t)(s->slot[i] - 1) * s->size, st, s->key) == 0)
			return 0;
	if (s->n == PLAY_MAX_STATES)
		return -1;
	if (s->n == s->room) {
		unsigned char *more = realloc(s->states, 2 * s->room * s->size);
		if (!more)
			return -1;
		s->states = more;
		s->room *= 2;
	}
	memcpy(s->states + s->n * s->size, st, s->size);
	s->slot[i] = (uint32_t)++s->n;
	return 1;
}

/* lo/hi: each field's range over the reachable states.  Returns 1 when the walk closed (no new
 * state on the last frame: every input sequence, however long, is covered), 0 when it reached
 * the frame limit, -1 when it ran out of its budget (nothing is known). */
static int play_ranges(const js_model *m, const int32_t *axes, double *lo, double *hi)
{
	play_set s = { .key = m->key_size ? m->key_size : m->state_size, .size = m->state_size,
		       .cap = 2 * (size_t)PLAY_MAX_STATES, .room = 4096 };
	s.states = malloc(s.room * s.size);
	s.slot = calloc(s.cap, sizeof *s.slot);
	if (!s.states || !s.slot) {
		free(s.states);
		free(s.slot);
		return -1;
	}
	_Alignas(64) unsigned char st[JS_STATE_MAX];
	m->init(st, axes);
	play_add(&s, st);
	size_t from = 0; /* states from index from on are the last frame's new ones */
	int rc = 0;
	for (int f = 0; f < m->default_frames && rc == 0; f++) {
		size_t to = s.n;
		if (from == to) {
			rc = 1;
			break;
		}
		for (size_t k = from; k < to && rc == 0; k++)
			for (unsigned in = 0;; in = (in - m->inputs) & m->inputs) { /* every subset */
				memcpy(st, s.states + k * s.size, s.size);
				m->step(st, in);
				if (play_add(&s, st) < 0) {
					rc = -1;
					break;
				}
				if (in == m->inputs)
					break;
			}
		from = to;
	}
	if (rc == 0 && from == s.n)
		rc = 1;
	if (rc >= 0)
		for (int i = 0; i < m->n_fields; i++) {
			lo[i] = INFINITY;
			hi[i] = -INFINITY;
			for (size_t k = 0; k < s.n; k++) {
				double v = js_field_get(&m->fields[i], s.states + k * s.size);
				lo[i] = v < lo[i] ? v : lo[i];
				hi[i] = v > hi[i] ? v : hi[i];
			}
		}
	free(s.states);
	free(s.slot);
	return rc;
}

/* Whether the observed height depends on field i in this state (a position, not judged). */
static int is_position(const js_model *m, const void *start, int i)
{
	const js_field *fd = &m->fields[i];
	_Alignas(64) unsigned char st[JS_STATE_MAX];
	js_obs a, b;
	double v = js_field_get(fd, start);
	m->observe(start, &a);
	memcpy(st, start, m->state_size);
	js_field_set(fd, st, v + 1 <= fd->max ? v + 1 : v - 1);
	m->observe(st, &b);
	return a.height != b.height;
}

/* The sentence's addition for a start no jump from standing reaches:
 * " Normal play does not reach this start: from standing (drop=0), whatever the input, speed
 * stays within -4..3 and speed_frac within 0..248."  Empty when every judged field lies in range,
 * when the case sets no field, or when the walk ran out of budget. */
static void outside_play(const js_case *c, const char *axes_text, char *buf, size_t n)
{
	const js_model *m = c->m;
	buf[0] = 0;
	if (!c->set[0])
		return;
	double lo[JS_MAX_FIELDS], hi[JS_MAX_FIELDS];
	int closed = play_ranges(m, c->axis[0], lo, hi);
	if (closed < 0)
		return;
	_Alignas(64) unsigned char start[JS_STATE_MAX];
	js_case_start(c, 0, start);
	char list[1024] = "";
	size_t k = 0;
	int count = 0, total = 0;
	for (int i = 0; i < m->n_fields; i++) {
		double v = js_field_get(&m->fields[i], start);
		if ((c->set[0] >> i & 1) && !is_position(m, start, i) && (v < lo[i] || v > hi[i]))
			total++;
	}
	for (int i = 0; i < m->n_fields && k < sizeof list; i++) {
		double v = js_field_get(&m->fields[i], start);
		if (!(c->set[0] >> i & 1) || is_position(m, start, i) || !(v < lo[i] || v > hi[i]))
			continue;
		char a[48], b[48];
		fmt_val(a, sizeof a, &m->fields[i], lo[i]);
		fmt_val(b, sizeof b, &m->fields[i], hi[i]);
		count++;
		char range[120];
		if (lo[i] == hi[i])
			snprintf(range, sizeof range, "at %s", a);
		else
			snprintf(range, sizeof range, "within %s..%s", a, b);
		k += (size_t)snprintf(list + k, sizeof list - k, "%s%s%s %s",
				      count == 1 ? "" : count == total ? " and " : ", ", m->fields[i].name,
				      count == 1 ? " stays" : "", range);
	}
	if (!total)
		return;
	if (closed)
		snprintf(buf, n,
			 " Normal play does not reach this start: from standing (%s), whatever the "
			 "input, %s.", axes_text, list);
	else
		snprintf(buf, n,
			 " Normal play does not reach this start within %d frames: from standing (%s), "
			 "whatever the input, %s.", m->default_frames, axes_text, list);
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
	js_cleanup_add(tmp);
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
		js_cleanup_drop(tmp);
		free(out);
		free(text);
		free(tmp);
		return -1;
	}
	if (rename(tmp, path) != 0) {
		snprintf(err, errn, "cannot replace %s: %s", path, strerror(errno));
		unlink(tmp);
		js_cleanup_drop(tmp);
		free(out);
		free(text);
		free(tmp);
		return -1;
	}
	js_cleanup_drop(tmp);
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
	char unchecked[1024] = ""; /* changed fields the draft's checks leave out, and why */
	size_t uk = 0;
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
			char cb[64], ca[64];
			/* The check measures the trace column, which may print the field differently
			 * (cv1's ptr: the field an index, the column $04DC): then the sentence gives
			 * the column's values too, the ones the check expects. */
			if (col >= 0 && k < sizeof change && trace_cell(m, before, col, cb, sizeof cb) &&
			    trace_cell(m, after, col, ca, sizeof ca) && (strcmp(cb, xs) || strcmp(ca, ys)))
				k += (size_t)snprintf(change + k, sizeof change - k,
						      " (the trace's %s column: %s -> %s)",
						      m->fields[i].name, cb, ca);
			if (vals_n < 4 && col >= 0 && trace_cell(m, after, col, vals[vals_n], sizeof vals[0]))
				cols[vals_n++] = i;
			else if (uk < sizeof unchecked) /* the draft will not measure this change */
				uk += (size_t)snprintf(unchecked + uk, sizeof unchecked - uk, "%s%s (%s)",
						       uk ? ", " : "", m->fields[i].name,
						       col < 0 ? "no trace column of that name"
						       : vals_n == 4 ? "past the first four"
						       : "not a number a claims file holds");
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
	{
		char axes_text[512], outside[1536];
		size_t ak = 0;
		axes_text[0] = 0;
		for (int a = 0; a < m->n_axes && ak < sizeof axes_text; a++) {
			const js_axis *ax = &m->axes[a];
			if (ax->n_names)
				ak += (size_t)snprintf(axes_text + ak, sizeof axes_text - ak, "%s%s=%s",
						       a ? " " : "", ax->name, ax->names[c->axis[0][a]]);
			else
				ak += (size_t)snprintf(axes_text + ak, sizeof axes_text - ak, "%s%s=%d",
						       a ? " " : "", ax->name, c->axis[0][a]);
		}
		outside_play(c, axes_text, outside, sizeof outside);
		size_t sl = strlen(sentence);
		snprintf(sentence + sl, sizeof sentence - sl, "%s", outside);
	}
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
	if (*unchecked)
		printf("note     changes the draft does not measure: %s; if one is the headline, "
		       "check it by hand\n", unchecked);
	return 0;
}
