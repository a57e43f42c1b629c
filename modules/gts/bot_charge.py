"""When the heuristic GTS bot assaults (a mixin of ``HeuristicPlayer``).

Every unsuppressed defender of a hex projects a Fire Zone: it may Opportunity
Fire in-hex at each Unit assaulting it, and the best of them sets the
assaulter's Bravery Check (gts:18.7 steps 2-3); a Suppressed Unit projects
none (gts:19.2.2). A style that suppresses first (``unsuppressed_defenders``)
holds its assault on a hex while more of its defenders than that are
unsuppressed and shoots at them instead — each hit a Suppression, or a
Cohesion Hit the defenders may buy with a Command Point that then cannot pass
a charge's check (gts:29.47) — until only ``charge_deadline`` turns are left,
when waiting no longer pays."""

from __future__ import annotations

from typing import Any

from kriegsspiel.core.state import Ref


class Charging:
    """The assaulter's patience (bot_style.Style.unsuppressed_defenders,
    charge_deadline), the charger's fire first (fire_first) and the holder's
    points kept for the charge's check (charge_reserve)."""

    def holds_assault(self, unit: Ref) -> bool:
        """Whether *unit* holds back from every hex it could assault: each
        has more unsuppressed defenders than the style allows, and more
        turns than its deadline follow this one."""
        style = self.style
        if style.unsuppressed_defenders is None or self.turns_left() <= style.charge_deadline:
            return False
        hexes = self.assault_hexes(unit)
        return bool(hexes) and all(self.unsuppressed(h) > style.unsuppressed_defenders
                                   for h in hexes)

    def unsuppressed(self, hex_id: str) -> int:
        """How many defenders of *hex_id* are unsuppressed (gts:19.2.2)."""
        return sum(1 for d in self.state.units_at(hex_id)
                   if not self.rule("is_suppressed", d, default=False))

    def turns_left(self) -> int:
        """How many of the scenario's turns follow this one."""
        turns = self.state.catalog.get("game", {}).get("game", {}).get("turns", [])
        return len(turns) - 1 - self.state.turn

    def held_action(self, unit: Ref, options: list) -> Any:
        """A held assaulter's Action: shoot when it can hit at all, else pass."""
        if "fire" in options and self.best_shot(unit) >= self.style.any_shot:
            return "fire"
        return "pass" if "pass" in options else None

    def running_surrenders(self, defenders: list) -> bool:
        """Whether running away would surrender a defender (gts:18.7 5A: each
        the rules' ``may_run_away`` refuses — Suppressed, overstacked, unable
        to move — or all of them when ``run_away_hexes`` offers no hex but the
        assaulters'): standing then loses no step that running would not."""
        if not all(self.rule("may_run_away", d, default=False) for d in defenders):
            return True
        attackers = self.assaulters()
        if not attackers:
            return False
        return not self.rule("run_away_hexes", defenders, self.attr(attackers[0], "hex"),
                             default=[])

    def assaulters(self) -> list:
        """The Units of the assault in progress (the last ``assault_declared``)."""
        for event in reversed(self.state.log):
            if event.kind == "assault_declared":
                return [u if isinstance(u, Ref) else self.session.ref("unit", u)
                        for u in event.data["units"]]
        return []

    def holds_charge(self, unit: Ref) -> bool:
        """Whether the check *unit* is asked to buy is the one a charged hex's
        holder takes: the game's last answer named *unit* to take it
        (``charge_check_unit``)."""
        record = self.session.players.record
        return bool(record) and record[-1]["key"] == "charge_check_unit" and \
            record[-1]["answer"] == unit

    def fires_first(self, unit: Ref, options: list) -> bool:
        """A style that fires first (``fire_first``) shoots, rather than
        assaults, at defenders who could still pay to pass a charge's check:
        each hit costs them a point or a Troop Quality."""
        return self.style.fire_first and "fire" in options and \
            self.best_shot(unit) >= self.style.any_shot and \
            any(self.charge_check_bought(h) and not self.outcharges(h)
                for h in self.assault_hexes(unit))

    def outcharges(self, hex_id: str) -> bool:
        """Whether a style that fires first charges *hex_id* all the same
        (``outcharge``): more of its Units next to it may still assault it,
        the one asked included, than its defenders have Command Points to buy
        the checks their charges force — the charges bought off spend the
        points the last must find gone — or no turn follows this one, when a
        Unit kept back is worth nothing. "May still": not yet acted and the
        rules' ``assault_hexes`` offering it this hex; the game keeps no
        record of which Units the activation in progress covers, so a Unit
        outside it that has not acted counts too."""
        if not self.style.outcharge:
            return False
        if self.turns_left() <= 0:
            return True
        side = self.side_of(self.state.units_at(hex_id)[0])
        points = max((self.cp(d) for d in self.state.units_at(hex_id)
                      if self.rule("tq_check_buyable", d, default=False)), default=0)
        waiting = [u for u in self.units(enemy_of=side)
                   if self.distance(self.attr(u, "hex"), hex_id) == 1 and
                   not self.attr(u, "acted") and hex_id in self.assault_hexes(u)]
        return 1 + len(waiting) > points

    def charge_check_bought(self, hex_id: str) -> bool:
        """Whether the defenders of *hex_id* could pay a Command Point to pass
        the check a charge makes them take (gts:29.47, 18.7 5B)."""
        return any(self.cp(d) >= 1 and self.rule("tq_check_buyable", d, default=False)
                   for d in self.state.units_at(hex_id))
