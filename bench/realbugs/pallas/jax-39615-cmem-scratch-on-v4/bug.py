# realbug: jax-39615-cmem-scratch-on-v4
# source: https://github.com/jax-ml/jax/issues/39615
# kind: pallas-tpu-memory-space
# raises: .*CMEM.*|.*not implemented.*
# needs: TPU v4. A CMEM scratch buffer is not implemented for the v4 TensorCore; other
# machines have no CMEM to try it on.
# TPU label (a TPU v5e with jax 0.10.2, the TPU machine's release, not the pinned 0.12.0.1): not
# labelled: 0.10.2 has no `pltpu.TensorCoreMesh` (AttributeError in bug.py and fixed.py), and a
# v5e is not the report's v4.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

device_mesh = jax.make_mesh((1,), ("device",), devices=jax.devices()[:1])
tc_mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)
sharding = jax.NamedSharding(device_mesh, P(None, None), memory_kind="device")


@jax.jit(out_shardings=sharding)
@jax.shard_map(out_specs=P(None, None), check_vma=False)
def copy_through_cmem(x):
    x_hbm = jax.new_ref(x, memory_space=pltpu.HBM)
    y_hbm = jax.empty_ref(jax.ShapeDtypeStruct(x.shape, x.dtype), memory_space=pltpu.HBM)

    @pl.core_map(
        mesh=tc_mesh,
        scratch_shapes=(pltpu.CMEM(x.shape, x.dtype) @ tc_mesh,),  # BUG
    )
    def kernel(x_cmem):
        x_vmem = jax.empty_ref(
            jax.ShapeDtypeStruct(x.shape, x.dtype),
            memory_space=pltpu.VMEM @ tc_mesh,
        )
        pltpu.sync_copy(x_hbm, x_cmem)
        pltpu.sync_copy(x_cmem, x_vmem)
        pltpu.sync_copy(x_vmem, y_hbm)

    return jax.freeze(y_hbm)


jax.set_mesh(device_mesh)
x = jnp.arange(8 * 128, dtype=jnp.float32).reshape((8, 128), out_sharding=sharding)
copy_through_cmem(x).block_until_ready()
