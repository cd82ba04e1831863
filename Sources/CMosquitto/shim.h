#ifndef TICKERD_CMOSQUITTO_SHIM_H
#define TICKERD_CMOSQUITTO_SHIM_H
#include <mosquitto.h>
#endif
