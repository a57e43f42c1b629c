"""`ks serve` draws a game's off-map displays beside the map (docs/play.md):
Utah's Naval & Air Display and Beach Overlay card (utah:4.1, 4.4; game.yaml
`displays:`), as they stand at each snapshot, read on a context of their own
so a picture taken mid-action leaves the game exactly as it was."""

from __future__ import annotations

import re

from conftest import app_served, seat_page
from test_serve import asked

from kriegsspiel.core.jsonable import jsonable
from kriegsspiel.engine.displays import display_contents
from kriegsspiel.tools.display_scene import _Reading
from kriegsspiel.tools.play import new_game
from kriegsspiel.tools.saves import reopen
from kriegsspiel.tools.serve.host import GameHost


def landing(explain: bool = False) -> GameHost:
    host = GameHost(new_game("utah/landing", 1, ["random", "random"], explain=explain),
                    ["Allied"])
    host.start()
    return host


def test_the_displays_stand_beside_the_map_box_by_box():
    """Each card's title, each box with as many counters as the rules put in
    it, each track row; a game declaring no display sends none."""
    host = landing()
    try:
        snap = asked(host)
        svg = snap["displays"]
        read = display_contents(_Reading(host.game.session), host.source.game.displays)
        shown = [d for d in read if d.shown]  # on 6 June, not the Air Support card
        assert [d.title for d in shown] == ["Naval & Air Display (Force U)",
                                            "Utah Beach Overlay"]
        assert "Air Support" not in svg
        counts = [int(c) for c in re.findall(r'class="display-box" data-count="(\d+)"', svg)]
        assert counts == [len(box.pieces) for d in shown for box in d.boxes]
        assert sum(counts) > 0  # the ships in their range boxes, the first waves loaded
        drawn = set(re.findall(r'<g data-id="((?:unit|leader)-[^"]+)" class="piece', svg))
        assert drawn == {key.replace(":", "-", 1)
                         for d in shown for box in d.boxes for key in box.pieces}
        for d in shown:
            assert d.title.replace("&", "&amp;") in svg
            for track in d.tracks:
                assert track.title in svg
    finally:
        host.stop()
    crete = GameHost(new_game("crete/learning", 1, ["random", "random"]), ["Allied"])
    crete.start()
    try:
        assert asked(crete)["displays"] == ""
    finally:
        crete.stop()


def test_reading_the_displays_mid_action_changes_nothing():
    """Forty answers into the landing, every event and its explanations as the
    save replays them without a server: drawing the displays at each question
    neither cleared the action's pending explanations nor touched its dice."""
    host = landing(explain=True)
    try:
        snap = asked(host)
        for _ in range(40):
            assert host.answer(host.tokens["Allied"], 0, snap["question"]["id"]) is None
            snap = asked(host, snap["version"])
        served = [(e.kind, e.data, jsonable(e.cause)) for e in host.game.session.state.log]
        data = host.saved(host.tokens["Allied"])
    finally:
        host.stop()
    game, _ = reopen(data, explain=True, only_recorded=True)
    log = game.replayed_log if game.replayed_log is not None else game.session.state.log
    again = [(e.kind, e.data, jsonable(e.cause)) for e in log]
    assert sum(1 for _, _, cause in served if cause) > 20
    assert again[:len(served)] == served


def test_the_page_shows_the_displays_and_hides_them_for_an_earlier_moment(chromium):
    from kriegsspiel.tools.serve.app import make_app
    host = landing()
    try:
        with app_served(make_app(host)) as port:
            page, errors = seat_page(chromium, port, host.tokens['Allied'])
            page.wait_for_selector("#displays svg g.display", timeout=30000)
            assert page.is_visible("#displays")
            titles = page.eval_on_selector_all("#displays g.display > title",
                                               "ts => ts.map(t => t.textContent)")
            assert titles == ["Naval & Air Display (Force U)", "Utah Beach Overlay"]
            assert page.locator("#displays g.piece").count() > 0
            box = page.locator("#displays svg").bounding_box()
            aside = page.locator("aside").bounding_box()
            assert box["width"] <= aside["width"]  # scaled to the panel, not cut
            page.locator("#log div").first.click()
            page.wait_for_selector("#moment", state="visible")
            assert not page.is_visible("#displays")
            page.click("#now")
            page.wait_for_selector("#displays", state="visible")
            assert not errors, errors
    finally:
        host.stop()


def test_a_display_the_rules_cannot_read_is_said_and_the_game_goes_on(monkeypatch):
    """A display whose rule fails mid-action is said in the panel's place; the
    action waiting for the person's answer goes on."""
    from kriegsspiel.core.errors import KsError
    from kriegsspiel.tools.serve import host as served

    def broken(source, session):
        raise KsError("no definition 'naval_box_of'")
    monkeypatch.setattr(served, "displays_svg", broken)
    host = landing()
    try:
        snap = asked(host)
        assert snap["displays"] == ('<p class="error">the displays cannot be drawn: '
                                    "no definition &#x27;naval_box_of&#x27;</p>")
        assert host.answer(host.tokens["Allied"], 0, snap["question"]["id"]) is None
        assert not asked(host, snap["version"])["error"]
    finally:
        host.stop()
