"""``bench.run --repeat N``: N sessions per server on every size, the large file included, so a
budget is judged on the percentiles of all their samples pooled."""

from __future__ import annotations

from bench.report import summarise
from bench.run import _parser, sessions_per_size
from bench.session import Latencies, SessionResult


def _sessions(*arguments: str) -> list[int]:
    rounds = sessions_per_size(_parser().parse_args(list(arguments)))
    return [rounds(lines) for lines in (200, 2000, 20000)]


def test_repeat_gives_every_size_that_many_sessions() -> None:
    assert _sessions("--repeat", "5") == [5, 5, 5]
    assert _sessions() == [3, 3, 1]
    assert _sessions("--quick") == [2, 2, 1]
    assert _sessions("--repeat", "5", "--repeat-large", "2") == [5, 5, 2]


def test_the_sessions_of_a_size_are_pooled_into_one_percentile() -> None:
    sessions = []
    for slow in (0.001, 0.001, 0.009):
        result = SessionResult("jaxlsp", "bench.py", lines=20000, requested_lines=20000)
        result.hover = Latencies(samples=[0.001] * 99 + [slow])
        sessions.append(result)
    hover = summarise(sessions)["jaxlsp"][20000]["hover"]
    assert hover["n"] == 300
    assert hover["max_s"] == 0.009
    assert hover["p99_s"] < 0.009  # one slow sample in 300 is not the 99th percentile
