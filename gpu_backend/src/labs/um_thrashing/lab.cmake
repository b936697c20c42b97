# Lab room "um-thrashing".

# CUDA measurement (um-cuda-b): the persistent kernel, CPU writer threads and the captured run;
# only with the toolkit.
if(WARPSCOPE_ENABLE_CUDA)
  target_sources(warpscope_backend PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_thrashing_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_thrashing_kernels.cu
  )
endif()
