"""``jnp.reshape(x, newshape=...)``, ``jnp.clip(x, a_max=...)``: a keyword a JAX function does
not take on the pinned JAX (most often one JAX renamed and then removed: code written for an
older release passes it), so the call raises TypeError before anything runs.

The parameter names are data (``jaxlsp.apis.keyword_names``, read from the pinned JAX), listed
only for functions where an unknown keyword surely raises: no ``**kwargs`` in their signature
or the one they wrap, arguments bound before anything runs, and a call with only an unknown
keyword seen raising on the pinned JAX.  The function must be JAX's for certain: reached from a
name bound once in the module by an import of a JAX module (``import jax.numpy as jnp``), read
as an attribute (``jnp.reshape``), and never set by the module itself; or a name bound once by
an import of the function itself (``from jax.experimental.pjit import pjit``), called by that
name.  A keyword unpacked from
a mapping (``**options``) is not read.  Code that checks first stays silent: a call under
``try`` that catches TypeError, or in a branch whose test asks ``hasattr`` or a version.  Where
the JAX installed beside jaxlsp is older than the pinned one, a removed keyword may still be
taken, and the rule is silent.
"""

from __future__ import annotations

import ast
import re
import threading
import weakref
from collections.abc import Iterator

from jaxlsp.apis.keyword_names import JAX_VERSION, KEYWORD_NAMES
from jaxlsp.apis.module_names import JAX_VERSION as MODULES_JAX_VERSION
from jaxlsp.apis.module_names import MODULE_NAMES
from jaxlsp.findings import Finding
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import Site
from jaxlsp.records.record import Record
from jaxlsp.rules._imports import (
    attribute_reads,
    checked_first,
    dotted,
    future_annotations,
    name_calls,
    package_aliases,
    package_imports,
    path_of,
    root,
)
from jaxlsp.rules._support import finding, related
from jaxlsp.rules.base import Rule
from jaxlsp.rules.jax_module_attribute_missing import (
    attribute_stores,
    dotted_reads,
    older_jax_installed,
)

#: What an import of JAX may bind that the rule reads: a module, or a listed function.
_IMPORTABLE = frozenset(MODULE_NAMES) | frozenset(KEYWORD_NAMES)


class JaxCallKeywordUnknown(Rule):
    NAME = "jax-call-keyword-unknown"
    CODE = "jax-call-keyword-unknown"
    RECORD_ID = "8423ae993c4019e4"
    READS_OWN_TEXT = True

    VALID = (
        """
import jax.numpy as jnp

x = jnp.arange(6.0)
y = jnp.reshape(x, shape=(2, 3))
z = jnp.clip(y, max=3.0)
w = jnp.sum(z, axis=0, keepdims=True)
""",
        # written for several JAX versions: the old keyword is tried under `except TypeError`
        """
import jax.numpy as jnp

x = jnp.arange(6.0)
try:
    y = jnp.reshape(x, newshape=(2, 3))
except TypeError:
    y = jnp.reshape(x, (2, 3))
""",
        # keywords unpacked from a mapping are not read; a user function of the same name is
        # not JAX's
        """
import jax.numpy as jnp

def clip(x, a_max):
    return jnp.minimum(x, a_max)

options = {"max": 1.0}
y = jnp.clip(jnp.ones(3), **options)
z = clip(jnp.ones(3), a_max=1.0)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

x = jnp.arange(6.0)
y = jnp.reshape(x, newshape=(2, 3))  # expect: jax-call-keyword-unknown
""",
        """
import jax.numpy as jnp

def save_exp(x, max_value=50.0):
    x = jnp.clip(x, a_max=max_value)  # expect: jax-call-keyword-unknown
    return jnp.exp(x)

y = save_exp(jnp.ones(3))
""",
    )

    def check(self, program: Program, record: Record | None) -> Iterator[Finding]:
        if older_jax_installed() or JAX_VERSION != MODULES_JAX_VERSION:
            return
        module = program.module
        chunks = module.source.parsed.chunks
        imported = package_imports(chunks, "jax", _IMPORTABLE)
        if not imported:
            return
        parsed = module.source.parsed
        text = module.source.text or "\n".join(parsed.lines)
        if not _may_spell_an_unknown_keyword(text, imported):
            return  # the walks below visit every node: made only where they may find
        aliases = package_aliases(chunks, "jax", _IMPORTABLE)
        if not aliases:
            return
        trees = [chunk.tree for chunk in chunks]
        lazy_annotations = any(future_annotations(tree) for tree in trees)
        names = {name: full for name, (full, _) in aliases.items()}
        shimmed = frozenset(
            (dotted(node.value, names), node.attr)
            for tree in trees
            for node in attribute_stores(tree)
        )
        context = (frozenset(names.items()), shimmed, lazy_annotations)
        for tree in trees:
            for call, keyword, path in _unknown_keywords(tree, context):
                function = path.rsplit(".", 1)[1]
                name = call.func.id if isinstance(call.func, ast.Name) else root(call.func)
                yield finding(
                    self,
                    record,
                    program,
                    Site(module.key, tree, keyword),
                    f"`{path}` takes no keyword `{keyword.arg}` on JAX {JAX_VERSION} (a keyword "
                    "JAX renamed or removed, or a misspelling): the call raises TypeError "
                    f"({function}() got an unexpected keyword argument '{keyword.arg}'). Its "
                    f"parameters are {_listed(KEYWORD_NAMES[path])}.",
                    (
                        related(
                            program,
                            Site(module.key, *aliases[name][1]),
                            f"`{aliases[name][0]}` is imported here",
                        ),
                    ),
                    node=keyword,
                )


