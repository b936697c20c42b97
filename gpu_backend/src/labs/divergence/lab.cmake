# Lab room "divergence": declaration, plan, trace alignment and assembly (divergence_lab.cpp) and the
# SIMT model (divergence_model.cpp) in every build; the CUDA measurement and its kernels only with
# the toolkit.
target_sources(warpscope_backend PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/divergence_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/divergence_model.cpp
)
if(WARPSCOPE_ENABLE_CUDA)
  target_sources(warpscope_backend PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/divergence_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/divergence_kernels.cu
  )
endif()
