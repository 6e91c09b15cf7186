# SPDX-License-Identifier: Apache-2.0
# Cross build for 64-bit Windows with mingw-w64 (posix threads, which the
# C++ standard library's std::thread/std::mutex need); assembly by NASM.
# Linked statically so the test binaries run under wine without any DLLs.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_ASM_NASM_COMPILER nasm)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static")
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# ctest also sets WINEDEBUG=-all for the tests (CMakeLists.txt). wine runs
# without address-space randomisation (setarch -R, util-linux; inherited by
# the wine processes it starts): randomised, a death test's child now and then
# found its fixed shared-user-data address taken ("wine: failed to map the
# shared user data: c0000018") and took ctasm_tests down: 4 of 10 runs of the
# misuse suites failed so on a 6.18 kernel (mmap_rnd_bits 28), 0 of 10 with -R.
set(CMAKE_CROSSCOMPILING_EMULATOR setarch;x86_64;-R;wine)
