# realbug: haiku-498-vmap-split-rng-running-init
# source: https://github.com/google-deepmind/dm-haiku/issues/498
# kind: library-contract
# raises: ValueError: hk.vmap does not support setting split_rng to True during initialization
import haiku as hk
import jax


class BatchedModule(hk.Module):
    def __init__(self, output_dim):
        super().__init__()
        # self.module = hk.Linear(output_dim)
        self.module = hk.nets.MLP([10] + [output_dim])

    def __call__(self, input_batch):
        # The following line raises the error
        return hk.vmap(self.module, split_rng=hk.running_init())(input_batch)  # BUG


inputs = jax.random.normal(rng := jax.random.PRNGKey(0), (128, 13))
batched_linear = hk.transform_with_state(lambda x: BatchedModule(output_dim=11)(x))
params, state = batched_linear.init(rng, inputs)  # BUG
out = batched_linear.apply(params, state, rng, inputs)
