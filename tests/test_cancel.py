"""``CancelToken`` and ``Engine.analyze(..., cancel=...)``: an analysis stops between statements."""

from __future__ import annotations

import threading
from typing import Any

import pytest

import jaxlsp.engine as engine_module
from jaxlsp.cancel import AnalysisCancelled, CancelToken
from jaxlsp.engine import Engine
from jaxlsp.infer.interpreter import Interpreter
from jaxlsp.records.load import RecordSet

SOURCE = (
    "import jax\n\n@jax.custom_vjp\ndef f(x):\n    return x\n\n"
    "def fwd(x):\n    return x, None\n\ndef bwd(_, g):\n    return (g,)\n\n"
    "f.defvjp(fwd, bwd, symbolic_zeros=True)\n"
    "mesh = jax.make_mesh((1,), ('i',))\n"
    "jax.shard_map(f, mesh=mesh, in_specs=None, out_specs=None)(1.0)\n"
)


def test_a_token_is_a_one_way_flag() -> None:
    token = CancelToken()
    assert not token.cancelled
    token.check()  # not cancelled: returns
    token.cancel()
    token.cancel()  # idempotent
    assert token.cancelled
    with pytest.raises(AnalysisCancelled):
        token.check()


def test_an_uncancelled_token_changes_nothing() -> None:
    engine = Engine()
    plain = engine.analyze(SOURCE, "m.py")
    with_token = engine.analyze(SOURCE, "m.py", cancel=CancelToken())
    assert plain.findings and with_token.findings == plain.findings


def test_a_cancelled_token_stops_the_analysis_before_it_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    real = engine_module.analyze

    def spy(*args: Any) -> Any:
        calls.append("interpret")
        return real(*args)

    monkeypatch.setattr(engine_module, "analyze", spy)
    token = CancelToken()
    token.cancel()
    with pytest.raises(AnalysisCancelled):
        Engine(RecordSet()).analyze(SOURCE, cancel=token)
    assert calls == []


def test_a_token_cancelled_while_the_code_runs_stops_between_statements(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cancelled from another thread while the interpreter runs the module (as the server does
    on didClose): the statements after it, and the rules, never run."""
    token = CancelToken()
    ran: list[str] = []
    real_statement = Interpreter.exec_statement
    real_rules = engine_module.run_rules

    def statement(self: Interpreter, node: Any, frame: Any, state: Any) -> None:
        ran.append(type(node).__name__)
        if len(ran) == 3:
            canceller = threading.Thread(target=token.cancel)
            canceller.start()
            canceller.join()
        real_statement(self, node, frame, state)

    def rules(*args: Any, **kwargs: Any) -> Any:
        ran.append("rules")
        return real_rules(*args, **kwargs)

    monkeypatch.setattr(Interpreter, "exec_statement", statement)
    monkeypatch.setattr(engine_module, "run_rules", rules)
    with pytest.raises(AnalysisCancelled):
        Engine().analyze(SOURCE, cancel=token)
    assert "rules" not in ran
    assert len(ran) == 3  # the top-level statement running when it was cancelled was the last
