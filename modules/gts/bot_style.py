"""How boldly the heuristic GTS bot plays: its judgement thresholds (ours,
not the rules') gathered in one ``Style``, and a few named styles that play
materially differently — the policies a policy-switching search player
chooses among (hook ks_search_policies, docs/players.md "Policy switching").

The default style is the bot's own play: ``HeuristicPlayer`` with no style
given plays exactly as it always has."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class Style:
    """The thresholds of one way of playing (a rating is the highest d10 roll
    that hits, so rating r hits about (r + 1) in 10)."""

    good_shot: int = 4          # fire before moving on when a target is this easy
    any_shot: int = 2           # otherwise fire only when nothing better is to be done
    cp_reserve: int = 2         # Command Points kept back for Troop Quality Checks
    stand_odds: float = 0.6     # stand if the defenders' assault strength is this share
    dp_wanted: int = 2          # Dispatch Points worth converting Command Points for
    assault_odds: float = 1.0   # assault a hex on the way at these odds or better
    objective_odds: float = 0.5  # ...and an objective at these
    sparing_odds: float = 2.0   # ...any other hex, when the side's losses count against it
    forced_march_reach: int = 3  # force march when an objective is this near
    divide: bool = True         # share the Units among the objectives (else each to its nearest)
    stack: bool = False         # Units in the hex of the one picked act with it (gts:14.7)
    charge_reserve: int = 0     # Command Points kept for the check that holds a charged hex
    fire_first: bool = False    # fire at a charged hex's defenders while they can buy that check
    unsuppressed_defenders: int | None = None  # hold an assault while more defenders are unsuppressed
    charge_deadline: int = 0    # ...but only while more turns than this follow
    outcharge: bool = False     # fire_first, but charge when more could charge than they have points
    unstacked: bool = False     # never step into a hex the step would overstack (gts:14.7)
    deny_zones: bool = False    # shoot first at Units whose Fire Zones would win the enemy the game
    no_surrender: bool = False  # stand where running away would surrender a defender (gts:18.7 5A)
    safe_drops: bool = False    # drop where the fewest enemy Fire Zones reach (crete:4.2.1)
    dig_unseen: bool = False    # no Engineer Action in an enemy Fire Zone (it draws fire, gts:29.26)
    claim_once: bool = False    # an objective its side controls is no Unit's goal while others are not


DEFAULT = Style()
# Two named styles below are it (one with a knob more).
_OUTCHARGING = replace(DEFAULT, charge_reserve=2, fire_first=True, outcharge=True)

# Named styles, the default first (a policy-switching player takes the first
# N: ``switch:policies=N``), each a different answer to minding a charge's
# check, shooting or marching on, assaulting at what odds, standing or
# running, spreading over the objectives or crowding the nearest.  The three
# after the default answer where Learning games are decided (docs/players.md,
# "Policy switching"): the Allied stack on the port held or lost on one
# check, and the Axis charges that never reach it; ``massed`` plays Learning
# as the default does (one objective) and differs only where there are
# several.
STYLES: dict[str, Style] = {
    "heuristic": DEFAULT,
    # minds the check a charge forces: keeps 2 Command Points to pass it when
    # charged, and shoots at defenders who could still pay for it rather than
    # charge them (each knob binds on one side: the holder's, the charger's)
    "guarded": replace(DEFAULT, charge_reserve=2, fire_first=True),
    # marches on as ``onward`` does, then shoots at a hex's defenders, not
    # assaults it, while more than 4 of them are unsuppressed (their Fire
    # Zones: Opportunity Fire, the Bravery Check), until the next-to-last turn
    "storming": replace(DEFAULT, good_shot=7, forced_march_reach=6,
                        unsuppressed_defenders=4, charge_deadline=1),
    # the same patience without marching on
    "suppressing": replace(DEFAULT, unsuppressed_defenders=4, charge_deadline=1),
    # shoots first, assaults only at good odds, runs sooner, keeps its points
    "cautious": replace(DEFAULT, assault_odds=1.5, objective_odds=1.0, good_shot=2,
                        stand_odds=1.0, cp_reserve=3),
    # marches on rather than stopping to shoot, force marching from farther off
    "onward": replace(DEFAULT, good_shot=7, forced_march_reach=6),
    # fires whenever it can hit at all, spends its points
    "firepower": replace(DEFAULT, good_shot=1, any_shot=1, cp_reserve=0),
    # onward, and assaults at worse odds, stands, spends its points
    "bold": replace(DEFAULT, assault_odds=0.6, objective_odds=0.3, good_shot=7,
                    stand_odds=0.3, forced_march_reach=6, cp_reserve=1),
    # every Unit to its nearest objective: strength where the enemy is nearest
    "massed": replace(DEFAULT, divide=False),
    # guarded, but charges all the same when more of its Units may still
    # charge a hex this activation than its defenders have points to buy the
    # checks off (the last charge finds them spent), and on the last turn
    "outcharging": _OUTCHARGING,
    # never steps into a hex it would overstack: a stack over the limit may not
    # assault out of it (Last, Best Chance's Allies crowding the hexes next to
    # the airfield, docs/players.md "Where Last, Best Chance games are decided")
    "spreading": replace(DEFAULT, unstacked=True),
    # outcharging, and spreading: measured the strongest Allied style of Last,
    # Best Chance on fresh seeds (docs/players.md, same section)
    "spread_outcharging": replace(_OUTCHARGING, unstacked=True),
    # shoots first at the Units whose Fire Zones on a scenario's fire_zone
    # hexes would win the enemy the game (Last, Best Chance's Allied minor
    # victory), and stops to shoot them rather than move on
    "denying": replace(DEFAULT, deny_zones=True),
    # spares its steps where SNAFU's Axis lost them for nothing (drops into
    # Fire Zones, surrenders, digging in under fire) and takes each objective
    # once, not holding it (docs/players.md "Where SNAFU games are decided")
    "claiming": replace(DEFAULT, no_surrender=True, safe_drops=True, dig_unseen=True,
                        claim_once=True),
    # denying, and sending Units on from an objective its side holds to one it
    # does not (claiming's claim_once): the strongest Axis style of Last, Best
    # Chance on fresh seeds (docs/players.md, "Reading the fire_zone condition")
    "claim_denying": replace(DEFAULT, deny_zones=True, claim_once=True),
}


def _flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(text)
    return text == "1"


def _whole_or_none(text: str) -> int | None:
    return None if text == "none" else int(text)


_flag.what = "0 or 1"  # type: ignore[attr-defined]
_whole_or_none.what = "a whole number or none"  # type: ignore[attr-defined]

# Each Style knob as a player setting (``heuristic:style=storming:good_shot=1``,
# kriegsspiel/tools/seats.py): its name and how its value is read.
KNOB_VALUES = {f.name: {"int": int, "float": float, "bool": _flag,
                        "int | None": _whole_or_none}[f.type] for f in fields(Style)}
