// The CICU module's umbrella header: list every header of this folder here.
//
// Why an explicit list rather than an umbrella directory: Clang's module cache does
// not notice a header added to a directory, so builds kept failing with "cannot find
// sf_... in scope" until the cache was deleted. Editing this file invalidates it.
#ifndef CICU_H
#define CICU_H

#include "cicu_conventions.h"
#include "cicu_bytes.h"
#include "cicu_locale.h"
#include "cicu_rbnf.h"
#include "cicu_format.h"
#include "cicu_date.h"
#include "cicu_phone.h"
#include "cicu_phone_text.h"
#include "cicu_units.h"
#include "cicu_text.h"

#endif
