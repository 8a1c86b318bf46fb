/* sweep/engine/movie.c - emulator movies: BizHawk .bk2, FCEUX .fm2, Mupen64 .m64, CelesteTAS .tas,
 * written from and read back into one input byte per model frame (movie.h; docs/movies.md).
 *
 * Layouts follow the published format descriptions (TASVideos' BK2Format and M64 pages, FCEUX's
 * fm2.html, CelesteTAS' input file format) and BizHawk's source for the .bk2 Input Log: a line
 * is '|', then per control group (console buttons first, then each player) its axes as
 * 5-wide numbers with a comma and its buttons as one character each ('.' up, the mnemonic
 * down; BizHawk takes any character but '.' as down), then '|'.  Reading takes the columns from
 * the file's own LogKey, so any core's movie reads when it names the model's button. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "cleanup.h"
#include "movie.h"
#include "sweep.h"

enum { F_BK2, F_FM2, F_M64, F_TAS, F_N };
static const char *const fmt_ext[F_N] = { "bk2", "fm2", "m64", "tas" };

enum { P_NONE, P_NES, P_SNES, P_GEN, P_GBA, P_N64, P_PSX, P_CELESTE };

/* A BizHawk platform: the Header's Platform and Core, and the LogKey of the core's default
 * controller set-up (console group first, then P1...: BizHawk's ControllerDefinition order, axes
 * before buttons within a group), read in TASEmulators/BizHawk: NESControllers.cs (ControllerNES
 * ordinals; NESControlSettings: left pad, right port unplugged), BsnesControllers.cs (P1 order;
 * SnesSyncSettings: right port None), GPGXControlConverter.cs (Power, Reset; Genesis6 pads,
 * GPGXSyncSettings.UseSixButton true, two pads), MGBAHawk.cs (GBAController, the tilt and light
 * axes), N64.ISettable.cs SetControllerButtons (N64SyncSettings: controller 1 only), Octoshock.cs
 * CreateControllerDefinition (a digital pad in port 1: the DualShock adds sticks, L3, R3, MODE;
 * docs/movies.md says to choose the pad). */
typedef struct bk2_platform {
	const char *platform, *core, *logkey;
} bk2_platform;

static const bk2_platform bk2_platforms[] = {
	[P_NES] = { "NES", "NesHawk",
		    "#Reset|Power|#P1 Up|P1 Down|P1 Left|P1 Right|P1 Start|P1 Select|P1 B|P1 A|" },
	[P_SNES] = { "SNES", "BSNESv115+",
		     "#Reset|Power|#P1 Up|P1 Down|P1 Left|P1 Right|P1 Select|P1 Start|P1 Y|P1 B|P1 X|"
		     "P1 A|P1 L|P1 R|" },
	[P_GEN] = { "GEN", "Genplus-gx",
		    "#Power|Reset|#P1 Up|P1 Down|P1 Left|P1 Right|P1 A|P1 B|P1 C|P1 Start|P1 X|P1 Y|"
		    "P1 Z|P1 Mode|#P2 Up|P2 Down|P2 Left|P2 Right|P2 A|P2 B|P2 C|P2 Start|P2 X|P2 Y|"
		    "P2 Z|P2 Mode|" },
	[P_GBA] = { "GBA", "mGBA",
		    "#Tilt X|Tilt Y|Tilt Z|Light Sensor|Up|Down|Left|Right|Start|Select|B|A|L|R|Power|" },
	[P_N64] = { "N64", "Mupen64Plus",
		    "#Reset|Power|#P1 X Axis|P1 Y Axis|P1 A Up|P1 A Down|P1 A Left|P1 A Right|"
		    "P1 DPad U|P1 DPad D|P1 DPad L|P1 DPad R|P1 Start|P1 Z|P1 B|P1 A|P1 C Up|P1 C Down|"
		    "P1 C Right|P1 C Left|P1 L|P1 R|" },
	[P_PSX] = { "PSX", "Octoshock",
		    "#Disc Select|Open|Close|Reset|#P1 Up|P1 Down|P1 Left|P1 Right|P1 Select|P1 Start|"
		    "P1 Square|P1 Triangle|P1 Circle|P1 Cross|P1 L1|P1 R1|P1 L2|P1 R2|" },
};

static void seterr(char *err, size_t errn, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errn, fmt, ap);
	va_end(ap);
	js_oneline(err);
}

static int platform_of(const js_model *m)
{
	if (strcmp(m->id, "celeste") == 0)
		return P_CELESTE;
	static const struct { const char *name; int p; } t[] = {
		{ "NES", P_NES }, { "SNES", P_SNES }, { "Genesis", P_GEN }, { "GBA", P_GBA },
		{ "Nintendo 64", P_N64 }, { "PS1", P_PSX },
	};
	if (!m->movie.button[0])
		return P_NONE;
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		if (strcmp(m->platform, t[i].name) == 0)
			return t[i].p;
	return P_NONE;
}

const char *js_movie_formats(const js_model *m)
{
	switch (platform_of(m)) {
	case P_NES: return "bk2 fm2";
	case P_N64: return "bk2 m64";
	case P_CELESTE: return "tas";
	case P_NONE: return "";
	default: return "bk2";
	}
}

static int format_of(const char *path)
{
	const char *dot = strrchr(path, '.');
	const char *slash = strrchr(path, '/');
	if (!dot || (slash && dot < slash))
		return -1;
	for (int f = 0; f < F_N; f++)
		if (strcasecmp(dot + 1, fmt_ext[f]) == 0)
			return f;
	return -1;
}

int js_movie_is_path(const char *path)
{
	return format_of(path) >= 0;
}

static int axis_value(const js_model *m, const int32_t *axis_values, const char *name)
{
	int a = name ? js_axis_find(m, name) : -1;
	if (a < 0 || !axis_values)
		return -1;
	int v = axis_values[a];
	return v >= 0 && v < JS_MAX_AXIS_NAMES ? v : -1;
}

const char *js_movie_button(const js_model *m, const int32_t *axis_values, int b)
{
	if (b < 0 || b >= JS_N_BUTTONS || !(m->inputs >> b & 1u))
		return NULL;
	if (b == 0) {
		int v = axis_value(m, axis_values, m->movie.jump_axis);
		if (v >= 0 && m->movie.jump_by_value[v])
			return m->movie.jump_by_value[v];
	}
	return m->movie.button[b];
}

