# realbug: pgx-1176-keyarray-method-annotation (fixed)
# source: https://github.com/sotetsuk/pgx/issues/1176
import jax
import jax.numpy as jnp


class Env:
  def init(self, key: jax.Array):
    return jax.random.randint(key, (3, 3), 0, 2)

  def step(self, board, action):
    return board.at[action // 3, action % 3].set(1)


env = Env()
board = env.init(jax.random.key(0))
print(env.step(board, 4))
