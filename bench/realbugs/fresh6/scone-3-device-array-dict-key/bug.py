# realbug: scone-3-device-array-dict-key
# source: https://github.com/nglaze00/SCoNe_GCN/issues/3
# kind: unhashable-array
# raises: TypeError: unhashable type
# `last_nodes` was built with jax.numpy (`np` where `onp` was meant), so iterating it gives JAX
# scalars, used as dict keys; the neighbourhood dict and the nodes are filled in.
import numpy as onp
import jax.numpy as np

nbrhoods_dict = {0: [1, 2], 1: [0], 2: [0, 1]}
last_nodes = np.array([0, 2, 1])
n_nbrs = onp.array([len(nbrhoods_dict[n]) for n in last_nodes])  # BUG
