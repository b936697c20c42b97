# Lab room "um-streaming": declaration, plan and assembly (um_streaming_lab.cpp) and the model's scenarios
# (um_streaming_model.cpp) in every build; the GPU side only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/um_streaming_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_streaming_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_streaming_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_streaming_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_streaming_kernels.cu
  )
endif()