int js_movie_video_frames(const js_model *m, const int32_t *axis_values)
{
	int v = axis_value(m, axis_values, m->movie.frames_axis);
	int k = v >= 0 && m->movie.frames_by_value[v] ? m->movie.frames_by_value[v] : m->movie.frames;
	return k > 1 ? k : 1;
}

/* The k-th of the '|'-separated names of a button string, into buf; 0 when there is none. */
static int alt_name(const char *s, int k, char *buf, size_t n)
{
	for (; s && k > 0; k--) {
		s = strchr(s, '|');
		if (s)
			s++;
	}
	if (!s || !*s)
		return 0;
	size_t len = strcspn(s, "|");
	if (len >= n)
		len = n - 1;
	memcpy(buf, s, len);
	buf[len] = 0;
	return 1;
}

/* "smw: normal jump B" style list of the model's buttons for messages: "J=B". */
static void button_list(const js_model *m, const int32_t *ax, char *buf, size_t n)
{
	buf[0] = 0;
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		const char *s = js_movie_button(m, ax, b);
		if (!s)
			continue;
		size_t w = strlen(buf);
		snprintf(buf + w, n - w, "%s%c=%s", w ? ", " : "", JS_SEQ_BUTTONS[b], s);
	}
}

/* Checks the model, the format and the platform; returns the platform or -1. */
static int check_fit(const js_model *m, const char *path, int *fmt, char *err, size_t errn)
{
	*fmt = format_of(path);
	if (*fmt < 0) {
		seterr(err, errn, "'%s': unknown movie format (the extension names it: .bk2, .fm2, "
			".m64 or .tas)", path);
		return -1;
	}
	int p = platform_of(m);
	if (p == P_NONE) {
		seterr(err, errn, "%s (%s) has no movie format: %s", m->id, m->platform,
		       m->movie.note ? m->movie.note : "no button map");
		return -1;
	}
	const char *fits = js_movie_formats(m);
	if (!strstr(fits, fmt_ext[*fmt])) {
		char list[64] = "";
		for (int f = 0; f < F_N; f++)
			if (strstr(fits, fmt_ext[f])) {
				size_t w = strlen(list);
				snprintf(list + w, sizeof list - w, "%s.%s", w ? ", " : "", fmt_ext[f]);
			}
		seterr(err, errn, "'%s': a .%s movie does not fit %s (%s); its formats: %s", path,
		       fmt_ext[*fmt], m->id, m->platform, list);
		return -1;
	}
	return p;
}

/* ---- a growing byte buffer ---- */

typedef struct buf {
	char *p;
	size_t n, cap;
	int oom;
} buf;

static void put(buf *b, const void *d, size_t n)
{
	if (b->oom)
		return;
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->n + n + 1)
			cap *= 2;
		char *q = realloc(b->p, cap);
		if (!q) {
			b->oom = 1;
			return;
		}
		b->p = q;
		b->cap = cap;
	}
	memcpy(b->p + b->n, d, n);
	b->n += n;
	b->p[b->n] = 0;
}

static void putf(buf *b, const char *fmt, ...)
{
	char tmp[1024];
	va_list ap;
	va_start(ap, fmt);
	int w = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (w > 0)
		put(b, tmp, (size_t)w < sizeof tmp ? (size_t)w : sizeof tmp - 1);
}

static void put_le(buf *b, uint32_t v, int bytes)
{
	uint8_t d[4];
	for (int i = 0; i < bytes; i++)
		d[i] = (uint8_t)(v >> (8 * i));
	put(b, d, (size_t)bytes);
}

