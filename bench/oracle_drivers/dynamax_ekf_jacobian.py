"""dynamax 1.0.3 ``dynamax/nonlinear_gaussian_ssm/inference_ekf.py:135``:
``H_x @ pred_cov @ H_x.T + R`` in the extended Kalman filter, flagged as a matmul of
``H_x`` float32[2] with ``pred_cov`` float32[4,4].  ``H_x`` is ``jacfwd(h)`` at the mean: a
(emission_dim, state_dim) matrix.  The driver filters a 4-d state seen through a 2-d
nonlinear emission."""

import jax.numpy as jnp
from dynamax.nonlinear_gaussian_ssm import ParamsNLGSSM, extended_kalman_filter

params = ParamsNLGSSM(
    initial_mean=jnp.zeros(4),
    initial_covariance=jnp.eye(4),
    dynamics_function=lambda x: jnp.sin(x),
    dynamics_covariance=0.1 * jnp.eye(4),
    emission_function=lambda x: jnp.array([x[0] * x[1], jnp.cos(x[2]) + x[3]]),
    emission_covariance=0.1 * jnp.eye(2),
)
try:
    posterior = extended_kalman_filter(params, jnp.ones((6, 2)))
except TypeError as error:  # the finding's claim (dot_general's shape error)
    print(f"verdict: true: TypeError: {str(error).splitlines()[0][:200]}")
else:
    loglik, means = float(posterior.marginal_loglik), posterior.filtered_means.shape
    said = f"log likelihood {loglik:.3f}, means {means}"
    print(f"verdict: false: the filter ran: {said}")
