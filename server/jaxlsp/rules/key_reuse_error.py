"""The same PRNG key consumed twice: two samplers (or a split and a sampler) given one key.

Followed along each path through the code: into helpers that consume their key argument, and
around loops (a key consumed in a loop body that does not rebind it is reused by the next
iteration).  Branches never guess: a key is reused only when it was consumed on every path to
the second consumer.

Reuse that is the point is told apart: a test that compares two code paths drawing from one
key (one operand of an ``==`` or an ``allclose``-like call holds what the first consumption
drew, another what the second drew; ``docs/key-reuse.md`` says how this is decided) gets a
hint, not a warning, and so does a test giving the key again for another check (each draw
compared on its own), a test making the same call again with the same key (an environment
reset to one state), a test running the same call again and throwing one run's result away (a
warm-up, a second run to see it runs), and one key permuting different arrays (the same
permutation keeps them paired, images and labels).  Two trees compared leaf by leaf
(``jax.tree.map`` of a comparison) count as one comparison of the trees.  Keys taken one after
another from an iterator (``next(keys)``) are different keys, and only one arm of a conditional
expression runs.

A test redrawing, from the key it gave the code under test, the values that code drew may be
on purpose too: it stays a warning (JAX's checker raises on it), and the message says the
reuse may be intended.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from jaxlsp.apis.jax_api import STAGING
from jaxlsp.findings import Finding
from jaxlsp.infer.frames import ApiCall, KeyReuse
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site, Transformed
from jaxlsp.records.record import Record
from jaxlsp.rules._support import finding, related, source
from jaxlsp.rules.base import Rule


class KeyReuseError(Rule):
    NAME = "key-reuse-error"
    FORMER_NAMES = ("prng-key-reuse",)
    CODE = "key-reuse-error"
    RECORD_ID = "929372fbb0d63abd"

    VALID = (
        """
import jax

key = jax.random.key(0)
key, sub = jax.random.split(key)
a = jax.random.normal(sub, (3,))
key, sub = jax.random.split(key)
b = jax.random.uniform(sub, (3,))
for i in range(3):
    key, step_key = jax.random.split(key)
    c = jax.random.normal(step_key)
d = jax.random.normal(jax.random.fold_in(key, 1))
e = jax.random.normal(jax.random.fold_in(key, 2))
""",
        # different branches each consume once
        """
import jax

def sample(key, kind):
    if kind == "normal":
        return jax.random.normal(key)
    return jax.random.uniform(key)

sample(jax.random.key(0), "normal")
""",
        # the two arms of one conditional expression: one runs
        """
import jax

def draw(key, gaussian):
    return jax.random.normal(key, (2,)) if gaussian else jax.random.uniform(key, (2,))

draw(jax.random.key(0), len("ab") > 1)
""",
        # successive keys taken from an iterator, and from a generator that splits
        """
import jax

keys = iter(jax.random.split(jax.random.key(0), 4))
a = jax.random.normal(next(keys), (2,))
b = jax.random.uniform(next(keys), (2,))
for _ in range(2):
    c = jax.random.normal(next(keys), (2,))

def key_stream(key):
    while True:
        key, sub = jax.random.split(key)
        yield sub

stream = key_stream(jax.random.key(1))
d = jax.random.normal(next(stream), (2,))
e = jax.random.normal(next(stream), (2,))
""",
    )

    INVALID = (
        """
import jax

with jax.debug_key_reuse(True):
    key = jax.random.key(0)
    a = jax.random.normal(key, (3,))
    b = jax.random.uniform(key, (3,))  # expect: key-reuse-error
""",
        # a helper consumes the key it is given; called twice, the second call raises in it
        """
import jax

def noise(key, shape):
    return jax.random.normal(key, shape)  # expect: key-reuse-error

with jax.debug_key_reuse(True):
    key = jax.random.key(1)
    first = noise(key, (2,))
    second = noise(key, (2,))
""",
        # one key taken from an iterator, then drawn from twice
        """
import jax

with jax.debug_key_reuse(True):
    keys = iter(jax.random.split(jax.random.key(0), 4))
    sub = next(keys)
    a = jax.random.normal(sub, (2,))
    b = jax.random.uniform(sub, (2,))  # expect: key-reuse-error
