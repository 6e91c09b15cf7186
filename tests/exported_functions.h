// SPDX-License-Identifier: Apache-2.0
// The assembly functions the running target exports (library and test-only), as
// generated/sources.json lists them: what the ABI and unwind coverage tests require
// every registered case to have reached.
#ifndef CTASM_TESTS_EXPORTED_FUNCTIONS_H
#define CTASM_TESTS_EXPORTED_FUNCTIONS_H

#include <stdlib.h>

#include <string>
#include <utility>
#include <vector>

#include "test_util.h"

namespace ctasm_test {

// The generated/ target this binary runs as (targets.json names).
inline const char *running_target() {
#if (defined(__x86_64__) || defined(_M_X64)) && defined(_WIN32)
  return "x86_64-win";
#elif defined(__x86_64__) && defined(__APPLE__)
  return "x86_64-apple";
#elif defined(__x86_64__)
  return "x86_64-linux";
#elif (defined(__aarch64__) || defined(_M_ARM64)) && defined(_WIN32)
  return "aarch64-win";
#elif defined(__aarch64__) && defined(__APPLE__)
  return "aarch64-apple";
#elif defined(__aarch64__)
  return "aarch64-linux";
#elif defined(__APPLE__)
  return "armv7-ios";
#else
  return "armv7-linux";
#endif
}

inline std::string sources_json_path() {
  if (const char *e = getenv("CTASM_SOURCES_JSON")) return e;
#if defined(CTASM_SOURCES_JSON)
  return CTASM_SOURCES_JSON;
#else
  // tests/vectors -> the source root.
  return test_vectors_dir() + "/../../generated/sources.json";
#endif
}

// (name, "symbols" or "test_symbols") for every function of the running target;
// false with *err set when sources.json cannot be read or lacks the target.
inline bool exported_functions(std::vector<std::pair<std::string, std::string>> *out,
                               std::string *err) {
  const std::string path = sources_json_path();
  Json doc;
  if (!parse_json_file(path, &doc, err)) {
    *err = path + ": " + *err + " (set CTASM_SOURCES_JSON to generated/sources.json)";
    return false;
  }
  const Json &t = doc["targets"][running_target()];
  if (t.is_null()) {
    *err = std::string("no target ") + running_target() + " in " + path;
    return false;
  }
  for (const char *list : {"symbols", "test_symbols"}) {
    const Json &syms = t[list];
    for (size_t i = 0; i < syms.size(); i++) out->emplace_back(syms[i].as_string(), list);
  }
  return true;
}

}  // namespace ctasm_test

#endif  // CTASM_TESTS_EXPORTED_FUNCTIONS_H
