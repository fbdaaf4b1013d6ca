#include "variant.h"

namespace xq::frontend {

std::unique_ptr<VariantGame> make_variant(std::string_view name) {
  if (name == "xiangqi") return make_xiangqi_game();
  if (name == "chess") return make_chess_game();
  return nullptr;
}

}  // namespace xq::frontend
