"""`ks render` and the replay page's data: the map as SVG/PNG at a moment of a
game, from a scenario's set-up, a save or an event log (crete:scenario:learning)."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET

import pytest
from PIL import Image
from typer.testing import CliRunner

from kriegsspiel.tools.cli import app
from kriegsspiel.core.errors import KsError
from kriegsspiel.tools.play import play_game, write_log, write_save
from kriegsspiel.tools.board_source import board_at, fire_zone_hexes, los_hexes, open_source
from kriegsspiel.tools.render import board_scene, render, side_colours, stack_offset
from kriegsspiel.tools.replay_html import frames, page
from kriegsspiel.tools.viewer.scene import to_svg

SVG_NS = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """Two turns of the learning scenario by random bots, saved and logged."""
    folder = tmp_path_factory.mktemp("game")
    played, _ = play_game("crete/learning", 5, ["random", "random"], until=2)
    write_save(played, folder / "game.json")
    write_log(played.session, folder / "game.jsonl")
    return folder


@pytest.fixture(scope="module")
def source(game):
    return open_source(game / "game.json")


def svg_tree(text: str) -> ET.Element:
    return ET.fromstring(text.split("?>", 1)[-1])


def piece(root: ET.Element, unit: str, kind: str = "unit") -> ET.Element | None:
    for g in root.iter(f"{SVG_NS}g"):
        if g.get("data-id") == f"{kind}-{unit}":
            return g
    return None


def translate(g: ET.Element) -> tuple[float, float]:
    inside = g.get("transform").removeprefix("translate(").removesuffix(")")
    x, y = inside.split(",")
    return float(x), float(y)


def test_scenario_svg_parses_and_draws_every_hex_once(tmp_path):
    out = tmp_path / "map.svg"
    scene = render("crete/learning", out)
    root = svg_tree(out.read_text(encoding="utf-8"))
    terrain = next(g for g in root.iter(f"{SVG_NS}g") if g.get("id") == "terrain")
    titles = [p.find(f"{SVG_NS}title").text for p in terrain.iter(f"{SVG_NS}polygon")]
    drawn = [t.split()[0] for t in titles]
    assert sorted(drawn) == sorted(scene.layout.grid.format(h)
                                   for h in scene.layout.grid.hexes())
    assert len(drawn) == 20 * 12 and len(set(drawn)) == len(drawn)
    # terrain from the map: the town of Kastelli, the sea; hex ids printed
    assert "06.05 town" in titles and "01.01 no_dot" in titles
    texts = {t.text for t in root.iter(f"{SVG_NS}text")}
    assert {"06.05", "20.12", "Port of Kastelli"} <= texts
    # the slopes south of the plain are drawn on their hexsides
    assert any(t.text == "slope 04.08/04.09" for t in root.iter(f"{SVG_NS}title"))


def test_counters_sit_at_their_set_up_hexes_with_their_ratings(tmp_path):
    out = tmp_path / "map.svg"
    scene = render("crete/learning", out)
    root = svg_tree(out.read_text(encoding="utf-8"))
    kastelli = piece(root, "Kastelli")  # "Kastelli placed in hex 06.05"
    assert kastelli is not None and kastelli.get("data-hex") == "06.05"
    assert translate(kastelli) == pytest.approx(scene.layout.center("06.05"))
    values = {t.text for t in kastelli.iter(f"{SVG_NS}text")}
    assert "Kastelli" in values
    front = open_source("crete/learning").catalog["unit"]["Kastelli"]["faces"]["front"]
    assert str(front["fire_rating"]) in values
    assert f"Q{front['troop_quality']} D{front['defense']} M{front['movement']}" in values
    # a stack is fanned out: the pieces of one hex do not sit on top of each other
    stacked = [g for g in root.iter(f"{SVG_NS}g") if g.get("data-hex") == "15.06"]
    assert len(stacked) >= 2
    assert len({g.get("transform") for g in stacked}) == len(stacked)


def test_a_counter_moves_when_the_log_moves_it(source):
    index = next(i for i, e in enumerate(source.events) if e["kind"] == "unit_moved")
    move = source.events[index]["data"]
    before = svg_tree(to_svg(board_scene(source, board_at(source.catalog,
                                                           source.events[:index]))))
    after_scene = board_scene(source, board_at(source.catalog, source.events[:index + 1]))
    after = svg_tree(to_svg(after_scene))
    assert piece(before, move["unit"]).get("data-hex") == move["origin"]
    moved = piece(after, move["unit"])
    assert moved.get("data-hex") == move["destination"]
    x, y = after_scene.layout.center(move["destination"])
    stack = sum(g.get("data-hex") == move["destination"] for g in after.iter(f"{SVG_NS}g"))
    assert any(translate(moved) == pytest.approx((x + dx, y + dy))
               for dx, dy in (stack_offset(i, stack) for i in range(stack)))


def test_markers_show_on_units_and_hexes(source):
    unit = "1 A/1 Inf"
    events = source.events[:source.setup_length] + [
        {"seq": 900, "kind": "track_changed", "data": {"entity": f"unit:{unit}",
                                                        "track": "suppressed", "old": 0, "new": 1}},
        {"seq": 901, "kind": "track_changed", "data": {"entity": f"unit:{unit}",
                                                        "track": "cohesion_hits", "old": 0,
                                                        "new": 2}},
        {"seq": 902, "kind": "track_changed", "data": {"entity": "hex:09.06", "track": "barrage",
                                                        "old": 0, "new": 2}},
        {"seq": 903, "kind": "unit_flipped", "data": {"unit": unit, "face": "back"}}]
    root = svg_tree(to_svg(board_scene(source, board_at(source.catalog, events))))
    labels = {t.text for t in piece(root, unit).iter(f"{SVG_NS}text")}
    assert {"Sup", "Coh 2"} <= labels
    back = source.catalog["unit"][unit]["faces"]["back"]
    assert f"Q{back['troop_quality']} D{back['defense']} M{back['movement']}" in labels
    barrage = next(g for g in root.iter(f"{SVG_NS}g") if g.get("id") == "hexmarkers-09.06")
    assert [t.text for t in barrage.iter(f"{SVG_NS}text")] == ["Hvy Barrage"]
    # bookkeeping tracks are no markers
    quiet = events[:source.setup_length] + [
        {"seq": 904, "kind": "track_changed", "data": {"entity": f"unit:{unit}",
                                                        "track": "acted", "old": 0, "new": 1}}]
    root = svg_tree(to_svg(board_scene(source, board_at(source.catalog, quiet))))
    assert {t.text for t in piece(root, unit).iter(f"{SVG_NS}text")} & {"acted", "Acted"} == set()



def test_the_rulesets_say_how_the_board_looks(source):
    """ks_board_look: GTS names the tracks worth a marker, Crete gives its sides'
    counter colours and its terrain colours; a side none names takes a spare one."""
    look = source.look
    assert look["unit_markers"]["cohesion_hits"] == "Coh" and "acted" not in look["unit_markers"]
    assert look["hex_markers"]["barrage"] == {1: "Lt Barrage", 2: "Hvy Barrage"}
    assert look["side_colours"] == {"Allied": "#dcc48e", "Axis": "#aeb7bc"}
    assert look["terrain_colours"]["orchard"] == "#b9d48f"
    colours = side_colours({"side": {"Allied": {}, "Axis": {}, "Neutral": {}}}, look)
    assert colours["Allied"] == "#dcc48e" and colours["Neutral"] not in look["side_colours"].values()

def test_turn_picks_the_start_of_that_turn(source, game, tmp_path):
    assert source.cut(1) == source.setup_length
    second = source.cut(2)
    assert source.events[second - 1]["kind"] == "turn_advanced"
    assert source.events[second - 1]["data"]["turn"] == 1
    assert source.cut(source.turns[1]) == second  # by label too
    board = board_at(source.catalog, source.events[:second])
    out = tmp_path / "t2.svg"
    render(game / "game.json", out, turn="2")
    root = svg_tree(out.read_text(encoding="utf-8"))
    assert board.placement
    for unit, hex_id in board.placement.items():
        g = piece(root, unit, "unit" if unit in source.catalog["unit"] else "leader")
        assert (g.get("data-hex") if g is not None else None) == hex_id


def test_log_with_its_scenario_gives_the_same_board_as_the_save(game):
    from_log = open_source(game / "game.jsonl", "crete/learning")
    from_save = open_source(game / "game.json")
    assert from_log.events == from_save.events
    assert board_at(from_log.catalog, from_log.events).snapshot() == \
        board_at(from_save.catalog, from_save.events).snapshot()


def test_png_has_the_scene_size_and_the_map_colours(tmp_path):
    out = tmp_path / "map.png"
    scene = render("crete/learning", out)
    with Image.open(out) as image:
        assert image.format == "PNG"
        assert image.size == (math.ceil(scene.width), math.ceil(scene.height))
        rgb = image.convert("RGB")
        sea = rgb.getpixel(tuple(round(v) for v in scene.layout.center("10.01")))
        clear = rgb.getpixel(tuple(round(v) for v in scene.layout.center("14.08")))
    assert sea[2] > sea[0] + 40  # blue sea
    assert clear[0] > clear[2] + 20  # pale yellow plain


def test_overlays_ask_the_rules(source, tmp_path):
    board = board_at(source.catalog, source.events[:source.setup_length])
    zone = fire_zone_hexes(source, board, "Allied")
    grid = source.session.state.grid
    near = [grid.format(h) for h in grid.neighbours(grid.parse("06.05"))]
    assert set(near) <= zone  # Kastelli's neighbours (gts:17.3)
    assert "20.12" not in zone and "06.05" not in zone
    seen = los_hexes(source, board, "08.05")
    assert "09.05" in seen and "20.12" not in seen  # 12 hexes: beyond 8 (gts:15.4)
    out = tmp_path / "los.svg"
    render("crete/learning", out, fire_zones="Axis", los_from="08.05")
    overlay = next(g for g in svg_tree(out.read_text(encoding="utf-8")).iter(f"{SVG_NS}g")
                   if g.get("id") == "overlay")
    assert len(list(overlay)) > 0


@pytest.mark.parametrize("args, message", [
    (["crete/learning", "--turn", "9"], "the scenario has turns 1-"),
    (["crete/learning", "--turn", "0"], "the scenario has turns 1-"),
    (["crete/learning", "--turn", "someday"], "no turn 'someday'"),
    (["no/such", "--turn", "1"], "no scenario 'no/such'"),
    (["missing.json"], "missing.json: no such file"),
    (["crete/learning", "--fire-zones", "Alied"], "did you mean 'Allied'"),
    (["crete/learning", "--los", "99.99"], "hex 99.99 is not on the map"),
])
def test_bad_render_input_is_a_clear_error(tmp_path, args, message):
    result = runner.invoke(app, ["render", *args, "--out", str(tmp_path / "m.svg")])
    assert result.exit_code == 1
    assert message in result.output
    assert not (tmp_path / "m.svg").exists()


def test_render_errors_for_logs(game, tmp_path):
    with pytest.raises(KsError, match="does not name its scenario"):
        open_source(game / "game.jsonl")
    with pytest.raises(KsError, match="give a .svg or .png"):
        render("crete/learning", tmp_path / "map.gif")
    with pytest.raises(KsError, match="the game's log ends in turn 3"):
        open_source(game / "game.json").cut(4)
    stranger = tmp_path / "other.jsonl"
    stranger.write_text(json.dumps({"seq": 1, "kind": "unit_placed", "data": {
        "unit": "1 A/1 Inff", "origin": None, "destination": "02.02"}}) + "\n")
    with pytest.raises(KsError, match="other.jsonl: event 1: unit '1 A/1 Inff' is not in scenario") as e:
        open_source(stranger, "crete/learning")
    assert "1 A/1 Inf" in e.value.render()
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    with pytest.raises(KsError, match="not JSON"):
        open_source(broken, "crete/learning")


def test_cli_render_and_replay_write_their_files(game, tmp_path):
    png = tmp_path / "m.png"
    result = runner.invoke(app, ["render", str(game / "game.json"), "--turn", "2",
                                 "--out", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    html = tmp_path / "v.html"
    result = runner.invoke(app, ["replay", str(game / "game.jsonl"), "--scenario",
                                 "crete/learning", "--html", str(html)])
    assert result.exit_code == 0, result.output
    assert "frames" in result.output and html.exists()
    result = runner.invoke(app, ["replay", str(game / "game.txt"), "--html", str(html)])
    assert result.exit_code == 1 and "expected an event log" in result.output


def test_replay_page_is_self_contained_and_its_frames_add_up(source):
    order, frame_list, turns = frames(source)
    text = page(source, (order, frame_list, turns))
    assert "<script src" not in text and "<link" not in text
    assert text.count("http") == text.count("http://www.w3.org/2000/svg")
    blob = text.split('id="game-data">', 1)[1].split("</script>", 1)[0]
    data = json.loads(blob)
    assert data["pieces"] == order and len(data["frames"]) == len(frame_list)
    assert [t["label"] for t in turns] == source.turns[:3]
    # adding up the frames' changes gives the board the log ends with
    board = board_at(source.catalog, source.events)
    where: dict[int, str | None] = {}
    for frame in frame_list:
        where.update({int(i): v[0] for i, v in frame["p"].items()})
    assert {order[i].split(":", 1)[1]: h for i, h in where.items() if h} == \
        {k: v for k, v in board.placement.items() if v}
    move = next(f for f in frame_list if f["kind"] == "unit_moved")
    assert " moves " in move["text"] and len(move["p"]) >= 1


def test_separate_sheets_are_drawn_side_by_side_each_titled(tmp_path):
    """crete:scenario:6 plays four sheets numbered alike: each is drawn apart from
    the others, left to right as listed, titled with its name; a hex shows its
    printed id and its title says which sheet."""
    out = tmp_path / "map.svg"
    scene = render("crete/jump", out)
    root = svg_tree(out.read_text(encoding="utf-8"))
    texts = [t.text for t in root.iter(f"{SVG_NS}text")]
    assert {"maleme", "rethymnon", "heraklion", "kastelli"} <= set(texts)
    assert "rethymnon:27.12" not in texts and "27.12" in texts
    terrain = next(g for g in root.iter(f"{SVG_NS}g") if g.get("id") == "terrain")
    titles = {p.find(f"{SVG_NS}title").text.split()[0] for p in terrain.iter(f"{SVG_NS}polygon")}
    assert {"maleme:27.12", "rethymnon:27.12", "heraklion:27.12", "kastelli:06.05"} <= titles
    layout = scene.layout
    spans = {}
    for sheet in ("maleme", "rethymnon", "heraklion", "kastelli"):
        xs = [layout.center(h)[0] for h in titles if h.startswith(sheet + ":")]
        spans[sheet] = (min(xs), max(xs))
    order = [spans[s] for s in ("maleme", "rethymnon", "heraklion", "kastelli")]
    assert all(right < left for (_, right), (left, _) in zip(order, order[1:]))


def test_a_counter_shows_the_slots_its_ruleset_gives():
    """ks_board_look's counter: each slot a value or a filled-in text at its
    place, boxed in a colour chosen by another value; a missing value is left
    out or printed '-', and with no slots a counter is its name and colour."""
    from kriegsspiel.tools.board_source import Piece
    from kriegsspiel.tools.viewer.scene import Rect, Text, counter_items
    piece_ = Piece("A1", "unit", "10.10", "front", [])
    dark = {"by": "arm", "colours": {"armour": "#222222"}, "default": "#ffffff"}
    slots = [{"at": "left", "value": "attack", "box": dark},
             {"at": "right", "value": "defence"},
             {"at": "bottom", "text": "{attack}-{defence}-{move}", "shown_as": {"leg": "L"}}]
    items = counter_items(piece_, {"name": "1st Tank"}, {"attack": 6, "arm": "armour",
                                                         "move": "leg"}, "#abcdef", slots)
    texts = [(t.text, t.fill) for t in items if isinstance(t, Text)]
    assert texts == [("1st Tank", "#111"), ("6", "#ffffff"), ("6---L", "#111")]
    assert [r.fill for r in items if isinstance(r, Rect)] == ["#abcdef", "#222222"]
    bare = counter_items(piece_, {"name": "1st Tank"}, {"attack": 6}, "#abcdef")
    assert [t.text for t in bare if isinstance(t, Text)] == ["1st Tank"]


def test_gts_counters_read_as_the_series_prints_them(source):
    """gts:29.53: the Fire Rating in its weapon class's colour ("No" when it has
    none), the Fire Range beside it from 2 up, Q/D/M along the bottom with '*' for a
    star gun's movement; a Leader's Command Range."""
    from kriegsspiel.tools.board_source import Piece
    from kriegsspiel.tools.viewer.scene import Rect, Text, counter_items
    slots = source.look["counter"]
    unit = Piece("u", "unit", None, "front", [])
    items = counter_items(unit, {"name": "Gun"}, {"fire_rating": None, "fire_range": 3,
                                                   "weapon_class": "EMPLACED",
                                                   "movement": "star", "troop_quality": 5},
                          "#fff", slots["unit"])
    assert [t.text for t in items if isinstance(t, Text)] == ["Gun", "No", "3", "Q5 D- M*"]
    assert "#222222" in [r.fill for r in items if isinstance(r, Rect)]
    leader = counter_items(Piece("l", "leader", None, "front", []), {"name": "Freyberg"},
                           {"command_range": 4}, "#fff", slots["leader"])
    assert [t.text for t in leader if isinstance(t, Text)] == ["Freyberg", "Ldr", "CR 4"]
