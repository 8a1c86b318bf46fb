/* kernels/model.h - the model contract: metadata, axes, scalar reference, lane kernel.
 *
 * A model is one game's vertical jump physics.  It provides
 *   - metadata (id, game, platform, unit, sub-units per unit, frame rate, sources, claims);
 *   - axes: the start conditions and environments it understands;
 *   - a scalar reference: init / step / observe, written like the game's routine.  The reference
 *     is the spec: every seed claim is tested against it;
 *   - a lane kernel: the same semantics over a block of lanes in structure-of-arrays layout,
 *     branch-free, compiled once per ISA (see isa.h), bit-identical to the reference.
 *
 * A model's state is a fixed-size plain value (no pointers, no padding left uninitialised: init
 * memsets it), so it can be compared with memcmp and hashed.  Adding a game is one new file in
 * kernels/ and one line in kernels/models.def.
 */
#ifndef JS_MODEL_H
#define JS_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "isa.h"

/* Input bits: one byte per frame.  A model lists the bits it reads in js_model.inputs. */
enum {
	JS_IN_JUMP = 1u << 0, /* the jump button (A on NES/SNES, A/B/C on Genesis, Jump in Celeste) */
	JS_IN_DOWN = 1u << 1, /* Down on the d-pad / stick (Celeste fast fall) */
	JS_IN_Z = 1u << 2,    /* Z trigger (SM64 long jump / ground pound) */
	JS_IN_B = 1u << 3,    /* B / a second action button */
};
/* A character on the ground never takes off without a jump press, except on frame 0 when an
 * axis forces the take-off (sonic1 start=written/spring): the shared early stop (js_vacc_done)
 * relies on this to stop stepping lanes with no press left (it first checks on frame 7).  A
 * model whose press starts a scripted take-off later (pop: the standing jump leaves the ground
 * on cycle 9) uses its own stop rule in its lane kernel. */

/* Flags common to all models (bits 0..7); a model defines its own from bit 8 up and names them
 * in js_model.flag_names (index = bit number). */
enum {
	JS_FLAG_NO_TAKEOFF = 1u << 0, /* never left the ground within the frame limit */
	JS_FLAG_NOT_LANDED = 1u << 1, /* still airborne when the frame limit was reached */
	JS_FLAG_BELOW_START = 1u << 2, /* airborne below the take-off height (not counting the landing
					* frame, where a game may keep a sub-unit fraction below it) */
	JS_FLAG_RELAUNCH = 1u << 3,    /* the landing frame's own input started a new jump (smw, cv2,
					* scv4: the jump check runs after the collision in one frame) */
};
/* The landing rule.  A jump ends on the frame whose collision puts the character on the ground,
 * even when the same frame's input then starts a new jump (that press belongs to the next jump).
 * A model whose step can land and relaunch in one frame reports that frame with observe's flags
 * holding JS_FLAG_RELAUNCH, height the height at the landing (before the relaunch, measured from
 * the ending jump's take-off) and grounded 0 (the character is in the air again).  The
 * accounting below, the lane kernels and jumpsweep reach all end the jump there.  observe may
 * read per-frame scratch (bytes after key_size) for the height of such a frame only: reach never
 * keeps a landed state. */
#define JS_FLAG_MODEL_SHIFT 8
#define JS_MAX_FLAGS 32
/* What the common bits mean, once for every model (a model's flag_what holds its own bits only):
 * `jumpsweep list MODEL`, the HDF5 flag_descriptions attribute, trace and docs/flags.md. */
#define JS_FLAG_WHAT_NO_TAKEOFF "The character never left the ground within the frame limit."
#define JS_FLAG_WHAT_NOT_LANDED "The character was still in the air when the frame limit was reached."
#define JS_FLAG_WHAT_BELOW_START "The character was in the air below its take-off height (the landing " \
	"frame, which may keep a sub-unit fraction below it, does not count)."
#define JS_FLAG_WHAT_RELAUNCH "The landing frame's own input started a new jump (the jump check runs " \
	"after the collision in one frame); the jump ends on that frame."

