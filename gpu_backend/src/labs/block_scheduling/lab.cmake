# Lab room "block-scheduling": declaration, plan, trace reading, views and the block-scheduler model
# in every build; the CUDA measurement and its kernel only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/block_scheduling_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/block_scheduling_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/block_scheduling_trace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/block_scheduling_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/block_scheduling_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/block_scheduling_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/block_scheduling_kernels.cu
  )
endif()
