"""The API table's shapes and dtypes (``ApiSpec.output``) against ``jax.eval_shape`` on the
pinned JAX.

Every entry with an output rule has example calls here; the interpreter's answer for each
(shape, dtype, weak type) must be JAX's exactly.  The examples run over a prelude of arrays
of known shapes and dtypes; JAX runs in a subprocess (never in the server).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from jaxlsp import apis
from jaxlsp.apis import jax_api, lax, numpy
from jaxlsp.apis.shaping import aval_of
from jaxlsp.infer import shapes
from jaxlsp.infer.program import analyze
from jaxlsp.infer.workspace import Workspace

PRELUDE = """
import jax
import jax.numpy as jnp
from jax import lax

f34 = jnp.ones((3, 4))
f4 = jnp.ones(4)
f3 = jnp.ones(3)
f43 = jnp.ones((4, 3))
f234 = jnp.ones((2, 3, 4))
f245 = jnp.ones((2, 4, 5))
f1 = jnp.ones((3, 1))
i34 = jnp.arange(12).reshape(3, 4)
i5 = jnp.arange(5)
i3 = jnp.array([0, 2, 1])
b34 = f34 > 0
h34 = jnp.ones((3, 4), jnp.bfloat16)
u34 = jnp.ones((3, 4), jnp.uint8)
key = jax.random.key(0)
w = jnp.array(2.0)
c34 = jnp.ones((3, 4), jnp.complex64)
"""


def _family(names: str, *templates: str) -> dict[str, tuple[str, ...]]:
    return {name: tuple(t.format(name) for t in templates) for name in names.split()}


#: Bitwise and integer-only functions take integer examples only.
_INTEGER_ONLY = {"bitwise_not", "invert", "bitwise_invert", "bitwise_and", "bitwise_or"}
_INTEGER_ONLY |= {"bitwise_xor", "left_shift", "right_shift", "gcd", "lcm"}
_FLOAT_ONLY = {"nextafter", "copysign", "heaviside", "real", "imag", "angle", "i0", "ldexp"}


def _jnp_examples() -> dict[str, tuple[str, ...]]:
    found: dict[str, tuple[str, ...]] = {}
    for names in numpy._UNARY.values():
        for name in names.split():
            if name in _INTEGER_ONLY:
                examples: tuple[str, ...] = (f"jnp.{name}(i34)",)
            elif name in _FLOAT_ONLY:
                examples = (f"jnp.{name}(f34)",)
            else:
                examples = (f"jnp.{name}(f34)", f"jnp.{name}(i34)", f"jnp.{name}(w)")
            found[f"jax.numpy.{name}"] = examples
    for names in numpy._BINARY.values():
        for name in names.split():
            if name in _INTEGER_ONLY:
                examples = (f"jnp.{name}(i34, i34[0])", f"jnp.{name}(i34, 2)")
            elif name in _FLOAT_ONLY:
                examples = (f"jnp.{name}(f34, f4)",)
            else:
                examples = (
                    f"jnp.{name}(f34, f4)",
                    f"jnp.{name}(i34, 2.0)",
                    f"jnp.{name}(f1, h34)",
                    f"jnp.{name}(u34, i34)",
                )
            found[f"jax.numpy.{name}"] = examples
    return found


def _lax_examples() -> dict[str, tuple[str, ...]]:
    found: dict[str, tuple[str, ...]] = {}
    for names in lax._UNARY.values():
        for name in names.split():
            found[f"jax.lax.{name}"] = (f"lax.{name}(f34)",)
    for name in lax._BINARY.split():
        found[f"jax.lax.{name}"] = (f"lax.{name}(f34, f34)",)
    return found


def _nn_examples() -> dict[str, tuple[str, ...]]:
    found: dict[str, tuple[str, ...]] = {}
    for names in jax_api._NN_ELEMENTWISE.values():
        for name in names.split():
            found[f"jax.nn.{name}"] = (f"jax.nn.{name}(f34)", f"jax.nn.{name}(h34)")
    found["jax.nn.relu"] += ("jax.nn.relu(i34)",)
    for name in jax_api.SPECIAL_ELEMENTWISE.split():
        found[f"jax.scipy.special.{name}"] = (
            f"jax.scipy.special.{name}(f34)",
            f"jax.scipy.special.{name}(i3)",
        )
    return found


EXAMPLES: dict[str, tuple[str, ...]] = {
    **_jnp_examples(),
    **_lax_examples(),
    **_nn_examples(),
    # creation
    "jax.numpy.zeros": ("jnp.zeros((2, 3))", "jnp.zeros(5, jnp.int32)", "jnp.zeros(())"),
    "jax.numpy.ones": ("jnp.ones((2, 3), dtype=jnp.bfloat16)", "jnp.ones([4])"),
    "jax.numpy.empty": ("jnp.empty((2,))",),
    "jax.numpy.full": ("jnp.full((2, 3), 1)", "jnp.full((2,), 1.5)", "jnp.full(4, 0, jnp.uint8)"),
    "jax.numpy.arange": (
        "jnp.arange(10)",
        "jnp.arange(2, 10, 3)",
        "jnp.arange(0, 1, 0.25)",
        "jnp.arange(5.0)",
        "jnp.arange(10, 2, -2)",
        "jnp.arange(4, dtype=jnp.float32)",
    ),
    "jax.numpy.linspace": ("jnp.linspace(0, 1, 5)", "jnp.linspace(0, 1)"),
    "jax.numpy.eye": ("jnp.eye(3)", "jnp.eye(3, 4, dtype=jnp.int32)"),
    "jax.numpy.identity": ("jnp.identity(4)",),
    "jax.numpy.array": (
        "jnp.array([[1, 2], [3, 4]])",
        "jnp.array([1.0, 2.0, 3.0])",
        "jnp.array(1.0)",
        "jnp.array([True, False])",
        "jnp.array(f34)",
        "jnp.array([1, 2], dtype=jnp.float32)",
    ),
    "jax.numpy.asarray": ("jnp.asarray(2)", "jnp.asarray([[1.0], [2.0]])", "jnp.asarray(i34)"),
    "jax.numpy.zeros_like": ("jnp.zeros_like(i34)", "jnp.zeros_like(f34, dtype=jnp.int32)"),
    "jax.numpy.ones_like": ("jnp.ones_like(h34)", "jnp.ones_like(f34, shape=(2,))"),
    "jax.numpy.empty_like": ("jnp.empty_like(f34)",),
    "jax.numpy.full_like": ("jnp.full_like(f34, 2)",),
    **{
        f"jax.numpy.{t}": (f"jnp.{t}(3)", f"jnp.{t}(f34)")
        for t in ("float32", "int32", "bfloat16", "uint8", "float16", "int8", "int16")
    },
    "jax.numpy.bool_": ("jnp.bool_(f34)",),
    "jax.numpy.float64": ("jnp.float64(1)",),
    "jax.numpy.int64": ("jnp.int64(1)",),
    "jax.numpy.uint16": ("jnp.uint16(1)",),
    "jax.numpy.uint32": ("jnp.uint32(f34)",),
    "jax.numpy.uint64": ("jnp.uint64(1)",),
    "jax.numpy.complex64": ("jnp.complex64(f34)",),
    "jax.numpy.complex128": ("jnp.complex128(1)",),
    # elementwise specials
    "jax.numpy.where": (
        "jnp.where(b34, f34, 0)",
        "jnp.where(b34, 1, i34[0])",
        "jnp.where(f4 > 0, i3[:, None], 2.0)",
    ),
    "jax.numpy.clip": ("jnp.clip(i34, 0, 1)", "jnp.clip(f34, 0.0, 1.0)"),
    "jax.numpy.round": ("jnp.round(f34, 2)", "jnp.round(i34)"),
    "jax.numpy.around": ("jnp.around(f34)",),
    "jax.numpy.astype": ("jnp.astype(f34, jnp.int32)",),
    # reductions
    "jax.numpy.sum": (
        "jnp.sum(f34)",
        "jnp.sum(f234, axis=1)",
        "jnp.sum(b34, axis=0)",
        "jnp.sum(f234, axis=(0, 2), keepdims=True)",
        "jnp.sum(u34, -1)",
        "jnp.sum(i34, dtype=jnp.float32)",
    ),
    "jax.numpy.prod": ("jnp.prod(i34, axis=1)",),
    "jax.numpy.nansum": ("jnp.nansum(f34, axis=0)",),
    "jax.numpy.nanprod": ("jnp.nanprod(f34)",),
    "jax.numpy.mean": (
        "jnp.mean(f234, axis=-1)",
        "jnp.mean(i34)",
        "jnp.mean(h34, 0, keepdims=True)",
    ),
    "jax.numpy.nanmean": ("jnp.nanmean(f34, axis=1)",),
    "jax.numpy.std": ("jnp.std(f34, axis=0)", "jnp.std(i34)"),
    "jax.numpy.var": ("jnp.var(f234, axis=(1, 2))",),
    "jax.numpy.nanstd": ("jnp.nanstd(f34)",),
    "jax.numpy.nanvar": ("jnp.nanvar(f34, axis=1)",),
    "jax.numpy.max": ("jnp.max(f34, axis=0)", "jnp.max(i34)", "jnp.max(b34, axis=1)"),
    "jax.numpy.min": ("jnp.min(f234, axis=(0, 1))",),
    "jax.numpy.amax": ("jnp.amax(f34, axis=1, keepdims=True)",),
    "jax.numpy.amin": ("jnp.amin(i34)",),
    "jax.numpy.nanmax": ("jnp.nanmax(f34, 1)",),
    "jax.numpy.nanmin": ("jnp.nanmin(f34)",),
    "jax.numpy.ptp": ("jnp.ptp(f34, axis=0)",),
    "jax.numpy.any": ("jnp.any(b34)", "jnp.any(f34, axis=0)"),
    "jax.numpy.all": ("jnp.all(b34, axis=-1, keepdims=True)",),
    "jax.numpy.argmax": ("jnp.argmax(f34)", "jnp.argmax(f234, axis=1)"),
    "jax.numpy.argmin": ("jnp.argmin(f34, axis=0, keepdims=True)",),
    "jax.numpy.nanargmax": ("jnp.nanargmax(f34, axis=1)",),
    "jax.numpy.nanargmin": ("jnp.nanargmin(f34)",),
    "jax.numpy.count_nonzero": ("jnp.count_nonzero(f34, axis=0)",),
    "jax.numpy.median": ("jnp.median(f34, axis=1)", "jnp.median(i34)"),
    "jax.numpy.average": ("jnp.average(f34, axis=0)",),
    "jax.numpy.linalg.norm": ("jnp.linalg.norm(f34)", "jnp.linalg.norm(f34, axis=1)"),
    "jax.numpy.linalg.solve": (
        "jnp.linalg.solve(f34[:, :3], f3)",
        "jnp.linalg.solve(f34[:, :3], f34)",
    ),
    "jax.numpy.cumsum": ("jnp.cumsum(f34)", "jnp.cumsum(b34, axis=1)"),
    "jax.numpy.cumprod": ("jnp.cumprod(i34, axis=0)",),
    "jax.numpy.nancumsum": ("jnp.nancumsum(f34, axis=1)",),
    "jax.numpy.nancumprod": ("jnp.nancumprod(f34)",),
    # products
    "jax.numpy.matmul": (
        "jnp.matmul(f34, f43)",
        "jnp.matmul(f4, f43)",
        "jnp.matmul(f34, f4)",
        "jnp.matmul(f234, f245)",
        "jnp.matmul(f234, f43)",
        "jnp.matmul(i34, f43)",
    ),
    "jax.numpy.dot": (
        "jnp.dot(f34, f43)",
        "jnp.dot(f4, f4)",
        "jnp.dot(f234, f43)",
        "jnp.dot(f34, 2.0)",
    ),
    "jax.numpy.vdot": ("jnp.vdot(f34, f43)",),
    "jax.numpy.inner": ("jnp.inner(f34, f4)", "jnp.inner(f234, f34)"),
    "jax.numpy.outer": ("jnp.outer(f4, f3)",),
    "jax.numpy.tensordot": (
        "jnp.tensordot(f234, f34)",
        "jnp.tensordot(f34, f43, axes=1)",
        "jnp.tensordot(f234, f245, axes=((0, 2), (0, 1)))",
    ),
    "jax.numpy.einsum": (
        "jnp.einsum('ij,jk->ik', f34, f43)",
        "jnp.einsum('bij,bjk->bik', f234, f245)",
        "jnp.einsum('ij->j', f34)",
        "jnp.einsum('ij,ij', f34, f34)",
        "jnp.einsum('...j,jk', f234, f43)",
        "jnp.einsum('ij,kj', f34, f34)",
    ),
    # shape changes
    "jax.numpy.reshape": (
        "jnp.reshape(f34, (2, 6))",
        "jnp.reshape(f234, (-1, 4))",
        "jnp.reshape(f34, -1)",
    ),
    "jax.numpy.ravel": ("jnp.ravel(f234)",),
    "jax.numpy.transpose": ("jnp.transpose(f234)", "jnp.transpose(f234, (1, 0, 2))"),
    "jax.numpy.permute_dims": ("jnp.permute_dims(f234, (2, 0, 1))",),
    "jax.numpy.matrix_transpose": ("jnp.matrix_transpose(f234)",),
    "jax.numpy.swapaxes": ("jnp.swapaxes(f234, 0, -1)",),
    "jax.numpy.moveaxis": ("jnp.moveaxis(f234, 0, -1)", "jnp.moveaxis(f234, (0, 1), (2, 0))"),
    "jax.numpy.expand_dims": ("jnp.expand_dims(f34, 0)", "jnp.expand_dims(f34, (0, -1))"),
    "jax.numpy.squeeze": ("jnp.squeeze(f1)", "jnp.squeeze(jnp.ones((1, 3, 1)), axis=0)"),
    "jax.numpy.broadcast_to": ("jnp.broadcast_to(f4, (3, 4))",),
    "jax.numpy.concatenate": (
        "jnp.concatenate([f34, f34])",
        "jnp.concatenate([f34, i34], axis=1)",
        "jnp.concatenate((f34, f34), axis=-1)",
    ),
    "jax.numpy.concat": ("jnp.concat([f34, f34], axis=0)",),
    "jax.numpy.stack": ("jnp.stack([f34, f34])", "jnp.stack([f4, f4, f4], axis=1)"),
    "jax.numpy.hstack": ("jnp.hstack([f34, f34])", "jnp.hstack([f4, f3])"),
    "jax.numpy.vstack": ("jnp.vstack([f4, f4])", "jnp.vstack([f34, f34])"),
    "jax.numpy.dstack": ("jnp.dstack([f34, f34])",),
    "jax.numpy.column_stack": ("jnp.column_stack([f3, f3])",),
    "jax.numpy.tile": ("jnp.tile(f34, 2)", "jnp.tile(f4, (2, 3))"),
    "jax.numpy.repeat": ("jnp.repeat(f34, 2, axis=0)", "jnp.repeat(f34, 3)"),
    "jax.numpy.pad": ("jnp.pad(f34, 1)", "jnp.pad(f34, ((1, 2), (0, 3)))", "jnp.pad(f34, (2, 1))"),
    "jax.numpy.triu": ("jnp.triu(f34)",),
    "jax.numpy.tril": ("jnp.tril(f34, 1)",),
    "jax.numpy.flip": ("jnp.flip(f34, 0)",),
    "jax.numpy.fliplr": ("jnp.fliplr(f34)",),
    "jax.numpy.flipud": ("jnp.flipud(f34)",),
    "jax.numpy.roll": ("jnp.roll(f34, 1, axis=0)",),
    "jax.numpy.sort": ("jnp.sort(f34)",),
    "jax.numpy.argsort": ("jnp.argsort(f34, axis=0)",),
    "jax.numpy.atleast_1d": ("jnp.atleast_1d(w)", "jnp.atleast_1d(f34)"),
    "jax.numpy.atleast_2d": ("jnp.atleast_2d(f4)",),
    # methods
    "jax.Array.reshape": (
        "f34.reshape(2, 6)",
        "f34.reshape((4, -1))",
        "f234.reshape(-1)",
        "f234.reshape(f234.shape[:1] + (12,))",
    ),
    "jax.Array.astype": ("f34.astype(jnp.int32)", "i34.astype('float32')", "f34.astype(bool)"),
    "jax.Array.sum": ("f34.sum()", "f234.sum(axis=1)", "b34.sum(1)"),
    "jax.Array.prod": ("i34.prod(axis=0, keepdims=True)",),
    "jax.Array.mean": ("i34.mean(axis=0)",),
    "jax.Array.std": ("f34.std(0)",),
    "jax.Array.var": ("f34.var()",),
    "jax.Array.max": ("f34.max(axis=-1)",),
    "jax.Array.min": ("i34.min()",),
    "jax.Array.ptp": ("f34.ptp(0)",),
    "jax.Array.any": ("b34.any(axis=0)",),
    "jax.Array.all": ("b34.all()",),
    "jax.Array.argmax": ("f34.argmax(axis=1)",),
    "jax.Array.argmin": ("f34.argmin()",),
    "jax.Array.cumsum": ("f34.cumsum(axis=0)", "i34.cumsum()"),
    "jax.Array.cumprod": ("f34.cumprod(1)",),
    "jax.Array.transpose": (
        "f234.transpose()",
        "f234.transpose(2, 0, 1)",
        "f234.transpose((1, 2, 0))",
    ),
    "jax.Array.swapaxes": ("f234.swapaxes(0, 1)",),
    "jax.Array.squeeze": ("f1.squeeze()", "f1.squeeze(1)"),
    "jax.Array.flatten": ("f234.flatten()",),
    "jax.Array.ravel": ("f34.ravel()",),
    "jax.Array.dot": ("f34.dot(f43)",),
    "jax.Array.repeat": ("f4.repeat(2)",),
    "jax.Array.argsort": ("f34.argsort()",),
    "jax.Array.clip": ("f34.clip(0, 1)",),
    "jax.Array.round": ("f34.round()",),
    "jax.Array.conj": ("f34.conj()",),
    "jax.Array.conjugate": ("f34.conjugate()",),
    "jax.Array.copy": ("i34.copy()",),
    "jax.Array.sort": ("f34.sort()",),
    "jax.Array.block_until_ready": ("f34.block_until_ready()",),
    # jax.nn
    "jax.scipy.ndimage.map_coordinates": (
        "jax.scipy.ndimage.map_coordinates(f34, [f3, f3], order=1)",
        "jax.scipy.ndimage.map_coordinates(f34, f234[:, 0], order=0)",
        "jax.scipy.ndimage.map_coordinates(f234, (f34, f34, f34), order=1, mode='nearest')",
    ),
    "jax.nn.logsumexp": ("jax.nn.logsumexp(f34, axis=0)", "jax.nn.logsumexp(f34)"),
    "jax.scipy.special.logsumexp": ("jax.scipy.special.logsumexp(f234, axis=-1)",),
    "jax.nn.one_hot": ("jax.nn.one_hot(i3, 5)", "jax.nn.one_hot(i34, 3, dtype=jnp.int32)"),
    # jax.random
    "jax.random.normal": ("jax.random.normal(key, (2, 3))", "jax.random.normal(key)"),
    "jax.random.uniform": (
        "jax.random.uniform(key, (4,), minval=-1.0)",
        "jax.random.uniform(key, (), jnp.float32, f3[:1], 2.0)",
        "jax.random.uniform(key, (3, 4), maxval=f4)",
    ),
    "jax.random.randint": ("jax.random.randint(key, (3,), 0, 10)",),
    "jax.random.bernoulli": (
        "jax.random.bernoulli(key, 0.5, (2, 2))",
        "jax.random.bernoulli(key, f34)",
    ),
    "jax.random.categorical": (
        "jax.random.categorical(key, f34)",
        "jax.random.categorical(key, f34, axis=0)",
    ),
    "jax.random.permutation": (
        "jax.random.permutation(key, 5)",
        "jax.random.permutation(key, f34)",
    ),
    "jax.random.truncated_normal": ("jax.random.truncated_normal(key, -1.0, 1.0, (3,))",),
    "jax.random.gumbel": ("jax.random.gumbel(key, (2,))",),
    "jax.random.laplace": ("jax.random.laplace(key, (2,))",),
    "jax.random.logistic": ("jax.random.logistic(key, (2,))",),
    "jax.random.exponential": ("jax.random.exponential(key, (2, 1))",),
    "jax.random.cauchy": ("jax.random.cauchy(key, (2,))",),
    "jax.random.gamma": ("jax.random.gamma(key, f4)", "jax.random.gamma(key, 2.0, (3,))"),
    "jax.random.loggamma": ("jax.random.loggamma(key, f3)",),
    "jax.random.beta": ("jax.random.beta(key, f4, 2.0)",),
    "jax.random.poisson": ("jax.random.poisson(key, f3)",),
    "jax.random.rademacher": ("jax.random.rademacher(key, (3,))",),
    "jax.random.bits": ("jax.random.bits(key, (2,))",),
    "jax.random.t": ("jax.random.t(key, 3.0, (2,))",),
    "jax.random.chisquare": ("jax.random.chisquare(key, f4)",),
    "jax.random.maxwell": ("jax.random.maxwell(key, (2,))",),
    "jax.random.pareto": ("jax.random.pareto(key, f4)",),
    "jax.random.lognormal": ("jax.random.lognormal(key, 1.0, (3,))",),
    "jax.random.generalized_normal": ("jax.random.generalized_normal(key, 2.0, (3,))",),
    "jax.random.rayleigh": ("jax.random.rayleigh(key, f3)",),
    "jax.random.wald": ("jax.random.wald(key, f3)",),
    "jax.random.f": ("jax.random.f(key, 2.0, f4)",),
    # lax
    "jax.lax.integer_pow": ("lax.integer_pow(f34, 2)",),
    "jax.lax.stop_gradient": (
        "lax.stop_gradient(f34)",
        "lax.stop_gradient(i34)",
        "lax.stop_gradient(w)",
    ),
    "jax.numpy.diagonal": (
        "jnp.diagonal(f34)",
        "jnp.diagonal(f34, 1)",
        "jnp.diagonal(f34, offset=-2)",
        "jnp.diagonal(f234, axis1=1, axis2=2)",
        "jnp.diagonal(f234, 0, -1, 0)",
    ),
    "jax.Array.diagonal": ("f34.diagonal()", "f234.diagonal(axis1=-2, axis2=-1)"),
    "jax.image.resize": (
        "jax.image.resize(f34, (6, 8), 'linear')",
        "jax.image.resize(f234, (2, 6, 2), 'nearest')",
    ),
    "jax.numpy.diag": (
        "jnp.diag(f3)",
        "jnp.diag(i5, 2)",
        "jnp.diag(f3, k=-1)",
        "jnp.diag(f34)",
        "jnp.diag(f34, 1)",
        "jnp.diag(f34, -2)",
        "jnp.diag(f43, 1)",
    ),
    "jax.numpy.cross": (
        "jnp.cross(f3, f3)",
        "jnp.cross(jnp.ones((5, 3)), f3)",
        "jnp.cross(jnp.ones((2, 1, 3)), jnp.ones((4, 3)))",
        "jnp.cross(jnp.ones(3, jnp.int32), f3)",
    ),
    "jax.lax.dot_general": (
        "lax.dot_general(f34, f43, (((1,), (0,)), ((), ())))",
        "lax.dot_general(f234, f245, (((2,), (1,)), ((0,), (0,))))",
        "lax.dot_general(f34, f34, (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32)",
    ),
    "jax.lax.dot": ("lax.dot(f34, f43)",),
    "jax.lax.concatenate": ("lax.concatenate([f34, f34], 1)",),
    "jax.lax.transpose": ("lax.transpose(f234, (2, 1, 0))",),
    "jax.lax.squeeze": ("lax.squeeze(f1, (1,))",),
    "jax.lax.expand_dims": ("lax.expand_dims(f34, (0,))",),
    "jax.lax.convert_element_type": ("lax.convert_element_type(f34, jnp.int32)",),
    "jax.lax.dynamic_update_slice": ("lax.dynamic_update_slice(f34, f1, (0, 0))",),
    "jax.lax.reduce_sum": ("lax.reduce_sum(f234, (0, 2))",),
    "jax.lax.reduce_max": ("lax.reduce_max(f34, (1,))",),
    "jax.lax.reduce_min": ("lax.reduce_min(i34, (0,))",),
    "jax.lax.reduce_prod": ("lax.reduce_prod(f34, (0, 1))",),
    "jax.lax.cumsum": ("lax.cumsum(f34, 1)",),
    "jax.lax.cumlogsumexp": ("lax.cumlogsumexp(f34, 0)",),
    "jax.lax.rev": ("lax.rev(f234, (0, 2))",),
    # broadcast_shapes returns a tuple: examples build an array of its shape
    "jax.lax.broadcast_shapes": ("jnp.zeros(lax.broadcast_shapes(f34.shape, f4.shape))",),
    "jax.numpy.broadcast_shapes": ("jnp.ones(jnp.broadcast_shapes((2, 1, 4), f34.shape))",),
    "jax.lax.cumprod": ("lax.cumprod(f34)",),
    "jax.lax.cummax": ("lax.cummax(i34, 0)",),
    "jax.lax.cummin": ("lax.cummin(f34)",),
    "jax.lax.select": ("lax.select(b34, f34, f34)",),
    "jax.lax.clamp": ("lax.clamp(0.0, f34, 1.0)",),
    "jax.lax.dynamic_slice": ("lax.dynamic_slice(f34, (0, 1), (2, 2))",),
    "jax.lax.reshape": ("lax.reshape(f34, (6, 2))",),
    "jax.lax.broadcast": ("lax.broadcast(f34, (2,))",),
    "jax.lax.broadcast_in_dim": ("lax.broadcast_in_dim(f4, (3, 4), (1,))",),
    "jax.lax.iota": ("lax.iota(jnp.int32, 5)",),
    "jax.lax.broadcasted_iota": (
        "lax.broadcasted_iota(jnp.int32, (2, 3), 1)",
        "lax.broadcasted_iota(jnp.float32, (4,), 0)",
        "lax.broadcasted_iota(jnp.int16, (2, 1, 3), 2)",
    ),
    "jax.lax.full": ("lax.full((2, 2), 1.0)",),
    # Fourier transforms: complex results, rfft's n//2+1, irfft's 2*(m-1), n= and s=
    "jax.numpy.fft.fft": ("jnp.fft.fft(f34)", "jnp.fft.fft(i34)", "jnp.fft.fft(h34, n=5)"),
    "jax.numpy.fft.ifft": ("jnp.fft.ifft(c34, 4, 0)", "jnp.fft.ifft(f34, axis=0)"),
    "jax.numpy.fft.fft2": ("jnp.fft.fft2(f34)", "jnp.fft.fft2(f234, axes=(0, 1))"),
    "jax.numpy.fft.ifft2": ("jnp.fft.ifft2(c34)",),
    "jax.numpy.fft.fftn": ("jnp.fft.fftn(f234)", "jnp.fft.fftn(f234, axes=(0,))"),
    "jax.numpy.fft.ifftn": ("jnp.fft.ifftn(f34, s=(2, 4))",),
    "jax.numpy.fft.rfft": (
        "jnp.fft.rfft(f34)",
        "jnp.fft.rfft(f34, n=7)",
        "jnp.fft.rfft(f34, axis=0)",
    ),
    "jax.numpy.fft.ihfft": ("jnp.fft.ihfft(f34)",),
    "jax.numpy.fft.rfft2": ("jnp.fft.rfft2(f34)",),
    "jax.numpy.fft.rfftn": ("jnp.fft.rfftn(f234)", "jnp.fft.rfftn(f234, s=(4, 6))"),
    "jax.numpy.fft.irfft": ("jnp.fft.irfft(c34)", "jnp.fft.irfft(c34, n=5)", "jnp.fft.irfft(f34)"),
    "jax.numpy.fft.hfft": ("jnp.fft.hfft(c34)",),
    "jax.numpy.fft.irfft2": ("jnp.fft.irfft2(c34)",),
    "jax.numpy.fft.irfftn": ("jnp.fft.irfftn(c34)", "jnp.fft.irfftn(c34, s=(3, 6))"),
    "jax.numpy.fft.fftshift": ("jnp.fft.fftshift(f34)",),
    "jax.numpy.fft.ifftshift": ("jnp.fft.ifftshift(c34, axes=0)",),
    "jax.numpy.fft.fftfreq": ("jnp.fft.fftfreq(8)",),
    "jax.numpy.fft.rfftfreq": ("jnp.fft.rfftfreq(8, 0.5)",),
    # placement
    "jax.device_put": ("jax.device_put(f34)", "jax.device_put(i34, jax.devices()[0])"),
    "jax.sharding.reshard": (
        "jax.sharding.reshard(f34, jax.NamedSharding(jax.make_mesh((1,), ('x',)), jax.P()))",
    ),
    "jax.lax.with_sharding_constraint": (
        "jax.lax.with_sharding_constraint(f34, jax.sharding.SingleDeviceSharding(jax.devices()[0]))",
    ),
}

#: Indexing and operators have no entry but go through the same shape code.
EXPRESSIONS = (
    "f34 + f4",
    "f34 * 2",
    "i34 * 2.0",
    "i34 / 2",
    "i34 // 2",
    "f1 - f4",
    "h34 + f34",
    "u34 + i34",
    "f34 @ f43",
    "f234 @ f4",
    "f34 > 0.5",
    "-i34",
    "f34[0]",
    "f34[1:]",
    "f34[:, 2]",
    "f34[None]",
    "f234[..., 1]",
    "f234[0, :, None]",
    "f34[::2, ::-1]",
    "f34[:-1]",
    "f34[i3]",
    "f234[:, i3]",
    "f234[i3[:2], :, i3[:2]]",
    "f34.T",
    "f34.real",
    "jnp.abs(jnp.ones(3, jnp.complex64))",
    "jnp.ones(3, jnp.complex64).imag",
    "lax.abs(jnp.ones(3, jnp.complex64))",
    "jnp.zeros(f34.shape)",
    "jnp.zeros((f34.shape[0], f34.ndim))",
    "jnp.ones(f34.size)",
    "jnp.zeros(3, f34.dtype)",
    # jnp.vectorize: the loop axes broadcast, then what the function returns for the core ones
    "jnp.vectorize(lambda x: x * 2)(f34)",
    "jnp.vectorize(lambda x, y: x * y)(f34, f4)",
    "jnp.vectorize(jnp.dot, signature='(n),(n)->()')(f34, f4)",
    "jnp.vectorize(lambda m, v: m @ v, signature='(m,n),(n)->(m)')(f234, f4)",
    "jnp.vectorize(lambda v: v.sum(), signature='(n)->()')(f234)",
    "jnp.vectorize(lambda v: v > 0, signature='(n)->(n)')(f34)",
    "jnp.vectorize(lambda x, n: x**n, excluded={1})(f34, 2)",
    "jnp.vectorize(lambda x: x + 1)(w)",
    "jnp.vectorize(lambda x: x + 1)(i34[:1])",
    "jnp.vectorize(lambda v, s: v * s, signature='(n),()->(n)')(f34, f3[:, None])",
)

#: NumPy's makers of host arrays: only their shapes are modelled (NumPy's dtypes are its
#: own), checked against NumPy below rather than ``eval_shape``.
NUMPY_EXAMPLES: dict[str, tuple[str, ...]] = {
    "numpy.zeros": ("np.zeros((3, 4))", "np.zeros(5, np.int32)"),
    "numpy.ones": ("np.ones((2, 3))", "np.ones(4)"),
    "numpy.empty": ("np.empty((2, 2))",),
    "numpy.full": ("np.full((3, 2), 7.0)",),
    "numpy.arange": ("np.arange(6)", "np.arange(2, 11, 3)"),
    "numpy.linspace": ("np.linspace(0.0, 1.0, 7)",),
    "numpy.eye": ("np.eye(3)", "np.eye(2, 5)"),
    "numpy.identity": ("np.identity(4)",),
    "numpy.array": ("np.array([[1, 2, 3], [4, 5, 6]])", "np.array([0.5, 1.5])"),
    "numpy.asarray": ("np.asarray([[1.0], [2.0]])",),
    "numpy.random.randn": ("np.random.randn(10, 4)", "np.random.randn(3)"),
    "numpy.random.rand": ("np.random.rand(2, 3)",),
    "numpy.random.normal": ("np.random.normal(0.0, 1.0, (5, 2))", "np.random.normal(size=3)"),
    "numpy.random.uniform": ("np.random.uniform(-1, 1, size=(4, 4))",),
    "numpy.random.standard_normal": ("np.random.standard_normal((2, 6))",),
    "numpy.random.random": ("np.random.random((3, 1))",),
    "numpy.random.randint": ("np.random.randint(0, 10, size=(2, 5))",),
    "numpy.expand_dims": ("np.expand_dims(np.zeros((1, 3)), -2)", "np.expand_dims(np.ones(4), 0)"),
    "numpy.tile": ("np.tile(np.zeros((2, 3)), (2, 1))",),
    "numpy.ravel": ("np.ravel(np.zeros((2, 3)))",),
    "numpy.tril": ("np.tril(np.ones((8, 8), bool))", "np.tril(np.zeros((2, 3, 4)), 1)"),
    "numpy.triu": ("np.triu(np.ones((4, 6)), -1)",),
}

#: Entries whose output rule only checks (the convolutions' input feature count) and leaves
#: the result's shape unknown: no shape to compare with JAX's.
CHECKS_ONLY = {
    "jax.lax.conv": "lax.conv(jnp.ones((2, 3, 8, 8)), jnp.ones((4, 3, 3, 3)), (1, 1), 'SAME')",
    "jax.lax.conv_general_dilated": (
        "lax.conv_general_dilated(jnp.ones((2, 3, 8, 8)), jnp.ones((4, 3, 3, 3)), (1, 1), 'VALID')"
    ),
    "jax.lax.conv_with_general_padding": (
        "lax.conv_with_general_padding(jnp.ones((2, 3, 8, 8)), jnp.ones((4, 3, 3, 3)), (1, 1),"
        " ((1, 1), (1, 1)), None, None)"
    ),
}

_MODELLED = sorted(
    name
    for name, spec in apis.SPECS.items()
    if spec.output is not None and name not in NUMPY_EXAMPLES and name not in CHECKS_ONLY
)


def test_an_entry_that_only_checks_gives_no_shape() -> None:
    """Were one of them to give a shape, it belongs in the table, compared with JAX's."""
    assert set(CHECKS_ONLY) <= set(apis.SPECS)
    assert ours(list(CHECKS_ONLY.values())) == dict.fromkeys(CHECKS_ONLY.values())


