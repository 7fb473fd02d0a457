"""Tests of the benchmark harness (bench/) and the quick benchmark CI runs."""
