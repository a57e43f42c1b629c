"""kriegsspiel: an umpire for hex-and-counter wargames whose rules are data."""

from kriegsspiel import compiled as _compiled

__version__ = "0.1.0"

# The interpreter's hot modules load from their Cython build when it matches
# their source (kriegsspiel.compiled; KS_PURE=1 turns it off).
_compiled.install()
