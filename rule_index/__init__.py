"""The rule index: every numbered section of the rulebooks, the authority for citations.

Copied from shared/rule-index.  One JSON file per ruleset; each entry has an
``id`` as printed (``15.6``, ``4.2.2(1)``, ``S5.0``, ``II.D``), a title, a kind
(rule, glossary, note, scenario, errata) and where it stands in the book.
"""

from __future__ import annotations

import functools
import json
from importlib import resources


def _by_ruleset(folder) -> dict[str, dict[str, dict]]:
    """ruleset name → entry id → entry, from one folder's JSON files."""
    out: dict[str, dict[str, dict]] = {}
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".json"):
            data = json.loads(item.read_text(encoding="utf-8"))
            out[data["ruleset"]] = {e["id"]: e for e in data["entries"]}
    return out


@functools.lru_cache(maxsize=1)
def load_index() -> dict[str, dict[str, dict]]:
    """ruleset name (gts, utah, crete, tld) → section id → entry."""
    return _by_ruleset(resources.files(__package__))


def titles() -> dict[str, str]:
    """ruleset name → the book's title for it."""
    out = {}
    for item in resources.files(__package__).iterdir():
        if item.name.endswith(".json"):
            data = json.loads(item.read_text(encoding="utf-8"))
            out[data["ruleset"]] = data["title"]
    return out


@functools.lru_cache(maxsize=1)
def load_sentences() -> dict[str, dict[str, dict]]:
    """ruleset name → sentence id (``gts:17.2#15``) → entry (section, n, text,
    book, line), in the book's order; copied from shared/rule-index/sentences."""
    return _by_ruleset(resources.files(__package__) / "sentences")
