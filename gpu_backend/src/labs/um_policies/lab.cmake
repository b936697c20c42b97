# Lab room "um-policies": declaration, plan and assembly (um_policies_lab.cpp) and the model's scenarios
# (um_policies_model.cpp) in every build; the GPU side only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/um_policies_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_policies_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_policies_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_policies_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_policies_kernels.cu
  )
endif()
