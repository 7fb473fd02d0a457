"""A trainer reshapes its devices to a 2x2x2 grid and names its three axes."""
# corpus: label=negative styles=method,attribute

import jax
import numpy as np
from jax.sharding import Mesh


class Trainer:
    axis_names = ("data", "fsdp", "model")

    def mesh(self):
        devices = np.array(jax.devices()).reshape(2, 2, 2)
        return Mesh(devices, self.axis_names)


Trainer().mesh()
