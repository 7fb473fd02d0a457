"""Files too big to analyse (a line over ``maxLineLength``, a file over ``maxFileBytes``) get one
notice saying why instead of an analysis, over stdio and in ``jaxlsp check``; other files are
answered meanwhile."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from jaxlsp.config import DEFAULT_MAX_LINE_LENGTH
from jaxlsp.lsp.convert import NOT_ANALYSED_CODE
from tests.conftest import run_jaxlsp
from tests.lsp._session import REPO, SYMBOLIC_ZEROS, session

SYMBOLIC_SOURCE = (REPO / "tests/reproducers/custom_vjp_symbolic_zeros_shard_map.py").read_text(
    "utf-8"
)
#: A module with one string literal longer than the default line limit (a minified file).
MINIFIED = f"import jax\nDATA = {'x' * (DEFAULT_MAX_LINE_LENGTH + 10)!r}\n"
#: As many `;`-joined statements on one line.
JOINED = "import jax\n" + "; ".join(f"a{i} = {i}" for i in range(DEFAULT_MAX_LINE_LENGTH // 8))


def _is_notice(diagnostic: types.Diagnostic) -> bool:
    return diagnostic.code == NOT_ANALYSED_CODE and diagnostic.source == "jaxlsp"


async def test_a_line_over_the_limit_gets_one_notice_and_other_files_are_still_answered(
    tmp_path: Path,
) -> None:
    async with session() as s:
        plain = s.open(tmp_path / "plain.py", SYMBOLIC_SOURCE)
        assert [d.code for d in await s.client.diagnostics_for(plain, 1)] == [SYMBOLIC_ZEROS]
        for name, text in (("minified.py", MINIFIED), ("joined.py", JOINED)):
            uri = s.open(tmp_path / name, text)
            [notice] = await s.client.diagnostics_for(uri, 1)
            assert _is_notice(notice), notice
            assert notice.severity == types.DiagnosticSeverity.Information
            assert "line 2 is" in notice.message
            assert f"maxLineLength is {DEFAULT_MAX_LINE_LENGTH:,}" in notice.message
            assert await s.hover(uri, 1, 3) is None  # nothing analysed, nothing to say
        assert any("not analysed: line 2" in m.message for m in s.client.log_messages)
        finding = (await s.client.diagnostics_for(plain, 1))[0].range.start
        hover = await s.hover(plain, finding.line, finding.character + 1)
        assert hover is not None  # the other file is answered as before


async def test_the_limits_are_settings_and_an_edit_under_them_is_analysed_again(
    tmp_path: Path,
) -> None:
    limit = len(SYMBOLIC_SOURCE.encode()) + 10
    padding = "#" * 50 + "\n"
    start = types.Position(line=0, character=0)
    async with session(settings={"maxFileBytes": limit}) as s:
        uri = s.open(tmp_path / "big.py", padding + SYMBOLIC_SOURCE)
        [notice] = await s.client.diagnostics_for(uri, 1)
        assert _is_notice(notice)
        assert f"maxFileBytes is {limit:,}" in notice.message
        # The padding line deleted: under the limit, so analysed.
        version = s.change(uri, types.Range(start=start, end=types.Position(1, 0)), "")
        codes = [d.code for d in await s.client.diagnostics_for(uri, version)]
        assert codes == [SYMBOLIC_ZEROS]
        # And back over the limit: the notice again, the finding gone.
        version = s.change(uri, types.Range(start=start, end=start), padding)
        [again] = await s.client.diagnostics_for(uri, version)
        assert _is_notice(again)


async def test_a_bad_limit_is_reported_and_the_default_used(tmp_path: Path) -> None:
    async with session(settings={"maxLineLength": -5}) as s:
        uri = s.open(tmp_path / "minified.py", MINIFIED)
        [notice] = await s.client.diagnostics_for(uri, 1)
        assert _is_notice(notice)
        assert f"maxLineLength is {DEFAULT_MAX_LINE_LENGTH:,}" in notice.message
        assert any("'maxLineLength' must be" in m.message for m in s.client.log_messages)


def test_check_reports_such_files_as_not_analysed(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "minified.py").write_text(MINIFIED, encoding="utf-8")
    (tmp_path / "finding.py").write_text(SYMBOLIC_SOURCE, encoding="utf-8")
    result = run_jaxlsp("check", str(tmp_path))
    assert result.returncode == 1
    lines = sorted(result.stdout.splitlines())
    assert any(SYMBOLIC_ZEROS in line and "finding.py" in line for line in lines)
    [skipped] = [line for line in lines if "minified.py" in line]
    assert "not analysed: line 2 is" in skipped and "maxLineLength" in skipped
    (tmp_path / "pyproject.toml").write_text(
        f"[tool.jaxlsp]\nmaxLineLength = {DEFAULT_MAX_LINE_LENGTH * 2}\nmaxFileBytes = 100000\n"
    )
    again = run_jaxlsp("check", str(tmp_path / "minified.py"))
    assert again.returncode == 0, again.stdout + again.stderr  # analysed: nothing to report
    (tmp_path / "pyproject.toml").write_text("[tool.jaxlsp]\nmaxFileBytes = 500\n")
    small_limit = run_jaxlsp("check", "--format", "json", str(tmp_path / "finding.py"))
    assert "maxFileBytes is 500" in small_limit.stdout
