"""Fixtures of the language-server tests."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from jaxlsp.lsp.stdio import StdinBuffer


@pytest.fixture
def pipe() -> Iterator[tuple[StdinBuffer, int]]:
    """A ``StdinBuffer`` over the read end of a fresh pipe, and the write end."""
    read_end, write_end = os.pipe()
    yield StdinBuffer(read_end), write_end
    os.close(write_end)
    os.close(read_end)
