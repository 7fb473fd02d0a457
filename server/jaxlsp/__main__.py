"""``python -m jaxlsp``: the same command line as the ``jaxlsp`` script."""

import sys

from jaxlsp.cli import main

sys.exit(main())
