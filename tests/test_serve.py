"""`ks serve`: the game in the browser. The umpire (GameHost) asks a person's
questions through the page and takes only an answer of the seat asked, one of
the options offered; a real server (uvicorn, started here as `ks serve` starts
it) pushes each new snapshot over a WebSocket; Debian's chromium plays a move
(crete:scenario:learning, gts:10.0's questions)."""

from __future__ import annotations

import contextlib
import json
import time

import pytest
from conftest import app_served, seat_page, wholly_inside

from kriegsspiel.tools.play import new_game, shipped_scenarios
from kriegsspiel.tools.serve.host import GameHost


def hosted() -> GameHost:
    game = new_game("crete/learning", 1, ["random", "heuristic"])
    host = GameHost(game, ["Allied"])
    host.start()
    return host


def asked(host: GameHost, seen: int = -1) -> dict:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        snap = host.wait(seen, 0.5)
        if snap["version"] > seen and snap["question"]:
            return snap
        seen = snap["version"]
    raise AssertionError("no question was asked")


def answered_until(host: GameHost, token: str, wanted: str, limit: int) -> dict:
    """Answer each question with its first option until one offers *wanted*
    ('hexes' or 'pieces'); that snapshot."""
    snap = asked(host)
    for _ in range(limit):
        if snap["question"][wanted]:
            return snap
        assert host.answer(token, 0, snap["question"]["id"]) is None
        snap = asked(host, snap["version"])
    raise AssertionError(f"no question of {wanted} in {limit}")


def test_only_the_seat_asked_answers_and_only_with_an_option():
    """The other seat's token, a forged one and none are refused; so are an
    answer to a stale question, an option that is not offered and a second
    answer to one question — and none of them changes the game."""
    game = new_game("crete/learning", 1, ["random", "heuristic"])
    host = GameHost(game, ["Allied", "Axis"])
    host.start()
    try:
        snap = asked(host)
        q = snap["question"]
        assert q["side"] == "Allied" and host.map_svg.startswith("<svg")
        assert 'class="piece' not in host.map_svg and 'class="piece unit"' in snap["live"]
        mine, theirs = host.tokens["Allied"], host.tokens["Axis"]
        events = len(game.session.state.log)
        assert host.answer("forged", 0, q["id"]).startswith("you hold no seat")
        assert host.answer(None, 0, q["id"]).startswith("you hold no seat")
        assert host.answer(theirs, 0, q["id"]) == "nothing is asked of your side now"
        assert host.answer(mine, 0, q["id"] - 1).startswith("that answer is for question")
        assert host.answer(mine, len(q["options"]), q["id"]).startswith("not one of the")
        assert host.answer(mine, "0", q["id"]).startswith("not one of the")
        assert host.answer(mine, None, q["id"], hex_id="99.99").startswith("99.99 is not one")
        assert len(game.session.state.log) == events and host.wait(-1, 0)["question"] == q
        assert host.answer(mine, 0, q["id"]) is None
        assert host.answer(mine, 0, q["id"]) in ("this question is answered already",
                                                 "nothing is asked of your side now") or \
            host.wait(-1, 0)["question"]["id"] != q["id"]
        after = asked(host, snap["version"])
        assert after["version"] > snap["version"]
    finally:
        host.stop()


def test_a_question_of_hexes_highlights_them_and_a_hex_answers_it():
    """gts:14.0's move: the hexes offered are shaded on the map, and a hex of
    them answers the question as its option would."""
    game = new_game("crete/learning", 1, ["random", "heuristic"])
    host = GameHost(game, ["Allied"])
    host.start()
    try:
        snap = answered_until(host, host.tokens["Allied"], "hexes", 200)
        q = snap["question"]
        hex_id, index = next(iter(q["hexes"].items()))
        assert q["options"][index] == hex_id
        assert snap["live"].count('fill="#ffef5e"') == len(q["hexes"])
        assert host.answer(host.tokens["Allied"], None, q["id"], hex_id=hex_id) is None
        save = host.saved(host.tokens["Allied"])
        assert save["scenario"] == "crete/learning" and host.saved("forged") is None
    finally:
        host.stop()


@contextlib.contextmanager
def serving(host: GameHost):
    """*host*'s game served (started already); the port. The game stops with it."""
    from kriegsspiel.tools.serve.app import make_app
    with app_served(make_app(host)) as port:
        try:
            yield port
        finally:
            host.stop()


@pytest.fixture()
def server():
    host = hosted()
    with serving(host) as port:
        yield host, port


@pytest.fixture()
def two_people():
    host = GameHost(new_game("crete/learning", 1, ["random", "random"]), ["Allied", "Axis"])
    host.start()
    with serving(host) as port:
        yield host, port


