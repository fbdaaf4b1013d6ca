// A file's bytes in the program's read-only data, placed there by the assembler's .incbin (g++
// and clang, also under the sanitizers, support it): the default network (nnue/) and the default
// book (book/) are embedded this way, so the engine runs without files beside it.
//   XQ_EMBED_FILE(xq_thing, "path", 64) defines xq_thing_begin[] and xq_thing_end[], the bytes
//   between them aligned to 64, and a zero byte after the end (the bytes are not a C string).
// The build gives the path (CMake), with the file's SHA-256 in the same source's definitions so
// that a compiler cache cannot hand back an object built from an older file.
#pragma once

#define XQ_EMBED_FILE(name, path, align)                                  \
  asm(".section .rodata\n"                                                \
      ".balign " #align "\n"                                              \
      ".globl " #name "_begin\n" #name "_begin:\n"                        \
      ".incbin \"" path "\"\n"                                            \
      ".globl " #name "_end\n" #name "_end:\n"                            \
      ".byte 0\n"                                                         \
      ".previous\n");                                                     \
  extern "C" const char name##_begin[];                                   \
  extern "C" const char name##_end[]
