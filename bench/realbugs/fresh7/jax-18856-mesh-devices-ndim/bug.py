# realbug: jax-18856-mesh-devices-ndim
# source: https://github.com/jax-ml/jax/pull/18856
# kind: mesh
# raises: ValueError: Mesh requires the ndim of its first argument \(`devices`\) to equal the length of its second argument
# The pull request's example: a Mesh of the flat device list with two axis names.
import jax

jax.sharding.Mesh(jax.devices(), ("a", "b"))  # BUG
