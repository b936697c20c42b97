# Lab room "limiter": declaration, plan, assembly and targets (limiter_lab.cpp) and the model
# (limiter_model.cpp) in every build; the CUDA measurement and kernels only with the toolkit.
target_sources(warpscope_backend PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/limiter_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/limiter_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/limiter_model.cpp
)
if(WARPSCOPE_ENABLE_CUDA)
  target_sources(warpscope_backend PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/limiter_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/limiter_bench.cpp
    ${CMAKE_CURRENT_LIST_DIR}/limiter_kernels.cu
  )
endif()
