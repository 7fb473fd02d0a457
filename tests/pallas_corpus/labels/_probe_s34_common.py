"""Shared by the stop-34 TPU probes (``_probe_s34_*.py``, run as ``probe_*.py`` by the batch
runner on a TPU v5e with jax 0.10.2; their outcomes are the ``probe/s34/...`` entries of
tpu-v5e-jax-0.10.2.json): run one small Pallas kernel per case and write one JSON
line per case (to stdout and to $OUT/probes.jsonl). PROBE_INTERPRET=1 runs them in interpret
mode (a CPU smoke test of the probes themselves)."""

import json
import os
import time
from pathlib import Path

import jax
from jax.experimental import pallas as pl

try:
    from jax.experimental.pallas import tpu as pltpu
except Exception:
    pltpu = None

INTERPRET = os.environ.get("PROBE_INTERPRET") == "1"
OUT = os.environ.get("OUT") or "."


def space(name):
    """A TPU memory space by name, in this release's spelling."""
    for owner in (
        pltpu,
        pl,
        getattr(pltpu, "MemorySpace", None),
        getattr(pltpu, "TPUMemorySpace", None),
    ):
        found = getattr(owner, name, None) if owner is not None else None
        if found is not None:
            return found
    raise AttributeError(f"no memory space {name} in this release")


def call(kernel, out_shape, **kwargs):
    return pl.pallas_call(kernel, out_shape=out_shape, interpret=INTERPRET, **kwargs)


def record(probe, case, thunk):
    started = time.time()
    entry = {"probe": probe, "case": case, "jax": jax.__version__}
    try:
        jax.block_until_ready(thunk())
        entry["raised"] = False
    except Exception as error:
        text = str(error).strip()
        entry["raised"] = True
        entry["exception"] = f"{type(error).__module__}.{type(error).__qualname__}"
        entry["message"] = text.splitlines()[0][:400] if text else ""
        entry["message_tail"] = text.splitlines()[-1][:300] if text else ""
    entry["seconds"] = round(time.time() - started, 2)
    line = json.dumps(entry)
    print(line, flush=True)
    with (Path(OUT) / "probes.jsonl").open("a") as sink:
        sink.write(line + "\n")
