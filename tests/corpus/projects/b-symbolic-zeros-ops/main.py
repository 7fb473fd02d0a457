"""An eager data-parallel forward whose shard_map body calls ops.scaled_tanh (symbolic zeros)."""
# corpus: rule=custom-vjp-symbolic-zeros-support-with-shard-map label=positive styles=module,helper

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import train

if __name__ == "__main__":
    print(train.run().shape)
