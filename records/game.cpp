#include "records/game.h"

#include "records/utf8.h"

namespace xq::records {

std::string GameRecord::tag(std::string_view name) const {
  for (const auto& [k, v] : tags)
    if (k == name) return v;
  return "";
}

std::string GameRecord::label() const {
  std::string who;
  if (!tag("Red").empty() || !tag("Black").empty()) who = tag("Red") + " vs " + tag("Black");
  if (!tag("Event").empty()) who += (who.empty() ? "" : ", ") + tag("Event");
  who = excerpt(who, 80);
  return "game " + std::to_string(number) + (who.empty() ? "" : " (" + who + ")");
}

}  // namespace xq::records
