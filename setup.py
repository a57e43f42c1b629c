"""Builds the compiled kernel: the interpreter's hot modules compiled by Cython.

Everything else about the package is in pyproject.toml; this file exists only
because extension modules cannot be declared there.

The rule interpreter is many small Python closures calling each other, so most
of a game's time is CPython's own call and bytecode overhead.  Compiling the
same .py files with Cython (plain Python semantics: the modules run as such
when not compiled) removes most of it; .pxd files beside a few of them make
the hottest classes extension types, which the hot functions' typed locals
(``@cython.locals``) read as C structs.  Each module compiles to
``<name>.kscompiled<EXT_SUFFIX>`` beside its source, a name no normal import
finds, with ``<name>.kscompiled.sha256``, the hash of the source it was built
from and of the declaring modules.  ``kriegsspiel.engine.compiled`` loads the
compiled module only while those still have those hashes, so an edited source
(an editable install) runs as written, never a stale copy.
docs/performance.md, "Compiled kernel", says more.

KS_NO_COMPILE=1 builds without compiling; a module that fails to compile is
left to run from source (the extensions are optional).
"""

from __future__ import annotations

import filecmp
import hashlib
import os
import shutil
import sysconfig

from setuptools import setup
from setuptools.command.build_ext import build_ext

# Source files (relative to this folder) and their module names: the modules
# a game's rule evaluation runs through, found by profiling playouts and fires.
PACKAGES = {"kriegsspiel/engine": "kriegsspiel.engine", "core": "kriegsspiel.core",
            "dsl": "kriegsspiel.dsl"}
KERNEL = [
    "dsl/closures.py", "dsl/compiler.py", "dsl/direct.py", "dsl/shortcuts.py",
    "dsl/lasting.py", "dsl/statements.py", "dsl/program.py", "dsl/tables.py",
    "dsl/scope.py", "dsl/runtime.py", "dsl/checks.py", "dsl/types.py", "dsl/drawn.py",
    "core/readers.py", "core/state.py", "core/events.py", "core/hexgrid.py", "core/mapindex.py",
    "core/movegraph.py", "core/hexline.py", "core/players.py", "core/dice.py",
    "kriegsspiel/engine/kernel.py", "kriegsspiel/engine/session.py",
    "kriegsspiel/engine/invariants.py",
    "kriegsspiel/engine/los.py", "kriegsspiel/engine/reach.py", "kriegsspiel/engine/scans.py",
]
SUFFIX = ".kscompiled"  # as kriegsspiel.engine.compiled.SUFFIX (this file cannot import it)
EXT_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")


def module_name(path: str) -> str:
    folder, _, file = path.rpartition("/")
    return f"{PACKAGES[folder]}.{file[:-3]}"


def source_hash(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


class BuildKernel(build_ext):
    """Names each compiled module so that no import finds it by itself, and
    writes beside it the hash of its source (kriegsspiel.engine.compiled checks it)."""

    def finalize_options(self):
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def get_ext_filename(self, fullname):
        return os.path.join(*fullname.split(".")) + SUFFIX + EXT_SUFFIX

    def build_extension(self, ext):
        super().build_extension(ext)
        record_hash(self.get_ext_fullpath(ext.name), ext.ks_source)

    def copy_extensions_to_source(self):
        # Editable installs: the build is copied beside its source, and so is its hash.
        super().copy_extensions_to_source()
        build_py = self.get_finalized_command("build_py")
        for ext in self.extensions:
            package = ext.name.rpartition(".")[0]
            copied = os.path.join(build_py.get_package_dir(package),
                                  os.path.basename(self.get_ext_filename(ext.name)))
            record_hash(copied, ext.ks_source)


def declarations(declaring_only: bool = False) -> list[tuple[str, str]]:
    """(module name, path) of the kernel's Cython declaration files (.pxd);
    *declaring_only*: those declaring types (not only cimporting them)."""
    found = [(module_name(path), path[:-3] + ".pxd") for path in KERNEL
             if os.path.exists(path[:-3] + ".pxd")]
    if declaring_only:
        found = [(name, pxd) for name, pxd in found if "cdef class" in _read(pxd)]
    return found


def _read(path: str) -> str:
    with open(path) as f:
        return f.read()


def declaring_hash(pxd: str) -> str:
    """The hash of a declaring module: its .pxd, then its .py (as kriegsspiel.engine.compiled)."""
    with open(pxd, "rb") as declared, open(pxd[:-4] + ".py", "rb") as source:
        return hashlib.sha256(declared.read() + b"\0" + source.read()).hexdigest()


def record_hash(built: str, source: str) -> None:
    """``<name>.kscompiled.sha256`` beside the build *built* (if it was built,
    the extensions being optional): the hash of the source compiled, then one
    line "<hash> <module>" per module with declarations (.pxd), of that .pxd
    and that module's source.  Every build may use every declared type's
    layout (cimports), and that layout is only there while the declaring
    module itself runs compiled: when either changes, the build is stale."""
    if os.path.exists(built):
        lines = [source_hash(source)] + [f"{declaring_hash(pxd)} {name}"
                                         for name, pxd in declarations(declaring_only=True)]
        with open(built[: -len(EXT_SUFFIX)] + ".sha256", "w") as f:
            f.write("\n".join(lines) + "\n")


def declarations_tree(root: str = "build/cython/include") -> str:
    """The kernel's .pxd files under their module names (kriegsspiel/core/state.pxd),
    where Cython looks for a module's declarations and for its cimports: the
    source folders are not named as the package is (core/ is kriegsspiel.core)."""
    for name, pxd in declarations():
        target = os.path.join(root, *name.split(".")) + ".pxd"
        os.makedirs(os.path.dirname(target), exist_ok=True)
        folder = os.path.dirname(target)
        while folder != root:  # each level a package, for Cython
            open(os.path.join(folder, "__init__.pxd"), "a").close()
            folder = os.path.dirname(folder)
        if not os.path.exists(target) or not filecmp.cmp(pxd, target, shallow=False):
            shutil.copyfile(pxd, target)  # (a fresh copy would rebuild every dependant)
    return root


def kernel_extensions():
    if os.environ.get("KS_NO_COMPILE"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:  # a build without Cython: everything runs from source
        return []
    from setuptools import Extension
    extensions = []
    for path in KERNEL:
        ext = Extension(module_name(path), [path], optional=True,
                        extra_compile_args=["-O2", "-g0"])
        extensions.append(ext)
    compiled = cythonize(extensions, build_dir="build/cython", quiet=True,
                         include_path=[declarations_tree()],
                         compiler_directives={
                             "language_level": 3,
                             # Plain Python semantics: functions keep their
                             # attributes, annotations are not C types.
                             "binding": True, "annotation_typing": False,
                             # A typed local holding None raises as Python
                             # would, instead of reading a struct that is not there.
                             "nonecheck": True})
    sources = {module_name(path): path for path in KERNEL}
    for ext in compiled:
        ext.ks_source = sources[ext.name]
    return compiled


setup(ext_modules=kernel_extensions(), cmdclass={"build_ext": BuildKernel})