/* Writes data to path through a temporary sibling, renamed when complete. */
static int write_file(const char *path, const void *data, size_t n, char *err, size_t errn)
{
	size_t pl = strlen(path);
	char *tmp = malloc(pl + 16);
	if (!tmp) {
		seterr(err, errn, "out of memory");
		return -1;
	}
	snprintf(tmp, pl + 16, "%s.tmp-XXXXXX", path);
	int fd = mkstemp(tmp);
	FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
	if (!f) {
		seterr(err, errn, "cannot create '%s': %s", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		free(tmp);
		return -1;
	}
	js_cleanup_add(tmp);
	int bad = fwrite(data, 1, n, f) != n;
	bad |= fclose(f) != 0;
	if (bad || rename(tmp, path) != 0) {
		int e = errno;
		unlink(tmp);
		js_cleanup_drop(tmp);
		seterr(err, errn, "cannot write '%s': %s", path, strerror(e));
		free(tmp);
		return -1;
	}
	js_cleanup_drop(tmp);
	free(tmp);
	return 0;
}

/* ---- zip (stored members written; stored and deflated members read) ---- */

typedef struct zip_member {
	const char *name;
	const char *data;
	size_t n;
} zip_member;

static void zip_write(buf *b, const zip_member *mem, int n_mem)
{
	uint32_t off[8], crc[8];
	for (int i = 0; i < n_mem; i++) {
		off[i] = (uint32_t)b->n;
		crc[i] = (uint32_t)crc32(0L, (const Bytef *)mem[i].data, (uInt)mem[i].n);
		put_le(b, 0x04034b50u, 4);
		put_le(b, 20, 2);          /* version needed */
		put_le(b, 0x0800, 2);      /* flags: UTF-8 names */
		put_le(b, 0, 2);           /* stored */
		put_le(b, 0, 2);           /* time 00:00 */
		put_le(b, 0x21, 2);        /* date 1980-01-01 */
		put_le(b, crc[i], 4);
		put_le(b, (uint32_t)mem[i].n, 4);
		put_le(b, (uint32_t)mem[i].n, 4);
		put_le(b, (uint32_t)strlen(mem[i].name), 2);
		put_le(b, 0, 2);
		put(b, mem[i].name, strlen(mem[i].name));
		put(b, mem[i].data, mem[i].n);
	}
	uint32_t cd = (uint32_t)b->n;
	for (int i = 0; i < n_mem; i++) {
		put_le(b, 0x02014b50u, 4);
		put_le(b, 20, 2);          /* made by */
		put_le(b, 20, 2);          /* needed */
		put_le(b, 0x0800, 2);
		put_le(b, 0, 2);
		put_le(b, 0, 2);
		put_le(b, 0x21, 2);
		put_le(b, crc[i], 4);
		put_le(b, (uint32_t)mem[i].n, 4);
		put_le(b, (uint32_t)mem[i].n, 4);
		put_le(b, (uint32_t)strlen(mem[i].name), 2);
		put_le(b, 0, 2);           /* extra */
		put_le(b, 0, 2);           /* comment */
		put_le(b, 0, 2);           /* disk */
		put_le(b, 0, 2);           /* internal attributes */
		put_le(b, 0, 4);           /* external attributes */
		put_le(b, off[i], 4);
		put(b, mem[i].name, strlen(mem[i].name));
	}
	uint32_t cd_size = (uint32_t)b->n - cd;
	put_le(b, 0x06054b50u, 4);
	put_le(b, 0, 2);
	put_le(b, 0, 2);
	put_le(b, (uint32_t)n_mem, 2);
	put_le(b, (uint32_t)n_mem, 2);
	put_le(b, cd_size, 4);
	put_le(b, cd, 4);
	put_le(b, 0, 2);
}

static uint32_t rd(const uint8_t *p, int bytes)
{
	uint32_t v = 0;
	for (int i = bytes - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

#define ZIP_MAX_MEMBER (256u << 20)

/* The member called name (case-insensitive) of the zip z[0..n), NUL-terminated and malloc'd;
 * NULL with err set. */
static char *zip_read(const uint8_t *z, size_t n, const char *path, const char *name,
		      size_t *out_n, char *err, size_t errn)
{
	if (n < 22) {
		seterr(err, errn, "'%s': truncated (%zu bytes, not a zip archive)", path, n);
		return NULL;
	}
	size_t e = n - 22;
	size_t stop = n > 22 + 65535 ? n - 22 - 65535 : 0;
	while (rd(z + e, 4) != 0x06054b50u) {
		if (e == stop) {
			seterr(err, errn, "'%s': not a zip archive (no end of central directory: "
				"truncated?)", path);
			return NULL;
		}
		e--;
	}
	size_t count = rd(z + e + 10, 2), cd_size = rd(z + e + 12, 4), cd = rd(z + e + 16, 4);
	if (cd > n || cd_size > n - cd) {
		seterr(err, errn, "'%s': truncated zip archive (central directory past the end)", path);
		return NULL;
	}
	size_t p = cd;
	for (size_t i = 0; i < count; i++) {
		if (p + 46 > cd + cd_size || rd(z + p, 4) != 0x02014b50u) {
			seterr(err, errn, "'%s': malformed zip central directory", path);
			return NULL;
		}
		unsigned method = rd(z + p + 10, 2);
		size_t csize = rd(z + p + 20, 4), usize = rd(z + p + 24, 4);
		size_t nl = rd(z + p + 28, 2), xl = rd(z + p + 30, 2), cl = rd(z + p + 32, 2);
		size_t lo = rd(z + p + 42, 4);
		if (p + 46 + nl > cd + cd_size) {
			seterr(err, errn, "'%s': malformed zip central directory", path);
			return NULL;
		}
		int match = nl == strlen(name) && strncasecmp((const char *)z + p + 46, name, nl) == 0;
		p += 46 + nl + xl + cl;
		if (!match)
			continue;
		if (lo + 30 > n || rd(z + lo, 4) != 0x04034b50u) {
			seterr(err, errn, "'%s': truncated zip archive (member '%s')", path, name);
			return NULL;
		}
		size_t data = lo + 30 + rd(z + lo + 26, 2) + rd(z + lo + 28, 2);
		if (data > n || csize > n - data) {
			seterr(err, errn, "'%s': truncated zip archive (member '%s' runs past the end)",
			       path, name);
			return NULL;
		}
		if (usize > ZIP_MAX_MEMBER) {
			seterr(err, errn, "'%s': member '%s' is too large (%zu bytes)", path, name, usize);
			return NULL;
		}
		char *out = malloc(usize + 1);
		if (!out) {
			seterr(err, errn, "out of memory");
			return NULL;
		}
		if (method == 0) {
			if (csize != usize) {
				free(out);
				seterr(err, errn, "'%s': malformed zip member '%s'", path, name);
				return NULL;
			}
			memcpy(out, z + data, usize);
		} else if (method == 8) {
			z_stream s;
			memset(&s, 0, sizeof s);
			if (inflateInit2(&s, -MAX_WBITS) != Z_OK) {
				free(out);
				seterr(err, errn, "zlib: cannot start inflate");
				return NULL;
			}
			s.next_in = (Bytef *)(uintptr_t)(z + data);
			s.avail_in = (uInt)csize;
			s.next_out = (Bytef *)out;
			s.avail_out = (uInt)usize;
			int rc = inflate(&s, Z_FINISH);
			size_t got = usize - s.avail_out;
			inflateEnd(&s);
			if (rc != Z_STREAM_END || got != usize) {
				free(out);
				seterr(err, errn, "'%s': member '%s' does not inflate (truncated or "
					"corrupt)", path, name);
				return NULL;
			}
		} else {
			free(out);
			seterr(err, errn, "'%s': member '%s' uses zip method %u (only stored and "
				"deflated are read)", path, name, method);
			return NULL;
		}
		out[usize] = 0;
		*out_n = usize;
		return out;
	}
	seterr(err, errn, "'%s': no '%s' in the archive (not a BizHawk movie?)", path, name);
	return NULL;
}

/* ---- .bk2 ---- */

/* BizHawk's mnemonic for a control name (Bk2MnemonicLookup: the player prefix dropped, the
 * system's table, the base table, else the name's single character). */
static char bk2_mnemonic(int p, const char *key)
{
	if (key[0] == 'P' && isdigit((unsigned char)key[1])) {
		const char *sp = strchr(key, ' ');
		if (sp)
			key = sp + 1;
	}
	static const struct { const char *k; char c; } n64[] = {
		{ "C Up", 'u' }, { "C Down", 'd' }, { "C Left", 'l' }, { "C Right", 'r' },
		{ "A Up", 'U' }, { "A Down", 'D' }, { "A Left", 'L' }, { "A Right", 'R' },
		{ "DPad U", 'U' }, { "DPad D", 'D' }, { "DPad L", 'L' }, { "DPad R", 'R' },
	};
	static const struct { const char *k; char c; } base[] = {
		{ "Power", 'P' }, { "Reset", 'r' }, { "Up", 'U' }, { "Down", 'D' }, { "Left", 'L' },
		{ "Right", 'R' }, { "Select", 's' }, { "Start", 'S' }, { "L", 'l' }, { "R", 'r' },
		{ "L1", 'l' }, { "R1", 'r' }, { "L2", 'L' }, { "R2", 'R' }, { "Triangle", 'T' },
		{ "Circle", 'O' }, { "Cross", 'X' }, { "Square", 'Q' }, { "Open", 'O' },
		{ "Close", 'C' },
	};
	if (p == P_N64)
		for (size_t i = 0; i < sizeof n64 / sizeof n64[0]; i++)
			if (strcmp(key, n64[i].k) == 0)
				return n64[i].c;
	for (size_t i = 0; i < sizeof base / sizeof base[0]; i++)
		if (strcmp(key, base[i].k) == 0)
			return base[i].c;
	return key[0] && !key[1] ? key[0] : '!';
}

static int bk2_is_axis(const char *key)
{
	static const char *const axes[] = { "X Axis", "Y Axis", "Tilt X", "Tilt Y", "Tilt Z",
					    "Light Sensor", "Disc Select" };
	const char *k = key;
	if (k[0] == 'P' && isdigit((unsigned char)k[1]) && strchr(k, ' '))
		k = strchr(k, ' ') + 1;
	for (size_t i = 0; i < sizeof axes / sizeof axes[0]; i++)
		if (strcmp(k, axes[i]) == 0)
			return 1;
	return 0;
}

#define BK2_MAX_COLS 256
typedef struct bk2_cols {
	int n;
	char name[BK2_MAX_COLS][48];
	int group[BK2_MAX_COLS];
} bk2_cols;

/* Parses "#a|b|#c|" (the text after "LogKey:") into columns; -1 when malformed. */
static int bk2_parse_logkey(const char *s, bk2_cols *c)
{
	c->n = 0;
	int g = -1;
	while (*s && *s != '\n' && *s != '\r') {
		if (*s == '#') {
			g++;
			s++;
			continue;
		}
		size_t len = strcspn(s, "|#\r\n");
		if (s[len] != '|' || c->n >= BK2_MAX_COLS || len >= sizeof c->name[0])
			return -1;
		memcpy(c->name[c->n], s, len);
		c->name[c->n][len] = 0;
		c->group[c->n] = g < 0 ? 0 : g;
		c->n++;
		s += len + 1;
	}
	return c->n > 0 ? 0 : -1;
}

/* The column of a model button name ("A" matches "P1 A" or "A"); -1 when absent. */
static int bk2_find(const bk2_cols *c, const char *button)
{
	for (int i = 0; i < c->n; i++) {
		const char *k = c->name[i];
		if (k[0] == 'P' && k[1] == '1' && k[2] == ' ' && strcmp(k + 3, button) == 0)
			return i;
	}
	for (int i = 0; i < c->n; i++)
		if (strcmp(c->name[i], button) == 0)
			return i;
	return -1;
}

static const char *header_text(const js_model *m, const int32_t *ax, const uint8_t *seq, int len)
{
	static char text[600];
	char *s = malloc((size_t)len * 6 + 16);
	if (s)
		js_seq_format(seq, len, s, (size_t)len * 6 + 16);
	char buttons[128];
	button_list(m, ax, buttons, sizeof buttons);
	snprintf(text, sizeof text, "jumpsweep %s: %s; %.300s (%s); splice at a frame where the "
		 "character stands still on flat ground", JS_VERSION, m->id, s ? s : "", buttons);
	free(s);
	return text;
}

static int write_bk2(const js_model *m, int p, const int32_t *ax, const char *path,
		     const uint8_t *seq, int len, char *err, size_t errn)
{
	const bk2_platform *bp = &bk2_platforms[p];
	bk2_cols *c = malloc(sizeof *c);
	if (!c || bk2_parse_logkey(bp->logkey, c) != 0) {
		free(c);
		seterr(err, errn, "out of memory");
		return -1;
	}
	int col[JS_N_BUTTONS];
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		char name[32];
		const char *s = js_movie_button(m, ax, b);
		col[b] = s && alt_name(s, 0, name, sizeof name) ? bk2_find(c, name) : -1;
	}
	int k = js_movie_video_frames(m, ax);
	buf h = { 0 }, in = { 0 }, zip = { 0 };
	putf(&h, "MovieVersion BizHawk v2.0.0\nAuthor jumpsweep\nemuVersion Version 2.9.1\n"
	     "OriginalEmuVersion Version 2.9.1\nPlatform %s\nGameName %s\nCore %s\n"
	     "rerecordCount 0\nStartsFromSavestate False\n", bp->platform, m->game, bp->core);
	putf(&in, "[Input]\nLogKey:%s\n", bp->logkey);
	for (int f = 0; f < len; f++)
		for (int r = 0; r < k; r++) {
			int g = -1;
			for (int i = 0; i < c->n; i++) {
				if (c->group[i] != g) {
					put(&in, "|", 1);
					g = c->group[i];
				}
				if (bk2_is_axis(c->name[i])) {
					putf(&in, "%5d,", 0);
					continue;
				}
				char ch = '.';
				for (int b = 0; b < JS_N_BUTTONS; b++)
					if (col[b] == i && (seq[f] >> b & 1u))
						ch = bk2_mnemonic(p, c->name[i]);
				put(&in, &ch, 1);
			}
			put(&in, "|\n", 2);
		}
	put(&in, "[/Input]\n", 9);
	const char *comment = header_text(m, ax, seq, len);
	char comments[700];
	snprintf(comments, sizeof comments, "comment %s\n", comment);
	zip_member mem[] = {
		{ "Header.txt", h.p, h.n },
		{ "Comments.txt", comments, strlen(comments) },
		{ "Subtitles.txt", "\n", 1 },
		{ "SyncSettings.json", "\n", 1 },
		{ "Input Log.txt", in.p, in.n },
	};
	int rc = -1;
	if (!h.oom && !in.oom) {
		zip_write(&zip, mem, 5);
		if (!zip.oom)
			rc = write_file(path, zip.p, zip.n, err, errn);
	}
	if (rc != 0 && (h.oom || in.oom || zip.oom))
		seterr(err, errn, "out of memory");
	free(h.p);
	free(in.p);
	free(zip.p);
	free(c);
	return rc;
}

/* ---- .fm2 ---- */

static const char fm2_order[] = "RLDUTSBA";
static int fm2_index(const char *button)
{
	static const char *const names[8] = { "Right", "Left", "Down", "Up", "Start", "Select",
					      "B", "A" };
	for (int i = 0; i < 8; i++)
		if (strcmp(button, names[i]) == 0)
			return i;
	return -1;
}

static int write_fm2(const js_model *m, const int32_t *ax, const char *path, const uint8_t *seq,
		     int len, char *err, size_t errn)
{
	int idx[JS_N_BUTTONS];
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		char name[32];
		const char *s = js_movie_button(m, ax, b);
		idx[b] = s && alt_name(s, 0, name, sizeof name) ? fm2_index(name) : -1;
	}
	buf o = { 0 };
	putf(&o, "version 3\nemuVersion 22020\nrerecordCount 0\npalFlag 0\nromFilename %s\n"
	     "romChecksum base64:AAAAAAAAAAAAAAAAAAAAAA==\n"
	     "guid 00000000-0000-0000-0000-000000000000\nfourscore 0\nmicrophone 0\nport0 1\n"
	     "port1 0\nport2 0\nFDS 0\nNewPPU 0\ncomment author jumpsweep\ncomment %s\n", m->game,
	     header_text(m, ax, seq, len));
	for (int f = 0; f < len; f++) {
		char pad[9] = "........";
		for (int b = 0; b < JS_N_BUTTONS; b++)
			if (idx[b] >= 0 && (seq[f] >> b & 1u))
				pad[idx[b]] = fm2_order[idx[b]];
		putf(&o, "|0|%s|||\n", pad);
	}
	int rc = o.oom ? (seterr(err, errn, "out of memory"), -1) : write_file(path, o.p, o.n, err, errn);
	free(o.p);
	return rc;
}

/* ---- .m64 ---- */

static int m64_bit(const char *button)
{
	static const char *const names[16] = { "DPad R", "DPad L", "DPad D", "DPad U", "Start", "Z",
					       "B", "A", "C Right", "C Left", "C Down", "C Up", "R",
					       "L", NULL, NULL };
	for (int i = 0; i < 14; i++)
		if (strcmp(button, names[i]) == 0)
			return i;
	return -1;
}

static int is_pal(const js_model *m, const int32_t *ax)
{
	int v = axis_value(m, ax, m->movie.frames_axis);
	return v >= 0 && strstr(m->axes[js_axis_find(m, m->movie.frames_axis)].names[v], "pal");
}

static void put_str(buf *b, const char *s, size_t field)
{
	size_t n = strlen(s) < field ? strlen(s) : field;
	put(b, s, n);
	for (size_t i = n; i < field; i++)
		put(b, "", 1);
}

static int write_m64(const js_model *m, const int32_t *ax, const char *path, const uint8_t *seq,
		     int len, char *err, size_t errn)
{
	int bit[JS_N_BUTTONS];
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		char name[32];
		const char *s = js_movie_button(m, ax, b);
		bit[b] = s && alt_name(s, 0, name, sizeof name) ? m64_bit(name) : -1;
	}
	int pal = is_pal(m, ax), k = js_movie_video_frames(m, ax);
	buf o = { 0 };
	put(&o, "M64\x1a", 4);
	put_le(&o, 3, 4);                          /* 0x004 version */
	put_le(&o, 0, 4);                          /* 0x008 movie uid */
	put_le(&o, (uint32_t)(len * k), 4);        /* 0x00C VI count */
	put_le(&o, 0, 4);                          /* 0x010 rerecords */
	put_le(&o, pal ? 50 : 60, 1);              /* 0x014 VIs per second */
	put_le(&o, 1, 1);                          /* 0x015 controllers */
	put_le(&o, 0, 2);                          /* 0x016 reserved */
	put_le(&o, (uint32_t)len, 4);              /* 0x018 input samples */
	put_le(&o, 2, 2);                          /* 0x01C start type: power-on */
	put_le(&o, 0, 2);                          /* 0x01E reserved */
	put_le(&o, 1, 4);                          /* 0x020 controller 1 present */
	put_str(&o, "", 160);                      /* 0x024 reserved */
	put_str(&o, strcmp(m->id, "sm64") == 0 ? "SUPER MARIO 64" : "Banjo-Kazooie", 32); /* 0x0C4 */
	put_le(&o, 0, 4);                          /* 0x0E4 ROM CRC: unknown here */
	put_le(&o, pal ? 0x50 : 0x45, 2);          /* 0x0E8 country code: P or E */
	put_str(&o, "", 56);                       /* 0x0EA reserved */
	put_str(&o, "jumpsweep", 64);              /* 0x122 video plugin */
	put_str(&o, "jumpsweep", 64);              /* 0x162 sound plugin */
	put_str(&o, "jumpsweep", 64);              /* 0x1A2 input plugin */
	put_str(&o, "jumpsweep", 64);              /* 0x1E2 RSP plugin */
	put_str(&o, "jumpsweep", 222);             /* 0x222 author */
	put_str(&o, header_text(m, ax, seq, len), 256); /* 0x300 description */
	for (int f = 0; f < len; f++) {
		uint32_t v = 0;
		for (int b = 0; b < JS_N_BUTTONS; b++)
			if (bit[b] >= 0 && (seq[f] >> b & 1u))
				v |= 1u << bit[b];
		put_le(&o, v, 4);                  /* buttons, stick X 0, stick Y 0 */
	}
	int rc = o.oom ? (seterr(err, errn, "out of memory"), -1) : write_file(path, o.p, o.n, err, errn);
	free(o.p);
	return rc;
}

