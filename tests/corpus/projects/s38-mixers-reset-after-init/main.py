"""Resets a built mixer in place: its base's reset sets a field after __init__ returned."""
# corpus: rule=equinox-module-field-assigned label=positive styles=module,method,helper batch=s38

from mixers import Gated

mixer = Gated(3)
mixer.reset(2)
print(mixer.weight)