""",
        # both arms of a conditional expression consume the key, and it is drawn from again
        """
import jax

def draw(key, gaussian):
    x = jax.random.normal(key, (2,)) if gaussian else jax.random.uniform(key, (2,))
    return x + jax.random.normal(key, (2,))  # expect: key-reuse-error

with jax.debug_key_reuse(True):
    draw(jax.random.key(0), len("ab") > 1)
""",
        # a test comparing two code paths on one key: deliberate, so a hint, not a warning (the
        # checker still raises)
        """
import jax
import numpy as np

def fast(key, n):
    return jax.random.normal(key, (n,))

def test_fast_matches_a_direct_draw():
    key = jax.random.key(0)
    got = fast(key, 3)
    expected = jax.random.normal(key, (3,))  # expect: key-reuse-error
    np.testing.assert_allclose(got, expected)

with jax.debug_key_reuse(True):
    test_fast_matches_a_direct_draw()
""",
        # a test making the same call again with the same key (a reset to one state): a hint
        """
import jax

def init(key):
    return jax.random.normal(key, (3,))  # expect: key-reuse-error

def test_reset_gives_the_first_state():
    key = jax.random.key(0)
    state = init(key)
    state = init(key)
    assert state.shape == (3,)

with jax.debug_key_reuse(True):
    test_reset_gives_the_first_state()
""",
        # a test giving the key again for another check, each draw compared on its own with
        # what the code under test gives: deliberate, a hint
        """
import jax
import numpy.testing as npt

def seeded(shape):
    return jax.random.normal(jax.random.key(0), shape)

def test_seeded():
    key = jax.random.key(0)
    npt.assert_allclose(jax.random.normal(key, (3,)), seeded((3,)))
    npt.assert_allclose(jax.random.normal(key, (2,)), seeded((2,)))  # expect: key-reuse-error

with jax.debug_key_reuse(True):
    test_seeded()
""",
        # a test running the same jitted call again on one key, the second run's result thrown
        # away ("to be sure it runs"): nothing drawn twice is read, a hint
        """
import jax
import jax.numpy as jnp

def unroll(state, key):
    return state + jax.random.normal(key, (3,))

def test_rollout_twice():
    key = jax.random.key(0)
    run = jax.jit(unroll)
    state = run(jnp.zeros(3), key)
    assert state.shape == (3,)
    run(state, key)  # expect: key-reuse-error

with jax.debug_key_reuse(True):
    test_rollout_twice()
""",
        # a test comparing two trees drawn from one key leaf by leaf (``jax.tree.map`` of a
        # comparison): two code paths compared, a hint
        """
import jax
import jax.numpy as jnp

def rollout(key):
    return {"a": jax.random.normal(key, (2,))}

def test_first_step_matches_manual():
    key = jax.random.key(7)
    acts = rollout(key)
    manual = {"a": jax.random.normal(key, (2,))}  # expect: key-reuse-error
    assert jax.tree.all(jax.tree.map(lambda s, m: bool(jnp.allclose(s, m)), acts, manual))

with jax.debug_key_reuse(True):
    test_first_step_matches_manual()
""",
        # a test whose two draws from one key are compared only by shape: not a comparison of
        # two implementations
        """
import jax

def test_shapes_agree():
    key = jax.random.key(0)
    x = jax.random.normal(key, (3,))
    y = jax.random.uniform(key, (3,))  # expect: key-reuse-error
    assert x.shape == y.shape