#define JS_MAX_AXES 4
#define JS_MAX_AXIS_NAMES 16
#define JS_MAX_AXIS_VALUES 6

/* An axis: a start condition or environment.  Numeric axes take integer values in [min, max];
 * named axes take the index of one of names[] (0..n_names-1).  An axis with input_bit != 0 is not
 * passed to init: value 1 holds that button on every frame of a hold sweep (value 0 leaves it). */
typedef struct js_axis {
	const char *name;      /* CLI and HDF5 name, e.g. "vx" */
	const char *unit;      /* e.g. "1/16 px/frame"; "" for named axes */
	const char *long_name; /* a sentence fragment for HDF5 long_name and `jumpsweep list` */
	int32_t min, max;      /* the range init accepts */
	int32_t def_lo, def_hi; /* default sweep range */
	int n_names;           /* > 0 for named axes */
	const char *names[JS_MAX_AXIS_NAMES];
	unsigned input_bit;    /* see above */
	/* Numeric axes: values the game itself uses, by name (smw's run speed, sonic's top speed),
	 * each cited to the disassembly; `--axis vx=run` takes the name.  Unused entries: name NULL. */
	struct js_axis_value {
		const char *name;   /* e.g. "pspeed" (not a number; unique on the axis) */
		int32_t value;      /* in the axis unit, within min..max */
		const char *source; /* the label / table the value comes from */
	} values[JS_MAX_AXIS_VALUES];
} js_axis;

/* What a step leaves observable, in the model's sub-units. */
typedef struct js_obs {
	int64_t height;   /* take-off height - current height, + up, in sub-units */
	int grounded;     /* 1 while on the ground (before take-off and after landing) */
	uint32_t flags;   /* events this frame (model bits from JS_FLAG_MODEL_SHIFT) */
} js_obs;

/* One block of lanes for a lane kernel.  Lane l reads axis values axis[a][l]; its inputs are bit
 * planes, one per button (bit b of the input byte): on frame f button b is bit (f & 31) of
 * input[b][(f >> 5) * JS_BLOCK + l], so one frame of a block reads one row of 32-bit words and
 * shifts them all by the same count.  The kernel runs frames 0..n_frames-1 (it may stop early
 * once every lane has landed, or will never take off: grounded with no jump press left) and
 * writes the per-lane results (the accounting below).  Lanes n_lanes..JS_BLOCK-1 are copies of
 * lane n_lanes-1: stepped, never stored. */
#define JS_BLOCK 64
#define JS_N_BUTTONS 4
typedef struct js_lane_args {
	int n_lanes;  /* 1..JS_BLOCK */
	int n_frames; /* 1..JS_MAX_FRAMES */
	const int32_t *axis[JS_MAX_AXES];
	const uint32_t *input[JS_N_BUTTONS];
	int64_t *rise;       /* [n_lanes] sub-units */
	int32_t *apex_frame; /* [n_lanes] */
	int32_t *airtime;    /* [n_lanes] */
	uint32_t *flags;     /* [n_lanes] */
	/* NULL: every lane starts from init(its axis values).  Otherwise lane l starts from the
	 * reference-layout state at (const char *)start + l * state_size (lanes n_lanes.. take the
	 * last one), made as the fuzzer and `start` checks make it: init(the lane's axis values),
	 * then fields from js_model.fields set within their ranges, then fuzz_fix.  The axis values
	 * still describe the lane (the constants init derived from them are unchanged). */
	const void *start;
	/* NULL, or the fuzzer's record of every checked frame count in one run (js_lane_record). */
	struct js_lane_record *record;
} js_lane_args;

typedef void (*js_lane_fn)(const js_lane_args *args);

#define JS_MAX_FRAMES 4096

