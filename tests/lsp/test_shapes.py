"""Shapes in the editor, over stdio: inlay hints after assignments and on function returns
(off with the ``inlayHints`` setting), the shape line of a hover, and a shape diagnostic that
names both shapes with where each was made."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from tests.lsp._session import Session, position_of, session

SOURCE = """import jax
import jax.numpy as jnp


def layer(x, w):
    h = x @ w
    return jnp.tanh(h)


x = jnp.ones((16, 4))
y = layer(x, jnp.ones((4, 8)))
mean = y.mean(axis=0)
bad = y + jnp.ones(5)
"""


async def hints(s: Session, uri: str) -> list[types.InlayHint]:
    end = types.Position(line=len(SOURCE.splitlines()), character=0)
    found = await s.client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line=0, character=0), end=end),
        )
    )
    return list(found or [])


def write(folder: Path) -> Path:
    path = folder / "model.py"
    path.write_text(SOURCE, encoding="utf-8")
    return path


async def test_inlay_hints_show_known_shapes_after_assignments_and_returns(
    tmp_path: Path,
) -> None:
    async with session() as s:
        uri = s.open(write(tmp_path))
        await s.client.diagnostics_for(uri, version=1)
        found = {(h.position.line, h.position.character): h.label for h in await hints(s, uri)}
        assert found == {
            (4, 15): "-> float32[16,8]",  # before the colon of `def layer(x, w):`
            (5, 5): ": float32[16,8]",  # after `h`
            (9, 1): ": float32[16,4]",  # after `x`
            (10, 1): ": float32[16,8]",  # after `y`
            (11, 4): ": float32[8]",  # after `mean`
        }
        # the failing line binds nothing: no hint for `bad`
        tooltips = [h.tooltip for h in await hints(s, uri) if h.position.line == 10]
        assert tooltips == ["from `x @ w` on line 6"]


async def test_the_inlay_hints_setting_turns_them_off(tmp_path: Path) -> None:
    async with session(settings={"inlayHints": False}) as s:
        uri = s.open(write(tmp_path))
        await s.client.diagnostics_for(uri, version=1)
        assert await hints(s, uri) == []


async def test_hover_on_an_array_shows_its_shape_and_where_it_came_from(tmp_path: Path) -> None:
    async with session() as s:
        uri = s.open(write(tmp_path))
        await s.client.diagnostics_for(uri, version=1)
        at = position_of(SOURCE, "y.mean")
        hover = await s.hover(uri, at.line, at.character)
        assert hover is not None and isinstance(hover.contents, types.MarkupContent)
        assert hover.contents.value == "**`y`**: `float32[16,8]` (from `x @ w` on line 6)"


async def test_a_broadcast_error_names_both_shapes_and_their_origins(tmp_path: Path) -> None:
    async with session() as s:
        uri = s.open(write(tmp_path))
        (diagnostic,) = await s.client.diagnostics_for(uri, version=1)
        assert diagnostic.code == "incompatible-shapes-for-broadcasting"
        assert diagnostic.range.start == position_of(SOURCE, "y + jnp.ones(5)")
        assert "`y` is float32[16,8] and `jnp.ones(5)` is float32[5]" in diagnostic.message
        related = {
            (r.location.range.start.line, r.message) for r in diagnostic.related_information or []
        }
        assert related == {(5, "`y`: float32[16,8] made here")}
