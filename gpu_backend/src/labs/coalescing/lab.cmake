# Lab room "coalescing": declaration, plan, assembly, the warp grid and targets (coalescing_lab.cpp),
# presets, and the model (coalescing_model.cpp) in every build; the CUDA measurement and the
# strided copy only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/coalescing_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/coalescing_matrix.cpp
  ${CMAKE_CURRENT_LIST_DIR}/coalescing_matrix_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/coalescing_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/coalescing_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/coalescing_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/coalescing_kernels.cu
  )
endif()
