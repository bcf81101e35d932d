// The Python module's designer's commands (lab.cpp): als.compare, als.sweep, als.simulate.
#pragma once
#include <string>

#include <pybind11/pybind11.h>

/// Adds _lab(command, words, flags) to module `m` (als/__init__.py calls it); `data_dir` is read
/// at each call (the module sets it at import).
void bind_lab(pybind11::module_& m, const std::string& data_dir);
