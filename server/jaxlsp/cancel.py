"""Stopping an analysis that nobody waits for any more.

The language server gives each analysis a ``CancelToken`` and cancels it when the document
closes or a newer version arrives; the engine calls ``check`` between its steps, which raises
``AnalysisCancelled`` once the token is cancelled.  Cancelling is a flag set from the event loop
and read on the analysis worker, so ``check`` is cheap enough to call between statements.
"""

from __future__ import annotations


class AnalysisCancelled(Exception):
    """Raised inside an analysis whose token was cancelled: its result is not wanted."""


class CancelToken:
    """A one-way flag: once cancelled, ``check`` raises ``AnalysisCancelled``."""

    __slots__ = ("_cancelled",)

    def __init__(self) -> None:
        self._cancelled = False

    def cancel(self) -> None:
        """Ask the analysis holding this token to stop (from any thread; idempotent)."""
        self._cancelled = True

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def check(self) -> None:
        """Raise ``AnalysisCancelled`` if the token was cancelled; else return at once."""
        if self._cancelled:
            raise AnalysisCancelled


__all__ = ["AnalysisCancelled", "CancelToken"]