with jax.debug_key_reuse(True):
    test_shapes_agree()
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        if not program.facts.key_reuses:
            return
        jitted_calls = {
            called.site
            for called in program.calls_of(Transformed)
            if isinstance(called.callee, Transformed) and called.callee.transform in STAGING
        }
        calls = {call.site: call for call in program.facts.api_calls}
        # the hints come after the warnings: a place reused both on purpose and by accident
        # keeps its warning (one finding a place)
        deliberate_findings: list[Finding] = []
        for reuse in program.facts.key_reuses:
            deliberate = _comparison(reuse)
            reference = None if deliberate else _reference_redrawn(program, reuse, calls)
            recreated = _recreated(program, reuse, calls)
            unread = not recreated and _run_unread(program, reuse, calls)
            paired = _paired(program, reuse, calls)
            if reuse.via is not None and reuse.via in jitted_calls:
                # a jitted function checks its key arguments when it is called
                reuse = replace(reuse, site=reuse.via, via=None)
            node = reuse.site.node
            consumer = _consumer(node)
            places = []
            if reuse.loop is not None:
                how = "is consumed on every iteration of the loop without being split anew"
                places.append(related(program, reuse.loop, "the loop that reuses the key"))
            else:
                how = f"was already consumed on {program.line_name(reuse.first, reuse.site.module)}"
                places.append(related(program, reuse.first, "the key is first consumed here"))
            if reuse.via is not None:
                via = program.line_name(reuse.via, reuse.site.module)
                how += f", and reaches it again through the call on {via}"
                places.append(
                    related(program, reuse.via, "the key is consumed again through this call")
                )
            if reuse.key.typed:
                typed = (
                    "With key-reuse checking on (jax.debug_key_reuse(True)) this raises "
                    "KeyReuseError."
                )
            elif reuse.key.typed is None:
                typed = (
                    "For a typed key (jax.random.key), key-reuse checking "
                    "(jax.debug_key_reuse(True)) raises KeyReuseError here."
                )
            else:
                typed = (
                    "(A raw PRNGKey is not checked: JAX's key-reuse checker needs typed keys "
                    "from jax.random.key.)"
                )
            # reuse that is the point is told apart (a hint), not a warning: why, or None
            why: str | None = None
            if deliberate is not None:
                # two implementations checked against each other on one key
                compared = Site(reuse.first.module, reuse.first.tree, deliberate)
                places.append(related(program, compared, "the two draws are compared here"))
                why = (
                    f"what the two draws give is compared on "
                    f"{program.line_name(compared, reuse.site.module)} (two code paths checked "
                    "against each "
                    f"other on one key). {typed} If the comparison should run under the "
                    "checker, give each path a copy of the key (`jax.random.clone(key)`)."
                )
            elif reference is not None:
                # a test giving the key again for another check, each draw compared on its own
                compared = Site(reuse.first.module, reuse.first.tree, reference)
                places.append(related(program, compared, "the second draw is checked here"))
                why = (
                    "the test gives the same key again for another check, and each draw is "
                    "compared on its own (this one on "
                    f"{program.line_name(compared, reuse.site.module)}). "
                    f"{typed} If the checks should run under the checker, give each a copy "
                    "of the key (`jax.random.clone(key)`)."
                )
            elif recreated:
                # a test making the same thing again from the same key (an environment reset
                # to one state, the same data regenerated)
                why = (
                    "the test makes the same call again with the same key, which makes the same "
                    f"values again. {typed} If that is the point, give the call a copy of "
                    "the key (`jax.random.clone(key)`) to keep it under the checker."
                )
            elif unread:
                # a test running the same code again on one key, one run's result thrown away
                why = (
                    "the test runs the same call twice with the same key and keeps nothing of "
                    "one of the runs (a warm-up, or a second run to see that it runs), so no "
                    f"value drawn twice is read. {typed} To keep the runs under the checker, "
                    "give one of them a copy of the key (`jax.random.clone(key)`)."
                )
            elif paired is not None:
                # one permutation for arrays that must stay paired
                why = (
                    f"{paired} {typed} To keep the pairing without reusing the key, permute "
                    "the indices once (`order = jax.random.permutation(key, n)`) and index "
                    "each array with `order`."
                )
            if why is not None:
                deliberate_findings.append(
                    finding(
                        self,
                        record,
                        program,
                        reuse.site,
                        f"{consumer} consumes a key that {how}; the reuse looks deliberate: {why}",
                        tuple(places),
                        severity="hint",
                    )
                )
                continue
            advice = _intended(program, reuse, calls) or "Split the key and use each part once."
            yield finding(
                self,
                record,
                program,
                reuse.site,
                f"{consumer} consumes a key that {how}: reusing a key gives correlated (often "
                f"identical) random numbers. {typed} {advice}",
                tuple(places),
                severity="warning",
            )
        yield from deliberate_findings


