"""jumpsweep.check: the claims files run against the models (`jumpsweep check`)."""
import json
import os
from pathlib import Path

import pandas as pd

from . import _lib
from ._lib import ffi, lib


def _claims_dir(claims):
    if claims is not None:
        return str(claims)
    env = os.environ.get("JUMPSWEEP_CLAIMS")
    if env:
        return env
    return str(Path(__file__).resolve().parents[2] / "claims")


def check(game=None, claim=None, claims=None):
    """Runs the claims (claims/<game>.json, docs/claims.md) and returns their verdicts as a
    pandas DataFrame, one row per check: claim, status (checked / draft), claim_verdict, the
    check's model, what it measures, label, figure (measured against expected, in words),
    measure, verdict, measured, expected, tolerance, lane_paths, note, and the claim's
    sentence, seed and file.  game: a file stem or a list of them; claim: an id or a list;
    claims: the claims directory (default $JUMPSWEEP_CLAIMS, else the source tree's)."""
    def strings(v):
        return [] if v is None else [v] if isinstance(v, str) else list(v)

    games, ids = _lib.CStrings(strings(game)), _lib.CStrings(strings(claim))
    err = _lib.err_buffer()
    out = ffi.new("char **")
    failed = ffi.new("int *")
    _lib.check(lib.jumpsweep_check_json(_claims_dir(claims).encode(), games.ptr, games.n,
                                        ids.ptr, ids.n, out, failed, err, len(err)), err)
    rows = []
    for c in json.loads(_lib.take_string(out[0])):
        for k, ch in enumerate(c["checks"]):
            rows.append({
                "claim": c["id"], "check": k + 1, "status": c["status"],
                "claim_verdict": c["verdict"], "model": ch["model"], "what": ch["what"],
                "label": ch["label"], "figure": ch["figure"], "measure": ch["measure"],
                "verdict": ch["verdict"], "measured": ch["measured"],
                "expected": ch["expected"], "tolerance": ch["tolerance"],
                "lane_paths": ch.get("lane_paths", ""), "note": ch.get("note", ""),
                "sentence": c["sentence"], "seed": c.get("seed", ""), "file": c["file"],
            })
    df = pd.DataFrame(rows)
    df.attrs["failed_claims"] = failed[0]
    return df
