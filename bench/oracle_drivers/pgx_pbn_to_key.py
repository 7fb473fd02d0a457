"""pgx 2.6.0 ``pgx/bridge_bidding.py:765``: ``key[card_num] = player`` in ``_pbn_to_key``, where
``key = jnp.zeros(52, dtype=jnp.int32)``, flagged as item assignment into a JAX array.  The
driver converts a dealt PBN hand (each player thirteen cards)."""

from pgx import bridge_bidding

pbn = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
try:
    key = bridge_bidding._pbn_to_key(pbn)
except TypeError as error:  # the finding's claim
    print(f"verdict: true: TypeError: {str(error).splitlines()[0][:200]}")
else:
    print(f"verdict: false: _pbn_to_key returned {key}")
