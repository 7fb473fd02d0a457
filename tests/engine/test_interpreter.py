"""Mechanisms of the abstract interpreter (``jaxlsp.infer.interpreter``), each asked directly:
what a module-level name holds after the module ran, or what facts a call recorded."""

from __future__ import annotations

import textwrap

from jaxlsp.apis import contracts
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import (
    ANY,
    Array,
    Const,
    CustomDerivative,
    ListValue,
    Static,
    Tuple,
    Values,
    one,
)
from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine


def _program(source: str) -> Program:
    analysis = fresh_engine(Workspace([])).analyze(textwrap.dedent(source))
    assert analysis.program is not None
    return analysis.program


def _globals(source: str) -> dict[str, Values]:
    frame = _program(source).module.frame
    assert frame is not None
    return frame.state.env


def _constants(values: Values) -> set[object]:
    assert all(isinstance(v, Const) for v in values), values
    return {v.value for v in values if isinstance(v, Const)}


def _reuse_lines(source: str) -> set[int]:
    program = _program(source)
    return {program.line(reuse.site) for reuse in program.facts.key_reuses}


def _refused_conversion_lines(source: str) -> set[int]:
    program = _program(source)
    return {
        program.line(c.site) for c in program.facts.conversions if contracts.refused(c) is not None
    }


def test_an_empty_list_holds_what_is_appended_to_it() -> None:
    names = _globals(
        """
        import jax.numpy as jnp

        layers = []
        for width in (2, 3):
            layers.append({"w": jnp.ones((width, width)), "b": jnp.zeros(width)})
        last = layers[-1]
        bias = last["b"]
        never_filled = []
        first = never_filled[0]
        """
    )
    # one array per appended width (arrays carry their shapes: (2,) and (3,))
    assert names["bias"] and {type(v) for v in names["bias"]} == {Array}
    assert names["first"] == ANY


def _list_lengths(source: str) -> dict[str, int | None]:
    """Each global list's number of items, where the analysis knows it."""
    program = _program(source)
    frame = program.module.frame
    assert frame is not None
    found: dict[str, int | None] = {}
    for name, values in frame.state.env.items():
        if len(values) == 1 and isinstance(values[0], ListValue):
            items = program.interpreter.heap.list_items(values[0].ref)
            found[name] = None if items is None else len(items)
    return found


def test_appends_that_surely_run_in_order_add_items() -> None:
    lengths = _list_lengths(
        """
        import jax.numpy as jnp

        def build(sizes):
            layers = []
            for din, dout in zip(sizes[:-1], sizes[1:]):
                layers.append(jnp.ones((dout, din)))
            layers.extend([jnp.ones(1), jnp.ones(2)])
            return layers

        def maybe(flag):
            out = []
            if flag:
                out.append(1)
            out.append(2)
            return out

        def early(flag):
            out = []
            if flag:
                return out
            out.append(1)
            return out

        def skipping(items):
            out = []
            for item in (1, 2, 3):
                if item == items:
                    continue
                out.append(item)
            return out

        def grown(out):
            out.append(1)

        straight = [0]
        straight.append(1)
        flag and straight.append(2)
        built = build([3, 5, 2])
        conditional = maybe(bool(jnp.ones(1)))
        escaped = early(bool(jnp.ones(1)))
        skipped = skipping(jnp.ones(1))
        passed = []
        grown(passed)
        inserted = [1]
        inserted.insert(0, 2)
        """
    )
    assert lengths["built"] == 4  # two appended in the loop's two passes, two extended
    assert lengths["straight"] is None  # the append inside `and` may not run
    # appends that may not run, or whose list may have left before them, or made elsewhere
    assert lengths["conditional"] is None
    assert lengths["escaped"] is None
    assert lengths["skipped"] is None
    assert lengths["passed"] is None
    assert lengths["inserted"] is None


def test_an_operator_on_several_known_values_gives_each_result() -> None:
    names = _globals(
        """
        def seed_of(step):
            return 1000 + 97 * step

        # a condition not known keeps the items apart from the passes: any item is any
        # pass's result
        import sys

        seeds = [seed_of(step) for step in range(6) if step != len(sys.argv)]
        seed = seeds[0]
        late = [step >= 4 for step in range(6) if step != len(sys.argv)][0]
        cell = [10 * row + column for row in range(5) for column in range(5)][0]
        """
    )
    assert _constants(names["seed"]) == {1000 + 97 * step for step in range(6)}
    assert _constants(names["late"]) == {False, True}
    # more results than a value set holds: still a Python int
    assert [(type(v), v.type_name) for v in names["cell"] if isinstance(v, Static)] == [
        (Static, "int")
    ]
    assert len(names["cell"]) == 1


