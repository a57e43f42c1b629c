"""`ks check --watch`: check again whenever a watched file changes, for the
designer's edit-save-look loop.  Polling, not OS notifications: it works the
same on every system and needs nothing installed."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, Iterable

WATCHED = (".ksr", ".yaml", ".yml", ".json", ".py")


def snapshot(roots: Iterable[Path]) -> dict[Path, tuple[int, int]]:
    """Every watched file under *roots* (files or folders) → its modification
    time and size (a coarse clock may not tick between two quick saves)."""
    seen: dict[Path, tuple[int, int]] = {}
    for root in roots:
        files = [root] if root.is_file() else root.rglob("*") if root.is_dir() else []
        for path in files:
            try:
                if path.suffix in WATCHED and path.is_file():
                    stat = path.stat()
                    seen[path] = (stat.st_mtime_ns, stat.st_size)
            except OSError:
                continue  # gone while we looked: the next round sees it
    return seen


def changed(before: dict[Path, tuple], after: dict[Path, tuple]) -> list[Path]:
    """Files added, removed or saved again, in path order."""
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def watch(roots: list[Path], run: Callable[[list[Path]], None], interval: float = 0.5,
          rounds: int | None = None, sleep: Callable[[float], None] = time.sleep) -> None:
    """Call *run* with the changed files each time some change; *rounds*: stop
    after that many looks (None: until interrupted)."""
    state = snapshot(roots)
    done = 0
    while rounds is None or done < rounds:
        sleep(interval)
        done += 1
        now = snapshot(roots)
        moved = changed(state, now)
        if moved:
            state = now
            run(moved)


__all__ = ["watch", "snapshot", "changed"]
