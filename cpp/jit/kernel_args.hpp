// SPDX-License-Identifier: BSD-3-Clause
// Kernel arguments: what a caller passes (KernelArg: a pointer, a Python-like
// scalar or the bytes of a NumPy scalar), the kernel's parameter layout
// (KernelParams: offsets and sizes from the runtime, types from the
// declaration) and the conversion of one into the other (PackedArguments).
//
// Note [Argument conversion]
// Python ints, floats, bools and complex numbers become the parameter's
// declared type: an int that does not fit raises OverflowError, a float into
// an integer parameter or a scalar into a pointer raises TypeError, each
// naming the kernel, the argument's index and the declared parameter. NumPy
// scalars pass their bytes, so their size must equal the parameter's and
// their kind (integer, float, complex) must not contradict its type. Pointers
// (arrays, MemoryPointers, None) only go to pointer parameters. Without a
// declaration (a kernel from a binary file) only sizes are known: an int is
// a signed integer of the parameter's size, a float a float or double.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cuda/launch_graphs.hpp"
#include "jit/kernel_signature.hpp"

namespace gpuarray::jit {

// An argument of the wrong type or count; Python sees TypeError. (A value out
// of range throws std::overflow_error, which Python sees as OverflowError.)
class KernelArgumentTypeError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct KernelArg {
  enum class Kind : std::uint8_t { Null, Pointer, Bool, Int, Float, Complex, NumpyScalar, Unsupported };

  Kind kind = Kind::Null;
  // Int: the sign and magnitude, or too_large beyond 64 bits. Pointer: the
  // address in `magnitude`. Bool: 0 or 1 in `magnitude`.
  bool negative = false;
  bool too_large = false;
  std::uint64_t magnitude = 0;
  double real = 0, imag = 0;         // Float, Complex
  const void* data = nullptr;        // NumpyScalar: its bytes, alive for the call
  std::size_t size = 0;              // NumpyScalar: its itemsize
  char type_char = 0;                // NumpyScalar: NumPy's dtype.char, 0 if not a numeric dtype
  const char* type_name = "";        // for messages: "int", "numpy.float32", "gpuarray.ndarray"

  static KernelArg null();
  static KernelArg pointer(std::uintptr_t address, const char* type_name);
  static KernelArg boolean(bool value);
  static KernelArg signed_integer(long long value);
  static KernelArg unsigned_integer(unsigned long long value);
  static KernelArg integer_too_large(bool negative);
  static KernelArg floating(double value);
  static KernelArg complex(double real, double imag);
  // `data` must stay valid until the argument is packed.
  static KernelArg numpy_scalar(const void* data, std::size_t size, char type_char, const char* type_name);
  static KernelArg unsupported(const char* type_name);
};

struct KernelParam {
  ParamDecl decl;
  std::size_t offset = 0;  // in the parameter buffer
  std::size_t size = 0;
};

struct KernelParams {
  std::string kernel_name;
  std::vector<KernelParam> params;
  std::vector<std::size_t> sizes;  // params[i].size, side by side, as LaunchParams takes them
  std::size_t buffer_size = 0;

  // "(float a, const float* x, int n)"
  std::string describe() const;
};

// The layout the runtime reports (offset, size per parameter) with the
// declared types where a declaration matches it: same count, and every
// declared size equal to the reported one. Otherwise sizes only.
KernelParams make_kernel_params(std::string kernel_name, const std::optional<KernelSignature>& declared,
                                const std::vector<std::pair<std::size_t, std::size_t>>& offsets_and_sizes);

// The layout of a declaration with natural alignment, as the device lays it
// out; for checking conversions without a device. Throws std::invalid_argument
// when a parameter's size is unknown (a struct).
KernelParams natural_kernel_params(std::string kernel_name, const KernelSignature& declared);

// The parameter buffer of one launch and the argument pointers
// cudaLaunchKernel takes. Small launches use no heap.
class PackedArguments {
 public:
  // Throws KernelArgumentTypeError when `count` is not the parameter count.
  PackedArguments(const KernelParams& params, std::size_t count);
  PackedArguments(const PackedArguments&) = delete;
  PackedArguments& operator=(const PackedArguments&) = delete;

  // Converts `arg` to parameter `index`; see Note [Argument conversion].
  void set(std::size_t index, const KernelArg& arg);

  void** pointers() { return pointers_; }
  LaunchParams launch_params() { return {pointers_, params_.sizes.data(), static_cast<int>(params_.sizes.size())}; }
  std::string_view bytes() const {
    return {reinterpret_cast<const char*>(buffer_), params_.buffer_size};
  }

 private:
  static constexpr std::size_t kInlineBytes = 512;
  static constexpr std::size_t kInlineParams = 32;

  const KernelParams& params_;
  alignas(16) unsigned char inline_buffer_[kInlineBytes];
  void* inline_pointers_[kInlineParams];
  std::unique_ptr<unsigned char[]> heap_buffer_;
  std::unique_ptr<void*[]> heap_pointers_;
  unsigned char* buffer_;
  void** pointers_;
};

}  // namespace gpuarray::jit
