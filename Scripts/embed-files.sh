#!/usr/bin/env bash
# Writes a Swift source holding files of this repository as string literals: what
# Scripts/embed-templates.sh and Scripts/embed-schemas.sh share. Sourced by them, not run.
#
# embed_files OUTPUT FOLDER PATTERN DEPTH HEADER
#   OUTPUT   the Swift file to write (atomically: a temporary file renamed over it)
#   FOLDER   the folder whose files are embedded; each key is a path below it
#   PATTERN  the file names to embed (`find -name`)
#   DEPTH    how deep below FOLDER to look (`find -maxdepth`)
#   HEADER   the lines before the literals: comments, and the enum and dictionary they open
#
# Each file becomes a raw multi-line string literal: the text goes in unchanged (no escaping
# needed) as long as it never contains the literal's delimiter, which is checked, and has LF line
# endings.
embed_files() {
  local output=$1 folder=$2 pattern=$3 depth=$4 header=$5
  local delimiter='####'
  local temporary
  temporary=$(mktemp "$output.XXXXXX")
  trap 'rm -f "$temporary"' EXIT
  {
    printf '%s\n' "$header"
    find "$folder" -maxdepth "$depth" -type f -name "$pattern" | LC_ALL=C sort | while IFS= read -r file; do
      if grep -qF -e "\"$delimiter" -e "\\$delimiter" "$file"; then
        echo "error: $file contains '\"$delimiter' or '\\$delimiter', which would end or escape its literal" >&2
        exit 1
      fi
      if LC_ALL=C grep -q $'\r' "$file"; then
        echo "error: $file has carriage returns; save it with LF line endings" >&2
        exit 1
      fi
      echo "    \"${file#"$folder"/}\": ${delimiter}\"\"\""
      # The literal ends at the line break before its closing delimiter, so one line
      # break is added: a file that ends with a line break keeps it, one that does not stays so.
      cat "$file"
      echo ""
      echo "\"\"\"${delimiter},"
    done
    echo "  ]"
    echo "}"
  } >"$temporary"
  mv "$temporary" "$output"
  trap - EXIT
  echo "wrote $output"
}
