# realbug: jax-18590-gpu-attention-on-tpu (fixed)
# source: https://github.com/jax-ml/jax/issues/18590
# The fix: the TPU flash attention kernel, which takes (batch, heads, seq, dim).
import jax
from jax.experimental.pallas.ops.tpu import flash_attention

bs = 2
seqlen = 1024
n_heads = 32
dim = 128
rng = jax.random.PRNGKey(0)
xq = jax.random.normal(rng, (bs, n_heads, seqlen, dim))
xk = jax.random.normal(rng, (bs, n_heads, seqlen, dim))
xv = jax.random.normal(rng, (bs, n_heads, seqlen, dim))

print(flash_attention.flash_attention(xq, xk, xv))
