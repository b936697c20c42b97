# Lab room "occupancy": the calculator, declaration, assembly and model in every build; the
# register-cap kernels, their measurement and the check against CUDA's occupancy API only with
# the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/occupancy_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/occupancy_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/occupancy_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/occupancy_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/occupancy_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/occupancy_api_check.cpp
    ${CMAKE_CURRENT_LIST_DIR}/register_cap_kernels.cu
  )
endif()
