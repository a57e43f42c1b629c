"""The map viewer's drawing model and its HTML assets."""
