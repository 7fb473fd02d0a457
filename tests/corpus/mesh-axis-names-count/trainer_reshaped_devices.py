"""A trainer reshapes its devices to a 2x4 grid but names three axes."""
# corpus: label=positive styles=method,attribute

import jax
import numpy as np
from jax.sharding import Mesh


class Trainer:
    axis_names = ("data", "fsdp", "model")

    def mesh(self):
        devices = np.array(jax.devices()).reshape(2, 4)
        return Mesh(devices, self.axis_names)  # expect: mesh-axis-names-count


Trainer().mesh()
