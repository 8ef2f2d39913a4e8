/* A stand-in for the Ascend runtime header acl/acl.h: the part upstream PTO-ISA's CPU tests call
 * from their main.cpp (12 functions, 3 constants), with host-memory semantics. "Device" memory is
 * host memory, a copy is memcpy and a stream runs nothing (ptogen's kernels are synchronous). The
 * functions are in acl_stub.c; names, argument orders, enum values and status codes are ACL's.
 * aclFloat16 is not here: the tests compare it as a number, so it comes from ptogen's
 * <pto/common/type.hpp> as a real half type (ACL's own is a uint16_t bit pattern). */
#ifndef PTOGEN_ACL_STUB_H
#define PTOGEN_ACL_STUB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int aclError;
#define ACL_SUCCESS 0
#define ACL_ERROR_INVALID_PARAM 100000
#define ACL_ERROR_BAD_ALLOC 200000

typedef void *aclrtStream;

typedef enum {
    ACL_MEM_MALLOC_HUGE_FIRST = 0,
    ACL_MEM_MALLOC_HUGE_ONLY = 1,
    ACL_MEM_MALLOC_NORMAL_ONLY = 2
} aclrtMemMallocPolicy;

typedef enum {
    ACL_MEMCPY_HOST_TO_HOST = 0,
    ACL_MEMCPY_HOST_TO_DEVICE = 1,
    ACL_MEMCPY_DEVICE_TO_HOST = 2,
    ACL_MEMCPY_DEVICE_TO_DEVICE = 3
} aclrtMemcpyKind;

aclError aclInit(const char *configPath);
aclError aclFinalize(void);
aclError aclrtSetDevice(int32_t deviceId);
aclError aclrtResetDevice(int32_t deviceId);
aclError aclrtCreateStream(aclrtStream *stream);
aclError aclrtDestroyStream(aclrtStream stream);
aclError aclrtSynchronizeStream(aclrtStream stream);
aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy);
aclError aclrtMallocHost(void **hostPtr, size_t size);
aclError aclrtFree(void *devPtr);
aclError aclrtFreeHost(void *hostPtr);
/* Copies count bytes; like ACL, refuses (copying nothing) when count > destMax. */
aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind);

#ifdef __cplusplus
}
#endif

#endif
