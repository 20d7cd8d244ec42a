// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/reduction_launcher.hpp"

#include <cstring>
#include <stdexcept>

#include "core/ndarray.hpp"
#include "cuda/device.hpp"
#include "cuda/device_properties.hpp"
#include "cuda/driver_launch.hpp"
#include "cuda/stream.hpp"
#include "jit/arch.hpp"
#include "jit/kernel_cache.hpp"
#include "jit/kernel_table.hpp"
#include "jit/loaded_library.hpp"
#include "kernels/elementwise_launcher.hpp"

namespace gpuarray {
namespace {

jit::CompileRequest compile_request(const ReductionOp& op, const ReductionKernelKey& key) {
  jit::CompileRequest request;
  request.name = reduction_kernel_name(op, key);
  request.source = reduction_kernel_source(op, key);
  request.options = kGeneratedKernelOptions;
  return request;
}

// The main pass and the partials pass, from one module.
jit::LoadedKernels build_kernels(const ReductionOp& op, const ReductionKernelKey& key, int device) {
  const jit::CompileRequest request = compile_request(op, key);
  jit::CachedModule cached = jit::compile_with_cache(request, jit::arch_for_device(device));
  const jit::LoadedLibrary& library = jit::LoadedLibrary::load(cached.module);
  return {{kernel_function(library.kernel(request.name), device),
           kernel_function(library.kernel(reduction_partials_kernel_name(op, key)), device)}};
}

// Kernel parameters packed at their natural alignment, one pointer each.
class ParamBuffer {
 public:
  template <typename T> void add(const T& value) { std::memcpy(append(sizeof(T), alignof(T)), &value, sizeof(T)); }
  void* append(std::size_t size, std::size_t align) {
    used_ = (used_ + align - 1) / align * align;
    if (used_ + size > sizeof storage_ || count_ == kMaxParams)
      throw std::length_error("reduction kernel parameters exceed " + std::to_string(sizeof storage_) + " bytes");
    void* p = storage_ + used_;
    params_[count_] = p;
    sizes_[count_++] = size;
    used_ += size;
    return p;
  }
  LaunchParams launch_params() { return {params_, sizes_, count_}; }

