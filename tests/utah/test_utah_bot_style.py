"""Utah's own bot answers judge by the bot's style (modules/gts/bot_style.py),
as the series bot's do: a switcher's policies play Utah by their own
thresholds."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from kriegsspiel.modules.gts.bot_style import DEFAULT, STYLES
from kriegsspiel.modules.utah.bot_answers import ANSWERS


def test_firing_at_the_beach_defenses_takes_the_style_s_idea_of_an_easy_shot():
    """A Unit whose best shot is rated 3 keeps it for its target in the
    default style (an easy shot is 4 or better: 3 is not, so it fires at the
    beach defenses) and not in one that calls 2 easy."""
    decide = ANSWERS["fire_at_beach_defenses"]
    decision = SimpleNamespace(subject="unit")

    def bot(style):
        return SimpleNamespace(style=style, best_shot=lambda unit: 3)
    assert decide(bot(DEFAULT), decision, [True, False]) is True
    assert decide(bot(replace(DEFAULT, good_shot=2)), decision, [True, False]) is False
    assert decide(bot(STYLES["firepower"]), decision, [True, False]) is False
