"""The Battalion a Unit belongs to (crete:S9.1), for the Allied Attachments rule
(rules/attachments.ksr, crete:S9.0).

The order of battle tags every Unit of a Battalion ``battalion:<name>`` with the
name S9.1 prints ("battalion:20 Bn"); the rule language has no string
operations, so this primitive reads the name back out of the tags.
"""

from __future__ import annotations

from kriegsspiel.dsl.types import Function

_PREFIX = "battalion:"


def battalion_of(ctx, unit) -> str | None:
    """The name of the unit's Battalion, or None when it belongs to none."""
    for tag in ctx.world.attr(unit, "tags") or ():
        if tag.startswith(_PREFIX) and len(tag) > len(_PREFIX):
            return tag[len(_PREFIX):]
    return None


BATTALION_PRIMITIVES = (
    Function("battalion_of", battalion_of, 1, 1, "str", params=("unit",),
             doc="the Battalion a Unit belongs to (its 'battalion:<name>' tag), or none"),
)
