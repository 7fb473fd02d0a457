"""The engine API the CLI and the server share: analysis, suppression, config, hovers, explain."""

from __future__ import annotations

from jaxlsp.config import Config
from jaxlsp.engine import Engine
from jaxlsp.findings import Position
from tests.engine._expect import EXAMPLES

ENGINE = Engine()
SYMBOLIC = (EXAMPLES / "symbolic_zeros" / "invalid_eager_lambda.py").read_text(encoding="utf-8")
PALLAS = (EXAMPLES / "pallas_mesh" / "invalid_kernel_jvp.py").read_text(encoding="utf-8")
SYMBOLIC_CODE = "custom-vjp-symbolic-zeros-support-with-shard-map"
PALLAS_CODE = "pallas-call-with-a-mesh-does-not-support-jvp"


def position_of(source: str, needle: str, offset: int = 0) -> Position:
    for number, line in enumerate(source.split("\n")):
        if needle in line:
            return Position(number, line.index(needle) + offset)
    raise AssertionError(f"{needle!r} not in source")


def test_finding_range_severity_related_and_explanation() -> None:
    (finding,) = ENGINE.analyze(SYMBOLIC).findings
    line = SYMBOLIC.split("\n")[finding.span.start.line]
    assert line[finding.span.start.column : finding.span.end.column] == "symbolic_zeros=True"
    assert finding.severity == "error"
    assert finding.code == SYMBOLIC_CODE and finding.record_id == "9906f2c2bb54d4d6"
    related = {r.message for r in finding.related}
    assert "shard_map whose body reaches `scaled`" in related
    assert "jax.jit" in finding.message  # says when it raises, not only that it might
    assert finding.fix_titles


def test_a_library_function_nobody_calls_is_a_warning() -> None:
    source = """
import jax
from jax.experimental.shard_map import shard_map

@jax.custom_vjp
def f(x):
    return x

f.defvjp(fwd, bwd, symbolic_zeros=True)

def step(x):
    return shard_map(lambda v: f(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
"""
    (finding,) = ENGINE.analyze(source).findings
    assert finding.severity == "warning"
    assert "its callers" in finding.message


def test_jitted_caller_silences_the_library_warning() -> None:
    source = """
import jax

@jax.custom_vjp
def f(x):
    return x

f.defvjp(fwd, bwd, symbolic_zeros=True)

@jax.jit
def step(x):
    return jax.shard_map(lambda v: f(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)

step(x)
"""
    assert ENGINE.analyze(source).findings == ()


def test_syntax_error_keeps_the_last_good_analysis_for_hovers() -> None:
    good = ENGINE.analyze(SYMBOLIC)
    broken_text = SYMBOLIC.replace("body(x)", "body(x", 1)
    broken = ENGINE.analyze(broken_text, previous=good)
    assert broken.parse_error is not None and "line" in broken.parse_error
    assert broken.findings == ()
    hover = ENGINE.hover(broken, position_of(SYMBOLIC, "jax.shard_map", 5))
    assert hover is not None and hover.qualified_name == "jax.shard_map"
    again = ENGINE.analyze(SYMBOLIC, previous=broken)
    assert [f.code for f in again.findings] == [SYMBOLIC_CODE]


def test_one_line_edit_parses_one_statement() -> None:
    helpers = "".join(
        f"\ndef helper_{n}(x):\n    return jax.numpy.sin(x) * {n}\n" for n in range(300)
    )
    source = SYMBOLIC + helpers
    first = ENGINE.analyze(source)
    assert first.statements_parsed >= 300  # the helpers (earlier tests parsed SYMBOLIC)
    edited = source.replace("* 150\n", "* 151\n")
    second = ENGINE.analyze(edited, previous=first)
    assert second.statements_parsed == 1
    assert [f.span for f in second.findings] == [f.span for f in first.findings]
    inserted = source.replace("\ndef helper_7(x):", "\n# a new comment line\n\ndef helper_7(x):")
    third = ENGINE.analyze(inserted, previous=first)
    assert third.statements_parsed == 0  # only blank/comment lines changed
    assert [f.span for f in third.findings] == [f.span for f in first.findings]
    fresh = ENGINE.analyze(SYMBOLIC.replace("scaled.defvjp", "\n\nscaled.defvjp"), previous=first)
    assert fresh.findings[0].span.start.line == first.findings[0].span.start.line + 2


def test_ignore_comments() -> None:
    line = "    symbolic_zeros=True,"
    for comment, silenced in (
        (f"  # jaxlsp: ignore[{SYMBOLIC_CODE}]", True),
        ("  # jaxlsp: ignore", True),
        (
            "  # jaxlsp: ignore[custom-vjp-symbolic-zeros-support-with-shard-map]",
            True,
        ),  # the rule name
        (f"  # jaxlsp: ignore[{PALLAS_CODE}]", False),
    ):
        source = SYMBOLIC.replace(line + "  # expect: " + SYMBOLIC_CODE, line + comment)
        assert source != SYMBOLIC
        assert (ENGINE.analyze(source).findings == ()) is silenced, comment


