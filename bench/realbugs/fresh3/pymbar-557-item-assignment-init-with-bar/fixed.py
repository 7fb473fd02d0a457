# realbug: pymbar-557-item-assignment-init-with-bar (fixed)
# source: https://github.com/choderalab/pymbar/issues/557
import jax.numpy as jnp


def bar_free_energy(w_F, w_R):
    return jnp.log(jnp.mean(jnp.exp(-w_F))) - jnp.log(jnp.mean(jnp.exp(-w_R)))


def _initialize_with_bar(u_kn, N_k):
    K = len(N_k)
    f_k_init = jnp.zeros(K)
    start = 0
    for l in range(K - 1):
        stop = start + N_k[l]
        w_F = u_kn[l + 1, start:stop] - u_kn[l, start:stop]
        w_R = u_kn[l, stop : stop + N_k[l + 1]] - u_kn[l + 1, stop : stop + N_k[l + 1]]
        f_k_init = f_k_init.at[l + 1].set(f_k_init[l] + bar_free_energy(w_F, w_R))
        start = stop
    return f_k_init


u_kn = jnp.linspace(0.0, 1.0, 3 * 12).reshape(3, 12)
print(_initialize_with_bar(u_kn, [4, 4, 4]))
