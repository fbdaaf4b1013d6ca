// The default book's bytes, placed in the read-only data by the assembler's .incbin (the way
// nnue/loaded_network.cpp embeds the default network). Path and SHA-256 come from CMake.
#include "book.h"

#ifndef XQ_BOOK_DEFAULT_FILE
#error "XQ_BOOK_DEFAULT_FILE (the embedded book's path) must be defined by the build"
#endif
#ifndef XQ_BOOK_DEFAULT_SHA256
#error "XQ_BOOK_DEFAULT_SHA256 must be defined by the build"
#endif

asm(".section .rodata\n"
    ".balign 16\n"
    ".globl xq_book_default_begin\n"
    "xq_book_default_begin:\n"
    ".incbin \"" XQ_BOOK_DEFAULT_FILE "\"\n"
    ".globl xq_book_default_end\n"
    "xq_book_default_end:\n"
    ".byte 0\n"
    ".previous\n");

extern "C" const char xq_book_default_begin[];
extern "C" const char xq_book_default_end[];

namespace xq::book {

std::string_view embedded_bytes() {
  return std::string_view(xq_book_default_begin, std::size_t(xq_book_default_end - xq_book_default_begin));
}

std::shared_ptr<const Book> embedded_book() {
  static const std::shared_ptr<const Book> book = [] {
    std::string error;
    return parse_book(embedded_bytes(), EMBEDDED_BOOK_NAME, error);
  }();
  return book;
}

}  // namespace xq::book
