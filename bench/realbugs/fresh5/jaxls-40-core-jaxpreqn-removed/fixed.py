# realbug: jaxls-40-core-jaxpreqn-removed (fixed)
# source: https://github.com/brentyi/jaxls/issues/40
from jax.extend import core


def _process_eqn(
    eqn: core.JaxprEqn,
) -> None:
    for outvar in eqn.outvars:
        print(outvar.aval.shape)
