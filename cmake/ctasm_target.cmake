# SPDX-License-Identifier: Apache-2.0
# Maps the toolchain (system name + processor, or the Apple architectures) to the
# generated/<target> directories whose assembly this build links. Every generated
# file is guarded by its own arch/format #if, so listing several (an Apple
# universal build) is safe: each compile keeps only the matching one.

function(ctasm_arch_of processor out)
  string(TOLOWER "${processor}" p)
  if(p MATCHES "^(x86_64|amd64|x64)$")
    set(${out} x86_64 PARENT_SCOPE)
  elseif(p MATCHES "^(aarch64|arm64|armv8.*|arm64e)$")
    set(${out} aarch64 PARENT_SCOPE)
  elseif(p MATCHES "^(armv7.*|arm)$")
    set(${out} armv7 PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

# Sets ${out} to the list of targets (e.g. "x86_64-linux"); empty when none fits.
# The targets and their ISA and OS come from the target table (targets.json),
# which gen_asm.py writes into generated/sources.cmake (included before this).
function(ctasm_asm_targets out)
  if(NOT DEFINED CTASM_TARGET_LIST)
    message(FATAL_ERROR "ctasm: include generated/sources.cmake before ctasm_asm_targets()")
  endif()
  if(APPLE)
    set(procs ${CMAKE_OSX_ARCHITECTURES})
    if(NOT procs)
      set(procs ${CMAKE_SYSTEM_PROCESSOR})
    endif()
  else()
    set(procs ${CMAKE_SYSTEM_PROCESSOR})
  endif()
  set(result "")
  foreach(proc IN LISTS procs)
    ctasm_arch_of("${proc}" arch)
    if(NOT arch)
      continue()
    endif()
    if(APPLE)
      set(os apple)
    elseif(WIN32)
      set(os win)
    elseif(CMAKE_SYSTEM_NAME MATCHES "Linux|Android|BSD|DragonFly|SunOS")
      set(os linux)  # ELF flavours; the file guards check the object format
    else()
      continue()
    endif()
    foreach(t IN LISTS CTASM_TARGET_LIST)
      ctasm_target_var(${t} v)
      if(CTASM_TARGET_${v}_ISA STREQUAL arch AND CTASM_TARGET_${v}_OS STREQUAL os)
        list(APPEND result ${t})
      endif()
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES result)
  set(${out} ${result} PARENT_SCOPE)
endfunction()

# CMake variable suffix used by generated/sources.cmake for a target.
function(ctasm_target_var target out)
  string(TOUPPER "${target}" v)
  string(REPLACE "-" "_" v "${v}")
  set(${out} ${v} PARENT_SCOPE)
endfunction()