def test_the_websocket_pushes_snapshots_and_takes_the_seats_answers(server):
    from websockets.sync.client import connect
    host, port = server
    url = f"ws://127.0.0.1:{port}/game/1/ws"
    with connect(f"{url}?token={host.tokens['Allied']}") as player, connect(url) as watcher:
        assert json.loads(player.recv(10)) == {"seat": "Allied", "seats": ["Allied"]}
        assert json.loads(watcher.recv(10)) == {"seat": None, "seats": []}
        snap = None
        while snap is None or not snap["question"]:
            snap = json.loads(player.recv(30))["snapshot"]
        qid = snap["question"]["id"]
        watcher.send(json.dumps({"question": qid, "answer": 0}))
        while True:
            message = json.loads(watcher.recv(30))
            if "refused" in message:
                assert message["refused"].startswith("you hold no seat")
                break
        for bad, why in (("{", "not JSON"), ("[1]", "an answer is"),
                         (json.dumps({"question": qid, "answer": 0, "x": 1}), "an answer is"),
                         (json.dumps({"question": qid}), "one of them"),
                         (json.dumps({"question": qid, "hex": 5}), "by its id"),
                         ("x" * 5000, "more than 4096 bytes"),
                         (json.dumps({"undo": True}), "you have answered nothing yet")):
            player.send(bad)
            assert why in json.loads(player.recv(30))["refused"]
        player.send(json.dumps({"question": qid, "answer": 0}))
        newer = json.loads(player.recv(30))["snapshot"]
        assert newer["version"] > snap["version"]


def test_a_person_plays_a_move_in_the_browser(server, chromium, tmp_path):
    host, port = server
    page, errors = seat_page(chromium, port, host.tokens['Allied'])
    page.wait_for_selector("#options button", timeout=30000)
    assert page.inner_text("#seat") == "you play Allied"
    assert page.locator("#board svg g.piece").count() >= 10
    # beside the map: the turn track with this turn marked, each Division's
    # points (gts:10.0.3, the ruleset's panel), a log to search
    assert page.inner_text("#turns li.now") == host.wait(-1, 0)["turn"]
    assert "2nd New Zealand Division" in page.inner_text("#panel")
    page.fill("#search", "sets up in")
    shown = [t for t in page.locator("#log div:visible").all_inner_texts()]
    assert shown and all("sets up in" in t for t in shown)
    page.fill("#search", "")
    page.mouse.move(300, 300)
    page.mouse.wheel(0, -200)
    page.wait_for_function("document.getElementById('map').style.transform"
                           ".includes('scale')")
    # Answer from the list until a question offers hexes, then click one on the map.
    for _ in range(40):
        snap = host.wait(-1, 0)
        before = int(page.get_attribute("body", "data-version"))
        if snap["question"] and snap["question"]["hexes"] and \
                before == snap["version"]:
            # the page has brought the highlighted hexes into sight
            board = page.locator("#board").bounding_box()
            box = next(b for b in map(lambda p: p.bounding_box(),
                                      page.locator("#overlay polygon").all())
                       if wholly_inside(board, b))
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_function(f"Number(document.body.dataset.version) > {before}",
                                   timeout=30000)
            break
        page.wait_for_selector("#options button", timeout=30000)
        page.locator("#options button").first.click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {before}",
                               timeout=30000)
    else:
        pytest.fail("no question offered hexes in 40 answers")
    page.screenshot(path=str(tmp_path / "after-the-move.png"))
    assert not errors, errors


def test_a_hot_seat_token_answers_for_each_of_its_seats():
    game = new_game("crete/learning", 1, ["random", "random"])
    host = GameHost(game, ["Allied", "Axis"])
    both = ",".join(host.tokens[s] for s in ("Allied", "Axis"))
    assert host.seats_of(both) == ["Allied", "Axis"] and host.seats_of("x,y") == []
    host.start()
    try:
        sides, snap = set(), asked(host)
        while len(sides) < 2:
            q = snap["question"]
            sides.add(q["side"])
            assert host.answer(both, 0, q["id"]) is None
            snap = asked(host, snap["version"])
    finally:
        host.stop()