#: Samplers that reorder their argument: one key gives two of them the same reordering.
_PERMUTERS = frozenset({"jax.random.permutation", "jax.random.shuffle"})


def _paired(program: Program, reuse: KeyReuse, calls: dict[Site, ApiCall]) -> str | None:
    """Why one key permuting different arrays is deliberate (the same permutation keeps them
    paired, images and labels say), or None: a loop's permuter given a new array on each pass,
    or two permuters given different arrays."""
    if reuse.loop is not None:
        call = calls.get(reuse.site)
        if call is None or call.api.name not in _PERMUTERS:
            return None
        return (
            "one key gives every array the loop permutes the same permutation, which keeps them "
            "paired (splitting the key would unpair them)."
        )
    first, second = _consumptions(reuse, calls)
    if first is None or second is None:
        return None
    if first.api.name not in _PERMUTERS or second.api.name not in _PERMUTERS:
        return None
    one, other = first.nodes.get("x"), second.nodes.get("x")
    if one is None or other is None or ast.dump(one) == ast.dump(other):
        return None
    return (
        f"one key gives `{program.text(first.site, one)}` and "
        f"`{program.text(second.site, other)}` the same permutation, which keeps them paired "
        "(splitting the key would unpair them)."
    )


def _consumptions(
    reuse: KeyReuse, calls: dict[Site, ApiCall]
) -> tuple[ApiCall | None, ApiCall | None]:
    """The two samplers as JAX sees them (the first inside the helpers it went through)."""
    if reuse.key.identity is None:
        return None, None
    first_site = reuse.frame.innermost.get(reuse.key.identity, reuse.first)
    return calls.get(first_site), calls.get(reuse.site)


def _intended(program: Program, reuse: KeyReuse, calls: dict[Site, ApiCall]) -> str | None:
    """What to say when the reuse may be intended (see the module docstring), else None."""
    if reuse.loop is not None:
        return None
    first, second = _consumptions(reuse, calls)
    if first is None or second is None or first.api.name in _PERMUTERS:
        return None
    if first.api.name == second.api.name and _in_test(program, reuse):
        return (
            f"The reuse may be intended: a test redrawing, from the key it gave the code under "
            f"test, the values that code drew (`{second.api.short}` both times) gets the same "
            "numbers (splitting the key would change them). If so, silence this line."
        )
    return None


def _in_test(program: Program, reuse: KeyReuse) -> bool:
    """Whether the frame that reuses the key is a test (a ``test*`` function or method, or a
    function of a ``test_*.py`` / ``*_test.py`` module)."""
    function = reuse.frame.function
    if function is not None and getattr(function.node, "name", "").startswith("test"):
        return True
    path = program.path_of(reuse.site)  # the reuse is in the frame's own module
    return path is not None and (path.name.startswith("test_") or path.stem.endswith("_test"))


def _consumer(node: ast.AST) -> str:
    if isinstance(node, ast.Call):
        return f"`{source(node.func)}(...)`"
    return "This call"


#: Calls that compare what they are given (assertions of tests, ``allclose`` and the like).
_COMPARING = re.compile(r"assert|allclose|isclose|array_equal|equal|close", re.IGNORECASE)
#: What a comparison may read of two arrays without comparing their values.
_METADATA = frozenset({"shape", "dtype", "ndim", "size", "sharding", "aval", "weak_type"})
_METADATA_CALLS = frozenset({"len", "type", "shape", "ndim", "isinstance", "result_type"})


def _comparison(reuse: KeyReuse) -> ast.AST | None:
    """The comparison that makes the reuse deliberate, or None: one of its operands is drawn
    from the key at its first consumption and another at its second (an ``==``/``!=``, or a call
    such as ``assert_allclose`` or ``jnp.allclose``), the draws given directly or through names
    assigned from them, each operand reading one side only.  Comparing two implementations on
    one key needs the one key; a property checked of both draws mixed (``0 <= loss``) is no such
    comparison, and neither is a loop's reuse."""
    return _compared(reuse, apart=False)


