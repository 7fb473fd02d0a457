"""Messages that Python or NumPy raise in the very words one of JAX's errors uses.

JAX words some of its errors as NumPy does (``The truth value of an array with more than one
element is ambiguous``), and some of its records are templates of Python's own wording
(``unsupported operand type(s) for {}: {} and {}``, ``module {} has no attribute {}``).  Such a
message, pasted alone, says nothing of who raised it: a record that matches its words is no
evidence that JAX did.  Explain answers it only when something else in the text ties it to JAX
(a frame in JAX, JAX's name, a JAX type among its values); otherwise it shows the nearest
records without claiming one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

RaisedBy = Literal["Python", "NumPy"]


@dataclass(frozen=True, slots=True)
class SharedWording:
    """One message wording that Python or NumPy raises too."""

    #: Matches the whole message (whitespace collapsed), case-sensitively.
    pattern: re.Pattern[str]
    raised_by: RaisedBy


def _wording(pattern: str, raised_by: RaisedBy) -> SharedWording:
    return SharedWording(re.compile(pattern), raised_by)


#: The wordings, each as Python 3.11-3.13 and NumPy 1.x-2.x print it.
SHARED_WORDINGS: Final[tuple[SharedWording, ...]] = (
    _wording(r"unsupported operand type\(s\) for \S+: '[^']+' and '[^']+'", "Python"),
    _wording(r"bad operand type for unary \S+: '[^']+'", "Python"),
    _wording(r"module '[^']+' has no attribute '[^']+'", "Python"),
    _wording(r"'[^']+' object has no attribute '[^']+'", "Python"),
    _wording(r"unhashable type: '[^']+'", "Python"),
    _wording(r"'[^']+' object is not (?:subscriptable|callable|iterable)", "Python"),
    _wording(r"object of type '[^']+' has no len\(\)", "Python"),
    _wording(r"(?:list|tuple) index out of range", "Python"),
    _wording(
        r"The truth value of an array with more than one element is ambiguous\. "
        r"Use a\.any\(\) or a\.all\(\)",
        "NumPy",
    ),
    _wording(r"operands could not be broadcast together with shapes .+", "NumPy"),
    _wording(r"cannot reshape array of size \d+ into shape .+", "NumPy"),
    _wording(r"setting an array element with a sequence\..*", "NumPy"),
    _wording(r"only integer scalar arrays can be converted to a scalar index", "NumPy"),
)

#: Words and names that only JAX's errors and tracebacks contain: in a message of a shared
#: wording, a value of JAX's (``unhashable type: 'ArrayImpl'``); in a whole paste, what ties
#: it to JAX (``jaxlsp.explain``).
JAX_EVIDENCE: Final = re.compile(
    r"(?<![\w-])jax(?:lib)?(?![\w-])|(?<![\w])jax[._]|jaxlib|Traced<|Jaxpr|XlaRuntimeError"
    r"|JaxRuntimeError|xla_extension|pallas|Mosaic|\bpjit\b|shard_map|DeviceArray|PRNGKey"
    r"|ShapedArray|BufferAssignment|PyTreeDef|jax_enable_x64|XLA_PYTHON_CLIENT|ArrayImpl"
    r"|\w+Tracer\b",
    re.IGNORECASE,
)
#: What a paste adds around a message: Markdown emphasis and code quotes.
_DECORATION = re.compile(r"^[\s*_`]+|[\s*_`]+$")


def shared_wording(message: str) -> SharedWording | None:
    """The wording Python or NumPy shares with ``message``, unless one of its values is JAX's
    (``unhashable type: 'ArrayImpl'`` is Python's words about a JAX array)."""
    flat = _DECORATION.sub("", " ".join(message.split()))
    if JAX_EVIDENCE.search(flat):
        return None
    for wording in SHARED_WORDINGS:
        if wording.pattern.fullmatch(flat):
            return wording
    return None
