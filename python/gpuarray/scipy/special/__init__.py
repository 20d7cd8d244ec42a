# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special on the GPU: SciPy's special functions as gpuarray ufuncs
(broadcasting, out=, dtype=, SciPy's loops), computed on the device by
gpuarray/special/*.cuh, and the functions SciPy builds on them (zeta,
logsumexp, softmax, comb, ...). docs/scipy_special.md lists the functions and
the worst errors measured against SciPy."""
from gpuarray.scipy.special._combinatorics import comb, factorial, factorial2, perm
from gpuarray._special_values import sinc  # scipy.special.sinc is NumPy's sinc
from gpuarray.scipy.special._functions import multigammaln, polygamma, softplus, zeta
from gpuarray.scipy.special._logsumexp import log_softmax, logsumexp, softmax
from gpuarray.scipy.special._ufuncs import UFUNCS as _UFUNCS

# The public ufuncs (zeta's two rows, named with a leading underscore, stay private).
globals().update({name: u for name, u in _UFUNCS.items() if not name.startswith("_")})

# The functions, then every public ufunc of the engine's table (cpp/kernels/ufuncs_special.cpp), so
# that a row added there is a name here (docs/scipy_special.md lists them).
__all__ = ["comb", "factorial", "factorial2", "log_softmax", "logsumexp", "multigammaln", "perm", "polygamma", "sinc",
           "softmax", "softplus", "zeta"]
__all__ += sorted(name for name in _UFUNCS if not name.startswith("_"))