def _reference_redrawn(
    program: Program, reuse: KeyReuse, calls: dict[Site, ApiCall]
) -> ast.AST | None:
    """The comparison of the second draw when a test gives one key again for another check,
    or None: in a test, what each consumption drew is an operand of a comparison of its own,
    against something not drawn at the other (``assert_array_equal(fun(key, n), alt(n)[0])``
    again for the next check, or the code under test and a reference each checked), and the
    two consumers are the same callable or not both samplers.  Two different samplers given
    one key draw correlated values whatever the test checks of each; draws that meet in one
    operand (``f(x, noise)``) are no reference either."""
    second = reuse.via if reuse.via is not None else reuse.site
    if not _in_test(program, reuse):
        return None
    if reuse.first in calls and second in calls and not _same_callable(reuse.first, second, calls):
        return None
    return _compared(reuse, apart=True)


def _same_callable(first: Site, second: Site, calls: dict[Site, ApiCall]) -> bool:
    one, other = first.node, second.node
    if not isinstance(one, ast.Call) or not isinstance(other, ast.Call):
        return False
    if ast.dump(one.func) == ast.dump(other.func):
        return True
    first_api, second_api = calls.get(first), calls.get(second)
    return (
        first_api is not None
        and second_api is not None
        and first_api.api.name == second_api.api.name
    )


def _compared(reuse: KeyReuse, apart: bool) -> ast.AST | None:
    """Where the two draws are compared: with each other (one operand reads the first draw
    only, another the second only), or, with ``apart``, each on its own against something
    else (the comparison of the second draw, once both were); never a comparison an operand of
    which mixes the two draws, nor a loop's reuse."""
    second = reuse.via if reuse.via is not None else reuse.site
    first = reuse.first
    if reuse.loop is not None or first.tree is not second.tree or first.node is second.node:
        return None
    parents = {
        child: parent for parent in ast.walk(first.tree) for child in ast.iter_child_nodes(parent)
    }
    sides = (
        _Side(first.node, set(_assigned_by(first.node, parents))),
        _Side(second.node, set(_assigned_by(second.node, parents))),
    )
    for side in sides:
        side.direct = frozenset(side.names)
    body = _function_body(first.node, parents)
    statements = body if body is not None else [_statement_of(first.node, parents)]
    compared_alone = [False, False]
    for statement in statements:
        if statement is None:
            continue
        for node in ast.walk(statement):
            reads = _reads(node, sides, parents)
            if (True, False) in reads and (False, True) in reads:
                return node
            if not apart or (True, True) in reads:
                continue
            drawn = _operands_as_drawn(node, sides, parents)
            compared_alone[0] |= (True, False) in reads and drawn[0]
            if (False, True) in reads and drawn[1]:
                compared_alone[1] = True
                if compared_alone[0]:
                    return node
        if isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign):
            if statement.value is None:
                continue
            targets: list[ast.expr] = (
                statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            )
            for assigned, value in _assignments(targets, statement.value):
                read = _values_named(value, parents)
                for side in sides:
                    if read & side.names or _contains(value, side.call):
                        side.names |= assigned
    return None


def _assignments(targets: list[ast.expr], value: ast.expr) -> list[tuple[set[str], ast.expr]]:
    """The names an assignment binds, each with the expression it takes its value from:
    ``a, b = x[0], y[0]`` binds ``a`` from ``x[0]`` and ``b`` from ``y[0]`` (item by item, when
    one tuple or list target meets a tuple or list of as many items, none starred); any other
    assignment binds all its names from its whole value."""
    if (
        len(targets) == 1
        and isinstance(targets[0], ast.Tuple | ast.List)
        and isinstance(value, ast.Tuple | ast.List)
        and len(targets[0].elts) == len(value.elts)
        and not any(isinstance(e, ast.Starred) for e in (*targets[0].elts, *value.elts))
    ):
        pairs: list[tuple[set[str], ast.expr]] = []
        for target, item in zip(targets[0].elts, value.elts, strict=True):
            pairs.extend(_assignments([target], item))
        return pairs
    return [({n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}, value)]


