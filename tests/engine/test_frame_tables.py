"""A frame's tables (the heap fields it read, the keys it made and consumed, what it asked of
its caller's assumptions...) are one shared empty table until the frame first writes one: a
frame made its own empty dicts and set before, about 500 bytes a frame, most never written.
What one frame writes, a copy of it (a transform's view) still sees, and the other way round."""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

import pytest
from bench.generate import generate

from jaxlsp.infer.frames import NOT_WRITTEN, Frame
from jaxlsp.syntax.source import parse_module
from tests._engine import fresh_engine

_TABLES = ("reads", "innermost", "asked", "unknown_parameters", "optional")


def _frame() -> Frame:
    chunk = parse_module("x = 1\n").chunks[0]
    return Frame("m.py", None, chunk)


def test_a_new_frame_holds_the_shared_empty_tables():
    frame = _frame()
    for name in (*_TABLES, "consumed"):
        assert getattr(frame, name) is NOT_WRITTEN
    assert frame.created == set() and not isinstance(frame.created, set)
    assert frame.yields == ()


def test_the_first_write_gives_the_frame_its_own_table():
    frame, other = _frame(), _frame()
    frame.reads_to_write()[("ref", "field")] = ()
    frame.created_to_write().add("key")
    frame.yields_to_write().append(())
    assert frame.reads == {("ref", "field"): ()} and frame.created == {"key"}
    assert frame.yields == [()]
    assert other.reads is NOT_WRITTEN and other.created == set() and other.yields == ()
    assert NOT_WRITTEN == {}  # the shared one is never written


@pytest.mark.parametrize("name", [*_TABLES, "created", "yields"])
def test_a_copy_made_before_any_write_shares_what_either_writes(name):
    frame = _frame()
    view = frame.copy()
    written = getattr(view, f"{name}_to_write")()
    if isinstance(written, dict):
        written["x"] = ()
    elif isinstance(written, set):
        written.add("x")
    else:
        written.append(())
    assert getattr(frame, name) is getattr(view, name)
    assert len(getattr(frame, name)) == 1


@pytest.mark.parametrize("name", [*_TABLES, "created", "yields"])
def test_a_table_made_for_writing_holds_what_the_read_only_one_held(name):
    """The first write makes the frame's own table: empty from the shared empty one, a copy
    of a read-only table that holds entries (a frame made with its caller's)."""
    held = {"created": frozenset({"k"}), "yields": ((),)}.get(name, MappingProxyType({"k": ()}))
    kind = {"created": set, "yields": list}.get(name, dict)
    frame = _frame()
    empty = getattr(frame, f"{name}_to_write")()
    assert type(empty) is kind and not empty
    assert getattr(frame, name) is empty
    frame = _frame()
    setattr(frame, name, held)
    copied = getattr(frame, f"{name}_to_write")()
    assert type(copied) is kind and copied == kind(held) and copied is not held


def test_the_shared_empty_table_cannot_be_written_in_place():
    frame = _frame()
    with pytest.raises(TypeError):
        frame.reads[("ref", "field")] = ()  # type: ignore[index]
    with pytest.raises(AttributeError):
        frame.created.add("key")  # type: ignore[attr-defined]


def test_most_frames_of_an_analysis_share_the_empty_tables(tmp_path: Path):
    """On bench's generated file: a frame of its own empty table per frame is what this
    saved (every frame held five empty dicts and an empty set)."""
    text = generate(600)
    path = tmp_path / "bench.py"
    analysis = fresh_engine().analyze(text, str(path))
    assert analysis.program is not None
    frames = analysis.program.interpreter.facts.frames
    assert len(frames) > 80
    tables = [getattr(frame, name) for frame in frames for name in (*_TABLES, "consumed")]
    tables += [frame.created for frame in frames]
    empty = [table for table in tables if not table]
    own = [table for table in empty if isinstance(table, dict | set)]
    # only the frames copied (a transform's view of one, the module's) make theirs early
    assert len(own) * 2 < len(empty), (len(own), len(empty))


KEY_REUSE = """
import jax

def draw(key):
    return jax.random.normal(key, (2,))

def twice(key):
    a = draw(key)
    b = draw(key)  # reuse, through a helper whose frame consumed the key
    return a + b

twice(jax.random.key(0))
"""


def test_a_key_consumed_in_a_helper_frame_is_still_a_reuse(tmp_path: Path):
    path = tmp_path / "keys.py"
    analysis = fresh_engine().analyze(KEY_REUSE, str(path))
    codes = [finding.code for finding in analysis.findings]
    assert any("reuse" in code for code in codes), codes
