# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray._dask.import_hook's finder on toy modules: it runs a callback once a
watched module has executed, leaves the module as its own loader made it, and
never breaks an import. No Dask, no GPU."""
import importlib
import sys
import warnings

import pytest

from gpuarray._dask.import_hook import AfterImportFinder


@pytest.fixture
def toy_package(tmp_path, monkeypatch):
    """A package `toy_hooked` with modules `a` and `b` on sys.path, forgotten afterwards."""
    package = tmp_path / "toy_hooked"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("VALUE = 1\n")
    (package / "b.py").write_text("VALUE = 2\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "toy_hooked"
    for name in [m for m in sys.modules if m.split(".")[0] == "toy_hooked"]:
        del sys.modules[name]


@pytest.fixture
def finder_with(monkeypatch):
    """Puts an AfterImportFinder for the given callbacks at the front of sys.meta_path."""
    def make(callbacks):
        finder = AfterImportFinder(callbacks)
        monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
        return finder
    return make


def test_callback_runs_after_the_module_executed(toy_package, finder_with):
    seen = []
    finder = finder_with({"toy_hooked.a": lambda m: seen.append(m.VALUE)})
    assert finder.pending() == ["toy_hooked.a"]
    import toy_hooked.a
    assert seen == [1]
    assert finder.pending() == []
    assert toy_hooked.a.VALUE == 1


def test_module_keeps_its_real_loader(toy_package, finder_with):
    finder_with({"toy_hooked.a": lambda m: None})
    import toy_hooked.a
    import toy_hooked.b
    assert type(toy_hooked.a.__loader__) is type(toy_hooked.b.__loader__)
    assert toy_hooked.a.__spec__.loader is toy_hooked.a.__loader__


def test_callback_runs_once(toy_package, finder_with):
    seen = []
    finder_with({"toy_hooked.a": lambda m: seen.append(m.__name__)})
    importlib.import_module("toy_hooked.a")
    del sys.modules["toy_hooked.a"]
    importlib.import_module("toy_hooked.a")  # imported again on purpose
    assert seen == ["toy_hooked.a"]


def test_unwatched_modules_are_left_to_the_other_finders(toy_package, finder_with):
    finder = finder_with({"toy_hooked.a": lambda m: None})
    assert finder.find_spec("toy_hooked.b", None) is None
    assert finder.find_spec("toy_hooked_missing", None) is None


def test_missing_watched_module_is_not_found(finder_with):
    finder = finder_with({"toy_hooked_missing": lambda m: None})
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("toy_hooked_missing")
    assert finder.pending() == ["toy_hooked_missing"]


def test_already_imported_module_gets_its_callback_at_once(toy_package, finder_with):
    import toy_hooked.b
    seen = []
    finder = finder_with({"toy_hooked.b": lambda m: seen.append(m.VALUE)})
    finder.run_for_loaded()
    assert seen == [2] and finder.pending() == []
    assert toy_hooked.b.VALUE == 2


def test_failing_callback_warns_and_the_import_succeeds(toy_package, finder_with):
    def broken(module):
        raise AttributeError("moved")

    finder_with({"toy_hooked.a": broken})
    with pytest.warns(RuntimeWarning, match="could not register itself with toy_hooked.a"):
        module = importlib.import_module("toy_hooked.a")
    assert module.VALUE == 1


def test_no_warning_when_callbacks_succeed(toy_package, finder_with):
    finder_with({"toy_hooked.a": lambda m: None})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        importlib.import_module("toy_hooked.a")
