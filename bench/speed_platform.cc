// SPDX-License-Identifier: Apache-2.0
#include "speed_platform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(_WIN32)
#include <io.h>
#include <process.h>
#include <windows.h>
#else
#include <sys/wait.h>
#include <unistd.h>
#endif

#if (defined(__x86_64__) || defined(_M_X64))
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#else
#include <cpuid.h>
#endif
#endif

namespace ctasm_bench {

const char *arch_name() {
#if defined(__x86_64__) || defined(_M_X64)
  return "x86_64";
#elif defined(__aarch64__) || defined(_M_ARM64)
  return "aarch64";
#elif defined(__arm__) || defined(_M_ARM)
  return "armv7";
#else
  return "unknown";
#endif
}

namespace {

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// First value of "key : value" in /proc/cpuinfo, "" when absent.
std::string cpuinfo_field(const char *key) {
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (f == nullptr) return "";
  char line[512];
  std::string found;
  size_t klen = strlen(key);
  while (fgets(line, sizeof(line), f) != nullptr) {
    if (strncmp(line, key, klen) == 0) {
      const char *colon = strchr(line, ':');
      if (colon != nullptr && trim(std::string(line, static_cast<size_t>(colon - line))) == key) {
        found = trim(colon + 1);
        break;
      }
    }
  }
  fclose(f);
  return found;
}

}  // namespace

std::string cpu_model() {
#if defined(__x86_64__) || defined(_M_X64)
  // The brand string from cpuid, which wine and every OS pass through.
  unsigned regs[12];
  for (unsigned i = 0; i < 3; i++) {
#if defined(_MSC_VER) && !defined(__clang__)
    int r[4];
    __cpuid(r, static_cast<int>(0x80000002u + i));
    memcpy(&regs[4 * i], r, sizeof(r));
#else
    __cpuid(0x80000002u + i, regs[4 * i], regs[4 * i + 1], regs[4 * i + 2], regs[4 * i + 3]);
#endif
  }
  std::string brand(reinterpret_cast<const char *>(regs), sizeof(regs));
  brand = trim(brand.c_str());
  if (!brand.empty()) return brand;
#endif
  std::string m = cpuinfo_field("model name");
  if (m.empty()) m = cpuinfo_field("Hardware");
  if (m.empty()) {
    std::string impl = cpuinfo_field("CPU implementer"), part = cpuinfo_field("CPU part");
    if (!impl.empty()) m = "implementer " + impl + " part " + part;
  }
  return m.empty() ? "unknown" : m;
}

std::string emulator_name() {
  const char *forced = getenv("CTASM_BENCH_EMULATED");
  if (forced != nullptr && forced[0] != '\0') return forced;
#if defined(_WIN32)
  // Wine exports wine_get_version from its ntdll; Windows does not.
  HMODULE ntdll = GetModuleHandleA("ntdll.dll");
  if (ntdll != nullptr) {
    typedef const char *(*wine_get_version_fn)(void);
    FARPROC p = GetProcAddress(ntdll, "wine_get_version");
    if (p != nullptr) {
      wine_get_version_fn fn;
      memcpy(&fn, &p, sizeof(fn));
      return std::string("wine ") + fn();
    }
  }
  return "";
#elif !(defined(__x86_64__) || defined(__i386__))
  // qemu-user passes the host's /proc/cpuinfo through: an x86 vendor seen by
  // an ARM binary means we run under emulation.
  std::string vendor = cpuinfo_field("vendor_id");
  if (vendor == "GenuineIntel" || vendor == "AuthenticAMD") return "qemu-user on " + vendor;
  return "";
#else
  return "";
#endif
}

std::string utc_date() {
  time_t t = time(nullptr);
  struct tm tm_utc;
#if defined(_WIN32)
  gmtime_s(&tm_utc, &t);
#else
  gmtime_r(&t, &tm_utc);
#endif
  char buf[32];
  strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm_utc);
  return buf;
}

std::string self_path(const char *argv0) {
#if defined(__linux__)
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
  if (n > 0) return std::string(buf, static_cast<size_t>(n));
#elif defined(_WIN32)
  char buf[MAX_PATH];
  DWORD n = GetModuleFileNameA(nullptr, buf, sizeof(buf));
  if (n > 0 && n < sizeof(buf)) return std::string(buf, n);
#endif
  return argv0;
}

bool stderr_is_tty() {
#if defined(_WIN32)
  return _isatty(_fileno(stderr)) != 0;
#else
  return isatty(fileno(stderr)) != 0;
#endif
}

#if defined(_WIN32)
namespace {
// _spawnv joins its arguments with spaces; quote the ones that need it.
std::string quote_arg(const std::string &a) {
  if (!a.empty() && a.find_first_of(" \t\"") == std::string::npos) return a;
  std::string q = "\"";
  for (char c : a) {
    if (c == '"') q += '\\';
    q += c;
  }
  return q + "\"";
}
}  // namespace

int run_child(const std::string &path, const std::vector<std::string> &args,
              const std::vector<EnvChange> &env) {
  // The child inherits our environment: change it around the spawn, then restore.
  std::vector<std::pair<std::string, std::string>> saved;
  std::vector<bool> had;
  for (const auto &e : env) {
    const char *old = getenv(e.first.c_str());
    had.push_back(old != nullptr);
    saved.emplace_back(e.first, old != nullptr ? old : "");
    _putenv_s(e.first.c_str(), e.second != nullptr ? e.second : "");
  }
  std::vector<std::string> quoted;
  quoted.push_back(quote_arg(path));
  for (const auto &a : args) quoted.push_back(quote_arg(a));
  std::vector<const char *> argv;
  for (const auto &q : quoted) argv.push_back(q.c_str());
  argv.push_back(nullptr);
  fflush(stdout);
  fflush(stderr);
  intptr_t rc = _spawnvp(_P_WAIT, path.c_str(), argv.data());
  for (size_t i = 0; i < saved.size(); i++)
    _putenv_s(saved[i].first.c_str(), had[i] ? saved[i].second.c_str() : "");
  return static_cast<int>(rc);
}
#else
int run_child(const std::string &path, const std::vector<std::string> &args,
              const std::vector<EnvChange> &env) {
  std::vector<char *> argv;
  argv.push_back(const_cast<char *>(path.c_str()));
  for (const auto &a : args) argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    for (const auto &e : env) {
      if (e.second != nullptr) {
        setenv(e.first.c_str(), e.second, 1);
      } else {
        unsetenv(e.first.c_str());
      }
    }
    execvp(path.c_str(), argv.data());  // PATH search for a wrapper such as qemu-aarch64
    fprintf(stderr, "ctasm-speed: cannot re-execute %s\n", path.c_str());
    _exit(127);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
#endif

}  // namespace ctasm_bench
