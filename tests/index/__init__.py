"""Tests of the index: templates, extraction, the build, JAX detection, the cache, the join."""
