"""A tiny network whose elementwise square runs as a Pallas TensorCore-mesh kernel."""
