# Lab room "roofline": declaration, assembly and targets, and the model in every build (it reuses
# the limiter room's model); the CUDA measurement only with the toolkit (the limiter room's kernels).
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/roofline_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/roofline_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/roofline_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/roofline_cuda.cpp
  )
endif()
