# SPDX-License-Identifier: BSD-3-Clause
"""scipy.special on the GPU: SciPy's special functions as gpuarray ufuncs
(broadcasting, out=, dtype=, SciPy's loops), computed on the device by
gpuarray/special/*.cuh, and the functions SciPy builds on them (zeta,
logsumexp, softmax, comb, ...). docs/scipy_special.md lists the functions and
the worst errors measured against SciPy."""
from gpuarray.scipy.special._bessel_extras import ivp, kvp, spherical_in, spherical_kn
from gpuarray.scipy.special._bessel_jy import jvp, spherical_jn, spherical_yn, yvp
from gpuarray.scipy.special._combinatorics import comb, factorial, factorial2, factorialk, perm
from gpuarray._math.special_values import sinc  # scipy.special.sinc is NumPy's sinc
from gpuarray.scipy.special._functions import diric, multigammaln, polygamma, softplus, zeta
from gpuarray.scipy.special._gauss_quadrature import (roots_chebyc, roots_chebys, roots_chebyt, roots_chebyu,
                                                      roots_gegenbauer, roots_genlaguerre, roots_hermite,
                                                      roots_hermitenorm, roots_jacobi, roots_laguerre, roots_legendre,
                                                      roots_sh_chebyt, roots_sh_chebyu, roots_sh_jacobi,
                                                      roots_sh_legendre)
from gpuarray.scipy.special._logsumexp import log_softmax, logsumexp, softmax
from gpuarray.scipy.special._number_sequences import bernoulli, euler
from gpuarray.scipy.special._orthogonal_polynomials import (chebyc, chebys, chebyt, chebyu, gegenbauer, genlaguerre,
                                                            hermite, hermitenorm, jacobi, laguerre, legendre,
                                                            sh_chebyt, sh_chebyu, sh_jacobi, sh_legendre)
from gpuarray.scipy.special._stirling import stirling2
from gpuarray.scipy.special._ufuncs import UFUNCS as _UFUNCS

# The public ufuncs (zeta's two rows, named with a leading underscore, stay private).
globals().update({name: u for name, u in _UFUNCS.items() if not name.startswith("_")})

# SciPy's short names of the quadrature rules (the same functions).
p_roots, ps_roots, t_roots, u_roots, c_roots, s_roots = (roots_legendre, roots_sh_legendre, roots_chebyt,
                                                         roots_chebyu, roots_chebyc, roots_chebys)
ts_roots, us_roots, h_roots, he_roots, l_roots = roots_sh_chebyt, roots_sh_chebyu, roots_hermite, roots_hermitenorm, \
    roots_laguerre
la_roots, cg_roots, j_roots, js_roots = roots_genlaguerre, roots_gegenbauer, roots_jacobi, roots_sh_jacobi

# The functions, then every public ufunc of the engine's table (cpp/kernels/ufuncs_special.cpp), so
# that a row added there is a name here (docs/scipy_special.md lists them).
__all__ = ["comb", "factorial", "factorial2", "log_softmax", "logsumexp", "multigammaln", "perm", "polygamma", "sinc",
           "softmax", "softplus", "zeta", "ivp", "kvp", "spherical_in", "spherical_kn", "jvp", "yvp", "spherical_jn",
           "spherical_yn", "bernoulli", "euler",
           "diric", "factorialk", "stirling2",
           "legendre", "chebyt", "chebyu", "chebyc", "chebys", "jacobi", "laguerre", "genlaguerre", "hermite",
           "hermitenorm", "gegenbauer", "sh_legendre", "sh_chebyt", "sh_chebyu", "sh_jacobi",
           "roots_chebyc", "roots_chebys", "roots_chebyt", "roots_chebyu", "roots_gegenbauer", "roots_genlaguerre",
           "roots_hermite", "roots_hermitenorm", "roots_jacobi", "roots_laguerre", "roots_legendre", "roots_sh_chebyt",
           "roots_sh_chebyu", "roots_sh_jacobi", "roots_sh_legendre",
           "p_roots", "ps_roots", "t_roots", "u_roots", "c_roots", "s_roots", "ts_roots", "us_roots", "h_roots",
           "he_roots", "l_roots", "la_roots", "cg_roots", "j_roots", "js_roots"]
__all__ += sorted(name for name in _UFUNCS if not name.startswith("_"))
