"""Compile the games' records and engines to C with mypyc, from the project's own source.

`python -m rules.core.native_build build` (run by `make install`) copies the package into `build/native`,
writes out each record class of the compiled modules as its metaclass would make it
(`rules.core.native_source`), compiles the modules each game names in its `compiled` module with mypyc, and
puts the extension modules beside the sources with a digest of each source (`rules.core.native`). `clean`
removes them; `status` says which modules run. Without a C compiler the build says so and the sources run.
"""

from __future__ import annotations

import argparse
import importlib
import json
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Sequence
from types import ModuleType

from rules.core.native import (
    BUILD,
    GROUP,
    MANIFEST,
    PACKAGE,
    ROOT,
    SHARED_LIBRARY,
    compiled_present,
    digest,
    extension,
    manifest,
    running_compiled,
    stale_sources,
)

SHARED = ("rules/core/native_record.py", "rules/core/remembered.py")
"""Compiled for every game that compiles anything: the base of its records, and the memo its loop asks most."""


def _declarations() -> list[tuple[str, ModuleType]]:
    """Each game package that says what of it is compiled (its `compiled` module), with that module."""
    found = []
    for declared in sorted(PACKAGE.glob("*/compiled.py")):
        package = declared.parent.name
        found.append((f"rules/{package}", importlib.import_module(f"rules.{package}.compiled")))
    return found


def compiled_modules() -> list[str]:
    """The sources compiled, by path from the project's root."""
    modules: list[str] = []
    for folder, declared in _declarations():
        modules += [f"{folder}/{name}" for name in declared.MODULES]
        for sub in declared.FOLDERS:
            modules += [
                path.relative_to(ROOT).as_posix()
                for path in sorted((ROOT / folder / sub).glob("*.py"))
                if path.name != "__init__.py"
            ]
    return [*SHARED, *modules] if modules else []


def _non_native() -> dict[str, frozenset[str]]:
    return {f"{folder}/{name}": classes for folder, d in _declarations() for name, classes in d.NON_NATIVE.items()}


def build(force: bool = False) -> int:
    """Compile the modules of `compiled_modules` (0), or say why not and leave the pure-Python ones (1); nothing
    to do (0) when the last build compiled these very sources with this very build, unless `force`."""
    modules = compiled_modules()
    current = {"compiled": {m: digest(m) for m in modules}, "built_by": _build_digest()}
    if not force and manifest() == current and not stale_sources():
        print(f"the {len(modules)} compiled modules are up to date", file=sys.stderr)
        return 0
    compiler = sysconfig.get_config_var("CC") or "cc"
    if shutil.which(compiler.split()[0]) is None:
        print(f"no C compiler ({compiler}) here: the pure-Python engine runs", file=sys.stderr)
        return 1
    clean()
    shutil.rmtree(BUILD, ignore_errors=True)
    shutil.copytree(PACKAGE, BUILD / "rules", ignore=shutil.ignore_patterns("__pycache__", "*.so", ".native.json"))
    for relative in modules:
        source = BUILD / relative
        source.write_text(_compiled_text(relative, source.read_text()))
    (BUILD / "mypy.ini").write_text(_mypy_config(modules))
    setup = _SETUP.format(modules=modules, group=GROUP)
    done = subprocess.run([sys.executable, "-c", setup], cwd=BUILD, check=False, capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stdout[-4000:] + done.stderr[-4000:], file=sys.stderr)
        print("mypyc could not compile the engine (above): the pure-Python engine runs", file=sys.stderr)
        return 1
    for built in BUILD.glob(SHARED_LIBRARY.relative_to(ROOT).as_posix() + "*"):
        shutil.copy2(built, ROOT / built.relative_to(BUILD))
    for relative in modules:
        shutil.copy2(BUILD / extension(relative).relative_to(ROOT), extension(relative))
    MANIFEST.write_text(json.dumps(current, indent=1) + "\n")
    print(f"compiled {len(modules)} modules to C", file=sys.stderr)
    return 0


def _build_digest() -> str:
    """The digest of the build's own sources and of each game's `compiled` module: a change to how sources are
    written out, or to which classes stay Python, compiles them again."""
    own = [f"rules/core/{name}.py" for name in ("native_build", "native_source")]
    declared = [f"{folder}/compiled.py" for folder, _ in _declarations()]
    return "".join(digest(relative) for relative in (*own, *declared))


def _compiled_text(relative: str, text: str) -> str:
    from rules.core.native_source import compiled_source

    return compiled_source(text, non_native=_non_native().get(relative, frozenset()))


def _mypy_config(modules: list[str]) -> str:
    """mypyc reads the types of every module the compiled ones import, and needs those of the compiled ones
    only to be right: the others (which still name `Record` where a compiled record now comes) are not held."""
    compiled = ",".join(m.removesuffix(".py").replace("/", ".") for m in modules)
    untyped = [
        override["module"] if isinstance(override["module"], str) else ",".join(override["module"])
        for override in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"].get("overrides", [])
        if override.get("ignore_missing_imports")
    ]
    return (
        "[mypy]\npython_version = 3.11\nplugins = pydantic.mypy\n"
        "[mypy-rules.*]\nignore_errors = True\n"
        f"[mypy-{compiled}]\nignore_errors = False\n"
        + "".join(f"[mypy-{modules}]\nignore_missing_imports = True\n" for modules in untyped)
    )


_SETUP = """
from setuptools import setup
from mypyc.build import mypycify
setup(name="tower-rules-native", script_args=["build_ext", "--inplace", "--quiet"],
      ext_modules=mypycify({modules!r}, opt_level="3", debug_level="0", group_name={group!r}))
"""


def clean() -> None:
    """Remove the compiled modules, so that the pure-Python ones run."""
    for path in compiled_present():  # the shared library among them
        path.unlink()
    MANIFEST.unlink(missing_ok=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.core.native_build", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["build", "clean", "status"])
    parser.add_argument("--force", action="store_true", help="build even when the compiled modules are up to date")
    args = parser.parse_args(argv)
    if args.command == "build":
        return build(args.force)
    if args.command == "clean":
        clean()
        return 0
    stale = stale_sources()
    path = "the compiled modules" if running_compiled() else "the Python sources"
    print(f"{len(compiled_modules())} modules to compile; {len(stale)} sources changed since the build; running {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
