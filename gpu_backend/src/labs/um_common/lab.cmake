# The unified-memory rooms' shared parts: the trace records and their names (um_trace.cpp), the
# views every room assembles with (um_views), the shell that runs a room's plan on either backend
# and what every declaration and result share (um_lab_run), the policies' names and what the
# rooms with one scenario per policy share (um_policy_names, um_policy_room), the
# UVM parameters (um_model.cpp) and the simulator's UVM engine, one job per file: page table and
# residency (uvm_page_table), density prefetch (uvm_prefetch), GPU memory chunks in LRU order
# (uvm_gpu_memory), the anti-thrashing heuristic (uvm_thrashing), migrations and eviction
# (uvm_engine), the GPU fault path (uvm_fault_service) and its stages drawn one by one
# (uvm_fault_path), migrations no fault asks for: at launch before Pascal and on access counters
# (uvm_range_migration), the CPU path (uvm_cpu_access), the kernels that raise the faults
# (uvm_stream_kernel) and the kernels whose remote accesses are counted (uvm_access_counters).
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/um_trace.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_lab_run.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_policy_names.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_policy_room.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/uvm_page_table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/uvm_prefetch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/uvm_gpu_memory.cpp
  ${CMAKE_CURRENT_LIST_DIR}/uvm_thrashing.cpp
  ${CMAKE_CURRENT_LIST_DIR}/uvm_engine.cpp
  ${CMAKE_CURRENT_LIST_DIR}/uvm_fault_service.cpp
  ${CMAKE_CURRENT_LIST_DIR}/uvm_cpu_access.cpp
  ${CMAKE_CURRENT_LIST_DIR}/uvm_stream_kernel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/uvm_fault_path.cpp
  ${CMAKE_CURRENT_LIST_DIR}/uvm_range_migration.cpp
  ${CMAKE_CURRENT_LIST_DIR}/uvm_access_counters.cpp
)
# With the toolkit: CUPTI's unified-memory counters (um_capture.cpp collects them,
# um_capture_records.cpp translates them into the trace's records) and the managed-memory helpers
# and safety cap (um_support.cpp), shared by the um-* rooms' CUDA measurements.
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/um_capture.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_capture_records.cpp
    ${CMAKE_CURRENT_LIST_DIR}/um_support.cpp
  )
endif()