def test_every_entry_with_an_output_rule_has_examples() -> None:
    missing = [name for name in _MODELLED if not EXAMPLES.get(name)]
    assert not missing, f"output rules without an eval_shape example: {missing}"
    unknown = sorted(set(EXAMPLES) - set(_MODELLED))
    assert not unknown, f"examples of entries without an output rule: {unknown}"


def _all_examples() -> list[str]:
    found = [example for name in _MODELLED for example in EXAMPLES[name]]
    return [*found, *EXPRESSIONS]


def ours(examples: list[str]) -> dict[str, tuple[Any, ...] | None]:
    """The interpreter's shape, dtype and weakness of each example (None: not fully known)."""
    lines = [PRELUDE]
    for index, example in enumerate(examples):
        lines.append(f"out_{index} = {example}")
    source = "\n".join(lines)
    workspace = Workspace()
    module = workspace.source_for(Path("table.py"), source, None)
    program = analyze(module, workspace, apis)
    assert not program.facts.shape_errors, [e.mismatch.summary for e in program.facts.shape_errors]
    frame = program.module.frame
    assert frame is not None
    found: dict[str, tuple[Any, ...] | None] = {}
    for index, example in enumerate(examples):
        values = frame.state.env.get(f"out_{index}")
        aval = aval_of(values, program.interpreter.heap) if values else None
        if aval is None or not shapes.fully_concrete(aval.shape) or aval.dtype is None:
            found[example] = None
        else:
            found[example] = (list(aval.shape or ()), aval.dtype, aval.weak)
    return found


