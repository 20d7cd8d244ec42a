# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special on the GPU: SciPy's special functions as gpuarray ufuncs
(broadcasting, out=, dtype=, SciPy's loops), computed on the device by
gpuarray/special/*.cuh, and the functions SciPy builds on them (zeta,
logsumexp, softmax, comb, ...). docs/scipy_special.md lists the functions and
the worst errors measured against SciPy."""
from gpuarray.scipy.special._combinatorics import comb, factorial, factorial2, perm
from gpuarray.scipy.special._functions import multigammaln, polygamma, zeta
from gpuarray.scipy.special._logsumexp import log_softmax, logsumexp, softmax
from gpuarray.scipy.special._ufuncs import UFUNCS as _UFUNCS

# The public ufuncs (zeta's two rows, named with a leading underscore, stay private).
globals().update({name: u for name, u in _UFUNCS.items() if not name.startswith("_")})

__all__ = [
    "agm", "bdtr", "bdtrc", "bdtri", "beta", "betainc", "betaincc", "betainccinv", "betaincinv", "betaln", "boxcox",
    "boxcox1p", "cbrt", "chdtr", "chdtrc", "chdtri", "comb", "cosdg", "cosm1", "cotdg", "dawsn", "digamma",
    "ellipe", "ellipeinc", "ellipk", "ellipkinc", "ellipkm1", "entr", "erf", "erfc", "erfcinv", "erfcx", "erfinv",
    "eval_hermite", "eval_hermitenorm", "exp1", "exp10", "exp2", "expi", "expit", "expm1", "expn", "exprel",
    "factorial", "factorial2", "fdtr", "fdtrc", "fdtri", "gamma", "gammainc", "gammaincc", "gammainccinv",
    "gammaincinv", "gammaln", "gammasgn", "gdtr", "gdtrc", "huber", "i0", "i0e", "i1", "i1e", "inv_boxcox",
    "inv_boxcox1p", "iv", "ive", "j0", "j1", "k0", "k0e", "k1", "k1e", "kl_div", "kn", "kolmogorov", "kv", "kve",
    "log1p", "log_expit", "log_ndtr", "log_softmax", "loggamma", "logit", "logsumexp", "multigammaln", "nbdtr",
    "nbdtrc", "nbdtri", "ndtr", "ndtri", "ndtri_exp", "pdtr", "pdtrc", "pdtri", "perm", "poch", "polygamma",
    "pseudo_huber", "psi", "radian", "rel_entr", "rgamma", "round", "sindg", "softmax", "spence", "stdtr",
    "stdtrit", "tandg", "xlog1py", "xlogy", "y0", "y1", "yn", "zeta", "zetac",
]
