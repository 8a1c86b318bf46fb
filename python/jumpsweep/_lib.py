"""Loading libjumpsweep (the engine the jumpsweep command runs) through cffi's ABI mode.

The library is found, in order, at $JUMPSWEEP_LIB (a path to libjumpsweep.so), in the build
trees beside this package (build/, build-test/, then any build*/ of the repository), and where the
dynamic loader finds "jumpsweep".  Every call below releases the GIL while C runs (cffi does so for
every call), so threads and Jupyter stay responsive during a long sweep or search.
"""
import ctypes.util
import os
import re
from pathlib import Path

import cffi

API_VERSION = 1
EUSAGE, ERUNTIME = 2, 1

_REPO = Path(__file__).resolve().parents[2]


def declarations(header):
    """jumpsweep.h's declarations for cffi: the header without its comments and macros."""
    text = re.sub(r"/\*.*?\*/", "", Path(header).read_text(), flags=re.S)
    return "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("#"))


def _header(lib_path):
    """The header the library was built with: beside it (the build copies it there), else the
    source tree's."""
    for h in (Path(lib_path).parent / "jumpsweep.h", _REPO / "sweep" / "engine" / "jumpsweep.h"):
        if h.exists():
            return h
    raise ImportError(f"jumpsweep: no jumpsweep.h beside {lib_path} or in {_REPO}")


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
            ffi = cffi.FFI()
            try:
                ffi.cdef(declarations(_header(path)))
                lib = ffi.dlopen(str(path))
            except OSError as e:
                tried.append(f"{path} ({e})")
                continue
            if lib.jumpsweep_api_version() != API_VERSION:
                tried.append(f"{path} (API version {lib.jumpsweep_api_version()}, "
                             f"this package needs {API_VERSION})")
                continue
            return ffi, lib, path
        tried.append(str(path))
    raise ImportError("jumpsweep: cannot find libjumpsweep.so (build it: bash scripts/build.sh, "
                      "or set JUMPSWEEP_LIB); tried " + "; ".join(tried))


ffi, lib, lib_path = _load()


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
