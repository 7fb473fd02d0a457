# realbug: jax-xc-42-raise-to-shaped-mappings-removed (fixed)
# source: https://github.com/sail-sg/jax_xc/issues/42


class GeneralArray:
    pass


raise_to_shaped_mappings = {GeneralArray: lambda aval, _: aval}
