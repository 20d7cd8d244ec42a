// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/sort.hpp"

#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "cub/radix_sort.hpp"
#include "cuda/stream.hpp"
#include "kernels/elementwise_launcher.hpp"
#include "kernels/sort_keys.hpp"

namespace gpuarray {
namespace {

// Keys of one part, in the elements' original order (see Note [Sort keys]).
struct KeyPart {
  NDArray keys;  // 1-D, contiguous, unsigned
  int bits;
};

NDArray flat(const NDArray& a) {
  NDArray f = a;
  f.shape = {a.size()};
  f.strides = {a.itemsize()};
  return f;
}

// The same memory read as another dtype, `byte_offset` further on (the real
// and imaginary parts of a complex array as unsigned bits).
NDArray reinterpret(NDArray a, DType dtype, std::ptrdiff_t byte_offset = 0) {
  a.dtype = dtype;
  a.data.offset += byte_offset;
  return a;
}

ScalarArg int64_scalar(std::int64_t v) {
  ScalarArg s{DType::Int64, {}};
  std::memcpy(s.bytes, &v, sizeof v);
  return s;
}

ScalarArg address_scalar(const NDArray& a) {
  ScalarArg s{DType::UInt64, {}};
  const std::uint64_t p = a.data_ptr();
  std::memcpy(s.bytes, &p, sizeof p);
  return s;
}

void run(const ElementwiseOp& op, std::initializer_list<const NDArray*> in, std::initializer_list<const NDArray*> out,
         std::initializer_list<ScalarArg> scalars = {}) {
  OperandDesc ops[kMaxOperands];
  int k = 0;
  for (const NDArray* a : in) ops[k++] = OperandDesc::input(*a);
  for (const NDArray* a : out) ops[k++] = OperandDesc::output(*a);
  run_elementwise(op, ops, k, scalars.begin(), static_cast<int>(scalars.size()));
}

const ElementwiseOp& iota_op() {
  static const ElementwiseOp op = ElementwiseOp::make("sort_iota", "out0 = i;", {}, false, true);
  return op;
}

// out0 = s0[in0]: s0 the address of a contiguous array of out0's dtype.
const ElementwiseOp& gather_op() {
  static const ElementwiseOp op =
      ElementwiseOp::make("sort_gather", "out0 = reinterpret_cast<const out0_type*>(s0)[in0];");
  return op;
}

const ElementwiseOp& row_op() {
  static const ElementwiseOp op = ElementwiseOp::make("sort_row", "out0 = (out0_type)(in0 / s0);");
  return op;
}

const ElementwiseOp& position_in_row_op() {
  static const ElementwiseOp op = ElementwiseOp::make("sort_position_in_row", "out0 = in0 % s0;");
  return op;
}

std::vector<KeyPart> key_parts(const NDArray& source, bool canonical_zero) {
  const NDArray a = flat(source);
  const DTypeInfo& info = dtype_info(a.dtype);
  if (info.kind != DTypeKind::Complex) {
    const DType key_dtype = unsigned_key_dtype(info.itemsize);
    NDArray keys = NDArray::empty(a.shape, key_dtype);
    const NDArray bits = reinterpret(a, key_dtype);
    run(sort_key_op(a.dtype, canonical_zero), {&bits}, {&keys});
    return {{keys, sort_key_bits(a.dtype)}};
  }
  const int half = info.itemsize / 2;
  const DType part_dtype = unsigned_key_dtype(half);
  const NDArray real = reinterpret(a, part_dtype), imag = reinterpret(a, part_dtype, half);
  NDArray cls = NDArray::empty(a.shape, DType::UInt8);
  NDArray real_keys = NDArray::empty(a.shape, part_dtype), imag_keys = NDArray::empty(a.shape, part_dtype);
  run(complex_sort_keys_op(a.dtype), {&real, &imag}, {&cls, &real_keys, &imag_keys});
  return {{imag_keys, 8 * half}, {real_keys, 8 * half}, {cls, 2}};
}

// The number of bits that hold 0..count-1 (at least 1).
int bits_for(std::int64_t count) {
  int bits = 1;
  while (bits < 63 && (std::int64_t{1} << bits) < count) ++bits;
  return bits;
}

// Sorts `perm` (n int64) by `keys` (n unsigned, consumed) on `bits` bits, stably.
void sort_pairs_into(NDArray& perm, NDArray keys, int bits) {
  const std::int64_t n = perm.size();
  NDArray keys_alt = NDArray::empty(keys.shape, keys.dtype);
  NDArray perm_alt = NDArray::empty(perm.shape, DType::Int64);
  const int selector = radix_sort_pairs(
      reinterpret_cast<void*>(keys.data_ptr()), reinterpret_cast<void*>(keys_alt.data_ptr()),
      reinterpret_cast<std::int64_t*>(perm.data_ptr()), reinterpret_cast<std::int64_t*>(perm_alt.data_ptr()), n,
      keys.itemsize(), 0, bits, current_stream());
  if (selector == 1) perm = std::move(perm_alt);
}

// Flat positions sorting `sources` as Note [Sorting rows] says.
NDArray flat_permutation(const std::vector<NDArray>& sources) {
  const NDArray& first = sources.front();
  const std::int64_t n = first.size();
  const std::int64_t row_length = first.shape.back();
  NDArray perm = NDArray::empty({n}, DType::Int64);
  run(iota_op(), {}, {&perm});
  bool in_order = true;  // perm is still the identity: keys need no gather
  for (const NDArray& source : sources) {
    for (KeyPart& part : key_parts(source, true)) {
      NDArray keys = part.keys;
      if (!in_order) {
        keys = NDArray::empty(part.keys.shape, part.keys.dtype);
        const ScalarArg address = address_scalar(part.keys);
        run(gather_op(), {&perm}, {&keys}, {address});
      }
      sort_pairs_into(perm, keys, part.bits);
      in_order = false;
    }
  }
  const std::int64_t rows = n / row_length;
  if (rows > 1) {
    const bool narrow = rows <= (std::int64_t{1} << 32);
    NDArray row_keys = NDArray::empty({n}, narrow ? DType::UInt32 : DType::UInt64);
    run(row_op(), {&perm}, {&row_keys}, {int64_scalar(row_length)});
    sort_pairs_into(perm, row_keys, bits_for(rows));
  }
  return perm;
}

void check_sortable(const NDArray& a, const char* what) {
  if (a.ndim() < 1) throw std::invalid_argument(std::string(what) + ": a 0-d array has no axis to sort along");
  if (!a.is_c_contiguous()) throw std::invalid_argument(std::string(what) + ": the array must be C-contiguous");
}

}  // namespace

NDArray sort_last_axis(const NDArray& a) {
  check_sortable(a, "sort_last_axis");
  const std::int64_t n = a.size();
  if (n == 0) return NDArray::empty(a.shape, a.dtype);
  const bool one_row = a.shape.back() == n;
  if (!one_row || dtype_info(a.dtype).kind == DTypeKind::Complex) {
    const NDArray perm = flat_permutation({a});
    NDArray out = NDArray::empty(a.shape, a.dtype);
    NDArray out_flat = flat(out);
    run(gather_op(), {&perm}, {&out_flat}, {address_scalar(a)});
    return out;
  }
  KeyPart part = std::move(key_parts(a, false).front());
  NDArray keys_alt = NDArray::empty(part.keys.shape, part.keys.dtype);
  const int selector = radix_sort_keys(reinterpret_cast<void*>(part.keys.data_ptr()),
                                       reinterpret_cast<void*>(keys_alt.data_ptr()), n, part.keys.itemsize(), 0,
                                       part.bits, current_stream());
  const NDArray& sorted = selector == 0 ? part.keys : keys_alt;
  const DTypeKind kind = dtype_info(a.dtype).kind;
  if (kind == DTypeKind::Bool || kind == DTypeKind::UnsignedInt) {  // the keys are the values
    NDArray out = reinterpret(sorted, a.dtype);
    out.shape = a.shape;
    out.strides = a.strides;
    return out;
  }
  NDArray out = NDArray::empty(a.shape, a.dtype);
  const NDArray out_bits = reinterpret(flat(out), part.keys.dtype);
  run(sort_key_inverse_op(a.dtype), {&sorted}, {&out_bits});
  return out;
}

NDArray argsort_last_axis(const std::vector<NDArray>& keys) {
  if (keys.empty()) throw std::invalid_argument("argsort_last_axis: no keys");
  for (const NDArray& k : keys) {
    check_sortable(k, "argsort_last_axis");
    if (k.shape != keys.front().shape) throw std::invalid_argument("argsort_last_axis: keys differ in shape");
  }
  const Shape& shape = keys.front().shape;
  if (keys.front().size() == 0) return NDArray::empty(shape, DType::Int64);
  NDArray perm = flat_permutation(keys);
  if (shape.back() == keys.front().size()) {
    // One row: the flat permutation is the answer, given the strides of its
    // new shape too (shape (1, n) with the 1-D strides left strides[1] unset,
    // and views of the result read from a made-up stride).
    perm.shape = shape;
    perm.strides = contiguous_strides(shape, perm.itemsize(), Order::C);
    return perm;
  }
  NDArray positions = NDArray::empty(shape, DType::Int64);
  NDArray positions_flat = flat(positions);
  run(position_in_row_op(), {&perm}, {&positions_flat}, {int64_scalar(shape.back())});
  return positions;
}

}  // namespace gpuarray
