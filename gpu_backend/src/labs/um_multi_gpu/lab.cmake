# Lab room "um-multi-gpu".

# CUDA measurement (um-cuda-b): two GPUs on one managed buffer, and the peer copy; only with the
# toolkit.
if(WARPSCOPE_ENABLE_CUDA)
  target_sources(warpscope_backend PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_multi_gpu_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_multi_gpu_kernels.cu
  )
endif()
