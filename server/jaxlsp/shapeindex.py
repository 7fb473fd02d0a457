"""What the editor shows of a program's shapes, as values: the inlay hints and the hover
spans (made by ``jaxlsp.shapehints``).

Why its own module: a ``Program`` keeps its index once made, and ``shapehints`` reads programs;
both import these from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxlsp.findings import Position, SpanIndex


@dataclass(frozen=True)
class ShapeHint:
    """An inlay hint: ``label`` shown at ``position`` (``: float32[3,4]`` after a name it
    binds, ``-> float32[3]`` before a function's colon)."""

    position: Position
    label: str
    #: What the hover of the hint says (how the shape was derived).
    tooltip: str


@dataclass
class ShapeIndex:
    """A program's shape notes by place: the spans a hover looks up, and the hints once they
    are asked for (``jaxlsp.shapehints``).  A hover makes no hint, and the text of a span
    only when it shows it (the first hover of a 20,000-line file made every hint and text:
    about 0.1 s)."""

    #: What the hover says of each array expression, by its span: the text, or what
    #: ``jaxlsp.shapehints`` makes it from when a hover shows it.
    spans: SpanIndex[object]
    #: The inlay hints, once asked for.
    hints: tuple[ShapeHint, ...] | None = None
