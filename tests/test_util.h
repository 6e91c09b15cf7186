// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the test suites: hex, files, vector directories, NIST
// "KEY = value" files, a small JSON reader (Wycheproof) and a deterministic
// PRNG.
#ifndef CTASM_TESTS_TEST_UTIL_H
#define CTASM_TESTS_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ctasm_test {

// Hex without separators, either case. Returns false on odd length or a
// non-hex character.
bool from_hex(const std::string &hex, std::vector<uint8_t> *out);
// Convenience for literals in tests: aborts the test program on bad input.
std::vector<uint8_t> hex_bytes(const std::string &hex);
std::string to_hex(const uint8_t *p, size_t n);
std::string to_hex(const std::vector<uint8_t> &v);

bool read_file(const std::string &path, std::string *out);

// NIST CAVP directory (…/cryptography_vectors): env CTASM_NIST_VECTORS_DIR,
// else the CTASM_NIST_VECTORS_DIR compile definition, else Debian's path.
std::string nist_vectors_dir();
// ctasm's own tests/vectors: env CTASM_TEST_VECTORS_DIR, else the compile
// definition, else "tests/vectors" relative to the working directory.
std::string test_vectors_dir();

// One record of a NIST-style file: the fields between blank lines, with the
// "[SECTION]" header in force ("" before the first one).
struct KvRecord {
  std::string section;
  std::map<std::string, std::string> fields;
  int line = 0;  // first line of the record, for messages
  bool has(const std::string &k) const { return fields.count(k) != 0; }
  const std::string &get(const std::string &k) const;  // "" when absent
};
// "#" comment lines are skipped; field names keep their case.
std::vector<KvRecord> parse_kv_text(const std::string &text);
// Reads and parses a file; false (with *err set) when the file can't be read.
bool parse_kv_file(const std::string &path, std::vector<KvRecord> *out, std::string *err);

// Minimal JSON value (enough for Wycheproof files).
class Json {
 public:
  enum Type { kNull, kBool, kNumber, kString, kArray, kObject };
  Type type() const { return type_; }
  bool is_null() const { return type_ == kNull; }
  bool as_bool() const { return b_; }
  double as_number() const { return num_; }
  const std::string &as_string() const { return str_; }
  size_t size() const;  // array or object element count
  const Json &operator[](size_t i) const;
  const Json &operator[](const std::string &key) const;  // null value when absent
  bool has(const std::string &key) const;
  const std::vector<std::pair<std::string, Json>> &members() const { return obj_; }

  // Parses a whole document; false with *err describing the position.
  static bool parse(const std::string &text, Json *out, std::string *err);

 private:
  friend class JsonParser;
  Type type_ = kNull;
  bool b_ = false;
  double num_ = 0;
  std::string str_;
  std::vector<Json> arr_;
  std::vector<std::pair<std::string, Json>> obj_;
};

// Reads and parses a JSON file.
bool parse_json_file(const std::string &path, Json *out, std::string *err);

// The FIPS-197 AES key schedule (16, 24 or 32 key bytes): 16 (Nr + 1) bytes,
// round key r at 16 r. A byte-oriented reference of the test suite's own.
std::vector<uint8_t> reference_aes_round_keys(const uint8_t *key, size_t key_len);

// Deterministic generator (splitmix64) so failures reproduce.
class TestRng {
 public:
  explicit TestRng(uint64_t seed) : state_(seed) {}
  uint64_t next();
  uint32_t below(uint32_t bound) { return static_cast<uint32_t>(next() % bound); }
  void fill(uint8_t *p, size_t n);
  std::vector<uint8_t> bytes(size_t n);

 private:
  uint64_t state_;
};

}  // namespace ctasm_test

#endif  // CTASM_TESTS_TEST_UTIL_H
