"""An event's line in the turn log, written in its rule file (``says "..."``).

A designer gives the line with the event, so a new title's log reads without a
line of Python (the ``ks_describe_event`` hook stays for lines that need more).
The template is text with the event's fields in braces:

* ``{unit}`` — the field's value: an entity by its id, a list as its items
  joined by ", ", nothing for none;
* ``{change:+d}`` — a number with its sign (``:d`` without);
* ``{unit|nobody}`` — the value, or the text after ``|`` when it
  holds nothing (as below);
* ``{hit?hit|missed}`` — the first text when the field holds something (not
  none, false, "" or an empty list: a roll of 0 holds something), else the
  second (which may be left out);
* ``{{`` and ``}}`` — a brace.

:func:`parse_line` checks a template against the event's fields when the rules
are compiled (a located error naming the field, with a did-you-mean);
:func:`render_line` fills it in from an event's data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kriegsspiel.core.errors import KsError, Location, did_you_mean

SPECS = ("d", "+d")


@dataclass(frozen=True)
class Field:
    name: str
    spec: str | None = None       # a number's format: SPECS
    otherwise: str | None = None  # {name|text}: the text when the value is empty
    when_true: str | None = None  # {name?yes|no}: the texts by the value's truth
    when_false: str = ""


def parse_line(template: str, fields: list[str], loc: Location) -> list[str | Field]:
    """*template*'s parts, text and fields; a KsError located at the offending
    character for an unknown field, a format other than SPECS or a stray brace."""
    parts: list[str | Field] = []
    text, i = "", 0
    while i < len(template):
        ch = template[i]
        if template.startswith("{{", i) or template.startswith("}}", i):
            text, i = text + ch, i + 2
            continue
        if ch == "}":
            raise KsError("a '}' closes no field (write '}}' for a brace)", _at(loc, i))
        if ch != "{":
            text, i = text + ch, i + 1
            continue
        end = template.find("}", i)
        if end < 0:
            raise KsError("a '{' opens a field that is never closed (write '{{' for a brace)",
                          _at(loc, i))
        if text:
            parts.append(text)
            text = ""
        parts.append(_field(template[i + 1:end], fields, loc, i + 1))
        i = end + 1
    if text:
        parts.append(text)
    return parts


def _field(body: str, fields: list[str], loc: Location, at: int) -> Field:
    name, sep, rest = _split_name(body)
    if name not in fields:
        known = ", ".join(fields) or "none"
        raise KsError(f"'{name}' is not a field of this event (its fields: {known})",
                      _at(loc, at), did_you_mean(name, fields))
    if sep == ":":
        if rest not in SPECS:
            raise KsError(f"'{rest}' is not a number format here; use "
                          + " or ".join(f"':{s}'" for s in SPECS), _at(loc, at + len(name) + 1))
        return Field(name, spec=rest)
    if sep == "|":
        return Field(name, otherwise=rest)
    if sep == "?":
        yes, _, no = rest.partition("|")
        return Field(name, when_true=yes, when_false=no)
    return Field(name)


def _split_name(body: str) -> tuple[str, str, str]:
    """``name``, the first of ``: | ?`` after it, and the rest."""
    for k, ch in enumerate(body):
        if ch in ":|?":
            return body[:k].strip(), ch, body[k + 1:]
    return body.strip(), "", ""


def _at(loc: Location, offset: int) -> Location:
    return Location(loc.path, loc.line, loc.column + offset, loc.source_line)


def render_line(parts: list[str | Field], data: dict) -> str:
    return "".join(part if isinstance(part, str) else _value(part, data.get(part.name))
                   for part in parts)


def _value(field: Field, value: Any) -> str:
    if field.when_true is not None:
        return field.when_true if _holds(value) else field.when_false
    if field.otherwise is not None and not _holds(value):
        return field.otherwise
    if field.spec is not None and isinstance(value, int) and not isinstance(value, bool):
        return format(value, field.spec)
    return _plain(value)


def _holds(value: Any) -> bool:
    """Whether a field holds something: a number does, 0 included."""
    if value is None or value is False:
        return False
    if isinstance(value, (str, list, tuple)):
        return len(value) > 0
    return True


def _plain(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value)
    return str(getattr(value, "id", value))
