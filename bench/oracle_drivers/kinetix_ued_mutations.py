"""kinetix-env ``environment/ued/ued.py:255-259`` (key-reuse-error): ``test_ued`` hands one
``_rng`` to six mutations in turn.  Run in kinetix's venv under ``jax.debug_key_reuse(True)``
with ``jax.random.PRNGKey`` made to give a typed key (JAX's checker sees only typed keys).
``test_ued`` calls ``create_empty_env(env_params, static_env_params)`` on line 252, a signature
the wheel's ``create_empty_env(static_env_params)`` no longer has, so it is run with that one call
adapted (the flagged lines run as written).  True when JAX raises KeyReuseError at one of the
flagged mutations.  On the pinned JAX it does not get there: jax2d's ``create_empty_sim`` takes
the cross product of 2-vectors, which ``jnp.cross`` no longer does, so the review is by reading.

    python kinetix_ued_mutations.py
"""

import traceback

import jax

jax.random.PRNGKey = jax.random.key  # the typed key JAX's checker follows

from kinetix.environment.ued import ued  # noqa: E402

_create_empty_env = ued.create_empty_env
ued.create_empty_env = lambda *params: _create_empty_env(params[-1])

try:
    with jax.debug_key_reuse(True):
        ued.test_ued()
except jax.errors.KeyReuseError as error:
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == ued.__file__]
    where = f"ued.py:{frames[-1].lineno}" if frames else "outside ued.py"
    print(f"verdict: true: {type(error).__name__} at {where}: {str(error).splitlines()[0][:120]}")
except Exception as error:  # what stops test_ued before the flagged lines
    print(f"not judged: test_ued stopped first: {type(error).__name__}: {str(error)[:120]}")
else:
    print("verdict: false: test_ued ran under jax.debug_key_reuse(True)")
