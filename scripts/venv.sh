#!/usr/bin/env bash
# Create .venv with a Python that can also run the pinned JAX (>= 3.12; jaxlsp itself needs 3.11)
# and install jaxlsp into it, editable, with the extras given as the first argument
# (e.g. `scripts/venv.sh dev,jax`). Re-running reuses the venv.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"

find_python() {
  for candidate in python3.13 python3.12; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys' >/dev/null 2>&1; then
      command -v "$candidate"; return
    fi
  done
  for candidate in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3; do
    if [ -x "$candidate" ]; then echo "$candidate"; return; fi
  done
  if python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    if [[ "$extras" == *jax* ]]; then
      echo "venv: the pinned jax==0.12.0.1 needs Python >= 3.12, and none was found" >&2
      exit 1
    fi
    command -v python3; return
  fi
  echo "venv: jaxlsp needs Python >= 3.11" >&2
  exit 1
}

if [ ! -x .venv/bin/python ]; then
  python="$(find_python)"
  echo "venv: creating .venv with $python ($("$python" --version 2>&1))" >&2
  "$python" -m venv .venv
  .venv/bin/python -m pip install --quiet --upgrade pip
fi
target="."
[ -n "$extras" ] && target=".[$extras]"
.venv/bin/python -m pip install --quiet -e "$target"
# pip compiles an installed wheel's modules; an editable install is compiled on each import while
# PYTHONDONTWRITEBYTECODE is set (as on some CI machines), ≈ 0.1 s of every server start.
.venv/bin/python -m compileall -q server/jaxlsp >/dev/null
