"""Raises ValueError: an hk.Linear built at the top level, outside hk.transform."""

import haiku as hk

layer = hk.Linear(10)
