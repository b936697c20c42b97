# Lab room "instruction-costs": declaration and assembly (instruction_costs_lab.cpp), presets, the
# kinds' table and the model, the host's recomputation and the SASS reader in every build; the
# CUDA measurement and the kernels only with the toolkit. The fast-math kinds are a translation
# unit of their own compiled with -use_fast_math, so one build holds both.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/instruction_costs_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/instruction_costs_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/instruction_costs_kinds.cpp
  ${CMAKE_CURRENT_LIST_DIR}/instruction_costs_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/instruction_costs_reference.cpp
  ${CMAKE_CURRENT_LIST_DIR}/instruction_costs_sass.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/instruction_costs_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/instruction_costs_kernels.cu
    ${CMAKE_CURRENT_LIST_DIR}/instruction_costs_fast_kernels.cu
  )
  set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/instruction_costs_fast_kernels.cu
    PROPERTIES COMPILE_OPTIONS "--use_fast_math")
endif()
