# realbug: qrisp-203-cond-predicate-function (fixed)
# source: https://github.com/eclipse-qrisp/Qrisp/issues/203
import jax
from jax.lax import cond


@jax.jit
def main(i):
    def pred_fun(state):
        a, b = state
        return a > 0

    def true_fun(state):
        a, b = state
        return a, b + 10 // a

    def false_fun(state):
        a, b = state
        return a, b

    state = (i, 0)
    _, curr = cond(pred_fun(state), true_fun, false_fun, state)
    return curr


print(main(3))
