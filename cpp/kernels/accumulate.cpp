// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/accumulate.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "cuda/device.hpp"
#include "cuda/driver_launch.hpp"
#include "cuda/stream.hpp"
#include "jit/arch.hpp"
#include "jit/kernel_cache.hpp"
#include "jit/kernel_table.hpp"
#include "jit/loaded_library.hpp"
#include "kernels/array_copy.hpp"
#include "kernels/elementwise_launcher.hpp"
#include "kernels/scan.hpp"
#include "kernels/type_headers.hpp"
#include "kernels/ufunc_call.hpp"
#include "kernels/ufunc_resolution.hpp"

namespace gpuarray {
namespace {

constexpr int kAccumulateBlockSize = 256;

bool homogeneous(const UfuncLoop& loop) { return loop.in[0] == loop.in[1] && loop.in[1] == loop.out[0]; }

int homogeneous_loop_of(const UfuncDef& def, DType dt) {
  for (int l = 0; l < static_cast<int>(def.loops.size()); ++l)
    if (homogeneous(def.loops[l]) && def.loops[l].in[0] == dt) return l;
  return -1;
}

bool is_fast_scan(const UfuncDef& def) { return def.name == "add" || def.name == "multiply"; }

[[noreturn]] void throw_no_loop(const UfuncDef& def, DType in, const char* why) {
  throw UfuncTypeError("No loop matching the specified signature and casting was found for ufunc " + def.name +
                       " (accumulate of " + dtype_name(in) + why + ")");
}

// A sequential accumulate kernel is decided by its ufunc and loop (its row of
// the ufunc table, which lives as long as the process).
struct AccumulateKernelKey {
  const UfuncDef* def;
  int loop;
  bool operator==(const AccumulateKernelKey& o) const { return def == o.def && loop == o.loop; }
  std::size_t hash() const { return std::hash<const void*>()(def) ^ static_cast<std::size_t>(loop) << 48; }
};

CUfunction build_sequential_kernel(const UfuncDef& def, int loop, int device) {
  jit::CompileRequest request;
  request.name = accumulate_kernel_name(def, loop);
  request.source = accumulate_kernel_source(def, loop);
  request.options = kGeneratedKernelOptions;
  const jit::CachedModule cached = jit::compile_with_cache(request, jit::arch_for_device(device));
  return kernel_function(jit::LoadedLibrary::load(cached.module).kernel(request.name), device);
}

// Looked up in the kernel table (Note [Kernel table]).
CUfunction sequential_kernel(const UfuncDef& def, int loop, int device) {
  const AccumulateKernelKey key{&def, loop};
  return jit::kernel_table()
      .find_or_build(device, key, key.hash(),
                     [&] { return jit::LoadedKernels{{build_sequential_kernel(def, loop, device)}}; })
      .function[0];
}

// One thread per row of `buffer` (length x rows, C order: the scanned axis
// first, so a warp's threads touch consecutive addresses at every step).
void run_sequential(const UfuncDef& def, int loop, const NDArray& buffer, std::int64_t length, std::int64_t rows) {
  const int device = current_device();
  void* data = reinterpret_cast<void*>(buffer.data_ptr());
  unsigned long long n_rows = static_cast<unsigned long long>(rows);
  unsigned long long n_length = static_cast<unsigned long long>(length);
  void* params[] = {&data, &n_rows, &n_length};
  const std::size_t sizes[] = {sizeof data, sizeof n_rows, sizeof n_length};
  const std::int64_t blocks = (rows + kAccumulateBlockSize - 1) / kAccumulateBlockSize;
  const unsigned int grid = static_cast<unsigned int>(std::min<std::int64_t>(blocks, 0x7fffffff));
  const KernelLaunch launch{sequential_kernel(def, loop, device), {grid}, {kAccumulateBlockSize}, 0,
                            {params, sizes, 3}, reinterpret_cast<CUstream>(current_stream(device))};
  launch_function(launch, device, (def.name + ".accumulate").c_str());
}

}  // namespace

int resolve_accumulate_loop(const UfuncDef& def, DType in, std::optional<DType> dtype) {
  if (def.nin != 2 || def.nout != 1) throw std::invalid_argument("accumulate only supported for binary functions");
  int loop = -1;
  if (dtype) {
    loop = homogeneous_loop_of(def, *dtype);
    if (loop < 0) throw_no_loop(def, in, (std::string(" with dtype=") + dtype_name(*dtype)).c_str());
    return loop;
  }
  if (is_fast_scan(def)) {
    loop = homogeneous_loop_of(def, cumulative_default_dtype(in));
  } else if (def.resolver == UfuncResolver::Logical) {
    loop = homogeneous_loop_of(def, DType::Bool);
  } else {
    const PromotionOperand operands[2] = {{in, ScalarKind::None}, {in, ScalarKind::None}};
    loop = resolve_ufunc_loop(def, operands);
  }
  if (loop < 0) throw_no_loop(def, in, "");
  if (!homogeneous(def.loops[loop]))
    throw_no_loop(def, in, (": its loop " + def.loops[loop].signature(2, 1) + " is not of the form xx->x").c_str());
  return loop;
}

std::string accumulate_kernel_name(const UfuncDef& def, int loop) {
  return "ga_accumulate_" + def.key() + "_" + dtype_name(def.loops[loop].out[0]);
}

std::string accumulate_kernel_source(const UfuncDef& def, int loop) {
  const UfuncLoop& l = def.loops[loop];
  const std::string t = dtype_info(l.out[0]).cpp_name;
  // The comment names the dtype, not the loop: "??->?" would be a trigraph.
  std::string src = "// Generated by gpuarray: " + def.name + ".accumulate in " + dtype_name(l.out[0]) + "\n";
  TypeHeaders headers;
  headers.note(l.out[0]);
  src += headers.includes();
  if (!def.preamble.empty()) src += def.preamble + "\n";
  src += "\nextern \"C\" __global__ void __launch_bounds__(" + std::to_string(kAccumulateBlockSize) + ") " +
         accumulate_kernel_name(def, loop) + "(" + t +
         "* data, unsigned long long rows, unsigned long long length) {\n"
         "  const unsigned long long step = (unsigned long long)gridDim.x * blockDim.x;\n"
         "  for (unsigned long long r = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; r < rows; "
         "r += step) {\n"
         "    " + t + "* p = data + r;\n"
         "    " + t + " acc = *p;\n"
         "    for (unsigned long long k = 1; k < length; ++k) {\n"
         "      p += rows;\n"
         "      const " + t + " x0 = acc;\n"
         "      const " + t + " x1 = *p;\n"
         "      " + t + " y0;\n"
         "      " + l.expression + "\n"
         "      acc = y0;\n"
         "      *p = y0;\n"
         "    }\n"
         "  }\n"
         "}\n";
  return src;
}

NDArray accumulate(const UfuncDef& def, const NDArray& a, int axis, std::optional<DType> dtype, const NDArray* out) {
  const int loop = resolve_accumulate_loop(def, a.dtype, dtype);
  const DType dt = def.loops[loop].out[0];
  if (is_fast_scan(def))
    return cumulative_scan(a, axis, def.name == "add" ? ScanOp::Sum : ScanOp::Product, dt, false, out);
  if (axis < 0 || axis >= a.ndim())
    throw std::invalid_argument("accumulate: axis " + std::to_string(axis) + " of an array of dimension " +
                                std::to_string(a.ndim()));
  if (out) {
    if (out->shape != a.shape) throw std::invalid_argument("provided out is the wrong size for the accumulation.");
    if (!out->writeable) throw std::invalid_argument("output array is read-only");
  }
  if (a.size() == 0) return out ? *out : NDArray::empty(a.shape, dt);

  const std::int64_t length = a.shape[axis];
  const std::int64_t rows = a.size() / length;
  NDArray buffer = NDArray::empty(moved_axis_shape(a.shape, axis, AxisPlace::First), dt);
  copy_into(moved_axis_view(buffer, a.shape, axis, AxisPlace::First), a);
  run_sequential(def, loop, buffer, length, rows);
  if (axis == 0 && out == nullptr) return buffer;  // already C-ordered with a's shape
  NDArray result = out ? *out : NDArray::empty(a.shape, dt);
  copy_into(result, moved_axis_view(buffer, a.shape, axis, AxisPlace::First));
  return result;
}

}  // namespace gpuarray
