"""gts:10.0.2's Second Actions asked one Action at a time
(`second_action_allowed`, actions.ksr) give what the whole list gave: over
played games of the series and two exclusive layers that add their own
conditions to an Action (Crete's drop markers, Utah's, through
`action_legal`), `second_actions` equals the list worked out the way it
was before — every Action `legal_actions` lists under the Second Action's
chit, then the 10.0.2 filter, written out here — and each Action is allowed
exactly when it is in that list. Both go through a layer's `action_legal`:
that it says what the layer's rules say is for the layer's own tests
(Crete's drop markers, shipping and air drops; Utah's)."""

from __future__ import annotations

import pytest

from kriegsspiel.modules.gts.bot import HeuristicPlayer
from kriegsspiel.tools.play import new_game

FIRSTS = ("move", "pass", "fire", "assault", "rally")
KINDS = ("division", "formation", "direct")


def _listed_as_before(rules, unit, first: str, kind: str) -> list:
    """second_actions as actions.ksr wrote it before: the guard, then every
    Action legal_actions lists under the Second Action's chit, filtered."""
    second = rules.rule("second_action_kind", kind)
    if second == "none" or not rules.rule("in_command", unit) or \
            (rules.attr(unit, "in_entry_hex") or 0) > 0 or \
            rules.rule("second_action_barred", unit, first) or \
            rules.attr(rules.rule("second_action_division", unit), "cp") < 1:
        return []
    category = rules.rule("action_category", first)
    return [a for a in rules.rule("legal_actions", unit, second)
            if a not in ("pass", "engineer") and rules.rule("action_category", a) != category]


@pytest.mark.parametrize("scenario, kinds, turns, every", [
    ("crete/learning", ["heuristic", "heuristic"], 2, 6),
    ("crete/mercury", ["heuristic"], 2, 60),
    ("utah/causeway", ["random"], 2, 6),
])
def test_second_actions_one_action_at_a_time_as_the_whole_list(scenario, kinds, turns, every):
    asked, offered = [], []
    game = None

    def before(decision) -> None:
        asked.append(None)
        if len(asked) % every:
            return
        rules = HeuristicPlayer(game.session, 0)
        for unit in rules.state.refs("unit"):
            if not rules.attr(unit, "on_map"):
                continue
            for first in FIRSTS:
                for kind in KINDS:
                    listed = _listed_as_before(rules, unit, first, kind)
                    assert list(rules.rule("second_actions", unit, first, kind)) == listed, \
                        (unit.id, first, kind)
                    for action in ("move", "assault", "fire", "transport", "pass"):
                        assert bool(rules.rule("second_action_allowed", unit, first, kind,
                                               action)) == (action in listed)
                    offered.extend(listed)

    game = new_game(scenario, 1, kinds, before_decision=before)
    game.run(turns)
    assert len(asked) >= every and {"move", "assault"} & set(offered), offered[:5]
