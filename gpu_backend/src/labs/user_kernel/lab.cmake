# Room "user_kernel" (issue 33): a user's own .cu file, declared by its header comment
# (docs/your-kernel.md). In every build: the expression evaluator (kernel_expression), the
# header's parser (header_block, header_param, header_entries, kernel_header), its compiled
# variants (kernel_variants), its launch for one set of values (kernel_launch), the points a run
# measures (user_kernel_plan), the occupancy a variant's resources allow (user_kernel_resources),
# the views (user_kernel_points), the declaration (user_kernel_lab), the variants compiled with
# NVRTC, opened at run time (user_kernel_compile), the focus variant's SASS (user_kernel_sass), and
# the run without a GPU, compiled only (user_kernel_compile_only). With the toolkit: the buffers (user_kernel_buffers,
# user_kernel_fill.cu) and the GPU measurement (user_kernel_cuda).
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/kernel_expression.cpp
  ${CMAKE_CURRENT_LIST_DIR}/header_syntax.cpp
  ${CMAKE_CURRENT_LIST_DIR}/header_block.cpp
  ${CMAKE_CURRENT_LIST_DIR}/header_param.cpp
  ${CMAKE_CURRENT_LIST_DIR}/header_entries.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_header.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_variants.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_launch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/user_kernel_plan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/user_kernel_resources.cpp
  ${CMAKE_CURRENT_LIST_DIR}/user_kernel_points.cpp
  ${CMAKE_CURRENT_LIST_DIR}/user_kernel_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/user_kernel_compile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/user_kernel_compile_only.cpp
  ${CMAKE_CURRENT_LIST_DIR}/user_kernel_sass.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/user_kernel_buffers.cpp
    ${CMAKE_CURRENT_LIST_DIR}/user_kernel_fill.cu
    ${CMAKE_CURRENT_LIST_DIR}/user_kernel_cuda.cpp
  )
endif()
