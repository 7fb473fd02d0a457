"""A key sequence: every `next()` splits the held key and hands out the fresh half."""

from jax import random


class KeySeq:
    def __init__(self, key):
        self._key = key

    def next(self):
        self._key, sub = random.split(self._key)
        return sub

    def take(self, n):
        self._key, *subs = random.split(self._key, n + 1)
        return subs
