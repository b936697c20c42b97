# Lab room "streams": declaration, plan, assembly and targets (streams_lab.cpp), presets, the
# overlap model (streams_schedule.cpp) and its inputs from the profile (streams_model.cpp), and the
# timeline view in every build; the CUDA measurement, its kernels, the CUPTI capture and the child
# process for other hardware-queue counts only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/streams_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/streams_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/streams_schedule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/streams_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/streams_timeline.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/streams_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/streams_capture.cpp
    ${CMAKE_CURRENT_LIST_DIR}/streams_child.cpp
    ${CMAKE_CURRENT_LIST_DIR}/streams_kernels.cu
  )
endif()