/* ---- .tas ---- */

static int write_tas(const js_model *m, const int32_t *ax, const char *path, const uint8_t *seq,
		     int len, char *err, size_t errn)
{
	char name[JS_N_BUTTONS][8] = { "", "", "", "" };
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		const char *s = js_movie_button(m, ax, b);
		if (s)
			alt_name(s, 0, name[b], sizeof name[b]);
	}
	buf o = { 0 };
	putf(&o, "# %s\n\n", header_text(m, ax, seq, len));
	for (int f = 0; f < len;) {
		int n = 1;
		while (f + n < len && seq[f + n] == seq[f])
			n++;
		putf(&o, "%4d", n);
		/* CelesteTAS' action order (its Actions enum): Down before Jump */
		static const int order[JS_N_BUTTONS] = { 1, 0, 2, 3 };
		for (int i = 0; i < JS_N_BUTTONS; i++) {
			int b = order[i];
			if ((seq[f] >> b & 1u) && name[b][0])
				putf(&o, ",%s", name[b]);
		}
		put(&o, "\n", 1);
		f += n;
	}
	int rc = o.oom ? (seterr(err, errn, "out of memory"), -1) : write_file(path, o.p, o.n, err, errn);
	free(o.p);
	return rc;
}

int js_movie_write(const js_model *m, const int32_t *axis_values, const char *path,
		   const uint8_t *seq, int len, char *err, size_t errn)
{
	int fmt;
	int p = check_fit(m, path, &fmt, err, errn);
	if (p < 0)
		return -1;
	if (len < 1) {
		seterr(err, errn, "'%s': no input frames to write", path);
		return -1;
	}
	unsigned used = 0;
	for (int f = 0; f < len; f++)
		used |= seq[f];
	for (int b = 0; b < JS_N_BUTTONS; b++)
		if ((used >> b & 1u) && !js_movie_button(m, axis_values, b)) {
			char list[128];
			button_list(m, axis_values, list, sizeof list);
			seterr(err, errn, "%s has no controller button for input '%c' (its buttons: %s)",
			       m->id, JS_SEQ_BUTTONS[b], list);
			return -1;
		}
	switch (fmt) {
	case F_BK2: return write_bk2(m, p, axis_values, path, seq, len, err, errn);
	case F_FM2: return write_fm2(m, axis_values, path, seq, len, err, errn);
	case F_M64: return write_m64(m, axis_values, path, seq, len, err, errn);
	default: return write_tas(m, axis_values, path, seq, len, err, errn);
	}
}