_JAX_SCRIPT = """
import json, sys
import jax
ns = {}
exec(sys.argv[1], ns)
answers = {}
for example in json.loads(sys.argv[2]):
    try:
        out = jax.eval_shape(lambda: eval(example, ns))
    except Exception as error:
        answers[example] = "raised " + type(error).__name__ + ": " + str(error)[:200]
        continue
    answers[example] = [list(out.shape), str(out.dtype), bool(out.weak_type)]
print(json.dumps(answers))
"""


def jax_answers(examples: list[str]) -> dict[str, Any]:
    completed = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_JAX_SCRIPT), PRELUDE, json.dumps(examples)],
        capture_output=True,
        text=True,
        timeout=600,
        env={"JAX_PLATFORMS": "cpu", "PATH": "/usr/bin:/bin"},
        check=True,
    )
    answers: dict[str, Any] = json.loads(completed.stdout)
    return answers


@pytest.mark.jax
def test_the_table_agrees_with_eval_shape(pinned_jax: None) -> None:
    examples = _all_examples()
    expected = jax_answers(examples)
    got = ours(examples)
    invalid = [f"{e}: {a}" for e, a in expected.items() if isinstance(a, str)]
    assert not invalid, "examples JAX refuses:\n" + "\n".join(invalid)
    wrong = []
    for example in examples:
        answer = expected[example]
        if got[example] != tuple(answer):
            wrong.append(f"{example}: jaxlsp {got[example]}, JAX {tuple(answer)}")
    assert not wrong, "\n".join(wrong)


