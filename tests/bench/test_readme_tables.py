"""bench/README.md's generated tables: each is what its generator makes of the committed results
JSON (so neither is edited by hand), and writing a block then reading it gives it back."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import bench.busy_requests as busy_requests
import bench.project as project
import bench.soak as soak
import pytest
from bench.readme_block import markers, read_block, write_block

from tests.conftest import REPO

GENERATED: list[tuple[str, Path, Callable[[dict[str, Any]], str]]] = [
    ("bench.busy_requests", busy_requests.RESULTS, busy_requests.table),
    ("bench.project", project.RESULTS, project.table),
    ("bench.soak", soak.RESULTS, soak.table),
]
META = {"when_utc": "2026-01-02 03:04 UTC", "cpus": 2, "load_after": [0.5, 0.6, 0.7]}


@pytest.mark.parametrize(("command", "results", "table"), GENERATED, ids=[g[0] for g in GENERATED])
def test_the_readme_table_is_what_its_generator_makes_of_the_results(
    command: str, results: Path, table: Callable[[dict[str, Any]], str]
) -> None:
    generated = table(json.loads(results.read_text(encoding="utf-8")))
    assert read_block(command) == generated, f"run python -m {command} --readme"


def test_a_block_written_reads_back_and_nothing_around_it_changes(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    begin, end = markers("bench.project")
    readme.write_text(f"# bench\n\n{begin}\n| old |\n{end}\n\nafter\n", encoding="utf-8")
    write_block("bench.project", "| new |\n| --- |", readme)
    assert read_block("bench.project", readme) == "| new |\n| --- |"
    assert readme.read_text(encoding="utf-8") == (
        f"# bench\n\n{begin}\n| new |\n| --- |\n{end}\n\nafter\n"
    )


def test_the_busy_table_shows_the_pooled_summary() -> None:
    def part(n: int, p50: float, p95: float, top: float) -> dict[str, Any]:
        return {"n": n, "p50_s": p50, "p95_s": p95, "max_s": top}

    summary = {
        "meta": META,
        "switch_interval_s": 0.001,
        "lines": 20000,
        "sessions": 3,
        "idle_hover": part(150, 0.0007, 0.001, 0.002),
        "busy_hover": part(564, 0.0075, 0.0111, 0.185),
        "large_open_s_median": 1.41,
    }
    text = busy_requests.table(summary)
    assert "Measured 2026-01-02 03:04 UTC on 2 CPUs, load average after: 0.5 / 0.6 / 0.7." in text
    assert "| 0.7 / 1.0 ms | 7.5 / 11.1 / 185.0 ms | 564 | 1.41 s |" in text
    assert "= 1 ms" in text


def test_the_project_table_marks_a_missed_budget() -> None:
    result = {
        "meta": META,
        "repeat": 3,
        "modules": 100,
        "lines": 55000,
        "first_file": "m099.py",
        "reached": 29,
        "first_s": 0.4,
        "parse_reached_s": 0.2,
        "first_ratio": 2.0,
        "edited": "m010.py",
        "dependents": 20,
        "single_edit_s": 0.1,
        "dependents_s": 0.3,
        "dependents_ratio": 3.0,
        "body_single_edit_s": 0.1,
        "body_dependents_s": 0.6,
        "body_dependents_ratio": 6.0,
    }
    rows = project.table(result).splitlines()[-3:]
    assert rows[0].endswith("| ≤ 10× | 2.00× (400 / 200 ms) ✓ |")
    assert "a constant they do not read | ≤ 5× | 3.00× (300 / 100 ms) ✓ |" in rows[1]
    assert "a function they call | ≤ 5× | 6.00× (600 / 100 ms) **✗** |" in rows[2]


def test_the_fresh_sample_table_is_what_its_generator_makes_of_the_samples() -> None:
    from bench import fresh_sample

    generated = fresh_sample.table(fresh_sample.load())
    assert read_block("bench.fresh_sample", fresh_sample.PAGE) == generated, (
        "run python -m bench.fresh_sample --readme"
    )


def test_each_fresh_sample_is_new_and_its_repository_rows_are_its_verdicts() -> None:
    """No package or repository is drawn twice (the draw leaves out every earlier member), and
    a research-repository sample's first row counts what its verdict file says of the code it
    names: the table is the verdicts' summary, not a second account."""
    from bench import fresh_sample

    samples = fresh_sample.load()
    names = [m.split("==")[0].split("@")[0] for s in samples for m in s["members"]]
    assert len(names) == len(set(names))
    for sample in samples:
        if sample["kind"] != "research repositories":
            continue
        verdicts = json.loads((REPO / sample["verdicts"]).read_text(encoding="utf-8"))
        first = sample["rows"][0]
        mine = [
            v
            for v in verdicts
            if v.get("sample", sample["sample"].removesuffix("-repos"))
            == sample["sample"].removesuffix("-repos")
            and v.get("on", first["checked"]) == first["checked"]
        ]
        errors = [v["verdict"] for v in mine if v["severity"] == "error"]
        assert (len(errors), errors.count("true"), errors.count("false")) == (
            first["errors"],
            first["true"],
            first["false"],
        ), sample["sample"]
        assert errors.count("undecided") == first["undecided"], sample["sample"]
        assert sum(v["severity"] == "warning" for v in mine) == first["warnings"]