/* ---- reading ---- */

#define MOVIE_MAX_FRAMES (1 << 24)

/* Movie frames as model input bytes (each button the model reads, pressed or not). */
typedef struct frames {
	uint8_t *v;
	long n, cap;
} frames;

static int add_frames(frames *fr, uint8_t v, long count, const char *path, char *err, size_t errn)
{
	if (count <= 0)
		return 0; /* nothing to add (fr->v may still be NULL: no memset on it) */
	if (count > MOVIE_MAX_FRAMES - fr->n) {
		seterr(err, errn, "'%s': longer than %d frames", path, MOVIE_MAX_FRAMES);
		return -1;
	}
	if (fr->n + count > fr->cap) {
		long cap = fr->cap ? fr->cap : 1024;
		while (cap < fr->n + count)
			cap *= 2;
		uint8_t *q = realloc(fr->v, (size_t)cap);
		if (!q) {
			seterr(err, errn, "out of memory");
			return -1;
		}
		fr->v = q;
		fr->cap = cap;
	}
	memset(fr->v + fr->n, v, (size_t)count);
	fr->n += count;
	return 0;
}

static char *slurp(const char *path, size_t *n, char *err, size_t errn)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		seterr(err, errn, "cannot read '%s': %s", path, strerror(errno));
		return NULL;
	}
	buf b = { 0 };
	char tmp[65536];
	size_t k;
	while ((k = fread(tmp, 1, sizeof tmp, f)) > 0 && b.n < (1u << 30))
		put(&b, tmp, k);
	int bad = ferror(f);
	fclose(f);
	if (bad || b.oom) {
		free(b.p);
		seterr(err, errn, bad ? "cannot read '%s'" : "out of memory reading '%s'", path);
		return NULL;
	}
	if (!b.p)
		put(&b, "", 0);
	if (!b.p) {
		seterr(err, errn, "out of memory");
		return NULL;
	}
	*n = b.n;
	return b.p;
}

