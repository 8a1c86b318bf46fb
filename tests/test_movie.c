/* tests/test_movie.c - emulator movies (sweep/engine/movie.c): every format round-trips a sequence
 * for a model of each platform, hand-written movies (written here from the published format
 * descriptions: FCEUX's fm2.html, TASVideos' BK2Format page, CelesteTAS' input file format) read
 * back to the frames derived by hand, and the errors say what is wrong. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "movie.h"
#include "testutil.h"
#include "tu_cli.h"


TestSuite(movie, .init = setup, .fini = teardown);

static void axes_of(const js_model *m, const char *const *settings, int32_t *ax)
{
	for (int a = 0; a < m->n_axes; a++)
		ax[a] = m->axes[a].def_lo;
	for (; settings && *settings; settings += 2) {
		int a = js_axis_find(m, settings[0]);
		cr_assert(a >= 0, "%s: no axis %s", m->id, settings[0]);
		char err[256];
		cr_assert_eq(js_parse_axis_value(m, &m->axes[a], settings[1], &ax[a], err, sizeof err), 0,
			     "%s", err);
	}
}

/* Writes a pseudo-random sequence over the model's buttons (frame 0 pressed) in format ext and
 * reads it back from movie frame 0: the same bytes, the same length. */
static void roundtrip(const char *id, const char *const *settings, const char *ext)
{
	const js_model *m = js_model_find(id);
	cr_assert_not_null(m);
	int32_t ax[JS_MAX_AXES];
	axes_of(m, settings, ax);
	uint64_t rs = 0x9E3779B97F4A7C15ull ^ (uint64_t)strlen(id) ^ (uint64_t)ext[0] << 8;
	uint8_t seq[97];
	int len = (int)(sizeof seq);
	for (int f = 0; f < len; f++)
		seq[f] = (uint8_t)(tu_rand(&rs) & m->inputs);
	seq[0] |= JS_IN_JUMP;
	char path[512], err[512];
	snprintf(path, sizeof path, "%s/%s.%s", dir, id, ext);
	cr_assert_eq(js_movie_write(m, ax, path, seq, len, err, sizeof err), 0, "%s %s: %s", id, ext,
		     err);
	uint8_t *back = NULL;
	int blen = 0;
	cr_assert_eq(js_movie_read(m, ax, path, 0, &back, &blen, err, sizeof err), 0, "%s %s: %s", id,
		     ext, err);
	cr_expect_eq(blen, len, "%s .%s: %d frames back, %d written", id, ext, blen, len);
	for (int f = 0; f < len && f < blen; f++)
		cr_expect_eq(back[f], seq[f], "%s .%s frame %d: %u back, %u written", id, ext, f,
			     back[f], seq[f]);
	free(back);
	/* from the first press: frame 0 of the movie is one */
	cr_assert_eq(js_movie_read(m, ax, path, JS_MOVIE_FIRST_PRESS, &back, &blen, err, sizeof err),
		     0, "%s", err);
	cr_expect_eq(blen, len);
	free(back);
}

Test(movie, roundtrip_every_platform_and_format)
{
	static const char *const spin[] = { "jump", "spin", NULL };
	static const char *const vi3[] = { "dt", "ntsc_3vi", NULL };
	static const char *const pal[] = { "dt", "pal_1vi", NULL };
	roundtrip("smb1", NULL, "bk2");    /* NES */
	roundtrip("smb1", NULL, "fm2");
	roundtrip("mm2", NULL, "fm2");
	roundtrip("smw", NULL, "bk2");     /* SNES, B */
	roundtrip("smw", spin, "bk2");     /* SNES, A */
	roundtrip("scv4", NULL, "bk2");
	roundtrip("sonic3k", NULL, "bk2"); /* Genesis */
	roundtrip("mzm", NULL, "bk2");     /* GBA, with the tilt and light axes */
	roundtrip("sm64", NULL, "bk2");    /* N64: two VIs a frame, A and Z */
	roundtrip("sm64", NULL, "m64");
	roundtrip("banjo", vi3, "bk2");    /* three VIs a frame */
	roundtrip("banjo", pal, "m64");
	roundtrip("sotn", NULL, "bk2");    /* PSX */
	roundtrip("celeste", NULL, "tas"); /* Jump and Down */
}

