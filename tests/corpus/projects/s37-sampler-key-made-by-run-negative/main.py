"""Runs the sampler with and without exchanges: the key is made before the first split."""
# corpus: rule=random-int-seed-as-key label=negative styles=module,attribute,method batch=s37

from sampler import Sampler

print(Sampler(True, 0).run(3))
print(Sampler(False, 0).run(3))
