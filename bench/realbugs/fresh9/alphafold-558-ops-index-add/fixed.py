# realbug: alphafold-558-ops-index-add (fixed)
# source: https://github.com/google-deepmind/alphafold/issues/558
import jax
import jax.numpy as jnp

num_msa, num_res, msa_channel = 4, 16, 8
msa_activations = jax.random.normal(jax.random.PRNGKey(0), (num_msa, num_res, msa_channel))
prev_msa_first_row = jnp.ones((num_res, msa_channel))
msa_activations = msa_activations.at[0].add(prev_msa_first_row)
