// Test helpers: the SVG text of a diagram read back as a flat list of tags, enough to find the
// pieces, arrows, marks and labels the drawing code promises (diagram/*.h) and their coordinates.
#pragma once

#include <cstdlib>
#include <string>
#include <vector>

namespace xq::test {

struct Tag {
  std::string name;     // "g", "circle", "/g", ...
  std::string text;     // the whole tag, "<...>"
  std::string content;  // for <text>: the characters up to </text>
  std::string attr(const std::string& key) const {
    const std::string needle = " " + key + "=\"";
    const size_t at = text.find(needle);
    if (at == std::string::npos) return "";
    const size_t from = at + needle.size();
    return text.substr(from, text.find('"', from) - from);
  }
  double num(const std::string& key) const { return std::atof(attr(key).c_str()); }
  bool has_class(const std::string& cls) const { return (" " + attr("class") + " ").find(" " + cls + " ") != std::string::npos; }
};

inline std::vector<Tag> scan(const std::string& svg) {
  std::vector<Tag> tags;
  size_t i = 0;
  while ((i = svg.find('<', i)) != std::string::npos) {
    const size_t end = svg.find('>', i);
    if (end == std::string::npos) break;
    Tag t;
    t.text = svg.substr(i, end - i + 1);
    size_t n = 1;
    while (n < t.text.size() && t.text[n] != ' ' && t.text[n] != '>' && t.text[n] != '/') ++n;
    t.name = t.text[1] == '/' ? "/" + t.text.substr(2, t.text.find('>') - 2) : t.text.substr(1, n - 1);
    if (t.name == "text") t.content = svg.substr(end + 1, svg.find("</text>", end) - end - 1);
    tags.push_back(t);
    i = end + 1;
  }
  return tags;
}

// Every <g> with class `cls`, with the tags inside it.
struct Group {
  Tag tag;
  std::vector<Tag> inside;
  const Tag* first(const std::string& name) const {
    for (const Tag& t : inside)
      if (t.name == name) return &t;
    return nullptr;
  }
};

inline std::vector<Group> groups(const std::vector<Tag>& tags, const std::string& cls) {
  std::vector<Group> out;
  for (size_t i = 0; i < tags.size(); ++i) {
    if (tags[i].name != "g" || !tags[i].has_class(cls)) continue;
    Group grp{tags[i], {}};
    int depth = 0;
    for (size_t j = i + 1; j < tags.size(); ++j) {
      if (tags[j].name == "/g" && depth == 0) break;
      depth += tags[j].name == "g" ? 1 : tags[j].name == "/g" ? -1 : 0;
      grp.inside.push_back(tags[j]);
    }
    out.push_back(grp);
  }
  return out;
}

// Elements of a kind not written as a group (rings, lines) with class `cls`.
inline std::vector<Tag> with_class(const std::vector<Tag>& tags, const std::string& name, const std::string& cls) {
  std::vector<Tag> out;
  for (const Tag& t : tags)
    if (t.name == name && t.has_class(cls)) out.push_back(t);
  return out;
}

// Is every opened element closed, in order? (A page that inlines the SVG needs it well formed.)
inline bool balanced(const std::vector<Tag>& tags) {
  std::vector<std::string> stack;
  for (const Tag& t : tags) {
    if (t.text.size() >= 2 && t.text[t.text.size() - 2] == '/') continue;  // <x/>
    if (t.name[0] == '/') {
      if (stack.empty() || stack.back() != t.name.substr(1)) return false;
      stack.pop_back();
    } else {
      stack.push_back(t.name);
    }
  }
  return stack.empty();
}

}  // namespace xq::test
