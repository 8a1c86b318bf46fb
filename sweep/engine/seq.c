/* sweep/engine/seq.c - input sequences in text form (see sweep.h): '.' nothing, a button letter, or
 * "[...]" several buttons, each optionally followed by a decimal repeat count; blanks ignored. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "sweep.h"

static int letter_bit(int c)
{
	const char *p = c ? strchr(JS_SEQ_BUTTONS, c) : NULL;
	return p ? 1 << (p - JS_SEQ_BUTTONS) : -1;
}

static const char *printable(int c)
{
	static char b[2];
	b[0] = isprint(c) ? (char)c : '?';
	return b;
}

static int seq_parse(const char *text, uint8_t *out, int max_frames, int *len, char *err, size_t errn)
{
	int n = 0;
	for (const char *p = text; *p;) {
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		int bits = 0;
		if (*p == '.') {
			p++;
		} else if (*p == '[') {
			for (p++; *p && *p != ']'; p++) {
				int b = letter_bit((unsigned char)*p);
				if (b < 0) {
					snprintf(err, errn, "bad button '%s' in input sequence \"%s\" (buttons: %s)",
						 printable((unsigned char)*p), text, JS_SEQ_BUTTONS);
					return -1;
				}
				bits |= b;
			}
			if (*p != ']') {
				snprintf(err, errn, "unclosed '[' in input sequence \"%s\"", text);
				return -1;
			}
			p++;
		} else {
			bits = letter_bit((unsigned char)*p);
			if (bits < 0) {
				snprintf(err, errn,
					 "bad character '%s' in input sequence \"%s\" (use . %s, [..] and counts)",
					 printable((unsigned char)*p), text, JS_SEQ_BUTTONS);
				return -1;
			}
			p++;
		}
		long count = 1;
		if (isdigit((unsigned char)*p)) {
			count = 0;
			while (isdigit((unsigned char)*p)) {
				count = count * 10 + (*p - '0');
				if (count > max_frames)
					break;
				p++;
			}
			if (count == 0) {
				snprintf(err, errn, "repeat count 0 in input sequence \"%s\"", text);
				return -1;
			}
		}
		if (count > max_frames - n) {
			snprintf(err, errn, "input sequence \"%s\" is longer than the frame limit %d", text,
				 max_frames);
			return -1;
		}
		for (long k = 0; k < count; k++)
			out[n++] = (uint8_t)bits;
	}
	if (n == 0) {
		snprintf(err, errn, "empty input sequence");
		return -1;
	}
	*len = n;
	return 0;
}

int js_seq_parse(const char *text, uint8_t *out, int max_frames, int *len, char *err, size_t errn)
{
	int rc = seq_parse(text, out, max_frames, len, err, errn);
	if (rc != 0)
		js_oneline(err);
	return rc;
}

/* One frame's buttons as text: "." / "J" / "[JZ]". */
static int frame_text(unsigned bits, char *out)
{
	int k = 0, nb = 0;
	for (int b = 0; b < 4; b++)
		nb += (bits >> b) & 1;
	if (nb == 0) {
		out[0] = '.';
		return 1;
	}
	if (nb > 1)
		out[k++] = '[';
	for (int b = 0; b < 4; b++)
		if ((bits >> b) & 1)
			out[k++] = JS_SEQ_BUTTONS[b];
	if (nb > 1)
		out[k++] = ']';
	return k;
}

void js_seq_format(const uint8_t *seq, int len, char *out, size_t n)
{
	size_t w = 0;
	if (n == 0)
		return;
	out[0] = 0;
	for (int i = 0; i < len;) {
		int j = i;
		while (j < len && seq[j] == seq[i])
			j++;
		char tok[32];
		int k = frame_text(seq[i] & 15u, tok);
		if (j - i > 1)
			k += snprintf(tok + k, sizeof tok - (size_t)k, "%d", j - i);
		tok[k] = 0;
		if (w + (size_t)k + 1 > n)
			break;
		memcpy(out + w, tok, (size_t)k + 1);
		w += (size_t)k;
		i = j;
	}
}

const char *js_input_name(unsigned input)
{
	static const char *const names[16] = { ".",    "J",    "D",    "[JD]",  "Z",    "[JZ]",
					       "[DZ]", "[JDZ]", "B",   "[JB]",  "[DB]", "[JDB]",
					       "[ZB]", "[JZB]", "[DZB]", "[JDZB]" };
	return names[input & 15u];
}

/* See sweep.h.  Which jump J starts is an axis in some models (smw's jump=normal|spin: the game's
 * B and A buttons), so the message names those axes. */
int js_seq_buttons(const js_model *m, const uint8_t *seq, int len, char *err, size_t errn)
{
	static const char *const what[JS_N_BUTTONS] = { "J jump", "D down", "Z the Z trigger",
							"B the second button" };
	unsigned used = 0, ok = m->inputs;
	for (int i = 0; i < len; i++)
		used |= seq[i];
	if (!(used & ~ok))
		return 0;
	char bad[8] = "", reads[160] = "", kinds[512] = "";
	for (int b = 0, kb = 0; b < JS_N_BUTTONS; b++) {
		if (used & ~ok & (1u << b))
			bad[kb++] = JS_SEQ_BUTTONS[b];
		if (ok & (1u << b)) {
			size_t k = strlen(reads);
			snprintf(reads + k, sizeof reads - k, "%s%s", k ? ", " : "", what[b]);
		}
	}
	for (int a = 0; a < m->n_axes; a++) {
		const js_axis *ax = &m->axes[a];
		if (!ax->n_names || (strcmp(ax->name, "jump") != 0 && strcmp(ax->name, "action") != 0))
			continue;
		size_t k = strlen(kinds);
		k += (size_t)snprintf(kinds + k, sizeof kinds - k, "; the jump that J starts is --axis %s=",
				      ax->name);
		for (int i = 0; i < ax->n_names && k < sizeof kinds; i++)
			k += (size_t)snprintf(kinds + k, sizeof kinds - k, "%s%s", i ? "|" : "",
					      ax->names[i]);
		if (k < sizeof kinds && strlen(ax->long_name) < 100) /* a short gloss: smw's B / A */
			snprintf(kinds + k, sizeof kinds - k, ": %s", ax->long_name);
	}
	snprintf(err, errn, "presses %s, which %s does not read (it reads %s%s)", bad, m->id, reads,
		 kinds);
	js_oneline(err);
	return -1;
}
