#define _GNU_SOURCE
#include "CShims.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int is_open_unnamed_file(const char *folder) {
    if (folder == NULL) {
        errno = EINVAL;
        return -1;
    }
#ifdef O_TMPFILE
    int fd = open(folder, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    /* File systems without O_TMPFILE refuse with EOPNOTSUPP (or EISDIR on old kernels). */
    if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)) return fd;
#endif
    char path[4096];
    int length = snprintf(path, sizeof path, "%s/.instantscan-band-XXXXXX", folder);
    if (length < 0 || (size_t)length >= sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int named = mkstemp(path);
    if (named < 0) return -1;
    /* Unnamed from here: the file goes when the descriptor is closed, even by a crash. */
    unlink(path);
    int flags = fcntl(named, F_GETFD);
    if (flags >= 0) fcntl(named, F_SETFD, flags | FD_CLOEXEC);
    return named;
}