def test_config_selects_ignores_and_relevels() -> None:
    analysis = ENGINE.analyze(SYMBOLIC)
    assert ENGINE.findings(analysis, Config(ignore=frozenset({SYMBOLIC_CODE}))) == []
    assert ENGINE.findings(analysis, Config(select=frozenset({PALLAS_CODE}))) == []
    (relevelled,) = ENGINE.findings(analysis, Config(severity={SYMBOLIC_CODE: "hint"}))
    assert relevelled.severity == "hint"
    assert len(ENGINE.findings(analysis)) == 1


def test_hover_on_jax_calls_gives_name_note_and_the_errors_of_this_call() -> None:
    analysis = ENGINE.analyze(SYMBOLIC)
    shard_map = ENGINE.hover(analysis, position_of(SYMBOLIC, "jax.shard_map", 6))
    assert shard_map is not None and shard_map.qualified_name == "jax.shard_map"
    assert shard_map.record_ids == ("9906f2c2bb54d4d6",)  # found here (the body calls it)
    assert "**Known errors at this call:**" in shard_map.markdown
    assert f"- `{SYMBOLIC_CODE}` (error): " in shard_map.markdown
    defvjp = ENGINE.hover(analysis, position_of(SYMBOLIC, "scaled.defvjp", 8))
    assert defvjp is not None and defvjp.qualified_name == "jax.custom_vjp.defvjp"
    assert defvjp.record_ids == ("9906f2c2bb54d4d6",)
    assert ENGINE.hover(analysis, position_of(SYMBOLIC, "scaled_bwd(_")) is None
    pallas = ENGINE.analyze(PALLAS)
    kernel = ENGINE.hover(pallas, position_of(PALLAS, "= pl.kernel", 3))
    assert kernel is not None and kernel.qualified_name == "jax.experimental.pallas.kernel"
    assert kernel.record_ids == ("893b10de5624d9e1",)


CLEAN = """
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def step(x):
    y = jnp.where(x > 0, x, 0.0)
    return lax.fori_loop(0, 3, lambda i, c: c + 1, y)


print(jax.default_backend())
"""


def test_hovers_on_clean_code_are_short_and_list_no_error_the_call_cannot_raise() -> None:
    """Issue 18: `@jax.jit` listed five full records (9,300 characters), `jnp.where` a
    `lax.cond` error, `jax.default_backend()` a Pallas one: a hover lists only what this
    call raises, as the rules judged it."""
    analysis = ENGINE.analyze(CLEAN)
    assert analysis.findings == ()
    for needle, name, note in (
        ("jax.jit", "jax.jit", "Traces the function"),
        ("jnp.where", "jax.numpy.where", "Elementwise choice"),
        ("lax.fori_loop", "jax.lax.fori_loop", "Loops"),
        ("jax.default_backend", "jax.default_backend", ""),
    ):
        hover = ENGINE.hover(analysis, position_of(CLEAN, needle, len(needle) - 1))
        assert hover is not None and hover.qualified_name == name, needle
        assert hover.markdown.startswith(f"**`{name}`**") and note in hover.markdown
        assert hover.record_ids == () and "Known errors" not in hover.markdown
        assert len(hover.markdown) <= 400, (needle, len(hover.markdown))
    signature = ENGINE.hover(analysis, position_of(CLEAN, "jnp.where", 5))
    assert signature is not None and "`(condition, x, y)`" in signature.markdown


def test_hover_on_a_finding_shows_its_record_once() -> None:
    analysis = ENGINE.analyze(SYMBOLIC)
    hover = ENGINE.hover(analysis, position_of(SYMBOLIC, "symbolic_zeros=True", 3))
    assert hover is not None and hover.record_ids == ("9906f2c2bb54d4d6",)
    record = ENGINE.records.get("9906f2c2bb54d4d6")
    assert record is not None and record.documentation
    (finding,) = analysis.findings
    why = finding.message.split("\n\n", 1)[0]
    assert hover.markdown.count(why) == 1
    # The explanation is the diagnostic's message: the hover beside it does not repeat it.
    assert record.documentation not in hover.markdown
    assert record.solutions[0] in hover.markdown
    assert f"`jaxlsp records show {SYMBOLIC_CODE}`" in hover.markdown
    assert record.github_url is not None and record.github_url in hover.markdown
    assert len(hover.markdown) <= 1500