def _listed(names: tuple[str, ...]) -> str:
    shown = ", ".join(f"`{name}`" for name in names[:8])
    return shown + (", ..." if len(names) > 8 else "")


def _may_spell_an_unknown_keyword(text: str, imported: dict[str, str]) -> bool:
    """Whether the text may spell a call of a listed JAX function, reached from a name an
    import of JAX binds, with a keyword that function does not take (``jnp.reshape(x,
    newshape=``).  A search of the text, which also finds calls in strings and comments: it
    only says where the walks are worth making.  Without it a module that calls JAX with
    right keywords paid for two walks of every node on each new text (measured on bench's
    2,000-line file: 1,536 M instructions for the server's cold open against 871 M
    without the rule)."""
    # a dotted name, then the call's bracket (dotted_reads says why its look-behinds follow
    # the names)
    pattern = re.compile(dotted_reads(imported).pattern + r"\s*\(")
    plain = _PLAIN_CALL.match
    for match in pattern.finditer(text):
        if plain(text, match.end()) is not None:
            continue  # most calls: no keyword spelled (one match in C, not the scan)
        taken = KEYWORD_NAMES.get(f"{imported[match[1]]}{match[2]}")
        if taken is None:
            continue
        spelled = _keywords_spelled(text, match.end())
        if spelled is None or any(name not in taken for name in spelled):
            return True
    functions = [name for name, full in imported.items() if full in KEYWORD_NAMES]
    if not functions:
        return False
    # a function imported by name, called by it (``pjit(f, in_axis_resources=...)``)
    bare = re.compile(
        "(" + "|".join(f"{re.escape(n)}(?<![\\w.]{re.escape(n)})" for n in functions) + r")\s*\("
    )
    for match in bare.finditer(text):
        if plain(text, match.end()) is not None:
            continue
        spelled = _keywords_spelled(text, match.end())
        taken = KEYWORD_NAMES[imported[match[1]]]
        if spelled is None or any(name not in taken for name in spelled):
            return True
    return False


#: What the scan of a call's arguments meets: a bracket, a one-line string, the start of
#: anything it does not read (a comment, a triple quote), a comma, or a name and ``=``.  The
#: name is tried only from its first character, and whole (no token ends inside a name, so a
#: name's rest never starts one): tried from each character, and shorter at each, the names
#: between the tokens were most of the scan's time.
_ARGUMENT_TOKEN = re.compile(
    r"""'{3}|"{3}|'[^'\\\n]*'|"[^"\\\n]*"|[()\[\]{}#\\,]"""  # the strings, brackets...
    r"""|(?<!\w)(\w++)\s*=(?!=)"""  # a name from its first character, and ``=``
)


def _keywords_spelled(text: str, start: int) -> set[str] | None:
    """The keywords spelled in the arguments of the call whose ``(`` ends at ``start``, or
    None where the scan cannot be sure (a comment, a backslash, a triple-quoted string, an
    unclosed call): the caller then walks the trees."""
    if _closes_on_its_line_without_keywords(text, start):
        return set()  # ``jnp.dot(x, params["w"])``: no ``=`` before the call ends
    keywords: set[str] = set()
    depth = 1
    argument_from = start  # where the call's current argument starts: after `(` or a `,`
    for token in _ARGUMENT_TOKEN.finditer(text, start):
        lexeme = token[0]
        if lexeme in _UNSURE:
            return None
        if token[1] is not None:
            if depth == 1 and not text[argument_from : token.start()].strip():
                keywords.add(token[1])
        elif lexeme in _OPENING:
            depth += 1
        elif lexeme in _CLOSING:
            depth -= 1
            if depth == 0:
                return keywords
        elif lexeme == "," and depth == 1:
            argument_from = token.end()
    return None


