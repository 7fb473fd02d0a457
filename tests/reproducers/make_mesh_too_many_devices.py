"""Raises ValueError: jax.make_mesh asks for 16 devices where 8 exist."""

import jax

jax.make_mesh((4, 4), ("data", "model"))
