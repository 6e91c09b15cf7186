// SPDX-License-Identifier: Apache-2.0
#include "speed_text.h"

#include <stdio.h>

namespace ctasm_bench {

std::string jstr(const std::string &s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += static_cast<char>(c);
    } else if (c < 0x20) {
      char b[8];
      snprintf(b, sizeof(b), "\\u%04x", c);
      o += b;
    } else {
      o += static_cast<char>(c);
    }
  }
  return o + "\"";
}

std::string jnum(double v) {
  char b[64];
  snprintf(b, sizeof(b), "%.9g", v);
  return b;
}

bool write_file(const std::string &path, const std::string &text) {
  FILE *f = fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  bool ok = fwrite(text.data(), 1, text.size(), f) == text.size();
  return fclose(f) == 0 && ok;
}

bool read_file(const std::string &path, std::string *text) {
  FILE *f = fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  char buf[65536];
  size_t n;
  text->clear();
  while ((n = fread(buf, 1, sizeof(buf), f)) > 0) text->append(buf, n);
  fclose(f);
  return true;
}

}  // namespace ctasm_bench
