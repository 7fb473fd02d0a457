"""Error records: the model, the loader and the matcher (no LSP, no JAX import)."""

from jaxlsp.records.load import LoadProblem, RecordSet, load_records
from jaxlsp.records.match import Match, Matcher
from jaxlsp.records.model import ErrorRecord, MessageVariant, RecordFile, Reproducer

__all__ = [
    "ErrorRecord",
    "LoadProblem",
    "Match",
    "Matcher",
    "MessageVariant",
    "RecordFile",
    "RecordSet",
    "Reproducer",
    "load_records",
]
