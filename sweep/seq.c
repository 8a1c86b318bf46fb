/* sweep/seq.c - input sequences in text form: one character per frame ('.' nothing, 'J' jump,
 * 'D' down, 'B' both), an optional decimal repeat count after a character, blanks ignored. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "sweep.h"

static int letter_bits(int c)
{
	switch (c) {
	case '.': return 0;
	case 'J': return JS_IN_JUMP;
	case 'D': return JS_IN_DOWN;
	case 'B': return JS_IN_JUMP | JS_IN_DOWN;
	default: return -1;
	}
}

int js_seq_parse(const char *text, uint8_t *out, int max_frames, int *len, char *err, size_t errn)
{
	int n = 0;
	for (const char *p = text; *p;) {
		if (isspace((unsigned char)*p)) {
			p++;
			continue;
		}
		int bits = letter_bits(*p);
		if (bits < 0) {
			snprintf(err, errn, "bad character '%c' in input sequence \"%s\" (use . J D B and counts)",
				 isprint((unsigned char)*p) ? *p : '?', text);
			return -1;
		}
		p++;
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

void js_seq_format(const uint8_t *seq, int len, char *out, size_t n)
{
	static const char letters[] = JS_SEQ_LETTERS; /* index = bits */
	size_t w = 0;
	if (n == 0)
		return;
	out[0] = 0;
	for (int i = 0; i < len;) {
		int j = i;
		while (j < len && seq[j] == seq[i])
			j++;
		char tok[24];
		int run = j - i;
		char c = letters[seq[i] & 3];
		int k = run > 1 ? snprintf(tok, sizeof tok, "%c%d", c, run) : snprintf(tok, sizeof tok, "%c", c);
		if (w + (size_t)k + 1 > n)
			break;
		memcpy(out + w, tok, (size_t)k + 1);
		w += (size_t)k;
		i = j;
	}
}

const char *js_input_name(unsigned input)
{
	static const char *const names[4] = { "-", "J", "D", "JD" };
	return names[input & 3];
}
