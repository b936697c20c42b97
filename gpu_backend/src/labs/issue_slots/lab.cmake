# Lab room "issue-slots": declaration, programs, assembly and model in every build (the scheduler
# model is mechanisms/warp_scheduler); the GPU side (measured FMA chains beside it) only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/issue_slots_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/issue_slots_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/issue_slots_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/issue_slots_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/issue_slots_cuda.cpp
  )
endif()
