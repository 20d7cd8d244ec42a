// SPDX-License-Identifier: BSD-3-Clause
// The device headers generated code needs for the dtypes it touches:
// half.cuh for float16, bfloat16.cuh for bfloat16, complex.cuh for complex.
// One list for every generator, in a fixed order, so that a kernel's source
// (and so its cache key) depends only on which types it uses.
#pragma once
#include <string>

#include "core/dtype.hpp"

namespace gpuarray {

struct TypeHeaders {
  bool half = false;
  bool bfloat16 = false;
  bool complex = false;

  void note(DType dt);
  // The #include lines, each ending in a newline.
  std::string includes() const;
  // The headers this set needs that `present` does not bring already.
  TypeHeaders beyond(const TypeHeaders& present) const;
};

}  // namespace gpuarray
