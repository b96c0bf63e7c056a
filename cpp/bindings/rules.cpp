// polyreversi._core.Rules (a validated rule set) and the square and board helpers.
#include "common.hpp"
#include "polyreversi/kernel_api.hpp"

namespace polyreversi::bindings {

void init_rules(py::module_& m) {
  py::class_<PyRules>(m, "Rules", "A validated rule set (built by polyreversi.Variant).")
      .def(py::init([](const std::string& board, py::handle players, bool anti, bool free_opening, py::handle handicap,
                       py::handle handicap_color, py::iterable blocked) {
             std::vector<long long> squares;
             for (py::handle sq : blocked) squares.push_back(whole_number<VariantError>(sq, "blocked"));
             return PyRules{rules_from_args(board, whole_number<VariantError>(players, "players"), anti, free_opening,
                                            whole_number<VariantError>(handicap, "handicap"),
                                            whole_number<VariantError>(handicap_color, "handicap_color"), squares)};
           }),
           py::arg("board"), py::arg("players"), py::arg("anti"), py::arg("free_opening"), py::arg("handicap"),
           py::arg("handicap_color"), py::arg("blocked"))
      .def_property_readonly("n",
                             [](py::handle r_obj) {
                               const PyRules& r = checked<PyRules>(r_obj, "Rules");
                               return r.rules->n;
                             })
      .def_property_readonly("playable",
                             [](py::handle r_obj) {
                               const PyRules& r = checked<PyRules>(r_obj, "Rules");
                               return squares_list(r.rules->playable);
                             })
      .def_property_readonly("cut_out",
                             [](py::handle r_obj) {
                               const PyRules& r = checked<PyRules>(r_obj, "Rules");
                               return squares_list(r.rules->cut_out);
                             })
      .def("args", [](py::handle r_obj) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules");
        return rules_args(*r.rules);
      });

  m.def("eligible_blocked", [](const std::string& board, py::handle handicap) {
    return eligible_blocked(parse_board(board), whole_number<VariantError>(handicap, "handicap"));
  });
  m.def("board_side", [](const std::string& board) { return board_side(parse_board(board)); });
  m.def("square_name", [](int n, py::handle square) { return checked_move_name(n, square_number(n, square)); });
  m.def("square_index", [](int n, py::handle square) {
    check_side(n);
    if (PyUnicode_Check(square.ptr())) return parse_square(n, square.cast<std::string>());
    const long long sq = square_number(n, square);
    checked_move_name(n, sq);
    return static_cast<int>(sq);
  });
  m.def(
      "parse_square",
      [](int n, const std::string& text, bool with_pass) {
        check_side(n);
        return parse_square(n, text, with_pass);
      },
      py::arg("n"), py::arg("text"), py::arg("with_pass") = true);
  m.attr("MAX_START_PLY") = kMaxStartPly;
  m.attr("CELL_EMPTY") = kCellEmpty;
  m.attr("CELL_NEUTRAL") = kCellNeutral;
  m.attr("CELL_BLOCKED") = kCellBlocked;
  m.attr("CELL_CUT_OUT") = kCellCutOut;
  m.attr("BOARDS") = py::make_tuple(kBoardNames[0], kBoardNames[1], kBoardNames[2], kBoardNames[3]);
  m.def("kernels", []() { return std::string(kernel_set().name); }, "Name of the kernel set picked for this CPU.");
}

}  // namespace polyreversi::bindings