/* Next line of text (without its end); NULL at the end.  *s advances. */
static const char *next_line(const char **s, size_t *len)
{
	const char *p = *s;
	if (!*p)
		return NULL;
	size_t n = strcspn(p, "\n");
	*s = p + n + (p[n] == '\n');
	while (n > 0 && p[n - 1] == '\r')
		n--;
	*len = n;
	return p;
}

static int read_bk2(const js_model *m, int p, const int32_t *ax, const char *path, frames *fr,
		    char *err, size_t errn)
{
	size_t zn, hn, ln;
	char *z = slurp(path, &zn, err, errn);
	if (!z)
		return -1;
	char *hdr = zip_read((const uint8_t *)z, zn, path, "Header.txt", &hn, err, errn);
	char *log = hdr ? zip_read((const uint8_t *)z, zn, path, "Input Log.txt", &ln, err, errn)
			: NULL;
	free(z);
	bk2_cols *c = malloc(sizeof *c);
	int rc = -1;
	if (!hdr || !log || !c) {
		if (hdr && log)
			seterr(err, errn, "out of memory");
		goto out;
	}
	/* the platform */
	const char *s = hdr, *line;
	size_t len;
	while ((line = next_line(&s, &len)))
		if (len > 9 && strncmp(line, "Platform ", 9) == 0) {
			const char *want = bk2_platforms[p].platform;
			if (len - 9 != strlen(want) || strncmp(line + 9, want, len - 9) != 0) {
				seterr(err, errn, "'%s' is a %.*s movie; %s is %s (BizHawk platform %s)",
				       path, (int)(len - 9 > 40 ? 40 : len - 9), line + 9, m->id,
				       m->platform, want);
				goto out;
			}
		}
	/* the columns: the file's LogKey, else the core's default */
	int have_key = 0;
	s = log;
	while ((line = next_line(&s, &len)))
		if (len > 7 && strncmp(line, "LogKey:", 7) == 0) {
			char *k = strndup(line + 7, len - 7);
			if (!k || bk2_parse_logkey(k, c) != 0) {
				free(k);
				seterr(err, errn, "'%s': malformed LogKey line in Input Log.txt", path);
				goto out;
			}
			free(k);
			have_key = 1;
			break;
		}
	if (!have_key)
		bk2_parse_logkey(bk2_platforms[p].logkey, c);
	int cols[JS_N_BUTTONS][4];
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		const char *bs = js_movie_button(m, ax, b);
		char name[32];
		for (int a = 0; a < 4; a++)
			cols[b][a] = bs && alt_name(bs, a, name, sizeof name) ? bk2_find(c, name) : -1;
		if (bs && cols[b][0] < 0 && cols[b][1] < 0 && cols[b][2] < 0 && cols[b][3] < 0) {
			seterr(err, errn, "'%s': its LogKey has no column for %s's button %s", path,
			       m->id, bs);
			goto out;
		}
	}
	/* the frames */
	s = log;
	long lineno = 0;
	while ((line = next_line(&s, &len))) {
		lineno++;
		if (len == 0 || line[0] != '|')
			continue;
		uint8_t v = 0;
		size_t i = 0;
		int col = 0, g = -1;
		while (i < len && col < c->n) {
			if (line[i] == '|') {
				i++;
				continue;
			}
			if (c->group[col] != g && g >= 0 && line[i - 1] != '|')
				break; /* a group ended early */
			g = c->group[col];
			size_t j = i;
			while (j < len && (line[j] == ' ' || line[j] == '-' || isdigit((unsigned char)line[j])))
				j++;
			int pressed = 0;
			if (j < len && line[j] == ',' && j > i) {
				i = j + 1; /* an axis value */
			} else {
				pressed = line[i] != '.';
				i++;
			}
			for (int b = 0; b < JS_N_BUTTONS; b++)
				for (int a = 0; a < 4; a++)
					if (cols[b][a] == col && pressed)
						v |= (uint8_t)(1u << b);
			col++;
		}
		if (col < c->n) {
			seterr(err, errn, "'%s': Input Log.txt line %ld has %d of the LogKey's %d "
				"controls (truncated?)", path, lineno, col, c->n);
			goto out;
		}
		if (add_frames(fr, v, 1, path, err, errn) != 0)
			goto out;
	}
	rc = 0;
