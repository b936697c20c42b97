# Shared code of the unified-memory rooms (um-*): the records (um_trace), the views and run helpers
# every room assembles with, and the UVM model the simulator runs them on.
target_sources(warpscope_backend PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/um_views.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_lab_run.cpp
  ${CMAKE_CURRENT_LIST_DIR}/um_policy_names.cpp
)
