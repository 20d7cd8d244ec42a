// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/user_elementwise.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "kernels/array_copy.hpp"
#include "kernels/elementwise_launcher.hpp"
#include "kernels/iteration_plan.hpp"
#include "kernels/type_headers.hpp"

namespace gpuarray {
namespace {

bool is_identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Whether `word` occurs in `text` as a whole token (numbers such as 1e5 are
// skipped whole). Comments count too: a false hit only costs C order or a scalar.
bool mentions(const std::string& text, const std::string& word) {
  for (std::size_t i = 0; i < text.size();) {
    if (!is_identifier_char(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && is_identifier_char(text[j])) ++j;
    if (j - i == word.size() && text.compare(i, j - i, word) == 0) return true;
    i = j;
  }
  return false;
}

// Device helpers of raw parameters and _ind (CuPy's CArray and CIndexer,
// reduced to what a flat C-order loop can offer).
constexpr const char* kRawView =
    "template <typename E> struct ga_user_raw {\n"
    "  E* data_;\n"
    "  long long size_;\n"
    "  __host__ __device__ __forceinline__ E& operator[](long long j) const { return data_[j]; }\n"
    "  __host__ __device__ __forceinline__ long long size() const { return size_; }\n"
    "};\n";
constexpr const char* kIndexer =
    "struct ga_user_indexer {\n"
    "  long long size_;\n"
    "  __host__ __device__ __forceinline__ long long size() const { return size_; }\n"
    "};\n";

ScalarArg scalar_arg(DType dt, std::uint64_t bits) {
  ScalarArg arg{dt, {}};
  std::memcpy(arg.bytes, &bits, sizeof bits);
  return arg;
}

const UserParam& param_at(const UserKernelDef& def, std::size_t k) {
  return k < def.in.size() ? def.in[k] : def.out[k - def.in.size()];
}

}  // namespace

ElementwiseOp user_elementwise_op(const UserKernelDef& def, const DType* dtypes, const UserArgKind* kinds,
                                  bool outputs_given, bool uses_index, bool uses_indexer) {
  const std::size_t nin = def.in.size(), nparams = nin + def.out.size();
  std::string capture, declare, typedefs;
  std::vector<std::string> placeholders;
  int counts[3] = {0, 0, 0};  // in<k>, out<k>, s<k>
  auto engine_name = [&counts](int role) {
    static const char* const kPrefix[] = {"in", "out", "s"};
    return kPrefix[role] + std::to_string(counts[role]++);
  };
  auto capture_scalar = [&] {
    const std::string s = engine_name(2);
    capture += "const auto ga_" + s + " = " + s + "; ";
    return "ga_" + s;
  };
  bool reads_outputs = false, any_raw = false;
  TypeHeaders headers;
  for (std::size_t k = 0; k < nparams; ++k) {
    const UserParam& p = param_at(def, k);
    const bool output = k >= nin;
    const std::string type = dtype_info(dtypes[k]).cpp_name;
    headers.note(dtypes[k]);
    if (!p.dtype && std::find(placeholders.begin(), placeholders.end(), p.type) == placeholders.end()) {
      placeholders.push_back(p.type);
      typedefs += "typedef " + type + " " + p.type + ";\n";
    }
    const std::string cv = output ? "" : "const ";
    switch (kinds[k]) {
      case UserArgKind::Array: {
        const std::string e = engine_name(output ? 1 : 0);
        capture += cv + "auto& ga_" + e + " = " + e + "; ";
        declare += cv + type + "& " + p.name + " = ga_" + e + ";\n";
        reads_outputs |= output && outputs_given;
        break;
      }
      case UserArgKind::Raw: {
        any_raw = true;
        const std::string data = capture_scalar(), size = capture_scalar();
        declare += "const ga_user_raw<" + cv + type + "> " + p.name + "{reinterpret_cast<" + cv + type + "*>(" +
                   data + "), " + size + "};\n";
        break;
      }
      case UserArgKind::Scalar:
        declare += "const " + type + " " + p.name + " = " + capture_scalar() + ";\n";
        break;
    }
  }
  if (uses_indexer) declare += "const ga_user_indexer _ind{" + capture_scalar() + "};\n";

  // CuPy ends each piece with ';' (so `z = x + y` needs none); on a line of
  // its own here, so that a piece ending in a // comment still compiles.
  std::string expression = capture + "\n{\n" + declare;
  if (!def.loop_prep.empty()) expression += def.loop_prep + "\n;\n";
  expression += "{\n" + def.operation + "\n;\n}\n";
  if (!def.after_loop.empty()) expression += def.after_loop + "\n;\n";
  expression += "}";

  std::string preamble = headers.includes();
  if (any_raw) preamble += kRawView;
  if (uses_indexer) preamble += kIndexer;
  preamble += typedefs + def.preamble;
  return ElementwiseOp::make(def.name, std::move(expression), std::move(preamble), reads_outputs, uses_index);
}

UserElementwiseKernel::UserElementwiseKernel(UserKernelDef def) : def_(std::move(def)) {
  // The operation, loop_prep and after_loop (all run per element here) may
  // name `i` and `_ind`, themselves or through the preamble's macros.
  const std::string code = def_.operation + "\n" + def_.loop_prep + "\n" + def_.after_loop + "\n" + def_.preamble;
  uses_index_ = mentions(code, "i");
  uses_indexer_ = mentions(code, "_ind");
}

std::vector<DType> UserElementwiseKernel::resolve_types(const std::optional<DType>* in_arrays,
                                                        const DType* out_arrays) const {
  std::vector<std::pair<std::string, DType>> bound;
  auto find = [&bound](const std::string& placeholder) -> const DType* {
    for (const auto& [name, dt] : bound)
      if (name == placeholder) return &dt;
    return nullptr;
  };
  auto bind = [&](const UserParam& p, DType got) {
    if (p.dtype) {
      if (*p.dtype != got)
        throw UserKernelTypeError("Type is mismatched. " + p.name + ": got " + dtype_name(got) +
                                  ", the kernel declares " + dtype_name(*p.dtype));
    } else if (const DType* t = find(p.type)) {
      if (*t != got)
        throw UserKernelTypeError("Type is mismatched. " + p.name + ": got " + dtype_name(got) +
                                  ", but type placeholder " + p.type + " is " + dtype_name(*t));
    } else {
      bound.emplace_back(p.type, got);
    }
  };
  if (out_arrays)
    for (std::size_t k = 0; k < def_.out.size(); ++k) bind(def_.out[k], out_arrays[k]);
  for (std::size_t k = 0; k < def_.in.size(); ++k)
    if (in_arrays[k]) bind(def_.in[k], *in_arrays[k]);

  std::vector<DType> dtypes;
  for (std::size_t k = 0; k < def_.in.size() + def_.out.size(); ++k) {
    const UserParam& p = param_at(def_, k);
    const DType* t = p.dtype ? &*p.dtype : find(p.type);
    if (t == nullptr)
      throw UserKernelTypeError("ElementwiseKernel '" + def_.name + "': type placeholder " + p.type + " of '" +
                                p.name + "' is not bound by any array argument (scalars do not bind placeholders)");
    dtypes.push_back(*t);
  }
  return dtypes;
}

const ElementwiseOp& UserElementwiseKernel::op(const DType* dtypes, const UserArgKind* kinds, bool outputs_given) {
  const std::size_t nparams = def_.in.size() + def_.out.size();
  std::string key(1, outputs_given ? 'o' : '-');
  for (std::size_t k = 0; k < nparams; ++k) {
    key += static_cast<char>(dtypes[k]);
    key += static_cast<char>(kinds[k]);
  }
  return ops_.find_or_make(
      key, [&] { return user_elementwise_op(def_, dtypes, kinds, outputs_given, uses_index_, uses_indexer_); });
}

std::vector<NDArray> UserElementwiseKernel::run(const UserInput* inputs, const NDArray* const* outs,
                                                std::optional<std::int64_t> size, const DType* dtypes) {
  const std::size_t nin = def_.in.size(), nout = def_.out.size();
  const bool outputs_given = outs != nullptr && nout > 0;

  // The loop's shape: the broadcast of the non-raw arrays, or size=.
  std::vector<OperandDesc> shaping;
  for (std::size_t k = 0; k < nin; ++k)
    if (inputs[k].array && !def_.in[k].raw) shaping.push_back(OperandDesc::input(*inputs[k].array));
  for (std::size_t k = 0; outputs_given && k < nout; ++k)
    if (!def_.out[k].raw) shaping.push_back(OperandDesc::input(*outs[k]));
  Shape shape;
  if (size) {
    if (!shaping.empty())
      throw std::invalid_argument("Specified 'size' can be used only if all of the ndarray are 'raw'.");
    if (*size < 0) throw std::invalid_argument("size must be non-negative, got " + std::to_string(*size));
    shape = {*size};
  } else {
    if (shaping.empty()) throw std::invalid_argument("Loop size is undecided.");
    const IterationPlan broadcast(shaping.data(), static_cast<int>(shaping.size()));  // NumPy's errors
    for (int d = 0; d < broadcast.result_ndim(); ++d) shape.push_back(broadcast.result_shape(d));
  }

  std::vector<NDArray> results;
  for (std::size_t k = 0; k < nout; ++k) {
    const UserParam& p = def_.out[k];
    if (outputs_given) {
      if (!outs[k]->writeable) throw std::invalid_argument("output array '" + p.name + "' is read-only");
      if (!p.raw && outs[k]->shape != shape) throw std::invalid_argument("Out shape is mismatched");
      results.push_back(*outs[k]);
    } else {
      if (p.raw && !size) throw std::invalid_argument("Output array size is Undecided");
      results.push_back(NDArray::empty(p.raw ? Shape{*size} : shape, dtypes[nin + k]));
    }
  }
  const std::int64_t numel = shape_size(shape);
  if (numel == 0) return results;

  // Operands and scalars in parameter order (Note [User elementwise kernels]).
  // Raw arrays are indexed flat in C order: others go through a C-contiguous
  // copy, copied back afterwards for outputs.
  std::vector<UserArgKind> kinds(nin + nout);
  std::vector<OperandDesc> operands;
  std::vector<ScalarArg> scalars;
  std::vector<NDArray> copies;
  std::vector<std::pair<const NDArray*, NDArray>> write_back;
  auto pass_raw = [&](const NDArray& a) {
    scalars.push_back(scalar_arg(DType::UInt64, a.data_ptr()));
    scalars.push_back(scalar_arg(DType::Int64, static_cast<std::uint64_t>(a.size())));
  };
  for (std::size_t k = 0; k < nin; ++k) {
    const NDArray* a = inputs[k].array;
    kinds[k] = !a ? UserArgKind::Scalar : def_.in[k].raw ? UserArgKind::Raw : UserArgKind::Array;
    if (kinds[k] == UserArgKind::Scalar) {
      scalars.push_back(inputs[k].scalar);
    } else if (kinds[k] == UserArgKind::Array) {
      operands.push_back(OperandDesc::input(*a));
    } else if (a->is_c_contiguous()) {
      pass_raw(*a);
    } else {
      copies.push_back(copy_array(*a, a->dtype, 'C'));
      pass_raw(copies.back());
    }
  }
  for (std::size_t k = 0; k < nout; ++k) {
    const NDArray& r = results[k];
    kinds[nin + k] = def_.out[k].raw ? UserArgKind::Raw : UserArgKind::Array;
    if (!def_.out[k].raw) {
      operands.push_back(OperandDesc::output(r));
    } else if (r.is_c_contiguous()) {
      pass_raw(r);
    } else {
      write_back.emplace_back(&r, copy_array(r, r.dtype, 'C'));
      pass_raw(write_back.back().second);
    }
  }
  if (uses_indexer_) scalars.push_back(scalar_arg(DType::Int64, static_cast<std::uint64_t>(numel)));

  // Only raw arrays and scalars: the plan walks a placeholder input of the
  // loop's size (stride 0, read once per thread, unused by the operation).
  NDArray placeholder;
  const std::int64_t zero_stride = 0;
  if (operands.empty()) {
    placeholder = NDArray::empty({1}, DType::UInt8);
    operands.push_back({&numel, &zero_stride, 1, DType::UInt8, placeholder.data_ptr(), false});
  }
  run_elementwise(op(dtypes, kinds.data(), outputs_given), operands.data(), static_cast<int>(operands.size()),
                  scalars.data(), static_cast<int>(scalars.size()));
  for (const auto& [dst, src] : write_back) copy_into(*dst, src);
  return results;
}

}  // namespace gpuarray
