"""Ints in a sampler call that are not the key: `PRNGKey(0)`, `fold_in(key, step)`, `randint` bounds."""
# corpus: label=negative styles=direct

from jax import random

key = random.PRNGKey(0)
for step in range(3):
    label_key, choice_key = random.split(random.fold_in(key, step))
    labels = random.randint(label_key, (4,), 0, 10)
    choice = random.choice(choice_key, 5, (2,), replace=False)
