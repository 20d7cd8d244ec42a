// SPDX-License-Identifier: BSD-3-Clause
#include "jit/kernel_args.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

#include "jit/small_float.hpp"

namespace gpuarray::jit {
namespace {

enum class ScalarCategory { Bool, Integer, Float, Complex, Other };

ScalarCategory numpy_category(char type_char) {
  switch (type_char) {
    case '?': return ScalarCategory::Bool;
    case 'b': case 'h': case 'i': case 'l': case 'q': case 'n': case 'p':
    case 'B': case 'H': case 'I': case 'L': case 'Q': case 'N': case 'P':
      return ScalarCategory::Integer;
    case 'e': case 'f': case 'd': case 'g': return ScalarCategory::Float;
    case 'F': case 'D': case 'G': return ScalarCategory::Complex;
    default: return ScalarCategory::Other;
  }
}

const char* kind_phrase(ParamKind kind) {
  switch (kind) {
    case ParamKind::Pointer: return "a pointer parameter";
    case ParamKind::SignedInt:
    case ParamKind::UnsignedInt: return "an integer parameter";
    case ParamKind::Bool: return "a bool parameter";
    case ParamKind::Float:
    case ParamKind::Half:
    case ParamKind::BFloat16: return "a floating-point parameter";
    case ParamKind::Complex: return "a complex parameter";
    case ParamKind::Struct: return "a struct parameter";
    case ParamKind::Undeclared: return "a parameter of that size";
  }
  return "a parameter";
}

std::string describe_arg(const KernelArg& arg) {
  switch (arg.kind) {
    case KernelArg::Kind::Null: return "None";
    case KernelArg::Kind::Pointer: return std::string("a ") + arg.type_name + " (a device pointer)";
    case KernelArg::Kind::Bool: return "a Python bool";
    case KernelArg::Kind::Int: return "a Python int";
    case KernelArg::Kind::Float: return "a Python float";
    case KernelArg::Kind::Complex: return "a Python complex";
    case KernelArg::Kind::NumpyScalar: return std::string("a ") + arg.type_name + " scalar";
    case KernelArg::Kind::Unsupported: return std::string("an object of type '") + arg.type_name + "'";
  }
  return "an argument";
}

std::string int_text(const KernelArg& arg) {
  if (arg.too_large) return arg.negative ? "below -2**63" : "above 2**64-1";
  return (arg.negative ? "-" : "") + std::to_string(arg.magnitude);
}

// The shortest text that reads back as `value`, as Python's repr.
std::string double_text(double value) {
  char text[32];
  auto result = std::to_chars(text, text + sizeof text, value);
  return std::string(text, result.ptr);
}

// Converts one argument into one parameter's bytes; errors carry the context.
class ParamWriter {
 public:
  ParamWriter(const KernelParams& params, std::size_t index, unsigned char* dst)
      : params_(params), index_(index), param_(params.params[index]), dst_(dst) {}

  void write(const KernelArg& arg) {
    switch (param_.decl.type.kind) {
      case ParamKind::Pointer: return write_pointer(arg);
      case ParamKind::SignedInt: return write_integer(arg, true);
      case ParamKind::UnsignedInt: return write_integer(arg, false);
      case ParamKind::Bool: return write_bool(arg);
      case ParamKind::Float:
      case ParamKind::Half:
      case ParamKind::BFloat16: return write_floating(arg, param_.decl.type.kind);
      case ParamKind::Complex: return write_complex(arg);
      case ParamKind::Struct: return write_struct(arg);
      case ParamKind::Undeclared: return write_by_size(arg);
    }
  }

 private:
  std::string where() const {
    return "kernel '" + params_.kernel_name + "' args[" + std::to_string(index_) + "] (" +
           describe_param(param_.decl) + "): ";
  }
  [[noreturn]] void type_error(const std::string& what) const { throw KernelArgumentTypeError(where() + what); }
  [[noreturn]] void overflow(const std::string& what) const { throw std::overflow_error(where() + what); }
  [[noreturn]] void cannot_pass(const KernelArg& arg) const {
    if (param_.decl.type.kind == ParamKind::Pointer)
      type_error("expects a device pointer (a gpuarray.ndarray, an object with __cuda_array_interface__ or "
                 ".ptr, or None), got " + describe_arg(arg));
    if (arg.kind == KernelArg::Kind::Pointer || arg.kind == KernelArg::Kind::Null)
      type_error("expects a scalar, got " + describe_arg(arg));
    type_error("cannot pass " + describe_arg(arg) + " to " + kind_phrase(param_.decl.type.kind));
  }

