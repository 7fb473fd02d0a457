# realbug: jax-8605-scan-carry-not-a-tuple
# source: https://github.com/jax-ml/jax/issues/8605
# kind: scan-carry
# raises: TypeError: iteration over a 0-d array
import jax
import jax.numpy as jnp


def holtExponentialSmoothingAdditiveError(params, x):
    s0, alpha, beta = params

    def step(s, x):
        previousLevel, previousTrend = s  # BUG
        a = jax.nn.sigmoid(alpha)
        b = jax.nn.sigmoid(beta)
        trainingError = x - previousLevel - previousTrend
        levelEquasion = previousLevel + previousTrend + a * trainingError
        trendEquasion = previousTrend + b * trainingError

        return (levelEquasion, trendEquasion), previousLevel + previousTrend + trainingError

    return jax.lax.scan(step, s0, x)


timeSeries = jnp.array([452500.0, 765000.0, 549000.0, 560000.0, 580000.0, 570000.0])
alpha = 0.16
beta = 0.1
print(holtExponentialSmoothingAdditiveError((timeSeries[0], alpha, beta), timeSeries))
