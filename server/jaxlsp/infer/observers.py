"""What the interpreter announces while it runs code (the events a run's outcome depends on),
and who runs a module or a function for any caller for it: the two seams of the incremental
re-check (``incremental``), which the interpreter knows only as these protocols.

Why: the incremental re-check (``summaries``, ``rerun``) replays a run only when everything
it read still holds, so it must hear of every global the run read, every heap object it made
or used, every frame it reused or memoised, and whatever it did that a replay could not redo.
The interpreter announces these, at the one place each happens, to its ``observer``, without
knowing who listens: it knows this protocol, not the incremental layer.  A module global is
read and written only through ``Interpreter.global_value`` and ``Interpreter.set_global``, so
a new code path that reads one is announced like the others (``tests/engine/
test_run_observer.py`` watches the module frames to check it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from jaxlsp.infer.frames import Frame
from jaxlsp.infer.values import ClassValue, Ref, Site, Values

if TYPE_CHECKING:
    from jaxlsp.infer.workspace import ModuleState


class RunObserver(Protocol):
    """Who hears what a run does (``Interpreter.observer``)."""

    def module_run(self, module: str) -> None:
        """A workspace module's top-level code starts to run."""

    def global_read(self, module: str, name: str, values: Values | None) -> None:
        """A module global was read: what it held (None: unbound)."""

    def global_written(self, module: str, name: str) -> None:
        """A module global was assigned."""

    def variable_written(self, frame: Frame, name: str) -> None:
        """A variable of an enclosing function's ``frame`` was assigned (``nonlocal``)."""

    def star_imported(self, module: str, names: frozenset[str] | None) -> None:
        """``from m import *`` binds every public global of the workspace module ``m`` (by
        key): ``names`` (None: ``m`` has not run, nothing is bound); each binding is read
        (``global_read``)."""

    def module_imported(self, importer: str, imported: str) -> None:
        """A workspace module imported another (both by key)."""

    def ref_used(self, ref: Ref, made: bool) -> None:
        """A heap object was made (``made``) or looked up again where it was made."""

    def function_entered(self, function: Site, frames: int) -> None:
        """A call of the function defined at ``function``, which had ``frames`` frames."""

    def memo_went_stale(self) -> None:
        """A memoised frame no longer holds and is dropped."""

    def memo_hit(self, key: Any, frame: Frame) -> None:
        """A call reuses the memoised ``frame``."""

    def memoised(self, key: Any, frame: Frame, function: Site) -> None:
        """A call's new ``frame`` is memoised under ``key``."""

    def frame_started(self, frame: Frame) -> None:
        """A function's frame begins to run."""

    def too_deep(self) -> None:
        """Code nested deeper than the interpreter follows was skipped."""


class Unobserved:
    """The observer when nothing listens: every event is ignored."""

    __slots__ = ()

    def module_run(self, module: str) -> None:
        pass

    def global_read(self, module: str, name: str, values: Values | None) -> None:
        pass

    def global_written(self, module: str, name: str) -> None:
        pass

    def variable_written(self, frame: Frame, name: str) -> None:
        pass

    def star_imported(self, module: str, names: frozenset[str] | None) -> None:
        pass

    def module_imported(self, importer: str, imported: str) -> None:
        pass

    def ref_used(self, ref: Ref, made: bool) -> None:
        pass

    def function_entered(self, function: Site, frames: int) -> None:
        pass

    def memo_went_stale(self) -> None:
        pass

    def memo_hit(self, key: Any, frame: Frame) -> None:
        pass

    def memoised(self, key: Any, frame: Frame, function: Site) -> None:
        pass

    def frame_started(self, frame: Frame) -> None:
        pass

    def too_deep(self) -> None:
        pass


UNOBSERVED = Unobserved()


class RunKeeper(Protocol):
    """Who runs a module's top-level code, or a function for any caller, for the interpreter
    (``Interpreter.keeper``), and may keep what the run did for the next analyses."""

    def module_run(self, module: ModuleState) -> Frame | None:
        """Run ``module``'s top-level code (its first run in this analysis), or do what an
        earlier run of it did; None: the interpreter runs it, nothing kept."""

    def any_caller_run(
        self,
        site: Site,
        values: Values,
        owner: ClassValue | None,
        module: ModuleState,
        *,
        defer: bool,
    ) -> None:
        """Run ``values`` (defined at ``site`` in ``module``) for any caller
        (``Interpreter.run_for_any_caller``), or do what an earlier run of it did; with
        ``defer``, what is kept of it may be made later (``settle``)."""

    def settle(self) -> None:
        """Make what was left for later."""

    def global_writing(self, module: ModuleState) -> None:
        """A global of ``module`` is about to be written (``Interpreter.set_global``): what
        was kept of its frame as its run left it must not change."""


class AnyCallerRuns(Protocol):
    """The interpreter as a keeper runs code for it (``jaxlsp.infer.interpreter``, which
    imports this module)."""

    ran_for_any_caller: int

    def run_for_any_caller(
        self, site: Site, values: Values, owner: ClassValue | None, module: ModuleState
    ) -> None: ...


class Unkept:
    """The keeper that keeps nothing: every run is run."""

    def __init__(self, interpreter: AnyCallerRuns) -> None:
        self._interpreter = interpreter

    def module_run(self, module: ModuleState) -> Frame | None:
        return None

    def any_caller_run(
        self,
        site: Site,
        values: Values,
        owner: ClassValue | None,
        module: ModuleState,
        *,
        defer: bool,
    ) -> None:
        self._interpreter.ran_for_any_caller += 1
        self._interpreter.run_for_any_caller(site, values, owner, module)

    def settle(self) -> None:
        pass

    def global_writing(self, module: ModuleState) -> None:
        pass
