# The limiter family's shared room (the limiter and roofline labs): the parameters, plan, points
# and ceilings (limiter_family.cpp), what both labs' assemblies share (limiter_assembly.cpp) and
# the model (limiter_family_model.cpp) in every build; the three kernels and the bench that times
# and checks them only with the toolkit.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/limiter_family.cpp
  ${CMAKE_CURRENT_LIST_DIR}/limiter_assembly.cpp
  ${CMAKE_CURRENT_LIST_DIR}/limiter_family_model.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/limiter_bench.cpp
    ${CMAKE_CURRENT_LIST_DIR}/limiter_kernels.cu
  )
endif()
