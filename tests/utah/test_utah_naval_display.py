"""The Naval Display and the Beach Overlay's boxes and tracks drawn beside the map
(utah:4.1.3's 4.1.4 and 4.1.5, 4.4.1, 4.5.6; games/utah/game.yaml `displays`,
docs/utah_nis.md): by `ks render` and the replay viewer, from what the NIS rules
keep; a bad declaration is a located `ks check` error."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kriegsspiel.tools.play import play_game, write_save
from kriegsspiel.tools.board_source import Source, board_at, open_source
from kriegsspiel.tools.render import board_scene, render
from kriegsspiel.tools.replay_html import frames, page
from kriegsspiel.tools.viewer.scene import to_svg
from utah_games import utah_game

HERE = Path(__file__).resolve().parent
NAVAL = str(HERE / "scenarios" / "naval_test.yaml")
SVG = "{http://www.w3.org/2000/svg}"
SHIPS = ["USS Nevada", "USS Tuscaloosa", "HMS Black Prince", "USS Corry"]


def boxes(svg_text: str) -> dict[str, list[str]]:
    """Each display box's title → the names of the counters drawn inside its group."""
    root = ET.fromstring(svg_text.split("\n", 1)[1] if svg_text.startswith("<?xml") else svg_text)
    out = {}
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "display-box":
            out[g.find(f"{SVG}title").text] = [
                p.find(f"{SVG}title").text.split(" (")[0] for p in g.findall(f"{SVG}g")
                if "piece" in (p.get("class") or "")]
    return out


def tracks(svg_text: str) -> dict[str, str]:
    root = ET.fromstring(svg_text.split("\n", 1)[1] if svg_text.startswith("<?xml") else svg_text)
    return {g.find(f"{SVG}title").text: g.findall(f"{SVG}text")[1].text
            for g in root.iter(f"{SVG}g") if g.get("class") == "display-track"}


def box_of(drawn: dict[str, list[str]], name: str) -> str | None:
    return next((title for title, names in drawn.items() if name in names), None)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """naval_test played to the end of the 0700, 6 June turn: two Naval Chits."""
    folder = tmp_path_factory.mktemp("naval")
    game, _ = play_game(NAVAL, 1, ["random", "random"], until=3)
    write_save(game, folder / "game.json")
    return folder / "game.json"


def test_4_1_3_render_shows_the_ships_in_their_range_boxes_at_0700(played, tmp_path):
    """utah:4.1.3#10, utah:4.1.3#12, utah:4.4.1#1-3: at the start of the 0700, 6 June
    turn the Naval Display shows each ship in the range box of its Assault Force where
    the scenario's naval_display rule put it; the Beach Overlay's tracks read their
    starting levels (PROVISIONAL, beach_defense_start)."""
    out = tmp_path / "t3.svg"
    render(played, out, turn="1944-06-06 0700")
    text = out.read_text(encoding="utf-8")
    drawn = boxes(text)
    assert drawn["UtS Short Range"] == ["USS Corry"]
    assert drawn["UtS Medium Range"] == ["USS Tuscaloosa", "HMS Black Prince"]
    assert drawn["UtS Long Range"] == ["USS Nevada"]
    assert drawn["UtS Close Range"] == ["LCS(L) 1", "LCT(R) 1"]
    assert all(drawn[f"UtN {b} Range"] == [] for b in ("Close", "Short", "Medium", "Long"))
    assert drawn["Landing Wave: Tare Green"] == drawn["En Route from England"] == []
    drawn_tracks = tracks(text)
    assert drawn_tracks.pop("Fighter-Bombers on interdiction") == "0"
    assert drawn_tracks.pop("Fighter-Bombers left").isdigit()      # the day's (utah:1.2)
    assert drawn_tracks == {"Beach Obstacles": "4", "Resistance Nests": "3", "Gaps": "4",
                            "Sea State": "2", "All Gaps open": "no", "Beach cleared": "no",
                            "Overlay removed": "no"}
    # the ships are off the map: no counter of theirs among the map's pieces
    root = ET.fromstring(text.split("\n", 1)[1])
    on_map = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "pieces")
    assert not any(g.find(f"{SVG}title").text.startswith("USS") for g in on_map)


def test_4_4_2_after_the_nsop_steps_each_ship_is_in_the_box_the_rules_keep(played, tmp_path):
    """utah:4.1.3#12, utah:4.4.1#3: after the Naval Chits' step 8 moved the ships, each
    is drawn in the box the rules say (ship_force, ship_box at that board), and the
    tracks read what the rules compute (the LCS's fire may have reduced the Nests)."""
    source = open_source(played)
    board = board_at(source.catalog, source.events)
    text = to_svg(board_scene(source, board))
    session = source.session  # its state is the drawn board (render._session_at)
    moved = [e for e in source.events if e["kind"] == "ship_moved"]
    assert moved, "the game's NSoP moved no ship: the test shows nothing"
    drawn = boxes(text)
    for name in SHIPS:
        ship = session.state.interned("unit", name)
        wanted = f"{session.value('ship_force', ship)} " \
                 f"{session.value('ship_box', ship).capitalize()} Range"
        assert box_of(drawn, name) == wanted
    overlay = session.value("beach_overlays")[0]
    assert tracks(text)["Resistance Nests"] == str(session.value("resistance_nests", overlay))
    assert tracks(text)["Beach Obstacles"] == str(session.value("beach_obstacles", overlay))


