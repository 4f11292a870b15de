// quoth: quote extraction and attribution for news. Include this header to get it all.
#pragma once

#include "quoth/engine.h"
#include "quoth/export.h"
#include "quoth/linker.h"
#include "quoth/log.h"
#include "quoth/output.h"
#include "quoth/rules.h"
#include "quoth/status.h"
#include "quoth/types.h"

#define QUOTH_VERSION "0.1.0"
