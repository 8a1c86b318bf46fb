/* sweep/engine/ranks.c - MPI ranks (ranks.h; built with -DJS_MPI=ON only). */
#include "ranks.h"
#include "cleanup.h"
#include "reach.h"

#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int inited, rank, n_ranks = 1;

static void wait_politely(MPI_Request *rq);

int js_ranks_init(int *argc, char ***argv)
{
	int provided = 0;
	if (MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
		fprintf(stderr, "jumpsweep: MPI_Init_thread failed\n");
		return -1;
	}
	inited = 1;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &n_ranks);
	if (provided < MPI_THREAD_SERIALIZED && n_ranks > 1) {
		/* the stream's writer may be any OpenMP thread (one at a time) */
		if (rank == 0)
			fprintf(stderr, "jumpsweep: this MPI gives no MPI_THREAD_SERIALIZED (only level "
				"%d)\n", provided);
		return -1;
	}
	return 0;
}

void js_ranks_finish(void)
{
	if (inited)
		MPI_Finalize();
	inited = 0;
}

int js_rank(void)
{
	return rank;
}

int js_n_ranks(void)
{
	return n_ranks;
}

int js_ranks_agree(int rc, char *err, size_t errn)
{
	if (n_ranks == 1)
		return rc;
	int mine = rc != 0 ? rank : n_ranks, first = n_ranks;
	MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (first == n_ranks)
		return 0;
	int code = rc;
	MPI_Bcast(&code, 1, MPI_INT, first, MPI_COMM_WORLD);
	char msg[1024] = "";
	if (rank == first && err)
		snprintf(msg, sizeof msg, "%s", err);
	MPI_Bcast(msg, (int)sizeof msg, MPI_CHAR, first, MPI_COMM_WORLD);
	if (err && errn)
		snprintf(err, errn, "%s", msg);
	return code;
}

/* Waits for a non-blocking collective, sleeping between tests: a rank that waits long for a
 * slower one (reach: its searches done before the others') gives its core away; a blocking MPI
 * call spins on it.  Only for long waits: a non-blocking collective progresses only in the
 * tests, so the collectives of every chunk round stay blocking (with the naps, a sweep on 2
 * ranks took 8x as long). */
static void wait_politely(MPI_Request *rq)
{
	int done = 0;
	struct timespec nap = { 0, 200000 }; /* 0.2 ms: a collective round is 10-100 ms of work */
	MPI_Test(rq, &done, MPI_STATUS_IGNORE);
	while (!done) {
		nanosleep(&nap, NULL);
		MPI_Test(rq, &done, MPI_STATUS_IGNORE);
	}
}

int js_ranks_any(int flag)
{
	if (n_ranks == 1)
		return flag;
	int in = flag != 0, out = 0;
	MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	return out;
}

void js_ranks_wait(void)
{
	if (n_ranks == 1)
		return;
	MPI_Request rq;
	MPI_Ibarrier(MPI_COMM_WORLD, &rq);
	wait_politely(&rq);
}

void js_ranks_reduce_i64(int64_t *v, int n, int op)
{
	if (n_ranks == 1 || n <= 0)
		return;
	MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_INT64_T, op ? MPI_MAX : MPI_MIN, MPI_COMM_WORLD);
}

int js_ranks_alltoallv(const uint64_t *send, const size_t *scount, uint64_t **recv, size_t *rcount)
{
	int n = n_ranks;
	int *sc = malloc((size_t)n * sizeof *sc), *rc = malloc((size_t)n * sizeof *rc);
	int *sd = malloc((size_t)n * sizeof *sd), *rd = malloc((size_t)n * sizeof *rd);
	uint64_t *buf = NULL;
	int bad = !sc || !rc || !sd || !rd;
	size_t stot = 0, rtot = 0;
	for (int d = 0; d < n && !bad; d++) {
		if (scount[d] > (size_t)INT32_MAX || stot > (size_t)INT32_MAX - scount[d])
			bad = 1; /* MPI's int counts and displacements: 16 GiB of words */
		else {
			sc[d] = (int)scount[d];
			sd[d] = (int)stot;
			stot += scount[d];
		}
	}
	if (!bad)
		MPI_Alltoall(sc, 1, MPI_INT, rc, 1, MPI_INT, MPI_COMM_WORLD);
	for (int d = 0; d < n && !bad; d++) {
		if (rtot > (size_t)INT32_MAX - (size_t)rc[d])
			bad = 1;
		else {
			rd[d] = (int)rtot;
			rcount[d] = (size_t)rc[d];
			rtot += (size_t)rc[d];
		}
	}
	if (!bad) {
		buf = malloc((rtot ? rtot : 1) * sizeof *buf);
		bad = !buf;
	}
	if (js_ranks_any(bad)) {
		free(buf);
		buf = NULL;
	} else {
		MPI_Alltoallv(send, sc, sd, MPI_UINT64_T, buf, rc, rd, MPI_UINT64_T, MPI_COMM_WORLD);
	}
	free(sc);
	free(rc);
	free(sd);
	free(rd);
	*recv = buf;
	return buf ? 0 : -1;
}

