// SPDX-License-Identifier: BSD-3-Clause
// Which loop of a ufunc NumPy 2 runs for given inputs (arrays and NumPy
// scalars by dtype; Python int/float/complex as weak scalars, NEP 50).
// Note [Ufunc loop resolution]
// Measured against numpy.ufunc.resolve_dtypes for every ufunc, every pair of
// the 14 dtypes and every weak scalar kind (tests/engine/test_ufunc_resolution.py):
// - Linear (most ufuncs): each weak scalar first becomes the result_type of
//   the strong inputs and itself (bool array + 1 -> int64, int8 array + 1.0
//   -> float64); then the first loop, in the table's (NumPy's) order, that
//   every input casts to safely.
// - Uniform (add, multiply, maximum, bitwise_and, negative, ...): all inputs
//   take result_type of all inputs; the loop with exactly those types, or none.
// - TrueDivide (divide): bool and integer inputs take the float64 loop,
//   others resolve as Linear.
// - Logical (logical_and/or/xor): the loop of the inputs' common dtype when
//   all are arrays of one dtype, else the bool loop.
// - LinearWeakKind (ldexp): Linear, but a weak scalar casts to any loop type
//   of its kind or above (a Python int to any integer), as NumPy's legacy
//   resolver decides for this ufunc; a weak first operand next to a bool
//   array may pick another loop than NumPy (same values).
// - ExactOrLinear (scipy.special's ufuncs, NumPy 2's resolver for loop
//   lists): the loop of exactly the inputs' dtypes when every input is an
//   array or NumPy scalar, as NumPy 2's dispatcher tries first; else its
//   legacy linear search, in which a Python scalar casts to any loop type of
//   its kind or above (an int to any number type, a float to any inexact one)
//   when the arrays' highest kind (bool < integer < inexact) reaches the
//   scalar's, and as int64/float64/complex128 when not. So erf(float32 array)
//   is float32, beta(float32 array, 2.0) float32, betainc(int8, uint16, 1)
//   float32 and kn(2, float32 array) 'ld->d'; measured against SciPy 1.18's
//   ufuncs for every dtype and Python scalar kind by
//   tests/scipy/special/test_special_table.py, and over a grid by the engine
//   test test_special_loop_choice.cpp.
#pragma once
#include "core/promotion.hpp"
#include "kernels/ufunc_table.hpp"

namespace gpuarray {

// The index into def.loops, or -1 when no loop fits (NumPy's TypeError
// "ufunc 'x' not supported for the input types ...").
int resolve_ufunc_loop(const UfuncDef& def, const PromotionOperand* inputs);

}  // namespace gpuarray
