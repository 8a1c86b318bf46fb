/* sweep/engine/cleanup.h - temporary output files removed when a signal ends the process.
 *
 * Every output (HDF5, trace CSV, movies, claims files) is written under a temporary sibling name
 * and renamed when complete.  A writer registers the temporary name while it exists; on SIGINT,
 * SIGTERM or SIGHUP the handler (installed once by a front end: js_cleanup_signals) removes every
 * registered file, writes one line on stderr and exits with 128 + the signal (130 for SIGINT,
 * 143 for SIGTERM), as a shell reports a process a signal ended.  The previous file at the final
 * path is never touched.  Registration is for the thread that creates and renames the files. */
#ifndef JS_CLEANUP_H
#define JS_CLEANUP_H

/* A temporary file now exists at path (copied; at most JS_CLEANUP_MAX at once). */
void js_cleanup_add(const char *path);
/* It was renamed or removed: forget it. */
void js_cleanup_drop(const char *path);
/* Installs the handler for SIGINT, SIGTERM and SIGHUP; prog names the program in its line. */
void js_cleanup_signals(const char *prog);
/* The handler neither removes the files nor writes a line (MPI: ranks other than 0, whose files
 * are rank 0's). */
void js_cleanup_quiet(void);
/* This process has said why it ends: the handler writes no line (MPI: js_ranks_abort). */
void js_cleanup_told(void);
/* MPI, rank 0 of several: a registered file already gone when a signal comes means that another
 * rank ended the job and said why (js_ranks_abort removes the file first): no line. */
void js_cleanup_shared(void);

#define JS_CLEANUP_MAX 16

#endif
