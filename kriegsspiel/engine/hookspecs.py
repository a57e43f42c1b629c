"""Every hook a kriegsspiel module can implement (all prefixed ``ks_``).

A *module* is a pluggy plugin: a Python module or object with functions
marked ``@hookimpl``.  Built-in rulesets (``kriegsspiel.modules.*``) are
registered by default; third-party modules are found through the entry-point
group ``kriegsspiel.modules`` or passed as explicit paths.  Each hook is
documented in docs/hooks.md, and tests/test_hooks.py checks that every hook
here is documented there and exercised by a test.
"""

from __future__ import annotations

import pluggy

PROJECT = "kriegsspiel"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def ks_module_info():
    """Describe the module: a :class:`kriegsspiel.engine.plugins.ModuleInfo`.

    Its ``name`` is how users enable or disable it, its ``layer`` (series,
    exclusive, errata, optional, scenario) fixes the precedence of its rule
    files, ``ruleset`` is the citation namespace it mainly cites,
    ``requires`` names the modules it builds on, and ``optional_rules`` the
    optional rules a player switches on by name (``ks play --optional``).
    """


@hookspec
def ks_rule_files():
    """Return the paths of this module's rule files (.ksr), in load order."""


@hookspec
def ks_rule_index():
    """Return the paths of rule index files (JSON, as rule_index/*.json: a
    ``ruleset`` name and its ``entries``, each with an ``id``) for a ruleset the
    shipped index does not hold, so this module's rule files can cite it."""


@hookspec
def ks_primitives():
    """Return kernel primitives callable from rule files: a list of
    :class:`kriegsspiel.dsl.types.Function`.  Python is for primitives such
    as line-of-sight tracing and pathfinding; rules stay in rule files."""


@hookspec
def ks_entity_attributes():
    """Return ``{kind: {attribute: type}}`` for the values this module's data
    gives entities (e.g. a unit's ``troop_quality``: ``int``), so rule files
    are type-checked against them and typos get a did-you-mean."""


@hookspec(firstresult=True)
def ks_counter_values_model():
    """Return the pydantic model that validates a counter face's ``values`` in
    game data (the first module that answers wins: the most specific one)."""


@hookspec(firstresult=True)
def ks_leader_values_model():
    """Return the pydantic model that validates a Leader's ``values`` in game
    data (the most specific module that answers wins)."""


@hookspec
def ks_data_vocabulary():
    """Return how the module's rules name the generic numbers of scenario data:
    ``{"division.ratings": {"command": "command_rating"}, "division.points":
    {"command": "cp"}}`` — a scenario's ``ratings: {command: 2}`` becomes the
    division attribute ``command_rating``, its ``points: {command: 4}`` the
    starting value of the ``cp`` track."""


@hookspec
def ks_content_roots():
    """Return the directories of the module's own data — a ``games/`` directory
    (one folder per game, with its game.yaml) and a ``scenarios/`` one (a
    folder per game of scenario files) — so a title installed as a module is
    played (``ks play <game>/<scenario>``) and checked (``ks check``) like the
    shipped ones."""


@hookspec
def ks_game_schema():
    """Return the keys the module's game data may write beyond the kernel's, as
    ``{part: model}`` for the parts of core.models.GAME_PARTS ("game": game.yaml,
    "unit": a counter of a units file, "leader"): each model's fields and
    validators are added to that part (core.models.game_models) — GTS's order
    of battle, the Division and Formation of every counter."""


@hookspec
def ks_check_game(check, game):
    """Check the references the module's own game keys make (ks_game_schema),
    after the kernel's: *check* is a core.refcheck.References (see
    ks_check_scenario); ``check.add_kind(kind, items)`` makes the module's own
    things nameable by other data (GTS: army, division, formation)."""


@hookspec
def ks_situation_schema():
    """Return the keys the module's situation files (``ks resolve``) may write
    beyond the kernel's, as ``{part: model}`` for the parts of
    core.situation.SITUATION_PARTS ("situation", "unit", "leader"), composed
    as ks_scenario_schema's are — GTS's divisions and formations."""


@hookspec
def ks_lay_out_situation(catalog, situation, problems):
    """Add to a situation's *catalog* what the module's own situation keys say
    (GTS: armies, divisions, formations with their defaults, each counter's
    side), before ks_lay_out_catalog; note every problem located in
    *problems* (a core.situation.Problems: ``problems.add(situation, path,
    message, hint)``) instead of raising, so that one run reports them all."""


@hookspec
def ks_scenario_schema():
    """Return the keys the module's scenarios may write beyond the kernel's, as
    ``{part: model}`` for the parts of core.scenario.PARTS ("scenario",
    "placement", "reinforcement", "victory_condition"): each model's fields and
    validators are added to that part (core.scenario.scenario_model), so a
    scenario is read, checked and exported as a schema with them.  A
    reinforcement model may extend ``places()`` and ``unplaced()``."""


@hookspec
def ks_check_scenario(check, scenario):
    """Check the references the module's own scenario keys make (ks_scenario_schema):
    *check* is a core.refcheck.References — ``check.ref(kind, value, owner, *path)``
    reports an unknown id with a did-you-mean, ``check.hex(...)`` a hex not in
    play, ``check.error(...)`` anything else, each located in the scenario file.
    Called for every selected module after the kernel's checks."""


