"""The field types of the data files: ids, hex ids and ranges, hexsides, rule
citations, turn labels — each a pydantic annotated type with its pattern, its
description for the JSON Schemas, and the words an error message uses for it
(``PATTERN_WORDS``).  The models (core.models) are built from them."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StringConstraints, WithJsonSchema

ID_PATTERN = r"^\S(.*\S)?$"
HEX_ID_PATTERN = r"^\d{2,3}\.\d{2,3}$"
# In a scenario on separate sheets a hex may name its sheet: 'rethymnon:27.12' (core.sheets).
SHEET_HEX_ID_PATTERN = r"^([a-z][a-z0-9_-]*:)?\d{2,3}\.\d{2,3}$"
HEX_RANGE_PATTERN = r"^\d{2,3}\.\d{2,3}(-\d{2,3}\.\d{2,3})?$"
HEXSIDE_PATTERN = r"^\d{2,3}\.\d{2,3}/\d{2,3}\.\d{2,3}$"
RULE_REF_PATTERN = r"^[a-z][a-z0-9_-]*:[A-Za-z0-9_.:-]+$"
TURN_PATTERN = r"^\d{4}-\d{2}-\d{2} (\d{4}|night)$"
PATTERN_WORDS = {  # the patterns in words, for error messages
    ID_PATTERN: "an id without leading or trailing spaces",
    HEX_ID_PATTERN: "a hex id like '06.05'",
    SHEET_HEX_ID_PATTERN: "a hex id like '06.05' (or 'rethymnon:06.05' naming its sheet)",
    HEX_RANGE_PATTERN: "a hex id like '06.05' or a range like '01.01-01.10'",
    HEXSIDE_PATTERN: "a hexside like '06.05/06.06'",
    RULE_REF_PATTERN: "a rule citation 'ruleset:section' like 'mygame:29.53' or 'mygame:S6.0'",
    TURN_PATTERN: "a turn like '1941-05-24 0900' or '1941-05-24 night'",
}

Provenance = Literal["published", "provisional"]


def _reject_number(value: Any) -> Any:
    # YAML reads an unquoted 06.05 as the float 6.05 and the leading zero is
    # gone for good, so the only honest fix is to ask for quotes.
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        raise ValueError(f"write hex ids in quotes, e.g. '06.05' "
                         f"(unquoted, YAML reads them as the number {value})")
    return value


def _split_words(value: Any) -> Any:
    """'02.02 03.04, 04.05' → ['02.02', '03.04', '04.05'] (lists pass through)."""
    if isinstance(value, str):
        return [word for word in re.split(r"[\s,]+", value) if word]
    return value


def _one_or_many(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


Id = Annotated[str, StringConstraints(min_length=1, max_length=200, pattern=ID_PATTERN),
               Field(description="An identifier: any text without leading/trailing spaces; "
                                 "printed names are used as-is, e.g. '1 A/1 Inf'.")]
HexId = Annotated[str, BeforeValidator(_reject_number), StringConstraints(pattern=HEX_ID_PATTERN),
                  Field(description="A hex id 'CC.RR' (column.row), quoted, e.g. '06.05'.")]
HexSpec = Annotated[str, BeforeValidator(_reject_number), StringConstraints(pattern=HEX_RANGE_PATTERN),
                    Field(description="A hex id, or a range 'CC.RR-CC.RR' meaning every hex in "
                                      "the rectangle between the two corners, inclusive.")]
_WORDS_SCHEMA = {"anyOf": [{"type": "array", "items": {"type": "string"}},
                           {"type": "string", "description": "whitespace- or comma-separated"}]}
HexList = Annotated[list[HexId], BeforeValidator(_split_words), WithJsonSchema(_WORDS_SCHEMA)]
SheetHexId = Annotated[str, BeforeValidator(_reject_number),
                       StringConstraints(pattern=SHEET_HEX_ID_PATTERN),
                       Field(description="A hex id 'CC.RR', quoted, e.g. '06.05'; on separate "
                             "sheets 'sheet:CC.RR', e.g. 'rethymnon:27.12'.")]
SheetHexList = Annotated[list[SheetHexId], BeforeValidator(_split_words),
                         WithJsonSchema(_WORDS_SCHEMA)]
HexSpecList = Annotated[list[HexSpec], BeforeValidator(_split_words), WithJsonSchema(_WORDS_SCHEMA)]
HexsideId = Annotated[str, StringConstraints(pattern=HEXSIDE_PATTERN),
                      Field(description="A hexside named by its two hexes, 'CC.RR/CC.RR'.")]
RuleRef = Annotated[str, StringConstraints(pattern=RULE_REF_PATTERN),
                    Field(description="A rule citation 'ruleset:section', e.g. 'mygame:29.53', "
                                      "'mygame:S6.0', 'mygame:scenario:1'.")]
TurnLabel = Annotated[str, StringConstraints(pattern=TURN_PATTERN),
                      Field(description="A game turn: 'YYYY-MM-DD HHMM' (24-hour clock) or "
                                        "'YYYY-MM-DD night', e.g. '1941-05-24 0900'.")]
IdList = Annotated[list[Id], BeforeValidator(_one_or_many),
                   WithJsonSchema({"anyOf": [{"type": "array", "items": {"type": "string"}},
                                             {"type": "string"}]})]


Notes = Annotated[str | None, Field(description="Free text for people; rules never read it.")]
Source = Annotated[RuleRef | None, Field(description="Where the book gives this, e.g. "
                                                     "'mygame:scenario:1'.")]


