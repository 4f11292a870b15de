// QUOTH_API marks the public API. With -DBUILD_SHARED_LIBS=ON libquoth is built with
// -fvisibility=hidden and exports only what carries this mark (everything in quoth::detail
// stays inside). C++17, GCC and Clang.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define QUOTH_API __attribute__((visibility("default")))
#else
#define QUOTH_API
#endif
