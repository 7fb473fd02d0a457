# realbug: jax-8403-vmap-empty-dict
# source: https://github.com/jax-ml/jax/pull/8403
# kind: vmap-no-array
# raises: ValueError: vmap wrapped function must be passed at least one argument containing an array
import jax

print(jax.vmap(lambda x: x)({}))  # BUG