def test_double_star_kwargs_is_a_dict_of_the_extra_keyword_arguments() -> None:
    names = _globals(
        """
        def pick(shape, **options):
            return options["key"], options.get("scale", 1.0)

        def forward(**kwargs):
            return kwargs["key"]

        key, scale = pick((2,), key="abc", scale=0.5)
        default_key, default_scale = pick((2,), key=7)
        settings = {"key": 3}
        forwarded = forward(**settings)
        import sys

        opaque = {name: 3 for name in sys.argv}
        unknown = forward(**opaque)
        """
    )
    assert _constants(names["key"]) == {"abc"}
    assert _constants(names["scale"]) == {0.5}
    assert _constants(names["default_key"]) == {7}
    assert _constants(names["default_scale"]) == {1.0}
    assert _constants(names["forwarded"]) == {3}  # **mapping of known keys passes them
    assert names["unknown"] == ANY  # a mapping whose keys are not known: nor are the keywords


def test_a_custom_derivative_call_records_whether_its_rule_was_registered_yet() -> None:
    program = _program(
        """
        import jax
        import jax.numpy as jnp

        @jax.custom_jvp
        def soft_sign(x):
            return x / (1 + jnp.abs(x))

        early = soft_sign(1.0)

        @soft_sign.defjvp
        def soft_sign_jvp(primals, tangents):
            (x,), (t,) = primals, tangents
            return soft_sign(x), t / (1 + jnp.abs(x)) ** 2

        late = soft_sign(2.0)
        """
    )
    calls = [c for c in program.facts.called if isinstance(c.callee, CustomDerivative)]
    lines = {program.line(c.site): c.before_rules for c in calls}
    assert lines[9] is True
    assert lines[16] is False


def test_dict_get_update_and_setdefault_follow_the_keys_written() -> None:
    names = _globals(
        """
        config = {"lr": 0.1}
        config.update(seed=3)
        seed = config.get("seed", 0)
        decay = config.get("decay", 0.9)
        config.setdefault("steps", 10)
        steps = config["steps"]
        merged = {}
        merged.update(config)
        merged_lr = merged.get("lr")
        import sys

        opaque = {name: 1 for name in sys.argv}
        either = opaque.get("a", 2)
        """
    )
    assert _constants(names["seed"]) == {3}
    assert _constants(names["decay"]) == {0.9}
    assert _constants(names["steps"]) == {10}
    assert _constants(names["merged_lr"]) == {0.1}
    # a comprehension's keys are not known: the value under any key, or the default
    assert _constants(names["either"]) == {1, 2}


def test_a_classmethod_gets_its_class_from_the_class_or_an_instance() -> None:
    names = _globals(
        """
        class Clipper:
            def __init__(self, limit):
                self.limit = limit

            @classmethod
            def default(cls):
                return cls(limit=1.0)

            @staticmethod
            def unit():
                return 1.0

        made = Clipper.default()
        again = made.default()
        limit = again.limit
        unit = Clipper.unit()
        """
    )
    assert [type(v).__name__ for v in names["made"]] == ["Instance"]
    assert _constants(names["limit"]) == {1.0}
    assert _constants(names["unit"]) == {1.0}


def test_round_abs_and_pow_of_an_array_are_arrays() -> None:
    names = _globals(
        """
        import jax.numpy as jnp

        x = jnp.ones(3)
        rounded = round(x)
        powered = pow(2.0, x)
        number = round(2.5)
        """
    )
    assert [type(v) for v in names["rounded"]] == [Array]
    assert [type(v) for v in names["powered"]] == [Array]
    assert names["number"] == (Static("number"),)


