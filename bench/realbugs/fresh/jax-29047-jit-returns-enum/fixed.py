# realbug: jax-29047-jit-returns-enum (fixed)
# source: https://github.com/jax-ml/jax/pull/29047
import dataclasses
import enum

import jax


class TestEnum(enum.Enum):
    A = enum.auto()


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class TestClass3:
    test_enum_field: TestEnum = dataclasses.field(metadata=dict(static=True))
    test_data_field: int = 0


def test_jax_function(test_class: TestClass3) -> int:
    return test_class.test_data_field


jitted_test_function = jax.jit(test_jax_function)
print(jitted_test_function(TestClass3(test_data_field=1, test_enum_field=TestEnum.A)))
