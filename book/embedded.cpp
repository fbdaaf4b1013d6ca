// The default book's bytes, embedded (engine/embed.h) as the default network is. Path and SHA-256
// come from CMake.
#include "book.h"
#include "engine/embed.h"

#ifndef XQ_BOOK_DEFAULT_FILE
#error "XQ_BOOK_DEFAULT_FILE (the embedded book's path) must be defined by the build"
#endif
#ifndef XQ_BOOK_DEFAULT_SHA256
#error "XQ_BOOK_DEFAULT_SHA256 must be defined by the build"
#endif

XQ_EMBED_FILE(xq_book_default, XQ_BOOK_DEFAULT_FILE, 16);

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
