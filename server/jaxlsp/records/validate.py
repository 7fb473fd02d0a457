"""Validate a record file against the schema (pydantic), for files not known to be valid.

``jaxlsp.records.load`` reads the shipped files the manifest lists with ``json`` alone; every
other file comes here: the user's records, an index built for another JAX, a shipped file
edited since the manifest was written, and everything ``jaxlsp records validate`` checks.  Each
problem names its file, record id and wire field; the valid records of a file are kept.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Annotated, Any, NotRequired, Required

from pydantic import AfterValidator, BaseModel, ConfigDict, TypeAdapter, ValidationError
from pydantic.alias_generators import to_camel
from typing_extensions import TypedDict

from jaxlsp.gcpause import gc_paused
from jaxlsp.records.model import ErrorRecord, RecordFile, Reproducer
from jaxlsp.records.record import field_from_wire, source_span_problem
from jaxlsp.records.recordset import LoadProblem, Packer, RecordSet

_ENVELOPE = TypeAdapter(RecordFile)
_RECORD = TypeAdapter(ErrorRecord)


@functools.cache
def fast_bundle() -> TypeAdapter[Any]:
    """A bundle validator that checks each record exactly as ``ErrorRecord`` does (the same
    annotated fields, generated from the model, and the same span check) but returns a dict of
    the fields the file sets, not a model: no defaults filled in, no 37-entry ``__dict__`` per
    record.

    It only decides acceptance on the fast path; every reported problem comes from validating
    the record as an ``ErrorRecord`` (``load_validated`` falls back to that on any error).
    """
    config = ConfigDict(alias_generator=to_camel, extra="forbid")
    fields: dict[str, Any] = {}
    for name, info in ErrorRecord.model_fields.items():
        annotation: Any = info.annotation
        if info.metadata:
            annotation = Annotated[(annotation, *info.metadata)]
        fields[name] = Required[annotation] if info.is_required() else NotRequired[annotation]
    make: Any = TypedDict  # a TypedDict built from the model's fields, which mypy cannot follow
    record = make("_RecordFields", fields)
    record.__pydantic_config__ = config
    checked: Any = Annotated[record, AfterValidator(_span_is_ordered)]
    bundle = make(
        "_BundleFields",
        {"records": Required[list[checked]], "dataset_version": NotRequired[str | None]},
    )
    bundle.__pydantic_config__ = config
    return TypeAdapter(bundle)


def _span_is_ordered(fields: dict[str, Any]) -> dict[str, Any]:
    problem = source_span_problem(fields.get("source_code_start"), fields.get("source_code_end"))
    if problem is not None:
        raise ValueError(problem)
    return fields


def load_validated(path: Path, raw: bytes, pretty: bool) -> RecordSet:
    """The valid records of ``raw`` (read from ``path``) and a problem for each invalid one."""
    result = RecordSet()
    packer = Packer()
    if raw.lstrip()[:1] == b"{" and b'"records"' in raw[:4096]:
        try:
            # The fast path for big bundles: parse and validate in pydantic-core in one go,
            # into the set fields only (no model per record; see ``fast_bundle``).
            with gc_paused():
                bundle = fast_bundle().validate_json(raw, by_alias=True, by_name=False)
        except ValidationError:
            pass  # fall through: find the bad records one by one and keep the rest
        else:
            with gc_paused():
                for fields in bundle["records"]:
                    result.add(packer.add(record_values(fields), path, pretty))
            return result
    try:
        document = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        result.problems.append(LoadProblem(path, f"not valid JSON: {error}"))
        return result
    if isinstance(document, dict) and isinstance(document.get("records"), list):
        for item in document["records"]:
            try:
                record = _RECORD.validate_python(item, by_alias=True, by_name=False)
            except ValidationError as error:
                result.problems.extend(_problems_from(path, item, error, skip=0))
            else:
                result.add(packer.add(model_values(record), path, pretty))
    elif isinstance(document, dict) and "record" in document:
        try:
            envelope = _ENVELOPE.validate_python(document, by_alias=True, by_name=False)
        except ValidationError as error:
            result.problems.extend(_problems_from(path, document.get("record"), error, skip=1))
            return result
        result.add(packer.add(model_values(envelope.record), path, pretty))
    else:
        result.problems.append(
            LoadProblem(path, 'expected {"record": {...}} or {"records": [...]} at the top level')
        )
    return result


def model_values(record: ErrorRecord) -> dict[str, Any]:
    """A validated model's set fields as a ``Record`` holds them, in schema order."""
    values = record.__dict__
    return record_values({name: values[name] for name in record.model_fields_set})


def record_values(fields: dict[str, Any]) -> dict[str, Any]:
    """Validated set fields (snake_case) as a ``Record`` holds them, in schema order: nested
    models go through their wire form, as a listed file's records do."""
    ordered = {name: fields[name] for name in ErrorRecord.model_fields if name in fields}
    if "message_variants" in ordered:
        variants = [_wire(variant) for variant in ordered["message_variants"]]
        ordered["message_variants"] = field_from_wire("message_variants", variants)
    if isinstance(reproducer := ordered.get("reproducer"), Reproducer):
        ordered["reproducer"] = field_from_wire("reproducer", _wire(reproducer))
    return ordered


def _wire(model: BaseModel) -> dict[str, Any]:
    return model.model_dump(by_alias=True, exclude_unset=True)


def _problems_from(
    path: Path, raw_record: Any, error: ValidationError, *, skip: int
) -> list[LoadProblem]:
    """One problem per pydantic error, naming the wire (camelCase) field path."""
    record_id = raw_record.get("id") if isinstance(raw_record, dict) else None
    problems = []
    for detail in error.errors(include_url=False):
        location = [str(part) for part in detail["loc"][skip:]]
        problems.append(
            LoadProblem(
                path,
                detail["msg"],
                record_id=record_id if isinstance(record_id, str) else None,
                field=".".join(location) or None,
            )
        )
    return problems
