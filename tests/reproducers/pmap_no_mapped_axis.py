"""Raises ValueError: the only argument of the pmapped function is a Python float, which has no
leading axis for pmap to split over the devices."""

import jax

jax.pmap(lambda x: x * 2)(3.0)
