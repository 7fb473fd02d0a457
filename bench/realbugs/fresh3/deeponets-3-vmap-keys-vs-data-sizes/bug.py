# realbug: deeponets-3-vmap-keys-vs-data-sizes
# source: https://github.com/PredictiveIntelligenceLab/Physics-informed-DeepONets/issues/3
# kind: vmap-sizes
# raises: ValueError: vmap got inconsistent sizes for array axes to be mapped
import jax.numpy as np
from jax import random, vmap


def generate_one_ics_training_data(key, u0, m=101, P=101):
    t_0 = np.zeros((P, 1))
    x_0 = np.linspace(0, 1, P)[:, None]
    y = np.hstack([x_0, t_0])
    u = np.tile(u0, (P, 1))
    s = u0
    return u, y, s


N = 1000
m = 101
P_ics_train = 101
key = random.PRNGKey(0)
keys = random.split(key, N)
u0_train = np.ones((10, m))

u_ics_train, y_ics_train, s_ics_train = vmap(  # BUG
    generate_one_ics_training_data, in_axes=(0, 0, None, None)
)(keys, u0_train, m, P_ics_train)