def _recreated(program: Program, reuse: KeyReuse, calls: dict[Site, ApiCall]) -> bool:
    """Whether a test makes the same call of a function of its package twice with the same key:
    both consumptions, seen in the test's frame, are calls spelled alike (``state = init(key)``
    again), so the second makes what the first made.  A loop's reuse never is."""
    second = reuse.via if reuse.via is not None else reuse.site
    if second in calls:
        return False  # two samplers spelled alike: the hedge of ``_intended`` says the rest
    first, other = reuse.first.node, second.node
    if reuse.loop is not None or first is other or not _in_test(program, reuse):
        return False
    if not isinstance(first, ast.Call) or not isinstance(other, ast.Call):
        return False
    return ast.dump(first) == ast.dump(other)


def _run_unread(program: Program, reuse: KeyReuse, calls: dict[Site, ApiCall]) -> bool:
    """Whether a test runs the same code twice on one key and reads what one of the runs gave
    nothing of: both consumptions, seen in the test's frame, call one callable spelled alike (no
    sampler of ``jax.random``), and one of the two calls is a statement of its own whose result
    is thrown away (a warm-up before the run that is checked, or a second run "to be sure it
    runs"), so no draw of it meets the other.  A loop's reuse never is."""
    second = reuse.via if reuse.via is not None else reuse.site
    first, other = reuse.first.node, second.node
    if reuse.loop is not None or first is other or second in calls or reuse.first in calls:
        return False
    if reuse.first.tree is not second.tree:
        return False
    if not isinstance(first, ast.Call) or not isinstance(other, ast.Call):
        return False
    if ast.dump(first.func) != ast.dump(other.func) or not _in_test(program, reuse):
        return False
    parents = {
        child: parent
        for parent in ast.walk(reuse.first.tree)
        for child in ast.iter_child_nodes(parent)
    }
    return _thrown_away(first, parents) or _thrown_away(other, parents)


