# Lab room "bank-conflicts", work in progress: so far only the kernel, checked against the bank rule
# by tests/device/bank_conflicts_counters_test.cpp. The lab (declaration, model, measurement) and
# its entry in lab_list.cpp come next.
if(WARPSCOPE_ENABLE_CUDA)
  target_sources(warpscope_backend PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/bank_conflicts_kernels.cu
  )
endif()
