"""flaxdiff ``trainer/diffusion_trainer.py:187`` (slice-indices-not-static): ``train_step``
(jitted, line 251) slices ``null_labels_seq[:num_unconditional]`` where ``num_unconditional``
is ``jnp.sum(uncond_mask).astype(jnp.int32)``, a tracer.  The statement is cut from the wheel
with ``ast`` and run in a jitted function that binds its names as ``train_step`` does (the
trainer itself needs a CLIP text encoder from a hub).  True when it raises IndexError.

    python flaxdiff_unconditional_slice.py SRC      (SRC: the unpacked wheel)
"""

import ast
import sys
from pathlib import Path

import jax
import jax.numpy as jnp

path = "flaxdiff/trainer/diffusion_trainer.py"
tree = ast.parse(Path(sys.argv[1], path).read_text(encoding="utf-8"))
statement = next(
    node for node in ast.walk(tree) if isinstance(node, ast.Assign) and node.lineno == 187
)
code = compile(ast.Module([statement], []), f"{path}:187", "exec")
batch, tokens, channels = 4, 3, 2
null_labels_seq = jnp.broadcast_to(jnp.zeros((tokens, channels), jnp.float16), (batch, 3, 2))


@jax.jit
def step(label_seq, key):
    uncond_mask = jax.random.bernoulli(key, shape=(batch,), p=0.5)
    num_unconditional = jnp.sum(uncond_mask).astype(jnp.int32)
    names = {"jnp": jnp, "null_labels_seq": null_labels_seq, "label_seq": label_seq}
    names["num_unconditional"] = num_unconditional
    exec(code, names)
    return names["label_seq"]


try:
    out = step(jnp.ones((batch, tokens, channels), jnp.float16), jax.random.key(0))
except IndexError as error:
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print(f"verdict: false: the slice ran, {out.shape}")
