/* sweep/engine/ranks.h - MPI ranks (docs/cluster.md).
 *
 * A build with -DJS_MPI=ON (sweep/engine/ranks.c) runs `mpirun -n N jumpsweep sweep|map|reach`:
 * sweep's and map's grids are split by whole HDF5 chunks (rank r takes the r-th of N runs of
 * consecutive chunks, grid order) and written collectively into the one file by parallel HDF5
 * (h5.c); reach's start conditions are dealt round-robin and their sets shared (reach.c).  Every
 * value is the same bits as the one-process run.  Rank 0 alone prints.
 *
 * Without JS_MPI (the default build) there is one rank and these are stand-ins that do nothing,
 * so callers need no #ifdef. */
#ifndef JS_RANKS_H
#define JS_RANKS_H

#include <stddef.h>
#include <stdint.h>

struct js_reach_set;

#ifdef JS_MPI
/* MPI_Init_thread (MPI_THREAD_SERIALIZED: one thread at a time calls MPI, the stream's writer);
 * 0, or -1 with a message on stderr. */
int js_ranks_init(int *argc, char ***argv);
/* MPI_Finalize (after js_ranks_init; a no-op otherwise). */
void js_ranks_finish(void);
int js_rank(void);
int js_n_ranks(void);
/* Collective: every rank passes its status (0 ok) and message; every rank gets the status of
 * the lowest rank that failed (0 if none) and that rank's message in err. */
int js_ranks_agree(int rc, char *err, size_t errn);
/* Collective: 1 on every rank if any rank passes 1. */
int js_ranks_any(int flag);
/* Collective: returns when every rank has come here (sleeping, not spinning, meanwhile). */
void js_ranks_wait(void);
/* Collective: v[0..n-1] becomes the minimum (op 0) or the maximum (op 1) over the ranks. */
void js_ranks_reduce_i64(int64_t *v, int n, int op);
/* Collective: root's string (at most n bytes with its NUL) into buf on every rank. */
void js_ranks_bcast_str(char *buf, size_t n, int root);
/* Collective: root's set (its rises and witnesses) into s on every other rank (s empty there,
 * its axis values already set); 0, or -1 (out of memory: the same on every rank). */
int js_ranks_bcast_set(struct js_reach_set *s, int root);
/* The distributed layered search of one start condition (reach_mpi.c, docs/cluster.md). */
/* Collective: every rank sends scount[d] 8-byte words of send (grouped by destination, in rank
 * order) to rank d; *recv (malloc'd: the caller frees it) gets rcount[s] words from each rank s,
 * in rank order.  0, or -1 (out of memory on some rank: -1 on every rank, *recv NULL). */
int js_ranks_alltoallv(const uint64_t *send, const size_t *scount, uint64_t **recv, size_t *rcount);
/* Collective: v[0..n-1] becomes the sum over the ranks (sum 0), or the sum over the ranks
 * before this one (exclusive prefix, 1; rank 0 gets zeros). */
void js_ranks_sum_u64(uint64_t *v, int n, int prefix);
/* Rank r > 0 receives v[0..n-1] from rank r - 1 / rank r < N - 1 sends them to rank r + 1: a
 * chain in rank order (the one-process order of a scan over blocks). */
void js_ranks_recv_prev(uint64_t *v, int n);
void js_ranks_send_next(const uint64_t *v, int n);
/* A failure inside a collective write (parallel HDF5 leaves the other ranks waiting in its
 * collectives): removes the temporary file tmp (when not NULL), prints "jumpsweep: msg" from
 * this rank and ends the job with MPI_Abort, status 1. */
_Noreturn void js_ranks_abort(const char *msg, const char *tmp);
#else
static inline int js_ranks_init(int *argc, char ***argv) { (void)argc, (void)argv; return 0; }
static inline void js_ranks_finish(void) {}
static inline int js_rank(void) { return 0; }
static inline int js_n_ranks(void) { return 1; }
static inline int js_ranks_agree(int rc, char *err, size_t errn) { (void)err, (void)errn; return rc; }
static inline int js_ranks_any(int flag) { return flag; }
static inline void js_ranks_wait(void) {}
static inline void js_ranks_reduce_i64(int64_t *v, int n, int op) { (void)v, (void)n, (void)op; }
static inline void js_ranks_bcast_str(char *buf, size_t n, int root) { (void)buf, (void)n, (void)root; }
static inline int js_ranks_bcast_set(struct js_reach_set *s, int root) { (void)s, (void)root; return 0; }
static inline void js_ranks_abort(const char *msg, const char *tmp) { (void)msg, (void)tmp; }
#endif

#endif
