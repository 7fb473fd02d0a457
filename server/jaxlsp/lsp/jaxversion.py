"""Which JAX the user's project runs, and the records that fit it.

Messages and raise sites move between JAX releases, so the index records (one per raise site)
must come from the user's JAX, not jaxlsp's pin.  The user's JAX is found from files only
(``jaxlsp.index.jaxenv``: never imported, never run), looking in order at the ``interpreter``
setting, a ``.venv``/``venv`` folder in each workspace folder, and the interpreter running the
server.  The shipped or cached index for that version is used when there is one; otherwise one
is built from the installed source in the background (seconds) and swapped in when ready.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from jaxlsp.index.jaxenv import JaxInstall, detect_jax

_VENV_NAMES = (".venv", "venv")


@dataclass(frozen=True)
class JaxChoice:
    install: JaxInstall | None
    #: Where it was found (an interpreter, a venv, a site-packages folder).
    found_in: Path | None


def candidate_locations(interpreter: str | None, folders: Iterable[Path]) -> list[Path]:
    """Where to look for the user's JAX, most specific first."""
    locations = [Path(interpreter).expanduser()] if interpreter else []
    for folder in folders:
        locations += [folder / name for name in _VENV_NAMES if (folder / name).is_dir()]
    locations.append(Path(sys.executable))
    return locations


def find_jax(locations: Sequence[Path]) -> JaxChoice:
    for location in locations:
        install = detect_jax(location)
        if install is not None:
            return JaxChoice(install, location)
    return JaxChoice(None, None)