 private:
  static constexpr int kMaxParams = 32;
  alignas(16) unsigned char storage_[16384];
  void* params_[kMaxParams];
  std::size_t sizes_[kMaxParams];
  std::size_t used_ = 0;
  int count_ = 0;
};

// A StridedGeometry (Note [Elementwise kernel parameters]) as one parameter.
template <typename Word>
void add_geometry(ParamBuffer& buf, int ndim, int nargs, const std::int64_t* sizes,
                  std::int64_t (*stride)(const ReductionPlan&, int, int), const ReductionPlan& plan) {
  const bool narrow = sizeof(Word) == 4;
  const std::size_t words = static_cast<std::size_t>(ndim) * (narrow ? 3 + nargs : 1 + nargs);
  auto* out = static_cast<Word*>(buf.append(words * sizeof(Word), sizeof(Word)));
  for (int d = 0; d < ndim; ++d) *out++ = static_cast<Word>(sizes[d]);
  if (narrow) {
    for (int d = 0; d < ndim; ++d) {
      const DivisionMagic m = division_magic(static_cast<std::uint32_t>(sizes[d]));
      out[d] = static_cast<Word>(m.magic);
      out[ndim + d] = static_cast<Word>(m.shift);
    }
    out += 2 * ndim;
  }
  for (int d = 0; d < ndim; ++d)
    for (int a = 0; a < nargs; ++a) *out++ = static_cast<Word>(stride(plan, a, d));
}

std::int64_t out_stride(const ReductionPlan& plan, int operand, int d) { return plan.out_stride(operand, d); }
std::int64_t red_stride(const ReductionPlan& plan, int operand, int d) { return plan.red_stride(operand, d); }

template <typename Word>
void add_counts_and_geometry(ParamBuffer& buf, const ReductionPlan& plan, bool with_red) {
  using Counter = std::conditional_t<sizeof(Word) == 4, std::uint32_t, std::uint64_t>;
  buf.add(static_cast<Counter>(plan.n_out()));
  if (with_red) buf.add(static_cast<Counter>(plan.n_red()));
  std::int64_t out_sizes[kMaxDims], red_sizes[kMaxDims];
  for (int d = 0; d < plan.out_ndim(); ++d) out_sizes[d] = plan.out_size(d);
  for (int d = 0; d < plan.red_ndim(); ++d) red_sizes[d] = plan.red_size(d);
  add_geometry<Word>(buf, plan.out_ndim(), plan.num_inputs() + 1, out_sizes, out_stride, plan);
  if (with_red) add_geometry<Word>(buf, plan.red_ndim(), plan.num_inputs(), red_sizes, red_stride, plan);
}

void add_pointers(ParamBuffer& buf, const ReductionPlan& plan) {
  auto* p = static_cast<std::uint64_t*>(buf.append(8 * static_cast<std::size_t>(plan.num_inputs() + 1), 8));
  for (int op = 0; op <= plan.num_inputs(); ++op) p[op] = plan.data(op);
}

void add_scalars(ParamBuffer& buf, const ScalarArg* scalars, int num_scalars) {
  for (int i = 0; i < num_scalars; ++i) {
    const std::size_t size = static_cast<std::size_t>(itemsize(scalars[i].dtype));
    std::memcpy(buf.append(size, size), scalars[i].bytes, size);
  }
}

void launch(CUfunction kernel, LaunchDims grid, LaunchDims block, unsigned int shared, ParamBuffer& params,
            const ReductionOp& op, int device) {
  if (shared > 48 * 1024) allow_shared_bytes(kernel, shared);
  const KernelLaunch launch{kernel, grid, block, shared, params.launch_params(),
                            reinterpret_cast<CUstream>(current_stream(device))};
  launch_function(launch, device, ("reduction " + op.name).c_str());
}

}  // namespace

ReductionKernelKey make_reduction_key(const ReductionOp& op, const ReductionPlan& plan, const DType* in_dtypes,
                                      DType out_dtype, const ScalarArg* scalars, int num_scalars) {
  if (num_scalars > kMaxReductionScalars)
    throw std::invalid_argument("a reduction takes at most " + std::to_string(kMaxReductionScalars) +
                                " scalar parameters, got " + std::to_string(num_scalars));
  ReductionKernelKey key;
  key.op_hash = op.hash;
  key.out_ndim = static_cast<std::uint8_t>(plan.out_ndim());
  key.red_ndim = static_cast<std::uint8_t>(plan.red_ndim());
  key.num_inputs = static_cast<std::uint8_t>(plan.num_inputs());
  key.num_scalars = static_cast<std::uint8_t>(num_scalars);
  key.index_width = plan.index_width();
  key.layout = plan.layout();
  key.vector_width = static_cast<std::uint8_t>(plan.vector_width());
  key.out_dtype = out_dtype;
  for (int i = 0; i < plan.num_inputs(); ++i) key.in_dtypes[i] = in_dtypes[i];
  for (int i = 0; i < num_scalars; ++i) key.scalar_dtypes[i] = scalars[i].dtype;
  return key;
}

jit::CompileRequest reduction_compile_request(const ReductionOp& op, const OperandDesc* inputs, int num_inputs,
                                              const OperandDesc& output, const bool* reduced,
                                              const ScalarArg* scalars, int num_scalars) {
  const ReductionPlan plan(inputs, num_inputs, output, reduced, op.uses_index, op.reorderable);
  DType in_dtypes[kMaxReductionInputs];
  for (int i = 0; i < num_inputs; ++i) in_dtypes[i] = inputs[i].dtype;
  return compile_request(op, make_reduction_key(op, plan, in_dtypes, output.dtype, scalars, num_scalars));
}

void run_reduction(const ReductionOp& op, const OperandDesc* inputs, int num_inputs, const OperandDesc& output,
                   const bool* reduced, const ScalarArg* scalars, int num_scalars) {
  const ReductionPlan plan(inputs, num_inputs, output, reduced, op.uses_index, op.reorderable);
  if (plan.n_out() == 0) return;
  DType in_dtypes[kMaxReductionInputs];
  for (int i = 0; i < num_inputs; ++i) in_dtypes[i] = inputs[i].dtype;
  const ReductionKernelKey key = make_reduction_key(op, plan, in_dtypes, output.dtype, scalars, num_scalars);

  // One lock and one hash in the kernel table (Note [Kernel table]), as
  // before it: reductions keep no per-thread cache.
  const int device = current_device();
  for (int i = 0; i < num_inputs; ++i) require_access(device, inputs[i].device, op.name.c_str());
  require_access(device, output.device, op.name.c_str());  // Note [Arrays of another device]
  const jit::LoadedKernels kernels =
      jit::kernel_table().find_or_build(device, key, key.hash(), [&] { return build_kernels(op, key, device); });
  const int sm_count = cached_device_properties(device).sm_count;

  const ReductionLaunch cfg = plan.launch(sm_count, op.partial_size(), op.has_identity());
  const bool narrow = plan.index_width() == IndexWidth::Int32;
  NDArray partials;
  if (cfg.grid_y > 1)
    partials = NDArray::empty({static_cast<std::int64_t>(cfg.grid_y) * plan.n_out() * op.partial_size()},
                              DType::UInt8);
  const long long count = plan.n_red();

  ParamBuffer main;
  add_pointers(main, plan);
  if (narrow) add_counts_and_geometry<std::int32_t>(main, plan, true);
  else add_counts_and_geometry<std::int64_t>(main, plan, true);
  main.add(reinterpret_cast<void*>(cfg.grid_y > 1 ? partials.data_ptr() : 0));
  main.add(count);
  add_scalars(main, scalars, num_scalars);
  launch(kernels.function[0], {cfg.grid_x, cfg.grid_y}, {cfg.block_x, cfg.block_y}, cfg.shared_bytes, main, op, device);
  if (cfg.grid_y == 1) return;

  ParamBuffer second;
  add_pointers(second, plan);
  if (narrow) add_counts_and_geometry<std::int32_t>(second, plan, false);
  else add_counts_and_geometry<std::int64_t>(second, plan, false);
  second.add(reinterpret_cast<const void*>(partials.data_ptr()));
  second.add(cfg.grid_y);
  second.add(count);
  second.add(static_cast<int>(cfg.partial_inner));
  add_scalars(second, scalars, num_scalars);
  launch(kernels.function[1], {cfg.partial_grid}, {cfg.partial_block_x, cfg.partial_block_y},
         cfg.partial_block_x * cfg.partial_block_y * static_cast<unsigned int>(op.partial_size()), second, op, device);
}

}  // namespace gpuarray
