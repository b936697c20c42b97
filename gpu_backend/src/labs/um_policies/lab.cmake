# Lab room "um-policies".

# --- CUDA side (branch um-cuda-a): measurement and kernels, only with the toolkit. -------------
if(WARPSCOPE_ENABLE_CUDA)
  target_sources(warpscope_backend PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_policies_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_policies_kernels.cu
  )
  # CUPTI (cuda/um_capture.cpp) is linked by gpu_backend/src/cuda/CMakeLists.txt (CUDA::cupti).
endif()
# --- end of the CUDA side ---------------------------------------------------------------------
