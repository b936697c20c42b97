# Lab room "um-streaming".

# --- CUDA side (branch um-cuda-a): measurement and kernels, only with the toolkit. -------------
if(WARPSCOPE_ENABLE_CUDA)
  target_sources(warpscope_backend PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_streaming_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_streaming_kernels.cu
    # TEMPORARY: local names/countersFromEvents until um_common/um_trace.cpp lands; delete then.
    ${CMAKE_CURRENT_LIST_DIR}/../um_common/um_trace_local.cpp
  )
  # CUPTI (cuda/um_capture.cpp) is linked by gpu_backend/src/cuda/CMakeLists.txt (CUDA::cupti).
endif()
# --- end of the CUDA side ---------------------------------------------------------------------
