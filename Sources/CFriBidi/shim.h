#ifndef TICKERD_CFRIBIDI_SHIM_H
#define TICKERD_CFRIBIDI_SHIM_H
// Through its folder, so that no include path is needed beyond /usr/include.
#include <fribidi/fribidi.h>

// The headers give these as macros built from other macros, which Swift does not import.
static const FriBidiParType cfribidi_paragraph_from_text = FRIBIDI_PAR_ON;
static const FriBidiParType cfribidi_paragraph_left_to_right = FRIBIDI_PAR_LTR;
static const FriBidiParType cfribidi_paragraph_right_to_left = FRIBIDI_PAR_RTL;
static const FriBidiFlags cfribidi_shape_mirroring = FRIBIDI_FLAG_SHAPE_MIRRORING;
static const FriBidiFlags cfribidi_shape_arabic_forms = FRIBIDI_FLAG_SHAPE_ARAB_PRES;
static const FriBidiFlags cfribidi_shape_arabic_ligatures = FRIBIDI_FLAG_SHAPE_ARAB_LIGA;
static const FriBidiChar cfribidi_ligated_away = FRIBIDI_CHAR_FILL;
#endif