  void copy(const void* src, std::size_t size) { std::memcpy(dst_, src, size); }

  // NumPy scalars pass their bytes when size and kind agree with the parameter.
  bool write_numpy(const KernelArg& arg, bool accepts_integer, bool accepts_float, bool accepts_complex) {
    if (arg.kind != KernelArg::Kind::NumpyScalar) return false;
    ScalarCategory c = numpy_category(arg.type_char);
    bool ok = c == ScalarCategory::Other || ((c == ScalarCategory::Bool || c == ScalarCategory::Integer) && accepts_integer) ||
              (c == ScalarCategory::Float && accepts_float) || (c == ScalarCategory::Complex && accepts_complex);
    if (!ok) cannot_pass(arg);
    if (arg.size != param_.size)
      type_error(describe_arg(arg) + " has " + std::to_string(arg.size) + " bytes but the parameter has " +
                 std::to_string(param_.size));
    copy(arg.data, arg.size);
    return true;
  }

  void write_pointer(const KernelArg& arg) {
    if (arg.kind != KernelArg::Kind::Pointer && arg.kind != KernelArg::Kind::Null) cannot_pass(arg);
    if (param_.size != sizeof(std::uintptr_t)) cannot_pass(arg);
    std::uintptr_t address = arg.kind == KernelArg::Kind::Pointer ? arg.magnitude : 0;
    copy(&address, sizeof address);
  }

  void write_integer(const KernelArg& arg, bool is_signed) {
    if (write_numpy(arg, true, false, false)) return;
    if (arg.kind != KernelArg::Kind::Int && arg.kind != KernelArg::Kind::Bool) {
      if (arg.kind == KernelArg::Kind::Float)
        type_error("cannot pass a Python float to an integer parameter; convert it with int() or pass a NumPy scalar");
      cannot_pass(arg);
    }
    const unsigned bits = static_cast<unsigned>(param_.size) * 8;
    std::uint64_t limit = is_signed ? (std::uint64_t{1} << (bits - 1)) : bits == 64 ? ~std::uint64_t{0}
                                                                                     : (std::uint64_t{1} << bits) - 1;
    bool fits = !arg.too_large && (is_signed ? (arg.negative ? arg.magnitude <= limit : arg.magnitude < limit)
                                             : (!arg.negative || arg.magnitude == 0) && arg.magnitude <= limit);
    if (!fits) {
      std::string range = is_signed ? "-" + std::to_string(limit) + " to " + std::to_string(limit - 1)
                                     : "0 to " + std::to_string(limit);
      overflow("Python int " + int_text(arg) + " is out of range for " + integer_type_text() + " (" + range + ")");
    }
    std::uint64_t raw = arg.negative ? ~arg.magnitude + 1 : arg.magnitude;  // two's complement
    copy(&raw, param_.size);  // the low bytes: the host is little-endian, as the device
  }

  void write_bool(const KernelArg& arg) {
    if (write_numpy(arg, true, false, false)) return;
    if (arg.kind != KernelArg::Kind::Bool && arg.kind != KernelArg::Kind::Int) cannot_pass(arg);
    unsigned char value = arg.too_large || arg.magnitude != 0;
    copy(&value, 1);
  }

  // The real value of a Python bool, int or float; throws for anything else.
  double real_value(const KernelArg& arg) {
    switch (arg.kind) {
      case KernelArg::Kind::Bool: return double(arg.magnitude);
      case KernelArg::Kind::Float: return arg.real;
      case KernelArg::Kind::Int:
        if (arg.too_large) overflow("Python int " + int_text(arg) + " does not fit in 64 bits");
        return arg.negative ? -double(arg.magnitude) : double(arg.magnitude);
      default: cannot_pass(arg);
    }
  }