def test_jit_options_given_as_lists_are_checked_when_it_wraps() -> None:
    program = _program(
        """
        import jax

        def conv(x, kernel, *, stride=1):
            return x * kernel

        bad = jax.jit(conv, static_argnames=["stride", "pad"])
        good = jax.jit(conv, static_argnames=["stride"], donate_argnums=[0, 1])
        """
    )
    refused = {
        program.line(m.site): [v.offending for v in m.violations] for m in program.facts.made
    }
    assert refused == {7: ["pad"], 8: []}


def test_a_comprehension_runs_its_element_as_a_loop_body() -> None:
    # a key the element consumes without taking a new one each iteration is reused
    assert _reuse_lines(
        """
        import jax

        key = jax.random.key(0)
        layers = [jax.random.normal(key, (n,)) for n in (2, 3)]
        """
    ) == {5}
    # the outermost iterable runs once; each iteration takes a new key from it
    assert (
        _reuse_lines(
            """
        import jax

        key = jax.random.key(0)
        xs = [jax.random.normal(k) for k in jax.random.split(key, 3)]
        ys = {i: jax.random.normal(jax.random.fold_in(key, i)) for i in range(3)}
        """
        )
        == set()
    )


def test_a_split_in_a_loop_makes_every_part_anew() -> None:
    # each pass splits anew: a part drawn there is a new key, whatever its index (JAX runs
    # this under key-reuse checking)
    assert (
        _reuse_lines(
            """
        import jax

        def sample(key):
            out = []
            for step in range(3):
                key, sub = jax.random.split(key)
                keys = jax.random.split(sub, 100)
                out.append(jax.random.normal(keys[70], (2,)))
                out.append(jax.random.normal(keys[1], (2,)))
            return out
        """
        )
        == set()
    )
    # a part drawn twice in one pass is still a reuse
    assert _reuse_lines(
        """
        import jax

        def sample(key):
            for step in range(3):
                key, sub = jax.random.split(key)
                keys = jax.random.split(sub, 100)
                a = jax.random.normal(keys[70], (2,))
                b = jax.random.normal(keys[70], (2,))
        """
    ) == {9}


def test_a_loop_over_one_known_item_runs_once() -> None:
    assert _reuse_lines(
        """
        import jax

        key = jax.random.key(0)
        for _ in range(1):
            a = jax.random.normal(key)
        once = [jax.random.uniform(key) for _ in [0]]
        for _ in []:
            never = jax.random.normal(key)
        """
    ) == {7}


