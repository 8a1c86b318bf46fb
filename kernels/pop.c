/* kernels/pop.c - Prince of Persia (Apple II): the kid's jumps and falls, vertical axis.
 *
 * Follows jmechner/Prince-of-Persia-Apple-II, "01 POP Source/Source" (commit 2524355): the
 * sequence table SEQTABLE.S (instruction codes and sequences), SEQDATA.S (sequence numbers),
 * FRAMEDEF.S (Fcheck, bit 6 = fcheckmark: the floor is checked on that frame), TOPCTRL.S (DoKid,
 * the cycle's order; wtlessflash), COLL.S (ANIMCHAR), SUBS.S (GRAVITY, ADDFALL), CTRL.S
 * (CHECKFLOOR, falling, hitflr, fallon, onground, startfall, DoStandjump, DoJumphigh; the landing
 * grades OofVelocity 22, DeathVelocity 33), CTRLSUBS.S (JUMPSEQ, GETSEQ), TABLES.S (FloorY:
 * BlockHeight 63), AUTO.S (CUT / Cdown), MISC.S (wtlesstimer 200).  Facts only, no code copied.
 *
 * PoP's jumps are not physics: a move is a script of animation frames, each cycle's ANIMCHAR
 * reads instructions up to the next frame number (chx / chy move the kid by whole pixels, act sets
 * CharAction, setfall sets CharXVel / CharYVel, goto jumps).  Only free fall (CharAction 4) has
 * gravity.  So "jump" here is a move the jump key starts, scripted as the game scripts it:
 *   standjump  standing, up + forward (DoStandjump -> standjump): rises 6 px on one frame (chy -6,
 *              chy +6), frame 26 (standjump-19) is checked for floor: with a drop below, startfall
 *              -> jumpfall;
 *   runjump    running, up (arunning -> DoRunjump -> runjump): chy -3 -9 -2 +11 +3, 14 px up at
 *              the top, frame 44 (runjump-11) is checked: with a drop, startfall -> rjumpfall.
 *              It starts on the press cycle: DoRunjump's waiting for the right distance to an
 *              edge ("still too far away--wait till next frame") and its X fudge are not
 *              modelled;
 *   stepfall   running off a ledge: the press marks the cycle the running kid's floor check finds
 *              no floor (startfall -> stepfall; stepfall2 = one chx more, same Y);
 *   highjump   standing, up with no ceiling and no ledge above (DoJumphigh -> highjump): chy -4 -2
 *              0 +2 +4, then hangdrop; it lands where it started (the drop axis does not apply).
 * Falls: the fall sequences (stepfall / jumpfall / rjumpfall, CharAction 3) move 3, 6, 9, 12 px
 * on their first four cycles (stepfall, weightless: stepfloat, 3, 3, 4, 5), then setfall sets
 * CharYVel 15 (stepfloat 6) and freefall sets CharAction 4 in the same cycle, so GRAVITY already
 * applies: the first free-fall move is 18.  GRAVITY (action 4 only): CharYVel + 3, up to
 * TermVelocity 33; weightless: + 1, up to WtlessTermVel 4.  ADDFALL: CharY += CharYVel.
 *
 * The cycle (TOPCTRL.S DoKid): ctrlplayer (the press starts the move), wtlessflash (the
 * weightless timer counts down: weightless in this cycle iff the timer is still > 0 after it),
 * ANIMCHAR, GRAVITY, ADDFALL, ..., CHECKFLOOR:
 *   CharAction 0/1/7 -> onground: on a frame with fcheckmark and no floor underfoot: startfall
 *       (CharBlockY + 1; the sequence by the upcoming frame: 9 stepfall, 13 stepfall2, 26
 *       jumpfall, 44 rjumpfall, else stepfall; JUMPSEQ and ANIMCHAR again: the first fall frame
 *       is already this cycle's);
 *   CharAction 3 -> frames 102-105: fallon (grabbing a ledge, only with the button down: not
 *       modelled, see below);
 *   CharAction 4 -> falling: CharY >= FloorY of the row below -> floor there: hitflr; space:
 *       CharBlockY + 1 (through the floor plane);
 *   hitflr: CharY = FloorY; CharYVel < 22 softland, < 33 medland (the kid loses 1 strength), else
 *       hardland (loses 100: dead); JUMPSEQ + ANIMCHAR (medland and hardland start with chy -2);
 *       CharYVel = 0.
 *
 * World: Y is CharY in pixels, + down, 0 on the take-off floor; floors are FloorY rows 63 px
 * apart (BlockHeight); a fall past the screen's bottom row is cut to the screen below (AUTO.S
 * Cdown: CharY - 189, CharBlockY - 3, exactly three rows), so Y runs on across screens.  The
 * take-off floor ends at the ledge: for standjump / runjump under the first frame the kid shows
 * without fcheckmark (standjump frame 20, runjump frame 39: he is off the ground from there on),
 * for stepfall at the press.  The landing floor is `drop` rows below (drop 0: the floor goes on,
 * no fall).  Heights are -Y; sub_per_unit 1.
 *
 * Left out: X (chx is read and ignored; no walls, so no bump, InsideBlock or CDpatch), grabbing
 * ledges (fallon needs the button: the jump key is not it), the kid's strength (assumed >= 2, so
 * medland hurts without killing; a kid on his last point dies), a drawn sword (landengarde),
 * spikes, loose floors, the cut timer (CUTTIMER delaying a cut), guards and the shadow man,
 * superhijump (SEQTABLE has it, nothing in CTRL.S calls it).
 *
 * Note for the lane kernels: a press starts a scripted move that leaves the ground cycles later
 * (standjump on the 10th cycle), so model.h's "no take-off without a press" stop rule does not
 * hold here; pop's lane kernel has its own stop rule (below).
 */
#include "model.h"

#include <stddef.h>
#include <stdint.h>

enum { POP_AX_MOVE, POP_AX_DROP, POP_AX_WTLESS };
enum { POP_MOVE_STANDJUMP, POP_MOVE_RUNJUMP, POP_MOVE_STEPFALL, POP_MOVE_HIGHJUMP };

#define POP_BLOCK_HEIGHT 63   /* TABLES.S BlockHeight: FloorY rows 63 px apart */
#define POP_TERM_VELOCITY 33  /* SUBS.S TermVelocity */
#define POP_ACCEL_GRAVITY 3   /* SUBS.S AccelGravity */
#define POP_WTLESS_TERM_VEL 4 /* SUBS.S WtlessTermVel */
#define POP_WTLESS_GRAVITY 1  /* SUBS.S WtlessGravity */
#define POP_OOF_VELOCITY 22   /* CTRL.S OofVelocity: at or above, medland */
#define POP_DEATH_VELOCITY 33 /* CTRL.S DeathVelocity: at or above, hardland */
#define POP_MAX_DROP 15

/* Model flags (bit numbers from JS_FLAG_MODEL_SHIFT). */
#define POP_FLAG_LAND_SOFT (1u << 8)   /* hitflr chose softland (CharYVel < 22) */
#define POP_FLAG_LAND_HURT (1u << 9)   /* medland (22 <= CharYVel < 33): the kid loses 1 strength */
#define POP_FLAG_LAND_FATAL (1u << 10) /* hardland (CharYVel >= 33): dead */
#define POP_FLAG_TERMINAL (1u << 11)   /* GRAVITY's clamp ran: CharYVel + 3 >= 33 */
#define POP_FLAG_WTLESS_CAP (1u << 12) /* the weightless clamp ran: CharYVel + 1 >= 4 */
#define POP_FLAG_WTLESS_GRAVITY (1u << 13) /* GRAVITY ran weightless */
#define POP_FLAG_FLOOR_PASSED (1u << 14) /* fell through a floor plane (no floor on that row) */
#define POP_FLAG_FLOAT (1u << 15)      /* stepfall's ifwtless took stepfloat */

typedef struct pop_state {
	int32_t y;           /* CharY, world pixels, + down, 0 on the take-off floor */
	uint8_t seq, seq_at; /* CharSeq: sequence and offset */
	uint8_t action;      /* CharAction */
	uint8_t posn;        /* CharPosn */
	uint8_t yvel;        /* CharYVel */
	int8_t xvel;         /* CharXVel (setfall's first operand; X is not modelled) */
	uint8_t row;         /* CharBlockY, rows below the take-off floor's row */
	uint8_t weightless;  /* weightless (the potion's timer) */
	uint8_t move, drop;  /* axes */
	uint8_t started;     /* the jump key started the move */
	uint8_t edge;        /* the take-off floor has ended under the kid */
	uint8_t landed;      /* hitflr ran */
	uint8_t pad[3];      /* zeroed by init */
	/* per-frame scratch, last: outside key_size */
	uint32_t frame_flags; /* events of the last step (POP_FLAG_*) */
} pop_state;

#ifndef JS_LANE_SUFFIX /* ---- reference and metadata (compiled once) ---- */

#include <stdio.h>
#include <string.h>

/* SEQTABLE.S instruction codes (db -1 .. -15, as bytes). */
enum {
	I_NEXTLEVEL = 0xf1, I_TAP = 0xf2, I_EFFECT = 0xf3, I_JARD = 0xf4, I_JARU = 0xf5, I_DIE = 0xf6,
	I_IFWTLESS = 0xf7, I_SETFALL = 0xf8, I_ACT = 0xf9, I_CHY = 0xfa, I_CHX = 0xfb, I_DOWN = 0xfc,
	I_UP = 0xfd, I_ABOUTFACE = 0xfe, I_GOTO = 0xff,
};
#define S(x) ((uint8_t)(int8_t)(x)) /* a signed operand byte */

/* The sequences, transcribed from SEQTABLE.S.  A goto's address is written as (sequence,
 * offset) instead of the 16-bit address. */
