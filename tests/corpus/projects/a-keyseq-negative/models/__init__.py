"""Models built from a key sequence."""