def test_any_all_and_sorted_convert_their_items_with_bool() -> None:
    assert _refused_conversion_lines(
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            a = any(jnp.isnan(v).any() for v in [x, x])
            return a

        @jax.jit
        def g(x):
            return all([x > 0, x < 2])

        @jax.jit
        def h(x):
            return sorted([x[0], x[1]])

        @jax.jit
        def fine(x):
            checks = any(d > 1 for d in x.shape) and all(v is not None for v in [x])
            single = sorted([x])
            return x if checks else single[0]

        f(jnp.ones(2))
        g(1.0)
        h(jnp.ones(2))
        fine(jnp.ones(2))
        any(jnp.ones(2) > 0)
        """
    ) == {7, 12, 16}


def test_items_of_a_list_of_keys_at_unknown_positions_are_not_one_key() -> None:
    assert _reuse_lines(
        """
        import jax

        keys = list(jax.random.split(jax.random.key(0), 3))
        a = jax.random.normal(keys[0])
        b = jax.random.normal(keys[1])
        pool = [k for k in jax.random.split(jax.random.key(1), 2)]
        c = jax.random.normal(pool[0])
        d = jax.random.uniform(pool[1])
        known = [jax.random.key(2)]
        e = jax.random.normal(known[0])
        f = jax.random.normal(known[0])
        """
    ) == {12}


def test_a_loop_over_a_few_known_items_runs_once_per_item() -> None:
    names = _globals(
        """
        for horizon in (None, 5):
            last = horizon
        """
    )
    assert _constants(names["last"]) == {5}  # the last pass is the state after the loop
    program = _program(
        """
        from jax import lax

        def simulate(steps=None):
            return lax.scan(lambda c, _: (c + 1, c), 0, length=steps)

        for steps in (None, 5):
            simulate(steps)
        """
    )
    # the pass with steps=None is its own call: scan surely has nothing to scan over there
    broken = [c for c in program.facts.api_calls if c.violations]
    assert [program.line(c.site) for c in broken] == [5]


def test_jit_checks_a_callable_instance_against_its_call_method() -> None:
    program = _program(
        """
        import jax

        class Model:
            def __call__(self, x, train):
                return x * 2 if train else x

        bad = jax.jit(Model(), static_argnums=2)
        good = jax.jit(Model(), static_argnums=1)
        """
    )
    refused = {
        program.line(m.site): [v.offending for v in m.violations] for m in program.facts.made
    }
    assert refused == {8: [2], 9: []}


def test_a_loop_that_may_break_joins_its_passes() -> None:
    # the loop may stop after the first key: the second one is not surely consumed
    assert (
        _reuse_lines(
            """
        import jax

        def pick(found):
            k1, k2 = jax.random.split(jax.random.key(0))
            for k in (k1, k2):
                x = jax.random.normal(k)
                if found(x):
                    break
            return jax.random.uniform(k2)
        """
        )
        == set()
    )


def test_a_wrapper_forwarding_args_and_kwargs_passes_them_on() -> None:
    names = _globals(
        """
        import functools

        def logged(fn):
            @functools.wraps(fn)
            def wrapper(*args, **kwargs):
                return fn(*args, **kwargs)
            return wrapper

        @logged
        def sample(shape, *, key, scale=1.0):
            return key, scale

        key, scale = sample((3,), key=42)
        options = dict(scale=2.0)
        options.update({"key": 7})
        key2, scale2 = sample((3,), **options)
        """
    )
    assert _constants(names["key"]) == {42}
    assert _constants(names["scale"]) == {1.0}
    assert _constants(names["key2"]) == {7}
    assert _constants(names["scale2"]) == {2.0}


# correlated unknowns: one place's value tested in several places ----------------------------

_UNKNOWN_CONFIG = """
import json

class Config:
    def __init__(self, flag=False, other=False):
        self.flag = flag
        self.other = other

config = Config(**json.loads("{}"))
"""


def test_a_branch_on_a_field_holds_in_the_callees_reached_from_it() -> None:
    names = _globals(
        _UNKNOWN_CONFIG
        + """
def pick(config):
    if config.flag:
        return 1
    return "eager"

first = pick(config)
if config.flag:
    inside = pick(config)
else:
    outside = pick(config)
again = pick(config)
"""
    )
    # one frame of `pick` per assumption about `config.flag` (the memo does not mix them)
    assert _constants(names["inside"]) == {1}
    assert _constants(names["outside"]) == {"eager"}
    assert _constants(names["first"]) == _constants(names["again"]) == {1, "eager"}


def test_a_frame_run_under_an_assumption_is_not_reused_without_it() -> None:
    names = _globals(
        _UNKNOWN_CONFIG
        + """
def pick(config):
    return 1 if config.flag else "eager"

if not config.flag:
    inside = pick(config)
after = pick(config)
"""
    )
    assert _constants(names["inside"]) == {"eager"}
    assert _constants(names["after"]) == {1, "eager"}


def test_and_or_and_not_say_what_each_branch_assumes() -> None:
    names = _globals(
        _UNKNOWN_CONFIG
        + """
if config.flag and config.other:
    both = (not config.flag, not config.other)
if config.flag or config.other:
    pass
else:
    neither = (not config.flag, not config.other)
if config.flag and config.flag:
    pass
else:
    unset = 1 if config.flag else 2
"""
    )
    assert names["both"] == (Tuple((one(Const(False)), one(Const(False)))),)
    assert names["neither"] == (Tuple((one(Const(True)), one(Const(True)))),)
    # ``a and b`` false says nothing of either operand
    assert _constants(names["unset"]) == {1, 2}


def test_a_function_jitted_under_a_flag_runs_with_the_flag_set() -> None:
    source = (
        _UNKNOWN_CONFIG
        + """
import jax
import jax.numpy as jnp

def step(x):
    if not config.flag:
        if x.sum() > 0:
            raise ValueError("checked eagerly only")
    return x * 2

fn = step
if config.flag:
    fn = jax.jit(step)
fn(jnp.ones(3))
"""
    )
    assert _refused_conversion_lines(source) == set()
    # jitted whatever the flag: the check runs on a tracer
    always = source.replace("if config.flag:\n    fn = jax.jit(step)", "fn = jax.jit(step)")
    assert _refused_conversion_lines(always) == {16}
    # another flag decides the jit: it may be set while `flag` is not
    other = source.replace("if config.flag:\n    fn", "if config.other:\n    fn")
    assert _refused_conversion_lines(other) == {16}


def test_a_function_jitted_under_a_flag_is_not_called_where_the_flag_is_unset() -> None:
    program = _program(
        _UNKNOWN_CONFIG
        + """
import jax
import jax.numpy as jnp

def step(x):
    return x * 2

fn = step
if config.flag:
    fn = jax.jit(step)
if not config.flag:
    eager = fn(jnp.ones(3))
anywhere = fn(jnp.ones(3))
"""
    )
    called = {program.line(c.site) for c in program.facts.called}
    assert called == {22}


def test_a_tested_parameter_is_one_value_through_partial_and_callees() -> None:
    source = """
        import os
        from functools import partial
        import jax
        import jax.numpy as jnp

        def loss(x, checks):
            if checks:
                if x.sum() > 0:
                    raise ValueError("eager check")
            return (x**2).sum()

        def fit(x, compiled):
            step = partial(loss, checks=not compiled)
            if compiled:
                step = jax.jit(step)
            return step(x)

        fit(jnp.ones(3), os.environ.get("COMPILED") == "1")
        """
    assert _refused_conversion_lines(source) == set()
    always = source.replace("if compiled:\n                step", "if True:\n                step")
    assert _refused_conversion_lines(always) == {9}


def test_a_returned_parameter_is_the_callers_value_not_the_frames_place() -> None:
    names = _globals(
        """
        import os

        def same(flag):
            if flag:
                pass
            return flag

        a = same(os.environ.get("A") == "1")
        b = same(os.environ.get("B") == "1")
        if a:
            if not b:
                independent = True
        """
    )
    # one frame for both calls: had it returned its own place, `a` and `b` would agree
    assert _constants(names["independent"]) == {True}


def test_a_closure_over_a_passed_flag_agrees_with_the_callers_test() -> None:
    source = """
        import os
        import jax
        import jax.numpy as jnp

        def checked(x, checks):
            if checks:
                if x.sum() > 0:
                    raise ValueError("eager check")
            return x * 2

        def make_step(compiled):
            def step(x):
                return checked(x, not compiled)
            return step

        def fit(x, compiled):
            step = make_step(compiled)
            if compiled:
                step = jax.jit(step)
            return step(x)

        fit(jnp.ones(3), os.environ.get("COMPILED") == "1")
        """
    # the closure made in `make_step` reads `fit`'s flag, which `fit` tested before the jit
    assert _refused_conversion_lines(source) == set()
    inverted = source.replace("not compiled)", "compiled)")
    assert _refused_conversion_lines(inverted) == {8}


def test_a_field_set_from_a_flag_is_that_flag() -> None:
    names = _globals(
        _UNKNOWN_CONFIG
        + """
class Solver:
    def __init__(self, jit):
        self.jit = jit

solver = Solver(config.flag)
if config.flag:
    compiled = 1 if solver.jit else 2
"""
    )
    assert _constants(names["compiled"]) == {1}


def test_a_written_field_forgets_what_a_test_said_of_it() -> None:
    names = _globals(
        _UNKNOWN_CONFIG
        + """
if config.flag:
    kept = 1 if config.flag else 2
    config.flag = json.loads("true")
    rewritten = 1 if config.flag else 2
"""
    )
    assert _constants(names["kept"]) == {1}
    assert _constants(names["rewritten"]) == {1, 2}


def test_a_place_joined_with_other_values_is_unknown() -> None:
    names = _globals(
        _UNKNOWN_CONFIG
        + """
maybe = config.flag if json.loads("1") else None
"""
    )
    # not "a flag or None": an unknown value stays silent
    assert names["maybe"] == ANY


def test_a_method_reads_the_enclosing_functions_local_past_its_class_body() -> None:
    """Python's late binding of a free variable: a class body between a method and the
    function around it is passed over, and the function's local is read when it is called."""
    env = _globals(
        """
        def make():
            scale = 1
            class Layer:
                scale = 2
                def get(self):
                    return scale
            scale = 3
            return Layer().get()

        result = make()
        """
    )
    assert _constants(env["result"]) == {3}
