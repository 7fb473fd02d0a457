"""``Facts.lists()`` is gathered once per ``Facts``, not at each call: every recorded run takes
the lists' lengths when it starts and when it stops (``IncrementalRuns``), and reading the
fifteen attributes each time was a third of that cost.  A list replaced (``rerun`` builds a
``Facts`` that way, and so does a test's refusing interpreter) is gathered again."""

from __future__ import annotations

from jaxlsp.infer.frames import FACT_LISTS, Facts


def test_the_lists_are_the_facts_own_in_order_and_gathered_once() -> None:
    facts = Facts()
    lists = facts.lists()
    assert [id(found) for found in lists] == [id(getattr(facts, name)) for name in FACT_LISTS]
    assert facts.lists() is lists
    facts.api_calls.append("a call")  # filled in place: the same lists
    assert facts.lists() is lists and lists[FACT_LISTS.index("api_calls")] == ["a call"]


def test_a_list_replaced_is_gathered_again() -> None:
    facts = Facts()
    before = facts.lists()
    replaced: list[object] = ["an operator"]
    facts.operators = replaced  # type: ignore[assignment]
    after = facts.lists()
    assert after[FACT_LISTS.index("operators")] is replaced
    assert before[FACT_LISTS.index("operators")] is not replaced
    assert [found for found in after if found is not replaced] == [
        found for found in before if found is not before[FACT_LISTS.index("operators")]
    ]


def test_replacing_the_hover_table_keeps_the_lists() -> None:
    facts = Facts()
    lists = facts.lists()
    facts.named = {}
    assert facts.lists() is lists
