// Colours and fonts of the traditional diagram, in one place so the pictures and their tests
// agree on what "red" is.
#pragma once

namespace xq::diagram::palette {

constexpr const char* BOARD = "#f1d9a4";       // light wood
constexpr const char* LINE = "#5b3a1c";        // ink on wood
constexpr const char* PIECE_FACE = "#fbf0d6";  // ivory
constexpr const char* RED_INK = "#c81e1e";
constexpr const char* BLACK_INK = "#161616";
constexpr const char* ARROW = "#1f6fd1";
constexpr const char* CHASING = "#1f6fd1";     // the attacker's ring: the arrow's blue
constexpr const char* CHASED = "#ef7d00";      // the victim's ring, dashed
constexpr const char* CHECKING = "#d4145a";
constexpr const char* CAPTION = "#222222";

// Traditional pieces are written in a brush (kai) or Song (ming) face; the list names the
// fonts Debian ships (fonts-arphic-ukai, fonts-arphic-uming, fonts-noto-cjk, fonts-wqy-*),
// common ones elsewhere, then the generic family. scripts/install-deps.sh installs WenQuanYi
// Micro Hei, the most compact of them, so a fresh machine always has one.
constexpr const char* CJK_FONTS =
    "'AR PL UKai CN', 'AR PL UKai TW', 'KaiTi', 'STKaiti', 'Noto Serif CJK SC', 'Noto Serif CJK TC', "
    "'AR PL UMing CN', 'Noto Sans CJK SC', 'WenQuanYi Zen Hei', 'WenQuanYi Micro Hei', 'Microsoft YaHei', "
    "'PingFang SC', serif";
constexpr const char* LATIN_FONTS = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

}  // namespace xq::diagram::palette
