"""The compiled kernel (kriegsspiel.engine.compiled, setup.py): a module loads from its
Cython build only while its source is the one compiled, and a game played
from source is the game played compiled."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import kriegsspiel.dsl.closures
from kriegsspiel.engine import compiled
from kriegsspiel.engine.compiled import EXT_SUFFIX, SUFFIX, CompiledFinder

GOLDEN = Path(__file__).parent.parent / "golden"


@pytest.fixture
def fake_package(tmp_path, monkeypatch):
    """A package ``ksfake`` with one module and what a build leaves beside it."""
    package = tmp_path / "ksfake"
    package.mkdir()
    (package / "__init__.py").write_text("")
    source = package / "mod.py"
    source.write_text("VALUE = 'from source'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield source
    for name in [m for m in sys.modules if m == "ksfake" or m.startswith("ksfake.")]:
        del sys.modules[name]  # the finder imports the package; the next test has its own


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _built(source: Path, text: str | None = None, declarations: dict | None = None) -> Path:
    """A "build" of *source* (compiled from *text*, and against *declarations*:
    module → the .pxd text), as setup.py records it."""
    stem = str(source)[:-3] + SUFFIX
    Path(stem + EXT_SUFFIX).write_bytes(b"not really a shared object")
    lines = [_sha(text or source.read_text())]
    lines += [f"{_sha(pxd + chr(0) + py)} {module}"
              for module, (pxd, py) in (declarations or {}).items()]
    Path(stem + ".sha256").write_text("\n".join(lines) + "\n")
    return Path(stem + EXT_SUFFIX)


def test_a_build_of_the_current_source_is_what_loads(fake_package):
    built = _built(fake_package)
    finder = CompiledFinder("ksfake.")
    spec = finder.find_spec("ksfake.mod", [str(fake_package.parent)])
    assert spec is not None and spec.origin == str(built)
    assert type(spec.loader).__name__ == "ExtensionFileLoader"
    assert finder.loaded == {"ksfake.mod": "compiled"}


def test_a_changed_source_runs_as_written_with_a_warning(fake_package):
    _built(fake_package, text="VALUE = 'what was compiled'\n")
    finder = CompiledFinder("ksfake.")
    with pytest.warns(RuntimeWarning, match="ksfake.mod: its source or the kernel's decl"):
        # None: the normal import, of the source, goes ahead
        assert finder.find_spec("ksfake.mod", [str(fake_package.parent)]) is None
    assert finder.loaded == {"ksfake.mod": "stale"}


@pytest.mark.parametrize("change", ["the declarations", "the declaring source", "removal"])
def test_a_build_against_a_changed_declaring_module_is_stale(fake_package, change):
    """A cimported type's layout is compiled into every module using it: a
    build made against another version of a .pxd, or of the module declaring
    it (which then runs from source, where the type is a plain class), or
    against a .pxd since removed, must not load, though its own source is
    unchanged."""
    declared, declaring = fake_package.with_name("types.pxd"), fake_package.with_name("types.py")
    declared.write_text("cdef class Thing:\n    cdef public object a\n")
    declaring.write_text("class Thing:\n    pass\n")
    _built(fake_package, declarations={"ksfake.types": (declared.read_text(),
                                                        declaring.read_text())})
    finder = CompiledFinder("ksfake.")
    assert finder.find_spec("ksfake.mod", [str(fake_package.parent)]) is not None
    if change == "the declarations":
        declared.write_text("cdef class Thing:\n    cdef public object b\n")
    elif change == "the declaring source":
        declaring.write_text("class Thing:\n    size = 2\n")
    else:
        declared.unlink()
    with pytest.warns(RuntimeWarning, match="declarations"):
        assert finder.find_spec("ksfake.mod", [str(fake_package.parent)]) is None
    assert finder.loaded == {"ksfake.mod": "stale"}


def test_no_build_or_no_recorded_hash_means_the_source(fake_package):
    finder = CompiledFinder("ksfake.")
    assert finder.find_spec("ksfake.mod", [str(fake_package.parent)]) is None
    _built(fake_package)
    Path(str(fake_package)[:-3] + SUFFIX + ".sha256").unlink()
    assert finder.find_spec("ksfake.mod", [str(fake_package.parent)]) is None
    assert finder.find_spec("other.mod") is None  # not its prefix
    assert finder.loaded == {}


def test_the_installed_kernel_runs_compiled_where_it_was_built():
    """What setup.py built (unless installed with KS_NO_COMPILE=1) is in use."""
    source = Path(kriegsspiel.dsl.closures.__file__)
    if source.suffix == ".py":
        recorded = source.with_name(source.stem + SUFFIX + ".sha256")
        if not recorded.exists() or os.environ.get("KS_PURE"):
            pytest.skip("installed without the compiled kernel, or KS_PURE=1")
        pytest.fail(f"{source} has a build beside it that was not loaded")
    assert source.name == "closures" + SUFFIX + EXT_SUFFIX
    assert compiled.status()["kriegsspiel.dsl.closures"] == "compiled"


def test_a_game_from_source_is_the_game_compiled():
    """KS_PURE=1 plays the Learning Scenario's golden game byte for byte."""
    env = dict(os.environ, KS_PURE="1", PYTHONHASHSEED="7")
    code = ("import sys; from kriegsspiel.tools.play import GoldenSettings; "
            "import kriegsspiel.dsl.closures as c; assert c.__file__.endswith('.py'), c.__file__; "
            "sys.stdout.write(GoldenSettings().text('crete/learning'))")
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout == (GOLDEN / "crete_learning_seed1.txt").read_text()
