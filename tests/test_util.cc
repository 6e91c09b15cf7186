// SPDX-License-Identifier: Apache-2.0
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

namespace ctasm_test {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string env_or(const char *name, const char *fallback) {
  const char *v = getenv(name);
  if (v != nullptr && v[0] != '\0') return v;
  return fallback;
}

std::string trim(const std::string &s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r' || s[b] == '\n')) b++;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r' || s[e - 1] == '\n')) e--;
  return s.substr(b, e - b);
}

}  // namespace

bool from_hex(const std::string &hex, std::vector<uint8_t> *out) {
  out->clear();
  if (hex.size() % 2 != 0) return false;
  out->reserve(hex.size() / 2);
  for (size_t i = 0; i < hex.size(); i += 2) {
    const int hi = hex_digit(hex[i]), lo = hex_digit(hex[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out->push_back(static_cast<uint8_t>(hi * 16 + lo));
  }
  return true;
}

std::vector<uint8_t> hex_bytes(const std::string &hex) {
  std::vector<uint8_t> v;
  if (!from_hex(hex, &v)) {
    fprintf(stderr, "hex_bytes: bad hex literal \"%s\"\n", hex.c_str());
    abort();
  }
  return v;
}

std::string to_hex(const uint8_t *p, size_t n) {
  static const char kDigits[] = "0123456789abcdef";
  std::string s;
  s.reserve(2 * n);
  for (size_t i = 0; i < n; i++) {
    s += kDigits[p[i] >> 4];
    s += kDigits[p[i] & 15];
  }
  return s;
}

std::string to_hex(const std::vector<uint8_t> &v) { return to_hex(v.data(), v.size()); }

bool read_file(const std::string &path, std::string *out) {
  FILE *f = fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  out->clear();
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), f)) > 0) out->append(buf, n);
  const bool ok = ferror(f) == 0;
  fclose(f);
  return ok;
}

std::string nist_vectors_dir() {
#if defined(CTASM_NIST_VECTORS_DIR)
  return env_or("CTASM_NIST_VECTORS_DIR", CTASM_NIST_VECTORS_DIR);
#else
  return env_or("CTASM_NIST_VECTORS_DIR", "/usr/lib/python3/dist-packages/cryptography_vectors");
#endif
}

std::string test_vectors_dir() {
#if defined(CTASM_TEST_VECTORS_DIR)
  return env_or("CTASM_TEST_VECTORS_DIR", CTASM_TEST_VECTORS_DIR);
#else
  return env_or("CTASM_TEST_VECTORS_DIR", "tests/vectors");
#endif
}

const std::string &KvRecord::get(const std::string &k) const {
  static const std::string kEmpty;
  auto it = fields.find(k);
  return it == fields.end() ? kEmpty : it->second;
}

std::vector<KvRecord> parse_kv_text(const std::string &text) {
  std::vector<KvRecord> out;
  std::string section;
  KvRecord cur;
  int line_no = 0;
  auto flush = [&] {
    if (!cur.fields.empty()) out.push_back(cur);
    cur = KvRecord();
  };
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    const std::string line = trim(text.substr(pos, nl - pos));
    pos = nl + 1;
    line_no++;
    if (line.empty()) {
      flush();
      continue;
    }
    if (line[0] == '#') continue;
    if (line[0] == '[') {
      flush();
      const size_t close = line.find(']');
      section = line.substr(1, close == std::string::npos ? std::string::npos : close - 1);
      continue;
    }
    const size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    if (cur.fields.empty()) {
      cur.section = section;
      cur.line = line_no;
    }
    cur.fields[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
  }
  flush();
  return out;
}

bool parse_kv_file(const std::string &path, std::vector<KvRecord> *out, std::string *err) {
  std::string text;
  if (!read_file(path, &text)) {
    *err = "cannot read " + path;
    return false;
  }
  *out = parse_kv_text(text);
  return true;
}

// ---- JSON -------------------------------------------------------------------

size_t Json::size() const { return type_ == kArray ? arr_.size() : type_ == kObject ? obj_.size() : 0; }

const Json &Json::operator[](size_t i) const {
  static const Json kNullValue;
  return (type_ == kArray && i < arr_.size()) ? arr_[i] : kNullValue;
}

const Json &Json::operator[](const std::string &key) const {
  static const Json kNullValue;
  if (type_ != kObject) return kNullValue;
  for (const auto &m : obj_) {
    if (m.first == key) return m.second;
  }
  return kNullValue;
}

bool Json::has(const std::string &key) const {
  if (type_ != kObject) return false;
  for (const auto &m : obj_) {
    if (m.first == key) return true;
  }
  return false;
}

