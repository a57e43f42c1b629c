"""`ks serve`'s log as a history of the map: each log line names the moment of
its event, the server draws the pieces as they stood then, and a click on the
line shows that map in the browser until "back to now" (crete:scenario:learning,
a gts:14.0 move by the Allied person)."""

from __future__ import annotations

import re
import urllib.error
import urllib.request

import pytest
from conftest import page_pieces, seat_page
from test_serve import answered_until, asked, hosted, serving

MOVE = re.compile(r"(?P<unit>.+) moves (?P<start>\S+) -> (?P<end>\S+)$")


def hexes_of(svg: str) -> dict[str, str]:
    """Each piece's hex in a pieces drawing."""
    return dict(re.findall(r'<g data-id="([^"]+)" class="piece[^"]*"[^>]*? data-hex="([^"]+)"',
                           svg))


@pytest.fixture()
def moved():
    """A game in which the Allied person has just moved a unit: the host and
    the snapshot after the move."""
    host = hosted()
    token = host.tokens["Allied"]
    snap = answered_until(host, token, "hexes", 80)
    q = snap["question"]
    assert host.answer(token, None, q["id"], hex_id=sorted(q["hexes"])[0]) is None
    yield host, asked(host, snap["version"])
    host.stop()


def the_move(snap: dict) -> tuple[int, re.Match]:
    index = next(i for i, line in enumerate(snap["log"]) if MOVE.match(line.strip()))
    return index, MOVE.match(snap["log"][index].strip())


def test_a_log_lines_moment_is_the_board_right_after_its_event(moved):
    host, snap = moved
    assert len(snap["moments"]) == len(snap["log"])
    assert snap["moments"] == sorted(snap["moments"]) and snap["moments"][-1] <= snap["events"]
    index, move = the_move(snap)
    at = snap["moments"][index]
    before, after = hexes_of(host.moment(at - 1)), hexes_of(host.moment(at))
    assert before.keys() == after.keys() and before
    changed = {piece: (before[piece], after[piece]) for piece in after
               if before[piece] != after[piece]}
    assert list(changed.values()) == [(move["start"], move["end"])]
    assert hexes_of(host.moment(0)) == {}  # before the first set-up, nothing stands
    now = hexes_of(host.moment(snap["events"]))
    state = host.game.session.state
    for piece, hex_id in now.items():
        kind, _, ident = piece.partition("-")
        assert state.attr(state.ref(kind, ident), "hex") == hex_id


@pytest.mark.parametrize("at", ["-1", "x", "1e3", "99999999999", ""])
def test_no_such_moment_is_refused(moved, at):
    host, snap = moved
    with serving(host) as port:
        url = f"http://127.0.0.1:{port}/game/1/moment?at={at}"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url, timeout=10)
        assert refused.value.code == 404
        assert refused.value.read() == b"no such moment"
        past_the_end = f"http://127.0.0.1:{port}/game/1/moment?at={snap['events'] + 10**6}"
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(past_the_end, timeout=10)


def test_a_click_on_a_log_line_shows_the_map_at_that_moment(moved, chromium):
    host, snap = moved
    index, move = the_move(snap)
    with serving(host) as port:
        page, errors = seat_page(chromium, port, host.tokens['Allied'])
        page.wait_for_function(f"Number(document.body.dataset.version) >= {snap['version']}")
        page.wait_for_selector("#live g.piece")
        now = page_pieces(page)
        line = page.locator("#log div").nth(index)
        line.click()
        page.wait_for_selector("#moment:not([hidden])")
        assert page.inner_text("#moment-text") == "the map after: " + snap["log"][index].strip()
        then = page_pieces(page)
        assert then == hexes_of(host.moment(snap["moments"][index]))
        set_up = page.locator("#log div", has_text="sets up in").first
        set_up.click()  # further back: only the pieces set up by then stand
        page.wait_for_function(
            f"document.body.dataset.moment === '{snap['moments'][0]}'")
        assert page.locator("#live g.piece").count() < len(now)
        # an answer is given on the map of now: a click on the past is refused
        page.locator("#live g.piece").first.click(force=True)
        assert "earlier moment" in page.inner_text("#refused")
        page.click("#now")
        assert page.is_hidden("#moment")
        again = page_pieces(page)
        assert again == now
        assert move["end"] in now.values()
        assert not errors, errors
