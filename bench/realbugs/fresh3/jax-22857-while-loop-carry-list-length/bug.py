# realbug: jax-22857-while-loop-carry-list-length
# source: https://github.com/jax-ml/jax/pull/22857
# kind: loop-carry
# raises: TypeError: while_loop body function carry input and carry output must have the same pytree structure
import jax

thing1 = {f"roy{i}": [1.0] * i for i in range(20)}
thing2 = dict(thing1, roy5=[1.0] * 4)

jax.lax.while_loop(lambda dct: False, lambda dct: thing2, thing1)  # BUG
