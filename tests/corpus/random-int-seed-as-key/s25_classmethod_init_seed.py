"""A classmethod constructor passes its integer seed to the initializer as the key."""
# corpus: label=positive styles=method,parameter batch=s25

import jax


class Linear:
    def __init__(self, w):
        self.w = w

    @classmethod
    def create(cls, seed, d_in, d_out):
        w = jax.random.truncated_normal(  # expect: random-int-seed-as-key
            seed, -2.0, 2.0, (d_in, d_out)
        )
        return cls(w)


print(Linear.create(42, 3, 4).w.shape)
