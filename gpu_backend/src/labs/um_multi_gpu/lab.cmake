# Lab room "um-multi-gpu": declaration, plan and assembly (um_multi_gpu_lab.cpp) and the model's scenarios
# (um_multi_gpu_model.cpp) in every build; the GPU side only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/um_multi_gpu_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_multi_gpu_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_multi_gpu_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_multi_gpu_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_multi_gpu_gpus.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_multi_gpu_peer_copy.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_multi_gpu_kernels.cu
  )
endif()
