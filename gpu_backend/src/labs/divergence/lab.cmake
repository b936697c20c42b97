# Lab room "divergence": declaration, plan and assembly (divergence_lab.cpp), the trace
# (divergence_trace.cpp) and the SIMT model (simt_program, simt_timing, simt_table, and
# divergence_model.cpp running it) in every build; the CUDA measurement and kernels only with the
# toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/divergence_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/divergence_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/divergence_trace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/divergence_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/simt_program.cpp
  ${CMAKE_CURRENT_LIST_DIR}/simt_timing.cpp
  ${CMAKE_CURRENT_LIST_DIR}/simt_table.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/divergence_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/divergence_kernels.cu
  )
endif()
