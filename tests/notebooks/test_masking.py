"""IPython syntax masked in place, and a notebook's cells as one module with a two-way map."""

from __future__ import annotations

import ast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jaxlsp.engine import Engine
from jaxlsp.findings import Position, Span, TextEdit
from jaxlsp.notebooks.ipython import mask_ipython
from jaxlsp.notebooks.layout import NotebookModule


@pytest.mark.parametrize(
    ("cell", "masked"),
    [
        ("%matplotlib inline\nimport jax", "pass\nimport jax"),
        ("!pip install -q jax\nx = 1", "pass\nx = 1"),
        ("files = !ls\nprint(files)", "files = _\nprint(files)"),
        ("a, b = %sx echo 1 2", "a, b = _"),
        ("jnp.sum?\n??jnp.sum\njnp.sum??", "pass\npass\npass"),
        ("%time y = f(x)", "pass; y = f(x)"),
        ("%timeit  y = f(x)", "pass;    y = f(x)"),
        ("%timeit -n 3 f(x)", "pass"),
        ("for i in range(3):\n    !echo $i\n", "for i in range(3):\n    pass\n"),
        ("%%time\nx = 1\n!ls", "pass\nx = 1\npass"),
        ("\n%%bash\necho hi\nls", "\n\n\n"),
        ("%%writefile helper.py\nimport os\n", "\n\n"),
        ("%load_ext autoreload \\\n  more\nx = 1", "pass\n\nx = 1"),
        ("/print 1\n,f a b\n;g a", "pass\npass\npass"),
    ],
)
def test_ipython_lines_are_masked_and_python_is_kept(cell: str, masked: str) -> None:
    result = mask_ipython(cell)
    assert result.text == masked
    ast.parse(result.text)
    changed = {
        n
        for n, (a, b) in enumerate(zip(cell.split("\n"), masked.split("\n"), strict=True))
        if a != b
    }
    assert result.masked_lines == changed


@pytest.mark.parametrize(
    "cell",
    [
        "x = (a\n     %b)",  # a modulo inside brackets
        "s = '''\n%not a magic\n!nor this\n'''",
        "t = x \\\n    % 3",
        "y = a if b else c  # really?",
        'q = "what?"',
        "if a != b:\n    pass",
    ],
)
def test_python_that_looks_like_ipython_is_left_alone(cell: str) -> None:
    result = mask_ipython(cell)
    assert result.text == cell
    assert not result.masked_lines


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["%time f(x)", "!ls", "x = 1", "x?", "", "    y", "z = !a"])))
def test_masking_keeps_every_line_and_the_columns_of_python(lines: list[str]) -> None:
    cell = "\n".join(lines)
    masked = mask_ipython(cell)
    assert masked.text.count("\n") == cell.count("\n")
    for original, after in zip(cell.split("\n"), masked.text.split("\n"), strict=True):
        if original.startswith("%time "):
            assert after.endswith(original[len("%time ") :])
            assert len(after) == len(original)


CELLS = [
    "import jax\n",
    "%matplotlib inline\nkey = jax.random.key(0)",
    "def broken(:\n    pass",
    "x = jax.random.normal(key)\ny = jax.random.uniform(key)",
]


def test_cells_become_one_module_with_broken_cells_left_as_blank_lines() -> None:
    module = NotebookModule.build(CELLS)
    assert [cell.first_line for cell in module.cells] == [0, 2, 4, 6]
    assert module.source.split("\n") == [
        "import jax",
        "",
        "pass",
        "key = jax.random.key(0)",
        "",
        "",
        "x = jax.random.normal(key)",
        "y = jax.random.uniform(key)",
    ]
    assert module.cells[2].syntax_error is not None
    assert all(cell.syntax_error is None for i, cell in enumerate(module.cells) if i != 2)


def test_positions_map_between_cells_and_the_module() -> None:
    module = NotebookModule.build(CELLS)
    assert module.to_module(3, Position(1, 4)) == Position(7, 4)
    found = module.to_cell(Span.of(7, 4, 7, 9))
    assert found is not None and (found.index, found.span) == (3, Span.of(1, 4, 1, 9))
    assert module.to_cell(Span.of(3, 0, 6, 1)) is None  # across cells
    names = module.line_names()
    assert names(8) == "line 2 of cell 4"
    assert names(1) == "line 1 of cell 1"


def test_edits_on_masked_lines_or_across_cells_cannot_be_applied() -> None:
    module = NotebookModule.build(CELLS)
    on_magic = TextEdit(Span.of(2, 0, 2, 4), "x")
    across = TextEdit(Span.of(3, 0, 6, 0), "")
    fine = TextEdit(Span.of(7, 4, 7, 9), "jax.random.normal")
    assert module.cell_edits([on_magic]) is None
    assert module.cell_edits([across]) is None
    assert module.cell_edits([fine]) == {3: [TextEdit(Span.of(1, 4, 1, 9), "jax.random.normal")]}


def test_an_unchanged_cell_is_not_prepared_again_and_its_statements_keep_their_trees() -> None:
    engine = Engine()
    first = NotebookModule.build(CELLS)
    before = engine.analyze(first.source, "/nb.ipynb")
    edited = [*CELLS[:3], CELLS[3].replace("uniform", "bernoulli")]
    second = NotebookModule.build(edited, first)
    assert all(
        a.prepared is b.prepared for a, b in zip(first.cells[:3], second.cells[:3], strict=True)
    )
    after = engine.analyze(second.source, "/nb.ipynb", before)
    assert after.statements_parsed == 1  # only the edited statement
    assert after.statements_total == before.statements_total
    # The reuse across cells: the key made in cell 2 is reused in cell 4.
    assert [f.code for f in after.findings] == ["key-reuse-error"]
