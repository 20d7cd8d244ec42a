# SPDX-License-Identifier: BSD-3-Clause
"""Whether this machine has a CUDA device, for the conftest and for test modules.

Note [Test helper modules]: every test folder's conftest.py is imported as a
module named `conftest`, and `from conftest import X` answers with whichever
was imported last: run with several paths on the command line, pytest loads
all their conftests first, and a sparse test got the signal folder's. What
test modules import therefore lives in modules of their own names (this one,
tests/scipy/<area>/<area>_helpers.py); a conftest keeps only fixtures."""
import gpuarray

HAVE_GPU = gpuarray.cuda.is_available()
