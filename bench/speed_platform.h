// SPDX-License-Identifier: Apache-2.0
// What ctasm-speed needs from the OS: machine description, emulator
// detection, and re-executing itself under a different environment.
#ifndef CTASM_BENCH_SPEED_PLATFORM_H
#define CTASM_BENCH_SPEED_PLATFORM_H

#include <string>
#include <utility>
#include <vector>

namespace ctasm_bench {

const char *arch_name();        // "x86_64", "aarch64", "armv7", ...
std::string cpu_model();        // brand string or /proc/cpuinfo model; "unknown"
std::string emulator_name();    // "" when native, else "wine 8.0", "qemu-user", ...
std::string utc_date();         // "2026-11-30T17:30:00Z"
std::string self_path(const char *argv0);
bool stderr_is_tty();

// One environment change for a child: value nullptr removes the variable.
using EnvChange = std::pair<std::string, const char *>;

// Runs `path args...` with the environment changes applied, waits, and
// returns its exit status (-1 when it could not be started). stdout and
// stderr are inherited.
int run_child(const std::string &path, const std::vector<std::string> &args,
              const std::vector<EnvChange> &env);

}  // namespace ctasm_bench

#endif  // CTASM_BENCH_SPEED_PLATFORM_H
