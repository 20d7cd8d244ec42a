// SPDX-License-Identifier: BSD-3-Clause
// Order-preserving unsigned keys for every dtype, so that one radix sort of
// unsigned integers (cub/radix_sort.hpp) sorts all of them in NumPy's order.
#pragma once
#include "core/dtype.hpp"
#include "kernels/elementwise_kernel_key.hpp"

namespace gpuarray {

// Note [Sort keys]
// A key is the value's bit pattern (read through an unsigned view of the same
// width) changed so that unsigned order is NumPy's sort order:
//   - bool, unsigned: the bits themselves (bool compares bit 0 only);
//   - signed: the sign bit flipped;
//   - float16/32/64: every bit flipped for a negative number, only the sign
//     bit for a positive one (IEEE order), and every NaN, whatever its sign and
//     payload, the all-ones key: after +inf, as NumPy puts NaNs (also -NaN).
//     Argsort keys also make -0.0 the key of +0.0: NumPy compares them equal,
//     so a stable sort keeps their order. A values-only sort keeps -0.0 (before
//     +0.0, a valid order of equal values) and writes NaNs back as the
//     all-ones-mantissa quiet NaN (sign and payload are not kept);
//   - complex: three keys, NumPy's lexicographic order with NaNs
//     ([R + Rj, R + nanj, nan + Rj, nan + nanj], each group ordered by its
//     non-NaN part): the class (2 bits: real NaN, imaginary NaN) above the
//     real part's key above the imaginary part's key; a NaN part's key is 0.
// Multi-part keys sort least significant part first, each pass stable (LSD).

// The unsigned dtype of a key of `bytes` bytes (1, 2, 4, 8).
DType unsigned_key_dtype(int bytes);

// How many bits of a (non-complex) key are compared: 1 for bool, else all.
int sort_key_bits(DType dt);

// in0 (dtype's bits, as unsigned_key_dtype(itemsize)) -> out0 (key), for
// every dtype but complex. `canonical_zero`: -0.0 gets +0.0's key.
const ElementwiseOp& sort_key_op(DType dt, bool canonical_zero);

// out0 (key, unsigned) -> out0 (the value's bits): the inverse of
// sort_key_op(dt, false), up to NaN payloads. Not for complex.
const ElementwiseOp& sort_key_inverse_op(DType dt);

// Complex64/128: in0, in1 (real and imaginary bits) -> out0 (class, uint8),
// out1 (real key), out2 (imaginary key); zeros canonical.
const ElementwiseOp& complex_sort_keys_op(DType dt);

}  // namespace gpuarray
