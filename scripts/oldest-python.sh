#!/usr/bin/env bash
# jaxlsp on the oldest Python it supports (3.11, pyproject's requires-python), in its own venv
# (.venv-py311) without the pinned JAX, which needs 3.12: install, check the shipped examples,
# run the tests that need no JAX. Extra arguments go to pytest. Where no Python 3.11 is found
# it says so and stops without failing (CI machines without it still test on 3.12+).
set -euo pipefail
cd "$(dirname "$0")/.."

is_311() { "$1" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' >/dev/null 2>&1; }

python=""
for candidate in python3.11 python3 "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.11*/bin/python3; do
  if command -v "$candidate" >/dev/null 2>&1 && is_311 "$(command -v "$candidate")"; then
    python="$(command -v "$candidate")"; break
  fi
done
if [ -z "$python" ]; then
  echo "oldest-python: no Python 3.11 found; skipped" >&2
  exit 0
fi

venv=.venv-py311
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --upgrade pip
fi
"$venv/bin/python" -m pip install --quiet -e ".[dev]"
echo "oldest-python: $("$venv/bin/python" --version), jaxlsp $("$venv/bin/jaxlsp" --version)"

# the README's main job: findings are expected (exit status 1), a crash is not
status=0
"$venv/bin/jaxlsp" check examples/ >/dev/null || status=$?
if [ "$status" -gt 1 ]; then
  echo "oldest-python: jaxlsp check examples/ failed ($status)" >&2
  exit "$status"
fi
PATH="$PWD/$venv/bin:$PATH" "$venv/bin/python" -m pytest -m "not jax and not accelerator and not slow" "$@"
