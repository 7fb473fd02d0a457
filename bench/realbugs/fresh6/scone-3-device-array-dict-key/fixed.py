# realbug: scone-3-device-array-dict-key (fixed)
# source: https://github.com/nglaze00/SCoNe_GCN/issues/3
import numpy as onp
import jax.numpy as np

nbrhoods_dict = {0: [1, 2], 1: [0], 2: [0, 1]}
last_nodes = np.array([0, 2, 1])
n_nbrs = onp.array([len(nbrhoods_dict[n]) for n in onp.asarray(last_nodes).tolist()])
