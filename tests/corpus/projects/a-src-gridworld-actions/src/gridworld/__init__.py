"""A grid world and a greedy policy over a Q-table."""

from .env import ACTIONS, step
from .policy import greedy_rollout

__all__ = ["ACTIONS", "greedy_rollout", "step"]