  void store_real(double value, ParamKind kind, int size, unsigned char* dst) {
    if (kind == ParamKind::Half || kind == ParamKind::BFloat16 || (kind == ParamKind::Undeclared && size == 2)) {
      SmallFloat h = kind == ParamKind::BFloat16 ? double_to_bfloat16(value) : double_to_half(value);
      if (h.overflow) overflow("Python float " + double_text(value) + " is out of range for " + type_name(kind, size));
      std::memcpy(dst, &h.bits, 2);
    } else if (size == 4) {
      // Finite values at or beyond FLT_MAX + half an ulp round to infinity.
      if (std::isfinite(value) && std::fabs(value) >= 0x1.ffffffp+127)
        overflow("Python float " + double_text(value) + " is out of range for " + type_name(kind, size));
      float f = static_cast<float>(value);
      std::memcpy(dst, &f, 4);
    } else {
      std::memcpy(dst, &value, 8);
    }
  }

  std::string integer_type_text() const {
    const std::string& spelling = param_.decl.type.spelling;
    return spelling.empty() ? "a " + std::to_string(param_.size) + "-byte integer" : spelling;
  }

  std::string type_name(ParamKind kind, int size) const {
    if (kind == ParamKind::Undeclared) return size == 2 ? "float16" : size == 4 ? "float32" : "float64";
    return param_.decl.type.spelling;
  }

  void write_floating(const KernelArg& arg, ParamKind kind) {
    if (write_numpy(arg, false, true, false)) return;
    store_real(real_value(arg), kind, static_cast<int>(param_.size), dst_);
  }

  void write_complex(const KernelArg& arg) {
    if (write_numpy(arg, false, false, true)) return;
    double re = arg.kind == KernelArg::Kind::Complex ? arg.real : real_value(arg);
    double im = arg.kind == KernelArg::Kind::Complex ? arg.imag : 0.0;
    int half = static_cast<int>(param_.size / 2);
    store_real(re, ParamKind::Complex, half, dst_);
    store_real(im, ParamKind::Complex, half, dst_ + half);
  }

  void write_struct(const KernelArg& arg) {
    if (write_numpy(arg, true, true, true)) return;
    if (arg.kind == KernelArg::Kind::Pointer || arg.kind == KernelArg::Kind::Null) cannot_pass(arg);
    type_error("cannot convert " + describe_arg(arg) + " to '" + param_.decl.type.spelling +
               "'; pass a NumPy scalar of its size (" + std::to_string(param_.size) + " bytes)");
  }

  void write_by_size(const KernelArg& arg) {
    if (write_numpy(arg, true, true, true)) return;
    const std::size_t size = param_.size;
    switch (arg.kind) {
      case KernelArg::Kind::Null:
      case KernelArg::Kind::Pointer:
        if (size != sizeof(std::uintptr_t)) cannot_pass(arg);
        return write_pointer(arg);
      case KernelArg::Kind::Bool:
      case KernelArg::Kind::Int:
        if (size != 1 && size != 2 && size != 4 && size != 8) cannot_pass(arg);
        return write_integer(arg, true);
      case KernelArg::Kind::Float:
        if (size != 2 && size != 4 && size != 8) cannot_pass(arg);
        return store_real(arg.real, ParamKind::Undeclared, static_cast<int>(size), dst_);
      case KernelArg::Kind::Complex:
        if (size != 8 && size != 16) cannot_pass(arg);
        store_real(arg.real, ParamKind::Undeclared, static_cast<int>(size / 2), dst_);
        return store_real(arg.imag, ParamKind::Undeclared, static_cast<int>(size / 2), dst_ + size / 2);
      default: cannot_pass(arg);
    }
  }

