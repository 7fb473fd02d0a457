"""Runs one exchange of a sampler whose key was never made from its seed."""
# corpus: rule=random-int-seed-as-key label=positive styles=module,attribute,method batch=s37

from sampler import Sampler

sampler = Sampler(0)
print(sampler.describe())
print(sampler.perform_exchange())
