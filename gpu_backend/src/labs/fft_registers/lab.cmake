# Room "fft-registers" (seed 000, Volkov Part V: FFT in registers): declaration, plan, assembly and
# targets (fft_registers_lab.cpp), presets, the model (fft_registers_model.cpp) and the host's
# double-precision reference in every build; the CUDA measurement and kernels only with the
# toolkit, and cuFFT only when the toolkit has it.
target_sources(${warpscope_lab_target} PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/fft_registers_lab.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fft_registers_presets.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fft_registers_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fft_registers_reference.cpp
)
if(warpscope_lab_cuda)
  target_sources(${warpscope_lab_target} PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/fft_registers_cuda.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cufft_batched.cpp
    ${CMAKE_CURRENT_LIST_DIR}/fft_registers_kernels.cu
  )
  find_package(CUDAToolkit)
  if(TARGET CUDA::cufft)
    # Headers only: libcufft is opened when first used (cufft_batched.cpp).
    target_link_libraries(${warpscope_lab_target} PRIVATE ${CMAKE_DL_LIBS})
    set_property(SOURCE ${CMAKE_CURRENT_LIST_DIR}/cufft_batched.cpp APPEND PROPERTY COMPILE_DEFINITIONS WARPSCOPE_HAVE_CUFFT=1)
  else()
    message(STATUS "fft-registers: this CUDA toolkit has no cuFFT; the lab runs without its reference line")
  endif()
endif()
