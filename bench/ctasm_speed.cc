// SPDX-License-Identifier: Apache-2.0
// ctasm-speed: throughput of ctasm's operations in BoringSSL's `bssl speed`
// line format, optionally side by side with OpenSSL in the same process and
// for every CPU tier (by re-executing itself with CTASM_CPU and OpenSSL's
// capability mask set, since both libraries read them once at start-up).
//
// Run with -help for the options.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ctasm/ctasm.h"
#include "speed_clock.h"
#include "speed_measure.h"
#include "speed_ops.h"
#include "speed_platform.h"
#include "speed_text.h"
#include "speed_tiers.h"

namespace ctasm_bench {
namespace {

const size_t kDefaultChunks[] = {16, 256, 1350, 8192, 16384};

struct Options {
  std::string filter;
  std::vector<size_t> chunks;
  double timeout = 1.0;
  int rounds = 0;  // 0: 1 alone, 5 with -compare
  std::string json;
  std::string tiers;
  bool compare = false;
  bool progress = false;
  bool cpu_clock = false;  // -clock cpu
  long count = -1;         // -count N: N calls per operation, no timing
  // Internal, set by the parent of a -tiers run.
  std::string child_tier;
  std::string json_fragment;
};

void usage(FILE *f) {
  fprintf(f,
          "usage: ctasm-speed [options]\n"
          "  -filter SUBSTR     run only operations whose name contains SUBSTR\n"
          "                     (e.g. AES-128-CTR, CBC, setup)\n"
          "  -chunks a,b,c      chunk sizes in bytes (default 16,256,1350,8192,16384)\n"
          "  -timeout SECONDS   time per reported line and library (default 1; fractions ok);\n"
          "                     with -compare it is split over the alternating rounds\n"
          "  -rounds N          alternating rounds per line (default 5 with -compare, else 1)\n"
          "  -clock wall|cpu    time by the wall clock (default, as bssl) or by this thread's\n"
          "                     CPU time (for a shared machine: time spent descheduled\n"
          "                     does not count)\n"
          "  -compare openssl   the same operation through OpenSSL's EVP in this process,\n"
          "                     medians of alternating rounds, ratio = ctasm / OpenSSL\n"
          "  -tiers all|a,b     re-run for each CPU tier (CTASM_CPU and OpenSSL's mask set)\n"
          "  -json FILE         machine-readable results (read by util/perf_table.py)\n"
          "  -progress          progress on stderr even when it is not a terminal\n"
          "  -list              list operations, tiers and -compare peers\n"
          "  -count N           no timing: set each operation up, run it exactly N times,\n"
          "                     print what ran (for instruction counts under an emulator:\n"
          "                     util/count_insns.py subtracts a -count 0 run)\n"
          "environment: CTASM_SPEED_WRAPPER=\"qemu-aarch64 -L ...\" prefixes the re-executions\n"
          "of -tiers (for emulators without binfmt_misc); CTASM_BENCH_EMULATED=NAME marks\n"
          "the numbers as emulated when detection misses it.\n");
}

bool parse_chunks(const char *s, std::vector<size_t> *out) {
  out->clear();
  std::string str(s);
  size_t pos = 0;
  while (pos <= str.size()) {
    size_t comma = str.find(',', pos);
    if (comma == std::string::npos) comma = str.size();
    std::string item = str.substr(pos, comma - pos);
    char *end = nullptr;
    unsigned long long v = strtoull(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || v == 0 || v > (1ull << 30)) return false;
    out->push_back(static_cast<size_t>(v));
    pos = comma + 1;
  }
  return !out->empty();
}

// Returns 0 on success, 1 on a bad command line, 2 when -help/-list was served.
int parse_args(int argc, char **argv, Options *o) {
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a.size() > 2 && a[0] == '-' && a[1] == '-') a = a.substr(1);  // --x == -x
    auto value = [&](const char **v) {
      if (i + 1 >= argc) {
        fprintf(stderr, "ctasm-speed: %s needs a value\n", a.c_str());
        return false;
      }
      *v = argv[++i];
      return true;
    };
    const char *v = nullptr;
    if (a == "-help" || a == "-h") {
      usage(stdout);
      return 2;
    } else if (a == "-list") {
      for (const OpDef &op : all_ops()) printf("op   %s\n", filter_name(op).c_str());
      for (const Tier &t : tiers_for_arch())
        printf("tier %s (CTASM_CPU=%s)\n", t.name, t.ctasm_cpu ? t.ctasm_cpu : "<unset>");
#if defined(CTASM_BENCH_OPENSSL)
      printf("compare openssl\n");
#endif
      return 2;
    } else if (a == "-filter") {
      if (!value(&v)) return 1;
      o->filter = v;
    } else if (a == "-chunks") {
      if (!value(&v)) return 1;
      if (!parse_chunks(v, &o->chunks)) {
        fprintf(stderr, "ctasm-speed: bad -chunks %s\n", v);
        return 1;
      }
    } else if (a == "-timeout") {
      if (!value(&v)) return 1;
      char *end = nullptr;
      o->timeout = strtod(v, &end);
      if (*end != '\0' || !(o->timeout > 0) || o->timeout > 3600) {
        fprintf(stderr, "ctasm-speed: bad -timeout %s\n", v);
        return 1;
      }
    } else if (a == "-rounds") {
      if (!value(&v)) return 1;
      o->rounds = atoi(v);
      if (o->rounds < 1 || o->rounds > 1000) {
        fprintf(stderr, "ctasm-speed: bad -rounds %s\n", v);
        return 1;
      }
    } else if (a == "-compare") {
      if (!value(&v)) return 1;
      if (strcmp(v, "openssl") != 0) {
        fprintf(stderr, "ctasm-speed: -compare knows only openssl\n");
        return 1;
      }
#if !defined(CTASM_BENCH_OPENSSL)
      fprintf(stderr, "ctasm-speed: built without OpenSSL (CTASM_BENCH_OPENSSL); no -compare\n");
      return 1;
#endif
      o->compare = true;
    } else if (a == "-clock") {
      if (!value(&v)) return 1;
      if (strcmp(v, "wall") == 0) {
        o->cpu_clock = false;
      } else if (strcmp(v, "cpu") == 0 && CTASM_BENCH_HAVE_CPU_TIME) {
        o->cpu_clock = true;
      } else {
        fprintf(stderr, "ctasm-speed: -clock is wall%s\n", CTASM_BENCH_HAVE_CPU_TIME ? " or cpu" : " here");
        return 1;
      }
    } else if (a == "-tiers") {
      if (!value(&v)) return 1;
      o->tiers = v;
    } else if (a == "-count") {
      if (!value(&v)) return 1;
      char *end = nullptr;
      o->count = strtol(v, &end, 10);
      if (*v == '\0' || *end != '\0' || o->count < 0 || o->count > 1000000) {
        fprintf(stderr, "ctasm-speed: bad -count %s\n", v);
        return 1;
      }
    } else if (a == "-json") {
      if (!value(&v)) return 1;
      o->json = v;
    } else if (a == "-progress") {
      o->progress = true;
    } else if (a == "-tier-child") {
      if (!value(&v)) return 1;
      o->child_tier = v;
    } else if (a == "-json-fragment") {
      if (!value(&v)) return 1;
      o->json_fragment = v;
    } else {
      fprintf(stderr, "ctasm-speed: unknown option %s\n", argv[i]);
      usage(stderr);
      return 1;
    }
  }
  if (o->chunks.empty()) o->chunks.assign(std::begin(kDefaultChunks), std::end(kDefaultChunks));
  if (o->rounds == 0) o->rounds = o->compare ? 5 : 1;
  return 0;
}

