"""Every JAX release's wording: older releases' raise sites joined to today's index records.

An error's message changes between releases ("Tracer can't be used with raw numpy functions"
became "The numpy.ndarray conversion method __array__() was called on ..."), and users paste
messages from whatever JAX they run.  The history file (``data/index/history.json``) holds,
for each of today's index records whose site once said something else, one record whose
messages are those older wordings (the first as the record's own message, the rest as
``messageVariants``), each with the first and last sampled release that had it; its tag
``joins:<id>`` names today's record.  A site that no release after them has keeps its own
record (no ``joins:`` tag).  A wording is kept only where today's patterns at the same site do
not already match it.

    python -m jaxlsp.index.history OLD_INDEX.json ... -o data/index/history.json

where each ``OLD_INDEX.json`` is ``jaxlsp index --jax-src <old jax> -o OLD_INDEX.json``; the
current index is read from the shipped data.  The explain path follows ``joins:`` tags from a
matched history record to today's record (and from there to a curated record of that site).
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import re
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jaxlsp.records import safe_regex
from jaxlsp.records.match import class_relation, flatten_pattern

#: Tag on every history record, and the prefix of the tag naming today's record.
HISTORY_TAG = "jax-history"
JOINS_PREFIX = "joins:"
HISTORY_FILE = "history.json"
HISTORY_FORMAT = 2
#: How alike an old template must be to today's at the same site to be its older wording.
SAME_ERROR_RATIO = 0.45
#: ... and to be its older wording when it was raised from another function or file.
MOVED_RATIO = 0.6
#: ... and when neither its file nor its opening words are today's (the code moved and the
#: message was reworded): the same class, and most of the text alike.
ANYWHERE_RATIO = 0.7
#: How many of today's messages sharing the most words with an old one are compared with it.
_ANYWHERE_CANDIDATES = 12
_WORD = re.compile(r"[a-z][a-z0-9_]{3,}")
_HOLE = re.compile(r"\{[^{}]*\}")


@dataclass
class _Wording:
    message: str
    pattern: str
    error_class: str | None
    file_path: str
    line: int
    versions: list[str] = field(default_factory=list)


def _key(record: dict[str, Any]) -> tuple[str, str]:
    function = next((t for t in record.get("tags", ()) if t.startswith("fn:")), "")
    return _module_path(record), function


def _module_path(record: dict[str, Any]) -> str:
    """The record's file with JAX's 2020 move into ``jax/_src/`` undone, so ``jax/core.py``
    of 0.2.0 and ``jax/_src/core.py`` of today are one place."""
    return (record.get("filePath") or "").replace("jax/_src/", "jax/", 1)


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version)[:4])


def _template(message: str) -> str:
    return " ".join(_HOLE.sub("{}", message).split())


def build_history(
    today: Sequence[dict[str, Any]], older: Iterable[tuple[str, Sequence[dict[str, Any]]]]
) -> list[dict[str, Any]]:
    """History records (wire form) for ``today``'s index records from ``older`` releases'
    (version, index records) pairs."""
    by_site: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    by_file: dict[str, list[dict[str, Any]]] = defaultdict(list)
    by_opening: dict[str, list[dict[str, Any]]] = defaultdict(list)
    today_templates = set()
    anywhere = _WordIndex(today)
    for record in today:
        by_site[_key(record)].append(record)
        by_file[_module_path(record)].append(record)
        by_opening[_opening(record["errorMessage"])].append(record)
        today_templates.add(_template(record["errorMessage"]))
    # (today's id or the old site's key) -> template -> wording
    joined: dict[str, dict[str, _Wording]] = defaultdict(dict)
    for version, records in older:
        for record in records:
            template = _template(record["errorMessage"])
            if template in today_templates:
                continue  # worded as today somewhere
            flat = " ".join(record["errorMessage"].split())
            site = by_site.get(_key(record), [])
            if any(
                safe_regex.search(flatten_pattern(t["messagePattern"]), flat) is not None
                for t in site
            ):
                continue  # today's pattern at this site already reads it
            # The same function first; else the same file (code moves between functions), else
            # a message that opens with the same words (code moves between files), else the
            # closest message of the same class anywhere (moved and reworded).
            owner = (
                _closest(template, site)
                or _only_raise(record, site)
                or _closest(template, by_file.get(_module_path(record), []), MOVED_RATIO)
                or _closest(
                    template, by_opening.get(_opening(record["errorMessage"]), []), MOVED_RATIO
                )
                or _closest(template, anywhere.alike(record), ANYWHERE_RATIO)
            )
            if owner is not None and _reads(owner, flat):
                continue  # the record it joins already reads this wording
            holder = owner["id"] if owner is not None else "|".join(_key(record)) + "|" + template
            wording = joined[holder].get(template)
            if wording is None:
                wording = joined[holder][template] = _Wording(
                    record["errorMessage"],
                    record["messagePattern"],
                    record.get("errorClass"),
                    record.get("filePath") or "",
                    record.get("lineNumber") or 0,
                )
            wording.versions.append(version)
    today_by_id = {record["id"]: record for record in today}
    return [_record(holder, wordings, today_by_id) for holder, wordings in sorted(joined.items())]


def _reads(record: dict[str, Any], flat: str) -> bool:
    return safe_regex.search(flatten_pattern(record["messagePattern"]), flat) is not None


def _only_raise(record: dict[str, Any], site: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Today's only raise in the same function, when the classes do not conflict: a function
    that raises one error now raised that error before, however it was worded then
    (``Tracer.__array__``)."""
    if len(site) != 1 or not _key(record)[1]:
        return None
    (today,) = site
    relation = class_relation(today.get("errorClass"), record.get("errorClass"))
    return today if relation != "conflicts" else None


