# SPDX-License-Identifier: BSD-3-Clause
"""Each ufunc's own docstring and signature (issue #32): `help(xp.add)` says
what add does, and `inspect.signature(xp.add)` is the call the C base accepts.
The examples are checked against NumPy and SciPy on the host (the same text
importing them in place of gpuarray), and run as doctests on a device."""
import doctest
import inspect
import re

import numpy
import pytest

import gpuarray as xp
from gpuarray import _core
from gpuarray._ufunc.docs import TEXTS, PerInstance, ufunc_signature
from gpuarray.scipy import special
from gpuarray.scipy.special._ufuncs import ARGUMENTS, UFUNCS as SPECIAL_UFUNCS

NAMES = list(_core._ufunc_names())
SPECIAL_NAMES = sorted(SPECIAL_UFUNCS)
_HEADER = re.compile(r"^(\w[\w ]*)\n-{3,}$", re.M)


def _sections(doc):
    headers = list(_HEADER.finditer(doc))
    return {h.group(1): doc[h.end():headers[i + 1].start() if i + 1 < len(headers) else len(doc)]
            for i, h in enumerate(headers)}


def _documented_parameters(section):
    names = []
    for line in section.splitlines():
        if line and not line[0].isspace():
            names += [n.strip() for n in line.split(" : ")[0].split(",")]
    return names


def test_every_engine_ufunc_has_a_text_and_no_text_is_left_over():
    assert sorted(TEXTS) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_docstring_is_the_ufuncs_own(name):
    uf = getattr(xp, name)
    doc = inspect.getdoc(uf)
    assert doc.startswith(f"{name}(x") and TEXTS[name][0].split()[0] in doc
    assert doc != inspect.getdoc(xp.ufunc)
    sections = _sections(doc)
    for title in ("Parameters", "Returns", "Notes", "See Also", "Examples"):
        assert title in sections, f"{name}: no {title} section"
    assert _documented_parameters(sections["Parameters"]) == list(inspect.signature(uf).parameters)
    # The loops listed are this build's.
    assert ", ".join(uf.types) in " ".join(sections["Notes"].split())


def test_class_keeps_its_own_docstring_and_signature():
    assert xp.ufunc.__doc__.startswith("A NumPy ufunc running on gpuarray arrays")
    assert list(inspect.signature(xp.ufunc).parameters) == ["name", "module"]
    assert isinstance(vars(xp.ufunc)["__doc__"], PerInstance)


@pytest.mark.parametrize("name", NAMES)
def test_signature_is_numpys_less_what_the_call_refuses(name):
    ours, numpys = inspect.signature(getattr(xp, name)), inspect.signature(getattr(numpy, name))
    refused = {"order", "subok", "signature"}
    assert [p for p in numpys.parameters.values() if p.name not in refused] == list(ours.parameters.values())


@pytest.mark.parametrize("alias, name", [("abs", "absolute"), ("true_divide", "divide"), ("pow", "power"),
                                         ("conj", "conjugate"), ("atan2", "arctan2")])
def test_aliases_show_the_ufuncs_text(alias, name):
    assert getattr(xp, alias).__doc__ == getattr(xp, name).__doc__
    assert inspect.signature(getattr(xp, alias)) == inspect.signature(getattr(xp, name))


@pytest.mark.parametrize("keyword", ["order", "subok", "signature"])
def test_keywords_left_out_of_the_signature_are_refused(keyword):
    # Refused while reading the arguments, before any device work.
    with pytest.raises(TypeError, match=f"'{keyword}' is an invalid keyword to ufunc 'add'"):
        xp.add(1, 2, **{keyword: None})


@pytest.mark.parametrize("keyword, value", [("out", None), ("where", True), ("casting", "same_kind"),
                                            ("dtype", None)])
def test_keywords_in_the_signature_are_accepted(keyword, value):
    try:
        xp.add(1, 2, **{keyword: value})
    except xp.cuda.CUDARuntimeError:
        pass  # no device here: the keyword was read, the launch failed


# The docstrings' imports, and what stands for them on the host.
HOST_IMPORTS = {"import gpuarray as xp\n": "import numpy as xp\n",
                "from gpuarray.scipy import special\n": "import scipy.special as special\n"}


def _examples(uf, on_host):
    """The doctests of a ufunc's docstring; `on_host`: with NumPy and SciPy
    imported in place of gpuarray."""
    (test,) = doctest.DocTestFinder(recurse=False).find(uf, uf.__name__, globs={})
    assert test.examples[0].source == "import gpuarray as xp\n"
    for example in test.examples:
        if on_host and example.source in HOST_IMPORTS:
            example.source = HOST_IMPORTS[example.source]
    return test


@pytest.mark.parametrize("name", NAMES)
def test_examples_give_numpys_results(name):
    runner = doctest.DocTestRunner(verbose=False)
    with numpy.errstate(all="ignore"):
        runner.run(_examples(getattr(xp, name), on_host=True))
    result = runner.summarize(verbose=False)
    assert result.attempted >= 2 and result.failed == 0, f"{name}: {result.failed} examples differ from NumPy"


@pytest.mark.gpu
@pytest.mark.parametrize("name", NAMES)
def test_examples_run_on_the_device(name):
    runner = doctest.DocTestRunner(verbose=False)
    runner.run(_examples(getattr(xp, name), on_host=False))
    result = runner.summarize(verbose=False)
    assert result.attempted >= 2 and result.failed == 0, f"{name}: {result.failed} examples failed (see stdout)"


@pytest.mark.parametrize("name", SPECIAL_NAMES)
def test_special_ufunc_docstring_and_signature(name):
    uf = SPECIAL_UFUNCS[name]
    public = name.lstrip("_")
    doc = inspect.getdoc(uf)
    signature = inspect.signature(uf)
    assert doc.startswith(public + str(signature))
    assert list(signature.parameters)[:uf.nin] == ARGUMENTS.get(name, "x").split()
    assert signature == ufunc_signature(uf.nin, uf.nout, ARGUMENTS.get(name, "x").split())
    sections = _sections(doc)
    for title in ("Parameters", "Returns", "Notes", "See Also", "Examples"):
        assert title in sections, f"{name}: no {title} section"
    assert _documented_parameters(sections["Parameters"]) == list(signature.parameters)


@pytest.mark.parametrize("name", SPECIAL_NAMES)
def test_special_examples_give_scipys_results(name):
    runner = doctest.DocTestRunner(verbose=False)
    with numpy.errstate(all="ignore"):
        runner.run(_examples(SPECIAL_UFUNCS[name], on_host=True))
    result = runner.summarize(verbose=False)
    assert result.attempted >= 3 and result.failed == 0, f"{name}: {result.failed} examples differ from SciPy"


@pytest.mark.gpu
@pytest.mark.parametrize("name", SPECIAL_NAMES)
def test_special_examples_run_on_the_device(name):
    runner = doctest.DocTestRunner(verbose=False)
    runner.run(_examples(SPECIAL_UFUNCS[name], on_host=False))
    result = runner.summarize(verbose=False)
    assert result.attempted >= 3 and result.failed == 0, f"{name}: {result.failed} examples failed (see stdout)"


def test_special_ufunc_class_keeps_its_docstring():
    assert special.gamma.__class__.__doc__.startswith("A scipy.special ufunc on gpuarray arrays")
    assert list(inspect.signature(type(special.gamma)).parameters) == ["name"]
