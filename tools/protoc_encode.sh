#!/bin/sh
# protoc --encode with files instead of pipes (for build rules):
#   protoc_encode.sh PROTOC TEXTPROTO OUT.bin TYPE IMPORT_DIR PROTO
set -e
"$1" --encode="$4" -I"$5" "$6" < "$2" > "$3"
