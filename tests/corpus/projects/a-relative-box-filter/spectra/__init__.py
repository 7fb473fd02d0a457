"""Signal smoothing built from filter kernels."""
