"""`ks serve` played by clicking, in Debian's chromium under Playwright: each
question answered where the page puts it — a move by a click on a highlighted
hex, a unit to command or a fire's target by a click on its highlighted
counter, anything else by its button — with a screenshot after every click
(kept in test-artifacts/), and then the server's game checked against the
engine's record: the save's seed and decisions replay to the very log the
server holds, and every counter on the page stands where the state has it."""

from __future__ import annotations

import os

import pytest
from conftest import app_served, page_pieces, seat_page, wholly_inside
from test_serve import asked

from kriegsspiel.tools.play import log_fingerprint, new_game
from kriegsspiel.tools.saves import recorded_log
from kriegsspiel.tools.serve.app import make_app
from kriegsspiel.tools.serve.host import GameHost

ROUTINE = ("next_unit", "direct_command_unit")  # answered by a counter when offered


class Clicker:
    """One person's page: answers the question shown by clicking, counting how."""

    def __init__(self, page, host: GameHost, side: str, folder: str) -> None:
        self.page, self.host, self.side, self.folder = page, host, side, folder
        self.clicks = {"hex": 0, "counter": 0, "button": 0}
        self.answered: list[tuple[str, str]] = []  # (question, option) in order
        self.pans = 0

    def question(self) -> dict:
        """The snapshot once this page shows its side's question."""
        snap = asked(self.host)
        while snap["question"]["side"] != self.side:
            snap = asked(self.host, snap["version"])
        self.page.wait_for_function(
            f"Number(document.body.dataset.version) >= {snap['version']}", timeout=30000)
        return snap

    def in_sight(self, element) -> dict:
        """*element*'s box once it is on the board, dragging the map as a
        person would when the page has not brought it into view."""
        board, box = self.page.locator("#board").bounding_box(), element.bounding_box()
        middle = (board["x"] + board["width"] / 2, board["y"] + board["height"] / 2)
        if not wholly_inside(board, box):
            self.page.mouse.move(*middle)
            self.page.mouse.down()
            self.page.mouse.move(middle[0] + middle[0] - box["x"] - box["width"] / 2,
                                 middle[1] + middle[1] - box["y"] - box["height"] / 2, steps=5)
            self.page.mouse.up()
            self.pans += 1
            box = element.bounding_box()
        return box

    def click(self, snap: dict, index: int) -> None:
        """Answer *snap*'s question with option *index*, by the page element
        that stands for it, and wait for the umpire to go on."""
        q, page = snap["question"], self.page
        option = q["options"][index]
        piece = next((pid for pid, i in q["pieces"].items() if i == index), None)
        if option in q["hexes"]:
            polygon = page.locator("#overlay polygon").nth(sorted(q["hexes"]).index(option))
            box = self.in_sight(polygon)
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            how = "hex"
        elif piece is not None:
            counter = page.locator(f'#live g.piece.choice[data-id="{piece}"]')
            self.in_sight(counter)
            counter.hover()  # a stack opens: the counter asked for is uncovered
            counter.click()
            how = "counter"
        else:
            page.locator("#options button").nth(index).click()
            how = "button"
        page.wait_for_function(
            f"Number(document.body.dataset.version) > {snap['version']} || "
            "!document.getElementById('refused').hidden", timeout=30000)
        assert page.is_hidden("#refused"), page.inner_text("#refused")
        self.clicks[how] += 1
        self.answered.append((q["key"], option))
        step = sum(self.clicks.values())
        page.screenshot(path=os.path.join(self.folder, f"{step:03d}-{q['key']}.jpeg"),
                        type="jpeg", quality=60)


def nearest_enemy(host: GameHost, side: str, hexes: list[str]) -> str:
    state = host.game.session.state
    enemy = [state.attr(r, "hex") for r in state.refs("unit")
             if str(state.attr(r, "side")) != side and state.map.contains(state.attr(r, "hex"))]
    return min(hexes, key=lambda h: min(state.distance(h, e) for e in enemy))


