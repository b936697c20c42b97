# Lab room "register-vs-shared": declaration, plan, assembly and targets (register_vs_shared_lab.cpp)
# and the model (register_vs_shared_model.cpp) in every build; the CUDA measurement and kernels only
# with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/register_vs_shared_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/register_vs_shared_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/register_vs_shared_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/register_vs_shared_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rvs_bench.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rvs_kernels.cu
  )
endif()
