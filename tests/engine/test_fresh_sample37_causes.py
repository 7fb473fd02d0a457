"""Error findings only where the code surely raises: the causes of the false error findings on
the stop-37 fresh sample (``bench/fresh-sample.json``'s s37; its account: ``git show cf0d997:docs/fresh-sample.md``).

- A call that went to one of several Pallas kernels (a factory's ``jax.jit(pl.pallas_call(
  kernel))``, its kernel picked by a per-component flag, kept in a list and zipped with the
  flags again) was judged against each kernel at its making: the rules count a launch's Refs
  there, after the run, so the call's assumption (``Assumption.ONE_OF_SEVERAL``) never reached
  them (jax-lab's multiphase MRT collisions).  A launch that rests on an assumption now notes
  the kernel's making as unproved.
- A method run for any caller read its instance's fields as ``__init__`` left them, though
  another method sets one again before it calls the method (mlip's FEP sampler: ``run`` makes
  the key ``__init__`` leaves None, then each round splits it).  Such a field now holds what
  ``__init__`` left or something else; one that only the method run sets (or none does) keeps
  what ``__init__`` left.

The labelled corpus pairs (``tests/corpus/pallas-function-arity/s37_*.py``,
``tests/corpus/projects/s37-*``) run on the pinned JAX (``tests/corpus/test_labels.py``).
"""

from __future__ import annotations

from pathlib import Path

from tests._engine import CORPUS, error_findings, expected_findings


def test_kernels_a_flag_picks_and_pairs_again_are_silent() -> None:
    source = Path(CORPUS / "pallas-function-arity/s37_factory_kernels_paired_by_flag_negative.py")
    text = source.read_text("utf-8")
    assert "label=negative" in text
    assert error_findings(text) == []


def test_a_kernel_launched_plainly_with_too_few_operands_is_flagged() -> None:
    text = Path(CORPUS / "pallas-function-arity/s37_factory_kernel_wrong_operands.py").read_text(
        "utf-8"
    )
    expected = expected_findings(text)
    assert len(expected) == 1
    assert error_findings(text) == expected


_ONE_OF_TWO_KERNELS = """\
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def two(a_ref, b_ref, o_ref):
    o_ref[...] = a_ref[...] + b_ref[...]


def three(a_ref, b_ref, c_ref, o_ref):
    o_ref[...] = a_ref[...] + b_ref[...] + c_ref[...]


def launch(kernel):
    return jax.jit(pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8,), jnp.float32)))


def pair(flags):
    made = [launch(three) if flag else launch(two) for flag in flags]
    return [m(jnp.ones(8), jnp.ones(8)) for m, flag in zip(made, flags) if not flag]
"""


def test_one_of_two_kernels_from_one_site_proves_no_arity() -> None:
    assert error_findings(_ONE_OF_TWO_KERNELS) == []


_BOTH_LAUNCHED = (
    _ONE_OF_TWO_KERNELS
    + """

x = jnp.ones(8)
launch(three)(x, x)
"""
)


def test_the_same_kernel_launched_plainly_elsewhere_is_still_flagged() -> None:
    assert error_findings(_BOTH_LAUNCHED) == [("pallas-function-arity", 15)]


_KEY_MADE_BY_RUN = """\
import jax


class Sampler:
    def __init__(self, use_exchange, seed):
        self.use_exchange = use_exchange
        self.seed = seed
        self.key = None

    def perform_exchange(self):
        self.key, accept_key = jax.random.split(self.key)
        return jax.random.bernoulli(accept_key, 0.5)

    def run(self, rounds):
        if self.use_exchange and self.key is None:
            self.key = jax.random.PRNGKey(self.seed)
        for _ in range(rounds):
            if self.use_exchange:
                self.perform_exchange()
        return self.key
"""


def test_a_field_another_method_sets_first_is_not_what_init_left() -> None:
    assert error_findings(_KEY_MADE_BY_RUN) == []


_KEY_ONLY_THE_EXCHANGE_SETS = """\
import jax


class Sampler:
    def describe(self):
        return f"seeded with {self.seed}"

    def __init__(self, seed):
        self.seed = seed
        self.key = None

    def perform_exchange(self):
        self.key, accept_key = jax.random.split(self.key)
        return jax.random.bernoulli(accept_key, 0.5)
"""


def test_a_field_only_the_method_run_sets_is_what_init_left() -> None:
    # `describe` runs first for any caller; the key it does not set is as `__init__` left it
    # when `perform_exchange`, its only setter, runs: its first call splits None
    assert error_findings(_KEY_ONLY_THE_EXCHANGE_SETS) == [("random-int-seed-as-key", 13)]


_SEED_NEVER_SET_AGAIN = """\
import jax


class Sampler:
    def __init__(self, seed):
        self.seed = seed
        self.key = None
        self.base_key = None

    def reset(self):
        self.key = jax.random.PRNGKey(0)

    def perform_exchange(self):
        return jax.random.split(self.base_key)
"""


def test_a_field_no_other_method_sets_is_still_what_init_left() -> None:
    # `reset` sets the key again, not the base key: splitting that None still raises
    assert error_findings(_SEED_NEVER_SET_AGAIN) == [("random-int-seed-as-key", 14)]
