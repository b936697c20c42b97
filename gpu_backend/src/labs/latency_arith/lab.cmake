# Lab room "latency-arith": declaration, plan, assembly and targets (latency_arith_lab.cpp) and the model
# (latency_arith_model.cpp) in every build; the CUDA measurement and kernels only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/latency_arith_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/latency_arith_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/latency_arith_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/latency_arith_cuda.cpp
  )
endif()
