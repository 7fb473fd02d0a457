# realbug: jax-4124-choice-shape-int
# source: https://github.com/jax-ml/jax/issues/4124
# kind: random-shape-type
# raises: TypeError: shape argument of jax.random.choice must be a sequence
import jax

print(jax.random.choice(jax.random.PRNGKey(1234), 8, shape=100))  # BUG
