#!/usr/bin/env bash
# The long fuzz run: the reliability properties with JAXLSP_FUZZ_FACTOR times CI's examples
# (default 50) and fresh random seeds, at low priority.  Extra arguments go to pytest, e.g.
#   tests/reliability/run_long_fuzz.sh -k engine
# Hypothesis prints a reproducer (@reproduce_failure / a seed) for every failure it finds.
set -euo pipefail
cd "$(dirname "$0")/../.."
export JAXLSP_FUZZ=long
export JAXLSP_FUZZ_FACTOR="${JAXLSP_FUZZ_FACTOR:-50}"
exec nice -n 10 python -m pytest tests/reliability -p no:cacheprovider \
    -k "not protocol and not server" --hypothesis-show-statistics -q "$@"
