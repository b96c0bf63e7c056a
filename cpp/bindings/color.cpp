// polyreversi.Color, an IntEnum whose values are the board() cell codes.
#include <pybind11/native_enum.h>

#include "common.hpp"

namespace polyreversi::bindings {

namespace {

enum class ColorCode : int { Black = 1, White = 2, Red = 3, Green = 4 };

}  // namespace

void init_color(py::module_& m) {
  py::native_enum<ColorCode>(m, "Color", "enum.IntEnum",
                             "A player's colour; the value is also its code in board() arrays. Turn order is "
                             "BLACK, WHITE, RED, GREEN (RULES.md §2).")
      .value("BLACK", ColorCode::Black)
      .value("WHITE", ColorCode::White)
      .value("RED", ColorCode::Red)
      .value("GREEN", ColorCode::Green)
      .finalize();
  {
    py::object cls = m.attr("Color");
    const char* names[] = {"BLACK", "WHITE", "RED", "GREEN"};
    for (int i = 0; i < kMaxPlayers; ++i) color_members[i] = cls.attr(names[i]);
  }
}

}  // namespace polyreversi::bindings
