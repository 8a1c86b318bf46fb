#!/usr/bin/env bash
# scripts/map.sh [jumpsweep map options...] - the main job on a fresh Debian machine: install what
# is needed, build, and run `jumpsweep map` (every model on its default grid -> atlas.h5).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bash "$here/scripts/build.sh" "$here/build" >/dev/null
exec "$here/build/jumpsweep" map "$@"