std::string bssl_line(const std::string &desc, const Sample &s, bool sized, size_t bytes) {
  char buf[512];
  int n = snprintf(buf, sizeof(buf), "Did %llu %s operations in %lluus (%.1f ops/sec)",
                   static_cast<unsigned long long>(s.ops), desc.c_str(),
                   static_cast<unsigned long long>(s.us), s.rate());
  std::string line(buf, static_cast<size_t>(n));
  if (sized) {
    snprintf(buf, sizeof(buf), ": %.1f MB/s",
             static_cast<double>(bytes) * static_cast<double>(s.ops) / s.us);
    line += buf;
  }
  return line;
}

std::string record(const char *library, const std::string &impl, const std::string &tier,
                   const std::string &extra, const OpDef &op, size_t chunk, const Sample &s,
                   const std::vector<Sample> &rounds, double ratio) {
  size_t bytes = op.sized ? chunk : 0;
  std::string r = "{\"library\": " + jstr(library) + ", \"impl\": " + jstr(impl) +
                  ", \"tier\": " + jstr(tier) + extra + ", \"operation\": " + jstr(op.name) +
                  ", \"suffix\": " + jstr(op.suffix) + ", \"name\": " + jstr(filter_name(op)) +
                  ", \"description\": " + jstr(describe(op, chunk)) +
                  ", \"size\": " + std::to_string(bytes) + ", \"ops\": " + std::to_string(s.ops) +
                  ", \"us\": " + std::to_string(s.us) + ", \"ops_per_sec\": " + jnum(s.rate());
  r += ", \"mb_per_s\": " +
       (op.sized ? jnum(static_cast<double>(bytes) * static_cast<double>(s.ops) / s.us)
                 : std::string("null"));
  if (CTASM_BENCH_HAVE_REF_CYCLES && s.ops > 0) {
    double per_op = static_cast<double>(s.ref_cycles) / static_cast<double>(s.ops);
    r += ", \"ref_cycles_per_op\": " + jnum(per_op);
    r += ", \"ref_cycles_per_byte\": " + (op.sized ? jnum(per_op / bytes) : std::string("null"));
  } else {
    r += ", \"ref_cycles_per_op\": null, \"ref_cycles_per_byte\": null";
  }
  r += ", \"wall_us\": " + std::to_string(s.wall_us) + ", \"cpu_us\": " +
       (CTASM_BENCH_HAVE_CPU_TIME ? std::to_string(s.cpu_us) : std::string("null"));
  r += ", \"rounds_ops_per_sec\": [";
  for (size_t i = 0; i < rounds.size(); i++) r += (i ? ", " : "") + jnum(rounds[i].rate());
  r += "]";
  if (ratio > 0) r += ", \"ratio_vs_openssl\": " + jnum(ratio);
  return r + "}";
}