out:
	free(hdr);
	free(log);
	free(c);
	return rc;
}

static int read_fm2(const js_model *m, const int32_t *ax, const char *path, frames *fr,
		    char *err, size_t errn)
{
	size_t n;
	char *t = slurp(path, &n, err, errn);
	if (!t)
		return -1;
	if (strlen(t) != n || strncmp(t, "version ", 8) != 0) {
		free(t);
		seterr(err, errn, "'%s': not an FCEUX movie (an .fm2 starts with 'version 3')", path);
		return -1;
	}
	int idx[JS_N_BUTTONS][4];
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		const char *bs = js_movie_button(m, ax, b);
		char name[32];
		for (int a = 0; a < 4; a++)
			idx[b][a] = bs && alt_name(bs, a, name, sizeof name) ? fm2_index(name) : -1;
	}
	const char *s = t, *line;
	size_t len;
	long lineno = 0;
	int rc = 0;
	while ((line = next_line(&s, &len)) && rc == 0) {
		lineno++;
		if (len == 0 || line[0] != '|') {
			if ((len >= 8 && strncmp(line, "binary 1", 8) == 0) ||
			    (len >= 9 && strncmp(line, "port0 ", 6) == 0 && line[6] != '1')) {
				seterr(err, errn, "'%s': line %ld '%.*s' is not read (text input log "
					"with a gamepad on port 0 only)", path, lineno, (int)(len > 20 ? 20 : len),
				       line);
				rc = -1;
			}
			continue;
		}
		/* |commands|port0|... */
		const char *p0 = memchr(line + 1, '|', len - 1);
		if (!p0 || (size_t)(p0 - line) + 9 > len || p0[9] != '|') {
			seterr(err, errn, "'%s': line %ld is not an input record '|c|RLDUTSBA|...' "
				"(truncated?)", path, lineno);
			rc = -1;
			break;
		}
		uint8_t v = 0;
		for (int b = 0; b < JS_N_BUTTONS; b++)
			for (int a = 0; a < 4; a++)
				if (idx[b][a] >= 0 && p0[1 + idx[b][a]] != '.' && p0[1 + idx[b][a]] != ' ')
					v |= (uint8_t)(1u << b);
		rc = add_frames(fr, v, 1, path, err, errn);
	}
	free(t);
	return rc;
}

static int read_m64(const js_model *m, const int32_t *ax, const char *path, frames *fr,
		    char *err, size_t errn)
{
	size_t n;
	char *t = slurp(path, &n, err, errn);
	if (!t)
		return -1;
	const uint8_t *d = (const uint8_t *)t;
	int rc = -1;
	if (n < 4 || memcmp(d, "M64\x1a", 4) != 0) {
		seterr(err, errn, "'%s': not a Mupen64 movie (no M64 signature)", path);
		goto out;
	}
	if (n < 0x400) {
		seterr(err, errn, "'%s': truncated (%zu bytes, the header alone is 1024)", path, n);
		goto out;
	}
	uint32_t ver = rd(d + 4, 4), samples = rd(d + 0x18, 4);
	unsigned nctl = d[0x15];
	if (ver != 3) {
		seterr(err, errn, "'%s': .m64 version %u (version 3 is read)", path, ver);
		goto out;
	}
	if (nctl < 1 || nctl > 4 || !(rd(d + 0x20, 4) & 1u)) {
		seterr(err, errn, "'%s': controller 1 is not present (%u controllers)", path, nctl);
		goto out;
	}
	size_t have = (n - 0x400) / (4u * nctl);
	if (have < samples) {
		seterr(err, errn, "'%s': truncated: the header says %u input samples, the file holds "
			"%zu", path, samples, have);
		goto out;
	}
	int bit[JS_N_BUTTONS][4];
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		const char *bs = js_movie_button(m, ax, b);
		char name[32];
		for (int a = 0; a < 4; a++)
			bit[b][a] = bs && alt_name(bs, a, name, sizeof name) ? m64_bit(name) : -1;
	}
	for (uint32_t i = 0; i < samples; i++) {
		uint32_t w = rd(d + 0x400 + (size_t)i * 4u * nctl, 4);
		uint8_t v = 0;
		for (int b = 0; b < JS_N_BUTTONS; b++)
			for (int a = 0; a < 4; a++)
				if (bit[b][a] >= 0 && (w >> bit[b][a] & 1u))
					v |= (uint8_t)(1u << b);
		if (add_frames(fr, v, 1, path, err, errn) != 0)
			goto out;
	}
	rc = 0;
out:
	free(t);
	return rc;
}

