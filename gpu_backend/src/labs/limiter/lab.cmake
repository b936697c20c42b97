# Lab room "limiter": declaration, assembly and targets (limiter_lab.cpp) and the simulated run
# (limiter_model.cpp) in every build; the CUDA measurement only with the toolkit. The kernels, the
# plan and the model it shares with roofline are in the family's room, labs/limiter_common.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/limiter_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/limiter_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/limiter_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/limiter_counts.cpp
  ${CMAKE_CURRENT_LIST_DIR}/limiter_profiler_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/limiter_sync_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/limiter_sync_views.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/limiter_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/limiter_sync_bench.cpp
    ${CMAKE_CURRENT_LIST_DIR}/limiter_sync_kernels.cu
  )
endif()
