"""A factory of abstract inputs for AOT lowering leaves the dtype out of its config."""
# corpus: label=positive styles=attribute,method

from jax import ShapeDtypeStruct


class InputSpec:
    def __init__(self, shape, dtype=None):
        self.shape = shape
        self.dtype = dtype

    def abstract(self):
        return ShapeDtypeStruct(self.shape, self.dtype)  # expect: shape-dtype-struct-without-dtype


InputSpec((8, 128)).abstract()
