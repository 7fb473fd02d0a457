# realbug: haiku-583-apply-empty-state (fixed)
# source: https://github.com/google-deepmind/dm-haiku/issues/583
import haiku as hk

f = hk.transform_with_state(lambda: None)
f.apply({}, {}, None)
