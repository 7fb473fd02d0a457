"""Run configuration."""

import dataclasses


@dataclasses.dataclass(frozen=True)
class RunConfig:
    seed: int = 0
    widths: tuple = (4, 8, 1)
    learning_rate: float = 3e-4


DEFAULT = RunConfig()
