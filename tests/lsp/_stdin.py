"""What the tests of the server's own stdin reader share (their ``pipe`` fixture is in
``conftest.py``): a protocol that records what the message loop hands it, and a wait for the
loop to get there."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import Any

import pytest

posix_only = pytest.mark.skipif(os.name != "posix", reason="reads a pipe with select")


class Recorder:
    """A protocol that records what it is handed."""

    def __init__(self) -> None:
        self.handled: list[Any] = []
        self.errors: list[Exception] = []

    def structure_message(self, data: Any) -> Any:
        return data

    def handle_message(self, message: Any) -> None:
        self.handled.append(message)

    def failed(self, error: Exception, kind: type[Exception]) -> None:
        self.errors.append(error)


async def until(predicate: Callable[[], object], timeout: float = 5.0) -> None:
    """Wait on the running loop until ``predicate()`` holds; fail after ``timeout`` seconds."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)