enum {
	SEQ_STAND, SEQ_RUNNING, SEQ_RUNCYC1, SEQ_STANDJUMP, SEQ_RUNJUMP, SEQ_HIGHJUMP, SEQ_HANGDROP,
	SEQ_STEPFALL, SEQ_STEPFALL2, SEQ_STEPFLOAT, SEQ_JUMPFALL, SEQ_RJUMPFALL, SEQ_FREEFALL,
	SEQ_SOFTLAND, SEQ_MEDLAND, SEQ_HARDLAND, SEQ_COUNT
};
static const uint8_t seq_stand[] = { I_ACT, 0, 15, I_GOTO, SEQ_STAND, 0 };
static const uint8_t seq_running[] = { I_ACT, 1, I_GOTO, SEQ_RUNCYC1, 0 };
static const uint8_t seq_runcyc1[] = {
	7, I_CHX, 5, 8, I_CHX, 1, I_TAP, 1, 9, I_CHX, 2, 10, I_CHX, 4, 11, I_CHX, 5, 12, I_CHX, 2,
	I_TAP, 1, 13, I_CHX, 3, 14, I_CHX, 4, I_GOTO, SEQ_RUNCYC1, 0,
};
static const uint8_t seq_standjump[] = {
	I_ACT, 1, 16, 17, I_CHX, 2, 18, I_CHX, 2, 19, I_CHX, 2, 20, I_CHX, 2, 21, I_CHX, 2, 22,
	I_CHX, 7, 23, I_CHX, 9, 24, I_CHX, 5, I_CHY, S(-6), /* sjland: */ 25, I_CHX, 1, I_CHY, 6, 26,
	I_CHX, 4, I_JARD, I_TAP, 1, 27, I_CHX, S(-3), 28, I_CHX, 5, 29, I_TAP, 1, 30, 31, 32, 33,
	I_CHX, 1, I_GOTO, SEQ_STAND, 0,
};
static const uint8_t seq_runjump[] = {
	I_ACT, 1, I_TAP, 1, 34, I_CHX, 5, 35, I_CHX, 6, 36, I_CHX, 3, 37, I_CHX, 5, I_TAP, 1, 38,
	I_CHX, 7, 39, I_CHX, 12, I_CHY, S(-3), 40, I_CHX, 8, I_CHY, S(-9), 41, I_CHX, 8, I_CHY, S(-2),
	42, I_CHX, 4, I_CHY, 11, 43, I_CHX, 4, I_CHY, 3, /* rjlandrun: */ 44, I_CHX, 5, I_JARD,
	I_TAP, 1, I_GOTO, SEQ_RUNCYC1, 0,
};
static const uint8_t seq_highjump[] = {
	I_ACT, 1, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, I_CHY, S(-4), 79, I_CHY, S(-2),
	79, 79, I_CHY, 2, 79, I_CHY, 4, I_GOTO, SEQ_HANGDROP, 0,
};
static const uint8_t seq_hangdrop[] = {
	I_ACT, 0, 81, 82, I_ACT, 5, 83, I_ACT, 1, I_JARD, I_TAP, 0, 84, 85, I_CHX, 3, I_GOTO,
	SEQ_STAND, 0,
};
static const uint8_t seq_stepfall[] = {
	I_ACT, 3, I_CHX, 1, I_CHY, 3, I_IFWTLESS, SEQ_STEPFLOAT, 0,
	/* fall1: */ 102, I_CHX, 2, I_CHY, 6, 103, I_CHX, S(-1), I_CHY, 9, 104, I_CHY, 12, 105, I_CHX,
	S(-2), I_SETFALL, 1, 15, I_GOTO, SEQ_FREEFALL, 0,
};
static const uint8_t seq_stepfall2[] = { I_CHX, 1, I_GOTO, SEQ_STEPFALL, 0 };
static const uint8_t seq_stepfloat[] = {
	102, I_CHX, 2, I_CHY, 3, 103, I_CHX, S(-1), I_CHY, 4, 104, I_CHY, 5, 105, I_CHX, S(-2),
	I_SETFALL, 1, 6, I_GOTO, SEQ_FREEFALL, 0,
};
static const uint8_t seq_jumpfall[] = {
	I_ACT, 3, I_CHX, 1, I_CHY, 3, 102, I_CHX, 2, I_CHY, 6, 103, I_CHX, 1, I_CHY, 9, 104, I_CHX, 2,
	I_CHY, 12, 105, I_SETFALL, 2, 15, I_GOTO, SEQ_FREEFALL, 0,
};
static const uint8_t seq_rjumpfall[] = {
	I_ACT, 3, I_CHX, 1, I_CHY, 3, 102, I_CHX, 3, I_CHY, 6, 103, I_CHX, 2, I_CHY, 9, 104, I_CHX, 3,
	I_CHY, 12, 105, I_SETFALL, 3, 15, I_GOTO, SEQ_FREEFALL, 0,
};
static const uint8_t seq_freefall[] = { I_ACT, 4, /* :loop */ 106, I_GOTO, SEQ_FREEFALL, 2 };
static const uint8_t seq_softland[] = {
	I_ACT, 5, I_JARD, I_CHX, 1, I_TAP, 1, 107, I_CHX, 2, 108, I_TAP, 1, I_ACT, 1,
	/* :crouch */ 109, I_GOTO, SEQ_SOFTLAND, 15,
};
static const uint8_t seq_medland[] = {
	I_ACT, 5, I_JARD, I_CHY, S(-2), I_CHX, 1, I_CHX, 2, 108, 109, 109, 109, 109, 109, 109, 109,
	109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109,
	109, 109, 109, I_CHX, 1, 110, 110, 110, 111, I_CHX, 2, 112, 113, I_CHX, 1, I_CHY, 1, 114,
	I_CHY, 1, 115, 116, I_CHX, S(-4), 117, 118, 119, I_GOTO, SEQ_STAND, 0,
};
static const uint8_t seq_hardland[] = {
	I_ACT, 5, I_JARD, I_CHY, S(-2), I_CHX, 3, 185, I_DIE, /* :dead */ 185, I_GOTO, SEQ_HARDLAND, 9,
};
static const uint8_t *const pop_seqtab[SEQ_COUNT] = {
	seq_stand, seq_running, seq_runcyc1, seq_standjump, seq_runjump, seq_highjump, seq_hangdrop,
	seq_stepfall, seq_stepfall2, seq_stepfloat, seq_jumpfall, seq_rjumpfall, seq_freefall,
	seq_softland, seq_medland, seq_hardland,
};
/* SEQDATA.S sequence numbers (the trace's seq column); 0 for the labels inside a sequence that
 * have none (runcyc1, stepfloat). */
static const uint8_t pop_seq_numbers[SEQ_COUNT] = {
	2, 84, 0, 3, 4, 28, 11, 7, 19, 0, 18, 21, 12, 17, 20, 22,
};

/* FRAMEDEF.S Fcheck & fcheckmark ($40), frames 1-44: the only frames on which the floor can be
 * missing here (the run, standjump and runjump frames).  Frames 20-25 and 39-43 (in the air)
 * have no check. */
static int pop_fcheck(unsigned posn)
{
	static const uint64_t fcheck_1_44 = ~(uint64_t)0 & ~((uint64_t)0x3f << 20) & ~((uint64_t)0x1f << 39);
	return posn > 44 || ((fcheck_1_44 >> posn) & 1u);
}



static void pop_jumpseq(pop_state *s, unsigned seq)
{
	s->seq = (uint8_t)seq;
	s->seq_at = 0;
}

static unsigned pop_getseq(pop_state *s)
{
	return pop_seqtab[s->seq][s->seq_at++];
}

/* COLL.S ANIMCHAR: instructions up to the next frame number. */
static void pop_animchar(pop_state *s)
{
	for (;;) {
		unsigned b = pop_getseq(s), t, o;
		switch (b) {
		case I_CHX:
			(void)pop_getseq(s); /* addcharx: X is not modelled */
			break;
		case I_CHY:
			s->y += (int8_t)pop_getseq(s);
			break;
		case I_ABOUTFACE:
		case I_JARU:
		case I_JARD:
		case I_DIE:
		case I_NEXTLEVEL:
			break;
		case I_UP:
			s->row--;
			break;
		case I_DOWN:
			s->row++;
			break;
		case I_GOTO:
			t = pop_getseq(s);
			o = pop_getseq(s);
			s->seq = (uint8_t)t;
			s->seq_at = (uint8_t)o;
			break;
		case I_ACT:
			s->action = (uint8_t)pop_getseq(s);
			break;
		case I_SETFALL:
			s->xvel = (int8_t)pop_getseq(s);
			s->yvel = (uint8_t)pop_getseq(s);
			break;
		case I_IFWTLESS:
			t = pop_getseq(s);
			o = pop_getseq(s);
			if (s->weightless) {
				s->seq = (uint8_t)t;
				s->seq_at = (uint8_t)o;
				s->frame_flags |= POP_FLAG_FLOAT;
			}
			break;
		case I_TAP:
		case I_EFFECT:
			(void)pop_getseq(s);
			break;
		default:
			s->posn = (uint8_t)b; /* a frame number */
			/* the world: the take-off floor ends under the first frame the jumping kid
			 * shows without fcheckmark (he is off the ground) */
			if (s->started && s->row == 0 && !pop_fcheck(b))
				s->edge = 1;
			return;
		}
	}
}

