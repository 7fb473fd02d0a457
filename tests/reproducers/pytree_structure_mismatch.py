"""Flattening a pytree "up to" a structure it does not have: jaxlib's C++ pytree code refuses.

`treedef.flatten_up_to` is what tree_map used in older JAX releases, and what many libraries
still call; a list of 4 does not fit a structure made from a list of 3.
"""

import jax

structure = jax.tree_util.tree_structure([1.0, 2.0, 3.0])
structure.flatten_up_to([1.0, 2.0, 3.0, 4.0])
