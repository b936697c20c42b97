#pragma once
/// \file dynamic_library.h
/// A shared library opened when first needed (dlopen), not at program start: cuBLAS alone maps
/// about 140 MB of resident memory, so the labs that compare with cuBLAS or cuFFT load them only
/// when they run on a GPU (`warpscope-cli labs` and the window never do).

#include <initializer_list>
#include <string>

namespace warpscope::cuda {

class DynamicLibrary {
 public:
  /// Opens the first of `names` that loads (sonames such as "libcublas.so.13"), then tries the
  /// same names in the CUDA toolkit's folders ($CUDA_HOME/lib64, the build's toolkit,
  /// /usr/local/cuda/lib64): the program has no RUNPATH into the toolkit. Never throws: check
  /// loaded(), and error() says why not (every name tried, and dlerror's words).
  explicit DynamicLibrary(std::initializer_list<const char*> names);
  ~DynamicLibrary();
  DynamicLibrary(const DynamicLibrary&) = delete;
  DynamicLibrary& operator=(const DynamicLibrary&) = delete;

  [[nodiscard]] bool loaded() const { return handle_ != nullptr; }
  [[nodiscard]] const std::string& error() const { return error_; }
  [[nodiscard]] const std::string& name() const { return name_; }

  /// The function `symbol` as F*, or nullptr (error() then names the symbol).
  template <typename F>
  F* function(const char* symbol) {
    return reinterpret_cast<F*>(address(symbol));
  }

 private:
  void* address(const char* symbol);

  void* handle_ = nullptr;
  std::string name_;
  std::string error_;
};

}  // namespace warpscope::cuda