def test_two_people_in_two_browsers_each_answer_their_own_side(two_people, chromium):
    """Each browser context holds one seat's token: a question shows only on
    its side's page, and each side answers on its own page."""
    host, port = two_people
    pages = {}
    for side in ("Allied", "Axis"):
        pages[side] = chromium.new_context().new_page()
        pages[side].goto(f"http://127.0.0.1:{port}/game/1/?token={host.tokens[side]}")
    answered = set()
    for _ in range(60):
        snap = asked(host)
        side = snap["question"]["side"]
        other = "Axis" if side == "Allied" else "Allied"
        page = pages[side]
        page.wait_for_function(f"Number(document.body.dataset.version) >= {snap['version']}",
                               timeout=30000)
        assert page.is_visible("#question")
        pages[other].wait_for_function(
            f"Number(document.body.dataset.version) >= {snap['version']}", timeout=30000)
        assert not pages[other].is_visible("#question")
        page.locator("#options button").first.click()
        answered.add(side)
        asked(host, snap["version"])
        if len(answered) == 2:
            break
    assert answered == {"Allied", "Axis"}


def test_a_save_from_the_page_goes_on_where_it_stood():
    """The page's save (written at a person's question, mid-action) resumes in a
    new host: the recorded answers are replayed, and the same question is asked
    of the person again — nothing they did is lost."""
    from kriegsspiel.tools.saves import prepare
    host = hosted()
    try:
        snap = asked(host)
        for _ in range(3):  # a few answers into the game
            assert host.answer(host.tokens["Allied"], 0, snap["question"]["id"]) is None
            snap = asked(host, snap["version"])
        data = host.saved(host.tokens["Allied"])
        pending = snap["question"]
    finally:
        host.stop()
    game, _, actions = prepare(data, ["random", "heuristic"])
    again = GameHost(game, ["Allied"], (data, actions))
    again.start()
    try:
        resumed = asked(again)["question"]
        assert (resumed["key"], resumed["subject"], resumed["options"]) == \
            (pending["key"], pending["subject"], pending["options"])
        assert len(game.session.state.log) >= data["events"]
    finally:
        again.stop()


@pytest.mark.parametrize("scenario, sheets", [("crete/learning", 0), ("crete/jump", 4),
                                              ("crete/hot_pursuit", 0), ("crete/mercury", 7)])
def test_a_scenario_of_several_sheets_is_served(scenario, sheets):
    """One sheet, sheets joined in one grid (crete:scenario:10's three) and
    sheets side by side (6's four, 11's seven, their hexes sheet-qualified):
    the map drawn once with every hex titled by its id, the sides in the
    legend, the person's first question asked."""
    game = new_game(scenario, 1, ["random", "random"])
    host = GameHost(game, ["Allied", "Axis"])
    host.start()
    try:
        snap = asked(host)
        assert set(snap["legend"]["sides"]) == {"Allied", "Axis"}
        hexes = list(game.session.state.map.terrain)
        assert all(f"<title>{h} " in host.map_svg for h in hexes)
        assert len({h.partition(":")[0] for h in hexes if ":" in h}) == sheets
        assert 'class="piece' in snap["live"] and snap["question"]["side"] in ("Allied", "Axis")
    finally:
        host.stop()


@pytest.mark.parametrize("scenario", shipped_scenarios())
def test_every_shipped_scenario_is_served(scenario):
    """Each scenario shipped, a person at each seat: its map drawn (a scenario
    playing part of a map, crete:scenario:7 and 8's play areas, draws the
    roads and hexsides of its own hexes only), its pieces on it and the first
    question asked."""
    game = new_game(scenario, 1, ["random", "random"])
    host = GameHost(game, list(game.session.state.catalog["side"]))
    host.start()
    try:
        snap = asked(host)
        assert snap["question"]["side"] in host.people and not snap["error"]
        assert host.map_svg.count("<title>") >= len(game.session.state.map.terrain)
        assert 'class="piece' in snap["live"]
    finally:
        host.stop()


def test_a_hex_of_a_map_of_joined_sheets_answers():
    """crete:scenario:10 (three sheets joined): the first question of hexes is
    answered by a hex id, as a click on it sends."""
    game = new_game("crete/hot_pursuit", 1, ["random", "random"])
    host = GameHost(game, ["Allied", "Axis"])
    both = ",".join(host.tokens.values())
    host.start()
    try:
        q = answered_until(host, both, "hexes", 200)["question"]
        hex_id = next(iter(q["hexes"]))
        assert f"<title>{hex_id} " in host.map_svg
        assert host.answer(both, None, q["id"], hex_id=hex_id) is None
    finally:
        host.stop()


def test_a_question_of_pieces_marks_their_counters():
    """gts:21.0's Leader placed with a Unit, gts:15.5's fire at a target: the
    pieces offered are named by their counters on the map (a click on one
    answers with its option)."""
    game = new_game("crete/learning", 1, ["random", "random"])
    host = GameHost(game, ["Allied", "Axis"])
    both = ",".join(host.tokens.values())
    host.start()
    try:
        snap = answered_until(host, both, "pieces", 300)
        q = snap["question"]
        for counter, index in q["pieces"].items():
            assert f'data-id="{counter}"' in snap["live"]
            assert counter.split("-", 1)[1] == q["options"][index]
    finally:
        host.stop()


