#include "loaded_network.h"

#include "engine/embed.h"

// The default network's bytes, embedded (engine/embed.h). The file's path and its SHA-256 come
// from CMake: the hash puts the file's identity into this source's preprocessed text, so a
// compiler cache cannot hand back an object built from an older file.
#ifndef XQ_NNUE_DEFAULT_FILE
#error "XQ_NNUE_DEFAULT_FILE (the embedded network's path) must be defined by the build"
#endif
#ifndef XQ_NNUE_DEFAULT_SHA256
#error "XQ_NNUE_DEFAULT_SHA256 must be defined by the build"
#endif

XQ_EMBED_FILE(xq_nnue_default, XQ_NNUE_DEFAULT_FILE, 64);

namespace xq::nnue {

std::shared_ptr<const LoadedNetwork> load_network(std::string_view bytes, std::string source, std::string& error) {
  auto loaded = std::make_shared<LoadedNetwork>();
  if (!parse(bytes, loaded->net, error)) return nullptr;
  loaded->hash = fnv1a64(bytes);
  loaded->source = std::move(source);
  return loaded;
}

std::string_view embedded_bytes() {
  return std::string_view(xq_nnue_default_begin, std::size_t(xq_nnue_default_end - xq_nnue_default_begin));
}

const char* embedded_sha256() { return XQ_NNUE_DEFAULT_SHA256; }

std::shared_ptr<const LoadedNetwork> embedded_network() {
  static const std::shared_ptr<const LoadedNetwork> net = [] {
    std::string error;
    return load_network(embedded_bytes(), "embedded", error);
  }();
  return net;
}

}  // namespace xq::nnue