/* The results a run of k frames would give, for each k in at[0..n-1] (ascending, within
 * 1..n_frames), written by one run of n_frames: what the differential fuzzer compares with the
 * reference after each checked frame count (sweep/engine/fuzzcase.c), instead of one run per
 * count.  A run of k frames gives the accounting after frame k - 1 (with JS_FLAG_NO_TAKEOFF and
 * JS_FLAG_NOT_LANDED as the store adds them): the inputs of frames k.. change nothing before
 * them.  lane.h's accounting (js_vacc_frame, js_vacc_store) fills it for the lanes it runs:
 * seen[l] the frames lane l was stepped (a kernel stops early only when nothing can change, so
 * the store copies the final results to the later counts), and bit l of `lanes` once lane l's
 * rows are complete.  A path with its own accounting leaves `lanes` 0 and the caller runs each
 * count on its own.  The caller sets n, at, idx (frame f -> the i with at[i] == f + 1, else
 * -1) and zeroes seen and lanes. */
#define JS_RECORD_MAX 24
typedef struct js_lane_record {
	int n;
	int32_t at[JS_RECORD_MAX];
	int8_t idx[JS_MAX_FRAMES];
	int32_t seen[JS_BLOCK];
	uint64_t lanes;
	int64_t rise[JS_RECORD_MAX][JS_BLOCK];
	int32_t apex[JS_RECORD_MAX][JS_BLOCK];
	int32_t air[JS_RECORD_MAX][JS_BLOCK];
	uint32_t flags[JS_RECORD_MAX][JS_BLOCK];
} js_lane_record;
#define JS_STATE_MAX 64

/* ---- fuzzing hooks: state fields, invariants (fuzz/, `jumpsweep explain`, check's `start`) ----
 *
 * A field is a variable of the model's state that a start may set: the differential fuzzer
 * (fuzz/) calls init(axis values), sets each field to a value in [min, max], then calls
 * fuzz_fix; the lane kernel must then agree with the reference bit for bit from that state
 * (js_lane_args.start).  [min, max] is what the game's variable can hold: its width (a signed
 * byte speed is -128..127), or the narrower range the game's code can reach, said in `why`.
 * After every step of the reference each field must still lie in its range: a value outside
 * is our arithmetic leaving the game's width (a bug), not a finding. */
typedef enum js_ftype {
	JS_F_U8, JS_F_S8, JS_F_U16, JS_F_S16, JS_F_U32, JS_F_S32, JS_F_F32,
} js_ftype;
typedef struct js_field {
	const char *name;  /* as the trace column or the game's label, e.g. "y_speed" */
	uint16_t offset;   /* offsetof(state, member) */
	uint8_t type;      /* js_ftype */
	double min, max;   /* inclusive; finite for JS_F_F32 */
	const char *why;   /* the label it models, and why the range if narrower than the width */
	/* Optional: value -> name (min..max, each non-NULL) for a field that holds a code (sm64's
	 * action): printed and parsed by name wherever the field appears. */
	const char *const *value_names;
} js_field;
#define JS_MAX_FIELDS 16
#define JS_MAX_INVARIANTS 8

/* Reads / writes a field as a double (every width above is exact in a double). */
double js_field_get(const js_field *f, const void *state);
void js_field_set(const js_field *f, void *state, double v);

/* How a model's input bits map onto the platform controller's buttons, and how its frames line
 * up with an emulator movie's frames (sweep/engine/movie.c, docs/movies.md).  Zero fields mean
 * "none", so a model without a movie map is simply not writable as a movie. */
