#pragma once
/// \file host_device.h
/// WS_HD marks small functions that the kernels and the host-side checks must compute identically.

#ifdef __CUDACC__
#define WS_HD __host__ __device__
#else
#define WS_HD
#endif
