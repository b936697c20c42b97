# Room "user_kernel" (issue 33): a user's own .cu file, declared by its header comment
# (docs/your-kernel.md). The expression evaluator (kernel_expression), the header's parser
# (header_block, header_param, header_entries, kernel_header), its compiled variants
# (kernel_variants) and its launch for one set of values (kernel_launch); plain C++ in every build.
# Not a registered lab yet: compiling with NVRTC and running come later.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/kernel_expression.cpp
  ${CMAKE_CURRENT_LIST_DIR}/header_syntax.cpp
  ${CMAKE_CURRENT_LIST_DIR}/header_block.cpp
  ${CMAKE_CURRENT_LIST_DIR}/header_param.cpp
  ${CMAKE_CURRENT_LIST_DIR}/header_entries.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_header.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_variants.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kernel_launch.cpp
)
