"""An input-spec class keeps shape and dtype as fields set in `__init__`; the dtype is left as None until a later setter that is never called."""
# corpus: label=positive styles=attribute,method batch=s26

import jax


class InputSpec:
    def __init__(self, shape):
        self.shape = shape
        self.dtype = None

    def with_dtype(self, dtype):
        self.dtype = dtype
        return self

    def struct(self):
        shape, dtype = self.shape, self.dtype
        return jax.ShapeDtypeStruct(shape, dtype)  # expect: shape-dtype-struct-without-dtype


specs = {name: InputSpec(shape).struct() for name, shape in {"x": (2, 3)}.items()}
print(specs)
