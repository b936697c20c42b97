# Lab room "um-thrashing": declaration, plan and assembly (um_thrashing_lab.cpp) and the model's scenarios
# (um_thrashing_model.cpp) in every build; the GPU side only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/um_thrashing_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_thrashing_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_thrashing_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_thrashing_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_thrashing_kernels.cu
  )
endif()