def test_thousands_of_bad_messages_change_nothing():
    """Every message over the wire is checked before the umpire sees it:
    random text, JSON of every shape, stale and foreign question ids, options
    out of range — each refused with a reason, and the game stands still."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from kriegsspiel.tools.serve.app import _answer
    game = new_game("crete/learning", 1, ["random", "heuristic"])
    host = GameHost(game, ["Allied"])
    host.start()
    try:
        snap = asked(host)
        qid, token = snap["question"]["id"], host.tokens["Allied"]
        events, version = len(game.session.state.log), snap["version"]
        json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                                   lambda inner: st.lists(inner, max_size=3)
                                   | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                                   max_leaves=8)
        wrong = st.one_of(
            st.text(max_size=64),
            json_values.filter(lambda v: not (isinstance(v, dict) and "question" in v))
            .map(json.dumps),
            st.fixed_dictionaries({"question": st.integers().filter(lambda i: i != qid),
                                   "answer": st.integers()}).map(json.dumps),
            st.fixed_dictionaries({"question": st.just(qid),
                                   "answer": st.integers().filter(lambda i: i < 0 or i > 99)}
                                  ).map(json.dumps),
            st.fixed_dictionaries({"question": st.just(qid),
                                   "hex": st.text(max_size=6).filter(lambda h: h not in
                                                                     snap["question"]["hexes"])}
                                  ).map(json.dumps))

        @settings(max_examples=2000, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(wrong, st.sampled_from([token, "forged", None]))
        def refused(text, who):
            assert _answer(host, who, text)
        refused()
        assert len(game.session.state.log) == events and host.wait(-1, 0)["version"] == version
    finally:
        host.stop()


def test_one_server_hosts_several_games_each_with_its_own_seats():
    """The games list at /, each game under /game/<id>/; a seat's token of one
    game holds no seat in another; an unknown game is refused."""
    import urllib.error
    import urllib.request

    from websockets.sync.client import connect

    from kriegsspiel.tools.serve.app import make_app
    games = {"1": hosted(), "2": GameHost(new_game("crete/snafu", 1, ["random", "random"]),
                                          ["Axis"])}
    games["2"].start()
    with app_served(make_app(games)) as port, contextlib.ExitStack() as stopping:
        for host in games.values():
            stopping.callback(host.stop)
        listing = urllib.request.urlopen(f"http://127.0.0.1:{port}/").read().decode()
        assert "Storming the Kastelli" in listing and 'href="/game/2/"' in listing
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/game/9/state")
        first = games["1"].tokens["Allied"]
        with connect(f"ws://127.0.0.1:{port}/game/2/ws?token={first}") as stranger:
            assert json.loads(stranger.recv(10)) == {"seat": None, "seats": []}
        with connect(f"ws://127.0.0.1:{port}/game/2/ws?token={games['2'].tokens['Axis']}") \
                as axis:
            assert json.loads(axis.recv(10)) == {"seat": "Axis", "seats": ["Axis"]}
        with connect(f"ws://127.0.0.1:{port}/game/9/ws") as nowhere:
            assert json.loads(nowhere.recv(10)) == {"refused": "no such game"}


def test_a_person_takes_back_the_last_answer_when_no_die_has_rolled():
    """The same question is asked again, and a different answer plays on; with
    a die rolled since, the answer stands. Nothing else changes."""
    game = new_game("crete/learning", 1, ["random", "random"])
    host = GameHost(game, ["Allied", "Axis"])
    both = ",".join(host.tokens.values())
    host.start()
    try:
        first = asked(host)
        assert host.undo(both) == "you have answered nothing yet"
        assert host.answer(both, 0, first["question"]["id"]) is None
        second = asked(host, first["version"])
        assert host.undo("forged") == "you hold no seat in this game"
        assert host.undo(both) is None
        again = asked(host, second["version"])
        keep = ("key", "subject", "options")
        assert [again["question"][k] for k in keep] == [first["question"][k] for k in keep]
        assert host.answer(both, 1, again["question"]["id"]) is None
        later = asked(host, again["version"])
        host.game.session.dice.count += 1  # as if a die had been rolled since
        assert host.undo(both) == "a die has been rolled since that answer: it stands"
        host.game.session.dice.count -= 1
        assert host.answer(both, 0, later["question"]["id"]) is None
    finally:
        host.stop()
