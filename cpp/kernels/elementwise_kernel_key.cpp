// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/elementwise_kernel_key.hpp"

#include <stdexcept>

namespace gpuarray {
namespace {

bool is_identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  // boost::hash_combine's recipe, widened to 64 bits.
  return h ^ (v + 0x9e3779b97f4a7c15ull + (h << 12) + (h >> 4));
}

std::uint64_t small_fields(const ElementwiseKernelKey& k) {
  return static_cast<std::uint64_t>(k.kind) | static_cast<std::uint64_t>(k.index_width) << 8 |
         static_cast<std::uint64_t>(k.ndim) << 16 | static_cast<std::uint64_t>(k.vector_width) << 24 |
         static_cast<std::uint64_t>(k.num_operands) << 32 | static_cast<std::uint64_t>(k.num_scalars) << 40 |
         static_cast<std::uint64_t>(k.output_mask) << 48;
}

}  // namespace

std::uint64_t fnv1a64(const std::string& text, std::uint64_t seed) {
  std::uint64_t h = seed;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

ElementwiseOp ElementwiseOp::make(std::string name, std::string expression, std::string preamble,
                                  bool reads_outputs, bool uses_index) {
  if (name.empty()) throw std::invalid_argument("an elementwise op needs a name");
  for (char c : name)
    if (!is_identifier_char(c))
      throw std::invalid_argument("elementwise op name '" + name +
                                  "' may only hold letters, digits and '_': it becomes part of a kernel name");
  ElementwiseOp op{std::move(name), std::move(expression), std::move(preamble), reads_outputs, uses_index, 0};
  // The separators keep ("ab", "c") and ("a", "bc") apart.
  const std::string flags = std::string(reads_outputs ? "r" : "-") + (uses_index ? "i" : "-");
  op.hash = fnv1a64(op.preamble, fnv1a64(op.expression + '\0', fnv1a64(op.name + '\0' + flags)));
  return op;
}

bool ElementwiseKernelKey::operator==(const ElementwiseKernelKey& o) const {
  if (small_fields(*this) != small_fields(o) || op_hash != o.op_hash || broadcast_mask != o.broadcast_mask ||
      staged_mask != o.staged_mask)
    return false;
  for (int i = 0; i < kMaxOperands; ++i)
    if (operand_dtypes[i] != o.operand_dtypes[i]) return false;
  for (int i = 0; i < kMaxScalars; ++i)
    if (scalar_dtypes[i] != o.scalar_dtypes[i]) return false;
  return true;
}

std::size_t ElementwiseKernelKey::hash() const {
  std::uint64_t h = mix(op_hash, small_fields(*this));
  h = mix(h, broadcast_mask | static_cast<std::uint64_t>(staged_mask) << 16);
  for (int i = 0; i < num_operands; ++i) h = mix(h, static_cast<std::uint64_t>(operand_dtypes[i]));
  for (int i = 0; i < num_scalars; ++i) h = mix(h, static_cast<std::uint64_t>(scalar_dtypes[i]) | 0x100u);
  return static_cast<std::size_t>(h);
}

ElementwiseKernelKey make_kernel_key(const ElementwiseOp& op, const IterationPlan& plan, const DType* scalar_dtypes,
                                     int num_scalars) {
  if (plan.kind() == PlanKind::Empty)
    throw std::invalid_argument("elementwise op '" + op.name + "': an empty iteration launches no kernel");
  if (num_scalars < 0 || num_scalars > kMaxScalars)
    throw std::invalid_argument("elementwise op '" + op.name + "' takes at most " + std::to_string(kMaxScalars) +
                                " scalar parameters, got " + std::to_string(num_scalars));
  ElementwiseKernelKey key;
  key.op_hash = op.hash;
  key.kind = plan.kind();
  key.index_width = plan.index_width();
  key.ndim = static_cast<std::uint8_t>(plan.kind() == PlanKind::Contiguous ? 1 : plan.ndim());
  key.vector_width = static_cast<std::uint8_t>(plan.vector_width());
  key.num_operands = static_cast<std::uint8_t>(plan.num_operands());
  key.num_scalars = static_cast<std::uint8_t>(num_scalars);
  key.output_mask = static_cast<std::uint16_t>(plan.output_mask());
  key.broadcast_mask = static_cast<std::uint16_t>(plan.broadcast_mask());
  key.staged_mask = static_cast<std::uint16_t>(plan.staged_mask());
  for (int i = 0; i < plan.num_operands(); ++i) key.operand_dtypes[i] = plan.dtype(i);
  for (int i = 0; i < num_scalars; ++i) key.scalar_dtypes[i] = scalar_dtypes[i];
  return key;
}

}  // namespace gpuarray
