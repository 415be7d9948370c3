// libcurl's declarations, and the table of its functions HTTPLoading fills in with dlsym when the
// first URL is read. Nothing here links libcurl: a tool that reads no URL never loads it (and its
// ~30 dependent libraries, ~7 ms of start-up), see docs/http-input.md.
#include <curl/curl.h>
#include <dlfcn.h>

/// The libcurl functions HTTPLoading calls, looked up by name in libcurl.so.4.
typedef struct {
  CURLcode (*global_init)(long flags);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *handle);
  CURLcode (*easy_perform)(CURL *handle);
  CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
  CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
  const char *(*easy_strerror)(CURLcode code);
  struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
  void (*slist_free_all)(struct curl_slist *list);
} mk_curl_api;

// Swift cannot call C variadic functions: one typed wrapper per argument kind.
static inline CURLcode mk_curl_setopt_long(
  const mk_curl_api *api, CURL *handle, CURLoption option, long value) {
  return api->easy_setopt(handle, option, value);
}
static inline CURLcode mk_curl_setopt_off(
  const mk_curl_api *api, CURL *handle, CURLoption option, curl_off_t value) {
  return api->easy_setopt(handle, option, value);
}
static inline CURLcode mk_curl_setopt_pointer(
  const mk_curl_api *api, CURL *handle, CURLoption option, const void *value) {
  return api->easy_setopt(handle, option, value);
}
static inline CURLcode mk_curl_setopt_callback(
  const mk_curl_api *api, CURL *handle, CURLoption option,
  size_t (*callback)(char *, size_t, size_t, void *)) {
  return api->easy_setopt(handle, option, callback);
}
static inline CURLcode mk_curl_getinfo_long(
  const mk_curl_api *api, CURL *handle, CURLINFO info, long *value) {
  return api->easy_getinfo(handle, info, value);
}
static inline CURLcode mk_curl_getinfo_off(
  const mk_curl_api *api, CURL *handle, CURLINFO info, curl_off_t *value) {
  return api->easy_getinfo(handle, info, value);
}
static inline CURLcode mk_curl_getinfo_string(
  const mk_curl_api *api, CURL *handle, CURLINFO info, char **value) {
  return api->easy_getinfo(handle, info, value);
}

/// Opens libcurl.so.4 and fills `api`; NULL on success, else the loader's message.
static inline const char *mk_curl_load(mk_curl_api *api) {
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *message = dlerror();
    return message != NULL ? message : "dlopen failed";
  }
#define MK_CURL_SYMBOL(field, name)                 \
  *(void **)(&api->field) = dlsym(library, name);   \
  if (api->field == NULL) return "libcurl.so.4 lacks " name;
  MK_CURL_SYMBOL(global_init, "curl_global_init")
  MK_CURL_SYMBOL(easy_init, "curl_easy_init")
  MK_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup")
  MK_CURL_SYMBOL(easy_perform, "curl_easy_perform")
  MK_CURL_SYMBOL(easy_setopt, "curl_easy_setopt")
  MK_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo")
  MK_CURL_SYMBOL(easy_strerror, "curl_easy_strerror")
  MK_CURL_SYMBOL(slist_append, "curl_slist_append")
  MK_CURL_SYMBOL(slist_free_all, "curl_slist_free_all")
#undef MK_CURL_SYMBOL
  if (api->global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return "curl_global_init failed";
  return NULL;
}