def a_player(host: GameHost, side: str):
    """How the person plays: fire when it may, else move once towards the
    enemy and hold (moves stop, actions pass); a counter when one is asked for."""
    moved = False

    def choose(snap: dict) -> int:
        nonlocal moved
        q = snap["question"]
        options, key = q["options"], q["key"]
        if "fire" in options:
            return options.index("fire")
        if key == "opportunity_fire":  # the other side moves in sight: fire at it
            return options.index("True")
        if key == "action":
            wanted = "move" if not moved else "pass"
            return options.index(wanted) if wanted in options else 0
        if key == "move" and q["hexes"] and not moved:
            moved = True
            return q["hexes"][nearest_enemy(host, side, list(q["hexes"]))]
        if key == "move":
            return options.index("stop") if "stop" in options else 0
        if key == "second_action":
            return options.index("False")
        if q["pieces"]:
            return min(q["pieces"].values())
        return 0
    return choose


def checked_against_the_record(host: GameHost, side: str, page) -> None:
    """The save of the server's game (seed and decisions) replays to the log
    the server holds, and the page's counters stand where the state has them."""
    data = host.saved(host.tokens[side])
    events, _ = recorded_log(data)
    log = host.game.session.state.log
    assert len(events) == data["events"] == len(log)
    assert log_fingerprint(events) == log_fingerprint(log) == data["log_sha256"]
    state = host.game.session.state
    shown = page_pieces(page)
    assert shown
    for piece_id, hex_id in shown.items():
        kind, _, ident = piece_id.partition("-")
        assert state.attr(state.ref(kind, ident), "hex") == hex_id, piece_id


def played_by_clicking(scenario: str, side: str, folder: str, chromium, enough) -> Clicker:
    """*scenario* served with *side* a person and a heuristic bot opposite,
    clicked through until *enough*(clicker, snapshot) says so."""
    game = new_game(scenario, 1, ["heuristic", "heuristic"], explain=True)
    host = GameHost(game, [side])
    host.start()
    try:
        with app_served(make_app(host)) as port:
            page, errors = seat_page(chromium, port, host.tokens[side])
            clicker, choose = Clicker(page, host, side, folder), a_player(host, side)
            snap = clicker.question()
            for _ in range(400):
                clicker.click(snap, choose(snap))
                snap = clicker.question()
                if enough(clicker, snap):
                    break
            else:
                pytest.fail(f"not done in 400 clicks: {clicker.clicks}")
            checked_against_the_record(host, side, page)
            assert not errors, errors
            return clicker
    finally:
        host.stop()


def test_the_learning_scenarios_first_turn_played_by_clicking(chromium, artifacts):
    """crete:scenario:learning, the Allied side, 0900 played through: the set-up
    choices and gts:10.0.1's Command Points by their buttons, gts:10.0.5's
    Direct Command by the counter of the unit, gts:14.0's moves by the
    highlighted hexes — until the game asks its first question of 1100."""
    first_turn = "1941-05-24 0900"
    clicker = played_by_clicking("crete/learning", "Allied", artifacts, chromium,
                                 lambda c, snap: snap["turn"] != first_turn)
    keys = [key for key, _ in clicker.answered]
    assert {"set_up_in_column", "convert_command_points", "direct_command_unit", "move"} \
        <= set(keys)
    assert clicker.clicks["hex"] >= 1 and clicker.clicks["counter"] >= 1 and \
        clicker.clicks["button"] >= 1, clicker.clicks
    assert len(os.listdir(artifacts)) == sum(clicker.clicks.values())


