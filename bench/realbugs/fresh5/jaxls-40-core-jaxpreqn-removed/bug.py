# realbug: jaxls-40-core-jaxpreqn-removed
# source: https://github.com/brentyi/jaxls/issues/40
# kind: removed-api
# raises: AttributeError: .*JaxprEqn
# The report's traceback shows typed.py's annotation `eqn: core.JaxprEqn`; the function's body
# is filled in.
from jax import core


def _process_eqn(
    eqn: core.JaxprEqn,  # BUG
) -> None:
    for outvar in eqn.outvars:
        print(outvar.aval.shape)
