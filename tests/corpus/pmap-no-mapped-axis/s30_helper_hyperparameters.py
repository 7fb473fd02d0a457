# corpus: label=positive styles=helper,parameter batch=s30
import jax


def schedule(lr, step):
    return lr * 0.5 ** (step / 100.0)


def per_device_schedule(lr, step=0):
    return jax.pmap(schedule)(lr, step)  # expect: pmap-no-mapped-axis


per_device_schedule(0.1)