// ---- One tier, in this process ----------------------------------------------

// The tier this process runs, from -tier-child or recognised from CTASM_CPU.
std::string current_tier_name(const Options &o) {
  if (!o.child_tier.empty()) return o.child_tier;
  const char *cpu = getenv("CTASM_CPU");
  for (const Tier &t : tiers_for_arch()) {
    if ((cpu == nullptr && t.ctasm_cpu == nullptr) ||
        (cpu != nullptr && t.ctasm_cpu != nullptr && strcmp(cpu, t.ctasm_cpu) == 0))
      return t.name;
  }
  return cpu ? std::string("CTASM_CPU=") + cpu : "default";
}

std::string ossl_env_description() {
  for (const char *var : {"OPENSSL_ia32cap", "OPENSSL_armcap"}) {
    const char *v = getenv(var);
    if (v != nullptr) return std::string(var) + "=" + v;
  }
  return "";
}

// Runs every selected operation and size; prints bssl lines and returns the
// JSON records joined by ",\n". *failed is set on a library error.
// -count N: every selected operation set up as for timing, then run exactly N
// times. Nothing here depends on N but the loop, so an instruction count of
// N calls minus one of 0 calls is N operations.
int run_count(const Options &o) {
  int rc = 0;
  for (const OpDef &op : all_ops()) {
    if (!o.filter.empty() && filter_name(op).find(o.filter) == std::string::npos) continue;
    std::vector<size_t> chunks = op.sized ? o.chunks : std::vector<size_t>{0};
    for (size_t chunk : chunks) {
      if (op.sized && chunk % op.multiple != 0) continue;
      std::unique_ptr<Bench> b = make_ctasm_bench(op, chunk);
      if (!b) {
        fprintf(stderr, "ctasm-speed: cannot set up %s\n", describe(op, chunk).c_str());
        rc = 1;
        continue;
      }
      bool ok = true;
      for (long i = 0; i < o.count && ok; i++) ok = b->run();
      if (!ok) rc = 1;
      printf("counted %s: %s\n", describe(op, chunk).c_str(), b->impl().c_str());
    }
  }
  return rc;
}

