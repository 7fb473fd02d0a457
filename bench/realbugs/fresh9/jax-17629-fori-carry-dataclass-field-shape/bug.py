# realbug: jax-17629-fori-carry-dataclass-field-shape
# source: https://github.com/jax-ml/jax/issues/17629
# kind: loop-carry
# raises: TypeError: scan body function carry input and carry output must have equal types
# The reporter's loss: a `fori_loop` whose carry holds a `BouncingBall` dataclass; the ball is
# built with an empty `positions` array and each step rebuilds it with the (timesteps, 3)
# positions logged so far, so the carry's type changes. Brax's pipeline is replaced by an
# explicit Euler step and the controller by a linear map; the ball keeps the report's fields.
from functools import partial

import jax
import jax.numpy as jp
from flax import struct


@struct.dataclass
class State:
    pos: jax.Array
    qd: jax.Array
    qf_constraint: jax.Array


@struct.dataclass
class BouncingBall:
    system: jax.Array
    state: State
    positions: jax.Array

    @classmethod
    def create(cls, system, state, positions=jp.zeros((0,), jp.float32)):
        return cls(system=system, state=state, positions=positions)


def controller(x):
    return jp.array([0.0, 0.0, 0.5 * x[0] - 0.1 * x[1], 0.0, 0.0, 0.0])


def pipeline_step(system, state, force):
    qd = state.qd + 0.01 * (force - system)
    pos = state.pos + 0.01 * qd[:3]
    return State(pos=pos, qd=qd, qf_constraint=state.qf_constraint)


@partial(jax.jit, static_argnames=('targetForce', 'timesteps'))
def loss(ball: BouncingBall, targetForce: float = 1.0, timesteps: int = 10):

    positions = jp.array([[0]*3]*timesteps, dtype=jp.float32)
    velocities = jp.array([[0]*6]*timesteps, dtype=jp.float32)
    constraints = jp.array([[0]*6]*timesteps, dtype=jp.float32)
    carry_i = (positions, velocities, constraints, ball)

    def step(i: int, carry: tuple):

        positions_s, velocities_s, constraints_s, ball_s = carry

        positions_s = positions_s.at[i, :].add(ball_s.state.pos)
        velocities_s = velocities_s.at[i, :].add(ball_s.state.qd)
        constraints_s = constraints_s.at[i, :].add(ball_s.state.qf_constraint)

        x = jp.array([ball_s.state.pos[2], ball_s.state.qd[2]])
        force = controller(x.transpose())

        newstate = pipeline_step(ball_s.system, ball_s.state, force)
        ball_s = ball_s.create(ball_s.system, newstate, positions_s)  # BUG
        return (positions_s, velocities_s, constraints_s, ball_s)

    positions, velocities, constraints, ball = jax.lax.fori_loop(0, timesteps, step, carry_i)  # BUG
    return jp.mean((constraints - targetForce) ** 2)


state = State(pos=jp.array([0.0, 0.0, 1.0]), qd=jp.zeros(6), qf_constraint=jp.zeros(6))
ball = BouncingBall.create(jp.array([0.0, 0.0, 9.8, 0.0, 0.0, 0.0]), state)
print(loss(ball))