  const KernelParams& params_;
  std::size_t index_;
  const KernelParam& param_;
  unsigned char* dst_;
};

}  // namespace

KernelArg KernelArg::null() { return {}; }

KernelArg KernelArg::pointer(std::uintptr_t address, const char* type_name) {
  KernelArg a;
  a.kind = Kind::Pointer;
  a.magnitude = address;
  a.type_name = type_name;
  return a;
}

KernelArg KernelArg::boolean(bool value) {
  KernelArg a;
  a.kind = Kind::Bool;
  a.magnitude = value;
  return a;
}

KernelArg KernelArg::signed_integer(long long value) {
  KernelArg a;
  a.kind = Kind::Int;
  a.negative = value < 0;
  a.magnitude = a.negative ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
  return a;
}

KernelArg KernelArg::unsigned_integer(unsigned long long value) {
  KernelArg a;
  a.kind = Kind::Int;
  a.magnitude = value;
  return a;
}

KernelArg KernelArg::integer_too_large(bool negative) {
  KernelArg a;
  a.kind = Kind::Int;
  a.negative = negative;
  a.too_large = true;
  return a;
}

KernelArg KernelArg::floating(double value) {
  KernelArg a;
  a.kind = Kind::Float;
  a.real = value;
  return a;
}

KernelArg KernelArg::complex(double real, double imag) {
  KernelArg a;
  a.kind = Kind::Complex;
  a.real = real;
  a.imag = imag;
  return a;
}

KernelArg KernelArg::numpy_scalar(const void* data, std::size_t size, char type_char, const char* type_name) {
  KernelArg a;
  a.kind = Kind::NumpyScalar;
  a.data = data;
  a.size = size;
  a.type_char = type_char;
  a.type_name = type_name;
  return a;
}

KernelArg KernelArg::unsupported(const char* type_name) {
  KernelArg a;
  a.kind = Kind::Unsupported;
  a.type_name = type_name;
  return a;
}

std::string KernelParams::describe() const {
  std::string out = "(";
  for (std::size_t i = 0; i < params.size(); ++i) out += (i ? ", " : "") + describe_param(params[i].decl);
  return out + ")";
}

KernelParams make_kernel_params(std::string kernel_name, const std::optional<KernelSignature>& declared,
                                const std::vector<std::pair<std::size_t, std::size_t>>& offsets_and_sizes) {
  KernelParams out;
  out.kernel_name = std::move(kernel_name);
  bool use_declared = declared && declared->params.size() == offsets_and_sizes.size();
  for (std::size_t i = 0; use_declared && i < offsets_and_sizes.size(); ++i) {
    int size = declared->params[i].type.size;
    use_declared = size == 0 || static_cast<std::size_t>(size) == offsets_and_sizes[i].second;
  }
  for (std::size_t i = 0; i < offsets_and_sizes.size(); ++i) {
    auto [offset, size] = offsets_and_sizes[i];
    KernelParam p;
    if (use_declared) p.decl = declared->params[i];
    p.decl.type.size = static_cast<int>(size);
    p.offset = offset;
    p.size = size;
    out.buffer_size = std::max(out.buffer_size, offset + size);
    out.params.push_back(std::move(p));
    out.sizes.push_back(size);
  }
  return out;
}

KernelParams natural_kernel_params(std::string kernel_name, const KernelSignature& declared) {
  std::vector<std::pair<std::size_t, std::size_t>> layout;
  std::size_t offset = 0;
  for (const auto& param : declared.params) {
    if (param.type.size == 0)
      throw std::invalid_argument("the size of parameter '" + describe_param(param) + "' is known only on a device");
    // Every convertible type is aligned to its size (complex: alignas(2 * sizeof(T))).
    std::size_t align = static_cast<std::size_t>(param.type.size);
    offset = (offset + align - 1) / align * align;
    layout.emplace_back(offset, static_cast<std::size_t>(param.type.size));
    offset += static_cast<std::size_t>(param.type.size);
  }
  return make_kernel_params(std::move(kernel_name), declared, layout);
}

PackedArguments::PackedArguments(const KernelParams& params, std::size_t count)
    : params_(params), buffer_(inline_buffer_), pointers_(inline_pointers_) {
  if (count != params.params.size())
    throw KernelArgumentTypeError("kernel '" + params.kernel_name + "' takes " + std::to_string(params.params.size()) +
                                  " arguments " + params.describe() + " but " + std::to_string(count) +
                                  (count == 1 ? " was" : " were") + " given");
  if (params.buffer_size > kInlineBytes) {
    heap_buffer_.reset(new unsigned char[params.buffer_size]);
    buffer_ = heap_buffer_.get();
  }
  if (params.params.size() > kInlineParams) {
    heap_pointers_.reset(new void*[params.params.size()]);
    pointers_ = heap_pointers_.get();
  }
  std::memset(buffer_, 0, params.buffer_size);
  for (std::size_t i = 0; i < params.params.size(); ++i) pointers_[i] = buffer_ + params.params[i].offset;
}

void PackedArguments::set(std::size_t index, const KernelArg& arg) {
  ParamWriter(params_, index, buffer_ + params_.params[index].offset).write(arg);
}

}  // namespace gpuarray::jit
