"""eformer ``escale/partition/constraints.py:380`` (mesh-axis-names-count): the fallback
``Mesh(np.empty((0,), dtype=np.int32), [])`` of ``get_corrected_named_sharding``, run as the
wheel writes it (cut with ``ast``; eformer's sdist does not build here).  True when it raises
the ValueError of a devices array with another number of axes than names.

    python eformer_empty_mesh.py SRC      (SRC: the unpacked wheel, ``{src}`` in a review)
"""

import ast
import sys
from pathlib import Path

import numpy as np
from jax.sharding import Mesh

path = "eformer/escale/partition/constraints.py"
tree = ast.parse(Path(sys.argv[1], path).read_text(encoding="utf-8"))
statement = next(
    node for node in ast.walk(tree) if isinstance(node, ast.Assign) and node.lineno == 380
)
try:
    exec(compile(ast.Module([statement], []), f"{path}:380", "exec"), {"np": np, "Mesh": Mesh})
except ValueError as error:
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print(f"verdict: false: {path}:380 made its mesh")
