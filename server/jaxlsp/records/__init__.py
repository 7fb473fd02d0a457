"""Error records: the runtime record, the loader and the matcher (no LSP, no JAX import).

The schema (pydantic) is ``jaxlsp.records.model``; it is imported only to validate or write
record files, never to read the shipped ones (see ``jaxlsp.records.load``).
"""

from jaxlsp.records.load import LoadProblem, RecordSet, load_records
from jaxlsp.records.match import Match, Matcher
from jaxlsp.records.record import Record, RecordReproducer, RecordVariant

__all__ = [
    "LoadProblem",
    "Match",
    "Matcher",
    "Record",
    "RecordReproducer",
    "RecordSet",
    "RecordVariant",
    "load_records",
]
