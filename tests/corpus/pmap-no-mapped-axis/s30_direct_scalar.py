# corpus: label=positive styles=direct batch=s30
import jax

doubled = jax.pmap(lambda x: x * 2)(3.0)  # expect: pmap-no-mapped-axis
