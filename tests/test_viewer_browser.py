"""The replay page in a real browser (headless Debian chromium, driven by
Playwright): it loads, the slider moves, the event text and the counters follow."""

from __future__ import annotations

import pytest
from conftest import chromium_browser

from kriegsspiel.tools.play import play_game, write_log
from kriegsspiel.tools.board_source import open_source
from kriegsspiel.tools.replay_html import frames, write_viewer

@pytest.fixture(scope="module")
def viewer(tmp_path_factory):
    folder = tmp_path_factory.mktemp("viewer")
    played, _ = play_game("crete/learning", 5, ["random", "random"], until=2)
    write_log(played.session, folder / "game.jsonl")
    out = folder / "replay.html"
    write_viewer(folder / "game.jsonl", out, "crete/learning")
    source = open_source(folder / "game.jsonl", "crete/learning")
    return out, frames(source)


@pytest.fixture(scope="module")
def page():
    with chromium_browser() as browser:
        tab = browser.new_page(viewport={"width": 1500, "height": 950})
        errors: list[str] = []
        tab.on("pageerror", lambda e: errors.append(str(e)))
        tab.errors = errors
        yield tab


def test_the_page_loads_and_the_slider_moves_the_counters(viewer, page, tmp_path):
    path, (order, frame_list, turns) = viewer
    page.goto(path.as_uri())
    # it opens at the start of the first turn: the set-up done, every piece placed
    first = turns[0]["frame"]
    assert page.input_value("#slider") == str(first)
    assert page.inner_text("#event-text") == frame_list[first]["text"]
    assert page.inner_text("#turn-label") in ("set-up", f"turn {turns[0]['label']}")
    assert page.locator("g.piece:not(.hidden)").count() >= 10

    index = next(i for i, f in enumerate(frame_list) if f["kind"] == "unit_moved" and i > first)
    moved = frame_list[index]
    piece_index, (destination, _, _) = next(iter(moved["p"].items()))
    counter = page.locator(f'g.piece[data-key="{order[int(piece_index)]}"]')
    before = counter.get_attribute("transform")
    origin = counter.get_attribute("data-hex")

    page.locator("#slider").fill(str(index))
    assert page.inner_text("#event-text") == moved["text"]
    assert " moves " in moved["text"] and f"-> {destination}" in moved["text"]
    assert counter.get_attribute("data-hex") == destination != origin
    assert counter.get_attribute("transform") != before
    assert page.inner_text("#position").startswith(f"event {index + 1} / {len(frame_list)}")

    # back one event: the counter is where it was
    page.click("#prev")
    assert page.input_value("#slider") == str(index - 1)
    assert counter.get_attribute("data-hex") == origin

    # the turn buttons jump to the start of a turn
    page.click("#turns button:nth-child(2)")
    assert page.input_value("#slider") == str(turns[1]["frame"])
    assert page.inner_text("#turn-label") == f"turn {turns[1]['label']}"

    shot = tmp_path / "viewer.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    assert page.errors == []


def test_markers_appear_as_badges(viewer, page):
    path, (order, frame_list, turns) = viewer
    page.goto(path.as_uri())
    marked = next(((i, k, v) for i, f in enumerate(frame_list) for k, v in f["p"].items()
                   if v[0] and v[2]), None)
    if marked is None:
        pytest.skip("this game put no marker on a unit on the map")
    index, piece_index, (_, _, labels) = marked
    page.locator("#slider").fill(str(index))
    counter = page.locator(f'g.piece[data-key="{order[int(piece_index)]}"]')
    assert counter.locator(".markers use").count() == len(labels)
