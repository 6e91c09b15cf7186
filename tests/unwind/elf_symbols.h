// SPDX-License-Identifier: Apache-2.0
// Bounds of a function of the running ELF executable, from its .symtab (the assembly
// functions are hidden, so dladdr cannot see them). The single-step test needs them
// to know when an unwound frame is the function under test; taking them from the
// symbol table rather than from the FDE keeps the check independent of the CFI.
#ifndef CTASM_TESTS_UNWIND_ELF_SYMBOLS_H
#define CTASM_TESTS_UNWIND_ELF_SYMBOLS_H

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <map>

namespace ctasm_unwind {

// Start address -> size of every sized function symbol, relocated to run time.
inline const std::map<uintptr_t, size_t> &ElfFunctions() {
  static const std::map<uintptr_t, size_t> table = [] {
    std::map<uintptr_t, size_t> t;
    uintptr_t bias = 0;  // the main program comes first in dl_iterate_phdr
    dl_iterate_phdr(
        [](struct dl_phdr_info *info, size_t, void *arg) {
          *static_cast<uintptr_t *>(arg) = info->dlpi_addr;
          return 1;
        },
        &bias);
    int fd = open("/proc/self/exe", O_RDONLY);
    if (fd < 0) return t;
    struct stat st;
    void *map = MAP_FAILED;
    if (fstat(fd, &st) == 0) map = mmap(nullptr, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) return t;
    const uint8_t *base = static_cast<const uint8_t *>(map);
    const Elf64_Ehdr *eh = reinterpret_cast<const Elf64_Ehdr *>(base);
    const Elf64_Shdr *sh = reinterpret_cast<const Elf64_Shdr *>(base + eh->e_shoff);
    for (int i = 0; i < eh->e_shnum; i++) {
      if (sh[i].sh_type != SHT_SYMTAB) continue;
      const Elf64_Sym *sym = reinterpret_cast<const Elf64_Sym *>(base + sh[i].sh_offset);
      for (size_t j = 0; j < sh[i].sh_size / sizeof(Elf64_Sym); j++) {
        if (ELF64_ST_TYPE(sym[j].st_info) == STT_FUNC && sym[j].st_shndx != SHN_UNDEF &&
            sym[j].st_size > 0) {
          t[sym[j].st_value + bias] = sym[j].st_size;
        }
      }
    }
    munmap(map, st.st_size);
    return t;
  }();
  return table;
}

// [lo, hi) of the function that starts at fn; false if no sized symbol starts there.
inline bool ElfFunctionBounds(uintptr_t fn, uintptr_t *lo, uintptr_t *hi) {
  auto it = ElfFunctions().find(fn);
  if (it == ElfFunctions().end()) return false;
  *lo = fn;
  *hi = fn + it->second;
  return true;
}

}  // namespace ctasm_unwind

#endif  // CTASM_TESTS_UNWIND_ELF_SYMBOLS_H