@hookspec
def ks_expand_scenario(scenario, path, game):
    """Return *scenario* (a core.scenario.Scenario read from *path*, of the loaded
    *game*) with what the ruleset's scenario conventions imply written out —
    GTS's "As per Scenario N", another scenario's set-up copied sheet by sheet —
    or None to leave it as it is. Called before the scenario's references are
    checked, for every selected module, lowest layer first, each on the
    previous module's result; raise KsError (located) for what cannot be done."""


@hookspec
def ks_lay_out_catalog(catalog, game, scenario):
    """Add the ruleset's own pieces to *catalog*, which the engine has built
    from the data (``{kind: {id: facts}}``: sides, armies, divisions,
    formations, leaders, units, the turn track, effects, victory conditions):
    e.g. GTS's Activation Chits and Rearguard counters.  Change it in place.
    *game* and *scenario* are the loaded models, or None for a situation file
    (``ks resolve``), which gets only what its entities imply.  Called for
    every selected module, lowest layer first."""


@hookspec
def ks_set_up(session, scenario):
    """Play the ruleset's part of a scenario's set-up into *session* after the
    engine has placed the pieces and set the starting points (e.g. GTS puts
    the scenario's first chits in their cups), as events.  Lowest layer first."""


@hookspec(firstresult=True)
def ks_describe_event(kind, data):
    """Return one readable log line (indented like the others) for an event the
    module's rules emit, or None to leave it to other modules (``ks play``'s
    turn log, the replay viewer)."""


@hookspec
def ks_board_look():
    """Return how the module wants the board drawn (``ks render``, the replay
    viewer), any of: ``side_colours`` ``{side: "#rrggbb"}``, ``terrain_colours``
    ``{terrain: "#rrggbb"}`` (where the terrain file gives no ``color``),
    ``unit_markers`` and ``hex_markers`` ``{track: label}`` or ``{track: {value:
    label}}`` — the tracks worth a marker, ``marker_colours`` ``{label's first
    word: "#rrggbb"}``, and ``counter`` ``{piece kind: [slot, ...]}`` — what a
    counter shows besides its name: each slot a ``value`` (an attribute of the
    face up) or a ``text`` (``"Q{troop_quality}"``) ``at`` left, left_note,
    right, middle or bottom, optionally in a ``box`` (docs/render.md); and
    ``panel`` ``{kind: {track: label}}``, the tracks shown beside the map by
    ``ks serve``.  Merged lowest layer first, a piece kind's slots replaced
    whole."""


@hookspec
def ks_player_kinds():
    """Return ``{name: factory}``: the kinds of players this module offers to
    ``ks play --players`` (e.g. ``{"heuristic": ...}``).  ``factory(seed,
    session)`` builds one player for one side; a higher-layer module's kind of
    the same name wins."""


@hookspec
def ks_bot_answers():
    """Return ``{question key: handler(bot, decision, options)}``: how the
    heuristic player (modules/gts/bot.py) answers the questions this module's
    rules ask, merged over the GTS answers lowest layer first.  A key with no
    handler is answered at random by the bot's seeded generator."""


@hookspec
def ks_evaluate(session, side):
    """How good the game in *session* is for *side* (a side id), as a float:
    higher is better, roughly in [-1, 1], 1 a won game.  Search players
    (``kriegsspiel.tools.search``) score their rollouts with it; the most specific
    module that answers (not ``None``) wins."""


@hookspec
def ks_search_questions():
    """Return the keys of the questions worth a search player's rollouts
    (those that decide games), or ``None`` for no opinion.  A search player
    answers the others as its prior does; the most specific module giving a
    list wins, and with none every question is searched."""


@hookspec
def ks_search_policies():
    """Return ``{name: factory}``: whole policies a policy-switching player
    (``kriegsspiel.tools.switch``, the ``switch`` kind) chooses among, the
    module's default play first (kept unless another does better over the
    same dice); ``factory(seed, session)`` as ``ks_player_kinds``'.  The most
    specific module that answers wins; ``None`` for no opinion."""


@hookspec
def ks_settled_events():
    """Return the names of this module's events at which nothing is half done
    (GTS: an activation begun or ended, the game won): invariants declared
    ``"settled"`` are checked there, besides after every engine action and
    when the turn marker moves."""


@hookspec
def ks_play_begins():
    """Return the names of this module's events whose first occurrence ends the
    set-up of a game (GTS: the first activation): the tools tell a piece set
    up from a piece arriving by it. None: the first turn's own events do."""


@hookspec
def ks_invariants():
    """Return the module's invariants: names of pure rule definitions (no
    parameters) that give the offending entities (an empty list, or ``true``,
    when the rules are kept).  A name alone is checked after every event; a
    pair ``(name, "settled")`` only at settled moments (a decision, the end of
    an action, a chit played or put away, the turn marker moving), for rules a
    rule step restores before it ends.  Used by ``ks play --check-invariants``
    and the tests (``kriegsspiel.engine.invariants``)."""
