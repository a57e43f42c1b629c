"""examples/crete_star_shells, a modder's package as a modder ships it: pip
installs it (into a temporary venv, found there through its entry point in
the kriegsspiel.modules group), `ks rules optional` lists it, switched on by
name it changes crete:1.0's night fire by one (crete_star_shells:1.0), and
off — or not installed — the game is as before."""

from __future__ import annotations

import json
import shutil
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "crete_star_shells"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> list[str]:
    """A temporary venv that sees this kriegsspiel (its site-packages added by a
    .pth line) and has the example pip-installed into it; the command that runs
    `ks` there."""
    home = tmp_path_factory.mktemp("venv")
    venv.create(home, with_pip=True)
    python = home / "bin" / "python"
    site_dir = subprocess.run([str(python), "-c", "import sysconfig; "
                               "print(sysconfig.get_paths()['purelib'])"],
                              capture_output=True, text=True, check=True).stdout.strip()
    ours = [p for p in site.getsitepackages() if Path(p).is_dir()]
    Path(site_dir, "kriegsspiel_here.pth").write_text(
        "".join(f"import site; site.addsitedir({p!r})\n" for p in ours), encoding="utf-8")
    source = tmp_path_factory.mktemp("source") / EXAMPLE.name  # pip builds in its folder
    shutil.copytree(EXAMPLE, source)
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(source)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return [str(python), "-m", "kriegsspiel.tools.cli"]


def ks(command: list[str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*command, *args], capture_output=True, text=True, check=False)


def night_rating(command: list[str], *options: str) -> int:
    run = ks(command, "resolve", str(EXAMPLE / "tests" / "night_fire.yaml"), "--json", *options)
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(run.stdout)["results"][0]


def test_installed_it_is_listed_and_switched_on_by_name(installed):
    listed = ks(installed, "rules", "optional")
    assert "crete_star_shells:1.0" in listed.stdout and "Star Shells" in listed.stdout
    plain = night_rating(installed)
    assert night_rating(installed, "--optional", "crete_star_shells:1.0") == plain + 1
    without = [sys.executable, "-m", "kriegsspiel.tools.cli"]  # not installed here
    assert night_rating(without) == plain
    refused = ks(without, "resolve", str(EXAMPLE / "tests" / "night_fire.yaml"),
                 "--optional", "crete_star_shells:1.0")
    assert refused.returncode == 1 and "unknown optional rule" in refused.stdout + refused.stderr


def test_its_own_tests_pass_from_its_folder():
    own = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p",
                          "no:cacheprovider", "tests"], cwd=EXAMPLE, capture_output=True,
                         text=True, check=False)
    assert own.returncode == 0 and "1 passed" in own.stdout, own.stdout + own.stderr
