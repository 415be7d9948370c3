// libxml2 is built with ICU, so its encoding.h pulls in the system's ICU headers, whose types
// clash with Foundation's bundled ICU in any module that sees both (a clean build then fails with
// "'UErrorCode' has different definitions in different modules"). We never touch the ICU-only
// fields of xmlCharEncodingHandler, so hide ICU from the headers we import.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