def _thrown_away(call: ast.Call, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether the statement holding ``call`` only evaluates it (``f(key)``, or
    ``jax.block_until_ready(f(key))`` / ``f(key).block_until_ready()``) and keeps nothing."""
    parent = parents.get(call)
    if isinstance(parent, ast.Attribute) and parent.attr == "block_until_ready":
        outer = parents.get(parent)
        if isinstance(outer, ast.Call) and outer.func is parent and not outer.args:
            call, parent = outer, parents.get(outer)
    elif (
        isinstance(parent, ast.Call)
        and _called_name(parent.func) == "block_until_ready"
        and len(parent.args) == 1
        and parent.args[0] is call
        and not parent.keywords
    ):
        call, parent = parent, parents.get(parent)
    return isinstance(parent, ast.Expr) and parent.value is call


@dataclass
class _Side:
    """One consumption of the key: its call, and the names that hold what it drew."""

    call: ast.AST
    names: set[str]
    #: The names the consuming statement itself assigns (what it drew, as drawn).
    direct: frozenset[str] = frozenset()


def _reads(
    node: ast.AST, sides: tuple[_Side, ...], parents: dict[ast.AST, ast.AST]
) -> list[tuple[bool, ...]]:
    """For each operand of ``node`` when it compares values (none otherwise): which sides'
    draws it reads."""
    operands = _operands(node)
    if len(operands) < 2:
        return []
    reads = []
    for operand in operands:
        named = _values_named(operand, parents)
        reads.append(
            tuple(bool(named & side.names) or _contains(operand, side.call) for side in sides)
        )
    return reads


def _operands_as_drawn(
    node: ast.AST, sides: tuple[_Side, ...], parents: dict[ast.AST, ast.AST]
) -> tuple[bool, ...]:
    """For each side: whether ``node`` checks what it drew as a reference: one operand holds
    the draw as drawn (the consuming call, or a name its statement assigns, given to no other
    call on the way: ``1.0 + normal(key)``, not ``f(x)``) and no other operand reads it.  A
    draw handed to the code under test is an input to what is checked, not a reference."""
    held = []
    for side in sides:
        reading = [
            operand
            for operand in _operands(node)
            if _values_named(operand, parents) & side.names or _contains(operand, side.call)
        ]
        held.append(len(reading) == 1 and _as_drawn(reading[0], side, parents))
    return tuple(held)


def _as_drawn(operand: ast.expr, side: _Side, parents: dict[ast.AST, ast.AST]) -> bool:
    if not (_values_named(operand, parents) & side.direct or _contains(operand, side.call)):
        return False
    for call in ast.walk(operand):
        if not isinstance(call, ast.Call) or call is side.call:
            continue
        for argument in (*call.args, *(k.value for k in call.keywords)):
            named = {n.id for n in ast.walk(argument) if isinstance(n, ast.Name)}
            if _contains(argument, side.call) or named & side.names:
                return False
    return True


def _operands(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Compare):
        if all(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops):
            return [node.left, *node.comparators]
        return []
    if isinstance(node, ast.Call):
        name = _called_name(node.func)
        if _COMPARING.search(name):
            return [*node.args, *(k.value for k in node.keywords)]
        if name in _TREE_MAPS and node.args:
            return _leafwise_operands(node)
    return []


#: The calls that apply a function to the leaves of trees (``jax.tree.map(f, a, b)``).
_TREE_MAPS = frozenset({"map", "tree_map"})


def _called_name(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _leafwise_operands(node: ast.Call) -> list[ast.expr]:
    """The trees a tree map compares leaf by leaf: its function compares (an ``allclose``-like
    callable, a ``functools.partial`` of one, or a lambda whose body compares its parameters)
    and the trees it is given are the comparison's operands (``jax.tree.map(lambda s, m:
    jnp.allclose(s[0], m), acts, manual)`` compares ``acts`` with ``manual``)."""
    function, trees = node.args[0], node.args[1:]
    if isinstance(function, ast.Call) and _called_name(function.func) == "partial":
        function = function.args[0] if function.args else function
    if not isinstance(function, ast.Lambda):
        return list(trees) if _COMPARING.search(_called_name(function)) else []
    parameters = [a.arg for a in function.args.args]
    parents = {
        child: parent for parent in ast.walk(function) for child in ast.iter_child_nodes(parent)
    }
    for inner in ast.walk(function.body):
        operands = _operands(inner)
        read = [_values_named(operand, parents) & set(parameters) for operand in operands]
        read = [names for names in read if names]  # (a tolerance, a constant)
        if all(len(names) == 1 for names in read):
            positions = {parameters.index(next(iter(names))) for names in read}
            if len(positions) >= 2:
                return [trees[i] for i in sorted(positions) if i < len(trees)]
    return []


def _contains(tree: ast.AST, node: ast.AST) -> bool:
    return any(child is node for child in ast.walk(tree))


def _values_named(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> set[str]:
    """The names whose values ``node`` reads (``x.shape`` reads none of ``x``'s values)."""
    names = set()
    for name in ast.walk(node):
        if not isinstance(name, ast.Name):
            continue
        parent = parents.get(name)
        if isinstance(parent, ast.Attribute) and parent.attr in _METADATA:
            continue
        if isinstance(parent, ast.Call) and name in parent.args:
            func = parent.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in _METADATA_CALLS:
                continue
        names.add(name.id)
    return names


def _statement_of(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> ast.stmt | None:
    current: ast.AST | None = node
    while current is not None and not isinstance(current, ast.stmt):
        current = parents.get(current)
    return current


def _assigned_by(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> list[str]:
    """The names the statement of a consuming call assigns from it."""
    statement = _statement_of(node, parents)
    if isinstance(statement, ast.Assign):
        return [n.id for t in statement.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
        return [statement.target.id]
    return []


def _function_body(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> list[ast.stmt] | None:
    current = parents.get(node)
    while current is not None:
        if isinstance(current, ast.FunctionDef | ast.AsyncFunctionDef):
            return _statements(current.body)
        current = parents.get(current)
    return None


def _statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of a body in order, those nested in compound statements after their
    header's (a ``with`` block's assertions count)."""
    found: list[ast.stmt] = []
    for statement in body:
        found.append(statement)
        for field_name in ("body", "orelse", "finalbody"):
            nested = getattr(statement, field_name, None)
            if isinstance(nested, list):
                found.extend(_statements([n for n in nested if isinstance(n, ast.stmt)]))
    return found
