# SPDX-License-Identifier: BSD-3-Clause
"""How Dask and distributed learn about gpuarray (Note [Telling Dask about
gpuarray]): the entry point, the laziness of both imports, and what each
watched module gets registered, in either import order. No GPU needed."""
import importlib.metadata
import pathlib
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("dask.array")

import dask.backends  # noqa: E402
from dask.array.backends import ArrayBackendEntrypoint, array_creation_dispatch  # noqa: E402
from dask.array.chunk_types import _HANDLED_CHUNK_TYPES  # noqa: E402
from dask.array import dispatch as dask_dispatch  # noqa: E402
from dask.sizeof import sizeof  # noqa: E402

import gpuarray  # noqa: E402
from gpuarray._dask import import_hook  # noqa: E402
from gpuarray._dask import backend, dispatch  # noqa: E402
from dask_test_support import subprocess_env  # noqa: E402  (importing it also provides the entry point)

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run_python(code, env):
    """Runs `code` in a fresh interpreter; its stdout, stripped."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_pyproject_declares_the_entry_point_and_the_extra():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["entry-points"]["dask.array.backends"]["gpuarray"] == \
        "gpuarray._dask.backend:GpuarrayBackendEntrypoint"
    extra = project["optional-dependencies"]["dask"]
    assert any(r.startswith("dask[array]") for r in extra)
    assert any(r.startswith("distributed") for r in extra)


def test_entry_point_names_a_dask_array_backend():
    (ep,) = [ep for ep in importlib.metadata.entry_points(group="dask.array.backends") if ep.name == "gpuarray"]
    cls = ep.load()
    assert cls is backend.GpuarrayBackendEntrypoint
    assert issubclass(cls, ArrayBackendEntrypoint)


def test_dask_finds_the_backend_by_name():
    entry = array_creation_dispatch.dispatch("gpuarray")
    assert isinstance(entry, backend.GpuarrayBackendEntrypoint)
    assert entry.RandomState is gpuarray.random.RandomState
    assert entry.default_bit_generator is gpuarray.random.XORWOW
    assert entry.to_backend_dispatch() is dispatch.to_gpuarray_dispatch


def test_backend_config_selects_gpuarray():
    import dask
    with dask.config.set({"array.backend": "gpuarray"}):
        assert array_creation_dispatch.backend == "gpuarray"
        assert isinstance(array_creation_dispatch.dispatch(array_creation_dispatch.backend),
                          backend.GpuarrayBackendEntrypoint)


@pytest.mark.parametrize("table, expected", [
    ("concatenate_lookup", gpuarray.concatenate),
    ("take_lookup", gpuarray.take),
    ("tensordot_lookup", gpuarray.tensordot),
    ("einsum_lookup", gpuarray.einsum),
    ("empty_lookup", gpuarray.empty),
    ("percentile_lookup", dispatch.chunk_percentile),
    ("numel_lookup", dispatch.chunk_numel),
    ("nannumel_lookup", dispatch.chunk_nannumel),
    ("to_numpy_dispatch", dispatch.gpuarray_to_numpy),
    ("to_cupy_dispatch", dispatch.gpuarray_to_cupy),
])
def test_dispatch_tables_give_gpuarray_functions(table, expected):
    assert getattr(dask_dispatch, table).dispatch(gpuarray.ndarray) is expected


def test_to_gpuarray_dispatch():
    import numpy
    assert dispatch.to_gpuarray_dispatch.dispatch(numpy.ndarray) is dispatch.to_gpuarray
    assert dispatch.to_gpuarray_dispatch.dispatch(gpuarray.ndarray) is dispatch._same_gpuarray


def test_divide_keeps_dasks_default():
    # NumPy's divide then astype (dask.array.numpy_compat.divide) reaches gpuarray through
    # __array_ufunc__; gpuarray registers nothing of its own there.
    assert dask_dispatch.divide_lookup.dispatch(gpuarray.ndarray) is dask_dispatch.divide_lookup.dispatch(object)


def test_chunk_type_and_sizeof_are_registered():
    assert gpuarray.ndarray in _HANDLED_CHUNK_TYPES
    assert sizeof.dispatch(gpuarray.ndarray) is import_hook._device_nbytes


def test_distributed_serializers_are_registered():
    pytest.importorskip("distributed")
    from distributed.protocol.cuda import cuda_deserialize, cuda_serialize
    from distributed.protocol.serialize import dask_deserialize, dask_serialize
    from gpuarray._dask import serialize
    assert cuda_serialize.dispatch(gpuarray.ndarray) is serialize.device_serialize
    assert cuda_deserialize.dispatch(gpuarray.ndarray) is serialize.device_deserialize
    assert dask_serialize.dispatch(gpuarray.ndarray) is serialize.host_serialize
    assert dask_deserialize.dispatch(gpuarray.ndarray) is serialize.host_deserialize


def test_child_imports_the_same_gpuarray_and_dask():
    # The subprocess tests must test this process's gpuarray: the installed one where
    # the tests run from a checkout without a build, the checkout's under PYTHONPATH=python.
    out = run_python("""
        import dask, gpuarray
        print(gpuarray.__file__)
        print(dask.__file__)
    """, subprocess_env())
    assert out.splitlines() == [gpuarray.__file__, dask.__file__]


def test_import_gpuarray_imports_no_dask():
    out = run_python("""
        import sys
        import gpuarray
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("dask", "distributed")))
        print(sorted(m for m in sys.modules if m.startswith("gpuarray._dask")))
    """, subprocess_env())
    no_dask, ours = out.splitlines()
    assert no_dask == "[]"
    # Only the modules that import no Dask.
    assert ours == "['gpuarray._dask', 'gpuarray._dask.import_hook', 'gpuarray._dask.serialize', " \
                   "'gpuarray._dask.tokenize']"


def test_import_dask_imports_no_gpuarray():
    out = run_python("""
        import sys
        import dask.array, dask.sizeof
        try:
            import distributed.protocol
        except ImportError:
            pass
        print(sorted(m for m in sys.modules if m.split(".")[0] == "gpuarray"))
    """, subprocess_env())
    assert out == "[]"


@pytest.mark.parametrize("dask_first", [True, False], ids=["dask-then-gpuarray", "gpuarray-then-dask"])
def test_registration_in_either_import_order(dask_first):
    imports = ["import dask.array, dask.sizeof", "import gpuarray"]
    out = run_python("\n".join(imports if dask_first else imports[::-1]) + """
