import numpy as np


def batches(n, size, dim):
    for i in range(n):
        yield np.full((size, dim), float(i), np.float32)
