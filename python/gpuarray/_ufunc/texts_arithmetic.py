# SPDX-License-Identifier: BSD-3-Clause
"""The docstring texts of NumPy's arithmetic, comparison, logical, bitwise,
rounding, minimum/maximum and floating-point-bits ufuncs (the rows of cpp/kernels/ufuncs_arithmetic.cpp), in this project's words from NumPy's definitions:
name -> (summary, details, See Also names, examples). gpuarray._ufunc.docs
assembles them with the parameters, the loops and the GPU notes. The examples'
outputs are NumPy's: tests/ufuncs/test_ufunc_docs.py runs them with NumPy on
the host, and on the device where there is one."""

TEXTS = {
    'add': ('Add the inputs, elementwise.',
         'The operator form is ``x1 + x2``. Booleans add as logical or.',
         'subtract, sum, cumsum', """\
>>> xp.add(xp.array([1, 2, 3]), 10)
array([11, 12, 13])
>>> xp.arange(3.0) + xp.array([[0.5], [1.5]])
array([[0.5, 1.5, 2.5],
       [1.5, 2.5, 3.5]])"""),
    'subtract': ('Subtract the second input from the first, elementwise.',
         'The operator form is ``x1 - x2``. Boolean inputs are refused, as NumPy refuses them (use '
         'logical_xor).',
         'add, negative, diff', """\
>>> xp.subtract(xp.array([5, 7, 9]), xp.array([1, 2, 3]))
array([4, 5, 6])
>>> xp.array([1.0, 2.0]) - 0.5
array([0.5, 1.5])"""),
    'multiply': ('Multiply the inputs, elementwise.',
         'The operator form is ``x1 * x2``. Booleans multiply as logical and.',
         'divide, prod, matmul', """\
>>> xp.multiply(xp.array([1, 2, 3]), xp.array([4, 5, 6]))
array([ 4, 10, 18])
>>> xp.arange(3) * xp.arange(3).reshape(3, 1)
array([[0, 0, 0],
       [0, 1, 2],
       [0, 2, 4]])"""),
    'divide': ('Divide the first input by the second, elementwise (true division).',
         'The operator form is ``x1 / x2``; ``true_divide`` is the same object. Integer inputs give float64, as'
         ' in NumPy; division by zero gives inf or nan.',
         'floor_divide, remainder, reciprocal', """\
>>> xp.divide(xp.array([1, 2, 3]), 2)
array([0.5, 1. , 1.5])
>>> xp.array([1.0, -1.0, 0.0]) / 0.0
array([ inf, -inf,  nan])"""),
    'floor_divide': ('The largest integer not greater than the quotient, elementwise.',
         'The operator form is ``x1 // x2``. Rounds toward minus infinity, as Python does, so '
         '``floor_divide(-7, 2)`` is -4. Integer division by zero gives 0.',
         'remainder, divmod, divide', """\
>>> xp.floor_divide(xp.array([7, -7, 7]), xp.array([2, 2, -2]))
array([ 3, -4, -4])
>>> xp.array([7.5, -7.5]) // 2
array([ 3., -4.])"""),
    'remainder': ('The remainder of floor division, elementwise, with the sign of the divisor.',
         'The operator form is ``x1 % x2``; ``mod`` is the same object. ``remainder(x1, x2)`` equals ``x1 - '
         "floor_divide(x1, x2) * x2``, as Python's ``%``. For C's remainder (sign of the dividend) use fmod.",
         'fmod, floor_divide, divmod', """\
>>> xp.remainder(xp.array([7, -7, 7]), xp.array([3, 3, -3]))
array([ 1,  2, -2])
>>> xp.arange(6) % 4
array([0, 1, 2, 3, 0, 1])"""),
    'fmod': ('The remainder of truncated division, elementwise, with the sign of the dividend.',
         "This is C's fmod: ``x1 - trunc(x1 / x2) * x2``. For Python's ``%`` use remainder.",
         'remainder, divmod', """\
>>> xp.fmod(xp.array([7, -7, 7]), xp.array([3, 3, -3]))
array([ 1, -1,  1])
>>> xp.fmod(xp.array([5.5, -5.5]), 2.0)
array([ 1.5, -1.5])"""),
    'divmod': ('Floor quotient and remainder together, elementwise.',
         'Returns ``(floor_divide(x1, x2), remainder(x1, x2))`` from one kernel; the built-in ``divmod(x1, '
         'x2)`` on arrays calls it.',
         'floor_divide, remainder, modf', """\
>>> xp.divmod(xp.array([7, -7, 9]), 4)
(array([ 1, -2,  2]), array([3, 1, 1]))"""),
    'power': ('The first input raised to the power of the second, elementwise.',
         'The operator form is ``x1 ** x2``; ``pow`` is the same object. For integers the result keeps the '
         'integer dtype, so use float_power or a float base for negative exponents.',
         'float_power, square, sqrt, exp', """\
>>> xp.power(xp.array([1, 2, 3]), 3)
array([ 1,  8, 27])
>>> xp.array([4.0, 9.0]) ** 0.5
array([2., 3.])"""),
    'float_power': ('The first input raised to the power of the second, computed in float64 (or complex128).',
         'Unlike power, integer and float32 inputs are promoted to at least float64 first, so negative integer '
         'exponents work and small types do not overflow.',
         'power', """\
>>> xp.float_power(xp.array([2, 3]), -1)
array([0.5       , 0.33333333])
>>> xp.float_power(xp.array([10], dtype=xp.int8), 3)
array([1000.])"""),
    'negative': ('The numerical negative, elementwise.',
         'The operator form is ``-x``. Boolean inputs are refused.',
         'positive, subtract, absolute', """\
>>> xp.negative(xp.array([1.0, -2.0, 0.0]))
array([-1.,  2., -0.])"""),
    'positive': ("A copy of the input's values, elementwise (``+x``).",
         'The operator form is ``+x``. Boolean inputs are refused, as in NumPy.',
         'negative', """\
>>> xp.positive(xp.array([1.5, -2.5]))
array([ 1.5, -2.5])"""),
    'absolute': ('The absolute value, elementwise.',
         '``abs`` is the same object and the built-in ``abs(x)`` calls it. For complex input the result is the '
         'modulus, a real array.',
         'fabs, sign, hypot', """\
>>> xp.absolute(xp.array([-1, 0, 2]))
array([1, 0, 2])
>>> xp.abs(xp.array([3 + 4j, -1j]))
array([5., 1.])"""),
    'fabs': ('The absolute value of real numbers, elementwise, as a float.',
         'Integer inputs give floats; complex inputs are refused (use absolute).',
         'absolute', """\
>>> xp.fabs(xp.array([-1.5, 2.0]))
array([1.5, 2. ])
>>> xp.fabs(xp.array([-3, 3]))
array([3., 3.])"""),
    'sign': ('The sign of each element: -1, 0 or 1.',
         'NaN gives NaN. For complex input the result is ``x / abs(x)`` (0 at 0), as NumPy 2 defines it.',
         'signbit, copysign, absolute', """\
>>> xp.sign(xp.array([-5, 0, 3]))
array([-1,  0,  1])
>>> xp.sign(xp.array([-2.5, 0.0, xp.nan]))
array([-1.,  0., nan])"""),
    'reciprocal': ('The reciprocal, 1/x, elementwise.',
         'Integer inputs use integer division, so the reciprocal of integers above 1 is 0, as in NumPy.',
         'divide, power', """\
>>> xp.reciprocal(xp.array([1.0, 2.0, 4.0]))
array([1.  , 0.5 , 0.25])
>>> xp.reciprocal(xp.array([1, 2]))
array([1, 0])"""),
    'conjugate': ('The complex conjugate, elementwise.',
         '``conj`` is the same object. Real inputs are returned as they are (a new array).',
         'real, imag, angle', """\
>>> xp.conjugate(xp.array([1 + 2j, 3 - 4j]))
array([1.-2.j, 3.+4.j])"""),
    'square': ('The square of each element, ``x * x``.',
         "The result keeps the input's dtype (integers may wrap around).",
         'sqrt, power', """\
>>> xp.square(xp.array([-3, 2, 5]))
array([ 9,  4, 25])
>>> xp.square(xp.array([1.5, 1j]))
array([ 2.25+0.j, -1.  +0.j])"""),
    'equal': ('Whether the inputs are equal, elementwise.',
         'The operator form is ``x1 == x2``. NaN is never equal to anything, itself included.',
         'not_equal, array_equal, isclose', """\
>>> xp.equal(xp.array([1, 2, 3]), xp.array([1, 0, 3]))
array([ True, False,  True])
>>> xp.array([1.0, xp.nan]) == xp.array([1.0, xp.nan])
array([ True, False])"""),
    'not_equal': ('Whether the inputs differ, elementwise.',
         'The operator form is ``x1 != x2``. NaN differs from everything, itself included.',
         'equal', """\
>>> xp.not_equal(xp.array([1, 2, 3]), 2)
array([ True, False,  True])"""),
    'less': ('Whether ``x1 < x2``, elementwise.',
         'The operator form is ``x1 < x2``. Comparisons with NaN are False.',
         'less_equal, greater', """\
>>> xp.less(xp.array([1, 2, 3]), 2)
array([ True, False, False])"""),
    'less_equal': ('Whether ``x1 <= x2``, elementwise.',
         'The operator form is ``x1 <= x2``. Comparisons with NaN are False.',
         'less, greater_equal', """\
>>> xp.less_equal(xp.array([1, 2, 3]), 2)
array([ True,  True, False])"""),
    'greater': ('Whether ``x1 > x2``, elementwise.',
         'The operator form is ``x1 > x2``. Comparisons with NaN are False.',
         'greater_equal, less', """\
>>> xp.greater(xp.array([1, 2, 3]), 2)
array([False, False,  True])"""),
    'greater_equal': ('Whether ``x1 >= x2``, elementwise.',
         'The operator form is ``x1 >= x2``. Comparisons with NaN are False.',
         'greater, less_equal', """\
>>> xp.greater_equal(xp.array([1, 2, 3]), 2)
array([False,  True,  True])"""),
    'logical_and': ('The truth value of ``x1 and x2``, elementwise.',
         'Nonzero values are true. The result is boolean whatever the input dtypes.',
         'logical_or, logical_not, bitwise_and, all', """\
>>> xp.logical_and(xp.array([True, True, False]), xp.array([True, False, False]))
array([ True, False, False])
>>> xp.logical_and(xp.array([0, 1, 2]), 3)
array([False,  True,  True])"""),
    'logical_or': ('The truth value of ``x1 or x2``, elementwise.',
         'Nonzero values are true. The result is boolean whatever the input dtypes.',
         'logical_and, logical_xor, any', """\
>>> xp.logical_or(xp.array([True, False, False]), xp.array([False, False, True]))
array([ True, False,  True])"""),
    'logical_xor': ('The truth value of ``x1 xor x2``: true where exactly one input is true.',
         'Nonzero values are true. The result is boolean whatever the input dtypes.',
         'logical_or, bitwise_xor', """\
>>> xp.logical_xor(xp.array([True, True, False]), xp.array([True, False, False]))
array([False,  True, False])"""),
    'logical_not': ('The truth value of ``not x``, elementwise.',
         'Zero is false, every other value true. The result is boolean.',
         'logical_and, invert', """\
>>> xp.logical_not(xp.array([0, 1, 2]))
array([ True, False, False])"""),
    'bitwise_and': ('The bitwise AND of integers or booleans, elementwise.',
         'The operator form is ``x1 & x2``. Floating-point inputs are refused.',
         'bitwise_or, bitwise_xor, logical_and', """\
>>> xp.bitwise_and(xp.array([12, 10]), 6)
array([4, 2])
>>> xp.array([True, False]) & xp.array([True, True])
array([ True, False])"""),
    'bitwise_or': ('The bitwise OR of integers or booleans, elementwise.',
         'The operator form is ``x1 | x2``. Floating-point inputs are refused.',
         'bitwise_and, bitwise_xor, logical_or', """\
>>> xp.bitwise_or(xp.array([12, 10]), 1)
array([13, 11])"""),
    'bitwise_xor': ('The bitwise exclusive OR of integers or booleans, elementwise.',
         'The operator form is ``x1 ^ x2``. Floating-point inputs are refused.',
         'bitwise_and, bitwise_or, logical_xor', """\
>>> xp.bitwise_xor(xp.array([12, 10]), 6)
array([10, 12])"""),
    'invert': ('The bitwise NOT of integers, or the logical NOT of booleans, elementwise.',
         'The operator form is ``~x``; ``bitwise_not`` and ``bitwise_invert`` are the same object. For signed '
         "integers ``~x == -x - 1`` (two's complement).",
         'bitwise_and, logical_not', """\
>>> xp.invert(xp.array([0, 1, -3]))
array([-1, -2,  2])
>>> ~xp.array([True, False])
array([False,  True])
>>> xp.invert(xp.array([0, 255], dtype=xp.uint8))
array([255,   0], dtype=uint8)"""),
    'left_shift': ('Shift the bits of integers to the left, elementwise.',
         'The operator form is ``x1 << x2``; ``x1 << n`` multiplies by ``2**n`` until it overflows the dtype.',
         'right_shift', """\
>>> xp.left_shift(xp.array([1, 3]), 2)
array([ 4, 12])
>>> xp.array([1], dtype=xp.uint8) << xp.arange(4, dtype=xp.uint8)
array([1, 2, 4, 8], dtype=uint8)"""),
    'right_shift': ('Shift the bits of integers to the right, elementwise.',
         'The operator form is ``x1 >> x2``. Signed integers shift arithmetically (the sign bit is kept).',
         'left_shift', """\
>>> xp.right_shift(xp.array([16, -16]), 2)
array([ 4, -4])"""),
    'maximum': ('The larger of the inputs, elementwise; NaN if either is NaN.',
         'NaN propagates: use fmax to ignore NaNs. ``max`` reduces an array to its largest value instead.',
         'minimum, fmax, max, amax', """\
>>> xp.maximum(xp.array([1, 5, 3]), xp.array([4, 2, 6]))
array([4, 5, 6])
>>> xp.maximum(xp.array([1.0, xp.nan]), 0.5)
array([ 1., nan])"""),
    'minimum': ('The smaller of the inputs, elementwise; NaN if either is NaN.',
         'NaN propagates: use fmin to ignore NaNs. ``min`` reduces an array to its smallest value instead.',
         'maximum, fmin, min, amin', """\
>>> xp.minimum(xp.array([1, 5, 3]), xp.array([4, 2, 6]))
array([1, 2, 3])
>>> xp.minimum(xp.array([1.0, xp.nan]), 0.5)
array([0.5, nan])"""),
    'fmax': ('The larger of the inputs, elementwise, ignoring NaN where the other input is a number.',
         'NaN results only where both inputs are NaN.',
         'maximum, fmin, nanmax', """\
>>> xp.fmax(xp.array([1.0, xp.nan, xp.nan]), xp.array([0.5, 2.0, xp.nan]))
array([ 1.,  2., nan])"""),
    'fmin': ('The smaller of the inputs, elementwise, ignoring NaN where the other input is a number.',
         'NaN results only where both inputs are NaN.',
         'minimum, fmax, nanmin', """\
>>> xp.fmin(xp.array([1.0, xp.nan, xp.nan]), xp.array([0.5, 2.0, xp.nan]))
array([0.5, 2. , nan])"""),
    'rint': ('Round to the nearest integer, elementwise, halves to even.',
         'The result keeps the floating-point dtype.',
         'round, floor, ceil, trunc', """\
>>> xp.rint(xp.array([-1.5, -0.5, 0.5, 1.5, 2.7]))
array([-2., -0.,  0.,  2.,  3.])"""),
    'floor': ('The floor: the largest integer not greater than each element.',
         'Floating-point inputs keep their dtype; integer inputs are returned unchanged in their dtype, as '
         'NumPy 2 does.',
         'ceil, trunc, rint', """\
>>> xp.floor(xp.array([-1.7, -0.2, 0.2, 1.7]))
array([-2., -1.,  0.,  1.])"""),
    'ceil': ('The ceiling: the smallest integer not less than each element.',
         'Floating-point inputs keep their dtype; integer inputs are returned unchanged in their dtype.',
         'floor, trunc, rint', """\
>>> xp.ceil(xp.array([-1.7, -0.2, 0.2, 1.7]))
array([-1., -0.,  1.,  2.])"""),
    'trunc': ('Round toward zero, elementwise.',
         'Drops the fractional part: ``trunc(-1.7)`` is -1.',
         'floor, ceil, fix', """\
>>> xp.trunc(xp.array([-1.7, -0.2, 0.2, 1.7]))
array([-1., -0.,  0.,  1.])"""),
    'bitwise_count': ('The number of 1 bits in the absolute value of each integer.',
         'The result is uint8. Negative integers count the bits of their magnitude.',
         'invert, unpackbits', """\
>>> xp.bitwise_count(xp.array([0, 7, 255, -8]))
array([0, 3, 8, 1], dtype=uint8)"""),
    'gcd': ('The greatest common divisor of the absolute values of the inputs, elementwise.',
         '``gcd(0, 0)`` is 0. Integers only.',
         'lcm', """\
>>> xp.gcd(xp.array([12, 20, -9]), 6)
array([6, 2, 3])"""),
    'lcm': ('The lowest common multiple of the absolute values of the inputs, elementwise.',
         '0 where either input is 0. Integers only.',
         'gcd', """\
>>> xp.lcm(xp.array([4, 6, 0]), 10)
array([20, 30,  0])"""),
    'heaviside': ('The Heaviside step function: 0 where x1 < 0, x2 where x1 == 0, 1 where x1 > 0.',
         'The second input is the value at zero; NaN in x1 gives NaN.',
         'sign', """\
>>> xp.heaviside(xp.array([-2.0, 0.0, 3.0]), 0.5)
array([0. , 0.5, 1. ])"""),
    'copysign': ('The magnitude of x1 with the sign of x2, elementwise.',
         'The sign bit is copied, so ``copysign(1, -0.0)`` is -1.',
         'sign, signbit', """\
>>> xp.copysign(xp.array([1.0, -2.0, 3.0]), -1.0)
array([-1., -2., -3.])
>>> xp.copysign(1.0, xp.array([-0.0, 0.0]))
array([-1.,  1.])"""),
    'nextafter': ('The next representable floating-point value after x1 toward x2, elementwise.',
         'Steps of one unit in the last place; ``nextafter(x, x)`` is x.',
         'spacing', """\
>>> xp.nextafter(xp.array([1.0, 1.0]), xp.array([2.0, 0.0])) - 1.0
array([ 2.22044605e-16, -1.11022302e-16])"""),
    'spacing': ('The distance from each element to the next floating-point value away from zero.',
         'One unit in the last place of x; integers are computed as float64.',
         'nextafter, finfo', """\
>>> xp.spacing(xp.array([1.0, 1024.0]))
array([2.22044605e-16, 2.27373675e-13])"""),
    'signbit': ('Whether the sign bit is set, elementwise.',
         'True for negative numbers and for -0.0, which compares equal to 0.',
         'sign, copysign', """\
>>> xp.signbit(xp.array([-1.0, -0.0, 0.0, 2.0]))
array([ True,  True, False, False])"""),
    'isfinite': ('Whether each element is finite (not infinity and not NaN).',
         'Integers and booleans are always finite. For complex input both parts must be finite.',
         'isinf, isnan', """\
>>> xp.isfinite(xp.array([1.0, xp.inf, -xp.inf, xp.nan]))
array([ True, False, False, False])"""),
    'isinf': ('Whether each element is positive or negative infinity.',
         'For complex input, true where either part is infinite.',
         'isfinite, isnan, isposinf, isneginf', """\
>>> xp.isinf(xp.array([1.0, xp.inf, -xp.inf, xp.nan]))
array([False,  True,  True, False])"""),
    'isnan': ('Whether each element is NaN (not a number).',
         'For complex input, true where either part is NaN.',
         'isfinite, isinf, nan_to_num', """\
>>> xp.isnan(xp.array([1.0, xp.inf, xp.nan]))
array([False, False,  True])"""),
    'ldexp': ('``x1 * 2**x2``, elementwise, with an integer exponent x2.',
         'The inverse of frexp; exact, as it only changes the exponent.',
         'frexp', """\
>>> xp.ldexp(xp.array([0.5, 0.75, 1.0]), xp.array([1, 2, 10]))
array([1.000e+00, 3.000e+00, 1.024e+03])"""),
    'frexp': ('Split each element into mantissa and exponent: ``x == mantissa * 2**exponent``.',
         "The mantissa's magnitude is in [0.5, 1) (0 for 0); the exponent is an int32 array.",
         'ldexp, modf', """\
>>> xp.frexp(xp.array([1.0, 8.0, -3.0]))
(array([ 0.5 ,  0.5 , -0.75]), array([1, 4, 2], dtype=int32))"""),
    'modf': ('Split each element into fractional and integral parts, both with the sign of x.',
         "Returns ``(fractional, integral)``, both of x's floating-point dtype.",
         'divmod, trunc, frexp', """\
>>> xp.modf(xp.array([2.5, -1.25]))
(array([ 0.5 , -0.25]), array([ 2., -1.]))"""),
}

# What the GPU does differently (docs/ufuncs.md, "Choices where NumPy has none").
GPU_NOTES = {
    "floor_divide": "Integer division by zero gives 0, without NumPy's warning.",
    "remainder": "Integer remainder by zero gives 0, without NumPy's warning.",
    "fmod": "Integer fmod by zero gives 0, without NumPy's warning.",
    "divmod": "Integer division by zero gives (0, 0), without NumPy's warning.",
    "reciprocal": "The integer reciprocal of 0 is 0 (NumPy gives whatever the CPU gives).",
    "power": ("Integers to negative integer powers give 1 for base 1, 1 or -1 for base -1 and 0 otherwise, "
              "where NumPy raises ValueError (a kernel cannot raise)."),
    "ldexp": ("With a Python-number first input next to a boolean array another loop than NumPy's may run "
              "(the values are the same)."),
}
