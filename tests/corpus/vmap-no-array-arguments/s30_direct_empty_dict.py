# corpus: label=positive styles=direct batch=s30
import jax

per_example = jax.vmap(lambda state: state)
per_example({})  # expect: vmap-no-array-arguments
