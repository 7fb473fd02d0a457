#!/usr/bin/env bash
# Opt-in (not CI): jaxlsp in a real JupyterLab through jupyterlab-lsp, set up as editors/README.md
# tells users (the spec editors/jupyterlab/jupyter_server_config.json, as
# ~/.jupyter/jupyter_server_config.d/jaxlsp.json, its argv naming the Python that has jaxlsp),
# driven by Debian's Chromium through playwright-core: open
# tests/notebooks/fixtures/symbolic_zeros.ipynb (the custom_vjp rule registered in one cell, the
# eager shard_map that calls it in a later one), find the diagnostic's lint mark in the cell that
# registers the rule and its tooltip, the row of the diagnostics panel, and the hover on
# `shard_map`; keep screenshots and result.json.
#
# Needs: a Python with jaxlsp ($JAXLSP_PYTHON, default the repository's .venv; JupyterLab gets a
# venv of its own made from it, or from $JUPYTERLAB_PYTHON), node 20+ and npm, root for
# `unshare`, and Debian's chromium (apt-get install chromium).  The first run installs JupyterLab
# and jupyterlab-lsp (PyPI) and playwright-core (npm) into JAXLSP_REAL_JUPYTERLAB_TOOLS (default
# ~/.cache/jaxlsp-real-jupyterlab).  Everything runs in a new network namespace with only loopback
# and its own PID namespace (nothing leaves the machine, no process outlives the script), under a
# temporary HOME removed at the end.  The LSP traffic is logged by a jupyter-lsp message listener
# (lsp_traffic.py) to OUT/lsp-traffic.jsonl.
#
# usage: e2e/real-jupyterlab.sh [OUT_DIR]     (default: e2e/out)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
out="$(mkdir -p "${1:-$here/out}" && cd "${1:-$here/out}" && pwd)"
tools="${JAXLSP_REAL_JUPYTERLAB_TOOLS:-$HOME/.cache/jaxlsp-real-jupyterlab}"
python="${JAXLSP_PYTHON:-$repo/.venv/bin/python}"
case "$python" in /*) ;; *) python="$PWD/$python" ;; esac  # the spec's argv needs an absolute path
notebook="$repo/tests/notebooks/fixtures/symbolic_zeros.ipynb"
port=8766
# The versions verified together (Python 3.12): JupyterLab 4.6, jupyterlab-lsp 5.3 with its server
# side jupyter-lsp 2.3.
jupyter_packages=(jupyterlab==4.6.6 jupyterlab-lsp==5.3.0 jupyter-lsp==2.3.1)

"$python" -c 'import jaxlsp' || { echo "no jaxlsp in $python (set JAXLSP_PYTHON)" >&2; exit 1; }
command -v chromium >/dev/null || { echo "apt-get install chromium" >&2; exit 1; }
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' \
  || { echo "needs node 20+ (playwright-core)" >&2; exit 1; }

# Tools, once.
mkdir -p "$tools"
if [ ! -x "$tools/venv/bin/jupyter-lab" ]; then
  "${JUPYTERLAB_PYTHON:-$python}" -m venv "$tools/venv"
  "$tools/venv/bin/python" -m pip install --quiet "${jupyter_packages[@]}"
fi
if [ ! -d "$tools/node_modules/playwright-core" ]; then
  (cd "$tools" && echo '{"name":"real-jupyterlab-tools","private":true}' > package.json \
    && npm install --no-audit --no-fund playwright-core@1.65.1)
fi
"$tools/venv/bin/python" -m pip freeze | grep -iE '^(jupyterlab|jupyterlab-lsp|jupyter-lsp|jupyter_server)==' > "$out/versions.txt"
# ESM imports resolve from the script's folder: run the driver beside playwright-core.
cp "$here/jupyterlab.mjs" "$here/../../e2e/text.mjs" "$tools/"
# The traffic listener, importable by the JupyterLab server (and nothing else).
cp "$here/lsp_traffic.py" "$("$tools/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export HOME="$scratch/home"
export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share"
export XDG_CACHE_HOME="$HOME/.cache" XDG_STATE_HOME="$HOME/.local/state"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME"

# The server spec where the README puts it, with argv[0] the absolute path of the Python that has
# jaxlsp (as the README says to when `python3` is another one); the rest exactly as shipped.
mkdir -p "$HOME/.jupyter/jupyter_server_config.d"
"$python" - "$repo/editors/jupyterlab/jupyter_server_config.json" "$python" \
  > "$HOME/.jupyter/jupyter_server_config.d/jaxlsp.json" <<'PY'
import json, sys
config = json.load(open(sys.argv[1], encoding="utf-8"))
config["LanguageServerManager"]["language_servers"]["jaxlsp"]["argv"][0] = sys.argv[2]
json.dump(config, sys.stdout, indent=2)
PY
cp "$HOME/.jupyter/jupyter_server_config.d/jaxlsp.json" "$out/jaxlsp-server-spec.json"
# Not part of the setup users make: the LSP traffic is logged (lsp_traffic.py, installed as a
# jupyter-lsp message listener on the command line below) to lsp-traffic.jsonl.
export JAXLSP_LSP_TRAFFIC="$out/lsp-traffic.jsonl"
rm -f "$JAXLSP_LSP_TRAFFIC"
# JupyterLab's user settings: no news or update checks (there is no network here anyway).
settings="$HOME/.jupyter/lab/user-settings"
mkdir -p "$settings/@jupyterlab/apputils-extension"
echo '{"fetchNews": "false", "checkForUpdates": false}' \
  > "$settings/@jupyterlab/apputils-extension/notification.jupyterlab-settings"

workspace="$scratch/workspace"
mkdir -p "$workspace"
cp "$notebook" "$workspace/"
token="$("$python" -c 'import secrets; print(secrets.token_hex(16))')"
export tools workspace port token out notebook_name="$(basename "$notebook")"
started=$(date +%s)
status=0
unshare --net --pid --fork --mount-proc bash -c '
  set -euo pipefail
  ip link set lo up
  allow_root=()
  [ "$(id -u)" = 0 ] && allow_root=(--allow-root)
  "$tools/venv/bin/jupyter-lab" "${allow_root[@]}" --no-browser --ServerApp.ip=127.0.0.1 \
    --ServerApp.port="$port" --ServerApp.port_retries=0 --IdentityProvider.token="$token" \
    --ServerApp.root_dir="$workspace" --LanguageServerManager.all_listeners=lsp_traffic.log_message \
    > "$out/jupyterlab.log" 2>&1 &
  for _ in $(seq 1 120); do
    if node -e "fetch(\"http://127.0.0.1:$port/api/status?token=$token\").then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then
      break
    fi
    sleep 1
  done
  node "$tools/jupyterlab.mjs" "http://127.0.0.1:$port" "$token" "$notebook_name" "$out"
' || status=$?
echo "real-jupyterlab: $(( $(date +%s) - started )) s from starting JupyterLab to the end of the run"
# What jupyterlab-lsp wrote beside the notebook: the virtual document jaxlsp was sent.
cp -r "$workspace/.virtual_documents" "$out/virtual_documents" 2>/dev/null || true
exit "$status"