typedef struct js_movie_map {
	/* For input bit b (JS_IN_*): the controller button that presses it, in the emulator's
	 * naming ("A", "B", "C", "Z", "Down", "Cross", "Jump"); several separated by '|' when the
	 * game treats them alike (Genesis "A|B|C"): a movie is written with the first and read
	 * back with any of them.  NULL for a bit the model does not read. */
	const char *button[JS_N_BUTTONS];
	/* A named axis whose value changes the jump button (smw: jump=spin is A, normal B): the
	 * axis name and one button string per axis value (NULL entries: button[0]). */
	const char *jump_axis;
	const char *jump_by_value[JS_MAX_AXIS_NAMES];
	/* Video frames per model frame in movies with one line per video frame or VI (.bk2 on
	 * N64: sm64 and banjo run their logic every second VI); 0 or 1: one.  An axis may set it
	 * (banjo's dt: 1, 2 or 3 VIs): frames_axis names it, frames_by_value per value.  Movies
	 * with one record per input poll (.m64, .fm2, .tas) take one record per model frame. */
	int frames;
	const char *frames_axis;
	uint8_t frames_by_value[JS_MAX_AXIS_NAMES];
	/* Where the game reads the buttons (disassembly / decompilation labels), which movie frame
	 * is frame 0 (the press), lag frames; what is unknown here and the convention taken. */
	const char *note;
} js_movie_map;

struct js_acc; /* the per-lane accounting, below */

typedef struct js_model {
	const char *id;        /* stable name: CLI, HDF5 group, claim ids */
	const char *game;
	const char *platform;
	const char *character; /* character / mode modelled */
	const char *unit;      /* length unit, e.g. "px" */
	int64_t sub_per_unit;  /* sub-units per unit: 256 for 8.8, 1 for whole pixels */
	double tile;           /* one level tile / block in the unit (16 px on the NES), for
				* comparing games; 0 where the game has none */
	double fps;            /* frames (logic updates) per second */
	const char *frame;     /* what one frame is, e.g. "NTSC frame (60.0988 Hz)" */
	js_movie_map movie;    /* button map and frame alignment for emulator movies (above) */
	const char *sources;   /* repositories and labels the reference follows */
	const char *notes;     /* conventions, left-out items, open questions (docs/open-questions.md) */
	const char *const *claims; /* NULL-terminated claim ids the model covers */
	int n_axes;
	js_axis axes[JS_MAX_AXES];
	unsigned inputs;       /* JS_IN_* bits the model reads */
	int default_frames;    /* frame limit of the default grid */
	int default_hold;      /* the default grid holds the jump 0..default_hold frames */
	const char *flag_names[JS_MAX_FLAGS]; /* bit -> name; NULL where unused */
	/* bit -> one sentence saying what the flag means, for the model's own bits (from
	 * JS_FLAG_MODEL_SHIFT); the common bits' sentences are JS_FLAG_WHAT_* (js_flag_what). */
	const char *flag_what[JS_MAX_FLAGS];
	/* A length to compare games by: the character's height in the model unit (or, where that
	 * is the natural yardstick, a wall or ledge height), and where it comes from. */
	double character_height;
	const char *character_height_source;

	size_t state_size;     /* <= JS_STATE_MAX */
	/* The leading bytes of the state that determine the future (jumpsweep reach deduplicates
	 * states on them); 0 = all state_size bytes.  Bytes after key_size may only hold per-frame
	 * scratch (e.g. the events of the last step, reported through observe's flags) that step
	 * overwrites before it reads them and that observe's height and grounded do not read; so a
	 * model places such fields last in its state struct and sets key_size = offsetof(field). */
	size_t key_size;
	/* Reference.  init: the character stands on flat ground the frame before frame 0, jump
	 * button up; axis values are in the model's axis order (input axes included, ignored). */
	void (*init)(void *state, const int32_t *axis_values);
	void (*step)(void *state, unsigned input);
	void (*observe)(const void *state, js_obs *obs);
	/* Optional: the reference run of one lane, js_reference_loop's loop with this model's step
	 * and observe called by name so the compiler inlines them (JS_REFERENCE_RUN below, one line
	 * in the model's file).  NULL: js_reference_run_from runs js_reference_loop. */
	void (*run_ref)(const void *start, const uint8_t *input, int n_frames, struct js_acc *out);
	/* Trace: CSV header (without "frame,input,") and one row for a state. */
	const char *trace_header;
	/* The unit of each trace_header column, comma-separated in the same order ("px",
	 * "1/256 px/frame", "" for a count or code, "name" for a named value). */
	const char *trace_units;
	int (*trace_row)(const void *state, char *buf, size_t n);

	js_lane_fn lane[JS_ISA_COUNT];

	/* Fuzzing hooks (see js_field above).  A model with n_fields == 0 is fuzzed from init's
	 * states only (axes and inputs).  fuzz_fix (optional) makes a state whose fields were set
	 * consistent, as the game keeps it (e.g. a derived byte recomputed); it may not move a field
	 * outside its range. */
	int n_fields;
	js_field fields[JS_MAX_FIELDS];
	void (*fuzz_fix)(void *state);
	/* Invariants of one reference step: the bits i of inv_names[] that the step before ->
	 * after (with input) breaks.  They are the game's rules as players state them (a fall
	 * speed within its cap, a timer that only counts down): the reference follows the game, so
	 * a break is a FINDING about the game's arithmetic (fuzz/FINDINGS.md), written up by
	 * `jumpsweep explain`.  inv_what[i] says the rule as a sentence ("the fall speed stays at
	 * or below 4.00 px/frame"). */
	uint32_t (*invariants)(const void *before, const void *after, unsigned input);
	const char *inv_names[JS_MAX_INVARIANTS];
	const char *inv_what[JS_MAX_INVARIANTS];
	/* A landing bound: from any fuzz start, with no buttons, the character is on the ground
	 * within land_bound frames (0: the model states none).  Checked by the fuzzer as an
	 * invariant named "lands". */
	int land_bound;

	/* Optional, for jumpsweep reach: "nothing later can be higher".  Returns 1 when, from this
	 * state (airborne, after a step), NO continuation under any input ever reaches a height
	 * above the current one, and every continuation's landing frame lies between the landing
	 * frames of the two constant inputs it names (*in_early lands first, *in_late last; JS_IN_*
	 * bytes within the buttons explored, `inputs`).  reach then stops following the state: its
	 * rise is settled and the two constant-input rollouts give its exact landing range.  Each
	 * model proves its rule in a comment; tests compare it with the plain search. */
	int (*settle)(const void *state, unsigned inputs, uint8_t *in_early, uint8_t *in_late);
	/* Optional, for jumpsweep reach: sets to a canonical value the parts of an initial state
	 * that no observed height, grounded or flag depends on, on any input (smb1's |X speed|
	 * while swimming: the swim rows ignore it; sms's forward speed for the take-offs whose
	 * vertical speed does not read it), so that start conditions that differ only there are
	 * searched once.  Each model says why in a comment. */
	void (*reach_canon)(void *state);
} js_model;

