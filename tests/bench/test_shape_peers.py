"""The shape corpus side by side (``python -m bench.shape_peers``): which programs it takes and
how a tool's findings are scored."""

from __future__ import annotations

from pathlib import Path

from bench.realbugs import Report, ToolRun
from bench.recall import Expectation, Program, shape_rules
from bench.shape_peers import shape_programs, tally


def test_it_takes_every_single_file_program_of_the_shape_rules_and_only_those() -> None:
    programs = shape_programs()
    rules = shape_rules()
    assert {program.rule for program in programs} == rules
    assert not any(program.is_project for program in programs)
    assert {program.label for program in programs} == {"positive", "negative"}


def _program(path: Path, label: str, lines: tuple[int, ...] = ()) -> Program:
    expectations = frozenset(Expectation(path.name, line, "code") for line in lines)
    return Program(path, "reshape-size-mismatch", label, ("direct",), expectations)


def test_a_positive_needs_every_expected_line_and_any_finding_flags_a_negative(
    tmp_path: Path,
) -> None:
    both = _program(tmp_path / "both.py", "positive", (2, 6))  # 0-based: lines 3 and 7
    one = _program(tmp_path / "one.py", "positive", (2, 6))
    quiet = _program(tmp_path / "quiet.py", "negative")
    noisy = _program(tmp_path / "noisy.py", "negative")
    run = ToolRun(
        "t",
        "1",
        reports={
            str(both.path): Report({3: "a", 7: "b", 9: "c"}),
            str(one.path): Report({3: "a"}),
            str(noisy.path): Report({1: "x"}),
        },
    )
    result = tally([both, one, quiet, noisy], run)
    assert result.caught == [both.name]
    assert result.missed == [one.name]
    assert result.flagged == [noisy.name]
    assert result.elsewhere == [both.name]


def test_a_tool_that_did_not_run_scores_nothing(tmp_path: Path) -> None:
    program = _program(tmp_path / "p.py", "positive", (0,))
    result = tally([program], ToolRun("t", "", "not installed"))
    assert (result.caught, result.missed, result.unavailable) == ([], [], "not installed")
