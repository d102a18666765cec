// Linux's calls that say which cores a thread may run on. glibc declares them only for
// _GNU_SOURCE, which Swift's Glibc module is built without, so they are declared here, exactly as
// glibc does; and malloc_trim, from <malloc.h>, which Swift's Glibc module leaves out. Only
// SoftphoneShell imports this module.
#ifndef CSCHEDULER_SHIM_H
#define CSCHEDULER_SHIM_H
#include <sched.h>
#include <sys/types.h>

extern int sched_getcpu(void);
extern int sched_setaffinity(__pid_t pid, size_t cpusetsize, const cpu_set_t *cpuset);
extern int sched_getaffinity(__pid_t pid, size_t cpusetsize, cpu_set_t *cpuset);
extern __pid_t gettid(void);
extern int malloc_trim(size_t pad);
#endif
