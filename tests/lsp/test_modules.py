"""Several modules over stdio: a finding one open file's code causes in a module it imports is
shown in that module, and an edit to an imported module re-checks the files that import it."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from tests.lsp._session import SYMBOLIC_ZEROS, session

OPS = """import jax


@jax.custom_vjp
def scaled(x):
    return 2.0 * x


def scaled_fwd(x):
    return scaled(x.value), None


def scaled_bwd(_, g):
    return (2.0 * g,)


scaled.defvjp(scaled_fwd, scaled_bwd, symbolic_zeros=True)
"""
TRAIN = """import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P
from ops import scaled

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
body = jax.shard_map(lambda v: scaled(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
body(x)
"""
UTILS = """import numpy as np


def softmax(z):
    e = np.exp(z - z.max())
    return e / e.sum()
"""
STEP = """import jax
import jax.numpy as jnp
from utils import softmax


@jax.jit
def step(x):
    return softmax(x * 2)


step(jnp.ones(3))
"""


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _codes(diagnostics: list[types.Diagnostic]) -> list[str]:
    return sorted(str(d.code) for d in diagnostics)


async def test_a_finding_caused_from_another_file_is_shown_where_it_is(tmp_path: Path) -> None:
    async with session(folders=[tmp_path]) as s:
        utils = s.open(_write(tmp_path, "utils.py", UTILS))
        assert await s.client.diagnostics_for(utils, version=1) == []  # alone, it is fine
        step = s.open(_write(tmp_path, "step.py", STEP))
        assert await s.client.diagnostics_for(step, version=1) == []

        def numpy_finding() -> list[types.Diagnostic] | None:
            published = [p for p in s.client.published if p.uri == utils]
            last = published[-1].diagnostics if published else []
            return list(last) or None

        (diagnostic,) = await s.client.until(numpy_finding)
        assert diagnostic.code == "tracer-array-conversion-error"
        assert diagnostic.range.start.line == 4  # np.exp, in utils.py
        assert "`step` is traced by jax.jit" in diagnostic.message


async def test_an_edit_to_an_imported_module_rechecks_its_importers(tmp_path: Path) -> None:
    async with session(folders=[tmp_path]) as s:
        ops = s.open(_write(tmp_path, "ops.py", OPS))
        train = s.open(_write(tmp_path, "train.py", TRAIN))

        def symbolic_in_ops() -> bool:
            last = [p for p in s.client.published if p.uri == ops]
            return bool(last) and _codes(list(last[-1].diagnostics)) == [SYMBOLIC_ZEROS]

        await s.client.until(symbolic_in_ops)
        # Dropping symbolic_zeros in ops.py (open, unsaved): train.py's analysis reads the new
        # text, and the finding it made in ops.py goes away.
        line = OPS.split("\n").index("scaled.defvjp(scaled_fwd, scaled_bwd, symbolic_zeros=True)")
        start = types.Position(line=line, character=len("scaled.defvjp(scaled_fwd, scaled_bwd"))
        end = types.Position(line=line, character=len(OPS.split("\n")[line]) - 1)
        published = len(s.client.published)
        s.change(ops, types.Range(start=start, end=end), "")

        def cleared() -> bool:
            later = [p for p in s.client.published[published:] if p.uri == ops]
            return bool(later) and not later[-1].diagnostics

        await s.client.until(cleared)
        # (the finding was train.py's analysis's: it is cleared only because train.py was
        # analysed again, with the new ops.py; train.py's own diagnostics did not change)
        assert train


async def test_lines_added_above_a_finding_from_another_file_move_it(tmp_path: Path) -> None:
    """The edit changes nothing step.py reads of utils.py, yet the finding step.py's analysis
    makes in utils.py moves with the code: step.py is analysed again, and utils.py shows the
    finding on its new line, not the old one."""
    async with session(folders=[tmp_path]) as s:
        utils = s.open(_write(tmp_path, "utils.py", UTILS))
        s.open(_write(tmp_path, "step.py", STEP))

        def numpy_finding_lines(after: int) -> list[int] | None:
            published = [p for p in s.client.published[after:] if p.uri == utils]
            last = published[-1].diagnostics if published else []
            return [d.range.start.line for d in last] or None

        assert await s.client.until(lambda: numpy_finding_lines(0)) == [4]
        published = len(s.client.published)
        top = types.Position(line=0, character=0)
        s.change(utils, types.Range(start=top, end=top), "# softmax, in NumPy\n\n")
        await s.client.until(lambda: numpy_finding_lines(published) == [6] or None)


BWD_OPS = """import jax
import jax.numpy as jnp


@jax.custom_vjp
def total(x):
    return x.sum()


def total_fwd(x):
    return x.sum(), None


def total_bwd(_, g):
    return (jnp.ones(4) * g,)


total.defvjp(total_fwd, total_bwd)
"""
BWD_MAIN = """import jax
import jax.numpy as jnp
from bwdops import total

jax.grad(total)(jnp.ones(3))
"""


async def test_related_locations_are_on_their_own_files_uri(tmp_path: Path) -> None:
    """A finding in main.py caused by a bwd rule in bwdops.py relates that rule on
    bwdops.py's URI; the symbolic_zeros finding train.py's code causes in ops.py, shown in
    ops.py, relates the shard_map on train.py's URI and its registration on ops.py's."""
    async with session(folders=[tmp_path]) as s:
        ops_path = _write(tmp_path, "bwdops.py", BWD_OPS)
        main = s.open(_write(tmp_path, "main.py", BWD_MAIN))
        (diagnostic,) = await s.client.diagnostics_for(main, version=1)
        assert diagnostic.code == "custom-vjp-bwd-shape-mismatch"
        related = {r.message: r.location for r in diagnostic.related_information or []}
        assert related["the bwd rule returns here"].uri == ops_path.resolve().as_uri()
        assert related["the bwd rule returns here"].range.start.line == 14
        assert related["`total` is defined here"].uri == ops_path.resolve().as_uri()

        ops = s.open(_write(tmp_path, "ops.py", OPS))
        train = s.open(_write(tmp_path, "train.py", TRAIN))

        def symbolic_zeros_in_ops() -> list[types.Diagnostic] | None:
            published = [p for p in s.client.published if p.uri == ops]
            last = published[-1].diagnostics if published else []
            return list(last) or None

        (shown,) = await s.client.until(symbolic_zeros_in_ops)
        assert shown.code == SYMBOLIC_ZEROS
        places = {r.message: r.location for r in shown.related_information or []}
        shard_map = places["shard_map whose body reaches `scaled`"]
        assert (shard_map.uri, shard_map.range.start.line) == (train, 7)
        assert places["its rule is registered here, with symbolic_zeros=True"].uri == ops
