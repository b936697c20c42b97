# Lab room "um-oversubscription": declaration, the model's curve and assembly in every build. It is
# simulated only: with the toolkit, a CUDA device runs the closest profile's model (never the GPU).
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/um_oversubscription_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_oversubscription_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_oversubscription_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_oversubscription_prefetch.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_oversubscription_cuda.cpp
  )
endif()
