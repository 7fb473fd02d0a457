# realbug: jax-4124-choice-shape-int (fixed)
# source: https://github.com/jax-ml/jax/issues/4124
import jax

print(jax.random.choice(jax.random.PRNGKey(1234), 8, shape=(100,)))
