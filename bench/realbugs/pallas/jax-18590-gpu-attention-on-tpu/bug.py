# realbug: jax-18590-gpu-attention-on-tpu
# source: https://github.com/jax-ml/jax/issues/18590
# kind: pallas-backend-mismatch
# raises: .*
# needs: TPU. pallas.ops.attention is the Triton (GPU) kernel; on a Cloud TPU it does not
# lower. On the CPU without interpret mode it fails for another reason (no CPU lowering).
# TPU label (a TPU v5e with jax 0.10.2, the TPU machine's release, not the pinned 0.12.0.1): not
# labelled: `jax.experimental.pallas.ops.attention` is not importable there as written
# (ImportError; 0.12 moved it too); fixed.py ran.
import jax
from jax.experimental.pallas.ops import attention

bs = 2
seqlen = 1000
n_heads = 32
dim = 128
rng = jax.random.PRNGKey(0)
xq = jax.random.normal(rng, (bs, seqlen, n_heads, dim))
xk = jax.random.normal(rng, (bs, seqlen, n_heads, dim))
xv = jax.random.normal(rng, (bs, seqlen, n_heads, dim))

print("reference")
res = attention.mha_reference(xq, xk, xv, None)
print(res.shape)

print("real kernel")
print(attention.mha(xq, xk, xv, None))  # BUG