def test_a_fire_at_a_highlighted_target_by_clicking(chromium, artifacts):
    """crete:scenario:2 (SNAFU), the Axis side, its first turn clicked through
    until a unit fires (gts:15.0): the target is chosen by a click on its
    highlighted counter, and the fire's result is in the log with its
    explanation (its terms, the die and gts:15.5's hit), shown on demand."""
    def fired(clicker: Clicker, snap: dict) -> bool:
        return bool(clicker.answered) and clicker.answered[-1][0] == "fire_target"
    clicker = played_by_clicking("crete/snafu", "Axis", artifacts, chromium, fired)
    assert clicker.clicks["counter"] >= 1
    page = clicker.page
    result = page.locator("#log div.why", has_text="fire_hits(").last
    assert "[gts:15.5]" in result.inner_text()
    assert result.is_hidden()  # an explanation is shown on demand
    page.check("#why")
    assert result.is_visible()
    assert page.locator("#log div.why", has_text="roll d10 =").count() >= 1


def test_a_large_map_opens_where_the_question_is(chromium):
    """SNAFU's map is far wider than the page, its pieces far from the corner
    the map is drawn from: the page opens on them, and the first question's
    highlighted hexes are in sight without a pan."""
    game = new_game("crete/snafu", 1, ["heuristic", "heuristic"])
    host = GameHost(game, ["Axis"])
    host.start()
    try:
        with app_served(make_app(host)) as port:
            page = chromium.new_page(viewport={"width": 1400, "height": 900})
            page.goto(f"http://127.0.0.1:{port}/game/1/?token={host.tokens['Axis']}")
            clicker = Clicker(page, host, "Axis", "")
            snap = clicker.question()
            assert snap["question"]["hexes"]
            page.wait_for_selector("#overlay polygon")
            board = page.locator("#board").bounding_box()
            boxes = [p.bounding_box() for p in page.locator("#overlay polygon").all()]
            in_sight = [b for b in boxes if wholly_inside(board, b)]
            assert len(in_sight) >= len(boxes) / 2, (len(in_sight), len(boxes))
            assert page.locator("#live g.piece").first.bounding_box()["width"] >= 15
    finally:
        host.stop()


def test_a_chit_chosen_by_its_button(chromium, artifacts):
    """crete:scenario:10 (Free-for-All), the Axis side: the Formation chits to
    put in the cup are chosen from the list beside the map, each by its
    button, and each chosen goes into the mug."""
    def chosen(clicker: Clicker, snap: dict) -> bool:
        return any(key == "chit_to_cup" for key, _ in clicker.answered) and \
            snap["question"]["key"] != "chit_to_cup"
    clicker = played_by_clicking("crete/free_for_all", "Axis", artifacts, chromium, chosen)
    chits = [option for key, option in clicker.answered if key == "chit_to_cup"]
    assert chits and clicker.clicks["button"] >= len(chits)
    mug = clicker.host.game.session.value("pool_contents", "mug")
    assert {c.id for c in mug} >= set(chits), mug


def test_opportunity_fire_during_the_other_sides_action(chromium, artifacts):
    """crete:scenario:8 (Last Chance), the Axis side: while the Allied bot
    moves, the page asks whether a unit in sight fires (gts:17.0), that unit
    marked on the map as the question's subject; yes by its button, and the
    fire, rated as Opportunity Fire (gts:17.6), is in the log."""
    def fired(clicker: Clicker, snap: dict) -> bool:
        return ("opportunity_fire", "True") in clicker.answered and \
            not snap["question"]["key"].startswith("opportunity")
    subjects: list[bool] = []

    def marked(clicker: Clicker, snap: dict) -> bool:
        q = snap["question"]
        if q["key"] == "opportunity_fire":
            subjects.append(clicker.page.locator(
                f'#live g.piece.subject[data-id="{q["about"]}"]').count() == 1)
        return fired(clicker, snap)
    clicker = played_by_clicking("crete/last_chance", "Axis", artifacts, chromium, marked)
    assert subjects and all(subjects)
    assert ("opportunity_fire", "True") in clicker.answered
    # its fire is rated as Opportunity Fire (gts:17.6) and rolled, in the log
    log = clicker.page.eval_on_selector_all("#log div", "ds => ds.map(d => d.textContent)")
    rated = [line for line in log if "modified_fire_rating" in line and "[gts:17.6]" in line]
    assert rated, log[-40:]
    assert any("fire_hits(" in line for line in log[log.index(rated[-1]):])