class _WordIndex:
    """Today's records by the words of their messages, to find where a moved message went."""

    def __init__(self, records: Sequence[dict[str, Any]]) -> None:
        self._records = records
        self._postings: dict[str, list[int]] = defaultdict(list)
        for index, record in enumerate(records):
            for word in set(_words(record["errorMessage"])):
                self._postings[word].append(index)

    def alike(self, record: dict[str, Any]) -> list[dict[str, Any]]:
        """Today's records of ``record``'s class that share the most (rarer) words with it."""
        shared: dict[int, float] = defaultdict(float)
        for word in set(_words(record["errorMessage"])):
            users = self._postings.get(word, [])
            for index in users:
                shared[index] += 1 / len(users)
        error_class = record.get("errorClass")
        ranked = sorted(shared, key=lambda index: (-shared[index], index))
        same_class = [
            self._records[i] for i in ranked if self._records[i].get("errorClass") == error_class
        ]
        return same_class[:_ANYWHERE_CANDIDATES]


def _words(message: str) -> list[str]:
    return _WORD.findall(_HOLE.sub(" ", message).lower())


def _opening(message: str) -> str:
    """The first four words of a message's literal text (the key of a moved message)."""
    return " ".join(re.findall(r"[A-Za-z_]+", _HOLE.sub(" ", message))[:4]).lower()


def _closest(
    template: str, site: list[dict[str, Any]], threshold: float = SAME_ERROR_RATIO
) -> dict[str, Any] | None:
    best, best_ratio = None, threshold
    for record in site:
        ratio = difflib.SequenceMatcher(None, template, _template(record["errorMessage"])).ratio()
        if ratio > best_ratio:
            best, best_ratio = record, ratio
    return best


def _record(
    holder: str, wordings: dict[str, _Wording], today_by_id: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    ordered = sorted(
        wordings.values(), key=lambda w: _version_key(min(w.versions, key=_version_key))
    )
    first, rest = ordered[0], ordered[1:]
    owner = today_by_id.get(holder)
    digest = hashlib.sha256(f"history:{holder}:{first.message}".encode()).hexdigest()[:16]
    slug = (owner["slug"] if owner is not None else _slug(first.message)) + "-older"
    tags = [HISTORY_TAG, "jax-index"]
    if owner is not None:
        tags.append(JOINS_PREFIX + owner["id"])
    record: dict[str, Any] = {
        "id": digest,
        "slug": slug[:60].rstrip("-"),
        "errorMessage": first.message,
        "messagePattern": first.pattern,
        "errorClass": first.error_class,
        "filePath": first.file_path or None,
        "lineNumber": first.line or None,
        "tags": tags,
        "jaxVersions": _span(first.versions),
    }
    if rest:
        record["messageVariants"] = [
            {
                "errorMessage": w.message,
                "messagePattern": w.pattern,
                **({"errorClass": w.error_class} if w.error_class != first.error_class else {}),
                **({"filePath": w.file_path} if w.file_path != first.file_path else {}),
                **({"lineNumber": w.line} if w.line else {}),
                "jaxVersions": _span(w.versions),
            }
            for w in rest
        ]
    return {key: value for key, value in record.items() if value is not None}


def _span(versions: list[str]) -> list[str]:
    """The first and last sampled release with a wording (one when they are the same)."""
    ordered = sorted(set(versions), key=_version_key)
    return [ordered[0]] if len(ordered) == 1 else [ordered[0], ordered[-1]]


def _slug(message: str) -> str:
    words = re.findall(r"[a-z0-9]+", _HOLE.sub(" ", message).lower())
    return "-".join(words[:8]) or "jax-error"


def joined_id(tags: Iterable[str]) -> str | None:
    """Today's record a history record's tags join it to, if any."""
    for tag in tags:
        if tag.startswith(JOINS_PREFIX):
            return tag[len(JOINS_PREFIX) :]
    return None


def main(argv: Sequence[str] | None = None) -> int:
    from jaxlsp.index.cache import shipped_index_path, shipped_versions

    parser = argparse.ArgumentParser(description="Join older JAX releases' indexes to today's.")
    parser.add_argument("older", nargs="+", type=Path, help="indexes built by `jaxlsp index`")
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args(argv)
    today = json.loads(shipped_index_path(shipped_versions()[-1]).read_text(encoding="utf-8"))
    older = []
    for path in args.older:
        bundle = json.loads(path.read_text(encoding="utf-8"))
        records = bundle["records"]
        version = records[0]["jaxVersions"][0] if records else path.stem
        older.append((version, records))
    older.sort(key=lambda item: _version_key(item[0]))
    history = build_history(today["records"], older)
    versions = ",".join(version for version, _ in older)
    bundle = {
        "datasetVersion": f"jax-history-{HISTORY_FORMAT}:{versions}",
        "records": history,
    }
    args.output.write_text(
        json.dumps(bundle, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8"
    )
    sys.stderr.write(f"{len(history)} history records from {len(older)} releases\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