void js_ranks_sum_u64(uint64_t *v, int n, int prefix)
{
	if (n <= 0)
		return;
	if (!prefix)
		MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
	else {
		MPI_Exscan(MPI_IN_PLACE, v, n, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
		if (rank == 0) /* MPI_Exscan leaves rank 0's undefined */
			memset(v, 0, (size_t)n * sizeof *v);
	}
}

void js_ranks_recv_prev(uint64_t *v, int n)
{
	if (rank > 0)
		MPI_Recv(v, n, MPI_UINT64_T, rank - 1, 77, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

void js_ranks_send_next(const uint64_t *v, int n)
{
	if (rank + 1 < n_ranks)
		MPI_Send(v, n, MPI_UINT64_T, rank + 1, 77, MPI_COMM_WORLD);
}

void js_ranks_bcast_str(char *buf, size_t n, int root)
{
	if (n_ranks == 1 || n == 0)
		return;
	MPI_Bcast(buf, (int)n, MPI_CHAR, root, MPI_COMM_WORLD);
	buf[n - 1] = 0;
}

/* A set as bytes: the struct (its rises pointer meaningless), then per rise the struct and its
 * witnesses.  Ranks of one job run the same binary on the same ISA: the layout is theirs. */
static size_t set_bytes(const js_reach_set *s)
{
	size_t n = sizeof *s;
	for (int i = 0; i < s->n_rises; i++) {
		const js_reach_rise *x = &s->rises[i];
		n += sizeof *x + (size_t)x->witness_len;
		n += x->witness_short ? (size_t)x->short_len : 0;
		n += x->witness_long ? (size_t)x->long_len : 0;
	}
	return n;
}

int js_ranks_bcast_set(js_reach_set *s, int root)
{
	if (n_ranks == 1)
		return 0;
	uint64_t len = rank == root ? (uint64_t)set_bytes(s) : 0;
	MPI_Bcast(&len, 1, MPI_UINT64_T, root, MPI_COMM_WORLD);
	unsigned char *buf = malloc(len ? len : 1);
	int ok = buf != NULL;
	if (js_ranks_any(!ok)) { /* somebody has no room: nobody sends */
		free(buf);
		return -1;
	}
	if (rank == root) {
		unsigned char *p = buf;
		memcpy(p, s, sizeof *s);
		p += sizeof *s;
		for (int i = 0; i < s->n_rises; i++) {
			const js_reach_rise *x = &s->rises[i];
			memcpy(p, x, sizeof *x);
			p += sizeof *x;
			memcpy(p, x->witness, (size_t)x->witness_len);
			p += x->witness_len;
			if (x->witness_short) {
				memcpy(p, x->witness_short, (size_t)x->short_len);
				p += x->short_len;
			}
			if (x->witness_long) {
				memcpy(p, x->witness_long, (size_t)x->long_len);
				p += x->long_len;
			}
		}
	}
	/* in pieces below INT_MAX bytes (MPI counts are ints) */
	for (uint64_t off = 0; off < len;) {
		uint64_t part = len - off < ((uint64_t)1 << 30) ? len - off : (uint64_t)1 << 30;
		MPI_Bcast(buf + off, (int)part, MPI_BYTE, root, MPI_COMM_WORLD);
		off += part;
	}
	int rc = 0;
	if (rank != root) {
		const unsigned char *p = buf;
		int32_t axis[JS_MAX_AXES];
		memcpy(axis, s->axis, sizeof axis);
		memcpy(s, p, sizeof *s);
		p += sizeof *s;
		memcpy(s->axis, axis, sizeof axis);
		int nr = s->n_rises;
		s->n_rises = 0;
		s->rises = calloc(nr ? (size_t)nr : 1, sizeof *s->rises);
		if (!s->rises)
			rc = -1;
		for (int i = 0; i < nr && rc == 0; i++) {
			js_reach_rise *y = &s->rises[i];
			memcpy(y, p, sizeof *y);
			p += sizeof *y;
			const uint8_t *src[3] = { NULL, NULL, NULL };
			int lens[3] = { y->witness_len, y->short_len, y->long_len };
			int has[3] = { 1, y->witness_short != NULL, y->witness_long != NULL };
			y->witness = y->witness_short = y->witness_long = NULL;
			s->n_rises = i + 1;
			uint8_t **dst[3] = { &y->witness, &y->witness_short, &y->witness_long };
			for (int k = 0; k < 3; k++) {
				if (!has[k])
					continue;
				src[k] = p;
				p += lens[k];
				*dst[k] = malloc(lens[k] ? (size_t)lens[k] : 1);
				if (!*dst[k]) {
					rc = -1;
					break;
				}
				memcpy(*dst[k], src[k], (size_t)lens[k]);
			}
		}
	}
	free(buf);
	return js_ranks_any(rc != 0) ? -1 : 0;
}

void js_ranks_abort(const char *msg, const char *tmp)
{
	/* One line for the job: a full disk often fails every rank's share at once, and the
	 * first MPI_Abort ends the others within a fraction of a second.  Rank 0 says it at
	 * once.  Rank r > 0 waits 1 + r/4 s first: rank 0, when it has not failed too, is held in
	 * the collective that this rank left, and so is every rank below r that has not; the
	 * temporary file, gone when the abort signals rank 0, tells it not to add a line of its
	 * own (cleanup.c). */
	int r = js_rank();
	if (tmp)
		unlink(tmp);
	if (r > 0) {
		struct timespec ts = { .tv_sec = 1 + r / 4, .tv_nsec = (long)(r % 4) * 250000000L };
		while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
			;
	}
	fprintf(stderr, "jumpsweep: %s\n", msg);
	fflush(stderr);
	js_cleanup_told(); /* the abort signals this process too */
	MPI_Abort(MPI_COMM_WORLD, 1);
	_exit(1);
}
