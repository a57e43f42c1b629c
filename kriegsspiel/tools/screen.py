"""What `ks play` and `ks resume` show while a game is played: its readable
lines as each turn ends (a ten-day game shows its first day at once, not after
a minute), or with --quiet a progress line on a terminal and the result.

A reader that goes away (`ks play ... | head`) does not stop a game whose
save or log is wanted; otherwise the game stops there, quietly.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any


class ReaderGone(Exception):
    """Nobody reads the output and no file is wanted: stop playing."""


class Screen:
    def __init__(self, game: Any, out: Any, explain: bool, heading: bool, quiet: bool,
                 keep_playing: bool) -> None:
        self.game, self.out, self.explain, self.heading = game, out, explain, heading
        self.quiet, self.keep_playing = quiet, keep_playing
        self.gone = False
        self.started = time.monotonic()
        self.progress = quiet and sys.stderr.isatty()

    def turn_over(self) -> None:
        if self.progress:
            self._progress()
        elif not self.quiet:
            self._show(self._lines(result=False))
        if self.gone and not self.keep_playing:
            raise ReaderGone

    def finish(self) -> None:
        """The rest of the game's lines and its result (quiet: the heading and result)."""
        if self.progress:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
        lines = self._lines(result=True)
        if self.quiet:
            from kriegsspiel.tools.play import heading
            lines = heading(self.game)[:1] + [line for line in lines
                                             if line.startswith("RESULT")]
        self._show(lines)

    def _lines(self, result: bool) -> list[str]:
        from kriegsspiel.tools.play import lines_so_far
        return lines_so_far(self.game, self.explain, self.heading, result=result)

    def _show(self, lines: list[str]) -> None:
        if self.gone:
            return
        try:
            for line in lines:
                self.out.print(line, markup=False)
        except (BrokenPipeError, SystemExit):  # rich exits on a closed pipe
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            self.gone = True

    def _progress(self) -> None:
        turns = self.game.turns
        turn = min(self.game.session.state.turn, len(turns) - 1)
        seconds = time.monotonic() - self.started
        sys.stderr.write(f"\r\x1b[Kturn {turns[turn]} ({turn + 1} of {len(turns)}), "
                         f"{seconds:.0f} s")
        sys.stderr.flush()
