"""crete_star_shells:1.0 on and off: at night a Direct Fire's final rating is
one better than crete:1.0 alone gives it."""

from pathlib import Path

from kriegsspiel.engine.plugins import load_registry
from kriegsspiel.tools.situation import resolve

MODULE = Path(__file__).resolve().parents[1] / "crete_star_shells"
SITUATION = Path(__file__).with_name("night_fire.yaml")


def _registry():
    """Installed (pip install -e .), its entry point finds the module; else its path."""
    installed = load_registry()
    if "crete_star_shells" in installed.modules:
        return installed
    return load_registry(extra_paths=[MODULE])


def rating(tmp_path, switched_on: bool) -> int:
    text = SITUATION.read_text(encoding="utf-8")
    if switched_on:
        text = text.replace("special_rules: []", 'special_rules: ["crete_star_shells:1.0"]')
    path = tmp_path / "situation.yaml"
    path.write_text(text, encoding="utf-8")
    _, report = resolve(path, registry=_registry())
    return report["results"][0]


def test_star_shells_make_night_fire_one_better(tmp_path):
    assert rating(tmp_path, switched_on=True) == rating(tmp_path, switched_on=False) + 1
