# corpus: label=positive styles=attribute,method batch=s30
import jax


class Trainer:
    def __init__(self, learning_rate):
        self.learning_rate = learning_rate
        self.step = jax.pmap(lambda lr: lr * 2.0)

    def report(self):
        return self.step(self.learning_rate)  # expect: pmap-no-mapped-axis


Trainer(0.01).report()
