// SPDX-License-Identifier: Apache-2.0
// JSON text and whole-file helpers for ctasm-speed.
#ifndef CTASM_BENCH_SPEED_TEXT_H
#define CTASM_BENCH_SPEED_TEXT_H

#include <string>

namespace ctasm_bench {

std::string jstr(const std::string &s);  // a JSON string literal
std::string jnum(double v);              // a JSON number
bool write_file(const std::string &path, const std::string &text);
bool read_file(const std::string &path, std::string *text);

}  // namespace ctasm_bench

#endif  // CTASM_BENCH_SPEED_TEXT_H
