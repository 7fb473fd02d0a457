"""A jupyter-lsp message listener for the opt-in JupyterLab e2e: every LSP message between
jupyterlab-lsp and a language server, one JSON line each, appended to $JAXLSP_LSP_TRAFFIC.

Configured as ``LanguageServerManager.all_listeners`` by real-jupyterlab.sh, which copies this
module into the JupyterLab environment (the server spec itself stays as users write it).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any


async def log_message(
    scope: str, message: dict[str, Any], language_server: str, manager: Any
) -> None:
    """jupyter-lsp calls this for each message; ``scope`` is "client" or "server" (the sender)."""
    line = {"time": time.time(), "from": scope, "server": language_server, "message": message}
    with Path(os.environ["JAXLSP_LSP_TRAFFIC"]).open("a", encoding="utf-8") as log:
        log.write(json.dumps(line) + "\n")
