# Lab room "um-system-memory": declaration, plan and assembly (um_system_memory_lab.cpp), its slides
# (um_system_memory_presets.cpp) and the model's scenarios (um_system_memory_model.cpp) in every
# build; the GPU side only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/um_system_memory_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_system_memory_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_system_memory_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_system_memory_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_system_memory_atomics_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_system_memory_touch_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_system_memory_kernels.cu
  )
endif()
