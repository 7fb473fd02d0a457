"""The model's configuration: Python values fixed before tracing."""

from dataclasses import dataclass


@dataclass(frozen=True)
class BlockConfig:
    width: int = 8
    use_gate: bool = True
    residual: bool = True
