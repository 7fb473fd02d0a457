"""A custom primitive defined through jax.core, whose Primitive moved to jax.extend.core."""
# corpus: label=positive styles=direct

import jax.numpy as jnp
from jax import core
from jax.core import Primitive, ShapedArray  # expect: jax-import-name-missing

double_p = Primitive("double")
double_p.def_impl(lambda x: 2 * x)
double_p.def_abstract_eval(lambda x: ShapedArray(x.shape, x.dtype))

print(core, double_p.bind(jnp.ones(3)))
