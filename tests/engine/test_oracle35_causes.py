"""Error findings only where the code surely raises: the causes the execution oracle left
open at stop 35 (``bench/oracle-report.md``).

A metric whose state is ``[]`` or an array (treex's and jax_metrics' accuracy, from
torchmetrics): ``tp = jnp.concatenate(self.tp) if isinstance(self.tp, list) else self.tp``
sends only the arrays to its second arm, and ``self.tp += tp`` keeps the list only where
Python's in-place concatenation runs (the operand has no ``__radd__``: a NumPy array makes a
NumPy array, a JAX array refuses the list).  And a JAX API a test replaces before it calls the code (``monkeypatch.setattr("jax.shard_map",
MagicMock())``, ``mock.patch``, ``mock.patch.object``, as a decorator too: tpu-inference's
attention test) is the replacement on that path, not the API.  Each case is a pair as in
``test_proved_errors``;
``test_oracle35_causes_on_jax.py`` runs every program on the pinned JAX and checks its label.
"""

from __future__ import annotations

import pytest

from tests._engine import error_codes

#: (name, program, the error codes it must get): an empty set is a program that runs.
CASES: list[tuple[str, str, set[str]]] = [
    (
        "attribute_narrowed_by_isinstance_in_a_conditional_expression",
        """
        import os

        import jax.numpy as jnp


        class Counts:
            def __init__(self, per_sample):
                self.tp = [] if per_sample else jnp.zeros(3, dtype=jnp.int32)

            def update(self, hits):
                if isinstance(self.tp, list):
                    self.tp.append(jnp.asarray(hits))
                else:
                    self.tp += jnp.asarray(hits)

            def compute(self):
                tp = jnp.concatenate(self.tp) if isinstance(self.tp, list) else self.tp
                total = tp + 1
                total[0] = -1
                return total


        counts = Counts(os.environ.get("ORACLE35_PER_SAMPLE") == "1")
        counts.update([1, 0, 2])
        print(counts.compute())
        """,
        {"immutable-array-item-assignment"},
    ),
    (
        "attribute_narrowed_by_not_isinstance_keeps_the_list",
        """
        import os

        import jax.numpy as jnp
        import numpy as np


        class Counts:
            def __init__(self, per_sample):
                self.tp = [] if per_sample else jnp.zeros(3, dtype=jnp.int32)

            def update(self, hits):
                if isinstance(self.tp, list):
                    self.tp.append(jnp.asarray(hits))
                else:
                    self.tp += jnp.asarray(hits)

            def compute(self):
                tp = np.array(self.tp) if not isinstance(self.tp, list) else self.tp
                total = tp
                total[0] = -1
                return total


        counts = Counts(os.environ.get("ORACLE35_PER_SAMPLE") == "1")
        counts.update([1, 0, 2])
        print(counts.compute())
        """,
        set(),
    ),
    (
        "list_extended_in_place_by_a_tuple_stays_a_list",
        """
        import os

        import jax.numpy as jnp


        class Pairs:
            def __init__(self, keep):
                self.items = [] if keep else jnp.zeros(2)

            def add(self, a, b):
                if isinstance(self.items, list):
                    self.items += (a, b)
                else:
                    self.items = self.items + a + b

            def total(self):
                out = jnp.stack(self.items) if isinstance(self.items, list) else self.items
                out[0] = 1.0
                return out


        pairs = Pairs(os.environ.get("ORACLE35_PER_SAMPLE") == "1")
        pairs.add(jnp.ones(2), jnp.ones(2))
        print(pairs.total())
        """,
        {"immutable-array-item-assignment"},
    ),
    (
        "list_arm_of_the_conditional_expression_is_written",
        """
        import os

        import jax.numpy as jnp
        import numpy as np


        class Pairs:
            def __init__(self, keep):
                self.items = [] if keep else jnp.zeros(2)

            def add(self, a, b):
                if isinstance(self.items, list):
                    self.items += (a, b)
                else:
                    self.items = self.items + a + b

            def total(self):
                out = self.items if isinstance(self.items, list) else np.array(self.items)
                out[0] = 1.0
                return out


        pairs = Pairs(os.environ.get("ORACLE35_PER_SAMPLE") != "1")
        pairs.add(jnp.ones(2), jnp.ones(2))
        print(pairs.total())
        """,
        set(),
    ),
    (
        "list_plus_numpy_array_is_a_numpy_array",
        """
        import os

        import jax.numpy as jnp
        import numpy as np


        class Counts:
            def __init__(self, per_sample):
                self.tp = [0, 0, 0] if per_sample else jnp.zeros(3, dtype=jnp.int32)

            def update(self, hits):
                self.tp += hits

            def compute(self):
                tp = jnp.concatenate(self.tp) if isinstance(self.tp, list) else self.tp
                tp[0] = -1
                return tp


        counts = Counts(os.environ.get("ORACLE35_PER_SAMPLE") != "1")
        counts.update(np.ones(3, dtype=np.int32))
        print(counts.compute())
        """,
        set(),
    ),
    (
        "list_plus_jax_array_raises_so_only_the_array_goes_on",
        """
        import os

        import jax.numpy as jnp
        import numpy as np


        class Counts:
            def __init__(self, per_sample):
                self.tp = [] if per_sample else jnp.zeros(3, dtype=jnp.int32)

            def update(self, hits):
                self.tp += hits

            def compute(self):
                tp = jnp.concatenate(self.tp) if isinstance(self.tp, list) else self.tp
                tp[0] = -1
                return tp


        counts = Counts(os.environ.get("ORACLE35_PER_SAMPLE") == "1")
        counts.update(jnp.ones(3, dtype=jnp.int32))
        print(counts.compute())
        """,
        {"immutable-array-item-assignment"},
    ),
    (
        "isinstance_of_the_module_is_not_the_builtin",
        """
        import os

        import jax.numpy as jnp


        def isinstance(value, kind):  # noqa: A001
            return False


        class Counts:
            def __init__(self, per_sample):
                self.tp = [1, 0, 2] if per_sample else jnp.zeros(3, dtype=jnp.int32)

            def compute(self):
                tp = jnp.stack(self.tp) if isinstance(self.tp, list) else self.tp
                tp[0] = -1
                return tp


        print(Counts(os.environ.get("ORACLE35_PER_SAMPLE") != "1").compute())
        """,
        set(),
    ),
    (
        "api_replaced_by_mock_patch_in_a_with_block",
        """
        from unittest import mock

        import jax
        import jax.numpy as jnp
        import numpy as np
        from jax.sharding import Mesh
        from jax.sharding import PartitionSpec as P


        def body(x):
            return x * 2


        def run(mesh, x):
            return jax.shard_map(body, mesh=mesh, in_specs=(P("d", None, None),), out_specs=P("d"))(x)


        mesh = Mesh(np.array(jax.devices()[:1]), ("d",))
        with mock.patch("jax.shard_map"):
            run(mesh, jnp.ones((4, 2)))
        """,
        set(),
    ),
    (
        "api_replaced_by_a_patch_object_decorator",
        """
        from unittest import mock

        import jax
        import jax.numpy as jnp
        import numpy as np
        from jax.sharding import Mesh
        from jax.sharding import PartitionSpec as P


        def body(x):
            return x * 2


        def run(mesh, x):
            return jax.shard_map(body, mesh=mesh, in_specs=(P("d", None, None),), out_specs=P("d"))(x)


        mesh = Mesh(np.array(jax.devices()[:1]), ("d",))


        @mock.patch.object(jax, "shard_map")
        def check(fake):
            return run(mesh, jnp.ones((4, 2)))


        check()
        """,
        set(),
    ),
    (
        "api_replaced_by_monkeypatch_setattr_before_the_call",
        """
        from unittest import mock

        import pytest

        import jax
        import jax.numpy as jnp
        import numpy as np
        from jax.sharding import Mesh
        from jax.sharding import PartitionSpec as P


        def body(x):
            return x * 2


        def run(mesh, x):
            return jax.shard_map(body, mesh=mesh, in_specs=(P("d", None, None),), out_specs=P("d"))(x)


        mesh = Mesh(np.array(jax.devices()[:1]), ("d",))


        def check(monkeypatch):
            monkeypatch.setattr("jax.shard_map", mock.MagicMock())
            return run(mesh, jnp.ones((4, 2)))


        with pytest.MonkeyPatch.context() as patcher:
            check(patcher)
        """,
        set(),
    ),
    (
        "api_replaced_only_after_the_call",
        """
        from unittest import mock

        import pytest

        import jax
        import jax.numpy as jnp
        import numpy as np
        from jax.sharding import Mesh
        from jax.sharding import PartitionSpec as P


        def body(x):
            return x * 2


        def run(mesh, x):
            return jax.shard_map(body, mesh=mesh, in_specs=(P("d", None, None),), out_specs=P("d"))(x)


        mesh = Mesh(np.array(jax.devices()[:1]), ("d",))


        def check(monkeypatch):
            run(mesh, jnp.ones((4, 2)))
            monkeypatch.setattr("jax.shard_map", mock.MagicMock())


        with pytest.MonkeyPatch.context() as patcher:
            check(patcher)
        """,
        {"shard-map-in-specs-rank"},
    ),
    (
        "another_api_replaced_before_the_call",
        """
        from unittest import mock

        import pytest

        import jax
        import jax.numpy as jnp
        import numpy as np
        from jax.sharding import Mesh
        from jax.sharding import PartitionSpec as P


        def body(x):
            return x * 2


        def run(mesh, x):
            return jax.shard_map(body, mesh=mesh, in_specs=(P("d", None, None),), out_specs=P("d"))(x)


        mesh = Mesh(np.array(jax.devices()[:1]), ("d",))


        def check(monkeypatch):
            monkeypatch.setattr(jax, "jit", mock.MagicMock())
            return run(mesh, jnp.ones((4, 2)))


        with pytest.MonkeyPatch.context() as patcher:
            check(patcher)
        """,
        {"shard-map-in-specs-rank"},
    ),
    (
        "api_replaced_through_another_module_s_jax",
        """
        from unittest import mock

        import jax
        import jax.numpy as jnp
        import numpy as np
        from jax.sharding import Mesh
        from jax.sharding import PartitionSpec as P


        def body(x):
            return x * 2


        def run(mesh, x):
            return jax.shard_map(body, mesh=mesh, in_specs=(P("d", None, None),), out_specs=P("d"))(x)


        mesh = Mesh(np.array(jax.devices()[:1]), ("d",))
        with mock.patch("oracle35_loader.jax.shard_map"):
            run(mesh, jnp.ones((4, 2)))
        """,
        set(),
    ),
]


#: Modules the programs import that the analysis is not given, written beside them on JAX.
SUPPORT_MODULES = {"oracle35_loader.py": "import jax\n"}


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings_only_where_the_code_raises(
    name: str, source: str, expected: set[str]
) -> None:
    assert error_codes(source) == expected
