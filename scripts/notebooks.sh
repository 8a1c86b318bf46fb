#!/usr/bin/env bash
# scripts/notebooks.sh JUMPSWEEP OUTDIR - run `jumpsweep map` into OUTDIR/atlas.h5, then execute
# every notebook in notebooks/ headless on it (jupyter nbconvert --execute), writing the executed
# notebooks and their PNG figures under OUTDIR.  Used by ctest (test "notebooks").
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:?usage: notebooks.sh JUMPSWEEP OUTDIR}
out=${2:?usage: notebooks.sh JUMPSWEEP OUTDIR}
mkdir -p "$out/figures"
"$bin" map -q -o "$out/atlas.h5"
export JS_ATLAS="$out/atlas.h5" JS_FIGDIR="$out/figures" JS_BENCH="$here/bench/results.csv"
for nb in "$here"/notebooks/*.ipynb; do
  /usr/bin/python3 -m nbconvert --to notebook --execute --ExecutePreprocessor.timeout=600 \
    --output-dir "$out" "$nb" >/dev/null 2>"$out/$(basename "$nb" .ipynb).log" ||
    { cat "$out/$(basename "$nb" .ipynb).log" >&2; echo "notebook $(basename "$nb") failed" >&2; exit 1; }
done
n=$(ls "$out"/figures/*.png | wc -l)
echo "notebooks: $(ls "$here"/notebooks/*.ipynb | wc -l) executed, $n figures in $out/figures"
[ "$n" -gt 0 ]
