"""Explanation records and event data as JSON data, for logs and saves."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.state import Ref


def jsonable(value: Any) -> Any:
    """Explanation records keep raw values (entities, fractions, tuples) so that
    recording them is cheap; this turns them into JSON data when written out."""
    if isinstance(value, (str, bool)) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, Ref):
        return value.id
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    explain = getattr(value, "explain", None)
    if callable(explain):
        return jsonable(explain())
    return str(value)  # a Fraction, say
