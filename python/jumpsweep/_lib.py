"""Loading libjumpsweep (the engine the jumpsweep command runs) through cffi's ABI mode.

The library is found, in order, at $JUMPSWEEP_LIB (a path to libjumpsweep.so), in the build
trees beside this package (build/, build-test/, then any build*/ of the repository), and where the
dynamic loader finds "jumpsweep".  Every call below releases the GIL while C runs (cffi does so for
every call), so threads and Jupyter stay responsive during a long sweep or search.
"""
import ctypes.util
import os
from pathlib import Path

import cffi

# The declarations of sweep/engine/jumpsweep.h (tests/python/test_api.py checks they match).
CDEF = """
int jumpsweep_api_version(void);
const char *jumpsweep_version(void);
void jumpsweep_free(void *p);
char *jumpsweep_models_json(void);
typedef struct jumpsweep_grid jumpsweep_grid;
int jumpsweep_grid_new(const char *model, const char *const *axes, int n_axes, const char *hold,
		       const char *const *seqs, int n_seqs, const char *seq_file, long frames,
		       jumpsweep_grid **out, char *err, size_t errn);
void jumpsweep_grid_free(jumpsweep_grid *g);
int64_t jumpsweep_grid_lanes(const jumpsweep_grid *g);
char *jumpsweep_grid_json(const jumpsweep_grid *g);
int jumpsweep_sweep(const jumpsweep_grid *g, const char *isa, int threads, int64_t *rise_sub,
		    double *rise, int32_t *apex_frame, int32_t *airtime, uint32_t *flags, char *err,
		    size_t errn);
int jumpsweep_trace_csv(const char *model, const char *const *axes, int n_axes, const char *hold,
			const char *seq, const char *seq_file, const char *const *starts,
			int n_starts, long frames, char **csv, char *err, size_t errn);
int jumpsweep_reach_h5(const char *model, const char *const *axes, int n_axes, long frames,
		       const char *max_memory, uint64_t max_states, int canonical, int threads,
		       const char *path, int *incomplete, char *err, size_t errn);
int jumpsweep_find_json(const char *model, const char *const *axes, int n_axes, const char *rise,
			const char *rise_sub, int highest, const char *apex_frame,
			const char *airtime, long frames, const char *max_memory,
			uint64_t max_states, int threads, char **json, char *err, size_t errn);
int jumpsweep_check_json(const char *claims_dir, const char *const *games, int n_games,
			 const char *const *ids, int n_ids, char **json, int *failed, char *err,
			 size_t errn);
"""
API_VERSION = 1
EUSAGE, ERUNTIME = 2, 1

ffi = cffi.FFI()
ffi.cdef(CDEF)

_REPO = Path(__file__).resolve().parents[2]


def _candidates():
    env = os.environ.get("JUMPSWEEP_LIB")
    if env:
        yield Path(env)
        return
    for name in ("build", "build-test"):
        yield _REPO / name / "libjumpsweep.so"
    for d in sorted(_REPO.glob("build*")):
        yield d / "libjumpsweep.so"
    found = ctypes.util.find_library("jumpsweep")
    if found:
        yield Path(found)


def _load():
    tried = []
    for path in _candidates():
        if path.name != "libjumpsweep.so" or path.exists():
            try:
                lib = ffi.dlopen(str(path))
            except OSError as e:
                tried.append(f"{path} ({e})")
                continue
            if lib.jumpsweep_api_version() != API_VERSION:
                tried.append(f"{path} (API version {lib.jumpsweep_api_version()}, "
                             f"this package needs {API_VERSION})")
                continue
            return lib, path
        tried.append(str(path))
    raise ImportError("jumpsweep: cannot find libjumpsweep.so (build it: bash scripts/build.sh, "
                      "or set JUMPSWEEP_LIB); tried " + "; ".join(tried))


lib, lib_path = _load()


class JumpsweepError(RuntimeError):
    """A run-time failure the CLI would report with exit status 1 (a file it cannot read or
    write, memory)."""


def err_buffer():
    return ffi.new("char[]", 2048)


def check(status, err):
    """Raise the CLI's one-line message: ValueError for bad input, JumpsweepError otherwise."""
    if status == 0:
        return
    msg = ffi.string(err).decode("utf-8", "replace")
    if status == EUSAGE:
        raise ValueError(msg)
    raise JumpsweepError(msg)


def take_string(ptr):
    """A malloc'd C string returned by the library, as str (freed)."""
    if ptr == ffi.NULL:
        raise MemoryError("jumpsweep: out of memory")
    try:
        return ffi.string(ptr).decode("utf-8")
    finally:
        lib.jumpsweep_free(ptr)


class CStrings:
    """A list of Python strings as a const char *const * (kept alive with the object)."""

    def __init__(self, items):
        self.keep = [ffi.new("char[]", s.encode("utf-8")) for s in items]
        self.ptr = ffi.new("const char *[]", self.keep) if self.keep else ffi.NULL
        self.n = len(self.keep)


def cstr(s):
    return ffi.NULL if s is None else ffi.new("char[]", str(s).encode("utf-8"))
