"""jaxlsp: catch, explain and fix JAX errors in the editor, before the code runs."""

__version__ = "0.1.0"
