"""kriegsspiel: an umpire for hex-and-counter wargames whose rules are data."""

__version__ = "0.1.0"
