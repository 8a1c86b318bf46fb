/* sweep/engine/movie.h - emulator movies, both ways: a model's input sequence written as a movie
 * the player's tool loads, and a movie's input log read back into one input byte per model frame.
 *
 * Formats (docs/movies.md says what each field holds and where the layouts come from):
 *   .bk2  BizHawk: a zip of Header.txt, Comments.txt, Subtitles.txt, SyncSettings.json and
 *         Input Log.txt (the LogKey line, then one "|...|" line per emulated frame in the core's
 *         mnemonics); NES (NesHawk), SNES (BSNESv115+), Genesis (Genplus-gx), GBA (mGBA),
 *         N64 (Mupen64Plus), PSX (Octoshock);
 *   .fm2  FCEUX (NES): a text header, then "|0|RLDUTSBA|||" per frame;
 *   .m64  Mupen64 (N64): a 0x400-byte header, then 4 bytes per controller per input poll;
 *   .tas  CelesteTAS (celeste): "   N,J" lines, N frames with the listed actions.
 * The model's js_movie_map (kernels/model.h) names the controller button of each input bit
 * (an axis may choose it: smw's jump=spin is A) and the video frames per model frame (.bk2 on
 * N64).  A movie holds the jump's inputs only: the player splices them in at the frame where
 * the character stands still on flat ground (the model's init). */
#ifndef JS_MOVIE_H
#define JS_MOVIE_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* js_movie_read's first_frame: start at the first movie frame on which the jump button goes
 * down (down there, up on the frame before or the movie's first frame). */
#define JS_MOVIE_FIRST_PRESS (-1L)

/* The formats the model's platform takes, as extensions separated by spaces ("bk2 fm2"); ""
 * when none (m->movie.note says why). */
const char *js_movie_formats(const js_model *m);

/* 1 when path ends in .bk2, .fm2, .m64 or .tas (any case). */
int js_movie_is_path(const char *path);

/* Writes seq (len model frames, frame 0 the press) as a movie, the format from path's
 * extension; axis_values (model order) choose axis-dependent buttons and frame counts.  The file
 * is written under a temporary name and renamed when complete.  Returns 0, or -1 with a one-line
 * message in err (a format that does not fit the platform names the formats that do; an input
 * bit the model has no button for is named). */
int js_movie_write(const js_model *m, const int32_t *axis_values, const char *path,
		   const uint8_t *seq, int len, char *err, size_t errn);

/* Reads a movie into one input byte per model frame (*seq malloc'd, the caller frees it), from
 * movie frame first_frame (0-based, as BizHawk's TAStudio, FCEUX's TAS Editor and the files count
 * them) or, with JS_MOVIE_FIRST_PRESS, from the first press of the jump button, to the end of the
 * movie (at most JS_MAX_FRAMES model frames).  Only the buttons the model reads are taken; the
 * other buttons of the movie are ignored.  On .bk2 N64 movies the VIs of one model frame are
 * OR'ed.  Returns 0, or -1 with a one-line message in err (wrong platform, truncated or
 * malformed file, no press). */
int js_movie_read(const js_model *m, const int32_t *axis_values, const char *path,
		  long first_frame, uint8_t **seq, int *len, char *err, size_t errn);

/* 0 when format (an extension, with or without the dot; NULL: any) fits the model's platform,
 * else -1 with a one-line message naming the formats that do. */
int js_movie_check_format(const js_model *m, const char *format, char *err, size_t errn);
/* Makes s (a start condition's label, "vx=48 jump=normal") fit a file name: every character
 * but letters, digits, '=', '-' and '.' becomes '_'. */
void js_movie_name_part(char *s);
/* Writes seq as DIR/NAME.EXT for every format of the model's platform (format NULL) or for that
 * format alone, creating DIR if needed; *written counts the files.  Returns 0, or -1 with a
 * one-line message. */
int js_movie_write_dir(const js_model *m, const int32_t *axis_values, const char *dir,
		       const char *format, const char *name, const uint8_t *seq, int len,
		       size_t *written, char *err, size_t errn);

/* Video frames per model frame in a .bk2 (1 but on N64: 2 for sm64, banjo by its dt axis). */
int js_movie_video_frames(const js_model *m, const int32_t *axis_values);

/* The controller button(s) of input bit b (0..JS_N_BUTTONS-1) for these axis values: "A",
 * "A|B|C" (written with the first, read as any); NULL when the model has none. */
const char *js_movie_button(const js_model *m, const int32_t *axis_values, int b);

#endif
