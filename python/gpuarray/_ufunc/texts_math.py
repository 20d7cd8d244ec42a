# SPDX-License-Identifier: BSD-3-Clause
"""The docstring texts of NumPy's exponential, logarithmic, trigonometric, hyperbolic, root and angle ufuncs
(the rows of cpp/kernels/ufuncs_math.cpp), in this project's words from NumPy's definitions:
name -> (summary, details, See Also names, examples). gpuarray._ufunc.docs
assembles them with the parameters, the loops and the GPU notes. The examples'
outputs are NumPy's: tests/ufuncs/test_ufunc_docs.py runs them with NumPy on
the host, and on the device where there is one."""

TEXTS = {
    'sqrt': ('The non-negative square root, elementwise.',
         'Negative real inputs give NaN; use a complex input, or gpuarray.emath.sqrt, for complex roots.',
         'cbrt, square, power, emath.sqrt', """\
>>> xp.sqrt(xp.array([1.0, 4.0, 9.0]))
array([1., 2., 3.])
>>> xp.sqrt(xp.array([-4 + 0j]))
array([0.+2.j])"""),
    'cbrt': ('The real cube root, elementwise.',
         'Defined for negative numbers too: ``cbrt(-8)`` is -2.',
         'sqrt, power', """\
>>> xp.cbrt(xp.array([1.0, 8.0, -27.0]))
array([ 1.,  2., -3.])"""),
    'exp': ('The exponential, e raised to each element.',
         'Overflows to inf above about 709.78 in float64 (88.72 in float32).',
         'expm1, exp2, log', """\
>>> xp.exp(xp.array([0.0, 1.0]))
array([1.        , 2.71828183])
>>> xp.exp(xp.array([0j, 1j * xp.pi])).real
array([ 1., -1.])"""),
    'exp2': ('2 raised to each element.',
         'Exact for integral exponents in range.',
         'exp, log2, power', """\
>>> xp.exp2(xp.array([0.0, 3.0, -1.0]))
array([1. , 8. , 0.5])"""),
    'expm1': ('``exp(x) - 1``, accurate for x near zero.',
         'Where x is tiny, exp(x) rounds to 1 and the subtraction loses every digit; expm1 keeps them.',
         'exp, log1p', """\
>>> xp.expm1(xp.array([0.0, 1e-10]))
array([0.e+00, 1.e-10])"""),
    'log': ('The natural logarithm, elementwise.',
         '0 gives -inf and negative reals give NaN; use a complex input, or gpuarray.emath.log, for the complex'
         ' logarithm.',
         'log1p, log2, log10, exp', """\
>>> xp.log(xp.array([1.0, xp.e, xp.e ** 2]))
array([0., 1., 2.])"""),
    'log2': ('The base-2 logarithm, elementwise.',
         'Exact for powers of two.',
         'log, exp2', """\
>>> xp.log2(xp.array([1.0, 8.0, 0.5]))
array([ 0.,  3., -1.])"""),
    'log10': ('The base-10 logarithm, elementwise.',
         'Exact for powers of ten that float64 represents exactly.',
         'log, log2', """\
>>> xp.log10(xp.array([1.0, 10.0, 1000.0]))
array([0., 1., 3.])"""),
    'log1p': ('``log(1 + x)``, accurate for x near zero.',
         'Where x is tiny, 1 + x rounds to 1 and log gives 0; log1p keeps the digits.',
         'log, expm1', """\
>>> xp.log1p(xp.array([0.0, 1e-10]))
array([0.e+00, 1.e-10])"""),
    'logaddexp': ('``log(exp(x1) + exp(x2))``, computed without overflow.',
         'Useful for adding probabilities kept as logarithms.',
         'logaddexp2, log, exp, scipy.special.logsumexp', """\
>>> xp.logaddexp(xp.array([1000.0, 0.0]), xp.array([1000.0, 0.0])) - xp.log(2.0)
array([1000.,    0.])"""),
    'logaddexp2': ('``log2(2**x1 + 2**x2)``, computed without overflow.',
         'The base-2 form of logaddexp.',
         'logaddexp', """\
>>> xp.logaddexp2(xp.array([3.0, 100.0]), xp.array([3.0, 100.0]))
array([  4., 101.])"""),
    'sin': ('The sine, elementwise, of angles in radians.',
         'Complex inputs give the complex sine.',
         'cos, tan, arcsin, deg2rad', """\
>>> xp.sin(xp.array([0.0, xp.pi / 2]))
array([0., 1.])
>>> xp.round(xp.sin(xp.array([xp.pi / 6, xp.pi])), 12)
array([0.5, 0. ])"""),
    'cos': ('The cosine, elementwise, of angles in radians.',
         'Complex inputs give the complex cosine.',
         'sin, tan, arccos', """\
>>> xp.cos(xp.array([0.0, xp.pi]))
array([ 1., -1.])
>>> xp.round(xp.cos(xp.array([xp.pi / 3, xp.pi / 2])), 12)
array([0.5, 0. ])"""),
    'tan': ('The tangent, elementwise, of angles in radians.',
         'Equal to ``sin(x) / cos(x)``.',
         'sin, cos, arctan', """\
>>> xp.round(xp.tan(xp.array([0.0, xp.pi / 4, -xp.pi / 4])), 12)
array([ 0.,  1., -1.])"""),
    'arcsin': ('The inverse sine, in radians in [-pi/2, pi/2].',
         '``asin`` is the same object. Real inputs outside [-1, 1] give NaN.',
         'sin, arccos, arctan', """\
>>> xp.arcsin(xp.array([0.0, 1.0, -1.0])) / xp.pi
array([ 0. ,  0.5, -0.5])"""),
    'arccos': ('The inverse cosine, in radians in [0, pi].',
         '``acos`` is the same object. Real inputs outside [-1, 1] give NaN.',
         'cos, arcsin', """\
>>> xp.arccos(xp.array([1.0, 0.0, -1.0])) / xp.pi
array([0. , 0.5, 1. ])"""),
    'arctan': ('The inverse tangent, in radians in (-pi/2, pi/2).',
         '``atan`` is the same object. For the angle of a point (x, y) use arctan2.',
         'tan, arctan2', """\
>>> xp.arctan(xp.array([0.0, 1.0, xp.inf])) / xp.pi
array([0.  , 0.25, 0.5 ])"""),
    'arctan2': ('The angle of the point (x2, x1) from the positive x axis, in radians in [-pi, pi].',
         '``atan2`` is the same object. Takes the quadrant from the signs of both inputs, which ``arctan(x1 / '
         'x2)`` cannot.',
         'arctan, hypot, angle', """\
>>> xp.arctan2(xp.array([1.0, 1.0, -1.0]), xp.array([1.0, -1.0, -1.0])) / xp.pi
array([ 0.25,  0.75, -0.75])"""),
    'hypot': ('The hypotenuse, ``sqrt(x1**2 + x2**2)``, without intermediate overflow.',
         'Exact for Pythagorean triples.',
         'absolute, arctan2', """\
>>> xp.hypot(xp.array([3.0, 5.0]), xp.array([4.0, 12.0]))
array([ 5., 13.])
>>> xp.hypot(xp.array([1e200]), 1e200) / 1e200
array([1.41421356])"""),
    'sinh': ('The hyperbolic sine, elementwise.',
         '``(exp(x) - exp(-x)) / 2``.',
         'cosh, tanh, arcsinh', """\
>>> xp.sinh(xp.array([0.0, -0.0]))
array([ 0., -0.])
>>> xp.round(xp.sinh(xp.array([1.0])), 12)
array([1.17520119])"""),
    'cosh': ('The hyperbolic cosine, elementwise.',
         '``(exp(x) + exp(-x)) / 2``.',
         'sinh, tanh, arccosh', """\
>>> xp.cosh(xp.array([0.0]))
array([1.])
>>> xp.round(xp.cosh(xp.array([1.0, -1.0])), 12)
array([1.54308063, 1.54308063])"""),
    'tanh': ('The hyperbolic tangent, elementwise.',
         'Tends to -1 and 1 at the infinities.',
         'sinh, cosh, arctanh', """\
>>> xp.tanh(xp.array([0.0, xp.inf, -xp.inf]))
array([ 0.,  1., -1.])"""),
    'arcsinh': ('The inverse hyperbolic sine, elementwise.',
         '``asinh`` is the same object.',
         'sinh, arccosh', """\
>>> xp.arcsinh(xp.array([0.0]))
array([0.])
>>> xp.round(xp.sinh(xp.arcsinh(xp.array([0.5, 2.0]))), 12)
array([0.5, 2. ])"""),
    'arccosh': ('The inverse hyperbolic cosine, elementwise, for x >= 1.',
         '``acosh`` is the same object. Real inputs below 1 give NaN.',
         'cosh, arcsinh', """\
>>> xp.arccosh(xp.array([1.0]))
array([0.])
>>> xp.round(xp.cosh(xp.arccosh(xp.array([2.0, 10.0]))), 12)
array([ 2., 10.])"""),
    'arctanh': ('The inverse hyperbolic tangent, elementwise, for -1 <= x <= 1.',
         '``atanh`` is the same object. Gives -inf and inf at -1 and 1, NaN outside.',
         'tanh, arcsinh', """\
>>> xp.arctanh(xp.array([0.0, 1.0, -1.0]))
array([  0.,  inf, -inf])"""),
    'deg2rad': ('Convert angles from degrees to radians.',
         'The same function as radians: ``x * pi / 180``.',
         'rad2deg, radians', """\
>>> xp.deg2rad(xp.array([0.0, 90.0, 180.0])) / xp.pi
array([0. , 0.5, 1. ])"""),
    'rad2deg': ('Convert angles from radians to degrees.',
         'The same function as degrees: ``x * 180 / pi``.',
         'deg2rad, degrees', """\
>>> xp.rad2deg(xp.array([0.0, xp.pi / 2, xp.pi]))
array([  0.,  90., 180.])"""),
    'degrees': ('Convert angles from radians to degrees.',
         'The same function as rad2deg.',
         'radians, rad2deg', """\
>>> xp.degrees(xp.array([xp.pi, -xp.pi / 4]))
array([180., -45.])"""),
    'radians': ('Convert angles from degrees to radians.',
         'The same function as deg2rad.',
         'degrees, deg2rad', """\
>>> xp.radians(xp.array([180.0, -45.0])) / xp.pi
array([ 1.  , -0.25])"""),
}
