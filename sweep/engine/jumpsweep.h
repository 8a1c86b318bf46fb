/* jumpsweep.h - libjumpsweep's C API: the engine the jumpsweep command line runs, for any other
 * front end (the Python package python/jumpsweep calls it through cffi).
 *
 * Stable: the functions below keep their signatures and meanings within an API version
 * (jumpsweep_api_version()); new functions may be added.  Plain C types only, no structs: a
 * caller in any language binds it from this header alone.
 *
 * Conventions.
 *  - Errors: a function that can fail returns a status (JUMPSWEEP_OK, JUMPSWEEP_EUSAGE for bad
 *    input, JUMPSWEEP_ERUNTIME for a run-time failure) and writes the one-line message the CLI
 *    would print (without "jumpsweep: ") into err[0..errn-1].  Nothing exits or aborts the caller.
 *  - Arguments are given in the CLI's words: axis arguments "NAME=A:B" / "NAME=A" (names too:
 *    "env=water"), holds "A:B", input sequences in the --seq alphabet ("J12.5J"), lengths as
 *    decimal text in the model's unit ("27.5"); NULL or 0 for "the default".
 *  - Text and JSON results are malloc'd strings: free them with jumpsweep_free.
 *  - Numeric results are written into caller-provided arrays (no copy on the caller's side);
 *    calls may run for a long time and use OpenMP threads; they touch no global state but
 *    the lane-kernel path chosen by $JUMPSWEEP_ISA, so calls from several threads are safe.
 */
#ifndef JUMPSWEEP_H
#define JUMPSWEEP_H

#include <stddef.h>
#include <stdint.h>

#define JUMPSWEEP_API_VERSION 1

#define JUMPSWEEP_OK 0
#define JUMPSWEEP_ERUNTIME 1
#define JUMPSWEEP_EUSAGE 2

/* JUMPSWEEP_API_VERSION of the library (a caller checks it against its header's). */
int jumpsweep_api_version(void);
/* The engine's version, "0.1.0". */
const char *jumpsweep_version(void);
/* Frees a string this library returned. */
void jumpsweep_free(void *p);

/* Every model as a JSON array, in `jumpsweep list` order: id, game, platform, character, unit,
 * sub_per_unit, fps, tile, frame, sources, notes, claims, default_hold, default_frames,
 * character_height (and _source), buttons, movie_formats, axes (name, unit, long_name, min, max,
 * default_lo, default_hi, names, button, values), flags (bit, mask, name, description), fields
 * (name, min, max, why, value_names) and rules (name, what).  NULL when out of memory. */
char *jumpsweep_models_json(void);

/* ---- sweep: a grid of jumps ---- */

typedef struct jumpsweep_grid jumpsweep_grid;

/* A grid of model (its default grid changed by the axis arguments; holds "A:B" or the input
 * sequences seqs[0..n_seqs-1] or a sequence file / emulator movie seq_file; frames: the frame
 * limit, 0 for the model's).  *out is NULL on an error. */
int jumpsweep_grid_new(const char *model, const char *const *axes, int n_axes, const char *hold,
		       const char *const *seqs, int n_seqs, const char *seq_file, long frames,
		       jumpsweep_grid **out, char *err, size_t errn);
void jumpsweep_grid_free(jumpsweep_grid *g);
/* Lanes of the grid: the product of its shape. */
int64_t jumpsweep_grid_lanes(const jumpsweep_grid *g);
/* The grid's description as JSON, everything the HDF5 group /<model> holds but the results:
 * {"model", "dims": [...], "shape": [...], "coords": [{name, dims, dtype, values, attrs}],
 *  "vars": [{name, dtype, attrs}], "attrs": [...]}; each attrs a list of [name, type, value]
 * with type "str", "i32", "i64", "f64", "u32[]" or "str[]". */
char *jumpsweep_grid_json(const jumpsweep_grid *g);
/* Runs every lane (isa: "scalar", "sse4", "avx2", "avx512", "reference" or NULL/"auto" for the
 * best path; threads 0: all) and writes the results in C order over the grid's shape (the
 * pattern varies fastest): rise_sub (sub-units), rise (rise_sub / sub_per_unit, the model's
 * unit), apex_frame, airtime, flags; any of them may be NULL but rise_sub.  The same bits as
 * `jumpsweep sweep` on every path and thread count. */
int jumpsweep_sweep(const jumpsweep_grid *g, const char *isa, int threads, int64_t *rise_sub,
		    double *rise, int32_t *apex_frame, int32_t *airtime, uint32_t *flags, char *err,
		    size_t errn);

/* ---- trace: one jump frame by frame ---- */

/* `jumpsweep trace`'s CSV ("# units:" line, header, one row per frame) of one jump: one value per
 * axis, one hold or one sequence (seq, or a sequence file / movie), start fields "FIELD=V". */
int jumpsweep_trace_csv(const char *model, const char *const *axes, int n_axes, const char *hold,
			const char *seq, const char *seq_file, const char *const *starts,
			int n_starts, long frames, char **csv, char *err, size_t errn);

/* ---- reach: every reachable apex ---- */

/* `jumpsweep reach` over the start conditions the axis arguments give, written as the HDF5
 * group /<model>/reach of a new file at path (the CLI's layout, docs/reach.md).  max_memory:
 * bytes per start condition ("4G"; NULL: the default), max_states 0: no cap; canonical 1:
 * canonical witnesses.  *incomplete receives the number of sets a budget cut short. */
int jumpsweep_reach_h5(const char *model, const char *const *axes, int n_axes, long frames,
		       const char *max_memory, uint64_t max_states, int canonical, int threads,
		       const char *path, int *incomplete, char *err, size_t errn);

/* ---- find: the input for a rise ---- */

/* `jumpsweep find`'s answers as JSON, one object per start condition: the start's axes, and
 * "exact", "best", "shortest", "longest", "below", "above" (each {rise_sub, rise, apex_frame,
 * airtime, held, presses, proven, frames, witness} or null), "complete".  The question: rise
 * (a length in the model's unit), or rise_sub (sub-units, when rise is NULL), or highest = 1;
 * apex_frame and airtime "F" or "F:G" or NULL. */
int jumpsweep_find_json(const char *model, const char *const *axes, int n_axes, const char *rise,
			const char *rise_sub, int highest, const char *apex_frame,
			const char *airtime, long frames, const char *max_memory,
			uint64_t max_states, int threads, char **json, char *err, size_t errn);

/* ---- check: the claims ---- */

/* `jumpsweep check --format json` over the claims files of claims_dir (games: only the files
 * <game>.json; ids: only these claims): an array of claims, each with id, verdict, status, file,
 * sentence, seed and its checks (model, what, label, figure, measure, verdict, measured,
 * expected, tolerance, lane_paths, note).  *failed: the failing claims. */
int jumpsweep_check_json(const char *claims_dir, const char *const *games, int n_games,
			 const char *const *ids, int n_ids, char **json, int *failed, char *err,
			 size_t errn);

#endif
