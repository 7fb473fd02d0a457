"""mujoco-mjx 3.17.0 ``_src/sensor.py:81``: ``jax.vmap(...)(contact_force)`` under
``if contact_maxforce:`` in ``_sensor_contact``, flagged because the position and velocity
stages call ``_sensor_contact(m, d, idx)`` with ``contact_force=None``.  The guard comes from the
model (a contact sensor reducing by maximum force); MuJoCo computes such a sensor at the
acceleration stage, which passes the contact forces.  The driver runs ``mjx.forward`` on a model
with maxforce contact sensors (with and without force in their data) on the pinned JAX."""

import jax
import mujoco
from mujoco import mjx

XML = """
<mujoco>
  <worldbody>
    <geom name="floor" type="plane" size="1 1 .1"/>
    <body name="ball" pos="0 0 .09"><freejoint/><geom name="b" size=".1"/></body>
  </worldbody>
  <sensor>
    <contact geom1="b" reduce="maxforce" num="2" data="found"/>
    <contact geom1="b" reduce="maxforce" num="1" data="found force"/>
  </sensor>
</mujoco>
"""

model = mujoco.MjModel.from_xml_string(XML)
data = mujoco.MjData(model)
mujoco.mj_forward(model, data)
try:
    out = jax.jit(mjx.forward)(mjx.put_model(model), mjx.put_data(model, data))
except ValueError as error:  # the finding's claim: vmap got no array argument
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    stages = sorted({int(s) for s in model.sensor_needstage})
    print(
        "verdict: false: mjx.forward ran with two maxforce contact sensors (sensor stages "
        f"{stages}); sensordata {out.sensordata.tolist()} vs MuJoCo {data.sensordata.tolist()}"
    )
