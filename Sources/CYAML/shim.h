#ifndef EBTOKENS_CYAML_SHIM_H
#define EBTOKENS_CYAML_SHIM_H
#include <yaml.h>

#if defined(__linux__)
#include <pthread.h>
#include <stddef.h>
/// glibc's, declared only with _GNU_SOURCE, which Swift's Glibc module is not built with.
extern int pthread_getattr_np(pthread_t thread, pthread_attr_t *attr);

/// The lowest address of the calling thread's stack, or NULL if it cannot be told; used to stop
/// a runaway template render before it overflows the stack (TemplateGuard.swift).
static inline void *ebtokens_thread_stack_low(void) {
  pthread_attr_t attributes;
  void *address = NULL;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) return NULL;
  if (pthread_attr_getstack(&attributes, &address, &size) != 0) address = NULL;
  pthread_attr_destroy(&attributes);
  return address;
}
#endif
#endif
