"""The error record: one JAX error, explained, in the wire format of the seed records.

This is the schema, the one place a record's fields are declared: it validates record files
(``jaxlsp.records.load`` does, for a file not known to be valid) and writes them in canonical
form.  The server and ``jaxlsp check`` hold records as ``jaxlsp.records.record.Record``, without
pydantic, whose fields are generated from these models (``python -m jaxlsp.records.codegen``
writes ``jaxlsp.records.recordtypes``; a test fails while it is stale): after changing a model,
run it and commit both.

The wire format is camelCase JSON (schemaVersion 2).  Field order in the model is the order of
the seed record, so a record in canonical form dumps to the same bytes it was loaded from.
Fields that jaxlsp adds beyond the seed schema are optional and only written when set.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    model_validator,
)
from pydantic.alias_generators import to_camel

from jaxlsp.records.recordbase import MAX_PATTERN_LENGTH, source_span_problem

_RECORD_ID = r"^[0-9a-f]{16}$"
_SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
_VERSION = r"^\d+(?:\.\d+){1,3}(?:(?:a|b|rc|\.dev|\.post)\d+)?$"
_QUALIFIED_NAME = r"^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$"
_HTTPS_URL = r"^https://\S+$"


def _check_iso_timestamp(value: str | None) -> str | None:
    """Keep the text as written (for byte-exact round trips) but insist that it parses."""
    if value is not None:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    return value


# Constraints are declarative where possible: they run in pydantic-core, not in Python, which
# keeps loading thousands of index records within the loader's budget.
Pattern = Annotated[str, Field(min_length=1, max_length=MAX_PATTERN_LENGTH)]
Timestamp = Annotated[str | None, AfterValidator(_check_iso_timestamp)]
Version = Annotated[str, Field(pattern=_VERSION)]
QualifiedName = Annotated[str, Field(pattern=_QUALIFIED_NAME)]
Slug = Annotated[str, Field(pattern=_SLUG)]


class _WireModel(BaseModel):
    """camelCase on the wire, snake_case in Python, unknown fields refused (they are typos)."""

    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=True,
        extra="forbid",
        frozen=True,
    )


class MessageVariant(_WireModel):
    """The same error as raised by another JAX version or another code path.

    JAX messages move between releases (e.g. a mesh Pallas kernel under ``jax.jvp`` raises
    "pallas_call with a mesh does not support JVP" in one release and "Differentiation rule for
    'mpmd_map' not implemented" in 0.12); the matcher finds the record from any of its variants.
    """

    error_message: str = Field(min_length=1)
    message_pattern: Pattern
    error_class: str | None = None
    file_path: str | None = None
    line_number: int | None = Field(default=None, ge=1)
    jax_versions: tuple[Version, ...] = ()
    note: str | None = None


class Reproducer(_WireModel):
    """Where the script that really raises this error lives, and what it needs to run."""

    path: str = Field(min_length=1)
    platform: Literal["cpu", "gpu", "tpu"] = "cpu"
    note: str | None = None


class ErrorRecord(_WireModel):
    """One JAX error: its message, where JAX raises it, why, and how to fix it."""

    id: Annotated[str, Field(pattern=_RECORD_ID)]
    repo: str = "jax-ml/jax"
    slug: Slug
    error_code: str | None = None
    error_message: str = Field(min_length=1)
    message_pattern: Pattern
    error_type: str = "exception"
    error_class: str | None = None
    http_status: int | None = None
    severity: Literal["error", "warning", "info", "hint"] = "error"
    file_path: str | None = None
    line_number: int | None = Field(default=None, ge=1)
    source_code: str | None = None
    source_code_start: int | None = Field(default=None, ge=1)
    source_code_end: int | None = Field(default=None, ge=1)
    github_url: Annotated[str, Field(pattern=_HTTPS_URL)] | None = None
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
    # jaxlsp's additions to the seed schema (all optional, written only when set).
    #: Former slugs of this record: still accepted wherever a code is (select, ignore, ignore
    #: comments, ``records show``), so renaming a slug breaks no one's configuration.
    slug_aliases: tuple[Slug, ...] = ()
    related_errors: tuple[str, ...] = ()
    jax_versions: tuple[Version, ...] = ()
    apis: tuple[QualifiedName, ...] = ()
    message_variants: tuple[MessageVariant, ...] = ()
    reproducer: Reproducer | None = None
    analyzed_sha: str | None = None
    analyzed_at: Timestamp = None
    schema_version: Literal[2] = 2

    @model_validator(mode="after")
    def _source_span_is_ordered(self) -> ErrorRecord:
        if (
            problem := source_span_problem(self.source_code_start, self.source_code_end)
        ) is not None:
            raise ValueError(problem)
        return self

    @property
    def has_explanation(self) -> bool:
        """A curated record explains its error; an index record only locates it."""
        return bool(self.documentation)


class RecordFile(_WireModel):
    """The envelope a record is stored in: ``{"record": {...}, "datasetVersion": "..."}``."""

    record: ErrorRecord
    dataset_version: Timestamp = None


def dump_record_file(envelope: RecordFile, *, pretty: bool) -> str:
    """Serialise an envelope in canonical form: model field order, only the fields that were set.

    ``pretty=False`` gives the compact form of the seed files; ``pretty=True`` the indented form
    used in ``data/records`` (one field per line, reviewable diffs).
    """
    payload: dict[str, Any] = envelope.model_dump(by_alias=True, exclude_unset=True, mode="json")
    if pretty:
        return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False)


__all__ = [
    "MAX_PATTERN_LENGTH",
    "ErrorRecord",
    "MessageVariant",
    "RecordFile",
    "Reproducer",
    "dump_record_file",
    "source_span_problem",
]
