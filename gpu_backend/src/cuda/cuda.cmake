# CUDA backend, included by warpscope_add_backend (gpu_backend/CMakeLists.txt) for
# ${warpscope_lab_target}. Without CUDA (no toolkit, or the window's backend) a stub
# makeCudaBackend() returns nullptr, so every front end still builds and falls back to the
# simulator at run time.
# In every backend, with or without the toolkit: opening a shared library (dynamic_library) and
# NVRTC through it (nvrtc_compiler), which needs no CUDA header: a user's kernel compiles for a
# simulator profile wherever the toolkit's libnvrtc is installed, the window's backend included.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/dynamic_library.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nvrtc_compiler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sass_listing.cpp
  ${CMAKE_CURRENT_LIST_DIR}/toolkit_program.cpp
)
target_link_libraries(${warpscope_lab_target} PUBLIC ${CMAKE_DL_LIBS})
if(NOT warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE ${CMAKE_CURRENT_LIST_DIR}/cuda_unavailable.cpp)
  return()
endif()

# Host logic: .cpp files built by the host compiler against the runtime API. Kernels (.cu) and
# their launch wrappers live in each lab's room; the ones every lab shares are here.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/cuda_backend.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cuda_check.cpp
  ${CMAKE_CURRENT_LIST_DIR}/device_query.cpp
  ${CMAKE_CURRENT_LIST_DIR}/timing.cpp
  ${CMAKE_CURRENT_LIST_DIR}/occupancy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ceilings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fma_chain_harness.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fma_bench.cpp
  ${CMAKE_CURRENT_LIST_DIR}/counters.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cupti_range_profiler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cupti_subscription.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cuda_run_guard.cpp
  ${CMAKE_CURRENT_LIST_DIR}/runtime_module.cpp
  ${CMAKE_CURRENT_LIST_DIR}/launch_watch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernels/occupancy_probe.cu
  ${CMAKE_CURRENT_LIST_DIR}/kernels/fma_chains.cu
  ${CMAKE_CURRENT_LIST_DIR}/kernels/fill_words.cu
  ${CMAKE_CURRENT_LIST_DIR}/kernels/fault_injection.cu
)
# The CUDA runtime, linked statically: it opens the driver (libcuda) itself when first called and
# answers cudaErrorNoDevice / cudaErrorInsufficientDriver when there is none, so the CLI starts,
# and runs the simulator, on a machine with no CUDA at all (a shared libcudart.so.13 made it exit
# 127 there). One runtime for the whole program still: this backend is a static library, so the
# runtime is linked once, into each final executable; cuBLAS and cuFFT are opened at run time and
# share its primary context through the driver.
target_link_libraries(${warpscope_lab_target} PUBLIC CUDA::cudart_static)
set_target_properties(${warpscope_lab_target} PROPERTIES CUDA_RUNTIME_LIBRARY Static)
# CUPTI: hardware counters (counters.cpp) and activity records (cupti_subscription.cpp: the
# unified-memory family's capture, the streams lab's timeline). Opened at run time
# (cupti_loader.cpp), never linked: CUPTI comes with the toolkit, not the driver. Headers only here.
target_sources(${warpscope_lab_target} PRIVATE ${CMAKE_CURRENT_LIST_DIR}/cupti_loader.cpp)
if(CUDAToolkit_CUPTI_INCLUDE_DIR)
  target_include_directories(${warpscope_lab_target} PUBLIC ${CUDAToolkit_CUPTI_INCLUDE_DIR})
endif()
target_link_libraries(${warpscope_lab_target} PUBLIC ${CMAKE_DL_LIBS})
# Where dlopen looks for cuBLAS, cuFFT and CUPTI after the loader's own search: the build's
# toolkit and its CUPTI (the shared runtime's RUNPATH used to point there).
set(warpscope_cuda_library_dirs ${CUDAToolkit_LIBRARY_DIR})
if(CUDA_cupti_LIBRARY)
  get_filename_component(warpscope_cupti_dir ${CUDA_cupti_LIBRARY} DIRECTORY)
  list(APPEND warpscope_cuda_library_dirs ${warpscope_cupti_dir})
endif()
list(REMOVE_DUPLICATES warpscope_cuda_library_dirs)
string(REPLACE ";" ":" warpscope_cuda_library_dirs "${warpscope_cuda_library_dirs}")
set_property(SOURCE ${CMAKE_CURRENT_LIST_DIR}/dynamic_library.cpp APPEND PROPERTY
  COMPILE_DEFINITIONS "WARPSCOPE_CUDA_LIBRARY_DIRS=\"${warpscope_cuda_library_dirs}\"")
# The device query names the architectures when it leaves out a GPU the build has no kernels for.
string(REPLACE ";" "," warpscope_cuda_archs_text "${WARPSCOPE_CUDA_ARCHITECTURES}")
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/device_query.cpp PROPERTIES
  COMPILE_DEFINITIONS "WARPSCOPE_CUDA_ARCHITECTURES_TEXT=\"${warpscope_cuda_archs_text}\"")
# ptxas warns if an array spills to local memory (the kernels must not).
target_compile_options(${warpscope_lab_target} PRIVATE
  $<$<COMPILE_LANGUAGE:CUDA>:-Xptxas=-warn-spills,-warn-lmem-usage>)
# CMake 3.25 does not know nvcc's C++20 flag (it refuses CMAKE_CUDA_STANDARD 20 at generate time);
# the kernels need only C++17 (if constexpr, index_sequence), so they are built as C++17.
set_target_properties(${warpscope_lab_target} PROPERTIES CUDA_STANDARD 17 CUDA_STANDARD_REQUIRED ON)
