"""Recurrent networks."""

from .layers import init_rnn, run_rnn

__all__ = ["init_rnn", "run_rnn"]
