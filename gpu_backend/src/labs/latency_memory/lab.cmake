# Lab room "latency-memory": declaration, plan, assembly and targets (latency_memory_lab.cpp) and the model
# (latency_memory_model.cpp) in every build; the CUDA measurement and kernels only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/latency_memory_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/latency_memory_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/latency_memory_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/latency_memory_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/copy_bench.cpp
    ${CMAKE_CURRENT_LIST_DIR}/volkov_copy.cu
  )
endif()
