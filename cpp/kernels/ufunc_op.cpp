// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/ufunc_op.hpp"

#include "kernels/cast_expressions.hpp"

namespace gpuarray {
namespace {

// The headers of the loop's own types when no operand brings them: signbit of
// uint8 computes in the float16 loop, whose body needs half.cuh although the
// kernel's operands are uint8 and bool (the code generator includes headers
// for operand dtypes only). Only then, so that other ops keep their hashes.
std::string loop_headers(const UfuncLoop& loop, const UfuncInput* inputs, int nin, const DType* out_dtypes, int nout) {
  bool operand_half = false, operand_complex = false, loop_half = false, loop_complex = false;
  auto note = [](DType dt, bool& half, bool& complex) {
    half |= dt == DType::Float16;
    complex |= dtype_info(dt).kind == DTypeKind::Complex;
  };
  for (int i = 0; i < nin; ++i) {
    note(inputs[i].dtype, operand_half, operand_complex);
    note(loop.in[i], loop_half, loop_complex);
  }
  for (int i = 0; i < nout; ++i) {
    note(out_dtypes[i], operand_half, operand_complex);
    note(loop.out[i], loop_half, loop_complex);
  }
  std::string headers;
  if (loop_half && !operand_half) headers += "#include \"gpuarray/half.cuh\"\n";
  if (loop_complex && !operand_complex) headers += "#include \"gpuarray/complex.cuh\"\n";
  return headers;
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
