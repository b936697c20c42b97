# Lab room "um-policies": the simulator's model (the declaration, assembly and CUDA measurement are
# added with the rest of the room).
target_sources(warpscope_backend PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/um_policies_model.cpp
)