def test_numpy_makers_have_examples() -> None:
    modelled = {n for n, spec in apis.SPECS.items() if n.startswith("numpy.") and spec.output}
    assert modelled == set(NUMPY_EXAMPLES)


_NUMPY_SCRIPT = """
import json, sys
import numpy as np
print(json.dumps({e: list(np.shape(eval(e))) for e in json.loads(sys.argv[1])}))
"""


@pytest.mark.jax
def test_numpy_shapes_agree_with_numpy() -> None:
    if importlib.util.find_spec("numpy") is None:
        pytest.skip(
            "NumPy is not installed (it comes with the pinned JAX: pip install -e '.[jax]')"
        )
    examples = [example for found in NUMPY_EXAMPLES.values() for example in found]
    completed = subprocess.run(
        [sys.executable, "-c", _NUMPY_SCRIPT, json.dumps(examples)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    expected = json.loads(completed.stdout)
    source = "import numpy as np\n" + "\n".join(
        f"out_{index} = {example}" for index, example in enumerate(examples)
    )
    workspace = Workspace()
    program = analyze(workspace.source_for(Path("host.py"), source, None), workspace, apis)
    frame = program.module.frame
    assert frame is not None
    wrong = []
    for index, example in enumerate(examples):
        aval = aval_of(frame.state.env.get(f"out_{index}", ()), program.interpreter.heap)
        got = list(aval.shape) if aval.shape is not None else None
        if got != expected[example]:
            wrong.append(f"{example}: jaxlsp {got}, NumPy {expected[example]}")
    assert not wrong, "\n".join(wrong)
