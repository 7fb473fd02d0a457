"""The rule registry: every ``Rule`` subclass defined in a module of this package."""

from __future__ import annotations

import importlib
import logging
import os
import sys
import traceback
from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from functools import cache

from jaxlsp.findings import Finding, Span
from jaxlsp.infer.program import Program
from jaxlsp.records.load import RecordSet
from jaxlsp.rules._pallas import behind_undecided_test, undecided_regions
from jaxlsp.rules.base import Rule, RuleFailure

log = logging.getLogger(__name__)


@cache
def all_rules() -> tuple[Rule, ...]:
    """One instance of each rule, in module-name order (stable output order)."""
    found: list[Rule] = []
    for name in module_names():
        if name == "base" or name.startswith("_"):
            continue  # the base class and shared helpers, not rules
        module = importlib.import_module(f"{__name__}.{name}")
        for value in vars(module).values():
            is_rule = isinstance(value, type) and issubclass(value, Rule) and value is not Rule
            concrete = is_rule and "NAME" in vars(value)
            if concrete and value.__module__ == module.__name__:
                found.append(value())
    return tuple(found)


def module_names() -> list[str]:
    """The modules of this package in name order: its ``.py`` files, as
    ``pkgutil.iter_modules`` finds them (a test holds the two equal) but read from one
    listing of the folder, which the first document waits for (0.1 ms, against 0.7)."""
    names: set[str] = set()
    for folder in __path__:
        with os.scandir(folder) as entries:
            names.update(entry.name[:-3] for entry in entries if entry.name.endswith(".py"))
    return sorted(name for name in names if name.isidentifier() and name != "__init__")


def rule_named(name: str) -> Rule | None:
    """The rule of that name, or of that former name."""
    return next(
        (rule for rule in all_rules() if name == rule.NAME or name in rule.FORMER_NAMES), None
    )


def run_rules(
    program: Program,
    records: RecordSet,
    failures: list[RuleFailure] | None = None,
    own_text: Mapping[str, tuple[Finding, ...]] | None = None,
    own_text_found: MutableMapping[str, tuple[Finding, ...]] | None = None,
    kept: Mapping[str, tuple[Finding, ...]] | None = None,
    reads_found: MutableMapping[str, tuple[Finding, ...]] | None = None,
) -> Iterator[Finding]:
    """Every rule's findings; a rule that fails is logged and skipped, never fatal.

    A rule that raises loses only its own findings (it may have yielded some before failing);
    the failure, with the rule's name, is appended to ``failures`` for the front ends to show.

    The rules that declare what they read (``Rule.READS``) are not asked where ``kept`` gives
    what they found (by rule name): an importer's re-check that replaced none of the facts
    they read.  What each finds when asked, or is kept, goes into ``reads_found``.

    The rules that read only the module's own text (``Rule.READS_OWN_TEXT``) are not asked
    where ``own_text`` gives what they found on the same text (by rule name; a rule that found
    nothing left out): an importer's re-check after an edit to a module it imports.  What
    they find when asked goes into ``own_text_found`` (each rule that finished, by name), for
    the next analysis of the same text.
    """
    for rule in all_rules():
        record = records.get(rule.RECORD_ID)
        if rule.READS_OWN_TEXT and own_text is not None:
            yield from _proved(program, own_text.get(rule.NAME, ()))
            continue
        if kept is not None and (taken := kept.get(rule.NAME)) is not None:
            if reads_found is not None:
                reads_found[rule.NAME] = taken
            yield from _proved(program, taken)
            continue
        try:
            found = list(rule.check(program, record))
        except RecursionError:
            log.warning("rule %s gave up on a deeply nested module", rule.NAME)
            continue
        except Exception as error:  # one buggy rule must not hide the others' findings
            detail = "".join(traceback.format_exception(error)).rstrip()
            failure = RuleFailure(rule.NAME, repr(error), detail)
            log.error("%s\n%s", failure, detail)
            if failures is not None:
                failures.append(failure)
            continue
        if rule.READS_OWN_TEXT and own_text_found is not None:
            own_text_found[rule.NAME] = tuple(found)
        if rule.READS is not None and reads_found is not None:
            reads_found[rule.NAME] = tuple(found)
        yield from _proved(program, found)


def _proved(program: Program, found: Iterable[Finding]) -> Iterator[Finding]:
    """``found`` less the errors the facts do not prove: an error only where the code surely
    raises, none that rests on an assumption; and no Pallas rule's finding (error or warning)
    in a kernel's code behind a test the analysis could not decide
    (``_pallas.undecided_regions``): the kernel may never trace it."""
    regions: list[tuple[str, Span]] | None = None
    for finding in found:
        if finding.severity == "error" and program.is_unproved(finding.path, finding.span):
            continue
        if finding.code.startswith("pallas-") and program.facts.branchings:
            if regions is None:
                regions = undecided_regions(program)
            module = program.module.key if finding.path is None else finding.path
            if behind_undecided_test(regions, module, finding.span):
                continue
        yield finding


@cache
def reading_rules() -> tuple[Rule, ...]:
    """The rules that declare the facts they read (``Rule.READS``)."""
    return tuple(rule for rule in all_rules() if rule.READS is not None)


def own_text_rules() -> tuple[Rule, ...]:
    """The rules that read only the analysed module's own text (``Rule.READS_OWN_TEXT``)."""
    return tuple(rule for rule in all_rules() if rule.READS_OWN_TEXT)


def has_quick_fix(rule: Rule) -> bool:
    """Whether a rule offers a real fix: derived from the class (it overrides ``fixes``)."""
    return type(rule).fixes is not Rule.fixes


def summary(rule: Rule) -> str:
    """What the rule catches: the first paragraph of its class's docstring, else of its
    module's."""
    doc = (type(rule).__doc__ or sys.modules[type(rule).__module__].__doc__ or "").strip()
    return " ".join(doc.split("\n\n", 1)[0].split()).replace("``", "`")


def rules_markdown() -> str:
    """The rules table docs/rules.md shows (a test keeps it in step with the code)."""
    rows = ["| Rule (its code) | Catches | Quick fix | Former names |", "| --- | --- | --- | --- |"]
    for rule in sorted(all_rules(), key=lambda r: r.NAME):
        fix = "yes" if has_quick_fix(rule) else "—"
        former = ", ".join(f"`{name}`" for name in rule.FORMER_NAMES) or "—"
        rows.append(f"| `{rule.NAME}` | {summary(rule)} | {fix} | {former} |")
    return "\n".join(rows)