/* SUBS.S GRAVITY: free fall only. */
static void pop_gravity(pop_state *s)
{
	if (s->action != 4)
		return;
	unsigned v; /* ADC on the byte: CharYVel <= 33 here (the field's range), so it never carries */
	if (!s->weightless) {
		v = (uint8_t)(s->yvel + POP_ACCEL_GRAVITY);
		if (v >= POP_TERM_VELOCITY) {
			v = POP_TERM_VELOCITY;
			s->frame_flags |= POP_FLAG_TERMINAL;
		}
	} else {
		v = (uint8_t)(s->yvel + POP_WTLESS_GRAVITY);
		s->frame_flags |= POP_FLAG_WTLESS_GRAVITY;
		if (v >= POP_WTLESS_TERM_VEL) {
			v = POP_WTLESS_TERM_VEL;
			s->frame_flags |= POP_FLAG_WTLESS_CAP;
		}
	}
	s->yvel = (uint8_t)v;
}

/* FloorY of a row, relative to the take-off floor. */
static int32_t pop_floor_y(unsigned row)
{
	return (int32_t)row * POP_BLOCK_HEIGHT;
}

/* Is there floor under the kid on his row?  The take-off row's floor until the ledge; the
 * landing row `drop` (drop 0: the take-off floor never ends). */
static int pop_floor_underfoot(const pop_state *s)
{
	if (s->row == 0)
		return !s->edge || s->drop == 0;
	return s->row == s->drop;
}

/* CTRL.S hitflr */
static void pop_hitflr(pop_state *s)
{
	s->y = pop_floor_y(s->row); /* align char w/floor */
	unsigned seq;
	if (s->yvel < POP_OOF_VELOCITY) {
		seq = SEQ_SOFTLAND;
		s->frame_flags |= POP_FLAG_LAND_SOFT;
	} else if (s->yvel < POP_DEATH_VELOCITY) {
		seq = SEQ_MEDLAND; /* decstr 1: the kid (strength >= 2) survives */
		s->frame_flags |= POP_FLAG_LAND_HURT;
	} else {
		seq = SEQ_HARDLAND;
		s->frame_flags |= POP_FLAG_LAND_FATAL;
	}
	pop_jumpseq(s, seq);
	pop_animchar(s);
	s->yvel = 0;
	s->landed = 1;
}

/* CTRL.S startfall */
static void pop_startfall(pop_state *s)
{
	s->row++; /* # of floor just below your feet */
	unsigned seq;
	switch (s->posn) { /* upcoming frame */
	case 13: seq = SEQ_STEPFALL2; break;   /* run-16 */
	case 26: seq = SEQ_JUMPFALL; break;    /* standjump-19 */
	case 44: seq = SEQ_RJUMPFALL; break;   /* runjump-11 */
	default: seq = SEQ_STEPFALL; break;    /* 9 (run-12) and the rest */
	}
	pop_jumpseq(s, seq);
	pop_animchar(s); /* advance 1 frame into fall */
}

/* CTRL.S CHECKFLOOR */
static void pop_checkfloor(pop_state *s)
{
	switch (s->action) {
	case 6: /* hanging */
	case 2:
		return;
	case 5: /* bumped: only the crouch (109) and dead (185) frames stand; the floor is there */
		return;
	case 4: /* falling */
		if (s->y < pop_floor_y(s->row))
			return; /* fallon: hasn't reached floor yet (no grab: no button) */
		if (pop_floor_underfoot(s))
			pop_hitflr(s);
		else {
			s->row++; /* fall thru floor plane */
			s->frame_flags |= POP_FLAG_FLOOR_PASSED;
		}
		return;
	case 3: /* frames 102-105: fallon, no grab */
		return;
	default: /* 0, 1, 7: onground */
		if (!pop_fcheck(s->posn) || pop_floor_underfoot(s))
			return;
		pop_startfall(s);
		return;
	}
}

static void pop_init(void *vs, const int32_t *ax)
{
	pop_state *s = vs;
	memset(s, 0, sizeof *s);
	s->move = (uint8_t)ax[POP_AX_MOVE];
	s->drop = s->move == POP_MOVE_HIGHJUMP ? 0 : (uint8_t)ax[POP_AX_DROP];
	s->weightless = (uint8_t)ax[POP_AX_WTLESS];
	/* before the press: standing (stand) or running (running -> runcyc1) */
	int runs = s->move == POP_MOVE_RUNJUMP || s->move == POP_MOVE_STEPFALL;
	pop_jumpseq(s, runs ? SEQ_RUNNING : SEQ_STAND);
	s->posn = runs ? 7 : 15;
	s->action = runs ? 1 : 0;
}

/* TOPCTRL.S DoKid */
static void pop_step(void *vs, unsigned input)
{
	pop_state *s = vs;
	s->frame_flags = 0;
	/* ctrlplayer: the jump key starts the move */
	if (!s->started && (input & JS_IN_JUMP)) {
		s->started = 1;
		switch (s->move) {
		case POP_MOVE_STANDJUMP: pop_jumpseq(s, SEQ_STANDJUMP); break;
		case POP_MOVE_RUNJUMP: pop_jumpseq(s, SEQ_RUNJUMP); break;
		case POP_MOVE_HIGHJUMP: pop_jumpseq(s, SEQ_HIGHJUMP); break;
		default: s->edge = 1; break; /* stepfall: this cycle's floor check finds no floor */
		}
	}
	/* wtlessflash */
	if (s->weightless)
		s->weightless--;
	pop_animchar(s);
	pop_gravity(s);
	s->y += s->yvel; /* ADDFALL */
	pop_checkfloor(s);
}

static int pop_airborne(const pop_state *s)
{
	return s->started && !s->landed &&
	       (s->action == 3 || s->action == 4 || s->y != pop_floor_y(s->row));
}

static void pop_observe(const void *vs, js_obs *o)
{
	const pop_state *s = vs;
	o->height = -(int64_t)s->y;
	o->grounded = !pop_airborne(s);
	o->flags = s->frame_flags;
}

static int pop_trace_row(const void *vs, char *buf, size_t n)
{
	const pop_state *s = vs;
	return snprintf(buf, n, "%d,%u,%u,%u,%u,%u,%u", s->y, s->yvel, s->action, s->posn, s->row,
			s->weightless, pop_seq_numbers[s->seq]);
}

/* ---- fuzzing hooks (model.h) ---- */

/* Two kinds of start.  CharAction 4: the kid in free fall, as freefall's loop leaves him after a
 * cycle (sequence freefall at its loop, frame 106, the move started, the take-off floor gone under
 * him), CharBlockY at most the landing row (he lands there; rows below it are not in this world)
 * and CharY within the 63 px above that row's floor (CHECKFLOOR passes one floor plane a cycle:
 * the kid is never further above it).  Any other CharAction: the move's own start before the
 * press, as init makes it, with the weightless timer the start gives. */
static void pop_fuzz_fix(void *vs)
{
	pop_state *s = vs;
	if (s->action == 4) {
		s->seq = SEQ_FREEFALL;
		s->seq_at = 3;
		s->posn = 106;
		s->started = 1;
		s->edge = 1;
		s->landed = 0;
		if (s->row > s->drop)
			s->row = s->drop;
		const int32_t fy = pop_floor_y(s->row);
		if (s->y < fy - POP_BLOCK_HEIGHT)
			s->y = fy - POP_BLOCK_HEIGHT;
		if (s->y > fy - 1)
			s->y = fy - 1;
	} else {
		const int32_t ax[3] = { s->move, s->drop, s->weightless };
		pop_init(s, ax);
	}
	s->frame_flags = 0;
}

enum { POP_INV_TERM_VEL, POP_INV_WTLESS_CAP, POP_INV_TIMER_DOWN, POP_INV_FALL_DOWN };

static uint32_t pop_invariants(const void *vb, const void *va, unsigned input)
{
	const pop_state *b = vb, *a = va;
	(void)input;
	const int falling = a->action == 4 && !a->landed; /* still in free fall after the cycle */
	uint32_t bits = 0;
	/* GRAVITY: CharYVel + 3 up to TermVelocity 33 */
	if (falling && a->yvel > POP_TERM_VELOCITY)
		bits |= 1u << POP_INV_TERM_VEL;
	/* weightless (the timer still running after wtlessflash): + 1 up to WtlessTermVel 4 */
	if (falling && a->weightless && a->yvel > POP_WTLESS_TERM_VEL)
		bits |= 1u << POP_INV_WTLESS_CAP;
	/* wtlessflash only counts the potion's timer down */
	if (a->weightless > b->weightless)
		bits |= 1u << POP_INV_TIMER_DOWN;
	/* ADDFALL adds CharYVel (>= 0): a falling kid never moves up before hitflr lands him */
	if (b->action == 4 && !b->landed && !a->landed && a->y < b->y)
		bits |= 1u << POP_INV_FALL_DOWN;
	return bits;
}

JS_LANE_DECLARE(pop);

static const char *const pop_claims[] = {
	"pop/fall-gravity", "pop/weightless-gravity", "pop/setfall", "pop/scripted-jumps",
	"pop/landing-grades", NULL,
};

JS_REFERENCE_RUN(pop, pop_state, pop_step, pop_observe)

