# Lab room "um-fault-path": declaration, the model's scenarios and views, the fault groups from
# either backend's records, presets, in every build. With the toolkit, a CUDA device measures the
# fault-group run (um_fault_path_cuda.cpp, the kernel in um_fault_path_kernels.cu) and runs the
# rest on the closest profile's model.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/um_fault_path_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_fault_path_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_fault_path_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_fault_groups.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_fault_group_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_fault_path_presets.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_fault_path_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_fault_path_kernels.cu
  )
endif()
