"""Raise sites and their message templates, read from source text (never run)."""

from __future__ import annotations

import textwrap

import pytest

from jaxlsp.index.extract import (
    RaiseSite,
    SiteKind,
    extract_file,
    extract_raise_sites,
    with_class_message,
    with_helper_messages,
)
from jaxlsp.index.template import Hole, render_message


def _sites(source: str) -> list[RaiseSite]:
    return extract_raise_sites(textwrap.dedent(source))


def _only(source: str) -> RaiseSite:
    sites = _sites(source)
    assert len(sites) == 1, sites
    return sites[0]


def test_fstring_in_a_method_records_class_function_and_line() -> None:
    site = _only(
        """
        class ShardMapTrace:
            def process(self, axis):
                if axis:
                    raise NotImplementedError(f"axis {axis} is not supported")
        """
    )
    assert (site.line, site.kind, site.error_class) == (5, SiteKind.MESSAGE, "NotImplementedError")
    assert site.function == "ShardMapTrace.process"
    assert site.template == ("axis ", Hole("axis"), " is not supported")


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ('raise ValueError("a" "b" f"{x}c")', "ab{x}c"),
        ('raise ValueError("got %s and %d" % (x, 3))', "got {x} and {...}"),
        ('raise ValueError("got {} and {name}".format(x, name=y))', "got {x} and {y}"),
        ('raise ValueError("start " + str(x) + " end")', "start {str(x)} end"),
        ('raise errors.JaxError("qualified class")', "qualified class"),
    ],
)
def test_message_forms(source: str, message: str) -> None:
    site = _only(source)
    assert site.kind is SiteKind.MESSAGE
    assert render_message(site.template) == message


def test_names_resolve_to_the_last_binding_before_the_raise() -> None:
    site = _only(
        """
        PREFIX = "module constant: "

        def check(x):
            msg = "first"
            msg = PREFIX + f"value {x}"
            raise TypeError(msg)
        """
    )
    assert render_message(site.template) == "module constant: value {x}"


def test_a_message_that_grows_gets_a_trailing_hole() -> None:
    site = _only(
        """
        def check(x):
            msg = "base message"
            if x:
                msg += " and more"
            raise TypeError(msg)
        """
    )
    assert site.template == ("base message", Hole("msg"))


def test_helpers_that_build_the_message_or_the_exception_are_followed() -> None:
    sites = _sites(
        """
        def _rank_error(name):
            msg = f"entry for {name} is too long"
            return msg

        def _make_error(message):
            err = KeyError(message)
            return err

        def check(f):
            msg = _rank_error(f)
            raise ValueError(msg)

        def other(f):
            raise _make_error(f"consumed key passed to {f}")
        """
    )
    assert [render_message(s.template) for s in sites] == [
        "entry for {f} is too long",
        "consumed key passed to {f}",
    ]
    assert [s.error_class for s in sites] == ["ValueError", "KeyError"]


def test_messages_joined_from_a_list_of_parts() -> None:
    sites = _sites(
        """
        def sizes(name, n):
            msg = [f"{name} got inconsistent sizes:\\n"]
            msg.append(f"  * axis had size {n};\\n")
            raise ValueError(''.join(msg)[:-2])

        def trees(a):
            msg = []
            msg.append(f"Pytree for {a} do not match.")
            return "\\n".join(msg)

        def use(a):
            raise ValueError(trees(a))
        """
    )
    assert [render_message(s.template) for s in sites] == [
        "{name} got inconsistent sizes:\n{msg}",
        "Pytree for {a} do not match.{msg}",
    ]


def test_exception_classes_that_write_their_own_message() -> None:
    extracted = extract_file(
        textwrap.dedent(
            """
            class TracerBoolError(TypeError):
                def __init__(self, tracer):
                    super().__init__(f"Attempted boolean conversion of {tracer}.")

            class Wrapped(TypeError):
                def __init__(self, tracer):
                    TypeError.__init__(self, f"wrapped {tracer}")

            def bool_(self):
                raise TracerBoolError(self)
            """
        )
    )
    assert set(extracted.class_messages) == {"TracerBoolError", "Wrapped"}
    (site,) = extracted.sites
    assert site.kind is SiteKind.COMPUTED
    upgraded = with_class_message(site, extracted.class_messages)
    assert upgraded.kind is SiteKind.MESSAGE
    assert render_message(upgraded.template) == "Attempted boolean conversion of {tracer}."