def test_aliases_resolve_to_qualified_names() -> None:
    source = """
import jax.experimental.pallas as pallas
from jax import shard_map as smap
from jax.experimental import shard_map as old
import functools
kernel = functools.partial(pallas.kernel, mesh=mesh)
smap(f, mesh=mesh, out_specs=P())
old.shard_map(f, mesh=mesh, out_specs=P())
pallas.pallas_call(body, out_shape=s)
"""
    analysis = ENGINE.analyze(source)
    names = {
        needle: ENGINE.hover(analysis, position_of(source, needle, 1))
        for needle in ("pallas.kernel", "smap(", "old.shard_map", "pallas.pallas_call")
    }
    assert {k: h.qualified_name if h else None for k, h in names.items()} == {
        "pallas.kernel": "jax.experimental.pallas.kernel",
        "smap(": "jax.shard_map",
        "old.shard_map": "jax.experimental.shard_map.shard_map",  # its own parameter order
        "pallas.pallas_call": "jax.experimental.pallas.pallas_call",
    }


def test_odd_input_never_raises() -> None:
    for source in (
        "",
        "\x00",
        "\ufeffimport jax\n",
        "def f(:\n",
        "x = " + "(" * 500 + ")" * 500,
        "x = " + " + ".join(["a"] * 5000),
        "import jax\r\njax.shard_map(f)\r\n",
        "é = 1; jax = 2\n\tif x:\n",
        "class C:\n    @jax.custom_vjp\n    def m(self, x):\n        return x\n",
    ):
        analysis = ENGINE.analyze(source)
        for finding in analysis.findings:
            assert ENGINE.fixes(source, analysis, finding) is not None
        ENGINE.hover(analysis, Position(0, 1))


def test_explain_finds_both_messages_of_the_pallas_record() -> None:
    for text in (
        "NotImplementedError: Differentiation rule for 'mpmd_map' not implemented",
        "pallas_call with a mesh does not support JVP",
    ):
        matches = ENGINE.explain(text)
        assert matches and matches[0].record.id == "893b10de5624d9e1"


def test_hovers_from_many_threads_agree() -> None:
    from concurrent.futures import ThreadPoolExecutor

    analysis = ENGINE.analyze(SYMBOLIC)
    targets = [
        position_of(SYMBOLIC, needle, 2)
        for needle in ("jax.shard_map", "scaled.defvjp", "jax.make_mesh", "jax.custom_vjp")
    ] * 8
    with ThreadPoolExecutor(max_workers=8) as pool:
        hovers = list(pool.map(lambda p: ENGINE.hover(analysis, p), targets))
    names = [h.qualified_name if h else None for h in hovers]
    assert names[:4] == [
        "jax.shard_map",
        "jax.custom_vjp.defvjp",
        "jax.make_mesh",
        "jax.custom_vjp",
    ]
    assert names == names[:4] * 8


SYMBOLIC_HEAD = """
import jax
from functools import partial

@jax.custom_vjp
def f(x):
    return x

f.defvjp(lambda x: (f(x.value), None), lambda _, g: (g,), symbolic_zeros=True)
"""


def test_more_shard_map_spellings() -> None:
    eager = {
        "fully dotted old path": "jax.experimental.shard_map.shard_map(f, mesh=m, out_specs=P())(x)",
        "decorator factory": "@jax.shard_map(mesh=m, out_specs=P())\ndef g(x):\n    return f(x)\n\ng(x)",
        "partial call": "partial(jax.shard_map, mesh=m, out_specs=P())(lambda v: f(v))(x)",
        "vmap is eager": "jax.vmap(jax.shard_map(f, mesh=m, out_specs=P()))(x)",
        "nested lambda": "jax.shard_map(lambda v: (lambda w: f(w))(v), mesh=m, out_specs=P())(x)",
    }
    for spelling, tail in eager.items():
        findings = ENGINE.analyze(SYMBOLIC_HEAD + tail + "\n").findings
        assert [f.severity for f in findings] == ["error"], spelling
    traced = {
        "jit of the shard_map": "jax.jit(jax.shard_map(f, mesh=m, out_specs=P()))(x)",
        "jit decorator": "@jax.jit\ndef g(x):\n    return jax.shard_map(f, mesh=m, out_specs=P())(x)\n\ng(x)",
        "partial(jit)": "partial(jax.jit, donate_argnums=0)(jax.shard_map(f, mesh=m, out_specs=P()))(x)",
        "method calls are not followed": "obj.run(x)",
    }
    for spelling, tail in traced.items():
        assert ENGINE.analyze(SYMBOLIC_HEAD + tail + "\n").findings == (), spelling


def test_a_new_document_reuses_trees_of_earlier_ones() -> None:
    """Statements parsed for one document are not parsed again for the next, even by another
    engine (by text); the findings are the same."""
    alone = ENGINE.analyze(SYMBOLIC)
    source = SYMBOLIC + "\n\ndef other(x):\n    return jax.numpy.cos(x)\n"
    shared = Engine(ENGINE.records).analyze(source)
    assert shared.statements_parsed == 1 < shared.statements_total
    assert shared.findings == alone.findings
