"""Model sizes shared by the package."""

HIDDEN_SIZES = [4, 12, 24, 12, 6, 3]
INPUT_FEATURES = 4
