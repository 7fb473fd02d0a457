"""Run programs on JAX and record the shape and dtype of named values where jaxlsp shows a
hint: what a name holds after the line that binds it, what a function returns.

    python tests/reproducers/_shape_probe.py WATCH.json OUT.json PROGRAM.py [PROGRAM.py ...]

WATCH.json maps a file path to ``{"binds": {line: [name, ...]}, "returns": [def line, ...]}``
(1-based lines).  OUT.json holds ``"outcomes"``, what each program raised (as ``_harness.py``
reports it), and ``"seen"``, which maps ``"path:line:name"`` (``"path:line:return"`` for a
return) to the list of distinct ``"dtype[d0,d1]"`` seen there.  Only the watched files' code is monitored
(``sys.monitoring``: line and return events switched on for their code objects alone), inside
jit and vmap too, where the values are tracers with the shapes JAX traces them with.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _harness import CPU_ENVIRONMENT, run_reproducer

TOOL = sys.monitoring.PROFILER_ID
EVENTS = sys.monitoring.events


def _describe(value: Any) -> str | None:
    shape, dtype = getattr(value, "shape", None), getattr(value, "dtype", None)
    if shape is None or dtype is None or not hasattr(value, "ndim"):
        return None
    try:
        dims = ",".join(str(int(d)) for d in shape)
    except (TypeError, ValueError):
        return None
    return f"{dtype}[{dims}]"


class Probe:
    def __init__(self, watch: dict[str, Any]) -> None:
        self.binds = {
            path: {int(line): names for line, names in spec.get("binds", {}).items()}
            for path, spec in watch.items()
        }
        self.returns = {path: set(spec.get("returns", [])) for path, spec in watch.items()}
        self.seen: dict[str, set[str]] = {}
        self.previous: dict[int, tuple[FrameType, int]] = {}

    def observe(self, key: str, value: Any) -> None:
        described = _describe(value)
        if described is not None:
            self.seen.setdefault(key, set()).add(described)
        else:
            self.seen.setdefault(key, set()).add("not an array")

    def flush(self, frame: FrameType) -> None:
        """The names bound on the line this frame ran last, now that it ran."""
        last = self.previous.pop(id(frame), None)
        if last is None:
            return
        path = frame.f_code.co_filename
        for name in self.binds.get(path, {}).get(last[1], []):
            if name in frame.f_locals:
                self.observe(f"{path}:{last[1]}:{name}", frame.f_locals[name])

    def start(self, code: CodeType, offset: int) -> Any:
        if code.co_filename in self.binds:
            sys.monitoring.set_local_events(TOOL, code, EVENTS.LINE | EVENTS.PY_RETURN)
        return sys.monitoring.DISABLE

    def line(self, code: CodeType, line: int) -> Any:
        frame = sys._getframe(1)
        self.flush(frame)
        self.previous[id(frame)] = (frame, line)
        return None

    def returned(self, code: CodeType, offset: int, value: Any) -> Any:
        frame = sys._getframe(1)
        self.flush(frame)
        path = code.co_filename
        first = code.co_firstlineno
        if first in self.returns.get(path, ()):
            self.observe(f"{path}:{first}:return", value)
        return None


def main(argv: list[str]) -> int:
    import os

    for name, value in CPU_ENVIRONMENT.items():
        os.environ.setdefault(name, value)
    import jax

    del jax
    watch = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    probe = Probe(watch)
    sys.monitoring.use_tool_id(TOOL, "jaxlsp-shape-probe")
    sys.monitoring.register_callback(TOOL, EVENTS.PY_START, probe.start)
    sys.monitoring.register_callback(TOOL, EVENTS.LINE, probe.line)
    sys.monitoring.register_callback(TOOL, EVENTS.PY_RETURN, probe.returned)
    sys.monitoring.set_events(TOOL, EVENTS.PY_START)
    outcomes = {}
    try:
        for program in argv[3:]:
            outcomes[program] = run_reproducer(program)
            for frame, _ in list(probe.previous.values()):
                probe.flush(frame)  # module code ends without a last line event
    finally:
        sys.monitoring.set_events(TOOL, 0)
        sys.monitoring.free_tool_id(TOOL)
    result = {key: sorted(values) for key, values in probe.seen.items()}
    Path(argv[2]).write_text(json.dumps({"seen": result, "outcomes": outcomes}), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
