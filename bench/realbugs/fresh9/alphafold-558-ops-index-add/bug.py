# realbug: alphafold-558-ops-index-add
# source: https://github.com/google-deepmind/alphafold/issues/558
# kind: removed-name
# raises: AttributeError: module 'jax.ops' has no attribute 'index_add'
# The reported line of alphafold's modules.py (the recycled first MSA row added to the MSA
# activations) on a JAX without `jax.ops.index_add` (removed in 0.3.2); the activations are
# random arrays of the shapes the Evoformer uses.
import jax
import jax.numpy as jnp

num_msa, num_res, msa_channel = 4, 16, 8
msa_activations = jax.random.normal(jax.random.PRNGKey(0), (num_msa, num_res, msa_channel))
prev_msa_first_row = jnp.ones((num_res, msa_channel))
msa_activations = jax.ops.index_add(msa_activations, 0, prev_msa_first_row)  # BUG
