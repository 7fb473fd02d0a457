# realbug: jax-22857-while-loop-carry-list-length (fixed)
# source: https://github.com/jax-ml/jax/pull/22857
import jax

thing1 = {f"roy{i}": [1.0] * i for i in range(20)}
thing2 = dict(thing1, roy5=[1.0] * 5)

jax.lax.while_loop(lambda dct: False, lambda dct: thing2, thing1)
