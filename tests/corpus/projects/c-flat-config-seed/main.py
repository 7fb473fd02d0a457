# corpus: rule=random-int-seed-as-key label=positive styles=module,attribute,parameter batch=c
"""The entry point builds the model from the default config, passing its seed as the rng."""

from config import DEFAULT
from model import init_params

params = init_params(DEFAULT.seed, DEFAULT.widths)
print([p.shape for p in params])
