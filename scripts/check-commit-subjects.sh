#!/usr/bin/env bash
# Refuses a commit subject longer than 72 characters in any commit after ADOPTED_AFTER,
# the commit before the rule was adopted (older history is left as it was written).
set -euo pipefail
cd "$(dirname "$0")/.."
ADOPTED_AFTER=26d8c31
if ! git cat-file -e "${ADOPTED_AFTER}^{commit}" 2>/dev/null; then
  echo "commit subjects: history before HEAD is missing (shallow clone); checking HEAD only"
  range=(-1 HEAD)
else
  range=("${ADOPTED_AFTER}..HEAD")
fi
long=$(git log --format='%h %s' "${range[@]}" | awk 'length($0) - index($0, " ") > 72')
if [ -n "$long" ]; then
  echo "commit subjects longer than 72 characters (see .gitmessage):"
  echo "$long"
  exit 1
fi
echo "commit subjects: all at most 72 characters"