const js_model js_model_pop = {
	.id = "pop",
	.game = "Prince of Persia",
	.platform = "Apple II",
	.character = "the kid",
	.unit = "px",
	.sub_per_unit = 1,
	.tile = 63, /* px per level tile (a floor row) */
	.fps = 12,
	.frame = "animation cycle (one DoKid; about 12 per second, not fixed)",
	.movie = { .note = "No movie format: the Apple II game reads the keyboard or joystick "
		   "(CTRL.S) on animation cycles of about 12 per second that are not tied to video frames, "
		   "so no movie frame lines up with a model frame." },
	.sources = "jmechner/Prince-of-Persia-Apple-II 01 POP Source/Source: SEQTABLE.S (standjump, "
		   "runjump, highjump, hangdrop, running, runcyc1, stand, stepfall, fall1, stepfall2, "
		   "stepfloat, jumpfall, rjumpfall, freefall, softland, medland, hardland), FRAMEDEF.S "
		   "(Fcheck), TOPCTRL.S (DoKid, wtlessflash), COLL.S (ANIMCHAR), SUBS.S (GRAVITY, "
		   "ADDFALL), CTRL.S (CHECKFLOOR, falling, hitflr, onground, startfall, DoStandjump, "
		   "DoJumphigh), CTRLSUBS.S (JUMPSEQ, GETSEQ), TABLES.S (FloorY), AUTO.S (Cdown), "
		   "MISC.S (wtlesstimer)",
	.notes = "Moves are scripts: the jump key starts standjump / runjump / highjump, or marks the "
		 "cycle a running kid steps off a ledge (stepfall); the take-off floor ends under the "
		 "first airborne frame (standjump 20, runjump 39) and the landing floor is drop rows "
		 "(63 px each) below; highjump ignores drop. Frame 0 is the press cycle. Free fall "
		 "(CharAction 4): CharYVel + 3 up to 33, weightless + 1 up to 4, from setfall's 15 "
		 "(stepfloat 6) with gravity in the same cycle; the scripted fall frames (action 3) "
		 "move 3, 6, 9, 12. Landing grades (hitflr): CharYVel < 22 soft, < 33 hurt, else "
		 "fatal (flags land_soft / land_hurt / land_fatal); medland and hardland's first frame "
		 "raise the kid 2 px. wtless = the weightless timer at frame 0 (a potion sets 200), "
		 "counting down every cycle. A press starts a script that leaves the ground cycles "
		 "later (standjump on frame 9). Left out: X, walls, grabbing ledges (the grab button), "
		 "DoRunjump's wait for an edge, strength (assumed >= 2), a drawn sword, spikes, loose "
		 "floors, the cut timer.",
	.claims = pop_claims,
	.n_axes = 3,
	.axes = {
		{ .name = "move", .unit = "", .long_name = "what the jump key does: standjump, runjump, "
		  "stepfall (run off the ledge), highjump (jump up, no ceiling)", .min = 0, .max = 3,
		  .def_lo = 0, .def_hi = 3, .n_names = 4,
		  .names = { "standjump", "runjump", "stepfall", "highjump" } },
		{ .name = "drop", .unit = "rows (63 px)", .long_name = "rows from the take-off floor "
		  "down to the landing floor (0: flat)", .min = 0, .max = POP_MAX_DROP, .def_lo = 0,
		  .def_hi = 4 },
		{ .name = "wtless", .unit = "cycles", .long_name = "weightless timer at frame 0 "
		  "(0: normal gravity; the potion sets 200)", .min = 0, .max = 255, .def_lo = 0,
		  .def_hi = 20 },
	},
	.inputs = JS_IN_JUMP,
	.default_frames = 40,
	.default_hold = 1,
	.flag_names = {
		[0] = "no_takeoff", [1] = "not_landed", [2] = "below_start", [8] = "land_soft",
		[9] = "land_hurt", [10] = "land_fatal", [11] = "terminal", [12] = "wtless_cap",
		[13] = "wtless_gravity", [14] = "floor_passed", [15] = "float",
	},
	.flag_what = {
		[8] = "hitflr chose softland: the kid landed with CharYVel < 22 (no harm).",
		[9] = "hitflr chose medland (22 <= CharYVel < 33): the kid loses 1 strength.",
		[10] = "hitflr chose hardland (CharYVel >= 33): the fall kills the kid.",
		[11] = "GRAVITY's clamp ran: CharYVel + 3 reached 33, the terminal speed.",
		[12] = "The weightless clamp ran: CharYVel + 1 reached 4 under the potion.",
		[13] = "GRAVITY ran weightless (the potion's +1 instead of +3).",
		[14] = "The kid fell through a floor plane because that row has no floor under him.",
		[15] = "stepfall's ifwtless took stepfloat (the weightless float).",
	},
	.character_height = 63,
	.character_height_source = "not the kid: one floor row, 63 px (the drop axis's row; the ledge the "
		"kid climbs or hangs from), the game's natural yardstick",
	.state_size = sizeof(pop_state),
	.key_size = offsetof(pop_state, frame_flags),
	.init = pop_init,
	.step = pop_step,
	.observe = pop_observe,
	.run_ref = pop_run_ref,
	.trace_header = "y,yvel,action,posn,row,wtless,seq",
	.trace_units = "px (+ down),px/cycle (+ down),code,code,rows (63 px),cycles,code",
	.trace_row = pop_trace_row,
	.lane = JS_LANE_TABLE(pop),
	.n_fields = 5,
	.fields = {
		{ "action", offsetof(pop_state, action), JS_F_U8, 0, 5,
		  "CharAction: 4 starts in free fall (freefall's act 4); any other value starts the move "
		  "before the press, as init (0 standing, 1 running); 5 is what the landings set" },
		{ "yvel", offsetof(pop_state, yvel), JS_F_U8, 0, POP_TERM_VELOCITY,
		  "CharYVel: setfall stores 15 or 6 (SEQTABLE.S), GRAVITY clamps it to TermVelocity 33 "
		  "(SUBS.S), hitflr zeroes it; nothing stores more (so GRAVITY's ADC never carries)" },
		{ "y", offsetof(pop_state, y), JS_F_S32, -POP_BLOCK_HEIGHT, POP_BLOCK_HEIGHT * POP_MAX_DROP,
		  "CharY in world pixels (+ down, screens stacked: AUTO.S Cdown), from the row above the "
		  "take-off floor to the deepest landing floor" },
		{ "row", offsetof(pop_state, row), JS_F_U8, 0, POP_MAX_DROP,
		  "CharBlockY, rows below the take-off floor's (fuzz_fix: at most the landing row)" },
		{ "weightless", offsetof(pop_state, weightless), JS_F_U8, 0, 255,
		  "weightless, the potion's timer (MISC.S sets 200), counted down by wtlessflash" },
	},
	.fuzz_fix = pop_fuzz_fix,
	.invariants = pop_invariants,
	.inv_names = { [POP_INV_TERM_VEL] = "term_vel", [POP_INV_WTLESS_CAP] = "wtless_cap",
		       [POP_INV_TIMER_DOWN] = "timer_down", [POP_INV_FALL_DOWN] = "fall_down" },
	.inv_what = {
		[POP_INV_TERM_VEL] = "the kid's fall speed stays at or below TermVelocity, 33 px a cycle",
		[POP_INV_WTLESS_CAP] = "a weightless kid falls at most WtlessTermVel, 4 px a cycle",
		[POP_INV_TIMER_DOWN] = "the weightless timer only counts down",
		[POP_INV_FALL_DOWN] = "a falling kid never moves up before he lands",
	},
	/* A start before the press stays on the ground with no buttons; a free-fall start falls at
	 * most from 63 px above the take-off floor (row 0) to the deepest landing floor (row 15): 1008
	 * px.  The slowest fall is weightless the whole way (CharYVel 1, 2, 3, then 4 a cycle:
	 * 4n - 6 px after n cycles; a timer that runs out, or a start faster than 4, only falls
	 * faster): 4n - 6 >= 1008 at n = 254, within the 255 cycles the timer can run (checked over
	 * all starts of every move and drop: the slowest is 254). */
	.land_bound = 254,
};

#else /* ---- lane kernel (compiled once per ISA) ---- */

#include "lane.h"

/* The reference on JS_VW lanes at a time, the state in registers for all frames of a group.
 * Instead of interpreting the sequences, the kernel uses what they add up to (derived from the
 * SEQTABLE.S bytes above, and checked lane for lane against the reference by the tests):
 *   k = cycles since the press (the press cycle is 0);
 *   the jump scripts' heights, CharY back to the floor in between: standjump -6 at k 9;
 *       runjump -3, -12, -14, -3 at k 6-9; highjump -4, -6, -6, -4 at k 13-16; stored per lane
 *       as five 4-bit heights from a first cycle K0;
 *   the fall starts at k = T (standjump and runjump 10: frames 26 / 44 find no floor; stepfall 0;
 *       never for drop 0 or highjump); with j = k - T, the fall scripts put CharY at 3, 9, 18, 30
 *       (stepfloat: 3, 6, 10, 15) on j = 0-3; on j = 4 setfall's 15 (stepfloat 6) and the first
 *       GRAVITY; from then on free fall, one floor plane (63 px) checked per cycle: the landing
 *       row hits the floor, the others are passed;
 *   weightless in cycle f iff the timer given at frame 0 is > f + 1 (wtlessflash decrements it
 *       every cycle before ANIMCHAR); stepfall takes stepfloat iff weightless at j = 0;
 *   hitflr: CharY = the floor, minus 2 for medland / hardland (their first frame's chy -2).
 * After a landing nothing is accounted, so the lane freezes.  The early stop cannot use
 * js_vacc_done: a press starts a scripted jump that leaves the ground cycles later (standjump
 * on k 9); a lane is done once landed, or never pressed with no press left, or a stepfall with
 * no drop (the kid runs on). */
#define POP_K_BEFORE (-8192) /* k before the press: stays negative for JS_MAX_FRAMES frames */
#define POP_NO_FALL 0x3fff /* a T never reached: k <= JS_MAX_FRAMES; k - T stays inside an int16 */

typedef struct pop_lanes {
	js_vi t_fall, k0, jtab, can_float, land_y, wtless, runs_on; /* per-lane constants */
	js_vi k, y, vy, row_y, flt, landed, started;
	js_vacc acc;
} pop_lanes;