@pytest.mark.parametrize(
    ("source", "kind"),
    [
        ("raise", SiteKind.RERAISE),
        ("try:\n  pass\nexcept E as e:\n  raise e", SiteKind.RERAISE),
        ("raise NotImplementedError", SiteKind.NO_MESSAGE),
        ("raise NotImplementedError()", SiteKind.NO_MESSAGE),
        ("raise ValueError(msg)", SiteKind.COMPUTED),
        ("raise make_error()", SiteKind.COMPUTED),
        ("raise ValueError(*args)", SiteKind.COMPUTED),
        ("raise ValueError(f'{x}')", SiteKind.COMPUTED),
    ],
)
def test_sites_without_a_readable_message_are_classified(source: str, kind: SiteKind) -> None:
    assert _only(source).kind is kind


def test_self_referencing_and_deep_bindings_terminate() -> None:
    site = _only(
        """
        def f():
            msg = msg + "x"
            raise ValueError(msg)
        """
    )
    assert site.kind is SiteKind.MESSAGE  # bounded resolution, no recursion error


def test_bad_source_raises_syntax_error() -> None:
    with pytest.raises(SyntaxError):
        extract_raise_sites("def broken(:\n")


def test_helpers_of_other_modules_are_spliced_in_by_name() -> None:
    helper_module = extract_file(
        textwrap.dedent(
            """
            def _mismatch_error(name, devices):
                msg = f"Received incompatible devices for {name}. Got {devices}"
                return msg
            """
        ),
        "stages",
    )
    assert set(helper_module.helper_messages) == {"stages._mismatch_error"}
    caller = extract_file(
        textwrap.dedent(
            """
            from jax._src import stages
            from jax._src.stages import _mismatch_error as mismatch

            def run(f, d):
                msg = stages._mismatch_error(f, d)
                raise ValueError(msg)

            def other(f, d):
                raise ValueError("while running: " + mismatch(f, d))
            """
        ),
        "pjit",
    )
    first, second = caller.sites
    assert first.kind is SiteKind.COMPUTED
    spliced = [with_helper_messages(s, helper_module.helper_messages) for s in caller.sites]
    assert [s.kind for s in spliced] == [SiteKind.MESSAGE, SiteKind.MESSAGE]
    assert render_message(spliced[0].template) == (
        "Received incompatible devices for {name}. Got {devices}"
    )
    assert render_message(spliced[1].template).startswith("while running: Received")
    assert with_helper_messages(second, {}) == second


def test_warning_calls_are_sites_with_their_category_as_class() -> None:
    sites = _sites(
        """
        import warnings
        from warnings import warn as say
        from jax._src import deprecations

        def donate(unused):
            msg = f"Some donated buffers were not usable: {unused}."
            warnings.warn(msg)
            warnings.warn("x64 is off; the array is truncated", category=UserWarning)
            say(f"{unused} is deprecated", DeprecationWarning)
            deprecations.warn("jax-foo", "jax.foo is deprecated; use bar", stacklevel=2)
            warnings.warn(RuntimeWarning("a warning built as an instance"))
            warnings.warn(*parts)
            logger.warn("a log call is not a warning site")
            raise ValueError("a raise next to them")
        """
    )
    found = [
        (site.line, site.kind, site.error_class, site.warning, render_message(site.template))
        for site in sites
    ]
    assert found == [
        (
            8,
            SiteKind.MESSAGE,
            "UserWarning",
            True,
            "Some donated buffers were not usable: {unused}.",
        ),
        (9, SiteKind.MESSAGE, "UserWarning", True, "x64 is off; the array is truncated"),
        (10, SiteKind.MESSAGE, "DeprecationWarning", True, "{unused} is deprecated"),
        (11, SiteKind.MESSAGE, "DeprecationWarning", True, "jax.foo is deprecated; use bar"),
        (12, SiteKind.MESSAGE, "RuntimeWarning", True, "a warning built as an instance"),
        (13, SiteKind.COMPUTED, "UserWarning", True, ""),
        (15, SiteKind.MESSAGE, "ValueError", False, "a raise next to them"),
    ]
    assert all(site.function == "donate" for site in sites)
