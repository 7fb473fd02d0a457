# realbug: pgx-1176-keyarray-method-annotation
# source: https://github.com/sotetsuk/pgx/issues/1176
# kind: removed-name
# raises: AttributeError: module 'jax.random' has no attribute 'KeyArray'
# Pgx's environments annotated `init`'s key with `jax.random.KeyArray`, so importing them
# failed on JAX 0.4.24 and later. Rebuilt as a small environment class.
import jax
import jax.numpy as jnp


class Env:
  def init(self, key: jax.random.KeyArray):  # BUG
    return jax.random.randint(key, (3, 3), 0, 2)

  def step(self, board, action):
    return board.at[action // 3, action % 3].set(1)


env = Env()
board = env.init(jax.random.key(0))
print(env.step(board, 4))
