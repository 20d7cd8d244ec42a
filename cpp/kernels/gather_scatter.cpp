// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/gather_scatter.hpp"

#include <functional>
#include <stdexcept>
#include <string>
#include <utility>

#include "cuda/device.hpp"
#include "cuda/device_properties.hpp"
#include "cuda/driver_launch.hpp"
#include "cuda/stream.hpp"
#include "jit/arch.hpp"
#include "jit/kernel_cache.hpp"
#include "jit/kernel_table.hpp"
#include "jit/loaded_library.hpp"
#include "kernels/cast_expressions.hpp"
#include "kernels/elementwise_codegen.hpp"
#include "kernels/elementwise_launcher.hpp"
#include "kernels/type_headers.hpp"

namespace gpuarray {
namespace {

// The operands of one launch, in kernel order (see gpuarray/gather_scatter.cuh):
// the restrided target, the index arrays, then the output or array value.
IterationPlan make_iteration(const NDArray& target, const AdvancedIndex& plan, const std::vector<IndexItem>& items,
                             const NDArray* out, const ScatterValue* value) {
  if (static_cast<int>(plan.axes.size()) > kMaxIndexArrays)
    throw IndexError("gpuarray indexes with at most " + std::to_string(kMaxIndexArrays) +
                     " index arrays at once; got " + std::to_string(plan.axes.size()));
  std::vector<NDArray> views;
  views.reserve(plan.axes.size() + 2);
  NDArray restrided = target;
  restrided.shape = plan.result_shape;
  restrided.strides = plan.source_strides;
  restrided.data.offset += static_cast<std::ptrdiff_t>(plan.source_offset);
  views.push_back(std::move(restrided));
  for (const IndexedAxis& ax : plan.axes) views.push_back(index_operand(plan, items[ax.item].array));
  OperandDesc operands[kMaxOperands];
  int n = 0;
  const bool scatter = value != nullptr;
  operands[n++] = scatter ? OperandDesc::output(views[0]) : OperandDesc::input(views[0]);
  for (std::size_t k = 1; k < views.size(); ++k) operands[n++] = OperandDesc::input(views[k]);
  if (!scatter) operands[n++] = OperandDesc::output(*out);
  else if (value->array) operands[n++] = OperandDesc::input(*value->array);
  IterationPlan iteration(operands, n);
  if (iteration.kind() == PlanKind::Tiled)
    throw std::logic_error("gather/scatter: an iteration with index arrays is never a tiled copy");
  return iteration;
}

// The op that names and hashes a kernel: its text is the kernel's role, so
// gathers, scatters and their modes never share a key.
ElementwiseOp role_op(bool scatter, IndexMode mode) {
  const std::string name = std::string(scatter ? "scatter" : "gather") + (mode == IndexMode::Clip ? "_clip" : "_wrap");
  return ElementwiseOp::make(name, "// gpuarray/gather_scatter.cuh: " + name);
}

// The kernel's name holds its whole key: the source is generated on a miss only.
struct GatherScatterKernelKey {
  std::string name;
  bool operator==(const GatherScatterKernelKey& o) const { return name == o.name; }
};

CUfunction build_kernel(const GatherScatter& gs, const std::string& name, int device) {
  jit::CompileRequest request;
  request.name = name;
  request.source = gs.kernel_source();
  request.options = kGeneratedKernelOptions;
  const jit::CachedModule cached = jit::compile_with_cache(request, jit::arch_for_device(device));
  return kernel_function(jit::LoadedLibrary::load(cached.module).kernel(name), device);
}

// Looked up in the kernel table (Note [Kernel table]).
CUfunction find_kernel(const GatherScatter& gs, const std::string& name, int device) {
  const GatherScatterKernelKey key{name};
  return jit::kernel_table()
      .find_or_build(device, key, std::hash<std::string>()(name),
                     [&] { return jit::LoadedKernels{{build_kernel(gs, name, device)}}; })
      .function[0];
}

}  // namespace

GatherScatter::GatherScatter(const NDArray& target, const AdvancedIndex& plan, const std::vector<IndexItem>& items,
                             IndexMode mode, const NDArray* out, const ScatterValue* value)
    : scatter_(value != nullptr),
      mode_(mode),
      num_indices_(static_cast<int>(plan.axes.size())),
      scalar_value_(value != nullptr && value->array == nullptr),
      iteration_(make_iteration(target, plan, items, out, value)),
      op_(role_op(value != nullptr, mode)) {
  if ((out == nullptr) == (value == nullptr))
    throw std::invalid_argument("GatherScatter: give exactly one of an output (gather) and a value (scatter)");
  if (num_indices_ == 0)
    throw std::invalid_argument("GatherScatter: an index with no index arrays is a copy, not a gather");
  if (scalar_value_) scalar_ = value->scalar;
  if (!empty()) {
    key_ = make_kernel_key(op_, iteration_, &scalar_.dtype, scalar_value_ ? 1 : 0);
    key_.vector_width = 1;  // the loops move one element at a time
  }
  for (const IndexedAxis& ax : plan.axes) {
    extents_.push_back(ax.extent);
    strides_.push_back(ax.stride);
  }
}

std::string GatherScatter::kernel_name() const { return elementwise_kernel_name(op_, key_); }

std::string GatherScatter::kernel_source() const {
  if (empty()) throw std::invalid_argument("GatherScatter: an empty result has no kernel");
  const int nargs = key_.num_operands;
  const int k = num_indices_;
  const DType target = key_.operand_dtypes[0];
  const std::string t = dtype_info(target).cpp_name;
  const bool contiguous = key_.kind == PlanKind::Contiguous;
  const std::string index = contiguous ? "long long" : (key_.index_width == IndexWidth::Int32 ? "int" : "long long");
  const std::string counter = key_.index_width == IndexWidth::Int32 ? "unsigned int" : "unsigned long long";
  const char* pick = mode_ == IndexMode::Clip ? "ga::gs::clip_index" : "ga::gs::wrap_index";

  std::string src = "// Generated by gpuarray: " + kernel_name() + "\n#include \"gpuarray/gather_scatter.cuh\"\n";
  TypeHeaders headers;
  for (int i = 0; i < nargs; ++i) headers.note(key_.operand_dtypes[i]);
  src += headers.includes();

  // The element's body: the source or destination offset, then one move.
  std::string body = "    long long at = off[0];\n";
  for (int j = 0; j < k; ++j) {
    const std::string o = std::to_string(j + 1), a = std::to_string(j);
    body += "    at += " + std::string(pick) + "(ga::gs::index_at<" + dtype_info(key_.operand_dtypes[j + 1]).cpp_name +
            ">(p.data[" + o + "], off[" + o + "]), axes.extent[" + a + "]) * axes.stride[" + a + "];\n";
  }
  const std::string last = std::to_string(nargs - 1);
  if (!scatter_) {
    body += "    *reinterpret_cast<" + t + "*>(p.data[" + last + "] + off[" + last + "]) = *reinterpret_cast<const " + t +
            "*>(p.data[0] + at);\n";
  } else if (scalar_value_) {
    body += "    *reinterpret_cast<" + t + "*>(p.data[0] + at) = s0;\n";
  } else {
    const DType v = key_.operand_dtypes[nargs - 1];
    const std::string read = "(*reinterpret_cast<const " + std::string(dtype_info(v).cpp_name) + "*>(p.data[" + last +
                             "] + off[" + last + "]))";
    body += "    *reinterpret_cast<" + t + "*>(p.data[0] + at) = " + cast_expression(v, target, read) + ";\n";
  }

  src += "\nextern \"C\" __global__ void __launch_bounds__(" + std::to_string(kElementwiseBlockSize) + ") " +
         kernel_name() + "(ga::ew::Pointers<" + std::to_string(nargs) + "> p, " + counter + " n";
  if (!contiguous)
    src += ", ga::ew::StridedGeometry<" + std::to_string(key_.ndim) + ", " + std::to_string(nargs) + ", " + index +
           "> g";
  if (scalar_value_) src += ", " + t + " s0";
  src += ", ga::gs::IndexedAxes<" + std::to_string(k) + "> axes) {\n";
  const std::string lambda = "[&](const " + index + "* off) {\n" + body + "  }";
  if (contiguous) {
    std::string bytes;
    for (int i = 0; i < nargs; ++i)
      bytes += (i ? ", " : "") + std::to_string(key_.is_broadcast(i) ? 0 : itemsize(key_.operand_dtypes[i]));
    src += "  ga::gs::contiguous_elements<" + bytes + ">(n, " + lambda + ");\n}\n";
  } else {
    src += "  ga::gs::strided_elements<" + std::to_string(key_.ndim) + ", " + index + ", " + std::to_string(nargs) +
           ">(n, g, " + lambda + ");\n}\n";
  }
  return src;
}

void GatherScatter::run() const {
  if (empty()) return;
  const std::string name = kernel_name();
  const int device = current_device();
  const CUfunction kernel = find_kernel(*this, name, device);
  ElementwiseArgs args(iteration_, &scalar_, scalar_value_ ? 1 : 0);
  // IndexedAxes<K>: K extents, then K strides, as one flat word array.
  std::vector<long long> axes(extents_);
  axes.insert(axes.end(), strides_.begin(), strides_.end());
  void* params[5];  // pointers, count, geometry, the value scalar, then the axes
  std::size_t sizes[5];
  const int nparams = args.num_params();
  for (int i = 0; i < nparams; ++i) {
    params[i] = args.params()[i];
    sizes[i] = args.param_size(i);
  }
  params[nparams] = axes.data();
  sizes[nparams] = axes.size() * sizeof(long long);
  const std::int64_t blocks = (iteration_.numel() + kElementwiseBlockSize - 1) / kElementwiseBlockSize;
  const std::int64_t cap = static_cast<std::int64_t>(cached_device_properties(device).sm_count) * kElementwiseBlocksPerSm;
  const unsigned int grid = static_cast<unsigned int>(blocks < cap ? blocks : cap);
  const KernelLaunch launch{kernel, {grid}, {kElementwiseBlockSize}, 0, {params, sizes, nparams + 1},
                            reinterpret_cast<CUstream>(current_stream(device))};
  launch_function(launch, device, name.c_str());
}

}  // namespace gpuarray
