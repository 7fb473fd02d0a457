# realbug: jax-956-ndarray-constructor-kalman (fixed)
# source: https://github.com/jax-ml/jax/issues/956
# The report's class, with a call to initialize() added. JAX 0.1 accepted np.ndarray((1, 1))
# and failed later in np.linalg.inv; 0.12 refuses the constructor itself.
import jax.numpy as np
import numpy.random as random


class KalmanFilter():
    def __init__(self):
        self.initialized = False

    def to_ndarray(self, x):
        if(type(x) is not np.ndarray):
            x_2D = np.full((1, 1), x)
        else:
            x_2D = x
        return x_2D

    def initialize(self, x, A, B, H, P, Q, R):

        self.initialized = True

        x, A, B, H, P, Q, R = self.to_ndarray(x), self.to_ndarray(A), self.to_ndarray(B), self.to_ndarray(H), self.to_ndarray(P), self.to_ndarray(Q), self.to_ndarray(R)

        self.x, self.A, self.B, self.H, self.P, self.Q, self.R  = x, A, B, H, P, Q, R
        self.K = np.zeros(A.shape)


kf = KalmanFilter()
kf.initialize(1., 1., 0., 1., 1., 0.1, 0.1)
