#!/usr/bin/python3
"""tests/check_open_questions.py ROOT - docs/open-questions.md against the models' sources.

1. The table under "## The table" has exactly one row per model of kernels/models.def (all 22),
   in any order, and no other rows.
2. Every kernels/<model>.c that carries the mark UNCONFIRMED has an open row (its "open" cell is
   not "none ..."), and every row marked "none" belongs to a model whose file carries no mark.
3. No other kernels file (a shared header, the engine) carries the mark: each mark belongs to one
   model and so to one row.
Prints one line per failure and "N passed, M failed"; exits 1 on any failure.
"""
import glob
import os
import re
import sys


def models(root):
    with open(os.path.join(root, "kernels", "models.def")) as f:
        return re.findall(r"^JS_MODEL\((\w+)\)", f.read(), re.M)


def table_rows(root):
    """{model: open cell} of the first table after '## The table'."""
    with open(os.path.join(root, "docs", "open-questions.md")) as f:
        text = f.read()
    part = text.split("## The table", 1)[1].split("\n## ", 1)[0]
    rows = {}
    dup = []
    for line in part.splitlines():
        m = re.match(r"^\| `(\w+)` \| ([^|]*) \|", line)
        if m:
            if m.group(1) in rows:
                dup.append(m.group(1))
            rows[m.group(1)] = m.group(2).strip()
    return rows, dup


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    ids = models(root)
    rows, dup = table_rows(root)
    fails = []
    if len(ids) != 22:
        fails.append(f"kernels/models.def lists {len(ids)} models, not 22")
    for d in dup:
        fails.append(f"{d}: two rows")
    for m in ids:
        if m not in rows:
            fails.append(f"{m}: no row in docs/open-questions.md")
    for m in rows:
        if m not in ids:
            fails.append(f"{m}: a row for no model")
    checked = 0
    for path in sorted(glob.glob(os.path.join(root, "kernels", "*"))):
        name = os.path.basename(path)
        with open(path, errors="replace") as f:
            marks = f.read().count("UNCONFIRMED")
        stem = os.path.splitext(name)[0]
        if name.endswith(".c") and stem in ids:
            checked += 1
            cell = rows.get(stem, "")
            none = cell.startswith("none")
            if marks and none:
                fails.append(f"{stem}: kernels/{name} has {marks} UNCONFIRMED mark(s), its row says none")
            if not marks and not none and stem in rows:
                fails.append(f"{stem}: an open row, but kernels/{name} marks nothing UNCONFIRMED")
        elif marks:
            fails.append(f"kernels/{name}: {marks} UNCONFIRMED mark(s) outside a model's file")
    if checked != len(ids):
        fails.append(f"{checked} model files found for {len(ids)} models")
    for line in fails:
        print("FAIL " + line)
    passed = len(ids) + checked - len(fails)
    print(f"{max(passed, 0)} passed, {len(fails)} failed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
