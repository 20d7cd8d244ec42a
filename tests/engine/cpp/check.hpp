// SPDX-License-Identifier: BSD-3-Clause
// The engine's C++ unit tests' harness, small enough to read in a minute:
// TEST registers a case, CHECK and CHECK_EQ record a failure (with the file,
// line and both values) and let the case go on, CHECK_THROWS expects an
// exception whose message holds a given text. Ours rather than doctest or
// Catch2, so that a build needs nothing beyond a compiler and the toolkit.
// Each executable's main is run_tests() (tests/engine/cpp/main.cpp).
#pragma once
#include <exception>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace gpuarray::test {

struct TestCase {
  const char* name;
  void (*run)();
};

std::vector<TestCase>& registry();
void record_failure(const char* file, int line, const std::string& what);

struct Registration {
  Registration(const char* name, void (*run)()) { registry().push_back({name, run}); }
};

// CHECK_EQ's comparison: C strings by their text, not their address.
template <typename A, typename B>
bool equal(const A& a, const B& b) {
  if constexpr (std::is_convertible_v<A, const char*> && std::is_convertible_v<B, const char*>) {
    return std::string_view(a) == std::string_view(b);
  } else {
    return a == b;
  }
}

// A value as the failure message shows it; enum classes as their number.
template <typename T>
std::string show(const T& value) {
  std::ostringstream out;
  if constexpr (std::is_enum_v<T>) {
    out << static_cast<long long>(value);
  } else {
    out << value;
  }
  return out.str();
}

template <typename T>
std::string show(const std::vector<T>& values) {
  std::string text = "(";
  for (std::size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + show(values[i]);
  return text + ")";
}

}  // namespace gpuarray::test

#define GA_TEST_CONCAT2(a, b) a##b
#define GA_TEST_CONCAT(a, b) GA_TEST_CONCAT2(a, b)

// TEST(area_what_it_checks): the name's first part is the CTest entry that runs it.
#define TEST(name)                                                                           \
  static void name();                                                                        \
  static const ::gpuarray::test::Registration GA_TEST_CONCAT(registration_, name)(#name, name); \
  static void name()

#define CHECK(cond)                                                          \
  do {                                                                       \
    if (!(cond)) ::gpuarray::test::record_failure(__FILE__, __LINE__, "CHECK(" #cond ")"); \
  } while (0)

#define CHECK_EQ(actual, expected)                                                           \
  do {                                                                                       \
    const auto& ga_actual = (actual);                                                        \
    const auto& ga_expected = (expected);                                                    \
    if (!::gpuarray::test::equal(ga_actual, ga_expected))                                     \
      ::gpuarray::test::record_failure(__FILE__, __LINE__,                                   \
                                       "CHECK_EQ(" #actual ", " #expected "): " +            \
                                           ::gpuarray::test::show(ga_actual) + " != " +      \
                                           ::gpuarray::test::show(ga_expected));             \
  } while (0)

// `statement` must throw an exception of `type` whose what() contains `text`.
#define CHECK_THROWS(statement, type, text)                                                  \
  do {                                                                                       \
    try {                                                                                    \
      statement;                                                                             \
      ::gpuarray::test::record_failure(__FILE__, __LINE__, "no " #type " from " #statement); \
    } catch (const type& ga_error) {                                                         \
      if (std::string(ga_error.what()).find(text) == std::string::npos)                      \
        ::gpuarray::test::record_failure(__FILE__, __LINE__,                                 \
                                         std::string(#type " without \"") + (text) +         \
                                             "\": " + ga_error.what());                      \
    }                                                                                        \
  } while (0)