import sys
from dask.array.chunk_types import _HANDLED_CHUNK_TYPES
from dask.array.dispatch import concatenate_lookup
from dask.sizeof import sizeof
print(gpuarray.ndarray in _HANDLED_CHUNK_TYPES, "gpuarray" in concatenate_lookup._lazy,
      sizeof.dispatch(gpuarray.ndarray).__name__, "gpuarray._dask.backend" in sys.modules)
concatenate_lookup.dispatch(gpuarray.ndarray)  # the lazy hook: Dask loads the backend
print(concatenate_lookup.dispatch(gpuarray.ndarray) is gpuarray.concatenate, "gpuarray._dask.backend" in sys.modules)
""", subprocess_env())
    assert out.splitlines() == ["True True _device_nbytes False", "True True"]


def test_missing_entry_point_warns_and_keeps_numpy_defaults(monkeypatch):
    # A gpuarray without package metadata: Dask cannot find the backend.
    monkeypatch.setattr(array_creation_dispatch, "_lookup", {k: v for k, v in array_creation_dispatch._lookup.items()
                                                             if k != "gpuarray"})
    monkeypatch.setattr(dask.backends, "detect_entrypoints", lambda group: {})
    with pytest.warns(RuntimeWarning, match="entry point named 'gpuarray'"):
        import_hook.load_array_backend()


def test_register_dispatch_is_idempotent():
    before = dict(dask_dispatch.concatenate_lookup._lookup)
    dispatch.register_dispatch()
    assert dask_dispatch.concatenate_lookup._lookup == before


def test_install_is_idempotent():
    finders = [f for f in sys.meta_path if isinstance(f, import_hook.AfterImportFinder)]
    assert len(finders) == 1
    assert import_hook.install() is finders[0]
    assert len([f for f in sys.meta_path if isinstance(f, import_hook.AfterImportFinder)]) == 1


def test_gpuarray_chunk_type_is_not_deferred_to():
    # Dask's binary operators defer to chunk types it does not know; gpuarray's it knows.
    from dask.array.core import is_valid_array_chunk
    from fake_memory import fake_array
    assert is_valid_array_chunk(fake_array((2,))[0])


def test_no_warning_on_import():
    out = run_python("""
        import warnings
        warnings.simplefilter("error")
        import gpuarray, dask.array
        print("ok")
    """, subprocess_env())
    assert out == "ok"
