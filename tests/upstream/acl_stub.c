/* The ACL runtime calls of upstream PTO-ISA's CPU tests (include/acl/acl.h), on the host:
 * memory from malloc (as upstream's cpu_stub.hpp takes it: aligned for every element type, which
 * is all a global tensor needs; an aligned_alloc of 64 made glibc trim and regrow its heap in
 * every repetition of a case, page faults that --timing charged to ptogen), copies by memcpy,
 * streams that run nothing. A refused call says why on stderr, because the tests ignore return
 * codes. */
#include "acl/acl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char the_stream; /* every stream handle points here */

static aclError refuse(const char *call, const char *why)
{
    fprintf(stderr, "acl stub: %s refused: %s\n", call, why);
    return ACL_ERROR_INVALID_PARAM;
}

static aclError allocate(const char *call, void **ptr, size_t size)
{
    if (ptr == NULL || size == 0)
        return refuse(call, ptr == NULL ? "NULL pointer" : "size 0");
    *ptr = malloc(size);
    return *ptr != NULL ? ACL_SUCCESS : ACL_ERROR_BAD_ALLOC;
}

aclError aclInit(const char *configPath) { (void)configPath; return ACL_SUCCESS; }
aclError aclFinalize(void) { return ACL_SUCCESS; }
aclError aclrtSetDevice(int32_t deviceId) { (void)deviceId; return ACL_SUCCESS; }
aclError aclrtResetDevice(int32_t deviceId) { (void)deviceId; return ACL_SUCCESS; }

aclError aclrtCreateStream(aclrtStream *stream)
{
    if (stream == NULL)
        return refuse("aclrtCreateStream", "NULL stream");
    *stream = &the_stream;
    return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream) { (void)stream; return ACL_SUCCESS; }
aclError aclrtSynchronizeStream(aclrtStream stream) { (void)stream; return ACL_SUCCESS; }

aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    (void)policy;
    return allocate("aclrtMalloc", devPtr, size);
}

aclError aclrtMallocHost(void **hostPtr, size_t size) { return allocate("aclrtMallocHost", hostPtr, size); }
aclError aclrtFree(void *devPtr) { free(devPtr); return ACL_SUCCESS; }
aclError aclrtFreeHost(void *hostPtr) { free(hostPtr); return ACL_SUCCESS; }

aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind)
{
    if ((unsigned)kind > ACL_MEMCPY_DEVICE_TO_DEVICE)
        return refuse("aclrtMemcpy", "unknown copy kind");
    if (count > destMax)
        return refuse("aclrtMemcpy", "count > destMax");
    if (count > 0 && (dst == NULL || src == NULL))
        return refuse("aclrtMemcpy", "NULL pointer");
    if (count > 0)
        memcpy(dst, src, count);
    return ACL_SUCCESS;
}
