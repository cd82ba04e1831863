#ifndef TICKERD_CSERIALPORT_SHIM_H
#define TICKERD_CSERIALPORT_SHIM_H
#include <libserialport.h>
#endif
