# SPDX-License-Identifier: BSD-3-Clause
"""Sphinx configuration of gpuarray's documentation site (issue #32).

Build: `pip install ".[docs]"` then `sphinx-build -W --keep-going docs docs/_build/html`
(`.ci/run` does this). No GPU is needed: autodoc imports gpuarray, which
imports without a device. The API reference (docs/api/), the coverage
tables and the performance chart (docs/_generated/) are written at build
time by the extensions in docs/_ext/ from the installed gpuarray, NumPy and
SciPy, and from benchmarks/RESULTS.md."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "_ext"))

import gpuarray  # noqa: E402

project = "gpuarray"
author = "The gpuarray developers"
copyright = "the gpuarray developers, BSD-3-Clause"
release = gpuarray.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "numpydoc",
    "gpuarray_api",
    "gpuarray_coverage",
    "gpuarray_benchmark_plots",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
# _generated/ holds pieces that pages include; notebooks/ are not pages.
exclude_patterns = ["_build", "_generated", "Thumbs.db", ".DS_Store"]

# The engine notes link to source files (../cpp/..., ../python/...), which are
# not pages of the site: MyST keeps them as links to the repository's files.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
suppress_warnings = ["myst.xref_missing", "myst.header"]

autodoc_member_order = "bysource"
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

# Less to write: no copies of the page sources.
html_copy_source = False
html_show_sourcelink = False
html_theme = "alabaster"
html_title = f"gpuarray {release}"
html_theme_options = {"description": "NumPy and SciPy on NVIDIA GPUs", "fixed_sidebar": True}