def _source_of(game) -> Source:
    """A game a test set up, as `ks render` reads a save of it: its log, drawn with a
    session of its own (whose state render sets to the board)."""
    from kriegsspiel.core.players import Table
    from kriegsspiel.engine.starting import load, start
    from kriegsspiel.tools.board_source import board_look
    events = [e.to_json() for e in game.state.log]
    registry = game.registry
    look = board_look(registry, registry.select(game.scenario.rulesets))
    turns = [t["label"] for t in game.state.catalog["game"]["game"]["turns"]]
    return Source(NAVAL, start(NAVAL, Table({}), registry=registry), game.state.catalog,
                  events, len(events), turns, load(NAVAL, registry).game, look)


def test_4_5_6_the_transport_boxes_show_units_en_route_loading_and_in_landing_waves():
    """utah:4.1.3#8, utah:4.1.3#10, utah:4.5.6#8: Units En Route from England, in a
    Loading into Landing Craft box and in a Landing Wave box (with their Landing Craft
    marker) are drawn in those boxes, a Leader at sea in his; NSoP steps 5 and 6 move
    them on, and the picture follows."""
    game = utah_game(NAVAL, allied={"loading_box": "tare_green",
                                    "leader_rides_with": "A/1/8"})
    ref = lambda name, kind="unit": game.ref(kind, name)  # noqa: E731
    game.set_initial(ref("C/70 Tk"), "landing_wave", 2)
    game.set_initial(ref("A/1/8"), "loading_box", 1)
    game.set_initial(ref("B/1/8"), "en_route", 1)
    game.set_initial(ref("CO 8th IR", "leader"), "leader_at_sea", 1)

    def drawn():
        source = _source_of(game)
        return boxes(to_svg(board_scene(source, board_at(source.catalog, source.events))))
    before = drawn()
    assert before["Landing Wave: Uncle Red"] == ["C/70 Tk"]
    assert before["Loading: Tare Green"] == ["A/1/8"]
    assert before["En Route from England"] == ["B/1/8"]
    assert before["Leaders at sea"] == ["CO 8th IR"]

    game.perform("load_landing_craft")       # step 5
    game.perform("en_route_to_loading")      # step 6
    after = drawn()
    assert after["Landing Wave: Tare Green"] == ["A/1/8"]
    assert after["Loading: Tare Green"] == ["B/1/8"]
    assert after["En Route from England"] == []
    assert after["Landing Wave: Uncle Red"] == ["C/70 Tk"]
    source = _source_of(game)
    text = to_svg(board_scene(source, board_at(source.catalog, source.events)))
    root = ET.fromstring(text.split("\n", 1)[1])
    lead = next(g for g in root.iter(f"{SVG}g") if g.get("data-id") == "unit-A/1/8")
    assert "LC" in [t.text for t in lead.iter(f"{SVG}text")]  # its Landing Craft marker


def test_no_naval_display_without_a_beach_overlay(tmp_path):
    """The Naval & Air Display and the Beach Overlay card are drawn while a Beach
    Overlay is in play (shown_if); the shipped demonstrations have none, and their
    picture has none of those cards (causeway, on 7 June, has the Divisional
    Displays' Air Support card alone)."""
    out = tmp_path / "causeway.svg"
    render("utah/causeway", out)
    text = out.read_text(encoding="utf-8")
    assert "Naval &amp; Air Display" not in text and "Utah Beach Overlay" not in text
    assert text.count('class="display"') == 1 and "Air Support" in text
    assert 'class="display-box"' not in text


def test_the_viewer_fills_the_boxes_frame_by_frame(played):
    """utah:4.1.3#10: the replay page has the display's cards, a place for
    each box, and frames saying which pieces the boxes hold: adding them up gives, at
    the last frame, every ship in the box `ks render` draws it in."""
    source = open_source(played)
    order, frame_list, _ = frames(source)
    html = page(source, (order, frame_list, _))
    import json
    data = json.loads(html.split('id="game-data">', 1)[1].split("</script>", 1)[0])
    assert len(data["boxSlots"]) == 14 and data["slotStep"] > 60
    held: dict[str, list[int]] = {}
    rows: dict[str, str] = {}
    for frame in frame_list:
        held.update(frame.get("x", {}).get("b", {}))
        rows.update(frame.get("x", {}).get("t", {}))
    cards = html.split('<div id="map">', 1)[1].split("</div>", 1)[0]
    titles = list(boxes(cards))
    final_svg = to_svg(board_scene(open_source(played), board_at(source.catalog,
                                                                  source.events)))
    final = boxes(final_svg)
    for name in SHIPS:
        n = next(int(b) for b, members in held.items() if order.index(f"unit:{name}") in members)
        assert titles[n] == box_of(final, name)
    # every track row (display d's t-th: its group data-id "track-d-t") read at the end what
    # render reads
    root = ET.fromstring(cards)
    keyed = {g.find(f"{SVG}title").text: g.get("data-id").removeprefix("track-")
             for g in root.iter(f"{SVG}g") if g.get("class") == "display-track"}
    assert {title: rows[key] for title, key in keyed.items()} == tracks(final_svg)


