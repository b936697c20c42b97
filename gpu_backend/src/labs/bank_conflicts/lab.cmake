# Lab room "bank-conflicts": declaration, plan, assembly, the bank grid and targets
# (bank_conflicts_lab.cpp), presets, and the model (bank_conflicts_model.cpp) in every build; the
# CUDA measurement and the shared-memory kernel only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/bank_conflicts_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bank_conflicts_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bank_conflicts_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/bank_conflicts_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/bank_conflicts_kernels.cu
  )
endif()
