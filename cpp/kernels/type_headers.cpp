// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/type_headers.hpp"

namespace gpuarray {

void TypeHeaders::note(DType dt) {
  half |= dt == DType::Float16;
  bfloat16 |= dt == DType::BFloat16;
  complex |= dtype_info(dt).kind == DTypeKind::Complex;
}

std::string TypeHeaders::includes() const {
  std::string s;
  if (half) s += "#include \"gpuarray/half.cuh\"\n";
  if (bfloat16) s += "#include \"gpuarray/bfloat16.cuh\"\n";
  if (complex) s += "#include \"gpuarray/complex.cuh\"\n";
  return s;
}

TypeHeaders TypeHeaders::beyond(const TypeHeaders& present) const {
  return {half && !present.half, bfloat16 && !present.bfloat16, complex && !present.complex};
}

}  // namespace gpuarray
