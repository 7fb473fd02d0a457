"""Builds a gated and a plain mixer: the base's helper sets their fields in __init__."""
# corpus: rule=equinox-module-field-assigned label=negative styles=module,method,helper batch=s38

from mixers import Gated, Plain

print(Gated(3).kind, Plain(2).gate)
