# realbug: simphony-88-laser-input-item-assignment
# source: https://github.com/BYUCamachoLab/simphony/issues/88
# kind: item-assignment
# raises: TypeError: JAX arrays are immutable and do not support in-place item assignment
# simphony's ClassicalSim.run (simulation/classical.py, the lines the report links): the
# lasers' input column is written into a `jnp.zeros` array by index, which works with NumPy
# (simphony's fallback when JAX is missing) but not with JAX. The circuit's S-matrix and the
# Laser device are cut to what run() reads.
import jax.numpy as jnp


class Laser:
    def __init__(self, power=1.0, phase=0.0, mod_function=None):
        self.power = power
        self.phase = phase
        self.mod_function = mod_function


class ClassicalSim:
    def __init__(self, s_params, n_ports, wl, laser_dict):
        self.s_params = s_params
        self.n_ports = n_ports
        self.wl = wl
        self.laser_dict = laser_dict

    def run(self):
        S = self.s_params
        input_source = jnp.zeros(
            (len(self.wl), self.n_ports), dtype=jnp.complex64
        )
        for laser, laser_idx in self.laser_dict.items():
            if laser.mod_function is None:
                input_source[:, laser_idx] = (  # BUG
                    jnp.ones_like(self.wl)
                    * jnp.sqrt(laser.power)
                    * jnp.exp(1j * laser.phase)
                )
            else:
                input_source[:, laser_idx] = laser.mod_function(self.wl) * jnp.sqrt(
                    laser.power
                )
        output = (S @ input_source[:, :, None])[:, :, 0]
        return output


wl = jnp.linspace(1.5, 1.6, 5)
S = jnp.ones((5, 2, 2), dtype=jnp.complex64)
sim = ClassicalSim(S, 2, wl, {Laser(): 0})
out = sim.run()
