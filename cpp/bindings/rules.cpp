// polyreversi._core.Rules (a validated rule set) and the square and board helpers.
#include "polyreversi/kernel_api.hpp"
#include "common.hpp"

namespace polyreversi::bindings {

void init_rules(py::module_& m) {
  py::class_<PyRules>(m, "Rules", "A validated rule set (built by polyreversi.Variant).")
      .def(py::init([](const std::string& board, int players, bool anti, bool free_opening, int handicap,
                       int handicap_color, const std::vector<int>& blocked) {
             return PyRules{rules_from_args(board, players, anti, free_opening, handicap, handicap_color, blocked)};
           }),
           py::arg("board"), py::arg("players"), py::arg("anti"), py::arg("free_opening"), py::arg("handicap"),
           py::arg("handicap_color"), py::arg("blocked"))
      .def_property_readonly("n", [](py::handle r_obj) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules"); return r.rules->n; })
      .def_property_readonly("playable", [](py::handle r_obj) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules"); return squares_list(r.rules->playable); })
      .def_property_readonly("cut_out", [](py::handle r_obj) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules"); return squares_list(r.rules->cut_out); })
      .def("args", [](py::handle r_obj) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules"); return rules_args(*r.rules); });

  m.def("eligible_blocked", [](const std::string& board, int handicap) {
    if (handicap < 0 || handicap > 4) throw VariantError("handicap: allowed: 0, 1, 2, 3, 4");
    return eligible_blocked(parse_board(board), handicap);
  });
  m.def("board_side", [](const std::string& board) { return board_side(parse_board(board)); });
  m.def("square_name", [](int n, int square) {
    if (n != 6 && n != 8 && n != 10) throw SquareError("no board has side " + std::to_string(n));
    if (square < 0 || square > n * n)
      throw SquareError("square " + std::to_string(square) + " is off the " + std::to_string(n) + "x" +
                        std::to_string(n) + " grid; squares are 0.." + std::to_string(n * n - 1) + ", pass is " +
                        std::to_string(n * n));
    return square == n * n ? std::string("pass") : square_name(n, square);
  });
  m.def("parse_square", [](int n, const std::string& text) {
    if (n != 6 && n != 8 && n != 10) throw SquareError("no board has side " + std::to_string(n));
    return parse_square(n, text);
  });
  m.def("kernels", []() { return std::string(kernels().name); }, "Name of the kernel set picked for this CPU.");
}

}  // namespace polyreversi::bindings