static inline void pop_lanes_init(pop_lanes *s, const js_lane_args *args, int l0)
{
	int32_t tf[JS_VW], k0[JS_VW], jt[JS_VW], cf[JS_VW], ly[JS_VW], wt[JS_VW], ro[JS_VW];
	int32_t k[JS_VW], y[JS_VW], vy[JS_VW], ry[JS_VW], st[JS_VW];
	for (int i = 0; i < JS_VW; i++) {
		int l = l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1;
		int move = args->axis[POP_AX_MOVE][l];
		int drop = move == POP_MOVE_HIGHJUMP ? 0 : args->axis[POP_AX_DROP][l];
		switch (move) {
		case POP_MOVE_STANDJUMP: /* 6 at k 9 */
			k0[i] = 9;
			jt[i] = 6;
			tf[i] = 10;
			break;
		case POP_MOVE_RUNJUMP: /* 3, 12, 14, 3 at k 6-9 */
			k0[i] = 6;
			jt[i] = 3 | 12 << 4 | 14 << 8 | 3 << 12;
			tf[i] = 10;
			break;
		case POP_MOVE_HIGHJUMP: /* 4, 6, 6, 4 at k 13-16 */
			k0[i] = 13;
			jt[i] = 4 | 6 << 4 | 6 << 8 | 4 << 12;
			tf[i] = POP_NO_FALL;
			break;
		default: /* stepfall */
			k0[i] = 0;
			jt[i] = 0;
			tf[i] = 0;
			break;
		}
		if (drop == 0)
			tf[i] = POP_NO_FALL;
		cf[i] = -(move == POP_MOVE_STEPFALL);
		ro[i] = -(move == POP_MOVE_STEPFALL && drop == 0);
		ly[i] = POP_BLOCK_HEIGHT * drop;
		wt[i] = args->axis[POP_AX_WTLESS][l];
		k[i] = POP_K_BEFORE;
		y[i] = vy[i] = st[i] = 0;
		ry[i] = POP_BLOCK_HEIGHT;
		if (args->start) { /* a fuzz start (pop_fuzz_fix): its timer, and perhaps free fall */
			const pop_state *ps = (const pop_state *)args->start + l;
			wt[i] = ps->weightless;
			if (ps->action == 4) { /* in free fall: j = k - T is 5 on frame 0, past setfall */
				k[i] = tf[i] + 4;
				y[i] = ps->y;
				vy[i] = ps->yvel;
				ry[i] = POP_BLOCK_HEIGHT * ps->row;
				st[i] = -1;
				ro[i] = 0;
			}
		}
	}
	s->t_fall = js_vload(tf);
	s->k0 = js_vload(k0);
	s->jtab = js_vload(jt);
	s->can_float = js_vload(cf);
	s->land_y = js_vload(ly);
	s->wtless = js_vload(wt);
	s->runs_on = js_vload(ro);
	s->k = js_vload(k);
	s->y = js_vload(y);
	s->vy = js_vload(vy);
	s->row_y = js_vload(ry);
	s->started = js_vload(st);
	s->flt = s->landed = js_vsplat(0);
	js_vacc_init(&s->acc, args, l0);
}

static inline void pop_lanes_frame(pop_lanes *s, js_vi a, int f)
{
	const js_vi zero = js_vsplat(0);
	js_vi press = a & ~s->started;
	s->started |= a;
	js_vi k = js_vsel(press, zero, s->k + 1);
	js_vi wt = s->wtless > f + 1;
	js_vi j = k - s->t_fall;
	/* the jump scripts */
	js_vi i = k - s->k0;
	js_vi inr = (js_vi)((js_vu)i < 5u);
	js_vi h = ((js_vi)((js_vu)s->jtab >> (js_vu)((i & inr) << 2)) & 15) & inr;
	/* the fall scripts (j 0-3): CharY 3, 9, 18, 30 or, stepfloat, 3, 6, 10, 15 */
	js_vi floated = (j == 0) & s->can_float & wt;
	js_vi flt = s->flt | floated;
	js_vi jc = j & (js_vi)((js_vu)j < 4u);
	js_vi tab = js_vsel(flt, js_vsplat(3 | 6 << 5 | 10 << 10 | 15 << 15),
			    js_vsplat(3 | 9 << 5 | 18 << 10 | 30 << 15));
	js_vi cum = (js_vi)((js_vu)tab >> (js_vu)(jc * 5)) & 31;
	/* free fall (j >= 4): setfall on j 4, GRAVITY, ADDFALL, the floor plane */
	js_vi ff = (j >= 4) & ~s->landed;
	js_vi vy0 = js_vsel(j == 4, js_vsel(flt, js_vsplat(6), js_vsplat(15)), s->vy);
	js_vi vn = vy0 + js_vsel(wt, js_vsplat(POP_WTLESS_GRAVITY), js_vsplat(POP_ACCEL_GRAVITY));
	js_vi cap = js_vsel(wt, js_vsplat(POP_WTLESS_TERM_VEL), js_vsplat(POP_TERM_VELOCITY));
	js_vi clamp = vn >= cap;
	vn = js_vsel(clamp, cap, vn);
	js_vi yf = s->y + vn;
	js_vi cross = ff & (yf >= s->row_y);
	js_vi hit = cross & (s->row_y == s->land_y);
	js_vi pass = cross & ~hit;
	js_vi oof = vn >= POP_OOF_VELOCITY;
	js_vi death = vn >= POP_DEATH_VELOCITY;
	js_vi yland = s->land_y - (oof & 2);
	js_vi y = js_vsel(j < 0, -h, js_vsel(j <= 3, cum, js_vsel(hit, yland, yf)));
	y = js_vsel(s->landed, s->y, y);
	js_vu fl = ((js_vu)floated & POP_FLAG_FLOAT) |
		   ((js_vu)(ff & ~wt & clamp) & POP_FLAG_TERMINAL) |
		   ((js_vu)(ff & wt & clamp) & POP_FLAG_WTLESS_CAP) |
		   ((js_vu)(ff & wt) & POP_FLAG_WTLESS_GRAVITY) |
		   ((js_vu)pass & POP_FLAG_FLOOR_PASSED) |
		   ((js_vu)(hit & ~oof) & POP_FLAG_LAND_SOFT) |
		   ((js_vu)(hit & oof & ~death) & POP_FLAG_LAND_HURT) |
		   ((js_vu)(hit & death) & POP_FLAG_LAND_FATAL);
	s->vy = js_vsel(ff & ~hit, vn, js_vsel(hit, zero, s->vy));
	s->row_y += pass & POP_BLOCK_HEIGHT;
	s->landed |= hit;
	s->flt = flt;
	s->k = k;
	s->y = y;
	js_vi airborne = s->started & ~s->landed & ((j >= 0) | (y != 0));
	js_vacc_frame(&s->acc, f, -y, ~airborne, fl);
}

static inline int pop_lanes_done(const pop_lanes *s, int f)
{
	return js_vall(s->acc.landed | (~s->started & (s->acc.last_jump <= f)) |
		       (s->started & s->runs_on));
}

static inline void pop_lane_run_generic(const js_lane_args *args)
{
	for (int l0 = 0; l0 < JS_BLOCK; l0 += 2 * JS_VW) {
		pop_lanes g0, g1;
		pop_lanes_init(&g0, args, l0);
		pop_lanes_init(&g1, args, l0 + JS_VW);
		js_vu w0 = (js_vu)js_vsplat(0), w1 = w0;
		for (int f = 0; f < args->n_frames; f++) {
			if ((f & 31) == 0) {
				w0 = js_vloadu(args->input[0] + (f >> 5) * JS_BLOCK + l0);
				w1 = js_vloadu(args->input[0] + (f >> 5) * JS_BLOCK + l0 + JS_VW);
			}
			pop_lanes_frame(&g0, -(js_vi)(w0 & 1u), f);
			pop_lanes_frame(&g1, -(js_vi)(w1 & 1u), f);
			w0 >>= 1;
			w1 >>= 1;
			if ((f & 7) == 7 && pop_lanes_done(&g0, f) && pop_lanes_done(&g1, f))
				break;
		}
		js_vacc_store(&g0.acc, args, l0);
		js_vacc_store(&g1.acc, args, l0 + JS_VW);
	}
}

/* Fuzz starts (js_lane_args.start, pop_fuzz_fix): a start before the press differs from init's
 * only in the weightless timer, which both kernels take from it (the timer at frame 0); a start
 * in free fall enters the kernel above at j = 5 with its CharY, CharYVel and floor row (the jump
 * and fall scripts lie behind it), never runs on (runs_on 0: it falls until it lands).  The
 * AVX-512 kernel below derives its flags from the press frame, so a block with a free-fall start
 * runs the generic one. */
static inline int pop_any_fall_start(const js_lane_args *args)
{
	if (!args->start)
		return 0;
	for (int l = 0; l < args->n_lanes; l++)
		if (((const pop_state *)args->start)[l].action == 4)
			return 1;
	return 0;
}

#if JS_VW == 16 && defined(__AVX512BW__)
#include <immintrin.h>

/* AVX-512 (F + BW): pop_lanes_frame on 16-bit lanes, 32 to a register, the masks in mask
 * registers, the two script tables looked up with one vpermw each; two groups of 32 lanes, the
 * whole block, side by side.  Everything fits an int16: CharY within [-14, 63 * 15 + 33], k from
 * POP_K_BEFORE (-8192) up by at most JS_MAX_FRAMES, the timer <= 255, frames <= 4096.
 *
 * The accounting (js_acc_frame) needs no "from take-off to landing" mask here: before take-off
 * the kid is at height 0, after a landing the lane is frozen (or, after a jump on flat ground, at
 * height 0 for good), so the rise is the running maximum of the height; a lane lands on the first
 * grounded frame after it took off.  The flags are not collected per frame but derived at the
 * store from the last accounted frame f_last (the landing frame, or the last frame), because each
 * is monotone in this model:
 *   below_start: the fall started (k reached T): CharY 3 on that frame, airborne;
 *   float: a stepfall whose fall started weightless (timer > press + 1);
 *   wtless_gravity and wtless_cap: free fall (j = 4 on p + T + 4) started weightless (timer > p + T
 *       + 5): then the first GRAVITY adds 1 to setfall's 15 or 6 and clamps, and every later
 *       weightless one clamps 4 + 1; the timer only runs down, so no weightless cycle comes later;
 *   terminal: f_last is in free fall, not weightless, and CharYVel is 33 there (it only grows in
 *       normal gravity, and 30 + 3 already takes the clamp branch);
 *   floor_passed: a plane was passed (the next plane is below the first);
 *   the grade: CharYVel on the hitflr frame (kept: a landed lane's CharYVel is not zeroed here). */
