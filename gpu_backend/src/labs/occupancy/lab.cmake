# Room "occupancy" (issue 7, in progress): so far its occupancy calculator, which the lab's
# declaration, model and CUDA checks will build on. Not yet registered in lab_list.cpp.
target_sources(warpscope_backend PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/occupancy_calculator.cpp
)
