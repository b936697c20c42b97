# Lab room "um-fault-path": declaration, the model's scenarios and views, presets, in every build.
# It is a model only: with the toolkit, a CUDA device runs the closest profile's model (never the GPU).
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/um_fault_path_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_fault_path_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_fault_path_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_fault_path_presets.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_fault_path_cuda.cpp
  )
endif()