typedef struct pop_zlanes {
	__m512i t_fall, k0, jbase, land_y, wtless, last_jump; /* per-lane constants */
	__m512i k, y, vy, row_y, rise, apex, airtime, press_f;
	__mmask32 can_float, runs_on, flt, landed, started, took, acc_landed;
} pop_zlanes;

/* The jump scripts' heights by (move * 5 + k - K0), and the fall scripts' CharY by (j + 4 *
 * stepfloat): the tables pop_lanes_frame packs into bit fields. */
static const int16_t pop_jump_heights[32] = {
	6, 0, 0, 0, 0,  /* standjump, k 9-13 */
	3, 12, 14, 3, 0, /* runjump, k 6-10 */
	0, 0, 0, 0, 0,  /* stepfall: none */
	4, 6, 6, 4, 0,  /* highjump, k 13-17 */
};
static const int16_t pop_fall_script_y[32] = { 3, 9, 18, 30, 3, 6, 10, 15 };

#define POP_Z1(x) _mm512_set1_epi16((short)(x))

static inline void pop_zlanes_init(pop_zlanes *z, const js_lane_args *args, int l0)
{
	pop_lanes g;
	int16_t tf[32], k0[32], jb[32], ly[32], wt[32], lj[32];
	uint32_t cf = 0, ro = 0;
	for (int h = 0; h < 2; h++) {
		pop_lanes_init(&g, args, l0 + 16 * h);
		for (int i = 0; i < 16; i++) {
			int l = l0 + 16 * h + i < args->n_lanes ? l0 + 16 * h + i : args->n_lanes - 1;
			int move = args->axis[POP_AX_MOVE][l];
			tf[16 * h + i] = (int16_t)g.t_fall[i];
			k0[16 * h + i] = (int16_t)g.k0[i];
			jb[16 * h + i] = (int16_t)(5 * move);
			ly[16 * h + i] = (int16_t)g.land_y[i];
			wt[16 * h + i] = (int16_t)g.wtless[i];
			lj[16 * h + i] = (int16_t)g.acc.last_jump[i];
			cf |= (uint32_t)(g.can_float[i] & 1) << (16 * h + i);
			ro |= (uint32_t)(g.runs_on[i] & 1) << (16 * h + i);
		}
	}
	z->t_fall = _mm512_loadu_si512(tf);
	z->k0 = _mm512_loadu_si512(k0);
	z->jbase = _mm512_loadu_si512(jb);
	z->land_y = _mm512_loadu_si512(ly);
	z->wtless = _mm512_loadu_si512(wt);
	z->last_jump = _mm512_loadu_si512(lj);
	z->can_float = _cvtu32_mask32(cf);
	z->runs_on = _cvtu32_mask32(ro);
	z->k = _mm512_set1_epi16(POP_K_BEFORE);
	z->y = z->vy = z->rise = z->apex = z->airtime = z->press_f = _mm512_setzero_si512();
	z->row_y = _mm512_set1_epi16(POP_BLOCK_HEIGHT);
	z->flt = z->landed = z->started = z->took = z->acc_landed = 0;
}

/* pop_zlanes_init for a block without fuzz starts, on vectors: the move's constants looked up by
 * move (the switch in pop_lanes_init), the axes of lanes past n_lanes copied from the last lane
 * as there, last_jump as js_vacc_init's (js_vlast_set: the same top set bit). */
static inline void pop_zlanes_init_fast(pop_zlanes *z, const js_lane_args *args, int l0)
{
	__m512i ax[3];
	for (int a = 0; a < 3; a++) {
		const int32_t *p = args->axis[a];
		if (l0 + 32 <= args->n_lanes) {
			ax[a] = js_zwords((__m512i)js_vload(p + l0), (__m512i)js_vload(p + l0 + 16));
		} else {
			int16_t v[32];
			for (int i = 0; i < 32; i++)
				v[i] = (int16_t)p[l0 + i < args->n_lanes ? l0 + i : args->n_lanes - 1];
			ax[a] = _mm512_loadu_si512(v);
		}
	}
	const __m512i move = ax[POP_AX_MOVE];
	/* by move: standjump, runjump, stepfall, highjump */
	const __m512i k0_tab = _mm512_setr4_epi32(9 | 6 << 16, 0 | 13 << 16, 0, 0);
	const __m512i tf_tab = _mm512_setr4_epi32(10 | 10 << 16, 0 | POP_NO_FALL << 16, 0, 0);
	const __mmask32 step = _mm512_cmpeq_epi16_mask(move, POP_Z1(POP_MOVE_STEPFALL));
	const __mmask32 high = _mm512_cmpeq_epi16_mask(move, POP_Z1(POP_MOVE_HIGHJUMP));
	const __m512i drop = _mm512_maskz_mov_epi16(~high, ax[POP_AX_DROP]);
	const __mmask32 flat = _mm512_cmpeq_epi16_mask(drop, _mm512_setzero_si512());
	z->k0 = _mm512_permutexvar_epi16(move, k0_tab);
	z->t_fall = _mm512_mask_mov_epi16(_mm512_permutexvar_epi16(move, tf_tab), flat, POP_Z1(POP_NO_FALL));
	z->jbase = _mm512_mullo_epi16(move, POP_Z1(5));
	z->land_y = _mm512_mullo_epi16(drop, POP_Z1(POP_BLOCK_HEIGHT));
	z->wtless = ax[POP_AX_WTLESS];
	z->last_jump = js_zlast_jump16(args, l0);
	z->can_float = step;
	z->runs_on = step & flat;
	z->k = _mm512_set1_epi16(POP_K_BEFORE);
	z->y = z->vy = z->rise = z->apex = z->airtime = z->press_f = _mm512_setzero_si512();
	z->row_y = _mm512_set1_epi16(POP_BLOCK_HEIGHT);
	z->flt = z->landed = z->started = z->took = z->acc_landed = 0;
}

static inline __attribute__((always_inline)) void
pop_zlanes_frame(pop_zlanes *z, __mmask32 a, __m512i fv, __m512i fv1, __m512i jt, __m512i ft)
{
	const __m512i zero = _mm512_setzero_si512();
	__mmask32 press = _kandn_mask32(z->started, a);
	z->started = _kor_mask32(z->started, a);
	z->press_f = _mm512_mask_mov_epi16(z->press_f, press, fv);
	__m512i k = _mm512_mask_mov_epi16(_mm512_add_epi16(z->k, POP_Z1(1)), press, zero);
	__mmask32 wt = _mm512_cmpgt_epi16_mask(z->wtless, fv1);
	__m512i j = _mm512_sub_epi16(k, z->t_fall);
	/* the jump scripts */
	__m512i i = _mm512_sub_epi16(k, z->k0);
	__mmask32 inr = _mm512_cmplt_epu16_mask(i, POP_Z1(5));
	__m512i h = _mm512_maskz_permutexvar_epi16(inr, _mm512_add_epi16(i, z->jbase), jt);
	/* the fall scripts */
	__mmask32 floated = _kand_mask32(_mm512_mask_cmpeq_epi16_mask(z->can_float, j, zero), wt);
	__mmask32 flt = _kor_mask32(z->flt, floated);
	__mmask32 fsc = _mm512_cmplt_epu16_mask(j, POP_Z1(4));
	__m512i cum = _mm512_permutexvar_epi16(_mm512_mask_add_epi16(j, flt, j, POP_Z1(4)), ft);
	/* free fall: setfall on j 4, GRAVITY, ADDFALL, the floor plane, hitflr */
	__mmask32 jneg = _mm512_cmplt_epi16_mask(j, zero);
	__mmask32 ff = _kandn_mask32(z->landed, _mm512_cmpge_epi16_mask(j, POP_Z1(4)));
	__m512i vy0 = _mm512_mask_mov_epi16(z->vy, _mm512_cmpeq_epi16_mask(j, POP_Z1(4)),
					    _mm512_mask_mov_epi16(POP_Z1(15), flt, POP_Z1(6)));
	__m512i vn = _mm512_add_epi16(vy0, _mm512_mask_mov_epi16(POP_Z1(POP_ACCEL_GRAVITY), wt,
								 POP_Z1(POP_WTLESS_GRAVITY)));
	vn = _mm512_min_epi16(vn, _mm512_mask_mov_epi16(POP_Z1(POP_TERM_VELOCITY), wt,
							POP_Z1(POP_WTLESS_TERM_VEL)));
	__m512i yf = _mm512_add_epi16(z->y, vn);
	__mmask32 cross = _mm512_mask_cmpge_epi16_mask(ff, yf, z->row_y);
	__mmask32 hit = _mm512_mask_cmpeq_epi16_mask(cross, z->row_y, z->land_y);
	__mmask32 oof = _mm512_cmpge_epi16_mask(vn, POP_Z1(POP_OOF_VELOCITY));
	__m512i y = _mm512_mask_mov_epi16(yf, hit, _mm512_mask_sub_epi16(z->land_y, oof, z->land_y, POP_Z1(2)));
	y = _mm512_mask_mov_epi16(y, fsc, cum);
	y = _mm512_mask_mov_epi16(y, jneg, _mm512_sub_epi16(zero, h));
	y = _mm512_mask_mov_epi16(y, z->landed, z->y);
	z->vy = _mm512_mask_mov_epi16(z->vy, ff, vn);
	z->row_y = _mm512_mask_add_epi16(z->row_y, _kandn_mask32(hit, cross), z->row_y, POP_Z1(POP_BLOCK_HEIGHT));
	z->landed = _kor_mask32(z->landed, hit);
	z->flt = flt;
	z->k = k;
	z->y = y;
	/* the accounting */
	__mmask32 airborne = _kand_mask32(_kandn_mask32(z->landed, z->started),
					  _kor_mask32(_knot_mask32(jneg), _mm512_cmpneq_epi16_mask(y, zero)));
	z->took = _kor_mask32(z->took, airborne);
	__mmask32 lands = _kandn_mask32(_kor_mask32(airborne, z->acc_landed), z->took);
	z->acc_landed = _kor_mask32(z->acc_landed, lands);
	z->airtime = _mm512_mask_mov_epi16(z->airtime, lands, fv1);
	__m512i height = _mm512_sub_epi16(zero, y);
	z->apex = _mm512_mask_mov_epi16(z->apex, _mm512_cmpgt_epi16_mask(height, z->rise), fv);
	z->rise = _mm512_max_epi16(z->rise, height);
}

