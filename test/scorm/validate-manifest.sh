#!/bin/sh
# Validate a SCORM 2004 4th Edition imsmanifest.xml against the vendored ADL schema set, offline.
# usage: validate-manifest.sh path/to/imsmanifest.xml   (exit 0 valid, 3 invalid, 5 schema did not compile)
# Needs xmllint (Debian package libxml2-utils). A copy of ../shared/scorm/validate-manifest.sh pointing at backend/scorm/xsd.
command -v xmllint >/dev/null 2>&1 || { echo "xmllint is missing: install the Debian package libxml2-utils" >&2; exit 127; }
D=$(cd "$(dirname "$0")/../../backend/scorm/xsd" && pwd)
out=$(xmllint --noout --nonet --schema "$D/scorm2004_4ed_all.xsd" "$1" 2>&1); rc=$?
printf '%s\n' "$out" | grep -v 'Skipping import of schema located at'
exit $rc
