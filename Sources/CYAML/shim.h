#ifndef EBTOKENS_CYAML_SHIM_H
#define EBTOKENS_CYAML_SHIM_H
#include <yaml.h>

#endif
