/* sweep/engine/h5.c - the HDF5 writer: one group per model, dimension scales, attributes, compression.
 *
 * Layout (documented for users in the README; keep the names stable):
 *
 *   /                      attributes command, version, isa, created_by
 *   /<model id>/           attributes: the model's metadata, the grid's pattern and frame limit,
 *                          the flag bits (flag_meanings "bit0=no_takeoff ...", flag_masks,
 *                          flag_names, flag_descriptions: one sentence per bit, in the same
 *                          order), character_height (a length to compare games by, in the
 *                          unit; 0 where the model has none) and character_height_source
 *     <axis>               dimension scale per model axis: int32 values lo..hi (numeric axes), or
 *                          the chosen names as variable-length strings (named axes), with
 *     <axis>_index         int32 (named axes only): the axis value (index into the names)
 *     hold                 dimension scale of a hold grid: int32 frames held
 *     sequence             dimension scale of a sequence grid: int32 0..n-1, with
 *     sequence_text        variable-length strings: each sequence in js_seq_format's text form
 *     rise                 float64 (model unit)        dims (axes..., hold|sequence)
 *     rise_sub             int64 (1/sub_per_unit unit) the same, exact
 *     apex_frame, airtime  int32 (frames)
 *     flags                uint32 (CF flag_masks / flag_meanings on the variable)
 *
 * Readable as-is by h5py and by xarray (netCDF4 and h5netcdf engines): the scales carry the
 * NAME/CLASS attributes H5DS gives them and are attached to every dimension of every variable
 * that has that dimension; the auxiliary coordinates (<axis>_index, sequence_text) are listed in
 * each data variable's CF `coordinates` attribute.  Every string (attributes and datasets) is
 * variable-length UTF-8: h5py reads str attributes, xarray str coordinates with either engine.
 * Fixed-length string datasets are NOT used: netCDF-C 4.9 reads only the first element of one
 * (xarray's netcdf4 engine then crashes), and h5netcdf hands them over as bytes.  No _FillValue
 * is written (every element is written).
 *
 * Links and attributes are created with creation order tracked and indexed, as netCDF-4 does, so
 * netCDF lists dimensions and variables in the order written here.
 *
 * The file is written under a temporary sibling name (mkstemp) and renamed onto the final path by
 * js_h5_close(h, 1, ...) only after H5Fclose succeeded, so an interrupted run never leaves a file
 * that looks complete.  Every HDF5 call is checked; a failure gives one line in err naming what
 * was being written, followed by HDF5's innermost message.
 *
 * MPI (ranks.h, docs/cluster.md): with more than one rank every rank opens the one file (the
 * MPI-IO driver; rank 0 makes the temporary name and renames it), makes every group, attribute
 * and dataset collectively with the same values, and writes raw data collectively.  A streamed
 * sweep's ranks each write their share of whole chunks, one chunk per collective round
 * (js_h5_sweep_sink); the chunking and filters are the one-process file's.  Parallel HDF5 1.10
 * writes no variable-length data, so the string datasets (named axes, sequence texts, witness
 * texts) are created collectively and written by rank 0 alone, after the collective close, into
 * the same datasets (js_h5_close).
 */
#include "cleanup.h"
#include "describe.h"
#include "ranks.h"
#include "sweep.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <hdf5.h>
#include <hdf5_hl.h>
#include <zlib.h>

#ifndef JS_VERSION
#define JS_VERSION "unknown"
#endif

#define JS_H5_DEFLATE_LEVEL 4
/* Chunks hold at most this many elements (512 KiB of float64): big enough for deflate to work
 * well and for a notebook to read a whole hold row at once, small enough to stay in HDF5's
 * default 1 MiB chunk cache. */
#define JS_H5_CHUNK_ELEMS ((hsize_t)1 << 16)

/* MPI: a string dataset written by rank 0 after the collective close (parallel HDF5 writes no
 * variable-length data). */
typedef struct deferred_str {
	char *path;     /* /group/name */
	size_t n;
	char **values;
} deferred_str;

struct js_h5 {
	hid_t file;
	hid_t vstr;  /* variable-length UTF-8 string type */
	char *path;  /* final path */
	char *tmp;   /* temporary sibling */
	int par;     /* MPI: every rank writes this file (MPI-IO driver, collective writes) */
	hid_t dxpl;  /* raw data transfer: H5P_DEFAULT, or collective MPI-IO */
	deferred_str *later;
	size_t n_later, cap_later;
};

static void deferred_free(js_h5 *h)
{
	for (size_t i = 0; i < h->n_later; i++) {
		for (size_t k = 0; k < h->later[i].n; k++)
			free(h->later[i].values[k]);
		free(h->later[i].values);
		free(h->later[i].path);
	}
	free(h->later);
	h->later = NULL;
	h->n_later = h->cap_later = 0;
}

/* MPI: keeps a copy of a string dataset's values for rank 0 to write after the close. */
static int deferred_add(js_h5 *h, const char *gname, const char *name, size_t n,
			const char *const *values)
{
	if (h->n_later == h->cap_later) {
		size_t cap = h->cap_later ? 2 * h->cap_later : 8;
		deferred_str *p = realloc(h->later, cap * sizeof *p);
		if (!p)
			return -1;
		h->later = p;
		h->cap_later = cap;
	}
	deferred_str *d = &h->later[h->n_later];
	d->n = n;
	d->values = calloc(n ? n : 1, sizeof *d->values);
	d->path = malloc(strlen(gname) + strlen(name) + 2);
	if (!d->values || !d->path) {
		free(d->values);
		free(d->path);
		return -1;
	}
	sprintf(d->path, "%s/%s", gname, name);
	h->n_later++;
	for (size_t k = 0; k < n; k++)
		if (!(d->values[k] = strdup(values[k] ? values[k] : "")))
			return -1;
	return 0;
}

/* ---- errors ---- */

static void set_err(char *err, size_t errn, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void set_err(char *err, size_t errn, const char *fmt, ...)
{
	va_list ap;
	if (!err || !errn)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errn, fmt, ap);
	va_end(ap);
}

static herr_t innermost_cb(unsigned n, const H5E_error2_t *e, void *data)
{
	char *buf = data;
	if (n == 0 && e->desc)
		snprintf(buf, 200, "%s", e->desc);
	return 0;
}

