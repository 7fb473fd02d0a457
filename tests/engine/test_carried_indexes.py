"""The indexes of facts a program makes for the rules (``Program.broken_calls``, ``made_by``,
``calls_of``...): an importer re-checked after an edit to a module it imports replaces a run
or two of its analysis, and takes from its last analysis each index none of the replaced
runs' facts (as they were, and as they are now) belongs to (``Program.carry``).

What must hold: each index of the re-checked program is, fact for fact, the one made afresh
from its facts, whether it was carried (an edit whose facts are none of its kind) or made
again (an edit that adds or takes away a broken call, a vmap, a call of a vmapped function);
and the findings are a fresh analysis's.
"""

from __future__ import annotations

from pathlib import Path

from jaxlsp.engine import Analysis, Engine
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import CustomDerivative, Kernel, Transformed, Value
from jaxlsp.infer.workspace import Workspace
from tests.engine.test_incremental import ENGINE, assert_same_as_fresh_project

OPS_VERSIONS = [
    "import jax\nimport jax.numpy as jnp\n\n\ndef helper(x):\n    return jnp.sin(x)\n",
    # a body edit whose facts are none that an index selects
    "import jax\nimport jax.numpy as jnp\n\n\ndef helper(x):\n    return jnp.cos(x) * 2.0\n",
    # one that makes a vmap whose in_axes breaks its contract, and calls what it made
    "import jax\nimport jax.numpy as jnp\n\n\ndef helper(x):\n"
    '    return jax.vmap(lambda a: a, in_axes={"a": 0})(x)\n',
    # one that makes a vmap that holds, and calls it
    "import jax\nimport jax.numpy as jnp\n\n\ndef helper(x):\n"
    "    return jax.vmap(lambda a: a * 2.0)(x)\n",
]

IMPORTER = """import jax
import jax.numpy as jnp

import ops


def run(x):
    return ops.helper(x) + 1.0


@jax.jit
def step(x):
    return x * 2.0


twice = jax.vmap(lambda a: a, in_axes=(0, 0))
twice(jnp.ones((2, 3)))
step(jnp.ones(3))
"""

KINDS: tuple[type[Value], ...] = (Transformed, Kernel, CustomDerivative)


def _ids(found: object) -> list[object]:
    """An index's entries by identity (a fact, or a fact and how it breaks)."""
    assert isinstance(found, list | tuple)
    return [
        tuple(id(part) for part in entry) if isinstance(entry, tuple) else id(entry)
        for entry in found
    ]


def _indexes(program: Program) -> dict[str, list[object]]:
    """Every index the rules read of ``program``, each asked (made, or taken as carried)."""
    facts = program.facts
    apis = {made.api for made in facts.made} | {"jax.jit", "jax.vmap"}
    kinds = {v.kind for call in facts.api_calls for v in call.violations} | {"in-axes-type"}
    found: dict[str, list[object]] = {"broken": _ids(program.broken_calls())}
    found.update({f"violations {kind}": _ids(program.violations(kind)) for kind in kinds})
    found.update({f"made_by {api}": _ids(program.made_by(api)) for api in sorted(apis)})
    found.update({f"calls_of {kind.__name__}": _ids(program.calls_of(kind)) for kind in KINDS})
    wrap_kinds = {v.kind for made in facts.made for v in made.violations}
    found.update({f"wrap {kind}": _ids(program.wrap_violations(kind)) for kind in wrap_kinds})
    call_kinds = {v.kind for called in facts.called for v in called.violations}
    found.update({f"call {kind}": _ids(program.call_violations(kind)) for kind in call_kinds})
    return found


def _fresh_indexes(program: Program) -> dict[str, list[object]]:
    """The same indexes made afresh from the program's facts."""
    return _indexes(Program(program.module, program.interpreter, program.line_names))


def test_a_re_checked_importer_s_indexes_are_those_made_afresh(tmp_path: Path) -> None:
    ops, importer = tmp_path / "ops.py", tmp_path / "train.py"
    texts = {ops: OPS_VERSIONS[0], importer: IMPORTER}
    engine = Engine(ENGINE.records, Workspace([tmp_path]))
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
        engine.workspace.set_document(path, text)
    analyses: dict[Path, Analysis] = {
        path: engine.analyze(text, str(path)) for path, text in texts.items()
    }
    carried_vmaps: list[bool] = []
    for version in (1, 2, 0, 1, 3, 1, 2):
        texts[ops] = OPS_VERSIONS[version]
        engine.workspace.set_document(ops, texts[ops])
        analyses[ops] = engine.analyze(texts[ops], str(ops), previous=analyses[ops])
        before = analyses[importer].program
        assert before is not None
        kept_vmaps = before.made_by("jax.vmap")
        kept_broken = before.broken_calls()
        analyses[importer] = engine.analyze(
            texts[importer], str(importer), previous=analyses[importer]
        )
        after = analyses[importer].program
        assert after is not None and after is not before
        assert after.interpreter.kept > 0, "the importer was analysed afresh, not re-checked"
        assert _indexes(after) == _fresh_indexes(after), f"version {version}"
        assert_same_as_fresh_project(tmp_path, texts, analyses[importer])
        carried_vmaps.append(after.made_by("jax.vmap") is kept_vmaps)
        if version == 1:
            # nothing the edit's run made is any index's: each is the last analysis's
            assert after.broken_calls() is kept_broken
    # the vmaps the edits made and took away were indexed again; the others carried
    assert carried_vmaps == [True, False, False, True, False, False, False]
    # the importer's own vmap that breaks its contract is found, and the one of ops
    assert "vmap-in-axes-length" in {f.rule for f in analyses[importer].findings}
    assert "vmap-in-axes-length" in {f.rule for f in analyses[importer].elsewhere}
