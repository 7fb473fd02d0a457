"""Error findings only where the code surely raises: the causes of the false error findings on
stop 39's sample of research repositories (``bench/fresh-sample.json``'s s39-repos; its account:
``git show f598467:docs/fresh-sample.md``).

- A mixin's method hands ``self`` to a jitted function (xlstm_jax's ``GenerationMixin.generate``
  calls the ``nnx.jit``-ed ``generate_sequence_scan(self, ...)``).  Nothing in the analysed
  code makes an instance of the mixin, so its methods ran on one made for them, and that
  plain class was reported as no pytree (jit-non-array-argument); the mixin's users are
  ``nnx.Module`` subclasses, which jit traces.  An instance of a plain class is now reported
  only when no class the analysis ran derives from it one that may be a JAX type (a library
  base such as ``nnx.Module`` or ``eqx.Module``, a decorator, a registration, an array
  protocol); a plain subclass keeps the finding.  xlstm_jax's subclass is in a module the
  analysis of ``inference.py`` does not run; there the mixin declares ``vocab_size: int``,
  which none of its methods sets: a plain class's instance never has it, so the class is an
  interface its users fill, and its ``self`` is not proved a plain instance either.
- A jitted method called with an array in a static position and, in a traced one, a value the
  analysis knows nothing of (wobble_jax's notebook passes a model ``jabble.model.load``
  returned).  JAX reads the traced arguments before it hashes the static ones: a traced one
  that is no JAX type (the model, a plain object) raises TypeError first, so the ValueError
  (jit-unhashable-static-argument) is not proved.  Where every traced argument is known, it
  stays.

- ``jnp.einsum("bkgs,bskgd->bkgd", weights, v_grouped)`` where the label ``g`` has size 1 in
  ``v_grouped`` (``v[:, :, :, None, :]``) and ``weights`` is of unknown shape
  (nano-vllm-jax's ``paged_decode_attention_gqa_nhd_reference``): JAX broadcasts a size-1
  label to the other operands' size, so ``g`` is the unknown operand's; the output was given
  ``g`` = 1 and the reshape that follows reported (reshape-size-mismatch; run: it returns
  ``(2, 4, 8)``).  A label whose only known size is 1 and which an operand of unknown shape
  also has leaves the output's shape unknown.

The labelled pair ``tests/corpus/jit-non-array-argument/s39_*`` runs on the pinned JAX; the
unhashable cases were run there too (a plain object in the traced position: TypeError; a
float: ValueError), so the negative has no label of its own: what it raises depends on the
caller.
"""

from __future__ import annotations

import pytest

from tests._engine import assert_labelled_pair, error_findings

_MIXIN = """\
{imports}import jax
import jax.numpy as jnp


@jax.jit
def run(model, x):
    return x * 2


class Mixin:
    def generate(self, x):
        return run(self, x)


{users}
"""


@pytest.mark.parametrize(
    ("imports", "users", "expected"),
    [
        # users that may be pytrees: a library's base, a decorator, a registration
        ("import equinox as eqx\n", "class Model(eqx.Module, Mixin):\n    pass", []),
        ("from flax import nnx\n", "class Model(nnx.Module, Mixin):\n    pass", []),
        (
            "import equinox as eqx\n",
            "class Base(eqx.Module):\n    pass\n\n\nclass Model(Base, Mixin):\n    pass",
            [],
        ),
        (
            "from flax import struct\n",
            "@struct.dataclass\nclass Model(Mixin):\n    pass",
            [],
        ),
        (
            "",
            "class Model(Mixin):\n    pass\n\n\n"
            "jax.tree_util.register_pytree_node(Model, lambda m: ((), None), lambda _, c: Model())",
            [],
        ),
        (
            "",
            "class Model(Mixin):\n    def tree_flatten(self):\n        return (), None",
            [],
        ),
        # plain users: jit cannot trace self, whichever class it is
        ("", "class Model(Mixin):\n    pass", [("jit-non-array-argument", 12)]),
        (
            "",
            "class Base:\n    pass\n\n\nclass Model(Base, Mixin):\n    pass",
            [("jit-non-array-argument", 12)],
        ),
        (
            "from abc import ABC\n",
            "class Model(ABC, Mixin):\n    pass",
            [("jit-non-array-argument", 13)],
        ),
        ("", "", [("jit-non-array-argument", 12)]),
    ],
)
def test_a_mixins_self_may_be_its_users_pytree(
    imports: str, users: str, expected: list[tuple[str, int]]
) -> None:
    assert error_findings(_MIXIN.format(imports=imports, users=users)) == expected


