# Lab room "um-oversubscription": the simulator's model (the declaration, assembly and CUDA measurement are
# added with the rest of the room).
target_sources(warpscope_backend PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/um_oversubscription_model.cpp
)