static int read_tas(const js_model *m, const int32_t *ax, const char *path, frames *fr,
		    char *err, size_t errn)
{
	size_t n;
	char *t = slurp(path, &n, err, errn);
	if (!t)
		return -1;
	char names[JS_N_BUTTONS][4][8];
	for (int b = 0; b < JS_N_BUTTONS; b++) {
		const char *bs = js_movie_button(m, ax, b);
		for (int a = 0; a < 4; a++)
			if (!bs || !alt_name(bs, a, names[b][a], sizeof names[b][a]))
				names[b][a][0] = 0;
	}
	const char *s = t, *line;
	size_t len;
	long lineno = 0;
	int rc = 0;
	if (strlen(t) != n) {
		seterr(err, errn, "'%s': not a text file (a CelesteTAS .tas is text)", path);
		rc = -1;
	}
	while (rc == 0 && (line = next_line(&s, &len))) {
		lineno++;
		size_t i = 0;
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		if (i == len || line[i] == '#')
			continue;
		if (!isdigit((unsigned char)line[i])) {
			static const char *const unsupported[] = { "Read", "Repeat", "EndRepeat", "Play" };
			for (size_t u = 0; u < sizeof unsupported / sizeof unsupported[0]; u++) {
				size_t ul = strlen(unsupported[u]);
				if (len - i >= ul && strncasecmp(line + i, unsupported[u], ul) == 0 &&
				    (len - i == ul || !isalpha((unsigned char)line[i + ul]))) {
					seterr(err, errn, "'%s': line %ld: the %s command is not read (expand "
						"it in Celeste Studio first)", path, lineno, unsupported[u]);
					rc = -1;
				}
			}
			continue; /* other commands (Set, console, ***, RecordCount: ...) */
		}
		long count = 0;
		while (i < len && isdigit((unsigned char)line[i]) && count < MOVIE_MAX_FRAMES)
			count = count * 10 + (line[i++] - '0');
		uint8_t v = 0;
		while (i < len) {
			if (line[i] != ',') {
				seterr(err, errn, "'%s': line %ld: expected ',' after the frame count or an "
					"action", path, lineno);
				rc = -1;
				break;
			}
			i++;
			size_t j = i;
			while (j < len && line[j] != ',')
				j++;
			char tok[16];
			size_t tl = j - i < sizeof tok - 1 ? j - i : sizeof tok - 1;
			memcpy(tok, line + i, tl);
			tok[tl] = 0;
			/* actions are letters, several may share one token ("JD"); F's angle is a number */
			if (!isdigit((unsigned char)tok[0]) && tok[0] != '.' && tok[0] != '-')
				for (size_t q = 0; q < tl; q++)
					for (int b = 0; b < JS_N_BUTTONS; b++)
						for (int a = 0; a < 4; a++)
							if (names[b][a][0] && !names[b][a][1] &&
							    toupper((unsigned char)tok[q]) == names[b][a][0])
								v |= (uint8_t)(1u << b);
			i = j;
		}
		if (rc == 0)
			rc = add_frames(fr, v, count, path, err, errn);
	}
	free(t);
	return rc;
}

int js_movie_read(const js_model *m, const int32_t *axis_values, const char *path,
		  long first_frame, uint8_t **seq, int *len, char *err, size_t errn)
{
	*seq = NULL;
	*len = 0;
	int fmt;
	int p = check_fit(m, path, &fmt, err, errn);
	if (p < 0)
		return -1;
	frames fr = { 0 };
	int rc;
	switch (fmt) {
	case F_BK2: rc = read_bk2(m, p, axis_values, path, &fr, err, errn); break;
	case F_FM2: rc = read_fm2(m, axis_values, path, &fr, err, errn); break;
	case F_M64: rc = read_m64(m, axis_values, path, &fr, err, errn); break;
	default: rc = read_tas(m, axis_values, path, &fr, err, errn); break;
	}
	if (rc != 0) {
		free(fr.v);
		return -1;
	}
	int k = fmt == F_BK2 ? js_movie_video_frames(m, axis_values) : 1;
	long first = first_frame;
	if (first == JS_MOVIE_FIRST_PRESS) {
		for (first = 0; first < fr.n; first++)
			if ((fr.v[first] & JS_IN_JUMP) && (first == 0 || !(fr.v[first - 1] & JS_IN_JUMP)))
				break;
		if (first == fr.n) {
			char b[64] = "";
			const char *bs = js_movie_button(m, axis_values, 0);
			snprintf(b, sizeof b, "%s", bs ? bs : "jump");
			seterr(err, errn, "'%s': no press of %s's jump button (%s) in its %ld frames; "
				"give the movie frame", path, m->id, b, fr.n);
			free(fr.v);
			return -1;
		}
	} else if (first < 0 || first >= fr.n) {
		seterr(err, errn, "'%s': movie frame %ld is past the end (the movie has %ld frames, "
			"0..%ld)", path, first_frame, fr.n, fr.n - 1);
		free(fr.v);
		return -1;
	}
	long nf = (fr.n - first + k - 1) / k;
	if (nf > JS_MAX_FRAMES)
		nf = JS_MAX_FRAMES;
	uint8_t *out = malloc((size_t)nf);
	if (!out) {
		free(fr.v);
		seterr(err, errn, "out of memory");
		return -1;
	}
	for (long i = 0; i < nf; i++) {
		uint8_t v = 0;
		for (long r = 0; r < k && first + i * k + r < fr.n; r++)
			v |= fr.v[first + i * k + r];
		out[i] = v;
	}
	free(fr.v);
	*seq = out;
	*len = (int)nf;
	return 0;
}

int js_movie_check_format(const js_model *m, const char *format, char *err, size_t errn)
{
	const char *fits = js_movie_formats(m);
	if (!*fits) {
		snprintf(err, errn, "%s (%s) has no movie format: %s", m->id, m->platform,
			 m->movie.note ? m->movie.note : "no button map");
		return -1;
	}
	if (format) {
		const char *want = format + (format[0] == '.');
		size_t n = strlen(want);
		for (const char *p = fits; *p;) {
			size_t k = strcspn(p, " ");
			if (k == n && strncasecmp(p, want, n) == 0)
				return 0;
			p += k + (p[k] == ' ');
		}
		snprintf(err, errn, "movie format %.16s does not fit %s (%s); its formats: %s", want,
			 m->id, m->platform, fits);
		return -1;
	}
	return 0;
}

void js_movie_name_part(char *s)
{
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '=' || *s == '-' || *s == '.'))
			*s = '_';
}

int js_movie_write_dir(const js_model *m, const int32_t *axis_values, const char *dir,
		       const char *format, const char *name, const uint8_t *seq, int len,
		       size_t *written, char *err, size_t errn)
{
	if (js_movie_check_format(m, format, err, errn) != 0)
		return -1;
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		snprintf(err, errn, "cannot create '%s': %s", dir, strerror(errno));
		return -1;
	}
	const char *p = format ? format + (format[0] == '.') : js_movie_formats(m);
	while (*p) {
		size_t k = format ? strlen(p) : strcspn(p, " ");
		char path[4096];
		snprintf(path, sizeof path, "%s/%s.%.*s", dir, name, (int)(k < 8 ? k : 8), p);
		if (js_movie_write(m, axis_values, path, seq, len, err, errn) != 0)
			return -1;
		(*written)++;
		p += k + (p[k] == ' ');
	}
	return 0;
}
