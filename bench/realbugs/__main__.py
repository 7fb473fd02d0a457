import sys

from bench.realbugs import main

sys.exit(main())
