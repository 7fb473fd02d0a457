"""jax-galsim 2026.7.0 ``jax_galsim/bessel.py:297``: the ``lax.while_loop`` of
``_temme_series_kve``, flagged as getting a carry whose ``coeff`` turns from float32[] into
float32[10000] (the ``jnp.linspace(0, zmax, 10_000)`` of ``Spergel._shoot_pos_cdf``).  The
driver runs that path: ``_kv_impl`` sends an array through ``jax.vmap(_kv_scalar)``, so the
loop sees one scalar ``z`` at a time and its carry keeps its type."""

import jax
import jax.numpy as jnp
import jax_galsim
import jax_galsim.bessel as bessel

jax.config.update("jax_platforms", "cpu")
shapes = []
original = bessel._temme_series_kve


def spy(v, z):
    shapes.append(jnp.shape(z))
    return original(v, z)


bessel._temme_series_kve = spy
try:
    z_cdf, cdf = jax_galsim.Spergel(nu=0.5, half_light_radius=1.0)._shoot_pos_cdf
    direct = bessel.kv(0.5, jnp.linspace(0.01, 5.0, 10_000))
except TypeError as error:  # the finding's claim (while_loop's carry TypeError)
    print(f"verdict: true: {type(error).__name__}: {error}"[:300])
else:
    assert shapes, "the flagged loop did not run"
    print(
        f"verdict: false: the loop ran with z of shapes {sorted(set(shapes))}; "
        f"cdf {cdf.shape}, kv {direct.shape} computed"
    )
