"""A finding whose cause is in another module: its related locations and its message name that
module's file, in ``check``'s JSON and SARIF and in the LSP's diagnostics."""

from __future__ import annotations

import json
from pathlib import Path

from lsprotocol import types

from jaxlsp.checker import check_paths, format_json, format_sarif
from jaxlsp.findings import Finding, RelatedLocation, Span
from jaxlsp.lsp import convert
from jaxlsp.lsp.uris import path_to_uri
from jaxlsp.records.load import load_records

OPS_BWD_SHAPE = """\
import jax
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
MAIN_BWD_SHAPE = """\
import jax
import jax.numpy as jnp

from ops import total

jax.grad(total)(jnp.ones(3))
"""
OPS_SYMBOLIC_ZEROS = """\
import jax


@jax.custom_vjp
def scaled(x):
    return 2.0 * x


def scaled_fwd(x):
    return scaled(x.value), None


def scaled_bwd(_, g):
    return (2.0 * g,)


scaled.defvjp(scaled_fwd, scaled_bwd, symbolic_zeros=True)
"""
MAIN_SYMBOLIC_ZEROS = """\
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from ops import scaled

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
body = jax.shard_map(lambda v: scaled(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
body(x)
"""


def project(folder: Path, ops: str, main: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ops.py").write_text(ops)
    (folder / "main.py").write_text(main)
    return folder


def test_json_and_sarif_give_a_related_location_in_another_module_its_file(
    tmp_path: Path,
) -> None:
    folder = project(tmp_path / "p", OPS_BWD_SHAPE, MAIN_BWD_SHAPE)
    report = check_paths([folder / "main.py"])
    (finding,) = json.loads(format_json(report))["findings"]
    assert finding["code"] == "custom-vjp-bwd-shape-mismatch"
    assert finding["path"] == str(folder / "main.py")
    defined = next(r for r in finding["related"] if "defined here" in r["message"])
    assert defined["path"] == str((folder / "ops.py").resolve())
    assert defined["line"] == 5  # `@jax.custom_vjp` in ops.py (main.py has no line 5 code)
    sarif = json.loads(format_sarif(report, load_records()))
    (result,) = sarif["runs"][0]["results"]
    uris = [r["physicalLocation"]["artifactLocation"]["uri"] for r in result["relatedLocations"]]
    assert (folder / "ops.py").resolve().as_posix() in uris


def test_a_finding_placed_in_another_module_names_the_file_of_the_lines_it_cites(
    tmp_path: Path,
) -> None:
    """The symbolic_zeros finding sits on ``defvjp`` in ops.py, caused by the shard_map in
    main.py: it says "line 9 of main.py", and its related shard_map location is in main.py
    while those in ops.py are ops.py's own."""
    folder = project(tmp_path / "p", OPS_SYMBOLIC_ZEROS, MAIN_SYMBOLIC_ZEROS)
    report = check_paths([folder])
    (finding,) = json.loads(format_json(report))["findings"]
    assert finding["path"] == str(folder / "ops.py") and finding["line"] == 17
    assert "shard_map body on line 9 of main.py" in finding["summary"]
    by_message = {r["message"]: r for r in finding["related"]}
    shard_map = by_message["shard_map whose body reaches `scaled`"]
    assert (shard_map["path"], shard_map["line"]) == (str((folder / "main.py").resolve()), 9)
    registered = by_message["its rule is registered here, with symbolic_zeros=True"]
    assert registered["path"] == str(folder / "ops.py") and registered["line"] == 17


def test_the_lsp_puts_a_related_location_on_its_own_documents_uri(tmp_path: Path) -> None:
    other = tmp_path / "ops.py"
    finding = Finding(
        code="custom-vjp-bwd-shape-mismatch",
        record_id="d3897e49ff28413a",
        rule="custom-vjp-bwd-shape-mismatch",
        message="why",
        span=Span.of(0, 0, 0, 4),
        related=(
            RelatedLocation(Span.of(1, 4, 1, 9), "here"),
            RelatedLocation(Span.of(2, 9, 2, 13), "there", str(other)),
        ),
    )
    others = {str(other): ("", "", "s = '😋'; f(x)")}
    diagnostic = convert.to_diagnostic(
        finding,
        uri="file:///main.py",
        version=1,
        lines=("main", "x = y(z)"),
        encoding="utf-16",
        record=None,
        lines_of=others.get,
    )
    assert diagnostic.related_information is not None
    here, there = diagnostic.related_information
    assert here.location.uri == "file:///main.py"
    assert there.location.uri == path_to_uri(other)
    # counted in ops.py's line: the emoji before it is two UTF-16 units
    assert there.location.range.start == types.Position(line=2, character=10)


HELPER_DRAW = """\
import jax


def draw(key):
    return jax.random.normal(key, (3,))
"""
MAIN_COMPARES_DRAWS = """\
import jax
import jax.numpy as jnp

from helper import draw


def test_same():
    key = jax.random.key(0)
    a = jax.random.normal(key, (3,))
    b = draw(key)
    assert jnp.allclose(a, b)
"""


def test_a_key_reuse_shown_in_the_helper_names_the_file_of_the_comparison(
    tmp_path: Path,
) -> None:
    """The reuse sits in helper.py's draw, and the two draws are compared in main.py: each line
    the message cites is main.py's, so each says so ("compared on line 11" alone read as
    helper.py's line 11 at cf0d997), and the same text close to home stays unqualified."""
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "helper.py").write_text(HELPER_DRAW)
    (folder / "main.py").write_text(MAIN_COMPARES_DRAWS)
    report = check_paths([folder])
    (finding,) = json.loads(format_json(report))["findings"]
    assert (finding["code"], finding["path"]) == ("key-reuse-error", str(folder / "helper.py"))
    assert "already consumed on line 9 of main.py" in finding["message"]
    assert "compared on line 11 of main.py (two code paths" in finding["message"]
    here = tmp_path / "here.py"
    here.write_text(
        HELPER_DRAW.replace("import jax\n", "")
        + MAIN_COMPARES_DRAWS.replace("from helper import draw\n", "")
    )
    (alone,) = json.loads(format_json(check_paths([here])))["findings"]
    assert "compared on line " in alone["message"] and ".py (two code paths" not in alone["message"]
