// polyreversi._core.Batch: B games of one variant stepped together in C++.
#include "polyreversi/bulk.hpp"
#include "common.hpp"

namespace polyreversi::bindings {

namespace {

struct PyBatch {
  Batch batch;
  py::object variant;
};

}  // namespace

void init_batch(py::module_& m) {
  py::class_<PyBatch>(m, "Batch", "B games of one variant held in C++ (see polyreversi.Batch).")
      .def(py::init([](py::handle r_obj, py::object variant, int size) {
        const PyRules& r = checked<PyRules>(r_obj, "Rules");
             if (size < 1) throw py::value_error("size: a batch holds at least 1 game");
             return std::make_unique<PyBatch>(PyBatch{Batch(r.rules, size), std::move(variant)});
           }),
           py::arg("rules"), py::arg("variant"), py::arg("size"))
      .def_property_readonly("size", [](py::handle b_obj) {
        const PyBatch& b = checked<PyBatch>(b_obj, "Batch"); return b.batch.size(); })
      .def_property_readonly("variant", [](py::handle b_obj) {
        const PyBatch& b = checked<PyBatch>(b_obj, "Batch"); return b.variant; })
      .def_property_readonly("masks", [](py::object self) {
        const PyBatch& b = checked<PyBatch>(self, "Batch");
        const int nn = b.batch.rules().squares();
        return view(self, b.batch.data().masks, {b.batch.size(), nn + 1}, "bool");
      })
      .def_property_readonly("boards", [](py::object self) {
        const PyBatch& b = checked<PyBatch>(self, "Batch");
        const int n = b.batch.rules().n;
        return view(self, b.batch.data().boards, {b.batch.size(), n, n});
      })
      .def_property_readonly("done", [](py::object self) {
        const PyBatch& b = checked<PyBatch>(self, "Batch");
        return view(self, b.batch.data().done, {b.batch.size()}, "bool");
      })
      .def_property_readonly("scores", [](py::object self) {
        const PyBatch& b = checked<PyBatch>(self, "Batch");
        return view(self, b.batch.data().scores, {b.batch.size(), b.batch.rules().players});
      })
      .def_property_readonly("to_move", [](py::object self) {
        const PyBatch& b = checked<PyBatch>(self, "Batch");
        return view(self, b.batch.data().to_move, {b.batch.size()});
      })
      .def("plies", [](py::handle b_obj) {
        const PyBatch& b = checked<PyBatch>(b_obj, "Batch");
        py::array_t<std::int32_t> out(b.batch.size());
        for (int i = 0; i < b.batch.size(); ++i) out.mutable_data()[i] = b.batch.ply(i);
        return out;
      })
      .def("step",
           [](py::handle b_obj, py::array_t<std::int32_t, py::array::c_style> moves, int threads) {
        PyBatch& b = checked<PyBatch>(b_obj, "Batch");
             if (moves.ndim() != 1 || moves.shape(0) != b.batch.size())
               throw py::value_error("moves: expected shape (" + std::to_string(b.batch.size()) + ",)");
             const std::int32_t* mv = moves.data();
             py::gil_scoped_release release;
             b.batch.step(mv, threads);
           },
           py::arg("moves").noconvert(), py::arg("threads") = 1)
      .def("reset",
           [](py::handle b_obj, py::object which) {
        PyBatch& b = checked<PyBatch>(b_obj, "Batch");
             if (which.is_none()) {
               b.batch.reset(nullptr);
               return;
             }
             auto w = which.cast<py::array_t<std::uint8_t, py::array::c_style>>();
             if (w.ndim() != 1 || w.shape(0) != b.batch.size())
               throw py::value_error("reset: expected shape (" + std::to_string(b.batch.size()) + ",)");
             b.batch.reset(w.data());
           },
           py::arg("which"))
      .def("choose",
           [](py::handle b_obj, int policy, unsigned long long seed) {
        PyBatch& b = checked<PyBatch>(b_obj, "Batch");
             if (policy != 0 && policy != 1) throw py::value_error("policy: 0 (random) or 1 (greedy)");
             py::array_t<std::int32_t> out(b.batch.size());
             std::int32_t* o = out.mutable_data();
             {
               py::gil_scoped_release release;
               b.batch.choose(policy, seed, o);
             }
             return out;
           },
           py::arg("policy"), py::arg("seed"))
      .def("state", [](py::handle b_obj, int i) {
        const PyBatch& b = checked<PyBatch>(b_obj, "Batch");
        if (i < 0 || i >= b.batch.size())
          throw py::index_error("game " + std::to_string(i) + " is not in this batch of " + std::to_string(b.batch.size()));
        return PyState(b.batch.rules_ptr(), b.batch.position(i), b.variant);
      }, py::arg("index"));
}

}  // namespace polyreversi::bindings