def test_the_benchmark_results_block_is_what_the_committed_run_says() -> None:
    """bench.run's block (the servers side by side, the floors, the budgets) is made of
    bench/results/latest.json, which the same --update-readme run wrote."""
    import bench.run as run

    document = json.loads((REPO / "bench" / "results" / "latest.json").read_text("utf-8"))
    text = (REPO / "bench" / "README.md").read_text(encoding="utf-8")
    block = text.split(run.README_START)[1].split(run.README_END)[0]
    assert block == run.report_of(document), "run python -m bench.run --update-readme"


def test_the_scale_page_table_is_what_its_generator_makes_of_the_check_budget_results() -> None:
    """docs/scale.md's numbers are bench/results/check-budget.json's, not prose."""
    from bench import check_budget

    generated = check_budget.table(check_budget.load())
    assert read_block("bench.check_budget", check_budget.PAGE) == generated, (
        "run python -m bench.check_budget --readme"
    )


def test_a_check_budget_write_replaces_only_the_trees_it_measured() -> None:
    from bench import check_budget

    earlier = [{"name": "keras 3.15.1", "cpu_s": 1.0}, {"name": "netket 3.23.0", "cpu_s": 2.0}]
    now = [{"name": "netket 3.23.0", "cpu_s": 3.0}, {"name": "generated-lazy", "cpu_s": 4.0}]
    assert check_budget.merged(earlier, now) == [
        {"name": "keras 3.15.1", "cpu_s": 1.0},
        {"name": "netket 3.23.0", "cpu_s": 3.0},
        {"name": "generated-lazy", "cpu_s": 4.0},
    ]


def test_the_check_budget_table_marks_a_tree_over_budget() -> None:
    from bench import check_budget

    document = {
        "budgets": {"cpu_s_per_kline": 1.0, "max_rss_mb": 1024.0},
        "jobs": 2,
        "python": "3.12.1",
        "cpus": 2,
        "results": [
            {
                "name": "keras 3.15.1",
                "files": 904,
                "lines": 306987,
                "cpu_s": 516.0,
                "cpu_s_per_kline": 1.68,
                "max_rss_mb": 722.0,
                "findings": 1,
                "within_budget": False,
                "measured_on": "abc1234",
            }
        ],
    }
    row = check_budget.table(document).splitlines()[-1]
    assert row == "| keras 3.15.1 | 904 | 306,987 | 516 | 1.68 | 722 | 1 | **over** | abc1234 |"


def test_the_pallas_page_block_is_what_its_generator_makes_of_the_stored_results() -> None:
    """docs/pallas.md's numbers are bench/results/pallas-recall.json's and
    bench/pallas-real-code.json's, not per-stop prose."""
    from bench import pallas_recall

    generated = pallas_recall.page_block(
        pallas_recall.load(pallas_recall.RESULTS), pallas_recall.load(pallas_recall.REAL_CODE)
    )
    assert read_block("bench.pallas_recall", pallas_recall.PAGE) == generated, (
        "run python -m bench.pallas_recall --readme"
    )


def test_the_stored_pallas_results_count_the_corpus_as_it_is() -> None:
    """A program added to tests/pallas_corpus without measuring it again leaves the stored
    table behind: the counts per kind must be the corpus's (the analysis is not run here)."""
    from collections import Counter

    from bench.recall import discover

    from bench import pallas_recall

    stored = pallas_recall.load(pallas_recall.RESULTS)["kinds"]
    programs = discover(pallas_recall.CORPUS)
    positives = Counter(p.rule for p in programs if p.label == "positive")
    negatives = Counter(p.rule for p in programs if p.label != "positive")
    assert {rule: (row[0], row[2]) for rule, row in stored.items()} == {
        rule: (positives[rule], negatives[rule]) for rule in positives | negatives
    }, "run python -m bench.pallas_recall --write"


