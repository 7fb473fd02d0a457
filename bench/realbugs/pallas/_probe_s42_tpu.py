import json, sys, traceback, jax, jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

R = []


def run(n, f):
    try:
        jax.block_until_ready(f())
        r = {"raised": False}
    except Exception as e:
        r = {"raised": True, "class": type(e).__name__, "message": str(e)[:400]}
    r.update(name=n, jax=jax.__version__, chip=jax.devices()[0].device_kind)
    R.append(r)
    print(json.dumps(r), flush=True)


def pc(k, shape, dt, *a, **kw):
    return pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(shape, dt), **kw)(*a)


def dg(x, y, z):
    z[...] = lax.dot_general(
        x[...], y[...], (((1,), (1,)), ((0,), (0,))), preferred_element_type=jnp.float32
    )


def dg2(x, y, z):
    z[...] = lax.dot_general(
        x[0], y[0], (((0,), (0,)), ((), ())), preferred_element_type=jnp.float32
    )[None]


x3 = jax.random.normal(jax.random.key(0), (1, 64, 128))
y3 = jax.random.normal(jax.random.key(1), (1, 64, 256))


def spec(s):
    return pl.BlockSpec(s, lambda: (0,) * len(s))


for n, k in (("j29698_bug", dg), ("j29698_fix", dg2)):
    run(
        n,
        lambda k=k: pc(
            k,
            (1, 128, 256),
            jnp.float32,
            x3,
            y3,
            grid=(),
            in_specs=(spec(x3.shape), spec(y3.shape)),
            out_specs=spec((1, 128, 256)),
        ),
    )


def up(src):
    def k(w, o):
        o[...] = pltpu.unpack_elementwise(
            w[...], index=0, packed_dtype=jnp.int4, unpacked_dtype=jnp.int32
        )

    return lambda: pc(k, (8, 128), jnp.int32, jnp.ones((8, 128), src))


run("j39058_bug", up(jnp.int8))
run("j39058_fix", up(jnp.uint32))
B = jnp.bfloat16
xb = jnp.linspace(-2, 2, 1024).reshape(8, 128).astype(B)
x3b = jnp.linspace(-2, 2, 2048).reshape(8, 128, 2).astype(B)
OPS = {
    "gt": lambda v: jnp.where(v > 0, v, 0),
    "lt0": lambda v: (v < 0.5).astype(B),
    "eq": lambda v: (v == v).astype(B),
    "max": lambda v: jnp.maximum(v, 0),
    "round": jnp.round,
    "floor": jnp.floor,
    "exp": jnp.exp,
    "add": lambda v: v + v,
    "mul": lambda v: v * v,
    "div": lambda v: v / (v * v + 1),
    "abs": jnp.abs,
    "tanh": jnp.tanh,
    "rsqrt": lambda v: lax.rsqrt(v * v + 1),
    "sum": lambda v: jnp.sum(v, axis=-1, keepdims=True) + v,
    "f32gt": lambda v: (v.astype(jnp.float32) > 0).astype(B),
}
for n, f in OPS.items():
    for t, a in (("2d", xb), ("3d", x3b)):

        def k(x, o, f=f):
            o[...] = f(x[...]).astype(o.dtype)

        run(f"bf16_{n}_{t}", lambda k=k, a=a: pc(k, a.shape, B, a))
json.dump(R, open(sys.argv[1], "w"), indent=1)
