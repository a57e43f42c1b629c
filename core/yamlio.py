"""Read YAML into plain Python data and remember where every node came from.

Data files are written by people, so every later complaint (a pydantic error,
an unknown unit in a scenario) must point at a line and column.  We therefore
stop ruamel.yaml at the *node graph* (``compose``) and build the Python values
ourselves.  That gives us:

* positions for every mapping key, mapping value and sequence item;
* safety by construction — no constructor runs, no tag can make an object;
* plain data only: dict, list, str, int, float, bool, None;
* located errors for syntax problems, duplicate keys, unknown tags, merge keys,
  recursive aliases and alias bombs.

Scalars follow the YAML 1.2 core schema, with one deliberate change: YAML
timestamps stay strings (the core schema has no timestamps, and a date in a
data file is a label, not a ``datetime``).
"""

from __future__ import annotations

import functools
import math
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, ReusedAnchorWarning, YAMLError
from ruamel.yaml.reader import ReaderError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .errors import KsError, Location

_TAG = "tag:yaml.org,2002:"
# Deeper nesting than this is never a data file; it is a fuzzer or a mistake,
# and both the composer and our converter recurse.
MAX_DEPTH = 100
# Aliases let a tiny file describe an exponentially large value ("billion
# laughs"); refuse anything whose expanded size exceeds this many nodes.
MAX_EXPANDED_NODES = 200_000


@dataclass
class LocatedDoc:
    """One YAML document: its plain data plus a way back to the source text."""

    path: str
    data: Any
    root: Node | None = field(repr=False, default=None)
    lines: list[str] = field(repr=False, default_factory=list)

    def locate(self, where: Sequence[Any] = (), *, key: bool = False) -> Location:
        """The Location of the node at *where* (e.g. ``("units", 1, "movement")``).

        Falls back to the nearest existing parent when the path leaves the
        document (a missing field, a pydantic union tag).  With ``key=True``
        the location of the mapping key itself is returned when the last step
        is a key — the right place to point at for an unknown field.
        """
        node, key_node = self._walk(where)
        if node is None:
            return self._location(None)
        if key and key_node is not None:
            return self._location(key_node)
        if key_node is not None and _is_empty_scalar(node):
            # `name:` with nothing after it has its mark on the next line;
            # the key is where the reader's eye is.
            return self._location(key_node)
        return self._location(node)

    def has(self, where: Sequence[Any]) -> bool:
        """True when every step of *where* exists in the document."""
        return self.resolved_depth(where) == len(where)

    def resolved_depth(self, where: Sequence[Any]) -> int:
        """How many leading steps of *where* name real nodes."""
        node, depth = self.root, 0
        for step in where:
            child = _child(node, step)
            if child is None:
                break
            node, depth = child[0], depth + 1
        return depth

    def _walk(self, where: Sequence[Any]) -> tuple[Node | None, Node | None]:
        node, key_node = self.root, None
        for step in where:
            child = _child(node, step)
            if child is None:
                break
            node, key_node = child
        return node, key_node

    def _location(self, node: Node | None) -> Location:
        if node is None:
            return Location(self.path, 1, 1, self._line(1))
        line, column = node.start_mark.line + 1, node.start_mark.column + 1
        return Location(self.path, line, column, self._line(line))

    def _line(self, line: int) -> str:
        # Always supply the text (never None) so rendering never re-reads the file.
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""


# ------------------------------------------------------------ objects read from YAML
# A loader may record on an object where it was read from, as the attribute
# ``_origin = (LocatedDoc, path)``; these helpers turn that into locations.


def where(obj: Any, *steps: Any, key: bool = False) -> Location | None:
    """The source location of *obj* (a loaded model), or of a node below it
    (with ``key=True``, of the mapping key naming that node)."""
    origin = getattr(obj, "_origin", None)
    return origin[0].locate(origin[1] + steps, key=key) if origin else None


def path_of(obj: Any, *steps: Any) -> str:
    """'setup[2].unit' — the data path of *obj* plus *steps*, as shown in messages."""
    origin = getattr(obj, "_origin", None)
    return render_path((origin[1] if origin else ()) + steps)