class JsonParser {
 public:
  explicit JsonParser(const std::string &t) : t_(t) {}

  bool document(Json *out, std::string *err) {
    if (!value(out, 0)) {
      *err = "JSON error at byte " + std::to_string(pos_) + ": " + err_;
      return false;
    }
    ws();
    if (pos_ != t_.size()) {
      *err = "JSON error: trailing data at byte " + std::to_string(pos_);
      return false;
    }
    return true;
  }

 private:
  void ws() {
    while (pos_ < t_.size() && (t_[pos_] == ' ' || t_[pos_] == '\n' || t_[pos_] == '\r' || t_[pos_] == '\t'))
      pos_++;
  }
  bool fail(const char *m) {
    err_ = m;
    return false;
  }
  bool literal(const char *word) {
    size_t n = 0;
    while (word[n]) n++;
    if (t_.compare(pos_, n, word) != 0) return fail("bad literal");
    pos_ += n;
    return true;
  }
  static void put_utf8(std::string *s, uint32_t cp) {
    if (cp < 0x80) {
      *s += static_cast<char>(cp);
    } else if (cp < 0x800) {
      *s += static_cast<char>(0xc0 | (cp >> 6));
      *s += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      *s += static_cast<char>(0xe0 | (cp >> 12));
      *s += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      *s += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
      *s += static_cast<char>(0xf0 | (cp >> 18));
      *s += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
      *s += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      *s += static_cast<char>(0x80 | (cp & 0x3f));
    }
  }
  bool hex4(uint32_t *v) {
    if (pos_ + 4 > t_.size()) return fail("short \\u escape");
    *v = 0;
    for (int i = 0; i < 4; i++) {
      const char c = t_[pos_++];
      int d = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
      if (d < 0) return fail("bad \\u escape");
      *v = *v * 16 + static_cast<uint32_t>(d);
    }
    return true;
  }
  bool string(std::string *s) {
    if (pos_ >= t_.size() || t_[pos_] != '"') return fail("expected string");
    pos_++;
    s->clear();
    while (pos_ < t_.size()) {
      const char c = t_[pos_++];
      if (c == '"') return true;
      if (c != '\\') {
        *s += c;
        continue;
      }
      if (pos_ >= t_.size()) break;
      const char e = t_[pos_++];
      switch (e) {
        case '"': *s += '"'; break;
        case '\\': *s += '\\'; break;
        case '/': *s += '/'; break;
        case 'b': *s += '\b'; break;
        case 'f': *s += '\f'; break;
        case 'n': *s += '\n'; break;
        case 'r': *s += '\r'; break;
        case 't': *s += '\t'; break;
        case 'u': {
          uint32_t cp;
          if (!hex4(&cp)) return false;
          if (cp >= 0xd800 && cp < 0xdc00 && t_.compare(pos_, 2, "\\u") == 0) {
            pos_ += 2;
            uint32_t lo;
            if (!hex4(&lo)) return false;
            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          }
          put_utf8(s, cp);
          break;
        }
        default:
          return fail("bad escape");
      }
    }
    return fail("unterminated string");
  }
  bool value(Json *out, int depth) {
    if (depth > 64) return fail("nesting too deep");
    ws();
    if (pos_ >= t_.size()) return fail("unexpected end");
    const char c = t_[pos_];
    if (c == '{') {
      pos_++;
      out->type_ = Json::kObject;
      ws();
      if (pos_ < t_.size() && t_[pos_] == '}') {
        pos_++;
        return true;
      }
      for (;;) {
        ws();
        std::pair<std::string, Json> m;
        if (!string(&m.first)) return false;
        ws();
        if (pos_ >= t_.size() || t_[pos_] != ':') return fail("expected ':'");
        pos_++;
        if (!value(&m.second, depth + 1)) return false;
        out->obj_.push_back(std::move(m));
        ws();
        if (pos_ < t_.size() && t_[pos_] == ',') {
          pos_++;
          continue;
        }
        if (pos_ < t_.size() && t_[pos_] == '}') {
          pos_++;
          return true;
        }
        return fail("expected ',' or '}'");
      }
    }
    if (c == '[') {
      pos_++;
      out->type_ = Json::kArray;
      ws();
      if (pos_ < t_.size() && t_[pos_] == ']') {
        pos_++;
        return true;
      }
      for (;;) {
        Json v;
        if (!value(&v, depth + 1)) return false;
        out->arr_.push_back(std::move(v));
        ws();
        if (pos_ < t_.size() && t_[pos_] == ',') {
          pos_++;
          continue;
        }
        if (pos_ < t_.size() && t_[pos_] == ']') {
          pos_++;
          return true;
        }
        return fail("expected ',' or ']'");
      }
    }
    if (c == '"') {
      out->type_ = Json::kString;
      return string(&out->str_);
    }
    if (c == 't') {
      out->type_ = Json::kBool;
      out->b_ = true;
      return literal("true");
    }
    if (c == 'f') {
      out->type_ = Json::kBool;
      out->b_ = false;
      return literal("false");
    }
    if (c == 'n') {
      out->type_ = Json::kNull;
      return literal("null");
    }
    const size_t start = pos_;
    while (pos_ < t_.size() && (t_[pos_] == '-' || t_[pos_] == '+' || t_[pos_] == '.' || t_[pos_] == 'e' ||
                                t_[pos_] == 'E' || (t_[pos_] >= '0' && t_[pos_] <= '9')))
      pos_++;
    if (pos_ == start) return fail("unexpected character");
    out->type_ = Json::kNumber;
    out->num_ = strtod(t_.substr(start, pos_ - start).c_str(), nullptr);
    return true;
  }

