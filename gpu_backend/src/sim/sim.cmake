# Simulator backend: runs each lab's model on a device profile (mechanisms/device_profile: data
# files, model parameters grouped per mechanism). The models themselves live in each lab's room
# (src/labs/<lab>/<lab>_model.cpp). Included by
# warpscope_add_backend (gpu_backend/CMakeLists.txt) for ${warpscope_lab_target}.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/simulator_backend.cpp
)
