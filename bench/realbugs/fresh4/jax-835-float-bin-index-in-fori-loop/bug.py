# realbug: jax-835-float-bin-index-in-fori-loop
# source: https://github.com/jax-ml/jax/issues/835
# kind: index-not-integer
# raises: TypeError: Indexer must have integer or boolean type
# The report shows the loop body of a Wang-Landau sampler (jaxent.py, wl_step); the data
# around it is filled in here. JAX 0.1 raised "Indexing mode not yet supported"; 0.12 names
# the float index.
import jax.numpy as np
from jax import lax, random

min_energy = -10.0
bin_width = 0.5
n_bins = 40
unifs = random.uniform(random.PRNGKey(0), (100,))
energies = random.uniform(random.PRNGKey(1), (100,), minval=-10.0, maxval=10.0)


def wl_step(j, loop_carry):
    densities, curr_bin = loop_carry
    new_nrg = energies[j]
    new_bin = (new_nrg-min_energy)//bin_width  # BUG

    dE = densities[new_bin] - densities[curr_bin]  # BUG
    accept = ((dE < 0) | (unifs[j] < np.exp(-dE)))
    curr_bin = np.where(accept, new_bin, curr_bin)
    densities = densities.at[curr_bin].add(1.0)
    return densities, curr_bin


densities, curr_bin = lax.fori_loop(0, 100, wl_step, (np.zeros(n_bins), 0))