  const std::string &t_;
  size_t pos_ = 0;
  std::string err_;
};

bool Json::parse(const std::string &text, Json *out, std::string *err) {
  *out = Json();
  JsonParser p(text);
  return p.document(out, err);
}

bool parse_json_file(const std::string &path, Json *out, std::string *err) {
  std::string text;
  if (!read_file(path, &text)) {
    *err = "cannot read " + path;
    return false;
  }
  return Json::parse(text, out, err);
}

// ---- PRNG -------------------------------------------------------------------

uint64_t TestRng::next() {
  uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void TestRng::fill(uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++) p[i] = static_cast<uint8_t>(next() >> 56);
}

std::vector<uint8_t> TestRng::bytes(size_t n) {
  std::vector<uint8_t> v(n);
  fill(v.data(), n);
  return v;
}


// ---- Reference AES key schedule ---------------------------------------------------
// Byte-oriented FIPS-197 section 5.2, with the S-box computed from its
// definition (inverse in GF(2^8), then the affine map): independent of every
// tier's code. Table lookups are fine here: tests are not constant-time.

namespace {

uint8_t GfMul(uint8_t a, uint8_t b) {
  uint8_t r = 0;
  while (b != 0) {
    if (b & 1) r ^= a;
    a = static_cast<uint8_t>((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
    b >>= 1;
  }
  return r;
}

uint8_t SboxByte(uint8_t x) {
  uint8_t inv = 0;
  for (int c = 1; c < 256 && x != 0; c++) {
    if (GfMul(x, static_cast<uint8_t>(c)) == 1) inv = static_cast<uint8_t>(c);
  }
  uint8_t s = 0x63;
  for (int i = 0; i < 8; i++) {
    const int bit = ((inv >> i) ^ (inv >> ((i + 4) % 8)) ^ (inv >> ((i + 5) % 8)) ^
                     (inv >> ((i + 6) % 8)) ^ (inv >> ((i + 7) % 8))) & 1;
    s ^= static_cast<uint8_t>(bit << i);
  }
  return s;
}

}  // namespace

std::vector<uint8_t> reference_aes_round_keys(const uint8_t *key, size_t key_len) {
  static uint8_t sbox[256];
  static bool ready = false;
  if (!ready) {
    for (int i = 0; i < 256; i++) sbox[i] = SboxByte(static_cast<uint8_t>(i));
    ready = true;
  }
  const size_t nk = key_len / 4, rounds = nk + 6, words = 4 * (rounds + 1);
  std::vector<uint8_t> w(4 * words);
  memcpy(w.data(), key, key_len);
  uint8_t rcon = 1;
  for (size_t i = nk; i < words; i++) {
    uint8_t t[4];
    memcpy(t, &w[4 * (i - 1)], 4);
    if (i % nk == 0) {
      const uint8_t t0 = t[0];
      t[0] = static_cast<uint8_t>(sbox[t[1]] ^ rcon);
      t[1] = sbox[t[2]];
      t[2] = sbox[t[3]];
      t[3] = sbox[t0];
      rcon = GfMul(rcon, 2);
    } else if (nk > 6 && i % nk == 4) {
      for (uint8_t &b : t) b = sbox[b];
    }
    for (int j = 0; j < 4; j++) w[4 * i + j] = w[4 * (i - nk) + j] ^ t[j];
  }
  return w;
}

}  // namespace ctasm_test
