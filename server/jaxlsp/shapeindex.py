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


@dataclass(frozen=True)
class ShapeIndex:
    """A program's shape notes by place: hints, and the spans a hover looks up."""

    hints: tuple[ShapeHint, ...]
    #: What the hover says of each array expression, by its span.
    spans: SpanIndex[str]