_INTERFACE = """\
import jax


@jax.jit
def run(model, x):
    return x * 2


class GenerationMixin:
    vocab_size: int
{init}
    def generate(self, x):
        return run(self, x) + self.vocab_size
"""


@pytest.mark.parametrize(
    ("init", "expected"),
    [
        # declared, never set: the users set it (run on a user that is a pytree: it runs)
        ("", []),
        ("\n    def reset(self):\n        self.steps = 0\n", []),
        # set by the class itself: an instance of it is what generate runs on (TypeError)
        (
            "\n    def __init__(self):\n        self.vocab_size = 3\n",
            [("jit-non-array-argument", 16)],
        ),
        (
            "\n    def resize(self, n):\n        self.vocab_size: int = n\n",
            [("jit-non-array-argument", 16)],
        ),
    ],
)
def test_a_class_declaring_what_its_users_set_is_an_interface(
    init: str, expected: list[tuple[str, int]]
) -> None:
    assert error_findings(_INTERFACE.format(init=init)) == expected


_STATIC = """\
from functools import partial

import jax
import jax.numpy as jnp


class ChiSquare:
    @partial(jax.jit, static_argnums=(0, 5))
    def __call__(self, p, a, b, c, mask, model):
        return 0.0


def plot(model):
    xs = jnp.ones(3)
    {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a traced argument nothing is known of: TypeError first if it is no JAX type
        ("return ChiSquare()([], xs, xs, xs, xs > 0, model)", []),
        ("return ChiSquare()([], model, xs, xs, xs > 0, xs)", []),
        ("return ChiSquare()([], xs, xs, xs, xs > 0, model=model)", []),
        # every traced argument known (arrays, a list): the static array's ValueError
        (
            "return ChiSquare()([], xs, xs, xs, xs > 0, xs * 2)",
            [("jit-unhashable-static-argument", 15)],
        ),
        (
            "return ChiSquare()([], xs, xs, xs, xs > 0, [xs])",
            [("jit-unhashable-static-argument", 15)],
        ),
        # the unknown one is the static one, which is hashed: nothing proved, as before
        ("return ChiSquare()([], xs, xs, xs, model, xs)", []),
    ],
)
def test_an_unknown_traced_argument_may_raise_first(
    body: str, expected: list[tuple[str, int]]
) -> None:
    assert error_findings(_STATIC.format(body=body)) == expected


_EINSUM = """\
import jax.numpy as jnp


def attend(weights, v):
    v_grouped = v[:, :, :, None, :]
    out = jnp.einsum("bkgs,bskgd->bkgd", weights, v_grouped)
    return out.reshape(2, 4, 8)


{call}
"""


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        # the weights' shape unknown: g may be 2 there, and the reshape holds (run: it does)
        ("def run(w):\n    return attend(w, jnp.ones((2, 3, 2, 8)))", []),
        ("def run(w):\n    return attend(w.astype(jnp.float32), jnp.ones((2, 3, 2, 8)))", []),
        # both shapes known: g broadcast to 2, the reshape holds
        ("attend(jnp.ones((2, 2, 2, 3)), jnp.ones((2, 3, 2, 8)))", []),
        # both known, g of size 1 in both: (2, 2, 1, 8) cannot become (2, 4, 8)
        (
            "attend(jnp.ones((2, 2, 1, 3)), jnp.ones((2, 3, 2, 8)))",
            [("reshape-size-mismatch", 7)],
        ),
    ],
)
def test_a_size_one_label_broadcasts_to_an_unknown_operands_size(
    call: str, expected: list[tuple[str, int]]
) -> None:
    assert error_findings(_EINSUM.format(call=call)) == expected


PAIRS = [
    (
        "jit-non-array-argument/s39_mixin_self_of_module_negative.py",
        "jit-non-array-argument/s39_mixin_self_of_plain_class.py",
    ),
]


@pytest.mark.parametrize(("negative", "positive"), PAIRS)
def test_the_negative_is_silent_and_the_positive_flagged(negative: str, positive: str) -> None:
    assert_labelled_pair(negative, positive)
