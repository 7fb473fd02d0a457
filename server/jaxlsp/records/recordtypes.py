"""The runtime record classes' fields, generated from ``jaxlsp.records.model``: do not edit.

Regenerate with ``python -m jaxlsp.records.codegen`` after changing the model (a test fails
while this file is not what it writes).  ``jaxlsp.records.record`` builds on these classes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from jaxlsp.records.recordbase import RecordPart


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordVariant(RecordPart):
    """The same error as raised by another JAX version or another code path (generated from
    ``MessageVariant``).
    """

    WIRE_NAMES: ClassVar[dict[str, str]] = {
        "error_message": "errorMessage",
        "message_pattern": "messagePattern",
        "error_class": "errorClass",
        "file_path": "filePath",
        "line_number": "lineNumber",
        "jax_versions": "jaxVersions",
        "note": "note",
    }
    TUPLE_FIELDS: ClassVar[tuple[str, ...]] = ("jax_versions",)
    PART_FIELDS: ClassVar[dict[str, type[RecordPart]]] = {}

    error_message: str
    message_pattern: str
    error_class: str | None = None
    file_path: str | None = None
    line_number: int | None = None
    jax_versions: tuple[str, ...] = ()
    note: str | None = None
    fields_set: tuple[str, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordReproducer(RecordPart):
    """Where the script that really raises this error lives, and what it needs to run (generated
    from ``Reproducer``).
    """

    WIRE_NAMES: ClassVar[dict[str, str]] = {
        "path": "path",
        "platform": "platform",
        "note": "note",
    }
    TUPLE_FIELDS: ClassVar[tuple[str, ...]] = ()
    PART_FIELDS: ClassVar[dict[str, type[RecordPart]]] = {}

    path: str
    platform: Literal["cpu", "gpu", "tpu"] = "cpu"
    note: str | None = None
    fields_set: tuple[str, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordFields(RecordPart):
    """One JAX error: its message, where JAX raises it, why, and how to fix it (generated from
    ``ErrorRecord``).
    """

    WIRE_NAMES: ClassVar[dict[str, str]] = {
        "id": "id",
        "repo": "repo",
        "slug": "slug",
        "error_code": "errorCode",
        "error_message": "errorMessage",
        "message_pattern": "messagePattern",
        "error_type": "errorType",
        "error_class": "errorClass",
        "http_status": "httpStatus",
        "severity": "severity",
        "file_path": "filePath",
        "line_number": "lineNumber",
        "source_code": "sourceCode",
        "source_code_start": "sourceCodeStart",
        "source_code_end": "sourceCodeEnd",
        "github_url": "githubUrl",
        "documentation": "documentation",
        "trigger_scenarios": "triggerScenarios",
        "common_situations": "commonSituations",
        "solutions": "solutions",
        "example_fix": "exampleFix",
        "handling_strategy": "handlingStrategy",
        "validation_code": "validationCode",
        "type_guard": "typeGuard",
        "try_catch_pattern": "tryCatchPattern",
        "prevention_tips": "preventionTips",
        "tags": "tags",
        "background_tag": "backgroundTag",
        "slug_aliases": "slugAliases",
        "related_errors": "relatedErrors",
        "jax_versions": "jaxVersions",
        "apis": "apis",
        "message_variants": "messageVariants",
        "reproducer": "reproducer",
        "analyzed_sha": "analyzedSha",
        "analyzed_at": "analyzedAt",
        "schema_version": "schemaVersion",
    }
    TUPLE_FIELDS: ClassVar[tuple[str, ...]] = (
        "solutions",
        "prevention_tips",
        "tags",
        "slug_aliases",
        "related_errors",
        "jax_versions",
        "apis",
        "message_variants",
    )
    PART_FIELDS: ClassVar[dict[str, type[RecordPart]]] = {
        "message_variants": RecordVariant,
        "reproducer": RecordReproducer,
    }

    id: str
    repo: str = "jax-ml/jax"
    slug: str
    error_code: str | None = None
    error_message: str
    message_pattern: str
    error_type: str = "exception"
    error_class: str | None = None
    http_status: int | None = None
    severity: Literal["error", "warning", "info", "hint"] = "error"
    file_path: str | None = None
    line_number: int | None = None
    source_code: str | None = None
    source_code_start: int | None = None
    source_code_end: int | None = None
    github_url: str | None = None
    documentation: str | None = None
    trigger_scenarios: str | None = None
    common_situations: str | None = None
    solutions: tuple[str, ...] = ()
    example_fix: str | None = None
    handling_strategy: str | None = None
    validation_code: str | None = None
    type_guard: str | None = None
    try_catch_pattern: str | None = None
    prevention_tips: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    background_tag: str | None = None
    slug_aliases: tuple[str, ...] = ()
    related_errors: tuple[str, ...] = ()
    jax_versions: tuple[str, ...] = ()
    apis: tuple[str, ...] = ()
    message_variants: tuple[RecordVariant, ...] = ()
    reproducer: RecordReproducer | None = None
    analyzed_sha: str | None = None
    analyzed_at: str | None = None
    schema_version: Literal[2] = 2
    fields_set: tuple[str, ...] = field(default=(), compare=False, repr=False)


__all__ = ["RecordFields", "RecordReproducer", "RecordVariant"]