static inline int pop_zlanes_done(const pop_zlanes *z, __m512i fv)
{
	__mmask32 quiet = _mm512_cmple_epi16_mask(z->last_jump, fv);
	__mmask32 d = _kor_mask32(z->acc_landed, _kor_mask32(_kandn_mask32(z->started, quiet),
							     _kand_mask32(z->started, z->runs_on)));
	return _cvtmask32_u32(d) == 0xffffffffu;
}

/* The flags as the comment above derives them, for all 32 lanes at once in mask registers (every
 * term fits an int16: p + T + 5 <= 4095 + POP_NO_FALL + 5), and the results widened and stored. */
static inline void pop_zlanes_store(const pop_zlanes *z, const js_lane_args *args, int l0)
{
	const int n = args->n_lanes - l0;
	if (n <= 0)
		return;
	const __m512i one = POP_Z1(1);
	const __mmask32 took = z->took, lands = z->acc_landed, hit = z->landed;
	const __m512i f_last = _mm512_mask_sub_epi16(POP_Z1(args->n_frames - 1), lands, z->airtime, one);
	const __m512i pt = _mm512_add_epi16(z->press_f, z->t_fall);
	const __mmask32 fell = _mm512_mask_cmpge_epi16_mask(
		_mm512_cmpneq_epi16_mask(z->t_fall, POP_Z1(POP_NO_FALL)), f_last, pt);
	const __mmask32 free_fall = _mm512_mask_cmpge_epi16_mask(fell, f_last, _mm512_add_epi16(pt, POP_Z1(4)));
	const __mmask32 flt = _mm512_mask_cmpgt_epi16_mask(fell & z->can_float, z->wtless,
							   _mm512_add_epi16(z->press_f, one));
	const __mmask32 wlg = _mm512_mask_cmpgt_epi16_mask(free_fall, z->wtless, _mm512_add_epi16(pt, POP_Z1(5)));
	const __mmask32 term = _mm512_mask_cmpeq_epi16_mask(
		_mm512_mask_cmple_epi16_mask(free_fall, z->wtless, _mm512_add_epi16(f_last, one)), z->vy,
		POP_Z1(POP_TERM_VELOCITY));
	const __mmask32 passed = _mm512_cmpgt_epi16_mask(z->row_y, POP_Z1(POP_BLOCK_HEIGHT));
	const __mmask32 oof = _mm512_cmpge_epi16_mask(z->vy, POP_Z1(POP_OOF_VELOCITY));
	const __mmask32 death = _mm512_cmpge_epi16_mask(z->vy, POP_Z1(POP_DEATH_VELOCITY));
	__m512i fl = _mm512_mask_mov_epi16(POP_Z1(JS_FLAG_NO_TAKEOFF), took, _mm512_setzero_si512());
#define POP_ZSET(m, bits) fl = _mm512_mask_mov_epi16(fl, (m) & took, _mm512_or_si512(fl, POP_Z1(bits)))
	POP_ZSET(fell, JS_FLAG_BELOW_START);
	POP_ZSET(flt, POP_FLAG_FLOAT);
	POP_ZSET(wlg, POP_FLAG_WTLESS_GRAVITY | POP_FLAG_WTLESS_CAP);
	POP_ZSET(term, POP_FLAG_TERMINAL);
	POP_ZSET(passed, POP_FLAG_FLOOR_PASSED);
	POP_ZSET(hit & ~oof, POP_FLAG_LAND_SOFT);
	POP_ZSET(hit & oof & ~death, POP_FLAG_LAND_HURT);
	POP_ZSET(hit & death, POP_FLAG_LAND_FATAL);
	POP_ZSET(~lands, JS_FLAG_NOT_LANDED);
#undef POP_ZSET
	js_zstore16(args, l0, n, z->rise, z->apex, z->airtime, fl);
}

/* One group of 32 lanes through its frames, the stop rule checked before the first frame (a group
 * whose lanes have no press at all is done before it starts) and after every frame.  The groups
 * run one after the other: side by side, their state (16 vectors and 7 masks each) spilled. */
static inline void pop_zlanes_run(pop_zlanes *z, const js_lane_args *args, int l0, __m512i jt, __m512i ft)
{
	if (pop_zlanes_done(z, POP_Z1(-1)))
		return;
	__m512i fv = _mm512_setzero_si512(), fv1 = POP_Z1(1), w0 = fv, w1 = fv;
	for (int f = 0; f < args->n_frames; f++) {
		if ((f & 31) == 0) {
			const uint32_t *row = args->input[0] + (f >> 5) * JS_BLOCK + l0;
			w0 = _mm512_loadu_si512(row);
			w1 = _mm512_loadu_si512(row + 16);
		}
		const __m512i bit = _mm512_set1_epi32((int)(1u << (f & 31)));
		const __mmask32 a = _mm512_kunpackw(_mm512_test_epi32_mask(w1, bit),
						   _mm512_test_epi32_mask(w0, bit));
		pop_zlanes_frame(z, a, fv, fv1, jt, ft);
		if (pop_zlanes_done(z, fv))
			break;
		fv = fv1;
		fv1 = _mm512_add_epi16(fv1, POP_Z1(1));
	}
}

void JS_LANE_FN(pop)(const js_lane_args *args)
{
	if (pop_any_fall_start(args)) {
		pop_lane_run_generic(args);
		return;
	}
	const __m512i jt = _mm512_loadu_si512(pop_jump_heights);
	const __m512i ft = _mm512_loadu_si512(pop_fall_script_y);
	/* lanes 32-63 of a block of at most 32 are padding: no results to store, not run */
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 32) {
		pop_zlanes z;
		if (args->start) /* the timer from the start */
			pop_zlanes_init(&z, args, l0);
		else
			pop_zlanes_init_fast(&z, args, l0);
		pop_zlanes_run(&z, args, l0, jt, ft);
		pop_zlanes_store(&z, args, l0);
	}
}

#elif defined(JS_LANE_H16)

/* AVX2: the AVX-512 frame above on 16-bit words, 16 lanes per ymm (lane.h's js_hi, masks as
 * -1 / 0 words), groups of 16 two side by side; the same state, order, ranges and flags derived
 * at the store.  The two script tables (small positive values) are read with vpshufb from byte
 * tables: the jump heights' 20 entries as two tables of 16 picked by the index's bit 4, the fall
 * scripts' 8 as one; an index out of the table's range reads something the masks drop, as the
 * AVX-512 path's vpermw does. */
static const int16_t pop_jump_heights[32] = {
	6, 0, 0, 0, 0,  /* standjump, k 9-13 */
	3, 12, 14, 3, 0, /* runjump, k 6-10 */
	0, 0, 0, 0, 0,  /* stepfall: none */
	4, 6, 6, 4, 0,  /* highjump, k 13-17 */
};
static const int16_t pop_fall_script_y[16] = { 3, 9, 18, 30, 3, 6, 10, 15 };

typedef struct pop_hlanes {
	js_hi t_fall, k0, jbase, land_y, wtless, last_jump, can_float, runs_on; /* per-lane */
	js_hi k, y, vy, row_y, rise, apex, airtime, press_f;
	js_hi flt, landed, started, took, acc_landed;
} pop_hlanes;

/* t: 16 byte entries in both 128-bit halves; entry x & 15 of each word's x (x in [0, 127]). */
static inline __m256i pop_hlut_raw(__m256i t, js_hi x)
{
	return _mm256_shuffle_epi8(t, (__m256i)((x << 8) | 0x80)); /* the entry in the high byte */
}

static inline __m256i pop_hbytes(const int16_t *v)
{
	int8_t b[32];
	for (int i = 0; i < 32; i++)
		b[i] = (int8_t)v[i & 15];
	return _mm256_loadu_si256((const __m256i *)b);
}

static inline void pop_hlanes_init(pop_hlanes *z, const js_lane_args *args, int l0)
{
	pop_lanes g[2];
	pop_lanes_init(&g[0], args, l0);
	pop_lanes_init(&g[1], args, l0 + 8);
	for (int p = 0; p < 16; p++) {
		const int q = js_hlane(p), h = q >> 3, i = q & 7;
		int l = l0 + q < args->n_lanes ? l0 + q : args->n_lanes - 1;
		z->t_fall[p] = (int16_t)g[h].t_fall[i];
		z->k0[p] = (int16_t)g[h].k0[i];
		z->jbase[p] = (int16_t)(5 * args->axis[POP_AX_MOVE][l]);
		z->land_y[p] = (int16_t)g[h].land_y[i];
		z->wtless[p] = (int16_t)g[h].wtless[i];
		z->last_jump[p] = (int16_t)g[h].acc.last_jump[i];
		z->can_float[p] = (int16_t)-(g[h].can_float[i] & 1);
		z->runs_on[p] = (int16_t)-(g[h].runs_on[i] & 1);
	}
	z->k = js_hsplat(POP_K_BEFORE);
	z->y = z->vy = z->rise = z->apex = z->airtime = z->press_f = js_hsplat(0);
	z->row_y = js_hsplat(POP_BLOCK_HEIGHT);
	z->flt = z->landed = z->started = z->took = z->acc_landed = js_hsplat(0);
}

