# SPDX-License-Identifier: BSD-3-Clause
"""C++ names for Python names: the generated code keeps the user's names
where C++ allows them, so that it reads as the Python it came from."""

_CPP_KEYWORDS = frozenset("""alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t
char32_t class compl const constexpr const_cast continue decltype default delete do double dynamic_cast else enum
explicit export extern false float for friend goto if inline int long mutable namespace new noexcept not not_eq
nullptr operator or or_eq private protected public register reinterpret_cast return short signed sizeof static
static_assert static_cast struct switch template this thread_local throw true try typedef typeid typename union
unsigned using virtual void volatile wchar_t while xor xor_eq warpSize threadIdx blockIdx blockDim gridDim
ga std min max abs""".split())


def cpp_identifier(name):
    """A C++ name for a Python name: keywords and reserved spellings get a prefix."""
    if name in _CPP_KEYWORDS or "__" in name or name.startswith("_ga") or name.startswith("_"):
        return "py_" + name.lstrip("_") + "_" * (len(name) - len(name.lstrip("_")))
    return name
