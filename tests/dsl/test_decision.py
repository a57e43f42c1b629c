"""dsl.runtime.Decision, written out by hand for speed (once a frozen
dataclass, made at every question a game asks): it must compare, hash, copy,
refuse changes and show itself as the dataclass did."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError

import pytest

from kriegsspiel.core.state import Ref
from kriegsspiel.dsl.runtime import Decision


def test_a_decision_compares_hashes_and_copies_as_the_frozen_dataclass_did():
    unit = Ref("unit", "1 A/1 Inf")
    d = Decision("Allied", "move", unit, ("07.04", "stop"))
    assert d.about == "" and d.options == ("07.04", "stop") and d.subject is unit
    same = Decision("Allied", "move", Ref("unit", "1 A/1 Inf"), ("07.04", "stop"), "")
    assert d == same and hash(d) == hash(same) and not d != same
    assert d != Decision("Allied", "move", unit, ("07.04",))
    assert d != Decision("Axis", "move", unit, ("07.04", "stop"))
    assert d != Decision("Allied", "move", unit, ("07.04", "stop"), "why")
    assert (d == ("Allied", "move")) is False
    assert len({d, same}) == 1
    assert repr(d) == ("Decision(player='Allied', key='move', subject=Ref(kind='unit', "
                       "id='1 A/1 Inf'), options=('07.04', 'stop'), about='')")
    assert pickle.loads(pickle.dumps(d)) == d
    match d:
        case Decision("Allied", "move", _, options):
            assert options == ("07.04", "stop")
        case _:
            pytest.fail("a Decision matches by its fields in order")


def test_a_decision_refuses_changes():
    d = Decision("Allied", "move", None, ())
    with pytest.raises((FrozenInstanceError, AttributeError)):
        d.key = "fire"
    with pytest.raises((FrozenInstanceError, AttributeError)):
        del d.options
    assert d.key == "move" and d.options == ()
