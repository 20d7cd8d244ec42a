// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/ufunc_op.hpp"

#include "kernels/cast_expressions.hpp"
#include "kernels/type_headers.hpp"

namespace gpuarray {
namespace {

// The headers of the loop's own types when no operand brings them: signbit of
// uint8 computes in the float16 loop, whose body needs half.cuh although the
// kernel's operands are uint8 and bool (the code generator includes headers
// for operand dtypes only). Only then, so that other ops keep their hashes.
std::string loop_headers(const UfuncLoop& loop, const UfuncInput* inputs, int nin, const DType* out_dtypes, int nout) {
  TypeHeaders operands, loop_types;
  for (int i = 0; i < nin; ++i) {
    operands.note(inputs[i].dtype);
    loop_types.note(loop.in[i]);
  }
  for (int i = 0; i < nout; ++i) {
    operands.note(out_dtypes[i]);
    loop_types.note(loop.out[i]);
  }
  return loop_types.beyond(operands).includes();
}

}  // namespace

ElementwiseOp ufunc_loop_op(const UfuncDef& def, const UfuncLoop& loop, const UfuncInput* inputs,
                            const DType* out_dtypes, bool masked) {
  std::string body;
  int arrays = 0, scalars = 0;
  for (int i = 0; i < def.nin; ++i) {
    const std::string source = inputs[i].scalar ? "s" + std::to_string(scalars++) : "in" + std::to_string(arrays++);
    body += "const " + std::string(dtype_info(loop.in[i]).cpp_name) + " x" + std::to_string(i) + " = " +
            cast_expression(inputs[i].dtype, loop.in[i], source) + ";\n    ";
  }
  for (int i = 0; i < def.nout; ++i)
    body += std::string(dtype_info(loop.out[i]).cpp_name) + " y" + std::to_string(i) + ";\n    ";
  body += loop.expression + "\n    ";
  for (int i = 0; i < def.nout; ++i)
    body += "out" + std::to_string(i) + " = " + cast_expression(loop.out[i], out_dtypes[i], "y" + std::to_string(i)) +
            ";" + (i + 1 < def.nout ? "\n    " : "");
  if (masked) body = "if (in" + std::to_string(arrays) + ") {\n    " + body + "\n    }";
  return ElementwiseOp::make("uf_" + def.name, body, loop_headers(loop, inputs, def.nin, out_dtypes, def.nout) +
                             def.preamble, masked);
}

}  // namespace gpuarray
