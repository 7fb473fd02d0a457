"""Which PRNG key each key-consuming ``jax.random`` call got, at the lines of key-reuse findings.

Loaded by the oracle's pytest plugin inside a package's own venv (never inside jaxlsp) when
``JAXLSP_ORACLE_KEYS`` names the watched sites.  Every public ``jax.random`` function that
consumes its key (the samplers and ``split``; not ``fold_in``, ``clone``, ``key_data``, which
JAX's own key-reuse checker does not count as consuming) is wrapped: a call made while some
frame stands at a watched line records, for that frame's activation (one call of the function
holding the line), a hash of the key's bits.  The oracle then calls a finding's reuse confirmed
when one activation consumed the same bits twice at the finding's lines, and refuted when
activations consumed keys there at two of its lines and the bits always differed.

A key inside a transform is unwrapped to its concrete value where there is one (``vmap``'s
batched value with its batch axis, a JVP's primal); a key that stays abstract (under ``jit``)
is recorded by the tracer's identity, which can confirm a reuse (one tracer consumed twice) but
never refute one (two tracers may hold equal bits).  ``JAXLSP_ORACLE_KEYS_NO_JIT=1`` runs the
tests under ``jax.disable_jit`` so that keys reach the samplers concretely (a jitted call
served from JAX's cache would otherwise consume its key without running any Python).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

#: ``jax.random`` functions whose first argument is a key they do not consume.
NOT_CONSUMING = frozenset({"clone", "fold_in", "key_data", "key_impl", "wrap_key_data"})
#: Bounds that keep a long test from growing the record without end.
MAX_ACTIVATIONS = 20000
MAX_KEYS_PER_SITE = 64
MAX_DEPTH = 300

_watched: dict[str, frozenset[int]] = {}
_local = threading.local()
_test = ""
#: activation token -> {"file", "test", "sites": {line: {fingerprint: count}}}
_activations: dict[int, dict[str, Any]] = {}
#: id(frame) -> (token, frame): the frame is held for the test so its id is not reused
_frames: dict[int, tuple[int, FrameType]] = {}
#: id(tracer) -> (token, tracer), for keys that stay abstract
_opaque: dict[int, tuple[int, object]] = {}
_next_token = 0
_dirty = False


def install(sites_file: Path) -> None:
    """Read the watched sites and wrap ``jax.random``'s consuming functions (in the public
    module and in ``jax._src.random``, which JAX's own callers such as initializers use)."""
    sites = json.loads(sites_file.read_text(encoding="utf-8"))
    _watched.update({os.path.realpath(p): frozenset(lines) for p, lines in sites.items()})
    import inspect

    import jax
    import jax._src.random as private_random
    import jax.random as public_random

    if os.environ.get("JAXLSP_ORACLE_KEYS_NO_JIT") == "1":
        config: Any = jax.config
        config.update("jax_disable_jit", True)
    for name in dir(public_random):
        original = getattr(public_random, name)
        if name.startswith("_") or name in NOT_CONSUMING or not callable(original):
            continue
        try:
            first = next(iter(inspect.signature(original).parameters), "")
        except (TypeError, ValueError):
            continue
        if first != "key":
            continue
        wrapped = _wrap(original)
        setattr(public_random, name, wrapped)
        if getattr(private_random, name, None) is original:
            setattr(private_random, name, wrapped)


def _wrap(original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def consuming(*args: Any, **kwargs: Any) -> Any:
        depth = getattr(_local, "depth", 0)
        if depth == 0:  # the outermost call only (choice calls permutation, say)
            key = args[0] if args else kwargs.get("key")
            with contextlib.suppress(Exception):  # the record never changes what runs
                _observe(key, sys._getframe(1))
        _local.depth = depth + 1
        try:
            return original(*args, **kwargs)
        finally:
            _local.depth = depth

    return consuming


def _token_of(frame: FrameType) -> int:
    global _next_token
    held = _frames.get(id(frame))
    if held is not None and held[1] is frame:
        return held[0]
    _next_token += 1
    _frames[id(frame)] = (_next_token, frame)
    return _next_token


def _observe(key: object, frame: FrameType | None) -> None:
    """Credit the key's fingerprint to every watched frame on the stack."""
    global _dirty
    at: list[tuple[FrameType, str, int]] = []
    depth = 0
    while frame is not None and depth < MAX_DEPTH:
        path, lines = _lines_of(frame.f_code.co_filename)
        if lines and frame.f_lineno in lines:
            at.append((frame, path, frame.f_lineno))
        frame = frame.f_back
        depth += 1
    if not at:
        return
    mark = fingerprint(key)
    for where, path, line in at:
        if len(_activations) >= MAX_ACTIVATIONS and id(where) not in _frames:
            continue
        token = _token_of(where)
        activation = _activations.setdefault(token, {"file": path, "test": _test, "sites": {}})
        seen = activation["sites"].setdefault(line, {})
        if mark in seen or len(seen) < MAX_KEYS_PER_SITE:
            seen[mark] = seen.get(mark, 0) + 1
        _dirty = True


#: a code object's file name -> its real path and the watched lines there (none: not watched)
_files: dict[str, tuple[str, frozenset[int]]] = {}


def _lines_of(filename: str) -> tuple[str, frozenset[int]]:
    known = _files.get(filename)
    if known is None:
        real = os.path.realpath(filename)
        known = _files[filename] = (real, _watched.get(real, frozenset()))
    return known


def fingerprint(key: Any) -> str:
    """A short hash of the key's bits (with a batched key's axis), ``o<n>`` for a key that
    stays abstract (the n-th such object of the test), ``x`` for what is no key array."""
    import jax
    import jax.numpy
    import numpy as np

    parts: list[str] = []
    for _ in range(8):
        if not isinstance(key, jax.core.Tracer):
            break
        if hasattr(key, "batch_dim") and hasattr(key, "val"):
            parts.append(f"b{key.batch_dim}")
            key = key.val
        elif hasattr(key, "primal"):
            key = key.primal
        else:
            break
    if isinstance(key, jax.core.Tracer):
        global _next_token
        held = _opaque.get(id(key))
        if held is None or held[1] is not key:
            _next_token += 1
            held = (_next_token, key)
            _opaque[id(key)] = held
        return f"o{held[0]}"
    if not hasattr(key, "dtype") or not hasattr(key, "shape"):
        return "x"
    if jax.numpy.issubdtype(key.dtype, jax.dtypes.prng_key):
        parts.append(str(jax.random.key_impl(key)))
        key = jax.random.key_data(key)
    data = np.asarray(key)
    parts += [str(data.dtype), str(data.shape)]
    digest = hashlib.blake2b(data.tobytes() + "|".join(parts).encode(), digest_size=6)
    return digest.hexdigest()


def start_test(nodeid: str) -> None:
    global _test
    _test = nodeid
    _frames.clear()
    _opaque.clear()


def end_test(out: Path) -> None:
    """Frames and abstract keys are let go; the record is written every few seconds, so a run
    killed past its time bound keeps most of it."""
    global _written_at
    _frames.clear()
    _opaque.clear()
    if _dirty and time.monotonic() - _written_at > WRITE_EVERY:
        write(out)
        _written_at = time.monotonic()


#: Seconds between two writes of the record while the tests run.
WRITE_EVERY = 5.0
_written_at = 0.0


def write(out: Path) -> None:
    global _dirty
    payload = [
        {"file": a["file"], "test": a["test"], "sites": {str(k): v for k, v in a["sites"].items()}}
        for a in _activations.values()
    ]
    out.write_text(json.dumps(payload), encoding="utf-8")
    _dirty = False
