"""Layers built from their sizes at import time, to be called later."""
# corpus: label=positive styles=direct

import haiku as hk

layers = [hk.Linear(size) for size in [64, 32, 10]]  # expect: haiku-outside-transform