/* The one-sentence meaning of flag bit b in model m (JS_FLAG_WHAT_* for the common bits, else
 * m->flag_what[b]); NULL where m does not name bit b. */
const char *js_flag_what(const js_model *m, int b);
/* The names of the set flags joined by '|' ("fall_over_4|clamped"; "" for 0; an unnamed bit as
 * "bitN").  Returns the length written (truncated to n - 1). */
int js_flag_list(const js_model *m, uint32_t flags, char *buf, size_t n);
/* A field value as text: its name (value_names), or the number (%.9g for a float32: it reads
 * back to the same float). */
void js_field_format(const js_field *f, double v, char *buf, size_t n);
/* A field value from text: a name (value_names) or a number.  0, or -1 when it is neither. */
int js_field_scan(const js_field *f, const char *s, double *v);

/* The model table (kernels/models.def). */
extern const js_model *const js_models[];
extern const int js_n_models;
const js_model *js_model_find(const char *id);
int js_axis_find(const js_model *m, const char *name);

/* Per-lane accounting shared by the reference driver and the lane kernels, so both count the
 * same way.  After frame f's step:
 *   - frames before take-off and after landing do not count;
 *   - rise = the largest height seen while airborne (and 0 if it never got above the start);
 *   - apex_frame = the first frame f on which the rise was reached;
 *   - airtime = f + 1 for the frame f whose step puts the character back on the ground (grounded,
 *     or a relaunch: see the landing rule above): the
 *     number of frames from the take-off frame (frame 0 for a press on frame 0) through the
 *     landing frame, i.e. every frame in which the character moved through the air.  (Celeste's
 *     tapped jump: the 15th update, frame 14, lands it: airtime 15, as the seed counts.);
 *   - flags = OR of the flags of every frame from take-off to landing, plus JS_FLAG_BELOW_START
 *     when the height went negative while airborne. */