std::string run_local(const Options &o, bool *failed) {
  const std::string tier = current_tier_name(o);
  const char *cpu_env = getenv("CTASM_CPU");
  const std::string caps = ctasm_cpu_caps();
  printf("# tier %s: CTASM_CPU=%s, caps \"%s\", AES impl %s%s\n", tier.c_str(),
         cpu_env ? cpu_env : "<unset>", caps.c_str(), ctasm_aes_impl(),
         o.cpu_clock ? "; times are this thread's CPU time" : "");
  std::string ossl_env = ossl_env_description();
#if defined(CTASM_BENCH_OPENSSL)
  if (o.compare) {
    // The tier's note describes its mask: quote it only when that mask is in force.
    const Tier *t = tier_by_name(tier);
    std::string expected =
        t != nullptr && t->ossl_mask != nullptr ? std::string(t->ossl_var) + "=" + t->ossl_mask : "";
    bool matched = t != nullptr && expected == ossl_env;
    printf("# compared with %s, %s%s%s\n", openssl_version().c_str(),
           ossl_env.empty() ? "no capability mask" : ossl_env.c_str(), matched ? ": " : "",
           matched ? t->ossl_note : " (not the mask -tiers would set for this tier)");
  }
#endif
  fflush(stdout);

  struct Job {
    const OpDef *op;
    size_t chunk;
  };
  std::vector<Job> jobs;
  for (const OpDef &op : all_ops()) {
    if (!o.filter.empty() && filter_name(op).find(o.filter) == std::string::npos) continue;
    if (!op.sized) {
      jobs.push_back({&op, 0});
      continue;
    }
    for (size_t c : o.chunks) jobs.push_back({&op, c});
  }

  const bool progress = o.progress || stderr_is_tty();
  const bool tty = stderr_is_tty();
  const double slice = o.timeout / o.rounds;
  std::string records;
  std::string extra = ", \"ctasm_cpu\": " + jstr(cpu_env ? cpu_env : "") + ", \"caps\": " + jstr(caps);
  for (size_t j = 0; j < jobs.size(); j++) {
    const OpDef &op = *jobs[j].op;
    const size_t chunk = jobs[j].chunk;
    const std::string desc = describe(op, chunk);
    if (progress) {
      fprintf(stderr, "%s[%s %zu/%zu] %s%s", tty ? "\r\033[K" : "", tier.c_str(), j + 1,
              jobs.size(), desc.c_str(), tty ? "" : "\n");
      fflush(stderr);
    }
    std::unique_ptr<Bench> ours = make_ctasm_bench(op, chunk);
    if (!ours) {
      if (op.sized && chunk % op.multiple != 0) continue;  // e.g. CBC at 1350 bytes
      fprintf(stderr, "%sctasm-speed: cannot set up %s\n", tty ? "\r\033[K" : "", desc.c_str());
      *failed = true;
      continue;
    }
    std::unique_ptr<Bench> theirs;
#if defined(CTASM_BENCH_OPENSSL)
    if (o.compare) {
      theirs = make_openssl_bench(op, chunk);
      if (!theirs) {
        fprintf(stderr, "%sctasm-speed: OpenSSL cannot set up %s\n", tty ? "\r\033[K" : "",
                desc.c_str());
        *failed = true;
      }
    }
#endif
    // Sized up front and filled by index (no push_back: its reallocation path
    // draws GCC's armv7 parameter-passing notes for this struct).
    std::vector<Sample> ours_s(static_cast<size_t>(o.rounds));
    std::vector<Sample> theirs_s(theirs ? static_cast<size_t>(o.rounds) : 0);
    bool ok = true;
    for (int r = 0; r < o.rounds && ok; r++) {
      // Alternate who goes first so neither always meets a warmer/cooler CPU.
      for (int side = 0; side < 2 && ok; side++) {
        bool mine = ((r + side) % 2) == 0;
        Bench *b = mine ? ours.get() : theirs.get();
        if (b == nullptr) continue;
        Sample s;
        if (!measure(*b, slice, o.cpu_clock, &s)) {
          fprintf(stderr, "%sctasm-speed: %s failed in %s\n", tty ? "\r\033[K" : "",
                  mine ? "ctasm" : "OpenSSL", desc.c_str());
          ok = false;
          *failed = true;
        }
        (mine ? ours_s : theirs_s)[static_cast<size_t>(r)] = s;
      }
    }
    if (!ok) continue;
    Sample m = median(ours_s);
    std::string line = bssl_line(desc, m, op.sized, chunk);
    double ratio = 0;
    if (!theirs_s.empty()) {
      Sample t = median(theirs_s);
      ratio = t.rate() > 0 ? m.rate() / t.rate() : 0;
      char buf[160];
      if (op.sized) {
        snprintf(buf, sizeof(buf), "; OpenSSL %.1f MB/s; ratio %.2f",
                 static_cast<double>(chunk) * static_cast<double>(t.ops) / t.us, ratio);
      } else {
        snprintf(buf, sizeof(buf), "; OpenSSL %.1f ops/sec; ratio %.2f", t.rate(), ratio);
      }
      line += buf;
#if defined(CTASM_BENCH_OPENSSL)
      std::string oextra = ", \"openssl_env\": " + jstr(ossl_env);
      if (!records.empty()) records += ",\n";
      records += record("openssl", openssl_version(), tier, oextra, op, chunk, t, theirs_s, 0);
#endif
    }
    if (progress && tty) fprintf(stderr, "\r\033[K");
    printf("%s\n", line.c_str());
    fflush(stdout);
    if (!records.empty()) records += ",\n";
    records += record("ctasm", ours->impl(), tier, extra, op, chunk, m, ours_s, ratio);
  }
  if (progress && tty) fprintf(stderr, "\r\033[K");
  return records;
}