def test_the_hover_length_table_is_what_the_committed_lengths_say() -> None:
    """bench/README.md's hover-length block is made of bench/hover-length.json."""
    from bench import hover_length

    result = json.loads((REPO / "bench" / "hover-length.json").read_text(encoding="utf-8"))
    text = hover_length.README.read_text(encoding="utf-8")
    block = text.split(hover_length.BEGIN)[1].split(hover_length.END)[0]
    assert block.strip("\n") == hover_length.table(result), (
        "run python -m bench.hover_length --readme"
    )


def test_a_fresh_sample_names_where_its_verdicts_are() -> None:
    """A sample's ``verdicts`` is where each of its error findings was judged: a verdict file
    holding reviews of its members, a page of the repository, or the page's history (the
    accounts of stops folded into the table). s33-s38 named bench/oracle/reviews.json, which
    holds no review of their members: their verdicts are the page's accounts."""
    from bench import fresh_sample

    reviews = json.loads((REPO / "bench" / "oracle" / "reviews.json").read_text("utf-8"))
    reviewed = {item["package"] for item in reviews}
    for sample in fresh_sample.load():
        where = sample["verdicts"]
        if where.startswith("git show "):
            continue  # a page's history: `git show REF:PATH` prints it
        assert (REPO / where).exists(), sample["sample"]
        if where == "bench/oracle/reviews.json":
            members = {m.split("==")[0] for m in sample["members"]}
            assert members & reviewed, sample["sample"]


def test_the_fresh_sample_page_keeps_no_stop_account_beside_the_table() -> None:
    """Stops 31-40 were folded into the generated table (their accounts in the page's history):
    no section of a stop stands on the page, whose headings are the method's; a new stop's
    numbers go into bench/fresh-sample.json, not into prose here."""
    from bench import fresh_sample

    text = fresh_sample.PAGE.read_text(encoding="utf-8")
    outside = text.split("```")[::2]  # the shell comments of the code blocks start with #
    headings = [
        line for part in outside for line in part.splitlines() if re.match(r"#{1,6} ", line)
    ]
    assert headings == [
        "# Fresh samples: findings on code nobody on the project had looked at",
        "## How a sample is drawn",
        "## How findings are judged",
        "## How to run it again",
        "## Results",
    ]


def test_the_fresh_sample_summary_is_each_samples_first_and_last_row() -> None:
    from bench import fresh_sample

    samples = [
        {"sample": "a", "kind": "k", "rows": [{"true": 1, "false": 1, "undecided": 0}]},
        {
            "sample": "b",
            "kind": "k",
            "rows": [
                {"true": 3, "false": 1, "undecided": 2},
                {"true": 3, "false": 0, "undecided": 2},
            ],
        },
    ]
    assert fresh_sample.summary(samples) == [
        "- k, true of decided on the code first checked → on the last: `a` 50.0 %, "
        "`b` 75.0 % → 100.0 %."
    ]


def test_the_real_bug_sets_block_is_what_the_sets_results_say() -> None:
    """bench/README.md's real-bug sets table is made of each set's results.json."""
    import bench.realbugs as realbugs

    text = realbugs.BENCH_README.read_text(encoding="utf-8")
    block = text.split(realbugs.SETS_BEGIN)[1].split(realbugs.SETS_END)[0]
    assert block.strip("\n") == realbugs.sets_table(), "run python -m bench.realbugs --readme"


def test_every_generated_block_of_the_bench_readme_is_listed_with_what_it_is_made_of() -> None:
    """Each marker pair of bench/README.md is a row of its 'Generated blocks' table, which says
    whether a stored JSON makes it; the blocks without one are said why (the README's list)."""
    text = (REPO / "bench" / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"<!-- ([\w:-]+?):(?:start|begin)\b", text)
    table = text.split("## Generated blocks")[1].split("\n## ")[0]
    rows = dict(re.findall(r"^\| `([\w:-]+)` \| [^|]+ \| (yes|no) \|$", table, re.MULTILINE))
    assert sorted(blocks) == sorted(rows)
    for block, tested in rows.items():
        if tested == "no":
            assert f"- `{block}`:" in table, block
