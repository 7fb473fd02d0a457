# realbug: grok-1-38-device-mesh-larger-than-devices
# source: https://github.com/xai-org/grok-1/issues/38
# kind: mesh-device-count
# raises: ValueError: Number of devices 1 must equal the product of mesh_shape \(1, 8\)
# grok-1's runner builds a (1, 8) local mesh on a machine with one GPU. The report goes
# through `create_hybrid_device_mesh`, which needs TPU/GPU slice indices that CPU devices
# lack; the per-host `create_device_mesh` call it makes raises the same error here.
import jax
from jax.experimental import mesh_utils

local_mesh_config = (1, 8)
devices = jax.devices()[:1]
device_mesh = mesh_utils.create_device_mesh(local_mesh_config, devices)  # BUG
print(device_mesh.shape)
