"""Error findings only where the code surely raises: causes of false findings on the stop-32
fresh sample (libraries nobody tuned for, ``bench/fresh-sample.json``'s s32; its account: ``git show cf0d997:docs/fresh-sample.md``).

Each case is a pair in the style of the library where the false finding was: the code that
works on the pinned JAX must get no error finding, and its close variant that raises must keep
its finding.  ``tests/engine/test_fresh_causes_on_jax.py`` runs every program on JAX and checks
the label.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine

#: bayeux's TFP sampler wrapper: a closure taking ``*args, **kwargs`` handed to a sampler the
#: analysis cannot see (chosen by name here), which calls it with the state's keywords.  Run for
#: any caller, ``**kwargs`` is any dict of keywords, not an empty one.
_SAMPLER_CALLBACK = textwrap.dedent(
    """
    import os

    import jax
    import jax.numpy as jnp


    class Sampler:
        def run(self, model, init_state):
            return model(**init_state)


    def log_density(state):
        return -0.5 * jnp.sum(state["x"] ** 2)


    def sample(log_density, init_state):
        vmapped = jax.vmap(log_density)

        def tlp(*args, **kwargs):
            if args:
                return vmapped(args)
            else:
                return vmapped(kwargs)

        run = getattr(Sampler(), os.environ.get("JAXLSP_SAMPLER", "run"))
        return {call}


    sample(log_density, {{"x": jnp.ones((4, 3))}})
    """
)

#: brainstate's tests: a ``State`` whose ``value`` setter refuses a tracer, written inside a raw
#: ``jax.jit`` (the setter raises, the state keeps its array) and read after it.  A tracer of a
#: trace the reading code does not run under is no tracer of that code: only a conversion
#: inside the trace is proved to raise.
_STATE_WRITTEN_UNDER_JIT = textwrap.dedent(
    """
    import jax
    import jax.numpy as jnp


    class State:
        def __init__(self, value):
            self._value = value

        @property
        def value(self):
            return self._value

        @value.setter
        def value(self, v):
            if isinstance(v, jax.core.Tracer):
                raise RuntimeError("a State cannot store a tracer")
            self._value = v


    st = State(jnp.zeros(2))


    @jax.jit
    def h(x):
        {inside}
        st.value = st.value + x
        return x


    try:
        h(jnp.ones(2))
    except RuntimeError:
        pass
    {after}
    """
)

#: ejkernel's all-gather matmul kernel: ``grid_k = pl.num_programs(2)`` tested by a Python ``if``
#: in a helper the kernel calls.  For a grid given as Python ints ``num_programs`` gives a
#: Python int; ``pl.program_id`` gives a tracer.
_GRID_SIZE_TEST = textwrap.dedent(
    """
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl


    def kernel(x_ref, o_ref):
        grid_k = pl.num_programs(0)
        step = pl.program_id(0)

        def cond():
            if {tested} == {than}:
                return step >= 0
            return step >= 1

        o_ref[...] = jnp.where(cond(), x_ref[...], 0.0)


    def run(x):
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(1,),
            interpret=True,
        )(x)


    run(jnp.ones((8, 128)))
    """
)

#: tpu-inference's fused decode loop: step keys split by one jit (a static count and a traced
#: index) feed a second jit whose loop returns the step counter, which the test converts with
#: ``int()``.  Split keys a jit returns are concrete arrays outside it, as any array it
#: returns; the conversion inside the second jit is of a tracer.
_SPLIT_KEYS_FROM_A_JIT = textwrap.dedent(
    """
    import functools

    import jax
    import jax.numpy as jnp


    @functools.partial(jax.jit, static_argnums=(1,))
    def split_rngs(rng, static_size, dynamic_size):
        all_rngs = jax.random.split(rng, static_size + 1)
        return all_rngs[:static_size], all_rngs[dynamic_size]


    def decode(step_rngs, tokens):
        def body(carry):
            i, toks = carry
            return i + 1, toks + jax.random.randint(step_rngs[i], toks.shape, 0, 2)

        steps, toks = jax.lax.while_loop(
            lambda c: c[0] < 3, body, (jnp.array(0, jnp.int32), tokens)
        )
        {inside}
        return steps, toks


    step_rngs, rng = split_rngs(jax.random.PRNGKey(0), 5, 4)
    steps, tokens = jax.jit(decode)(step_rngs, jnp.zeros(2, jnp.int32))
    {after}
    """
)

#: tpu-inference's fused GDN decode kernel: optional operands left out as ``None`` and an
#: alias index counted from those present (``6 + n_b + n_gate``).  pallas_call counts its
#: operands as pytree leaves, so a ``None`` is no operand.
_ALIAS_PAST_OPTIONAL_OPERANDS = textwrap.dedent(
    """
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl


    def kernel(x_ref, b_ref, n_ref, s_ref, o_ref, so_ref):
        o_ref[...] = x_ref[...] if b_ref is None else x_ref[...] + b_ref[...]
        so_ref[...] = s_ref[...] + n_ref[...].sum()


    def fused(x, state, counts, b=None):
        n_b = b is not None
        return pl.pallas_call(
            kernel,
            out_shape=[
                jax.ShapeDtypeStruct(x.shape, x.dtype),
                jax.ShapeDtypeStruct(state.shape, state.dtype),
            ],
            input_output_aliases={{0: 0, {index}: 1}},
            interpret=True,
        )(x, b, counts, state)


    x = jnp.ones((8, 128))
    state = jnp.zeros((16, 128))
    counts = jnp.ones((2,), jnp.int32)
    print(fused(x, state, counts)[1].shape)
    print(fused(x, state, counts, b=jnp.ones((8, 128)))[1].shape)
    """
)

#: One ``pallas_call`` site launched by two calls of its function, each with its own state:
#: each launch pairs a call's operands with the options made in that call, never another's.
_ONE_KERNEL_SITE_TWO_CALLS = textwrap.dedent(
    """
    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl


    def kernel(x_ref, s_ref, o_ref, so_ref):
        o_ref[...] = x_ref[...]
        so_ref[...] = jnp.zeros(so_ref.shape, so_ref.dtype) + s_ref[0, 0]


    def step(x, state):
        return pl.pallas_call(
            kernel,
            out_shape=[
                jax.ShapeDtypeStruct(x.shape, x.dtype),
                jax.ShapeDtypeStruct({updated}, state.dtype),
            ],
            input_output_aliases={{1: 1}},
            interpret=True,
        )(x, state)


    x = jnp.ones((8, 128))
    print(step(x, jnp.zeros((16, 128)))[1].shape)
    print(step(x, jnp.zeros((32, 128)))[1].shape)
    """
)

#: tpu-inference's GDN state cache aliased to an output declared with sizes read from the
#: inputs at run time (``(num_states, H_v, K, V)``): a named size may equal any integer.
_ALIAS_TO_A_NAMED_SIZE = textwrap.dedent(
    """
    import os

    import jax
    import jax.numpy as jnp
    from jax.experimental import pallas as pl


    def kernel(s_ref, o_ref):
        o_ref[...] = s_ref[...] + 1.0


    def step(state, heads):
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((4, heads, {last}), state.dtype),
            input_output_aliases={{0: 0}},
            interpret=True,
        )(state)


    heads = int(os.environ.get("HEADS", "8"))
    print(step(jnp.zeros((4, 8, 128)), heads).shape)
    """
)

#: (name, program, the error codes it must get): an empty set is a program that runs.
CASES: list[tuple[str, str, set[str]]] = [
    (
        "keyword_dict_of_a_callback_run_for_any_caller_is_unknown",
        _SAMPLER_CALLBACK.format(call="run(model=tlp, init_state=init_state)"),
        set(),
    ),
    (
        "keyword_dict_of_a_call_without_keywords_is_empty",
        _SAMPLER_CALLBACK.format(call="tlp()"),
        {"vmap-no-array-arguments"},
    ),
    (
        "state_read_after_the_jit_that_wrote_it_holds_no_live_tracer",
        _STATE_WRITTEN_UNDER_JIT.format(
            inside="", after="assert bool(jnp.allclose(st.value, jnp.zeros(2)))"
        ),
        set(),
    ),
    (
        "state_read_inside_the_jit_that_wrote_it_is_a_tracer",
        _STATE_WRITTEN_UNDER_JIT.format(
            inside="assert bool(jnp.allclose(st.value + x, jnp.zeros(2)))", after=""
        ),
        {"tracer-bool-conversion-error"},
    ),
    (
        "pallas_num_programs_of_a_static_grid_is_a_python_int",
        _GRID_SIZE_TEST.format(tested="grid_k", than=1),
        set(),
    ),
    (
        "pallas_program_id_is_a_tracer",
        _GRID_SIZE_TEST.format(tested="step", than=0),
        {"tracer-bool-conversion-error"},
    ),
    (
        "split_keys_a_jit_returns_are_concrete_outside_it",
        _SPLIT_KEYS_FROM_A_JIT.format(inside="", after="assert int(steps) == 3"),
        set(),
    ),
    (
        "loop_counter_converted_inside_the_jit_is_a_tracer",
        _SPLIT_KEYS_FROM_A_JIT.format(inside="assert int(steps) == 3", after=""),
        {"concretization-type-error"},
    ),
    (
        "alias_index_counts_the_operands_present",
        _ALIAS_PAST_OPTIONAL_OPERANDS.format(index="2 + n_b"),
        set(),
    ),
    (
        "alias_index_past_the_operands_present",
        _ALIAS_PAST_OPTIONAL_OPERANDS.format(index="2 + (b is None)"),
        {"pallas-input-output-aliases"},
    ),
    (
        "each_launch_of_one_kernel_site_pairs_its_own_options",
        _ONE_KERNEL_SITE_TWO_CALLS.format(updated="state.shape"),
        set(),
    ),
    (
        "a_launch_whose_own_options_mismatch_its_operands",
        _ONE_KERNEL_SITE_TWO_CALLS.format(updated="(16, 128)"),
        {"pallas-input-output-aliases"},
    ),
    (
        "alias_to_an_output_of_a_named_size_may_match",
        _ALIAS_TO_A_NAMED_SIZE.format(last=128),
        set(),
    ),
    (
        "alias_to_an_output_of_another_known_size",
        _ALIAS_TO_A_NAMED_SIZE.format(last=64),
        {"pallas-input-output-aliases"},
    ),
]


def error_codes(source: str) -> set[str]:
    analysis = fresh_engine(Workspace([])).analyze(source)
    return {f.code for f in analysis.findings if f.severity == "error"}


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings_only_where_the_code_raises(
    name: str, source: str, expected: set[str]
) -> None:
    assert error_codes(source) == expected