// ---- Output document ----------------------------------------------------------

std::string document(const Options &o, const std::string &records) {
  const std::string emu = emulator_name();
  std::string d = "{\n  \"tool\": \"ctasm-speed\",\n  \"format\": 1,\n";
  d += "  \"date\": " + jstr(utc_date()) + ",\n";
  d += "  \"arch\": " + jstr(arch_name()) + ",\n";
  d += "  \"cpu_model\": " + jstr(cpu_model()) + ",\n";
  d += "  \"emulator\": " + jstr(emu) + ",\n";
  d += std::string("  \"numbers_meaningful\": ") + (emu.empty() ? "true" : "false") + ",\n";
  d += "  \"ref_cycle_counter\": " + jstr(ref_cycles_label()) + ",\n";
  d += "  \"timeout_s\": " + jnum(o.timeout) + ",\n";
  d += "  \"rounds\": " + std::to_string(o.rounds) + ",\n";
  d += std::string("  \"clock\": ") + (o.cpu_clock ? "\"cpu\"" : "\"wall\"") + ",\n";
  d += std::string("  \"compare\": ") + (o.compare ? "\"openssl\"" : "\"\"") + ",\n";
#if defined(CTASM_BENCH_OPENSSL)
  d += "  \"openssl_version\": " + jstr(openssl_version()) + ",\n";
#else
  d += "  \"openssl_version\": \"\",\n";
#endif
  d += "  \"tiers\": [";
  bool first = true;
  for (const Tier &t : tiers_for_arch()) {
    d += std::string(first ? "\n" : ",\n") + "    {\"name\": " + jstr(t.name) +
         ", \"ctasm_cpu\": " + jstr(t.ctasm_cpu ? t.ctasm_cpu : "") +
         ", \"openssl_env\": " +
         jstr(t.ossl_mask ? std::string(t.ossl_var) + "=" + t.ossl_mask : "") +
         ", \"openssl_note\": " + jstr(t.ossl_note) + "}";
    first = false;
  }
  d += "\n  ],\n  \"results\": [\n" + records + "\n  ]\n}\n";
  return d;
}

// ---- Every tier, by re-executing ------------------------------------------------

std::vector<std::string> split_words(const char *s) {
  std::vector<std::string> words;
  std::string cur;
  for (; s != nullptr && *s != '\0'; s++) {
    if (*s == ' ' || *s == '\t') {
      if (!cur.empty()) words.push_back(cur);
      cur.clear();
    } else {
      cur += *s;
    }
  }
  if (!cur.empty()) words.push_back(cur);
  return words;
}

