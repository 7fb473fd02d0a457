# corpus: label=negative styles=attribute,method batch=s30
import jax


class Agent:
    def __init__(self):
        self.memory = ()
        self.step = jax.vmap(lambda memory: memory, axis_size=4)

    def act(self):
        return self.step(self.memory)


Agent().act()