def render_path(path: Iterable[Any]) -> str:
    """('setup', 2, 'unit') → 'setup[2].unit'."""
    text = ""
    for step in path:
        if isinstance(step, int) and not isinstance(step, bool):
            text += f"[{step}]"
        elif isinstance(step, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", step):
            text += f".{step}" if text else step
        else:
            text += f"[{str(step)!r}]"
    return text


def load_yaml(path: str | Path) -> LocatedDoc:
    """Read and parse one YAML file; every problem is a located KsError."""
    shown = str(path)
    try:
        raw = Path(path).read_bytes()
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise KsError(f"cannot read file: {getattr(exc, 'strerror', None) or exc}",
                      Location(shown)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        # Supply the line ourselves: Location.text() would re-read the file as UTF-8.
        source = raw.decode("utf-8", errors="replace").splitlines()[line - 1:line] or [""]
        raise KsError(f"file is not valid UTF-8 (byte {exc.start})",
                      Location(shown, line, 1, source[0])) from None
    return load_yaml_text(text, shown)


def load_yaml_text(text: str, path: str = "<string>") -> LocatedDoc:
    """Parse YAML held in a string (tests, editors); *path* names it in errors.

    Parses are memoised by (path, text): checking, loading and listing
    provisional data read the same files, and ruamel's pure-Python composer
    dominates their cost.  Callers treat the returned document as read-only.
    """
    return _load_yaml_text_cached(text, path)


@functools.lru_cache(maxsize=512)
def _load_yaml_text_cached(text: str, path: str) -> LocatedDoc:
    lines = text.splitlines()
    yaml = YAML(typ="safe", pure=True)
    try:
        with warnings.catch_warnings():
            # Redefining an anchor is legal YAML; ruamel merely warns about it.
            warnings.simplefilter("ignore", ReusedAnchorWarning)
            root = yaml.compose(text)
    except MarkedYAMLError as exc:
        raise _syntax_error(exc, path, lines) from None
    except ReaderError as exc:  # control characters and the like
        raise _reader_error(exc, text, path, lines) from None
    except YAMLError as exc:
        raise KsError(f"YAML error: {_one_line(str(exc))}", Location(path)) from None
    except RecursionError:
        raise KsError("YAML nesting is too deep", Location(path)) from None
    except Exception as exc:  # noqa: BLE001 — pathological input can trip ruamel itself
        raise KsError(f"YAML could not be read: {_one_line(str(exc)) or type(exc).__name__}",
                      Location(path)) from None
    doc = LocatedDoc(path, None, root, lines)
    if root is not None:
        _check_size(root, doc)
        doc.data = _Converter(doc).convert(root, frozenset())
    return doc


# --------------------------------------------------------------------------- nodes


def _child(node: Node | None, step: Any) -> tuple[Node, Node | None] | None:
    """The (value node, key node) one step below *node*, or None."""
    if isinstance(node, MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode) and _key_matches(key_node, step):
                return value_node, key_node
    elif isinstance(node, SequenceNode) and isinstance(step, int) and not isinstance(step, bool):
        if 0 <= step < len(node.value):
            return node.value[step], None
    return None


def _key_matches(key_node: ScalarNode, step: Any) -> bool:
    try:
        value = _scalar(key_node)
    except KsError:
        return False
    return type(value) is type(step) and value == step


def _is_empty_scalar(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.value == "" and not node.style


def _tag(node: Node) -> str:
    tag = getattr(node.tag, "value", node.tag)  # ruamel versions differ: str or Tag
    return str(tag) if tag is not None else ""


def _check_size(root: Node, doc: LocatedDoc) -> None:
    """Refuse alias bombs and runaway nesting before expanding anything.

    Size and height are memoised per node, so a document reusing one anchor
    many times is measured in linear time, as its *expanded* value.
    """
    measured: dict[int, tuple[int, int]] = {}

    def measure(node: Node) -> tuple[int, int]:
        known = measured.get(id(node))
        if known is not None:
            return known
        measured[id(node)] = (1, 1)  # a cycle counts once; the converter reports it
        children: list[Node] = []
        if isinstance(node, SequenceNode):
            children = list(node.value)
        elif isinstance(node, MappingNode):
            children = [n for pair in node.value for n in pair]
        size, height = 1, 1
        for child in children:
            child_size, child_height = measure(child)
            size, height = min(size + child_size, MAX_EXPANDED_NODES + 1), max(height, child_height + 1)
        if height > MAX_DEPTH:
            raise KsError(f"YAML nesting is deeper than {MAX_DEPTH} levels", doc._location(node))
        measured[id(node)] = (size, height)
        return size, height

    try:
        size, _ = measure(root)
    except RecursionError:
        raise KsError("YAML nesting is too deep", doc._location(root)) from None
    if size > MAX_EXPANDED_NODES:
        raise KsError(f"YAML document expands to more than {MAX_EXPANDED_NODES} nodes "
                      "(too many aliases?)", doc._location(root))


class _Converter:
    """Node graph → plain Python data, with located errors."""

    def __init__(self, doc: LocatedDoc) -> None:
        self.doc = doc

    def convert(self, node: Node, active: frozenset[int]) -> Any:
        if id(node) in active:
            raise KsError("recursive alias: a node contains itself", self.doc._location(node))
        if isinstance(node, ScalarNode):
            return _scalar(node, self.doc)
        inner = active | {id(node)}
        if isinstance(node, SequenceNode):
            self._expect_tag(node, "seq")
            return [self.convert(item, inner) for item in node.value]
        if isinstance(node, MappingNode):
            self._expect_tag(node, "map")
            return self._mapping(node, inner)
        raise KsError(f"unsupported YAML node {type(node).__name__}", self.doc._location(node))

    def _expect_tag(self, node: Node, kind: str) -> None:
        tag = _tag(node)
        if tag not in (_TAG + kind, "", "!"):
            raise KsError(f"YAML tag '{tag}' is not allowed in data files", self.doc._location(node))

    def _mapping(self, node: MappingNode, active: frozenset[int]) -> dict:
        result: dict[Any, Any] = {}
        first_seen: dict[Any, ScalarNode] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                raise KsError("mapping keys must be plain values, not lists or mappings",
                              self.doc._location(key_node))
            if _tag(key_node) == _TAG + "merge":
                # Merge keys are a YAML 1.1 feature with surprising override
                # rules; a data file is clearer with the keys written out.
                raise KsError("merge keys ('<<') are not supported; write the keys out",
                              self.doc._location(key_node))
            key = _scalar(key_node, self.doc)
            if isinstance(key, float) and math.isnan(key):
                raise KsError("'.nan' cannot be a mapping key", self.doc._location(key_node))
            if key in first_seen:  # in Python, 1 and true are the same key too
                first = first_seen[key].start_mark.line + 1
                raise KsError(f"duplicate key '{key_node.value}' (first defined on line {first})",
                              self.doc._location(key_node))
            first_seen[key] = key_node
            result[key] = self.convert(value_node, active)
        return result


_NULLS = {"", "~", "null", "Null", "NULL"}
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}


def _scalar(node: ScalarNode, doc: LocatedDoc | None = None) -> Any:
    """One scalar node → str/int/float/bool/None by its (resolved or explicit) tag."""
    tag, text = _tag(node), node.value

    def fail(message: str) -> KsError:
        return KsError(message, doc._location(node) if doc else None)

    if tag in (_TAG + "str", _TAG + "timestamp", "!", ""):
        return text
    if tag == _TAG + "null":
        if text in _NULLS:
            return None
        raise fail(f"'{text}' is not null")
    if tag == _TAG + "bool":
        if text in _BOOLS:
            return _BOOLS[text]
        raise fail(f"'{text}' is not true or false")
    if tag == _TAG + "int":
        number = _parse_int(text)
        if number is None:
            raise fail(f"'{_short(text)}' is not an integer")
        return number
    if tag == _TAG + "float":
        number = _parse_float(text)
        if number is None:
            raise fail(f"'{_short(text)}' is not a number")
        return number
    raise fail(f"YAML tag '{tag}' is not allowed in data files")


def _parse_int(text: str) -> int | None:
    digits = text.replace("_", "")
    sign = -1 if digits.startswith("-") else 1
    digits = digits.lstrip("+-")
    base = 10
    prefix = digits[:2].lower()
    if prefix in ("0x", "0o", "0b"):
        base, digits = {"0x": 16, "0o": 8, "0b": 2}[prefix], digits[2:]
    try:
        return sign * int(digits, base)
    except ValueError:  # also Python's limit on very long digit strings
        return None


def _parse_float(text: str) -> float | None:
    folded = text.lower()
    specials = {".inf": math.inf, "+.inf": math.inf, "-.inf": -math.inf, ".nan": math.nan}
    if folded in specials:
        return specials[folded]
    try:
        return float(text.replace("_", ""))
    except ValueError:
        return None


def _syntax_error(exc: MarkedYAMLError, path: str, lines: list[str]) -> KsError:
    mark = exc.problem_mark or exc.context_mark
    problem = _one_line(exc.problem or exc.context or "syntax error")
    if exc.context and exc.problem:
        problem = f"{problem} ({_one_line(exc.context)})"
    if mark is None:
        return KsError(f"YAML syntax error: {problem}", Location(path))
    line = mark.line + 1
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    return KsError(f"YAML syntax error: {problem}", Location(path, line, mark.column + 1, source))


def _reader_error(exc: ReaderError, text: str, path: str, lines: list[str]) -> KsError:
    position = exc.position if isinstance(exc.position, int) else 0
    before = text[:position]
    line = before.count("\n") + 1
    column = position - (before.rfind("\n") + 1) + 1
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    char = exc.character  # a code point (int) or the character, by ruamel version
    code = char if isinstance(char, int) else ord(char[:1] or "?") if isinstance(char, str) else 0
    return KsError(f"character #x{code:04x} is not allowed in YAML",
                   Location(path, line, column, source))


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