Test(movie, formats_per_platform)
{
	cr_expect_str_eq(js_movie_formats(js_model_find("smb1")), "bk2 fm2");
	cr_expect_str_eq(js_movie_formats(js_model_find("sm64")), "bk2 m64");
	cr_expect_str_eq(js_movie_formats(js_model_find("sotn")), "bk2");
	cr_expect_str_eq(js_movie_formats(js_model_find("celeste")), "tas");
	cr_expect_str_eq(js_movie_formats(js_model_find("sms")), "");
	cr_expect_str_eq(js_movie_formats(js_model_find("pop")), "");
	/* every model with a format names a button for every input bit it reads */
	for (int i = 0; i < js_n_models; i++) {
		const js_model *m = js_models[i];
		cr_expect_not_null(m->movie.note, "%s: no movie note", m->id);
		if (!*js_movie_formats(m))
			continue;
		for (int b = 0; b < JS_N_BUTTONS; b++)
			if (m->inputs >> b & 1u)
				cr_expect_not_null(js_movie_button(m, NULL, b), "%s: bit %d", m->id, b);
	}
	/* smw: the jump axis picks the button (SMWDisX: $16 bit 7 is B, $18 bit 7 is A) */
	const js_model *smw = js_model_find("smw");
	int32_t ax[JS_MAX_AXES] = { 0, 1, 0 };
	cr_expect_str_eq(js_movie_button(smw, ax, 0), "A");
	ax[1] = 0;
	cr_expect_str_eq(js_movie_button(smw, ax, 0), "B");
	/* sm64: 30 Hz logic, two VIs per frame; banjo: the dt axis */
	cr_expect_eq(js_movie_video_frames(js_model_find("sm64"), NULL), 2);
	const js_model *banjo = js_model_find("banjo");
	int32_t bx[JS_MAX_AXES] = { 4, 0, 0 }; /* ntsc_3vi */
	cr_expect_eq(js_movie_video_frames(banjo, bx), 3);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

static void expect_seq(const uint8_t *got, int n, const uint8_t *want, int wn, const char *what)
{
	cr_expect_eq(n, wn, "%s: %d frames, expected %d", what, n, wn);
	for (int i = 0; i < n && i < wn; i++)
		cr_expect_eq(got[i], want[i], "%s frame %d: %u, expected %u", what, i, got[i], want[i]);
}

/* FCEUX fm2.html: a "version 3" header of key-value lines, then one "|commands|port0|port1|port2|"
 * record per frame, the gamepad as RLDUTSBA with '.' (or ' ') for a button up. */
Test(movie, hand_written_fm2)
{
	char path[512], err[256];
	snprintf(path, sizeof path, "%s/hand.fm2", dir);
	write_text(path, "version 3\nemuVersion 22020\nrerecordCount 7\npalFlag 0\n"
			 "romFilename Super Mario Bros.\nguid 452DE2C3-EF43-2FA9-77AC-0677FC51543B\n"
			 "fourscore 0\nport0 1\nport1 1\nport2 0\n"
			 "|0|........|........||\n"    /* 0 */
			 "|0|R.......|........||\n"    /* 1: walking right */
			 "|0|R......A|........||\n"    /* 2: A goes down: the jump's frame 0 */
			 "|0|R......A|.......A||\n"    /* 3 (player 2's A is not ours) */
			 "|0|R.....BA|........||\n"    /* 4 */
			 "|0|R      .|........||\n"    /* 5: released (' ' is up too) */
			 "|0|.......A|........||\n");  /* 6: pressed again */
	const js_model *m = js_model_find("smb1");
	int32_t ax[JS_MAX_AXES] = { 0 };
	uint8_t *seq;
	int n;
	cr_assert_eq(js_movie_read(m, ax, path, JS_MOVIE_FIRST_PRESS, &seq, &n, err, sizeof err), 0,
		     "%s", err);
	static const uint8_t want[] = { 1, 1, 1, 0, 1 }; /* movie frames 2..6, A = jump */
	expect_seq(seq, n, want, 5, "fm2 from the first press");
	free(seq);
	cr_assert_eq(js_movie_read(m, ax, path, 5, &seq, &n, err, sizeof err), 0, "%s", err);
	static const uint8_t want5[] = { 0, 1 };
	expect_seq(seq, n, want5, 2, "fm2 from movie frame 5");
	free(seq);
	cr_expect_neq(js_movie_read(m, ax, path, 7, &seq, &n, err, sizeof err), 0);
	cr_expect(strstr(err, "past the end") != NULL, "%s", err);
}

/* CelesteTAS: "frames,actions" lines (J jump, K the second jump binding, D down, R right...),
 * '#' comments, commands such as '***' ignored. */
Test(movie, hand_written_tas)
{
	char path[512], err[256];
	snprintf(path, sizeof path, "%s/hand.tas", dir);
	write_text(path, "# a jump from a longer file\nRecordCount: 3\n\n"
			 "   2\n"        /* movie frames 0-1 */
			 "   3,R,J\n"    /* 2-4: the press */
			 "  1,J\n"       /* 5 */
			 "   2,D\n"      /* 6-7: fast fall, jump up */
			 "***\n"
			 "   1,K,D\n"    /* 8: the second jump binding and down */
			 "   1,F,90\n"); /* 9: feather aim, its angle a number */
	const js_model *m = js_model_find("celeste");
	int32_t ax[JS_MAX_AXES] = { 0 };
	uint8_t *seq;
	int n;
	cr_assert_eq(js_movie_read(m, ax, path, JS_MOVIE_FIRST_PRESS, &seq, &n, err, sizeof err), 0,
		     "%s", err);
	static const uint8_t want[] = { 1, 1, 1, 1, 2, 2, 3, 0 };
	expect_seq(seq, n, want, 8, "tas");
	free(seq);
	write_text(path, "   5,J\nRepeat 3\n   1,J\nEndRepeat\n");
	cr_expect_neq(js_movie_read(m, ax, path, 0, &seq, &n, err, sizeof err), 0);
	cr_expect(strstr(err, "Repeat") != NULL, "%s", err);
}

/* A zip member: stored, or deflated (method 8, raw deflate) as BizHawk writes them. */
static size_t zip_member(uint8_t *out, size_t *cd_len, uint8_t *cd, const char *name,
			 const char *text, int deflate_it, size_t offset)
{
	uLong crc = crc32(0L, (const Bytef *)text, (uInt)strlen(text));
	uint8_t comp[8192];
	size_t clen = strlen(text);
	if (deflate_it) {
		z_stream s;
		memset(&s, 0, sizeof s);
		cr_assert_eq(deflateInit2(&s, 9, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
		s.next_in = (Bytef *)(uintptr_t)text;
		s.avail_in = (uInt)strlen(text);
		s.next_out = comp;
		s.avail_out = sizeof comp;
		cr_assert_eq(deflate(&s, Z_FINISH), Z_STREAM_END);
		clen = sizeof comp - s.avail_out;
		deflateEnd(&s);
	} else {
		memcpy(comp, text, clen);
	}
	size_t nl = strlen(name), ulen = strlen(text);
	uint8_t h[30] = { 0x50, 0x4b, 3, 4, 20, 0, 0, 0, (uint8_t)(deflate_it ? 8 : 0), 0 };
	uint8_t c[46] = { 0x50, 0x4b, 1, 2, 20, 0, 20, 0, 0, 0, (uint8_t)(deflate_it ? 8 : 0), 0 };
	for (int i = 0; i < 4; i++) {
		h[14 + i] = c[16 + i] = (uint8_t)(crc >> 8 * i);
		h[18 + i] = c[20 + i] = (uint8_t)(clen >> 8 * i);
		h[22 + i] = c[24 + i] = (uint8_t)(ulen >> 8 * i);
		c[42 + i] = (uint8_t)(offset >> 8 * i);
	}
	h[26] = c[28] = (uint8_t)nl;
	memcpy(out, h, 30);
	memcpy(out + 30, name, nl);
	memcpy(out + 30 + nl, comp, clen);
	memcpy(cd + *cd_len, c, 46);
	memcpy(cd + *cd_len + 46, name, nl);
	*cd_len += 46 + nl;
	return 30 + nl + clen;
}

static void write_bk2(const char *path, const char *header, const char *log, int trunc)
{
	static uint8_t z[65536], cd[4096];
	size_t n = 0, cdn = 0;
	n += zip_member(z + n, &cdn, cd, "Header.txt", header, 0, n);
	n += zip_member(z + n, &cdn, cd, "Input Log.txt", log, 1, n);
	size_t cd_off = n;
	memcpy(z + n, cd, cdn);
	n += cdn;
	uint8_t e[22] = { 0x50, 0x4b, 5, 6, 0, 0, 0, 0, 2, 0, 2, 0 };
	for (int i = 0; i < 4; i++) {
		e[12 + i] = (uint8_t)(cdn >> 8 * i);
		e[16 + i] = (uint8_t)(cd_off >> 8 * i);
	}
	memcpy(z + n, e, 22);
	n += 22;
	FILE *f = fopen(path, "wb");
	cr_assert_not_null(f);
	fwrite(z, 1, trunc ? n / 2 : n, f);
	fclose(f);
}

/* TASVideos BK2Format: a zip with Header.txt (key value lines, Platform) and Input Log.txt (the
 * LogKey line, then a '|'-line per frame, '.' up and any other character down; axes as 5-wide
 * numbers with a comma).  The SNES layout (BizHawk's BsnesControllers): console Reset, Power;
 * P1 Up Down Left Right Select Start Y B X A L R. */
Test(movie, hand_written_bk2_deflated)
{
	char path[512], err[256];
	snprintf(path, sizeof path, "%s/hand.bk2", dir);
	const char *hdr = "MovieVersion BizHawk v2.0.0\nPlatform SNES\nGameName Super Mario World\n";
	const char *log = "[Input]\n"
			  "LogKey:#Reset|Power|#P1 Up|P1 Down|P1 Left|P1 Right|P1 Select|P1 Start|"
			  "P1 Y|P1 B|P1 X|P1 A|P1 L|P1 R|\n"
			  "|..|............|\n"   /* 0 */
			  "|..|.........A..|\n"   /* 1: A down: a spin jump's frame 0 */
			  "|..|...R.....A..|\n"   /* 2 */
			  "|..|...R..Y..A..|\n"   /* 3 */
			  "|..|............|\n"   /* 4 */
			  "[/Input]\n";
	write_bk2(path, hdr, log, 0);
	const js_model *m = js_model_find("smw");
	int32_t ax[JS_MAX_AXES] = { 0, 1, 0 }; /* jump=spin: A */
	uint8_t *seq;
	int n;
	cr_assert_eq(js_movie_read(m, ax, path, JS_MOVIE_FIRST_PRESS, &seq, &n, err, sizeof err), 0,
		     "%s", err);
	static const uint8_t want[] = { 1, 1, 1, 0 };
	expect_seq(seq, n, want, 4, "bk2 spin");
	free(seq);
	ax[1] = 0; /* jump=normal: B, never pressed */
	cr_expect_neq(js_movie_read(m, ax, path, JS_MOVIE_FIRST_PRESS, &seq, &n, err, sizeof err), 0);
	cr_expect(strstr(err, "no press") != NULL && strstr(err, "(B)") != NULL, "%s", err);
	/* the wrong platform, a truncated archive */
	cr_expect_neq(js_movie_read(js_model_find("smb1"), ax, path, 0, &seq, &n, err, sizeof err), 0);
	cr_expect(strstr(err, "is a SNES movie") != NULL, "%s", err);
	write_bk2(path, hdr, log, 1);
	ax[1] = 1;
	cr_expect_neq(js_movie_read(m, ax, path, 0, &seq, &n, err, sizeof err), 0);
	cr_expect(strstr(err, "truncated") != NULL || strstr(err, "not a zip") != NULL, "%s", err);
}

Test(movie, m64_header_and_errors)
{
	const js_model *m = js_model_find("sm64");
	int32_t ax[JS_MAX_AXES] = { 0 };
	char path[512], err[256];
	snprintf(path, sizeof path, "%s/j.m64", dir);
	static const uint8_t seq[] = { 1, 1, 1, 0, 4 }; /* A A A . Z */
	cr_assert_eq(js_movie_write(m, ax, path, seq, 5, err, sizeof err), 0, "%s", err);
	FILE *f = fopen(path, "rb");
	uint8_t d[0x420];
	size_t n = fread(d, 1, sizeof d, f);
	fclose(f);
	/* TASVideos' M64 page: 0x400 header, then 4 bytes per sample; A is 0x0080 and Z 0x0020 of
	 * the little-endian button word (BizHawk's N64Input.ReadController: A bit 7, Z bit 5) */
	cr_expect_eq(n, 0x400 + 5 * 4);
	cr_expect_eq(memcmp(d, "M64\x1a", 4), 0);
	cr_expect_eq(d[4], 3);                 /* version */
	cr_expect_eq(d[0x0C], 10);             /* VIs: two per 30 Hz frame */
	cr_expect_eq(d[0x14], 60);
	cr_expect_eq(d[0x15], 1);              /* controllers */
	cr_expect_eq(d[0x18], 5);              /* input samples */
	cr_expect_eq(d[0x1C], 2);              /* power-on start */
	cr_expect_eq(d[0x400], 0x80);
	cr_expect_eq(d[0x40C], 0x00);
	cr_expect_eq(d[0x410], 0x20);
	/* truncated: the header says 5 samples */
	cr_assert_eq(truncate(path, 0x400 + 8), 0);
	uint8_t *back;
	int blen;
	cr_expect_neq(js_movie_read(m, ax, path, 0, &back, &blen, err, sizeof err), 0);
	cr_expect(strstr(err, "truncated") != NULL, "%s", err);
	/* the wrong platform, an unknown extension, a button the model does not read */
	snprintf(path, sizeof path, "%s/j.fm2", dir);
	cr_expect_neq(js_movie_write(m, ax, path, seq, 5, err, sizeof err), 0);
	cr_expect(strstr(err, "does not fit sm64") != NULL && strstr(err, ".bk2, .m64") != NULL,
		  "%s", err);
	snprintf(path, sizeof path, "%s/j.vbm", dir);
	cr_expect_neq(js_movie_write(m, ax, path, seq, 5, err, sizeof err), 0);
	cr_expect(strstr(err, "unknown movie format") != NULL, "%s", err);
	static const uint8_t down[] = { 1, 2 };
	snprintf(path, sizeof path, "%s/j.m64", dir);
	cr_expect_neq(js_movie_write(m, ax, path, down, 2, err, sizeof err), 0);
	cr_expect(strstr(err, "no controller button for input 'D'") != NULL, "%s", err);
}
