"""Which independent units an HQ supplies at any one time (tld:II.D.4): the
owner's choice when more are within its supply routes than it may supply,
asked as a phase that reads supply begins; otherwise every one in reach."""

from __future__ import annotations

from tld_world import ARTILLERY, TANKS, counter, hq, side, stay, supply, world

II = ("tld:I", "tld:II")


def capacity_world(chosen):
    units = {"AH": hq("Allied", "05.05", "1"), "AS": supply("Allied", "05.05"),
             "C": hq("Allied", "05.06", "V", "corps"), "CS": supply("Allied", "05.06"),
             "G": counter("German", "10.10", TANKS)}
    units.update({f"I{n}": counter("Allied", h, TANKS)
                  for n, h in enumerate(("05.04", "04.05", "06.03", "05.01"))})
    units.update({f"R{n}": counter("Allied", h, ARTILLERY)
                  for n, h in enumerate(("05.07", "05.08", "04.07", "06.07", "04.08", "06.08",
                                         "05.10"))})

    def answer(d):
        if d.key == "hq_independent":
            wanted = [o for o in d.options if o.id in chosen]
            return wanted[0] if wanted else d.options[0]
        return stay(d)
    return world(units, rules=II, answer=answer)


def supplied(session, prefix):
    return {u.id for u in session.state.units()
            if u.id.startswith(prefix) and session.value("supplied", u)}


def test_the_owner_chooses_three_independents_of_a_division_hq_and_six_of_a_corps():
    """tld:II.D#15, tld:II.D#17: a division HQ supplies at most THREE independent
    units, a corps HQ at most SIX independent artillery units, at any one time:
    the owner's choice (here the farthest), asked once for each it may supply."""
    session, rec = capacity_world({"I1", "I2", "I3", "R1", "R2", "R3", "R4", "R5", "R6"})
    assert supplied(session, "I") == {"I0", "I1", "I2"}       # before: the nearest
    session.perform("new_supply_phase")
    assert supplied(session, "I") == {"I1", "I2", "I3"}
    assert supplied(session, "R") == {f"R{n}" for n in range(1, 7)}
    asked = [(k, s.id) for _, k, s in rec.asked if k == "hq_independent"]
    assert asked == [("hq_independent", "AH")] * 3 + [("hq_independent", "C")] * 6
    [division, corps] = session.events("independents_arranged")
    assert sorted(str(u).split(":")[-1] for u in division.data["units"]) == ["I1", "I2", "I3"]
    assert len(corps.data["units"]) == 6


def test_no_choice_within_capacity_and_a_new_one_at_each_phase():
    """tld:II.D#15: within its capacity an HQ supplies every independent in reach
    and nothing is asked; the arrangement is made again as each phase begins
    ("at any one time"): once a unit is gone, the rest are all supplied."""
    session, rec = capacity_world({"I3"})
    allied = side(session, "Allied")
    session.perform("movement_phase", allied, "regular")
    assert supplied(session, "I") == {"I3", "I0", "I1"}
    session.perform("place", session.ref("unit", "I0"), None)
    rec.asked.clear()
    session.perform("new_supply_phase")
    assert supplied(session, "I") == {"I1", "I2", "I3"}
    assert [s.id for _, k, s in rec.asked if k == "hq_independent"] == ["C"] * 6
