# corpus: label=positive styles=helper,parameter batch=c
"""A histogram helper accumulates counts into the buffer it is given."""

import jax.numpy as jnp


def accumulate(hist, bin_index, weight=1.0):
    hist[bin_index] += weight  # expect: immutable-array-item-assignment
    return hist


def histogram(values, num_bins, lo, hi):
    hist = jnp.zeros(num_bins)
    width = (hi - lo) / num_bins
    for v in values:
        b = min(int((v - lo) / width), num_bins - 1)
        hist = accumulate(hist, b)
    return hist


print(histogram([0.1, 0.4, 0.45, 0.9], num_bins=4, lo=0.0, hi=1.0))
