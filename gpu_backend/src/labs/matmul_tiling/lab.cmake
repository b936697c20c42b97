# Room "matmul-tiling" (issue 7: seed 002's tiled SGEMM and Volkov Part IV): declaration, plan,
# assembly and targets (matmul_tiling_lab.cpp) and the model (matmul_model.cpp) in every build; the
# CUDA measurement and kernels only with the toolkit, and cuBLAS only when the toolkit has it (its
# headers at build time; the library is opened when first used: cublas_sgemm.cpp).
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/matmul_tiling_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/matmul_tiling_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/matmul_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/matmul_tiling_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/sgemm_bench.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cublas_sgemm.cpp
    ${CMAKE_CURRENT_LIST_DIR}/sgemm_kernels.cu
  )
  find_package(CUDAToolkit)
  if(TARGET CUDA::cublas)
    target_link_libraries(${warpscope_lab_target} PRIVATE ${CMAKE_DL_LIBS})
    set_property(SOURCE ${CMAKE_CURRENT_LIST_DIR}/cublas_sgemm.cpp APPEND PROPERTY COMPILE_DEFINITIONS WARPSCOPE_HAVE_CUBLAS=1)
  else()
    message(STATUS "matmul-tiling: this CUDA toolkit has no cuBLAS; the lab runs without its reference bar")
  endif()
endif()
