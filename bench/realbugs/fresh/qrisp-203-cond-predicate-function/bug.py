# realbug: qrisp-203-cond-predicate-function
# source: https://github.com/eclipse-qrisp/Qrisp/issues/203
# kind: cond-predicate-type
# raises: TypeError: Pred type must be either boolean or number, got <function
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

    _, curr = cond(pred_fun, true_fun, false_fun, (i, 0))  # BUG
    return curr


print(main(3))