/* "<what> (HDF5: <innermost message>)", on one line; returns -1. */
static int h5_vfail(char *err, size_t errn, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
static int h5_vfail(char *err, size_t errn, const char *fmt, va_list ap)
{
	char what[400], why[200] = "";
	int sys_errno = errno; /* a failed write's, when the driver's message does not say it */
	vsnprintf(what, sizeof what, fmt, ap);
	H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, innermost_cb, why);
	H5Eclear2(H5E_DEFAULT);
	for (char *p = why; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	/* a failed write or read: the system's reason ("No space left on device"), not the
	 * driver's record of time, descriptor and buffer address */
	const char *em = strstr(why, "error message = '");
	if (em) {
		char sys[160];
		em += strlen("error message = '");
		snprintf(sys, sizeof sys, "%.*s", (int)strcspn(em, "'"), em);
		snprintf(why, sizeof why, "%s", sys);
	}
	/* the MPI-IO driver says "file write failed" without the system's reason; the write's
	 * errno is still there when it is one a write gives */
	if (strstr(why, "file write failed") &&
	    (sys_errno == ENOSPC || sys_errno == EFBIG || sys_errno == EDQUOT || sys_errno == EIO))
		snprintf(why, sizeof why, "%s", strerror(sys_errno));
	if (why[0])
		set_err(err, errn, "%s (HDF5: %s)", what, why);
	else
		set_err(err, errn, "%s", what);
	return -1;
}

static int h5_fail(char *err, size_t errn, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int h5_fail(char *err, size_t errn, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	h5_vfail(err, errn, fmt, ap);
	va_end(ap);
	return -1;
}

/* MPI: a failed write through MPI-IO leaves neither its reason in HDF5's message nor errno
 * (ROMIO: "file write failed"; OMPIO can even lose the failure, and HDF5 then meets the chunk
 * it did not write: "inflate() failed"), so the message gets the facts that explain it, when
 * there are: a file size limit (ulimit -f), or a file system with less than 1 MiB free. */
static void write_cause(const js_h5 *h, char *err, size_t errn)
{
	char *at = strstr(err, " (HDF5: ");
	size_t len = strlen(err);
	if (!at || !h->tmp || len < 2 || err[len - 1] != ')' || strstr(err, "File too large") ||
	    strstr(err, "No space left"))
		return;
	char why[160] = "";
	struct rlimit rl;
	struct statvfs fs;
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", h->tmp);
	char *slash = strrchr(dir, '/');
	if (!slash)
		snprintf(dir, sizeof dir, ".");
	else
		slash[slash == dir] = 0;
	if (getrlimit(RLIMIT_FSIZE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		snprintf(why, sizeof why, "the file size limit (ulimit -f) is %llu bytes",
			 (unsigned long long)rl.rlim_cur);
	else if (statvfs(dir, &fs) == 0 && (unsigned long long)fs.f_bavail * fs.f_frsize < (1u << 20))
		snprintf(why, sizeof why, "the file system has %llu bytes free",
			 (unsigned long long)fs.f_bavail * fs.f_frsize);
	if (why[0])
		snprintf(err + len - 1, errn - (len - 1), "; %s)", why);
}

/* The same for a call that is collective in a parallel file (creating, writing, attaching or
 * closing an object): there a rank whose call failed (a full disk, a file size limit) cannot
 * go on to agree with the others, who may be waiting inside the same call's collectives for
 * ever, so it ends the job (js_ranks_abort: the temporary file removed, its line, status 1). */
static int h5_coll_fail(const js_h5 *h, char *err, size_t errn, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int h5_coll_fail(const js_h5 *h, char *err, size_t errn, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	h5_vfail(err, errn, fmt, ap);
	va_end(ap);
	if (h && h->par) {
		write_cause(h, err, errn);
		js_ranks_abort(err, h->tmp);
	}
	return -1;
}

static void close_id(hid_t id)
{
	if (id < 0)
		return;
	switch (H5Iget_type(id)) {
	case H5I_FILE: H5Fclose(id); break;
	case H5I_GROUP: H5Gclose(id); break;
	case H5I_DATATYPE: H5Tclose(id); break;
	case H5I_DATASPACE: H5Sclose(id); break;
	case H5I_DATASET: H5Dclose(id); break;
	case H5I_ATTR: H5Aclose(id); break;
	case H5I_GENPROP_LST: H5Pclose(id); break;
	default: break;
	}
}

static const char *str_or_empty(const char *s)
{
	return s ? s : "";
}

/* ---- attributes ---- */

/* Writer context: the object attributes go on and its name for messages. */
typedef struct wctx {
	js_h5 *h;
	char *err;
	size_t errn;
} wctx;

static int attr_write(wctx *w, hid_t obj, const char *obj_name, const char *name, hid_t type,
		      int rank, hsize_t n, const void *buf)
{
	hid_t space = -1, attr = -1;
	int rc = -1;
	hsize_t dims[1] = { n };
	space = rank == 0 ? H5Screate(H5S_SCALAR) : H5Screate_simple(1, dims, NULL);
	if (space < 0) {
		h5_fail(w->err, w->errn, "cannot make the dataspace of attribute %s:%s", obj_name, name);
		goto out;
	}
	attr = H5Acreate2(obj, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
	if (attr < 0) {
		h5_coll_fail(w->h, w->err, w->errn, "cannot create attribute %s:%s in '%s'", obj_name, name, w->h->path);
		goto out;
	}
	if (H5Awrite(attr, type, buf) < 0) {
		h5_coll_fail(w->h, w->err, w->errn, "cannot write attribute %s:%s in '%s'", obj_name, name, w->h->path);
		goto out;
	}
	if (H5Aclose(attr) < 0) {
		attr = -1;
		h5_coll_fail(w->h, w->err, w->errn, "cannot close attribute %s:%s in '%s'", obj_name, name, w->h->path);
		goto out;
	}
	attr = -1;
	rc = 0;
out:
	close_id(attr);
	close_id(space);
	return rc;
}

static int attr_str(wctx *w, hid_t obj, const char *obj_name, const char *name, const char *value)
{
	const char *v = str_or_empty(value);
	return attr_write(w, obj, obj_name, name, w->h->vstr, 0, 1, &v);
}

static int attr_strs(wctx *w, hid_t obj, const char *obj_name, const char *name,
		     const char *const *values, int n)
{
	return attr_write(w, obj, obj_name, name, w->h->vstr, 1, (hsize_t)n, values);
}

static int attr_i32(wctx *w, hid_t obj, const char *obj_name, const char *name, int32_t v)
{
	return attr_write(w, obj, obj_name, name, H5T_NATIVE_INT32, 0, 1, &v);
}

static int attr_i64(wctx *w, hid_t obj, const char *obj_name, const char *name, int64_t v)
{
	return attr_write(w, obj, obj_name, name, H5T_NATIVE_INT64, 0, 1, &v);
}

static int attr_f64(wctx *w, hid_t obj, const char *obj_name, const char *name, double v)
{
	return attr_write(w, obj, obj_name, name, H5T_NATIVE_DOUBLE, 0, 1, &v);
}

static int attr_u32s(wctx *w, hid_t obj, const char *obj_name, const char *name,
		     const uint32_t *v, int n)
{
	return attr_write(w, obj, obj_name, name, H5T_NATIVE_UINT32, 1, (hsize_t)n, v);
}

/* units and long_name, the pair every dataset carries. */
static int attr_ul(wctx *w, hid_t obj, const char *obj_name, const char *units,
		   const char *long_name)
{
	if (units && attr_str(w, obj, obj_name, "units", units))
		return -1;
	return attr_str(w, obj, obj_name, "long_name", long_name);
}

/* ---- datasets ---- */

/* units (when it has any) and long_name of a sweep variable or scale, from describe.h. */
static int attr_desc(wctx *w, hid_t obj, const js_model *m, const char *name)
{
	char units[160], long_name[600];
	if (js_sweep_var_text(m, name, units, sizeof units, long_name, sizeof long_name) != 0) {
		set_err(w->err, w->errn, "%s: no description for %s", m->id, name);
		return -1;
	}
	return attr_ul(w, obj, name, units[0] ? units : NULL, long_name);
}

/* The chunk shape: whole trailing dimensions (the pattern varies fastest, so a chunk holds whole
 * hold rows), the leading ones cut down until a chunk has at most JS_H5_CHUNK_ELEMS elements. */
static void chunk_shape(int rank, const hsize_t *dims, hsize_t *chunk)
{
	hsize_t inner = 1; /* elements of one step along dimension i: product of chunk[i+1..] */
	for (int i = rank - 1; i >= 0; i--) {
		hsize_t room = inner >= JS_H5_CHUNK_ELEMS ? 1 : JS_H5_CHUNK_ELEMS / inner;
		chunk[i] = dims[i] < room ? dims[i] : room;
		if (chunk[i] < 1)
			chunk[i] = 1;
		inner *= chunk[i];
	}
}

/* Creates and writes dataset name in the group; chunked + shuffle + deflate when compress.
 * buf NULL: creates it only (a streamed sweep writes it later, js_h5_sweep_sink).
 * Returns the open dataset, or -1 with err set. */
static hid_t dataset_write(wctx *w, hid_t group, const char *gname, const char *name, hid_t type,
			   int rank, const hsize_t *dims, int compress, const void *buf)
{
	hid_t space = -1, dcpl = -1, ds = -1;
	hsize_t chunk[JS_MAX_AXES + 1];
	if (rank == 0) /* a scalar (reach's per start condition values of a model without axes) */
		compress = 0;
	int empty = 0; /* no element: parallel HDF5 refuses a collective write of none (reach
			* sets without one rise: a budget hit before any landing); none to write */
	for (int i = 0; i < rank; i++)
		empty |= dims[i] == 0;
	space = rank == 0 ? H5Screate(H5S_SCALAR) : H5Screate_simple(rank, dims, NULL);
	if (space < 0) {
		h5_fail(w->err, w->errn, "cannot make the dataspace of %s/%s", gname, name);
		goto fail;
	}
	dcpl = H5Pcreate(H5P_DATASET_CREATE);
	if (dcpl < 0 ||
	    H5Pset_attr_creation_order(dcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED) < 0) {
		h5_fail(w->err, w->errn, "cannot set the creation properties of %s/%s", gname, name);
		goto fail;
	}
	/* MPI: parallel HDF5 allocates every dataset at its creation, and would write the fill
	 * value there, each rank its share and then a barrier; a rank whose share fails (a full
	 * disk) skips the barrier and the others wait in it for ever.  Every element is written
	 * later (by collective writes, whose failure ends the job), so nothing is filled.  (HDF5
	 * requires a fill for strings; theirs are rank 0's, written after the close.) */
	if (w->h->par && type != w->h->vstr && H5Pset_fill_time(dcpl, H5D_FILL_TIME_NEVER) < 0) {
		h5_fail(w->err, w->errn, "cannot set the fill time of %s/%s", gname, name);
		goto fail;
	}
	if (compress) {
		chunk_shape(rank, dims, chunk);
		if (H5Pset_chunk(dcpl, rank, chunk) < 0 || H5Pset_shuffle(dcpl) < 0 ||
		    H5Pset_deflate(dcpl, JS_H5_DEFLATE_LEVEL) < 0) {
			h5_fail(w->err, w->errn, "cannot set chunking and compression of %s/%s",
				gname, name);
			goto fail;
		}
	}
	ds = H5Dcreate2(group, name, type, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
	if (ds < 0) {
		h5_coll_fail(w->h, w->err, w->errn, "cannot create dataset %s/%s in '%s'", gname, name, w->h->path);
		goto fail;
	}
	if (buf && w->h->par && type == w->h->vstr) { /* rank 0 writes it after the close */
		if (deferred_add(w->h, gname, name, (size_t)dims[0], buf) != 0) {
			set_err(w->err, w->errn, "out of memory for %s/%s", gname, name);
			goto fail;
		}
	} else if (buf && !(w->h->par && empty) &&
		   H5Dwrite(ds, type, H5S_ALL, H5S_ALL, w->h->dxpl, buf) < 0) {
		h5_coll_fail(w->h, w->err, w->errn, "cannot write dataset %s/%s to '%s'", gname, name,
			     w->h->path);
		goto fail;
	}
	close_id(dcpl);
	close_id(space);
	return ds;
fail:
	close_id(ds);
	close_id(dcpl);
	close_id(space);
	return -1;
}

/* ---- the sweep group ---- */

/* Scales of one sweep: per dimension the open scale dataset; plus auxiliary coordinates. */
typedef struct scales {
	int rank;                       /* axes + 1 */
	hid_t dim[JS_MAX_AXES + 1];     /* dimension scales */
	hid_t aux[JS_MAX_AXES + 1];     /* auxiliary coordinate along dim i, or -1 */
	char coords[256];               /* CF `coordinates`: the auxiliary names */
	char names[JS_MAX_AXES + 1][64];
} scales;

static int make_scale(wctx *w, hid_t ds, const char *gname, const char *name)
{
	if (H5DSset_scale(ds, name) < 0)
		return h5_coll_fail(w->h, w->err, w->errn, "cannot make %s/%s a dimension scale", gname, name);
	return 0;
}

static int attach(wctx *w, hid_t ds, const char *gname, const char *name, const scales *s,
		  int dim, unsigned idx)
{
	if (H5DSattach_scale(ds, s->dim[dim], idx) < 0)
		return h5_coll_fail(w->h, w->err, w->errn, "cannot attach scale %s/%s to %s/%s", gname,
			       s->names[dim], gname, name);
	return 0;
}

static void coords_add(scales *s, const char *name)
{
	size_t len = strlen(s->coords);
	snprintf(s->coords + len, sizeof s->coords - len, "%s%s", len ? " " : "", name);
}

/* Model axis a over lo..hi as dimension d: its scale (and, for a named axis, <axis>_index). */
static int write_axis_scale_at(wctx *w, hid_t group, const char *gname, const js_model *m,
			       int32_t lo, int32_t hi, int a, int d, scales *s)
{
	const js_axis *ax = &m->axes[a];
	hsize_t n = (hsize_t)(hi - lo + 1);
	int32_t *vals = malloc((size_t)n * sizeof *vals);
	const char **names = NULL;
	int rc = -1;
	if (!vals) {
		set_err(w->err, w->errn, "out of memory for the scale %s/%s", gname, ax->name);
		return -1;
	}
	for (hsize_t i = 0; i < n; i++)
		vals[i] = lo + (int32_t)i;
	snprintf(s->names[d], sizeof s->names[d], "%s", ax->name);
	if (ax->n_names > 0) {
		names = calloc((size_t)n, sizeof *names);
		if (!names) {
			set_err(w->err, w->errn, "out of memory for the scale %s/%s", gname, ax->name);
			goto out;
		}
		for (hsize_t i = 0; i < n; i++) {
			if (vals[i] < 0 || vals[i] >= ax->n_names || !ax->names[vals[i]]) {
				set_err(w->err, w->errn, "axis %s: value %d has no name", ax->name,
					(int)vals[i]);
				goto out;
			}
			names[i] = ax->names[vals[i]];
		}
		s->dim[d] = dataset_write(w, group, gname, ax->name, w->h->vstr, 1, &n, 0, names);
		if (s->dim[d] < 0 || make_scale(w, s->dim[d], gname, ax->name) ||
		    attr_desc(w, s->dim[d], m, ax->name))
			goto out;
		char iname[80];
		snprintf(iname, sizeof iname, "%s_index", ax->name);
		s->aux[d] = dataset_write(w, group, gname, iname, H5T_NATIVE_INT32, 1, &n, 0, vals);
		if (s->aux[d] < 0 || attach(w, s->aux[d], gname, iname, s, d, 0))
			goto out;
		if (attr_desc(w, s->aux[d], m, iname))
			goto out;
		coords_add(s, iname);
	} else {
		s->dim[d] = dataset_write(w, group, gname, ax->name, H5T_NATIVE_INT32, 1, &n, 0, vals);
		if (s->dim[d] < 0 || make_scale(w, s->dim[d], gname, ax->name) ||
		    attr_desc(w, s->dim[d], m, ax->name))
			goto out;
	}
	rc = 0;
out:
	free(names);
	free(vals);
	return rc;
}

static int write_axis_scale(wctx *w, hid_t group, const char *gname, const js_grid *g, int a,
			    scales *s)
{
	return write_axis_scale_at(w, group, gname, g->model, g->lo[a], g->hi[a], a, a, s);
}

/* The pattern dimension: hold (frames) or sequence (index) + sequence_text. */
static int write_pattern_scale(wctx *w, hid_t group, const char *gname, const js_grid *g,
			       scales *s)
{
	int p = s->rank - 1;
	hsize_t n = (hsize_t)js_grid_pattern_len(g);
	int32_t *vals = malloc((size_t)n * sizeof *vals);
	char **texts = NULL, **owned = NULL;
	int rc = -1;
	if (!vals) {
		set_err(w->err, w->errn, "out of memory for the pattern scale of %s", gname);
		return -1;
	}
	if (g->pattern == JS_PATTERN_HOLD) {
		snprintf(s->names[p], sizeof s->names[p], "hold");
		for (hsize_t i = 0; i < n; i++)
			vals[i] = g->hold_lo + (int32_t)i;
		s->dim[p] = dataset_write(w, group, gname, "hold", H5T_NATIVE_INT32, 1, &n, 0, vals);
		if (s->dim[p] < 0 || make_scale(w, s->dim[p], gname, "hold") ||
		    attr_desc(w, s->dim[p], g->model, "hold"))
			goto out;
		rc = 0;
		goto out;
	}
	snprintf(s->names[p], sizeof s->names[p], "sequence");
	texts = calloc((size_t)n, sizeof *texts);
	owned = calloc((size_t)n, sizeof *owned);
	if (!texts || !owned) {
		set_err(w->err, w->errn, "out of memory for %s/sequence_text", gname);
		goto out;
	}
	for (hsize_t i = 0; i < n; i++) {
		vals[i] = (int32_t)i;
		if (g->seq_text && g->seq_text[i]) {
			texts[i] = g->seq_text[i];
			continue;
		}
		/* No text given: the run-length form of the bytes (at most ~6 chars a frame). */
		size_t cap = (size_t)g->seq_len[i] * 6 + 16;
		owned[i] = malloc(cap);
		if (!owned[i]) {
			set_err(w->err, w->errn, "out of memory for %s/sequence_text", gname);
			goto out;
		}
		js_seq_format(g->seq[i], g->seq_len[i], owned[i], cap);
		texts[i] = owned[i];
	}
	s->dim[p] = dataset_write(w, group, gname, "sequence", H5T_NATIVE_INT32, 1, &n, 0, vals);
	if (s->dim[p] < 0 || make_scale(w, s->dim[p], gname, "sequence") ||
	    attr_desc(w, s->dim[p], g->model, "sequence"))
		goto out;
	s->aux[p] = dataset_write(w, group, gname, "sequence_text", w->h->vstr, 1, &n, 0, texts);
	if (s->aux[p] < 0 || attach(w, s->aux[p], gname, "sequence_text", s, p, 0) ||
	    attr_desc(w, s->aux[p], g->model, "sequence_text"))
		goto out;
	coords_add(s, "sequence_text");
	rc = 0;
out:
	if (owned)
		for (hsize_t i = 0; i < n; i++)
			free(owned[i]);
	free(owned);
	free(texts);
	free(vals);
	return rc;
}

/* A variable over the first nd dimensions of s (all of them, or the start condition's), attached
 * to each scale, with its units, long name and coordinates. */
static int write_var_nd(wctx *w, hid_t group, const char *gname, const scales *s, int nd,
			const char *coords, const hsize_t *dims, const char *name, hid_t type,
			const void *buf, const char *units, const char *long_name, int compress,
			hid_t *keep)
{
	hid_t ds = dataset_write(w, group, gname, name, type, nd, dims, compress, buf);
	if (ds < 0)
		return -1;
	for (int d = 0; d < nd; d++)
		if (attach(w, ds, gname, name, s, d, (unsigned)d)) {
			close_id(ds);
			return -1;
		}
	if (attr_ul(w, ds, name, units, long_name) ||
	    (coords && coords[0] && attr_str(w, ds, name, "coordinates", coords))) {
		close_id(ds);
		return -1;
	}
	if (keep) {
		*keep = ds;
		return 0;
	}
	if (H5Dclose(ds) < 0)
		return h5_coll_fail(w->h, w->err, w->errn, "cannot close %s/%s", gname, name);
	return 0;
}

/* One data variable over (axes..., pattern), attached to every scale. */
static int write_var(wctx *w, hid_t group, const char *gname, const scales *s, const hsize_t *dims,
		     const char *name, hid_t type, const void *buf, const char *units,
		     const char *long_name, hid_t *keep)
{
	return write_var_nd(w, group, gname, s, s->rank, s->coords, dims, name, type, buf, units,
			    long_name, 1, keep);
}

/* The flag bits the model names: masks and names in bit order (describe.h). */
static int flag_table(const js_model *m, uint32_t *masks, const char **names)
{
	return js_flag_table(m, masks, names);
}

/* One attribute of describe.h's list onto an object. */
typedef struct attr_sink {
	wctx *w;
	hid_t obj;
	const char *obj_name;
} attr_sink;

static int attr_put(void *ctx, const js_attr *a)
{
	attr_sink *k = ctx;
	switch (a->type) {
	case JS_ATTR_STR: return attr_str(k->w, k->obj, k->obj_name, a->name, a->v.s);
	case JS_ATTR_I32: return attr_i32(k->w, k->obj, k->obj_name, a->name, a->v.i32);
	case JS_ATTR_I64: return attr_i64(k->w, k->obj, k->obj_name, a->name, a->v.i64);
	case JS_ATTR_F64: return attr_f64(k->w, k->obj, k->obj_name, a->name, a->v.f64);
	case JS_ATTR_U32S: return attr_u32s(k->w, k->obj, k->obj_name, a->name, a->v.u32s, a->n);
	case JS_ATTR_STRS:
		return attr_strs(k->w, k->obj, k->obj_name, a->name, a->v.strs, a->n);
	}
	return -1;
}

/* The model's own attributes (everything but the grid's n_frames and pattern). */
static int write_model_attrs(wctx *w, hid_t group, const char *gname, const js_model *m)
{
	attr_sink k = { .w = w, .obj = group, .obj_name = gname };
	return js_model_attrs(m, attr_put, &k);
}

static int write_group_attrs(wctx *w, hid_t group, const char *gname, const js_grid *g)
{
	if (write_model_attrs(w, group, gname, g->model) ||
	    attr_i32(w, group, gname, "n_frames", g->n_frames) ||
	    attr_str(w, group, gname, "pattern",
		     g->pattern == JS_PATTERN_HOLD ? "hold" : "sequence"))
		return -1;
	return 0;
}

/* The data variables, in this order (rise, rise_sub, apex_frame, airtime, flags). */
enum { SV_RISE, SV_RISE_SUB, SV_APEX, SV_AIR, SV_FLAGS, SV_N };
static const char *const sv_name[SV_N] = { "rise", "rise_sub", "apex_frame", "airtime", "flags" };

/* The sweep group up to its data variables: checks, the group, its attributes and scales, and
 * the variables' unit texts; shared by js_h5_write_sweep and the streamed js_h5_sweep_begin. */
typedef struct sweep_group {
	wctx w;
	scales s;
	hid_t gcpl, group;
	hsize_t dims[JS_MAX_AXES + 1];
	char gname[128], names_sp[1024];
	char units[SV_N][160], long_name[SV_N][400]; /* describe.h's texts of the variables */
	uint32_t masks[JS_MAX_FLAGS];
	int nf;
} sweep_group;

static void sweep_group_release(sweep_group *sg)
{
	for (int d = 0; d < JS_MAX_AXES + 1; d++) {
		close_id(sg->s.dim[d]);
		close_id(sg->s.aux[d]);
		sg->s.dim[d] = sg->s.aux[d] = -1;
	}
	close_id(sg->group);
	close_id(sg->gcpl);
	sg->group = sg->gcpl = -1;
}

static int sweep_group_open(sweep_group *sg, js_h5 *h, const js_grid *g, char *err, size_t errn)
{
	memset(sg, 0, sizeof *sg);
	sg->w = (wctx){ .h = h, .err = err, .errn = errn };
	sg->gcpl = sg->group = -1;
	scales *s = &sg->s;
	hsize_t *dims = sg->dims;
	const char *gname = sg->gname;
	for (int i = 0; i < JS_MAX_AXES + 1; i++)
		s->dim[i] = s->aux[i] = -1;
	s->coords[0] = 0;
	if (!h || !g || !g->model) {
		set_err(err, errn, "js_h5_write_sweep: nothing to write");
		return -1;
	}
	const js_model *m = g->model;
	if (m->n_axes < 0 || m->n_axes > JS_MAX_AXES || m->sub_per_unit <= 0) {
		set_err(err, errn, "model %s: bad axes or sub_per_unit", m->id);
		return -1;
	}
	s->rank = m->n_axes + 1;
	for (int a = 0; a < m->n_axes; a++)
		dims[a] = (hsize_t)(js_grid_axis_len(g, a) > 0 ? js_grid_axis_len(g, a) : 0);
	dims[m->n_axes] = (hsize_t)(js_grid_pattern_len(g) > 0 ? js_grid_pattern_len(g) : 0);
	for (int d = 0; d < s->rank; d++)
		if (dims[d] == 0) {
			set_err(err, errn, "%s: empty grid, nothing to write", m->id);
			return -1;
		}
	snprintf(sg->gname, sizeof sg->gname, "/%s", m->id);

	htri_t exists = H5Lexists(h->file, m->id, H5P_DEFAULT);
	if (exists < 0) {
		h5_fail(err, errn, "cannot look up group %s in '%s'", gname, h->path);
		goto fail;
	}
	if (exists) {
		set_err(err, errn, "group %s is already in '%s' (one sweep per model and file)",
			gname, h->path);
		goto fail;
	}
	sg->gcpl = H5Pcreate(H5P_GROUP_CREATE);
	if (sg->gcpl < 0 ||
	    H5Pset_link_creation_order(sg->gcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED) < 0 ||
	    H5Pset_attr_creation_order(sg->gcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED) < 0) {
		h5_fail(err, errn, "cannot set the creation properties of group %s", gname);
		goto fail;
	}
	sg->group = H5Gcreate2(h->file, m->id, H5P_DEFAULT, sg->gcpl, H5P_DEFAULT);
	if (sg->group < 0) {
		h5_coll_fail(h, err, errn, "cannot create group %s in '%s'", gname, h->path);
		goto fail;
	}
	if (write_group_attrs(&sg->w, sg->group, gname, g))
		goto fail;

	/* Scales first, so netCDF numbers the dimensions in axis order. */
	for (int a = 0; a < m->n_axes; a++)
		if (write_axis_scale(&sg->w, sg->group, gname, g, a, s))
			goto fail;
	if (write_pattern_scale(&sg->w, sg->group, gname, g, s))
		goto fail;

	for (int k = 0; k < SV_N; k++)
		js_sweep_var_text(m, sv_name[k], sg->units[k], sizeof sg->units[k], sg->long_name[k],
				  sizeof sg->long_name[k]);
	const char *fnames[JS_MAX_FLAGS];
	sg->nf = flag_table(m, sg->masks, fnames);
	for (int i = 0; i < sg->nf; i++) {
		size_t len = strlen(sg->names_sp);
		snprintf(sg->names_sp + len, sizeof sg->names_sp - len, "%s%s", i ? " " : "",
			 fnames[i]);
	}
	return 0;
fail:
	sweep_group_release(sg);
	return -1;
}

/* The data variables (SV_*), with their values (rise as float64 already), or created empty when
 * the buffers are NULL.  keep[k]: the open datasets (NULL: closed). */
static int sweep_vars(sweep_group *sg, const double *rise, const js_result *r,
		      hid_t keep[SV_N])
{
	wctx *w = &sg->w;
	const char *gname = sg->gname;
	hid_t ds[SV_N] = { -1, -1, -1, -1, -1 };
	const hid_t type[SV_N] = { H5T_NATIVE_DOUBLE, H5T_NATIVE_INT64, H5T_NATIVE_INT32,
				   H5T_NATIVE_INT32, H5T_NATIVE_UINT32 };
	const void *buf[SV_N] = { rise, r ? (const void *)r->rise : NULL,
				  r ? (const void *)r->apex_frame : NULL,
				  r ? (const void *)r->airtime : NULL,
				  r ? (const void *)r->flags : NULL };
	int rc = -1;
	for (int k = 0; k < SV_N; k++)
		if (write_var(w, sg->group, gname, &sg->s, sg->dims, sv_name[k], type[k], buf[k],
			      sg->units[k], sg->long_name[k], &ds[k]))
			goto out;
	/* CF flag attributes on the variable itself (flag_meanings: space-separated names). */
	if (sg->nf > 0 && (attr_u32s(w, ds[SV_FLAGS], "flags", "flag_masks", sg->masks, sg->nf) ||
			   attr_str(w, ds[SV_FLAGS], "flags", "flag_meanings", sg->names_sp)))
		goto out;
	rc = 0;
out:
	for (int k = 0; k < SV_N; k++) {
		if (rc == 0 && keep) {
			keep[k] = ds[k];
			continue;
		}
		if (ds[k] >= 0 && H5Dclose(ds[k]) < 0 && rc == 0)
			rc = h5_coll_fail(w->h, w->err, w->errn, "cannot close a variable of %s", gname);
	}
	return rc;
}

/* Closes the scales and the group (commit: checked). */
static int sweep_group_close(sweep_group *sg)
{
	for (int d = 0; d < sg->s.rank; d++) {
		hid_t ids[2] = { sg->s.dim[d], sg->s.aux[d] };
		sg->s.dim[d] = sg->s.aux[d] = -1;
		for (int k = 0; k < 2; k++)
			if (ids[k] >= 0 && H5Dclose(ids[k]) < 0) {
				h5_coll_fail(sg->w.h, sg->w.err, sg->w.errn, "cannot close a scale of %s", sg->gname);
				sweep_group_release(sg);
				return -1;
			}
	}
	hid_t group = sg->group;
	sg->group = -1;
	if (H5Gclose(group) < 0) {
		h5_coll_fail(sg->w.h, sg->w.err, sg->w.errn, "cannot close group %s", sg->gname);
		sweep_group_release(sg);
		return -1;
	}
	sweep_group_release(sg);
	return 0;
}

int js_h5_write_sweep(js_h5 *h, const js_grid *g, const js_result *r, char *err, size_t errn)
{
	sweep_group sg;
	double *rise = NULL;
	if (!r) {
		set_err(err, errn, "js_h5_write_sweep: nothing to write");
		return -1;
	}
	if (g && g->model && r->n != js_grid_lanes(g)) {
		set_err(err, errn, "%s: %zu results for a grid of %zu lanes", g->model->id, r->n,
			js_grid_lanes(g));
		return -1;
	}
	if (sweep_group_open(&sg, h, g, err, errn))
		return -1;
	const js_model *m = g->model;
	rise = malloc(r->n * sizeof *rise);
	if (!rise) {
		set_err(err, errn, "out of memory for %s/rise (%zu lanes)", sg.gname, r->n);
		sweep_group_release(&sg);
		return -1;
	}
	for (size_t i = 0; i < r->n; i++)
		rise[i] = (double)r->rise[i] / (double)m->sub_per_unit;
	int rc = sweep_vars(&sg, rise, r, NULL);
	free(rise);
	if (rc) {
		sweep_group_release(&sg);
		return -1;
	}
	return sweep_group_close(&sg);
}

/* ---- a streamed sweep group (js_sweep_run_stream) ----
 *
 * The variables are created first, with the chunk shape js_h5_write_sweep gives them (whole
 * trailing dimensions, then a run of dimension d, 1 along the ones before it), so a chunk is a
 * contiguous run of lanes in grid order: rows of dims[d] x inner lanes (inner = the product of
 * the dimensions after d) cut into chunks of chunk[d] x inner.  The run hands over windows of
 * whole chunks in grid order, and each chunk is written as one hyperslab: HDF5 filters it and
 * writes it out at once, so the chunk cache never holds more than the chunk in hand. */
/* The chunk shape as a run of grid order: chunk[] (chunk_shape), d = the dimension chunks cut
 * (1 along every dimension before it, whole along every one after it) and inner = the lanes of
 * one step along d.  -1 if the shape is not such a run.  chunk_shape always makes one: once it
 * cuts dimension i to room = JS_H5_CHUNK_ELEMS / inner < dims[i], the chunk already holds
 * inner x room > JS_H5_CHUNK_ELEMS / 2 elements, so every dimension before i gets 1. */
static int chunk_run(int rank, const hsize_t *dims, hsize_t *chunk, int *d, hsize_t *inner)
{
	chunk_shape(rank, dims, chunk);
	*d = rank - 1;
	*inner = 1;
	while (*d > 0 && chunk[*d] == dims[*d]) {
		*inner *= dims[*d];
		(*d)--;
	}
	for (int i = 0; i < *d; i++)
		if (chunk[i] != 1)
			return -1;
	return 0;
}

struct js_h5_sweep {
	sweep_group sg;
	hid_t ds[SV_N];
	hid_t fspace;            /* the variables' dataspace, for the hyperslab selections */
	int d;                   /* the dimension chunks cut */
	hsize_t inner;           /* lanes per step along d */
	size_t row, piece;       /* lanes per row of d, per chunk */
	size_t next;             /* the next lane expected */
	size_t n;                /* lanes in the grid */
	double *rise;            /* a window's rise as float64 */
	size_t rise_cap;
	int64_t sub_per_unit;
	/* MPI (h->par): this rank's share, chunks c0..c1-1 of the grid's chunks in grid order
	 * (lanes begin..end-1); every rank writes one chunk per collective round, max_rounds
	 * rounds (an empty selection when its share has no more) */
	int par;
	size_t begin, end;
	long rounds, max_rounds;
	int stopped;             /* a rank failed: no more collective writes */
	int by_other;            /* ... another rank, while this one was fine */
};

/* The first lane of chunk c (chunks in grid order; c = the number of chunks: the grid's end). */
static size_t chunk_lane(const js_h5_sweep *s, size_t c)
{
	size_t per_row = (s->row + s->piece - 1) / s->piece;
	return (c / per_row) * s->row + (c % per_row) * s->piece;
}

/* MPI: the start of a collective round: 1 (with a message) when some rank has failed. */
static int round_stopped(js_h5_sweep *s, int failed, char *err, size_t errn)
{
	if (!js_ranks_any(failed))
		return 0;
	s->stopped = 1;
	if (!failed) {
		s->by_other = 1;
		set_err(err, errn, "%s: stopped, another rank failed", s->sg.gname);
	}
	return 1;
}

/* MPI: this rank's part of a collective round with no chunk left in its share. */
static int write_none(js_h5_sweep *s, char *err, size_t errn)
{
	const hid_t types[SV_N] = { H5T_NATIVE_DOUBLE, H5T_NATIVE_INT64, H5T_NATIVE_INT32,
				    H5T_NATIVE_INT32, H5T_NATIVE_UINT32 };
	hsize_t one = 1;
	uint64_t dummy = 0;
	hid_t mspace = H5Screate_simple(1, &one, NULL);
	int rc = 0;
	if (mspace < 0 || H5Sselect_none(mspace) < 0 || H5Sselect_none(s->fspace) < 0)
		rc = h5_fail(err, errn, "cannot select nothing in %s", s->sg.gname);
	for (int k = 0; k < SV_N && rc == 0; k++)
		if (H5Dwrite(s->ds[k], types[k], mspace, s->fspace, s->sg.w.h->dxpl, &dummy) < 0) {
			rc = h5_coll_fail(s->sg.w.h, err, errn, "cannot write dataset %s/%s to '%s'",
					  s->sg.gname, sv_name[k], s->sg.w.h->path);
		}
	close_id(mspace);
	return rc;
}

static void h5_sweep_free(js_h5_sweep *s)
{
	for (int k = 0; k < SV_N; k++)
		close_id(s->ds[k]);
	close_id(s->fspace);
	sweep_group_release(&s->sg);
	free(s->rise);
	free(s);
}

static js_h5_sweep *sweep_begin(js_h5 *h, const js_grid *g, char *err, size_t errn)
{
	js_h5_sweep *s = calloc(1, sizeof *s);
	if (!s) {
		set_err(err, errn, "out of memory");
		return NULL;
	}
	for (int k = 0; k < SV_N; k++)
		s->ds[k] = -1;
	s->fspace = -1;
	if (sweep_group_open(&s->sg, h, g, err, errn)) {
		s->sg.group = s->sg.gcpl = -1;
		for (int d = 0; d < JS_MAX_AXES + 1; d++)
			s->sg.s.dim[d] = s->sg.s.aux[d] = -1;
		h5_sweep_free(s);
		return NULL;
	}
	int rank = s->sg.s.rank;
	const hsize_t *dims = s->sg.dims;
	hsize_t chunk[JS_MAX_AXES + 1];
	if (chunk_run(rank, dims, chunk, &s->d, &s->inner)) {
		set_err(err, errn, "%s: chunks that are not runs of grid order", s->sg.gname);
		h5_sweep_free(s);
		return NULL;
	}
	s->row = (size_t)(dims[s->d] * s->inner);
	s->piece = (size_t)(chunk[s->d] * s->inner);
	s->n = js_grid_lanes(g);
	s->sub_per_unit = g->model->sub_per_unit;
	s->begin = 0;
	s->end = s->n;
	s->par = h->par;
	if (s->par) { /* chunks c0..c1-1: the rank-th of n_ranks runs, balanced to one chunk */
		size_t per_row = (s->row + s->piece - 1) / s->piece, chunks = s->n / s->row * per_row;
		size_t nr = (size_t)js_n_ranks(), r = (size_t)js_rank(), q = chunks / nr,
		       extra = chunks % nr;
		size_t c0 = r * q + (r < extra ? r : extra), c1 = c0 + q + (r < extra);
		s->begin = chunk_lane(s, c0);
		s->end = c1 == chunks ? s->n : chunk_lane(s, c1);
		s->max_rounds = (long)(q + (extra > 0));
	}
	s->next = s->begin;
	s->rise_cap = s->piece + JS_STREAM_WINDOW;
	s->rise = malloc(s->rise_cap * sizeof *s->rise);
	if (!s->rise) {
		set_err(err, errn, "out of memory");
		h5_sweep_free(s);
		return NULL;
	}
	s->fspace = H5Screate_simple(rank, dims, NULL);
	if (s->fspace < 0) {
		h5_fail(err, errn, "cannot make the dataspace of %s", s->sg.gname);
		h5_sweep_free(s);
		return NULL;
	}
	if (sweep_vars(&s->sg, NULL, NULL, s->ds)) {
		h5_sweep_free(s);
		return NULL;
	}
	return s;
}

js_h5_sweep *js_h5_sweep_begin(js_h5 *h, const js_grid *g, char *err, size_t errn)
{
	js_h5_sweep *s = sweep_begin(h, g, err, errn);
	/* MPI: a rank that could not make the group (a full disk: parallel HDF5 allocates the
	 * chunks when it creates them) fails every rank, before any collective write */
	if (h && h->par && js_ranks_agree(s ? 0 : -1, err, errn) != 0) {
		if (s)
			h5_sweep_free(s);
		return NULL;
	}
	return s;
}

void js_h5_sweep_cut(const js_h5_sweep *s, js_stream_cut *cut)
{
	cut->row = s->row;
	cut->piece = s->piece;
	cut->window = JS_STREAM_WINDOW;
	cut->begin = s->begin;
	cut->end = s->end;
}

int js_h5_sweep_sink(void *sweep, size_t first, const js_result *r, char *err, size_t errn)
{
	js_h5_sweep *s = sweep;
	wctx *w = &s->sg.w;
	H5Eset_auto2(H5E_DEFAULT, NULL, NULL); /* a thread-safe HDF5 keeps this per thread */
	w->err = err;
	w->errn = errn;
	if (first != s->next || r->n > s->end - first) {
		set_err(err, errn, "%s: lanes %zu..%zu handed over out of order (expected %zu)",
			s->sg.gname, first, first + r->n - 1, s->next);
		return -1;
	}
	if (r->n > s->rise_cap) {
		double *p = realloc(s->rise, r->n * sizeof *p);
		if (!p) {
			set_err(err, errn, "out of memory for %s/rise", s->sg.gname);
			return -1;
		}
		s->rise = p;
		s->rise_cap = r->n;
	}
	for (size_t i = 0; i < r->n; i++)
		s->rise[i] = (double)r->rise[i] / (double)s->sub_per_unit;
	static const char *const names[SV_N] = { "rise", "rise_sub", "apex_frame", "airtime",
						 "flags" };
	const hid_t types[SV_N] = { H5T_NATIVE_DOUBLE, H5T_NATIVE_INT64, H5T_NATIVE_INT32,
				    H5T_NATIVE_INT32, H5T_NATIVE_UINT32 };
	const char *bufs[SV_N] = { (const char *)s->rise, (const char *)r->rise,
				   (const char *)r->apex_frame, (const char *)r->airtime,
				   (const char *)r->flags };
	const size_t size[SV_N] = { sizeof(double), sizeof(int64_t), sizeof(int32_t),
				    sizeof(int32_t), sizeof(uint32_t) };
	int rank = s->sg.s.rank;
	size_t end = first + r->n;
	for (size_t lane = first; lane < end;) {
		size_t in_row = lane % s->row, len = s->row - in_row;
		if (len > s->piece)
			len = s->piece;
		if (lane + len > end) {
			set_err(err, errn, "%s: lanes %zu..%zu are not whole chunks", s->sg.gname,
				first, end - 1);
			return -1;
		}
		hsize_t start[JS_MAX_AXES + 1], count[JS_MAX_AXES + 1];
		size_t p = lane / s->row; /* the row: indices along dimensions 0..d-1 */
		for (int i = s->d - 1; i >= 0; i--) {
			start[i] = (hsize_t)(p % s->sg.dims[i]);
			count[i] = 1;
			p /= s->sg.dims[i];
		}
		start[s->d] = (hsize_t)in_row / s->inner;
		count[s->d] = (hsize_t)len / s->inner;
		for (int i = s->d + 1; i < rank; i++) {
			start[i] = 0;
			count[i] = s->sg.dims[i];
		}
		/* MPI: a collective round (stops when another rank has failed) */
		if (s->par && (s->stopped || round_stopped(s, 0, err, errn)))
			return -1;
		/* the memory space in the chunk's own shape: with a flat one HDF5 maps the elements
		 * to chunks one by one (a third of the run's time) */
		hid_t mspace = H5Screate_simple(rank, count, NULL);
		/* (h5_fail before close_id: every HDF5 call clears the error stack it reads) */
		if (mspace < 0 ||
		    H5Sselect_hyperslab(s->fspace, H5S_SELECT_SET, start, NULL, count, NULL) < 0) {
			h5_fail(err, errn, "cannot select lanes %zu..%zu of %s", lane, lane + len - 1,
				s->sg.gname);
			close_id(mspace);
			return -1;
		}
		s->rounds++;
		for (int k = 0; k < SV_N; k++)
			if (H5Dwrite(s->ds[k], types[k], mspace, s->fspace, w->h->dxpl,
				     bufs[k] + (lane - first) * size[k]) < 0) {
				h5_coll_fail(s->par ? w->h : NULL, err, errn,
					     "cannot write dataset %s/%s to '%s'", s->sg.gname, names[k],
					     w->h->path);
				close_id(mspace);
				return -1;
			}
		close_id(mspace);
		lane += len;
	}
	s->next = end;
	return 0;
}

int js_h5_sweep_end(js_h5_sweep *s, int commit, char *err, size_t errn)
{
	if (!s)
		return 0;
	int rc = 0;
	s->sg.w.err = err;
	s->sg.w.errn = errn;
	if (commit && s->next != s->end) {
		set_err(err, errn, "%s: %zu of %zu lanes written", s->sg.gname, s->next - s->begin,
			s->end - s->begin);
		rc = -1;
		commit = 0;
	}
	if (s->par) {
		/* the remaining collective rounds (empty ones: this rank's share is written), then
		 * the message of the rank that failed first, on every rank */
		int failed = !commit;
		while (!s->stopped) {
			if (round_stopped(s, failed, err, errn))
				break;
			if (s->rounds >= s->max_rounds)
				break;
			if (write_none(s, err, errn) != 0)
				failed = 1;
			s->rounds++;
		}
		/* this rank's own failure, not a stop for another's */
		rc = js_ranks_agree(failed && !s->by_other ? -1 : 0, err, errn);
		commit = rc == 0;
	}
	for (int k = 0; k < SV_N; k++) {
		hid_t id = s->ds[k];
		s->ds[k] = -1;
		if (id >= 0 && H5Dclose(id) < 0 && commit && rc == 0)
			rc = h5_coll_fail(s->sg.w.h, err, errn, "cannot close a variable of %s", s->sg.gname);
	}
	if (commit && rc == 0)
		rc = sweep_group_close(&s->sg);
	h5_sweep_free(s);
	return rc;
}

/* ---- before a sweep: will it fit? ---- */

/* The directory that will hold path (its file system gets the output). */
static void dir_of(const char *path, char *dir, size_t n)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, n, ".");
	else if (slash == path)
		snprintf(dir, n, "/");
	else
		snprintf(dir, n, "%.*s", (int)(slash - path), path);
}

/* Bytes of one variable's chunk after HDF5's shuffle and deflate filters (zlib's compress2 at
 * the same level, as H5Z's deflate does; the filter is optional, so a chunk that would grow is
 * stored as it is). */
static size_t filtered_size(const void *buf, size_t n, size_t size, uint8_t *tmp, uint8_t *out,
			    size_t out_cap)
{
	const uint8_t *in = buf;
	for (size_t i = 0; i < n; i++)
		for (size_t b = 0; b < size; b++)
			tmp[b * n + i] = in[i * size + b];
	uLongf len = (uLongf)out_cap;
	if (compress2(out, &len, tmp, (uLong)(n * size), JS_H5_DEFLATE_LEVEL) != Z_OK ||
	    len > n * size)
		return n * size;
	return (size_t)len;
}

static void fmt_bytes(char *buf, size_t n, double b)
{
	if (b >= 1e9)
		snprintf(buf, n, "%.1f GB", b / 1e9);
	else if (b >= 1e6)
		snprintf(buf, n, "%.1f MB", b / 1e6);
	else
		snprintf(buf, n, "%.0f kB", b / 1e3 + 0.5);
}

/* Estimated file bytes: sampled chunks run and filtered, scaled to the grid, plus a fifth. */
static int estimate_by_sample(const js_grid *g, const js_run_opts *o, int rank,
			      const hsize_t *dims, size_t lanes, double *bytes, size_t *sampled)
{
	hsize_t chunk[JS_MAX_AXES + 1], inner;
	int d;
	if (chunk_run(rank, dims, chunk, &d, &inner))
		return -1;
	size_t per_row = (size_t)((dims[d] + chunk[d] - 1) / chunk[d]);
	size_t pieces = lanes / (size_t)(dims[d] * inner) * per_row;
	size_t want = pieces < 8 ? pieces : 8, cap = (size_t)(chunk[d] * inner);
	js_result r;
	uint8_t *tmp = malloc(cap * 8), *out = malloc(compressBound((uLong)(cap * 8)));
	double *rise = malloc(cap * sizeof *rise);
	if (!tmp || !out || !rise || js_result_alloc(&r, cap) != 0) {
		free(tmp);
		free(out);
		free(rise);
		return -1;
	}
	js_run_opts so = *o;
	so.progress = JS_PROGRESS_OFF;
	so.meter = NULL;
	double got = 0;
	size_t n_sampled = 0;
	for (size_t k = 0; k < want; k++) {
		size_t q = (size_t)((double)k * (double)pieces / (double)want);
		size_t p = q / per_row, start = (q % per_row) * (size_t)chunk[d];
		size_t count = (size_t)dims[d] - start < (size_t)chunk[d] ? (size_t)dims[d] - start
									   : (size_t)chunk[d];
		js_grid s = *g;
		for (int i = d - 1; i >= 0; i--) {
			s.lo[i] = s.hi[i] = g->lo[i] + (int32_t)(p % dims[i]);
			p /= dims[i];
		}
		if (d < rank - 1) {
			s.lo[d] = g->lo[d] + (int32_t)start;
			s.hi[d] = s.lo[d] + (int32_t)count - 1;
		} else if (g->pattern == JS_PATTERN_HOLD) {
			s.hold_lo = g->hold_lo + (int)start;
			s.hold_hi = s.hold_lo + (int)count - 1;
		} else {
			s.seq = g->seq + start;
			s.seq_len = g->seq_len + start;
			s.seq_text = g->seq_text ? g->seq_text + start : NULL;
			s.n_seq = (int)count;
		}
		size_t n = js_grid_lanes(&s);
		r.n = n;
		js_sweep_run(&s, &so, &r);
		for (size_t i = 0; i < n; i++)
			rise[i] = (double)r.rise[i] / (double)g->model->sub_per_unit;
		size_t oc = compressBound((uLong)(cap * 8));
		got += (double)filtered_size(rise, n, 8, tmp, out, oc) +
		       (double)filtered_size(r.rise, n, 8, tmp, out, oc) +
		       (double)filtered_size(r.apex_frame, n, 4, tmp, out, oc) +
		       (double)filtered_size(r.airtime, n, 4, tmp, out, oc) +
		       (double)filtered_size(r.flags, n, 4, tmp, out, oc);
		n_sampled += n;
	}
	js_result_free(&r);
	free(tmp);
	free(out);
	free(rise);
	*sampled = n_sampled;
	*bytes = n_sampled ? got / (double)n_sampled * (double)lanes * 1.2 : 0;
	return 0;
}

int js_h5_sweep_check(const js_grid *g, const js_run_opts *o, const char *path, char *err,
		      size_t errn)
{
	const js_model *m = g->model;
	int rank = m->n_axes + 1;
	hsize_t dims[JS_MAX_AXES + 1];
	size_t lanes = 1;
	for (int a = 0; a < rank; a++) {
		long len = a < m->n_axes ? (long)g->hi[a] - (long)g->lo[a] + 1
					 : (long)js_grid_pattern_len(g);
		if (len <= 0) {
			set_err(err, errn, "%s: empty grid, nothing to write", m->id);
			return -1;
		}
		dims[a] = (hsize_t)len;
		if (__builtin_mul_overflow(lanes, (size_t)len, &lanes)) {
			set_err(err, errn, "%s: the grid has more lanes than a size_t holds (%zu bits)",
				m->id, sizeof(size_t) * 8);
			return -1;
		}
	}
	/* the variables' bytes (8 + 8 + 4 + 4 + 4 a lane) and their chunk index, uncompressed;
	 * HDF5 addresses a file with 64-bit offsets (hsize_t / haddr_t) */
	const size_t per_lane = 28;
	size_t raw;
	if (__builtin_mul_overflow(lanes, per_lane, &raw) || raw > ((size_t)1 << 62)) {
		set_err(err, errn, "%s: %zu lanes, %zu bytes a lane: past what an HDF5 file addresses",
			m->id, lanes, per_lane);
		return -1;
	}
	/* + the metadata: attributes (at most ~50 kB, sm64's), the scales (int32, and a name and
	 * an index for named axes: 24 bytes a value is ample) and 64 bytes of chunk index per chunk
	 * of each of the 5 variables */
	double meta = 65536.0 + (double)(lanes / JS_H5_CHUNK_ELEMS + 1) * 5 * 64;
	for (int a = 0; a < rank; a++)
		meta += 24.0 * (double)dims[a];
	double need = (double)raw + meta;
	char dir[4096];
	dir_of(path, dir, sizeof dir);
	struct statvfs fs;
	if (statvfs(dir, &fs) != 0)
		return 0; /* no such directory...: creating the file says why, in its words */
	double avail = (double)fs.f_bavail * (double)fs.f_frsize;
	if (need <= avail)
		return 0;
	/* Past the free space uncompressed: the compressed size, from a sample of the grid. */
	double est;
	size_t sampled;
	char a[32], b[32], c[32];
	fmt_bytes(b, sizeof b, need);
	fmt_bytes(c, sizeof c, avail);
	if (estimate_by_sample(g, o, rank, dims, lanes, &est, &sampled) != 0) {
		set_err(err, errn, "cannot write '%s': the output takes up to %s and its file system "
			"has %s free", path, b, c);
		return -1;
	}
	est += meta;
	if (est <= avail)
		return 0;
	fmt_bytes(a, sizeof a, est);
	set_err(err, errn, "cannot write '%s': the output would take about %s (compressed, "
		"estimated from %zu of its %zu lanes; %s uncompressed) and its file system has %s free",
		path, a, sampled, lanes, b, c);
	return -1;
}

/* ---- the reach group (sweep/engine/reach.h) ----
 *
 *   /<model id>/reach/     attributes: description, n_frames, max_states, max_memory, inputs,
 *                          take_off,
 *                          complete (1 when every start condition's set is complete)
 *     <axis>               dimension scale per start-condition axis (the model's non-input
 *                          axes; input axes' buttons are explored every frame), <axis>_index
 *                          for named axes, as in the sweep group
 *     rise_sub             dimension scale, int64 sub-units: every rise reached by some start
 *                          condition, ascending (the union), with
 *     rise                 float64 (model unit), the same
 *     reachable            uint8 (axes..., rise_sub): 1 where that rise is reached
 *     airtime_min/_max     int32: over the sequences with that rise that landed (0 if none)
 *     apex_frame_min/_max  int32: over every sequence with that rise (-1 where unreached)
 *     flags                uint32: bit1 not_landed = only sequences still in the air at the
 *                          frame limit reach it
 *     witness_index        int32: index into witness_text (-1 where unreached)
 *     witness_short_index, witness_long_index (reach --canonical; attribute canonical = 1):
 *                          int32, the canonical witnesses of the shortest and longest airtime
 *     witness              dimension scale int32 0..n-1 of the witnesses, with
 *     witness_text         strings: the distinct witnesses (starts with the same sequence share
 *                          it), each one input sequence in `--seq`
 *                          form: `jumpsweep trace MODEL --axis ... --seq TEXT` replays it
 *     witness_frames       int32: its length in frames (the landing frame + 1, or n_frames)
 *     n_rises, rise_min_sub, rise_max_sub, rise_min, rise_max, states, settled, frame_states,
 *     layered, peak_states, peak_bytes, airborne_at_limit, no_takeoff, seconds, complete,
 *     frames_done
 *                          per start condition (axes...): scalars for a model without axes
 */

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

static hid_t group_create(wctx *w, hid_t parent, const char *name, const char *gname)
{
	hid_t gcpl = H5Pcreate(H5P_GROUP_CREATE), g = -1;
	if (gcpl < 0 ||
	    H5Pset_link_creation_order(gcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED) < 0 ||
	    H5Pset_attr_creation_order(gcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED) < 0) {
		h5_fail(w->err, w->errn, "cannot set the creation properties of group %s", gname);
		close_id(gcpl);
		return -1;
	}
	g = H5Gcreate2(parent, name, H5P_DEFAULT, gcpl, H5P_DEFAULT);
	if (g < 0)
		h5_coll_fail(w->h, w->err, w->errn, "cannot create group %s in '%s'", gname, w->h->path);
	close_id(gcpl);
	return g;
}

static int write_reach(js_h5 *h, const js_reach *r, char *err, size_t errn);

int js_h5_write_reach(js_h5 *h, const js_reach *r, char *err, size_t errn)
{
	int rc = write_reach(h, r, err, errn);
	return h && h->par ? js_ranks_agree(rc, err, errn) : rc; /* MPI: every rank's outcome */
}

static int write_reach(js_h5 *h, const js_reach *r, char *err, size_t errn)
{
	wctx w = { .h = h, .err = err, .errn = errn };
	scales s;
	hid_t mgroup = -1, group = -1, wscale = -1, waux = -1, flags_ds = -1;
	char mname[128], gname[160], coords_start[256] = "", coords_all[300];
	int64_t *rises = NULL;
	double *risef = NULL;
	uint8_t *reach = NULL, *complete = NULL;
	int32_t *air_lo = NULL, *air_hi = NULL, *apex_lo = NULL, *apex_hi = NULL, *widx = NULL;
	int32_t *wframes = NULL, *wscale_v = NULL, *n_rises = NULL, *frames_done = NULL;
	uint32_t *flags = NULL;
	int64_t *rmin = NULL, *rmax = NULL;
	double *rminf = NULL, *rmaxf = NULL, *secs = NULL;
	uint64_t *states = NULL, *rnodes = NULL, *peak = NULL, *open = NULL, *notoff = NULL;
	uint64_t *fnodes = NULL, *pbytes = NULL;
	uint8_t *layered = NULL;
	char **wtext = NULL;
	size_t nr = 0, nw = 0;
	int32_t *wid = NULL; /* (start, rise) -> distinct witness */
	size_t *wslot = NULL;
	int rc = -1;

	for (int i = 0; i < JS_MAX_AXES + 1; i++)
		s.dim[i] = s.aux[i] = -1;
	s.coords[0] = 0;
	if (!h || !r || !r->model || !r->sets) {
		set_err(err, errn, "js_h5_write_reach: nothing to write");
		return -1;
	}
	const js_model *m = r->model;
	int nd = r->n_start_axes;
	size_t ns = r->n_sets;
	s.rank = nd + 1;
	snprintf(mname, sizeof mname, "/%s", m->id);
	snprintf(gname, sizeof gname, "/%s/reach", m->id);

	/* the model group: the sweep's, or a new one with the model's attributes */
	htri_t exists = H5Lexists(h->file, m->id, H5P_DEFAULT);
	if (exists < 0) {
		h5_fail(err, errn, "cannot look up group %s in '%s'", mname, h->path);
		goto out;
	}
	if (exists) {
		mgroup = H5Gopen2(h->file, m->id, H5P_DEFAULT);
		if (mgroup < 0) {
			h5_fail(err, errn, "cannot open group %s in '%s'", mname, h->path);
			goto out;
		}
		exists = H5Lexists(mgroup, "reach", H5P_DEFAULT);
		if (exists != 0) {
			set_err(err, errn, "group %s is already in '%s' (one reach per model and file)",
				gname, h->path);
			goto out;
		}
	} else {
		mgroup = group_create(&w, h->file, m->id, mname);
		if (mgroup < 0 || write_model_attrs(&w, mgroup, mname, m))
			goto out;
	}
	group = group_create(&w, mgroup, "reach", gname);
	if (group < 0)
		goto out;
	char inputs[16] = "";
	for (int b = 0, k = 0; b < JS_N_BUTTONS; b++)
		if (r->inputs >> b & 1u)
			inputs[k++] = JS_SEQ_BUTTONS[b], inputs[k] = 0;
	int all_complete = r->incomplete == 0;
	if (attr_str(&w, group, gname, "description",
		     "every reachable apex: per start condition, the distinct rises over ALL input "
		     "sequences of the buttons in `inputs` (frame by frame, deduplicated states), "
		     "each with its airtime and apex-frame ranges and one witness sequence") ||
	    attr_i32(&w, group, gname, "n_frames", r->n_frames) ||
	    attr_i64(&w, group, gname, "max_states", (int64_t)r->max_states) ||
	    attr_i64(&w, group, gname, "max_memory", (int64_t)r->max_memory) ||
	    attr_i32(&w, group, gname, "canonical", r->canonical) ||
	    attr_str(&w, group, gname, "inputs", inputs) ||
	    attr_str(&w, group, gname, "take_off",
		     "frame 0 has the jump button (the press), as in a hold sweep; every other "
		     "button is free on every frame") ||
	    attr_i32(&w, group, gname, "complete", all_complete))
		goto out;

	/* start-condition scales */
	for (int j = 0; j < nd; j++) {
		int a = r->start_axis[j];
		if (write_axis_scale_at(&w, group, gname, m, r->lo[a], r->hi[a], a, j, &s))
			goto out;
	}
	snprintf(coords_start, sizeof coords_start, "%s", s.coords);

	/* the union of the rises */
	for (size_t i = 0; i < ns; i++)
		nw += (size_t)r->sets[i].n_rises;
	rises = malloc((nw ? nw : 1) * sizeof *rises);
	if (!rises)
		goto oom;
	for (size_t i = 0, k = 0; i < ns; i++)
		for (int j = 0; j < r->sets[i].n_rises; j++)
			rises[k++] = r->sets[i].rises[j].rise;
	qsort(rises, nw, sizeof *rises, cmp_i64);
	for (size_t i = 0; i < nw; i++)
		if (nr == 0 || rises[i] != rises[nr - 1])
			rises[nr++] = rises[i];
	risef = malloc((nr ? nr : 1) * sizeof *risef);
	if (!risef)
		goto oom;
	for (size_t i = 0; i < nr; i++)
		risef[i] = (double)rises[i] / (double)m->sub_per_unit;
	char sub_units[128];
	if (m->sub_per_unit == 1)
		snprintf(sub_units, sizeof sub_units, "%s", str_or_empty(m->unit));
	else
		snprintf(sub_units, sizeof sub_units, "1/%lld %s", (long long)m->sub_per_unit,
			 str_or_empty(m->unit));
	hsize_t hnr = (hsize_t)nr, hnw = (hsize_t)nw;
	snprintf(s.names[nd], sizeof s.names[nd], "rise_sub");
	s.dim[nd] = dataset_write(&w, group, gname, "rise_sub", H5T_NATIVE_INT64, 1, &hnr, 0, rises);
	if (s.dim[nd] < 0 || make_scale(&w, s.dim[nd], gname, "rise_sub") ||
	    attr_ul(&w, s.dim[nd], "rise_sub", sub_units,
		    "a reachable rise, exact: take-off height - highest point (the union over the "
		    "start conditions, ascending)"))
		goto out;
	s.aux[nd] = dataset_write(&w, group, gname, "rise", H5T_NATIVE_DOUBLE, 1, &hnr, 0, risef);
	if (s.aux[nd] < 0 || attach(&w, s.aux[nd], gname, "rise", &s, nd, 0) ||
	    attr_ul(&w, s.aux[nd], "rise", str_or_empty(m->unit), "the rise in the model's unit"))
		goto out;
	coords_add(&s, "rise");
	snprintf(coords_all, sizeof coords_all, "%s", s.coords);

	/* the witness dimension: each distinct witness text once (starts with equal initial
	 * states share their sets, and so their witnesses) */
	/* with canonical witnesses, each rise has three: the canonical one, and those of its
	 * shortest and longest airtime (wid[3 k + kind], -1 where none) */
	size_t nk = r->canonical ? 3 : 1, nwk = nw * nk;
	wscale_v = malloc((nwk ? nwk : 1) * sizeof *wscale_v);
	wframes = malloc((nwk ? nwk : 1) * sizeof *wframes);
	wtext = calloc(nwk ? nwk : 1, sizeof *wtext);
	wid = malloc((nwk ? nwk : 1) * sizeof *wid);
	size_t hcap = 16;
	while (hcap < 2 * nwk)
		hcap *= 2;
	wslot = calloc(hcap, sizeof *wslot);
	if (!wscale_v || !wframes || !wtext || !wid || !wslot)
		goto oom;
	size_t nwd = 0;
	for (size_t i = 0, k = 0; i < ns; i++)
		for (int j = 0; j < r->sets[i].n_rises; j++)
			for (size_t kind = 0; kind < nk; kind++, k++) {
			const js_reach_rise *x = &r->sets[i].rises[j];
			const uint8_t *ws = kind == 0 ? x->witness : kind == 1 ? x->witness_short
										: x->witness_long;
			int wl = kind == 0 ? x->witness_len : kind == 1 ? x->short_len : x->long_len;
			if (!ws) {
				wid[k] = -1;
				continue;
			}
			size_t cap = (size_t)wl * 6 + 16;
			char *t = malloc(cap);
			if (!t)
				goto oom;
			js_seq_format(ws, wl, t, cap);
			uint64_t hsh = 1469598103934665603ULL; /* FNV-1a */
			for (const char *q = t; *q; q++)
				hsh = (hsh ^ (unsigned char)*q) * 1099511628211ULL;
			size_t sl = (size_t)hsh & (hcap - 1);
			while (wslot[sl] && strcmp(wtext[wslot[sl] - 1], t) != 0)
				sl = (sl + 1) & (hcap - 1);
			if (wslot[sl]) {
				free(t);
				wid[k] = (int32_t)(wslot[sl] - 1);
				continue;
			}
			wtext[nwd] = t;
			wscale_v[nwd] = (int32_t)nwd;
			wframes[nwd] = wl;
			wid[k] = (int32_t)nwd;
			wslot[sl] = ++nwd;
		}
	hnw = (hsize_t)nwd;
	wscale = dataset_write(&w, group, gname, "witness", H5T_NATIVE_INT32, 1, &hnw, 0, wscale_v);
	if (wscale < 0 || make_scale(&w, wscale, gname, "witness") ||
	    attr_ul(&w, wscale, "witness", "1", "witness number (see witness_text)"))
		goto out;
	waux = dataset_write(&w, group, gname, "witness_text", w.h->vstr, 1, &hnw, 0, wtext);
	if (waux < 0 || H5DSattach_scale(waux, wscale, 0) < 0 ||
	    attr_ul(&w, waux, "witness_text", NULL,
		    "one input sequence reaching the rise, from the press (frame 0) through its "
		    "landing frame: '.' nothing, 'J' jump, 'D' down, 'Z', 'B', [..] several; a count "
		    "repeats it (jumpsweep trace --seq)")) {
		if (waux >= 0)
			h5_coll_fail(w.h, err, errn, "cannot attach %s/witness to witness_text", gname);
		goto out;
	}
	close_id(waux);
	waux = dataset_write(&w, group, gname, "witness_frames", H5T_NATIVE_INT32, 1, &hnw, 0, wframes);
	if (waux < 0 || H5DSattach_scale(waux, wscale, 0) < 0 ||
	    attr_ul(&w, waux, "witness_frames", "frames", "length of the witness sequence"))
		goto out;

	/* dense variables over (start..., rise_sub) */
	size_t cells = ns * (nr ? nr : 1);
	reach = calloc(cells, 1);
	air_lo = calloc(cells, sizeof *air_lo);
	air_hi = calloc(cells, sizeof *air_hi);
	apex_lo = malloc(cells * sizeof *apex_lo);
	apex_hi = malloc(cells * sizeof *apex_hi);
	widx = malloc(cells * nk * sizeof *widx);
	flags = calloc(cells, sizeof *flags);
	if (!reach || !air_lo || !air_hi || !apex_lo || !apex_hi || !widx || !flags)
		goto oom;
	for (size_t c = 0; c < cells; c++)
		apex_lo[c] = apex_hi[c] = -1;
	for (size_t c = 0; c < cells * nk; c++)
		widx[c] = -1;
	for (size_t i = 0, k = 0; i < ns; i++)
		for (int j = 0; j < r->sets[i].n_rises; j++, k += nk) {
			const js_reach_rise *x = &r->sets[i].rises[j];
			const int64_t *p = bsearch(&x->rise, rises, nr, sizeof *rises, cmp_i64);
			size_t c = i * nr + (size_t)(p - rises);
			reach[c] = 1;
			air_lo[c] = x->airtime_min;
			air_hi[c] = x->airtime_max;
			apex_lo[c] = x->apex_min;
			apex_hi[c] = x->apex_max;
			flags[c] = x->flags;
			for (size_t kind = 0; kind < nk; kind++)
				widx[kind * cells + c] = wid[k + kind];
		}
	hsize_t dims[JS_MAX_AXES + 1];
	for (int j = 0; j < nd; j++)
		dims[j] = (hsize_t)(r->hi[r->start_axis[j]] - r->lo[r->start_axis[j]] + 1);
	dims[nd] = hnr;
	int cz = nr > 0; /* no chunks for an empty dimension */
	uint32_t nl_mask = JS_FLAG_NOT_LANDED;
	if (write_var_nd(&w, group, gname, &s, nd + 1, coords_all, dims, "reachable", H5T_NATIVE_UINT8,
			 reach, "1", "1 where some input sequence reaches this rise", cz, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd + 1, coords_all, dims, "airtime_min",
			 H5T_NATIVE_INT32, air_lo, "frames",
			 "shortest airtime of the sequences with this rise that landed (0: none landed)",
			 cz, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd + 1, coords_all, dims, "airtime_max",
			 H5T_NATIVE_INT32, air_hi, "frames",
			 "longest airtime of the sequences with this rise that landed (0: none landed)",
			 cz, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd + 1, coords_all, dims, "apex_frame_min",
			 H5T_NATIVE_INT32, apex_lo, "frames",
			 "first apex frame of the sequences with this rise (-1: unreached)", cz, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd + 1, coords_all, dims, "apex_frame_max",
			 H5T_NATIVE_INT32, apex_hi, "frames",
			 "last apex frame of the sequences with this rise (-1: unreached)", cz, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd + 1, coords_all, dims, "flags", H5T_NATIVE_UINT32,
			 flags, "1",
			 "bit1 not_landed: only sequences still in the air at the frame limit reach it",
			 cz, &flags_ds) ||
	    attr_u32s(&w, flags_ds, "flags", "flag_masks", &nl_mask, 1) ||
	    attr_str(&w, flags_ds, "flags", "flag_meanings", "not_landed") ||
	    write_var_nd(&w, group, gname, &s, nd + 1, coords_all, dims, "witness_index",
			 H5T_NATIVE_INT32, widx, "1",
			 r->canonical ? "index into witness_text of this rise's canonical witness "
					"(-1: unreached)"
				      : "index into witness_text of this rise's witness (-1: unreached)",
			 cz, NULL) ||
	    (r->canonical &&
	     (write_var_nd(&w, group, gname, &s, nd + 1, coords_all, dims, "witness_short_index",
			   H5T_NATIVE_INT32, widx + cells, "1",
			   "index into witness_text of the canonical witness of this rise's shortest "
			   "airtime (-1: unreached or none landed)", cz, NULL) ||
	      write_var_nd(&w, group, gname, &s, nd + 1, coords_all, dims, "witness_long_index",
			   H5T_NATIVE_INT32, widx + 2 * cells, "1",
			   "index into witness_text of the canonical witness of this rise's longest "
			   "airtime (-1: unreached or none landed)", cz, NULL))))
		goto out;

	/* per start condition */
	n_rises = malloc(ns * sizeof *n_rises);
	frames_done = malloc(ns * sizeof *frames_done);
	rmin = malloc(ns * sizeof *rmin);
	rmax = malloc(ns * sizeof *rmax);
	rminf = malloc(ns * sizeof *rminf);
	rmaxf = malloc(ns * sizeof *rmaxf);
	secs = malloc(ns * sizeof *secs);
	states = malloc(ns * sizeof *states);
	rnodes = malloc(ns * sizeof *rnodes);
	fnodes = malloc(ns * sizeof *fnodes);
	pbytes = malloc(ns * sizeof *pbytes);
	layered = malloc(ns);
	peak = malloc(ns * sizeof *peak);
	open = malloc(ns * sizeof *open);
	notoff = malloc(ns * sizeof *notoff);
	complete = malloc(ns);
	if (!n_rises || !frames_done || !rmin || !rmax || !rminf || !rmaxf || !secs || !states ||
	    !peak || !open || !notoff || !complete || !rnodes || !layered ||
	    !fnodes || !pbytes)
		goto oom;
	for (size_t i = 0; i < ns; i++) {
		const js_reach_set *x = &r->sets[i];
		n_rises[i] = x->n_rises;
		js_reach_minmax(x, &rmin[i], &rmax[i]);
		rminf[i] = (double)rmin[i] / (double)m->sub_per_unit;
		rmaxf[i] = (double)rmax[i] / (double)m->sub_per_unit;
		secs[i] = x->seconds;
		states[i] = x->states;
		rnodes[i] = x->settled;
		fnodes[i] = x->frame_nodes;
		pbytes[i] = x->peak_bytes;
		layered[i] = (uint8_t)x->layered;
		peak[i] = x->peak_nodes;
		open[i] = x->airborne_at_limit;
		notoff[i] = x->no_takeoff;
		complete[i] = (uint8_t)x->complete;
		frames_done[i] = x->frames_done;
	}
	if (write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "n_rises", H5T_NATIVE_INT32,
			 n_rises, "1", "number of distinct rises", 1, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "rise_min_sub",
			 H5T_NATIVE_INT64, rmin, sub_units, "smallest reachable rise (0: none)", 1,
			 NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "rise_max_sub",
			 H5T_NATIVE_INT64, rmax, sub_units, "largest reachable rise (0: none)", 1,
			 NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "rise_min", H5T_NATIVE_DOUBLE,
			 rminf, str_or_empty(m->unit), "smallest reachable rise", 1, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "rise_max", H5T_NATIVE_DOUBLE,
			 rmaxf, str_or_empty(m->unit), "largest reachable rise", 1, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "states", H5T_NATIVE_UINT64,
			 states, "1", "nodes kept: (state, frame) pairs in the layered search, "
			 "distinct states in the graph search", 1, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "settled",
			 H5T_NATIVE_UINT64, rnodes, "1",
			 "nodes the model's settle hook stopped following (nothing later is higher)", 1,
			 NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "frame_states",
			 H5T_NATIVE_UINT64, fnodes, "1",
			 "(state, frame) pairs reached, all frames", 1, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "layered", H5T_NATIVE_UINT8,
			 layered, "1",
			 "1: the layered search (state, frame); 0: the graph search (distinct states)", 1,
			 NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "peak_states",
			 H5T_NATIVE_UINT64, peak, "1", "states reached on the busiest frame", 1,
			 NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "peak_bytes",
			 H5T_NATIVE_UINT64, pbytes, "B", "the search's largest memory use (estimate)", 1,
			 NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "airborne_at_limit",
			 H5T_NATIVE_UINT64, open, "1",
			 "distinct states still in the air after the last frame", 1, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "no_takeoff",
			 H5T_NATIVE_UINT64, notoff, "1",
			 "distinct states that never took off by the last frame", 1, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "seconds", H5T_NATIVE_DOUBLE,
			 secs, "s", "time the search took", 1, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "complete", H5T_NATIVE_UINT8,
			 complete, "1",
			 "1: the set is exact; 0: a budget stopped the search (see frames_done): "
			 "only rises of sequences that landed by then", 1, NULL) ||
	    write_var_nd(&w, group, gname, &s, nd, coords_start, dims, "frames_done",
			 H5T_NATIVE_INT32, frames_done, "frames",
			 "frames fully explored (n_frames when complete)", 1, NULL))
		goto out;

	rc = 0;
	goto out;
oom:
	set_err(err, errn, "out of memory writing %s", gname);
out:
	if (wtext) /* calloc'd: the texts in use, then NULLs */
		for (size_t k = 0; k < nw * (r->canonical ? 3 : 1); k++)
			free(wtext[k]);
	free(wtext);
	free(wid);
	free(wslot);
	free(rises);
	free(risef);
	free(reach);
	free(air_lo);
	free(air_hi);
	free(apex_lo);
	free(apex_hi);
	free(widx);
	free(flags);
	free(wscale_v);
	free(wframes);
	free(n_rises);
	free(frames_done);
	free(rmin);
	free(rmax);
	free(rminf);
	free(rmaxf);
	free(secs);
	free(states);
	free(rnodes);
	free(fnodes);
	free(pbytes);
	free(layered);
	free(peak);
	free(open);
	free(notoff);
	free(complete);
	close_id(flags_ds);
	close_id(waux);
	close_id(wscale);
	for (int d = 0; d < JS_MAX_AXES + 1; d++) {
		close_id(s.dim[d]);
		close_id(s.aux[d]);
	}
	if (rc == 0) {
		if ((group >= 0 && H5Gclose(group) < 0) || (mgroup >= 0 && H5Gclose(mgroup) < 0)) {
			rc = h5_coll_fail(w.h, err, errn, "cannot close group %s", gname);
		}
	} else {
		close_id(group);
		close_id(mgroup);
	}
	return rc;
}

/* ---- file ---- */

js_h5 *js_h5_create(const char *path, const js_h5_meta *meta, char *err, size_t errn)
{
	js_h5 *h = NULL;
	hid_t fcpl = -1, fapl = -1;
	int fd = -1, created = 0;
	wctx w = { .err = err, .errn = errn };

	/* No library shutdown at exit: after a failed write (disk full) a file HDF5 could not
	 * close would crash its atexit handler (SIGSEGV in H5F__close_cb); every file is closed
	 * here, by js_h5_close.  Only takes effect before the library's first use. */
	H5dont_atexit();
	H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
	if (!path || !path[0]) {
		set_err(err, errn, "no output path");
		return NULL;
	}
	h = calloc(1, sizeof *h);
	if (!h)
		goto oom;
	h->file = h->vstr = -1;
	h->dxpl = H5P_DEFAULT;
	h->par = js_n_ranks() > 1;
	w.h = h;
	h->path = strdup(path);
	h->tmp = malloc(strlen(path) + sizeof ".tmp-XXXXXX");
	if (!h->path || !h->tmp)
		goto oom;
	sprintf(h->tmp, "%s.tmp-XXXXXX", path);
	/* MPI: rank 0 makes the temporary file, the others learn its name */
	int rc0 = 0;
	if (js_rank() == 0) {
		fd = mkstemp(h->tmp);
		if (fd < 0) {
			rc0 = -1;
			set_err(err, errn, "cannot create '%s': %s", path, strerror(errno));
		}
	}
	if (js_ranks_agree(rc0, err, errn) != 0)
		goto fail;
	js_ranks_bcast_str(h->tmp, strlen(path) + sizeof ".tmp-XXXXXX", 0);
	created = 1;
	js_cleanup_add(h->tmp);
	if (js_rank() == 0) {
		/* mkstemp makes the file 0600; the final file gets the usual 0666 & ~umask. */
		mode_t mask = umask(0);
		umask(mask);
		if (fchmod(fd, 0666 & ~mask) != 0) {
			rc0 = -1;
			set_err(err, errn, "cannot set the mode of '%s': %s", h->tmp, strerror(errno));
		}
		close(fd);
		fd = -1;
	}
	if (js_ranks_agree(rc0, err, errn) != 0)
		goto fail;

	fcpl = H5Pcreate(H5P_FILE_CREATE);
	fapl = H5Pcreate(H5P_FILE_ACCESS);
	if (fcpl < 0 || fapl < 0 ||
	    H5Pset_link_creation_order(fcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED) < 0 ||
	    H5Pset_attr_creation_order(fcpl, H5P_CRT_ORDER_TRACKED | H5P_CRT_ORDER_INDEXED) < 0 ||
	    H5Pset_fclose_degree(fapl, H5F_CLOSE_STRONG) < 0) {
		h5_fail(err, errn, "cannot set up the HDF5 properties for '%s'", path);
		goto fail;
	}
#ifdef JS_MPI
	if (h->par &&
	    (H5Pset_fapl_mpio(fapl, MPI_COMM_WORLD, MPI_INFO_NULL) < 0 ||
	     (h->dxpl = H5Pcreate(H5P_DATASET_XFER)) < 0 ||
	     H5Pset_dxpl_mpio(h->dxpl, H5FD_MPIO_COLLECTIVE) < 0)) {
		h5_fail(err, errn, "cannot set up parallel HDF5 for '%s'", path);
		goto fail;
	}
#endif
	h->file = H5Fcreate(h->tmp, H5F_ACC_TRUNC, fcpl, fapl);
	rc0 = h->file < 0 ? h5_fail(err, errn, "cannot create HDF5 file '%s'", h->tmp) : 0;
	if (js_ranks_agree(rc0, err, errn) != 0)
		goto fail;
	h->vstr = H5Tcopy(H5T_C_S1);
	if (h->vstr < 0 || H5Tset_size(h->vstr, H5T_VARIABLE) < 0 ||
	    H5Tset_cset(h->vstr, H5T_CSET_UTF8) < 0) {
		h5_fail(err, errn, "cannot make the HDF5 string type");
		goto fail;
	}

	if (attr_str(&w, h->file, "/", "command", meta ? meta->command : NULL) ||
	    attr_str(&w, h->file, "/", "version", JS_VERSION) ||
	    attr_str(&w, h->file, "/", "isa", meta ? meta->isa : NULL) ||
	    attr_str(&w, h->file, "/", "created_by", "jumpsweep"))
		goto fail;
	close_id(fcpl);
	close_id(fapl);
	return h;

oom:
	set_err(err, errn, "out of memory");
fail:
	if (fd >= 0)
		close(fd);
	close_id(fcpl);
	close_id(fapl);
	if (h) {
		close_id(h->vstr);
		close_id(h->file);
		if (h->dxpl != H5P_DEFAULT)
			close_id(h->dxpl);
		if (created && js_rank() == 0)
			unlink(h->tmp);
		if (h->tmp)
			js_cleanup_drop(h->tmp);
		free(h->tmp);
		free(h->path);
		free(h);
	}
	return NULL;
}

/* MPI, rank 0 after the collective close: the string datasets (see the top), serially. */
static int write_deferred(js_h5 *h, char *err, size_t errn)
{
	if (!h->n_later)
		return 0;
	hid_t f = H5Fopen(h->tmp, H5F_ACC_RDWR, H5P_DEFAULT);
	if (f < 0)
		return h5_fail(err, errn, "cannot reopen '%s'", h->tmp);
	int rc = 0;
	for (size_t i = 0; i < h->n_later && rc == 0; i++) {
		hid_t ds = H5Dopen2(f, h->later[i].path, H5P_DEFAULT);
		if (ds < 0 || H5Dwrite(ds, h->vstr, H5S_ALL, H5S_ALL, H5P_DEFAULT,
				       h->later[i].values) < 0)
			rc = h5_fail(err, errn, "cannot write dataset %s to '%s'", h->later[i].path,
				     h->path);
		close_id(ds);
	}
	if (H5Fclose(f) < 0 && rc == 0)
		rc = h5_fail(err, errn, "cannot finish '%s'", h->tmp);
	return rc;
}

int js_h5_close(js_h5 *h, int commit, char *err, size_t errn)
{
	int rc = 0;
	if (!h)
		return 0;
	/* MPI, after a failure: the file is not closed (parallel HDF5's close after a failed write
	 * can leave the ranks in different collectives); rank 0 removes it, the process ends */
	if (!(h->par && !commit) && H5Fclose(h->file) < 0 && rc == 0 && commit)
		rc = h5_coll_fail(h, err, errn, "cannot finish '%s'", h->tmp);
	if (h->dxpl != H5P_DEFAULT)
		close_id(h->dxpl);
	/* MPI: every rank has closed; rank 0 alone writes the strings and renames */
	if (h->par)
		rc = js_ranks_agree(rc, err, errn);
	if (commit && rc == 0 && js_rank() == 0)
		rc = write_deferred(h, err, errn);
	if (h->vstr >= 0 && H5Tclose(h->vstr) < 0 && commit && rc == 0)
		rc = h5_fail(err, errn, "cannot close the HDF5 string type");
	deferred_free(h);
	if (js_rank() != 0) { /* rank 0 renames or removes; its outcome is everyone's */
		rc = js_ranks_agree(rc, err, errn);
		goto out;
	}
	if (commit && rc == 0) {
		if (rename(h->tmp, h->path) != 0) {
			rc = -1;
			set_err(err, errn, "cannot rename '%s' to '%s': %s", h->tmp, h->path,
				strerror(errno));
		}
	}
	if (!commit || rc != 0) {
		if (unlink(h->tmp) != 0 && errno != ENOENT && rc == 0) {
			rc = -1;
			set_err(err, errn, "cannot remove '%s': %s", h->tmp, strerror(errno));
		}
	}
	if (h->par)
		rc = js_ranks_agree(rc, err, errn);
out:
	js_cleanup_drop(h->tmp);
	free(h->tmp);
	free(h->path);
	free(h);
	return rc;
}
