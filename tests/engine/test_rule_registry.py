"""The registry finds the rule modules as ``pkgutil`` would, without its cost at start-up."""

from __future__ import annotations

import pkgutil
from pathlib import Path

import jaxlsp.rules
from jaxlsp.rules import all_rules, module_names


def test_module_names_are_pkgutils() -> None:
    """``module_names`` (one folder listing) names the modules ``pkgutil.iter_modules`` finds,
    in the same order, so ``all_rules`` imports the same rules in the same order."""
    expected = sorted(info.name for info in pkgutil.iter_modules(jaxlsp.rules.__path__))
    assert module_names() == expected


def test_every_rule_module_gives_one_rule_or_more() -> None:
    """A file under ``jaxlsp.rules`` that is not ``base`` or private is a rule module; each
    rule's class lives in one of them (a listing that missed a file would drop its rules)."""
    rule_modules = {name for name in module_names() if name != "base" and name[0] != "_"}
    assert {type(rule).__module__.rsplit(".", 1)[1] for rule in all_rules()} == rule_modules
    folder = Path(jaxlsp.rules.__file__).parent
    assert rule_modules == {
        path.stem for path in folder.glob("*.py") if path.stem != "base" and path.stem[0] != "_"
    }
