"""``python -m jaxlsp``: the same command line as the ``jaxlsp`` script.

``python -m`` puts the current folder first on ``sys.path``, and editors start the server in the
user's workspace: a file there named like a module we import (``argparse.py``, ``regex.py``,
``pygls/``) would run.  So that entry goes before anything else is imported (what ``python -P``
does).  It cannot protect the ``jaxlsp`` package itself: editors should run ``python -P -m
jaxlsp`` or the ``jaxlsp`` script (SECURITY.md).
"""

import os
import sys

# os, not pathlib: os is loaded at start-up, pathlib would be looked up in the workspace too.
if not sys.flags.safe_path and sys.path and sys.path[0] in ("", os.getcwd()):  # noqa: PTH109
    del sys.path[0]

from jaxlsp.cli import main  # after the sys.path fix, on purpose

sys.exit(main())
