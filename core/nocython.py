"""What the compiled kernel's type declarations are when running from source.

Modules built by setup.py (kriegsspiel.engine.compiled) may declare the types of
their hottest locals for Cython (``@cython.locals(tracked=dict)``), importing
``cython`` and falling back to this module when Cython is not installed.
Here every declaration does nothing, so the source runs as plain Python.
"""

from __future__ import annotations

from typing import Any, Callable

compiled = False
Py_ssize_t = int  # a C index type, compiled: frame slots


def locals(**types: Any) -> Callable[[Callable], Callable]:  # noqa: A001 — Cython's name
    """``@cython.locals(name=type, ...)``: the function unchanged."""
    return lambda fn: fn
