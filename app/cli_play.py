"""`ks` commands for resume and simulate."""

from __future__ import annotations

import typer
from rich.console import Console


def register(app: typer.Typer, out: Console, err: Console) -> None:
    """Add this module's commands to the `ks` app."""
