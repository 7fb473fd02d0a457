"""The machine and JAX release, and which primitives this release's Pallas TPU (Mosaic)
lowering has rules for (its TensorCore table): printed as JSON and written to
$OUT/env.json."""

import json
import os
from pathlib import Path

import jax

info = {"jax": jax.__version__, "devices": [str(d) for d in jax.devices()]}
try:
    import jaxlib

    info["jaxlib"] = jaxlib.__version__
except Exception as error:
    info["jaxlib"] = repr(error)
try:
    from jax._src.pallas.mosaic import lowering

    tables = lowering.lowering_rules
    if isinstance(tables, dict) and tables and all(isinstance(v, dict) for v in tables.values()):
        info["tables"] = {
            str(kind): sorted(p.name for p in rules) for kind, rules in tables.items()
        }
    else:
        info["tables"] = {"single": sorted(p.name for p in tables)}
except Exception as error:
    info["tables_error"] = repr(error)
print(json.dumps(info)[:3000])
with (Path(os.environ.get("OUT") or ".") / "env.json").open("w") as sink:
    json.dump(info, sink, indent=1)
