"""The off-map displays a game declares in its game.yaml (``displays:``).

A printed game often has cards beside the map: boxes that hold counters off
the map (a reinforcement box, a holding area) and tracks that show a number
(a level, a count).  The rules keep where a piece is and what a track reads as
their own tracks, links and definitions; a display says how to show them.  A
box holds the pieces off the map whose values match its ``where`` (each key a
track, marker, link or attribute of the piece, or a rule definition taking
the piece); a track row shows a value (a rule definition or track of an
entity) for each entity a parameterless rule definition lists.  No rule runs
differently for it: ``ks render`` and the replay viewer draw it beside the map
(kriegsspiel.tools.display_scene), ``ks check`` checks the names it uses
against the game's rules (kriegsspiel.engine.displays).
"""

from __future__ import annotations

from typing import Union

from pydantic import Field

from kriegsspiel.core.models import DataModel, Id, Notes, Source

# A value a box's piece must have: a number, a word (an enum member, an id) or
# true/false.
Wanted = Union[bool, int, str]


class DisplayBox(DataModel):
    """A box of a display: the pieces off the map whose values are *where*'s."""

    title: str = Field(description="The box's printed name, e.g. 'Reinforcements'.")
    kinds: list[Id] = Field(default_factory=lambda: ["unit"],
                            description="The kinds of piece it may hold: unit, leader.")
    where: dict[Id, Wanted] = Field(
        min_length=1, description="What a piece in the box reads: {name: value}, each name a "
        "track, marker, link or attribute of the piece or a rule definition of one parameter "
        "(the piece); every one must match.  The pieces show in the order of the game's "
        "counter lists.")
    source: Source = None
    notes: Notes = None


class DisplayTrack(DataModel):
    """A track of a display: one value per entity a rule lists."""

    title: str = Field(description="The track's printed name, e.g. 'Morale'.")
    of: Id = Field(description="A rule definition without parameters listing the entities "
                   "(or one entity) the track is kept for; a row per entity.")
    value: Id = Field(description="What the track reads: a rule definition of one parameter "
                      "(the entity) or a track or marker on it.")
    shown_as: dict[Wanted, str] = Field(default_factory=dict,
                                        description="Words for values, e.g. {0: 'no', 1: 'yes'}.")
    name_each: bool = Field(False, description="Name the entity on its row even when the rule "
                            "lists only one (a row per entity is named whenever there are "
                            "several).")
    source: Source = None
    notes: Notes = None


class Display(DataModel):
    """A card beside the map: its boxes and tracks."""

    title: str = Field(description="The display's printed name.")
    shown_if: Id | None = Field(None, description="A rule definition without parameters: the "
                                "display is drawn while it is true (or a non-empty list).")
    columns: int = Field(2, ge=1, le=8, description="Boxes side by side in a row.")
    box_slots: int = Field(3, ge=1, le=12, description="Counters side by side in a box.")
    boxes: list[DisplayBox] = Field(default_factory=list, description="Its boxes, in order.")
    tracks: list[DisplayTrack] = Field(default_factory=list,
                                       description="Its tracks, in order, under the boxes.")
    source: Source = None
    notes: Notes = None