/* pop_hlanes_init for a block without fuzz starts, on vectors: the move's constants selected by
 * move (the switch in pop_lanes_init), last_jump js_vacc_init's (js_hlast_jump). */
static inline void pop_hlanes_init_fast(pop_hlanes *z, const js_lane_args *args, int l0)
{
	const js_hi move = js_haxis(args->axis[POP_AX_MOVE], args, l0);
	const js_hi stand = move == POP_MOVE_STANDJUMP, run = move == POP_MOVE_RUNJUMP;
	const js_hi step = move == POP_MOVE_STEPFALL, high = move == POP_MOVE_HIGHJUMP;
	const js_hi drop = js_haxis(args->axis[POP_AX_DROP], args, l0) & ~high;
	const js_hi flat = drop == 0;
	z->k0 = (stand & 9) | (run & 6) | (high & 13);
	z->t_fall = js_hsel(flat | high, js_hsplat(POP_NO_FALL), (stand | run) & 10);
	z->jbase = move * 5;
	z->land_y = drop * POP_BLOCK_HEIGHT;
	z->wtless = js_haxis(args->axis[POP_AX_WTLESS], args, l0);
	z->last_jump = js_hlast_jump(args, l0);
	z->can_float = step;
	z->runs_on = step & flat;
	z->k = js_hsplat(POP_K_BEFORE);
	z->y = z->vy = z->rise = z->apex = z->airtime = z->press_f = js_hsplat(0);
	z->row_y = js_hsplat(POP_BLOCK_HEIGHT);
	z->flt = z->landed = z->started = z->took = z->acc_landed = js_hsplat(0);
}

static inline __attribute__((always_inline)) void
pop_hlanes_frame(pop_hlanes *z, js_hi a, js_hi fv, js_hi fv1, const __m256i jt[2], __m256i ft)
{
	js_hi press = a & ~z->started;
	z->started |= a;
	z->press_f = js_hsel(press, fv, z->press_f);
	js_hi k = (z->k + 1) & ~press;
	js_hi wt = z->wtless > fv1;
	js_hi j = k - z->t_fall;
	/* the jump scripts */
	js_hi i = k - z->k0;
	js_hi inr = (js_hi)((js_hu)i < 5);
	js_hi x = i + z->jbase;
	js_hi h = ((js_hi)_mm256_blendv_epi8(pop_hlut_raw(jt[0], x), pop_hlut_raw(jt[1], x),
					     (__m256i)(x << 11)) >> 8) & inr;
	/* the fall scripts */
	js_hi floated = z->can_float & (j == 0) & wt;
	js_hi flt = z->flt | floated;
	js_hi fsc = (js_hi)((js_hu)j < 4);
	js_hi cum = (js_hi)pop_hlut_raw(ft, j + (flt & 4)) >> 8;
	/* free fall: setfall on j 4, GRAVITY, ADDFALL, the floor plane, hitflr */
	js_hi jneg = j < 0;
	js_hi ff = ~z->landed & (j >= 4);
	js_hi vy0 = js_hsel(j == 4, js_hsel(flt, js_hsplat(6), js_hsplat(15)), z->vy);
	js_hi vn = vy0 + js_hsel(wt, js_hsplat(POP_WTLESS_GRAVITY), js_hsplat(POP_ACCEL_GRAVITY));
	vn = (js_hi)_mm256_min_epi16((__m256i)vn, (__m256i)js_hsel(wt, js_hsplat(POP_WTLESS_TERM_VEL),
								  js_hsplat(POP_TERM_VELOCITY)));
	js_hi yf = z->y + vn;
	js_hi cross = ff & (yf >= z->row_y);
	js_hi hit = cross & (z->row_y == z->land_y);
	js_hi oof = vn >= POP_OOF_VELOCITY;
	js_hi y = js_hsel(hit, z->land_y - (oof & 2), yf);
	y = js_hsel(fsc, cum, y);
	y = js_hsel(jneg, -h, y);
	y = js_hsel(z->landed, z->y, y);
	z->vy = js_hsel(ff, vn, z->vy);
	z->row_y += cross & ~hit & POP_BLOCK_HEIGHT;
	z->landed |= hit;
	z->flt = flt;
	z->k = k;
	z->y = y;
	/* the accounting */
	js_hi airborne = z->started & ~z->landed & (~jneg | (y != 0));
	z->took |= airborne;
	js_hi lands = z->took & ~(airborne | z->acc_landed);
	z->acc_landed |= lands;
	z->airtime = js_hsel(lands, fv1, z->airtime);
	js_hi height = -y;
	z->apex = js_hsel(height > z->rise, fv, z->apex);
	z->rise = (js_hi)_mm256_max_epi16((__m256i)z->rise, (__m256i)height);
}

static inline int pop_hlanes_done(const pop_hlanes *z, js_hi fv)
{
	js_hi quiet = z->last_jump <= fv;
	return js_hall(z->acc_landed | (~z->started & quiet) | (z->started & z->runs_on));
}

static inline void pop_hlanes_store(const pop_hlanes *z, const js_lane_args *args, int l0)
{
	/* the flags as the AVX-512 store derives them, on words (p + T + 5 fits) */
	const js_hi took = z->took, lands = z->acc_landed, hit = z->landed, one = js_hsplat(1);
	const js_hi f_last = js_hsel(lands, z->airtime - one, js_hsplat((int16_t)(args->n_frames - 1)));
	const js_hi pt = z->press_f + z->t_fall, w = z->wtless, vy = z->vy;
	const js_hi fell = (z->t_fall != POP_NO_FALL) & (f_last >= pt);
	const js_hi free_fall = fell & (f_last >= pt + 4);
	const js_hi oof = vy >= POP_OOF_VELOCITY, death = vy >= POP_DEATH_VELOCITY;
	js_hi fl = (fell & JS_FLAG_BELOW_START) |
		   (fell & z->can_float & (w > z->press_f + one) & POP_FLAG_FLOAT) |
		   (free_fall & (w > pt + 5) & (POP_FLAG_WTLESS_GRAVITY | POP_FLAG_WTLESS_CAP)) |
		   (free_fall & ~(w > f_last + one) & (vy == POP_TERM_VELOCITY) & POP_FLAG_TERMINAL) |
		   ((z->row_y > POP_BLOCK_HEIGHT) & POP_FLAG_FLOOR_PASSED) |
		   (hit & ~oof & POP_FLAG_LAND_SOFT) | (hit & oof & ~death & POP_FLAG_LAND_HURT) |
		   (hit & death & (int16_t)POP_FLAG_LAND_FATAL) | (~lands & JS_FLAG_NOT_LANDED);
	fl = js_hsel(took, fl, js_hsplat(JS_FLAG_NO_TAKEOFF));
	int16_t ri[16], ap[16], at[16], fls[16];
	js_hstore_lanes(ri, z->rise);
	js_hstore_lanes(ap, z->apex);
	js_hstore_lanes(at, z->airtime);
	js_hstore_lanes(fls, fl);
	for (int i = 0; i < 16 && l0 + i < args->n_lanes; i++) {
		const uint32_t f = (uint16_t)fls[i];
		args->rise[l0 + i] = ri[i];
		args->apex_frame[l0 + i] = ap[i];
		args->airtime[l0 + i] = at[i];
		args->flags[l0 + i] = f;
	}
}

void JS_LANE_FN(pop)(const js_lane_args *args)
{
	if (pop_any_fall_start(args)) {
		pop_lane_run_generic(args);
		return;
	}
	const __m256i jt[2] = { pop_hbytes(pop_jump_heights), pop_hbytes(pop_jump_heights + 16) };
	const __m256i ft = pop_hbytes(pop_fall_script_y);
	/* lanes past n_lanes are padding: pairs of groups wholly past it are not run */
	for (int l0 = 0; l0 < JS_BLOCK && l0 < args->n_lanes; l0 += 32) {
		pop_hlanes z0, z1;
		if (args->start) { /* the timer from the start */
			pop_hlanes_init(&z0, args, l0);
			pop_hlanes_init(&z1, args, l0 + 16);
		} else {
			pop_hlanes_init_fast(&z0, args, l0);
			pop_hlanes_init_fast(&z1, args, l0 + 16);
		}
		const js_hi one = js_hsplat(1);
		js_hi fv = js_hsplat(0), fv1 = one;
		/* the stop rule before the first frame (no press at all: done) and after every one */
		if (pop_hlanes_done(&z0, js_hsplat(-1)) && pop_hlanes_done(&z1, js_hsplat(-1)))
			goto store;
		for (int f = 0; f < args->n_frames; f++) {
			pop_hlanes_frame(&z0, js_hjump(args, l0, f), fv, fv1, jt, ft);
			pop_hlanes_frame(&z1, js_hjump(args, l0 + 16, f), fv, fv1, jt, ft);
			if (pop_hlanes_done(&z0, fv) && pop_hlanes_done(&z1, fv))
				break;
			fv = fv1;
			fv1 += one;
		}
	store:
		pop_hlanes_store(&z0, args, l0);
		pop_hlanes_store(&z1, args, l0 + 16);
	}
}

#else

void JS_LANE_FN(pop)(const js_lane_args *args)
{
	pop_lane_run_generic(args);
}

#endif

#endif
