# realbug: grok-1-38-device-mesh-larger-than-devices (fixed)
# source: https://github.com/xai-org/grok-1/issues/38
import jax
from jax.experimental import mesh_utils

devices = jax.devices()[:1]
local_mesh_config = (1, len(devices))
device_mesh = mesh_utils.create_device_mesh(local_mesh_config, devices)
print(device_mesh.shape)
