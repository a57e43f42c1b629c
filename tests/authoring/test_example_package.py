"""examples/crete_star_shells, a modder's package as a modder ships it: pip
installs it (into a folder of its own here, found through its entry point in
the kriegsspiel.modules group), `ks rules optional` lists it, switched on by
name it changes crete:1.0's night fire by one (crete_star_shells:1.0), and
off — or not installed — the game is as before."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "crete_star_shells"
KS = Path(sys.executable).with_name("ks")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    target = tmp_path_factory.mktemp("site")
    source = tmp_path_factory.mktemp("source") / EXAMPLE.name  # pip builds in its folder
    shutil.copytree(EXAMPLE, source)
    # Built as pip builds any package (an isolated build with its own setuptools).
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                           "--target", str(target), str(source)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return dict(os.environ, PYTHONPATH=str(target))


def ks(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(KS), *args], capture_output=True, text=True, env=env,
                          check=False)


def night_rating(env: dict, *options: str) -> int:
    run = ks(env, "resolve", str(EXAMPLE / "tests" / "night_fire.yaml"), "--json", *options)
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(run.stdout)["results"][0]


def test_installed_it_is_listed_and_switched_on_by_name(installed):
    listed = ks(installed, "rules", "optional")
    assert "crete_star_shells:1.0" in listed.stdout and "Star Shells" in listed.stdout
    plain = night_rating(installed)
    assert night_rating(installed, "--optional", "crete_star_shells:1.0") == plain + 1
    without = dict(os.environ)
    assert night_rating(without) == plain
    refused = ks(without, "resolve", str(EXAMPLE / "tests" / "night_fire.yaml"),
                 "--optional", "crete_star_shells:1.0")
    assert refused.returncode == 1 and "unknown optional rule" in refused.stdout + refused.stderr


def test_its_own_tests_pass_from_its_folder():
    own = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p",
                          "no:cacheprovider", "tests"], cwd=EXAMPLE, capture_output=True,
                         text=True, check=False)
    assert own.returncode == 0 and "1 passed" in own.stdout, own.stdout + own.stderr