typedef struct js_acc {
	int64_t rise;
	int32_t apex_frame, airtime;
	uint32_t flags;
	int32_t took_off, landed;
} js_acc;

static inline void js_acc_init(js_acc *a)
{
	a->rise = 0;
	a->apex_frame = 0;
	a->airtime = 0;
	a->flags = 0;
	a->took_off = 0;
	a->landed = 0;
}

static inline void js_acc_frame(js_acc *a, int32_t f, const js_obs *o)
{
	if (a->landed)
		return;
	if (!o->grounded)
		a->took_off = 1;
	if (!a->took_off)
		return;
	int lands = o->grounded || (o->flags & JS_FLAG_RELAUNCH) != 0;
	a->flags |= o->flags;
	if (o->height < 0 && !lands)
		a->flags |= JS_FLAG_BELOW_START;
	if (o->height > a->rise) {
		a->rise = o->height;
		a->apex_frame = f;
	}
	if (lands) {
		a->landed = 1;
		a->airtime = f + 1;
	}
}

static inline void js_acc_finish(js_acc *a)
{
	if (!a->took_off)
		a->flags |= JS_FLAG_NO_TAKEOFF;
	else if (!a->landed)
		a->flags |= JS_FLAG_NOT_LANDED;
}

/* Run the reference over one lane's inputs and account it. */
void js_reference_run(const js_model *m, const int32_t *axis_values, const uint8_t *input,
		      int n_frames, js_acc *out);
/* The same from a given start state (js_lane_args.start); the state is not modified.  Runs the
 * model's run_ref where it has one, else js_reference_loop. */
void js_reference_run_from(const js_model *m, const void *start, const uint8_t *input,
			   int n_frames, js_acc *out);
/* The reference run through the table's step and observe pointers: frame f = 0, 1, ... steps
 * with input[f], observes and accounts (js_acc_frame) until the jump has landed or n_frames are
 * run, then js_acc_finish.  A model's run_ref must give the same js_acc (tests/test_refrun.c). */
void js_reference_loop(const js_model *m, const void *start, const uint8_t *input, int n_frames,
		       js_acc *out);

/* Defines `static void ID_run_ref(...)` for js_model.run_ref: js_reference_loop's loop with the
 * model's own step and observe (the functions the table names) called directly and inlined
 * (flatten), the state a local STATE_T and the accounting a local js_acc, so that they can live
 * in registers instead of going through two indirect calls and memory every frame.  One line in
 * the model's reference section, e.g.
 *   JS_REFERENCE_RUN(smb1, smb1_state, smb1_step, smb1_observe)
 * with .run_ref = smb1_run_ref in its js_model. */
#if defined(__GNUC__)
#define JS_FLATTEN __attribute__((flatten))
#else
#define JS_FLATTEN
#endif
#define JS_REFERENCE_RUN(id, state_t, step, observe)                                               \
	JS_FLATTEN static void id##_run_ref(const void *start, const uint8_t *input, int n_frames,  \
					    js_acc *out)                                           \
	{                                                                                          \
		state_t s_;                                                                        \
		js_obs o_;                                                                         \
		js_acc a_;                                                                         \
		memcpy(&s_, start, sizeof s_);                                                     \
		js_acc_init(&a_);                                                                  \
		for (int f_ = 0; f_ < n_frames && !a_.landed; f_++) {                              \
			step(&s_, input[f_]);                                                      \
			observe(&s_, &o_);                                                         \
			js_acc_frame(&a_, f_, &o_);                                                \
		}                                                                                  \
		js_acc_finish(&a_);                                                                \
		*out = a_;                                                                         \
	}

#endif
