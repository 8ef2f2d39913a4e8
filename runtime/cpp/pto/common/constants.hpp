// Part of ptogen's C++ API (hand-written, copied to out/include/pto/common/constants.hpp):
// upstream kernels include this header; what they use of it is in type.hpp.
#ifndef PTO_COMMON_CONSTANTS_HPP
#define PTO_COMMON_CONSTANTS_HPP

#include "pto/common/type.hpp"

#endif // PTO_COMMON_CONSTANTS_HPP
