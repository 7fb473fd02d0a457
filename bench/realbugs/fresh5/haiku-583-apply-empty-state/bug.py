# realbug: haiku-583-apply-empty-state
# source: https://github.com/google-deepmind/dm-haiku/issues/583
# kind: library-contract
# raises: ValueError: Apply must be called with an RNG as the third argument
import haiku as hk

f = hk.transform_with_state(lambda: None)
f.apply({}, {}, 'a')  # BUG
