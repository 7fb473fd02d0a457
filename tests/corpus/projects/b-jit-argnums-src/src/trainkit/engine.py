"""The engine compiles an update rule once, with the static and donated positions it is given."""

import jax


class Engine:
    def __init__(self, update_fn, static_argnums=(), donate_argnums=()):
        self.update = jax.jit(  # expect: jit-static-argnums-out-of-range
            update_fn, static_argnums=static_argnums, donate_argnums=donate_argnums
        )

    def step(self, params, grads):
        return self.update(params, grads)
