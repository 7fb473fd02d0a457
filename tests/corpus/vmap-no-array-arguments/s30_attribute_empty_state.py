# corpus: label=positive styles=attribute,method batch=s30
import jax


class Agent:
    def __init__(self):
        self.memory = ()
        self.step = jax.vmap(lambda memory: memory)

    def act(self):
        return self.step(self.memory)  # expect: vmap-no-array-arguments


Agent().act()