std::vector<std::string> wrapper_args(const std::vector<std::string> &wrapper,
                                      const std::string &self,
                                      const std::vector<std::string> &args) {
  std::vector<std::string> all(wrapper.begin() + 1, wrapper.end());
  all.push_back(self);
  all.insert(all.end(), args.begin(), args.end());
  return all;
}

int run_tiers(const Options &o, int argc, char **argv) {
  const std::string emu = emulator_name();
  if (!emu.empty()) printf("# running under %s: these numbers are meaningless\n", emu.c_str());
  std::vector<const Tier *> chosen;
  if (o.tiers == "all") {
    for (const Tier &t : tiers_for_arch()) {
      if (cpu_offers(t.needs)) {
        chosen.push_back(&t);
      } else {
        printf("# tier %s skipped: this CPU lacks %s\n", t.name, t.needs);
      }
    }
  } else {
    std::string s = o.tiers;
    size_t pos = 0;
    while (pos <= s.size()) {
      size_t comma = s.find(',', pos);
      if (comma == std::string::npos) comma = s.size();
      std::string name = s.substr(pos, comma - pos);
      const Tier *t = tier_by_name(name);
      if (t == nullptr) {
        fprintf(stderr, "ctasm-speed: unknown tier %s (see -list)\n", name.c_str());
        return 1;
      }
      chosen.push_back(t);
      pos = comma + 1;
    }
  }
  // The child gets our arguments minus -tiers and -json.
  std::vector<std::string> base;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a == "-tiers" || a == "--tiers" || a == "-json" || a == "--json") {
      i++;
      continue;
    }
    base.push_back(a);
  }
  const std::string self = self_path(argv[0]);
  const std::vector<std::string> wrapper = split_words(getenv("CTASM_SPEED_WRAPPER"));
  std::string records;
  int rc = 0;
  for (const Tier *t : chosen) {
    std::vector<std::string> args = base;
    args.push_back("-tier-child");
    args.push_back(t->name);
    std::string frag;
    if (!o.json.empty()) {
      frag = o.json + ".tier-" + t->name + ".part";
      args.push_back("-json-fragment");
      args.push_back(frag);
    }
    std::vector<EnvChange> env = {{"CTASM_CPU", t->ctasm_cpu}};
    if (t->ossl_var[0] != '\0') env.push_back({t->ossl_var, t->ossl_mask});
    int status = wrapper.empty() ? run_child(self, args, env)
                                 : run_child(wrapper[0], wrapper_args(wrapper, self, args), env);
    if (status != 0) {
      fprintf(stderr, "ctasm-speed: tier %s exited with status %d\n", t->name, status);
      rc = 1;
    }
    std::string text;
    if (!frag.empty() && read_file(frag, &text)) {
      if (!text.empty()) records += (records.empty() ? "" : ",\n") + text;
      remove(frag.c_str());
    }
  }
  if (!o.json.empty() && !write_file(o.json, document(o, records))) {
    fprintf(stderr, "ctasm-speed: cannot write %s\n", o.json.c_str());
    rc = 1;
  }
  return rc;
}

}  // namespace
}  // namespace ctasm_bench

int main(int argc, char **argv) {
  using namespace ctasm_bench;
  Options o;
  int p = parse_args(argc, argv, &o);
  if (p != 0) return p == 2 ? 0 : 1;
  if (o.count >= 0) return run_count(o);
  if (!o.tiers.empty() && o.child_tier.empty()) return run_tiers(o, argc, argv);

  if (o.child_tier.empty()) {
    const std::string emu = emulator_name();
    if (!emu.empty()) printf("# running under %s: these numbers are meaningless\n", emu.c_str());
  }
  bool failed = false;
  std::string records = run_local(o, &failed);
  if (!o.json_fragment.empty()) {
    if (!write_file(o.json_fragment, records)) failed = true;
  } else if (!o.json.empty()) {
    if (!write_file(o.json, document(o, records))) {
      fprintf(stderr, "ctasm-speed: cannot write %s\n", o.json.c_str());
      failed = true;
    }
  }
  return failed ? 1 : 0;
}
