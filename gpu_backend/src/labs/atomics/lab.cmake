# Lab room "atomics": declaration, plan, assembly, the queue grid and targets (atomics_lab.cpp),
# presets, and the model (atomics_model.cpp) in every build; the CUDA measurement and the kernels
# only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/atomics_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/atomics_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/atomics_race.cpp
  ${CMAKE_CURRENT_LIST_DIR}/atomics_race_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/atomics_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/atomics_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/atomics_race_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/atomics_kernels.cu
  )
endif()
