# realbug: jax-31876-scatter-in-gpu-kernel
# source: https://github.com/jax-ml/jax/issues/31876
# kind: pallas-gpu-unimplemented-primitive
# raises: NotImplementedError: Unimplemented primitive in Pallas (GPU|Triton) lowering: scatter
# needs: GPU. `.at[0].set` is a scatter, which the GPU lowering lacks; the CPU interpret mode
# runs it. pl.load/pl.store, gone in 0.12, are written as Ref indexing.
# 0.12 label (stop 41): lowered for CUDA on the CPU with jax 0.12.0.1 (an abstract CUDA device:
# tests/_gpu_lowering.py), this program raised NotImplementedError: Unimplemented primitive in
# Pallas Triton lowering: scatter; fixed.py raised ... lowering: gather (its
# `solve_effect[index]` by a row of indices), so the maintainers' fix needs one more step on 0.12.
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl


def kernel(
    diags_ref,
    solves_ref,
    lowers_ref,
    indices_ref,
    out_solve_ref,
):
    i_neuron = pl.program_id(0)

    diags = diags_ref[i_neuron]
    solves = solves_ref[i_neuron]
    lowers = lowers_ref[pl.dslice(None)]

    lowers = lowers.at[0].set(0.0)  # BUG
    lower_effect = -lowers / diags
    solve_effect = solves / diags
    for i in range(indices_ref.shape[0]):
        index = indices_ref[i]
        solve_effect = lower_effect * solve_effect[index] + solve_effect
        lower_effect = lower_effect * lower_effect[index]

    out_solve_ref[i_neuron] = solve_effect


@jax.jit
def run_kernel(diags, solves, lowers, indices):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(diags.shape, diags.dtype),
        grid=(diags.shape[0],),
    )(diags, solves, lowers, indices)


diags = jnp.asarray(np.random.randn(1024, 128).astype(np.float32))
solves = jnp.asarray(np.random.randn(1024, 128).astype(np.float32))
lowers = jnp.asarray(np.random.randn(128).astype(np.float32))
indices = jnp.asarray(np.random.randint(0, 128, size=(7, 128)).astype(np.int32))
run_kernel(diags, solves, lowers, indices)