def _closes_on_its_line_without_keywords(text: str, start: int) -> bool:
    """Whether the call whose ``(`` ends at ``start`` surely ends on that line with no keyword:
    the rest of the line, its one-line strings left out, spells no ``=``, comment, backslash
    or other quote, and closes more brackets than it opens (the call's own ``(`` is closed
    there, as no string hides a bracket).  Counted in C, where the scan of the tokens is a
    step of Python each (most calls of bench's 2,000-line file hold a subscript or a string,
    and paid that scan: 2.5 ms of each fresh open)."""
    end = text.find("\n", start)
    rest = _ONE_LINE_STRING.sub("", text[start : end if end >= 0 else len(text)])
    if _LINE_STOP.search(rest):
        return False
    opened = rest.count("(") + rest.count("[") + rest.count("{")
    return rest.count(")") + rest.count("]") + rest.count("}") > opened


#: A string on one line, as the scan of the tokens reads one.
_ONE_LINE_STRING = re.compile(r"'[^'\\\n]*'|\"[^\"\\\n]*\"")
#: What, in a line's rest with its strings left out, the scan of the tokens must read.
_LINE_STOP = re.compile(r"""[=#\\'"]""")


def _plain_arguments(depth: int) -> str:
    """A pattern of a call's arguments that spell no ``=``, no comment, backslash or triple
    quote: text without those or brackets, one-line strings without ``=``, ``#`` or a backslash
    (no quote right after one: ``\'\'\'``), and such text in brackets nested ``depth`` deep.
    Where it matches up to the call's ``)``, ``_keywords_spelled`` finds no keyword (its tokens
    are those strings, the brackets it counts and commas); where it does not, that scan
    decides.  Possessive: a failed match is given up at once, not tried again shorter."""
    atom = r"""[^()\[\]{}'"#\\=]++|(?:'[^'\\\n=#]*+'|"[^"\\\n=#]*+")(?!['"])"""
    if depth:
        inner = _plain_arguments(depth - 1)
        atom += rf"|\({inner}\)|\[{inner}\]|\{{{inner}\}}"
    return f"(?:{atom})*+"


#: The arguments of most calls (``jnp.dot(x, params["w"])``; ``jnp.sum(x, axis=0)`` is not
#: one) up to the call's ``)``, brackets one deep: on bench's 2,000-line file 435 of its 552
#: listed calls (two deep, 453, but the pattern takes 0.9 ms to compile, not 0.4; compiled
#: once, with the module, not into each set of JAX imports' search).
_PLAIN_CALL = re.compile(_plain_arguments(1) + r"\)")
_UNSURE = frozenset({"#", "\\", "'''", '"""'})
_OPENING = frozenset("([{")
_CLOSING = frozenset(")]}")


_Context = tuple[frozenset[tuple[str, str]], frozenset[tuple[str | None, str]], bool]
_Found = list[tuple[ast.Call, ast.keyword, str]]

#: Each statement tree's calls with an unknown keyword, for the context they were found in
#: (the module's JAX aliases, its shims, whether annotations are lazy), kept while the tree
#: lives: an edit keeps the other statements' trees.
_TREE_FOUND: weakref.WeakKeyDictionary[ast.Module, tuple[_Context, _Found]] = (
    weakref.WeakKeyDictionary()
)
_TREES_LOCK = threading.Lock()  # analyses may run on several threads
_NONE: _Found = []


def _unknown_keywords(tree: ast.Module, context: _Context) -> _Found:
    """The calls in ``tree`` of a listed JAX function with a keyword it does not take, each
    with that keyword and the function's dotted name, that run unchecked."""
    with _TREES_LOCK:
        kept = _TREE_FOUND.get(tree)
    if kept is not None and kept[0] == context:
        return kept[1]
    aliases, shimmed, lazy_annotations = context
    names = dict(aliases)
    found: _Found = []
    for node, chain in attribute_reads(tree, lazy_annotations):
        parent = chain[1][0] if chain[1] is not None else None
        if not isinstance(parent, ast.Call) or parent.func is not node or not parent.keywords:
            continue
        base = dotted(node.value, names)
        if base is None or (base, node.attr) in shimmed:
            continue
        path = f"{base}.{node.attr}"
        taken = KEYWORD_NAMES.get(path)
        if taken is None:
            continue
        unknown = [kw for kw in parent.keywords if kw.arg is not None and kw.arg not in taken]
        if not unknown or checked_first(path_of(chain), errors=("TypeError",)):
            continue
        found.extend((parent, keyword, path) for keyword in unknown)
    functions = {name: full for name, full in names.items() if full in KEYWORD_NAMES}
    if functions:
        for call, chain in name_calls(tree, functions, lazy_annotations):
            assert isinstance(call.func, ast.Name)
            path = functions[call.func.id]
            taken = KEYWORD_NAMES[path]
            unknown = [kw for kw in call.keywords if kw.arg is not None and kw.arg not in taken]
            if not unknown or checked_first(path_of(chain), errors=("TypeError",)):
                continue
            found.extend((call, keyword, path) for keyword in unknown)
    found = found or _NONE
    with _TREES_LOCK:
        _TREE_FOUND[tree] = (context, found)
    return found
