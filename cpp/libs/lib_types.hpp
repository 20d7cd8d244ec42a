// SPDX-License-Identifier: BSD-3-Clause
// The four LAPACK types (and float16 and bfloat16 for products), named by NumPy's dtype
// character, mapped once to what cuBLAS/cuSOLVER want: the generic APIs take
// a cudaDataType, the typed ones a C++ type (see dispatch_lapack_type).
#pragma once
#include <cuComplex.h>
#include <library_types.h>

#include <stdexcept>
#include <string>

namespace gpuarray::libs {

struct LibType {
  cudaDataType data;  // the element type
  cudaDataType real;  // its real counterpart (singular values, eigenvalues of Hermitian)
  int itemsize;
  bool complex;
};

inline LibType lib_type(char dtype_char) {
  switch (dtype_char) {
    case 'e': return {CUDA_R_16F, CUDA_R_16F, 2, false};
    case 'E': return {CUDA_R_16BF, CUDA_R_16BF, 2, false};  // bfloat16 (ml_dtypes' char)
    case 'f': return {CUDA_R_32F, CUDA_R_32F, 4, false};
    case 'd': return {CUDA_R_64F, CUDA_R_64F, 8, false};
    case 'F': return {CUDA_C_32F, CUDA_R_32F, 8, true};
    case 'D': return {CUDA_C_64F, CUDA_R_64F, 16, true};
    default: throw std::invalid_argument(std::string("linalg: unsupported dtype character '") + dtype_char + "'");
  }
}

// Calls fn(T{}) with T the C++ element type of a LAPACK dtype character.
template <class Fn>
decltype(auto) dispatch_lapack_type(char dtype_char, Fn&& fn) {
  switch (dtype_char) {
    case 'f': return fn(float{});
    case 'd': return fn(double{});
    case 'F': return fn(cuComplex{});
    case 'D': return fn(cuDoubleComplex{});
    default: throw std::invalid_argument(std::string("linalg: unsupported dtype character '") + dtype_char + "'");
  }
}

}  // namespace gpuarray::libs