def test_a_bad_display_declaration_is_a_located_check_error(tmp_path):
    """A display naming a rule definition the rules lack, or one of the wrong shape, is
    `ks check`'s located error with a did-you-mean."""
    from typer.testing import CliRunner

    from kriegsspiel.tools.cli import app
    games = HERE.parents[1] / "games" / "utah"
    copy = tmp_path / "games" / "utah"
    shutil.copytree(games, copy)
    text = (copy / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("naval_box_number_of: 3}", "naval_box_numbr_of: 3}", 1)
    text = text.replace("of: beach_overlays, value: gaps_number",
                        "of: overlay_of, value: gaps_number", 1)
    (copy / "game.yaml").write_text(text, encoding="utf-8")
    lines = text.splitlines()
    result = CliRunner().invoke(app, ["check", str(copy / "game.yaml")])
    assert result.exit_code == 1
    bad = next(i for i, line in enumerate(lines, 1) if "naval_box_numbr_of" in line)
    col = lines[bad - 1].index("naval_box_numbr_of") + 1
    assert (f"game.yaml:{bad}:{col}: error: displays[0].boxes[2].where.naval_box_numbr_of: "
            "no rule definition, track, marker, link or attribute 'naval_box_numbr_of' of a "
            "unit") in result.output
    assert "did you mean 'naval_box_number_of'?" in result.output
    bad = next(i for i, line in enumerate(lines, 1) if "of: overlay_of" in line)
    col = lines[bad - 1].index("overlay_of") + 1
    assert (f"game.yaml:{bad}:{col}: error: displays[1].tracks[2].of: rule definition "
            "'overlay_of' (modules/utah/rules/naval_overlay.ksr:") in result.output
    assert "takes 1 parameter(s); a display needs one with no parameter" in result.output


def test_the_viewer_in_a_browser_puts_the_ships_in_their_boxes(played, chromium, artifacts,
                                                               tmp_path):
    """utah:4.1.3#12: in the replay page (headless chromium), at the last event each
    ship's counter stands in the box `ks render` draws it in, and the overlay's
    Resistance Nests row reads what render reads."""
    from kriegsspiel.tools.replay_html import write_viewer
    out = tmp_path / "replay.html"
    write_viewer(played, out)
    source = open_source(played)
    final_svg = to_svg(board_scene(source, board_at(source.catalog, source.events)))
    final = boxes(final_svg)
    titles = list(final)
    tab = chromium.new_page(viewport={"width": 1600, "height": 1000})
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(out.as_uri())
    last = tab.get_attribute("#slider", "max")
    tab.locator("#slider").fill(last)
    for name in SHIPS:
        counter = tab.locator(f'g.piece[data-key="unit:{name}"]')
        assert "hidden" not in counter.get_attribute("class")
        assert titles[int(counter.get_attribute("data-box"))] == box_of(final, name)
    row = tab.locator('g.display-track', has=tab.locator("title", has_text="Resistance Nests"))
    assert row.locator("text").nth(1).text_content() == tracks(final_svg)["Resistance Nests"]
    tab.screenshot(path=str(Path(artifacts) / "naval_display_viewer.png"), full_page=True)
    assert errors == []


def test_the_divisions_air_support_is_drawn_from_7_june():
    """utah:17.1#7: from the 0700 turn of 7 June the Allied player places up to 8
    of the day's Fighter-Bombers in the Air Support section of each Allied
    Divisional Display.  The card "Allied Divisional Displays: Air Support" shows
    a row per Allied Division in play, named, reading what the Air Power Phase
    placed there; before 7 June it is not shown."""
    from kriegsspiel.engine.displays import display_contents
    from kriegsspiel.tools.play import new_game

    def card(game):
        shown = display_contents(game.session, game.session.game.displays)
        return next(d for d in shown if d.title == "Allied Divisional Displays: Air Support")

    causeway = new_game("utah/causeway", 3, ["random", "random"])
    causeway.run(1)
    session = causeway.session
    allotted = {str(e.data["division"]): e.data["count"]
                for e in session.events("fighter_bombers_allotted")}
    assert allotted, "the 7 June 0700 Air Power Phase placed Fighter-Bombers"
    rows = {t.title: t.text for t in card(causeway).tracks}
    names = {str(d): session.state.catalog["division"][d.id]["name"]
             for d in session.value("air_support_divisions")}
    assert set(allotted) <= set(names)
    assert rows == {f"Fighter-Bombers in Air Support ({names[d]})":
                    str(allotted.get(d, 0)) for d in names}
    landing = new_game("utah/landing", 1, ["random", "random"])
    hidden = card(landing)
    assert not hidden.shown and hidden.tracks == []
